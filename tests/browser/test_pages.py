"""Every page of the menu in a real browser: opened once, then looked at at every width, with
every check that holds on every page made on that one load (a load, not a check, is most of a
browser test's time). What only a browser can see; the numbers and links each page shows are
AppTest's (tests/pages/).

Each page opens from a link whose parameters carry HTML, a javascript: link, Markdown and LaTeX
(`INJECTED`), in the shared desktop tab: the first visit on a worker opens the app with it,
each next one follows it inside the app the last visit left open, as the browser's Back and
Forward do (`_left`: the page runs with the link's parameters as when it is opened; the
browser does not start Streamlit's frontend again). It is then resized (the app lays a page
out by its width alone, so a resized page is that screen's layout):
- at 1280×720, where it opens, and 853×480 (a 1280×720 projector at 100 % and 150 %): the
  browser tab's title is the page's own; no text cut to "…" and no chart text outside its chart;
- at 1280×2200 (tall, so axe sees the whole page in view): axe-core finds nothing serious
  (`checks.axe_scan`); nothing overflows sideways; what the link carried is shown as the text
  it is, each bad value named, and nothing runs;
- at 390×844, a phone: axe's layout rules again, and nothing overflows sideways.
axe scans the sidebar on Home alone, at both widths: it is the same component on every page
(tests/browser/checks.py says why), and left out, each other page's scans cost 20–40 % less.
The lessons beyond the walkthroughs show their title and a number of the link's list (`SHOWN`).
A few pages have more that only a browser shows, checked on the same load (`MORE`): /libraries
scanned again with its answer shown, and its wide table saying it scrolls on a phone; /queries'
worked sums breaking across lines to fit a phone (nothing to scroll to find a total); each
walkthrough asking first, then its number and its read-only board, its sums fitting a phone,
its fold "Step by step" drawing its charts, and its link to the playground, in the same tab
(the playground's sums: tests/browser/test_phone_keyboard.py); Russian and Chinese words
tagged with their language once shown, on an English page, Chinese drawn with the app's own font
(`LANGUAGES`), and learn-graded scanned again with every fold open.

The pages presenter view is for (`PRESENTED`) are opened once more in it (the first from a new
document, the next ones followed inside it, as above): at 1920×1080 no text
is under 24 px (charts, grids, cards and widget values included), and at 1280×720 and 853×480
nothing is cut; Home and the playground show their board there too (`PRESENTED_MORE`: no
sidebar, the list's NDCG, and on a 1280×720 projector Home's board without its hint and its
first row in the first screen). Screenshots: test-artifacts/page-*.png, home-presenter.png,
board-presenter*.png.
"""

from __future__ import annotations

import contextlib
import re
from urllib.parse import quote, unquote

import pytest
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import expect

from devtools.waits import RESIZED, settle, wait_for_app
from tests.browser.checks import (
    BOLD,
    CANVAS_FONTS,
    CHART_TEXT_OUTSIDE,
    CJK_FONT_LOADED,
    CLOSE,
    CUT_TEXT,
    IMG,
    JS_LINK,
    LATEX,
    LAYOUT_RULES,
    SCRIPT,
    SIDEBAR,
    SIDEWAYS,
    SMALL_TEXT,
    TAG,
    WIDE_REGIONS,
    axe_scan,
    injected,
    shown_text,
)
from tests.browser.conftest import _leave, _motion
from ui.menu import PAGES

pytestmark = pytest.mark.browser

DESKTOP = {"width": 1280, "height": 2200}
PROJECTOR = {"width": 1280, "height": 720}
ZOOMED = {"width": 853, "height": 480}  # a 1280×720 projector at 150 %
PHONE = {"width": 390, "height": 844}
BACK_ROW = {"width": 1920, "height": 1080}
BACK_ROW_PX = 24

