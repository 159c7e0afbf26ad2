"""The concept check on every screen: the teacher opens it at the start of class and at the end
(6 to 8 concepts of the inventory, `classroom.concepts`), each phone answers its form, the
projector counts who has sent theirs, and once both are closed every screen that shows results
says what the class learned: the scores at the start and the end, Hake's ⟨g⟩ over the students
who took both (and how many), the gain per concept, and one line on what ⟨g⟩ means."""

from __future__ import annotations

from html import escape

import streamlit as st
from sqlalchemy.exc import SQLAlchemyError

from classroom import concepts, gains, questions
from classroom.store import Room, Store
from i18n import tr, trn
from lessons import practice
from ndcg_core.display import count
from ui import inputs, language
from ui.text import plain

from . import charts, common, show
from .common import PAGE

CHOSEN = f"{PAGE}_check_concepts"


def phase_title(phase: str) -> str:
    return tr(concepts.PHASE_TITLES[phase])


# ---------------------------------------------------------------------------------------------
# The teacher
# ---------------------------------------------------------------------------------------------


def _open(code: str, key: str, phase: str) -> None:
    chosen = st.session_state.get(CHOSEN) or list(concepts.DEFAULT)
    common.act(common.store().open_check, code, key, phase, chosen)


def teacher_controls(db: Store, room: Room, key: str) -> None:
    """Open the check at the start or the end of class, close it, and see what it says."""
    taken = db.checks(room.code)
    now_open = room.checking
    with st.expander(
        tr("Concept check: what the class learned"), expanded=bool(now_open) or not taken
    ):
        st.caption(
            tr(
                "A few questions on the ideas of NDCG, each student on their own phone, at the "
                "start of class and again at the end (each in another form: the same idea on "
                "other lists). The two give the class's normalised gain ⟨g⟩."
            )
        )
        if now_open:
            live_count(room.code, now_open)
            st.button(
                tr("Close the check"),
                key=f"{PAGE}_check_close",
                type="primary",
                on_click=common.act,
                args=(db.close_check, room.code, key, now_open),
                help=tr("It takes no more answers; its scores count."),
            )
            return
        if "pre" not in taken:
            st.multiselect(
                tr(
                    "Its concepts ({least} to {most})",
                    least=concepts.MIN_CONCEPTS,
                    most=concepts.MAX_CONCEPTS,
                ),
                [c.key for c in concepts.INVENTORY],
                default=list(concepts.DEFAULT),
                format_func=language.worded(CHOSEN, concept_name),
                max_selections=concepts.MAX_CONCEPTS,
                key=CHOSEN,
            )
            st.button(
                tr("Start the check (start of class)"),
                key=f"{PAGE}_check_pre",
                on_click=_open,
                args=(room.code, key, "pre"),
            )
            return
        if "post" not in taken:
            st.button(
                tr("Start the check again (end of class)"),
                key=f"{PAGE}_check_post",
                type="primary",
                on_click=_open,
                args=(room.code, key, "post"),
                help=tr("The same concepts, each student in the other form."),
            )
        results(db.check_results(room.code))


@st.fragment(run_every=common.LIVE_SECONDS)
def live_count(code: str, phase: str) -> None:
    """How many have sent the check, live."""
    db = common.store()
    try:
        sent, students = db.check_count(code, phase), db.head_count(code)
    except SQLAlchemyError:
        st.warning(tr(common.DB_SILENT))
        return
    st.metric(
        tr("{check}: sent", check=phase_title(phase)),
        tr("{sent} of {students}", sent=count(sent), students=count(students)),
    )


# ---------------------------------------------------------------------------------------------
# The results, on the teacher's screen, the projector and after class
# ---------------------------------------------------------------------------------------------


def results(
    found: concepts.Results | None, *, tooltips: bool = True, side_by_side: bool = False
) -> None:
    """The scores at each end, ⟨g⟩ over the matched students and what it means, the gain per
    concept (a table). On the projector (`tooltips=False`, it holds no control) the numbers
    stand beside the table (`side_by_side`), so the whole fits one screen."""
    if found is None:
        return
    whole = found.gain
    if side_by_side:
        numbers, table = st.columns([2, 3], gap="large")
        cards = (numbers, numbers, numbers)
    else:
        table = st.container()
        cards = st.columns(3)
    start, end, gain = cards
    start.metric(
        tr("Start of class"),
        gains.share_words(found.mean("pre")),
        help=took(len(found.pre)) if tooltips else None,
    )
    end.metric(
        tr("End of class"),
        gains.share_words(found.mean("post")) if found.post else "—",
        help=took(len(found.post)) if tooltips else None,
    )
    gain.metric(tr("Class gain ⟨g⟩"), gains.gain_words(whole.g))
    with numbers if side_by_side else st.container():
        if not found.post:
            said = tr("{pre} took the check at the start.", pre=count(len(found.pre)))
        else:
            said = tr(
                "{pre} took the check at the start, {post} at the end. Over the {matched} who "
                "took both: {start} at the start, {end} at the end.",
                pre=count(len(found.pre)),
                post=count(len(found.post)),
                matched=count(whole.matched),
                start=gains.share_words(whole.pre),
                end=gains.share_words(whole.post),
            )
            if whole.pre_only or whole.post_only:
                said += " " + tr(
                    "({pre_only} took the first only, {post_only} the second only: left out.)",
                    pre_only=count(whole.pre_only),
                    post_only=count(whole.post_only),
                )
        st.markdown(said)
        if found.post:
            st.caption(gains.meaning())
    with table:
        show.html(concept_table(found))


