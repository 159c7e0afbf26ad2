"""Many runs compared on the same judgments: is run B better than run A, by how much, how sure?

    python -m ndcg_core.compare QRELS RUN RUN [RUN …] [-m MEASURE …] [--baseline NAME]
        [--test paired-t|wilcoxon|randomization|tukey] [--correction none|bonferroni|holm|bh]
        [--format table|markdown|latex|csv] [--seed N] [--permutations N]

Each run is scored per query with trec_eval's measures (`trec`; ``-m`` as there, default
``ndcg_cut.10``) over every judged query, a query a run does not answer counting 0 (trec_eval's
``-c``), so every run is compared on the same queries. A run's name is its file's name without
its folder and extension (with it, where two would share a name). Against each baseline (the first run unless ``--baseline`` names
others; ``--baseline all``: every pair), for each measure: the run's mean, the difference
Δ = run − baseline, its 95 % paired bootstrap interval (2,000 resamples of the queries), the
paired effect size d_z (mean Δ over the standard deviation of Δ; Cohen 1988), the p-value of the
chosen two-sided test and that p-value corrected for the whole family of comparisons (every run,
baseline and measure: `family`), and the queries the run wins, ties (within 1e-9) and loses.
Tukey's HSD compares every pair of runs of a measure at once and corrects for those pairs
itself. The tests and corrections are `stats`'.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import pandas as pd

from . import runs, stats, trec
from .display import count

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
MARK = "†"  # a difference significant at ALPHA once corrected


def run_names(paths) -> list[str]:
    """The runs' names: each file's name without its folder and extension (results.test:
    results), or without its folder only where that would name two runs alike."""
    names = [Path(str(path)).name for path in paths]
    stems = [Path(name).stem or name for name in names]
    chosen = stems if len(set(stems)) == len(stems) else names
    if len(set(chosen)) != len(chosen):
        raise ValueError(
            f"Two runs have the same file name ({', '.join(names)}): a run is named by its "
            f"file's name, so rename one."
        )
    return chosen


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
    per-query values they come from, and the family of tests in words."""

    rows: pd.DataFrame
    per_query: dict[str, pd.DataFrame]
    family: str
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
        family_text(len(chosen), len(frames), names, baselines, test, correction),
        test,
        used,
    )


def family_text(n_pairs: int, n_measures: int, names, baselines, test: str, correction: str) -> str:
    """The family of comparisons in words: '3 runs against bm25 × 2 measures = 6 tests, Holm'."""
    measures = f"{n_measures} measure{'s' * (n_measures != 1)}"
    if test == "tukey":
        return (
            f"every pair of the {len(names)} runs ({count(n_pairs)} pairs) on each of {measures}: "
            f"Tukey's HSD corrects for the pairs of a measure; the measures are not corrected for"
        )
    if list(baselines or ()) == ["all"]:
        who = f"every pair of the {len(names)} runs ({count(n_pairs)})"
    else:
        against = ", ".join(baselines or names[:1])
        who = f"{count(n_pairs)} comparison{'s' * (n_pairs != 1)} against {against}"
    tests = n_pairs * n_measures
    said = f"{count(tests)} test{'s' * (tests != 1)}"
    return f"{who} × {measures} = {said}, {stats.CORRECTIONS[correction]}"


