"""Ordering effects: hand-worked values, properties against `ndcg` and `totals` themselves, and
error messages."""

import itertools
import math
import re
from collections import Counter

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from ndcg_core import ndcg, ordering, totals
from ndcg_core.model import RankedList, Scoring
from ndcg_core.ordering import (
    best_swap,
    count_orderings,
    expected_random,
    ndcg_at_each_k,
    ordering_distribution,
    position_sweep,
    swap_deltas,
    swap_effect,
    sweep_extremes,
)
from ndcg_core.permutations import swap

L3 = math.log2(3)
ZERO_RULES = {0.0: "0", 1.0: "1"}


def listed(values, k=None, *, pool=(), on_zero=0.0, **scoring) -> RankedList:
    """A RankedList as the hand-worked cases write it: k None is no cut-off, `pool` the judged
    items never retrieved, `on_zero` the all-zero NDCG."""
    cut = "none" if k is None else k
    zero = "skip" if on_zero != on_zero else ZERO_RULES[on_zero]
    return RankedList(tuple(values), pool=tuple(pool), scoring=Scoring(k=cut, zero=zero, **scoring))


def swapped(ranked: RankedList, i: int, j: int) -> RankedList:
    return ranked.reordered(swap(ranked.n, i, j))


# ---------------------------------------------------------------------------------------------
# Reference values, worked by hand
# ---------------------------------------------------------------------------------------------


def test_swap_deltas_by_hand():
    # rel = 3, 2, 0: already ideal, IDCG = 3 + 2/log2 3, so every swap loses.
    idcg = 3 + 2 / L3
    deltas = swap_deltas(listed([3, 2, 0]))
    assert deltas[0, 1] == pytest.approx((2 + 3 / L3) / idcg - 1)  # 2, 3, 0
    assert deltas[0, 2] == pytest.approx((2 / L3 + 3 / 2) / idcg - 1)  # 0, 2, 3
    assert deltas[1, 2] == pytest.approx((3 + 2 / 2) / idcg - 1)  # 3, 0, 2
    assert np.round(deltas[0], 4).tolist() == [0.0, -0.0866, -0.352]


def test_swap_deltas_with_cut_off_and_pool():
    # rel = 0, 1, 1 with k = 1 and a pool holding one more 1: IDCG@1 = 1.
    deltas = swap_deltas(listed([0, 1, 1], 1, pool=[1]))
    assert deltas[0].tolist() == [0.0, 1.0, 1.0]  # bringing a 1 to the top gives NDCG@1 = 1
    assert deltas[1, 2] == 0.0  # both below k, and equal anyway


def test_best_swap_by_hand():
    # rel = 3, 2, 3, 0, 1, 2 (the seed documents' list): the 0 at 4 and the 2 at 6 trade places.
    i, j, change = best_swap(listed([3, 2, 3, 0, 1, 2]))
    assert (i, j) == (4, 6) and round(change, 4) == 0.0209
    assert best_swap(listed([3, 2, 0])) is None  # already ideal: no swap helps


def test_position_sweep_by_hand():
    # rel = 0, 1: the 0 on top scores (1/log2 3) / 1; moved down, the list is ideal.
    assert position_sweep(listed([0, 1]), 1).tolist() == pytest.approx([1 / L3, 1.0])
    # rel = 1, 0, 0: moving the 1 to positions 1, 2, 3.
    assert position_sweep(listed([1, 0, 0]), 1).tolist() == pytest.approx([1.0, 1 / L3, 0.5])
    # Moving a 0: the others close up, so the 1 stays on top or moves down by one.
    assert position_sweep(listed([1, 0, 0]), 2).tolist() == pytest.approx([1 / L3, 1.0, 1.0])


def test_count_orderings_uses_the_multiset():
    assert count_orderings(listed([3, 2, 3, 0, 1, 2])) == math.factorial(6) // (2 * 2) == 180
    assert count_orderings(listed([1, 1, 1])) == 1
    assert count_orderings(listed(range(10))) == 3_628_800


