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
judged-but-not-retrieved items, k) and adds three pitfall exercises; version 3 adds the metrics
page's question (which measures one swap moves). Version 4 has the same plan but keeps an
estimate's list only when every common slip gives a value at least SLIP_DISTANCE from the right
one (the tolerance is then SEPARATED_TOLERANCE), and "which measures move" varies k, so an item
can cross it. Version 5, which new sets use, searches for its estimates instead of filtering
them (`calculations.search_estimate`: an NDCG below 1, slips that can be told apart, judged
items never retrieved in about two sets in five, the gain 2^rel − 1 in about three in ten) and
draws the answer of "which measures move" first, evenly among five classes
(`measures.ANSWER_CLASSES`).

On every version a number counts when it is within the tolerance its question states: that
window is what the prompt promises, so nothing inside it is refused. A slip is named only for
an answer outside it (`mistakes.diagnose`), and only a slip the exercise may name (`slips`: a
lesson's question, the slips met by its stop of the path, `path.slips_met_by`; practice, every
one).
Before, versions 1 to 3 also refused answers within ±0.05 that lay nearer to a slip than to the
right value, a window narrower than the one stated; their lists are unchanged.

Every list is a `model.RankedList` scored by `metrics.totals`, the same record and the same
numbers as every other page, so an exercise opened in the playground shows what it showed here.

