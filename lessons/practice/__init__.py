"""Practice exercises: generated from a seed, checked by the core, solved with the learner's numbers.

A set is a pure function of its seed and its version, so a teacher can hand the same seed to a
whole class and everyone gets the same exercises in the same order. Every multiple-choice option
carries a *claim* (a swap, a winner and a margin, a pair of scoring conventions, a value a list
scores) that `is_correct` re-computes from the lists themselves; the generator keeps only
exercises where exactly one claim holds. Number answers are read by `parse_answer`, which says
what it could not read.

A wrong answer is met with feedback aimed at the mistake behind it, before any solution: for a
number, `mistakes.diagnose` recognises the common slips of working NDCG out by hand (log₂ i for
log₂(i + 1), an ideal not re-sorted or sorted from the top k only, k on one side only, the gain
2^rel − 1 misread) by computing what each would give; for an option, what that option's claim
would really give. Each exercise also carries a hint the learner can ask for.

Versions: version 1 is the generator every link made before versions existed still opens
(`exercise(seed, index)` without a version), kept exactly, so a teacher's shared set never
changes under a class. Version 2 varies the convention puzzles between seeds (their lists, the
judged-but-not-retrieved items, k) and adds three pitfall exercises; new sets use it. A future
group of exercises (the metrics page's "which metric changes") joins as a new version's plan.

Every list is a `model.RankedList` scored by `metrics.totals`, the same record and the same
numbers as every other page, so an exercise opened in the playground shows what it showed here.
"""

from __future__ import annotations

import math
import random
import re
from dataclasses import dataclass, field, replace
from functools import lru_cache

from lessons import mistakes
from ndcg_core import latex, measures
from ndcg_core.display import DIGITS, NOISE, exact, fixed, shorten, signed
from ndcg_core.metrics import totals
from ndcg_core.model import EVERY_RANKED, RankedList, Scoring
from ndcg_core.options import discounts, gains
from ndcg_core.ordering import swap_effect
from ndcg_core.parsing import format_relevances
from ndcg_core.permutations import swap

KINDS = ("compare", "estimate", "missing_term", "costliest_swap")
PUZZLES = ("open_ideal", "all_zero", "rank_two")
PITFALLS = ("missing_relevant", "irrelevant_tail", "ideal_below_k")
NEIGHBOURS = ("metric_changes",)  # NDCG beside P, R, RR, AP, ERR and RBP (the /metrics page)
# Which kinds make a set, by version: the calculations, then the questions placed between them.
PLANS: dict[int, tuple[tuple[str, ...], tuple[str, ...]]] = {
    1: (KINDS, PUZZLES),
    2: (KINDS, PUZZLES + PITFALLS),
    3: (KINDS, PUZZLES + PITFALLS + NEIGHBOURS),
}
VERSIONS = tuple(PLANS)
LATEST = max(VERSIONS)
SET_SIZE = len(KINDS) + len(PUZZLES)  # a version-1 set, as links without a version open it
TRIES = 2  # answers before the solution is shown
MAX_SEED = 999_999
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
# two libraries' conventions as cases, or as one case per query (the convention puzzles), or
# values that lists score (the pitfalls).
Reading = Case | tuple[Case, ...]
Claim = (
    tuple[str, float] | tuple[int, int] | tuple[Reading, Reading] | tuple[tuple[Case, float], ...]
)


@dataclass(frozen=True)
class Choice:
    """One option of a multiple-choice exercise, the claim `is_correct` re-computes, and `why`:
    what is wrong with the option, for a learner who picked it (empty: computed from the claim).
    """

    text: str
    claim: Claim
    why: str = ""


