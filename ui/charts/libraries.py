"""The looks of /libraries: the tie chart, its tables, and their colours.

Each function takes what the core computed (`ndcg_core.libraries`) and returns a figure or a
table; the page only shows them. Rows are found by their key, never by position.
"""

from __future__ import annotations

from collections.abc import Sequence

import pandas as pd
import plotly.graph_objects as go
from pandas.io.formats.style import Styler

from i18n import N_, tr
from lessons.verdicts import shown, why
from ndcg_core.display import exact, fixed
from ndcg_core.libraries import (
    CAUSES,
    TIE_RULES,
    LibraryVerdict,
    Query,
    ranking_order,
    tie_groups,
)

from ..text import for_chart
from .theme import ORANGE, PALETTE, SYMBOLS, VERMILLION, layout

# `tie_breaking`'s two random-order rows (TF-Ranking's shuffle): each one's words, whole and short.
SHUFFLE_ENDS = {
    "worst": (N_("random: worst possible order"), N_("random: worst")),
    "best": (N_("random: best possible order"), N_("random: best")),
}
MIN_RANGE = 0.02  # the x axis spans at least this much, so equal values do not collapse it
VALUE_DIGITS = 6  # the results table shows enough digits to tell close libraries apart
# Tints behind whole rows (8-digit hex: colour and alpha) and behind tie groups.
REFUSED_TINT = VERMILLION + "2E"
SURPRISE_TINT = ORANGE + "33"
GROUP_ALPHA = "40"
WHY_WIDTH = "17em"
CAUSES_WIDTH = "7.5em"
# The column heads of the libraries' tables, shown in the page's language (the core's frames keep
# these English names: rows and columns are found by them).
HEADS = {
    "library": N_("library"),
    "measure": N_("measure"),
    "verdict": N_("verdict"),
    "value": N_("value"),
    "differs by": N_("differs by"),
    "why, in plain words": N_("why, in plain words"),
    "rank": N_("rank"),
    "id": N_("id"),
    "score": N_("score"),
    "relevance": N_("relevance"),
    "tie group": N_("tie group"),
    "rule": N_("rule"),
    "used by": N_("used by"),
    "order (top first)": N_("order (top first)"),
}


def _head(name: str) -> str:
    """A column's head in the page's language."""
    return tr(HEADS[name]) if name in HEADS else name


def _in_language(frame: pd.DataFrame) -> pd.DataFrame:
    """`frame` with its column heads in the page's language."""
    return frame.rename(columns=_head)


def tie_words(table: pd.DataFrame) -> pd.DataFrame:
    """`ndcg_core.libraries.tie_breaking`'s rows (keyed "average", "docid", "keep", "reverse",
    and "worst" and "best", the two ends of a shuffle) with their words: the rule, a chart label
    (short), who uses it, and the order as text."""

    def words(key: str) -> tuple[str, str, str]:
        if key in SHUFFLE_ENDS:
            label, short = SHUFFLE_ENDS[key]
            return tr(label), tr(short), tr(TIE_RULES["random"].used_by)
        rule = TIE_RULES[key]
        return tr(rule.label), tr(rule.short), tr(rule.used_by)

    rule, short, used_by = zip(*(words(key) for key in table["key"]))
    order = [", ".join(ids) if ids else tr("(every order, averaged)") for ids in table["order"]]
    return table.assign(rule=rule, short=short, used_by=used_by, order=order)[
        ["key", "rule", "short", "used_by", "order", "ndcg"]
    ]


def ties_chart(table: pd.DataFrame, *, height: int = 340) -> go.Figure:
    """Each tie rule's NDCG as a marked point, and a random shuffle's range as a dotted line
    (`table`: `tie_words`')."""
    by_key = table.set_index("key")
    fixed_rows = by_key.drop(index=list(SHUFFLE_ENDS))
    low, high = (float(by_key.loc[end, "ndcg"]) for end in SHUFFLE_ENDS)
    margin = 0.15 * max(high - low, MIN_RANGE)
    fig = go.Figure(
        layout=layout(
            height=height,
            x_title=tr("NDCG (linear gain, ideal from the list)"),
            xaxis={"range": [low - margin, high + margin]},
            yaxis={"autorange": "reversed"},
            margin={"l": 10, "r": 30, "t": 40, "b": 40},
        )
    )
    fig.add_scatter(
        x=fixed_rows["ndcg"],
        y=[for_chart(label) for label in fixed_rows["short"]],
        mode="markers+text",
        text=[fixed(v) for v in fixed_rows["ndcg"]],
        textposition="top center",
        marker={
            "size": 13,
            "color": list(PALETTE[: len(fixed_rows)]),
            "symbol": list(SYMBOLS[: len(fixed_rows)]),
        },
        hovertext=[
            for_chart(f"{label}: {fixed(v, VALUE_DIGITS)}")
            for label, v in zip(fixed_rows["rule"], fixed_rows["ndcg"])
        ],
        hoverinfo="text",
        showlegend=False,
        cliponaxis=False,  # the top row's value label sits above the plot area
    )
    fig.add_scatter(
        x=[low, high],
        y=[tr("random (TF-Ranking)")] * 2,
        mode="lines+markers+text",
        text=[fixed(low), fixed(high)],
        textposition="top center",
        line={"color": VERMILLION, "dash": "dot", "width": 3},
        marker={"size": 12, "symbol": "x", "color": VERMILLION},
        hovertext=[
            tr("random order, worst: {value}", value=fixed(low)),
            tr("random order, best: {value}", value=fixed(high)),
        ],
        hoverinfo="text",
        showlegend=False,
        cliponaxis=False,  # the top row's value label sits above the plot area
    )
    return fig


