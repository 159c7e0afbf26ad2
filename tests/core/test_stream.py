"""The streaming TREC reader (`ndcg_core.runs.stream`) against the reader it replaced
(tests/core/runs_reader_before.py, the code of commit fa77d36 unchanged): on random files of
every whitespace trec_eval knows and some it does not, comments, blank lines, repeated
documents, numbers and junk, cut into blocks of a few bytes so that every block boundary and
every way through a block is tried, the rows, problems, notes and summary are the same. And
what only the streaming reader does: a path read as a stream, a file that is not a run given
up after a sample, a line that never ends."""

import itertools
import re
from contextlib import contextmanager
from pathlib import Path
from unittest import mock

import numpy as np
import pandas as pd
import pyarrow as pa
import pytest
from hypothesis import example, given
from hypothesis import strategies as st

import columnar
from ndcg_core import runs
from ndcg_core.runs import stream
from tests.core import runs_reader_before as before

DATA = Path(__file__).resolve().parents[2] / "data" / "trec_eval_test"

SPACES = [" ", " ", " ", "  ", "\t", " \t ", "\v", "\f", "\r", "\u00a0", "\u3000"]
FIELDS = ["1", "2", "q1", "Q0", "0", "d1", "d2", "D-3", "#x", "1.5", "-1", "abc", "nan", "2e3",
          "inf", "é", "0.25", "10", "1e400", "x,y"]  # fmt: skip

# The strategies the composites below draw from, built once: a strategy made inside a composite
# is a new object at every draw, whose label and properties Hypothesis works out again (a third
# of `trec_files`' time). The same objects draw the same choices, so the examples are the same.
FIELD = st.sampled_from(FIELDS)
SPACE = st.sampled_from(SPACES)
SHORT_SPACE = st.sampled_from([*SPACES, "\x1c"])
FIELD_COUNT = st.sampled_from([0, 1, 3, 4, 4, 5, 6, 6, 6, 7, 8])
LINE_COUNT = st.integers(0, 25)
SHORT_LINE_COUNT = st.integers(1, 25)
SHORT_FIELD_COUNT = st.integers(0, 3)
ONE_IN_10 = st.integers(0, 9)
ONE_IN_30 = st.integers(0, 29)
LINE_END = st.sampled_from(["\n", "\n", "\r\n"])
SHORT_LINE_END = st.sampled_from(["\n", "\r\n"])
BOM = st.sampled_from([b"", b"", b"\xef\xbb\xbf"])


@st.composite
def trec_files(draw) -> bytes:
    """A file of TREC-like lines: mostly 4 or 6 fields, some shorter or longer, blank or
    comment lines, any whitespace around and between fields, a BOM, CR LF, no last LF."""
    lines = []
    for _ in range(draw(LINE_COUNT)):
        n = draw(FIELD_COUNT)
        fields = [draw(FIELD) for _ in range(n)]
        gaps = [draw(SPACE) for _ in range(n + 1)]
        ends = ("", gaps[0]) if draw(st.booleans()) else (gaps[0], gaps[-1])
        line = ends[0] + "".join(f + g for f, g in zip(fields, [*gaps[1:-1], ""])) + ends[1]
        if draw(ONE_IN_10) == 0:
            line = "# " + line
        lines.append(line)
    end = draw(LINE_END)
    text = end.join(lines) + draw(st.sampled_from([end, ""]))
    bom = draw(BOM)
    return bom + text.encode()


def _outcome(reader, data: bytes, **keywords):
    try:
        table = reader(data, "the file", **keywords)
    except ValueError as error:
        return str(error)
    problems = [(p.line, p.reason, p.text) for p in table.problems]
    counts = (table.more_problems, table.extra_fields, table.comments, table.summary)
    return table.rows, problems, table.notes, counts


def _same(new, old):
    if isinstance(new, str) or isinstance(old, str):
        assert new == old
        return
    pd.testing.assert_frame_equal(new[0], old[0], check_dtype=False, check_index_type=False)
    assert new[1:] == old[1:]


# The block sizes a file is read in: the whole file at once, and blocks so small that every
# line and every slice of two lines crosses a boundary.
BLOCK_SIZES = {"one block": None, "7 bytes": 7, "64 bytes": 64}


@contextmanager
def blocks(size: int | None):
    """Blocks of `size` bytes and slices of two lines: a small file crosses every boundary."""
    if size is None:
        yield
        return
    with (
        mock.patch.object(stream, "BLOCK_BYTES", size),
        mock.patch.object(stream, "EXACT_LINES", 2),
    ):
        yield


# Each example is read in one of `BLOCK_SIZES`, drawn with it: the reader in blocks of a few
# bytes costs about 5x a whole read of a small file (a pandas step per slice of two lines), and
# reading every example in all three sizes was two thirds of this file's time. Each size still
# meets about a third of the examples of every property, and the shrinker can try each.
block_sizes = st.sampled_from(list(BLOCK_SIZES))


