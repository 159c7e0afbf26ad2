"""Rooms and joins: opening, closing, deleting and locking a room, a list sent to every screen,
what every screen redraws on (`signature`), students joining (once per browser, within the
limits), removed, counted, and the wait after wrong codes."""

from __future__ import annotations

import json
import math
from collections.abc import Mapping

from sqlalchemy import and_, func, select
from sqlalchemy.exc import IntegrityError

from i18n import tr
from ndcg_core.display import count

from .. import rooms
from .base import Base, count_one, delete_room
from .records import Opened, Refused, Student
from .schema import (
    ROUND_TABLES,
    check_answer_table,
    limit_table,
    question_table,
    room_table,
    student_table,
)


class Rooms(Base):
    def open_room(self, hours: int = rooms.DEFAULT_HOURS) -> Opened:
        """A new room, open for `hours`; its code and teacher key."""
        hours = rooms.check_hours(hours)
        self.purge()  # each new class clears away the classes past their retention time
        key = rooms.new_key()
        now = self.clock()
        for _ in range(5):  # a code already taken (one chance in ~10⁹) is drawn again
            code = rooms.new_code()
            try:
                with self.engine.begin() as db:
                    db.execute(
                        room_table.insert().values(
                            code=code,
                            key_digest=rooms.digest(key),
                            projector_digest=rooms.digest(rooms.projector_token(key)),
                            opened=now,
                            expires=rooms.expires(now, hours),
                        )
                    )
                return Opened(code, key)
            except IntegrityError:
                continue
        raise RuntimeError("Could not find a free room code after 5 draws.")

    def projector(self, code: str, key: str) -> str:
        """The token of the room's projector link (the teacher's screen shows the link): derived
        from the key, its digest kept with the room (a room opened before projector links gets
        it here, on its teacher's first visit)."""
        self._teacher(code, key)
        token = rooms.projector_token(key)
        with self.engine.begin() as db:
            db.execute(
                room_table.update()
                .where(room_table.c.code == code, room_table.c.projector_digest.is_(None))
                .values(projector_digest=rooms.digest(token))
            )
        return token

    def is_projector(self, code: str, token: str) -> bool:
        """Whether `token` opens this room's audience screen."""
        with self.engine.connect() as db:
            stored = db.execute(
                select(room_table.c.projector_digest).where(room_table.c.code == code)
            ).scalar()
        return stored is not None and rooms.matches(token, stored)

    def close(self, code: str, key: str) -> None:
        """Close the room now: it accepts nothing more (its data stays until deleted)."""
        self._teacher(code, key)
        with self.engine.begin() as db:
            db.execute(
                room_table.update()
                .where(room_table.c.code == code, room_table.c.closed.is_(None))
                .values(closed=self.clock())
            )

    def delete(self, code: str, key: str) -> None:
        """Delete the room and everything in it: students, questions, answers; their bytes
        leave the SQLite file too (`_scrub`)."""
        self._teacher(code, key)
        with self.engine.begin() as db:
            delete_room(db, code)
        self._scrub()

    def lock(self, code: str, key: str, locked: bool = True) -> None:
        """Lock joining (no new students; those in carry on), or open it again."""
        self._teacher(code, key)
        self._set_room(code, locked=self.clock() if locked else None)

    def push(self, code: str, key: str, params: Mapping[str, str] | None) -> None:
        """Show a list on every student's screen (its link parameters), or stop (None)."""
        self._teacher(code, key)
        self._open(code)
        self._set_room(
            code,
            pushed=None if params is None else json.dumps(dict(params), sort_keys=True),
            pushed_at=self.clock(),
        )

    def signature(self, code: str) -> tuple | None:
        """What a student's screen shows, in a few values: it is redrawn when they change
        (question, its round, its timer set or run out, reveal, pushed list, the concept check
        opened or closed, open or not). None when the room is gone."""
        q = question_table
        with self.engine.connect() as db:
            row = db.execute(
                select(
                    room_table.c.current,
                    room_table.c.closed,
                    room_table.c.expires,
                    room_table.c.pushed_at,
                    room_table.c.checking,
                    q.c.revealed,
                    q.c.round,
                    q.c.closes,
                )
                .select_from(room_table)
                .outerjoin(
                    q,
                    and_(q.c.room == room_table.c.code, q.c.number == room_table.c.current),
                )
                .where(room_table.c.code == code)
            ).first()
        if row is None:
            return None
        now = self.clock()
        state = rooms.status(row.closed, row.expires, now)
        up = row.closes is not None and row.closes <= now
        return (
            row.current,
            row.revealed is not None,
            row.pushed_at,
            row.round or 1,
            row.closes,
            up,
            state,
            row.checking,
        )

    # -- students --------------------------------------------------------------------------

    def join(self, code: str, name: str | None = None, *, token: str | None = None) -> str:
        """A student in an open room; returns their token (for their link and their browser).

        `token` is the one this browser got when it joined before: that student comes back
        (with the new name, if one is given), never a second one. A new student is refused
        (`Refused`) while joining is locked, when the room is full, or past this minute's
        joins; a removed student's browser is refused too.
        """
        name = rooms.read_name(name)
        room = self._open(code)
        if token is not None:
            again = self._rejoin(code, token, name)
            if again:
                return token
        if room.locked is not None:
            raise Refused(
                tr(
                    "Your teacher has locked joining class {code}: ask them to open it again.",
                    code=rooms.format_code(code),
                )
            )
        token = rooms.new_token()
        now = self.clock()
        with self.engine.begin() as db:
            present = db.execute(
                select(func.count()).where(
                    student_table.c.room == code, student_table.c.removed.is_(None)
                )
            ).scalar_one()
            if present >= rooms.ROOM_CAP:
                raise Refused(
                    tr(
                        "Class {code} is full: it has {most} students, the most a class can hold.",
                        code=rooms.format_code(code),
                        most=count(rooms.ROOM_CAP),
                    )
                )
            used, started = count_one(db, self.dialect, f"join:{code}", rooms.JOIN_WINDOW, now)
            if used > rooms.JOINS_PER_MINUTE:
                # Raising rolls the count back: a refused join takes no one's place.
                wait = max(1.0, started + rooms.JOIN_WINDOW - now)
                raise Refused(
                    tr(
                        "Many students are joining class {code} right now: wait {seconds} s and "
                        "press Join again.",
                        code=rooms.format_code(code),
                        seconds=math.ceil(wait),
                    ),
                    wait,
                )
            db.execute(
                student_table.insert().values(
                    room=code, token_digest=rooms.digest(token), name=name, joined=now
                )
            )
        return token

    def _rejoin(self, code: str, token: str, name: str | None) -> bool:
        """Whether `token` is a student of this room (their name updated if one is given);
        Refused if the teacher removed them."""
        try:
            token = rooms.read_secret(token, "student")
        except ValueError:
            return False  # not a token of ours (a stale or forged cookie): a new student
        me = self._student_row(code, token)
        if me is None:
            return False
        if me.removed is not None:
            raise Refused(
                tr(
                    "Your teacher removed you from class {code}: ask them if this was a mistake.",
                    code=rooms.format_code(code),
                )
            )
        if name is not None and name != me.name:
            with self.engine.begin() as db:
                db.execute(
                    student_table.update().where(student_table.c.id == me.id).values(name=name)
                )
        return True

    def remove(self, code: str, key: str, student: int) -> None:
        """Take a student out of the class: their answers are deleted (they leave every
        count), their name too, and their browser cannot join again."""
        self._teacher(code, key)
        with self.engine.begin() as db:
            for table in (*ROUND_TABLES.values(), check_answer_table):
                db.execute(table.delete().where(table.c.student == student))
            db.execute(
                student_table.update()
                .where(student_table.c.room == code, student_table.c.id == student)
                .values(removed=self.clock(), name=None)
            )

    def code_wait(self, address: str, browser: str | None = None) -> float:
        """Seconds before this browser (at `address`) may be told about another code that names
        no class (0: now): the longer of its own wait and its address's (`rooms.code_wait`)."""
        buckets = {_code_bucket(address): rooms.ADDRESS_FAILURES}
        if browser:
            buckets[_code_bucket(address, browser)] = rooms.MAX_FAILURES
        with self.engine.connect() as db:
            rows = db.execute(
                select(limit_table).where(limit_table.c.bucket.in_(list(buckets)))
            ).all()
        now = self.clock()
        return max(
            (rooms.code_wait(r.used, r.started, r.last, now, buckets[r.bucket]) for r in rows),
            default=0.0,
        )

    def wrong_code(self, address: str, browser: str | None = None) -> float:
        """Count a wrong code (or key) from this browser at `address`, in its own count and its
        address's; returns the wait it now owes."""
        now = self.clock()
        buckets = [_code_bucket(address)] + ([_code_bucket(address, browser)] if browser else [])
        with self.engine.begin() as db:
            for bucket in buckets:
                count_one(db, self.dialect, bucket, rooms.FAILURE_WINDOW, now)
        return self.code_wait(address, browser)

    def _student_row(self, code: str, token: str):
        with self.engine.connect() as db:
            return db.execute(
                select(student_table).where(
                    student_table.c.room == code,
                    student_table.c.token_digest == rooms.digest(token),
                )
            ).first()

    def student(self, code: str, token: str) -> Student | None:
        """The student this token names in the room; None if none (or removed)."""
        row = self._student_row(code, token)
        if row is None or row.removed is not None:
            return None
        return Student(row.id, row.name, row.joined)

    def was_removed(self, code: str, token: str) -> bool:
        row = self._student_row(code, token)
        return row is not None and row.removed is not None

    def students(self, code: str) -> list[Student]:
        """The students in the room (not those removed), in the order they joined."""
        with self.engine.connect() as db:
            rows = db.execute(
                select(student_table)
                .where(student_table.c.room == code, student_table.c.removed.is_(None))
                .order_by(student_table.c.id)
            ).all()
        return [Student(r.id, r.name, r.joined) for r in rows]

    def head_count(self, code: str) -> int:
        with self.engine.connect() as db:
            return db.execute(
                select(func.count()).where(
                    student_table.c.room == code, student_table.c.removed.is_(None)
                )
            ).scalar_one()


def _code_bucket(address: str, browser: str | None = None) -> str:
    """The counter of wrong codes from an address, or from one browser at it."""
    return (f"code:{address}" + (f"|{browser}" if browser else ""))[:120]
