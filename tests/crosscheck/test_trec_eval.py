"""Per-query NDCG of files loaded by ndcg_core.runs against trec_eval (pytrec_eval) and
scikit-learn, every query, to 1e-9 (marked `crosscheck`: they run the real libraries), and the
tie and ideal rules those checks rest on."""

from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ndcg_core import batch_ndcg, runs
from ndcg_core.model import NO_CUTOFF, Scoring

DATA = Path(__file__).resolve().parents[2] / "data"
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
        ours = runs.evaluate(data, **runs.keywords(scoring))
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


@settings(max_examples=40, deadline=None)
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


@settings(max_examples=30, deadline=None)
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
