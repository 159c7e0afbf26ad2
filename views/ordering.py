"""Ordering effects: what one swap, one item's position or a full reshuffle does to NDCG."""

from __future__ import annotations

import hashlib
import threading
from collections.abc import Callable
from dataclasses import replace

import streamlit as st
from streamlit.runtime.scriptrunner import add_script_run_ctx, get_script_run_ctx

from i18n import tr, trn
from lessons import latex
from ndcg_core import totals
from ndcg_core.display import count, exact, fixed, signed
from ndcg_core.model import RankedList
from ndcg_core.ordering import (
    EXACT_LIMIT,
    OrderingSummary,
    best_swap,
    ndcg_at_each_k,
    ordering_distribution,
    position_sweep,
    swap_deltas,
    swap_effect,
    sweep_extremes,
)
from ndcg_core.permutations import swap
from ui import charts, controls, inputs, language, list_editor, menu, page_state, tables, urlparams
from ui.charts import ordering as ordering_charts
from ui.text import plain

PAGE = "ordering"
HEATMAP_KEY = f"{PAGE}_heatmap"
MOVED_KEY = f"{PAGE}_moved"
ITEM_KEY = f"{PAGE}_item_label"


# ---------------------------------------------------------------------------------------------
# Swaps change the list through the list editor, in callbacks (before the widgets are drawn).
# ---------------------------------------------------------------------------------------------


def _apply_swap(i: int, j: int) -> None:
    """Swap two items (their labels travel with them)."""
    ranked = page_state.current(PAGE)
    list_editor.load(PAGE, ranked.reordered(swap(ranked.n, i, j)))
    st.session_state[MOVED_KEY] = (i, j)


def _clicked_swap() -> None:
    """A click on a heatmap cell swaps its two positions (the cell's row and column)."""
    event = st.session_state.get(HEATMAP_KEY) or {}
    points = event.get("selection", {}).get("points", [])
    if points and points[0].get("x") != points[0].get("y"):
        _apply_swap(int(points[0]["y"]), int(points[0]["x"]))


def _item(ranked: RankedList, position: int) -> str:
    """How an item is named in menus and hovers: its label and its relevance."""
    return tr(
        "{label} (rel {relevance})",
        label=ranked.labels[position - 1],
        relevance=exact(ranked.relevances[position - 1]),
    )


def _list_key(name: str, ranked: RankedList) -> str:
    """A widget key that changes with the list: a picker whose options name the items is drawn
    afresh when they move (the browser would otherwise keep showing the old names)."""
    signature = hashlib.sha1(repr((ranked.relevances, ranked.labels)).encode()).hexdigest()[:10]
    return f"{PAGE}_{name}_{signature}"


@st.cache_data(show_spinner=False, max_entries=32)
def _distribution(ranked: RankedList, _progress=None) -> OrderingSummary:
    """The distribution's summary and histogram (the values themselves stay out of the cache)."""
    return ordering_distribution(ranked, progress=_progress).summary(bins=40)


PROGRESS_POLL = 0.05  # seconds between two moves of the progress bar


def _with_progress(function: Callable[..., OrderingSummary], *args, text: str):
    """`function(*args, _progress=report)` with a progress bar until it returns (none when it
    returns at once, from the cache). Streamlit's cache replays the elements a cached function
    draws, so it may not move a bar drawn outside it: the function only records its progress
    (`report(fraction)`), in a worker thread, while this thread moves the bar; `_progress`,
    with its leading underscore, is left out of the cache's key."""
    done, outcome = [0.0], {}

    def report(fraction: float) -> None:
        done[0] = fraction

    def work() -> None:
        try:
            outcome["value"] = function(*args, _progress=report)
        except BaseException as error:  # raised again in the script's thread
            outcome["error"] = error

    worker = threading.Thread(target=work, daemon=True)
    add_script_run_ctx(worker, get_script_run_ctx())
    worker.start()
    worker.join(PROGRESS_POLL * 2)
    bar = None
    while worker.is_alive():
        bar = bar or st.progress(0.0, text=text)
        bar.progress(min(max(done[0], 0.0), 1.0), text=text)
        worker.join(PROGRESS_POLL)
    if bar is not None:
        bar.empty()
    if "error" in outcome:
        raise outcome["error"]
    return outcome["value"]


# ---------------------------------------------------------------------------------------------
# Sections, in reading order
# ---------------------------------------------------------------------------------------------


def intro() -> None:
    st.title(tr("🔀 Ordering effects"))
    st.markdown(
        tr(
            "How much does one move cost? Every chart below uses the same list: what a **swap** "
            "of two items does, what happens as **one item travels** from top to bottom, where "
            "the list stands among **all its possible orderings**, and why a slip near the "
            "**top** costs more than one in the tail."
        )
    )


