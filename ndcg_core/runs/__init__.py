"""Runs and judgments from files: TREC qrels + run, or one CSV, into long-format frames.

Every loader returns the rows it could read and, separately, the rows it could not, each with
its line number and the reason, so that a page can show them and let the user decide: skip them
or fix the file. Nothing is dropped silently; problems that make a whole file unusable (an
empty file, a missing column) raise a ``ValueError`` that says what to change. What a reader
did beyond reading (fields it ignored, comment lines it skipped) is said in the table's notes.

Formats
-------
- TREC run: ``query_id Q0 doc_id rank score run_name``, read as trec_eval reads it: fields are
  separated by the characters C's ``isspace`` accepts (space, tab, vertical tab, form feed, carriage return); anything after
  the sixth field is ignored; a line whose first character (after blanks) is ``#`` is a comment
  (trec_eval 10.0); trec_eval ranks by score and ignores the rank column.
- TREC qrels: ``query_id 0 doc_id relevance``, four fields exactly (trec_eval refuses a fifth);
  relevance below 0 means "judged, not relevant". trec_eval reads the relevance as a whole
  number (C's ``atol``: 0.5 → 0, 1.7 → 1); this reader keeps it as written and says so, unless
  ``whole_relevance=True`` asks for trec_eval's reading.
- CSV with a header: ``query_id, doc_id, relevance`` and optionally ``score`` or ``rank``. A row
  with an empty score (or rank) is a judgment of a document the system did not rank.

Files are measured in megabytes of 1,000,000 bytes (`MB`), as the upload widget counts them.
"""

from __future__ import annotations

import csv
import io
import re
import warnings
from dataclasses import dataclass, field, replace

import numpy as np
import pandas as pd

from ..batch import BatchResult, batch_ndcg
from ..display import count, exact, fixed
from ..model import EVERY_RANKED, MAX_LABEL_LENGTH, NO_CUTOFF, RankedList, Scoring
from ..options import IDEALS, ON_ZERO, check_option
from ..parsing import label_from_text

try:  # pyarrow turns 2 million numbers written as text into floats in milliseconds
    import pyarrow as pa
    import pyarrow.compute as pc
except ImportError:  # pragma: no cover - pandas alone is slower but gives the same numbers
    pa = pc = None

CSV_REQUIRED = ("query_id", "doc_id", "relevance")
MAX_SHOWN_TEXT = 80
MB = 1_000_000  # bytes in the megabyte of the upload cap, as Streamlit's uploader counts it
CSV_FIELD_LIMIT = csv.field_size_limit()  # characters in one CSV field (131,072)
# C's isspace in the "C" locale: what trec_eval separates fields with. A no-break space or an
# ideographic space is not one of them: to trec_eval it is part of a field.
TREC_SPACE = " \t\v\f\r"
_TREC_SPLIT = re.compile(f"[{re.escape(TREC_SPACE)}]+")
_ODD_SPACES = {
    "\u00a0": "a no-break space (U+00A0)",
    "\u2007": "a figure space (U+2007)",
    "\u202f": "a narrow no-break space (U+202F)",
    "\u3000": "an ideographic space (U+3000)",
    "\u2002": "an en space (U+2002)",
    "\u2003": "an em space (U+2003)",
    "\u2009": "a thin space (U+2009)",
    "\u200b": "a zero-width space (U+200B)",
    "\u0085": "a next-line character (U+0085)",
    "\u2028": "a line separator (U+2028)",
}


@dataclass(frozen=True)
class Problem:
    """A line that could not be used, and why."""

    line: int
    reason: str
    text: str


