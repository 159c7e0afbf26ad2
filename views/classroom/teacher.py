"""The teacher's screen: which screen is which (this one, with the controls; the audience screen
for the projector), how to join, who is in, the question and its rounds with peer instruction
first (after round 1 the primary move is round 2, and revealing early asks first), the reveal
(and which of its steps the audience screen shows: previous, next), the isomorphic twin, the
concept check, asking, question lists, a list sent to every screen, and after class the
summary, the CSV files, closing and deleting."""

from __future__ import annotations

import streamlit as st
from sqlalchemy.exc import SQLAlchemyError

from classroom import gains, peer, questions, reveal, rooms
from classroom.store import Posed, Room, Store
from i18n import N_, tr
from ndcg_core.display import count
from ui import link_box
from ui.text import plain

from . import asking, check, common, lists, show
from .common import PAGE

# ---------------------------------------------------------------------------------------------
# Which screen is which, and how to join
# ---------------------------------------------------------------------------------------------


def header(db: Store, room: Room, presenting: bool) -> str:
    state = room.status(db.clock())
    st.title(tr("🧑‍🏫 Class {code}", code=rooms.format_code(room.code)))
    if state == "open":
        # A strip of short phrases, each a message of its own, joined by dots.
        phrases = [tr("Teacher's screen")]
        if room.locked is not None:
            phrases.append(tr("joining locked"))
        phrases.append(
            tr("closes by itself in {time}", time=rooms.time_left(room.expires, db.clock()))
        )
        st.caption(" · ".join(phrases))
    else:
        st.warning(
            tr(
                "This class is closed: it accepts no new students or answers. Its results stay "
                "here until you delete them, or for {days}: then they are deleted by themselves.",
                days=rooms.retention_words(),
            ),
            icon="🔒",
        )
    return state


def which_screen(db: Store, room: Room, key: str, presenting: bool) -> None:
    """Say which screen this is, and give the audience screen's link for the projector."""
    link = common.projector_link(room.code, db.projector(room.code, key))
    if presenting:
        st.warning(
            tr(
                "This is **your** screen (the teacher's) in presenter view: the class would see "
                "your controls. Open the audience screen on the projector instead: it shows the "
                "code, the question and the answers, and nothing else."
            ),
            icon="🧑‍🏫",
        )
    else:
        st.info(
            tr(
                "**This is your screen**, with the controls (keep it on your laptop). **The "
                "projector** shows the audience screen: the code, the question, the timer and "
                "the answers, with no controls, no names and no key. Open this link there (it "
                "opens in the language you read now):"
            ),
            icon="📽️",
        )
    link_box.show(link, tr("The audience screen's link"))


def how_to_join(room: Room) -> None:
    if not st.toggle(tr("Show how to join"), value=True, key=f"{PAGE}_show_join"):
        return
    address = common.join_link(room.code)
    with st.container(border=True):
        # Before the first question the panel is half the screen: the code and the QR code side
        # by side; later, one above the other.
        words, picture = st.columns(2) if room.current is None else (st.container(),) * 2
        with words:
            # An h2 under the page's h1.
            st.header(tr("Code {code}", code=rooms.format_code(room.code)))
            st.markdown(tr("Scan the QR code, or open the link and type the code:"))
            link_box.show(address, tr("The join link"))
        with picture:
            show.html(common.qr_image(address, room.code, "ndcg-qr ndcg-qr-teacher"))
            st.caption(tr("Scan to join"))
        st.caption(
            tr(
                "Each phone opens the class in its own browser's language (English, Russian or "
                "Chinese) and can switch."
            )
        )
        if common.is_local(address):
            st.warning(
                tr(
                    "This link names this computer (localhost), which phones cannot open: open "
                    "the app by its network address (like http://192.168.1.20:8501) and the link "
                    "and QR code follow."
                )
            )


