"""Home's suggested path: the lessons in the order a newcomer reads them, and how long each takes.

Each stop is a page (its key in `ui.menu`), what it adds (in words that name the topic, never
the answer to its question), and the questions its core asks. How long a stop takes is its
reading plus its answering:

- Reading: its *core words*, the words the page shows unfolded once its questions are answered
  (folded boxes, the sidebar and formulas' hidden MathML not counted), measured in chromium at
  1280 × 800 by `bench/lesson_lengths.py`, which writes them to `path_lengths.json` beside this
  file (re-run it after changing a lesson), read at WORDS_PER_MINUTE, a common figure for
  explanatory text on a screen.
- Answering: QUESTION_SECONDS per question, by kind. How they were set: a reviewer who walked
  the path as a newcomer took about a minute for each question that needs no
  calculation, reading it included. A question's prompt (about 30 words) is already in the
  page's words, about 10 s at 200 words a minute; 45 s are added for its options, thinking and
  answering. (When a question is skipped for the measure, its options are not drawn: the 45 s
  cover reading them too.) A question answered by a move on the board gets 30 s more, for
  trying moves before settling on one. `tests/pages/test_questions.py` checks that each stop declares the questions
  its page asks.
- Practice, the last exercise stop, is a set of exercises rather than a page to read: its time
  is PRACTICE_MINUTES per exercise of the newest set, by kind (a number worked out by hand
  takes longest; a reviewer timed an estimate at 3–5 minutes with a calculator). Home states it
  apart from the lessons' time, which is kept within MAX_MINUTES, as it states the side trips'
  (each optional, taken after the stop it hangs from).
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass
from pathlib import Path

from i18n import N_, tr
from lessons.practice import LATEST, PLANS

WORDS_PER_MINUTE = 200
# The lessons of the path, read in order and every question answered: at most this long.
MAX_MINUTES = 20
QUESTION_SECONDS = {"choice": 45, "board": 75}
# A practice exercise, by kind; any kind not named here is a question with options.
PRACTICE_MINUTES = {"estimate": 4, "missing_term": 2, "compare": 2, "costliest_swap": 2}
PRACTICE_DEFAULT_MINUTES = 1
PRACTICE = "practice"
LENGTHS = Path(__file__).with_name("path_lengths.json")


@dataclass(frozen=True)
class Stop:
    key: str  # the page, as ui.menu names it
    adds: str  # what it adds to what came before, in a few words
    # The questions its core asks, by kind ("choice": options; "board": a move on the board).
    questions: tuple[str, ...] = ()
    # The link's query parameters, when the stop opens a particular list: what `adds` promises
    # is what the page shows there (and what bench/lesson_lengths.py measures).
    params: tuple[tuple[str, str], ...] = ()


# Order: the two walkthroughs that build the formula, the discount lesson that explains the
# playground's controls before the playground, then gains, labels, what the number hides, its
# neighbours, the libraries, and practice to close.
STOPS: tuple[Stop, ...] = (
    Stop("learn-binary", N_("DCG and NDCG on a 0/1 list, cut at k"), ("choice",)),
    Stop("learn-graded", N_("grades, and the ideal order"), ("choice",)),
    Stop("learn-discount", N_("why the discount is a logarithm, and its other shapes"), ("board",)),
    Stop("playground", N_("your own list: type it, drag it, change k, the gain and the discount")),
    Stop("learn-gain", N_("the gain 2^rel − 1"), ("choice",)),
    Stop("learn-labels", N_("where grades come from: judgments, ratings, clicks"), ("choice",)),
    Stop("learn-pitfalls", N_("what the number does not tell you"), ("choice", "choice")),
    Stop("metrics", N_("P@k, R@k, RR, AP, ERR and RBP on the same list"), ("choice",)),
    Stop(
        "libraries",
        N_("why scikit-learn and trec_eval print different numbers"),
        ("choice",),
        # Today's Wikipedia list with its two judged documents never retrieved: a list on which
        # the libraries part.
        params=(("rels", "3,2,3,0,1,2"), ("pool", "3,2")),
    ),
    Stop("practice", N_("exercises that name the mistake behind a wrong answer")),
    Stop("recap", N_("the formula, the four things to state with it, and chance")),
)
# Short side trips: each a walkthrough of one source's examples, taken after the stop named.
SIDE_TRIPS: dict[str, tuple[Stop, ...]] = {
    "learn-graded": (
        Stop("learn-continuous", N_("relevance between 0 and 1"), ("choice",)),
        Stop("learn-russian", N_("three short lists of high grades"), ("choice",)),
    ),
    "learn-pitfalls": (Stop("learn-all-zero", N_("a query with nothing relevant"), ("choice",)),),
}
# Kept to look things up, not read through: no time stated, not counted in the path's core.
REFERENCE = "glossary"


def stop(key: str) -> Stop:
    """The stop or side trip of page `key`."""
    every = [*STOPS, *(side for sides in SIDE_TRIPS.values() for side in sides)]
    return next(s for s in every if s.key == key)


def minutes(words: int) -> int:
    """Reading time of `words` words, in whole minutes, at least one."""
    return max(1, math.ceil(words / WORDS_PER_MINUTE))


def reading_time(words: int) -> str:
    """'1 min', '4 min': how Home states a time."""
    return tr("{n} min", n=minutes(words))


def reading_seconds(words: int) -> float:
    return 60 * words / WORDS_PER_MINUTE


def answering_seconds(key: str) -> float:
    """The allowance for answering stop `key`'s questions."""
    return sum(QUESTION_SECONDS[kind] for kind in stop(key).questions)


