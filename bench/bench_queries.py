"""A 1,000,000-line TREC run (10,000 queries × 100 documents) end to end at NDCG@10, and the
evaluation step against pytrec_eval (trec_eval) on the same data, in one run.

End to end = read the run and qrels files from disk, check them, join them, evaluate every
query with trec_eval's conventions. Target: under 3 s. The evaluation step is compared with
pytrec_eval's `evaluate` on the same run and qrels (its dict building is not counted against
it); the per-query values must agree to 1e-9.
"""

import tempfile
import time
from pathlib import Path

import numpy as np
import pytrec_eval

from ndcg_core import runs

QUERIES, DOCS, K = 10_000, 100, 10


def write_files(folder: Path) -> tuple[Path, Path]:
    rng = np.random.default_rng(0)
    query = np.repeat(np.arange(QUERIES), DOCS)
    doc = rng.integers(0, 5_000_000, query.size)
    doc_ids = np.char.add("DOC-", doc.astype(str))
    score = np.round(rng.random(query.size) * 20, 3)  # three decimals: some ties
    rank = np.tile(np.arange(1, DOCS + 1), QUERIES)
    # Each query's first occurrence of a doc id only (random ids can repeat within a query).
    keys = query.astype(np.int64) * 10_000_000 + doc
    _, first = np.unique(keys, return_index=True)
    keep = np.zeros(query.size, bool)
    keep[first] = True
    query, doc_ids, score, rank = query[keep], doc_ids[keep], score[keep], rank[keep]
    lines = [f"q{q} Q0 {d} {r} {s} bench\n" for q, d, r, s in zip(query, doc_ids, rank, score)]
    run_path = folder / "run.txt"
    run_path.write_text("".join(lines))
    # Judge 40 % of the ranked documents plus 5 unranked ones per query, grades -1..3.
    judged = rng.random(query.size) < 0.4
    grades = rng.choice([-1, 0, 0, 1, 1, 2, 3], query.size)
    qrel_lines = [
        f"q{q} 0 {d} {g}\n" for q, d, g in zip(query[judged], doc_ids[judged], grades[judged])
    ]
    extra_q = np.repeat(np.arange(QUERIES), 5)
    extra_g = rng.choice([0, 1, 2, 3], extra_q.size)
    qrel_lines += [
        f"q{q} 0 NEW-{q}-{i % 5} {g}\n" for i, (q, g) in enumerate(zip(extra_q, extra_g))
    ]
    qrels_path = folder / "qrels.txt"
    qrels_path.write_text("".join(qrel_lines))
    return run_path, qrels_path


def main():
    with tempfile.TemporaryDirectory() as folder:
        start = time.perf_counter()
        run_path, qrels_path = write_files(Path(folder))
        print(f"generated the files in {time.perf_counter() - start:.1f} s")

        start = time.perf_counter()
        run = runs.read_trec_run(run_path.read_bytes(), "run.txt")
        qrels = runs.read_trec_qrels(qrels_path.read_bytes(), "qrels.txt")
        t_read = time.perf_counter() - start
        data = runs.join_trec(run, qrels)
        t_join = time.perf_counter() - start - t_read
        eval_start = time.perf_counter()
        ours = runs.evaluate(data, K, ideal="judgments", ties="docid", on_zero=0.0)
        t_eval = time.perf_counter() - eval_start
        t_total = time.perf_counter() - start
        assert not run.problems and not qrels.problems

    qrel: dict = {}
    for q, d, r in zip(qrels.rows["query"], qrels.rows["doc"], qrels.rows["relevance"]):
        qrel.setdefault(q, {})[d] = int(r)
    ranking: dict = {}
    for q, d, s in zip(run.rows["query"], run.rows["doc"], run.rows["score"]):
        ranking.setdefault(q, {})[d] = float(s)
    evaluator = pytrec_eval.RelevanceEvaluator(qrel, {f"ndcg_cut.{K}"})
    start = time.perf_counter()
    reference = evaluator.evaluate(ranking)
    t_trec = time.perf_counter() - start

    values = ours.per_query["ndcg"]
    worst = max(abs(values[q] - v[f"ndcg_cut_{K}"]) for q, v in reference.items())
    assert len(reference) == len(values) == QUERIES and worst < 1e-9, worst
    print(
        f"{len(run.rows):,} run lines, {len(qrels.rows):,} qrels lines, {QUERIES:,} queries, NDCG@{K}"
    )
    print(f"  read + check : {t_read:6.2f} s")
    print(f"  join         : {t_join:6.2f} s")
    print(f"  evaluate     : {t_eval:6.2f} s")
    print(f"  end to end   : {t_total:6.2f} s (target < 3 s)")
    print(
        f"  evaluation vs pytrec_eval.evaluate: ours {t_eval:.3f} s, pytrec_eval {t_trec:.3f} s, "
        f"ratio {t_trec / t_eval:.1f}x (values agree to {worst:.1e})"
    )


if __name__ == "__main__":
    main()
