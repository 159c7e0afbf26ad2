"""Reproduce it yourself: the program that prints a preset's NDCG for a query, with the library.

Each library has one program, a `string.Template` that `snippet` fills in with the query (the
presets of one library differ only in what is filled in: the measure's name, k, ignore_ties).
The items are passed in input order with their scores and ids, so a library that breaks ties by
input order or by id ranks them exactly as the page does. How each library scores the query is
the kernel's (`ndcg_core.libraries`); this is the text the /libraries page shows.
tests/crosscheck/test_library_snippets.py runs every program it can and compares what it prints.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from string import Template

from i18n import N_
from ndcg_core.display import exact
from ndcg_core.libraries import Preset, Query, tie_groups

# ---------------------------------------------------------------------------------------------
# The programs, one per library (string.Template: $name is filled in by `snippet`)
# ---------------------------------------------------------------------------------------------


SKLEARN_SNIPPET = """\
from sklearn.metrics import ndcg_score

y_true = [$rels]
y_score = [$scores]
print(ndcg_score(y_true, y_score, k=$k$ignore_ties))
"""

TREC_EVAL_SNIPPET = """\
import pytrec_eval

# Judged items: the ranked ones and those never retrieved (P1, P2, ...).
qrels = {"q1": $qrels}
run = {"q1": $run}
evaluator = pytrec_eval.RelevanceEvaluator(qrels, {"$metric"})
print(evaluator.evaluate(run)["q1"]["$metric_key"])
"""

RANX_SNIPPET = """\
from ranx import Qrels, Run, evaluate

# Judged items: the ranked ones and those never retrieved (P1, P2, ...).
qrels = Qrels({"q1": $qrels})
run = Run({"q1": $run})
print(evaluate(qrels, run, "$metric"))
"""

LIGHTGBM_SNIPPET = """\
import lightgbm as lgb
import numpy as np

labels = $rels
scores = $scores
# The metric is read off a Booster whose scores are the init_score: no tree is grown.
data = lgb.Dataset(
    np.zeros((len(labels), 1)), label=labels, group=[len(labels)],
    init_score=scores, params={"verbose": -1},
)
params = {
    "objective": "lambdarank", "metric": "ndcg", "eval_at": [$depth], "verbose": -1
}
booster = lgb.Booster(params=params, train_set=data)
print(booster.eval_train()[0][2])
"""

XGBOOST_SNIPPET = """\
import numpy as np
import xgboost as xgb

labels = $rels
scores = $scores
# The scores go in as base_margin and no tree is trained (num_boost_round=0).
data = xgb.DMatrix(
    np.zeros((len(labels), 1)), label=labels, base_margin=scores,
    qid=np.zeros(len(labels), dtype=int),
)
params = {"objective": "rank:ndcg", "eval_metric": "$metric"}
booster = xgb.train(params, data, num_boost_round=0)
print(float(booster.eval(data).split(":")[-1]))
"""

TF_RANKING_SNIPPET = """\
import tensorflow_ranking as tfr

labels = [$rels]
scores = [$scores]
${random_note}\
print(float(tfr.keras.metrics.NDCGMetric($topn)(labels, scores)))
"""

TORCHMETRICS_SNIPPET = """\
import torch
from torchmetrics.functional.retrieval import retrieval_normalized_dcg

target = torch.tensor($rels, dtype=torch.float64)
preds = torch.tensor($scores, dtype=torch.float64)
print(float(retrieval_normalized_dcg(preds, target, top_k=$k)))
"""

JARVELIN_SNIPPET = """\
import math

relevances = $rels
scores = $scores
# Every judged relevance: the ranked items' and those never retrieved.
judged = $judged
k = $k
if min(judged) < 0:
    raise ValueError("The 2002 form is not defined for negative labels.")


def dcg(gains, k):
    # Järvelin & Kekäläinen (2002), b = 2: rank i is divided by max(1, log2 i).
    return sum(g / max(1.0, math.log2(i)) for i, g in enumerate(gains[:k], start=1))


