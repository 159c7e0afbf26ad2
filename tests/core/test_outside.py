"""The one reader of outside JSON (outside/): whatever it is given, it returns a JSON value no
deeper than its bound or raises one ValueError in words (the source, at most a line of the
text, what to do; never Python's); its inflate stops at its bound."""

import json
import zlib

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

import outside
from tests.strategies import hostile_json

SOURCE, FIX = "This file", "Export it again from the app."
# Words of Python's own messages that must never reach a user.
PYTHON_WORDS = (
    "Traceback",
    "Error",
    "Expecting",
    "codec",
    "int()",
    "sys.set_int_max_str_digits",
    "recursion",
    "decode",
    "char ",
)


def assert_in_words(message: str) -> None:
    assert message.startswith(SOURCE + " ") and message.endswith(FIX), message
    for word in PYTHON_WORDS:
        assert word not in message, message
    # At most one quote of the text, QUOTED characters and its marks, beside our own words.
    assert len(message) <= len(SOURCE) + len(FIX) + outside.QUOTED + 120, message


def _depth(value) -> int:
    if isinstance(value, list):
        return 1 + max(map(_depth, value), default=0)
    if isinstance(value, dict):
        return 1 + max(map(_depth, value.values()), default=0)
    return 0


@given(hostile_json())
@example("[" * 100_000 + "]" * 100_000)  # review 3, H1 and M1
@example('{"a":' * 5000 + "0" + "}" * 5000)
@example('"' + "[" * 100_000 + '"')  # brackets inside a string do not nest
@example("\ufeff[1]")  # review 3, L4
@example('{"kind": "' + "x" * 100_000 + '"}')
def test_any_text_is_read_or_refused_in_words(text):
    for data in (text, text.encode("utf-8", "surrogatepass")):
        try:
            value = outside.read_json(data, SOURCE, FIX, limit=1_000_000)
        except ValueError as error:
            assert_in_words(str(error))
        else:
            assert _depth(value) <= outside.MAX_DEPTH
            assert json.loads(json.dumps(value)) == value  # no NaN, no Infinity


@given(st.binary(max_size=200))
def test_any_bytes_are_read_or_refused_in_words(data):
    try:
        outside.read_json(data, SOURCE, FIX, limit=1000)
    except ValueError as error:
        assert_in_words(str(error))


@pytest.mark.parametrize(
    ("data", "said"),
    [
        (b"\xef\xbb\xbf{}", None),
        ("\ufeff[]", None),
        (b"\xff\xfe{", "is not text (UTF-8)"),
        ("  \n", "is empty"),
        ("x" * 1001, "is 1,001 characters long; at most 1,000 are read"),
        (b"x" * 1001, "is 1,001 bytes long"),
        ("[" * 33 + "]" * 33, "nests brackets more than 32 levels deep"),
        ("[" * 32 + "]" * 32, None),
        ("[1, 2,\n 3 x]", "is not JSON (line 2, column 4: “ 3 x]”)"),
        ("[" + "1," * 300 + "x]", "column 602: “…1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1"),
        ('{"a": "\x00\x1b"} ,', '“{"a": "��"} ,”'),
        ("[" + "9" * 101 + "]", "a number 101 characters long"),
        ("[" + "9" * 100 + "]", None),
        ("[1e400]", "the number 1e400, too large"),
        ("[Infinity]", "Infinity, which is not a number JSON allows"),
    ],
)
def test_each_failure_is_said_as_what_it_is(data, said):
    if said is None:
        outside.read_json(data, SOURCE, FIX, limit=1000)
        return
    with pytest.raises(ValueError, match=None) as refused:
        outside.read_json(data, SOURCE, FIX, limit=1000)
    assert said in str(refused.value)
    assert_in_words(str(refused.value))


def test_the_quote_is_one_line_cut_around_the_fault():
    line = "a" * 200 + "!" + "b" * 200
    quoted = outside.excerpt("first\n" + line + "\nlast", 6 + 200)
    assert quoted.startswith("“…") and quoted.endswith("…”") and "!" in quoted
    assert len(quoted) == outside.QUOTED + 4
    assert outside.excerpt("short", 2) == "“short”"


@pytest.mark.parametrize(
    ("data", "said"),
    [
        (zlib.compress(b"[" * 2_000_000), "holds more than 1,000 bytes once unpacked"),
        (zlib.compress(b"x" * 1001), "holds more than 1,000 bytes"),
        (zlib.compress(b"[1]")[:-4], "is cut short"),
        (b"not deflated", "could not be unpacked"),
        (b"", "is cut short"),
    ],
)
def test_inflate_stops_at_its_bound(data, said):
    with pytest.raises(ValueError, match=said) as refused:
        outside.inflate(data, SOURCE, FIX, limit=1000)
    assert_in_words(str(refused.value))


def test_inflate_gives_back_what_fits():
    assert outside.inflate(zlib.compress(b"x" * 1000), SOURCE, FIX, limit=1000) == b"x" * 1000