def who_is_in(db: Store, room: Room, key: str, presenting: bool = False) -> None:
    """Lock joining (and open it again), and take a student out of the class (by name: not
    in presenter view, where names are never shown)."""
    with st.expander(tr("Who is in")):  # the count is the live panel's
        if room.locked is None:
            st.button(
                tr("Lock joining"),
                key=f"{PAGE}_lock",
                on_click=common.act,
                args=(db.lock, room.code, key, True),
                help=tr("No new students; those in carry on."),
            )
        else:
            st.info(tr("Joining is locked: no new students."), icon="🔒")
            st.button(
                tr("Open joining again"),
                key=f"{PAGE}_unlock",
                on_click=common.act,
                args=(db.lock, room.code, key, False),
            )
        st.caption(
            tr(
                "A class holds at most {most} students, and takes at most {per_minute} new ones "
                "a minute; a browser joins once.",
                most=count(rooms.ROOM_CAP),
                per_minute=count(rooms.JOINS_PER_MINUTE),
            )
        )
        if presenting:
            st.caption(tr("To remove a student, leave presenter view: names are never shown here."))
            return
        students = db.students(room.code)
        if not students:
            return
        numbered = {s.id: n for n, s in enumerate(students, start=1)}
        names = {s.id: common.name_of(s.name, numbered[s.id]) for s in students}
        # A selectbox shows its options as plain text: a name as typed, never as Markdown.
        chosen = st.selectbox(
            tr("Remove a student (their answers leave the counts)"),
            list(names),
            index=None,
            format_func=names.get,
            placeholder=tr("Choose a student"),
            key=f"{PAGE}_remove_who",
        )
        st.button(
            tr("Remove from the class"),
            key=f"{PAGE}_remove",
            disabled=chosen is None,
            on_click=_remove,
            args=(room.code, key, chosen),
        )


def _remove(code: str, key: str, student: int | None) -> None:
    if student is None:
        return
    try:
        common.store().remove(code, key, student)
    except ValueError as error:
        common.say("error", str(error))
        return
    st.session_state.pop(f"{PAGE}_remove_who", None)
    common.say(
        "success",
        tr("Removed: their answers no longer count, and their browser cannot join again."),
    )


# ---------------------------------------------------------------------------------------------
# The live panels: the head count, the round, its time, the answers arriving
# ---------------------------------------------------------------------------------------------


def joined(students: int) -> None:
    """The head count against the cap. Drawn only in a live panel, from the same reading as
    the panel's other counts: a count drawn outside it would go stale while these move."""
    st.caption(
        tr(
            "{students} of at most {most} joined",
            students=count(students),
            most=count(rooms.ROOM_CAP),
        )
    )


@st.fragment(run_every=common.LIVE_SECONDS)
def lobby(code: str) -> None:
    """Before the first question: who has joined, live."""
    db = common.store()
    try:
        room = db.room(code)
        students = db.head_count(code)
    except SQLAlchemyError:
        st.warning(tr(common.DB_SILENT))
        return
    if room is None:
        st.error(common.gone(code))
        return
    st.metric(tr("Joined"), count(students))
    joined(students)
    st.info(
        tr("Pose a question below when the class is in, or start the concept check."), icon="👇"
    )


@st.fragment(run_every=common.LIVE_SECONDS)
def live_answers(code: str, number: int, presenting: bool = False) -> None:
    """The teacher's panel: the round, its time left, how many answered, and (when the teacher
    chose to show it on the projector) the spread as it arrives; names on the teacher's own
    screen only, never in presenter view."""
    db = common.store()
    try:
        room = db.room(code)
        posed = None if room is None else db.question(code, number)
        answers = [] if posed is None else db.answers(code, number, posed.round)
        students = db.students(code)
    except SQLAlchemyError:
        st.warning(tr(common.DB_SILENT))
        return
    if room is None or posed is None:
        st.error(common.gone(code))
        return
    now = db.clock()
    state = room.status(now)
    if state != "open":
        st.warning(common.ended(code, state), icon="🔒")
    st.subheader(common.round_words(posed))
    if posed.round == 2 and posed.prompt:
        st.info(plain(peer.prompt_words(posed.prompt)), icon="💬")
    timer = peer.timer_words(posed.closes, now)
    if timer:
        st.markdown(f"**{timer}**")
    st.metric(
        tr("Answered"),
        tr("{part} of {whole}", part=count(len(answers)), whole=count(len(students))),
    )
    joined(len(students))
    if room.show_live:
        show.html(
            show.distribution(
                posed.question,
                [a.answer for a in answers],
                revealed=False,
                caption=tr("{round}: answers so far", round=common.round_words(posed)),
            )
        )
    else:
        st.caption(
            tr(
                "Only how many have answered is shown until the reveal, so each answers on "
                "their own."
            )
        )
    if not presenting:
        names(answers, students)


