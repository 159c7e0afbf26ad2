"""CG, DCG, IDCG, NDCG@k for one ranked list, and the per-position breakdown behind them.

References (in `ndcg_core.references`): Järvelin & Kekäläinen (2002), Burges et al. (2005).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import cached_property

import numpy as np
import pandas as pd

from i18n import trn

from .checks import ArrayLike, check_count, check_k, check_not_negative, check_relevances
from .display import exact
from .model import RankedList, default_labels, too_large
from .options import (
    DISCOUNTS,
    Gain,
    GainMap,
    check_gain,
    check_log_base,
    check_option,
    denominators,
    gain_record,
    position_weights,
    zero_rule,
)

# The label of a judged item the system never retrieved, where it joins the ideal order.
NOT_RETRIEVED = "(not retrieved)"


# ---------------------------------------------------------------------------------------------
# Validation: every public function checks its input (`checks`), with messages a learner can
# act on; what is particular to the metrics is here.
# ---------------------------------------------------------------------------------------------


def check_on_zero(on_zero: object) -> float:
    """What NDCG returns when IDCG is 0: 0.0, 1.0 or NaN (`options.ON_ZERO`)."""
    zero_rule(on_zero)
    return float(on_zero)


def check_ideal(relevances: np.ndarray, ideal: ArrayLike) -> np.ndarray:
    """The pool must contain every relevant item of the ranked list, or NDCG could exceed 1."""
    pool = check_relevances(ideal, "ideal")
    listed = Counter(float(r) for r in relevances if r > 0)
    pooled = Counter(float(r) for r in pool if r > 0)
    for value, count in sorted(listed.items(), reverse=True):
        if pooled[value] < count:
            raise ValueError(
                trn(
                    "`ideal` must hold the relevances of all judged items, the ranked ones "
                    "included: the list has {n} item(s) of relevance {value} but `ideal` has only "
                    "{held}.",
                    "`ideal` must hold the relevances of all judged items, the ranked ones "
                    "included: the list has {n} item(s) of relevance {value} but `ideal` has only "
                    "{held}.",
                    count,
                    value=exact(value),
                    held=pooled[value],
                )
            )
    return pool


def check_settings(gain: str, discount: str, log_base: float) -> tuple[str, str, float]:
    return (
        check_gain(gain),
        check_option(discount, DISCOUNTS, "discount"),
        check_log_base(log_base),
    )


# ---------------------------------------------------------------------------------------------
# The one scoring step: on a list and conventions already checked. The keyword functions check
# their arguments once (`_checked`); the `RankedList` functions take the record's values, checked
# when it was made (`_of`), so no call checks a list twice or parses a gain map again.
# ---------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class _Checked:
    values: np.ndarray  # the relevances, in ranked order
    pool: np.ndarray | None  # what the ideal is built from (None: the list itself)
    k: int | None
    gain: Gain | GainMap
    discount: str
    log_base: float
    on_zero: float

    def weights(self, n: int, k: int | None = None) -> np.ndarray:
        return position_weights(n, k, self.discount, self.log_base)

    @property
    def ideal(self) -> np.ndarray:
        return np.sort(self.values if self.pool is None else self.pool)[::-1]


def _checked(
    relevances, k=None, ideal=None, gain="linear", discount="log2", log_base=2, on_zero=0.0
):
    """The keyword functions' arguments, each checked once (in the order their messages come)."""
    values = check_relevances(relevances)
    pool = None if ideal is None else check_ideal(values, ideal)
    gain, discount, log_base = check_settings(gain, discount, log_base)
    return _Checked(
        values, pool, check_k(k), gain_record(gain), discount, log_base, check_on_zero(on_zero)
    )


def _of(ranked: RankedList) -> _Checked:
    """A `RankedList`'s values and conventions, checked when it was made. Its pool holds the
    list's items and none is negative; a relevance may be (the record allows it for /libraries),
    and the scoring functions refuse it."""
    values = check_not_negative(np.array(ranked.relevances, dtype=float), "relevances")
    pool = None if ranked.ideal is None else np.array(ranked.ideal, dtype=float)
    s = ranked.scoring
    return _Checked(values, pool, ranked.k, s.gain_record, s.discount, s.log_base, s.on_zero)


