"""Peer instruction in the classroom's database, on SQLite and on a real PostgreSQL server:
two rounds, confidence, the timer kept by the database, question lists, the CSV of both rounds,
a restart mid-round, and a database made by the version before peer instruction."""

from __future__ import annotations

import csv
import io

import pytest
from sqlalchemy import text

from classroom import peer, reveal, rooms
from classroom import questions as q
from classroom import store as storage
from classroom.store import Closed, NotAllowed, NotFound, Refused, Store
from tests.classroom import schema_before_peer as before

SWAP = q.swap_question([3, 2, 1, 0])  # right: option 0
ESTIMATE = q.estimate_question([1, 0, 1, 1, 0], 3)  # 0.7039


@pytest.fixture
def room(store):
    return store.open_room()


@pytest.fixture
def class_of_four(store, room):
    return [store.join(room.code, name) for name in ("Ana", "Ben", "Cy", "Dee")]


def test_round_two_takes_new_answers_and_keeps_round_ones(store, clock, room, class_of_four):
    ana, ben, cy, dee = class_of_four
    store.pose(room.code, room.key, SWAP)
    for token, picked in ((ana, 0), (ben, 1), (cy, 2), (dee, 1)):
        store.answer(room.code, token, 1, q.accept(SWAP, picked))
    with pytest.raises(Closed, match="Round 2 has not begun"):
        store.answer(room.code, ana, 1, q.accept(SWAP, 0), round=2)
    clock.advance(40)
    store.second_round(room.code, room.key, 1, "  Convince   a neighbour ")
    posed = store.question(room.code, 1)
    assert (posed.round, posed.prompt, posed.round2) == (2, "Convince a neighbour", clock.now)
    assert posed.round1_closed == clock.now
    # Round 1 is closed: in the store, not only on the screen.
    with pytest.raises(Closed, match="Round 1 is over"):
        store.answer(room.code, dee, 1, q.accept(SWAP, 0))
    for token, picked in ((ana, 1), (ben, 0), (cy, 0)):
        store.answer(room.code, token, 1, q.accept(SWAP, picked), round=2)
    # A reload finds both answers.
    assert store.my_answer(room.code, ben, 1, 1).answer == "1"
    assert store.my_answer(room.code, ben, 1, 2).answer == "0"
    assert store.my_answer(room.code, dee, 1, 2) is None
    assert (store.count(room.code, 1, 1), store.count(room.code, 1, 2)) == (4, 3)
    moved = store.shift(room.code, 1)
    assert (moved.first, moved.right1, moved.second, moved.right2) == (4, 1, 3, 2)
    assert (moved.to_right, moved.away, moved.stayed_right, moved.stayed_wrong) == (2, 1, 0, 0)
    store.reveal(room.code, room.key, 1)
    with pytest.raises(Closed, match="revealed"):
        store.answer(room.code, ana, 1, q.accept(SWAP, 0), round=2)
    with pytest.raises(Closed, match="revealed"):
        store.second_round(room.code, room.key, 1)


def test_a_one_round_question_is_revealed_straight_away(store, room, class_of_four):
    store.pose(room.code, room.key, ESTIMATE)
    store.answer(room.code, class_of_four[0], 1, q.accept(ESTIMATE, "0.7"))
    store.reveal(room.code, room.key, 1)
    assert store.question(room.code, 1).round == 1
    assert store.shift(room.code, 1).second == 0
    assert store.answers(room.code, 1, 2) == []


def test_round_two_begins_once_and_only_for_the_current_question(store, room):
    store.pose(room.code, room.key, SWAP)
    store.pose(room.code, room.key, ESTIMATE)
    with pytest.raises(Closed, match="not the one on the screens"):
        store.second_round(room.code, room.key, 1)
    store.second_round(room.code, room.key, 2)
    assert store.question(room.code, 2).prompt == peer.DEFAULT_PROMPT
    with pytest.raises(Closed, match="round 2 already"):
        store.second_round(room.code, room.key, 2)
    with pytest.raises(NotAllowed):
        store.second_round(room.code, rooms.new_key(), 2)
    store.pose(room.code, room.key, SWAP)
    with pytest.raises(ValueError, match="the most is 200"):
        store.second_round(room.code, room.key, 3, "x" * 201)


