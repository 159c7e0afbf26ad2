"""Sharing and presenting: a copyable link to the current view, and a presenter view for class.

Any page can call:

- ``share.copy_link(query_string, path="practice")`` — the full address of this page with the
  given query string, in an ``st.code`` block (which has a copy button).
- ``share.presenter_mode()`` — reads the URL flag ``present=1``; when it is set, enlarges the
  type, hides the sidebar and the toolbar, and returns True so the page can drop extras.
- ``share.presenter_toggle(key)`` — a button in or out of presenter mode (it edits the URL).
"""

from __future__ import annotations

from urllib.parse import urlencode

import streamlit as st

from .urlparams import PRESENT

# Secrets a page may carry in its link (the live classroom's teacher key and student token): never
# put into the copyable "This view" link, which a teacher may show on a projector.
PRIVATE_PARAMS = ("key", "student")

# Only fixed text goes into this style block, never anything a user typed.
_PRESENTER_CSS = """
<style>
html { font-size: 22px; }
[data-testid="stSidebar"], [data-testid="stSidebarCollapsedControl"],
[data-testid="stExpandSidebarButton"], [data-testid="stToolbar"],
[data-testid="stDecoration"], [data-testid="stHeader"], footer { display: none !important; }
[data-testid="stMainBlockContainer"] { max-width: 100%; padding: 1.5rem 3rem 3rem 3rem; }
[data-testid="stMarkdownContainer"] p, [data-testid="stMarkdownContainer"] li,
[data-testid="stWidgetLabel"] p, [data-testid="stCaptionContainer"] { font-size: 1.25rem; }
[data-testid="stMetricValue"], [data-testid="stMetricValue"] * { font-size: 4rem !important; line-height: 1.15; }
[data-testid="stMetricLabel"] p { font-size: 1.3rem; }
.katex { font-size: 1.5em; }
h1 { font-size: 3rem !important; }
</style>
"""


def is_presenting() -> bool:
    """True when the page's URL carries ``present=1`` (so the view can be bookmarked)."""
    return st.query_params.get(PRESENT) == "1"


def presenter_mode() -> bool:
    """Switch the page to large type and minimal chrome when the URL says ``present=1``."""
    presenting = is_presenting()
    if presenting:
        st.markdown(_PRESENTER_CSS, unsafe_allow_html=True)
    return presenting


def page_address(query_string: str, path: str = "") -> str:
    """The full address of the current page with `query_string`.

    `st.context.url` is where the browser really is (scheme, host, port, base path and this
    page's path); without it (in tests, or an old front end) the link is relative to the host.
    """
    here = st.context.url
    base = here.rstrip("/") if here else "/" + path.strip("/")
    return f"{base}?{query_string}" if query_string else base


def copy_link(query_string: str, path: str = "", label: str = "Link to this view") -> str:
    """Show the full link in a code block, whose copy button puts it on the clipboard."""
    address = page_address(query_string, path)
    st.caption(f"{label} (the button at the right of the box copies it):")
    st.code(address, language=None, wrap_lines=True)
    return address


def _toggle_presenting() -> None:
    if is_presenting():
        del st.query_params[PRESENT]
    else:
        st.query_params[PRESENT] = "1"


def presenter_toggle(key: str) -> bool:
    """A button into presenter mode, or back out; the flag lands in the URL, so it bookmarks."""
    presenting = is_presenting()
    return st.button(
        "Normal view" if presenting else "📽️ Presenter view",
        key=key,
        on_click=_toggle_presenting,
        help=None if presenting else "Large type and no sidebar, for a projector.",
    )


def sidebar_tools(url_path: str) -> None:
    """On every page (called by app.py): the glossary, a link to exactly this view, and the
    presenter switch.

    The presenter view hides the sidebar, so its way back sits at the foot of the page.
    """
    if is_presenting():
        st.divider()
        presenter_toggle("app_presenter_toggle")
        return
    with st.sidebar:
        st.divider()
        from .menu import page_link  # late: the menu imports this module

        page_link("glossary", help="Every term and symbol of the app, defined in a line.")
        shown = {k: v for k, v in st.query_params.to_dict().items() if k not in PRIVATE_PARAMS}
        copy_link(urlencode(shown, safe=","), path=url_path, label="This view")
        presenter_toggle("app_presenter_toggle")