def names(answers, students) -> None:
    """Who has answered, by name: on the teacher's own screen only (the page never calls this
    in presenter view), and only once the teacher switches it on."""
    if not st.toggle(tr("Show names (on this screen only)"), value=False, key=f"{PAGE}_names"):
        st.caption(
            tr(
                "Names are hidden; the switch shows who has answered (never what), on this "
                "screen only: never in presenter view, never on the audience screen."
            )
        )
        return
    done = {a.student for a in answers}
    numbered = {s.id: n for n, s in enumerate(students, start=1)}
    have = [common.name_of(s.name, numbered[s.id]) for s in students if s.id in done]
    yet = [common.name_of(s.name, numbered[s.id]) for s in students if s.id not in done]
    # A text element: a name shows exactly as typed (no links, no entities, nothing added).
    st.text(tr("Answered: {names}", names=", ".join(have) or "—"))
    st.text(tr("Not yet: {names}", names=", ".join(yet) or "—"))


# ---------------------------------------------------------------------------------------------
# The question and its rounds
# ---------------------------------------------------------------------------------------------


def current_question(db: Store, room: Room, key: str, state: str, presenting: bool) -> None:
    if room.checking:
        st.subheader(check.phase_title(room.checking))
        st.caption(tr("Every phone shows the check; the concept check's fold below closes it."))
        return
    if room.current is None:
        if state == "open":
            lobby(room.code)
            next_from_list(db, room, key)
        return
    posed = db.question(room.code, room.current)
    if posed is None:  # deleted from another device since this run began
        st.error(plain(common.gone(room.code)))
        return
    question = posed.question
    show.show_question(question, posed.number)
    if posed.revealed is None:
        if state == "open":
            live_answers(room.code, posed.number, presenting)
            round_controls(db, room, key, posed)
        show.show_lists(question)
        return
    if state == "open":
        screen_steps(room.code, key, posed.number)
    the_reveal(db, room, posed)
    if state == "open":
        twin_button(db, room, key, posed)
        asking.next_exercise(room, key, question, state)
        next_from_list(db, room, key)


def round_controls(db: Store, room: Room, key: str, posed: Posed) -> None:
    """The teacher's moves during a round, peer instruction first: after round 1, start round 2
    (the class discusses, then answers again; its time is round 1's unless changed), and only
    as a second choice reveal now, after a confirmation; in round 2 (or a twin), reveal. Time:
    more of it while the round runs, or reopen it once closed; close it early."""
    code, number = room.code, posed.number
    taking = posed.taking(db.clock())
    if posed.round == 1 and posed.twin_of is None:
        with st.container(border=True, key=f"{PAGE}_round2_box"):
            st.markdown(tr("**Next: round 2.** The class discusses, then answers again."))
            # A box tall enough to read the whole prompt before starting. The default shows in
            # the teacher's language; left as it is, every phone shows it in its own language
            # (`peer.read_prompt`), while a prompt the teacher types is shown as typed.
            st.text_area(
                tr("Discussion prompt (every screen shows it)"),
                height=80,
                value=tr(peer.DEFAULT_PROMPT),
                max_chars=peer.PROMPT_LIMIT,
                key=f"{PAGE}_prompt",
                help=tr(
                    "Left as it is, each phone shows it in its own language; a prompt you type "
                    "is shown as you typed it."
                ),
            )
            asking.timer_choice(
                tr("Time for round 2"), f"{PAGE}_seconds2_{number}", default=posed.seconds1
            )
            st.button(
                tr("Start round 2 (discuss)"),
                key=f"{PAGE}_round2",
                type="primary",
                on_click=_second_round,
                args=(code, key, number),
                help=tr(
                    "Round 1's answers close; each student sees their own round-1 answer and "
                    "answers again after discussing."
                ),
            )
        with st.popover(tr("Reveal now (skip discussion)…"), key=f"{PAGE}_reveal_early"):
            st.markdown(
                tr(
                    "Reveal without a second round? The class will not discuss, and a reveal "
                    "cannot be undone."
                )
            )
            st.button(
                tr("Yes, reveal now"),
                key=f"{PAGE}_reveal",
                on_click=common.act,
                args=(db.reveal, code, key, number),
            )
    else:
        st.button(
            tr("Reveal the answer"),
            key=f"{PAGE}_reveal",
            type="primary",
            on_click=common.act,
            args=(db.reveal, code, key, number),
            help=tr(
                "Everyone sees the right answer, the worked solution and how the class answered."
            ),
        )
    more, stop = st.columns(2)
    seconds = peer.EXTEND_SECONDS
    more.button(
        tr("+{seconds} s", seconds=seconds)
        if taking
        else tr("Reopen for {seconds} s", seconds=seconds),
        key=f"{PAGE}_extend",
        on_click=common.act,
        args=(db.extend, code, key, number, seconds),
        help=tr("More time for this round.")
        if taking
        else tr(
            "The answers are closed: this opens the round again for {seconds} s.", seconds=seconds
        ),
    )
    if taking:
        stop.button(
            tr("Close answers now"),
            key=f"{PAGE}_close_answers",
            on_click=common.act,
            args=(db.close_answers, code, key, number),
        )
    st.toggle(
        tr("Show the answers on the projector as they arrive"),
        value=room.show_live,
        key=f"{PAGE}_show_live",
        on_change=_show_live,
        args=(code, key),
        help=tr(
            "Off by default: the class sees only how many have answered, so each answers on "
            "their own."
        ),
    )


