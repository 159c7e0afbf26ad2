"""Why libraries disagree: each library's NDCG convention as data, and one query scored by all.

- `presets`: one `Preset` per library measure (its choice on the six points where NDCG
  implementations differ, and its reproduction program); the tie and cut rules only some
  libraries follow.
- `labels`: which labels each library accepts, refuses, or silently changes.
- `query`: `Query`, a `RankedList` plus the scores and ids that rank it.
- `ties`: how each library orders tied scores, and the DCG each order gives.
- `score`: every preset on one query (`evaluate_query`), and why each row differs.

The page is /libraries (views/libraries.py); its charts are in ui/charts/libraries.py. What it
teaches with these is in `lessons`: the gallery of edge cases (`lessons.gallery`) and the program
that prints a row's number with the library itself (`lessons.snippets`).
"""

from .labels import LABEL_RULES, LabelOutcome, LabelRule
from .presets import (
    CAUSES,
    CHECKED_VERSIONS,
    CUT_RULES,
    PRESETS,
    PRESETS_BY_KEY,
    TIE_RULES,
    XGBOOST_DEFAULT_CUT,
    CutRule,
    Preset,
    by_formula,
    checked,
)
from .query import Query, make_query
from .score import (
    PAIR_OUTCOMES,
    LibraryVerdict,
    evaluate_query,
    in_playground,
    pair_outcome,
    score_every_preset,
)
from .ties import numba_argsort, ranking_order, tie_breaking, tie_groups

__all__ = [
    "CAUSES",
    "CHECKED_VERSIONS",
    "CUT_RULES",
    "LABEL_RULES",
    "PAIR_OUTCOMES",
    "PRESETS",
    "PRESETS_BY_KEY",
    "TIE_RULES",
    "XGBOOST_DEFAULT_CUT",
    "CutRule",
    "LabelOutcome",
    "LabelRule",
    "LibraryVerdict",
    "Preset",
    "Query",
    "by_formula",
    "checked",
    "evaluate_query",
    "in_playground",
    "make_query",
    "numba_argsort",
    "pair_outcome",
    "ranking_order",
    "score_every_preset",
    "tie_breaking",
    "tie_groups",
]

# Moved to where they are shown (text for learners and the page's tables, not conventions): an
# old import hears where.
MOVED = {
    **dict.fromkeys(
        ("GALLERY", "GALLERY_BY_KEY", "GalleryCase", "case_for", "gallery_table"), "lessons.gallery"
    ),
    **dict.fromkeys(("PIP_NAMES", "install_line", "snippet"), "lessons.snippets"),
    "verdict_table": "ui.charts.libraries",
}


def moved(module: str, name: str, new: str) -> ImportError:
    """The error for `module.name`, which is now `<MOVED[new]>.new`."""
    return ImportError(
        f"`{module}.{name}` moved to `{MOVED[new]}.{new}`: import it from there", name=module
    )


def __getattr__(name: str):
    # An ImportError, not an AttributeError: `from m import name` reports an AttributeError
    # raised here as a bare "cannot import name", losing the message.
    if name in MOVED:
        raise moved(__name__, name, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
