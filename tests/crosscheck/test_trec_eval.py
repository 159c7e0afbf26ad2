"""Per-query NDCG of files loaded by ndcg_core.runs against trec_eval (pytrec_eval) and
scikit-learn, every query, to 1e-9 (marked `crosscheck`: they run the real libraries), and the
tie and ideal rules those checks rest on. Also: `python -m ndcg_core.trec` (`commands.trec`) against trec_eval's
own output files (data/trec_eval_test/out.*), the -c mean, gains per level (trec_eval's
ndcg.1=3,2=9 and LightGBM's label_gain) and single-precision scores."""

import itertools
import re
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from commands import trec
from devtools import ROOT
from ndcg_core import GainMap, batch_ndcg, runs
from ndcg_core.model import NO_CUTOFF, Scoring

DATA = ROOT / "data"
TREC = DATA / "trec_eval_test"
CUTS = (5, 10, 15, 20, 30, 100, 200, 500, 1000)


def _trec_dicts(run: runs.Table, qrels: runs.Table):
    qrel = {}
    for q, d, r in qrels.rows[["query", "doc", "relevance"]].itertuples(index=False):
        qrel.setdefault(q, {})[d] = int(r)
    ranking = {}
    for q, d, s in run.rows[["query", "doc", "score"]].itertuples(index=False):
        ranking.setdefault(q, {})[d] = float(s)
    return qrel, ranking


def _reference(run: runs.Table, qrels: runs.Table) -> dict:
    pytrec_eval = pytest.importorskip("pytrec_eval")
    qrel, ranking = _trec_dicts(run, qrels)
    measures = {"ndcg", "ndcg_cut." + ",".join(map(str, CUTS))}
    return pytrec_eval.RelevanceEvaluator(qrel, measures).evaluate(ranking)


@pytest.fixture(scope="module")
def results_test():
    return runs.read_trec_run((TREC / "results.test").read_bytes(), "results.test")


@pytest.mark.crosscheck
@pytest.mark.parametrize("qrels_file", ["qrels.test", "qrels.rel_level"])
def test_bundled_files_equal_trec_eval_for_every_query_and_cut(results_test, qrels_file):
    qrels = runs.read_trec_qrels((TREC / qrels_file).read_bytes(), qrels_file)
    assert qrels.problems == () and results_test.problems == ()
    expected = _reference(results_test, qrels)
    data = runs.join_trec(results_test, qrels)
    assert sorted(data.queries) == sorted(expected) == ["301", "302", "303"]
    # trec_eval's conventions as one Scoring: ideal from the judgments, ties by doc id, 0/0 → 0.
    for k, measure in [(NO_CUTOFF, "ndcg")] + [(c, f"ndcg_cut_{c}") for c in CUTS]:
        scoring = Scoring(k=k, ideal="judgments", ties="docid", zero="0")
        ours = runs.evaluate(data, scoring)
        for query, values in expected.items():
            assert ours.per_query.at[query, "ndcg"] == pytest.approx(values[measure], abs=1e-9), (
                qrels_file,
                measure,
                query,
            )


def test_rel_level_has_negative_labels_and_they_change_nothing_but_the_note(results_test):
    qrels = runs.read_trec_qrels((TREC / "qrels.rel_level").read_bytes())
    assert (qrels.rows["relevance"] == -1).sum() == 304
    data = runs.join_trec(results_test, qrels)
    assert any("304 judgments have relevance below 0" in note for note in data.notes)


def _synthetic_trec(seed: int):
    """Tied scores, unjudged and unretrieved documents, a query with nothing relevant, a run
    query without judgments and a judged query without a run."""
    rng = np.random.default_rng(seed)
    run_lines, qrel_lines = [], []
    for q in range(12):
        docs = [f"D{rng.integers(0, 60):02d}x{i}" for i in range(25)]
        scores = rng.integers(0, 6, 25)  # many ties, broken by doc id in trec_eval
        for rank, (d, s) in enumerate(zip(docs, scores), start=1):
            run_lines.append(f"q{q} Q0 {d} {rank} {s} sys")
        if q == 11:
            continue  # the run has a query the qrels lack
        judged = list(rng.choice(docs, 15, replace=False)) + [
            f"unretrieved{q}_{i}" for i in range(4)
        ]
        for d in judged:
            rel = 0 if q == 3 else int(rng.choice([-1, 0, 0, 1, 2, 3]))
            qrel_lines.append(f"q{q} 0 {d} {rel}")
    qrel_lines.append("q99 0 lonely 2")  # judged, never ranked
    return (
        runs.read_trec_run("\n".join(run_lines).encode()),
        runs.read_trec_qrels("\n".join(qrel_lines).encode()),
    )


