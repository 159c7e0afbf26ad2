"""The live classroom's Streamlit glue: which database, one store per process, the links and the
QR code, who is asking (their address, for the wait after wrong codes; their browser's student
token, so a browser joins once), and the pieces both screens draw (a question, its options
marked, its worked solution, a list the teacher sent, how the class answered).

The rules live in `classroom/` (rooms, questions, store); the page, views/classroom.py, puts
these pieces in reading order.
"""

from __future__ import annotations

import json
from functools import lru_cache
from urllib.parse import urlencode, urlsplit

import segno
import streamlit as st
from sqlalchemy.exc import SQLAlchemyError

from classroom import peer, questions, rooms
from classroom.store import Store, database_url
from lessons import practice
from ndcg_core import totals
from ndcg_core.display import count, fixed

from . import board, charts, share, solutions, urlparams
from .charts.answers import choice_bars, number_histogram
from .charts.practice import relevance_bars
from .text import plain

PAGE = "classroom"
# The page's link parameters (declared, with how each reads, in ui/urlparams.py).
ROOM, KEY, STUDENT = urlparams.ROOM.name, urlparams.TEACHER_KEY.name, urlparams.STUDENT.name
TOKENS = f"{PAGE}_tokens"  # this session's student token in each room joined, by code
COOKIE = "ndcg_classroom_"  # + the room code: the browser's student token in that room
LOCAL_HOSTS = ("localhost", "127.0.0.1", "::1", "0.0.0.0")
QR_SCALE = 10  # pixels per module of the QR code (an SVG: it scales sharply on any screen)


# ---------------------------------------------------------------------------------------------
# The database
# ---------------------------------------------------------------------------------------------


def _secrets() -> dict:
    """``.streamlit/secrets.toml`` as a dict ({} when there is none)."""
    try:
        return st.secrets.to_dict()
    except (FileNotFoundError, KeyError):
        return {}


@st.cache_resource(show_spinner=False)
def _store(url: str) -> Store:
    # One per process and URL: it holds the connection pool every session shares.
    return Store(url)


def store() -> Store:
    """The classroom's database, as configured (`classroom.store.database_url`)."""
    return _store(database_url(_secrets()))


# ---------------------------------------------------------------------------------------------
# Links and the QR code
# ---------------------------------------------------------------------------------------------


def join_link(code: str) -> str:
    """The link students open (or scan): the room's code only, never the teacher's key."""
    return share.page_address(urlencode({ROOM: code}), path=PAGE)


def teacher_link(code: str, key: str) -> str:
    return share.page_address(urlencode({ROOM: code, KEY: key}), path=PAGE)


def is_local(address: str) -> bool:
    """Whether a link names this computer only (students' phones cannot open it)."""
    return (urlsplit(address).hostname or "") in LOCAL_HOSTS


@lru_cache(maxsize=64)
def qr_svg(address: str) -> str:
    """The QR code of `address` as an SVG, drawn here (segno), nothing fetched: black on a white
    square with the quiet border scanners need, so it reads on the dark theme too."""
    return segno.make(address, error="m", micro=False).svg_inline(
        scale=QR_SCALE, border=4, dark="#000", light="#fff"
    )


# ---------------------------------------------------------------------------------------------
# Who is asking: an address for the wait after wrong codes, a browser for one student each
# ---------------------------------------------------------------------------------------------


def client_address() -> str:
    """The address wrong codes are counted by: the browser's, or behind the local proxy
    (`make serve`'s nginx, which connects from this machine) the one it passes in X-Real-IP.
    Where neither is known (the app opened on this very computer), one shared bucket: "local"."""
    address = st.context.ip_address
    if not isinstance(address, str):  # None on this computer (and in tests)
        address = st.context.headers.get("X-Real-Ip")
    return address.strip()[:60] if isinstance(address, str) and address.strip() else "local"


def wait_seconds() -> float:
    """How long this address must wait before a code or key it sends is looked up."""
    return store().code_wait(client_address())


def count_failure() -> None:
    store().wrong_code(client_address())


