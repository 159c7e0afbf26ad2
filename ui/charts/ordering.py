"""The charts of the ordering-effects page: every swap, one item's journey, every ordering, and
NDCG@k before and after one swap.

Each function takes numbers the core computed (`ndcg_core.ordering`) and item names as plain
text, and returns a figure; none computes a score. Names and numbers are written here, through
`ui.text.for_chart` and `ndcg_core.display`, so the page holds no plotly code.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import pandas as pd
import plotly.graph_objects as go

from i18n import tr, trn
from ndcg_core.display import count, fixed, signed

from ..text import for_chart
from .theme import (
    BLUE,
    DIVERGING,
    GREEN,
    GREY,
    ORANGE,
    SKY,
    VERMILLION,
    label_at_top,
    layout,
    vertical_line,
)

HEATMAP_MAX = 60  # positions drawn in the heatmap; longer lists show their top
CELL_TEXT_MAX = 12  # up to this many positions, every cell prints its change
NAMED_TICKS_MAX = 20  # up to this many positions, the rows are named by their items


def _step(count: int) -> int | None:
    """Tick every position on short axes; let plotly choose on long ones."""
    return 1 if count <= NAMED_TICKS_MAX else None


# ---------------------------------------------------------------------------------------------
# Every swap
# ---------------------------------------------------------------------------------------------


def swap_heatmap(
    deltas: np.ndarray,
    names: Sequence[str],
    current: float,
    *,
    measure: str = "NDCG",
    limit: int = HEATMAP_MAX,
) -> go.Figure:
    """ΔNDCG of swapping positions i and j, for the top `limit` positions.

    `deltas` is `ordering.swap_deltas`, `names` one name per position ("D1 (rel 3)") and
    `current` the list's NDCG, so each cell's hover says what the NDCG becomes. Heatmap cells
    cannot be selected in Streamlit, so an invisible square marker on each cell carries the
    hover text and the click (a selected point is the swap of its row and column).
    """
    shown = min(len(names), limit)
    block = np.asarray(deltas, dtype=float)[:shown, :shown]
    positions = list(range(1, shown + 1))
    safe = [for_chart(name) for name in names[:shown]]
    template = tr(
        "swap position {i}, {first}<br>with position {j}, {second}<br>"
        "{measure} {before} → {after} ({change})"
    )
    hover = [
        template.format(
            i=i + 1,
            first=safe[i],
            j=j + 1,
            second=safe[j],
            measure=measure,
            before=fixed(current),
            after=fixed(current + block[i, j]),
            change=signed(block[i, j]),
        )
        for i in range(shown)
        for j in range(shown)
    ]
    # Symmetric colours around 0, so blue and vermillion of one strength mean the same size.
    reach = float(np.abs(block).max()) or 1.0
    heatmap = go.Heatmap(
        z=block,
        x=positions,
        y=positions,
        hoverinfo="skip",
        colorscale=DIVERGING,
        zmin=-reach,
        zmax=reach,
        # Under the chart, not beside it: on a phone every pixel of width goes to the cells.
        colorbar={
            "title": {"text": f"Δ{measure}", "side": "top"},
            "orientation": "h",
            "x": 0.5,
            "xanchor": "center",
            "y": -0.04,
            "yanchor": "top",
            "thickness": 14,
            "len": 0.8,
        },
    )
    if shown <= CELL_TEXT_MAX:
        heatmap.update(
            text=[[signed(v) if v else "0" for v in row] for row in block],
            texttemplate="%{text}",
            textfont={"size": 11},
        )
    figure = go.Figure(
        heatmap,
        layout=layout(
            height=min(700, 260 + 40 * shown),
            x_title=tr("position j"),
            y_title=tr("position i"),
            xaxis={"dtick": _step(shown) or 5, "side": "top", "range": [0.5, shown + 0.5]},
            yaxis={
                "dtick": _step(shown) or 5,
                "range": [shown + 0.5, 0.5],
                "automargin": True,
            },
        ),
    )
    rows, columns = np.indices((shown, shown)) + 1
    figure.add_scatter(
        x=columns.ravel(),
        y=rows.ravel(),
        mode="markers",
        marker={"symbol": "square", "size": max(6, min(40, 400 // shown)), "opacity": 0},
        selected={"marker": {"opacity": 0}},
        unselected={"marker": {"opacity": 0}},
        customdata=hover,
        hovertemplate="%{customdata}<extra></extra>",
        showlegend=False,
    )
    if shown <= NAMED_TICKS_MAX:
        ticks = [f"{p} · {name}" for p, name in zip(positions, safe)]
        figure.update_yaxes(tickvals=positions, ticktext=ticks)
    return figure


def heatmap_box(n: int) -> str:
    """The key of the container the heatmap is drawn in: it carries the number of cells in a row
    (up to CELL_TEXT_MAX; longer rows print no numbers anyway), which the style sheet reads: in a
    chart too narrow for a cell's number (a phone), ui/assets/app.css leaves the numbers out."""
    return f"heatmap_cells_{n if n <= CELL_TEXT_MAX else 'many'}"


