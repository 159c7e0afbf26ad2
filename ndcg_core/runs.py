"""Runs and judgments from files: TREC qrels + run, or one CSV, into long-format frames.

Every loader returns the rows it could read and, separately, the rows it could not, each with
its line number and the reason, so that a page can show them and let the user decide: skip them
or fix the file. Nothing is dropped silently; problems that make a whole file unusable (an
empty file, a missing column) raise a ``ValueError`` that says what to change.

Formats
-------
- TREC run: ``query_id Q0 doc_id rank score run_name``, whitespace-separated; trec_eval ranks by
  score and ignores the rank column.
- TREC qrels: ``query_id 0 doc_id relevance``; relevance below 0 means "judged, not relevant".
- CSV with a header: ``query_id, doc_id, relevance`` and optionally ``score`` or ``rank``. A row
  with an empty score (or rank) is a judgment of a document the system did not rank.
"""

from __future__ import annotations

import csv
import io
import re
from dataclasses import dataclass, field, replace

import numpy as np
import pandas as pd

from .batch import BatchResult, batch_ndcg
from .display import count
from .model import EVERY_RANKED, MAX_LABEL_LENGTH, NO_CUTOFF, RankedList, Scoring
from .options import IDEALS, ON_ZERO, check_option
from .parsing import label_from_text

CSV_REQUIRED = ("query_id", "doc_id", "relevance")
MAX_SHOWN_TEXT = 80


@dataclass(frozen=True)
class Problem:
    """A line that could not be used, and why."""

    line: int
    reason: str
    text: str


@dataclass(frozen=True)
class Table:
    """Rows read from one file: the usable ones and the problems, by line number."""

    name: str
    rows: pd.DataFrame
    problems: tuple[Problem, ...] = ()
    order: str = "score"  # what ranks the rows: "score", "rank" or "file" (file order)

    def problem_frame(self) -> pd.DataFrame:
        return pd.DataFrame(
            [(p.line, p.reason, p.text) for p in self.problems], columns=["line", "problem", "text"]
        )


@dataclass(frozen=True)
class Dataset:
    """A run joined to its judgments, ready for ``batch_ndcg``.

    ``ranked`` holds the retrieved rows (query, doc, score, relevance, judged) of the queries
    that are evaluated; ``judgments`` every judged (query, doc, relevance) of those queries;
    ``notes`` says, in words, every rule that was applied to get there.
    """

    name: str
    ranked: pd.DataFrame
    judgments: pd.DataFrame
    has_scores: bool
    notes: tuple[str, ...] = field(default_factory=tuple)

    @property
    def queries(self) -> pd.Index:
        return pd.Index(pd.unique(self.ranked["query"]), name="query")

    @property
    def longest(self) -> int:
        """The number of documents of the longest ranking (the deepest cut-off that matters)."""
        return int(self.ranked.groupby("query", sort=False, observed=True).size().max())


# ---------------------------------------------------------------------------------------------
# Reading bytes
# ---------------------------------------------------------------------------------------------


def check_size(n_bytes: int, cap_mb: float, name: str = "The file") -> None:
    """Refuse a file larger than the upload cap (``server.maxUploadSize``, in megabytes)."""
    if n_bytes > cap_mb * 1024 * 1024:
        raise ValueError(
            f"{name} is {n_bytes / 1024 / 1024:.1f} MB; files up to {cap_mb:g} MB are accepted "
            f"(server.maxUploadSize). Cut it down, e.g. to fewer queries, and upload it again."
        )


def _text(data: bytes, name: str) -> str:
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        line = data[: error.start].count(b"\n") + 1
        raise ValueError(
            f"{name} is not UTF-8 text: line {line} has a byte that cannot be read "
            f"({data[error.start : error.start + 1]!r}). Save it as UTF-8 and upload it again."
        ) from None
    if not text.strip():
        raise ValueError(f"{name} is empty: it has no lines to read.")
    return text


