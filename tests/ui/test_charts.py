"""The shared charts: the contribution bars valid plotly (checked here, since the app wraps
them unchecked for speed), the curves' line charts given the right columns, k marked, pool rows
and user labels handled, and their axes' ticks round."""

import json
import math

import numpy as np
import plotly.graph_objects as go
import pytest
from hypothesis import given
from hypothesis import strategies as st

from i18n import speaking
from ndcg_core import breakdown
from ui import charts
from ui.charts.lines import LineChart, Series, chart_data, nice_ticks, position_ticks
from ui.charts.queries import delta_bars
from ui.charts.theme import FADED, FONT_SIZE, PRESENTER_FONT_SIZE

CURVES = [charts.discount_chart, charts.cumulative_chart, charts.ndcg_at_k_chart]
RELS = [3, 2, 3, 0, 1, 2]
CASES = [(None, ()), (3, ()), (6, (3, 2)), (8, (3, 2)), (1, ()), (None, (3,))]


@pytest.mark.parametrize(("k", "pool"), CASES)
def test_the_contribution_chart_is_valid_plotly(k, pool):
    table = breakdown(RELS, k, ideal=RELS + list(pool) if pool else None)
    fig = charts.contribution_chart(table, k)
    go.Figure(fig.to_dict())  # plotly's own checks: raises on any unknown property or value
    assert fig.layout.paper_bgcolor == "rgba(0,0,0,0)"  # the theme's background shows through


@pytest.mark.parametrize("build", CURVES)
@pytest.mark.parametrize(("k", "pool"), CASES)
def test_every_curve_gives_its_script_json_it_can_draw(build, k, pool):
    table = breakdown(RELS, k, ideal=RELS + list(pool) if pool else None)
    data = chart_data(build(table, k))
    json.dumps(data, allow_nan=False)  # no NaN reaches the script: a missing point is null
    low, high = data["y"]["min"], data["y"]["max"]
    assert all(low <= tick <= high for tick, _ in data["y"]["ticks"])
    for series in data["series"]:
        assert len(series["x"]) == len(series["y"]) == len(series["hover"])
        assert all(y is None or low <= y <= high for y in series["y"])
    # NDCG@k marks the chosen k with its own point rather than a line.
    cut = k is not None and k < len(table) and build is not charts.ndcg_at_k_chart
    assert data["cut"] == ({"x": k + 0.5, "text": f"k = {k}"} if cut else None)


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
    assert not charts.contribution_chart(table, None).layout.shapes
    for build in CURVES:
        assert chart_data(build(table, None))["cut"] is None


def test_the_discount_curve_marks_what_lies_beyond_k_open():
    table = breakdown(RELS, 3)
    (curve,) = charts.discount_chart(table, 3).series
    assert list(curve.hollow) == [False, False, False, True, True, True]
    assert "beyond k: not counted" in curve.hover[3] and "beyond k" not in curve.hover[2]


def test_ndcg_at_k_highlights_the_chosen_k():
    table = breakdown(RELS, 4)
    line, chosen = charts.ndcg_at_k_chart(table, 4).series
    np.testing.assert_allclose(line.y, table["ndcg_at"])
    assert list(chosen.x) == [4] and chosen.y[0] == pytest.approx(table["ndcg_at"][3])
    assert chosen.note.text == f"NDCG@4 = {table['ndcg_at'][3]:.4f}" and not chosen.line
    everything = charts.ndcg_at_k_chart(breakdown(RELS), None)
    assert list(everything.series[1].x) == [6]
    assert everything.series[1].note.leftward  # at the last position it leans into the chart


def test_pool_rows_have_no_current_bar_and_say_so():
    table = breakdown(RELS, 6, ideal=[*RELS, 3, 2])
    yours = charts.contribution_chart(table, 6).data[0]
    assert np.isnan(yours.y[-1]) and "no item here" in yours.hovertext[-1]


