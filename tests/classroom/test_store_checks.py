"""The concept check, the twin question and the projector link in the classroom's database, on
SQLite and on a real PostgreSQL server: a class's check at the start and the end with ⟨g⟩, each
student in the form dealt to them, refusals, the twin of a revealed question with its weighted
learning gain, and the CSV files."""

from __future__ import annotations

import csv
import io
import threading

import pytest

from classroom import concepts, rooms
from classroom import questions as q
from classroom.store import Closed, NotAllowed, NotFound, Refused, Store

SIX = concepts.DEFAULT[:6]
COMPARE = q.compare_question([3, 2, 0, 1], [2, 3, 0, 1])  # right: A (option 0)


@pytest.fixture
def room(store):
    return store.open_room()


def _answers(store, room, token, phase, right: set[str]):
    """A student's whole check: right on the concepts in `right`, wrong on the others."""
    check = store.checks(room.code)[phase]
    me = store.student(room.code, token)
    given = {}
    for key in check.concepts:
        question = check.question(key, concepts.form_for(me.id, phase))
        if question.is_numeric:
            given[key] = q.accept(
                question, f"{question.exercise.target:.3f}" if key in right else "0.01"
            )
        else:
            wrong = next(i for i in range(len(question.options)) if i != question.right)
            given[key] = q.accept(question, question.right if key in right else wrong)
    return store.answer_check(room.code, token, phase, given)


def test_a_check_at_the_start_and_the_end_gives_the_class_gain(store, room, clock):
    ana, ben, cy, dee = (store.join(room.code, n) for n in ("Ana", "Ben", "Cy", "Dee"))
    check = store.open_check(room.code, room.key, "pre", SIX)
    assert check.concepts == SIX and store.find(room.code).checking == "pre"
    assert store.signature(room.code)[-1] == "pre"  # every screen redraws
    # Ana 2 of 6, Ben 3 of 6, Cy 4 of 6 right; Dee does not take the first check.
    for token, right in ((ana, SIX[:2]), (ben, SIX[:3]), (cy, SIX[:4])):
        assert _answers(store, room, token, "pre", set(right)) == 6
    _answers(store, room, ana, "pre", set(SIX[:2]))  # sent again: replaced, not added
    assert store.check_count(room.code, "pre") == 3
    assert set(store.my_check(room.code, ben, "pre")) == set(SIX)
    store.close_check(room.code, room.key, "pre")
    with pytest.raises(Closed, match="concept check is closed"):
        _answers(store, room, dee, "pre", set())
    clock.advance(3000)
    store.open_check(room.code, room.key, "post", ["ignored, the first check's are asked"])
    # Ana 5 of 6, Ben 6 of 6, Dee 6 of 6; Cy does not take it.
    for token, right in ((ana, SIX[:5]), (ben, SIX), (dee, SIX)):
        _answers(store, room, token, "post", set(right))
    store.close_check(room.code, room.key, "post")
    found = store.check_results(room.code)
    # Matched: Ana and Ben. ⟨pre⟩ = (2 + 3) / 12 = 5/12, ⟨post⟩ = (5 + 6) / 12 = 11/12,
    # ⟨g⟩ = (11/12 − 5/12) / (1 − 5/12) = 6/7.
    assert (found.gain.matched, found.gain.pre_only, found.gain.post_only) == (2, 1, 1)
    assert found.gain.pre == pytest.approx(5 / 12) and found.gain.post == pytest.approx(11 / 12)
    assert found.gain.g == pytest.approx(6 / 7)
    by_key = {c.concept: c for c in found.per_concept}
    assert (by_key[SIX[0]].pre, by_key[SIX[0]].post, by_key[SIX[0]].g) == (1.0, 1.0, None)
    assert by_key[SIX[3]].pre == 0 and by_key[SIX[3]].g == 1.0  # nobody, then both
    rows = list(csv.DictReader(io.StringIO(store.export_check_csv(room.code, room.key))))
    whole = rows[0]
    assert whole["row"] == "class" and whole["students"] == "2"
    assert float(whole["gain"]) == pytest.approx(6 / 7, abs=1e-3)
    assert "Hake" in whole["note"] and "1 took the first only" in whole["note"]
    assert [r["concept"] for r in rows if r["row"] == "concept"] == [
        concepts.BY_KEY[k].name for k in SIX
    ]
    students = [r for r in rows if r["row"] == "student"]
    assert [(r["students"], r["pre"], r["post"]) for r in students] == [
        ("1", "0.333", "0.833"),
        ("2", "0.5", "1.0"),
        ("3", "0.667", ""),
        ("4", "", "1.0"),
    ]


def test_each_student_takes_the_form_dealt_to_them(store, room):
    tokens = [store.join(room.code) for _ in range(4)]
    store.open_check(room.code, room.key, "pre", SIX)
    for token in tokens:
        _answers(store, room, token, "pre", set())
    forms = {a.student: a.form for a in store.check_answers(room.code, "pre")}
    assert sorted(forms.values()) == [0, 0, 1, 1]
    assert all(form == concepts.form_for(s, "pre") for s, form in forms.items())


