"""NDCG beside its neighbours (version 3): which of P, R, RR, AP, ERR, RBP and NDCG does one
swap of two items move? The /metrics page's question, as an exercise.

From version 4 on the list is cut at a k drawn from 3 to n, so an item can cross k and P@k and
R@k can move. Every wrong option carries its own misconception (its `why`): what picking it
says about the measures, in words that do not name the measures it has wrong.

An option claims a set of measures (keys of `ndcg_core.measures.SYMBOLS`); it holds when it is
exactly the set whose values differ before and after the swap.
"""

from __future__ import annotations

import math
from functools import lru_cache

from i18n import N_, tr, trn
from ndcg_core import measures
from ndcg_core.display import NOISE, exact
from ndcg_core.model import EVERY_RANKED, RankedList
from ndcg_core.parsing import format_relevances

from .records import Case, Choice, Claim, Exercise, Slot, draw_cut, draw_grades, new_case


@lru_cache(maxsize=1024)
def measures_changed(before: RankedList, after: RankedList) -> frozenset[str]:
    """The keys of `measures.SYMBOLS` whose value differs between two lists. Cached: judging
    one answer checks every option against the same two lists."""
    a = measures.all_measures(before).values
    b = measures.all_measures(after).values
    return frozenset(key for key in a if not math.isclose(a[key], b[key], abs_tol=NOISE))


def measures_text(keys: frozenset[str], at: str) -> str:
    """An option's words: 'Only ERR@6 and NDCG@6 change', 'All seven change'."""
    names = [f"{symbol}{at}" for key, symbol in measures.SYMBOLS.items() if key in keys]
    if len(names) == len(measures.SYMBOLS):
        return trn("All {n} change", "All {n} change", len(names))
    if len(names) == 1:
        return tr("Only {measure} changes", measure=names[0])
    return tr("Only {measures} and {last} change", measures=", ".join(names[:-1]), last=names[-1])


# What each wrong option gets wrong, in words that name the misconception but not the measures
# the option has wrong: a learner told "AP does not move" would just flip AP and be done. No
# numbers either: the before and after values are the answer.
_EVERY = N_(
    "This pick has every measure reading the grades and their exact order. Only some do: others "
    "see just whether an item is relevant, whether it sits in the top k, or where the first "
    "relevant item is. Ask of each measure whether this swap changes what it reads."
)
_ONLY_NDCG = N_(
    "This pick has NDCG as the only measure that notices the order. Others weigh positions too, "
    "some with the grades and some with relevant-or-not only. Ask of each measure whether this "
    "swap changes what it reads."
)
_BINARY_ADDED = N_(
    "This pick moves a measure that only sees relevant-or-not as if it read the grades: such a "
    "measure stays put unless the swap changes which positions of the top k hold a relevant item."
)
_BINARY_LEFT_OUT = N_(
    "This pick leaves out a measure that only sees relevant-or-not, yet reads where the relevant "
    "items sit: it moves when a relevant item changes places with one that is not."
)
_COUNT_ADDED = N_(
    "This pick moves the measures that only count the relevant items in the top k, as if they "
    "saw the order inside it: they move only when the swap changes what the top k holds."
)
_COUNT_LEFT_OUT = N_(
    "This pick keeps the measures that count the relevant items in the top k still, as if no "
    "swap could change what the top k holds: look at where k falls."
)


def _misconception(option: frozenset[str], changed: frozenset[str]) -> str:
    """What picking `option` (a wrong one) says about the measures, for its feedback."""
    if option == frozenset(measures.SYMBOLS):
        return tr(_EVERY)
    if option == frozenset({"ndcg"}):
        return tr(_ONLY_NDCG)
    differ = option ^ changed
    if differ <= {"p", "r"}:
        return tr(_COUNT_ADDED if differ <= option else _COUNT_LEFT_OUT)
    return tr(_BINARY_ADDED if differ <= option else _BINARY_LEFT_OUT)


