"""Editing a ranked list on a page: one call for the list, one for its conventions.

    ranked = list_editor.edit_list(PAGE, drag=True, table=True)   # text, cards, buttons, table
    ranked = controls.scoring_controls(PAGE)                      # k, gain, discount, base, pool

Both return the page's current `RankedList` and keep the URL and the session in step with it,
so a link reopens exactly this view and the next page opens on the same list. Nothing else
touches the session keys below (`state_key`; the convention controls, in ui/controls.py, share
them); pages only read what these calls return.

The order of things inside `edit_list` matters and is why it is one call: a drag or a table
edit rewrites the text box, which Streamlit only allows before the box is drawn, so both are
absorbed first; the buttons change the list in callbacks, which also run before the script.
A value that does not parse is named in a message and the last valid list stays on screen,
with the typed text kept in its box.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import replace

import pandas as pd
import streamlit as st
from streamlit_sortables import sort_items

from ndcg_core.display import exact, shorten
from ndcg_core.model import MAX_LABEL_LENGTH, RankedList, default_labels
from ndcg_core.parsing import format_relevances, parse_relevances, typable_label
from ndcg_core.permutations import (
    ideal_order,
    move,
    order_between,
    reverse_order,
    shuffled_order,
    worst_order,
)

from . import controls, urlparams
from .charts.theme import BLUE, ORANGE, PRESENTER_FONT_SIZE
from .share import is_presenting
from .text import plain

SHARED = "shared_ranked_list"  # the last valid list, carried from page to page
MAX_DRAG_ITEMS = 50
MAX_UNTYPED_OPTIONS = 30  # pickers up to this long open without a text field

# Cards: clearly grabbable, a visible focus ring for keyboard users, a gap between them (the
# component's own flex box is the container body), and no swipe that escapes to the browser.
# The component draws in a frame of its own, which the app's style sheet does not reach: the
# rule goes with it, in the theme's colours, and presenter sizes reach it here.
_CARD_STYLE = """
.sortable-container-body { display: flex; flex-wrap: wrap; gap: 6px; padding: 4px; }
.sortable-item, .sortable-item:hover {
  list-style: none; background-color: %(colour)s; color: #ffffff; font-weight: 600;
  font-size: %(size)dpx; border-radius: 8px; padding: 6px 10px; margin: 0; cursor: grab;
  user-select: none; touch-action: none;
}
.sortable-item:focus { outline: 3px solid %(focus)s; outline-offset: 2px; }
html, body { overscroll-behavior: none; }
"""
CARD_FONT_SIZE = 15  # pixels; presenter view: the theme's PRESENTER_FONT_SIZE


def state_key(page: str, name: str) -> str:
    """The session key of one of a page's list entries or controls, e.g. "playground_k"."""
    return f"{page}_{name}"


def typing_mode(options: Sequence) -> str | None:
    """A picker with a short list opens as a plain list, with no text field: on a phone a text
    field would raise the keyboard over the very list to pick from. A long one can be typed in."""
    return None if len(options) <= MAX_UNTYPED_OPTIONS else "prefix"


# ---------------------------------------------------------------------------------------------
# The page's current list
# ---------------------------------------------------------------------------------------------


def current(page: str) -> RankedList:
    """The page's current list (after `edit_list` has run once)."""
    return st.session_state[state_key(page, "ranked")]


def _put(page: str, ranked: RankedList) -> None:
    """Make `ranked` the page's list, rewriting the text box and the controls to match."""
    st.session_state[state_key(page, "ranked")] = ranked
    st.session_state[state_key(page, "text")] = _typed_form(ranked)
    s = ranked.scoring
    st.session_state[state_key(page, "k")] = s.k
    st.session_state[state_key(page, "gain")] = s.gain
    st.session_state[state_key(page, "discount")] = s.discount
    st.session_state[state_key(page, "base")] = float(s.log_base)
    st.session_state[state_key(page, "zero")] = s.zero
    st.session_state[state_key(page, "ideal_source")] = s.ideal
    st.session_state[state_key(page, "pool")] = (
        format_relevances(ranked.pool) if ranked.pool else ""
    )


def load(page: str, ranked: RankedList) -> None:
    """Replace the page's list from outside the editor (a gallery case, an example): a callback."""
    _put(page, ranked)
    _remember_typed(page, ranked)


def _typed_form(ranked: RankedList) -> str:
    return format_relevances(
        ranked.relevances, list(ranked.labels) if ranked.has_typed_labels else None
    )


