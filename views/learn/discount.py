"""Why a logarithm? The idea (a discount is how much a place is worth), then a question about
your list (which card costs most to move down) answered on the board, and its reveal. For a
second reading, folded: four discounts on one chart and the reader behind each, why the log
discount holds up (Wang et al.), your list under each discount, and the references."""

from __future__ import annotations

from dataclasses import replace

import pandas as pd
import streamlit as st

from lessons.curves import (
    CURVES,
    DEPTH,
    TOPS,
    costliest_move,
    curve_table,
    move_costs,
    random_order_limit,
    score_with,
    top_weights,
)
from lessons.examples import SOURCES
from lessons.latex import (
    curve_dcg_filled,
    curve_dcg_formula,
    curve_formula,
    ndcg_filled,
    ndcg_formula,
)
from lessons.practice import MIN_GAP, Choice
from lessons.practice.calculations import build_costliest_swap
from lessons.practice.records import Case, scored_with
from ndcg_core.display import count, exact, fixed
from ndcg_core.measures import PERSISTENCE
from ui import charts, controls, list_editor, menu, predict, urlparams
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
        "DCG multiplies the gain at position i by a **discount** d(i): how much that place is "
        "worth to the reader. Most libraries use 1 / log₂(i+1), which shrinks down the list."
    )


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


def four_discounts(ranked) -> tuple[float, int]:
    """The four discounts on one chart, its settings, and the reader each one assumes; returns
    the chart's p and depth (the tables further down use them too)."""
    with st.expander("📈 Four discounts on one chart, and the reader behind each"):
        p, depth = curve_controls()
        the_curves(ranked, p, depth)
        the_reader()
    return p, depth


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
        "few places. The Järvelin–Kekäläinen curve takes its base b from your list's settings "
        "above."
    )


def the_reader() -> None:
    st.markdown(
        "Read d(i) as the chance that a reader who starts at the top, and may stop anywhere, "
        "gets as far as position i. DCG is then the gain they can expect to collect, and each "
        "curve is a claim about how people read:"
    )
    st.markdown(
        "- **1 / log₂(i+1)**: a patient reader; the weight falls quickly over the first few "
        "places, then ever more slowly.\n"
        "- **Järvelin–Kekäläinen, base b**: every rank i ≤ b keeps weight 1, so the reader "
        "takes the first ⌊b⌋ results in full (with b = 2, ranks 1 and 2), then 1 / log_b i. "
        "Järvelin and Kekäläinen chose a logarithm so the discount falls, but not as steeply "
        "as dividing by the rank; b sets the reader's patience.\n"
        "- **1 / i**: an impatient reader; position 2 is worth half of position 1.\n"
        "- **Geometric p^(i−1)**: after each item the reader goes on with the same "
        "probability p: the reader of rank-biased precision (Moffat & Zobel 2008)."
    )


def your_list():
    st.header("Your list")
    return list_editor.lesson_list(PAGE, side_by_side=True)


def the_question(ranked) -> None:
    """Which card of the list costs most to move down one place, asked before the costs are
    shown; under the list's own discount, so the Discount setting changes the answer."""
    asked, pairs = costliest_move(ranked, MIN_GAP)
    if not pairs:
        return
    own = asked is ranked
    case = Case("Your list" if own else "The running example", asked)
    values = asked.relevances
    exercise = build_costliest_swap(case, pairs)
    lead = "" if own else f"Your list has too few such moves, so take {asked.describe()}. "
    exercise = replace(
        exercise,
        prompt=(
            f"{lead}Moving a card down one place, below a card graded lower, lowers "
            f"NDCG{asked.at} ({scored_with(asked)}). Which of these moves costs the most? "
            "Answer here, or try the moves on the board first."
        ),
        choices=tuple(
            Choice(
                f"The card at position {i} (grade {exact(values[i - 1])}) down to {j}, "
                f"below grade {exact(values[j - 1])}",
                choice.claim,
                choice.why,
            )
            for choice, (i, j) in zip(exercise.choices, pairs)
        ),
    )
    guess = predict.ask(exercise, key=f"{PAGE}_move", title="Which card costs most to move down")
    if not predict.revealed(guess):
        return
    costs = move_costs(asked, pairs)
    st.dataframe(
        pd.DataFrame(
            {
                "Move": [f"{a} → {b}" for a, b in zip(costs["position"], costs["below"])],
                f"NDCG{asked.at} lost": [fixed(v) for v in costs["ndcg_lost"]],
                "Gain moved down": [exact(v) for v in costs["gain_moved"]],
                "Gain moved up": [exact(v) for v in costs["gain_below"]],
                "Discount there": [fixed(v) for v in costs["discount_from"]],
                "Discount one below": [fixed(v) for v in costs["discount_to"]],
            }
        ),
        hide_index=True,
        width="stretch",
        key=f"{PAGE}_moves",
    )
    st.caption(
        "A move costs (gain gap) × (discount gap) ÷ IDCG. Under the log discount the gap "
        "between two neighbouring places is largest at the top: the first places matter most. "
        "Where two places weigh the same (Järvelin–Kekäläinen's first ⌊b⌋ ranks, or below the "
        "cut-off), a move costs nothing."
    )


