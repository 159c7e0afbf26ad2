"""The playground in a real browser: open a shared link, type a list, read a bad one; its
curves drawn in the page."""

import re

from playwright.sync_api import expect

from devtools.waits import open_context, settle, wait_for_app
from ndcg_core import dcg, ndcg
from ndcg_core.display import fixed
from tests.browser.conftest import DESKTOP, MOTION


def ndcg_shown(page):
    return page.get_by_test_id("stMetricValue").first


# The fold that holds the formula's sums and the two further curves, as a reader opens it.
CURVES_FOLD = "DCG and IDCG term by term, CG, and the curves explained"


def open_fold(page, label: str) -> None:
    fold = page.get_by_test_id("stExpander").filter(has_text=label)
    fold.locator("summary").click()
    expect(fold.locator("details")).to_have_attribute("open", "")


# What the NDCG@k chart's note covers: the curve's markers and the sampled points of its line
# that fall under the note's ground (in the drawing's pixels), as [x, y] pairs.
NOTE_COVERS = """svg => {
  const ground = svg.querySelector('rect.note-ground').getBBox();
  const inside = (x, y) => x >= ground.x - 1 && x <= ground.x + ground.width + 1
    && y >= ground.y - 1 && y <= ground.y + ground.height + 1;
  const covered = [];
  for (const dot of svg.querySelectorAll('circle')) {
    const r = Number(dot.getAttribute('r')), x = Number(dot.getAttribute('cx')),
      y = Number(dot.getAttribute('cy'));
    for (const [dx, dy] of [[0, 0], [r, 0], [-r, 0], [0, r], [0, -r]]) {
      if (inside(x + dx, y + dy)) covered.push([x, y]);
    }
  }
  for (const line of svg.querySelectorAll('polyline')) {
    const length = line.getTotalLength();
    for (let at = 0; at <= length; at += 2) {
      const point = line.getPointAtLength(at);
      if (inside(point.x, point.y)) covered.push([point.x, point.y]);
    }
  }
  return covered;
}"""


def test_playground_link_and_typing(page, app_url, shot):
    page.goto(f"{app_url}/playground?rels=3,2,3,0,1,2")
    wait_for_app(page)
    expect(ndcg_shown(page)).to_have_text("0.9608")
    expect(page.locator(".lines .plot svg").first).to_be_visible()
    shot("playground")
    open_fold(page, CURVES_FOLD)

    # The NDCG@k chart's label of your k hides none of the curve, on a wide screen or a phone's.
    curve = page.locator(".lines").nth(2).locator(".plot svg")
    expect(curve.locator("text", has_text="NDCG@6 = 0.9608")).to_be_visible()
    assert curve.evaluate(NOTE_COVERS) == []
    wide = curve.get_attribute("width")
    page.set_viewport_size({"width": 390, "height": 844})
    expect(curve).not_to_have_attribute("width", wide)
    assert curve.evaluate(NOTE_COVERS) == []
    page.set_viewport_size(DESKTOP)
    expect(curve).to_have_attribute("width", wide)

    box = page.get_by_role("textbox", name="Relevances, top of the ranking first")
    box.fill("3, 2, 3, 0, 1, 2, 3")
    box.press("Control+Enter")
    expect(ndcg_shown(page)).to_have_text(f"{ndcg([3, 2, 3, 0, 1, 2, 3]):.4f}")
    # The address bar shows plain commas, like every link the app writes (not rels=3%2C2%2C…).
    expect(page).to_have_url(re.compile(r"rels=3,2,3,0,1,2,3"))

    # The board shows the typed list; moving its cards is tests/browser/test_board.py's.
    expect(page.locator(".board .row")).to_have_count(7)
    expect(page.locator('.board [data-value="ndcg"]')).to_have_text(
        f"{ndcg([3, 2, 3, 0, 1, 2, 3]):.4f}"
    )

    # The change since the previous ordering sits under the number.
    expect(page.get_by_test_id("stMetricDelta").first).to_be_visible()
    page.mouse.move(0, 0)  # no tooltip over the screenshot
    shot("playground-typed")


def test_playground_pool_link_and_bad_input(page, app_url, shot):
    page.goto(f"{app_url}/playground?rels=3,2,3,0,1,2&pool=3,2&labels=<b>x</b>,B,C,D,E,F")
    wait_for_app(page)
    expect(ndcg_shown(page)).to_have_text("0.7850")
    expect(page.locator("b", has_text="x")).to_have_count(0)  # labels are text, not HTML
    box = page.get_by_role("textbox", name="Relevances, top of the ranking first")
    box.fill("3, oops, 1")
    box.press("Control+Enter")
    expect(page.get_by_test_id("stAlertContentError").first).to_contain_text("oops")
    expect(ndcg_shown(page)).to_have_text("0.7850")
    shot("playground-bad-input")