class _Lines:
    """The file's lines, split only when a problem needs to quote one."""

    def __init__(self, text: str, ends: str = "\n"):
        self._text, self._lines, self._ends = text, None, ends

    def __getitem__(self, index: int) -> str:
        if self._lines is None:
            self._lines = re.split(self._ends, self._text)
        return self._lines[index]


def _shorten(text: str) -> str:
    text = text.rstrip("\r\n")
    return text if len(text) <= MAX_SHOWN_TEXT else text[: MAX_SHOWN_TEXT - 1] + "…"


def _whitespace_fields(text: str, n_fields: int, data: bytes) -> pd.DataFrame:
    """Split whitespace-separated lines into `n_fields` text columns plus a `line` column.

    Fast path: pandas' C parser. A line with more fields lands in the extra column and becomes a
    problem later; a missing field is an empty string.
    """
    names = list(range(n_fields + 2))
    try:
        frame = pd.read_csv(
            io.BytesIO(data.removeprefix(b"\xef\xbb\xbf")),  # bytes parse faster than text
            sep=r"\s+",
            header=None,
            names=names,
            index_col=False,
            dtype=str,
            na_filter=False,
            skip_blank_lines=False,
            quoting=csv.QUOTE_NONE,
            engine="c",
        )
        if len(frame) != text.count("\n") + (not text.endswith("\n")):
            raise ValueError("line count changed")
    except (ValueError, pd.errors.ParserError):
        # Slow path, exact by construction: one line at a time.
        rows = []
        for line in text.removesuffix("\n").split("\n"):
            parts = line.split()
            rows.append((parts + [""] * (n_fields + 2))[: n_fields + 2])
            if len(parts) > n_fields + 2:
                rows[-1][-1] = " ".join(parts[n_fields + 1 :])
        frame = pd.DataFrame(rows, columns=names)
    frame["line"] = np.arange(1, len(frame) + 1)
    return frame


def _collect(frame: pd.DataFrame, lines: list[str], masks: list[tuple[str, pd.Series]]):
    """Problems for the rows flagged by each (reason, mask); first reason wins per line."""
    flagged = pd.Series(False, index=frame.index)
    problems: list[Problem] = []
    for reason, mask in masks:
        new = mask & ~flagged
        for line in frame.loc[new, "line"].to_numpy():
            problems.append(Problem(int(line), reason, _shorten(lines[line - 1])))
        flagged |= new
    problems.sort(key=lambda p: p.line)
    return flagged, tuple(problems)


def _duplicates(frame: pd.DataFrame) -> tuple[pd.Series, dict[int, int]]:
    """Rows repeating an earlier (query, doc) pair, and the line of that earlier row."""
    dup = frame.duplicated(["query", "doc"], keep="first")
    first_line: dict[int, int] = {}
    if dup.any():
        firsts = frame[~dup].set_index(["query", "doc"])["line"]
        for idx, q, d in frame.loc[dup, ["query", "doc"]].itertuples():
            first_line[idx] = int(firsts.loc[(q, d)])
    return dup, first_line


def _problems_with_duplicates(frame, lines, masks, what):
    flagged, problems = _collect(frame, lines, masks)
    clean = frame[~flagged]
    dup, first_line = _duplicates(clean)
    extra = [
        Problem(
            int(clean.at[idx, "line"]),
            f"repeats the (query, document) pair of line {first}; {what}",
            _shorten(lines[int(clean.at[idx, "line"]) - 1]),
        )
        for idx, first in first_line.items()
    ]
    if extra:
        problems = tuple(sorted(problems + tuple(extra), key=lambda p: p.line))
    return clean[~dup], problems


