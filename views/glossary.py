"""Glossary and notation: every term and symbol of the app in a line, and how the sources
write them."""

from __future__ import annotations

import pandas as pd
import streamlit as st

from lessons.examples import SOURCES
from lessons.glossary import NOTATION, SECTIONS, TERMS
from ui import menu
from ui.text import plain

PAGE = "glossary"
# Where each term is taught: a page key of ui.menu.
TAUGHT_ON = {
    "relevance": "learn-labels",
    "ideal_relevance": "learn-graded",
    "position": "learn-binary",
    "list_length": "playground",
    "cut_off": "learn-binary",
    "gain": "learn-gain",
    "discount": "learn-discount",
    "log_base": "learn-discount",
    "cg": "learn-binary",
    "dcg": "learn-binary",
    "idcg": "learn-graded",
    "ndcg": "learn-graded",
    "ideal": "learn-pitfalls",
    "not_retrieved": "learn-pitfalls",
    "pool": "learn-labels",
    "qrels": "queries",
    "run": "queries",
    "query": "queries",
    "all_zero": "learn-all-zero",
    "ties": "libraries",
    "rel_min": "metrics",
    "precision": "metrics",
    "recall": "metrics",
    "rr": "metrics",
    "ap": "metrics",
    "err": "metrics",
    "rbp": "metrics",
    "ranked_list": "home",
    "assessor": "learn-labels",
    "judged": "learn-graded",
    "closed_ideal": "learn-pitfalls",
    "trec_ndcg": "libraries",
    "hit": "metrics",
    "relevant_judged": "metrics",
    "stop_chance": "metrics",
    "residual": "metrics",
    "examination": "learn-labels",
    "position_bias": "learn-labels",
    "trust_bias": "learn-labels",
    "ipw": "learn-labels",
    "cascade": "metrics",
    "swap": "ordering",
    "lambdarank": "ordering",
    "mean_gain": "ordering",
    "expected": "ordering",
    "mean": "queries",
    "bootstrap": "queries",
    "randomization": "queries",
    "distinguishing": "learn-discount",
    "seed": "practice",
}


def intro() -> None:
    st.title("📖 Glossary and notation")
    st.markdown(
        "Every term and symbol the app shows, each in a line or two, with the page that teaches "
        "it. NDCG's own terms come first; the others are folded by topic, and the search box "
        "finds any of them. The sources write the same things in different letters: the "
        "notation key at the end says which is which."
    )


def notation_key() -> None:
    st.header("Notation key")
    st.table(
        pd.DataFrame(
            {
                "Meaning": [row.meaning for row in NOTATION],
                "The sources write": [row.sources for row in NOTATION],
            },
            index=pd.Index([row.app for row in NOTATION], name="This app writes"),
        )
    )
    st.caption(
        "i, k and n are three different things: i is where an item sits, k how many top "
        "positions count, n how many items the list has. k = n counts them all."
    )
    named = "\n".join(
        f"- {plain(source.short)} — {plain(source.citation())}" for source in SOURCES.values()
    )
    with st.expander("📚 The sources, as the app names them"):
        st.markdown(named)


def card(term) -> None:
    with st.container(border=True):
        symbol = f" · `{term.symbol}`" if term.symbol else ""
        st.markdown(f"**{term.term}**{symbol}")
        st.markdown(plain(term.definition))
        if term.aliases:
            st.caption("Also: " + plain(", ".join(term.aliases)))
        page = TAUGHT_ON.get(term.key)
        if page:
            menu.page_link(page, label=f"→ {menu.BY_KEY[page].title}")


def cards(terms) -> None:
    """Two cards a row (one under the other on a phone)."""
    for start in range(0, len(terms), 2):
        for column, term in zip(st.columns(2), terms[start : start + 2]):
            with column:
                card(term)


def glossary() -> None:
    st.header("Glossary")
    query = st.text_input(
        "Find a term",
        key=f"{PAGE}_search",
        placeholder="e.g. not retrieved, IDCG, rel_i",
        help="Searches the terms, their symbols, other names and definitions.",
    )
    found = [term for term in TERMS if term.matches(query)]
    if not found:
        st.info(f"No term mentions '{plain(query.strip())}'.", icon="🔎")
        return
    st.caption(f"{len(found)} of {len(TERMS)} terms.")
    first = SECTIONS[0]
    for section in SECTIONS:
        terms = [term for term in found if term.section == section]
        if not terms:
            continue
        # NDCG's own terms are read first; the others wait, folded, unless a search found them.
        if section == first or query.strip():
            st.subheader(section)
            cards(terms)
        else:
            with st.expander(f"{section} ({len(terms)} terms)"):
                cards(terms)


def main() -> None:
    intro()
    glossary()
    notation_key()


main()
