"""Run the real libraries on queries: in-process, or as a script inside another venv.

ranx breaks on pandas 3 and torchmetrics needs torch, so neither lives in the project's venv.
`python library_runner.py ranx < cases.json` (with that venv's python) prints one JSON result
per case, so the tests can compare them with the presets all the same. ranx scores every case
of one metric in one call (`run_ranx`). `programs` runs the page's programs instead, each as a
reader runs it, and `serve` answers such requests one a line for as long as its stdin is open:
the tests keep one such process per venv (`LibraryProcess`).
A case is a dict: rels, scores, ids, pool, pool_ids, k, metric (the preset's metric name), and
optionally params (more parameters for XGBoost, e.g. ndcg_exp_gain).
A result is a float, or {"error": message} when the library refuses.
"""

from __future__ import annotations

import contextlib
import io
import json
import os
import select
import subprocess
import sys
import tempfile
import traceback
import warnings
from pathlib import Path

# LightGBM and XGBoost score a handful of items per call on one thread each: the suite already
# runs a test on every core, and their OpenMP threads busy-waiting for cores the other tests hold
# made these checks five to fifteen times slower on a busy machine. The numbers do not change.
# ranx's functions are numba's, compiled with `parallel=True`: its threads wait for cores the
# same way, so NUMBA_NUM_THREADS is 1 where ranx runs (here, and the page's ranx program).
ONE_THREAD = 1
ONE_THREAD_ENV = {"OMP_NUM_THREADS": "1", "NUMBA_NUM_THREADS": "1"}


def _error(exc: Exception) -> dict:
    return {"error": f"{type(exc).__name__}: {exc}"}


def run_sklearn(case: dict, ignore_ties: bool) -> float | dict:
    from sklearn.metrics import ndcg_score

    try:
        return float(
            ndcg_score([case["rels"]], [case["scores"]], k=case["k"], ignore_ties=ignore_ties)
        )
    except ValueError as exc:
        return _error(exc)


def _qrels_run(case: dict, query: str = "q1") -> tuple[dict, dict]:
    judged = dict(zip(case["ids"] + case["pool_ids"], case["rels"] + case["pool"]))
    return {query: judged}, {query: dict(zip(case["ids"], map(float, case["scores"])))}


def run_trec_eval(case: dict) -> float | dict:
    import pytrec_eval

    qrels, run = _qrels_run(case)
    # pytrec_eval checks the type of each judgment: a Python float (even 3.0) is refused.
    qrels = {
        q: {d: (int(r) if float(r).is_integer() else r) for d, r in docs.items()}
        for q, docs in qrels.items()
    }
    try:
        evaluator = pytrec_eval.RelevanceEvaluator(qrels, {case["metric"]})
    except TypeError as exc:
        return _error(exc)
    return float(evaluator.evaluate(run)["q1"][case["metric"].replace(".", "_")])


def run_ranx(cases: list[dict]) -> list[float]:
    """Every case of one metric as a query of one run: one `evaluate` per metric, not per case.
    ranx scores each query on its own (the same numbers as one call per case, to the last
    bit), and each call costs a Qrels and a Run and a pass through its checks."""
    from ranx import Qrels, Run, evaluate

    by_metric: dict[str, list[int]] = {}
    for i, case in enumerate(cases):
        by_metric.setdefault(case["metric"], []).append(i)
    results: list[float] = [0.0] * len(cases)
    for metric, indices in by_metric.items():
        qrels, run = {}, {}
        for i in indices:
            judged, ranked = _qrels_run(cases[i], f"q{i}")
            qrels |= judged
            run |= ranked
        scored = Run(run)
        evaluate(Qrels(qrels), scored, metric)
        for i in indices:
            results[i] = float(scored.scores[metric][f"q{i}"])
    return results


def run_lightgbm(case: dict) -> float | dict:
    import lightgbm as lgb
    import numpy as np

    n = len(case["rels"])
    cut = case["k"] if case["k"] is not None else n
    data = lgb.Dataset(
        np.zeros((n, 1)),
        label=np.asarray(case["rels"], dtype=float),
        group=[n],
        init_score=np.asarray(case["scores"], dtype=float),
        params={"verbose": -1, "num_threads": ONE_THREAD},
    )
    params = {
        "objective": "lambdarank",
        "metric": "ndcg",
        "eval_at": [cut],
        "verbose": -1,
        "num_threads": ONE_THREAD,
    }
    try:
        booster = lgb.Booster(params=params, train_set=data)
    except lgb.basic.LightGBMError as exc:
        return _error(exc)
    return float(booster.eval_train()[0][2])


def run_xgboost(case: dict) -> float | dict:
    import numpy as np
    import xgboost as xgb

    n = len(case["rels"])
    data = xgb.DMatrix(
        np.zeros((n, 1)),
        label=np.asarray(case["rels"], dtype=float),
        base_margin=np.asarray(case["scores"], dtype=float),
        qid=np.zeros(n, dtype=int),
        nthread=ONE_THREAD,
    )
    try:
        booster = xgb.train(
            {
                "objective": "rank:ndcg",
                "eval_metric": case["metric"],
                "nthread": ONE_THREAD,
                **case.get("params", {}),
            },
            data,
            num_boost_round=0,
        )
        return float(booster.eval(data).split(":")[-1])
    except xgb.core.XGBoostError as exc:
        return _error(exc)


