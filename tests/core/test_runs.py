"""Loading runs and judgments (every message, line numbers) as trec_eval reads them, evaluating
under a `Scoring`, one query as a ranked list, the convention grid, pairing two runs, the query
set of the mean, and `python -m ndcg_core.trec`. The statistics are in test_stats.py; what the
Many queries page does with files (caches, worker processes, links) in
tests/ui/test_queries_data.py."""

import math
import warnings

import numpy as np
import pandas as pd
import pytest

import i18n
from ndcg_core import batch_ndcg, runs
from ndcg_core.model import EVERY_RANKED, NO_CUTOFF, Scoring

# ---------------------------------------------------------------------------------------------
# CSV
# ---------------------------------------------------------------------------------------------


def test_csv_with_scores_pool_rows_and_a_hand_worked_value():
    text = b"query_id,doc_id,relevance,score\nq,a,0,0.9\nq,b,3,0.5\nq,c,2,\n"
    data = runs.from_csv(runs.read_csv_run(text))
    assert list(data.ranked["doc"]) == ["a", "b"]
    assert len(data.judgments) == 3
    # ranked rel = 0, 3; judged rel = 3, 2 (c not ranked)
    expected = (3 / math.log2(3)) / (3 + 2 / math.log2(3))
    assert runs.evaluate(data, None).per_query.at["q", "ndcg"] == pytest.approx(expected)
    # ideal from the ranked items only: 3, 0
    assert runs.evaluate(data, None, ideal="run").per_query.at["q", "ndcg"] == pytest.approx(
        (3 / math.log2(3)) / 3
    )
    assert any("1 row has no score or rank" in note for note in data.notes)


def test_csv_rank_column_ranks_one_first_and_file_order_without_either():
    ranked = runs.read_csv_run(b"query_id,doc_id,relevance,rank\nq,a,0,2\nq,b,1,1\n")
    data = runs.from_csv(ranked)
    assert runs.evaluate(data, None).per_query.at["q", "ndcg"] == pytest.approx(1.0)
    plain = runs.from_csv(runs.read_csv_run(b"query_id,doc_id,relevance\nq,a,0\nq,b,1\n"))
    # rel = 0, 1 in file order
    assert runs.evaluate(plain, None).per_query.at["q", "ndcg"] == pytest.approx(1 / math.log2(3))
    assert not plain.has_scores
    assert any("file order" in note for note in plain.notes)


def test_csv_header_is_case_and_space_insensitive():
    table = runs.read_csv_run(b" Query_ID , Doc_ID , Relevance , Score \nq,a,1,2\n")
    assert table.problems == () and len(table.rows) == 1


def test_csv_bad_rows_are_reported_with_line_numbers_and_reasons():
    text = (
        b"query_id,doc_id,relevance,score\n"
        b"a,x,1,0.5\n"  # line 2: fine
        b"a,y,high,0.2\n"  # line 3: relevance not a number
        b"a,x,2,0.1\n"  # line 4: repeats line 2
        b"b,z,1\n"  # line 5: too few fields
        b",q,1,1\n"  # line 6: no query
        b"b,w,1,abc\n"  # line 7: score not a number
        b"\n"  # line 8: blank, ignored
        b"b,v,2,0.3\n"  # line 9: fine
    )
    table = runs.read_csv_run(text, "bad.csv")
    found = {(p.line, p.reason.split(";")[0]) for p in table.problems}
    assert found == {
        (3, "has a relevance that is not a number"),
        (4, "repeats the (query, document) pair of line 2"),
        (5, "has 3 fields, the header 4"),
        (6, "has an empty query_id"),
        (7, "has a score that is not a number"),
    }
    assert [p.line for p in table.problems] == [3, 4, 5, 6, 7]
    assert table.problems[0].text == "a,y,high,0.2"
    assert sorted(table.rows["line"]) == [2, 9]


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (b"query,doc,rel\nq,a,1\n", "lacks query_id, doc_id, relevance"),
        (b"query_id,doc_id,score\nq,a,1\n", "lacks relevance"),
        (b"query_id,doc_id,relevance,score,rank\nq,a,1,1,1\n", "both a score and a rank"),
        (b"query_id,doc_id,relevance\n", "has a header but no rows"),
        (b"   \n\n", "is empty"),
        (b"query_id,doc_id,relevance\nq,\xff\xfe,1\n", "not UTF-8 text: line 2"),
    ],
)
def test_csv_unusable_files_raise_a_clear_message(data, message):
    with pytest.raises(ValueError, match=message):
        runs.read_csv_run(data, "upload.csv")


def test_negative_relevance_counts_as_zero_and_says_so():
    data = runs.from_csv(runs.read_csv_run(b"query_id,doc_id,relevance,score\nq,a,-1,2\nq,b,1,1\n"))
    assert data.ranked["relevance"].tolist() == [0.0, 1.0]
    assert any("1 judgment has relevance below 0" in note for note in data.notes)


