"""Before a class: a teacher starts one, a student joins one (by the code, or the link's), and a
link that names a room is read and checked. Wrong codes slow down only the answers about codes
that name no class (per browser, and per address with room for a whole school): a code that
names an open class always gets in, so one student's typos cannot lock out a school that shares
one address."""

from __future__ import annotations

import streamlit as st

from classroom import rooms
from classroom.store import NotFound, Room, Store
from i18n import tr
from ui import language, urlparams
from ui.text import plain

from . import common
from .common import PAGE


def intro() -> None:
    st.title(common.page_title())
    st.markdown(
        tr(
            "The whole class answers the same question on their phones; the projector shows the "
            "answers arrive; then the reveal: the right answer, the worked solution with its "
            "numbers, and what the wrong answers point to. A concept check at the start and the "
            "end of class says what the class learned."
        )
    )


def start_a_class() -> None:
    with st.container(border=True):
        st.header(tr("For the teacher: start a class"))
        hours = st.select_slider(
            tr("The class closes by itself after"),
            options=[1, 2, 3, 4, 6, 8, 12, 24, 48],
            value=rooms.DEFAULT_HOURS,
            format_func=language.worded(f"{PAGE}_hours", lambda h: tr("{hours} h", hours=h)),
            key=f"{PAGE}_hours",
        )
        if st.button(tr("Start a class"), key=f"{PAGE}_start", type="primary"):
            opened = common.store().open_room(hours)
            common.go(room=opened.code, key=opened.key)
            st.rerun()
        st.caption(
            tr(
                "You get a join code, a link and a QR code for the class, a link for the "
                "projector (the audience screen: no controls, no names) and your own teacher "
                "link (keep it private: it runs the class)."
            )
        )


def _unknown(error: ValueError) -> str:
    """What a browser is told about a code that names no class: why, or, once it has had too
    many wrong ones, only when it may ask again."""
    wait = common.count_failure()
    return rooms.wait_message(wait) if wait else str(error)


def _join(code_text: str, name_text: str) -> None:
    """The join form's callback: a student in the room (this browser's own, if it joined
    before), their token in their link. What was typed stays in the form whatever happens."""
    try:
        name = rooms.read_name(name_text)
    except ValueError as error:
        common.say("error", str(error))
        return
    db = common.store()
    try:
        code = rooms.read_code(code_text)
        db.find(code)
    except ValueError as error:  # not a code at all, or no class has it
        common.say("warning" if common.wait_seconds() else "error", _unknown(error))
        return
    try:
        token = db.join(code, name, token=common.remembered_token(code))
    except ValueError as error:  # closed, locked, full, removed, too many at once
        common.say("error", str(error))
        return
    common.remember_token(code, token)
    common.go(room=code, student=token)


def join_a_class(code: str = "") -> None:
    with st.container(border=True):
        st.header(tr("For students: join a class"))
        with st.form(f"{PAGE}_join_form", border=False):
            st.text_input(
                tr("Class code"),
                value=rooms.format_code(code) if code else "",
                placeholder="ABCD-EFGH",
                max_chars=20,
                key=f"{PAGE}_code",
            )
            st.text_input(
                tr("Your name (optional)"),
                max_chars=rooms.NAME_LIMIT,
                placeholder=tr("Shown to your teacher only if they choose"),
                key=f"{PAGE}_name",
            )
            st.form_submit_button(
                tr("Join"),
                type="primary",
                on_click=lambda: _join(
                    st.session_state[f"{PAGE}_code"], st.session_state[f"{PAGE}_name"]
                ),
            )


def room_from_link(db: Store, typed: str | None) -> tuple[Room | None, str | None]:
    """The room the link names, or None with the reason. A room that exists is always found;
    a code that names none is counted against this browser once per session, and once it has
    had too many, only the wait is said."""
    try:
        code = common.read(urlparams.ROOM, typed)
        return db.find(code), None
    except ValueError as error:
        seen = st.session_state.setdefault(f"{PAGE}_bad_links", set())
        if typed in seen:
            wait = common.wait_seconds()
            return None, rooms.wait_message(wait) if wait else str(error)
        seen.add(typed)
        said = _unknown(error)
        link = common.link()
        if isinstance(error, NotFound) and said == str(error) and (link.key or link.student):
            return None, common.gone(code)
        return None, said


def no_room() -> None:
    """/classroom with no room: start a class, or join one."""
    intro()
    common.said()
    left, right = st.columns(2, gap="large")
    with left:
        start_a_class()
    with right:
        join_a_class()


def a_room_with_no_one(db: Store, room: Room) -> None:
    """The join link (a room and nothing else): back to this browser's own student if it joined
    before, else the form with the code filled in."""
    mine = common.remembered_token(room.code)
    if mine and db.student(room.code, mine) is not None:
        # This browser joined before: back to its own student, not a second one.
        common.go(room=room.code, student=mine)
        st.rerun()
    intro()
    common.said()
    if room.status(db.clock()) != "open":
        st.info(
            tr(
                "Class {code} has ended: it accepts no new students.",
                code=rooms.format_code(room.code),
            ),
            icon="🔒",
        )
        return
    join_a_class(room.code)


def bad_link(problem: str, code: str = "") -> None:
    intro()
    st.error(plain(problem))
    join_a_class(code)
