"""Inputs whose value the page checks itself before using it: a choice among texts, and a whole
number in a box.

Anyone can send a Streamlit session a widget value of another type than the browser's own
widget sends (an int, a float or a bool where a radio sends one of its option texts; a NaN or an
infinity where a number box sends a finite number). Two of Streamlit's own steps turn such a
value into a traceback before, or while, the widget is drawn: a radio re-serialises the value it
got into the wire field it came in (an option's text into an integer field), and an integer
number box converts what it got with int() (NaN, infinity). So a choice is checked, and a value
the browser could not have sent dropped, before its radio is drawn; and a whole number is asked
for in a float box (shown without decimals), whose value the page reads and names when it is not
a whole number in range.

    picked = inputs.choice("Your answer", texts, key)    # .index: an option's index, or None
    k = inputs.whole_number("Cut-off k", key, 1, 100, what="The cut-off k")
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import NamedTuple

import streamlit as st

from i18n import N_, tr
from ndcg_core.display import count, exact

from .text import plain

MAX_UNTYPED_OPTIONS = 30  # pickers up to this long open without a text field


def typing_mode(options: Sequence) -> str | None:
    """A picker with a short list opens as a plain list, with no text field: on a phone a text
    field would raise the keyboard over the very list to pick from. A long one can be typed in."""
    return None if len(options) <= MAX_UNTYPED_OPTIONS else "prefix"


# Shown as tr(UNREADABLE_CHOICE).
UNREADABLE_CHOICE = N_(
    "That answer could not be read: it is not one of the options shown. Pick one and send it again."
)


def chosen_index(value: object, texts: Sequence[str]) -> int | None:
    """The index of the option text `value` among `texts`; None for anything else (an int, a
    text that is not an option, a value of another type)."""
    if not isinstance(value, str):
        return None
    return next((i for i, text in enumerate(texts) if text == value), None)


def drop_unreadable_choice(key: str, texts: Sequence[str]) -> bool:
    """Before the radio of `key` (options `texts`) is drawn: drop its value if it is not one of
    `texts` (nor empty), so the radio is drawn empty instead of failing. True if one was."""
    try:
        value = st.session_state.get(key)
    except (TypeError, ValueError):  # a value Streamlit's own reader cannot read back
        value = object()
    if value is None or chosen_index(value, texts) is not None:
        return False
    del st.session_state[key]
    return True


class Picked(NamedTuple):
    """What a `choice` radio holds: the index of the option picked (None when none is), and
    whether a value the browser could not have sent was dropped in this run."""

    index: int | None
    unreadable: bool


def choice(label: str, texts: Sequence[str], key: str, *, index: int | None = None, **kwargs):
    """A radio over the option texts `texts` (the texts themselves are its options: what the
    browser sends back), a forged value dropped before it is drawn. Returns a `Picked`."""
    unreadable = drop_unreadable_choice(key, texts)
    value = st.radio(label, list(texts), index=index, key=key, **kwargs)
    return Picked(chosen_index(value, texts), unreadable)


def whole_number_box(label: str, key: str, where=st, **kwargs) -> float | None:
    """A box to type a whole number in (in `where`: a column, say). Its value is a float, or None
    when the box is empty or was sent something that is not a number; `read_whole_number`
    checks it. The box has no bounds of its own: a number out of range is named, not clamped."""
    return where.number_input(label, value=None, step=1.0, format="%.0f", key=key, **kwargs)


def read_whole_number(value: object, low: int, high: int, what: str) -> int:
    """A box's value as a whole number from `low` to `high`, or a ValueError naming `what`, the
    value and the range."""
    bounds = {"what": what, "low": count(low), "high": count(high)}
    if value is None:
        raise ValueError(
            tr(
                "{what} is empty or could not be read: type a whole number from {low} to {high}.",
                **bounds,
            )
        )
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise ValueError(
            tr("{what} could not be read: type a whole number from {low} to {high}.", **bounds)
        )
    whole = isinstance(value, int) or (math.isfinite(value) and value == math.floor(value))
    if not whole or not low <= value <= high:
        shown = count(value) if isinstance(value, int) else exact(value)
        raise ValueError(
            tr(
                "{what} must be a whole number from {low} to {high}; got {shown}.",
                shown=shown,
                **bounds,
            )
        )
    return int(value)


def _used(key: str) -> str:
    return f"{key}_used"


def last_whole_number(key: str) -> int | None:
    """The last value `whole_number` of `key` used, if any (None before the box is read)."""
    return st.session_state.get(_used(key))


def whole_number(label: str, key: str, low: int, high: int, *, what: str, where=st, **kwargs):
    """A `whole_number_box` read with `read_whole_number`: a value that is not a whole number
    from `low` to `high` is named in an error under the box, the text stays in the box, and the
    last usable value (`last_whole_number`) is returned until it is put right; None if there
    never was one."""
    used = _used(key)
    value = whole_number_box(label, key, where, **kwargs)
    try:
        st.session_state[used] = read_whole_number(value, low, high, what)
    except ValueError as error:
        last = st.session_state.get(used)
        if last is not None and not low <= last <= high:
            last = None
        said = (
            str(error)
            if last is None
            else tr(
                "{error} {what} = {value} is used until then.",
                error=error,
                what=what,
                value=count(last),
            )
        )
        where.error(plain(said))
        return last
    return st.session_state[used]
