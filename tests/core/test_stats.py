"""The statistics /queries shows for a mean and for two runs: the bootstrap interval of a mean
and the paired randomization test (ndcg_core.stats). Checked against scipy.stats in
tests/crosscheck/test_stats.py."""

import itertools
import math

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from ndcg_core.stats import bootstrap_ci, outcomes, paired_randomization_test

# ---------------------------------------------------------------------------------------------
# Bootstrap interval
# ---------------------------------------------------------------------------------------------


def test_bootstrap_is_seeded_and_brackets_the_mean():
    values = np.random.default_rng(1).random(50)
    first = bootstrap_ci(values, seed=3)
    assert first == bootstrap_ci(values, seed=3)
    assert first.low < first.mean < first.high
    assert first.mean == pytest.approx(values.mean())
    # A percentile interval of resampled means is about ±1.96 standard errors wide.
    se = values.std(ddof=0) / math.sqrt(values.size)
    assert first.high - first.low == pytest.approx(2 * 1.96 * se, rel=0.15)


def test_bootstrap_of_identical_values_is_a_point_and_nan_is_left_out():
    interval = bootstrap_ci([0.5, 0.5, float("nan"), 0.5])
    assert (interval.low, interval.mean, interval.high, interval.n) == (0.5, 0.5, 0.5, 3)


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"values": [float("nan")]}, "no values to average"),
        ({"values": [1.0], "confidence": 95}, "between 0 and 1"),
        ({"values": [1.0], "n_resamples": 0}, "at least 1"),
    ],
)
def test_bootstrap_errors(kwargs, message):
    with pytest.raises(ValueError, match=message):
        bootstrap_ci(**kwargs)


# ---------------------------------------------------------------------------------------------
# Paired randomization test
# ---------------------------------------------------------------------------------------------


def _exact_p(d):
    observed = abs(np.mean(d))
    flips = [abs(np.mean(np.array(s) * d)) for s in itertools.product([-1, 1], repeat=len(d))]
    return np.mean([f >= observed - 1e-12 for f in flips])


def test_paired_test_exact_for_small_n_matches_enumeration():
    a = np.array([0.9, 0.8, 0.7, 0.65, 0.3, 0.5])
    b = np.array([0.7, 0.8, 0.5, 0.6, 0.35, 0.2])
    test = paired_randomization_test(a, b)
    assert test.exact
    assert (test.wins, test.losses, test.ties) == (4, 1, 1)
    assert test.mean_difference == pytest.approx(np.mean(a - b))
    assert test.p_value == pytest.approx(_exact_p(a - b))


def test_paired_test_all_same_sign_exact_p_is_two_over_two_to_the_n():
    # Only the all-positive and all-negative patterns are as extreme: p = 2 / 2**5.
    test = paired_randomization_test([1, 1, 1, 1, 1], [0, 0, 0, 0, 0])
    assert test.p_value == pytest.approx(2 / 32)


def test_paired_test_identical_runs_give_p_one_and_nan_pairs_are_left_out():
    test = paired_randomization_test([0.2, 0.4, float("nan")], [0.2, 0.4, 0.1])
    assert (test.p_value, test.n, test.ties) == (1.0, 2, 2)


def test_paired_test_rounding_noise_is_a_tie():
    test = paired_randomization_test([0.6616868787447867, 0.5], [0.6616868787447869, 0.4])
    assert (test.wins, test.losses, test.ties) == (1, 0, 1)


def test_outcome_masks_name_each_pair_and_leave_nan_pairs_out():
    a = [0.9, 0.5, 0.3, float("nan"), 0.6616868787447867]
    b = [0.7, 0.5, 0.4, 0.2, 0.6616868787447869]
    masks = outcomes(a, b)
    assert masks.a_better.tolist() == [True, False, False, False, False]
    assert masks.b_better.tolist() == [False, False, True, False, False]
    assert masks.equal.tolist() == [False, True, False, False, True]
    test = paired_randomization_test(a, b)
    assert test.outcome_masks.equal.tolist() == masks.equal.tolist()
    assert (test.wins, test.losses, test.ties) == (1, 1, 2)


def test_paired_test_errors():
    with pytest.raises(ValueError, match="one value per query each: got 2 and 3"):
        paired_randomization_test([1, 2], [1, 2, 3])
    with pytest.raises(ValueError, match="no queries with a value in both"):
        paired_randomization_test([float("nan")], [1.0])


@given(st.lists(st.floats(0, 1), min_size=1, max_size=10), st.floats(-0.5, 0.5))
def test_paired_test_is_symmetric_and_p_in_unit_interval(a, shift):
    b = [min(1.0, max(0.0, x + shift)) for x in a]
    forward, backward = paired_randomization_test(a, b), paired_randomization_test(b, a)
    assert forward.p_value == pytest.approx(backward.p_value)
    assert 0 < forward.p_value <= 1
    assert (forward.wins, forward.losses) == (backward.losses, backward.wins)
