"""Practice exercises: generated from a seed, checked by the core, solved with the learner's numbers.

A set is a pure function of its seed, so a teacher can hand the same seed to a whole class and
everyone gets the same exercises in the same order. Every multiple-choice option carries a
*claim* (a swap, a winner and a margin, a pair of scoring conventions) that `is_correct`
re-computes from the lists themselves; the generator keeps only exercises where exactly one
claim holds. Number answers are read by `parse_answer`, which says what it could not read.

Every list is a `model.RankedList` scored by `metrics.totals`, the same record and the same
numbers as every other page, so an exercise opened in the playground shows what it showed here.
"""

from __future__ import annotations

import math
import random
import re
from dataclasses import dataclass, field, replace
from functools import lru_cache

from . import latex
from .display import exact, fixed, shorten, signed
from .metrics import totals
from .model import EVERY_RANKED, RankedList, Scoring
from .parsing import format_relevances

KINDS = ("compare", "estimate", "missing_term", "costliest_swap")
PUZZLES = ("open_ideal", "all_zero", "rank_two")
SET_SIZE = len(KINDS) + len(PUZZLES)
MAX_SEED = 999_999
ESTIMATE_TOLERANCE = 0.05
TERM_TOLERANCE = 0.01
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
# A typed answer exactly on the edge of the tolerance counts, whatever the float rounding says.
EDGE_SLACK = 1e-9


# ---------------------------------------------------------------------------------------------
# What an exercise is made of
# ---------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Case:
    """A named ranked list, as an exercise shows it (and as the playground can open it)."""

    name: str
    ranked: RankedList

    def score(self) -> float:
        return _ndcg(self.ranked)

    def describe(self) -> str:
        """The list and every convention off the default: '3, 2, 3 · k = 3 · gain 2^rel − 1'."""
        return self.ranked.describe()


@lru_cache(maxsize=4096)
def _ndcg(ranked: RankedList) -> float:
    """NDCG as every page computes it (`metrics.totals`). Cached: making and checking one
    exercise scores the same few lists dozens of times (each swap, each option, each check)."""
    return totals(ranked).ndcg


def _case(name: str, relevances, k: int | str = EVERY_RANKED, **scoring) -> Case:
    return Case(name, RankedList(tuple(relevances), scoring=Scoring(k=k, **scoring)))


def _variant(case: Case, name: str | None = None, *, pool=None, **scoring) -> Case:
    """`case` under another name, with a pool or other conventions: a puzzle's option."""
    ranked = case.ranked if pool is None else replace(case.ranked, pool=pool)
    return Case(name or case.name, ranked.with_scoring(**scoring) if scoring else ranked)


# What an option claims: a winner and a margin (compare), a pair of positions (costliest swap),
# or two libraries' conventions as cases (the puzzles).
Claim = tuple[str, float] | tuple[int, int] | tuple[Case, Case]


@dataclass(frozen=True)
class Choice:
    """One option of a multiple-choice exercise and the claim `is_correct` re-computes."""

    text: str
    claim: Claim


@dataclass(frozen=True)
class Exercise:
    """One predict-then-reveal question.

    `cases` are the lists the learner sees (and can open in the playground); `choices` is empty
    for a number answer, which is then `target` within ± `tolerance`.
    """

    kind: str
    seed: int
    index: int
    title: str
    prompt: str
    cases: tuple[Case, ...]
    choices: tuple[Choice, ...] = ()
    target: float | None = None
    tolerance: float = 0.0
    question_latex: str | None = None
    explanation: str = ""
    solution_cases: tuple[Case, ...] = field(default_factory=tuple)

    @property
    def is_numeric(self) -> bool:
        return not self.choices


@dataclass(frozen=True)
class Verdict:
    correct: bool
    headline: str
    detail: str


# ---------------------------------------------------------------------------------------------
# Reading a typed number
# ---------------------------------------------------------------------------------------------

# Scientific notation too: a learner may paste 1e-1, or an answer printed as 2.1e-16.
_DECIMAL = re.compile(r"^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$")
_DECIMAL_COMMA = re.compile(r"^[+-]?\d*,\d+$")
HOW_TO_TYPE = "type one number such as 0.8, .8 or 80%"


