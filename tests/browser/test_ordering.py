"""The ordering-effects page in a real browser: opened by URL, a number checked, a swap applied."""

import re
from urllib.parse import parse_qs, urlparse

import pytest
from playwright.sync_api import expect

from devtools.waits import settle, wait_for_app

pytestmark = pytest.mark.browser


def test_ordering_page_by_url_and_a_swap(page, app_url, shot):
    page.goto(f"{app_url}/ordering?rels=3,2,3,0,1,2")
    wait_for_app(page)
    metric = page.get_by_test_id("stMetricValue")
    expect(metric.first).to_have_text("0.9608")
    expect(page.get_by_text("This list has 180 distinct orderings")).to_be_visible()
    # Four charts: swaps, one item's journey, all orderings, NDCG@k.
    expect(page.locator(".js-plotly-plot")).to_have_count(4)
    shot("ordering")

    # The suggested swap (positions 4 and 6: a 0 and a 2), then the next one (2 and 3), make
    # the list ideal; the URL follows, the labels travelling with their items.
    page.get_by_role("button", name="Swap them").click()
    expect(page.get_by_text("Swapped positions 4 and 6")).to_be_visible()
    expect(metric.first).to_have_text("0.9817")
    wait_for_app(page)  # the next suggestion is the one this run draws
    page.get_by_role("button", name="Swap them").click()
    expect(page.get_by_text("Swapped positions 2 and 3")).to_be_visible()
    expect(metric.first).to_have_text("1.0000")
    expect(page.get_by_text("no single swap raises it")).to_be_visible()
    wait_for_app(page)  # the run has ended: the address bar has its last update
    query = parse_qs(urlparse(page.url).query)
    assert query["rels"] == ["3,3,2,2,1,0"]
    assert query["labels"] == ["D1,D3,D2,D6,D5,D4"]
    shot("ordering-after-swaps")


def test_ten_distinct_grades_are_scored_exactly_and_a_cell_click_swaps(page, app_url, shot):
    rels = ",".join(str(v) for v in range(10))
    page.goto(f"{app_url}/ordering?rels={rels}")
    wait_for_app(page)
    expect(page.get_by_text("This list has 3,628,800 distinct orderings")).to_be_visible()
    expect(page.get_by_text("The mean over all 3,628,800 orderings")).to_be_visible()
    # Click the heatmap cell in row 1, column 10: the items at positions 1 and 10 swap.
    # The heatmap itself, by its name: plotly draws a page's charts one after another once the
    # run is over, and "the first chart's plot area" could be a later chart's while the heatmap
    # was not drawn yet (the view then scrolled to that one, and the click missed).
    chart = page.get_by_role("figure", name=re.compile("^Heatmap: the change in NDCG@10"))
    heatmap = chart.locator(".nsewdrag")
    expect(heatmap).to_have_count(1)
    heatmap.scroll_into_view_if_needed()  # a click by position lands only on what is in view
    settle(page)  # every chart drawn and laid out before the cell is found by position
    plot_area = heatmap.bounding_box()
    cell = (
        plot_area["x"] + plot_area["width"] * 9.5 / 10,
        plot_area["y"] + plot_area["height"] * 0.5 / 10,
    )
    # The pointer on the cell first, as a learner's is: plotly selects on a click the point its
    # hover last found (one look per 50 ms of moves), and a pointer that arrives and presses at
    # once can press before it has looked. The hover also says which swap the click makes.
    page.mouse.move(*cell)
    expect(page.locator(".hoverlayer .hovertext")).to_contain_text(
        re.compile("swap position 1,.*with position 10,")
    )
    page.mouse.click(*cell)
    expect(page.get_by_text("Swapped positions 1 and 10")).to_be_visible()
    box = page.get_by_role("textbox", name="Relevances, in ranked order")
    expect(box).to_have_value("D10=9, D2=1, D3=2, D4=3, D5=4, D6=5, D7=6, D8=7, D9=8, D1=0")
    wait_for_app(page)
    assert parse_qs(urlparse(page.url).query)["rels"] == ["9,1,2,3,4,5,6,7,8,0"]
    shot("ordering-ten-grades")


def test_a_pooled_link_scores_as_on_the_playground_and_equal_items_draw_one_bar(page, app_url):
    page.goto(f"{app_url}/ordering?rels=3,2,3,0,1,2&pool=3,2")
    wait_for_app(page)
    metric = page.get_by_test_id("stMetricValue")
    expect(metric.first).to_have_text("0.7850")
    expect(page.get_by_text("This list (NDCG@6)")).to_be_visible()
    expect(page.get_by_text("judged but not retrieved: 3, 2")).to_be_visible()

    page.goto(f"{app_url}/ordering?rels=3,3")
    wait_for_app(page)
    expect(page.get_by_text("Every ordering scores the same NDCG@2")).to_be_visible()
    expect(page.locator(".js-plotly-plot")).to_have_count(4)
    expect(page.get_by_test_id("stException")).to_have_count(0)
