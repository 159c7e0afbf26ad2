"""Every page of the app, named once: the menu, the browser titles, the home cards and the links
between pages all read this table.

A page's URL path is a link users share: it never changes. Links between pages go through
`page_link`, which opens the page in the same tab (the session, and presenter view, carry on)
with the settings it is given.
"""

from __future__ import annotations

from dataclasses import dataclass

import streamlit as st

import i18n
from i18n import N_, tr
from lessons import path
from lessons.examples import FAMILIES

from . import language
from .share import is_presenting, presenter_toggle
from .urlparams import PRESENT, view_params

APP_NAME = "NDCG Lab"


@dataclass(frozen=True)
class PageInfo:
    key: str  # how the code names the page
    script: str  # its file under views/
    title: str  # its one name (English; `name` is the shown one): menu, title, heading, links
    icon: str
    url_path: str  # "" for home
    section: str

    @property
    def name(self) -> str:
        """The page's name in this run's language."""
        return tr(self.title)


_LEARN = N_("Learn step by step")
PAGES: tuple[PageInfo, ...] = (
    PageInfo("home", "views/home.py", N_("Home"), "🏠", "", N_("Start")),
    PageInfo(
        "glossary",
        "views/glossary.py",
        N_("Glossary and notation"),
        "📖",
        "glossary",
        N_("Start"),
    ),
    *(
        PageInfo(
            f"learn-{path}",
            f"views/learn/{script}.py",
            FAMILIES[family].title,
            icon,
            f"learn-{path}",
            _LEARN,
        )
        for family, script, path, icon in (
            ("binary", "binary", "binary", "1️⃣"),
            ("graded", "graded", "graded", "2️⃣"),
            ("continuous", "continuous", "continuous", "3️⃣"),
            ("russian", "russian", "russian", "4️⃣"),
            ("gain", "gain", "gain", "5️⃣"),
            ("zero", "all_zero", "all-zero", "6️⃣"),
        )
    ),
    # The lessons beyond the source notes: why the log, what NDCG hides, where labels come from,
    # and the other measures of a ranked list.
    PageInfo(
        "learn-discount",
        "views/learn/discount.py",
        N_("Why a logarithm?"),
        "📉",
        "learn-discount",
        _LEARN,
    ),
    PageInfo(
        "learn-pitfalls",
        "views/learn/pitfalls.py",
        N_("Pitfalls of NDCG"),
        "⚠️",
        "learn-pitfalls",
        _LEARN,
    ),
    PageInfo(
        "learn-labels",
        "views/learn/labels.py",
        N_("Where labels come from"),
        "🏷️",
        "learn-labels",
        _LEARN,
    ),
    PageInfo(
        "metrics",
        "views/metrics.py",
        N_("NDCG beside its neighbours"),
        "🧭",
        "metrics",
        _LEARN,
    ),
    PageInfo(
        "playground",
        "views/playground.py",
        N_("Playground"),
        "🎛️",
        "playground",
        N_("Play and explore"),
    ),
    PageInfo(
        "ordering",
        "views/ordering.py",
        N_("Ordering effects"),
        "🔀",
        "ordering",
        N_("Play and explore"),
    ),
    PageInfo(
        "libraries",
        "views/libraries.py",
        N_("Why libraries disagree"),
        "⚖️",
        "libraries",
        N_("In practice"),
    ),
    PageInfo(
        "queries",
        "views/queries/page.py",
        N_("Many queries"),
        "📊",
        "queries",
        N_("In practice"),
    ),
    PageInfo(
        "compare",
        "views/queries/compare.py",
        N_("Compare runs"),
        "🆚",
        "compare",
        N_("In practice"),
    ),
    PageInfo(
        "practice",
        "views/practice.py",
        N_("Practice"),
        "🎯",
        "practice",
        N_("Test yourself"),
    ),
    PageInfo(
        "recap",
        "views/learn/recap.py",
        N_("What to report with every NDCG"),
        "🧾",
        "recap",
        N_("Test yourself"),
    ),
    PageInfo(
        "classroom",
        "views/classroom/page.py",
        N_("Live classroom"),
        "🧑‍🏫",
        "classroom",
        N_("Test yourself"),
    ),
)
BY_KEY = {page.key: page for page in PAGES}
BY_PATH = {page.url_path: page for page in PAGES}


def browser_title(url_path: str) -> str:
    """The browser tab's title of a page: its one name, then the app's ("Playground · NDCG Lab"),
    so tabs, bookmarks and screen readers tell the pages apart."""
    page = BY_PATH.get(url_path.strip("/"))
    return f"{page.name} · {APP_NAME}" if page and page.url_path else APP_NAME


# The menu's `st.Page`s, kept in the session with the language they are named in.
MENU_KEY = "menu_pages"


def navigation_pages() -> dict[str, list]:
    """The menu for `st.navigation`, section by section.

    Made once per session and language, not on every run: each `st.Page` looks its script up
    on disk (twenty a run, about 2 ms of CPU). Kept in the session, never shared
    between sessions: `st.navigation` marks on the page object that it may run."""
    kept = st.session_state.get(MENU_KEY)
    if kept is None or kept[0] != i18n.language():
        kept = (i18n.language(), _navigation_pages())
        st.session_state[MENU_KEY] = kept
    return kept[1]


def _navigation_pages() -> dict[str, list]:
    return {
        section: [
            st.Page(
                page.script,
                title=page.name,
                icon=page.icon,
                url_path=page.url_path or None,
                default=not page.url_path,
            )
            for page in pages
        ]
        for section, pages in _sections().items()
    }
    # (the sections' names are translated by _sections)


def page_link(key: str, *, label: str | None = None, params: dict | None = None, **kwargs) -> None:
    """A link to another page of the app, in the same tab, carrying `params` (and presenter view)."""
    page = BY_KEY[key]
    query = {**(params or {}), **view_params()}
    if is_presenting():
        query[PRESENT] = "1"
    st.page_link(
        page.script,
        label=label or f"{page.icon} {page.name}",
        query_params=query or None,
        **kwargs,
    )


def presenter_bar(url_path: str) -> None:
    """At the top of every page in presenter view (which hides the sidebar): every page, one
    click away and still presenting, and the way back to the normal view."""
    here = BY_PATH.get(url_path.strip("/"))
    with st.container(
        key="presenter_bar", horizontal=True, vertical_alignment="center", gap="medium"
    ):
        with st.popover(tr("☰ Pages")):
            for section, pages in _sections().items():
                st.caption(section)
                for page in pages:
                    page_link(page.key, disabled=page is here)
        presenter_toggle("app_presenter_toggle")
        language.switch("app_language_presenting", compact=True)


def _sections() -> dict[str, list[PageInfo]]:
    """The pages by menu section. Within a section, the pages on Home's suggested path come in
    the path's order (a learner who follows the menu reads what the path reads), in the places
    they hold among the section's other pages."""
    sections: dict[str, list[PageInfo]] = {}
    for page in PAGES:
        sections.setdefault(tr(page.section), []).append(page)
    order = {key: n for n, key in enumerate(path.pages())}
    for pages in sections.values():
        slots = [n for n, page in enumerate(pages) if page.key in order]
        on_path = sorted((pages[n] for n in slots), key=lambda page: order[page.key])
        for n, page in zip(slots, on_path):
            pages[n] = page
    return sections
