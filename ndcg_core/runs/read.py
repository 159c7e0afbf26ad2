"""Reading a CSV run into a `Table`, and what every reader shares: the `Table` of the rows it
could use and a `LineProblem` (line number, reason, line) for each line it could not, kept or
counted (`MAX_PROBLEMS`), summarised when almost no line reads. The rules every reader follows,
and the formats, are in the package's docstring (`ndcg_core.runs`).
"""

from __future__ import annotations

import csv
import io
import re
from dataclasses import dataclass, replace

import numpy as np
import pandas as pd
import pyarrow as pa  # turns 2 million numbers written as text into floats in milliseconds
import pyarrow.compute as pc

from columnar import frame_of, numpy_of
from i18n import N_, tr_kept, trn_kept

from ..display import shorten

CSV_REQUIRED = ("query_id", "doc_id", "relevance")
# Characters of a file's line quoted beside its problem: more than a message quotes
# (display.MAX_QUOTED), so that a whole TREC line usually shows.
MAX_SHOWN_TEXT = 80
MB = 1_000_000  # bytes in the megabyte of the upload cap, as Streamlit's uploader counts it
# Problem lines kept per file, with their line numbers and text; past them, problems are only
# counted. A page shows the first thousand; a file of millions of bad lines must not hold a
# Python object per line (the server would need gigabytes for a 10 MB file of them).
MAX_PROBLEMS = 10_000
# A file is summarised ("none of its lines has 6 fields…") when at most this share of its
# lines read: listing its lines one by one helps less than saying what they look like.
SUMMARY_SHARE = 0.01
CSV_FIELD_LIMIT = csv.field_size_limit()  # characters in one CSV field (131,072)
# C's isspace in the "C" locale: what trec_eval separates fields with. A no-break space or an
# ideographic space is not one of them: to trec_eval it is part of a field.
TREC_SPACE = " \t\v\f\r"
_TREC_SPLIT = re.compile(f"[{re.escape(TREC_SPACE)}]+")
_ODD_SPACES = {
    "\u00a0": N_("a no-break space (U+00A0)"),
    "\u2007": N_("a figure space (U+2007)"),
    "\u202f": N_("a narrow no-break space (U+202F)"),
    "\u3000": N_("an ideographic space (U+3000)"),
    "\u2002": N_("an en space (U+2002)"),
    "\u2003": N_("an em space (U+2003)"),
    "\u2009": N_("a thin space (U+2009)"),
    "\u200b": N_("a zero-width space (U+200B)"),
    "\u0085": N_("a next-line character (U+0085)"),
    "\u2028": N_("a line separator (U+2028)"),
}


# Why a line could not be used: each a whole message, made with `tr_kept` where the line is read
# (perhaps in a worker process, in English) and `retold` in the language of the page that shows
# it. The command line shows them as they are, in English.
FEWER_FIELDS = N_("has fewer than {width} fields ({fields})")
MORE_FIELDS = N_("has more than {width} fields ({fields})")
NOT_A_NUMBER = {
    "score": N_("has a score that is not a number"),
    "rank": N_("has a rank that is not a number"),
    "relevance": N_("has a relevance that is not a number"),
}
EMPTY_QUERY = N_("has an empty query_id")
EMPTY_DOC = N_("has an empty doc_id")
NOT_HEADER_WIDTH = N_("does not have the header's {width} fields")
REPEATED = N_("repeats an earlier (query, document) pair")
# A repeated pair, on its line, with why a pair may not repeat in that kind of file.
REPEATS_LINE = {
    "csv": N_(
        "repeats the (query, document) pair of line {first}; each document appears once per query"
    ),
    "run": N_(
        "repeats the (query, document) pair of line {first}; trec_eval refuses repeated "
        "documents in a run"
    ),
    "qrels": N_(
        "repeats the (query, document) pair of line {first}; a document is judged once per query"
    ),
}

