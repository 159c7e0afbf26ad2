"""Practice: predict, then reveal. A set of exercises made from a seed in the URL, so a whole class
can get the same set; each answer is checked by the core and solved with its numbers."""

from __future__ import annotations

import random

import streamlit as st

from ndcg_core import practice
from ndcg_core.model import RankedList
from ui import charts, menu, share, urlparams
from ui.charts.practice import relevance_bars
from ui.text import plain

PAGE = "practice"
ANSWERS = f"{PAGE}_answers"


# ---------------------------------------------------------------------------------------------
# The address: seed (which set) and ex (which exercise, from 1)
# ---------------------------------------------------------------------------------------------


def _whole(text: str, low: int, high: int, what: str) -> int:
    # Leading zeros go first: `whole_number` counts digits without them but hands them all to
    # int(), which refuses more than 4300 digits with Python's own message.
    cleaned = text.strip().removeprefix("+")
    if cleaned.isascii() and cleaned.isdigit():
        text = cleaned.lstrip("0") or "0"
    return urlparams.whole_number(text, low, high, what)


def seed_param(fresh: int) -> urlparams.Param:
    """`seed`: a bad one starts the new set `fresh`, a too large one the last set."""
    return urlparams.Param(
        "seed",
        lambda text: _whole(text, 0, practice.MAX_SEED, "seed"),
        str,
        fresh,
        help="The set: the same seed gives the same exercises in the same order.",
    )


EX = urlparams.Param(
    "ex",
    lambda text: _whole(text, 1, practice.SET_SIZE, "ex"),
    str,
    1,
    help="The exercise shown, counted from 1.",
)


def _new_seed() -> int:
    return random.randrange(practice.MAX_SEED + 1)


def read_address() -> tuple[int, int, list[str]]:
    """The seed and the exercise number from the link, with a message for each value not used
    as given; both are written back, so the address always names what the page shows."""
    fresh = _new_seed()
    schema = (seed_param(fresh), EX)
    values, messages = urlparams.read(st.query_params, schema)
    seed, number = values.get("seed", fresh), values.get("ex", EX.default)
    urlparams.write({"seed": seed, "ex": number}, schema)
    return seed, number, messages


def _go_to(number: int) -> None:
    st.query_params["ex"] = EX.write(number)


def _start_new_set() -> None:
    st.query_params["seed"] = str(_new_seed())
    st.query_params["ex"] = EX.write(1)


def _not_carried(ranked: RankedList) -> list[str]:
    """The conventions of `ranked` that a playground link would lose (the all-zero rule has no
    link parameter): a link must reopen the same numbers, or not be offered."""
    again, _ = urlparams.read_list(urlparams.list_params(ranked))
    kept = again.scoring.differences()
    return [said for said in ranked.scoring.differences() if said not in kept]


def _answers(seed: int) -> dict[int, dict]:
    """This session's answers for the set, by exercise index."""
    return st.session_state.setdefault(ANSWERS, {}).setdefault(seed, {})


# ---------------------------------------------------------------------------------------------
# The sections, in reading order
# ---------------------------------------------------------------------------------------------


def introduction(presenting: bool, messages: list[str]) -> None:
    st.title("🎯 Practice")
    if not presenting:
        st.markdown(
            "Predict first, then reveal. Each exercise is checked, then solved with its own "
            "numbers. The set comes from the **seed** in the address: share the link and "
            "everyone gets the same exercises."
        )
    for message in messages:
        st.warning(plain(message))


def progress(seed: int, number: int) -> None:
    answers = _answers(seed)
    right = sum(a["verdict"].correct for a in answers.values())
    left, middle = st.columns([3, 1])
    with left:
        st.progress(
            len(answers) / practice.SET_SIZE,
            text=f"Exercise {number} of {practice.SET_SIZE} · {len(answers)} answered · set {seed}",
        )
    with middle:
        st.metric("Score", f"{right} / {len(answers)}")


def the_exercise(exercise: practice.Exercise, number: int) -> None:
    st.header(f"{number}. {exercise.title}")
    st.markdown(exercise.prompt)
    # A puzzle's prompt already gives the list; its cases would name the answer's convention.
    if exercise.kind not in practice.PUZZLES:
        for case in exercise.cases:
            label = f"{case.name}: " if exercise.kind == "compare" else ""
            st.markdown(f"**{plain(label + case.describe())}**")
    if exercise.kind in ("compare", "estimate", "costliest_swap"):
        shown = exercise.cases if exercise.kind == "compare" else exercise.cases[:1]
        figure = relevance_bars([(c.name, c.ranked.relevances) for c in shown], shown[0].ranked.k)
        charts.show(figure, key=f"{PAGE}_chart_{exercise.seed}_{exercise.index}")
        st.caption(
            "Bars are the relevance at each position; the further left, the more a grade counts."
        )
    if exercise.question_latex:
        st.latex(exercise.question_latex)


