"""Fuzzing every reader of user input in the core: typed lists, practice answers, files.

Whatever arrives, only a ValueError escapes, its message names what is wrong (the value, the
position or the line), and input that is valid comes back exactly as typed.
"""

import csv
import io
import math
import warnings

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from lessons.practice import MAX_SEED, check_seed, parse_answer
from ndcg_core import runs
from ndcg_core.display import MAX_QUOTED, exact, shorten
from ndcg_core.model import default_labels
from ndcg_core.parsing import format_relevances
from tests.strategies import FINITE, ID, LABEL, NUMBER_TEXT, PIECE, typed_text
from ui.typed import ParseError, parse_relevances, parse_scores


def _assert_names_problem(error: ValueError) -> None:
    message = str(error)
    assert message.strip(), "an empty error message"
    assert "Traceback" not in message and "invalid literal" not in message
    if isinstance(error, ParseError):
        assert error.problems
        for problem in error.problems[:5]:
            assert f"value {problem.item}" in message
            assert f"'{problem.shown}'" in message
            assert problem.shown == problem.token or len(problem.shown) == MAX_QUOTED
            assert problem.reason in message


# --- Typed lists ----------------------------------------------------------------------------------
@given(typed_text(), st.booleans(), st.sampled_from([None, 3, 500]))
@example("[x](javascript:alert(1)), doc: N/A", False, None)
def test_parse_relevances_only_raises_value_errors_naming_the_value(text, negative, max_items):
    try:
        parsed = parse_relevances(text, allow_negative=negative, max_items=max_items)
    except ValueError as error:
        _assert_names_problem(error)
        for problem in getattr(error, "problems", []):
            assert problem.token in text  # quoted as typed
        if max_items is not None and "this page takes at most" in str(error):
            assert f"at most {max_items}" in str(error)
        return
    assert len(parsed.values) == len(parsed.labels) >= 1
    assert len(set(parsed.labels)) == len(parsed.labels)
    assert all(v == v and abs(v) != float("inf") for v in parsed.values)
    assert negative or min(parsed.values) >= 0
    # Nothing typed is dropped: every value is somewhere in the text.
    assert max_items is None or len(parsed.values) <= max_items


@given(typed_text())
def test_parse_scores_only_raises_value_errors_naming_the_value(text):
    try:
        scores = parse_scores(text)
    except ValueError as error:
        _assert_names_problem(error)
        return
    assert scores and all(isinstance(v, float) for v in scores)


@given(
    st.lists(FINITE, min_size=1, max_size=30), st.sampled_from([", ", ",", ";", "\n", "\t", " "])
)
def test_typed_numbers_round_trip(values, separator):
    text = separator.join(exact(v) for v in values)
    parsed = parse_relevances(text)
    assert parsed.values == tuple(values)
    assert parsed.labels == default_labels(len(values)) and not parsed.labelled


@given(
    st.lists(st.tuples(LABEL, FINITE), min_size=1, max_size=20, unique_by=lambda p: p[0]),
    st.sampled_from([", ", ";", "\n", "\t", " ; "]),
)
def test_typed_labels_round_trip(items, separator):
    labels = [label for label, _ in items]
    values = [value for _, value in items]
    text = format_relevances(values, labels).replace(", ", separator)
    parsed = parse_relevances(text)
    assert parsed.labelled
    assert parsed.labels == tuple(labels)
    assert parsed.values == tuple(values)


def test_a_pasted_page_is_quoted_short():
    with pytest.raises(ValueError) as raised:
        parse_relevances("x" * 100_000)
    assert (
        str(raised.value) == f"Could not read 1 relevance: value 1, '{'x' * 59}…', is not a number."
    )


def test_a_long_list_is_refused_with_its_length():
    with pytest.raises(ValueError, match="The list has 1001 values; this page takes at most 1000"):
        parse_relevances(" ".join(["1"] * 1001), max_items=1000)


# --- Practice answers and seeds ---------------------------------------------------------------------
ANSWER = st.one_of(
    st.text(max_size=15),
    NUMBER_TEXT,
    st.sampled_from(
        [
            "80%",
            "80 %",
            "%80",
            "0,8",
            "1,000.5",
            "3/4",
            "−0.5",
            "0.8 0.9",
            ".",
            "-",
            "²",
            "٠٫٨",
            "0.8%%",
        ]
    ),
)