# The summary's clause for the reason most lines have: every line has it, or `n` of them.
_CLAUSES = {
    FEWER_FIELDS: (
        lambda v: tr_kept("every one has fewer than {width} fields ({fields})", **v),
        lambda n, v: trn_kept(
            "{count} of them has fewer than {width} fields ({fields})",
            "{count} of them have fewer than {width} fields ({fields})",
            n,
            count=int(n),
            **v,
        ),
    ),
    MORE_FIELDS: (
        lambda v: tr_kept("every one has more than {width} fields ({fields})", **v),
        lambda n, v: trn_kept(
            "{count} of them has more than {width} fields ({fields})",
            "{count} of them have more than {width} fields ({fields})",
            n,
            count=int(n),
            **v,
        ),
    ),
    NOT_A_NUMBER["score"]: (
        lambda v: tr_kept("every one has a score that is not a number"),
        lambda n, v: trn_kept(
            "{count} of them has a score that is not a number",
            "{count} of them have a score that is not a number",
            n,
            count=int(n),
        ),
    ),
    NOT_A_NUMBER["rank"]: (
        lambda v: tr_kept("every one has a rank that is not a number"),
        lambda n, v: trn_kept(
            "{count} of them has a rank that is not a number",
            "{count} of them have a rank that is not a number",
            n,
            count=int(n),
        ),
    ),
    NOT_A_NUMBER["relevance"]: (
        lambda v: tr_kept("every one has a relevance that is not a number"),
        lambda n, v: trn_kept(
            "{count} of them has a relevance that is not a number",
            "{count} of them have a relevance that is not a number",
            n,
            count=int(n),
        ),
    ),
    EMPTY_QUERY: (
        lambda v: tr_kept("every one has an empty query_id"),
        lambda n, v: trn_kept(
            "{count} of them has an empty query_id",
            "{count} of them have an empty query_id",
            n,
            count=int(n),
        ),
    ),
    EMPTY_DOC: (
        lambda v: tr_kept("every one has an empty doc_id"),
        lambda n, v: trn_kept(
            "{count} of them has an empty doc_id",
            "{count} of them have an empty doc_id",
            n,
            count=int(n),
        ),
    ),
    NOT_HEADER_WIDTH: (
        lambda v: tr_kept("every one does not have the header's {width} fields", **v),
        lambda n, v: trn_kept(
            "{count} of them does not have the header's {width} fields",
            "{count} of them do not have the header's {width} fields",
            n,
            count=int(n),
            **v,
        ),
    ),
    REPEATED: (
        lambda v: tr_kept("every one repeats an earlier (query, document) pair"),
        lambda n, v: trn_kept(
            "{count} of them repeats an earlier (query, document) pair",
            "{count} of them repeat an earlier (query, document) pair",
            n,
            count=int(n),
        ),
    ),
}


@dataclass(frozen=True)
class LineProblem:
    """A line of a file that could not be used, and why (`text`: the line, cut to
    `MAX_SHOWN_TEXT` characters)."""

    line: int
    reason: str
    text: str


@dataclass(frozen=True)
class Table:
    """Rows read from one file: the usable ones and the problems, by line number.

    `notes` say, in words, what the reader did beyond reading (comment lines skipped, fields
    ignored, line ends read); `extra_fields` and `comments` count the run lines concerned.
    `rows` is a frame, or the columns it is made of (a worker's, `frame_of`: `framed`).
    """

    name: str
    rows: pd.DataFrame
    problems: tuple[LineProblem, ...] = ()
    order: str = "score"  # what ranks the rows: "score", "rank" or "file" (file order)
    notes: tuple[str, ...] = ()
    extra_fields: int = 0
    comments: int = 0
    more_problems: int = 0  # problem lines after the first MAX_PROBLEMS: counted, not kept
    summary: str = ""  # what the lines look like, when almost none of them reads

    @property
    def problem_count(self) -> int:
        """Every line that could not be used: those kept in `problems` and those counted."""
        return len(self.problems) + self.more_problems

    def framed(self) -> Table:
        return replace(self, rows=frame_of(self.rows))


# ---------------------------------------------------------------------------------------------
# Reading bytes
# ---------------------------------------------------------------------------------------------


def not_utf8(name: str, data: bytes, error: UnicodeDecodeError, first_line: int = 1):
    """The one message for bytes that are not UTF-8 (`data`, from line `first_line` of the file
    `name`): the line and the byte that cannot be read."""
    return ValueError(
        tr_kept(
            "{name} is not UTF-8 text: line {line} has a byte that cannot be read ({byte}). "
            "Save it as UTF-8 and upload it again.",
            name=name,
            line=first_line + data[: error.start].count(b"\n"),
            byte=repr(data[error.start : error.start + 1]),
        )
    )


