"""A throwaway PostgreSQL server from Debian's `postgresql` package, for the classroom's tests.

`start_postgres()` makes a cluster in a temporary folder (initdb), starts it on a free
loopback port with its socket in the same folder, and returns its URL; `stop()` stops it and
deletes the folder. PostgreSQL refuses to run as root: when the tests run as root, every
PostgreSQL command runs as the `postgres` user the package creates (`runuser -u postgres`).
`unavailable()` says why no server can be started here, or None.
"""

from __future__ import annotations

import contextlib
import glob
import os
import pwd
import shutil
import subprocess
import tempfile
from dataclasses import dataclass
from pathlib import Path

from devtools.appserver import free_port

USER = "postgres"  # the system user Debian's package creates
DATABASE = "postgres"
ROLE = "classroom"


def binaries() -> Path | None:
    """The folder with initdb and pg_ctl (the newest installed version), or None."""
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"), key=_version)
    if found:
        return Path(found[-1]).parent
    initdb = shutil.which("initdb")
    return Path(initdb).resolve().parent if initdb else None


def _version(path: str) -> float:
    try:
        return float(Path(path).parts[-3])
    except ValueError:
        return 0.0


def _as_root() -> bool:
    return os.geteuid() == 0


def unavailable() -> str | None:
    """Why a PostgreSQL server cannot be started here (None: it can)."""
    if binaries() is None:
        return (
            "Debian's postgresql package is not installed (`make test` installs it with "
            "apt-get; it could not here)"
        )
    if _as_root():
        try:
            pwd.getpwnam(USER)
        except KeyError:
            return f"running as root and there is no `{USER}` user to run PostgreSQL as"
        if not shutil.which("runuser"):
            return "running as root and `runuser` is missing"
    return None


@dataclass
class Postgres:
    folder: Path
    port: int
    bin: Path

    @property
    def url(self) -> str:
        return f"postgresql+psycopg://{ROLE}@127.0.0.1:{self.port}/{DATABASE}"

    def _run(self, *command: str, check: bool = True) -> subprocess.CompletedProcess:
        return _run(self.bin, *command, check=check)

    def stop(self) -> None:
        with contextlib.suppress(subprocess.SubprocessError, OSError):
            self._run("pg_ctl", "-D", str(self.folder / "data"), "-m", "immediate", "stop")
        shutil.rmtree(self.folder, ignore_errors=True)


def _run(bin_dir: Path, *command: str, check: bool = True) -> subprocess.CompletedProcess:
    argv = [str(bin_dir / command[0]), *command[1:]]
    if _as_root():
        argv = ["runuser", "-u", USER, "--", *argv]
    return subprocess.run(argv, check=check, capture_output=True, text=True, timeout=120)


def start_postgres() -> Postgres:
    """Start a fresh cluster; raises RuntimeError with PostgreSQL's own output if it cannot."""
    reason = unavailable()
    if reason:
        raise RuntimeError(reason)
    bin_dir = binaries()
    folder = Path(tempfile.mkdtemp(prefix="ndcg-pg-"))
    folder.chmod(0o755)
    if _as_root():
        entry = pwd.getpwnam(USER)
        os.chown(folder, entry.pw_uid, entry.pw_gid)
    server = Postgres(folder, free_port(), bin_dir)
    data = folder / "data"
    try:
        _run(
            bin_dir,
            "initdb",
            "-D",
            str(data),
            "-U",
            ROLE,
            "-A",
            "trust",  # loopback only, a throwaway cluster: no password
            "-E",
            "UTF8",
            "--no-sync",
        )
        _run(
            bin_dir,
            "pg_ctl",
            "-D",
            str(data),
            "-l",
            str(folder / "server.log"),
            "-w",
            "-t",
            "60",
            "-o",
            f"-p {server.port} -k {folder} -c listen_addresses=127.0.0.1 -c fsync=off",
            "start",
        )
    except subprocess.CalledProcessError as error:
        log = folder / "server.log"
        said = log.read_text(errors="replace")[-2000:] if log.exists() else ""
        server.stop()
        raise RuntimeError(f"PostgreSQL did not start: {error.stderr}\n{said}") from None
    return server
