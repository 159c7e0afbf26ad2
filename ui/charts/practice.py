"""The practice page's chart: the relevance at each position of one or two ranked lists.

Drawn by the page's own chart (`lines.LineChart`, bars side by side), not plotly: /practice then
never loads plotly's chunk, which cost a phone most of the page's opening (bench/README.md,
"What a page's open costs the browser").
"""

from __future__ import annotations

from collections.abc import Sequence

from i18n import N_, tr
from ndcg_core.display import exact

from .lines import Bars, LineChart
from .theme import PALETTE

HEIGHT = 300
HEADROOM = 1.1  # room above the tallest bar


def relevance_bars(
    lists: Sequence[tuple[str, Sequence[float]]], k: int | None, *, height: int = HEIGHT
) -> LineChart:
    """One bar per position for each (name, relevances) list, grouped side by side, each list
    with its own colour, every other one dotted (a cue beside the colour); a dotted line after
    position k when k cuts the lists."""
    bars = []
    for i, (name, relevances) in enumerate(lists):
        shown = str(name)  # drawn as text by the chart, never as markup
        positions = range(1, len(relevances) + 1)
        bars.append(
            Bars(
                name=shown,
                x=list(positions),
                y=[float(v) for v in relevances],
                colour=PALETTE[i % len(PALETTE)],
                dotted=i % 2 == 1,
                legend=len(lists) > 1,
                hover=[
                    tr("{name}\nposition {i}: relevance {value}", name=shown, i=i, value=exact(v))
                    for i, v in zip(positions, relevances)
                ],
            )
        )
    longest = max(len(relevances) for _, relevances in lists)
    top = max((max(relevances, default=0) for _, relevances in lists), default=0)
    bottom = min((min(relevances, default=0) for _, relevances in lists), default=0)
    return LineChart(
        tr("relevance"),
        longest,
        tuple(bars),
        (min(bottom, 0) * HEADROOM, max(top, 1) * HEADROOM),
        x_title=N_("position in the ranking"),
        cut=k,
        height=height,
    )
