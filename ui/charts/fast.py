"""A plain-dict stand-in for plotly's go.Figure, for the charts redrawn on every change.

go.Figure checks every property as it is set, which costs ~8 ms a chart: more than the rest of
the playground's rerun (bench/bench_playground.py). The breakdown charts are written as plain
plotly dicts instead and wrapped unchecked; tests/ui/test_charts.py builds each one again *with*
plotly's checks, so a typo still fails.
"""

from __future__ import annotations

import plotly.graph_objects as go


class FastFigure:
    """The few go.Figure methods the breakdown charts use, collecting a plain dict."""

    def __init__(self) -> None:
        self.data: list[dict] = []
        self.layout: dict = {}

    def add_bar(self, **trace) -> None:
        self.data.append({"type": "bar", **trace})

    def add_scatter(self, **trace) -> None:
        self.data.append({"type": "scatter", **trace})

    def update_layout(self, **layout) -> None:
        self.layout.update(layout)

    def update_xaxes(self, **axis) -> None:
        self._axis("xaxis", axis)

    def update_yaxes(self, **axis) -> None:
        self._axis("yaxis", axis)

    def _axis(self, name: str, axis: dict) -> None:
        if "title_text" in axis:
            axis["title"] = {"text": axis.pop("title_text")}
        self.layout.setdefault(name, {}).update(axis)

    def to_dict(self) -> dict:
        return {"data": self.data, "layout": self.layout}

    def figure(self) -> go.Figure:
        # An empty template: plotly's default one is large and copied at every step, and
        # Streamlit lays its own theme over the chart anyway.
        self.layout.setdefault("template", {"layout": {}})
        return go.Figure(self.to_dict(), _validate=False)