def test_expected_random_ndcg_by_hand():
    # rel = 1, 0: each order equally likely, mean of 1 and 1/log2 3.
    assert expected_random(listed([1, 0])).expected == pytest.approx((1 + 1 / L3) / 2)
    # rel = 1, 0, 0 at k = 2, pool with one more 1: mean gain 1/3 × (1 + 1/log2 3) / IDCG@2,
    # and IDCG@2 = 1 + 1/log2 3, so the mean is exactly 1/3.
    assert expected_random(listed([1, 0, 0], 2, pool=[1])).expected == pytest.approx(1 / 3)
    # k beyond the list (pool of 3, list of 2): only the list's two positions hold items.
    assert expected_random(listed([1, 0], 3, pool=[1])).expected == pytest.approx(0.5)
    # Exponential gain: rel = 2, 0 gives gains 3, 0.
    assert expected_random(listed([2, 0], gain="exponential")).expected == pytest.approx(
        (3 + 3 / L3) / 2 / 3
    )


def test_exact_distribution_by_hand():
    # rel = 1, 0, 0: three orderings, the 1 at position 1, 2 or 3.
    result = ordering_distribution(listed([1, 0, 0]))
    assert result.exact and result.orderings == 3 == result.sample_size
    assert sorted(result.values) == pytest.approx([0.5, 1 / L3, 1.0])
    assert (result.best, result.worst, result.current) == pytest.approx((1.0, 0.5, 1.0))
    assert result.mean == pytest.approx(result.expected) == pytest.approx((1.5 + 1 / L3) / 3)
    assert result.standard_error == 0.0
    assert result.share_below(1.0) == pytest.approx(2 / 3)


def test_distribution_of_the_seed_list_has_180_orderings():
    # rel = 3, 2, 3, 0, 1, 2 (the seed documents' list).
    result = ordering_distribution(listed([3, 2, 3, 0, 1, 2]))
    assert result.orderings == 180 == result.values.size
    assert result.current == pytest.approx(ndcg([3, 2, 3, 0, 1, 2]))
    brute = sorted(ndcg(list(p)) for p in set(itertools.permutations([3, 2, 3, 0, 1, 2])))
    assert np.sort(result.values) == pytest.approx(brute)
    histogram = result.histogram(bins=10)
    assert histogram["count"].sum() == 180
    assert histogram["share"].sum() == pytest.approx(1.0)


def test_the_summary_is_the_distribution_without_its_values():
    result = ordering_distribution(listed([3, 2, 3, 0, 1, 2], pool=[3]))
    summary = result.summary(bins=10)
    for name in ("exact", "orderings", "sample_size", "current", "best", "worst", "terms"):
        assert getattr(summary, name) == getattr(result, name)
    assert (summary.mean, summary.standard_error) == (result.mean, result.standard_error)
    assert summary.all_same == result.all_same is False
    assert summary.expected == result.expected
    assert summary.share_below == result.share_below(result.current) > 0
    assert summary.histogram.equals(result.histogram(bins=10))
    assert not hasattr(summary, "values")


def test_ndcg_at_each_k_by_hand():
    # rel = 1, 0, 0, swap positions 1 and 3 -> 0, 0, 1.
    table = ndcg_at_each_k(listed([1, 0, 0]), 1, 3)
    assert table["k"].tolist() == [1, 2, 3]
    assert table["before"].tolist() == pytest.approx([1.0, 1.0, 1.0])
    assert table["after"].tolist() == pytest.approx([0.0, 0.0, 0.5])
    assert table["chosen"].tolist() == [False, False, True]
    assert ndcg_at_each_k(listed([1, 0, 0], 2), 1, 3)["chosen"].tolist() == [False, True, False]
    # k = n (the default) marks the last ranked position.
    assert ndcg_at_each_k(listed([1, 0, 0], "n"), 1, 3)["chosen"].tolist()[-1]


