"""A page's list in the session: the keys it is kept under, the current list, and publishing a
new one to the address bar and to the next page.

The list editor (ui/list_editor.py) and the convention controls (ui/controls.py) both read and
write these keys; they live here, below both, so that neither has to import the other for them.
"""

from __future__ import annotations

import streamlit as st

from ndcg_core.model import RankedList

from . import urlparams

SHARED = "shared_ranked_list"  # the last valid list, carried from page to page


def state_key(page: str, name: str) -> str:
    """The session key of one of a page's list entries or controls, e.g. "playground_k"."""
    return f"{page}_{name}"


def current(page: str) -> RankedList:
    """The page's current list (after `list_editor.edit_list` has run once)."""
    return st.session_state[state_key(page, "ranked")]


def publish(page: str, ranked: RankedList, *, share: bool = True) -> None:
    """Keep the URL and the session's shared list in step with the page.

    `share=False` keeps the list to this page (negative relevances, which other pages refuse);
    the URL still follows it.
    """
    st.session_state[state_key(page, "ranked")] = ranked
    if share:
        st.session_state[SHARED] = ranked
    show_address(ranked)


def show_address(ranked: RankedList) -> None:
    """Put `ranked`'s link in the address bar (only the parameters that change are sent).

    A page that shows a list's numbers before it publishes the list (`scores.MetricsFirst`)
    calls this first: the browser handles the page's messages in the order they are sent, so a
    learner who reloads as soon as the new number shows reopens the new list, not the last one."""
    urlparams.apply(urlparams.list_params(ranked), urlparams.LIST_KEYS)
