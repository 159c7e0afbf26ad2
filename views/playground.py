"""Playground: type or drag a ranking and watch every position's share of NDCG change."""

from __future__ import annotations

import streamlit as st

from i18n import N_, tr
from lessons.latex import cg_filled, cg_formula, formulas, ndcg_filled, worked
from ndcg_core.display import csv_bytes
from ndcg_core.options import DISCOUNTS, GAINS, GainMap
from ui import (
    charts,
    controls,
    folds,
    language,
    list_editor,
    menu,
    scores,
    share,
    tables,
    urlparams,
)
from ui.text import plain

PAGE = "playground"
TABLE_COLUMNS = {
    "position": N_("Position"),
    "label": N_("Label"),
    "relevance": N_("Relevance"),
    "gain": N_("Gain"),
    "denominator": N_("Divided by"),
    "discount": N_("Discount"),
    "contribution": N_("Contribution"),
    "cumulative_dcg": N_("Cumulative DCG"),
    "ideal_label": N_("Ideal: label"),
    "ideal_relevance": N_("Ideal: relevance"),
    "ideal_gain": N_("Ideal: gain"),
    "ideal_contribution": N_("Ideal: contribution"),
    "cumulative_idcg": N_("Cumulative IDCG"),
    "ndcg_at": N_("NDCG@position"),
    "in_top_k": N_("Counts (within k)"),
}


def intro() -> None:
    st.title(tr("🎛️ Playground"))
    st.markdown(
        tr(
            "Type a ranking or drag its items (position 1 is the top) and watch what each position "
            "adds to the score."
        )
    )


def your_ranking():
    """The typed list and its table; returns where the board goes (drawn once the list is
    scored: its conventions, chosen below it, decide the board's numbers)."""
    st.header(tr("1 · Your ranking"))
    list_editor.edit_list(
        PAGE, label=tr("Relevances, top of the ranking first"), height=80, drag=True, table=True
    )
    return st.container()


def how_it_is_scored():
    st.header(tr("2 · How it is scored"))
    ranked = controls.scoring_controls(PAGE, explain=False)
    st.caption(plain(controls.cut_sentence(ranked)))
    with st.expander(tr("📚 What the gain and the discount do")):
        gain = ranked.scoring.gain
        if gain in GAINS:
            st.caption(tr(GAINS[gain].description))
        else:
            grades = sorted({g for g in ranked.relevances + ranked.pool if g >= 0})
            st.caption(plain(controls.map_lesson(GainMap.parse(gain), grades)))
        st.caption(tr(DISCOUNTS[ranked.scoring.discount].description))
    return ranked


def where_the_score_comes_from(result) -> None:
    st.header(tr("3 · Where the score comes from"))
    # Each position's share (yours beside the ideal's) is the ranking board itself, on the left:
    # drawn there once, it answers a move within a frame. The running totals are drawn here.
    k = result.ranked.k
    charts.show(
        charts.cumulative_chart(result.columns, k),
        key=f"{PAGE}_chart_cumulative",
        alt=tr("Line chart: your running DCG and the ideal's running IDCG, position by position"),
    )
    st.caption(
        tr(
            "{ndcg} is your DCG (solid) over the ideal's (dashed) at the last counted position.",
            ndcg=result.name(),
        )
    )


def the_formula(result) -> None:
    """NDCG's formula and its filled form, compact, beside the controls."""
    st.header(tr("4 · The formula, with your numbers"))
    ranked = result.ranked
    st.latex(formulas(ranked)[2])
    st.latex(ndcg_filled(result.dcg, result.idcg, result.ndcg, ranked.k))


def the_sums(result) -> None:
    """For a second reading: DCG and IDCG term by term, CG, and the further curves."""
    ranked = result.ranked
    dcg_symbols, idcg_symbols, _ = formulas(ranked)
    # Three terms a line: a fold's own padding leaves a phone about 320 px, where four fractions
    # (about 360 px) would push the total out of sight.
    dcg_numbers, idcg_numbers, _ = worked(result, per_line=3)
    # The filled-in sums are wide (up to eight fractions): give each the full width.
    st.latex(dcg_symbols)
    st.latex(dcg_numbers)
    st.latex(idcg_symbols)
    st.latex(idcg_numbers)
    st.latex(cg_formula())
    st.latex(cg_filled(list(ranked.relevances), ranked.k))
    st.caption(
        tr(
            "rel*ᵢ is the relevance at position i of the ideal order (the same items, best "
            "first, with any judged items that were not retrieved). CG is the plain sum, before "
            "any discount."
        )
    )
    st.markdown(
        tr(
            "**The curves.** The bars on the ranking board are each position's share of the "
            "score: wherever the ideal's bar is longer than yours, your order gives points "
            "away. Added up position by position, they make the two curves of section 3; "
            "every number is in the table, position by position, below."
        )
    )
    the_whole_curve(result)


