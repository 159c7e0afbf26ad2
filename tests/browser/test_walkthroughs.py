"""The walkthrough pages in a real browser: each opens, shows its key numbers and its playground
link, and is screenshotted (test-artifacts/walkthrough-*.png)."""

from urllib.parse import unquote

import pytest
from playwright.sync_api import expect

from tests.browser.waits import settle, wait_for_app

# url path -> (a number the page's core shows once its question is answered, the lead example's
# playground link)
PAGES = {
    # NDCG@3 of 1, 0, 1, 1, 0 = 1.5 / (1 + 1/log2 3 + 1/2)
    "learn-binary": ("0.7039", "/playground?rels=1,0,1,1,0&k=3"),
    # NDCG@5 of 3, 2, 3, 0, 1 = 6.1487 / 6.3235
    "learn-graded": ("0.9724", "/playground?rels=3,2,3,0,1"),
    # A, B, C, D, E = 0.5, 0.9, 0.3, 0.6, 0.1: 1.5149 / 1.6964
    "learn-continuous": ("0.8930", "/playground?rels=0.5,0.9,0.3,0.6,0.1&labels=A,B,C,D,E"),
    # example 2: 10, 9, 8, 7 reversed
    "learn-russian": ("0.9190", "/playground?rels=7,8,9,10&k=4"),
    # 3, 2, 3, 0, 1 with the gain 2^rel − 1
    "learn-gain": ("0.9575", "/playground?rels=3,2,3,0,1&gain=exponential"),
    # the mean of 0 (all zero, by convention) and 0.9724 (3, 2, 3, 0, 1)
    "learn-all-zero": ("0.4862", "/playground?rels=0,0,0,0,0"),
}


@pytest.mark.parametrize("path", list(PAGES))
def test_walkthrough_page_in_the_browser(page, app_url, shot, path):
    number, link = PAGES[path]
    page.goto(f"{app_url}/{path}")
    wait_for_app(page)
    # The core asks first: nothing of the lead example's result before the answer.
    expect(page.get_by_text("Answer first, or press")).to_be_visible()
    page.get_by_role("button", name="Just show me").click()
    expect(page.get_by_text("You went straight to the answer.")).to_be_visible()
    expect(page.get_by_text(number, exact=True).first).to_be_visible()
    # The reveal's picture: the lead list against its ideal, on a read-only board.
    expect(page.locator(".board.readonly").first).to_be_visible()
    # The sums step by step and the charts are folded under the reveal: opened, they draw.
    fold = page.get_by_text("📚 Step by step: each term, the ideal order")
    expect(page.get_by_role("heading", name="NDCG: the ratio")).to_have_count(0)
    fold.click()
    expect(page.get_by_role("heading", name="NDCG: the ratio").first).to_be_visible()
    expect(page.locator(".js-plotly-plot").first).to_be_visible()
    # The run drawn to the end and nothing faded (stale), so the first link read below is the
    # lead example's, not one left from a run in progress.
    settle(page)
    playground = page.get_by_role("link", name="Open in playground").first
    expect(playground).to_be_visible()
    # A link between pages, in the same tab (no target=_blank).
    assert "/" + unquote(playground.get_attribute("href")).lstrip("/") == link
    assert playground.get_attribute("target") in (None, "", "_self")
    shot(f"walkthrough-{path.removeprefix('learn-')}")


def test_a_link_to_a_folded_example_opens_its_fold(page, app_url, shot):
    """Further examples sit in one fold; a link to one's anchor (its id) still lands on it."""
    heading = page.get_by_role("heading", name="Wikipedia's six documents (2012)")
    page.goto(f"{app_url}/learn-graded#wikipedia-2012")
    wait_for_app(page)
    expect(heading).to_be_visible()
    expect(heading).to_be_in_viewport()
    # The page's core is above, scrolled past: the lead example's heading is out of view.
    expect(page.get_by_role("heading", name="The list 3, 2, 3, 0, 1")).not_to_be_in_viewport()
    shot("walkthrough-anchor")
