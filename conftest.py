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

import os
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
# steal at the end is short. The expected time of a test is the one it took in the last run
# that ran it (kept in pytest's cache, .pytest_cache/), else a guess from its folder.

DURATIONS_KEY = "ndcg/durations"
# Seconds, for a test no run has timed yet: a browser test loads pages in chromium from an app
# server, a cross-check runs a real library, a page test runs a page script (AppTest).
GUESS = {"browser": 20.0, "crosscheck": 8.0, "pages": 2.0}
OTHER_GUESS = 0.3


def _expected(item, durations: dict[str, float]) -> float:
    if item.nodeid in durations:
        return durations[item.nodeid]
    return GUESS.get(Path(str(item.fspath)).parent.name, OTHER_GUESS)


def _shares_a_module_fixture(item) -> bool:
    """Whether the test uses a fixture set up once per module (or class): its module's tests
    that do are kept together, so that the fixture (an app server, nginx) starts once."""
    info = getattr(item, "_fixtureinfo", None)
    if info is None:
        return False
    return any(
        defs and defs[-1].scope in ("module", "class", "package")
        for defs in info.name2fixturedefs.values()
    )


def _units(items, durations):
    """Groups of tests that run together, each with its expected time: one test alone, or a
    module's tests that share a module fixture (cut into pieces if long, so that two workers
    can share them at the cost of one more start of the fixture)."""
    singles, modules = [], {}
    for item in items:
        if _shares_a_module_fixture(item):
            modules.setdefault(item.nodeid.split("::")[0], []).append(item)
        else:
            singles.append([item])
    groups = list(singles)
    total = sum(_expected(item, durations) for item in items)
    for together in modules.values():
        piece, piece_time = [], 0.0
        for item in together:
            piece.append(item)
            piece_time += _expected(item, durations)
            if piece_time >= total / 8:
                groups.append(piece)
                piece, piece_time = [], 0.0
        if piece:
            groups.append(piece)
    return [(sum(_expected(i, durations) for i in group), group) for group in groups]


def _order_for_workers(config, items) -> None:
    workers = int(os.environ.get("PYTEST_XDIST_WORKER_COUNT", "0"))
    if workers < 2 or not items:
        return
    durations = config.cache.get(DURATIONS_KEY, {}) if config.cache else {}
    units = sorted(_units(items, durations), key=lambda unit: (-unit[0], unit[1][0].nodeid))
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
    if hasattr(config, "workerinput") or not _TIMES or config.cache is None:
        return
    durations = config.cache.get(DURATIONS_KEY, {})
    durations.update({nodeid: round(seconds, 2) for nodeid, seconds in _TIMES.items()})
    config.cache.set(DURATIONS_KEY, durations)
