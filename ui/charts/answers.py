"""The live classroom's charts: how the class answered, a bar per option or a histogram of the
numbers typed.

Before the reveal every bar looks the same (the chart must not give the answer away); after it
the right option is green, with a ✓ in its label and a plain fill, and the others grey and
hatched, so colour is never the only cue. A student's own answer is named "you" in words.
Counts come from `classroom.questions`; nothing is computed here.
"""

from __future__ import annotations

import textwrap
from collections.abc import Sequence

import plotly.graph_objects as go

from classroom.questions import Bar, Bin
from ndcg_core.display import DIGITS, exact, fixed

from ..text import for_chart
from .theme import BLUE, GREEN, GREY, ORANGE, layout

LABEL_WIDTH = 34  # characters per line of an option's label
BAR_HEIGHT = 56  # pixels per option
HEIGHT = 320


def _label(text: str) -> str:
    return "<br>".join(textwrap.wrap(for_chart(text), LABEL_WIDTH)) or " "


def choice_bars(
    bars: Sequence[Bar], *, revealed: bool, mine: int | None = None, height: int | None = None
) -> go.Figure:
    """One horizontal bar per option, first option on top, its count printed at its end."""
    labels, colours, patterns = [], [], []
    for bar in bars:
        mark = "✓ " if revealed and bar.right else ""
        you = " (you)" if bar.index == mine else ""
        labels.append(_label(f"{mark}{bar.label}{you}"))
        colours.append((GREEN if bar.right else GREY) if revealed else BLUE)
        patterns.append("/" if revealed and not bar.right else "")
    counts = [bar.count for bar in bars]
    fig = go.Figure(
        go.Bar(
            x=counts,
            y=labels,
            orientation="h",
            marker={"color": colours, "pattern": {"shape": patterns}},
            text=[str(c) for c in counts],
            textposition="outside",
            cliponaxis=False,
            hovertemplate="%{y}<br>%{x} answers<extra></extra>",
        )
    )
    top = max(counts, default=0)
    fig.update_layout(
        **layout(
            height=height or max(HEIGHT, BAR_HEIGHT * len(bars) + 80),
            x_title="answers",
            xaxis={"range": [0, max(top, 1) * 1.2], "dtick": None if top > 10 else 1},
            yaxis={"autorange": "reversed", "automargin": True},
            showlegend=False,
        )
    )
    return fig


def number_histogram(
    bins: Sequence[Bin],
    *,
    target: float | None = None,
    tolerance: float | None = None,
    mine: float | None = None,
    height: int = HEIGHT,
    band: tuple[float, float] | None = None,
) -> go.Figure:
    """The numbers typed, counted in `bins`. After the reveal (`target` given) the band that
    counts as right is shaded (`band`, lowest and highest; else ± `tolerance` around the
    target) and the exact value marked; `mine` marks a student's own."""
    centres = [(b.low + b.high) / 2 for b in bins]
    width = bins[0].high - bins[0].low if bins else 0.1
    counts = [b.count for b in bins]
    fig = go.Figure(
        go.Bar(
            x=centres,
            y=counts,
            width=[width * 0.92] * len(bins),
            marker={"color": BLUE},
            text=[str(c) if c else "" for c in counts],
            textposition="outside",
            cliponaxis=False,
            customdata=[f"{exact(b.low)}–{exact(b.high)}" for b in bins],
            hovertemplate="%{customdata}: %{y} answers<extra></extra>",
        )
    )
    if target is not None:
        if band is None and tolerance:
            band = (target - tolerance, target + tolerance)
        if band is not None:
            fig.add_vrect(
                # The band within the histogram's range (an answer near 1 would spill past it).
                x0=max(band[0], bins[0].low) if bins else band[0],
                x1=min(band[1], bins[-1].high) if bins else band[1],
                fillcolor=GREEN,
                opacity=0.2,
                line_width=0,
            )
        fig.add_vline(
            x=target,
            line={"color": GREEN, "width": 3},
            annotation_text=f"answer {fixed(target)}",
            annotation_position="top left",
        )
    if mine is not None:
        fig.add_vline(
            x=mine,
            line={"color": ORANGE, "width": 3, "dash": "dash"},
            annotation_text=f"you: {exact(round(mine, DIGITS))}",
            annotation_position="top right",
        )
    top = max(counts, default=0)
    fig.update_layout(
        **layout(
            height=height,
            x_title="answer",
            y_title="answers",
            # Head room above the bars: the count labels, then the answer's and "you" notes.
            yaxis={"range": [0, max(top, 1) * 1.6], "dtick": None if top > 10 else 1},
            showlegend=False,
            bargap=0,
        )
    )
    fig.update_xaxes(linecolor=GREY)
    return fig
