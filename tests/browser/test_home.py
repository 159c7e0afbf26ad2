"""The home page in a real browser: a typed list gives its NDCG."""

from playwright.sync_api import expect

from tests.browser.conftest import wait_for_app


def test_home_shows_ndcg_for_a_typed_list(page, app_url, shot):
    page.goto(f"{app_url}/?rels=3,2,3,0,1,2", timeout=30_000)
    wait_for_app(page)
    metric = page.get_by_test_id("stMetricValue")
    expect(metric.nth(2)).to_have_text("0.9608", timeout=30_000)
    box = page.get_by_role("textbox", name="Try it: type relevances in ranked order")
    box.fill("1, 0, 0")
    box.press("Control+Enter")
    expect(metric.nth(2)).to_have_text("1.0000", timeout=10_000)
    shot("home")
