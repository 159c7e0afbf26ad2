"""trec_eval's own output for NDCG, from the command line and for downloads.

    python -m ndcg_core.trec QRELS RUN [-m ndcg_cut.10 …] [-q] [-c]

prints what trec_eval prints for its measures ``ndcg`` and ``ndcg_cut`` on the same files: one
line per measure, ``measure<TAB>query<TAB>value`` (the measure name padded to 22 characters,
the value to four decimals, as trec_eval's ``%-22s\\t%s\\t%6.4f``), per query with ``-q``, then
the ``all`` line of the mean. The options are trec_eval's:

- ``-m ndcg``: NDCG over the whole ranking, the ideal over every judged document.
  ``-m ndcg.1=3,2=9``: a gain per relevance level (trec_eval's gain parameters): a level not
  listed keeps its own value as gain (level 3 earns 3), level 0 earns 0 unless given.
- ``-m ndcg_cut.5,10``: NDCG at each cut-off (sorted, as trec_eval sorts them); ``-m ndcg_cut``
  alone: 5, 10, 15, 20, 30, 100, 200, 500, 1000. As in trec_eval, the first ``-m`` naming a
  measure sets its parameters; later ones add nothing.
- ``-q``: each query's values before the ``all`` lines; ``-c``: the mean over every judged
  query, a query the run never answers counting 0 (and, with ``-q``, printed with 0, as
  trec_eval 10.0 does).

Without ``-m``: ``ndcg`` and ``ndcg_cut`` (trec_eval's default set has no NDCG in it).

The files are read as trec_eval reads them (`runs`): run fields after the sixth ignored, ``#``
lines skipped, relevance read as its leading whole number (C's ``atol`` on a 64-bit long:
abc → 0, 1e400 → 1, more digits than a long holds → its largest value), scores compared in
single precision with ties broken by document id, descending, as trec_eval 9.0.8 (the version
pytrec_eval wraps) does; trec_eval 10.0 compares scores in double precision, which differs
only where two scores agree to about 7 significant digits. Lines trec_eval would refuse are
named, with their line numbers, and nothing is printed (exit status 1); so is a file over the
app's upload cap (`MAX_MB`, 50 MB), or one that never ends (/dev/zero), once the cap is passed.
Option values are read as trec_eval reads them too (cut-offs and levels with ``atol``, gains
with ``atof``: ``1_0`` is 1), except that a number beyond a C long, a gain that is not a
number, negative or infinite, are refused with a usage message (exit status 2).
"""

from __future__ import annotations

import argparse
import re
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from . import runs
from .batch import BatchResult
from .display import count, shorten
from .model import Scoring
from .options import DISCOUNTS, GAIN_MAP_PREFIX, IDEALS, ON_ZERO, TIES, is_gain_map

DEFAULT_CUTS = (5, 10, 15, 20, 30, 100, 200, 500, 1000)  # trec_eval's ndcg_cut defaults
NAME_WIDTH = 22  # trec_eval pads measure names to this width
MEASURES = ("ndcg", "ndcg_cut")  # in trec_eval's own order of printing
MAX_MB = runs.MAX_FILE_MB  # the largest file read, in MB: the app's upload cap


@dataclass(frozen=True)
class TrecMeasure:
    """One measure as trec_eval names and computes it: its printed name, its cut-off (None for
    the whole ranking) and, for ``ndcg`` with parameters, the gain of each listed level."""

    name: str
    k: int | None = None
    gains: tuple[tuple[int, float], ...] = ()


def measure_name(k: int | None, gains: str = "") -> str:
    """The name trec_eval prints: ndcg, ndcg_cut_10, or ndcg_1=3,2=9 (with gain parameters)."""
    if k is not None:
        return f"ndcg_cut_{k}"
    return f"ndcg_{gains}" if gains else "ndcg"


def line(measure: str, query: str, value: float) -> str:
    """One line of trec_eval's output (its ``%-22s\\t%s\\t%6.4f``)."""
    return f"{measure:<{NAME_WIDTH}}\t{query}\t{value:6.4f}"


