"""Practice exercises: generated from a seed, checked by the core, solved with the learner's numbers.

A set is a pure function of its seed, so a teacher can hand the same seed to a whole class and
everyone gets the same exercises in the same order. Every multiple-choice option carries a
*claim* (a swap, a winner and a margin, a pair of scoring conventions) that `is_correct`
re-computes from the lists themselves; the generator keeps only exercises where exactly one
claim holds. Number answers are read by `parse_answer`, which says what it could not read.
"""

from __future__ import annotations

import math
import random
import re
from dataclasses import dataclass, field, replace

from . import latex
from .metrics import breakdown, ndcg
from .parsing import format_number, format_relevances

KINDS = ("compare", "estimate", "missing_term", "costliest_swap")
PUZZLES = ("open_ideal", "all_zero", "rank_two")
SET_SIZE = len(KINDS) + len(PUZZLES)
MAX_SEED = 999_999
ESTIMATE_TOLERANCE = 0.05
TERM_TOLERANCE = 0.01
MARGIN_DIGITS = 2  # "by about 0.12": compare margins are stated to two decimals
MIN_GAP = 0.005  # the best swap must beat the runner-up by this much to be a fair question


# ---------------------------------------------------------------------------------------------
# What an exercise is made of
# ---------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Case:
    """A ranked list and the conventions it is scored with (what the playground can open)."""

    name: str
    values: tuple[float, ...]
    k: int | None = None
    gain: str = "linear"
    discount: str = "log2"
    base: float = 2.0
    pool: tuple[float, ...] = ()  # judged items the ranking never retrieved
    on_zero: float = 0.0

    @property
    def ideal(self) -> tuple[float, ...] | None:
        return self.values + self.pool if self.pool else None

    @property
    def settings(self) -> dict:
        return {
            "k": self.k,
            "ideal": self.ideal,
            "gain": self.gain,
            "discount": self.discount,
            "log_base": self.base,
            "on_zero": self.on_zero,
        }

    def score(self) -> float:
        return ndcg(self.values, **self.settings)

    def table(self):
        return breakdown(self.values, **self.settings)

    def describe(self) -> str:
        """The list and any convention off the default, e.g. '3, 2, 3 · k = 3 · gain 2^rel − 1'."""
        parts = [format_relevances(self.values)]
        parts.append(f"k = {self.k}" if self.k is not None else "k = whole list")
        if self.gain != "linear":
            parts.append("gain 2^rel − 1")
        if self.discount == "jarvelin":
            parts.append(f"discount 1/max(1, log_{format_number(self.base)} i)")
        elif self.base != 2:
            parts.append(f"log base {format_number(self.base)}")
        if self.pool:
            parts.append(f"the ideal also holds {format_relevances(self.pool)} (never retrieved)")
        if self.on_zero == 1.0:
            parts.append("0/0 counts as 1")
        return " · ".join(parts)


@dataclass(frozen=True)
class Choice:
    """One option of a multiple-choice exercise and the claim `is_correct` re-computes."""

    text: str
    claim: tuple


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

_DECIMAL = re.compile(r"^[+-]?(?:\d+(?:\.\d*)?|\.\d+)$")
_DECIMAL_COMMA = re.compile(r"^[+-]?\d*,\d+$")
HOW_TO_TYPE = "type one number such as 0.8, .8 or 80%"


