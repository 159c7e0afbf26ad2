"""The pitfalls (from version 2 on): what a missing relevant document costs, what padding a list
with irrelevant items does, and where the ideal top k comes from.

Each option claims the values some lists score, to `display.DIGITS`; exactly one option's claim
holds, and every other option carries its own `why`.
"""

from __future__ import annotations

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


def _values_text(value: float) -> str:
    return fixed(value)


def _pitfall(
    slot: Slot,
    title: str,
    prompt: str,
    cases: tuple[Case, ...],
    options: list[Choice],
    explanation: str,
    hint: str,
) -> Exercise:
    slot.rng.shuffle(options)
    return slot.exercise(
        title=title,
        prompt=prompt,
        cases=cases,
        choices=tuple(options),
        explanation=explanation,
        solution_cases=cases,
        hint=hint,
    )


def _distinct(*values: float) -> bool:
    rounded = [round(v, DIGITS) for v in values]
    return len(set(rounded)) == len(rounded)


def make_missing_relevant(slot: Slot) -> Exercise:
    """A closed ideal never punishes a missing item: the list scores 1 against itself."""
    rng = slot.rng
    while True:
        found = sorted((float(rng.randint(1, 3)) for _ in range(rng.randint(1, 2))), reverse=True)
        n = rng.randint(3, 5)
        values = (*found, *(0.0,) * (n - len(found)))
        pool = tuple(float(rng.randint(1, 3)) for _ in range(rng.randint(1, 3)))
        closed = new_case("Ideal from the ranked list", values)
        pooled = variant(closed, "Ideal from every judged document", pool=pool)
        c, p = closed.score(), pooled.score()
        share = len(found) / (len(found) + len(pool))
        if not _distinct(c, p, share):
            continue
        c3, p3, s3 = (round(v, DIGITS) for v in (c, p, share))
        options = [
            Choice(
                f"{_values_text(c)} from the ranked list alone, {_values_text(p)} with every "
                "judged document",
                ((closed, c3), (pooled, p3)),
            ),
            Choice(
                f"{_values_text(p)} either way: NDCG always counts what is missing",
                ((closed, p3), (pooled, p3)),
                why="A library that builds the ideal from the ranked list never sees the "
                "missing documents: it scores the list against the best order of its own items.",
            ),
            Choice(
                f"{_values_text(c)} either way: documents never retrieved cannot change the score",
                ((closed, c3), (pooled, c3)),
                why="They cannot add to DCG, but documents judged relevant join the ideal order "
                "when a library reads the judgments, and that raises IDCG.",
            ),
            Choice(
                f"{_values_text(share)} either way: NDCG is the share of relevant documents found",
                ((closed, s3), (pooled, s3)),
                why="That share is recall. NDCG divides DCG by the best DCG possible, which "
                "depends on the grades and the positions, not on a count.",
            ),
        ]
        many = len(pool) > 1
        return _pitfall(
            slot,
            "What a missing document costs",
            (
                f"A system returns {format_relevances(values)} (every ranked position counts). "
                f"The judgments hold {len(pool)} more relevant document{'s' if many else ''}, "
                f"graded {format_relevances(pool)}, that it never retrieved. What does a library "
                "that builds the ideal from the ranked list report, and what does one that "
                "builds it from every judged document report?"
            ),
            (closed, pooled),
            options,
            (
                "Built from the ranked list, the ideal is the same items sorted, so a list whose "
                "found items are in order scores 1 however much it missed. Built from every "
                "judged document, the ideal also ranks the missed ones, and the list is measured "
                "against what it could have returned."
            ),
            "Write down the ideal order each library builds. Which documents does each know of?",
        )


