"""Data for the Many queries page: bundled samples, uploaded bytes, playground links.

No Streamlit here, so the uploaded-bytes path is tested directly: the page hands over
(file name, bytes) pairs and gets tables (with their problems) or a ValueError to show.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from pathlib import Path

from ndcg_core import runs
from ui.text import plain  # noqa: F401  (the page imports it from here)
from ui.urlstate import MAX_LABEL_LENGTH, MAX_URL_ITEMS, ListState, query_string

DATA = Path(__file__).resolve().parents[1] / "data"
SAMPLES = {
    "movies": "Movie night: two recommenders, ten friends (CSV sample)",
    "trec": "trec_eval's own test files: 3 TREC topics, 500 documents each",
    "csv": "Upload a CSV",
    "trec_upload": "Upload TREC qrels + run",
}
TREC_QRELS = {
    "qrels.test": "qrels.test: binary judgments (0/1)",
    "qrels.rel_level": "qrels.rel_level: graded 0–4, and −1 for judged-not-relevant",
}


@dataclass(frozen=True)
class Files:
    """What to read: its format ('csv' or 'trec') and (name, bytes) per role."""

    kind: str
    run: tuple[str, bytes] | None = None
    qrels: tuple[str, bytes] | None = None
    second_run: tuple[str, bytes] | None = None

    @property
    def complete(self) -> bool:
        return self.run is not None and (self.kind == "csv" or self.qrels is not None)


def sample_files(sample: str, qrels_name: str = "qrels.test") -> Files:
    """The bundled files of a sample, as if they had been uploaded."""
    if sample == "movies":
        folder = DATA / "movies"
        return Files(
            "csv",
            run=("recommender_a.csv", (folder / "recommender_a.csv").read_bytes()),
            second_run=("recommender_b.csv", (folder / "recommender_b.csv").read_bytes()),
        )
    if sample == "trec":
        folder = DATA / "trec_eval_test"
        return Files(
            "trec",
            run=("results.test", (folder / "results.test").read_bytes()),
            qrels=(qrels_name, (folder / qrels_name).read_bytes()),
        )
    raise ValueError(f"Unknown sample {sample!r}: use 'movies' or 'trec'.")


def read_tables(files: Files, cap_mb: float) -> dict[str, runs.Table]:
    """Read every file present: {'run': …, 'qrels': …, 'second_run': …}.

    Raises ValueError (size over the cap, not text, missing columns) with the file's name.
    """
    tables = {}
    for role in ("qrels", "run", "second_run"):
        item = getattr(files, role)
        if item is None:
            continue
        name, data = item
        runs.check_size(len(data), cap_mb, name)
        if role == "qrels":
            tables[role] = runs.read_trec_qrels(data, name)
        elif files.kind == "csv":
            tables[role] = runs.read_csv_run(data, name)
        else:
            tables[role] = runs.read_trec_run(data, name)
    return tables


def datasets(files: Files, tables: dict[str, runs.Table]) -> dict[str, runs.Dataset]:
    """Join what was read into datasets: 'run' and, if present, 'second_run'."""
    out = {}
    for role in ("run", "second_run"):
        if role not in tables:
            continue
        if files.kind == "csv":
            out[role] = runs.from_csv(tables[role])
        else:
            out[role] = runs.join_trec(tables[role], tables["qrels"])
    return out


# What the playground's text box reads as the end of a label or of an item.
_LABEL_SEPARATORS = re.compile(r"[=:;,\t\r\n\v\f\x1c-\x1e\x85\u2028\u2029]")


def _labels(docs: list[str]) -> tuple[str, ...]:
    """Doc ids as playground labels: separators would split them, long ids are cut to fit."""
    labels = []
    for doc in docs:
        label = _LABEL_SEPARATORS.sub("_", doc).strip()
        if len(label) > MAX_LABEL_LENGTH:
            label = label[: MAX_LABEL_LENGTH - 1].rstrip() + "…"
        labels.append(label)
    if len(set(labels)) != len(labels) or not all(labels):
        return ()  # the playground then numbers them D1, D2, …
    return tuple(labels)


def playground_link(
    data: runs.Dataset,
    query: object,
    *,
    k: int | None,
    gain: str,
    discount: str,
    base: float,
    ideal: str,
    ties: str,
) -> str:
    """`/playground?rels=…&labels=…&k=…&pool=…` for one query, as ranked under `ties`."""
    values, docs, pool = runs.ranked_list(data, query, ties=ties)
    values, docs = values[:MAX_URL_ITEMS], docs[:MAX_URL_ITEMS]
    pool = tuple(pool[:MAX_URL_ITEMS]) if ideal == "judgments" else ()
    total = len(values) + len(pool)
    state = ListState(
        values=tuple(values),
        k=k if k is not None and k < total else None,
        gain=gain,
        discount=discount,
        base=base,
        pool=pool,
    )
    labels = _labels(docs)
    if labels:
        state = replace(state, labels=labels)
    return "/playground?" + query_string(state)
