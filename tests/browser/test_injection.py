"""Script injection in a real browser: labels typed or from a link, and uploaded files, carrying
HTML, javascript: links, Markdown and LaTeX are shown as the text they are, and nothing runs.
Every parameter of every page's link: tests/browser/test_pages.py."""

import re
from urllib.parse import quote

from playwright.sync_api import expect

from devtools.waits import settle, wait_for_app
from tests.browser.checks import (
    BOLD,
    CLOSE,
    IMG,
    JS_LINK,
    LATEX,
    SCRIPT,
    TAG,
    injected,
    shown_text,
)
from ui.text import WORD_JOINER

# Payloads the text box can hold as labels (no = : ; , which separate items there).
LABELS = [SCRIPT, BOLD, LATEX, TAG, CLOSE]


def nothing_injected(page, dialogs) -> None:
    # Whatever was injected has run once the page is drawn and still: every image has loaded or
    # failed (an onerror handler fires as the image fails) and nothing changed for a few frames.
    settle(page)
    assert dialogs == []
    assert injected(page) == []


def open_app(page, url: str) -> None:
    page.goto(url)
    wait_for_app(page)


def test_labels_from_a_link_and_the_text_box_are_plain_text(page, app_url, dialogs, shot):
    labels = ",".join(quote(label, safe="") for label in LABELS)
    open_app(page, f"{app_url}/playground?rels=3,2,1,0,2&labels={labels}")
    expect(page.get_by_test_id("stMetricValue").first).to_be_visible()
    expect(page.locator(".lines .plot svg").first).to_be_visible()
    box = page.get_by_role("textbox", name="Relevances, top of the ranking first")
    expect(box).to_have_value(", ".join(f"{label}={v}" for label, v in zip(LABELS, "32102")))
    # The ranking board writes labels as text (its data, never its HTML).
    cards = page.locator(".board .card")
    expect(cards).to_have_text(
        [
            f"{label} rel {v}, position {i} of 5"
            for i, (label, v) in enumerate(zip(LABELS, "32102"), 1)
        ]
    )
    assert (
        page.locator(".board b:not(.bar b), .board strong:not(.value), .board script").count() == 0
    )
    # The running totals' chart names the item at each position as text, under the pointer.
    chart = page.locator(".lines").first
    chart.scroll_into_view_if_needed()
    drawn = chart.locator(".plot svg").bounding_box()
    page.mouse.move(drawn["x"] + drawn["width"] * 0.2, drawn["y"] + drawn["height"] / 2)
    expect(chart.locator(".tip")).to_contain_text(f"your item: {SCRIPT}")
    assert chart.locator(".tip script, .tip b").count() == 0
    nothing_injected(page, dialogs)
    # The breakdown table is a canvas; the labels also show, as typed, in the text box above.
    page.mouse.move(0, 0)
    shot("injection-playground-labels")

    # Typed payloads that cannot be read are quoted, as typed, in the message.
    box.fill(f"{JS_LINK}, {IMG}")
    box.press("Control+Enter")
    alert = page.get_by_test_id("stAlertContentError").first
    expect(alert).to_contain_text("Could not read")
    nothing_injected(page, dialogs)
    message = alert.inner_text().replace(WORD_JOINER, "")
    assert f"'{JS_LINK}'" in message and "'<img'" in message
    expect(box).to_have_value(f"{JS_LINK}, {IMG}")

    # Shortcodes too: Streamlit's Markdown turns them into an emoji or an icon font glyph.
    box.fill(":smile: :material/home:")
    box.press("Control+Enter")
    expect(alert).to_contain_text(re.compile("smile"))
    shown = alert.inner_text().replace(WORD_JOINER, "")  # invisible, there to stop shortcodes
    assert "value 1, ':smile:'" in shown and "value 2, ':material/home:'" in shown
    shot("injection-playground-typed")


def test_uploaded_csv_ids_are_plain_text(page, app_url, dialogs, shot, tmp_path):
    upload = tmp_path / "payload.csv"
    upload.write_text(
        "query_id,doc_id,relevance,score\n"
        f'"{IMG}","{SCRIPT}",0,0.9\n'
        f'"{IMG}","{JS_LINK}",0,0.5\n'
        f'"{BOLD}","{TAG}",2,0.7\n'
        f'"{BOLD}","{LATEX}",oops,0.1\n'
    )
    open_app(page, f"{app_url}/queries")
    source = page.get_by_role("radiogroup", name="Where the run comes from")
    source.get_by_text("Upload a CSV").click()
    page.locator('input[type="file"]').first.set_input_files(str(upload))
    expect(page.get_by_test_id("stAlertContentError").first).to_contain_text(
        "1 line(s) could not be used"
    )
    page.get_by_text("Skip these 1 line(s) and evaluate the rest").click()
    expect(page.get_by_test_id("stMetricValue").first).to_be_visible()
    nothing_injected(page, dialogs)
    assert f"no relevant judgment ({IMG})" in shown_text(page)
    shot("injection-queries-upload")
