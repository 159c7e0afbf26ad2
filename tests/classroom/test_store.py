"""The classroom's database, the same suite on SQLite and on a real PostgreSQL server: rooms and
keys, joining, one answer per student per question (changeable until the reveal), closed and
expired rooms, deleting, the CSV, a restart, two processes sharing one database, and a class
answering at once."""

from __future__ import annotations

import csv
import io
import threading

import pytest
from sqlalchemy import insert, text
from sqlalchemy.exc import IntegrityError

from classroom import questions as q
from classroom import rooms
from classroom import store as storage
from classroom.store import Closed, NotAllowed, NotFound, Refused, Store

SWAP = q.swap_question([3, 2, 1, 0])  # right: option 0
ESTIMATE = q.estimate_question([1, 0, 1, 1, 0], 3)  # 0.7039


@pytest.fixture
def room(store):
    return store.open_room()


# --- Rooms and keys -------------------------------------------------------------------------------


def test_a_new_room_is_open_for_twelve_hours(store, clock, room):
    found = store.find(room.code)
    assert found.opened == clock.now
    assert found.expires == clock.now + 12 * 3600
    assert found.status(clock.now) == "open"
    assert found.current is None and found.pushed is None
    assert len(room.code) == 8 and len(room.key) == 32


def test_only_the_digest_of_the_key_is_stored(store, room):
    with store.engine.connect() as db:
        row = db.execute(storage.room_table.select()).first()
    assert row.key_digest == rooms.digest(room.key) and room.key not in row


def test_the_teacher_key_is_checked(store, room):
    assert store.is_teacher(room.code, room.key)
    assert not store.is_teacher(room.code, rooms.new_key())
    assert not store.is_teacher("ABCDEFGH", room.key)
    with pytest.raises(NotAllowed, match="not the one of class"):
        store.pose(room.code, rooms.new_key(), SWAP)
    with pytest.raises(NotAllowed):
        store.close(room.code, "x" * 32)
    with pytest.raises(NotAllowed):
        store.delete(room.code, "x" * 32)
    with pytest.raises(NotAllowed):
        store.export_csv(room.code, "x" * 32)
    with pytest.raises(NotAllowed):
        store.push(room.code, "x" * 32, {"rels": "3,2"})


def test_a_teacher_link_is_let_in_only_with_its_own_rooms_key(store, room):
    # What the page's router asks before it shows the teacher's screen.
    assert store.teacher(room.code, f"  {room.key} ") == room.key
    other = store.open_room()
    with pytest.raises(NotAllowed, match=f"not the one of class {rooms.format_code(room.code)}"):
        store.teacher(room.code, other.key)
    with pytest.raises(NotAllowed):
        store.teacher(room.code, rooms.new_key())
    for made_up in ("", "<script>", "x" * 500, None, 42):
        with pytest.raises(ValueError, match="`key`") as refused:
            store.teacher(room.code, made_up)
        assert not isinstance(refused.value, NotAllowed)  # not a key at all: said as such


def test_an_unknown_code_is_not_found(store):
    with pytest.raises(NotFound, match="No class has the code ABCD-EFGH"):
        store.find("ABCDEFGH")
    with pytest.raises(NotFound):
        store.join("ABCDEFGH", "Ana")
    assert store.signature("ABCDEFGH") is None


# --- Students -------------------------------------------------------------------------------------


def test_students_join_with_a_name_or_without(store, room):
    ana = store.join(room.code, "  Ana  ")
    anonymous = store.join(room.code, "")
    assert ana != anonymous
    assert [s.name for s in store.students(room.code)] == ["Ana", None]
    assert store.student(room.code, ana).name == "Ana"
    assert store.student(room.code, rooms.new_token()) is None
    assert store.head_count(room.code) == 2
    with pytest.raises(ValueError, match="at most 30"):
        store.join(room.code, "x" * 31)
    assert store.head_count(room.code) == 2


# --- Questions and answers ------------------------------------------------------------------------------


