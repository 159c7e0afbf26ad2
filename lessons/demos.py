"""What the lessons show, computed: each function takes a `RankedList` (or a worked example) and
returns the numbers a page lays out, so a lesson can run its example and then the learner's own
list through the same check. Pure Python on the core; the data they work on (the examples, the
pitfalls) lives in `lessons.examples` and `lessons.pitfalls`.

- The walkthroughs: two examples side by side (`compare_totals`), a list against the three
  ideals libraries build (`ideal_choices`), every neighbour swap of an ideal (`swaps_within`).
- The pitfalls, one section each: a closed ideal, padding, the ideal top k, the label scale and
  the gain, the all-zero rule in a mean, a random order's baseline, several equally good results
  and the Wikipedia article's two remedies.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace

import numpy as np
import pandas as pd

from i18n import tr
from lessons.examples import Example
from lessons.pitfalls import FULL_PAGE, PADDING, PITFALLS
from ndcg_core.display import NOISE, fixed, signed
from ndcg_core.measures import p_at_k
from ndcg_core.metrics import Totals, breakdown, dcg, totals
from ndcg_core.model import RankedList, Scoring, default_labels, derived
from ndcg_core.options import CUTS, EVERY_RANKED, IDEALS, NO_CUTOFF, ON_ZERO, discounts
from ndcg_core.ordering import ExpectedRandom, expected_random, swap_effect
from ndcg_core.permutations import swap

# ---------------------------------------------------------------------------------------------
# The walkthroughs
# ---------------------------------------------------------------------------------------------


def compare_totals(first: Example, second: Example, names: tuple[str, str]) -> pd.DataFrame:
    """CG, DCG, IDCG and NDCG of two examples side by side, with the change from first to second."""
    a, b = first.totals(), second.totals()
    # Sums of the same numbers in another order can differ in the last bit: call that no change.
    change = {
        name: 0.0
        if math.isclose(a[name], b[name], rel_tol=NOISE, abs_tol=NOISE)
        else b[name] - a[name]
        for name in a
    }
    return pd.DataFrame({names[0]: a, names[1]: b, "change": change}).rename_axis("quantity")


def ideal_choices(item: Example) -> pd.DataFrame:
    """The same ranked list against three ideals: built from the list alone; from every judged
    item, cut at the list's length (k = n); and from every judged item, uncut (no cut-off).

    Columns: ideal (in words), ideal_order (relevances, best first, as far as it counts),
    idcg, ndcg, used_by. For a list with judged items it never retrieved (a pool).
    """
    if not item.ranked.pool:
        raise ValueError(f"`ideal_choices` needs an example with a pool; {item.id!r} has none.")
    ranked = item.ranked
    rows = []
    for name, variant, used_by in (
        (
            tr("the ranked documents only"),
            ranked.with_scoring(ideal="run"),
            tr(IDEALS["run"].used_by),
        ),
        (
            tr("every judged document, cut at k = n = {n}", n=ranked.n),
            ranked.with_scoring(k=EVERY_RANKED),
            tr(CUTS[EVERY_RANKED].used_by),
        ),
        (
            tr("every judged document, no cut-off"),
            ranked.with_scoring(k=NO_CUTOFF),
            tr(CUTS[NO_CUTOFF].used_by),
        ),
    ):
        result = totals(variant)
        depth = result.depth
        order = result.table["ideal_relevance"].iloc[:depth].dropna()
        rows.append(
            {
                "ideal": name,
                "ideal_order": tuple(float(v) for v in order),
                "idcg": result.idcg,
                "ndcg": result.ndcg,
                "used_by": used_by,
            }
        )
    return pd.DataFrame(rows)


def swaps_within(relevances: tuple[float, ...]) -> pd.DataFrame:
    """NDCG of an ideal list after each swap of two neighbours: where a swap costs most.

    Columns: swap ("1 ↔ 2"), ranked (the list after it), ndcg, cost (what NDCG loses).
    """
    ranked = RankedList(tuple(sorted(relevances, reverse=True)))
    rows = []
    for i in range(1, ranked.n):
        effect = swap_effect(ranked, i, i + 1)
        after = ranked.reordered(swap(ranked.n, i, i + 1))
        rows.append(
            {
                "swap": f"{i} ↔ {i + 1}",
                "ranked": after.relevances,
                "ndcg": effect.after,
                "cost": -effect.change,
            }
        )
    return pd.DataFrame(rows)


# ---------------------------------------------------------------------------------------------
# 1. A closed ideal
# ---------------------------------------------------------------------------------------------


def closed_and_open(ranked: RankedList) -> tuple[Totals, Totals]:
    """The list scored with the ideal from the list alone, and from every judged item."""
    return (
        totals(ranked.with_scoring(ideal="run")),
        totals(ranked.with_scoring(ideal="judgments")),
    )


# ---------------------------------------------------------------------------------------------
# 2. Padding with irrelevant items
# ---------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Padded:
    """A list and the same list with irrelevant items appended, each scored at its own k."""

    before: Totals
    after: Totals
    precision_before: float
    precision_after: float
    rel_min: float
    note: str = ""  # why the longer list has another gain (`model.derived`), if it has

    @property
    def ndcg_fell(self) -> bool:
        """True only when k = n and a pool let more judged items into the longer ideal."""
        return self.after.ndcg < self.before.ndcg - NOISE


def padded(ranked: RankedList, extra: int = PADDING, rel_min: float = 1.0) -> Padded:
    """`ranked` and `ranked` with `extra` items of relevance 0 appended.

    Both keep the list's cut-off: a fixed k stays k, and k = n becomes the longer list's n.
    """
    if isinstance(extra, bool) or not isinstance(extra, int) or extra < 1:
        raise ValueError(f"`extra` must be a whole number ≥ 1; got {extra!r}.")
    longer, note = derived(
        ranked,
        relevances=ranked.relevances + (0.0,) * extra,
        labels=_more_labels(ranked, extra),
    )
    before, after = totals(ranked), totals(longer)
    return Padded(
        before,
        after,
        p_at_k(ranked.relevances, _depth(ranked), rel_min=rel_min),
        p_at_k(longer.relevances, _depth(longer), rel_min=rel_min),
        rel_min,
        note,
    )


def _depth(ranked: RankedList) -> int:
    return ranked.k if ranked.k is not None else ranked.n


def _more_labels(ranked: RankedList, extra: int) -> tuple[str, ...]:
    if not ranked.has_typed_labels:
        return default_labels(ranked.n + extra)
    taken, added, j = set(ranked.labels), [], 1
    while len(added) < extra:
        name = tr("junk {n}", n=j)
        if name not in taken:
            added.append(name)
        j += 1
    return ranked.labels + tuple(added)


# ---------------------------------------------------------------------------------------------
# 3. The ideal top k
# ---------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class IdealCut:
    """The right IDCG@k (sort every judged item, then cut) beside the common wrong one."""

    right: Totals
    wrong_ideal: tuple[float, ...]  # the top k of the list, sorted: what the mistake uses
    wrong_idcg: float
    wrong_ndcg: float
    wrong_table: pd.DataFrame  # the `breakdown` of the wrong ideal (its filled-in IDCG)

    @property
    def differs(self) -> bool:
        return not math.isclose(self.right.idcg, self.wrong_idcg, rel_tol=0, abs_tol=NOISE)


def ideal_cut(ranked: RankedList) -> IdealCut:
    """NDCG@k as it is, and as it comes out when only the top k of the list are sorted."""
    right = totals(ranked)
    s = ranked.scoring
    k = ranked.k
    wrong_ideal = tuple(sorted(ranked.relevances[:k], reverse=True))
    settings = {"gain": s.gain, "discount": s.discount, "log_base": s.log_base}
    wrong_idcg = dcg(wrong_ideal, k, **settings)
    wrong = right.dcg / wrong_idcg if wrong_idcg > 0 else s.on_zero
    table = breakdown(wrong_ideal, k, **settings)
    return IdealCut(right, wrong_ideal, wrong_idcg, wrong, table)


# ---------------------------------------------------------------------------------------------
# 4. The label scale and the gain
# ---------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Reading:
    """One way of writing or scoring the same judgments, and the NDCG it gives."""

    key: str  # "given", "doubled", "shifted" or "exponential"
    name: str
    ranked: RankedList | None  # None when this reading cannot be scored (see `problem`)
    ndcg: float
    problem: str = ""


def readings(ranked: RankedList) -> list[Reading]:
    """The same judgments on other scales and gains: as given, ×2, +1, and 2^rel − 1."""
    linear = ranked.with_scoring(gain="linear")
    shifted = tuple(v + 1 for v in ranked.relevances)
    doubled = tuple(2 * v for v in ranked.relevances)
    variants = (
        ("given", tr("as given, gain rel"), lambda: linear),
        ("doubled", tr("every label × 2, gain rel"), lambda: _relabelled(linear, doubled, 2, 0)),
        (
            "shifted",
            tr("every label + 1 (0–3 written 1–4), gain rel"),
            lambda: _relabelled(linear, shifted, 1, 1),
        ),
        (
            "exponential",
            tr("as given, gain 2^rel − 1"),
            lambda: ranked.with_scoring(gain="exponential"),
        ),
    )
    out = []
    for key, name, make in variants:
        try:  # a reading the core cannot score (2^1001 − 1, say) is named, not raised
            variant = make()
            out.append(Reading(key, name, variant, totals(variant).ndcg))
        except ValueError as error:
            out.append(Reading(key, name, None, float("nan"), str(error)))
    return out


def _relabelled(ranked: RankedList, values: tuple[float, ...], factor: float, shift: float):
    pool = tuple(factor * v + shift for v in ranked.pool)
    return replace(ranked, relevances=values, pool=pool)


# ---------------------------------------------------------------------------------------------
# 5. The all-zero rule in a mean
# ---------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class RuleMean:
    """The NDCG of each query and their mean under one all-zero rule."""

    rule: str
    values: tuple[float, ...]  # NaN for a query left out
    mean: float


def zero_rule_means(queries: list[RankedList]) -> list[RuleMean]:
    """The mean NDCG over `queries` under each all-zero rule (`options.ON_ZERO`)."""
    if not queries:
        raise ValueError("`queries` is empty: a mean needs at least one query.")
    out = []
    for rule in ON_ZERO:
        values = tuple(totals(query.with_scoring(zero=rule)).ndcg for query in queries)
        kept = [v for v in values if not math.isnan(v)]
        out.append(RuleMean(rule, values, float(np.mean(kept)) if kept else float("nan")))
    return out


def nothing_relevant(n: int) -> RankedList:
    """A query of `n` items, none of them relevant (the second query of the mean)."""
    return RankedList((0.0,) * n)


# ---------------------------------------------------------------------------------------------
# 6. Comparing across queries
# ---------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Baseline:
    """A list's NDCG beside the mean NDCG of a random order of the same items."""

    ranked: RankedList
    ndcg: float
    random: ExpectedRandom

    @property
    def lift(self) -> float:
        """How far the ranking is above a random order of its items."""
        return self.ndcg - self.random.expected


