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
    urlparams.apply(urlparams.list_params(ranked), urlparams.LIST_KEYS)


def fold(page: str, label: str, name: str):
    """A fold whose content is drawn only while it is open (`with it: if it.open: ...`): each
    rerun of the page costs what is folded away nothing, on the server or in the browser
    (Streamlit's expander runs its body anyway). Opening it reruns the page once to draw it;
    it stays open (and drawn) until closed. A page test opens such folds (their key holds
    `_fold_`) with tests/pages/conftest.py's `unfolded`."""
    return st.expander(label, key=f"{page}_fold_{name}", on_change="rerun")