def _second_round(code: str, key: str, number: int) -> None:
    # A callback runs before the script: it reads what is typed now, not at the last run.
    state = st.session_state
    prompt, seconds = state.get(f"{PAGE}_prompt"), state.get(f"{PAGE}_seconds2_{number}")
    common.act(common.store().second_round, code, key, number, prompt, seconds)


def _show_live(code: str, key: str) -> None:
    common.act(common.store().show_live, code, key, bool(st.session_state.get(f"{PAGE}_show_live")))


@st.fragment(run_every=common.LIVE_SECONDS)
def screen_steps(code: str, key: str, number: int) -> None:
    """Which step of the reveal the audience screen shows, live (it steps by itself), and the
    teacher's previous and next: the screen follows within its own live refresh, and steps by
    itself again from the step chosen (`classroom.reveal`)."""
    db = common.store()
    try:
        posed = db.question(code, number)
        final = [] if posed is None else db.answers(code, number, posed.round)
    except SQLAlchemyError:
        st.warning(tr(common.DB_SILENT))
        return
    if posed is None or posed.revealed is None:
        return
    order = reveal.steps(posed, [a.answer for a in final])
    now = reveal.shown(posed, len(order), db.clock())
    with st.container(border=True, key=f"{PAGE}_steps_box"):
        st.markdown(
            tr(
                "📽️ The audience screen shows **step {step} of {steps}: {name}**",
                step=now.number,
                steps=now.count,
                name=tr(reveal.NAMES[order[now.at]]),
            )
        )
        back, on = st.columns(2)
        # Each button moves on from the step shown here, whatever the clock did since.
        back.button(
            tr("← Previous step"),
            key=f"{PAGE}_step_back",
            on_click=common.act,
            args=(db.show_step, code, key, number, reveal.moved(now.at, now.count, -1)),
            width="stretch",
        )
        on.button(
            tr("Next step on the screen →"),
            key=f"{PAGE}_step_next",
            type="primary",
            on_click=common.act,
            args=(db.show_step, code, key, number, reveal.moved(now.at, now.count, 1)),
            width="stretch",
        )
        st.caption(
            tr(
                "The screen moves on by itself every {every} s (the next in {seconds} s), from "
                "the step you choose; after the last step comes the first.",
                every=int(reveal.STEP_SECONDS),
                seconds=now.seconds_left,
            )
        )


