"""NDCG's neighbours (P@k, R@k, RR, AP, ERR, RBP): hand-worked values, properties and errors.

Each expected value is the formula worked by hand, with the list in a comment. The same
measures are checked against trec_eval and ranx in tests/crosscheck/test_measures.py.
"""

from __future__ import annotations

import math

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from lessons.latex import neighbour_filled, neighbour_formula
from lessons.measures import MEASURES
from ndcg_core.measures import (
    SYMBOLS,
    MeasureSettings,
    all_measures,
    ap,
    changes,
    err,
    p_at_k,
    r_at_k,
    rbp,
    rbp_expected_reads,
    rbp_residual,
    relevant_judged,
    rr,
    stop_chances,
)
from ndcg_core.model import RankedList, Scoring

WIKIPEDIA = [3, 2, 3, 0, 1, 2]


# ------------------------------------------------------------------------ the issue's figures


def test_the_wikipedia_list_scores_the_figures_of_the_issue():
    # rel = 3, 2, 3, 0, 1, 2; rel_min = 1, g_max = 3, p = 0.8
    result = all_measures(RankedList(tuple(WIKIPEDIA)))
    shown = {result.name(key): f"{value:.4f}" for key, value in result.values.items()}
    assert shown == {
        "P@6": "0.8333",
        "R@6": "1.0000",
        "RR@6": "1.0000",
        "AP@6": "0.9267",
        "ERR@6": "0.9220",
        "RBP@6": "0.6355",
        "NDCG@6": "0.9608",
    }


# --------------------------------------------------------------------------- hand-worked


def test_precision_counts_hits_and_divides_by_k():
    # rel = 3, 2, 3, 0, 1, 2: hits 1, 1, 1, 0, 1, 1
    assert p_at_k(WIKIPEDIA, 6) == pytest.approx(5 / 6)
    assert p_at_k(WIKIPEDIA, 4) == pytest.approx(3 / 4)
    assert p_at_k(WIKIPEDIA, 10) == pytest.approx(5 / 10)  # beyond the list: still ÷ k
    assert p_at_k(WIKIPEDIA) == pytest.approx(5 / 6)  # no cut-off: ÷ n
    assert p_at_k(WIKIPEDIA, 6, rel_min=2) == pytest.approx(4 / 6)  # grades 3, 2, 3, 2


def test_recall_counts_the_pool():
    # rel = 1, 0, 1; pool = 1, 1, 0: four relevant judged items, two found
    assert r_at_k([1, 0, 1], 3, pool=[1, 1, 0]) == pytest.approx(2 / 4)
    assert r_at_k([1, 0, 1], 1, pool=[1, 1, 0]) == pytest.approx(1 / 4)
    assert r_at_k(WIKIPEDIA, 6, pool=[3, 2]) == pytest.approx(5 / 7)


def test_reciprocal_rank_is_one_over_the_first_hit():
    assert rr([0, 0, 2, 1]) == pytest.approx(1 / 3)
    assert rr([0, 0, 2, 1], 2) == 0.0  # the first hit lies below k
    assert rr([0, 1, 2], rel_min=2) == pytest.approx(1 / 3)
    assert rr([0, 0, 0]) == 0.0


def test_average_precision_by_hand():
    # rel = 3, 2, 3, 0, 1, 2: hits at 1, 2, 3, 5, 6
    assert ap(WIKIPEDIA) == pytest.approx((1 / 1 + 2 / 2 + 3 / 3 + 4 / 5 + 5 / 6) / 5)
    # with the pool 3, 2: seven relevant items, two never retrieved
    assert ap(WIKIPEDIA, 6, pool=[3, 2]) == pytest.approx((1 + 1 + 1 + 4 / 5 + 5 / 6) / 7)
    # at k = 3: only the first three hits count, still divided by all five
    assert ap(WIKIPEDIA, 3) == pytest.approx(3 / 5)
    # rel = 0, 1, 0, 1 (rel_min 1): hits at 2 and 4
    assert ap([0, 1, 0, 1]) == pytest.approx((1 / 2 + 2 / 4) / 2)


def test_err_by_hand():
    # rel = 3, 2, 3, 0, 1, 2; g_max = 3: R = 7/8, 3/8, 7/8, 0, 1/8, 3/8
    stop = [7 / 8, 3 / 8, 7 / 8, 0, 1 / 8, 3 / 8]
    expected, reach = 0.0, 1.0
    for rank, chance in enumerate(stop, start=1):
        expected += reach * chance / rank
        reach *= 1 - chance
    assert err(WIKIPEDIA) == pytest.approx(expected)
    assert err(WIKIPEDIA) == pytest.approx(
        7 / 8
        + (1 / 8) * (3 / 8) / 2
        + (1 / 8) * (5 / 8) * (7 / 8) / 3
        + (1 / 8) * (5 / 8) * (1 / 8) * 1 * (1 / 8) / 5
        + (1 / 8) * (5 / 8) * (1 / 8) * (7 / 8) * (3 / 8) / 6
    )
    assert round(err(WIKIPEDIA), 4) == 0.9220
    assert err(WIKIPEDIA, 1) == pytest.approx(7 / 8)
    # a 0–4 scale: g_max = 4 makes every item less satisfying
    assert err([4, 0], g_max=4) == pytest.approx(15 / 16)
    assert err([3], g_max=4) == pytest.approx(7 / 16)


