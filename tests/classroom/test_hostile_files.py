"""The classroom's readers of outside text, under hostile JSON: a question
list's file (`peer.read_list`, the teacher's import) and a stored question's spec
(`questions.from_text`) are read or refused with one ValueError in words that quote at most a
short piece of the input, never a RecursionError or Python's own text; a list saved with a
byte-order mark (Windows Notepad) is read. (The reader itself: tests/core/test_outside.py.)"""

from __future__ import annotations

import json

import pytest
from hypothesis import example, given

from classroom import peer
from classroom import questions as q
from tests.strategies import HUGE, hostile_json, json_text

SWAP = q.swap_question([3, 2, 1, 0])
PYTHON_WORDS = ("Traceback", "Error", "Expecting", "codec", "int()", "sys.set_int", "unhashable")
MAX_MESSAGE = 400  # characters: a few quotes of at most 80 each, and the words around them


def _list(questions) -> dict:
    return {"format": peer.FORMAT, "version": 1, "name": "Week 3", "questions": questions}


def _in_words(error: ValueError) -> str:
    message = str(error)
    assert len(message) <= MAX_MESSAGE, message
    for word in PYTHON_WORDS:
        assert word not in message, message
    return message


LIST_AROUND = (
    _list,
    lambda value: _list([value]),
    lambda value: _list([{"question": value}]),
    lambda value: _list([{"question": {"kind": "estimate", "rels": value}}]),
    lambda value: _list([{"question": {"kind": "estimate", "rels": [1, 0], "k": value}}]),
    lambda value: _list(
        [{"question": {"kind": "practice", "seed": value, "index": 0, "version": 4}}]
    ),
    lambda value: _list([{"question": {"kind": value}}]),
    lambda value: _list([{"question": SWAP.spec, "seconds": value}]),
    lambda value: {**_list([SWAP.spec]), "name": value},
    lambda value: {**_list([SWAP.spec]), "version": value},
)


@given(hostile_json(*LIST_AROUND))
@example("[" * 5000 + "]" * 5000)  # deep nesting: such a file once crashed the teacher's screen
@example(json_text(_list([])).replace("[]", "[" * 3000 + "]" * 3000))
@example(json_text(_list([{"question": {"kind": "estimate"}}])).replace("{}", '{"a":' * 3000))
@example(json_text(_list([{"question": {"kind": "x" * 100_000}}])))  # once echoed in full, 100 KB
@example(json_text(_list([{"question": {"kind": "practice", "seed": "0" * 4000}}])))
@example(json_text(_list([{"question": {"kind": "practice", "seed": HUGE, "index": 0}}])))
@example(json_text(_list([{"question": {"kind": ["compare"]}}])))
# A null cut-off once reached a comparison with a number (TypeError), found by the `dev` profile.
@example(json_text(_list([{"question": {"kind": "estimate", "rels": [3, 2, 1], "k": None}}])))
def test_any_file_is_imported_or_refused_in_words(text):
    for raw in (text, text.encode("utf-8", "surrogatepass")):
        try:
            name, items = peer.read_list(raw)
        except ValueError as error:
            _in_words(error)
        else:
            assert name and 1 <= len(items) <= peer.MAX_ITEMS


def test_a_null_cut_off_is_named_with_the_two_forms_a_cut_off_takes():
    raw = json_text(_list([{"question": {"kind": "estimate", "rels": [3, 2, 1], "k": None}}]))
    with pytest.raises(ValueError) as refused:
        peer.read_list(raw)
    assert "`k` must be from 1 to the list's length 3, or 'n' for every position; got 'none'" in (
        _in_words(refused.value)
    )


def test_a_list_saved_with_a_byte_order_mark_is_imported():
    written = peer.write_list("Week 3", [peer.Item(SWAP)])
    assert peer.read_list(b"\xef\xbb\xbf" + written.encode()) == peer.read_list(written.encode())


@pytest.mark.parametrize(
    ("raw", "said"),
    [
        ("[" * 5000 + "]" * 5000, "This file nests brackets more than 32 levels deep."),
        ('{"format": ', 'This file is not JSON (line 1, column 12: “{"format": ”).'),
        (b"\xff\xfe", "This file is not text (UTF-8)."),
    ],
)
def test_a_file_that_is_not_a_list_is_said_with_what_to_do(raw, said):
    with pytest.raises(ValueError, match=None) as refused:
        peer.read_list(raw)
    message = _in_words(refused.value)
    assert message.startswith(said) and message.endswith(peer.FILE_FIX)


SPEC_AROUND = (
    lambda value: {"kind": value},
    lambda value: {"kind": "practice", "seed": value, "index": 0, "version": 4},
    lambda value: {"kind": "practice", "seed": 1, "index": value, "version": 4},
    lambda value: {"kind": "practice", "seed": 1, "index": 0, "version": value},
    lambda value: {"kind": "compare", "a": value, "b": [1, 0]},
    lambda value: {"kind": "estimate", "rels": [2, 1, 0], "k": value},
    lambda value: {"kind": "costliest_swap", "rels": value},
)


@given(hostile_json(*SPEC_AROUND))
@example('{"kind": "estimate", "rels": [1, 0], "k": ' + '{"a":' * 3000 + "1" + "}" * 3000 + "}")
@example('{"kind": "practice", "seed": "' + "0" * 4000 + '", "index": 0, "version": 4}')
@example('{"kind": "practice", "seed": ' + "1" * 4000 + ', "index": 0, "version": 4}')
@example('{"kind": "' + "x" * 100_000 + '"}')
def test_any_stored_spec_is_rebuilt_or_refused_in_words(text):
    try:
        question = q.from_text(text)
    except ValueError as error:
        _in_words(error)
    else:
        assert q.from_spec(json.loads(question.text)) == question
