"""Why a logarithm? The reader behind a discount, and four discounts side by side."""

from __future__ import annotations

import pandas as pd
import streamlit as st

from lessons.curves import (
    CURVES,
    DEPTH,
    TOPS,
    curve_table,
    random_order_limit,
    score_with,
    top_weights,
)
from lessons.examples import SOURCES
from ndcg_core.display import count, exact, fixed
from ndcg_core.latex import (
    curve_dcg_filled,
    curve_dcg_formula,
    curve_formula,
    ndcg_filled,
    ndcg_formula,
)
from ndcg_core.measures import PERSISTENCE
from ui import charts, controls, list_editor, menu, urlparams
from ui.charts import discount as discount_charts
from ui.text import plain

PAGE = "learn_discount"
SCHEMA = (urlparams.PERSISTENCE_PARAM, urlparams.DEPTH_PARAM)
REFERENCES = (
    "Järvelin, K. & Kekäläinen, J. (2002). Cumulated gain-based evaluation of IR techniques. "
    "ACM TOIS 20(4), 422–446.",
    "Wang, Y., Wang, L., Li, Y., He, D., Chen, W. & Liu, T.-Y. (2013). A theoretical analysis "
    "of NDCG type ranking measures. COLT, PMLR 30, 25–54 (arXiv:1304.6480).",
    "Moffat, A. & Zobel, J. (2008). Rank-biased precision for measurement of retrieval "
    "effectiveness. ACM TOIS 27(1), article 2.",
    "Burges, C. et al. (2005). Learning to rank using gradient descent. ICML "
    "(the 1/log₂(i+1) form every library uses today).",
    f'Wikipedia, "Discounted cumulative gain": the {SOURCES["004"].date} and the current '
    "one, which cites Wang et al. for the justification the 2012 text said was missing.",
)


def _curve_name(key: str, base: float, p: float) -> str:
    curve = CURVES[key]
    if curve.parameter == "b":
        return f"{curve.label} = {exact(base)}"
    if curve.parameter == "p":
        return f"Geometric p^(i−1), p = {exact(p)}"
    return curve.label


def intro() -> None:
    st.title("📉 Why a logarithm?")
    st.markdown(
        "DCG multiplies the gain at position i by a **discount** d(i) that shrinks down the "
        "list. Why that shape, and why a logarithm rather than something else? A discount is "
        "easiest to judge as a story about the person reading the results."
    )


def the_reader() -> None:
    st.header("1 · The reader behind a discount")
    st.markdown(
        "Picture a reader who starts at the top and goes down the list one item at a time, and "
        "who may stop anywhere: satisfied, bored, or out of time. Read d(i) as the chance they "
        "get as far as position i, or as how much an item there is still worth to them. Then "
        "DCG is the gain they can expect to collect on the way down, and every choice of d(i) "
        "is a claim about how people read:"
    )
    st.markdown(
        "- **1 / log₂(i+1)**: a patient reader; the weight falls quickly over the first few "
        "places and then ever more slowly.\n"
        "- **Järvelin–Kekäläinen with base b**: the first b − 1 places are read in full, then "
        "1 / log_b i. Järvelin and Kekäläinen chose a logarithm so the discount falls, but "
        "not as steeply as dividing by the rank, and let b set the reader's patience.\n"
        "- **1 / i**: an impatient reader; position 2 is worth half of position 1.\n"
        "- **Geometric p^(i−1)**: a reader who, after each item, goes on with the same "
        "probability p. It is the reader of rank-biased precision (Moffat & Zobel 2008)."
    )


def your_list():
    st.header("2 · Your list")
    ranked = list_editor.lesson_list(PAGE)
    st.caption(
        "The log base b set here is also the b of the Järvelin–Kekäläinen curve in the chart."
    )
    return ranked


def curve_controls() -> tuple[float, int]:
    keys = {param.name: f"{PAGE}_{param.name}" for param in SCHEMA}
    for param in SCHEMA:
        controls.from_link(keys[param.name], param, param.default)
    left, right = st.columns(2)
    with left:
        p = controls.number("Geometric curve's p", PERSISTENCE, keys["p"], slider=True)
    with right:
        depth = controls.number("Positions drawn", DEPTH, keys["depth"], slider=True)
    values = {"p": float(p), "depth": int(depth)}
    urlparams.write(
        {
            name: (None if value == param.default else value)
            for (name, value), param in zip(values.items(), SCHEMA)
        },
        SCHEMA,
    )
    return float(p), int(depth)


def the_curves(ranked, p: float, depth: int) -> None:
    base = ranked.scoring.log_base
    names = {key: _curve_name(key, base, p) for key in CURVES}
    charts.show(
        discount_charts.curves_chart(curve_table(depth, base=base, p=p), names),
        key=f"{PAGE}_curves",
    )
    st.caption(
        "Each line is one discount's weight at each position. The log curves stay high far "
        "down the list; 1/i and the geometric curve spend most of their weight on the first "
        "few places."
    )


