"""/libraries in a real browser: a shared link opens the case; a gallery click changes it."""

import re

from playwright.sync_api import expect

from tests.browser.conftest import wait_for_app


def settled(page) -> None:
    """Wait for the run to finish and nothing to be drawn faded (stale), e.g. before a shot."""
    wait_for_app(page)
    page.wait_for_function("() => !document.querySelector('[data-stale=\"true\"]')", timeout=30_000)


def test_libraries_link_and_gallery(page, app_url, shot):
    # A fresh server knows the page URLs only once app.py has run: open the home page first.
    page.goto(app_url, timeout=30_000)
    expect(page.get_by_role("link", name="Why libraries disagree")).to_be_visible(timeout=30_000)
    page.goto(f"{app_url}/libraries?rels=3,2,3,0,1,2&pool=3,2&k=6", timeout=30_000)
    wait_for_app(page)
    values = page.get_by_test_id("stMetricValue")
    labels = page.get_by_test_id("stMetricLabel")
    expect(labels.nth(0)).to_contain_text("scikit-learn ndcg_score(k=6)", timeout=30_000)
    expect(values.nth(0)).to_have_text("0.9608")
    expect(labels.nth(1)).to_contain_text("trec_eval ndcg_cut.6")
    expect(values.nth(1)).to_have_text("0.7850")
    expect(page.get_by_test_id("stDataFrame").first).to_be_visible()
    settled(page)
    shot("libraries")

    page.get_by_role("button", name="Continuous 0–1 labels").click()
    expect(values.nth(0)).to_have_text("0.9733", timeout=10_000)
    expect(values.nth(1)).to_have_text("refuses")
    expect(page.get_by_role("textbox", name="Relevance labels")).to_have_value("0.9, 0.3, 0.6, 0.1")
    expect(page).to_have_url(re.compile(r"rels=0\.9(%2C|,)0\.3"))
    settled(page)
    shot("libraries-continuous")

    page.get_by_role("button", name="Tied scores").click()
    expect(values.nth(1)).to_have_text("0.8254", timeout=10_000)
    page.get_by_role("heading", name="Tie visualiser").scroll_into_view_if_needed()
    expect(page.locator(".js-plotly-plot").first).to_be_visible(timeout=30_000)
    settled(page)
    page.get_by_role("heading", name="Tie visualiser").scroll_into_view_if_needed()
    shot("libraries-ties")

    expected = page.get_by_text("Expected output:").first
    expect(expected).to_be_visible()
    expected.scroll_into_view_if_needed()
    shot("libraries-reproduce")
