"""The store's foundation: where the database is, its engine (SQLite in WAL mode, or PostgreSQL),
the schema made and migrated once per process, the purge of old rooms, and the checks every
part makes (a room found, open; a teacher key that is the room's)."""

from __future__ import annotations

import json
import os
import time
from collections.abc import Callable, Mapping
from pathlib import Path

from sqlalchemy import case, create_engine, event, func, select
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.engine import URL, Engine, make_url
from sqlalchemy.exc import IntegrityError, OperationalError, ProgrammingError

from i18n import tr

from .. import rooms
from .records import Closed, NotAllowed, NotFound, Room, closed_message, read_plan
from .schema import (
    ROUND_TABLES,
    check_answer_table,
    check_table,
    limit_table,
    metadata,
    migrate,
    question_table,
    room_table,
    student_table,
)

ROOT = Path(__file__).resolve().parents[2]
DEFAULT_PATH = ROOT / "var" / "classroom.sqlite3"
URL_VARIABLE = "NDCG_CLASSROOM_DATABASE"
# The administrator secret (it replaces or deletes any saved question list): this environment
# variable, or `admin_secret` under [classroom] in .streamlit/secrets.toml. None: no one can.
ADMIN_VARIABLE = "NDCG_CLASSROOM_ADMIN"
SQLITE_BUSY_SECONDS = 15  # how long a writer waits for another process's write to finish

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


def admin_secret(secrets: Mapping | None = None) -> str | None:
    """The server's administrator secret (`ADMIN_VARIABLE`, else ``[classroom] admin_secret``
    of the given secrets), or None when none is set."""
    found = (
        os.environ.get(ADMIN_VARIABLE, "").strip()
        or str((secrets or {}).get("classroom", {}).get("admin_secret", "") or "").strip()
    )
    return found or None


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
# What every part of the store stands on
# ---------------------------------------------------------------------------------------------


# The URLs whose schema this process has created or migrated: checked once per process.
_CURRENT: set[str] = set()


class Base:
    """The database, its clock and the checks every part of the store makes. One store per
    process and URL is enough (it holds a connection pool); every method is one short
    transaction, safe from any thread."""

    def __init__(
        self,
        url: str | None = None,
        *,
        clock: Callable[[], float] = time.time,
        admin: str | None = None,
    ):
        self.url = url or default_url()
        self.clock = clock
        # Only its digest is kept, as for the teacher keys (`admin_secret` says where it is set).
        self._admin = rooms.digest(admin) if admin else None
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
        migrate(self.engine)

    def purge(self) -> int:
        """Delete every room closed (or expired) more than `rooms.RETENTION_DAYS` ago, and
        limit counters whose window is long over. Returns how many rooms went."""
        now = self.clock()
        cutoff = now - rooms.RETENTION_DAYS * 86400.0
        ended = func.coalesce(room_table.c.closed, room_table.c.expires)
        with self.engine.begin() as db:
            codes = db.execute(select(room_table.c.code).where(ended < cutoff)).scalars().all()
            for code in codes:
                delete_room(db, code)
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
            read_plan(row.plan),
            row.plan_next or 0,
            bool(row.show_live),
            row.checking,
        )

    def find(self, code: str) -> Room:
        """The room with this code (already read by `rooms.read_code`), or NotFound."""
        room = self.room(code)
        if room is None:
            raise NotFound(
                tr(
                    "No class has the code {code}: check it on the board (or the class was "
                    "deleted).",
                    code=rooms.format_code(code),
                )
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

    @property
    def has_admin(self) -> bool:
        """Whether this server has an administrator secret set."""
        return self._admin is not None

    def is_admin(self, secret: object) -> bool:
        """Whether `secret` is the server's administrator secret (never, when none is set)."""
        if self._admin is None or not isinstance(secret, str) or not secret:
            return False
        return rooms.matches(secret, self._admin)

    def _teacher(self, code: str, key: str) -> None:
        if not self.is_teacher(code, key):
            raise NotAllowed(
                tr(
                    "This link's teacher key is not the one of class {code}: open the teacher "
                    "link you were given when you started the class.",
                    code=rooms.format_code(code),
                )
            )

    def _set_room(self, code: str, **values) -> None:
        """Write these columns of the room's row, in a transaction of their own."""
        with self.engine.begin() as db:
            db.execute(room_table.update().where(room_table.c.code == code).values(**values))

    def numbered(self, code: str) -> dict[int, int]:
        """Each student's number in the class (1, 2, …, in the order they joined, removed ones
        included): how the CSV files name students, never by name."""
        with self.engine.connect() as db:
            order = db.execute(
                select(student_table.c.id)
                .where(student_table.c.room == code)
                .order_by(student_table.c.id)
            ).scalars()
            return {sid: n for n, sid in enumerate(order, start=1)}

    def _open(self, code: str) -> Room:
        room = self.find(code)
        state = room.status(self.clock())
        if state != "open":
            raise Closed(closed_message(room, state))
        return room


def delete_room(db, code: str) -> None:
    asked = select(question_table.c.id).where(question_table.c.room == code)
    for table in ROUND_TABLES.values():
        db.execute(table.delete().where(table.c.question.in_(asked)))
    checks = select(check_table.c.id).where(check_table.c.room == code)
    db.execute(check_answer_table.delete().where(check_answer_table.c.check_id.in_(checks)))
    db.execute(check_table.delete().where(check_table.c.room == code))
    db.execute(question_table.delete().where(question_table.c.room == code))
    db.execute(student_table.delete().where(student_table.c.room == code))
    db.execute(room_table.delete().where(room_table.c.code == code))
    db.execute(limit_table.delete().where(limit_table.c.bucket == f"join:{code}"))


def write_lock(db, code: str) -> None:
    """Take the room's write lock now (SQLite: the database's; PostgreSQL: the room row's), so
    what follows in the transaction reads the clock after every write that came first."""
    db.execute(room_table.update().where(room_table.c.code == code).values(code=room_table.c.code))


def count_one(db, dialect: str, bucket: str, window: float, now: float) -> tuple[int, float]:
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