def test_cumulative_lines_and_discount_curve_pick_their_columns():
    table = breakdown(RELS, None, gain="exponential", discount="jarvelin", log_base=3)
    ideal, yours = charts.cumulative_chart(table, None).series
    np.testing.assert_allclose(yours.y, table["cumulative_dcg"])
    np.testing.assert_allclose(ideal.y, table["cumulative_idcg"])
    assert ideal.dash and not yours.dash and ideal.marker != yours.marker  # not colour alone
    curve = charts.discount_chart(table, None).series[0]
    np.testing.assert_allclose(curve.y, table["discount"])


def test_labels_are_escaped_in_plotly_hover_text_and_given_as_they_are_to_line_charts():
    table = breakdown([1, 0], labels=["<b>x</b>", "a&b"])
    hover = " ".join(charts.contribution_chart(table, None).data[0].hovertext)
    assert "<b>x</b>" not in hover and "&lt;b&gt;x&lt;/b&gt;" in hover and "a&amp;b" in hover
    # The line chart's script sets its texts as text (textContent): no escaping to undo.
    yours = charts.cumulative_chart(table, None).series[1]
    assert yours.hover[0].endswith("your item: <b>x</b>") and yours.hover[1].endswith("a&b")


def test_presenter_view_grows_the_text_and_the_chart():
    chart = charts.cumulative_chart(breakdown(RELS), None)
    normal, present = chart_data(chart), chart_data(chart, present=True)
    assert (normal["fontSize"], present["fontSize"]) == (FONT_SIZE, PRESENTER_FONT_SIZE)
    assert present["height"] > normal["height"]
    assert present["series"][0]["size"] > normal["series"][0]["size"]


def test_a_long_list_is_drawn_without_markers_and_with_about_twenty_position_ticks():
    rels = [i % 4 for i in range(1000)]
    data = chart_data(charts.ndcg_at_k_chart(breakdown(rels), 10))
    assert not data["markers"] and len(data["x"]["ticks"]) == 20
    assert chart_data(charts.ndcg_at_k_chart(breakdown(RELS), 3))["markers"]


def test_a_series_must_have_a_value_and_a_text_per_point():
    with pytest.raises(ValueError, match="x, y and hover have 2, 1 and 2"):
        Series("s", [1, 2], [0.5], "#000", ["a", "b"])
    with pytest.raises(ValueError, match="marker='star'"):
        Series("s", [1], [0.5], "#000", ["a"], marker="star")
    LineChart("y", 1, (Series("s", [1], [0.5], "#000", ["a"]),), (0, 1))


@given(st.floats(-1e3, 1e3, allow_nan=False), st.floats(1e-3, 1e6, allow_nan=False))
def test_nice_ticks_are_round_evenly_spaced_and_inside_the_range(low, span):
    high = low + span
    ticks = nice_ticks(low, high)
    assert 2 <= len(ticks) <= 13
    assert all(low - 1e-9 * span <= t <= high + 1e-9 * span for t in ticks)
    steps = np.diff(ticks)
    assert np.allclose(steps, steps[0], rtol=1e-6)
    mantissa = steps[0] / 10 ** math.floor(math.log10(steps[0]))
    assert any(math.isclose(mantissa, m, rel_tol=1e-6) for m in (1, 2, 2.5, 5, 10))


@given(st.integers(1, 1000))
def test_position_ticks_start_at_one_and_are_at_most_twenty(n):
    ticks = position_ticks(n)
    assert ticks[0] == 1 and ticks[-1] <= n and len(ticks) <= 20
    assert ticks == list(range(1, n + 1)) if n <= 20 else True


def test_the_delta_bars_hover_writes_each_change_as_the_pages_do():
    bars = delta_bars(["q1", "q2", "q3"], np.array([0.01234, -0.5, 0.0]), "A", "B", "NDCG@10")
    (trace,) = bars.data
    assert [list(row) for row in trace.customdata] == [
        ["q2", "−0.5000"],
        ["q3", "0.0000"],
        ["q1", "+0.0123"],
    ]
    assert "%{customdata[1]}" in trace.hovertemplate and ":.4f" not in trace.hovertemplate
    with speaking("ru"):
        bars = delta_bars(["q"], np.array([-0.25]), "A", "B", "NDCG@10")
    assert list(bars.data[0].customdata[0]) == ["q", "−0,2500"]
    assert bars.data[0].hovertemplate.startswith("запрос %{customdata[0]}")
