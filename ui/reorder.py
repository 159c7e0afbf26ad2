"""Reordering and editing a page's list in place: drag cards, move buttons, a table editor.

Each change goes through `list_input.put`, so the text box, the URL and the other pages follow.
Call `absorb_drag(page)` before `list_input.text_box` (a drag rewrites the text box, which is only
allowed before the box is drawn); the table's edits likewise go through
`absorb_table_edits(page)`, and the buttons use callbacks.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import replace

import streamlit as st
from streamlit_sortables import sort_items

from ndcg_core.orders import apply_order, move, order_between
from ndcg_core.parsing import format_number

from . import list_input
from .urlstate import MAX_LABEL_LENGTH, ListState, default_labels, typable_label

MAX_DRAG_ITEMS = 50
FORBIDDEN_IN_LABELS = ",;=:"  # they separate items or labels in the typed form and the URL

# Cards: readable on a projector, clearly grabbable, and a visible focus ring for keyboard users.
_CARD_STYLE = """
.sortable-component { gap: 6px; flex-wrap: wrap; padding: 2px; }
.sortable-item, .sortable-item:hover {
  background-color: #0072B2; color: #ffffff; font-weight: 600; font-size: 15px;
  border-radius: 8px; padding: 6px 10px; margin: 0; cursor: grab; user-select: none;
}
.sortable-item:focus { outline: 3px solid #E69F00; outline-offset: 2px; }
"""


def _key(page: str, name: str) -> str:
    return f"{page}_{name}"


# ---------------------------------------------------------------------------- items and orders


def card_texts(state: ListState) -> list[str]:
    """One unique string per item, e.g. 'D1 · rel 3' (the drag component's ids)."""
    texts = [f"{label} · rel {format_number(v)}" for label, v in zip(state.labels, state.values)]
    seen: set[str] = set()
    unique = []
    for position, text in enumerate(texts, start=1):
        unique.append(text if text not in seen else f"{text} (#{position})")
        seen.add(unique[-1])
    return unique


def _identified(state: ListState) -> ListState:
    """Give the items lasting names before they move, so D3 stays D3 wherever it goes."""
    if state.has_typed_labels:
        return state
    return replace(state, labels=default_labels(len(state.values)))


def reordered(state: ListState, order: Sequence[int]) -> ListState:
    """`state` with its items (relevances and labels together) in the given order."""
    state = _identified(state)
    return replace(
        state,
        values=apply_order(order, state.values),
        labels=apply_order(order, state.labels),
    )


def remember_typed(page: str, state: ListState) -> None:
    """Keep the list as typed (or edited), for the 'reset' button."""
    st.session_state[_key(page, "typed")] = (state.values, state.labels)


def typed(page: str) -> tuple[tuple[float, ...], tuple[str, ...]] | None:
    return st.session_state.get(_key(page, "typed"))


def set_order(page: str, order_of: Callable[[ListState], Sequence[int]]) -> None:
    """A button callback: reorder the page's list by `order_of(state)`."""
    state = list_input.get(page)
    list_input.put(page, reordered(state, order_of(state)))


def reset_to_typed(page: str) -> None:
    """A button callback: the list as it was last typed or edited."""
    saved = typed(page)
    if saved is None:
        return
    values, labels = saved
    list_input.put(page, replace(list_input.get(page), values=values, labels=labels))


def move_selected(page: str, where: str) -> None:
    """A button callback: move the item chosen in the 'item to move' box up, down, top or bottom."""
    state = list_input.get(page)
    cards = card_texts(state)
    chosen = st.session_state.get(_key(page, "move_item"))
    if chosen not in cards:
        return
    source = cards.index(chosen) + 1
    n = len(cards)
    target = {"up": source - 1, "down": source + 1, "top": 1, "bottom": n}[where]
    target = min(max(target, 1), n)
    if target != source:
        list_input.put(page, reordered(state, move(n, source, target)))


# ---------------------------------------------------------------------------- drag and drop


def _sort_key(page: str) -> str:
    return _key(page, f"sort_{st.session_state.get(_key(page, 'sort_version'), 0)}")


def _dragged_items(value) -> list[str] | None:
    """The order the drag component reported: a flat list, or its one-container form."""
    if not isinstance(value, list) or not value:
        return None
    first = value[0]
    if isinstance(first, dict):
        items = first.get("items")
        return list(items) if isinstance(items, list) else None
    return [str(item) for item in value]


def absorb_drag(page: str) -> bool:
    """If the cards were dragged since the last run, reorder the list to match; True if so."""
    shown = st.session_state.get(_key(page, "sort_items"))
    dragged = _dragged_items(st.session_state.get(_sort_key(page)))
    if shown is None or dragged is None or dragged == shown:
        return False
    try:
        order = order_between(shown, dragged)
    except ValueError:
        return False  # a stale report from an older list: ignore it
    list_input.put(page, reordered(list_input.get(page), order))
    # The cards already show this order: keep the component as it is (no reload, no flicker).
    st.session_state[_key(page, "sort_items")] = dragged
    return True


def drag_cards(page: str, state: ListState) -> None:
    """The draggable cards, or a message when the list is too long to drag comfortably."""
    cards = card_texts(state)
    if len(cards) > MAX_DRAG_ITEMS:
        st.info(
            f"The cards are shown for lists of up to {MAX_DRAG_ITEMS} items; this one has "
            f"{len(cards)}. Use the move buttons, the order buttons or the table to reorder it.",
            icon="↕️",
        )
        return
    if st.session_state.get(_key(page, "sort_items")) != cards:
        # The list changed some other way: start a fresh component showing the new order.
        version = st.session_state.get(_key(page, "sort_version"), 0) + 1
        st.session_state[_key(page, "sort_version")] = version
        st.session_state[_key(page, "sort_items")] = cards
    sort_items(cards, direction="horizontal", custom_style=_CARD_STYLE, key=_sort_key(page))


# ---------------------------------------------------------------------------- the table editor


def editor_key(page: str) -> str:
    return _key(page, f"table_{st.session_state.get(_key(page, 'table_version'), 0)}")


def editor_rows(page: str, state: ListState) -> list[dict]:
    """The rows the table editor starts from; a new list gets a fresh editor."""
    content = (state.values, state.labels)
    if st.session_state.get(_key(page, "table_content")) != content:
        st.session_state[_key(page, "table_version")] = (
            st.session_state.get(_key(page, "table_version"), 0) + 1
        )
        st.session_state[_key(page, "table_content")] = content
    return [
        {"Label": label, "Relevance": value} for label, value in zip(state.labels, state.values)
    ]


def table_error(page: str) -> str | None:
    return st.session_state.get(_key(page, "table_error"))


def absorb_table_edits(page: str) -> bool:
    """Apply the table editor's edits if every row is valid (True), else keep them and say why.

    Runs before the text box is drawn, like `absorb_drag`; a bad edit stays in the table (nothing
    typed is lost) and its message stays until it is fixed.
    """
    edits = st.session_state.get(editor_key(page))
    if not isinstance(edits, dict) or not any(
        edits.get(part) for part in ("edited_rows", "added_rows", "deleted_rows")
    ):
        st.session_state[_key(page, "table_error")] = None
        return False
    state = list_input.get(page)
    rows = [
        {"Label": label, "Relevance": value} for label, value in zip(state.labels, state.values)
    ]
    for index, change in (edits.get("edited_rows") or {}).items():
        if 0 <= int(index) < len(rows):
            rows[int(index)].update(change)
    deleted = {int(i) for i in edits.get("deleted_rows") or []}
    rows = [row for i, row in enumerate(rows) if i not in deleted]
    rows += [dict(row) for row in edits.get("added_rows") or []]
    try:
        values, labels = _checked_rows(rows)
    except ValueError as error:
        st.session_state[_key(page, "table_error")] = str(error)
        return False
    st.session_state[_key(page, "table_error")] = None
    new = replace(state, values=values, labels=labels)
    if new.k is not None and new.k > len(values) + len(new.pool):
        new = replace(new, k=None)
    list_input.put(page, new)
    remember_typed(page, new)
    return True


def _checked_rows(rows: list[dict]) -> tuple[tuple[float, ...], tuple[str, ...]]:
    if not rows:
        raise ValueError("The table is empty: a ranking needs at least one item.")
    values, labels = [], []
    for position, row in enumerate(rows, start=1):
        label = row.get("Label")
        label = f"D{position}" if label is None or str(label).strip() == "" else str(label).strip()
        value = row.get("Relevance")
        if value is None or (isinstance(value, float) and math.isnan(value)):
            raise ValueError(f"Row {position} ({label}) has no relevance: type a number ≥ 0.")
        try:
            value = float(value)
        except (TypeError, ValueError):
            raise ValueError(f"Row {position} ({label}): '{value}' is not a number.") from None
        if not math.isfinite(value) or value < 0:
            raise ValueError(
                f"Row {position} ({label}): relevance {format_number(value)} is not allowed; "
                "use a finite number ≥ 0 (0 means not relevant)."
            )
        bad = [c for c in FORBIDDEN_IN_LABELS if c in label]
        if bad:
            raise ValueError(
                f"Row {position}: the label '{label}' contains '{bad[0]}', which separates items "
                f"in the typed list and the link; use letters, digits, spaces, - or _."
            )
        if not typable_label(label):  # a tab or line break inside would split the typed list
            raise ValueError(
                f"Row {position}: the label {label!r} holds a tab or a line break; "
                f"use letters, digits, spaces, - or _."
            )
        if len(label) > MAX_LABEL_LENGTH:
            raise ValueError(
                f"Row {position}: the label is {len(label)} characters long; "
                f"keep it to {MAX_LABEL_LENGTH}."
            )
        if label in labels:
            raise ValueError(
                f"Row {position}: the label '{label}' is already used at row "
                f"{labels.index(label) + 1}; each item needs its own label."
            )
        values.append(value)
        labels.append(label)
    if len(values) > list_input.MAX_TYPED_ITEMS:
        raise ValueError(
            f"The table has {len(values)} rows; the playground takes up to "
            f"{list_input.MAX_TYPED_ITEMS}."
        )
    return tuple(values), tuple(labels)
