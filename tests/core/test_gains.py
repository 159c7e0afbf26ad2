"""The third gain, a gain per grade (`options.GainMap`): hand-worked values, the exponential gain
as one such map, rescaling that changes nothing, every message, and the map in the model and the
LaTeX; in links, in tests/ui/test_urlparams.py. LightGBM's `label_gain` and trec_eval's
`-m ndcg.1=3,2=9` are checked against the real libraries in tests/crosscheck/test_trec_eval.py."""

import math

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from ndcg_core import GainMap, RankedList, Scoring, batch_ndcg, dcg, ndcg, runs
from ndcg_core.latex import dcg_filled, dcg_formula, worked
from ndcg_core.metrics import breakdown, totals
from ndcg_core.options import check_gain, gain_record, gains

LIST = [3, 2, 3, 0, 1, 2]


def test_a_map_gives_each_grade_its_gain_by_hand():
    # g: 0→0, 1→2, 2→5, 3→10. DCG = 10 + 5/log2 3 + 10/2 + 0 + 2/log2 5 + 5/log2 7.
    gain = "map:0=0,1=2,2=5,3=10"
    by_hand = 10 + 5 / math.log2(3) + 10 / 2 + 2 / math.log2(6) + 5 / math.log2(7)
    assert dcg(LIST, gain=gain) == pytest.approx(by_hand)
    ideal = 10 + 10 / math.log2(3) + 5 / 2 + 5 / math.log2(5) + 2 / math.log2(6)
    assert ndcg(LIST, gain=gain) == pytest.approx(by_hand / ideal)
    assert gains(np.array([3.0, 0.0, 1.0]), gain).tolist() == [10.0, 0.0, 2.0]


def test_the_exponential_gain_is_one_such_map():
    exponential = GainMap.exponential([0, 1, 2, 3])
    assert exponential.name == "map:0=0,1=1,2=3,3=7"
    for k in (None, 1, 3, 6):
        assert ndcg(LIST, k, gain=exponential.name) == pytest.approx(
            ndcg(LIST, k, gain="exponential"), abs=1e-15
        )
    assert exponential.proportional_to("exponential", [0, 1, 2, 3]) == 1.0
    assert GainMap.parse("0=0,1=1,2=2,3=3").proportional_to("linear", LIST) == 1.0


def test_a_map_that_only_rescales_every_grade_leaves_ndcg_unchanged():
    base = GainMap.parse("0=0,1=1,2=3,3=7")
    for factor in (0.5, 3, 1000):
        scaled = base.scaled(factor)
        assert scaled.proportional_to("exponential", [0, 1, 2, 3]) == pytest.approx(factor)
        assert ndcg(LIST, 4, gain=scaled.name) == pytest.approx(ndcg(LIST, 4, gain=base.name))
        # DCG itself does change: only the ratio cancels the factor.
        assert dcg(LIST, 4, gain=scaled.name) == pytest.approx(
            factor * dcg(LIST, 4, gain=base.name)
        )


@given(
    st.lists(st.integers(0, 4), min_size=1, max_size=12),
    st.lists(st.floats(0, 100, allow_nan=False), min_size=5, max_size=5),
    st.floats(0.01, 1000),
    st.sampled_from([None, 1, 3, 10]),
)
def test_rescaling_any_map_keeps_ndcg(rels, values, factor, k):
    table = tuple(enumerate(sorted(values)))
    base = GainMap(table)
    assert ndcg(rels, k, gain=base.scaled(factor).name) == pytest.approx(
        ndcg(rels, k, gain=base.name), abs=1e-9
    )


def test_a_map_that_is_not_a_rescaling_changes_ndcg():
    # Guards the property above against a test that cannot fail.
    assert ndcg(LIST, 4, gain="map:0=0,1=1,2=2,3=10") != pytest.approx(
        ndcg(LIST, 4, gain="map:0=0,1=1,2=3,3=7")
    )
    assert GainMap.parse("0=0,1=1,2=2,3=10").proportional_to("exponential", [0, 1, 2, 3]) is None


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("map:", "The gain map is empty"),
        ("map:0=0,1", "'1' in the gain map is not a grade=gain pair"),
        ("map:0=0,1=x", "gain of grade 1 must be a number; got 'x'"),
        ("map:0=0,x=1", "grade must be a number; got 'x'"),
        ("map:0=0,1=-1", "gain of grade 1 must be 0 or more; got '-1'"),
        ("map:-1=0", "grade must be 0 or more; got '-1'"),
        ("map:0=0,1=inf", "must be a finite number; got 'inf'"),
        ("map:0=0,1=nan", "must be a finite number; got 'nan'"),
        ("map:0=0,1=1,1=2", "gives grade 1 twice"),
        ("map:0=0,1=5,2=3", "grade 2 earns 3, less than grade 1 (5)"),
        ("map:" + ",".join(f"{i}={i}" for i in range(101)), "at most 100 grades"),
    ],
)
def test_a_bad_map_is_named_with_what_to_change(text, message):
    with pytest.raises(ValueError, match=message.replace("(", r"\(").replace(")", r"\)")):
        GainMap.parse(text)
    with pytest.raises(ValueError, match="gain map"):
        Scoring(gain=text)


