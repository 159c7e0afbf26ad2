"""Serve NDCG Lab from several app processes behind nginx, with one command.

    .venv/bin/python deploy/serve.py                 # one app process per core, nginx on :8080
    .venv/bin/python deploy/serve.py --processes 3 --listen 127.0.0.1:9000 --base-path ndcg

What it does, in order:
  1. makes a state folder (a fresh temporary one unless --state-dir names one): the nginx
     configuration, its logs, each app process's log, and a copy of Streamlit's static files
     with a gzipped twin of each text file, which nginx serves itself (gzip_static);
  2. starts N `streamlit run app.py` processes on 127.0.0.1 (ports 8501, 8502, … or
     --app-ports), all sharing one cookie secret, and waits until each answers;
  3. fills in deploy/nginx.conf (see its comments: sticky sessions by cookie, websockets,
     compression, caching) and runs nginx in the foreground;
  4. stays until Ctrl-C or SIGTERM, or until any of its processes stops, and then stops all of
     them (and removes a temporary state folder).

Only nginx faces the network; the app processes listen on loopback. A permanent installation
would run this under a service manager (systemd with Restart=always, say).
"""

from __future__ import annotations

import argparse
import gzip
import os
import pwd
import secrets
import shutil
import signal
import stat
import subprocess
import sys
import tempfile
import time
import tomllib
import urllib.request
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))  # Home's first paint is made by the app's own code (ui.first_paint)
TEMPLATE = Path(__file__).with_name("nginx.conf")
# Text files worth a gzipped twin; fonts (woff2) and images are compressed already.
COMPRESSIBLE = {".js", ".css", ".json", ".svg", ".html", ".txt", ".map"}
STREAMLIT_DEFAULT_UPLOAD_MB = 200
# What an app process adds to `streamlit run`: no browser to open, no file watcher (the code does
# not change under a running server), no usage statistics (the app runs offline).
APP_OPTIONS = (
    "--server.headless=true",
    "--server.fileWatcherType=none",
    "--browser.gatherUsageStats=false",
)


class DeployError(RuntimeError):
    """Something the operator can fix; main() prints it without a traceback."""


def base_path(value: str) -> str:
    """'' for the root, else '/name' (the form nginx's locations need)."""
    value = value.strip("/")
    if any(ch in value for ch in " ;{}$'\"\\"):
        raise DeployError(f"--base-path {value!r}: use letters, digits, '-', '_' and '/' only.")
    return f"/{value}" if value else ""


def upload_limit_mb() -> int:
    """server.maxUploadSize from the app's .streamlit/config.toml (Streamlit's default if unset)."""
    config = ROOT / ".streamlit" / "config.toml"
    if not config.exists():
        return STREAMLIT_DEFAULT_UPLOAD_MB
    settings = tomllib.loads(config.read_text(encoding="utf-8"))
    return int(settings.get("server", {}).get("maxUploadSize", STREAMLIT_DEFAULT_UPLOAD_MB))


def streamlit_static_dir() -> Path:
    import streamlit

    return Path(streamlit.__file__).parent / "static" / "static"


def _gzip_twin(path: Path) -> int:
    data = path.read_bytes()
    twin = path.with_name(path.name + ".gz")
    twin.write_bytes(gzip.compress(data, compresslevel=9, mtime=0))
    return len(data)


def prepare_static(www: Path, base: str) -> tuple[int, int]:
    """Copy Streamlit's /static/ tree under www (as the URLs name it) and gzip each text file.

    Returns the number of files compressed and their total size in bytes."""
    target = www / base.lstrip("/") / "static"
    shutil.copytree(streamlit_static_dir(), target)
    texts = [
        path
        for path in target.rglob("*")
        if path.is_file() and path.suffix in COMPRESSIBLE and path.stat().st_size >= 1024
    ]
    # zlib releases the GIL, so the copies compress in parallel (about 3 s for 23 MB on 1 core).
    with ThreadPoolExecutor(max_workers=os.cpu_count() or 1) as pool:
        sizes = list(pool.map(_gzip_twin, texts))
    return len(sizes), sum(sizes)


def prepare_first_paint(www: Path, base: str) -> list[Path]:
    """Home's first paint (ui/first_paint.py): Streamlit's index.html with Home's heading and
    its default list's NDCG in it, one page per language, beside the static copy (with a
    gzipped twin). nginx sends one for Home's bare address (deploy/nginx.conf)."""
    from i18n import LANGUAGES
    from ui.first_paint import home_page

    index = (streamlit_static_dir().parent / "index.html").read_text(encoding="utf-8")
    folder = www / base.lstrip("/") / "first-paint"
    folder.mkdir(parents=True, exist_ok=True)
    pages = []
    for lang in LANGUAGES:
        page = folder / f"home.{lang}.html"
        page.write_text(home_page(index, lang), encoding="utf-8")
        _gzip_twin(page)
        pages.append(page)
    return pages


