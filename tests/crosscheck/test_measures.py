"""NDCG's neighbours against trec_eval (pytrec_eval) and ranx, on random queries with pools.

P@k, R@k, RR and AP of `ndcg_core.measures` must equal trec_eval's P_k, recall_k,
recip_rank and map_cut_k (with `relevance_level` = rel_min), and ranx's precision@k,
recall@k, mrr@k and map@k (with the `-l` threshold), to 1e-9. ERR and RBP have no trusted
implementation installed here: tests/core/test_measures.py checks them by hand.

ranx runs in its own venv (NDCG_RANX_PYTHON, see test_libraries.py), through
library_runner.py; without it those tests skip with the reason.
"""

from __future__ import annotations

import math
import os
import warnings

import numpy as np
import pytest

from ndcg_core.measures import ap, p_at_k, r_at_k, rr


def random_queries(seed: int, count: int) -> list[dict]:
    """Integer labels 0–4 (trec_eval and ranx take whole numbers), pools, k inside and beyond
    the list, thresholds 1 to 3, lists without any relevant item among them."""
    rng = np.random.default_rng(seed)
    queries = []
    for number in range(count):
        n = int(rng.integers(1, 15))
        rels = rng.integers(0, 5, n).tolist()
        if rng.random() < 0.1:
            rels = [0] * n
        pool = rng.integers(0, 5, int(rng.integers(0, 5))).tolist()
        queries.append(
            {
                "rels": rels,
                "pool": pool,
                "ids": [f"d{number}-{i}" for i in range(n)],
                "pool_ids": [f"p{number}-{i}" for i in range(len(pool))],
                "scores": [float(n - i) for i in range(n)],  # the list order, no ties
                "k": int(rng.integers(1, n + 4)),
                "rel_min": int(rng.integers(1, 4)),
            }
        )
    return queries


QUERIES = random_queries(2026, 300)


def ours(query: dict) -> dict[str, float]:
    rels, k, pool, level = query["rels"], query["k"], query["pool"], query["rel_min"]
    return {
        "p": p_at_k(rels, k, rel_min=level),
        "r": r_at_k(rels, k, pool=pool, rel_min=level),
        "rr": rr(rels, k, rel_min=level),
        "rr_whole": rr(rels, rel_min=level),
        "ap": ap(rels, k, pool=pool, rel_min=level),
        "ap_whole": ap(rels, pool=pool, rel_min=level),
    }


def test_the_random_queries_are_not_all_easy():
    kinds = [ours(q) for q in QUERIES]
    assert sum(1 for q in QUERIES if q["pool"]) > 150
    assert sum(1 for q in QUERIES if q["k"] > len(q["rels"])) > 50
    assert sum(1 for values in kinds if values["r"] == 0) > 20
    assert sum(1 for values in kinds if 0 < values["ap"] < 1) > 100


def test_trec_eval_p_recall_rr_and_ap():
    import pytrec_eval

    for query in QUERIES:
        k = query["k"]
        judged = dict(
            zip(query["ids"] + query["pool_ids"], query["rels"] + query["pool"], strict=True)
        )
        run = {"q": dict(zip(query["ids"], query["scores"], strict=True))}
        measures = {f"P_{k}", f"recall_{k}", f"map_cut_{k}", "recip_rank", "map"}
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            evaluator = pytrec_eval.RelevanceEvaluator(
                {"q": judged}, measures, relevance_level=query["rel_min"]
            )
            got = evaluator.evaluate(run)["q"]
        want = ours(query)
        pairs = {
            "p": got[f"P_{k}"],
            "r": got[f"recall_{k}"],
            "ap": got[f"map_cut_{k}"],
            "rr_whole": got["recip_rank"],
            "ap_whole": got["map"],
        }
        for key, value in pairs.items():
            assert math.isclose(want[key], value, abs_tol=1e-9), (key, query, want[key], value)


def test_ranx_precision_recall_mrr_and_map(library_process):
    python = os.environ.get("NDCG_RANX_PYTHON")
    if not python:
        pytest.skip(
            "ranx does not install in the project's venv; set NDCG_RANX_PYTHON to a python "
            "that has it (see test_libraries.py) to run it. trec_eval checks the same measures."
        )
    names = {"p": "precision", "r": "recall", "rr": "mrr", "ap": "map"}
    # ranx cannot score a query whose judgments hold nothing relevant at the threshold.
    usable = [q for q in QUERIES if any(v >= q["rel_min"] for v in q["rels"] + q["pool"])]
    cases, expected = [], []
    for query in usable:
        want = ours(query)
        for key, metric in names.items():
            cases.append({**query, "metric": f"{metric}@{query['k']}-l{query['rel_min']}"})
            expected.append((key, query, want[key]))
    results = library_process(python).run("ranx", cases)
    for (key, query, want), got in zip(expected, results, strict=True):
        assert math.isclose(want, got, abs_tol=1e-9), (key, query, want, got)