# The centre of the x tick labelled `text` in a line chart's drawing, in page pixels.
TICK_AT = """(svg, text) => {
  const tick = [...svg.querySelectorAll('text.tick')].find(t => t.textContent === text
    && t.getAttribute('text-anchor') === 'middle');
  const box = tick.getBoundingClientRect();
  return box.left + box.width / 2;
}"""


def test_the_curves_are_drawn_in_the_page_and_answer_the_pointer(page, app_url, shot):
    """The three curves are the page's own line charts: no plotly is fetched, each is named,
    k is marked, the pointer shows a point's numbers, a narrower window redraws them, and a
    typed change redraws them with the page."""
    scripts: list[str] = []

    def record(request):
        scripts.append(request.url)

    page.on("request", record)
    rels = [3, 2, 3, 0, 1, 2]
    page.goto(f"{app_url}/playground?rels=3,2,3,0,1,2&k=3")
    wait_for_app(page)
    settle(page)
    page.remove_listener("request", record)  # the tab is shared with the next tests
    assert not [url for url in scripts if "plotly" in url.lower()], scripts

    open_fold(page, CURVES_FOLD)
    charts = page.locator(".lines")
    expect(charts).to_have_count(3)
    names = [charts.nth(i).get_attribute("aria-label") for i in range(3)]
    assert all(name and name.startswith("Line chart") for name in names), names
    assert page.locator(".lines .plot svg[aria-hidden='true']").count() == 3
    cumulative = charts.nth(0)
    expect(cumulative.locator(".legend")).to_have_text(
        "Ideal: IDCG up to here" + "Yours: DCG up to here"
    )
    expect(cumulative.locator("text", has_text="k = 3")).to_have_count(1)
    expect(
        charts.nth(2).locator("text", has_text=f"NDCG@3 = {fixed(ndcg(rels, 3))}")
    ).to_be_visible()

    # The pointer over position 3 of the running totals: both curves' numbers there.
    cumulative.scroll_into_view_if_needed()
    plot = cumulative.locator(".plot svg").bounding_box()
    x = cumulative.locator(".plot svg").evaluate(TICK_AT, "3")
    page.mouse.move(x, plot["y"] + plot["height"] / 2)
    tip = cumulative.locator(".tip")
    expect(tip).to_be_visible()
    expect(tip).to_contain_text(f"DCG@3 = {fixed(dcg(rels, 3))}")
    expect(tip).to_contain_text(f"IDCG@3 = {fixed(dcg(sorted(rels, reverse=True), 3))}")
    expect(tip).to_contain_text("your item: D3")
    shot("playground-curve-hover")
    page.mouse.move(0, 0)
    expect(tip).to_be_hidden()

    # A narrower window: each chart is drawn again to its column's new width.
    before = cumulative.locator(".plot svg").get_attribute("width")
    page.set_viewport_size({**DESKTOP, "width": 900})
    expect(cumulative.locator(".plot svg")).not_to_have_attribute("width", before)
    widths = cumulative.evaluate(
        "f => [f.querySelector('.plot svg'), f.querySelector('.plot')]"
        ".map(e => e.getBoundingClientRect().width)"
    )
    assert abs(widths[0] - widths[1]) <= 1, widths  # the drawing, then its column

    # A typed change redraws the curves with the rest of the page.
    box = page.get_by_role("textbox", name="Relevances, top of the ranking first")
    box.fill("0, 1, 2, 3")
    box.press("Control+Enter")
    expect(
        charts.nth(2).locator("text", has_text=f"NDCG@3 = {fixed(ndcg([0, 1, 2, 3], 3))}")
    ).to_be_visible()


def test_the_link_to_this_view_is_copied_by_its_button(browser, app_url, shot):
    """The sidebar's box holds this view's full address; its button copies it: through the
    clipboard API on a secure page (localhost, https), else by selecting it and the browser's
    copy command (a plain-http classroom server), and says which it did."""
    view = f"{app_url}/playground?rels=3,2,1&k=2"
    for clipboard_api in (True, False):
        context = open_context(browser, **MOTION, viewport={"width": 1280, "height": 900})
        try:
            if clipboard_api:
                context.grant_permissions(["clipboard-read", "clipboard-write"])
            else:  # as on a page that is not secure: no clipboard API at all
                context.add_init_script("delete Navigator.prototype.clipboard;")
            page = context.new_page()
            page.goto(view)
            wait_for_app(page)
            box = page.get_by_role("group", name="This view")
            expect(box.locator("code")).to_have_text(view)
            box.get_by_role("button", name="Copy link: This view").click()
            status = box.get_by_role("status")
            if clipboard_api:
                expect(status).to_have_text("Copied: paste it anywhere.")
                assert page.evaluate("navigator.clipboard.readText()") == view
                shot("playground-link-copied", of=page)
            else:
                expect(status).to_have_text(re.compile(r"^(Copied: paste it|Selected: press)"))
                assert page.evaluate("String(window.getSelection())") == view
        finally:
            context.close()
