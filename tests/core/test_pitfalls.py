"""The pitfalls of /learn-pitfalls: the issue's figures, hand-worked, and each claim as a
property over many lists."""

from __future__ import annotations

import math
from math import log2

import pytest
from hypothesis import given
from hypothesis import strategies as st

from lessons.pitfalls import (
    HARD_QUERY,
    PITFALLS,
    baseline,
    closed_and_open,
    ideal_cut,
    nothing_relevant,
    padded,
    readings,
    zero_rule_means,
)
from ndcg_core import ndcg
from ndcg_core.model import RankedList, Scoring


def test_a_closed_ideal_scores_one_hit_as_perfect():
    # rel = 1, 0, 0; two more relevant items judged but not retrieved
    closed, open_ = closed_and_open(PITFALLS["closed"].example)
    assert f"{closed.ndcg:.4f}" == "1.0000"
    assert open_.ndcg == pytest.approx(1 / (1 + 1 / log2(3) + 1 / 2))
    assert f"{open_.ndcg:.4f}" == "0.4693"


def test_padding_with_junk_keeps_ndcg_and_lowers_precision():
    # rel = 2, 1, then eight zeros
    demo = padded(PITFALLS["padding"].example)
    assert demo.before.ndcg == demo.after.ndcg == 1.0
    assert (demo.precision_before, demo.precision_after) == (1.0, pytest.approx(0.2))
    assert demo.after.ranked.n == 10 and not demo.ndcg_fell


def test_padding_with_a_pool_at_k_equal_n_is_the_one_case_that_falls():
    demo = padded(RankedList((1,), pool=(1, 1)))
    assert demo.before.ndcg == 1.0 and demo.ndcg_fell
    assert padded(RankedList((1,), pool=(1, 1), scoring=Scoring(k=1))).ndcg_fell is False


@given(
    st.lists(st.integers(0, 3).map(float), min_size=1, max_size=10),
    st.lists(st.integers(0, 3).map(float), max_size=3),
    st.one_of(st.integers(1, 14), st.just("none")),
    st.integers(1, 6),
)
def test_appending_zeros_never_changes_ndcg_at_a_fixed_cut_off(rels, pool, k, extra):
    ranked = RankedList(tuple(rels), pool=tuple(pool), scoring=Scoring(k=k))
    demo = padded(ranked, extra)
    assert demo.after.ndcg == pytest.approx(demo.before.ndcg)
    assert demo.precision_after <= demo.precision_before


def test_sorting_only_the_top_k_gives_the_common_wrong_answer():
    # rel = 1, 0, 1, 1, 0 at k = 3: DCG@3 = 1.5; right IDCG@3 = 1 + 1/log2 3 + 1/2
    demo = ideal_cut(PITFALLS["ideal_cut"].example)
    assert demo.right.ndcg == pytest.approx(1.5 / (1 + 1 / log2(3) + 1 / 2))
    assert f"{demo.right.ndcg:.4f}" == "0.7039"
    assert demo.wrong_ideal == (1.0, 1.0, 0.0)
    assert demo.wrong_ndcg == pytest.approx(1.5 / (1 + 1 / log2(3)))
    assert f"{demo.wrong_ndcg:.2f}" == "0.92" and demo.differs


@given(st.lists(st.integers(0, 3).map(float), min_size=1, max_size=10), st.integers(1, 12))
def test_the_wrong_ideal_never_lowers_ndcg(rels, k):
    demo = ideal_cut(RankedList(tuple(rels), scoring=Scoring(k=k)))
    assert demo.wrong_ndcg >= demo.right.ndcg - 1e-12
    if k >= len(rels):
        assert not demo.differs


def test_readings_of_the_wikipedia_list():
    rows = {row.key: row for row in readings(PITFALLS["scale"].example)}
    assert rows["given"].ndcg == pytest.approx(ndcg([3, 2, 3, 0, 1, 2]))
    assert rows["doubled"].ndcg == pytest.approx(rows["given"].ndcg)  # linear gain: unit cancels
    assert rows["shifted"].ndcg == pytest.approx(ndcg([4, 3, 4, 1, 2, 3]))
    assert rows["exponential"].ndcg == pytest.approx(ndcg([3, 2, 3, 0, 1, 2], gain="exponential"))
    assert rows["shifted"].ndcg > rows["given"].ndcg


def test_a_reading_that_cannot_be_scored_says_why():
    # 2^1001 − 1 does not fit: that reading is named, the others are still computed.
    rows = {row.key: row for row in readings(RankedList((1001, 1)))}
    assert math.isnan(rows["exponential"].ndcg)
    assert "at most 1000" in rows["exponential"].problem
    assert rows["given"].ndcg == pytest.approx(1.0) and not rows["given"].problem


def test_the_all_zero_rule_moves_the_mean_of_two_queries():
    means = {m.rule: m for m in zero_rule_means([PITFALLS["scale"].example, nothing_relevant(3)])}
    first = ndcg([3, 2, 3, 0, 1, 2])
    assert means["0"].mean == pytest.approx(first / 2)
    assert means["1"].mean == pytest.approx((first + 1) / 2)
    assert means["skip"].mean == pytest.approx(first)
    assert math.isnan(means["skip"].values[1])
    with pytest.raises(ValueError, match="`queries` is empty"):
        zero_rule_means([])


def test_the_worst_order_of_an_easy_query_beats_a_good_order_of_a_hard_one():
    easy, hard = baseline(PITFALLS["compare"].example), baseline(HARD_QUERY)
    assert easy.ranked.relevances == tuple(sorted(easy.ranked.relevances))  # the worst order
    assert easy.ndcg > hard.ndcg
    assert hard.ndcg == pytest.approx(1 / log2(3))
    assert easy.lift < 0 < hard.lift
    assert hard.random.expected == pytest.approx(sum(1 / log2(i + 1) for i in range(1, 11)) / 10)


def test_every_pitfall_has_its_words_and_a_valid_example():
    assert list(PITFALLS) == ["closed", "padding", "ideal_cut", "scale", "zero", "compare"]
    for pitfall in PITFALLS.values():
        assert pitfall.title and pitfall.belief and pitfall.truth and pitfall.remedy
        assert isinstance(pitfall.example, RankedList)
