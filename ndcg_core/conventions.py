"""Old name kept for users' notebooks: everything here now lives in `ndcg_core.libraries`."""

from .libraries import (
    CAUSES,
    LABEL_RULES,
    MOVED,
    PRESETS,
    PRESETS_BY_KEY,
    TIE_RULES,
    XGBOOST_DEFAULT_CUT,
    LabelOutcome,
    Preset,
    Query,
    evaluate_query,
    make_query,
    moved,
    numba_argsort,
    ranking_order,
    tie_breaking,
    tie_groups,
)
from .libraries import CUT_RULES as CUTS
from .libraries import LibraryVerdict as Verdict
from .libraries import score_every_preset as evaluate
from .libraries.presets import NUMBA_SMALL_QUICKSORT
from .options import IDEALS

__all__ = [
    "CAUSES",
    "CUTS",
    "IDEALS",
    "LABEL_RULES",
    "NUMBA_SMALL_QUICKSORT",
    "PRESETS",
    "PRESETS_BY_KEY",
    "TIE_RULES",
    "XGBOOST_DEFAULT_CUT",
    "LabelOutcome",
    "Preset",
    "Query",
    "Verdict",
    "evaluate",
    "evaluate_query",
    "make_query",
    "numba_argsort",
    "ranking_order",
    "tie_breaking",
    "tie_groups",
]

# A notebook that still imports the old name hears of the new one.
import warnings

warnings.warn(
    "conventions is an old name: import from ndcg_core.libraries instead",
    DeprecationWarning,
    stacklevel=2,
)


def __getattr__(name: str):
    # The gallery and the programs are lessons now, the results table the page's
    # (`ndcg_core.libraries.MOVED`).
    if name in MOVED or name == "Case":
        raise moved(__name__, name, "GalleryCase" if name == "Case" else name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
