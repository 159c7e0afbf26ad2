"""ndcg_core.libraries without the libraries: presets against hand-worked values; refusals,
surprises, causes, ties; `Preset.scoring` against the core; bad input. (The same presets against
the real libraries: test_libraries.py.)"""

from __future__ import annotations

import math
import re

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from lessons.gallery import GALLERY, GALLERY_BY_KEY, case_for, gallery_table
from lessons.verdicts import cause_counts, shown, spread, why
from ndcg_core import batch_ndcg, totals
from ndcg_core.batch import tie_averaged_dcg
from ndcg_core.libraries import (
    PRESETS,
    PRESETS_BY_KEY,
    Preset,
    Query,
    evaluate_query,
    in_playground,
    make_query,
    numba_argsort,
    ranking_order,
    score_every_preset,
    tie_breaking,
    tie_groups,
)
from ndcg_core.model import RankedList, Scoring
from ndcg_core.options import TIES
from ui.charts.libraries import tie_words

L3 = math.log2(3)
L5 = math.log2(5)
WIKIPEDIA = [3, 2, 3, 0, 1, 2]
CORE_TIES = [p for p in PRESETS if p.ties in TIES]


def by_key(rows):
    return {v.preset.key: v for v in rows}


def why_rows(relevances, k=None, **given) -> dict[str, str]:
    """Each row's 'why, in plain words', as /libraries says it (`lessons.verdicts.why`)."""
    query = make_query(relevances, k, **given)
    rows = score_every_preset(query)
    return {v.preset.key: why(v, rows[0], query) for v in rows}


# ---------------------------------------------------------------------------------------------
# The presets as data
# ---------------------------------------------------------------------------------------------


def test_presets_have_unique_keys_a_reference_and_a_program_each():
    assert len({p.key for p in PRESETS}) == len(PRESETS) == 12
    assert all(p.reference and p.description for p in PRESETS)
    assert [p.key for p in PRESETS if not p.is_library] == ["jarvelin"]


def test_a_preset_is_built_by_keyword_and_checked():
    sklearn = PRESETS_BY_KEY["sklearn"]
    with pytest.raises(TypeError):
        Preset("sklearn", "scikit-learn")  # keywords only
    with pytest.raises(ValueError, match="`ties` must be"):
        Preset(**{**sklearn.__dict__, "ties": "alphabetical"})
    with pytest.raises(ValueError, match="`ideal` must be 'judgments' or 'run'"):
        Preset(**{**sklearn.__dict__, "ideal": "list"})


def test_titles_and_metric_names():
    assert PRESETS_BY_KEY["trec_ndcg_cut"].title == "trec_eval ndcg_cut.k"
    assert PRESETS_BY_KEY["lightgbm"].title == "LightGBM ndcg@k"
    rows = by_key(evaluate_query([1, 0, 2], 2))
    assert rows["sklearn"].metric == "ndcg_score(k=2)"
    assert rows["trec_ndcg_cut"].metric == "ndcg_cut.2"
    assert rows["trec_ndcg"].metric == "ndcg"
    assert rows["xgboost_minus"].metric == "ndcg@2-"
    assert rows["jarvelin"].metric == "nDCG@2, b = 2"
    rows = by_key(evaluate_query([1, 0, 2]))  # no cut-off: each library called without k
    assert rows["trec_ndcg_cut"].metric == "ndcg_cut.3"  # it has no form without k
    assert rows["tf_ranking"].metric == "NDCGMetric()"
    assert rows["sklearn"].metric == "ndcg_score(k=None)"
    assert rows["lightgbm"].metric == "ndcg@3"  # eval_at needs a number
    assert rows["xgboost"].metric == "ndcg"
    rows = by_key(evaluate_query([1, 0, 2], "n"))  # k = n: every library asked for 3
    assert rows["sklearn"].metric == "ndcg_score(k=3)"
    assert rows["xgboost"].metric == "ndcg@3"


