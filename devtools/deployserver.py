"""deploy/serve.py (app processes behind nginx) on free loopback ports, for tests and benchmarks.

Everything it starts lives in one process group, which `Deployment.stop` ends as a whole."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
import tempfile
import time
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path

from devtools import ROOT
from devtools.appserver import free_port, stop_app

SERVE = ROOT / "deploy" / "serve.py"
# One line of deploy/nginx.conf's `ndcg` log format.
LOG_LINE = re.compile(
    r'"(?P<method>\S+) (?P<path>\S+) [^"]*" (?P<status>\d+) (?P<bytes>\d+) '
    r"upstream=(?P<upstream>.*?) route=(?P<route>\S+) "
)


def nginx_path() -> str | None:
    """nginx's executable, or None when it is not installed."""
    return shutil.which("nginx") or (
        "/usr/sbin/nginx" if Path("/usr/sbin/nginx").exists() else None
    )


@dataclass
class Deployment:
    process: subprocess.Popen
    state: Path
    url: str  # nginx, with the base path if any
    app_urls: list[str]  # each app process, directly
    base: str = ""
    _stopped: bool = field(default=False, repr=False)

    @property
    def app_addresses(self) -> set[str]:
        return {url.removeprefix("http://").split("/")[0] for url in self.app_urls}

    def access_log(self) -> list[dict[str, str]]:
        """nginx's access log so far, one dict per request (method, path, status, upstream, route)."""
        path = self.state / "access.log"
        if not path.exists():
            return []
        lines = path.read_text(encoding="utf-8", errors="replace").splitlines()
        return [match.groupdict() for line in lines if (match := LOG_LINE.search(line))]

    def output(self) -> str:
        return (self.state / "serve.log").read_text(encoding="utf-8", errors="replace")

    def stop(self) -> None:
        """SIGTERM to the whole group (serve.py, nginx, the apps), SIGKILL to what is left."""
        if self._stopped:
            return
        self._stopped = True
        try:
            stop_app(self.process, grace=30)
        finally:
            shutil.rmtree(self.state, ignore_errors=True)


def start_deployment(processes: int = 2, base_path: str = "", timeout: float = 150) -> Deployment:
    """Run deploy/serve.py with `processes` app processes; return once nginx answers."""
    proxy_port = free_port()
    app_ports = [free_port() for _ in range(processes)]
    state = Path(tempfile.mkdtemp(prefix="ndcg-deploy-test-"))
    state.chmod(0o755)  # as root, nginx's worker runs as www-data and must read the static copy
    command = [
        sys.executable,
        str(SERVE),
        f"--listen=127.0.0.1:{proxy_port}",
        f"--app-ports={','.join(map(str, app_ports))}",
        f"--state-dir={state}",
        f"--timeout={timeout:.0f}",
    ]
    if base_path:
        command.append(f"--base-path={base_path}")
    with open(state / "serve.log", "wb") as log:
        process = subprocess.Popen(
            command, cwd=ROOT, stdout=log, stderr=subprocess.STDOUT, start_new_session=True
        )
    base = f"/{base_path.strip('/')}" if base_path.strip("/") else ""
    deployment = Deployment(
        process=process,
        state=state,
        url=f"http://127.0.0.1:{proxy_port}{base}",
        app_urls=[f"http://127.0.0.1:{port}{base}" for port in app_ports],
        base=base,
    )
    deadline = time.monotonic() + timeout
    try:
        while time.monotonic() < deadline:
            if process.poll() is not None:
                raise RuntimeError(f"deploy/serve.py stopped:\n{deployment.output()}")
            try:
                with urllib.request.urlopen(f"{deployment.url}/_stcore/health", timeout=2) as r:
                    if r.read().strip() == b"ok":
                        return deployment
            except OSError:
                time.sleep(0.5)
        raise RuntimeError(f"nginx did not answer within {timeout:.0f} s:\n{deployment.output()}")
    except BaseException:
        deployment.stop()
        raise
