"""The checks of the core's inputs: a list of numbers, relevances, a cut-off, names, a position.

Every public function of the core, and every record (`RankedList`, `libraries.Query`), checks
what it is given here, so a value is refused with the same message whichever door it came in
by. A message names the parameter, the value (as given: `display.exact`, never rounded) and
what to do. This module sits below `model` and `metrics` (both use it), which is why it imports
neither.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterable, Mapping

import numpy as np

from i18n import N_, tr, trn

from .display import count, exact, shorten
from .options import CUTS, NO_CUTOFF

# What the core's functions accept as a list of numbers: any iterable of real numbers, or an array.
ArrayLike = Iterable[float] | np.ndarray

MAX_LABEL_LENGTH = 40  # characters of an item label or id; a link keeps labels up to this length


def is_number(value: object) -> bool:
    """A real number: Python's or numpy's int and float (not bool, complex, time or text)."""
    return isinstance(value, (int, float, np.integer, np.floating)) and not isinstance(
        value,
        (bool, np.bool_, np.timedelta64, np.datetime64),  # numpy's times are integers
    )


def as_numbers(
    values: object, parameter: str, where: str = "position", *, missing: bool = False
) -> np.ndarray:
    """Any sequence of real numbers as a flat float array, or a ValueError saying which entry
    (`where` 1, 2, …) is not one. Numeric arrays take a fast path; anything else is looked at
    item by item so the message can name the first bad one. With `missing`, NaN is accepted
    (a value left out, as a per-query NDCG under the all-zero rule "skip"); infinities never are.
    """
    if isinstance(values, (str, bytes)):
        raise ValueError(
            tr(
                "`{parameter}` must be a list of numbers, not text; to read typed text use "
                "`parse_relevances`. Got {value}.",
                parameter=parameter,
                value=shorten(repr(values)),
            )
        )
    if isinstance(values, (set, frozenset, Mapping)):
        if isinstance(values, (set, frozenset)):
            said = tr(
                "`{parameter}` must be a list in ranked order; a set has no order. Pass a list "
                "or an array.",
                parameter=parameter,
            )
        else:
            said = tr(
                "`{parameter}` must be a list in ranked order; a mapping would give its keys. "
                "Pass a list or an array.",
                parameter=parameter,
            )
        raise ValueError(said)
    if isinstance(values, np.ma.MaskedArray):
        raise ValueError(
            tr(
                "`{parameter}` is a masked array: say what the masked entries are (fill them) "
                "or leave them out (compress) before scoring.",
                parameter=parameter,
            )
        )
    if isinstance(values, np.ndarray):
        array = values
    else:
        try:
            items = list(values)
        except TypeError:
            raise ValueError(
                tr(
                    "`{parameter}` must be a list of numbers; got {value}.",
                    parameter=parameter,
                    value=shorten(repr(values)),
                )
            ) from None
        array = np.asarray(items, dtype=object)
        if all(type(item) in (int, float) for item in items):
            with contextlib.suppress(OverflowError):  # an int too large for a float: named below
                array = np.asarray(items, dtype=float)
    if array.ndim != 1:
        raise ValueError(
            tr(_FLAT.get(where, _FLAT["position"]), parameter=parameter, shape=array.shape)
        )
    if array.dtype.kind not in "iuf":
        for i, item in enumerate(array):
            if not is_number(item) or isinstance(item, complex):
                raise ValueError(
                    tr(
                        "`{parameter}` must hold real numbers only; {place} is {value}.",
                        parameter=parameter,
                        place=_place(where, i + 1),
                        value=shorten(repr(item)),
                    )
                )
            try:
                float(item)
            except OverflowError:
                raise ValueError(
                    tr(
                        "`{parameter}` must hold numbers a float can hold; {place} has {digits} "
                        "digits.",
                        parameter=parameter,
                        place=_place(where, i + 1),
                        digits=count(len(str(abs(int(item))))),
                    )
                ) from None
    array = array.astype(float)
    bad = np.isinf(array) if missing else ~np.isfinite(array)
    if bad.any():
        i = int(np.flatnonzero(bad)[0])
        if missing:
            said = tr(
                "`{parameter}` must hold finite numbers (or NaN for a value left out); {place} "
                "is {value}.",
                parameter=parameter,
                place=_place(where, i + 1),
                value=exact(array[i]),
            )
        else:
            said = tr(
                "`{parameter}` must hold finite numbers; {place} is {value}.",
                parameter=parameter,
                place=_place(where, i + 1),
                value=exact(array[i]),
            )
        raise ValueError(said)
    return array


def check_not_negative(values: np.ndarray, parameter: str, where: str = "position") -> np.ndarray:
    """`values` when none is below 0; else a ValueError naming the first one (and how many)."""
    negative = np.flatnonzero(values < 0)
    if negative.size:
        i = int(negative[0])
        if negative.size > 1:
            said = tr(
                "`{parameter}` must not be negative; {place} is {value} ({negatives} in all). "
                "A negative gain can push NDCG below 0 or above 1, so NDCG is not defined for "
                "it here: use 0 for 'not relevant'.",
                parameter=parameter,
                place=_place(where, i + 1),
                value=exact(values[i]),
                negatives=_counted(int(negative.size), where),
            )
        else:
            said = tr(
                "`{parameter}` must not be negative; {place} is {value}. A negative gain can "
                "push NDCG below 0 or above 1, so NDCG is not defined for it here: use 0 for "
                "'not relevant'.",
                parameter=parameter,
                place=_place(where, i + 1),
                value=exact(values[i]),
            )
        raise ValueError(said)
    return values


def check_relevances(relevances: ArrayLike, parameter: str = "relevances") -> np.ndarray:
    """Return the relevances as a 1-D float array, or raise a ValueError naming the problem.

    A ranked list has an order, so sets and mappings are refused (a set has none, a dict would
    give its keys); so are masked arrays (which entries count?), complex numbers, times and
    truth values: only real numbers are relevances. None may be below 0.
    """
    values = as_numbers(relevances, parameter)
    if values.size == 0:
        raise ValueError(
            tr(
                "`{parameter}` is empty: NDCG needs at least one ranked item.",
                parameter=parameter,
            )
        )
    return check_not_negative(values, parameter)


def check_count(got: int, n: int, parameter: str, one: str = "value", per: str = "item") -> None:
    """A ValueError unless `parameter` holds one `one` per `per`: n of them, not `got`."""
    if got != n:
        raise ValueError(
            tr(
                _ONE_PER.get((one, per), _ONE_PER["value", "item"]),
                parameter=parameter,
                expected=_counted(n, per),
                got=_counted(got, one),
            )
        )


# "`scores` must have one score per item: 6 items, but 5 scores", a whole sentence per pair.
_ONE_PER = {
    ("value", "item"): N_("`{parameter}` must have one value per item: {expected} but {got}."),
    ("label", "item"): N_("`{parameter}` must have one label per item: {expected} but {got}."),
    ("id", "item"): N_("`{parameter}` must have one id per item: {expected} but {got}."),
    ("score", "item"): N_("`{parameter}` must have one score per item: {expected} but {got}."),
    ("value", "row"): N_("`{parameter}` must have one value per row: {expected} but {got}."),
    ("id", "row"): N_("`{parameter}` must have one id per row: {expected} but {got}."),
}
# A list that is not flat, by what each of its numbers stands for.
_FLAT = {
    "position": N_(
        "`{parameter}` must be a flat list (one number per position); got an array of shape "
        "{shape}."
    ),
    "query": N_(
        "`{parameter}` must be a flat list (one number per query); got an array of shape {shape}."
    ),
    "row": N_(
        "`{parameter}` must be a flat list (one number per row); got an array of shape {shape}."
    ),
    "entry": N_(
        "`{parameter}` must be a flat list (one number per entry); got an array of shape {shape}."
    ),
}


def _place(where: str, i: int) -> str:
    """Entry `i` of a list whose entries are `where`s, in words: 'position 3'."""
    if where == "query":
        return tr("query {i}", i=i)
    if where == "row":
        return tr("row {i}", i=i)
    if where == "entry":
        return tr("entry {i}", i=i)
    return tr("position {i}", i=i)


def _counted(n: int, word: str) -> str:
    """n `word`s in words, in the language's plural form: '6 items', '1 score'."""
    shown = count(n)
    if word == "item":
        return trn("{count} item", "{count} items", n, count=shown)
    if word == "row":
        return trn("{count} row", "{count} rows", n, count=shown)
    if word == "label":
        return trn("{count} label", "{count} labels", n, count=shown)
    if word == "id":
        return trn("{count} id", "{count} ids", n, count=shown)
    if word == "score":
        return trn("{count} score", "{count} scores", n, count=shown)
    if word == "query":
        return trn("{count} query", "{count} queries", n, count=shown)
    if word == "entry":
        return trn("{count} entry", "{count} entries", n, count=shown)
    if word == "position":
        return trn("{count} position", "{count} positions", n, count=shown)
    return trn("{count} value", "{count} values", n, count=shown)


