"""Live classroom: the whole class predicts on their phones, the projector shows the answers
arrive, then the reveal. The teacher's link carries a secret key; students join with a code.

Three views from one address: no `room` (start a class, or join one), `room` + `key` (the
teacher: pose, run the rounds of peer instruction and their timer, reveal, move on, prepare a
question list, send a list, close, delete, download; the same link in presenter view is the
projector, which never shows names), `room` + `student` (one student). State lives in the database (`classroom.store`), so any app process serves any
screen and a restart loses nothing; the screens refresh with fragments, not full reruns.
"""

from __future__ import annotations

import random
import re

import streamlit as st
from sqlalchemy.exc import SQLAlchemyError

from classroom import peer, questions, rooms
from classroom.store import Closed, NotFound, Posed, Refused, Room, Store
from lessons import practice
from ndcg_core.display import count
from ndcg_core.model import EVERY_RANKED, RankedList, Scoring
from ndcg_core.parsing import parse_relevances
from ui import inputs, page_state, share, urlparams
from ui import live_class as live
from ui.text import plain

PAGE = live.PAGE
SAID = f"{PAGE}_said"  # a message for the next run: (kind, text)


# ---------------------------------------------------------------------------------------------
# Small helpers
# ---------------------------------------------------------------------------------------------


def _say(kind: str, text: str) -> None:
    st.session_state[SAID] = (kind, text)


def _said() -> None:
    if SAID in st.session_state:
        kind, text = st.session_state.pop(SAID)
        {"success": st.success, "error": st.error, "warning": st.warning}[kind](plain(text))


def _now(db: Store) -> float:
    return db.clock()


def _read_list(text: str, what: str) -> list[float]:
    try:
        return list(parse_relevances(text, max_items=questions.MAX_ITEMS).values)
    except ValueError as error:
        raise ValueError(f"{what}: {error}") from None


# ---------------------------------------------------------------------------------------------
# No room yet: start one, or join one
# ---------------------------------------------------------------------------------------------


def introduction(presenting: bool) -> None:
    st.title("🧑‍🏫 Live classroom")
    if not presenting:
        st.markdown(
            "The whole class answers the same question on their phones; the projector shows "
            "the answers arrive; then the reveal: the right answer, the worked solution with its "
            "numbers, and what the wrong answers point to."
        )


def start_a_class() -> None:
    with st.container(border=True):
        st.header("For the teacher: start a class")
        hours = st.select_slider(
            "The class closes by itself after",
            options=[1, 2, 3, 4, 6, 8, 12, 24, 48],
            value=rooms.DEFAULT_HOURS,
            format_func=lambda h: f"{h} h",
            key=f"{PAGE}_hours",
        )
        if st.button("Start a class", key=f"{PAGE}_start", type="primary"):
            opened = live.store().open_room(hours)
            st.query_params[live.ROOM] = opened.code
            st.query_params[live.KEY] = opened.key
            st.rerun()
        st.caption(
            "You get a join code, a link and a QR code for the class, and your own teacher "
            "link (keep it private: it runs the class)."
        )


def _join(code_text: str, name_text: str) -> None:
    """The join form's callback: a student in the room (this browser's own, if it joined
    before), their token in their link. What was typed stays in the form whatever happens."""
    wait = live.wait_seconds()
    if wait:
        _say("warning", rooms.wait_message(wait))
        return
    try:
        name = rooms.read_name(name_text)
    except ValueError as error:
        _say("error", str(error))
        return
    try:
        code = rooms.read_code(code_text)
        token = live.store().join(code, name, token=live.remembered_token(code))
    except (Closed, Refused) as error:
        _say("error", str(error))
        return
    except ValueError as error:  # not a code at all, or no class has it
        live.count_failure()
        _say("error", str(error))
        return
    live.remember_token(code, token)
    st.query_params.clear()
    st.query_params[live.ROOM] = code
    st.query_params[live.STUDENT] = token


def join_a_class(code: str = "") -> None:
    with st.container(border=True):
        st.header("For students: join a class")
        wait = live.wait_seconds()
        if wait:
            st.warning(plain(rooms.wait_message(wait)))
        with st.form(f"{PAGE}_join_form", border=False):
            st.text_input(
                "Class code",
                value=rooms.format_code(code) if code else "",
                placeholder="ABCD-EFGH",
                max_chars=20,
                key=f"{PAGE}_code",
            )
            st.text_input(
                "Your name (optional)",
                max_chars=rooms.NAME_LIMIT,
                placeholder="Shown to your teacher only if they choose",
                key=f"{PAGE}_name",
            )
            st.form_submit_button(
                "Join",
                type="primary",
                on_click=lambda: _join(
                    st.session_state[f"{PAGE}_code"], st.session_state[f"{PAGE}_name"]
                ),
            )


# ---------------------------------------------------------------------------------------------
# A link with a room: read it, and check the key or token
# ---------------------------------------------------------------------------------------------


