"""The charts of the Many queries page: the spread of per-query values, and A against B.

They take plain numbers (the core computed them) and return figures; file names and query ids
go through `for_chart`, so an id such as ``<b>q</b>`` shows as typed.
"""

from __future__ import annotations

import numpy as np
import pandas as pd
import plotly.graph_objects as go

from i18n import tr
from ndcg_core.display import count, fixed, signed

from ..text import for_chart
from .theme import (
    BLUE,
    GREY,
    ORANGE,
    VERMILLION,
    label_at_top,
    layout,
    vertical_band,
    vertical_line,
)

BIN_WIDTH = 0.05  # of NDCG, so 20 bars span 0–1
# A value of exactly 1 belongs in the last bar, not in a bar of its own beyond it.
TOP_EDGE = 1.0001
AXIS_RANGE = [-0.03, 1.03]


def spread_histogram(
    values: np.ndarray, mean: float, low: float, high: float, measure: str, *, height: int = 300
) -> go.Figure:
    """How many queries fall in each 0.05-wide band of NDCG, with the mean (dashed) and its
    interval [low, high] (shaded). `values` are the per-query values in the mean (no NaN)."""
    values = np.asarray(values, dtype=float)
    tallest = int(np.histogram(values, bins=np.arange(0, TOP_EDGE + BIN_WIDTH, BIN_WIDTH))[0].max())
    figure = go.Figure(
        layout=layout(
            height=height,
            x_title=tr("{measure} of a query", measure=for_chart(measure)),
            y_title=tr("queries"),
            xaxis={"range": [-0.02, 1.04]},
            yaxis={"rangemode": "tozero", "dtick": max(1, int(np.ceil(tallest / 5)))},
            bargap=0.05,
            showlegend=False,
            shapes=[
                vertical_band(low, high, ORANGE, 0.2),
                vertical_line(mean, {"color": VERMILLION, "width": 3, "dash": "dash"}),
            ],
            annotations=[label_at_top(mean, tr("mean {value}", value=fixed(mean)), centred=True)],
        )
    )
    figure.add_trace(
        go.Histogram(
            x=values,
            xbins={"start": 0, "end": TOP_EDGE, "size": BIN_WIDTH},
            marker={"color": BLUE, "line": {"color": "white", "width": 1}, "pattern_shape": "/"},
            name=tr("queries"),
            hovertemplate=tr(
                "{measure} %{{x}}<br>%{{y}} queries<extra></extra>", measure=for_chart(measure)
            ),
        )
    )
    return figure


def spread_table(values: np.ndarray, measure: str) -> pd.DataFrame:
    """The histogram's bars as rows (its text equivalent): each 0.05-wide band of `measure` that
    holds a query, and how many it holds."""
    values = np.asarray(values, dtype=float)
    edges = np.arange(0, TOP_EDGE + BIN_WIDTH, BIN_WIDTH)
    counts, _ = np.histogram(values, bins=edges)
    columns = [tr("{measure} from", measure=measure), tr("to"), tr("queries")]
    rows = [
        dict(zip(columns, (fixed(low), fixed(min(high, 1.0)), int(n))))
        for low, high, n in zip(edges[:-1], edges[1:], counts)
        if n
    ]
    return pd.DataFrame(rows, columns=columns)


def paired_scatter(
    queries, a: np.ndarray, b: np.ndarray, outcomes, a_name: str, b_name: str, *, height: int = 400
) -> go.Figure:
    """One mark per query at (B, A): ▲ where A did better, ▼ where B did, ● where they tie.

    `outcomes` holds three masks over the queries (`stats.Outcomes`); queries in none of them
    (a value missing on one side) are not drawn.
    """
    names = np.asarray([for_chart(query) for query in queries], dtype=object)
    a, b = np.asarray(a, dtype=float), np.asarray(b, dtype=float)
    figure = go.Figure(
        layout=layout(
            height=height,
            x_title=f"B: {for_chart(b_name)}",
            y_title=f"A: {for_chart(a_name)}",
            xaxis={"range": AXIS_RANGE},
            yaxis={"range": AXIS_RANGE},
        )
    )
    # One trace per outcome: shape and colour both say who won, and the legend names them.
    for mask, label, symbol, colour in (
        (outcomes.a_better, tr("A better"), "triangle-up", BLUE),
        (outcomes.b_better, tr("B better"), "triangle-down", VERMILLION),
        (outcomes.equal, tr("equal"), "circle", GREY),
    ):
        figure.add_trace(
            go.Scatter(
                x=b[mask],
                y=a[mask],
                mode="markers",
                marker={
                    "symbol": symbol,
                    "color": colour,
                    "size": 10,
                    "line": {"width": 0.5, "color": "black"},
                },
                customdata=names[mask],
                hovertext=[
                    tr("query {name}<br>A {a}<br>B {b}", name=name, a=fixed(y), b=fixed(x))
                    for name, y, x in zip(names[mask], a[mask], b[mask])
                ],
                hoverinfo="text",
                name=f"{label} ({count(mask.sum())})",
            )
        )
    figure.add_trace(
        go.Scatter(
            x=[0, 1],
            y=[0, 1],
            mode="lines",
            line={"color": GREY, "dash": "dot"},
            hoverinfo="skip",
            name="A = B",
            showlegend=False,
        )
    )
    return figure


def paired_table(queries, a: np.ndarray, b: np.ndarray, outcomes) -> pd.DataFrame:
    """The scatter's marks as rows (its text equivalent): each query, its A and B, and who did
    better, in the words of the chart's legend."""
    a, b = np.asarray(a, dtype=float), np.asarray(b, dtype=float)
    better = np.full(len(a), "", dtype=object)
    better[outcomes.a_better] = tr("A better")
    better[outcomes.b_better] = tr("B better")
    better[outcomes.equal] = tr("equal")
    shown = better != ""
    return pd.DataFrame(
        {
            tr("query"): [str(query) for query in np.asarray(queries, dtype=object)[shown]],
            "A": a[shown],
            "B": b[shown],
            tr("who did better"): better[shown],
        }
    )


def delta_bars(queries, deltas: np.ndarray, run: str, baseline: str, measure: str) -> go.Figure:
    """Each query's Δ = run − baseline as a bar, sorted from the run's worst loss to its best
    win (blue: the run wins, vermillion: it loses; a tie is a grey tick)."""
    order = np.argsort(deltas, kind="stable")
    values = np.asarray(deltas, dtype=float)[order]
    names = [for_chart(str(q)) for q in np.asarray(queries, dtype=object)[order]]
    colours = [BLUE if v > 1e-9 else VERMILLION if v < -1e-9 else GREY for v in values]
    figure = go.Figure(
        go.Bar(
            x=list(range(len(values))),
            y=values,
            marker={"color": colours},
            # The Δ written as every page writes a change (`display.signed`: U+2212, the
            # language's decimal mark), not in Plotly's own number format.
            customdata=[[name, signed(v)] for name, v in zip(names, values, strict=True)],
            hovertemplate=tr("query %{customdata[0]}<br>Δ %{customdata[1]}<extra></extra>"),
        ),
        layout=layout(
            height=300,
            x_title=tr("queries, from {run}'s worst loss to its best win", run=for_chart(run)),
            y_title=f"Δ {for_chart(measure)}",
            xaxis={"showticklabels": False},
            showlegend=False,
            bargap=0.1,
        ),
    )
    return figure