@pytest.mark.crosscheck
@pytest.mark.parametrize("seed", [0, 1, 2])
def test_synthetic_ties_and_gaps_equal_trec_eval(seed):
    run, qrels = _synthetic_trec(seed)
    expected = _reference(run, qrels)
    data = runs.join_trec(run, qrels)
    assert set(data.queries) == set(expected)  # q11 and q99 left out, as trec_eval does
    assert any("q11" in note for note in data.notes)
    assert any("q99" in note for note in data.notes)
    for k, measure in [(None, "ndcg"), (5, "ndcg_cut_5"), (10, "ndcg_cut_10")]:
        ours = runs.evaluate(data, k, ties="docid").per_query["ndcg"]
        for query, values in expected.items():
            assert ours[query] == pytest.approx(values[measure], abs=1e-9), (k, query)


def test_keeping_file_order_among_ties_differs_from_trec_eval():
    # Guards against a test that cannot fail: the tie rule matters on this data.
    run, qrels = _synthetic_trec(0)
    data = runs.join_trec(run, qrels)
    keep = runs.evaluate(data, 5, ties="keep").per_query["ndcg"]
    docid = runs.evaluate(data, 5, ties="docid").per_query["ndcg"]
    assert not np.allclose(keep.to_numpy(), docid.to_numpy())


@pytest.mark.crosscheck
def test_csv_sample_equals_scikit_learn_per_query_with_the_run_as_ideal():
    # scikit-learn's conventions: ideal from the ranked items, ties averaged, all-zero gives 0.
    ndcg_score = pytest.importorskip("sklearn.metrics").ndcg_score
    table = runs.read_csv_run((DATA / "movies" / "recommender_a.csv").read_bytes())
    data = runs.from_csv(table)
    for k in (3, 5, None):
        ours = runs.evaluate(data, k, ideal="run", ties="average").per_query["ndcg"]
        for query, rows in data.ranked.groupby("query"):
            expected = ndcg_score([rows["relevance"].to_numpy()], [rows["score"].to_numpy()], k=k)
            assert ours[query] == pytest.approx(expected, abs=1e-9), (k, query)


@pytest.mark.crosscheck
def test_csv_with_ignore_ties_equals_scikit_learn_keep_order():
    ndcg_score = pytest.importorskip("sklearn.metrics").ndcg_score
    rng = np.random.default_rng(5)
    queries = np.repeat(np.arange(30), 12)
    rel = rng.integers(0, 4, queries.size)
    score = rng.random(queries.size)
    text = "query_id,doc_id,relevance,score\n" + "\n".join(
        f"u{q},m{i},{r},{float(s)!r}" for i, (q, r, s) in enumerate(zip(queries, rel, score))
    )
    data = runs.from_csv(runs.read_csv_run(text.encode()))
    ours = runs.evaluate(data, 10, ideal="run", ties="keep")
    expected = ndcg_score(rel.reshape(30, 12), score.reshape(30, 12), k=10, ignore_ties=True)
    assert ours.mean == pytest.approx(expected, abs=1e-9)


def test_docid_ties_need_doc_ids():
    with pytest.raises(ValueError, match="pass `docs` too"):
        batch_ndcg([1, 1], [1, 0], [1.0, 1.0], ties="docid")


@st.composite
def _small_runs(draw):
    n = draw(st.integers(1, 30))
    queries = draw(st.lists(st.sampled_from("abc"), min_size=n, max_size=n))
    docs = [f"d{i:02d}" for i in draw(st.permutations(range(n)))]
    scores = draw(st.lists(st.integers(0, 3), min_size=n, max_size=n))  # many ties
    rels = draw(st.lists(st.integers(0, 3), min_size=n, max_size=n))
    return queries, docs, scores, rels