def output(results: Sequence[tuple[str, BatchResult]], *, per_query: bool = True) -> str:
    """trec_eval's output for evaluated measures, given as (printed name, result) in the order
    they are printed: with `per_query`, every query (sorted as trec_eval sorts ids, by their
    bytes) with each measure, then one ``all`` line per measure, its mean. A query without a
    value (left out by the all-zero rule "skip") has no line, as it has no part in the mean.
    """
    text = []
    if per_query:
        queries = sorted(
            {str(q) for _, result in results for q in result.per_query.index},
            key=lambda q: q.encode("utf-8", "surrogatepass"),
        )
        values = [
            (name, {str(q): v for q, v in result.per_query["ndcg"].items()})
            for name, result in results
        ]
        for query in queries:
            for name, by_query in values:
                value = by_query.get(query, float("nan"))
                if value == value:
                    text.append(line(name, query, value))
    for name, result in results:
        text.append(line(name, "all", result.mean))
    return "\n".join(text) + "\n"


@dataclass(frozen=True)
class Equivalent:
    """How trec_eval would print a run's values under some conventions: the measure's printed
    name, the command, and the conventions trec_eval has no option for (then its numbers
    differ from the app's, whatever the command)."""

    measure: str
    command: str
    cannot: tuple[str, ...]


def equivalent(scoring: Scoring, complete: bool = False) -> Equivalent:
    """The trec_eval measure and command for `scoring` (k a whole number or "none")."""
    k = runs.cut_for(scoring)
    cannot = []
    if scoring.ideal != "judgments":
        cannot.append(f"the ideal from {IDEALS[scoring.ideal].short}")
    if scoring.ties != "docid":
        cannot.append(f"tied scores {TIES[scoring.ties].short}")
    if scoring.zero != "0":
        cannot.append(ON_ZERO[scoring.zero].short)
    if scoring.discount != "log2":
        cannot.append(f"the {DISCOUNTS[scoring.discount].short} discount")
    params = ""
    if scoring.gain == "exponential":
        cannot.append("the exponential gain (without a cut-off, give it as a map: ndcg.1=1,2=3,…)")
    elif is_gain_map(scoring.gain):
        if k is None:
            params = scoring.gain.removeprefix(GAIN_MAP_PREFIX)
        else:
            cannot.append("a gain map with a cut-off (trec_eval's ndcg_cut takes no gains)")
    measure = measure_name(k, params)
    option = f"ndcg_cut.{k}" if k is not None else "ndcg" + (f".{params}" if params else "")
    command = f"trec_eval -q{' -c' if complete else ''} -m {option} QRELS RUN"
    return Equivalent(measure, command, tuple(cannot))


# ---------------------------------------------------------------------------------------------
# The command line
# ---------------------------------------------------------------------------------------------


class UsageError(ValueError):
    """A command line this tool cannot run (exit status 2)."""


def parse_measures(specs: Sequence[str]) -> list[TrecMeasure]:
    """The measures of ``-m`` options, in trec_eval's printing order (ndcg, then ndcg_cut by
    increasing cut-off). The first ``-m`` of a measure sets its parameters, as in trec_eval."""
    chosen: dict[str, str | None] = {}
    for spec in specs or ("ndcg", "ndcg_cut"):
        base, _, params = spec.partition(".")
        if base not in MEASURES:
            raise UsageError(
                f"-m {shorten(spec, 40)}: this tool computes trec_eval's ndcg and ndcg_cut only "
                f"(e.g. -m ndcg, -m ndcg_cut.10, -m ndcg.1=3,2=9); use trec_eval for the others."
            )
        if "." in spec and not params:
            raise UsageError(f"-m {spec}: give parameters after the dot, or leave the dot out.")
        chosen.setdefault(base, params or None)
    measures: list[TrecMeasure] = []
    if "ndcg" in chosen:
        params = chosen["ndcg"]
        gains = _gain_pairs(params) if params else ()
        measures.append(TrecMeasure(measure_name(None, params or ""), None, gains))
    if "ndcg_cut" in chosen:
        cuts = _cutoffs(chosen["ndcg_cut"]) if chosen["ndcg_cut"] else DEFAULT_CUTS
        measures += [TrecMeasure(measure_name(k), k) for k in cuts]
    return measures


_C_SPACE = " \t\n\v\f\r"  # what C's atol and atof skip before a number
_ATOL = re.compile(r"([+-]?)0*([0-9]+)")
_ATOF = re.compile(
    r"[+-]?(?:0[xX](?:[0-9a-fA-F]+\.?[0-9a-fA-F]*|\.[0-9a-fA-F]+)(?:[pP][+-]?[0-9]+)?"
    r"|(?:[0-9]+\.?[0-9]*|\.[0-9]+)(?:[eE][+-]?[0-9]+)?"
    r"|(?i:inf(?:inity)?|nan(?:\([0-9A-Za-z_]*\))?))"
)


