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
import random
from dataclasses import dataclass, replace

import numpy as np
import pandas as pd

from lessons.practice import Case, Choice, Exercise
from lessons.practice.calculations import build_compare
from lessons.practice.records import scored_with
from ndcg_core.display import DIGITS, NOISE, fixed
from ndcg_core.measures import p_at_k
from ndcg_core.metrics import Totals, breakdown, dcg, totals
from ndcg_core.model import RankedList, Scoring, default_labels, derived
from ndcg_core.options import ON_ZERO, discounts
from ndcg_core.ordering import ExpectedRandom, expected_random
from ndcg_core.parsing import format_relevances


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
                "An ideal built from the ranked list alone (scikit-learn, LightGBM, XGBoost, "
                "torchmetrics) leaves out what the system never retrieved, so one hit above two "
                "misses scores 1.0. Only an ideal built from every judged item (trec_eval, "
                "ranx) counts them."
            ),
            remedy=(
                "Give the scorer every judged item of the query, not only those returned, or "
                "report recall beside NDCG."
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
                "The ideal sorts every judged item, then cuts at k: a relevant item ranked "
                "below k still belongs in the ideal top k. Sorting only the top k makes IDCG too "
                "small and NDCG too high."
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
        Pitfall(
            key="several",
            title="A short cut-off cannot tell one good result from many",
            belief="Of two result pages, the one with more good results scores higher.",
            truth=(
                "NDCG@k looks at the first k positions and nothing else. For a query with many "
                "equally good answers (nearby restaurants, say), a page with one of them on "
                "top and junk below scores exactly as high at k = 1 as a page full of them. "
                "Even at a deeper k, an ideal built from the list alone calls the first page "
                "perfect: it is already in the best order of what it holds."
            ),
            remedy=(
                "Choose k as deep as the page the user really sees, and build the ideal from "
                "every judged item, so the good answers a page left out count against it."
            ),
            example=RankedList((1, 0, 0, 0, 0), scoring=Scoring(k=1)),
        ),
    )
}

# The "compare" demo: the worst order of an easy query (eight relevant items in ten) against a
# nearly perfect order of a hard one (one relevant item in ten, found at position 2).
HARD_QUERY = RankedList((0, 1, 0, 0, 0, 0, 0, 0, 0, 0))
PADDING = 8  # irrelevant items appended in the "padding" demo
# The "several" demo: the same query answered by a page full of good results.
FULL_PAGE = RankedList((1, 1, 1, 1, 1), scoring=Scoring(k=1))


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


def at_several_k(ranked: RankedList, cuts: tuple[int, ...] = (1, 3, 5, 10)) -> list[Baseline]:
    """The list's NDCG beside a random order's at each cut-off of `cuts` shorter than the list,
    at the list's own k and at k = n: how to report more than one k and read each against
    chance."""
    own = {min(ranked.k, ranked.n)} if ranked.k is not None else set()
    depths = sorted({k for k in cuts if k < ranked.n} | own | {ranked.n})
    return [baseline(ranked.with_scoring(k=k)) for k in depths]


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


# ---------------------------------------------------------------------------------------------
# Each belief as a question, asked before the page shows what is true
# ---------------------------------------------------------------------------------------------

# A question's options claim what lists score, to DIGITS, and are judged by the practice
# pitfalls' check (each claim re-computed from its lists); the kind names which of that group's
# checks and feedback it shares.
CLAIM_KIND = "missing_relevant"


def _said(value: float) -> float:
    return round(value, DIGITS)


def _claims(exercise_prompt: str, title: str, cases, options, explanation: str) -> Exercise:
    # The true option is not always in the same place: a fixed order per question, so a
    # learner who reloads sees the same one.
    random.Random(title).shuffle(options)
    values = [tuple(value for _, value in choice.claim) for choice in options]
    if len(set(values)) != len(values):  # two options saying the same: no fair question
        raise ValueError(f"`options` must claim different values; got {values}.")
    return Exercise(
        kind=CLAIM_KIND,
        title=title,
        prompt=exercise_prompt,
        cases=tuple(cases),
        choices=tuple(options),
        explanation=explanation,
        solution_cases=tuple(cases),
    )


