"""The pitfalls of /learn-pitfalls: the issue's figures, hand-worked, and each claim as a
property over many lists."""

from __future__ import annotations

import itertools
import math
from math import log2

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st
from sklearn.metrics import ndcg_score

from lessons import practice
from lessons.demos import (
    at_several_k,
    baseline,
    closed_and_open,
    fixed_size,
    ideal_cut,
    negative_grades,
    nothing_relevant,
    padded,
    readings,
    several,
    zero_rule_means,
)
from lessons.pitfalls import HARD_QUERY, PITFALLS
from lessons.practice.lesson_questions import pitfall_question as question
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
    assert list(PITFALLS) == [
        "closed",
        "padding",
        "ideal_cut",
        "scale",
        "zero",
        "compare",
        "several",
    ]
    for pitfall in PITFALLS.values():
        assert pitfall.title and pitfall.belief and pitfall.truth and pitfall.remedy
        assert isinstance(pitfall.example, RankedList)


# ------------------------------------------------- several equally good results, the remedies


def _dcg(values) -> float:
    """DCG by hand, 1/log₂(i + 1), any sign: independent of the core."""
    return float(sum(v / np.log2(i + 2) for i, v in enumerate(values)))


def test_one_good_result_scores_like_five_at_k_1_and_with_a_closed_ideal():
    demo = several()
    assert demo.one.ndcg == demo.many.ndcg == 1.0
    assert demo.one_deep_closed.ndcg == 1.0
    # 1, 0, 0, 0, 0 against the ideal of five good results
    assert demo.one_deep_judged.ndcg == pytest.approx(1 / _dcg([1] * 5))
    assert f"{demo.one_deep_judged.ndcg:.4f}" == "0.3392"
    assert ndcg_score([[1, 1, 1, 1, 1]], [[5, 4, 3, 2, 1]], k=1) == 1.0
    assert ndcg_score([[1, 0, 0, 0, 0]], [[5, 4, 3, 2, 1]], k=1) == 1.0


def test_a_fixed_size_helps_only_when_the_ideal_knows_what_is_missing():
    demo = fixed_size()
    assert demo.short.ndcg == demo.padded_closed.ndcg == 1.0
    assert demo.padded_closed.ranked.relevances == (1, 1, 1, 0, 0)
    assert demo.padded_judged.ndcg == pytest.approx(_dcg([1, 1, 1]) / _dcg([1] * 5))
    assert f"{demo.padded_judged.ndcg:.4f}" == "0.7227"


def test_grades_below_zero_make_a_bad_result_cost_its_discount():
    demo = negative_grades()
    assert demo.usual == (2, 1, 0) and demo.shifted == (1, 0, -1)
    assert demo.dcg_usual == pytest.approx((_dcg([2, 1]), _dcg([2, 1])))
    assert demo.dcg_shifted == pytest.approx((1.0, 1 - 1 / 2))


def test_several_depths_each_beside_a_random_order():
    ranked = RankedList((3, 2, 3, 0, 1, 2))
    rows = at_several_k(ranked)
    assert [row.ranked.k for row in rows] == [1, 3, 5, 6]
    orders = set(itertools.permutations(ranked.relevances))
    for row in rows:
        k = row.ranked.k
        mine = ndcg_score([list(ranked.relevances)], [[6, 5, 4, 3, 2, 1]], k=k)
        assert row.ndcg == pytest.approx(mine)
        # the mean over every order of the items, by brute force (each distinct order once:
        # every distinct order is equally likely under a uniform shuffle of the items)
        chance = np.mean([ndcg_score([list(o)], [[6, 5, 4, 3, 2, 1]], k=k) for o in orders])
        assert row.random.expected == pytest.approx(chance)


# ------------------------------------------------------------- each belief as a question


@pytest.mark.parametrize("key", list(PITFALLS))
def test_each_belief_is_a_question_with_exactly_one_true_option(key):
    exercise = question(key)
    right = [i for i in range(len(exercise.choices)) if practice.is_correct(exercise, i)]
    assert len(right) == 1
    for i, choice in enumerate(exercise.choices):
        verdict = practice.judge(exercise, i)
        assert verdict.correct == (i in right)
        if not verdict.correct:
            assert verdict.feedback, choice.text  # every wrong option says what is wrong


def _true_text(key: str) -> str:
    exercise = question(key)
    return exercise.choices[practice.correct_choice(exercise)].text


def test_the_questions_true_answers_match_an_independent_computation():
    order = [[5, 4, 3, 2, 1]]
    # closed: scikit-learn builds the ideal from the list alone
    assert _true_text("closed").startswith(f"{ndcg_score([[1, 0, 0]], [[3, 2, 1]]):.4f}")
    # padding: 2, 1 and 2, 1 followed by eight zeros
    padded_list = [[2, 1] + [0] * 8]
    assert _true_text("padding").startswith(
        f"{ndcg_score(padded_list, [list(range(10, 0, -1))]):.4f}"
    )
    pushed = (2 / np.log2(10) + 1 / np.log2(11)) / (2 + 1 / np.log2(3))  # junk on top instead
    assert any(c.text == f"{pushed:.4f}" for c in question("padding").choices)
    # ideal top 3 of 1, 0, 1, 1, 0
    right = (1 + 1 / 2) / (1 + 1 / np.log2(3) + 1 / 2)
    assert _true_text("ideal_cut").startswith(f"{right:.4f}")
    assert f"{ndcg_score([[1, 0, 1, 1, 0]], order, k=3):.4f}" == f"{right:.4f}"
    # every label + 1
    plus = ndcg_score([[4, 3, 4, 1, 2, 3]], [[6, 5, 4, 3, 2, 1]])
    assert _true_text("scale").endswith(f"adding 1 makes it {plus:.4f}")
    assert _true_text("zero") == "0 in scikit-learn, 1 in LightGBM"
    assert _true_text("compare") == "A scores higher"
    assert _true_text("several") == "X 1.0000, Y 1.0000"
