"""The chart of /learn-discount: the discount curves drawn together.

It takes the weights the core computed (`lessons.curves.curve_table`) and returns the page's own
line chart (`lines.LineChart`, no plotly); it computes nothing.
"""

from __future__ import annotations

from collections.abc import Mapping

import pandas as pd

from i18n import N_, tr
from ndcg_core.display import fixed

from .lines import DASHES, LineChart, Series
from .theme import PALETTE, SYMBOLS

_DASHES = tuple(DASHES)  # each curve its own: solid, dash, dot, dash-dot


def curves_chart(table: pd.DataFrame, names: Mapping[str, str], *, height: int = 360) -> LineChart:
    """Every curve of `table` (`curves.curve_table`: a position column and one per curve),
    each with its own colour, dash and marker, named by `names` (curve key → legend text)."""
    position = table["position"].to_numpy()
    series = []
    for index, (key, name) in enumerate(names.items()):
        values = table[key].to_numpy(dtype=float)
        series.append(
            Series(
                name=name,
                x=position,
                y=values,
                colour=PALETTE[index % len(PALETTE)],
                dash=_DASHES[index % len(_DASHES)],
                marker=SYMBOLS[index % len(SYMBOLS)],
                size=7,
                hover=[
                    tr(
                        "{name}\nposition {position}: weight {value}",
                        name=name,
                        position=p,
                        value=fixed(v),
                    )
                    for p, v in zip(position, values)
                ],
            )
        )
    return LineChart(
        tr("Weight d(i)"),
        len(position),
        tuple(series),
        (0, 1.05),
        x_title=N_("Position i"),
        height=height,
    )
