"""Presenter view (present=1) in AppTest: every link between pages keeps it, and every page has
a page switcher and a way out at its top (the sidebar is hidden while presenting)."""

from urllib.parse import parse_qs, urlsplit

import pytest

from tests.pages.conftest import open_page, page_links
from ui import menu


def _presenting(address: str) -> bool:
    return parse_qs(urlsplit(address).query).get("present") == ["1"]


@pytest.mark.parametrize(
    ("script", "params"),
    [
        ("views/learn/binary.py", {}),
        ("views/playground.py", {"rels": "3,2,3,0,1,2"}),
        ("views/ordering.py", {"rels": "3,2,3,0,1,2"}),
        ("views/libraries.py", {"rels": "3,2,3,0,1,2"}),
        (None, {"rels": "3,2,3,0,1,2"}),
    ],
)
def test_every_link_between_pages_keeps_presenter_view(script, params):
    at = open_page(script, present="1", **params)
    links = page_links(at)
    assert links
    assert all(_presenting(address) for _, address in links), links
    # In the same tab: links to other pages are page links, never buttons opening a new tab.
    assert not at.get("link_button")


def test_the_walkthroughs_open_the_playground_in_presenter_view():
    at = open_page("views/learn/binary.py", present="1")
    to_playground = [a for label, a in page_links(at) if "Open in playground" in label]
    assert to_playground and all(a.startswith("/playground?rels=") for a in to_playground)
    assert all(_presenting(address) for address in to_playground)


def test_the_queries_table_links_keep_presenter_view():
    at = open_page("views/queries/page.py", present="1")
    table = at.dataframe(key="queries_table").value
    assert all(_presenting(address) for address in table["playground"])
    at.session_state["queries_table"] = {"selection": {"rows": [2], "columns": [], "cells": []}}
    at.run()
    (chosen,) = [a for label, a in page_links(at) if "this query" in label]
    assert _presenting(chosen)
    plain = open_page("views/queries/page.py")
    assert not any(_presenting(a) for a in plain.dataframe(key="queries_table").value["playground"])


def test_every_page_has_a_switcher_and_an_exit_at_its_top():
    at = open_page("views/learn/graded.py", present="1")
    exit_button = at.button(key="app_presenter_toggle")
    assert exit_button.label == "Normal view"
    # Drawn before the page itself: the presenter bar comes before the page's title.
    blocks = list(at.main.children.values())
    bar = next(i for i, b in enumerate(blocks) if getattr(b, "key", None) == "presenter_bar")
    title = next(i for i, b in enumerate(blocks) if b.type == "title")
    assert bar < title
    assert any(b.key == "app_presenter_toggle" for b in blocks[bar].button)
    switcher = {page for label, page in page_links(at)}
    wanted = {f"/{p.url_path}?present=1" if p.url_path else "/?present=1" for p in menu.PAGES}
    assert wanted <= switcher
    exit_button.click().run()
    assert "present" not in at.query_params
    assert not [
        b for b in at.button if b.key == "app_presenter_toggle" and b.label == "Normal view"
    ]
