"""The lessons beyond the source notes in a real browser: /metrics shows the issue's figures and
what a button moved, a pitfall's demo loads its list, the glossary opens from the menu
(test-artifacts/lesson-*.png). Every page at desktop and phone width: tests/browser/test_pages.py.
"""

from __future__ import annotations

import re

from playwright.sync_api import expect

from devtools.waits import press, settle, wait_for_app
from tests.browser.checks import card


def test_metrics_figures_and_what_a_reorder_moved(page, app_url, shot):
    page.goto(f"{app_url}/metrics?rels=3,2,3,0,1,2")
    wait_for_app(page)
    for label, value in {
        "P@6": "0.8333",
        "R@6": "1.0000",
        "RR@6": "1.0000",
        "AP@6": "0.9267",
        "ERR@6": "0.9220",
        "RBP@6": "0.6355",
        "NDCG@6": "0.9608",
    }.items():
        expect(card(page, label)).to_have_text(value)
    shot("lesson-metrics")
    # The page asks before it says what a move changed: answer, then make the move asked about.
    expect(page.get_by_text(re.compile("The last change moved"))).to_have_count(0)
    # Pressed once the page is still (`press`): what is drawn after a run ends (the board, the
    # charts, the reveal) moves the buttons below it, and a click let go off one is lost.
    press(page.get_by_text("Only ERR@6 and NDCG@6 change", exact=True))
    press(page.get_by_role("button", name="Check my guess"))
    expect(page.get_by_text(re.compile("Right!"))).to_be_visible()
    press(page.get_by_role("button", name="▶ Swap positions 1 and 2"))
    expect(page.get_by_text(re.compile(r"Unchanged: P@6, R@6, RR@6, AP@6, RBP@6"))).to_be_visible()
    expect(page).to_have_url(re.compile(r"rels=2(%2C|,)3(%2C|,)3"))
    press(page.get_by_role("button", name="👎 Worst"))
    expect(card(page, "P@6")).to_have_text("0.8333")
    expect(page.get_by_text(re.compile("The last change moved"))).to_be_visible()
    expect(page.get_by_text(re.compile(r"Unchanged: P@6, R@6"))).to_be_visible()
    expect(page).to_have_url(re.compile(r"rels=0(%2C|,)1(%2C|,)2"))
    page.mouse.move(0, 0)
    shot("lesson-metrics-worst")


def test_a_pitfall_demo_loads_its_list(page, app_url, shot):
    page.goto(f"{app_url}/learn-pitfalls?rels=3,2,3,0,1,2")
    wait_for_app(page)
    # Each pitfall asks first: its numbers come once the reader answers or asks to see them.
    expect(page.locator(".board.readonly")).to_have_count(0)
    page.get_by_role("button", name="Just show me").first.click()
    # 1, 0, 0 against the ideal of every judged item (1, 1, 1), on a read-only board.
    expect(page.locator('.board.readonly [data-value="ndcg"]').first).to_have_text("0.4693")
    # On a first visit the board, the formulas and the tables are drawn after the run ends and
    # push the buttons down by hundreds of pixels: a click before that can land on another
    # section's button (CI once loaded the fourth example).
    settle(page)
    # The list, the examples' buttons and each check wait in one fold, for a second reading.
    page.get_by_text("Your list through every check").click()
    # The fold's content is drawn by the run its opening starts, its formulas and tables after
    # that run. A click made at once was not taken in 1 run of 10 with both cores busy (the box
    # kept its list; what the click met was not seen): the button is pressed once the page is
    # still, and a press let go off it fails at once (`press`; 20 of 20 passed so).
    press(page.get_by_role("button", name="▶ Load this example into your list").first)
    box = page.get_by_role("textbox", name="Relevances, top of the ranking first")
    expect(box).to_have_value("1, 0, 0")
    expect(page).to_have_url(re.compile(r"pool=1(%2C|,)1"))
    expect(page.get_by_text(re.compile(r"from every judged item: 0\.4693"))).to_be_visible()
    shot("lesson-pitfalls")


