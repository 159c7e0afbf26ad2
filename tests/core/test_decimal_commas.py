"""Decimal commas in typed lists (issue 35 item 3): "0,5; 0,9; 0,3" is three decimals in every
language (it was once read silently as six numbers, 0, 5, 0, 9, 0, 3), a list whose commas could be read two ways says how it was read,
and a list written by the app in any language reads back as the same values."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from i18n import LANGUAGES, speaking
from ndcg_core.parsing import format_relevances
from tests.strategies import FINITE, LABEL
from ui.typed import ParseError, parse_relevances, parse_scores

# (typed, values read, how the note starts: None for no note). Worked by hand.
READINGS = [
    # Semicolons separate: a comma between two digits is a decimal comma; nothing to say.
    ("0,5; 0,9; 0,3", (0.5, 0.9, 0.3), None),
    ("0,5;0,9;0,3", (0.5, 0.9, 0.3), None),
    ("0,5; 1; 2,25", (0.5, 1.0, 2.25), None),
    ("0,5\n0,9;", (0.5, 0.9), None),
    ("0,5, 0,9; 0,3", (0.5, 0.9, 0.3), None),  # ", " still separates
    ("0.5; 0.9", (0.5, 0.9), None),
    ("3; 2; 0", (3.0, 2.0, 0.0), None),
    ("1,5e-07; 2", (1.5e-07, 2.0), None),
    # No semicolon, no comma between two digits: commas separate, as always.
    ("3, 2, 3, 0, 1, 2", (3.0, 2.0, 3.0, 0.0, 1.0, 2.0), None),
    ("0.5,0.9", (0.5, 0.9), None),
    ("0.5, 0.9 1", (0.5, 0.9, 1.0), None),
    ("1e+20,3,5", (1e20, 3.0, 5.0), None),
    # Commas joining digits with nothing else separating: separators (the links' form). Said
    # when the digits pair up into plausible decimals...
    ("0,5,0,9", (0.0, 5.0, 0.0, 9.0), "0,5,0,9 was read as 4 whole numbers"),
    ("0,5,0,9,0,3", (0.0, 5.0, 0.0, 9.0, 0.0, 3.0), "0,5,0,9,0,3 was read as 6 whole numbers"),
    ("1,5,2,5", (1.0, 5.0, 2.0, 5.0), "1,5,2,5 was read as 4 whole numbers"),
    ("0,5", (0.0, 5.0), "0,5 was read as 2 whole numbers"),
    ("0,05,0,10", (0.0, 5.0, 0.0, 10.0), "0,05,0,10 was read as 4 whole numbers"),
    # ... and not when they cannot: "3,0" is nobody's 3, and an odd count cannot pair.
    ("3,2,3,0,1,2", (3.0, 2.0, 3.0, 0.0, 1.0, 2.0), None),
    ("3,2,1,0", (3.0, 2.0, 1.0, 0.0), None),
    ("3,2,3", (3.0, 2.0, 3.0), None),
    ("3,2,3, 0, 1", (3.0, 2.0, 3.0, 0.0, 1.0), None),
    # Another separator too, each such comma alone between two numbers: decimal commas, said.
    ("1,5, 2", (1.5, 2.0), "A comma between two digits, as in 1,5, was read as a decimal comma"),
    ("0,5 0,9 0,3", (0.5, 0.9, 0.3), "A comma between two digits, as in 0,5, was read"),
    ("0,5\n0,9", (0.5, 0.9), "A comma between two digits, as in 0,5, was read"),
    # A run of three cannot be one decimal: the commas separate, and the pair after it is said.
    ("1,2,3 4,5", (1.0, 2.0, 3.0, 4.0, 5.0), "4,5 was read as 2 whole numbers"),
]


@pytest.mark.parametrize(("text", "values", "note"), READINGS)
def test_commas_are_read_as_worked_out_by_hand(text, values, note):
    parsed = parse_relevances(text)
    assert parsed.values == values
    if note is None:
        assert parsed.note is None
    else:
        assert parsed.note.startswith(note)


def test_labelled_decimals():
    parsed = parse_relevances("A=0,5; B=0,9")
    assert (parsed.values, parsed.labels, parsed.note) == ((0.5, 0.9), ("A", "B"), None)
    parsed = parse_relevances("doc one: 0,5; doc two: 1")
    assert (parsed.values, parsed.labels) == ((0.5, 1.0), ("doc one", "doc two"))
    spaced = parse_relevances("A=0,5, B=0,9")
    assert (spaced.values, spaced.labels) == ((0.5, 0.9), ("A", "B")) and spaced.note


def test_the_notes_say_how_to_type_the_other_reading():
    assert parse_relevances("0,5,0,9").note == (
        "0,5,0,9 was read as 4 whole numbers, 0, 5, 0, 9: a comma between two digits separates "
        "items when nothing else does. If you meant decimals, separate the items with "
        "semicolons (0,5; 0,9) or type the decimals with a point (0.5, 0.9)."
    )
    assert parse_relevances("0,5").note.endswith(
        "If you meant the decimal 0.5, type it with a point."
    )
    assert parse_relevances("1,5, 2").note == (
        "A comma between two digits, as in 1,5, was read as a decimal comma, so the list has 2 "
        "values. If such a comma separates two items, put a space after it (1, 5)."
    )
    # Each suggestion reads the other way, without a note.
    assert parse_relevances("0,5; 0,9").values == (0.5, 0.9)
    assert parse_relevances("0.5, 0.9").values == (0.5, 0.9)
    assert parse_relevances("1, 5, 2").values == (1.0, 5.0, 2.0)


def test_two_decimal_commas_in_one_item_are_named():
    with pytest.raises(ParseError) as raised:
        parse_relevances("1,2,3; 4")
    assert "value 1, '1,2,3', has more than one decimal comma" in str(raised.value)
    assert [p.token for p in raised.value.problems] == ["1,2,3"]  # quoted as typed


def test_a_bad_value_is_quoted_with_its_commas():
    with pytest.raises(ParseError) as raised:
        parse_relevances("0,5; A=1,2,3")
    assert "value 2, 'A=1,2,3', has more than one decimal comma" in str(raised.value)
    with pytest.raises(ParseError) as raised:
        parse_relevances("0,5; x,5")  # x is not part of a number: the comma separates
    assert "value 2, 'x', is not a number" in str(raised.value)


def test_scores_take_decimal_commas_and_negatives():
    assert parse_scores("-0,5; 1,25; 3") == (-0.5, 1.25, 3.0)


def test_the_reading_is_the_same_in_every_language():
    for text, values, note in READINGS:
        for lang in LANGUAGES:
            with speaking(lang):
                parsed = parse_relevances(text)
            assert parsed.values == values
            assert (parsed.note is None) == (note is None)


def test_russian_writes_decimals_with_commas_and_semicolons():
    with speaking("ru"):
        assert format_relevances([0.5, 0.9, 3.0]) == "0,5; 0,9; 3"
        assert format_relevances([0.5, 1.0], ["A", "B"]) == "A=0,5; B=1"
        assert format_relevances([3.0, 2.0, 0.0]) == "3, 2, 0"  # whole numbers: as in English
        assert format_relevances([0.5]) == "0,5;"  # "0,5" alone would be two grades
    with speaking("zh"):
        assert format_relevances([0.5, 0.9]) == "0.5, 0.9"
    assert format_relevances([0.5, 0.9]) == "0.5, 0.9"


def test_a_russian_note_is_in_russian():
    with speaking("ru"):
        note = parse_relevances("0,5,0,9").note
    assert "0,5,0,9" in note and "прочитан" in note


@given(
    st.lists(st.tuples(LABEL, FINITE), min_size=1, max_size=20, unique_by=lambda p: p[0]),
    st.booleans(),
    st.sampled_from(sorted(LANGUAGES)),
    st.sampled_from(sorted(LANGUAGES)),
)
def test_a_list_written_in_any_language_reads_back_the_same_in_any(items, labelled, wrote, reads):
    """The property: any list the app writes, in either form (decimal points and commas, or
    decimal commas and semicolons), reads back as the same values and labels, silently."""
    values = [value for _, value in items]
    labels = [label for label, _ in items] if labelled else None
    with speaking(wrote):
        text = format_relevances(values, labels)
    with speaking(reads):
        parsed = parse_relevances(text)
    assert parsed.values == tuple(values)
    assert parsed.note is None
    if labelled:
        assert parsed.labels == tuple(labels)
