"""Playground: type or drag a ranking and watch every position's share of NDCG change."""

from __future__ import annotations

from dataclasses import replace

import pandas as pd
import streamlit as st

from ndcg_core import breakdown, cg, dcg, idcg, ndcg
from ndcg_core.latex import (
    cg_filled,
    cg_formula,
    dcg_filled,
    dcg_formula,
    ndcg_filled,
    ndcg_formula,
)
from ndcg_core.orders import ideal_order, reverse_order, shuffled_order, worst_order
from ui import charts, list_input, reorder, share
from ui.text import plain
from ui.urlstate import ListState, query_string

PAGE = "playground"

st.title("🎛️ Playground")
st.markdown(
    "Type a ranking, drag its items around, and watch what each position adds to the score. "
    "Position 1 is the top of the list; every number below is recomputed from your list."
)

for message in list_input.start(PAGE):
    st.warning(plain(message), icon="🔗")
if reorder.typed(PAGE) is None:
    reorder.remember_typed(PAGE, list_input.get(PAGE))
reorder.absorb_drag(PAGE)
reorder.absorb_table_edits(PAGE)


def _depth(state: ListState) -> int | None:
    """The k that is scored: 'all' means every ranked position, also when a pool adds more
    ideal items (the ideal is then cut at the list's length, as in Wikipedia's example)."""
    if state.k is not None:
        return state.k
    return len(state.values) if state.pool else None


def _fmt(value: float) -> str:
    return f"{value:.4f}"


# ---------------------------------------------------------------------------- input (left)

headline = st.container()
left, right = st.columns(2, gap="large")

with left:
    st.subheader("1 · Your ranking")
    before = list_input.get(PAGE)
    state = list_input.text_box(PAGE, label="Relevances, top of the ranking first", height=80)
    if (state.values, state.labels) != (before.values, before.labels):
        reorder.remember_typed(PAGE, state)

    st.markdown("**Drag the cards** to reorder (or use the buttons below).")
    reorder.drag_cards(PAGE, state)

    first_row = st.columns(3, gap="small")
    second_row = st.columns([1, 2], gap="small")
    for column, name, text, order_of, tip in (
        (
            first_row[0],
            "ideal",
            "⭐ Ideal",
            lambda s: ideal_order(s.values),
            "Most relevant first: NDCG becomes 1.",
        ),
        (
            first_row[1],
            "worst",
            "👎 Worst",
            lambda s: worst_order(s.values),
            "Least relevant first: the lowest NDCG these items can score.",
        ),
        (
            first_row[2],
            "reverse",
            "🔃 Reverse",
            lambda s: reverse_order(len(s.values)),
            "Bottom to top.",
        ),
        (
            second_row[0],
            "shuffle",
            "🎲 Shuffle",
            lambda s: shuffled_order(len(s.values)),
            "A random order.",
        ),
    ):
        column.button(
            text,
            key=f"{PAGE}_{name}",
            on_click=reorder.set_order,
            args=(PAGE, order_of),
            help=tip,
            width="stretch",
        )
    second_row[1].button(
        "↩️ Reset to what I typed",
        key=f"{PAGE}_reset",
        on_click=reorder.reset_to_typed,
        args=(PAGE,),
        help="Back to the list as you last typed or edited it.",
        width="stretch",
    )

    cards = reorder.card_texts(state)
    if st.session_state.get(f"{PAGE}_move_item") not in cards:
        st.session_state[f"{PAGE}_move_item"] = cards[0]
    st.selectbox(
        "Move one item (works with keyboard and touch)",
        cards,
        key=f"{PAGE}_move_item",
        help="Choose an item, then press Up or Down as often as you like: it stays chosen.",
    )
    moves = st.columns(4, gap="small")
    for column, where, text, tip in (
        (moves[0], "up", "Up", "One place up"),
        (moves[1], "down", "Down", "One place down"),
        (moves[2], "top", "Top", "To the top"),
        (moves[3], "bottom", "End", "To the bottom"),
    ):
        column.button(
            text,
            key=f"{PAGE}_move_{where}",
            on_click=reorder.move_selected,
            args=(PAGE, where),
            help=tip,
            width="stretch",
        )

    with st.expander("✏️ Edit labels and relevances in a table"):
        rows = reorder.editor_rows(PAGE, state)
        st.data_editor(
            pd.DataFrame(rows),
            key=reorder.editor_key(PAGE),
            num_rows="dynamic",
            hide_index=True,
            width="stretch",
            column_config={
                "Label": st.column_config.TextColumn("Label", max_chars=40),
                "Relevance": st.column_config.NumberColumn("Relevance", min_value=0.0, format="%g"),
            },
        )
        problem = reorder.table_error(PAGE)
        if problem:
            st.error(plain(f"{problem} The list was not changed."), icon="✋")
        else:
            st.caption("Rows are positions, top first. Add or delete rows at the table's edge.")

    st.subheader("2 · How it is scored")
    state = list_input.controls(PAGE)
    depth = _depth(state)
    n = len(state.values)
    if state.k is None and state.pool:
        st.caption(
            f"k = all: the {n} ranked positions count, and the ideal is cut at {n} too. "
            f"Choose k = {n + len(state.pool)} to let the ideal keep every judged item "
            "(trec_eval's plain `ndcg`)."
        )
    elif state.k is None:
        st.caption(f"k = all: all {n} positions count.")
    elif state.k > n:
        st.caption(
            f"k = {state.k} is beyond your {n} items: the list earns nothing after position "
            f"{n}, but the ideal ranking may still fill positions {n + 1}–{state.k} from the pool."
        )
    else:
        st.caption(
            f"k = {state.k}: only positions 1–{state.k} count, for your list and the ideal alike; "
            "moving an item below position k removes its contribution."
        )
    if state.pool:
        st.caption(
            f"Pool: {len(state.pool)} judged item(s) that the system never retrieved join the "
            "ideal ranking, so IDCG grows and NDCG drops: missing them costs."
        )

