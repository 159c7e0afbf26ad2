"""The live classroom in real browsers, each user in a browser context of their own; two app
processes share one SQLite file, as behind the README's reverse proxy (the third student uses
the second). The students join before anything is asked, so their screens must pick up each
step by themselves, and the audience screen must count and reveal by itself too.

- a phone's answer line drawn once when the page never removes what is stale;
- one student per browser, and the teacher's join controls;
- a whole class: the teacher, the audience screen at 1920 × 1080 and 1280 × 720 (one screen,
  resized at each step), three phones at 390 × 844 (each joining by the prefilled join link),
  through the concept check, a two-round question, its twin, and the closing check; the
  teacher's count cards count by themselves, each phone is told at the reveal how its answer
  stands beside the class's; the audience screen holds no control and no key and fits its
  screen, each phone's form is in its first screen; the teacher moves the reveal's steps on the
  audience screen (which steps by itself every 10 s too: here only its countdown is watched,
  the step it takes by itself is tests/pages/test_classroom.py's, on a clock moved by hand).
  Screenshots of every step, at every size (the phones' of one phone: before it answers, a
  phone shows what the others show), and of the teacher's screen at the answers and the reveal.

The early reveal of a one-round question ("Reveal now (skip discussion)…", then "Yes, reveal
now") is tests/pages/test_classroom.py's: the phones pick up a reveal by themselves here.

A screen the test no longer reads, or not until it opens it again, is left (about:blank): a
live screen reruns its fragments every second or two, and each rerun is drawn again by the
browser.
"""

import re
from concurrent.futures import ThreadPoolExecutor

import pytest
from playwright.sync_api import expect
from streamlit.proto.ForwardMsg_pb2 import ForwardMsg

from classroom import questions, rooms
from classroom.store import URL_VARIABLE, Store
from devtools.appserver import start_app, stop_app
from devtools.chromium import PHONE as A_PHONE
from devtools.waits import RESIZED, open_context, settle, wait_for_app
from tests.browser.checks import card
from tests.browser.conftest import ARTIFACTS, MOTION

pytestmark = pytest.mark.browser

PROJECTOR = {"width": 1280, "height": 720}
PHONE = {"width": 390, "height": 844}


# The servers a session has run on in this module (each a `two_servers` one).
_SERVED: set[str] = set()


@pytest.fixture(scope="module")
def database(tmp_path_factory) -> str:
    """The classroom database `two_servers` share (its URL), for a test that sets up a class
    without a teacher's screen."""
    return f"sqlite:///{tmp_path_factory.mktemp('classroom') / 'class.sqlite3'}"


@pytest.fixture(scope="module")
def two_servers(database):
    """Two app processes sharing one classroom database, started side by side."""
    env = {URL_VARIABLE: database}
    with ThreadPoolExecutor(2) as pool:
        started = list(pool.map(lambda _: start_app(env=env), range(2)))
    urls = [url for _, url in started]
    _SERVED.difference_update(urls)  # a port an earlier server had: this one has run no session
    yield urls
    for process, _ in started:
        stop_app(process)


def _open(page, url):
    page.goto(url)
    wait_for_app(page)
    _SERVED.add("/".join(url.split("/", 3)[:3]))


def _first_session(page, server):
    """A fresh server's very first session can miss the page list: it starts from home. A
    server that has run a session (another test of this module, on this worker) has it."""
    if server not in _SERVED:
        _open(page, server)


def _ends_held_back(ws, held: dict) -> None:
    """Pass the server's messages on to the page, but once `held["on"]`, not the one that ends
    a fragment's run (counted in `held["ends"]`): the page then never removes what such a run
    left stale, as when runs overlap (Streamlit reports a run that another one followed before
    its end was sent as stopped early, and nothing is removed for it)."""
    server = ws.connect_to_server()

    def passed_on(message):
        if held["on"] and isinstance(message, bytes):
            msg = ForwardMsg()
            msg.ParseFromString(message)
            ended = msg.WhichOneof("type") == "script_finished"
            if ended and msg.script_finished == ForwardMsg.FINISHED_FRAGMENT_RUN_SUCCESSFULLY:
                held["ends"] += 1
                return
        ws.send(message)

    server.on_message(passed_on)