def test_fractional_relevance_is_used_and_noted():
    data = runs.from_csv(runs.read_csv_run(b"query_id,doc_id,relevance\nq,a,0.5\nq,b,1\n"))
    # rel = 0.5, 1 in file order; ideal 1, 0.5
    expected = (0.5 + 1 / math.log2(3)) / (1 + 0.5 / math.log2(3))
    assert runs.evaluate(data, None).per_query.at["q", "ndcg"] == pytest.approx(expected)
    assert any("1 judgment has a relevance that is not a whole number" in n for n in data.notes)


def test_query_with_nothing_relevant_is_named_and_follows_the_all_zero_rule():
    text = b"query_id,doc_id,relevance,score\nq,a,0,2\nq,b,0,1\nr,a,1,1\n"
    data = runs.from_csv(runs.read_csv_run(text))
    assert any("1 query has no relevant judgment (q)" in note for note in data.notes)
    assert runs.evaluate(data, 2, on_zero=0.0).mean == pytest.approx(0.5)
    assert runs.evaluate(data, 2, on_zero=1.0).mean == pytest.approx(1.0)
    skipped = runs.evaluate(data, 2, on_zero=float("nan"))
    assert skipped.mean == pytest.approx(1.0) and math.isnan(skipped.per_query.at["q", "ndcg"])


def test_csv_query_with_judgments_but_no_ranked_row_is_left_out_with_a_note():
    data = runs.from_csv(runs.read_csv_run(b"query_id,doc_id,relevance,score\nq,a,1,2\nr,a,1,\n"))
    assert list(data.queries) == ["q"]
    assert any("judgments but no ranked document (r)" in note for note in data.notes)


# ---------------------------------------------------------------------------------------------
# TREC
# ---------------------------------------------------------------------------------------------


def test_trec_run_bad_lines_with_line_numbers():
    text = b"1 Q0 d1 1 2.0 r\n1 Q0 d2 2 x r\n\n1 Q0 d3 3\n1 Q0 d1 4 1 r\n2 Q0 d1 1 1 r extra\n"
    table = runs.read_trec_run(text, "run.txt")
    reasons = {p.line: p.reason for p in table.problems}
    assert set(reasons) == {2, 4, 5}
    assert reasons[2] == "has a score that is not a number"
    assert reasons[4].startswith("has fewer than 6 fields")
    assert reasons[5].startswith("repeats the (query, document) pair of line 1")
    assert table.rows["line"].tolist() == [1, 6]  # line 6's extra field is ignored


def test_trec_parsing_handles_tabs_leading_spaces_and_crlf():
    table = runs.read_trec_run(b"  301\tQ0\tD-1\t1\t  2.5\tSTD\r\n302 Q0 D-2 1 -1e3 STD\r\n")
    assert table.problems == ()
    assert table.rows["query"].tolist() == ["301", "302"]
    assert table.rows["score"].tolist() == [2.5, -1000.0]


def test_qrels_bad_lines_and_duplicates():
    text = b"1 0 d1 1\n1 0 d2 maybe\n1 0 d1 0\n1 0\n"
    table = runs.read_trec_qrels(text)
    reasons = {p.line: p.reason for p in table.problems}
    assert reasons[2] == "has a relevance that is not a number"
    assert reasons[3].startswith("repeats the (query, document) pair of line 1")
    assert reasons[4].startswith("has fewer than 4 fields")


def test_join_states_unjudged_docs_and_missing_queries():
    run = runs.read_trec_run(b"1 Q0 a 1 3 r\n1 Q0 b 2 2 r\n2 Q0 a 1 1 r\n")
    qrels = runs.read_trec_qrels(b"1 0 a 1\n1 0 c 2\n3 0 a 1\n")
    data = runs.join_trec(run, qrels)
    assert list(data.queries) == ["1"] and data.longest == 2
    notes = " ".join(data.notes)
    assert "The run has 1 query the qrels lack (2)" in notes
    assert "The qrels judge 1 query the run never answers (3)" in notes
    assert "1 ranked document has no judgment" in notes
    # ranked rel = 1, 0; judged = 2 (c, unretrieved), 1
    expected = 1 / (2 + 1 / math.log2(3))
    assert runs.evaluate(data, None).per_query.at["1", "ndcg"] == pytest.approx(expected)
    ranked = runs.query_list(data, "1", Scoring(k=NO_CUTOFF)).ranked
    assert (ranked.relevances, ranked.labels, ranked.pool) == ((1.0, 0.0), ("a", "b"), (2.0,))


def test_join_without_a_common_query_raises():
    run = runs.read_trec_run(b"1 Q0 a 1 3 r\n")
    qrels = runs.read_trec_qrels(b"2 0 a 1\n")
    with pytest.raises(ValueError, match="no query in common"):
        runs.join_trec(run, qrels)


