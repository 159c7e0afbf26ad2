"""TREC runs and qrels read as trec_eval reads them, as a stream of blocks of whole lines.

A file of any size is read `BLOCK_BYTES` at a time (a path is never read whole), so memory
grows with the rows kept, not with the file. Each block takes the first way that fits it:

- fields separated by single spaces: pyarrow's CSV reader, on every core;
- tabs, runs of spaces, CR LF line ends: the same, once the bytes are rewritten with single
  spaces (trec_eval separates fields by any run of C's ``isspace`` characters);
- anything else (comment or blank lines, too few or too many fields, a value that is not a
  number, NUL bytes): `EXACT_LINES` at once, each line a row or a problem with its reason,
  split one at a time (lines all too short to be rows: counted from the bytes, `_short`).

Repeated (query, document) pairs are looked for over the whole file at the end, by a hash of
each pair (a match is then checked on the text). A file none of whose first `SAMPLE_LINES`
lines reads is not read on: it is not a run (or not qrels), and the summary says so.
"""

from __future__ import annotations

import io
import re
from collections.abc import Iterator
from dataclasses import dataclass, field

import numpy as np
import pandas as pd
import pyarrow as pa
import pyarrow.compute as pc
import pyarrow.csv as pacsv

from columnar import (
    as_spaces,
    counting,
    fields_of,
    frame_of,
    give_back,
    has_empty,
    line_pieces,
    numpy_of,
    pairs_alike,
    single_spaced,
    text_column,
    without_lines,
)
from i18n import N_, tr_kept, trn_kept

from . import read
from .read import (
    _TREC_SPLIT,
    FEWER_FIELDS,
    MB,
    MORE_FIELDS,
    NOT_A_NUMBER,
    TREC_SPACE,
    Table,
    _as_numbers,
    _collect,
    _comment_note,
    _Found,
    _repeats,
    _summary,
    _trec_guess,
    _whole_relevance,
    not_utf8,
)

BLOCK_BYTES = 16 * MB
EXACT_LINES = 50_000  # lines split in Python at once: bounds the objects they make
SAMPLE_LINES = 10_000  # a file with no usable line among its first ones is not read on
MAX_LINE_MB = 100  # a longer line is no TREC line: /dev/zero is refused once it is passed


@dataclass(frozen=True)
class Format:
    """A TREC file's shape: its fields, the row column of its value, its problems' words."""

    n_fields: int
    value: str  # the row column of the value: "score" or "relevance"
    at: int  # the value's field
    fields: str
    other: tuple[int, str]  # the other TREC file: its fields and its name (for summaries)


RUN = Format(6, "score", 4, "query Q0 doc rank score run", (4, N_("a qrels file")))
QRELS = Format(4, "relevance", 3, "query iteration doc relevance", (6, N_("a run")))


class _Source:
    """A file's bytes (`bytes` or a path) in blocks of whole lines, checked to be UTF-8."""

    def __init__(self, source, name: str):
        self.source, self.name, self.old_mac, self.lines = source, name, False, 0

    def blocks(self) -> Iterator[tuple[int, bytes]]:
        """(number of the block's first line, block); the file's UTF-8 BOM left out. A file of
        one line holding CRs has old Mac line ends: each CR ends a line (`old_mac`)."""
        self.lines = 0
        try:
            is_bytes = isinstance(self.source, (bytes, bytearray))
            stream = io.BytesIO(self.source) if is_bytes else open(self.source, "rb")  # noqa: SIM115
        except OSError as error:
            raise ValueError(
                tr_kept("{name} cannot be read: {error}.", name=self.name, error=error.strerror)
            ) from None
        with stream:
            # A block: the last read's unfinished line and this read to its last line end, one copy.
            buffer, chunk = b"", stream.read(BLOCK_BYTES).removeprefix(b"\xef\xbb\xbf")
            while buffer or chunk:
                end = chunk.rfind(b"\n") + 1 if chunk else len(buffer)
                if not end:
                    buffer, chunk = buffer + chunk, stream.read(BLOCK_BYTES)
                    if len(buffer) > MAX_LINE_MB * MB:
                        raise ValueError(
                            tr_kept(
                                "{name} has a line of more than {mb} MB after line {line}: it "
                                "is not a TREC file (no line ends).",
                                name=self.name,
                                mb=MAX_LINE_MB,
                                line=int(self.lines),
                            )
                        )
                    continue
                block = b"".join((buffer, memoryview(chunk)[:end])) if chunk else buffer
                buffer, more, chunk = chunk[end:], bool(chunk), b""  # the read freed at once
                if not (self.lines or buffer or b"\n" in block) and b"\r" in block:  # all read
                    self.old_mac, block = True, block.replace(b"\r", b"\n")
                yield self.lines + 1, self._checked(block)
                block, chunk = b"", stream.read(BLOCK_BYTES) if more else b""  # one block held

    @property
    def notes(self) -> list[str]:
        if not self.old_mac:
            return []
        return [
            tr_kept(
                "{name} ends its lines with CR alone (old Mac text files): each CR is read as "
                "a line end here. trec_eval ends lines only at LF and would read the whole file "
                "as one line: save it with LF (or CR LF) line ends to use it there.",
                name=self.name,
            )
        ]

    def _checked(self, block: bytes) -> bytes:
        if not block.isascii():
            try:
                block.decode("utf-8")
            except UnicodeDecodeError as error:
                raise not_utf8(self.name, block, error, self.lines + 1) from None
        self.lines += block.count(b"\n") + (not block.endswith(b"\n"))
        return block

    def line_texts(self, wanted: set[int]) -> dict[int, str]:
        """The text of the lines numbered `wanted`, read again (repeated pairs are found only
        at the end); a pipe, which cannot be read twice, gives none."""
        texts: dict[int, str] = {}
        try:
            for first, block in self.blocks():
                if here := [n for n in wanted if first <= n <= self.lines]:
                    lines = block.decode("utf-8").split("\n")
                    texts |= {n: lines[n - first].rstrip("\r\n") for n in here}
        except (OSError, ValueError):
            pass
        return texts