def test_an_answer_can_change_until_the_reveal(store, room):
    ana = store.join(room.code, "Ana")
    number = store.pose(room.code, room.key, SWAP)
    assert number == 1 and store.find(room.code).current == 1
    store.answer(room.code, ana, 1, q.accept(SWAP, 2))
    store.answer(room.code, ana, 1, q.accept(SWAP, 0))
    assert [(a.name, a.answer) for a in store.answers(room.code, 1)] == [("Ana", "0")]
    assert store.count(room.code, 1) == 1
    assert store.my_answer(room.code, ana, 1).answer == "0"
    store.reveal(room.code, room.key, 1)
    assert store.question(room.code, 1).revealed is not None
    with pytest.raises(Closed, match="Too late: your teacher has revealed"):
        store.answer(room.code, ana, 1, q.accept(SWAP, 1))
    assert store.my_answer(room.code, ana, 1).answer == "0"


def test_the_database_keeps_one_answer_per_student_per_question(store, room):
    ana = store.join(room.code, "Ana")
    store.pose(room.code, room.key, ESTIMATE)
    store.answer(room.code, ana, 1, q.accept(ESTIMATE, "0.7"))
    with store.engine.connect() as db:
        posed_id = db.execute(storage.question_table.select()).first().id
    student_id = store.student(room.code, ana).id
    with pytest.raises(IntegrityError), store.engine.begin() as db:
        db.execute(
            insert(storage.answer_table).values(
                question=posed_id, student=student_id, answer="0.1", value=0.1, answered=0.0
            )
        )
    assert store.count(room.code, 1) == 1


def test_numbers_are_kept_as_typed_and_as_read(store, room):
    ana = store.join(room.code, "Ana")
    store.pose(room.code, room.key, ESTIMATE)
    store.answer(room.code, ana, 1, q.accept(ESTIMATE, "70%"))
    (answer,) = store.answers(room.code, 1)
    assert (answer.answer, answer.value) == ("70%", 0.7)


def test_moving_on_closes_the_last_question(store, room):
    ana = store.join(room.code, "Ana")
    store.pose(room.code, room.key, SWAP)
    assert store.pose(room.code, room.key, ESTIMATE) == 2
    with pytest.raises(Closed, match="moved on"):
        store.answer(room.code, ana, 1, q.accept(SWAP, 0))
    store.answer(room.code, ana, 2, q.accept(ESTIMATE, "0.7"))
    assert [p.number for p in store.questions(room.code)] == [1, 2]
    assert store.questions(room.code)[0].question == SWAP


def test_an_unknown_student_cannot_answer(store, room):
    store.pose(room.code, room.key, SWAP)
    with pytest.raises(NotFound, match="not from this class"):
        store.answer(room.code, rooms.new_token(), 1, q.accept(SWAP, 0))
    # A student of another room neither.
    other = store.open_room()
    stranger = store.join(other.code, "Eve")
    with pytest.raises(NotFound):
        store.answer(room.code, stranger, 1, q.accept(SWAP, 0))
    assert store.count(room.code, 1) == 0


def test_a_closed_room_accepts_nothing(store, room):
    ana = store.join(room.code, "Ana")
    store.pose(room.code, room.key, SWAP)
    store.close(room.code, room.key)
    assert store.find(room.code).status(store.clock()) == "closed"
    for attempt in (
        lambda: store.join(room.code, "Ben"),
        lambda: store.answer(room.code, ana, 1, q.accept(SWAP, 0)),
        lambda: store.pose(room.code, room.key, ESTIMATE),
        lambda: store.push(room.code, room.key, {"rels": "3,2"}),
    ):
        with pytest.raises(Closed, match="was closed by its teacher"):
            attempt()
    assert store.count(room.code, 1) == 0 and store.head_count(room.code) == 1
    # The teacher can still take the results home.
    assert "Swap positions 1 and 2" in store.export_csv(room.code, room.key)


def test_a_room_closes_by_itself(store, clock):
    room = store.open_room(hours=1)
    ana = store.join(room.code, "Ana")
    store.pose(room.code, room.key, SWAP)
    clock.advance(3599)
    store.answer(room.code, ana, 1, q.accept(SWAP, 1))
    clock.advance(1)
    assert store.find(room.code).status(clock.now) == "expired"
    with pytest.raises(Closed, match="closed by itself"):
        store.answer(room.code, ana, 1, q.accept(SWAP, 0))
    with pytest.raises(Closed, match="closed by itself"):
        store.join(room.code, "Ben")
    assert store.my_answer(room.code, ana, 1).answer == "1"
    assert store.signature(room.code)[6] == "expired"  # (…, state, the check open)