def your_answer(exercise: practice.Exercise) -> None:
    """The answer form; a readable answer is checked and recorded, an unreadable one explained."""
    key = f"{PAGE}_{exercise.seed}_{exercise.index}"
    with st.form(f"{key}_form", border=False):
        if exercise.is_numeric:
            given = st.text_input(
                "Your answer", key=f"{key}_number", placeholder="e.g. 0.8, .8 or 80%"
            )
        else:
            given = st.radio(
                "Your answer",
                range(len(exercise.choices)),
                index=None,
                format_func=lambda i: exercise.choices[i].text,
                key=f"{key}_choice",
            )
        submitted = st.form_submit_button("Check", key=f"{PAGE}_check", type="primary")
    if not submitted:
        return
    if given is None or given == "":
        st.warning(
            "Type a number first." if exercise.is_numeric else "Pick one of the options first."
        )
        return
    try:
        verdict = practice.check(exercise, given)
    except ValueError as error:
        st.error(plain(f"That answer could not be read: {error}"))
        return
    _answers(exercise.seed)[exercise.index] = {"given": given, "verdict": verdict}
    st.rerun()


def the_options_marked(exercise: practice.Exercise, picked: int) -> None:
    """The options again, the answer and the pick marked by symbol and words, not colour."""
    right = practice.correct_choice(exercise)
    lines = []
    for i, choice in enumerate(exercise.choices):
        mark = "✅" if i == right else ("❌" if i == picked else "⬜")
        notes = [
            note for note, on in (("the answer", i == right), ("your pick", i == picked)) if on
        ]
        lines.append(f"- {mark} {choice.text}" + (f" — *{', '.join(notes)}*" if notes else ""))
    st.markdown("\n".join(lines))


def the_solution(exercise: practice.Exercise, verdict: practice.Verdict, presenting: bool) -> None:
    (st.success if verdict.correct else st.error)(f"**{verdict.headline}** {verdict.detail}")
    st.markdown(exercise.explanation)
    st.markdown("### The worked solution")
    for case in exercise.solution_cases:
        st.markdown(f"**{plain(case.name)}:** {plain(case.describe())}")
        for formula in practice.worked(case):
            st.latex(formula)
        unlinkable = _not_carried(case.ranked)
        if unlinkable:
            st.caption(
                f"Not linked to the playground: a link cannot carry {', '.join(unlinkable)}, "
                f"so the playground would show another number."
            )
        else:
            # Same tab, presenter view kept.
            menu.page_link(
                "playground",
                params=urlparams.list_params(case.ranked),
                label=f"🎛️ Open {case.name} in the playground",
            )


def navigation(seed: int, number: int) -> None:
    back, forward, fresh = st.columns(3)
    back.button(
        "← Previous",
        key=f"{PAGE}_previous",
        disabled=number == 1,
        on_click=_go_to,
        args=(number - 1,),
        width="stretch",
    )
    forward.button(
        "Next →",
        key=f"{PAGE}_next",
        disabled=number == practice.SET_SIZE,
        on_click=_go_to,
        args=(number + 1,),
        type="primary" if number - 1 in _answers(seed) else "secondary",
        width="stretch",
    )
    fresh.button("New set", key=f"{PAGE}_new", on_click=_start_new_set, width="stretch")


def set_done(seed: int) -> None:
    answers = _answers(seed)
    if len(answers) == practice.SET_SIZE:
        right = sum(a["verdict"].correct for a in answers.values())
        st.success(
            f"Set {seed} done: {right} of {practice.SET_SIZE} right. Go back to any exercise "
            f"to read its solution again, or start a new set."
        )


def share_this_set(seed: int, number: int) -> None:
    with st.expander("Share this set or project it"):
        share.copy_link(
            urlparams.query_string({"seed": str(seed)}),
            path=PAGE,
            label="This set, from exercise 1",
        )
        share.copy_link(
            urlparams.query_string(
                {"seed": str(seed), "ex": EX.write(number), urlparams.PRESENT: "1"}
            ),
            path=PAGE,
            label="This exercise in presenter view (large type, no sidebar)",
        )


presenting = share.is_presenting()  # app.py applies the presenter style
seed, number, messages = read_address()
introduction(presenting, messages)
progress(seed, number)
exercise = practice.exercise(seed, number - 1)
answered = _answers(seed).get(exercise.index)
the_exercise(exercise, number)
if answered is None:
    your_answer(exercise)
else:
    if not exercise.is_numeric:
        the_options_marked(exercise, answered["given"])
    the_solution(exercise, answered["verdict"], presenting)
navigation(seed, number)
set_done(seed)
if not presenting:
    share_this_set(seed, number)