def remembered_token(code: str) -> str | None:
    """The student token this browser got in room `code`: this session's, or its cookie's."""
    mine = st.session_state.get(TOKENS, {}).get(code) or _cookie(COOKIE + code)
    try:
        return rooms.read_secret(mine, "student")
    except ValueError:  # none, or a cookie that is not one of ours
        return None


def _cookie(name: str) -> str | None:
    found = st.context.cookies.get(name)
    return found if isinstance(found, str) else None


def remember_token(code: str, token: str) -> None:
    """Keep the token for this session (`keep_in_browser` puts it in a cookie)."""
    st.session_state.setdefault(TOKENS, {})[code] = token


def keep_in_browser(code: str, token: str) -> None:
    """A cookie with the token, so the browser joins as the same student when the join link
    is opened again (for as long as the class's data is kept)."""
    remember_token(code, token)
    if _cookie(COOKIE + code) == token:
        return
    seconds = int((rooms.MAX_HOURS + 24 * rooms.RETENTION_DAYS) * 3600)
    cookie = f"{COOKIE}{code}={token}; Max-Age={seconds}; Path=/; SameSite=Lax"
    st.html(
        f"<script>document.cookie = {json.dumps(cookie)};</script>",
        unsafe_allow_javascript=True,
    )


# ---------------------------------------------------------------------------------------------
# What both screens draw
# ---------------------------------------------------------------------------------------------


def show_question(
    question: questions.Question, number: int, *, compact: bool = False, chart: bool = True
) -> None:
    """The question as the class sees it: title, prompt, its lists in words, and (`chart`) as
    a chart; the teacher's screen draws the chart later, below the live count."""
    exercise = question.exercise
    st.header(f"Question {number}: {exercise.title}")
    st.markdown(plain(exercise.prompt))
    if question.shows_lists:
        for case in exercise.cases:
            label = f"{case.name}: " if len(exercise.cases) > 1 else ""
            st.markdown(f"**{plain(label + case.describe())}**")
    if exercise.question_latex:
        st.latex(exercise.question_latex)
    if chart:
        show_lists_chart(question, number, compact=compact)


def show_lists_chart(question: questions.Question, number: int, *, compact: bool = False) -> None:
    """The lists of a teacher's own question as bars (a practice exercise draws none here)."""
    exercise = question.exercise
    if question.shows_lists and exercise.kind in ("compare", "estimate", "costliest_swap"):
        shown = exercise.cases
        figure = relevance_bars(
            [(c.name, c.ranked.relevances) for c in shown],
            shown[0].ranked.k,
            height=240 if compact else 300,
        )
        charts.show(figure, key=f"{PAGE}_lists_{number}")


def show_options_marked(question: questions.Question, mine: str | None = None) -> None:
    """The options again after the reveal: the answer ✅, a wrong pick ❌, in words too."""
    right = question.right
    lines = []
    for i, option in enumerate(question.options):
        picked = mine is not None and int(mine) == i
        mark = "✅" if i == right else ("❌" if picked else "⬜")
        notes = [n for n, on in (("the answer", i == right), ("your pick", picked)) if on]
        lines.append(f"- {mark} {plain(option)}" + (f" — *{', '.join(notes)}*" if notes else ""))
    st.markdown("\n".join(lines))


def show_solution(question: questions.Question, number: int) -> None:
    """The worked solution with the question's own numbers (practice's `worked`)."""
    exercise = question.exercise
    if question.is_numeric:
        st.markdown(f"**The answer: {fixed(exercise.target)}**")
    st.markdown(plain(exercise.explanation))
    solutions.worked_exercise(exercise, key=f"{PAGE}_solution_{number}")


def show_distribution(
    question: questions.Question,
    texts: list[str],
    *,
    revealed: bool,
    key: str,
    mine: str | None = None,
) -> None:
    """How the class answered: a bar per option, or a histogram of the numbers."""
    if question.is_numeric:
        values = [practice.parse_answer(t) for t in texts]
        exercise = question.exercise
        figure = number_histogram(
            questions.histogram(values, exercise.tolerance),
            target=exercise.target if revealed else None,
            tolerance=exercise.tolerance if revealed else None,
            # What counts: within the tolerance and nearer the answer than any common slip.
            band=practice.accepted_range(exercise) if revealed else None,
            mine=None if mine is None else practice.parse_answer(mine),
        )
    else:
        figure = choice_bars(
            questions.choice_counts(question, texts),
            revealed=revealed,
            mine=None if mine is None else int(mine),
        )
    charts.show(figure, key=key)