def parse_answer(text: object) -> float:
    """Read a typed answer: '0.8', '.8', '80%' and '0,8' (a comma as the decimal mark) all give 0.8.

    Raises ValueError saying what could not be read and how to type it.
    """
    if not isinstance(text, str):
        raise ValueError(f"The answer must be typed text; got {text!r}.")
    shown = shorten(text.strip())
    raw = text.strip().replace("\u2212", "-")  # a typographic minus, as pasted from slides
    if not raw:
        raise ValueError(f"The answer is empty: {HOW_TO_TYPE}.")
    percent = raw.endswith("%")
    body = raw[:-1].strip() if percent else raw
    if "%" in body:
        raise ValueError(f"'{shown}' has a % sign in the wrong place: {HOW_TO_TYPE}.")
    pieces = body.split()
    if len(pieces) > 1 and all(_DECIMAL.match(p) or _DECIMAL_COMMA.match(p) for p in pieces):
        raise ValueError(f"'{shown}' holds more than one number: {HOW_TO_TYPE}.")
    if _DECIMAL_COMMA.match(body):
        # One comma with digits after it can only be a decimal mark here: answers are single
        # numbers, and continental Europe writes 0,8.
        body = body.replace(",", ".")
    elif "," in body:
        raise ValueError(
            f"'{shown}' could not be read: use one decimal mark (0.8 or 0,8) and no "
            f"thousands separators."
        )
    if not _DECIMAL.match(body):
        if "/" in body:
            raise ValueError(
                f"'{shown}' is a fraction: work it out and type the decimal, e.g. 0.75."
            )
        raise ValueError(f"'{shown}' is not a number: {HOW_TO_TYPE}.")
    value = float(body)
    if not math.isfinite(value):  # hundreds of digits overflow to inf
        raise ValueError(f"'{shown}' is too large to be an answer here: {HOW_TO_TYPE}.")
    return value / 100 if percent else value


def check_ndcg_answer(value: float, text: str) -> float:
    """An NDCG estimate must lie in [0, 1]; a bare 80 is probably a percentage without its %."""
    if 0 <= value <= 1:
        return value
    hint = ""
    if 2 <= value <= 100 and not text.strip().endswith("%"):  # 1.04 is an overshoot, 80 a percent
        typed = exact(value)
        hint = f" If you meant {typed}%, type {typed}% or {exact(value / 100)}."
    raise ValueError(
        f"NDCG always lies between 0 and 1, and '{text.strip()}' reads as {exact(value)}.{hint}"
    )


# ---------------------------------------------------------------------------------------------
# Checking
# ---------------------------------------------------------------------------------------------


def is_correct(exercise: Exercise, choice: int) -> bool:
    """Re-compute whether option `choice` of `exercise` is true, from the lists themselves."""
    claim = exercise.choices[choice].claim
    if exercise.kind == "compare":
        winner, margin = claim
        a, b = (case.score() for case in exercise.cases)
        best = "A" if a > b else "B"
        return winner == best and round(abs(a - b), MARGIN_DIGITS) == margin
    if exercise.kind == "costliest_swap":
        (case,) = exercise.cases
        losses = {c.claim: swap_loss(case, *c.claim) for c in exercise.choices}
        return losses[claim] == max(losses.values())
    # Convention puzzles: the claim is a pair of cases (library X, library Y) that must
    # reproduce what the puzzle says each library printed.
    observed = _puzzle_observation(exercise.kind, exercise.cases)
    return _puzzle_print(exercise.kind, claim) == observed


def correct_choice(exercise: Exercise) -> int:
    """The index of the one true option (the generator guarantees there is exactly one)."""
    return next(i for i in range(len(exercise.choices)) if is_correct(exercise, i))


