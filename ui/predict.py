"""Predict, then reveal: a lesson asks the learner to commit to a guess before it shows the number.

A question is a practice `Exercise` (`lessons.practice`: `build_compare`, `build_estimate`,
`build_costliest_swap`, or any exercise of the registry), so a lesson's question is judged by the
same code, with the same feedback about named mistakes, as the practice page's. A lesson calls

    guess = predict.ask(exercise, key="binary-top")
    if predict.revealed(guess):
        ...the reveal: the formula and the numbers...

`ask` draws the question in a bordered box with one "Check my guess" button (a form, so that
typing does not rerun the page) and a quieter "Just show me" for a reader on a second visit or a
teacher at the projector. Once either is pressed, the box shows the guess and the verdict, and
`revealed` is true for the rest of the session: the caller draws the reveal right below. A
question answered on the board passes the option the learner's move stands for (`answer`).

A lesson never draws its reveal before `revealed` holds, and never lets the question give its
answer away (the prompt asks; the numbers come after). The reveal reads in one order on every
page: the claim as its heading (`claim`), the picture (`picture`: the order asked about against
the ideal, on a read-only ranking board), one line of the sum (`sum_line`), and every term
folded (each page's own fold, which holds more than the sums).

`submit` is the one way an answer form's answer is checked, here, on /practice and in the live
classroom: what to say when nothing was given or the answer cannot be read, else the verdict.

Guesses are kept in the learner's progress (`ui.saved`): what was given, by question key, so an
answered question stays answered after a reload, in a new tab, or on another device through the
progress link. A stored guess is judged again when its question is drawn.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TypeVar

import streamlit as st

from i18n import N_, tr
from lessons import practice
from lessons.latex import ndcg_filled
from lessons.practice import Exercise, Verdict
from ndcg_core.metrics import Totals
from ndcg_core.model import RankedList
from ui import board as ranking_board
from ui import inputs, saved
from ui.share import is_presenting
from ui.text import plain

STATE = "predictions"  # session_state[STATE][key] = Guess, judged this session
T = TypeVar("T")


@dataclass(frozen=True)
class Guess:
    """What the learner did with one question: `given` (an option's index or typed text, None
    when they asked to see the answer without guessing) and the core's `verdict` (None then)."""

    given: int | str | None
    verdict: Verdict | None

    @property
    def skipped(self) -> bool:
        return self.verdict is None


def _guesses() -> dict[str, Guess]:
    return st.session_state.setdefault(STATE, {})


def guess_for(key: str, exercise: Exercise | None = None) -> Guess | None:
    """The guess recorded for question `key`, if any: judged this session, or kept in the
    learner's progress and judged again against `exercise` (without it, a kept guess counts as
    seen, its verdict unknown)."""
    if key in _guesses():
        return _guesses()[key]
    if key not in saved.guesses():
        return None
    given = saved.guesses()[key]
    if given is None or exercise is None:
        return Guess(None, None) if given is None else Guess(given, None)
    try:
        guess = Guess(given, practice.judge(exercise, given))
    except ValueError:  # kept from an older question it no longer fits: ask again
        saved.forget_guess(key)
        return None
    _guesses()[key] = guess
    return guess


def revealed(guess: Guess | None) -> bool:
    """Whether the reveal may be drawn: the learner has guessed, or asked to see it."""
    return guess is not None


def _record(key: str, guess: Guess) -> None:
    _guesses()[key] = guess
    saved.set_guess(key, guess.given)


def _skip(key: str) -> None:
    _record(key, Guess(None, None))


def _again(key: str) -> None:
    _guesses().pop(key, None)
    saved.forget_guess(key)


def asked_on(key: str, current: T) -> T:
    """What question `key` is about: `current` (the learner's list, query, …) until the question
    is answered, then what it was answered on, until the learner asks again. A later change of
    the list leaves the verdict on what was asked, not on something else."""
    pinned = f"predict_{key}_asked"
    if guess_for(key) is None or pinned not in st.session_state:
        st.session_state[pinned] = current
    return st.session_state[pinned]


def ask(
    exercise: Exercise, *, key: str, title: str = N_("Predict first"), answer: int | None = None
) -> Guess | None:
    """Draw `exercise` as a question, or, once answered, the guess and its verdict. `answer`:
    the option a move on the board stands for, recorded as the guess when there is none yet.

    Returns the learner's `Guess` once there is one (then `revealed` is true), else None.
    """
    saved.mount()
    guess = guess_for(key, exercise)
    if guess is None and answer is not None:
        verdict = submit(exercise, answer)
        if isinstance(verdict, Verdict):
            guess = Guess(answer, verdict)
            _record(key, guess)
    with st.container(border=True, key=f"predict_{key}"):
        st.markdown(
            tr("**🤔 {title}.** {prompt}", title=plain(tr(title)), prompt=plain(exercise.prompt))
        )
        if guess is None:
            _question(exercise, key)
        else:
            _verdict(exercise, guess, key)
    return guess