def the_list() -> RankedList:
    typed, settings_column = st.columns([3, 2])
    with typed:
        ranked = list_editor.edit_list(PAGE, drag=True)
    with settings_column, st.expander(tr("k, gain, discount, pool"), expanded=False):
        ranked = controls.scoring_controls(PAGE)
    controls.active_conventions(ranked)
    list_editor.board(PAGE, ranked)
    # The link carries the list and every setting, so the playground opens on this very case.
    menu.page_link(
        "playground",
        params=urlparams.list_params(ranked),
        label=tr("🎛️ Open this list in the playground"),
    )
    moved = st.session_state.pop(MOVED_KEY, None)
    if moved:
        st.success(
            tr(
                "Swapped positions {i} and {j}: the list, the link and every chart now show the "
                "new order.",
                i=moved[0],
                j=moved[1],
            ),
            icon="🔀",
        )
    return ranked


def swap_costs(ranked: RankedList):
    """The core's ΔNDCG of every swap, or None after saying why this list cannot be scored."""
    try:
        return swap_deltas(ranked)
    except ValueError as error:
        st.error(
            plain(tr("{error} Change the list above to see its orderings.", error=error)), icon="✋"
        )
        return None


def what_each_swap_costs(ranked: RankedList, deltas, current: float, name: str):
    """Section 1. Returns the picked swap (i, j), or None for a list of one item."""
    st.header(tr("1 · What does each swap cost?"))
    st.markdown(
        tr(
            "**Change in {name} if the items at positions *i* and *j* swap.** Point at a cell to "
            "see the two items and the new {name}, and click it to make that swap; on a touch "
            "screen, tap a cell once to see it and a second time to swap. The pickers under the "
            "map do the same from a keyboard.",
            name=name,
        )
    )
    if ranked.n < 2:
        st.info(tr("A list of one item has nothing to swap: add a second relevance above."))
    else:
        names = [_item(ranked, p) for p in range(1, ranked.n + 1)]
        figure = ordering_charts.swap_heatmap(deltas, names, current, measure=name)
        # The box names how many cells a row has, so a narrow screen drops the cell numbers
        # (ui/assets/app.css) rather than print them over each other.
        with st.container(key=ordering_charts.heatmap_box(ranked.n)):
            charts.show(
                figure,
                HEATMAP_KEY,
                on_select=_clicked_swap,
                selection_mode="points",
                alt=tr("Heatmap: the change in {name} for every swap of two positions", name=name),
            )
        if ranked.n > ordering_charts.HEATMAP_MAX:
            st.caption(
                tr(
                    "The list has {n} items; the heatmap shows the top {shown} positions.",
                    n=count(ranked.n),
                    shown=ordering_charts.HEATMAP_MAX,
                )
            )
        st.caption(
            tr(
                "What to notice: the strongest colours sit in the first rows and columns (swaps "
                "that involve the top), and items of equal relevance swap for free (0)."
            )
        )
        with st.expander(tr("The swaps as a table")):
            table = ordering_charts.swap_table(deltas, names)
            number = tables.NUMBER
            st.dataframe(
                table,
                column_config={
                    "_index": st.column_config.TextColumn(tr("Position i · item")),
                    **{column: number for column in table.columns},
                },
                key=f"{PAGE}_swaps_table",
            )
            st.caption(
                tr("Row i, column j: the change in {name} if positions i and j swap.", name=name)
            )
    best = best_swap(ranked)
    words, more = st.columns(2)
    with words:
        st.markdown(
            tr(
                "Each cell is the **change in {name}** if the items at positions *i* and *j* "
                "trade places: blue cells (a + sign) help, vermillion cells (a − sign) hurt, grey "
                "cells (0) change nothing; the table above gives every value. The table is "
                "symmetric, since swapping *i* with *j* is swapping *j* with *i*.",
                name=name,
            )
        )
    with more:
        st.markdown(
            tr(
                "Swapping *i* and *j* changes DCG by (g*ᵢ* − g*ⱼ*)·(d*ⱼ* − d*ᵢ*): the gap in gain "
                "times the gap in discount. Learning-to-rank methods use exactly this number: "
                "**LambdaRank and LambdaMART** weigh each pair of documents in training by "
                "|ΔNDCG| of swapping them (Burges 2010, *From RankNet to LambdaRank to "
                "LambdaMART: An Overview*), so the model works hardest on the pairs that matter "
                "most for NDCG."
            )
        )
        if best is None:
            st.markdown(
                tr(
                    "{name} is **{value}**, and **no single swap raises it**.",
                    name=name,
                    value=fixed(current),
                )
            )
        else:
            st.markdown(
                tr(
                    "{name} is **{value}**. The swap that helps most: positions **{i}** and "
                    "**{j}**, {first} ↔ {second}, **{change}**.",
                    name=name,
                    value=fixed(current),
                    i=best[0],
                    j=best[1],
                    first=plain(_item(ranked, best[0])),
                    second=plain(_item(ranked, best[1])),
                    change=signed(best[2]),
                )
            )
    if ranked.n < 2:
        return None
    return pick_a_swap(ranked, best, name)


