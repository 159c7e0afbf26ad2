"""The live classroom in real browsers: one teacher and three students, each in a browser context
of their own, run one question to the reveal. Two app processes share one SQLite file, as
behind the README's reverse proxy: the teacher and two students use the first, the third
student the second. The students join before the question is posed, so that their screens
must pick it up by themselves (the fragment that watches the class), and the projector must
count the answers by itself too. Screenshots: the projector at 1280 × 720, a phone at 390 × 844.
"""

import re
from concurrent.futures import ThreadPoolExecutor

import pytest
from playwright.sync_api import expect

from classroom import rooms
from classroom.store import URL_VARIABLE
from tests.appserver import start_app, stop_app
from tests.browser.conftest import ARTIFACTS
from tests.browser.waits import open_context, settle, wait_for_app

pytestmark = pytest.mark.browser

PROJECTOR = {"width": 1280, "height": 720}
PHONE = {"width": 390, "height": 844}
STUDENTS = (  # name, pick, and what they are told at the reveal
    ("Ann", "A scores higher", "You picked the answer, like 1 other"),
    ("Bob", "A scores higher", "You picked the answer, like 1 other"),
    ("Cem", "B scores higher", "You picked “B scores higher”, like no one else"),
)


@pytest.fixture(scope="module")
def two_servers(tmp_path_factory):
    """Two app processes sharing one classroom database, started side by side."""
    env = {URL_VARIABLE: f"sqlite:///{tmp_path_factory.mktemp('classroom') / 'class.sqlite3'}"}
    with ThreadPoolExecutor(2) as pool:
        started = list(pool.map(lambda _: start_app(env=env), range(2)))
    yield [url for _, url in started]
    for process, _ in started:
        stop_app(process)


def _open(page, url):
    page.goto(url)
    wait_for_app(page)


def test_a_teacher_and_three_students_on_two_servers_run_a_question_to_the_reveal(
    browser, two_servers
):
    first, second = two_servers
    contexts = [open_context(browser, viewport=PROJECTOR)]
    contexts += [open_context(browser, viewport=PHONE) for _ in STUDENTS]
    try:
        teacher, *students = [context.new_page() for context in contexts]
        # A fresh server's very first session can miss the page list: each starts from home.
        _open(teacher, first)
        _open(students[2], second)

        _open(teacher, f"{first}/classroom")
        teacher.get_by_role("button", name="Start a class").click()
        expect(teacher.get_by_text("Scan to join")).to_be_visible()
        code = teacher.url.split("room=")[1].split("&")[0]
        assert "key=" in teacher.url

        for page, server, (name, _, _) in zip(students, (first, first, second), STUDENTS):
            _open(page, f"{server}/classroom?room={code}")
            expect(page.get_by_label("Class code")).to_have_value(rooms.format_code(code))
            page.get_by_label("Your name (optional)").fill(name)
            page.get_by_role("button", name="Join").click()
        for page in students:
            expect(page.get_by_text("Waiting for your teacher's first question")).to_be_visible()
            assert "student=" in page.url and "key=" not in page.url
        expect(teacher.get_by_test_id("stMetricValue").first).to_have_text("3")

        teacher.get_by_text("Which order scores higher?").first.click()
        teacher.get_by_role("button", name="Pose this question").click()
        count = teacher.get_by_test_id("stMetricValue").first
        expect(count).to_have_text("0 of 3")

        for page, (_, pick, _) in zip(students, STUDENTS):
            expect(page.get_by_text("Question 1: Which order scores higher?")).to_be_visible()
            page.get_by_text(pick, exact=True).click()
            page.get_by_role("button", name="Send my answer").click()
        for page in students:
            expect(page.get_by_text("Your answer is in")).to_be_visible()
        expect(count).to_have_text("3 of 3")
        ARTIFACTS.mkdir(exist_ok=True)
        top = teacher.get_by_role("heading", name=f"Class {rooms.format_code(code)}")
        top.scroll_into_view_if_needed()
        teacher.screenshot(path=str(ARTIFACTS / "classroom-projector-answers.png"))
        students[0].screenshot(path=str(ARTIFACTS / "classroom-phone-answered.png"))

        teacher.get_by_role("button", name="Reveal the answer").click()
        expect(teacher.get_by_test_id("stMetricValue").first).to_have_text("2 of 3")
        expect(teacher.get_by_text("What the wrong answers point to")).to_be_visible()
        for page, (_, _, told) in zip(students, STUDENTS):
            expect(page.get_by_text(told)).to_be_visible()
            expect(page.get_by_text("2 of 3 in the class got it right")).to_be_visible()
        top.scroll_into_view_if_needed()
        teacher.screenshot(path=str(ARTIFACTS / "classroom-projector-reveal.png"))
        students[2].screenshot(path=str(ARTIFACTS / "classroom-phone-reveal.png"), full_page=True)
    finally:
        for context in contexts:
            context.close()


