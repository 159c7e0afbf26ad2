"""ndcg_core: CG, DCG, IDCG and NDCG@k with their variants, for teaching and for checking.

Pure Python + numpy (and pandas for tables); it never imports Streamlit.
"""

from .batch import TIES, BatchResult, batch_ndcg, ndcg_rows
from .formulas import DISCOUNTS, GAINS, Option, denominators, discounts, gains
from .metrics import breakdown, cg, check_k, check_relevances, dcg, idcg, ndcg

__all__ = [
    "DISCOUNTS",
    "GAINS",
    "TIES",
    "BatchResult",
    "Option",
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
]
