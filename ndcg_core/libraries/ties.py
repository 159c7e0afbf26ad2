"""Tied scores: how each library orders them, and the DCG each order gives.

A library ranks items by decreasing score; where scores are equal, the order is its own:
input order (a stable sort), document id descending, numpy's or numba's unstable sorts, a random
shuffle, or no order at all (the tied group's gains averaged). `tie_breaking` puts them side by
side for one query.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import pandas as pd

from i18n import tr

from ..batch import tie_averaged_dcg
from ..metrics import idcg
from ..options import gains, position_weights
from .presets import NUMBA_SMALL_QUICKSORT
from .query import Query

# The rows of `tie_breaking`: the rules that give one number, then the two ends of a shuffle.
FIXED_RULES = ("average", "docid", "keep", "reverse")
SHUFFLE_ENDS = ("worst", "best")


# ---------------------------------------------------------------------------------------------
# Orders
# ---------------------------------------------------------------------------------------------


def tie_groups(scores: Sequence[float]) -> list[list[int]]:
    """Positions (0-based, input order) of each group of two or more equal scores, best first."""
    by_score: dict[float, list[int]] = {}
    for i, s in enumerate(scores):
        by_score.setdefault(float(s), []).append(i)
    return [group for s, group in sorted(by_score.items(), key=lambda t: -t[0]) if len(group) > 1]


def ranking_order(scores: Sequence[float], ids: Sequence[str], ties: str) -> np.ndarray:
    """Input positions in ranked order (decreasing score), tied scores ordered by `ties`.

    ``"keep"``: input order (a stable sort, LightGBM, XGBoost); ``"docid"``: id descending,
    compared as text (trec_eval's qsort on strcmp); ``"reverse"``: scikit-learn's
    ``ignore_ties=True``, literally its ``np.argsort(y_score)[:, ::-1]``: numpy's default sort
    is not stable (on this machine it uses SIMD sorting networks), so the order among ties is
    whatever that call gives, and only the same call reproduces it; ``"numba"``: ranx's sort.
    """
    score = np.asarray(scores, dtype=float)
    if ties == "keep":
        return np.argsort(-score, kind="stable")
    if ties == "docid":
        by_id = sorted(range(score.size), key=lambda i: ids[i], reverse=True)
        return np.array(sorted(by_id, key=lambda i: -score[i]), dtype=int)
    if ties == "reverse":
        return np.argsort(score[np.newaxis, :])[:, ::-1][0]
    if ties == "numba":
        return np.array(numba_argsort(-score), dtype=int)
    raise ValueError(f"`ties` must be 'keep', 'docid', 'reverse' or 'numba'; got {ties!r}.")


def numba_argsort(keys: Sequence[float]) -> list[int]:
    """``np.argsort(keys)`` as numba 0.6x compiles it (ranx sorts a run with it).

    Numba's default 'quicksort' is not numpy's: median-of-three quicksort with insertion sort
    on up to 15 items (numba/misc/quicksort.py, ported line by line). It is not stable, so on a
    list of 16 or more the order among tied scores depends on this exact algorithm.
    """
    a = [float(x) for x in keys]
    r = list(range(len(a)))
    if len(a) < 2:
        return r

    def insertion_sort(low: int, high: int) -> None:
        for i in range(low + 1, high + 1):
            k = r[i]
            v = a[k]
            j = i
            while j > low and v < a[r[j - 1]]:
                r[j] = r[j - 1]
                j -= 1
            r[j] = k

    def partition(low: int, high: int) -> int:
        mid = (low + high) >> 1
        if a[r[mid]] < a[r[low]]:
            r[low], r[mid] = r[mid], r[low]
        if a[r[high]] < a[r[mid]]:
            r[high], r[mid] = r[mid], r[high]
        if a[r[mid]] < a[r[low]]:
            r[low], r[mid] = r[mid], r[low]
        pivot = a[r[mid]]
        r[high], r[mid] = r[mid], r[high]
        i, j = low, high - 1
        while True:
            while i < high and a[r[i]] < pivot:
                i += 1
            while j >= low and pivot < a[r[j]]:
                j -= 1
            if i >= j:
                break
            r[i], r[j] = r[j], r[i]
            i += 1
            j -= 1
        r[i], r[high] = r[high], r[i]
        return i

    stack = [(0, len(a) - 1)]
    while stack:
        low, high = stack.pop()
        while high - low >= NUMBA_SMALL_QUICKSORT:
            i = partition(low, high)
            if high - i > i - low:
                if high > i:
                    stack.append((i + 1, high))
                high = i - 1
            else:
                if i > low:
                    stack.append((low, i - 1))
                low = i + 1
        insertion_sort(low, high)
    return r


def extreme_order(scores: np.ndarray, relevances: np.ndarray, best: bool) -> np.ndarray:
    """Ranked order with each tie group sorted best-first (or worst-first) by relevance."""
    sign = -1.0 if best else 1.0
    return np.lexsort((sign * relevances, -scores))


# ---------------------------------------------------------------------------------------------
# DCG of an order, and averaged over tied orders
# ---------------------------------------------------------------------------------------------
# Every preset scores with log base 2 (`Preset.scoring`), so these do too.
LIBRARY_LOG_BASE = 2.0

# The gains and discounts are the core's (`options`); these only weigh them. They take labels the
# core's `dcg` refuses, negative ones, because torchmetrics scores them as negative gains (only
# linear-gain rows ever see a negative label: the others refuse it, clip it or drop the item).


def order_dcg(ordered: np.ndarray, k: int | None, gain: str, discount: str) -> float:
    """DCG@k of labels already in ranked order (top first)."""
    return float(
        np.dot(gains(ordered, gain), position_weights(ordered.size, k, discount, LIBRARY_LOG_BASE))
    )


def averaged_dcg(
    relevances: np.ndarray, scores: np.ndarray, k: int | None, gain: str, discount: str
) -> float:
    """DCG@k with each tied group's gain averaged: the mean over every order of the ties."""
    weights = position_weights(relevances.size, k, discount, LIBRARY_LOG_BASE)
    return tie_averaged_dcg(gains(relevances, gain), scores, weights)


# ---------------------------------------------------------------------------------------------
# One query, every rule
# ---------------------------------------------------------------------------------------------


def tie_breaking(query: Query, gain: str = "linear") -> pd.DataFrame:
    """NDCG@k under each way of ordering tied scores (ideal from the list, log2 discount).

    One row per key: "average" (scikit-learn, torchmetrics), "docid" (trec_eval), "keep"
    (LightGBM, XGBoost), "reverse" (scikit-learn ignore_ties=True), then "worst" and "best",
    the two ends of a random shuffle (TF-Ranking). Columns: key, order (the ids, top first;
    none for "average", which averages every order), ndcg. The rules' words are the page's.
    """
    rel = np.asarray(query.relevances, dtype=float)
    if rel.min() < 0:
        raise ValueError(tr("The tie visualiser needs labels ≥ 0; this list has a negative one."))
    scores = np.asarray(query.scores, dtype=float)
    k = query.k
    best = idcg(rel, k, gain=gain)

    def norm(value: float) -> float:
        return value / best if best else 0.0

    def scored(key: str, order: np.ndarray) -> tuple:
        return key, tuple(query.ids[i] for i in order), norm(order_dcg(rel[order], k, gain, "log2"))

    rows = [("average", (), norm(averaged_dcg(rel, scores, k, gain, "log2")))]  # every order
    rows += [scored(key, ranking_order(scores, query.ids, key)) for key in FIXED_RULES[1:]]
    rows += [scored(key, extreme_order(scores, rel, best=key == "best")) for key in SHUFFLE_ENDS]
    return pd.DataFrame(rows, columns=["key", "order", "ndcg"])