def pick_a_swap(ranked: RankedList, best, name: str) -> tuple[int, int]:
    # With nothing to gain, top against bottom shows the costliest kind of mistake instead.
    default_i, default_j = (best[0], best[1]) if best else (1, ranked.n)
    # A new list gets new pickers, which start on the suggested swap: pressing "Swap them"
    # again and again keeps improving the list.
    positions = list(range(1, ranked.n + 1))
    pick_i, pick_j, go_column = st.columns([2, 2, 1], vertical_alignment="bottom")
    swap_i = pick_i.selectbox(
        tr("Swap the item at position"),
        positions,
        index=default_i - 1,
        key=_list_key("swap_i", ranked),
        format_func=language.worded(
            _list_key("swap_i", ranked), lambda p: f"{p} · {_item(ranked, p)}"
        ),
        filter_mode=inputs.typing_mode(positions),
    )
    swap_j = pick_j.selectbox(
        tr("with the item at position"),
        positions,
        index=default_j - 1,
        key=_list_key("swap_j", ranked),
        format_func=language.worded(
            _list_key("swap_j", ranked), lambda p: f"{p} · {_item(ranked, p)}"
        ),
        filter_mode=inputs.typing_mode(positions),
    )
    go_column.button(
        tr("Swap them"),
        key=f"{PAGE}_apply",
        on_click=_apply_swap,
        args=(swap_i, swap_j),
        disabled=swap_i == swap_j,
        type="primary",
    )
    if swap_i == swap_j:
        st.markdown(tr("Pick two different positions to see (and apply) a swap."))
        return swap_i, swap_j
    effect = swap_effect(ranked, swap_i, swap_j)
    values = {
        "i": swap_i,
        "j": swap_j,
        "name": name,
        "before": fixed(effect.before),
        "after": fixed(effect.after),
    }
    st.markdown(
        tr(
            "Swapping positions {i} and {j}: {name} {before} → **{after}** ({change}).",
            change=signed(effect.change),
            **values,
        )
        if effect.change
        else tr(
            "Swapping positions {i} and {j}: {name} {before} → **{after}** (no change).", **values
        )
    )
    return swap_i, swap_j


def one_items_journey(ranked: RankedList, name: str) -> None:
    st.header(tr("2 · One item's journey"))
    chart, words = st.columns([3, 2])
    with words:
        # The item is remembered by its label, so the choice follows the item when it moves.
        remembered = st.session_state.get(ITEM_KEY)
        if remembered not in ranked.labels:
            remembered = ranked.labels[0]
        picked = st.selectbox(
            tr("Move this item through every position"),
            list(ranked.labels),
            index=ranked.labels.index(remembered),
            key=_list_key("item", ranked),
            filter_mode=inputs.typing_mode(ranked.labels),
            format_func=language.worded(
                _list_key("item", ranked),
                lambda label: tr(
                    "{item}, now at position {position}",
                    item=_item(ranked, ranked.labels.index(label) + 1),
                    position=ranked.labels.index(label) + 1,
                ),
            ),
        )
        st.session_state[ITEM_KEY] = picked
        position = ranked.labels.index(picked) + 1
        st.markdown(
            tr(
                "The chosen item is taken out and put back at position 1, 2, …, n; the others "
                "keep their order and close up around it, as when you drag it in a list."
            )
        )
        st.markdown(
            tr(
                "What to notice: the curve is steepest at the top, because the discount falls "
                "fastest there. A relevant item loses most of its value in its first few steps "
                "down; an irrelevant one hurts most when it blocks the top spot."
            )
        )
    sweep = position_sweep(ranked, position)
    with chart:
        figure = ordering_charts.journey_chart(
            sweep, position, _item(ranked, position), measure=name
        )
        charts.show(
            figure,
            f"{PAGE}_journey",
            alt=tr("Line chart: {name} with the chosen item at each position", name=name),
        )
        extremes = sweep_extremes(sweep)
        if extremes is None:
            st.caption(
                tr(
                    "This item scores the same at every position: {name} {value}.",
                    name=name,
                    value=fixed(sweep[0]),
                )
            )
        else:
            high, low = extremes
            st.caption(
                tr(
                    "Best at position {high} ({name} {best}), worst at position {low} "
                    "({name} {worst}).",
                    high=high,
                    low=low,
                    name=name,
                    best=fixed(sweep[high - 1]),
                    worst=fixed(sweep[low - 1]),
                )
            )
        # The curve's numbers as text, for screen readers and for reading exact values.
        with st.expander(tr("The curve as a table")):
            st.dataframe(
                {tr("Position of the item"): list(range(1, ranked.n + 1)), name: sweep},
                hide_index=True,
                column_config={name: tables.NUMBER},
                key=f"{PAGE}_journey_table",
            )


