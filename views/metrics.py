"""NDCG beside its neighbours: one list scored by P@k, R@k, RR, AP, ERR, RBP and NDCG."""

from __future__ import annotations

import pandas as pd
import streamlit as st

from ndcg_core.display import DIGITS, exact, fixed, signed
from ndcg_core.latex import RELEVANT_SYMBOL, neighbour_filled, neighbour_formula
from ndcg_core.measures import (
    G_MAX,
    MEASURES,
    PERSISTENCE,
    REL_MIN,
    MeasureSettings,
    MeasureValues,
    all_measures,
    changes,
    rbp_expected_reads,
    rbp_residual,
)
from ui import controls, list_editor, menu, scores, urlparams
from ui.text import plain

PAGE = "metrics"
SCHEMA = (urlparams.REL_MIN_PARAM, urlparams.G_MAX_PARAM, urlparams.PERSISTENCE_PARAM)
CARD_ROWS = (("ndcg", "p", "r", "rr"), ("ap", "err", "rbp"))
REFERENCES = (
    "Järvelin, K. & Kekäläinen, J. (2002). Cumulated gain-based evaluation of IR techniques. "
    "ACM TOIS 20(4), 422–446.",
    "Chapelle, O., Metzler, D., Zhang, Y. & Grinspan, P. (2009). Expected reciprocal rank for "
    "graded relevance. CIKM, 621–630.",
    "Moffat, A. & Zobel, J. (2008). Rank-biased precision for measurement of retrieval "
    "effectiveness. ACM TOIS 27(1), article 2.",
    "Voorhees, E. M. (1999). The TREC-8 question answering track report. TREC-8 (reciprocal rank).",
    "Buckley, C. & Voorhees, E. M. (2000). Evaluating evaluation measure stability. SIGIR "
    "(precision at k, average precision).",
    "Manning, C. D., Raghavan, P. & Schütze, H. (2008). Introduction to Information Retrieval, "
    "chapter 8. Cambridge University Press.",
    "trec_eval 9.0.8 (P_k, recall_k, recip_rank, map_cut_k) and ranx 0.3 (precision@k, "
    "recall@k, mrr@k, map@k): the values here equal theirs (tests/crosscheck/test_measures.py).",
)


def intro() -> None:
    st.title("🧭 NDCG beside its neighbours")
    st.markdown(
        "NDCG is one of several numbers a ranked list is scored with. Each of them is a belief "
        "about the person reading the list: how far they read, whether they need one answer or "
        "all of them, whether a highly relevant item is worth more than a fair one. Here the "
        "same list gets all seven, each with its formula and your numbers. Drag an item or "
        "press an order button and watch which numbers move."
    )


def your_list():
    st.header("1 · Your list")
    return list_editor.lesson_list(PAGE)


def settings_controls() -> MeasureSettings:
    st.header("2 · What counts")
    keys = {param.name: f"{PAGE}_{param.name}" for param in SCHEMA}
    for param in SCHEMA:
        controls.from_link(keys[param.name], param, param.default)
    rel_min = controls.number(
        "Relevant from grade (rel_min)", REL_MIN, keys["rel_min"], format="%g"
    )
    g_max = controls.number("ERR's top grade (g_max)", G_MAX, keys["g_max"], format="%g")
    p = controls.number("RBP's persistence (p)", PERSISTENCE, keys["p"], slider=True)
    values = {"rel_min": float(rel_min), "g_max": float(g_max), "p": float(p)}
    urlparams.write(
        {
            name: (None if value == param.default else value)
            for (name, value), param in zip(values.items(), SCHEMA)
        },
        SCHEMA,
    )
    st.caption(
        "P, R, RR, AP and RBP only know hit or miss: an item is a hit when its grade is at "
        f"least rel_min = {exact(rel_min)}. ERR and NDCG read the grades themselves."
    )
    return MeasureSettings(**values)


def headline(result: MeasureValues) -> None:
    """Seven cards, each with its change since the last change of the list or a setting."""
    before = scores.previous(PAGE, (result.ranked, result.settings), result.values)
    moved = changes(before, result.values)
    for row in CARD_ROWS:
        for column, key in zip(st.columns(4), row):
            delta = moved.get(key)
            column.metric(
                result.name(key),
                fixed(result.values[key]),
                delta=scores.metric_delta(scores.visible_change(delta)),
                help=MEASURES[key].name,
                border=key == "ndcg",
            )
    for key, problem in result.problems.items():
        st.warning(f"**{result.name(key)}:** {plain(problem)}", icon="✋")
    if before is not None:
        what_changed(result, before, moved)


def what_changed(result: MeasureValues, before: dict[str, float], moved: dict[str, float]) -> None:
    """Which measures the last change moved, and by how much; which it left alone."""
    shifted = [key for key in MEASURES if round(moved.get(key, 0.0), DIGITS) != 0]
    still = [key for key in MEASURES if key in moved and key not in shifted]
    if shifted:
        said = ", ".join(f"{result.name(key)} {signed(moved[key])}" for key in shifted)
        sentence = f"**The last change moved** {said}."
        if still:
            sentence += f" Unchanged: {', '.join(result.name(key) for key in still)}."
    else:
        sentence = "**The last change moved none of the seven numbers** (to four decimals)."
    st.info(sentence, icon="↕️")
    with st.expander("Before and after the last change, measure by measure"):
        st.dataframe(
            pd.DataFrame(
                {
                    "Measure": [result.name(key) for key in MEASURES],
                    "Before": [fixed(before.get(key)) for key in MEASURES],
                    "Now": [fixed(result.values[key]) for key in MEASURES],
                    "Change": [signed(moved[key]) if key in moved else "—" for key in MEASURES],
                }
            ),
            hide_index=True,
            key=f"{PAGE}_changes",
        )


