"""Many runs compared on the same judgments: is run B better than run A, by how much, how sure?

Each run is scored per query with trec_eval's measures (`trec`) over every judged query, a
query a run does not answer counting 0 (trec_eval's ``-c``), so every run is compared on the
same queries (`per_query`). Against each baseline (the first run by default; ``["all"]``: every
pair; `pairs`), for each measure (`compare`): the run's mean, the difference
Δ = run − baseline, its 95 % paired bootstrap interval (2,000 resamples of the queries), the
paired effect size d_z (mean Δ over the standard deviation of Δ; Cohen 1988), the p-value of the
chosen two-sided test and that p-value corrected for the whole family of comparisons (every run,
baseline and measure: `family`), and the queries the run wins, ties (within 1e-9) and loses.
Tukey's HSD compares every pair of runs of a measure at once and corrects for those pairs
itself. The tests and corrections are `stats`'.

The command line, ``python -m ndcg_core.compare``, and the tables it prints and /compare
exports, with the family of comparisons in words, are in `commands.compare` (this package's
`__main__` hands over to it); why a correction removed a mark, in words, is in
`lessons.corrections`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
import pandas as pd

from .. import runs, stats, trec

COLUMNS = (
    "measure",
    "run",
    "baseline",
    "mean",
    "delta",
    "ci_low",
    "ci_high",
    "effect_size",
    "p_value",
    "p_adjusted",
    "test",
    "correction",
    "wins",
    "ties",
    "losses",
)
ALPHA = 0.05
RESAMPLES = 2000


def per_query(qrels: runs.Table, ranked: dict[str, runs.Table], measures, level: int = 1) -> dict:
    """{measure name: queries × runs} of every judged query (a query a run leaves out: 0)."""
    queries = pd.Index(pd.unique(qrels.rows["query"]), name="query")
    frames = {m.name: pd.DataFrame(index=queries) for m in measures}
    for name, table in ranked.items():
        ranking = trec.ranking(table, qrels, complete=True)
        for m in measures:
            values = pd.Series(trec.values(ranking, m, level), index=ranking.queries)
            frames[m.name][name] = values.reindex(queries).to_numpy()
    return frames


@dataclass(frozen=True)
class Comparison:
    """Every comparison as one row (`COLUMNS`; a baseline's own row has its mean only), the
    per-query values they come from, and the family of tests."""

    rows: pd.DataFrame
    per_query: dict[str, pd.DataFrame]
    # The family of tests: pairs, measures, run names, baselines asked for, test, correction.
    # `commands.compare.family` says it in the reader's language (a page caches the comparison,
    # not the words).
    family_of: tuple
    test: str
    correction: str

    def significant(self) -> pd.Series:
        return self.rows["p_adjusted"] < ALPHA


def pairs(names: Sequence[str], baselines: Sequence[str] | None) -> list[tuple[str, str]]:
    """(run, baseline) pairs: each run against each baseline (the first run by default), or
    every pair with ``["all"]``."""
    if list(baselines or ()) == ["all"]:
        return [(b, a) for i, a in enumerate(names) for b in names[i + 1 :]]
    chosen = list(baselines or names[:1])
    unknown = [b for b in chosen if b not in names]
    if unknown:
        raise ValueError(
            f"--baseline {unknown[0]}: no run has that name; the runs are {', '.join(names)} "
            f"(a run's name is its file's name without folder and extension), or 'all'."
        )
    return [(r, b) for b in chosen for r in names if r != b]


def compare(
    frames: dict[str, pd.DataFrame],
    baselines: Sequence[str] | None = None,
    *,
    test: str = "paired-t",
    correction: str = "holm",
    seed: int = 0,
    permutations: int = 10_000,
) -> Comparison:
    """Each run against the baselines (`pairs`) on each measure of `frames` (`per_query`)."""
    if test not in stats.TESTS or correction not in stats.CORRECTIONS:
        raise ValueError(
            f"`test` must be one of {', '.join(stats.TESTS)} and `correction` one "
            f"of {', '.join(stats.CORRECTIONS)}; got {test!r}, {correction!r}."
        )
    names = list(next(iter(frames.values())).columns)
    chosen = pairs(names, baselines)
    rows = []
    for measure, frame in frames.items():
        tukey = stats.tukey_p([frame[n].to_numpy() for n in names]) if test == "tukey" else None
        for name in dict.fromkeys([b for _, b in chosen]):
            rows.append({"measure": measure, "run": name, "mean": frame[name].mean()})
        for run, base in chosen:
            x, y = frame[run].to_numpy(), frame[base].to_numpy()
            d = x - y
            ci = stats.bootstrap_ci(d, n_resamples=RESAMPLES, seed=seed)
            won = stats.outcomes(x, y)
            p = (
                tukey[names.index(run), names.index(base)]
                if tukey is not None
                else stats.paired_p(x, y, test, n_resamples=permutations, seed=seed)
            )
            rows.append(
                {
                    "measure": measure,
                    "run": run,
                    "baseline": base,
                    "mean": x.mean(),
                    "delta": d.mean(),
                    "ci_low": ci.low,
                    "ci_high": ci.high,
                    "effect_size": stats.effect_size(x, y),
                    "p_value": p,
                    "test": test,
                    "wins": int(won.a_better.sum()),
                    "ties": int(won.equal.sum()),
                    "losses": int(won.b_better.sum()),
                }
            )
    used = "none" if test == "tukey" else correction
    table = pd.DataFrame(rows, columns=COLUMNS).astype({"correction": object})
    tested = table["baseline"].notna().to_numpy()
    table.loc[tested, "correction"] = used
    table["p_adjusted"] = np.nan
    table.loc[tested, "p_adjusted"] = stats.adjust(table.loc[tested, "p_value"].to_numpy(), used)
    table[["wins", "ties", "losses"]] = table[["wins", "ties", "losses"]].astype("Int64")
    return Comparison(
        table,
        frames,
        (len(chosen), len(frames), tuple(names), tuple(baselines or ()), test, correction),
        test,
        used,
    )
