"""Charts have a text equivalent: the numbers a chart draws are also on the page as a table."""

import numpy as np
import pytest

from ndcg_core import breakdown, ndcg
from tests.pages.conftest import board_data, decode, line_charts, open_page, plotly_figures


def _frame(at, column: str):
    return next(df.value for df in at.dataframe if column in df.value.columns)


def test_home_board_has_its_numbers_in_a_table():
    # Home's chart is its ranking board (no plotly chart there, so plotly's bundle never loads):
    # the table holds what the board draws, each bar its gain times its position's weight.
    at = open_page(None, rels="3,2,3,0,1,2")
    assert not at.exception
    assert plotly_figures(at) == []
    at.toggle(key="home_show_table").set_value(True).run()  # drawn when asked for
    want = breakdown([3, 2, 3, 0, 1, 2])
    table = _frame(at, "Your order earns")
    # The table shows the numbers as the page prints them (and "— (below k)" past k: none
    # here, k = n).
    np.testing.assert_allclose(
        table["Your order earns"].astype(float), want["contribution"], atol=5e-5
    )
    np.testing.assert_allclose(
        table["Ideal order earns"].astype(float), want["ideal_contribution"], atol=5e-5
    )
    board = board_data(at, "home_board")
    bars = np.multiply(board["gains"], board["weights"])
    np.testing.assert_allclose(bars, want["contribution"])
    np.testing.assert_allclose(board["ideal"], want["ideal_contribution"])


def test_playground_charts_have_the_breakdown_table():
    at = open_page("views/playground.py", unfold=True, rels="3,2,3,0,1,2")
    assert not at.exception
    want = breakdown([3, 2, 3, 0, 1, 2])
    table = _frame(at, "Contribution")
    np.testing.assert_allclose(table["Contribution"], want["contribution"])
    np.testing.assert_allclose(table["Cumulative IDCG"], want["cumulative_idcg"])
    np.testing.assert_allclose(table["NDCG@position"], want["ndcg_at"])
    # ... and the curves draw exactly those columns (the page's own line charts, no plotly).
    assert plotly_figures(at) == []
    cumulative, discount, at_k = line_charts(at)
    ideal, yours = cumulative["series"]
    np.testing.assert_allclose(yours["y"], table["Cumulative DCG"])
    np.testing.assert_allclose(ideal["y"], table["Cumulative IDCG"])
    np.testing.assert_allclose(discount["series"][0]["y"], table["Discount"])
    np.testing.assert_allclose(at_k["series"][0]["y"], table["NDCG@position"])


def test_ordering_curves_have_tables():
    at = open_page("views/ordering.py", rels="3,2,3,0,1,2")
    assert not at.exception
    journey = _frame(at, "Position of the item")
    assert list(journey["Position of the item"]) == [1, 2, 3, 4, 5, 6]
    # Somewhere on its journey the item stands where it is now: the list's own NDCG.
    assert np.isclose(journey["NDCG@6"], ndcg([3, 2, 3, 0, 1, 2])).any()
    cut_offs = _frame(at, "NDCG@k as listed")
    want = [ndcg([3, 2, 3, 0, 1, 2], k=k) for k in cut_offs["k"]]
    np.testing.assert_allclose(cut_offs["NDCG@k as listed"], want)


PAGES_WITH_CHARTS = [
    ("views/playground.py", {"rels": "3,2,3,0,1,2"}),
    ("views/ordering.py", {"rels": "3,2,3,0,1,2"}),
    ("views/queries/page.py", {}),
    ("views/learn/graded.py", {}),
    ("views/libraries.py", {"rels": "3,2,3,0,1,2", "scores": "0.9,0.9,0.5,0.5,0.2,0.1"}),
]


@pytest.mark.parametrize(("script", "params"), PAGES_WITH_CHARTS)
def test_every_chart_has_a_name_for_screen_readers(script, params):
    """Streamlit gives a chart an accessible name only when it is given `alt`; the page's own
    line charts name their SVG with theirs (folded ones too)."""
    at = open_page(script, unfold=True, **params)
    names = [chart.proto.alt for chart in at.get("plotly_chart")]
    names += [chart["alt"] for chart in line_charts(at)]
    assert names
    for name in names:
        assert name.strip(), f"a chart with no name on {script or 'home'}"


def test_the_ordering_histogram_has_its_bars_in_a_table():
    at = open_page("views/ordering.py", rels="3,2,3,0,1,2")
    bars = _frame(at, "orderings")
    # 6 items with two pairs of equal relevance: 6! / (2! 2!) = 180 distinct orderings.
    assert bars["orderings"].sum() == 180
    assert np.isclose(bars["%"].sum(), 100)
    histogram = next(f for f in plotly_figures(at) if f["data"][0]["type"] == "bar")
    drawn = decode(histogram["data"][0]["y"])
    np.testing.assert_allclose(sorted(bars["%"]), sorted(drawn[drawn > 0]))


def test_the_queries_histogram_and_scatter_have_tables():
    at = open_page("views/queries/page.py", unfold=True)  # the tables sit in folds
    bands = _frame(at, "queries")
    per_query = at.dataframe(key="queries_table").value
    assert bands["queries"].sum() == per_query["NDCG@10"].notna().sum()
    # Every band is 0.05 wide and named by its edges, the way the bars are drawn.
    assert all(
        round(float(high) - float(low), 4) <= 0.05
        for low, high in zip(bands["NDCG@10 from"], bands["to"])
    )
    marks = _frame(at, "who did better")
    assert set(marks["who did better"]) <= {"A better", "B better", "equal"}
    assert len(marks) == len(per_query)
