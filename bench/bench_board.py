"""The ranking board (ui/board/) in Debian's chromium: how fast a move answers, and the drag's
frame rate.

1. Moves. On Home and on /playground, with 20 and with 1,000 items, with the server idle and
   with the server busy, each kind of move is made `--rounds` times, one after another with a random pause of 0 to `--pace` s (default 0.3 s) after each: a learner clicking in
   quick succession, so that moves land while the previous move's rerun runs and while the
   page redraws after it (the board sends its order once moves pause for 250 ms): a keyboard
   pick-up (Space), an arrow while the
   card is held, a drop (Space), a mouse drag-and-drop, and each of the board's eight buttons.
   Each is timed by the board's own performance measures ("board-move", "board-pickup",
   "board-preview": board.js), read here with a PerformanceObserver this benchmark adds to the
   page (INSTRUMENT; the board ships no benchmark code): from the input event's timestamp to
   the first animation frame after the board changed ("frame"), and to the next frame the
   page drew after that ("painted", by which time that frame is on screen, from the
   benchmark's own requestAnimationFrame loop). Target: p95 ≤ 50 ms.
2. The preview's frame rate during a 2-second mouse drag of a 20-item list on /playground: the
   page's animation frames (the benchmark's own loop) while the card is held. Target: ≥ 50 fps.

"Busy" is a server whose every rerun is held for `--busy-ms` (default 500 ms) before the script
runs: this script starts `streamlit run` through a wrapper (SLOWED below) that delays
ScriptRunner._run_script. The app has no such switch; only this benchmark's own server start
does it, so no user can hit it.

Baselines in the same run:
- the minimal Streamlit page's round trip (a button and a number: click → new number on screen);
- the code before the board (`--before`, default the merge's first parent): its
  bench/bench_playground.py, run from a `git archive` export in /tmp, gives the drag (of the
  streamlit-sortables iframe) → new NDCG on screen and → whole page updated on /playground.

Run: PYTHONPATH=. .venv/bin/python bench/bench_board.py [--rounds 200] [--before REV]
     [--pages home,playground] [--sizes 20,1000] [--servers idle,busy] [--pace 0.3]
"""

from __future__ import annotations

import argparse
import itertools
import math
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from playwright.sync_api import Error as PlaywrightError  # noqa: E402

from bench.baseline import run_at  # noqa: E402
from devtools.appserver import free_port, stop_app, wait_until_healthy  # noqa: E402
from devtools.chromium import CHROMIUM, CHROMIUM_ARGS  # noqa: E402

BEFORE = "b811992"  # main just before the board's merge (its first parent)
SIZES = (20, 1000)
PAGES = {"home": "/", "playground": "/playground"}
KINDS = (
    "keyboard pick-up",
    "keyboard arrow",
    "keyboard drop",
    "mouse drop",
    "⭐ Ideal",
    "👎 Worst",
    "🔃 Reverse",
    "🎲 Shuffle",
    "Up",
    "Down",
    "Top",
    "End",
)

# `streamlit run` with every rerun held for NDCG_BENCH_RERUN_DELAY_MS first (read only here).
SLOWED = """
import os, sys, time
from streamlit.runtime.scriptrunner.script_runner import ScriptRunner
delay = float(os.environ["NDCG_BENCH_RERUN_DELAY_MS"]) / 1000
original = ScriptRunner._run_script
def slowed(self, rerun_data):
    time.sleep(delay)
    return original(self, rerun_data)
ScriptRunner._run_script = slowed
from streamlit.web import cli
sys.argv = ["streamlit", *sys.argv[1:]]
sys.exit(cli.main())
"""

MINIMAL_PAGE = """
import streamlit as st
if st.button("Add one", key="add"):
    st.session_state.n = st.session_state.get("n", 0) + 1
st.metric("Clicks", st.session_state.get("n", 0))
"""

OPTIONS = (
    "--server.headless=true",
    "--server.fileWatcherType=none",
    "--browser.gatherUsageStats=false",
)


def start_server(script: Path, *, delay_ms: float = 0, cwd: Path = ROOT):
    port = free_port()
    args = ["run", str(script), "--server.address=127.0.0.1", f"--server.port={port}", *OPTIONS]
    if delay_ms:
        command = [sys.executable, "-c", SLOWED, *args]
        env = {**os.environ, "NDCG_BENCH_RERUN_DELAY_MS": str(delay_ms)}
    else:
        command = [sys.executable, "-m", "streamlit", *args]
        env = None
    process = subprocess.Popen(
        command,
        cwd=cwd,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,
    )
    url = f"http://127.0.0.1:{port}"
    wait_until_healthy(process, url)
    return process, url


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[max(0, math.ceil(q * len(ordered)) - 1)]


