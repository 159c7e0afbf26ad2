"""The typed form of a list, as the app writes it ("3, 2, 3" or "A=0.5, B=0.9"; in Russian
"0,5; 0,9"), and the labels it can hold. Reading what a person types back into values is the
front end's: `ui.typed`.
"""

from __future__ import annotations

import re

from .display import exact, shorten

# What ends a label or an item in the typed form "A=0.5, B=0.9" (and in links): a label holding
# one of these would come back from the text box as a different list.
LABEL_BREAKS = re.compile(r"[=:;,\t\r\n\v\f\x1c-\x1e\x85\u2028\u2029]")


def default_label(position: int) -> str:
    """The name of the item at `position` (1 is the top) when none is given: D1, D2, …"""
    return f"D{position}"


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
    """The typed form of a list, labelled when labels are given: 'A=0.5, B=0.9'.

    In Russian a list with decimals is written with decimal commas and semicolons between the
    items, '0,5; 0,9' ('A=0,5; B=0,9'), the form `ui.typed.parse_relevances` reads as decimals in
    every language (a single decimal keeps its semicolon, '0,5;'); a list of whole numbers is
    '3, 2, 0' everywhere. Links keep '0.5,0.9' (ui/urlparams.py writes them).
    """
    numbers = [exact(v) for v in values]
    commas = any("," in number for number in numbers)
    if labels is not None:
        numbers = [f"{label}={number}" for label, number in zip(labels, numbers)]
    if not commas:
        return ", ".join(numbers)
    # One decimal alone keeps its semicolon ("0,5;"): without one, "0,5" is two grades.
    return "; ".join(numbers) + (";" if len(numbers) == 1 else "")