def test_rbp_by_hand():
    # rel = 3, 2, 3, 0, 1, 2 → hits 1, 1, 1, 0, 1, 1; p = 0.8
    assert rbp(WIKIPEDIA, p=0.8) == pytest.approx(0.2 * (1 + 0.8 + 0.64 + 0.8**4 + 0.8**5))
    assert rbp(WIKIPEDIA, 2, p=0.5) == pytest.approx(0.5 * (1 + 0.5))
    assert rbp([0, 1], p=0.5, rel_min=1) == pytest.approx(0.5 * 0.5)
    assert rbp_residual(6, 0.8) == pytest.approx(0.8**6)
    assert rbp_expected_reads(0.8) == pytest.approx(5.0)


def test_nothing_relevant_takes_the_all_zero_rule_where_it_is_zero_over_zero():
    none = [0, 0, 0]
    assert p_at_k(none, 3) == rr(none) == err(none) == rbp(none) == 0.0
    assert r_at_k(none, 3) == ap(none) == 0.0
    assert r_at_k(none, 3, on_zero=1.0) == ap(none, on_zero=1.0) == 1.0
    assert math.isnan(ap(none, on_zero=float("nan")))
    result = all_measures(RankedList((0, 0, 0), scoring=Scoring(zero="1")))
    assert result.values["r"] == result.values["ap"] == result.values["ndcg"] == 1.0
    assert result.values["p"] == 0.0


def test_fractional_labels_are_hits_from_rel_min():
    rels = [0.5, 0.9, 0.3]
    assert p_at_k(rels, 3) == 0.0  # nothing reaches grade 1
    assert p_at_k(rels, 3, rel_min=0.5) == pytest.approx(2 / 3)
    assert err(rels, g_max=1) == pytest.approx(
        (2**0.5 - 1) / 2
        + (1 - (2**0.5 - 1) / 2) * (2**0.9 - 1) / 2 / 2
        + (1 - (2**0.5 - 1) / 2) * (1 - (2**0.9 - 1) / 2) * (2**0.3 - 1) / 2 / 3
    )


# ------------------------------------------------------------------------------- the record


def test_all_measures_names_counts_and_table():
    result = all_measures(RankedList(tuple(WIKIPEDIA), pool=(3, 2, 0)), MeasureSettings(rel_min=2))
    assert result.hits == 4 and result.relevant == 6 and result.pooled == 2
    assert result.name("ap") == "AP@6" and result.divisor == 6
    table = result.table
    assert list(table["relevant"]) == [True, True, True, False, False, True]
    assert table["err_term"].sum() == pytest.approx(result.values["err"])
    assert table["rbp_term"].sum() == pytest.approx(result.values["rbp"])
    no_cut = all_measures(RankedList(tuple(WIKIPEDIA), pool=(3,), scoring=Scoring(k="none")))
    assert no_cut.name("p") == "P" and no_cut.divisor == 6


def test_a_grade_above_g_max_is_named_and_the_other_measures_stand():
    result = all_measures(RankedList((4, 2, 0)), MeasureSettings(g_max=3))
    assert math.isnan(result.values["err"])
    assert "`g_max` = 3 is below the list's highest grade, 4" in result.problems["err"]
    assert "at least 4" in result.problems["err"]
    assert result.values["p"] == pytest.approx(2 / 3)
    assert neighbour_filled(result, "err").endswith(r"\text{—}")


def test_changes_name_only_what_moved():
    before = all_measures(RankedList((3, 2, 3, 0, 1, 2))).values
    after = all_measures(RankedList((3, 2, 0, 3, 1, 2))).values  # D3 and D4 swapped
    moved = changes(before, after)
    assert moved["p"] == 0 and moved["r"] == 0  # the order inside the top k does not count
    assert moved["ndcg"] < 0 and moved["ap"] < 0 and moved["err"] < 0 and moved["rbp"] < 0
    assert changes(None, after) == {}


def test_every_measure_has_its_formula_and_its_numbers():
    result = all_measures(RankedList(tuple(WIKIPEDIA)))
    assert list(MEASURES) == list(SYMBOLS) == list(result.values)  # one set, one order
    for key in MEASURES:
        assert neighbour_formula(key, result.ranked)
    assert neighbour_filled(result, "p").endswith(r"\frac{5}{6} = 0.8333")
    assert r"\frac{5}{5} = 1.0000" in neighbour_filled(result, "r")
    assert neighbour_filled(result, "rr").endswith(r"\frac{1}{1} = 1.0000")
    assert r"\frac{4}{5} + \frac{5}{6}" in neighbour_filled(result, "ap")
    assert neighbour_filled(result, "ap").endswith(r"= 0.9267 \end{aligned}")
    assert r"s_{1} = 0.8750" in neighbour_filled(result, "err")
    assert "= 0.9220" in neighbour_filled(result, "err")
    assert neighbour_filled(result, "rbp").endswith(r"0.2000 \times 3.1773 = 0.6355 \end{aligned}")
    assert neighbour_filled(result, "ndcg").endswith(r"\frac{6.8611}{7.1410} = 0.9608")