def first_paint_languages() -> str:
    """nginx `map` lines: the browser's first language (Accept-Language) to a first paint's
    language, as the app picks it from the browser's locale (i18n.from_locale); else English."""
    from i18n import DEFAULT, LANGUAGES

    lines = [f"        default {DEFAULT};"]
    lines += [f"        ~*^{lang}\\b {lang};" for lang in LANGUAGES if lang != DEFAULT]
    return "\n".join(lines)


def worker_user() -> str | None:
    """The user nginx's worker runs as when started by root (Debian's www-data), else None."""
    if os.geteuid() != 0:
        return None
    for name in ("www-data", "nobody"):
        try:
            pwd.getpwnam(name)
            return name
        except KeyError:
            continue
    raise DeployError("Running as root, but neither user www-data nor nobody exists for nginx.")


def check_readable_by_others(folder: Path) -> None:
    """As root, nginx's worker runs as another user: every folder above the state must let it in."""
    for part in [folder, *folder.parents]:
        if not part.stat().st_mode & stat.S_IXOTH:
            raise DeployError(
                f"--state-dir {folder}: nginx's worker (user {worker_user()}) cannot enter "
                f"{part}. Choose a state folder under /tmp or /srv, or run as a normal user."
            )


def render_config(
    state: Path, listen: str, app_ports: list[int], base: str, user: str | None
) -> str:
    servers = "\n".join(f"        server 127.0.0.1:{port};" for port in app_ports)
    redirect = ""
    if base:
        redirect = (
            f"\n        location = / {{ return 302 {base}/; }}"
            f"\n        location = {base} {{ return 301 {base}/; }}\n"
        )
    values = {
        "@USER_LINE@": f"user {user};" if user else "# (not root: nginx runs as the caller)",
        "@STATE@": str(state),
        "@SERVERS@": servers,
        "@LISTEN@": listen,
        "@BASE@": base,
        "@MAX_BODY@": f"{upload_limit_mb() + 1}m",
        "@BASE_REDIRECT@": redirect,
        "@FIRST_PAINT_LANGUAGES@": first_paint_languages(),
    }
    text = TEMPLATE.read_text(encoding="utf-8")
    for name, value in values.items():
        text = text.replace(name, value)
    return text


def app_command(
    port: int, base: str = "", options: Sequence[str] = APP_OPTIONS, root: Path = ROOT
) -> list[str]:
    """`streamlit run app.py` on 127.0.0.1:port (under `base`, a path such as '/ndcg'), with
    `options` (`()`: as the app's .streamlit/config.toml says); the tests start theirs so too.
    `root`: the folder whose app.py runs (a benchmark's export of another commit)."""
    command = [
        sys.executable,
        "-m",
        "streamlit",
        "run",
        str(root / "app.py"),
        "--server.address=127.0.0.1",
        f"--server.port={port}",
        *options,
    ]
    if base:
        command.append(f"--server.baseUrlPath={base.strip('/')}")
    return command


def start_app(port: int, base: str, state: Path, cookie_secret: str) -> subprocess.Popen:
    """One `streamlit run app.py` on 127.0.0.1:port, its output in state/app-<port>.log."""
    command = app_command(port, base)
    # One secret for all processes, so a signed cookie from one is valid at another (in the
    # environment, not on the command line, where `ps` would show it).
    env = {**os.environ, "STREAMLIT_SERVER_COOKIE_SECRET": cookie_secret}
    log = open(state / f"app-{port}.log", "wb")  # noqa: SIM115 (the process keeps it)
    return subprocess.Popen(
        command, cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL
    )


def wait_until_healthy(url: str, processes: list[subprocess.Popen], timeout: float) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        for process in processes:
            if process.poll() is not None:
                raise DeployError(f"{describe(process)} stopped with code {process.returncode}.")
        try:
            with urllib.request.urlopen(url, timeout=2) as response:
                if response.read().strip() == b"ok":
                    return
        except OSError:
            time.sleep(0.3)
    raise DeployError(f"{url} did not answer within {timeout:.0f} s.")


def describe(process: subprocess.Popen) -> str:
    """'nginx' or 'the app process on port N', for messages."""
    ports = [arg.split("=", 1)[1] for arg in process.args if arg.startswith("--server.port=")]
    return f"the app process on port {ports[0]}" if ports else Path(process.args[0]).name


def nginx_binary() -> str:
    found = shutil.which("nginx") or (
        "/usr/sbin/nginx" if Path("/usr/sbin/nginx").exists() else None
    )
    if not found:
        raise DeployError("nginx is not installed: `apt-get install nginx` (Debian's package).")
    return found


def stop(processes: list[subprocess.Popen]) -> None:
    """SIGTERM to each, then up to 10 s to finish, then SIGKILL."""
    for process in processes:
        if process.poll() is None:
            process.terminate()
    deadline = time.monotonic() + 10
    for process in processes:
        try:
            process.wait(timeout=max(0.1, deadline - time.monotonic()))
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


