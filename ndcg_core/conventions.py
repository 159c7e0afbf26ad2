"""Old name kept for users' notebooks: everything here now lives in `ndcg_core.libraries`."""

from .libraries import (
    CAUSES,
    GALLERY,
    GALLERY_BY_KEY,
    LABEL_RULES,
    PIP_NAMES,
    PRESETS,
    PRESETS_BY_KEY,
    TIE_RULES,
    XGBOOST_DEFAULT_CUT,
    LabelOutcome,
    Preset,
    Query,
    evaluate_query,
    gallery_table,
    make_query,
    numba_argsort,
    ranking_order,
    snippet,
    tie_breaking,
    tie_groups,
    verdict_table,
)
from .libraries import CUT_RULES as CUTS
from .libraries import GalleryCase as Case
from .libraries import LibraryVerdict as Verdict
from .libraries import score_every_preset as evaluate
from .libraries.presets import NUMBA_SMALL_QUICKSORT
from .options import IDEALS

__all__ = [
    "CAUSES",
    "CUTS",
    "GALLERY",
    "GALLERY_BY_KEY",
    "IDEALS",
    "LABEL_RULES",
    "NUMBA_SMALL_QUICKSORT",
    "PIP_NAMES",
    "PRESETS",
    "PRESETS_BY_KEY",
    "TIE_RULES",
    "XGBOOST_DEFAULT_CUT",
    "Case",
    "LabelOutcome",
    "Preset",
    "Query",
    "Verdict",
    "evaluate",
    "evaluate_query",
    "gallery_table",
    "make_query",
    "numba_argsort",
    "ranking_order",
    "snippet",
    "tie_breaking",
    "tie_groups",
    "verdict_table",
]

# A notebook that still imports the old name hears of the new one.
import warnings

warnings.warn(
    "conventions is an old name: import from ndcg_core.libraries instead",
    DeprecationWarning,
    stacklevel=2,
)
