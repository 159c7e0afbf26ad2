"""A classroom at once: the playground under 1 → 60 concurrent sessions.

Starts its own `streamlit run app.py` on a free loopback port (127.0.0.1 only) and talks to it
with Streamlit's own websocket protocol (/_stcore/stream, protobuf BackMsg/ForwardMsg), the
way the browser does: each session opens the playground from a link, then types changes to its
list (the text area's new value, as the browser sends it on Ctrl+Enter) with a pause between
changes, like a student reading the result. The browser's own drawing is left out: it runs on
each student's machine, not on the server (bench_playground.py times it in a real chromium).

Reported per level of concurrency: p50/p95 time from sending a typed change to the end of the
run that answers it (the new NDCG is in that run's messages, and is checked against ndcg_core),
and the server process's resident memory (VmRSS from /proc), total and per session above the
idle server.
Baseline: the same interaction with one session alone; the ratio p95(60)/p95(1) is printed.
Targets (2-core machine): p95 < 1.5 s at 60 sessions; memory per session < 30 MB.

Bounded: at most 60 sessions, ROUNDS changes each per level, and a global time limit.
The pace matters more than the head count: one app process runs every session's script under
one interpreter lock, so it answers about 1 / (rerun time) changes per second in all.

Run: PYTHONPATH=. .venv/bin/python bench/bench_load.py   (about 4 minutes)
     … bench_load.py --think 10,20 --levels 1,30,60 --rounds 4   (a calmer class)
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import subprocess
import sys
import time
from pathlib import Path

import numpy as np
import websockets
from streamlit.proto.BackMsg_pb2 import BackMsg
from streamlit.proto.ForwardMsg_pb2 import ForwardMsg
from streamlit.proto.WidgetStates_pb2 import WidgetState

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from devtools.appserver import start_app, stop_app  # noqa: E402
from ndcg_core import ndcg  # noqa: E402

LEVELS = (1, 15, 30, 45, 60)
ROUNDS = 6  # typed changes per session at each level
THINK = (2.0, 6.0)  # seconds a student looks at the result before the next change
TIME_LIMIT = 600.0  # the whole run, seconds
P95_TARGET, MB_TARGET = 1.5, 30.0


def start_server() -> tuple[subprocess.Popen, int]:
    process, url = start_app()
    return process, int(url.rsplit(":", 1)[1])


def rss_mb(pid: int) -> float:
    """Resident memory of one process (the server runs every session in this one process)."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    raise RuntimeError("no VmRSS")