def _room_from_link(db: Store) -> tuple[Room | None, str | None]:
    """The room the link names, or None with the reason. An address that must wait after
    wrong codes gets no answer about the code at all; a wrong code counts once per session."""
    typed = st.query_params.get(live.ROOM, "")
    wait = live.wait_seconds()
    if wait:
        return None, rooms.wait_message(wait)
    try:
        code = rooms.read_code(typed)
        return db.find(code), None
    except ValueError as error:
        seen = st.session_state.setdefault(f"{PAGE}_bad_links", set())
        if typed not in seen:
            seen.add(typed)
            live.count_failure()
        if isinstance(error, NotFound) and (
            live.KEY in st.query_params or live.STUDENT in st.query_params
        ):
            return None, live.gone(code)
        return None, str(error)


# ---------------------------------------------------------------------------------------------
# The teacher's screen
# ---------------------------------------------------------------------------------------------


def teacher_header(db: Store, room: Room) -> str:
    state = room.status(_now(db))
    code = rooms.format_code(room.code)
    st.title(f"🧑‍🏫 Class {code}")
    if state == "open":
        # No head count here: every count is drawn by the live panel, from one reading, so
        # none goes stale while another moves (ui/live_class.py).
        st.caption(
            "Teacher's screen"
            + (" · joining locked" if room.locked is not None else "")
            + f" · closes by itself in {rooms.time_left(room.expires, _now(db))}"
        )
    else:
        st.warning(
            "This class is closed: it accepts no new students or answers. Its results stay here "
            f"until you delete them, or for {rooms.retention_words()}: then they are deleted by "
            "themselves.",
            icon="🔒",
        )
    return state


def how_to_join(room: Room) -> None:
    if not st.toggle("Show how to join", value=True, key=f"{PAGE}_show_join"):
        return
    address = live.join_link(room.code)
    with st.container(border=True):
        # Before the first question the panel is half the screen: the code and the QR code side
        # by side, both above the fold of a 720-pixel projector; later, one above the other.
        words, picture = st.columns(2) if room.current is None else (st.container(),) * 2
        with words:
            st.markdown(f"### {rooms.format_code(room.code)}")
            st.markdown("Scan the QR code, or open the link and type the class code above:")
            st.code(address, language=None, wrap_lines=True)
        with picture:
            st.image(live.qr_svg(address), width="stretch", caption="Scan to join")
        if live.is_local(address):
            st.warning(
                "This link names this computer (localhost), which phones cannot open: open the "
                "app by its network address (like http://192.168.1.20:8501) and the link and "
                "QR code follow."
            )


def who_is_in(db: Store, room: Room, key: str, presenting: bool = False) -> None:
    """Lock joining (and open it again), and take a student out of the class (by name: not
    in presenter view, which is the projector's, where names are never shown)."""
    with st.expander("Who is in"):  # the count is the live panel's
        if room.locked is None:
            st.button(
                "Lock joining",
                key=f"{PAGE}_lock",
                on_click=_lock,
                args=(room.code, key, True),
                help="No new students; those in carry on.",
            )
        else:
            st.info("Joining is locked: no new students.", icon="🔒")
            st.button(
                "Open joining again",
                key=f"{PAGE}_unlock",
                on_click=_lock,
                args=(room.code, key, False),
            )
        st.caption(
            f"A class holds at most {count(rooms.ROOM_CAP)} students, and takes at most "
            f"{count(rooms.JOINS_PER_MINUTE)} new ones a minute; a browser joins once."
        )
        if presenting:
            st.caption("To remove a student, leave presenter view: names are never shown here.")
            return
        students = db.students(room.code)
        if not students:
            return
        numbered = {s.id: n for n, s in enumerate(students, start=1)}
        names = {s.id: live.name_of(s.name, numbered[s.id]) for s in students}
        # A selectbox shows its options as plain text: a name as typed, never as Markdown.
        chosen = st.selectbox(
            "Remove a student (their answers leave the counts)",
            list(names),
            index=None,
            format_func=names.get,
            placeholder="Choose a student",
            key=f"{PAGE}_remove_who",
        )
        st.button(
            "Remove from the class",
            key=f"{PAGE}_remove",
            disabled=chosen is None,
            on_click=_remove,
            args=(room.code, key, chosen),
        )


def _lock(code: str, key: str, locked: bool) -> None:
    try:
        live.store().lock(code, key, locked)
    except ValueError as error:
        _say("error", str(error))


def _remove(code: str, key: str, student: int | None) -> None:
    if student is None:
        return
    try:
        live.store().remove(code, key, student)
    except ValueError as error:
        _say("error", str(error))
        return
    st.session_state.pop(f"{PAGE}_remove_who", None)
    _say("success", "Removed: their answers no longer count, and their browser cannot join again.")


def current_question(db: Store, room: Room, key: str, state: str, presenting: bool) -> None:
    if room.current is None:
        if state == "open":
            live.lobby(room.code)
            next_from_list(room, key)
        return
    posed = db.question(room.code, room.current)
    if posed is None:  # deleted from another device since this run began
        st.error(plain(live.gone(room.code)))
        return
    question = posed.question
    live.show_question(question, posed.number, chart=False)
    if posed.revealed is None:
        if state == "open":
            live.live_answers(room.code, posed.number, presenting)
            round_controls(room, key, posed)
        live.show_lists_chart(question, posed.number)
        return
    the_reveal(db, room, question, posed)
    next_exercise(room, key, question, state)
    next_from_list(room, key)


