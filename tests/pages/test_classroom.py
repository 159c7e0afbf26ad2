"""The live classroom in AppTest, teacher and students as separate sessions sharing one SQLite
file: starting a class (code, join link without the key, QR code), joining (names escaped,
wrong codes explained and slowed down), the four kinds of question to the reveal (answers
change until then; the right answer, the worked solution, the student beside the class, the
teacher's misconceptions), a list sent to every screen, a bad list or answer explained, and
after class: the CSV, closing, deleting, and a room that closes by itself."""

from __future__ import annotations

import pytest
from sqlalchemy import update

from classroom import questions, rooms
from classroom.store import URL_VARIABLE, Store, room_table
from ndcg_core.model import Scoring
from tests.pages.conftest import assert_message, board_data, open_page
from ui.text import plain

PAGE = "views/classroom.py"


@pytest.fixture
def db(tmp_path, monkeypatch):
    """A fresh database file for the page (through the environment) and for the test."""
    url = f"sqlite:///{tmp_path / 'classroom.sqlite3'}"
    monkeypatch.setenv(URL_VARIABLE, url)
    made = Store(url)
    yield made
    made.dispose()


@pytest.fixture
def room(db):
    return db.open_room()


def teacher(room):
    return open_page(PAGE, room=room.code, key=room.key)


def student(room, token):
    return open_page(PAGE, room=room.code, student=token)


def press(at, label):
    """Click the button (or form button) labelled `label`, and run."""
    (button,) = [b for b in at.button if b.label == label]
    button.click().run()
    assert not at.exception, [e.value for e in at.exception]
    return at


def texts(at) -> str:
    kinds = (
        "markdown",
        "caption",
        "info",
        "success",
        "error",
        "warning",
        "header",
        "subheader",
        "title",
    )
    return "\n".join(str(e.value) for kind in kinds for e in at.get(kind))


def metric(at, label) -> str:
    (value,) = [m.value for m in at.metric if m.label == label]
    return value


def answer(at, number, value):
    """A student answers question `number`: an option's index, or a typed number."""
    if isinstance(value, int):
        at.radio(key=f"classroom_answer_{number}").set_value(value)
    else:
        at.text_input(key=f"classroom_answer_{number}").input(value)
    label = "Change my answer" if "Change my answer" in [b.label for b in at.button] else None
    return press(at, label or "Send my answer")


# --- Starting and joining ----------------------------------------------------------------------


def test_a_teacher_starts_a_class_and_gets_a_code_a_link_and_a_qr_code(db):
    at = open_page(PAGE)
    at.select_slider(key="classroom_hours").set_value(2)
    press(at, "Start a class")
    code, key = at.query_params["room"], at.query_params["key"]
    code, key = (code[0], key[0]) if isinstance(code, list) else (code, key)
    assert db.is_teacher(code, key)
    assert db.find(code).expires - db.find(code).opened == 2 * 3600
    assert rooms.format_code(code) in at.title[0].value
    links = [c.value for c in at.code]
    assert f"/classroom?room={code}" in links  # the join link: the code only
    assert not [link for link in links if key in link and "room=" not in link]
    assert [link for link in links if link.endswith(f"room={code}&key={key}")]  # the teacher's
    assert len([link for link in links if key in link]) == 1  # not in the sidebar's "This view"
    assert at.get("image"), "the QR code"
    assert metric(at, "Joined") == "0"


def test_a_student_joins_by_code_and_their_name_is_shown_as_text(db, room):
    at = open_page(PAGE, room=room.code)
    assert at.text_input(key="classroom_code").value == rooms.format_code(room.code)
    at.text_input(key="classroom_code").input(rooms.format_code(room.code).lower())
    at.text_input(key="classroom_name").input("<b>Ann</b> *x*")
    press(at, "Join")
    token = at.query_params["student"]
    token = token[0] if isinstance(token, list) else token
    assert "key" not in at.query_params
    assert db.student(room.code, token).name == "<b>Ann</b> *x*"
    assert f"you are {plain('<b>Ann</b> *x*')}" in texts(at)
    assert "Waiting for your teacher's first question" in texts(at)
    # The teacher sees the name, as text, once names are switched on.
    screen = teacher(room)
    assert metric(screen, "Joined") == "1"
    press(screen, "Pose this question")
    screen.toggle(key="classroom_names").set_value(True).run()
    assert f"**Not yet:** {plain('<b>Ann</b> *x*')}" in texts(screen)


