"""ndcg_core.stats against scipy.stats."""

import numpy as np
import pytest
from scipy import stats as scipy_stats

from ndcg_core.stats import paired_randomization_test


def test_the_sampled_p_for_many_queries_is_close_to_the_t_test():
    rng = np.random.default_rng(4)
    a = rng.random(200)
    b = a - 0.03 + rng.normal(0, 0.2, 200)
    test = paired_randomization_test(a, b, n_resamples=20_000, seed=1)
    assert not test.exact
    assert test.p_value == pytest.approx(scipy_stats.ttest_rel(a, b).pvalue, abs=0.02)