def took(n: int) -> str:
    return trn("{count} student took it.", "{count} students took it.", n, count=count(n))


def concept_name(key: str) -> str:
    """A concept of the inventory by its name, in this run's language."""
    return tr(concepts.BY_KEY[key].name)


def concept_table(found: concepts.Results) -> str:
    """Per concept: the share right at the start and the end (matched students once both were
    taken; everyone who took the first before that), and its gain."""
    both = bool(found.post)
    rows = []
    for row in found.per_concept if both else ():
        name = concept_name(row.concept)
        rows.append(
            f'<tr><th scope="row">{escape(name)}</th><td>{gains.share_words(row.pre)}</td>'
            f"<td>{gains.share_words(row.post)}</td><td>{gains.gain_words(row.g)}</td></tr>"
        )
    if not both:
        taken = found.pre
        for key in found.concepts:
            right = sum(bool(r.get(key)) for r in taken.values())
            share = right / len(taken) if taken else None
            rows.append(
                f'<tr><th scope="row">{escape(concept_name(key))}</th>'
                f"<td>{gains.share_words(share)}</td></tr>"
            )
    if both:
        # Not "Start" and "End": "End" is also the board's button, which other languages word
        # differently (the end of a list, the end of a class).
        head = (tr("Concept"), tr("At the start"), tr("At the end"), tr("Gain"))
        caption = tr("Right per concept, and its gain")
    else:
        head = (tr("Concept"), tr("Right at the start"))
        caption = tr("Right per concept at the start")
    return charts.table(caption, head, rows, "ndcg-gains")


# ---------------------------------------------------------------------------------------------
# A student
# ---------------------------------------------------------------------------------------------


def _field(phase: str, concept: str) -> str:
    return f"{PAGE}_check_{phase}_{concept}"


def _send(code: str, token: str, phase: str) -> None:
    """The check form's callback: every answer given, checked, then stored together."""
    db = common.store()
    me = db.student(code, token)
    check = db.checks(code).get(phase)
    if me is None or check is None:
        common.say("error", tr("The concept check is closed: it takes no more answers."))
        return
    given, problems = {}, []
    for number, concept in enumerate(check.concepts, start=1):
        question = check.question(concept, concepts.form_for(me.id, phase))
        value = st.session_state.get(_field(phase, concept))
        if value is None or value == "":
            continue
        if not question.is_numeric:
            value = inputs.chosen_index(value, question.options)
            if value is None:
                problems.append(
                    tr(
                        "question {number}: {problem}",
                        number=number,
                        problem=tr(inputs.UNREADABLE_CHOICE),
                    )
                )
                continue
        try:
            given[concept] = questions.accept(question, value)
        except practice.UnreadableAnswer as error:
            problems.append(
                tr(
                    "question {number}: that answer could not be read: {problem}",
                    number=number,
                    problem=error,
                )
            )
        except ValueError as error:
            problems.append(tr("question {number}: {problem}", number=number, problem=error))
    if problems:
        common.say("error", " ".join([tr("Nothing was sent."), *problems]))
        return
    if not given:
        common.say("warning", tr("Answer at least one question first."))
        return
    try:
        db.answer_check(code, token, phase, given)
    except ValueError as error:
        common.say("error", str(error))
        return
    left = len(check.concepts) - len(given)
    if left:
        said = trn(
            "Your answers are in. {n} left blank counts as not known. You can change them until "
            "your teacher closes the check.",
            "Your answers are in. {n} left blank count as not known. You can change them until "
            "your teacher closes the check.",
            left,
        )
    else:
        said = tr("Your answers are in. You can change them until your teacher closes the check.")
    common.say("success", said)


def student_check(db: Store, code: str, token: str, phase: str) -> None:
    """The check on a phone: every question of the student's form, one form, one button."""
    me = db.student(code, token)
    check = db.checks(code).get(phase)
    if me is None or check is None:
        return
    mine = db.my_check(code, token, phase)
    with st.container(key="classroom_round_banner"):
        st.markdown(f"**{phase_title(phase)}**")
    st.caption(
        tr(
            "On your own, as well as you can: it is not graded. Your teacher sees how the class "
            "did, and what it learned by the end."
        )
    )
    common.said()
    with (
        st.container(key="classroom_student_form"),
        st.form(f"{PAGE}_check_form_{phase}", border=False),
    ):
        for number, concept in enumerate(check.concepts, start=1):
            question = check.question(concept, concepts.form_for(me.id, phase))
            answer = mine.get(concept)
            exercise = question.exercise
            st.markdown(f"**{number}. {plain(exercise.prompt)}**")
            if question.shows_lists:
                for line in show.list_lines(question):
                    st.markdown(plain(line))
            field = _field(phase, concept)
            if question.is_numeric:
                st.text_input(
                    tr("Your answer to question {number}", number=number),
                    value=answer.answer if answer else "",
                    max_chars=40,
                    placeholder=tr(common.ANSWER_PLACEHOLDER),
                    key=field,
                )
            else:
                inputs.drop_unreadable_choice(field, question.options)
                st.radio(
                    tr("Your answer to question {number}", number=number),
                    question.options,
                    index=int(answer.answer) if answer else None,
                    key=field,
                )
        st.form_submit_button(
            tr("Change my answers") if mine else tr("Send my answers"),
            type="primary",
            on_click=_send,
            args=(code, token, phase),
        )
    if mine:
        st.info(
            tr(
                "Your answers are in ({sent} of {asked}). You can change them until your teacher "
                "closes the check.",
                sent=count(len(mine)),
                asked=count(len(check.concepts)),
            ),
            icon="✉️",
        )