The package, by group of exercises (the `PLANS` tuples): `calculations` (compare, estimate,
missing term, costliest swap), `puzzles` (the libraries' mix-ups), `pitfalls`, `measures` (which
measures one swap moves); `answers` reads typed numbers; `records` holds what an exercise is made
of. This module holds the registry (`REGISTRY`: every kind, its maker and its checks), the plans
of each version, the seeds, and the judging. Adding an exercise: its maker (and checks) in its
group's module, one line in `REGISTRY`, and its place in a new version's plan.
"""

from __future__ import annotations

import random
from functools import lru_cache

import i18n
from i18n import tr
from lessons import latex, mistakes
from ndcg_core.display import DIGITS, exact, fixed, shorten
from ndcg_core.metrics import totals
from ndcg_core.parsing import format_relevances

from . import calculations, libraries, measures, pitfalls, puzzles
from .answers import (
    HOW_TO_TYPE,
    ImpossibleAnswer,
    UnreadableAnswer,
    check_ndcg_answer,
    parse_answer,
)
from .calculations import (
    DECOY_FACTOR,
    DECOY_SHIFT,
    ESTIMATE_TOLERANCE,
    MARGIN_DIGITS,
    MIN_DECOY_GAP,
    MIN_GAP,
    MIN_MARGIN,
    MISTAKE_WINDOW,
    SEPARATED_TOLERANCE,
    SLIP_DISTANCE,
    TERM_TOLERANCE,
    swap_loss,
)
from .measures import before_and_after, measures_changed
from .records import Case, Choice, Claim, Exercise, Kind, Reading, Slot, Verdict

KINDS = ("compare", "estimate", "missing_term", "costliest_swap")
PUZZLES = ("open_ideal", "all_zero", "rank_two")
PITFALLS = ("missing_relevant", "irrelevant_tail", "ideal_below_k")
NEIGHBOURS = ("metric_changes",)  # NDCG beside P, R, RR, AP, ERR and RBP (the /metrics page)
# Which kinds make a set, by version: the calculations, then the questions placed between them.
# A version's plan never changes (its seeds are pinned): a new kind joins a new version's plan.
PLANS: dict[int, tuple[tuple[str, ...], tuple[str, ...]]] = {
    1: (KINDS, PUZZLES),
    2: (KINDS, PUZZLES + PITFALLS),
    3: (KINDS, PUZZLES + PITFALLS + NEIGHBOURS),
    4: (KINDS, PUZZLES + PITFALLS + NEIGHBOURS),
    5: (KINDS, PUZZLES + PITFALLS + NEIGHBOURS),
}
VERSIONS = tuple(PLANS)
LATEST = max(VERSIONS)
SET_SIZE = len(KINDS) + len(PUZZLES)  # a version-1 set, as links without a version open it
TRIES = 2  # answers before the solution is shown
MAX_SEED = 999_999
# Every kind of exercise: how it is made, and how its answers are checked.
REGISTRY: dict[str, Kind] = {
    "compare": Kind(
        calculations.make_compare, calculations.compare_holds, calculations.compare_why_not
    ),
    "estimate": Kind(
        calculations.make_estimate,
        mistakes=calculations.estimate_mistakes,
        retry=calculations.estimate_retry,
    ),
    "missing_term": Kind(
        calculations.make_missing_term,
        mistakes=calculations.term_mistakes,
        retry=calculations.term_retry,
    ),
    "costliest_swap": Kind(
        calculations.make_costliest_swap, calculations.swap_holds, calculations.swap_why_not
    ),
    "open_ideal": Kind(puzzles.make_open_ideal, puzzles.holds, puzzles.why_not),
    "all_zero": Kind(puzzles.make_all_zero, puzzles.holds, puzzles.why_not),
    "rank_two": Kind(puzzles.make_rank_two, puzzles.holds, puzzles.why_not),
    "missing_relevant": Kind(pitfalls.make_missing_relevant, pitfalls.holds),
    "irrelevant_tail": Kind(pitfalls.make_irrelevant_tail, pitfalls.holds),
    "ideal_below_k": Kind(pitfalls.make_ideal_below_k, pitfalls.holds),
    "metric_changes": Kind(measures.make_metric_changes, measures.holds),
    # The /libraries page's question on the learner's query; in no version's plan yet.
    "library_pair": Kind(libraries.make_library_pair, libraries.holds, libraries.why_not),
}

__all__ = [
    "DECOY_FACTOR",
    "DECOY_SHIFT",
    "ESTIMATE_TOLERANCE",
    "HOW_TO_TYPE",
    "KINDS",
    "LATEST",
    "MARGIN_DIGITS",
    "MAX_SEED",
    "MIN_DECOY_GAP",
    "MIN_GAP",
    "MIN_MARGIN",
    "MISTAKE_WINDOW",
    "NEIGHBOURS",
    "PITFALLS",
    "PLANS",
    "PUZZLES",
    "REGISTRY",
    "SEPARATED_TOLERANCE",
    "SET_SIZE",
    "SLIP_DISTANCE",
    "TERM_TOLERANCE",
    "TRIES",
    "VERSIONS",
    "Case",
    "Choice",
    "Claim",
    "Exercise",
    "ImpossibleAnswer",
    "Kind",
    "Reading",
    "UnreadableAnswer",
    "Verdict",
    "accepted_range",
    "before_and_after",
    "check_ndcg_answer",
    "check_seed",
    "check_version",
    "correct_choice",
    "exercise",
    "exercise_set",
    "ideal_order",
    "is_correct",
    "judge",
    "kinds_for",
    "measures_changed",
    "mistakes_for",
    "parse_answer",
    "set_size",
    "swap_loss",
    "worked",
]


# ---------------------------------------------------------------------------------------------
# Checking
# ---------------------------------------------------------------------------------------------


def is_correct(exercise: Exercise, choice: int) -> bool:
    """Re-compute whether option `choice` of `exercise` is true, from the lists themselves."""
    return REGISTRY[exercise.kind].holds(exercise, exercise.choices[choice].claim)


def correct_choice(exercise: Exercise) -> int:
    """The index of the one true option (the generator guarantees there is exactly one)."""
    return next(i for i in range(len(exercise.choices)) if is_correct(exercise, i))


def mistakes_for(exercise: Exercise) -> tuple[mistakes.Mistake, ...]:
    """What each common mistake would give for a number exercise (empty for other kinds)."""
    found = REGISTRY[exercise.kind].mistakes
    return found(exercise) if found else ()


def _diagnose(exercise: Exercise, value: float) -> mistakes.Mistake | None:
    """The slip that explains a wrong number, among those the exercise may name."""
    window = MISTAKE_WINDOW.get(exercise.kind, exercise.tolerance)
    found = mistakes_for(exercise)
    if exercise.slips is not None:
        found = tuple(m for m in found if m.key in exercise.slips)
    return mistakes.diagnose(found, value, exercise.target, window)


def judge(exercise: Exercise, answer: int | str) -> Verdict:
    """Judge an answer: an option index, or typed text for a number exercise.

    Raises UnreadableAnswer when typed text cannot be read, ImpossibleAnswer when it is read but
    cannot be the answer (both ValueErrors, with a message for the learner).
    """
    if exercise.is_numeric:
        return _check_number(exercise, answer)
    if isinstance(answer, bool) or not isinstance(answer, int):
        raise ValueError(tr("Pick one of the options; got {given}.", given=repr(answer)))
    if not 0 <= answer < len(exercise.choices):
        raise ValueError(
            tr(
                "Pick one of the {count} options; got option {number}.",
                count=len(exercise.choices),
                number=answer + 1,
            )
        )
    right_index = correct_choice(exercise)
    picked = exercise.choices[answer]
    if answer == right_index:
        return Verdict(True, tr("Right!"), tr("“{pick}” is the answer.", pick=picked.text))
    why = _why_not(exercise, picked)
    said = tr(
        "You picked “{pick}”; the answer is “{answer}”.",
        pick=picked.text,
        answer=exercise.choices[right_index].text,
    )
    return Verdict(
        False,
        tr("Not quite."),
        f"{said} {why}".strip(),
        feedback=why,
        mistake=exercise.kind,
    )


def _check_number(exercise: Exercise, answer: object) -> Verdict:
    if not isinstance(answer, str):
        raise ValueError(tr("This exercise wants a typed number; got {given}.", given=repr(answer)))
    value = parse_answer(answer)
    if exercise.kind == "estimate":
        try:
            value = check_ndcg_answer(value, answer)
        except ImpossibleAnswer as error:
            slip = _diagnose(exercise, value)
            if slip is None:
                raise
            looks = tr("It looks like {slip}.", slip=slip.name)
            raise ImpossibleAnswer(f"{error} {looks} {slip.advice}") from None
    off = value - exercise.target
    said = exact(round(value, 6))
    truth = fixed(exercise.target)
    # Judged on the gap as it is shown (to DIGITS places): a gap that reads 0.0500 is within
    # ±0.05, whatever the float beyond the fourth decimal says. Every answer within the stated
    # tolerance counts, on every version's links: a slip is named only for an answer outside it.
    gap = round(abs(off), DIGITS)
    if gap <= exercise.tolerance:
        return Verdict(
            True,
            tr("Right!"),
            tr("You said {said}; the exact value is {truth}.", said=said, truth=truth),
        )
    slip = _diagnose(exercise, value)
    named = (
        " " + tr("It matches {slip}: {advice}", slip=slip.name, advice=slip.advice) if slip else ""
    )
    if off > 0:
        feedback = tr("You said {said}, which is too high.", said=said)
        detail = tr(
            "You said {said}, which is {gap} too high; the exact value is {truth} (answers "
            "within ±{tolerance} count).",
            said=said,
            gap=fixed(abs(off)),
            truth=truth,
            tolerance=exact(exercise.tolerance),
        )
    else:
        feedback = tr("You said {said}, which is too low.", said=said)
        detail = tr(
            "You said {said}, which is {gap} too low; the exact value is {truth} (answers "
            "within ±{tolerance} count).",
            said=said,
            gap=fixed(abs(off)),
            truth=truth,
            tolerance=exact(exercise.tolerance),
        )
    feedback += named
    retry = REGISTRY[exercise.kind].retry
    if slip is None and retry:
        feedback += f" {retry(exercise)}"
    return Verdict(
        False,
        tr("Not quite."),
        detail + named,
        feedback=feedback,
        mistake=slip.key if slip else "",
    )


def accepted_range(exercise: Exercise) -> tuple[float, float]:
    """The numbers that count for a number exercise, lowest and highest: the target within its
    tolerance (an NDCG estimate within 0…1 too)."""
    low, high = exercise.target - exercise.tolerance, exercise.target + exercise.tolerance
    if exercise.kind == "estimate":
        return max(low, 0.0), min(high, 1.0)
    return low, high


def _why_not(exercise: Exercise, picked: Choice) -> str:
    """What is wrong with a picked option, computed from its claim, without naming the answer."""
    if picked.why:
        return picked.why
    why_not = REGISTRY[exercise.kind].why_not
    return why_not(exercise, picked.claim) if why_not else ""


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
    values = {"n": ranked.n, "pool": len(ranked.pool), "order": format_relevances(order)}
    counted = result.depth
    if counted < len(order):
        values["count"] = counted
        if ranked.ideal is not None:
            return tr(
                "Ideal order, best first, sorted from all {n} ranked items and the {pool} "
                "judged but not retrieved: {order}; the first {count} count.",
                **values,
            )
        return tr(
            "Ideal order, best first, sorted from all {n} ranked items: {order}; the first "
            "{count} count.",
            **values,
        )
    if ranked.ideal is not None:
        return tr(
            "Ideal order, best first, sorted from all {n} ranked items and the {pool} judged "
            "but not retrieved: {order}.",
            **values,
        )
    return tr("Ideal order, best first, sorted from all {n} ranked items: {order}.", **values)


# ---------------------------------------------------------------------------------------------
# Generation
# ---------------------------------------------------------------------------------------------


def check_seed(seed: object) -> int:
    """A set's seed: a whole number from 0 to MAX_SEED."""
    given = seed  # quoted as typed: '01000000' is out of range too, and is said so
    wrong = tr(
        "The seed must be a whole number from 0 to {most}; got {given}.",
        most=MAX_SEED,
        given=shorten(repr(given)),
    )
    if isinstance(seed, str):
        text = seed.strip()
        # '²'.isdigit(), yet int('²') fails; and int() refuses over 4,300 digits in its own words
        if not (text.isascii() and text.isdigit() and len(text) <= 20):
            raise ValueError(wrong)
        seed = int(text)
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed <= MAX_SEED:
        raise ValueError(wrong)
    return seed