def test_the_screens_signature_moves_with_every_change(store, clock, room):
    seen = [store.signature(room.code)]
    store.pose(room.code, room.key, SWAP)
    seen.append(store.signature(room.code))
    store.reveal(room.code, room.key, 1)
    seen.append(store.signature(room.code))
    clock.advance(1)
    store.push(room.code, room.key, {"rels": "3,2,3"})
    seen.append(store.signature(room.code))
    assert store.find(room.code).pushed == {"rels": "3,2,3"}
    clock.advance(1)
    store.push(room.code, room.key, None)
    seen.append(store.signature(room.code))
    assert store.find(room.code).pushed is None
    store.close(room.code, room.key)
    seen.append(store.signature(room.code))
    assert len(set(seen)) == len(seen)
    # Answers do not move it: a student's screen is not redrawn for every classmate's answer.
    assert store.signature(room.code) == seen[-1]


# --- After class ----------------------------------------------------------------------------------


def test_the_csv_holds_questions_and_answer_counts_and_no_names(store, room):
    tokens = [store.join(room.code, name) for name in ("Ana", "Ben", "Cleo")]
    store.pose(room.code, room.key, SWAP)
    for token, pick in zip(tokens, (0, 0, 2)):
        store.answer(room.code, token, 1, q.accept(SWAP, pick))
    store.reveal(room.code, room.key, 1)
    store.pose(room.code, room.key, ESTIMATE)
    for token, typed in zip(tokens, ("0.7", "70%", "0.62")):
        store.answer(room.code, token, 2, q.accept(ESTIMATE, typed))
    text = store.export_csv(room.code, room.key)
    rows = list(csv.DictReader(io.StringIO(text)))
    assert [(r["question"], r["answer"], r["count"], r["right"]) for r in rows] == [
        ("1", "Swap positions 1 and 2 (relevance 3 ↔ 2)", "2", "yes"),
        ("1", "Swap positions 2 and 3 (relevance 2 ↔ 1)", "0", "no"),
        ("1", "Swap positions 3 and 4 (relevance 1 ↔ 0)", "1", "no"),
        ("2", "0.62", "1", "no"),
        ("2", "0.7", "2", "yes"),
    ]
    assert rows[0]["room"] == rooms.format_code(room.code)
    assert rows[0]["revealed_utc"] and not rows[3]["revealed_utc"]
    assert rows[3]["asked"] == "Estimate the score (List: 1, 0, 1, 1, 0 · k = 3)"
    assert "Ana" not in text and "Ben" not in text


def test_deleting_a_room_deletes_everything_in_it(store, room):
    other = store.open_room()
    for code, key in ((room.code, room.key), (other.code, other.key)):
        token = store.join(code, "Ana")
        store.pose(code, key, SWAP)
        store.answer(code, token, 1, q.accept(SWAP, 0))
    store.delete(room.code, room.key)
    assert store.room(room.code) is None
    with store.engine.connect() as db:
        for table in (
            storage.room_table,
            storage.student_table,
            storage.question_table,
            storage.answer_table,
        ):
            assert len(db.execute(table.select()).all()) == 1, table.name
    assert store.count(other.code, 1) == 1


# --- Limits on joining, removing, forgetting -------------------------------------------------------


def test_a_browser_that_joins_again_gets_its_own_student_back(store, room):
    token = store.join(room.code, "Ana")
    assert store.join(room.code, None, token=token) == token
    assert store.join(room.code, "Ana B.", token=token) == token  # a new name is kept
    assert store.head_count(room.code) == 1
    assert store.student(room.code, token).name == "Ana B."
    # A cookie that is not one of this room's tokens (another room's, a forged one) joins anew.
    other = store.join(store.open_room().code)
    for stale in (other, "x" * 200, "<b>"):
        assert store.join(room.code, token=stale) not in (token, stale)
    assert store.head_count(room.code) == 4


def test_a_locked_room_takes_no_new_students_until_it_is_opened_again(store, room):
    ana = store.join(room.code, "Ana")
    store.lock(room.code, room.key)
    assert store.find(room.code).locked is not None
    with pytest.raises(Refused, match="locked joining class"):
        store.join(room.code, "Ben")
    assert store.join(room.code, token=ana) == ana  # who is in stays in
    with pytest.raises(NotAllowed):
        store.lock(room.code, rooms.new_key(), False)
    store.lock(room.code, room.key, False)
    store.join(room.code, "Ben")
    assert store.head_count(room.code) == 2