def test_a_grade_missing_from_the_map_is_named_wherever_a_list_is_scored():
    with pytest.raises(ValueError, match=r"gives no gain for grade 3: add 3=… to the map"):
        ndcg(LIST, gain="map:0=0,1=1,2=3")
    with pytest.raises(ValueError, match="gives no gain for grade 3"):
        RankedList(tuple(LIST), scoring=Scoring(gain="map:0=0,1=1,2=3"))
    with pytest.raises(ValueError, match="gives no gain for grade 4"):
        RankedList((1.0,), pool=(4.0,), scoring=Scoring(gain="map:0=0,1=1"))
    with pytest.raises(ValueError, match=r"gives no gain for grade 0\.5"):
        batch_ndcg(["q", "q"], [1, 0.5], gain="map:0=0,1=1")


def test_the_core_takes_a_map_as_text_a_record_or_a_dict_and_holds_its_name():
    as_text = Scoring(gain="map: 0=0, 1=1; 2=3").gain
    assert as_text == "map:0=0,1=1,2=3"
    assert Scoring(gain=GainMap.parse(as_text)).gain == as_text
    assert Scoring(gain={2: 3, 0: 0, 1: 1}).gain == as_text
    assert check_gain("MAP:0=0,1=0.5") == "map:0=0,1=0.5"
    with pytest.raises(ValueError, match="`gain` must be 'linear' or 'exponential'; got 'exp'"):
        check_gain("exp")
    assert GainMap.label_gain([0, 1, 3, 7]) == GainMap.parse("0=0,1=1,2=3,3=7")


def test_a_map_has_the_words_of_a_gain():
    record = gain_record("map:0=0,1=1,2=3,3=7")
    assert record.label == "Gain per grade: 0→0, 1→1, 2→3, 3→7"
    assert record.short == "g = 0→0, 1→1, 2→3, 3→7"
    assert "Multiplying every gain by the same number changes nothing" in record.description
    assert "trec_eval" in record.used_by and "label_gain" in record.used_by
    ranked = RankedList(tuple(LIST), scoring=Scoring(gain=record.name))
    assert "gain g = 0→0, 1→1, 2→3, 3→7" in ranked.describe()


def test_the_latex_writes_g_and_fills_in_each_grades_gain():
    formula = dcg_formula("map:0=0,1=1,2=3,3=7")
    assert r"\frac{g(rel_i)}{\log_{2}(i+1)}" in formula
    assert r"g:\ 0 \mapsto 0,\ 1 \mapsto 1,\ 2 \mapsto 3,\ 3 \mapsto 7" in formula
    assert r"g:\ " not in dcg_formula("map:0=0,1=1,2=3,3=7", ideal=True)
    table = breakdown(LIST, 6, gain="map:0=0,1=1,2=3,3=7")
    filled = dcg_filled(table, 6, gain="map:0=0,1=1,2=3,3=7", discount="log2", log_base=2)
    assert filled.startswith(r"\begin{aligned} \mathrm{DCG@6} &= \frac{7}{\log_{2} 2} + \frac{3}")
    ranked = RankedList(tuple(LIST), scoring=Scoring(gain="map:0=0,1=1,2=3,3=7"))
    assert worked(totals(ranked))[2].endswith(f"= {totals(ranked).ndcg:.4f}")


def test_a_run_is_evaluated_with_a_map():
    text = b"query_id,doc_id,relevance,score\nq,a,0,3\nq,b,2,2\nq,c,1,1\n"
    data = runs.from_csv(runs.read_csv_run(text))
    by_map = runs.evaluate(data, None, gain={0: 0, 1: 1, 2: 3})
    assert by_map.mean == pytest.approx(runs.evaluate(data, None, gain="exponential").mean)
    with pytest.raises(ValueError, match="gives no gain for grade 2"):
        runs.evaluate(data, None, gain="map:0=0,1=1")
