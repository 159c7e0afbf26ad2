"""`metrics.dcg_terms`: the numbers a page multiplies and adds to rescore any order of a list."""

import math
import random

import pytest

from ndcg_core import ndcg, totals
from ndcg_core.metrics import dcg_terms
from ndcg_core.model import RankedList, Scoring
from ndcg_core.permutations import ideal_order, worst_order
from tests.strategies import random_ranked_list


def close(a: float, b: float) -> bool:
    if math.isnan(a) or math.isnan(b):
        return math.isnan(a) and math.isnan(b)
    return math.isclose(a, b, rel_tol=1e-12, abs_tol=1e-12)


def rescored(terms, order) -> tuple[float, float]:
    """DCG and NDCG of `order` from the terms alone, as the board's script computes them."""
    total = sum(terms.gains[i] * w for i, w in zip(order, terms.weights))
    return total, (total / terms.idcg if terms.idcg > 0 else terms.on_zero)


def test_the_wikipedia_list_by_hand():
    terms = dcg_terms(RankedList((3, 2, 3, 0, 1, 2), pool=(3, 2), scoring=Scoring(k=6)))
    assert terms.gains == (3, 2, 3, 0, 1, 2)
    assert terms.weights[0] == 1.0 and terms.weights[2] == 0.5  # 1/log2(2), 1/log2(4)
    # The ideal 3, 3, 3, 2, 2, 2 earns 3 at position 1, 3/log2(3) at position 2.
    assert terms.ideal_contributions[:2] == (3.0, 3 / math.log2(3))
    assert round(terms.idcg, 4) == 8.7403
    assert round(rescored(terms, range(6))[1], 4) == 0.7850


def test_weights_are_zero_past_k_and_the_discount_stays():
    terms = dcg_terms(RankedList((1, 1, 1, 1), scoring=Scoring(k=2)))
    assert terms.weights[2:] == (0.0, 0.0)
    assert terms.discounts[2] == pytest.approx(1 / math.log2(4))
    assert terms.ideal_contributions[2:] == (0.0, 0.0)


def test_the_ideal_past_the_list_is_counted_apart():
    terms = dcg_terms(RankedList((0, 1), pool=(3, 2), scoring=Scoring(k="none")))
    assert len(terms.ideal_contributions) == 2
    # The ideal is 3, 2, 1, 0: past position 2 it still earns 1/log2(4) and 0.
    assert terms.ideal_beyond == pytest.approx(1 / math.log2(4))
    assert sum(terms.ideal_contributions) + terms.ideal_beyond == pytest.approx(terms.idcg)


def test_an_all_zero_list_carries_its_rule():
    assert math.isnan(dcg_terms(RankedList((0, 0), scoring=Scoring(zero="skip"))).on_zero)
    assert dcg_terms(RankedList((0, 0), scoring=Scoring(zero="1"))).on_zero == 1.0


def test_any_order_rescored_from_the_terms_equals_the_core():
    rng = random.Random(20)
    for _ in range(400):
        ranked = random_ranked_list(rng)
        terms = dcg_terms(ranked)
        base = totals(ranked)
        assert close(terms.idcg, base.idcg)
        ideal_column = base.table["ideal_contribution"].fillna(0).to_numpy()
        for p, earned in enumerate(terms.ideal_contributions):
            assert close(earned, ideal_column[p] if base.table["in_top_k"][p] else 0.0)
        for order in (list(range(ranked.n)), rng.sample(range(ranked.n), ranked.n)):
            moved = ranked.reordered(order)
            want = totals(moved)
            got_dcg, got_ndcg = rescored(terms, order)
            assert close(got_dcg, want.dcg), (ranked, order)
            assert close(got_ndcg, want.ndcg), (ranked, order)
            assert close(got_ndcg, ndcg(moved.relevances, **moved.kwargs()))


def test_a_stable_sort_by_relevance_is_the_cores_ideal_and_worst():
    rng = random.Random(3)
    for _ in range(200):
        terms = dcg_terms(random_ranked_list(rng))
        n = len(terms.relevances)
        by_relevance = sorted(range(n), key=lambda i: -terms.relevances[i])
        assert by_relevance == ideal_order(terms.relevances)
        assert sorted(range(n), key=lambda i: terms.relevances[i]) == worst_order(terms.relevances)


def test_a_ranked_list_is_scored_without_being_checked_again(monkeypatch):
    """A `RankedList` was checked when it was made: scoring it (its totals, its terms, what its
    orderings do) checks no list, cut-off or gain again and parses no gain map, and its IDCG is
    the keyword function's to the last bit."""
    from ndcg_core import idcg, metrics, options, ordering

    ranked = RankedList(
        (3, 2, 3, 0, 1, 2), pool=(3, 2), scoring=Scoring(k=4, gain="map:0=0,1=1,2=3,3=7")
    )
    calls: list[str] = []

    def counted(name, function):
        def call(*args, **kwargs):
            calls.append(name)
            return function(*args, **kwargs)

        return call

    for name in ("check_relevances", "check_ideal", "check_k", "check_settings"):
        monkeypatch.setattr(metrics, name, counted(name, getattr(metrics, name)))
    parse = options.GainMap.parse.__func__
    monkeypatch.setattr(options.GainMap, "parse", classmethod(counted("parse", parse)))
    terms, result = dcg_terms(ranked), totals(ranked)
    expected = ordering.expected_random(ranked)
    ordering.swap_deltas(ranked)
    assert calls == []
    assert expected.ideal_dcg == terms.idcg
    kwargs = {name: v for name, v in ranked.kwargs().items() if name != "on_zero"}
    assert terms.idcg == idcg(ranked.relevances, **kwargs)
    assert result.idcg == pytest.approx(terms.idcg, rel=1e-15)


def test_a_scoring_is_copied_and_pickled_as_its_choices():
    """A Scoring is its choices (Streamlit's cache hashes a dataclass by its fields): the parsed
    gain is kept beside them, and goes with a copy."""
    import copy
    import dataclasses
    import pickle

    scoring = Scoring(k=3, gain={0: 0, 1: 1, 2: 3})
    assert dataclasses.asdict(scoring) == {
        "k": 3,
        "gain": "map:0=0,1=1,2=3",
        **{
            name: getattr(Scoring(), name)
            for name in ("discount", "log_base", "ideal", "ties", "zero")
        },
    }
    again = pickle.loads(pickle.dumps(RankedList((2, 0, 1), scoring=scoring)))
    assert again.scoring == copy.deepcopy(scoring) == scoring
    assert again.scoring.gain_record.compute([2.0]).tolist() == [3.0]