def parse_answer(text: object) -> float:
    """Read a typed answer: '0.8', '.8', '80%' and '0,8' (a comma as the decimal mark) all give 0.8.

    Raises ValueError saying what could not be read and how to type it.
    """
    if not isinstance(text, str):
        raise ValueError(f"The answer must be typed text; got {text!r}.")
    shown = text.strip() if len(text.strip()) <= 60 else text.strip()[:59] + "…"  # quoted cut
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
        typed = format_number(value)
        hint = f" If you meant {typed}%, type {typed}% or {format_number(value / 100)}."
    raise ValueError(
        f"NDCG always lies between 0 and 1, and '{text.strip()}' reads as "
        f"{format_number(value)}.{hint}"
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
        right = abs(off) <= exercise.tolerance + 1e-9
        said = format_number(round(value, 6))
        truth = latex.num(exercise.target, 4)
        if right:
            return Verdict(True, "Right!", f"You said {said}; the exact value is {truth}.")
        direction = "high" if off > 0 else "low"
        return Verdict(
            False,
            "Not quite.",
            f"You said {said}, which is {latex.num(abs(off), 3)} too {direction}; the exact value "
            f"is {truth} (answers within ±{format_number(exercise.tolerance)} count).",
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
    table = case.table()
    style = {"gain": case.gain, "discount": case.discount, "log_base": case.base}
    cut = case.k if case.k is not None and case.k < len(table) else None
    top = table[table["in_top_k"]]
    dcg_value = float(top["contribution"].fillna(0).sum())
    idcg_value = float(top["ideal_contribution"].fillna(0).sum())
    return [
        latex.dcg_filled(table, cut, **style),
        latex.dcg_filled(table, cut, ideal=True, **style),
        latex.ndcg_filled(dcg_value, idcg_value, case.score(), cut, len(table)),
    ]


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
    rng = random.Random(f"ndcg-practice:{seed}:{index}")
    made = _MAKERS[kind](rng)
    return replace(made, seed=seed, index=index)


def exercise_set(seed: int) -> list[Exercise]:
    return [exercise(seed, i) for i in range(SET_SIZE)]


def _grades(rng: random.Random, n: int, top: int = 3) -> tuple[float, ...]:
    """A list of whole grades 0…top with at least one relevant item."""
    while True:
        values = tuple(float(rng.randint(0, top)) for _ in range(n))
        if any(values):
            return values


def _k(rng: random.Random, n: int) -> int | None:
    k = rng.randint(3, n)
    return None if k == n else k


def _at(k: int | None) -> str:
    return "@k" if k is None else f"@{k}"


def _make_compare(rng: random.Random) -> Exercise:
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
        case_a = Case("A", tuple(a), k)
        case_b = Case("B", tuple(b), k)
        margin = round(abs(case_a.score() - case_b.score()), MARGIN_DIGITS)
        if margin < 0.02:
            continue
        decoys = [
            m
            for m in (round(margin * 3, 2), round(margin / 3, 2), round(margin + 0.15, 2))
            if abs(m - margin) >= 0.04 and 0 < m < 1
        ]
        decoy = rng.choice(decoys)
        winner = "A" if case_a.score() > case_b.score() else "B"
        choices = [
            Choice(f"{side} scores higher, by about {format_number(m)}", (side, m))
            for side in ("A", "B")
            for m in sorted({margin, decoy})
        ]
        at = _at(k)
        return Exercise(
            kind="compare",
            seed=0,
            index=0,
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


def _make_estimate(rng: random.Random) -> Exercise:
    n = rng.randint(4, 7)
    case = Case("List", _grades(rng, n), _k(rng, n))
    at = _at(case.k)
    return Exercise(
        kind="estimate",
        seed=0,
        index=0,
        title="Estimate the score",
        prompt=(
            f"Estimate NDCG{at} of this ranking (linear gain, 1/log₂(i+1) discount) to within "
            f"±{format_number(ESTIMATE_TOLERANCE)}. Type it as 0.8, .8 or 80%."
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


def _term_text(relevance: float, position: int, gain: str) -> str:
    numerator = latex.num(relevance) if gain == "linear" else rf"2^{{{latex.num(relevance)}}} - 1"
    return rf"\frac{{{numerator}}}{{\log_2 {position + 1}}}"


def _make_missing_term(rng: random.Random) -> Exercise:
    n = rng.randint(4, 6)
    gain = rng.choice(("linear", "exponential"))
    case = Case("List", _grades(rng, n), None, gain=gain)
    table = case.table()
    relevant = [i for i in range(n) if case.values[i] > 0 and i > 0]
    hidden = rng.choice(relevant) if relevant else 0
    fractions, values = [], []
    for i in range(n):
        if i == hidden:
            fractions.append(r"\boxed{?}")
            values.append(r"\boxed{?}")
        else:
            fractions.append(_term_text(case.values[i], i + 1, gain))
            values.append(latex.num(table["contribution"].iloc[i], 3))
    total = float(table["contribution"].sum())
    question = (
        rf"\begin{{aligned}} \mathrm{{DCG@}}{n} &= {' + '.join(fractions)} \\ "
        rf"&= {' + '.join(values)} \\ &= {latex.num(total, 3)} \end{{aligned}}"
    )
    gain_words = "rel" if gain == "linear" else "2^rel − 1"
    return Exercise(
        kind="missing_term",
        seed=0,
        index=0,
        title="Fill in the missing term",
        prompt=(
            f"One term of this DCG sum is hidden: the one at position {hidden + 1} (gain "
            f"{gain_words}, discount 1/log₂(i+1)). What is its value? Within "
            f"±{format_number(TERM_TOLERANCE)} counts."
        ),
        cases=(case,),
        target=float(table["contribution"].iloc[hidden]),
        tolerance=TERM_TOLERANCE,
        question_latex=question,
        explanation=(
            f"Position {hidden + 1} holds relevance {format_number(case.values[hidden])}: its "
            f"gain divided by log₂({hidden + 2}). You can also get it as the total minus the "
            f"other terms."
        ),
        solution_cases=(case,),
    )


def swap_loss(case: Case, i: int, j: int) -> float:
    """How much NDCG drops when the items at positions i and j (1-based) trade places."""
    values = list(case.values)
    values[i - 1], values[j - 1] = values[j - 1], values[i - 1]
    return case.score() - replace(case, values=tuple(values)).score()


def _make_costliest_swap(rng: random.Random) -> Exercise:
    while True:
        n = rng.randint(5, 7)
        values = tuple(sorted(_grades(rng, n), reverse=True))
        case = Case("List", values, None)
        pairs = [(i, j) for i in range(1, n + 1) for j in range(i + 1, n + 1)]
        pairs = [p for p in pairs if values[p[0] - 1] != values[p[1] - 1]]
        if len(pairs) < 4:
            continue
        offered = rng.sample(pairs, 4)
        losses = sorted((swap_loss(case, *p) for p in offered), reverse=True)
        if losses[0] - losses[1] < MIN_GAP:
            continue
        best = max(offered, key=lambda p: swap_loss(case, *p))
        after = list(values)
        after[best[0] - 1], after[best[1] - 1] = after[best[1] - 1], after[best[0] - 1]
        choices = tuple(
            Choice(
                f"Swap positions {i} and {j} (relevance {format_number(values[i - 1])} ↔ "
                f"{format_number(values[j - 1])})",
                (i, j),
            )
            for i, j in offered
        )
        lines = "; ".join(
            f"{i}↔{j}: −{latex.num(swap_loss(case, i, j), 3)}" for i, j in sorted(offered)
        )
        return Exercise(
            kind="costliest_swap",
            seed=0,
            index=0,
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
            solution_cases=(case, Case("After the costliest swap", tuple(after), None)),
        )


# Convention puzzles: each option is a pair of cases, how libraries X and Y would score the list.

WIKIPEDIA = (3.0, 2.0, 3.0, 0.0, 1.0, 2.0)
WIKIPEDIA_UNRETRIEVED = (3.0, 2.0)


def _puzzle_print(kind: str, claim: tuple) -> tuple:
    """What the two libraries of a claim would print, as the puzzle shows it."""
    x, y = claim
    if kind == "rank_two":
        table = x.table()
        return tuple(round(float(v), 3) for v in table["contribution"].iloc[:2])
    return (round(x.score(), 3), round(y.score(), 3))


def _puzzle_observation(kind: str, cases: tuple[Case, ...]) -> tuple:
    return _puzzle_print(kind, (cases[0], cases[-1]))


def _puzzle(
    rng: random.Random,
    kind: str,
    title: str,
    prompt: str,
    truth: tuple[Case, Case],
    options: list[tuple[str, tuple[Case, Case]]],
    explanation: str,
) -> Exercise:
    rng.shuffle(options)
    return Exercise(
        kind=kind,
        seed=0,
        index=0,
        title=title,
        prompt=prompt,
        cases=truth,
        choices=tuple(Choice(text, claim) for text, claim in options),
        explanation=explanation,
        solution_cases=truth,
    )


def _make_open_ideal(rng: random.Random) -> Exercise:
    k = len(WIKIPEDIA)
    base = Case("Y", WIKIPEDIA, k)
    x = replace(base, name="X (ideal from all judged documents)", pool=WIKIPEDIA_UNRETRIEVED)
    y = replace(base, name="Y (ideal from the ranked list)")
    shown = _puzzle_print("open_ideal", (x, y))
    options = [
        (
            "X builds the ideal order from every judged document, the two it never retrieved "
            "included; Y only from the six it ranked.",
            (x, y),
        ),
        (
            "X uses the gain 2^rel − 1, Y the plain grade.",
            (replace(base, gain="exponential"), base),
        ),
        (
            "X uses the original Järvelin–Kekäläinen discount, Y 1/log₂(i+1).",
            (replace(base, discount="jarvelin"), base),
        ),
        ("X stops counting at k = 3, Y counts all six.", (replace(base, k=3), base)),
    ]
    return _puzzle(
        rng,
        "open_ideal",
        "Two libraries, two answers",
        (
            f"Library X reports NDCG@6 = {shown[0]:.3f} and library Y reports {shown[1]:.3f} "
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


def _make_all_zero(rng: random.Random) -> Exercise:
    n = rng.randint(3, 6)
    zeros = (0.0,) * n
    base = Case("Y", zeros)
    x = replace(base, name="X (0/0 counts as 1)", on_zero=1.0)
    y = replace(base, name="Y (0/0 counts as 0)")
    options = [
        (
            "X scores a query with no relevant item as perfect (0/0 → 1), Y as a miss (0/0 → 0).",
            (x, y),
        ),
        (
            "X uses the gain 2^rel − 1, which makes grade-0 items count.",
            (replace(base, gain="exponential"), base),
        ),
        (
            "X builds the ideal from all judged documents, one of them relevant.",
            (replace(base, pool=(1.0,)), base),
        ),
        (
            "X does not discount the first two positions (Järvelin–Kekäläinen).",
            (replace(base, discount="jarvelin"), base),
        ),
    ]
    return _puzzle(
        rng,
        "all_zero",
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


def _make_rank_two(rng: random.Random) -> Exercise:
    n = rng.randint(4, 6)
    grade = float(rng.randint(1, 3))
    values = (grade, grade, *_grades(rng, n - 2))
    base = Case("Standard", values)
    truth = replace(base, name="Järvelin–Kekäläinen, base 2", discount="jarvelin")
    shown = _puzzle_print("rank_two", (truth, base))
    options = [
        (
            "It divides by max(1, log₂ i), the original Järvelin–Kekäläinen discount: "
            "log₂ 2 = 1, so rank 2 is not discounted.",
            (truth, base),
        ),
        ("It uses the gain 2^rel − 1.", (replace(base, gain="exponential"), base)),
        ("It takes the logarithm to base 10 instead of 2.", (replace(base, base=10.0), base)),
        (
            "It builds the ideal order from all judged documents.",
            (replace(base, pool=(grade,)), base),
        ),
    ]
    return _puzzle(
        rng,
        "rank_two",
        "Rank 2 counts as much as rank 1",
        (
            f"For the list {format_relevances(values)}, a tool's table shows the item at rank 1 "
            f"contributing {format_number(shown[0])} to DCG and the item at rank 2 contributing "
            f"{format_number(shown[1])}, the same. With 1/log₂(i+1) rank 2 would give "
            f"{latex.num(float(base.table()['contribution'].iloc[1]), 3)}. What is the tool doing?"
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