def test_ndcg_at_each_k_marks_the_largest_change():
    table = ndcg_at_each_k(listed([1, 0, 0]), 1, 3)
    assert table["largest"].tolist() == [True, False, False]  # 1.0 → 0.0 at k = 1
    # With a pool the ideal is longer than the list: one row per cut-off of the ideal.
    table = ndcg_at_each_k(listed([3, 2, 3, 0, 1, 2], 6, pool=[3, 2]), 4, 6)
    assert len(table) == 8 and table["chosen"].tolist() == [False] * 5 + [True, False, False]
    assert table["largest"].sum() == 1
    largest = table.loc[table["largest"]].iloc[0]
    assert abs(largest["change"]) == table["change"].abs().max()
    # Swapping two items of equal relevance changes nothing, anywhere: no row is the largest.
    assert not ndcg_at_each_k(listed([3, 2, 3]), 1, 3)["largest"].any()


def test_swap_effect_is_one_entry_of_the_swap_matrix():
    ranked = listed([3, 2, 3, 0, 1, 2], 6, pool=[3, 2])
    deltas = swap_deltas(ranked)
    for i, j in [(4, 6), (6, 4), (1, 2), (2, 2)]:
        effect = swap_effect(ranked, i, j)
        assert (effect.i, effect.j) == (i, j)
        assert effect.change == deltas[i - 1, j - 1]  # one formula: the very same number
        assert effect.before == pytest.approx(totals(ranked).ndcg)
        assert effect.after == pytest.approx(totals(swapped(ranked, i, j)).ndcg)
    # The pooled Wikipedia list: k = n gives 0.7850, as on every page.
    assert round(swap_effect(ranked, 1, 2).before, 4) == 0.785
    assert swap_effect(listed([0, 0]), 1, 2).change == 0.0  # IDCG = 0: nothing to change


def test_sweep_extremes_name_the_best_and_worst_positions():
    assert sweep_extremes(position_sweep(listed([0, 1]), 1)) == (2, 1)
    assert sweep_extremes(position_sweep(listed([1, 0, 0]), 1)) == (1, 3)
    assert sweep_extremes([0.5, 1.0, 1.0, 0.5]) == (2, 1)  # the first of equals
    assert sweep_extremes(position_sweep(listed([3, 3]), 1)) is None  # flat
    assert sweep_extremes([1.0, 1.0 - 2e-16]) is None  # flat up to floating-point noise


def test_the_distribution_carries_the_closed_form_terms():
    ranked = listed([3, 2, 3, 0, 1, 2], 3, pool=[3], gain="exponential")
    result = ordering_distribution(ranked)
    assert result.terms == expected_random(ranked)
    assert result.expected == result.terms.expected


# ---------------------------------------------------------------------------------------------
# Lists whose orderings all score the same, and huge relevances
# ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "ranked",
    [
        listed([3, 3]),
        listed([7, 7, 7, 7]),
        listed([1] * 16),
        listed([0.5] * 16),
        listed([5e307, 5e307]),
        listed([2, 2, 2], gain="exponential", pool=[2]),
        # Two orderings, one score: the Järvelin–Kekäläinen discount is 1 at positions 1 and 2.
        listed([1, 0], discount="jarvelin"),
    ],
    ids=repr,
)
def test_one_score_for_every_ordering_is_one_bar(ranked):
    # Before: "Too many bins for data range" (the spread was floating-point noise, ~2e-16).
    result = ordering_distribution(ranked)
    assert result.all_same
    histogram = result.histogram(bins=40)
    assert len(histogram) == 1
    row = histogram.iloc[0]
    assert row["count"] == result.sample_size and row["share"] == 1.0
    assert row["left"] < result.best < row["right"]
    assert row["right"] - row["left"] == pytest.approx(1 / 40)


def test_a_real_spread_is_not_one_bar():
    result = ordering_distribution(listed([3, 2, 3, 0, 1, 2]))
    assert not result.all_same and len(result.histogram(bins=40)) == 40