@dataclass(frozen=True)
class Exercise:
    """One predict-then-reveal question.

    `cases` are the lists the learner sees (and can open in the playground); `choices` is empty
    for a number answer, which is then `target` within ± `tolerance`. `truth` is what a
    convention puzzle observed (when not its first and last case); `position` the hidden term of
    a missing-term exercise; `hint` what the learner gets on asking; `discounts` the multiplier
    at each position, 1/log₂(i + 1), for a hint's table.
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
    version: int = 1
    hint: str = ""
    discounts: tuple[tuple[int, float], ...] = ()
    position: int | None = None
    truth: Claim | None = None

    @property
    def is_numeric(self) -> bool:
        return not self.choices

    @property
    def key(self) -> str:
        """Names the exercise among every set: '4711_2' (version 1, as before), 'v2_4711_2'."""
        plain = f"{self.seed}_{self.index}"
        return plain if self.version == 1 else f"v{self.version}_{plain}"


@dataclass(frozen=True)
class Verdict:
    """How an answer fared. `detail` reveals the answer (shown with the solution); `feedback`
    does not (shown after a wrong try that can be retried), and names the mistake behind the
    answer when one is recognised (`mistake`, a key of `mistakes.NDCG_MISTAKES` or
    `mistakes.TERM_MISTAKES`, or the kind of a wrong option)."""

    correct: bool
    headline: str
    detail: str
    feedback: str = ""
    mistake: str = ""


class UnreadableAnswer(ValueError):
    """Typed text that is not one number."""


class ImpossibleAnswer(ValueError):
    """A number that cannot be the answer (an NDCG outside 0…1): read, but not an answer."""


# ---------------------------------------------------------------------------------------------
# Reading a typed number
# ---------------------------------------------------------------------------------------------

# Scientific notation too: a learner may paste 1e-1, or an answer printed as 2.1e-16.
_DECIMAL = re.compile(r"^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$")
_DECIMAL_COMMA = re.compile(r"^[+-]?\d*,\d+$")
HOW_TO_TYPE = "type one number such as 0.8, .8 or 80%"


def parse_answer(text: object) -> float:
    """Read a typed answer: '0.8', '.8', '80%', '0,8' (a comma as the decimal mark) and '8e-1'
    all give 0.8.

    Raises UnreadableAnswer (a ValueError) saying what could not be read and how to type it.
    """
    if not isinstance(text, str):
        raise UnreadableAnswer(f"The answer must be typed text; got {text!r}.")
    shown = shorten(text.strip())
    raw = text.strip().replace("\u2212", "-")  # a typographic minus, as pasted from slides
    if not raw:
        raise UnreadableAnswer(f"The answer is empty: {HOW_TO_TYPE}.")
    percent = raw.endswith("%")
    body = raw[:-1].strip() if percent else raw
    if "%" in body:
        raise UnreadableAnswer(f"'{shown}' has a % sign in the wrong place: {HOW_TO_TYPE}.")
    pieces = body.split()
    if len(pieces) > 1 and all(_DECIMAL.match(p) or _DECIMAL_COMMA.match(p) for p in pieces):
        raise UnreadableAnswer(f"'{shown}' holds more than one number: {HOW_TO_TYPE}.")
    if _DECIMAL_COMMA.match(body):
        # One comma with digits after it can only be a decimal mark here: answers are single
        # numbers, and continental Europe writes 0,8.
        body = body.replace(",", ".")
    elif "," in body:
        raise UnreadableAnswer(
            f"'{shown}' could not be read: use one decimal mark (0.8 or 0,8) and no "
            f"thousands separators."
        )
    if not _DECIMAL.match(body):
        if "/" in body:
            raise UnreadableAnswer(
                f"'{shown}' is a fraction: work it out and type the decimal, e.g. 0.75."
            )
        raise UnreadableAnswer(f"'{shown}' is not a number: {HOW_TO_TYPE}.")
    value = float(body)
    if not math.isfinite(value):  # hundreds of digits overflow to inf
        raise UnreadableAnswer(f"'{shown}' is too large to be an answer here: {HOW_TO_TYPE}.")
    return value / 100 if percent else value


def check_ndcg_answer(value: float, text: str) -> float:
    """An NDCG estimate must lie in [0, 1]; a bare 80 is probably a percentage without its %.

    Raises ImpossibleAnswer (a ValueError): the number was read, it just cannot be an NDCG.
    """
    if 0 <= value <= 1:
        return value
    hint = ""
    if 2 <= value <= 100 and not text.strip().endswith("%"):  # 1.04 is an overshoot, 80 a percent
        typed = exact(value)
        hint = f" If you meant {typed}%, type {typed}% or {exact(value / 100)}."
    raise ImpossibleAnswer(
        f"{exact(round(value, 6))} cannot be an NDCG, which always lies between 0 and 1.{hint}"
    )


# ---------------------------------------------------------------------------------------------
# Checking
# ---------------------------------------------------------------------------------------------


def _reading_score(reading: Reading) -> float:
    """NDCG of one case, or the mean NDCG over several (queries scored NaN are left out)."""
    if isinstance(reading, Case):
        return reading.score()
    scores = [case.score() for case in reading if not math.isnan(case.score())]
    return sum(scores) / len(scores) if scores else math.nan


def _values_hold(claim: tuple[tuple[Case, float], ...]) -> bool:
    return all(round(case.score(), DIGITS) == value for case, value in claim)


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
    if exercise.kind in PITFALLS:
        return _values_hold(claim)
    if exercise.kind in NEIGHBOURS:
        before, after = exercise.cases
        return claim == measures_changed(before.ranked, after.ranked)
    # Convention puzzles: the claim is a pair of readings (library X, library Y) that must
    # reproduce what the puzzle says each library printed.
    return _puzzle_print(exercise.kind, claim) == _puzzle_observation(exercise)


def correct_choice(exercise: Exercise) -> int:
    """The index of the one true option (the generator guarantees there is exactly one)."""
    return next(i for i in range(len(exercise.choices)) if is_correct(exercise, i))


def mistakes_for(exercise: Exercise) -> tuple[mistakes.Mistake, ...]:
    """What each common mistake would give for a number exercise (empty for other kinds)."""
    if exercise.kind == "estimate":
        return mistakes.ndcg_mistakes(exercise.cases[0].ranked)
    if exercise.kind == "missing_term" and exercise.position is not None:
        return mistakes.term_mistakes(exercise.cases[0].ranked, exercise.position)
    return ()


def _diagnose(exercise: Exercise, value: float) -> mistakes.Mistake | None:
    window = MISTAKE_WINDOW.get(exercise.kind, exercise.tolerance)
    return mistakes.diagnose(mistakes_for(exercise), value, exercise.target, window)


def check(exercise: Exercise, answer: int | str) -> Verdict:
    """Judge an answer: an option index, or typed text for a number exercise.

    Raises UnreadableAnswer when typed text cannot be read, ImpossibleAnswer when it is read but
    cannot be the answer (both ValueErrors, with a message for the learner).
    """
    if exercise.is_numeric:
        return _check_number(exercise, answer)
    if isinstance(answer, bool) or not isinstance(answer, int):
        raise ValueError(f"Pick one of the options; got {answer!r}.")
    if not 0 <= answer < len(exercise.choices):
        raise ValueError(
            f"Pick one of the {len(exercise.choices)} options; got option {answer + 1}."
        )
    right_index = correct_choice(exercise)
    picked = exercise.choices[answer]
    if answer == right_index:
        return Verdict(True, "Right!", f"“{picked.text}” is the answer.")
    why = _why_not(exercise, picked)
    return Verdict(
        False,
        "Not quite.",
        f"You picked “{picked.text}”; the answer is “{exercise.choices[right_index].text}”. {why}",
        feedback=why,
        mistake=exercise.kind,
    )


def _check_number(exercise: Exercise, answer: object) -> Verdict:
    if not isinstance(answer, str):
        raise ValueError(f"This exercise wants a typed number; got {answer!r}.")
    value = parse_answer(answer)
    if exercise.kind == "estimate":
        try:
            value = check_ndcg_answer(value, answer)
        except ImpossibleAnswer as error:
            slip = _diagnose(exercise, value)
            if slip is None:
                raise
            raise ImpossibleAnswer(f"{error} It looks like {slip.name}. {slip.advice}") from None
    off = value - exercise.target
    said = exact(round(value, 6))
    truth = fixed(exercise.target)
    if abs(off) <= exercise.tolerance + EDGE_SLACK:
        return Verdict(True, "Right!", f"You said {said}; the exact value is {truth}.")
    direction = "high" if off > 0 else "low"
    slip = _diagnose(exercise, value)
    named = f" It matches {slip.name}: {slip.advice}" if slip else ""
    feedback = f"You said {said}, which is too {direction}.{named}"
    if slip is None:
        feedback += f" {exercise.hint}" if exercise.hint else ""
    return Verdict(
        False,
        "Not quite.",
        f"You said {said}, which is {fixed(abs(off))} too {direction}; the exact value is "
        f"{truth} (answers within ±{exact(exercise.tolerance)} count).{named}",
        feedback=feedback,
        mistake=slip.key if slip else "",
    )


def _why_not(exercise: Exercise, picked: Choice) -> str:
    """What is wrong with a picked option, computed from its claim, without naming the answer."""
    if picked.why:
        return picked.why
    claim = picked.claim
    if exercise.kind == "compare":
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
    if exercise.kind == "costliest_swap":
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
    shown = _puzzle_print(exercise.kind, claim)
    observed = _puzzle_observation(exercise)
    if exercise.kind == "rank_two":
        return (
            f"Under that explanation rank 1 would contribute {exact(shown[0])} and rank 2 "
            f"{exact(shown[1])}, not {exact(observed[0])} and {exact(observed[1])} as the tool "
            "shows."
        )
    return (
        f"If that were the reason, X would report {fixed(shown[0], PRINTED_DIGITS)} and Y "
        f"{fixed(shown[1], PRINTED_DIGITS)}, not {fixed(observed[0], PRINTED_DIGITS)} and "
        f"{fixed(observed[1], PRINTED_DIGITS)}."
    )


# ---------------------------------------------------------------------------------------------
# Worked solutions: the formulas with the exercise's numbers filled in
# ---------------------------------------------------------------------------------------------


def worked(case: Case) -> list[str]:
    """LaTeX for DCG@k, IDCG@k and NDCG@k of `case`, each with its numbers filled in."""
    return latex.worked(totals(case.ranked))


def ideal_order(case: Case) -> str:
    """The ideal order a worked solution's IDCG is the DCG of, in words: where it comes from
    and how much of it counts. The step the @k slip gets wrong, said out loud."""
    result = totals(case.ranked)
    ranked = result.ranked
    order = result.table["ideal_relevance"].dropna().tolist()
    source = f"all {ranked.n} ranked items"
    if ranked.ideal is not None:
        source += f" and the {len(ranked.pool)} judged but not retrieved"
    counted = result.depth
    cut = f"; the first {counted} count" if counted < len(order) else ""
    return f"Ideal order, best first, sorted from {source}: {format_relevances(order)}{cut}."


# ---------------------------------------------------------------------------------------------
# Generation
# ---------------------------------------------------------------------------------------------


def check_seed(seed: object) -> int:
    """A set's seed: a whole number from 0 to MAX_SEED."""
    given = seed  # quoted as typed: '01000000' is out of range too, and is said so
    if isinstance(seed, str):
        text = seed.strip()
        if not (text.isascii() and text.isdigit()):  # '²'.isdigit(), yet int('²') fails
            raise ValueError(f"The seed must be a whole number from 0 to {MAX_SEED}; got '{seed}'.")
        seed = int(text)
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed <= MAX_SEED:
        raise ValueError(f"The seed must be a whole number from 0 to {MAX_SEED}; got {given!r}.")
    return seed