def test_a_phone_shows_its_answer_once_though_nothing_stale_is_removed(
    browser, database, two_servers
):
    """After an answer, the round panel redraws itself every 2 s and the page never hears that
    those runs ended. Each line must be drawn again in its place, the answer line once: drawn a
    place up when "Your answer is in." went away, its first copy stayed below, and a phone in
    a class test kept both for 120 s."""
    first, _ = two_servers
    db = Store(database)
    room = db.open_room()
    db.pose(room.code, room.key, questions.compare_question([3, 2, 0, 1], [2, 3, 0, 1]))
    token = db.join(room.code, "Ann")
    held = {"on": False, "ends": 0}
    context = open_context(browser, **MOTION, **A_PHONE)
    try:
        phone = context.new_page()
        phone.route_web_socket("**/_stcore/stream", lambda ws: _ends_held_back(ws, held))
        _first_session(phone, first)
        _open(phone, f"{first}/classroom?room={room.code}&student={token}")
        phone.get_by_text("A scores higher", exact=True).click()
        phone.get_by_role("button", name="Send my answer").click()
        sent = phone.get_by_text("Your answer is in.")
        expect(sent).to_be_visible()
        held["on"] = True
        expect(sent).to_have_count(0)  # the panel's next tick has drawn the screen again
        line = phone.get_by_test_id("stAlertContentInfo").filter(has_text="You can change it")
        expect(line).to_have_count(1)
        ARTIFACTS.mkdir(exist_ok=True)
        phone.screenshot(path=str(ARTIFACTS / "classroom-phone-answered-tick.png"))
        assert held["ends"] >= 1, "no run's end was held back: the check above proves nothing"
    finally:
        context.close()


def _token(page) -> str:
    return page.url.split("student=")[1].split("&")[0]


def test_one_student_per_browser_and_the_teachers_join_controls(new_browser, two_servers):
    """A student who reloads the join link, or opens it in a new tab of the same browser, is the
    same student (the cookie); another browser is a new one. Then the teacher's join controls
    (the count, lock, remove) at 1280 and on a phone, in presenter view too (screenshots), and
    locking, after which the student who joined before still comes back."""
    first, _ = two_servers
    teacher = new_browser(viewport=PROJECTOR)
    page, stranger = (new_browser(viewport=PHONE) for _ in range(2))
    one = page.context
    _first_session(teacher, first)
    _open(teacher, f"{first}/classroom")
    teacher.get_by_role("button", name="Start a class").click()
    expect(teacher.get_by_text("Scan to join")).to_be_visible()
    code = teacher.url.split("room=")[1].split("&")[0]
    teacher_link = teacher.url
    join = f"{first}/classroom?room={code}"
    teacher.goto("about:blank")  # opened again at its link, below, once the students are in

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
    tab.close()
    page.goto("about:blank")

    _open(stranger, join)  # another browser: a new student
    expect(stranger.get_by_label("Class code")).to_have_value(rooms.format_code(code))
    stranger.get_by_label("Your name (optional)").fill("Eve")
    stranger.get_by_role("button", name="Join").click()
    expect(stranger.get_by_text("You are Eve")).to_be_visible()
    assert _token(stranger) != token
    stranger.goto("about:blank")

    ARTIFACTS.mkdir(exist_ok=True)
    # Each view opened once, at 1280, then the same screen made a phone's width.
    for name, viewport, link in (
        ("1280", PROJECTOR, teacher_link),
        ("phone", PHONE, None),
        ("presenter-1280", PROJECTOR, f"{teacher_link}&present=1"),
        ("presenter-phone", PHONE, None),
    ):
        teacher.set_viewport_size(viewport)
        if link:
            _open(teacher, link)
        expect(teacher.get_by_text("2 of at most 1,000 joined")).to_be_visible()
        if link:  # opened: its fold stays open through the resize
            teacher.get_by_text("Who is in", exact=True).click()
        expect(teacher.get_by_role("button", name="Lock joining")).to_be_visible()
        teacher.get_by_role("button", name="Lock joining").scroll_into_view_if_needed()
        settle(teacher, longest=RESIZED)  # laid out at its size, and still
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