def _whole(k: object) -> int | None:
    """k as an int when it is a whole number ≥ 1 (2.0 too), else None."""
    if isinstance(k, (bool, np.bool_)):
        return None
    if isinstance(k, (int, np.integer)) and k >= 1:
        return int(k)
    if isinstance(k, (float, np.floating)) and float(k).is_integer() and k >= 1:
        return int(k)
    return None


def check_k(k: object) -> int | None:
    """The cut-off of the core's functions: a whole number ≥ 1, or None for the whole list."""
    if k is None:
        return None
    whole = _whole(k)
    if whole is None:
        raise ValueError(
            tr(
                "`k` must be a positive whole number or None (the whole list); got {value}.",
                value=shorten(repr(k)),
            )
        )
    return whole


def check_cut(k: object) -> int | str:
    """A cut-off as a `Scoring` holds it: a whole number ≥ 1, ``"n"`` (every ranked position)
    or ``"none"`` (no cut-off). ``None`` is read as ``"none"``, as the core's functions read
    ``k=None``."""
    if k is None:
        return NO_CUTOFF
    if isinstance(k, str) and k in CUTS:
        return k
    whole = _whole(k)
    if whole is None:
        raise ValueError(
            tr(
                "`k` must be a whole number ≥ 1, 'n' (every ranked position) or 'none' (no "
                "cut-off); got {value}.",
                value=shorten(repr(k)),
            )
        )
    return whole


