"""The convention puzzles: two libraries print two different numbers for the same ranked list
(or the same queries), and the learner says why.

Each option is a pair of readings, how libraries X and Y would score: a case each, or one case
per query for a mean. An option holds when its readings print what the puzzle says the two
libraries printed, to their PRINTED_DIGITS; the generator keeps a puzzle only when exactly one
option does.
"""

from __future__ import annotations

import math
from dataclasses import replace
from functools import lru_cache

from i18n import N_, tr, trn
from ndcg_core.display import exact, fixed
from ndcg_core.metrics import totals
from ndcg_core.model import EVERY_RANKED, RankedList
from ndcg_core.parsing import format_relevances

from .records import Case, Choice, Claim, Exercise, Reading, Slot, draw_grades, new_case, variant

WIKIPEDIA = (3.0, 2.0, 3.0, 0.0, 1.0, 2.0)
WIKIPEDIA_UNRETRIEVED = (3.0, 2.0)
PRINTED_DIGITS = 3  # what the puzzles' libraries print: NDCG = 0.785


def printed(kind: str, claim: tuple[Reading, Reading]) -> tuple[float, float]:
    """What the two libraries of a claim would print, as the puzzle shows it."""
    x, y = claim
    if kind == "rank_two":
        return _ranks_one_and_two(x.ranked)
    return (round(reading_score(x), PRINTED_DIGITS), round(reading_score(y), PRINTED_DIGITS))


@lru_cache(maxsize=1024)
def _ranks_one_and_two(ranked: RankedList) -> tuple[float, float]:
    """What ranks 1 and 2 contribute, as printed. Cached, as `records._ndcg` is: judging one
    puzzle reads the truth's numbers again for every option it weighs (`observed`), and the
    breakdown behind them is a DataFrame of 15 columns (about 2 ms)."""
    table = totals(ranked).table
    return tuple(round(float(v), PRINTED_DIGITS) for v in table["contribution"].iloc[:2])


def observed(exercise: Exercise) -> tuple[float, float]:
    truth = exercise.truth or (exercise.cases[0], exercise.cases[-1])
    return printed(exercise.kind, truth)


def _puzzle(
    slot: Slot,
    title: str,
    prompt: str,
    truth: tuple[Case, Case],
    options: list[tuple[str, tuple[Reading, Reading]]],
    explanation: str,
    hint: str,
) -> Exercise:
    slot.rng.shuffle(options)
    return slot.exercise(
        title=tr(title),
        prompt=prompt,
        cases=truth,
        choices=tuple(Choice(text, claim) for text, claim in options),
        explanation=explanation,
        solution_cases=truth,
        hint=hint,
    )


def _one_true(kind: str, truth, options) -> bool:
    """Exactly one option reproduces what the truth prints, and the two libraries disagree."""
    observed = printed(kind, truth)
    if observed[0] == observed[1] and kind != "rank_two":
        return False
    return sum(printed(kind, claim) == observed for _, claim in options) == 1


_POOL_EXPLANATION = N_(
    "Libraries that read the judgments (trec_eval, ranx; the example of today's Wikipedia "
    "article, worked through in the graded walkthrough) put them in the ideal order, which "
    "raises IDCG; libraries that only see the ranked labels (scikit-learn, LightGBM) cannot."
)


def _two_answers(x, x_says: str, y_says: str, values) -> str:
    """The open-ideal puzzle's statement: two libraries' printed NDCG for one ranked list."""
    return tr(
        "Library X reports NDCG{at} = {x} and library Y reports {y} for the same ranked "
        "list, {ranking}. Why do they differ?",
        at=x.ranked.at,
        x=x_says,
        y=y_says,
        ranking=format_relevances(values),
    )