@given(_small_runs(), st.sampled_from([None, 1, 3, 5]))
def test_docid_rule_equals_presorting_by_score_then_doc_descending(run, k):
    queries, docs, scores, rels = run
    ours = batch_ndcg(queries, rels, scores, k, ties="docid", docs=docs).per_query["ndcg"]
    # The same rule spelled out: sort each query by (score, doc id) descending, then keep order.
    order = sorted(range(len(docs)), key=lambda i: (scores[i], docs[i]), reverse=True)
    kept = batch_ndcg([queries[i] for i in order], [rels[i] for i in order], None, k).per_query[
        "ndcg"
    ]
    for query in ours.index:
        assert ours[query] == pytest.approx(kept[query], abs=1e-12)


@given(_small_runs(), st.lists(st.integers(1, 3), max_size=5), st.sampled_from([None, 2, 5]))
def test_an_ideal_from_all_judgments_never_scores_higher(run, unretrieved, k):
    queries, docs, scores, rels = run
    lines = "query_id,doc_id,relevance,score\n" + "".join(
        f"{q},{d},{r},{s}\n" for q, d, r, s in zip(queries, docs, rels, scores)
    )
    lines += "".join(f"{queries[0]},extra{i},{r},\n" for i, r in enumerate(unretrieved))
    data = runs.from_csv(runs.read_csv_run(lines.encode()))
    pooled = runs.evaluate(data, k, ideal="judgments").per_query["ndcg"]
    closed = runs.evaluate(data, k, ideal="run").per_query["ndcg"]
    assert (pooled <= closed + 1e-12).all()


# ---------------------------------------------------------------------------------------------
# trec_eval's files (extra fields, comments), its -c mean, its gains per level, its output;
# LightGBM's label_gain; and the scores trec_eval compares in single precision, where two
# doubles that differ can be one tie.
# ---------------------------------------------------------------------------------------------


def _raw_reference(qrel: dict, ranking: dict, measures: set) -> dict:
    """pytrec_eval's C extension directly: its Python wrapper cannot pass ndcg's gain pairs."""
    pytest.importorskip("pytrec_eval")
    from pytrec_eval_ext import RelevanceEvaluator

    evaluator = RelevanceEvaluator(
        query_relevance=qrel, measures=measures, relevance_level=1, judged_docs_only_flag=False
    )
    return evaluator.evaluate(ranking)


def _ndcg_lines(path: Path) -> str:
    """trec_eval's own output file, its ndcg and ndcg_cut lines only."""
    lines = path.read_text().splitlines()
    wanted = re.compile(r"ndcg(_cut_\d+|_\S*=\S*)?")
    return "".join(f"{line}\n" for line in lines if wanted.fullmatch(line.split("\t")[0].strip()))


@pytest.mark.parametrize(
    ("argv", "expected"),
    [
        # trec_eval -m all_trec -q qrels.test results.test
        (["-q", "qrels.test", "results.test"], "out.test.aq"),
        # trec_eval -m all_trec -q -c qrels.test results.trunc: a run with text after the run
        # name on 5 lines and without query 302, averaged over every judged query
        (["-q", "-c", "qrels.test", "results.trunc"], "out.test.aqc"),
        # trec_eval -q -mndcg.1=3,2=9,4=4.5 -mndcg_cut.10,20,23.4 … (its measure-parameter test)
        (
            [
                "-q",
                "-m",
                "ndcg.1=3,2=9,4=4.5",
                "-m",
                "ndcg_cut.10,20,23.4",
                "qrels.test",
                "results.test",
            ],
            "out.test.meas_params",
        ),
        # the same judgments with # comment lines in them
        (["-q", "qrels.test.with-comments", "results.test"], "out.test.aq"),
    ],
)
def test_the_command_line_prints_what_trec_eval_printed(argv, expected):
    files = [str(TREC / arg) if (TREC / arg).exists() else arg for arg in argv]
    assert trec.run(files) == _ndcg_lines(TREC / expected)