def test_orderings_without_a_number_leave_the_histogram_empty():
    result = ordering_distribution(listed([0, 0], on_zero=float("nan")))
    assert result.histogram()["count"].sum() == 0


def test_huge_relevances_score_like_ndcg():
    # Relevances near the largest float: every DCG here is within range, and so is every NDCG.
    values = [1e308, 5e307, 0]
    result = ordering_distribution(listed(values))
    brute = np.sort([ndcg(list(p)) for p in distinct_orderings(values)])
    assert np.allclose(np.sort(result.values), brute, rtol=0, atol=1e-12)
    assert result.expected == pytest.approx(brute.mean())
    assert np.isfinite(result.terms.mean_gain) and result.terms.mean_gain == pytest.approx(5e307)
    assert np.isfinite(result.histogram()["count"]).all()
    assert swap_deltas(listed(values))[0, 2] == pytest.approx(ndcg([0, 5e307, 1e308]) - 1)


def test_an_ideal_dcg_beyond_float_cannot_reach_the_ordering_functions():
    # The list itself is refused when it is made, with the one "too large" message.
    with pytest.raises(ValueError, match=r"`relevances` are too large to score.*1e\+308"):
        listed([1e308, 1e308, 1e308])


def test_all_zero_list_follows_on_zero():
    assert swap_deltas(listed([0, 0])).tolist() == [[0.0, 0.0], [0.0, 0.0]]
    assert position_sweep(listed([0, 0], on_zero=1.0), 1).tolist() == [1.0, 1.0]
    assert expected_random(listed([0, 0, 0], on_zero=1.0)).expected == 1.0
    result = ordering_distribution(listed([0, 0, 0]))
    assert result.orderings == 1 and result.values.tolist() == [0.0]


# ---------------------------------------------------------------------------------------------
# Sampling when there are too many orderings
# ---------------------------------------------------------------------------------------------


def test_too_many_orderings_are_sampled_with_a_standard_error():
    ranked = listed(range(14))  # 14! ≈ 8.7e10 orderings
    seen = []
    result = ordering_distribution(ranked, sample_size=20_000, progress=seen.append)
    assert not result.exact
    assert result.orderings == math.factorial(14)
    assert result.sample_size == 20_000
    assert 0 < result.standard_error < 0.01
    assert abs(result.mean - result.expected) < 5 * result.standard_error
    assert seen[-1] == 1.0 and seen == sorted(seen)
    # Same seed, same sample.
    again = ordering_distribution(ranked, sample_size=20_000)
    assert np.array_equal(result.values, again.values)


def test_exact_limit_switches_to_sampling():
    ranked = listed([3, 2, 3, 0, 1, 2])
    result = ordering_distribution(ranked, exact_limit=100, sample_size=5000)
    assert not result.exact and result.orderings == 180 and result.sample_size == 5000


def test_long_list_with_few_orderings_is_exact():
    # 40 items, 3 of them relevant: 40 × 39 × 38 orderings, enumerated block by block.
    result = ordering_distribution(listed([0] * 37 + [1, 2, 3], 10))
    assert result.exact and result.orderings == 40 * 39 * 38
    assert result.mean == pytest.approx(result.expected, abs=1e-12)
    assert result.values.max() == pytest.approx(1.0)


def distinct_orderings(values):
    """Every distinct ordering of a multiset, each once: a plain recursive reference."""
    if not values:
        yield []
        return
    for value in sorted(set(values)):
        rest = list(values)
        rest.remove(value)
        for tail in distinct_orderings(rest):
            yield [value, *tail]