def _text(data: bytes, name: str) -> str:
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        raise not_utf8(name, data, error) from None
    if not text.strip():
        raise ValueError(tr_kept("{name} is empty: it has no lines to read.", name=name))
    return text


class _Lines:
    """The file's lines (without their line ends), found only when a problem needs to quote
    one; `quoted` is a line as a problem row shows it. Lines end at LF, or with `cr_ends` at
    CR LF, CR or LF (as csv.reader ends them). Where each line starts is kept as numbers, not
    as one string per line: a file of five million short lines would need gigabytes."""

    def __init__(self, text: str, cr_ends: bool = False):
        self._text, self._cr_ends, self._bounds = text, cr_ends, None

    def _find_bounds(self) -> tuple[np.ndarray, np.ndarray]:
        text = self._text
        # One number per character, so that positions are the text's own indices.
        if text.isascii():
            codes = np.frombuffer(text.encode("ascii"), np.uint8)
        else:
            codes = np.frombuffer(text.encode("utf-32-le"), np.uint32)
        ends = codes == ord("\n")
        if self._cr_ends:
            alone = codes == ord("\r")
            alone[:-1] &= ~ends[1:]  # the CR of a CR LF is not a line end of its own
            ends |= alone
        ends = np.flatnonzero(ends)
        return np.concatenate(([0], ends + 1)), np.concatenate((ends, [len(text)]))

    def __getitem__(self, index: int) -> str:
        if self._bounds is None:
            self._bounds = self._find_bounds()
        starts, ends = self._bounds
        return self._text[starts[index] : ends[index]].rstrip("\r\n")

    def quoted(self, index: int) -> str:
        return shorten(self[index], MAX_SHOWN_TEXT)


def _as_numbers(values):
    """Text to floats, NaN where a value is not a number (as `pd.to_numeric` with coerce): a
    Series, or arrow's text (pandas untouched if arrow reads it all) as an array."""
    arrow = isinstance(values, (pa.Array, pa.ChunkedArray))
    if len(values) > 1000:
        try:
            text = values if arrow else pa.array(values, type=pa.large_string())
            numbers = numpy_of(pc.cast(text, pa.float64()))
            return numbers if arrow else pd.Series(numbers, index=values.index)
        except (pa.ArrowInvalid, pa.ArrowTypeError, pa.ArrowNotImplementedError):
            pass  # a value arrow cannot read: let pandas name each one
    numbers = pd.to_numeric(pd.Series(values) if arrow else values, errors="coerce").astype(float)
    return numbers.to_numpy(float) if arrow else numbers


def _odd_space(line: str) -> str | None:
    """The first unusual space in a line, in words, if it holds one trec_eval does not split on."""
    for char, words in _ODD_SPACES.items():
        if char in line:
            return words
    return None


@dataclass(frozen=True)
class _Found:
    """Problems found by one check: the first `MAX_PROBLEMS` (by line), how many in all, and
    how many lines each reason flagged."""

    kept: tuple[LineProblem, ...] = ()
    total: int = 0
    by_reason: tuple[tuple[str, int], ...] = ()

    def __add__(self, other: _Found) -> _Found:
        # The first MAX_PROBLEMS of a union lie among the first MAX_PROBLEMS of each part.
        kept = sorted(self.kept + other.kept, key=lambda p: p.line)[:MAX_PROBLEMS]
        by_reason = dict(self.by_reason)
        for reason, n in other.by_reason:  # the same reason in two blocks counts once
            by_reason[reason] = by_reason.get(reason, 0) + n
        return _Found(tuple(kept), self.total + other.total, tuple(by_reason.items()))


def _collect(numbers, lines: _Lines, masks: list[tuple[str, pd.Series]]):
    """The rows (their line `numbers`) flagged by each (reason, mask), first reason first, and
    their problems: only the first `MAX_PROBLEMS` lines get a `LineProblem`, others counted."""
    reason_of = np.full(len(numbers), -1, dtype=np.int16)
    for index, (_, mask) in enumerate(masks):
        reason_of[np.asarray(mask, dtype=bool) & (reason_of < 0)] = index
    flagged = reason_of >= 0
    bad_lines, bad_reasons = np.asarray(numbers)[flagged], reason_of[flagged]
    first = np.argsort(bad_lines, kind="stable")[:MAX_PROBLEMS]
    problems = []
    for line, index in zip(bad_lines[first], bad_reasons[first]):
        text = lines[line - 1]
        said = masks[index][0]
        odd = _odd_space(text) if said.message[0] in (FEWER_FIELDS, MORE_FIELDS) else None
        if odd:
            said = tr_kept(
                "{reason}; it holds {odd}, which trec_eval does not read as a separator: use "
                "spaces or tabs between fields",
                reason=said,
                odd=tr_kept(odd),
            )
        problems.append(LineProblem(int(line), said, shorten(text, MAX_SHOWN_TEXT)))
    by_reason = np.bincount(bad_reasons, minlength=len(masks))
    found = _Found(
        tuple(problems),
        len(bad_lines),
        tuple((reason, int(n)) for (reason, _), n in zip(masks, by_reason)),  # in mask order
    )
    return flagged, found