class _At:
    """A slice of lines indexed by (line number - 1), as `_collect` quotes them."""

    def __init__(self, lines: list[str], first: int):
        self.lines, self.first = lines, first

    def __getitem__(self, index: int) -> str:
        return self.lines[index + 1 - self.first].rstrip("\r\n")


@dataclass
class _Parts:
    """What the blocks gave: the usable rows' columns, problems and counts."""

    form: Format
    strict: bool
    columns: dict[str, list] = field(default_factory=dict)
    found: _Found = field(default_factory=_Found)
    lines: int = 0  # lines neither blank nor comments
    rows: int = 0
    comments: int = 0
    extra: int = 0
    unread: int = 0  # lines not read: the file is not what it should be
    text: bool = False  # some line holds more than whitespace

    def add(self, columns: dict, lines: int, found: _Found | None = None, **counts) -> None:
        for name, values in columns.items():
            self.columns.setdefault(name, []).append(values)
        self.lines, self.rows = self.lines + lines, self.rows + len(columns["line"])
        self.found = self.found + (found or _Found())
        self.comments += counts.get("comments", 0)
        self.extra += counts.get("extra", 0)

    @property
    def not_a_file(self) -> bool:
        return self.lines >= SAMPLE_LINES and not self.rows

    def fast(self, first: int, block: bytes) -> bool:
        """The block through pyarrow (`_parsed`), squeezed first if need be; False if not."""
        n, form = self.form.n_fields, self.form
        block = as_spaces(block, TREC_SPACE.encode())  # tabs, CRs...: single spaces next
        block, comments = without_lines(block, b"#", EXACT_LINES)  # a header's, say: counted
        if block is None or b"\x00" in block:
            return False  # many comment lines (read one at a time), or a NUL: pyarrow keeps it
        end = block.find(b"\n")
        if len(block[: end if end >= 0 else None].split()) != n:
            return False  # not even the first line reads
        if (table := self._parsed(block) or self._parsed(single_spaced(block))) is None:
            return False
        if b"#" in block and pc.any(pc.starts_with(table.column(0), "#")).as_py():
            return False  # comment lines after spaces: read one at a time, to count them
        text = table.column(2)
        value = numpy_of(text) if form is RUN else _as_numbers(text)
        if self.strict and not np.isfinite(value).all():
            return False
        self.text = True
        columns = {"query": table.column(0), "doc": table.column(1), form.value: value}
        if form is QRELS:
            columns["text"] = text
        lines = np.delete(counting(first, table.num_rows + len(comments)), comments)
        self.add(columns | {"line": lines}, table.num_rows, comments=len(comments))
        return True

    def _parsed(self, block: bytes) -> pa.Table | None:
        """The block's query, document and value fields (pyarrow, on every core), or None when
        a line has other than `n_fields` fields (a blank line too) or a field is empty."""
        n, form = self.form.n_fields, self.form
        names = [str(i) for i in range(n)]
        # Every field is parsed (so that an empty one shows); only three are kept.
        text = pa.string()  # 32-bit offsets: a block is far below 2 GB (`text_column`)
        types = dict.fromkeys(names, pa.binary()) | {"0": text, "2": text}
        types[str(form.at)] = pa.float64() if form is RUN else text
        try:
            table = pacsv.read_csv(
                pa.BufferReader(block),
                pacsv.ReadOptions(column_names=names),
                pacsv.ParseOptions(delimiter=" ", quote_char=False, ignore_empty_lines=False),
                pacsv.ConvertOptions(column_types=types, strings_can_be_null=False, null_values=[]),
            )
        except (pa.ArrowInvalid, pa.ArrowTypeError):
            return None
        if any(has_empty(table.column(i)) for i in range(n) if types[names[i]] != pa.float64()):
            return None
        return table.select(["0", "2", str(form.at)])

    def exact(self, first: int, block: bytes) -> None:
        """The block split one line at a time, `EXACT_LINES` at once, as trec_eval splits."""
        for index, (start, stop) in enumerate(line_pieces(block, EXACT_LINES)):
            if self.not_a_file:  # the rest of the block is counted, not read
                self.unread += block.count(b"\n", start) + (not block.endswith(b"\n"))
                return
            piece, at = block[start:stop], first + index * EXACT_LINES
            if not self._short(piece, at):
                lines = piece.decode("utf-8").removesuffix("\n").split("\n")
                self.text = self.text or any(line.strip() for line in lines)
                self._checked(lines, at)

    def _short(self, piece: bytes, first: int) -> bool:
        """Lines all with too few fields, none a comment (a file that is not a run): counted and
        quoted as `_checked` would, from the bytes: no Python object a line, nor pandas. False
        if not so, or if it holds spaces only Python's `strip` knows (non-ASCII, \\x1c-\\x1f)."""
        if not piece.isascii() or re.search(rb"[\x1c-\x1f]", piece):
            return False
        fields, heads = fields_of(piece, TREC_SPACE.encode())
        if (fields >= self.form.n_fields).any() or (heads == ord("#")).any():
            return False
        used = np.flatnonzero(fields)  # blank lines are no lines
        ends = int(used[: read.MAX_PROBLEMS][-1]) + 1 if len(used) else 0  # `_collect` quotes
        lines = [line.decode() for line in piece.split(b"\n", ends)[:ends]]
        none = np.zeros(len(used), bool)
        _, found = _collect(first + used, _At(lines, first), self._masks(~none, none, none))
        self.text = self.text or bool(len(used))
        self.add({"line": counting(first, 0)}, len(used), found)
        return True

    def _masks(self, fewer, more, not_a_number) -> list:
        """Why a line is no row, each reason with the lines it flags, as `_collect` takes them."""
        n, form = self.form.n_fields, self.form
        masks = [(tr_kept(FEWER_FIELDS, width=n, fields=form.fields), fewer)]
        if form is QRELS:
            masks.insert(0, (tr_kept(MORE_FIELDS, width=n, fields=form.fields), more))
        if self.strict:
            masks.append((tr_kept(NOT_A_NUMBER[form.value]), not_a_number))
        return masks

    def _checked(self, lines: list[str], first: int) -> None:
        n, form = self.form.n_fields, self.form
        raw = pd.DataFrame(
            [(_TREC_SPLIT.split(line.strip(TREC_SPACE)) + [""] * n)[: n + 1] for line in lines],
            columns=range(n + 1),
            dtype=str,
        )
        raw["line"] = counting(first, len(raw))
        raw = raw[raw[0] != ""]  # blank lines
        comment = raw[0].str.startswith("#")
        raw = raw[~comment]
        value = _as_numbers(raw[form.at])
        masks = self._masks(raw[n - 1] == "", raw[n] != "", value.isna() | ~np.isfinite(value))
        flagged, found = _collect(raw["line"], _At(lines, first), masks)
        good = ~flagged
        columns = {
            "query": pa.array(raw[0][good], pa.string()),
            "doc": pa.array(raw[2][good], pa.string()),
            form.value: value[good].to_numpy(float),
            "line": raw["line"][good].to_numpy(),
        }
        if form is QRELS:
            columns["text"] = pa.array(raw[form.at][good], pa.string())
        extra = int((raw[n] != "").sum()) if form is RUN else 0
        self.add(columns, len(raw), found, comments=int(comment.sum()), extra=extra)

    def column(self, name: str):  # a column's blocks as one: arrow's text, numpy's numbers
        chunks = self.columns.pop(name, [])  # handed over: not held twice
        if name in ("query", "doc", "text"):
            return text_column(chunks)
        return np.concatenate(chunks) if chunks else np.zeros(0, int if name == "line" else float)


