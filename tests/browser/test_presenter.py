"""Presenter view in a real browser: large enough at 1920×1080 to read from the back row (24 px
and more, charts, tables, widget values and cards included), nothing cut to "…" on a 1280×720
projector at 100 % and 150 % (and in normal view at 150 %), and a page switcher and an exit at
the top of every page; every link keeps presenter view, in the same tab."""

from urllib.parse import unquote

import pytest
from playwright.sync_api import expect

from devtools.waits import open_context, settle
from ndcg_core import ndcg
from tests.browser.conftest import CHART_TEXT_OUTSIDE, CUT_TEXT

pytestmark = pytest.mark.browser

PAGES = [
    "?rels=3,2,3,0,1,2",
    "playground?rels=3,2,3,0,1,2",
    "ordering?rels=3,2,3,0,1,2",
    "queries",
    "libraries?rels=3,2,3,0,1,2&scores=0.9,0.9,0.5,0.5,0.2,0.1",
    "learn-russian",
    "practice?seed=4711",
]
BACK_ROW_PX = 24

# Every canvas text (the data grids draw on a canvas) is recorded with its font and the page's
# root font size when it was drawn: the grids draw as they are mounted, once, and a draw from
# before the presenter style applied (another root size) is not what the back row sees.
CANVAS_FONTS = """(() => {
  window.canvasFonts = new Set();
  const fill = CanvasRenderingContext2D.prototype.fillText;
  CanvasRenderingContext2D.prototype.fillText = function (...args) {
    const root = getComputedStyle(document.documentElement).fontSize;
    window.canvasFonts.add(`${root}|${this.font}`);
    return fill.apply(this, args);
  };
})();"""

# Visible text on the page smaller than `min`: elements with text of their own, widget values,
# chart text, grid text and the drag cards (in their own frame).
SMALL_TEXT = """(min) => {
  const small = [];
  const size = (e) => parseFloat(getComputedStyle(e).fontSize);
  const main = document.querySelector('[data-testid="stMain"]');
  for (const e of main.querySelectorAll('*')) {
    if (!e.getClientRects().length || e.closest('svg, .katex, iframe')) continue;
    const own = [...e.childNodes].some(n => n.nodeType === 3 && n.nodeValue.trim());
    if ((own || e.matches('input, textarea')) && size(e) < min) {
      small.push(`${e.tagName} ${size(e)}px: ${(e.value || e.textContent).trim().slice(0, 40)}`);
    }
  }
  for (const t of main.querySelectorAll('[data-testid="stPlotlyChart"] svg.main-svg text')) {
    if (!t.textContent.trim() || !t.getBoundingClientRect().width) continue;
    if (getComputedStyle(t).display === 'none') continue;
    if (size(t) < min) small.push(`chart ${size(t)}px: ${t.textContent.slice(0, 40)}`);
  }
  const root = getComputedStyle(document.documentElement).fontSize;
  for (const drawn of window.canvasFonts || []) {
    const [drawnAt, font] = drawn.split('|');
    if (drawnAt === root && parseFloat(font) < min) small.push(`grid ${font}`);
  }
  // The ranking board and the line charts draw in shadow roots of their own.
  for (const host of main.querySelectorAll('*')) {
    const cards = host.shadowRoot ? host.shadowRoot.querySelectorAll('.board .card') : [];
    for (const card of cards) {
      if (size(card) < min) small.push(`card ${size(card)}px: ${card.textContent}`);
    }
    const lines = host.shadowRoot ? host.shadowRoot.querySelectorAll('.lines svg text, .lines .legend .entry') : [];
    for (const t of lines) {
      if (t.textContent.trim() && size(t) < min) small.push(`line chart ${size(t)}px: ${t.textContent.slice(0, 40)}`);
    }
  }
  return small;
}"""


@pytest.fixture
def projector(browser):
    """A 1920×1080 screen."""
    context = open_context(browser, viewport={"width": 1920, "height": 1080})
    yield context.new_page()
    context.close()


@pytest.fixture
def zoomed(browser):
    """A 1280×720 projector at 150 % zoom: 853×480 CSS pixels at a device scale of 1.5."""
    context = open_context(browser, viewport={"width": 853, "height": 480}, device_scale_factor=1.5)
    context.add_init_script(CANVAS_FONTS)
    yield context.new_page()
    context.close()


