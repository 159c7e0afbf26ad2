"""A real app server and a real chromium for the browser tests (Playwright, Debian's chromium)."""

import contextlib
import shutil
from pathlib import Path

import pytest
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import expect

from tests.appserver import start_app, stop_app
from tests.browser.waits import LOADED, open_context, settle, wait_for_app, watched

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


# A phone as the tests open one: 390 px wide (an iPhone 12-15), touch, twice the pixels.
PHONE = {
    "viewport": {"width": 390, "height": 844},
    "device_scale_factor": 2,
    "is_mobile": True,
    "has_touch": True,
}


# An assertion on the page waits as long as an action may (waits.LOADED) before it fails.
expect.set_options(timeout=LOADED)


@pytest.fixture(scope="session")
def app_url(browser):
    """The app on a free loopback port for the whole test session, its home page run once: a
    fresh server registers the menu's pages on its first run, and a deep link opened before
    that can briefly show 'page not found'."""
    process, url = start_app()
    try:
        context = open_context(browser)
        try:
            home = context.new_page()
            home.goto(url)
            wait_for_app(home)
            expect(home.get_by_role("link", name="Playground", exact=True)).to_be_visible()
        finally:
            context.close()
        yield url
    finally:
        stop_app(process)


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args):
    return {**browser_type_launch_args, "executable_path": CHROMIUM, "args": CHROMIUM_ARGS}


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args):
    return {**browser_context_args, "viewport": {"width": 1280, "height": 2200}}


@pytest.fixture(scope="session")
def _tabs(browser):
    """Browser tabs kept for the session (each xdist worker has its own), one per kind of
    screen, reused by every test's `page` (desktop) or `phone`; opened again if a test closed
    one.

    Each test still opens the app afresh (a new document: a new Streamlit session), but in the
    same tab, whose renderer keeps the scripts it has compiled: Streamlit's bundle and plotly's
    4.7 MB chunk are compiled once per worker instead of once per test, and a page with charts
    opens in about half the time. What a tab could carry from one test to the next is reset
    before each (cookies, the viewport), and after it the app's localStorage (kept progress) is
    cleared and the test's document left (about:blank).
    A test that needs browsers of its own (several users' cookies) opens contexts.
    """
    opened: dict[str, object] = {}

    def tab(kind: str, options: dict):
        page = opened.get(kind)
        if page is None or page.is_closed():
            if page is not None:
                page.context.close()
            page = opened[kind] = open_context(browser, **options).new_page()
        page.context.clear_cookies()
        page.set_viewport_size(options["viewport"])
        return page

    yield tab
    for page in opened.values():
        page.context.close()


def _leave(page) -> None:
    if not page.is_closed():
        # The learner's progress lives in the tab's localStorage (ui/saved): left there, it
        # would answer the next test's questions, whichever test ran before it on this worker.
        with contextlib.suppress(PlaywrightError):
            page.evaluate("() => localStorage.clear()")
        page.goto("about:blank")  # the test's app session ends with its document


@pytest.fixture
def page(_tabs, browser_context_args):
    """The desktop tab (1280×2200), shared with the other tests (`_tabs`)."""
    page = _tabs("desktop", browser_context_args)
    yield page
    _leave(page)


@pytest.fixture
def phone(_tabs):
    """The phone tab (`PHONE`), shared with the other tests (`_tabs`)."""
    page = _tabs("phone", PHONE)
    yield page
    _leave(page)


@pytest.fixture
def context(new_context):
    """A fresh browser context, watched like every other (waits.open_context)."""
    return watched(new_context())


@pytest.fixture
def shot(page):
    """Save a screenshot under test-artifacts/ (kept by CI as an artefact), of a page that has
    finished drawing."""
    ARTIFACTS.mkdir(exist_ok=True)

    def take(name: str, of=None):
        """`of`: another page than the test's own (a phone's, a projector's)."""
        path = ARTIFACTS / f"{name}.png"
        settle(of or page)
        (of or page).screenshot(path=str(path))
        return path

    return take


# Text cut to "…": an element that ends its text with an ellipsis and has more than it shows.
CUT_TEXT = """() => [...document.querySelectorAll('[data-testid="stMain"] *')].filter(e => {
  const style = getComputedStyle(e);
  // An element with no text cuts none (a file picker's hidden input, 0 px wide, is one).
  return e.getClientRects().length && style.textOverflow === 'ellipsis'
    && e.textContent.trim() && e.scrollWidth > e.clientWidth + 1;
}).map(e => e.textContent.trim().slice(0, 60))"""

# Chart text (axis titles, ticks, legends, labels) drawn outside its chart's box: clipped.
# Plotly's charts, and the page's own line charts (each in its component's shadow root).
CHART_TEXT_OUTSIDE = """() => {
  const out = [];
  // A chart in a folded box is not seen: it lays itself out again when the box opens.
  const folded = element => element.closest('details:not([open])');
  const charts = [...document.querySelectorAll('[data-testid="stPlotlyChart"]')]
    .filter(chart => !folded(chart))
    .map(chart => [chart, chart.querySelectorAll('svg.main-svg text')]);
  for (const host of document.querySelectorAll('*')) {
    if (!host.shadowRoot || folded(host)) continue;
    for (const chart of host.shadowRoot.querySelectorAll('.lines')) {
      charts.push([chart, chart.querySelectorAll('.plot svg text')]);
    }
  }
  for (const [chart, texts] of charts) {
    const box = chart.getBoundingClientRect();
    for (const text of texts) {
      const r = text.getBoundingClientRect();
      if (!text.textContent.trim() || !r.width || getComputedStyle(text).display === 'none') continue;
      if (r.left < box.left - 1 || r.right > box.right + 1 || r.top < box.top - 1
          || r.bottom > box.bottom + 1) out.push(text.textContent.slice(0, 40));
    }
  }
  return out;
}"""