def baseline(ranked: RankedList) -> Baseline:
    """NDCG of `ranked` and, in closed form, of a uniformly random order of its items."""
    return Baseline(ranked, totals(ranked).ndcg, expected_random(ranked))


def at_several_k(ranked: RankedList, cuts: tuple[int, ...] = (1, 3, 5, 10)) -> list[Baseline]:
    """The list's NDCG beside a random order's at each cut-off of `cuts` shorter than the list,
    at the list's own k and at k = n: how to report more than one k and read each against
    chance."""
    own = {min(ranked.k, ranked.n)} if ranked.k is not None else set()
    depths = sorted({k for k in cuts if k < ranked.n} | own | {ranked.n})
    return [baseline(ranked.with_scoring(k=k)) for k in depths]


def several_k_table(ranked: RankedList) -> pd.DataFrame:
    """`at_several_k` as the lessons show it (the pitfalls' "choosing k" and /recap): each k,
    the list's NDCG@k, a random order's on average, and the list's lead over it."""
    rows = at_several_k(ranked)
    return pd.DataFrame(
        {
            "k": [b.ranked.at[1:] for b in rows],
            tr("Your NDCG@k"): [fixed(b.ndcg) for b in rows],
            tr("A random order, on average"): [fixed(b.random.expected) for b in rows],
            tr("Above a random order"): [signed(b.lift) for b in rows],
        }
    )