@dataclass(frozen=True)
class Table:
    """Rows read from one file: the usable ones and the problems, by line number.

    `notes` say, in words, what the reader did beyond reading (comment lines skipped, fields
    ignored, line ends read); `extra_fields` and `comments` count the run lines concerned.
    """

    name: str
    rows: pd.DataFrame
    problems: tuple[Problem, ...] = ()
    order: str = "score"  # what ranks the rows: "score", "rank" or "file" (file order)
    notes: tuple[str, ...] = ()
    extra_fields: int = 0
    comments: int = 0

    def problem_frame(self) -> pd.DataFrame:
        return pd.DataFrame(
            [(p.line, p.reason, p.text) for p in self.problems], columns=["line", "problem", "text"]
        )


@dataclass(frozen=True)
class Dataset:
    """A run joined to its judgments, ready for ``batch_ndcg``.

    ``ranked`` holds the retrieved rows (query, doc, score, relevance, judged) of the queries
    that are evaluated; ``judgments`` every judged (query, doc, relevance) of those queries;
    ``unanswered`` the judgments of the queries the run never answers (trec_eval's ``-c``
    scores them 0; see `evaluate`'s `complete`); ``notes`` says, in words, every rule that was
    applied to get there.
    """

    name: str
    ranked: pd.DataFrame
    judgments: pd.DataFrame
    has_scores: bool
    notes: tuple[str, ...] = field(default_factory=tuple)
    unanswered: pd.DataFrame | None = None

    @property
    def queries(self) -> pd.Index:
        return pd.Index(pd.unique(self.ranked["query"]), name="query")

    @property
    def unanswered_queries(self) -> pd.Index:
        """Judged queries the run has no ranking for, in the order the judgments give them."""
        if self.unanswered is None or self.unanswered.empty:
            return pd.Index([], name="query", dtype=object)
        return pd.Index(pd.unique(self.unanswered["query"]), name="query")

    @property
    def grades(self) -> tuple[float, ...]:
        """Every relevance grade the data holds (judged, ranked, or of an unanswered query)."""
        parts = [self.ranked["relevance"].to_numpy(), self.judgments["relevance"].to_numpy()]
        if self.unanswered is not None:
            parts.append(self.unanswered["relevance"].to_numpy())
        return tuple(float(g) for g in np.unique(np.concatenate(parts)))

    @property
    def longest(self) -> int:
        """The number of documents of the longest ranking (the deepest cut-off that matters)."""
        return int(self.ranked.groupby("query", sort=False, observed=True).size().max())


# ---------------------------------------------------------------------------------------------
# Reading bytes
# ---------------------------------------------------------------------------------------------


def size_text(cap_mb: float) -> str:
    """The upload cap in words: '50 MB (50,000,000 bytes)'."""
    return f"{exact(cap_mb)} MB ({count(int(cap_mb * MB))} bytes)"