def _start(page: str, *, negative: bool) -> list[str]:
    """When the page is entered (first visit, or back from another page): its list comes from
    the link when the link has one, else from the page last visited, else the page's own.

    Streamlit forgets a page's widgets when the user leaves it, so a missing text box is how
    a return is told from a rerun of the same page. Returns the messages about link values
    that were not used as given.
    """
    if state_key(page, "text") in st.session_state:
        return []
    params = st.query_params.to_dict()
    messages: list[str] = []
    shared = st.session_state.get(SHARED)
    if "rels" in params:
        ranked, messages = urlparams.read_list(params, negative=negative)
    elif shared is not None:
        ranked = shared
    elif state_key(page, "ranked") in st.session_state:
        ranked = current(page)
    else:
        ranked, messages = urlparams.read_list(params, negative=negative)
    _put(page, ranked)
    _remember_typed(page, ranked)
    return messages


def publish(page: str, ranked: RankedList, *, share: bool = True) -> None:
    """Keep the URL and the session's shared list in step with the page.

    `share=False` keeps the list to this page (negative relevances, which other pages refuse);
    the URL still follows it.
    """
    st.session_state[state_key(page, "ranked")] = ranked
    if share:
        st.session_state[SHARED] = ranked
    urlparams.apply(urlparams.list_params(ranked), urlparams.LIST_KEYS)


# ---------------------------------------------------------------------------------------------
# The one call: the list, typed, dragged, reordered by buttons, edited in a table
# ---------------------------------------------------------------------------------------------


def edit_list(
    page: str,
    *,
    label: str = "Relevances, in ranked order",
    height: int = 90,
    drag: bool = False,
    table: bool = False,
    negative: bool = False,
    share: bool = True,
) -> RankedList:
    """Draw the list's editors and return the page's current `RankedList`.

    `drag` adds the draggable cards, the order buttons and the move buttons; `table` a table
    editor; `negative` accepts negative relevances (for /libraries); `share=False` keeps the list off the other pages.
    """
    for message in _start(page, negative=negative):
        st.warning(plain(message), icon="🔗")
    if drag:
        _absorb_drag(page)
    if table:
        _absorb_table_edits(page)
    ranked = _text_box(page, label=label, height=height, negative=negative)
    if drag:
        _reorder_tools(page, ranked)
    if table:
        _table_editor(page, ranked)
    ranked = current(page)
    publish(page, ranked, share=share and min(ranked.relevances) >= 0)
    return ranked


def _text_box(page: str, *, label: str, height: int, negative: bool) -> RankedList:
    """The typed list. On a bad value: an error naming it, and the last valid list is kept."""
    st.text_area(
        label,
        key=state_key(page, "text"),
        height=height,
        help=(
            "Numbers separated by commas, spaces, semicolons or new lines (3, 2, 3, 0, 1, 2), "
            "optionally labelled (A=0.5, B=0.9). Position 1 is the top of the ranking. "
            "Ctrl+Enter applies a change and keeps the cursor in the box."
        ),
    )
    ranked = current(page)
    try:
        parsed = parse_relevances(
            st.session_state[state_key(page, "text")],
            max_items=urlparams.MAX_ITEMS,
            allow_negative=negative,
        )
        labels = parsed.labels if parsed.labelled else default_labels(len(parsed.values))
        typed = _typed_list(page, ranked, parsed.values, labels)
    except ValueError as error:
        st.error(
            plain(f"{error} The results below are for the last list that could be read."), icon="✋"
        )
        return ranked
    if (typed.relevances, typed.labels) != (ranked.relevances, ranked.labels):
        st.session_state[state_key(page, "ranked")] = typed
        _remember_typed(page, typed)
        return typed
    return ranked


def _typed_list(page: str, ranked: RankedList, values, labels) -> RankedList:
    """The typed values with the page's conventions. A gain map lacking a typed grade raises,
    unless the map in the gain box (typed in the same change) has it: that map is used."""
    try:
        return replace(ranked, relevances=values, labels=labels)
    except ValueError:
        pending = controls.typed_map(state_key(page, "gain"))
        if pending is None:
            raise
        try:
            scoring = replace(ranked.scoring, gain=pending)
            return replace(ranked, relevances=values, labels=labels, scoring=scoring)
        except ValueError:
            pass
        raise


# -- order buttons and moves ------------------------------------------------------------------


def _remember_typed(page: str, ranked: RankedList) -> None:
    """Keep the list as typed (or edited), for the 'reset' button."""
    st.session_state[state_key(page, "typed")] = (ranked.relevances, ranked.labels)


