"""The headline numbers of a scored list (CG, DCG, IDCG, NDCG), drawn the same way on every page.

Every number comes from one `ndcg_core.metrics.Totals`, so the four cards, the formulas under
them and the charts beside them always describe the same cut-off.
"""

from __future__ import annotations

import streamlit as st

from i18n import tr
from lessons.glossary import BY_KEY
from ndcg_core.display import DIGITS, MINUS, fixed, signed
from ndcg_core.metrics import Totals, totals
from ndcg_core.model import RankedList

from . import page_state

# Each card's glossary term: its help is the glossary's definition, the one home of the words.
TERMS = {"NDCG": "ndcg", "DCG": "dcg", "IDCG": "idcg", "CG": "cg"}


def card_help(name: str) -> str:
    """A card's help: its term as the glossary names and defines it."""
    term = BY_KEY[TERMS[name]]
    return tr(
        "**{term}** ({symbol}) — {definition}",
        term=tr(term.term),
        symbol=term.symbol,
        definition=tr(term.definition),
    )


def _values(result: Totals) -> dict[str, float]:
    return {"NDCG": result.ndcg, "DCG": result.dcg, "IDCG": result.idcg, "CG": result.cg}


def metrics_row(result: Totals, *, page: str, changes: bool = False, again: bool = False) -> None:
    """NDCG, DCG, IDCG and CG as four cards, named with their cut-off (NDCG@6).

    With `changes`, each card also shows how far it moved since the list or a setting last
    changed, so a learner sees what one drag or one switch did.
    """
    values = _values(result)
    before = previous(page, result.ranked, values) if changes else None
    # A row that wraps (ui/assets/app.css): four across on a wide screen, two by two on a phone,
    # so the number sits near the top of a narrow screen too.
    # With `changes`, the row keeps the room of the change line under every card, and its
    # caption is always there (ui/assets/app.css): the board and everything below it stay put
    # whether a move changes a number or not, so a button never moves from under the pointer.
    # `again`: the row drawn a second time in one run (`MetricsFirst`), under a key of its own.
    key = f"metrics_{page}{'_again' if again else ''}{'_changes' if changes else ''}"
    with st.container(horizontal=True, gap="small", key=key):
        for name, value in values.items():
            st.metric(
                result.name(name),
                fixed(value),
                delta=metric_delta(_change(value, before, name)),
                help=card_help(name),
                border=name == "NDCG",
                width="stretch",
            )
    if changes:
        st.caption(tr("After each change, the small number under a value is how far it moved."))


class MetricsFirst:
    """The metrics row of a page whose controls decide its list, drawn before the controls
    when a typed change makes the list certain (`list_editor.typed_change`): Streamlit sends a
    page's elements in the order they are drawn and the browser shows them in that order, so
    the new NDCG is on screen before the controls are drawn again (bench/README.md, "the number
    first"). `final` draws it from the page's own list once the controls have made it, unless
    the early row was drawn from that very list; the early row's numbers are then the same, and
    if the lists differ it is replaced, the change under each card counted as if it never was.
    """

    def __init__(self, page: str, early: RankedList | None):
        self.page, self.early = page, early
        self.slot = st.empty()
        self.box = self.slot.container()
        self.kept = {key: st.session_state.get(key) for key in _remembered(page)}
        self.first = totals(early) if early is not None else None
        if self.first is not None:
            page_state.show_address(early)  # the address before the number: see show_address
            with self.box:
                metrics_row(self.first, page=page, changes=True)

    def scored(self, ranked: RankedList) -> Totals:
        """`ranked`'s totals: the early row's when it was drawn from that very list, so a typed
        change is not scored twice."""
        if self.early is not None and ranked == self.early:
            return self.first
        return totals(ranked)

    def final(self, result: Totals):
        """The row for `result`, the page's list; returns its container (more may follow)."""
        if self.early is not None and result.ranked == self.early:
            return self.box
        if self.early is not None:
            st.session_state.update(self.kept)
            self.box = self.slot.container()
        with self.box:
            metrics_row(result, page=self.page, changes=True, again=self.early is not None)
        return self.box


def _remembered(page: str) -> tuple[str, str]:
    """The session keys `previous` keeps the page's numbers under."""
    return f"{page}_shown", f"{page}_before"


def _change(value: float, before: dict[str, float] | None, name: str) -> float | None:
    """How far `name` moved since the last change (None: not at all at the shown precision)."""
    if before is None:
        return None
    return visible_change(value - before[name])


def visible_change(change: float | None) -> float | None:
    """A change, or None when it rounds to nothing at the digits a page shows."""
    if change is None or round(change, DIGITS) == 0:
        return None
    return change


def metric_delta(change: float | None) -> str | None:
    """A change as `st.metric` takes it under a card. Streamlit chooses the arrow and its
    colour by a leading ASCII hyphen, so a fall is written with one here (the card draws
    the arrow); running text keeps the real minus sign of `display.signed`."""
    if change is None:
        return None
    return signed(change).replace(MINUS, "-")


def readout(result: Totals, *, page: str) -> None:
    """NDCG in one short line, for a place far from the cards (beside the move buttons), with
    the change since the last one. Drawn in a container the page keeps in sight while the list
    is edited (`readout_<page>`, sticky in ui/assets/app.css)."""
    before = st.session_state.get(_remembered(page)[1])
    change = _change(result.ndcg, before, "NDCG")
    tail = f" ({signed(change)})" if change is not None else ""
    st.markdown(f"**{result.name('NDCG')} = {fixed(result.ndcg)}**{tail}")


def previous(page: str, state, values: dict[str, float]) -> dict[str, float] | None:
    """The numbers shown before the last change of `state` (the list, its conventions, and
    whatever else decides the numbers), or None; remembered in the session per page."""
    shown_key, before_key = _remembered(page)
    shown = st.session_state.get(shown_key)
    if shown is None or shown[0] != state:
        st.session_state[before_key] = shown[1] if shown else None
        st.session_state[shown_key] = (state, values)
    return st.session_state.get(before_key)
