"""``python -m ndcg_core.trec``: trec_eval's options and trec_eval's own output (printed, and for
the /queries download), on the kernel's measures (`ndcg_core.trec`).

    python -m ndcg_core.trec QRELS RUN [-m MEASURE[.PARAMS] …] [-q] [-c] [-l LEVEL]

prints what trec_eval 9.0.8 prints for its measures ``map``, ``Rprec``, ``recip_rank``, ``P``,
``recall``, ``ndcg``, ``ndcg_cut`` and ``map_cut`` on the same files: one line per measure,
``measure<TAB>query<TAB>value`` (the name padded to 22 characters, the value to four decimals,
trec_eval's ``%-22s\\t%s\\t%6.4f``), per query with ``-q``, then the ``all`` line of the mean,
the measures in trec_eval's order. The options are trec_eval's:

- ``-m P.5,10``, ``-m recall.5,10``, ``-m ndcg_cut.5,10``, ``-m map_cut.5,10``: each cut-off
  (sorted, as trec_eval sorts them); alone, 5, 10, 15, 20, 30, 100, 200, 500, 1000. ``-m ndcg``:
  the whole ranking, the ideal over every judged document; ``-m ndcg.1=3,2=9``: a gain per
  relevance level (a level not listed keeps its own value as gain, a negative one earns 0). As
  in trec_eval, the first ``-m`` naming a measure sets its parameters.
- Two measures trec_eval 9.0.8 does not have, named ``lab_…`` so that no one takes them for
  trec_eval's: ``lab_err`` (expected reciprocal rank, Chapelle et al. 2009, the qrels' highest
  grade as g_max; ``lab_err.10`` at a cut-off) and ``lab_rbp`` (rank-biased precision, Moffat &
  Zobel 2008, persistence 0.8; ``lab_rbp.0.5`` another).
- ``-q``: each query's values before the ``all`` lines; ``-c``: the mean over every judged
  query, a query the run never answers counting 0 (and, with ``-q``, printed with 0, as
  trec_eval 10.0 does); ``-l 2``: the smallest relevance a binary measure (all but ndcg and
  lab_err) counts as relevant (default 1).

Without ``-m``: ``ndcg`` and ``ndcg_cut``.

The files are read as trec_eval reads them (`runs`), as a stream of any size (no cap: memory
grows with the run, about 60 bytes per line, not with the file): run fields after the sixth
ignored, ``#`` lines skipped, relevance read as its leading whole number (C's ``atol`` on a
64-bit long: abc → 0, 1e400 → 1), scores compared in single precision with ties broken by
document id, descending, as trec_eval 9.0.8 (the version pytrec_eval wraps) does; trec_eval
10.0 compares scores in double precision, which differs only where two scores agree to about 7
significant digits. Lines trec_eval would refuse are named, with their line numbers, and nothing
is printed (exit status 1); so is a line of more than 100 MB (/dev/zero). Option values are
read as trec_eval reads them too (cut-offs and levels with ``atol``, gains with ``atof``:
``1_0`` is 1), except that a number beyond a C long, a gain that is not a number, negative or
infinite, are refused with a usage message (exit status 2).
"""

from __future__ import annotations

import argparse
import re
import sys
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
import pandas as pd

from ndcg_core import runs
from ndcg_core.batch import BatchResult
from ndcg_core.display import count, shorten
from ndcg_core.model import Scoring
from ndcg_core.options import DISCOUNTS, GAIN_MAP_PREFIX, IDEALS, ON_ZERO, TIES, is_gain_map
from ndcg_core.trec import TrecMeasure, ranking, values