def check_version(version: object) -> int:
    """A set's version: one of VERSIONS."""
    if isinstance(version, bool) or version not in VERSIONS:
        known = ", ".join(str(v) for v in VERSIONS)
        raise ValueError(f"`version` must be one of {known}; got {version!r}.")
    return int(version)


def set_size(version: int = 1) -> int:
    """How many exercises a set of this version holds."""
    calculations, questions = PLANS[check_version(version)]
    return len(calculations) + len(questions)


def _groups(items: list[str], n: int) -> list[list[str]]:
    """`items` dealt into n runs, as even as can be, the longer runs in the middle."""
    base, extra = divmod(len(items), n)
    sizes = [base + (1 if 0 < i <= extra else 0) for i in range(n)]
    if sum(sizes) < len(items):  # more left over than middle runs: the first one takes it
        sizes[0] += len(items) - sum(sizes)
    runs, start = [], 0
    for size in sizes:
        runs.append(items[start : start + size])
        start += size
    return runs


def kinds_for(seed: int, version: int = 1) -> tuple[str, ...]:
    """The order of the exercise kinds in a set: the four calculations shuffled, the other
    questions shuffled and placed between them."""
    seed, version = check_seed(seed), check_version(version)
    calculations, questions = PLANS[version]
    kinds, others = list(calculations), list(questions)
    if version == 1:
        # Exactly as links made before versions existed: kind, kind, puzzle, kind, puzzle, …
        rng = random.Random(f"ndcg-practice:{seed}:order")
        rng.shuffle(kinds)
        rng.shuffle(others)
        order = kinds[:1]
        for kind, puzzle in zip(kinds[1:], others):
            order += [kind, puzzle]
        return tuple(order)
    rng = random.Random(f"ndcg-practice:v{version}:{seed}:order")
    rng.shuffle(kinds)
    rng.shuffle(others)
    order = []
    for kind, run in zip(kinds, _groups(others, len(kinds))):
        order += [kind, *run]
    return tuple(order)