def test_wrong_codes_are_explained_then_slowed_down(db, room):
    at = open_page(PAGE)
    at.text_input(key="classroom_code").input("OI01-LLLL")
    press(at, "Join")
    assert "never use O, 0, I, 1 or L" in texts(at)
    for _ in range(4):
        at.text_input(key="classroom_code").input("ABCD-EFGH")
        press(at, "Join")
        assert "No class has the code ABCD-EFGH" in texts(at)
    at.text_input(key="classroom_code").input(room.code)
    press(at, "Join")
    assert "Too many wrong codes from this browser: wait" in texts(at)
    assert "student" not in at.query_params and db.head_count(room.code) == 0


def test_a_wrong_teacher_key_or_student_token_runs_nothing(db, room):
    at = open_page(PAGE, room=room.code, key=rooms.new_key())
    assert "not the one of class" in texts(at)
    assert not [b for b in at.button if b.label in ("Pose this question", "Start a class")]
    at = open_page(PAGE, room=room.code, key="<script>")
    assert "is not one this app makes" in texts(at)
    at = student(room, rooms.new_token())
    assert "This student link is not from this class" in texts(at)
    assert at.text_input(key="classroom_code").value == rooms.format_code(room.code)
    at = open_page(PAGE, room="nonsense")
    assert "'nonsense' is not a class code" in texts(at)


# --- The four kinds of question to the reveal ------------------------------------------------


def pose(screen, kind, **fields):
    screen.radio(key="classroom_ask_kind").set_value(kind).run()
    for key, value in fields.items():
        screen.text_input(key=f"classroom_{key}").input(value)
    return press(screen, "Pose this question")


CASES = {
    # kind: (fields, a wrong answer, a right answer, the slip the teacher is shown)
    "compare": (
        {"list_a": "3, 2, 0, 1", "list_b": "2, 3, 0, 1"},
        1,
        0,
        "Picked “B scores higher”",
    ),
    "estimate": ({"list_estimate": "3, 2, 3, 0, 1, 2"}, "50%", "0.96", "No common slip"),
    "costliest_swap": ({"list_swap": "3, 2, 2, 1, 0"}, 2, 0, "Picked “Swap positions 4 and 5"),
}


@pytest.mark.parametrize("kind", list(CASES))
def test_a_question_to_the_reveal(db, room, kind):
    fields, wrong, right, slip = CASES[kind]
    screen = pose(teacher(room), kind, **fields)
    question = db.question(room.code, 1).question
    assert question.kind == kind
    ann, bob = db.join(room.code, "Ann"), db.join(room.code, "Bob")
    ann_at, bob_at = student(room, ann), student(room, bob)
    assert "Question 1:" in texts(ann_at)
    answer(ann_at, 1, right)
    answer(bob_at, 1, right)
    answer(bob_at, 1, wrong)  # changed their mind: still one answer
    assert "Your answer is in" in texts(bob_at)
    screen.run()
    assert metric(screen, "Answered") == "2 of 2"
    press(screen, "Reveal the answer")
    assert metric(screen, "Right") == "1 of 2"
    assert "What the wrong answers point to" in texts(screen) and slip in texts(screen)
    ann_at.run()
    bob_at.run()
    assert ann_at.success and "1 of 2 in the class got it right" in texts(ann_at)
    assert_message(bob_at.error, "Not quite")
    assert bob_at.latex, "the worked solution"
    assert not [b for b in bob_at.button if "answer" in b.label]  # the answers are final
    with pytest.raises(ValueError, match="revealed"):
        db.answer(room.code, bob, 1, questions.accept(question, right))


def test_the_cut_off_is_offered_in_the_words_of_every_page(room):
    screen = teacher(room)
    screen.radio(key="classroom_ask_kind").set_value("estimate").run()
    screen.text_input(key="classroom_list_estimate").input("3, 2, 0, 1").run()
    cuts = screen.selectbox(key="classroom_k").options
    assert cuts == [Scoring(k=k).cut_words(4) for k in ("n", 1, 2, 3, 4)]
    assert cuts[:2] == ["k = n = 4", "k = 1"]


