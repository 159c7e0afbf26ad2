"""The learner's progress store (ui/saved): its link text reads back as written, merging never
loses a stop, a guess or an answer, anything unexpected in a link is dropped, and a bad link is
named with what is wrong. (Reload and another device in a real browser:
tests/browser/test_progress.py.)"""

import base64
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
    raw = zlib.compress(json.dumps(value).encode())
    return base64.urlsafe_b64encode(raw).decode().rstrip("=")


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
        ("", "empty"),
        ("not-a-real-progress", "could not be read"),
        (_packed({"v": 99}), "not made by this version"),
        (_packed([1, 2]), "not made by this version"),
        ("A" * (saved.MAX_PARAM + 1), "more than progress ever takes"),
    ],
)
def test_a_bad_link_says_what_is_wrong(text, said):
    with pytest.raises(ValueError, match=said):
        saved.decode(text)
