"""The /queries upload worker (`python -m views.queries.worker NICENESS`) run as the server runs
it, given its job on standard input, and saying at its end whether pandas was imported and
its peak memory (VmHWM, kB) on a line of its own: what tests/ui/test_queries_data.py checks
and bench/bench_upload_memory.py reports."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

# Run by runpy so that this program sees the worker's modules once it has ended.
PROGRAM = """
import runpy, sys
sys.argv = ["worker", sys.argv[1]]
try:
    runpy.run_module("views.queries.worker", run_name="__main__", alter_sys=True)
except SystemExit:
    pass
print("pandas imported" if "pandas.core.frame" in sys.modules else "pandas not imported")
# Its own peak: wait4's ru_maxrss also counts the peak of the process that started it (exec
# keeps the high-water mark of the memory it replaces: a bench holding 190 MB read 190).
print(next(line.split()[1] for line in open("/proc/self/status") if line.startswith("VmHWM")))
"""


def start(root: Path, niceness: int = 0) -> subprocess.Popen:
    """The worker of the code at `root`, its standard input and output piped: write the job
    (pickled, as `views.queries.data` writes it), close, then read what it says."""
    return subprocess.Popen(
        [sys.executable, "-c", PROGRAM, str(niceness)],
        cwd=root,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        env=os.environ | {"PYTHONPATH": str(root)},
    )