def test_scoring_gives_each_librarys_conventions():
    sklearn = PRESETS_BY_KEY["sklearn"].scoring(6)
    assert sklearn == Scoring(k=6, gain="linear", ideal="run", ties="average", zero="0")
    lightgbm = PRESETS_BY_KEY["lightgbm"].scoring("n")
    assert (lightgbm.k, lightgbm.gain, lightgbm.ideal, lightgbm.ties, lightgbm.on_zero) == (
        "n",
        "exponential",
        "run",
        "keep",
        1.0,
    )
    assert PRESETS_BY_KEY["trec_ndcg"].scoring(6).k == "none"  # ndcg ignores k
    assert PRESETS_BY_KEY["trec_ndcg_cut"].scoring(None).k == "n"  # ndcg_cut.n
    assert PRESETS_BY_KEY["xgboost"].scoring("none").k == 32  # plain ndcg stops at 32
    assert PRESETS_BY_KEY["jarvelin"].scoring().discount == "jarvelin"
    for key in ("sklearn_ignore_ties", "ranx_ndcg", "tf_ranking"):
        with pytest.raises(ValueError, match="which the core's scoring does not do"):
            PRESETS_BY_KEY[key].scoring(5)


@given(
    st.lists(st.integers(0, 4), min_size=1, max_size=10),
    st.lists(st.integers(0, 3), max_size=3),
    st.data(),
)
def test_scoring_in_the_core_gives_the_presets_number(rels, pool, data):
    """What /queries does with `Preset.scoring` (batch_ndcg) is what /libraries shows."""
    scores = data.draw(st.lists(st.integers(0, 3), min_size=len(rels), max_size=len(rels)))
    k = data.draw(st.sampled_from([None, "n", 1, 3, 12]))
    query = make_query(rels, k, scores=scores, pool=pool)
    rows = by_key(score_every_preset(query, CORE_TIES))
    for preset in CORE_TIES:
        if rows[preset.key].kind == "refused":  # scikit-learn and a list of one: a label rule
            continue
        scoring = preset.scoring(k)
        ranked = RankedList(tuple(rels), pool=tuple(pool), scoring=scoring)
        judged = {}
        if scoring.ideal == "judgments":
            judged = {
                "ideal_queries": [0] * (len(rels) + len(pool)),
                "ideal_relevances": list(rels) + list(pool),
            }
        result = batch_ndcg(
            [0] * len(rels),
            rels,
            scores,
            ranked.k,
            ties=scoring.ties,
            gain=scoring.gain,
            discount=scoring.discount,
            on_zero=scoring.on_zero,
            docs=list(query.ids),
            **judged,
        )
        assert result.mean == pytest.approx(rows[preset.key].value, abs=1e-12), preset.key


# ---------------------------------------------------------------------------------------------
# Hand-worked values
# ---------------------------------------------------------------------------------------------


def test_wikipedia_list_with_two_unretrieved_documents():
    # list 3, 2, 3, 0, 1, 2; judged but not retrieved: 3, 2; k = 6
    rows = by_key(evaluate_query(WIKIPEDIA, 6, pool=[3, 2]))
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
    assert rows["trec_ndcg_cut"].at == "@6" and rows["trec_ndcg"].at == ""
    assert "2 judged items never retrieved" in why_rows(WIKIPEDIA, 6, pool=[3, 2])["trec_ndcg"]


@pytest.mark.parametrize(
    ("k", "expected"),
    [
        pytest.param(
            "n",
            {"sklearn": 0.9608, "trec_ndcg_cut": 0.7850, "trec_ndcg": 0.7562, "jarvelin": 0.7691},
            id="k=n",
        ),
        pytest.param(
            "none",
            {"sklearn": 0.9608, "trec_ndcg_cut": 0.7850, "trec_ndcg": 0.7562, "jarvelin": 0.7439},
            id="no-cut-off",
        ),
    ],
)
def test_pooled_wikipedia_at_k_n_and_without_cut_off(k, expected):
    """k = n asks every library for k = 6 (the Järvelin–Kekäläinen ideal cut at 6, as in the
    playground); no cut-off lets its ideal span all 8 judged items."""
    rows = by_key(evaluate_query(WIKIPEDIA, k, pool=[3, 2]))
    for key, value in expected.items():
        assert round(rows[key].value, 4) == value, key
    ranked = RankedList(tuple(WIKIPEDIA), pool=(3, 2), scoring=Scoring(k=k, discount="jarvelin"))
    assert totals(ranked).ndcg == pytest.approx(rows["jarvelin"].value, abs=1e-12)


