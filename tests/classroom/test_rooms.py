"""Room rules: codes, secrets, names and answers, opening hours, and the wait after wrong codes."""

import hashlib

import pytest
from hypothesis import given
from hypothesis import strategies as st

from classroom import rooms

# --- Codes ---------------------------------------------------------------------------------------


def test_codes_are_eight_characters_without_look_alikes():
    for _ in range(200):
        code = rooms.new_code()
        assert len(code) == 8 and set(code) <= set(rooms.ALPHABET)
    assert not set("O0I1L") & set(rooms.ALPHABET)
    assert len(rooms.ALPHABET) == 31 == len(set(rooms.ALPHABET))
    # 31⁸ = 852,891,037,441: about 10¹² codes.
    assert rooms.codes() == 852_891_037_441


def test_codes_are_drawn_at_random():
    assert len({rooms.new_code() for _ in range(1000)}) == 1000


@pytest.mark.parametrize("typed", ["abcd-efgh", "ABCD EFGH", " abcdefgh ", "ABCD–EFGH"])
def test_a_code_is_read_case_blind_without_spaces_or_dashes(typed):
    assert rooms.read_code(typed) == "ABCDEFGH"


def test_a_code_is_shown_in_two_halves():
    assert rooms.format_code("ABCDEFGH") == "ABCD-EFGH"


@pytest.mark.parametrize(
    ("typed", "said"),
    [
        ("", "Type the class code"),
        ("ABC", "It has 3 characters"),
        ("ABCD-EFG0", "never use O, 0, I, 1 or L"),
        ("ABCDEFG!", "is not a class code"),
        ("A" * 500, "It has 500 characters"),
    ],
)
def test_a_bad_code_is_refused_with_what_a_code_looks_like(typed, said):
    with pytest.raises(ValueError, match=said) as error:
        rooms.read_code(typed)
    assert len(str(error.value)) < 200  # a pasted page is quoted short


@given(st.text(max_size=40))
def test_reading_any_text_as_a_code_gives_a_code_or_a_value_error(text):
    try:
        code = rooms.read_code(text)
    except ValueError:
        return
    assert len(code) == 8 and set(code) <= set(rooms.ALPHABET)


# --- Secrets -------------------------------------------------------------------------------------


def test_keys_and_tokens_are_long_url_safe_and_different():
    keys = {rooms.new_key() for _ in range(100)}
    tokens = {rooms.new_token() for _ in range(100)}
    assert len(keys) == len(tokens) == 100
    assert all(len(k) == 32 and rooms.read_secret(k) == k for k in keys)
    assert all(len(t) == 22 and rooms.read_secret(t, "student") == t for t in tokens)


def test_only_a_digest_is_kept_and_compared():
    assert rooms.digest("abc") == hashlib.sha256(b"abc").hexdigest()
    assert rooms.digest("abc").startswith("ba7816bf")
    assert rooms.matches("abc", rooms.digest("abc"))
    assert not rooms.matches("abd", rooms.digest("abc"))


@pytest.mark.parametrize("bad", ["", "  ", "a" * 65, "key with spaces", "<script>", 7])
def test_a_secret_of_the_wrong_shape_is_refused(bad):
    with pytest.raises(ValueError, match="`key`"):
        rooms.read_secret(bad)


# --- Names and answers ---------------------------------------------------------------------------


def test_a_name_is_trimmed_and_may_be_left_out():
    assert rooms.read_name("  Ana   Lee ") == "Ana Lee"
    assert rooms.read_name("") is None
    assert rooms.read_name("   ") is None
    assert rooms.read_name(None) is None
    # Markup is kept as typed: it is escaped wherever a name is shown.
    assert rooms.read_name("<b>Zoë</b> 🙂") == "<b>Zoë</b> 🙂"
    assert rooms.read_name("x" * 30) == "x" * 30


def test_a_long_name_or_one_with_control_characters_is_refused():
    with pytest.raises(ValueError, match="has 31 characters; use at most 30"):
        rooms.read_name("x" * 31)
    with pytest.raises(ValueError, match="control character"):
        rooms.read_name("Ana\x00")
    with pytest.raises(ValueError, match="control character"):
        rooms.read_name("\x1b[31mAna")
    with pytest.raises(ValueError, match="typed text"):
        rooms.read_name(3)


def test_an_answer_is_trimmed_and_bounded():
    assert rooms.read_answer_text(" 0.8 ") == "0.8"
    with pytest.raises(ValueError, match="empty"):
        rooms.read_answer_text("  ")
    with pytest.raises(ValueError, match="41 characters"):
        rooms.read_answer_text("9" * 41)


# --- Opening hours ---------------------------------------------------------------------------------


def test_a_room_closes_after_its_hours():
    assert rooms.expires(1000.0) == 1000.0 + 12 * 3600
    assert rooms.expires(0.0, 1) == 3600.0
    assert rooms.status(None, 100.0, 99.9) == "open"
    assert rooms.status(None, 100.0, 100.0) == "expired"
    assert rooms.status(50.0, 100.0, 60.0) == "closed"


@pytest.mark.parametrize("bad", [0, 49, 2.5, True, "12"])
def test_opening_hours_out_of_range_are_refused(bad):
    with pytest.raises(ValueError, match="`hours` must be a whole number from 1 to 48"):
        rooms.check_hours(bad)


# --- Wrong codes -----------------------------------------------------------------------------------


def test_nine_wrong_codes_cost_nothing():
    assert rooms.code_wait(9, started=0.0, last=3.0, now=4.0) == 0


def test_ten_wrong_codes_within_five_minutes_mean_a_minute_from_the_last():
    assert rooms.code_wait(10, started=0.0, last=4.0, now=10.0) == 54.0  # 4 + 60 − 10
    assert rooms.code_wait(10, started=0.0, last=4.0, now=64.0) == 0.0
    # A window that is over is forgotten.
    assert rooms.code_wait(10, started=-400.0, last=4.0, now=10.0) == 0.0


def test_an_address_has_room_for_a_whole_school_of_typos():
    assert rooms.code_wait(299, 0.0, 4.0, 10.0, allowed=rooms.ADDRESS_FAILURES) == 0
    assert rooms.code_wait(300, 0.0, 4.0, 10.0, allowed=rooms.ADDRESS_FAILURES) == 54.0
    assert rooms.ADDRESS_FAILURES >= 20 * rooms.MAX_FAILURES


def test_the_wait_message_says_how_long_and_what_a_code_looks_like():
    said = rooms.wait_message(53.2)
    assert "wait 54 s" in said and "ABCD-EFGH" in said


def test_the_time_left_in_words():
    assert rooms.time_left(43_200.0, 0.0) == "12 h 0 min"
    assert rooms.time_left(43_200.0, 120.5) == "11 h 57 min"
    assert rooms.time_left(100.0, 0.0) == "1 min"
    assert rooms.time_left(100.0, 90.0) == "less than a minute"
    assert rooms.time_left(100.0, 200.0) == "less than a minute"
