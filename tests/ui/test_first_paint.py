"""Home's first paint (ui/first_paint.py): the stand-in of its board in Markdown (the page's
first run) and in HTML (the page nginx sends for Home's bare address), made from the same
cells, and that page built from Streamlit's own index.html. Through nginx, in a browser:
tests/browser/test_proxy.py."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import streamlit

from i18n import LANGUAGES, speaking
from ndcg_core import RankedList, Scoring, totals
from ndcg_core.display import fixed
from ui import urlparams
from ui.first_paint import STAND_IN_ROWS, TITLE, home_page, stand_in, stand_in_html

INDEX = (Path(streamlit.__file__).parent / "static" / "index.html").read_text(encoding="utf-8")


def _default():
    return totals(urlparams.read_list({})[0])


def test_the_html_says_the_markdowns_numbers_row_by_row():
    result = totals(RankedList(relevances=(3, 2, 3, 0, 1, 2, 1), scoring=Scoring(k=5)))
    markdown, html = stand_in(result), stand_in_html(result)
    assert f"<strong>{fixed(result.ndcg)}</strong>" in html
    assert f"**{fixed(result.ndcg)}**" in markdown
    rows = re.findall(
        r"<tr><td>(\d+)</td><td><strong>(\w+)</strong> rel (\d+)</td>"
        r"<td>([^<]*)</td><td>([^<]*)</td></tr>",
        html,
    )
    assert [
        f"| {position} | **{label}** rel {rel} | {ours} | {ideal} |"
        for position, label, rel, ours, ideal in rows
    ] == [line for line in markdown.splitlines() if re.match(r"\| \d", line)]
    assert len(rows) == 7 and rows[5][3] == "— (below k)"  # positions 6 and 7 are below k = 5


def test_a_long_list_shows_its_first_rows_and_counts_the_rest():
    result = totals(RankedList(relevances=tuple(range(20))))
    html = stand_in_html(result)
    assert html.count("<tr><td>") == STAND_IN_ROWS
    assert f"… and {20 - STAND_IN_ROWS} more positions." in html


def test_a_label_is_text_in_the_html():
    labels = ("<img src=x onerror=alert(1)>", "a&b", "</table>")
    html = stand_in_html(totals(RankedList(relevances=(1, 2, 0), labels=labels)))
    assert "<img" not in html and "&lt;img src=x onerror=alert(1)&gt;" in html
    assert "a&amp;b" in html and html.count("</table>") == 1


@pytest.mark.parametrize("lang", list(LANGUAGES))
def test_the_page_is_streamlits_own_with_homes_heading_and_number_in_its_language(lang):
    page = home_page(INDEX, lang)
    with speaking(lang):
        number = fixed(_default().ndcg)
        said = stand_in_html(_default())
    assert f'<html lang="{lang}"' in page and f'id="ndcg-first-paint" lang="{lang}"' in page
    assert f"<strong>{number}</strong>" in page and said in page
    assert f'role="heading" aria-level="1">{TITLE}</div>' in page
    assert "<h1" not in page  # the app's own h1 is the page's first
    assert "<title>NDCG Lab</title>" in page
    # Streamlit's scripts, styles and root, every line of them, as the package ships them.
    kept = [line for line in INDEX.splitlines() if re.search(r"<script|<link|id=\"root\"", line)]
    assert kept and all(line in page.splitlines() for line in kept)
    assert "<script" not in page.split('id="ndcg-first-paint"')[1].split('<div id="root">')[0]


def test_an_index_without_a_body_is_refused_by_name():
    with pytest.raises(ValueError, match="`index_html` has no <body> tag"):
        home_page("<html></html>", "en")
