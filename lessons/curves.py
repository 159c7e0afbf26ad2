"""Discount curves side by side, for teaching: how much each position is worth to a reader.

Four curves, as `Option`-like records with their code and their LaTeX template side by side
(as `options.DISCOUNTS` keeps the two the app scores with):

- ``log2``: 1 / log2(i + 1), today's NDCG (its code is `options.DISCOUNTS["log2"]`);
- ``jarvelin``: 1 / max(1, log_b i), Järvelin & Kekäläinen's 2002 form with base b (its code is
  `options.DISCOUNTS["jarvelin"]`);
- ``reciprocal``: 1 / i, the discount of reciprocal rank, and the dividing line in Wang et
  al.'s (2013) analysis;
- ``geometric``: p^(i − 1), the reader of rank-biased precision, who goes on from each position
  with probability p (Moffat & Zobel 2008).

The last two are not NDCG options of the app or of any library it compares: they are here so a
learner can set the log discount beside other beliefs about how people read a list.

References
----------
Järvelin & Kekäläinen (2002), written out in `ndcg_core.references`.
Moffat, A. & Zobel, J. (2008). Rank-biased precision for measurement of retrieval
effectiveness. ACM TOIS 27(1).
Wang, Y., Wang, L., Li, Y., He, D., Chen, W. & Liu, T.-Y. (2013). A theoretical analysis of
NDCG type ranking measures. COLT, PMLR 30, 25–54.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np
import pandas as pd

from i18n import N_
from ndcg_core.display import exact
from ndcg_core.measures import check_persistence
from ndcg_core.metrics import check_on_zero, check_relevances
from ndcg_core.model import RankedList
from ndcg_core.options import (
    DISCOUNTS,
    Option,
    check_log_base,
    discounts,
    gains,
)
from ndcg_core.ordering import swap_effect

TOPS = (1, 3, 10)  # the weight on the top 1, 3 and 10 positions


@dataclass(frozen=True, kw_only=True)
class Curve(Option):
    """One discount curve: what position i is worth, in code and in LaTeX.

    `weights(positions, base, p)` gives the multiplier d(i); `template` is the LaTeX of d(i)
    with {i}, {b} and {p} standing for the position, the log base and the persistence.
    """

    weights: Callable[[np.ndarray, float, float], np.ndarray]
    template: str
    reader: str
    parameter: str = ""  # "b", "p" or "" when the curve has no setting

    def latex(self, base: float = 2, p: float = 0.8, position: str = "i") -> str:
        """d(i) in symbols, with the curve's setting filled in."""
        return (
            self.template.replace("{b}", exact(base, decimal="."))  # formulas keep the point
            .replace("{p}", exact(p, decimal="."))
            .replace("{i}", position)
        )


def _log2(positions: np.ndarray, base: float, p: float) -> np.ndarray:
    return discounts(positions.size, "log2", 2.0)


def _jarvelin(positions: np.ndarray, base: float, p: float) -> np.ndarray:
    return discounts(positions.size, "jarvelin", base)


def _reciprocal(positions: np.ndarray, base: float, p: float) -> np.ndarray:
    return 1.0 / positions


def _geometric(positions: np.ndarray, base: float, p: float) -> np.ndarray:
    return p ** (positions - 1.0)


# The two curves NDCG scores with take their label, users and LaTeX from their `DISCOUNTS`
# record; today's log discount is always drawn with base 2, whatever the base slider says.
_LOG2, _JK = DISCOUNTS["log2"], DISCOUNTS["jarvelin"]

