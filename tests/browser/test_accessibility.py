"""Accessibility in a real browser: the playground by keyboard alone, a walkthrough with its
folds open, and what a screen reader is told: each page's own title, charts named and
described, Russian and Chinese text in its language. axe-core on every page at desktop and
phone widths is one of the checks of each page's visit in tests/browser/test_pages.py (what it
leaves out, and why: tests/browser/checks.py).
"""

import re

from playwright.sync_api import expect

from devtools.waits import settle, wait_for_app
from ndcg_core import ndcg
from tests.browser.checks import axe_scan


def test_each_page_has_its_own_browser_title(page, app_url):
    titles = {}
    for path, name in [("", "NDCG Lab"), ("playground", "Playground"), ("learn-graded", None)]:
        page.goto(f"{app_url}/{path}")
        # The title is set as the page's run starts (app.py), and the heading is drawn in that
        # run: once it shows, the title is the page's own. Its charts need not be drawn.
        expect(page.locator("h1").first).to_be_visible()
        wait_for_app(page)
        titles[path] = page.title()
        assert (name or "") in titles[path] and titles[path].endswith("NDCG Lab")
    assert len(set(titles.values())) == len(titles)


def test_russian_and_chinese_text_is_tagged_with_its_language(page, app_url):
    for path, lang, sample in [
        ("learn-russian", "ru", "Неидеальное ранжирование"),
        ("learn-continuous", "zh", "归一化折损累计增益"),
    ]:
        page.goto(f"{app_url}/{path}")
        wait_for_app(page)
        # The Russian note's heading comes with the reveal of the walkthrough's question.
        page.get_by_role("button", name="Just show me").click()
        wait_for_app(page)
        # The tag is added in the page by the app's script: waited for as it shows.
        tagged = page.locator(f'[lang="{lang}"]', has_text=sample)
        expect(tagged.first).to_be_attached()
        # Only the other language's words are tagged, not the English around them.
        assert "Example" not in tagged.first.text_content()


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


def test_a_walkthrough_with_its_folds_open(page, app_url, axe_ready):
    """The pages are scanned as they open, folds closed; a walkthrough's folds hold most of it
    (every further example, its source checks): opened, they pass too, headings in order."""
    page.set_viewport_size({"width": 1280, "height": 2200})
    page.goto(f"{app_url}/learn-graded")
    wait_for_app(page)
    page.get_by_role("button", name="Just show me").click()
    expect(page.get_by_text("You went straight to the answer.")).to_be_visible()
    for label in ("📚 Step by step", "📚 5 more examples"):
        page.get_by_text(label).click()
    expect(page.get_by_role("heading", name="Wikipedia today", exact=False).first).to_be_visible()
    settle(page)
    assert axe_scan(page)["found"] == []
