"""Presets against hand-worked values; refusals, surprises, causes, ties; bad input."""

from __future__ import annotations

import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ndcg_core.conventions import (
    GALLERY,
    PRESETS,
    Query,
    evaluate_query,
    make_query,
    numba_argsort,
    ranking_order,
    tie_breaking,
    tie_groups,
)

L3 = math.log2(3)
L5 = math.log2(5)


def by_key(rows):
    return {v.preset.key: v for v in rows}


def test_presets_have_unique_keys_and_a_reference_each():
    assert len({p.key for p in PRESETS}) == len(PRESETS) == 12
    assert all(p.reference and p.description for p in PRESETS)


def test_wikipedia_list_with_two_unretrieved_documents():
    # list 3, 2, 3, 0, 1, 2; judged but not retrieved: 3, 2; k = 6
    rows = by_key(evaluate_query([3, 2, 3, 0, 1, 2], 6, pool=[3, 2]))
    dcg = 3 + 2 / L3 + 3 / 2 + 0 + 1 / math.log2(6) + 2 / math.log2(7)
    idcg_list = 3 + 3 / L3 + 2 / 2 + 2 / L5 + 1 / math.log2(6) + 0
    idcg_judged6 = 3 + 3 / L3 + 3 / 2 + 2 / L5 + 2 / math.log2(6) + 2 / math.log2(7)
    idcg_judged8 = idcg_judged6 + 1 / 3 + 0
    assert rows["sklearn"].value == pytest.approx(dcg / idcg_list, abs=1e-12)  # 0.9608
    assert rows["trec_ndcg_cut"].value == pytest.approx(dcg / idcg_judged6, abs=1e-12)  # 0.7850
    assert rows["trec_ndcg"].value == pytest.approx(dcg / idcg_judged8, abs=1e-12)  # 0.7562
    assert rows["ranx_ndcg"].value == pytest.approx(dcg / idcg_judged6, abs=1e-12)
    assert rows["trec_ndcg"].causes == ("ideal",)
    assert rows["trec_ndcg_cut"].dcg == pytest.approx(dcg, abs=1e-12)
    assert rows["trec_ndcg_cut"].idcg == pytest.approx(idcg_judged6, abs=1e-12)
    assert rows["trec_ndcg"].cut is None and rows["trec_ndcg_cut"].cut == 6
    assert "2 judged item(s) never retrieved" in rows["trec_ndcg"].explanation


def test_exponential_gain_presets():
    # list 3, 2, 3, 0, 1, 2, gain 2^rel − 1: 7, 3, 7, 0, 1, 3; ideal 7, 7, 3, 3, 1, 0
    rows = by_key(evaluate_query([3, 2, 3, 0, 1, 2]))
    dcg = 7 + 3 / L3 + 7 / 2 + 0 + 1 / math.log2(6) + 3 / math.log2(7)
    idcg = 7 + 7 / L3 + 3 / 2 + 3 / L5 + 1 / math.log2(6)
    for key in ("lightgbm", "xgboost", "xgboost_minus", "tf_ranking", "ranx_ndcg_burges"):
        assert rows[key].value == pytest.approx(dcg / idcg, abs=1e-12), key
        assert rows[key].causes == ("gain",)
        assert rows[key].explanation == "gain 2^rel − 1 instead of rel"


def test_jarvelin_kekalainen_discount():
    # list 1, 3, 0 (k = 10): ranks 1 and 2 undiscounted, so 1 + 3 = 3 + 1 and NDCG is 1
    rows = by_key(evaluate_query([1, 3, 0], 10))
    assert rows["jarvelin"].value == 1.0
    assert rows["jarvelin"].causes == ("discount",)
    # list 0, 1, 2, 3: DCG = 0 + 1 + 2/log2 3 + 3/2; ideal 3 + 2 + 1/log2 3 + 0
    rows = by_key(evaluate_query([0, 1, 2, 3]))
    expected = (1 + 2 / L3 + 3 / 2) / (3 + 2 + 1 / L3)
    assert rows["jarvelin"].value == pytest.approx(expected, abs=1e-12)


def test_all_zero_rule():
    rows = by_key(evaluate_query([0, 0, 0]))
    assert [rows[k].value for k in ("sklearn", "lightgbm", "xgboost", "xgboost_minus")] == [
        0.0,
        1.0,
        1.0,
        0.0,
    ]
    assert rows["lightgbm"].causes == ("on_zero",)
    assert "scores 1, not 0" in rows["lightgbm"].explanation