def read_trec_run(data: bytes, name: str = "The run file") -> Table:
    """Read a TREC run: ``query_id Q0 doc_id rank score run_name`` per line."""
    text = _text(data, name)
    lines = _Lines(text)
    raw = _whitespace_fields(text, 6, data)
    blank = raw[0] == ""
    raw = raw[~blank]
    score = pd.to_numeric(raw[4], errors="coerce")
    frame = pd.DataFrame(
        {"query": raw[0], "doc": raw[2], "score": score, "line": raw["line"]}, index=raw.index
    )
    masks = [
        ("has more than 6 fields (query Q0 doc rank score run)", raw[6] != ""),
        ("has fewer than 6 fields (query Q0 doc rank score run)", raw[5] == ""),
        ("has a score that is not a number", score.isna() | ~np.isfinite(score)),
    ]
    rows, problems = _problems_with_duplicates(
        frame, lines, masks, "trec_eval refuses repeated documents in a run"
    )
    return Table(name, rows.reset_index(drop=True), problems)


def read_trec_qrels(data: bytes, name: str = "The qrels file") -> Table:
    """Read TREC qrels: ``query_id iteration doc_id relevance`` per line."""
    text = _text(data, name)
    lines = _Lines(text)
    raw = _whitespace_fields(text, 4, data)
    raw = raw[raw[0] != ""]
    relevance = pd.to_numeric(raw[3], errors="coerce")
    frame = pd.DataFrame(
        {"query": raw[0], "doc": raw[2], "relevance": relevance, "line": raw["line"]},
        index=raw.index,
    )
    masks = [
        ("has more than 4 fields (query iteration doc relevance)", raw[4] != ""),
        ("has fewer than 4 fields (query iteration doc relevance)", raw[3] == ""),
        ("has a relevance that is not a number", relevance.isna() | ~np.isfinite(relevance)),
    ]
    rows, problems = _problems_with_duplicates(
        frame, lines, masks, "a document is judged once per query"
    )
    return Table(name, rows.reset_index(drop=True), problems)


def read_csv_run(data: bytes, name: str = "The CSV file") -> Table:
    """Read a CSV with a header: query_id, doc_id, relevance[, score | rank].

    Returns rows with columns query, doc, relevance, score (NaN: judged but not ranked), line.
    A ``rank`` column becomes score = -rank, so rank 1 comes first.
    """
    text = _text(data, name)
    # csv.reader ends a line at \r too (a file saved by old Mac software), so its line numbers
    # count those; the TREC readers' (pandas' or the one-line-at-a-time path) count \n only.
    lines = _Lines(text, r"\r\n|\r|\n")
    reader = csv.reader(io.StringIO(text, newline=""))
    header = [h.strip().lower() for h in next(reader)]
    missing = [c for c in CSV_REQUIRED if c not in header]
    if missing:
        raise ValueError(
            f"{name} needs the columns query_id, doc_id, relevance (and optionally score or "
            f"rank) in its first line; it lacks {', '.join(missing)}. Its first line is "
            f"{_shorten(lines[0])!r}."
        )
    if "score" in header and "rank" in header:
        raise ValueError(
            f"{name} has both a score and a rank column: keep one, so the order is unambiguous."
        )
    order_column = "score" if "score" in header else "rank" if "rank" in header else None
    width = len(header)
    records, line_numbers, wrong_width = [], [], []
    # csv.reader counts physical lines, so quoted newlines keep the numbers right.
    for row in reader:
        line = reader.line_num
        if not any(cell.strip() for cell in row):
            continue
        if len(row) != width:
            wrong_width.append(Problem(line, f"has {len(row)} fields, the header {width}", ""))
            continue
        records.append([cell.strip() for cell in row])
        line_numbers.append(line)
    wrong_width = [Problem(p.line, p.reason, _shorten(lines[p.line - 1])) for p in wrong_width]
    raw = pd.DataFrame(records, columns=header, dtype=str) if records else None
    if raw is None:
        if not wrong_width:
            raise ValueError(f"{name} has a header but no rows.")
        raw = pd.DataFrame(columns=header, dtype=str)
    relevance = pd.to_numeric(raw["relevance"], errors="coerce")
    frame = pd.DataFrame(
        {
            "query": raw["query_id"],
            "doc": raw["doc_id"],
            "relevance": relevance,
            "line": np.asarray(line_numbers, dtype=int),
        }
    )
    masks = [
        ("has an empty query_id", raw["query_id"] == ""),
        ("has an empty doc_id", raw["doc_id"] == ""),
        ("has a relevance that is not a number", relevance.isna() | ~np.isfinite(relevance)),
    ]
    if order_column is None:
        frame["score"] = -frame["line"].astype(float)  # file order is the ranking
    else:
        value = pd.to_numeric(raw[order_column], errors="coerce")
        empty = raw[order_column] == ""
        masks.append(
            (
                f"has a {order_column} that is not a number",
                (value.isna() | ~np.isfinite(value)) & ~empty,
            )
        )
        frame["score"] = -value if order_column == "rank" else value
    rows, problems = _problems_with_duplicates(
        frame, lines, masks, "each document appears once per query"
    )
    problems = tuple(sorted(problems + tuple(wrong_width), key=lambda p: p.line))
    return Table(name, rows.reset_index(drop=True), problems, order_column or "file")