def before_and_after(exercise: Exercise) -> list[tuple[str, float, float, bool]]:
    """Every measure of `measures.SYMBOLS` before and after the swap: its symbol with the
    cut-off ('ERR@5'), its value before, its value after (`measures.all_measures`), and whether
    it moved (as `measures_changed` decides)."""
    before, after = exercise.cases
    at = before.ranked.at
    scores = (measures.all_measures(before.ranked), measures.all_measures(after.ranked))
    moved = measures_changed(before.ranked, after.ranked)
    return [
        (f"{symbol}{at}", scores[0].values[key], scores[1].values[key], key in moved)
        for key, symbol in measures.SYMBOLS.items()
    ]


# Version 5 draws the answer first, evenly among these five, then a list, a cut-off and a swap
# that give it (checked by `measures_changed`): in version 4 "only ERR and NDCG" was the answer in
# half the sets. Each class, with the swap that gives it:
ANSWER_CLASSES = (
    frozenset({"err", "ndcg"}),  # two relevant items of different grades
    frozenset({"ap", "rbp", "err", "ndcg"}),  # relevant and not, in the top k; first hit stays
    frozenset({"rr", "ap", "rbp", "err", "ndcg"}),  # the same, and the first hit moves
    frozenset({"p", "r", "ap", "rbp", "err", "ndcg"}),  # relevant and not, across k
    frozenset(measures.SYMBOLS),  # across k, and the first hit moves
)
# The wrong options version 5 picks from, besides the other classes: the answer with one measure
# (or the pair P and R) added or taken away, every measure, NDCG alone.
_TOGGLED = ({"ap"}, {"p", "r"}, {"rr"}, {"rbp"})


def make_metric_changes(slot: Slot) -> Exercise:
    """One swap, seven measures: which move? Those that see grades and positions (NDCG, ERR)
    move with any swap of unequal grades; binary ones only when relevance crosses rel_min or a
    first relevant item moves; P@k and R@k only when an item crosses k, which from version 4 on
    can happen: k is drawn below n too. Version 5 draws the answer first (`_swap_for`)."""
    rng = slot.rng
    if slot.version >= 5:
        return _exercise(slot, *_swap_for(rng, rng.choice(ANSWER_CLASSES)))
    every = frozenset(measures.SYMBOLS)
    while True:
        n = rng.randint(5, 7)
        values = draw_grades(rng, n)
        i, j = sorted(rng.sample(range(1, n + 1), 2))
        if values[i - 1] == values[j - 1]:
            continue
        k = draw_cut(rng, n) if slot.version >= 4 else EVERY_RANKED
        before, after = _swapped(values, i, j, k)
        changed = measures_changed(before.ranked, after.ranked)
        if not changed or changed == every:
            continue
        decoys = [every, frozenset({"ndcg"}), changed ^ frozenset({"ap"}), changed ^ {"p", "r"}]
        options = [changed, *(d for d in decoys if d != changed)]
        options = list(dict.fromkeys(options))[:4]
        if len(options) < 4:
            continue
        choices = [_choice(option, changed, before.ranked.at) for option in options]
        rng.shuffle(choices)
        return _exercise(slot, values, i, j, k, tuple(choices))


def _swapped(values, i: int, j: int, k) -> tuple[Case, Case]:
    after = list(values)
    after[i - 1], after[j - 1] = after[j - 1], after[i - 1]
    return new_case(tr("Before the swap"), values, k), new_case(
        tr("After swapping positions {i} and {j}", i=i, j=j), after, k
    )


def _choice(option: frozenset[str], changed: frozenset[str], at: str) -> Choice:
    why = "" if option == changed else _misconception(option, changed)
    return Choice(measures_text(option, at), option, why=why)


