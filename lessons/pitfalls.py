"""Pitfalls of NDCG: where the number says something other than what people read into it.

Each pitfall is a record (`PITFALLS`: what people believe, what is true, what to do, and the
list its demonstration loads) and a function that shows it on any `RankedList`, so the page
can run the example and then the learner's own list through the same check.

References
----------
Järvelin & Kekäläinen (2002), written out in `ndcg_core.references`.
Wikipedia, "Discounted cumulative gain", section Limitations (current version).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace

import numpy as np
import pandas as pd

from ndcg_core.display import NOISE
from ndcg_core.measures import p_at_k
from ndcg_core.metrics import Totals, breakdown, dcg, totals
from ndcg_core.model import RankedList, Scoring, default_labels, derived
from ndcg_core.options import ON_ZERO
from ndcg_core.ordering import ExpectedRandom, expected_random


@dataclass(frozen=True)
class Pitfall:
    """One pitfall: the belief, what is true, what to do, and the list its demo loads (taken
    from the source `source`, a key of `examples.SOURCES`, when one worked it)."""

    key: str
    title: str
    belief: str
    truth: str
    remedy: str
    example: RankedList
    source: str = ""


PITFALLS: dict[str, Pitfall] = {
    pitfall.key: pitfall
    for pitfall in (
        Pitfall(
            key="closed",
            title="A closed ideal never punishes what is missing",
            belief="A list that scores 1.0 found everything there was to find.",
            truth=(
                "When the ideal is built from the ranked list alone (scikit-learn, LightGBM, "
                "XGBoost, torchmetrics), a relevant item the system never retrieved is simply "
                "not in the ideal either: one hit on top of two misses scores 1.0. Only an "
                "ideal built from every judged item (trec_eval, ranx) counts it."
            ),
            remedy=(
                "Give the scorer every judged item of the query (the pool), or report recall "
                "beside NDCG."
            ),
            example=RankedList((1, 0, 0), pool=(1, 1)),
        ),
        Pitfall(
            key="padding",
            title="Irrelevant items are not penalised",
            belief="Returning junk after the good results costs something.",
            truth=(
                "An irrelevant item earns 0 in DCG and 0 in IDCG, so appending irrelevant "
                "items never lowers NDCG at a fixed cut-off (nor with the ideal taken from the "
                "list). Two good items followed by eight useless ones still score 1.0; "
                "precision is what notices the junk."
            ),
            remedy=(
                "Fix k for every system you compare, and look at P@k too when the length of "
                "the list matters to the user."
            ),
            example=RankedList((2, 1)),
        ),
        Pitfall(
            key="ideal_cut",
            title="The ideal top k can hold items ranked below k",
            belief="IDCG@k is the DCG of the top k items, sorted.",
            truth=(
                "The ideal ranking sorts every judged item first and is cut at k afterwards: a "
                "relevant item the system put below position k still belongs in the ideal top k. "
                "Sorting only the top k makes IDCG too small and NDCG too high."
            ),
            remedy="Sort all judged items, then cut at k, on both sides.",
            example=RankedList((1, 0, 1, 1, 0), scoring=Scoring(k=3)),
            source="000",  # its binary list, at k = 3
        ),
        Pitfall(
            key="scale",
            title="The label scale and the gain change the number",
            belief="NDCG is normalised, so it does not depend on how labels are written.",
            truth=(
                "Normalising divides out the size of the best possible DCG, not the choice of "
                "scale. Multiplying every label by the same factor changes nothing under the "
                "linear gain, but adding 1 (writing 0–3 as 1–4), or switching to 2^rel − 1, "
                "changes NDCG."
            ),
            remedy=(
                "Report the scale and the gain with every NDCG, and compare only numbers made "
                "with the same ones."
            ),
            example=RankedList((3, 2, 3, 0, 1, 2)),
        ),
        Pitfall(
            key="zero",
            title="The all-zero rule moves a mean",
            belief="A query with nothing relevant is a detail.",
            truth=(
                "With nothing relevant, NDCG is 0 / 0. Libraries make it 0 (scikit-learn, "
                "trec_eval), 1 (LightGBM, XGBoost) or leave the query out; one such query among "
                "two moves the mean by half the distance between the rules."
            ),
            remedy=(
                "Say which rule you used, count the queries it applied to, and use the same "
                "rule for every system."
            ),
            example=RankedList((0, 0, 0)),
        ),
        Pitfall(
            key="compare",
            title="NDCG is not comparable across queries and collections",
            belief="A query with a higher NDCG is a query the system ranked better.",
            truth=(
                "How high NDCG can be by luck depends on the query: when most items are "
                "relevant even a random order scores high, when one item in ten is, a random "
                "order scores low. Between collections, the label scale, the gain, the depth "
                "of the judgments and the all-zero rule differ too."
            ),
            remedy=(
                "Compare systems on the same queries and judgments (paired, query by query); "
                "set a value beside what a random order of the same items would score."
            ),
            example=RankedList((0, 0, 1, 1, 1, 1, 1, 1, 1, 1)),
        ),
    )
}

# The "compare" demo: the worst order of an easy query (eight relevant items in ten) against a
# nearly perfect order of a hard one (one relevant item in ten, found at position 2).
HARD_QUERY = RankedList((0, 1, 0, 0, 0, 0, 0, 0, 0, 0))
PADDING = 8  # irrelevant items appended in the "padding" demo


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
        name = f"junk {j}"
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
        ("given", "as given, gain rel", lambda: linear),
        ("doubled", "every label × 2, gain rel", lambda: _relabelled(linear, doubled, 2, 0)),
        (
            "shifted",
            "every label + 1 (0–3 written 1–4), gain rel",
            lambda: _relabelled(linear, shifted, 1, 1),
        ),
        (
            "exponential",
            "as given, gain 2^rel − 1",
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