list_input.publish(PAGE, state)

# ---------------------------------------------------------------------------- results (right)

settings = {**state.settings, "k": depth}
table = breakdown(state.values, labels=state.labels, **settings)
totals = {
    "CG": cg(state.values, depth),
    "DCG": dcg(state.values, depth, gain=state.gain, discount=state.discount, log_base=state.base),
    "IDCG": idcg(state.values, **settings),
    "NDCG": ndcg(state.values, **settings),
}

# "Change since the previous ordering": remember the numbers each time the list or a setting moves.
shown_key, before_key = f"{PAGE}_shown", f"{PAGE}_before"
if st.session_state.get(shown_key, (None,))[0] != state:
    previous = st.session_state.get(shown_key)
    st.session_state[before_key] = previous[1] if previous else None
    st.session_state[shown_key] = (state, totals)
earlier = st.session_state.get(before_key)

with headline:
    at = "all" if depth is None else str(depth)
    helps = {
        "NDCG": "DCG ÷ IDCG: 1 means the order cannot be improved.",
        "DCG": "Discounted cumulative gain: each gain divided by its position's discount.",
        "IDCG": "The DCG of the best possible order of the same items (and the pool).",
        "CG": "Cumulative gain: the relevances of the top k added up, position ignored.",
    }
    for column, name in zip(st.columns(4), helps):
        delta = None
        if earlier is not None and round(totals[name] - earlier[name], 4) != 0:
            delta = f"{totals[name] - earlier[name]:+.4f}"
        column.metric(
            f"{name}@{at}",
            _fmt(totals[name]),
            delta=delta,
            help=helps[name],
            border=name == "NDCG",
        )
    if earlier is not None:
        st.caption(
            "The small numbers under the values: the change since the previous ordering or setting."
        )


def _chart(build, name: str, caption: str) -> None:
    st.plotly_chart(
        share.present_figure(build(table, depth)),
        key=f"{PAGE}_chart_{name}",
        config=charts.CONFIG,
        width="stretch",
    )
    st.caption(caption)