def test_the_command_line_without_q_prints_the_all_lines_and_names_bad_input(capsys):
    text = trec.run(["-m", "ndcg_cut.10", str(TREC / "qrels.test"), str(TREC / "results.test")])
    assert text == "ndcg_cut_10           \tall\t0.3016\n"  # trec_eval 10.0's test output
    assert trec.main(["-m", "bpref", str(TREC / "qrels.test"), str(TREC / "results.test")]) == 2
    assert "this tool computes map, Rprec, recip_rank, P, recall" in capsys.readouterr().err
    assert trec.main(["-m", "map.5", str(TREC / "qrels.test"), str(TREC / "results.test")]) == 2
    assert "map takes no parameters" in capsys.readouterr().err
    assert trec.main([str(TREC / "README.md"), str(TREC / "results.test")]) == 1
    assert "line(s) trec_eval would not read" in capsys.readouterr().err


NINES = "9" * 5000  # more digits than Python turns into an int, and than a C long holds


@pytest.mark.parametrize(
    "option", [f"ndcg_cut.{NINES}", f"ndcg_cut.5,{NINES}", f"ndcg.{NINES}=1", f"ndcg.-{NINES}=1"]
)
def test_a_5000_digit_option_value_is_a_usage_message_not_pythons(option, capsys):
    argv = ["-m", option, str(TREC / "qrels.test"), str(TREC / "results.test")]
    assert trec.main(argv) == 2
    said = capsys.readouterr().err
    assert "(a number of 5,000 digits) is larger than a C long" in said
    assert "9,223,372,036,854,775,807: give a number below that" in said
    assert "Exceeds the limit" not in said and len(said) < 400


def test_relevances_are_read_with_atol_as_trec_eval_reads_them(tmp_path, capsys):
    # trec_eval reads a relevance with C's atol: the leading whole number, 0 when there is
    # none. The same judgments written as atol reads them give the same output.
    run = "".join(f"301 Q0 {doc} {rank} {10 - rank} r\n" for rank, doc in enumerate("ABCDEF"))
    (tmp_path / "run").write_text(run)
    as_typed = "301 0 A abc\n301 0 B 1e400\n301 0 C 2.7\n301 0 D +3\n301 0 E -1x\n301 0 F 0x4\n"
    as_read = "301 0 A 0\n301 0 B 1\n301 0 C 2\n301 0 D 3\n301 0 E -1\n301 0 F 0\n"
    (tmp_path / "typed").write_text(as_typed)
    (tmp_path / "read").write_text(as_read)
    printed = trec.run(["-q", str(tmp_path / "typed"), str(tmp_path / "run")])
    assert printed == trec.run(["-q", str(tmp_path / "read"), str(tmp_path / "run")])
    # More digits than a 64-bit long: glibc's atol saturates, to the largest long (or the
    # smallest), never a Python message.
    huge = runs.read_trec_qrels(
        f"301 0 A {NINES}\n301 0 B -{NINES}\n301 0 C 9223372036854775808\n".encode(),
        whole_relevance=True,
    )
    assert huge.rows["relevance"].tolist() == [2.0**63, -(2.0**63), 2.0**63]
    (tmp_path / "huge").write_text(f"301 0 A {NINES}\n301 0 B 1\n")
    assert trec.main(["-m", "ndcg", str(tmp_path / "huge"), str(tmp_path / "run")]) == 0
    assert capsys.readouterr().out == "ndcg                  \tall\t1.0000\n"
    # The page keeps its own reading: a relevance that is not a number is a line to fix.
    page = runs.read_trec_qrels(as_typed.encode())
    assert [p.line for p in page.problems] == [1, 2, 5, 6]  # abc, 1e400, -1x, 0x4


def test_gains_are_read_with_atof_as_trec_eval_reads_them(capsys):
    assert trec._gain_pairs("1=1_0") == ((1, 1.0),)  # Python's float would read 10
    assert "the gain '1_0' is read as 1, as trec_eval's atof reads it" in capsys.readouterr().err
    assert trec._gain_pairs("1=0x10,2=2.5e1,3= 7") == ((1, 16.0), (2, 25.0), (3, 7.0))
    assert capsys.readouterr().err == ""
    for params in ("1=abc", "1=1e400", f"1={NINES}", "1=-2", "1=nan"):
        with pytest.raises(trec.UsageError) as raised:
            trec._gain_pairs(params)
        assert len(str(raised.value)) < 300