def check_size(n_bytes: int, cap_mb: float, name: str = "The file") -> None:
    """Refuse a file larger than the upload cap (``server.maxUploadSize``, in megabytes of
    1,000,000 bytes: the unit Streamlit's uploader counts in, so the widget, the page and this
    check agree on the byte)."""
    if n_bytes > cap_mb * MB:
        raise ValueError(
            f"{name} is {fixed(n_bytes / MB, 1)} MB ({count(n_bytes)} bytes); files up to "
            f"{size_text(cap_mb)} are accepted (server.maxUploadSize). Cut it down, e.g. to "
            f"fewer queries, and upload it again."
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


def _old_mac_line_ends(text: str, data: bytes, name: str) -> tuple[str, bytes, list[str]]:
    """A file whose lines end in CR alone (old Mac software) is read line by line, and said so:
    trec_eval, which only ends lines at LF, would see the whole file as one line."""
    if "\r" not in text or "\n" in text:
        return text, data, []
    note = (
        f"{name} ends its lines with CR alone (old Mac text files): each CR is read as a line "
        f"end here. trec_eval ends lines only at LF and would read the whole file as one line: "
        f"save it with LF (or CR LF) line ends to use it there."
    )
    return text.replace("\r", "\n"), data.replace(b"\r", b"\n"), [note]


def _whitespace_fields(text: str, n_fields: int, data: bytes) -> pd.DataFrame:
    """Split lines as trec_eval does into `n_fields` text columns, a column `n_fields` holding
    the next field when there is one (so a longer line can be told apart), and `line`.

    Fields are separated by `TREC_SPACE`. Fast path: pandas' C parser (which splits on spaces and
    tabs: vertical tabs and form feeds are turned into spaces first). With `usecols` it drops the fields beyond
    the columns asked for, silently, but refuses a file where no line reaches them; such a file
    is read without it. Whenever its lines do not line up with the file's (a CR alone inside a
    line, a NUL byte, …), the slow path splits one line at a time.
    """
    names = list(range(n_fields + 1))
    source = data.removeprefix(b"\xef\xbb\xbf").translate(_VF_TO_SPACE)
    frame = None
    for width in ({"usecols": names}, {"index_col": False}):
        try:
            with warnings.catch_warnings():
                # Without `usecols`, pandas warns of the fields past the columns asked for;
                # they are dropped on purpose (column n_fields already tells a longer line).
                warnings.simplefilter("ignore", pd.errors.ParserWarning)
                frame = pd.read_csv(
                    io.BytesIO(source),  # bytes parse faster than text
                    sep=r"\s+",
                    header=None,
                    names=names,
                    dtype=str,
                    na_filter=False,
                    skip_blank_lines=False,
                    quoting=csv.QUOTE_NONE,
                    engine="c",
                    **width,
                )
        except (ValueError, pd.errors.ParserError):
            continue
        if len(frame) == text.count("\n") + (not text.endswith("\n")):
            break
        frame = None
    if frame is None:
        # Slow path, exact by construction: one line at a time.
        rows = []
        for line in text.removesuffix("\n").split("\n"):
            parts = _TREC_SPLIT.split(line.strip(TREC_SPACE))
            rows.append((parts + [""] * (n_fields + 1))[: n_fields + 1])
        frame = pd.DataFrame(rows, columns=names, dtype=str)
    frame["line"] = np.arange(1, len(frame) + 1)
    return frame


_VF_TO_SPACE = bytes.maketrans(b"\v\f", b"  ")


def _as_numbers(values: pd.Series) -> pd.Series:
    """Text to floats, NaN where a value is not a number (as `pd.to_numeric` with coerce)."""
    if pc is not None and len(values) > 1000:
        try:
            numbers = pc.cast(pa.array(values, type=pa.large_string()), pa.float64())
            return pd.Series(numbers.to_numpy(zero_copy_only=False), index=values.index)
        except (pa.ArrowInvalid, pa.ArrowTypeError, pa.ArrowNotImplementedError):
            pass  # a value arrow cannot read: let pandas name each one
    return pd.to_numeric(values, errors="coerce").astype(float)


def _odd_space(line: str) -> str | None:
    """The first unusual space in a line, in words, if it holds one trec_eval does not split on."""
    for char, words in _ODD_SPACES.items():
        if char in line:
            return words
    return None


def _collect(frame: pd.DataFrame, lines: _Lines, masks: list[tuple[str, pd.Series]]):
    """Problems for the rows flagged by each (reason, mask); first reason wins per line."""
    flagged = pd.Series(False, index=frame.index)
    problems: list[Problem] = []
    for reason, mask in masks:
        new = mask & ~flagged
        for line in frame.loc[new, "line"].to_numpy():
            text = lines[line - 1]
            said = reason
            odd = _odd_space(text) if "fields" in reason else None
            if odd:
                said += (
                    f"; it holds {odd}, which trec_eval does not read as a separator: use "
                    f"spaces or tabs between fields"
                )
            problems.append(Problem(int(line), said, _shorten(text)))
        flagged |= new
    problems.sort(key=lambda p: p.line)
    return flagged, tuple(problems)


def _duplicates(frame: pd.DataFrame) -> tuple[pd.Series, dict[int, int]]:
    """Rows repeating an earlier (query, doc) pair, and the line of that earlier row."""
    dup = frame.duplicated(["query", "doc"], keep="first")
    first_line: dict[int, int] = {}
    if dup.any():
        # Only the rows of repeated pairs are indexed: a big run has few of them.
        involved = frame[frame.duplicated(["query", "doc"], keep=False)]
        firsts = involved[~dup[involved.index]].set_index(["query", "doc"])["line"]
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


def _comment_lines(raw: pd.DataFrame) -> pd.Series:
    """Lines whose first character after blanks is '#': comments, which trec_eval skips."""
    return raw[0].str.startswith("#")


def _comment_note(name: str, comments: int) -> list[str]:
    if not comments:
        return []
    return [
        f"{name}: {_plural(comments, 'comment line')} (starting with #) skipped, as trec_eval "
        f"does since version 10.0."
    ]


def read_trec_run(data: bytes, name: str = "The run file") -> Table:
    """Read a TREC run: ``query_id Q0 doc_id rank score run_name`` per line, as trec_eval does
    (fields after the sixth ignored, ``#`` lines skipped; see the module's notes)."""
    text = _text(data, name)
    text, data, notes = _old_mac_line_ends(text, data, name)
    lines = _Lines(text)
    raw = _whitespace_fields(text, 6, data)
    raw = raw[raw[0] != ""]  # blank lines
    comment = _comment_lines(raw)
    comments = int(comment.sum())
    raw = raw[~comment]
    score = _as_numbers(raw[4])
    frame = pd.DataFrame(
        {"query": raw[0], "doc": raw[2], "score": score, "line": raw["line"]}, index=raw.index
    )
    short = raw[5] == ""
    masks = [
        ("has fewer than 6 fields (query Q0 doc rank score run)", short),
        ("has a score that is not a number", score.isna() | ~np.isfinite(score)),
    ]
    rows, problems = _problems_with_duplicates(
        frame, lines, masks, "trec_eval refuses repeated documents in a run"
    )
    extra = int((raw[6] != "").sum())
    notes += _comment_note(name, comments)
    if extra:
        notes.append(
            f"{name}: {_plural(extra, 'line', 'have')} more than 6 fields: read as trec_eval "
            f"reads them, the first 6 (query Q0 doc rank score run); the rest of each line is "
            f"ignored."
        )
    return Table(
        name, rows.reset_index(drop=True), problems, "score", tuple(notes), extra, comments
    )


def _whole_relevance(text: pd.Series) -> pd.Series:
    """The relevance as trec_eval reads it, C's ``atol``: the leading whole number of the text
    (0.5 → 0, 1.7 → 1, -1.5 → -1, 2e3 → 2), 0 when there is none."""
    digits = text.str.extract(r"^([+-]?\d+)", expand=False)
    return pd.to_numeric(digits, errors="coerce").fillna(0).astype(float)


def read_trec_qrels(
    data: bytes, name: str = "The qrels file", *, whole_relevance: bool = False
) -> Table:
    """Read TREC qrels: ``query_id iteration doc_id relevance`` per line (``#`` lines skipped).

    A relevance that is not a whole number is kept as written; with ``whole_relevance=True`` it
    is read as trec_eval reads it, its leading whole number (C's ``atol``: 0.5 → 0, 1.7 → 1),
    and a note says how many were cut.
    """
    text = _text(data, name)
    text, data, notes = _old_mac_line_ends(text, data, name)
    lines = _Lines(text)
    raw = _whitespace_fields(text, 4, data)
    raw = raw[raw[0] != ""]
    comment = _comment_lines(raw)
    comments = int(comment.sum())
    raw = raw[~comment]
    relevance = _as_numbers(raw[3])
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
    notes += _comment_note(name, comments)
    if whole_relevance:
        whole = _whole_relevance(raw.loc[rows.index, 3])
        cut = int((whole != rows["relevance"]).sum())
        rows = rows.assign(relevance=whole)
        if cut:
            notes.append(
                f"{name}: {_plural(cut, 'relevance')} not a whole number: read as trec_eval "
                f"reads them, their leading whole number (0.5 → 0, 1.7 → 1)."
            )
    return Table(name, rows.reset_index(drop=True), problems, "score", tuple(notes), 0, comments)


def _delimiter_hint(first_line: str) -> str:
    """When a header is not comma-separated: what separates it, and what to do."""
    for delimiter, words in ((";", "semicolons (;)"), ("\t", "tabs")):
        cells = [cell.strip().lower() for cell in first_line.split(delimiter)]
        if len(cells) > 1 and all(column in cells for column in CSV_REQUIRED):
            return (
                f" Its columns look separated by {words}: save it with commas between columns "
                f"(spreadsheets in some languages use semicolons), or use the TREC format."
            )
    return ""


def _csv_rows(text: str, name: str):
    """The CSV's rows with their physical line numbers; a csv error names the line its row
    starts on (a quoted field can run over several lines)."""
    reader = csv.reader(io.StringIO(text, newline=""))
    last = 0
    try:
        for row in reader:
            yield reader.line_num, row
            last = reader.line_num
    except csv.Error as error:
        line = count(last + 1)
        if "field larger than field limit" in str(error):
            raise ValueError(
                f"{name}, line {line}: a field is longer than {count(CSV_FIELD_LIMIT)} "
                f"characters, more than any id or number needs (an unclosed quote makes the rest "
                f"of the file one field). Close the quote or shorten the field."
            ) from None
        raise ValueError(
            f"{name}, line {line} cannot be read as CSV ({error}). Check its quotes."
        ) from None


def read_csv_run(data: bytes, name: str = "The CSV file") -> Table:
    """Read a CSV with a header: query_id, doc_id, relevance[, score | rank].

    Returns rows with columns query, doc, relevance, score (NaN: judged but not ranked), line.
    A ``rank`` column becomes score = -rank, so rank 1 comes first.
    """
    text = _text(data, name)
    # csv.reader ends a line at \r too (a file saved by old Mac software), so its line numbers
    # count those; the TREC readers' (pandas' or the one-line-at-a-time path) count \n only.
    lines = _Lines(text, r"\r\n|\r|\n")
    rows_read = _csv_rows(text, name)
    _, first = next(rows_read)
    header = [h.strip().lower() for h in first]
    missing = [c for c in CSV_REQUIRED if c not in header]
    if missing:
        raise ValueError(
            f"{name} needs the columns query_id, doc_id, relevance (and optionally score or "
            f"rank) in its first line; it lacks {', '.join(missing)}. Its first line is "
            f"{_shorten(lines[0])!r}.{_delimiter_hint(lines[0])}"
        )
    repeated = sorted({h for h in header if h and header.count(h) > 1})
    if repeated:
        raise ValueError(
            f"{name} names the column {', '.join(repeated)} more than once in its first line "
            f"({_shorten(lines[0])!r}): keep one column of each name, so each value has one "
            f"meaning."
        )
    if "score" in header and "rank" in header:
        raise ValueError(
            f"{name} has both a score and a rank column: keep one, so the order is unambiguous."
        )
    order_column = "score" if "score" in header else "rank" if "rank" in header else None
    width = len(header)
    records, line_numbers, wrong_width = [], [], []
    # csv.reader counts physical lines, so quoted newlines keep the numbers right.
    for line, row in rows_read:
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
    relevance = _as_numbers(raw["relevance"])
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
        value = _as_numbers(raw[order_column])
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
            f"used as it is (scikit-learn does the same). trec_eval reads only its leading "
            f"whole number (0.5 → 0, 1.7 → 1), so its values differ for the queries concerned."
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


def _nothing_left(table: Table, what: str) -> ValueError:
    """The message for a file none of whose lines could be used."""
    if table.problems:
        return ValueError(
            f"No line of {table.name} is left to evaluate: all "
            f"{_plural(len(table.problems), 'line')} with {what} were set aside as problems "
            f"(listed with their reasons). Fix the file and upload it again."
        )
    return ValueError(f"{table.name} has no {what} to evaluate.")


def _as_category(column: pd.Series, categories: pd.Index) -> pd.Categorical:
    return pd.Categorical(column, categories=categories)


def join_trec(run: Table, qrels: Table, name: str | None = None) -> Dataset:
    """Join a run to qrels as trec_eval does; notes say what was left out and why.

    Documents the run ranks but the qrels do not judge count as not relevant (relevance 0).
    Only queries present in both files are evaluated (trec_eval's default); the judgments of
    the queries the run never answers are kept apart (`Dataset.unanswered`) for trec_eval's
    ``-c`` mean.
    """
    if run.rows.empty:
        raise _nothing_left(run, "a ranked document")
    if qrels.rows.empty:
        raise _nothing_left(qrels, "a judgment")
    notes: list[str] = list(run.notes) + list(qrels.notes)
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
            f"({_examples(unranked)}): left out of the mean by default, as trec_eval does; with "
            f"its -c option (every judged query) each counts as 0."
        )
    keep = run_queries.difference(unjudged, sort=False)
    if not len(keep):
        raise ValueError(
            "The run and the qrels have no query in common, so there is nothing to evaluate: "
            f"the run's queries start {_examples(run_queries, 3)}, the qrels' "
            f"{_examples(judged_queries, 3)}. Check that both files are about the same topics."
        )
    ranked = run_rows[run_rows["query"].isin(keep)]
    unanswered = judgments[judgments["query"].isin(unranked)]
    judgments = judgments[judgments["query"].isin(keep)]
    ranked = ranked.merge(judgments, on=["query", "doc"], how="left", sort=False)
    ranked["judged"] = ranked["relevance"].notna()
    ranked["query"] = _as_category(ranked["query"], keep)
    judgments = judgments.assign(query=_as_category(judgments["query"], keep))
    unjudged_docs = int((~ranked["judged"]).sum())
    if unjudged_docs:
        notes.append(
            f"{_plural(unjudged_docs, 'ranked document', 'have')} no judgment: they count as not "
            f"relevant (relevance 0), as in trec_eval."
        )
    ranked["relevance"] = ranked["relevance"].fillna(0.0)
    notes += _no_relevant_note(judgments, keep)
    return Dataset(
        name or run.name,
        ranked,
        judgments.reset_index(drop=True),
        True,
        tuple(notes),
        unanswered.reset_index(drop=True),
    )