DEFAULT_CUTS = (5, 10, 15, 20, 30, 100, 200, 500, 1000)  # trec_eval's cut-offs by default
NAME_WIDTH = 22  # trec_eval pads measure names to this width
# Every measure, in trec_eval's order of printing, and what its parameters are.
MEASURES = {
    "map": "",
    "Rprec": "",
    "recip_rank": "",
    "P": "cuts",
    "recall": "cuts",
    "ndcg": "gains",
    "ndcg_cut": "cuts",
    "map_cut": "cuts",
    "lab_err": "cuts",  # no parameter: the whole ranking
    "lab_rbp": "p",
}
ALONE = ("lab_err", "lab_rbp")  # without parameters these take the whole ranking, p = 0.8


def measure_name(k: int | None, gains: str = "") -> str:
    """The name trec_eval prints: ndcg, ndcg_cut_10, or ndcg_1=3,2=9 (with gain parameters)."""
    if k is not None:
        return f"ndcg_cut_{k}"
    return f"ndcg_{gains}" if gains else "ndcg"


def line(measure: str, query: str, value: float) -> str:
    """One line of trec_eval's output (its ``%-22s\\t%s\\t%6.4f``)."""
    return f"{measure:<{NAME_WIDTH}}\t{query}\t{value:6.4f}"


def output(results: Sequence[tuple], *, per_query: bool = True) -> str:
    """trec_eval's output, given as (printed name, `BatchResult`) or (printed name, values by
    query, mean) in the order they are printed: with `per_query`, every query (sorted as
    trec_eval sorts ids, by their bytes) with each measure, then one ``all`` line per measure.
    A query without a value (left out by the all-zero rule "skip") has no line."""
    results = [
        (r[0], r[1].per_query["ndcg"], r[1].mean) if isinstance(r[1], BatchResult) else r
        for r in results
    ]
    text = []
    if per_query:
        values = [(name, dict(zip(map(str, v.index), v.to_numpy()))) for name, v, _ in results]
        queries = sorted(
            {q for _, v in values for q in v}, key=lambda q: q.encode("utf-8", "surrogatepass")
        )
        for query in queries:
            for name, by_query in values:
                value = by_query.get(query, float("nan"))
                if value == value:
                    text.append(line(name, query, value))
    text += [line(name, "all", mean) for name, _, mean in results]
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


class UsageError(ValueError):
    """A command line this tool cannot run (exit status 2)."""


def parse_measures(specs: Sequence[str]) -> list[TrecMeasure]:
    """The measures of ``-m`` options, in trec_eval's printing order (`MEASURES`, each by
    increasing cut-off). The first ``-m`` of a measure sets its parameters, as in trec_eval."""
    chosen: dict[str, str | None] = {}
    for spec in specs or ("ndcg", "ndcg_cut"):
        base, _, params = spec.partition(".")
        if base not in MEASURES:
            raise UsageError(
                f"-m {shorten(spec, 40)}: this tool computes {', '.join(MEASURES)} (e.g. -m map, "
                f"-m P.10, -m ndcg_cut.10, -m ndcg.1=3,2=9); use trec_eval for the others."
            )
        if "." in spec and not params:
            raise UsageError(f"-m {spec}: give parameters after the dot, or leave the dot out.")
        if params and not MEASURES[base]:
            raise UsageError(f"-m {shorten(spec, 40)}: {base} takes no parameters.")
        chosen.setdefault(base, params or None)
    measures: list[TrecMeasure] = []
    for kind in (kind for kind in MEASURES if kind in chosen):
        params = chosen[kind]
        if kind == "ndcg":
            measures.append(
                TrecMeasure(
                    measure_name(None, params or ""),
                    kind,
                    None,
                    _gain_pairs(params) if params else (),
                )
            )
        elif kind in ALONE and not params:
            measures.append(TrecMeasure(kind, kind))
        elif kind == "lab_rbp":
            measures += [
                TrecMeasure(f"{kind}_{p}", kind, p=_persistence(p, spec)) for p in params.split(",")
            ]
        elif MEASURES[kind]:
            cuts = _cutoffs(params, kind) if params else DEFAULT_CUTS
            measures += [TrecMeasure(f"{kind}_{k}", kind, k) for k in cuts]
        else:
            measures.append(TrecMeasure(kind, kind))
    return measures