def the_reveal(db: Store, room: Room, posed: Posed) -> None:
    number, question = posed.number, posed.question
    first = db.answers(room.code, number, 1)
    texts = [a.answer for a in first]
    if posed.round == 2:
        second = db.answers(room.code, number, 2)
        if not question.is_numeric:
            show.show_options_marked(question)
        show.show_rounds(question, texts, [a.answer for a in second])
        show.show_shift(db.shift(room.code, number))
        final, texts = second, [a.answer for a in second]
    else:
        tally = questions.tally(question, texts)
        st.metric(
            tr("Right"),
            tr("{part} of {whole}", part=count(tally.right), whole=count(tally.answered)),
        )
        if not question.is_numeric:
            show.show_options_marked(question)
        title = show.round_title(1, twin=posed.twin_of is not None)
        show.html(
            show.distribution(question, texts, revealed=True, caption=show.answers_caption(title))
        )
        final = first
    if posed.confidence:
        show.show_confidence(question, final, posed.round)
    show.what_wrong_answers_say(question, texts)
    if posed.twin_of is not None:
        show.show_learned(db, room.code, posed.twin_of, number)


def twin_button(db: Store, room: Room, key: str, posed: Posed) -> None:
    """After a reveal: pose the question's isomorphic twin, with one press."""
    if posed.twin_of is not None or db.twin_of(room.code, posed.number) is not None:
        return
    st.button(
        tr("Pose its twin: the same idea on other lists, answered alone →"),
        key=f"{PAGE}_twin",
        type="primary" if posed.round == 2 else "secondary",
        on_click=common.act,
        args=(db.pose_twin, room.code, key, posed.number),
        help=tr(
            "Did the discussion teach, or did the class copy? An isomorphic question, answered "
            "alone, tells (Smith et al., Science 2009); its weighted learning gain shows after "
            "its reveal."
        ),
    )


def next_from_list(db: Store, room: Room, key: str) -> None:
    """ "Next" from the question list loaded for this class."""
    item = room.next_item
    if item is None or room.status(db.clock()) != "open":
        return
    st.button(
        tr(
            "Next from your list ({number} of {total}): {title} →",
            number=room.plan_next + 1,
            total=len(room.plan),
            title=item.question.exercise.title,
        ),
        key=f"{PAGE}_plan_next",
        type="primary",
        on_click=common.act,
        args=(db.pose_next, room.code, key),
    )


def worked_solution(db: Store, room: Room) -> None:
    """After the reveal, the worked solution across the whole screen: its formulas are wide."""
    posed = None if room.current is None else db.question(room.code, room.current)
    if posed is None or posed.revealed is None:
        return
    with st.expander(tr("The worked solution"), expanded=True):
        show.show_solution(posed.question, posed.number)


# ---------------------------------------------------------------------------------------------
# After class
# ---------------------------------------------------------------------------------------------


SUMMARY_COLUMNS = (
    N_("Question"),
    N_("Asked"),
    N_("Right in round 1"),
    N_("Right in round 2"),
    N_("Right on its twin"),
    N_("Moved to right"),
    N_("Moved away"),
    N_("Weighted learning gain"),
)


def summary(db: Store, room: Room) -> None:
    """Per question: right in round 1, round 2 and on its twin, who moved, and its weighted
    learning gain (the same numbers as the reveal: `Store.shift`, `Store.learning`)."""
    posed = db.questions(room.code)
    if not posed:
        return
    rows: dict[str, list] = {name: [] for name in SUMMARY_COLUMNS}
    for p in posed:
        moved = db.shift(room.code, p.number)
        two = p.round == 2
        twin = db.twin_of(room.code, p.number)
        learning = db.learning(room.code, p.number)
        twin_texts = [] if twin is None else [a.answer for a in db.answers(room.code, twin.number)]
        twin_tally = None if twin is None else questions.tally(twin.question, twin_texts)
        rows["Question"].append(
            tr("{number} (twin of {original})", number=p.number, original=p.twin_of)
            if p.twin_of
            else str(p.number)
        )
        rows["Asked"].append(p.question.exercise.title)
        rows["Right in round 1"].append(peer.share_words(moved.right1, moved.first))
        rows["Right in round 2"].append(
            peer.share_words(moved.right2, moved.second) if two else tr("one round")
        )
        rows["Right on its twin"].append(
            peer.share_words(twin_tally.right, twin_tally.answered) if twin_tally else ""
        )
        rows["Moved to right"].append(moved.to_right if two else None)
        rows["Moved away"].append(moved.away if two else None)
        rows["Weighted learning gain"].append(
            gains.gain_words(learning.wlg) if learning is not None else ""
        )
    st.markdown(tr("**Question by question**"))
    # The columns are named in English in the code and shown in the teacher's language.
    st.dataframe(
        {tr(name): values for name, values in rows.items()},
        hide_index=True,
        key=f"{PAGE}_summary",
    )
    st.caption(
        tr(
            "Weighted learning gain (Porter et al., ICER 2011): of those wrong alone in round "
            "1, the share right on the twin, over the same share among those right in round 1."
        )
    )