def summary(values: list[float]) -> str:
    return (
        f"p50 {statistics.median(values):6.1f}  p95 {pct(values, 0.95):6.1f}  "
        f"max {max(values):7.1f} ms  (n={len(values)})"
    )


# ---------------------------------------------------------------------------- in the page

# The board lives in a shadow root (its styles isolated): found through the hosts.
ROWS = """() => { for (const host of document.querySelectorAll('*')) if (host.shadowRoot) {
  const rows = host.shadowRoot.querySelectorAll('.board .row'); if (rows.length) return rows; }
  return []; }"""
RUN_DONE = f"""() => !document.querySelector('[data-testid="stStatusWidget"]')
  && ({ROWS})().length > 0"""
# Added to every page before its own scripts: the board's measures as they come (a
# PerformanceObserver), and every animation frame's time, from which each measure's "painted"
# time is the first frame after the measure's end.
INSTRUMENT = """(() => {
  const bench = (window.__bench = { entries: [], frames: [], count: 0 });
  const after = (time) => bench.frames.find((frame) => frame > time + 0.01);
  new PerformanceObserver((list) => {
    for (const measure of list.getEntries()) {
      if (!measure.name.startsWith("board-")) continue;
      const end = measure.startTime + measure.duration;
      const next = after(end);
      bench.count += 1;
      bench.entries.push({
        kind: measure.name.slice(6), ms: measure.duration, start: measure.startTime, end,
        painted: next === undefined ? null : next - measure.startTime, count: bench.count,
      });
      if (bench.entries.length > 5000) bench.entries.splice(0, 2500);
    }
  }).observe({ type: "measure", buffered: true });
  const frame = (time) => {
    bench.frames.push(time);
    if (bench.frames.length > 20000) bench.frames.splice(0, 10000);
    for (let i = bench.entries.length - 1; i >= 0 && bench.entries[i].painted === null; i -= 1) {
      const entry = bench.entries[i];
      if (time > entry.end + 0.01) entry.painted = time - entry.start;
    }
    requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
})();"""
COUNT = "() => window.__bench.count"
# Resolves with the last timed entry once it is newer than `seen` and its painted frame is in.
LAST = """seen => { const all = window.__bench.entries; const l = all[all.length - 1];
  return l && l.count > seen && l.painted !== null ? l : null; }"""
FOCUS_CARD = """(board, p) => board.querySelectorAll('.card')[p].focus()"""


def wait_run_done(page) -> None:
    page.wait_for_function(RUN_DONE, timeout=120_000, polling=100)
    page.wait_for_timeout(300)
    page.wait_for_function(RUN_DONE, timeout=120_000, polling=100)


PACE = [0.3]  # the longest pause between two moves, s (--pace)
_pauses = random.Random(11)


def timed(page, action) -> dict:
    """Do `action`, return the board's timing of it; then pause 0 to PACE s, so that moves land
    at every point of the rerun after a move and of the page's redraw after the rerun."""
    seen = page.evaluate(COUNT)
    action()
    entry = page.wait_for_function(LAST, arg=seen, timeout=15_000, polling="raf").json_value()
    time.sleep(_pauses.uniform(0, PACE[0]))
    return entry


def mouse_drop(page, board, source: int, target: int) -> None:
    """Press on row `source`'s card, move past the drag threshold, then onto row `target`."""
    rows = board.locator(".row")
    a = rows.nth(source).locator(".card").bounding_box()
    b = rows.nth(target).locator(".card").bounding_box()
    x = a["x"] + 10
    page.mouse.move(x, a["y"] + a["height"] / 2)
    page.mouse.down()
    page.mouse.move(x, a["y"] + a["height"] / 2 + (6 if target > source else -6))
    page.mouse.move(x, b["y"] + b["height"] / 2, steps=3)
    page.mouse.up()


