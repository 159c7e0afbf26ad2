"""The calculations: which order scores higher (`compare`), estimate NDCG (`estimate`), fill in a
hidden term of the DCG sum (`missing_term`) and which swap costs the most (`costliest_swap`).

Each is worked out with the numbers of one or two lists. `compare`, `estimate` and
`costliest_swap` are built from their lists by pure functions (`build_compare`, `build_estimate`,
`build_costliest_swap`), which the seeded makers call after drawing the lists and which the live
classroom calls with a teacher's own lists: one exercise, whichever page asks.
"""

from __future__ import annotations

from lessons import mistakes
from ndcg_core import latex
from ndcg_core.display import exact, fixed, signed
from ndcg_core.metrics import totals
from ndcg_core.options import discounts, gains

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
    variant,
)

ESTIMATE_TOLERANCE = 0.05
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
        score_a, score_b = case_a.score(), case_b.score()
        margin = round(abs(score_a - score_b), MARGIN_DIGITS)
        if margin < MIN_MARGIN:
            continue
        wrong = (margin * DECOY_FACTOR, margin / DECOY_FACTOR, margin + DECOY_SHIFT)
        decoys = [
            m
            for m in (round(w, MARGIN_DIGITS) for w in wrong)
            if abs(m - margin) >= MIN_DECOY_GAP and 0 < m < 1
        ]
        decoy = rng.choice(decoys)
        winner = "A" if score_a > score_b else "B"
        choices = [
            Choice(f"{side} scores higher, by about {exact(m)}", (side, m))
            for side in ("A", "B")
            for m in sorted({margin, decoy})
        ]
        at = case_a.ranked.at
        return slot.exercise(
            title="Which order scores higher?",
            prompt=(
                f"Two rankings of the same items. Which one has the higher NDCG{at} "
                f"(linear gain, 1/log₂(i+1) discount), and by about how much?"
            ),
            cases=(case_a, case_b),
            choices=tuple(choices),
            explanation=(
                f"Both lists hold the same items, so they share one IDCG{at}: only the DCGs "
                f"differ. {winner} puts more gain near the top, where the discount is gentlest."
            ),
            solution_cases=(case_a, case_b),
            hint=(
                f"Both lists hold the same items, so they share one IDCG{at}: only their DCGs "
                "differ, and only at the positions where the lists differ. The margin is the "
                "difference of the two DCGs divided by that IDCG."
            ),
            discounts=discount_table(n),
        )


def make_estimate(slot: Slot) -> Exercise:
    rng = slot.rng
    n = rng.randint(4, 7)
    grades = draw_grades(rng, n)
    case = new_case("List", grades, draw_cut(rng, n))
    if slot.version >= 2 and rng.random() < 1 / 3:
        # Some lists in newer sets missed relevant items that were judged: the ideal holds them.
        pool = tuple(float(rng.randint(1, 3)) for _ in range(rng.randint(1, 2)))
        case = variant(case, pool=pool)
    at = case.ranked.at
    pool_step = ", the judged items that were not retrieved included" if case.ranked.pool else ""
    return slot.exercise(
        title="Estimate the score",
        prompt=(
            f"Estimate NDCG{at} of this ranking (linear gain, 1/log₂(i+1) discount) to within "
            f"±{exact(ESTIMATE_TOLERANCE)}. Type it as 0.8, .8 or 80%."
        ),
        cases=(case,),
        target=case.score(),
        tolerance=ESTIMATE_TOLERANCE,
        explanation=(
            "Sort the same grades from best to worst for the ideal order, discount both lists "
            "the same way, and divide."
        ),
        solution_cases=(case,),
        hint=(
            f"Sort every grade from best to worst for the ideal order{pool_step}. Keep the "
            "top k of the list and the top k of the ideal, multiply each grade by its "
            "position's discount (the table), add each side up, and divide."
        ),
        discounts=discount_table(max(case.ranked.n, case.ranked.judged)),
    )


