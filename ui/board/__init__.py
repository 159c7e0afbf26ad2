"""The ranking board: a ranked list drawn as the chart of what each position earns, reordered in
the browser (drag, press and hold, keyboard, buttons) and answering within one frame.

One Streamlit component (Components v2: mounted in the page, no frame), from the plain files
beside this module: `board.html` (its skeleton), `board.css` and `board.js` (an ES module; its
arithmetic and number format are pure functions a test runs against the core). Nothing is
fetched or built. The server sends the list's terms (`ndcg_core.metrics.dcg_terms`: gains,
position weights, the ideal's contributions, IDCG, the all-zero value), the one number format
and the chart theme's colours; the script only arranges items, multiplies, adds and divides.

A read-only board (`read_only=True`) draws the same chart for a lesson's reveal: the learner's
order against the ideal, what each position lost (the gap between the ideal's bar and its own,
with its number), no buttons and nothing to move (its cards are plain list items).

A move is drawn at once, then sent back as the component's state `order`:
``{"labels": [...new order...], "mount": ..., "seq": ...}``; `ui.list_editor` reads it on the
rerun that follows (`moved_labels`) and the rest of the page follows the new order.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from pathlib import Path

import streamlit as st

from i18n import N_, tr
from ndcg_core.display import DIGITS, MINUS, decimal_mark, exact
from ndcg_core.metrics import dcg_terms
from ndcg_core.model import RankedList, cut_suffix

from ..charts.theme import (
    BLUE,
    FONT_SIZE,
    MUTED,
    ORANGE,
    ORANGE_EDGE,
    PRESENTER_FONT_SIZE,
    VERMILLION,
)
from ..component import register

HERE = Path(__file__).parent
NAME = "ndcg_lab.ranking_board"


# Registered once, when the module is first imported; each page mounts it with its own key.
_mount = register(NAME, HERE, "board")

# The buttons the board draws: (name, text, tip, words said after the move), in English; the
# board is sent them in the page's language.
ORDER_BUTTONS = (
    (
        "ideal",
        N_("⭐ Ideal"),
        N_("Most relevant first: the best order of these items."),
        N_("Ideal order"),
    ),
    (
        "worst",
        N_("👎 Worst"),
        N_("Least relevant first: the lowest NDCG these items can score."),
        N_("Worst order"),
    ),
    ("reverse", N_("🔃 Reverse"), N_("Bottom to top."), N_("Reversed")),
    ("shuffle", N_("🎲 Shuffle"), N_("A random order."), N_("Shuffled")),
)
MOVE_BUTTONS = (
    ("up", N_("Up"), N_("The selected card one place up"), None),
    ("down", N_("Down"), N_("The selected card one place down"), None),
    ("top", N_("Top"), N_("The selected card to the top"), None),
    ("bottom", N_("End"), N_("The selected card to the bottom"), None),
)


def _buttons(rows) -> list[dict]:
    return [
        {"name": name, "text": tr(text), "tip": tr(tip), "words": tr(words) if words else None}
        for name, text, tip, words in rows
    ]


def texts() -> dict[str, str]:
    """Every word the board's script shows or says, in the page's language: `{name}` fields are
    filled in by the script (`say` in board.js). Texts read by screen readers only included."""
    return {
        "board": tr("Ranking board: your ranked list and what each position earns"),
        "readOnlyBoard": tr("Your order against the ideal: what each position earns and loses"),
        "toolbar": tr("Reorder the list"),
        "hint": tr(
            "Drag a card by its grip {grip}. Keyboard: Tab to the cards (after the buttons), "
            "then Space, the arrow keys, Space. Up, Down, Top and End move the selected card ▸."
        ),
        "keys": tr(
            "Space picks it up, the arrow keys move it, Space drops it, Escape puts it back."
        ),
        "itemHead": tr("Item · relevance"),
        "gainHead": tr("Gain"),
        "discountHead": tr("Discount"),
        "oursKey": tr("Your order earns"),
        "idealKey": tr("Ideal earns"),
        "lostKey": tr("Lost"),
        "lostHead": tr("Lost here"),
        "list": tr("Ranked items, top first"),
        "movable": tr("movable item"),
        "position": tr("Position {place}"),
        "where": tr(", position {place} of {n}"),
        "gain": tr(", gain {value}"),
        "discount": tr(", discount {value}"),
        "ours": tr(", your order earns {value}"),
        "ideal": tr(", the ideal earns {value}"),
        "lost": tr(", lost here {value}"),
        "lostAll": tr("Lost in all: {lost}, the ideal's {idcg} less your {dcg}."),
        "moved": tr("{words}, NDCG {ndcg}, was {previous}"),
        "toPosition": tr("{label} to position {place}"),
        "pickedUp": tr(
            "Picked up {label} at position {place}. The arrow keys move it, Space drops it, "
            "Escape puts it back."
        ),
        "held": tr("{label}, position {place} of {n}, NDCG {ndcg}"),
        "droppedWhereItWas": tr("{label} dropped at position {place}, where it was."),
        "putBack": tr("{label} put back at position {place}, NDCG {ndcg}."),
        "already": tr("{words}: the order is already so, NDCG {ndcg}."),
        "stays": tr("{label} stays at position {place}."),
        "beyond": tr(
            "Judged items the system did not retrieve: the ideal earns another {value} below "
            "position {n}, in IDCG."
        ),
    }


def board_data(
    ranked: RankedList,
    *,
    ack: Mapping | None = None,
    present: bool = False,
    report: bool = True,
    read_only: bool = False,
    caption: str | None = None,
) -> dict:
    """What the board's script is given: the items in their order, the terms of their DCG, the
    number format, the theme's colours and sizes. `ack` is the last state of the board the
    server has read (so the board can tell a stale rerun); `report=False` keeps moves local;
    `read_only` draws no buttons and nothing to move, and what each position lost; `caption`
    is a short heading drawn above the board (plain text)."""
    terms = dcg_terms(ranked)
    k = ranked.k
    at = cut_suffix(k)
    return {
        "labels": list(ranked.labels),
        "relevances": list(terms.relevances),
        "relevanceTexts": [exact(v) for v in terms.relevances],
        "gains": list(terms.gains),
        "discounts": list(terms.discounts),
        "weights": list(terms.weights),
        "ideal": list(terms.ideal_contributions),
        "idealBeyond": terms.ideal_beyond,
        "idcg": terms.idcg,
        "onZero": None if math.isnan(terms.on_zero) else terms.on_zero,
        "k": None if k is None or k >= ranked.n else k,
        "names": {"ndcg": f"NDCG{at}", "dcg": f"DCG{at}", "idcg": f"IDCG{at}"},
        "digits": DIGITS,
        "minus": MINUS,
        "decimal": decimal_mark(),
        "text": texts(),
        "colours": {
            "ours": BLUE,
            "ideal": ORANGE,
            "idealEdge": ORANGE_EDGE,
            "focus": BLUE,
            "lost": VERMILLION,
            "muted": MUTED,
        },
        "fontSize": PRESENTER_FONT_SIZE if present else FONT_SIZE,
        "present": present,
        "buttons": {"order": _buttons(ORDER_BUTTONS), "move": _buttons(MOVE_BUTTONS)},
        "ack": dict(ack or {}),
        "report": report and not read_only,
        "readOnly": read_only,
        "caption": caption or "",
    }


def reported(key: str) -> dict | None:
    """The board's last reported move under `key` ({"labels", "mount", "seq"}), or None."""
    state = st.session_state.get(key)
    order = state.get("order") if isinstance(state, Mapping) else None
    if not isinstance(order, Mapping) or not isinstance(order.get("labels"), list):
        return None
    return dict(order)


def show(
    key: str,
    ranked: RankedList,
    *,
    present: bool = False,
    report: bool = True,
    read_only: bool = False,
    caption: str | None = None,
) -> None:
    """Draw the board for `ranked` under the session key `key`.

    `present`: presenter view's sizes. `report=False`: moves stay on this screen (the server
    is not told). `read_only=True`: a lesson's reveal, `ranked` (the learner's order) against
    the ideal, with what each position lost, and nothing to move. `caption`: a short heading
    above it (plain text, not Markdown)."""
    order = reported(key) or {}
    ack = {"mount": order.get("mount"), "seq": order.get("seq", 0)}
    _mount(
        key=key,
        data=board_data(
            ranked, ack=ack, present=present, report=report, read_only=read_only, caption=caption
        ),
        default={"order": None},
        on_order_change=lambda: None,  # read on the rerun, before the list is drawn
    )
