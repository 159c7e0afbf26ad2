"""A real app server and a real chromium for the browser tests (Playwright, Debian's chromium)."""

import contextlib

import pytest
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import expect

from devtools import ROOT
from devtools.appserver import start_app, stop_app
from devtools.chromium import CHROMIUM, CHROMIUM_ARGS, PHONE
from devtools.waits import LOADED, open_context, settle, wait_for_app, watched
from tests.browser.checks import AXE

ARTIFACTS = ROOT / "test-artifacts"


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


@pytest.fixture
def dialogs(page):
    """Every alert/confirm/prompt the page opens (there must be none)."""
    fired: list[str] = []

    def dismiss(dialog):
        fired.append(dialog.message)
        dialog.dismiss()

    page.on("dialog", dismiss)
    yield fired
    page.remove_listener("dialog", dismiss)  # the tab is shared with the next tests


@pytest.fixture(scope="session")  # a check of a file, nothing to start: any test may go first
def axe_ready():
    if not AXE.exists():
        pytest.fail("axe-core is missing: run `npm ci` at the project root (make test does).")