def after_class(db: Store, room: Room, key: str, state: str) -> None:
    with st.expander(tr("After class: results, closing, deleting")):
        summary(db, room)
        # The concept check's results are in its own fold; its file is here.
        found = db.checks(room.code)
        code = rooms.format_code(room.code)
        st.download_button(
            tr("Download the questions and answer counts (CSV)"),
            db.export_csv(room.code, key),
            file_name=f"classroom-{code}.csv",
            mime="text/csv",
            key=f"{PAGE}_csv",
        )
        st.caption(
            tr(
                "One row per option (or number given) per question and round, with its count, "
                "and each question's twin and weighted learning gain; no names."
            )
        )
        st.download_button(
            tr("Download every answer, both rounds (CSV)"),
            db.export_rounds_csv(room.code, key),
            file_name=f"classroom-{code}-rounds.csv",
            mime="text/csv",
            key=f"{PAGE}_rounds_csv",
        )
        st.caption(
            tr(
                "One row per student per question: each round's answer, right or not, how sure, "
                "seconds after the round began, and whether they moved; students numbered, no "
                "names."
            )
        )
        if found:
            st.download_button(
                tr("Download the concept check (CSV)"),
                db.export_check_csv(room.code, key),
                file_name=f"classroom-{code}-concept-check.csv",
                mime="text/csv",
                key=f"{PAGE}_check_csv",
            )
            st.caption(
                tr(
                    "The class's scores at the start and the end and its ⟨g⟩, each concept's, "
                    "and each student's two scores (numbered, no names)."
                )
            )
        st.caption(
            tr(
                "The files' column names and coded values (yes/no, how sure, moves) are in "
                "English in every language, so files from classes in different languages line "
                "up; what each question asked is in the language you read now."
            )
        )
        if state == "open" and st.button(tr("Close the class now"), key=f"{PAGE}_close"):
            db.close(room.code, key)
            st.rerun()
        sure = st.checkbox(
            tr("Yes, delete this class and every answer in it"), key=f"{PAGE}_delete_sure"
        )
        st.caption(
            tr(
                "A closed class's data is deleted by itself {days} after it closed; deleting it "
                "here removes it from the database now.",
                days=rooms.retention_words(),
            )
        )
        if st.button(tr("Delete the class's data"), key=f"{PAGE}_delete", disabled=not sure):
            db.delete(room.code, key)
            common.go()
            common.say("success", tr("Class {code} and its answers are deleted.", code=code))
            st.rerun()
        link_box.show(
            common.teacher_link(room.code, key),
            tr("Your teacher link (private: whoever has it runs this class)"),
        )
        st.caption(
            tr(
                "Never show it on the projector: the audience screen's link (at the top) is the "
                "one for the class."
            )
        )


def teacher_screen(db: Store, room: Room, key: str, presenting: bool = False) -> None:
    drawn = common.snapshot(db, room.code).signature
    show.style()
    state = header(db, room, presenting)
    which_screen(db, room, key, presenting)
    common.said()
    # Before the first question the join panel is half the screen (a QR code the back row can
    # scan); then a third, beside the question and the answers arriving.
    join, main = st.columns([1, 1] if room.current is None else [1, 2], gap="large")
    with join:
        if state == "open":
            how_to_join(room)
            who_is_in(db, room, key, presenting)
    with main:
        current_question(db, room, key, state, presenting)
    worked_solution(db, room)
    if state == "open":
        check.teacher_controls(db, room, key)
        asking.ask_a_question(room, key)
        lists.question_list(db, room, key)
        lists.send_a_list(room, key)
    after_class(db, room, key, state)
    # A second screen on the teacher's link follows each move, the round's timer too.
    common.watch(room.code, drawn, whole=True)