def round_controls(room: Room, key: str, posed) -> None:
    """The teacher's moves during a round: reveal, or start round 2 with a discussion prompt
    and its own time; more time, or close the answers now; show the answers as they arrive."""
    code, number = room.code, posed.number
    st.button(
        "Reveal the answer",
        key=f"{PAGE}_reveal",
        type="primary",
        on_click=_act,
        args=(live.store().reveal, code, key, number),
        help="Everyone sees the right answer, the worked solution and how the class answered.",
    )
    if posed.round == 1:
        with st.container(border=True):
            st.markdown("**Or a second round:** the class discusses, then answers again.")
            st.text_area(  # a box tall enough to read the whole prompt before starting
                "Discussion prompt (every screen shows it)",
                height=80,
                value=peer.DEFAULT_PROMPT,
                max_chars=peer.PROMPT_LIMIT,
                key=f"{PAGE}_prompt",
            )
            _timer_choice("Time for round 2", f"{PAGE}_seconds2")
            st.button(
                "Start round 2",
                key=f"{PAGE}_round2",
                on_click=_second_round,
                args=(code, key, number),
                help="Round 1's answers close; students see their own round-1 answer and "
                "answer again.",
            )
    more, stop = st.columns(2)
    more.button(
        f"+{peer.EXTEND_SECONDS} s",
        key=f"{PAGE}_extend",
        on_click=_act,
        args=(live.store().extend, code, key, number, peer.EXTEND_SECONDS),
        help="More time for this round (a round whose time is up opens again).",
    )
    stop.button(
        "Close answers now",
        key=f"{PAGE}_close_answers",
        on_click=_act,
        args=(live.store().close_answers, code, key, number),
    )
    st.toggle(
        "Show the answers on the projector as they arrive",
        value=room.show_live,
        key=f"{PAGE}_show_live",
        on_change=_show_live,
        args=(code, key),
        help="Off by default: the class sees only how many have answered, so each answers "
        "on their own.",
    )


def _timer_choice(label: str, widget: str) -> int:
    return st.selectbox(
        label,
        peer.TIMER_CHOICES,
        format_func=lambda s: "No timer" if not s else f"{s // 60}:{s % 60:02d}",
        key=widget,
    )


def _act(action, code: str, key: str, *args) -> None:
    """A teacher's button: the store's action; its refusal said on the next run."""
    try:
        action(code, key, *args)
    except ValueError as error:
        _say("error", str(error))


def _second_round(code: str, key: str, number: int) -> None:
    # A callback runs before the script: it reads what is typed now, not at the last run.
    state = st.session_state
    prompt, seconds = state.get(f"{PAGE}_prompt"), state.get(f"{PAGE}_seconds2")
    _act(live.store().second_round, code, key, number, prompt, seconds)


def _show_live(code: str, key: str) -> None:
    _act(live.store().show_live, code, key, bool(st.session_state.get(f"{PAGE}_show_live")))


def the_reveal(db: Store, room: Room, question: questions.Question, posed) -> None:
    number = posed.number
    first = db.answers(room.code, number, 1)
    texts = [a.answer for a in first]
    if posed.round == 2:
        second = db.answers(room.code, number, 2)
        if not question.is_numeric:
            live.show_options_marked(question)
        live.show_rounds(question, texts, [a.answer for a in second], key=f"{PAGE}_final_{number}")
        live.show_shift(db.shift(room.code, number))
        final, texts = second, [a.answer for a in second]
    else:
        tally = questions.tally(question, texts)
        st.metric("Right", f"{tally.right} of {tally.answered}")
        if not question.is_numeric:
            live.show_options_marked(question)
        live.show_distribution(question, texts, revealed=True, key=f"{PAGE}_final_{number}")
        final = first
    if posed.confidence:
        live.show_confidence(question, final)
    what_wrong_answers_say(question, texts)


def next_from_list(room: Room, key: str) -> None:
    """ "Next" from the question list loaded for this class."""
    item = room.next_item
    if item is None or room.status(live.store().clock()) != "open":
        return
    st.button(
        f"Next from your list ({room.plan_next + 1} of {len(room.plan)}): "
        f"{item.question.exercise.title} →",
        key=f"{PAGE}_plan_next",
        type="primary",
        on_click=_act,
        args=(live.store().pose_next, room.code, key),
    )


def what_wrong_answers_say(question: questions.Question, texts: list[str]) -> None:
    found = questions.misconceptions(question, texts)
    if not found:
        return
    st.header("What the wrong answers point to")
    for item in found:
        st.markdown(f"**{plain(item.label)}** · {count(item.count)}")
        if item.advice:
            st.caption(plain(item.advice))


