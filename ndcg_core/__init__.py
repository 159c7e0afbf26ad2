"""ndcg_core: CG, DCG, IDCG and NDCG@k with their variants, for teaching and for checking.

Pure Python + numpy (and pandas for tables); it never imports Streamlit.
"""

from .batch import TIES, BatchResult, batch_ndcg, ndcg_rows
from .metrics import Totals, breakdown, cg, check_k, check_relevances, dcg, idcg, ndcg, totals
from .model import EVERY_RANKED, NO_CUTOFF, RankedList, Scoring
from .options import DISCOUNTS, GAINS, GainMap, Option, denominators, discounts, gains

__all__ = [
    "DISCOUNTS",
    "EVERY_RANKED",
    "GAINS",
    "NO_CUTOFF",
    "TIES",
    "BatchResult",
    "GainMap",
    "Option",
    "RankedList",
    "Scoring",
    "Totals",
    "batch_ndcg",
    "breakdown",
    "cg",
    "check_k",
    "check_relevances",
    "dcg",
    "denominators",
    "discounts",
    "gains",
    "idcg",
    "ndcg",
    "ndcg_rows",
    "totals",
]