def test_exponential_gain_presets():
    # list 3, 2, 3, 0, 1, 2, gain 2^rel − 1: 7, 3, 7, 0, 1, 3; ideal 7, 7, 3, 3, 1, 0
    rows = by_key(evaluate_query(WIKIPEDIA))
    dcg = 7 + 3 / L3 + 7 / 2 + 0 + 1 / math.log2(6) + 3 / math.log2(7)
    idcg = 7 + 7 / L3 + 3 / 2 + 3 / L5 + 1 / math.log2(6)
    for key in ("lightgbm", "xgboost", "xgboost_minus", "tf_ranking", "ranx_ndcg_burges"):
        assert rows[key].value == pytest.approx(dcg / idcg, abs=1e-12), key
        assert rows[key].causes == ("gain",)
        assert why_rows(WIKIPEDIA)[key] == "Gain 2^rel − 1 instead of rel."


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
    values = [rows[k].value for k in ("sklearn", "lightgbm", "xgboost", "xgboost_minus")]
    assert values == [0.0, 1.0, 1.0, 0.0]
    assert rows["lightgbm"].causes == ("on_zero",)
    assert "scores 1, not 0" in why_rows([0, 0, 0])["lightgbm"]


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
    said = why_rows([0, 2, 1, 3], scores=[0.8, 0.8, 0.5, 0.5], ids=["d1", "d4", "d2", "d3"])
    assert said["trec_ndcg"].startswith("Tied scores are ordered by document id")
    # TF-Ranking: exponential gain; the average of every order, and the worst and best orders
    eidcg = 7 + 3 / L3 + 1 / 2
    tf = rows["tf_ranking"]
    assert tf.value == pytest.approx(
        ((0 + 3) / 2 * (1 + 1 / L3) + (1 + 7) / 2 * (1 / 2 + 1 / L5)) / eidcg, abs=1e-12
    )
    assert tf.low == pytest.approx((0 + 3 / L3 + 1 / 2 + 7 / L5) / eidcg, abs=1e-12)
    assert tf.high == pytest.approx((3 + 0 + 7 / 2 + 1 / L5) / eidcg, abs=1e-12)
    assert "random" in shown(tf)


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
    assert rows["trec_ndcg"].message.startswith(
        "TypeError: Expected relevance to be integer. (pytrec_eval's check"
    )
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


def test_a_number_the_core_cannot_compute_is_a_refusal_with_its_reason():
    """2^1001 − 1 does not fit in a float: the exponential rows say so, the others score."""
    rows = by_key(evaluate_query([3, 2, 1001, 0]))
    for key in ("ranx_ndcg_burges", "tf_ranking"):
        assert rows[key].kind == "refused" and shown(rows[key]) == "refuses"
        assert rows[key].message.startswith("NDCG Lab refuses: With the exponential gain")
        assert "1001" in rows[key].message
    assert rows["lightgbm"].message.startswith("LightGBMError")  # the library refuses first
    assert rows["sklearn"].kind == rows["trec_ndcg"].kind == "number"
    # Relevances whose sums overflow are refused before any row: no library can score them.
    with pytest.raises(ValueError, match="too large to score"):
        evaluate_query([1e308, 1e308, 1e308])


def test_xgboost_plain_ndcg_stops_at_32():
    # 40 irrelevant items, then a 3 at rank 41: beyond XGBoost's default cut of 32
    rows = by_key(evaluate_query([0.0] * 40 + [3.0]))
    assert rows["xgboost"].value == 0.0  # DCG@32 = 0, IDCG@32 = 7
    assert rows["lightgbm"].value == pytest.approx(1 / math.log2(42), abs=1e-12)
    assert "ideal" in rows["xgboost"].causes
    assert "cut at 32" in why_rows([0.0] * 40 + [3.0])["xgboost"]
    # asked for k = n, XGBoost is called with ndcg@41
    assert by_key(evaluate_query([0.0] * 40 + [3.0], "n"))["xgboost"].value > 0


def test_xgboost_cut_numbers():
    rel = [1.0] * 33 + [3.0]
    rows = by_key(evaluate_query(rel))
    top32 = sum(1 / math.log2(i + 1) for i in range(1, 33))
    ideal32 = 7 + sum(1 / math.log2(i + 1) for i in range(2, 33))
    assert rows["xgboost"].value == pytest.approx(top32 / ideal32, abs=1e-12)
    assert rows["xgboost"].metric == "ndcg"


