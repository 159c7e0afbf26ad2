"""The discount curves of /learn-discount: hand-worked weights, agreement with the core's NDCG,
the top-1/3/10 weights, and the random-order limit behind Wang et al. (2013)."""

from __future__ import annotations

from math import log, log2

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st
from sklearn.metrics import ndcg_score

from lessons.curves import (
    CURVES,
    RUNNING_EXAMPLE,
    costliest_move,
    curve_table,
    move_costs,
    moves_down,
    random_order_limit,
    score_with,
    top_weights,
    weights,
)
from lessons.latex import curve_dcg_filled, curve_dcg_formula, curve_formula
from ndcg_core import ndcg
from ndcg_core.model import RankedList, Scoring
from ndcg_core.ordering import expected_random


def test_weights_by_hand():
    assert weights("log2", 3).tolist() == pytest.approx([1, 1 / log2(3), 1 / 2])
    assert weights("reciprocal", 4).tolist() == pytest.approx([1, 1 / 2, 1 / 3, 1 / 4])
    assert weights("geometric", 3, p=0.5).tolist() == pytest.approx([1, 0.5, 0.25])
    # Järvelin–Kekäläinen, b = 3: ranks 1 and 2 undiscounted, then 1 / log_3 i
    assert weights("jarvelin", 4, base=3).tolist() == pytest.approx(
        [1, 1, 1, 1 / (log(4) / log(3))]
    )


def test_top_weights_by_hand():
    table = top_weights(20, base=2, p=0.8).set_index("curve")
    assert table.loc["log2", "top_3"] == pytest.approx(1 + 1 / log2(3) + 1 / 2)
    assert table.loc["reciprocal", "top_10"] == pytest.approx(sum(1 / i for i in range(1, 11)))
    assert table.loc["geometric", "top_3"] == pytest.approx(1 + 0.8 + 0.64)
    assert table.loc["jarvelin", "top_3"] == pytest.approx(1 + 1 + 1 / log2(3))
    geometric_total = sum(0.8**i for i in range(20))
    assert table.loc["geometric", "share_1"] == pytest.approx(1 / geometric_total)
    assert (table["top_1"] == 1).all()


@given(
    st.lists(st.integers(0, 4).map(float), min_size=1, max_size=10),
    st.lists(st.integers(0, 4).map(float), max_size=4),
    st.one_of(st.sampled_from(["n", "none"]), st.integers(1, 12)),
    st.sampled_from(["linear", "exponential"]),
    st.floats(1.5, 10),
)
def test_log_curves_score_exactly_what_the_core_scores(rels, pool, k, gain, base):
    for curve, discount in (("log2", "log2"), ("jarvelin", "jarvelin")):
        ranked = RankedList(
            tuple(rels),
            pool=tuple(pool),
            scoring=Scoring(k=k, gain=gain, discount=discount, log_base=base),
        )
        assert score_with(ranked, curve).ndcg == pytest.approx(
            ndcg(ranked.relevances, **ranked.kwargs())
        )


def test_other_curves_by_hand():
    # rel = 3, 2, 3, 0, 1, 2 with 1/i: DCG = 3 + 2/2 + 3/3 + 0 + 1/5 + 2/6; ideal 3, 3, 2, 2, 1, 0
    score = score_with(RankedList((3, 2, 3, 0, 1, 2)), "reciprocal")
    assert score.dcg == pytest.approx(3 + 1 + 1 + 1 / 5 + 2 / 6)
    assert score.idcg == pytest.approx(3 + 3 / 2 + 2 / 3 + 2 / 4 + 1 / 5)
    geometric = score_with(RankedList((0, 1), scoring=Scoring(k=1)), "geometric", p=0.5)
    assert (geometric.dcg, geometric.idcg, geometric.ndcg) == (0.0, 1.0, 0.0)
    empty = score_with(RankedList((0, 0), scoring=Scoring(zero="1")), "reciprocal")
    assert empty.ndcg == 1.0


def test_random_order_limit_matches_the_closed_form_and_creeps_to_one_under_the_log():
    limit = random_order_limit("log2", (10,))
    assert limit["expected_ndcg"][0] == pytest.approx(
        expected_random(RankedList((1,) * 5 + (0,) * 5)).expected
    )
    log_values = random_order_limit("log2", (10, 1000, 100_000))["expected_ndcg"].tolist()
    assert log_values == sorted(log_values) and log_values[-1] > 0.93
    for curve in ("reciprocal", "geometric"):
        values = random_order_limit(curve, (1000, 100_000))["expected_ndcg"]
        assert all(0.5 <= v < 0.56 for v in values), (curve, values.tolist())


def test_curve_table_and_latex():
    table = curve_table(10, base=2, p=0.8)
    assert list(table.columns) == ["position", *CURVES]
    assert curve_formula(CURVES["geometric"], p=0.8) == r"d(i) = 0.8^{\,i-1}"
    assert curve_formula(CURVES["jarvelin"], base=3) == r"d(i) = \frac{1}{\max(1,\ \log_{3} i)}"
    assert curve_dcg_formula("linear", "@k") == r"\mathrm{DCG@k} = \sum_{i=1}^{k} rel_i \cdot d(i)"
    score = score_with(RankedList((1, 0, 1)), "reciprocal")
    filled = curve_dcg_filled(score, "linear", 3)
    assert r"1 \cdot 1.0000 + 0 \cdot 0.5000 + 1 \cdot 0.3333" in filled
    assert filled.endswith(r"&= 1.3333 \end{aligned}")


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: weights("cubic", 3), "`curve` must be 'log2' or"),
        (lambda: weights("log2", 0), "`depth` must be a whole number ≥ 1"),
        (lambda: weights("geometric", 3, p=1.2), "`p` must lie strictly between 0 and 1"),
        (lambda: top_weights(5), "`depth` must be at least 10"),
        (lambda: random_order_limit("log2", share=0), "`share` must be above 0"),
    ],
)
def test_errors_name_the_parameter(call, message):
    with pytest.raises(ValueError, match=message):
        call()


