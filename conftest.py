"""Marks every test by the folder it lives in, so `make test-fast` can leave the slow kinds out:
tests/browser/ drives a real chromium, tests/crosscheck/ runs real ranking libraries."""

from pathlib import Path

import pytest

FOLDER_MARKS = {"browser": pytest.mark.browser, "crosscheck": pytest.mark.crosscheck}


def pytest_collection_modifyitems(items):
    for item in items:
        folder = Path(str(item.fspath)).parent.name
        if folder in FOLDER_MARKS:
            item.add_marker(FOLDER_MARKS[folder])