# --- A whole class ---------------------------------------------------------------------------

AUDIENCE = {"1920": {"width": 1920, "height": 1080}, "1280": {"width": 1280, "height": 720}}
CLASS = (  # name, round 1 pick and how sure, round 2 pick, twin: right or not
    ("Ann", "A scores higher", "Sure", "A scores higher", True),
    ("Bob", "B scores higher", "Guessing", "A scores higher", True),
    ("Cem", "B scores higher", "Fairly sure", "B scores higher", False),
)
# What each phone is told at the question's reveal, of its round-2 answer (A is right).
TOLD = (
    "You picked the answer, like 1 other",
    "You picked the answer, like 1 other",
    "You picked “B scores higher”, like no one else",
)
# Every control a viewer could see or reach by keyboard.
CONTROLS = """() => [...document.querySelectorAll(
    'button, input, select, textarea, a[href], summary, [role=button], [role=switch],'
    + ' [role=checkbox], [role=radio], [role=slider], [contenteditable=true],'
    + ' [tabindex]:not([tabindex="-1"])')].filter(e => {
  const r = e.getBoundingClientRect(), s = getComputedStyle(e);
  return r.width > 0 && r.height > 0 && s.visibility !== 'hidden'
    && !e.closest('[data-testid="stSidebar"]') && e.tagName !== 'MAIN'
    && e.getAttribute('data-testid') !== 'stMain';
}).map(e => e.outerHTML.slice(0, 120))"""
# The lowest point anything visible on the page reaches, against the screen's height.
LOWEST = """() => Math.max(...[...document.querySelectorAll(
    '[data-testid="stMainBlockContainer"] *')].filter(e => {
  const r = e.getBoundingClientRect();
  return r.width > 0 && r.height > 0 && getComputedStyle(e).visibility !== 'hidden';
}).map(e => e.getBoundingClientRect().bottom))"""
# Where a phone's form begins, in the page (not the screen): in its first screen, unscrolled.
FORM_TOP = """() => {
  const form = document.querySelector('.st-key-classroom_student_form');
  const main = document.querySelector('[data-testid="stMain"]');
  return form.getBoundingClientRect().top + (main ? main.scrollTop : 0) + window.scrollY;
}"""


def _sized(screen, size: str):
    """The audience screen at `size` (resized if it is not), drawn again and still."""
    if screen.viewport_size != AUDIENCE[size]:
        screen.set_viewport_size(AUDIENCE[size])
    # It has no heading. React Aria's keyboard timer after a resize is not waited out
    # (waits.RESIZED): on this screen too it changed nothing (bench/README.md).
    settle(screen, drawn='[data-testid="stApp"]', longest=RESIZED)
    return screen


def _audience_holds_no_control_and_no_key(
    screen, key: str, step: str, axe: tuple[str, str] | None = None
) -> None:
    """At each size, starting with the one the screen has (one resize per step); `axe`: (size,
    where) to scan with axe-core too, once the screen is checked at that size."""
    for size in sorted(AUDIENCE, key=lambda size: AUDIENCE[size] != screen.viewport_size):
        _sized(screen, size)
        assert screen.evaluate(CONTROLS) == [], (size, step)
        assert key not in screen.content(), (size, step)
        screen.screenshot(path=str(ARTIFACTS / f"classroom-audience-{step}-{size}.png"))
        # Nothing below the screen's edge: no one has to scroll a projector.
        assert screen.evaluate(LOWEST) <= AUDIENCE[size]["height"] + 1, (size, step)
        if axe and axe[0] == size:
            _no_axe_findings(screen, axe[1])


def _no_axe_findings(page, where: str) -> None:
    """axe-core finds nothing serious on this screen (the app-wide test opens /classroom's
    start page only: the screens of a class need a class)."""
    from tests.browser.checks import axe_scan

    assert axe_scan(page)["found"] == [], where


