"""The pitfalls (from version 2 on): what a missing relevant document costs, what padding a list
with irrelevant items does, and where the ideal top k comes from.

Each question is built from its lists by a pure function (`build_missing_relevant`,
`build_irrelevant_tail`, `build_ideal_below_k`), which the seeded makers call after drawing the
lists and which /learn-pitfalls calls with its own examples: one question, whichever page asks.
A builder returns its options in a fixed order; whoever asks shuffles them.

Each option claims what some lists score, to `display.DIGITS`; exactly one option's claim holds,
and every other option carries its own `why`. Practice sets (versions 2–4) show the reasoning in
the option ("0.2000: the same score is now spread over 10 positions"), as their pinned seeds
keep; a lesson asks with the claims alone (`reasons=False`) and shows the reasoning only once an
option is picked, so no option reads like the lesson's heading.

`holds` reads every claim a lesson question makes (`lesson_questions` asks with this kind):

- ``(case, value)``: the case scores `value` to DIGITS;
- ``(case, op, other)``: the case's score compares so (``op`` one of ``<``, ``<=``, ``=``,
  ``>=``, ``>``) with `other`, a case or a number, both rounded to DIGITS.
"""

from __future__ import annotations

import operator
import random
from collections.abc import Sequence
from dataclasses import replace

from i18n import N_, tr, trn
from lessons import mistakes
from ndcg_core.display import DIGITS, fixed
from ndcg_core.parsing import format_relevances

from .records import (
    Case,
    Choice,
    Claim,
    Exercise,
    Slot,
    draw_grades,
    new_case,
    scored_with,
    variant,
)

# The kind a question of value and order claims is judged as: its check (`holds`) reads both.
CLAIMS = "missing_relevant"
ORDER = {
    "<": operator.lt,
    "<=": operator.le,
    "=": operator.eq,
    ">=": operator.ge,
    ">": operator.gt,
}


def _said(value: float) -> float:
    return round(value, DIGITS)


def _distinct(*values: float) -> bool:
    rounded = [_said(v) for v in values]
    return len(set(rounded)) == len(rounded)


def _text(value: float, reason: str, reasons: bool) -> str:
    """An option: its value, and (in a practice set) the reasoning behind it."""
    return tr("{value}: {reason}", value=fixed(value), reason=reason) if reasons else fixed(value)


def shuffled(exercise: Exercise, rng: random.Random) -> Exercise:
    """`exercise` with its options in an order drawn from `rng`."""
    options = list(exercise.choices)
    rng.shuffle(options)
    return replace(exercise, choices=tuple(options))


# The titles of the pitfall questions, in English: a lesson's question is shuffled by its
# English title (`asked_in_order`), so every language shows its options in the same order.
MISSING_TITLE = N_("What a missing document costs")
TAIL_TITLE = N_("Padding the list with irrelevant items")
IDEAL_TOP_K_TITLE = N_("The ideal top k")


def asked_in_order(exercise: Exercise, title: str | None = None) -> Exercise:
    """A lesson's question with its options in a fixed order of its own (seeded by its English
    `title`, else its title), so the true one is not always first, a learner who reloads sees
    the same order, and so does a learner reading another language."""
    return shuffled(exercise, random.Random(title or exercise.title))


def _asked(slot: Slot, exercise: Exercise) -> Exercise:
    return slot.place(shuffled(exercise, slot.rng))


# ---------------------------------------------------------------------------------------------
# A missing relevant document
# ---------------------------------------------------------------------------------------------


def make_missing_relevant(slot: Slot) -> Exercise:
    """A closed ideal never punishes a missing item: the list scores 1 against itself."""
    rng = slot.rng
    while True:
        found = sorted((float(rng.randint(1, 3)) for _ in range(rng.randint(1, 2))), reverse=True)
        n = rng.randint(3, 5)
        values = (*found, *(0.0,) * (n - len(found)))
        pool = tuple(float(rng.randint(1, 3)) for _ in range(rng.randint(1, 3)))
        try:
            return _asked(slot, build_missing_relevant(values, pool))
        except ValueError:  # two options would say the same: draw again
            continue


