"""``python -m ndcg_core.compare``: many runs compared on the same judgments (`ndcg_core.compare`),
printed as a table, Markdown, LaTeX or CSV (the tables /compare shows and exports too).

    python -m ndcg_core.compare QRELS RUN RUN [RUN …] [-m MEASURE …] [--baseline NAME]
        [--test paired-t|wilcoxon|randomization|tukey] [--correction none|bonferroni|holm|bh]
        [--format table|markdown|latex|csv] [--seed N] [--permutations N]

``-m`` takes trec_eval's measure names as ``python -m ndcg_core.trec`` does (default
``ndcg_cut.10``); ``--baseline`` names the run compared against (default the first; repeatable;
``all``: every pair). A run's name is its file's name without its folder and extension (with
it, where two would share a name). One run is in memory at a time. What each row holds, and
how it is computed, is `ndcg_core.compare`'s.
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from pathlib import Path

import pandas as pd

from commands import trec
from i18n import tr, trn
from ndcg_core import stats
from ndcg_core.compare import ALPHA, RESAMPLES, Comparison, compare, per_query
from ndcg_core.display import count

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


# ---------------------------------------------------------------------------------------------
# Tables: plain text, Markdown, LaTeX, CSV
# ---------------------------------------------------------------------------------------------


def _number(value, digits: int = 4) -> str:
    if value is None or pd.isna(value):
        return ""
    return "< 0.0001" if digits == 4 and 0 < value < 5e-5 else f"{value:.{digits}f}"


def _interval(low: str, high: str) -> str:
    return f"[{low}, {high}]"


def shown(comparison: Comparison, number=_number, interval=_interval) -> pd.DataFrame:
    """The rows as a table reads them: numbers to 4 decimals, significance marked on Δ.

    `number(value, digits=4)` writes a number ("" for none) and `interval(low, high)` a
    confidence interval: the command line's, with a decimal point, unless the app's page passes
    its language's."""
    rows = comparison.rows
    marked = comparison.significant().to_numpy()
    return pd.DataFrame(
        {
            "Measure": rows["measure"],
            "Run": rows["run"],
            "Baseline": rows["baseline"].fillna(""),
            "Mean": rows["mean"].map(number),
            "Δ": [
                (number(d) + (MARK if m else "")) if pd.notna(d) else ""
                for d, m in zip(rows["delta"], marked)
            ],
            "95% CI of Δ": [
                interval(number(lo), number(hi)) if pd.notna(lo) else ""
                for lo, hi in zip(rows["ci_low"], rows["ci_high"])
            ],
            "d_z": rows["effect_size"].map(lambda v: number(v, 2)),
            "p": rows["p_value"].map(number),
            "p corrected": rows["p_adjusted"].map(number),
            "W/T/L": [
                f"{w}/{t}/{lost}" if pd.notna(w) else ""
                for w, t, lost in zip(rows["wins"], rows["ties"], rows["losses"])
            ],
        }
    )


def family(comparison: Comparison) -> str:
    """The family of comparisons in words, in the reader's language (the command line's is
    English): '3 comparisons against bm25 × 2 measures = 6 tests, Holm'."""
    n_pairs, n_measures, names, baselines, test, correction = comparison.family_of
    measures = trn("{n} measure", "{n} measures", n_measures)
    if test == "tukey":
        return trn(
            "every pair of the {runs} runs ({count} pairs) on each of {measures}: Tukey's HSD "
            "corrects for the pairs of a measure; the measures are not corrected for",
            "every pair of the {runs} runs ({count} pairs) on each of {measures}: Tukey's HSD "
            "corrects for the pairs of a measure; the measures are not corrected for",
            n_pairs,
            runs=len(names),
            count=count(n_pairs),
            measures=measures,
        )
    if list(baselines or ()) == ["all"]:
        who = trn(
            "every pair of the {n} runs ({pairs})",
            "every pair of the {n} runs ({pairs})",
            len(names),
            pairs=count(n_pairs),
        )
    else:
        who = trn(
            "{count} comparison against {against}",
            "{count} comparisons against {against}",
            n_pairs,
            count=count(n_pairs),
            against=", ".join(baselines or names[:1]),
        )
    tests = n_pairs * n_measures
    said = trn("{count} test", "{count} tests", tests, count=count(tests))
    return tr(
        "{who} × {measures} = {tests}, {correction}",
        who=who,
        measures=measures,
        tests=said,
        correction=tr(stats.CORRECTIONS[correction]),
    )


def note(comparison: Comparison) -> str:
    """What the marks and columns mean, written under the table."""
    test = stats.TESTS[comparison.test]
    return (
        f"{MARK} Δ differs from the baseline's at α = {ALPHA} by a two-sided {test}, "
        f"corrected for the family of comparisons: {family(comparison)}. Δ = run − baseline; 95% "
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


def text(
    comparison: Comparison,
    form: str = "table",
    *,
    heads: dict[str, str] | None = None,
    said: str | None = None,
) -> str:
    """The comparison as a plain table, Markdown or LaTeX (each with its note), or CSV.

    The command line writes the contracted column names and the English note; the app's page
    passes its own `heads` (column → head, for the rows' and the shown table's columns) and
    note (`said`), in its language."""
    heads = heads or {}
    if form == "csv":
        return comparison.rows.rename(columns=heads).to_csv(index=False, lineterminator="\n")
    frame = shown(comparison).rename(columns=heads)
    said = note(comparison) if said is None else said
    if form == "markdown":
        lines = ["| " + " | ".join(frame.columns) + " |", "|" + "---|" * len(frame.columns)]
        lines += ["| " + " | ".join(row) + " |" for row in frame.astype(str).to_numpy().tolist()]
        return "\n".join(lines) + "\n\n" + said + "\n"
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
                    r"\par\footnotesize " + _latex(said),
                ]
            )
            + "\n"
        )
    widths = [max(len(str(c)), *(len(str(v)) for v in frame[c])) for c in frame.columns]
    lines = ["  ".join(str(c).ljust(w) for c, w in zip(frame.columns, widths))]
    lines += [
        "  ".join(str(v).ljust(w) for v, w in zip(row, widths)) for row in frame.to_numpy().tolist()
    ]
    return "\n".join(lines) + "\n\n" + said + "\n"


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