def _phone_form_first(page, name: str, step: str) -> None:
    form = page.locator(".st-key-classroom_student_form")
    expect(form).to_be_visible()
    assert page.evaluate(FORM_TOP) < A_PHONE["viewport"]["height"], (name, step)
    if name == CLASS[0][0]:  # the others' screens differ by their names only
        page.screenshot(path=str(ARTIFACTS / f"classroom-phone-{step}-{name}.png"))


def _step_to(teacher, button: str, name: str) -> None:
    """The teacher presses `button` (previous or next) until their screen says the audience
    screen shows the step `name`. Each press moves on from the step the teacher's screen
    showed, so a press rarely misses; a step the screen took by itself in between is one more
    press (at most a round of the steps)."""
    line = teacher.get_by_text("The audience screen shows")
    expect(line).to_be_visible()
    for _ in range(6):
        before = line.inner_text()
        if before.endswith(f": {name}"):
            return
        teacher.get_by_role("button", name=button).click()
        expect(line).not_to_have_text(before)
    raise AssertionError(f"the audience screen never showed {name!r}: {line.inner_text()}")


def _answer_check(page, how_many: int) -> None:
    """Answer the first `how_many` questions of the check shown (the first option, or 0.9)."""
    form = page.locator(".st-key-classroom_student_form")
    expect(form.get_by_role("button", name="Send my answers")).to_be_visible()
    for number in range(1, how_many + 1):
        # The answer's field, found by its label whatever its kind, and waited for: a count
        # taken at once saw no choice group while question 2 was still being drawn (CI, once),
        # and the number box's branch then met the group.
        field = form.get_by_label(f"Your answer to question {number}")
        expect(field).to_be_visible()
        if field.get_attribute("role") == "radiogroup":
            field.get_by_role("radio").first.check(force=True)
        else:
            field.fill("0.9")
    form.get_by_role("button", name="Send my answers").click()
    expect(page.get_by_text("Your answers are in").first).to_be_visible()


