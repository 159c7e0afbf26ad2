"""Comparing many runs (ndcg_core.compare, ndcg_core.stats, and the command, commands.compare): the tests agree with scipy.stats
(ttest_rel, wilcoxon, permutation_test, tukey_hsd) to 1e-9 on the same per-query values; the
corrections agree with their textbook definitions written out here loop by loop, and
Benjamini–Hochberg with scipy's false_discovery_control; the command's CSV has its columns in
their order, its family said in words, and its tables their marks explained."""

import io

import numpy as np
import pandas as pd
import pytest
from hypothesis import given
from hypothesis import strategies as st
from scipy import stats as scipy_stats

from commands import compare as compare_command
from devtools import ROOT
from ndcg_core import compare, stats

TREC = ROOT / "data" / "trec_eval_test"
CSV_COLUMNS = ["measure", "run", "baseline", "mean", "delta", "ci_low", "ci_high",
               "effect_size", "p_value", "p_adjusted", "test", "correction", "wins", "ties",
               "losses"]  # fmt: skip

values = st.lists(st.floats(0, 1, allow_nan=False), min_size=3, max_size=40)


@given(values, st.integers(0, 10_000))
def test_paired_t_and_wilcoxon_are_scipys(a, seed):
    x = np.asarray(a)
    y = np.clip(x + np.random.default_rng(seed).normal(0, 0.2, x.size), 0, 1)
    if not np.any(np.abs(x - y) > 0):
        assert np.isnan(stats.paired_p(x, y, "paired-t"))
        return
    assert stats.paired_p(x, y, "paired-t") == pytest.approx(
        scipy_stats.ttest_rel(x, y).pvalue, abs=1e-9, nan_ok=True
    )
    assert stats.paired_p(x, y, "wilcoxon") == pytest.approx(
        scipy_stats.wilcoxon(x, y).pvalue, abs=1e-9, nan_ok=True
    )


@pytest.mark.parametrize("n", [3, 8, 16])
def test_the_randomization_test_is_scipys_exact_permutation_test(n):
    rng = np.random.default_rng(n)
    x, y = rng.random(n), rng.random(n)
    theirs = scipy_stats.permutation_test(
        (x, y),
        lambda a, b: np.mean(a - b),
        permutation_type="samples",
        n_resamples=np.inf,
        alternative="two-sided",
    ).pvalue
    assert stats.paired_p(x, y, "randomization") == pytest.approx(theirs, abs=1e-9)


def test_tukey_is_scipys_tukey_hsd():
    rng = np.random.default_rng(2)
    columns = [rng.random(30) + shift for shift in (0, 0.1, 0.3)]
    assert np.allclose(
        stats.tukey_p(columns), scipy_stats.tukey_hsd(*columns).pvalue, atol=1e-9, rtol=0
    )


def _holm_by_the_book(p):
    """Holm (1979), step by step: the i-th smallest of m p-values times m − i + 1, each at
    least the one before, at most 1."""
    order = sorted(range(len(p)), key=lambda i: p[i])
    out, running = [0.0] * len(p), 0.0
    for position, index in enumerate(order):
        running = max(running, min(1.0, (len(p) - position) * p[index]))
        out[index] = running
    return out


def _bh_by_the_book(p):
    """Benjamini & Hochberg (1995), from the largest down: the i-th smallest times m / i, each
    at most the one after, at most 1."""
    m = len(p)
    order = sorted(range(m), key=lambda i: p[i])
    out, running = [0.0] * m, 1.0
    for position in range(m - 1, -1, -1):
        index = order[position]
        running = min(running, p[index] * m / (position + 1))
        out[index] = running
    return out