def make_open_ideal(slot: Slot) -> Exercise:
    if slot.version >= 2:
        return _open_ideal_varied(slot)
    base = new_case("Y", WIKIPEDIA)  # k = n = 6: Wikipedia's NDCG@6
    x = variant(base, tr("X (ideal from all judged documents)"), pool=WIKIPEDIA_UNRETRIEVED)
    y = variant(base, tr("Y (ideal from the ranked list)"))
    shown = printed("open_ideal", (x, y))
    x_says, y_says = (fixed(value, PRINTED_DIGITS, decimal=".") for value in shown)
    return _puzzle(
        slot,
        N_("Two libraries, two answers"),
        _two_answers(x, x_says, y_says, WIKIPEDIA),
        (x, y),
        _open_ideal_options(
            base,
            x,
            y,
            tr(
                "X builds the ideal order from every judged document, the two it never "
                "retrieved included; Y only from the six it ranked."
            ),
        ),
        tr("Two relevant documents (grades 3 and 2) were judged but never retrieved.")
        + " "
        + tr(_POOL_EXPLANATION),
        tr(_OPEN_IDEAL_HINT),
    )


_OPEN_IDEAL_HINT = N_(
    "Both read the same ranked list. What could one of them know about this query that the "
    "other does not? Work out what each option would make X report."
)


def _open_ideal_options(base: Case, x: Case, y: Case, first: str) -> list:
    """The four explanations of a pooled puzzle; `first` words the true one."""
    return [
        (first, (x, y)),
        (
            tr("X uses the gain 2^rel − 1, Y the plain grade."),
            (variant(base, gain="exponential"), base),
        ),
        (
            tr("X uses the original Järvelin–Kekäläinen discount, Y 1/log₂(i+1)."),
            (variant(base, discount="jarvelin"), base),
        ),
        # The base cancels out of NDCG under 1/log(i+1): a tempting reason that changes nothing.
        (
            tr("X takes its logarithms to base 10, Y to base 2."),
            (variant(base, log_base=10.0), base),
        ),
    ]


def _open_ideal_varied(slot: Slot) -> Exercise:
    rng = slot.rng
    while True:
        n = rng.randint(5, 7)
        values = draw_grades(rng, n)
        pool = tuple(float(rng.randint(1, 3)) for _ in range(rng.randint(1, 3)))
        k = rng.choice((EVERY_RANKED, rng.randint(3, n - 1)))
        base = new_case("Y", values, k)
        x = variant(base, tr("X (ideal from all judged documents)"), pool=pool)
        y = variant(base, tr("Y (ideal from the ranked list)"))
        options = _open_ideal_options(
            base,
            x,
            y,
            trn(
                "X builds the ideal order from every judged document, the one it never "
                "retrieved included; Y only from the {ranked} it ranked.",
                "X builds the ideal order from every judged document, the {n} it never "
                "retrieved included; Y only from the {ranked} it ranked.",
                len(pool),
                ranked=n,
            ),
        )
        if not _one_true("open_ideal", (x, y), options):
            continue
        x_says, y_says = (
            fixed(v, PRINTED_DIGITS, decimal=".") for v in printed("open_ideal", (x, y))
        )
        grades = format_relevances(pool)
        return _puzzle(
            slot,
            N_("Two libraries, two answers"),
            _two_answers(x, x_says, y_says, values),
            (x, y),
            options,
            trn(
                "{n} relevant document (grade {grades}) was judged but never retrieved.",
                "{n} relevant documents (grades {grades}) were judged but never retrieved.",
                len(pool),
                grades=grades,
            )
            + " "
            + tr(_POOL_EXPLANATION),
            tr(_OPEN_IDEAL_HINT),
        )


