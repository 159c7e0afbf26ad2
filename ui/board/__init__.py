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

from ndcg_core.display import DIGITS, MINUS, exact
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

# The buttons the board draws: (name, text, tip, words said after the move).
ORDER_BUTTONS = (
    ("ideal", "⭐ Ideal", "Most relevant first: the best order of these items.", "Ideal order"),
    (
        "worst",
        "👎 Worst",
        "Least relevant first: the lowest NDCG these items can score.",
        "Worst order",
    ),
    ("reverse", "🔃 Reverse", "Bottom to top.", "Reversed"),
    ("shuffle", "🎲 Shuffle", "A random order.", "Shuffled"),
)
MOVE_BUTTONS = (
    ("up", "Up", "The selected card one place up", None),
    ("down", "Down", "The selected card one place down", None),
    ("top", "Top", "The selected card to the top", None),
    ("bottom", "End", "The selected card to the bottom", None),
)


def _buttons(rows) -> list[dict]:
    return [
        {"name": name, "text": text, "tip": tip, "words": words} for name, text, tip, words in rows
    ]


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
