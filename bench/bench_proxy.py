"""The first visit through nginx (deploy/serve.py) against the same app process served directly.

A cold browser (new profile: empty cache) opens a page and the clock runs from the request to
  - the page's heading on screen,
  - its first chart or ranking board drawn ("first chart": Home draws the board and no plotly
    chart; plotly's 4.7 MB bundle is loaded on demand, only by a page that draws a chart),
  - the app's run finished (no "running" indicator, NDCG on screen);
with the bytes it took: on the wire (what the network carries: compressed when the server
compresses, headers included) and once decoded, the number of requests, the scripts fetched
(plotly's among them, if any, with their bytes), and the CPU time the servers spent (every app
process and nginx: all descendants of deploy/serve.py).

Baseline: one app process of the same deployment, opened on its own port (what `make run`
gives: Streamlit serves its bundles uncompressed). Each load alternates direct / proxy in the
same run, on loopback and on networks emulated by Chromium (Network.emulateNetworkConditions).

`--before REV` also runs the code of commit REV (by default the commit before the ranking
board, whose Home drew a plotly chart) the same way, from a `git archive` export in /tmp with its
own bench_proxy.py, before this code's loads: the figures before and after in one run.

Run: .venv/bin/python bench/bench_proxy.py [--reps 5,3,1] [--networks loopback,4g,3g]
     [--before REV]
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench.baseline import run_at  # noqa: E402
from devtools.deployserver import nginx_path, start_deployment  # noqa: E402

# (download bits/s, upload bits/s, added latency ms); None: no emulation (loopback as it is).
NETWORKS = {
    "loopback": None,
    "4g": (9_000_000, 1_500_000, 60),  # ≈4G: 9 Mbps down, 1.5 Mbps up, 60 ms
    "3g": (1_600_000, 750_000, 150),  # ≈3G: 1.6 Mbps down, 0.75 Mbps up, 150 ms
}
PAGES = {"/": "home", "/playground?rels=3,2,3,0,1,2": "playground"}
BEFORE = "b811992"  # main just before the ranking board's merge (its first parent)
# The first chart or board: Playwright's CSS reaches into the board's shadow root.
FIRST_DRAWN = ".js-plotly-plot, .board .row"
RUN_DONE = """() => document.querySelector('[data-testid="stMetricValue"]')
    && !document.querySelector('[data-testid="stStatusWidget"]')"""


def descendants(root: int) -> list[int]:
    children: dict[int, list[int]] = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                stat = Path(f"/proc/{entry}/stat").read_text()
            except OSError:
                continue
            ppid = int(stat.rsplit(")", 1)[1].split()[1])
            children.setdefault(ppid, []).append(int(entry))
    found, todo = [], [root]
    while todo:
        pid = todo.pop()
        found.append(pid)
        todo.extend(children.get(pid, []))
    return found


def cpu_seconds(pids: list[int]) -> float:
    """User + system CPU time of these processes so far."""
    total = 0
    for pid in pids:
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        total += int(fields[11]) + int(fields[12])  # utime, stime (fields 14 and 15)
    return total / os.sysconf("SC_CLK_TCK")


def first_load(browser, url: str, network, servers: list[int]) -> dict[str, float]:
    """One cold load of `url`: times (s), bytes, requests, server CPU (s)."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    cdp = context.new_cdp_session(page)
    tally = {"wire": 0.0, "decoded": 0.0, "requests": 0, "ws": 0.0, "plotly": 0.0}
    urls: dict[str, str] = {}
    scripts: dict[str, float] = {}

    def finished(event):
        tally["wire"] += event["encodedDataLength"]
        url = urls.get(event["requestId"], "")
        if url.endswith(".js"):
            name = url.rsplit("/", 1)[-1]
            scripts[name] = scripts.get(name, 0) + event["encodedDataLength"]
            if "plotly" in name.lower():
                tally["plotly"] += event["encodedDataLength"]

    def received(event):
        tally["decoded"] += event["dataLength"]

    def sent(event):
        tally["requests"] += 1
        urls[event["requestId"]] = event["request"]["url"].split("?", 1)[0]

    def frame(event):  # binary websocket frames come base64-encoded
        tally["ws"] += len(event["response"]["payloadData"]) * 3 / 4

    cdp.on("Network.loadingFinished", finished)
    cdp.on("Network.dataReceived", received)
    cdp.on("Network.requestWillBeSent", sent)
    cdp.on("Network.webSocketFrameReceived", frame)
    cdp.send("Network.enable")
    cdp.send("Network.setCacheDisabled", {"cacheDisabled": False})
    if network:
        down, up, latency = network
        cdp.send(
            "Network.emulateNetworkConditions",
            {
                "offline": False,
                "latency": latency,
                "downloadThroughput": down / 8,
                "uploadThroughput": up / 8,
            },
        )
    cpu_before = cpu_seconds(servers)
    start = time.perf_counter()
    try:
        page.goto(url, wait_until="commit", timeout=300_000)
        page.wait_for_selector("h1", state="visible", timeout=300_000)
        heading = time.perf_counter() - start
        page.wait_for_selector(FIRST_DRAWN, state="visible", timeout=300_000)
        chart = time.perf_counter() - start
        page.wait_for_function(RUN_DONE, timeout=300_000, polling="raf")
        done = time.perf_counter() - start
        page.wait_for_load_state("networkidle", timeout=120_000)
        time.sleep(0.5)  # the last responses' loadingFinished events
        cpu = cpu_seconds(servers) - cpu_before
    finally:
        context.close()
    return {
        "heading": heading,
        "chart": chart,
        "done": done,
        "cpu": cpu,
        "scripts": scripts,
        **tally,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--networks", default="loopback,4g,3g")
    parser.add_argument(
        "--reps", default="5,3,1", help="cold loads per page and server, per network"
    )
    parser.add_argument("--before", default="", help=f"also run commit REV first (e.g. {BEFORE})")
    args = parser.parse_args()
    if args.before:
        print(f"before ({args.before}), its own bench_proxy.py:")
        print(
            "  "
            + run_at(
                args.before,
                "bench/bench_proxy.py",
                "--networks",
                args.networks,
                "--reps",
                args.reps,
                timeout=3600,
            ).replace("\n", "\n  ")
        )
        print("now:")
    networks = args.networks.split(",")
    reps = [int(r) for r in args.reps.split(",")]
    if nginx_path() is None:
        sys.exit("nginx is not installed: apt-get install nginx (or make serve) first.")

    from playwright.sync_api import sync_playwright

    from devtools.chromium import CHROMIUM, CHROMIUM_ARGS

    print(f"load average at start: {os.getloadavg()[0]:.1f}")
    deployment = start_deployment(processes=2)
    results: dict[tuple[str, str, str], list[dict[str, float]]] = {}
    try:
        servers = descendants(deployment.process.pid)
        targets = {"direct": deployment.app_urls[0], "nginx": deployment.url}
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            # One load of each page first, unmeasured: Python imports, caches, the page cache.
            for path in PAGES:
                first_load(browser, targets["direct"] + path, None, servers)
            for network, count in zip(networks, reps, strict=True):
                for _ in range(count):
                    for path, name in PAGES.items():
                        for target, base in targets.items():
                            run = first_load(browser, base + path, NETWORKS[network], servers)
                            results.setdefault((network, name, target), []).append(run)
            browser.close()
    finally:
        deployment.stop()
    report(results)


def report(results) -> None:
    print(
        f"\n{'network':<9}{'page':<11}{'server':<7}{'loads':>6}{'requests':>9}{'wire MB':>9}"
        f"{'decoded MB':>11}{'heading s':>10}{'1st draw':>9}{'done s':>8}{'CPU s':>7}"
    )
    for (network, page, target), runs in results.items():

        def median(key, runs=runs):
            return statistics.median(run[key] for run in runs)

        print(
            f"{network:<9}{page:<11}{target:<7}{len(runs):>6}{median('requests'):>9.0f}"
            f"{median('wire') / 1e6:>9.2f}{median('decoded') / 1e6:>11.2f}"
            f"{median('heading'):>10.2f}{median('chart'):>9.2f}{median('done'):>8.2f}"
            f"{median('cpu'):>7.2f}   plotly {median('plotly') / 1e6:.2f} MB"
        )
    print("\nscripts fetched on the first load of each page (direct, wire bytes):")
    for (network, page, target), runs in results.items():
        if target == "direct":
            listed = sorted(runs[0]["scripts"].items(), key=lambda item: -item[1])
            total = sum(size for _, size in listed)
            big = ", ".join(f"{name} {size / 1e6:.2f} MB" for name, size in listed[:6])
            print(f"  {network:<9}{page:<11}{len(listed)} scripts, {total / 1e6:.2f} MB: {big}")
    print("\nnginx against direct (medians; < 1 is better):")
    for (network, page, target), runs in results.items():
        if target != "nginx":
            continue
        direct = results[(network, page, "direct")]
        ratios = []
        for key in ("wire", "heading", "chart", "done"):
            a = statistics.median(run[key] for run in runs)
            b = statistics.median(run[key] for run in direct)
            ratios.append(f"{key} {a / b:.2f}×")
        print(f"  {network:<9}{page:<11}" + ", ".join(ratios))


if __name__ == "__main__":
    main()