def from_csv(table: Table, name: str | None = None) -> Dataset:
    """A CSV table as a dataset: rows with a score are ranked, all rows are judgments."""
    rows = table.rows
    if rows.empty:
        raise _nothing_left(table, "a row")
    notes: list[str] = list(table.notes)
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
            f"({_examples(unranked)}): left out of the mean by default; counted as 0 when the "
            f"mean is taken over every judged query (trec_eval's -c)."
        )
    if ranked.empty:
        raise ValueError(
            f"No row of {table.name} has a score or rank, so there is no ranking to evaluate: "
            f"give the ranked rows a score (higher first) or a rank (1 first)."
        )
    keep = queries.difference(unranked, sort=False)
    unanswered = judgments[rows["query"].isin(unranked)]
    judgments = judgments[rows["query"].isin(keep)]
    ranked = ranked[["query", "doc", "score", "relevance"]].assign(
        judged=True, query=_as_category(ranked["query"], keep)
    )
    judgments = judgments.assign(query=_as_category(judgments["query"], keep))
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
        unanswered.reset_index(drop=True),
    )


# ---------------------------------------------------------------------------------------------
# A set of files at once: what a page was given, read and joined (in a worker process for big
# files: see ui/queries_data.py)
# ---------------------------------------------------------------------------------------------

