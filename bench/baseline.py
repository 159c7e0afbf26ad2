"""The benchmarks' baseline from another commit: its code exported from git into /tmp and
measured by its own copy of a benchmark script, so that "before" and "now" run in one session
on the same machine (bench/README.md)."""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def export(rev: str) -> Path:
    """The code of commit `rev`, exported from git into a new folder in /tmp."""
    folder = Path(tempfile.mkdtemp(prefix=f"ndcg-before-{rev}-"))
    archive = subprocess.run(["git", "archive", rev], cwd=ROOT, check=True, capture_output=True)
    subprocess.run(["tar", "-x", "-C", str(folder)], input=archive.stdout, check=True)
    return folder


def run_at(rev: str, script: str, *args: str, timeout: float = 1800) -> str:
    """What `script` (a path in the repository, e.g. "bench/bench_playground.py") prints when
    run with `args` on the code of commit `rev`: its output, and the end of its errors."""
    folder = export(rev)
    (folder / ".venv").symlink_to(ROOT / ".venv")
    result = subprocess.run(
        [sys.executable, script, *args],
        cwd=folder,
        env={**os.environ, "PYTHONPATH": str(folder)},
        capture_output=True,
        text=True,
        timeout=timeout,
    )
    return result.stdout + result.stderr[-2000:]