def test_confidence_is_kept_with_each_answer(store, room, class_of_four):
    ana, ben, *_ = class_of_four
    store.pose(room.code, room.key, SWAP, confidence=True)
    assert store.question(room.code, 1).confidence
    store.answer(room.code, ana, 1, q.accept(SWAP, 0), confidence=2)
    store.answer(room.code, ben, 1, q.accept(SWAP, 1), confidence="Guessing")
    assert store.my_answer(room.code, ana, 1).confidence == 2
    assert store.my_answer(room.code, ben, 1).confidence == 0
    with pytest.raises(ValueError, match="How sure"):
        store.answer(room.code, ana, 1, q.accept(SWAP, 0), confidence=7)
    given = [(a.answer, a.confidence) for a in store.answers(room.code, 1)]
    table = peer.by_confidence(SWAP, given)
    assert [(s.level, s.right, s.wrong) for s in table] == [
        ("Guessing", 0, 1),
        ("Fairly sure", 0, 0),
        ("Sure", 1, 0),
    ]


def test_the_timer_closes_answers_in_the_store(store, clock, room, class_of_four):
    ana, ben, *_ = class_of_four
    store.pose(room.code, room.key, SWAP, seconds=60)
    posed = store.question(room.code, 1)
    assert posed.closes == clock.now + 60 and posed.seconds == 60
    clock.advance(59.5)
    store.answer(room.code, ana, 1, q.accept(SWAP, 0))
    clock.advance(0.5)  # the very moment it closes
    with pytest.raises(Closed, match="Time is up"):
        store.answer(room.code, ben, 1, q.accept(SWAP, 0))
    assert store.signature(room.code)[5] is True  # screens redraw: time is up
    # Extending a round whose time is up opens it again for that long.
    store.extend(room.code, room.key, 1, 30)
    assert store.question(room.code, 1).closes == clock.now + 30
    store.answer(room.code, ben, 1, q.accept(SWAP, 1))
    store.extend(room.code, room.key, 1)  # 30 s more than it had left
    assert store.question(room.code, 1).closes == clock.now + 60
    # Closing early.
    clock.advance(5)
    store.close_answers(room.code, room.key, 1)
    assert store.question(room.code, 1).closes == clock.now
    with pytest.raises(Closed, match="Time is up"):
        store.answer(room.code, ben, 1, q.accept(SWAP, 0))
    assert store.my_answer(room.code, ben, 1).answer == "1"
    # Round 2 gets its own time; round 1 closed when its time was cut short.
    closed_at = clock.now
    clock.advance(20)
    store.second_round(room.code, room.key, 1, seconds=45)
    posed = store.question(room.code, 1)
    assert posed.round1_closed == closed_at
    assert posed.closes == clock.now + 45
    store.answer(room.code, ana, 1, q.accept(SWAP, 0), round=2)
    with pytest.raises(ValueError, match="whole number of seconds"):
        store.extend(room.code, room.key, 1, -5)
    with pytest.raises(ValueError, match="whole number of seconds"):
        store.pose(room.code, room.key, SWAP, seconds=10_000)


def test_a_round_without_a_timer_can_be_closed_and_given_one(store, clock, room):
    store.pose(room.code, room.key, SWAP)
    assert store.question(room.code, 1).closes is None
    store.extend(room.code, room.key, 1, 45)
    assert store.question(room.code, 1).closes == clock.now + 45


def test_a_restart_mid_round_loses_nothing(database, clock, store, room, class_of_four):
    ana, ben, *_ = class_of_four
    store.pose(room.code, room.key, SWAP, confidence=True, seconds=90)
    store.answer(room.code, ana, 1, q.accept(SWAP, 1), confidence=1)
    store.second_round(room.code, room.key, 1, "Talk", seconds=60)
    store.answer(room.code, ana, 1, q.accept(SWAP, 0), round=2, confidence=2)
    store.dispose()
    again = Store(database, clock=clock)  # a new process
    posed = again.question(room.code, 1)
    assert (posed.round, posed.prompt, posed.confidence, posed.closes) == (
        2,
        "Talk",
        True,
        clock.now + 60,
    )
    assert again.my_answer(room.code, ana, 1, 1).answer == "1"
    assert again.my_answer(room.code, ana, 1, 2).confidence == 2
    again.answer(room.code, ben, 1, q.accept(SWAP, 0), round=2)
    assert again.count(room.code, 1, 2) == 2
    again.dispose()


