"""The classroom's store under a class answering at once, and under floods: 60 students answer one
question in two peer-instruction rounds, each within 10 s, through the store from threads; how
long does an answer take to write, and how long until the teacher's screen counts it? (The class
of 200 through nginx, with real websocket sessions, is bench_classroom.py.)

What runs, end to end:
- one real app server (`streamlit run app.py`) on a fresh SQLite file (the default database),
  and a real chromium showing the teacher's projector page for the room (the page refreshes its
  count with `st.fragment(run_every=1.5 s)`);
- the students, each in a thread of this process, write their answers through
  `classroom.store.Store.answer` into the same database file, as a second app process sharing
  the database would (the route a student's answer takes inside the server is that same call,
  after Streamlit has run the form's callback); each answers at a random moment in the 10 s.

Measured:
- **answer write**: the time `Store.answer` takes (one INSERT … SELECT … ON CONFLICT DO UPDATE,
  with its checks, committed), under the class's concurrency;
- **answer → projector**: from an answer's commit to the moment the projector's "Answered" count
  in the browser first reaches that answer's rank (a MutationObserver in the page stamps each
  change of the count with the wall clock this process shares);
- **fragment's reads**: the queries the projector's fragment makes on each refresh (answers,
  students, question) with 60 answers in, timed alone.

Round 2 begins (`Store.second_round`, what the teacher's button calls) once the projector has
counted every round-1 answer; the projector then counts round 2's answers from 0.
Baseline (same run): one student alone answering one round, same server and browser.
Targets, each round: p95 answer write ≤ 200 ms; p95 answer → projector ≤ 2.5 s.

With `--flood` (the limits in force: `rooms.ROOM_CAP` students a room, `rooms.JOINS_PER_MINUTE`
new ones a minute), three more scenarios, each against a baseline in the same run:
- **join flood**: while the class answers (the same 60 students, the same projector), one script
  joins the room as fast as it can through `Store.join` (what the student screen's Join button
  calls), and `--flooders` processes more do the same in parallel, each with `--threads`
  threads; a few real latecomers try to join meanwhile. Counted: joins that got in, refusals by
  message, the latecomers let in; measured: answer write and answer → projector, against the
  60-student run without the flood;
- **the room cap**: joins paced just under the per-minute limit on a clock that runs a minute
  every 0.6 s of its own (the count lives in the database, so only the clock is fast) until
  the room refuses them: how many got in, and the message;
- **teacher actions under an answer flood** (at about 180 answer writes a second, `pose` once
  took 8.7 s and `reveal` 6.6–7.8 s): `pose` and
  `reveal` timed, `--rounds` times each, while the same processes rewrite the answers of 200
  students to the current question as fast as they can, against the same actions with no
  flood.
The flooders run on this machine, so they take CPU from the app server too: the figures are a
pessimistic bound for a flood that arrives over the network.

Run: PYTHONPATH=. .venv/bin/python bench/bench_classroom_store.py   (about half a minute)
     … --students 120 --within 10   (a bigger class)
     … --postgres   (a throwaway PostgreSQL server from Debian's package instead of SQLite)
     … --flood      (and the flood scenarios; about a minute more)
"""

from __future__ import annotations

import argparse
import multiprocessing
import random
import re
import shutil
import sys
import tempfile
import threading
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from classroom import questions, rooms  # noqa: E402
from classroom.store import URL_VARIABLE, Closed, Refused, Store  # noqa: E402
from devtools.appserver import start_app, stop_app  # noqa: E402