def _identified(ranked: RankedList) -> RankedList:
    """Give the items lasting names before they move, so D3 stays D3 wherever it goes."""
    return ranked if ranked.has_typed_labels else replace(ranked, labels=default_labels(ranked.n))


def _set_order(page: str, order_of: Callable[[RankedList], Sequence[int]]) -> None:
    ranked = _identified(current(page))
    _put(page, ranked.reordered(order_of(ranked)))


def _reset_to_typed(page: str) -> None:
    relevances, labels = st.session_state[state_key(page, "typed")]
    _put(page, replace(current(page), relevances=relevances, labels=labels))


def card_texts(ranked: RankedList) -> list[str]:
    """One unique string per item, e.g. 'D1 · rel 3' (the drag component's ids)."""
    texts = [f"{label} · rel {exact(v)}" for label, v in zip(ranked.labels, ranked.relevances)]
    seen: set[str] = set()
    unique = []
    for position, text in enumerate(texts, start=1):
        unique.append(text if text not in seen else f"{text} (#{position})")
        seen.add(unique[-1])
    return unique


def _move_selected(page: str, where: str) -> None:
    ranked = current(page)
    cards = card_texts(ranked)
    chosen = st.session_state.get(state_key(page, "move_item"))
    if chosen not in cards:
        return
    source, n = cards.index(chosen) + 1, len(cards)
    target = min(max({"up": source - 1, "down": source + 1, "top": 1, "bottom": n}[where], 1), n)
    if target != source:
        _put(page, _identified(ranked).reordered(move(n, source, target)))


ORDER_BUTTONS = (
    (
        "ideal",
        "⭐ Ideal",
        lambda r: ideal_order(r.relevances),
        "Most relevant first: the best order of these items. NDCG reaches 1 unless judged items the system never retrieved are missing from the list.",
    ),
    (
        "worst",
        "👎 Worst",
        lambda r: worst_order(r.relevances),
        "Least relevant first: the lowest NDCG these items can score.",
    ),
    ("reverse", "🔃 Reverse", lambda r: reverse_order(r.n), "Bottom to top."),
    ("shuffle", "🎲 Shuffle", lambda r: shuffled_order(r.n), "A random order."),
)
MOVE_BUTTONS = (
    ("up", "Up", "One place up"),
    ("down", "Down", "One place down"),
    ("top", "Top", "To the top"),
    ("bottom", "End", "To the bottom"),
)


def _reorder_tools(page: str, ranked: RankedList) -> None:
    """The draggable cards, the order buttons and the keyboard-and-touch move buttons."""
    st.markdown(
        "**Drag the cards** to reorder: with a mouse, press and drag; on a touch screen, press "
        "and hold a card, then drag. Or use the buttons below."
    )
    _drag_cards(page, ranked)
    # Rows that wrap: each button keeps its whole label and moves to the next line when the
    # column is too narrow (a phone, a projector at 150 %), rather than cutting it to "⭐ I…".
    with st.container(horizontal=True, gap="small", key=state_key(page, "order_buttons")):
        for name, text, order_of, tip in ORDER_BUTTONS:
            st.button(
                text,
                key=state_key(page, name),
                on_click=_set_order,
                args=(page, order_of),
                help=tip,
                width="stretch",
            )
        st.button(
            "↩️ Reset to what I typed",
            key=state_key(page, "reset"),
            on_click=_reset_to_typed,
            args=(page,),
            help="Back to the list as you last typed or edited it.",
            width="stretch",
        )
    cards = card_texts(ranked)
    if st.session_state.get(state_key(page, "move_item")) not in cards:
        st.session_state[state_key(page, "move_item")] = cards[0]
    st.selectbox(
        "Move one item (works with keyboard and touch)",
        cards,
        key=state_key(page, "move_item"),
        help="Choose an item, then press Up or Down as often as you like: it stays chosen.",
        filter_mode=typing_mode(cards),
    )
    # One row, even on a phone: the four moves sit together under the chosen item.
    with st.container(horizontal=True, gap="small", key=state_key(page, "move_buttons")):
        for where, text, tip in MOVE_BUTTONS:
            st.button(
                text,
                key=state_key(page, f"move_{where}"),
                on_click=_move_selected,
                args=(page, where),
                help=tip,
                width="stretch",
            )


# -- drag and drop ----------------------------------------------------------------------------


def _sort_key(page: str) -> str:
    return state_key(page, f"sort_{st.session_state.get(state_key(page, 'sort_version'), 0)}")


