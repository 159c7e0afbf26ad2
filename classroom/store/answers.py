"""Answers: one per student per question per round, written only while the question takes them
(checked in the statement that writes), read back, counted, and compared between rounds."""

from __future__ import annotations

from sqlalchemy import Float, Integer, String, cast, func, literal, or_, select
from sqlalchemy.dialects import postgresql, sqlite

from i18n import tr

from .. import gains, peer, questions, rooms
from .base import Base
from .records import Answer, Closed, NotFound, Refused
from .schema import ROUND_TABLES, question_table, room_table, student_table


class Answers(Base):
    # -- answers ---------------------------------------------------------------------------

    def answer(
        self,
        code: str,
        token: str,
        number: int,
        given: questions.Given,
        *,
        round: int = 1,
        confidence: int | None = None,
    ) -> None:
        """Record (or replace) a student's answer to question `number` in `round`.

        One statement inserts or updates the answer only if, at that moment, the student is in
        the room, the room is open, `number` is its current question, not yet revealed, in
        this round, and the round's time (if any) is not up; a Closed error (or NotFound) says
        which condition failed otherwise.
        """
        if round not in ROUND_TABLES:
            raise ValueError(tr("An answer's round is 1 or 2; got {round}.", round=repr(round)))
        confidence = peer.read_confidence(confidence)
        text = rooms.read_answer_text(given.text)
        now = self.clock()
        q, s, r = question_table, student_table, room_table
        table = ROUND_TABLES[round]
        source = (
            select(
                q.c.id,
                s.c.id,
                cast(literal(text), String),
                cast(literal(given.value), Float),
                cast(literal(now), Float),
                cast(literal(confidence), Integer),
            )
            .select_from(q.join(r, r.c.code == q.c.room).join(s, s.c.room == r.c.code))
            .where(
                q.c.room == code,
                q.c.number == number,
                s.c.token_digest == rooms.digest(token),
                s.c.removed.is_(None),
                r.c.current == q.c.number,
                q.c.revealed.is_(None),
                func.coalesce(q.c.round, 1) == round,
                or_(q.c.closes.is_(None), q.c.closes > now),
                r.c.closed.is_(None),
                r.c.expires > now,
            )
        )
        if self.dialect == "postgresql":
            # Wait for a reveal, a new question, a new round or a close being written, then
            # check against what it wrote (SQLite has one writer at a time, which does the same).
            source = source.with_for_update(read=True, of=[q, r])
        insert = (postgresql if self.dialect == "postgresql" else sqlite).insert(table)
        statement = insert.from_select(
            ["question", "student", "answer", "value", "answered", "confidence"], source
        )
        statement = statement.on_conflict_do_update(
            index_elements=["question", "student"],
            set_={
                "answer": statement.excluded.answer,
                "value": statement.excluded.value,
                "answered": statement.excluded.answered,
                "confidence": statement.excluded.confidence,
            },
        )
        with self.engine.begin() as db:
            # RETURNING, not rowcount: psycopg reports -1 for an INSERT … SELECT.
            written = db.execute(statement.returning(table.c.id)).first() is not None
        if written:
            return
        # Nothing written: say why.
        room = self._open(code)
        if self.was_removed(code, token):
            raise Refused(
                tr("Your teacher removed you from this class: your answers are not counted.")
            )
        if self.student(code, token) is None:
            raise NotFound(tr("This student link is not from this class: join it again."))
        posed = self.question(code, number)
        if posed is not None and posed.revealed is not None:
            raise Closed(tr("Too late: your teacher has revealed the answer to this question."))
        if room.current != number or posed is None:
            raise Closed(tr("Your teacher has moved on to another question."))
        if posed.round != round:
            raise Closed(
                tr("Round 1 is over: answer round 2 below.")
                if posed.round == 2
                else tr("Round 2 has not begun: answer round 1.")
            )
        if posed.closes is not None and posed.closes <= now:
            raise Closed(tr("Time is up: this round takes no more answers."))
        raise Closed(tr("The answer could not be recorded: reload the page and try again."))

    def answers(self, code: str, number: int, round: int = 1) -> list[Answer]:
        """Every answer to question `number` in `round`, with the student's name, oldest
        first."""
        a, s, q = ROUND_TABLES[round], student_table, question_table
        with self.engine.connect() as db:
            rows = db.execute(
                select(a.c.student, s.c.name, a.c.answer, a.c.value, a.c.answered, a.c.confidence)
                .select_from(a.join(q, q.c.id == a.c.question).join(s, s.c.id == a.c.student))
                .where(q.c.room == code, q.c.number == number, s.c.removed.is_(None))
                .order_by(a.c.answered, a.c.id)
            ).all()
        return [Answer(*row) for row in rows]

    def count(self, code: str, number: int, round: int = 1) -> int:
        """How many students have answered question `number` in `round` (the projector's
        number)."""
        a, q, s = ROUND_TABLES[round], question_table, student_table
        with self.engine.connect() as db:
            return db.execute(
                select(func.count())
                .select_from(a.join(q, q.c.id == a.c.question).join(s, s.c.id == a.c.student))
                .where(q.c.room == code, q.c.number == number, s.c.removed.is_(None))
            ).scalar_one()

    def my_answer(self, code: str, token: str, number: int, round: int = 1) -> Answer | None:
        student = self.student(code, token)
        if student is None:
            return None
        a, q = ROUND_TABLES[round], question_table
        with self.engine.connect() as db:
            row = db.execute(
                select(a.c.student, a.c.answer, a.c.value, a.c.answered, a.c.confidence)
                .select_from(a.join(q, q.c.id == a.c.question))
                .where(q.c.room == code, q.c.number == number, a.c.student == student.id)
            ).first()
        if row is None:
            return None
        return Answer(
            row.student, student.name, row.answer, row.value, row.answered, row.confidence
        )

    def shift(self, code: str, number: int) -> peer.Shift:
        """How the class moved between the rounds of question `number` (`peer.shift`)."""
        posed = self.question(code, number)
        if posed is None:
            raise NotFound(tr("No question {number} in this class.", number=number))
        first = {a.student: a.answer for a in self.answers(code, number, 1)}
        second = {a.student: a.answer for a in self.answers(code, number, 2)}
        return peer.shift(posed.question, first, second)

    def learning(self, code: str, number: int) -> gains.Learning | None:
        """Question `number`'s weighted learning gain (`gains.learning_gain`), from its round-1
        answers and its twin's; None until its twin is posed."""
        posed, twin = self.question(code, number), self.twin_of(code, number)
        if posed is None or twin is None:
            return None
        first, second = posed.question, twin.question
        alone = {
            a.student: questions.verdict(first, a.answer).correct
            for a in self.answers(code, number, 1)
        }
        again = {
            a.student: questions.verdict(second, a.answer).correct
            for a in self.answers(code, twin.number, 1)
        }
        return gains.learning_gain(alone, again)