def exercise(seed: int, index: int, version: int = 1) -> Exercise:
    """Exercise `index` (0-based) of the set made from `seed` (and `version`, 1 unless given);
    the same inputs give the same exercise."""
    seed, version = check_seed(seed), check_version(version)
    size = set_size(version)
    if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index < size:
        raise ValueError(f"`index` must be a whole number from 0 to {size - 1}; got {index!r}.")
    kind = kinds_for(seed, version)[index]
    stream = (
        f"ndcg-practice:{seed}:{index}"
        if version == 1
        else f"ndcg-practice:v{version}:{seed}:{index}"
    )
    slot = _Slot(kind, seed, index, random.Random(stream), version)
    return _MAKERS[kind](slot)


def exercise_set(seed: int, version: int = 1) -> list[Exercise]:
    return [exercise(seed, i, version) for i in range(set_size(version))]


@dataclass(frozen=True)
class _Slot:
    """Where an exercise sits (its kind, its set's seed and version, its index) and the random
    numbers it is drawn from; `exercise` makes the Exercise that belongs there."""

    kind: str
    seed: int
    index: int
    rng: random.Random
    version: int = 1

    def exercise(self, **fields) -> Exercise:
        return Exercise(
            kind=self.kind, seed=self.seed, index=self.index, version=self.version, **fields
        )


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