@given(st.lists(st.floats(0, 1, allow_nan=False), min_size=1, max_size=30))
def test_corrections_are_their_textbook_definitions(p):
    assert np.allclose(stats.adjust(p, "holm"), _holm_by_the_book(p), atol=1e-12)
    assert np.allclose(stats.adjust(p, "bh"), _bh_by_the_book(p), atol=1e-12)
    assert np.allclose(
        stats.adjust(p, "bh"), scipy_stats.false_discovery_control(p, method="bh"), atol=1e-12
    )
    assert np.allclose(stats.adjust(p, "bonferroni"), np.minimum(np.asarray(p) * len(p), 1))
    assert np.array_equal(stats.adjust(p, "none"), np.asarray(p))


def test_a_nan_p_value_is_outside_the_family():
    assert np.allclose(stats.adjust([0.01, np.nan, 0.04], "bonferroni"), [0.02, np.nan, 0.08],
                       equal_nan=True)  # fmt: skip


def test_effect_size_is_mean_difference_over_its_standard_deviation():
    x, y = np.array([0.5, 0.7, 0.9, 0.4]), np.array([0.4, 0.4, 0.6, 0.5])
    d = x - y
    assert stats.effect_size(x, y) == pytest.approx(d.mean() / d.std(ddof=1))


@pytest.fixture(scope="module")
def three_runs(tmp_path_factory):
    folder = tmp_path_factory.mktemp("runs")
    lines = (TREC / "results.test").read_text().splitlines()
    (folder / "base.run").write_text("\n".join(lines) + "\n")
    noisy = [" ".join([*f[:4], str(float(f[4]) * (1 + (i % 7) / 10)), f[5]])
             for i, f in enumerate(line.split() for line in lines)]  # fmt: skip
    (folder / "noisy.txt").write_text("\n".join(noisy) + "\n")
    (folder / "trunc.run").write_bytes((TREC / "results.trunc").read_bytes())
    return [
        str(TREC / "qrels.test"),
        *(str(folder / n) for n in ("base.run", "noisy.txt", "trunc.run")),
    ]


def test_the_csv_has_its_columns_in_order_and_a_row_per_comparison(three_runs):
    text = compare_command.run([*three_runs, "-m", "map", "-m", "P.10", "--format", "csv"])
    frame = pd.read_csv(io.StringIO(text))
    assert list(frame.columns) == CSV_COLUMNS
    assert list(frame["run"]) == ["base", "noisy", "trunc", "base", "noisy", "trunc"]
    tested = frame.dropna(subset=["baseline"])
    assert set(tested["baseline"]) == {"base"} and set(tested["test"]) == {"paired-t"}
    assert set(tested["correction"]) == {"holm"}
    assert (tested["wins"] + tested["ties"] + tested["losses"] == 3).all()
    assert np.allclose(tested["p_adjusted"], stats.adjust(tested["p_value"].to_numpy(), "holm"))


@pytest.mark.parametrize("form", ["table", "markdown", "latex"])
def test_tables_say_the_family_and_explain_the_mark(three_runs, form):
    text = compare_command.run([*three_runs, "-m", "map", "-m", "ndcg_cut.10", "--format", form,
                        "--correction", "bonferroni"])  # fmt: skip
    said = "2 comparisons against base × 2 measures = 4 tests, Bonferroni"
    assert said in text.replace(r"$\times$", "×")
    assert "d_z = mean" in text.replace(r"d\_z", "d_z")


def test_every_pair_and_several_baselines(three_runs):
    frames = {"m": pd.DataFrame({"a": [0.1, 0.5, 0.3], "b": [0.2, 0.4, 0.6], "c": [0.0, 0.1, 0.3]})}
    every = compare.compare(frames, ["all"])
    assert (
        compare_command.family(every) == "every pair of the 3 runs (3) × 1 measure = 3 tests, Holm"
    )
    two = compare.compare(frames, ["a", "b"], test="wilcoxon", correction="bh")
    assert len(two.rows.dropna(subset=["baseline"])) == 4
    assert compare_command.main([*three_runs, "--baseline", "nobody"]) == 2
