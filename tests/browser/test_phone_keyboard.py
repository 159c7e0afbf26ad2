"""Phones and keyboards in a real browser.

Phone: a 390×844 touch screen (is_mobile, has_touch, device scale 2). The moves sit on one row
and NDCG stays in sight while reordering; pickers open without a keyboard; no chart toolbar
over a legend and no chart text clipped; the swap heatmap leaves out numbers too narrow to read
and says how to tap; formulas break across lines and keep their result in sight; anything wider
than the screen says that it scrolls and can be scrolled by keyboard; a swipe on a card cannot
become the browser's "back".

Keyboard (1280 wide): focus stays where the user was after typing a list or editing a table
cell; chart toolbars and heading links are not Tab stops; the menu shows focus.

A page load is most of a test's time here: checks that only read a page share one load of it
(each problem named by what was checked), and checks that change it come after those in the
same load, each from the state the one before left (the desktop playground's Tab walk, then a
cell edit, then a typed list).
"""

import pytest
from playwright.sync_api import expect

from devtools.waits import settle
from ndcg_core import ndcg
from tests.browser.checks import CHART_TEXT_OUTSIDE, WIDE_REGIONS

pytestmark = pytest.mark.browser


def _fold_summary(page, label: str):
    """The label of the fold whose label contains `label`: a click or Enter on it opens it."""
    return page.get_by_test_id("stExpander").locator("summary").filter(has_text=label)


# The note under each data grid that is wider than its box.
GRID_NOTES = """() => [...document.querySelectorAll('[data-testid="stDataFrame"] .dvn-scroller')]
  .filter(e => e.scrollWidth > e.clientWidth + 2)
  .map(e => getComputedStyle(e.closest('[data-testid="stElementContainer"]'), '::after').content)"""


def _in_view(page, locator) -> bool:
    box = locator.bounding_box()
    height = page.viewport_size["height"]
    return box is not None and box["y"] >= 0 and box["y"] + box["height"] <= height


# How far a data grid's toolbar, shown, reaches over the element above the grid (px; 0: none).
TOOLBAR_OVER_ABOVE = """grid => {
  const box = grid.closest('[data-testid="stElementContainer"]');
  const toolbar = box.querySelector('[data-testid="stElementToolbar"]');
  const above = box.previousElementSibling;
  if (!toolbar || getComputedStyle(toolbar).opacity === "0" || !above) return 0;
  return Math.max(0, above.getBoundingClientRect().bottom - toolbar.getBoundingClientRect().top);
}"""


def test_reordering_on_a_phone_keeps_ndcg_in_sight(phone, app_url, shot):
    phone.goto(f"{app_url}/playground?rels=3,2,3,0,1,2")
    settle(phone)
    # The playground's one-line readout at the foot of a phone's screen repeats the board's
    # NDCG: hidden while the board's own total is on screen, shown once it has scrolled away.
    foot = phone.locator('[data-testid="stLayoutWrapper"]:has(> [class*="st-key-readout_"])')
    phone.locator(".board .totals").first.scroll_into_view_if_needed()
    expect(phone.locator("html")).to_have_attribute("data-board-total-in-view", "")
    expect(foot).to_be_hidden()
    expect(foot.get_by_text("NDCG@6 =")).to_be_hidden()  # its text too
    settle(phone)
    shot("board-phone-readout-aside", of=phone)
    phone.get_by_role("heading", name="🎛️ Playground").scroll_into_view_if_needed()
    expect(phone.locator("html")).not_to_have_attribute("data-board-total-in-view", "")
    expect(foot).to_be_visible()

    moves = [
        phone.get_by_role("button", name=name, exact=True) for name in ("Up", "Down", "Top", "End")
    ]
    moves[0].scroll_into_view_if_needed()
    rows = {round(move.bounding_box()["y"]) for move in moves}
    assert len(rows) == 1, "the four moves share one row"

    # A tap on a card selects it for the moves (its grip would pick it up).
    phone.locator(".board .card", has_text="D4").tap()
    expect(phone.locator(".board .row.selected .label")).to_have_text("D4")

    moves[2].tap()  # Top
    readout = phone.locator('[class*="st-key-readout_"]')
    want = f"NDCG@6 = {ndcg([0, 3, 2, 3, 1, 2]):.4f}"
    expect(readout).to_contain_text(want)
    settle(phone)  # measured once the page has finished drawing
    moves[2].scroll_into_view_if_needed()
    # The new NDCG beside the moves: the board's own, or, once that has scrolled away, the
    # readout at the foot of the screen (hidden while the board's is in view).
    totals = phone.locator(".board .totals").first
    shown = totals if _in_view(phone, totals) else readout
    assert _in_view(phone, moves[2]) and _in_view(phone, shown), "the result beside the moves"
    expect(shown).to_be_visible()
    shot("phone-playground-moves", of=phone)