def _dcg(values: np.ndarray, c: _Checked) -> float:
    top = values[: c.k]  # no gain is computed past the cut-off: a grade there may have none
    with np.errstate(over="ignore", invalid="ignore"):
        total = float(np.dot(c.gain.compute(top), c.weights(top.size, c.k)))
    return _finite(total, values)


def _finite(total: float, values: np.ndarray) -> float:
    """A sum that overflowed a float is refused by name, never returned as inf or NaN."""
    if not np.isfinite(total):
        raise too_large(values)
    return total


# ---------------------------------------------------------------------------------------------
# The metrics
# ---------------------------------------------------------------------------------------------


def cg(relevances: ArrayLike, k: int | None = None) -> float:
    """Cumulative gain: the plain sum of the top-k relevances; order inside the top k is ignored.

    >>> cg([3, 2, 3, 0, 1, 2])
    11.0
    """
    values = check_relevances(relevances)
    with np.errstate(over="ignore"):
        return _finite(float(values[: check_k(k)].sum()), values)


def dcg(
    relevances: ArrayLike,
    k: int | None = None,
    *,
    gain: str = "linear",
    discount: str = "log2",
    log_base: float = 2,
) -> float:
    """Discounted cumulative gain at k: the sum of gain(rel_i) × discount(i) over positions i ≤ k.

    Parameters
    ----------
    relevances : list of float
        The relevance of each item in ranked order, position 1 first. Non-negative.
    k : int or None
        Cut-off. None, or a k larger than the list, means the whole list.
    gain : {"linear", "exponential"}
        ``rel`` or ``2**rel - 1``.
    discount : {"log2", "jarvelin"}
        ``1 / log_b(i + 1)``, or the original Järvelin–Kekäläinen ``1 / max(1, log_b(i))``.
    log_base : float
        The base b of the logarithm. It cancels out of NDCG for "log2" but not for "jarvelin".

    >>> round(dcg([3, 2, 3, 0, 1, 2]), 4)
    6.8611
    """
    checked = _checked(relevances, k, gain=gain, discount=discount, log_base=log_base)
    return _dcg(checked.values, checked)


def idcg(
    relevances: ArrayLike,
    k: int | None = None,
    *,
    ideal: ArrayLike | None = None,
    gain: str = "linear",
    discount: str = "log2",
    log_base: float = 2,
) -> float:
    """Ideal DCG at k: the DCG of the best possible order.

    The best order sorts `relevances` in decreasing order, or, when `ideal` is given, the
    relevances of every judged item for the query (those the system never retrieved included).

    >>> round(idcg([3, 2, 3, 0, 1, 2]), 4)
    7.141
    """
    checked = _checked(relevances, k, ideal, gain, discount, log_base)
    return _dcg(checked.ideal, checked)


def ndcg(
    relevances: ArrayLike,
    k: int | None = None,
    *,
    ideal: ArrayLike | None = None,
    gain: str = "linear",
    discount: str = "log2",
    log_base: float = 2,
    on_zero: float = 0.0,
) -> float:
    """Normalised DCG at k: DCG@k / IDCG@k, between 0 and 1.

    `on_zero` is returned when IDCG is 0, that is when no item has any relevance: 0.0 as in
    scikit-learn and trec_eval, 1.0 as in LightGBM and XGBoost, or NaN to leave it out of means.

    >>> round(ndcg([3, 2, 3, 0, 1, 2]), 4)
    0.9608
    >>> round(ndcg([3, 2, 3, 0, 1, 2], 6, ideal=[3, 2, 3, 0, 1, 2, 3, 2]), 4)
    0.785
    """
    checked = _checked(relevances, k, ideal, gain, discount, log_base, on_zero)
    best = _dcg(checked.ideal, checked)
    return checked.on_zero if best == 0 else _dcg(checked.values, checked) / best


def breakdown(
    relevances: ArrayLike,
    k: int | None = None,
    *,
    ideal: ArrayLike | None = None,
    labels: Iterable[str] | None = None,
    gain: str = "linear",
    discount: str = "log2",
    log_base: float = 2,
    on_zero: float = 0.0,
) -> pd.DataFrame:
    """One row per position: the ranked list and the ideal order side by side.

    Columns: position, label, relevance, gain, denominator, discount, contribution
    (gain × discount), cumulative_dcg, ideal_label, ideal_relevance, ideal_gain,
    ideal_contribution, cumulative_idcg, ndcg_at (NDCG@position), in_top_k.

    Every position is listed, k only sets ``in_top_k``: the cumulative columns at position i are
    DCG@i and IDCG@i, and ``ndcg_at`` is NDCG@i, so the row at k holds the NDCG@k. When the pool is longer than the list, the
    extra rows have no ranked item (NaN relevance) and the label `NOT_RETRIEVED` on the ideal side.
    """
    checked = _checked(relevances, k, ideal, gain, discount, log_base, on_zero)
    return pd.DataFrame(_columns(checked, _labels(labels, checked.values.size)))