def worked_solution(db: Store, room: Room) -> None:
    """After the reveal, the worked solution across the whole screen: its formulas are wide."""
    posed = None if room.current is None else db.question(room.code, room.current)
    if posed is None or posed.revealed is None:
        return
    with st.expander("The worked solution", expanded=True):
        live.show_solution(posed.question, posed.number)


def next_exercise(room: Room, key: str, question: questions.Question, state: str) -> None:
    spec = question.spec
    if state != "open" or spec["kind"] != "practice":
        return
    following = spec["index"] + 1
    if following < practice.set_size(spec["version"]):
        st.button(
            f"Next exercise of set {spec['seed']} ({following + 1} of "
            f"{practice.set_size(spec['version'])}) →",
            key=f"{PAGE}_next",
            type="primary",
            on_click=_pose_next,
            args=(
                room.code,
                key,
                lambda: questions.practice_question(spec["seed"], following, spec["version"]),
            ),
        )


def _pose(code: str, key: str, build, **how) -> str | None:
    """Pose the question `build` makes (`how`: confidence, seconds); the reason it cannot be
    posed, or None."""
    try:
        live.store().pose(code, key, build(), **how)
    except ValueError as error:
        return str(error)
    return None


def _pose_next(code: str, key: str, build) -> None:
    """The Next button's callback: its message waits for the next run."""
    problem = _pose(code, key, build)
    if problem:
        _say("error", problem)


def ask_a_question(room: Room, key: str) -> None:
    with st.expander("Ask a question", expanded=room.current is None and not room.plan):
        kind = st.radio(
            "What to ask",
            list(questions.KINDS),
            format_func=lambda kind: questions.KINDS[kind].label,
            horizontal=True,
            key=f"{PAGE}_ask_kind",
        )
        build = {
            "practice": _ask_practice,
            "compare": _ask_compare,
            "estimate": _ask_estimate,
            "costliest_swap": _ask_swap,
        }[kind]()
        sure, timer = st.columns(2)
        with sure:
            confidence = st.checkbox(
                "Ask how sure each student is",
                key=f"{PAGE}_confidence",
                help="Each answer says Guessing, Fairly sure or Sure; after the reveal the "
                "projector shows right and wrong answers by how sure.",
            )
        with timer:
            seconds = _timer_choice("Time for round 1", f"{PAGE}_seconds")
        pose, add = st.columns(2)
        # Not callbacks: `build` must read what was typed in this very run.
        if pose.button("Pose this question", key=f"{PAGE}_pose", type="primary"):
            problem = _pose(room.code, key, build, confidence=confidence, seconds=seconds)
            if problem:
                st.error(plain(problem))
                return
            st.rerun()
        if add.button("Add it to the question list", key=f"{PAGE}_add"):
            try:
                item = peer.Item(build(), confidence, peer.read_seconds(seconds))
            except ValueError as error:
                st.error(plain(error))
                return
            _draft().append(item)
            st.rerun()


def _ask_practice():
    state = st.session_state
    state.setdefault(f"{PAGE}_seed", float(random.randrange(practice.MAX_SEED + 1)))
    state.setdefault(f"{PAGE}_exercise", 1.0)
    left, middle, right = st.columns(3)
    typed_seed = inputs.whole_number_box("Set (seed)", f"{PAGE}_seed", left)
    version = middle.selectbox(
        "Version", practice.VERSIONS, index=len(practice.VERSIONS) - 1, key=f"{PAGE}_version"
    )
    size = practice.set_size(version)
    typed_number = inputs.whole_number_box("Exercise", f"{PAGE}_exercise", right)
    try:
        seed = inputs.read_whole_number(typed_seed, 0, practice.MAX_SEED, "The set (seed)")
        number = inputs.read_whole_number(typed_number, 1, size, "The exercise")
    except ValueError as error:
        st.error(plain(error))
        problem = str(error)

        def cannot():
            raise ValueError(problem)

        return cannot
    preview = practice.exercise(seed, number - 1, int(version))
    st.caption(f"Exercise {number} of set {seed}: {plain(preview.title)}")
    return lambda: questions.practice_question(seed, number - 1, int(version))


def _k_choice(values_text: str) -> int | str:
    try:
        n = len(parse_relevances(values_text, max_items=questions.MAX_ITEMS).values)
    except ValueError:
        n = questions.MAX_ITEMS
    return st.selectbox(
        "k (cut-off)",
        [EVERY_RANKED, *range(1, n + 1)],
        format_func=lambda k: Scoring(k=k).cut_words(n),
        key=f"{PAGE}_k",
    )


def _ask_compare():
    left, right = st.columns(2)
    a = left.text_input("List A", "3, 2, 0, 1", key=f"{PAGE}_list_a")
    b = right.text_input("List B", "2, 3, 0, 1", key=f"{PAGE}_list_b")
    k = _k_choice(a)
    return lambda: questions.compare_question(_read_list(a, "List A"), _read_list(b, "List B"), k)


def _ask_estimate():
    values = st.text_input("The list", "3, 2, 3, 0, 1, 2", key=f"{PAGE}_list_estimate")
    k = _k_choice(values)
    return lambda: questions.estimate_question(_read_list(values, "The list"), k)


