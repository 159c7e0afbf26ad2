"""Presenter view in a real browser: a page switcher and an exit at the top of every page, and
every link keeps presenter view, in the same tab. Each page presenter view is for is also read
from the back row and on a 1280×720 projector in tests/browser/test_pages.py."""

from urllib.parse import unquote

import pytest
from playwright.sync_api import expect

from devtools.waits import settle
from ndcg_core import ndcg

pytestmark = pytest.mark.browser


@pytest.fixture
def projector(new_browser):
    """A 1920×1080 screen."""
    return new_browser(viewport={"width": 1920, "height": 1080})


def test_presenter_view_keeps_itself_and_has_a_switcher_and_an_exit(projector, app_url, shot):
    projector.goto(f"{app_url}/learn-binary?present=1")
    settle(projector)
    # The way out and the page switcher sit at the top of the first screen.
    exit_button = projector.get_by_role("button", name="Normal view")
    pages = projector.get_by_role("button", name="☰ Pages")
    for control in (exit_button, pages):
        expect(control).to_be_visible()
        assert control.bounding_box()["y"] < 200
    expect(projector.get_by_test_id("stSidebar")).to_be_hidden()

    # The walkthrough's link opens the playground in this tab, still presenting.
    link = projector.get_by_role("link", name="Open in playground").first
    assert "present=1" in unquote(link.get_attribute("href"))
    link.click()
    projector.wait_for_url("**/playground?**present=1**")
    settle(projector)
    assert len(projector.context.pages) == 1
    expect(projector.get_by_test_id("stSidebar")).to_be_hidden()
    # The walkthrough's lead example: 1, 0, 1, 1, 0 at k = 3.
    expect(projector.get_by_test_id("stMetricValue").first).to_have_text(
        f"{ndcg([1, 0, 1, 1, 0], 3):.4f}"
    )
    shot("presenter-playground-1920", of=projector)

    # The switcher reaches any page, still presenting.
    projector.get_by_role("button", name="☰ Pages").click()
    projector.get_by_test_id("stPopoverBody").get_by_role("link", name="Ordering effects").click()
    projector.wait_for_url("**/ordering?**present=1**")
    settle(projector)
    expect(projector.get_by_role("heading", name="Ordering effects").first).to_be_visible()

    # And the exit at the top brings the sidebar back, on the same page.
    projector.get_by_role("button", name="Normal view").click()
    expect(projector.get_by_test_id("stSidebar")).to_be_visible()
    assert "present" not in projector.url and "/ordering" in projector.url
