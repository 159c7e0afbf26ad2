"""Every chart of the app, one module per page that draws its own, all on one theme.

- `theme`: the palette, the base layout, the plotly config, presenter sizes and `show`, through
  which every chart reaches the page.
- `breakdown`: the charts of one scored list (playground, walkthroughs): the contribution bars
  (plotly) and three curves drawn by `lines`, the page's own line chart (no plotly), since the
  playground redraws them on every change.
- `ordering`, `queries`, `libraries`, `practice`: the charts of those pages.
"""

from .breakdown import contribution_chart, cumulative_chart, discount_chart, ndcg_at_k_chart
from .theme import CONFIG, show

__all__ = [
    "CONFIG",
    "contribution_chart",
    "cumulative_chart",
    "discount_chart",
    "ndcg_at_k_chart",
    "show",
]