def read_trec(source, name: str, form: Format, *, whole_relevance=False, columns=False) -> Table:
    """A TREC file (bytes, or a path read as a stream) in `form` (`RUN` or `QRELS`); with
    `columns`, its rows as a frame's columns (`Table.framed`), made without pandas if it can."""
    reader, parts = _Source(source, name), _Parts(form, strict=not whole_relevance)
    for first, block in reader.blocks():
        if parts.not_a_file:
            parts.unread += block.count(b"\n") + (not block.endswith(b"\n"))
        elif reader.old_mac or not parts.fast(first, block):
            parts.exact(first, block)
        del block  # before the next is read: one block in memory, not a block and a read
        give_back()  # the block's freed memory, before the next block's
    if not parts.text:
        raise ValueError(tr_kept("{name} is empty: it has no lines to read.", name=name))
    names = ("query", "doc", form.value, "line") + (("text",) if whole_relevance else ())
    rows = {c: parts.column(c) for c in names}
    give_back()  # the blocks' freed memory, before the repeat check's keys
    found = parts.found
    repeated = pairs_alike(rows["query"], rows["doc"])
    if repeated.any() or whole_relevance:
        rows = frame_of(rows)
    if repeated.any():
        what = "run" if form is RUN else "qrels"
        candidates = rows[repeated]
        texts = reader.line_texts(set(candidates["line"].tolist()))
        dup, more = _repeats(candidates, what, lambda line: texts.get(line, ""))
        rows = rows.drop(index=candidates.index[dup.to_numpy()]).reset_index(drop=True)
        found = found + more
    notes = reader.notes + _comment_note(name, parts.comments)
    if parts.extra:
        notes.append(
            trn_kept(
                "{name}: {count} line has more than 6 fields: read as trec_eval reads them, the "
                "first 6 (query Q0 doc rank score run); the rest of each line is ignored.",
                "{name}: {count} lines have more than 6 fields: read as trec_eval reads them, the "
                "first 6 (query Q0 doc rank score run); the rest of each line is ignored.",
                parts.extra,
                name=name,
                count=int(parts.extra),
            )
        )
    if whole_relevance:
        whole = _whole_relevance(rows.pop("text"))
        cut = int((whole != rows["relevance"]).sum())
        rows["relevance"] = whole
        if cut:
            notes.append(
                trn_kept(
                    "{name}: {count} relevance not a whole number: read as trec_eval reads them, "
                    "their leading whole number (0.5 → 0, 1.7 → 1, 1e400 → 1, abc → 0).",
                    "{name}: {count} relevances not a whole number: read as trec_eval reads them, "
                    "their leading whole number (0.5 → 0, 1.7 → 1, 1e400 → 1, abc → 0).",
                    cut,
                    name=name,
                    count=int(cut),
                )
            )
    summary = _summary(name, parts.lines, found, _trec_guess(*form.other), parts.unread)
    more = found.total - len(found.kept)
    rows = rows if columns else frame_of(rows)
    return Table(
        name, rows, found.kept, "score", tuple(notes), parts.extra, parts.comments, more, summary
    )


def read_trec_run(data, name: str = "The run file") -> Table:
    """Read a TREC run (bytes, or a path read as a stream): ``query_id Q0 doc_id rank score
    run_name`` per line, as trec_eval does (fields after the sixth ignored, ``#`` lines
    skipped; see the package's notes)."""
    return read_trec(data, name, RUN)


def read_trec_qrels(data, name: str = "The qrels file", *, whole_relevance: bool = False) -> Table:
    """Read TREC qrels (bytes, or a path read as a stream): ``query_id iteration doc_id
    relevance`` per line (``#`` lines skipped).

    A relevance that is not a whole number is kept as written, and one that is not a number is
    a problem line; with ``whole_relevance=True`` every relevance is read as trec_eval reads it,
    its leading whole number (C's ``atol``: 0.5 → 0, 1.7 → 1, abc → 0; see `_whole_relevance`),
    and a note says how many were changed.
    """
    return read_trec(data, name, QRELS, whole_relevance=whole_relevance)
