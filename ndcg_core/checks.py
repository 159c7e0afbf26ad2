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
            f"`{parameter}` must be a list of numbers, not text; to read typed text use "
            f"`parse_relevances`. Got {shorten(repr(values))}."
        )
    if isinstance(values, (set, frozenset, Mapping)):
        kind = (
            "a set has no order"
            if isinstance(values, (set, frozenset))
            else ("a mapping would give its keys")
        )
        raise ValueError(
            f"`{parameter}` must be a list in ranked order; {kind}. Pass a list or an array."
        )
    if isinstance(values, np.ma.MaskedArray):
        raise ValueError(
            f"`{parameter}` is a masked array: say what the masked entries are (fill them) or "
            f"leave them out (compress) before scoring."
        )
    if isinstance(values, np.ndarray):
        array = values
    else:
        try:
            items = list(values)
        except TypeError:
            raise ValueError(
                f"`{parameter}` must be a list of numbers; got {shorten(repr(values))}."
            ) from None
        array = np.asarray(items, dtype=object)
        if all(type(item) in (int, float) for item in items):
            with contextlib.suppress(OverflowError):  # an int too large for a float: named below
                array = np.asarray(items, dtype=float)
    if array.ndim != 1:
        raise ValueError(
            f"`{parameter}` must be a flat list (one number per {where}); got an array of "
            f"shape {array.shape}."
        )
    if array.dtype.kind not in "iuf":
        for i, item in enumerate(array):
            if not is_number(item) or isinstance(item, complex):
                raise ValueError(
                    f"`{parameter}` must hold real numbers only; {where} {i + 1} is "
                    f"{shorten(repr(item))}."
                )
            try:
                float(item)
            except OverflowError:
                raise ValueError(
                    f"`{parameter}` must hold numbers a float can hold; {where} {i + 1} has "
                    f"{len(str(abs(int(item)))):,} digits."
                ) from None
    array = array.astype(float)
    bad = np.isinf(array) if missing else ~np.isfinite(array)
    if bad.any():
        i = int(np.flatnonzero(bad)[0])
        allowed = "finite numbers (or NaN for a value left out)" if missing else "finite numbers"
        raise ValueError(
            f"`{parameter}` must hold {allowed}; {where} {i + 1} is {exact(array[i])}."
        )
    return array


def check_not_negative(values: np.ndarray, parameter: str, where: str = "position") -> np.ndarray:
    """`values` when none is below 0; else a ValueError naming the first one (and how many)."""
    negative = np.flatnonzero(values < 0)
    if negative.size:
        i = int(negative[0])
        more = f" ({count(negative.size)} such {where}s in all)" if negative.size > 1 else ""
        raise ValueError(
            f"`{parameter}` must not be negative; {where} {i + 1} is {exact(values[i])}{more}. "
            f"A negative gain can push NDCG below 0 or above 1, so NDCG is not defined for it "
            f"here: use 0 for 'not relevant'."
        )
    return values


def check_relevances(relevances: ArrayLike, parameter: str = "relevances") -> np.ndarray:
    """Return the relevances as a 1-D float array, or raise a ValueError naming the problem.

    A ranked list has an order, so sets and mappings are refused (a set has none, a dict would
    give its keys); so are masked arrays (which entries count?), complex numbers, times and
    truth values: only real numbers are relevances. None may be below 0.
    """
    values = as_numbers(relevances, parameter)
    if values.size == 0:
        raise ValueError(f"`{parameter}` is empty: NDCG needs at least one ranked item.")
    return check_not_negative(values, parameter)


def check_count(got: int, n: int, parameter: str, one: str = "value", per: str = "item") -> None:
    """A ValueError unless `parameter` holds one `one` per `per`: n of them, not `got`."""
    if got != n:
        raise ValueError(
            f"`{parameter}` must have one {one} per {per}: {_counted(n, per)} but "
            f"{_counted(got, one)}."
        )


def _counted(n: int, word: str) -> str:
    return f"{count(n)} {word}" + ("" if n == 1 else "s")


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
            f"`k` must be a positive whole number or None (the whole list); got {shorten(repr(k))}."
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
            f"`k` must be a whole number ≥ 1, 'n' (every ranked position) or 'none' (no "
            f"cut-off); got {shorten(repr(k))}."
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
            raise ValueError(f"`{parameter}` must not be empty; position {position} is.")
        if len(name) > MAX_LABEL_LENGTH:
            raise ValueError(
                f"`{parameter}` must be at most {MAX_LABEL_LENGTH} characters; the one at "
                f"position {position} has {len(name)}."
            )
        if name in seen:
            raise ValueError(
                f"`{parameter}` must be unique; '{name}' is at positions {seen[name]} and "
                f"{position}."
            )
        seen[name] = position
    return names


def check_position(value: object, n: int, parameter: str = "position") -> int:
    """A 1-based position in a list of n items (1 is the top), returned as an int."""
    if isinstance(value, (bool, np.bool_)) or not isinstance(value, (int, np.integer)):
        raise ValueError(
            f"`{parameter}` must be a whole number from 1 to {n} (a position, 1 is the top); "
            f"got {shorten(repr(value))}."
        )
    if not 1 <= value <= n:
        raise ValueError(
            f"`{parameter}` must be a position from 1 to {n} (1 is the top; the list has {n} "
            f"items); got {int(value)}."
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
