"""Issue 34's memory targets for a /queries upload, without a browser: peak RSS and CPU seconds.

    PYTHONPATH=. .venv/bin/python bench/bench_upload_memory.py [--before REV] [--rounds 2]

Writes bench_upload.py's seeded 50 MB run and its qrels, then measures, each in a fresh process
and alternating this code with the code of REV (a `git archive` export, the same venv):

- worker: `python -m views.queries.worker` given the job as `views/queries/data.py` gives it
  (run by `runpy`, so that it says at its end whether pandas was imported and its VmHWM); its
  peak RSS (VmHWM: the whole process, the interpreter included) and CPU. `wait4`'s ru_maxrss
  is printed beside it: it is never below this bench's own peak, which exec hands on (until
  2026-11-29 11:00 it was the figure: a worker peaking below the bench's own 190 MB, as on
  junk once pandas was gone, read as 189 MB);
- with `--junk MB`: the worker on a "run" of MB megabytes of `x` lines and a one-line qrels
  (bench_upload.py --bad's file, bigger), which it refuses with a summary;
- server: the page in AppTest, the files handed over in `TEST_UPLOADS`, from the source
  radio's change to the whole first view (the mean, both means, the convention grid, every
  query, the comparison with the first library); this process's peak RSS (VmHWM, reset at
  the radio's change) and CPU seconds, the worker's apart (it is a child).

Figures are peak memory and CPU time, which a shared machine does not distort as it does wall
time; the load average is printed beside them.
"""

from __future__ import annotations

import argparse
import os
import pickle
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
from devtools import upload_worker  # noqa: E402


def _worker(root: Path, run: Path, qrels: Path, folder: Path) -> str:
    out = folder / "out.pickle"
    job = pickle.dumps(
        ("trec", {"run": (run.name, str(run)), "qrels": (qrels.name, str(qrels))}, 50.0, str(out))
    )
    process = upload_worker.start(root, 10)
    process.stdin.write(job)
    process.stdin.close()
    said, peak = process.stdout.read().decode().split("\n")[:2]
    _, status, usage = os.wait4(process.pid, 0)
    size = out.stat().st_size / 1e6 if out.exists() else 0
    out.unlink(missing_ok=True)
    cpu = usage.ru_utime + usage.ru_stime
    return (
        f"peak {int(peak) / 1024:.0f} MB (wait4: {usage.ru_maxrss / 1024:.0f} MB, this bench's "
        f"{_peak():.0f}), CPU {cpu:.2f} s, status {status}, result {size:.1f} MB, {said}"
    )


def _peak() -> float:
    """This process's peak RSS in MB (VmHWM), which a worker it starts inherits in wait4's
    ru_maxrss (exec keeps the high-water mark): its own VmHWM is the worker's figure."""
    status = Path("/proc/self/status").read_text().split("\n")
    return next(int(line.split()[1]) for line in status if line.startswith("VmHWM")) / 1024


SERVER = """
import os, resource, sys, time
sys.path.insert(0, os.getcwd())
from devtools.apptest import open_link
from views.queries import data as queries_data

def status(key):
    for line in open("/proc/self/status"):
        if line.startswith(key):
            return int(line.split()[1]) / 1024

at = open_link("views/queries/page.py", {})
at.session_state[queries_data.TEST_UPLOADS] = {
    "run": ("big_run.txt", open(sys.argv[1], "rb").read()),
    "qrels": ("big_qrels.txt", open(sys.argv[2], "rb").read()),
}
start = status("VmRSS")
open("/proc/self/clear_refs", "w").write("5")  # VmHWM from here
cpu = time.process_time()
at.radio(key="queries_source").set_value("trec_upload").run(timeout=600)
cpu = time.process_time() - cpu
assert not at.exception, [e.value for e in at.exception]
mean = [m.value for m in at.metric][:1]
drawn = status("VmRSS")
import ctypes, gc
gc.collect()
ctypes.CDLL(None).malloc_trim(0)
print(f"from {start:.0f} MB: peak {status('VmHWM'):.0f} MB, once drawn {drawn:.0f} MB "
      f"({status('VmRSS'):.0f} MB after gc and malloc_trim), CPU {cpu:.2f} s; first metric {mean}")
"""


def _server(root: Path, run: Path, qrels: Path) -> str:
    done = subprocess.run(
        [sys.executable, "-c", SERVER, str(run), str(qrels)],
        cwd=root,
        capture_output=True,
        text=True,
        env=os.environ | {"PYTHONPATH": str(root)},
    )
    return (done.stdout.strip() or done.stderr.strip()[-400:]).splitlines()[-1]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--before", default="", help="commit to compare with ('' for none)")
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--only", choices=("worker", "server"), default=None)
    parser.add_argument(
        "--junk", type=float, default=0, help="instead, a run of this many MB of 'x' lines (worker)"
    )
    args = parser.parse_args()
    sys.path.insert(0, str(ROOT / "bench"))
    from bench_upload import make_files

    with tempfile.TemporaryDirectory(prefix="bench-upload-memory-") as scratch:
        folder = Path(scratch)
        run, qrels = make_files(folder)
        if args.junk:  # a file that is no run, beside a one-line qrels: the worker's message
            run.write_bytes(b"x\n" * int(args.junk * 500_000))
            qrels.write_bytes(b"301 0 A 1\n")
            args.only = "worker"
        roots = {"this code": ROOT}
        if args.before:
            export = folder / "before"
            export.mkdir()
            archive = subprocess.run(
                ["git", "archive", args.before], cwd=ROOT, check=True, capture_output=True
            ).stdout
            subprocess.run(["tar", "-x", "-C", str(export)], input=archive, check=True)
            roots[f"before ({args.before})"] = export
        print(f"run {run.stat().st_size:,} bytes, qrels {qrels.stat().st_size:,} bytes")
        for round_ in range(args.rounds):
            for name, root in roots.items():
                said = f"[{round_ + 1}] {name}"
                if args.only != "server":
                    load = os.getloadavg()[0]
                    print(f"{said}, worker: {_worker(root, run, qrels, folder)} (load {load:.1f})")
                if args.only != "worker":
                    load = os.getloadavg()[0]
                    print(f"{said}, server: {_server(root, run, qrels)} (load {load:.1f})")
        print(time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()))


if __name__ == "__main__":
    main()
