"""Charts have a text equivalent: the numbers a chart draws are also on the page as a table."""

import numpy as np

from ndcg_core import breakdown, ndcg
from tests.pages.conftest import decode, open_page, plotly_figures


def _frame(at, column: str):
    return next(df.value for df in at.dataframe if column in df.value.columns)


def test_home_chart_has_its_numbers_in_a_table():
    at = open_page(None, rels="3,2,3,0,1,2")
    assert not at.exception
    want = breakdown([3, 2, 3, 0, 1, 2])
    table = _frame(at, "Your order earns")
    np.testing.assert_allclose(table["Your order earns"], want["contribution"])
    np.testing.assert_allclose(table["Ideal order earns"], want["ideal_contribution"])
    # The same numbers the bars show.
    bars = plotly_figures(at)[0]["data"]
    np.testing.assert_allclose(decode(bars[0]["y"]), want["contribution"])


def test_playground_charts_have_the_breakdown_table():
    at = open_page("views/playground.py", rels="3,2,3,0,1,2")
    assert not at.exception
    want = breakdown([3, 2, 3, 0, 1, 2])
    table = _frame(at, "Contribution")
    np.testing.assert_allclose(table["Contribution"], want["contribution"])
    np.testing.assert_allclose(table["Cumulative IDCG"], want["cumulative_idcg"])
    np.testing.assert_allclose(table["NDCG@position"], want["ndcg_at"])


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
