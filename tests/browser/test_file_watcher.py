"""The served app watches no files: Streamlit's watcher would watch the app's whole folder,
.venv*, node_modules and .git included (an inotify watch per folder, and a log flooded with
"Inotify queue overflowed" whenever the checkout changes). .streamlit/config.toml turns it off;
this starts the app with that file alone deciding (the other tests' server passes the setting on
its command line) and counts the running server's inotify watches while a page is open."""

import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest
from playwright.sync_api import expect

from tests.appserver import ROOT, free_port, stop_app

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
    port = free_port()
    process = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "streamlit",
            "run",
            str(ROOT / "app.py"),
            "--server.address=127.0.0.1",
            f"--server.port={port}",
        ],
        cwd=ROOT,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,
    )
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        try:
            with urllib.request.urlopen(f"{url}/_stcore/health", timeout=2):
                break
        except OSError:
            time.sleep(0.3)
    yield process, url
    stop_app(process)


@pytest.mark.skipif(not Path("/proc/self/fdinfo").exists(), reason="needs Linux's /proc")
def test_the_running_app_watches_no_folders(app_as_configured, page):
    process, url = app_as_configured
    page.goto(f"{url}/playground?rels=3,2,3,0,1,2", timeout=60_000)
    # A session runs the app, which is when Streamlit would start watching its sources.
    expect(page.get_by_test_id("stMetricValue").first).to_have_text("0.9608", timeout=60_000)
    time.sleep(1)
    assert _inotify_watches(process.pid) == 0