def test_the_playground_on_a_phone_scrolls_wide_parts_and_charts_have_no_toolbar(
    phone, app_url, shot
):
    """One load of the playground, several read-only checks (none changes the page's state,
    so each sees the page as opened): a swipe on a card stays on the card, the worked sums fit,
    the breakdown grid says it scrolls, and the charts have no toolbar and nothing clipped. The
    list has eight items, so its worked sums are the longest of the pages checked."""
    phone.goto(f"{app_url}/playground?rels=3,2,3,0,1,2,3,1")
    settle(phone)
    problems = {}

    # A swipe on a card scrolls the page; only its grip lifts it (the board then keeps the page
    # from scrolling: tests/browser/test_board.py).
    expect(phone.get_by_text("Drag a card by its grip")).to_be_visible()
    swipe = {
        "card": phone.locator(".board .card").first.evaluate(
            "e => getComputedStyle(e).touchAction"
        ),
        "scroller": phone.locator(".board .scroller").first.evaluate(
            "e => getComputedStyle(e).overscrollBehaviorY"
        ),
        "page": phone.locator("html").evaluate("e => getComputedStyle(e).overscrollBehaviorX"),
    }
    if swipe != {"card": "pan-y", "scroller": "contain", "page": "none"}:
        problems["swipe"] = swipe

    # Every worked sum breaks across lines to fit: nothing to scroll to find the total. The
    # sums term by term are folded: opened as a reader opens them.
    _fold_summary(phone, "DCG and IDCG term by term").tap()
    settle(phone)
    if not phone.locator(".katex-display").count():
        problems["formulas"] = "no formula on the page"
    elif wide := [r["text"] for r in phone.evaluate(WIDE_REGIONS) if "=" in r["text"]]:
        problems["formulas"] = wide

    # The 15-column breakdown grid scrolls on its own, and says so under it.
    _fold_summary(phone, "Position by position").tap()
    # The grid lays itself out in view: wait until it is wider than its box, then until the
    # page is still (the app's script adds the note after a change).
    phone.wait_for_function(f"() => ({GRID_NOTES})().length > 0")
    settle(phone)
    notes = phone.evaluate(GRID_NOTES)
    if not (notes and all("sideways" in note for note in notes)):
        problems["grid note"] = notes
    # A tap leaves the grid's toolbar shown, above the grid: it covers nothing drawn there (it
    # covered the end of the heading).
    grid = phone.locator('[data-testid="stDataFrame"]').filter(visible=True).last
    box = grid.bounding_box()
    phone.touchscreen.tap(box["x"] + box["width"] / 2, box["y"] + box["height"] - 12)
    settle(phone)
    if covered := grid.evaluate(TOOLBAR_OVER_ABOVE):
        problems["grid toolbar"] = covered
    shot("phone-playground-table", of=phone)

    problems |= _charts_on_a_phone(phone, "playground")
    assert problems == {}