def among_all_orderings(ranked: RankedList, current: float, name: str) -> None:
    st.header(tr("3 · Among all possible orderings"))
    # Labels change no number, so the cache is keyed on the list without them: swapping two
    # items of equal relevance finds the distribution already computed.
    summary = _with_progress(
        _distribution, replace(ranked, labels=()), text=tr("Scoring the orderings…")
    )
    histogram, terms = summary.histogram, summary.terms
    _how_many_orderings(summary)
    cards = st.columns(4)
    cards[0].metric(tr("This list ({name})", name=name), fixed(current))
    cards[1].metric(
        tr("Random order ({name})", name=name),
        fixed(terms.expected),
        help=tr("The mean over every ordering, each equally likely: the formula below."),
    )
    cards[2].metric(tr("Best ordering ({name})", name=name), fixed(summary.best))
    cards[3].metric(tr("Worst ordering ({name})", name=name), fixed(summary.worst))
    chart, words = st.columns([3, 2])
    with chart:
        figure = ordering_charts.distribution_chart(
            histogram,
            current=current,
            expected=terms.expected,
            best=summary.best,
            worst=summary.worst,
            exact=summary.exact,
            measure=name,
        )
        charts.show(
            figure,
            f"{PAGE}_spread",
            alt=tr(
                "Histogram: the share of orderings at each {name}, with this list marked",
                name=name,
            ),
        )
        if summary.all_same:
            st.caption(
                tr(
                    "Every ordering scores the same {name}, {value}: the items share one "
                    "relevance, or the positions they can swap between have the same discount, "
                    "so no order is better than another.",
                    name=name,
                    value=fixed(summary.best),
                )
            )
        else:
            st.caption(
                tr(
                    "What to notice: most orderings sit well above the worst one, so a random "
                    "order already scores a fair NDCG; what matters is how far above random a "
                    "ranking gets."
                )
            )
        with st.expander(tr("The histogram as a table")):
            st.dataframe(
                ordering_charts.distribution_table(histogram, measure=name),
                hide_index=True,
                column_config={"%": st.column_config.NumberColumn(format="%.2f")},
                key=f"{PAGE}_spread_table",
            )
    with words:
        share = fixed(summary.share_below * 100, 1)
        if summary.all_same:
            st.markdown(
                tr("No ordering scores lower or higher than this list.")
                if summary.exact
                else tr("No ordering in the sample scores lower or higher than this list.")
            )
        elif summary.exact:
            st.markdown(
                tr("**{share} %** of the orderings score lower than this list.", share=share)
            )
        else:
            st.markdown(
                tr(
                    "**{share} %** of the orderings in the sample score lower than this list.",
                    share=share,
                )
            )
        st.markdown(
            tr(
                "A random order puts each item at each position equally often, so every "
                "position expects the **mean gain** ḡ, and the expected DCG is ḡ times the sum "
                "of the discounts dᵢ of the positions that count. The expected NDCG needs no "
                "enumeration:"
            )
        )
        formula, filled = latex.expected_random(terms)
        st.latex(formula)
        st.latex(filled)
        if summary.orderings == 1:
            st.markdown(tr("With one ordering, the mean is that ordering's score."))
        elif summary.exact:
            st.markdown(
                tr(
                    "The mean over all {n} orderings is **{mean}**, the formula gives "
                    "**{expected}**: the same number.",
                    n=count(summary.orderings),
                    mean=fixed(summary.mean, 6),
                    expected=fixed(terms.expected, 6),
                )
            )
        else:
            st.markdown(
                tr(
                    "The sample's mean is **{mean} ± {error}** (one standard error), the formula "
                    "gives **{expected}**.",
                    mean=fixed(summary.mean),
                    error=fixed(summary.standard_error),
                    expected=fixed(terms.expected),
                )
            )