def make_missing_term(slot: Slot) -> Exercise:
    rng = slot.rng
    n = rng.randint(4, 6)
    gain = rng.choice(("linear", "exponential"))
    case = new_case("List", draw_grades(rng, n), gain=gain)
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
    gain_words = "rel" if gain == "linear" else "2^rel − 1"
    return slot.exercise(
        title="Fill in the missing term",
        prompt=(
            f"One term of this DCG sum is hidden: the one at position {hidden + 1} (gain "
            f"{gain_words}, discount 1/log₂(i+1)). What is its value? Within "
            f"±{exact(TERM_TOLERANCE)} counts."
        ),
        cases=(case,),
        target=float(result.table["contribution"].iloc[hidden]),
        tolerance=TERM_TOLERANCE,
        question_latex=question,
        explanation=(
            f"Position {hidden + 1} holds relevance {exact(values[hidden])}: its "
            f"gain divided by log₂({hidden + 2}). You can also get it as the total minus the "
            f"other terms."
        ),
        solution_cases=(case,),
        hint=(
            f"The term at position {hidden + 1} is its item's gain ({gain_words}) divided by "
            f"log₂({hidden + 1} + 1). Or take the total and subtract every other term."
        ),
        position=hidden + 1,
    )


def _swapped(n: int, i: int, j: int) -> list[int]:
    """The order of n items with positions i and j (1-based) traded."""
    order = list(range(n))
    order[i - 1], order[j - 1] = order[j - 1], order[i - 1]
    return order


def swap_loss(case: Case, i: int, j: int) -> float:
    """How much NDCG drops when the items at positions i and j (1-based) trade places."""
    after = case.ranked.reordered(_swapped(case.ranked.n, i, j))
    return case.score() - Case(case.name, after).score()


def make_costliest_swap(slot: Slot) -> Exercise:
    rng = slot.rng
    while True:
        n = rng.randint(5, 7)
        values = tuple(sorted(draw_grades(rng, n), reverse=True))
        case = new_case("List", values)
        pairs = [(i, j) for i in range(1, n + 1) for j in range(i + 1, n + 1)]
        pairs = [p for p in pairs if values[p[0] - 1] != values[p[1] - 1]]
        if len(pairs) < 4:
            continue
        offered = rng.sample(pairs, 4)
        losses = sorted((swap_loss(case, *p) for p in offered), reverse=True)
        if losses[0] - losses[1] < MIN_GAP:
            continue
        best = max(offered, key=lambda p: swap_loss(case, *p))
        after = [values[i] for i in _swapped(n, *best)]
        choices = tuple(
            Choice(
                f"Swap positions {i} and {j} (relevance {exact(values[i - 1])} ↔ "
                f"{exact(values[j - 1])})",
                (i, j),
            )
            for i, j in offered
        )
        lines = "; ".join(f"{i}↔{j}: {signed(-swap_loss(case, i, j))}" for i, j in sorted(offered))
        return slot.exercise(
            title="Which swap costs the most?",
            prompt=(
                "This ranking is perfect (NDCG = 1, linear gain, 1/log₂(i+1) discount). "
                "Which one of these swaps lowers its NDCG the most?"
            ),
            cases=(case,),
            choices=choices,
            explanation=(
                f"What each swap costs in NDCG: {lines}. A swap costs most when a big gap in "
                f"relevance meets a big gap in discount, which happens highest in the list."
            ),
            solution_cases=(case, new_case("After the costliest swap", after)),
            hint=(
                "Swapping positions i and j costs (gain at i − gain at j) × (discount at i − "
                "discount at j) in DCG. The discount falls fastest near the top: see the table."
            ),
            discounts=discount_table(n),
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
        return (
            f"{side} scores lower, not higher. Both lists share one IDCG, so compare their "
            "DCGs, and look first at the positions where they differ nearest the top."
        )
    return (
        f"{side} does score higher, but not by about {exact(margin)}: the margin is the "
        "difference of the two DCGs divided by their shared IDCG."
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
    return (
        f"Swapping {i} and {j} costs {fixed(swap_loss(case, i, j))} of NDCG: (gain gap) × "
        f"(discount gap) ÷ IDCG = ({exact(g[0])} − {exact(g[1])}) × ({fixed(d[i - 1])} − "
        f"{fixed(d[j - 1])}) ÷ {fixed(best)}. Another option costs more: work the same "
        "product out for each."
    )


def estimate_mistakes(exercise: Exercise) -> tuple[mistakes.Mistake, ...]:
    """What each common slip of working NDCG out by hand would give for the list."""
    return mistakes.ndcg_mistakes(exercise.cases[0].ranked)


def term_mistakes(exercise: Exercise) -> tuple[mistakes.Mistake, ...]:
    """What each common slip of working one DCG term out would give for the hidden term."""
    if exercise.position is None:
        return ()
    return mistakes.term_mistakes(exercise.cases[0].ranked, exercise.position)