def swap_table(deltas: np.ndarray, names: Sequence[str], limit: int = HEATMAP_MAX) -> pd.DataFrame:
    """The heatmap's numbers as a table (its text equivalent): a row per position i, named by
    its item, and a column per position j."""
    shown = min(len(names), limit)
    block = np.asarray(deltas, dtype=float)[:shown, :shown]
    rows = [f"{p} · {name}" for p, name in enumerate(names[:shown], start=1)]
    return pd.DataFrame(block, index=rows, columns=[str(p) for p in range(1, shown + 1)])


# ---------------------------------------------------------------------------------------------
# One item through every position
# ---------------------------------------------------------------------------------------------


def journey_chart(
    sweep: Sequence[float], position: int, item: str, *, measure: str = "NDCG"
) -> go.Figure:
    """NDCG with one item at each position (`ordering.position_sweep`); its place now marked."""
    values = np.asarray(sweep, dtype=float)
    positions = np.arange(1, values.size + 1)
    figure = go.Figure(
        layout=layout(
            height=380,
            x_title=tr("position of the item"),
            y_title=tr("{measure} (zoomed)", measure=measure),
            xaxis={"dtick": _step(values.size)},
        )
    )
    figure.add_scatter(
        x=positions,
        y=values,
        mode="lines+markers",
        name=tr("{measure} with {item} at each position", measure=measure, item=for_chart(item)),
        line={"color": BLUE, "width": 3},
        marker={"symbol": "circle", "size": 8, "color": BLUE},
        hovertext=[
            tr(
                "at position {position}: {measure} {value}",
                position=p,
                measure=measure,
                value=fixed(v),
            )
            for p, v in zip(positions, values)
        ],
        hoverinfo="text",
    )
    now = float(values[position - 1])
    figure.add_scatter(
        x=[position],
        y=[now],
        mode="markers+text",
        name=tr("where it is now"),
        marker={"symbol": "diamond", "size": 16, "color": ORANGE, "line": {"width": 2}},
        text=[tr("now")],
        textposition="top center",
        hovertext=[
            tr(
                "now, position {position}: {measure} {value}",
                position=position,
                measure=measure,
                value=fixed(now),
            )
        ],
        hoverinfo="text",
    )
    return figure


# ---------------------------------------------------------------------------------------------
# Every ordering
# ---------------------------------------------------------------------------------------------


