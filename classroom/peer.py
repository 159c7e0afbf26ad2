"""Peer instruction: answer alone, discuss, answer again, then see how the class moved. Pure
Python: no database, no Streamlit.

- **Rounds.** Round 1 is answered alone; the teacher then reveals (a one-round question) or
  starts round 2 with a discussion prompt (`DEFAULT_PROMPT`). `shift` compares the two rounds
  student by student: right in each round, and how many moved to the right answer or away.
- **Confidence** (optional per question): `CONFIDENCE` levels, and `by_confidence`, right and
  wrong answers at each level.
- **The timer** of a round is a moment kept by the database (when its answers close);
  `seconds_left` and `timer_words` say it for a screen, `read_seconds` checks a time asked for.
- **Question lists** prepared before class: `Item` (a question and how it is asked),
  `read_list` reads one from a file (JSON, `FORMAT` and `VERSION`) with a message naming what
  is wrong, `write_list` writes one.
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

import outside
from i18n import N_, tr, trn
from ndcg_core.display import count

from . import questions

# ---------------------------------------------------------------------------------------------
# Rounds
# ---------------------------------------------------------------------------------------------

# Kept in the database in English when the teacher leaves it as it is (the catalogue's key):
# every screen then shows it in its own language (`prompt_words`). A prompt the teacher typed
# is kept and shown as typed.
DEFAULT_PROMPT = N_(
    "Find someone near you who answered differently, and convince them. Then answer again."
)
PROMPT_LIMIT = 200  # characters of a discussion prompt: one a phone shows in a few lines


def read_prompt(text: object) -> str:
    """A discussion prompt as typed: trimmed, the default when empty, at most PROMPT_LIMIT."""
    if text is None:
        return DEFAULT_PROMPT
    if not isinstance(text, str):
        raise ValueError(
            tr("The discussion prompt must be text; got {value}.", value=f"{text!r:.40}")
        )
    text = " ".join(text.split())
    if len(text) > PROMPT_LIMIT:
        raise ValueError(
            trn(
                "The discussion prompt has {n} character; the most is {limit}: shorten it.",
                "The discussion prompt has {n} characters; the most is {limit}: shorten it.",
                len(text),
                limit=PROMPT_LIMIT,
            )
        )
    # The default, as the teacher's screen showed it in the teacher's language, is kept as the
    # default itself: each student then reads it in their own language.
    if not text or text == " ".join(tr(DEFAULT_PROMPT).split()):
        return DEFAULT_PROMPT
    return text


def prompt_words(prompt: str | None) -> str:
    """A round's discussion prompt as a screen shows it: the default in the screen's language,
    a teacher's own prompt exactly as typed."""
    if not prompt or prompt == DEFAULT_PROMPT:
        return tr(DEFAULT_PROMPT)
    return prompt


@dataclass(frozen=True)
class Shift:
    """How a class moved between round 1 and round 2 of one question.

    `first` and `second` count the answers of each round (`right1`, `right2` the right ones);
    the moves count students who answered in both rounds: `to_right` (wrong, then right),
    `away` (right, then wrong), `stayed_right`, `stayed_wrong` (a wrong answer changed for
    another wrong one is `stayed_wrong`)."""

    first: int
    right1: int
    second: int
    right2: int
    both: int
    to_right: int
    away: int
    stayed_right: int
    stayed_wrong: int


def shift(
    question: questions.Question,
    first: Mapping[int, str],
    second: Mapping[int, str],
) -> Shift:
    """Compare two rounds: `first` and `second` map a student to their answer's text."""
    right = {s: questions.verdict(question, t).correct for s, t in first.items()}
    right2 = {s: questions.verdict(question, t).correct for s, t in second.items()}
    both = [s for s in first if s in second]
    return Shift(
        first=len(first),
        right1=sum(right.values()),
        second=len(second),
        right2=sum(right2.values()),
        both=len(both),
        to_right=sum(1 for s in both if not right[s] and right2[s]),
        away=sum(1 for s in both if right[s] and not right2[s]),
        stayed_right=sum(1 for s in both if right[s] and right2[s]),
        stayed_wrong=sum(1 for s in both if not right[s] and not right2[s]),
    )


def share_words(right: int, answered: int) -> str:
    """'7 of 10 right (70%)', or 'no answers'."""
    if not answered:
        return tr("no answers")
    return tr(
        "{right} of {answered} right ({percent}%)",
        right=count(right),
        answered=count(answered),
        percent=round(100 * right / answered),
    )


# ---------------------------------------------------------------------------------------------
# Confidence
# ---------------------------------------------------------------------------------------------

# How sure a student is, stored as its index (0, 1, 2); the words are the catalogue's keys,
# shown in each screen's language (`confidence_words`).
CONFIDENCE = (N_("Guessing"), N_("Fairly sure"), N_("Sure"))


