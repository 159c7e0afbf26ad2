"""NDCG beside its neighbours (version 3): which of P, R, RR, AP, ERR, RBP and NDCG does one
swap of two items move? The /metrics page's question, as an exercise.

An option claims a set of measures (keys of `ndcg_core.measures.MEASURES`); it holds when it is
exactly the set whose values differ before and after the swap.
"""

from __future__ import annotations

import math

from ndcg_core import measures
from ndcg_core.display import NOISE, exact, fixed
from ndcg_core.model import RankedList
from ndcg_core.parsing import format_relevances

from .records import Choice, Claim, Exercise, Slot, draw_grades, new_case


def measures_changed(before: RankedList, after: RankedList) -> frozenset[str]:
    """The keys of `measures.MEASURES` whose value differs between two lists."""
    a = measures.all_measures(before).values
    b = measures.all_measures(after).values
    return frozenset(key for key in a if not math.isclose(a[key], b[key], abs_tol=NOISE))


def _measures_text(keys: frozenset[str], at: str) -> str:
    """An option's words: 'Only ERR@6 and NDCG@6 change', 'All seven change'."""
    names = [f"{measures.MEASURES[key].symbol}{at}" for key in measures.MEASURES if key in keys]
    if len(names) == len(measures.MEASURES):
        return f"All {len(names)} change"
    listed = ", ".join(names[:-1]) + (" and " if len(names) > 1 else "") + names[-1]
    return f"Only {listed} change{'s' if len(names) == 1 else ''}"


def make_metric_changes(slot: Slot) -> Exercise:
    """One swap, seven measures: which move? Those that see grades and positions (NDCG, ERR)
    move with any swap of unequal grades; binary ones only when relevance crosses rel_min or a
    first relevant item moves; P@k and R@k only when an item crosses k."""
    rng = slot.rng
    every = frozenset(measures.MEASURES)
    while True:
        n = rng.randint(5, 7)
        values = draw_grades(rng, n)
        i, j = sorted(rng.sample(range(1, n + 1), 2))
        if values[i - 1] == values[j - 1]:
            continue
        after_values = list(values)
        after_values[i - 1], after_values[j - 1] = after_values[j - 1], after_values[i - 1]
        before = new_case("Before the swap", values)
        after = new_case(f"After swapping positions {i} and {j}", after_values)
        changed = measures_changed(before.ranked, after.ranked)
        if not changed or changed == every:
            continue
        decoys = [every, frozenset({"ndcg"}), changed ^ frozenset({"ap"}), changed ^ {"p", "r"}]
        options = [changed, *(d for d in decoys if d != changed)]
        options = list(dict.fromkeys(options))[:4]
        if len(options) < 4:
            continue
        at = before.ranked.at
        scores = (measures.all_measures(before.ranked), measures.all_measures(after.ranked))
        lines = "; ".join(
            f"{measures.MEASURES[key].symbol}{at} {fixed(scores[0].values[key])} → "
            f"{fixed(scores[1].values[key])}"
            for key in measures.MEASURES
        )
        choices = [
            Choice(
                _measures_text(option, at),
                option,
                why="" if option == changed else f"Computed before and after the swap: {lines}.",
            )
            for option in options
        ]
        rng.shuffle(choices)
        settings = measures.MeasureSettings()  # what all_measures scores with
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
                f"Before → after: {lines}. NDCG and ERR read grades and positions, so any swap "
                "of unequal grades moves them. P and R only count relevant items in the top k, "
                "RR only looks at the first one, AP and RBP see relevant or not: a swap between "
                "two relevant items (or two irrelevant ones) leaves them alone."
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