# ---------------------------------------------------------------------------------------------
# 7. Several equally good results, and the remedies the Wikipedia article proposes
# ---------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Several:
    """One good result on top of junk beside a page full of good results, at the short
    cut-off, and the first page again at its full length: ideal from the list alone, and from
    every judged item (the good results it left out joined as the pool)."""

    one: Totals
    many: Totals
    one_deep_closed: Totals
    one_deep_judged: Totals


def several(one: RankedList | None = None, many: RankedList = FULL_PAGE) -> Several:
    one = PITFALLS["several"].example if one is None else one
    found = sum(1 for v in one.relevances if v > 0)
    missed = tuple(v for v in many.relevances if v > 0)[found:]
    deep = one.with_scoring(k=Scoring().k)
    return Several(
        totals(one),
        totals(many),
        totals(deep.with_scoring(ideal="run")),
        totals(replace(deep, pool=missed)),
    )


@dataclass(frozen=True)
class FixedSize:
    """The Wikipedia article's remedy for missing results: score every list at one size,
    padding a short one with the lowest grade. `short` at its own length, `padded` at the
    fixed size with the ideal from the list alone, and with the ideal from every judged item
    (the relevant results it missed as the pool)."""

    short: Totals
    padded_closed: Totals
    padded_judged: Totals