def _discount_table(n: int) -> tuple[tuple[int, float], ...]:
    """Position and discount 1/log₂(i + 1) for positions 1…n: a hint's table."""
    return tuple(zip(range(1, n + 1), (float(d) for d in discounts(n, "log2"))))


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
            hint=(
                f"Both lists hold the same items, so they share one IDCG{at}: only their DCGs "
                "differ, and only at the positions where the lists differ. The margin is the "
                "difference of the two DCGs divided by that IDCG."
            ),
            discounts=_discount_table(n),
        )


def _make_estimate(slot: _Slot) -> Exercise:
    rng = slot.rng
    n = rng.randint(4, 7)
    grades = _grades(rng, n)
    case = _case("List", grades, _k(rng, n))
    if slot.version >= 2 and rng.random() < 1 / 3:
        # Some lists in newer sets missed relevant items that were judged: the ideal holds them.
        pool = tuple(float(rng.randint(1, 3)) for _ in range(rng.randint(1, 2)))
        case = _variant(case, pool=pool)
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
        discounts=_discount_table(max(case.ranked.n, case.ranked.judged)),
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
        hint=(
            f"The term at position {hidden + 1} is its item's gain ({gain_words}) divided by "
            f"log₂({hidden + 1} + 1). Or take the total and subtract every other term."
        ),
        position=hidden + 1,
    )


def swap_loss(case: Case, i: int, j: int) -> float:
    """How much NDCG drops when the items at positions i and j (1-based) trade places."""
    return -swap_effect(case.ranked, i, j).change


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
        after = [values[i] for i in swap(n, *best)]
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
            hint=(
                "Swapping positions i and j costs (gain at i − gain at j) × (discount at i − "
                "discount at j) in DCG. The discount falls fastest near the top: see the table."
            ),
            discounts=_discount_table(n),
        )


# Convention puzzles: each option is a pair of readings, how libraries X and Y would score.

WIKIPEDIA = (3.0, 2.0, 3.0, 0.0, 1.0, 2.0)
WIKIPEDIA_UNRETRIEVED = (3.0, 2.0)
PRINTED_DIGITS = 3  # what the puzzles' libraries print: NDCG = 0.785


