"""Text from outside the app, read as JSON: the one home for it, so that nothing a link, a
browser's stored copy, an imported file or a stored question holds can break a page.

Every bound is checked before Python parses anything: the text's size (and, for deflated text,
its size once inflated: `inflate` never makes more than its limit, however small the input),
how deep its brackets nest (Python's parser recurses once a level and fails with
RecursionError), how long its numbers are (Python refuses to turn over 4,300 digits into an
int) and NaN or Infinity (JSON has neither). A UTF-8 byte-order mark, as Windows Notepad saves
one, is accepted.

Every failure is one ValueError, worded for whoever gave the text (`refuse`): it names the
source, quotes at most QUOTED characters of one line of it, and says what to do; it never
carries Python's own words. Who reads outside text checks what it means (types, ranges) itself.

It imports nothing of the app but its languages (`i18n`, a bottom package), so the kernel,
the lessons, the classroom and `ui` can all use it. JSON the app wrote itself (a row its own
store wrote, a file shipped with it) may be read with `json.loads`: tests/core/test_outside.py lists those few places and fails on any other.
"""

from __future__ import annotations

import json
import math
import re
import zlib

from i18n import localized, tr

MAX_DEPTH = 32  # levels of brackets: the app's own documents nest 5 deep at most
MAX_NUMBER = 100  # characters in one number: no value the app reads comes near it
QUOTED = 80  # characters of the text quoted in a message

# A JSON string (escapes included) or a bracket: the depth is counted outside strings.
_TOKEN = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"|[\[\]{}]')


class _Refused(Exception):
    """A value the parser met that is refused (raised from its hooks, said by `read_json`)."""


def refuse(source: str, problem: str, fix: str) -> ValueError:
    """The one shape of every message: what was read, what is wrong with it, what to do
    (each given in the language of the run: `problem` a predicate, "is empty")."""
    # Translators: {source} is "This file" or "This link", {problem} a predicate such as
    # "is empty", {fix} a sentence saying what to do.
    return ValueError(tr("{source} {problem}. {fix}", source=source, problem=problem, fix=fix))


def _thousands(n: int) -> str:
    """A size in a message: 1,000,000, written the language's way (1 000 000 in Russian)."""
    return localized(f"{n:,}")


def excerpt(text: str, at: int = 0) -> str:
    """At most QUOTED characters of the line of `text` holding position `at`, centred on it,
    quoted, '…' where cut, anything unprintable shown as '�'."""
    start = text.rfind("\n", 0, at) + 1
    end = text.find("\n", at)
    line = text[start : len(text) if end < 0 else end]
    first = max(0, min(at - start - QUOTED // 2, len(line) - QUOTED))
    piece = "".join(c if c.isprintable() else "�" for c in line[first : first + QUOTED])
    return f"“{'…' if first else ''}{piece}{'…' if first + QUOTED < len(line) else ''}”"


def inflate(data: bytes, source: str, fix: str, *, limit: int) -> bytes:
    """zlib-deflated `data`, inflated to at most `limit` bytes: a few hundred bytes can inflate
    to gigabytes, so the inflater is told where to stop."""
    unpack = zlib.decompressobj()
    try:
        out = unpack.decompress(data, limit + 1)
    except zlib.error:
        raise refuse(
            source, tr("could not be read: it is not packed as the app packs it"), fix
        ) from None
    if len(out) > limit or unpack.unconsumed_tail:
        raise refuse(
            source, tr("holds more than {limit} bytes once unpacked", limit=_thousands(limit)), fix
        )
    if not unpack.eof:
        raise refuse(source, tr("is cut short"), fix)
    return out


def _depth(text: str) -> int:
    """How deep the brackets of `text` nest, outside strings (stops counting past MAX_DEPTH)."""
    depth = deepest = 0
    for token in _TOKEN.finditer(text):
        mark = text[token.start()]
        if mark == '"':
            continue
        depth += 1 if mark in "[{" else -1
        if depth > deepest:
            deepest = depth
            if deepest > MAX_DEPTH:  # a hostile text stops here, however long it is
                break
    return deepest


def _number(kind: type):
    def read(token: str) -> int | float:
        if len(token) > MAX_NUMBER:
            raise _Refused(
                tr(
                    "holds a number {length} characters long ({excerpt})",
                    length=_thousands(len(token)),
                    excerpt=excerpt(token),
                )
            )
        value = kind(token)
        if not math.isfinite(value):
            raise _Refused(tr("holds the number {number}, too large to use", number=token))
        return value

    return read


def _constant(token: str) -> None:
    raise _Refused(tr("holds {token}, which is not a number JSON allows", token=token))


def read_json(data: bytes | str, source: str, fix: str, *, limit: int) -> object:
    """`data` (bytes are UTF-8, with or without a byte-order mark) as a JSON value, within
    `limit` bytes (or characters) and MAX_DEPTH levels; any failure is `refuse`'s ValueError,
    naming `source` ("This file") and ending with `fix` (what to do)."""
    if len(data) > limit:
        if isinstance(data, bytes):
            said = tr(
                "is {length} bytes long; at most {limit} are read",
                length=_thousands(len(data)),
                limit=_thousands(limit),
            )
        else:
            said = tr(
                "is {length} characters long; at most {limit} are read",
                length=_thousands(len(data)),
                limit=_thousands(limit),
            )
        raise refuse(source, said, fix)
    if isinstance(data, bytes):
        try:
            data = data.decode("utf-8-sig")
        except UnicodeDecodeError:
            raise refuse(source, tr("is not text (UTF-8)"), fix) from None
    text = data.removeprefix("\ufeff")
    if not text.strip():
        raise refuse(source, tr("is empty"), fix)
    if _depth(text) > MAX_DEPTH:
        raise refuse(
            source, tr("nests brackets more than {depth} levels deep", depth=MAX_DEPTH), fix
        )
    try:
        return json.loads(
            text,
            parse_int=_number(int),
            parse_float=_number(float),
            parse_constant=_constant,
        )
    except json.JSONDecodeError as error:
        said = tr(
            "is not JSON (line {line}, column {column}: {excerpt})",
            line=error.lineno,
            column=error.colno,
            excerpt=excerpt(text, error.pos),
        )
        raise refuse(source, said, fix) from None
    except _Refused as problem:
        raise refuse(source, str(problem), fix) from None
    except (RecursionError, MemoryError):
        raise refuse(source, tr("is too large or nested too deeply to read"), fix) from None