def moves(page, rounds: int) -> tuple[dict[str, dict[str, list[float]]], list[str]]:
    """`rounds` moves of each kind, interleaved: ({kind: {"frame": [...], "painted": [...]}},
    the rounds that failed and why: counted and said, the figures before them kept)."""
    board = page.locator(".board").first
    board.scroll_into_view_if_needed()
    times = {kind: {"frame": [], "painted": []} for kind in KINDS}
    failures: list[str] = []

    def record(kind, entry):
        times[kind]["frame"].append(entry["ms"])
        times[kind]["painted"].append(entry["painted"])

    # By its data-act, not its role: a role query computes the accessible name of each of the
    # board's 1,000 cards (each a role="button"), seconds on a loaded machine.
    acts = {
        "⭐ Ideal": "ideal",
        "👎 Worst": "worst",
        "🔃 Reverse": "reverse",
        "🎲 Shuffle": "shuffle",
    }
    acts |= {"Up": "up", "Down": "down", "Top": "top", "End": "bottom"}

    def button(name):
        return board.locator(f'button[data-act="{acts[name]}"]')

    def one_round(r):
        # Keyboard: the second card picked up, one place down (or back up), dropped.
        p = 1 if r % 2 == 0 else 2
        board.evaluate(FOCUS_CARD, p)
        record("keyboard pick-up", timed(page, lambda: page.keyboard.press("Space")))
        arrow = "ArrowDown" if r % 2 == 0 else "ArrowUp"
        record("keyboard arrow", timed(page, lambda a=arrow: page.keyboard.press(a)))
        record("keyboard drop", timed(page, lambda: page.keyboard.press("Space")))
        src, dst = (2, 0) if r % 2 == 0 else (0, 2)
        drop = timed(page, lambda s=src, d=dst: mouse_drop(page, board, s, d))
        if drop["kind"] != "move":  # a preview's frame came last: wait for the drop's own
            drop = page.wait_for_function(
                LAST.replace("l.count > seen", "l.count > seen && l.kind === 'move'"),
                arg=drop["count"] - 1,
                timeout=60_000,
                polling="raf",
            ).json_value()
        record("mouse drop", drop)
        for name in ("⭐ Ideal", "👎 Worst", "🔃 Reverse", "🎲 Shuffle"):
            record(name, timed(page, lambda n=name: button(n).click()))
        # The second row's card selected (a click), then moved: each button changes the order.
        board.locator(".row").nth(1).locator(".card").click()
        for name in ("Down", "Top", "End", "Up"):
            record(name, timed(page, lambda n=name: button(n).click()))

    for r in range(rounds):
        try:
            one_round(r)
        except PlaywrightError as error:
            failures.append(f"round {r}: {str(error).splitlines()[0]}")
            if len(failures) > 5:
                break
            page.keyboard.press("Escape")
            wait_run_done(page)
    return times, failures


def agree(page, name: str) -> str:
    """After the last move: the page's NDCG comes to equal the board's (the board sends its
    order once moves pause, and a busy server holds the rerun), within 20 s."""
    board = page.locator(".board").first
    shown = board.locator('[data-value="ndcg"]').inner_text()
    metric = page.locator('[data-testid="stMetricValue"]').first
    started = time.perf_counter()
    while metric.inner_text() != shown and time.perf_counter() - started < 20:
        time.sleep(0.1)
    waited = time.perf_counter() - started
    wait_run_done(page)
    final = metric.inner_text()
    verdict = "agree" if final == shown else "DIFFER"
    return f"{name}: board {shown}, page {final} ({verdict}, page caught up in {waited:.1f} s)"


def drag_rate(page) -> dict[str, float]:
    """A 2-second mouse drag over a 20-item board: the page's frames a second meanwhile."""
    board = page.locator(".board").first
    board.scroll_into_view_if_needed()
    rows = board.locator(".row")
    first = rows.nth(0).locator(".card").bounding_box()
    last = rows.nth(19).locator(".card").bounding_box()
    x = first["x"] + 10
    top, bottom = first["y"] + first["height"] / 2, last["y"] + last["height"] / 2
    started = page.evaluate("() => performance.now()")
    page.mouse.move(x, top)
    page.mouse.down()
    page.mouse.move(x, top + 8)
    start = time.perf_counter()
    step = 0
    while time.perf_counter() - start < 2.0:  # down and up the list, one pointer move a step
        phase = (step % 60) / 60
        y = top + (bottom - top) * (2 * phase if phase < 0.5 else 2 - 2 * phase)
        page.mouse.move(x, y)
        step += 1
    page.mouse.up()
    ended = page.evaluate("() => performance.now()")
    # The frames while the card was held, and the previews drawn then.
    frames = page.evaluate(
        "([a, b]) => window.__bench.frames.filter(t => t >= a && t <= b)", [started, ended]
    )
    previews = page.evaluate(
        "a => window.__bench.entries.filter(e => e.kind === 'preview' && e.start >= a)"
        ".map(e => e.ms)",
        started,
    )
    gaps = [b - a for a, b in itertools.pairwise(frames)]
    span = (frames[-1] - frames[0]) / 1000
    return {
        "fps": (len(frames) - 1) / span,
        "frames": len(frames),
        "span": span,
        "worst gap": max(gaps),
        "pointer moves": step,
        "previews": len(previews),
        "preview p95": pct(previews, 0.95) if previews else float("nan"),
    }