def show_rounds(
    question: questions.Question,
    first: list[str],
    second: list[str],
    *,
    key: str,
    mine: tuple[str | None, str | None] = (None, None),
) -> None:
    """The reveal of a two-round question: both rounds' answers side by side, each with its
    share right."""
    columns = st.columns(2)
    for column, texts, title, you in zip(
        columns,
        (first, second),
        ("Round 1 (alone)", "Round 2 (after discussing)"),
        mine,
        strict=True,
    ):
        with column:
            tally = questions.tally(question, texts)
            st.markdown(f"**{title}:** {peer.share_words(tally.right, tally.answered)}")
            show_distribution(question, texts, revealed=True, key=f"{key}_{title[:7]}", mine=you)


def show_shift(moved: peer.Shift) -> None:
    """How the class moved between the rounds, in three numbers."""
    right, away, stayed = st.columns(3)
    right.metric("Moved to the right answer", count(moved.to_right))
    away.metric("Moved away from it", count(moved.away))
    stayed.metric("Right both times", count(moved.stayed_right))
    st.caption(
        f"Of {count(moved.both)} who answered in both rounds; {count(moved.stayed_wrong)} "
        f"{'was' if moved.stayed_wrong == 1 else 'were'} wrong both times."
    )


def show_confidence(question: questions.Question, given) -> None:
    """Right and wrong answers by how sure the students said they were (after the reveal)."""
    rows = peer.by_confidence(question, [(a.answer, a.confidence) for a in given])
    if not any(r.right + r.wrong for r in rows):
        return
    st.markdown("**How sure, and how right**")
    st.dataframe(
        {
            "How sure": [r.level for r in rows],
            "Right": [r.right for r in rows],
            "Wrong": [r.wrong for r in rows],
        },
        hide_index=True,
        key=f"{PAGE}_sure_{question.text[:40]}",
    )


def show_pushed_list(params: dict) -> None:
    """A list the teacher sent to every screen, scored, with a link to the playground."""
    ranked, _ = urlparams.read_list(params)
    result = totals(ranked)
    with st.container(border=True):
        st.markdown(f"📌 **Your teacher's list:** {plain(ranked.describe())}")
        st.markdown(f"{result.name()} = **{fixed(result.ndcg)}**")
        # The list on a board of its own: each screen may try moves; they stay on that screen.
        board.show(
            f"{PAGE}_pushed_board",
            ranked,
            present=share.is_presenting(),
            report=False,
        )
        st.link_button(
            "Open it in the playground ↗",
            urlparams.link("playground", ranked, presenting=share.is_presenting()),
            key=f"{PAGE}_open_pushed",
        )


# ---------------------------------------------------------------------------------------------
# The live panels: fragments that refresh on their own, and so meet a class closed or deleted
# from another device at any moment
# ---------------------------------------------------------------------------------------------

LIVE_SECONDS = 1.5  # the projector's count and chart: within 2 s of an answer
WATCH_SECONDS = 2.0  # a student's screen checks for a new question, a reveal or a list
DB_SILENT = "The class's database did not answer; trying again…"


def gone(code: str) -> str:
    """What every screen says once a class's data is gone."""
    return (
        f"Class {rooms.format_code(code)} was deleted: by its teacher, or "
        f"{rooms.retention_words()} after it closed, when its data is deleted by itself. Its "
        "answers are gone; a teacher can start a new class."
    )


def ended(code: str, state: str) -> str:
    if state == "closed":
        return f"Class {rooms.format_code(code)} was closed by its teacher: it takes no answers."
    return f"Class {rooms.format_code(code)} has ended (its hours are up): it takes no answers."


def name_of(name: str | None, number: int) -> str:
    """A student as listed: their name exactly as typed (shown with a text element, never
    Markdown), or their number."""
    return name if name else f"Student {number} (no name)"


