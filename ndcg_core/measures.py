"""The other measures a ranked list is commonly scored with, beside NDCG: P@k, R@k, RR, AP, ERR, RBP.

Each measure is one function named after its textbook symbol, on the same list and cut-off as
NDCG (`k` int or None for the whole list):

- `p_at_k` (P@k), `r_at_k` (R@k), `rr` (reciprocal rank), `ap` (average precision): binary
  measures; an item is relevant when its grade is at least `rel_min`.
- `err` (expected reciprocal rank): graded; a reader stops at position i with probability
  s_i = (2^g_i − 1) / 2^g_max.
- `rbp` (rank-biased precision): binary; a reader goes on from each position with probability p.

`SYMBOLS` names them, in the pages' order (what each rewards, in words, is `lessons.measures`);
`all_measures(ranked, ...)` scores a `RankedList` by all of them at once, NDCG included; the
formulas' LaTeX is in `lessons/latex.py` (`neighbour_formula`, `neighbour_filled`).

Conventions, as trec_eval and ranx use them (tests/crosscheck/test_measures.py runs both):
P@k divides by k even when the list is shorter than k; R@k and AP divide by m, the number of
relevant judged items (the list and the pool); with no relevant judged item at all, R@k and AP
are 0/0 and take the list's all-zero rule (`on_zero`), like NDCG.

References
----------
Moffat, A. & Zobel, J. (2008). Rank-biased precision for measurement of retrieval
effectiveness. ACM TOIS 27(1), article 2.
Chapelle, O., Metzler, D., Zhang, Y. & Grinspan, P. (2009). Expected reciprocal rank for graded
relevance. CIKM, 621–630.
Voorhees, E. M. (1999). The TREC-8 question answering track report (mean reciprocal rank).
Buckley, C. & Voorhees, E. M. (2000). Evaluating evaluation measure stability. SIGIR (P@k, AP).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import pandas as pd

from i18n import tr

from .checks import ArrayLike
from .display import exact, shorten
from .metrics import Totals, check_k, check_on_zero, check_relevances, totals
from .model import RankedList

# ---------------------------------------------------------------------------------------------
# Checks
# ---------------------------------------------------------------------------------------------


def _positive(value: object, parameter: str) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float, np.integer, np.floating)):
        raise ValueError(
            tr(
                "`{parameter}` must be a number; got {value}.",
                parameter=parameter,
                value=shorten(repr(value)),
            )
        )
    number = float(value)
    if not np.isfinite(number) or number <= 0:
        raise ValueError(
            tr(
                "`{parameter}` must be a finite number above 0; got {value}.",
                parameter=parameter,
                value=shorten(repr(value)),
            )
        )
    return number


def check_rel_min(rel_min: object) -> float:
    """The relevance threshold: a number above 0 (a grade of 0 is never relevant)."""
    return _positive(rel_min, "rel_min")


def check_persistence(p: object) -> float:
    """RBP's persistence p: a number strictly between 0 and 1."""
    if isinstance(p, bool) or not isinstance(p, (int, float, np.integer, np.floating)):
        raise ValueError(
            tr("`p` must be a number between 0 and 1; got {value}.", value=shorten(repr(p)))
        )
    if not 0 < float(p) < 1:
        raise ValueError(
            tr(
                "`p` must lie strictly between 0 and 1 (the chance of reading on); got {value}.",
                value=shorten(repr(p)),
            )
        )
    return float(p)


def check_g_max(relevances: np.ndarray, g_max: object) -> float:
    """ERR's top grade: above 0, at most 1000 (2^g_max must fit a float), and no grade above it."""
    top = _positive(g_max, "g_max")
    if top > 1000:
        raise ValueError(
            tr(
                "`g_max` must be at most 1000 (2^g_max must fit a number); got {value}.",
                value=shorten(repr(g_max)),
            )
        )
    highest = float(relevances.max())
    if highest > top:
        raise ValueError(
            tr(
                "`g_max` = {g_max} is below the list's highest grade, {highest}: ERR's stopping "
                "chance (2^g − 1) / 2^g_max would exceed 1. Set g_max to at least {highest} (the "
                "top grade of your scale).",
                g_max=exact(top),
                highest=exact(highest),
            )
        )
    return top