def _atol(text: str) -> int:
    """C's atol on a 64-bit long (glibc): the leading whole number of `text`, 0 when there is
    none, ±`runs.LONG_MAX` when it has more digits than a long holds (never a Python int of
    thousands of digits)."""
    found = _ATOL.match(text.lstrip(_C_SPACE))
    if not found:
        return 0
    sign, digits = found.groups()
    if len(digits) > len(str(runs.LONG_MAX)) or int(digits) > runs.LONG_MAX:
        return -runs.LONG_MAX - 1 if sign == "-" else runs.LONG_MAX
    return -int(digits) if sign == "-" else int(digits)


def _atof(text: str) -> tuple[float, str]:
    """C's atof: the number `text` starts with (decimal, hexadecimal, inf or nan; 0.0 when there
    is none), and the rest of the text, which atof ignores (1_0 → 1.0, '_0')."""
    rest = text.lstrip(_C_SPACE)
    found = _ATOF.match(rest)
    if not found:
        return 0.0, rest
    number = found.group()
    if number.lstrip("+-")[:2].lower() == "0x":
        sign = -1.0 if number.startswith("-") else 1.0
        value = sign * float.fromhex(number.lstrip("+-"))
    else:
        value = float(number.split("(")[0])  # nan(…) is nan
    return value, rest[found.end() :]


def _option_long(text: str, option: str) -> int:
    """A whole number in an option, read as trec_eval reads it (`_atol`), or a usage message
    when it is beyond a C long: trec_eval would silently use the largest long instead."""
    value = _atol(text)
    if abs(value) >= runs.LONG_MAX:
        digits = sum(char.isdigit() for char in text)
        raise UsageError(
            f"-m {shorten(option, 40)}: {shorten(text, 20)!r} (a number of {count(digits)} "
            f"digits) is larger than a C long, so trec_eval would read it as "
            f"{runs.LONG_MAX:,}: give a number below that."
        )
    return value


def _cutoffs(params: str) -> tuple[int, ...]:
    option = f"ndcg_cut.{params}"
    cuts = sorted(_option_long(piece, option) for piece in params.split(","))
    if cuts[0] <= 0:
        raise UsageError(f"-m {shorten(option, 40)}: cut-offs must be positive whole numbers.")
    if len(set(cuts)) != len(cuts):
        raise UsageError(f"-m {shorten(option, 40)}: a cut-off is given twice.")
    return tuple(cuts)


def _gain_pairs(params: str) -> tuple[tuple[int, float], ...]:
    """trec_eval's ``level=gain`` pairs. Its own rules: a name that is not a whole number is
    ignored; gains are read with C's atof (``1_0`` is 1, its ``_0`` ignored; a note on stderr
    says so). This tool also refuses what trec_eval would take but NDCG here does not: a gain
    that is not a number at all, a negative or infinite gain, or a gain for a negative level."""
    option = f"ndcg.{params}"
    pairs = {}
    for piece in params.split(","):
        level, sep, gain = piece.partition("=")
        if not sep:
            raise UsageError(
                f"-m {shorten(option, 40)}: malformed pair parameters ('{shorten(piece, 40)}')."
            )
        name = level.strip()
        if not (name.lstrip("+-").isascii() and name.lstrip("+-").isdigit()):
            continue  # trec_eval skips a level that is not a whole number
        value, ignored = _atof(gain)
        if ignored == gain.lstrip(_C_SPACE):
            raise UsageError(
                f"-m {shorten(option, 40)}: the gain '{shorten(gain, 20)}' is not a number."
            )
        if ignored:
            print(
                f"ndcg_core.trec: note: -m {shorten(option, 40)}: the gain '{shorten(gain, 20)}' "
                f"is read as {value:g}, as trec_eval's atof reads it ('{shorten(ignored, 20)}' "
                f"ignored).",
                file=sys.stderr,
            )
        if _option_long(name, option) < 0 or value < 0 or not np.isfinite(value):
            raise UsageError(
                f"-m {shorten(option, 40)}: levels and gains must be 0 or more and finite here "
                f"('{shorten(piece, 40)}'); trec_eval accepts negative ones, but NDCG can then "
                f"leave 0–1."
            )
        pairs.setdefault(_option_long(name, option), value)
    return tuple(sorted(pairs.items()))


