"""Questions and rounds: posing a question (or the next of a loaded list), round 2, more time,
closing a round's answers, the reveal; reading what was posed."""

from __future__ import annotations

from collections.abc import Sequence

from sqlalchemy import and_, case, func, or_, select
from sqlalchemy.exc import IntegrityError

from i18n import tr

from .. import concepts, peer, questions, reveal
from .base import Base, write_lock
from .records import Closed, Posed, read_posed
from .schema import question_table, room_table


class Rounds(Base):
    # -- questions -------------------------------------------------------------------------

    def pose(
        self,
        code: str,
        key: str,
        question: questions.Question,
        *,
        confidence: bool = False,
        seconds: int | None = None,
        twin_of: int | None = None,
    ) -> int:
        """Put a question on every screen; returns its number in the room (1, 2, …). Round 1
        begins: answers alone (`confidence`: each says how sure), closing after `seconds` if
        given (the timer is this moment in the database: no screen's clock can move it).
        `twin_of`: the question this one is the isomorphic twin of (`pose_twin`)."""
        seconds = peer.read_seconds(seconds)
        self._teacher(code, key)
        self._open(code)
        for _ in range(3):  # two teacher tabs posing at once: the second takes the next number
            try:
                with self.engine.begin() as db:
                    write_lock(db, code)
                    checking = db.execute(
                        select(room_table.c.checking).where(room_table.c.code == code)
                    ).scalar()
                    if checking is not None:
                        raise Closed(
                            tr(
                                "The concept check is open on every screen: close it before "
                                "you pose a question."
                            )
                        )
                    # One twin per question, checked under the room's lock: two presses (two
                    # tabs, two processes) at once would otherwise each pose one, and the
                    # learning gain would pair round 1 with the twin no one answered.
                    if twin_of is not None and _twin(db, code, twin_of) is not None:
                        raise Closed(
                            tr("Question {number}'s twin was posed already.", number=twin_of)
                        )
                    now = self.clock()
                    last = db.execute(
                        select(func.max(question_table.c.number)).where(
                            question_table.c.room == code
                        )
                    ).scalar()
                    number = (last or 0) + 1
                    db.execute(
                        question_table.insert().values(
                            room=code,
                            number=number,
                            spec=question.text,
                            posed=now,
                            round=1,
                            confidence=1 if confidence else None,
                            seconds=seconds,
                            closes=None if seconds is None else now + seconds,
                            twin_of=twin_of,
                        )
                    )
                    db.execute(
                        room_table.update().where(room_table.c.code == code).values(current=number)
                    )
                return number
            except IntegrityError:
                continue
        raise RuntimeError("Could not number the question: try again.")

    def pose_next(self, code: str, key: str) -> int:
        """Pose the next question of the list loaded for this class (`load_plan`)."""
        self._teacher(code, key)
        room = self._open(code)
        item = room.next_item
        if item is None:
            raise Closed(
                tr("The question list is done: load another, or ask a question of your own.")
            )
        number = self.pose(
            code, key, item.question, confidence=item.confidence, seconds=item.seconds
        )
        self._set_room(code, plan_next=room.plan_next + 1)
        return number

    def pose_twin(self, code: str, key: str, number: int) -> int:
        """Pose the isomorphic twin of question `number` (`concepts.twin`: the same idea on
        other lists), once it is revealed, for the class to answer alone (Smith et al. 2009):
        how many get it right shows whether the discussion taught or was copied. One twin per
        question, none of a twin; it keeps the question's timer and "how sure"."""
        self._teacher(code, key)
        self._open(code)
        posed = self.question(code, number)
        if posed is None:
            raise Closed(tr("No question {number} in this class.", number=number))
        if posed.revealed is None:
            raise Closed(tr("Reveal question {number} before its twin.", number=number))
        if posed.twin_of is not None:
            raise Closed(
                tr(
                    "Question {number} is itself a twin: pose a new question instead.",
                    number=number,
                )
            )
        made = concepts.twin(posed.question)
        if made is None:
            raise Closed(
                tr(
                    "No fair twin of question {number} could be made from its lists: ask one of "
                    "your own.",
                    number=number,
                )
            )
        return self.pose(
            code,
            key,
            made,
            confidence=posed.confidence,
            seconds=posed.seconds1,
            twin_of=number,
        )

    def twin_of(self, code: str, number: int) -> Posed | None:
        """The twin posed of question `number`, or None."""
        with self.engine.connect() as db:
            row = _twin(db, code, number)
        return None if row is None else read_posed(row)

    def load_plan(self, code: str, key: str, items: Sequence[peer.Item] | None) -> None:
        """Load a question list into this class ("next" poses its questions in turn), or
        unload it (None)."""
        self._teacher(code, key)
        self._open(code)
        self._set_room(code, plan=peer.items_text(items) if items else None, plan_next=0)

    def show_live(self, code: str, key: str, shown: bool) -> None:
        """Whether the projector shows round 1's answers as they arrive (by default only how
        many have answered, so the class answers alone)."""
        self._teacher(code, key)
        self._set_room(code, show_live=1 if shown else None)

    def _current(self, code: str, number: int) -> Posed:
        posed = self.question(code, number)
        room = self.find(code)
        if posed is None or room.current != number:
            raise Closed(tr("Question {number} is not the one on the screens now.", number=number))
        if posed.revealed is not None:
            raise Closed(tr("Question {number} is revealed: its answers are final.", number=number))
        return posed

    def second_round(
        self, code: str, key: str, number: int, prompt: str | None = None, seconds=None
    ) -> None:
        """End round 1 of question `number` and start round 2: the class discusses (`prompt`)
        and answers again, closing after `seconds` if given."""
        prompt = peer.read_prompt(prompt)
        seconds = peer.read_seconds(seconds)
        self._teacher(code, key)
        self._open(code)
        posed = self._current(code, number)
        if posed.round != 1:
            raise Closed(tr("Question {number} is in round 2 already.", number=number))
        if posed.twin_of is not None:
            raise Closed(
                tr(
                    "Question {number} is a twin: it is answered alone, in one round.",
                    number=number,
                )
            )
        q = question_table
        self._update_round(
            code,
            number,
            lambda now: (
                [func.coalesce(q.c.round, 1) == 1],
                {
                    "round": 2,
                    "round1_closed": case(
                        (and_(q.c.closes.is_not(None), q.c.closes < now), q.c.closes), else_=now
                    ),
                    "round2": now,
                    "prompt": prompt,
                    "seconds2": seconds,
                    "closes": None if seconds is None else now + seconds,
                },
            ),
        )

    def extend(self, code: str, key: str, number: int, seconds: int = peer.EXTEND_SECONDS):
        """More time for the current round: `seconds` more than it had left (a round whose
        time is up opens again for `seconds`; a round without a timer gets one)."""
        seconds = peer.read_seconds(seconds)
        if seconds is None:
            raise ValueError(tr("Extend by at least one second."))
        self._teacher(code, key)
        self._open(code)
        self._current(code, number)
        q = question_table
        self._update_round(
            code,
            number,
            lambda now: (
                [],
                {
                    "closes": case(
                        (and_(q.c.closes.is_not(None), q.c.closes > now), q.c.closes), else_=now
                    )
                    + seconds
                },
            ),
        )

    def close_answers(self, code: str, key: str, number: int) -> None:
        """Close the current round's answers now (its time, if any, is cut short)."""
        self._teacher(code, key)
        q = question_table
        self._update_round(
            code,
            number,
            lambda now: ([or_(q.c.closes.is_(None), q.c.closes > now)], {"closes": now}),
        )

    def reveal(self, code: str, key: str, number: int) -> None:
        """Reveal question `number`: its answers are final and everyone sees the solution."""
        self._teacher(code, key)
        self._update_round(code, number, lambda now: ([], {"revealed": now}))

    def show_step(self, code: str, key: str, number: int, step: int) -> None:
        """Put step `step` (0, 1, …) of question `number`'s reveal on the audience screen now,
        for a whole step; then it steps by itself from there (`reveal.start_for`). The reveal's
        own time is kept. Nothing happens to a question not revealed."""
        self._teacher(code, key)
        self._open(code)
        q = question_table
        with self.engine.begin() as db:
            db.execute(
                q.update()
                .where(q.c.room == code, q.c.number == number, q.c.revealed.is_not(None))
                .values(steps_from=reveal.start_for(step, self.clock()))
            )

    def _update_round(self, code: str, number: int, change) -> None:
        """Change question `number`'s current round, if it is not revealed: `change(now)` gives
        the further conditions and the new values. The time is read once the room's write lock
        is held, so it is the moment the change took effect: no answer accepted before it can
        carry a later time, and every answer after it sees it."""
        q = question_table
        with self.engine.begin() as db:
            write_lock(db, code)
            conditions, values = change(self.clock())
            db.execute(
                q.update()
                .where(q.c.room == code, q.c.number == number, q.c.revealed.is_(None), *conditions)
                .values(**values)
            )

    def question(self, code: str, number: int) -> Posed | None:
        with self.engine.connect() as db:
            row = db.execute(
                select(question_table).where(
                    question_table.c.room == code, question_table.c.number == number
                )
            ).first()
        return None if row is None else read_posed(row)

    def questions(self, code: str) -> list[Posed]:
        with self.engine.connect() as db:
            rows = db.execute(
                select(question_table)
                .where(question_table.c.room == code)
                .order_by(question_table.c.number)
            ).all()
        return [read_posed(r) for r in rows]


def _twin(db, code: str, number: int):
    """The row of the twin posed of question `number` in room `code`, or None: read on the
    caller's connection (`pose` reads it under the room's lock)."""
    q = question_table
    return db.execute(
        select(q).where(q.c.room == code, q.c.twin_of == number).order_by(q.c.number)
    ).first()
