"""The app on a free loopback port, for the browser tests and the benchmarks that need a server."""

import contextlib
import os
import signal
import socket
import subprocess
import time
import urllib.request
from pathlib import Path

from deploy.serve import APP_OPTIONS, app_command
from devtools import ROOT


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def start_app(
    timeout: float = 120,  # a bound, not a pause: Python and Streamlit import slowly on a busy machine
    env: dict[str, str] | None = None,
    options: tuple[str, ...] = APP_OPTIONS,
    root: Path = ROOT,
) -> tuple[subprocess.Popen, str]:
    """Run `streamlit run app.py` in its own process group; return it and its URL once healthy.

    `env`: variables added to this process's environment for the app (e.g. the classroom's
    database, so that two app processes share one). `options`: command-line options beyond
    the address and port; `()` runs the app exactly as its config file says. `root`: the
    folder whose app.py runs, from there (a benchmark's export of another commit)."""
    port = free_port()
    process = subprocess.Popen(
        app_command(port, options=options, root=root),
        cwd=root,
        env={**os.environ, **env} if env else None,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,
    )
    url = f"http://127.0.0.1:{port}"
    wait_until_healthy(process, url, timeout)
    return process, url


def wait_until_healthy(process: subprocess.Popen, url: str, timeout: float = 120) -> None:
    """Return once the Streamlit server at `url` says it is healthy; stop it and raise if it
    does not within `timeout` seconds (a bound, not a pause)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            with urllib.request.urlopen(f"{url}/_stcore/health", timeout=2) as response:
                if response.read().strip() == b"ok":
                    return
        except OSError:
            time.sleep(0.3)
    stop_app(process)
    raise RuntimeError(f"The app server did not start within {timeout:.0f} s.")


def stop_app(process: subprocess.Popen, grace: float = 15) -> None:
    """SIGTERM to the process's whole group, up to `grace` seconds to finish, then SIGKILL to
    what is left. Streamlit usually stops within a second, but on a loaded machine it has been
    seen to take longer than 10 s to close a session's websocket; a test's teardown must not
    fail on that."""
    try:
        with contextlib.suppress(ProcessLookupError, subprocess.TimeoutExpired):
            os.killpg(process.pid, signal.SIGTERM)
            process.wait(timeout=grace)
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(process.pid, signal.SIGKILL)
        process.wait()
