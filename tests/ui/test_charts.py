"""The shared charts, drawn by the page's own chart (ui/charts/lines): the contribution bars and
the curves given the right columns, k marked, what lies beyond k faded, pool rows and user
labels handled, their axes' ticks round; /learn-discount's curves and /learn-labels' clicks."""

import json
import math

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from i18n import speaking
from lessons.clicks import clicks
from lessons.curves import CURVES as DISCOUNT_CURVES
from lessons.curves import curve_table
from ndcg_core import breakdown, totals
from ndcg_core.model import RankedList, Scoring
from ui import charts
from ui.charts.discount import curves_chart
from ui.charts.labels import clicks_chart
from ui.charts.lines import (
    BAR_GAP,
    Bars,
    LineChart,
    Series,
    chart_data,
    nice_ticks,
    position_ticks,
)
from ui.charts.queries import delta_bars
from ui.charts.theme import FADED, FONT_SIZE, PRESENTER_FONT_SIZE

CURVES = [charts.discount_chart, charts.cumulative_chart, charts.ndcg_at_k_chart]
CHARTS = [charts.contribution_chart, *CURVES]
RELS = [3, 2, 3, 0, 1, 2]
CASES = [(None, ()), (3, ()), (6, (3, 2)), (8, (3, 2)), (1, ()), (None, (3,))]


@pytest.mark.parametrize("build", CHARTS)
@pytest.mark.parametrize(("k", "pool"), CASES)
def test_every_chart_gives_its_script_json_it_can_draw(build, k, pool):
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


@pytest.mark.parametrize("build", CHARTS)
@pytest.mark.parametrize(("k", "pool"), CASES)
def test_a_chart_from_the_columns_is_the_chart_from_the_table(build, k, pool):
    """The playground draws its curves from `Totals.columns`, without building the DataFrame:
    the same chart, to the last hover text, as from `Totals.table`."""
    ranked = RankedList(
        tuple(RELS),
        labels=tuple("ABCDEF"),
        pool=pool,
        scoring=Scoring(k="none" if k is None else k),
    )
    result = totals(ranked)
    k = ranked.k
    assert chart_data(build(result.columns, k)) == chart_data(build(result.table, k))


def test_contribution_bars_are_the_table_columns_side_by_side_and_faded_beyond_k():
    table = breakdown(RELS, 3)
    data = chart_data(charts.contribution_chart(table, 3))
    yours, ideal = data["series"]
    assert (yours["kind"], ideal["kind"]) == ("bars", "bars")
    np.testing.assert_allclose(yours["y"], table["contribution"])
    np.testing.assert_allclose(ideal["y"], table["ideal_contribution"])
    # Not colour alone: the ideal order's bars are dotted, and its name says so.
    assert yours["fill"] == ["solid"] * 3 + ["hatch"] * 3 and yours["legendFill"] == "solid"
    assert ideal["fill"] == ["dots"] * 3 + ["hatch"] * 3 and ideal["name"].endswith("(dotted)")
    assert yours["opacity"][2:4] == [1.0, FADED]
    assert "beyond k: not counted" in yours["hover"][3] and "beyond k" not in yours["hover"][2]
    # Side by side within a position, the two filling 1 − BAR_GAP of it, and not overlapping.
    assert yours["offset"] < 0 < ideal["offset"]
    assert yours["offset"] + yours["width"] / 2 <= ideal["offset"] - ideal["width"] / 2
    assert ideal["offset"] - yours["offset"] + yours["width"] <= 1 - BAR_GAP + 1e-9
    assert data["cut"] == {"x": 3.5, "text": "k = 3"}
    assert data["y"]["min"] == 0 and data["y"]["max"] >= max(table["ideal_contribution"])


def test_no_k_line_when_everything_counts():
    table = breakdown(RELS)
    for build in CHARTS:
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
    yours = chart_data(charts.contribution_chart(table, 6))["series"][0]
    assert yours["y"][-1] is None and "no item here" in yours["hover"][-1]