def _duplicates(frame: pd.DataFrame) -> tuple[pd.Series, dict[int, int]]:
    """Rows repeating an earlier (query, doc) pair, and the line of that earlier row for the
    first `MAX_PROBLEMS` of them."""
    dup = frame.duplicated(["query", "doc"], keep="first")
    first_line: dict[int, int] = {}
    if dup.any():
        # Only the rows of repeated pairs are indexed: a big run has few of them.
        involved = frame[frame.duplicated(["query", "doc"], keep=False)]
        firsts = involved[~dup[involved.index]].set_index(["query", "doc"])["line"]
        shown = frame.loc[dup, ["query", "doc"]].head(MAX_PROBLEMS)
        for idx, q, d in shown.itertuples():
            first_line[idx] = int(firsts.loc[(q, d)])
    return dup, first_line


def _repeats(frame: pd.DataFrame, what: str, text_of) -> tuple[pd.Series, _Found]:
    """Rows repeating an earlier (query, doc) pair of `frame` (query, doc, line), and their
    problems, quoted by `text_of(line)`; `what`: the kind of file ("csv", "run", "qrels")."""
    dup, first_line = _duplicates(frame)
    repeats = int(dup.sum())
    problems = tuple(
        LineProblem(
            int(frame.at[idx, "line"]),
            tr_kept(REPEATS_LINE[what], first=first),
            shorten(text_of(int(frame.at[idx, "line"])), MAX_SHOWN_TEXT),
        )
        for idx, first in first_line.items()
    )
    reason = ((tr_kept(REPEATED), repeats),) if repeats else ()
    return dup, _Found(problems, repeats, reason)


def _problems_with_duplicates(frame, lines, masks, what):
    flagged, found = _collect(frame["line"], lines, masks)
    clean = frame[~flagged]
    dup, repeated = _repeats(clean, what, lambda line: lines[line - 1])
    return clean[~dup], found + repeated


def _summary(name: str, lines: int, found: _Found, guess, unread: int = 0) -> str:
    """A file almost none of whose lines read, in words: how many lines read, the reason most
    lines have, its first problem line, and `guess(text)`'s idea of what the file is; "" for a
    file that mostly reads. `unread`: lines not read, the first ones showing what the file is.
    Whole sentences, kept (`tr_kept`) to be retold in the language of the page showing them."""
    if lines < 2 or not found.total or lines - found.total > SUMMARY_SHARE * lines:
        return ""
    reason, most = max(found.by_reason, key=lambda pair: pair[1])
    message, _, _, fields = reason.message
    every, some = _CLAUSES[message]
    why = every(fields) if most == found.total == lines else some(most, fields)
    used = lines - found.total
    if not used and not unread:
        start = trn_kept(
            "None of the {count} line of {name} could be used: {why}.",
            "None of the {count} lines of {name} could be used: {why}.",
            lines,
            count=int(lines),
            name=name,
            why=why,
        )
    elif not used:
        start = trn_kept(
            "None of the first {count} line of {name} could be used (the other {unread} were "
            "not read): {why}.",
            "None of the first {count} lines of {name} could be used (the other {unread} were "
            "not read): {why}.",
            lines,
            count=int(lines),
            name=name,
            unread=int(unread),
            why=why,
        )
    else:
        start = trn_kept(
            "Only {used} of the {count} line of {name} could be used: {why}.",
            "Only {used} of the {count} lines of {name} could be used: {why}.",
            lines,
            count=int(lines),
            name=name,
            used=int(used),
            why=why,
        )
    first = found.kept[0]
    said = tr_kept(
        "{said} {then}",
        said=start,
        then=tr_kept("Line {line} reads {text}.", line=int(first.line), text=repr(first.text)),
    )
    hint = guess(first.text)
    return tr_kept("{said} {then}", said=said, then=hint) if hint else said