def confidence_words(level: str) -> str:
    """A confidence level (one of CONFIDENCE) in this run's language."""
    return tr(level)


def read_confidence(value: object) -> int | None:
    """A confidence level as sent (its index or its words); None when not given."""
    if value is None or value == "":
        return None
    if isinstance(value, str) and value in CONFIDENCE:
        return CONFIDENCE.index(value)
    if isinstance(value, int) and not isinstance(value, bool) and 0 <= value < len(CONFIDENCE):
        return value
    raise ValueError(
        tr(
            "How sure you are must be one of {levels}; got {value}.",
            levels=", ".join(map(confidence_words, CONFIDENCE)),
            value=f"{value!r:.40}",
        )
    )


@dataclass(frozen=True)
class Sureness:
    """Right and wrong answers given at one confidence level."""

    level: str
    right: int
    wrong: int


def by_confidence(
    question: questions.Question, given: Sequence[tuple[str, int | None]]
) -> tuple[Sureness, ...]:
    """Right and wrong answers at each confidence level (answers without one are left out)."""
    rows = []
    for index, level in enumerate(CONFIDENCE):
        picked = [text for text, sure in given if sure == index]
        right = sum(questions.verdict(question, t).correct for t in picked)
        rows.append(Sureness(level, right, len(picked) - right))
    return tuple(rows)


# ---------------------------------------------------------------------------------------------
# The timer
# ---------------------------------------------------------------------------------------------

TIMER_CHOICES = (0, 30, 45, 60, 90, 120, 180, 300)  # seconds; 0: no timer
EXTEND_SECONDS = 30
MAX_SECONDS = 1800  # half an hour: a round longer than that is not a timed round


def read_seconds(value: object) -> int | None:
    """A round's time as asked for: whole seconds, 1 to MAX_SECONDS; None (or 0): no timer."""
    if value is None or value == 0:
        return None
    if (
        isinstance(value, bool)
        or not isinstance(value, (int, float))
        or not math.isfinite(value)
        or value != int(value)
        or not 0 < value <= MAX_SECONDS
    ):
        raise ValueError(
            tr(
                "A round's time must be a whole number of seconds from 1 to {most} (or 0 for no "
                "timer); got {value}.",
                most=MAX_SECONDS,
                value=f"{value!r:.40}",
            )
        )
    return int(value)


def seconds_left(closes: float | None, now: float) -> float | None:
    """Seconds until a round's answers close (0 once closed); None: no timer."""
    if closes is None:
        return None
    return max(0.0, closes - now)


def timer_words(closes: float | None, now: float) -> str:
    """'⏱ 0:42 left', 'Time is up: answers are closed', or '' without a timer."""
    left = seconds_left(closes, now)
    if left is None:
        return ""
    if left <= 0:
        return tr("⏱ Time is up: answers are closed.")
    whole = math.ceil(left)
    return tr("⏱ {time} left", time=f"{whole // 60}:{whole % 60:02d}")


# ---------------------------------------------------------------------------------------------
# Question lists prepared before class
# ---------------------------------------------------------------------------------------------

FORMAT = "ndcg-lab-question-list"
VERSION = 1
NAME_LIMIT = 60
MAX_ITEMS = 100  # questions in one list: more than a lecture asks
FILE_LIMIT = 200_000  # bytes of a list's file
FILE_FIX = N_(
    "A question list is the JSON file this page exports: pick that file, or export it again."
)
# Lists saved on one server, and by one class: enough for every course a department teaches, few
# enough that a script cannot bury the teachers' own lists in the picker.
MAX_SAVED_LISTS = 500
MAX_LISTS_PER_CLASS = 20
_NAME = re.compile(r"^[^\x00-\x1f\x7f]+$")


@dataclass(frozen=True)
class Item:
    """One question of a list and how it is asked: confidence or not, a time per round."""

    question: questions.Question
    confidence: bool = False
    seconds: int | None = None

    def to_json(self) -> dict:
        return {
            "question": self.question.spec,
            "confidence": self.confidence,
            "seconds": self.seconds,
        }

    def describe(self) -> str:
        question = self.question.describe()
        if self.confidence and self.seconds:
            return tr(
                "{question} — asks how sure, {seconds} s a round",
                question=question,
                seconds=self.seconds,
            )
        if self.confidence:
            return tr("{question} — asks how sure", question=question)
        if self.seconds:
            return tr("{question} — {seconds} s a round", question=question, seconds=self.seconds)
        return question