def joined(students) -> None:
    """The head count against the cap. Drawn only in a live panel, from the same reading as
    the panel's other counts: a count drawn outside it would go stale while these move."""
    st.caption(f"{count(len(students))} of at most {count(rooms.ROOM_CAP)} joined")


def round_words(posed) -> str:
    """What the class is doing now, as the projector and every phone say it."""
    if posed.round == 2:
        return "Round 2: discuss, then answer again"
    return "Round 1: answer on your own"


@st.fragment(run_every=LIVE_SECONDS)
def live_answers(code: str, number: int, presenting: bool = False) -> None:
    """The projector's panel, refreshed every LIVE_SECONDS: the round, its time left, how many
    answered, and (only when the teacher chose to show it) the spread as it arrives; names on
    the teacher's own screen only, never in presenter view."""
    db = store()
    try:
        room = db.room(code)
        posed = None if room is None else db.question(code, number)
        answers = [] if posed is None else db.answers(code, number, posed.round)
        students = db.students(code)
    except SQLAlchemyError:
        st.warning(DB_SILENT)
        return
    if room is None or posed is None:
        st.error(gone(code))
        return
    now = db.clock()
    state = room.status(now)
    if state != "open":
        st.warning(ended(code, state), icon="🔒")
    st.subheader(round_words(posed))
    if posed.round == 2 and posed.prompt:
        st.info(plain(posed.prompt), icon="💬")
    timer = peer.timer_words(posed.closes, now)
    if timer:
        st.markdown(f"### {timer}")
    st.metric("Answered", f"{len(answers)} of {len(students)}")
    joined(students)
    if room.show_live:
        show_distribution(
            posed.question,
            [a.answer for a in answers],
            revealed=False,
            key=f"{PAGE}_live_{number}_{posed.round}",
        )
    else:
        st.caption(
            "Only how many have answered is shown until the reveal, so each answers on their own."
        )
    if not presenting:
        names(answers, students)


def names(answers, students) -> None:
    """Who has answered, by name: on the teacher's own screen only (the page never calls this
    in presenter view), and only once the teacher switches it on."""
    if not st.toggle("Show names (on this screen only)", value=False, key=f"{PAGE}_names"):
        st.caption(
            "Names are hidden; the switch shows who has answered (never what), on this screen "
            "only: never in presenter view."
        )
        return
    done = {a.student for a in answers}
    numbered = {s.id: n for n, s in enumerate(students, start=1)}
    have = [name_of(s.name, numbered[s.id]) for s in students if s.id in done]
    yet = [name_of(s.name, numbered[s.id]) for s in students if s.id not in done]
    # A text element: a name shows exactly as typed (no links, no entities, nothing added).
    st.text(f"Answered: {', '.join(have) or '—'}")
    st.text(f"Not yet: {', '.join(yet) or '—'}")


@st.fragment(run_every=LIVE_SECONDS)
def lobby(code: str) -> None:
    """Before the first question: who has joined, live."""
    db = store()
    try:
        room = db.room(code)
        students = db.students(code)
    except SQLAlchemyError:
        st.warning(DB_SILENT)
        return
    if room is None:
        st.error(gone(code))
        return
    st.metric("Joined", count(len(students)))
    joined(students)
    st.info("Pose a question below when the class is in.", icon="👇")


@st.fragment(run_every=WATCH_SECONDS)
def watch(code: str, drawn: tuple | None, timer: bool = True) -> None:
    """Redraw the whole screen when the class moves on (a question, a round, a timer, a
    reveal, a list sent, the class closed or deleted); nothing else is redrawn while a student
    thinks or types. A second screen on the teacher's link (the projector) follows the
    teacher's moves the same way. `timer`: count the round's time down here (a student's
    screen; the teacher's live panel counts it itself)."""
    try:
        now = store().signature(code)
    except SQLAlchemyError:
        st.caption("⚠️ Lost touch with the class for a moment; trying again…")
        return
    if now is None:
        # Deleted: said here, with no rerun (the screen's link names a class no longer there).
        st.error(gone(code))
        return
    if now != drawn:
        st.rerun(scope="app")
    # The round's time left, counted down by the server's clock at each check.
    words = peer.timer_words(now[4], store().clock()) if timer else ""
    if words:
        st.markdown(f"**{words}**")