def test_the_curves_ndcg_scores_with_say_what_their_discounts_say():
    from ndcg_core.options import DISCOUNTS

    assert CURVES["log2"].label == DISCOUNTS["log2"].label
    for key in ("log2", "jarvelin"):
        assert CURVES[key].used_by == DISCOUNTS[key].used_by
    assert curve_formula(CURVES["log2"], base=3) == r"d(i) = \frac{1}{\log_{2}(i+1)}"
    assert CURVES["jarvelin"].latex(base=3) == rf"\frac{{1}}{{{DISCOUNTS['jarvelin'].latex(3)}}}"


# ----------------------------------------------- the lesson's question: which move costs most


def _ndcg_by_hand(values, weights) -> float:
    """NDCG with the ideal from the list itself, any discount weights: independent of the core."""
    values = np.asarray(values, dtype=float)
    best = np.sort(values)[::-1]
    return float(values @ weights / (best @ weights))


def test_moving_a_card_down_costs_what_the_two_discounts_differ():
    ranked = RankedList((3, 2, 3, 0, 1, 2))
    pairs = moves_down(ranked)
    assert pairs == [(1, 2), (3, 4)]  # only where the card above is graded higher
    costs = move_costs(ranked, pairs)
    d = 1 / np.log2(np.arange(2, 8))
    for row in costs.itertuples():
        moved = list(ranked.relevances)
        moved[row.position - 1], moved[row.below - 1] = (
            moved[row.below - 1],
            moved[row.position - 1],
        )
        lost = ndcg_score([list(ranked.relevances)], [[6, 5, 4, 3, 2, 1]]) - ndcg_score(
            [moved], [[6, 5, 4, 3, 2, 1]]
        )
        assert row.ndcg_lost == pytest.approx(lost)
        assert (row.discount_from, row.discount_to) == pytest.approx(
            (d[row.position - 1], d[row.below - 1])
        )
    assert f"{costs['ndcg_lost'][0]:.4f}" == "0.0517"  # (3 − 2) × (1 − 0.6309) ÷ 7.1410


def test_under_jarvelin_kekalainen_b_2_the_first_move_is_free():
    ranked = RankedList((3, 2, 3, 0, 1, 2), scoring=Scoring(discount="jarvelin"))
    costs = move_costs(ranked, moves_down(ranked))
    weights = np.array([1, 1, 1 / log2(3), 1 / 2, 1 / log2(5), 1 / log2(6)])
    assert costs["ndcg_lost"][0] == 0.0
    assert costs["ndcg_lost"][1] == pytest.approx(
        _ndcg_by_hand([3, 2, 3, 0, 1, 2], weights) - _ndcg_by_hand([3, 2, 0, 3, 1, 2], weights)
    )


def test_below_the_cut_off_a_move_costs_nothing():
    ranked = RankedList((3, 2, 1, 0), scoring=Scoring(k=2))
    costs = move_costs(ranked, moves_down(ranked))
    assert costs["discount_to"].tolist()[1:] == [0.0, 0.0]
    assert costs["ndcg_lost"].tolist()[2] == 0.0
    assert costs["ndcg_lost"].tolist()[1] == pytest.approx(
        ndcg_score([[3, 2, 1, 0]], [[4, 3, 2, 1]], k=2)
        - ndcg_score([[3, 1, 2, 0]], [[4, 3, 2, 1]], k=2)
    )


def test_the_question_falls_back_to_the_running_example():
    asked, pairs = costliest_move(RankedList((1, 0, 1)), 0.005)  # one move only
    assert asked.relevances == RUNNING_EXAMPLE and pairs == [(1, 2), (3, 4)]
    asked, pairs = costliest_move(RankedList((3, 2, 3, 0, 1, 2)), 0.005)
    assert asked.relevances == (3, 2, 3, 0, 1, 2)
    asked, pairs = costliest_move(RankedList((0, 0, 0), scoring=Scoring(k=2)), 0.005)
    assert asked.relevances == RUNNING_EXAMPLE and asked.k == 2  # under the list's conventions
    # a gain map without the example's grades: nothing to ask, said with no moves, not raised
    mapped = RankedList((0.5, 2), scoring=Scoring(gain="map:0=0,0.5=1,2=3"))
    assert costliest_move(mapped, 0.005) == (mapped, [])


def test_the_jarvelin_kekalainen_reader_reads_the_first_floor_b_ranks_in_full():
    for base in (2, 3, 2.5):
        w = weights("jarvelin", 5, base=base)
        assert (w == 1).sum() == int(base)
    assert "⌊b⌋" in CURVES["jarvelin"].description and "⌊b⌋" in CURVES["jarvelin"].reader
