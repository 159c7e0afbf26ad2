"""Each preset equals the real library's output, to 1e-9, on the gallery and on random queries.

scikit-learn, pytrec_eval, LightGBM and XGBoost run in-process. ranx (breaks on pandas 3) and
torchmetrics (needs torch) run in their own venvs, given by the environment variables
NDCG_RANX_PYTHON and NDCG_TORCHMETRICS_PYTHON, e.g.
    python3 -m venv /tmp/ranxvenv && /tmp/ranxvenv/bin/pip install ranx "pandas<3"
    python3 -m venv /tmp/tmvenv && /tmp/tmvenv/bin/pip install torch==2.13.0 torchmetrics
Without them those tests are skipped (with that reason); tests/core/test_library_presets.py
checks the same presets against hand-worked values. TF-Ranking needs TensorFlow, not installed here:
hand-worked tests only.
"""

from __future__ import annotations

import math
import os
import sys
import warnings

import numpy as np
import pytest

from lessons.gallery import GALLERY
from ndcg_core.libraries import PRESETS_BY_KEY, Query, make_query, score_every_preset

from .library_runner import run_lightgbm, run_sklearn, run_trec_eval, run_xgboost


def as_case(query: Query, metric: str) -> dict:
    return {
        "rels": list(query.relevances),
        "scores": list(query.scores),
        "ids": list(query.ids),
        "pool": list(query.pool),
        "pool_ids": list(query.pool_ids),
        "k": query.k,
        "metric": metric,
    }


def random_queries(seed: int, count: int) -> list[Query]:
    """Short and long lists, with and without ties, pools, k inside and beyond the list."""
    rng = np.random.default_rng(seed)
    queries = []
    names = [f"d{j}" for j in range(300)] + [f"doc-{j}" for j in range(100)]
    for _ in range(count):
        n = int(rng.integers(1, 13)) if rng.random() < 0.8 else int(rng.integers(13, 41))
        if rng.random() < 0.15:
            rels = np.round(rng.random(n) * 3, 2)  # continuous labels
        else:
            rels = rng.integers(0, 5, n).astype(float)
        if rng.random() < 0.5:
            scores = rng.integers(0, 4, n).astype(float)  # many ties
        else:
            scores = rng.permutation(n) + np.round(rng.random(n), 3)
        ids = [names[j] for j in rng.choice(len(names), n, replace=False)]
        pool = rng.integers(0, 4, int(rng.integers(0, 4))).astype(float)
        draw = rng.random()
        k = None if draw < 0.25 else "n" if draw < 0.4 else int(rng.integers(1, n + 4))
        queries.append(make_query(rels, k, scores=scores, ids=ids, pool=pool))
    return queries


QUERIES = [case.query() for case in GALLERY] + random_queries(2026, 300)


_VERDICTS: dict[int, dict] = {}


def verdict_of(preset_key: str, query: Query):
    if id(query) not in _VERDICTS:
        _VERDICTS[id(query)] = {v.preset.key: v for v in score_every_preset(query)}
    return _VERDICTS[id(query)][preset_key]


def check(preset_key: str, query: Query, got, tolerance: float = 1e-9) -> None:
    verdict = verdict_of(preset_key, query)
    where = f"{preset_key} on {query}"
    if isinstance(got, dict):
        assert verdict.kind == "refused", (
            f"{where}: library refused ({got['error']}), preset did not"
        )
        return
    assert verdict.kind != "refused", f"{where}: preset refused ({verdict.message}), library {got}"
    assert math.isclose(verdict.value, got, rel_tol=0, abs_tol=tolerance), (where, verdict, got)


@pytest.fixture(autouse=True)
def quiet():
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        yield


@pytest.mark.crosscheck
def test_sklearn_tie_averaged_and_ignore_ties():
    for query in QUERIES:
        case = as_case(query, "")
        check("sklearn", query, run_sklearn(case, ignore_ties=False))
        check("sklearn_ignore_ties", query, run_sklearn(case, ignore_ties=True))


@pytest.mark.crosscheck
def test_trec_eval_ndcg_and_ndcg_cut():
    for query in QUERIES:
        for key in ("trec_ndcg", "trec_ndcg_cut"):
            preset = PRESETS_BY_KEY[key]
            check(key, query, run_trec_eval(as_case(query, preset.metric_name(query.k, query.n))))


@pytest.mark.crosscheck
def test_lightgbm():
    for query in QUERIES:
        check("lightgbm", query, run_lightgbm(as_case(query, "")))


@pytest.mark.crosscheck
def test_xgboost_ndcg_and_ndcg_minus():
    for query in QUERIES:
        for key in ("xgboost", "xgboost_minus"):
            preset = PRESETS_BY_KEY[key]
            check(key, query, run_xgboost(as_case(query, preset.metric_name(query.k, query.n))))


@pytest.mark.crosscheck
def test_label_rules_of_a_library_called_another_way():
    """/learn-labels' two extra rows: XGBoost with ndcg_exp_gain=False, run for real, and the
    trec_eval program, which reads a label's whole part (C's atol): pytrec_eval on those."""
    from lessons.label_domains import VARIANTS

    queries = [
        make_query([0.5, 0.9, 0.3, 0.6, 0.1]),
        make_query([40.0, 3.0, 0.0, 1.0]),
        make_query([2.0, -1.5, 1.7, 0.0], 3),
        make_query([1.7, 0.4, 2.2], pool=[3.5, 0.5]),
        *QUERIES[:60],
    ]
    for query in queries:
        ranked = query.ranked
        verdicts = {v.preset.key: v for v in score_every_preset(query, list(VARIANTS.values()))}
        linear = VARIANTS["xgboost_linear"]
        case = as_case(query, linear.metric_name(query.k, query.n))
        got = run_xgboost({**case, "params": {"ndcg_exp_gain": False}})
        assert not isinstance(got, dict), (ranked, got)
        # XGBoost keeps labels as float32: a fractional label is off by ~1e-8 there.
        assert math.isclose(verdicts["xgboost_linear"].value, got, abs_tol=1e-6), (ranked, got)
        program = VARIANTS["trec_eval_program"]
        case = as_case(query, program.metric_name(query.k, query.n))
        whole = {
            **case,
            "rels": [float(math.trunc(r)) for r in case["rels"]],
            "pool": [float(math.trunc(r)) for r in case["pool"]],
        }
        got = run_trec_eval(whole)
        assert math.isclose(verdicts["trec_ndcg_program"].value, got, abs_tol=1e-9), (ranked, got)


