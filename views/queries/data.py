"""The back-end of the Many queries and Compare runs pages: bundled samples, uploaded bytes,
caches, worker processes, playground links.

The page hands over (file name, bytes) pairs and gets tables (with their problems) or a
ValueError to show. Each file is known by its digest (`file_digest`), so a cache entry belongs
to exactly those bytes under that name in that role: two sessions, or two uploads, share an
entry only when they are the same file.

AppTest cannot upload files, so `uploaded` is the seam tests use: when a widget holds no file,
it returns the (name, bytes) a test put in the session under `TEST_UPLOADS`. The page only asks
`uploaded` for its files and knows nothing of tests.

Big files must not take the server down (one app process serves every student): a set of
files over `IN_PROCESS_BYTES` or `IN_PROCESS_LINES` (reading costs by the line: a 2 MB file of
one-character lines is a million of them) is read and joined in a worker process (`worker`), at
most `MAX_PARSES` at once (more wait their turn, and the page says so), at a lower CPU
priority; each worker ends after its files, so the memory a parse needs (about 16 times the
file) is returned to the system at once and never held by the server. The server keeps what was read in one cache bounded by
size (`CACHE_BUDGET_MB`, rows and problem lines counted), the least recently used set leaving
first.
"""

from __future__ import annotations

import hashlib
import os
import pickle
import subprocess
import sys
import tempfile
import threading
from collections import OrderedDict
from contextlib import contextmanager
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path

import numpy as np
import pandas as pd
import streamlit as st

import i18n
from commands import compare as compare_command
from commands import trec as trec_command
from i18n import N_, retold, tr
from ndcg_core import compare, runs, stats
from ndcg_core.display import count, csv_bytes
from ndcg_core.model import Scoring
from ndcg_core.runs.query import ranked_rows
from ui import urlparams

from . import files as set_files
from . import worker

ROOT = Path(__file__).resolve().parents[2]
DATA = ROOT / "data"
# Shown as tr(SAMPLES[name]).
SAMPLES = {
    "movies": N_("Movie night: two recommenders, ten friends (CSV sample)"),
    "trec": N_("trec_eval's own test files: 3 TREC topics, 500 documents each"),
    "csv": N_("Upload a CSV"),
    "trec_upload": N_("Upload TREC qrels + run"),
}
TREC_QRELS = {
    "qrels.test": N_("qrels.test: binary judgments (0/1)"),
    "qrels.rel_level": N_("qrels.rel_level: graded 0–4, and −1 for judged-not-relevant"),
}
# A problem table's column heads, on screen and in its download.
PROBLEM_HEADS = {"line": N_("line"), "problem": N_("problem"), "text": N_("text")}
ROLES = set_files.ROLES  # the files a set can hold, in the order they are read
# Session key under which tests put {role: (name, bytes)}, since AppTest cannot upload.
TEST_UPLOADS = "queries_data_test_uploads"
# Smaller sets are read in the server process (no start-up); bench/bench_upload.py --compare
# raises it through the environment to time the old way, every file in the server process.
IN_PROCESS_BYTES = int(os.environ.get("NDCG_IN_PROCESS_BYTES", 2 * runs.MB))
IN_PROCESS_LINES = int(os.environ.get("NDCG_IN_PROCESS_LINES", 100_000))
MAX_PARSES = 2  # sets read at once in worker processes; one core stays with the server
WORKER_NICE = 10  # a worker's CPU priority below the server's: the sessions answer first
CACHE_BUDGET_MB = 600  # what was read (tables and datasets) kept in memory, all sessions
WORKER_TIMEOUT = 300  # seconds a worker may take over one set of files
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
    def given(self) -> dict[str, tuple[str, bytes]]:
        """{role: (name, bytes)} of the files there are, in reading order (`files.load_files`)."""
        return {role: getattr(self, role) for role in ROLES if getattr(self, role) is not None}

    @cached_property
    def key(self) -> str:
        """One key for the whole set: the digests of its files, role by role (hashed once per
        set: a page asks for it a dozen times a run, and a 50 MB file takes 0.1–0.3 s)."""
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


def playground_list(data: runs.Dataset, query: object, scoring: Scoring) -> runs.QueryList:
    """One query as the playground will show it, with a note for anything a link cannot hold."""
    return runs.query_list(data, query, scoring, max_items=urlparams.MAX_ITEMS)


