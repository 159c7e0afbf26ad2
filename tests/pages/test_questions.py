"""Every question on Home's suggested path, in AppTest: nothing on the page above it answers it
(neither the right option's own words nor the numbers its reveal shows, even with every earlier
question on the page answered), its right answer is the one an independent computation gives,
it offers at least three options, and each stop declares the questions its page asks (Home's
times count them). The reveal comes in one order: the claim, then the picture, then the sum."""

from __future__ import annotations

import re
from dataclasses import dataclass
from math import log2

import numpy as np
import pytest
from sklearn.metrics import ndcg_score

from lessons import path
from lessons.examples import question_key
from lessons.practice import correct_choice
from lessons.practice.lesson_questions import (
    build_costliest_drop,
    pitfall_question,
    walkthrough_question,
)
from ndcg_core.display import fixed
from ndcg_core.model import RankedList
from tests.pages.conftest import component_data, open_page
from tests.pages.test_lessons import reveal_boards
from ui import menu
from ui.style import SCRIPT_KEY as SCRIPT


@dataclass(frozen=True)
class Asked:
    """A question of the path: its page (a menu key), the key of its predict box, and the
    exercise the page asks (built as the page builds it)."""

    page: str
    key: str
    exercise: object


def _questions() -> list[Asked]:
    walkthroughs = {
        "learn-binary": "binary",
        "learn-graded": "graded",
        "learn-continuous": "continuous",
        "learn-russian": "russian",
        "learn-gain": "gain",
        "learn-all-zero": "zero",
    }
    asked = [
        Asked(page, question_key(family), walkthrough_question(family))
        for page, family in walkthroughs.items()
    ]
    asked += [
        Asked(
            "learn-discount",
            "learn_discount_move",
            build_costliest_drop(RankedList((3, 2, 3, 0, 1, 2)), [(1, 2), (3, 4)]),
        ),
        Asked("learn-pitfalls", "learn_pitfalls_closed", pitfall_question("closed")),
        Asked("learn-pitfalls", "learn_pitfalls_padding", pitfall_question("padding")),
    ]
    return asked


QUESTIONS = _questions()
# The path's questions asked on the learner's own list (labels, metrics, libraries) are built
# from the page's list: their texts are read from the page, their answers checked in their own
# test files (test_lessons.py, test_metrics.py, test_libraries.py).
ON_YOUR_LIST = {
    "learn-labels": "learn_labels_clicks_log",
    "metrics": "metrics_next_move",
    "libraries": "libraries_pair",
}


def _open(page: str):
    """The page as the path's link opens it."""
    return open_page(menu.BY_KEY[page].script, **dict(path.stop(page).params))


def _text(node) -> str:
    """What an element says, as a reader sees it (tables and metrics included)."""
    kind = getattr(node, "type", "")
    if kind in ("table", "dataframe"):
        return node.value.to_string()
    if kind == "metric":
        return f"{node.label} {node.value}"
    if kind in ("radio", "button", "text_input", "text_area", "checkbox", "selectbox"):
        return str(getattr(node, "label", ""))
    value = getattr(node, "value", None)
    return value if isinstance(value, str) else ""


def _box_id(node) -> str:
    proto = getattr(node, "proto", None)
    return getattr(proto, "id", "") if proto is not None else ""


def text_before(at, key: str) -> str:
    """Every text of the page's body above the predict box `key`, in reading order."""
    said: list[str] = []

    def walk(node) -> bool:
        if _box_id(node).endswith(f"-predict_{key}"):
            return True
        if _box_id(node).endswith(f"-{SCRIPT}"):  # the page's style sheet and script
            return False
        said.append(_text(node))
        return any(walk(child) for child in getattr(node, "children", {}).values())

    assert walk(at.main), f"no predict box {key} on the page"
    return "\n".join(said)


# Words every question on a list uses, which say nothing about which option is right.
COMMON = {"with", "from", "than", "that", "this", "each", "every", "item", "items", "query"}
COMMON |= {"list", "lists", "score", "scores", "ndcg"}


def _words(text: str) -> set[str]:
    """The words of `text` that can carry an answer: words of four letters or more (function
    words such as "or" and the COMMON ones left out), and decimals and ratios such as 0.9 and
    0/0 (a bare whole number, a grade or a position, is in every list shown)."""
    found = re.findall(r"[\w^−/@→.]+", text.casefold())
    return {
        w.rstrip(".")
        for w in found
        if (len(w) >= 4 and w.isalpha() and w not in COMMON) or re.fullmatch(r"\d+[./]\d+\.?", w)
    }


