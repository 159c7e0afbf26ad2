"""A real app server and a real chromium for the browser tests (Playwright, Debian's chromium)."""

import contextlib
import json

import pytest
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import expect

from devtools import ROOT
from devtools.appserver import start_app, stop_app
from devtools.chromium import CHROMIUM, CHROMIUM_ARGS, PHONE
from devtools.waits import LOADED, RESIZED, open_context, settle, wait_for_app, watched
from tests.browser.checks import AXE

ARTIFACTS = ROOT / "test-artifacts"


# An assertion on the page waits as long as an action may (waits.LOADED) before it fails.
expect.set_options(timeout=LOADED)


@pytest.fixture(scope="session")
def app_url(_tabs, browser_context_args):
    """The app on a free loopback port for the whole test session, its home page run once: a
    fresh server registers the menu's pages on its first run, and a deep link opened before
    that can briefly show 'page not found'. Run in the desktop tab (`_tabs`), which keeps the
    scripts it compiled for the first test that opens a page in it."""
    process, url = start_app()
    try:
        home = _tabs("desktop", browser_context_args)
        home.goto(url)
        wait_for_app(home)
        expect(home.get_by_role("link", name="Playground", exact=True)).to_be_visible()
        _leave(home)
        yield url
    finally:
        stop_app(process)


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args):
    return {**browser_type_launch_args, "executable_path": CHROMIUM, "args": CHROMIUM_ARGS}


# A laptop's screen. Chromium rasterizes what is in view, in software here, again and again
# while a page loads: a 1280×2200 view cost it about 60 % more CPU per page opened than 1280×900
# (bench/README.md, "What a page's open costs the browser"). A test that reads what is below the
# fold scrolls to it, as a learner does.
DESKTOP = {"width": 1280, "height": 800}


# The tests' browsers ask for reduced motion (`prefers-reduced-motion: reduce`), a setting many
# learners have. The app's own pages do not move either way; Streamlit's chrome does: its
# loading placeholders pulse, expanders slide, toasts fly in. Chromium draws in software here,
# and each moving frame is drawn again: with motion, opening Home, /glossary and /playground
# cost it 17.2 s of CPU against 13.3 s without (median of 5, load 4-16, 2026-11-29). A test of
# something that moves asks for motion (`@pytest.mark.motion`, on the tabs `page` and `phone`).
MOTION = {"reduced_motion": "reduce"}


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args):
    return {**browser_context_args, **MOTION, "viewport": DESKTOP}


def _motion(tab, request) -> None:
    wanted = "no-preference" if request.node.get_closest_marker("motion") else "reduce"
    tab.emulate_media(reduced_motion=wanted)


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
def page(_tabs, browser_context_args, request):
    """The desktop tab (`DESKTOP`), shared with the other tests (`_tabs`)."""
    page = _tabs("desktop", browser_context_args)
    _motion(page, request)
    yield page
    _leave(page)


@pytest.fixture
def phone(_tabs, request):
    """The phone tab (`PHONE`), shared with the other tests (`_tabs`)."""
    page = _tabs("phone", PHONE)  # its motion is set per test (`_motion`)
    _motion(page, request)
    yield page
    _leave(page)


# What a test can leave in a browser context for the next one, besides its pages: cleared for
# each origin the test's tabs went to (Chrome DevTools Protocol, Storage.clearDataForOrigin).
# Not the HTTP cache: the app's scripts stay compiled.
LEFT_BEHIND = "cookies,local_storage,indexeddb,websql,service_workers,cache_storage,file_systems"


@pytest.fixture(scope="session")
def _browsers():
    """The browsers `new_browser` hands out, kept for the session (each xdist worker has its
    own): by kind (the context's options but the viewport), its tabs."""
    kept: dict[str, list] = {}
    yield kept
    for tabs in kept.values():
        for tab in tabs:
            with contextlib.suppress(PlaywrightError):
                tab.context.close()


@pytest.fixture
def new_browser(browser, _browsers):
    """`new_browser(**options)`: the tab of a browser of its own (a Playwright context, with
    `options` as `open_context` takes them), for a test that needs several users (each with
    their cookies and storage) or a screen of its own. Each call in a test gives another one.

    It is what a browser that has never seen the app would be — no cookies, no storage, no
    other tab, nothing open — but the context is one a test before this one used (or a new one
    if none is free), and the tab is its renderer, which keeps the scripts it compiled
    (Streamlit's bundle, plotly's 4.7 MB chunk): opening the app in a new context costs a
    loaded machine about 9 s of CPU, in a kept tab about 4 s (the same reason as `_tabs`).
    After the test, the context's other tabs are closed and what it kept for each origin its
    tabs went to is cleared (LEFT_BEHIND). A test that changes the context itself
    (init scripts, permissions) opens its own with `open_context`."""
    handed: list[tuple[list, object, set[str], object]] = []

    def take(**options):
        viewport = options.pop("viewport", {"width": 1280, "height": 720})  # Playwright's default
        options = {**MOTION, **options}
        tabs = _browsers.setdefault(json.dumps(options, sort_keys=True), [])
        in_use = {id(tab) for _, tab, _, _ in handed}
        free = [tab for tab in tabs if id(tab) not in in_use]
        if free:
            tab = free[0]
        else:
            tab = open_context(browser, **options).new_page()
            tabs.append(tab)
        origins: set[str] = set()

        def went(request, origins=origins):
            if request.is_navigation_request() and request.url.startswith("http"):
                origins.add("/".join(request.url.split("/", 3)[:3]))

        tab.context.on("request", went)
        handed.append((tabs, tab, origins, went))
        tab.set_viewport_size(viewport)
        return tab

    yield take
    for tabs, tab, origins, went in handed:
        context = tab.context
        context.remove_listener("request", went)
        try:
            for other in context.pages:
                if other is not tab:
                    other.close()
            tab.goto("about:blank")  # the test's app sessions end with their documents
            context.clear_cookies()
            session = context.new_cdp_session(tab)
            for origin in origins:
                session.send(
                    "Storage.clearDataForOrigin", {"origin": origin, "storageTypes": LEFT_BEHIND}
                )
            session.detach()
        except PlaywrightError:  # the test closed its tab: the next one gets a new browser
            tabs.remove(tab)
            with contextlib.suppress(PlaywrightError):
                context.close()


@pytest.fixture
def context(new_context):
    """A fresh browser context, watched like every other (waits.open_context)."""
    return watched(new_context())


@pytest.fixture
def shot(page):
    """Save a screenshot under test-artifacts/ (kept by CI as an artefact), of a page that has
    finished drawing."""
    ARTIFACTS.mkdir(exist_ok=True)

    def take(name: str, of=None, resized: bool = False):
        """`of`: another page than the test's own (a phone's, a projector's). `resized`: the
        view was resized since the page last settled (waits.RESIZED: React Aria's keyboard
        watch is not waited out)."""
        path = ARTIFACTS / f"{name}.png"
        if resized:
            settle(of or page, longest=RESIZED)
        else:
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
