"""The teacher asks: a practice exercise, "which order scores higher", "estimate NDCG" or "which
swap costs the most" on the teacher's own lists, posed at once or added to the question list
being built (`lists`); and the next exercise of a practice set once one is revealed."""

from __future__ import annotations

import random

import streamlit as st

from classroom import peer, questions
from classroom.store import Room
from i18n import tr
from lessons import practice
from ndcg_core.model import EVERY_RANKED, Scoring
from ui import inputs, language
from ui.text import plain
from ui.typed import parse_relevances

from . import common, lists
from .common import PAGE


def _read_list(text: str, what: str) -> list[float]:
    """The grades typed in a box, or a ValueError naming the box (`what`: an English name from
    `questions`, said in the teacher's language)."""
    try:
        return list(parse_relevances(text, max_items=questions.MAX_ITEMS).values)
    except ValueError as error:
        raise ValueError(tr("{name}: {problem}", name=tr(what), problem=error)) from None


def timer_choice(label: str, widget: str, default: int | None = None) -> int:
    """A round's time, from `peer.TIMER_CHOICES` ("No timer" first); `default` chosen when the
    widget is new (a time not among the choices is added to them)."""
    choices = list(peer.TIMER_CHOICES)
    if default and default not in choices:
        choices = sorted({*choices, default})
    return st.selectbox(
        label,
        choices,
        index=choices.index(default) if default in choices else 0,
        format_func=language.worded(
            widget, lambda s: tr("No timer") if not s else f"{s // 60}:{s % 60:02d}"
        ),
        key=widget,
    )


def next_exercise(room: Room, key: str, question: questions.Question, state: str) -> None:
    spec = question.spec
    if state != "open" or spec["kind"] != "practice":
        return
    following = spec["index"] + 1
    if following < practice.set_size(spec["version"]):
        st.button(
            tr(
                "Next exercise of set {seed} ({number} of {total}) →",
                seed=spec["seed"],
                number=following + 1,
                total=practice.set_size(spec["version"]),
            ),
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
        common.store().pose(code, key, build(), **how)
    except ValueError as error:
        return str(error)
    return None


def _pose_next(code: str, key: str, build) -> None:
    """The Next button's callback: its message waits for the next run."""
    problem = _pose(code, key, build)
    if problem:
        common.say("error", problem)


def ask_a_question(room: Room, key: str) -> None:
    with st.expander(tr("Ask a question"), expanded=room.current is None and not room.plan):
        kind = st.radio(
            tr("What to ask"),
            list(questions.KINDS),
            format_func=language.worded(
                f"{PAGE}_ask_kind", lambda kind: questions.KINDS[kind].label
            ),
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
            guessing, fairly, sure_ = map(peer.confidence_words, peer.CONFIDENCE)
            confidence = st.checkbox(
                tr("Ask how sure each student is"),
                key=f"{PAGE}_confidence",
                help=tr(
                    "Each answer says {guessing}, {fairly} or {sure}; after the reveal the "
                    "projector shows right and wrong answers by how sure.",
                    guessing=guessing,
                    fairly=fairly,
                    sure=sure_,
                ),
            )
        with timer:
            seconds = timer_choice(tr("Time for round 1"), f"{PAGE}_seconds")
        pose, add = st.columns(2)
        # Not callbacks: `build` must read what was typed in this very run.
        if pose.button(tr("Pose this question"), key=f"{PAGE}_pose", type="primary"):
            problem = _pose(room.code, key, build, confidence=confidence, seconds=seconds)
            if problem:
                st.error(plain(problem))
                return
            st.rerun()
        if add.button(tr("Add it to the question list"), key=f"{PAGE}_add"):
            try:
                item = peer.Item(build(), confidence, peer.read_seconds(seconds))
            except ValueError as error:
                st.error(plain(error))
                return
            lists.draft().append(item)
            st.rerun()


def _ask_practice():
    state = st.session_state
    state.setdefault(f"{PAGE}_seed", float(random.randrange(practice.MAX_SEED + 1)))
    state.setdefault(f"{PAGE}_exercise", 1.0)
    left, middle, right = st.columns(3)
    typed_seed = inputs.whole_number_box(tr("Set (seed)"), f"{PAGE}_seed", left)
    version = middle.selectbox(
        tr("Version"), practice.VERSIONS, index=len(practice.VERSIONS) - 1, key=f"{PAGE}_version"
    )
    size = practice.set_size(version)
    typed_number = inputs.whole_number_box(tr("Exercise"), f"{PAGE}_exercise", right)
    try:
        seed = inputs.read_whole_number(typed_seed, 0, practice.MAX_SEED, tr("The set (seed)"))
        number = inputs.read_whole_number(typed_number, 1, size, tr("The exercise"))
    except ValueError as error:
        st.error(plain(error))
        problem = str(error)

        def cannot():
            raise ValueError(problem)

        return cannot
    preview = practice.exercise(seed, number - 1, int(version))
    st.caption(
        tr(
            "Exercise {number} of set {seed}: {title}",
            number=number,
            seed=seed,
            title=plain(preview.title),
        )
    )
    return lambda: questions.practice_question(seed, number - 1, int(version))


def _k_choice(values_text: str) -> int | str:
    try:
        n = len(parse_relevances(values_text, max_items=questions.MAX_ITEMS).values)
    except ValueError:
        n = questions.MAX_ITEMS
    return st.selectbox(
        tr("k (cut-off)"),
        [EVERY_RANKED, *range(1, n + 1)],
        format_func=language.worded(f"{PAGE}_k", lambda k: Scoring(k=k).cut_words(n)),
        key=f"{PAGE}_k",
    )


def _ask_compare():
    left, right = st.columns(2)
    a = left.text_input(tr(questions.LIST_A), "3, 2, 0, 1", key=f"{PAGE}_list_a")
    b = right.text_input(tr(questions.LIST_B), "2, 3, 0, 1", key=f"{PAGE}_list_b")
    k = _k_choice(a)
    return lambda: questions.compare_question(
        _read_list(a, questions.LIST_A), _read_list(b, questions.LIST_B), k
    )


def _ask_estimate():
    values = st.text_input(tr(questions.THE_LIST), "3, 2, 3, 0, 1, 2", key=f"{PAGE}_list_estimate")
    k = _k_choice(values)
    return lambda: questions.estimate_question(_read_list(values, questions.THE_LIST), k)


def _ask_swap():
    values = st.text_input(tr(questions.THE_LIST), "3, 2, 2, 1, 0", key=f"{PAGE}_list_swap")
    st.caption(tr("Every pair of neighbours with different grades becomes an option."))
    return lambda: questions.swap_question(_read_list(values, questions.THE_LIST))
