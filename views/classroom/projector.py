"""The audience screen: what the projector shows the class, from its own link (the room and a
projector token, never the teacher key). No control, no name, nothing to scroll: a slim strip
with the code and the QR code, then one screen at a time, sized from the screen's height so it
fits 1920×1080 and 1280×720 alike:

- before the first question: the code and a QR code the back row can scan, and how many joined;
- during a round: the question and its lists, the round, a large timer, how many answered (and
  the answers as they arrive, if the teacher chose to show them);
- at the reveal: the results, one step at a time (`classroom.reveal`: the answer and each
  round's answers; how the class moved and how sure it was; what the wrong answers point to;
  why; what the twin question showed), stepping by itself every `reveal.STEP_SECONDS`, or
  when the teacher's screen moves it (then by itself again from there);
- during the concept check: how many have sent it; after it: what the class learned.

One fragment redraws it every `common.LIVE_SECONDS` from the database; it reads the room, the
question and one count, so the projector stays cheap whatever the size of the class.
"""

from __future__ import annotations

from html import escape

import streamlit as st
from sqlalchemy.exc import SQLAlchemyError

from classroom import peer, questions, reveal, rooms
from classroom.store import Posed, Room, Store
from i18n import tr, trn
from ndcg_core.display import count
from ui.text import plain

from . import charts, check, common, show

# Sizes follow the screen's height as much as its width (a 16:9 projector: 28 px at 1080, 19 px
# at 720), so one layout fits both; nothing scrolls.
STYLE = """
html { font-size: min(1.5vw, 2.6vh); }
[data-testid="stMainBlockContainer"] { max-width: 100%; padding: 0.6rem 2rem 0.5rem 2rem; }
/* The app's styles and scripts are empty rows at the top: no gap between them. */
[data-testid="stMainBlockContainer"] > [data-testid="stVerticalBlock"] { gap: 0; }
[data-testid="stAppViewContainer"], [data-testid="stMain"] { overflow: hidden; }
/* Nothing to reach by keyboard on a screen no one operates, not even the skip link. */
[data-testid="stSkipToContent"] { display: none !important; }
.ndcg-strip { display: flex; align-items: center; gap: 1.2rem; border-bottom:
  2px solid rgba(128,128,128,0.35); padding-bottom: 0.3rem; margin-bottom: 0.4rem; }
.ndcg-strip .code { font-size: 1.7rem; font-weight: 800; letter-spacing: 0.08em; }
.ndcg-strip .join-at { font-size: 0.95rem; }
.ndcg-strip span.ndcg-qr { height: 3.4rem; width: 3.4rem; margin-left: auto; }
.ndcg-lobby { display: flex; align-items: center; gap: 3rem; justify-content: center; }
.ndcg-lobby span.ndcg-qr { height: 26rem; width: 26rem; flex: none; }
.stApp .ndcg-lobby p.code { font-size: 4.5rem; font-weight: 800; letter-spacing: 0.08em; }
.stApp .ndcg-lobby p.count { font-size: 2.4rem; font-weight: 700; }
.stApp p.ndcg-big { font-size: 4.2rem; font-weight: 800; line-height: 1.1; margin: 0; }
.stApp p.ndcg-round { font-size: 1.5rem; font-weight: 700; margin: 0 0 0.3rem; }
.stApp p.ndcg-steps { color: #646362; font-size: 0.9rem; margin: 0; }
.ndcg-chart { font-size: 1.1rem; }
.stApp .ndcg-gains td, .stApp .ndcg-gains th { padding: 0.05rem 0.6rem; font-size: 1rem; }
.stApp h3 { font-size: 1.45rem; padding: 0.2rem 0; }
.stApp div[data-testid="stMetricValue"] { font-size: 2.6rem; }
"""


def strip(room: Room) -> None:
    """The slim strip at the top: where to join, the code, a small QR code."""
    address = common.join_link(room.code)
    where = tr("Join at {address}", address=address)
    show.html(
        '<div class="ndcg-strip">'
        f'<span class="join-at">{escape(where)}</span>'
        f'<span class="code">{escape(rooms.format_code(room.code))}</span>'
        f"{common.qr_image(address, room.code)}</div>"
    )


def lobby(room: Room, students: int) -> None:
    """Before the first question: the code and a QR code the back row can scan."""
    address = common.join_link(room.code)
    # The address on a line of its own, in bold (the catalogue's text is the app's own).
    how = tr(
        "Scan the QR code, or open {address} and type the code",
        address=f"<br><strong>{escape(address)}</strong><br>",
    )
    joined = trn("{count} joined", "{count} joined", students, count=count(students))
    show.html(
        '<div class="ndcg-lobby">'
        f"{common.qr_image(address, room.code)}"
        f"<div><p>{how}</p>"
        f'<p class="code">{escape(rooms.format_code(room.code))}</p>'
        f'<p class="count" role="status">{escape(joined)}</p></div></div>'
    )


def in_round(db: Store, room: Room, posed: Posed, students: int) -> None:
    """A round under way: the question and its lists beside the round, its timer and count."""
    question = posed.question
    left, right = st.columns([3, 2], gap="large")
    with left:
        show.show_question(question, posed.number)
        show.show_lists(question)
    with right:
        show.html(f'<p class="ndcg-round">{escape(common.round_words(posed))}</p>')
        if posed.round == 2 and posed.prompt:
            st.markdown(f"💬 {plain(peer.prompt_words(posed.prompt))}")
        left_s = peer.seconds_left(posed.closes, db.clock())
        if left_s is not None:
            words = peer.timer_words(posed.closes, db.clock()).removeprefix("⏱ ")
            show.html(f'<p class="ndcg-big" role="timer">⏱ {escape(words)}</p>')
        answered = db.count(room.code, posed.number, posed.round)
        show.html(f'<p class="ndcg-big" role="status">{escape(of(answered, students))}</p>')
        st.markdown(tr("**answered**"))
        if room.show_live:
            texts = [a.answer for a in db.answers(room.code, posed.number, posed.round)]
            show.html(
                show.distribution(question, texts, revealed=False, caption=tr("The answers so far"))
            )