@given(ANSWER)
@example("²")
@example("٠٫٨")
@example("9" * 400)
def test_parse_answer_only_raises_value_errors_quoting_the_answer(text):
    try:
        value = parse_answer(text)
    except ValueError as error:
        message = str(error)
        assert message.strip()
        assert "invalid literal" not in message
        if text.strip():
            assert f"'{text.strip()[:59]}" in message
        else:
            assert "empty" in message
        return
    assert math.isfinite(value)


@given(st.floats(0, 1, allow_nan=False), st.sampled_from(["{}", " {} ", "{}%"]))
def test_typed_answers_round_trip(value, form):
    text = exact(value * 100 if form == "{}%" else value)
    got = parse_answer(form.format(text))
    assert got == pytest.approx(value, rel=1e-12, abs=1e-15)


@given(st.one_of(st.text(max_size=12), st.integers(-5, MAX_SEED + 5).map(str)))
@example("²")
@example("٣")
def test_check_seed_only_raises_value_errors_quoting_the_seed(text):
    try:
        seed = check_seed(text)
    except ValueError as error:
        # quoted as Python writes a string (a control character shows as \x1f, not as itself),
        # cut as every quote of the user's text is
        assert "The seed must be a whole number" in str(error)
        assert shorten(repr(text)) in str(error)
        return
    assert 0 <= seed <= MAX_SEED and seed == int(text)


# --- Files ----------------------------------------------------------------------------------------
# Field separators trec_eval reads (C's isspace) and unusual spaces it does not: a no-break space
# pasted from a web page must be a problem named on its line, not a silent split.
SPACES = st.sampled_from([" ", "\t", "  ", "\v", "\f", " \t ", "\u00a0", "\u3000", "\u200b"])
FILE_LINE = st.one_of(
    st.text(max_size=30),
    st.lists(
        st.one_of(PIECE, st.sampled_from(["q1", "Q0", "d1", "run", '"a,b"', '"'])), max_size=7
    ).map(" ".join),
    st.lists(st.one_of(PIECE, st.sampled_from(["q1", "d1", '"x\ny"', ""])), max_size=5).map(
        ",".join
    ),
    # TREC-like lines: any number of fields (trec_eval reads 6), any separator, comments.
    st.tuples(
        st.sampled_from(["", "#", "  #", "# q1 Q0 d1 1 1 r"]),
        st.lists(st.one_of(PIECE, st.sampled_from(["q1", "Q0", "d1", "1", "0.5"])), max_size=12),
        SPACES,
    ).map(lambda parts: parts[0] + parts[2].join(parts[1])),
    # CSV headers with repeated columns, other delimiters, and a long field.
    st.sampled_from(
        [
            "query_id,doc_id,relevance,score,score",
            "query_id,query_id,doc_id,relevance",
            "query_id;doc_id;relevance;score",
            "query_id\tdoc_id\trelevance",
            'q1,"' + "x" * 140_000 + '",1',
            'q1,"unclosed,1',
        ]
    ),
)
FILE_ENDS = st.sampled_from(["\n", "\r\n", "\r", "\n\n"])


@st.composite
def file_bytes(draw, header: str = "") -> bytes:
    lines = draw(st.lists(FILE_LINE, max_size=8))
    text = header + "".join(line + draw(FILE_ENDS) for line in lines)
    data = text.encode("utf-8", "surrogatepass")
    if draw(st.integers(0, 9)) == 0:
        data += draw(st.binary(max_size=8))  # not always valid UTF-8
    return data


def _check_table(table: runs.Table, data: bytes) -> None:
    n_lines = data.count(b"\n") + data.count(b"\r") + 1
    for problem in table.problems:
        assert 1 <= problem.line <= n_lines
        assert problem.reason.strip()
        assert len(problem.text) <= runs.MAX_SHOWN_TEXT