def _columns(c: _Checked, names: list[str]) -> dict[str, np.ndarray | list[str]]:
    """The breakdown's columns, by name: `totals` reads its numbers from these arrays and
    builds the DataFrame (most of a list's scoring time) only if its table is read."""
    values = c.values
    ideal_values, ideal_names = _ideal_with_labels(values, names, c.pool)
    rows = max(values.size, ideal_values.size)
    position = np.arange(1, rows + 1)
    in_top = position <= (c.k if c.k is not None else rows)
    denominator = denominators(rows, c.discount, c.log_base)
    discount_values = 1.0 / denominator

    relevance = _pad(values, rows)
    gain_values = _pad(c.gain.compute(values), rows)
    contribution = gain_values * discount_values
    ideal_relevance = _pad(ideal_values, rows)
    ideal_gain = _pad(c.gain.compute(ideal_values), rows)
    ideal_contribution = ideal_gain * discount_values
    with np.errstate(over="ignore", invalid="ignore"):
        cumulative = np.cumsum(np.nan_to_num(contribution, nan=0.0, posinf=np.inf))
        ideal_cumulative = np.cumsum(np.nan_to_num(ideal_contribution, nan=0.0, posinf=np.inf))
    _finite(float(ideal_cumulative[-1]), ideal_values)  # the ideal's sum is the largest

    with np.errstate(divide="ignore", invalid="ignore"):
        ratio = np.where(ideal_cumulative > 0, cumulative / ideal_cumulative, c.on_zero)

    return {
        "position": position,
        "label": names + [""] * (rows - values.size),
        "relevance": relevance,
        "gain": gain_values,
        "denominator": denominator,
        "discount": discount_values,
        "contribution": contribution,
        "cumulative_dcg": cumulative,
        "ideal_label": ideal_names + [""] * (rows - len(ideal_names)),
        "ideal_relevance": ideal_relevance,
        "ideal_gain": ideal_gain,
        "ideal_contribution": ideal_contribution,
        "cumulative_idcg": ideal_cumulative,
        "ndcg_at": ratio,
        "in_top_k": in_top,
    }


def _pad(values: np.ndarray, rows: int) -> np.ndarray:
    return np.concatenate([values.astype(float), np.full(rows - values.size, np.nan)])


def _labels(labels: Iterable[str] | None, n: int) -> list[str]:
    if labels is None:
        return list(default_labels(n))
    names = [str(label) for label in labels]
    check_count(len(names), n, "labels", "label")
    return names


def _ideal_with_labels(
    values: np.ndarray, names: list[str], pool: np.ndarray | None
) -> tuple[np.ndarray, list[str]]:
    """The ideal order, naming the ranked items where they appear and marking pool extras."""
    entries = list(zip(values.tolist(), names))
    if pool is not None:
        unused = Counter(values.tolist())
        for value in pool.tolist():
            if unused[value] > 0:
                unused[value] -= 1
            else:
                entries.append((value, NOT_RETRIEVED))
        # Ranked zeros the pool does not list (unjudged documents) are not part of the ideal.
        surplus = Counter(values.tolist()) - Counter(pool.tolist())
        for value, count in surplus.items():
            for _ in range(count):
                entries.remove(next(e for e in entries if e[0] == value and e[1] != NOT_RETRIEVED))
    entries.sort(key=lambda entry: -entry[0])  # stable: equal relevances keep list order
    return np.array([e[0] for e in entries], dtype=float), [e[1] for e in entries]


