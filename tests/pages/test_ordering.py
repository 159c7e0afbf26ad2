"""The ordering-effects page under AppTest: numbers equal the core's (and the playground's),
swaps, bad input, sampling, lists whose orderings all score the same."""

from urllib.parse import parse_qs

import numpy as np
import pytest

from ndcg_core import ndcg
from ndcg_core.model import RankedList, Scoring
from ndcg_core.ordering import (
    expected_random,
    ordering_distribution,
    position_sweep,
    swap_deltas,
)
from tests.pages.conftest import assert_message, decode, plotly_figures

PAGE = "views/ordering.py"
SEED = [3, 2, 3, 0, 1, 2]
LISTED = RankedList(tuple(SEED))


def metric(at, label: str) -> str:
    """The value of the card whose label starts with `label` (labels end with the cut-off)."""
    return next(card.value for card in at.metric if card.label.startswith(label))


def picker(at, label: str):
    return next(box for box in at.selectbox if box.label == label)


def markdown(at) -> str:
    return "\n".join(element.value for element in at.markdown)


def figure(at, name: str) -> dict:
    """A chart by what it draws: the heatmap, the journey, the histogram or the cut-off curves."""
    kinds = {
        "heatmap": lambda f: f["data"][0]["type"] == "heatmap",
        "journey": lambda f: any(t.get("name") == "where it is now" for t in f["data"]),
        "spread": lambda f: f["data"][0]["type"] == "bar",
        "cut-offs": lambda f: f["data"][0].get("name") == "as listed",
    }
    return next(f for f in plotly_figures(at) if kinds[name](f))


def test_numbers_match_the_core(open_app):
    at = open_app(PAGE, rels="3,2,3,0,1,2")
    result = ordering_distribution(LISTED)
    assert metric(at, "This list") == f"{ndcg(SEED):.4f}" == "0.9608"
    assert metric(at, "Random order") == f"{expected_random(LISTED).expected:.4f}" == "0.8484"
    assert metric(at, "Best ordering") == "1.0000"
    assert metric(at, "Worst ordering") == f"{result.worst:.4f}"
    assert all(card.label.endswith("(NDCG@6)") for card in at.metric)
    text = markdown(at)
    assert "**180** distinct orderings" in text
    assert f"**{result.mean:.6f}**" in text and f"**{result.expected:.6f}**" in text
    # The suggested swap is the core's best one: positions 4 and 6, +0.0209.
    assert "positions **4** and **6**" in text and "+0.0209" in text

    z = decode(figure(at, "heatmap")["data"][0]["z"]).reshape(6, 6)
    assert np.allclose(z, swap_deltas(LISTED))
    assert np.allclose(decode(figure(at, "journey")["data"][0]["y"]), position_sweep(LISTED, 1))
    assert decode(figure(at, "spread")["data"][0]["y"]).sum() == pytest.approx(100.0)
    assert len(figure(at, "cut-offs")["data"]) == 2
    assert not at.error and not at.warning


def test_the_pooled_list_scores_as_on_the_playground(open_app):
    # k = n is the default everywhere: the ideal is cut at the list's 6 positions (0.7850), not
    # spread over all 8 judged items (0.7562, which this page used to show).
    at = open_app(PAGE, rels="3,2,3,0,1,2", pool="3,2")
    assert metric(at, "This list") == "0.7850"
    assert any(card.label == "This list (NDCG@6)" for card in at.metric)
    playground = open_app("views/playground.py", rels="3,2,3,0,1,2", pool="3,2")
    assert metric(playground, "NDCG@6") == "0.7850"
    # The pool arrived from the link, so the page says it is in force.
    assert any("judged but not retrieved: 3, 2" in box.value for box in at.info)
    assert "NDCG@6 is **0.7850**" in markdown(at)


def test_no_cut_off_is_named_and_scored_as_trec_eval_ndcg(open_app):
    at = open_app(PAGE, rels="3,2,3,0,1,2", pool="3,2", k="none")
    assert metric(at, "This list") == "0.7562"
    assert any(card.label == "This list (NDCG)" for card in at.metric)


def test_settings_from_the_url_reach_every_number(open_app):
    at = open_app(PAGE, rels="3,2,3,0,1,2", k="3", gain="exponential", pool="3")
    settings = {"k": 3, "gain": "exponential", "ideal": [*SEED, 3]}
    ranked = RankedList(tuple(SEED), pool=(3,), scoring=Scoring(k=3, gain="exponential"))
    assert metric(at, "This list (NDCG@3)") == f"{ndcg(SEED, **settings):.4f}"
    assert metric(at, "Random order") == f"{expected_random(ranked).expected:.4f}"
    z = decode(figure(at, "heatmap")["data"][0]["z"]).reshape(6, 6)
    assert np.allclose(z, swap_deltas(ranked))
    conventions = " ".join(box.value for box in at.info)
    assert "gain" in conventions and "judged but not retrieved: 3" in conventions


@pytest.mark.parametrize("rels", ["3,3", "7,7,7,7", ",".join(["1"] * 16), ",".join(["0.5"] * 16)])
def test_a_list_of_equal_items_has_one_ordering_and_one_bar(open_app, rels):
    # Before: "Too many bins for data range" from the histogram.
    at = open_app(PAGE, rels=rels)
    assert metric(at, "This list") == metric(at, "Worst ordering") == "1.0000"
    assert "**one** distinct ordering" in markdown(at)
    assert len(decode(figure(at, "spread")["data"][0]["y"])) == 1
    assert any("Every ordering scores the same" in c.value for c in at.caption)
    assert any("scores the same at every position" in c.value for c in at.caption)
    assert "No ordering scores lower or higher than this list." in markdown(at)
    assert not at.error


