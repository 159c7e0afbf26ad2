"""Editing a ranked list on a page: one call for the list, one for its conventions, and the
ranking board where the page wants it.

    ranked = list_editor.edit_list(PAGE, drag=True, table=True)   # text, board moves, table
    ranked = controls.scoring_controls(PAGE)                      # k, gain, discount, base, pool
    list_editor.board(PAGE, ranked)                               # the board (ui/board/)

Both return the page's current `RankedList` and keep the URL and the session in step with it,
so a link reopens exactly this view and the next page opens on the same list. Nothing else
touches the session keys (ui/page_state.py; the convention controls, in ui/controls.py, share
them); pages only read what these calls return.

The order of things inside `edit_list` matters and is why it is one call: a move on the board or
a table edit rewrites the text box, which Streamlit only allows before the box is drawn, so both
are absorbed first; the reset button changes the list in a callback, which also runs before the
script. The board itself is drawn by `board`, once the list's conventions are known (they decide
its numbers), anywhere on the page after `edit_list`.
A value that does not parse is named in a message and the last valid list stays on screen,
with the typed text kept in its box.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import replace

import pandas as pd
import streamlit as st

from i18n import N_, tr
from ndcg_core.display import count, exact, shorten
from ndcg_core.model import MAX_LABEL_LENGTH, RankedList, default_labels
from ndcg_core.parsing import default_label, format_relevances, typable_label
from ndcg_core.permutations import order_between

from . import board as ranking_board
from . import controls, folds, urlparams
from .page_state import SHARED, current, publish, state_key
from .share import is_presenting
from .text import plain
from .typed import parse_relevances

# ---------------------------------------------------------------------------------------------
# The page's current list
# ---------------------------------------------------------------------------------------------


def _put(page: str, ranked: RankedList) -> None:
    """Make `ranked` the page's list, rewriting the text box and the controls to match."""
    st.session_state[state_key(page, "ranked")] = ranked
    st.session_state.pop(_names_key(page), None)  # its items are named afresh on the board
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


# ---------------------------------------------------------------------------------------------
# The one call: the list, typed, dragged, reordered by buttons, edited in a table
# ---------------------------------------------------------------------------------------------


def edit_list(
    page: str,
    *,
    label: str | None = None,
    height: int = 90,
    drag: bool = False,
    table: bool = False,
    negative: bool = False,
    share: bool = True,
) -> RankedList:
    """Draw the list's editors and return the page's current `RankedList`.

    `drag` takes in the moves made on the ranking board (drawn by `board`) and adds the button
    that resets the list to what was typed; `table` a table editor; `negative` accepts negative relevances (for /libraries); `share=False` keeps the list off the other pages.
    """
    for message in urlparams.link_messages(f"list:{page}", _start(page, negative=negative)):
        urlparams.warn(message)
    if drag:
        _absorb_board(page)
    if table:
        _absorb_table_edits(page)
    label = label or tr("Relevances, in ranked order")
    ranked = _text_box(page, label=label, height=height, negative=negative)
    if drag:
        _reset_button(page)
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
        help=tr(
            "Numbers separated by commas, spaces, semicolons or new lines (3, 2, 3, 0, 1, 2), "
            "optionally labelled (A=0.5, B=0.9). Position 1 is the top of the ranking. "
            "Ctrl+Enter applies a change and keeps the cursor in the box."
        ),
    )
    ranked = current(page)
    try:
        typed, parsed = _read_text(page, ranked, negative)
    except ValueError as error:
        st.error(
            plain(
                tr(
                    "{error} The results below are for the last list that could be read.",
                    error=error,
                )
            ),
            icon="✋",
        )
        return ranked
    if parsed.note:  # commas that could be decimal commas or separators: say how they were read
        st.info(plain(parsed.note), icon="🔢")
    if (typed.relevances, typed.labels) != (ranked.relevances, ranked.labels):
        st.session_state[state_key(page, "ranked")] = typed
        _remember_typed(page, typed)
        return typed
    return ranked


def _read_text(page: str, ranked: RankedList, negative: bool):
    """The text box's list with `ranked`'s conventions, and its parse (ValueError if it does not
    read)."""
    parsed = parse_relevances(
        st.session_state[state_key(page, "text")],
        max_items=urlparams.MAX_ITEMS,
        allow_negative=negative,
    )
    labels = parsed.labels if parsed.labelled else default_labels(len(parsed.values))
    return _typed_list(page, ranked, parsed.values, labels), parsed


