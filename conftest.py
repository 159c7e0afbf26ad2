"""Marks every test by the folder it lives in, so `make test-fast` can leave the slow kinds out:
tests/browser/ drives a real chromium, tests/crosscheck/ runs real ranking libraries.

It also chooses how hard the property tests (Hypothesis) try, by the profile named in
HYPOTHESIS_PROFILE (the Makefile sets it):

- `ci` (`make test`): 100 examples a property, derandomised: every run tries the same examples,
  so a red run means the code changed, never that this run drew an unlucky case.
- `dev` (`make test-fast`, and plain `pytest` when the variable is unset): 50 examples, drawn at
  random, so everyday runs keep exploring; a failure found is kept in .hypothesis/ and replayed
  first until it passes.

A test that asks for another number (`@settings(max_examples=…)`) says why beside it: one
example reruns a page or builds a whole exercise set. No property has a deadline: the suite
runs on both cores beside other work, and a slow example is not a wrong one.
"""

import json
import os
import statistics
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

FOLDER_MARKS = {"browser": pytest.mark.browser, "crosscheck": pytest.mark.crosscheck}

_ANY_PACE = {"deadline": None, "suppress_health_check": [HealthCheck.too_slow]}
settings.register_profile("ci", max_examples=100, derandomize=True, database=None, **_ANY_PACE)
settings.register_profile("dev", max_examples=50, **_ANY_PACE)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "dev"))


@pytest.hookimpl(trylast=True)  # after pytest has grouped the tests by their fixtures
def pytest_collection_modifyitems(config, items):
    for item in items:
        folder = Path(str(item.fspath)).parent.name
        if folder in FOLDER_MARKS:
            item.add_marker(FOLDER_MARKS[folder])
    _order_for_workers(config, items)


# --- The order of the tests on several workers (pytest-xdist) ---------------------------------
#
# `--dist worksteal` hands each worker a contiguous share of the collection (as many tests each)
# and, when one runs dry, moves the tail of another's share to it. So a four-minute browser test
# collected last starts last and the run ends four minutes after everything else. Here each
# worker's share is made to hold about the same expected time, longest first: what is left to
# steal at the end is short. The expected time of a test is the one kept in the repository
# (DURATIONS, written by `make durations`: every test of a second or more, and for the others
# the median of their kind), or the one it took in this machine's last run that ran it (pytest's
# cache, .pytest_cache/, when there is one), else a guess from its kind (its folder). So a fresh
# clone, CI, and a run without pytest's cache (`-p no:cacheprovider`) balance the same way.

DURATIONS = Path(__file__).with_name("tests") / "durations.json"
DURATIONS_KEY = "ndcg/durations"
KEPT_FROM = 1.0  # seconds: a test at least this long is kept by name in DURATIONS
KIND_FROM = 20  # tests of a kind timed before their median stands for the kind (else GUESS)
# Seconds, for a test no run has timed yet: a browser test loads pages in chromium from an app
# server, a cross-check runs a real library, a page test runs a page script (AppTest).
GUESS = {"browser": 20.0, "crosscheck": 8.0, "pages": 2.0}
OTHER_GUESS = 0.3


def pytest_addoption(parser):
    parser.addoption(
        "--record-durations",
        action="store_true",
        help=f"write each test's time to {DURATIONS.relative_to(DURATIONS.parents[1])} (make durations)",
    )


def _kind(nodeid: str) -> str:
    folder = Path(nodeid.split("::")[0]).parent.name
    return folder if folder in GUESS else "other"


def _known_durations(config) -> tuple[dict[str, float], dict[str, float]]:
    """(seconds by test id, seconds by kind): the repository's, updated by this machine's."""
    kept = json.loads(DURATIONS.read_text()) if DURATIONS.exists() else {}
    durations = dict(kept.get("tests", {}))
    cache = getattr(config, "cache", None)  # None with -p no:cacheprovider
    if cache is not None:
        durations.update(cache.get(DURATIONS_KEY, {}))
    return durations, {**GUESS, "other": OTHER_GUESS, **kept.get("kinds", {})}


# Fixtures set up once per worker whose start costs seconds of CPU: a real library's own
# process (tests/crosscheck/conftest.py; ranx compiles for ~10 s in each new process, torch
# imports for ~4 s). The tests that use one are kept together, so that one worker starts it.
STARTED_ONCE = ("library_process",)


def _kept_together(item) -> str | None:
    """What a test is kept together with, if anything: the tests of its module when it uses
    a fixture set up once per module (or class), so that the fixture (an app server, nginx)
    starts once; the tests that use the same STARTED_ONCE fixture."""
    info = getattr(item, "_fixtureinfo", None)
    if info is None:
        return None
    for name in STARTED_ONCE:
        if name in info.name2fixturedefs:
            return name
    if any(
        defs and defs[-1].scope in ("module", "class", "package")
        for defs in info.name2fixturedefs.values()
    ):
        return item.nodeid.split("::")[0]
    return None


