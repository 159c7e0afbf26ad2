"""Why libraries disagree: each library's NDCG convention as data, and one query scored by all.

- `presets`: one `Preset` per library measure (its choice on the six points where NDCG
  implementations differ, and its reproduction program); the tie and cut rules only some
  libraries follow.
- `labels`: which labels each library accepts, refuses, or silently changes.
- `query`: `Query`, a `RankedList` plus the scores and ids that rank it.
- `ties`: how each library orders tied scores, and the DCG each order gives.
- `score`: every preset on one query (`evaluate_query`), and why each row differs.
- `gallery`: the edge cases on which libraries part ways.
- `snippets`: the program that prints a row's number with the library itself.

The page is /libraries (views/libraries.py); its charts are in ui/charts/libraries.py.
"""

from .gallery import GALLERY, GALLERY_BY_KEY, GalleryCase, case_for, gallery_table
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
    checked_versions,
)
from .query import Query, make_query
from .score import (
    PAIR_OUTCOMES,
    LibraryVerdict,
    Spread,
    cause_counts,
    cut_name,
    cut_sentence,
    evaluate_query,
    in_playground,
    pair_outcome,
    score_every_preset,
    spread,
    verdict_table,
)
from .snippets import PIP_NAMES, install_line, snippet
from .ties import numba_argsort, ranked_items, ranking_order, tie_breaking, tie_groups

__all__ = [
    "CAUSES",
    "CHECKED_VERSIONS",
    "CUT_RULES",
    "GALLERY",
    "GALLERY_BY_KEY",
    "LABEL_RULES",
    "PAIR_OUTCOMES",
    "PIP_NAMES",
    "PRESETS",
    "PRESETS_BY_KEY",
    "TIE_RULES",
    "XGBOOST_DEFAULT_CUT",
    "CutRule",
    "GalleryCase",
    "LabelOutcome",
    "LabelRule",
    "LibraryVerdict",
    "Preset",
    "Query",
    "Spread",
    "by_formula",
    "case_for",
    "cause_counts",
    "checked",
    "checked_versions",
    "cut_name",
    "cut_sentence",
    "evaluate_query",
    "gallery_table",
    "in_playground",
    "install_line",
    "make_query",
    "numba_argsort",
    "pair_outcome",
    "ranked_items",
    "ranking_order",
    "score_every_preset",
    "snippet",
    "spread",
    "tie_breaking",
    "tie_groups",
    "verdict_table",
]