def make_all_zero(slot: Slot) -> Exercise:
    if slot.version >= 2:
        return _all_zero_mean(slot)
    n = slot.rng.randint(3, 6)
    zeros = (0.0,) * n
    base = new_case("Y", zeros)
    x = variant(base, tr("X (0/0 counts as 1)"), zero="1")
    y = variant(base, tr("Y (0/0 counts as 0)"))
    options = [
        (
            tr(
                "X scores a query with no relevant item as perfect (0/0 → 1), Y as a miss "
                "(0/0 → 0)."
            ),
            (x, y),
        ),
        (
            tr("X uses the gain 2^rel − 1, which makes grade-0 items count."),
            (variant(base, gain="exponential"), base),
        ),
        (
            tr("X builds the ideal from all judged documents, one of them relevant."),
            (variant(base, pool=(1.0,)), base),
        ),
        (
            tr("X does not discount the first two positions (Järvelin–Kekäläinen)."),
            (variant(base, discount="jarvelin"), base),
        ),
    ]
    return _puzzle(
        slot,
        N_("A query with nothing relevant"),
        tr(
            "None of the {n} ranked documents is relevant: {ranking}. Library X reports "
            "NDCG = 1.000, library Y reports 0.000. Why?",
            n=n,
            ranking=format_relevances(zeros),
        ),
        (x, y),
        options,
        tr(
            "With no relevant item, DCG and IDCG are both 0 and NDCG is 0/0. Every library "
            "must pick a value: LightGBM and XGBoost's ndcg pick 1, scikit-learn, trec_eval and "
            "ranx pick 0. Averaged over many queries this can move the mean a lot."
        ),
        tr("What are DCG and IDCG when no item is relevant? What is 0/0, and who decides?"),
    )


def _all_zero_mean(slot: Slot) -> Exercise:
    """Several queries, one with nothing relevant: two libraries' means differ by the 0/0 rule."""
    rng = slot.rng
    while True:
        others = [draw_grades(rng, rng.randint(3, 5)) for _ in range(rng.randint(2, 3))]
        zeros = (0.0,) * rng.randint(3, 5)
        queries = [*others, zeros]

        def reading(name: str, queries=queries, **scoring) -> tuple[Case, ...]:
            return tuple(
                new_case(tr("{name}, query {q}", name=name, q=q), values, **scoring)
                for q, values in enumerate(queries, start=1)
            )

        x, y = reading("X", zero="1"), reading("Y", zero="0")
        with_pool = (*reading("X")[:-1], variant(reading("X")[-1], pool=(1.0,)))
        options = [
            (
                tr("X counts the query with nothing relevant as perfect (0/0 → 1), Y as a miss."),
                (x, y),
            ),
            (
                tr("X leaves the query with nothing relevant out of its mean, Y counts it as 0."),
                (reading("X", zero="skip"), y),
            ),
            (
                tr("X uses the gain 2^rel − 1, Y the plain grade."),
                (reading("X", gain="exponential"), y),
            ),
            (
                tr(
                    "X builds its ideal from all judged documents, and one relevant document "
                    "was never retrieved for the last query."
                ),
                (with_pool, y),
            ),
        ]
        if not _one_true("all_zero", (x, y), options):
            continue
        x_says, y_says = (
            fixed(v, PRINTED_DIGITS, decimal=".") for v in printed("all_zero", (x, y))
        )
        lists = "; ".join(
            tr("query {q}: {ranking}", q=q, ranking=format_relevances(values))
            for q, values in enumerate(queries, start=1)
        )
        exercise = _puzzle(
            slot,
            N_("Nothing relevant, and the mean moves"),
            tr(
                "A system is scored on {n} queries ({lists}). The last one has no relevant "
                "document. Library X reports a mean NDCG of {x}, library Y {y}. Why?",
                n=len(queries),
                lists=lists,
                x=x_says,
                y=y_says,
            ),
            (x[-1], y[-1]),
            options,
            tr(
                "The last query's NDCG is 0/0: DCG and IDCG are both 0. LightGBM and XGBoost's "
                "ndcg count it as 1, scikit-learn, trec_eval and ranx as 0, and torchmetrics can "
                "leave it out. For one query the choice is the whole score; in a mean it moves "
                "every system's number, so compare systems only under the same rule."
            ),
            tr(
                "What is the last query's NDCG under each option? Then average each library's "
                "scores."
            ),
        )
        # The puzzle is decided on every query's score; its solution shows each query once and
        # the empty one both ways.
        return replace(
            exercise, truth=(x, y), solution_cases=(*x[:-1], x[-1], y[-1]), cases=(x[-1], y[-1])
        )