def _load(reader, data: bytes) -> None:
    # No library warning may reach the server's console (pandas' ParserWarning used to, for
    # lines of 9 fields and more): any warning fails the test.
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        # The readers open no file and no connection: a ResourceWarning in here is another
        # test's object collected at this moment (a PostgreSQL connection once), not the reader's.
        warnings.simplefilter("ignore", ResourceWarning)
        try:
            table = reader(data)
        except ValueError as error:
            message = str(error)
            assert message.startswith("The ") and len(message) > 20
            assert not caught, [str(w.message) for w in caught]
            return
    assert not caught, [str(w.message) for w in caught]
    _check_table(table, data)


@given(file_bytes())
@example(b"1 Q0 d1 1 2 r" + b" more" * 40 + b"\n1 Q0 d2 2 1 r x y z\n")
@example("1\u00a0Q0 d1 1 2 r\n# note\n1\x0bQ0\x0cd2 2 1 r\n".encode())
@example(b"1 Q0 a 1 2 r\r1 Q0 b 2 1 r\r")
@example(b"0 0 0 0 0 0 0 0\n\n\n\n\n\n\r0\n")  # pandas warned of the fields past the sixth
def test_trec_run_reader_only_raises_value_errors(data):
    _load(runs.read_trec_run, data)


@given(file_bytes())
@example(b"0 0 0 0 0 0 0 0\n\n\n\n\n\n\r0\n")
def test_trec_qrels_reader_only_raises_value_errors(data):
    _load(runs.read_trec_qrels, data)


@example(b"query_id,doc_id,relevance,score\nx\ry\n")
@given(
    st.one_of(
        file_bytes(),
        file_bytes(header="query_id,doc_id,relevance,score\n"),
        file_bytes(header="Query_ID , doc_id,relevance,rank\r\n"),
    )
)
@example(b"query_id,doc_id,relevance,score,score\nq1,d1,1,0.5,0.1\n")  # a repeated column
@example(b"query_id,query_id,doc_id,relevance\nq,q,d,1\n")
@example(b'query_id,doc_id,relevance\nq1,"' + b"x" * 140_000 + b'",1\n')
def test_csv_reader_only_raises_value_errors(data):
    _load(runs.read_csv_run, data)


CELL = (
    st.text(
        alphabet=st.characters(codec="utf-8", exclude_categories=["Cs", "Cc", "Zl", "Zp"]),
        min_size=1,
        max_size=10,
    )
    .map(str.strip)
    .filter(bool)
)