# Every parameter a page reads from its link, with something in it that must stay text; the
# list itself is a good one (3, 2, 3, 0, 1, 2), so each page shows what it shows for it.
INJECTED = {
    "rels": "3,2,3,0,1,2",
    "labels": f"{IMG},{JS_LINK},{BOLD},{TAG},{LATEX},{CLOSE}",
    "gain": SCRIPT,
    "discount": TAG,
    "ids": f"{IMG},{CLOSE},{LATEX}",
    "scores": BOLD,
    "seed": IMG,
    "ex": JS_LINK,
    "present": SCRIPT,
    "unknown": SCRIPT,
}
# What each page must say of the bad values it reads.
NAMED = {
    path: [f"'{SCRIPT}' is not a gain", f"'{TAG}' is not a discount", f"The link's label '{IMG}'"]
    for path in ("", "playground", "ordering", "libraries")
} | {"practice": [f"got '{IMG}'", f"got '{JS_LINK}'"]}
# Pages whose title and a number their link's list gives are checked as they open.
SHOWN = {
    "metrics": ("NDCG beside its neighbours", "0.9220"),
    "learn-discount": ("Why a logarithm?", "0.9608"),
    "learn-pitfalls": ("Pitfalls of NDCG", "0.4693"),
    "learn-labels": ("Where labels come from", "0.9732"),
    "glossary": ("Glossary and notation", None),
}
# The pages presenter view is for, each with the link it is shown from.
PRESENTED = {
    "": "rels=3,2,3,0,1,2",
    "playground": "rels=3,2,3,0,1,2",
    "ordering": "rels=3,2,3,0,1,2",
    "queries": "",
    "libraries": "rels=3,2,3,0,1,2&scores=0.9,0.9,0.5,0.5,0.2,0.1",
    "learn-russian": "",
    "practice": "seed=4711",
}
PATHS = [page.url_path for page in PAGES]  # every page of the menu, home first


class Visit:
    """One page, opened once, and the problems found on it, by what was checked where."""

    def __init__(self, page, shot, path: str):
        self.page, self.shot, self.path = page, shot, path
        self.problems: dict[str, object] = {}

    def note(self, where: str, found) -> None:
        if found:
            self.problems[where] = found

    def at(self, name: str, viewport: dict) -> None:
        self.page.set_viewport_size(viewport)
        settle(self.page, longest=RESIZED)  # laid out again at its new size, and still
        self.where = name

    def axe(self, only: list[str] | None = None) -> set[str]:
        # The sidebar is one component, scanned on Home's visit (the module docstring).
        scan = axe_scan(self.page, only, without=[] if self.path == "" else [SIDEBAR])
        self.note(f"axe at {self.where}", scan["found"])
        return set(scan["ran"])

    def nothing_cut(self) -> None:
        self.note(f"cut at {self.where}", self.page.evaluate(CUT_TEXT))
        self.note(f"chart text outside at {self.where}", self.page.evaluate(CHART_TEXT_OUTSIDE))

    def no_sideways_scroll(self) -> None:
        overflow = self.page.evaluate(SIDEWAYS)
        self.note(f"sideways at {self.where}", overflow if overflow > 1 else 0)

    def sums_fit(self) -> None:
        wide = [r["text"] for r in self.page.evaluate(WIDE_REGIONS) if "=" in r["text"]]
        self.note(f"wide formulas at {self.where}", wide)

    def answer(self) -> None:
        """Past the page's question ("Just show me"), once the page has drawn its answer."""
        self.page.get_by_role("button", name="Just show me").first.click()
        expect(self.page.get_by_role("button", name="Just show me")).to_have_count(0)
        settle(self.page)


# The browser tab's title of each page: its own name (as the menu says it), then the app's.
TITLES = {
    page.url_path: f"{page.title} · NDCG Lab" if page.url_path else "NDCG Lab" for page in PAGES
}


def _wrong_title(path: str, title: str) -> str | None:
    """What is wrong with a page's browser title: each is its own (a screen reader's first
    words, a tab among others), set as its run starts (app.py)."""
    assert len(set(TITLES.values())) == len(TITLES), "two pages share a browser title"
    return None if title == TITLES[path] else title


# A link followed inside the app, as the browser's Back and Forward buttons do: Streamlit's
# frontend reads the new address and runs its page with the link's parameters, in the document
# (and the Streamlit session) already open.
FOLLOW = """(link) => {
  history.pushState(null, "", link);
  window.dispatchEvent(new PopStateEvent("popstate"));
}"""