# ---------------------------------------------------------------------------------------------
# Streamlit glue: the files a page was given, and the caches keyed by their digests
# ---------------------------------------------------------------------------------------------


def uploaded(role: str, widget_file) -> tuple[str, bytes] | None:
    """The (name, bytes) of the file in an upload widget, or what a test put in its place."""
    if widget_file is not None:
        return widget_file.name, widget_file.getvalue()
    return st.session_state.get(TEST_UPLOADS, {}).get(role)


class SizedCache:
    """Values by key, kept while their total size stays within `budget` bytes: the least
    recently used go first (the newest always stays). Shared by every session: thread-safe."""

    def __init__(self, budget: int):
        self.budget = budget
        self._items: OrderedDict[str, tuple[object, int]] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, key: str):
        with self._lock:
            if key not in self._items:
                return None
            self._items.move_to_end(key)
            return self._items[key][0]

    def put(self, key: str, value: object, size: int) -> None:
        with self._lock:
            self._items[key] = (value, size)
            self._items.move_to_end(key)
            while len(self._items) > 1 and self.size > self.budget:
                self._items.popitem(last=False)

    @property
    def size(self) -> int:
        return sum(size for _, size in self._items.values())

    def __len__(self) -> int:
        return len(self._items)

    def clear(self) -> None:
        with self._lock:
            self._items.clear()


CACHE = SizedCache(CACHE_BUDGET_MB * runs.MB)


def _frame_bytes(frame) -> int:
    return 0 if frame is None else int(frame.memory_usage(deep=True).sum())


def _problem_bytes(table: runs.Table) -> int:
    """The memory of a table's kept problems: each object and its two strings."""
    return sum(
        sys.getsizeof(p) + sys.getsizeof(p.reason) + sys.getsizeof(p.text) for p in table.problems
    )


def size_of(tables: dict[str, runs.Table], data_sets) -> int:
    """The memory a set's tables (rows and problems) and datasets hold, in bytes (what the
    cache budget counts)."""
    total = sum(_frame_bytes(t.rows) + _problem_bytes(t) for t in tables.values())
    if isinstance(data_sets, dict):
        for data in data_sets.values():
            total += sum(_frame_bytes(f) for f in (data.ranked, data.judgments, data.unanswered))
    return total


class _Workers:
    """Reading big files in worker processes (`worker`), at most `MAX_PARSES` at
    once: a fresh Python process per set of files, ending when it is read."""

    def __init__(self, limit: int = MAX_PARSES) -> None:
        self._slots = threading.BoundedSemaphore(limit)
        self._lock = threading.Lock()
        self._busy = 0
        self._reading: dict[str, threading.Lock] = {}  # one lock per set of files being read
        self._spare: subprocess.Popen | None = None  # a worker started ahead (`prepare`)

    @staticmethod
    def _start() -> subprocess.Popen:
        return subprocess.Popen(
            [sys.executable, "-m", "views.queries.worker", str(WORKER_NICE)],
            cwd=ROOT,
            stdin=subprocess.PIPE,
            stdout=subprocess.DEVNULL,
            # The server's own stderr (its log): a worker that dies says why there, where the
            # page can only say that it stopped before the end.
        )

    def prepare(self) -> None:
        """Have one worker started ahead, its imports done by the time a file comes (a page
        calls this when it shows its upload boxes). One spare for the whole server."""
        with self._lock:
            if self._spare is None or self._spare.poll() is not None:
                self._spare = self._start()

    def _take(self) -> subprocess.Popen:
        """The spare worker if there is a live one, else a fresh one."""
        with self._lock:
            process, self._spare = self._spare, None
        if process is None or process.poll() is not None:
            return self._start()
        return process

    @property
    def busy(self) -> int:
        """Sets being read or waiting for a slot, in all sessions."""
        return self._busy

    @contextmanager
    def one_read(self, key: str):
        """Held while the set of files `key` is read: a class uploading the same file waits
        for the first read of it and then finds it in the cache, instead of reading it again."""
        with self._lock:
            self._busy += 1
            same_files = self._reading.setdefault(key, threading.Lock())
        try:
            with same_files:
                yield
        finally:
            with self._lock:
                self._busy -= 1
                if not same_files.locked():
                    self._reading.pop(key, None)

    def load(self, kind: str, files: dict, cap_mb: float):
        """Read `files` in a worker process once one of the `MAX_PARSES` slots is free."""
        with self._slots:
            return self._run(kind, files, cap_mb)

    def _run(self, kind: str, files: dict, cap_mb: float):
        with tempfile.TemporaryDirectory(prefix="ndcg-read-") as folder:
            # The bytes go to the worker through files: no pickled copy of 50 MB in the server.
            paths = {}
            for index, (role, (name, data)) in enumerate(files.items()):
                paths[role] = (name, os.path.join(folder, f"in{index}"))
                with open(paths[role][1], "wb") as out:
                    out.write(data)
            out_path = os.path.join(folder, "out.pickle")
            process = self._take()
            try:
                process.communicate(
                    pickle.dumps((kind, paths, cap_mb, out_path)), timeout=WORKER_TIMEOUT
                )
            except subprocess.TimeoutExpired:
                process.kill()
                process.communicate()
                raise ValueError(
                    tr(
                        "Reading the files took longer than {seconds} s and was stopped. Try a "
                        "smaller file (fewer queries).",
                        seconds=WORKER_TIMEOUT,
                    )
                ) from None
            if process.returncode != 0 or not os.path.exists(out_path):
                raise ValueError(
                    tr(
                        "The files could not be read: the process reading them stopped before "
                        "the end (the server may be short of memory). Try again, or a smaller "
                        "file."
                    )
                )
            value = worker.read_result(out_path)
        if isinstance(value, ValueError):
            raise value
        return set_files.framed(value)


