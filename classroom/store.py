"""Every read and write of a class's state: rooms, students, questions and answers, in a real
database shared by every app process (SQLAlchemy 2). No Streamlit here: the page hands over the
database URL (`database_url` says where it comes from).

- **Where.** SQLite in a file by default (`DEFAULT_PATH`, created on first use): zero set-up,
  and WAL mode, so several app processes on one machine read while one writes. PostgreSQL (or
  any database SQLAlchemy speaks) when a URL is configured: the environment variable
  `URL_VARIABLE`, or `url` under ``[connections.sql]`` in ``.streamlit/secrets.toml`` (the
  convention of Streamlit's ``st.connection("sql")``). A plain ``postgresql://`` URL uses the
  psycopg 3 driver.
- **Schema** is created on first use (`Store` does it; two processes starting at once are
  fine), and a database made by an older version gains the tables and columns it lacks
  (`_migrate`: nullable columns only, NULL meaning what the older version did, so its rooms,
  questions and answers keep working).
- **Peer instruction**: a question has round 1 (answers alone, in `classroom_answers`, where
  every version kept them) and, if the teacher starts it, round 2 (`classroom_answers_round2`),
  each answer with an optional confidence. A round's timer is a moment in the question's row,
  `closes`: answers are refused from then on, whatever a screen's clock says. A question list
  prepared before class is saved by name (`classroom_lists`) and loaded into a room (`plan`).
- **Rules the database keeps**, so they hold whichever process serves whom: one answer per
  student per question (a unique constraint; a new answer replaces the old one), and an answer
  is written only while its question is the room's current one, not yet revealed, in the
  round it is sent for, before that round's time is up, in a room that is open — checked in
  the same statement that writes it. A closed or expired room
  accepts nothing. The teacher key and student tokens are kept as SHA-256 digests only.
- **Limits the database keeps**, so they hold across sessions and processes (`rooms` sets
  them): a browser that joins again gets its own student back, a room holds at most
  `rooms.ROOM_CAP` students and takes at most `rooms.JOINS_PER_MINUTE` new ones a minute, none
  while its teacher has locked joining; an address that keeps getting codes wrong waits
  (`classroom_limits` counts, per address, per room).
- **Forgetting**: a removed student's answers are deleted and their name too; a closed room is
  deleted `rooms.RETENTION_DAYS` after it closed (`purge`, run as rooms open). On SQLite,
  deleted rows leave the file: `secure_delete` overwrites them and the write-ahead log is
  emptied after each delete. On PostgreSQL a deleted row stays in its table's file until
  VACUUM reclaims the space and a later write reuses it (PostgreSQL has no secure delete).
- **Time** is seconds since the epoch (UTC) from `clock`, so tests can move it.
"""

from __future__ import annotations

import csv
import io
import json
import math
import os
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

from sqlalchemy import (
    Column,
    Float,
    ForeignKey,
    Integer,
    MetaData,
    String,
    Table,
    Text,
    UniqueConstraint,
    and_,
    case,
    cast,
    create_engine,
    event,
    func,
    inspect,
    literal,
    or_,
    select,
    text,
)
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.engine import URL, Engine, make_url
from sqlalchemy.exc import IntegrityError, OperationalError, ProgrammingError

from ndcg_core.display import csv_cell

from . import peer, questions, rooms

ROOT = Path(__file__).resolve().parents[1]
DEFAULT_PATH = ROOT / "var" / "classroom.sqlite3"
URL_VARIABLE = "NDCG_CLASSROOM_DATABASE"
SQLITE_BUSY_SECONDS = 15  # how long a writer waits for another process's write to finish

metadata = MetaData()