def test_a_room_holds_at_most_its_cap(store, room, monkeypatch):
    monkeypatch.setattr(rooms, "ROOM_CAP", 3)
    first = [store.join(room.code) for _ in range(3)]
    with pytest.raises(Refused, match="is full: it has 3 students"):
        store.join(room.code, "Dan")
    store.remove(room.code, room.key, store.student(room.code, first[0]).id)
    store.join(room.code, "Dan")  # a removed student frees a place
    assert store.head_count(room.code) == 3


def test_joins_per_minute_are_limited_across_processes(database, clock, store, room, monkeypatch):
    monkeypatch.setattr(rooms, "JOINS_PER_MINUTE", 4)
    other = Store(database, clock=clock)  # a second app process on the same database
    for n in range(4):
        (store if n % 2 else other).join(room.code)
    clock.advance(20)
    for process in (store, other):
        with pytest.raises(Refused, match=r"joining class .* right now: wait 40 s") as refused:
            process.join(room.code, "Eve")
        assert refused.value.wait == 40
    assert store.head_count(room.code) == 4  # refused joins took no place
    other.join(store.open_room().code)  # another room has its own minute
    clock.advance(40)
    other.join(room.code, "Eve")
    assert store.head_count(room.code) == 5
    other.dispose()


def test_a_removed_student_leaves_every_count_and_cannot_come_back(store, room):
    ana, ben = store.join(room.code, "Ana"), store.join(room.code, "Ben")
    store.pose(room.code, room.key, SWAP)
    store.answer(room.code, ana, 1, q.accept(SWAP, 0))
    store.answer(room.code, ben, 1, q.accept(SWAP, 1))
    with pytest.raises(NotAllowed):
        store.remove(room.code, rooms.new_key(), store.student(room.code, ben).id)
    store.remove(room.code, room.key, store.student(room.code, ben).id)
    assert store.count(room.code, 1) == 1 and store.head_count(room.code) == 1
    assert [a.name for a in store.answers(room.code, 1)] == ["Ana"]
    assert [s.name for s in store.students(room.code)] == ["Ana"]
    assert store.student(room.code, ben) is None and store.was_removed(room.code, ben)
    with pytest.raises(Refused, match="removed you"):
        store.answer(room.code, ben, 1, q.accept(SWAP, 1))
    with pytest.raises(Refused, match="removed you from class"):
        store.join(room.code, "Ben", token=ben)
    with store.engine.connect() as db:  # their name is gone from the database
        names = db.execute(storage.student_table.select()).all()
    assert sorted(str(r.name) for r in names) == ["Ana", "None"]


def test_wrong_codes_make_a_browser_wait_in_every_process(database, clock, store):
    other = Store(database, clock=clock)
    here, phone = "203.0.113.7", "tab-1"
    for n in range(rooms.MAX_FAILURES - 1):
        assert (store if n % 2 else other).wrong_code(here, phone) == 0
    assert store.wrong_code(here, phone) == rooms.LOCKOUT
    clock.advance(15)
    assert other.code_wait(here, phone) == rooms.LOCKOUT - 15
    # The school's other browsers are not held up, nor another address.
    assert other.code_wait(here, "tab-2") == 0 and other.code_wait(here) == 0
    assert other.code_wait("198.51.100.1", phone) == 0
    clock.advance(rooms.LOCKOUT)
    assert store.code_wait(here, phone) == 0
    other.dispose()


def test_an_address_waits_only_after_a_lecture_hall_of_wrong_codes(clock, store, monkeypatch):
    monkeypatch.setattr(rooms, "ADDRESS_FAILURES", 30)
    here = "203.0.113.9"
    for n in range(29):  # 29 browsers behind one router, one typo each
        assert store.wrong_code(here, f"tab-{n}") == 0
    assert store.wrong_code(here, "tab-29") == rooms.LOCKOUT
    assert store.code_wait(here, "a-new-tab") == rooms.LOCKOUT
    assert store.code_wait("198.51.100.1", "tab-0") == 0


