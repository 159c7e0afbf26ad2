"""Playground: type or drag a ranking and watch every position's share of NDCG change."""

from __future__ import annotations

import streamlit as st

from ndcg_core import totals
from ndcg_core.display import csv_bytes
from ndcg_core.latex import cg_filled, cg_formula, formulas, worked
from ui import charts, controls, list_editor, menu, scores, share, tables, urlparams

PAGE = "playground"
TABLE_COLUMNS = {
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


def your_ranking():
    """The typed list and its table; returns where the board goes (drawn once the list is
    scored: its conventions, chosen below it, decide the board's numbers)."""
    st.header("1 · Your ranking")
    list_editor.edit_list(
        PAGE, label="Relevances, top of the ranking first", height=80, drag=True, table=True
    )
    return st.container()


def how_it_is_scored():
    st.header("2 · How it is scored")
    return controls.scoring_controls(PAGE)


def where_the_score_comes_from(result) -> None:
    st.header("3 · Where the score comes from")
    # Each position's share (yours beside the ideal's) is the ranking board itself, on the left:
    # drawn there once, it answers a move within a frame. The running totals are drawn here.
    k = result.ranked.k
    st.caption(
        "The bars on the ranking board are each position's share of the score: wherever the "
        "ideal's bar is longer than yours, your order gives points away. Added up position by "
        "position, they make the two curves below."
    )
    charts.show(
        charts.cumulative_chart(result.table, k),
        key=f"{PAGE}_chart_cumulative",
        alt="Line chart: your running DCG and the ideal's running IDCG, position by position",
    )
    st.caption(
        f"{result.name()} is the height of the solid line (your DCG) divided by the height of "
        "the dashed one (the ideal's) at the last counted position. Every number is in the "
        "table of section 6."
    )


def the_formula(result) -> None:
    st.header("4 · The formula, then your numbers")
    ranked = result.ranked
    dcg_symbols, idcg_symbols, ndcg_symbols = formulas(ranked)
    dcg_numbers, idcg_numbers, ndcg_numbers = worked(result)
    # The filled-in sums are wide (up to eight fractions): give each the full width.
    st.latex(dcg_symbols)
    st.latex(dcg_numbers)
    st.latex(idcg_symbols)
    st.latex(idcg_numbers)
    ndcg_column, cg_column = st.columns(2, gap="large")
    with ndcg_column:
        st.latex(ndcg_symbols)
        st.latex(ndcg_numbers)
    with cg_column:
        st.latex(cg_formula())
        st.latex(cg_filled(list(ranked.relevances), ranked.k))
    st.caption(
        "rel*ᵢ is the relevance at position i of the ideal order (the same items, best first, "
        "with any judged items that were not retrieved). CG is the plain sum, before any discount."
    )


def the_whole_curve(result) -> None:
    st.header("5 · The whole curve")
    k = result.ranked.k
    discount_column, ndcg_column = st.columns(2, gap="large")
    with discount_column:
        charts.show(
            charts.discount_chart(result.table, k),
            key=f"{PAGE}_chart_discount",
            alt="Line chart: the discount at each position",
        )
        st.caption(
            "Each step down is worth less, but the curve flattens: the first places matter most."
        )
    with ndcg_column:
        charts.show(
            charts.ndcg_at_k_chart(result.table, k),
            key=f"{PAGE}_chart_ndcg_at_k",
            alt="Line chart: NDCG@k for every cut-off k, your k marked",
        )
        st.caption(
            "NDCG@k need not grow with k: a deeper cut adds your next item's gain to DCG, but "
            "also the ideal's next (never smaller) gain to IDCG."
        )


def position_by_position(result) -> None:
    st.header("6 · Position by position")
    shown = result.table.rename(columns=TABLE_COLUMNS)
    st.dataframe(
        shown,
        hide_index=True,
        width="stretch",
        # Sized by the grid itself, row by row: a fixed height in pixels cut rows off once
        # presenter view made them taller.
        height="auto",
        key=f"{PAGE}_table",
        column_config={
            "Position": st.column_config.NumberColumn(format="%d"),
            "Relevance": st.column_config.NumberColumn(format="%g"),
            "Ideal: relevance": st.column_config.NumberColumn(format="%g"),
            **dict.fromkeys(
                (
                    "Gain",
                    "Divided by",
                    "Discount",
                    "Contribution",
                    "Cumulative DCG",
                    "Ideal: gain",
                    "Ideal: contribution",
                    "Cumulative IDCG",
                    "NDCG@position",
                ),
                tables.NUMBER,
            ),
        },
    )
    st.download_button(
        "⬇️ Download this table (CSV)",
        csv_bytes(result.table),
        file_name="ndcg-breakdown.csv",
        mime="text/csv",
        key=f"{PAGE}_csv",
    )


def share_and_explore(ranked) -> None:
    st.header("7 · Share and explore")
    share_column, next_column = st.columns([3, 2], gap="large")
    with share_column:
        share.copy_link(
            urlparams.query_string(urlparams.list_params(ranked)),
            path=PAGE,
            label="Link to exactly this example",
        )
    with next_column:
        params = urlparams.list_params(ranked)
        menu.page_link(
            "ordering",
            params=params,
            label="🔀 Ordering effects: every swap and every order of these items",
        )
        menu.page_link(
            "libraries",
            params=params,
            label="⚖️ Why libraries disagree: what scikit-learn, trec_eval and others print",
        )


# ---------------------------------------------------------------------------------------------
# The page, in reading order
# ---------------------------------------------------------------------------------------------


def main() -> None:
    st.title("🎛️ Playground")
    st.markdown(
        "Type a ranking, drag its items around, and watch what each position adds to the score. "
        "Position 1 is the top of the list; every number below is recomputed from your list."
    )
    headline = st.container()
    left, right = st.columns(2, gap="large")
    with left:
        board = your_ranking()
        ranked = how_it_is_scored()
        # NDCG in one line, kept in sight at the foot of the screen while the list is edited
        # (the cards above may be a screen or more away, on a phone above all).
        readout = st.container(key=f"readout_{PAGE}")
    result = totals(ranked)
    with headline:
        scores.metrics_row(result, page=PAGE, changes=True)
        controls.active_conventions(ranked)
    with readout:
        scores.readout(result, page=PAGE)
    with board:
        list_editor.board(PAGE, ranked)
    with right:
        where_the_score_comes_from(result)
    the_formula(result)
    the_whole_curve(result)
    position_by_position(result)
    share_and_explore(ranked)


main()