def test_evaluate_rejects_an_unknown_ideal():
    data = runs.from_csv(runs.read_csv_run(b"query_id,doc_id,relevance\nq,a,1\n"))
    with pytest.raises(ValueError, match="`ideal` must be 'judgments' or 'run'"):
        runs.evaluate(data, 5, ideal="pool")


def test_crlf_and_byte_order_mark_keep_line_numbers():
    csv_text = b"\xef\xbb\xbfquery_id,doc_id,relevance\r\nq,a,1\r\nq,b,x\r\n"
    table = runs.read_csv_run(csv_text)
    assert [(p.line, p.text) for p in table.problems] == [(3, "q,b,x")]
    trec = runs.read_trec_qrels(b"\xef\xbb\xbf1 0 a 1\r\n1 0 b x\r\n")
    assert [(p.line, p.text) for p in trec.problems] == [(2, "1 0 b x")]
    assert trec.rows["query"].tolist() == ["1"]


# ---------------------------------------------------------------------------------------------
# One query as a ranked list, a Scoring as evaluate's keywords, the convention grid,
# pairing two runs
# ---------------------------------------------------------------------------------------------


def _two_queries() -> runs.Dataset:
    run = runs.read_trec_run(b"1 Q0 a,1 1 3 r\n1 Q0 b 2 2 r\n2 Q0 x 1 1 r\n")
    qrels = runs.read_trec_qrels(b"1 0 a,1 1\n1 0 c 2\n1 0 d 0\n1 0 e 0\n2 0 y 1\n")
    return runs.join_trec(run, qrels)


def test_query_list_has_labels_k_and_the_pool_the_ideal_needs():
    data = _two_queries()
    found = runs.query_list(data, "1", Scoring(k=2, ties="docid"))
    ranked = found.ranked
    # ';' would split an item in the playground's text box: a comma becomes '_'.
    assert (ranked.relevances, ranked.labels, ranked.pool) == ((1, 0), ("a_1", "b"), (2,))
    assert ranked.scoring.k == 2 and found.notes == ()
    # k = 4 is beyond the list and its relevant pool: a valid cut-off, kept as it is.
    deep = runs.query_list(data, "1", Scoring(k=4, ties="docid")).ranked
    assert deep.pool == (2,) and deep.k == 4
    # No pool when the ideal comes from the run; a k beyond the list stays k.
    closed = runs.query_list(data, "1", Scoring(k=10, ideal="run", ties="docid"))
    assert closed.ranked.pool == () and closed.ranked.scoring.k == 10 and closed.notes == ()
    everything = runs.query_list(data, "1", Scoring(k=NO_CUTOFF, ties="docid")).ranked
    assert everything.pool == (2,) and everything.scoring.k == NO_CUTOFF


def test_query_list_carries_the_all_zero_rule():
    data = _two_queries()
    found = runs.query_list(data, "2", Scoring(k=1, zero="1", ties="docid"))
    assert found.ranked.pool == (1,) and found.notes == ()
    alone = runs.query_list(data, "2", Scoring(k=1, zero="1", ideal="run", ties="docid"))
    assert alone.ranked.scoring.zero == "1" and alone.notes == ()


def test_query_list_value_equals_the_evaluated_value():
    from ndcg_core import totals

    data = _two_queries()
    for scoring in (
        Scoring(k=1, ties="docid"),
        Scoring(k=5, ties="docid", gain="exponential"),
        Scoring(k=NO_CUTOFF, ties="docid", discount="jarvelin", log_base=3),
        Scoring(k=3, ties="docid", ideal="run"),
    ):
        expected = runs.evaluate(data, scoring).per_query["ndcg"]
        for query in ("1", "2"):
            ranked = runs.query_list(data, query, scoring).ranked
            assert totals(ranked).ndcg == pytest.approx(expected[query]), (scoring, query)


def test_query_list_labels_fall_back_to_numbers_when_ids_clash():
    # "a;b" and "a,b" both become the typable label "a_b": numbered instead.
    clash = runs.from_csv(
        runs.read_csv_run(b'query_id,doc_id,relevance,score\nq,"a;b",1,2\nq,"a,b",0,1\n')
    )
    assert runs.query_list(clash, "q", Scoring(k=2)).ranked.labels == ("D1", "D2")


def test_a_scoring_gives_evaluate_every_convention_at_once():
    text = b"query_id,doc_id,relevance,score\nq,a,0,2\nq,b,2,1\nq,c,1,1\nr,a,0,1\n"
    data = runs.from_csv(runs.read_csv_run(text))
    scoring = Scoring(k=2, gain="exponential", ideal="run", ties="average", zero="skip")
    by_keywords = runs.evaluate(
        data, 2, gain="exponential", ideal="run", ties="average", on_zero=float("nan")
    )
    pd.testing.assert_frame_equal(runs.evaluate(data, scoring).per_query, by_keywords.per_query)
    assert runs.cut_for(scoring) == 2 and runs.cut_for(Scoring(k=NO_CUTOFF)) is None
    # With the ideal from the run, "every ranked position" is no cut-off at all.
    assert runs.cut_for(Scoring(k=EVERY_RANKED, ideal="run")) is None
    with pytest.raises(ValueError, match=r"`k` must be a whole number or 'none'.*got 'n'"):
        runs.cut_for(Scoring(k=EVERY_RANKED))
    with pytest.raises(ValueError, match="Give the conventions once"):
        runs.evaluate(data, scoring, ties="keep")