def check(exercise: Exercise, answer: int | str) -> Verdict:
    """Judge an answer: an option index, or typed text for a number exercise.

    Raises ValueError (with a message for the learner) when typed text cannot be read.
    """
    if exercise.is_numeric:
        if not isinstance(answer, str):
            raise ValueError(f"This exercise wants a typed number; got {answer!r}.")
        value = parse_answer(answer)
        if exercise.kind == "estimate":
            value = check_ndcg_answer(value, answer)
        off = value - exercise.target
        right = abs(off) <= exercise.tolerance + EDGE_SLACK
        said = exact(round(value, 6))
        truth = fixed(exercise.target)
        if right:
            return Verdict(True, "Right!", f"You said {said}; the exact value is {truth}.")
        direction = "high" if off > 0 else "low"
        return Verdict(
            False,
            "Not quite.",
            f"You said {said}, which is {fixed(abs(off))} too {direction}; the exact value "
            f"is {truth} (answers within ±{exact(exercise.tolerance)} count).",
        )
    if isinstance(answer, bool) or not isinstance(answer, int):
        raise ValueError(f"Pick one of the options; got {answer!r}.")
    if not 0 <= answer < len(exercise.choices):
        raise ValueError(
            f"Pick one of the {len(exercise.choices)} options; got option {answer + 1}."
        )
    right_index = correct_choice(exercise)
    if answer == right_index:
        return Verdict(True, "Right!", f"“{exercise.choices[answer].text}” is the answer.")
    return Verdict(
        False,
        "Not quite.",
        f"You picked “{exercise.choices[answer].text}”; the answer is "
        f"“{exercise.choices[right_index].text}”.",
    )


# ---------------------------------------------------------------------------------------------
# Worked solutions: the formulas with the exercise's numbers filled in
# ---------------------------------------------------------------------------------------------


def worked(case: Case) -> list[str]:
    """LaTeX for DCG@k, IDCG@k and NDCG@k of `case`, each with its numbers filled in."""
    return latex.worked(totals(case.ranked))


# ---------------------------------------------------------------------------------------------
# Generation
# ---------------------------------------------------------------------------------------------


def check_seed(seed: object) -> int:
    """A set's seed: a whole number from 0 to MAX_SEED."""
    if isinstance(seed, str):
        text = seed.strip()
        if not (text.isascii() and text.isdigit()):  # '²'.isdigit(), yet int('²') fails
            raise ValueError(f"The seed must be a whole number from 0 to {MAX_SEED}; got '{seed}'.")
        seed = int(text)
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed <= MAX_SEED:
        raise ValueError(f"The seed must be a whole number from 0 to {MAX_SEED}; got {seed!r}.")
    return seed


def kinds_for(seed: int) -> tuple[str, ...]:
    """The order of the exercise kinds in a set: the four calculations shuffled, each followed
    at a different place by one of the three convention puzzles."""
    rng = random.Random(f"ndcg-practice:{check_seed(seed)}:order")
    kinds = list(KINDS)
    puzzles = list(PUZZLES)
    rng.shuffle(kinds)
    rng.shuffle(puzzles)
    order = kinds[:1]
    for kind, puzzle in zip(kinds[1:], puzzles):
        order += [kind, puzzle]
    return tuple(order)


def exercise(seed: int, index: int) -> Exercise:
    """Exercise `index` (0-based) of the set made from `seed`; the same inputs give the same one."""
    seed = check_seed(seed)
    if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index < SET_SIZE:
        raise ValueError(f"`index` must be a whole number from 0 to {SET_SIZE - 1}; got {index!r}.")
    kind = kinds_for(seed)[index]
    slot = _Slot(kind, seed, index, random.Random(f"ndcg-practice:{seed}:{index}"))
    return _MAKERS[kind](slot)


def exercise_set(seed: int) -> list[Exercise]:
    return [exercise(seed, i) for i in range(SET_SIZE)]


@dataclass(frozen=True)
class _Slot:
    """Where an exercise sits (its kind, its set's seed, its index) and the random numbers it is
    drawn from; `exercise` makes the Exercise that belongs there."""

    kind: str
    seed: int
    index: int
    rng: random.Random

    def exercise(self, **fields) -> Exercise:
        return Exercise(kind=self.kind, seed=self.seed, index=self.index, **fields)


def _grades(rng: random.Random, n: int, top: int = 3) -> tuple[float, ...]:
    """A list of whole grades 0…top with at least one relevant item."""
    while True:
        values = tuple(float(rng.randint(0, top)) for _ in range(n))
        if any(values):
            return values