def _past_the_question(page) -> None:
    """/libraries asks first: its cards and table, which must read from the back row too, come
    after "Just show me" (kept in the browser's storage, so a reload finds them shown)."""
    skip = page.get_by_role("button", name="Just show me")
    if skip.count():
        skip.click()
    expect(page.get_by_test_id("stMetric").first).to_be_visible()
    settle(page)


@pytest.mark.parametrize("path", PAGES)
def test_nothing_is_cut_on_a_1280_projector_and_presenter_view_reads_from_the_back_row(
    zoomed, app_url, path, shot
):
    """No number, label, button or link ends in "…", and no chart text is clipped: in normal
    view and in presenter view, at 150 % and at 100 % (1280×720). Presenter view on a 1920×1080
    screen is large enough to read from the back row: no text under BACK_ROW_PX. One page load
    per view: the other sizes are the same page resized (laid out again). Presenter view is
    opened at 1920×1080 and then narrowed: the data grids take their font size when they are
    mounted and keep it through a resize, so only a page opened at 1920 draws its grids at the
    size the back row sees (the cut checks read the page's text, not the grids' canvas)."""
    joiner = "&" if "?" in path else "?"
    full, zoomed_in = {"width": 1280, "height": 720}, {"width": 853, "height": 480}
    found = {}
    for view, size, address in [
        ("normal 150 %", None, f"{app_url}/{path}"),
        ("normal 100 %", full, None),
        (
            "presenter 1920×1080",
            {"width": 1920, "height": 1080},
            f"{app_url}/{path}{joiner}present=1",
        ),
        ("presenter 100 %", full, None),
        ("presenter 150 %", zoomed_in, None),
    ]:
        if size:
            zoomed.set_viewport_size(size)
        if address:
            zoomed.goto(address)
        settle(zoomed)  # the page laid out again at its new size
        if path.startswith("libraries"):
            _past_the_question(zoomed)
        problems = zoomed.evaluate(CUT_TEXT) + zoomed.evaluate(CHART_TEXT_OUTSIDE)
        if view == "presenter 1920×1080":
            problems += zoomed.evaluate(SMALL_TEXT, BACK_ROW_PX)
        if problems:
            found[view] = problems
    if path.startswith("playground"):
        shot("presenter-1280-150", of=zoomed)
    assert found == {}


def test_presenter_view_keeps_itself_and_has_a_switcher_and_an_exit(projector, app_url, shot):
    projector.goto(f"{app_url}/learn-binary?present=1")
    settle(projector)
    # The way out and the page switcher sit at the top of the first screen.
    exit_button = projector.get_by_role("button", name="Normal view")
    pages = projector.get_by_role("button", name="☰ Pages")
    for control in (exit_button, pages):
        expect(control).to_be_visible()
        assert control.bounding_box()["y"] < 200
    expect(projector.get_by_test_id("stSidebar")).to_be_hidden()

    # The walkthrough's link opens the playground in this tab, still presenting.
    link = projector.get_by_role("link", name="Open in playground").first
    assert "present=1" in unquote(link.get_attribute("href"))
    link.click()
    projector.wait_for_url("**/playground?**present=1**")
    settle(projector)
    assert len(projector.context.pages) == 1
    expect(projector.get_by_test_id("stSidebar")).to_be_hidden()
    # The walkthrough's lead example: 1, 0, 1, 1, 0 at k = 3.
    expect(projector.get_by_test_id("stMetricValue").first).to_have_text(
        f"{ndcg([1, 0, 1, 1, 0], 3):.4f}"
    )
    shot("presenter-playground-1920", of=projector)

    # The switcher reaches any page, still presenting.
    projector.get_by_role("button", name="☰ Pages").click()
    projector.get_by_test_id("stPopoverBody").get_by_role("link", name="Ordering effects").click()
    projector.wait_for_url("**/ordering?**present=1**")
    settle(projector)
    expect(projector.get_by_role("heading", name="Ordering effects").first).to_be_visible()

    # And the exit at the top brings the sidebar back, on the same page.
    projector.get_by_role("button", name="Normal view").click()
    expect(projector.get_by_test_id("stSidebar")).to_be_visible()
    assert "present" not in projector.url and "/ordering" in projector.url
