"""A real app server and a real chromium for the browser tests (Playwright, Debian's chromium)."""

import shutil
from pathlib import Path

import pytest

from tests.appserver import start_app, stop_app

ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = ROOT / "test-artifacts"
CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
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


@pytest.fixture(scope="session")
def app_url():
    """The app on a free loopback port for the whole test session."""
    process, url = start_app()
    yield url
    stop_app(process)


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args):
    return {**browser_type_launch_args, "executable_path": CHROMIUM, "args": CHROMIUM_ARGS}


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args):
    return {**browser_context_args, "viewport": {"width": 1280, "height": 2200}}


@pytest.fixture
def shot(page):
    """Save a screenshot under test-artifacts/ (kept by CI as an artefact)."""
    ARTIFACTS.mkdir(exist_ok=True)

    def take(name: str, of=None):
        """`of`: another page than the test's own (a phone's, a projector's)."""
        path = ARTIFACTS / f"{name}.png"
        (of or page).screenshot(path=str(path))
        return path

    return take


def wait_for_app(page, timeout: float = 30_000) -> None:
    """Wait until Streamlit has finished a run (no 'running' indicator) and the page has content."""
    page.wait_for_selector('[data-testid="stApp"]', timeout=timeout)
    page.wait_for_function(
        "() => !document.querySelector('[data-testid=\"stStatusWidget\"]')", timeout=timeout
    )


def settle(page, timeout: float = 60_000) -> None:
    """Wait until a page has drawn everything: a heading, no run in progress, no placeholder
    (skeleton) and nothing faded as stale; then give the page's script a moment to mark it."""
    page.wait_for_selector("h1", timeout=timeout)
    for _ in range(2):
        page.wait_for_timeout(700)
        page.wait_for_function(
            """() => !document.querySelector('[data-testid="stStatusWidget"]')
                && !document.querySelector('[data-testid="stSkeleton"]')
                && !document.querySelector('[data-stale="true"]')""",
            timeout=timeout,
        )
    page.wait_for_timeout(400)


# Text cut to "…": an element that ends its text with an ellipsis and has more than it shows.
CUT_TEXT = """() => [...document.querySelectorAll('[data-testid="stMain"] *')].filter(e => {
  const style = getComputedStyle(e);
  return e.getClientRects().length && style.textOverflow === 'ellipsis'
    && e.scrollWidth > e.clientWidth + 1;
}).map(e => e.textContent.trim().slice(0, 60))"""

# Chart text (axis titles, ticks, legends, labels) drawn outside its chart's box: clipped.
CHART_TEXT_OUTSIDE = """() => {
  const out = [];
  for (const chart of document.querySelectorAll('[data-testid="stPlotlyChart"]')) {
    const box = chart.getBoundingClientRect();
    for (const text of chart.querySelectorAll('svg.main-svg text')) {
      const r = text.getBoundingClientRect();
      if (!text.textContent.trim() || !r.width || getComputedStyle(text).display === 'none') continue;
      if (r.left < box.left - 1 || r.right > box.right + 1 || r.top < box.top - 1
          || r.bottom > box.bottom + 1) out.push(text.textContent.slice(0, 40));
    }
  }
  return out;
}"""