def _charts_on_a_phone(phone, where: str) -> dict:
    """A tap on the first chart shows no toolbar (plotly's) or shows the point's numbers
    within the screen (the page's own line charts), and no chart text is clipped."""
    problems = {}
    if phone.locator(".js-plotly-plot").count():
        chart = phone.locator(".js-plotly-plot").first
        chart.scroll_into_view_if_needed()
        chart.tap()
        toolbar = phone.locator(".modebar-container").first
        visibility = toolbar.evaluate("e => getComputedStyle(e).visibility")
        if visibility != "hidden":
            problems[f"{where} toolbar"] = visibility
    else:
        chart = phone.locator(".lines").first
        chart.scroll_into_view_if_needed()
        chart.locator(".plot svg").tap()
        tip = chart.locator(".tip")
        expect(tip).to_be_visible()
        box, screen = tip.bounding_box(), phone.viewport_size
        if box["x"] < 0 or box["x"] + box["width"] > screen["width"]:
            problems[f"{where} tip off screen"] = box
    if clipped := phone.evaluate(CHART_TEXT_OUTSIDE):
        problems[f"{where} clipped"] = clipped
    return problems


def test_the_ordering_charts_on_a_phone_have_no_toolbar_and_the_heatmap_says_tap(
    phone, app_url, shot
):
    phone.goto(f"{app_url}/ordering?rels=3,2,3,0,1,2")
    settle(phone)
    assert _charts_on_a_phone(phone, "ordering") == {}
    # The heatmap: six cells to a row on a phone is too narrow for numbers; the words say tap.
    cells = phone.locator(".heatmap-label")
    assert cells.count() and cells.evaluate_all(
        "all => all.every(e => getComputedStyle(e).display === 'none')"
    )
    expect(phone.get_by_text("tap a cell once to see it and a second time to swap")).to_be_visible()
    phone.locator(".js-plotly-plot").first.scroll_into_view_if_needed()
    shot("phone-ordering-heatmap", of=phone)


# ------------------------------------------------------------------------------ the keyboard

FOCUS = """() => {
  const a = document.activeElement;
  const key = (a.closest('[class*="st-key-"]') || {className: ''}).className.match(/st-key-\\S+/);
  return {tag: a.tagName, key: key && key[0]};
}"""


# Where a Tab press landed, in one look: on the fold's label, on the download button, or the
# stop's class and name. (One look, not three: a look is a round trip to the browser, tens of ms
# on a loaded machine, and the walk has about seventy stops.)
LANDED = """([fold, button]) => {
  const a = document.activeElement;
  return {
    fold: a === fold, button: !!button && a === button,
    stop: (a.className && a.className.baseVal === undefined ? a.className : '')
      + '|' + (a.getAttribute('aria-label') || ''),
  };
}"""


def _ndcg(page):
    return page.get_by_test_id("stMetricValue").first


def test_tab_skips_chart_toolbars_and_heading_links_and_the_menu_shows_focus_and_focus_stays(
    page, app_url
):
    """One load of the playground: the Tab walk (which changes nothing but a fold opened), then
    the focus after a cell edit in the table, then after typing a list (each changes the list,
    the typed one last)."""
    page.goto(f"{app_url}/playground?rels=3,2,3,0,1,2")
    settle(page)
    target = page.get_by_role("button", name="Download this table (CSV)", include_hidden=True)
    # The table and its button are folded: the keyboard user opens the fold with Enter on its way.
    fold = _fold_summary(page, "Position by position").element_handle()
    button = None  # the download button's element, once its fold is open
    stops = []
    for _ in range(150):
        page.keyboard.press("Tab")
        landed = page.evaluate(LANDED, [fold, button])
        if landed["button"]:
            break
        if landed["fold"]:
            page.keyboard.press("Enter")
            expect(target).to_be_attached()  # drawn once its fold is open (views/playground.py)
            settle(page)
            button = target.element_handle()
        stops.append(landed["stop"])
    else:
        raise AssertionError("Tab never reached the download button")
    assert not [s for s in stops if "modebar-btn" in s or "Link to heading" in s]
    # There were once 108, 35 of them toolbar buttons and anchors; the menu now lists every
    # page (about twenty links) instead of ten and "View more".
    assert len(stops) < 90

    # The menu shows where the keyboard is (on the same page: Tab moves the focus and nothing
    # else).
    link = page.get_by_test_id("stSidebarNavLink").filter(has_text="Ordering effects")
    link.focus()
    page.keyboard.press("Shift+Tab")
    page.keyboard.press("Tab")  # focus arrives by keyboard, so :focus-visible applies
    outline = link.evaluate(
        "e => [getComputedStyle(e).outlineStyle, parseFloat(getComputedStyle(e).outlineWidth)]"
    )
    assert outline[0] == "solid" and outline[1] >= 2

    _focus_stays_in_the_table_after_a_cell_edit(page)
    _focus_stays_after_typing_a_list(page)