def _with_gains(qrels: runs.Table, gains: tuple[tuple[int, float], ...]) -> runs.Table:
    """The judgments with each level replaced by its gain (trec_eval's rule: a listed level
    earns its gain, an unlisted one its own value, a negative one 0); NDCG with these as
    linear gains is trec_eval's ndcg with gain parameters, its ideal sorted by gain."""
    level = qrels.rows["relevance"].to_numpy()
    gain = np.where(level > 0, level, 0.0)
    for listed, value in gains:
        gain = np.where(level == listed, value, gain)
    return runs.Table(qrels.name, qrels.rows.assign(relevance=gain), qrels.problems)


def as_trec_eval(data: runs.Dataset, k: int | None, complete: bool) -> BatchResult:
    """trec_eval's NDCG of every query: ideal from the judgments, ties by document id, 0/0 → 0."""
    return runs.evaluate(data, k, ties="docid", ideal="judgments", on_zero=0.0, complete=complete)


def read(qrels_path: str, run_path: str) -> tuple[runs.Table, runs.Table]:
    """The two files as trec_eval reads them; a file that cannot be read raises ValueError."""
    tables = []
    for path, reader in ((qrels_path, _read_qrels), (run_path, runs.read_trec_run)):
        table = reader(_bytes(path), path)
        if table.problems:
            shown = "\n".join(f"  line {p.line}: {p.reason}: {p.text}" for p in table.problems[:10])
            more = table.problem_count - 10
            summary = f"\n{table.summary}" if table.summary else ""
            raise ValueError(
                f"{path}: {count(table.problem_count)} line(s) trec_eval would not read as they "
                f"are:\n{shown}" + (f"\n  … and {count(more)} more" if more > 0 else "") + summary
            )
        tables.append(table)
    return tables[0], tables[1]


def _bytes(path: str) -> bytes:
    """The file's bytes, at most `MAX_MB` (the app's upload cap): a bigger file, or one that
    never ends (/dev/zero, an endless pipe), is refused when the cap is passed, not read into
    memory until it runs out."""
    cap_mb = MAX_MB
    limit = int(cap_mb * runs.MB)
    try:
        with open(path, "rb") as source:
            data = source.read(limit + 1)
    except OSError as error:
        raise ValueError(f"{path} cannot be read: {error.strerror}.") from None
    if len(data) > limit:
        size = Path(path).stat().st_size if Path(path).is_file() else 0
        runs.check_size(max(size, len(data)), cap_mb, path, ended=size > limit)
    return data


def _read_qrels(data: bytes, name: str) -> runs.Table:
    return runs.read_trec_qrels(data, name, whole_relevance=True)


def run(argv: Sequence[str] | None = None) -> str:
    """The text `python -m ndcg_core.trec` prints for `argv`; ValueError for bad files,
    UsageError for bad options."""
    parser = _parser()
    args = parser.parse_args(argv)
    measures = parse_measures(args.measure)
    qrels, ranking = read(args.qrels, args.run)
    datasets: dict[tuple, runs.Dataset] = {}
    results = []
    for measure in measures:
        if measure.gains not in datasets:
            judged = _with_gains(qrels, measure.gains) if measure.gains else qrels
            datasets[measure.gains] = runs.join_trec(ranking, judged)
        results.append((measure.name, as_trec_eval(datasets[measure.gains], measure.k, args.c)))
    return output(results, per_query=args.q)


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m ndcg_core.trec",
        description="Print what trec_eval prints for ndcg and ndcg_cut on a qrels and a run.",
    )
    parser.add_argument("qrels", help="judgments: query_id iteration doc_id relevance")
    parser.add_argument("run", help="run: query_id Q0 doc_id rank score run_name")
    parser.add_argument(
        "-m",
        dest="measure",
        action="append",
        default=[],
        metavar="MEASURE[.PARAMS]",
        help="ndcg, ndcg.1=3,2=9 (gain per level), ndcg_cut, ndcg_cut.5,10 (repeatable)",
    )
    parser.add_argument("-q", action="store_true", help="print each query's values too")
    parser.add_argument(
        "-c", action="store_true", help="average over every judged query (a skipped one is 0)"
    )
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    try:
        sys.stdout.write(run(argv))
    except UsageError as error:
        print(f"ndcg_core.trec: {error}", file=sys.stderr)
        return 2
    except ValueError as error:
        print(f"ndcg_core.trec: {error}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