def at_a_glance(result: MeasureValues) -> None:
    st.header("3 · What each one rewards")
    # A static table: its sentences wrap instead of hiding behind a scroll bar.
    st.table(
        pd.DataFrame(
            {
                "Your list": [fixed(result.values[key]) for key in MEASURES],
                "Reads grades": [
                    "yes" if MEASURES[key].graded else "hit or miss" for key in MEASURES
                ],
                "Counts relevant items never retrieved": [
                    "yes" if MEASURES[key].uses_pool else "no" for key in MEASURES
                ],
                "Its reader": [MEASURES[key].reader for key in MEASURES],
            },
            index=pd.Index([result.name(key) for key in MEASURES], name="Measure"),
        )
    )
    st.markdown(
        "**Which one to report?** Each answers a different question. P@k: how much of a "
        "page of k results is useful. R@k: how much of what exists the page found, which is "
        "what a first retrieval stage or a legal search needs. RR (MRR over queries): how soon "
        "the first good answer comes, for a question with one answer. AP (MAP): all relevant "
        "items, early, the classic TREC summary. ERR: one excellent answer early, for a reader "
        "who stops when satisfied. RBP: a reader of stated patience, without any ideal to "
        "divide by. NDCG: graded items in the best order they could have had."
    )


def each_measure(result: MeasureValues) -> None:
    st.header("4 · The formulas, then your numbers")
    ranked = result.ranked
    counted = f"the top {result.divisor}" if ranked.k is not None else f"all {ranked.n}"
    st.markdown(
        f"**Hit or miss.** The binary measures turn each grade into rᵢ: 1 when the item is "
        f"relevant enough, else 0. Of {counted} positions, **{result.hits}** are hits; "
        f"|𝓡| = **{result.relevant}** relevant items were judged in all "
        f"({result.relevant - result.pooled} in the list, {result.pooled} never retrieved)."
    )
    st.latex(RELEVANT_SYMBOL)
    for key, measure in MEASURES.items():
        st.markdown(f"### {result.name(key)} · {measure.name}")
        st.markdown(f"**Rewards:** {measure.rewards}")
        st.latex(neighbour_formula(key, ranked))
        st.latex(neighbour_filled(result, key))
        if key == "err" and "err" not in result.problems:
            st.caption(
                f"Rᵢ is the chance the reader is satisfied at position i (g_max = "
                f"{exact(result.settings.g_max)}); the last factor of each term is the chance "
                "they are still reading there."
            )
        if key == "rbp":
            st.caption(
                f"A reader with p = {exact(result.settings.p)} reads 1 / (1 − p) = "
                f"{fixed(rbp_expected_reads(result.settings.p))} items on average. Below position "
                f"{result.depth} lies a weight of p^{result.depth} = "
                f"{fixed(rbp_residual(result.depth, result.settings.p))} (Moffat and Zobel's "
                "residual): the most a deeper list could still add."
            )
        st.caption(f"Reference: {measure.reference}")


def position_by_position(result: MeasureValues) -> None:
    st.header("5 · Position by position")
    table = result.table
    st.dataframe(
        pd.DataFrame(
            {
                "Position": table["position"],
                "Label": table["label"],
                "Relevance": [exact(v) for v in table["relevance"]],
                "Hit (rᵢ)": ["1" if hit else "0" for hit in table["relevant"]],
                "P@i": [fixed(v) for v in table["precision_at"]],
                "ERR: stops here (Rᵢ)": [fixed(v) for v in table["err_stop"]],
                "ERR: still reading": [fixed(v) for v in table["err_reach"]],
                "ERR term": [fixed(v) for v in table["err_term"]],
                "RBP weight pⁱ⁻¹": [fixed(v) for v in table["rbp_weight"]],
                "RBP term": [fixed(v) for v in table["rbp_term"]],
            }
        ),
        hide_index=True,
        width="stretch",
        key=f"{PAGE}_positions",
    )


def references(ranked) -> None:
    st.header("References")
    st.markdown("\n".join(f"- {plain(item)}" for item in REFERENCES))
    params = urlparams.list_params(ranked)
    menu.page_link("playground", params=params, label="🎛️ This list in the playground")
    menu.page_link(
        "learn-discount", params=params, label="📉 Why a logarithm? The discounts compared"
    )


# ---------------------------------------------------------------------------------------------
# The page, in reading order
# ---------------------------------------------------------------------------------------------


def main() -> None:
    intro()
    cards = st.container()
    left, right = st.columns([3, 2], gap="large")
    with left:
        ranked = your_list()
    with right:
        settings = settings_controls()
    result = all_measures(ranked, settings)
    with cards:
        headline(result)
        controls.active_conventions(ranked)
    at_a_glance(result)
    each_measure(result)
    position_by_position(result)
    references(ranked)


main()