def the_whole_curve(result) -> None:
    st.subheader(tr("The whole curve"))
    k = result.ranked.k
    discount_column, ndcg_column = st.columns(2, gap="large")
    with discount_column:
        charts.show(
            charts.discount_chart(result.columns, k),
            key=f"{PAGE}_chart_discount",
            alt=tr("Line chart: the discount at each position"),
        )
        st.caption(
            tr(
                "Each step down is worth less, but the curve flattens: the first places matter most."
            )
        )
    with ndcg_column:
        charts.show(
            charts.ndcg_at_k_chart(result.columns, k),
            key=f"{PAGE}_chart_ndcg_at_k",
            alt=tr("Line chart: NDCG@k for every cut-off k, your k marked"),
        )
        st.caption(
            tr(
                "NDCG@k need not grow with k: a deeper cut adds your next gain to DCG and the "
                "ideal's next gain to IDCG, and whichever adds more, for its total, moves it."
            )
        )


def position_by_position(result) -> None:
    names = {column: tr(name) for column, name in TABLE_COLUMNS.items()}
    shown = result.table.assign(
        ideal_label=result.table["ideal_label"].map(tables.item_label)
    ).rename(columns=names)
    st.dataframe(
        shown,
        hide_index=True,
        width="stretch",
        # Sized by the grid itself, row by row: a fixed height in pixels cut rows off once
        # presenter view made them taller.
        height="auto",
        key=f"{PAGE}_table",
        column_config={
            names["position"]: st.column_config.NumberColumn(format="%d"),
            names["relevance"]: st.column_config.NumberColumn(format="%g"),
            names["ideal_relevance"]: st.column_config.NumberColumn(format="%g"),
            **dict.fromkeys(
                (
                    names[column]
                    for column in (
                        "gain",
                        "denominator",
                        "discount",
                        "contribution",
                        "cumulative_dcg",
                        "ideal_gain",
                        "ideal_contribution",
                        "cumulative_idcg",
                        "ndcg_at",
                    )
                ),
                tables.NUMBER,
            ),
        },
    )
    table = result.table
    st.download_button(
        tr("⬇️ Download this table (CSV)"),
        lambda: csv_bytes(table),  # written when asked for
        file_name="ndcg-breakdown.csv",
        mime="text/csv",
        key=f"{PAGE}_csv",
    )


def share_and_explore(ranked) -> None:
    share_column, next_column = st.columns([3, 2], gap="large")
    with share_column:
        share.copy_link(
            urlparams.query_string(urlparams.list_params(ranked)),
            path=PAGE,
            label=tr("Link to exactly this example"),
        )
    with next_column:
        params = urlparams.list_params(ranked)
        menu.page_link(
            "ordering",
            params=params,
            label=tr("🔀 Ordering effects: every swap and every order of these items"),
        )
        menu.page_link(
            "libraries",
            params=params,
            label=tr("⚖️ Why libraries disagree: what scikit-learn, trec_eval and others print"),
        )


# ---------------------------------------------------------------------------------------------
# The page, in reading order
# ---------------------------------------------------------------------------------------------


def main() -> None:
    intro()
    live()


@st.fragment
def live() -> None:
    """Everything under the title, as one fragment: a typed change, a move on the board, a
    control or a fold reruns this alone, not the app around it (the style sheet, the menu, the
    sidebar's switches), which none of them changes: less work a change for the server and for
    the browser (bench/README.md, the rerun). The sidebar's link to this view is drawn here,
    last, so it follows every change."""
    language.resume()
    headline = scores.MetricsFirst(PAGE, list_editor.typed_change(PAGE))
    left, right = st.columns(2, gap="large")
    with left:
        board = your_ranking()
        ranked = how_it_is_scored()
        # NDCG in one line, kept in sight at the foot of the screen while the list is edited
        # (the cards above may be a screen or more away, on a phone above all).
        readout = st.container(key=f"readout_{PAGE}")
    result = headline.scored(ranked)
    with headline.final(result):
        controls.active_conventions(ranked)
    with readout:
        scores.readout(result, page=PAGE)
    with board:
        list_editor.board(PAGE, ranked)
    with right:
        where_the_score_comes_from(result)
        the_formula(result)
    for label, name, section, of in (
        (
            N_("🔎 DCG and IDCG term by term, CG, and the curves explained"),
            "sums",
            the_sums,
            result,
        ),
        (N_("🔢 Position by position, with a CSV download"), "table", position_by_position, result),
        (N_("🔗 Share this example, and where to go next"), "share", share_and_explore, ranked),
    ):
        folded = folds.fold(PAGE, name, tr(label))
        with folded:
            if folded.open:
                section(of)
    share.sidebar_link(PAGE)


main()
