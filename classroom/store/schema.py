"""The classroom's tables (SQLAlchemy Core): rooms, students, questions, the answers of each round,
the saved question lists and the limits' counters. Every column added after the first version is
nullable, NULL meaning what the older version did (`migrate` adds what an older database lacks)."""

from __future__ import annotations

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
    inspect,
    text,
)
from sqlalchemy.engine import Engine
from sqlalchemy.exc import OperationalError, ProgrammingError

from .. import peer, rooms

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
    # Added for the audience screen and the concept check; NULL is what an older room did.
    Column("projector_digest", String(64)),  # the projector link's token (`rooms.projector_token`)
    Column("checking", String(8)),  # the phase of the concept check open now ("pre", "post")
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
    Column("twin_of", Integer),  # the number of the question this is the isomorphic twin of
    # Added for the teacher's steps of the reveal; NULL: the audience screen counts its steps
    # from the reveal, as before (`classroom.reveal`).
    Column("steps_from", Float),  # when the teacher last chose the step the screen shows
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
    # The digest of the teacher key that saved it: only that key (or the server's administrator
    # secret) replaces or deletes it. NULL: saved before lists had owners (the secret only).
    Column("owner", String(64)),
)
# The concept check: one per room and phase ("pre" at the start of class, "post" at the end),
# its concepts and both forms of each (`concepts_json`), open until `closed`.
check_table = Table(
    "classroom_checks",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("room", String(16), ForeignKey(room_table.c.code, ondelete="CASCADE"), nullable=False),
    Column("phase", String(8), nullable=False),
    Column("concepts", Text, nullable=False),
    Column("opened", Float, nullable=False),
    Column("closed", Float),
    UniqueConstraint("room", "phase", name="classroom_one_check"),
)
# A student's answer to one concept of a check (the form they were dealt, `concepts.form_for`).
check_answer_table = Table(
    "classroom_check_answers",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("check_id", Integer, ForeignKey(check_table.c.id, ondelete="CASCADE"), nullable=False),
    Column("student", Integer, ForeignKey(student_table.c.id, ondelete="CASCADE"), nullable=False),
    Column("concept", String(40), nullable=False),
    Column("form", Integer, nullable=False),
    Column("answer", String(rooms.ANSWER_LIMIT), nullable=False),
    Column("answered", Float, nullable=False),
    UniqueConstraint("check_id", "student", "concept", name="classroom_one_check_answer"),
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


def migrate(engine: Engine) -> None:
    """Add the columns a database made by an older version lacks. Every column added since
    the first version is nullable, and NULL means what the older version did (joining
    open, nobody removed), so its rooms carry on as they were."""
    present = inspect(engine)
    for table in metadata.sorted_tables:
        have = {c["name"] for c in present.get_columns(table.name)}
        for column in table.columns:
            if column.name in have:
                continue
            kind = column.type.compile(dialect=engine.dialect)
            try:
                with engine.begin() as db:
                    db.execute(text(f'ALTER TABLE {table.name} ADD COLUMN "{column.name}" {kind}'))
            except (OperationalError, ProgrammingError):
                # Another process added it first.
                pass