def _k(rng: random.Random, n: int) -> int | str:
    """A cut-off from 3 to n; n itself is "every ranked position"."""
    k = rng.randint(3, n)
    return EVERY_RANKED if k == n else k


def _make_compare(slot: _Slot) -> Exercise:
    rng = slot.rng
    while True:
        n = rng.randint(5, 7)
        values = _grades(rng, n)
        k = _k(rng, n)
        a = list(values)
        rng.shuffle(a)
        b = list(a)
        for _ in range(rng.randint(1, 2)):
            i, j = rng.sample(range(n), 2)
            b[i], b[j] = b[j], b[i]
        case_a = _case("A", a, k)
        case_b = _case("B", b, k)
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
        )


def _make_estimate(slot: _Slot) -> Exercise:
    rng = slot.rng
    n = rng.randint(4, 7)
    grades = _grades(rng, n)
    case = _case("List", grades, _k(rng, n))
    at = case.ranked.at
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
    )


def _make_missing_term(slot: _Slot) -> Exercise:
    rng = slot.rng
    n = rng.randint(4, 6)
    gain = rng.choice(("linear", "exponential"))
    case = _case("List", _grades(rng, n), gain=gain)
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


def _make_costliest_swap(slot: _Slot) -> Exercise:
    rng = slot.rng
    while True:
        n = rng.randint(5, 7)
        values = tuple(sorted(_grades(rng, n), reverse=True))
        case = _case("List", values)
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
            solution_cases=(case, _case("After the costliest swap", after)),
        )


# Convention puzzles: each option is a pair of cases, how libraries X and Y would score the list.

WIKIPEDIA = (3.0, 2.0, 3.0, 0.0, 1.0, 2.0)
WIKIPEDIA_UNRETRIEVED = (3.0, 2.0)
PRINTED_DIGITS = 3  # what the puzzles' libraries print: NDCG = 0.785


def _puzzle_print(kind: str, claim: tuple[Case, Case]) -> tuple[float, float]:
    """What the two libraries of a claim would print, as the puzzle shows it."""
    x, y = claim
    if kind == "rank_two":
        table = totals(x.ranked).table
        return tuple(round(float(v), PRINTED_DIGITS) for v in table["contribution"].iloc[:2])
    return (round(x.score(), PRINTED_DIGITS), round(y.score(), PRINTED_DIGITS))


def _puzzle_observation(kind: str, cases: tuple[Case, ...]) -> tuple[float, float]:
    return _puzzle_print(kind, (cases[0], cases[-1]))


def _puzzle(
    slot: _Slot,
    title: str,
    prompt: str,
    truth: tuple[Case, Case],
    options: list[tuple[str, tuple[Case, Case]]],
    explanation: str,
) -> Exercise:
    slot.rng.shuffle(options)
    return slot.exercise(
        title=title,
        prompt=prompt,
        cases=truth,
        choices=tuple(Choice(text, claim) for text, claim in options),
        explanation=explanation,
        solution_cases=truth,
    )


def _make_open_ideal(slot: _Slot) -> Exercise:
    base = _case("Y", WIKIPEDIA)  # k = n = 6: Wikipedia's NDCG@6
    x = _variant(base, "X (ideal from all judged documents)", pool=WIKIPEDIA_UNRETRIEVED)
    y = _variant(base, "Y (ideal from the ranked list)")
    shown = _puzzle_print("open_ideal", (x, y))
    options = [
        (
            "X builds the ideal order from every judged document, the two it never retrieved "
            "included; Y only from the six it ranked.",
            (x, y),
        ),
        (
            "X uses the gain 2^rel − 1, Y the plain grade.",
            (_variant(base, gain="exponential"), base),
        ),
        (
            "X uses the original Järvelin–Kekäläinen discount, Y 1/log₂(i+1).",
            (_variant(base, discount="jarvelin"), base),
        ),
        ("X stops counting at k = 3, Y counts all six.", (_variant(base, k=3), base)),
    ]
    x_says, y_says = (fixed(value, PRINTED_DIGITS) for value in shown)
    return _puzzle(
        slot,
        "Two libraries, two answers",
        (
            f"Library X reports NDCG{x.ranked.at} = {x_says} and library Y reports {y_says} "
            f"for the same ranked list, {format_relevances(WIKIPEDIA)}. The judgments file has "
            f"8 documents for this query. Why do they differ?"
        ),
        (x, y),
        options,
        (
            "Two relevant documents (grades 3 and 2) were judged but never retrieved. Libraries "
            "that read the judgments (trec_eval, ranx; the Wikipedia example) put them in the "
            "ideal order, which raises IDCG; libraries that only see the ranked labels "
            "(scikit-learn, LightGBM) cannot."
        ),
    )