def _swap_for(rng, answer: frozenset[str]) -> tuple:
    """A list, a swap (i, j) and a cut-off whose measures that move are exactly `answer` (one of
    ANSWER_CLASSES), with three wrong options, each its own misconception. Which pairs can give
    the class (both relevant or not; inside the top k or across it) is a first sieve; the class
    itself is checked by `measures_changed`."""
    across = "p" in answer
    both_relevant = answer == ANSWER_CLASSES[0]
    rel_min = measures.MeasureSettings().rel_min
    while True:
        n = rng.randint(5, 7)
        values = draw_grades(rng, n)
        k = rng.randint(3, n - 1) if across else draw_cut(rng, n)
        depth = n if k == EVERY_RANKED else k
        pairs = [
            (i, j)
            for i in range(1, n + 1)
            for j in range(i + 1, n + 1)
            if values[i - 1] != values[j - 1]
            and (j > depth if across else j <= depth)
            and ((values[i - 1] >= rel_min) == (values[j - 1] >= rel_min)) == both_relevant
        ]
        rng.shuffle(pairs)
        for i, j in pairs:
            before, after = _swapped(values, i, j, k)
            if measures_changed(before.ranked, after.ranked) != answer:
                continue
            return values, i, j, k, _options(rng, answer, before.ranked.at)


def _options(rng, answer: frozenset[str], at: str) -> tuple[Choice, ...]:
    """The answer and three wrong options drawn from the other classes, the answer with a
    measure toggled, every measure and NDCG alone, no two with the same misconception."""
    wrong = [*ANSWER_CLASSES, frozenset(measures.SYMBOLS), frozenset({"ndcg"})]
    wrong += [answer ^ toggled for toggled in _TOGGLED]
    wrong = [option for option in dict.fromkeys(wrong) if option and option != answer]
    rng.shuffle(wrong)
    picked: dict[str, frozenset[str]] = {}
    for option in wrong:
        picked.setdefault(_misconception(option, answer), option)
    choices = [_choice(option, answer, at) for option in [answer, *list(picked.values())[:3]]]
    rng.shuffle(choices)
    return tuple(choices)


def _exercise(slot: Slot, values, i: int, j: int, k, choices: tuple[Choice, ...]) -> Exercise:
    before, after = _swapped(values, i, j, k)
    n = len(values)
    settings = measures.MeasureSettings()  # what all_measures scores with
    crossing = ""
    if before.ranked.k < n:
        if i <= before.ranked.k < j:
            crossing = " " + tr(
                "Here k = {k}: the swap carries an item across it.", k=before.ranked.k
            )
        else:
            crossing = " " + tr(
                "Here k = {k}: both items sit on the same side of it.", k=before.ranked.k
            )
    return slot.exercise(
        title=tr("Which measures does one swap move?"),
        prompt=tr(
            "The list {ranking} is scored at {cut} by P, R, RR, AP (relevant: grade ≥ "
            "{rel_min}), ERR, RBP (p = {p}) and NDCG. The items at positions {i} (grade "
            "{grade_i}) and {j} (grade {grade_j}) swap places. Which measures change?",
            ranking=format_relevances(values),
            cut=before.ranked.cut_words,
            rel_min=exact(settings.rel_min),
            p=exact(settings.p),
            i=i,
            grade_i=exact(values[i - 1]),
            j=j,
            grade_j=exact(values[j - 1]),
        ),
        cases=(before, after),
        choices=choices,
        explanation=tr(
            "NDCG and ERR read grades and positions, so any swap of unequal grades in the top "
            "k moves them. P and R only count relevant items in the top k: they move only when "
            "a relevant item crosses k. RR only looks at the first relevant item, AP and RBP "
            "see relevant or not: a swap between two relevant items (or two irrelevant ones) "
            "leaves them alone."
        )
        + crossing,
        solution_cases=(before, after),
        hint=tr(
            "For each measure ask what it reads: grades or just relevant/not, positions or "
            "just membership of the top k. Does the swap change what it reads?"
        ),
    )


def holds(exercise: Exercise, claim: Claim) -> bool:
    before, after = exercise.cases
    return claim == measures_changed(before.ranked, after.ranked)