ranked = [r for _, r in sorted(zip(scores, relevances), key=lambda p: -p[0])]
best = dcg(sorted(judged, reverse=True), k)
print(dcg(ranked, k) / best if best > 0 else 0.0)
"""


@dataclass(frozen=True)
class Program:
    """A library's program: `code` (a `string.Template`), what to `pip` install for it ("" when
    it needs nothing beyond Python), and a `note` shown under it."""

    code: str
    pip: str = ""
    note: str = ""


# By `Preset.library`: every preset of a library runs its library's program.
PROGRAMS: dict[str, Program] = {
    "scikit-learn": Program(SKLEARN_SNIPPET, pip="scikit-learn"),
    "trec_eval": Program(TREC_EVAL_SNIPPET, pip="pytrec-eval-terrier"),
    "ranx": Program(RANX_SNIPPET, pip="ranx"),
    "LightGBM": Program(LIGHTGBM_SNIPPET, pip="lightgbm numpy"),
    "XGBoost": Program(XGBOOST_SNIPPET, pip="xgboost numpy"),
    "TF-Ranking": Program(
        TF_RANKING_SNIPPET,
        pip="tensorflow-ranking",
        note=N_(
            "TF-Ranking needs TensorFlow, which this app's tests do not install: this program "
            "follows TF-Ranking's source; the other programs are run by the tests."
        ),
    ),
    "torchmetrics": Program(
        TORCHMETRICS_SNIPPET,
        pip="torch torchmetrics",
        note=N_("torchmetrics works in 32-bit floats: expect agreement to about 7 digits."),
    ),
    "Järvelin–Kekäläinen (2002)": Program(JARVELIN_SNIPPET),
}

# What to install for each library's program ("" when it needs nothing beyond Python).
PIP_NAMES = {library: program.pip for library, program in PROGRAMS.items()}

_RANDOM_NOTE = (
    "# Tied scores are shuffled at random: each run prints one value from the range the\n"
    "# page shows; their average is the page's number.\n"
)


def program(preset: Preset) -> Program:
    """The program of `preset`'s library."""
    if preset.library not in PROGRAMS:
        raise ValueError(
            f"`preset` {preset.key!r} is of {preset.library!r}, which has no program: add one "
            f"to PROGRAMS (libraries with one: {', '.join(PROGRAMS)})."
        )
    return PROGRAMS[preset.library]


def _list(values: Sequence[float]) -> str:
    return "[" + ", ".join(exact(v) for v in values) + "]"


def _docs(ids: Sequence[str], values: Sequence[float]) -> str:
    return "{" + ", ".join(f"{json.dumps(i)}: {exact(v)}" for i, v in zip(ids, values)) + "}"


def snippet(preset: Preset, query: Query) -> str:
    """Python code that prints `preset`'s NDCG for `query` with the library itself."""
    k = preset.library_k(query.k)
    metric = preset.metric_name(query.k, query.n)
    depth = preset.cut_at(query.k, query.n)
    values = {
        "rels": _list(query.relevances),
        "scores": _list(query.scores),
        "judged": _list(query.relevances + query.pool),
        "qrels": _docs(query.ids + query.pool_ids, query.relevances + query.pool),
        "run": _docs(query.ids, query.scores),
        "k": repr(k),
        "depth": str(depth if depth is not None else query.n),
        "topn": "" if k is None else f"topn={k}",
        "metric": metric,
        "metric_key": metric.replace(".", "_"),
        "ignore_ties": ", ignore_ties=True" if preset.ties == "reverse" else "",
        "random_note": _RANDOM_NOTE if tie_groups(query.scores) else "",
    }
    return Template(program(preset).code).substitute(values)


def install_line(preset: Preset) -> str:
    """The pip command for the preset's program, or "" when it needs nothing to install."""
    pip = program(preset).pip
    return f"pip install {pip}" if pip else ""
