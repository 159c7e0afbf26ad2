"""ndcg_core.stats against scipy.stats: the bootstrap interval is scipy's percentile bootstrap
drawn from the same random generator, and the paired randomization test's exact p-value (up to 16
queries, every sign pattern) is scipy's permutation test over every pairing. The app keeps its
own few lines, which learners read; scipy comes with scikit-learn in the test tools only."""

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st
from scipy import stats as scipy_stats

from ndcg_core.stats import EXACT_UP_TO, bootstrap_ci, paired_randomization_test


def _scipy_interval(values, confidence: float, n_resamples: int, seed: int):
    return scipy_stats.bootstrap(
        (values,),
        np.mean,
        method="percentile",
        confidence_level=confidence,
        n_resamples=n_resamples,
        rng=np.random.default_rng(seed),
    ).confidence_interval


@pytest.mark.parametrize(
    ("n", "confidence", "n_resamples", "seed"),
    [
        (2, 0.95, 2000, 0),
        (6, 0.9, 2000, 1),
        (50, 0.95, 2000, 0),
        (200, 0.99, 500, 3),
        (3000, 0.95, 2000, 7),  # drawn in several chunks here, in one batch by scipy
    ],
)
def test_the_bootstrap_interval_is_scipys_percentile_bootstrap(n, confidence, n_resamples, seed):
    values = np.random.default_rng(n).random(n)
    ours = bootstrap_ci(values, confidence=confidence, n_resamples=n_resamples, seed=seed)
    theirs = _scipy_interval(values, confidence, n_resamples, seed)
    # The same resamples; the percentiles may differ in the last bit of their interpolation.
    assert ours.low == pytest.approx(theirs.low, rel=1e-14, abs=1e-15)
    assert ours.high == pytest.approx(theirs.high, rel=1e-14, abs=1e-15)
    assert ours.mean == np.mean(values) and ours.n == n


def test_the_bootstrap_leaves_nan_out_as_if_it_were_never_there():
    values = np.random.default_rng(5).random(20)
    with_gaps = np.insert(values, [0, 7, 20], np.nan)
    ours = bootstrap_ci(with_gaps, seed=2)
    theirs = _scipy_interval(values, 0.95, 2000, 2)
    assert (ours.low, ours.high) == pytest.approx((theirs.low, theirs.high), rel=1e-14)


def _scipy_exact_p(a, b) -> float:
    """scipy's two-sided p over all 2**n ways to swap the values within pairs."""

    def mean_difference(x, y, axis):
        return np.mean(x - y, axis=axis)

    return scipy_stats.permutation_test(
        (a, b),
        mean_difference,
        permutation_type="samples",
        n_resamples=np.inf,
        vectorized=True,
    ).pvalue


def test_the_exact_p_of_six_queries_is_scipys():
    a = np.array([0.9, 0.8, 0.7, 0.65, 0.3, 0.5])
    b = np.array([0.7, 0.8, 0.5, 0.6, 0.35, 0.2])
    test = paired_randomization_test(a, b)
    assert test.exact and test.p_value == _scipy_exact_p(a, b) == 0.1875


@pytest.mark.parametrize("n", range(2, EXACT_UP_TO + 1))
def test_the_exact_p_is_scipys_for_every_size_it_enumerates(n):
    rng = np.random.default_rng(n)
    a, b = rng.random(n), rng.random(n)
    test = paired_randomization_test(a, b)
    assert test.exact and test.p_value == _scipy_exact_p(a, b)


# Values on a grid of eighths: sums are exact in binary, so patterns that tie with the observed
# mean tie exactly, and the two tie tolerances (ours absolute, scipy's relative) cannot differ.
EIGHTHS = st.integers(0, 8).map(lambda v: v / 8)


@given(
    st.lists(st.tuples(EIGHTHS, EIGHTHS), min_size=2, max_size=12),
)
def test_the_exact_p_with_ties_and_zero_differences_is_scipys(pairs):
    a = np.array([x for x, _ in pairs])
    b = np.array([y for _, y in pairs])
    test = paired_randomization_test(a, b)
    assert test.p_value == _scipy_exact_p(a, b)


def test_nan_pairs_are_left_out_as_scipy_would_never_see_them():
    a = np.array([0.9, np.nan, 0.7, 0.65, 0.3, 0.5, 0.4])
    b = np.array([0.7, 0.2, 0.5, 0.6, 0.35, np.nan, 0.1])
    kept = ~(np.isnan(a) | np.isnan(b))
    assert paired_randomization_test(a, b).p_value == _scipy_exact_p(a[kept], b[kept])


def test_the_sampled_p_for_many_queries_is_close_to_the_t_test():
    rng = np.random.default_rng(4)
    a = rng.random(200)
    b = a - 0.03 + rng.normal(0, 0.2, 200)
    test = paired_randomization_test(a, b, n_resamples=20_000, seed=1)
    assert not test.exact
    assert test.p_value == pytest.approx(scipy_stats.ttest_rel(a, b).pvalue, abs=0.02)