def test_a_class_through_the_concept_check_two_rounds_a_twin_and_the_closing_check(
    new_browser, two_servers
):
    first, second = two_servers
    teacher = new_browser(viewport={"width": 1440, "height": 900})
    screen = new_browser(viewport=AUDIENCE["1920"])  # the audience's, resized at each step
    phones = [new_browser(**A_PHONE) for _ in CLASS]
    ARTIFACTS.mkdir(exist_ok=True)
    _first_session(teacher, first)
    _first_session(phones[2], second)
    _open(teacher, f"{first}/classroom")
    teacher.get_by_role("button", name="Start a class").click()
    expect(teacher.get_by_text("This is your screen")).to_be_visible()
    expect(teacher.get_by_text("Scan to join")).to_be_visible()
    assert "key=" in teacher.url
    code = teacher.url.split("room=")[1].split("&")[0]
    key = teacher.url.split("key=")[1].split("&")[0]
    projector_link = teacher.locator("code").filter(has_text="projector=").first.inner_text()
    assert key not in projector_link and f"room={code}" in projector_link
    _open(screen, projector_link.strip())
    expect(screen.get_by_text(rooms.format_code(code)).first).to_be_visible()
    for page, server, (name, *_) in zip(phones, (first, first, second), CLASS, strict=True):
        _open(page, f"{server}/classroom?room={code}")
        expect(page.get_by_label("Class code")).to_have_value(rooms.format_code(code))
        page.get_by_label("Your name (optional)").fill(name)
        page.get_by_role("button", name="Join").click()
        expect(page.get_by_text("Waiting for your teacher's first question")).to_be_visible()
        assert "student=" in page.url and "key=" not in page.url
    expect(screen.get_by_text("3 joined")).to_be_visible()
    expect(card(teacher, "Joined")).to_have_text("3")
    _audience_holds_no_control_and_no_key(
        screen, key, "1-lobby", axe=("1280", "the audience screen's lobby")
    )
    _no_axe_findings(teacher, "the teacher's screen")

    # The concept check at the start of class: each phone answers a few questions.
    teacher.get_by_role("button", name="Start the check (start of class)").click()
    for page, (name, *_) in zip(phones, CLASS, strict=True):
        expect(page.get_by_text("Concept check, start of class")).to_be_visible()
        _phone_form_first(page, name, "2-check")
        if name == "Ann":
            _no_axe_findings(page, "a phone's concept check")
        _answer_check(page, 2)
    expect(screen.get_by_text("3 of 3")).to_be_visible()
    _audience_holds_no_control_and_no_key(screen, key, "2-check")
    teacher.get_by_role("button", name="Close the check").click()
    expect(screen.get_by_text("Where the class starts")).to_be_visible()
    _audience_holds_no_control_and_no_key(screen, key, "3-check-results")

    # A question with a timer and "how sure", in two rounds.
    teacher.get_by_text("Which order scores higher?").first.click()
    # The rerun the pick starts would undo a tick made during it, and a run not started yet
    # cannot be seen finished (CI, once: the tick was undone): the run is seen drawing the
    # comparison's lists first, then waited out.
    expect(teacher.get_by_role("textbox", name="List A")).to_be_visible()
    wait_for_app(teacher)
    sure = teacher.get_by_role("checkbox", name="Ask how sure each student is")
    sure.check(force=True)  # the box itself is drawn under its label
    timer = teacher.get_by_role("combobox", name="Time for round 1")
    timer.click()
    timer.fill("5:00")  # time enough for three phones on a loaded machine
    teacher.get_by_role("option", name="5:00").click()
    timer.press("Escape")
    wait_for_app(teacher)
    teacher.get_by_role("button", name="Pose this question").click()
    answered = card(teacher, "Answered")
    expect(answered).to_have_text("0 of 3")
    for page, (name, pick, how, *_) in zip(phones, CLASS, strict=True):
        expect(page.get_by_text("Round 1: answer on your own")).to_be_visible()
        expect(page.get_by_text("Question 1: Which order scores higher?")).to_be_visible()
        _phone_form_first(page, name, "4-round1")
        if name == "Ann":
            _no_axe_findings(page, "a phone in round 1")
        form = page.locator(".st-key-classroom_student_form")
        form.get_by_text(pick, exact=True).click()
        form.get_by_text(how, exact=True).click()
        form.get_by_role("button", name="Send my answer").click()
        expect(page.get_by_text("You can change it until this round closes")).to_be_visible()
    expect(screen.get_by_text("3 of 3")).to_be_visible()
    expect(answered).to_have_text("3 of 3")
    top = teacher.get_by_role("heading", name=f"Class {rooms.format_code(code)}")
    top.scroll_into_view_if_needed()
    teacher.screenshot(path=str(ARTIFACTS / "classroom-teacher-answers.png"))
    expect(screen.get_by_text(re.compile(r"⏱ [0-5]:\d\d left"))).to_be_visible()
    _audience_holds_no_control_and_no_key(
        screen, key, "4-round1", axe=("1920", "the audience screen in round 1")
    )

    # Peer instruction first: round 2 is the primary move; it keeps round 1's time.
    expect(teacher.get_by_role("combobox", name="Time for round 2")).to_have_value("5:00")
    start = teacher.get_by_role("button", name="Start round 2 (discuss)")
    expect(start).to_have_attribute("kind", "primary")
    start.click()
    for page, (name, _, _, again, _) in zip(phones, CLASS, strict=True):
        expect(page.get_by_text("Round 2: discuss, then answer again").first).to_be_visible()
        form = page.locator(".st-key-classroom_student_form")
        expect(form).to_be_in_viewport()  # brought into view when the round began
        if name == CLASS[0][0]:
            page.screenshot(path=str(ARTIFACTS / f"classroom-phone-5-round2-{name}.png"))
        form.get_by_text(again, exact=True).click()
        form.get_by_text("Sure", exact=True).click()
        form.get_by_role("button", name="Send my answer").click()
        expect(page.get_by_text("You can change it until this round closes")).to_be_visible()
    expect(screen.get_by_text("Round 2: discuss, then answer again")).to_be_visible()
    _audience_holds_no_control_and_no_key(screen, key, "5-round2")

    # The reveal, one step at a time on the audience screen: the teacher moves it on.
    teacher.get_by_role("button", name="Reveal the answer").click()
    expect(teacher.get_by_text("What the wrong answers point to", exact=True)).to_be_visible()
    top.scroll_into_view_if_needed()
    teacher.screenshot(path=str(ARTIFACTS / "classroom-teacher-reveal.png"))
    expect(screen.get_by_text("Round 1 (alone)").first).to_be_visible()
    _audience_holds_no_control_and_no_key(
        screen, key, "6-reveal", axe=("1280", "the audience screen at the reveal")
    )
    _step_to(teacher, "Next step on the screen →", "how the class moved")
    expect(screen.get_by_text("how the class moved")).to_be_visible()
    # The screen counts down to its next step by itself (the step itself, 10 s on, is
    # AppTest's to check, on a clock it moves by hand).
    expect(screen.get_by_text(re.compile(r"step 2 of \d, the next in [1-9] s"))).to_be_visible()
    _audience_holds_no_control_and_no_key(screen, key, "7-reveal-moved")
    for page, told in zip(phones, TOLD, strict=True):
        expect(page.get_by_text(told)).to_be_visible()
        expect(page.get_by_text("2 of 3 in the class got it right")).to_be_visible()
        expect(page.get_by_text("⏱")).to_have_count(0)  # a revealed round has no timer
    phones[1].screenshot(path=str(ARTIFACTS / "classroom-phone-8-reveal-Bob.png"))
    _no_axe_findings(phones[1], "a phone at the reveal")

    # The twin, with one press, answered alone.
    teacher.get_by_role(
        "button", name="Pose its twin: the same idea on other lists, answered alone →"
    ).click()
    for page, (name, *_, right) in zip(phones, CLASS, strict=True):
        expect(page.get_by_text("The twin question: answer on your own")).to_be_visible()
        _phone_form_first(page, name, "9-twin")
        form = page.locator(".st-key-classroom_student_form")
        # The twin's lists trade places: B is right.
        form.get_by_text("B scores higher" if right else "A scores higher", exact=True).click()
        form.get_by_text("Sure", exact=True).click()
        form.get_by_role("button", name="Send my answer").click()
        expect(page.get_by_text("You can change it until this round closes")).to_be_visible()
    teacher.get_by_role("button", name="Reveal the answer").click()
    expect(teacher.get_by_text("What the twin of question 1 shows").first).to_be_visible()
    expect(card(teacher, "Right")).to_have_text("2 of 3")  # the twin's one round
    expect(teacher.get_by_text("Weighted learning gain: 0.50")).to_be_visible()
    _step_to(teacher, "← Previous step", "what the twin question shows")  # the last step
    expect(screen.get_by_text("What the twin of question 1 shows").first).to_be_visible()
    _audience_holds_no_control_and_no_key(screen, key, "10-twin")

    # The closing check: the same concepts, each phone in its other form.
    teacher.get_by_text("Concept check: what the class learned").click()
    teacher.get_by_role("button", name="Start the check again (end of class)").click()
    for page, (name, *_) in zip(phones, CLASS, strict=True):
        expect(page.get_by_text("Concept check, end of class")).to_be_visible()
        _phone_form_first(page, name, "11-closing-check")
        _answer_check(page, 4)
        page.goto("about:blank")  # its last screen read
    teacher.get_by_role("button", name="Close the check").click()
    expect(screen.get_by_text("What the class learned")).to_be_visible()
    expect(screen.get_by_text("⟨g⟩ = (post − pre)")).to_be_visible()
    _audience_holds_no_control_and_no_key(screen, key, "12-learned")
    teacher.screenshot(path=str(ARTIFACTS / "classroom-teacher-learned.png"), full_page=True)