def _ask_swap():
    values = st.text_input("The list", "3, 2, 2, 1, 0", key=f"{PAGE}_list_swap")
    st.caption("Every pair of neighbours with different grades becomes an option.")
    return lambda: questions.swap_question(_read_list(values, "The list"))


# ---------------------------------------------------------------------------------------------
# Question lists prepared before class
# ---------------------------------------------------------------------------------------------

DRAFT = f"{PAGE}_draft"  # the question list being built on this screen: `peer.Item`s
IMPORTED = f"{PAGE}_imported"  # the uploaded file last read, so a rerun does not read it again


def _draft() -> list[peer.Item]:
    return st.session_state.setdefault(DRAFT, [])


def _list_name() -> str:
    return st.session_state.get(f"{PAGE}_list_name", "")


def _save_list(code: str, key: str) -> None:
    try:
        name = live.store().save_list(code, key, _list_name(), _draft())
    except ValueError as error:
        _say("error", str(error))
        return
    _say("success", f"Saved as “{name}”: any class on this server can load it.")


def _use_list(code: str, key: str, items) -> None:
    try:
        live.store().load_plan(code, key, tuple(items))
    except ValueError as error:
        _say("error", str(error))
        return
    if items:
        _say("success", f"Loaded: {count(len(items))} questions; Next poses them in turn.")


def _load_saved(code: str, key: str) -> None:
    name = st.session_state.get(f"{PAGE}_saved_pick")
    if name is None:
        return
    try:
        items = live.store().saved_list(name)
    except ValueError as error:
        _say("error", str(error))
        return
    st.session_state[DRAFT] = list(items)
    st.session_state[f"{PAGE}_list_name"] = name
    _use_list(code, key, items)


def _delete_saved(code: str, key: str) -> None:
    name = st.session_state.get(f"{PAGE}_saved_pick")
    if name is None:
        return
    try:
        live.store().delete_list(code, key, name)
    except ValueError as error:
        _say("error", str(error))
        return
    st.session_state.pop(f"{PAGE}_saved_pick", None)
    _say("success", f"“{name}” is deleted from this server.")


def _import(upload) -> None:
    """Read a question list's file once (a rerun keeps the upload but must not read it again);
    what is wrong with it is said, and the list being built is kept."""
    if upload is None or st.session_state.get(IMPORTED) == upload.file_id:
        return
    st.session_state[IMPORTED] = upload.file_id
    try:
        name, items = peer.read_list(upload.getvalue())
    except ValueError as error:
        st.error(f"{plain(upload.name)} could not be imported: {plain(error)}")
        return
    st.session_state[DRAFT] = list(items)
    st.session_state[f"{PAGE}_list_name"] = name
    st.success(f"Imported “{plain(name)}”: {count(len(items))} questions, below.")


def question_list(db: Store, room: Room, key: str) -> None:
    with st.expander("Question list: prepare, save, load, export", expanded=bool(room.plan)):
        st.caption(
            "Build a sequence of questions before class (Ask a question → *Add it to the "
            "question list*), save it by name on this server or export it as a file, and load "
            "it in any later class: *Next* then poses its questions in turn."
        )
        if room.plan:
            st.markdown("**Loaded in this class**")
            st.text(
                "\n".join(
                    f"{'→' if n == room.plan_next else ('✓' if n < room.plan_next else ' ')} "
                    f"{n + 1}. {item.describe()}"
                    for n, item in enumerate(room.plan)
                )
            )
            st.button(
                "Unload it", key=f"{PAGE}_unload", on_click=_use_list, args=(room.code, key, ())
            )
        _import(
            st.file_uploader(
                "Import a list (a JSON file this page exported)",
                type=["json"],
                key=f"{PAGE}_import",
            )
        )
        saved = db.saved_lists()
        if saved:
            pick, load, forget = st.columns([2, 1, 1], vertical_alignment="bottom")
            pick.selectbox("Saved on this server", saved, key=f"{PAGE}_saved_pick")
            load.button(
                "Load into this class",
                key=f"{PAGE}_load_saved",
                on_click=_load_saved,
                args=(room.code, key),
            )
            forget.button(
                "Delete it",
                key=f"{PAGE}_delete_saved",
                on_click=_delete_saved,
                args=(room.code, key),
                help="Deletes the saved list from this server (a class it is loaded in keeps "
                "its copy).",
            )
        draft = _draft()
        if not draft:
            st.caption("The list you build shows here.")
            return
        st.markdown(f"**The list you are building** ({count(len(draft))} questions)")
        # A text element: the lists and titles show exactly as they are.
        st.text("\n".join(f"{n}. {item.describe()}" for n, item in enumerate(draft, start=1)))
        last, clear = st.columns(2)
        last.button("Remove the last", key=f"{PAGE}_draft_pop", on_click=draft.pop)
        clear.button("Clear the list", key=f"{PAGE}_draft_clear", on_click=draft.clear)
        st.text_input(
            "Its name",
            max_chars=peer.NAME_LIMIT,
            placeholder="Week 3: gains",
            key=f"{PAGE}_list_name",
        )
        save, use, export = st.columns(3)
        save.button(
            "Save on this server",
            key=f"{PAGE}_save_list",
            on_click=_save_list,
            args=(room.code, key),
        )
        use.button(
            "Use it in this class",
            key=f"{PAGE}_use_list",
            on_click=lambda: _use_list(room.code, key, tuple(_draft())),
        )
        try:
            name = peer.read_list_name(_list_name())
        except ValueError:
            name = "Question list"
        export.download_button(
            "Export as a file",
            peer.write_list(name, draft),
            file_name=f"{re.sub(r'[^a-z0-9]+', '-', name.lower()).strip('-')[:40] or 'questions'}.json",
            mime="application/json",
            key=f"{PAGE}_export_list",
        )


