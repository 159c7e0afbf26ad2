"""/libraries in a real browser: a shared link opens the case and its question, answered before
the numbers show; a gallery click changes it; the menu then opens another page on the same list;
screenshots at desktop and phone widths."""

import re

import pytest
from playwright.sync_api import expect

from devtools.waits import RESIZED, settle, wait_for_app
from tests.browser.conftest import DESKTOP

pytestmark = pytest.mark.browser


def card(page, label: str):
    """The value of the headline card whose label contains `label`."""
    return page.get_by_test_id("stMetric").filter(has_text=label).get_by_test_id("stMetricValue")


def fold(page, label: str):
    """The fold whose label contains `label`."""
    return page.get_by_test_id("stExpander").filter(has_text=label)


def open_fold(page, label: str) -> None:
    """Open a fold as a reader does: a click on its label."""
    fold(page, label).locator("summary").click()
    expect(fold(page, label).locator("details")).to_have_attribute("open", "")


def test_libraries_link_gallery_and_walk(page, app_url, shot):
    # The page's URL is known: `app_url` has run Home, which registers the menu's pages.
    page.goto(f"{app_url}/libraries?rels=3,2,3,0,1,2&pool=3,2")
    wait_for_app(page)
    expect(page.get_by_role("link", name="Why libraries disagree").first).to_be_visible()
    # The page asks first: the headline numbers come once the reader has answered.
    form = page.get_by_test_id("stForm").filter(has_text="scikit-learn prints more")
    expect(form).to_be_visible()
    expect(card(page, "scikit-learn")).to_have_count(0)
    settle(page)
    shot("libraries-question")
    form.get_by_text("scikit-learn prints more", exact=True).click()
    form.get_by_role("button", name="Check my guess").click()
    expect(page.get_by_text(re.compile("Right!"))).to_be_visible()
    expect(card(page, "scikit-learn ndcg_score(k=6)")).to_have_text("0.9608")
    expect(card(page, "trec_eval ndcg_cut.6")).to_have_text("0.7850")
    expect(page.get_by_text("Every row is scored at k = n = 6")).to_be_visible()
    settle(page)
    shot("libraries")

    page.set_viewport_size({"width": 390, "height": 2200})
    # On a phone the sidebar slides away: wait until the page has moved back into view and the
    # slide has ended (no animation running: settle).
    page.wait_for_function(
        "() => document.querySelector('[data-testid=\"stMain\"]').getBoundingClientRect().left >= 0"
    )
    settle(page, longest=RESIZED)
    shot("libraries-390", resized=True)
    page.set_viewport_size(DESKTOP)

    open_fold(page, "Edge-case gallery")
    page.get_by_role("button", name="Continuous 0–1 labels").click()
    expect(card(page, "scikit-learn")).to_have_text("0.9733")
    expect(card(page, "trec_eval")).to_have_text("refuses")
    expect(page.get_by_role("textbox", name="Relevance labels")).to_have_value("0.9, 0.3, 0.6, 0.1")
    expect(page).to_have_url(re.compile(r"rels=0\.9(%2C|,)0\.3"))

    page.get_by_role("button", name="Tied scores").click()
    expect(card(page, "trec_eval ndcg_cut.4")).to_have_text("0.8254")
    # Tied scores open the tie visualiser's fold: how each library orders them is the lesson.
    ties = fold(page, "Tie visualiser")
    expect(ties.locator("details")).to_have_attribute("open", "")
    ties.scroll_into_view_if_needed()
    expect(page.locator(".js-plotly-plot").first).to_be_visible()
    settle(page)
    ties.scroll_into_view_if_needed()
    shot("libraries-ties")

    open_fold(page, "Reproduce it yourself")
    expected = page.get_by_text("Expected output:").first
    expect(expected).to_be_visible()
    expected.scroll_into_view_if_needed()
    shot("libraries-reproduce")

    # k beyond the list, then Home from the menu: the list travels, nothing breaks.
    page.get_by_role("button", name="k larger than the list").click()
    expect(card(page, "scikit-learn ndcg_score(k=10)")).to_have_text("0.7967")
    page.get_by_test_id("stSidebar").get_by_role("link", name="Home").click()
    wait_for_app(page)
    expect(card(page, "NDCG")).to_have_text("0.7967")
    expect(page.get_by_test_id("stException")).to_have_count(0)