@given(st.lists(st.integers(0, 4), min_size=2, max_size=12), st.data())
def test_every_row_is_a_number_in_range_for_plain_grades(rels, data):
    scores = data.draw(st.lists(st.integers(0, 3), min_size=len(rels), max_size=len(rels)))
    k = data.draw(st.one_of(st.none(), st.just("n"), st.integers(1, 15)))
    for v in evaluate_query(rels, k, scores=scores):
        assert v.kind == "number", v
        assert 0.0 <= v.value <= 1.0 + 1e-12
        if v.low is not None:
            assert v.low - 1e-12 <= v.value <= v.high + 1e-12


def test_same_verdict_means_no_cause():
    rows = evaluate_query([1, 0, 1, 0])  # binary: linear and exponential gains agree
    said = list(why_rows([1, 0, 1, 0]).values())
    assert said[0] == "The reference row."
    assert all(v.causes == () for v in rows if v.preset.key != "jarvelin")
    assert said[1] == "Same number as the first row."


# ---------------------------------------------------------------------------------------------
# What the page shows about all rows
# ---------------------------------------------------------------------------------------------


def test_spread_leaves_out_the_paper_and_the_refusals():
    rows = evaluate_query(WIKIPEDIA, "n", pool=[3, 2])
    summary = spread(rows)
    libraries = [v.value for v in rows if v.preset.is_library]
    assert summary.width == pytest.approx(max(libraries) - min(libraries))
    assert summary.low == pytest.approx(0.7511, abs=1e-4)  # ranx ndcg_burges, not J–K's 0.7691
    assert summary.left_out == ("Järvelin–Kekäläinen (2002)",)
    assert (summary.numbers, summary.refused, summary.libraries) == (11, 0, 11)
    negative = spread(evaluate_query([2, -1, 1, 0]))
    assert negative.refused == 5 and negative.numbers == 6  # scikit-learn, LightGBM, XGBoost
    assert spread(evaluate_query([2, 1], presets=[PRESETS_BY_KEY["jarvelin"]])).width is None


def test_cause_counts():
    rows = evaluate_query(WIKIPEDIA, "n", pool=[3, 2])
    assert cause_counts(rows) == {"gain": 5, "ideal": 5, "discount": 1}


@given(
    st.lists(st.integers(0, 4), min_size=1, max_size=8),
    st.lists(st.integers(0, 3), max_size=3),
    st.data(),
)
def test_a_row_opened_in_the_playground_shows_its_number(rels, pool, data):
    """Where `in_playground` offers a list, the playground's scoring of it (totals) is the row's."""
    scores = data.draw(
        st.one_of(st.none(), st.lists(st.integers(0, 3), min_size=len(rels), max_size=len(rels)))
    )
    k = data.draw(st.sampled_from([None, "n", 1, 2, 5, 40]))
    query = make_query(rels, k, scores=scores, pool=pool)
    for verdict in score_every_preset(query):
        ranked = in_playground(verdict, query)
        if ranked is None:
            continue
        assert totals(ranked).ndcg == pytest.approx(verdict.value, abs=1e-12), verdict.preset.key


def test_the_jarvelin_row_opens_as_the_playground_link_of_the_issue():
    query = make_query(WIKIPEDIA, "n", pool=[3, 2])
    verdict = by_key(score_every_preset(query))["jarvelin"]
    ranked = in_playground(verdict, query)
    assert ranked.relevances == tuple(map(float, WIKIPEDIA)) and ranked.pool == (3.0, 2.0)
    assert (ranked.scoring.k, ranked.scoring.discount) == ("n", "jarvelin")
    sklearn = in_playground(by_key(score_every_preset(query))["sklearn"], query)
    assert sklearn.pool == ()  # scikit-learn's ideal ignores the pool
    tied = make_query([1, 2], scores=[1, 1])
    assert in_playground(by_key(score_every_preset(tied))["sklearn"], tied) is None  # averaged ties
    assert in_playground(by_key(score_every_preset(tied))["trec_ndcg"], tied).relevances == (
        2.0,
        1.0,
    )


# ---------------------------------------------------------------------------------------------
# Ties
# ---------------------------------------------------------------------------------------------