# ---------------------------------------------------------------------------------------------
# A ranked list, scored once: what a page shows
# ---------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Totals:
    """CG, DCG, IDCG and NDCG of one `RankedList`, read from one `breakdown` so they agree.

    `table` is the breakdown (every position, the ideal beside; built from `columns`, its arrays,
    when read); `depth` the positions counted (the cut-off, or every row); `at` the suffix.
    """

    ranked: RankedList
    columns: dict = field(repr=False, compare=False)  # the breakdown's, for `table`
    depth: int
    cg: float
    dcg: float
    idcg: float
    ndcg: float

    @cached_property
    def table(self) -> pd.DataFrame:
        """The breakdown, built once it is read: many callers need only the four numbers, and
        the DataFrame of 15 columns was two thirds of a list's scoring time."""
        return pd.DataFrame(self.columns)

    @property
    def at(self) -> str:
        return self.ranked.at

    def name(self, measure: str = "NDCG") -> str:
        """The measure with its cut-off as a page names it: 'NDCG@6', or 'NDCG' (no cut-off)."""
        return f"{measure}{self.at}"


def totals(ranked: RankedList) -> Totals:
    """Score a `RankedList`: its breakdown and its four totals, at its own cut-off.

    Every page that shows a list's numbers asks for them here, so no two pages can cut the
    list or its ideal differently.

    >>> from ndcg_core.model import RankedList
    >>> result = totals(RankedList((3, 2, 3, 0, 1, 2), pool=(3, 2)))
    >>> result.name(), round(result.idcg, 4), round(result.ndcg, 4)
    ('NDCG@6', 8.7403, 0.785)
    """
    checked = _of(ranked)
    columns = _columns(checked, list(ranked.labels))
    rows = len(columns["position"])
    depth = rows if ranked.k is None else min(ranked.k, rows)
    with np.errstate(over="ignore"):
        total = _finite(float(checked.values[: ranked.k].sum()), checked.values)
    return Totals(
        ranked=ranked,
        columns=columns,
        depth=depth,
        cg=total,
        dcg=float(columns["cumulative_dcg"][depth - 1]),
        idcg=float(columns["cumulative_idcg"][depth - 1]),
        ndcg=float(columns["ndcg_at"][depth - 1]),
    )


@dataclass(frozen=True)
class DcgTerms:
    """The terms of a list's DCG, apart from their order: what a page needs to rescore any
    reordering of the same items by multiplying and adding alone, with no formula of its own.

    Per item, in the list's order: `relevances` and `gains`. Per position 1…n: `discounts` (no
    cut-off) and `weights` (the discount up to k, 0 past it), and `ideal_contributions` (what the
    ideal order earns there). `ideal_beyond` is what the ideal earns past position n (judged
    items the system never retrieved, when the cut-off reaches past the list). `idcg` does not
    depend on the order; `on_zero` is NDCG when IDCG is 0 (NaN: the query is skipped).

    For any order (``order[p]`` the index of the item at position p + 1), DCG is
    ``sum(gains[order[p]] * weights[p])`` and NDCG is DCG / IDCG, or `on_zero` when IDCG is 0.
    """

    relevances: tuple[float, ...]
    gains: tuple[float, ...]
    discounts: tuple[float, ...]
    weights: tuple[float, ...]
    ideal_contributions: tuple[float, ...]
    ideal_beyond: float
    idcg: float
    on_zero: float


def dcg_terms(ranked: RankedList) -> DcgTerms:
    """The gains, position weights, ideal contributions and IDCG of `ranked` (see `DcgTerms`).

    >>> terms = dcg_terms(RankedList((3, 2, 3, 0, 1, 2)))
    >>> round(sum(g * w for g, w in zip(terms.gains, terms.weights)) / terms.idcg, 4)
    0.9608
    """
    c = _of(ranked)
    ideal_values = c.ideal
    ideal_top = ideal_values[: c.k]  # past the cut-off the ideal earns nothing
    with np.errstate(over="ignore", invalid="ignore"):
        ideal_gains, ideal_weights = c.gain.compute(ideal_top), c.weights(ideal_top.size, c.k)
        ideal_earned = ideal_gains * ideal_weights
        best = float(np.dot(ideal_gains, ideal_weights))  # as `idcg` sums it, to the last bit
    n = ranked.n
    return DcgTerms(
        relevances=tuple(c.values.tolist()),
        gains=tuple(c.gain.compute(c.values).tolist()),
        discounts=tuple(c.weights(n).tolist()),
        weights=tuple(c.weights(n, c.k).tolist()),
        ideal_contributions=tuple(
            float(ideal_earned[p]) if p < ideal_earned.size else 0.0 for p in range(n)
        ),
        ideal_beyond=float(ideal_earned[n:].sum()),
        idcg=_finite(best, ideal_values),
        on_zero=c.on_zero,
    )