def local_url(listen: str, base: str) -> str:
    host, _, port = listen.rpartition(":")
    if host in ("", "0.0.0.0", "*", "[::]"):
        host = "127.0.0.1"
    return f"http://{host}:{port}{base}"


def serve(args: argparse.Namespace) -> int:
    base = base_path(args.base_path)
    listen = args.listen if ":" in args.listen else f"0.0.0.0:{args.listen}"
    app_ports = (
        [int(port) for port in args.app_ports.split(",")]
        if args.app_ports
        else [args.first_app_port + i for i in range(args.processes)]
    )
    nginx = nginx_binary()
    user = worker_user()

    temporary = args.state_dir is None
    state = Path(args.state_dir or tempfile.mkdtemp(prefix="ndcg-deploy-")).resolve()
    state.mkdir(parents=True, exist_ok=True)
    processes: list[subprocess.Popen] = []
    try:
        if user:
            state.chmod(0o755)
            check_readable_by_others(state)
        for sub in ("client_body", "proxy", "fastcgi", "uwsgi", "scgi"):
            (state / "tmp" / sub).mkdir(parents=True, exist_ok=True)
            if user:
                shutil.chown(state / "tmp" / sub, user=user)
        if (state / "www").exists():
            shutil.rmtree(state / "www")
        count, size = prepare_static(state / "www", base)
        prepare_first_paint(state / "www", base)
        print(f"Static files: {count} text files ({size / 1e6:.1f} MB) gzipped ahead of time.")

        cookie_secret = secrets.token_hex(32)
        for port in app_ports:
            processes.append(start_app(port, base, state, cookie_secret))
        for port in app_ports:
            health = f"http://127.0.0.1:{port}{base}/_stcore/health"
            wait_until_healthy(health, processes, args.timeout)

        conf = state / "nginx.conf"
        conf.write_text(render_config(state, listen, app_ports, base, user), encoding="utf-8")
        check = [nginx, "-q", "-t", "-e", "stderr", "-p", str(state), "-c", str(conf)]
        tested = subprocess.run(check, capture_output=True, text=True)
        if tested.returncode != 0:
            raise DeployError(f"nginx refused {conf}:\n{tested.stderr.strip()}")
        processes.append(
            subprocess.Popen([nginx, "-e", "stderr", "-p", str(state), "-c", str(conf)])
        )
        url = local_url(listen, base)
        wait_until_healthy(f"{url}/_stcore/health", processes, args.timeout)

        apps = ", ".join(f"127.0.0.1:{port}" for port in app_ports)
        print(f"NDCG Lab on {url}/ (nginx on {listen}; {len(app_ports)} app processes: {apps})")
        print(f"State, logs and configuration: {state}")
        print("Ctrl-C stops everything.", flush=True)
        while True:
            for process in processes:
                if process.poll() is not None:
                    print(
                        f"{describe(process)} (pid {process.pid}) stopped with "
                        f"code {process.returncode}: stopping the rest.",
                        file=sys.stderr,
                    )
                    return 1
            time.sleep(0.5)
    finally:
        # A second Ctrl-C or SIGTERM must not cut the clean-up short.
        signal.signal(signal.SIGINT, signal.SIG_IGN)
        signal.signal(signal.SIGTERM, signal.SIG_IGN)
        stop(processes)
        if temporary:
            shutil.rmtree(state, ignore_errors=True)


def _terminate(signum, frame):
    raise KeyboardInterrupt


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--processes",
        type=int,
        default=os.cpu_count() or 1,
        help="app processes, about one per core (default: %(default)s, this machine's cores)",
    )
    parser.add_argument(
        "--listen",
        default="8080",
        help="nginx's address: PORT (all interfaces) or HOST:PORT (default: %(default)s)",
    )
    parser.add_argument(
        "--first-app-port",
        type=int,
        default=8501,
        help="the app processes take this port and the next ones (default 8501)",
    )
    parser.add_argument(
        "--app-ports",
        help="the app processes' ports, comma-separated "
        "(instead of --processes and --first-app-port)",
    )
    parser.add_argument(
        "--base-path", default="", help="serve under http://host/BASE/ instead of the root"
    )
    parser.add_argument(
        "--state-dir",
        help="keep configuration, logs and the static copy here "
        "(default: a temporary folder, removed at the end)",
    )
    parser.add_argument(
        "--timeout",
        type=float,
        default=90,
        help="seconds to wait for each process to answer (default 90)",
    )
    args = parser.parse_args(argv)
    if args.processes < 1:
        parser.error(f"--processes {args.processes}: give 1 or more.")
    # Both stop everything; SIGINT explicitly, since a shell starts background jobs ignoring it.
    signal.signal(signal.SIGTERM, _terminate)
    signal.signal(signal.SIGINT, _terminate)
    try:
        return serve(args)
    except KeyboardInterrupt:
        return 0
    except DeployError as error:
        print(f"deploy/serve.py: {error}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