@pytest.fixture(scope="module")
def _left(_tabs, browser_context_args):
    """What the desktop tab shows as this module's last test left it, once that test passed:
    "pages" (the app, opened by `test_each_page_at_every_width`), "presenter" (the app in
    presenter view, which keeps itself for the session) or None (nothing to go on from).

    A visit that finds the app as it needs it follows its link inside the app (FOLLOW)
    instead of opening a new document: a new document costs the browser 1.5–2 s of CPU before
    the page itself is drawn (Streamlit's frontend starting, its scripts, a new session), a
    followed link only the page (bench/README.md, "test_pages: each link followed inside the
    app"). The module's tests run one after another on a worker (a module fixture keeps them
    together, conftest.py); at its end the tab is left as every test leaves it."""
    left = {"shows": None}
    yield left
    _leave(_tabs("desktop", browser_context_args))


@pytest.fixture
def page(_tabs, browser_context_args, request, _left):
    """conftest's desktop tab, kept on the app for the module's next test (`_left`), what the
    app stored cleared."""
    page = _tabs("desktop", browser_context_args)
    _motion(page, request)
    shows, _left["shows"] = _left["shows"], None  # until this test has passed
    if shows is None and page.url != "about:blank":
        _leave(page)
    _left["was"] = shows
    yield page
    with contextlib.suppress(PlaywrightError):
        page.evaluate("() => localStorage.clear()")


def _open(page, link: str, app_url: str, left: dict, shows: str) -> None:
    """Go to `link` (the app's path and query): inside the app if the last test left it as
    this one needs it, else in a new document."""
    if left["was"] == shows:
        page.evaluate(FOLLOW, link)
        wait_for_app(page)
    else:
        page.goto(app_url + link)


@pytest.mark.parametrize("path", PATHS)
def test_each_page_at_every_width(page, app_url, axe_ready, dialogs, shot, path, _left):
    visit = _visit(page, shot, lambda link: _open(page, link, app_url, _left, "pages"), path)
    visit.note("dialogs", dialogs)
    assert visit.problems == {}, path
    _left["shows"] = "pages"


def _visit(page, shot, open_link, path: str) -> Visit:
    query = "&".join(f"{key}={quote(value, safe='')}" for key, value in INJECTED.items())
    visit = Visit(page, shot, path)
    name = path or "home"
    # Opened at the projector's size, then made taller: the browser draws what is in view, and
    # a page drawn at 1280×2200 through all of its loading costs chromium far more than one
    # drawn once at that size when it is still.
    page.set_viewport_size(PROJECTOR)
    open_link(f"/{path}?{query}")
    visit.at("1280×720", PROJECTOR)
    expect(page.locator("h1").first).to_be_visible()
    visit.note("browser title", _wrong_title(path, page.title()))
    if path in SHOWN:
        title, number = SHOWN[path]
        expect(page.get_by_role("heading", name=re.compile(re.escape(title))).first).to_be_visible()
        if number is not None:
            expect(page.get_by_text(number).first).to_be_attached()
    visit.nothing_cut()
    # Then the widths in falling order, so that the page is laid out again at each width once:
    # taller first (the same width, the same layout), then narrower, then a phone's.
    visit.at("desktop", DESKTOP)
    ran = visit.axe()
    visit.no_sideways_scroll()
    visit.note("injected", injected(page))
    text = shown_text(page)
    visit.note("not named", [said for said in NAMED.get(path, []) if said not in text])
    shot(f"page-{name}-1280")
    visit.at("853×480", ZOOMED)
    visit.nothing_cut()
    visit.at("phone", PHONE)
    visit.axe(sorted(LAYOUT_RULES & ran))
    visit.no_sideways_scroll()
    shot(f"page-{name}-390")
    if path in MORE:
        MORE[path](visit)
    return visit