def test_convention_grid_holds_every_mean_and_its_spread():
    text = b"query_id,doc_id,relevance,score\nq,a,0,2\nq,b,1,1\nq,c,2,\nr,a,0,1\n"
    data = runs.from_csv(runs.read_csv_run(text))
    grid = runs.convention_grid(data, Scoring(k=2, ties="keep"))
    assert list(grid.means.index) == ["0", "1", "skip"]
    assert list(grid.means.columns) == ["judgments", "run"]
    for zero, row in grid.means.iterrows():
        for ideal, value in row.items():
            scoring = Scoring(k=2, ties="keep", ideal=ideal, zero=zero)
            assert value == pytest.approx(runs.evaluate(data, scoring).mean)
    values = grid.means.to_numpy()
    assert grid.spread == pytest.approx(np.nanmax(values) - np.nanmin(values))


def test_pairing_joins_on_queries_and_counts_those_left_out():
    a = runs.from_csv(runs.read_csv_run(b"query_id,doc_id,relevance\nq,a,1\nr,a,0\ns,b,1\n"))
    b = runs.from_csv(runs.read_csv_run(b"query_id,doc_id,relevance\ns,a,0\ns,b,1\nt,a,1\n"))
    skip = Scoring(k=NO_CUTOFF, zero="skip")
    pairing = runs.pair_queries(runs.evaluate(a, skip), runs.evaluate(b, skip))
    assert list(pairing.queries) == ["s"] and pairing.left_out == 3  # q, r in A; t in B
    assert pairing.a.tolist() == [1.0] and pairing.b.tolist() == pytest.approx([1 / math.log2(3)])
    assert pairing.compared == 1


# ---------------------------------------------------------------------------------------------
# Reading files as trec_eval reads them: its fields, comments, spaces, single-precision scores
# and whole-number relevances, and what a CSV header can get wrong
# ---------------------------------------------------------------------------------------------


