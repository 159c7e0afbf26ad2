"""The calculations: which order scores higher (`compare`), estimate NDCG (`estimate`), fill in a
hidden term of the DCG sum (`missing_term`) and which swap costs the most (`costliest_swap`).

Each is worked out with the numbers of one or two lists. `compare`, `estimate` and
`costliest_swap` are built from their lists by pure functions (`build_compare`, `build_estimate`,
`build_costliest_swap`), which the seeded makers call after drawing the lists and which the live
classroom calls with a teacher's own lists: one exercise, whichever page asks.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import replace
from functools import lru_cache

import i18n
from i18n import tr
from lessons import latex, mistakes
from ndcg_core.display import NOISE, exact, fixed, signed
from ndcg_core.metrics import ndcg, totals
from ndcg_core.model import RankedList
from ndcg_core.options import discounts, gain_record, gains
from ndcg_core.ordering import swap_effect
from ndcg_core.parsing import format_relevances
from ndcg_core.permutations import swap

from .records import (
    Case,
    Choice,
    Claim,
    Exercise,
    Slot,
    discount_table,
    draw_cut,
    draw_grades,
    new_case,
    scored_with,
    variant,
)

ESTIMATE_TOLERANCE = 0.05
# Version 4's estimates: a list is kept only when every common slip (`mistakes.ndcg_mistakes`)
# gives a value at least SLIP_DISTANCE from the right one, and answers count within
# ±SEPARATED_TOLERANCE. Worked with the hint's discounts rounded to two decimals and the result
# rounded to two decimals, a list of up to 8 positions comes out within 0.01 of the truth, so
# ±0.03 is a window a learner who does the work hits. Twice the tolerance would do to keep the
# whole window nearer the truth than to any slip; the extra 0.01 keeps an answer whose gap
# rounds onto the edge clear of a tie. (A distance of 0.1 around ±0.05 kept only one list in
# twenty: the log₂ i slip usually lands within 0.1.)
SEPARATED_TOLERANCE = 0.03
SLIP_DISTANCE = 2 * SEPARATED_TOLERANCE + 0.01
# Version 5's estimates are searched for (`search_estimate`) rather than filtered: filtering on
# version 4's rule mostly kept lists already in order, whose answer is 1 and whose slips all give
# 1 too. A list is kept when its NDCG lies in TARGET_RANGE, when no slip lands within
# CATCH_DISTANCE of the right value without being it (a slip typed to two decimals then still
# lies outside ±SEPARATED_TOLERANCE), and when at least MIN_CATCHABLE slips can be told apart
# (DISTINCT_SLIPS between what they give). About POOLED of the lists have judged items never
# retrieved and EXPONENTIAL use the gain 2^rel − 1, each with its own slip among those caught.
TARGET_RANGE = (0.2, 0.95)
CATCH_DISTANCE = SEPARATED_TOLERANCE + 0.01
DISTINCT_SLIPS = 0.02
MIN_CATCHABLE = 3
POOLED = 0.4
EXPONENTIAL = 0.3
SEARCH_STEPS = 40  # changes tried before a stalled search starts again
MISSING = 0.05  # what each missing catchable slip adds to a list's fault
GAIN_SLIPS = frozenset({"gain_exponential", "gain_linear", "gain_no_minus_one"})
TERM_TOLERANCE = 0.01
# How close an answer must be to what a mistake gives for the feedback to name that mistake.
MISTAKE_WINDOW = {"estimate": ESTIMATE_TOLERANCE / 2, "missing_term": TERM_TOLERANCE}
MARGIN_DIGITS = 2  # "by about 0.12": compare margins are stated to two decimals
MIN_GAP = 0.005  # the best swap must beat the runner-up by this much to be a fair question
# A compare exercise's two lists must differ by at least MIN_MARGIN, or it is a coin toss. Its
# wrong margin is the true one times DECOY_FACTOR, divided by it, or plus DECOY_SHIFT, and only
# if it is at least MIN_DECOY_GAP away from the truth: far enough that stating both to two
# decimals cannot make them look alike.
MIN_MARGIN = 0.02
DECOY_FACTOR = 3
DECOY_SHIFT = 0.15
MIN_DECOY_GAP = 0.04


def make_compare(slot: Slot) -> Exercise:
    rng = slot.rng
    while True:
        n = rng.randint(5, 7)
        values = draw_grades(rng, n)
        k = draw_cut(rng, n)
        a = list(values)
        rng.shuffle(a)
        b = list(a)
        for _ in range(rng.randint(1, 2)):
            i, j = rng.sample(range(n), 2)
            b[i], b[j] = b[j], b[i]
        case_a = new_case("A", a, k)
        case_b = new_case("B", b, k)
        margin = round(abs(case_a.score() - case_b.score()), MARGIN_DIGITS)
        if margin < MIN_MARGIN:
            continue
        wrong = (margin * DECOY_FACTOR, margin / DECOY_FACTOR, margin + DECOY_SHIFT)
        decoys = [
            m
            for m in (round(w, MARGIN_DIGITS) for w in wrong)
            if abs(m - margin) >= MIN_DECOY_GAP and 0 < m < 1
        ]
        return slot.place(build_compare(case_a, case_b, decoy=rng.choice(decoys)))


def build_compare(a: Case, b: Case, decoy: float | None = None) -> Exercise:
    """ "Which order scores higher?" for lists `a` and `b` (named A and B), cut at the same k.

    With a `decoy` margin (a practice set), four options name a winner and a margin to
    MARGIN_DIGITS, one of them true. Without (a teacher's question), two options name the
    winner only; the wrong one says under which slip it would have won, when one would.
    """
    score_a, score_b = a.score(), b.score()
    margin = round(abs(score_a - score_b), MARGIN_DIGITS)
    winner = "A" if score_a > score_b else "B"
    at = a.ranked.at
    same = sorted(a.ranked.relevances) == sorted(b.ranked.relevances)
    if decoy is None:
        choices = tuple(
            Choice(
                tr("{side} scores higher", side=side), (side, margin), why=_winner_why(side, a, b)
            )
            for side in ("A", "B")
        )
    else:
        choices = tuple(
            Choice(
                tr("{side} scores higher, by about {margin}", side=side, margin=exact(m)), (side, m)
            )
            for side in ("A", "B")
            for m in sorted({margin, decoy})
        )
    if same:
        shared = tr(
            "Both lists hold the same items, so they share one IDCG{at}: only the DCGs differ. "
            "{winner} puts more gain near the top, where the discount is gentlest.",
            at=at,
            winner=winner,
        )
        hint = tr(
            "Both lists hold the same items, so they share one IDCG{at}: only their DCGs "
            "differ, and only at the positions where the lists differ.",
            at=at,
        )
    else:
        shared = tr(
            "The lists hold different grades, so each has its own ideal order and IDCG: divide "
            "each DCG by its own."
        )
        hint = tr("Each list has its own ideal order: work out each DCG and each IDCG, and divide.")
    if decoy is not None:
        hint += " " + (
            tr("The margin is the difference of the two DCGs divided by that IDCG.")
            if same
            else tr("The margin is the difference of the two quotients.")
        )
    values = {"at": at, "conventions": scored_with(a.ranked)}
    if same and decoy is not None:
        prompt = tr(
            "Two rankings of the same items. Which one has the higher NDCG{at} ({conventions}), "
            "and by about how much?",
            **values,
        )
    elif same:
        prompt = tr(
            "Two rankings of the same items. Which one has the higher NDCG{at} ({conventions})?",
            **values,
        )
    elif decoy is not None:
        prompt = tr(
            "Which one has the higher NDCG{at} ({conventions}), and by about how much?", **values
        )
    else:
        prompt = tr("Which one has the higher NDCG{at} ({conventions})?", **values)
    return Exercise(
        kind="compare",
        title=tr("Which order scores higher?"),
        prompt=prompt,
        cases=(a, b),
        choices=choices,
        explanation=tr(
            "A scores {a} and B {b}: {winner} is higher, by {margin}.",
            a=fixed(score_a),
            b=fixed(score_b),
            winner=winner,
            margin=fixed(abs(score_a - score_b)),
        )
        + " "
        + shared,
        solution_cases=(a, b),
        hint=hint,
        discounts=discount_table(max(a.ranked.n, b.ranked.n)),
    )


def _winner_why(side: str, a: Case, b: Case) -> str:
    """What picking `side` says, if it is the wrong pick: the scores, and the slip (from
    `mistakes`) under which `side` would have won, when there is one."""
    score = {"A": a.score(), "B": b.score()}
    other = "B" if side == "A" else "A"
    if score[side] > score[other]:
        return ""  # the right pick: nothing is wrong with it
    said = tr(
        "{side} scores {mine}, {other} {theirs}.",
        side=side,
        mine=fixed(score[side]),
        other=other,
        theirs=fixed(score[other]),
    )
    slips = {"A": _slips(a.ranked), "B": _slips(b.ranked)}
    for key in mistakes.NDCG_MISTAKES:
        if key in slips["A"] and key in slips["B"]:
            mine, theirs = slips[side][key], slips[other][key]
            if mine.value > theirs.value and fixed(mine.value) != fixed(theirs.value):
                ahead = tr(
                    "{side} only comes out ahead by {slip}: that gives {side} {mine} and "
                    "{other} {theirs}.",
                    side=side,
                    slip=mine.name,
                    mine=fixed(mine.value),
                    other=other,
                    theirs=fixed(theirs.value),
                )
                return f"{said} {ahead} {mine.advice}"
    return (
        said
        + " "
        + tr(
            "Work out each DCG term by term (the gain over log₂(i + 1)): the top positions "
            "weigh most, and a grade moved down loses more there than it gains below."
        )
    )


def _slips(ranked: RankedList) -> dict[str, mistakes.Mistake]:
    return {m.key: m for m in mistakes.ndcg_mistakes(ranked)}


def make_estimate(slot: Slot) -> Exercise:
    rng = slot.rng
    if slot.version >= 5:
        return slot.place(build_estimate(search_estimate(rng), tolerance=SEPARATED_TOLERANCE))
    while True:
        n = rng.randint(4, 7)
        grades = draw_grades(rng, n)
        case = new_case(tr("List"), grades, draw_cut(rng, n))
        if slot.version >= 2 and rng.random() < 1 / 3:
            # Some lists in newer sets missed relevant items that were judged: the ideal holds them.
            pool = tuple(float(rng.randint(1, 3)) for _ in range(rng.randint(1, 2)))
            case = variant(case, pool=pool)
        if slot.version < 4:
            return slot.place(build_estimate(case))
        if slips_kept_apart(case):
            return slot.place(build_estimate(case, tolerance=SEPARATED_TOLERANCE))


def slips_kept_apart(case: Case, distance: float = SLIP_DISTANCE) -> bool:
    """Whether every common slip gives `case` a value at least `distance` from its NDCG (a slip
    that gives the right value itself does no harm on this list)."""
    truth = case.score()
    return all(
        math.isclose(m.value, truth, abs_tol=NOISE) or abs(m.value - truth) >= distance
        for m in mistakes.ndcg_mistakes(case.ranked)
    )


def search_estimate(rng: random.Random) -> Case:
    """Version 5's estimate list. Its conventions are drawn first (judged items never retrieved
    in about POOLED of the sets, the gain 2^rel − 1 in about EXPONENTIAL), then its grades are
    searched for: from a random list, one grade at a time is changed, and a change is kept when
    it does not take the list further from what `estimate_fault` asks. A search that stalls
    starts again from a fresh list under the same conventions."""
    gain = "exponential" if rng.random() < EXPONENTIAL else "linear"
    pooled = rng.random() < POOLED
    while True:
        n = rng.randint(4, 7)
        k = draw_cut(rng, n)
        pool: tuple[float, ...] = ()
        if pooled:
            pool = tuple(float(rng.randint(1, 3)) for _ in range(rng.randint(1, 2)))
        case = variant(new_case(tr("List"), draw_grades(rng, n), k, gain=gain), pool=pool)
        fault = estimate_fault(case.ranked)
        for _ in range(SEARCH_STEPS):
            if fault == 0:
                return case
            grades, judged = list(case.ranked.relevances), list(pool)
            if judged and rng.random() < 1 / 4:
                judged[rng.randrange(len(judged))] = float(rng.randint(1, 3))
            else:
                grades[rng.randrange(n)] = float(rng.randint(0, 3))
            if not any(grades):
                continue
            candidate = Case(
                case.name, replace(case.ranked, relevances=tuple(grades), pool=tuple(judged))
            )
            tried = estimate_fault(candidate.ranked)
            if tried <= fault:
                case, fault, pool = candidate, tried, tuple(judged)


def estimate_fault(ranked: RankedList) -> float:
    """How far a list is from a fair version-5 estimate; 0 when it is one. Fair: its NDCG lies
    in TARGET_RANGE (not the 1 of a list already in order, whose slips all give 1 too); every
    common slip gives either the right value itself or one at least CATCH_DISTANCE from it (no
    slip lands inside the ±SEPARATED_TOLERANCE that counts, nor so near its edge that a slip
    typed to two decimals would); at least MIN_CATCHABLE of them are `catchable`, the
    judged-but-not-retrieved items' slip among them when the list has some and a gain slip when
    its gain is 2^rel − 1, each giving a number no other slip gives. Each shortfall adds its
    size, so a search can tell better from worse."""
    truth = _fast_ndcg(ranked)
    low, high = TARGET_RANGE
    fault = max(0.0, truth - high) + max(0.0, low - truth)
    slips = mistakes.ndcg_mistakes(ranked)
    for m in slips:
        gap = abs(m.value - truth)
        if NOISE < gap < CATCH_DISTANCE:
            fault += CATCH_DISTANCE - gap
    caught = catchable(slips, truth)
    fault += MISSING * max(0, MIN_CATCHABLE - len({fixed(m.value) for m in caught}))
    # The slip a list's own convention invites must be named as itself: no other slip gives
    # its number (leaving the pool out can give what sorting the top k alone gives).
    alone = {
        m.key
        for m in caught
        if all(other is m or abs(other.value - m.value) >= DISTINCT_SLIPS for other in slips)
    }
    if ranked.pool and "pool_ignored" not in alone:
        fault += MISSING
    if ranked.scoring.gain == "exponential" and not alone & GAIN_SLIPS:
        fault += MISSING
    return fault


def catchable(slips: Sequence[mistakes.Mistake], truth: float) -> list[mistakes.Mistake]:
    """The slips an answer can be caught making: each gives an NDCG (within 0…1) at least
    CATCH_DISTANCE from the right value, and at least DISTINCT_SLIPS from what any other slip
    gives (unless the two give the same number), so that the slip typed to two decimals is
    refused and named as itself."""
    return [
        m
        for m in slips
        if 0 <= m.value <= 1
        and abs(m.value - truth) >= CATCH_DISTANCE
        and all(
            abs(m.value - other.value) >= DISTINCT_SLIPS or fixed(m.value) == fixed(other.value)
            for other in slips
        )
    ]


def _fast_ndcg(ranked: RankedList) -> float:
    """The NDCG `totals` gives, from the core's `ndcg` alone (without the table a page shows):
    a search scores hundreds of lists."""
    return ndcg(ranked.relevances, **ranked.kwargs())


def build_estimate(
    case: Case, tolerance: float = ESTIMATE_TOLERANCE, slips: Sequence[str] | None = None
) -> Exercise:
    """ "Estimate NDCG of this list", right within ± `tolerance`. A wrong answer's feedback names
    only the `slips` given (keys of `mistakes.NDCG_MISTAKES`: those met where it is asked, see
    `lessons.path.slips_met_by`), or any common slip when None."""
    ranked = case.ranked
    gain = tr(gain_record(ranked.scoring.gain).short)
    if ranked.scoring.gain == "linear":
        explanation = tr(
            "Sort the same grades from best to worst for the ideal order, discount both lists "
            "the same way, and divide."
        )
        hint = (
            tr(
                "Sort every grade from best to worst for the ideal order, the judged items that "
                "were not retrieved included. Keep the top k of the list and the top k of the "
                "ideal, multiply each grade by its position's discount (the table), add each "
                "side up, and divide."
            )
            if ranked.pool
            else tr(
                "Sort every grade from best to worst for the ideal order. Keep the top k of the "
                "list and the top k of the ideal, multiply each grade by its position's discount "
                "(the table), add each side up, and divide."
            )
        )
    else:
        explanation = tr(
            "Sort the same grades from best to worst for the ideal order, turn every grade into "
            "its gain ({gain}), discount both lists the same way, and divide.",
            gain=gain,
        )
        grades = sorted({r for r in ranked.relevances + ranked.pool if r > 0})
        worth = ", ".join(
            f"{exact(g)} → {exact(v)}" for g, v in zip(grades, gains(grades, ranked.scoring.gain))
        )
        hint = (
            tr(
                "Sort every grade from best to worst for the ideal order, the judged items that "
                "were not retrieved included. Keep the top k of the list and the top k of the "
                "ideal, multiply each item's gain ({gain}: {worth}) by its position's discount "
                "(the table), add each side up, and divide.",
                gain=gain,
                worth=worth,
            )
            if ranked.pool
            else tr(
                "Sort every grade from best to worst for the ideal order. Keep the top k of the "
                "list and the top k of the ideal, multiply each item's gain ({gain}: {worth}) "
                "by its position's discount (the table), add each side up, and divide.",
                gain=gain,
                worth=worth,
            )
        )
    return Exercise(
        kind="estimate",
        title=tr("Estimate the score"),
        prompt=tr(
            "Estimate NDCG{at} of this ranking ({conventions}) to within ±{tolerance}. Type it "
            "as 0.8, .8 or 80%; a decimal comma works too (0,8).",
            at=ranked.at,
            conventions=scored_with(ranked),
            tolerance=exact(tolerance),
        ),
        cases=(case,),
        target=case.score(),
        tolerance=tolerance,
        explanation=explanation,
        solution_cases=(case,),
        hint=hint,
        discounts=discount_table(max(ranked.n, ranked.judged)),
        slips=None if slips is None else tuple(slips),
    )


def estimate_retry(exercise: Exercise) -> str:
    """What a wrong estimate that no slip explains is told on its retry, beyond the hint: one
    half of the ratio worked out, so the learner can find which half went wrong."""
    ranked = exercise.cases[0].ranked
    at = ranked.at
    return tr(
        "Check one half of the ratio at a time: here IDCG{at} = {idcg}. If yours differs, the "
        "ideal order or where you cut it went wrong; if it matches, work DCG{at} out again, one "
        "position at a time.",
        at=at,
        idcg=fixed(totals(ranked).idcg),
    )


def term_retry(exercise: Exercise) -> str:
    """What a wrong missing term that no slip explains is told on its retry, beyond the hint:
    the two parts of the term, each to check on its own (the logarithm worked out)."""
    ranked = exercise.cases[0].ranked
    i = exercise.position
    grade = ranked.relevances[i - 1]
    return tr(
        "Check its two parts one at a time: the gain of grade {grade} (here gain {gain}), and "
        "what it is divided by, log₂({i} + 1) = {log}.",
        grade=exact(grade),
        gain=tr(gain_record(ranked.scoring.gain).short),
        i=i,
        log=fixed(math.log2(i + 1)),
    )


def make_missing_term(slot: Slot) -> Exercise:
    rng = slot.rng
    n = rng.randint(4, 6)
    gain = rng.choice(("linear", "exponential"))
    case = new_case(tr("List"), draw_grades(rng, n), gain=gain)
    values = case.ranked.relevances
    relevant = [i for i in range(n) if values[i] > 0 and i > 0]
    hidden = rng.choice(relevant) if relevant else 0
    result = totals(case.ranked)
    scoring = case.ranked.scoring
    question = latex.dcg_filled(
        result.table,
        case.ranked.k,
        gain=scoring.gain,
        discount=scoring.discount,
        log_base=scoring.log_base,
        hide=hidden + 1,
    )
    return slot.exercise(
        title=tr("Fill in the missing term"),
        prompt=tr(
            "One term of this DCG sum is hidden: the one at position {position} ({conventions}). "
            "What is its value? Within ±{tolerance} counts. Type a decimal such as 1.26; a "
            "decimal comma works too (1,26).",
            position=hidden + 1,
            conventions=scored_with(case.ranked),
            tolerance=exact(TERM_TOLERANCE),
        ),
        cases=(case,),
        target=float(result.table["contribution"].iloc[hidden]),
        tolerance=TERM_TOLERANCE,
        question_latex=question,
        explanation=tr(
            "Position {position} holds relevance {grade}: its gain divided by log₂({next}). You "
            "can also get it as the total minus the other terms.",
            position=hidden + 1,
            grade=exact(values[hidden]),
            next=hidden + 2,
        ),
        solution_cases=(case,),
        hint=tr(
            "The term at position {position} is its item's gain ({gain}) divided by "
            "log₂({position} + 1). Or take the total and subtract every other term.",
            position=hidden + 1,
            gain=tr(gain_record(scoring.gain).short),
        ),
        position=hidden + 1,
    )


def swap_loss(case: Case, i: int, j: int) -> float:
    """How much NDCG drops when the items at positions i and j (1-based) trade places."""
    return -swap_effect(case.ranked, i, j).change


def make_costliest_swap(slot: Slot) -> Exercise:
    rng = slot.rng
    while True:
        n = rng.randint(5, 7)
        values = tuple(sorted(draw_grades(rng, n), reverse=True))
        case = new_case(tr("List"), values)
        pairs = [(i, j) for i in range(1, n + 1) for j in range(i + 1, n + 1)]
        pairs = [p for p in pairs if values[p[0] - 1] != values[p[1] - 1]]
        if len(pairs) < 4:
            continue
        offered = rng.sample(pairs, 4)
        losses = sorted((swap_loss(case, *p) for p in offered), reverse=True)
        if losses[0] - losses[1] < MIN_GAP:
            continue
        return slot.place(build_costliest_swap(case, offered))


def build_costliest_swap(case: Case, pairs: Sequence[tuple[int, int]]) -> Exercise:
    """ "Which of these swaps lowers NDCG the most?" for `case`: one option per pair of positions
    (1-based), in the order given. The caller makes sure one swap costs the most."""
    ranked = case.ranked
    values = ranked.relevances
    pairs = [tuple(pair) for pair in pairs]
    best = max(pairs, key=lambda p: swap_loss(case, *p))
    after = [values[i] for i in swap(ranked.n, *best)]
    choices = tuple(
        Choice(
            tr(
                "Swap positions {i} and {j} (relevance {first} ↔ {second})",
                i=i,
                j=j,
                first=exact(values[i - 1]),
                second=exact(values[j - 1]),
            ),
            (i, j),
        )
        for i, j in pairs
    )
    lines = "; ".join(f"{i}↔{j}: {signed(-swap_loss(case, i, j))}" for i, j in sorted(pairs))
    score = case.score()
    # The ranking is named: a lesson may ask about another order than the one it shows (the
    # Russian walkthrough shows 4, 5, 3, 2, 1 and asks about the ideal 5, 4, 3, 2, 1).
    values_said = {
        "ranking": format_relevances(values),
        "at": ranked.at,
        "conventions": scored_with(ranked),
    }
    if math.isclose(score, 1.0, abs_tol=NOISE):
        prompt = tr(
            "The ranking {ranking} is perfect (NDCG{at} = 1, {conventions}). Which one of these "
            "swaps lowers its NDCG the most?",
            **values_said,
        )
    else:
        prompt = tr(
            "The ranking {ranking} scores NDCG{at} = {score} ({conventions}). Which one of "
            "these swaps lowers its NDCG the most?",
            score=fixed(score),
            **values_said,
        )
    return Exercise(
        kind="costliest_swap",
        title=tr("Which swap costs the most?"),
        prompt=prompt,
        cases=(case,),
        choices=choices,
        explanation=tr(
            "What each swap costs in NDCG: {lines}. A swap costs most when a big gap in "
            "relevance meets a big gap in discount, which happens highest in the list.",
            lines=lines,
        ),
        solution_cases=(
            case,
            Case(
                tr("After the costliest swap"),
                replace(ranked, relevances=tuple(after), labels=()),
            ),
        ),
        hint=tr(
            "Swapping positions i and j costs (gain at i − gain at j) × (discount at i − "
            "discount at j) in DCG. The discount falls fastest near the top: see the table."
        ),
        discounts=discount_table(ranked.n),
    )


# ---------------------------------------------------------------------------------------------
# Checking: what an option claims, what is wrong with it, what a slip gives
# ---------------------------------------------------------------------------------------------


def compare_holds(exercise: Exercise, claim: Claim) -> bool:
    """A winner and a margin (to MARGIN_DIGITS) hold when the lists' scores say so."""
    winner, margin = claim
    a, b = (case.score() for case in exercise.cases)
    best = "A" if a > b else "B"
    return winner == best and round(abs(a - b), MARGIN_DIGITS) == margin


