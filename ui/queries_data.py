"""Data for the Many queries page: bundled samples, uploaded bytes, caches, playground links.

The page hands over (file name, bytes) pairs and gets tables (with their problems) or a
ValueError to show. Each file is known by its digest (`file_digest`), so a cache entry belongs
to exactly those bytes under that name in that role: two sessions, or two uploads, share an
entry only when they are the same file.

AppTest cannot upload files, so `uploaded` is the seam tests use: when a widget holds no file,
it returns the (name, bytes) a test put in the session under `TEST_UPLOADS`. The page only asks
`uploaded` for its files and knows nothing of tests.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import streamlit as st

from ndcg_core import runs, stats
from ndcg_core.model import Scoring

from . import urlparams

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
ROLES = ("run", "qrels", "second_run")  # the files a set can hold, in the order they are read
# Session key under which tests put {role: (name, bytes)}, since AppTest cannot upload.
TEST_UPLOADS = "queries_data_test_uploads"
CACHED_SETS = 6  # file sets kept in memory at once (a 50 MB upload's frames are shared)
BOOTSTRAP_RESAMPLES = 2000
RANDOMIZATION_RESAMPLES = 10_000


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

    def digest(self, role: str) -> str:
        """The digest of the file in `role` ('' when there is none)."""
        item = getattr(self, role)
        return "" if item is None else file_digest(self.kind, role, *item)

    @property
    def key(self) -> str:
        """One key for the whole set: the digests of its files, role by role."""
        return _framed_sha256(self.kind, *(f"{role}:{self.digest(role)}" for role in ROLES))


def _framed_sha256(*parts: str | bytes) -> str:
    """SHA-256 of the parts, each preceded by its length: ("ab", "c") and ("a", "bc") differ."""
    digest = hashlib.sha256()
    for part in parts:
        data = part.encode("utf-8", "surrogatepass") if isinstance(part, str) else part
        digest.update(len(data).to_bytes(8, "big"))
        digest.update(data)
    return digest.hexdigest()


def file_digest(kind: str, role: str, name: str, data: bytes) -> str:
    """One file's identity: its format, role and name (they change how it is read and what its
    messages say) and its bytes."""
    return _framed_sha256(kind, role, name, data)


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


def read_table(kind: str, role: str, name: str, data: bytes, cap_mb: float) -> runs.Table:
    """Read one file in its role. Raises ValueError (over the cap, not text, missing columns)
    with the file's name."""
    runs.check_size(len(data), cap_mb, name)
    if role == "qrels":
        return runs.read_trec_qrels(data, name)
    if kind == "csv":
        return runs.read_csv_run(data, name)
    return runs.read_trec_run(data, name)


def read_tables(files: Files, cap_mb: float) -> dict[str, runs.Table]:
    """Read every file present: {'run': …, 'qrels': …, 'second_run': …}."""
    return {
        role: read_table(files.kind, role, *getattr(files, role), cap_mb)
        for role in ROLES
        if getattr(files, role) is not None
    }


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


def playground_list(data: runs.Dataset, query: object, scoring: Scoring) -> runs.QueryList:
    """One query as the playground will show it, with a note for anything a link cannot hold."""
    return runs.query_list(data, query, scoring, max_items=urlparams.MAX_ITEMS)


def playground_link(data: runs.Dataset, query: object, scoring: Scoring) -> str:
    """`/playground?rels=…&labels=…&k=…&pool=…` for one query, with every convention."""
    return urlparams.link("playground", playground_list(data, query, scoring).ranked)


# ---------------------------------------------------------------------------------------------
# Streamlit glue: the files a page was given, and the caches keyed by their digests
# ---------------------------------------------------------------------------------------------


def uploaded(role: str, widget_file) -> tuple[str, bytes] | None:
    """The (name, bytes) of the file in an upload widget, or what a test put in its place."""
    if widget_file is not None:
        return widget_file.name, widget_file.getvalue()
    return st.session_state.get(TEST_UPLOADS, {}).get(role)


# Resources, not data: a 50 MB upload's frames are shared, never copied on each rerun.
@st.cache_resource(show_spinner=False, max_entries=3 * CACHED_SETS)
def _table(digest: str, kind: str, role: str, name: str, _data: bytes, cap_mb: float):
    return read_table(kind, role, name, _data, cap_mb)


def load_tables(files: Files, cap_mb: float) -> dict[str, runs.Table]:
    """`read_tables`, each file read once per digest (changing the second run keeps the first)."""
    return {
        role: _table(files.digest(role), files.kind, role, *getattr(files, role), cap_mb)
        for role in ROLES
        if getattr(files, role) is not None
    }


@st.cache_resource(show_spinner=False, max_entries=CACHED_SETS)
def _datasets(key: str, _files: Files, _tables):
    return datasets(_files, _tables)


def load_datasets(files: Files, tables: dict[str, runs.Table]) -> dict[str, runs.Dataset]:
    """`datasets`, joined once per set of files."""
    return _datasets(files.key, files, tables)


# Data, not resources: per-query tables are small, and each caller gets its own copy.
@st.cache_data(show_spinner=False, max_entries=64)
def evaluate(key: str, _data: runs.Dataset, scoring: Scoring):
    """`runs.evaluate` under `scoring`, once per dataset `key` and scoring."""
    return runs.evaluate(_data, **runs.keywords(scoring))


@st.cache_data(show_spinner=False, max_entries=64)
def convention_grid(key: str, _data: runs.Dataset, scoring: Scoring) -> runs.ConventionGrid:
    """`runs.convention_grid`, once per dataset `key` and the conventions it holds fixed."""
    return runs.convention_grid(_data, scoring)


@st.cache_data(show_spinner=False, max_entries=64)
def interval(values: np.ndarray) -> stats.Interval:
    """The mean's 95% bootstrap interval (2,000 resamples, seed 0)."""
    return stats.bootstrap_ci(values, confidence=0.95, n_resamples=BOOTSTRAP_RESAMPLES, seed=0)


@st.cache_data(show_spinner=False, max_entries=64)
def paired(a: np.ndarray, b: np.ndarray) -> stats.PairedTest:
    """The paired randomization test of A − B (10,000 sign patterns, seed 0)."""
    return stats.paired_randomization_test(a, b, n_resamples=RANDOMIZATION_RESAMPLES, seed=0)


@st.cache_data(show_spinner=False, max_entries=16)
def playground_links(key: str, _data: runs.Dataset, queries: tuple, scoring: Scoring) -> list:
    """(link, notes) for each of `queries`, in order: the table's "open in playground" column."""
    out = []
    for query in queries:
        found = playground_list(_data, query, scoring)
        out.append((urlparams.link("playground", found.ranked), found.notes))
    return out