def test_cumulative_lines_and_discount_curve_pick_their_columns():
    table = breakdown(RELS, None, gain="exponential", discount="jarvelin", log_base=3)
    ideal, yours = charts.cumulative_chart(table, None).series
    np.testing.assert_allclose(yours.y, table["cumulative_dcg"])
    np.testing.assert_allclose(ideal.y, table["cumulative_idcg"])
    assert ideal.dash and not yours.dash and ideal.marker != yours.marker  # not colour alone
    curve = charts.discount_chart(table, None).series[0]
    np.testing.assert_allclose(curve.y, table["discount"])


def test_labels_are_given_as_they_are_since_the_script_sets_them_as_text():
    # The chart's script sets its texts as text (textContent): no escaping to undo, and no
    # markup either (a hover's lines are joined by newlines).
    table = breakdown([1, 0], labels=["<b>x</b>", "a&b"])
    hover = charts.contribution_chart(table, None).series[0].hover
    assert hover[0].split("\n")[1] == "<b>x</b>: relevance 1.0000" and "a&b:" in hover[1]
    assert not any("<br>" in text or "&amp;" in text for text in hover)
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
    with pytest.raises(ValueError, match="dash='dashed'"):
        Series("s", [1], [0.5], "#000", ["a"], dash="dashed")
    with pytest.raises(ValueError, match="x, y and hover have 1, 1 and 0"):
        Bars("b", [1], [0.5], "#000", [])
    LineChart("y", 1, (Series("s", [1], [0.5], "#000", ["a"]),), (0, 1))


def test_three_sets_of_bars_share_a_position_evenly():
    bars = [Bars(name, [1, 2], [0.5, 1], "#000", ["a", "b"]) for name in "abc"]
    line = Series("s", [1, 2], [0.2, 0.3], "#000", ["a", "b"])
    data = chart_data(LineChart("y", 2, (bars[0], line, *bars[1:]), (0, 1)))
    offsets = [s["offset"] for s in data["series"] if s["kind"] == "bars"]
    widths = {s["width"] for s in data["series"] if s["kind"] == "bars"}
    assert offsets == pytest.approx([-0.25, 0, 0.25]) and len(widths) == 1
    assert data["series"][1]["kind"] == "line" and data["series"][1]["dash"] == "none"


def test_the_discount_curves_are_each_one_column_with_their_own_dash_and_marker():
    names = {key: f"curve {key}" for key in DISCOUNT_CURVES}
    table = curve_table(30, base=2, p=0.8)
    data = chart_data(curves_chart(table, names))
    assert [s["name"] for s in data["series"]] == list(names.values())
    for series, key in zip(data["series"], names):
        np.testing.assert_allclose(series["y"], table[key])
        assert series["hover"][2].startswith(f"curve {key}\nposition 3: weight ")
    # Four curves told apart by more than colour: every dash and every marker differs.
    assert (
        len({s["dash"] for s in data["series"]}) == len({s["marker"] for s in data["series"]}) == 4
    )
    assert (data["xTitle"], data["yTitle"], data["y"]["max"]) == ("Position i", "Weight d(i)", 1.05)
    assert [t for t, _ in data["x"]["ticks"]] == list(range(1, 31, 2))  # every second of 30


def test_the_clicks_chart_draws_a_as_dotted_bars_c_as_bars_and_theta_as_a_dashed_line():
    table = clicks(RankedList((3, 2, 3, 0, 1, 2)), "reciprocal", 0.8).table
    attractive, clicked, looked = chart_data(clicks_chart(table))["series"]
    assert (attractive["kind"], clicked["kind"], looked["kind"]) == ("bars", "bars", "line")
    np.testing.assert_allclose(attractive["y"], table["a"])
    np.testing.assert_allclose(clicked["y"], table["ctr"])
    np.testing.assert_allclose(looked["y"], table["theta"])
    assert set(attractive["fill"]) == {"dots"} and set(clicked["fill"]) == {"solid"}
    assert looked["dash"] != "none" and looked["marker"] == "diamond"
    assert clicked["hover"][1] == f"{clicked['name']}\n" + (
        f"{table['label'][1]}: click rate {table['ctr'][1]:.4f}"
    )


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