@pytest.mark.parametrize(
    "ranked",
    [
        listed([0] * 10 + [1, 2, 1]),
        listed([3] + [0] * 7 + [1, 1], 5),
        listed([0] * 5 + [1] * 3 + [2] * 2, gain="exponential", discount="jarvelin"),
        listed([0] * 6 + [2], pool=[3]),
        listed([0, 1, 2, 3, 4, 0, 1], 3),
        listed([1] * 8),
        listed([0] * 26 + [1, 2]),
    ],
    ids=repr,
)
@pytest.mark.parametrize("block_rows", [ordering.BLOCK_ROWS, 4])
def test_both_enumerations_match_a_plain_reference(ranked, block_rows, monkeypatch):
    # Few arrangements of the non-background items: placed around the background; with
    # BLOCK_ROWS tiny, short lists are walked prefix by prefix instead. Both give each
    # distinct ordering once.
    monkeypatch.setattr(ordering, "BLOCK_ROWS", block_rows)
    result = np.sort(ordering_distribution(ranked).values)
    values = list(ranked.relevances)
    reference = np.sort([ndcg(p, **ranked.kwargs()) for p in distinct_orderings(values)])
    assert result.size == reference.size == count_orderings(ranked)
    assert np.allclose(result, reference, rtol=0, atol=1e-12)


def test_long_list_with_two_relevant_items_is_exact():
    # 500 items, 2 of them relevant: C(500, 2) × 2 = 249,500 orderings.
    result = ordering_distribution(listed([0] * 498 + [1, 2]))
    assert result.exact and result.orderings == 500 * 499
    assert result.mean == pytest.approx(result.expected, abs=1e-12)
    assert result.values.max() == pytest.approx(1.0) and result.values.min() == result.worst


# ---------------------------------------------------------------------------------------------
# Properties
# ---------------------------------------------------------------------------------------------

small_lists = st.lists(st.integers(0, 3), min_size=1, max_size=6)
conventions = st.fixed_dictionaries(
    {
        "gain": st.sampled_from(["linear", "exponential"]),
        "discount": st.sampled_from(["log2", "jarvelin"]),
        "log_base": st.sampled_from([2, 3, 10]),
        "ideal": st.sampled_from(["judgments", "run"]),
        "zero": st.sampled_from(["0", "1"]),
    }
)


@st.composite
def cases(draw) -> RankedList:
    values = draw(small_lists)
    pool = draw(st.lists(st.integers(0, 3), max_size=2))
    k = draw(st.sampled_from(["n", "none"]) | st.integers(1, len(values) + len(pool)))
    scoring = Scoring(k=k, **draw(conventions))
    return RankedList(tuple(values), pool=tuple(pool), scoring=scoring)


@given(cases())
def test_distribution_matches_every_ordering(ranked):
    values, options = list(ranked.relevances), ranked.kwargs()
    result = ordering_distribution(ranked)
    distinct = set(itertools.permutations(values))
    multinomial = math.factorial(len(values))
    for count in Counter(values).values():
        multinomial //= math.factorial(count)
    assert result.orderings == len(distinct) == multinomial == result.values.size
    brute = np.sort([ndcg(list(p), **options) for p in distinct])
    assert np.allclose(np.sort(result.values), brute, rtol=0, atol=1e-12)
    # The closed-form mean times the count is the sum over the distribution.
    assert result.values.sum() == pytest.approx(result.expected * result.orderings, abs=1e-9)
    assert expected_random(ranked).expected == pytest.approx(result.expected)
    # The ideal is the best ordering; the worst is the reversed ideal; the list is among them.
    assert result.best == pytest.approx(result.values.max(), abs=1e-12)
    assert result.best == pytest.approx(ndcg(sorted(values, reverse=True), **options))
    assert result.worst == pytest.approx(result.values.min(), abs=1e-12)
    assert np.isclose(result.values, result.current, atol=1e-12).any()


