"""A fold (an expander) whose content is drawn only while it is open.

Each typed change or board move reruns the page; what is folded away then costs that rerun
nothing, on the server or in the browser. Opening the fold reruns the page once to draw it; it
stays open (and drawn) until closed. Use it as

    folded = folds.fold(PAGE, "sums", tr("🔎 The sums"))
    with folded:
        if folded.open:
            ...

A page test opens such folds (their key holds `_fold_`) with tests/pages/conftest.py's
`unfolded`.
"""

from __future__ import annotations

import streamlit as st

from .page_state import state_key


def fold(page: str, name: str, label: str):
    """The fold `name` of `page`, labelled `label`; its `.open` says whether to draw it."""
    return st.expander(label, key=state_key(page, f"fold_{name}"), on_change="rerun")