def _trec_guess(other_fields: int, other: str):
    """What a TREC file whose lines do not read may be instead: a CSV, or the other TREC file
    (its lines have `other_fields` fields)."""

    def guess(text: str) -> str:
        fields = len(_TREC_SPLIT.split(text.strip(TREC_SPACE))) if text.strip(TREC_SPACE) else 0
        if "," in text and fields <= 2:
            return tr_kept(
                "Is it a CSV? Then read it as a CSV file (with a header line), not as TREC."
            )
        if fields == other_fields:
            return tr_kept(
                "That is the shape of {other}: are the qrels and the run swapped?",
                other=tr_kept(other),
            )
        return ""

    return guess


def _csv_guess(text: str) -> str:
    for delimiter, words in ((";", N_("semicolons (;)")), ("\t", N_("tabs"))):
        if delimiter in text:
            return tr_kept(
                "Are its columns separated by {separator}? Save it with commas between columns.",
                separator=tr_kept(words),
            )
    return ""


def _comment_note(name: str, comments: int) -> list[str]:
    if not comments:
        return []
    return [
        trn_kept(
            "{name}: {count} comment line (starting with #) skipped, as trec_eval does since "
            "version 10.0.",
            "{name}: {count} comment lines (starting with #) skipped, as trec_eval does since "
            "version 10.0.",
            comments,
            name=name,
            count=int(comments),
        )
    ]


LONG_MAX = 2**63 - 1  # C's long on a 64-bit machine, where atol's value saturates


def _whole_relevance(text: pd.Series) -> pd.Series:
    """The relevance as trec_eval reads it, C's ``atol`` on a 64-bit long: the leading whole
    number of the text (0.5 → 0, 1.7 → 1, -1.5 → -1, 2e3 → 2, 1e400 → 1), 0 when there is
    none (abc → 0), and ±`LONG_MAX` when it has more digits than a long holds (glibc's atol
    saturates), as a float, the way trec_eval turns it into a gain."""
    found = text.str.extract(r"^([+-]?)0*([0-9]+)", expand=True)  # ASCII digits only, as C's
    sign, digits = found[0], found[1]
    digits = digits.where(~(digits.str.len() > len(str(LONG_MAX))), str(LONG_MAX + 1))
    value = pd.to_numeric(digits, errors="coerce").astype(float).clip(upper=float(LONG_MAX))
    return value.where(sign != "-", -value).fillna(0.0)


def _delimiter_hint(said: str, first_line: str) -> str:
    """`said`, and when the header is not comma-separated, what separates it and what to do
    (kept whole, so the two are retold together in the page's language)."""
    for delimiter, words in ((";", N_("semicolons (;)")), ("\t", N_("tabs"))):
        cells = [cell.strip().lower() for cell in first_line.split(delimiter)]
        if len(cells) > 1 and all(column in cells for column in CSV_REQUIRED):
            hint = tr_kept(
                "Its columns look separated by {separator}: save it with commas between "
                "columns (spreadsheets in some languages use semicolons), or use the TREC "
                "format.",
                separator=tr_kept(words),
            )
            return tr_kept("{said} {then}", said=said, then=hint)
    return said


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
        line = last + 1
        if "field larger than field limit" in str(error):
            raise ValueError(
                tr_kept(
                    "{name}, line {line}: a field is longer than {limit} characters, more than "
                    "any id or number needs (an unclosed quote makes the rest of the file one "
                    "field). Close the quote or shorten the field.",
                    name=name,
                    line=line,
                    limit=CSV_FIELD_LIMIT,
                )
            ) from None
        raise ValueError(
            tr_kept(
                "{name}, line {line} cannot be read as CSV ({error}). Check its quotes.",
                name=name,
                line=line,
                error=error,
            )
        ) from None