WORKERS = _Workers()


def _is_big(files) -> bool:
    """Whether a set of (name, bytes) is read in a worker process: by its bytes, or by its
    lines (a line ends at LF, or at CR in an old Mac file)."""
    files = list(files)
    if sum(len(data) for _, data in files) > IN_PROCESS_BYTES:
        return True
    lines = sum(max(data.count(b"\n"), data.count(b"\r")) for _, data in files)
    return lines > IN_PROCESS_LINES


def load(files: Files, cap_mb: float) -> tuple[dict[str, runs.Table], dict | ValueError]:
    """The set's tables and datasets (or the ValueError joining them raised), read once per
    set of files: in this process when small, else in a worker process. A file that cannot
    be read raises its ValueError."""
    key = files.key
    found = CACHE.get(key)
    if found is not None:
        return found
    present = files.given
    for name, data in present.values():
        set_files.check_size(len(data), cap_mb, name)  # refused here: none sent to a worker
    with WORKERS.one_read(key):
        found = CACHE.get(key)  # read by another session while this one waited
        if found is not None:
            return found
        if _is_big(present.values()):
            result = WORKERS.load(files.kind, present, cap_mb)
        else:
            result = set_files.load_files(files.kind, present, cap_mb)
        CACHE.put(key, result, size_of(*result))
    return result


def problems_shown(key: str, table: runs.Table, limit: int):
    """The first `limit` problems of `table` as a frame, built once per file (`key`) and not on
    every rerun of the page."""
    return _problems_shown(key, table.name, limit, table, lang=i18n.language())


def problem_frame(table: runs.Table) -> pd.DataFrame:
    """The kept problems of `table`, one row each, and a last row counting those not kept; the
    column heads in the page's language."""
    rows = [(p.line, retold(p.reason), p.text) for p in table.problems]
    if table.more_problems:
        rows.append((None, tr("… and {count} more", count=count(table.more_problems)), ""))
    frame = pd.DataFrame(rows, columns=list(PROBLEM_HEADS)).astype({"line": "Int64"})
    return frame.rename(columns={column: tr(head) for column, head in PROBLEM_HEADS.items()})


@st.cache_data(show_spinner=False, max_entries=16)
def _problems_shown(key: str, name: str, limit: int, _table: runs.Table, lang: str):
    return problem_frame(_table).head(limit)


def problems_csv(table: runs.Table):
    """Every kept problem of `table` as CSV bytes, for a download button to build only when the
    file is downloaded (a callable)."""
    return lambda: csv_bytes(problem_frame(table))


