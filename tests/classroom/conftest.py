"""The classroom's storage tests run twice: on SQLite in a temporary file, and on a real
PostgreSQL server the tests start themselves from Debian's `postgresql` package (a throwaway
cluster on a free loopback port, stopped and deleted afterwards). Where that package cannot be
installed, the PostgreSQL runs skip and say why."""

from __future__ import annotations

import pytest
from sqlalchemy import text

from classroom import store as storage
from classroom.store import Store
from devtools.postgres import start_postgres, unavailable


class Clock:
    """A clock the tests move by hand: seconds since the epoch."""

    def __init__(self, now: float = 1_800_000_000.0) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds


@pytest.fixture(scope="session")
def postgres_url():
    reason = unavailable()
    if reason:
        pytest.skip(f"No PostgreSQL server for the classroom's storage tests: {reason}.")
    server = start_postgres()
    yield server.url
    server.stop()


@pytest.fixture(params=["sqlite", "postgresql"])
def database(request, tmp_path):
    """A database URL, empty: a new SQLite file, or the test PostgreSQL server wiped clean."""
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'classroom.sqlite3'}"
        return
    url = request.getfixturevalue("postgres_url")
    yield url
    wipe = Store(url)
    with wipe.engine.begin() as db:
        # A connection a test left open (a Store it did not dispose of, a thread it stopped)
        # would hold its locks and make DROP wait for ever: end every other session first.
        db.execute(
            text(
                "SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                "WHERE datname = current_database() AND pid <> pg_backend_pid()"
            )
        )
        db.execute(text("SET LOCAL lock_timeout = '20s'"))
        db.execute(
            text(
                "DROP TABLE IF EXISTS classroom_answers, classroom_answers_round2, "
                "classroom_lists, classroom_questions, "
                "classroom_students, classroom_rooms, classroom_limits CASCADE"
            )
        )
    wipe.dispose()
    storage._CURRENT.discard(url)  # the next test's store creates the tables again


@pytest.fixture
def clock():
    return Clock()


@pytest.fixture
def store(database, clock):
    made = Store(database, clock=clock)
    yield made
    made.dispose()
