"""What a class is asked, and what its answers say. Pure Python on `ndcg_core`: no database, no
Streamlit.

Four kinds of question (`KINDS`, with the names the teacher picks them by):

- ``practice``: any exercise of a practice set, by seed, version and index, exactly as
  /practice shows it (`practice.exercise`);
- ``compare``: "which order scores higher?" for the teacher's own lists A and B;
- ``estimate``: "estimate NDCG of this list", answered with a number;
- ``costliest_swap``: "which swap of two neighbours costs the most?" for the teacher's list.

Each is a `practice.Exercise`, so the classroom grades with practice's `judge` and
`correct_choice`, names the slip behind a wrong number with `mistakes.diagnose` (through
`check`), and solves with practice's worked solutions: one grader, whichever page asks. A
question is stored as its *spec*, a small JSON object (`Question.text`), and rebuilt from it.

For the class as a whole: `choice_counts` (a bar per option), `histogram` (numbers, on a grid
that does not depend on the answer, so the projector cannot give it away before the reveal),
`tally`, `misconceptions` (what the wrong answers point to: the slip `diagnose` recognises for a
number, the option's own `why` for a choice), `compared` (one student's answer beside the
class's) and `report_rows` (a question's answer counts, for the CSV export).
"""

from __future__ import annotations

import json
import math
import statistics
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache

import i18n
import outside
from i18n import N_, tr, trn
from lessons import practice
from lessons.practice import Case, Exercise, Verdict, calculations
from ndcg_core import ordering
from ndcg_core.display import DIGITS, count, exact, fixed, signed
from ndcg_core.model import EVERY_RANKED, RankedList, Scoring
from ndcg_core.parsing import format_relevances

from .rooms import read_answer_text

MIN_ITEMS = 2
MAX_ITEMS = 10  # a list the class works out by hand, and reads on a phone
MAX_GRADE = 10
SPEC_LIMIT = 10_000  # characters of a question's spec: the largest the app writes is ~300
SPEC_FIX = N_("A question must be JSON as this app writes it: ask it again.")
MAX_BINS = 24  # bars of a histogram: one a class can read on a projector
NICE_STEPS = (1, 2, 2.5, 5)


@dataclass(frozen=True)
class QuestionKind:
    """A kind of question a teacher can pose: its name (English, the catalogue's key: `label`
    says it in the viewer's language), and the icon beside it."""

    name: str
    icon: str

    @property
    def label(self) -> str:
        return f"{self.icon} {tr(self.name)}"


# Every kind of question, in the order the teacher's screen offers them.
KINDS: dict[str, QuestionKind] = {
    "practice": QuestionKind(N_("A practice exercise"), "🎯"),
    "compare": QuestionKind(N_("Which order scores higher?"), "⚖️"),
    "estimate": QuestionKind(N_("Estimate NDCG"), "🔢"),
    "costliest_swap": QuestionKind(N_("Which swap costs the most?"), "🔀"),
}
# The name of the one list of an "estimate" or "swap" question (A and B name a comparison's).
# Kept in English in the question; each screen says it in its own language (`tr(case.name)`).
LIST_NAME = N_("List")


# ---------------------------------------------------------------------------------------------
# A question
# ---------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Question:
    """A question as the class sees it: `exercise` (graded by `practice`) and the `spec` it is
    rebuilt from (`text`, the JSON the database keeps)."""

    text: str
    exercise: Exercise

    @property
    def spec(self) -> dict:
        return json.loads(self.text)

    @property
    def kind(self) -> str:
        return self.spec["kind"]

    @property
    def is_numeric(self) -> bool:
        return self.exercise.is_numeric

    @property
    def options(self) -> tuple[str, ...]:
        return tuple(choice.text for choice in self.exercise.choices)

    @property
    def right(self) -> int | None:
        """The index of the right option (None for a number question)."""
        return None if self.is_numeric else practice.correct_choice(self.exercise)

    @property
    def shows_lists(self) -> bool:
        """Whether the lists may be shown with the question: a puzzle's lists would give its
        answer away (its prompt already says what it needs), as on /practice."""
        return self.exercise.kind in practice.KINDS

    def describe(self) -> str:
        """One line for a list of questions and the CSV: its title and where it comes from (in
        the language of the run: the question was rebuilt in it, `from_text`)."""
        spec = self.spec
        if spec["kind"] == "practice":
            return tr(
                "{title} (practice set {seed}, version {version}, exercise {number})",
                title=self.exercise.title,
                seed=spec["seed"],
                version=spec["version"],
                number=spec["index"] + 1,
            )
        lists = " / ".join(
            tr("{name}: {values}", name=tr(c.name), values=c.describe())
            for c in self.exercise.cases
        )
        return tr("{title} ({lists})", title=self.exercise.title, lists=lists)