def _dragged_items(value) -> list[str] | None:
    """The order the drag component reported: a flat list, or its one-container form."""
    if not isinstance(value, list) or not value:
        return None
    first = value[0]
    if isinstance(first, dict):
        items = first.get("items")
        return list(items) if isinstance(items, list) else None
    return [str(item) for item in value]


def _absorb_drag(page: str) -> None:
    """If the cards were dragged since the last run, reorder the list to match."""
    shown = st.session_state.get(state_key(page, "sort_items"))
    dragged = _dragged_items(st.session_state.get(_sort_key(page)))
    if shown is None or dragged is None or dragged == shown:
        return
    try:
        order = order_between(shown, dragged)
    except ValueError:
        return  # a stale report from an older list: ignore it
    _put(page, _identified(current(page)).reordered(order))
    # The cards already show this order: keep the component as it is (no reload, no flicker).
    st.session_state[state_key(page, "sort_items")] = dragged


def _drag_cards(page: str, ranked: RankedList) -> None:
    cards = card_texts(ranked)
    if len(cards) > MAX_DRAG_ITEMS:
        st.info(
            f"The cards are shown for lists of up to {MAX_DRAG_ITEMS} items; this one has "
            f"{len(cards)}. Use the move buttons, the order buttons or the table to reorder it.",
            icon="↕️",
        )
        return
    if st.session_state.get(state_key(page, "sort_items")) != cards:
        # The list changed some other way: start a fresh component showing the new order.
        st.session_state[state_key(page, "sort_version")] = (
            st.session_state.get(state_key(page, "sort_version"), 0) + 1
        )
        st.session_state[state_key(page, "sort_items")] = cards
    size = PRESENTER_FONT_SIZE if is_presenting() else CARD_FONT_SIZE
    sort_items(
        cards,
        direction="horizontal",
        custom_style=_CARD_STYLE % {"colour": BLUE, "focus": ORANGE, "size": size},
        key=_sort_key(page),
    )


# -- the table editor -------------------------------------------------------------------------


def _editor_key(page: str) -> str:
    return state_key(page, f"table_{st.session_state.get(state_key(page, 'table_version'), 0)}")


def _rows(relevances: Sequence[float], labels: Sequence[str]) -> list[dict]:
    return [{"Label": label, "Relevance": value} for label, value in zip(labels, relevances)]


def _edited_rows(rows: list[dict], edits: dict) -> list[dict]:
    """The table's rows with the editor's edits applied. The browser's grid sends row numbers
    and a dict per row; anything else (a message not made by the grid) is named, not raised."""

    def row_number(key: object) -> int:
        try:
            return int(key)
        except (TypeError, ValueError):
            raise ValueError(
                f"The table's edit names row {str(key)[:30]!r}, which is not a row number: "
                f"edit the table again, or type the list in the box."
            ) from None

    def as_dict(change: object) -> dict:
        if not isinstance(change, dict):
            raise ValueError(
                f"The table's edit {str(change)[:30]!r} is not a row of the table: edit the "
                f"table again, or type the list in the box."
            )
        return dict(change)

    edited = edits.get("edited_rows") or {}
    deleted = edits.get("deleted_rows") or []
    added = edits.get("added_rows") or []
    if not isinstance(edited, dict) or not isinstance(deleted, list) or not isinstance(added, list):
        raise ValueError(
            "The table's edit could not be read: edit the table again, or type the list in the box."
        )
    for index, change in edited.items():
        number = row_number(index)
        if 0 <= number < len(rows):
            rows[number].update(as_dict(change))
    gone = {row_number(i) for i in deleted}
    rows = [row for i, row in enumerate(rows) if i not in gone]
    return rows + [as_dict(row) for row in added]