def _focus_stays_in_the_table_after_a_cell_edit(page) -> None:
    """On the playground at 3, 2, 3, 0, 1, 2, the table's fold closed."""
    page.get_by_text("Edit labels and relevances in a table").click()
    editor = page.locator('[class*="st-key-playground_table_"]')
    expect(editor.locator("canvas").first).to_be_visible()
    settle(page)  # the expander has finished opening (its animation) and the grid is drawn
    grid = editor.locator('[data-testid="stDataFrameResizable"], canvas').first
    box = grid.bounding_box()
    # The first row's relevance: the second column, one row below the header. Clicked once the
    # grid stands still (Playwright checks), and the grid has the keyboard then: an Enter that
    # reached the expander's title instead would close it.
    grid.click(position={"x": box["width"] * 0.75, "y": 35 + 17})
    # The grid gives the focus to the cell's entry in its own table for screen readers, which
    # it keeps out of sight (a hidden <td>): focus inside the editor is what counts.
    editor.locator(":focus").wait_for(state="attached")
    for value, want in (("5", [5, 2, 3, 0, 1, 2]), ("4", [5, 4, 3, 0, 1, 2])):
        page.keyboard.press("Enter")  # opens the cell's editor
        cell = page.locator("input.gdg-input")
        expect(cell).to_be_focused()
        # The grid's editor finishes opening, and takes in what is typed, in timers of its own:
        # an Enter before they have run closes the editor without the new value (seen 2 in 6).
        settle(page)
        page.keyboard.press("Control+A")
        page.keyboard.type(value)
        expect(cell).to_have_value(value)
        settle(page)
        page.keyboard.press("Enter")  # applies the cell and moves down a row
        expect(_ndcg(page)).to_have_text(f"{ndcg(want):.4f}")
        settle(page)
        focus = page.evaluate(FOCUS)
        assert focus["key"] and focus["key"].startswith("st-key-playground_table_"), focus


def _focus_stays_after_typing_a_list(page) -> None:
    box = page.get_by_role("textbox", name="Relevances, top of the ranking first")
    box.focus()
    page.keyboard.press("Control+A")
    page.keyboard.type("1, 0, 2, 3")
    page.keyboard.press("Tab")  # applies the list and moves on, to the reset button
    expect(_ndcg(page)).to_have_text(f"{ndcg([1, 0, 2, 3]):.4f}")
    expect(page.locator(".board .row")).to_have_count(4)
    settle(page)
    assert page.evaluate(FOCUS)["key"] == "st-key-playground_reset"
    # On through the board's buttons to its first card, one Tab stop named by what it holds.
    focused = (
        "b => { const a = b.getRootNode().activeElement;"
        " return a && a.classList.contains('card') ? a.textContent : null; }"
    )
    for _ in range(20):
        page.keyboard.press("Tab")
        if page.locator(".board").first.evaluate(focused):
            break
    assert page.locator(".board").first.evaluate(focused) == "D1 rel 1, position 1 of 4"