@given(cases())
def test_swap_costs_are_totals_after_the_swap(ranked):
    # The closed form (gain gap × discount gap ÷ IDCG) against scoring the swapped list anew,
    # as every page scores a list.
    deltas = swap_deltas(ranked)
    n = ranked.n
    assert deltas.shape == (n, n)
    assert np.array_equal(deltas, deltas.T)
    assert not np.diag(deltas).any()
    current = totals(ranked).ndcg
    for i, j in itertools.combinations(range(1, n + 1), 2):
        after = totals(swapped(ranked, i, j)).ndcg
        effect = swap_effect(ranked, i, j)
        assert effect.change == deltas[i - 1, j - 1]
        assert abs(effect.before - current) <= 1e-12
        assert abs(current + effect.change - after) <= 1e-12
        assert abs(effect.after - after) <= 1e-12
        if ranked.relevances[i - 1] == ranked.relevances[j - 1]:
            assert effect.change == 0.0


@given(cases(), st.data())
def test_position_sweep_moves_one_item(ranked, data):
    values, options = list(ranked.relevances), ranked.kwargs()
    position = data.draw(st.integers(1, len(values)))
    sweep = position_sweep(ranked, position)
    assert sweep[position - 1] == pytest.approx(ndcg(values, **options))
    item, rest = values[position - 1], values[: position - 1] + values[position:]
    for target in range(len(values)):
        moved = [*rest[:target], item, *rest[target:]]
        assert sweep[target] == pytest.approx(ndcg(moved, **options), abs=1e-12)


@given(cases(), st.data())
def test_ndcg_at_each_k_matches_ndcg(ranked, data):
    i = data.draw(st.integers(1, ranked.n))
    j = data.draw(st.integers(1, ranked.n))
    options = ranked.kwargs()
    del options["k"]
    table = ndcg_at_each_k(ranked, i, j)
    after = swapped(ranked, i, j).relevances
    for row in table.itertuples():
        assert row.before == pytest.approx(ndcg(ranked.relevances, row.k, **options), abs=1e-12)
        assert row.after == pytest.approx(ndcg(after, row.k, **options), abs=1e-12)
    # Cut-offs above both swapped positions see the same items: nothing changes there.
    assert not table.loc[table["k"] < min(i, j), "change"].any()


# ---------------------------------------------------------------------------------------------
# Errors
# ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: swap_deltas([3, 2, 0]), "`ranked` must be a RankedList; got [3, 2, 0]. Make one"),
        (lambda: count_orderings((1, 1)), "`ranked` must be a RankedList"),
        (lambda: ndcg_at_each_k("3 2 1", 1, 2), "`ranked` must be a RankedList"),
        (lambda: expected_random(None).expected, "`ranked` must be a RankedList; got None"),
        # A RankedList may hold negative relevances (the libraries page shows what libraries
        # make of them); NDCG refuses them, by position.
        (lambda: swap_deltas(listed([1, -1])), "position 2 is -1"),
        (lambda: ordering_distribution(listed([1, -1])), "position 2 is -1"),
        (lambda: ndcg_at_each_k(listed([1, -1]), 1, 2), "position 2 is -1"),
        (lambda: position_sweep(listed([1, 0]), 3), "`position` must be a position from 1 to 2"),
        (lambda: position_sweep(listed([1, 0]), 0), "got 0"),
        (lambda: position_sweep(listed([1, 0]), 1.5), "`position` must be a whole number"),
        (lambda: ndcg_at_each_k(listed([1, 0]), 1, 5), "`j` must be a position from 1 to 2"),
        (lambda: swap_effect(listed([1, 0]), True, 1), "`i` must be a whole number"),
        (lambda: swap_effect(listed([1, 0]), 1, 3), "`j` must be a position from 1 to 2"),
        (lambda: ordering_distribution(listed([1, 0]), sample_size=1), "`sample_size` must be"),
        (lambda: ordering_distribution(listed([1, 0]), exact_limit="many"), "`exact_limit` must"),
        (lambda: ordering_distribution(listed([1, 0])).histogram(bins=0), "`bins` must be a whole"),
        (lambda: sweep_extremes([]), "`sweep` is empty"),
    ],
)
def test_errors_say_what_is_wrong(call, message):
    with pytest.raises(ValueError, match=re.escape(message)):
        call()