def test_a_closed_room_is_purged_after_its_retention_time(database, clock, store, room):
    kept = store.open_room()
    token = store.join(room.code, "Ana")
    store.pose(room.code, room.key, SWAP)
    store.answer(room.code, token, 1, q.accept(SWAP, 0))
    store.close(room.code, room.key)
    clock.advance(rooms.RETENTION_DAYS * 86400 - 60)
    assert store.purge() == 0 and store.room(room.code) is not None
    clock.advance(120)
    assert store.purge() == 1
    assert store.room(room.code) is None and store.room(kept.code) is not None
    # An expired room goes the same way, counted from its end; opening a room purges.
    clock.advance((rooms.DEFAULT_HOURS + 24 * rooms.RETENTION_DAYS) * 3600)
    store.open_room()
    assert store.room(kept.code) is None
    with store.engine.connect() as db:
        for table in (storage.student_table, storage.question_table, storage.answer_table):
            assert db.execute(table.select()).all() == [], table.name


def test_deleted_names_leave_the_sqlite_file(tmp_path, clock):
    path = tmp_path / "classroom.sqlite3"
    store = Store(f"sqlite:///{path}", clock=clock)
    room = store.open_room()
    kept = store.open_room()
    store.join(kept.code, "Keepme Kept")
    for n in range(40):
        store.join(room.code, f"Zyxwv Secret{n}")
    store.pose(room.code, room.key, SWAP)
    reader = Store(f"sqlite:///{path}", clock=clock)  # another process, idle
    assert reader.head_count(room.code) == 40
    with store.engine.connect() as db:  # the names in the file itself, as after a long class
        db.exec_driver_sql("PRAGMA wal_checkpoint(TRUNCATE)")
    assert b"Zyxwv" in path.read_bytes()
    store.delete(room.code, room.key)

    def on_disk() -> bytes:
        return b"".join(
            p.read_bytes() for p in tmp_path.iterdir() if p.name.startswith("classroom.sqlite3")
        )

    assert b"Zyxwv" not in on_disk()
    assert b"Keepme Kept" in on_disk()  # the file still holds what was not deleted
    # The same after a purge.
    store.close(kept.code, kept.key)
    clock.advance(rooms.RETENTION_DAYS * 86400 + 1)
    store.purge()
    assert b"Keepme" not in on_disk()
    reader.dispose()
    store.dispose()


def test_a_database_made_by_the_previous_version_gains_the_new_columns(database, clock):
    """The previous version's tables (no `locked`, no `removed`, no limits): its room keeps
    its student and answer, and the new rules apply to it."""
    engine = storage._engine(database)
    storage.metadata.create_all(engine)
    with engine.begin() as db:  # back to the previous version's schema
        db.execute(text("ALTER TABLE classroom_rooms DROP COLUMN locked"))
        db.execute(text("ALTER TABLE classroom_students DROP COLUMN removed"))
        db.execute(text("DROP TABLE classroom_limits"))
        db.execute(
            text(
                "INSERT INTO classroom_rooms (code, key_digest, opened, expires) "
                "VALUES ('ABCDEFGH', :key, :now, :later)"
            ),
            {"key": rooms.digest("k" * 32), "now": clock.now, "later": clock.now + 3600},
        )
        db.execute(
            text(
                "INSERT INTO classroom_students (room, token_digest, name, joined) "
                "VALUES ('ABCDEFGH', :token, 'Ana', :now)"
            ),
            {"token": rooms.digest("t" * 22), "now": clock.now},
        )
    engine.dispose()
    storage._CURRENT.discard(database)  # as a process started after the upgrade
    store = Store(database, clock=clock)
    assert store.student("ABCDEFGH", "t" * 22).name == "Ana"
    assert store.find("ABCDEFGH").locked is None
    store.pose("ABCDEFGH", "k" * 32, SWAP)
    store.answer("ABCDEFGH", "t" * 22, 1, q.accept(SWAP, 0))
    store.lock("ABCDEFGH", "k" * 32)
    with pytest.raises(Refused):
        store.join("ABCDEFGH", "Ben")
    store.remove("ABCDEFGH", "k" * 32, store.student("ABCDEFGH", "t" * 22).id)
    assert store.count("ABCDEFGH", 1) == 0
    Store(database, clock=clock).dispose()  # a second start finds nothing to add
    store.dispose()


def test_a_reveal_records_when_it_took_effect(database, clock, store, room):
    """A reveal that waited behind another write is stamped when it got through, so no
    answer accepted before it carries a later time."""
    store.pose(room.code, room.key, SWAP)
    holder = Store(database, clock=clock)
    waiting = threading.Event()
    with holder.engine.begin() as db:
        storage.write_lock(db, room.code)  # another writer holds the lock
        revealing = threading.Thread(
            target=lambda: (waiting.set(), store.reveal(room.code, room.key, 1))
        )
        revealing.start()
        waiting.wait(5)
        revealing.join(0.3)  # it cannot finish while the lock is held
        clock.advance(7)
    revealing.join(30)
    assert store.question(room.code, 1).revealed == clock.now
    holder.dispose()