# ------------------------------------------------------------------------------ properties

grades = st.lists(st.integers(0, 4).map(float), min_size=1, max_size=12)
cuts = st.one_of(st.none(), st.integers(1, 15))


@given(grades, cuts, st.floats(0.05, 0.95), st.sampled_from([1.0, 2.0, 3.0]))
def test_every_measure_lies_between_0_and_1(rels, k, p, rel_min):
    values = [
        p_at_k(rels, k, rel_min=rel_min),
        r_at_k(rels, k, rel_min=rel_min),
        rr(rels, k, rel_min=rel_min),
        ap(rels, k, rel_min=rel_min),
        err(rels, k, g_max=4),
        rbp(rels, k, p=p, rel_min=rel_min),
    ]
    assert all(0.0 <= v <= 1.0 + 1e-12 for v in values), values


@given(grades, st.integers(1, 12), st.randoms(use_true_random=False))
def test_shuffling_inside_the_top_k_leaves_precision_and_recall(rels, k, random):
    top = rels[:k]
    random.shuffle(top)
    shuffled = top + rels[k:]
    assert p_at_k(shuffled, k) == p_at_k(rels, k)
    assert r_at_k(shuffled, k) == r_at_k(rels, k)


@given(grades)
def test_the_ideal_order_maximises_ap_err_and_rbp(rels):
    best = sorted(rels, reverse=True)
    assert ap(best) >= ap(rels) - 1e-12
    assert err(best, g_max=4) >= err(rels, g_max=4) - 1e-12
    assert rbp(best) >= rbp(rels) - 1e-12
    assert rr(best) >= rr(rels)


@given(grades, st.floats(0.05, 0.95))
def test_rbp_plus_its_residual_bounds_every_deeper_list(rels, p):
    # The most a list continued below position n could add is the residual p^n.
    n = len(rels)
    deeper = rels + [4.0] * 20
    assert rbp(deeper, p=p) <= rbp(rels, p=p) + rbp_residual(n, p) + 1e-12


def test_stop_chances_follow_chapelle():
    assert stop_chances(np.array([0.0, 1, 2, 3]), 3).tolist() == [0, 1 / 8, 3 / 8, 7 / 8]


# ---------------------------------------------------------------------------------- errors


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: p_at_k(WIKIPEDIA, 0), "`k` must be a positive whole number"),
        (lambda: p_at_k(WIKIPEDIA, rel_min=0), "`rel_min` must be a finite number above 0"),
        (lambda: rbp(WIKIPEDIA, p=1), "`p` must lie strictly between 0 and 1"),
        (lambda: rbp(WIKIPEDIA, p="x"), "`p` must be a number between 0 and 1"),
        (lambda: err([5, 1], g_max=3), "Set g_max to at least 5"),
        (lambda: err([1], g_max=2000), "`g_max` must be at most 1000"),
        (lambda: ap([-1, 2]), "must not be negative"),
        (lambda: r_at_k([1], pool=["a"]), "must hold real numbers only"),
        (lambda: MeasureSettings(p=0), "`p` must lie strictly between 0 and 1"),
        (lambda: relevant_judged([], ()), "is empty"),
    ],
)
def test_errors_name_the_parameter_and_the_value(call, message):
    with pytest.raises(ValueError, match=message.replace("(", r"\(").replace(")", r"\)")):
        call()


@given(
    st.lists(st.integers(0, 3), min_size=1, max_size=12),
    st.lists(st.integers(0, 3), max_size=5),
    st.integers(1, 15),
)
def test_ap_at_k_divided_by_min_k_m_as_recommender_libraries_do(rels, pool, k):
    # By hand: P@i at each hit in the top k, summed, over min(k, m) and over m.
    hits = (np.asarray(rels[:k]) >= 1).astype(float)
    summed = (np.cumsum(hits) / np.arange(1, hits.size + 1) * hits).sum()
    m = int((np.asarray(rels) >= 1).sum() + (np.asarray(pool, dtype=float) >= 1).sum())
    if m == 0:
        assert ap(rels, k, pool=pool, capped=True) == ap(rels, k, pool=pool) == 0.0
        return
    assert ap(rels, k, pool=pool) == pytest.approx(summed / m)
    assert ap(rels, k, pool=pool, capped=True) == pytest.approx(summed / min(k, m))
    result = all_measures(RankedList(tuple(rels), pool=tuple(pool), scoring=Scoring(k=k)))
    assert result.ap_capped == pytest.approx(summed / min(k, m))
