"""Ordering effects: what one swap, one item's position or a full reshuffle does to NDCG."""

from __future__ import annotations

import hashlib
import html
import re
from dataclasses import replace

import numpy as np
import plotly.graph_objects as go
import streamlit as st

from ndcg_core import ndcg
from ndcg_core.latex import num
from ndcg_core.ordering import (
    EXACT_LIMIT,
    best_swap,
    expected_random,
    expected_random_latex,
    ndcg_at_each_k,
    ordering_distribution,
    position_sweep,
    swap_deltas,
    swapped,
)
from ui import list_input
from ui.progress import run_with_progress
from ui.text import plain
from ui.urlstate import ListState, query_string

PAGE = "ordering"
BLUE, ORANGE, GREEN, VERMILLION, PURPLE, SKY, GREY = (
    "#0072B2",
    "#E69F00",
    "#009E73",
    "#D55E00",
    "#CC79A7",
    "#56B4E9",
    "#7F7F7F",
)
# Losses in vermillion, gains in blue, no change in a light grey: safe for the common forms of
# colour blindness, and each cell also carries its number (or its hover text on big lists).
DIVERGING = [[0.0, VERMILLION], [0.5, "#EEEEEE"], [1.0, BLUE]]
HEATMAP_MAX = 60  # positions drawn in the heatmap; longer lists show their top
CELL_TEXT_MAX = 12  # up to this many positions, every cell prints its change
CHART_LAYOUT = {
    "margin": {"l": 10, "r": 10, "t": 40, "b": 10},
    "font": {"size": 14},
    "legend": {"orientation": "h", "yanchor": "bottom", "y": 1.02, "x": 0},
}


@st.cache_data(show_spinner=False, max_entries=32)
def _distribution(values, k, ideal, gain, discount, base, _progress=None):
    """The distribution's summary and histogram (the values themselves stay out of the cache)."""
    result = ordering_distribution(
        values, k, ideal=ideal, gain=gain, discount=discount, log_base=base, progress=_progress
    )
    summary = {
        name: getattr(result, name)
        for name in ("exact", "orderings", "sample_size", "current", "best", "worst")
    }
    summary.update(
        expected=result.expected,
        mean=result.mean,
        standard_error=result.standard_error,
        share_below=result.share_below(result.current),
    )
    return summary, result.histogram(bins=40)


def _f(value: float) -> str:
    """An NDCG or a change in it, always with four decimals so numbers line up."""
    return f"{float(value):.4f}"


def _count(orderings: int) -> str:
    """A count of orderings: in full up to a trillion, then as ≈ d.dd × 10ⁿ."""
    if orderings < 10**12:
        return f"{orderings:,}"
    digits = str(orderings)
    power = str(len(digits) - 1).translate(str.maketrans("0123456789", "⁰¹²³⁴⁵⁶⁷⁸⁹"))
    return f"about {digits[0]}.{digits[1:3]} × 10{power}"


def _item(state: ListState, position: int) -> str:
    """How an item is named in menus and hovers: its label and its relevance."""
    return f"{state.labels[position - 1]} (rel {num(state.values[position - 1])})"


def _plot(text: str) -> str:
    """User text for plotly, which reads a few HTML tags in hover and legend text."""
    return html.escape(text, quote=False)


def _md(text: str) -> str:
    """User text for st.markdown, with every markdown sign taken literally."""
    return re.sub(r"([\\`*_{}\[\]()<>#+\-.!|~$])", r"\\\1", text)


def _apply_swap(i: int, j: int) -> None:
    """Swap two items (their labels travel with them), before the widgets are drawn again."""
    state = list_input.get(PAGE)
    state = replace(
        state,
        values=tuple(swapped(state.values, i, j)),
        labels=tuple(swapped(state.labels, i, j)),
    )
    list_input.put(PAGE, state)
    st.session_state[f"{PAGE}_moved"] = (i, j)


def _clicked_swap() -> None:
    """A click on a heatmap cell swaps its two positions (the cell's row and column)."""
    event = st.session_state.get(f"{PAGE}_heatmap") or {}
    points = event.get("selection", {}).get("points", [])
    if points and points[0].get("x") != points[0].get("y"):
        _apply_swap(int(points[0]["y"]), int(points[0]["x"]))


def _list_key(name: str, state: ListState) -> str:
    """A widget key that changes with the list: a picker whose options name the items is drawn
    afresh when they move (the browser would otherwise keep showing the old names)."""
    signature = hashlib.sha1(repr((state.values, state.labels)).encode()).hexdigest()[:10]
    return f"{PAGE}_{name}_{signature}"


