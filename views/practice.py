"""Practice: predict, then reveal. A set of exercises made from a seed in the URL, so a whole class
can get the same set; each answer is checked by the core and solved with its numbers."""

from __future__ import annotations

import random

import plotly.graph_objects as go
import streamlit as st

from ndcg_core import practice
from ndcg_core.parsing import format_number
from ui import share
from ui.text import plain
from ui.urlstate import ListState, query_string

PAGE = "practice"
ANSWERS = f"{PAGE}_answers"
# Okabe–Ito, with a pattern per list so colour is never the only cue.
COLOURS = ("#0072B2", "#E69F00")
PATTERNS = ("", "/")


def _new_seed() -> int:
    return random.randrange(practice.MAX_SEED + 1)


def _read_url() -> tuple[int, int, list[str]]:
    """The seed and the exercise number (1-based) from the URL, with a message per bad value."""
    problems = []
    params = st.query_params
    seed = None
    if "seed" in params:
        try:
            seed = practice.check_seed(params["seed"])
        except ValueError as error:
            problems.append(f"{error} A new set was started instead.")
    if seed is None:
        seed = _new_seed()
        st.query_params["seed"] = str(seed)
    number = 1
    if "ex" in params:
        text = params["ex"].strip()
        # isascii: str.isdigit also accepts digits int() cannot read, such as '²'.
        if text.isascii() and text.isdigit() and 1 <= int(text) <= practice.SET_SIZE:
            number = int(text)
        else:
            problems.append(
                f"The exercise number must be from 1 to {practice.SET_SIZE}; the link has "
                f"'{params['ex']}', so exercise 1 is shown."
            )
            st.query_params["ex"] = "1"
    return seed, number, problems


def _answers(seed: int) -> dict[int, dict]:
    """This session's answers for the set, by exercise index."""
    return st.session_state.setdefault(ANSWERS, {}).setdefault(seed, {})


def _go_to(number: int) -> None:
    st.query_params["ex"] = str(number)


def _start_new_set() -> None:
    st.query_params["seed"] = str(_new_seed())
    st.query_params["ex"] = "1"


def _chart(cases: tuple[practice.Case, ...]) -> go.Figure:
    fig = go.Figure()
    for i, case in enumerate(cases):
        positions = list(range(1, len(case.values) + 1))
        fig.add_bar(
            x=positions,
            y=list(case.values),
            name=case.name,
            marker={"color": COLOURS[i % 2], "pattern": {"shape": PATTERNS[i % 2]}},
            text=[format_number(v) for v in case.values],
            textposition="outside",
        )
    k = cases[0].k
    if k is not None:
        fig.add_vline(
            x=k + 0.5, line={"dash": "dash", "color": "#888888"}, annotation_text=f"k = {k}"
        )
    top = max(max(c.values) for c in cases)
    fig.update_layout(
        barmode="group",
        height=460 if share.is_presenting() else 300,
        margin={"l": 10, "r": 10, "t": 30, "b": 10},
        xaxis={"title": "position in the ranking", "dtick": 1},
        yaxis={"title": "relevance", "range": [0, max(top, 1) * 1.25]},
        legend={"orientation": "h", "y": 1.15},
        showlegend=len(cases) > 1,
    )
    return share.present_figure(fig)


def _show_cases(exercise: practice.Exercise) -> None:
    # A puzzle's prompt already gives the list; its cases would name the answer's convention.
    if exercise.kind not in practice.PUZZLES:
        for case in exercise.cases:
            label = f"{case.name}: " if exercise.kind == "compare" else ""
            st.markdown(f"**{label}{case.describe()}**")
    if exercise.kind in ("compare", "estimate", "costliest_swap"):
        shown = exercise.cases if exercise.kind == "compare" else exercise.cases[:1]
        st.plotly_chart(
            _chart(shown),
            key=f"{PAGE}_chart_{exercise.seed}_{exercise.index}",
            config={"displayModeBar": False},
        )
        st.caption(
            "Bars are the relevance at each position; the further left, the more a grade counts."
        )
    if exercise.question_latex:
        st.latex(exercise.question_latex)


def _question(exercise: practice.Exercise) -> None:
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


def _options_after(exercise: practice.Exercise, picked: int) -> None:
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


def _reveal(exercise: practice.Exercise, verdict: practice.Verdict, presenting: bool) -> None:
    (st.success if verdict.correct else st.error)(f"**{verdict.headline}** {verdict.detail}")
    st.markdown(exercise.explanation)
    st.markdown("#### The worked solution")
    for case in exercise.solution_cases:
        st.markdown(f"**{case.name}:** {case.describe()}")
        for formula in practice.worked(case):
            st.latex(formula)
        if not presenting:
            state = ListState(
                values=case.values,
                k=case.k,
                gain=case.gain,
                discount=case.discount,
                base=case.base,
                pool=case.pool,
            )
            st.link_button(
                f"Open {case.name} in the playground ↗",
                f"/playground?{query_string(state)}",
            )


def _progress(seed: int, number: int) -> None:
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


def _navigation(seed: int, number: int) -> None:
    back, forward, fresh = st.columns(3)
    back.button(
        "← Previous",
        key=f"{PAGE}_previous",
        disabled=number == 1,
        on_click=_go_to,
        args=(number - 1,),
        use_container_width=True,
    )
    forward.button(
        "Next →",
        key=f"{PAGE}_next",
        disabled=number == practice.SET_SIZE,
        on_click=_go_to,
        args=(number + 1,),
        type="primary" if number - 1 in _answers(seed) else "secondary",
        use_container_width=True,
    )
    fresh.button("New set", key=f"{PAGE}_new", on_click=_start_new_set, use_container_width=True)


def main() -> None:
    presenting = share.is_presenting()  # app.py applies the presenter style
    seed, number, problems = _read_url()
    st.title("🎯 Practice")
    if not presenting:
        st.markdown(
            "Predict first, then reveal. Each exercise is checked, then solved with its own "
            "numbers. The set comes from the **seed** in the address: share the link and "
            "everyone gets the same exercises."
        )
    for problem in problems:
        st.warning(plain(problem))
    _progress(seed, number)

    exercise = practice.exercise(seed, number - 1)
    answered = _answers(seed).get(exercise.index)
    st.subheader(f"{number}. {exercise.title}")
    st.markdown(exercise.prompt)
    _show_cases(exercise)
    if answered is None:
        _question(exercise)
    else:
        if not exercise.is_numeric:
            _options_after(exercise, answered["given"])
        _reveal(exercise, answered["verdict"], presenting)
    _navigation(seed, number)

    answers = _answers(seed)
    if len(answers) == practice.SET_SIZE:
        right = sum(a["verdict"].correct for a in answers.values())
        st.success(
            f"Set {seed} done: {right} of {practice.SET_SIZE} right. Go back to any exercise "
            f"to read its solution again, or start a new set."
        )
    if not presenting:
        with st.expander("Share this set or project it"):
            share.copy_link(f"seed={seed}", path=PAGE, label="This set, from exercise 1")
            share.copy_link(
                f"seed={seed}&ex={number}&present=1",
                path=PAGE,
                label="This exercise in presenter view (large type, no sidebar)",
            )


main()