def minimal_round_trip(browser, clicks: int = 40) -> list[float]:
    """The minimal Streamlit page: click → the new number on screen (ms)."""
    folder = Path(tempfile.mkdtemp(prefix="minimal-page-"))
    script = folder / "minimal.py"
    script.write_text(MINIMAL_PAGE)
    process, url = start_server(script, cwd=folder)
    try:
        page = browser.new_page()
        page.goto(url, timeout=120_000)
        page.wait_for_selector('[data-testid="stMetricValue"]', timeout=120_000)
        times = []
        for i in range(1, clicks + 1):
            page.get_by_role("button", name="Add one").click()
            start = time.perf_counter()
            page.wait_for_function(
                """n => { const v = document.querySelector('[data-testid="stMetricValue"]');
                   return v && v.textContent.trim() === String(n); }""",
                arg=i,
                polling="raf",
                timeout=30_000,
            )
            times.append((time.perf_counter() - start) * 1000)
            page.wait_for_timeout(100)
        page.close()
        return times
    finally:
        stop_app(process)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=200, help="moves of each kind")
    parser.add_argument("--busy-ms", type=float, default=500)
    parser.add_argument("--before", default=BEFORE, help="the commit before the board")
    parser.add_argument("--pages", default="home,playground")
    parser.add_argument("--sizes", default="20,1000")
    parser.add_argument("--servers", default="idle,busy")
    parser.add_argument("--no-baseline", action="store_true")
    parser.add_argument("--pace", type=float, default=0.3, help="longest pause between moves, s")
    args = parser.parse_args()
    PACE[0] = args.pace

    from playwright.sync_api import sync_playwright

    print(f"load average at start: {os.getloadavg()[0]:.1f}  ({time.strftime('%Y-%m-%d %H:%M')})")
    rng = random.Random(7)
    lists = {n: [rng.randint(0, 3) for _ in range(n)] for n in SIZES}
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        if not args.no_baseline:
            minimal = minimal_round_trip(browser)
            print(
                f"\nbaseline, minimal Streamlit page, click → new number on screen: {summary(minimal)}"
            )
        for server in args.servers.split(","):
            delay = args.busy_ms if server == "busy" else 0
            process, url = start_server(ROOT / "app.py", delay_ms=delay)
            try:
                warm = browser.new_page()
                warm.goto(url, timeout=120_000)
                wait_run_done(warm)
                warm.close()
                for name in args.pages.split(","):
                    for n in (int(s) for s in args.sizes.split(",")):
                        rels = ",".join(map(str, lists[n]))
                        page = browser.new_page(viewport={"width": 1280, "height": 900})
                        page.add_init_script(INSTRUMENT)
                        page.goto(f"{url}{PAGES[name]}?rels={rels}", timeout=120_000)
                        wait_run_done(page)
                        page.wait_for_function(
                            f"n => ({ROWS})().length === n",
                            arg=n,
                            timeout=120_000,
                        )
                        started = time.perf_counter()
                        times, failures = moves(page, args.rounds)
                        took = time.perf_counter() - started
                        print(
                            f"\n{name}, {n} items, server {server}"
                            + (f" (reruns held {delay:.0f} ms)" if delay else "")
                            + f": {args.rounds} rounds in {took:.0f} s"
                        )
                        everything = {"frame": [], "painted": []}
                        for kind, measured in times.items():
                            if not measured["frame"]:
                                continue
                            everything["frame"] += measured["frame"]
                            everything["painted"] += measured["painted"]
                            print(f"  {kind:<18} frame {summary(measured['frame'])}")
                        for what in ("frame", "painted"):
                            p95 = pct(everything[what], 0.95)
                            verdict = "met" if p95 <= 50 else "NOT MET"
                            print(
                                f"  ALL moves, {what:<8} {summary(everything[what])}  target p95 ≤ 50 ms: {verdict}"
                            )
                        for failure in failures:
                            print(f"  failed: {failure}")
                        print("  " + agree(page, "after the last move"))
                        if n == 20 and name == "playground":
                            rate = drag_rate(page)
                            print(
                                f"  drag preview, 2 s: {rate['fps']:.1f} fps ({rate['frames']} frames over "
                                f"{rate['span']:.2f} s, worst gap {rate['worst gap']:.1f} ms, "
                                f"{rate['pointer moves']} pointer moves, {rate['previews']} previews, "
                                f"preview p95 {rate['preview p95']:.1f} ms); target ≥ 50 fps: "
                                + ("met" if rate["fps"] >= 50 else "NOT MET")
                            )
                        page.close()
            finally:
                stop_app(process)
        browser.close()
    if not args.no_baseline and args.before:
        print(f"\nbaseline, the code before the board ({args.before}), its bench_playground.py:")
        print(run_at(args.before, "bench/bench_playground.py"))


if __name__ == "__main__":
    main()
