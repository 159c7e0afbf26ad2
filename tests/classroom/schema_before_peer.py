"""The classroom's tables as the version before peer instruction made them, kept as they were
(a frozen copy, not imported from the store): the migration test builds a database with them,
fills it as that version did, then opens it with today's store."""

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
)

NAME_LIMIT = 30
ANSWER_LIMIT = 40

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
)
student_table = Table(
    "classroom_students",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("room", String(16), ForeignKey(room_table.c.code, ondelete="CASCADE"), nullable=False),
    Column("token_digest", String(64), nullable=False),
    Column("name", String(NAME_LIMIT)),
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
    UniqueConstraint("room", "number", name="classroom_question_number"),
)
answer_table = Table(
    "classroom_answers",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column(
        "question",
        Integer,
        ForeignKey(question_table.c.id, ondelete="CASCADE"),
        nullable=False,
    ),
    Column("student", Integer, ForeignKey(student_table.c.id, ondelete="CASCADE"), nullable=False),
    Column("answer", String(ANSWER_LIMIT), nullable=False),
    Column("value", Float),
    Column("answered", Float, nullable=False),
    UniqueConstraint("question", "student", name="classroom_one_answer"),
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