def test_ties_each_rule():
    # labels 0, 2, 1, 3; scores 0.8, 0.8, 0.5, 0.5; ids d1, d4, d2, d3
    rows = by_key(
        evaluate_query([0, 2, 1, 3], scores=[0.8, 0.8, 0.5, 0.5], ids=["d1", "d4", "d2", "d3"])
    )
    idcg = 3 + 2 / L3 + 1 / 2
    averaged = ((0 + 2) / 2 * (1 + 1 / L3) + (1 + 3) / 2 * (1 / 2 + 1 / L5)) / idcg
    by_id = (2 + 0 + 3 / 2 + 1 / L5) / idcg  # d4, d1, d3, d2
    by_input = (0 + 2 / L3 + 1 / 2 + 3 / L5) / idcg  # d1, d4, d2, d3
    assert rows["sklearn"].value == pytest.approx(averaged, abs=1e-12)
    assert rows["torchmetrics"].value == pytest.approx(averaged, abs=1e-12)
    assert rows["trec_ndcg"].value == pytest.approx(by_id, abs=1e-12)
    assert rows["ranx_ndcg"].value == pytest.approx(by_input, abs=1e-12)
    assert rows["trec_ndcg"].causes == ("ties",)
    # TF-Ranking: exponential gain; the average of every order, and the worst and best orders
    eidcg = 7 + 3 / L3 + 1 / 2
    tf = rows["tf_ranking"]
    assert tf.value == pytest.approx(
        ((0 + 3) / 2 * (1 + 1 / L3) + (1 + 7) / 2 * (1 / 2 + 1 / L5)) / eidcg, abs=1e-12
    )
    assert tf.low == pytest.approx((0 + 3 / L3 + 1 / 2 + 7 / L5) / eidcg, abs=1e-12)
    assert tf.high == pytest.approx((3 + 0 + 7 / 2 + 1 / L5) / eidcg, abs=1e-12)
    assert "random" in tf.shown


def test_refusals_and_surprises():
    rows = by_key(evaluate_query([2, -1, 1, 0]))
    assert rows["sklearn"].kind == "refused"
    assert "negative y_true" in rows["sklearn"].message
    assert rows["lightgbm"].kind == rows["xgboost"].kind == rows["jarvelin"].kind == "refused"
    # trec_eval and ranx read −1 as 0: list 2, 0, 1, 0 against ideal 2, 1
    expected = (2 + 1 / 2) / (2 + 1 / L3)
    for key in ("trec_ndcg", "ranx_ndcg"):
        assert rows[key].kind == "surprise"
        assert rows[key].value == pytest.approx(expected, abs=1e-12)
    # TF-Ranking drops the item: 2, 1, 0 with gains 3, 1, 0 is already ideal
    assert rows["tf_ranking"].value == 1.0 and "padding" in rows["tf_ranking"].message
    # torchmetrics: gains 2, −1, 1, 0; ideal 2, 1, 0, −1
    tm = (2 - 1 / L3 + 1 / 2) / (2 + 1 / L3 - 1 / L5)
    assert rows["torchmetrics"].value == pytest.approx(tm, abs=1e-12)

    rows = by_key(evaluate_query([0.9, 0.3, 0.6, 0.1]))
    assert rows["trec_ndcg"].message == "TypeError: Expected relevance to be integer."
    assert rows["lightgbm"].message.startswith(
        "LightGBMError: label should be int type (met 0.900000)"
    )
    assert rows["ranx_ndcg"].kind == "surprise" and rows["ranx_ndcg"].value == 0.0
    assert "0.9 became 0" in rows["ranx_ndcg"].message

    rows = by_key(evaluate_query([2]))
    assert "more than 1 document" in rows["sklearn"].message
    assert rows["trec_ndcg"].value == 1.0
    assert rows["trec_ndcg"].causes == ("labels",)

    rows = by_key(evaluate_query([31, 0]))
    assert "label mappings (31)" in rows["lightgbm"].message
    assert rows["xgboost"].kind == "number"
    assert by_key(evaluate_query([32, 0]))["xgboost"].kind == "refused"


def test_xgboost_plain_ndcg_stops_at_32():
    # 40 irrelevant items, then a 3 at rank 41: beyond XGBoost's default cut of 32
    rows = by_key(evaluate_query([0.0] * 40 + [3.0]))
    assert rows["xgboost"].value == 0.0  # DCG@32 = 0, IDCG@32 = 7
    assert rows["lightgbm"].value == pytest.approx(1 / math.log2(42), abs=1e-12)
    assert "ideal" in rows["xgboost"].causes
    assert "cut at 32" in rows["xgboost"].explanation


def test_xgboost_cut_numbers():
    rel = [1.0] * 33 + [3.0]
    rows = by_key(evaluate_query(rel))
    top32 = sum(1 / math.log2(i + 1) for i in range(1, 33))
    ideal32 = 7 + sum(1 / math.log2(i + 1) for i in range(2, 33))
    assert rows["xgboost"].value == pytest.approx(top32 / ideal32, abs=1e-12)
    assert rows["xgboost"].metric == "ndcg"