st.title("🔀 Ordering effects")
st.markdown(
    "How much does one move cost? Every chart below uses the same list: what a **swap** of two "
    "items does, what happens as **one item travels** from top to bottom, where the list stands "
    "among **all its possible orderings**, and why a slip near the **top** costs more than one "
    "in the tail."
)

for message in list_input.start(PAGE):
    st.warning(plain(message), icon="🔗")
typed, settings_column = st.columns([3, 2])
with typed:
    state = list_input.text_box(PAGE)
with settings_column, st.expander("k, gain, discount, pool", expanded=False):
    state = list_input.controls(PAGE)
list_input.publish(PAGE, state)
# The link carries the list, so the playground opens on exactly this case.
st.markdown(f"[🎛️ Open this list in the playground](/playground?{query_string(state)})")

settings = state.settings
n = len(state.values)
positions = list(range(1, n + 1))
moved = st.session_state.pop(f"{PAGE}_moved", None)
if moved:
    st.success(
        f"Swapped positions {moved[0]} and {moved[1]}: the list, the link and every chart now "
        "show the new order.",
        icon="🔀",
    )

# ---------------------------------------------------------------------------------------------
# 1 · Swaps
# ---------------------------------------------------------------------------------------------
st.subheader("1 · What does each swap cost?")
st.markdown(
    "**Change in NDCG if the items at positions *i* and *j* swap.** Hover a cell to see "
    "the two items and the new NDCG; click it to make that swap."
)
deltas = swap_deltas(state.values, **settings)
current = ndcg(state.values, **settings)
best = best_swap(state.values, **settings)
shown = min(n, HEATMAP_MAX)
chart = st.container()
with chart:
    if n < 2:
        st.info("A list of one item has nothing to swap: add a second relevance above.")
    else:
        names = [f"{p} · {_plot(_item(state, p))}" for p in range(1, shown + 1)]
        block = deltas[:shown, :shown]
        hover = [
            [
                f"swap position {i + 1}, {_plot(_item(state, i + 1))}<br>"
                f"with position {j + 1}, {_plot(_item(state, j + 1))}<br>"
                f"NDCG {_f(current)} → {_f(current + block[i, j])} "
                f"({'+' if block[i, j] >= 0 else '−'}{_f(abs(block[i, j]))})"
                for j in range(shown)
            ]
            for i in range(shown)
        ]
        limit = float(abs(block).max()) or 1.0
        heatmap = go.Heatmap(
            z=block,
            x=list(range(1, shown + 1)),
            y=list(range(1, shown + 1)),
            hoverinfo="skip",
            colorscale=DIVERGING,
            zmin=-limit,
            zmax=limit,
            colorbar={"title": {"text": "ΔNDCG"}},
        )
        if shown <= CELL_TEXT_MAX:
            heatmap.update(
                text=[[f"{v:+.3f}" if v else "0" for v in row] for row in block],
                texttemplate="%{text}",
                textfont={"size": 12},
            )
        figure = go.Figure(heatmap)
        # Heatmap cells cannot be selected in Streamlit, so an invisible square marker sits on
        # each cell: it carries the hover text, and clicking it applies that swap.
        rows, columns = np.indices((shown, shown)) + 1
        figure.add_scatter(
            x=columns.ravel(),
            y=rows.ravel(),
            mode="markers",
            marker={"symbol": "square", "size": max(6, min(40, 400 // shown)), "opacity": 0},
            selected={"marker": {"opacity": 0}},
            unselected={"marker": {"opacity": 0}},
            customdata=[text for row in hover for text in row],
            hovertemplate="%{customdata}<extra></extra>",
            showlegend=False,
        )
        figure.update_layout(
            **CHART_LAYOUT,
            height=min(640, 200 + 40 * shown),
            xaxis={
                "title": "position j",
                "dtick": 1 if shown <= 20 else 5,
                "side": "top",
                "range": [0.5, shown + 0.5],
            },
            yaxis={
                "title": "position i",
                "dtick": 1 if shown <= 20 else 5,
                "range": [shown + 0.5, 0.5],
            },
        )
        if shown <= 20:
            figure.update_yaxes(tickvals=list(range(1, shown + 1)), ticktext=names)
        st.plotly_chart(
            figure,
            key=f"{PAGE}_heatmap",
            on_select=_clicked_swap,
            selection_mode="points",
            config={"displaylogo": False},
        )
        if shown < n:
            st.caption(f"The list has {n} items; the heatmap shows the top {shown} positions.")
        st.caption(
            "What to notice: the strongest colours sit in the first rows and columns (swaps "
            "that involve the top), and items of equal relevance swap for free (0)."
        )
words, more = st.columns(2)
with words:
    st.markdown(
        "Each cell is the **change in NDCG** if the items at positions *i* and *j* trade places: "
        "blue cells help, vermillion cells hurt, grey cells change nothing. The table is "
        "symmetric, since swapping *i* with *j* is swapping *j* with *i*."
    )
with more:
    st.markdown(
        "Swapping *i* and *j* changes DCG by (g*ᵢ* − g*ⱼ*)·(d*ⱼ* − d*ᵢ*): the gap in gain times "
        "the gap in discount. Learning-to-rank methods use exactly this number: **LambdaRank and "
        "LambdaMART** weigh each pair of documents in training by |ΔNDCG| of swapping them "
        "(Burges 2010, *From RankNet to LambdaRank to LambdaMART: An Overview*), so the model "
        "works hardest on the pairs that matter most for NDCG."
    )
    if best is None:
        st.markdown(f"NDCG is **{_f(current)}**, and **no single swap raises it**.")
    else:
        st.markdown(
            f"NDCG is **{_f(current)}**. The swap that helps most: positions **{best[0]}** and "
            f"**{best[1]}**, {_md(_item(state, best[0]))} ↔ {_md(_item(state, best[1]))}, "
            f"**+{_f(best[2])}**."
        )

if n >= 2:
    # With nothing to gain, top against bottom shows the costliest kind of mistake instead.
    default_i, default_j = (best[0], best[1]) if best else (1, n)
    # A new list gets new pickers, which start on the suggested swap: pressing "Swap them"
    # again and again keeps improving the list.
    choices = [f"{p} · {_item(state, p)}" for p in positions]
    pick_i, pick_j, go_column = st.columns([2, 2, 1], vertical_alignment="bottom")
    swap_i = 1 + choices.index(
        pick_i.selectbox(
            "Swap the item at position",
            choices,
            index=default_i - 1,
            key=_list_key("swap_i", state),
        )
    )
    swap_j = 1 + choices.index(
        pick_j.selectbox(
            "with the item at position",
            choices,
            index=default_j - 1,
            key=_list_key("swap_j", state),
        )
    )
    change = float(deltas[swap_i - 1, swap_j - 1])
    go_column.button(
        "Swap them",
        key=f"{PAGE}_apply",
        on_click=_apply_swap,
        args=(swap_i, swap_j),
        disabled=swap_i == swap_j,
        type="primary",
    )
    st.markdown(
        f"Swapping positions {swap_i} and {swap_j}: NDCG {_f(current)} → "
        f"**{_f(current + change)}** "
        + (f"({'+' if change > 0 else '−'}{_f(abs(change))})." if change else "(no change).")
        if swap_i != swap_j
        else "Pick two different positions to see (and apply) a swap."
    )

# ---------------------------------------------------------------------------------------------
# 2 · One item's journey
# ---------------------------------------------------------------------------------------------
st.subheader("2 · One item's journey")
chart, words = st.columns([3, 2])
with words:
    # The item is remembered by its label, so the choice follows the item when it moves.
    remembered = st.session_state.get(f"{PAGE}_item_label")
    if remembered not in state.labels:
        remembered = state.labels[0]
    picked = st.selectbox(
        "Move this item through every position",
        list(state.labels),
        index=state.labels.index(remembered),
        key=_list_key("item", state),
        format_func=lambda label: (
            f"{_item(state, state.labels.index(label) + 1)}, now at position "
            f"{state.labels.index(label) + 1}"
        ),
    )
    st.session_state[f"{PAGE}_item_label"] = picked
    item = state.labels.index(picked) + 1
    st.markdown(
        "The chosen item is taken out and put back at position 1, 2, …, n; the others keep "
        "their order and close up around it, as when you drag it in a list."
    )
    st.markdown(
        "What to notice: the curve is steepest at the top, because the discount falls fastest "
        "there. A relevant item loses most of its value in its first few steps down; an "
        "irrelevant one hurts most when it blocks the top spot."
    )
sweep = position_sweep(state.values, item, **settings)
with chart:
    journey = go.Figure()
    journey.add_scatter(
        x=positions,
        y=sweep,
        mode="lines+markers",
        name=f"NDCG with {_plot(_item(state, item))} at each position",
        line={"color": BLUE, "width": 3},
        marker={"symbol": "circle", "size": 8},
        hovertemplate="at position %{x}: NDCG %{y:.4f}<extra></extra>",
    )
    journey.add_scatter(
        x=[item],
        y=[sweep[item - 1]],
        mode="markers+text",
        name="where it is now",
        marker={"symbol": "diamond", "size": 16, "color": ORANGE, "line": {"width": 2}},
        text=["now"],
        textposition="top center",
        hovertemplate="now, position %{x}: NDCG %{y:.4f}<extra></extra>",
    )
    journey.update_layout(
        **CHART_LAYOUT,
        height=380,
        xaxis={"title": "position of the item", "dtick": 1 if n <= 20 else None},
        yaxis={"title": "NDCG (axis zoomed to the curve)"},
    )
    st.plotly_chart(journey, key=f"{PAGE}_journey", config={"displaylogo": False})
    low, high = int(sweep.argmin()) + 1, int(sweep.argmax()) + 1
    st.caption(
        f"Best at position {high} (NDCG {_f(sweep[high - 1])}), worst at position {low} "
        f"(NDCG {_f(sweep[low - 1])})."
    )
    # The curve's numbers as text, for screen readers and for reading exact values.
    with st.expander("The curve as a table"):
        st.dataframe(
            {"Position of the item": positions, "NDCG": sweep},
            hide_index=True,
            column_config={"NDCG": st.column_config.NumberColumn(format="%.4f")},
            key=f"{PAGE}_journey_table",
        )

# ---------------------------------------------------------------------------------------------
# 3 · All orderings
# ---------------------------------------------------------------------------------------------
st.subheader("3 · Among all possible orderings")
summary, histogram = run_with_progress(
    _distribution,
    state.values,
    state.k,
    state.ideal,
    state.gain,
    state.discount,
    state.base,
    text="Scoring the orderings…",
)
terms = expected_random(state.values, **settings)
if summary["exact"]:
    st.markdown(
        f"This list has **{summary['orderings']:,}** distinct orderings (items of equal "
        "relevance are interchangeable, so orderings that only swap them count once); all of "
        "them are scored."
    )
else:
    st.info(
        f"This list has **{_count(summary['orderings'])}** distinct orderings, more than the "
        f"{EXACT_LIMIT:,} that are scored one by one, so the chart shows a **random sample of "
        f"{summary['sample_size']:,}** orderings (each equally likely). The sample's mean has "
        f"a standard error of **{summary['standard_error']:.2g}**.",
        icon="🎲",
    )
chart, words = st.columns([3, 2])
with chart:
    spread = go.Figure()
    spread.add_bar(
        x=(histogram["left"] + histogram["right"]) / 2,
        y=histogram["share"] * 100,
        width=histogram["right"] - histogram["left"],
        marker={"color": SKY, "line": {"color": BLUE, "width": 1}},
        name="share of orderings" if summary["exact"] else "share of the sample",
        customdata=histogram[["left", "right", "count"]].to_numpy(),
        hovertemplate="NDCG %{customdata[0]:.4f}–%{customdata[1]:.4f}<br>"
        "%{customdata[2]:,} orderings (%{y:.2f} %)<extra></extra>",
    )
    marks = [
        ("worst", summary["worst"], GREY, "dot"),
        ("random (expected)", terms.expected, ORANGE, "dashdot"),
        ("this list", summary["current"], VERMILLION, "solid"),
        ("best", summary["best"], GREEN, "dash"),
    ]
    top = float((histogram["share"] * 100).max())
    middle = (summary["worst"] + summary["best"]) / 2
    for row, (name, value, colour, dash) in enumerate(marks):
        spread.add_scatter(
            x=[value, value],
            y=[0, top * (1.08 + 0.09 * row)],
            mode="lines+text",
            line={"color": colour, "dash": dash, "width": 3},
            text=["", f"{name} {num(value, 3)}"],
            # Labels lean inwards, so the ones at the extremes stay inside the chart.
            textposition="top right" if value <= middle else "top left",
            textfont={"color": colour},
            name=f"{name}: {_f(value)}",
            hovertemplate=f"{name}: NDCG {_f(value)}<extra></extra>",
        )
    spread.update_layout(
        **CHART_LAYOUT,
        height=430,
        xaxis={"title": "NDCG of an ordering"},
        yaxis={"title": "% of orderings", "range": [0, top * 1.5 or 1]},
        bargap=0.05,
    )
    st.plotly_chart(spread, key=f"{PAGE}_spread", config={"displaylogo": False})
    st.caption(
        "What to notice: most orderings sit well above the worst one, so a random order "
        "already scores a fair NDCG; what matters is how far above random a ranking gets."
    )
with words:
    cols = st.columns(2)
    cols[0].metric("This list", f"{summary['current']:.4f}")
    cols[1].metric("Random order (mean)", f"{terms.expected:.4f}")
    cols = st.columns(2)
    cols[0].metric("Best ordering", f"{summary['best']:.4f}")
    cols[1].metric("Worst ordering", f"{summary['worst']:.4f}")
    st.markdown(
        f"**{summary['share_below'] * 100:.1f} %** of the orderings"
        f"{'' if summary['exact'] else ' in the sample'} score lower than this list."
    )
    st.markdown(
        "A random order puts each item at each position equally often, so every position "
        "expects the **mean gain** ḡ, and the expected DCG is ḡ times the sum of the discounts "
        "dᵢ of the positions that count. The expected NDCG needs no enumeration:"
    )
    formula, filled = expected_random_latex(terms)
    st.latex(formula)
    st.latex(filled)
    agreement = (
        f"The mean over all {summary['orderings']:,} orderings is **{summary['mean']:.6f}**, "
        f"the formula gives **{terms.expected:.6f}**: the same number."
        if summary["exact"]
        else f"The sample's mean is **{summary['mean']:.4f} ± {summary['standard_error']:.4f}** "
        f"(one standard error), the formula gives **{terms.expected:.4f}**."
    )
    st.markdown(agreement)

# ---------------------------------------------------------------------------------------------
# 4 · Top-heavy vs tail
# ---------------------------------------------------------------------------------------------
st.subheader("4 · Top-heavy or tail: NDCG@k for every k")
if n < 2:
    st.info("With one item there is no swap to compare.")
else:
    table = ndcg_at_each_k(state.values, swap_i, swap_j, **settings)
    chart, words = st.columns([3, 2])
    with chart:
        cut_offs = go.Figure()
        cut_offs.add_scatter(
            x=table["k"],
            y=table["before"],
            mode="lines+markers",
            name="as listed",
            line={"color": BLUE, "width": 3},
            marker={"symbol": "circle", "size": 8},
            hovertemplate="NDCG@%{x} as listed: %{y:.4f}<extra></extra>",
        )
        cut_offs.add_scatter(
            x=table["k"],
            y=table["after"],
            mode="lines+markers",
            name=f"after swapping positions {swap_i} and {swap_j}",
            line={"color": VERMILLION, "width": 3, "dash": "dash"},
            marker={"symbol": "square", "size": 8},
            hovertemplate="NDCG@%{x} after the swap: %{y:.4f}<extra></extra>",
        )
        chosen = table.loc[table["chosen"]].iloc[0]
        cut_offs.add_vline(
            x=int(chosen["k"]),
            line={"color": GREY, "dash": "dot"},
            annotation_text="your k" if state.k else "whole list",
        )
        cut_offs.update_layout(
            **CHART_LAYOUT,
            height=380,
            xaxis={"title": "cut-off k", "dtick": 1 if len(table) <= 20 else None},
            yaxis={"title": "NDCG@k", "rangemode": "tozero"},
        )
        st.plotly_chart(cut_offs, key=f"{PAGE}_cutoffs", config={"displaylogo": False})
        st.caption(
            "What to notice: nothing changes above the upper swapped position; once k covers "
            "both positions the DCG gap is fixed while IDCG@k keeps growing, so the gap shrinks."
        )
        with st.expander("The two curves as a table"):
            st.dataframe(
                {
                    "k": table["k"],
                    "NDCG@k as listed": table["before"],
                    f"NDCG@k after swapping {swap_i} and {swap_j}": table["after"],
                },
                hide_index=True,
                column_config={
                    "NDCG@k as listed": st.column_config.NumberColumn(format="%.4f"),
                    f"NDCG@k after swapping {swap_i} and {swap_j}": st.column_config.NumberColumn(
                        format="%.4f"
                    ),
                },
                key=f"{PAGE}_cutoffs_table",
            )
    with words:
        upper = min(swap_i, swap_j)
        largest = table.loc[table["change"].abs().idxmax()]
        st.markdown(
            f"The same swap (positions {swap_i} ↔ {swap_j}, picked above) seen through every "
            f"cut-off. For k < {upper} neither item is counted, so nothing changes. "
            f"The largest change is at **k = {int(largest['k'])}**: "
            f"{_f(largest['before'])} → {_f(largest['after'])}."
        )
        st.markdown(
            "A small k looks only at the top, where the discounts differ most and the ideal "
            "DCG is small, so one misplaced item moves NDCG@k a lot. As k grows, the swap is "
            "diluted by everything else in the list. Try a swap between positions 1 and 2, "
            "then one between the last two positions."
        )
        if state.k is not None:
            st.markdown(
                f"At your cut-off k = {state.k}: {_f(chosen['before'])} → {_f(chosen['after'])}."
            )