def why_unmarked(comparison: Comparison) -> list[str]:
    """Why did the correction remove this mark? For each comparison below `ALPHA` alone but not
    once corrected, the correction's arithmetic with its numbers; first, what a family of m
    tests risks: at least one mark that is luck, with probability up to 1 − (1 − α)^m."""
    rows = comparison.rows.dropna(subset=["baseline"])
    m = int(rows["p_value"].notna().sum())
    said = [
        f"{count(m)} test{'s' * (m != 1)} at α = {ALPHA} each: if no run differed from its baseline at all, "
        f"the chance that at least one of them still shows a mark would be up to "
        f"1 − {1 - ALPHA:g}^{m} = {1 - (1 - ALPHA) ** m:.1%}. A correction keeps that chance "
        f"near {ALPHA} by asking more of each p-value."
    ]
    order = rows["p_value"].rank(method="first")
    for index, row in rows[(rows["p_value"] < ALPHA) & ~(rows["p_adjusted"] < ALPHA)].iterrows():
        i, p = int(order[index]), row["p_value"]
        how = {
            "bonferroni": f"Bonferroni multiplies every p-value by m = {m}",
            "holm": f"Holm sorts the {m} p-values and multiplies the i-th smallest by m − i + 1 "
            f"(never giving less than a smaller one got); this one comes {i} from the smallest: × {m - i + 1}",
            "bh": f"Benjamini–Hochberg multiplies the i-th smallest of the {m} p-values by m / i "
            f"(never giving more than a larger one got); this one comes {i} from the smallest: × {m}/{i}",
        }.get(comparison.correction, "")
        said.append(
            f"{row['run']} against {row['baseline']} on {row['measure']}: p = {p:.4f}, below "
            f"{ALPHA} on its own. {how}: corrected p = {row['p_adjusted']:.4f}, not below "
            f"{ALPHA}, so the mark goes."
        )
    return said


# ---------------------------------------------------------------------------------------------
# Tables: plain text, Markdown, LaTeX, CSV
# ---------------------------------------------------------------------------------------------


def _number(value, digits: int = 4) -> str:
    if value is None or pd.isna(value):
        return ""
    return "< 0.0001" if digits == 4 and 0 < value < 5e-5 else f"{value:.{digits}f}"


def shown(comparison: Comparison) -> pd.DataFrame:
    """The rows as a table reads them: numbers to 4 decimals, significance marked on Δ."""
    rows = comparison.rows
    marked = comparison.significant().to_numpy()
    return pd.DataFrame(
        {
            "Measure": rows["measure"],
            "Run": rows["run"],
            "Baseline": rows["baseline"].fillna(""),
            "Mean": rows["mean"].map(_number),
            "Δ": [
                (_number(d) + (MARK if m else "")) if pd.notna(d) else ""
                for d, m in zip(rows["delta"], marked)
            ],
            "95% CI of Δ": [
                f"[{_number(lo)}, {_number(hi)}]" if pd.notna(lo) else ""
                for lo, hi in zip(rows["ci_low"], rows["ci_high"])
            ],
            "d_z": rows["effect_size"].map(lambda v: _number(v, 2)),
            "p": rows["p_value"].map(_number),
            "p corrected": rows["p_adjusted"].map(_number),
            "W/T/L": [
                f"{w}/{t}/{lost}" if pd.notna(w) else ""
                for w, t, lost in zip(rows["wins"], rows["ties"], rows["losses"])
            ],
        }
    )


def note(comparison: Comparison) -> str:
    """What the marks and columns mean, written under the table."""
    test = stats.TESTS[comparison.test]
    return (
        f"{MARK} Δ differs from the baseline's at α = {ALPHA} by a two-sided {test}, "
        f"corrected for the family of comparisons: {comparison.family}. Δ = run − baseline; 95% "
        f"CI: paired bootstrap of the queries ({count(RESAMPLES)} resamples); d_z = mean Δ / "
        f"standard deviation of Δ; W/T/L = queries the run wins / ties / loses."
    )


def _latex(text: str) -> str:
    table = {
        "\\": r"\textbackslash{}",
        "&": r"\&",
        "%": r"\%",
        "$": r"\$",
        "#": r"\#",
        "_": r"\_",
        "{": r"\{",
        "}": r"\}",
        "~": r"\textasciitilde{}",
        "^": r"\^{}",
        "Δ": r"$\Delta$",
        "†": r"$^\dagger$",
        "–": "--",
        "α": r"$\alpha$",
        "×": r"$\times$",
        "−": "$-$",
    }
    return "".join(table.get(char, char) for char in str(text))


