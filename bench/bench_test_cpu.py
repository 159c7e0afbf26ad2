"""The CPU seconds one test costs: its pytest process and every process it starts (chromium and
its renderers, Playwright's driver, app servers, nginx), read from /proc.

The browser tests are CPU-bound on this 2-core machine, and their wall time moves with the
machine's load; their CPU time moves far less. Each process under the pytest run (found by its
parent chain, every `--every` seconds) counts with the last user + system time read for it, so
a process's last moment before it exits may be missed (at most `--every` of it).

Baseline: `--before REV` runs the same test ids from the code of commit REV (a `git archive`
export in /tmp, using this checkout's .venv), alternating before / after, `--reps` times each.

Run: nice -n 5 .venv/bin/python bench/bench_test_cpu.py [--before main] [--reps 2] [TESTID…]
     (no test named: LIVE_SCREENS, the three tests it was written for, about 3 minutes)
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench.baseline import export  # noqa: E402

TICK = os.sysconf("SC_CLK_TCK")
# With no test named (`make bench`): the three longest browser tests, each with live screens or
# several browsers (bench/README.md, "Fewer live screens in the classroom and proxy tests").
LIVE_SCREENS = [
    "tests/browser/test_classroom.py::test_a_class_through_the_concept_check_two_rounds_a_twin_and_the_closing_check",
    "tests/browser/test_classroom.py::test_one_student_per_browser_and_the_teachers_join_controls",
    "tests/browser/test_proxy.py::test_each_browser_sticks_to_one_process_and_both_processes_serve",
]


def _stat(pid: str) -> tuple[int, float, str] | None:
    """The parent, user + system CPU seconds and command name of a process, None if gone."""
    try:
        text = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return None
    name = text[text.index("(") + 1 : text.rindex(")")]
    fields = text.rsplit(")", 1)[1].split()
    return int(fields[1]), (int(fields[11]) + int(fields[12])) / TICK, name


def _kind(pid: str, name: str) -> str:
    """The command's name, and a chromium process's type (renderer, gpu-process, …): chromium
    writes its arguments into one string, spaces between them."""
    try:
        words = Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").split()
    except OSError:
        return name
    for word in words:
        if word.startswith(b"--type="):
            return f"{name} {word[7:].decode()}"
    return name


def run_measured(cwd: Path, tests: list[str], every: float) -> dict:
    """Run pytest on `tests` in `cwd`: wall seconds, exit code, CPU seconds in all and by name."""
    command = [str(ROOT / ".venv/bin/python"), "-m", "pytest", "-q", "-n", "0", "-p", "no:randomly"]
    started = time.monotonic()
    process = subprocess.Popen(
        [*command, *tests], cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT
    )
    seen: dict[str, tuple[float, str]] = {}  # pid → (last CPU seconds, name)
    tree = {str(process.pid)}
    while process.poll() is None:
        stats = {pid: s for pid in os.listdir("/proc") if pid.isdigit() and (s := _stat(pid))}
        grew = True
        while grew:  # a parent may be listed after its children
            grew = False
            for pid, (parent, _, _) in stats.items():
                if pid not in tree and str(parent) in tree:
                    tree.add(pid)
                    grew = True
        for pid in tree & stats.keys():
            seen[pid] = (stats[pid][1], seen[pid][1] if pid in seen else _kind(pid, stats[pid][2]))
        time.sleep(every)
    output = process.stdout.read().decode(errors="replace")
    wall = time.monotonic() - started
    by_name: dict[str, float] = {}
    for cpu, name in seen.values():
        by_name[name] = by_name.get(name, 0.0) + cpu
    return {
        "wall": wall,
        "rc": process.returncode,
        "cpu": sum(by_name.values()),
        "by_name": by_name,
        "tail": output.strip().splitlines()[-1:] if output.strip() else [],
        # (order started, kind, CPU seconds) of the largest: which tab is which renderer
        "largest": sorted(
            ((n, kind, cpu) for n, (cpu, kind) in enumerate(seen.values())), key=lambda t: -t[2]
        )[:10],
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("tests", nargs="*", default=LIVE_SCREENS, help="test ids (LIVE_SCREENS)")
    parser.add_argument("--before", help="a commit to measure against, alternating")
    parser.add_argument("--reps", type=int, default=1)
    parser.add_argument("--every", type=float, default=0.25)
    parser.add_argument("--largest", action="store_true", help="list the largest processes")
    args = parser.parse_args()
    sides = {"after": ROOT}
    if args.before:
        before = export(args.before)
        for shared in (".venv", "node_modules"):  # the same interpreter and axe-core
            (before / shared).symlink_to(ROOT / shared)
        sides = {"before": before, "after": ROOT}
    results: dict[str, list[dict]] = {side: [] for side in sides}
    for rep in range(args.reps):
        for side, cwd in sides.items():
            load = os.getloadavg()[0]
            result = run_measured(cwd, args.tests, args.every)
            results[side].append(result)
            top = sorted(result["by_name"].items(), key=lambda kv: -kv[1])[:4]
            print(
                f"{side} #{rep + 1}: CPU {result['cpu']:.1f} s, wall {result['wall']:.1f} s, "
                f"rc {result['rc']}, load {load:.1f} at start; "
                + ", ".join(f"{name} {cpu:.1f}" for name, cpu in top)
                + f" | {' '.join(result['tail'])}",
                flush=True,
            )
            if args.largest:
                print("  largest, by order started:", result["largest"], flush=True)
    for side, runs in results.items():
        cpus = [r["cpu"] for r in runs]
        print(f"{side}: CPU median {statistics.median(cpus):.1f} s of {len(cpus)} ({cpus})")


if __name__ == "__main__":
    main()