def _absorb_table_edits(page: str) -> None:
    """Apply the table editor's edits if every row is valid, else keep them and say why.

    The editor keeps the rows it was drawn with (its base) and reports every edit since, so the
    list is the base with the edits applied. Edits are read once, when they change: a list
    changed since by other means (a drag, a button) is not undone by edits already applied.
    A bad edit stays in the table (nothing typed is lost) and its message stays until fixed.
    """
    edits = st.session_state.get(_editor_key(page))
    seen = repr(edits)
    if seen == st.session_state.get(state_key(page, "table_seen")):
        return
    st.session_state[state_key(page, "table_seen")] = seen
    base = st.session_state.get(state_key(page, "table_base"))
    if (
        base is None
        or not isinstance(edits, dict)
        or not any(edits.get(part) for part in ("edited_rows", "added_rows", "deleted_rows"))
    ):
        st.session_state[state_key(page, "table_error")] = None
        return
    ranked = current(page)
    try:
        rows = _edited_rows(_rows(*base), edits)
    except ValueError as error:
        # Not an edit the grid makes: Streamlit's editor would fail replaying it, so a fresh
        # editor (a new key) shows the list, and the message says why.
        st.session_state[state_key(page, "table_error")] = str(error)
        version = state_key(page, "table_version")
        st.session_state[version] = st.session_state.get(version, 0) + 1
        return
    try:
        edited = table_rows_to_list(ranked, rows)
    except ValueError as error:
        st.session_state[state_key(page, "table_error")] = str(error)
        return
    st.session_state[state_key(page, "table_error")] = None
    # What the editor now shows: the list is in step with it, so it is not drawn afresh.
    st.session_state[state_key(page, "table_shows")] = (edited.relevances, edited.labels)
    if (edited.relevances, edited.labels) != (ranked.relevances, ranked.labels):
        _put(page, edited)
        _remember_typed(page, edited)


def table_rows_to_list(ranked: RankedList, rows: list[dict]) -> RankedList:
    """The list the table's rows describe (rows are positions, top first), or a ValueError
    naming the first bad row."""
    if not rows:
        raise ValueError("The table is empty: a ranking needs at least one item.")
    if len(rows) > urlparams.MAX_ITEMS:
        raise ValueError(
            f"The table has {len(rows)} rows; a list takes up to {urlparams.MAX_ITEMS}."
        )
    values, labels = [], []
    for position, row in enumerate(rows, start=1):
        label = row.get("Label")
        label = f"D{position}" if label is None or str(label).strip() == "" else str(label).strip()
        value = row.get("Relevance")
        if value is None or (isinstance(value, float) and math.isnan(value)):
            raise ValueError(
                f"Row {position} ({shorten(label)}) has no relevance: type a number ≥ 0."
            )
        try:
            value = float(value)
        except (TypeError, ValueError):
            raise ValueError(
                f"Row {position} ({shorten(label)}): '{shorten(value)}' is not a number."
            ) from None
        if not math.isfinite(value) or value < 0:
            raise ValueError(
                f"Row {position} ({shorten(label)}): relevance {exact(value)} is not allowed; use a "
                f"finite number ≥ 0 (0 means not relevant)."
            )
        if not typable_label(label):
            raise ValueError(
                f"Row {position}: the label '{shorten(label)}' holds one of , ; = : or a tab or line "
                f"break, which separate items in the typed list and the link; use letters, digits, "
                f"spaces, - or _."
            )
        if len(label) > MAX_LABEL_LENGTH:
            raise ValueError(
                f"Row {position}: the label is {len(label)} characters long; keep it to {MAX_LABEL_LENGTH}."
            )
        if label in labels:
            raise ValueError(
                f"Row {position}: the label '{shorten(label)}' is already used at row "
                f"{labels.index(label) + 1}; each item needs its own label."
            )
        values.append(value)
        labels.append(label)
    try:
        return replace(ranked, relevances=tuple(values), labels=tuple(labels))
    except ValueError as error:  # the rows are fine one by one, not together (sums overflow)
        raise ValueError(f"The table cannot be scored: {error}") from None


def _table_editor(page: str, ranked: RankedList) -> None:
    with st.expander("✏️ Edit labels and relevances in a table"):
        content = (ranked.relevances, ranked.labels)
        if st.session_state.get(state_key(page, "table_shows")) != content:
            # The list changed some other way: a fresh editor (a new key) shows it. An edit made
            # in the editor itself keeps the key, so the grid, and the keyboard focus in it, stay.
            st.session_state[state_key(page, "table_version")] = (
                st.session_state.get(state_key(page, "table_version"), 0) + 1
            )
            st.session_state[state_key(page, "table_base")] = content
            st.session_state[state_key(page, "table_shows")] = content
            st.session_state[state_key(page, "table_error")] = None
        st.data_editor(
            pd.DataFrame(_rows(*st.session_state[state_key(page, "table_base")])),
            key=_editor_key(page),
            num_rows="dynamic",
            hide_index=True,
            width="stretch",
            column_config={
                "Label": st.column_config.TextColumn("Label", max_chars=MAX_LABEL_LENGTH),
                "Relevance": st.column_config.NumberColumn("Relevance", min_value=0.0, format="%g"),
            },
        )
        problem = st.session_state.get(state_key(page, "table_error"))
        if problem:
            st.error(plain(f"{problem} The list was not changed."), icon="✋")
        else:
            st.caption("Rows are positions, top first. Add or delete rows at the table's edge.")