def _how_many_orderings(summary: OrderingSummary) -> None:
    orderings = summary.orderings
    if orderings == 1:
        st.markdown(
            tr(
                "Every item of this list has the same relevance, so it has **one** distinct "
                "ordering: moving items around changes nothing."
            )
        )
    elif summary.exact:
        st.markdown(
            trn(
                "This list has **{count}** distinct ordering (items of equal relevance are "
                "interchangeable, so orderings that only swap them count once); all of them "
                "are scored.",
                "This list has **{count}** distinct orderings (items of equal relevance are "
                "interchangeable, so orderings that only swap them count once); all of them "
                "are scored.",
                orderings,
                count=count(orderings),
            )
        )
    else:
        st.info(
            tr(
                "This list has **{orderings}** distinct orderings, more than the {limit} that "
                "are scored one by one, so the chart shows a **random sample of {sample}** "
                "orderings (each equally likely). The sample's mean has a standard error of "
                "**{error}**.",
                orderings=count(orderings),
                limit=count(EXACT_LIMIT),
                sample=count(summary.sample_size),
                error=fixed(summary.standard_error, 6),
            ),
            icon="🎲",
        )


def top_heavy_or_tail(ranked: RankedList, picked: tuple[int, int] | None) -> None:
    st.header(tr("4 · Top-heavy or tail: NDCG@k for every k"))
    if picked is None:
        st.info(tr("With one item there is no swap to compare."))
        return
    swap_i, swap_j = picked
    table = ndcg_at_each_k(ranked, swap_i, swap_j)
    chosen = table.loc[table["chosen"]].iloc[0]
    after_column = tr("NDCG@k after swapping {i} and {j}", i=swap_i, j=swap_j)
    before_column = tr("NDCG@k as listed")
    chart, words = st.columns([3, 2])
    with chart:
        figure = ordering_charts.cutoff_chart(
            table, swap_i, swap_j, marked=ranked.scoring.cut_words()
        )
        charts.show(
            figure,
            f"{PAGE}_cutoffs",
            alt=tr(
                "Line chart: NDCG@k for every k, as listed and after swapping {i} and {j}",
                i=swap_i,
                j=swap_j,
            ),
        )
        st.caption(
            tr(
                "What to notice: nothing changes above the upper swapped position; once k "
                "covers both positions the DCG gap is fixed while IDCG@k keeps growing, so the "
                "gap shrinks."
            )
        )
        with st.expander(tr("The two curves as a table")):
            number = tables.NUMBER
            st.dataframe(
                {
                    "k": table["k"],
                    before_column: table["before"],
                    after_column: table["after"],
                },
                hide_index=True,
                column_config={before_column: number, after_column: number},
                key=f"{PAGE}_cutoffs_table",
            )
    with words:
        largest = table.loc[table["largest"]]
        if largest.empty:
            change = tr("This swap changes NDCG@k at no cut-off.")
        else:
            row = largest.iloc[0]
            change = tr(
                "The largest change is at **k = {k}**: {before} → {after}.",
                k=int(row["k"]),
                before=fixed(row["before"]),
                after=fixed(row["after"]),
            )
        upper = min(picked)
        said = [
            tr(
                "The same swap (positions {i} ↔ {j}, picked above) seen through every cut-off.",
                i=swap_i,
                j=swap_j,
            )
        ]
        if upper > 1:
            said.append(
                tr("For k < {upper} neither item is counted, so nothing changes.", upper=upper)
            )
        st.markdown(" ".join([*said, change]))
        st.markdown(
            tr(
                "A small k looks only at the top, where the discounts differ most and the ideal "
                "DCG is small, so one misplaced item moves NDCG@k a lot. As k grows, the swap is "
                "diluted by everything else in the list. Try a swap between positions 1 and 2, "
                "then one between the last two positions."
            )
        )
        st.markdown(
            tr(
                "At this page's cut-off ({cut}, NDCG@{k}): {before} → {after}.",
                cut=ranked.scoring.cut_words(),
                k=int(chosen["k"]),
                before=fixed(chosen["before"]),
                after=fixed(chosen["after"]),
            )
        )


# ---------------------------------------------------------------------------------------------
# The page, in reading order
# ---------------------------------------------------------------------------------------------


def main() -> None:
    intro()
    ranked = the_list()
    deltas = swap_costs(ranked)
    if deltas is None:
        return
    result = totals(ranked)
    measure = result.name("NDCG")
    picked = what_each_swap_costs(ranked, deltas, result.ndcg, measure)
    one_items_journey(ranked, measure)
    among_all_orderings(ranked, result.ndcg, measure)
    top_heavy_or_tail(ranked, picked)


main()
