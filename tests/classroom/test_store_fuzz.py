"""The classroom's actions in random orders (hypothesis's stateful testing), on SQLite and on the
throwaway PostgreSQL: join (new, or again from the same browser), answer, pose, reveal, close,
lock and unlock, remove, delete, restart the store (a new process), and time passing (the
minute's joins, a room's hours, its retention). A model beside the store says what each action
should do; after every step the database must agree with it:

- one answer per student per question;
- no answer written after its question's reveal or its room's close;
- every count equals the stored answers of the students still present, and the model's;
- a deleted (or purged) room has no row left anywhere;
- no action raises anything but the store's named errors (`store.ERRORS`), and each raises
  one exactly when the model says it must.

The limits are made small (a cap of 5, 3 joins a minute) so that a few steps reach them.
"""

from __future__ import annotations

import pytest
from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.stateful import (
    RuleBasedStateMachine,
    invariant,
    precondition,
    rule,
    run_state_machine_as_test,
)
from sqlalchemy import event, func, select

from classroom import questions as q
from classroom import rooms
from classroom import store as storage
from classroom.store import ERRORS, Closed, NotFound, Refused, Store
from tests.classroom.conftest import Clock

SWAP = q.swap_question([3, 2, 1, 0])  # options 0–2
CAP, PER_MINUTE = 5, 3


class Classroom(RuleBasedStateMachine):
    url: str = ""

    def __init__(self):
        super().__init__()
        self.clock = Clock()
        self.store = Store(self.url, clock=self.clock)
        self.room = self.store.open_room()
        self.code, self.key = self.room.code, self.room.key
        self.tokens: list[str] = []  # every token handed out, present or removed
        self.removed: set[str] = set()
        self.answers: dict[tuple[int, str], str] = {}  # (question, token) → option
        self.posed = 0
        self.current: int | None = None
        self.revealed: set[int] = set()
        self.closed_at: float | None = None
        self.expires = self.clock.now + rooms.DEFAULT_HOURS * 3600
        self.locked = False
        self.deleted = False
        self.window: tuple[float, int] | None = None  # the minute's joins: (start, used)

    # -- what the model says ----------------------------------------------------------------

    def state(self) -> str:
        if self.deleted:
            return "deleted"
        return rooms.status(self.closed_at, self.expires, self.clock.now)

    def present(self) -> list[str]:
        return [t for t in self.tokens if t not in self.removed]

    def expect(self, error: type[Exception] | None, action) -> object:
        """Run `action`; it must raise `error` (None: nothing), and only a named error."""
        try:
            result = action()
        except ERRORS as raised:
            assert error is not None and isinstance(raised, error), (error, raised)
            return None
        assert error is None, f"expected {error.__name__}, nothing was raised"
        return result

    # -- actions ----------------------------------------------------------------------------

    @rule(name=st.one_of(st.none(), st.text(min_size=1, max_size=8)))
    def join_new(self, name):
        try:
            rooms.read_name(name)
        except ValueError:
            with pytest.raises(ValueError):
                self.store.join(self.code, name)
            return
        state = self.state()
        error = {"deleted": NotFound, "closed": Closed, "expired": Closed}.get(state)
        now = self.clock.now
        window = self.window
        if window is None or window[0] <= now - rooms.JOIN_WINDOW:
            window = (now, 0)
        if error is None and (
            self.locked or len(self.present()) >= CAP or window[1] + 1 > PER_MINUTE
        ):
            error = Refused
        token = self.expect(error, lambda: self.store.join(self.code, name))
        if token is not None:
            self.tokens.append(token)
            self.window = (window[0], window[1] + 1)

    @precondition(lambda self: self.tokens)
    @rule(which=st.integers(0, 50))
    def join_again(self, which):
        token = self.tokens[which % len(self.tokens)]
        state = self.state()
        error = {"deleted": NotFound, "closed": Closed, "expired": Closed}.get(state)
        if error is None and token in self.removed:
            error = Refused
        again = self.expect(error, lambda: self.store.join(self.code, token=token))
        assert again in (None, token)

    @precondition(lambda self: self.tokens)
    @rule(which=st.integers(0, 50), option=st.integers(0, 2), number=st.integers(0, 2))
    def answer(self, which, option, number):
        token = self.tokens[which % len(self.tokens)]
        asked = (self.current or 1) - number  # mostly the current question, sometimes older
        state = self.state()
        if state == "deleted":
            error = NotFound
        elif state != "open":
            error = Closed
        elif token in self.removed:
            error = Refused
        elif asked != self.current or asked in self.revealed:
            error = Closed
        else:
            error = None
        self.expect(
            error, lambda: self.store.answer(self.code, token, asked, q.accept(SWAP, option))
        )
        if error is None:
            self.answers[(asked, token)] = str(option)

    @rule()
    def pose(self):
        state = self.state()
        error = {"deleted": gone_error(), "closed": Closed, "expired": Closed}.get(state)
        number = self.expect(error, lambda: self.store.pose(self.code, self.key, SWAP))
        if number is not None:
            self.posed += 1
            assert number == self.posed
            self.current = number

    @precondition(lambda self: self.posed)
    @rule(back=st.integers(0, 2))
    def reveal(self, back):
        number = max(1, self.posed - back)
        error = gone_error() if self.deleted else None
        self.expect(error, lambda: self.store.reveal(self.code, self.key, number))
        if error is None:
            self.revealed.add(number)

    @rule(locked=st.booleans())
    def lock(self, locked):
        error = gone_error() if self.deleted else None
        self.expect(error, lambda: self.store.lock(self.code, self.key, locked))
        if error is None:
            self.locked = locked

    @precondition(lambda self: self.present())
    @rule(which=st.integers(0, 50))
    def remove(self, which):
        token = self.present()[which % len(self.present())]
        if self.deleted:
            return
        student = self.store.student(self.code, token).id
        self.expect(None, lambda: self.store.remove(self.code, self.key, student))
        self.removed.add(token)
        self.answers = {k: v for k, v in self.answers.items() if k[1] != token}

    @rule()
    def close(self):
        error = gone_error() if self.deleted else None
        self.expect(error, lambda: self.store.close(self.code, self.key))
        if error is None and self.closed_at is None:
            self.closed_at = self.clock.now

    @rule()
    def delete(self):
        error = gone_error() if self.deleted else None
        self.expect(error, lambda: self.store.delete(self.code, self.key))
        self.deleted = True

    @rule()
    def restart(self):
        self.store.dispose()
        self.store = Store(self.url, clock=self.clock)  # a new process: its start purges
        self.purged()

    @rule(seconds=st.sampled_from([1.0, 30.0, 61.0, 3600.0, 50_000.0, 700_000.0]))
    def time_passes(self, seconds):
        self.clock.advance(seconds)

    @rule()
    def another_class_opens(self):
        self.store.open_room()  # opening a room purges
        self.purged()

    def purged(self):
        ended = self.closed_at if self.closed_at is not None else self.expires
        if ended < self.clock.now - rooms.RETENTION_DAYS * 86400:
            self.deleted = True

    # -- what the database must agree on -----------------------------------------------------

    @invariant()
    def the_database_agrees(self):
        a, s, qt, r = (
            storage.answer_table,
            storage.student_table,
            storage.question_table,
            storage.room_table,
        )
        with self.store.engine.connect() as db:
            rows = db.execute(
                select(qt.c.number, s.c.token_digest, a.c.answered, qt.c.revealed, r.c.closed)
                .select_from(
                    a.join(qt, qt.c.id == a.c.question)
                    .join(s, s.c.id == a.c.student)
                    .join(r, r.c.code == qt.c.room)
                )
                .where(qt.c.room == self.code)
            ).all()
            left = (
                sum(
                    db.execute(select(func.count()).where(t.c.room == self.code)).scalar_one()
                    for t in (s, qt)
                )
                + db.execute(select(func.count()).where(r.c.code == self.code)).scalar_one()
            )
        if self.deleted:
            assert rows == [] and left == 0, "a deleted room left rows"
            return
        pairs = [(row.number, row.token_digest) for row in rows]
        assert len(pairs) == len(set(pairs)), "two answers from one student to one question"
        for row in rows:
            assert row.revealed is None or row.answered <= row.revealed, "answered after reveal"
            assert row.closed is None or row.answered <= row.closed, "answered after close"
        for number in range(max(1, self.posed - 1), self.posed + 1):  # the ones still moving
            expected = sum(1 for (n, _) in self.answers if n == number)
            assert self.store.count(self.code, number) == expected
            assert len(self.store.answers(self.code, number)) == expected
        assert self.store.head_count(self.code) == len(self.present())

    def teardown(self):
        self.store.dispose()


