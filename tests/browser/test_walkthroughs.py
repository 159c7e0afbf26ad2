"""The walkthrough pages in a real browser: a link to a folded example lands on it. Each
walkthrough's numbers and links are AppTest's (tests/pages/test_walkthroughs.py); its fold and
charts drawn, and its link to the playground in the same tab: tests/browser/test_pages.py."""

from playwright.sync_api import expect

from devtools.waits import wait_for_app


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