def test_a_check_is_refused_when_it_cannot_run(store, room):
    token = store.join(room.code)
    with pytest.raises(Closed, match="start-of-class check first"):
        store.open_check(room.code, room.key, "post")
    with pytest.raises(ValueError, match="asks 6 to 8"):
        store.open_check(room.code, room.key, "pre", SIX[:3])
    with pytest.raises(NotAllowed):
        store.open_check(room.code, rooms.new_key(), "pre", SIX)
    store.pose(room.code, room.key, COMPARE)
    with pytest.raises(Closed, match="Reveal question 1 before the concept check"):
        store.open_check(room.code, room.key, "pre", SIX)
    store.reveal(room.code, room.key, 1)
    store.open_check(room.code, room.key, "pre", SIX)
    with pytest.raises(Closed, match="close it before you pose"):
        store.pose(room.code, room.key, COMPARE)
    with pytest.raises(Closed, match="opened already"):
        store.open_check(room.code, room.key, "pre", SIX)
    with pytest.raises(ValueError, match="Not a concept of this check"):
        store.answer_check(room.code, token, "pre", {"nothing_relevant": q.Given("0")})
    with pytest.raises(NotFound):
        store.answer_check(room.code, rooms.new_token(), "pre", {})
    store.remove(room.code, room.key, store.student(room.code, token).id)
    with pytest.raises(Refused, match="removed you"):
        store.answer_check(room.code, token, "pre", {"discount": q.Given("0.5", 0.5)})
    store.close_check(room.code, room.key, "pre")
    assert store.find(room.code).checking is None
    store.close(room.code, room.key)
    with pytest.raises(Closed):
        store.open_check(room.code, room.key, "post")


def test_a_removed_student_leaves_the_check_and_a_deleted_room_leaves_nothing(store, room):
    ana, ben = store.join(room.code), store.join(room.code)
    store.open_check(room.code, room.key, "pre", SIX)
    _answers(store, room, ana, "pre", set(SIX))
    _answers(store, room, ben, "pre", set())
    store.remove(room.code, room.key, store.student(room.code, ben).id)
    assert store.check_count(room.code, "pre") == 1
    assert store.check_results(room.code).scores("pre") == {store.student(room.code, ana).id: 1.0}
    store.delete(room.code, room.key)
    assert store.checks(room.code) == {} and store.check_answers(room.code, "pre") == []


def test_two_presses_at_once_pose_one_twin(store, room):
    """The one-twin rule holds under the room's lock: two teacher tabs (or two app processes)
    pressing "Pose its twin" together pose it once; the other press is told so."""
    store.pose(room.code, room.key, COMPARE)
    store.reveal(room.code, room.key, 1)
    start = threading.Barrier(2)
    said: list[object] = []

    def press():
        start.wait()
        try:
            said.append(store.pose_twin(room.code, room.key, 1))
        except Closed as closed:
            said.append(str(closed))

    presses = [threading.Thread(target=press) for _ in range(2)]
    for thread in presses:
        thread.start()
    for thread in presses:
        thread.join()
    assert sorted(said, key=str) == [2, "Question 1's twin was posed already."]
    assert [p.number for p in store.questions(room.code)] == [1, 2]


def test_the_twin_of_a_revealed_question_and_its_weighted_learning_gain(store, room):
    tokens = [store.join(room.code) for _ in range(10)]
    store.pose(room.code, room.key, COMPARE, confidence=True, seconds=60)
    with pytest.raises(Closed, match="Reveal question 1 before its twin"):
        store.pose_twin(room.code, room.key, 1)
    # Round 1 alone: 4 right (0–3), 6 wrong (4–9).
    for n, token in enumerate(tokens):
        store.answer(room.code, token, 1, q.Given("0" if n < 4 else "1"), confidence=2)
    store.second_round(room.code, room.key, 1)
    store.reveal(room.code, room.key, 1)
    assert store.learning(room.code, 1) is None  # no twin yet
    number = store.pose_twin(room.code, room.key, 1)
    twin = store.question(room.code, number)
    assert (number, twin.twin_of, twin.confidence, twin.seconds1) == (2, 1, True, 60)
    assert twin.question == concepts.twin(COMPARE) and store.twin_of(room.code, 1) == twin
    with pytest.raises(Closed, match="answered alone, in one round"):
        store.second_round(room.code, room.key, number)
    # The twin: right is B (A and B trade places). Knew (0–3): 3 right again; learners (4–9):
    # 4 right. WLG = (4/6) / (3/4) = 8/9.
    for n, token in enumerate(tokens):
        right = n in (0, 1, 2, 4, 5, 6, 7)
        store.answer(room.code, token, number, q.Given(str(twin.question.right if right else 0)))
    learning = store.learning(room.code, 1)
    assert (learning.learners, learning.learned, learning.knew, learning.knew_right) == (6, 4, 4, 3)
    assert learning.wlg == pytest.approx(8 / 9)
    store.reveal(room.code, room.key, number)
    with pytest.raises(Closed, match="twin was posed already"):
        store.pose_twin(room.code, room.key, 1)
    with pytest.raises(Closed, match="itself a twin"):
        store.pose_twin(room.code, room.key, number)
    counts = list(csv.DictReader(io.StringIO(store.export_csv(room.code, room.key))))
    assert {r["wlg"] for r in counts if r["question"] == "1"} == {"0.889"}
    assert {r["twin_of"] for r in counts if r["question"] == "2"} == {"1"}
    every = list(csv.DictReader(io.StringIO(store.export_rounds_csv(room.code, room.key))))
    assert {r["wlg"] for r in every if r["question"] == "1"} == {"0.889"}
    assert {r["wlg"] for r in every if r["question"] == "2"} == {""}


def test_the_projector_link_opens_the_audience_screen_only(store, room, database, clock):
    token = store.projector(room.code, room.key)
    assert token == rooms.projector_token(room.key) and token != room.key
    assert store.is_projector(room.code, token)
    assert not store.is_projector(room.code, room.key)  # the teacher key is not it
    assert not store.is_projector(room.code, rooms.new_token())
    assert not store.is_teacher(room.code, token)  # nor is it a teacher key
    with pytest.raises(NotAllowed):
        store.projector(room.code, token)
    other = Store(database, clock=clock)  # another process agrees
    assert other.is_projector(room.code, token)
    other.dispose()