def check_version(version: object) -> int:
    """A set's version: one of VERSIONS."""
    if isinstance(version, bool) or version not in VERSIONS:
        known = ", ".join(str(v) for v in VERSIONS)
        raise ValueError(
            tr(
                "`version` must be one of {known}; got {given}.",
                known=known,
                given=shorten(repr(version)),
            )
        )
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
        raise ValueError(
            tr(
                "`index` must be a whole number from 0 to {most}; got {given}.",
                most=size - 1,
                given=repr(index),
            )
        )
    return _made(seed, index, version, i18n.language())


@lru_cache(maxsize=512)
def _made(seed: int, index: int, version: int, lang: str) -> Exercise:
    """The exercise itself, made once per language (its text is in `lang`): the page asks for
    it again on every rerun, and a version-5 estimate is searched for (a tenth of a second)."""
    kind = kinds_for(seed, version)[index]
    stream = (
        f"ndcg-practice:{seed}:{index}"
        if version == 1
        else f"ndcg-practice:v{version}:{seed}:{index}"
    )
    slot = Slot(kind, seed, index, random.Random(stream), version)
    return REGISTRY[kind].make(slot)


def exercise_set(seed: int, version: int = 1) -> list[Exercise]:
    return [exercise(seed, i, version) for i in range(set_size(version))]