def _question(spec: dict, exercise: Exercise) -> Question:
    return Question(json.dumps(spec, sort_keys=True, separators=(",", ":")), exercise)


def from_spec(spec: Mapping) -> Question:
    """Rebuild a question from its spec (a mapping with `kind`); raises ValueError naming
    what is wrong with it."""
    if (
        not isinstance(spec, Mapping)
        or not isinstance(spec.get("kind"), str)
        or spec["kind"] not in KINDS
    ):
        known = ", ".join(KINDS)
        raise ValueError(
            tr(
                "A question's `kind` must be one of {known}; got {value}.",
                known=known,
                value=f"{spec!r:.80}",
            )
        )
    kind = spec["kind"]
    try:
        if kind == "practice":
            return practice_question(*(_small(spec[name], name) for name in PRACTICE_FIELDS))
        k = _small(spec.get("k", EVERY_RANKED), "k", CUT)
        if kind == "compare":
            return compare_question(spec["a"], spec["b"], k)
        if kind == "estimate":
            return estimate_question(spec["rels"], k)
        return swap_question(spec["rels"])
    except KeyError as missing:
        raise ValueError(
            tr(
                "A {kind} question needs `{field}`; got {value}.",
                kind=kind,
                field=missing.args[0],
                value=f"{spec!r:.80}",
            )
        ) from None


PRACTICE_FIELDS = ("seed", "index", "version")
WHOLE = N_("A question's `{name}` must be a whole number; got {value}.")
CUT = N_(
    "A question's `{name}` must be a whole number, 'n' (every ranked position) or 'none'; "
    "got {value}."
)


def _small(value: object, name: str, what: str = WHOLE) -> object:
    """A seed, an index, a version or a cut-off as a file may hold it, if it can be one (the
    practice and the kernel check its range): a file can hold anything there, and this
    message quotes only the start of it."""
    small = value is None or (isinstance(value, int) and value.bit_length() <= 64)
    if isinstance(value, bool) or not (small or (isinstance(value, str) and len(value) <= 12)):
        raise ValueError(tr(what, name=name, value=f"{value!r:.40}"))
    return value


def from_text(text: str) -> Question:
    """A question from the JSON the database keeps, in the language of this run: the database
    keeps the spec only (no text in any language), and each screen rebuilds the question's
    words (title, prompt, options) in its viewer's language."""
    return _from_text(text, i18n.language())


@lru_cache(maxsize=512)
def _from_text(text: str, lang: str) -> Question:
    # Cached per language: every screen rebuilds the question on every run, and a Russian
    # student's phone and a Chinese one must not share one rebuilt question's words.
    if not isinstance(text, str):
        raise ValueError(
            tr("A stored question must be JSON text; got {value}.", value=f"{text!r:.60}")
        )
    return from_spec(
        outside.read_json(text, tr("This stored question"), tr(SPEC_FIX), limit=SPEC_LIMIT)
    )


def practice_question(seed: int, index: int, version: int = practice.LATEST) -> Question:
    """Exercise `index` (0-based) of the practice set `seed`, `version`: as /practice shows it."""
    exercise = practice.exercise(seed, index, version)
    spec = {"kind": "practice", "seed": exercise.seed, "index": index, "version": version}
    return _question(spec, exercise)


# The names of a teacher's lists in messages (each message says it in its own language).
LIST_A, LIST_B, THE_LIST = N_("List A"), N_("List B"), N_("The list")


