"""Opening a page in a tab that has opened the app before (a learner's second link, a reload):
how soon the ranking board is drawn, and how much work the page's main thread does.

For each page, loads alternate between this code and the code of `--before REV` (exported with
`git archive` into /tmp, its own app process), each in a tab of its own that one load has
warmed (Streamlit's scripts in the browser's cache). The clock runs from the end of the page's
response to the first animation frame in which the board has its rows; the main thread's work
is the renderer's task time (Chromium's `Performance.getMetrics`, TaskDuration) from the load
to the page settled (devtools/waits.settle).

Baseline: by default the commit before the share links became `ui/link_box` (they were
`st.code` blocks, which bring Streamlit's syntax highlighter into every page: the sidebar's
"This view" box is on every page).

Run: PYTHONPATH=. .venv/bin/python bench/bench_open.py [--loads 12] [--before REV]
"""

from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from playwright.sync_api import sync_playwright  # noqa: E402

from bench.baseline import export  # noqa: E402
from devtools.appserver import start_app, stop_app  # noqa: E402
from devtools.chromium import CHROMIUM, CHROMIUM_ARGS  # noqa: E402
from devtools.waits import open_context, settle, wait_for_app  # noqa: E402

BEFORE = "0b278b3"  # main just before the link box
PAGES = ("/playground?rels=3,2,3,0,1,2", "/?rels=3,2,3,0,1,2", "/ordering?rels=3,2,3,0,1,2")
BOARD_DRAWN = """() => { const box = document.querySelector('[class*="st-key-"][class*="_board"]');
  return !!box && box.getBoundingClientRect().height > 100; }"""
SINCE_RESPONSE = "performance.now() - performance.getEntriesByType('navigation')[0].responseEnd"


class Tab:
    def __init__(self, browser, url: str):
        self.url = url
        self.context = open_context(browser, viewport={"width": 1280, "height": 900})
        self.page = self.context.new_page()
        self.cdp = self.context.new_cdp_session(self.page)
        self.cdp.send("Performance.enable")

    def _task_ms(self) -> float:
        metrics = self.cdp.send("Performance.getMetrics")["metrics"]
        return 1000 * next(m["value"] for m in metrics if m["name"] == "TaskDuration")

    def load(self, path: str) -> tuple[float, float]:
        before = self._task_ms()
        self.page.goto(self.url + path)
        self.page.wait_for_function(BOARD_DRAWN, polling="raf")
        drawn = self.page.evaluate(SINCE_RESPONSE)
        wait_for_app(self.page)
        settle(self.page)
        work = self._task_ms() - before
        self.page.goto("about:blank")
        return drawn, work


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--loads", type=int, default=12, help="loads per page and code")
    parser.add_argument("--before", default=BEFORE, help="the baseline commit")
    args = parser.parse_args()
    servers = {
        f"before ({args.before})": start_app(root=export(args.before)),
        "now": start_app(),
    }
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            tabs = {name: Tab(browser, url) for name, (_, url) in servers.items()}
            print(f"{args.loads} warm loads per page and code, alternating; medians (min–max)")
            for path in PAGES:
                figures = {name: [] for name in tabs}
                for tab in tabs.values():
                    tab.load(path)  # warms the tab on this page
                for _ in range(args.loads):
                    for name, tab in tabs.items():
                        figures[name].append(tab.load(path))
                for name, rows in figures.items():
                    drawn = [r[0] for r in rows]
                    work = [r[1] for r in rows]
                    print(
                        f"{path:32} {name:18} board drawn {statistics.median(drawn):5.0f} ms "
                        f"({min(drawn):.0f}–{max(drawn):.0f}); main thread "
                        f"{statistics.median(work):5.0f} ms ({min(work):.0f}–{max(work):.0f})"
                    )
            browser.close()
    finally:
        for process, _ in servers.values():
            stop_app(process)


if __name__ == "__main__":
    main()
