"""Peer instruction's rules, no database: how a class moved between rounds, confidence, the
timer's words, and question lists read from a file with messages a teacher can act on."""

from __future__ import annotations

import json

import pytest

from classroom import peer
from classroom import questions as q

SWAP = q.swap_question([3, 2, 1, 0])  # right: option 0
ESTIMATE = q.estimate_question([1, 0, 1, 1, 0], 3)  # 0.7039, right within ±0.05


def test_shift_counts_moves_student_by_student():
    first = {1: "0", 2: "1", 3: "2", 4: "1", 5: "0"}
    second = {1: "0", 2: "0", 3: "1", 5: "2", 6: "0"}
    moved = peer.shift(SWAP, first, second)
    assert (moved.first, moved.right1, moved.second, moved.right2) == (5, 2, 5, 3)
    assert moved.both == 4
    assert (moved.to_right, moved.away, moved.stayed_right, moved.stayed_wrong) == (1, 1, 1, 1)


def test_shift_on_numbers_and_with_no_answers():
    moved = peer.shift(ESTIMATE, {1: "0.5", 2: "0.70"}, {1: ".7", 2: "0.4"})
    assert (moved.to_right, moved.away) == (1, 1)
    empty = peer.shift(SWAP, {}, {})
    assert (empty.first, empty.right1, empty.second, empty.both) == (0, 0, 0, 0)
    assert peer.share_words(0, 0) == "no answers"
    assert peer.share_words(7, 10) == "7 of 10 right (70%)"


def test_moves_in_words():
    assert peer.move_words(False, True) == "to the right answer"
    assert peer.move_words(True, False) == "away from the right answer"


def test_prompts_are_trimmed_defaulted_and_bounded():
    assert peer.read_prompt(None) == peer.DEFAULT_PROMPT
    assert peer.read_prompt("   ") == peer.DEFAULT_PROMPT
    assert peer.read_prompt(" Talk \n to   Ana ") == "Talk to Ana"
    with pytest.raises(ValueError, match="201 characters; the most is 200"):
        peer.read_prompt("x" * 201)
    with pytest.raises(ValueError, match="must be text"):
        peer.read_prompt(3)


def test_confidence_reads_its_index_or_words():
    assert peer.read_confidence(None) is None and peer.read_confidence("") is None
    assert peer.read_confidence("Sure") == 2 and peer.read_confidence(0) == 0
    for bad in (3, -1, True, "very", 1.0):
        with pytest.raises(ValueError, match="How sure you are must be one of Guessing"):
            peer.read_confidence(bad)


def test_by_confidence_leaves_out_answers_without_one():
    rows = peer.by_confidence(SWAP, [("0", 2), ("1", 2), ("0", None), ("2", 0)])
    assert [(r.level, r.right, r.wrong) for r in rows] == [
        ("Guessing", 0, 1),
        ("Fairly sure", 0, 0),
        ("Sure", 1, 1),
    ]


def test_the_timer_in_words():
    assert peer.timer_words(None, 100.0) == ""
    assert peer.timer_words(142.0, 100.0) == "⏱ 0:42 left"
    assert peer.timer_words(160.2, 100.0) == "⏱ 1:01 left"  # rounded up: never 0:00 while open
    assert peer.timer_words(100.0, 100.0).startswith("⏱ Time is up")
    assert peer.seconds_left(90.0, 100.0) == 0.0


def test_seconds_are_whole_and_bounded():
    assert peer.read_seconds(None) is None and peer.read_seconds(0) is None
    assert peer.read_seconds(60) == 60 and peer.read_seconds(90.0) == 90
    for bad in (-1, 0.5, 1801, float("nan"), float("inf"), "60", True):
        with pytest.raises(ValueError, match="whole number of seconds from 1 to 1800"):
            peer.read_seconds(bad)


ITEMS = (
    peer.Item(SWAP, confidence=True, seconds=60),
    peer.Item(ESTIMATE),
    peer.Item(q.practice_question(11, 2)),
    peer.Item(q.compare_question([3, 2, 0, 1], [2, 3, 0, 1], 3)),
)


def test_a_list_written_to_a_file_reads_back_the_same():
    written = peer.write_list("Week 3: gains", ITEMS)
    document = json.loads(written)
    assert document["format"] == peer.FORMAT and document["version"] == peer.VERSION
    name, items = peer.read_list(written.encode())
    assert name == "Week 3: gains"
    assert items == ITEMS
    assert "asks how sure, 60 s a round" in items[0].describe()


def _file(**changes) -> bytes:
    document = json.loads(peer.write_list("Week 3", ITEMS))
    document.update(changes)
    return json.dumps(document).encode()


@pytest.mark.parametrize(
    ("raw", "message"),
    [
        (b"\xff\xfe", "not text"),
        (b"{", "not JSON (line 1, column 2"),
        (b"[]", '"format" must be "ndcg-lab-question-list"'),
        (_file(format="other"), '"format" must be'),
        (_file(version=2), "has version 2; this app reads version 1"),
        (_file(version=None), "has version None"),
        (_file(name=""), "needs a name"),
        (_file(name="x" * 61), "at most 60 characters"),
        (_file(questions=[]), "at least one question"),
        (_file(questions={"a": 1}), "must be an array"),
        (_file(questions=[{}] * 101), "at most 100 questions; this one has 101"),
        (_file(questions=[{"question": {"kind": "essay"}}]), "Question 1: A question's `kind`"),
        (
            _file(questions=[{"question": {"kind": "estimate"}}]),
            "Question 1: A estimate question needs `rels`",
        ),
        (_file(questions=[ITEMS[1].to_json(), 5]), "Question 2 must be an object"),
        (
            _file(questions=[{"question": SWAP.spec, "seconds": -3}]),
            "Question 1: A round's time must be",
        ),
        (_file(questions=[{"question": SWAP.spec, "confidence": "yes"}]), "`confidence` must be"),
        (_file(questions=[{"question": SWAP.spec, "timer": 3}]), "does not know: ['timer']"),
        (
            _file(questions=[{"question": {"kind": "estimate", "rels": [1, 0], "k": 9}}]),
            "Question 1",
        ),
        (b"x" * (peer.FILE_LIMIT + 1), "a question list has at most 200,000"),
    ],
)
def test_a_bad_file_gets_a_message_that_says_what_is_wrong(raw, message):
    with pytest.raises(ValueError, match=None) as refused:
        peer.read_list(raw)
    assert message in str(refused.value)


def test_list_names_are_read_like_the_teacher_typed_them():
    assert peer.read_list_name("  Week   3 ") == "Week 3"
    for bad in ("", "  ", None, "a\x00b", "x" * 61):
        with pytest.raises(ValueError, match="name"):
            peer.read_list_name(bad)