def _ranked(values: object, k: object, name: str) -> RankedList:
    """A teacher's list: MIN_ITEMS to MAX_ITEMS grades from 0 to MAX_GRADE, k from 1 to n or
    "n"; a ValueError names the list (`name`: LIST_A, LIST_B or THE_LIST) and the value."""
    name = tr(name)
    if isinstance(values, (str, bytes)) or not isinstance(values, Iterable):
        raise ValueError(
            tr(
                "{name} must be a list of grades; got {value}.",
                name=name,
                value=f"{values!r:.60}",
            )
        )
    values = list(values)
    if not MIN_ITEMS <= len(values) <= MAX_ITEMS:
        raise ValueError(
            trn(
                "{name} has {n} item; a class question takes {least} to {most}, so that it can "
                "be worked out by hand.",
                "{name} has {n} items; a class question takes {least} to {most}, so that it can "
                "be worked out by hand.",
                len(values),
                name=name,
                least=MIN_ITEMS,
                most=MAX_ITEMS,
            )
        )
    try:
        ranked = RankedList(tuple(values), scoring=Scoring(k=k))
    except ValueError as error:
        raise ValueError(tr("{name}: {problem}", name=name, problem=error)) from None
    for position, value in enumerate(ranked.relevances, start=1):
        if value > MAX_GRADE:
            raise ValueError(
                tr(
                    "{name}: position {position} is graded {grade}; use grades from 0 to {most}.",
                    name=name,
                    position=position,
                    grade=exact(value),
                    most=MAX_GRADE,
                )
            )
    cut = ranked.scoring.k  # "none" (no cut-off, from a null) is neither of the two forms
    if cut != EVERY_RANKED and not (isinstance(cut, int) and 1 <= cut <= ranked.n):
        raise ValueError(
            tr(
                "`k` must be from 1 to the list's length {n}, or 'n' for every position; got "
                "{value}.",
                n=ranked.n,
                value=repr(ranked.scoring.k),
            )
        )
    if not any(ranked.relevances):
        raise ValueError(
            tr(
                "{name} has no relevant item (every grade is 0): its NDCG is 0 by convention "
                "whatever the order. Give it at least one grade above 0.",
                name=name,
            )
        )
    return ranked


def _k_json(ranked: RankedList) -> int | str:
    return ranked.scoring.k


# -- which order scores higher ----------------------------------------------------------------


def compare_question(a: object, b: object, k: object = EVERY_RANKED) -> Question:
    """ "Which order scores higher?" for lists A and B, both cut at `k` (practice's
    `build_compare`). The two must differ at four decimals, so that exactly one option is right."""
    ranked_a, ranked_b = _ranked(a, k, LIST_A), _ranked(b, k, LIST_B)
    case_a, case_b = Case("A", ranked_a), Case("B", ranked_b)
    score_a, score_b = case_a.score(), case_b.score()
    if fixed(score_a) == fixed(score_b):
        raise ValueError(
            tr(
                "Lists A and B both score NDCG{at} = {score}: change one so that the question "
                "has one answer.",
                at=ranked_a.at,
                score=fixed(score_a),
            )
        )
    spec = {"kind": "compare", "a": list(ranked_a.relevances), "b": list(ranked_b.relevances)}
    return _question({**spec, "k": _k_json(ranked_a)}, calculations.build_compare(case_a, case_b))


# -- estimate NDCG ------------------------------------------------------------------------------


def estimate_question(relevances: object, k: object = EVERY_RANKED) -> Question:
    """ "Estimate NDCG of this list", right within ±`practice.ESTIMATE_TOLERANCE` (practice's
    `build_estimate`)."""
    ranked = _ranked(relevances, k, THE_LIST)
    spec = {"kind": "estimate", "rels": list(ranked.relevances), "k": _k_json(ranked)}
    return _question(spec, calculations.build_estimate(Case(LIST_NAME, ranked)))


# -- the costliest swap of two neighbours ---------------------------------------------------------


def neighbour_swaps(ranked: RankedList) -> list[tuple[int, int, float]]:
    """Every swap of two neighbours whose grades differ: (i, i + 1, ΔNDCG), from
    `ordering.swap_deltas`."""
    deltas = ordering.swap_deltas(ranked)
    values = ranked.relevances
    return [
        (i, i + 1, float(deltas[i - 1, i]))
        for i in range(1, ranked.n)
        if values[i - 1] != values[i]
    ]


def swap_question(relevances: object) -> Question:
    """ "Which swap of two neighbours lowers NDCG the most?" Every neighbouring pair with
    different grades is an option (practice's `build_costliest_swap`); the costliest must cost
    more than the next at four decimals.
    """
    ranked = _ranked(relevances, EVERY_RANKED, THE_LIST)
    swaps = neighbour_swaps(ranked)
    if len(swaps) < 2:
        raise ValueError(
            trn(
                "The list needs at least two pairs of neighbours with different grades, so "
                "that there is a choice; {values} has {n}.",
                "The list needs at least two pairs of neighbours with different grades, so "
                "that there is a choice; {values} has {n}.",
                len(swaps),
                values=format_relevances(ranked.relevances),
            )
        )
    by_cost = sorted(swaps, key=lambda s: s[2])  # the most negative change first
    (_, _, worst), (_, _, runner_up) = by_cost[0], by_cost[1]
    if worst >= 0:
        raise ValueError(
            tr(
                "No swap of neighbours lowers the NDCG of {values}: each one moves a better item "
                "up. Ask with a list that is closer to its ideal order.",
                values=format_relevances(ranked.relevances),
            )
        )
    if fixed(worst) == fixed(runner_up):
        tied = [f"{a}↔{b}" for a, b, d in swaps if fixed(d) == fixed(worst)]
        raise ValueError(
            tr(
                "Swaps {swaps} cost the same to four decimals ({change}): change the list so "
                "that one swap costs the most.",
                swaps=tr("{first} and {last}", first=", ".join(tied[:-1]), last=tied[-1]),
                change=signed(worst),
            )
        )
    exercise = calculations.build_costliest_swap(
        Case(LIST_NAME, ranked), [(a, b) for a, b, _ in swaps]
    )
    return _question({"kind": "costliest_swap", "rels": list(ranked.relevances)}, exercise)