# --- Nothing lost, whichever process --------------------------------------------------------------


def test_a_restart_keeps_rooms_students_and_answers(database, clock, store, room):
    ana = store.join(room.code, "Ana")
    store.pose(room.code, room.key, SWAP)
    store.answer(room.code, ana, 1, q.accept(SWAP, 2))
    store.dispose()
    again = Store(database, clock=clock)  # a new process: a new engine, the schema found
    assert again.is_teacher(room.code, room.key)
    assert again.student(room.code, ana).name == "Ana"
    assert again.my_answer(room.code, ana, 1).answer == "2"
    again.answer(room.code, ana, 1, q.accept(SWAP, 0))
    assert again.my_answer(room.code, ana, 1).answer == "0"
    again.dispose()


def test_two_processes_share_one_room(database, clock, store, room):
    other = Store(database, clock=clock)
    ana = other.join(room.code, "Ana")
    store.pose(room.code, room.key, SWAP)
    assert other.signature(room.code)[0] == 1
    other.answer(room.code, ana, 1, q.accept(SWAP, 0))
    assert store.count(room.code, 1) == 1
    other.dispose()


def test_a_class_answering_at_once_is_counted_exactly(database, clock, store, room):
    tokens = [store.join(room.code, f"S{i}") for i in range(24)]
    store.pose(room.code, room.key, ESTIMATE)
    second = Store(database, clock=clock)  # half the class on another process
    errors = []

    def student(i, token):
        try:
            target = store if i % 2 else second
            for typed in ("0.5", "0.7"):
                target.answer(room.code, token, 1, q.accept(ESTIMATE, typed))
        except Exception as error:  # pragma: no cover - reported below
            errors.append(error)

    threads = [threading.Thread(target=student, args=pair) for pair in enumerate(tokens)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert errors == []
    assert store.count(room.code, 1) == 24
    assert {a.answer for a in store.answers(room.code, 1)} == {"0.7"}
    second.dispose()


# --- Where the database is ------------------------------------------------------------------------


def test_the_url_comes_from_the_environment_then_the_secrets_then_the_file(monkeypatch):
    secrets = {"connections": {"sql": {"url": "postgresql://u:p@db.example/ndcg"}}}
    monkeypatch.delenv(storage.URL_VARIABLE, raising=False)
    assert storage.database_url() == f"sqlite:///{storage.DEFAULT_PATH}"
    assert storage.database_url({}) == f"sqlite:///{storage.DEFAULT_PATH}"
    assert storage.database_url(secrets) == "postgresql://u:p@db.example/ndcg"
    monkeypatch.setenv(storage.URL_VARIABLE, "sqlite:////tmp/elsewhere.sqlite3")
    assert storage.database_url(secrets) == "sqlite:////tmp/elsewhere.sqlite3"
    assert str(storage.DEFAULT_PATH).endswith("var/classroom.sqlite3")


def test_a_connection_given_in_parts_becomes_a_url():
    parts = {
        "dialect": "postgresql",
        "driver": "psycopg",
        "username": "teacher",
        "password": "s3cret",
        "host": "db.example",
        "port": 5433,
        "database": "ndcg",
    }
    assert (
        storage.url_from_settings(parts)
        == "postgresql+psycopg://teacher:s3cret@db.example:5433/ndcg"
    )
    assert storage.url_from_settings({}) is None
    assert storage.url_from_settings(None) is None


def test_a_plain_postgresql_url_uses_psycopg_3():
    engine = storage._engine("postgresql://u@127.0.0.1:1/none")  # no connection is made
    assert engine.url.drivername == "postgresql+psycopg"
    engine.dispose()


def test_sqlite_in_memory_is_refused():
    with pytest.raises(ValueError, match="must be a file"):
        Store("sqlite://")


def test_sqlite_runs_in_wal_mode(tmp_path):
    made = Store(f"sqlite:///{tmp_path / 'deep' / 'folder' / 'c.sqlite3'}")
    with made.engine.connect() as db:
        assert db.exec_driver_sql("PRAGMA journal_mode").scalar() == "wal"
    made.dispose()