def compare_why_not(exercise: Exercise, claim: Claim) -> str:
    side, margin = claim
    a, b = (case.score() for case in exercise.cases)
    if side != ("A" if a > b else "B"):
        return tr(
            "{side} scores lower, not higher. Both lists share one IDCG, so compare their "
            "DCGs, and look first at the positions where they differ nearest the top.",
            side=side,
        )
    # Not "A does score higher": with the margin ruled out too, that would leave one option.
    return tr(
        "The gap between the two scores is not about {margin}: work out both NDCGs, then take "
        "the difference (with one shared IDCG, the difference of the two DCGs divided by it).",
        margin=exact(margin),
    )


def swap_holds(exercise: Exercise, claim: Claim) -> bool:
    """A pair of positions holds when no offered swap costs more."""
    (case,) = exercise.cases
    losses = {c.claim: swap_loss(case, *c.claim) for c in exercise.choices}
    return losses[claim] == max(losses.values())


def swap_why_not(exercise: Exercise, claim: Claim) -> str:
    (case,) = exercise.cases
    i, j = claim
    ranked = case.ranked
    g = gains([ranked.relevances[i - 1], ranked.relevances[j - 1]], ranked.scoring.gain)
    d = discounts(ranked.n, ranked.scoring.discount, ranked.scoring.log_base)
    best = totals(ranked).idcg
    return tr(
        "Swapping {i} and {j} costs {cost} of NDCG: (gain gap) × (discount gap) ÷ IDCG = "
        "({gain_i} − {gain_j}) × ({discount_i} − {discount_j}) ÷ {idcg}. Another option costs "
        "more: work the same product out for each.",
        i=i,
        j=j,
        cost=fixed(swap_loss(case, i, j)),
        gain_i=exact(g[0]),
        gain_j=exact(g[1]),
        discount_i=fixed(d[i - 1]),
        discount_j=fixed(d[j - 1]),
        idcg=fixed(best),
    )


def estimate_mistakes(exercise: Exercise) -> tuple[mistakes.Mistake, ...]:
    """What each common slip of working NDCG out by hand would give for the list."""
    return _ndcg_slips(exercise.cases[0].ranked, i18n.language())


@lru_cache(maxsize=1024)
def _ndcg_slips(ranked: RankedList, lang: str) -> tuple[mistakes.Mistake, ...]:
    """Cached, per language (a slip's name and advice are text): every answer judged (a
    class's dozens) asks for the same list's slips."""
    return mistakes.ndcg_mistakes(ranked)


def term_mistakes(exercise: Exercise) -> tuple[mistakes.Mistake, ...]:
    """What each common slip of working one DCG term out would give for the hidden term."""
    if exercise.position is None:
        return ()
    return mistakes.term_mistakes(exercise.cases[0].ranked, exercise.position)