def _persistence(text: str, spec: str) -> float:
    value, rest = _atof(text)
    if rest or not 0 < value < 1:
        raise UsageError(
            f"-m {shorten(spec, 40)}: RBP's persistence must lie between 0 and 1, e.g. lab_rbp.0.8."
        )
    return value


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


def _cutoffs(params: str, kind: str = "ndcg_cut") -> tuple[int, ...]:
    option = f"{kind}.{params}"
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


def read_qrels(path) -> runs.Table:
    """Judgments as trec_eval reads them (relevance by ``atol``); ValueError naming the lines
    trec_eval would not read."""
    return _usable(runs.read_trec_qrels(path, str(path), whole_relevance=True))


def read_run(path) -> runs.Table:
    """A run as trec_eval reads it; ValueError naming the lines trec_eval would not read."""
    return _usable(runs.read_trec_run(path, str(path)))


def _usable(table: runs.Table) -> runs.Table:
    if table.problems:
        shown = "\n".join(f"  line {p.line}: {p.reason}: {p.text}" for p in table.problems[:10])
        more = table.problem_count - 10
        summary = f"\n{table.summary}" if table.summary else ""
        raise ValueError(
            f"{table.name}: {count(table.problem_count)} line(s) trec_eval would not read as they "
            f"are:\n{shown}" + (f"\n  … and {count(more)} more" if more > 0 else "") + summary
        )
    return table


def run(argv: Sequence[str] | None = None) -> str:
    """The text `python -m ndcg_core.trec` prints for `argv`; ValueError for bad files,
    UsageError for bad options."""
    args = _parser().parse_args(argv)
    measures = parse_measures(args.measure)
    qrels, table = read_qrels(args.qrels), read_run(args.run)
    if table.rows.empty or qrels.rows.empty:
        return "".join(line(m.name, "all", 0.0) + "\n" for m in measures)
    ranked = ranking(table, qrels, args.c)
    results = []
    for measure in measures:
        per_query = pd.Series(values(ranked, measure, args.l), index=ranked.queries)
        results.append(
            (measure.name, per_query, float(per_query.mean()) if len(per_query) else 0.0)
        )
    return output(results, per_query=args.q)


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m ndcg_core.trec",
        description=(
            "Print what trec_eval 9.0.8 prints for its measures on a qrels and a run of any size "
            "(read as a stream: memory about 60 bytes per run line)."
        ),
    )
    parser.add_argument("qrels", help="judgments: query_id iteration doc_id relevance")
    parser.add_argument("run", help="run: query_id Q0 doc_id rank score run_name")
    parser.add_argument(
        "-m",
        dest="measure",
        action="append",
        default=[],
        metavar="MEASURE[.PARAMS]",
        help=(
            "map, Rprec, recip_rank, P.5,10, recall.5,10, ndcg, ndcg.1=3,2=9 (gain per level), "
            "ndcg_cut.5,10, map_cut.5,10; not trec_eval's: lab_err[.10], lab_rbp[.0.8] "
            "(repeatable; default ndcg and ndcg_cut)"
        ),
    )
    parser.add_argument("-q", action="store_true", help="print each query's values too")
    parser.add_argument(
        "-l",
        type=_atol,
        default=1,
        metavar="LEVEL",
        help="relevance counted as relevant by the binary measures (default 1)",
    )
    parser.add_argument(
        "-c", action="store_true", help="average over every judged query (a skipped one is 0)"
    )
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    return exit_status(run, argv, "ndcg_core.trec")


def exit_status(make_text, argv: Sequence[str] | None, prog: str) -> int:
    """Print `make_text(argv)` and return 0; a usage message returns 2, a file that cannot be
    read 1 (what trec_eval's users expect of a command)."""
    try:
        sys.stdout.write(make_text(argv))
    except ValueError as error:
        print(f"{prog}: {error}", file=sys.stderr)
        return 2 if isinstance(error, UsageError) else 1
    return 0
