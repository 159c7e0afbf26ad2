"""The classroom's actions in random orders (hypothesis's stateful testing), on SQLite and on the
throwaway PostgreSQL: join (new, or again from the same browser), answer (in round 1 or 2),
pose (with or without a timer), start round 2, give more time, close a round's answers, load a
question list and pose its next question, reveal, pose a revealed question's twin, open and
close the concept check at the start and the end of class and answer it, close, lock and
unlock, remove, delete, restart the store (a new process), and time passing (a round's timer,
the minute's joins, a room's hours, its retention). A model beside the store says what each
action should do; after every step the database must agree with it:

- one answer per student per question per round;
- no answer written after its question's reveal, its room's close, its round's end (round 2
  began, or its time ran out), nor a round-2 answer before round 2 began;
- every count equals the stored answers of the students still present, and the model's;
- a concept check's answers only while it is open, one per student per concept, each count the
  model's; no question posed while a check is open, nor a check opened during a round;
- a twin only of a revealed question that is not a twin, one per question, and answered in one
  round;
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
    initialize,
    invariant,
    precondition,
    rule,
    run_state_machine_as_test,
)
from sqlalchemy import event, func, literal, select

from classroom import concepts, peer, rooms
from classroom import questions as q
from classroom import store as storage
from classroom.store import ERRORS, Closed, NotFound, Refused, Store, base
from tests.classroom.conftest import Clock

SWAP = q.swap_question([3, 2, 1, 0])  # options 0–2; an inventory question, so it has a twin
CHECKED = concepts.DEFAULT[:6]
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
        self.answers: dict[tuple[int, int, str], str] = {}  # (question, round, token) → option
        self.rounds: dict[int, int] = {}  # question → its round (1 or 2)
        self.closes: dict[int, float | None] = {}  # question → when its round's answers close
        self.plan: list[int | None] = []  # the loaded list's items: each its time per round
        self.plan_next = 0
        self.posed = 0
        self.current: int | None = None
        self.revealed: set[int] = set()
        self.closed_at: float | None = None
        self.expires = self.clock.now + rooms.DEFAULT_HOURS * 3600
        self.locked = False
        self.deleted = False
        self.window: tuple[float, int] | None = None  # the minute's joins: (start, used)
        self.checks: dict[str, str] = {}  # phase → "open" or "closed"
        self.checked: dict[str, set[str]] = {"pre": set(), "post": set()}  # who sent each
        self.twins: dict[int, int] = {}  # question → its twin's number
        self.closes_set: dict[int, int | None] = {}  # question → the time set for round 1

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

    @initialize(seconds=st.sampled_from([None, 30]))
    def a_class_under_way(self, seconds):
        """Two students in and a question posed, so that the first steps already answer."""
        self.join_new(None)
        self.join_new("Ann")
        self.pose(seconds)

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
    @rule(
        which=st.integers(0, 50),
        option=st.integers(0, 2),
        number=st.integers(0, 2),
        round=st.sampled_from([1, 1, 2]),
    )
    def answer(self, which, option, number, round):
        token = self.tokens[which % len(self.tokens)]
        asked = (self.current or 1) - number  # mostly the current question, sometimes older
        state = self.state()
        closes = self.closes.get(asked)
        if state == "deleted":
            error = NotFound
        elif state != "open":
            error = Closed
        elif token in self.removed:
            error = Refused
        elif (
            asked != self.current
            or asked in self.revealed
            or self.rounds.get(asked) != round  # round 1 over, or round 2 not begun
            or (closes is not None and closes <= self.clock.now)  # its time is up
        ):
            error = Closed
        else:
            error = None
        self.expect(
            error,
            lambda: self.store.answer(self.code, token, asked, q.accept(SWAP, option), round=round),
        )
        if error is None:
            self.answers[(asked, round, token)] = str(option)

    def checking(self) -> str | None:
        return next((p for p, s in self.checks.items() if s == "open"), None)

    @rule(seconds=st.sampled_from([None, 30, 30, 60]))
    def pose(self, seconds):
        state = self.state()
        error = {"deleted": gone_error(), "closed": Closed, "expired": Closed}.get(state)
        if error is None and self.checking():
            error = Closed
        number = self.expect(
            error, lambda: self.store.pose(self.code, self.key, SWAP, seconds=seconds)
        )
        if number is not None:
            self.posed_now(number, seconds)

    def posed_now(self, number, seconds):
        self.closes_set[number] = seconds
        self.posed += 1
        assert number == self.posed
        self.current = number
        self.rounds[number] = 1
        self.closes[number] = None if seconds is None else self.clock.now + seconds

    def moving(self, number) -> type[Exception] | None:
        """The error a teacher's move on question `number`'s round must raise, or None."""
        state = self.state()
        if state == "deleted":
            return gone_error()
        if state != "open" or number != self.current or number in self.revealed:
            return Closed
        return None

    @precondition(lambda self: self.posed)
    @rule(back=st.integers(0, 1), seconds=st.sampled_from([None, 30]))
    def second_round(self, back, seconds):
        number = max(1, self.posed - back)
        error = self.moving(number)
        if error is None and (self.rounds[number] == 2 or number in self.twins.values()):
            error = Closed
        self.expect(
            error,
            lambda: self.store.second_round(self.code, self.key, number, "Talk", seconds),
        )
        if error is None:
            self.rounds[number] = 2
            self.closes[number] = None if seconds is None else self.clock.now + seconds

    @precondition(lambda self: self.posed)
    @rule(back=st.integers(0, 1))
    def extend(self, back):
        number = max(1, self.posed - back)
        error = self.moving(number)
        self.expect(error, lambda: self.store.extend(self.code, self.key, number, 30))
        if error is None:
            closes, now = self.closes[number], self.clock.now
            self.closes[number] = (closes if closes is not None and closes > now else now) + 30

    @precondition(lambda self: self.posed)
    @rule(back=st.integers(0, 1))
    def close_answers(self, back):
        number = max(1, self.posed - back)
        error = gone_error() if self.deleted else None
        self.expect(error, lambda: self.store.close_answers(self.code, self.key, number))
        closes, now = self.closes[number], self.clock.now
        if error is None and number not in self.revealed and (closes is None or closes > now):
            self.closes[number] = now

    @rule()
    def load_list(self):
        items = [peer.Item(SWAP, seconds=30), peer.Item(SWAP)]
        error = {"deleted": gone_error(), "closed": Closed, "expired": Closed}.get(self.state())
        self.expect(error, lambda: self.store.load_plan(self.code, self.key, items))
        if error is None:
            self.plan, self.plan_next = [item.seconds for item in items], 0

    @rule()
    def next_from_list(self):
        error = {"deleted": gone_error(), "closed": Closed, "expired": Closed}.get(self.state())
        if error is None and (self.plan_next >= len(self.plan) or self.checking()):
            error = Closed
        number = self.expect(error, lambda: self.store.pose_next(self.code, self.key))
        if number is not None:
            self.posed_now(number, self.plan[self.plan_next])
            self.plan_next += 1

    @precondition(lambda self: self.posed)
    @rule(back=st.integers(0, 2))
    def reveal(self, back):
        number = max(1, self.posed - back)
        error = gone_error() if self.deleted else None
        self.expect(error, lambda: self.store.reveal(self.code, self.key, number))
        if error is None:
            self.revealed.add(number)

    @precondition(lambda self: self.posed)
    @rule(back=st.integers(0, 2))
    def pose_twin(self, back):
        number = max(1, self.posed - back)
        error = {"deleted": gone_error(), "closed": Closed, "expired": Closed}.get(self.state())
        if error is None and (
            number not in self.revealed
            or number in self.twins.values()  # a twin has none
            or number in self.twins  # one twin a question
            or self.checking()
        ):
            error = Closed
        made = self.expect(error, lambda: self.store.pose_twin(self.code, self.key, number))
        if made is not None:
            seconds = self.closes_set[number]
            self.posed_now(made, seconds)
            self.twins[number] = made

    @rule(phase=st.sampled_from(concepts.PHASES))
    def open_check(self, phase):
        error = {"deleted": gone_error(), "closed": Closed, "expired": Closed}.get(self.state())
        current_open = self.current is not None and self.current not in self.revealed
        if error is None and (
            phase in self.checks
            or (phase == "post" and self.checks.get("pre") != "closed")
            or current_open
        ):
            error = Closed
        self.expect(error, lambda: self.store.open_check(self.code, self.key, phase, CHECKED))
        if error is None:
            self.checks[phase] = "open"

    @rule(phase=st.sampled_from(concepts.PHASES))
    def close_check(self, phase):
        error = gone_error() if self.deleted else None
        self.expect(error, lambda: self.store.close_check(self.code, self.key, phase))
        if error is None and self.checks.get(phase) == "open":
            self.checks[phase] = "closed"

    @precondition(lambda self: self.tokens)
    @rule(which=st.integers(0, 50), phase=st.sampled_from(concepts.PHASES))
    def answer_check(self, which, phase):
        token = self.tokens[which % len(self.tokens)]
        state = self.state()
        if state == "deleted":
            error = NotFound
        elif state != "open":
            error = Closed
        elif token in self.removed:
            error = Refused
        elif self.checks.get(phase) != "open":
            error = Closed
        else:
            error = None
        given = {key: q.Given("0") for key in CHECKED}
        self.expect(error, lambda: self.store.answer_check(self.code, token, phase, given))
        if error is None:
            self.checked[phase].add(token)

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
        self.answers = {k: v for k, v in self.answers.items() if k[2] != token}
        for sent in self.checked.values():
            sent.discard(token)

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

    @rule(seconds=st.sampled_from([1.0, 20.0, 30.0, 61.0, 3600.0, 50_000.0, 700_000.0]))
    def time_passes(self, seconds):
        self.clock.advance(seconds)

    @precondition(lambda self: self.closes.get(self.current) is not None)
    @rule(after=st.sampled_from([0.0, 0.0, 0.5]))
    def the_timer_runs_out(self, after):
        """The clock reaches the current round's end exactly (or just after it)."""
        self.clock.now = max(self.clock.now, self.closes[self.current] + after)

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
        s, qt, r = storage.student_table, storage.question_table, storage.room_table
        rows = []
        with self.store.engine.connect() as db:
            for round, a in storage.ROUND_TABLES.items():
                rows += db.execute(
                    select(
                        literal(round).label("round"),
                        qt.c.number,
                        s.c.token_digest,
                        a.c.answered,
                        qt.c.revealed,
                        qt.c.round1_closed,
                        qt.c.round2,
                        qt.c.round.label("now_round"),
                        qt.c.closes,
                        r.c.closed,
                    )
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
                    for t in (s, qt, storage.check_table)
                )
                + db.execute(select(func.count()).where(r.c.code == self.code)).scalar_one()
            )
        if self.deleted:
            assert rows == [] and left == 0, "a deleted room left rows"
            return
        keys = [(row.round, row.number, row.token_digest) for row in rows]
        assert len(keys) == len(set(keys)), "two answers from one student to one round"
        for row in rows:
            assert row.revealed is None or row.answered <= row.revealed, "answered after reveal"
            assert row.closed is None or row.answered <= row.closed, "answered after close"
            if row.round == 1 and row.now_round == 2:
                assert row.answered <= row.round1_closed, "round 1 answered after it closed"
            if row.round == 2:
                assert row.answered >= row.round2, "round 2 answered before it began"
            if row.round == row.now_round and row.closes is not None:
                assert row.answered <= row.closes, "answered after the round's time ran out"
        for number in range(max(1, self.posed - 1), self.posed + 1):  # the ones still moving
            for round in (1, 2):
                expected = sum(1 for (n, r_, _) in self.answers if (n, r_) == (number, round))
                assert self.store.count(self.code, number, round) == expected
                assert len(self.store.answers(self.code, number, round)) == expected
            posed = self.store.question(self.code, number)
            assert (posed.round, posed.closes) == (self.rounds[number], self.closes[number])
        assert self.store.head_count(self.code) == len(self.present())
        self.the_checks_and_twins_agree()

    def the_checks_and_twins_agree(self):
        taken = self.store.checks(self.code)
        assert {p: ("open" if c.closed is None else "closed") for p, c in taken.items()} == (
            self.checks
        )
        assert self.store.find(self.code).checking == self.checking()
        for phase, check in taken.items():
            sent = self.store.check_answers(self.code, phase)
            assert len({(a.student, a.concept) for a in sent}) == len(sent)
            assert self.store.check_count(self.code, phase) == len(self.checked[phase])
            for a in sent:
                assert a.answered >= check.opened, "a check answered before it opened"
                assert check.closed is None or a.answered <= check.closed, "after it closed"
                assert a.form == concepts.form_for(a.student, phase)
        for original, number in self.twins.items():
            first, twin = (
                self.store.question(self.code, original),
                self.store.question(self.code, number),
            )
            assert twin.twin_of == original and twin.posed >= first.revealed
            assert self.store.twin_of(self.code, original).number == number
            assert twin.round == 1

    def teardown(self):
        self.store.dispose()


def gone_error():
    """A teacher action on a deleted room: its key matches no room any more."""
    return storage.NotAllowed


# Each example is a fresh room on one database; a step is one or two statements. 25 steps
# reach every limit and state (the cap is 5, the minute 3 joins, a round 30 s) and keep the two
# runs cheap.
# 15 examples, not the profile's 100: each is a class of 25 steps on a real database (about
# 0.4 s on SQLite, 0.9 s on PostgreSQL), and the two runs must stay a small part of the suite.
STEPS = settings(stateful_step_count=25, max_examples=15)


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
    monkeypatch.setattr(base, "_engine", _without_waiting_for_the_disk)
    monkeypatch.setattr(rooms, "ROOM_CAP", CAP)
    monkeypatch.setattr(rooms, "JOINS_PER_MINUTE", PER_MINUTE)
    monkeypatch.setattr(Classroom, "url", database)
    run_state_machine_as_test(Classroom, settings=STEPS)