NUMBER = re.compile(r"\d+\.\d{4}")


def giveaways(at, key: str, exercise) -> tuple[set[str], set[str]]:
    """The right option's distinguishing words (in no other option, not in the prompt) and the
    numbers the reveal shows (each case's score, the right option's numbers; those the prompt
    itself states left out) that the page says above the question."""
    right = exercise.choices[correct_choice(exercise)].text
    others = set().union(*(_words(c.text) for c in exercise.choices if c.text != right))
    own = _words(right) - others - _words(exercise.prompt)
    numbers = {fixed(case.score()) for case in exercise.cases} | set(NUMBER.findall(right))
    numbers -= set(NUMBER.findall(exercise.prompt))
    before = text_before(at, key)
    return own & _words(before), {n for n in numbers if n in before}


def _reveal_all_before(at, key: str):
    """Answer ("Just show me") every question of the page above `key`, as a learner who reads
    in order would have."""
    for _ in range(10):
        keys = [b.key for b in at.button if b.key and b.key.endswith("_skip")]
        first = keys[0] if keys else None
        if first is None or first == f"predict_{key}_skip":
            return at
        at.button(key=first).click().run()
        assert not at.exception, [e.value for e in at.exception]
    return at


@pytest.mark.parametrize("asked", QUESTIONS, ids=lambda a: a.key)
def test_nothing_above_a_question_gives_its_answer_away(asked):
    at = _reveal_all_before(_open(asked.page), asked.key)
    words, numbers = giveaways(at, asked.key, asked.exercise)
    assert not words, f"the page says {words} above the question"
    assert not numbers, f"the page shows {numbers} above the question"


@pytest.mark.parametrize(("stop", "key"), ON_YOUR_LIST.items())
def test_nothing_above_a_question_on_your_list_gives_its_answer_away(stop, key):
    at = _open(stop)
    before = text_before(at, key)
    box = next(b for b in at.main.get("radio") if b.key == f"predict_{key}_choice")
    assert len(box.options) >= 3
    # The prompt is the box's first text: the right option is the core's, read off the page's
    # own question (judged by the practice checker), so here only "not above it" is checked.
    for option in box.options:
        assert option not in before, option


def test_every_path_question_offers_at_least_three_options():
    for asked in QUESTIONS:
        assert len(asked.exercise.choices) >= 3, asked.key
        # neutral: the title names the situation, no option's text is in it
        for choice in asked.exercise.choices:
            assert choice.text.casefold() not in asked.exercise.title.casefold()


def _ndcg(relevances, k=None) -> float:
    """scikit-learn's NDCG of relevances in ranked order (scores falling down the list)."""
    n = len(relevances)
    return float(ndcg_score([relevances], [list(range(n, 0, -1))], k=k))


def _right(asked: Asked) -> str:
    return asked.exercise.choices[correct_choice(asked.exercise)].text


