"""The shared charts: valid plotly (checked here, since the app wraps them unchecked for speed),
the right columns on the right axes, k marked, pool rows and user labels handled."""

import numpy as np
import plotly.graph_objects as go
import pytest

from ndcg_core import breakdown
from ui import charts
from ui.charts.theme import FADED

BUILDERS = [
    charts.contribution_chart,
    charts.discount_chart,
    charts.cumulative_chart,
    charts.ndcg_at_k_chart,
]
RELS = [3, 2, 3, 0, 1, 2]


@pytest.mark.parametrize("build", BUILDERS)
@pytest.mark.parametrize(
    ("k", "pool"), [(None, ()), (3, ()), (6, (3, 2)), (8, (3, 2)), (1, ()), (None, (3,))]
)
def test_every_chart_is_valid_plotly(build, k, pool):
    table = breakdown(RELS, k, ideal=RELS + list(pool) if pool else None)
    fig = build(table, k)
    go.Figure(fig.to_dict())  # plotly's own checks: raises on any unknown property or value
    assert fig.layout.paper_bgcolor == "rgba(0,0,0,0)"  # the theme's background shows through


def test_contribution_bars_are_the_table_columns_and_faded_beyond_k():
    table = breakdown(RELS, 3)
    fig = charts.contribution_chart(table, 3)
    yours, ideal = fig.data
    np.testing.assert_allclose(yours.y, table["contribution"])
    np.testing.assert_allclose(ideal.y, table["ideal_contribution"])
    assert list(yours.marker.pattern.shape) == ["", "", "", "/", "/", "/"]
    assert list(yours.marker.opacity)[2:4] == [1.0, FADED]
    assert fig.layout.shapes[0].x0 == 3.5 and "k = 3" in fig.layout.annotations[0].text


def test_no_k_line_when_everything_counts():
    table = breakdown(RELS)
    for build in BUILDERS:
        assert not build(table, None).layout.shapes


def test_ndcg_at_k_highlights_the_chosen_k():
    table = breakdown(RELS, 4)
    fig = charts.ndcg_at_k_chart(table, 4)
    line, chosen = fig.data
    np.testing.assert_allclose(line.y, table["ndcg_at"])
    assert list(chosen.x) == [4] and chosen.y[0] == pytest.approx(table["ndcg_at"][3])
    everything = charts.ndcg_at_k_chart(breakdown(RELS), None)
    assert list(everything.data[1].x) == [6]


def test_pool_rows_have_no_current_bar_and_say_so():
    table = breakdown(RELS, 6, ideal=[*RELS, 3, 2])
    yours = charts.contribution_chart(table, 6).data[0]
    assert np.isnan(yours.y[-1]) and "no item here" in yours.hovertext[-1]


def test_cumulative_lines_and_discount_curve_pick_their_columns():
    table = breakdown(RELS, None, gain="exponential", discount="jarvelin", log_base=3)
    ideal, yours = charts.cumulative_chart(table, None).data
    np.testing.assert_allclose(yours.y, table["cumulative_dcg"])
    np.testing.assert_allclose(ideal.y, table["cumulative_idcg"])
    curve = charts.discount_chart(table, None).data[0]
    np.testing.assert_allclose(curve.y, table["discount"])


def test_labels_are_escaped_in_hover_text():
    table = breakdown([1, 0], labels=["<b>x</b>", "a&b"])
    hover = " ".join(charts.contribution_chart(table, None).data[0].hovertext)
    assert "<b>x</b>" not in hover and "&lt;b&gt;x&lt;/b&gt;" in hover and "a&amp;b" in hover