def fixed_size(short: tuple[float, ...] = (1, 1, 1), full: tuple[float, ...] = (1, 1, 1, 1, 1)):
    size = len(full)
    padded = RankedList(tuple(short) + (0.0,) * (size - len(short)), scoring=Scoring(k=size))
    missed = tuple(sorted(full, reverse=True))[sum(1 for v in short if v > 0) :]
    return FixedSize(
        totals(RankedList(tuple(short))),
        totals(padded.with_scoring(ideal="run")),
        totals(replace(padded, pool=tuple(v for v in missed if v > 0))),
    )


@dataclass(frozen=True)
class NegativeGrades:
    """The Wikipedia article's remedy for bad results: write 'bad' below 0 (Excellent, Fair,
    Bad as 1, 0, −1 rather than 2, 1, 0). DCG of the good results alone and with one bad result
    appended, on each scale; the −1 scale is summed here by hand, since the core refuses
    negative grades (a ratio with a negative part can leave 0–1)."""

    usual: tuple[float, ...]
    shifted: tuple[float, ...]
    dcg_usual: tuple[float, float]  # (good results only, with the bad one appended)
    dcg_shifted: tuple[float, float]


def negative_grades(good: tuple[float, ...] = (2, 1), bad: float = 0.0) -> NegativeGrades:
    usual = (*(float(v) for v in good), float(bad))
    shifted = tuple(v - 1 for v in usual)

    def summed(values: tuple[float, ...]) -> float:
        return float(np.dot(values, discounts(len(values), "log2", 2.0)))

    return NegativeGrades(
        usual,
        shifted,
        (summed(usual[:-1]), summed(usual)),
        (summed(shifted[:-1]), summed(shifted)),
    )
