"""The third gain, a gain per grade (`options.GainMap`): hand-worked values, the exponential gain
as one such map, rescaling that changes nothing, every message, and the map in the model and the
LaTeX; in links, in tests/ui/test_urlparams.py. LightGBM's `label_gain` and trec_eval's
`-m ndcg.1=3,2=9` are checked against the real libraries in tests/crosscheck/test_trec_eval.py."""

import math

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from lessons.described import describe
from lessons.latex import dcg_filled, dcg_formula, worked
from ndcg_core import GainMap, RankedList, Scoring, batch_ndcg, dcg, ndcg, runs
from ndcg_core.metrics import breakdown, totals
from ndcg_core.model import check_scorable, default_labels, derived
from ndcg_core.options import check_gain, covering_gain, gain_record, gains

LIST = [3, 2, 3, 0, 1, 2]


def scaled(gain_map: GainMap, factor: float) -> GainMap:
    """Every gain of `gain_map` times `factor` (> 0): the same NDCG."""
    return GainMap(tuple((g, v * factor) for g, v in gain_map.table))


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
        rescaled = scaled(base, factor)
        assert rescaled.proportional_to("exponential", [0, 1, 2, 3]) == pytest.approx(factor)
        assert ndcg(LIST, 4, gain=rescaled.name) == pytest.approx(ndcg(LIST, 4, gain=base.name))
        # DCG itself does change: only the ratio cancels the factor.
        assert dcg(LIST, 4, gain=rescaled.name) == pytest.approx(
            factor * dcg(LIST, 4, gain=base.name)
        )


@given(
    st.lists(st.integers(0, 4), min_size=1, max_size=12),
    # A gain is 0 or large enough to sum exactly (`MIN_MAP_GAIN`), even once scaled.
    st.lists(st.just(0.0) | st.floats(1e-200, 100), min_size=5, max_size=5),
    st.floats(0.01, 1000),
    st.sampled_from([None, 1, 3, 10]),
)
def test_rescaling_any_map_keeps_ndcg(rels, values, factor, k):
    table = tuple(enumerate(sorted(values)))
    base = GainMap(table)
    assert ndcg(rels, k, gain=scaled(base, factor).name) == pytest.approx(
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
    assert "gain g = 0→0, 1→1, 2→3, 3→7" in describe(ranked)


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


# -- a list derived from another: the one fallback rule (`options.covering_gain`) --------------


def test_the_default_map_always_gives_grade_0_its_gain_of_0():
    # A list without a 0 still gets 0=0: padding it with irrelevant items stays covered.
    assert GainMap.exponential([3, 2, 1]).name == "map:0=0,1=1,2=3,3=7"
    assert GainMap.exponential([]).name == "map:0=0"


def test_a_derived_list_keeps_a_gain_that_covers_its_grades():
    assert covering_gain("map:0=0,1=1,2=3", [0, 2]) == ("map:0=0,1=1,2=3", "")
    assert covering_gain("exponential", [0, 3]) == ("exponential", "")


def test_a_map_lacking_grades_is_extended_as_the_exponential_gain_would():
    gain, note = covering_gain("map:1=1,2=3,3=7", [3, 2, 1, 0])
    assert gain == "map:0=0,1=1,2=3,3=7"
    assert "no gain for grade(s) 0" in note and "2^g − 1" in note
    # Click rates: fractional grades earn 2^g − 1 too.
    gain, _ = covering_gain("map:0=0,1=1", [0.5, 1])
    assert GainMap.parse(gain).gain_of(0.5) == pytest.approx(math.sqrt(2) - 1)


def test_when_2_to_the_g_cannot_fill_a_map_the_linear_gain_is_used():
    # 2^1.5 − 1 ≈ 1.83 would earn less than grade 1's 10: no map can hold it.
    gain, note = covering_gain("map:0=0,1=10,2=20", [1.5, 2])
    assert gain == "linear" and "linear gain" in note and "1.5" in note
    gain, note = covering_gain("exponential", [2000, 1])
    assert gain == "linear" and "at most 1000" in note and "linear gain" in note


def test_derived_scores_a_padded_list_under_the_covering_gain():
    ranked = RankedList((3, 2, 1), scoring=Scoring(gain="map:1=1,2=3,3=7"))
    longer, note = derived(
        ranked, relevances=(*ranked.relevances, 0.0, 0.0), labels=default_labels(5)
    )
    assert longer.labels == ("D1", "D2", "D3", "D4", "D5")
    assert longer.scoring.gain == "map:0=0,1=1,2=3,3=7" and "grade(s) 0" in note
    assert totals(longer).ndcg == pytest.approx(totals(ranked).ndcg)
    same, note = derived(ranked, relevances=(1.0, 3.0, 2.0))
    assert same.scoring == ranked.scoring and note == ""


# -- what can be scored: one test for a list, a run, and a typed gain -------------------------


def test_huge_gains_are_blamed_on_the_gain_not_the_relevances():
    huge = "map:0=0,1=1e308,2=1e308,3=1e308"
    with pytest.raises(ValueError, match=r"The gain map 0=0, 1=1e\+308.*Divide every gain"):
        check_scorable((3, 2, 1), Scoring(gain=huge))
    with pytest.raises(ValueError, match="gains too large to score"):
        RankedList((3, 2, 1), scoring=Scoring(gain=huge))
    with pytest.raises(ValueError, match="gains too large to score"):
        batch_ndcg(["q"] * 3, [3, 2, 1], gain=huge)


def test_tiny_gains_that_would_lose_digits_are_refused_where_the_map_is_made():
    with pytest.raises(ValueError, match=r"1e-320, too small.*at least 1e-300"):
        GainMap.parse("0=0,1=1e-320")
    assert GainMap.parse("0=0,1=1e-300").gain_of(1) == 1e-300


@pytest.mark.parametrize(
    "relevances",
    [(1e308, 1e308), (1e308, 0.5e308), (1e308, 1e308, 0.0), (3.0, 2.0)],
    ids=["overflows", "fits", "overflows-with-0", "small"],
)
def test_a_run_and_a_ranked_list_agree_on_what_can_be_scored(relevances):
    # The same query, once as a run's rows (the batch path), once as a list.
    def outcome(score):
        try:
            return score()
        except ValueError as error:
            return str(error)

    as_run = outcome(lambda: batch_ndcg(["q"] * len(relevances), relevances).mean)
    as_list = outcome(lambda: totals(RankedList(relevances)).ndcg)
    assert type(as_run) is type(as_list)
    if isinstance(as_list, str):
        assert as_run == as_list and "too large to score" in as_list
    else:
        assert as_run == pytest.approx(as_list)