def _csv_header(first: list[str], lines: _Lines, name: str) -> list[str]:
    """The header's column names (trimmed, in lower case), or a ValueError saying what to
    change: a required column missing, a name given twice, both a score and a rank."""
    header = [h.strip().lower() for h in first]
    missing = [c for c in CSV_REQUIRED if c not in header]
    if missing:
        lacks = tr_kept(
            "{name} needs the columns query_id, doc_id, relevance (and optionally score or "
            "rank) in its first line; it lacks {missing}. Its first line is {first}.",
            name=name,
            missing=", ".join(missing),
            first=repr(lines.quoted(0)),
        )
        raise ValueError(_delimiter_hint(lacks, lines[0]))
    repeated = sorted({h for h in header if h and header.count(h) > 1})
    if repeated:
        raise ValueError(
            tr_kept(
                "{name} names the column {columns} more than once in its first line ({first}): "
                "keep one column of each name, so each value has one meaning.",
                name=name,
                columns=", ".join(repeated),
                first=repr(lines.quoted(0)),
            )
        )
    if "score" in header and "rank" in header:
        raise ValueError(
            tr_kept(
                "{name} has both a score and a rank column: keep one, so the order is unambiguous.",
                name=name,
            )
        )
    return header


def _csv_records(rows_read, width: int, lines: _Lines):
    """The rows after the header that have `width` fields (trimmed) and their line numbers, and
    the problems of the other rows that are not blank (the first `MAX_PROBLEMS` kept).
    csv.reader counts physical lines, so quoted newlines keep the numbers right."""
    records, line_numbers, wrong_width, wrong = [], [], [], 0
    for line, row in rows_read:
        if not any(cell.strip() for cell in row):
            continue
        if len(row) != width:
            wrong += 1
            if wrong <= MAX_PROBLEMS:
                reason = tr_kept(
                    "has {fields} fields, the header {width}", fields=len(row), width=width
                )
                wrong_width.append(LineProblem(line, reason, lines.quoted(line - 1)))
            continue
        records.append([cell.strip() for cell in row])
        line_numbers.append(line)
    said = tr_kept(NOT_HEADER_WIDTH, width=width)
    return (
        records,
        line_numbers,
        _Found(tuple(wrong_width), wrong, ((said, wrong),) if wrong else ()),
    )


def _csv_order(raw: pd.DataFrame, column: str | None, line: pd.Series):
    """The score that ranks the rows (higher first) and, with a score or rank column, the
    (reason, mask) of the rows whose value is not a number (an empty one is a judgment of a
    document the system did not rank)."""
    if column is None:
        return -line.astype(float), None  # file order is the ranking
    value = _as_numbers(raw[column])
    bad = (value.isna() | ~np.isfinite(value)) & (raw[column] != "")
    return (-value if column == "rank" else value), (tr_kept(NOT_A_NUMBER[column]), bad)


def read_csv_run(data: bytes, name: str = "The CSV file") -> Table:
    """Read a CSV with a header: query_id, doc_id, relevance[, score | rank].

    Returns rows with columns query, doc, relevance, score (NaN: judged but not ranked), line.
    A ``rank`` column becomes score = -rank, so rank 1 comes first.
    """
    text = _text(data, name)
    # csv.reader ends a line at \r too (a file saved by old Mac software), so its line numbers
    # count those; the TREC readers' (pandas' or the one-line-at-a-time path) count \n only.
    lines = _Lines(text, cr_ends=True)
    rows_read = _csv_rows(text, name)
    header = _csv_header(next(rows_read)[1], lines, name)
    order_column = next((column for column in ("score", "rank") if column in header), None)
    records, line_numbers, wrong_width = _csv_records(rows_read, len(header), lines)
    if not records and not wrong_width.total:
        raise ValueError(tr_kept("{name} has a header but no rows.", name=name))
    raw = pd.DataFrame(records, columns=header, dtype=str)
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
        (tr_kept(EMPTY_QUERY), raw["query_id"] == ""),
        (tr_kept(EMPTY_DOC), raw["doc_id"] == ""),
        (tr_kept(NOT_A_NUMBER["relevance"]), relevance.isna() | ~np.isfinite(relevance)),
    ]
    frame["score"], not_a_number = _csv_order(raw, order_column, frame["line"])
    if not_a_number is not None:
        masks.append(not_a_number)
    rows, found = _problems_with_duplicates(frame, lines, masks, "csv")
    found = found + wrong_width
    summary = _summary(name, len(frame) + wrong_width.total, found, _csv_guess)
    return Table(
        name,
        rows.reset_index(drop=True),
        found.kept,
        order_column or "file",
        more_problems=found.total - len(found.kept),
        summary=summary,
    )