def test_metric_names():
    rows = by_key(evaluate_query([1, 0, 2], 2))
    assert rows["sklearn"].metric == "ndcg_score(k=2)"
    assert rows["trec_ndcg_cut"].metric == "ndcg_cut.2"
    assert rows["trec_ndcg"].metric == "ndcg"
    assert rows["xgboost_minus"].metric == "ndcg@2-"
    rows = by_key(evaluate_query([1, 0, 2]))
    assert rows["trec_ndcg_cut"].metric == "ndcg_cut.3"
    assert rows["tf_ranking"].metric == "NDCGMetric()"


def test_ranking_orders():
    scores, ids = [1, 1, 1, 1], ["a", "b", "c", "z"]
    assert list(ranking_order(scores, ids, "keep")) == [0, 1, 2, 3]
    assert list(ranking_order(scores, ids, "docid")) == [3, 2, 1, 0]
    # ids compare as text: "d9" > "d2" > "d10"
    assert list(ranking_order([1, 1, 1], ["d10", "d9", "d2"], "docid")) == [1, 2, 0]
    with pytest.raises(ValueError, match="`ties` must be"):
        ranking_order(scores, ids, "average")


@settings(max_examples=60, deadline=None)
@given(st.lists(st.integers(0, 3), min_size=0, max_size=60))
def test_numba_argsort_sorts(keys):
    order = numba_argsort(keys)
    assert sorted(order) == list(range(len(keys)))
    assert [keys[i] for i in order] == sorted(keys)
    if len(keys) <= 15:  # insertion sort only: stable
        assert order == sorted(range(len(keys)), key=lambda i: keys[i])


def test_tie_groups_and_tie_table():
    assert tie_groups([0.5, 0.8, 0.8, 0.5, 0.1]) == [[1, 2], [0, 3]]
    query = next(c for c in GALLERY if c.key == "ties").query()
    table = tie_breaking(query)
    assert list(table["used_by"])[:2] == ["scikit-learn, torchmetrics", "trec_eval"]
    worst, best = table["ndcg"].iloc[4], table["ndcg"].iloc[5]
    assert worst <= table["ndcg"].iloc[0] <= best
    assert table["order"].iloc[1] == "d4, d1, d3, d2"


@settings(max_examples=40, deadline=None)
@given(
    st.lists(st.integers(0, 4), min_size=2, max_size=12),
    st.data(),
)
def test_every_row_is_a_number_in_range_for_plain_grades(rels, data):
    scores = data.draw(st.lists(st.integers(0, 3), min_size=len(rels), max_size=len(rels)))
    k = data.draw(st.one_of(st.none(), st.integers(1, 15)))
    for v in evaluate_query(rels, k, scores=scores):
        assert v.kind == "number", v
        assert 0.0 <= v.value <= 1.0 + 1e-12
        if v.low is not None:
            assert v.low - 1e-12 <= v.value <= v.high + 1e-12


def test_same_verdict_means_no_cause():
    rows = evaluate_query([1, 0, 1, 0])  # binary: linear and exponential gains agree
    assert rows[0].explanation == "the reference row"
    assert all(v.causes == () for v in rows if v.preset.key not in ("jarvelin",))


def test_bad_input_messages():
    with pytest.raises(ValueError, match="empty"):
        make_query([])
    with pytest.raises(ValueError, match="position 2 is 'x'"):
        make_query([1, "x"])
    with pytest.raises(ValueError, match="position 1 is nan"):
        make_query([float("nan")])
    with pytest.raises(ValueError, match="3 items but 2 scores"):
        make_query([1, 2, 3], scores=[1, 2])
    with pytest.raises(ValueError, match="'a' appears more than once"):
        make_query([1, 2], ids=["a", "a"])
    with pytest.raises(ValueError, match="position 2 is"):
        make_query([1, 2], ids=["a", " "])
    with pytest.raises(ValueError, match="`pool` must not be negative"):
        make_query([1, 2], pool=[-1])
    with pytest.raises(ValueError, match="`k` must be a positive whole number"):
        make_query([1, 2], 0)
    with pytest.raises(ValueError, match="not text"):
        make_query("3, 2")


def test_default_scores_ids_and_pool_ids():
    query = make_query([1, 2, 3], pool=[2, 1], ids=["P1", "x", "y"])
    assert query.scores == (3.0, 2.0, 1.0)
    assert query.pool_ids == ("P2", "P3")
    assert isinstance(query, Query)
    assert np.all(np.diff(query.scores) < 0)
