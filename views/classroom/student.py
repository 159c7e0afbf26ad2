"""A student's screen, on a phone first: the round's banner and its timer, the question, and the
answer form lead the screen (the lists' chart follows, folded); the options are full-width
targets of at least 48 px; a new round brings the form into view; a revealed question shows no
timer; every chart is a table.

The round is a panel of its own (`round_panel`, a fragment that checks the class every 2 s, less
often in a big class: `common.watch_seconds`): a new round, a timer set, extended or run out, and the answer sent are drawn by
the panel alone, at each phone's own tick, so a round change costs the server one small redraw
per phone, spread over the interval by when each phone joined; only a new question, a reveal, a
list sent or the concept check redraw the whole screen, and those redraws are spread further in
a big class (`common.redraw_all`).
"""

from __future__ import annotations

from html import escape

import streamlit as st
from sqlalchemy.exc import SQLAlchemyError

from classroom import peer, questions, rooms
from classroom.store import Posed, Room, Store
from i18n import tr
from lessons import practice
from ui import inputs, language
from ui.text import plain

from . import check, common, show
from .common import PAGE

SCROLLED = f"{PAGE}_scrolled"  # the (question, round) whose form this session brought into view
# Brings the answer form into view once, when a round begins (the panel emits it then only).
SCROLL = """<script>
(() => {
  let tries = 0;
  const go = () => {
    const doc = window.parent ? window.parent.document : document;
    const form = doc.querySelector('.st-key-classroom_student_form');
    if (form) { form.scrollIntoView({block: 'center', behavior: 'smooth'}); return; }
    if (tries++ < 40) setTimeout(go, 50);
  };
  go();
})();
</script>"""


def student_language() -> None:
    """The language switch, at the foot of a student's screen: the screen has no sidebar (it
    must not lead anyone off the class), and a phone whose browser speaks another language than
    its student reads should not leave them stuck in it. The choice stays in this phone's link."""
    language.switch(key=f"{PAGE}_student_language")


def field(number: int, round: int, what: str = "answer") -> str:
    """A student form's widget key: round 1 keeps the key it always had."""
    return f"{PAGE}_{what}_{number}" + ("" if round == 1 else f"_r{round}")


def _mine_key(number: int, round: int, now: int) -> str:
    return f"{PAGE}_mine_{number}_{round}_{now}"


def my_answer(db: Store, code: str, token: str, number: int, round: int, now: int):
    """This student's answer in `round`, while the question is in round `now`: read once per
    round and session, then kept (the panel ticks every two seconds; the answer changes only
    when this very screen sends one)."""
    key = _mine_key(number, round, now)
    if key not in st.session_state:
        st.session_state[key] = db.my_answer(code, token, number, round)
    return st.session_state[key]


# ---------------------------------------------------------------------------------------------
# Sending an answer: one small function, the same for every answer this screen sends
# ---------------------------------------------------------------------------------------------


def submit(code: str, token: str, posed: Posed, given: object, sure: object) -> tuple[str, str]:
    """Check an answer (and how sure) as the form holds them, store it, and say how it went:
    (kind, message) for `common.say`. The classroom answer form's one submit path (practice and
    the lessons check theirs with `ui.predict.submit`)."""
    question, number, round = posed.question, posed.number, posed.round
    if given is None or given == "":
        return "warning", (
            tr("Type a number first.")
            if question.is_numeric
            else tr("Pick one of the options first.")
        )
    if posed.confidence:
        if sure not in peer.CONFIDENCE:
            return "warning", tr("Say how sure you are too.")
    else:
        sure = None
    if not question.is_numeric:
        given = inputs.chosen_index(given, question.options)
        if given is None:
            return "error", tr(inputs.UNREADABLE_CHOICE)
    try:
        answer = questions.accept(question, given)
        common.store().answer(code, token, number, answer, round=round, confidence=sure)
    except practice.UnreadableAnswer as error:
        return "error", tr("That answer could not be read: {problem}", problem=error)
    except ValueError as error:
        return "error", str(error)
    # The note under the form says what was sent and until when it can change.
    st.session_state.pop(_mine_key(number, round, round), None)
    return "success", tr("Your answer is in.")


def _send(code: str, token: str, posed: Posed) -> None:
    """The answer form's callback."""
    state = st.session_state
    number, round = posed.number, posed.round
    common.say(
        *submit(
            code,
            token,
            posed,
            state.get(field(number, round)),
            state.get(field(number, round, "sure")),
        )
    )


