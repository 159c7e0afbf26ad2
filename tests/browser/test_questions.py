"""The path's questions in a real browser: the board question of /learn-discount answered by a
mouse drag and by the keyboard, and questions answered by an option; each reveal shows its
verdict, then the order asked about against the ideal on a read-only board (with what each
position lost), then its sum. Screenshots at 1280 and 390 wide (test-artifacts/question-*.png).
"""

from __future__ import annotations

import re

from playwright.sync_api import expect

from devtools.waits import RESIZED, settle, wait_for_app
from ndcg_core import RankedList, Scoring, totals
from ndcg_core.display import fixed

LIST = "3,2,3,0,1,2"


def moving(page):
    """The page's own board, the one whose cards move."""
    return page.locator(".board:not(.readonly)").first


def card(page, label: str):
    return moving(page).locator(
        ".card", has=page.locator(".label", has_text=re.compile(f"^{label}$"))
    )


def reveal(page):
    return page.locator(".board.readonly").first


def expect_reveal(page, ranked: RankedList, caption: str | None = None) -> None:
    """The read-only board shows `ranked` against its ideal: its NDCG, what was lost in all,
    and (when given) its caption; and nothing on it is a button or a Tab stop."""
    result = totals(ranked)
    board = reveal(page)
    expect(board).to_be_visible()
    expect(board.locator('[data-value="ndcg"]')).to_have_text(fixed(result.ndcg))
    expect(board.locator(".lostall")).to_contain_text(
        f"Lost in all: {fixed(result.idcg - result.dcg)}"
    )
    if caption:
        expect(board.locator(".caption")).to_have_text(caption)
    assert board.locator("button, [tabindex]").count() == 0


def shot_at_both_widths(page, shot, name: str) -> None:
    """The reveal's board in view at 1280 wide, then on a 390 × 844 phone, where it must not
    be wider than the screen; the tab is left at 1280 again."""
    reveal(page).scroll_into_view_if_needed()
    shot(name)
    page.set_viewport_size({"width": 390, "height": 844})
    settle(page, longest=RESIZED)
    assert reveal(page).evaluate("b => b.scrollWidth - b.clientWidth") <= 1
    reveal(page).scroll_into_view_if_needed()
    shot(f"{name}-phone", resized=True)
    page.set_viewport_size({"width": 1280, "height": 800})


def test_the_discount_question_answered_by_dragging_a_card(page, app_url, shot):
    page.goto(f"{app_url}/learn-discount?rels={LIST}")
    wait_for_app(page)
    expect(page.get_by_text("Make the move on the board, or pick it here")).to_be_visible()
    expect(page.locator(".board.readonly")).to_have_count(0)  # no picture before the answer
    settle(page)
    shot("question-discount-asked")
    # D1 (grade 3) dragged one place down, below D2 (grade 2): the costliest drop.
    box, below = card(page, "D1").bounding_box(), card(page, "D2").bounding_box()
    page.mouse.move(box["x"] + 20, box["y"] + box["height"] / 2)
    page.mouse.down()
    page.mouse.move(box["x"] + 20, box["y"] + box["height"] / 2 + 10, steps=2)
    page.mouse.move(below["x"] + 20, below["y"] + below["height"] * 0.8, steps=12)
    page.mouse.up()
    expect(page.get_by_text(re.compile(r"Right! .The card at position 1"))).to_be_visible()
    expect(page.get_by_text(re.compile("A move costs \\(gain gap\\)"))).to_be_visible()
    expect_reveal(page, RankedList((2, 3, 3, 0, 1, 2)), "Card 1 down to 2")
    shot_at_both_widths(page, shot, "question-discount-revealed")


def test_the_discount_question_answered_with_the_keyboard(page, app_url, shot):
    page.goto(f"{app_url}/learn-discount?rels={LIST}")
    wait_for_app(page)
    settle(page)
    # D3 (grade 3) down one place, below D4 (grade 0): a big gap, but low down.
    card(page, "D3").focus()
    page.keyboard.press("Space")
    page.keyboard.press("ArrowDown")
    page.keyboard.press("Space")
    expect(page.get_by_text(re.compile(r"Not quite\. .*The card at position 1"))).to_be_visible()
    # The feedback says why, with the move's own numbers, once it is picked.
    expect(page.get_by_text(re.compile("Card 3 down one place costs"))).to_be_visible()
    expect_reveal(page, RankedList((3, 2, 0, 3, 1, 2)), "Card 3 down to 4")
    shot("question-discount-keyboard")


def test_a_walkthrough_question_answered_by_an_option(page, app_url, shot):
    page.goto(f"{app_url}/learn-binary")
    wait_for_app(page)
    page.get_by_text("NDCG@3 is lower with the item than without it", exact=True).click()
    page.get_by_role("button", name="Check my guess").click()
    expect(page.get_by_text(re.compile("Right!"))).to_be_visible()
    expect(
        page.get_by_text(re.compile("the ideal top k is the best k of every item"))
    ).to_be_visible()
    expect_reveal(page, RankedList((1, 0, 1, 1, 0), scoring=Scoring(k=3)))
    expect(page.get_by_text("Position 4 judged not relevant: NDCG@3 = 0.9197.")).to_be_visible()
    shot_at_both_widths(page, shot, "question-binary-revealed")


def test_a_pitfall_question_reveals_what_the_list_missed(page, app_url, shot):
    page.goto(f"{app_url}/learn-pitfalls")
    wait_for_app(page)
    expect(
        page.get_by_role("heading", name="1. Relevant items the system never returned")
    ).to_be_visible()
    page.get_by_text("1.0000 from both", exact=True).click()
    page.get_by_role("button", name="Check my guess").first.click()
    expect(page.get_by_text(re.compile("Not quite."))).to_be_visible()
    expect(page.get_by_text("💡 A closed ideal never punishes what is missing")).to_be_visible()
    # 1, 0, 0 against the ideal of every judged item: 1, 1, 1.
    expect_reveal(page, RankedList((1, 0, 0), pool=(1, 1)))
    shot("question-pitfalls-revealed")