room_table = Table(
    "classroom_rooms",
    metadata,
    Column("code", String(16), primary_key=True),
    Column("key_digest", String(64), nullable=False),
    Column("opened", Float, nullable=False),
    Column("expires", Float, nullable=False),
    Column("closed", Float),
    Column("current", Integer),  # the number of the question on every screen, or NULL
    Column("pushed", Text),  # a list sent to every screen: its link parameters as JSON
    Column("pushed_at", Float),
    Column("locked", Float),  # when the teacher locked joining, or NULL: joining is open
    # Added for peer instruction; NULL is what a room made before it did.
    Column("plan", Text),  # the question list loaded for this class: `peer.items_text`
    Column("plan_next", Integer),  # the index in `plan` that "next" poses (NULL: 0)
    Column("show_live", Integer),  # 1: the projector shows round 1's answers as they arrive
)
student_table = Table(
    "classroom_students",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("room", String(16), ForeignKey(room_table.c.code, ondelete="CASCADE"), nullable=False),
    Column("token_digest", String(64), nullable=False),
    Column("name", String(rooms.NAME_LIMIT)),
    Column("joined", Float, nullable=False),
    Column("removed", Float),  # when the teacher removed them (name and answers gone), or NULL
    UniqueConstraint("room", "token_digest", name="classroom_one_token"),
)
question_table = Table(
    "classroom_questions",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("room", String(16), ForeignKey(room_table.c.code, ondelete="CASCADE"), nullable=False),
    Column("number", Integer, nullable=False),
    Column("spec", Text, nullable=False),
    Column("posed", Float, nullable=False),
    Column("revealed", Float),
    # Added for peer instruction; NULL is what a question posed before it did (one round, no
    # timer, no confidence asked).
    Column("round", Integer),  # 2 once round 2 began (NULL: round 1)
    Column("round1_closed", Float),  # when round 1's answers closed (round 2 began, or timer)
    Column("round2", Float),  # when round 2 began
    Column("prompt", Text),  # round 2's discussion prompt
    Column("confidence", Integer),  # 1: each answer says how sure (`peer.CONFIDENCE`)
    Column("seconds", Integer),  # the time set for round 1 (NULL: no timer)
    Column("seconds2", Integer),  # the time set for round 2 (NULL: no timer)
    Column("closes", Float),  # when the current round's answers close (NULL: when moved on)
    UniqueConstraint("room", "number", name="classroom_question_number"),
)


def _answers(name: str, one: str) -> Table:
    """A table of answers, one per student per question: round 1's, or round 2's."""
    return Table(
        name,
        metadata,
        Column("id", Integer, primary_key=True, autoincrement=True),
        Column(
            "question",
            Integer,
            ForeignKey(question_table.c.id, ondelete="CASCADE"),
            nullable=False,
        ),
        Column(
            "student", Integer, ForeignKey(student_table.c.id, ondelete="CASCADE"), nullable=False
        ),
        Column("answer", String(rooms.ANSWER_LIMIT), nullable=False),
        Column("value", Float),
        Column("answered", Float, nullable=False),
        Column("confidence", Integer),  # an index of `peer.CONFIDENCE`, or NULL: not asked
        UniqueConstraint("question", "student", name=one),
    )


# Round 1's answers keep the table (and the constraint) every older version wrote, so a
# database made before peer instruction keeps its answers where they were; round 2's are a
# table of their own, created on first use.
answer_table = _answers("classroom_answers", "classroom_one_answer")
second_table = _answers("classroom_answers_round2", "classroom_one_second_answer")
ROUND_TABLES = {1: answer_table, 2: second_table}
# Question lists saved by name on this server, for any class to load (`peer.Item`s as JSON).
list_table = Table(
    "classroom_lists",
    metadata,
    Column("name", String(peer.NAME_LIMIT), primary_key=True),
    Column("spec", Text, nullable=False),
    Column("saved", Float, nullable=False),
)
# Counters for the limits, one row per bucket ("join:ROOMCODE", "code:ADDRESS"): how many
# since `started`, the last at `last`. A fixed window, counted in one statement (`_count`).
limit_table = Table(
    "classroom_limits",
    metadata,
    Column("bucket", String(120), primary_key=True),
    Column("started", Float, nullable=False),
    Column("used", Integer, nullable=False),
    Column("last", Float, nullable=False),
)


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


def _posed(row) -> Posed:
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
class Opened:
    """A new room: its code, and the teacher key (shown once, in the teacher's link)."""

    code: str
    key: str


# ---------------------------------------------------------------------------------------------
# Where the database is
# ---------------------------------------------------------------------------------------------


def default_url() -> str:
    return f"sqlite:///{DEFAULT_PATH}"