def check_names(names: tuple[str, ...], n: int, parameter: str = "labels") -> tuple[str, ...]:
    """Item labels or document ids: one per item, none empty, none longer than
    `MAX_LABEL_LENGTH` characters, no two alike."""
    one = parameter.removesuffix("s")
    check_count(len(names), n, parameter, one)
    seen: dict[str, int] = {}
    for position, name in enumerate(names, start=1):
        if not name.strip():
            raise ValueError(
                tr(
                    "`{parameter}` must not be empty; position {position} is.",
                    parameter=parameter,
                    position=position,
                )
            )
        if len(name) > MAX_LABEL_LENGTH:
            raise ValueError(
                tr(
                    "`{parameter}` must be at most {limit} characters; the one at position "
                    "{position} has {length}.",
                    parameter=parameter,
                    limit=MAX_LABEL_LENGTH,
                    position=position,
                    length=len(name),
                )
            )
        if name in seen:
            raise ValueError(
                tr(
                    "`{parameter}` must be unique; '{name}' is at positions {first} and "
                    "{position}.",
                    parameter=parameter,
                    name=name,
                    first=seen[name],
                    position=position,
                )
            )
        seen[name] = position
    return names


def check_position(value: object, n: int, parameter: str = "position") -> int:
    """A 1-based position in a list of n items (1 is the top), returned as an int."""
    if isinstance(value, (bool, np.bool_)) or not isinstance(value, (int, np.integer)):
        raise ValueError(
            tr(
                "`{parameter}` must be a whole number from 1 to {n} (a position, 1 is the "
                "top); got {value}.",
                parameter=parameter,
                n=n,
                value=shorten(repr(value)),
            )
        )
    if not 1 <= value <= n:
        raise ValueError(
            trn(
                "`{parameter}` must be a position from 1 to {n} (1 is the top; the list has "
                "{n} item); got {value}.",
                "`{parameter}` must be a position from 1 to {n} (1 is the top; the list has "
                "{n} items); got {value}.",
                n,
                parameter=parameter,
                value=int(value),
            )
        )
    return int(value)


__all__ = [
    "MAX_LABEL_LENGTH",
    "ArrayLike",
    "as_numbers",
    "check_count",
    "check_cut",
    "check_k",
    "check_names",
    "check_not_negative",
    "check_position",
    "check_relevances",
    "is_number",
]