def build_missing_relevant(
    values: Sequence[float], pool: Sequence[float], *, reasons: bool = True
) -> Exercise:
    """What a library with the ideal from the ranked list, and one with the ideal from every
    judged document, report for `values` when `pool` was judged relevant but never retrieved.
    Raises ValueError when two options would show the same value."""
    values, pool = tuple(float(v) for v in values), tuple(float(v) for v in pool)
    found = sum(1 for v in values if v > 0)
    closed = new_case(tr("Ideal from the ranked list"), values)
    pooled = variant(closed, tr("Ideal from every judged document"), pool=pool)
    c, p = closed.score(), pooled.score()
    share = found / (found + sum(1 for v in pool if v > 0))
    if not _distinct(c, p, share):
        raise ValueError(f"The list {values} with {pool} gives two options one value.")
    c3, p3, s3 = _said(c), _said(p), _said(share)

    def either(value: float, reason: str) -> str:
        if reasons:
            return tr("{value} either way: {reason}", value=fixed(value), reason=reason)
        return tr("{value} from both", value=fixed(value))

    options = (
        Choice(
            tr(
                "{closed} from the ranked list alone, {pooled} with every judged document",
                closed=fixed(c),
                pooled=fixed(p),
            ),
            ((closed, c3), (pooled, p3)),
        ),
        Choice(
            either(p, tr("NDCG always counts what is missing")),
            ((closed, p3), (pooled, p3)),
            why=tr(
                "A library that builds the ideal from the ranked list never sees the missing "
                "documents: it scores the list against the best order of its own items."
            ),
        ),
        Choice(
            either(c, tr("documents never retrieved cannot change the score")),
            ((closed, c3), (pooled, c3)),
            why=tr(
                "They cannot add to DCG, but documents judged relevant join the ideal order "
                "when a library reads the judgments, and that raises IDCG."
            ),
        ),
        Choice(
            either(share, tr("NDCG is the share of relevant documents found")),
            ((closed, s3), (pooled, s3)),
            why=tr(
                "That share is recall. NDCG divides DCG by the best DCG possible, which "
                "depends on the grades and the positions, not on a count."
            ),
        ),
    )
    return Exercise(
        kind="missing_relevant",
        title=tr(MISSING_TITLE),
        prompt=trn(
            "A system returns {ranking}; {n} more relevant document (graded {pool}) was judged "
            "but never retrieved. Every ranked position counts. What does a library report that "
            "builds the ideal from the ranked list, and one that builds it from every judged "
            "document?",
            "A system returns {ranking}; {n} more relevant documents (graded {pool}) were "
            "judged but never retrieved. Every ranked position counts. What does a library "
            "report that builds the ideal from the ranked list, and one that builds it from "
            "every judged document?",
            len(pool),
            ranking=format_relevances(values),
            pool=format_relevances(pool),
        ),
        cases=(closed, pooled),
        choices=options,
        explanation=tr(
            "Built from the ranked list, the ideal is the same items sorted, so a list whose "
            "found items are in order scores 1 however much it missed. Built from every "
            "judged document, the ideal also ranks the missed ones, and the list is measured "
            "against what it could have returned."
        ),
        solution_cases=(closed, pooled),
        hint=tr(
            "Write down the ideal order each library builds. Which documents does each know of?"
        ),
    )


# ---------------------------------------------------------------------------------------------
# Padding with irrelevant items
# ---------------------------------------------------------------------------------------------


def make_irrelevant_tail(slot: Slot) -> Exercise:
    """Appending non-relevant items never lowers NDCG (with the ideal cut at the list's length)."""
    rng = slot.rng
    while True:
        n = rng.randint(3, 5)
        values = draw_grades(rng, n)
        m = rng.randint(2, 5)
        try:
            return _asked(slot, build_irrelevant_tail(values, m))
        except ValueError:
            continue


def build_irrelevant_tail(values: Sequence[float], m: int, *, reasons: bool = True) -> Exercise:
    """What `values` scores once `m` items of grade 0 are appended, every ranked position
    counted. Raises ValueError when two options would show the same value."""
    values = tuple(float(v) for v in values)
    n = len(values)
    short = new_case(tr("The list"), values)
    longer = new_case(
        trn(
            "With {n} irrelevant item appended",
            "With {n} irrelevant items appended",
            m,
        ),
        (*values, *(0.0,) * m),
    )
    pushed = new_case(tr("The new items on top"), (*(0.0,) * m, *values))
    x = short.score()
    diluted = x * n / (n + m)
    if not _distinct(x, diluted, pushed.score()):
        raise ValueError(f"The list {values} with {m} more gives two options one value.")
    options = (
        Choice(_text(x, tr("it does not change"), reasons), ((longer, _said(x)),)),
        Choice(
            _text(
                diluted,
                tr("the same score is now spread over {count} positions", count=n + m),
                reasons,
            ),
            ((longer, _said(diluted)),),
            why=tr(
                "NDCG is not an average over positions: a grade-0 item adds 0 to DCG, and "
                "nothing to IDCG either."
            ),
        ),
        Choice(
            _text(pushed.score(), tr("the new items push the others down"), reasons),
            ((longer, _said(pushed.score())),),
            why=tr(
                "Appended items go below the others: every earlier item keeps its position "
                "and its discount."
            ),
        ),
    )
    return Exercise(
        kind="irrelevant_tail",
        title=tr(TAIL_TITLE),
        prompt=tr(
            "The list {ranking} scores NDCG = {score}. The system appends {m} items judged not "
            "relevant (grade 0). What does the list of {count} score, every position counted?",
            ranking=format_relevances(values),
            score=fixed(x),
            m=m,
            count=n + m,
        ),
        cases=(short, longer),
        choices=options,
        explanation=tr(
            "A grade-0 item earns nothing wherever it stands, and the ideal order puts the "
            "same zeros last: neither DCG nor IDCG moves. That is why NDCG never punishes "
            "a long tail of irrelevant results, while precision would."
        ),
        solution_cases=(short, longer),
        hint=tr("What does a grade-0 item add to DCG? And to IDCG?"),
    )