# The columns of the short table a reader sees first: who, which measure, what it prints, and
# which convention moved it; the exact value and the reason in words are for the full table.
BRIEF_COLUMNS = ["library", "measure", "verdict", "differs by"]


def verdict_table(verdicts: Sequence[LibraryVerdict], query: Query) -> pd.DataFrame:
    """One row per preset of `query`'s results: library, measure, verdict, value, what differs
    from the first row and why."""
    return pd.DataFrame(
        {
            "library": [v.preset.library for v in verdicts],
            "measure": [v.metric for v in verdicts],
            "verdict": [shown(v) for v in verdicts],
            "value": [v.value for v in verdicts],
            "differs by": [", ".join(tr(CAUSES[c]) for c in v.causes) for v in verdicts],
            "why, in plain words": [
                v.message if v.kind == "refused" else why(v, verdicts[0], query) for v in verdicts
            ],
        }
    )


def verdicts_table(table: pd.DataFrame, *, brief: bool = False) -> Styler:
    """The results table: refusals and silent changes tinted, the causes in bold. `brief`
    keeps only BRIEF_COLUMNS."""

    verdict, causes = _head("verdict"), _head("differs by")

    def row_tint(row: pd.Series) -> list[str]:
        if row[verdict] == tr("refuses"):
            return [f"background-color: {REFUSED_TINT}"] * len(row)
        if row[verdict].endswith("⚠"):
            return [f"background-color: {SURPRISE_TINT}"] * len(row)
        return [""] * len(row)

    styled = (
        _in_language(table[BRIEF_COLUMNS] if brief else table)
        .style.apply(row_tint, axis=1)
        .map(lambda value: "font-weight: bold" if value else "", subset=[causes])
        .set_properties(subset=[causes], **{"min-width": CAUSES_WIDTH})
        .hide(axis="index")
    )
    if brief:
        return styled
    # On a phone the table scrolls sideways rather than squeezing the explanations into a
    # column one word wide (rows a screen tall).
    return styled.set_properties(
        subset=[_head("why, in plain words")], **{"min-width": WHY_WIDTH}
    ).format({_head("value"): lambda v: fixed(v, VALUE_DIGITS)})


def tie_groups_table(query: Query) -> Styler:
    """The query's items in ranked order (input order among ties): rank, id, score, relevance
    (as given) and a letter per tie group ("" when the score is unique), each tie group behind
    its own colour."""
    groups = tie_groups(query.scores)
    order = ranking_order(query.scores, query.ids, "keep")
    group_of = {i: chr(ord("A") + g) for g, members in enumerate(groups) for i in members}
    items = pd.DataFrame(
        {
            "rank": list(range(1, query.n + 1)),
            "id": [query.ids[i] for i in order],
            "score": [exact(query.scores[i]) for i in order],
            "relevance": [exact(query.relevances[i]) for i in order],
            "tie group": [group_of.get(int(i), "") for i in order],
        }
    )
    group = _head("tie group")

    def group_tint(row: pd.Series) -> list[str]:
        letter = row[group]
        if not letter:
            return [""] * len(row)
        colour = PALETTE[(ord(letter) - ord("A")) % len(PALETTE)]
        return [f"background-color: {colour}{GROUP_ALPHA}"] * len(row)

    return _in_language(items).style.apply(group_tint, axis=1)


def ties_table(table: pd.DataFrame) -> Styler:
    """`tie_words`' table as the page shows it: rule, who uses it, the order, NDCG."""
    shown = table.drop(columns=["key", "short"]).rename(
        columns={"used_by": "used by", "order": "order (top first)", "ndcg": "NDCG"}
    )
    return _in_language(shown).style.format({"NDCG": lambda v: fixed(v, VALUE_DIGITS)})