def _no_warnings(call, *args, **kwargs):
    """Call, and fail if any warning (pandas' ParserWarning, numpy's RuntimeWarning…) is raised:
    a warning would land in the server's console."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        result = call(*args, **kwargs)
    assert not caught, [str(w.message) for w in caught]
    return result


def test_run_lines_with_more_than_six_fields_are_read_as_trec_eval_reads_them():
    text = (
        b"301\tQ0\tD1\t1\t2.5\tSTANDARD more junk at\n"
        b"301 Q0 D2 2 2.0 STANDARD\n"
        b"301 Q0 D3 3 1.5 STANDARD " + b" x" * 40 + b"\n"  # 46 fields
        b"302 Q0 D1 1 1.0 STANDARD 9 fields here\n"
    )
    table = _no_warnings(runs.read_trec_run, text, "run.txt")
    assert table.problems == ()
    assert table.rows[["query", "doc", "score"]].values.tolist() == [
        ["301", "D1", 2.5],
        ["301", "D2", 2.0],
        ["301", "D3", 1.5],
        ["302", "D1", 1.0],
    ]
    assert table.extra_fields == 3
    assert any("run.txt: 3 lines have more than 6 fields" in note for note in table.notes)
    qrels = runs.read_trec_qrels(b"301 0 D1 1\n302 0 D1 1\n")
    assert any("3 lines have more than 6 fields" in n for n in runs.join_trec(table, qrels).notes)


def test_a_qrels_line_with_a_fifth_field_is_still_a_problem_as_trec_eval_refuses_it():
    table = runs.read_trec_qrels(b"1 0 a 1\n1 0 b 1 extra\n")
    assert [(p.line, p.reason.split(" (")[0]) for p in table.problems] == [
        (2, "has more than 4 fields")
    ]


def test_comment_lines_are_skipped_and_counted_but_a_hash_inside_a_doc_id_is_not_one():
    run = b"# my run\n  # indented comment\n1 Q0 doc#1 1 2 r\n1 Q0 d2 2 1 r\n"
    table = runs.read_trec_run(run, "run.txt")
    assert table.problems == () and table.comments == 2
    assert table.rows["doc"].tolist() == ["doc#1", "d2"]
    assert table.rows["line"].tolist() == [3, 4]
    assert any("2 comment lines (starting with #) skipped" in note for note in table.notes)
    qrels = runs.read_trec_qrels(b"# judged by me\n1 0 doc#1 1\n")
    assert qrels.comments == 1 and qrels.rows["doc"].tolist() == ["doc#1"]


def test_fields_are_split_on_c_isspace_and_nothing_else():
    table = runs.read_trec_run(b"1\x0bQ0\x0cd1 1\t2 r\n1 Q0 d2 2 1\rr\n")
    assert table.problems == ()
    assert table.rows["doc"].tolist() == ["d1", "d2"]
    # A no-break space is part of a field to trec_eval: the line has too few fields, and why.
    odd = runs.read_trec_run("1 Q0 d1 1 2 r\n1\u00a0Q0 d2 2 1 r\n2 Q0\u3000d3 1 1 r\n".encode())
    reasons = {p.line: p.reason for p in odd.problems}
    assert "a no-break space (U+00A0)" in reasons[2]
    assert "an ideographic space (U+3000)" in reasons[3]
    assert "does not read as a separator" in reasons[2]


def test_a_file_with_old_mac_line_ends_is_read_line_by_line_and_said_so():
    table = runs.read_trec_run(b"1 Q0 a 1 2 r\r1 Q0 b 2 1 r\r1 Q0 c 3\r", "mac.txt")
    assert table.rows["doc"].tolist() == ["a", "b"]
    assert [(p.line, p.reason.split(" (")[0]) for p in table.problems] == [
        (3, "has fewer than 6 fields")
    ]
    assert any("ends its lines with CR alone" in note for note in table.notes)
    assert "trec_eval" in table.notes[0]
    qrels = runs.read_trec_qrels(b"1 0 a 1\r1 0 b 0\r")
    assert qrels.problems == () and len(qrels.rows) == 2


def test_fractional_relevance_note_says_what_trec_eval_really_does():
    data = runs.from_csv(
        runs.read_csv_run(b"query_id,doc_id,relevance,score\nq,a,0.5,2\nq,b,1,1\n")
    )
    note = next(n for n in data.notes if "not a whole number" in n)
    assert "trec_eval reads only its leading whole number (0.5 → 0, 1.7 → 1)" in note
    assert "would refuse" not in note


def test_qrels_read_with_whole_relevance_use_c_atol():
    text = b"1 0 a 0.5\n1 0 b 1.7\n1 0 c 2\n1 0 d -1.5\n1 0 e 2e3\n1 0 f 3.0\n"
    kept = runs.read_trec_qrels(text)
    assert kept.rows["relevance"].tolist() == [0.5, 1.7, 2.0, -1.5, 2000.0, 3.0]
    whole = runs.read_trec_qrels(text, whole_relevance=True)
    assert whole.rows["relevance"].tolist() == [0.0, 1.0, 2.0, -1.0, 2.0, 3.0]
    assert any("4 relevances not a whole number" in note for note in whole.notes)


def test_trec_eval_ties_compare_scores_in_single_precision():
    # Two scores that differ as doubles and are equal as float32, as trec_eval compares them: a
    # tie, broken by doc id descending: b (not relevant) before a. trec_eval (pytrec_eval)
    # gives 0.6309.
    run = runs.read_trec_run(b"q1 Q0 a 1 1.00000002 r\nq1 Q0 b 2 1.00000001 r\nq1 Q0 c 3 0.5 r\n")
    data = runs.join_trec(run, runs.read_trec_qrels(b"q1 0 a 1\nq1 0 b 0\nq1 0 c 0\n"))
    assert runs.evaluate(data, None, ties="docid").mean == pytest.approx(1 / math.log2(3))
    assert runs.evaluate(data, None, ties="keep").mean == 1.0  # doubles: a first
    # The playground's order too.
    assert runs.query_list(data, "q1", Scoring(k=3, ties="docid")).ranked.labels == ("b", "a", "c")


@pytest.mark.parametrize(
    ("header", "message"),
    [
        (b"query_id,doc_id,relevance,score,score", "names the column score more than once"),
        (b"query_id,query_id,doc_id,relevance", "names the column query_id more than once"),
        (b"query_id,doc_id,Relevance, relevance", "names the column relevance more than once"),
    ],
)
def test_a_repeated_header_column_is_named(header, message):
    with pytest.raises(ValueError, match=message):
        runs.read_csv_run(header + b"\nq1,d1,1,0.5,0.1\n", "mine.csv")


def test_a_field_longer_than_the_csv_limit_names_its_line():
    long_id = b'"' + b"x" * 140_000 + b'"'
    data = b"query_id,doc_id,relevance\nq,a,1\nq," + long_id + b",1\n"
    with pytest.raises(ValueError, match=r"mine\.csv, line 3: a field is longer than 131,072"):
        runs.read_csv_run(data, "mine.csv")
    with pytest.raises(ValueError, match=r"line 2: a field is longer .*unclosed quote"):
        runs.read_csv_run(b'query_id,doc_id,relevance\nq,"a,1\n' + b"y" * 140_000, "mine.csv")


@pytest.mark.parametrize(
    ("text", "hint"),
    [
        (b"query_id;doc_id;relevance;score\nq;a;1;2\n", "separated by semicolons (;)"),
        (b"query_id\tdoc_id\trelevance\nq\ta\t1\n", "separated by tabs"),
    ],
)
def test_a_csv_with_another_delimiter_gets_a_hint(text, hint):
    with pytest.raises(ValueError, match=r"lacks query_id, doc_id, relevance") as raised:
        runs.read_csv_run(text, "mine.csv")
    assert hint in str(raised.value) and "save it with commas" in str(raised.value)
    # Read in English (a worker process), shown on a Russian page: the hint is retold with the
    # rest, not left in English after it.
    with i18n.speaking("ru"):
        said = i18n.retold_error(raised.value)
    assert "save it with commas" not in said and "lacks" not in said, said


def test_every_row_set_aside_says_so_not_that_there_are_no_scores():
    table = runs.read_csv_run(b"query_id,doc_id,relevance,score\nq,a,high,2\nq,b,low,1\n", "m.csv")
    assert len(table.problems) == 2 and table.rows.empty
    said = (
        r"No line of m\.csv is left to evaluate\. None of the 2 lines of m\.csv could be used: "
        r"every one has a relevance that is not a number\. Line 2 reads 'q,a,high,2'\."
    )
    with pytest.raises(ValueError, match=said):
        runs.from_csv(table)


def test_problems_past_the_cap_are_counted_not_kept():
    # A 400 kB file that is not a run: every line a problem. Kept: the first MAX_PROBLEMS, in
    # order; the rest of the lines read only counted, and the problem table says how many. A
    # file with no usable line among its first ones is not read on (runs.stream.SAMPLE_LINES):
    # the first slice of stream.EXACT_LINES lines shows what it is.
    table = runs.read_trec_run(b"x\n" * 200_000, "r.txt")
    assert len(table.problems) == runs.MAX_PROBLEMS
    assert [p.line for p in table.problems[:3]] == [1, 2, 3]
    assert table.problems[-1].line == runs.MAX_PROBLEMS
    assert table.more_problems == 50_000 - runs.MAX_PROBLEMS
    assert table.problem_count == 50_000
    assert "(the other 150,000 were not read)" in table.summary


def test_the_cap_keeps_the_first_problems_of_every_kind_in_line_order(monkeypatch):
    monkeypatch.setattr(runs.read, "MAX_PROBLEMS", 3)
    run = b"1 Q0 a 1 3 r\n1 Q0 a 1 3 r\nshort\n1 Q0 b 1 x r\n" + b"1 Q0 a 1 3 r\n" * 5
    table = runs.read_trec_run(run, "r.txt")
    assert [(p.line, p.reason.split(" (")[0].split(";")[0]) for p in table.problems] == [
        (2, "repeats the"),
        (3, "has fewer than 6 fields"),
        (4, "has a score that is not a number"),
    ]
    assert table.more_problems == 5 and len(table.rows) == 1
    csv = "query_id,doc_id,relevance\nq,é,1\nq;é;2\nq,é,3\r\nq,b,x\rq,c\n".encode()
    table = runs.read_csv_run(csv + b"q,d\n" * 4, "m.csv")
    assert [(p.line, p.text) for p in table.problems] == [(3, "q;é;2"), (4, "q,é,3"), (5, "q,b,x")]
    assert table.problem_count == 8


@pytest.mark.parametrize(
    ("data", "reader", "said"),
    [
        (
            b"x\n" * 1000,
            runs.read_trec_run,
            "None of the 1,000 lines of f could be used: every one has fewer than 6 fields "
            "(query Q0 doc rank score run). Line 1 reads 'x'.",
        ),
        (
            b"query_id,doc_id,relevance,score\n" + b"q,d,1,0.5\n" * 300 + b"1 Q0 d 1 3 r\n",
            runs.read_trec_run,
            "Only 1 of the 302 lines of f could be used: 301 of them have fewer than 6 fields "
            "(query Q0 doc rank score run). Line 1 reads 'query_id,doc_id,relevance,score'. Is it "
            "a CSV? Then read it as a CSV file (with a header line), not as TREC.",
        ),
        (
            b"".join(b"1 0 d%d 1\n" % i for i in range(200)),
            runs.read_trec_run,
            "That is the shape of a qrels file: are the qrels and the run swapped?",
        ),
        (
            b"".join(b"1 Q0 d%d 1 3 r\n" % i for i in range(200)),
            runs.read_trec_qrels,
            "every one has more than 4 fields (query iteration doc relevance). Line 1 reads "
            "'1 Q0 d0 1 3 r'. That is the shape of a run: are the qrels and the run swapped?",
        ),
        (
            b"query_id,doc_id,relevance\n" + b"q;d;1\n" * 200,
            runs.read_csv_run,
            "None of the 200 lines of f could be used: every one does not have the header's 3 "
            "fields. Line 2 reads 'q;d;1'. Are its columns separated by semicolons (;)?",
        ),
    ],
)
def test_a_file_almost_none_of_whose_lines_read_is_summarised_by_what_they_look_like(
    data, reader, said
):
    table = reader(data, "f")
    assert said in table.summary
    if reader is runs.read_trec_run and table.rows.empty:
        with pytest.raises(ValueError, match=r"No line of f is left to evaluate\. None of"):
            runs.join_trec(table, runs.read_trec_qrels(b"1 0 d 1\n"))


def test_a_file_that_mostly_reads_is_not_summarised():
    run = b"".join(b"1 Q0 d%d 1 3 r\n" % i for i in range(98)) + b"x\n"
    assert runs.read_trec_run(run).summary == ""
    assert runs.read_trec_run(b"x\n").summary == ""  # one line says it all


def test_every_run_line_set_aside_gives_no_message_with_empty_lists():
    run = runs.read_trec_run(b"1 Q0 a 1 x r\n1 Q0 b 2 y r\n", "run.txt")
    qrels = runs.read_trec_qrels(b"1 0 a 1\n")
    with pytest.raises(ValueError) as raised:
        runs.join_trec(run, qrels)
    message = str(raised.value)
    assert "No line of run.txt is left to evaluate" in message
    assert "start ," not in message and "qrels' ." not in message


def test_reading_prints_no_warning():
    # pandas used to print a ParserWarning on the server's console for lines of 9+ fields.
    run = b"".join(b"q Q0 d%d 1 %d r" % (i, i) + b" x" * (i % 12) + b"\n" for i in range(50))
    _no_warnings(runs.read_trec_run, run)
    _no_warnings(runs.read_trec_qrels, b"q 0 d1 1 a b c d e f\nq 0 d2 1\n")
    _no_warnings(runs.read_csv_run, b"query_id,doc_id,relevance\nq,a,1,2,3,4,5,6,7,8,9\n")
    _no_warnings(runs.read_trec_run, b"q Q0 d 1 1e400 r\n")


# ---------------------------------------------------------------------------------------------
# The query set of the mean: trec_eval's default and -c
# ---------------------------------------------------------------------------------------------


def _skipping_run() -> runs.Dataset:
    """Query 1 answered (NDCG 1/(2 + 1/log2 3) by hand), 3 and 4 judged but never answered
    (3 has a relevant document, 4 none), 2 answered but not judged."""
    run = runs.read_trec_run(b"1 Q0 a 1 3 r\n1 Q0 b 2 2 r\n2 Q0 a 1 1 r\n")
    qrels = runs.read_trec_qrels(b"1 0 a 1\n1 0 c 2\n3 0 a 1\n3 0 b 2\n4 0 x 0\n")
    return runs.join_trec(run, qrels)


def test_the_default_mean_is_over_the_queries_the_run_answers():
    data = _skipping_run()
    assert list(data.unanswered_queries) == ["3", "4"]
    result = runs.evaluate(data, None)
    assert list(result.per_query.index) == ["1"]
    assert result.mean == pytest.approx(1 / (2 + 1 / math.log2(3)))


def test_complete_averages_over_every_judged_query_a_skipped_one_counting_zero():
    data = _skipping_run()
    answered = 1 / (2 + 1 / math.log2(3))
    result = runs.evaluate(data, None, complete=True)
    assert list(result.per_query.index) == ["1", "3", "4"]
    assert result.per_query.loc[["3", "4"], "n_items"].tolist() == [0, 0]
    assert result.per_query.loc[["3", "4"], "ndcg"].tolist() == [0.0, 0.0]
    assert result.per_query.at["3", "idcg"] == pytest.approx(2 + 1 / math.log2(3))
    assert result.mean == pytest.approx(answered / 3)
    # An empty ranking with nothing to find follows the all-zero rule, as an answered one does.
    skipped = runs.evaluate(data, None, complete=True, on_zero=float("nan"))
    assert math.isnan(skipped.per_query.at["4", "ndcg"])
    assert skipped.mean == pytest.approx(answered / 2)
    # The ideal from the run alone: an unanswered query has nothing ranked, so IDCG 0.
    run_ideal = runs.evaluate(data, None, complete=True, ideal="run")
    assert run_ideal.per_query.loc[["3", "4"], "idcg"].tolist() == [0.0, 0.0]


def test_complete_gap_names_the_queries_that_make_the_difference():
    gap = runs.complete_gap(_skipping_run(), k=None)
    answered = 1 / (2 + 1 / math.log2(3))
    assert gap.answered == pytest.approx(answered)
    assert gap.complete == pytest.approx(answered / 3)
    assert gap.difference == pytest.approx(answered * 2 / 3)
    assert gap.answered_queries == 1
    assert gap.unanswered.to_dict("index") == {
        "3": {"judged": 2, "relevant": 2, "ndcg": 0.0},
        "4": {"judged": 1, "relevant": 0, "ndcg": 0.0},
    }
    every = runs.complete_gap(runs.join_trec(*_files_answering_everything()), k=5)
    assert every.unanswered.empty and every.difference == 0


def _files_answering_everything():
    return runs.read_trec_run(b"1 Q0 a 1 3 r\n"), runs.read_trec_qrels(b"1 0 a 1\n")


def test_a_csv_query_without_a_ranked_row_counts_with_complete():
    text = b"query_id,doc_id,relevance,score\nq,a,1,2\nr,a,1,\nr,b,0,\n"
    data = runs.from_csv(runs.read_csv_run(text))
    assert list(data.unanswered_queries) == ["r"]
    assert runs.evaluate(data, 5).mean == 1.0
    assert runs.evaluate(data, 5, complete=True).mean == 0.5


def test_complete_is_checked_and_needs_the_judgments_in_batch():
    with pytest.raises(ValueError, match="`complete` must be True"):
        runs.evaluate(_skipping_run(), 5, complete="yes")
    with pytest.raises(ValueError, match="pass the judgments as `ideal_queries`"):
        batch_ndcg(["q"], [1], [1.0], complete=True)
    result = batch_ndcg(
        ["q", "q"],
        [1, 0],
        [2.0, 1.0],
        ideal_queries=["q", "q", "s"],
        ideal_relevances=[1, 0, 3],
        complete=True,
    )
    assert result.per_query["ndcg"].to_dict() == {"q": 1.0, "s": 0.0}
    assert result.mean == 0.5


def test_grades_collect_every_relevance_the_data_holds():
    assert _skipping_run().grades == (0.0, 1.0, 2.0)


def test_the_answered_queries_of_a_complete_evaluation_equal_the_default_one():
    data = _skipping_run()
    for keywords in ({"k": None}, {"k": 1, "on_zero": float("nan")}, {"k": 3, "ideal": "run"}):
        full = runs.evaluate(data, complete=True, **keywords)
        cut = runs.answered_only(full, data)
        default = runs.evaluate(data, **keywords)
        assert cut.per_query.equals(default.per_query)
        assert cut.mean == default.mean
        assert cut.queries_without_relevant == default.queries_without_relevant


# ---------------------------------------------------------------------------------------------
# `python -m ndcg_core.trec`: the trec_eval command that gives the same numbers, and its
# output lines
# ---------------------------------------------------------------------------------------------


def test_the_trec_eval_equivalent_names_the_measure_and_what_trec_eval_cannot_do():
    from commands import trec

    same = trec.equivalent(Scoring(k=10, ties="docid"))
    assert (same.measure, same.command, same.cannot) == (
        "ndcg_cut_10",
        "trec_eval -q -m ndcg_cut.10 QRELS RUN",
        (),
    )
    mapped = trec.equivalent(Scoring(k=NO_CUTOFF, ties="docid", gain="map:0=0,1=1,2=3"), True)
    assert mapped.command == "trec_eval -q -c -m ndcg.0=0,1=1,2=3 QRELS RUN"
    assert mapped.measure == "ndcg_0=0,1=1,2=3"
    other = trec.equivalent(Scoring(k=5, ties="keep", gain="exponential", ideal="run", zero="1"))
    assert len(other.cannot) == 4 and "the exponential gain" in other.cannot[-1]


def test_trec_eval_output_lines_sort_queries_and_end_with_all():
    from commands import trec

    result = batch_ndcg(["b", "a", "a", "c"], [1, 0, 1, 0], [1, 2, 1, 1])
    text = trec.output([("ndcg_cut_5", result)])
    assert text.splitlines() == [
        "ndcg_cut_5            \ta\t0.6309",
        "ndcg_cut_5            \tb\t1.0000",
        "ndcg_cut_5            \tc\t0.0000",
        "ndcg_cut_5            \tall\t0.5436",
    ]
    skipped = batch_ndcg(["a", "c"], [1, 0], [1, 1], on_zero=float("nan"))
    assert trec.output([("ndcg", skipped)]).splitlines() == [
        "ndcg                  \ta\t1.0000",
        "ndcg                  \tall\t1.0000",
    ]


def test_a_file_of_comments_only_says_it_has_nothing_to_evaluate_in_plain_words():
    run = runs.read_trec_run(b"# only a comment\n", "r")
    qrels = runs.read_trec_qrels(b"# another\n", "q")
    with pytest.raises(ValueError, match=r"^r has no ranked documents to evaluate\.$"):
        runs.join_trec(run, runs.read_trec_qrels(b"1 0 a 1\n", "q"))
    with pytest.raises(ValueError, match=r"^q has no judgments to evaluate\.$"):
        runs.join_trec(runs.read_trec_run(b"1 Q0 a 1 3 r\n", "r"), qrels)
