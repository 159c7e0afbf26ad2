"""The learner's progress store (ui/saved): its link text reads back as written, merging never
loses a stop, a guess or an answer, anything unexpected in a link is left out and named, a bad
link is named with what is wrong (in words, never Python's), a link too long for everything
carries what fits, and a progress file carries all of it. (The pages, the browser's copy over
two runs and random input: tests/pages/test_progress.py; reload, another device and the file in
a real browser: tests/browser/test_progress.py.)"""

import base64
import hashlib
import json
import zlib

import pytest

from ui import saved

PROGRESS = {
    "stops": ["learn-discount", "learn-binary"],
    "guesses": {"walkthrough-binary": "0.7", "walkthrough-russian": 0, "walkthrough-zero": None},
    "practice": {"4711.1": {"0": [[1], True], "3": [["0.5", "0.55"], True]}},
}


def test_progress_reads_back_as_written_and_stays_short():
    text = saved.encode(PROGRESS)
    assert set(text) <= set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
    assert len(text) < 200
    back = saved.decode(text)
    assert back["stops"] == ["learn-binary", "learn-discount"]
    assert back["guesses"] == PROGRESS["guesses"]
    assert back["practice"] == PROGRESS["practice"]


def test_merging_keeps_everything_and_the_more_finished_answer():
    other = {
        "stops": ["learn-graded"],
        "guesses": {"walkthrough-binary": "0.9", "walkthrough-gain": "0.95"},
        "practice": {"4711.1": {"0": [[2], False], "5": [["0.3"], False]}},
    }
    merged = saved.merge(PROGRESS, other)
    assert merged["stops"] == ["learn-binary", "learn-discount", "learn-graded"]
    assert merged["guesses"]["walkthrough-binary"] == "0.7"  # the first's own guess is kept
    assert merged["guesses"]["walkthrough-gain"] == "0.95"
    assert merged["practice"]["4711.1"] == {
        "0": [[1], True],
        "3": [["0.5", "0.55"], True],
        "5": [["0.3"], False],
    }


def _packed(value) -> str:
    return _deflated(json.dumps(value))


def _deflated(text: str, raw: bytes = b"") -> str:
    """`text` packed as a link packs progress (deflate, base64url), after `raw` bytes."""
    packed = zlib.compress(raw + text.encode())
    return base64.urlsafe_b64encode(packed).decode().rstrip("=")


def test_anything_unexpected_in_a_link_is_dropped():
    forged = {
        "v": saved.VERSION,
        "stops": ["ok", 3, "x" * 500],
        "guesses": {"a": True, "b": [1], "c": "0.5"},
        "practice": {"1.1": {"x": [[1], True], "2": "no", "4": [[1, {"a": 1}], 1]}, "2.1": 5},
    }
    back = saved.decode(_packed(forged))
    assert back == {
        "stops": ["ok"],
        "guesses": {"c": "0.5"},
        "practice": {"1.1": {"4": [[1], True]}},
    }


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("", "is empty"),
        ("not-a-real-progress", "could not be read"),
        (_packed({"v": 99}), "not made by this version"),
        (_packed({"v": True}), "not made by this version"),
        (_packed([1, 2]), "not made by this version"),
        ("A" * (2 * saved.MAX_PROGRESS + 1), "more than progress ever takes"),
        (_packed({"v": 1, "stops": "[" * 100_000}), None),  # a string: read, then left out
        (_deflated("[" * 100_000 + "]" * 100_000), "nests brackets more than 32 levels"),
        (_deflated("{" + '"a":{' * 5000 + "}" * 5001), "nests brackets more than 32 levels"),
        (_deflated('{"v":1,"stops":["' + "x" * 600_000 + '"]}'), "more than 500,000 bytes"),
        (_deflated('{"v":1,"guesses":{"a":' + "9" * 5000 + "}}"), "a number 5,000 characters"),
        (_deflated('{"v":1,"guesses":{"a":NaN}}'), "NaN, which is not a number JSON allows"),
        (_deflated('{"v":1,"guesses":{"a":1e999}}'), "1e999, too large"),
        (_deflated('{"v":1,'), "is not JSON (line 1, column 8"),
        (_deflated("{}")[:-3], "is cut short"),
        (base64.urlsafe_b64encode(b"\xff" * 40).decode(), "could not be read"),
        (_deflated('{"v":1}', raw=b"\xff\xfe"), "is not text (UTF-8)"),
    ],
)
def test_a_bad_link_says_what_is_wrong_in_words_never_pythons(text, said):
    if said is None:
        assert saved.read(text)[1] == ["its lesson stops, which are not a list"]
        return
    with pytest.raises(ValueError, match=None) as refused:
        saved.decode(text)
    message = str(refused.value)
    assert message.startswith(saved.LINK) and message.endswith(saved.LINK_FIX)
    assert said in message
    assert len(message) < 400
    for python in ("Traceback", "Error", "int()", "sys.set_int", "Expecting", "codec"):
        assert python not in message


def test_a_big_link_inflates_no_further_than_its_bound():
    # 3,850 characters that inflate to 2.9 MB were once read in full: now the
    # inflater stops at the bound, and says so.
    bomb = _deflated('{"v":1,"stops":["' + "x" * 2_900_000 + '"]}')
    assert len(bomb) < 4000
    with pytest.raises(ValueError, match="more than 500,000 bytes once unpacked"):
        saved.decode(bomb)


def test_a_utf8_byte_order_mark_is_read():
    assert saved.decode(_deflated('{"v":1,"stops":["a"]}', raw=b"\xef\xbb\xbf"))["stops"] == ["a"]