def make_irrelevant_tail(slot: Slot) -> Exercise:
    """Appending non-relevant items never lowers NDCG (with the ideal cut at the list's length)."""
    rng = slot.rng
    while True:
        n = rng.randint(3, 5)
        values = draw_grades(rng, n)
        m = rng.randint(2, 5)
        short = new_case("The list", values)
        longer = new_case(f"With {m} irrelevant items appended", (*values, *(0.0,) * m))
        pushed = new_case("The new items on top", (*(0.0,) * m, *values))
        x = short.score()
        diluted = x * n / (n + m)
        if not _distinct(x, diluted, pushed.score()):
            continue
        options = [
            Choice(f"{_values_text(x)}: it does not change", ((longer, round(x, DIGITS)),)),
            Choice(
                f"{_values_text(diluted)}: the same score is now spread over {n + m} positions",
                ((longer, round(diluted, DIGITS)),),
                why="NDCG is not an average over positions: a grade-0 item adds 0 to DCG, and "
                "nothing to IDCG either.",
            ),
            Choice(
                f"{_values_text(pushed.score())}: the new items push the others down",
                ((longer, round(pushed.score(), DIGITS)),),
                why="Appended items go below the others: every earlier item keeps its position "
                "and its discount.",
            ),
        ]
        return _pitfall(
            slot,
            "Padding the list with irrelevant items",
            (
                f"The ranked list {format_relevances(values)} scores NDCG = {_values_text(x)}, "
                f"every ranked position counted. The system appends {m} more items, all judged "
                f"not relevant (grade 0), so the list has {n + m} positions. What is its NDCG "
                "now, every ranked position counted?"
            ),
            (short, longer),
            options,
            (
                "A grade-0 item earns nothing wherever it stands, and the ideal order puts the "
                "same zeros last: neither DCG nor IDCG moves. That is why NDCG never punishes "
                "a long tail of irrelevant results, while precision would."
            ),
            "What does a grade-0 item add to DCG? And to IDCG?",
        )


def make_ideal_below_k(slot: Slot) -> Exercise:
    """The ideal top k can hold items ranked below k."""
    rng = slot.rng
    while True:
        n = rng.randint(5, 7)
        values = draw_grades(rng, n)
        k = rng.randint(2, n - 2)
        case = new_case("List", values, k)
        found = {m.key: m.value for m in mistakes.ndcg_mistakes(case.ranked)}
        if "ideal_top_k" not in found or "k_list_only" not in found:
            continue
        truth, top_only, uncut = case.score(), found["ideal_top_k"], found["k_list_only"]
        whole = new_case("List", values).score()
        if not _distinct(truth, top_only, uncut, whole):
            continue
        r = round
        options = [
            Choice(
                f"{_values_text(truth)}: the ideal top {k} is the best {k} of all {n} items",
                ((case, r(truth, DIGITS)),),
            ),
            Choice(
                f"{_values_text(top_only)}: the ideal is the top {k} of the list, re-sorted",
                ((case, r(top_only, DIGITS)),),
                why=f"An item ranked below {k} can belong in the ideal top {k}: the ideal is "
                f"the best order of every item, and the list is blamed for leaving it out.",
            ),
            Choice(
                f"{_values_text(uncut)}: DCG@{k} divided by the IDCG of the whole ideal order",
                ((case, r(uncut, DIGITS)),),
                why=f"Both sides are cut at the same depth: IDCG@{k} sums the ideal's top {k} "
                "places only.",
            ),
            Choice(
                f"{_values_text(whole)}: every position of the list counts",
                ((case, r(whole, DIGITS)),),
                why=f"NDCG@{k} counts the top {k} positions only, on both sides.",
            ),
        ]
        return _pitfall(
            slot,
            "The ideal top k",
            (
                f"What is NDCG@{k} of the list {format_relevances(values)} "
                f"({scored_with(case.ranked)})? Pick the value and the reason."
            ),
            (case,),
            options,
            (
                f"The ideal top {k} is the best {k} grades of the whole list, "
                f"{format_relevances(sorted(values, reverse=True)[:k])}, wherever those items "
                f"were ranked: a relevant item below position {k} still raises IDCG@{k}, "
                "because a better system would have ranked it higher."
            ),
            f"Sort all {n} grades first, then keep the top {k}.",
        )


def holds(exercise: Exercise, claim: Claim) -> bool:
    """Every (case, value) of the claim holds when the case scores the value to DIGITS."""
    return all(round(case.score(), DIGITS) == value for case, value in claim)