def typed_change(page: str) -> RankedList | None:
    """The list a change typed in the text box makes, read before any control is drawn, when
    what the controls will make of it is already certain; else None (a first run, nothing new
    typed, a value that does not read, a cut-off the new list does not offer, nothing relevant
    so that the all-zero rule is asked). A page draws its numbers from it first: the browser
    shows them before it has drawn the controls (bench/README.md, "the number first"), and
    the page checks them against the list its controls make (`scores.MetricsFirst`)."""
    ranked = st.session_state.get(state_key(page, "ranked"))
    if ranked is None or state_key(page, "text") not in st.session_state:
        return None
    try:
        typed, _ = _read_text(page, ranked, negative=False)
    except ValueError:
        return None
    if (typed.relevances, typed.labels) == (ranked.relevances, ranked.labels):
        return None
    if typed.scoring.k not in controls.k_options(typed) or max(typed.relevances) <= 0:
        return None
    return typed


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


# -- the ranking board ------------------------------------------------------------------------


def _remember_typed(page: str, ranked: RankedList) -> None:
    """Keep the list as typed (or edited), for the 'reset' button."""
    st.session_state[state_key(page, "typed")] = (ranked.relevances, ranked.labels)


def _names_key(page: str) -> str:
    return state_key(page, "board_names")


def on_board(page: str, ranked: RankedList) -> RankedList:
    """`ranked` as its board shows it: each item with a lasting name, so D3 stays D3 wherever it
    is moved. Labels the learner typed are those names; a list typed without labels keeps none
    (its text box and link show plain numbers, as typed), and its items are named here:
    D1, D2, … in the order first drawn, then carried along by each move of the board."""
    if ranked.has_typed_labels:
        return ranked
    kept = st.session_state.get(_names_key(page))
    if kept is not None and kept[1] == ranked.relevances:
        return replace(ranked, labels=kept[0])
    return replace(ranked, labels=default_labels(ranked.n))


def as_typed(page: str, ranked: RankedList | None = None) -> RankedList:
    """The page's list in the order last typed (or loaded, or edited in the table), before any
    move on its board, scored as `ranked` is (default: the page's current list).

    A question asked about the list on the board asks about this one, so the moves a learner
    tries while thinking leave the question as it was ("Reset to what I typed" puts the board
    back to it); typing another list asks about that one."""
    ranked = ranked if ranked is not None else current(page)
    relevances, labels = st.session_state.get(
        state_key(page, "typed"), (ranked.relevances, ranked.labels)
    )
    if sorted(relevances) != sorted(ranked.relevances):
        return ranked  # not the same items: the list was changed some other way since
    return replace(ranked, relevances=relevances, labels=labels)


def _reset_to_typed(page: str) -> None:
    relevances, labels = st.session_state[state_key(page, "typed")]
    _put(page, replace(current(page), relevances=relevances, labels=labels))


def board_key(page: str) -> str:
    """The session key of the page's ranking board; its state's `order` is the last move."""
    return state_key(page, "board")


# Moves carry their board's mount (a random name each time the board is drawn afresh) and a count
# of its moves. A page remembers the latest count of this many mounts.
MOUNTS_KEPT = 16
LARGEST_SEQ = 2**53  # what a browser's count can reach


def _new_move(page: str, moved: dict) -> bool:
    """Whether `moved` is a move not applied yet: a later one of its mount than any applied.
    A move sent again, or an older one of the same board (only a forged message sends either),
    is not applied again; nor is one whose mark no board writes."""
    mount, seq = moved.get("mount"), moved.get("seq")
    if not isinstance(mount, str) or not 0 < len(mount) <= 64:
        return False
    if isinstance(seq, bool) or not isinstance(seq, int) or not 0 < seq <= LARGEST_SEQ:
        return False
    latest = st.session_state.setdefault(state_key(page, "board_seqs"), {})
    if seq <= latest.get(mount, 0):
        return False
    latest.pop(mount, None)
    latest[mount] = seq  # the newest last: the oldest mount is forgotten first
    while len(latest) > MOUNTS_KEPT:
        del latest[next(iter(latest))]
    return True


def _absorb_board(page: str) -> None:
    """If the board reported a move since the last run, reorder the list to match.

    Each move is applied once (by its mount and count, `_new_move`): a list changed since by
    other means (typing, the reset button) is not undone by a move already applied. A move made
    on an older list (other items) is ignored."""
    moved = ranking_board.reported(board_key(page))
    if moved is None or not _new_move(page, moved):
        return
    ranked = current(page)
    shown = on_board(page, ranked)
    try:
        order = order_between(shown.labels, [str(label) for label in moved["labels"]])
    except ValueError:
        return  # a stale report from an older list: ignore it
    if order == list(range(ranked.n)):
        return
    if ranked.has_typed_labels:
        _put(page, ranked.reordered(order))
        return
    # No labels typed: the list stays unlabelled (its text box shows plain numbers), and
    # the board's names move with their items.
    reordered = replace(ranked.reordered(order), labels=default_labels(ranked.n))
    _put(page, reordered)
    names = tuple(shown.labels[i] for i in order)
    st.session_state[_names_key(page)] = (names, reordered.relevances)


