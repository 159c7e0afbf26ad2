"""Reproduce it yourself: the program that prints a preset's NDCG for a query, with the library.

Each preset carries its library's program as a `string.Template` (presets.py); this module
fills in the query. The items are passed in input order with their scores and ids, so a
library that breaks ties by input order or by id ranks them exactly as the page does.
tests/crosscheck/test_library_snippets.py runs every program it can and compares what it prints.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from string import Template

from ..display import exact
from .presets import PRESETS, Preset
from .query import Query
from .ties import tie_groups

# What to install for each library's program ("" when it needs nothing beyond Python).
PIP_NAMES = {preset.library: preset.pip for preset in PRESETS}

_RANDOM_NOTE = (
    "# Tied scores are shuffled at random: each run prints one value from the range the\n"
    "# page shows; their average is the page's number.\n"
)


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
    return Template(preset.snippet).substitute(values)


def install_line(preset: Preset) -> str:
    """The pip command for the preset's program, or "" when it needs nothing to install."""
    return f"pip install {preset.pip}" if preset.pip else ""