def test_removing_or_deleting_takes_both_rounds(store, room, class_of_four):
    ana, ben, *_ = class_of_four
    store.pose(room.code, room.key, SWAP)
    store.answer(room.code, ana, 1, q.accept(SWAP, 1))
    store.second_round(room.code, room.key, 1)
    store.answer(room.code, ana, 1, q.accept(SWAP, 0), round=2)
    store.answer(room.code, ben, 1, q.accept(SWAP, 0), round=2)
    store.remove(room.code, room.key, store.student(room.code, ana).id)
    assert (store.count(room.code, 1, 1), store.count(room.code, 1, 2)) == (0, 1)
    store.delete(room.code, room.key)
    with store.engine.connect() as db:
        assert db.execute(text("SELECT COUNT(*) FROM classroom_answers_round2")).scalar() == 0


def test_a_question_list_is_saved_loaded_and_posed_in_turn(store, room, class_of_four):
    items = [
        peer.Item(SWAP, confidence=True, seconds=60),
        peer.Item(ESTIMATE),
        peer.Item(q.practice_question(7, 0)),
    ]
    assert store.save_list(room.code, room.key, "  Week 3  ", items) == "Week 3"
    assert store.saved_lists() == ["Week 3"]
    later = store.open_room()  # another class, another day
    loaded = store.saved_list("Week 3")
    assert [i.question.text for i in loaded] == [i.question.text for i in items]
    store.load_plan(later.code, later.key, loaded)
    assert store.find(later.code).next_item == items[0]
    assert store.pose_next(later.code, later.key) == 1
    posed = store.question(later.code, 1)
    assert (posed.confidence, posed.seconds) == (True, 60)
    store.pose_next(later.code, later.key)
    store.pose_next(later.code, later.key)
    assert store.question(later.code, 3).question == items[2].question
    with pytest.raises(Closed, match="list is done"):
        store.pose_next(later.code, later.key)
    # Only the class that saved it replaces or deletes it; another class cannot.
    with pytest.raises(NotAllowed, match="saved from another class"):
        store.save_list(later.code, later.key, "Week 3", items[:1])
    with pytest.raises(NotAllowed, match="saved from another class"):
        store.delete_list(later.code, later.key, "Week 3")
    assert len(store.saved_list("Week 3")) == 3
    assert store.list_owned(room.key, "Week 3") and not store.list_owned(later.key, "Week 3")
    store.save_list(room.code, room.key, "Week 3", items[:1])  # its own class: replaced
    assert len(store.saved_list("Week 3")) == 1
    with pytest.raises(NotAllowed):
        store.save_list(later.code, room.key, "Mine", items)  # a key of another room
    store.delete_list(room.code, room.key, "Week 3")
    with pytest.raises(NotFound, match="Week 3"):
        store.saved_list("Week 3")


def test_the_administrator_secret_replaces_or_deletes_any_list(database, clock):
    store = Store(database, clock=clock, admin="s3cret-admin")
    one, other = store.open_room(), store.open_room()
    store.save_list(one.code, one.key, "Week 5", [peer.Item(SWAP)])
    for wrong in (None, "", "guess", 7):
        with pytest.raises(NotAllowed):
            store.delete_list(other.code, other.key, "Week 5", admin=wrong)
    store.save_list(other.code, other.key, "Week 5", [peer.Item(ESTIMATE)], admin="s3cret-admin")
    assert store.saved_list("Week 5")[0].question == ESTIMATE
    store.delete_list(other.code, other.key, "Week 5", admin="s3cret-admin")
    assert store.saved_lists() == []
    plain = Store(database, clock=clock)  # a server with no secret set: no one is an administrator
    assert not plain.is_admin("s3cret-admin") and not plain.is_admin(None)
    plain.dispose()
    store.dispose()


