"""The look every chart shares: one palette, one base layout, one plotly config, presenter sizes.

Okabe–Ito colours (safe for the common colour-vision deficiencies, readable on white and on a
projector), and every colour doubled by a second cue in the charts themselves (a pattern, a
dash, a marker shape, or a text label). Every chart reaches the page through `show`, so each one
gets the same toolbar and grows for presenter view.
"""

from __future__ import annotations

import streamlit as st

from i18n import NARROW_NBSP, tr
from ndcg_core.display import decimal_mark
from ui.share import is_presenting

BLUE = "#0072B2"
ORANGE = "#E69F00"
ORANGE_EDGE = "#A86F00"  # an outline for ORANGE areas: 4.3:1 on white, where ORANGE has 2.3:1
GREEN = "#009E73"
VERMILLION = "#D55E00"
PURPLE = "#CC79A7"
SKY = "#56B4E9"
GREY = "#7F7F7F"  # neutral lines and marks
MUTED = "#646362"  # secondary text (ticks, column heads): 5.9:1 on white, AA for small text
GRID = "rgba(128, 128, 128, 0.35)"  # grid lines that read on light and dark backgrounds
NEUTRAL = "#EEEEEE"  # the middle of a diverging scale: no change
PALETTE = (BLUE, ORANGE, GREEN, PURPLE, SKY, VERMILLION)  # categorical series, in this order
SYMBOLS = ("diamond", "circle", "square", "triangle-up", "triangle-down", "x")
PATTERNS = ("", "/", ".", "x", "-", "+")
# Losses in vermillion, gains in blue, no change in a light grey.
DIVERGING = [[0.0, VERMILLION], [0.5, NEUTRAL], [1.0, BLUE]]
FADED = 0.35  # opacity of what lies beyond the cut-off k

FONT_SIZE = 14
PRESENTER_FONT_SIZE = 24  # readable on a projector from the back row

# The PNG export is plotly's own (it runs in the browser, nothing is fetched).
CONFIG = {
    "displaylogo": False,
    "toImageButtonOptions": {"format": "png", "filename": "ndcg-lab-chart", "scale": 2},
    "modeBarButtonsToRemove": ["select2d", "lasso2d", "autoScale2d"],
}


def layout(*, height: int, x_title: str | None = None, y_title: str | None = None, **extra) -> dict:
    """The base layout of every chart, for its figure's constructor (`go.Figure(layout=…)`):
    there it costs a few milliseconds, where `update_layout` on a figure that already holds
    traces costs 15–20 (plotly's update machinery)."""
    base = {
        "height": height,
        "margin": {"l": 10, "r": 10, "t": 40, "b": 10},
        "paper_bgcolor": "rgba(0,0,0,0)",
        "plot_bgcolor": "rgba(0,0,0,0)",
        "font": {"size": FONT_SIZE},
        "legend": {"orientation": "h", "yanchor": "bottom", "y": 1.02, "x": 0, "title": None},
        "hoverlabel": {"font": {"size": FONT_SIZE}},
        # Keep the user's zoom when the page redraws the same chart with new numbers.
        "uirevision": "ndcg-lab",
        # The language's decimal mark and thousands separator in ticks and hovers (display.py).
        "separators": ".," if decimal_mark() == "." else decimal_mark() + NARROW_NBSP,
    }
    if x_title is not None:
        base["xaxis"] = {"title": {"text": x_title}, "gridcolor": GRID}
    if y_title is not None:
        base["yaxis"] = {"title": {"text": y_title}, "gridcolor": GRID, "zerolinecolor": GRID}
    for name, value in extra.items():
        if isinstance(value, dict) and isinstance(base.get(name), dict):
            base[name] = {**base[name], **value}
        else:
            base[name] = value
    return base


# A vertical line or band across the plot's whole height at data x, and a label at its top,
# as parts of the layout (`layout(shapes=…, annotations=…)`): the same shapes and annotation
# plotly's `add_vline`/`add_vrect` write, at a tenth of their cost (plotly's add_* walk every
# subplot and copy the layout: about 6 ms a call).
def vertical_line(x: float, line: dict) -> dict:
    return {
        "type": "line",
        "xref": "x",
        "yref": "y domain",
        "x0": x,
        "x1": x,
        "y0": 0,
        "y1": 1,
        "line": line,
    }


def vertical_band(x0: float, x1: float, colour: str, opacity: float) -> dict:
    return {
        "type": "rect",
        "xref": "x",
        "yref": "y domain",
        "x0": x0,
        "x1": x1,
        "y0": 0,
        "y1": 1,
        "fillcolor": colour,
        "opacity": opacity,
        "line": {"width": 0},
        "layer": "below",
    }


def label_at_top(x: float, text: str, *, centred: bool = False) -> dict:
    """`text` at the top of a vertical line at x: above the plot, centred on it (`centred`), or
    inside the plot, to the line's right."""
    where = (
        {"xanchor": "center", "yanchor": "bottom"}
        if centred
        else {"xanchor": "left", "yanchor": "top"}
    )
    return {
        "x": x,
        "xref": "x",
        "y": 1,
        "yref": "y domain",
        "text": text,
        "showarrow": False,
        **where,
    }


def present(fig):
    """Larger text everywhere in a figure, in presenter view; returns the figure."""
    if not is_presenting():
        return fig
    size = PRESENTER_FONT_SIZE
    # Streamlit's plotly theme sets tick and title sizes of its own: override each one.
    fig.update_layout(
        font={"size": size}, legend={"font": {"size": size}}, hoverlabel={"font": {"size": size}}
    )
    # The margins grow with the text, so axis titles and tick labels are not cut off.
    fig.update_xaxes(tickfont={"size": size}, title_font={"size": size}, automargin=True)
    fig.update_yaxes(tickfont={"size": size}, title_font={"size": size}, automargin=True)
    fig.update_annotations(font_size=size)
    fig.update_traces(textfont_size=size, selector={"type": "bar"})
    fig.update_traces(textfont_size=size, selector={"type": "scatter"})
    fig.update_traces(textfont_size=size, selector={"type": "heatmap"})
    if fig.layout.height:
        fig.update_layout(height=int(fig.layout.height * 1.3))
    return fig


def _axis_title(fig, axis: str) -> str:
    title = getattr(getattr(fig.layout, axis, None), "title", None)
    return str(getattr(title, "text", None) or "")


def name_of(fig) -> str:
    """A chart's name for assistive technology when the page gives none: what it plots."""
    y, x = _axis_title(fig, "yaxis"), _axis_title(fig, "xaxis")
    if y and x:
        return tr("Chart of {y} by {x}", y=y, x=x)
    return tr("Chart of {what}", what=y or x) if (y or x) else tr("Chart")


def show_plotly(fig, key: str, *, alt: str | None = None, **kwargs):
    """Draw a plotly figure on the page: the app's toolbar, presenter sizes, the column's width,
    and a name for screen readers (`alt`: what the chart shows, in one sentence; the caption
    under it describes it further, and a table beside it gives its numbers). Pages call
    `charts.show`, which also draws the page's own line charts."""
    kwargs.setdefault("width", "stretch")
    return st.plotly_chart(present(fig), key=key, config=CONFIG, alt=alt or name_of(fig), **kwargs)