def test_input_has_no_cap_and_a_line_that_never_ends_ends_with_a_message(tmp_path, capsys):
    qrels = str(TREC / "qrels.test")
    # /dev/zero has no line end: reading stops after 100 MB of one line, with a message.
    assert trec.main([qrels, "/dev/zero"]) == 1
    said = capsys.readouterr().err
    assert "/dev/zero has a line of more than 100 MB after line 0: it is not a TREC file" in said
    # No size cap: a run bigger than the app's upload cap (50 MB) is read, as a stream. Its
    # scores are all different: what is tested is the size (2.5 M documents tied in groups of
    # a few thousand cost 10 s of sorting ids, and ties are tested on their own above).
    big = tmp_path / "big_run"
    with big.open("w") as out:
        for start in range(0, 2_500_000, 100_000):
            out.write(
                "".join(f"301 Q0 D{i} 1 {2_500_000 - i} r\n" for i in range(start, start + 100_000))
            )
    assert big.stat().st_size > 50_000_000
    assert trec.main(["-m", "P.10", qrels, str(big)]) == 0
    assert capsys.readouterr().out == "P_10                  \tall\t0.0000\n"


def test_huge_gains_are_named_as_the_gains_not_the_relevances(capsys):
    argv = ["-m", "ndcg.1=1e308,2=1e308", str(TREC / "qrels.rel_level"), str(TREC / "results.test")]
    assert trec.main(argv) == 1
    said = capsys.readouterr().err
    assert "-m ndcg.1=1e308,2=1e308: the gains are too large to score" in said
    assert "Divide every gain by the same number" in said and "relevances" not in said


@pytest.mark.crosscheck
@pytest.mark.parametrize(
    ("run_file", "qrels_file"),
    [("results.trunc", "qrels.test"), ("results.test", "qrels.test.with-comments")],
)
def test_trec_eval_test_files_with_extra_fields_and_comments_equal_pytrec_eval(
    run_file, qrels_file
):
    run = runs.read_trec_run((TREC / run_file).read_bytes(), run_file)
    qrels = runs.read_trec_qrels((TREC / qrels_file).read_bytes(), qrels_file)
    assert run.problems == () and qrels.problems == ()
    # results.trunc: 5 lines with text after the run name; with-comments: 3 comment lines (and
    # a doc id holding a #, which is not one).
    assert (run.extra_fields, qrels.comments) == ((5, 0) if run_file == "results.trunc" else (0, 3))
    expected = _reference(run, qrels)  # pytrec_eval reads dicts: the first six fields
    data = runs.join_trec(run, qrels)
    for k, measure in [(None, "ndcg")] + [(c, f"ndcg_cut_{c}") for c in CUTS]:
        ours = runs.evaluate(data, k).per_query["ndcg"]
        assert set(ours.index) == set(expected)
        for query, values in expected.items():
            assert ours[query] == pytest.approx(values[measure], abs=1e-9), (measure, query)


def _graded_files(seed: int) -> tuple[bytes, bytes]:
    """Graded judgments 0–4 (and -1), tied scores, lines with extra fields and comments, a run
    that skips some judged queries and answers one nobody judged."""
    rng = np.random.default_rng(seed)
    run_lines, qrel_lines = ["# a generated run"], []
    for q in range(15):
        docs = [f"D{j:03d}" for j in rng.choice(200, 40, replace=False)]
        judged = list(rng.choice(docs, 25, replace=False)) + [f"U{q}_{i}" for i in range(5)]
        for d in judged:
            qrel_lines.append(f"q{q} 0 {d} {int(rng.choice([-1, 0, 0, 1, 2, 3, 4]))}")
        if q % 4 == 3:
            continue  # judged, never answered
        for rank, d in enumerate(docs, start=1):
            extra = " tail text" * int(rng.integers(0, 3))
            run_lines.append(f"q{q} Q0 {d} {rank} {int(rng.integers(0, 8))} sys{extra}")
    run_lines.append("q99 Q0 D001 1 1 sys")  # answered, never judged
    return "\n".join(run_lines).encode(), "\n".join(qrel_lines).encode()