def text(comparison: Comparison, form: str = "table") -> str:
    """The comparison as a plain table, Markdown or LaTeX (each with its note), or CSV."""
    if form == "csv":
        return comparison.rows.to_csv(index=False, lineterminator="\n")
    frame = shown(comparison)
    if form == "markdown":
        lines = ["| " + " | ".join(frame.columns) + " |", "|" + "---|" * len(frame.columns)]
        lines += ["| " + " | ".join(row) + " |" for row in frame.astype(str).to_numpy().tolist()]
        return "\n".join(lines) + "\n\n" + note(comparison) + "\n"
    if form == "latex":
        header = " & ".join(_latex(c) for c in frame.columns) + r" \\"
        body = [
            " & ".join(_latex(cell) for cell in row) + r" \\" for row in frame.to_numpy().tolist()
        ]
        spec = "lll" + "r" * (len(frame.columns) - 3)
        return (
            "\n".join(
                [
                    rf"\begin{{tabular}}{{{spec}}}",
                    r"\hline",
                    header,
                    r"\hline",
                    *body,
                    r"\hline",
                    r"\end{tabular}",
                    "",
                    r"\par\footnotesize " + _latex(note(comparison)),
                ]
            )
            + "\n"
        )
    widths = [max(len(str(c)), *(len(str(v)) for v in frame[c])) for c in frame.columns]
    lines = ["  ".join(str(c).ljust(w) for c, w in zip(frame.columns, widths))]
    lines += [
        "  ".join(str(v).ljust(w) for v, w in zip(row, widths)) for row in frame.to_numpy().tolist()
    ]
    return "\n".join(lines) + "\n\n" + note(comparison) + "\n"


# ---------------------------------------------------------------------------------------------
# The command line
# ---------------------------------------------------------------------------------------------


def run(argv: Sequence[str] | None = None) -> str:
    args = _parser().parse_args(argv)
    if len(args.runs) < 2:
        raise trec.UsageError("give two runs or more to compare.")
    measures = trec.parse_measures(args.measure or ["ndcg_cut.10"])
    try:
        names = run_names(args.runs)
    except ValueError as error:
        raise trec.UsageError(str(error)) from None
    qrels = trec.read_qrels(args.qrels)
    frames: dict[str, pd.DataFrame] = {}
    for name, path in zip(names, args.runs):  # one run in memory at a time
        table = trec.read_run(path)
        for measure, frame in per_query(qrels, {name: table}, measures, args.l).items():
            frames[measure] = frame if measure not in frames else frames[measure].join(frame)
        del table
    try:
        result = compare(
            frames,
            args.baseline,
            test=args.test,
            correction=args.correction,
            seed=args.seed,
            permutations=args.permutations,
        )
    except ValueError as error:
        raise trec.UsageError(str(error)) from None
    return text(result, args.format)


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m ndcg_core.compare",
        description="Compare runs on the same judgments: means, differences with 95% bootstrap "
        "intervals, effect sizes, corrected p-values, wins/ties/losses.",
    )
    parser.add_argument("qrels", help="judgments: query_id iteration doc_id relevance")
    parser.add_argument("runs", nargs="+", metavar="run", help="two or more TREC runs")
    parser.add_argument(
        "-m",
        dest="measure",
        action="append",
        metavar="MEASURE",
        help="a trec_eval measure as in ndcg_core.trec (default ndcg_cut.10; repeatable)",
    )
    parser.add_argument(
        "-l",
        type=trec._atol,
        default=1,
        metavar="LEVEL",
        help="relevance counted as relevant by the binary measures (default 1)",
    )
    parser.add_argument(
        "--baseline",
        action="append",
        metavar="NAME",
        help="the run compared against (default the first; repeatable; 'all': every pair)",
    )
    parser.add_argument("--test", choices=list(stats.TESTS), default="paired-t")
    parser.add_argument("--correction", choices=list(stats.CORRECTIONS), default="holm")
    parser.add_argument("--format", choices=["table", "markdown", "latex", "csv"], default="table")
    parser.add_argument("--seed", type=int, default=0, help="of the bootstrap and randomization")
    parser.add_argument(
        "--permutations",
        type=int,
        default=10_000,
        help="sign patterns drawn by the randomization test (all of them up to 16 queries)",
    )
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    return trec.exit_status(run, argv, "ndcg_core.compare")


if __name__ == "__main__":
    sys.exit(main())