def stop_minutes(key: str, words: int) -> int:
    """A stop's time, reading its `words` plus answering its questions, in whole minutes (at
    least one); the practice stop's is its exercise set's (`practice_minutes`)."""
    if key == PRACTICE:
        return practice_minutes()
    return max(1, math.ceil((reading_seconds(words) + answering_seconds(key)) / 60))


def practice_exercises() -> tuple[str, ...]:
    """The kinds of exercise in a practice set of the newest version, one per exercise."""
    calculations, questions = PLANS[LATEST]
    return (*calculations, *questions)


def practice_minutes() -> int:
    return sum(
        PRACTICE_MINUTES.get(kind, PRACTICE_DEFAULT_MINUTES) for kind in practice_exercises()
    )


@dataclass(frozen=True)
class PathTime:
    """The path's time: its stops' reading and answering in seconds (practice left out), how
    many questions they ask, the side trips' minutes, and the practice set's minutes."""

    reading: float
    answering: float
    questions: int
    side_trips: int
    practice: int

    @property
    def lessons(self) -> int:
        """The stops, read and answered, in whole minutes: the figure kept within MAX_MINUTES."""
        return math.ceil((self.reading + self.answering) / 60)


def path_time(words: dict[str, int]) -> PathTime:
    """The path's time from each page's measured core words (`core_words`)."""
    stops = [stop.key for stop in STOPS if stop.key != PRACTICE]
    sides = [side.key for sides in SIDE_TRIPS.values() for side in sides]
    side_seconds = sum(reading_seconds(words.get(key, 0)) + answering_seconds(key) for key in sides)
    return PathTime(
        reading=sum(reading_seconds(words.get(key, 0)) for key in stops),
        answering=sum(answering_seconds(key) for key in stops),
        questions=sum(len(stop(key).questions) for key in stops),
        side_trips=math.ceil(side_seconds / 60),
        practice=practice_minutes(),
    )


def pages() -> tuple[str, ...]:
    """Every page the path's time covers: its stops and their side trips, in reading order."""
    out: list[str] = []
    for stop in STOPS:
        out.append(stop.key)
        out.extend(side.key for side in SIDE_TRIPS.get(stop.key, ()))
    return tuple(out)


# The stop where each slip's idea is taught (the keys are `mistakes`' slips): a slip of the
# logarithm or of k where the first lessons write log₂(i + 1) and NDCG@k; the calculator's log₁₀
# on one side where the discount lesson shows that a base cancels only on both; the gain
# 2^rel − 1 on its own stop; the judged items never retrieved where the pitfalls ask about a
# closed ideal. A lesson's question names only the slips met by its stop (`slips_met_by`).
TAUGHT_AT = {
    "log_i": "learn-binary",
    "ideal_unsorted": "learn-binary",
    "ideal_top_k": "learn-binary",
    "k_list_only": "learn-binary",
    "k_ideal_only": "learn-binary",
    "multiplied": "learn-binary",
    "log10_list": "learn-discount",
    "log10_ideal": "learn-discount",
    "log10": "learn-discount",
    "natural_log": "learn-discount",
    "gain_exponential": "learn-gain",
    "gain_linear": "learn-gain",
    "gain_no_minus_one": "learn-gain",
    "pool_ignored": "learn-pitfalls",
}


def slips_met_by(page: str) -> tuple[str, ...]:
    """The slips (keys of `TAUGHT_AT`) a learner has met by the path's stop `page` (one of
    `pages()`): what a question asked there may name (`lessons.practice.Exercise.slips`)."""
    order = pages()
    if page not in order:
        raise ValueError(
            f"`page` must be a stop of the path, one of {', '.join(order)}; got {page!r}."
        )
    return tuple(
        key for key, taught in TAUGHT_AT.items() if order.index(taught) <= order.index(page)
    )


def core_words() -> dict[str, int]:
    """The measured core words of each page of the path (empty if never measured)."""
    if not LENGTHS.exists():
        return {}
    return {key: int(value) for key, value in json.loads(LENGTHS.read_text()).items()}