def cpu_seconds(pid: int) -> float:
    """User + system CPU time the process has used (all its threads)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


class Session:
    """One student's tab: a websocket, the page's text-area id, and the list it shows."""

    def __init__(self, port: int, rng: random.Random) -> None:
        self.url = f"ws://127.0.0.1:{port}/_stcore/stream"
        self.rng = rng
        self.values = [rng.randint(0, 3) for _ in range(rng.randint(5, 20))]
        self.query = "rels=" + ",".join(map(str, self.values))
        self.ws = None
        self.text_area_id = ""
        self.wrong = 0

    async def _run(self, widgets=()) -> tuple[float, list[str]]:
        """Ask for a rerun; wait for its end; the time and the metric values it drew."""
        message = BackMsg()
        message.rerun_script.query_string = self.query
        message.rerun_script.page_name = "playground"
        message.rerun_script.widget_states.widgets.extend(widgets)
        started = time.perf_counter()
        await self.ws.send(message.SerializeToString())
        metrics = []
        while True:
            forward = ForwardMsg()
            forward.ParseFromString(await self.ws.recv())
            kind = forward.WhichOneof("type")
            if kind == "delta" and forward.delta.WhichOneof("type") == "new_element":
                element = forward.delta.new_element
                if element.WhichOneof("type") == "metric":
                    metrics.append(element.metric.body)
                elif element.WhichOneof("type") == "text_area" and not self.text_area_id:
                    self.text_area_id = element.text_area.id
            elif kind == "script_finished":
                return time.perf_counter() - started, metrics

    async def open(self) -> None:
        self.ws = await websockets.connect(self.url, subprotocols=["streamlit"], max_size=None)
        _, metrics = await self._run()
        self._check(metrics)

    async def type_change(self) -> float:
        """Change one value (or add one) and send the text as typed; returns the latency."""
        if self.rng.random() < 0.3 and len(self.values) < 30:
            self.values.append(self.rng.randint(0, 3))
        else:
            self.values[self.rng.randrange(len(self.values))] = self.rng.randint(0, 3)
        typed = ", ".join(map(str, self.values))
        latency, metrics = await self._run([WidgetState(id=self.text_area_id, string_value=typed)])
        self._check(metrics)
        return latency

    def _check(self, metrics: list[str]) -> None:
        # The first metric is NDCG: a session must see its own list's number, no one else's.
        if not metrics or metrics[0] != f"{ndcg(self.values):.4f}":
            self.wrong += 1

    async def close(self) -> None:
        await self.ws.close()


async def _student(session: Session, rounds: int, latencies: list[float]) -> None:
    for _ in range(rounds):
        await asyncio.sleep(session.rng.uniform(*THINK))
        latencies.append(await session.type_change())


async def bench(port: int, pid: int, levels: tuple[int, ...]) -> list[dict]:
    rng = random.Random(9)
    warm = Session(port, rng)  # the first run imports the page's modules
    await warm.open()
    await warm.type_change()
    await warm.close()
    await asyncio.sleep(2)
    idle_mb = rss_mb(pid)
    print(f"server idle after warm-up: {idle_mb:.0f} MB RSS")
    sessions: list[Session] = []
    rows = []
    for level in levels:
        new = [Session(port, random.Random(rng.random())) for _ in range(level - len(sessions))]
        opened = time.perf_counter()
        # A classroom opening the link within a few seconds, not in the same millisecond.
        for session in new:
            await asyncio.sleep(0.05)
            await session.open()
        sessions += new
        open_s = time.perf_counter() - opened
        latencies: list[float] = []
        busy, cpu = time.perf_counter(), cpu_seconds(pid)
        await asyncio.gather(*(_student(s, ROUNDS, latencies) for s in sessions))
        busy, cpu = time.perf_counter() - busy, cpu_seconds(pid) - cpu
        total = rss_mb(pid)
        row = {
            "sessions": level,
            "changes": len(latencies),
            "p50": float(np.percentile(latencies, 50)),
            "p95": float(np.percentile(latencies, 95)),
            "max": max(latencies),
            "rss": total,
            "per_session": (total - idle_mb) / level,
            "wrong": sum(s.wrong for s in sessions),
            "open_s": open_s,
            "rate": len(latencies) / busy,
            "cpu_ms": 1000 * cpu / len(latencies),
        }
        rows.append(row)
        print(
            f"{level:3d} sessions: {row['changes']:4d} changes ({row['rate']:4.1f}/s), "
            f"p50 {row['p50'] * 1000:6.0f} ms, "
            f"p95 {row['p95'] * 1000:6.0f} ms, max {row['max'] * 1000:6.0f} ms; server CPU "
            f"{row['cpu_ms']:4.0f} ms per change, "
            f"{total:5.0f} MB RSS, {row['per_session']:5.1f} MB per session; wrong numbers: "
            f"{row['wrong']}; {len(new)} opened in {open_s:.1f} s",
            flush=True,
        )
    for session in sessions:
        await session.close()
    return rows


def main() -> None:
    global ROUNDS, THINK
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--think", default=f"{THINK[0]:g},{THINK[1]:g}", help="min,max seconds")
    parser.add_argument("--levels", default=",".join(map(str, LEVELS)))
    parser.add_argument("--rounds", type=int, default=ROUNDS)
    args = parser.parse_args()
    THINK = tuple(float(x) for x in args.think.split(","))
    ROUNDS = min(args.rounds, 20)
    levels = tuple(min(int(x), max(LEVELS)) for x in args.levels.split(","))
    load = os.getloadavg()
    print(
        f"Load: {os.cpu_count()} cores, load average {load[0]:.1f} (the machine may be shared); "
        f"{ROUNDS} changes per session per level, {THINK[0]:g}–{THINK[1]:g} s between changes"
    )
    process, port = start_server()
    try:
        rows = asyncio.run(asyncio.wait_for(bench(port, process.pid, levels), TIME_LIMIT))
    finally:
        stop_app(process)
        process.wait(timeout=10)
    alone, full = rows[0], rows[-1]
    print(
        f"\np95 at {full['sessions']} sessions vs one session alone (baseline): "
        f"{full['p95'] * 1000:.0f} ms / {alone['p95'] * 1000:.0f} ms = "
        f"{full['p95'] / alone['p95']:.1f}×   (target p95 < {P95_TARGET:g} s: "
        f"{'met' if full['p95'] < P95_TARGET else 'NOT met'})"
    )
    print(
        f"memory per session at {full['sessions']}: {full['per_session']:.1f} MB   (target < "
        f"{MB_TARGET:g} MB: {'met' if full['per_session'] < MB_TARGET else 'NOT met'})"
    )
    print(f"later load average: {os.getloadavg()[0]:.1f}")
    if any(row["wrong"] for row in rows):
        raise SystemExit("Some session was shown a number that is not its own list's NDCG.")


if __name__ == "__main__":
    main()