WRITE_TARGET, PROJECTOR_TARGET = 0.200, 2.5  # seconds, p95
CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
QUESTION = questions.compare_question([3, 2, 0, 1], [2, 3, 0, 1])
# Records [wall-clock ms, count] each time the projector's first metric ("Answered") changes.
OBSERVE = """() => {
  window.__counts = [];
  const read = () => {
    const el = document.querySelector('[data-testid="stMetricValue"]');
    const text = el ? el.textContent : '';
    const m = text.match(/^(\\d+) of/);
    if (!m) return;
    const n = Number(m[1]);
    const last = window.__counts[window.__counts.length - 1];
    if (!last || last[1] !== n) window.__counts.push([Date.now(), n]);
  };
  new MutationObserver(read).observe(document.body,
    {subtree: true, childList: true, characterData: true});
  read();
}"""


def p(values, q: float) -> float:
    return float(np.percentile(values, q)) if len(values) else float("nan")


def run_class(
    store: Store,
    page,
    app_url: str,
    students: int,
    within: float,
    seed: int,
    flood=None,
    rounds: int = 1,
) -> dict:
    """One room, `students` joined, one question; each answers once at a random moment within
    `within` seconds, in each of `rounds` rounds (round 2 begins once the projector has counted
    every round-1 answer, as a teacher would start it). Returns the write times and the answer
    → projector delays (seconds) of each round, and of round 1 under "writes" and "delays".
    `flood(code)`, if given, starts once the class is in and returns a function that stops it
    and returns what it counted (under "flood")."""
    room = store.open_room()
    tokens = [store.join(room.code, f"Student {i}") for i in range(students)]
    store.pose(room.code, room.key, QUESTION)
    page.goto(f"{app_url}/classroom?room={room.code}&key={room.key}", timeout=60_000)
    stop_flood = flood(room.code) if flood else None
    rng = random.Random(seed)
    by_round = []
    for round in range(1, rounds + 1):
        if round == 2:
            store.second_round(room.code, room.key, 1)
        page.wait_for_function(
            "([n, r]) => document.body.innerText.includes(`Round ${r}:`) && "
            "[...document.querySelectorAll('[data-testid=\"stMetricValue\"]')]"
            ".some(e => e.textContent.trim() === `0 of ${n}`)",
            arg=[students, round],
            timeout=60_000,
        )
        page.evaluate(OBSERVE)
        by_round.append(answer_round(store, page, room.code, tokens, round, within, rng))
    flooded = stop_flood() if stop_flood else None
    reads = []
    for _ in range(50):
        began = time.perf_counter()
        store.answers(room.code, 1, rounds)
        store.students(room.code)
        store.question(room.code, 1)
        reads.append(time.perf_counter() - began)
    return {**by_round[0], "rounds": by_round, "reads": reads, "flood": flooded}


