"""The playground in a real browser: open a shared link, type a list, read a bad one."""

import re

from playwright.sync_api import expect

from ndcg_core import ndcg
from tests.browser.waits import wait_for_app


def ndcg_shown(page):
    return page.get_by_test_id("stMetricValue").first


def test_playground_link_and_typing(page, app_url, shot):
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