def why_the_log(p: float) -> None:
    with st.expander("📚 Why the logarithm, then? What Wang et al. (2013) proved"):
        _why_the_log(p)


def _why_the_log(p: float) -> None:
    st.markdown(
        "For a long time the honest answer was: because it falls smoothly; each step down "
        "costs a little less than the one before, and a reader who goes deep still counts. "
        f"{SOURCES['004'].short} said as much: no theoretically sound justification beyond "
        "the smooth reduction. **Wang et al. (2013)** then gave one, in two steps."
    )
    st.markdown(
        "First a surprise: with the log discount, the NDCG of *any* ranking, good or bad, "
        "tends to 1 as the number of items grows. Take n items, half of them relevant, in a "
        "random order, and compute the expected NDCG (no cut-off) under each discount:"
    )
    sizes = (10, 100, 1_000, 10_000, 100_000)
    rows = {}
    for key in CURVES:
        limit = random_order_limit(key, sizes, p=p)
        rows[_curve_name(key, 2, p)] = [fixed(v) for v in limit["expected_ndcg"]]
    table = pd.DataFrame(rows, index=[f"n = {count(n)}" for n in sizes]).T
    st.dataframe(table.rename_axis("Discount"), width="stretch", key=f"{PAGE}_limit")
    st.markdown(
        "Then the reassurance: the log discount is still **consistently distinguishing**. "
        "Given two substantially different ranking functions, NDCG picks the same one as "
        "better on almost every data set, so comparisons keep their meaning even when the "
        "values crowd towards 1. Whether a discount has this property depends on how fast it "
        "falls, with 1/r as the critical rate; they analysed the cut-off version NDCG@k too."
    )
    st.caption(
        "Under 1/i and the geometric curve a random order stays near one half, the share of "
        "relevant items. A high NDCG on a long list is therefore no proof of a good ranking: "
        "compare systems with each other, on the same queries."
    )


def under_each_discount(ranked, p: float, depth: int) -> None:
    """Your list scored under each discount, one worked through, and the weights as tables."""
    with st.expander("📚 Your list under each discount, and the weights as tables"):
        _scores(ranked, p)
        top_weight_table(ranked, p, depth)


def _scores(ranked, p: float) -> None:
    st.subheader("Your list under each discount")
    base = ranked.scoring.log_base
    names = {key: _curve_name(key, base, p) for key in CURVES}
    scored = {key: score_with(ranked, key, p=p) for key in CURVES}
    at = ranked.at
    own = ranked.scoring.discount  # "log2" or "jarvelin": the list's own discount
    st.dataframe(
        pd.DataFrame(
            {
                "Discount": [names[key] for key in CURVES],
                "Your list uses": ["✓" if key == own else "" for key in CURVES],
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
        "the more the number depends on the first few places alone. ✓ marks the discount "
        "your list is scored with (its Discount setting), the one the question above used."
    )
    st.subheader("🧮 Work through one discount, with your numbers")
    keys = list(CURVES)
    chosen = st.radio(
        "Work through one discount",
        keys,
        index=keys.index(own) if own in keys else 0,
        format_func=lambda key: names[key],
        horizontal=True,
        key=f"{PAGE}_chosen",
        label_visibility="collapsed",  # the subheader above says it
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


def top_weight_table(ranked, p: float, depth: int) -> None:
    """The weight each discount puts on the top 1, 3 and 10, as sums and as shares."""
    base = ranked.scoring.log_base
    names = {key: _curve_name(key, base, p) for key in CURVES}
    weights = top_weights(depth, base=base, p=p)
    st.subheader("How much weight sits on the top 1, 3 and 10")
    shown = pd.DataFrame({"Discount": [names[key] for key in weights["curve"]]})
    for m in TOPS:
        shown[f"Top {m}: weight"] = [fixed(v) for v in weights[f"top_{m}"]]
    for m in TOPS:
        shown[f"Top {m}: share of the first {depth}"] = [fixed(v) for v in weights[f"share_{m}"]]
    st.dataframe(shown, hide_index=True, width="stretch", key=f"{PAGE}_weights")
    st.caption(
        f"Weight: d(1) + … + d(m), what the top m positions are worth together. Share: "
        f"that weight divided by the weight of the first {depth} positions."
    )
    st.subheader("The chart as a table")
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


def references(ranked) -> None:
    with st.expander("📚 References"):
        st.markdown("\n".join(f"- {plain(item)}" for item in REFERENCES))
    params = urlparams.list_params(ranked)
    menu.page_link("playground", params=params, label="🎛️ This list in the playground")
    menu.page_link("metrics", params=params, label="🧭 NDCG beside its neighbours (RBP, ERR, …)")


intro()
ranked = your_list()
the_question(ranked)
p, depth = four_discounts(ranked)
why_the_log(p)
under_each_discount(ranked, p, depth)
references(ranked)