def gone_error():
    """A teacher action on a deleted room: its key matches no room any more."""
    return storage.NotAllowed


# Each example is a fresh room on one database; a step is one or two statements. Twenty steps
# reach every limit and state (the cap is 5, the minute 3 joins) and keep the two runs cheap.
# 15 examples, not the profile's 100: each is a class of 20 steps on a real database (about
# 0.4 s on SQLite, 0.9 s on PostgreSQL), and the two runs must stay a small part of the suite.
STEPS = settings(stateful_step_count=20, max_examples=15)


def _without_waiting_for_the_disk(url: str):
    """The store's engine, its commits not waiting for the disk: these runs test orders of
    actions, not durability, and a flushed commit costs ~15 ms here, 2,000 steps a run."""
    engine = ENGINE(url)

    @event.listens_for(engine, "connect")
    def _fast(connection, _record):
        cursor = connection.cursor()
        if engine.dialect.name == "sqlite":
            cursor.execute("PRAGMA synchronous=OFF")
        else:
            cursor.execute("SET synchronous_commit TO off")
        cursor.close()

    return engine


ENGINE = storage._engine


def test_the_classroom_in_random_orders(database, monkeypatch):
    """On each database (the `database` fixture: SQLite, then PostgreSQL)."""
    monkeypatch.setattr(storage, "_engine", _without_waiting_for_the_disk)
    monkeypatch.setattr(rooms, "ROOM_CAP", CAP)
    monkeypatch.setattr(rooms, "JOINS_PER_MINUTE", PER_MINUTE)
    monkeypatch.setattr(Classroom, "url", database)
    run_state_machine_as_test(Classroom, settings=STEPS)