def _reset_button(page: str) -> None:
    st.button(
        tr("↩️ Reset to what I typed"),
        key=state_key(page, "reset"),
        on_click=_reset_to_typed,
        args=(page,),
        help=tr("Back to the list as you last typed or edited it."),
    )


def board(page: str, ranked: RankedList | None = None) -> None:
    """The page's ranking board: its list as the chart of what each position earns, reordered
    in the browser by drag, touch, keyboard or its buttons (`ui/board/`). Draw it after
    `edit_list(page, drag=True)` (which reads its moves) and after the conventions are chosen:
    `ranked` is the page's list as scored (default: the page's current list)."""
    ranked = on_board(page, ranked if ranked is not None else current(page))
    ranking_board.show(board_key(page), ranked, present=is_presenting())


CONVENTIONS_FOLD = N_("⚙️ Cut-off, gain, discount, judged items")  # shown as tr(CONVENTIONS_FOLD)


def lesson_list(
    page: str,
    *,
    label: str | None = None,
    side_by_side: bool = False,
    folded: bool = False,
) -> RankedList:
    """A lesson's own list, scored: the text box, the conventions it is scored with (k, gain,
    discount, pool) and its ranking board; returns the list as scored. The page writes the
    section's heading. `side_by_side` puts the conventions beside the text box; `folded` puts
    them in a closed fold under it, so the lesson's question comes before any control. Either
    way the ones in force are also said in words above the board."""
    label = label or tr("Relevances, top of the ranking first")
    if folded:
        edit_list(page, label=label, height=80, drag=True)
        with st.expander(tr(CONVENTIONS_FOLD)):
            ranked = controls.scoring_controls(page, explain=False)
        controls.active_conventions(ranked)
    elif side_by_side:
        left, right = st.columns(2, gap="large")
        with left:
            edit_list(page, label=label, height=80, drag=True)
        with right:
            ranked = controls.scoring_controls(page, explain=False)
        controls.active_conventions(ranked)
    else:
        edit_list(page, label=label, height=80, drag=True)
        ranked = controls.scoring_controls(page, explain=False)
    board(page, ranked)
    return ranked


# -- the table editor -------------------------------------------------------------------------


def _editor_key(page: str) -> str:
    return state_key(page, f"table_{st.session_state.get(state_key(page, 'table_version'), 0)}")


def _heads() -> tuple[str, str]:
    """The table editor's two columns, named in the page's language (the grid's edits name
    them so)."""
    return tr("Label"), tr("Relevance")


def _rows(relevances: Sequence[float], labels: Sequence[str]) -> list[dict]:
    label_head, relevance_head = _heads()
    return [{label_head: label, relevance_head: value} for label, value in zip(labels, relevances)]