def url_from_settings(settings: Mapping | None) -> str | None:
    """A URL from a ``[connections.sql]`` table: its `url`, or the parts ``st.connection``
    accepts (dialect, driver, username, password, host, port, database). None when empty."""
    if not settings:
        return None
    if settings.get("url"):
        return str(settings["url"])
    if not settings.get("dialect"):
        return None
    driver = settings.get("driver")
    return URL.create(
        f"{settings['dialect']}+{driver}" if driver else str(settings["dialect"]),
        username=settings.get("username"),
        password=settings.get("password"),
        host=settings.get("host"),
        port=settings.get("port"),
        database=settings.get("database"),
    ).render_as_string(hide_password=False)


def database_url(secrets: Mapping | None = None) -> str:
    """The database to use: `URL_VARIABLE` if set, else ``[connections.sql]`` of the given
    secrets, else the SQLite file."""
    return (
        os.environ.get(URL_VARIABLE, "").strip()
        or url_from_settings((secrets or {}).get("connections", {}).get("sql"))
        or default_url()
    )


def _engine(url: str) -> Engine:
    parsed = make_url(url)
    if parsed.drivername in ("postgresql", "postgres"):
        parsed = parsed.set(drivername="postgresql+psycopg")
    if parsed.get_backend_name() != "sqlite":
        return create_engine(parsed, pool_pre_ping=True, pool_size=5, max_overflow=10)
    if not parsed.database or parsed.database == ":memory:":
        raise ValueError(
            f"The classroom's SQLite database must be a file (several sessions and processes "
            f"share it); got {url!r}."
        )
    Path(parsed.database).parent.mkdir(parents=True, exist_ok=True)
    engine = create_engine(
        parsed,
        # The pool hands a connection to one thread at a time; Streamlit runs each session's
        # script in a thread of its own.
        connect_args={"timeout": SQLITE_BUSY_SECONDS, "check_same_thread": False},
    )

    @event.listens_for(engine, "connect")
    def _sqlite_settings(connection, _record):
        cursor = connection.cursor()
        # WAL: readers never wait for the writer, and other processes see each commit.
        cursor.execute("PRAGMA journal_mode=WAL")
        cursor.execute("PRAGMA foreign_keys=ON")
        # A deleted row's bytes are overwritten with zeros, not left in free space.
        cursor.execute("PRAGMA secure_delete=ON")
        cursor.close()

    return engine


# ---------------------------------------------------------------------------------------------
# The store
# ---------------------------------------------------------------------------------------------


# The URLs whose schema this process has created or migrated: checked once per process.
_CURRENT: set[str] = set()