def load_tables(files: Files, cap_mb: float) -> dict[str, runs.Table]:
    """The set's tables (`load`)."""
    return load(files, cap_mb)[0]


def load_datasets(files: Files, cap_mb: float) -> dict[str, runs.Dataset]:
    """The set's datasets (`load`), or the ValueError that joining them raised."""
    data_sets = load(files, cap_mb)[1]
    if isinstance(data_sets, ValueError):  # kept for every session: said in this one's language
        raise ValueError(i18n.retold_error(data_sets))
    return data_sets


# Data, not resources: per-query tables are small, and each caller gets its own copy.
@st.cache_data(show_spinner=False, max_entries=64)
def _every_judged(key: str, _data: runs.Dataset, scoring: Scoring):
    try:
        return runs.evaluate(_data, scoring, complete=True)
    finally:  # an evaluation's temporaries are the size of the run: handed back at once
        set_files.give_back()


def per_query_ndcg(key: str, data: runs.Dataset, scoring: Scoring, complete: bool = False):
    """Every query's NDCG and their mean under `scoring` (`runs.evaluate`), once per dataset
    `key` and scoring: both query sets come from one evaluation over every judged query."""
    full = _every_judged(key, data, scoring)
    return full if complete else runs.answered_only(full, data)


def convention_grid(
    key: str, data: runs.Dataset, scoring: Scoring, complete: bool = False
) -> runs.ConventionGrid:
    """`runs.convention_grid` from the page's evaluations (`per_query_ndcg`: one per ideal
    source, shared with the mean and the comparison that use the same conventions). Not
    cached itself: six means of per-query values cost nothing beside an evaluation."""
    return runs.convention_grid(
        data,
        scoring,
        complete=complete,
        evaluated=lambda at: per_query_ndcg(key, data, at, complete),
    )


def complete_gap(key: str, data: runs.Dataset, scoring: Scoring) -> runs.CompleteGap:
    """`runs.complete_gap`: the mean over the queries answered and over every judged one, from
    the page's evaluation over every judged query (`per_query_ndcg`'s, made once)."""
    return _complete_gap(key, data, scoring, _every_judged(key, data, scoring))


@st.cache_data(show_spinner=False, max_entries=64)
def _complete_gap(key: str, _data: runs.Dataset, scoring: Scoring, _full) -> runs.CompleteGap:
    return runs.complete_gap(_data, scoring, full=_full)


@st.cache_data(show_spinner=False, max_entries=64)
def interval(values: np.ndarray) -> stats.Interval:
    """The mean's 95% bootstrap interval (2,000 resamples, seed 0)."""
    return stats.bootstrap_ci(values, confidence=0.95, n_resamples=BOOTSTRAP_RESAMPLES, seed=0)


@st.cache_data(show_spinner=False, max_entries=64)
def paired(a: np.ndarray, b: np.ndarray) -> stats.PairedTest:
    """The paired randomization test of A − B (10,000 sign patterns, seed 0)."""
    return stats.paired_randomization_test(a, b, n_resamples=RANDOMIZATION_RESAMPLES, seed=0)


@st.cache_data(show_spinner=False, max_entries=16)
def playground_links(
    key: str, _data: runs.Dataset, queries: tuple, scoring: Scoring, lang: str | None = None
) -> list:
    """(link, notes) for each of `queries`, in order: the table's "open in playground" column.
    A query that cannot be made a list the playground scores has no link (None) and a note
    saying why. `lang` (the page's language) keys the cache: the notes are in it."""
    out = []
    for query in queries:
        try:
            found = playground_list(_data, query, scoring)
        except ValueError as error:
            out.append(
                (
                    None,
                    (
                        tr(
                            "Query {query} cannot be opened in the playground: {error}",
                            query=query,
                            error=error,
                        ),
                    ),
                )
            )
            continue
        out.append((urlparams.link("playground", found.ranked), found.notes))
    return out


# ---------------------------------------------------------------------------------------------
# Compare runs: several runs, each read with the judgments as a set of its own
# ---------------------------------------------------------------------------------------------

# trec_eval's conventions, at the cut-off the playground opens a compared ranking with.
COMPARED_SCORING = Scoring(k=10, ideal="judgments", ties="docid", zero="0")