def test_ranking_orders():
    scores, ids = [1, 1, 1, 1], ["a", "b", "c", "z"]
    assert list(ranking_order(scores, ids, "keep")) == [0, 1, 2, 3]
    assert list(ranking_order(scores, ids, "docid")) == [3, 2, 1, 0]
    # ids compare as text: "d9" > "d2" > "d10"
    assert list(ranking_order([1, 1, 1], ["d10", "d9", "d2"], "docid")) == [1, 2, 0]
    with pytest.raises(ValueError, match="`ties` must be"):
        ranking_order(scores, ids, "average")


@given(st.lists(st.integers(0, 3), min_size=0, max_size=60))
def test_numba_argsort_sorts(keys):
    order = numba_argsort(keys)
    assert sorted(order) == list(range(len(keys)))
    assert [keys[i] for i in order] == sorted(keys)
    if len(keys) <= 15:  # insertion sort only: stable
        assert order == sorted(range(len(keys)), key=lambda i: keys[i])


@given(st.lists(st.tuples(st.integers(0, 4), st.integers(0, 3)), min_size=1, max_size=20))
def test_the_one_query_averaged_kernel_is_batch_ndcgs(items):
    rels = np.array([r for r, _ in items], dtype=float)
    scores = np.array([s for _, s in items], dtype=float)
    weights = 1 / np.log2(np.arange(2, rels.size + 2))
    batch = batch_ndcg([0] * rels.size, rels, scores, ties="average")
    assert tie_averaged_dcg(rels, scores, weights) == pytest.approx(
        batch.per_query["dcg"].iloc[0], abs=1e-12
    )


def test_tie_groups_and_tie_table():
    assert tie_groups([0.5, 0.8, 0.8, 0.5, 0.1]) == [[1, 2], [0, 3]]
    query = GALLERY_BY_KEY["ties"].query()
    table = tie_breaking(query).set_index("key")
    assert list(table.index) == ["average", "docid", "keep", "reverse", "worst", "best"]
    assert table.loc["worst", "ndcg"] <= table.loc["average", "ndcg"] <= table.loc["best", "ndcg"]
    assert table.loc["docid", "order"] == ("d4", "d1", "d3", "d2")
    said = tie_words(tie_breaking(query)).set_index("key")  # the page's words for the rows
    assert said.loc["average", "used_by"] == "scikit-learn, torchmetrics"
    assert said.loc["docid", "used_by"] == "trec_eval"
    assert said.loc["docid", "order"] == "d4, d1, d3, d2"
    assert said.loc["average", "order"] == "(every order, averaged)"
    with pytest.raises(ValueError, match="labels ≥ 0"):
        tie_breaking(make_query([1, -1], scores=[1, 1]))


# ---------------------------------------------------------------------------------------------
# The gallery and the query record
# ---------------------------------------------------------------------------------------------


def test_gallery_cases_are_ranked_lists_and_are_recognised():
    assert all(isinstance(case.ranked, RankedList) for case in GALLERY)
    beyond = GALLERY_BY_KEY["k_beyond"]
    assert beyond.ranked.k == 10 and beyond.ranked.n == 3
    assert case_for(beyond.query()) is beyond
    assert case_for(make_query([1, 3, 0], 9)) is None
    pooled = GALLERY_BY_KEY["not_retrieved"].query()
    assert round(by_key(score_every_preset(pooled))["trec_ndcg_cut"].value, 3) == 0.785
    table = gallery_table()
    assert table.loc["LightGBM ndcg@k", "All-zero list"] == "1.0000"
    assert table.loc["scikit-learn ndcg_score(k=k)", "Single document"] == "refuses"


def test_bad_input_messages():
    with pytest.raises(ValueError, match="empty"):
        make_query([])
    with pytest.raises(ValueError, match="position 2 is 'x'"):
        make_query([1, "x"])
    with pytest.raises(ValueError, match="position 1 is nan"):
        make_query([float("nan")])
    with pytest.raises(ValueError, match="3 items but 2 scores"):
        make_query([1, 2, 3], scores=[1, 2])
    with pytest.raises(ValueError, match="`scores` must hold finite numbers; position 2"):
        make_query([1, 2], scores=[1, float("inf")])
    with pytest.raises(ValueError, match="'a' is at positions 1 and 2"):
        make_query([1, 2], ids=["a", "a"])
    with pytest.raises(ValueError, match="position 2 is"):
        make_query([1, 2], ids=["a", " "])
    with pytest.raises(ValueError, match="`pool` must not be negative"):
        make_query([1, 2], pool=[-1])
    with pytest.raises(ValueError, match="`k` must be a whole number ≥ 1"):
        make_query([1, 2], 0)
    with pytest.raises(ValueError, match="not text"):
        make_query("3, 2")
    with pytest.raises(ValueError, match="`ranked` must be a RankedList"):
        Query([1, 2])


