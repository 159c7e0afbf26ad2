"""The ordering-effects page under AppTest: numbers equal the core's, swaps, bad input, sampling."""

import numpy as np
import pytest

from ndcg_core import ndcg
from ndcg_core.ordering import (
    expected_random_ndcg,
    ordering_distribution,
    position_sweep,
    swap_deltas,
)
from tests.pages.conftest import decode, open_page, plotly_figures

PAGE = "views/ordering.py"
SEED = [3, 2, 3, 0, 1, 2]


def metrics(at) -> dict[str, str]:
    return {metric.label: metric.value for metric in at.metric}


def picker(at, label: str):
    return next(box for box in at.selectbox if box.label == label)


def markdown(at) -> str:
    return "\n".join(element.value for element in at.markdown)


def test_numbers_match_the_core():
    at = open_page(PAGE, rels="3,2,3,0,1,2")
    result = ordering_distribution(SEED)
    shown = metrics(at)
    assert shown["This list"] == f"{ndcg(SEED):.4f}" == "0.9608"
    assert shown["Random order (mean)"] == f"{expected_random_ndcg(SEED):.4f}" == "0.8484"
    assert shown["Best ordering"] == "1.0000"
    assert shown["Worst ordering"] == f"{result.worst:.4f}"
    text = markdown(at)
    assert "**180** distinct orderings" in text
    assert f"**{result.mean:.6f}**" in text and f"**{result.expected:.6f}**" in text
    # The suggested swap is the core's best one: positions 4 and 6, +0.0209.
    assert "positions **4** and **6**" in text and "+0.0209" in text

    heatmap, journey, spread, cut_offs = plotly_figures(at)
    z = decode(heatmap["data"][0]["z"]).reshape(6, 6)
    assert np.allclose(z, swap_deltas(SEED))
    assert np.allclose(decode(journey["data"][0]["y"]), position_sweep(SEED, 1))
    assert decode(spread["data"][0]["y"]).sum() == pytest.approx(100.0)
    assert len(cut_offs["data"]) == 2
    assert not at.error and not at.warning


def test_settings_from_the_url_reach_every_number():
    at = open_page(PAGE, rels="3,2,3,0,1,2", k="3", gain="exponential", pool="3")
    settings = {"k": 3, "gain": "exponential", "ideal": [*SEED, 3]}
    shown = metrics(at)
    assert shown["This list"] == f"{ndcg(SEED, **settings):.4f}"
    assert shown["Random order (mean)"] == f"{expected_random_ndcg(SEED, **settings):.4f}"
    z = decode(plotly_figures(at)[0]["data"][0]["z"]).reshape(6, 6)
    assert np.allclose(z, swap_deltas(SEED, **settings))


def test_swap_button_updates_the_list_and_the_url():
    at = open_page(PAGE, rels="3,2,3,0,1,2")
    at.button(key="ordering_apply").click().run()
    assert not at.exception
    assert at.query_params["rels"] == "3,2,3,2,1,0"
    assert at.query_params["labels"] == "D1,D2,D3,D6,D5,D4"
    assert metrics(at)["This list"] == f"{ndcg([3, 2, 3, 2, 1, 0]):.4f}" == "0.9817"
    assert "Swapped positions 4 and 6" in at.success[0].value
    # The pickers now suggest the next best swap.
    assert picker(at, "Swap the item at position").value.startswith("2 · D2")
    assert picker(at, "with the item at position").value.startswith("3 · D3")


def test_picking_an_item_draws_its_journey():
    at = open_page(PAGE, rels="3,2,3,0,1,2")
    picker(at, "Move this item through every position").set_value("D4").run()
    journey = plotly_figures(at)[1]
    assert np.allclose(decode(journey["data"][0]["y"]), position_sweep(SEED, 4))
    # The choice follows the item when a swap moves it (D4 goes from position 4 to 6).
    at.button(key="ordering_apply").click().run()
    assert picker(at, "Move this item through every position").value == "D4"
    journey = plotly_figures(at)[1]
    assert np.allclose(decode(journey["data"][0]["y"]), position_sweep([3, 2, 3, 2, 1, 0], 6))


def test_bad_typed_input_shows_a_message_and_keeps_the_list():
    at = open_page(PAGE, rels="3,2,3,0,1,2")
    at.text_area(key="ordering_text").set_value("3, 2, x, 1").run()
    assert not at.exception
    assert "x" in at.error[0].value and "last list" in at.error[0].value
    assert metrics(at)["This list"] == "0.9608"
    assert at.text_area(key="ordering_text").value == "3, 2, x, 1"


def test_bad_url_shows_a_warning():
    at = open_page(PAGE, rels="3,2,banana")
    assert not at.exception
    assert "rels" in at.warning[0].value


def test_a_long_list_is_sampled_with_a_notice():
    rels = ",".join(str(v) for v in range(14))  # 14! ≈ 8.7e10 orderings
    at = open_page(PAGE, rels=rels)
    notice = at.info[0].value
    assert "87,178,291,200" in notice and "random sample of 200,000" in notice
    assert "standard error" in notice
    assert "±" in markdown(at)


def test_one_item_has_nothing_to_swap():
    at = open_page(PAGE, rels="2")
    assert not at.exception
    assert "nothing to swap" in at.info[0].value
    assert metrics(at)["This list"] == "1.0000"


def test_the_playground_link_carries_the_list():
    at = open_page(PAGE, rels="3,2,1", k="2")
    assert "(/playground?rels=3,2,1&k=2)" in markdown(at)


def test_an_astronomical_count_is_written_with_a_power_of_ten():
    rels = ",".join(str(v) for v in range(30))  # 30! ≈ 2.65 × 10³²
    at = open_page(PAGE, rels=rels)
    assert "about 2.65 × 10³²" in at.info[0].value