# --- entries checked against what they can be (an index its set lacks, one int() refuses) ---------


@pytest.mark.parametrize(
    ("practice", "said"),
    [
        (
            {"1.4": {"99": [["0.5"], True]}},
            "exercise 100 of practice set 1 (version 4, 11 exercises)",
        ),
        ({"1.1": {"7": [[1], True]}}, "exercise 8 of practice set 1 (version 1, 7 exercises)"),
        ({"1.4": {"²": [[1], True]}}, "exercise “²”"),
        ({"1.4": {"1" * 5000: [[1], True]}}, "exercise “11111111111…”"),
        ({"1.4": {"-1": [[1], True]}}, "exercise “-1”"),
        ({"1.9": {"0": [[1], True]}}, "practice set called “1.9”"),
        ({"1000000.4": {"0": [[1], True]}}, "practice set called “1000000.4”"),
        ({"x": {"0": [[1], True]}}, "practice set called “x”"),
        ({"1.4": [1]}, "the answers to practice set 1 (version 4, 11 exercises)"),
        ({"1.4": {"0": "no"}}, "exercise 1 of practice set 1 (version 4, 11 exercises), whose"),
    ],
)
def test_an_answer_its_set_cannot_hold_is_left_out_and_named(practice, said):
    good = {"2.4": {"0": [["0.5"], True]}}
    found, dropped = saved.read(_packed({"v": 1, "practice": {**practice, **good}}))
    assert found["practice"] == good
    assert len(dropped) == 1 and said in dropped[0], dropped
    assert len(dropped[0]) < 120  # a 5,000-digit index is not echoed


def test_every_entry_left_out_is_counted_in_one_sentence():
    forged = {"v": 1, "stops": [1, "ok"], "guesses": {"a": [1]}, "practice": {"1.4": {"99": []}}}
    found, dropped = saved.read(_packed(forged))
    assert found == {"stops": ["ok"], "guesses": {}, "practice": {}}
    said = saved._left_out(dropped)
    assert said.startswith("3 entries could not be used and were left out: a lesson stop")
    assert said.endswith("(and 2 more)")


# --- the link that cannot carry everything, and the file that can (once silently dropped) ---------


def _sets(n: int) -> dict:
    return {
        f"{seed}.4": {str(i): [[f"0.{seed % 97:02d}{i}", "0.5"], True] for i in range(11)}
        for seed in range(1000, 1000 + n)
    }


def test_a_link_carries_what_fits_and_says_how_many_sets_it_leaves_out():
    small = {**PROGRESS, "practice": _sets(3)}
    assert saved.link_text(small) == (saved.encode(small), 0)
    big = {**PROGRESS, "practice": _sets(120)}
    assert len(saved.encode(big)) > saved.LINK_CHARS
    text, left_out = saved.link_text(big)
    assert len(text) <= saved.LINK_CHARS and 0 < left_out < 120
    carried = saved.decode(text)
    assert carried["stops"] == sorted(PROGRESS["stops"])
    assert carried["guesses"] == PROGRESS["guesses"]
    assert len(carried["practice"]) == 120 - left_out
    # one more set would not have fitted
    sets = list(saved.decode(saved.encode(big))["practice"].items())
    more = {**carried, "practice": dict(sets[: 121 - left_out])}
    assert len(saved.encode(more)) > saved.LINK_CHARS


def test_without_room_even_for_the_stops_there_is_no_link_only_the_file():
    # Guesses that do not compress (digests): more than a link holds before any practice set.
    guesses = {f"q{i}": hashlib.sha256(str(i).encode()).hexdigest() for i in range(200)}
    crowded = {"stops": [], "guesses": guesses}
    text, left_out = saved.link_text({**crowded, "practice": _sets(2)})
    assert text is None and left_out == 2


def test_a_progress_file_reads_back_everything_and_old_links_still_open():
    import streamlit as st

    big = saved.merge(PROGRESS, {"practice": _sets(300)})
    st.session_state[saved.STATE] = big
    try:
        written = saved.progress_file()
    finally:
        del st.session_state[saved.STATE]
    assert json.loads(written)["format"] == saved.FILE_FORMAT
    found, dropped = saved.read_file(written.encode(), "ndcg-lab-progress.json")
    assert found == big and dropped == []
    found, _ = saved.read_file(b"\xef\xbb\xbf" + written.encode(), "notepad.json")
    assert found == big
    # A link made before links had a limit (4,000 characters at most) opens as it did.
    assert saved.decode(saved.encode(PROGRESS))["practice"] == PROGRESS["practice"]


@pytest.mark.parametrize(
    ("data", "said"),
    [
        (b"", "is empty"),
        (b"\x89PNG\r\n", "is not text (UTF-8)"),
        (b"[1]", "is not a progress file"),
        (b'{"format": "ndcg-lab-question-list"}', "is not a progress file"),
        (b'{"format": "ndcg-lab-progress", "v": 2}', "not made by this version"),
        (b"[" * 50_000, "nests brackets more than 32"),
        (b" " * (saved.MAX_PROGRESS + 1), "at most 500,000 are read"),
    ],
)
def test_a_bad_progress_file_is_named_with_what_is_wrong(data, said):
    with pytest.raises(ValueError, match=None) as refused:
        saved.read_file(data, "mine.json")
    message = str(refused.value)
    assert message.startswith("“mine.json”") and said in message
    assert message.endswith(saved.FILE_FIX)