def test_default_scores_ids_and_pool_ids():
    query = make_query([1, 2, 3], pool=[2, 1], ids=["P1", "x", "y"])
    assert query.scores == (3.0, 2.0, 1.0)
    assert query.pool_ids == ("P2", "P3")
    assert query.relevances == (1.0, 2.0, 3.0) and query.pool == (2.0, 1.0) and query.k is None
    assert make_query([1, 2]).ids == ("D1", "D2")
    labelled = Query(RankedList((1, 2), labels=("a", "b")))
    assert labelled.ids == ("a", "b")  # without ids, the labels are the ids


def test_the_old_module_still_imports_and_names_the_new_one():
    import importlib
    import sys

    sys.modules.pop("ndcg_core.conventions", None)
    with pytest.warns(DeprecationWarning, match="ndcg_core.libraries"):
        conventions = importlib.import_module("ndcg_core.conventions")

    assert conventions.PRESETS is PRESETS
    # Renamed since (one name, one thing): the old names stay for old notebooks.
    assert conventions.evaluate is score_every_preset
    assert conventions.Verdict is type(score_every_preset(make_query([1, 0]))[0])
    assert conventions.evaluate_query(WIKIPEDIA, 6, pool=[3, 2])[3].metric == "ndcg_cut.6"


@pytest.mark.parametrize(
    ("module", "name", "new"),
    [
        ("conventions", "GALLERY", "lessons.gallery.GALLERY"),
        ("conventions", "GALLERY_BY_KEY", "lessons.gallery.GALLERY_BY_KEY"),
        ("conventions", "gallery_table", "lessons.gallery.gallery_table"),
        ("conventions", "Case", "lessons.gallery.GalleryCase"),
        ("conventions", "PIP_NAMES", "lessons.snippets.PIP_NAMES"),
        ("conventions", "snippet", "lessons.snippets.snippet"),
        ("conventions", "verdict_table", "ui.charts.libraries.verdict_table"),
        ("libraries", "case_for", "lessons.gallery.case_for"),
        ("libraries", "install_line", "lessons.snippets.install_line"),
        ("libraries", "verdict_table", "ui.charts.libraries.verdict_table"),
    ],
)
def test_an_old_import_of_what_moved_out_names_its_new_home(module, name, new):
    """The gallery and the programs moved to the lessons, the results table to the page's."""
    import importlib
    import warnings

    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        old = importlib.import_module(f"ndcg_core.{module}")
    said = f"`ndcg_core.{module}.{name}` moved to `{new}`: import it from there"
    # The two ways a notebook asks: the import statement, and the attribute.
    with pytest.raises(ImportError) as raised:
        exec(f"from ndcg_core.{module} import {name}", {})
    assert str(raised.value) == said
    with pytest.raises(ImportError, match=f"^{re.escape(said)}$"):
        getattr(old, name)
    # And the new home has it.
    home, attribute = new.rsplit(".", 1)
    assert hasattr(importlib.import_module(home), attribute)
    with pytest.raises(AttributeError, match="has no attribute 'GALERY'"):
        old.__getattr__("GALERY")


def test_checked_versions_and_citations_are_written_from_one_home():
    from lessons.label_domains import checked_versions
    from ndcg_core.libraries import CHECKED_VERSIONS, checked
    from ndcg_core.references import REFERENCES
    from ui.sources import cite

    said = checked_versions()
    for library in ("scikit-learn", "ranx", "LightGBM", "XGBoost", "torchmetrics"):
        assert f"{library} {CHECKED_VERSIONS[library]}" in said
    assert f"({checked('trec_eval')})" in said
    assert PRESETS_BY_KEY["lightgbm"].reference.startswith(checked("LightGBM"))
    assert cite("jarvelin2002", "a note").endswith("422–446 (a note).")
    assert cite("jarvelin2002").startswith(REFERENCES["jarvelin2002"].short.split(" &")[0])
    with pytest.raises(ValueError, match="`key` must be one of"):
        cite("nobody1999")
