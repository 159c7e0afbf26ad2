"""The reveal's steps on the audience screen (`classroom.reveal`): which steps a question has,
which one the screen shows at a moment, and where previous and next take it."""

from __future__ import annotations

from dataclasses import replace

import pytest

from classroom import questions as q
from classroom import reveal
from classroom.store import Posed

SWAP = q.swap_question([3, 2, 1, 0])  # right: option 0
T = 1_800_000_000.0


def posed(**changes) -> Posed:
    return replace(Posed(1, SWAP.text, T - 60, T), **changes)


def test_each_question_has_the_steps_its_reveal_can_show():
    one = posed()
    assert reveal.steps(one, ["0", "0"]) == (reveal.ANSWER, reveal.WHY)
    assert reveal.steps(one, ["0", "1"]) == (reveal.ANSWER, reveal.WRONG, reveal.WHY)
    sure = posed(confidence=True)
    assert reveal.steps(sure, ["0"]) == (reveal.ANSWER, reveal.SURE, reveal.WHY)
    two = posed(round=2, confidence=True)  # how sure goes with how the class moved
    assert reveal.steps(two, ["1"]) == (reveal.ANSWER, reveal.MOVED, reveal.WRONG, reveal.WHY)
    twin = posed(twin_of=1)
    assert reveal.steps(twin, ["0"]) == (reveal.ANSWER, reveal.WHY, reveal.TWIN)
    assert set(reveal.NAMES) == {
        reveal.ANSWER,
        reveal.MOVED,
        reveal.SURE,
        reveal.WRONG,
        reveal.WHY,
        reveal.TWIN,
    }


@pytest.mark.parametrize(
    ("since", "at", "left"),
    [(0.0, 0, 10), (0.5, 0, 10), (9.99, 0, 1), (10.0, 1, 10), (27.0, 2, 3), (40.0, 0, 10)],
)
def test_the_screen_steps_every_step_seconds_and_starts_again_after_the_last(since, at, left):
    assert reveal.STEP_SECONDS == 10.0
    assert reveal.shown(posed(), 4, T + since) == reveal.Shown(at, 4, left)


def test_a_clock_behind_the_reveal_shows_the_first_step():
    assert reveal.shown(posed(), 3, T - 5).at == 0


def test_a_step_chosen_shows_at_once_for_a_whole_step_then_the_screen_steps_on():
    now = T + 37.0  # step 4 of 5 by itself (index 3)
    chosen = posed(steps_from=reveal.start_for(1, now))
    assert reveal.shown(chosen, 5, now) == reveal.Shown(1, 5, 10)
    assert reveal.shown(chosen, 5, now + 9.5).at == 1
    assert reveal.shown(chosen, 5, now + 10).at == 2
    assert reveal.shown(chosen, 5, now + 40).at == 0  # round again, from the step chosen


def test_previous_and_next_wrap_at_the_ends():
    assert [reveal.moved(at, 4, 1) for at in range(4)] == [1, 2, 3, 0]
    assert [reveal.moved(at, 4, -1) for at in range(4)] == [3, 0, 1, 2]
    assert reveal.moved(0, 1, 1) == 0