# ---------------------------------------------------------------------------------------------
# Answers
# ---------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Given:
    """An answer as stored: `text` (an option's index, or the number as typed) and `value`
    (the number read from it; None for an option)."""

    text: str
    value: float | None = None


def accept(question: Question, answer: int | str) -> Given:
    """An answer made ready to store, or a ValueError saying why it cannot be one (an option
    that does not exist; a number that cannot be read, or cannot be the answer, with
    practice's own messages)."""
    if question.is_numeric:
        text = read_answer_text(answer)
        practice.judge(question.exercise, text)  # raises on what it cannot read or accept
        return Given(text, practice.parse_answer(text))
    practice.judge(question.exercise, answer)  # raises on an option that is not there
    return Given(str(answer))


def verdict(question: Question, text: str) -> Verdict:
    """How a stored answer fares (practice's `judge`)."""
    if question.is_numeric:
        return practice.judge(question.exercise, text)
    return practice.judge(question.exercise, int(text))


@lru_cache(maxsize=4096)
def _verdict(question: Question, text: str) -> Verdict:
    return verdict(question, text)


def said(question: Question, text: str, decimal: str | None = None) -> str:
    """An answer in words: the option's text, or the number as read (with the language's
    decimal mark on a screen; `decimal="."` for a file that is read back)."""
    if question.is_numeric:
        return exact(round(practice.parse_answer(text), 6), decimal)
    return question.options[int(text)]


@dataclass(frozen=True)
class Tally:
    answered: int
    right: int

    @property
    def share(self) -> float:
        return self.right / self.answered if self.answered else math.nan


def tally(question: Question, texts: Sequence[str]) -> Tally:
    return Tally(len(texts), sum(_verdict(question, t).correct for t in texts))


@dataclass(frozen=True)
class Bar:
    """One option of a choice question: its text, how many picked it, and whether it is right."""

    index: int
    label: str
    count: int
    right: bool


def choice_counts(question: Question, texts: Iterable[str]) -> tuple[Bar, ...]:
    """How many picked each option, every option listed (zeros too), in the options' order."""
    counts = Counter(int(t) for t in texts)
    right = question.right
    return tuple(
        Bar(i, label, counts.get(i, 0), i == right) for i, label in enumerate(question.options)
    )


@dataclass(frozen=True)
class Bin:
    """Answers from `low` up to (not including) `high`; the last bin includes its top."""

    low: float
    high: float
    count: int


def _nice(width: float) -> float:
    """The smallest of 1, 2, 2.5, 5 × 10ⁿ that is at least `width`."""
    power = 10 ** math.floor(math.log10(width))
    for step in NICE_STEPS:
        if step * power >= width - 1e-12:
            return step * power
    return 10 * power


def histogram(
    values: Sequence[float], tolerance: float, low: float = 0.0, high: float = 1.0
) -> tuple[Bin, ...]:
    """Typed numbers counted in bins of width 2 × `tolerance` (wider, and rounded to a nice
    step, when more than MAX_BINS would be needed), on a grid anchored at 0 and covering
    [`low`, `high`] and every value.

    The grid depends on the answers only, never on the right value, so a histogram shown
    before the reveal cannot give the answer away.
    """
    if tolerance <= 0:
        raise ValueError(f"`tolerance` must be above 0; got {tolerance!r}.")
    finite = [float(v) for v in values if math.isfinite(v)]
    low, high = min([low, *finite]), max([high, *finite])
    width = 2 * tolerance
    if (high - low) / width > MAX_BINS:
        width = _nice((high - low) / MAX_BINS)
    first = math.floor(low / width + 1e-9)
    last = max(first + 1, math.ceil(high / width - 1e-9))
    counts = Counter()
    for v in finite:
        at = min(math.floor(v / width + 1e-9), last - 1)  # the top edge joins the last bin
        counts[at] += 1
    return tuple(
        Bin(round(m * width, 12), round((m + 1) * width, 12), counts.get(m, 0))
        for m in range(first, last)
    )


