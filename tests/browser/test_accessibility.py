"""Accessibility in a real browser: the playground by keyboard alone, and charts named and
described to a screen reader. Made on each page's one visit in tests/browser/test_pages.py
instead (a visit is most of a browser test's time): axe-core on every page at desktop and
phone widths (what it leaves out, and why: tests/browser/checks.py), a walkthrough's folds
all open, each page's own browser title, and Russian and Chinese text tagged with its language.
"""

import re

from playwright.sync_api import expect

from devtools.waits import settle
from ndcg_core import ndcg
from tests.browser.checks import axe_scan


def test_charts_are_named_and_described_by_their_caption_and_table(page, app_url):
    # Home draws its list on the ranking board, no chart: the ordering page's charts, then.
    page.goto(f"{app_url}/ordering?rels=3,2,3,0,1,2")
    settle(page)
    charts = page.get_by_role("figure")
    expect(charts.first).to_have_attribute("aria-label", re.compile(r"\w+: "))  # "Heatmap: …"
    with_table = []
    for chart in charts.all():
        described = (chart.get_attribute("aria-describedby") or "").split()
        texts = [page.locator(f"#{ident}").text_content() for ident in described]
        if texts and "as a table" in texts[-1]:
            with_table.append((chart, texts))
    assert with_table, "no chart described by its caption and its table"
    chart, texts = with_table[0]
    assert len(texts) == 2 and texts[0].strip()  # the caption under it, then the table
    # The drawing itself (a stream of tick labels to a screen reader) is hidden from it.
    hidden = chart.locator("svg.main-svg").evaluate_all(
        "all => all.every(e => e.getAttribute('aria-hidden') === 'true')"
    )
    assert hidden


def _ndcg(page):
    return page.get_by_test_id("stMetricValue").first


def _tab_to(page, target, limit: int = 200) -> None:
    """Press Tab until `target` has the keyboard focus (in the page, or in the board's own
    shadow root)."""
    for _ in range(limit):
        if target.evaluate(
            "e => { const root = e.getRootNode(); return root.activeElement === e"
            " && (root === document || document.activeElement === root.host); }"
        ):
            return
        page.keyboard.press("Tab")
    raise AssertionError(f"Tab never reached {target}")


def test_playground_by_keyboard_alone(page, app_url, shot, axe_ready):
    page.goto(f"{app_url}/playground?rels=3,2,3,0,1,2")
    settle(page)
    expect(_ndcg(page)).to_have_text(f"{ndcg([3, 2, 3, 0, 1, 2]):.4f}")

    # D4 (relevance 0) on the board: the list is one Tab stop (its first card), the arrows go
    # down to D4; Space picks it up, three arrows up, Space drops it at 1.
    _tab_to(page, page.locator(".board .card").first)
    for _ in range(3):
        page.keyboard.press("ArrowDown")
    page.keyboard.press("Space")
    for _ in range(3):
        page.keyboard.press("ArrowUp")
    page.keyboard.press("Space")
    expect(_ndcg(page)).to_have_text(f"{ndcg([0, 3, 2, 3, 1, 2]):.4f}")
    settle(page)
    # It stays selected for the move buttons: 'Down' moves it one place, 'Up' back. The
    # toolbar is one Tab stop before the list; its arrow keys go from button to button.
    page.keyboard.press("Shift+Tab")
    for key in ("End", "ArrowLeft", "ArrowLeft"):  # End, Top, Down
        page.keyboard.press(key)
    page.keyboard.press("Enter")
    expect(_ndcg(page)).to_have_text(f"{ndcg([3, 0, 2, 3, 1, 2]):.4f}")
    settle(page)  # the focus stays on 'Down' (the board is not drawn anew)
    page.keyboard.press("ArrowLeft")  # back to 'Up'
    page.keyboard.press("Enter")
    expect(_ndcg(page)).to_have_text(f"{ndcg([0, 3, 2, 3, 1, 2]):.4f}")
    settle(page)

    # k: from 'all positions' three options down to k = 3.
    k_box = page.get_by_role("combobox", name="Cut-off k")
    _tab_to(page, k_box)
    page.keyboard.press("ArrowDown")  # opens on k = 1
    for _ in range(2):
        page.keyboard.press("ArrowDown")
    page.keyboard.press("Enter")
    expect(k_box).to_have_value("k = 3")
    want = f"{ndcg([0, 3, 2, 3, 1, 2], k=3):.4f}"
    expect(_ndcg(page)).to_have_text(want)
    # Read the result: the headline names the cut-off, and the table carries every number.
    expect(page.get_by_test_id("stMetricLabel").first).to_contain_text("NDCG@3")
    # The board with k below n: its rows past k (greyed, under the dashed line) pass too.
    expect(page.locator(".board .row.past")).to_have_count(3)
    settle(page)
    assert axe_scan(page)["found"] == []
    shot("playground-keyboard")