def test_saved_lists_are_bounded_per_class_and_per_server(store, monkeypatch):
    monkeypatch.setattr(peer, "MAX_LISTS_PER_CLASS", 2)
    monkeypatch.setattr(peer, "MAX_SAVED_LISTS", 3)
    one, two = store.open_room(), store.open_room()
    store.save_list(one.code, one.key, "a", [peer.Item(SWAP)])
    store.save_list(one.code, one.key, "b", [peer.Item(SWAP)])
    with pytest.raises(Refused, match="One class saves at most 2"):
        store.save_list(one.code, one.key, "c", [peer.Item(SWAP)])
    store.save_list(one.code, one.key, "b", [peer.Item(ESTIMATE)])  # replacing is not a new one
    store.save_list(two.code, two.key, "c", [peer.Item(SWAP)])
    with pytest.raises(Refused, match="at most 3 saved question lists"):
        store.save_list(two.code, two.key, "d", [peer.Item(SWAP)])
    store.delete_list(one.code, one.key, "a")
    store.save_list(two.code, two.key, "d", [peer.Item(SWAP)])
    assert store.saved_lists() == ["b", "c", "d"]


def test_the_projector_shows_round_one_live_only_when_asked(store, room):
    assert store.find(room.code).show_live is False
    store.show_live(room.code, room.key, True)
    assert store.find(room.code).show_live is True
    store.show_live(room.code, room.key, False)
    assert store.find(room.code).show_live is False


def test_the_csv_of_both_rounds_has_confidence_timings_and_no_names(
    store, clock, room, class_of_four
):
    ana, ben, cy, _ = class_of_four
    store.pose(room.code, room.key, SWAP, confidence=True, seconds=60)
    clock.advance(12)
    store.answer(room.code, ana, 1, q.accept(SWAP, 1), confidence=0)
    store.answer(room.code, ben, 1, q.accept(SWAP, 0), confidence=2)
    clock.advance(30)
    store.second_round(room.code, room.key, 1)
    clock.advance(7.25)
    store.answer(room.code, ana, 1, q.accept(SWAP, 0), round=2, confidence=1)
    store.answer(room.code, ben, 1, q.accept(SWAP, 2), round=2)
    store.answer(room.code, cy, 1, q.accept(SWAP, 0), round=2)
    store.reveal(room.code, room.key, 1)
    exported = store.export_rounds_csv(room.code, room.key)
    assert "Ana" not in exported and "Ben" not in exported
    rows = list(csv.DictReader(io.StringIO(exported)))
    assert [r["student"] for r in rows] == ["1", "2", "3"]
    first, second, third = rows
    assert (first["answer1"], first["right1"], first["confidence1"], first["after_s1"]) == (
        SWAP.options[1],
        "no",
        "Guessing",
        "12.0",
    )
    assert (first["answer2"], first["right2"], first["confidence2"], first["after_s2"]) == (
        SWAP.options[0],
        "yes",
        "Fairly sure",
        "7.2",
    )
    assert first["moved"] == "to the right answer"
    assert second["moved"] == "away from the right answer" and second["confidence2"] == ""
    assert third["answer1"] == "" and third["moved"] == ""
    assert (first["seconds_round1"], first["seconds_round2"]) == ("60", "") and first[
        "round2_began_utc"
    ]
    # The counts CSV has a row per option per round.
    counts = list(csv.DictReader(io.StringIO(store.export_csv(room.code, room.key))))
    assert {r["round"] for r in counts} == {"1", "2"}
    with pytest.raises(NotAllowed):
        store.export_rounds_csv(room.code, rooms.new_key())


def test_csv_cells_that_look_like_formulas_are_neutralised(store, room):
    ana = store.join(room.code, "=cmd")
    store.pose(room.code, room.key, ESTIMATE)
    store.answer(room.code, ana, 1, q.accept(ESTIMATE, "0.7"))
    exported = store.export_rounds_csv(room.code, room.key)
    assert "=cmd" not in exported
    for row in csv.DictReader(io.StringIO(exported)):
        for cell in row.values():
            assert not cell.startswith(("=", "+", "@"))