def test_a_practice_exercise_then_the_next_one(db, room):
    screen = teacher(room)
    # The teacher picks among the classroom's kinds of question, by their names.
    offered = screen.radio(key="classroom_ask_kind").options
    assert offered == [kind.label for kind in questions.KINDS.values()]
    screen.radio(key="classroom_ask_kind").set_value("practice").run()
    screen.number_input(key="classroom_seed").set_value(4711).run()
    press(screen, "Pose this question")
    posed = db.question(room.code, 1).question
    assert posed.spec == {
        "kind": "practice",
        "seed": 4711,
        "index": 0,
        "version": posed.spec["version"],
    }
    ann = db.join(room.code, "Ann")
    at = student(room, ann)
    answer(at, 1, 0 if not posed.is_numeric else "0.5")
    press(screen.run(), "Reveal the answer")
    (following,) = [b for b in screen.button if b.label.startswith("Next exercise of set 4711")]
    following.click().run()
    assert db.find(room.code).current == 2 and db.question(room.code, 2).question.spec["index"] == 1
    at.run()
    assert "Question 2:" in texts(at)


def test_a_bad_list_or_answer_is_explained_and_kept(db, room):
    screen = pose(teacher(room), "compare", list_a="3, 2, 0, 1", list_b="3, 2, 0, 1")
    assert_message(screen.error, "both score NDCG")
    assert db.find(room.code).current is None
    screen = pose(screen, "estimate", list_estimate="3, x, 1")
    assert_message(screen.error, "The list:")
    assert db.find(room.code).current is None
    screen = pose(screen, "estimate", list_estimate="3, 2, 1, 0")
    at = student(room, db.join(room.code))
    answer(at, 1, "about a half")
    assert_message(at.error, "could not be read")
    assert at.text_input(key="classroom_answer_1").value == "about a half"
    assert db.count(room.code, 1) == 0


# --- A list on every screen, and after class ---------------------------------------------------


def test_a_list_sent_reaches_every_student(db, room):
    at = student(room, db.join(room.code))
    screen = teacher(room)
    screen.text_input(key="classroom_push_text").input("3, 0, 2")
    press(screen, "Send to every screen")
    assert db.find(room.code).pushed == {"rels": "3,0,2"}
    at.run()
    assert "Your teacher's list:" in texts(at) and "NDCG@3 = **0.9386**" in texts(at)
    shown = board_data(at, "classroom_pushed_board")  # a board to try moves on, kept local
    assert shown["relevances"] == [3, 0, 2] and shown["report"] is False
    press(screen, "Stop showing it")
    assert db.find(room.code).pushed is None


def test_after_class_download_close_and_delete(db, room):
    db.pose(room.code, room.key, questions.swap_question([3, 2, 1, 0]))
    token = db.join(room.code)
    at = student(room, token)
    screen = teacher(room)
    assert [d for d in screen.get("download_button") if "CSV" in d.proto.label]
    press(screen, "Close the class now")
    assert "This class is closed" in texts(screen)
    at.run()
    assert "This class has ended" in texts(at) and not at.radio
    with pytest.raises(ValueError, match="closed by its teacher"):
        db.answer(room.code, token, 1, questions.Given("0"))
    assert "has ended" in texts(open_page(PAGE, room=room.code))
    screen.checkbox(key="classroom_delete_sure").check().run()
    press(screen, "Delete the class's data")
    assert db.room(room.code) is None and "room" not in screen.query_params
    assert "and its answers are deleted" in texts(screen)
    assert "No class has the code" in texts(teacher(room))


def test_a_room_closes_by_itself_when_its_hours_are_up(db, room):
    db.pose(room.code, room.key, questions.swap_question([3, 2, 1, 0]))
    token = db.join(room.code)
    with db.engine.begin() as connection:
        connection.execute(update(room_table).values(expires=db.clock() - 1))
    assert "This class is closed" in texts(teacher(room))
    assert "This class has ended" in texts(student(room, token))
    with pytest.raises(ValueError, match="closed by itself"):
        db.answer(room.code, token, 1, questions.Given("0"))


ODD = ["", "<script>alert(1)</script>", "\x00\x1b", "9" * 5000, "ABCD-EFGH-IJKL", "🧑‍🏫"]


def test_any_link_gets_a_message_never_a_traceback(db, room):
    shapes = (
        lambda v: {"room": v},
        lambda v: {"room": room.code, "key": v},
        lambda v: {"room": room.code, "student": v},
        lambda v: {"room": v, "key": v},
    )
    for n, value in enumerate(ODD):
        for shape in (shapes[n % 4], shapes[(n + 1) % 4]):
            at = open_page(PAGE, **shape(value))  # asserts there is no exception
            assert at.error or at.warning, shape(value)
            assert "Traceback" not in texts(at)
            assert "Pose this question" not in [b.label for b in at.button]