@pytest.mark.crosscheck
@pytest.mark.parametrize("seed", [3, 4])
def test_generated_graded_runs_equal_trec_eval_per_query_and_under_c(seed):
    run_bytes, qrels_bytes = _graded_files(seed)
    run, qrels = runs.read_trec_run(run_bytes), runs.read_trec_qrels(qrels_bytes)
    assert run.problems == () and run.extra_fields > 0 and run.comments == 1
    expected = _reference(run, qrels)
    data = runs.join_trec(run, qrels)
    judged = set(qrels.rows["query"])
    assert len(data.unanswered_queries) == 3 and len(judged) == 15
    for k, measure in [(None, "ndcg")] + [(c, f"ndcg_cut_{c}") for c in CUTS]:
        answered = runs.evaluate(data, k)
        for query, values in expected.items():
            assert answered.per_query.at[query, "ndcg"] == pytest.approx(values[measure], abs=1e-9)
        reference = [values[measure] for values in expected.values()]
        assert answered.mean == pytest.approx(np.mean(reference), abs=1e-12)
        # -c: every judged query, a skipped one counting 0 (trec_eval's definition).
        complete = runs.evaluate(data, k, complete=True)
        assert complete.mean == pytest.approx(sum(reference) / len(judged), abs=1e-12)
        assert complete.mean < answered.mean


@pytest.mark.crosscheck
@pytest.mark.parametrize("params", ["1=3,2=9,4=4.5", "0=1,1=2,2=5,3=9,4=20", "2=10"])
def test_trec_eval_gain_parameters_equal_ours(params, tmp_path):
    run_bytes, qrels_bytes = _graded_files(5)
    qrels = runs.read_trec_qrels(qrels_bytes, whole_relevance=True)
    run = runs.read_trec_run(run_bytes)
    qrel, ranking = _trec_dicts(run, qrels)
    expected = _raw_reference(qrel, ranking, {f"ndcg.{params}"})
    (tmp_path / "qrels").write_bytes(qrels_bytes)
    (tmp_path / "run").write_bytes(run_bytes)
    printed = trec.run(
        ["-q", "-m", f"ndcg.{params}", str(tmp_path / "qrels"), str(tmp_path / "run")]
    )
    lines = [line.split("\t") for line in printed.splitlines()]
    assert {name.strip() for name, _, _ in lines} == {f"ndcg_{params}"}
    for _, query, value in lines[:-1]:
        assert float(value) == pytest.approx(expected[query]["ndcg"], abs=5e-5)
    # The same map in the app's own form (every level listed): the same per-query values.
    levels = dict(trec._gain_pairs(params))
    full = {g: levels.get(g, float(g)) for g in range(5)}
    data = runs.join_trec(run, qrels)
    # (Where grade 0 earns nothing: trec_eval gives level 0's gain to documents judged 0 only,
    # the app to every document of grade 0, unjudged and judged-below-0 ones included.)
    values = list(full.values())
    if full[0] == 0 and all(b >= a for a, b in itertools.pairwise(values)):
        ours = runs.evaluate(data, None, gain=full).per_query["ndcg"]
        for query, values in expected.items():
            assert ours[query] == pytest.approx(values["ndcg"], abs=1e-9)


@pytest.mark.crosscheck
def test_the_exponential_gain_equals_trec_eval_given_it_as_a_map():
    run_bytes, qrels_bytes = _graded_files(6)
    run, qrels = runs.read_trec_run(run_bytes), runs.read_trec_qrels(qrels_bytes)
    qrel, ranking = _trec_dicts(run, qrels)
    expected = _raw_reference(qrel, ranking, {"ndcg.1=1,2=3,3=7,4=15"})
    ours = runs.evaluate(runs.join_trec(run, qrels), None, gain="exponential").per_query["ndcg"]
    for query, values in expected.items():
        assert ours[query] == pytest.approx(values["ndcg"], abs=1e-9)


@pytest.mark.crosscheck
@pytest.mark.parametrize(
    "label_gain", [None, [0, 1, 3, 7, 15], [0, 2, 6, 14, 30], [0, 1, 1.5, 10, 10]]
)
def test_lightgbm_label_gain_equals_a_gain_map(label_gain):
    lgb = pytest.importorskip("lightgbm")
    rng = np.random.default_rng(7)
    sizes = rng.integers(3, 15, 25)
    labels = rng.integers(0, 5, sizes.sum())
    scores = rng.permutation(sizes.sum()) / 7.0  # distinct: LightGBM's tie order plays no part
    params = {"objective": "lambdarank", "metric": "ndcg", "eval_at": [5], "verbose": -1}
    if label_gain is not None:
        params["label_gain"] = label_gain
    data = lgb.Dataset(
        np.zeros((sizes.sum(), 1)),
        label=labels,
        group=sizes,
        init_score=scores,
        params={"verbose": -1},
    )
    expected = lgb.Booster(params=params, train_set=data).eval_train()[0][2]
    # LightGBM's conventions: the ideal from the ranked items, 0/0 → 1, its default gains
    # 2^i − 1 (label_gain=None).
    gain = GainMap.label_gain(label_gain or [2**i - 1 for i in range(5)]).name
    queries = np.repeat(np.arange(sizes.size), sizes)
    ours = batch_ndcg(queries, labels, scores, 5, gain=gain, on_zero=1.0)
    assert ours.mean == pytest.approx(expected, abs=1e-6)