def of(part: int, whole: int) -> str:
    """'12 of 30', the big count of the projector."""
    return tr("{part} of {whole}", part=count(part), whole=count(whole))


def reveal_steps(db: Store, room: Room, posed: Posed) -> list:
    """The reveal, as steps that each fit the screen: functions that draw one, in the order
    `reveal.steps` gives."""
    question, number = posed.question, posed.number
    first = [a.answer for a in db.answers(room.code, number, 1)]
    two = posed.round == 2
    second = [a.answer for a in db.answers(room.code, number, 2)] if two else []
    final = second if two else first

    def answer() -> None:
        show.show_question(question, number)
        if question.is_numeric:
            st.markdown(show.answer_words(question.exercise.target))
        if two:
            show.show_rounds(question, first, second)
        else:
            show.show_round(
                question,
                first,
                title=show.round_title(1, twin=posed.twin_of is not None),
            )

    def moved() -> None:
        st.subheader(tr("Question {number}: how the class moved", number=number))
        show.show_shift(db.shift(room.code, number))
        if posed.confidence:
            confidence_table(question, db.answers(room.code, number, posed.round), posed.round)

    def sure() -> None:
        st.subheader(tr("Question {number}: how sure, and how right", number=number))
        confidence_table(question, db.answers(room.code, number, 1), 1)

    def wrong() -> None:
        show.what_wrong_answers_say(question, final)

    def explained() -> None:
        st.subheader(tr("Question {number}: why", number=number))
        st.markdown(plain(question.exercise.explanation))

    def twin() -> None:
        show.show_learned(db, room.code, posed.twin_of, number)

    drawn = {
        reveal.ANSWER: answer,
        reveal.MOVED: moved,
        reveal.SURE: sure,
        reveal.WRONG: wrong,
        reveal.WHY: explained,
        reveal.TWIN: twin,
    }
    return [drawn[step] for step in reveal.steps(posed, final)]


def confidence_table(question: questions.Question, given, round: int) -> None:
    rows = peer.by_confidence(question, [(a.answer, a.confidence) for a in given])
    body = [
        f'<tr><th scope="row">{escape(peer.confidence_words(r.level))}</th>'
        f'<td class="count">{count(r.right)}</td><td class="count">{count(r.wrong)}</td></tr>'
        for r in rows
    ]
    show.html(
        charts.table(
            tr("How sure in round {round}, and how right", round=round),
            (tr("How sure"), tr("Right"), tr("Wrong")),
            body,
        )
    )


def revealed(db: Store, room: Room, posed: Posed) -> None:
    steps = reveal_steps(db, room, posed)
    now = reveal.shown(posed, len(steps), db.clock())
    steps[now.at]()
    dots = " ".join("●" if n == now.at else "○" for n in range(len(steps)))
    steps_words = tr(
        "step {step} of {steps}, the next in {seconds} s",
        step=now.number,
        steps=now.count,
        seconds=now.seconds_left,
    )
    show.html(f'<p class="ndcg-steps" aria-hidden="true">{dots} &nbsp; {escape(steps_words)}</p>')


def checking(db: Store, room: Room, phase: str, students: int) -> None:
    sent = db.check_count(room.code, phase)
    st.subheader(check.phase_title(phase))
    st.markdown(tr("On your phone, on your own: it is not graded."))
    show.html(f'<p class="ndcg-big" role="status">{escape(of(sent, students))}</p>')
    st.markdown(tr("**have sent their answers**"))


def learned(db: Store, room: Room) -> None:
    found = db.check_results(room.code)
    taken = db.checks(room.code)
    phase = "post" if "post" in taken else "pre"
    st.subheader(tr("What the class learned") if phase == "post" else tr("Where the class starts"))
    check.results(found, tooltips=False, side_by_side=True)


def _latest_is_check(db: Store, room: Room, posed: Posed | None) -> bool:
    """Whether the screen should show the concept check's results: closed after the current
    question was posed (or with no question yet)."""
    closed = [c.closed for c in db.checks(room.code).values() if c.closed is not None]
    if not closed:
        return False
    return posed is None or max(closed) > posed.posed


@st.fragment(run_every=common.LIVE_SECONDS)
def audience(code: str) -> None:
    db = common.store()
    try:
        room = db.room(code)
        if room is None:
            st.error(common.gone(code))
            return
        now = db.clock()
        state = room.status(now)
        students = db.head_count(code)
        posed = None if room.current is None else db.question(code, room.current)
        if state != "open":
            strip(room)
            st.subheader(common.ended(code, state))
            return
        if posed is None and room.checking is None and not db.checks(code):
            lobby(room, students)
            return
        strip(room)
        if room.checking:
            checking(db, room, room.checking, students)
        elif _latest_is_check(db, room, posed):
            learned(db, room)
        elif posed is None:
            st.subheader(tr("Waiting for the first question…"))
        elif posed.revealed is None:
            in_round(db, room, posed, students)
        else:
            revealed(db, room, posed)
    except SQLAlchemyError:
        st.warning(tr(common.DB_SILENT))


def projector_screen(db: Store, room: Room) -> None:
    """The audience screen of `room` (its link's token checked by the caller)."""
    show.style(chrome=False)
    show.html(f"<style>{STYLE}</style>")
    audience(room.code)
