"""The live classroom in real browsers: one teacher and three students, each in a browser context
of their own, run one question to the reveal. Two app processes share one SQLite file, as
behind the README's reverse proxy: the teacher and two students use the first, the third
student the second. The students join before the question is posed, so that their screens
must pick it up by themselves (the fragment that watches the class), and the projector must
count the answers by itself too. Screenshots: the projector at 1280 × 720, a phone at 390 × 844.
"""

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
            expect(teacher.get_by_text("2 of at most 500 joined")).to_be_visible()
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
