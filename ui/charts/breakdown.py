"""The charts of one scored list, drawn from a ``ndcg_core.breakdown`` table, or from the same
columns by name (`Totals.columns`: the playground redraws its curve on every typed change, and
building the DataFrame was a tenth of that rerun, bench/README.md).

They hold no maths: each one picks columns from the table the core computed. All four are the
page's own charts (`lines.LineChart`, no plotly): the three curves (running DCG and IDCG, the
discount, NDCG at every k), which the playground redraws on every change within a millisecond,
and the contribution bars, so that a walkthrough loads no plotly at all.
"""

from __future__ import annotations

import math
from collections.abc import Mapping

import numpy as np
import pandas as pd

from i18n import tr
from ndcg_core.display import fixed

from ..tables import item_label
from .lines import Bars, LineChart, Note, Series
from .theme import BLUE, GREEN, ORANGE, PURPLE, VERMILLION

# A breakdown: the DataFrame, or its columns by name (each a sequence, one value a position).
Breakdown = pd.DataFrame | Mapping[str, object]

# ---------------------------------------------------------------------------- public builders


def contribution_chart(table: Breakdown, k: int | None, *, height: int = 340) -> LineChart:
    """Per-position contribution (gain × discount): the current order beside the ideal order.

    Bars beyond k are faded and hatched: they are drawn, but they do not count.
    """
    inside = _inside(table, k)
    yours = _term_bars(table, inside, "", tr("Your order"), BLUE)
    ideal = _term_bars(table, inside, "ideal_", tr("Ideal order"), ORANGE)
    values = np.concatenate([yours.y, ideal.y, [0.0]])
    low, high = float(np.nanmin(values)), float(np.nanmax(values))
    return LineChart(
        tr("Contribution (gain × discount)"),
        _rows(table),
        (yours, ideal),
        (low * 1.05, high * 1.05 if high > 0 else 1.0),
        cut=k,
        height=height,
    )


def _term_bars(table, inside, prefix, name, colour) -> Bars:
    """One order's contributions as bars (the ideal order's dotted); bars beyond k are faded
    and hatched."""
    values = _column(table, f"{prefix}contribution", float)
    position = _column(table, "position")
    return Bars(
        name=tr("{name} (dotted)", name=name) if prefix else name,
        x=position,
        y=values,
        colour=colour,
        dotted=bool(prefix),
        beyond=~inside,
        hover=[
            _term_hover(p, lab, rel, g, d, c, i, name)
            for p, lab, rel, g, d, c, i in zip(
                position,
                table[f"{prefix}label"],
                table[f"{prefix}relevance"],
                table[f"{prefix}gain"],
                table["discount"],
                values,
                inside,
            )
        ],
    )


def discount_chart(table: Breakdown, k: int | None, *, height: int = 300) -> LineChart:
    """The discount multiplier at each position, with the cut-off k marked."""
    position = _column(table, "position")
    inside = _inside(table, k)
    discount = _column(table, "discount", float)
    denominator = _column(table, "denominator", float)
    curve = Series(
        name=tr("Discount"),
        x=position,
        y=discount,
        colour=GREEN,
        hollow=~inside,
        hover=[
            tr(
                "Position {position}\ndiscount = 1 / {denominator} = {value}",
                position=p,
                denominator=fixed(den),
                value=fixed(d),
            )
            + ("" if i else "\n" + tr("beyond k: not counted"))
            for p, den, d, i in zip(position, denominator, discount, inside)
        ],
        legend=False,
    )
    return LineChart(
        tr("Discount multiplier"), _rows(table), (curve,), (0, 1.08), cut=k, height=height
    )


