"""Reading a list as a person types it (a text box, a link) into values, with messages that say
which value is wrong and why. The form is the one `ndcg_core.parsing.format_relevances` writes.

Accepted: numbers separated by commas, semicolons, tabs, spaces or new lines
("3, 2, 3, 0, 1, 2", "3 2 3", "0.5;0.9"), and labelled items ("A=0.5, B=0.9", "doc one: 3").

Decimal commas (how Russian, and most of Europe, writes 0.5), in every language:
- A list with a semicolon separates its items with semicolons (and spaces, tabs, new lines):
  a comma between two digits is a decimal comma. "0,5; 0,9; 0,3" is three decimals,
  "A=0,5; B=0,9" two labelled ones. This is the form the app writes in Russian
  (`ndcg_core.parsing.format_relevances`), so what it writes reads back the same.
- Without a semicolon, a comma between two digits ("0,5" in "0,5,0,9", "1,5" in "1,5, 2") could
  be either, and the reading is never silent when both are plausible (`ParsedList.note` says
  which was taken and how to type the other):
  - the items are also separated some other way (a space, a comma and a space, a new line) and
    every such comma stands alone between two numbers ("1,5, 2", "0,5 0,9 0,3"): decimal
    commas, always with a note;
  - otherwise ("0,5,0,9", "3,2,3,0,1,2", "1,2,3 4,5"): the commas separate the items, the form
    links use, with a note when a run of comma-joined digits could pair up into decimals
    ("0,5,0,9" → 0,5 and 0,9). "3,2,3,0,1,2" cannot plausibly: it would hold "3,0", which
    nobody types for 3 (a would-be fraction of only zeros), so it is read as six grades without
    a word; so is a run of an odd number of pieces, and anything written with points.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

import numpy as np

from i18n import N_, tr, trn
from ndcg_core.display import shorten
from ndcg_core.parsing import default_label

_NUMBER = re.compile(r"^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$")
_NOT_FINITE = re.compile(r"^[+-]?(?:nan|inf|infinity)$", re.IGNORECASE)
_LABELLED = re.compile(r"^(?P<label>[^=:]*?)\s*[=:]\s*(?P<value>[^=:]*)$")
_PIECE_SEPARATORS = re.compile(r"[,;\t]")
EXAMPLE_INPUT = "3, 2, 3, 0, 1, 2"
# Digits joined by commas with no space: "0,5", "0,5,0,9", "1,5e-07". Not part of a number
# written with a point or an exponent ("0.5,0.9", "1e+20,3"), nor a label ("1,2=3").
_COMMA_RUN = re.compile(
    r"(?<![\w.])(?<![eE][+-])(?<!\S,)\d+(?:,\d+)+(?:[eE][+-]?\d+)?(?![\w.])(?!,\S)(?!\s*[=:])"
)
# A decimal comma while the text is split into items (so it is not taken for a separator).
_DECIMAL_COMMA = "\ue000"


@dataclass(frozen=True)
class Problem:
    """One value that could not be read: where it is and why."""

    item: int
    line: int
    token: str
    reason: str

    def describe(self, multiline: bool) -> str:
        if multiline:
            where = tr("value {item} on line {line}", item=self.item, line=self.line)
        else:
            where = tr("value {item}", item=self.item)
        # Translators: {where} is "value 2" or "value 2 on line 3"; {reason} a predicate such as
        # "is not a number".
        return tr("{where}, '{token}', {reason}", where=where, token=self.shown, reason=self.reason)

    @property
    def shown(self) -> str:
        """The token as quoted in a message: a pasted page of text is cut, not echoed whole."""
        return shorten(self.token)


class ParseError(ValueError):
    """A ValueError listing every value that could not be read."""

    def __init__(self, problems: list[Problem], multiline: bool, what: str = "value"):
        self.problems = problems
        # Translators: what separates the problems of a list in one message ("; ").
        shown = tr("; ").join(p.describe(multiline) for p in problems[:5])
        n = len(problems)
        if n > 5:
            shown = trn("{shown}; and {n} more", "{shown}; and {n} more", n - 5, shown=shown)
        counted = {
            "relevance": lambda: trn("{n} relevance", "{n} relevances", n),
            "score": lambda: trn("{n} score", "{n} scores", n),
        }.get(what, lambda: trn("{n} value", "{n} values", n))()
        super().__init__(tr("Could not read {count}: {problems}.", count=counted, problems=shown))


@dataclass(frozen=True)
class ParsedList:
    """Values in the order typed, with a label for each (typed, or D1, D2, … when none was)."""

    values: tuple[float, ...]
    labels: tuple[str, ...]
    labelled: bool
    # How commas that could be decimal commas or separators were read, when the other reading
    # was plausible too (a page shows it under the box), else None.
    note: str | None = None


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


def _as_typed(
    tokens: list[tuple[int, str | None, str, str]],
) -> list[tuple[int, str | None, str, str]]:
    """Tokens of a text whose decimal commas were marked, each as typed (a decimal comma is a
    comma again); the value text keeps the mark for `_read_number`."""

    def typed(text: str) -> str:
        return text.replace(_DECIMAL_COMMA, ",")

    return [
        (line, None if label is None else typed(label), value, typed(shown))
        for line, label, value, shown in tokens
    ]


@dataclass(frozen=True)
class _Commas:
    """How the commas of a text are read: the text to split (its decimal commas marked), and
    what to tell the reader (None when only one reading is plausible)."""

    text: str
    kind: str | None = None  # "decimal": read as decimal commas; "separator": as separators
    example: str = ""  # the first comma-joined run the note quotes
    other: str = ""  # that run in the other reading, typed so that it reads that way


def _pairs_plausibly(pieces: list[str]) -> bool:
    """Whether comma-joined digits could be decimals written with commas: an even number of
    pieces, none of the would-be fractions only zeros ("3,0" is typed "3")."""
    if len(pieces) % 2:
        return False
    fractions = [re.split("[eE]", piece)[0] for piece in pieces[1::2]]
    return not any(set(fraction) == {"0"} for fraction in fractions)


def _commas(text: str) -> _Commas:
    """Decide which commas of `text` are decimal commas (see the module's docstring)."""
    runs = list(_COMMA_RUN.finditer(text))
    if not runs or _DECIMAL_COMMA in text:  # the mark typed as a character: no mark is used
        return _Commas(text)
    as_decimals = _COMMA_RUN.sub(lambda run: run[0].replace(",", _DECIMAL_COMMA), text)
    if ";" in text:
        return _Commas(as_decimals)
    pieces = [run[0].split(",") for run in runs]
    if all(len(p) == 2 for p in pieces) and len(_tokens(as_decimals)) > 1:
        first = runs[0][0]
        return _Commas(as_decimals, "decimal", first, first.replace(",", ", "))
    plausible = next((run[0] for run, p in zip(runs, pieces) if _pairs_plausibly(p)), None)
    if plausible is None:
        return _Commas(text)
    split = plausible.split(",")
    pairs = [f"{whole},{fraction}" for whole, fraction in zip(split[::2], split[1::2])]
    return _Commas(text, "separator", plausible, "; ".join(pairs))


def _comma_note(commas: _Commas, n: int) -> str | None:
    """The sentences saying how the commas were read, and how to type the other reading."""
    if commas.kind == "decimal":
        return trn(
            "A comma between two digits, as in {example}, was read as a decimal comma, so the "
            "list has {n} value. If such a comma separates two items, put a space after it "
            "({items}).",
            "A comma between two digits, as in {example}, was read as a decimal comma, so the "
            "list has {n} values. If such a comma separates two items, put a space after it "
            "({items}).",
            n,
            example=commas.example,
            items=commas.other,
        )
    if commas.kind == "separator":
        split = commas.example.split(",")
        points = ", ".join(p.replace(",", ".") for p in commas.other.split("; "))
        if len(split) == 2:
            return trn(
                "{example} was read as {n} whole number, {numbers}: a comma between two digits "
                "separates items when nothing else does. If you meant the decimal {point}, type "
                "it with a point.",
                "{example} was read as {n} whole numbers, {numbers}: a comma between two digits "
                "separates items when nothing else does. If you meant the decimal {point}, type "
                "it with a point.",
                len(split),
                example=commas.example,
                numbers=", ".join(split),
                point=points,
            )
        return trn(
            "{example} was read as {n} whole number, {numbers}: a comma between two digits "
            "separates items when nothing else does. If you meant decimals, separate the items "
            "with semicolons ({semicolons}) or type the decimals with a point ({points}).",
            "{example} was read as {n} whole numbers, {numbers}: a comma between two digits "
            "separates items when nothing else does. If you meant decimals, separate the items "
            "with semicolons ({semicolons}) or type the decimals with a point ({points}).",
            len(split),
            example=commas.example,
            numbers=", ".join(split),
            semicolons=commas.other,
            points=points,
        )
    return None


def _read_number(
    token: str, allow_negative: bool, marked: bool = False
) -> tuple[float | None, str | None]:
    """The number in `token`, or the reason it is not an acceptable one. With `marked`, the
    token's decimal commas are marked (`_DECIMAL_COMMA`)."""
    if not token:
        return None, tr("has no number after its label")
    if marked and token.count(_DECIMAL_COMMA) > 1:
        return None, tr(
            "has more than one decimal comma: in a list with semicolons, a comma between two "
            "digits is a decimal comma, so separate the items with semicolons"
        )
    if marked:
        token = token.replace(_DECIMAL_COMMA, ".")
    if _NOT_FINITE.match(token):
        return None, tr("is not a finite number")
    if not _NUMBER.match(token):
        if re.fullmatch(r"\d+,\d+", token):
            return None, tr("is not a number (use a point for decimals, e.g. 0.5)")
        return None, tr("is not a number")
    value = float(token)
    if not np.isfinite(value):
        return None, tr("is too large to be a number here")
    if value < 0 and not allow_negative:
        return None, tr(
            "is negative: NDCG is only defined here for relevance ≥ 0 (a negative gain can push "
            "it below 0 or above 1); use 0 for 'not relevant'"
        )
    return value, None


def parse_relevances(
    text: str, *, max_items: int | None = None, allow_negative: bool = False
) -> ParsedList:
    """Read a typed relevance list; raise ParseError (a ValueError) naming each bad value.

    `allow_negative` is for the page that shows how libraries treat negative labels. A list
    whose commas could be read two ways says how it was read in `note`.

    >>> parse_relevances("A=0.5, B=0.9").values
    (0.5, 0.9)
    >>> parse_relevances("0,5; 0,9; 0,3").values
    (0.5, 0.9, 0.3)
    """
    return _parse(text, allow_negative=allow_negative, max_items=max_items, what="relevance")


def parse_scores(text: str, *, max_items: int | None = None) -> tuple[float, ...]:
    """Read typed scores (any finite numbers, negatives allowed)."""
    return _parse(text, allow_negative=True, max_items=max_items, what="score").values


def _parse(text: str, *, allow_negative: bool, max_items: int | None, what: str) -> ParsedList:
    if not isinstance(text, str):
        raise ValueError(tr("Expected typed text; got {type}.", type=type(text).__name__))
    commas = _commas(text)
    marked = commas.text is not text
    tokens = _as_typed(_tokens(commas.text)) if marked else _tokens(text)
    if not tokens:
        raise ValueError(tr(_EMPTY.get(what, _EMPTY["value"]), example=EXAMPLE_INPUT))
    if max_items is not None and len(tokens) > max_items:
        raise ValueError(
            tr(
                "The list has {n} values; this page takes at most {limit}. "
                "Shorten it to {limit} or fewer.",
                n=len(tokens),
                limit=max_items,
            )
        )
    multiline = len({line for line, _, _, _ in tokens}) > 1
    values: list[float] = []
    labels: list[str] = []
    problems: list[Problem] = []
    first_use: dict[str, int] = {}
    for item, (line, label, token, typed) in enumerate(tokens, start=1):
        value, reason = _read_number(token, allow_negative, marked)
        if label is not None and not label:
            reason = reason or tr("has no label before its '=' or ':'")
        name = label if label else default_label(item)
        if label and name in first_use:
            reason = reason or tr(
                "repeats the label '{label}' of value {item}: give each item its own",
                label=name,
                item=first_use[name],
            )
        first_use.setdefault(name, item)
        if reason:
            problems.append(Problem(item, line, typed, reason))  # quoted as typed
            continue
        values.append(float(value))
        labels.append(name)
    if problems:
        raise ParseError(problems, multiline, what)
    return ParsedList(
        tuple(values),
        tuple(labels),
        any(label for _, label, _, _ in tokens),
        _comma_note(commas, len(values)),
    )


# What an empty list is told, by what the list holds.
_EMPTY = {
    "relevance": N_("The list is empty: type at least one relevance, e.g. {example}."),
    "score": N_("The list is empty: type at least one score, e.g. {example}."),
    "value": N_("The list is empty: type at least one value, e.g. {example}."),
}
