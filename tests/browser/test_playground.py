"""The playground in a real browser: open a shared link, type, drag a card, press the buttons."""

import re

from playwright.sync_api import expect

from ndcg_core import ndcg
from tests.browser.waits import settle, wait_for_app

SORTABLES = 'iframe[title="streamlit_sortables.sortable_items"]'


def ndcg_shown(page):
    return page.get_by_test_id("stMetricValue").first


def drag(page, source: str, target: str) -> None:
    """Mouse down on a card, pass the drag threshold, glide onto another card, let go."""
    frame = page.frame_locator(SORTABLES)
    start = frame.locator(".sortable-item", has_text=source).bounding_box()
    end = frame.locator(".sortable-item", has_text=target).bounding_box()
    # Playwright gives boxes inside the iframe in the page's coordinates already.
    x0, y0 = start["x"] + start["width"] / 2, start["y"] + start["height"] / 2
    x1, y1 = end["x"] + 8, end["y"] + end["height"] / 2
    page.mouse.move(x0, y0)
    page.mouse.down()
    page.mouse.move(x0 + 12, y0, steps=4)
    page.mouse.move(x1, y1, steps=15)
    page.mouse.up()


def test_playground_link_typing_dragging_and_buttons(page, app_url, shot):
    page.goto(f"{app_url}/playground?rels=3,2,3,0,1,2")
    wait_for_app(page)
    expect(ndcg_shown(page)).to_have_text("0.9608")
    expect(page.locator(".js-plotly-plot").first).to_be_visible()
    shot("playground")

    box = page.get_by_role("textbox", name="Relevances, top of the ranking first")
    box.fill("3, 2, 3, 0, 1, 2, 3")
    box.press("Control+Enter")
    expect(ndcg_shown(page)).to_have_text(f"{ndcg([3, 2, 3, 0, 1, 2, 3]):.4f}")
    # The address bar shows plain commas, like every link the app writes (not rels=3%2C2%2C…).
    expect(page).to_have_url(re.compile(r"rels=3,2,3,0,1,2,3"))

    # Drag D4 (relevance 0) onto the first card: it goes to the top.
    cards = page.frame_locator(SORTABLES).locator(".sortable-item")
    expect(cards.first).to_have_text("D1 · rel 3")
    settle(page)  # the cards' frame drawn at its final size: the drag starts where a card is
    drag(page, "D4 · rel 0", "D1 · rel 3")
    expect(ndcg_shown(page)).to_have_text(f"{ndcg([0, 3, 2, 3, 1, 2, 3]):.4f}")
    expect(cards.first).to_have_text("D4 · rel 0")
    expect(box).to_have_value(re.compile(r"^D4=0, D1=3"))
    shot("playground-dragged")

    page.get_by_role("button", name="⭐ Ideal").click()
    expect(ndcg_shown(page)).to_have_text("1.0000")
    expect(page).to_have_url(re.compile(r"rels=3,3,3,2,2,1,0&labels="))
    expect(cards.first).to_have_text(re.compile(r"rel 3$"))
    page.get_by_role("button", name="👎 Worst").click()
    expect(ndcg_shown(page)).to_have_text(f"{ndcg([0, 1, 2, 2, 3, 3, 3]):.4f}")
    page.get_by_role("button", name="↩️ Reset to what I typed").click()
    expect(ndcg_shown(page)).to_have_text(f"{ndcg([3, 2, 3, 0, 1, 2, 3]):.4f}")

    # The change since the previous ordering sits under the number.
    expect(page.get_by_test_id("stMetricDelta").first).to_be_visible()
    page.mouse.move(0, 0)  # no tooltip over the screenshot
    shot("playground-buttons")


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