def _other_venv(
    library_process, variable: str, library: str, keys: tuple[str, ...], tolerance: float
) -> None:
    python = os.environ.get(variable)
    if not python:
        pytest.skip(
            f"{library} does not install in the project's venv; set {variable} to a python that "
            f"has it (see this module's docstring) to run it. Hand-worked values are tested in "
            f"test_library_presets.py."
        )
    cases, expected = [], []
    for query in QUERIES:
        for key in keys:
            preset = PRESETS_BY_KEY[key]
            cases.append(as_case(query, preset.metric_name(query.k, query.n)))
            expected.append((key, query))
    results = library_process(python).run(library, cases)
    for (key, query), got in zip(expected, results, strict=True):  # one answer per case
        check(key, query, got, tolerance)


@pytest.mark.crosscheck
def test_ranx_ndcg_and_ndcg_burges(library_process):
    _other_venv(
        library_process, "NDCG_RANX_PYTHON", "ranx", ("ranx_ndcg", "ranx_ndcg_burges"), 1e-9
    )


@pytest.mark.crosscheck
def test_torchmetrics(library_process):
    # torchmetrics computes its discounts in float32 whatever the input dtype: 1e-6, not 1e-9.
    _other_venv(
        library_process, "NDCG_TORCHMETRICS_PYTHON", "torchmetrics", ("torchmetrics",), 1e-6
    )


@pytest.mark.crosscheck
def test_refusal_messages_are_the_libraries_own():
    """The refusal the page shows is the text the library raises."""
    expected = {"sklearn": run_sklearn, "trec_ndcg": run_trec_eval, "lightgbm": run_lightgbm}
    for case in GALLERY:
        query = case.query()
        for verdict in score_every_preset(query):
            runner = expected.get(verdict.preset.key)
            if runner is None or verdict.kind != "refused":
                continue
            data = as_case(query, verdict.metric)
            got = runner(data, False) if verdict.preset.key == "sklearn" else runner(data)
            # The library's own words come first; a note in brackets may follow (who said it).
            own = verdict.message.split(" (")[0]
            assert got["error"].startswith(own.split(":")[0])
            assert own.split(": ", 1)[1].split(",")[0] in got["error"]


def test_queries_cover_ties_pools_and_refusals():
    """The random cases are not all easy: the comparison above sees every kind of verdict."""
    kinds = {v.kind for q in QUERIES for v in score_every_preset(q)}
    assert kinds == {"number", "surprise", "refused"}
    assert sum(1 for q in QUERIES if len(set(q.scores)) < q.n) > 100
    assert sum(1 for q in QUERIES if q.pool) > 100
    assert sum(1 for q in QUERIES if q.k is not None and q.k > q.n) > 20
    assert sum(1 for q in QUERIES if q.ranked.scoring.k == "n") > 20


if __name__ == "__main__":  # a quick manual run: python -m tests.core.test_libraries
    sys.exit(pytest.main([__file__, "-q"]))


@pytest.mark.parametrize(
    ("package", "library"),
    [
        ("scikit-learn", "scikit-learn"),
        ("pytrec-eval-terrier", "pytrec-eval-terrier"),
        ("lightgbm", "LightGBM"),
        ("xgboost", "XGBoost"),
    ],
)
def test_the_versions_the_app_says_it_checked_are_the_ones_installed(package, library):
    # The pages and the presets name these versions (libraries.CHECKED_VERSIONS): a library
    # upgraded here without a look at its NDCG would make that claim stale.
    from importlib.metadata import PackageNotFoundError, version

    from ndcg_core.libraries import CHECKED_VERSIONS

    try:
        installed = version(package)
    except PackageNotFoundError:
        pytest.skip(f"{package} is not installed here")
    assert installed.split(".")[:2] == CHECKED_VERSIONS[library].split("."), installed


@pytest.mark.crosscheck
def test_the_libraries_page_question_matches_what_the_two_libraries_print():
    """/libraries asks what scikit-learn's ndcg_score and trec_eval's ndcg_cut.k print: its right
    option is what the real libraries do, refusals included."""
    from lessons.practice import correct_choice
    from lessons.practice.libraries import build_library_pair

    seen = set()
    for query in QUERIES:
        exercise = build_library_pair(query, "sklearn", "trec_ndcg_cut")
        claimed = exercise.choices[correct_choice(exercise)].claim[3]
        metric = PRESETS_BY_KEY["trec_ndcg_cut"].metric_name(query.k, query.n)
        sklearn = run_sklearn(as_case(query, ""), ignore_ties=False)
        trec = run_trec_eval(as_case(query, metric))
        if isinstance(sklearn, dict) or isinstance(trec, dict):
            real = "refused"
        elif math.isclose(sklearn, trec, rel_tol=0, abs_tol=1e-9):
            real = "same"
        else:
            real = "first" if sklearn > trec else "second"
        assert claimed == real, (query, sklearn, trec)
        seen.add(real)
    assert seen == {"refused", "same", "first", "second"}  # every answer met on real libraries
