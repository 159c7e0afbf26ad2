"""The walkthrough pages in a real browser: each opens, shows its key numbers and its playground
link, and is screenshotted (test-artifacts/walkthrough-*.png)."""

from urllib.parse import unquote

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import wait_for_app

# url path -> (a number the page must show, the first example's playground link)
PAGES = {
    # NDCG@3 of 1, 0, 1, 1, 0 = 1.5 / (1 + 1/log2 3 + 1/2)
    "learn-binary": ("0.7039", "/playground?rels=1,0,1,1,0"),
    # NDCG@5 of D1…D5 = 3, 2, 0, 0, 1
    "learn-graded": ("0.9762", "/playground?rels=5,5,5,5,5"),
    # A, B, C, D, E = 0.5, 0.9, 0.3, 0.6, 0.1: 1.5149 / 1.6964
    "learn-continuous": ("0.8930", "/playground?rels=0.5,0.9,0.3,0.6,0.1&labels=A,B,C,D,E"),
    # example 1: 4, 5, 3, 2, 1
    "learn-russian": ("0.9641", "/playground?rels=4,5,3,2,1&k=5"),
    # 3, 2, 3, 0, 1 with the gain 2^rel − 1
    "learn-gain": ("0.9575", "/playground?rels=3,2,3,0,1&gain=exponential"),
    # the mean of 0 (all zero, by convention) and 0.9724 (3, 2, 3, 0, 1)
    "learn-all-zero": ("0.4862", "/playground?rels=0,0,0,0,0"),
}


@pytest.fixture(scope="module")
def warm_app(app_url, browser):
    """A fresh server may flash 'page not found' on its very first session, before the pages
    are registered: open the home page once so the walkthroughs start from a running app."""
    first = browser.new_page()
    first.goto(app_url, timeout=30_000)
    # The menu lists the walkthroughs only once app.py has run and registered its pages.
    expect(first.get_by_role("link", name="Binary relevance")).to_be_visible(timeout=30_000)
    first.close()
    return app_url


@pytest.mark.parametrize("path", list(PAGES))
def test_walkthrough_page_in_the_browser(page, warm_app, shot, path):
    number, link = PAGES[path]
    page.goto(f"{warm_app}/{path}", timeout=30_000)
    wait_for_app(page)
    expect(page.get_by_text(number, exact=True).first).to_be_visible(timeout=30_000)
    expect(page.get_by_role("heading", name="NDCG: the ratio").first).to_be_visible(timeout=30_000)
    expect(page.locator(".js-plotly-plot").first).to_be_visible(timeout=30_000)
    # Elements from a run still in progress are drawn faded: wait until none is, so the first
    # link read below is the first example's, not one left from a run in progress.
    page.wait_for_function("() => !document.querySelector('[data-stale=\"true\"]')", timeout=30_000)
    playground = page.get_by_role("link", name="Open in playground").first
    expect(playground).to_be_visible(timeout=30_000)
    # A link between pages, in the same tab (no target=_blank).
    assert "/" + unquote(playground.get_attribute("href")).lstrip("/") == link
    assert playground.get_attribute("target") in (None, "", "_self")
    shot(f"walkthrough-{path.removeprefix('learn-')}")
