"""Debian's chromium as the browser tests and the benchmarks launch it (through Playwright;
never `playwright install`): headless, no sandbox, no GPU, nothing fetched in the background."""

import shutil

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
# Playwright adds its own switches before these (its chromiumSwitches: --disable-dev-shm-usage,
# --disable-renderer-backgrounding, --disable-features=PaintHolding,MediaRouter,…); a
# --disable-features or --blink-settings here would replace its list, not add to it (Chromium
# keeps the last value of a repeated switch).
# Switches tried for the tests' CPU and not kept (no cut beyond the runs' spread): bench/README.md,
# "Chromium's own switches" and "The fifteenth stop" (--process-per-site, V8's --no-opt
# --no-maglev and --no-flush-bytecode).
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
# A phone as the tests open one: 390 px wide (an iPhone 12-15), touch, twice the pixels.
PHONE = {
    "viewport": {"width": 390, "height": 844},
    "device_scale_factor": 2,
    "is_mobile": True,
    "has_touch": True,
}
