"""The old home of the gains and discounts, kept so that code importing it keeps working.

Everything here now lives in `ndcg_core.options`, with the other scoring conventions.
"""

from .options import (  # noqa: F401
    DISCOUNTS,
    GAINS,
    MAX_EXPONENTIAL_RELEVANCE,
    Option,
    check_log_base,
    check_option,
    denominators,
    discounts,
    gains,
)