def _push(code: str, key: str, ranked) -> None:
    try:
        live.store().push(code, key, None if ranked is None else urlparams.list_params(ranked))
    except ValueError as error:
        _say("error", str(error))
        return
    if ranked is not None:
        _say("success", "Sent: every student's screen shows it within a few seconds.")


def send_a_list(room: Room, key: str) -> None:
    with st.expander("Send a list to every screen"):
        st.caption("Every student sees it with its NDCG and a link to open it in the playground.")
        shared = st.session_state.get(page_state.SHARED)
        if shared is not None:
            st.button(
                f"Send the list from your playground: {shared.describe()}",
                key=f"{PAGE}_push_shared",
                on_click=_push,
                args=(room.code, key, shared),
            )
        text = st.text_input(
            "Or type one: relevances, top first", "3, 2, 3, 0, 1, 2", key=f"{PAGE}_push_text"
        )
        send, stop = st.columns(2)
        if send.button("Send to every screen", key=f"{PAGE}_push"):
            try:
                parsed = parse_relevances(text, max_items=urlparams.MAX_ITEMS)
                ranked = RankedList(parsed.values, parsed.labels if parsed.labelled else ())
            except ValueError as error:
                st.error(plain(error))
            else:
                _push(room.code, key, ranked)
                st.rerun()
        if room.pushed:
            stop.button(
                "Stop showing it", key=f"{PAGE}_unpush", on_click=_push, args=(room.code, key, None)
            )
            st.caption("Showing now:")
            live.show_pushed_list(room.pushed)


def summary(db: Store, room: Room) -> None:
    """Per question: right in round 1, right in round 2, and who moved (the same numbers as
    the reveal: `Store.shift`)."""
    posed = db.questions(room.code)
    if not posed:
        return
    rows = {"Question": [], "Asked": [], "Right in round 1": [], "Right in round 2": []}
    rows |= {"Moved to right": [], "Moved away": []}
    for p in posed:
        moved = db.shift(room.code, p.number)
        two = p.round == 2
        rows["Question"].append(p.number)
        rows["Asked"].append(p.question.exercise.title)
        rows["Right in round 1"].append(peer.share_words(moved.right1, moved.first))
        rows["Right in round 2"].append(
            peer.share_words(moved.right2, moved.second) if two else "one round"
        )
        rows["Moved to right"].append(moved.to_right if two else None)
        rows["Moved away"].append(moved.away if two else None)
    st.markdown("**Question by question**")
    st.dataframe(rows, hide_index=True, key=f"{PAGE}_summary")


def after_class(db: Store, room: Room, key: str, state: str) -> None:
    with st.expander("After class: results, closing, deleting"):
        summary(db, room)
        st.download_button(
            "Download the questions and answer counts (CSV)",
            db.export_csv(room.code, key),
            file_name=f"classroom-{rooms.format_code(room.code)}.csv",
            mime="text/csv",
            key=f"{PAGE}_csv",
        )
        st.caption(
            "One row per option (or number given) per question and round, with its count; no names."
        )
        st.download_button(
            "Download every answer, both rounds (CSV)",
            db.export_rounds_csv(room.code, key),
            file_name=f"classroom-{rooms.format_code(room.code)}-rounds.csv",
            mime="text/csv",
            key=f"{PAGE}_rounds_csv",
        )
        st.caption(
            "One row per student per question: each round's answer, right or not, how sure, "
            "seconds after the round began, and whether they moved; students numbered, no names."
        )
        if state == "open" and st.button("Close the class now", key=f"{PAGE}_close"):
            db.close(room.code, key)
            st.rerun()
        sure = st.checkbox(
            "Yes, delete this class and every answer in it", key=f"{PAGE}_delete_sure"
        )
        st.caption(
            f"A closed class's data is deleted by itself {rooms.retention_words()} after it "
            "closed; deleting it here removes it from the database now."
        )
        if st.button("Delete the class's data", key=f"{PAGE}_delete", disabled=not sure):
            db.delete(room.code, key)
            st.query_params.clear()
            _say("success", f"Class {rooms.format_code(room.code)} and its answers are deleted.")
            st.rerun()
        st.markdown("**Your teacher link** (private: whoever has it runs this class):")
        st.code(live.teacher_link(room.code, key), language=None, wrap_lines=True)
        st.caption(
            "The address bar holds it too: on a projector, show the page full screen (F11) so "
            "the address bar is hidden."
        )