class Store:
    """The classroom's database. One per process and URL is enough (it holds a connection
    pool); every method is one short transaction, safe from any thread."""

    def __init__(self, url: str | None = None, *, clock: Callable[[], float] = time.time):
        self.url = url or default_url()
        self.clock = clock
        self.engine = _engine(self.url)
        self._create_schema()

    def _create_schema(self) -> None:
        if self.url in _CURRENT:  # this process made sure already (a store per session)
            self.purge()
            return
        try:
            metadata.create_all(self.engine)
        except (OperationalError, ProgrammingError, IntegrityError):
            # Another process created the tables between our check and our CREATE.
            metadata.create_all(self.engine)
        self._migrate()
        _CURRENT.add(self.url)
        self.purge()

    def _migrate(self) -> None:
        """Add the columns a database made by an older version lacks. Every column added since
        the first version is nullable, and NULL means what the older version did (joining
        open, nobody removed), so its rooms carry on as they were."""
        present = inspect(self.engine)
        for table in metadata.sorted_tables:
            have = {c["name"] for c in present.get_columns(table.name)}
            for column in table.columns:
                if column.name in have:
                    continue
                kind = column.type.compile(dialect=self.engine.dialect)
                try:
                    with self.engine.begin() as db:
                        db.execute(
                            text(f'ALTER TABLE {table.name} ADD COLUMN "{column.name}" {kind}')
                        )
                except (OperationalError, ProgrammingError):
                    # Another process added it first.
                    pass

    def purge(self) -> int:
        """Delete every room closed (or expired) more than `rooms.RETENTION_DAYS` ago, and
        limit counters whose window is long over. Returns how many rooms went."""
        now = self.clock()
        cutoff = now - rooms.RETENTION_DAYS * 86400.0
        ended = func.coalesce(room_table.c.closed, room_table.c.expires)
        with self.engine.begin() as db:
            codes = db.execute(select(room_table.c.code).where(ended < cutoff)).scalars().all()
            for code in codes:
                _delete_room(db, code)
            db.execute(
                limit_table.delete().where(
                    limit_table.c.last < now - max(rooms.FAILURE_WINDOW, rooms.JOIN_WINDOW)
                )
            )
        if codes:
            self._scrub()
        return len(codes)

    def _scrub(self) -> None:
        """After a delete: on SQLite, copy the write-ahead log into the file and empty it, so
        the deleted rows' old pages are gone from both (`secure_delete` zeroed them in the
        file). A reader holding the log open makes this a no-op until the next delete."""
        if self.dialect != "sqlite":
            return
        with self.engine.connect() as db:
            db.exec_driver_sql("PRAGMA wal_checkpoint(TRUNCATE)")

    def dispose(self) -> None:
        self.engine.dispose()

    @property
    def dialect(self) -> str:
        return self.engine.dialect.name

    # -- rooms -----------------------------------------------------------------------------

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
                            opened=now,
                            expires=rooms.expires(now, hours),
                        )
                    )
                return Opened(code, key)
            except IntegrityError:
                continue
        raise RuntimeError("Could not find a free room code after 5 draws.")

    def room(self, code: str) -> Room | None:
        with self.engine.connect() as db:
            row = db.execute(select(room_table).where(room_table.c.code == code)).first()
        if row is None:
            return None
        return Room(
            row.code,
            row.opened,
            row.expires,
            row.closed,
            row.current,
            json.loads(row.pushed) if row.pushed else None,
            row.pushed_at,
            row.locked,
            _plan(row.plan),
            row.plan_next or 0,
            bool(row.show_live),
        )

    def find(self, code: str) -> Room:
        """The room with this code (already read by `rooms.read_code`), or NotFound."""
        room = self.room(code)
        if room is None:
            raise NotFound(
                f"No class has the code {rooms.format_code(code)}: check it on the board (or "
                "the class was deleted)."
            )
        return room

    def is_teacher(self, code: str, key: str) -> bool:
        with self.engine.connect() as db:
            stored = db.execute(
                select(room_table.c.key_digest).where(room_table.c.code == code)
            ).scalar()
        return stored is not None and rooms.matches(key, stored)

    def teacher(self, code: str, key: object) -> str:
        """The teacher key a link carries, checked: a key this app makes (`rooms.read_secret`:
        a ValueError otherwise) and this room's (NotAllowed otherwise). Returns the key, read."""
        key = rooms.read_secret(key)
        self._teacher(code, key)
        return key

    def _teacher(self, code: str, key: str) -> None:
        if not self.is_teacher(code, key):
            raise NotAllowed(
                f"This link's teacher key is not the one of class {rooms.format_code(code)}: "
                "open the teacher link you were given when you started the class."
            )

    def _open(self, code: str) -> Room:
        room = self.find(code)
        state = room.status(self.clock())
        if state != "open":
            raise Closed(_closed_message(room, state))
        return room

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
            _delete_room(db, code)
        self._scrub()

    def lock(self, code: str, key: str, locked: bool = True) -> None:
        """Lock joining (no new students; those in carry on), or open it again."""
        self._teacher(code, key)
        with self.engine.begin() as db:
            db.execute(
                room_table.update()
                .where(room_table.c.code == code)
                .values(locked=self.clock() if locked else None)
            )

    def push(self, code: str, key: str, params: Mapping[str, str] | None) -> None:
        """Show a list on every student's screen (its link parameters), or stop (None)."""
        self._teacher(code, key)
        self._open(code)
        with self.engine.begin() as db:
            db.execute(
                room_table.update()
                .where(room_table.c.code == code)
                .values(
                    pushed=None if params is None else json.dumps(dict(params), sort_keys=True),
                    pushed_at=self.clock(),
                )
            )

    def signature(self, code: str) -> tuple | None:
        """What a student's screen shows, in a few values: it is redrawn when they change
        (question, its round, its timer set or run out, reveal, pushed list, open or not).
        None when the room is gone."""
        q = question_table
        with self.engine.connect() as db:
            row = db.execute(
                select(
                    room_table.c.current,
                    room_table.c.closed,
                    room_table.c.expires,
                    room_table.c.pushed_at,
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
                f"Your teacher has locked joining class {rooms.format_code(code)}: ask them to "
                "open it again."
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
                    f"Class {rooms.format_code(code)} is full: it has {rooms.ROOM_CAP} "
                    "students, the most a class can hold."
                )
            used, started = _count(db, self.dialect, f"join:{code}", rooms.JOIN_WINDOW, now)
            if used > rooms.JOINS_PER_MINUTE:
                # Raising rolls the count back: a refused join takes no one's place.
                wait = max(1.0, started + rooms.JOIN_WINDOW - now)
                raise Refused(
                    f"Many students are joining class {rooms.format_code(code)} right now: wait "
                    f"{math.ceil(wait)} s and press Join again.",
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
                f"Your teacher removed you from class {rooms.format_code(code)}: ask them if "
                "this was a mistake."
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
            for table in ROUND_TABLES.values():
                db.execute(table.delete().where(table.c.student == student))
            db.execute(
                student_table.update()
                .where(student_table.c.room == code, student_table.c.id == student)
                .values(removed=self.clock(), name=None)
            )

    def code_wait(self, address: str) -> float:
        """Seconds `address` must wait before its next code is looked up (0: now)."""
        with self.engine.connect() as db:
            row = db.execute(
                select(limit_table).where(limit_table.c.bucket == _code_bucket(address))
            ).first()
        if row is None:
            return 0.0
        return rooms.code_wait(row.used, row.started, row.last, self.clock())

    def wrong_code(self, address: str) -> float:
        """Count a wrong code from `address`; returns the wait it now owes."""
        with self.engine.begin() as db:
            _count(db, self.dialect, _code_bucket(address), rooms.FAILURE_WINDOW, self.clock())
        return self.code_wait(address)

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

    # -- questions -------------------------------------------------------------------------

    def pose(
        self,
        code: str,
        key: str,
        question: questions.Question,
        *,
        confidence: bool = False,
        seconds: int | None = None,
    ) -> int:
        """Put a question on every screen; returns its number in the room (1, 2, …). Round 1
        begins: answers alone (`confidence`: each says how sure), closing after `seconds` if
        given (the timer is this moment in the database: no screen's clock can move it)."""
        seconds = peer.read_seconds(seconds)
        self._teacher(code, key)
        self._open(code)
        for _ in range(3):  # two teacher tabs posing at once: the second takes the next number
            try:
                with self.engine.begin() as db:
                    _write_lock(db, code)
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
            raise Closed("The question list is done: load another, or ask a question of your own.")
        number = self.pose(
            code, key, item.question, confidence=item.confidence, seconds=item.seconds
        )
        with self.engine.begin() as db:
            db.execute(
                room_table.update()
                .where(room_table.c.code == code)
                .values(plan_next=room.plan_next + 1)
            )
        return number

    def load_plan(self, code: str, key: str, items: Sequence[peer.Item] | None) -> None:
        """Load a question list into this class ("next" poses its questions in turn), or
        unload it (None)."""
        self._teacher(code, key)
        self._open(code)
        with self.engine.begin() as db:
            db.execute(
                room_table.update()
                .where(room_table.c.code == code)
                .values(plan=peer.items_text(items) if items else None, plan_next=0)
            )

    def show_live(self, code: str, key: str, shown: bool) -> None:
        """Whether the projector shows round 1's answers as they arrive (by default only how
        many have answered, so the class answers alone)."""
        self._teacher(code, key)
        with self.engine.begin() as db:
            db.execute(
                room_table.update()
                .where(room_table.c.code == code)
                .values(show_live=1 if shown else None)
            )

    def _current(self, code: str, number: int) -> Posed:
        posed = self.question(code, number)
        room = self.find(code)
        if posed is None or room.current != number:
            raise Closed(f"Question {number} is not the one on the screens now.")
        if posed.revealed is not None:
            raise Closed(f"Question {number} is revealed: its answers are final.")
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
            raise Closed(f"Question {number} is in round 2 already.")
        q = question_table
        with self.engine.begin() as db:
            _write_lock(db, code)
            now = self.clock()
            db.execute(
                q.update()
                .where(
                    q.c.room == code,
                    q.c.number == number,
                    q.c.revealed.is_(None),
                    func.coalesce(q.c.round, 1) == 1,
                )
                .values(
                    round=2,
                    round1_closed=case(
                        (and_(q.c.closes.is_not(None), q.c.closes < now), q.c.closes), else_=now
                    ),
                    round2=now,
                    prompt=prompt,
                    seconds2=seconds,
                    closes=None if seconds is None else now + seconds,
                )
            )

    def extend(self, code: str, key: str, number: int, seconds: int = peer.EXTEND_SECONDS):
        """More time for the current round: `seconds` more than it had left (a round whose
        time is up opens again for `seconds`; a round without a timer gets one)."""
        seconds = peer.read_seconds(seconds)
        if seconds is None:
            raise ValueError("Extend by at least one second.")
        self._teacher(code, key)
        self._open(code)
        self._current(code, number)
        q = question_table
        with self.engine.begin() as db:
            _write_lock(db, code)
            now = self.clock()
            start = case((and_(q.c.closes.is_not(None), q.c.closes > now), q.c.closes), else_=now)
            db.execute(
                q.update()
                .where(q.c.room == code, q.c.number == number, q.c.revealed.is_(None))
                .values(closes=start + seconds)
            )

    def close_answers(self, code: str, key: str, number: int) -> None:
        """Close the current round's answers now (its time, if any, is cut short)."""
        self._teacher(code, key)
        q = question_table
        with self.engine.begin() as db:
            _write_lock(db, code)
            now = self.clock()
            db.execute(
                q.update()
                .where(
                    q.c.room == code,
                    q.c.number == number,
                    q.c.revealed.is_(None),
                    or_(q.c.closes.is_(None), q.c.closes > now),
                )
                .values(closes=now)
            )

    def reveal(self, code: str, key: str, number: int) -> None:
        """Reveal question `number`: its answers are final and everyone sees the solution."""
        self._teacher(code, key)
        with self.engine.begin() as db:
            _write_lock(db, code)
            # The time is read once the write lock is held: the moment the reveal took effect,
            # so no answer accepted before it can carry a later time.
            db.execute(
                question_table.update()
                .where(
                    question_table.c.room == code,
                    question_table.c.number == number,
                    question_table.c.revealed.is_(None),
                )
                .values(revealed=self.clock())
            )

    def question(self, code: str, number: int) -> Posed | None:
        with self.engine.connect() as db:
            row = db.execute(
                select(question_table).where(
                    question_table.c.room == code, question_table.c.number == number
                )
            ).first()
        return None if row is None else _posed(row)

    def questions(self, code: str) -> list[Posed]:
        with self.engine.connect() as db:
            rows = db.execute(
                select(question_table)
                .where(question_table.c.room == code)
                .order_by(question_table.c.number)
            ).all()
        return [_posed(r) for r in rows]

    # -- question lists saved on this server ------------------------------------------------

    def save_list(self, code: str, key: str, name: str, items: Sequence[peer.Item]) -> str:
        """Save a question list by name (a teacher's link saves it; any class can load it
        later); a list of that name is replaced. Returns the name, read."""
        name = peer.read_list_name(name)
        items = peer.items_from_json([item.to_json() for item in items])
        self._teacher(code, key)
        insert = (postgresql if self.dialect == "postgresql" else sqlite).insert(list_table)
        statement = insert.values(name=name, spec=peer.items_text(items), saved=self.clock())
        statement = statement.on_conflict_do_update(
            index_elements=["name"],
            set_={"spec": statement.excluded.spec, "saved": statement.excluded.saved},
        )
        with self.engine.begin() as db:
            db.execute(statement)
        return name

    def saved_lists(self) -> list[str]:
        """The names of the question lists saved on this server, in alphabetical order."""
        with self.engine.connect() as db:
            return list(db.execute(select(list_table.c.name).order_by(list_table.c.name)).scalars())

    def saved_list(self, name: str) -> tuple[peer.Item, ...]:
        with self.engine.connect() as db:
            text_ = db.execute(select(list_table.c.spec).where(list_table.c.name == name)).scalar()
        if text_ is None:
            raise NotFound(f"No question list is saved as {name!r}.")
        return _plan(text_)

    def delete_list(self, code: str, key: str, name: str) -> None:
        self._teacher(code, key)
        with self.engine.begin() as db:
            db.execute(list_table.delete().where(list_table.c.name == name))

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
            raise ValueError(f"An answer's round is 1 or 2; got {round!r}.")
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
            raise Refused("Your teacher removed you from this class: your answers are not counted.")
        if self.student(code, token) is None:
            raise NotFound("This student link is not from this class: join it again.")
        posed = self.question(code, number)
        if posed is not None and posed.revealed is not None:
            raise Closed("Too late: your teacher has revealed the answer to this question.")
        if room.current != number or posed is None:
            raise Closed("Your teacher has moved on to another question.")
        if posed.round != round:
            raise Closed(
                "Round 1 is over: answer round 2 below."
                if posed.round == 2
                else "Round 2 has not begun: answer round 1."
            )
        if posed.closes is not None and posed.closes <= now:
            raise Closed("Time is up: this round takes no more answers.")
        raise Closed("The answer could not be recorded: reload the page and try again.")

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
            raise NotFound(f"No question {number} in this class.")
        first = {a.student: a.answer for a in self.answers(code, number, 1)}
        second = {a.student: a.answer for a in self.answers(code, number, 2)}
        return peer.shift(posed.question, first, second)

    # -- after class -----------------------------------------------------------------------

    def export_csv(self, code: str, key: str) -> str:
        """The room's questions and their answer counts, one row per option (or per distinct
        number given) per round, as CSV. No names: a count per answer is what the teacher
        takes home."""
        self._teacher(code, key)
        out = io.StringIO()
        writer = csv.DictWriter(
            out,
            [
                "room",
                "question",
                "kind",
                "asked",
                "posed_utc",
                "revealed_utc",
                "round",
                "answer",
                "count",
                "right",
            ],
        )
        writer.writeheader()
        for posed in self.questions(code):
            question = posed.question
            for round in range(1, posed.round + 1):
                texts = [a.answer for a in self.answers(code, posed.number, round)]
                for row in questions.report_rows(question, texts):
                    cells = {
                        "room": rooms.format_code(code),
                        "question": posed.number,
                        "kind": question.kind,
                        "asked": question.describe(),
                        "posed_utc": _utc(posed.posed),
                        "revealed_utc": _utc(posed.revealed),
                        "round": round,
                        **row,
                    }
                    writer.writerow({name: csv_cell(value) for name, value in cells.items()})
        return out.getvalue()

    def export_rounds_csv(self, code: str, key: str) -> str:
        """Every answer of the class, one row per student per question, both rounds side by
        side: the answer, right or not, how sure, and how many seconds after the round began;
        then whether the student moved. Students are numbered in the order they joined; no
        names. Each question's timings (posed, round 1 closed, round 2 began, revealed, the
        time set) are on each of its rows."""
        self._teacher(code, key)
        with self.engine.connect() as db:
            order = db.execute(
                select(student_table.c.id)
                .where(student_table.c.room == code)
                .order_by(student_table.c.id)
            ).scalars()
            numbered = {sid: n for n, sid in enumerate(order, start=1)}
        out = io.StringIO()
        fields = [
            "room",
            "question",
            "kind",
            "asked",
            "posed_utc",
            "round1_closed_utc",
            "round2_began_utc",
            "revealed_utc",
            "seconds_round1",
            "seconds_round2",
            "student",
        ]
        for round in (1, 2):
            fields += [f"answer{round}", f"right{round}", f"confidence{round}", f"after_s{round}"]
        fields.append("moved")
        writer = csv.DictWriter(out, fields)
        writer.writeheader()
        for posed in self.questions(code):
            question = posed.question
            given = {
                round: {a.student: a for a in self.answers(code, posed.number, round)}
                for round in (1, 2)
            }
            began = {1: posed.posed, 2: posed.round2}
            for student in sorted(set(given[1]) | set(given[2]), key=numbered.get):
                cells = {
                    "room": rooms.format_code(code),
                    "question": posed.number,
                    "kind": question.kind,
                    "asked": question.describe(),
                    "posed_utc": _utc(posed.posed),
                    "round1_closed_utc": _utc(posed.round1_closed),
                    "round2_began_utc": _utc(posed.round2),
                    "revealed_utc": _utc(posed.revealed),
                    "seconds_round1": posed.seconds1 or "",
                    "seconds_round2": posed.seconds2 or "",
                    "student": numbered[student],
                }
                right = {}
                for round in (1, 2):
                    mine = given[round].get(student)
                    if mine is None:
                        continue
                    right[round] = questions.verdict(question, mine.answer).correct
                    cells[f"answer{round}"] = questions.said(question, mine.answer)
                    cells[f"right{round}"] = "yes" if right[round] else "no"
                    cells[f"confidence{round}"] = (
                        "" if mine.confidence is None else peer.CONFIDENCE[mine.confidence]
                    )
                    cells[f"after_s{round}"] = round_seconds(mine.answered - began[round])
                if len(right) == 2:
                    cells["moved"] = peer.move_words(right[1], right[2])
                writer.writerow({name: csv_cell(value) for name, value in cells.items()})
        return out.getvalue()


def round_seconds(seconds: float) -> float:
    """A duration for the CSV: seconds to the tenth."""
    return round(max(0.0, seconds), 1)


def _plan(text: str | None) -> tuple[peer.Item, ...]:
    if not text:
        return ()
    try:
        return peer.items_from_json(json.loads(text))
    except ValueError:  # written by this store, so only a hand-edited row; show no list
        return ()


def _delete_room(db, code: str) -> None:
    asked = select(question_table.c.id).where(question_table.c.room == code)
    for table in ROUND_TABLES.values():
        db.execute(table.delete().where(table.c.question.in_(asked)))
    db.execute(question_table.delete().where(question_table.c.room == code))
    db.execute(student_table.delete().where(student_table.c.room == code))
    db.execute(room_table.delete().where(room_table.c.code == code))
    db.execute(limit_table.delete().where(limit_table.c.bucket == f"join:{code}"))


def _write_lock(db, code: str) -> None:
    """Take the room's write lock now (SQLite: the database's; PostgreSQL: the room row's), so
    what follows in the transaction reads the clock after every write that came first."""
    db.execute(room_table.update().where(room_table.c.code == code).values(code=room_table.c.code))


def _code_bucket(address: str) -> str:
    return f"code:{address}"[:120]


def _count(db, dialect: str, bucket: str, window: float, now: float) -> tuple[int, float]:
    """Count one more in `bucket` (a new window if its last one is over), in one statement
    that every process can run at once; returns (how many in this window, when it started)."""
    insert = (postgresql if dialect == "postgresql" else sqlite).insert(limit_table)
    t = limit_table
    over = t.c.started <= now - window
    statement = insert.values(bucket=bucket, started=now, used=1, last=now)
    statement = statement.on_conflict_do_update(
        index_elements=["bucket"],
        set_={
            "used": case((over, 1), else_=t.c.used + 1),
            "started": case((over, now), else_=t.c.started),
            "last": now,
        },
    )
    row = db.execute(statement.returning(t.c.used, t.c.started)).one()
    return row.used, row.started


def _utc(seconds: float | None) -> str:
    if seconds is None:
        return ""
    return datetime.fromtimestamp(seconds, UTC).strftime("%Y-%m-%d %H:%M:%S")


def _closed_message(room: Room, state: str) -> str:
    when = _utc(room.closed if state == "closed" else room.expires)
    if state == "closed":
        return f"Class {rooms.format_code(room.code)} was closed by its teacher ({when} UTC)."
    return (
        f"Class {rooms.format_code(room.code)} closed by itself at {when} UTC (a class stays "
        f"open for the hours its teacher chose, {rooms.DEFAULT_HOURS} unless they chose other)."
    )