def _top(relevances: ArrayLike, k: object) -> tuple[np.ndarray, int | None]:
    values = check_relevances(relevances)
    cut = check_k(k)
    return values[:cut], cut


def relevant(relevances: ArrayLike, rel_min: float = 1.0) -> np.ndarray:
    """h_i, the hit: 1 where the grade is at least `rel_min`, else 0 (as floats)."""
    values = check_relevances(relevances)
    return (values >= check_rel_min(rel_min)).astype(float)


def relevant_judged(relevances: ArrayLike, pool: ArrayLike = (), rel_min: float = 1.0) -> int:
    """m: how many judged items are relevant, those in the list and those never retrieved."""
    listed = relevant(relevances, rel_min).sum()
    pool = list(pool)
    pooled = relevant(pool, rel_min).sum() if pool else 0.0
    return int(listed + pooled)


# ---------------------------------------------------------------------------------------------
# The measures
# ---------------------------------------------------------------------------------------------


def p_at_k(relevances: ArrayLike, k: int | None = None, *, rel_min: float = 1.0) -> float:
    """Precision at k: the share of the top k positions that hold a relevant item.

    Divides by k even when the list is shorter (an empty position is not a hit), as trec_eval
    and ranx do; k = None divides by the list's length.

    >>> p_at_k([3, 2, 3, 0, 1, 2], 6)  # 5 of the 6 are graded 1 or more
    0.8333333333333334
    """
    top, cut = _top(relevances, k)
    hits = relevant(top, rel_min).sum()
    return float(hits / (cut if cut is not None else top.size))


def r_at_k(
    relevances: ArrayLike,
    k: int | None = None,
    *,
    pool: ArrayLike = (),
    rel_min: float = 1.0,
    on_zero: float = 0.0,
) -> float:
    """Recall at k: the share of all relevant judged items (list and pool) found in the top k.

    >>> r_at_k([1, 0, 1], 3, pool=[1, 1])  # 2 of the 4 relevant items were found
    0.5
    """
    top, _ = _top(relevances, k)
    total = relevant_judged(relevances, pool, rel_min)
    if total == 0:
        return check_on_zero(on_zero)
    return float(relevant(top, rel_min).sum() / total)


def rr(relevances: ArrayLike, k: int | None = None, *, rel_min: float = 1.0) -> float:
    """Reciprocal rank: 1 / the position of the first relevant item in the top k (0 if none).

    >>> rr([0, 0, 2, 1])
    0.3333333333333333
    """
    top, _ = _top(relevances, k)
    hits = np.flatnonzero(relevant(top, rel_min))
    return float(1.0 / (hits[0] + 1)) if hits.size else 0.0


def ap(
    relevances: ArrayLike,
    k: int | None = None,
    *,
    pool: ArrayLike = (),
    rel_min: float = 1.0,
    on_zero: float = 0.0,
    capped: bool = False,
) -> float:
    """Average precision at k: P@i summed over the positions i ≤ k of relevant items, divided
    by m, every relevant judged item (so a relevant item never retrieved counts as a 0), as
    trec_eval's map_cut does.

    `capped=True` divides by min(k, m) instead, as many recommender-system libraries do: a
    list of k items cannot hold more than k relevant ones, so a perfect top k scores 1 even
    when more than k relevant items exist.

    >>> round(ap([3, 2, 3, 0, 1, 2]), 4)  # (1/1 + 2/2 + 3/3 + 4/5 + 5/6) / 5
    0.9267
    >>> ap([1, 1, 0], 2, pool=[1, 1]), ap([1, 1, 0], 2, pool=[1, 1], capped=True)  # ÷ 4, ÷ 2
    (0.5, 1.0)
    """
    top, cut = _top(relevances, k)
    total = relevant_judged(relevances, pool, rel_min)
    if total == 0:
        return check_on_zero(on_zero)
    if capped and cut is not None:
        total = min(cut, total)
    hits = relevant(top, rel_min)
    precision = np.cumsum(hits) / np.arange(1, top.size + 1)
    return float((precision * hits).sum() / total)


def stop_chances(relevances: ArrayLike, g_max: float = 3) -> np.ndarray:
    """ERR's s_i = (2^g_i − 1) / 2^g_max: the chance the reader is satisfied at position i."""
    values = check_relevances(relevances)
    top = check_g_max(values, g_max)
    return (np.exp2(values) - 1.0) / np.exp2(top)


