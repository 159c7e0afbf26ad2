"""The live classroom's Streamlit glue: which database, one store per process, the links and the
QR code, the wait after wrong codes, and the pieces both screens draw (a question, its options
marked, its worked solution, a list the teacher sent, how the class answered).

The rules live in `classroom/` (rooms, questions, store); the page, views/classroom.py, puts
these pieces in reading order.
"""

from __future__ import annotations

import time
from functools import lru_cache
from urllib.parse import urlencode, urlsplit

import segno
import streamlit as st

from classroom import questions, rooms
from classroom.store import Store, database_url
from lessons import practice
from ndcg_core import totals
from ndcg_core.display import fixed

from . import board, charts, share, solutions, urlparams
from .charts.answers import choice_bars, number_histogram
from .charts.practice import relevance_bars
from .text import plain

PAGE = "classroom"
# The page's link parameters (declared, with how each reads, in ui/urlparams.py).
ROOM, KEY, STUDENT = urlparams.ROOM.name, urlparams.TEACHER_KEY.name, urlparams.STUDENT.name
FAILURES = f"{PAGE}_failures"  # this session's wrong codes and keys, by time
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
# Wrong codes and keys: a session that keeps guessing waits
# ---------------------------------------------------------------------------------------------


def wait_seconds() -> float:
    return rooms.join_wait(st.session_state.get(FAILURES, []), time.time())


def count_failure() -> None:
    st.session_state.setdefault(FAILURES, []).append(time.time())


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
    solutions.worked_cases(exercise.solution_cases)


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
            mine=None if mine is None else practice.parse_answer(mine),
        )
    else:
        figure = choice_bars(
            questions.choice_counts(question, texts),
            revealed=revealed,
            mine=None if mine is None else int(mine),
        )
    charts.show(figure, key=key)


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