ROLES = ("run", "qrels", "second_run")  # the files a set can hold, in the order they are read


def read_file(kind: str, role: str, name: str, data: bytes, cap_mb: float) -> Table:
    """Read one file of a set in its role ('run', 'qrels', 'second_run'; `kind` 'csv' or
    'trec'). Raises ValueError (over the cap, not text, missing columns) with the file's name."""
    check_size(len(data), cap_mb, name)
    if role == "qrels":
        return read_trec_qrels(data, name)
    if kind == "csv":
        return read_csv_run(data, name)
    return read_trec_run(data, name)


def join_files(kind: str, tables: dict[str, Table]) -> dict[str, Dataset]:
    """Join what was read into datasets: 'run' and, if present, 'second_run'."""
    out = {}
    for role in ("run", "second_run"):
        if role not in tables:
            continue
        if kind == "csv":
            out[role] = from_csv(tables[role])
        else:
            out[role] = join_trec(tables[role], tables["qrels"])
    return out


def load_files(
    kind: str, files: dict[str, tuple[str, bytes]], cap_mb: float
) -> tuple[dict[str, Table], dict[str, Dataset] | ValueError]:
    """Read and join a set of files in one call (the unit of work a worker process does): the
    tables, and the datasets or the ValueError joining them raised. A file that cannot be
    read at all raises its ValueError."""
    tables = {role: read_file(kind, role, *files[role], cap_mb) for role in ROLES if role in files}
    try:
        return tables, join_files(kind, tables)
    except ValueError as error:
        return tables, error


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
    complete: bool = False,
) -> BatchResult:
    """NDCG@k of every query of `data` through ``batch_ndcg``.

    ``ideal="judgments"`` builds each ideal ranking from all judged documents of the query
    (trec_eval); ``ideal="run"`` from the ranked documents only. ``on_zero=float("nan")``
    leaves queries without any relevant document out of the mean. `keywords(scoring)` gives
    these keywords for a `Scoring`.

    ``complete`` chooses the queries the mean is taken over, as trec_eval's ``-c``
    (``--complete_rel_info_wanted``) does: False (its default), the queries both the run and
    the judgments have; True, every judged query, each query the run never answers scored as
    an empty ranking (DCG 0, so NDCG 0; with nothing relevant to find, the all-zero rule). Those
    queries follow the run's in ``per_query``, with ``n_items`` 0.
    """
    check_option(ideal, IDEALS, "ideal")
    if not isinstance(complete, (bool, np.bool_)):
        raise ValueError(
            f"`complete` must be True (every judged query, trec_eval -c) or False (the queries "
            f"of the run); got {complete!r}."
        )
    ranked = data.ranked
    # Integer codes of one shared category list: fast to group, names restored below.
    categories = ranked["query"].cat.categories
    ranked_codes = ranked["query"].cat.codes.to_numpy()
    pool = {}
    if ideal == "judgments":
        pool_codes = data.judgments["query"].cat.codes.to_numpy()
        pool_relevances = data.judgments["relevance"].to_numpy()
    else:
        pool_codes, pool_relevances = ranked_codes, ranked["relevance"].to_numpy()
    names = categories
    unanswered = data.unanswered_queries if complete else pd.Index([])
    if len(unanswered):
        # The run's queries are codes 0…n-1; the unanswered follow. Under ideal="run" their
        # ideal is an empty ranking: a zero relevance stands for it.
        names = categories.append(unanswered)
        if ideal == "judgments":
            extra = data.unanswered
            extra_codes = len(categories) + unanswered.get_indexer(extra["query"])
            extra_relevances = extra["relevance"].to_numpy(dtype=float)
        else:
            extra_codes = len(categories) + np.arange(len(unanswered))
            extra_relevances = np.zeros(len(unanswered))
        pool_codes = np.concatenate([pool_codes, extra_codes])
        pool_relevances = np.concatenate([pool_relevances, extra_relevances])
    if ideal == "judgments" or len(unanswered):
        pool = {"ideal_queries": pool_codes, "ideal_relevances": pool_relevances}
    result = batch_ndcg(
        ranked_codes,
        ranked["relevance"].to_numpy(),
        ranked["score"].to_numpy(),
        k,
        ties=ties,
        docs=ranked["doc"] if ties == "docid" else None,
        gain=gain,
        discount=discount,
        log_base=log_base,
        on_zero=on_zero,
        complete=bool(len(unanswered)),
        **pool,
    )
    per_query = result.per_query
    per_query.index = pd.Index(names[per_query.index.to_numpy()], name="query")
    return replace(result, per_query=per_query)