@given(
    st.lists(
        st.tuples(CELL, CELL, st.integers(-1, 4), st.floats(-1e9, 1e9)),
        min_size=1,
        max_size=12,
        unique_by=lambda r: (r[0], r[1]),
    ),
    st.sampled_from(["\n", "\r\n", "\r"]),
)
def test_csv_rows_round_trip(rows, end):
    """Ids with commas, quotes, markup or any script come back as written, and no row is lost."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator=end)
    writer.writerow(["query_id", "doc_id", "relevance", "score"])
    writer.writerows([(q, d, r, repr(s)) for q, d, r, s in rows])
    table = runs.read_csv_run(out.getvalue().encode())
    assert table.problems == ()
    got = list(
        table.rows[["query", "doc", "relevance", "score"]].itertuples(index=False, name=None)
    )
    assert got == [(q, d, float(r), s) for q, d, r, s in rows]


@given(
    st.lists(
        st.tuples(ID.filter(lambda s: ":" not in s), ID, st.integers(-1, 4), st.floats(-1e9, 1e9)),
        min_size=1,
        max_size=12,
        unique_by=lambda r: (r[0], r[1]),
    )
)
def test_trec_rows_round_trip(rows):
    run = "".join(f"{q} Q0 {d} {i} {s!r} my-run\n" for i, (q, d, _, s) in enumerate(rows))
    qrels = "".join(f"{q} 0 {d} {r}\n" for q, d, r, _ in rows)
    table = runs.read_trec_run(run.encode())
    assert table.problems == ()
    assert list(table.rows[["query", "doc", "score"]].itertuples(index=False, name=None)) == [
        (q, d, s) for q, d, _, s in rows
    ]
    judged = runs.read_trec_qrels(qrels.encode())
    assert judged.problems == ()
    assert list(judged.rows["relevance"]) == [float(r) for _, _, r, _ in rows]


def test_csv_with_old_mac_line_ends_quotes_the_right_line():
    table = runs.read_csv_run(b"query_id,doc_id,relevance,score\rq,d,1,2\rq,e,x,1\rq\r")
    assert [(p.line, p.text) for p in table.problems] == [(3, "q,e,x,1"), (4, "q")]


# --- Lists the core cannot score, and lists every ordering scores alike --------------------------
HUGE = st.one_of(
    st.floats(0, 1e308, allow_nan=False),
    st.sampled_from([1000.0, 1001.0, 1e16, 1e300, 1e307, 1.7e308]),
)


@given(
    st.lists(HUGE, min_size=1, max_size=8),
    st.lists(HUGE, max_size=3),
    st.sampled_from(["linear", "exponential"]),
    st.sampled_from(["log2", "jarvelin"]),
    st.sampled_from([1.01, 2.0, 1000.0]),
)
def test_huge_grades_with_every_gain_score_or_are_refused_by_name(
    values, pool, gain, discount, base
):
    from ndcg_core import RankedList, Scoring, totals

    scoring = Scoring(gain=gain, discount=discount, log_base=base)
    try:
        ranked = RankedList(tuple(values), pool=tuple(pool), scoring=scoring)
    except ValueError as error:
        assert "relevance must be at most 1000" in str(error) or "too large to score" in str(error)
        return
    result = totals(ranked)
    for number in (result.cg, result.dcg, result.idcg, result.ndcg):
        assert math.isfinite(number)
    assert 0 <= result.ndcg <= 1 + 1e-9


@given(
    st.sampled_from([0.1, 0.5, 1.0, 2.0, 3.0, 7.0, 1e300]),
    st.integers(1, 30),
    st.sampled_from([None, 1, 3]),
)
def test_lists_of_one_grade_give_one_bar_not_an_error(value, n, k):
    from ndcg_core.model import RankedList, Scoring
    from ndcg_core.ordering import ordering_distribution

    ranked = RankedList((value,) * n, scoring=Scoring(k="none" if k is None else k))
    histogram = ordering_distribution(ranked).histogram(bins=40)
    assert histogram["count"].sum() == 1 or (histogram["count"] > 0).sum() == 1


@given(
    st.lists(
        st.tuples(ID.filter(lambda s: not s.startswith("#")), ID, st.floats(-1e9, 1e9)),
        min_size=1,
        max_size=12,
        unique_by=lambda r: (r[0], r[1]),
    ),
    st.lists(st.lists(ID, max_size=5), min_size=12, max_size=12),
    st.lists(st.sampled_from(["", "# a comment\n", "  #\n", "\n"]), min_size=12, max_size=12),
    SPACES.filter(lambda sep: sep.strip(" \t\v\f") == ""),
)
def test_trec_run_lines_read_the_same_with_extra_fields_comments_and_any_isspace(
    rows, tails, inserts, sep
):
    """What trec_eval reads of a line is its first six fields: text after them, comment lines
    and blank lines between, and any of C's isspace between fields change no row."""
    plain = "".join(f"{q} Q0 {d} {i} {s!r} run\n" for i, (q, d, s) in enumerate(rows))
    noisy = "".join(
        inserts[i] + sep.join([q, "Q0", d, str(i), repr(s), "run", *tails[i]]) + "\n"
        for i, (q, d, s) in enumerate(rows)
    )
    clean = runs.read_trec_run(plain.encode())
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        # The readers open no file and no connection: a ResourceWarning in here is another
        # test's object collected at this moment (a PostgreSQL connection once), not the reader's.
        warnings.simplefilter("ignore", ResourceWarning)
        table = runs.read_trec_run(noisy.encode())
    assert not caught
    assert table.problems == ()
    columns = ["query", "doc", "score"]
    assert table.rows[columns].values.tolist() == clean.rows[columns].values.tolist()
    assert table.extra_fields == sum(1 for tail in tails[: len(rows)] if tail)
    assert table.comments == sum(1 for insert in inserts[: len(rows)] if "#" in insert)