@pytest.mark.crosscheck
def test_single_precision_ties_equal_trec_eval_on_two_close_scores_and_dense_scores():
    run = runs.read_trec_run(b"q1 Q0 a 1 1.00000002 r\nq1 Q0 b 2 1.00000001 r\nq1 Q0 c 3 0.5 r\n")
    qrels = runs.read_trec_qrels(b"q1 0 a 1\nq1 0 b 0\nq1 0 c 0\n")
    expected = _reference(run, qrels)["q1"]["ndcg"]
    assert expected == pytest.approx(0.6309, abs=1e-4)
    assert runs.evaluate(runs.join_trec(run, qrels), None).mean == pytest.approx(
        expected, abs=1e-12
    )
    # A realistic case: scores in [0.80, 0.85] to 9 decimals, 50 × 1000 documents; compared in
    # double precision, 6 of these 50 queries differed from trec_eval on ndcg.
    rng = np.random.default_rng(11)
    lines, judged = [], []
    for q in range(50):
        scores = np.round(rng.uniform(0.80, 0.85, 1000), 9)
        for d, s in enumerate(scores):
            lines.append(f"t{q} Q0 d{d:04d} {d + 1} {s:.9f} r")
            if rng.random() < 0.3:
                judged.append(f"t{q} 0 d{d:04d} {int(rng.integers(0, 3))}")
    run = runs.read_trec_run("\n".join(lines).encode())
    qrels = runs.read_trec_qrels("\n".join(judged).encode())
    expected = _reference(run, qrels)
    data = runs.join_trec(run, qrels)
    for k, measure in [(None, "ndcg"), (100, "ndcg_cut_100")]:
        ours = runs.evaluate(data, k).per_query["ndcg"]
        for query, values in expected.items():
            assert ours[query] == pytest.approx(values[measure], abs=1e-12), (measure, query)


# ---------------------------------------------------------------------------------------------
# Every measure of the command line against trec_eval 9.0.8 (pytrec_eval) and trec_eval's own
# output files: map, Rprec, recip_rank, P, recall, map_cut, with -q, -c and -l; and the two
# measures that are not trec_eval's against the app's own one-list formulas.
# ---------------------------------------------------------------------------------------------

MEASURES = ["map", "Rprec", "recip_rank", "P.5,10,30", "recall.5,100", "map_cut.10,1000",
            "ndcg", "ndcg_cut.10"]  # fmt: skip


def _printed(argv: list[str]) -> dict[tuple[str, str], float]:
    text = trec.run(argv)
    return {
        (name.strip(), query): float(value)
        for name, query, value in (line.split("\t") for line in text.splitlines())
    }


def _every_measure_argv(*extra: str) -> list[str]:
    return ["-q", *extra, *(arg for m in MEASURES for arg in ("-m", m))]


@pytest.mark.crosscheck
@pytest.mark.parametrize("seed", [3, 8])
@pytest.mark.parametrize("level", [1, 2, 3])
def test_every_measure_equals_pytrec_eval_per_query_with_l(seed, level, tmp_path):
    pytrec_eval = pytest.importorskip("pytrec_eval")
    run_bytes, qrels_bytes = _graded_files(seed)
    (tmp_path / "qrels").write_bytes(qrels_bytes)
    (tmp_path / "run").write_bytes(run_bytes)
    qrel, ranking = _trec_dicts(runs.read_trec_run(run_bytes), runs.read_trec_qrels(qrels_bytes))
    expected = pytrec_eval.RelevanceEvaluator(qrel, set(MEASURES), relevance_level=level)
    expected = expected.evaluate(ranking)
    printed = _printed(
        _every_measure_argv("-l", str(level), str(tmp_path / "qrels"), str(tmp_path / "run"))
    )
    names = {name for name, _ in printed}
    assert names == {name for values in expected.values() for name in values}
    for query, values in expected.items():
        for name, value in values.items():
            assert printed[(name, query)] == pytest.approx(value, abs=5e-5), (name, query)
    for name in names:  # the mean over the queries the run answers
        mean = np.mean([values[name] for values in expected.values()])
        assert printed[(name, "all")] == pytest.approx(mean, abs=5e-5), name


