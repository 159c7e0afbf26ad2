"""Reorderings used by the playground's buttons (ideal, worst, move) and the one swap every
page, exercise and walkthrough makes. (The board reverses and shuffles in its own script:
tests/browser/test_board.py.)"""

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from ndcg_core import ndcg
from ndcg_core.model import RankedList
from ndcg_core.permutations import (
    check_position,
    ideal_order,
    move,
    order_between,
    swap,
    worst_order,
)

relevance_lists = st.lists(st.integers(0, 4).map(float), min_size=1, max_size=12)


def test_ideal_order_sorts_descending_and_keeps_ties_in_place():
    # rel = 3, 2, 3, 0, 1, 2: the two 3s (positions 1, 3) and the two 2s (2, 6) keep their order
    assert ideal_order([3, 2, 3, 0, 1, 2]) == [0, 2, 1, 5, 4, 3]


def test_worst_order_sorts_ascending_and_keeps_ties_in_place():
    assert worst_order([3, 2, 3, 0, 1, 2]) == [3, 4, 1, 5, 0, 2]


def test_move():
    assert move(5, 4, 1) == [3, 0, 1, 2, 4]  # position 4 to the top
    assert move(5, 1, 2) == [1, 0, 2, 3, 4]  # one step down
    assert move(5, 2, 2) == [0, 1, 2, 3, 4]


def test_order_between_undoes_a_reordering():
    ranked = RankedList((3, 2, 1, 0), labels=("A", "B", "C", "D"))
    order = [2, 0, 3, 1]
    after = ranked.reordered(order)
    assert after.labels == ("C", "A", "D", "B") and after.relevances == (1, 3, 0, 2)
    assert order_between(ranked.labels, after.labels) == order


def test_swap_exchanges_two_positions_counted_from_one():
    assert swap(3, 1, 3) == [2, 1, 0]
    assert swap(4, 2, 2) == [0, 1, 2, 3]
    ranked = RankedList((3, 2, 1), labels=("a", "b", "c"))
    after = ranked.reordered(swap(ranked.n, 1, 3))
    assert after.labels == ("c", "b", "a") and after.relevances == (1, 2, 3)
    assert after.reordered(swap(3, 3, 1)) == ranked  # a swap undoes itself


def test_check_position_is_one_based_and_plain():
    assert check_position(np.int64(3), 3, "i") == 3 and type(check_position(1, 3, "i")) is int


@given(relevance_lists)
def test_ideal_order_scores_one_and_worst_order_scores_least(values):
    best = RankedList(tuple(values)).reordered(ideal_order(values)).relevances
    worst = RankedList(tuple(values)).reordered(worst_order(values)).relevances
    if any(values):
        assert ndcg(best) == pytest.approx(1.0)
        assert ndcg(worst) <= ndcg(values) + 1e-12
    assert sorted(best) == sorted(values) == sorted(worst)


@given(relevance_lists, st.data())
def test_move_puts_the_item_where_asked(values, data):
    n = len(values)
    source = data.draw(st.integers(1, n))
    target = data.draw(st.integers(1, n))
    order = move(n, source, target)
    assert order[target - 1] == source - 1
    assert sorted(order) == list(range(n))


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: move(3, 0, 1), r"`source` must be a position from 1 to 3 .*got 0"),
        (lambda: move(3, 1, 4), r"`target` must be a position from 1 to 3 .*got 4"),
        (lambda: move(-1, 1, 1), r"whole number ≥ 0; got -1"),
        (lambda: ideal_order([1, -2]), r"negative|≥ 0|-2"),
        (lambda: RankedList((1, 0)).reordered([0, 0]), r"each of the 2 positions exactly once"),
        (lambda: swap(3, 1, 4), r"`j` must be a position from 1 to 3 .*got 4"),
        (lambda: swap(3, True, 2), r"`i` must be a whole number from 1 to 3 .*got True"),
        (lambda: swap(3, 1.0, 2), r"`i` must be a whole number .*got 1\.0"),
        (lambda: swap(-1, 1, 2), r"whole number ≥ 0; got -1"),
        (lambda: check_position(np.int64(9), 3, "position"), r"from 1 to 3 .*got 9\.$"),
        (lambda: order_between("AB", "AC"), r"same 2 items"),
        (lambda: order_between("AA", "AA"), r"distinct items"),
    ],
)
def test_errors_name_the_parameter_and_value(call, message):
    with pytest.raises(ValueError, match=message):
        call()