def test_each_right_answer_is_what_an_independent_computation_gives():
    by_key = {asked.key: asked for asked in QUESTIONS}
    # Binary: the relevant item at position 4 of 1, 0, 1, 1, 0 lowers NDCG@3.
    assert _ndcg([1, 0, 1, 1, 0], 3) < _ndcg([1, 0, 1, 0, 0], 3)
    assert "lower" in _right(by_key["walkthrough-binary"])
    # Graded: fixing 2-above-3 (positions 2, 3) beats fixing 0-above-1 (positions 4, 5).
    assert _ndcg([3, 3, 2, 0, 1]) > _ndcg([3, 2, 3, 1, 0])
    assert "positions 2, 3" in _right(by_key["walkthrough-graded"])
    # Continuous: A–E = 0.5, 0.9, 0.3, 0.6, 0.1 in order A..E beats D, A, E, C, B.
    assert _ndcg([0.5, 0.9, 0.3, 0.6, 0.1]) > _ndcg([0.6, 0.5, 0.1, 0.3, 0.9])
    assert _right(by_key["walkthrough-continuous"]) == "[A, B, C, D, E] scores higher"
    # Russian: 7, 8, 9, 10 reversed from its ideal still scores 0.9 or more.
    assert _ndcg([7, 8, 9, 10]) >= 0.9
    assert _right(by_key["walkthrough-russian"]) == "0.9 or more"

    # Gain: 3, 2, 3, 0, 1 under 2^rel − 1 scores lower than under rel.
    def exp_ndcg(rels):
        d = 1 / np.log2(np.arange(2, len(rels) + 2))
        g = 2.0 ** np.array(rels) - 1
        return float(g @ d / (np.sort(g)[::-1] @ d))

    assert exp_ndcg([3, 2, 3, 0, 1]) < _ndcg([3, 2, 3, 0, 1])
    assert _right(by_key["walkthrough-gain"]) == "It goes down"
    # All zero: X's 1 and Y's 0 are the 0/0 rule.
    assert "0/0 → 1" in _right(by_key["walkthrough-zero"])
    # Discount: card 1 (3 over 2) down costs (3 − 2)(1 − 1/log2 3); card 3 (3 over 0) costs
    # 3 (1/2 − 1/log2 5): the first is more.
    assert (1 - 1 / log2(3)) > 3 * (1 / 2 - 1 / log2(5))
    assert _right(by_key["learn_discount_move"]).startswith("The card at position 1")
    # Pitfalls: the closed ideal scores 1, 0, 0 as 1; with two missed 1s, 1 / (1 + 1/log2 3 + 1/2).
    closed = _right(by_key["learn_pitfalls_closed"])
    assert closed.startswith(fixed(_ndcg([1, 0, 0])))
    assert fixed(1 / (1 + 1 / log2(3) + 1 / 2)) in closed
    # Padding: 2, 1 then eight zeros scores what 2, 1 does.
    assert _right(by_key["learn_pitfalls_padding"]) == fixed(_ndcg([2, 1] + [0] * 8))


def _core_questions(at) -> int:
    """How many questions the page's core asks: its "Just show me" buttons (each predict box
    has one) outside any fold."""

    def count(node, folded: bool) -> int:
        here = folded or getattr(node, "type", "") == "expander"
        key = getattr(node, "key", None) or ""
        found = int(
            getattr(node, "type", "") == "button"
            and key.startswith("predict_")
            and key.endswith("_skip")
            and not here
        )
        return found + sum(count(child, here) for child in getattr(node, "children", {}).values())

    return count(at.main, False)


@pytest.mark.parametrize("stop", [key for key in path.pages() if key != path.PRACTICE])
def test_each_stop_declares_the_questions_its_page_asks(stop):
    at = _open(stop)
    assert _core_questions(at) == len(path.stop(stop).questions), stop


def _flat(node) -> list:
    """The page's elements in reading order, blocks included."""
    out = [node]
    for child in getattr(node, "children", {}).values():
        out += _flat(child)
    return out


REVEALED = {  # a page, its question's key, whether its reveal has a one-line sum
    "learn-binary": ("walkthrough-binary", True),
    "learn-graded": ("walkthrough-graded", True),
    "learn-continuous": ("walkthrough-continuous", False),  # two boards and their totals
    "learn-russian": ("walkthrough-russian", True),
    "learn-gain": ("walkthrough-gain", True),
    "learn-all-zero": ("walkthrough-zero", True),
    "learn-pitfalls": ("learn_pitfalls_closed", True),
    "learn-discount": ("learn_discount_move", True),
    "learn-labels": ("learn_labels_clicks_log", True),
}


@pytest.mark.parametrize("stop", list(REVEALED))
def test_the_reveal_shows_the_claim_then_the_picture_then_the_sum(stop):
    key, has_sum = REVEALED[stop]
    at = _open(stop)
    assert not reveal_boards(at), "no picture before the answer"
    at.button(key=f"predict_{key}_skip").click().run()
    assert not at.exception, [e.value for e in at.exception]
    nodes = _flat(at.main)
    start = next(i for i, n in enumerate(nodes) if _box_id(n).endswith(f"-predict_{key}"))
    after = nodes[start:]

    def first(test) -> int:
        return next(i for i, n in enumerate(after) if test(n))

    claim = first(lambda n: getattr(n, "type", "") == "markdown" and "💡" in n.value)
    board = first(
        lambda n: getattr(n, "type", "") == "bidi_component" and component_data(n).get("readOnly")
    )
    assert claim < board
    if has_sum:
        assert board < first(lambda n: getattr(n, "type", "") == "latex")