# ---------------------------------------------------------------------------------------------
# Joining a run to its judgments
# ---------------------------------------------------------------------------------------------


def _plural(n: int, word: str, verb: str = "") -> str:
    """'1 query has' / '3 queries have'."""
    if n != 1:
        word = word[:-1] + "ies" if word.endswith("y") else word + "s"
    verbs = {"have": "has", "are": "is"}
    verb = verbs.get(verb, verb) if n == 1 else verb
    return f"{n} {word}" + (f" {verb}" if verb else "")


def _examples(values, limit: int = 5) -> str:
    values = list(values)
    shown = ", ".join(str(v) for v in values[:limit])
    return shown + (f" and {len(values) - limit} more" if len(values) > limit else "")


def _negative_note(judgments: pd.DataFrame) -> tuple[pd.DataFrame, list[str]]:
    notes = []
    fractional = int((judgments["relevance"] % 1 != 0).sum())
    if fractional:
        notes.append(
            f"{_plural(fractional, 'judgment', 'have')} a relevance that is not a whole number: "
            f"used as it is (trec_eval would refuse it; scikit-learn accepts it)."
        )
    negative = judgments["relevance"] < 0
    if not negative.any():
        return judgments, notes
    judgments = judgments.assign(relevance=judgments["relevance"].clip(lower=0))
    notes.append(
        f"{_plural(int(negative.sum()), 'judgment', 'have')} relevance below 0 (trec_eval's "
        f"'judged, not relevant'): they count as relevance 0."
    )
    return judgments, notes


def _no_relevant_note(judgments: pd.DataFrame, queries: pd.Index) -> list[str]:
    best = judgments.groupby("query", sort=False)["relevance"].max().reindex(queries).fillna(0)
    empty = best.index[best <= 0]
    if not len(empty):
        return []
    return [
        f"{_plural(len(empty), 'query', 'have')} no relevant judgment ({_examples(empty)}): "
        f"their ideal DCG is 0, so their NDCG follows the all-zero rule."
    ]