def _edited_rows(rows: list[dict], edits: dict) -> list[dict]:
    """The table's rows with the editor's edits applied. The browser's grid sends row numbers
    and a dict per row; anything else (a message not made by the grid) is named, not raised."""

    def row_number(key: object) -> int:
        try:
            return int(key)
        except (TypeError, ValueError):
            raise ValueError(
                tr(
                    "The table's edit names row {row}, which is not a row number: edit the table "
                    "again, or type the list in the box.",
                    row=repr(str(key)[:30]),
                )
            ) from None

    def as_dict(change: object) -> dict:
        if not isinstance(change, dict):
            raise ValueError(
                tr(
                    "The table's edit {change} is not a row of the table: edit the table again, "
                    "or type the list in the box.",
                    change=repr(str(change)[:30]),
                )
            )
        return dict(change)

    edited = edits.get("edited_rows") or {}
    deleted = edits.get("deleted_rows") or []
    added = edits.get("added_rows") or []
    if not isinstance(edited, dict) or not isinstance(deleted, list) or not isinstance(added, list):
        raise ValueError(
            tr(
                "The table's edit could not be read: edit the table again, or type the list in "
                "the box."
            )
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
    base = st.session_state.get(state_key(page, "table_base"))
    if base is None:  # no editor drawn since its fold was last closed: nothing to read
        return
    edits = st.session_state.get(_editor_key(page))
    seen = repr(edits)
    if seen == st.session_state.get(state_key(page, "table_seen")):
        return
    st.session_state[state_key(page, "table_seen")] = seen
    if not isinstance(edits, dict) or not any(
        edits.get(part) for part in ("edited_rows", "added_rows", "deleted_rows")
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
        raise ValueError(tr("The table is empty: a ranking needs at least one item."))
    if len(rows) > urlparams.MAX_ITEMS:
        raise ValueError(
            tr(
                "The table has {rows} rows; a list takes up to {most}.",
                rows=count(len(rows)),
                most=count(urlparams.MAX_ITEMS),
            )
        )
    values, labels = [], []
    label_head, relevance_head = _heads()
    for position, row in enumerate(rows, start=1):
        label = row.get(label_head)
        label = (
            default_label(position)
            if label is None or not str(label).strip()
            else str(label).strip()
        )
        value = row.get(relevance_head)
        if value is None or (isinstance(value, float) and math.isnan(value)):
            raise ValueError(
                tr(
                    "Row {row} ({label}) has no relevance: type a number ≥ 0.",
                    row=position,
                    label=shorten(label),
                )
            )
        try:
            value = float(value)
        except (TypeError, ValueError):
            raise ValueError(
                tr(
                    "Row {row} ({label}): '{value}' is not a number.",
                    row=position,
                    label=shorten(label),
                    value=shorten(value),
                )
            ) from None
        if not math.isfinite(value) or value < 0:
            raise ValueError(
                tr(
                    "Row {row} ({label}): relevance {value} is not allowed; use a finite number "
                    "≥ 0 (0 means not relevant).",
                    row=position,
                    label=shorten(label),
                    value=exact(value),
                )
            )
        if not typable_label(label):
            raise ValueError(
                tr(
                    "Row {row}: the label '{label}' holds one of , ; = : or a tab or line break, "
                    "which separate items in the typed list and the link; use letters, digits, "
                    "spaces, - or _.",
                    row=position,
                    label=shorten(label),
                )
            )
        if len(label) > MAX_LABEL_LENGTH:
            raise ValueError(
                tr(
                    "Row {row}: the label is {length} characters long; keep it to {most}.",
                    row=position,
                    length=len(label),
                    most=MAX_LABEL_LENGTH,
                )
            )
        if label in labels:
            raise ValueError(
                tr(
                    "Row {row}: the label '{label}' is already used at row {other}; each item "
                    "needs its own label.",
                    row=position,
                    label=shorten(label),
                    other=labels.index(label) + 1,
                )
            )
        values.append(value)
        labels.append(label)
    try:
        return replace(ranked, relevances=tuple(values), labels=tuple(labels))
    except ValueError as error:  # the rows are fine one by one, not together (sums overflow)
        raise ValueError(tr("The table cannot be scored: {error}", error=error)) from None


def _table_editor(page: str, ranked: RankedList) -> None:
    """The table editor, in a fold drawn only while open (ui/folds.py), or while it holds an
    edit that could not be applied: closing the fold then keeps that edit, as typed."""
    folded = folds.fold(page, "table_editor", tr("✏️ Edit labels and relevances in a table"))
    with folded:
        if folded.open or st.session_state.get(state_key(page, "table_error")):
            _table_editor_body(page, ranked)
        else:
            # Not drawn: Streamlit forgets the editor and its edits, so it is drawn afresh, from
            # the list as it is then, when the fold opens again; what it kept goes too (every
            # session entry costs each keyed widget of every rerun a little). Its version stays:
            # the next editor is a new one.
            for name in ("table_shows", "table_base", "table_seen", "table_error"):
                st.session_state.pop(state_key(page, name), None)


def _table_editor_body(page: str, ranked: RankedList) -> None:
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
    label_head, relevance_head = _heads()
    st.data_editor(
        pd.DataFrame(_rows(*st.session_state[state_key(page, "table_base")])),
        key=_editor_key(page),
        num_rows="dynamic",
        hide_index=True,
        width="stretch",
        column_config={
            label_head: st.column_config.TextColumn(max_chars=MAX_LABEL_LENGTH),
            relevance_head: st.column_config.NumberColumn(min_value=0.0, format="%g"),
        },
    )
    problem = st.session_state.get(state_key(page, "table_error"))
    if problem:
        st.error(plain(tr("{problem} The list was not changed.", problem=problem)), icon="✋")
    else:
        st.caption(tr("Rows are positions, top first. Add or delete rows at the table's edge."))