def run_torchmetrics(case: dict) -> float | dict:
    import torch
    from torchmetrics.functional.retrieval import retrieval_normalized_dcg

    target = torch.tensor(case["rels"], dtype=torch.float64)
    preds = torch.tensor(case["scores"], dtype=torch.float64)
    return float(retrieval_normalized_dcg(preds, target, top_k=case["k"]))


IDS_UP_TO = 8  # the longest document id warm_ranx compiles for (the checks' reach 7)


def warm_ranx() -> None:
    """Run every ranx metric the cross-checks ask for once, on a two-item query, so that numba
    compiles each and caches it beside ranx. `make` does this as it builds ranx's venv: compiling
    was about nine tenths of the ranx checks' time in a fresh venv, paid in each process that
    used ranx."""
    from ranx import Qrels, Run, evaluate

    metrics = ["ndcg@2", "ndcg_burges@2", "precision@2-l1", "recall@2-l1", "mrr@2-l1", "map@2-l1"]
    # numba compiles ranx's Qrels and Run builders once per type of their arguments: the
    # values' (whole or fractional labels, whole or fractional scores) and the document ids'
    # numpy width (the longest id's length): the checks' ids are 1 to 7 characters long ("a",
    # "d12", "P1", "doc_10"), and each width left out was compiled in a test (a minute there).
    for width in range(1, IDS_UP_TO + 1):
        first, second = "a" * width, "b"
        for grades, scores in (((1, 0), (0.9, 0.1)), ((1.0, 0.5), (2, 1))):
            judged = {"q": dict(zip((first, second), grades))}
            evaluate(Qrels(judged), Run({"q": dict(zip((first, second), scores))}), metrics)


def run_programs(programs: list[str]) -> list[dict]:
    """Each program as a reader runs it, in globals of its own: what it printed, or its error."""
    results = []
    for code in programs:
        out = io.StringIO()
        try:
            with contextlib.redirect_stdout(out):
                exec(compile(code, "<snippet>", "exec"), {"__name__": "__main__"})
            results.append({"stdout": out.getvalue()})
        except Exception as exc:
            results.append(_error(exc))
    return results


# Each takes every case (or program) at once and gives a result per case.
RUNNERS = {
    "ranx": run_ranx,
    "torchmetrics": lambda cases: [run_torchmetrics(case) for case in cases],
    "programs": run_programs,
}


def serve() -> None:
    """One request a line on stdin ({"runner", "input"}), one reply a line, until stdin closes."""
    replies = os.fdopen(os.dup(1), "w")
    # A library writing to file descriptor 1 itself (numba's debug output, a C library's
    # message) would break the replies: whatever is printed goes to stderr instead.
    os.dup2(2, 1)
    for line in sys.stdin:
        request = json.loads(line)
        try:
            reply = {"results": RUNNERS[request["runner"]](request["input"])}
        except Exception:
            reply = {"error": traceback.format_exc()}
        replies.write(json.dumps(reply) + "\n")
        replies.flush()


class LibraryProcess:
    """`library_runner.py serve` under a given python, kept for a test session: ranx's import
    (2-3 s) and numba's compile of its typed dicts and lists (about 5 s, which numba cannot
    cache) were paid by every test that started its own ranx process."""

    TIMEOUT = 300  # seconds for one request: a cold numba compile takes minutes

    def __init__(self, python: str) -> None:
        self.python = python
        # Its stderr goes to a file, open as long as it runs (closed in `close`): a pipe that
        # nobody reads could fill and stop it.
        self.log = tempfile.TemporaryFile(mode="w+")  # noqa: SIM115
        self.process = subprocess.Popen(
            [python, str(Path(__file__).resolve()), "serve"],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=self.log,
            text=True,
        )

    def run(self, runner: str, items: list) -> list:
        """What `python library_runner.py <runner>` prints for `items`; raises if it fails."""
        if self.process.poll() is None:
            with contextlib.suppress(BrokenPipeError):  # it died: said below, with its stderr
                self.process.stdin.write(json.dumps({"runner": runner, "input": items}) + "\n")
                self.process.stdin.flush()
            ready, _, _ = select.select([self.process.stdout], [], [], self.TIMEOUT)
            line = self.process.stdout.readline() if ready else ""
            if line:
                reply = json.loads(line)
                if "error" in reply:
                    raise RuntimeError(f"{runner} under {self.python} failed:\n{reply['error']}")
                return reply["results"]
            self.process.kill()
        self.process.wait()
        self.log.seek(0)
        raise RuntimeError(
            f"library_runner.py serve under {self.python} gave no answer to {runner} (exit "
            f"code {self.process.returncode}); its stderr ends:\n{self.log.read()[-3000:]}"
        )

    def close(self) -> None:
        self.process.stdin.close()
        self.process.wait(timeout=self.TIMEOUT)
        self.log.close()


if __name__ == "__main__":
    os.environ.update(ONE_THREAD_ENV)  # before ranx, torch, numba or LightGBM is imported
    warnings.filterwarnings("ignore")
    if sys.argv[1] == "warm-ranx":
        warm_ranx()
    elif sys.argv[1] == "serve":
        serve()
    else:
        print(json.dumps(RUNNERS[sys.argv[1]](json.load(sys.stdin))))
