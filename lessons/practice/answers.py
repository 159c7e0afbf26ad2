"""Reading a typed answer: one number, however a learner types it, or a message saying what
could not be read and how to type it."""

from __future__ import annotations

import math
import re

from i18n import N_, tr
from ndcg_core.display import exact, shorten


class UnreadableAnswer(ValueError):
    """Typed text that is not one number."""


class ImpossibleAnswer(ValueError):
    """A number that cannot be the answer (an NDCG outside 0…1): read, but not an answer."""


# Scientific notation too: a learner may paste 1e-1, or an answer printed as 2.1e-16.
_DECIMAL = re.compile(r"^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$")
_DECIMAL_COMMA = re.compile(r"^[+-]?\d*,\d+$")
# How to type an answer, said after each message below (a decimal comma reads too: 0,8).
HOW_TO_TYPE = N_("Type one number such as 0.8, .8 or 80%; a decimal comma works too (0,8).")


def _refused(said: str) -> UnreadableAnswer:
    """What could not be read, then how to type an answer."""
    return UnreadableAnswer(f"{said} {tr(HOW_TO_TYPE)}")


def parse_answer(text: object) -> float:
    """Read a typed answer: '0.8', '.8', '80%', '0,8' (a comma as the decimal mark) and '8e-1'
    all give 0.8.

    Raises UnreadableAnswer (a ValueError) saying what could not be read and how to type it.
    """
    if not isinstance(text, str):
        raise UnreadableAnswer(tr("The answer must be typed text; got {given}.", given=repr(text)))
    shown = shorten(text.strip())
    raw = text.strip().replace("\u2212", "-")  # a typographic minus, as pasted from slides
    if not raw:
        raise _refused(tr("The answer is empty."))
    percent = raw.endswith("%")
    body = raw[:-1].strip() if percent else raw
    if "%" in body:
        raise _refused(tr("'{shown}' has a % sign in the wrong place.", shown=shown))
    pieces = body.split()
    if len(pieces) > 1 and all(_DECIMAL.match(p) or _DECIMAL_COMMA.match(p) for p in pieces):
        raise _refused(tr("'{shown}' holds more than one number.", shown=shown))
    if _DECIMAL_COMMA.match(body):
        # One comma with digits after it can only be a decimal mark here: answers are single
        # numbers, and continental Europe writes 0,8.
        body = body.replace(",", ".")
    elif "," in body:
        raise UnreadableAnswer(
            tr(
                "'{shown}' could not be read: use one decimal mark (0.8 or 0,8) and no "
                "thousands separators.",
                shown=shown,
            )
        )
    if not _DECIMAL.match(body):
        if "/" in body:
            raise UnreadableAnswer(
                tr(
                    "'{shown}' is a fraction: work it out and type the decimal, e.g. 0.75.",
                    shown=shown,
                )
            )
        raise _refused(tr("'{shown}' is not a number.", shown=shown))
    value = float(body)
    if not math.isfinite(value):  # hundreds of digits overflow to inf
        raise _refused(tr("'{shown}' is too large to be an answer here.", shown=shown))
    return value / 100 if percent else value


def check_ndcg_answer(value: float, text: str) -> float:
    """An NDCG estimate must lie in [0, 1]; a bare 80 is probably a percentage without its %.

    Raises ImpossibleAnswer (a ValueError): the number was read, it just cannot be an NDCG.
    """
    if 0 <= value <= 1:
        return value
    hint = ""
    if 2 <= value <= 100 and not text.strip().endswith("%"):  # 1.04 is an overshoot, 80 a percent
        typed = exact(value)
        hint = " " + tr(
            "If you meant {typed}%, type {typed}% or {fraction}.",
            typed=typed,
            fraction=exact(value / 100),
        )
    said = tr(
        "{value} cannot be an NDCG, which always lies between 0 and 1.",
        value=exact(round(value, 6)),
    )
    raise ImpossibleAnswer(said + hint)
