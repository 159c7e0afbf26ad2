"""The chart of /learn-labels: click rates of a list under position bias.

It takes the numbers the core computed (`lessons.clicks.click_table`) and returns the page's own
chart (`lines.LineChart`: bars and a curve, no plotly); it computes nothing.
"""

from __future__ import annotations

import pandas as pd

from i18n import N_, tr
from ndcg_core.display import fixed

from .lines import Bars, LineChart, Series
from .theme import BLUE, GREEN, ORANGE


def clicks_chart(table: pd.DataFrame, *, height: int = 320) -> LineChart:
    """Per position (`clicks.click_table`): how attractive the item is, the chance the position
    is looked at, and the click rate that results (their product)."""
    position = table["position"].to_numpy()
    labels = [str(label) for label in table["label"]]
    # Each hover text starts with its series' name: the pointer shows a position's three.
    attractive, clicked, looked = (
        tr("Attractive (aᵢ)"),
        tr("Clicked (cᵢ = θᵢ·aᵢ)"),
        tr("Looked at (θᵢ)"),
    )
    return LineChart(
        tr("Chance"),
        len(position),
        (
            Bars(
                name=attractive,
                x=position,
                y=table["a"].to_numpy(dtype=float),
                colour=BLUE,
                dotted=True,
                hover=[
                    f"{attractive}\n{lab}: a = {fixed(v)}" for lab, v in zip(labels, table["a"])
                ],
            ),
            Bars(
                name=clicked,
                x=position,
                y=table["ctr"].to_numpy(dtype=float),
                colour=ORANGE,
                hover=[
                    f"{clicked}\n" + tr("{label}: click rate {value}", label=lab, value=fixed(v))
                    for lab, v in zip(labels, table["ctr"])
                ],
            ),
            Series(
                name=looked,
                x=position,
                y=table["theta"].to_numpy(dtype=float),
                colour=GREEN,
                dash="dash",
                marker="diamond",
                size=8,
                hover=[
                    f"{looked}\n"
                    + tr("position {position}: θ = {value}", position=p, value=fixed(v))
                    for p, v in zip(position, table["theta"])
                ],
            ),
        ),
        (0, 1.05),
        x_title=N_("Position i"),
        height=height,
    )