def _token(page) -> str:
    return page.url.split("student=")[1].split("&")[0]


def test_one_student_per_browser_and_the_teachers_join_controls(browser, two_servers):
    """A student who reloads the join link, or opens it in a new tab of the same browser, is the
    same student (the cookie); another browser is a new one. Then the teacher's join controls
    (the count, lock, remove) at 1280 and on a phone, in presenter view too (screenshots), and
    locking, after which the student who joined before still comes back."""
    first, _ = two_servers
    teacher_context = open_context(browser, viewport=PROJECTOR)
    one, other = (open_context(browser, viewport=PHONE) for _ in range(2))
    try:
        teacher = teacher_context.new_page()
        _open(teacher, first)
        _open(teacher, f"{first}/classroom")
        teacher.get_by_role("button", name="Start a class").click()
        expect(teacher.get_by_text("Scan to join")).to_be_visible()
        code = teacher.url.split("room=")[1].split("&")[0]
        teacher_link = teacher.url
        join = f"{first}/classroom?room={code}"

        page = one.new_page()
        _open(page, join)
        page.get_by_label("Your name (optional)").fill("Dee")
        page.get_by_role("button", name="Join").click()
        expect(page.get_by_text("You are Dee")).to_be_visible()
        token = _token(page)
        # The cookie is written by a script the page loads on demand (st.html), a moment after
        # "You are Dee" is drawn: a reload before that, as CI once made, finds no cookie.
        page.wait_for_function(
            "(name) => document.cookie.split('; ').some((c) => c.startsWith(name))",
            arg=f"ndcg_classroom_{code}=",
        )

        _open(page, join)  # the join link again in the same tab: a reload of the board's link
        expect(page.get_by_text("You are Dee")).to_be_visible()
        assert _token(page) == token
        tab = one.new_page()  # a new tab of the same browser
        _open(tab, join)
        expect(tab.get_by_text("You are Dee")).to_be_visible()
        assert _token(tab) == token

        stranger = other.new_page()  # another browser: a new student
        _open(stranger, join)
        expect(stranger.get_by_label("Class code")).to_have_value(rooms.format_code(code))
        stranger.get_by_label("Your name (optional)").fill("Eve")
        stranger.get_by_role("button", name="Join").click()
        expect(stranger.get_by_text("You are Eve")).to_be_visible()
        assert _token(stranger) != token

        ARTIFACTS.mkdir(exist_ok=True)
        for name, viewport, link in (
            ("1280", PROJECTOR, teacher_link),
            ("phone", PHONE, teacher_link),
            ("presenter-1280", PROJECTOR, f"{teacher_link}&present=1"),
            ("presenter-phone", PHONE, f"{teacher_link}&present=1"),
        ):
            teacher.set_viewport_size(viewport)
            _open(teacher, link)
            expect(teacher.get_by_text("2 of at most 1,000 joined")).to_be_visible()
            teacher.get_by_text("Who is in", exact=True).click()
            expect(teacher.get_by_role("button", name="Lock joining")).to_be_visible()
            teacher.get_by_role("button", name="Lock joining").scroll_into_view_if_needed()
            settle(teacher)
            teacher.screenshot(
                path=str(ARTIFACTS / f"classroom-join-controls-{name}.png"), full_page=True
            )

        teacher.get_by_role("button", name="Lock joining").click()
        expect(teacher.get_by_text("joining locked")).to_be_visible()
        settle(teacher)
        teacher.screenshot(path=str(ARTIFACTS / "classroom-join-controls-locked-phone.png"))
        late = one.new_page()  # a browser that joined before still gets its student back
        _open(late, join)
        expect(late.get_by_text("You are Dee")).to_be_visible()
    finally:
        for context in (teacher_context, one, other):
            context.close()


PEER = (  # name, round 1 pick and how sure, round 2 pick
    ("Ann", "A scores higher", "Sure", "A scores higher"),
    ("Bob", "B scores higher", "Guessing", "A scores higher"),
    ("Cem", "B scores higher", "Fairly sure", "B scores higher"),
)


def _shoot(teacher, projector, phone, step: str, anchor: str) -> None:
    """The teacher's screen, the projector (presenter view) and a phone at one step, each
    scrolled to `anchor`, the text that step is about."""
    for page, who in ((teacher, "teacher"), (projector, "projector"), (phone, "phone")):
        if who == "phone":  # a student's screen has no page title (h1) for `settle`
            wait_for_app(page)
        else:
            settle(page)
        page.get_by_text(anchor).first.evaluate("e => e.scrollIntoView({block: 'start'})")
        page.screenshot(path=str(ARTIFACTS / f"peer-{step}-{who}.png"))