def teacher_screen(db: Store, room: Room, key: str, presenting: bool = False) -> None:
    drawn = db.signature(room.code)
    state = teacher_header(db, room)
    _said()
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
        ask_a_question(room, key)
        question_list(db, room, key)
        send_a_list(room, key)
    after_class(db, room, key, state)
    # The projector is often a second screen on the teacher's link: it follows each move.
    live.watch(room.code, drawn, timer=False)


# ---------------------------------------------------------------------------------------------
# A student's screen
# ---------------------------------------------------------------------------------------------


def _field(number: int, round: int, what: str = "answer") -> str:
    """A student form's widget key: round 1 keeps the key it always had."""
    return f"{PAGE}_{what}_{number}" + ("" if round == 1 else f"_r{round}")


def _send(code: str, token: str, posed: Posed) -> None:
    """The answer form's callback: check the answer (and how sure), then store it."""
    question, number, round = posed.question, posed.number, posed.round
    given = st.session_state.get(_field(number, round))
    if given is None or given == "":
        _say(
            "warning",
            "Pick one of the options first." if not question.is_numeric else "Type a number first.",
        )
        return
    sure = None
    if posed.confidence:
        sure = st.session_state.get(_field(number, round, "sure"))
        if sure not in peer.CONFIDENCE:
            _say("warning", "Say how sure you are too.")
            return
    if not question.is_numeric:
        given = inputs.chosen_index(given, question.options)
        if given is None:
            _say("error", inputs.UNREADABLE_CHOICE)
            return
    try:
        live.store().answer(
            code, token, number, questions.accept(question, given), round=round, confidence=sure
        )
    except practice.UnreadableAnswer as error:
        _say("error", f"That answer could not be read: {error}")
        return
    except ValueError as error:
        _say("error", str(error))
        return
    # The note under the form says what was sent and until when it can change.
    _say("success", "Your answer is in.")


def your_answer(code: str, token: str, posed: Posed, mine) -> None:
    question, number, round = posed.question, posed.number, posed.round
    field = _field(number, round)
    with st.form(f"{PAGE}_answer_form_{number}_{round}", border=False):
        label = "Your answer" if round == 1 else "Your answer now"
        if question.is_numeric:
            st.text_input(
                label,
                value=mine.answer if mine else "",
                max_chars=rooms.ANSWER_LIMIT,
                placeholder="e.g. 0.8, .8 or 80%",
                key=field,
            )
        else:
            if (
                inputs.drop_unreadable_choice(field, question.options)
                and SAID not in st.session_state
            ):
                _say("error", inputs.UNREADABLE_CHOICE)
            # The options are their texts (what the browser sends back), mapped to an index
            # only once checked: see ui/inputs.py.
            st.radio(
                label,
                question.options,
                index=int(mine.answer) if mine else None,
                key=field,
            )
        if posed.confidence:
            st.radio(
                "How sure are you?",
                peer.CONFIDENCE,
                index=None if mine is None or mine.confidence is None else mine.confidence,
                horizontal=True,
                key=_field(number, round, "sure"),
            )
        st.form_submit_button(
            "Change my answer" if mine else "Send my answer",
            type="primary",
            on_click=_send,
            args=(code, token, posed),
        )
    _said()
    if mine:
        st.info(
            f"Your answer: **{plain(questions.said(question, mine.answer))}**. You can change it "
            "until this round closes.",
            icon="✉️",
        )


def _said_before(question: questions.Question, first) -> None:
    """A student's own round-1 answer, shown to them alone in round 2 and after."""
    if first is None:
        st.caption("You did not answer in round 1.")
    else:
        sure = "" if first.confidence is None else f" ({peer.CONFIDENCE[first.confidence]})"
        st.markdown(
            f"In round 1 you answered **{plain(questions.said(question, first.answer))}**{sure}."
        )


def student_round(db: Store, code: str, token: str, posed: Posed, drawn) -> None:
    """A round under way on a student's screen: the time left (`live.watch`, which redraws
    the screen when the class moves on), the prompt in round 2, their round-1 answer, the form
    while the round takes answers."""
    question, number = posed.question, posed.number
    st.markdown(f"**{live.round_words(posed)}**")
    live.watch(code, drawn)
    if posed.round == 2:
        st.info(plain(posed.prompt or peer.DEFAULT_PROMPT), icon="💬")
        _said_before(question, db.my_answer(code, token, number, 1))
    mine = db.my_answer(code, token, number, posed.round)
    if posed.taking(db.clock()):
        your_answer(code, token, posed, mine)
        return
    _said()
    if mine:
        st.info(
            f"Answers are closed. Yours: **{plain(questions.said(question, mine.answer))}**. "
            "Wait for your teacher…",
            icon="⏳",
        )
    else:
        st.info("Answers are closed for this round. Wait for your teacher…", icon="⏳")