@pytest.mark.parametrize("path", list(PRESENTED))
def test_presenter_view_reads_from_the_back_row_and_nothing_is_cut(
    page, app_url, path, shot, _left
):
    """Opened at 1920×1080 and then narrowed: the data grids take their font size when they are
    mounted and keep it through a resize, so only a page opened at 1920 draws its grids at the
    size the back row sees (the cut checks read the page's text, not the grids' canvas)."""
    if _left["was"] != "presenter":
        page.context.add_init_script(CANVAS_FONTS)  # for the pages opened from here on
    visit = Visit(page, shot, path)
    page.set_viewport_size(BACK_ROW)
    _open(
        page, f"/{path}?{PRESENTED[path]}&present=1".replace("?&", "?"), app_url, _left, "presenter"
    )
    visit.at("1920×1080", BACK_ROW)
    if path == "libraries":  # its cards and table, which must read from the back row too
        visit.answer()
    visit.note("under 24 px at 1920×1080", page.evaluate(SMALL_TEXT, BACK_ROW_PX))
    visit.nothing_cut()
    more = PRESENTED_MORE.get(path)
    if more:
        more(visit)
    for where, viewport in (("1280×720", PROJECTOR), ("853×480", ZOOMED)):
        visit.at(where, viewport)
        visit.nothing_cut()
        if more:
            more(visit)
    if path == "playground":
        shot("page-playground-presenter-853")
    assert visit.problems == {}, path
    _left["shows"] = "presenter"


# What else presenter view shows on a page, at each size of its visit (`visit.where`).


def _board_presented(visit: Visit) -> None:
    """Home and the playground presented: no sidebar, the list's NDCG on the board (its cards'
    size is SMALL_TEXT's); on a 1280×720 projector Home's board without its hint, its first row
    in the first screen."""
    page, home = visit.page, visit.path == ""
    board = page.locator(".board").first
    if visit.where == "1920×1080":
        expect(page.get_by_test_id("stSidebar")).to_be_hidden()
        expect(board.locator('[data-value="ndcg"]')).to_have_text("0.9608")
        if home:  # in the first screen, where the next size's check reads it from
            expect(page.get_by_test_id("stMetricValue").first).to_have_text("0.9608")
        else:
            board.scroll_into_view_if_needed()
        visit.shot("home-presenter" if home else "board-presenter", resized=True)
    elif visit.where == "1280×720" and home:
        expect(board.locator(".hint")).to_be_hidden()
        row = board.locator(".row").first.bounding_box()
        visit.note("board's first row below the first screen", row["y"] + row["height"] > 720)
        visit.shot("board-presenter-1280x720", resized=True)


PRESENTED_MORE = dict.fromkeys(["", "playground"], _board_presented)


# -- what else only a browser shows, on the same load --------------------------------------------


def _libraries(visit: Visit) -> None:
    """Its headline cards and table follow its question: scanned once shown too, and on a
    phone its comparison table (in a fold), wider than the screen, says it scrolls and is a Tab
    stop."""
    visit.answer()
    expect(visit.page.get_by_test_id("stMetric").first).to_be_visible()
    visit.page.get_by_text("Every library on this query, in brief").click()
    expect(visit.page.get_by_test_id("stTable").first).to_be_visible()
    visit.at("phone, answered", PHONE)
    wide = visit.page.evaluate(WIDE_REGIONS)
    visit.note("phone: the table", "not wider than a phone" if not wide else None)
    visit.note("phone: wide, unsaid", [r for r in wide if not (r["tabStop"] and r["said"])])
    visit.axe(sorted(LAYOUT_RULES))
    visit.at("desktop, answered", DESKTOP)
    visit.axe()
    for where, viewport in (("1280×720, answered", PROJECTOR), ("853×480, answered", ZOOMED)):
        visit.at(where, viewport)
        visit.nothing_cut()


def _queries(visit: Visit) -> None:
    visit.note("phone: no formula", not visit.page.locator(".katex-display").count())
    visit.sums_fit()


# url path -> (a number the page's core shows once its question is answered, the lead example's
# playground link)
WALKTHROUGHS = {
    # NDCG@3 of 1, 0, 1, 1, 0 = 1.5 / (1 + 1/log2 3 + 1/2)
    "learn-binary": ("0.7039", "/playground?rels=1,0,1,1,0&k=3"),
    # NDCG@5 of 3, 2, 3, 0, 1 = 6.1487 / 6.3235
    "learn-graded": ("0.9724", "/playground?rels=3,2,3,0,1"),
    # A, B, C, D, E = 0.5, 0.9, 0.3, 0.6, 0.1: 1.5149 / 1.6964
    "learn-continuous": ("0.8930", "/playground?rels=0.5,0.9,0.3,0.6,0.1&labels=A,B,C,D,E"),
    # example 2: 10, 9, 8, 7 reversed
    "learn-russian": ("0.9190", "/playground?rels=7,8,9,10&k=4"),
    # 3, 2, 3, 0, 1 with the gain 2^rel − 1
    "learn-gain": ("0.9575", "/playground?rels=3,2,3,0,1&gain=exponential"),
    # the mean of 0 (all zero, by convention) and 0.9724 (3, 2, 3, 0, 1)
    "learn-all-zero": ("0.4862", "/playground?rels=0,0,0,0,0"),
}