@pytest.mark.crosscheck
def test_c_averages_every_measure_over_every_judged_query(tmp_path):
    pytrec_eval = pytest.importorskip("pytrec_eval")
    run_bytes, qrels_bytes = _graded_files(4)
    (tmp_path / "qrels").write_bytes(qrels_bytes)
    (tmp_path / "run").write_bytes(run_bytes)
    qrels = runs.read_trec_qrels(qrels_bytes)
    qrel, ranking = _trec_dicts(runs.read_trec_run(run_bytes), qrels)
    expected = pytrec_eval.RelevanceEvaluator(qrel, set(MEASURES)).evaluate(ranking)
    judged = set(qrels.rows["query"])
    printed = _printed(_every_measure_argv("-c", str(tmp_path / "qrels"), str(tmp_path / "run")))
    for name in {name for name, _ in printed}:
        total = sum(values[name] for values in expected.values())
        assert printed[(name, "all")] == pytest.approx(total / len(judged), abs=5e-5), name
        for query in judged - set(expected):  # never answered: printed with 0 (trec_eval 10.0)
            assert printed[(name, query)] == 0.0


def _lines_named(path: Path, names: re.Pattern) -> str:
    lines = path.read_text().splitlines()
    return "".join(f"{line}\n" for line in lines if names.fullmatch(line.split("\t")[0].strip()))


@pytest.mark.parametrize(("argv", "expected"), [
    (["-q", "qrels.test", "results.test"], "out.test.aq"),
    (["-q", "-c", "qrels.test", "results.trunc"], "out.test.aqc"),
])  # fmt: skip
def test_every_measure_prints_what_trec_eval_printed_in_its_test_files(argv, expected):
    files = [str(TREC / arg) if (TREC / arg).exists() else arg for arg in argv]
    measures = ["map", "Rprec", "recip_rank", "P", "recall", "map_cut"]
    printed = trec.run([*files[:-2], *(a for m in measures for a in ("-m", m)), *files[-2:]])
    # trec_eval prints a query's measures in its table's order: compare measure by measure.
    for name in ("map", "Rprec", "recip_rank", r"P_\d+", r"recall_\d+", r"map_cut_\d+"):
        wanted = re.compile(name)
        mine = [
            line for line in printed.splitlines() if wanted.fullmatch(line.split("\t")[0].strip())
        ]
        theirs = _lines_named(TREC / expected, wanted).splitlines()
        assert sorted(mine) == sorted(theirs) and mine, name


def test_err_and_rbp_equal_the_one_list_formulas_of_the_metrics_page(tmp_path):
    from ndcg_core import measures

    run_bytes, qrels_bytes = _graded_files(5)
    (tmp_path / "qrels").write_bytes(qrels_bytes)
    (tmp_path / "run").write_bytes(run_bytes)
    argv = [
        "-q",
        "-m",
        "lab_err.10",
        "-m",
        "lab_rbp.0.5",
        str(tmp_path / "qrels"),
        str(tmp_path / "run"),
    ]
    printed = _printed(argv)
    data = runs.join_trec(
        runs.read_trec_run(run_bytes), runs.read_trec_qrels(qrels_bytes, whole_relevance=True)
    )
    g_max = float(data.judgments["relevance"].max())
    for query in data.queries:
        found = runs.query_list(data, query, Scoring(k=NO_CUTOFF, ties="docid"))
        relevances = list(found.ranked.relevances)
        assert printed[("lab_err_10", query)] == pytest.approx(
            measures.err(relevances, 10, g_max=g_max), abs=5e-5
        )
        assert printed[("lab_rbp_0.5", query)] == pytest.approx(
            measures.rbp(relevances, None, p=0.5), abs=5e-5
        )