def answer_round(store: Store, page, code: str, tokens, round: int, within: float, rng) -> dict:
    """Every student answers question 1 in `round` at a random moment within `within` s."""
    start = time.time() + 0.5
    moments = sorted(start + rng.uniform(0, within) for _ in tokens)
    writes, commits, lock = [], [], threading.Lock()

    def student(token: str, at: float, pick: int) -> None:
        time.sleep(max(0.0, at - time.time()))
        began = time.perf_counter()
        store.answer(code, token, 1, questions.accept(QUESTION, pick), round=round)
        took = time.perf_counter() - began
        with lock:
            writes.append(took)
            commits.append(time.time())

    threads = [
        threading.Thread(target=student, args=(t, at, rng.randrange(2)))
        for t, at in zip(tokens, moments)
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    students = len(tokens)
    page.wait_for_function(
        "n => (window.__counts.at(-1) || [0, -1])[1] === n", arg=students, timeout=30_000
    )
    counts = page.evaluate("window.__counts")
    assert store.count(code, 1, round) == students
    delays = []
    for rank, committed in enumerate(sorted(commits), start=1):
        shown = next(ms / 1000 for ms, n in counts if n >= rank and ms / 1000 >= committed - 0.05)
        delays.append(max(0.0, shown - committed))
    return {"writes": writes, "delays": delays}


# ---------------------------------------------------------------------------------------------
# Floods: processes of their own (as separate scripts would be), each with threads
# ---------------------------------------------------------------------------------------------


def _gist(error: Exception) -> str:
    """A refusal's message with its numbers and code blanked, so the same refusal counts once."""
    return re.sub(r"[A-Z0-9]{4}-[A-Z0-9]{4}", "CODE", re.sub(r"\d+ s\b", "N s", str(error)))


def _join_as_fast_as_possible(url: str, code: str, threads: int, stop, out) -> None:
    store = Store(url)
    counts: dict[str, int] = {}
    lock = threading.Lock()

    def loop() -> None:
        while not stop.is_set():
            try:
                store.join(code, "bot")
                key = "in"
            except (Refused, Closed) as error:
                key = _gist(error)
            with lock:
                counts[key] = counts.get(key, 0) + 1

    workers = [threading.Thread(target=loop) for _ in range(threads)]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join()
    store.dispose()
    out.put(counts)


def _answer_as_fast_as_possible(url: str, code: str, tokens: list[str], stop, out) -> None:
    store = Store(url)
    written = [0]
    lock = threading.Lock()

    def loop(mine: list[str]) -> None:
        rng, number = random.Random(len(mine)), 0
        while not stop.is_set():
            number = number or (store.find(code).current or 0)
            if not number:
                continue
            try:
                store.answer(code, rng.choice(mine), number, questions.Given(str(rng.randrange(2))))
                with lock:
                    written[0] += 1
            except Closed:  # revealed, or a new question: answer the current one
                number = 0
                time.sleep(0.001)

    share = [tokens[i::4] for i in range(4)]
    workers = [threading.Thread(target=loop, args=(mine,)) for mine in share if mine]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join()
    store.dispose()
    out.put({"answers written": written[0]})


class Flood:
    """`processes` processes running `target(url, code, …, stop, out)` until stopped; what
    they counted, summed, and the seconds they ran."""

    def __init__(self, target, url: str, code: str, extra, processes: int):
        context = multiprocessing.get_context("spawn")
        self.stop, self.out = context.Event(), context.Queue()
        self.workers = [
            context.Process(target=target, args=(url, code, extra(i), self.stop, self.out))
            for i in range(processes)
        ]
        self.began = time.perf_counter()
        for worker in self.workers:
            worker.start()

    def end(self) -> dict:
        self.stop.set()
        totals: dict[str, float] = {}
        for _ in self.workers:
            for key, n in self.out.get(timeout=120).items():
                totals[key] = totals.get(key, 0) + n
        for worker in self.workers:
            worker.join(timeout=60)
        totals["seconds"] = time.perf_counter() - self.began
        return totals


def join_flood(url: str, store: Store, flooders: int, threads: int, latecomers: int):
    """A `flood(code)` for run_class: process 0 is the one script joining as fast as it can
    (one thread); the other `flooders` run `threads` threads each. Real latecomers try to join
    meanwhile, one every second."""

    def start(code: str):
        flood = Flood(
            _join_as_fast_as_possible,
            url,
            code,
            lambda i: 1 if i == 0 else threads,
            flooders + 1,
        )
        let_in, refused = [], []

        def latecomer_tries() -> None:
            for i in range(latecomers):
                time.sleep(1.0)
                try:
                    store.join(code, f"Latecomer {i}")
                    let_in.append(i)
                except Refused as error:
                    refused.append(_gist(error))

        late = threading.Thread(target=latecomer_tries)
        late.start()

        def stop() -> dict:
            late.join()
            counted = flood.end()
            counted["latecomers in"] = len(let_in)
            counted["latecomers refused"] = refused
            return counted

        return stop

    return start


def room_cap(url: str) -> dict:
    """Joins paced under the per-minute limit on a fast clock until the room refuses them."""
    fast = {"t": time.time()}

    def clock() -> float:
        return fast["t"]

    store = Store(url, clock=clock)
    room = store.open_room(48)
    counts: dict[str, int] = {}
    for _ in range(rooms.ROOM_CAP + 100):
        fast["t"] += rooms.JOIN_WINDOW / (rooms.JOINS_PER_MINUTE * 0.9)
        try:
            store.join(room.code, "bot")
            key = "in"
        except Refused as error:
            key = _gist(error)
        counts[key] = counts.get(key, 0) + 1
    store.dispose()
    return counts


def teacher_actions(url: str, flooders: int, rounds: int, flooded: bool) -> dict:
    """`pose` and `reveal` timed `rounds` times in a room of 200 students, with or without
    `flooders` processes rewriting those students' answers to the current question."""
    fast = {"t": time.time()}
    setup = Store(url, clock=lambda: fast["t"])
    room = setup.open_room(48)
    tokens = []
    for i in range(200):
        fast["t"] += 1.0  # 60 joins a "minute": under the limit, on a clock of its own
        tokens.append(setup.join(room.code, f"Student {i}"))
    setup.dispose()
    store = Store(url)
    flood = (
        Flood(
            _answer_as_fast_as_possible,
            url,
            room.code,
            lambda i: tokens[i::flooders],
            flooders,
        )
        if flooded
        else None
    )
    poses, reveals = [], []
    for i in range(rounds):
        question = questions.compare_question([3, 2, 0, i % 3 + 1], [2, 3, 0, 1])
        began = time.perf_counter()
        number = store.pose(room.code, room.key, question)
        poses.append(time.perf_counter() - began)
        time.sleep(1.0)  # answers arrive
        began = time.perf_counter()
        store.reveal(room.code, room.key, number)
        reveals.append(time.perf_counter() - began)
    counted = flood.end() if flood else {}
    answered = sum(store.count(room.code, n) for n in range(1, rounds + 1))
    store.dispose()
    return {"pose": poses, "reveal": reveals, "flood": counted, "answered": answered}


def report(name: str, result: dict) -> None:
    w, d, r = result["writes"], result["delays"], result["reads"]
    print(
        f"{name:<28} answers {len(w):>3} · write p50 {p(w, 50) * 1000:6.1f} ms p95 "
        f"{p(w, 95) * 1000:6.1f} ms max {max(w) * 1000:6.1f} ms · answer → projector p50 "
        f"{p(d, 50):4.2f} s p95 {p(d, 95):4.2f} s max {max(d):4.2f} s · fragment's reads p95 "
        f"{p(r, 95) * 1000:5.1f} ms"
    )


def report_flood(counted: dict) -> None:
    seconds = counted.pop("seconds")
    late_in, late_refused = counted.pop("latecomers in"), counted.pop("latecomers refused")
    tried = sum(counted.values())
    print(
        f"  the flood: {tried:,.0f} joins tried in {seconds:.1f} s ({tried / seconds:,.0f}/s), "
        f"{counted.pop('in', 0):,.0f} got in"
    )
    for message, n in sorted(counted.items(), key=lambda item: -item[1]):
        print(f"    refused {n:>7,.0f}×: {message}")
    print(f"  real latecomers (one a second): {late_in} let in, {len(late_refused)} refused")
    for message in sorted(set(late_refused)):
        print(f"    refused: {message}")


def report_teacher(name: str, result: dict) -> None:
    pose, reveal, flood = result["pose"], result["reveal"], result["flood"]
    rate = (
        f" · flood {flood['answers written'] / flood['seconds']:,.0f} answer writes/s"
        if flood
        else ""
    )
    print(
        f"{name:<28} pose p50 {p(pose, 50) * 1000:7.1f} ms max {max(pose) * 1000:7.1f} ms · "
        f"reveal p50 {p(reveal, 50) * 1000:7.1f} ms max {max(reveal) * 1000:7.1f} ms{rate}"
    )


def a_database(postgres: bool, folder: Path):
    """(URL, what it is, the PostgreSQL server to stop or None): a fresh SQLite file in
    `folder`, or a throwaway PostgreSQL server ((None, …) when none can start here)."""
    if not postgres:
        return f"sqlite:///{folder / 'classroom.sqlite3'}", "SQLite (WAL) in a file", None
    from devtools.postgres import start_postgres, unavailable

    if unavailable():
        print(f"No PostgreSQL here: {unavailable()}.")
        return None, None, None
    server = start_postgres()
    return server.url, "PostgreSQL (throwaway local server)", server


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--students", type=int, default=60)
    parser.add_argument("--within", type=float, default=10.0, help="seconds")
    parser.add_argument("--postgres", action="store_true", help="a throwaway PostgreSQL server")
    parser.add_argument("--flood", action="store_true", help="and the flood scenarios")
    parser.add_argument("--flooders", type=int, default=4, help="processes beside the one script")
    parser.add_argument("--threads", type=int, default=4, help="threads in each of them")
    parser.add_argument("--rounds", type=int, default=5, help="pose + reveal, timed")
    args = parser.parse_args()

    from playwright.sync_api import sync_playwright

    folder = Path(tempfile.mkdtemp(prefix="bench-classroom-"))
    url, database, server = a_database(args.postgres, folder)
    if url is None:
        return 1
    store = Store(url)
    process, app_url = start_app(env={URL_VARIABLE: url})
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(
                executable_path=CHROMIUM, args=["--headless", "--no-sandbox", "--disable-gpu"]
            )
            page = browser.new_page(viewport={"width": 1280, "height": 720})
            page.goto(app_url, timeout=60_000)  # a fresh server's first session: home first
            page.wait_for_selector('[data-testid="stApp"]', timeout=60_000)
            baseline = run_class(store, page, app_url, 1, 2.0, seed=1)
            loaded = run_class(store, page, app_url, args.students, args.within, seed=2, rounds=2)
            if args.flood:
                flood = join_flood(url, store, args.flooders, args.threads, int(args.within) - 1)
                flooded = run_class(
                    store, page, app_url, args.students, args.within, seed=2, flood=flood
                )
            browser.close()
        if args.flood:
            cap = room_cap(url)
            calm = teacher_actions(url, args.flooders, args.rounds, flooded=False)
            stormy = teacher_actions(url, args.flooders, args.rounds, flooded=True)
    finally:
        stop_app(process)
        store.dispose()
        if server is not None:
            server.stop()
        shutil.rmtree(folder, ignore_errors=True)

    print(f"database: {database}; projector: real chromium, its count refreshed every 1.5 s")
    report("baseline: 1 student alone", baseline)
    for round, result in enumerate(loaded["rounds"], start=1):
        report(f"{args.students} students, round {round}", {**result, "reads": loaded["reads"]})
    if args.flood:
        report("the same, with a join flood", flooded)
        print(
            f"  flooders: 1 script (1 thread) + {args.flooders} processes × {args.threads} "
            f"threads; limits: {rooms.ROOM_CAP} a room, {rooms.JOINS_PER_MINUTE} a minute"
        )
        report_flood(flooded["flood"])
        print(
            f"the room cap: {cap.pop('in', 0)} got in, then "
            + "; ".join(f"{n}× {message}" for message, n in cap.items())
        )
        report_teacher("teacher, no flood (baseline)", calm)
        report_teacher(f"teacher, {args.flooders} answer flooders", stormy)
    write95 = max(p(r["writes"], 95) for r in loaded["rounds"])
    delay95 = max(p(r["delays"], 95) for r in loaded["rounds"])
    ok = write95 <= WRITE_TARGET and delay95 <= PROJECTOR_TARGET
    print(
        f"targets, each round: write p95 ≤ {WRITE_TARGET * 1000:.0f} ms (worst round "
        f"{write95 * 1000:.1f}), answer → projector p95 ≤ {PROJECTOR_TARGET} s (worst round "
        f"{delay95:.2f}): {'met' if ok else 'NOT met'}"
    )
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