def _make_all_zero(slot: _Slot) -> Exercise:
    n = slot.rng.randint(3, 6)
    zeros = (0.0,) * n
    base = _case("Y", zeros)
    x = _variant(base, "X (0/0 counts as 1)", zero="1")
    y = _variant(base, "Y (0/0 counts as 0)")
    options = [
        (
            "X scores a query with no relevant item as perfect (0/0 → 1), Y as a miss (0/0 → 0).",
            (x, y),
        ),
        (
            "X uses the gain 2^rel − 1, which makes grade-0 items count.",
            (_variant(base, gain="exponential"), base),
        ),
        (
            "X builds the ideal from all judged documents, one of them relevant.",
            (_variant(base, pool=(1.0,)), base),
        ),
        (
            "X does not discount the first two positions (Järvelin–Kekäläinen).",
            (_variant(base, discount="jarvelin"), base),
        ),
    ]
    return _puzzle(
        slot,
        "A query with nothing relevant",
        (
            f"None of the {n} ranked documents is relevant: {format_relevances(zeros)}. "
            f"Library X reports NDCG = 1.000, library Y reports 0.000. Why?"
        ),
        (x, y),
        options,
        (
            "With no relevant item, DCG and IDCG are both 0 and NDCG is 0/0. Every library "
            "must pick a value: LightGBM and XGBoost's ndcg pick 1, scikit-learn, trec_eval and "
            "ranx pick 0. Averaged over many queries this can move the mean a lot."
        ),
    )


def _make_rank_two(slot: _Slot) -> Exercise:
    rng = slot.rng
    n = rng.randint(4, 6)
    grade = float(rng.randint(1, 3))
    values = (grade, grade, *_grades(rng, n - 2))
    base = _case("Standard", values)
    truth = _variant(base, "Järvelin–Kekäläinen, base 2", discount="jarvelin")
    standard = totals(base.ranked).table["contribution"]
    shown = _puzzle_print("rank_two", (truth, base))
    options = [
        (
            "It divides by max(1, log₂ i), the original Järvelin–Kekäläinen discount: "
            "log₂ 2 = 1, so rank 2 is not discounted.",
            (truth, base),
        ),
        ("It uses the gain 2^rel − 1.", (_variant(base, gain="exponential"), base)),
        ("It takes the logarithm to base 10 instead of 2.", (_variant(base, log_base=10.0), base)),
        (
            "It builds the ideal order from all judged documents.",
            (_variant(base, pool=(grade,)), base),
        ),
    ]
    return _puzzle(
        slot,
        "Rank 2 counts as much as rank 1",
        (
            f"For the list {format_relevances(values)}, a tool's table shows the item at rank 1 "
            f"contributing {exact(shown[0])} to DCG and the item at rank 2 contributing "
            f"{exact(shown[1])}, the same. With 1/log₂(i+1) rank 2 would give "
            f"{fixed(standard.iloc[1], PRINTED_DIGITS)}. What is the tool doing?"
        ),
        (truth, base),
        options,
        (
            "Järvelin and Kekäläinen (2002) only discount ranks at or beyond the log base b, "
            "dividing by log_b(i); with b = 2, log₂ 2 = 1, so ranks 1 and 2 both keep their "
            "full gain. Unlike 1/log₂(i+1), the base here changes NDCG."
        ),
    )


_MAKERS = {
    "compare": _make_compare,
    "estimate": _make_estimate,
    "missing_term": _make_missing_term,
    "costliest_swap": _make_costliest_swap,
    "open_ideal": _make_open_ideal,
    "all_zero": _make_all_zero,
    "rank_two": _make_rank_two,
}