def _puzzle_print(kind: str, claim: tuple[Reading, Reading]) -> tuple[float, float]:
    """What the two libraries of a claim would print, as the puzzle shows it."""
    x, y = claim
    if kind == "rank_two":
        table = totals(x.ranked).table
        return tuple(round(float(v), PRINTED_DIGITS) for v in table["contribution"].iloc[:2])
    return (round(_reading_score(x), PRINTED_DIGITS), round(_reading_score(y), PRINTED_DIGITS))


def _puzzle_observation(exercise: Exercise) -> tuple[float, float]:
    truth = exercise.truth or (exercise.cases[0], exercise.cases[-1])
    return _puzzle_print(exercise.kind, truth)


def _puzzle(
    slot: _Slot,
    title: str,
    prompt: str,
    truth: tuple[Case, Case],
    options: list[tuple[str, tuple[Reading, Reading]]],
    explanation: str,
    hint: str,
) -> Exercise:
    slot.rng.shuffle(options)
    return slot.exercise(
        title=title,
        prompt=prompt,
        cases=truth,
        choices=tuple(Choice(text, claim) for text, claim in options),
        explanation=explanation,
        solution_cases=truth,
        hint=hint,
    )


def _one_true(kind: str, truth, options) -> bool:
    """Exactly one option reproduces what the truth prints, and the two libraries disagree."""
    observed = _puzzle_print(kind, truth)
    if observed[0] == observed[1] and kind != "rank_two":
        return False
    return sum(_puzzle_print(kind, claim) == observed for _, claim in options) == 1


_POOL_EXPLANATION = (
    "Libraries that read the judgments (trec_eval, ranx; the example of today's Wikipedia "
    "article, worked through in the graded walkthrough) put them in the ideal order, which "
    "raises IDCG; libraries that only see the ranked labels (scikit-learn, LightGBM) cannot."
)


def _make_open_ideal(slot: _Slot) -> Exercise:
    if slot.version >= 2:
        return _make_open_ideal_varied(slot)
    base = _case("Y", WIKIPEDIA)  # k = n = 6: Wikipedia's NDCG@6
    x = _variant(base, "X (ideal from all judged documents)", pool=WIKIPEDIA_UNRETRIEVED)
    y = _variant(base, "Y (ideal from the ranked list)")
    shown = _puzzle_print("open_ideal", (x, y))
    x_says, y_says = (fixed(value, PRINTED_DIGITS) for value in shown)
    return _puzzle(
        slot,
        "Two libraries, two answers",
        (
            f"Library X reports NDCG{x.ranked.at} = {x_says} and library Y reports {y_says} "
            f"for the same ranked list, {format_relevances(WIKIPEDIA)}. Why do they differ?"
        ),
        (x, y),
        _open_ideal_options(
            base,
            x,
            y,
            "X builds the ideal order from every judged document, the two it never retrieved "
            "included; Y only from the six it ranked.",
        ),
        "Two relevant documents (grades 3 and 2) were judged but never retrieved. "
        + _POOL_EXPLANATION,
        _OPEN_IDEAL_HINT,
    )


_OPEN_IDEAL_HINT = (
    "Both read the same ranked list. What could one of them know about this query that the "
    "other does not? Work out what each option would make X report."
)


def _open_ideal_options(base: Case, x: Case, y: Case, first: str) -> list:
    """The four explanations of a pooled puzzle; `first` words the true one."""
    return [
        (first, (x, y)),
        (
            "X uses the gain 2^rel − 1, Y the plain grade.",
            (_variant(base, gain="exponential"), base),
        ),
        (
            "X uses the original Järvelin–Kekäläinen discount, Y 1/log₂(i+1).",
            (_variant(base, discount="jarvelin"), base),
        ),
        # The base cancels out of NDCG under 1/log(i+1): a tempting reason that changes nothing.
        (
            "X takes its logarithms to base 10, Y to base 2.",
            (_variant(base, log_base=10.0), base),
        ),
    ]


