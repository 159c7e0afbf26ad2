"""Glossary and notation: every term and symbol of the app in a line, and how the sources
write them."""

from __future__ import annotations

import pandas as pd
import streamlit as st

import i18n
from i18n import tr, trn
from lessons.examples import SOURCES
from lessons.glossary import BY_KEY as TERMS_BY_KEY
from lessons.glossary import LANGUAGES, NOTATION, SECTIONS, TERMS
from ui import folds, menu
from ui.sources import source_markdown
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
    st.title(f"📖 {menu.BY_KEY[PAGE].name}")
    st.markdown(
        tr(
            "Every term and symbol the app shows, each in a line or two, with the page that "
            "teaches it, and its name in English, Russian and Chinese. NDCG's own terms come "
            "first; the others are folded by topic, and the search box finds any of them, in "
            "any of the three languages. The sources write the same things in different "
            "letters: the notation key at the end says which is which."
        )
    )


def notation_key() -> None:
    st.header(tr("Notation key"))
    st.table(
        pd.DataFrame(
            {
                tr("Meaning"): [row.meaning for row in NOTATION],
                tr("The sources write"): [row.sources for row in NOTATION],
            },
            index=pd.Index([row.app for row in NOTATION], name=tr("This app writes")),
        )
    )
    st.caption(
        tr(
            "i, k and n are three different things: i is where an item sits, k how many top "
            "positions count, n how many items the list has. k = n counts them all."
        )
    )
    named = "\n".join(
        f"- {plain(tr(source.short))} — {source_markdown(source, remark=False)}"
        for source in SOURCES.values()
    )
    with st.expander(tr("📚 The sources, as the app names them")):
        st.markdown(named)


# Each language's short name on a card's line of names (the same in every language, as the
# language switch names each language in itself).
LANGUAGE_TAGS = {"en": "EN", "ru": "RU", "zh": "ZH"}


def in_three_languages(term) -> str:
    """The term's names in English, Russian and Chinese, on one line: 'EN `Gain` · RU выигрыш ·
    ZH 增益'. The English name is set as written (code), as are the English names below it:
    they are what to look for in an English text, in every language of the page."""
    return " · ".join(
        f"{LANGUAGE_TAGS[lang]} `{term.name}`"
        if lang == "en"
        else f"{LANGUAGE_TAGS[lang]} {plain(term.in_language(lang))}"
        for lang in LANGUAGES
    )


def card(term) -> None:
    with st.container(border=True):
        symbol = f" · `{term.symbol}`" if term.symbol else ""
        st.markdown(f"**{term.term}**{symbol}")
        st.caption(in_three_languages(term))
        st.markdown(plain(term.definition))
        if term.aliases:
            names = ", ".join(f"`{alias}`" for alias in term.aliases)
            st.caption(tr("Also, in English texts: {names}", names=names))
        page = TAUGHT_ON.get(term.key)
        if page:
            menu.page_link(page, label=f"→ {menu.BY_KEY[page].name}")


def cards(terms) -> None:
    """Two cards a row (one under the other on a phone)."""
    for start in range(0, len(terms), 2):
        for column, term in zip(st.columns(2), terms[start : start + 2]):
            with column:
                card(term)


def _in_other_languages(key: str = "gain") -> str:
    """A term's names in the page's two other languages, each quoted (a word of another
    language, to search by): the search finds a term by any of its three names."""
    names = (
        TERMS_BY_KEY[key].in_language(lang).lower() for lang in LANGUAGES if lang != i18n.language()
    )
    return tr(", ").join(tr("“{title}”", title=name) for name in names)


def glossary() -> None:
    st.header(tr("Glossary"))
    query = st.text_input(
        tr("Find a term"),
        key=f"{PAGE}_search",
        placeholder=tr("e.g. not retrieved, IDCG, rel_i, {others}", others=_in_other_languages()),
        help=tr(
            "Searches the terms, their symbols, other names and definitions, in English, "
            "Russian and Chinese."
        ),
    )
    found = [term for term in TERMS if term.matches(query)]
    if not found:
        st.info(tr("No term mentions '{query}'.", query=plain(query.strip())), icon="🔎")
        return
    st.caption(trn("{shown} of {n} term.", "{shown} of {n} terms.", len(TERMS), shown=len(found)))
    first = SECTIONS[0]
    for section in SECTIONS:
        terms = [term for term in found if term.section == section]
        if not terms:
            continue
        # NDCG's own terms are read first; the others wait, folded, unless a search found them.
        if section == first or query.strip():
            st.subheader(tr(section))
            cards(terms)
        else:
            label = trn(
                "{section} ({n} term)", "{section} ({n} terms)", len(terms), section=tr(section)
            )
            folded = folds.fold(PAGE, section, label)
            with folded:
                if folded.open:
                    cards(terms)


def names_table() -> None:
    """Every term in the three languages, side by side: what to look for in a source written
    in another language."""
    folded = folds.fold(PAGE, "names", tr("🌐 Every term in English, Russian and Chinese"))
    with folded:
        if not folded.open:
            return
        st.table(
            pd.DataFrame(
                {LANGUAGES_SHOWN[lang]: [t.in_language(lang) for t in TERMS] for lang in LANGUAGES}
            ).set_index(LANGUAGES_SHOWN["en"])
        )


# The table's heads: each language named in itself, as the language switch names it.
LANGUAGES_SHOWN = {lang: i18n.LANGUAGES[lang] for lang in LANGUAGES}


def main() -> None:
    intro()
    glossary()
    names_table()
    notation_key()


main()