def err(relevances: ArrayLike, k: int | None = None, *, g_max: float = 3) -> float:
    """Expected reciprocal rank (Chapelle et al. 2009): the reader goes down the list and stops
    at position i, satisfied, with probability s_i; ERR is the mean of 1/i over where they stop.

    ERR@k = Σ_{i ≤ k} (1/i) · s_i · Π_{j < i} (1 − s_j).

    >>> round(err([3, 2, 3, 0, 1, 2]), 4)
    0.922
    """
    values = check_relevances(relevances)
    stop = stop_chances(values, g_max)[: check_k(k)]
    return float(_err_terms(stop).sum())


def reach_chances(stop: np.ndarray) -> np.ndarray:
    """Π_{j < i} (1 − s_j): the chance the reader is still reading at position i."""
    return np.concatenate([[1.0], np.cumprod(1.0 - stop)[:-1]]) if stop.size else stop


def _err_terms(stop: np.ndarray) -> np.ndarray:
    ranks = np.arange(1, stop.size + 1)
    return reach_chances(stop) * stop / ranks


def rbp(
    relevances: ArrayLike, k: int | None = None, *, p: float = 0.8, rel_min: float = 1.0
) -> float:
    """Rank-biased precision (Moffat & Zobel 2008): (1 − p) Σ_{i ≤ k} h_i · p^(i−1).

    The reader always reads the first item and goes on from each item with probability p;
    RBP is the expected share of the items they read that are relevant.

    >>> round(rbp([3, 2, 3, 0, 1, 2], p=0.8), 4)  # 0.2 × (1 + 0.8 + 0.64 + 0.4096 + 0.32768)
    0.6355
    """
    top, _ = _top(relevances, k)
    persistence = check_persistence(p)
    hits = relevant(top, rel_min)
    return float((1.0 - persistence) * (hits * persistence ** np.arange(top.size)).sum())


def rbp_expected_reads(p: float = 0.8) -> float:
    """How many items RBP's reader reads on average: 1 + p + p² + … = 1 / (1 − p)."""
    return 1.0 / (1.0 - check_persistence(p))


def rbp_residual(n: int, p: float = 0.8) -> float:
    """The weight RBP gives every position below the first n: p^n (Moffat & Zobel's residual,
    the most a deeper list could still add)."""
    return float(check_persistence(p) ** int(n))


# ---------------------------------------------------------------------------------------------
# The measures as data, and one list scored by all of them
# ---------------------------------------------------------------------------------------------


# The measures `all_measures` scores, in the order the pages list them, each by its symbol (a
# card's name before the cut-off). What each rewards and its reader, in words, are the lessons'
# (`lessons.measures.MEASURES`).
SYMBOLS = {"p": "P", "r": "R", "rr": "RR", "ap": "AP", "err": "ERR", "rbp": "RBP", "ndcg": "NDCG"}


@dataclass(frozen=True)
class MeasureSettings:
    """The neighbours' own settings: the relevance threshold, ERR's top grade, RBP's p."""

    rel_min: float = 1.0
    g_max: float = 3.0
    p: float = 0.8

    def __post_init__(self) -> None:
        object.__setattr__(self, "rel_min", check_rel_min(self.rel_min))
        object.__setattr__(self, "g_max", _positive(self.g_max, "g_max"))
        object.__setattr__(self, "p", check_persistence(self.p))


@dataclass(frozen=True)
class MeasureValues:
    """One list scored by every measure of `SYMBOLS`, with what the page needs to explain it.

    values: measure key → value (NaN where a measure cannot be computed, see `problems`);
    depth: positions counted; hits: how many of them are relevant; relevant: m, every relevant
    judged item; pooled: how many of those were never retrieved;
    table: one row per counted position (see `position_table`); scored: NDCG's `Totals`.
    """

    ranked: RankedList
    settings: MeasureSettings
    values: dict[str, float]
    problems: dict[str, str]
    depth: int
    hits: int
    relevant: int
    pooled: int  # of `relevant`, how many were never retrieved
    table: pd.DataFrame
    scored: Totals  # NDCG's own numbers (DCG, IDCG) for its filled-in formula
    ap_capped: float = float("nan")  # AP divided by min(k, m), the recommender libraries' way

    def name(self, key: str) -> str:
        """The measure as the page names it: 'P@6', 'ERR@6', or 'AP' without a cut-off."""
        return f"{SYMBOLS[key]}{self.ranked.at}"

    @property
    def divisor(self) -> int:
        """What P@k divides by: k, or the list's length without a cut-off."""
        return self.ranked.k if self.ranked.k is not None else self.ranked.n


