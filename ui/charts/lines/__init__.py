"""Charts over the positions of a list drawn in the page: curves (the running DCG beside the
running IDCG, the discount at each position, NDCG at every k, the discount curves of
/learn-discount) and bars side by side (each position's contribution in your order and the
ideal one, the click rates of /learn-labels), on one pair of axes.

One Streamlit component (Components v2: mounted in the page, no frame), from the plain files
beside this module, as the ranking board is: nothing is fetched or built. Python decides all a
chart shows (its series and their points, colours, dashes, markers and fills, where each bar
stands and how wide it is, which bars are faded, the axes' ranges, ticks and tick texts, the
cut-off line, each point's hover text); `lines.js` only places it: it scales values to pixels,
draws SVG, and shows a position's texts under the pointer.

Why not plotly, as the app's other charts are: a plotly chart costs the browser tens of
milliseconds to redraw, inside the same render as the page's numbers, so the playground's new
NDCG waited for its three curves (bench/README.md, "the typed change"); and a page with one
plotly chart runs plotly's 4.7 MB chunk as it opens, 1.3–2.2 s of the browser's main thread on
a walkthrough ("What a page's open costs the browser"). These draw in about a millisecond, and
a page that has no other chart never loads plotly.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from i18n import N_, tr
from ndcg_core.display import MINUS, exact
from ui.component import register

from ..theme import FADED, FONT_SIZE, GRID, MUTED, PRESENTER_FONT_SIZE, SYMBOLS, VERMILLION

HERE = Path(__file__).parent
NAME = "ndcg_lab.line_chart"
LONG_CURVE = 100  # past this many positions a curve is drawn without a marker per point
PRESENTER_GROWTH = 1.3  # presenter view: charts this much taller, as plotly's are (theme.present)
MARKERS = SYMBOLS  # the theme's marker shapes, each drawn by lines.js
# A line's dash, as SVG's stroke-dasharray for a 3-pixel line (plotly's names and lengths).
DASHES = {"": "none", "dash": "9 6", "dot": "3 3", "dashdot": "9 3 3 3"}
# Bars side by side: the room between two positions' groups, and between two bars of a group,
# as shares of a position's width and of a bar's slot (plotly's bargap and bargroupgap).
BAR_GAP = 0.25
GROUP_GAP = 0.05


# Registered once, when the module is first imported; each chart mounts it with its own key.
_mount = register(NAME, HERE, "lines")


@dataclass(frozen=True)
class Note:
    """A text beside a series' last point, on a light ground so no line runs through it. The
    script tries the side asked for first, and moves the text to the nearest place where it
    hides no point and no curve (only the browser knows the text's size in pixels)."""

    text: str
    leftward: bool = False  # tried first to the left of the point (in the chart's right half)
    below: bool = False  # tried first under the point (in the chart's upper half)


@dataclass(frozen=True)
class Series:
    """One curve: a value at each of `x` (NaN: no point there), with a hover text per point
    (its lines joined by newlines: drawn as text, never as markup)."""

    name: str
    x: Sequence[float]
    y: Sequence[float]
    colour: str
    hover: Sequence[str]
    dash: str = ""  # solid, or one of DASHES
    marker: str = "circle"
    size: float = 9  # the marker's width, in pixels at the chart's normal text size
    hollow: Sequence[bool] = ()  # markers drawn open: the point does not count (beyond k)
    line: bool = True  # False: markers only
    legend: bool = True
    note: Note | None = None

    def __post_init__(self) -> None:
        if self.marker not in MARKERS:
            raise ValueError(f"marker={self.marker!r}: use one of {', '.join(MARKERS)}.")
        if self.dash not in DASHES:
            raise ValueError(f"dash={self.dash!r}: use one of {', '.join(map(repr, DASHES))}.")
        _one_each(self)


@dataclass(frozen=True)
class Bars:
    """One set of bars, a bar at each of `x` from 0 to its value (NaN: no bar there), beside
    the chart's other sets of bars at the same position, with a hover text per bar (its lines
    joined by newlines: drawn as text, never as markup). A bar marked in `beyond` is faded and
    hatched: drawn, but it does not count (beyond k)."""

    name: str
    x: Sequence[float]
    y: Sequence[float]
    colour: str
    hover: Sequence[str]
    dotted: bool = False  # filled with dots, not solid: the second cue beside the colour
    beyond: Sequence[bool] = ()
    legend: bool = True

    def __post_init__(self) -> None:
        _one_each(self)


def _one_each(series: Series | Bars) -> None:
    if not len(series.x) == len(series.y) == len(series.hover):
        raise ValueError(
            f"series {series.name!r}: x, y and hover have {len(series.x)}, {len(series.y)} and "
            f"{len(series.hover)} entries; give one of each per point."
        )


@dataclass(frozen=True)
class LineChart:
    """A chart of curves and bars over the positions 1…n of a list."""

    y_title: str
    n: int
    series: tuple[Series | Bars, ...]  # drawn in this order: bars under the curves
    y_range: tuple[float, float]
    x_title: str = N_("Position")  # shown as tr(x_title)
    cut: int | None = None  # k, when it cuts the list short: a dotted line after position k
    height: int = 300
    alt: str = ""


def nice_ticks(low: float, high: float, count: int = 6) -> list[float]:
    """About `count` round values (steps of 1, 2, 2.5 or 5 times a power of ten) from the first
    multiple of the step at or above `low` to `high`."""
    if not high > low:
        return [low]
    raw = (high - low) / count
    power = 10 ** math.floor(math.log10(raw))
    step = next(m * power for m in (1, 2, 2.5, 5, 10) if m * power >= raw)
    first = math.ceil(low / step - 1e-9)
    ticks = []
    i = first
    while i * step <= high + step * 1e-9:
        ticks.append(round(i * step, 12))
        i += 1
    return ticks


def position_ticks(n: int) -> list[int]:
    """Every position up to 20 of them; past that, every ⌈n/20⌉-th from 1."""
    step = 1 if n <= 20 else math.ceil(n / 20)
    return list(range(1, n + 1, step))


def _tick_text(value: float) -> str:
    return exact(value).replace("-", MINUS)


def _finite(values: Sequence[float]) -> list[float | None]:
    # JSON has no NaN: a point that is not there is null, and the curve breaks at it.
    return [None if v is None or not math.isfinite(float(v)) else float(v) for v in values]


def chart_data(chart: LineChart, *, present: bool = False) -> dict:
    """What the chart's script is given: every value, text and colour it draws."""
    grow = PRESENTER_GROWTH if present else 1.0
    font = PRESENTER_FONT_SIZE if present else FONT_SIZE
    low, high = chart.y_range
    slots = _bar_slots(chart.series)
    return {
        "alt": chart.alt,
        "xTitle": tr(chart.x_title),
        "yTitle": chart.y_title,
        "height": round(chart.height * grow),
        "fontSize": font,
        "present": present,
        "markers": chart.n <= LONG_CURVE,
        "x": {
            "min": 0.4,
            "max": chart.n + 0.6,
            "ticks": [[t, str(t)] for t in position_ticks(chart.n)],
        },
        "y": {
            "min": low,
            "max": high,
            "ticks": [[t, _tick_text(t)] for t in nice_ticks(low, high)],
        },
        "cut": None
        if chart.cut is None or chart.cut >= chart.n
        else {"x": chart.cut + 0.5, "text": f"k = {chart.cut}"},
        "series": [
            _line(s, font) if isinstance(s, Series) else _bars(s, *slots[i])
            for i, s in enumerate(chart.series)
        ],
        "colours": {"grid": GRID, "muted": MUTED, "cut": VERMILLION},
    }


def _line(s: Series, font: float) -> dict:
    return {
        "kind": "line",
        "name": s.name,
        "colour": s.colour,
        "dash": DASHES[s.dash],
        "marker": s.marker,
        "size": s.size * font / FONT_SIZE,
        "line": s.line,
        "legend": s.legend,
        "x": [float(v) for v in s.x],
        "y": _finite(s.y),
        "hollow": [bool(h) for h in s.hollow] if len(s.hollow) else None,
        "hover": [str(h) for h in s.hover],
        "note": None
        if s.note is None
        else {"text": s.note.text, "leftward": s.note.leftward, "below": s.note.below},
    }


def _bar_slots(series: Sequence[Series | Bars]) -> dict[int, tuple[float, float]]:
    """Where each set of bars stands within a position, side by side: {its index in
    `series`: (its centre's offset from the position, its width)}, in the x axis' units."""
    sets = [i for i, s in enumerate(series) if isinstance(s, Bars)]
    slot = (1 - BAR_GAP) / max(1, len(sets))
    return {
        i: (round(-(1 - BAR_GAP) / 2 + slot * (j + 0.5), 9), round(slot * (1 - GROUP_GAP), 9))
        for j, i in enumerate(sets)
    }


def _bars(s: Bars, offset: float, width: float) -> dict:
    beyond = [bool(b) for b in s.beyond] if len(s.beyond) else [False] * len(s.x)
    return {
        "kind": "bars",
        "name": s.name,
        "colour": s.colour,
        "legend": s.legend,
        "offset": offset,
        "width": width,
        "x": [float(v) for v in s.x],
        "y": _finite(s.y),
        # Each bar's fill (solid, dots, or hatched when it lies beyond k) and opacity.
        "fill": ["hatch" if b else "dots" if s.dotted else "solid" for b in beyond],
        "opacity": [FADED if b else 1.0 for b in beyond],
        "legendFill": "dots" if s.dotted else "solid",
        "hover": [str(h) for h in s.hover],
    }


def show(chart: LineChart, key: str, *, alt: str | None = None, present: bool = False) -> None:
    """Draw `chart` under the session key `key`; `alt` names it for screen readers (what it
    shows, in one sentence)."""
    data = chart_data(chart, present=present)
    data["alt"] = (
        alt or chart.alt or tr("Chart of {y} by {x}", y=chart.y_title, x=tr(chart.x_title))
    )
    _mount(key=key, data=data)
