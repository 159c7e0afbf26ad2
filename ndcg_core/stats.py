"""How sure is a mean over queries? A bootstrap interval and a paired randomization test.

Both are seeded, so a page shows the same numbers on every rerun.

References
----------
Efron, B. & Tibshirani, R. (1993). An Introduction to the Bootstrap. Chapman & Hall.
Smucker, M., Allan, J. & Carterette, B. (2007). A comparison of statistical significance tests
for information retrieval evaluation. CIKM.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

import numpy as np

from i18n import N_, tr

from .checks import as_numbers
from .display import NOISE

EXACT_UP_TO = 16  # 2**16 sign patterns: enumerate them all instead of sampling


@dataclass(frozen=True)
class Interval:
    mean: float
    low: float
    high: float
    confidence: float
    n: int


@dataclass(frozen=True)
class Outcomes:
    """Who did better on each query, as three masks over the pairs given (one bool per pair).

    A pair where either value is NaN is in none of the three: it was left out.
    """

    a_better: np.ndarray
    b_better: np.ndarray
    equal: np.ndarray


@dataclass(frozen=True)
class PairedTest:
    """Per-query differences a − b: their mean, wins/losses/ties and a two-sided p-value.

    `outcome_masks` says which pairs the wins, losses and ties are (for a chart of them).
    """

    mean_difference: float
    wins: int
    losses: int
    ties: int
    p_value: float
    exact: bool
    n: int
    outcome_masks: Outcomes | None = field(default=None, compare=False, repr=False)


def _values(values: Iterable[float], parameter: str) -> np.ndarray:
    """Per-query values, NaN standing for a query left out of the mean."""
    return as_numbers(values, parameter, where="query", missing=True)


def bootstrap_ci(
    values: Iterable[float],
    confidence: float = 0.95,
    n_resamples: int = 2000,
    seed: int = 0,
) -> Interval:
    """Percentile bootstrap interval for the mean of `values` (NaN values are left out).

    Resamples the queries with replacement `n_resamples` times and takes the central
    `confidence` share of the resampled means.
    """
    array = _values(values, "values")
    array = array[~np.isnan(array)]
    if not 0 < confidence < 1:
        raise ValueError(
            tr(
                "`confidence` must be between 0 and 1, e.g. 0.95; got {value}.",
                value=repr(confidence),
            )
        )
    if n_resamples < 1:
        raise ValueError(
            tr("`n_resamples` must be at least 1; got {value}.", value=repr(n_resamples))
        )
    if array.size == 0:
        raise ValueError(tr("There are no values to average (every query was left out)."))
    rng = np.random.default_rng(seed)
    means = np.empty(n_resamples)
    # Chunks keep memory small for many queries.
    chunk = max(1, 2_000_000 // array.size)
    for start in range(0, n_resamples, chunk):
        stop = min(n_resamples, start + chunk)
        picks = rng.integers(0, array.size, (stop - start, array.size))
        means[start:stop] = array[picks].mean(axis=1)
    tail = (1 - confidence) / 2
    low, high = np.quantile(means, [tail, 1 - tail])
    return Interval(float(array.mean()), float(low), float(high), confidence, int(array.size))


def outcomes(a: Iterable[float], b: Iterable[float]) -> Outcomes:
    """Which of each pair (a, b) is larger, a difference within `display.NOISE` being a tie."""
    x, y = _pair(a, b)
    known = ~(np.isnan(x) | np.isnan(y))
    d = np.where(known, x - y, 0.0)
    # Rounding can leave 1e-16 between two equal values: that is a tie, not a win.
    return Outcomes(
        a_better=known & (d > NOISE),
        b_better=known & (d < -NOISE),
        equal=known & (np.abs(d) <= NOISE),
    )


def _pair(a: Iterable[float], b: Iterable[float]) -> tuple[np.ndarray, np.ndarray]:
    x, y = _values(a, "a"), _values(b, "b")
    if x.shape != y.shape:
        raise ValueError(
            tr(
                "`a` and `b` must hold one value per query each: got {a} and {b}.",
                a=x.size,
                b=y.size,
            )
        )
    return x, y


def paired_randomization_test(
    a: Iterable[float], b: Iterable[float], n_resamples: int = 10_000, seed: int = 0
) -> PairedTest:
    """Two-sided paired randomization (sign-flip) test of mean(a − b) = 0.

    Under the null hypothesis each query's two values are exchangeable, so each difference is
    as likely to have either sign. The p-value is the share of sign patterns whose mean
    difference is at least as far from 0 as the observed one: all 2**n patterns when
    n <= 16, otherwise `n_resamples` random ones (counting the observed pattern, so p > 0).
    Pairs where either value is NaN are left out.
    """
    x, y = _pair(a, b)
    keep = ~(np.isnan(x) | np.isnan(y))
    d = x[keep] - y[keep]
    n = d.size
    if n == 0:
        raise ValueError(tr("There are no queries with a value in both `a` and `b`."))
    masks = outcomes(x, y)
    wins, losses = int(masks.a_better.sum()), int(masks.b_better.sum())
    observed = abs(d.mean())
    # Differences that equal the observed one up to rounding must count as "as extreme".
    tolerance = NOISE * max(1.0, observed)
    if n <= EXACT_UP_TO:
        patterns = ((np.arange(2**n)[:, None] >> np.arange(n)) & 1) * 2 - 1
        means = np.abs(patterns @ d) / n
        p = float((means >= observed - tolerance).mean())
        exact = True
    else:
        rng = np.random.default_rng(seed)
        extreme = 0
        chunk = max(1, 2_000_000 // n)
        total = d.sum()
        for start in range(0, n_resamples, chunk):
            size = min(chunk, n_resamples - start)
            # One random bit per query: the signed sum is 2·(sum kept positive) − (sum of all).
            bits = rng.integers(0, 256, (size, (n + 7) // 8), dtype=np.uint8)
            keep_sign = np.unpackbits(bits, axis=1, count=n).astype(float)
            signed_mean = np.abs(2 * (keep_sign @ d) - total) / n
            extreme += int((signed_mean >= observed - tolerance).sum())
        p = (extreme + 1) / (n_resamples + 1)
        exact = False
    return PairedTest(float(d.mean()), wins, losses, n - wins - losses, p, exact, n, masks)


# ---------------------------------------------------------------------------------------------
# Many runs: a test per pair and the correction for the family of tests
# ---------------------------------------------------------------------------------------------

TESTS = {
    "paired-t": N_("paired t-test"),
    "wilcoxon": N_("Wilcoxon signed-rank test"),
    "randomization": N_("paired randomization test"),
    "tukey": N_("Tukey's HSD"),
}
CORRECTIONS = {
    "none": N_("no correction"),
    "bonferroni": "Bonferroni",
    "holm": "Holm",
    "bh": N_("Benjamini–Hochberg (false discovery rate)"),
}


def paired_p(a, b, test: str, *, n_resamples: int = 10_000, seed: int = 0) -> float:
    """Two-sided p-value of a paired test of mean(a − b) = 0 (NaN pairs left out): scipy's
    ``ttest_rel`` or ``wilcoxon`` (its defaults: exact up to 50 pairs, zeros dropped), or
    `paired_randomization_test`. NaN when the test cannot tell (every difference 0)."""
    from scipy import stats as scipy_stats

    x, y = _pair(a, b)
    keep = ~(np.isnan(x) | np.isnan(y))
    x, y = x[keep], y[keep]
    if test == "randomization":
        return paired_randomization_test(x, y, n_resamples, seed).p_value
    if not np.any(np.abs(x - y) > 0):
        return float("nan")
    with np.errstate(all="ignore"):
        if test == "paired-t":
            return float(scipy_stats.ttest_rel(x, y).pvalue)
        if test == "wilcoxon":
            return float(scipy_stats.wilcoxon(x, y).pvalue)
    raise ValueError(
        tr(
            "`test` must be one of {allowed}; got {value}.",
            allowed=", ".join(TESTS),
            value=repr(test),
        )
    )


def tukey_p(columns: list[np.ndarray]) -> np.ndarray:
    """Tukey's HSD over the runs' per-query values (scipy's ``tukey_hsd``, which treats them as
    independent groups, as ranx does): the matrix of p-values, already corrected for every
    pair of these runs."""
    from scipy import stats as scipy_stats

    return np.asarray(scipy_stats.tukey_hsd(*columns).pvalue, dtype=float)


def effect_size(a, b) -> float:
    """Paired effect size d_z: the mean difference a − b over the standard deviation of the
    differences (Cohen 1988); NaN when every difference is the same."""
    x, y = _pair(a, b)
    d = (x - y)[~(np.isnan(x) | np.isnan(y))]
    spread = d.std(ddof=1) if d.size > 1 else 0.0
    return float(d.mean() / spread) if spread > 0 else float("nan")


def adjust(p_values, correction: str) -> np.ndarray:
    """p-values corrected for the family they form (NaN ones play no part): Bonferroni (p × m),
    Holm's step-down (Holm 1979) or Benjamini–Hochberg's step-up false discovery rate
    (Benjamini & Hochberg 1995), each capped at 1."""
    if correction not in CORRECTIONS:
        raise ValueError(
            tr(
                "`correction` must be one of {allowed}; got {value}.",
                allowed=", ".join(CORRECTIONS),
                value=repr(correction),
            )
        )
    p = np.asarray(p_values, dtype=float)
    out = p.copy()
    known = np.flatnonzero(~np.isnan(p))
    m = known.size
    if correction == "none" or not m:
        return out
    order = known[np.argsort(p[known], kind="stable")]
    ranked = p[order]
    if correction == "bonferroni":
        adjusted = ranked * m
    elif correction == "holm":  # the i-th smallest times (m − i + 1), never below an earlier one
        adjusted = np.maximum.accumulate(ranked * (m - np.arange(m)))
    else:  # bh: the i-th smallest times m / i, never above a later one
        adjusted = np.minimum.accumulate((ranked * m / np.arange(1, m + 1))[::-1])[::-1]
    out[order] = np.minimum(adjusted, 1.0)
    return out