def cumulative_chart(table: Breakdown, k: int | None, *, height: int = 340) -> LineChart:
    """Running DCG against running IDCG by position; their ratio at k is the NDCG@k."""
    position = _column(table, "position")
    dcg = _column(table, "cumulative_dcg", float)
    idcg = _column(table, "cumulative_idcg", float)
    ideal = Series(
        name=tr("Ideal: IDCG up to here"),
        x=position,
        y=idcg,
        colour=ORANGE,
        dash="dash",
        marker="square",
        size=8,
        hover=[
            tr(
                "Ideal, position {position}\nIDCG@{position} = {value}\nideal item: {label}",
                position=p,
                value=fixed(v),
                label=item_label(lab),
            )
            for p, v, lab in zip(position, idcg, table["ideal_label"])
        ],
    )
    yours = Series(
        name=tr("Yours: DCG up to here"),
        x=position,
        y=dcg,
        colour=BLUE,
        hover=[
            tr(
                "Yours, position {position}\nDCG@{position} = {value}\nyour item: {label}",
                position=p,
                value=fixed(v),
                label=lab,
            )
            for p, v, lab in zip(position, dcg, table["label"])
        ],
    )
    top = np.nanmax(np.concatenate([dcg, idcg, [0.0]]))
    return LineChart(
        tr("Cumulative gain, discounted"),
        _rows(table),
        (ideal, yours),
        (0, float(top) * 1.05 if top > 0 else 1.0),
        cut=k,
        height=height,
    )


def ndcg_at_k_chart(table: Breakdown, k: int | None, *, height: int = 300) -> LineChart:
    """NDCG@k for every k, with the chosen k highlighted (k unset means the whole list)."""
    position = _column(table, "position")
    ndcg = _column(table, "ndcg_at", float)
    chosen = _chosen(table, k)
    series = [
        Series(
            name="NDCG@k",
            x=position,
            y=ndcg,
            colour=PURPLE,
            size=8,
            hover=[f"NDCG@{p} = {fixed(v)}" for p, v in zip(position, ndcg)],
            legend=False,
        )
    ]
    if chosen is not None:
        value = float(ndcg[chosen - 1])
        # The value beside the marker, on a light ground so the curve never runs through it,
        # and leaning into the chart so at the last position it is not cut off.
        series.append(
            Series(
                name=tr("Your k"),
                x=[chosen],
                y=[value],
                colour=VERMILLION,
                marker="diamond",
                size=18,
                line=False,
                legend=False,
                hover=[
                    tr(
                        "Your k = {k}\nNDCG@{k} = {value}",
                        k=chosen,
                        value=fixed(value),
                    )
                ],
                note=Note(
                    f"NDCG@{chosen} = {fixed(value)}",
                    leftward=chosen > (_rows(table) + 1) / 2,
                    below=value > 0.5,
                ),
            )
        )
    return LineChart("NDCG@k", _rows(table), tuple(series), (0, 1.08), x_title="k", height=height)


# ---------------------------------------------------------------------------- shared pieces


def _column(table: Breakdown, name: str, dtype=None) -> np.ndarray:
    return np.asarray(table[name], dtype=dtype)


def _rows(table: Breakdown) -> int:
    return len(table["position"])


def _inside(table: Breakdown, k: int | None) -> np.ndarray:
    if "in_top_k" in table:
        return _column(table, "in_top_k", bool)
    position = _column(table, "position")
    return position <= (k if k is not None else position.size)


def _chosen(table: Breakdown, k: int | None) -> int | None:
    n = _rows(table)
    if n == 0:
        return None
    return n if k is None else min(int(k), n)


def _term_hover(position, label, relevance, gain, discount, contribution, inside, side) -> str:
    if relevance is None or (isinstance(relevance, float) and math.isnan(relevance)):
        return tr("Position {position}\n{side}: no item here", position=position, side=side)
    lines = [
        tr("Position {position} · {side}", position=position, side=side),
        tr(
            "{label}: relevance {value}",
            label=item_label(label),
            value=fixed(relevance),
        ),
        tr(
            "gain {gain} × discount {discount} = {contribution}",
            gain=fixed(gain),
            discount=fixed(discount),
            contribution=fixed(contribution),
        ),
    ]
    if not inside:
        lines.append(tr("beyond k: not counted"))
    return "\n".join(lines)
