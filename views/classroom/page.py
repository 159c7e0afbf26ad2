"""Live classroom: the whole class predicts on their phones, the projector shows the answers
arrive, then the reveal; a concept check at the start and the end of class says what it learned.

Four views from one address, by the link's parameters (`ui.urlparams`: room, key, student,
projector):

- no `room`: start a class, or join one (`join`);
- `room` + `key`: the teacher's screen, with every control (`teacher`); in presenter view it
  says it is the teacher's, and points to the audience screen;
- `room` + `projector`: the audience screen for the projector: no control, no name, no key
  (`projector`);
- `room` + `student`: one student's screen, phone first (`student`); `room` alone is the join
  link (back to this browser's own student if it joined before).

State lives in the database (`classroom.store`), so any app process serves any screen and a
restart loses nothing; the screens refresh with fragments, not full reruns. The package, by
screen: `join`, `teacher` (with `asking`, `lists` and the concept check's controls in `check`),
`projector`, `student`; what they share in `common` (the store, the link, who is asking, the
watch) and `show` (what they draw), the charts as tables in `charts`.
"""

from __future__ import annotations

import streamlit as st
from sqlalchemy.exc import SQLAlchemyError

from classroom import rooms
from i18n import tr
from ui import share, urlparams
from ui.text import plain
from views.classroom import common, join, projector, student, teacher


def route(presenting: bool) -> None:
    """The screen the link asks for, after the checks that may refuse it."""
    link = common.link()
    if link.room is None:
        join.no_room()
        return
    db = common.store()
    room, problem = join.room_from_link(db, link.room)
    if room is None:
        join.bad_link(problem)
        return
    if link.key is not None:
        try:
            key = common.read(urlparams.TEACHER_KEY, link.key)
            db.teacher(room.code, key)
        except ValueError as error:  # not a key, or not this class's
            wait = common.count_failure()
            join.intro()
            st.error(plain(rooms.wait_message(wait) if wait else error))
            return
        teacher.teacher_screen(db, room, key, presenting)
        return
    if link.projector is not None:
        try:
            token = common.read(urlparams.PROJECTOR, link.projector)
            if not db.is_projector(room.code, token):
                raise ValueError(
                    tr(
                        "This projector link is not the one of class {code}: copy it again "
                        "from the teacher's screen.",
                        code=rooms.format_code(room.code),
                    )
                )
        except ValueError as error:
            wait = common.count_failure()
            join.intro()
            st.error(plain(rooms.wait_message(wait) if wait else error))
            return
        projector.projector_screen(db, room)
        return
    if link.student is not None:
        try:
            token = common.read(urlparams.STUDENT, link.student)
        except ValueError as error:
            join.bad_link(str(error), room.code)
            return
        student.student_screen(db, room, token)
        return
    join.a_room_with_no_one(db, room)


def main() -> None:
    try:
        route(share.is_presenting())
    except SQLAlchemyError as error:
        st.error(
            tr(
                "The classroom's database cannot be reached, so no class can run right now. "
                "({error}; see the README's “Live classroom” section for how the database is "
                "configured.)",
                error=plain(type(error).__name__),
            )
        )


main()
