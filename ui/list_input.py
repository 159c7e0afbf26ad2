"""The ranked list a learner works on, shared by the pages: typed, validated, kept in the URL.

A page calls `start(page)` (the list comes from the URL on the first visit, so a shared link
opens exactly that case, or else from the page visited before), then `text_box` and `controls`
(the widgets), then `publish` (the URL follows every change). A value that does not parse shows
a message naming it and leaves the last valid list on screen: the text box keeps what was typed.
The last valid state is also kept for the session, so moving to another page carries it along.
"""

from __future__ import annotations

from dataclasses import replace

import streamlit as st

from ndcg_core import DISCOUNTS, GAINS
from ndcg_core.parsing import format_relevances, parse_relevances

from .text import plain
from .urlstate import (
    MAX_LABEL_LENGTH,
    MAX_URL_ITEMS,
    ListState,
    default_labels,
    read_params,
    to_params,
)

# As long as a link may be, so that every link the app makes (e.g. a run's query with its
# 1000 documents, from /queries) opens in the text box as it is.
MAX_TYPED_ITEMS = MAX_URL_ITEMS
SHARED_KEY = "shared_list_state"  # the last valid list, carried from page to page
URL_KEYS = ("rels", "labels", "k", "gain", "discount", "base", "pool")


def _key(page: str, name: str) -> str:
    return f"{page}_{name}"


def _typed_form(state: ListState) -> str:
    return format_relevances(state.values, list(state.labels) if state.has_typed_labels else None)


def start(page: str, *, allow_negative: bool = False, k_beyond: bool = False) -> list[str]:
    """On a page's first run in this session, load the list from the URL (or the last page's).

    Returns the messages about bad URL parameters, to show once. `allow_negative` and
    `k_beyond` let a page accept negative relevances and a k beyond the list (see read_params).
    """
    if _key(page, "state") in st.session_state:
        return []
    params = st.query_params.to_dict()
    if "rels" in params or SHARED_KEY not in st.session_state:
        state, problems = read_params(
            params, MAX_TYPED_ITEMS, allow_negative=allow_negative, k_beyond=k_beyond
        )
    else:
        state, problems = st.session_state[SHARED_KEY], []
    put(page, state)
    return problems


def put(page: str, state: ListState) -> None:
    """Make `state` the page's current list, rewriting the text box and the controls."""
    st.session_state[_key(page, "state")] = state
    st.session_state[_key(page, "text")] = _typed_form(state)
    st.session_state[_key(page, "k")] = "all" if state.k is None else state.k
    st.session_state[_key(page, "gain")] = state.gain
    st.session_state[_key(page, "discount")] = state.discount
    st.session_state[_key(page, "base")] = float(state.base)
    st.session_state[_key(page, "pool")] = format_relevances(state.pool) if state.pool else ""


def get(page: str) -> ListState:
    return st.session_state[_key(page, "state")]


def text_box(
    page: str,
    *,
    label: str = "Relevances, in ranked order",
    height: int = 90,
    allow_negative: bool = False,
) -> ListState:
    """The typed list. On a bad value: an error naming it, and the last valid list is kept."""
    st.text_area(
        label,
        key=_key(page, "text"),
        height=height,
        help=(
            "Numbers separated by commas, spaces, semicolons or new lines (3, 2, 3, 0, 1, 2), "
            "optionally labelled (A=0.5, B=0.9). Position 1 is the top of the ranking."
        ),
    )
    state = get(page)
    try:
        parsed = parse_relevances(
            st.session_state[_key(page, "text")],
            max_items=MAX_TYPED_ITEMS,
            allow_negative=allow_negative,
        )
    except ValueError as error:
        st.error(
            plain(f"{error} The results below are for the last list that could be read."), icon="✋"
        )
        return state
    long_label = next((label for label in parsed.labels if len(label) > MAX_LABEL_LENGTH), None)
    if long_label is not None:
        # A link keeps labels up to this length: a longer one would not survive sharing.
        st.error(
            f"The label '{plain(long_label[:MAX_LABEL_LENGTH])}…' is {len(long_label)} characters long; "
            f"keep labels to {MAX_LABEL_LENGTH}. The results below are for the last list that "
            f"could be read.",
            icon="✋",
        )
        return state
    labels = parsed.labels if parsed.labelled else default_labels(len(parsed.values))
    if (parsed.values, labels) != (state.values, state.labels):
        state = replace(state, values=parsed.values, labels=labels)
        if state.k is not None and state.k > len(state.values) + len(state.pool):
            state = replace(state, k=None)
        st.session_state[_key(page, "state")] = state
    return state


def controls(page: str, *, pool: bool = True, explain: bool = True) -> ListState:
    """k, gain, discount (with its base) and the judged-but-not-retrieved pool."""
    state = get(page)
    longest = len(state.values) + len(state.pool)
    options = ["all", *range(1, longest + 1)]
    if st.session_state.get(_key(page, "k")) not in options:
        st.session_state[_key(page, "k")] = "all"
    k = st.selectbox(
        "Cut-off k",
        options,
        key=_key(page, "k"),
        format_func=lambda v: "all positions" if v == "all" else f"k = {v}",
        help="Only the top k positions count, in the list and in the ideal ranking alike.",
    )
    gain = st.radio(
        "Gain",
        list(GAINS),
        key=_key(page, "gain"),
        format_func=lambda name: GAINS[name].label,
        horizontal=True,
    )
    if explain:
        st.caption(GAINS[gain].description)
    discount = st.radio(
        "Discount",
        list(DISCOUNTS),
        key=_key(page, "discount"),
        format_func=lambda name: DISCOUNTS[name].label,
        horizontal=True,
    )
    base = st.number_input(
        "Log base b",
        min_value=1.01,
        max_value=100.0,
        step=1.0,
        key=_key(page, "base"),
        help="Scales every DCG; it cancels out of NDCG for 1/log(i+1) but not for Järvelin–Kekäläinen.",
    )
    if explain:
        st.caption(DISCOUNTS[discount].description)
    pool_values = state.pool
    if pool:
        st.text_input(
            "Judged but not retrieved (optional)",
            key=_key(page, "pool"),
            placeholder="e.g. 3, 2",
            help=(
                "Relevances of items that were judged for this query but that the system never "
                "ranked. They join the ideal ranking (trec_eval's convention), so missing them costs."
            ),
        )
        typed = st.session_state[_key(page, "pool")].strip()
        if not typed:
            pool_values = ()
        else:
            try:
                pool_values = parse_relevances(typed, max_items=MAX_TYPED_ITEMS).values
            except ValueError as error:
                st.error(
                    plain(f"Pool: {error} The last pool that could be read is used."), icon="✋"
                )
    state = replace(
        state,
        k=None if k == "all" else int(k),
        gain=gain,
        discount=discount,
        base=float(base),
        pool=pool_values,
    )
    st.session_state[_key(page, "state")] = state
    return state


def publish(page: str, state: ListState, *, share: bool = True) -> None:
    """Keep the URL and the session's shared list in step with the page.

    `share=False` keeps the list to this page (e.g. negative relevances, which other pages
    do not accept); the URL still follows it.
    """
    st.session_state[_key(page, "state")] = state
    if share:
        st.session_state[SHARED_KEY] = state
    wanted = to_params(state)
    current = st.query_params.to_dict()
    for key in URL_KEYS:
        if key in wanted and current.get(key) != wanted[key]:
            st.query_params[key] = wanted[key]
        elif key not in wanted and key in current:
            del st.query_params[key]