def your_answer(code: str, token: str, posed: Posed, mine) -> None:
    question, number, round = posed.question, posed.number, posed.round
    answer_key, sure_key = field(number, round), field(number, round, "sure")
    with (
        st.container(key="classroom_student_form"),
        st.form(f"{PAGE}_answer_form_{number}_{round}", border=False),
    ):
        label = tr("Your answer") if round == 1 else tr("Your answer now")
        if question.is_numeric:
            st.text_input(
                label,
                value=mine.answer if mine else "",
                max_chars=rooms.ANSWER_LIMIT,
                placeholder=tr(common.ANSWER_PLACEHOLDER),
                key=answer_key,
            )
        else:
            if inputs.drop_unreadable_choice(answer_key, question.options):
                common.say("error", tr(inputs.UNREADABLE_CHOICE))
            # The options are their texts (what the browser sends back), mapped to an index
            # only once checked: see ui/inputs.py.
            st.radio(
                label,
                question.options,
                index=int(mine.answer) if mine else None,
                key=answer_key,
            )
        if posed.confidence:
            # The same guard as the answer's: a value the browser could not have sent (once a
            # TypeError in the sender's session) is dropped before the radio is drawn.
            if inputs.drop_unreadable_choice(sure_key, peer.CONFIDENCE):
                common.say("error", tr("How sure you are could not be read: pick it again."))
            # The options are the levels' English words (what is sent and stored), each shown
            # in the student's language.
            st.radio(
                tr("How sure are you?"),
                peer.CONFIDENCE,
                index=None if mine is None or mine.confidence is None else mine.confidence,
                format_func=language.worded(sure_key, peer.confidence_words),
                horizontal=True,
                key=sure_key,
            )
        st.form_submit_button(
            tr("Change my answer") if mine else tr("Send my answer"),
            type="primary",
            on_click=_send,
            args=(code, token, posed),
        )
    note, scroll = _places()
    if mine:
        note.info(
            tr(
                "Your answer: **{answer}**. You can change it until this round closes.",
                answer=plain(questions.said(question, mine.answer)),
            ),
            icon="✉️",
        )
    if st.session_state.get(SCROLLED) != (number, round):
        st.session_state[SCROLLED] = (number, round)
        scroll.html(SCROLL, unsafe_allow_javascript=True)


def _places() -> tuple:
    """The places under the question, drawn on every run of the round panel, empty when they
    have nothing to show: a callback's message, the student's answer (returned), and the
    script that brings a new round's form into view (returned). Each line so keeps its place
    from one run to the next and a redraw replaces it where it is. Were "Your answer is in."
    drawn only once, the panel's next tick would draw the answer line one place up, leaving the
    copy below to Streamlit's removal of stale elements, which overlapping runs can skip (the
    form's submit, a tick, a redraw of the whole screen): a phone kept both copies."""
    message, note, scroll = st.empty(), st.empty(), st.empty()
    common.said(message)
    return note, scroll


def said_before(question: questions.Question, first) -> None:
    """A student's own round-1 answer, shown to them alone in round 2 and after."""
    if first is None:
        st.caption(tr("You did not answer in round 1."))
        return
    answer = plain(questions.said(question, first.answer))
    if first.confidence is None:
        st.markdown(tr("In round 1 you answered **{answer}**.", answer=answer))
    else:
        st.markdown(
            tr(
                "In round 1 you answered **{answer}** ({sure}).",
                answer=answer,
                sure=peer.confidence_words(peer.CONFIDENCE[first.confidence]),
            )
        )


def round_panel(code: str, token: str, number: int, drawn: tuple, every: float) -> None:
    """The round on a phone, in reading order: its banner and time left, the discussion prompt
    and the student's own round-1 answer in round 2, the question, the form while the round
    takes answers. Redrawn by itself every `every` seconds; the whole screen only when the
    class has moved past this question (a reveal, a new question, a list, the check)."""
    st.fragment(_round_panel, run_every=every)(code, token, number, drawn)


