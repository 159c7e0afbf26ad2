"""The old home of the gains and discounts, kept so that code importing it keeps working: they
now live in `ndcg_core.options`, with the other scoring conventions. Importing it warns."""

import warnings

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

warnings.warn(
    "formulas is an old name: import from ndcg_core.options instead",
    DeprecationWarning,
    stacklevel=2,
)