def join_trec(run: Table, qrels: Table, name: str | None = None) -> Dataset:
    """Join a run to qrels as trec_eval does; notes say what was left out and why.

    Documents the run ranks but the qrels do not judge count as not relevant (relevance 0).
    Only queries present in both files are evaluated (trec_eval's default).
    """
    notes: list[str] = []
    judgments, negative = _negative_note(qrels.rows[["query", "doc", "relevance"]])
    notes += negative
    run_rows = run.rows[["query", "doc", "score"]]
    run_queries = pd.Index(pd.unique(run_rows["query"]))
    judged_queries = pd.Index(pd.unique(judgments["query"]))
    unjudged = run_queries.difference(judged_queries, sort=False)
    unranked = judged_queries.difference(run_queries, sort=False)
    if len(unjudged):
        notes.append(
            f"The run has {_plural(len(unjudged), 'query')} the qrels lack ({_examples(unjudged)}): "
            f"without judgments they cannot be scored, so they are left out (as trec_eval does)."
        )
    if len(unranked):
        notes.append(
            f"The qrels judge {_plural(len(unranked), 'query')} the run never answers "
            f"({_examples(unranked)}): left out, as trec_eval does by default (its -c option "
            f"would count them as 0)."
        )
    keep = run_queries.difference(unjudged, sort=False)
    if not len(keep):
        raise ValueError(
            "The run and the qrels have no query in common, so there is nothing to evaluate: "
            f"the run's queries start {_examples(run_queries, 3)}, the qrels' "
            f"{_examples(judged_queries, 3)}."
        )
    ranked = run_rows[run_rows["query"].isin(keep)]
    judgments = judgments[judgments["query"].isin(keep)]
    ranked = ranked.merge(judgments, on=["query", "doc"], how="left", sort=False)
    ranked["judged"] = ranked["relevance"].notna()
    ranked["query"] = pd.Categorical(ranked["query"], categories=keep)
    judgments = judgments.assign(query=pd.Categorical(judgments["query"], categories=keep))
    unjudged_docs = int((~ranked["judged"]).sum())
    if unjudged_docs:
        notes.append(
            f"{_plural(unjudged_docs, 'ranked document', 'have')} no judgment: they count as not "
            f"relevant (relevance 0), as in trec_eval."
        )
    ranked["relevance"] = ranked["relevance"].fillna(0.0)
    notes += _no_relevant_note(judgments, keep)
    return Dataset(name or run.name, ranked, judgments.reset_index(drop=True), True, tuple(notes))


def from_csv(table: Table, name: str | None = None) -> Dataset:
    """A CSV table as a dataset: rows with a score are ranked, all rows are judgments."""
    rows = table.rows
    notes: list[str] = []
    judgments, negative = _negative_note(rows[["query", "doc", "relevance"]])
    notes += negative
    rows = rows.assign(relevance=judgments["relevance"])
    ranked_mask = rows["score"].notna()
    pool_only = int((~ranked_mask).sum())
    if pool_only:
        notes.append(
            f"{_plural(pool_only, 'row', 'have')} no score or rank: they are judged documents the "
            f"system did not rank; they count only in the ideal ranking built from all judgments."
        )
    ranked = rows[ranked_mask]
    queries = pd.Index(pd.unique(rows["query"]))
    unranked = queries.difference(pd.Index(pd.unique(ranked["query"])), sort=False)
    if len(unranked):
        notes.append(
            f"{_plural(len(unranked), 'query', 'have')} judgments but no ranked document "
            f"({_examples(unranked)}): left out."
        )
    if ranked.empty:
        raise ValueError("No row has a score or rank, so there is no ranking to evaluate.")
    keep = queries.difference(unranked, sort=False)
    judgments = judgments[rows["query"].isin(keep)]
    ranked = ranked[["query", "doc", "score", "relevance"]].assign(
        judged=True, query=pd.Categorical(ranked["query"], categories=keep)
    )
    judgments = judgments.assign(query=pd.Categorical(judgments["query"], categories=keep))
    has_scores = table.order != "file"
    if not has_scores:
        notes.append(
            "There is no score or rank column: each query's rows are ranked in file order."
        )
    notes += _no_relevant_note(judgments, keep)
    return Dataset(
        name or table.name,
        ranked.reset_index(drop=True),
        judgments.reset_index(drop=True),
        has_scores,
        tuple(notes),
    )


# ---------------------------------------------------------------------------------------------
# Evaluating
# ---------------------------------------------------------------------------------------------