def _same_as_before(read, read_before, data: bytes, size: str, **keywords) -> None:
    """`read`, in blocks of `BLOCK_SIZES[size]`, gives what `read_before` gave for `data`."""
    with blocks(BLOCK_SIZES[size]):
        new = _outcome(read, data, **keywords)
    _same(new, _outcome(read_before, data, **keywords))


@given(data=trec_files(), size=block_sizes)
def test_a_run_reads_as_the_reader_before_read_it(data, size):
    _same_as_before(runs.read_trec_run, before.read_trec_run, data, size)


@given(data=trec_files(), whole=st.booleans(), size=block_sizes)
def test_qrels_read_as_the_reader_before_read_them(data, whole, size):
    _same_as_before(runs.read_trec_qrels, before.read_trec_qrels, data, size, whole_relevance=whole)


@given(
    docs=st.lists(st.sampled_from(["a", "b", "c", "ab", "ba", "a b"]), min_size=1, max_size=30),
    queries=st.lists(st.sampled_from(["1", "2", "11"]), min_size=30, max_size=30),
    size=block_sizes,
)
def test_repeated_documents_anywhere_in_the_file_are_found(docs, queries, size):
    data = "".join(f"{q} Q0 {d} 1 {i} r\n" for i, (q, d) in enumerate(zip(queries, docs)))
    _same_as_before(runs.read_trec_run, before.read_trec_run, data.encode(), size)


@pytest.mark.parametrize("name", ["results.test", "results.trunc", "qrels.test", "qrels.rel_level",
                                  "qrels.test.with-comments"])  # fmt: skip
def test_trec_eval_test_files_read_alike_from_bytes_and_from_a_path(name):
    reader = "read_trec_qrels" if name.startswith("qrels") else "read_trec_run"
    data = (DATA / name).read_bytes()
    from_path = _outcome(getattr(runs, reader), DATA / name)
    _same(from_path, _outcome(getattr(before, reader), data))
    _same(_outcome(getattr(runs, reader), data), from_path)


def test_a_file_that_is_not_a_run_is_given_up_after_a_sample(tmp_path):
    junk = tmp_path / "junk.txt"
    junk.write_bytes(b"x\n" * 300_000)
    # Lines too short to be rows are counted from the bytes, not split one at a time in pandas.
    with mock.patch.object(stream._Parts, "_checked", side_effect=AssertionError("split")):
        table = runs.read_trec_run(junk, "junk.txt")
    assert table.rows.empty
    assert table.summary.startswith(
        "None of the first 50,000 lines of junk.txt could be used (the other 250,000 were not "
        "read): every one has fewer than 6 fields"
    )
    assert table.problem_count == 50_000 and len(table.problems) == runs.MAX_PROBLEMS
    with mock.patch.object(stream._Parts, "_short", return_value=False):  # each line split
        _same(_outcome(runs.read_trec_run, junk), _outcome(runs.read_trec_run, junk))


@st.composite
def short_lines(draw) -> bytes:
    """A file most of whose lines have too few fields for a run or qrels (up to 3), blank
    lines, spaces Python's `strip` knows and trec_eval does not, some comments and rows."""
    lines = []
    for _ in range(draw(SHORT_LINE_COUNT)):
        fields = [draw(FIELD) for _ in range(draw(SHORT_FIELD_COUNT))]
        gaps = [draw(SHORT_SPACE) for _ in range(len(fields) + 1)]
        line = gaps[0] + "".join(f + g for f, g in zip(fields, gaps[1:]))
        kind = draw(ONE_IN_30)
        lines.append("# x" if kind == 0 else "1 Q0 d 1 2 r" if kind == 1 else line)
    end = draw(SHORT_LINE_END)
    return (end.join(lines) + draw(st.sampled_from([end, ""]))).encode()


@given(data=short_lines(), qrels=st.booleans(), size=block_sizes)
@example(data=b"\x1c\n \x1c\n", qrels=False, size="one block")  # "empty" to Python's strip
def test_lines_too_short_to_be_rows_read_as_the_reader_before_read_them(data, qrels, size):
    # Read from the bytes (`_Parts._short`) where every line of a slice is too short or blank.
    reader = "read_trec_qrels" if qrels else "read_trec_run"
    _same_as_before(getattr(runs, reader), getattr(before, reader), data, size)


def test_comment_lines_are_left_out_of_the_bytes_pyarrow_reads():
    # A header comment (or one now and then) no longer sends its block one line at a time.
    data = b"# bm25\n" + (DATA / "results.test").read_bytes().replace(b"\n", b"\n#x\n", 3) + b"#\n"
    with mock.patch.object(stream._Parts, "_checked", side_effect=AssertionError("split")):
        new = _outcome(runs.read_trec_run, data)
    _same(new, _outcome(before.read_trec_run, data))
    assert new[3][2] == 5  # comments counted