def _walkthrough(visit: Visit) -> None:
    """Its core asks first; answered, it shows its lead example's number and picture (the list
    against its ideal, on a read-only board), and its filled sums fit a phone; the fold "Step by
    step" opens and draws its charts; the lead example's playground link opens the example in
    the same tab."""
    page, path = visit.page, visit.path
    number, link = WALKTHROUGHS[path]
    # Answered on the phone the visit ends its widths on (the answer is the server's, the same
    # at every width), then looked at on a desktop once more: one width change, not three.
    expect(page.get_by_text("Answer first, or press")).to_be_visible()
    visit.answer()
    visit.where = "phone, answered"
    visit.note("phone: no formula in the reveal", not page.locator(".katex-display").count())
    visit.sums_fit()
    visit.at("desktop, answered", DESKTOP)
    expect(page.get_by_text("You went straight to the answer.")).to_be_visible()
    expect(page.get_by_text(number, exact=True).first).to_be_visible()
    expect(page.locator(".board.readonly").first).to_be_visible()
    expect(page.get_by_role("heading", name="NDCG: the ratio")).to_have_count(0)
    page.get_by_text("📚 Step by step: each term, the ideal order").click()
    expect(page.get_by_role("heading", name="NDCG: the ratio").first).to_be_visible()
    # Its contribution bars, drawn by the page's own chart (ui/charts/lines): no plotly.
    expect(page.locator(".lines .plot svg rect").first).to_be_visible()
    visit.note("plotly on a walkthrough", page.locator(".js-plotly-plot").count())
    settle(page)  # nothing faded: the link read below is the lead example's
    playground = page.get_by_role("link", name="Open in playground").first
    expect(playground).to_be_visible()
    href = "/" + unquote(playground.get_attribute("href")).lstrip("/")
    visit.note("playground link", None if href == link else href)
    visit.note("new tab", playground.get_attribute("target") not in (None, "", "_self"))
    visit.shot(f"page-{path}-revealed")
    _languages_and_folds(visit)


# Walkthroughs with words of another language: tagged with it in the page (by the app's script)
# once the question is answered, and only those words, not the English around them (a screen
# reader reads them in that language): (language, a sample of its words, whether they are in the
# further examples' fold, drawn once opened).
LANGUAGES = {
    "learn-russian": ("ru", "Неидеальное ранжирование", True),
    "learn-continuous": ("zh", "归一化折损累计增益", False),
}


def _languages_and_folds(visit: Visit) -> None:
    """After the walkthrough's own checks: its text in another language is tagged, and (on
    learn-graded, whose folds hold most of it: every further example, its source checks) with
    its folds open axe-core still finds nothing, headings in order."""
    page, path = visit.page, visit.path
    if path in LANGUAGES:
        lang, sample, further = LANGUAGES[path]
        if further:
            page.get_by_text(re.compile(r"^📚 \d+ more examples?")).click()
        tagged = page.locator(f'[lang="{lang}"]', has_text=sample)
        expect(tagged.first).to_be_attached()
        visit.note(f"English inside lang={lang}", "Example" in tagged.first.text_content())
        visit.note("page's language", page.evaluate("document.documentElement.lang") != "en")
        if lang == "zh":  # drawn in glyphs: the app's own CJK font (this machine has none)
            page.wait_for_function(CJK_FONT_LOADED)
    if path == "learn-graded":
        page.get_by_text("📚 5 more examples").click()
        expect(
            page.get_by_role("heading", name="Wikipedia today", exact=False).first
        ).to_be_visible()
        visit.at("desktop, every fold open", DESKTOP)
        visit.axe()


MORE = {"libraries": _libraries, "queries": _queries} | dict.fromkeys(WALKTHROUGHS, _walkthrough)