def _make_open_ideal_varied(slot: _Slot) -> Exercise:
    rng = slot.rng
    while True:
        n = rng.randint(5, 7)
        values = _grades(rng, n)
        pool = tuple(float(rng.randint(1, 3)) for _ in range(rng.randint(1, 3)))
        k = rng.choice((EVERY_RANKED, rng.randint(3, n - 1)))
        base = _case("Y", values, k)
        x = _variant(base, "X (ideal from all judged documents)", pool=pool)
        y = _variant(base, "Y (ideal from the ranked list)")
        missing = "the one" if len(pool) == 1 else f"the {len(pool)}"
        options = _open_ideal_options(
            base,
            x,
            y,
            f"X builds the ideal order from every judged document, {missing} it never "
            f"retrieved included; Y only from the {n} it ranked.",
        )
        if not _one_true("open_ideal", (x, y), options):
            continue
        x_says, y_says = (fixed(v, PRINTED_DIGITS) for v in _puzzle_print("open_ideal", (x, y)))
        grades = format_relevances(pool)
        many = len(pool) > 1
        return _puzzle(
            slot,
            "Two libraries, two answers",
            (
                f"Library X reports NDCG{x.ranked.at} = {x_says} and library Y reports {y_says} "
                f"for the same ranked list, {format_relevances(values)}. Why do they differ?"
            ),
            (x, y),
            options,
            (
                f"{len(pool)} relevant document{'s' if many else ''} (grade{'s' if many else ''} "
                f"{grades}) {'were' if many else 'was'} judged but never retrieved. "
                + _POOL_EXPLANATION
            ),
            _OPEN_IDEAL_HINT,
        )


def _make_all_zero(slot: _Slot) -> Exercise:
    if slot.version >= 2:
        return _make_all_zero_mean(slot)
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
        "What are DCG and IDCG when no item is relevant? What is 0/0, and who decides?",
    )


def _make_all_zero_mean(slot: _Slot) -> Exercise:
    """Several queries, one with nothing relevant: two libraries' means differ by the 0/0 rule."""
    rng = slot.rng
    while True:
        others = [_grades(rng, rng.randint(3, 5)) for _ in range(rng.randint(2, 3))]
        zeros = (0.0,) * rng.randint(3, 5)
        queries = [*others, zeros]

        def reading(name: str, queries=queries, **scoring) -> tuple[Case, ...]:
            return tuple(
                _case(f"{name}, query {q}", values, **scoring)
                for q, values in enumerate(queries, start=1)
            )

        x, y = reading("X", zero="1"), reading("Y", zero="0")
        with_pool = (*reading("X")[:-1], _variant(reading("X")[-1], pool=(1.0,)))
        options = [
            ("X counts the query with nothing relevant as perfect (0/0 → 1), Y as a miss.", (x, y)),
            (
                "X leaves the query with nothing relevant out of its mean, Y counts it as 0.",
                (reading("X", zero="skip"), y),
            ),
            (
                "X uses the gain 2^rel − 1, Y the plain grade.",
                (reading("X", gain="exponential"), y),
            ),
            (
                "X builds its ideal from all judged documents, and one relevant document was "
                "never retrieved for the last query.",
                (with_pool, y),
            ),
        ]
        if not _one_true("all_zero", (x, y), options):
            continue
        x_says, y_says = (fixed(v, PRINTED_DIGITS) for v in _puzzle_print("all_zero", (x, y)))
        lists = "; ".join(
            f"query {q}: {format_relevances(values)}" for q, values in enumerate(queries, start=1)
        )
        exercise = _puzzle(
            slot,
            "Nothing relevant, and the mean moves",
            (
                f"A system is scored on {len(queries)} queries ({lists}). The last one has no "
                f"relevant document. Library X reports a mean NDCG of {x_says}, library Y "
                f"{y_says}. Why?"
            ),
            (x[-1], y[-1]),
            options,
            (
                "The last query's NDCG is 0/0: DCG and IDCG are both 0. LightGBM and XGBoost's "
                "ndcg count it as 1, scikit-learn, trec_eval and ranx as 0, and torchmetrics can "
                "leave it out. For one query the choice is the whole score; in a mean it moves "
                "every system's number, so compare systems only under the same rule."
            ),
            "What is the last query's NDCG under each option? Then average each library's scores.",
        )
        # The puzzle is decided on every query's score; its solution shows each query once and
        # the empty one both ways.
        return replace(
            exercise, truth=(x, y), solution_cases=(*x[:-1], x[-1], y[-1]), cases=(x[-1], y[-1])
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
            f"{fixed(standard.iloc[1])}. What is the tool doing?"
        ),
        (truth, base),
        options,
        (
            "Järvelin and Kekäläinen (2002) only discount ranks at or beyond the log base b, "
            "dividing by log_b(i); with b = 2, log₂ 2 = 1, so ranks 1 and 2 both keep their "
            "full gain. Unlike 1/log₂(i+1), the base here changes NDCG."
        ),
        "Work out what each option would make rank 2 contribute. Which one leaves its gain whole?",
    )


