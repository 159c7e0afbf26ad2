"""The live classroom under a class of 200, through `make serve`: do 200 students join within a
minute, answer two peer-instruction rounds with every answer kept, and see the projector count
each answer within 2 s (p95)?

What runs, end to end (nothing is simulated inside the server):
- `deploy/serve.py` (what `make serve` runs) with 2 app processes behind nginx, on free loopback
  ports, sharing one SQLite file (the default database; `--postgres`: a throwaway PostgreSQL);
- every student is a real Streamlit websocket session through nginx (Streamlit 1.67's own
  protobufs, as the browser speaks them), with a route cookie of its own, so nginx spreads the
  class over both processes as it spreads browsers. Each opens the join link, types its name in
  the join form and presses Join (the form's callback joins; "wait" answers are retried), then
  runs its screen's fragments as the browser does (the round panel's 2-second tick, sent back
  with the fragment's id), and answers each round through the answer form at a random moment
  2–15 s after the round reaches its screen;
- the projector is the audience screen's link, its fragment rerunning every second; the
  teacher's moves (pose, round 2, reveal) are the store's calls the teacher's buttons make.

Measured, for each round:
- **answer → projector**: from an answer's send to the first projector refresh whose count
  includes it (the k-th answer confirmed is included once the count reaches k), p50/p95/max;
- **round trip**: the answer's send to its "Your answer is in";
- **round change → phones**: the teacher's move to each phone's screen showing the new round
  (once 200 full reruns of the round-2 screen landing in the same 2 s and nearly saturating
  the 2 cores; today one small fragment redraw per phone);
- **kept**: answers in the database / confirmed / sent;
- **joins**: how long the class took to get in, and how many "wait"s;
- the server's CPU (both app processes and nginx, % of one core, sampled every second) and
  its resident memory.
Target: 200 joined well within a minute; every answer kept; answer → projector p95 ≤ 2 s.
The load generator runs on the same cores as the server: the figures are pessimistic.

Run:  PYTHONPATH=. .venv/bin/python bench/bench_classroom.py                 (about 2 minutes)
      … --students 100 --processes 2       (a smaller class)
      … --postgres                          (PostgreSQL instead of SQLite)
      … --before fa77d36                    (the baseline: the classroom before issue 33, the
                                             same class through its own `make serve`)
The store alone under floods (threads calling it, a chromium on the teacher's screen):
bench_classroom_store.py.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import re
import shutil
import sys
import tempfile
import time
import uuid
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np
import websockets
from streamlit.proto.BackMsg_pb2 import BackMsg
from streamlit.proto.ForwardMsg_pb2 import ForwardMsg
from streamlit.proto.WidgetStates_pb2 import WidgetState

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench.bench_classroom_store import a_database  # noqa: E402
from bench.bench_proxy import descendants  # noqa: E402
from classroom import questions, rooms  # noqa: E402
from classroom.store import URL_VARIABLE, Store  # noqa: E402
from devtools.deployserver import start_deployment  # noqa: E402

PROJECTOR_TARGET = 2.0  # seconds, p95 answer → projector
JOIN_TARGET = 60.0  # seconds for the whole class to get in
QUESTION = questions.compare_question([3, 2, 0, 1], [2, 3, 0, 1])
ANSWER_AFTER = (2.0, 15.0)  # seconds after its round reaches a phone
COUNT = re.compile(r'role="status">(\d+) of (\d+)</p>')


def p(values, q: float) -> float:
    return float(np.percentile(values, q)) if len(values) else float("nan")


def most(values) -> float:
    return max(values, default=float("nan"))


# ---------------------------------------------------------------------------------------------
# One screen: a Streamlit session over its websocket, as the browser runs it
# ---------------------------------------------------------------------------------------------


@dataclass
class Screen:
    """A browser tab on the classroom page: its websocket, what the last runs drew, and the
    fragments it reruns on their timers."""

    url: str
    query: str
    route: str = field(default_factory=lambda: uuid.uuid4().hex)
    ws: object = None
    widgets: dict = field(default_factory=dict)  # label → element (the latest drawn)
    texts: list = field(default_factory=list)  # markdown bodies of the latest messages
    fragments: dict = field(default_factory=dict)  # fragment id → interval
    registered: dict = field(default_factory=dict)  # the timers the run under way has set
    fragment_of: dict = field(default_factory=dict)  # widget label → the fragment that drew it
    finished: asyncio.Event = field(default_factory=asyncio.Event)
    running: bool = False
    stalls: int = 0
    page: str = ""  # the page's script hash, once the server has said it (as the browser keeps)
    on_text: object = None  # called with each markdown body as it arrives

    async def open(self) -> None:
        self.ws = await websockets.connect(
            self.url,
            subprotocols=["streamlit"],
            max_size=None,
            additional_headers={"Cookie": f"ndcg_route={self.route}"},
            open_timeout=60,
            ping_interval=None,
        )
        asyncio.get_running_loop().create_task(self._read())
        await self.run()

    async def _read(self) -> None:
        try:
            async for raw in self.ws:
                message = ForwardMsg()
                message.ParseFromString(raw)
                kind = message.WhichOneof("type")
                if kind == "new_session":
                    self.registered = {}
                elif kind == "navigation":
                    self.page = message.navigation.page_script_hash or self.page
                elif kind == "page_info_changed":
                    self.query = message.page_info_changed.query_string
                elif kind == "auto_rerun":
                    self.fragments[message.auto_rerun.fragment_id] = message.auto_rerun.interval
                    self.registered[message.auto_rerun.fragment_id] = message.auto_rerun.interval
                elif kind == "stop_auto_rerun":
                    for gone in message.stop_auto_rerun.fragment_ids:
                        self.fragments.pop(gone, None)
                elif kind == "script_finished":
                    # A whole run that finished keeps the timers it set, as the browser does;
                    # a fragment's run keeps them all.
                    if message.script_finished == ForwardMsg.FINISHED_SUCCESSFULLY:
                        self.fragments = dict(self.registered)
                    self.running = False
                    self.finished.set()
                elif kind == "delta" and message.delta.WhichOneof("type") == "new_element":
                    self._element(message.delta.new_element, message.delta.fragment_id)
        except websockets.ConnectionClosed:
            pass

    def _element(self, element, fragment: str) -> None:
        kind = element.WhichOneof("type")
        if kind in ("button", "radio", "text_input"):
            widget = getattr(element, kind)
            self.widgets[widget.label] = widget
            # A widget drawn by a fragment reruns that fragment alone, as in the browser.
            self.fragment_of[widget.label] = fragment
        elif kind == "metric" and self.on_text:  # the count as the screens before 33 drew it
            self.on_text(f'role="status">{element.metric.body}</p>')
        elif kind in ("markdown", "alert"):
            body = element.markdown.body if kind == "markdown" else element.alert.body
            self.texts.append(body)
            del self.texts[:-60]
            if self.on_text:
                self.on_text(body)

    async def run(self, widgets=(), fragment: str = "", auto: bool = False) -> None:
        """Ask for a run (the whole script, or one fragment) and wait for it to finish."""
        message = BackMsg()
        state = message.rerun_script
        state.query_string = self.query
        state.page_name = "classroom"
        state.page_script_hash = self.page
        state.widget_states.widgets.extend(widgets)
        if fragment:
            state.fragment_id = fragment
            state.is_auto_rerun = auto
        self.finished.clear()
        self.running = True
        await self.ws.send(message.SerializeToString())
        try:
            await asyncio.wait_for(self.finished.wait(), 60)
        except TimeoutError:
            self.stalls += 1

    async def tick_forever(self) -> None:
        """The browser's fragment timers: each fragment is rerun at its interval (not while a
        run is under way: the browser queues it, so does this), until the tab closes."""
        try:
            while True:
                interval = min(self.fragments.values(), default=1.0)
                await asyncio.sleep(interval)
                for fragment in list(self.fragments):
                    if not self.running:
                        await self.run(fragment=fragment, auto=True)
        except websockets.ConnectionClosed:
            return

    def said(self, text: str) -> bool:
        return any(text in body for body in self.texts)

    async def close(self) -> None:
        await self.ws.close()


# ---------------------------------------------------------------------------------------------
# A student and the projector
# ---------------------------------------------------------------------------------------------


@dataclass
class Student:
    screen: Screen
    name: str
    rng: random.Random
    joined: float | None = None
    waits: int = 0
    round_seen: dict = field(default_factory=dict)  # round → when its screen showed it
    sent: dict = field(default_factory=dict)  # round → when the answer was sent
    confirmed: dict = field(default_factory=dict)  # round → when "Your answer is in" came
    refused: dict = field(default_factory=dict)  # round → what the screen said instead

    def watch(self, body: str) -> None:
        now = time.time()
        for round in (1, 2):
            if f"Round {round}:" in body and round not in self.round_seen:
                self.round_seen[round] = now

    async def join(self, code: str) -> None:
        self.screen.on_text = self.watch
        began = time.time()
        await self.screen.open()
        while "student=" not in self.screen.query:
            states = [
                WidgetState(id=self.screen.widgets["Class code"].id, string_value=code),
                WidgetState(
                    id=self.screen.widgets["Your name (optional)"].id, string_value=self.name
                ),
                WidgetState(id=self.screen.widgets["Join"].id, trigger_value=True),
            ]
            self.screen.texts.clear()
            await self.screen.run(states)
            if "student=" not in self.screen.query:
                # Told to wait (the minute's joins): wait as long as said, as a student would.
                said = " ".join(self.screen.texts)
                wait = re.search(r"wait (\d+) s", said)
                self.waits += 1
                await asyncio.sleep((int(wait.group(1)) if wait else 1) + self.rng.random())
        self.joined = time.time() - began
        asyncio.get_running_loop().create_task(self.screen.tick_forever())

    async def answer(self, round: int) -> None:
        while round not in self.round_seen:
            await asyncio.sleep(0.05)
        await asyncio.sleep(self.rng.uniform(*ANSWER_AFTER))
        send, label = "Send my answer", "Your answer" if round == 1 else "Your answer now"
        while send not in self.screen.widgets or label not in self.screen.widgets:
            await asyncio.sleep(0.1)
        radio = self.screen.widgets[label]
        fragment = self.screen.fragment_of.get(label, "")
        states = [
            WidgetState(id=radio.id, string_value=radio.options[self.rng.randrange(2)]),
            WidgetState(id=self.screen.widgets[send].id, trigger_value=True),
        ]
        while self.screen.running:  # a tick under way: the answer goes after it, as in a tab
            await asyncio.sleep(0.02)
        self.screen.texts.clear()
        self.sent[round] = time.time()
        # Inside the round panel: the browser sends it as that fragment's run.
        await self.screen.run(states, fragment=fragment)
        if self.screen.said("Your answer is in"):
            self.confirmed[round] = time.time()
        else:  # what the screen said instead
            self.refused[round] = " ".join(self.screen.texts)[-160:]


@dataclass
class Projector:
    screen: Screen
    counts: list = field(default_factory=list)  # (when, count) at each change

    def watch(self, body: str) -> None:
        found = COUNT.search(body)
        if found:
            n = int(found.group(1))
            if not self.counts or self.counts[-1][1] != n:
                self.counts.append((time.time(), n))

    async def open(self) -> None:
        self.screen.on_text = self.watch
        await self.screen.open()
        asyncio.get_running_loop().create_task(self.screen.tick_forever())


# ---------------------------------------------------------------------------------------------
# The server's processes: CPU and memory
# ---------------------------------------------------------------------------------------------


def cpu_and_rss(pids: list[int]) -> tuple[float, float]:
    """CPU seconds so far and resident MB of these processes."""
    ticks, rss = 0, 0
    for pid in pids:
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
            status = Path(f"/proc/{pid}/status").read_text()
        except OSError:
            continue
        ticks += int(fields[11]) + int(fields[12])
        rss += next(
            int(line.split()[1]) for line in status.splitlines() if line.startswith("VmRSS")
        )
    return ticks / os.sysconf("SC_CLK_TCK"), rss / 1024


async def sample(pids: list[int], out: list) -> None:
    """(when, % of one core over the last second, RSS MB), every second."""
    last_cpu, last = cpu_and_rss(pids)[0], time.time()
    while True:
        await asyncio.sleep(1.0)
        cpu, rss = cpu_and_rss(pids)
        now = time.time()
        out.append((now, 100 * (cpu - last_cpu) / (now - last), rss))
        last_cpu, last = cpu, now


# ---------------------------------------------------------------------------------------------
# The class
# ---------------------------------------------------------------------------------------------


def latencies(students: list[Student], round: int, counts: list) -> dict:
    confirmed = sorted(
        (s.confirmed[round], s.sent[round]) for s in students if round in s.confirmed
    )
    delays = []
    for rank, (_, sent) in enumerate(confirmed, start=1):
        shown = next((at for at, n in counts if n >= rank and at >= sent), None)
        delays.append(float("inf") if shown is None else shown - sent)
    trips = [s.confirmed[round] - s.sent[round] for s in students if round in s.confirmed]
    return {"delays": delays, "trips": trips, "confirmed": len(confirmed)}


async def a_class(
    ws_url: str,
    store: Store,
    n: int,
    seed: int,
    pids: list[int],
    join_over: float,
    before: bool = False,
) -> dict:
    rng = random.Random(seed)
    room = store.open_room()
    code = room.code
    # Before issue 33 the projector was the teacher's link in presenter view.
    seen_by = (
        f"room={code}&key={room.key}&present=1"
        if before
        else f"room={code}&projector={rooms.projector_token(room.key)}"
    )
    projector = Projector(Screen(ws_url, seen_by))
    await projector.open()
    students = [
        Student(Screen(ws_url, f"room={code}"), f"Student {i}", random.Random(rng.random()))
        for i in range(n)
    ]
    cpu: list = []
    sampler = asyncio.get_running_loop().create_task(sample(pids, cpu))
    own = time.process_time(), time.time()
    marks = {"joins": time.time()}

    async def arrive(student: Student, delay: float) -> None:
        await asyncio.sleep(delay)
        await student.join(code)

    # The class walks in over `join_over` seconds (a lecture hall scanning the QR code).
    await asyncio.gather(*(arrive(s, rng.uniform(0, join_over)) for s in students))
    marks["joined"] = time.time()
    results = {}
    for round in (1, 2):
        projector.counts.clear()
        marks[f"round{round}"] = time.time()
        if round == 1:
            store.pose(room.code, room.key, QUESTION)
        else:
            store.second_round(room.code, room.key, 1)
        await asyncio.gather(*(s.answer(round) for s in students))
        # Wait until the projector has counted every answer (or 20 s more).
        deadline = time.time() + 20
        while time.time() < deadline and (not projector.counts or projector.counts[-1][1] < n):
            await asyncio.sleep(0.2)
        began = marks[f"round{round}"]
        results[round] = {
            **latencies(students, round, list(projector.counts)),
            "sent": sum(1 for s in students if round in s.sent),
            "kept": store.count(room.code, 1, round),
            "seen": [s.round_seen[round] - began for s in students if round in s.round_seen],
            "refused": [s.refused[round] for s in students if round in s.refused],
            "window": (began, time.time()),
        }
    marks["end"] = time.time()
    store.reveal(room.code, room.key, 1)
    await asyncio.sleep(3)
    sampler.cancel()
    for screen in [projector.screen, *(s.screen for s in students)]:
        await screen.close()
    return {
        "rounds": results,
        "joins": [s.joined for s in students],
        "waits": sum(s.waits for s in students),
        "joined_in": marks["joined"] - marks["joins"],
        "cpu": cpu,
        "stalls": sum(s.screen.stalls for s in students),
        "students": n,
        "join_over": join_over,
        # This load generator's own CPU (its 200 sessions' protobufs), % of one core.
        "client": 100 * (time.process_time() - own[0]) / (time.time() - own[1]),
    }


def report(result: dict) -> bool:
    n = result["students"]
    joins = result["joins"]
    print(
        f"{n} students joined in {result['joined_in']:.1f} s (arriving over the first "
        f"{result['join_over']:.0f} s; "
        f"join p50 {p(joins, 50):.1f} s, p95 {p(joins, 95):.1f} s, max {most(joins):.1f} s); "
        f"{result['waits']} 'wait' answers"
    )
    ok = result["joined_in"] <= JOIN_TARGET
    for round, r in result["rounds"].items():
        d, trips, seen = r["delays"], r["trips"], r["seen"]
        begin, end = r["window"]
        during = [c for at, c, _ in result["cpu"] if begin <= at <= end]
        print(
            f"round {round}: kept {r['kept']} / confirmed {r['confirmed']} / sent {r['sent']}; "
            f"round change → phones p50 {p(seen, 50):.2f} s p95 {p(seen, 95):.2f} s max "
            f"{most(seen):.2f} s; answer round trip p50 {p(trips, 50):.2f} s p95 "
            f"{p(trips, 95):.2f} s; answer → projector p50 {p(d, 50):.2f} s p95 "
            f"{p(d, 95):.2f} s max {most(d):.2f} s; server CPU p50 {p(during, 50):.0f} % "
            f"p95 {p(during, 95):.0f} % max {max(during, default=0):.0f} % of one core"
        )
        for said in sorted(set(r["refused"]))[:3]:
            print(f"  not confirmed ({r['refused'].count(said)}×): …{said}")
        ok &= r["kept"] == r["confirmed"] == r["sent"] == n and p(d, 95) <= PROJECTOR_TARGET
    rss = [m for _, _, m in result["cpu"]]
    print(
        f"server memory (2 app processes + nginx): {min(rss):.0f}–{max(rss):.0f} MB; fragment "
        f"runs that took over a minute: {result['stalls']}; the load generator's own CPU "
        f"{result['client']:.0f} % of one core"
    )
    print(
        f"targets: joined within {JOIN_TARGET:.0f} s, every answer kept, answer → projector "
        f"p95 ≤ {PROJECTOR_TARGET} s: {'met' if ok else 'NOT met'}"
    )
    return ok


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--students", type=int, default=200)
    parser.add_argument("--processes", type=int, default=2)
    parser.add_argument(
        "--join-over", type=float, default=20.0, help="seconds the class arrives over"
    )
    parser.add_argument("--postgres", action="store_true", help="a throwaway PostgreSQL server")
    parser.add_argument(
        "--before",
        default="",
        help="measure commit REV's classroom instead (e.g. fa77d36, before issue 33): its code "
        "exported from git, served the same way, the same class",
    )
    args = parser.parse_args()

    folder = Path(tempfile.mkdtemp(prefix="bench-classroom-"))
    url, database, server = a_database(args.postgres, folder)
    if url is None:
        return 1
    os.environ[URL_VARIABLE] = url  # the deployment's app processes inherit it
    store = Store(url)
    if args.before:
        from bench.baseline import export
        from devtools import deployserver

        exported = export(args.before)
        deployserver.SERVE = exported / "deploy" / "serve.py"  # its own app.py, its own pages
    deployment = start_deployment(processes=args.processes)
    try:
        pids = descendants(deployment.process.pid)
        ws_url = deployment.url.replace("http://", "ws://") + "/_stcore/stream"
        # A fresh server's first session registers the pages: open one and let it finish.
        asyncio.run(_warm(ws_url))
        result = asyncio.run(
            a_class(
                ws_url,
                store,
                args.students,
                7,
                pids,
                args.join_over,
                before=bool(args.before),
            )
        )
    finally:
        deployment.stop()
        store.dispose()
        if server is not None:
            server.stop()
        shutil.rmtree(folder, ignore_errors=True)
        if args.before:
            shutil.rmtree(exported, ignore_errors=True)
    code = f"commit {args.before}" if args.before else "this code"
    print(
        f"{code}; database: {database}; {args.processes} app processes behind nginx; every "
        f"student a websocket session; load average at the end {os.getloadavg()[0]:.1f}"
    )
    return 0 if report(result) else 1


async def _warm(ws_url: str) -> None:
    screen = Screen(ws_url, "")
    await screen.open()
    await screen.close()


if __name__ == "__main__":
    sys.exit(main())