def distribution_chart(
    histogram: pd.DataFrame,
    *,
    current: float,
    expected: float,
    best: float,
    worst: float,
    exact: bool,
    measure: str = "NDCG",
) -> go.Figure:
    """The share of orderings in each bin of NDCG (`OrderingDistribution.histogram`), with the
    worst, random (expected), current and best scores marked by lines of their own dash."""
    share = histogram["share"].to_numpy(dtype=float) * 100
    left = histogram["left"].to_numpy(dtype=float)
    right = histogram["right"].to_numpy(dtype=float)
    counts = histogram["count"].to_numpy()
    top = float(share.max()) if share.size else 0.0
    top = top or 1.0
    figure = go.Figure(
        layout=layout(
            height=430,
            x_title=tr("{measure} of an ordering", measure=measure),
            y_title=tr("% of orderings"),
            yaxis={"range": [0, top * 1.5]},
            bargap=0.05,
        )
    )
    figure.add_bar(
        x=(left + right) / 2,
        y=share,
        width=right - left,
        marker={"color": SKY, "line": {"color": BLUE, "width": 1}},
        name=tr("share of orderings") if exact else tr("share of the sample"),
        hovertext=[
            trn(
                "{measure} {low}–{high}<br>{count} ordering ({share} %)",
                "{measure} {low}–{high}<br>{count} orderings ({share} %)",
                int(c),
                measure=measure,
                low=fixed(a),
                high=fixed(b),
                count=count(int(c)),
                share=fixed(s, 2),
            )
            for a, b, c, s in zip(left, right, counts, share)
        ],
        hoverinfo="text",
    )
    marks = [
        (tr("worst"), worst, GREY, "dot"),
        (tr("random (expected)"), expected, ORANGE, "dashdot"),
        (tr("this list"), current, VERMILLION, "solid"),
        (tr("best"), best, GREEN, "dash"),
    ]
    middle = (worst + best) / 2
    # When every ordering scores the same, the marks share one x: their labels are centred on it.
    one_score = fixed(worst) == fixed(best)
    for row, (name, value, colour, dash) in enumerate(marks):
        figure.add_scatter(
            x=[value, value],
            # Each mark's label sits at its own height, so marks at one score stay readable.
            y=[0, top * (1.08 + 0.09 * row)],
            mode="lines+text",
            line={"color": colour, "dash": dash, "width": 3},
            text=["", f"{name} {fixed(value)}"],
            # Labels lean inwards, so the ones at the extremes stay inside the chart.
            textposition=(
                "top center" if one_score else "top right" if value <= middle else "top left"
            ),
            textfont={"color": colour},
            name=f"{name}: {fixed(value)}",
            hovertext=f"{name}: {measure} {fixed(value)}",
            hoverinfo="text",
        )
    return figure


# ---------------------------------------------------------------------------------------------
# One swap at every cut-off
# ---------------------------------------------------------------------------------------------


def distribution_table(histogram: pd.DataFrame, *, measure: str = "NDCG") -> pd.DataFrame:
    """The histogram's bars as rows (its text equivalent): each non-empty band of scores, how
    many orderings fall in it and their share."""
    shown = histogram[histogram["count"] > 0]
    return pd.DataFrame(
        {
            tr("{measure} from", measure=measure): [fixed(v) for v in shown["left"]],
            tr("to"): [fixed(v) for v in shown["right"]],
            tr("orderings"): shown["count"].to_numpy(),
            "%": shown["share"].to_numpy(dtype=float) * 100,
        }
    )


def cutoff_chart(table: pd.DataFrame, i: int, j: int, *, marked: str) -> go.Figure:
    """NDCG@k before and after swapping positions i and j (`ordering.ndcg_at_each_k`), with the
    chosen cut-off (the table's `chosen` row) marked by a dotted line labelled `marked`."""
    cut_offs = table["k"].to_numpy()
    chosen = table.loc[table["chosen"], "k"]
    marks = {}
    if not chosen.empty:
        k = int(chosen.iloc[0])
        marks = {
            "shapes": [vertical_line(k, {"color": GREY, "dash": "dot"})],
            "annotations": [label_at_top(k, for_chart(marked))],
        }
    figure = go.Figure(
        layout=layout(
            height=380,
            x_title=tr("cut-off k"),
            y_title="NDCG@k",
            xaxis={"dtick": _step(len(table))},
            yaxis={"rangemode": "tozero"},
            **marks,
        )
    )
    for column, name, colour, dash, symbol in (
        ("before", tr("as listed"), BLUE, "solid", "circle"),
        (
            "after",
            tr("after swapping positions {i} and {j}", i=i, j=j),
            VERMILLION,
            "dash",
            "square",
        ),
    ):
        values = table[column].to_numpy(dtype=float)
        figure.add_scatter(
            x=cut_offs,
            y=values,
            mode="lines+markers",
            name=name,
            line={"color": colour, "width": 3, "dash": dash},
            marker={"symbol": symbol, "size": 8, "color": colour},
            hovertext=[
                tr("NDCG@{k} {name}: {value}", k=k, name=name, value=fixed(v))
                for k, v in zip(cut_offs, values)
            ],
            hoverinfo="text",
        )
    return figure
