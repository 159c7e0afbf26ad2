"""The practice page's chart: the relevance at each position of one or two ranked lists.

Drawn once per exercise (not on every keystroke), so it is a plain, checked `go.Figure`.
"""

from __future__ import annotations

from collections.abc import Sequence

import plotly.graph_objects as go

from i18n import tr
from ndcg_core.display import exact

from ..text import for_chart
from .theme import GREY, PALETTE, PATTERNS, layout

HEIGHT = 300
HEADROOM = 1.25  # room above the tallest bar for its number


def relevance_bars(
    lists: Sequence[tuple[str, Sequence[float]]], k: int | None, *, height: int = HEIGHT
) -> go.Figure:
    """One bar per position for each (name, relevances) list, grouped side by side, each list
    with its own colour and pattern; a dashed line after position k when k cuts the lists."""
    top = max((max(relevances) for _, relevances in lists), default=0)
    fig = go.Figure(
        layout=layout(
            height=height,
            x_title=tr("position in the ranking"),
            y_title=tr("relevance"),
            xaxis={"dtick": 1},
            yaxis={"range": [0, max(top, 1) * HEADROOM]},
            barmode="group",
            showlegend=len(lists) > 1,
        )
    )
    for i, (name, relevances) in enumerate(lists):
        fig.add_bar(
            x=list(range(1, len(relevances) + 1)),
            y=list(relevances),
            name=for_chart(name),
            marker={
                "color": PALETTE[i % len(PALETTE)],
                "pattern": {"shape": PATTERNS[i % len(PATTERNS)]},
            },
            text=[exact(v) for v in relevances],
            textposition="outside",
            hovertemplate=tr(
                "{name}<br>position %{{x}}: relevance %{{y}}<extra></extra>", name=for_chart(name)
            ),
        )
    longest = max(len(relevances) for _, relevances in lists)
    if k is not None and k < longest:
        fig.add_vline(
            x=k + 0.5,
            line={"dash": "dash", "color": GREY},
            annotation_text=f"k = {k}",
        )
    return fig