@dataclass(frozen=True)
class Refusal:
    """Why an answer was not checked: `level` "warning" (nothing given) or "error" (it cannot
    be read), and the words to show."""

    level: str
    message: str

    def show(self) -> None:
        (st.warning if self.level == "warning" else st.error)(plain(self.message))


R = TypeVar("R")


def submit(
    question,
    given: int | str | None,
    check: Callable[..., R] = practice.judge,
    *,
    unreadable: bool = False,
) -> R | Refusal:
    """Check an answer form's answer: `check(question, given)` (a practice exercise's verdict by
    default), or the `Refusal` to show when no answer was given, the browser sent an option that
    was never offered (`unreadable`), or `check` cannot read it. `question` is anything with
    `is_numeric` (an exercise, a classroom question)."""
    if unreadable:
        return Refusal("error", inputs.UNREADABLE_CHOICE)
    if given is None or given == "":
        return Refusal(
            "warning",
            tr("Type a number first.")
            if question.is_numeric
            else tr("Pick one of the options first."),
        )
    try:
        return check(question, given)
    except practice.UnreadableAnswer as error:
        return Refusal("error", tr("That answer could not be read: {error}", error=error))
    except ValueError as error:  # read, but it cannot be the answer
        return Refusal("error", str(error))


def answer_field(exercise: Exercise, label: str, key: str) -> tuple[int | str | None, bool]:
    """The field an answer to `exercise` is typed or picked in (inside the caller's form): a text
    box (`<key>_number`) for a number, else a radio of the options (`<key>_choice`), whose texts
    are mapped back to an index once checked (ui/inputs.py). Returns the answer (None when none
    is given) and whether a value the browser could not have sent was dropped."""
    if exercise.is_numeric:
        given = st.text_input(label, key=f"{key}_number", placeholder=tr("e.g. 0.8, .8 or 80%"))
        return given, False
    return inputs.choice(label, [choice.text for choice in exercise.choices], f"{key}_choice")


def _question(exercise: Exercise, key: str) -> None:
    with st.form(f"predict_{key}_form", border=False):
        given, unreadable = answer_field(exercise, tr("Your guess"), f"predict_{key}")
        submitted = st.form_submit_button(tr("Check my guess"), type="primary")
    st.button(
        tr("Just show me"),
        key=f"predict_{key}_skip",
        on_click=_skip,
        args=(key,),
        help=tr("Skip the guess and go straight to the answer."),
    )
    if not (submitted or unreadable):
        return
    verdict = submit(exercise, given, unreadable=unreadable)
    if isinstance(verdict, Refusal):  # said, nothing recorded (an unreadable radio is empty)
        verdict.show()
        return
    _record(key, Guess(given, verdict))
    st.rerun()  # drawn again without the form: the question now shows the guess and verdict


def _verdict(exercise: Exercise, guess: Guess, key: str) -> None:
    if guess.skipped:
        st.caption(tr("You went straight to the answer."))
    else:
        said = (
            exercise.choices[guess.given].text if isinstance(guess.given, int) else str(guess.given)
        )
        verdict = guess.verdict
        (st.success if verdict.correct else st.info)(
            tr(
                "**Your guess: {said}.** {headline} {detail}",
                said=plain(said),
                headline=verdict.headline,
                detail=plain(verdict.detail),
            ),
            icon="✅" if verdict.correct else "💡",
        )
    st.button(tr("Ask me again"), key=f"predict_{key}_again", on_click=_again, args=(key,))


# ---------------------------------------------------------------------------------------------
# The reveal, in its one order: the claim, the picture, one line of the sum
# ---------------------------------------------------------------------------------------------


def claim(text: str) -> None:
    """The reveal's heading: what the question was about, said now that it is answered. An h3:
    a question sits under a section (h2) or a step (h3), and a heading one level deeper than
    the last, or at its level, keeps the page's outline whole for a screen reader."""
    st.markdown(f"### 💡 {plain(text)}")


def picture(key: str, ranked: RankedList, *, name: str | None = None, words: str = "") -> None:
    """The order asked about against its ideal: the ranking board, read-only (no buttons, no
    moves), with its legend and what each position lost; `name` above it says which order it
    is, `words` under it anything the board cannot say."""
    ranking_board.show(
        f"{key}_picture", ranked, present=is_presenting(), read_only=True, caption=name
    )
    if words:
        st.caption(plain(words))


def sum_line(result: Totals) -> None:
    """NDCG as one line: the ratio of the two sums, with their values."""
    st.latex(ndcg_filled(result.dcg, result.idcg, result.ndcg, result.ranked.k))
