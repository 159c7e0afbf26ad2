"""AppTest: the glossary and notation key, its place in every page's menu, and Home's
suggested path for a first-time learner."""

from __future__ import annotations

import re

from lessons.glossary import BY_KEY, NDCG, NOTATION, SECTIONS, TERMS, defining, named
from tests.pages.conftest import assert_message, open_page
from ui import menu

PAGE = "views/glossary.py"


def links(at) -> list:
    return [link.proto for link in at.get("page_link")]


def test_the_glossary_shows_every_term_and_the_notation_key():
    at = open_page(PAGE, unfold=True)
    notation = next(table.value for table in at.table if "The sources write" in table.value.columns)
    assert {"i", "k", "n", "p"} <= set(notation.index)
    said = " ".join(m.value for m in at.markdown)
    for term in TERMS:
        assert term.term in said, term.term
    assert f"{len(TERMS)} of {len(TERMS)} terms." in [c.value for c in at.caption]
    taught = {link.page for link in links(at)}
    assert {"learn-discount", "metrics", "learn-pitfalls", "queries"} <= taught


def test_ndcgs_own_terms_come_first_and_the_others_are_folded_by_section():
    at = open_page(PAGE, unfold=True)
    assert [header.value for header in at.subheader] == [NDCG]
    folded = {expander.label: expander for expander in at.expander}
    for section in SECTIONS[1:]:
        terms = [term for term in TERMS if term.section == section]
        label = f"{section} ({len(terms)} terms)"
        assert label in folded, (label, list(folded))
        inside = " ".join(m.value for m in folded[label].markdown)
        assert all(term.term in inside for term in terms), section

    def cards(block) -> int:
        return sum(m.value.startswith("**") for m in block.markdown)

    unfolded = cards(at.main) - sum(cards(expander) for expander in at.expander)
    assert unfolded == sum(term.section == NDCG for term in TERMS)


def test_the_judged_items_and_the_pool_are_defined_once():
    # J is every judged item of the query, retrieved or not (TREC's pool); what was judged but
    # not retrieved is J minus the list, and "pool" keeps TREC's sense.
    judged, missed, pool = BY_KEY["judged"], BY_KEY["not_retrieved"], BY_KEY["pool"]
    assert defining("J") is defining("|J|") is judged
    assert "whether this system retrieved it or not" in judged.definition
    assert "J minus the ranked list" in missed.definition
    assert named("judged but not retrieved") is missed
    assert named("pool") is pool and "The pool is J, the judged set" in pool.definition
    (row,) = [row for row in NOTATION if "|J|" in row.app]
    assert "retrieved or not" in row.meaning and "TREC's pool" in row.meaning
    # No other term says what J or the items judged but not retrieved are.
    for term in TERMS:
        if term not in (judged, missed, pool):
            assert "J minus" not in term.definition and "|J|" not in term.definition, term.key


def test_searching_the_glossary():
    at = open_page(PAGE)
    at.text_input(key="glossary_search").set_value("not retrieved").run()
    said = " ".join(m.value for m in at.markdown)
    assert "Judged, not retrieved" in said and "Cumulative gain" not in said
    # What a search finds is shown, never folded away.
    assert not [e for e in at.expander if e.label.startswith(SECTIONS)]
    assert "Judgments, the ideal and test collections" in [header.value for header in at.subheader]
    at.text_input(key="glossary_search").set_value("zzz").run()
    assert_message(at.info, "No term mentions 'zzz'")


def test_the_glossary_is_in_the_menu_of_every_page_right_after_home():
    # The menu (st.navigation, expanded) is drawn on every page and in presenter view's
    # switcher; its first section is Home, then the glossary.
    first, second = menu.PAGES[:2]
    assert (first.key, second.key) == ("home", "glossary") and first.section == second.section
    assert [page.key for page in menu.PAGES[:2]] == ["home", "glossary"]


def test_home_suggests_a_path_through_the_pages():
    from lessons import path

    at = open_page()
    labels = [link.label for link in links(at) if re.match(r"\d+\. ", link.label)]
    assert len(labels) == len(path.STOPS)
    binary = menu.BY_KEY["learn-binary"].title
    assert labels[0].startswith(f"1. 1️⃣ {binary} — DCG and NDCG on a 0/1 list")
    numbers = [label.split(". ", 1)[0] for label in labels]
    assert numbers == [str(n) for n in range(1, len(path.STOPS) + 1)]
    assert any(menu.BY_KEY["learn-discount"].title in label for label in labels)
    assert any(menu.BY_KEY["metrics"].title in label for label in labels)
    assert any(menu.BY_KEY["glossary"].title in link.label for link in links(at))


def test_every_new_page_is_in_the_menu_once():
    paths = [page.url_path for page in menu.PAGES]
    for path in ("learn-discount", "learn-pitfalls", "learn-labels", "metrics", "glossary"):
        assert paths.count(path) == 1
    titles = [page.title for page in menu.PAGES]
    assert len(titles) == len(set(titles))


def test_the_headline_cards_help_is_the_glossarys_definition():
    # CG, DCG, IDCG and NDCG are defined once, in the glossary; the cards on Home say the same.
    at = open_page()
    cards = {m.label.split("@")[0]: m.help for m in at.metric}
    assert set(cards) == {"NDCG", "DCG", "IDCG", "CG"}
    for name, key in (("NDCG", "ndcg"), ("DCG", "dcg"), ("IDCG", "idcg"), ("CG", "cg")):
        term = BY_KEY[key]
        assert cards[name] == f"**{term.term}** ({term.symbol}) — {term.definition}", name