def all_measures(ranked: RankedList, settings: MeasureSettings | None = None) -> MeasureValues:
    """Score `ranked` (its list, pool, cut-off, NDCG conventions) by every measure at once.

    A measure that cannot be computed for this list (ERR with a grade above g_max) gets NaN
    and a message in `problems`; the others are still computed.

    >>> result = all_measures(RankedList((3, 2, 3, 0, 1, 2)))
    >>> {key: round(value, 4) for key, value in result.values.items()}
    {'p': 0.8333, 'r': 1.0, 'rr': 1.0, 'ap': 0.9267, 'err': 0.922, 'rbp': 0.6355, 'ndcg': 0.9608}
    """
    settings = settings or MeasureSettings()
    values_in = ranked.relevances
    k = ranked.k
    zero = ranked.scoring.on_zero
    binary = {"rel_min": settings.rel_min}
    problems: dict[str, str] = {}
    values = {
        "p": p_at_k(values_in, k, **binary),
        "r": r_at_k(values_in, k, pool=ranked.pool, on_zero=zero, **binary),
        "rr": rr(values_in, k, **binary),
        "ap": ap(values_in, k, pool=ranked.pool, on_zero=zero, **binary),
    }
    try:
        values["err"] = err(values_in, k, g_max=settings.g_max)
    except ValueError as error:
        values["err"] = float("nan")
        problems["err"] = str(error)
    values["rbp"] = rbp(values_in, k, p=settings.p, **binary)
    scored = totals(ranked)
    values["ndcg"] = scored.ndcg
    table = position_table(ranked, settings)
    return MeasureValues(
        ranked=ranked,
        settings=settings,
        values=values,
        problems=problems,
        depth=len(table),
        hits=int(table["relevant"].sum()),
        relevant=relevant_judged(values_in, ranked.pool, settings.rel_min),
        pooled=int(relevant(ranked.pool, settings.rel_min).sum()) if ranked.pool else 0,
        table=table,
        scored=scored,
        ap_capped=ap(values_in, k, pool=ranked.pool, on_zero=zero, capped=True, **binary),
    )


def position_table(ranked: RankedList, settings: MeasureSettings) -> pd.DataFrame:
    """One row per counted position: the grade, h_i, P@i, ERR's s_i, reach chance and term,
    and RBP's weight p^(i−1) and term."""
    top = np.asarray(ranked.relevances[: ranked.k], dtype=float)
    hits = relevant(top, settings.rel_min)
    ranks = np.arange(1, top.size + 1)
    weight = settings.p ** (ranks - 1)
    frame = {
        "position": ranks,
        "label": list(ranked.labels[: top.size]),
        "relevance": top,
        "relevant": hits.astype(bool),
        "precision_at": np.cumsum(hits) / ranks,
        "rbp_weight": weight,
        "rbp_term": (1.0 - settings.p) * hits * weight,
    }
    try:
        stop = stop_chances(np.asarray(ranked.relevances), settings.g_max)[: top.size]
        frame.update(err_stop=stop, err_reach=reach_chances(stop), err_term=_err_terms(stop))
    except ValueError:
        nan = np.full(top.size, np.nan)
        frame.update(err_stop=nan, err_reach=nan, err_term=nan)
    return pd.DataFrame(frame)


def changes(before: dict[str, float] | None, after: dict[str, float]) -> dict[str, float]:
    """How far each measure moved (after − before); empty when there is no `before`.

    A measure that has no value on either side (NaN) is left out.
    """
    if not before:
        return {}
    moved = {}
    for key, value in after.items():
        old = before.get(key)
        if old is None or np.isnan(old) or np.isnan(value):
            continue
        moved[key] = float(value - old)
    return moved