def top_weight_table(ranked, p: float, depth: int) -> None:
    """The weight each discount puts on the top 1, 3 and 10, as sums and as shares."""
    base = ranked.scoring.log_base
    names = {key: _curve_name(key, base, p) for key in CURVES}
    weights = top_weights(depth, base=base, p=p)
    st.markdown("### How much weight sits on the top 1, 3 and 10")
    shown = pd.DataFrame({"Discount": [names[key] for key in weights["curve"]]})
    for m in TOPS:
        shown[f"Top {m}: weight"] = [fixed(v) for v in weights[f"top_{m}"]]
    for m in TOPS:
        shown[f"Top {m}: share of the first {depth}"] = [fixed(v) for v in weights[f"share_{m}"]]
    st.dataframe(shown, hide_index=True, width="stretch", key=f"{PAGE}_weights")
    st.caption(
        f"Weight: d(1) + … + d(m), what the top m positions are worth together. Share: that "
        f"weight divided by the weight of the first {depth} positions."
    )
    with st.expander("The chart as a table"):
        table = curve_table(depth, base=base, p=p)
        st.dataframe(
            pd.DataFrame(
                {
                    "Position": table["position"],
                    **{names[key]: [fixed(v) for v in table[key]] for key in CURVES},
                }
            ),
            hide_index=True,
            key=f"{PAGE}_curve_values",
        )


def under_each_discount(ranked, p: float) -> None:
    st.header("4 · Your list under each discount")
    base = ranked.scoring.log_base
    names = {key: _curve_name(key, base, p) for key in CURVES}
    scored = {key: score_with(ranked, key, p=p) for key in CURVES}
    at = ranked.at
    st.dataframe(
        pd.DataFrame(
            {
                "Discount": [names[key] for key in CURVES],
                f"DCG{at}": [fixed(scored[key].dcg) for key in CURVES],
                f"IDCG{at}": [fixed(scored[key].idcg) for key in CURVES],
                f"NDCG{at}": [fixed(scored[key].ndcg) for key in CURVES],
                "Its reader": [CURVES[key].reader for key in CURVES],
            }
        ),
        hide_index=True,
        width="stretch",
        key=f"{PAGE}_scores",
    )
    st.caption(
        "Same items, same order, same gain: only the discount changes. The steeper it falls, "
        "the more the number depends on the first few places alone."
    )
    chosen = st.radio(
        "Work through one discount",
        list(CURVES),
        format_func=lambda key: names[key],
        horizontal=True,
        key=f"{PAGE}_chosen",
    )
    score = scored[chosen]
    gain = ranked.scoring.gain
    cut = "@k" if ranked.k is not None else ""
    st.latex(curve_formula(CURVES[chosen], base=base, p=p))
    st.latex(curve_dcg_formula(gain, cut))
    st.latex(curve_dcg_filled(score, gain, ranked.k))
    st.latex(curve_dcg_formula(gain, cut, ideal=True))
    st.latex(curve_dcg_filled(score, gain, ranked.k, ideal=True))
    st.latex(ndcg_formula(cut))
    st.latex(ndcg_filled(score.dcg, score.idcg, score.ndcg, ranked.k))
    st.caption(f"{CURVES[chosen].description} Used by: {CURVES[chosen].used_by}.")


def why_the_log(p: float) -> None:
    st.header("5 · Why the logarithm, then?")
    st.markdown(
        "For a long time the honest answer was: because it falls smoothly. Each step down costs "
        "a little less than the step before, no position is a cliff, and a reader who goes "
        f"deep still counts. {SOURCES['004'].short} said just that: no theoretically sound "
        "justification beyond the smooth reduction."
    )
    st.markdown(
        "**Wang et al. (2013)** then gave one, in two steps. First a surprise: with the log "
        "discount, the NDCG of *any* ranking, good or bad, tends to 1 as the number of items "
        "grows. Second, the reassurance: the log discount is still **consistently "
        "distinguishing**. Given two substantially different ranking functions, NDCG picks the "
        "same one as better on almost every data set, so comparisons between systems keep "
        "their meaning even when the values crowd towards 1. They also showed that whether a "
        "discount has this property depends on how fast it falls, with 1/r as the critical "
        "rate, and analysed the cut-off version NDCG@k."
    )
    st.markdown(
        "The first step can be seen here. Take n items, half of them relevant, in a random "
        "order, and compute the expected NDCG (no cut-off) under each discount:"
    )
    sizes = (10, 100, 1_000, 10_000, 100_000)
    rows = {}
    for key in CURVES:
        limit = random_order_limit(key, sizes, p=p)
        rows[_curve_name(key, 2, p)] = [fixed(v) for v in limit["expected_ndcg"]]
    table = pd.DataFrame(rows, index=[f"n = {count(n)}" for n in sizes]).T
    st.dataframe(table.rename_axis("Discount"), width="stretch", key=f"{PAGE}_limit")
    st.caption(
        "Under the log discounts a random order creeps towards 1 as the list grows; under 1/i "
        "and the geometric curve it stays near one half, the share of relevant items. A high "
        "NDCG on a long list is therefore no proof of a good ranking: compare systems with "
        "each other, on the same queries."
    )


def references(ranked) -> None:
    st.header("References")
    st.markdown("\n".join(f"- {plain(item)}" for item in REFERENCES))
    params = urlparams.list_params(ranked)
    menu.page_link("playground", params=params, label="🎛️ This list in the playground")
    menu.page_link("metrics", params=params, label="🧭 NDCG beside its neighbours (RBP, ERR, …)")


intro()
the_reader()
left, right = st.columns([2, 3], gap="large")
with left:
    ranked = your_list()
with right:
    st.header("3 · Four discounts, one chart")
    p, depth = curve_controls()
    the_curves(ranked, p, depth)
top_weight_table(ranked, p, depth)
controls.active_conventions(ranked)
under_each_discount(ranked, p)
why_the_log(p)
references(ranked)