@dataclass(frozen=True)
class Misconception:
    """What some wrong answers point to: `label` (a slip, or the option picked), `advice`
    (what goes wrong, with the question's own numbers), how many answers point to it."""

    label: str
    advice: str
    count: int


def misconceptions(question: Question, texts: Iterable[str]) -> tuple[Misconception, ...]:
    """The wrong answers grouped by what they point to, most common first.

    A number: the slip `mistakes.diagnose` recognises in it (through practice's `judge`), or
    "no common slip recognised". A choice: the option picked, with its `why`.
    """
    found: Counter = Counter()
    advice: dict[str, str] = {}
    slips = {m.key: m for m in practice.mistakes_for(question.exercise)}
    for text in texts:
        result = _verdict(question, text)
        if result.correct:
            continue
        # Said in the language of the screen that asks (the teacher's, or the projector's):
        # nothing here is kept.
        if question.is_numeric:
            slip = slips.get(result.mistake)
            label = (
                tr("Matches {slip}", slip=tr(slip.name))
                if slip
                else tr("No common slip recognised")
            )
            advice[label] = (
                tr(slip.advice)
                if slip
                else tr("Ask how they got there: the answer matches none of the common slips.")
            )
        else:
            label = tr("Picked “{option}”", option=question.options[int(text)])
            advice[label] = result.feedback
        found[label] += 1
    order = sorted(found, key=lambda label: (-found[label], label))
    return tuple(Misconception(label, advice[label], found[label]) for label in order)


def compared(question: Question, mine: str | None, texts: Sequence[str]) -> str:
    """One student's answer beside the class's, in a sentence."""
    counts = tally(question, texts)
    right, answered = count(counts.right), count(counts.answered)
    if mine is None:
        return tr(
            "You did not answer; {right} of {answered} in the class got it right.",
            right=right,
            answered=answered,
        )
    if question.is_numeric:
        values = [practice.parse_answer(t) for t in texts]
        middle = statistics.median(values) if values else math.nan
        return tr(
            "You said {mine}; the answer is {target}. {right} of {answered} in the class got it "
            "right (within ±{tolerance}); the middle answer of the class (median) was {median}.",
            mine=said(question, mine),
            target=fixed(question.exercise.target),
            right=right,
            answered=answered,
            tolerance=exact(question.exercise.tolerance),
            median=exact(round(middle, DIGITS)),
        )
    same = sum(1 for t in texts if t == mine) - 1
    if _verdict(question, mine).correct:
        return (
            trn(
                "You picked the answer, like {others} other; {right} of {answered} in the class got "
                "it right.",
                "You picked the answer, like {others} others; {right} of {answered} in the class "
                "got it right.",
                same,
                others=count(same),
                right=right,
                answered=answered,
            )
            if same
            else tr(
                "You picked the answer, like no one else; {right} of {answered} in the class got it "
                "right.",
                right=right,
                answered=answered,
            )
        )
    if not same:
        return tr(
            "You picked “{pick}”, like no one else; {right} of {answered} in the class got it "
            "right.",
            pick=said(question, mine),
            right=right,
            answered=answered,
        )
    return trn(
        "You picked “{pick}”, like {others} other; {right} of {answered} in the class got it "
        "right.",
        "You picked “{pick}”, like {others} others; {right} of {answered} in the class got it "
        "right.",
        same,
        pick=said(question, mine),
        others=count(same),
        right=right,
        answered=answered,
    )


def report_rows(question: Question, texts: Sequence[str]) -> list[dict[str, object]]:
    """A question's answer counts for the CSV: every option (zeros too) or every distinct number
    given, each with its count and whether it is right."""
    if not question.is_numeric:
        return [
            {"answer": bar.label, "count": bar.count, "right": "yes" if bar.right else "no"}
            for bar in choice_counts(question, texts)
        ]
    by_value: Counter = Counter()
    right: dict[str, bool] = {}
    for text in texts:
        value = said(question, text, decimal=".")  # a CSV cell: a spreadsheet reads it back
        by_value[value] += 1
        right[value] = _verdict(question, text).correct
    return [
        {"answer": value, "count": by_value[value], "right": "yes" if right[value] else "no"}
        for value in sorted(by_value, key=float)
    ]