def question(key: str) -> Exercise:
    """The belief of pitfall `key` turned into a question about its example, with one true
    option and the others each saying what is wrong with them."""
    pitfall = PITFALLS[key]
    example = pitfall.example
    if key == "closed":
        closed = Case("Ideal from the list", example.with_scoring(ideal="run"))
        _, open_ = closed_and_open(example)
        found = sum(1 for v in example.relevances if v > 0)
        share = found / (found + sum(1 for v in example.pool if v > 0))
        return _claims(
            f"A system returns {format_relevances(example.relevances)}. Two more items were "
            f"judged relevant ({format_relevances(example.pool)}) but never returned. What "
            f"NDCG{closed.ranked.at} does a library that builds the ideal from the returned "
            "list alone (scikit-learn, say) report?",
            "A list that scores 1",
            (closed,),
            [
                Choice(f"{fixed(1.0)}: nothing it returned is out of order", ((closed, 1.0),)),
                Choice(
                    f"{fixed(open_.ndcg)}: the two missed items count against it",
                    ((closed, _said(open_.ndcg)),),
                    why="That is what a library reading every judged item reports (trec_eval). "
                    "Built from the list alone, the ideal is the list's own items sorted, and "
                    "the missed ones are not among them.",
                ),
                Choice(
                    f"{fixed(share)}: it found one of the three relevant items",
                    ((closed, _said(share)),),
                    why="That share is recall. NDCG divides DCG by the best DCG of the items "
                    "its ideal knows about; it never counts items found.",
                ),
            ],
            "Scored against its own items, the list is already in the best order.",
        )
    if key == "padding":
        demo = padded(example)
        longer = Case("With junk", demo.after.ranked)
        n, m = example.n, PADDING
        diluted = demo.before.ndcg * n / (n + m)
        # what the list would score with the junk on top instead: the belief's picture
        pushed = totals(replace(demo.after.ranked, relevances=(0.0,) * m + example.relevances)).ndcg
        return _claims(
            f"The list {format_relevances(example.relevances)} scores NDCG{demo.before.at} = "
            f"{fixed(demo.before.ndcg)}. The system appends {m} items judged not relevant, and "
            f"each list is scored at its own length. What does the longer one score?",
            "Padding with junk",
            (longer,),
            [
                Choice(
                    f"{fixed(demo.after.ndcg)}: nothing changes",
                    ((longer, _said(demo.after.ndcg)),),
                ),
                Choice(
                    f"{fixed(diluted)}: the same gain is spread over {n + m} positions",
                    ((longer, _said(diluted)),),
                    why="NDCG is not an average over positions: a grade-0 item adds 0 to DCG, "
                    "and the ideal puts the same zeros last, so IDCG does not move either.",
                ),
                Choice(
                    f"{fixed(pushed)}: the junk pushes the good items down",
                    ((longer, _said(pushed)),),
                    why="Appended items go below the others: every good item keeps its "
                    "position and its discount.",
                ),
            ],
            "A grade-0 item earns nothing in DCG or IDCG, wherever it stands.",
        )
    if key == "ideal_cut":
        demo = ideal_cut(example)
        case = Case("List", example)
        whole = totals(example.with_scoring(k=Scoring().k)).ndcg
        k = example.k
        return _claims(
            f"What is NDCG@{k} of {format_relevances(example.relevances)} (every item "
            "judged, nothing else relevant)?",
            "The ideal top k",
            (case,),
            [
                Choice(
                    f"{fixed(demo.right.ndcg)}: the ideal top {k} is the best {k} of all "
                    f"{example.n} items",
                    ((case, _said(demo.right.ndcg)),),
                ),
                Choice(
                    f"{fixed(demo.wrong_ndcg)}: the ideal is the list's own top {k}, re-sorted",
                    ((case, _said(demo.wrong_ndcg)),),
                    why=f"An item ranked below {k} can belong in the ideal top {k}: the ideal "
                    "sorts every judged item first and is cut afterwards.",
                ),
                Choice(
                    f"{fixed(whole)}: every position of the list counts",
                    ((case, _said(whole)),),
                    why=f"NDCG@{k} counts the top {k} positions only, on both sides.",
                ),
            ],
            "Sort every item, then cut at k.",
        )
    if key == "scale":
        rows = {row.key: row for row in readings(example)}
        given, doubled, shifted = rows["given"], rows["doubled"], rows["shifted"]
        twice = Case("Every label × 2", doubled.ranked)
        plus = Case("Every label + 1", shifted.ranked)
        same, moved = _said(given.ndcg), _said(shifted.ndcg)
        return _claims(
            f"The list {format_relevances(example.relevances)} scores NDCG{example.at} = "
            f"{fixed(given.ndcg)} ({scored_with(example.with_scoring(gain='linear'))}). "
            "What happens if every label is doubled (0–3 written 0–6), or if 1 is added to "
            "every label (0–3 written 1–4)?",
            "Rewriting the labels",
            (twice, plus),
            [
                Choice(
                    f"Neither changes it: both stay at {fixed(given.ndcg)}",
                    ((twice, same), (plus, same)),
                    why="Adding 1 lifts every item, the irrelevant ones too: the order then "
                    "matters relatively less, and the ratio moves.",
                ),
                Choice(
                    f"Doubling keeps {fixed(given.ndcg)}; adding 1 makes it {fixed(shifted.ndcg)}",
                    ((twice, same), (plus, moved)),
                ),
                Choice(
                    f"Both make it {fixed(shifted.ndcg)}",
                    ((twice, moved), (plus, moved)),
                    why="Doubling every gain doubles DCG and IDCG alike: their ratio does not "
                    "move.",
                ),
            ],
            "A factor cancels in the ratio; a shift does not.",
        )
    if key == "zero":
        rules = {
            rule: Case(f"0/0 → {rule}", example.with_scoring(zero=rule)) for rule in ("0", "1")
        }
        z0, z1 = rules["0"], rules["1"]
        return _claims(
            f"A query's list is {format_relevances(example.relevances)}: nothing relevant "
            "anywhere. What NDCG do scikit-learn and LightGBM give it?",
            "Nothing relevant",
            (z0, z1),
            [
                Choice(
                    "0 in both: nothing relevant, nothing earned",
                    ((z0, 0.0), (z1, 0.0)),
                    why="DCG and IDCG are both 0, and 0/0 has no value: each library picks "
                    "one. LightGBM (and XGBoost) pick 1.",
                ),
                Choice("0 in scikit-learn, 1 in LightGBM", ((z0, 0.0), (z1, 1.0))),
                Choice(
                    "1 in both: no order could be better",
                    ((z0, 1.0), (z1, 1.0)),
                    why="DCG and IDCG are both 0, and 0/0 has no value: each library picks "
                    "one. scikit-learn (and trec_eval) pick 0.",
                ),
            ],
            "0/0 has no value: each library chooses one.",
        )
    if key == "compare":
        easy, hard = Case("A", example), Case("B", HARD_QUERY)
        return build_compare(easy, hard)
    if key == "several":
        one, many = Case("X", example), Case("Y", FULL_PAGE)
        k = example.k
        return _claims(
            f"A query has many equally good answers. Page X shows one of them on top, then "
            f"junk: {format_relevances(example.relevances)}. Page Y shows five: "
            f"{format_relevances(FULL_PAGE.relevances)}. What does each score at k = {k}?",
            "Several equally good results",
            (one, many),
            [
                Choice(f"Both {fixed(1.0)}", ((one, 1.0), (many, 1.0))),
                Choice(
                    f"X {fixed(0.2)}, Y {fixed(1.0)}: X found one good result in five",
                    ((one, 0.2), (many, 1.0)),
                    why=f"At k = {k} only the first position counts, on both sides, and both "
                    "pages put a good result there.",
                ),
            ],
            f"At k = {k}, only position 1 is looked at.",
        )
    raise ValueError(f"`key` must be one of {', '.join(PITFALLS)}; got {key!r}.")
