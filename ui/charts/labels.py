"""The chart of /learn-labels: click rates of a list under position bias.

It takes the numbers the core computed (`lessons.clicks.click_table`) and returns a figure; it
computes nothing.
"""

from __future__ import annotations

import pandas as pd
import plotly.graph_objects as go

from i18n import tr
from ndcg_core.display import fixed

from ..text import for_chart
from .theme import BLUE, GREEN, ORANGE, layout


def clicks_chart(table: pd.DataFrame, *, height: int = 320) -> go.Figure:
    """Per position (`clicks.click_table`): how attractive the item is, the chance the position
    is looked at, and the click rate that results (their product)."""
    fig = go.Figure()
    position = table["position"].to_numpy()
    labels = [for_chart(label) for label in table["label"]]
    fig.add_bar(
        name=tr("Attractive (aᵢ)"),
        x=position,
        y=table["a"].to_numpy(dtype=float),
        marker={"color": BLUE, "pattern": {"shape": ".", "solidity": 0.3}},
        hovertext=[f"{lab}: a = {fixed(v)}" for lab, v in zip(labels, table["a"])],
        hoverinfo="text",
    )
    fig.add_bar(
        name=tr("Clicked (cᵢ = θᵢ·aᵢ)"),
        x=position,
        y=table["ctr"].to_numpy(dtype=float),
        marker={"color": ORANGE},
        hovertext=[
            tr("{label}: click rate {value}", label=lab, value=fixed(v))
            for lab, v in zip(labels, table["ctr"])
        ],
        hoverinfo="text",
    )
    fig.add_scatter(
        name=tr("Looked at (θᵢ)"),
        x=position,
        y=table["theta"].to_numpy(dtype=float),
        mode="lines+markers",
        line={"color": GREEN, "width": 3, "dash": "dash"},
        marker={"symbol": "diamond", "size": 8, "color": GREEN},
        hovertext=[
            tr("position {position}: θ = {value}", position=p, value=fixed(v))
            for p, v in zip(position, table["theta"])
        ],
        hoverinfo="text",
    )
    fig.update_layout(
        **layout(height=height, x_title=tr("Position i"), y_title=tr("Chance"), margin={"t": 60}),
        barmode="group",
    )
    fig.update_yaxes(range=[0, 1.05])
    fig.update_xaxes(tickmode="linear", tick0=1, dtick=1 if len(position) <= 20 else None)
    return fig