def evaluate(
    data: Dataset,
    k: int | None = 10,
    *,
    gain: str = "linear",
    discount: str = "log2",
    log_base: float = 2.0,
    ideal: str = "judgments",
    ties: str = "docid",
    on_zero: float = 0.0,
) -> BatchResult:
    """NDCG@k of every query of `data` through ``batch_ndcg``.

    ``ideal="judgments"`` builds each ideal ranking from all judged documents of the query
    (trec_eval); ``ideal="run"`` from the ranked documents only. ``on_zero=float("nan")``
    leaves queries without any relevant document out of the mean. `keywords(scoring)` gives
    these keywords for a `Scoring`.
    """
    check_option(ideal, IDEALS, "ideal")
    ranked = data.ranked
    # Integer codes of one shared category list: fast to group, names restored below.
    categories = ranked["query"].cat.categories
    pool = {}
    if ideal == "judgments":
        pool = {
            "ideal_queries": data.judgments["query"].cat.codes.to_numpy(),
            "ideal_relevances": data.judgments["relevance"].to_numpy(),
        }
    result = batch_ndcg(
        ranked["query"].cat.codes.to_numpy(),
        ranked["relevance"].to_numpy(),
        ranked["score"].to_numpy(),
        k,
        ties=ties,
        docs=ranked["doc"] if ties == "docid" else None,
        gain=gain,
        discount=discount,
        log_base=log_base,
        on_zero=on_zero,
        **pool,
    )
    per_query = result.per_query
    per_query.index = pd.Index(categories[per_query.index.to_numpy()], name="query")
    return replace(result, per_query=per_query)


def keywords(scoring: Scoring) -> dict:
    """The keywords of `evaluate` for one `Scoring`: ``evaluate(data, **keywords(scoring))``.

    A run's cut-off is a whole number or no cut-off ("none", trec_eval's ndcg). "Every ranked
    position" ("n") is a different k for each query: it is the same as no cut-off when the
    ideal comes from the ranked documents alone, and no run evaluator offers it otherwise.
    """
    k = scoring.k
    if k == EVERY_RANKED and scoring.ideal == "run":
        k = NO_CUTOFF
    if isinstance(k, str) and k != NO_CUTOFF:
        raise ValueError(
            f"`k` must be a whole number or 'none' to evaluate a run with the ideal from the "
            f"judgments (its queries have lists of different lengths); got {k!r}."
        )
    return {
        "k": None if k == NO_CUTOFF else k,
        "gain": scoring.gain,
        "discount": scoring.discount,
        "log_base": scoring.log_base,
        "ideal": scoring.ideal,
        "ties": scoring.ties,
        "on_zero": scoring.on_zero,
    }


@dataclass(frozen=True)
class ConventionGrid:
    """The mean under each all-zero rule (rows, keys of ON_ZERO) × ideal source (columns, keys
    of IDEALS), every other convention held; `spread` is the largest minus the smallest."""

    means: pd.DataFrame
    spread: float


def convention_grid(data: Dataset, scoring: Scoring) -> ConventionGrid:
    """How far the mean moves with the two conventions a run's files do not settle: what a
    query with nothing relevant scores, and whether unretrieved judgments join the ideal."""
    means = pd.DataFrame(
        {
            ideal: {
                zero: evaluate(data, **keywords(replace(scoring, ideal=ideal, zero=zero))).mean
                for zero in ON_ZERO
            }
            for ideal in IDEALS
        }
    )
    means.index.name, means.columns.name = "zero", "ideal"
    values = means.to_numpy(dtype=float)
    spread = float(np.nanmax(values) - np.nanmin(values)) if np.isfinite(values).any() else 0.0
    return ConventionGrid(means, spread)


@dataclass(frozen=True)
class Pairing:
    """Two evaluations joined query by query: the queries both have, A's and B's values for
    them (NaN where a query was left out of a mean), and how many queries only one of them has."""

    queries: pd.Index
    a: np.ndarray
    b: np.ndarray
    left_out: int

    @property
    def compared(self) -> int:
        """Queries with a value in both A and B."""
        return int((np.isfinite(self.a) & np.isfinite(self.b)).sum())


def pair_queries(a: BatchResult, b: BatchResult) -> Pairing:
    """Join two evaluations on their query ids (a query of only one side cannot be compared)."""
    left, right = a.per_query["ndcg"], b.per_query["ndcg"]
    both = left.index.intersection(right.index, sort=False)
    left_out = len(left) + len(right) - 2 * len(both)
    return Pairing(
        pd.Index(both, name="query"),
        left.loc[both].to_numpy(dtype=float),
        right.loc[both].to_numpy(dtype=float),
        left_out,
    )