@given(
    lines=st.lists(st.sampled_from([b"#", b"#a", b"a", b"", b" #", b"a#"]), max_size=12),
    end=st.sampled_from([b"\n", b""]),
    most=st.integers(0, 4),
)
def test_lines_begun_by_a_byte_are_left_out_with_their_numbers(lines, end, most):
    data = b"\n".join(lines) + end if lines else b""
    parts = re.findall(rb"[^\n]*\n|[^\n]+$", data)
    numbers = [i for i, line in enumerate(parts) if line.startswith(b"#")]
    kept = b"".join(line for line in parts if not line.startswith(b"#"))
    wanted = (kept, numbers) if len(numbers) <= most else (None, [])
    assert columnar.without_lines(data, b"#", most) == wanted


def test_text_columns_have_32_bit_offsets_unless_their_text_is_over_2_gb(monkeypatch):
    # Half the offsets' bytes; a column of more text than one such array holds (2 GB) has
    # 64-bit offsets, tried here by making that limit small: the same frames either way.
    run, qrels = (DATA / "results.test").read_bytes(), (DATA / "qrels.test").read_bytes()

    def read():
        tables = [stream.read_trec(data, "f", form, columns=True) for data, form in
                  ((run, stream.RUN), (qrels, stream.QRELS))]  # fmt: skip
        return tables, runs.join_trec(*tables, columns=True)

    (narrow, _), joined = read()
    assert narrow.rows["doc"].type == narrow.rows["query"].type == pa.string()
    assert narrow.rows["line"].dtype == np.int32
    monkeypatch.setattr(columnar, "STRING_BYTES", 1000)
    (wide, _), wide_joined = read()
    assert wide.rows["doc"].type == wide.rows["query"].type == pa.large_string()
    assert narrow.framed().rows["line"].dtype == np.int64
    pd.testing.assert_frame_equal(narrow.framed().rows, wide.framed().rows)
    pd.testing.assert_frame_equal(joined.framed().ranked, wide_joined.framed().ranked)
    pd.testing.assert_frame_equal(joined.framed().judgments, wide_joined.framed().judgments)
    pd.testing.assert_frame_equal(
        narrow.framed().rows, runs.read_trec_run(DATA / "results.test", "f").rows
    )


def test_line_numbers_are_int32_while_they_fit():
    assert columnar.counting(1, 3).tolist() == [1, 2, 3]
    assert columnar.counting(1, 3).dtype == np.int32
    assert columnar.counting(2**31 - 3, 3).dtype == np.int32  # the last, 2**31 - 1
    assert columnar.counting(2**31 - 3, 4).dtype == np.int64
    assert np.concatenate([columnar.counting(1, 2), columnar.counting(2**31, 1)]).dtype == np.int64


@given(
    data=st.lists(st.sampled_from([b"x", b"\n", b"ab", b" "]), max_size=60).map(b"".join),
    lines=st.integers(1, 4),
    window=st.integers(1, 8),
)
def test_pieces_of_lines_are_found_a_window_at_a_time(data, lines, window):
    ends = np.flatnonzero(np.frombuffer(data, np.uint8) == 10)
    starts = [0, *(ends[lines - 1 :: lines] + 1).tolist(), len(data)]
    expected = [(a, b) for a, b in itertools.pairwise(starts) if a < b]
    assert list(columnar.line_pieces(data, lines, window)) == expected


def test_a_line_that_never_ends_is_refused(monkeypatch, tmp_path):
    # Read 100 kB at a time, a line still without its end after 1 MB is refused (/dev/zero).
    monkeypatch.setattr(stream, "MAX_LINE_MB", 1)
    monkeypatch.setattr(stream, "BLOCK_BYTES", 100_000)
    endless = tmp_path / "zeros"
    endless.write_bytes(b"\0" * 3_000_000)
    with pytest.raises(ValueError, match="has a line of more than 1 MB after line 0"):
        runs.read_trec_run(endless, "zeros")


def test_a_repeated_pair_far_apart_quotes_both_lines_from_the_file(monkeypatch, tmp_path):
    monkeypatch.setattr(stream, "BLOCK_BYTES", 50)
    path = tmp_path / "run"
    path.write_bytes(b"1 Q0 a 1 3 r\n" + b"1 Q0 b 2 2 r\n" * 0 + b"2\tQ0 x 1 1 r\n1 Q0  a 3 1 r\n")
    (problem,) = runs.read_trec_run(path, "run").problems
    assert (problem.line, problem.text) == (3, "1 Q0  a 3 1 r")
    assert problem.reason.startswith("repeats the (query, document) pair of line 1")