def test_a_folded_pitfall_still_asks_first(page, app_url, shot):
    """The pitfalls beyond the page's core sit in a fold, each still a question answered there."""
    page.goto(f"{app_url}/learn-pitfalls")
    wait_for_app(page)
    settle(page)  # the first run fully drawn: a fold opened earlier is drawn anew, closed
    page.get_by_text("More pitfalls, for a second reading").click()
    # The ideal top k of 1, 0, 1, 1, 0 at k = 3: the options are the values alone.
    form = page.get_by_test_id("stForm").filter(has_text="0.9197")
    # Pressed once the page is still, as a reader does: the fold's content is drawn by the run
    # its opening starts, its formulas after it, and a "Check my guess" clicked while they
    # arrived was not taken (a fresh-clone run, 14:46: the guess ticked, no answer for 120 s).
    press(form.get_by_text("0.7039", exact=True))
    press(form.get_by_role("button", name="Check my guess"))
    expect(page.get_by_text(re.compile("Right!"))).to_be_visible()
    expect(page.get_by_text("💡 The ideal top k can hold items ranked below k")).to_be_visible()
    expect(page.locator('.board.readonly [data-value="ndcg"]').first).to_have_text("0.7039")
    # its formulas open from a popover (a fold cannot hold another fold); pressed once the
    # answer's run has finished and the page is still: a click while the rest of the reveal
    # was still arriving once opened nothing (a full run, 2026-11-30 00:05)
    wait_for_app(page)
    press(page.get_by_role("button", name="🧮 The formulas with these numbers").first)
    expect(page.get_by_test_id("stPopoverBody").locator(".katex").first).to_be_visible()
    page.keyboard.press("Escape")
    shot("lesson-pitfalls-folded")


def test_a_link_to_a_folded_pitfall_opens_its_fold(page, app_url, shot):
    """A link to a pitfall in the fold lands on it, although the page writes its list into the
    address on its first run (which, left alone, drops the link's #anchor)."""
    heading = page.get_by_role("heading", name=re.compile("An easy query and a hard one"))
    page.goto(f"{app_url}/learn-pitfalls#compare")
    wait_for_app(page)
    expect(heading).to_be_in_viewport()
    expect(page).to_have_url(re.compile(r"/learn-pitfalls\?rels=3,2,3,0,1,2#compare$"))
    shot("lesson-pitfalls-anchor")


# Content drawn above a heading: a tall block put before it, as the fold's sections drawn by the
# run its opening started were (1,600 px on a loaded machine, after the anchor had stayed put).
# The browser's own scroll anchoring is turned off first: it would hold the heading in place by
# itself for this block, and the test would then show nothing of the page's script.
GROW_ABOVE = """(id) => {
  document.querySelector('[data-testid="stMain"]').style.overflowAnchor = "none";
  const heading = document.getElementById(id);
  const block = document.createElement("div");
  block.style.height = "1600px";
  heading.parentElement.insertBefore(block, heading);
}"""


def test_a_link_into_a_fold_follows_its_anchor_until_the_reader_moves(page, app_url):
    """What is drawn above the linked heading once it has reached the top does not push it out
    of view; once the reader scrolls, where the page stands is theirs."""
    heading = page.get_by_role("heading", name=re.compile("An easy query and a hard one"))
    page.goto(f"{app_url}/learn-pitfalls#compare")
    wait_for_app(page)
    expect(heading).to_be_in_viewport()
    settle(page)  # the page still: the heading has stayed put (no more tries pending)
    page.evaluate(GROW_ABOVE, "compare")
    expect(heading).to_be_in_viewport()  # followed
    heading.hover()
    page.mouse.wheel(0, -300)
    expect(heading).to_be_in_viewport()  # 300 px up: still in view, the reader's own place
    page.evaluate(GROW_ABOVE, "compare")
    expect(heading).not_to_be_in_viewport()  # left where the reader was


def test_a_link_whose_anchor_is_not_valid_percent_encoding_opens_the_page(page, app_url):
    """#%E0%A4%A cannot be decoded: the page opens at its top, and the app's script goes on
    with the rest of its work (the main region taken out of the Tab order is one part), with
    no error in the page."""
    errors = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(f"{app_url}/learn-pitfalls#%E0%A4%A")
    wait_for_app(page)
    settle(page)
    expect(page.get_by_role("heading", name="Pitfalls of NDCG", level=1)).to_be_in_viewport()
    expect(page.get_by_test_id("stMain")).to_have_attribute("tabindex", "-1")
    assert errors == []


def test_a_bad_link_is_named_above_the_page_when_its_list_is_folded(page, app_url, shot):
    """/learn-pitfalls keeps its list editor in a fold ("Your list through every check"): a
    link's bad list is still named where the reader sees it, at the top of the page."""
    page.goto(f"{app_url}/learn-pitfalls?rels=3,-1,2")
    wait_for_app(page)
    expect(page.get_by_text("The link's rels could not be read")).to_be_in_viewport()
    expect(page.get_by_text("value 2, '-1', is negative")).to_be_in_viewport()
    shot("lesson-pitfalls-bad-link")


def test_the_glossary_opens_from_the_menu(page, app_url, shot):
    page.goto(f"{app_url}/playground")
    wait_for_app(page)
    page.get_by_test_id("stSidebarNavLink").filter(has_text="Glossary and notation").click()
    expect(page.get_by_role("heading", name="📖 Glossary and notation")).to_be_visible()
    page.get_by_role("textbox", name="Find a term").fill("pool")
    page.get_by_role("textbox", name="Find a term").press("Enter")
    expect(page.get_by_text("Pool (TREC)").first).to_be_visible()
    shot("lesson-glossary")