# Pitfalls (version 2): each option claims the values some lists score; one holds.


def _values_text(value: float) -> str:
    return fixed(value)


def _pitfall(
    slot: _Slot,
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


def _make_missing_relevant(slot: _Slot) -> Exercise:
    """A closed ideal never punishes a missing item: the list scores 1 against itself."""
    rng = slot.rng
    while True:
        found = sorted((float(rng.randint(1, 3)) for _ in range(rng.randint(1, 2))), reverse=True)
        n = rng.randint(3, 5)
        values = (*found, *(0.0,) * (n - len(found)))
        pool = tuple(float(rng.randint(1, 3)) for _ in range(rng.randint(1, 3)))
        closed = _case("Ideal from the ranked list", values)
        pooled = _variant(closed, "Ideal from every judged document", pool=pool)
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


def _make_irrelevant_tail(slot: _Slot) -> Exercise:
    """Appending non-relevant items never lowers NDCG (with the ideal cut at the list's length)."""
    rng = slot.rng
    while True:
        n = rng.randint(3, 5)
        values = _grades(rng, n)
        m = rng.randint(2, 5)
        short = _case("The list", values)
        longer = _case(f"With {m} irrelevant items appended", (*values, *(0.0,) * m))
        pushed = _case("The new items on top", (*(0.0,) * m, *values))
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


def _make_ideal_below_k(slot: _Slot) -> Exercise:
    """The ideal top k can hold items ranked below k."""
    rng = slot.rng
    while True:
        n = rng.randint(5, 7)
        values = _grades(rng, n)
        k = rng.randint(2, n - 2)
        case = _case("List", values, k)
        found = {m.key: m.value for m in mistakes.ndcg_mistakes(case.ranked)}
        if "ideal_top_k" not in found or "k_list_only" not in found:
            continue
        truth, top_only, uncut = case.score(), found["ideal_top_k"], found["k_list_only"]
        whole = _case("List", values).score()
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
                f"What is NDCG@{k} of the list {format_relevances(values)} (linear gain, "
                "1/log₂(i+1) discount)? Pick the value and the reason."
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


# ---------------------------------------------------------------------------------------------
# NDCG beside its neighbours: which measures does one swap move?
# ---------------------------------------------------------------------------------------------


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


def _make_metric_changes(slot: _Slot) -> Exercise:
    """One swap, seven measures: which move? Those that see grades and positions (NDCG, ERR)
    move with any swap of unequal grades; binary ones only when relevance crosses rel_min or a
    first relevant item moves; P@k and R@k only when an item crosses k."""
    rng = slot.rng
    every = frozenset(measures.MEASURES)
    while True:
        n = rng.randint(5, 7)
        values = _grades(rng, n)
        i, j = sorted(rng.sample(range(1, n + 1), 2))
        if values[i - 1] == values[j - 1]:
            continue
        after_values = list(values)
        after_values[i - 1], after_values[j - 1] = after_values[j - 1], after_values[i - 1]
        before = _case("Before the swap", values)
        after = _case(f"After swapping positions {i} and {j}", after_values)
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
        return slot.exercise(
            title="Which measures does one swap move?",
            prompt=(
                f"The list {format_relevances(values)} is scored at k = n = {n} by P, R, RR, AP "
                f"(relevant: grade ≥ 1), ERR, RBP (p = 0.8) and NDCG. The items at positions {i} "
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


_MAKERS = {
    "compare": _make_compare,
    "estimate": _make_estimate,
    "missing_term": _make_missing_term,
    "costliest_swap": _make_costliest_swap,
    "open_ideal": _make_open_ideal,
    "all_zero": _make_all_zero,
    "rank_two": _make_rank_two,
    "missing_relevant": _make_missing_relevant,
    "irrelevant_tail": _make_irrelevant_tail,
    "ideal_below_k": _make_ideal_below_k,
    "metric_changes": _make_metric_changes,
}