@dataclass(frozen=True)
class CompleteGap:
    """A run's mean two ways, as trec_eval takes it: over the queries it answered (its
    default) and over every judged query (``-c``), and the queries that make the difference.

    `unanswered` holds, for each judged query the run never answers, the value it counts with
    in the ``-c`` mean (0 under trec_eval's conventions), its judged and its relevant documents.
    """

    answered: float
    complete: float
    answered_queries: int
    unanswered: pd.DataFrame

    @property
    def difference(self) -> float:
        """How much higher the default mean is than the ``-c`` one (≥ 0 when skipped queries
        count 0)."""
        return self.answered - self.complete


def answered_only(full: BatchResult, data: Dataset) -> BatchResult:
    """`full` (an evaluation with ``complete=True``) cut to the queries the run answers: what
    ``complete=False`` gives, without evaluating again."""
    per_query = full.per_query.iloc[: len(data.queries)]
    values = per_query["ndcg"].to_numpy(dtype=float)
    mean = float(np.nanmean(values)) if np.isfinite(values).any() else float("nan")
    return BatchResult(per_query, mean, int((per_query["idcg"] == 0).sum()))


def complete_gap(data: Dataset, **keywords) -> CompleteGap:
    """Both means of `evaluate` (``complete=False`` and ``True``) under the same conventions,
    from one evaluation."""
    keywords.pop("complete", None)
    full = evaluate(data, complete=True, **keywords)
    answered = answered_only(full, data)
    skipped = data.unanswered_queries
    if len(skipped):
        judged = data.unanswered.groupby("query", sort=False)["relevance"]
        unanswered = pd.DataFrame(
            {
                "judged": judged.size().reindex(skipped),
                "relevant": judged.apply(lambda r: int((r > 0).sum())).reindex(skipped),
                "ndcg": full.per_query["ndcg"].reindex(skipped),
            }
        )
    else:
        unanswered = pd.DataFrame(
            {"judged": [], "relevant": [], "ndcg": []}, index=pd.Index([], name="query")
        )
    unanswered.index.name = "query"
    return CompleteGap(
        answered.mean, full.mean, int(answered.per_query["ndcg"].count()), unanswered
    )


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


def convention_grid(data: Dataset, scoring: Scoring, *, complete: bool = False) -> ConventionGrid:
    """How far the mean moves with the two conventions a run's files do not settle: what a
    query with nothing relevant scores, and whether unretrieved judgments join the ideal.
    `complete` as in `evaluate` (the same query set for every cell)."""
    means = pd.DataFrame(
        {
            ideal: {
                zero: evaluate(
                    data, complete=complete, **keywords(replace(scoring, ideal=ideal, zero=zero))
                ).mean
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
    # trec_eval's order (batch's "docid"): scores as float32, ties by doc id descending.
    with np.errstate(over="ignore"):
        single = rows["score"].to_numpy().astype(np.float32)
    order = rows.assign(_single=single).sort_values(
        ["_single", "doc"], ascending=False, kind="stable"
    )
    return order.drop(columns="_single")


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