def _round_panel(code: str, token: str, number: int, drawn: tuple) -> None:
    db = common.store()
    try:
        now = common.snapshot(db, code)
    except SQLAlchemyError:
        st.caption(tr(common.LOST))
        return
    if now.signature is None:
        st.error(common.gone(code))
        return
    if now.full != drawn or now.posed is None or now.posed.number != number:
        common.redraw_all(now.students)
    posed = now.posed
    question = posed.question
    with st.container(key="classroom_round_banner"):
        # A live region: a screen reader says the new round (or the time running out) when the
        # panel redraws it.
        timer = peer.timer_words(posed.closes, db.clock())
        words = common.round_words(posed) + (f" · {timer}" if timer else "")  # two phrases
        show.html(f'<p role="status" aria-live="polite">{escape(words)}</p>')
    if posed.round == 2:
        st.info(plain(peer.prompt_words(posed.prompt)), icon="💬")
        said_before(question, my_answer(db, code, token, number, 1, 2))
    show.show_question(question, number)
    mine = my_answer(db, code, token, number, posed.round, posed.round)
    if posed.taking(db.clock()):
        your_answer(code, token, posed, mine)
        return
    note, _ = _places()
    if mine:
        note.info(
            tr(
                "Answers are closed. Yours: **{answer}**. Wait for your teacher…",
                answer=plain(questions.said(question, mine.answer)),
            ),
            icon="⏳",
        )
    else:
        note.info(tr("Answers are closed for this round. Wait for your teacher…"), icon="⏳")


def result(db: Store, code: str, token: str, posed: Posed) -> None:
    """A revealed question on a phone: the verdict on the student's last answer, their answer
    beside the class's, the options marked, the class's answers (a table per round), and the
    worked solution on request. No timer: the round is over."""
    question, number = posed.question, posed.number
    final_round = posed.round
    mine = db.my_answer(code, token, number, final_round)
    first = db.my_answer(code, token, number, 1) if final_round == 2 else None
    texts = [a.answer for a in db.answers(code, number, final_round)]
    text = mine.answer if mine else None
    # Judged: the last answer given (round 1's, for a student who sat round 2 out).
    judged = text if text is not None else (first.answer if first else None)
    show.show_question(question, number)
    if judged is not None:
        verdict = questions.verdict(question, judged)
        (st.success if verdict.correct else st.error)(
            f"**{verdict.headline}** {plain(verdict.detail)}"
        )
        if text is None:
            st.caption(tr("That is your round-1 answer: you did not answer in round 2."))
    else:
        st.info(tr("You did not answer this one. Here is the solution."), icon="📖")
    if final_round == 2:
        said_before(question, first)
    st.markdown(plain(questions.compared(question, text, texts)))
    if not question.is_numeric:
        show.show_options_marked(question, text)
    if final_round == 2:
        show.show_rounds(
            question,
            [a.answer for a in db.answers(code, number, 1)],
            texts,
            mine=(None if first is None else first.answer, text),
        )
    else:
        title = show.round_title(1, twin=posed.twin_of is not None)
        show.html(
            show.distribution(
                question, texts, revealed=True, caption=show.answers_caption(title), mine=text
            )
        )
    # On request: the worked solution is the reveal's heaviest part, and the projector shows
    # it to the whole class.
    if st.toggle(tr("Show the worked solution"), key=f"{PAGE}_solution_shown_{number}"):
        show.show_solution(question, number)


def student_screen(db: Store, room: Room, token: str) -> None:
    me = db.student(room.code, token)
    if me is None:
        st.title(common.page_title())
        if db.was_removed(room.code, token):
            st.error(
                tr(
                    "Your teacher removed you from class {code}: ask them if this was a mistake.",
                    code=rooms.format_code(room.code),
                )
            )
            return
        st.error(
            tr(
                "This student link is not from this class (or the class was deleted): join it "
                "again with the code on the board."
            )
        )
        from .join import join_a_class

        join_a_class(room.code)
        return
    common.keep_in_browser(room.code, token)
    show.style(phone=True, chrome=False)
    now = common.snapshot(db, room.code)
    state = room.status(db.clock())
    st.caption(tr("Class {code}", code=rooms.format_code(room.code)))
    if me.name:
        st.text(tr("You are {name}", name=me.name))
    if state != "open":
        st.info(tr("This class has ended. Thank you for taking part!"), icon="🔒")
        student_language()
        return
    posed = now.posed
    if room.checking:
        check.student_check(db, room.code, token, room.checking)
    elif posed is None:
        st.info(tr("You are in. Waiting for your teacher's first question…"), icon="⏳")
        common.said()
    elif posed.revealed is None:
        every = common.watch_seconds(now.students)
        round_panel(room.code, token, posed.number, now.full, every)
        if show.has_lists_chart(posed.question):
            with st.expander(tr("The lists as bars")):
                show.show_lists(posed.question)
    else:
        result(db, room.code, token, posed)
    if room.pushed:
        show.show_pushed_list(room.pushed)
    student_language()
    if posed is None or posed.revealed is not None or room.checking:
        common.watch(room.code, now.full, every=common.watch_seconds(now.students))
