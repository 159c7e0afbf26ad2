"""The served app watches no files: Streamlit's watcher would watch the app's whole folder,
.venv*, node_modules and .git included (an inotify watch per folder, and a log flooded with
"Inotify queue overflowed" whenever the checkout changes). .streamlit/config.toml turns it off;
this starts the app with that file alone deciding (the other tests' server passes the setting on
its command line) and counts the running server's inotify watches while a page is open."""

from pathlib import Path

import pytest
from playwright.sync_api import expect

from devtools.appserver import start_app, stop_app
from devtools.waits import wait_for_app

pytestmark = pytest.mark.browser


def _inotify_watches(pid: int) -> int:
    """How many paths the process watches through inotify, over all its file descriptors."""
    total = 0
    for info in Path(f"/proc/{pid}/fdinfo").iterdir():
        try:
            total += info.read_text().count("inotify wd:")
        except OSError:
            continue  # a descriptor closed while we looked
    return total


@pytest.fixture
def app_as_configured():
    # No command-line options: the config file alone decides what the server watches.
    process, url = start_app(options=())
    yield process, url
    stop_app(process)


@pytest.mark.skipif(not Path("/proc/self/fdinfo").exists(), reason="needs Linux's /proc")
def test_the_running_app_watches_no_folders(app_as_configured, page):
    process, url = app_as_configured
    page.goto(f"{url}/playground?rels=3,2,3,0,1,2")
    # A session runs the app, which is when Streamlit would start watching its sources.
    expect(page.get_by_test_id("stMetricValue").first).to_have_text("0.9608")
    # Streamlit registers a session's watches when the session starts and again when its run
    # ends, before it tells the browser the run has finished (watchdog adds each inotify watch
    # before it returns): once the page shows the run finished, any watch would be there.
    wait_for_app(page)
    assert _inotify_watches(process.pid) == 0
