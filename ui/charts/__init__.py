"""Every chart of the app, one module per page that draws its own, all on one theme.

- `show` (below), through which every chart reaches the page: a plotly figure through `theme`,
  a `lines.LineChart` through the page's own line chart.
- `theme`: the palette, the base layout, the plotly config and presenter sizes.
- `breakdown`: the charts of one scored list (playground, walkthroughs): the contribution bars
  and three curves, drawn by `lines`, the page's own chart (no plotly): the playground redraws
  the curves on every change, and a walkthrough that draws no plotly chart never loads plotly.
- `ordering`, `queries`, `libraries`, `practice`: the charts of those pages.
"""

from ui.share import is_presenting

from .breakdown import contribution_chart, cumulative_chart, discount_chart, ndcg_at_k_chart
from .lines import LineChart
from .lines import show as show_lines
from .theme import CONFIG, show_plotly


def show(fig, key: str, *, alt: str | None = None, **kwargs):
    """Draw a chart on the page, with a name for screen readers (`alt`: what it shows, in one
    sentence). A `lines.LineChart` is drawn by the page's own line chart (ui/charts/lines), at
    presenter sizes too; anything else is a plotly figure (`theme.show_plotly`)."""
    if isinstance(fig, LineChart):
        return show_lines(fig, key, alt=alt, present=is_presenting())
    return show_plotly(fig, key, alt=alt, **kwargs)


__all__ = [
    "CONFIG",
    "contribution_chart",
    "cumulative_chart",
    "discount_chart",
    "ndcg_at_k_chart",
    "show",
]