def test_peer_instruction_two_rounds_and_a_timer_on_two_servers(browser, two_servers):
    """A teacher, a projector in presenter view and three students (the third on the second
    app process) through round 1 with a timer closed early, round 2 with a discussion prompt,
    and the reveal of both rounds; screenshots at each step."""
    first, second = two_servers
    contexts = [open_context(browser, viewport=PROJECTOR) for _ in range(2)]
    contexts += [open_context(browser, viewport=PHONE) for _ in PEER]
    ARTIFACTS.mkdir(exist_ok=True)
    try:
        teacher, projector, *students = [context.new_page() for context in contexts]
        _open(teacher, f"{first}/classroom")
        teacher.get_by_role("button", name="Start a class").click()
        expect(teacher.get_by_text("Scan to join")).to_be_visible()
        code = teacher.url.split("room=")[1].split("&")[0]
        _open(projector, f"{teacher.url}&present=1")
        for page, server, (name, *_) in zip(students, (first, first, second), PEER, strict=True):
            _open(page, f"{server}/classroom?room={code}")
            page.get_by_label("Your name (optional)").fill(name)
            page.get_by_role("button", name="Join").click()
            expect(page.get_by_text("Waiting for your teacher's first question")).to_be_visible()

        # Round 1, alone, with a minute on the clock and "how sure" asked.
        teacher.get_by_text("Which order scores higher?").first.click()
        expect(teacher.get_by_label("List A")).to_be_visible()
        sure = teacher.get_by_role("checkbox", name="Ask how sure each student is")
        sure.check(force=True)  # the box itself is drawn under its label
        expect(sure).to_be_checked()
        timer = teacher.get_by_role("combobox", name="Time for round 1")
        timer.click()
        timer.fill("1:00")
        teacher.get_by_role("option", name="1:00").click()
        timer.press("Escape")
        wait_for_app(teacher)
        teacher.get_by_role("button", name="Pose this question").click()
        for page in (projector, *students):
            expect(page.get_by_text("Round 1: answer on your own")).to_be_visible()
            expect(page.get_by_text(re.compile(r"⏱ [01]:\d\d left"))).to_be_visible()
        for page, (_, pick, sure, _) in zip(students, PEER, strict=True):
            page.get_by_text(pick, exact=True).click()
            page.get_by_text(sure, exact=True).click()
            page.get_by_role("button", name="Send my answer").click()
            expect(page.get_by_text("Your answer is in")).to_be_visible()
        expect(projector.get_by_test_id("stMetricValue").first).to_have_text("3 of 3")
        expect(projector.get_by_text("Only how many have answered is shown")).to_be_visible()
        expect(projector.get_by_text("Show names")).to_have_count(0)  # never on the projector
        expect(teacher.get_by_text("Show names (on this screen only)")).to_be_visible()
        _shoot(teacher, projector, students[1], "1-round1", "Round 1: answer on your own")

        # The teacher closes round 1 before its time is up: every phone says so.
        teacher.get_by_role("button", name="Close answers now").click()
        for page in students:
            expect(page.get_by_text("Answers are closed. Yours:")).to_be_visible()
        expect(projector.get_by_text("Time is up: answers are closed")).to_be_visible()

        # Round 2: discuss, then answer again; each phone shows its own round-1 answer.
        prompt = "Find someone who picked the other list and convince them"
        teacher.get_by_label("Discussion prompt (every screen shows it)").fill(prompt)
        teacher.get_by_role("button", name="Start round 2").click()
        for page, (_, pick, sure, again) in zip(students, PEER, strict=True):
            expect(page.get_by_text(prompt)).to_be_visible()
            expect(page.get_by_text(f"In round 1 you answered {pick} ({sure})")).to_be_visible()
            form = page.get_by_test_id("stForm")  # its own round-1 answer is shown above it
            form.get_by_text(again, exact=True).click()
            form.get_by_text("Sure", exact=True).click()
            page.get_by_role("button", name="Send my answer").click()
            expect(page.get_by_text("Your answer is in")).to_be_visible()
        expect(projector.get_by_text("Round 2: discuss, then answer again")).to_be_visible()
        expect(projector.get_by_test_id("stMetricValue").first).to_have_text("3 of 3")
        _shoot(teacher, projector, students[1], "2-round2", "Round 2: discuss, then answer again")

        # The reveal: both rounds side by side, who moved; each phone its own verdict.
        teacher.get_by_role("button", name="Reveal the answer").click()
        for page in (teacher, projector):
            expect(page.get_by_text("1 of 3 right (33%)").first).to_be_visible()
            expect(page.get_by_text("2 of 3 right (67%)").first).to_be_visible()
        moved = projector.get_by_test_id("stMetric").filter(has_text="Moved to the right answer")
        expect(moved.get_by_test_id("stMetricValue")).to_have_text("1")
        expect(students[1].get_by_text("In round 1 you answered B scores higher")).to_be_visible()
        expect(students[2].get_by_text("Not quite").first).to_be_visible()
        _shoot(teacher, projector, students[1], "3-reveal", "Round 1 (alone)")
    finally:
        for context in contexts:
            context.close()
