"""What the store hands out: its errors (each a ValueError a page shows as it is) and its records
(a room, a student, a question as posed, an answer), read from rows."""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import UTC, datetime

from i18n import tr

from .. import peer, questions, rooms

# ---------------------------------------------------------------------------------------------
# Errors: each a ValueError whose message a page can show as it is
# ---------------------------------------------------------------------------------------------


class NotFound(ValueError):
    """No such room (or student) — a wrong code, or a room whose data was deleted."""


class NotAllowed(ValueError):
    """A teacher key that is not this room's."""


class Closed(ValueError):
    """The room is closed or expired, or the question no longer takes answers."""


class Refused(ValueError):
    """A join the limits turn away: joining locked, the room full, too many joins this minute,
    a removed student, or an address that must wait after wrong codes. `wait` is how many
    seconds until trying again makes sense (0: not by waiting)."""

    def __init__(self, message: str, wait: float = 0.0) -> None:
        super().__init__(message)
        self.wait = wait


ERRORS = (NotFound, NotAllowed, Closed, Refused)  # every error the store raises on purpose


# ---------------------------------------------------------------------------------------------
# Records
# ---------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Room:
    code: str
    opened: float
    expires: float
    closed: float | None
    current: int | None
    pushed: dict | None
    pushed_at: float | None
    locked: float | None = None
    plan: tuple[peer.Item, ...] = ()  # the question list loaded for this class
    plan_next: int = 0  # the index in `plan` that "next" poses
    show_live: bool = False  # the projector shows round 1's answers as they arrive
    checking: str | None = None  # the phase of the concept check open now, or None

    def status(self, now: float) -> str:
        """'open', 'closed' or 'expired' (`rooms.status`)."""
        return rooms.status(self.closed, self.expires, now)

    @property
    def next_item(self) -> peer.Item | None:
        """The question of the loaded list that "next" poses, or None (none loaded, or done)."""
        return self.plan[self.plan_next] if self.plan_next < len(self.plan) else None


@dataclass(frozen=True)
class Student:
    id: int
    name: str | None
    joined: float


@dataclass(frozen=True)
class Posed:
    """A question as posed in a room: its number there (1, 2, …), its spec, when; its round
    (1, or 2 once round 2 began, with its `prompt`), whether it asks how sure, its timer."""

    number: int
    spec: str
    posed: float
    revealed: float | None
    round: int = 1
    round1_closed: float | None = None
    round2: float | None = None
    prompt: str | None = None
    confidence: bool = False
    seconds1: int | None = None
    closes: float | None = None
    seconds2: int | None = None
    twin_of: int | None = None  # the question this one is the isomorphic twin of
    steps_from: float | None = None  # the reveal's steps count from here (`classroom.reveal`)

    @property
    def seconds(self) -> int | None:
        """The time set for the current round (None: no timer)."""
        return self.seconds2 if self.round == 2 else self.seconds1

    @property
    def question(self) -> questions.Question:
        return questions.from_text(self.spec)

    def taking(self, now: float) -> bool:
        """Whether the current round takes answers at `now` (the store checks it again as it
        writes one)."""
        return self.revealed is None and (self.closes is None or self.closes > now)


def read_posed(row) -> Posed:
    return Posed(
        row.number,
        row.spec,
        row.posed,
        row.revealed,
        row.round or 1,
        row.round1_closed,
        row.round2,
        row.prompt,
        bool(row.confidence),
        row.seconds,
        row.closes,
        row.seconds2,
        row.twin_of,
        row.steps_from,
    )


@dataclass(frozen=True)
class Answer:
    student: int
    name: str | None
    answer: str
    value: float | None
    answered: float
    confidence: int | None = None


@dataclass(frozen=True)
class Check:
    """A concept check of a room: its phase ("pre" or "post"), the concepts it asks (keys of
    `concepts.INVENTORY`) with both forms of each as asked (question texts, so a later change to
    the inventory never changes a check already taken), when it opened and closed."""

    phase: str
    concepts: tuple[str, ...]
    forms: dict[str, tuple[str, str]]
    opened: float
    closed: float | None

    def question(self, concept: str, form: int) -> questions.Question:
        return questions.from_text(self.forms[concept][form])


def read_check(row) -> Check:
    data = json.loads(row.concepts)
    return Check(
        row.phase,
        tuple(data["concepts"]),
        {key: tuple(pair) for key, pair in data["forms"].items()},
        row.opened,
        row.closed,
    )


@dataclass(frozen=True)
class CheckAnswer:
    """A student's answer to one concept of a check, in the form they were dealt."""

    student: int
    concept: str
    form: int
    answer: str
    answered: float


@dataclass(frozen=True)
class Opened:
    """A new room: its code, and the teacher key (shown once, in the teacher's link)."""

    code: str
    key: str


def round_seconds(seconds: float) -> float:
    """A duration for the CSV: seconds to the tenth."""
    return round(max(0.0, seconds), 1)


def read_plan(text: str | None) -> tuple[peer.Item, ...]:
    if not text:
        return ()
    try:
        return peer.items_from_json(json.loads(text))
    except ValueError:  # written by this store, so only a hand-edited row; show no list
        return ()


def utc(seconds: float | None) -> str:
    if seconds is None:
        return ""
    return datetime.fromtimestamp(seconds, UTC).strftime("%Y-%m-%d %H:%M:%S")


def closed_message(room: Room, state: str) -> str:
    when = utc(room.closed if state == "closed" else room.expires)
    code = rooms.format_code(room.code)
    if state == "closed":
        return tr("Class {code} was closed by its teacher ({when} UTC).", code=code, when=when)
    return tr(
        "Class {code} closed by itself at {when} UTC (a class stays open for the hours its "
        "teacher chose, {hours} unless they chose other).",
        code=code,
        when=when,
        hours=rooms.DEFAULT_HOURS,
    )
