"""Reading what a person types into values, with messages that say which value is wrong and why.

Accepted: numbers separated by commas, semicolons, tabs, spaces or new lines
("3, 2, 3, 0, 1, 2", "3 2 3", "0.5;0.9"), and labelled items ("A=0.5, B=0.9", "doc one: 3").
"""

from __future__ import annotations

import re
from dataclasses import dataclass

import numpy as np

from .display import exact, shorten

_NUMBER = re.compile(r"^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$")
_NOT_FINITE = re.compile(r"^[+-]?(?:nan|inf|infinity)$", re.IGNORECASE)
_LABELLED = re.compile(r"^(?P<label>[^=:]*?)\s*[=:]\s*(?P<value>[^=:]*)$")
_PIECE_SEPARATORS = re.compile(r"[,;\t]")
EXAMPLE_INPUT = "3, 2, 3, 0, 1, 2"
# What ends a label or an item in the typed form "A=0.5, B=0.9" (and in links): a label holding
# one of these would come back from the text box as a different list.
LABEL_BREAKS = re.compile(r"[=:;,\t\r\n\v\f\x1c-\x1e\x85\u2028\u2029]")


def default_label(position: int) -> str:
    """The name of the item at `position` (1 is the top) when none is given: D1, D2, …"""
    return f"D{position}"


@dataclass(frozen=True)
class Problem:
    """One value that could not be read: where it is and why."""

    item: int
    line: int
    token: str
    reason: str

    def describe(self, multiline: bool) -> str:
        where = f"value {self.item}" + (f" on line {self.line}" if multiline else "")
        return f"{where}, '{self.shown}', {self.reason}"

    @property
    def shown(self) -> str:
        """The token as quoted in a message: a pasted page of text is cut, not echoed whole."""
        return shorten(self.token)


class ParseError(ValueError):
    """A ValueError listing every value that could not be read."""

    def __init__(self, problems: list[Problem], multiline: bool, what: str = "value"):
        self.problems = problems
        shown = "; ".join(p.describe(multiline) for p in problems[:5])
        more = f"; and {len(problems) - 5} more" if len(problems) > 5 else ""
        count = "1 " + what if len(problems) == 1 else f"{len(problems)} {what}s"
        super().__init__(f"Could not read {count}: {shown}{more}.")


@dataclass(frozen=True)
class ParsedList:
    """Values in the order typed, with a label for each (typed, or D1, D2, … when none was)."""

    values: tuple[float, ...]
    labels: tuple[str, ...]
    labelled: bool


def _tokens(text: str) -> list[tuple[int, str | None, str, str]]:
    """Split text into (line number, label or None, value text, as typed), in reading order."""
    found: list[tuple[int, str | None, str, str]] = []
    for line_number, line in enumerate(text.splitlines(), start=1):
        for piece in _PIECE_SEPARATORS.split(line):
            piece = piece.strip()
            if not piece:
                continue
            whole = _LABELLED.match(piece)
            if whole and ("=" in piece or ":" in piece):
                found.append((line_number, whole["label"].strip(), whole["value"].strip(), piece))
                continue
            for word in piece.split():
                part = _LABELLED.match(word)
                if part and ("=" in word or ":" in word):
                    found.append((line_number, part["label"].strip(), part["value"].strip(), word))
                else:
                    found.append((line_number, None, word, word))
    return found


def _read_number(token: str, allow_negative: bool) -> tuple[float | None, str | None]:
    """The number in `token`, or the reason it is not an acceptable one."""
    if not token:
        return None, "has no number after its label"
    if _NOT_FINITE.match(token):
        return None, "is not a finite number"
    if not _NUMBER.match(token):
        hint = " (use a point for decimals, e.g. 0.5)" if re.fullmatch(r"\d+,\d+", token) else ""
        return None, f"is not a number{hint}"
    value = float(token)
    if not np.isfinite(value):
        return None, "is too large to be a number here"
    if value < 0 and not allow_negative:
        return None, (
            "is negative: NDCG is only defined here for relevance ≥ 0 (a negative gain can push "
            "it below 0 or above 1); use 0 for 'not relevant'"
        )
    return value, None


def parse_relevances(
    text: str, *, max_items: int | None = None, allow_negative: bool = False
) -> ParsedList:
    """Read a typed relevance list; raise ParseError (a ValueError) naming each bad value.

    `allow_negative` is for the page that shows how libraries treat negative labels.

    >>> parse_relevances("A=0.5, B=0.9").values
    (0.5, 0.9)
    """
    return _parse(text, allow_negative=allow_negative, max_items=max_items, what="relevance")


def parse_scores(text: str, *, max_items: int | None = None) -> tuple[float, ...]:
    """Read typed scores (any finite numbers, negatives allowed)."""
    return _parse(text, allow_negative=True, max_items=max_items, what="score").values


def _parse(text: str, *, allow_negative: bool, max_items: int | None, what: str) -> ParsedList:
    if not isinstance(text, str):
        raise ValueError(f"Expected typed text; got {type(text).__name__}.")
    tokens = _tokens(text)
    if not tokens:
        raise ValueError(f"The list is empty: type at least one {what}, e.g. {EXAMPLE_INPUT}.")
    if max_items is not None and len(tokens) > max_items:
        raise ValueError(
            f"The list has {len(tokens)} values; this page takes at most {max_items}. "
            f"Shorten it to {max_items} or fewer."
        )
    multiline = len({line for line, _, _, _ in tokens}) > 1
    values: list[float] = []
    labels: list[str] = []
    problems: list[Problem] = []
    first_use: dict[str, int] = {}
    for item, (line, label, token, typed) in enumerate(tokens, start=1):
        value, reason = _read_number(token, allow_negative)
        if label is not None and not label:
            reason = reason or "has no label before its '=' or ':'"
        name = label if label else default_label(item)
        if label and name in first_use:
            reason = (
                reason
                or f"repeats the label '{name}' of value {first_use[name]}: give each item its own"
            )
        first_use.setdefault(name, item)
        if reason:
            problems.append(Problem(item, line, typed, reason))  # quoted as typed
            continue
        values.append(float(value))
        labels.append(name)
    if problems:
        raise ParseError(problems, multiline, what)
    return ParsedList(tuple(values), tuple(labels), any(label for _, label, _, _ in tokens))


def typable_label(label: str) -> bool:
    """Whether `label` survives the typed form "label=value" (and a link) unchanged."""
    return bool(label) and label == label.strip() and not LABEL_BREAKS.search(label)


def label_from_text(text: str, limit: int) -> str:
    """Any text (a document id, say) made into a typable label: breaks become '_', cut to fit."""
    label = LABEL_BREAKS.sub("_", str(text)).strip()
    return shorten(label, limit) if len(label) > limit else label


def format_relevances(
    values: tuple[float, ...] | list[float], labels: list[str] | None = None
) -> str:
    """The typed form of a list, labelled when labels are given: 'A=0.5, B=0.9'."""
    numbers = [exact(v, decimal=".") for v in values]
    if labels is None:
        return ", ".join(numbers)
    return ", ".join(f"{label}={number}" for label, number in zip(labels, numbers))