# ---------------------------------------------------------------------------------------------
# One query as a ranked list (to open it in the playground)
# ---------------------------------------------------------------------------------------------


def _ranked_rows(data: Dataset, query: object, ties: str) -> pd.DataFrame:
    rows = data.ranked[data.ranked["query"] == query]
    if rows.empty:
        raise ValueError(f"There is no query {query!r} in {data.name}.")
    if ties == "keep":
        return rows.iloc[np.argsort(-rows["score"].to_numpy(), kind="stable")]
    return rows.sort_values(["score", "doc"], ascending=False, kind="stable")


def _unretrieved(data: Dataset, query: object, rows: pd.DataFrame) -> list[float]:
    """The relevances of the query's judged documents the run did not rank, best first."""
    judged = data.judgments[data.judgments["query"] == query]
    missing = judged[~judged["doc"].isin(rows["doc"])]
    return sorted(missing["relevance"].tolist(), reverse=True)


def ranked_list(
    data: Dataset, query: object, *, ties: str = "docid"
) -> tuple[list[float], list[str], list[float]]:
    """One query's relevances in ranked order, its doc ids, and its pool (judged relevant
    documents the run did not retrieve), for opening it in the playground.

    With ``ties="average"`` tied documents are listed in trec_eval's order: a single list
    cannot show an average over orders.
    """
    rows = _ranked_rows(data, query, ties)
    pool = [value for value in _unretrieved(data, query, rows) if value > 0]
    return rows["relevance"].tolist(), [str(d) for d in rows["doc"]], pool


@dataclass(frozen=True)
class QueryList:
    """One query of a run as a `RankedList`, and what had to be left out to make it one."""

    ranked: RankedList
    notes: tuple[str, ...] = ()


def query_list(
    data: Dataset, query: object, scoring: Scoring, *, max_items: int | None = None
) -> QueryList:
    """One query as a ranked list scored with `scoring`: NDCG of this list equals the query's
    value in ``evaluate(data, **keywords(scoring))`` (ties averaged excepted: one list shows one
    order, trec_eval's).

    Labels are the doc ids (made typable, cut to `MAX_LABEL_LENGTH`; D1, D2, … when that makes
    two alike). With the ideal from the judgments, the pool holds the query's judged relevant
    documents the run did not rank (judged-not-relevant ones add nothing to any DCG). A cut-off
    k beyond the list stays k. `max_items` cuts the list and the pool, and a note says what was
    cut.
    """
    rows = _ranked_rows(data, query, scoring.ties)
    values = rows["relevance"].tolist()
    docs = [str(d) for d in rows["doc"]]
    notes = []
    pool: list[float] = []
    if scoring.ideal == "judgments":
        pool = [value for value in _unretrieved(data, query, rows) if value > 0]
    if max_items is not None and len(values) > max_items:
        notes.append(f"the first {count(max_items)} of its {count(len(values))} ranked documents")
        values, docs = values[:max_items], docs[:max_items]
    if max_items is not None and len(pool) > max_items:
        notes.append(
            f"the best {count(max_items)} of its {count(len(pool))} judged documents the run "
            f"did not retrieve"
        )
        pool = pool[:max_items]
    if notes:
        # A link holds at most `max_items` of each: say what the playground will not see.
        notes = [
            f"The link of query {query} holds only {' and '.join(notes)}: the playground scores "
            f"what it holds, so its numbers can differ from this table's."
        ]
    labels = tuple(label_from_text(doc, MAX_LABEL_LENGTH) for doc in docs)
    if len(set(labels)) != len(labels) or not all(labels):
        labels = ()  # RankedList then numbers them D1, D2, …
    ranked = RankedList(tuple(values), labels, tuple(pool), scoring)
    return QueryList(ranked, tuple(notes))