def test_a_database_made_before_peer_instruction_keeps_working(database, clock):
    """A database made by the version before peer instruction (its tables, frozen in
    schema_before_peer.py), holding a room, students, a revealed question and an open one
    with answers: today's store finds them all, and the new features work on it."""
    engine = storage._engine(database)
    before.metadata.create_all(engine)
    key, ana, ben = "k" * 32, "a" * 22, "b" * 22
    with engine.begin() as db:
        db.execute(
            before.room_table.insert().values(
                code="ABCDEFGH",
                key_digest=rooms.digest(key),
                opened=clock.now,
                expires=clock.now + 3600,
                current=2,
            )
        )
        for token, name in ((ana, "Ana"), (ben, "Ben")):
            db.execute(
                before.student_table.insert().values(
                    room="ABCDEFGH", token_digest=rooms.digest(token), name=name, joined=clock.now
                )
            )
        for number, question, revealed in ((1, SWAP, clock.now), (2, ESTIMATE, None)):
            db.execute(
                before.question_table.insert().values(
                    room="ABCDEFGH",
                    number=number,
                    spec=question.text,
                    posed=clock.now,
                    revealed=revealed,
                )
            )
        ids = dict(db.execute(text("SELECT number, id FROM classroom_questions")).all())
        students = dict(db.execute(text("SELECT name, id FROM classroom_students")).all())
        db.execute(
            before.answer_table.insert().values(
                question=ids[1], student=students["Ana"], answer="0", answered=clock.now
            )
        )
        db.execute(
            before.answer_table.insert().values(
                question=ids[2],
                student=students["Ben"],
                answer="0.6",
                value=0.6,
                answered=clock.now,
            )
        )
    engine.dispose()
    storage._CURRENT.discard(database)  # as a process started after the upgrade
    store = Store(database, clock=clock)
    room = store.find("ABCDEFGH")
    assert room.current == 2 and room.plan == () and room.show_live is False
    old, current = store.questions("ABCDEFGH")
    assert (old.round, old.confidence, old.closes, old.revealed) == (1, False, None, clock.now)
    assert store.my_answer("ABCDEFGH", ana, 1).answer == "0"
    assert store.my_answer("ABCDEFGH", ben, 2).answer == "0.6"
    assert current.taking(clock.now)
    # The open question takes answers, then a second round, on the old database.
    store.answer("ABCDEFGH", ana, 2, q.accept(ESTIMATE, "0.7"))
    store.second_round("ABCDEFGH", key, 2, seconds=30)
    store.answer("ABCDEFGH", ben, 2, q.accept(ESTIMATE, "0.7"), round=2, confidence=1)
    assert store.shift("ABCDEFGH", 2).to_right == 1
    store.reveal("ABCDEFGH", key, 2)
    assert "0.6" in store.export_rounds_csv("ABCDEFGH", key)
    store.save_list("ABCDEFGH", key, "Old room's list", [peer.Item(SWAP)])
    Store(database, clock=clock).dispose()  # a second start finds nothing to add
    store.dispose()


def test_the_teacher_chooses_the_step_of_the_reveal_and_its_time_is_kept(store, clock, room):
    """`show_step` moves where the audience screen's steps count from; the reveal keeps its
    own time (the CSV of the rounds reports it); a question not revealed is left alone."""
    store.pose(room.code, room.key, SWAP)
    store.show_step(room.code, room.key, 1, 2)
    assert store.question(room.code, 1).steps_from is None, "not revealed: nothing to step"
    store.reveal(room.code, room.key, 1)
    revealed = clock.now
    assert store.question(room.code, 1).steps_from is None  # from the reveal, as before
    clock.advance(35)
    store.show_step(room.code, room.key, 1, 2)
    posed = store.question(room.code, 1)
    assert posed.revealed == revealed
    assert posed.steps_from == clock.now - 2 * reveal.STEP_SECONDS
    assert reveal.shown(posed, 4, clock.now).at == 2
    with pytest.raises(NotAllowed):
        store.show_step(room.code, "k" * 32, 1, 0)
    store.close(room.code, room.key)
    with pytest.raises(Closed):
        store.show_step(room.code, room.key, 1, 0)