def make_rank_two(slot: Slot) -> Exercise:
    rng = slot.rng
    n = rng.randint(4, 6)
    grade = float(rng.randint(1, 3))
    values = (grade, grade, *draw_grades(rng, n - 2))
    base = new_case(tr("Standard"), values)
    truth = variant(base, tr("Järvelin–Kekäläinen, base 2"), discount="jarvelin")
    standard = totals(base.ranked).table["contribution"]
    shown = printed("rank_two", (truth, base))
    options = [
        (
            tr(
                "It divides by max(1, log₂ i), the original Järvelin–Kekäläinen discount: "
                "log₂ 2 = 1, so rank 2 is not discounted."
            ),
            (truth, base),
        ),
        (tr("It uses the gain 2^rel − 1."), (variant(base, gain="exponential"), base)),
        (
            tr("It takes the logarithm to base 10 instead of 2."),
            (variant(base, log_base=10.0), base),
        ),
        (
            tr("It builds the ideal order from all judged documents."),
            (variant(base, pool=(grade,)), base),
        ),
    ]
    return _puzzle(
        slot,
        N_("Rank 2 counts as much as rank 1"),
        tr(
            "For the list {ranking}, a tool's table shows the item at rank 1 contributing "
            "{first} to DCG and the item at rank 2 contributing {second}, the same. With "
            "1/log₂(i+1) rank 2 would give {standard}. What is the tool doing?",
            ranking=format_relevances(values),
            first=exact(shown[0]),
            second=exact(shown[1]),
            standard=fixed(standard.iloc[1]),
        ),
        (truth, base),
        options,
        tr(
            "Järvelin and Kekäläinen (2002) only discount ranks at or beyond the log base b, "
            "dividing by log_b(i); with b = 2, log₂ 2 = 1, so ranks 1 and 2 both keep their "
            "full gain. Unlike 1/log₂(i+1), the base here changes NDCG."
        ),
        tr(
            "Work out what each option would make rank 2 contribute. Which one leaves its gain "
            "whole?"
        ),
    )


# ---------------------------------------------------------------------------------------------
# Checking
# ---------------------------------------------------------------------------------------------


def reading_score(reading: Reading) -> float:
    """NDCG of one case, or the mean NDCG over several (queries scored NaN are left out)."""
    if isinstance(reading, Case):
        return reading.score()
    scores = [case.score() for case in reading if not math.isnan(case.score())]
    return sum(scores) / len(scores) if scores else math.nan


def holds(exercise: Exercise, claim: Claim) -> bool:
    """A pair of readings (library X, library Y) holds when it reproduces what the puzzle says
    each library printed."""
    return printed(exercise.kind, claim) == observed(exercise)


def why_not(exercise: Exercise, claim: Claim) -> str:
    shown = printed(exercise.kind, claim)
    seen = observed(exercise)
    if exercise.kind == "rank_two":
        return tr(
            "Under that explanation rank 1 would contribute {first} and rank 2 {second}, not "
            "{seen_first} and {seen_second} as the tool shows.",
            first=exact(shown[0]),
            second=exact(shown[1]),
            seen_first=exact(seen[0]),
            seen_second=exact(seen[1]),
        )
    return tr(
        "If that were the reason, X would report {x} and Y {y}, not {seen_x} and {seen_y}.",
        x=fixed(shown[0], PRINTED_DIGITS, decimal="."),
        y=fixed(shown[1], PRINTED_DIGITS, decimal="."),
        seen_x=fixed(seen[0], PRINTED_DIGITS, decimal="."),
        seen_y=fixed(seen[1], PRINTED_DIGITS, decimal="."),
    )