@dataclass(frozen=True)
class RunSet:
    """One run read with the judgments (`load`): its tables, its dataset, its cache key."""

    name: str
    tables: dict[str, runs.Table]
    data: runs.Dataset | None
    key: str


def sample_runs() -> tuple[tuple[str, bytes], list[tuple[str, bytes]]]:
    """trec_eval's test judgments and its two test runs."""
    folder = DATA / "trec_eval_test"
    read = lambda name: (name, (folder / name).read_bytes())  # noqa: E731
    return read("qrels.test"), [read("results.test"), read("results.trunc")]


def uploaded_runs(widget_files) -> list[tuple[str, bytes]]:
    """The (name, bytes) of the runs in a multiple-file upload widget, or what a test put in
    its place (`TEST_UPLOADS` ["runs"])."""
    if widget_files:
        return [(f.name, f.getvalue()) for f in widget_files]
    return list(st.session_state.get(TEST_UPLOADS, {}).get("runs", []))


def run_sets(qrels: tuple[str, bytes], given: list, cap_mb: float) -> dict[str, RunSet]:
    """Each run read and joined with the judgments (`load`: cached, big ones in a worker). A run
    whose lines trec_eval would not read, or that shares another's name, is a ValueError."""
    out = {}
    for name, (file_name, data) in zip(compare_command.run_names([n for n, _ in given]), given):
        files = Files("trec", run=(file_name, data), qrels=qrels)
        tables, data_sets = load(files, cap_mb)
        for table in tables.values():
            if table.problem_count:
                raise ValueError(
                    tr(
                        "{name} has {count} line(s) trec_eval would not read (the first: line "
                        "{line}, {reason}). Open it in Many queries to see them all, fix it, and "
                        "upload it again.",
                        name=table.name,
                        count=count(table.problem_count),
                        line=table.problems[0].line,
                        reason=retold(table.problems[0].reason),
                    )
                )
        dataset = data_sets["run"] if isinstance(data_sets, dict) else None
        out[name] = RunSet(name, tables, dataset, files.key)
    return out


@st.cache_data(show_spinner=False, max_entries=16)
def _comparison(keys, _sets, measures, baselines, test, correction, permutations):
    qrels = next(iter(_sets.values())).tables["qrels"]
    by_kind: dict[str, list[str]] = {}  # ndcg_cut.5 and ndcg_cut.10 are one -m ndcg_cut.5,10
    for spec in measures:
        kind, _, params = spec.partition(".")
        by_kind.setdefault(kind, []).append(params)
    specs = [k + ("." + ",".join(p) if all(p) else "") for k, p in by_kind.items()]
    chosen = trec_command.parse_measures(specs)
    frames = compare.per_query(qrels, {name: s.tables["run"] for name, s in _sets.items()}, chosen)
    return compare.compare(
        frames, list(baselines), test=test, correction=correction, permutations=permutations
    )


def comparison(sets: dict[str, RunSet], measures, baselines, test, correction, permutations):
    """`compare.compare` of the runs of `sets`, once per set of files and choices."""
    keys = tuple((name, s.key) for name, s in sets.items())
    try:
        return _comparison(keys, sets, measures, baselines, test, correction, permutations)
    except trec_command.UsageError as error:
        raise ValueError(str(error)) from None


@dataclass(frozen=True)
class Top:
    """A run's first documents for one query (rank, document, relevance) and the ranking as
    the playground opens it (None when it cannot)."""

    table: object
    ranked: object


def top_ranked(run_set: RunSet, query: str, n: int) -> Top | None:
    """The first `n` documents `run_set` ranks for `query`, in trec_eval's order, with their
    judged relevance; None when the run does not answer the query."""
    if run_set.data is None or query not in set(map(str, run_set.data.queries)):
        return None
    rows = ranked_rows(run_set.data, query, COMPARED_SCORING.ties).head(n)
    table = pd.DataFrame(
        {
            tr("rank"): range(1, len(rows) + 1),
            tr("document"): rows["doc"].astype(str).to_numpy(),
            tr("relevance (gain)"): rows["relevance"].to_numpy(),
        }
    )
    try:
        ranked = playground_list(run_set.data, query, COMPARED_SCORING).ranked
    except ValueError:
        ranked = None
    return Top(table, ranked)