def read_list_name(text: object) -> str:
    """A list's name as typed: trimmed, 1 to NAME_LIMIT characters, no control characters."""
    if not isinstance(text, str) or not text.strip():
        raise ValueError(tr("A question list needs a name: type one."))
    text = " ".join(text.split())
    if len(text) > NAME_LIMIT or not _NAME.match(text):
        raise ValueError(
            tr(
                "A question list's name has at most {limit} characters and no control "
                "characters; got {value}.",
                limit=NAME_LIMIT,
                value=f"{text!r:.80}",
            )
        )
    return text


def read_item(data: object, number: int | None = None) -> Item:
    """One item of a list (its JSON), checked; the ValueError names where (question `number`
    of the list) and what."""
    where = tr("A question") if number is None else tr("Question {n}", n=number)
    if not isinstance(data, Mapping):
        raise ValueError(
            tr(
                "{where} must be an object with a `question`; got {value}.",
                where=where,
                value=f"{data!r:.60}",
            )
        )
    unknown = set(data) - {"question", "confidence", "seconds"}
    if unknown:
        raise ValueError(
            tr(
                "{where} has fields this version does not know: {fields}.",
                where=where,
                fields=f"{sorted(map(str, unknown))!s:.80}",
            )
        )
    if "question" not in data:
        raise ValueError(tr("{where} has no `question`.", where=where))
    try:
        question = questions.from_spec(data["question"])
    except ValueError as error:
        raise ValueError(tr("{where}: {problem}", where=where, problem=error)) from None
    confidence = data.get("confidence", False)
    if not isinstance(confidence, bool):
        raise ValueError(
            tr(
                "{where}: `confidence` must be true or false; got {value}.",
                where=where,
                value=f"{confidence!r:.40}",
            )
        )
    try:
        seconds = read_seconds(data.get("seconds"))
    except ValueError as error:
        raise ValueError(tr("{where}: {problem}", where=where, problem=error)) from None
    return Item(question, confidence, seconds)


def items_from_json(data: object) -> tuple[Item, ...]:
    """The items of a list as stored (a JSON array)."""
    if not isinstance(data, list):
        raise ValueError(
            tr(
                "A question list's `questions` must be an array; got {value}.",
                value=f"{data!r:.60}",
            )
        )
    if not data:
        raise ValueError(tr("A question list needs at least one question."))
    if len(data) > MAX_ITEMS:
        raise ValueError(
            trn(
                "A question list holds at most {most} questions; this one has {n}.",
                "A question list holds at most {most} questions; this one has {n}.",
                len(data),
                most=MAX_ITEMS,
            )
        )
    return tuple(read_item(item, n) for n, item in enumerate(data, start=1))


def items_text(items: Sequence[Item]) -> str:
    """The items as the database keeps them (a JSON array)."""
    return json.dumps([item.to_json() for item in items], sort_keys=True)


def write_list(name: str, items: Sequence[Item]) -> str:
    """A list as a file to download (JSON with `format` and `version`)."""
    document = {
        "format": FORMAT,
        "version": VERSION,
        "name": read_list_name(name),
        "questions": [item.to_json() for item in items],
    }
    return json.dumps(document, indent=2, sort_keys=True) + "\n"


def read_list(raw: bytes | str) -> tuple[str, tuple[Item, ...]]:
    """A list from a file (`write_list`'s JSON): its name and items, or a ValueError saying
    what is wrong with the file, in words a teacher can act on (read by `outside`: a nested,
    huge or binary file is said, a byte-order mark is accepted)."""
    if len(raw) > FILE_LIMIT:
        raise ValueError(
            trn(
                "This file has {size} byte; a question list has at most {most}: is it the right "
                "file?",
                "This file has {size} bytes; a question list has at most {most}: is it the right "
                "file?",
                len(raw),
                size=count(len(raw)),
                most=count(FILE_LIMIT),
            )
        )
    document = outside.read_json(raw, tr("This file"), tr(FILE_FIX), limit=FILE_LIMIT)
    if not isinstance(document, dict) or document.get("format") != FORMAT:
        raise ValueError(
            tr(
                'This JSON is not a question list: its "format" must be "{format}".',
                format=FORMAT,
            )
        )
    version = document.get("version")
    if version != VERSION:
        raise ValueError(
            tr(
                "This question list has version {value}; this app reads version {version}: "
                "export it again from this app, or update the app.",
                value=f"{version!r:.40}",
                version=VERSION,
            )
        )
    name = read_list_name(document.get("name"))
    return name, items_from_json(document.get("questions"))


def move_words(right1: bool, right2: bool) -> str:
    """A student's move between the rounds, as the CSV says it: a coded value, the same in
    every language (the CSV's column names and codes stay English: `store.exports`)."""
    return {
        (False, True): "to the right answer",
        (True, False): "away from the right answer",
        (True, True): "stayed right",
        (False, False): "stayed wrong",
    }[(right1, right2)]