def test_equal_discounts_make_every_ordering_score_the_same(open_app):
    # The Järvelin–Kekäläinen discount is 1 at positions 1 and 2: both orders score 1.
    at = open_app(PAGE, rels="1,0", discount="jarvelin")
    assert "**2** distinct orderings" in markdown(at)
    assert any("Every ordering scores the same" in c.value for c in at.caption)
    assert not at.error


def test_huge_relevances_are_scored_or_refused_with_a_message(open_app):
    at = open_app(PAGE, rels="1e300,1e300,0")
    assert metric(at, "Worst ordering") == f"{ndcg([0, 1e300, 1e300]):.4f}" and not at.error
    # From a link: named, and the example list is shown instead.
    at = open_app(PAGE, rels="1e308,1e308,1e308")
    assert any("too large to score" in w.value for w in at.warning)
    # Typed: named, the last list stays, and so does the typed text.
    at.text_area(key="ordering_text").set_value("1e+308, 1e+308, 1e+308").run()
    assert not at.exception
    assert_message(at.error, "too large to score")
    assert at.text_area(key="ordering_text").value == "1e+308, 1e+308, 1e+308"


def test_swap_button_updates_the_list_and_the_url(open_app):
    at = open_app(PAGE, rels="3,2,3,0,1,2")
    at.button(key="ordering_apply").click().run()
    assert not at.exception
    assert at.query_params["rels"] == "3,2,3,2,1,0"
    assert at.query_params["labels"] == "D1,D2,D3,D6,D5,D4"
    assert metric(at, "This list") == f"{ndcg([3, 2, 3, 2, 1, 0]):.4f}" == "0.9817"
    assert_message(at.success, "Swapped positions 4 and 6")
    # The pickers now suggest the next best swap.
    assert picker(at, "Swap the item at position").value == 2
    assert picker(at, "with the item at position").value == 3


def test_a_swap_keeps_the_conventions(open_app):
    at = open_app(PAGE, rels="3,2,3,0,1,2", pool="3,2", gain="exponential")
    at.button(key="ordering_apply").click().run()
    assert at.query_params["pool"] == "3,2" and at.query_params["gain"] == "exponential"
    settings = {"k": 6, "gain": "exponential", "ideal": [3, 2, 3, 0, 1, 2, 3, 2]}
    moved = [int(v) for v in at.query_params["rels"].split(",")]
    assert metric(at, "This list") == f"{ndcg(moved, **settings):.4f}"


def test_picking_an_item_draws_its_journey(open_app):
    at = open_app(PAGE, rels="3,2,3,0,1,2")
    picker(at, "Move this item through every position").set_value("D4").run()
    journey = figure(at, "journey")
    assert np.allclose(decode(journey["data"][0]["y"]), position_sweep(LISTED, 4))
    # The choice follows the item when a swap moves it (D4 goes from position 4 to 6).
    at.button(key="ordering_apply").click().run()
    assert picker(at, "Move this item through every position").value == "D4"
    journey = figure(at, "journey")
    assert np.allclose(
        decode(journey["data"][0]["y"]), position_sweep(RankedList((3, 2, 3, 2, 1, 0)), 6)
    )


def test_the_cut_off_table_names_the_largest_change(open_app):
    at = open_app(PAGE, rels="1,0,0")
    # The suggested swap is none (ideal already): top against bottom, 1 and 3.
    assert "no single swap raises it" in markdown(at)
    assert "The largest change is at **k = 1**: 1.0000 → 0.0000." in markdown(at)
    picker(at, "Swap the item at position").set_value(2).run()
    assert "This swap changes NDCG@k at no cut-off." in markdown(at)


def test_bad_typed_input_shows_a_message_and_keeps_the_list(open_app):
    at = open_app(PAGE, rels="3,2,3,0,1,2")
    at.text_area(key="ordering_text").set_value("3, 2, x, 1").run()
    assert not at.exception
    assert_message(at.error, "x", "last list")
    assert metric(at, "This list") == "0.9608"
    assert at.text_area(key="ordering_text").value == "3, 2, x, 1"


def test_bad_url_shows_a_warning(open_app):
    at = open_app(PAGE, rels="3,2,banana")
    assert not at.exception
    assert_message(at.warning, "rels")


def test_a_long_list_is_sampled_with_a_notice(open_app):
    rels = ",".join(str(v) for v in range(14))  # 14! ≈ 8.7e10 orderings
    at = open_app(PAGE, rels=rels)
    notice = next(box.value for box in at.info if "distinct orderings" in box.value)
    assert "87,178,291,200" in notice and "random sample of 200,000" in notice
    assert "standard error" in notice
    assert "±" in markdown(at)


def test_one_item_has_nothing_to_swap(open_app):
    at = open_app(PAGE, rels="2")
    assert not at.exception
    assert any("nothing to swap" in box.value for box in at.info)
    assert metric(at, "This list (NDCG@1)") == "1.0000"


def test_the_playground_link_carries_the_list_and_every_setting(open_app):
    at = open_app(PAGE, rels="3,2,1", k="2", gain="exponential", pool="2")
    link = next(e.proto for e in at.get("page_link") if "playground" in e.proto.label)
    assert link.page == "playground"
    assert parse_qs(link.query_string) == {
        "rels": ["3,2,1"],
        "k": ["2"],
        "gain": ["exponential"],
        "pool": ["2"],
    }


def test_an_astronomical_count_is_written_with_a_power_of_ten(open_app):
    rels = ",".join(str(v) for v in range(30))  # 30! ≈ 2.65 × 10³²
    at = open_app(PAGE, rels=rels)
    assert any("about 2.65 × 10³²" in box.value for box in at.info)
