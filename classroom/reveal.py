"""The reveal on the audience screen, as steps: which steps a question's reveal has, which one
the screen shows at a moment, and where the teacher's "previous" and "next" take it.

The screen steps by itself every STEP_SECONDS, counting from the question's `steps_from` (the
moment the teacher last chose a step; NULL: the reveal). Choosing step n writes a `steps_from`
n steps before now, so the screen shows step n at once, for a whole step, then carries on by
itself from there. The reveal's own time (`revealed`) is never moved: the CSV of the rounds
reports it.

Both screens ask this module: the audience screen (`views/classroom/projector.py`) draws the
step `shown` says, and the teacher's screen names it and moves it.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from i18n import N_

from . import questions

STEP_SECONDS = 10.0  # how long each step of a reveal stays on the screen

# The steps, in the order the screen shows them (each one only where the question has it).
ANSWER, MOVED, SURE, WRONG, WHY, TWIN = "answer", "moved", "sure", "wrong", "why", "twin"
# What each step shows, as the teacher's screen names it ("step 2 of 4: how the class moved").
NAMES = {
    ANSWER: N_("the answer and how the class answered"),
    MOVED: N_("how the class moved"),
    SURE: N_("how sure, and how right"),
    WRONG: N_("what the wrong answers point to"),
    WHY: N_("why"),
    TWIN: N_("what the twin question shows"),
}


def steps(posed, final: Sequence[str]) -> tuple[str, ...]:
    """The steps of `posed`'s reveal (a `classroom.store.Posed`), given the class's final
    answers (round 2's after two rounds, else round 1's): the answer and each round's answers;
    how the class moved (two rounds) or how sure it was (one, if asked); what the wrong answers
    point to (if any does); why; what the twin showed (a twin)."""
    found = [ANSWER]
    if posed.round == 2:
        found.append(MOVED)
    elif posed.confidence:
        found.append(SURE)
    if questions.misconceptions(posed.question, final):
        found.append(WRONG)
    found.append(WHY)
    if posed.twin_of is not None:
        found.append(TWIN)
    return tuple(found)


@dataclass(frozen=True)
class Shown:
    """The step on the screen: its index `at` among `count`, and the whole seconds until the
    screen moves on by itself."""

    at: int
    count: int
    seconds_left: int

    @property
    def number(self) -> int:
        """The step as people count it: 1, 2, …"""
        return self.at + 1


def shown(posed, count: int, now: float) -> Shown:
    """The step of `posed`'s reveal (of `count` steps) the audience screen shows at `now`:
    one more every STEP_SECONDS since its steps' start, and after the last the first again."""
    start = posed.steps_from if posed.steps_from is not None else posed.revealed
    since = max(0.0, now - start)
    return Shown(
        int(since // STEP_SECONDS) % count,
        count,
        math.ceil(STEP_SECONDS - since % STEP_SECONDS),
    )


def moved(at: int, count: int, by: int) -> int:
    """The step `by` steps on from step `at` (back, if negative): past the last comes the first,
    before the first the last, as when the screen steps by itself."""
    return (at + by) % count


def start_for(step: int, now: float) -> float:
    """The `steps_from` that shows step `step` from `now`, for a whole step."""
    return now - step * STEP_SECONDS
