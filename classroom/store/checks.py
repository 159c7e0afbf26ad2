"""The concept check: opened by the teacher at the start of class ("pre") and at the end ("post"),
answered by each student in the form they are dealt (`concepts.form_for`), closed by the teacher;
its results (`concepts.results`: scores, ⟨g⟩, gain per concept) read back. A check is written
only while it is open in an open room, by a student still in it: checked under the room's write
lock, which closing the check takes too."""

from __future__ import annotations

import json
from collections.abc import Mapping

from sqlalchemy import func, select
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.exc import IntegrityError

from i18n import tr

from .. import concepts, questions, rooms
from .base import Base, write_lock
from .records import Check, CheckAnswer, Closed, NotFound, Refused, read_check
from .schema import check_answer_table, check_table, question_table, room_table, student_table


def _opened_already(phase: str) -> str:
    if phase == "pre":
        return tr("The start-of-class check was opened already.")
    return tr("The end-of-class check was opened already.")


class Checks(Base):
    def open_check(
        self, code: str, key: str, phase: str, chosen: object = concepts.DEFAULT
    ) -> Check:
        """Open the concept check of `phase` on every screen. The start-of-class check asks the
        `chosen` concepts (6 to 8 of the inventory); the end-of-class one asks the same
        concepts again (each student in the other form), once the first is closed. Each phase
        is taken once; no check opens while a question is in a round."""
        phase = concepts.read_phase(phase)
        keys = concepts.read_concepts(chosen) if phase == "pre" else ()
        self._teacher(code, key)
        room = self._open(code)
        taken = self.checks(code)
        if phase in taken:
            raise Closed(_opened_already(phase))
        if phase == "post":
            first = taken.get("pre")
            if first is None or first.closed is None:
                raise Closed(
                    tr(
                        "Run the start-of-class check first (and close it): the end-of-class "
                        "check asks the same concepts, to measure what the class learned."
                    )
                )
            keys = first.concepts
        if room.current is not None:
            posed = self.question(code, room.current)
            if posed is not None and posed.revealed is None:
                raise Closed(
                    tr("Reveal question {number} before the concept check.", number=posed.number)
                )
        forms = {k: [concepts.BY_KEY[k].form(f).text for f in range(concepts.FORMS)] for k in keys}
        spec = json.dumps({"concepts": list(keys), "forms": forms}, sort_keys=True)
        try:
            with self.engine.begin() as db:
                write_lock(db, code)
                # Checked again under the lock: a question posed meanwhile keeps its round.
                current = db.execute(
                    select(question_table.c.revealed)
                    .select_from(room_table)
                    .join(
                        question_table,
                        (question_table.c.room == room_table.c.code)
                        & (question_table.c.number == room_table.c.current),
                    )
                    .where(room_table.c.code == code)
                ).first()
                if current is not None and current.revealed is None:
                    raise Closed(
                        tr("A question is in a round: reveal it before the concept check.")
                    )
                db.execute(
                    check_table.insert().values(
                        room=code, phase=phase, concepts=spec, opened=self.clock()
                    )
                )
                db.execute(
                    room_table.update().where(room_table.c.code == code).values(checking=phase)
                )
        except IntegrityError:  # two teacher tabs at once: the other one opened it
            raise Closed(_opened_already(phase)) from None
        return self.checks(code)[phase]

    def close_check(self, code: str, key: str, phase: str) -> None:
        """Close the check of `phase`: it takes no more answers; its results count."""
        phase = concepts.read_phase(phase)
        self._teacher(code, key)
        with self.engine.begin() as db:
            write_lock(db, code)
            now = self.clock()
            db.execute(
                check_table.update()
                .where(
                    check_table.c.room == code,
                    check_table.c.phase == phase,
                    check_table.c.closed.is_(None),
                )
                .values(closed=now)
            )
            db.execute(
                room_table.update()
                .where(room_table.c.code == code, room_table.c.checking == phase)
                .values(checking=None)
            )

    def checks(self, code: str) -> dict[str, Check]:
        """The room's checks, by phase."""
        with self.engine.connect() as db:
            rows = db.execute(select(check_table).where(check_table.c.room == code)).all()
        return {row.phase: read_check(row) for row in rows}

    def _check_id(self, db, code: str, phase: str) -> int | None:
        return db.execute(
            select(check_table.c.id).where(check_table.c.room == code, check_table.c.phase == phase)
        ).scalar()

    def answer_check(
        self, code: str, token: str, phase: str, given: Mapping[str, questions.Given]
    ) -> int:
        """Record (or replace) a student's answers to the check of `phase`: {concept: answer},
        each in the form the student is dealt. Written only while the check is open, in an open
        room, for a student still in it. Returns how many answers were written."""
        phase = concepts.read_phase(phase)
        room = self._open(code)
        student = self._student_row(code, token)
        if student is None:
            raise NotFound(tr("This student link is not from this class: join it again."))
        if student.removed is not None:
            raise Refused(
                tr("Your teacher removed you from this class: your answers are not counted.")
            )
        check = self.checks(code).get(phase)
        if check is None or room.checking != phase:
            raise Closed(tr("The concept check is closed: it takes no more answers."))
        unknown = [c for c in given if c not in check.concepts]
        if unknown:
            raise ValueError(
                tr("Not a concept of this check: {unknown}.", unknown=f"{unknown!r:.60}")
            )
        form = concepts.form_for(student.id, phase)
        rows = [
            {
                "student": student.id,
                "concept": concept,
                "form": form,
                "answer": rooms.read_answer_text(answer.text),
            }
            for concept, answer in given.items()
        ]
        if not rows:
            return 0
        insert = (postgresql if self.dialect == "postgresql" else sqlite).insert(check_answer_table)
        with self.engine.begin() as db:
            write_lock(db, code)  # closing the check waits for this write, or this one for it
            now = self.clock()
            still = db.execute(
                select(room_table.c.checking, room_table.c.closed, room_table.c.expires).where(
                    room_table.c.code == code
                )
            ).first()
            if still is None or still.checking != phase:
                raise Closed(tr("The concept check is closed: it takes no more answers."))
            if rooms.status(still.closed, still.expires, now) != "open":
                raise Closed(tr("This class has ended: it takes no more answers."))
            check_id = self._check_id(db, code, phase)
            statement = insert.values(
                [{**row, "check_id": check_id, "answered": now} for row in rows]
            )
            statement = statement.on_conflict_do_update(
                index_elements=["check_id", "student", "concept"],
                set_={
                    "answer": statement.excluded.answer,
                    "form": statement.excluded.form,
                    "answered": statement.excluded.answered,
                },
            )
            db.execute(statement)
        return len(rows)

    def check_answers(self, code: str, phase: str) -> list[CheckAnswer]:
        """Every answer to the check of `phase` by a student still in the class."""
        a, c, s = check_answer_table, check_table, student_table
        with self.engine.connect() as db:
            rows = db.execute(
                select(a.c.student, a.c.concept, a.c.form, a.c.answer, a.c.answered)
                .select_from(a.join(c, c.c.id == a.c.check_id).join(s, s.c.id == a.c.student))
                .where(c.c.room == code, c.c.phase == phase, s.c.removed.is_(None))
                .order_by(a.c.student, a.c.id)
            ).all()
        return [CheckAnswer(*row) for row in rows]

    def check_count(self, code: str, phase: str) -> int:
        """How many students (still in the class) have sent the check of `phase`."""
        a, c, s = check_answer_table, check_table, student_table
        with self.engine.connect() as db:
            return db.execute(
                select(func.count(func.distinct(a.c.student)))
                .select_from(a.join(c, c.c.id == a.c.check_id).join(s, s.c.id == a.c.student))
                .where(c.c.room == code, c.c.phase == phase, s.c.removed.is_(None))
            ).scalar_one()

    def my_check(self, code: str, token: str, phase: str) -> dict[str, CheckAnswer]:
        """A student's answers to the check of `phase`, by concept ({} if none)."""
        student = self.student(code, token)
        if student is None:
            return {}
        return {a.concept: a for a in self.check_answers(code, phase) if a.student == student.id}

    def check_results(self, code: str) -> concepts.Results | None:
        """The class's results (`concepts.results`), or None before any check was opened."""
        taken = self.checks(code)
        first = taken.get("pre") or taken.get("post")
        if first is None:
            return None
        verdicts = {}
        for phase, check in taken.items():
            verdicts[phase] = concepts.graded(
                [(a.student, a.concept, a.form, a.answer) for a in self.check_answers(code, phase)],
                check.question,
            )
        return concepts.results(first.concepts, verdicts.get("pre", {}), verdicts.get("post", {}))
