"""Where labels come from: the click model (hand-worked), what each library does with the
labels (from the tested label rules), and the glossary's coverage."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from lessons.clicks import challenger, click_table, clicks, logged_under, worst_first
from lessons.examples import example
from lessons.glossary import BY_KEY, NOTATION, TERMS
from lessons.label_domains import AS_GIVEN, CHANGED, REFUSED, fractional, label_verdicts
from lessons.latex import clicks_filled
from lessons.practice import is_correct, measures_changed
from lessons.practice.lesson_questions import (
    build_click_log,
    build_next_move,
    instructive_swap,
    swapped,
)
from ndcg_core.libraries import LABEL_RULES
from ndcg_core.libraries.labels import LIGHTGBM_LABEL_MAPPINGS, XGBOOST_MAX_LABEL
from ndcg_core.model import RankedList

# ------------------------------------------------------------------------------------- clicks


def test_click_rates_by_hand():
    # rel = 3, 2, 0 (top grade 3), looked at with chance 1/i
    table = click_table(RankedList((3, 2, 0)), "reciprocal")
    assert table["a"].tolist() == pytest.approx([1, 2 / 3, 0])
    assert table["theta"].tolist() == pytest.approx([1, 1 / 2, 1 / 3])
    assert table["ctr"].tolist() == pytest.approx([1, 1 / 3, 0])
    assert table["corrected"].tolist() == pytest.approx([1, 2 / 3, 0])
    assert "c_{2} = 0.5000 \\cdot 0.6667 = 0.3333" in clicks_filled(table)


def test_the_top_grade_includes_the_pool():
    table = click_table(RankedList((1, 0), pool=(4,)), "geometric", p=0.5)
    assert table["a"].tolist() == pytest.approx([1 / 4, 0])


@given(
    st.lists(st.integers(0, 4).map(float), min_size=2, max_size=10),
    st.sampled_from(["reciprocal", "geometric", "log2"]),
)
def test_clicks_rank_equal_grades_as_shown_and_dividing_by_theta_undoes_it(rels, curve):
    lesson = clicks(RankedList(tuple(rels)), curve)
    # Linear gain: labels divided by the top grade give the same NDCG as the labels.
    assert lesson.corrected.ndcg == pytest.approx(lesson.judged.ndcg)
    # Two items of the same grade: the one shown higher always collects more clicks.
    table = lesson.table
    for grade in set(rels):
        rates = table.loc[table["relevance"] == grade, "ctr"].tolist()
        assert rates == sorted(rates, reverse=True)


def test_the_worst_order_is_flattered_on_the_wikipedia_list():
    worst = clicks(worst_first(RankedList((3, 2, 3, 0, 1, 2))), "reciprocal")
    assert worst.ranked.relevances == (0, 1, 2, 2, 3, 3)
    assert worst.clicked.ndcg - worst.judged.ndcg > 0.05
    with pytest.raises(ValueError, match="`examination` must be"):
        click_table(RankedList((1,)), "jarvelin")


# ------------------------------------------------------------------------------ label domains


def test_fractional_labels_library_by_library():
    ranked = example("continuous-abcde").ranked  # 0.5, 0.9, 0.3, 0.6, 0.1
    rows = {row.rule: row for row in label_verdicts(ranked)}
    assert list(rows) == list(LABEL_RULES)
    assert rows["sklearn"].outcome == AS_GIVEN and rows["torchmetrics"].outcome == AS_GIVEN
    for refuses in ("trec_eval", "lightgbm", "xgboost"):
        assert rows[refuses].outcome == REFUSED and rows[refuses].shown == "refuses"
    # The refusal is the Python binding's; the trec_eval program reads 0.5 as 0 and says nothing.
    assert rows["trec_eval"].library == "trec_eval via pytrec_eval"
    assert rows["trec_eval"].message.startswith(
        "TypeError: Expected relevance to be integer. (pytrec_eval's check"
    )
    for silent in ("ranx", "trec_eval_program"):
        assert rows[silent].outcome == CHANGED and "0.5 became 0" in rows[silent].message
        assert rows[silent].shown == "0.0000 ⚠"  # every label reads as 0: no relevant item
    # XGBoost's switch: the gain rel takes fractions. By hand: gains 0.5 0.9 0.3 0.6 0.1 over
    # log2(i + 1), against the same gains sorted.
    gains = np.array([0.5, 0.9, 0.3, 0.6, 0.1])
    discount = np.log2(np.arange(2, 7))
    by_hand = (gains / discount).sum() / (np.sort(gains)[::-1] / discount).sum()
    assert rows["xgboost_linear"].outcome == AS_GIVEN
    assert rows["xgboost_linear"].shown == f"{by_hand:.4f}" == "0.8930"
    assert fractional(ranked) == (0.5, 0.9, 0.3, 0.6, 0.1)


def test_labels_above_31_need_xgboosts_switch():
    rows = {row.rule: row for row in label_verdicts(RankedList((40, 3, 0, 1)))}
    assert rows["xgboost"].outcome == REFUSED
    assert "31" in rows["xgboost"].message
    assert rows["xgboost_linear"].outcome == AS_GIVEN
    gains, discount = np.array([40, 3, 0, 1]), np.log2(np.arange(2, 6))
    by_hand = (gains / discount).sum() / (np.sort(gains)[::-1] / discount).sum()
    assert rows["xgboost_linear"].shown == f"{by_hand:.4f}"


def test_the_rules_describe_the_libraries_limits_with_their_numbers():
    # The descriptions write the limits out (a translated sentence cannot be an f-string).
    top = LABEL_RULES["lightgbm"].description
    assert f"0 to {LIGHTGBM_LABEL_MAPPINGS - 1} only" in top
    assert f"0 to {XGBOOST_MAX_LABEL} only" in LABEL_RULES["xgboost"].description


def test_whole_labels_are_used_as_given_everywhere():
    rows = label_verdicts(RankedList((3, 2, 3, 0, 1, 2), pool=(3, 2)))
    assert {row.outcome for row in rows} == {AS_GIVEN}
    assert fractional(RankedList((3, 2), pool=(0.5,))) == (0.5,)


# ---------------------------------------------------------------------------------- glossary


def test_the_glossary_defines_what_the_brief_names():
    symbols = " ".join(term.symbol for term in TERMS)
    for symbol in ("relᵢ", "G", "i", "k", "n", "CG@k", "DCG@k", "IDCG@k", "RBP, p"):
        assert symbol in symbols, symbol
    for key in (
        "pool",
        "not_retrieved",
        "cut_off",
        "gain",
        "discount",
        "qrels",
        "run",
        "ideal",
        "all_zero",
    ):
        assert key in BY_KEY
    assert len({term.key for term in TERMS}) == len(TERMS)
    assert {row.app for row in NOTATION} >= {"i", "k", "n", "p", "relᵢ"}


def test_glossary_search():
    assert BY_KEY["not_retrieved"].matches("NOT RETRIEVED")
    assert BY_KEY["pool"].matches("pooling") and not BY_KEY["pool"].matches("not retrieved")
    assert BY_KEY["cut_off"].matches("p")  # Wikipedia's name for k is found
    assert BY_KEY["cut_off"].matches("")
    assert not BY_KEY["qrels"].matches("persistence")


# ------------------------------------------------------------- clicks logged under one order


@settings(max_examples=40, deadline=None)  # each example scores four lists
@given(
    st.lists(st.integers(0, 3).map(float), min_size=2, max_size=8),
    st.sampled_from(["reciprocal", "geometric", "log2"]),
)
def test_a_log_scores_a_challenger_with_the_clicks_its_items_earned(rels, curve):
    ranked = RankedList(tuple(rels))
    logged = logged_under(ranked, examination=curve)
    assert sorted(logged.other.relevances) == sorted(rels)
    # By hand: each item keeps the click rate θ·a of the position the logging order gave it.
    theta = click_table(ranked, curve)["theta"].to_numpy()
    top = max(rels)
    rates = theta * np.asarray(rels) / top if top else np.zeros(len(rels))
    assert logged.clicked_other.ranked.relevances == pytest.approx(tuple(rates[list(logged.order)]))
    # Under the gain rel, dividing by θ gives back rel / top: the real labels' NDCG exactly.
    assert logged.corrected_other.ndcg == pytest.approx(logged.judged_other.ndcg)
    exercise = build_click_log(logged)
    assert sum(is_correct(exercise, i) for i in range(len(exercise.choices))) == 1


def test_the_challenger_is_the_best_order_or_else_the_worst():
    assert challenger(RankedList((1, 3, 2))) == (1, 2, 0)
    assert challenger(RankedList((3, 2, 1))) == (2, 1, 0)


@settings(max_examples=40, deadline=None)  # each example scores every swap of the list
@given(st.lists(st.integers(0, 3).map(float), min_size=1, max_size=8))
def test_the_next_move_question_has_one_answer_the_swap_s_own(rels):
    ranked = RankedList(tuple(rels))
    swap = instructive_swap(ranked)
    if swap is None:
        assert len(set(rels)) == 1 or all(
            not measures_changed(ranked, swapped(ranked, i, j))
            for i in range(1, len(rels) + 1)
            for j in range(i + 1, len(rels) + 1)
        )
        return
    exercise = build_next_move(ranked, *swap)
    right = [i for i in range(len(exercise.choices)) if is_correct(exercise, i)]
    assert len(right) == 1
    claim = exercise.choices[right[0]].claim
    assert claim == measures_changed(ranked, swapped(ranked, *swap))


def test_a_wrong_next_move_answer_is_told_what_it_got_wrong():
    exercise = build_next_move(RankedList((3, 2, 3, 0, 1, 2)), 1, 2)
    said = {choice.text: choice.why for choice in exercise.choices}
    assert said["Only ERR@6 and NDCG@6 change"] == ""
    assert said["Only NDCG@6 changes"].startswith("ERR@6 moves too.")
    assert said["All 7 change"].startswith("P@6, R@6, RR@6, AP@6 and RBP@6 stay put.")
