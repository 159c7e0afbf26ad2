"""NDCG beside its neighbours (version 3): which of P, R, RR, AP, ERR, RBP and NDCG does one
swap of two items move? The /metrics page's question, as an exercise.

From version 4 on the list is cut at a k drawn from 3 to n, so an item can cross k and P@k and
R@k can move. Every wrong option carries its own misconception (its `why`): what picking it
says about the measures, in words that do not name the measures it has wrong.

An option claims a set of measures (keys of `ndcg_core.measures.MEASURES`); it holds when it is
exactly the set whose values differ before and after the swap.
"""

from __future__ import annotations

import math
from functools import lru_cache

from ndcg_core import measures
from ndcg_core.display import NOISE, exact
from ndcg_core.model import EVERY_RANKED, RankedList
from ndcg_core.parsing import format_relevances

from .records import Choice, Claim, Exercise, Slot, draw_cut, draw_grades, new_case


@lru_cache(maxsize=1024)
def measures_changed(before: RankedList, after: RankedList) -> frozenset[str]:
    """The keys of `measures.MEASURES` whose value differs between two lists. Cached: judging
    one answer checks every option against the same two lists."""
    a = measures.all_measures(before).values
    b = measures.all_measures(after).values
    return frozenset(key for key in a if not math.isclose(a[key], b[key], abs_tol=NOISE))


def measures_text(keys: frozenset[str], at: str) -> str:
    """An option's words: 'Only ERR@6 and NDCG@6 change', 'All seven change'."""
    names = [f"{measures.MEASURES[key].symbol}{at}" for key in measures.MEASURES if key in keys]
    if len(names) == len(measures.MEASURES):
        return f"All {len(names)} change"
    listed = ", ".join(names[:-1]) + (" and " if len(names) > 1 else "") + names[-1]
    return f"Only {listed} change{'s' if len(names) == 1 else ''}"


# What each wrong option gets wrong, in words that name the misconception but not the measures
# the option has wrong: a learner told "AP does not move" would just flip AP and be done. No
# numbers either: the before and after values are the answer.
_EVERY = (
    "This pick has every measure reading the grades and their exact order. Only some do: others "
    "see just whether an item is relevant, whether it sits in the top k, or where the first "
    "relevant item is. Ask of each measure whether this swap changes what it reads."
)
_ONLY_NDCG = (
    "This pick has NDCG as the only measure that notices the order. Others weigh positions too, "
    "some with the grades and some with relevant-or-not only. Ask of each measure whether this "
    "swap changes what it reads."
)
_BINARY_ADDED = (
    "This pick moves a measure that only sees relevant-or-not as if it read the grades: such a "
    "measure stays put unless the swap changes which positions of the top k hold a relevant item."
)
_BINARY_LEFT_OUT = (
    "This pick leaves out a measure that only sees relevant-or-not, yet reads where the relevant "
    "items sit: it moves when a relevant item changes places with one that is not."
)
_COUNT_ADDED = (
    "This pick moves the measures that only count the relevant items in the top k, as if they "
    "saw the order inside it: they move only when the swap changes what the top k holds."
)
_COUNT_LEFT_OUT = (
    "This pick keeps the measures that count the relevant items in the top k still, as if no "
    "swap could change what the top k holds: look at where k falls."
)


def _misconception(option: frozenset[str], changed: frozenset[str]) -> str:
    """What picking `option` (a wrong one) says about the measures, for its feedback."""
    if option == frozenset(measures.MEASURES):
        return _EVERY
    if option == frozenset({"ndcg"}):
        return _ONLY_NDCG
    differ = option ^ changed
    if differ <= {"p", "r"}:
        return _COUNT_ADDED if differ <= option else _COUNT_LEFT_OUT
    return _BINARY_ADDED if differ <= option else _BINARY_LEFT_OUT


def before_and_after(exercise: Exercise) -> list[tuple[str, float, float, bool]]:
    """Every measure of `measures.MEASURES` before and after the swap: its symbol with the
    cut-off ('ERR@5'), its value before, its value after (`measures.all_measures`), and whether
    it moved (as `measures_changed` decides)."""
    before, after = exercise.cases
    at = before.ranked.at
    scores = (measures.all_measures(before.ranked), measures.all_measures(after.ranked))
    moved = measures_changed(before.ranked, after.ranked)
    return [
        (f"{m.symbol}{at}", scores[0].values[key], scores[1].values[key], key in moved)
        for key, m in measures.MEASURES.items()
    ]


def make_metric_changes(slot: Slot) -> Exercise:
    """One swap, seven measures: which move? Those that see grades and positions (NDCG, ERR)
    move with any swap of unequal grades; binary ones only when relevance crosses rel_min or a
    first relevant item moves; P@k and R@k only when an item crosses k, which from version 4 on
    can happen: k is drawn below n too."""
    rng = slot.rng
    every = frozenset(measures.MEASURES)
    while True:
        n = rng.randint(5, 7)
        values = draw_grades(rng, n)
        i, j = sorted(rng.sample(range(1, n + 1), 2))
        if values[i - 1] == values[j - 1]:
            continue
        k = draw_cut(rng, n) if slot.version >= 4 else EVERY_RANKED
        after_values = list(values)
        after_values[i - 1], after_values[j - 1] = after_values[j - 1], after_values[i - 1]
        before = new_case("Before the swap", values, k)
        after = new_case(f"After swapping positions {i} and {j}", after_values, k)
        changed = measures_changed(before.ranked, after.ranked)
        if not changed or changed == every:
            continue
        decoys = [every, frozenset({"ndcg"}), changed ^ frozenset({"ap"}), changed ^ {"p", "r"}]
        options = [changed, *(d for d in decoys if d != changed)]
        options = list(dict.fromkeys(options))[:4]
        if len(options) < 4:
            continue
        at = before.ranked.at
        choices = [
            Choice(
                measures_text(option, at),
                option,
                why="" if option == changed else _misconception(option, changed),
            )
            for option in options
        ]
        rng.shuffle(choices)
        settings = measures.MeasureSettings()  # what all_measures scores with
        crossing = (
            f" Here k = {before.ranked.k}: "
            + (
                "the swap carries an item across it."
                if i <= before.ranked.k < j
                else "both items sit on the same side of it."
            )
            if before.ranked.k < n
            else ""
        )
        return slot.exercise(
            title="Which measures does one swap move?",
            prompt=(
                f"The list {format_relevances(values)} is scored at {before.ranked.cut_words} by "
                f"P, R, RR, AP (relevant: grade ≥ {exact(settings.rel_min)}), ERR, RBP (p = "
                f"{exact(settings.p)}) and NDCG. The items at positions {i} "
                f"(grade {exact(values[i - 1])}) and {j} (grade {exact(values[j - 1])}) swap "
                "places. Which measures change?"
            ),
            cases=(before, after),
            choices=tuple(choices),
            explanation=(
                "NDCG and ERR read grades and positions, so any swap "
                "of unequal grades in the top k moves them. P and R only count relevant items "
                "in the top k: they move only when a relevant item crosses k. RR only looks at "
                "the first relevant item, AP and RBP see relevant or not: a swap between two "
                f"relevant items (or two irrelevant ones) leaves them alone.{crossing}"
            ),
            solution_cases=(before, after),
            hint=(
                "For each measure ask what it reads: grades or just relevant/not, positions or "
                "just membership of the top k. Does the swap change what it reads?"
            ),
        )


def holds(exercise: Exercise, claim: Claim) -> bool:
    before, after = exercise.cases
    return claim == measures_changed(before.ranked, after.ranked)