def _units(items, expected):
    """Groups of tests that run together, each with its expected time: one test alone, or the
    tests kept together (`_kept_together`; cut into pieces if long, so that two workers can
    share them at the cost of one more start of the fixture)."""
    singles, kept = [], {}
    for item in items:
        together = _kept_together(item)
        if together:
            kept.setdefault(together, []).append(item)
        else:
            singles.append([item])
    groups = list(singles)
    total = sum(expected(item) for item in items)
    for together in kept.values():
        piece, piece_time = [], 0.0
        for item in together:
            piece.append(item)
            piece_time += expected(item)
            if piece_time >= total / 8:
                groups.append(piece)
                piece, piece_time = [], 0.0
        if piece:
            groups.append(piece)
    return [(sum(expected(i) for i in group), group) for group in groups]


def _order_for_workers(config, items) -> None:
    workers = int(os.environ.get("PYTEST_XDIST_WORKER_COUNT", "0"))
    if workers < 2 or not items:
        return
    durations, kinds = _known_durations(config)

    def expected(item) -> float:
        return durations.get(item.nodeid, kinds[_kind(item.nodeid)])

    units = sorted(_units(items, expected), key=lambda unit: (-unit[0], unit[1][0].nodeid))
    # The shares worksteal hands out: worker i gets (what is left) // (workers left).
    sizes, left = [], len(items)
    for i in range(workers):
        sizes.append(left // (workers - i))
        left -= sizes[-1]
    shares = [[] for _ in range(workers)]
    loads = [0.0] * workers
    for time, group in units:  # the longest first, to the least loaded share with room for it
        fits = [i for i in range(workers) if len(shares[i]) + len(group) <= sizes[i]]
        target = min(fits or range(workers), key=lambda i: (loads[i], i))
        shares[target].extend(group)
        loads[target] += time
    items[:] = [item for share in shares for item in share]


# The time each test took (setup, call and teardown), gathered where the reports arrive (the
# controlling process under xdist) and kept for the next run's order. Tests this run did not
# run keep their last time.
_TIMES: dict[str, float] = {}


def pytest_runtest_logreport(report):
    _TIMES[report.nodeid] = _TIMES.get(report.nodeid, 0.0) + report.duration


def pytest_sessionfinish(session):
    config = session.config
    if hasattr(config, "workerinput") or not _TIMES:
        return
    times = {nodeid: round(seconds, 2) for nodeid, seconds in _TIMES.items()}
    cache = getattr(config, "cache", None)  # None with -p no:cacheprovider
    if cache is not None:
        cache.set(DURATIONS_KEY, {**cache.get(DURATIONS_KEY, {}), **times})
    if config.getoption("record_durations"):
        _record(times)


def _record(times: dict[str, float]) -> None:
    """DURATIONS from this run: each test of KEPT_FROM seconds or more by name, the others by
    the median of their kind in this run (when it timed KIND_FROM of them or more; else the
    kind's median as it was). A test this run did not run keeps its time while its file
    exists and this run ran nothing of that file: a run of a few folders updates their tests and
    keeps the others', and a test renamed or gone from a file this run ran leaves with it."""
    before = json.loads(DURATIONS.read_text()) if DURATIONS.exists() else {}
    root = DURATIONS.parents[1]
    ran = {nodeid.split("::")[0] for nodeid in times}
    kept = {
        nodeid: seconds
        for nodeid, seconds in before.get("tests", {}).items()
        if nodeid.split("::")[0] not in ran and (root / nodeid.split("::")[0]).exists()
    }
    merged = {**kept, **times}
    # From this run's times alone: the file keeps only the long tests, whose median is no kind's.
    timed: dict[str, list[float]] = {}
    for nodeid, seconds in times.items():
        timed.setdefault(_kind(nodeid), []).append(seconds)
    kinds = before.get("kinds", {}) | {
        kind: round(statistics.median(s), 2) for kind, s in timed.items() if len(s) >= KIND_FROM
    }
    record = {
        "about": "Seconds each test takes, for the order of the tests on several workers "
        "(conftest.py); written by `make durations`.",
        "kinds": dict(sorted(kinds.items())),
        "tests": {
            nodeid: round(seconds, 1)
            for nodeid, seconds in sorted(merged.items())
            if seconds >= KEPT_FROM
        },
    }
    DURATIONS.write_text(json.dumps(record, indent=0, ensure_ascii=False) + "\n")
