"""The home page in a real browser: a typed list gives its NDCG; the path's stops lead on."""

import re

from playwright.sync_api import expect

from devtools.waits import wait_for_app


def test_home_shows_ndcg_for_a_typed_list(page, app_url, shot):
    page.goto(f"{app_url}/?rels=3,2,3,0,1,2")
    wait_for_app(page)
    ndcg_value = page.get_by_test_id("stMetricValue").first
    expect(ndcg_value).to_have_text("0.9608")
    box = page.get_by_role("textbox", name="Try it: type relevances in ranked order")
    box.fill("1, 0, 0")
    box.press("Control+Enter")
    expect(ndcg_value).to_have_text("1.0000")
    shot("home")
    # The suggested path's playground stop opens the list typed here.
    page.get_by_role("link", name=re.compile(r"^\d+\. 🎛️ Playground — ")).click()
    # The list travels with the session: the playground opens on it and puts it in its URL.
    expect(page).to_have_url(re.compile(r"/playground\?rels=1(,|%2C)0(,|%2C)0$"))
    expect(page.get_by_test_id("stMetricValue").first).to_have_text("1.0000")
