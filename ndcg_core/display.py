"""How numbers and quoted text are written: one rule each, used by the core and every page.

- A number the app *computed* (a gain, a term, DCG, NDCG, a change) is shown rounded to
  ``DIGITS`` decimal places, trailing zeros kept, so numbers on a page line up and one value
  never reads two ways (1.2619 everywhere, not 1.262 in one place and 1.26186 in another).
- A number someone *gave* (a relevance, k, a log base, a figure a source printed) is shown as
  given, in its shortest exact form: 3, 0.5, 1.585.
- In Russian, prose and tables write the decimal comma (0,9608) and a narrow no-break space
  between thousands (3 628 800); English and Chinese write 0.9608 and 3,628,800. Formulas and
  everything a machine reads back (links, typed lists, CSV) pass ``decimal="."``: one style in
  every language, the one the sources' formulas use (the Russian note writes 0.86 in its sums)
  and the one a learner can paste into code.
- Text quoted back to a user (a bad value, a label, a file name) is cut to ``MAX_QUOTED``
  characters, ending in "…", so a pasted page is never echoed whole.
"""

from __future__ import annotations

import math

import numpy as np

from i18n import MARKS, language, localized, tr

DIGITS = 4  # decimal places of every computed number on screen
MAX_QUOTED = 60  # characters of user text quoted in a message
MINUS = "−"  # U+2212: a real minus sign in running text
# Two computed numbers closer than this are the same number: the rounding error of summing a
# few thousand terms in double precision is far below it, any difference a learner could see is
# far above it. The one tolerance for "equal", "tied" and "no change" in the core and the lessons.
NOISE = 1e-12
_SUPERSCRIPTS = str.maketrans("0123456789", "⁰¹²³⁴⁵⁶⁷⁸⁹")


def decimal_mark() -> str:
    """The decimal mark of this run's language: ',' in Russian, '.' otherwise."""
    return MARKS.get(language(), (".", ","))[0]


def exact(value: float, decimal: str | None = None) -> str:
    """The shortest text that reads back as `value`: 3.0 → '3', 0.5 → '0.5' ('0,5' in Russian
    unless `decimal="."`), 1e+308."""
    number = float(value)
    if number != 0 and not 1e-6 <= abs(number) < 1e16:  # hundreds of digits help nobody
        return localized(np.format_float_scientific(number, trim="-"), decimal)
    return localized(np.format_float_positional(number, trim="-"), decimal)


def fixed(value: float | None, digits: int = DIGITS, decimal: str | None = None) -> str:
    """A computed number, rounded to `digits` places with trailing zeros kept: '0.9608', and
    '−0.0866' with a real minus sign (U+2212), as `signed` writes it.

    NaN (no value) is a dash; minus zero is '0.0000'; infinities say so.
    """
    if value is None:
        return "—"
    number = float(value)
    if math.isnan(number):
        return "—"
    if math.isinf(number):
        return "∞" if number > 0 else f"{MINUS}∞"
    text = f"{number:.{digits}f}"
    if float(text) == 0:
        return localized(text.lstrip("-"), decimal)
    return localized(text.replace("-", MINUS), decimal)


def signed(value: float, digits: int = DIGITS, decimal: str | None = None) -> str:
    """A change: '+0.0147', '−0.0866', or '0.0000' when it rounds to nothing."""
    text = fixed(value, digits, decimal)
    if not any(c.isdigit() for c in text):  # "—" (not a number) has no sign to add
        return text
    if text.startswith(MINUS):
        return text
    if not any(c in "123456789" for c in text):  # rounds to nothing: no sign
        return text
    return "+" + text


def count(n: int) -> str:
    """A whole number with thousands separators (3,628,800); a count that can be astronomical
    (30! orderings) is written 'about 2.65 × 10³²' from a trillion on (1000! has 2,568 digits,
    too many to read)."""
    n = int(n)
    if n < 10**12:
        return localized(f"{n:,}")
    digits = str(n)
    power = str(len(digits) - 1).translate(_SUPERSCRIPTS)
    mantissa = localized(f"{digits[0]}.{digits[1:3]}")
    return tr("about {mantissa} × 10{power}", mantissa=mantissa, power=power)


def shorten(text: object, limit: int = MAX_QUOTED) -> str:
    """User text as quoted in a message: cut to `limit` characters, ending in '…' when cut."""
    text = str(text)
    if len(text) <= limit:
        return text
    return text[: limit - 1] + "…"


# ---------------------------------------------------------------------------------------------
# CSV files the app writes
# ---------------------------------------------------------------------------------------------

# A spreadsheet reads a cell that starts with one of these as a formula (=HYPERLINK(…) runs
# when the file is opened): such text is written with a leading apostrophe, shown as typed.
CSV_FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def csv_cell(value: object) -> object:
    """One cell of a CSV the app writes: text that a spreadsheet would read as a formula gets a
    leading apostrophe; numbers and other text are written as they are."""
    if isinstance(value, str) and value.startswith(CSV_FORMULA_STARTS):
        return "'" + value
    return value


def csv_bytes(frame) -> bytes:
    """A table as the UTF-8 CSV every download of the app is, without its index, each text cell
    through `csv_cell` (numbers stay numbers)."""
    from pandas.api.types import is_numeric_dtype  # here: a worker imports this, not pandas

    safe = frame.copy()
    for column in safe.columns:
        if not is_numeric_dtype(safe[column].dtype):
            safe[column] = safe[column].astype(object).map(csv_cell)
    return safe.to_csv(index=False).encode("utf-8")
