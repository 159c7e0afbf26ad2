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
  prepared before class is saved by name (`classroom_lists`, each with the digest of the key
  that saved it: only that key replaces or deletes it) and loaded into a room (`plan`). After a
  reveal the teacher may pose the question's isomorphic twin (`twin_of`), answered alone.
- **The concept check** (`classroom_checks`, `classroom_check_answers`): 6 to 8 concepts of
  `concepts.INVENTORY`, at the start of class and at the end, each student in a form of their
  own; its results are `concepts.results` (scores, ⟨g⟩, the gain per concept).
- **Rules the database keeps**, so they hold whichever process serves whom: one answer per
  student per question (a unique constraint; a new answer replaces the old one), and an answer
  is written only while its question is the room's current one, not yet revealed, in the
  round it is sent for, before that round's time is up, in a room that is open — checked in
  the same statement that writes it. A closed or expired room accepts nothing. The teacher key,
  the projector token and the student tokens are kept as SHA-256 digests only.
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

The package, by concern: `schema` (the tables), `records` (errors and what the store hands
out), `base` (the engine, the schema made once, the purge, the checks every part makes),
`room` (rooms and joins), `rounds` (questions and rounds, the twin question), `answers` (and
the weighted learning gain), `checks` (the concept check), `lists` (saved question lists) and
`exports` (the CSV files), joined in one `Store` so callers see one object.
"""

from __future__ import annotations

from .answers import Answers
from .base import (
    _CURRENT,
    ADMIN_VARIABLE,
    DEFAULT_PATH,
    SQLITE_BUSY_SECONDS,
    URL_VARIABLE,
    _engine,
    admin_secret,
    database_url,
    default_url,
    url_from_settings,
    write_lock,
)
from .checks import Checks
from .exports import Exports
from .lists import Lists
from .records import (
    ERRORS,
    Answer,
    Check,
    CheckAnswer,
    Closed,
    NotAllowed,
    NotFound,
    Opened,
    Posed,
    Refused,
    Room,
    Student,
    round_seconds,
)
from .room import Rooms
from .rounds import Rounds
from .schema import (
    ROUND_TABLES,
    answer_table,
    check_answer_table,
    check_table,
    limit_table,
    list_table,
    metadata,
    question_table,
    room_table,
    second_table,
    student_table,
)


class Store(Rooms, Rounds, Answers, Checks, Lists, Exports):
    """The classroom's database, one object for every caller: rooms and joins (`room.Rooms`),
    questions and rounds (`rounds.Rounds`), answers (`answers.Answers`), the concept check
    (`checks.Checks`), saved lists
    (`lists.Lists`) and the CSV files (`exports.Exports`), each part in a module of its own on
    the same engine and clock (`base.Base`). One per process and URL is enough (it holds a
    connection pool); every method is one short transaction, safe from any thread."""


__all__ = [
    "ADMIN_VARIABLE",
    "DEFAULT_PATH",
    "ERRORS",
    "ROUND_TABLES",
    "SQLITE_BUSY_SECONDS",
    "URL_VARIABLE",
    "_CURRENT",
    "Answer",
    "Check",
    "CheckAnswer",
    "Closed",
    "NotAllowed",
    "NotFound",
    "Opened",
    "Posed",
    "Refused",
    "Room",
    "Store",
    "Student",
    "_engine",
    "admin_secret",
    "answer_table",
    "check_answer_table",
    "check_table",
    "database_url",
    "default_url",
    "limit_table",
    "list_table",
    "metadata",
    "question_table",
    "room_table",
    "round_seconds",
    "second_table",
    "student_table",
    "url_from_settings",
    "write_lock",
]