with right:
    st.subheader("3 · Where the score comes from")
    _chart(
        charts.contribution_chart,
        "contribution",
        "Each bar is one position's share of the score: wherever an orange bar stands taller "
        "than the blue one, your order gives points away.",
    )
    _chart(
        charts.cumulative_chart,
        "cumulative",
        "NDCG@k is the height of the blue line divided by the height of the orange one at k.",
    )

st.subheader("4 · The formula, then your numbers")
# The filled-in sums are wide (up to eight fractions): give each the full width.
st.latex(dcg_formula(state.gain, state.discount, state.base))
st.latex(dcg_filled(table, depth, gain=state.gain, discount=state.discount, log_base=state.base))
st.latex(dcg_formula(state.gain, state.discount, state.base, ideal=True))
st.latex(
    dcg_filled(
        table, depth, gain=state.gain, discount=state.discount, log_base=state.base, ideal=True
    )
)
ndcg_col, cg_col = st.columns(2, gap="large")
with ndcg_col:
    st.latex(ndcg_formula())
    st.latex(ndcg_filled(totals["DCG"], totals["IDCG"], totals["NDCG"], depth, n))
with cg_col:
    st.latex(cg_formula())
    st.latex(cg_filled(list(state.values), depth))
st.caption(
    "rel*ᵢ is the relevance at position i of the ideal order (the same items, best first, "
    "with any judged items that were not retrieved). CG is the plain sum, before any discount."
)

st.subheader("5 · The whole curve")
discount_col, ndcg_at_col = st.columns(2, gap="large")
with discount_col:
    _chart(
        charts.discount_chart,
        "discount",
        "Each step down is worth less, but the curve flattens: the first places matter most.",
    )
with ndcg_at_col:
    _chart(
        charts.ndcg_at_k_chart,
        "ndcg_at_k",
        "The same order can look fine at one k and poor at another.",
    )

# ---------------------------------------------------------------------------- details and sharing

st.subheader("6 · Position by position")
shown = table.rename(
    columns={
        "position": "Position",
        "label": "Label",
        "relevance": "Relevance",
        "gain": "Gain",
        "denominator": "Divided by",
        "discount": "Discount",
        "contribution": "Contribution",
        "cumulative_dcg": "Cumulative DCG",
        "ideal_label": "Ideal: label",
        "ideal_relevance": "Ideal: relevance",
        "ideal_gain": "Ideal: gain",
        "ideal_contribution": "Ideal: contribution",
        "cumulative_idcg": "Cumulative IDCG",
        "ndcg_at": "NDCG@position",
        "in_top_k": "Counts (within k)",
    }
)
number = st.column_config.NumberColumn(format="%.4f")
st.dataframe(
    shown,
    hide_index=True,
    width="stretch",
    height=min(38 * (len(shown) + 1), 420),
    column_config={
        "Position": st.column_config.NumberColumn(format="%d"),
        "Relevance": st.column_config.NumberColumn(format="%g"),
        "Ideal: relevance": st.column_config.NumberColumn(format="%g"),
        **{
            name: number
            for name in (
                "Gain",
                "Divided by",
                "Discount",
                "Contribution",
                "Cumulative DCG",
                "Ideal: gain",
                "Ideal: contribution",
                "Cumulative IDCG",
                "NDCG@position",
            )
        },
    },
)
st.download_button(
    "⬇️ Download this table (CSV)",
    table.to_csv(index=False).encode("utf-8"),
    file_name="ndcg-breakdown.csv",
    mime="text/csv",
    key=f"{PAGE}_csv",
)

st.subheader("7 · Share and explore")
link_state = state if depth == state.k else replace(state, k=depth)
share_col, next_col = st.columns([3, 2], gap="large")
with share_col:
    share.copy_link(query_string(state), path="playground", label="Link to exactly this example")
with next_col:
    st.markdown(
        f"🔀 [Explore ordering effects](/ordering?{query_string(link_state)}) — every swap and "
        "every possible order of these items.\n\n"
        f"⚖️ [Compare libraries](/libraries?{query_string(link_state)}) — what scikit-learn, "
        "trec_eval and others print for this list."
    )