CURVES: dict[str, Curve] = {
    "log2": Curve(
        name="log2",
        label=_LOG2.label,
        short="log₂(i+1)",
        description=N_(
            "Today's NDCG: the weight falls fast over the first few positions, then ever more "
            "slowly, and never reaches 0."
        ),
        used_by=_LOG2.used_by,
        reference="Burges et al. (2005); Järvelin & Kekäläinen (2002).",
        weights=_log2,
        template=rf"\frac{{1}}{{{_LOG2.latex(2, position='{i}')}}}",
        reader=N_("a patient reader: position 100 still keeps a weight of 0.15 (the top's is 1)"),
    ),
    "jarvelin": Curve(
        name="jarvelin",
        label=N_("Järvelin–Kekäläinen, base b"),  # a legend's name, the base's value then follows
        short="max(1, log_b i)",
        description=N_(
            "The 2002 original: every position i up to b keeps its whole gain, so the first "
            "⌊b⌋ positions weigh 1 (with b = 2, ranks 1 and 2), then 1 / log_b i. A larger b "
            "models a reader who looks at more results before the discount starts."
        ),
        used_by=_JK.used_by,
        reference=_JK.reference,
        weights=_jarvelin,
        template=rf"\frac{{1}}{{{_JK.symbol_template}}}",
        reader=N_("reads the first ⌊b⌋ results in full, then tires slowly"),
        parameter="b",
    ),
    "reciprocal": Curve(
        name="reciprocal",
        label="1 / i",
        short="1/i",
        description=N_(
            "Position i is worth 1/i: half at 2, a third at 3, a tenth at 10. It is the weight "
            "reciprocal rank puts on the first hit, and the dividing line in Wang et al.'s "
            "(2013) analysis of how fast a discount may fall."
        ),
        used_by=N_("reciprocal rank; a teaching comparison here"),
        reference="Wang et al. (2013).",
        weights=_reciprocal,
        template=r"\frac{1}{{i}}",
        reader=N_("an impatient reader: the weight halves by position 2"),
    ),
    "geometric": Curve(
        name="geometric",
        label=N_("Geometric pⁱ⁻¹"),
        short="p^(i−1)",
        description=N_(
            "Each position is worth p times the one above: the chance that a reader who goes "
            "on with probability p gets there. It is rank-biased precision's reader; its "
            "weights add up to 1 / (1 − p), so deep positions hardly count."
        ),
        used_by=N_("rank-biased precision (RBP); a teaching comparison here"),
        reference="Moffat & Zobel (2008).",
        weights=_geometric,
        template=r"{p}^{\,{i}-1}",
        reader=N_("goes on from each position with the same probability p"),
        parameter="p",
    ),
}


def check_curve(name: object) -> Curve:
    if isinstance(name, str) and name in CURVES:
        return CURVES[name]
    allowed = " or ".join(repr(key) for key in CURVES)
    raise ValueError(f"`curve` must be {allowed}; got {name!r}.")


def check_depth(depth: object) -> int:
    if isinstance(depth, bool) or not isinstance(depth, (int, np.integer)) or depth < 1:
        raise ValueError(f"`depth` must be a whole number ≥ 1; got {depth!r}.")
    return int(depth)


def weights(curve: str, n: int, *, base: float = 2.0, p: float = 0.8) -> np.ndarray:
    """d(1), …, d(n): the multiplier of each position under `curve`.

    >>> weights("reciprocal", 3).tolist()
    [1.0, 0.5, 0.3333333333333333]
    """
    record = check_curve(curve)
    positions = np.arange(1, check_depth(n) + 1, dtype=float)
    return record.weights(positions, check_log_base(base), check_persistence(p))


def curve_table(depth: int = 20, *, base: float = 2.0, p: float = 0.8) -> pd.DataFrame:
    """Every curve's weight at positions 1…depth, one column per curve (long enough to draw)."""
    depth = check_depth(depth)
    frame = {"position": np.arange(1, depth + 1)}
    for name in CURVES:
        frame[name] = weights(name, depth, base=base, p=p)
    return pd.DataFrame(frame)


def top_weights(depth: int = 20, *, base: float = 2.0, p: float = 0.8) -> pd.DataFrame:
    """The weight each curve puts on the top 1, 3 and 10 positions.

    One row per curve: `top_m`, the sum d(1) + … + d(m), and `share_m`, that sum as a share of
    the sum over the first `depth` positions (what the top m weigh among the first `depth`).
    """
    depth = check_depth(depth)
    if depth < max(TOPS):
        raise ValueError(
            f"`depth` must be at least {max(TOPS)}, so the top {max(TOPS)} fit; got {depth}."
        )
    rows = []
    for name in CURVES:
        w = weights(name, depth, base=base, p=p)
        total = float(w.sum())
        row = {"curve": name}
        for m in TOPS:
            row[f"top_{m}"] = float(w[:m].sum())
        for m in TOPS:
            row[f"share_{m}"] = float(w[:m].sum()) / total
        rows.append(row)
    return pd.DataFrame(rows)


@dataclass(frozen=True)
class CurveScore:
    """A list's DCG, IDCG and NDCG with the discount replaced by one curve."""

    curve: str
    weights: np.ndarray  # d(1) … d(depth) of the counted positions
    relevances: np.ndarray  # the list's relevances at those positions
    ideal_relevances: np.ndarray  # the ideal order's relevances at those positions
    gains: np.ndarray  # the list's gains at those positions
    ideal_gains: np.ndarray  # the ideal order's gains at those positions
    dcg: float
    idcg: float
    ndcg: float