# ---------------------------------------------------------------------------------------------
# The ideal top k
# ---------------------------------------------------------------------------------------------


def make_ideal_below_k(slot: Slot) -> Exercise:
    """The ideal top k can hold items ranked below k."""
    rng = slot.rng
    while True:
        n = rng.randint(5, 7)
        values = draw_grades(rng, n)
        k = rng.randint(2, n - 2)
        try:
            exercise = build_ideal_below_k(values, k)
        except ValueError:
            continue
        if len(exercise.choices) == 4:  # every reading distinct, as the pinned sets drew
            return _asked(slot, exercise)


def build_ideal_below_k(values: Sequence[float], k: int, *, reasons: bool = True) -> Exercise:
    """NDCG@k of `values`, against what the ideal top k read as the list's own top k, the
    whole ideal, or every position gives. Raises ValueError when the list has no item below k
    that belongs in the ideal top k, or fewer than three readings differ (one that gives the
    right value is left out)."""
    values = tuple(float(v) for v in values)
    n = len(values)
    case = new_case(tr("List"), values, k)
    found = {m.key: m.value for m in mistakes.ndcg_mistakes(case.ranked)}
    if "ideal_top_k" not in found or "k_list_only" not in found:
        raise ValueError(f"The list {values} at k = {k} hides nothing below k.")
    truth, top_only, uncut = case.score(), found["ideal_top_k"], found["k_list_only"]
    whole = new_case(tr("List"), values).score()
    offered = (
        (truth, tr("the ideal top {k} is the best {k} of all {n} items", k=k, n=n), ""),
        (
            top_only,
            tr("the ideal is the top {k} of the list, re-sorted", k=k),
            tr(
                "An item ranked below {k} can belong in the ideal top {k}: the ideal is the "
                "best order of every item, and the list is blamed for leaving it out.",
                k=k,
            ),
        ),
        (
            uncut,
            tr("DCG@{k} divided by the IDCG of the whole ideal order", k=k),
            tr(
                "Both sides are cut at the same depth: IDCG@{k} sums the ideal's top {k} "
                "places only.",
                k=k,
            ),
        ),
        (
            whole,
            tr("every position of the list counts"),
            tr("NDCG@{k} counts the top {k} positions only, on both sides.", k=k),
        ),
    )
    # A reading that gives the right value is no wrong option: it is left out.
    kept, seen = [], set()
    for value, reason, why in offered:
        if _said(value) not in seen:
            seen.add(_said(value))
            kept.append(Choice(_text(value, reason, reasons), ((case, _said(value)),), why=why))
    if len(kept) < 3:
        raise ValueError(f"The list {values} at k = {k} gives fewer than three values.")
    options = tuple(kept)
    return Exercise(
        kind="ideal_below_k",
        title=tr(IDEAL_TOP_K_TITLE),
        prompt=tr(
            "What is NDCG@{k} of the list {ranking} ({conventions})?",
            k=k,
            ranking=format_relevances(values),
            conventions=scored_with(case.ranked),
        )
        + (" " + tr("Pick the value and the reason.") if reasons else ""),
        cases=(case,),
        choices=options,
        explanation=tr(
            "The ideal top {k} is the best {k} grades of the whole list, {ideal}, wherever "
            "those items were ranked: a relevant item below position {k} still raises "
            "IDCG@{k}, because a better system would have ranked it higher.",
            k=k,
            ideal=format_relevances(sorted(values, reverse=True)[:k]),
        ),
        solution_cases=(case,),
        hint=tr("Sort all {n} grades first, then keep the top {k}.", n=n, k=k),
    )


# ---------------------------------------------------------------------------------------------
# Checking
# ---------------------------------------------------------------------------------------------


def _score(side: Case | float) -> float:
    return _said(side.score() if isinstance(side, Case) else float(side))


def part_holds(part: tuple) -> bool:
    """One part of a claim: ``(case, value)`` or ``(case, op, other)`` (see the module's doc)."""
    if len(part) == 2:
        case, value = part
        return _score(case) == value
    case, op, other = part
    return ORDER[op](_score(case), _score(other))


def holds(exercise: Exercise, claim: Claim) -> bool:
    """A claim holds when every one of its parts does, each re-computed from its lists."""
    return all(part_holds(part) for part in claim)