def student_result(db: Store, code: str, token: str, posed: Posed) -> None:
    question, number = posed.question, posed.number
    final_round = posed.round
    mine = db.my_answer(code, token, number, final_round)
    first = db.my_answer(code, token, number, 1) if final_round == 2 else None
    texts = [a.answer for a in db.answers(code, number, final_round)]
    text = mine.answer if mine else None
    # Judged: the last answer given (round 1's, for a student who sat round 2 out).
    judged = text if text is not None else (first.answer if first else None)
    if judged is not None:
        verdict = questions.verdict(question, judged)
        (st.success if verdict.correct else st.error)(
            f"**{verdict.headline}** {plain(verdict.detail)}"
        )
        if text is None:
            st.caption("That is your round-1 answer: you did not answer in round 2.")
    else:
        st.info("You did not answer this one. Here is the solution.", icon="📖")
    if final_round == 2:
        _said_before(question, first)
        st.markdown(plain(questions.compared(question, text, texts)))
        if not question.is_numeric:
            live.show_options_marked(question, text)
        live.show_rounds(
            question,
            [a.answer for a in db.answers(code, number, 1)],
            texts,
            key=f"{PAGE}_class_{number}",
            mine=(None if first is None else first.answer, text),
        )
    else:
        st.markdown(plain(questions.compared(question, text, texts)))
        if not question.is_numeric:
            live.show_options_marked(question, text)
        live.show_distribution(
            question, texts, revealed=True, key=f"{PAGE}_class_{number}", mine=text
        )
    st.header("The worked solution")
    live.show_solution(question, number)


def student_screen(db: Store, room: Room, token: str) -> None:
    me = db.student(room.code, token)
    if me is None:
        st.title("🧑‍🏫 Live classroom")
        if db.was_removed(room.code, token):
            st.error(
                f"Your teacher removed you from class {rooms.format_code(room.code)}: ask them "
                "if this was a mistake."
            )
            return
        st.error(
            "This student link is not from this class (or the class was deleted): join it "
            "again with the code on the board."
        )
        join_a_class(room.code)
        return
    live.keep_in_browser(room.code, token)
    drawn = db.signature(room.code)
    state = room.status(_now(db))
    st.caption(f"Class {rooms.format_code(room.code)}")
    if me.name:
        st.text(f"You are {me.name}")
    if room.pushed:
        live.show_pushed_list(room.pushed)
    if state != "open":
        st.info("This class has ended. Thank you for taking part!", icon="🔒")
        return
    if room.current is None:
        st.info("You are in. Waiting for your teacher's first question…", icon="⏳")
        _said()
    else:
        posed = db.question(room.code, room.current)
        if posed is None:  # deleted since this run began
            st.error(plain(live.gone(room.code)))
            return
        live.show_question(posed.question, posed.number, compact=True)
        if posed.revealed is None:
            student_round(db, room.code, token, posed, drawn)
            return  # the round's own watch counts its time down, under its heading
        student_result(db, room.code, token, posed)
    live.watch(room.code, drawn)


# ---------------------------------------------------------------------------------------------
# The page
# ---------------------------------------------------------------------------------------------


def the_page(presenting: bool) -> None:
    if live.ROOM not in st.query_params:
        introduction(presenting)
        _said()
        left, right = st.columns(2, gap="large")
        with left:
            start_a_class()
        with right:
            join_a_class()
        return
    db = live.store()
    room, problem = _room_from_link(db)
    if room is None:
        introduction(presenting)
        st.error(plain(problem))
        join_a_class()
        return
    if live.KEY in st.query_params:
        key = st.query_params[live.KEY]
        wait = live.wait_seconds()
        if wait:
            introduction(presenting)
            st.warning(plain(rooms.wait_message(wait)))
            return
        try:
            key = db.teacher(room.code, key)
        except ValueError as error:  # not a key, or not this class's
            live.count_failure()
            introduction(presenting)
            st.error(plain(error))
            return
        teacher_screen(db, room, key, presenting)
        return
    if live.STUDENT in st.query_params:
        try:
            token = rooms.read_secret(st.query_params[live.STUDENT], "student")
        except ValueError as error:
            introduction(presenting)
            st.error(plain(error))
            join_a_class(room.code)
            return
        student_screen(db, room, token)
        return
    mine = live.remembered_token(room.code)
    if mine and db.student(room.code, mine) is not None:
        # This browser joined before: back to its own student, not a second one.
        st.query_params[live.STUDENT] = mine
        st.rerun()
    introduction(presenting)
    _said()
    if room.status(_now(db)) != "open":
        st.info(
            f"Class {rooms.format_code(room.code)} has ended: it accepts no new students.",
            icon="🔒",
        )
        return
    join_a_class(room.code)


presenting = share.is_presenting()
try:
    the_page(presenting)
except SQLAlchemyError as error:
    st.error(
        "The classroom's database cannot be reached, so no class can run right now. "
        f"({plain(type(error).__name__)}; see the README's “Live classroom” section for how "
        "the database is configured.)"
    )
