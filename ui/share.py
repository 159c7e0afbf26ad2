"""Sharing and presenting: a copyable link to the current view, and a presenter view for class.

Any page can call:

- ``share.copy_link(query_string, path="practice")`` — the full address of this page with the
  given query string, in a box with a button that copies it (``ui/link_box``).
- ``share.is_presenting()`` — True when the URL carries ``present=1``: presenter view, whose
  look (large type, no sidebar, no toolbar) is `ui.style`'s and whose page switcher is
  `ui.menu.presenter_bar`'s.
- ``share.presenter_toggle(key)`` — a button in or out of presenter mode (it edits the URL).
- ``share.keep_presenting(url)`` — an in-app link that keeps presenter view when it is on.
- ``share.sidebar_link(url_path)`` — the sidebar's "This view" box, drawn by a page whose body
  is a fragment (`st.fragment`), so that the box follows the fragment's own reruns.
"""

from __future__ import annotations

from contextvars import ContextVar
from urllib.parse import urlencode

import streamlit as st
from streamlit.runtime.scriptrunner import get_script_run_ctx

from i18n import tr

from . import language, link_box, urlparams
from .urlparams import PRESENT


def is_presenting() -> bool:
    """True when the page's URL carries ``present=1`` (so the view can be bookmarked)."""
    return st.query_params.get(PRESENT) == "1"


def page_address(query_string: str, path: str = "") -> str:
    """The full address of the current page with `query_string`.

    `st.context.url` is where the browser really is (scheme, host, port, base path and this
    page's path); without it (in tests, or an old front end) the link is relative to the host.
    """
    here = st.context.url
    base = here.rstrip("/") if here else "/" + path.strip("/")
    return f"{base}?{query_string}" if query_string else base


def copy_link(query_string: str, path: str = "", label: str | None = None) -> str:
    """Show the full link in a box with a button that puts it on the clipboard (`ui/link_box`)."""
    address = page_address(query_string, path)
    link_box.show(address, label or tr("Link to this view"))
    return address


def _toggle_presenting() -> None:
    urlparams.apply({} if is_presenting() else {PRESENT: "1"}, [PRESENT])


def presenter_toggle(key: str) -> bool:
    """A button into presenter mode, or back out; the flag lands in the URL, so it bookmarks."""
    presenting = is_presenting()
    return st.button(
        tr("Normal view") if presenting else tr("📽️ Presenter view"),
        key=key,
        on_click=_toggle_presenting,
        help=None if presenting else tr("Large type and no sidebar, for a projector."),
    )


def keep_presenting(url: str) -> str:
    """`url` (an in-app link such as "/playground?rels=3,2") with ``present=1`` added while
    presenting, and the page's language, so both carry on wherever the link leads."""
    extra = {**urlparams.view_params(), **({PRESENT: "1"} if is_presenting() else {})}
    extra = {name: value for name, value in extra.items() if f"{name}=" not in url}
    if not extra:
        return url
    return f"{url}{'&' if '?' in url else '?'}{urlencode(extra)}"


# Whether this run's page drew the sidebar's link itself (`sidebar_link`): read and reset by
# `sidebar_tools` at the end of the run. Per run, not in the session (every session entry costs
# each widget of every rerun a little).
_LINK_DRAWN: ContextVar[bool] = ContextVar("sidebar_link_drawn", default=False)


def sidebar_link(url_path: str) -> None:
    """The sidebar's box holding the full address of exactly this view (secrets left out).

    A page whose body is a fragment draws it from inside the fragment, last: a typed change then
    reruns the fragment alone, and the box, written by the fragment, is redrawn with the
    address the change made (a fragment's writes to the sidebar are redrawn in place)."""
    if is_presenting():
        return
    with st.sidebar:
        # Streamlit draws its own rule under the menu: a second one would leave an empty band.
        # The glossary is the menu's second entry, on every page: no second link to it here.
        shown = {
            k: v for k, v in st.query_params.to_dict().items() if k not in urlparams.SECRET_KEYS
        }
        copy_link(urlencode(shown, safe=","), path=url_path, label=tr("This view"))
    context = get_script_run_ctx(suppress_warning=True)
    if context is not None and not context.fragment_ids_this_run:
        # A whole run, whose app.py reads this at its end: a fragment's own rerun never gets
        # there, and must leave nothing behind for the run after it (another page's, maybe).
        _LINK_DRAWN.set(True)


def sidebar_tools(url_path: str) -> None:
    """On every page (called by app.py): a link to exactly this view (unless the page drew it:
    `sidebar_link`), and the presenter switch.

    Presenter view hides the sidebar: its way back is in the bar at the top of the page
    (`ui.menu.presenter_bar`).
    """
    drawn = _LINK_DRAWN.get()
    _LINK_DRAWN.set(False)
    if is_presenting():
        return
    if not drawn:
        sidebar_link(url_path)
        _LINK_DRAWN.set(False)
    with st.sidebar:
        presenter_toggle("app_presenter_toggle")
        language.switch()