def score_with(ranked: RankedList, curve: str, *, p: float = 0.8) -> CurveScore:
    """Score `ranked` (its gain, cut-off, pool and all-zero rule) with `curve` as discount.

    The Järvelin–Kekäläinen curve takes its base b from the list's scoring (`log_base`), so
    with "log2" and "jarvelin" this is the core's own `ndcg`.
    """
    s = ranked.scoring
    values = check_relevances(ranked.relevances)
    judged = np.asarray(ranked.ideal if ranked.ideal is not None else values, dtype=float)
    ideal = np.sort(judged)[::-1]
    cut = ranked.k
    top, best = values[:cut], ideal[:cut]
    depth = max(top.size, best.size)
    w = weights(curve, depth, base=s.log_base, p=p)
    g, g_ideal = gains(top, s.gain), gains(best, s.gain)
    dcg = float(np.dot(g, w[: g.size]))
    idcg = float(np.dot(g_ideal, w[: g_ideal.size]))
    ndcg = dcg / idcg if idcg > 0 else check_on_zero(s.on_zero)
    return CurveScore(curve, w, top, best, g, g_ideal, dcg, idcg, ndcg)


def random_order_limit(
    curve: str,
    sizes: tuple[int, ...] = (10, 100, 1000, 10_000),
    *,
    share: float = 0.5,
    base: float = 2.0,
    p: float = 0.8,
) -> pd.DataFrame:
    """E[NDCG] of a random order of n binary items, a `share` of them relevant, as n grows.

    Each position holds a relevant item with probability `share`, so E[DCG] = share × Σ d(i)
    over all n positions, while IDCG = Σ d(i) over the first share × n positions. Under the log
    discount the ratio creeps towards 1 (Wang et al. 2013: standard NDCG of any ranking tends
    to 1 as n grows); under 1/i and p^(i−1) it does not.
    """
    if not 0 < share <= 1:
        raise ValueError(f"`share` must be above 0 and at most 1; got {share!r}.")
    rows = []
    for n in sizes:
        relevant = max(1, round(share * check_depth(n)))
        w = weights(curve, n, base=base, p=p)
        expected = (relevant / n) * float(w.sum()) / float(w[:relevant].sum())
        rows.append({"n": n, "relevant": relevant, "expected_ndcg": expected})
    return pd.DataFrame(rows)


# ---------------------------------------------------------------------------------------------
# The lesson's question: which card of your list costs most to move down one place?
# ---------------------------------------------------------------------------------------------

MOVES = 4  # moves offered at most
RUNNING_EXAMPLE = (3.0, 2.0, 3.0, 0.0, 1.0, 2.0)  # asked about when the learner's list cannot be


def moves_down(ranked: RankedList, most: int = MOVES) -> list[tuple[int, int]]:
    """The first `most` moves of one card down one place that lower NDCG: the positions (i,
    i + 1), 1-based, where the card above is graded higher than the one below."""
    values = ranked.relevances
    return [(i, i + 1) for i in range(1, ranked.n) if values[i - 1] > values[i]][:most]


def move_costs(ranked: RankedList, pairs: list[tuple[int, int]]) -> pd.DataFrame:
    """What each move costs, and why: the two grades' gains, the discount at each of the two
    positions under the list's own discount (0 beyond its cut-off), and the NDCG lost, which is
    (gain gap) × (discount gap) ÷ IDCG (the core's `swap_effect`)."""
    s = ranked.scoring
    n = ranked.n
    d = discounts(n, s.discount, s.log_base)
    if ranked.k is not None:
        d[ranked.k :] = 0.0
    g = gains(ranked.relevances, s.gain)
    rows = []
    for i, j in pairs:
        rows.append(
            {
                "position": i,
                "below": j,
                "gain_moved": float(g[i - 1]),
                "gain_below": float(g[j - 1]),
                "discount_from": float(d[i - 1]),
                "discount_to": float(d[j - 1]),
                "ndcg_lost": 0.0 - swap_effect(ranked, i, j).change,  # never "−0"
            }
        )
    return pd.DataFrame(rows)


def costliest_move(ranked: RankedList, min_gap: float) -> tuple[RankedList, list[tuple[int, int]]]:
    """The list to ask about and the moves to offer: the learner's own list when at least two
    moves lower NDCG and one costs at least `min_gap` more than any other, else the running
    example under the same conventions (no pool), else nothing (an empty list of moves)."""
    candidates = [ranked]
    # A gain map without the example's grades cannot score it: then only the list is asked.
    with contextlib.suppress(ValueError):
        candidates.append(RankedList(RUNNING_EXAMPLE, scoring=ranked.scoring))
    for candidate in candidates:
        pairs = moves_down(candidate)
        if len(pairs) < 2:
            continue
        lost = sorted(move_costs(candidate, pairs)["ndcg_lost"], reverse=True)
        if lost[0] - lost[1] >= min_gap:
            return candidate, pairs
    return ranked, []
