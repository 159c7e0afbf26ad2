"""The chart of /learn-discount: the discount curves drawn together.

It takes the weights the core computed (`lessons.curves.curve_table`) and returns a figure;
it computes nothing.
"""

from __future__ import annotations

from collections.abc import Mapping

import pandas as pd
import plotly.graph_objects as go

from i18n import tr
from ndcg_core.display import fixed

from ..text import for_chart
from .theme import PALETTE, SYMBOLS, layout

DASHES = ("solid", "dash", "dot", "dashdot")


def curves_chart(table: pd.DataFrame, names: Mapping[str, str], *, height: int = 360) -> go.Figure:
    """Every curve of `table` (`curves.curve_table`: a position column and one per curve),
    each with its own colour, dash and marker, named by `names` (curve key → legend text)."""
    fig = go.Figure()
    position = table["position"].to_numpy()
    for index, (key, name) in enumerate(names.items()):
        values = table[key].to_numpy(dtype=float)
        fig.add_scatter(
            name=for_chart(name),
            x=position,
            y=values,
            mode="lines+markers",
            line={"color": PALETTE[index % len(PALETTE)], "width": 3, "dash": DASHES[index % 4]},
            marker={"symbol": SYMBOLS[index % len(SYMBOLS)], "size": 7},
            hovertext=[
                tr(
                    "{name}<br>position {position}: weight {value}",
                    name=for_chart(name),
                    position=p,
                    value=fixed(v),
                )
                for p, v in zip(position, values)
            ],
            hoverinfo="text",
        )
    fig.update_layout(
        **layout(
            height=height, x_title=tr("Position i"), y_title=tr("Weight d(i)"), margin={"t": 60}
        )
    )
    fig.update_yaxes(range=[0, 1.05])
    fig.update_xaxes(range=[0.5, len(position) + 0.5])
    return fig
