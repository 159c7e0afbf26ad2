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


def pytest_collection_modifyitems(items):
    for item in items:
        folder = Path(str(item.fspath)).parent.name
        if folder in FOLDER_MARKS:
            item.add_marker(FOLDER_MARKS[folder])
