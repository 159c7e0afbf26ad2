"""Why a logarithm? The idea (a discount is how much a place is worth), your list on its board
(its conventions folded), then a question about it, answered on the board: which card costs
most to drop one place. The reveal shows the order after that move against the ideal, the
costliest move's cost in one line, and every move's cost folded. For a second reading, folded:
four discounts on one chart and the reader behind each, why the log discount holds up (Wang et
al.), your list under each discount, and the references."""

from __future__ import annotations

from dataclasses import replace

import pandas as pd
import streamlit as st

from i18n import N_, tr
from lessons.curves import (
    CURVES,
    TOPS,
    costliest_move,
    curve_table,
    move_costs,
    random_order_limit,
    score_with,
    top_weights,
)
from lessons.described import describe
from lessons.examples import SOURCES
from lessons.latex import (
    curve_dcg_filled,
    curve_dcg_formula,
    curve_formula,
    ndcg_filled,
    ndcg_formula,
    num,
)
from lessons.practice import MIN_GAP
from lessons.practice.lesson_questions import build_costliest_drop, drop_answer
from ndcg_core.display import count, exact, fixed
from ndcg_core.metrics import totals
from ndcg_core.model import RankedList
from ui import charts, controls, folds, language, list_editor, menu, predict, urlparams
from ui.charts import discount as discount_charts
from ui.text import plain
from ui.urlparams import DEPTH, PERSISTENCE

PAGE = "learn_discount"
QUESTION = f"{PAGE}_move"  # the predict box's key
PINNED = f"{PAGE}_asked"  # the list the question is about (`_asked_list`)
SCHEMA = (urlparams.PERSISTENCE_PARAM, urlparams.DEPTH_PARAM)
REFERENCES = (
    "Järvelin, K. & Kekäläinen, J. (2002). Cumulated gain-based evaluation of IR techniques. "
    "ACM TOIS 20(4), 422–446.",
    "Wang, Y., Wang, L., Li, Y., He, D., Chen, W. & Liu, T.-Y. (2013). A theoretical analysis "
    "of NDCG type ranking measures. COLT, PMLR 30, 25–54 (arXiv:1304.6480).",
    "Moffat, A. & Zobel, J. (2008). Rank-biased precision for measurement of retrieval "
    "effectiveness. ACM TOIS 27(1), article 2.",
    N_(
        "Burges, C. et al. (2005). Learning to rank using gradient descent. ICML "
        "(the 1/log₂(i+1) form every library uses today)."
    ),
    N_(
        'Wikipedia, "Discounted cumulative gain": the {date} and the current one, which cites '
        "Wang et al. for the justification the 2012 text said was missing."
    ),
)
# Each reference as published (titles in their own language), its own words translated.


def _curve_name(key: str, base: float, p: float) -> str:
    curve = CURVES[key]
    if curve.parameter == "b":
        return tr("{curve} = {b}", curve=tr(curve.label), b=exact(base))
    if curve.parameter == "p":
        return tr("Geometric p^(i−1), p = {p}", p=exact(p))
    return tr(curve.label)


def intro() -> None:
    st.title(tr("📉 Why a logarithm?"))
    st.markdown(
        tr(
            "DCG multiplies the gain at position i by a **discount** d(i): how much that place "
            "is worth to the reader. Most libraries use 1 / log₂(i+1), which shrinks down the "
            "list."
        )
    )


def curve_controls() -> tuple[float, int]:
    keys = {param.name: f"{PAGE}_{param.name}" for param in SCHEMA}
    for param in SCHEMA:
        controls.from_link(keys[param.name], param, param.default)
    left, right = st.columns(2)
    with left:
        p = controls.number(
            tr("Geometric curve's p"),
            PERSISTENCE,
            keys["p"],
            slider=True,
            help=tr(PERSISTENCE.help),
        )
    with right:
        depth = controls.number(
            tr("Positions drawn"), DEPTH, keys["depth"], slider=True, help=tr(DEPTH.help)
        )
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
    with st.expander(tr("📈 Four discounts on one chart, and the reader behind each")):
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
        tr(
            "Each line is one discount's weight at each position. The log curves stay high far "
            "down the list; 1/i and the geometric curve spend most of their weight on the first "
            "few places. The Järvelin–Kekäläinen curve takes its base b from your list's "
            "settings above."
        )
    )


def the_reader() -> None:
    st.markdown(
        tr(
            "Read d(i) as the chance that a reader who starts at the top, and may stop "
            "anywhere, gets as far as position i. DCG is then the gain they can expect to "
            "collect, and each curve is a claim about how people read:"
        )
    )
    st.markdown(
        tr(
            "- **1 / log₂(i+1)**: a patient reader; the weight falls quickly over the first few "
            "places, then ever more slowly.\n"
            "- **Järvelin–Kekäläinen, base b**: every rank i ≤ b keeps weight 1, so the reader "
            "takes the first ⌊b⌋ results in full (with b = 2, ranks 1 and 2), then 1 / log_b i. "
            "Järvelin and Kekäläinen chose a logarithm so the discount falls, but not as steeply "
            "as dividing by the rank; b sets the reader's patience.\n"
            "- **1 / i**: an impatient reader; position 2 is worth half of position 1.\n"
            "- **Geometric p^(i−1)**: after each item the reader goes on with the same "
            "probability p: the reader of rank-biased precision, RBP (Moffat & Zobel 2008)."
        )
    )


def your_list():
    st.header(tr("Your list"))
    return list_editor.lesson_list(PAGE, folded=True)


def _same_items(a: RankedList, b: RankedList) -> bool:
    """Whether `b` is `a` reordered: the same items, grades and conventions."""
    return (
        sorted(zip(a.labels, a.relevances)) == sorted(zip(b.labels, b.relevances))
        and a.scoring == b.scoring
        and a.pool == b.pool
    )


def _asked_list(ranked: RankedList) -> RankedList:
    """The list the question is about: the list as it was when the question was first drawn,
    kept while the learner reorders it on the board (a move there is an answer), taken anew
    when the list itself changes or once the learner asks to be asked again."""
    guess = predict.guess_for(QUESTION)
    pinned = st.session_state.get(PINNED)
    answered = st.session_state.get(f"{PINNED}_answered", False)
    if pinned is None or (guess is None and (answered or not _same_items(pinned, ranked))):
        pinned = ranked
    st.session_state[PINNED] = pinned
    st.session_state[f"{PINNED}_answered"] = guess is not None
    return pinned


def _put_back(asked: RankedList) -> None:
    list_editor.load(PAGE, asked)


def the_question(ranked: RankedList) -> None:
    """Which card of the list costs most to drop one place, under the list's own discount (so
    the Discount setting changes the answer): answered by that move on the board, or by an
    option, before the costs are shown."""
    # The list as its board shows it: a list typed without labels keeps the board's names for
    # its items (D1 stays D1 wherever it is moved), so a move is told apart from its twin.
    ranked = list_editor.on_board(PAGE, ranked)
    pinned = _asked_list(ranked)
    asked, pairs = costliest_move(pinned, MIN_GAP)
    if not pairs:
        return
    exercise = build_costliest_drop(asked, pairs)
    if asked is not pinned:
        exercise = replace(
            exercise,
            prompt=_example_prompt(asked, exercise.prompt),
        )
    moved = asked is pinned and ranked != pinned
    answer = drop_answer(exercise, ranked) if moved else None
    guess = predict.ask(exercise, key=QUESTION, answer=answer)
    if not predict.revealed(guess):
        if moved:
            st.caption(
                tr("Your board is more than one of these moves away from the list asked about.")
            )
            st.button(
                tr("↩️ Put the cards back"),
                key=f"{PAGE}_put_back",
                on_click=_put_back,
                args=(pinned,),
            )
        return
    _reveal(exercise, asked, pairs, guess)


def _example_prompt(asked: RankedList, prompt: str) -> str:
    """The question about the running example, which the board (the learner's own list) cannot
    answer: its options only."""
    # The question's own words ask for a move on the board; the English ones are reworded, in
    # another language (where the practice question's wording is its translator's) the prefix
    # says so.
    english = "Make the move on the board, or pick"
    if english in prompt:
        return tr(
            "Your list has too few such moves, so take {list}. {question}",
            list=describe(asked),
            question=prompt.replace(english, "Pick"),
        )
    return tr(
        "Your list has too few such moves, so take {list}, and pick your answer below (the "
        "board shows your own list). {question}",
        list=describe(asked),
        question=prompt,
    )


def _reveal(exercise, asked: RankedList, pairs, guess) -> None:
    """The claim, the order after the learner's move (the costliest one when they picked
    none) against the ideal, the cost of the costliest move in one line, every move folded."""
    costs = move_costs(asked, pairs)
    worst = int(costs["ndcg_lost"].idxmax())
    given = guess.given if isinstance(guess.given, int) and guess.given < len(pairs) else worst
    predict.claim(
        tr(
            "A move costs (gain gap) × (discount gap) ÷ IDCG: both gaps count, and a place's "
            "worth falls fastest at the top."
        )
    )
    shown = exercise.cases[given + 1]
    predict.picture(f"{PAGE}_move", shown.ranked, name=shown.name)
    row = costs.iloc[worst]
    # Two lines, so a phone shows the whole product without scrolling it sideways.
    cost = tr("cost")  # the one word of the formula, in the page's language
    # Numbers in a formula keep the decimal point in every language (lessons.latex.num).
    given = {name: exact(row[name], decimal=".") for name in ("gain_moved", "gain_below")}
    st.latex(
        rf"\begin{{aligned}} \text{{{cost}}} &= ({given['gain_moved']} - "
        rf"{given['gain_below']}) \times ({num(row['discount_from'])} - "
        rf"{num(row['discount_to'])}) \\ &\div {num(totals(asked).idcg)} = "
        rf"{num(row['ndcg_lost'])} \end{{aligned}}"
    )
    st.caption(
        tr(
            "The costliest move, card {card} down to {below}. Between two places of the same "
            "weight, a move costs nothing.",
            card=int(row["position"]),
            below=int(row["below"]),
        )
    )
    with st.expander(tr("🧮 What each move costs")):
        st.dataframe(
            pd.DataFrame(
                {
                    tr("Move"): [f"{a} → {b}" for a, b in zip(costs["position"], costs["below"])],
                    tr("{ndcg} lost", ndcg="NDCG" + asked.at): [
                        fixed(v) for v in costs["ndcg_lost"]
                    ],
                    tr("Gain moved down"): [exact(v) for v in costs["gain_moved"]],
                    tr("Gain moved up"): [exact(v) for v in costs["gain_below"]],
                    tr("Discount there"): [fixed(v) for v in costs["discount_from"]],
                    tr("Discount one below"): [fixed(v) for v in costs["discount_to"]],
                }
            ),
            hide_index=True,
            width="stretch",
            key=f"{PAGE}_moves",
        )


def why_the_log(p: float) -> None:
    folded = folds.fold(
        PAGE, "why_log", tr("📚 Why the logarithm, then? What Wang et al. (2013) proved")
    )
    with folded:
        if folded.open:
            _why_the_log(p)


def _why_the_log(p: float) -> None:
    st.markdown(
        tr(
            "For a long time the honest answer was: because it falls smoothly; each step down "
            "costs a little less than the one before, and a reader who goes deep still counts. "
            "{source} said as much: no theoretically sound justification beyond the smooth "
            "reduction. **Wang et al. (2013)** then gave one, in two steps.",
            source=tr(SOURCES["004"].short),
        )
    )
    st.markdown(
        tr(
            "First a surprise: with the log discount, the NDCG of *any* ranking, good or bad, "
            "tends to 1 as the number of items grows. Take n items, half of them relevant, in a "
            "random order, and compute the expected NDCG (no cut-off) under each discount:"
        )
    )
    sizes = (10, 100, 1_000, 10_000, 100_000)
    rows = {}
    for key in CURVES:
        limit = random_order_limit(key, sizes, p=p)
        rows[_curve_name(key, 2, p)] = [fixed(v) for v in limit["expected_ndcg"]]
    table = pd.DataFrame(rows, index=[f"n = {count(n)}" for n in sizes]).T
    st.dataframe(table.rename_axis(tr("Discount")), width="stretch", key=f"{PAGE}_limit")
    st.markdown(
        tr(
            "Then the reassurance: the log discount is still **consistently distinguishing**. "
            "Given two substantially different ranking functions, NDCG picks the same one as "
            "better on almost every data set, so comparisons keep their meaning even when the "
            "values crowd towards 1. Whether a discount has this property depends on how fast "
            "it falls, with 1/r as the critical rate; they analysed the cut-off version NDCG@k "
            "too."
        )
    )
    st.caption(
        tr(
            "Under 1/i and the geometric curve a random order stays near one half, the share of "
            "relevant items. A high NDCG on a long list is therefore no proof of a good ranking: "
            "compare systems with each other, on the same queries."
        )
    )


def under_each_discount(ranked, p: float, depth: int) -> None:
    """Your list scored under each discount, one worked through, and the weights as tables."""
    folded = folds.fold(
        PAGE, "each_discount", tr("📚 Your list under each discount, and the weights as tables")
    )
    with folded:
        if folded.open:
            _scores(ranked, p)
            top_weight_table(ranked, p, depth)


def _scores(ranked, p: float) -> None:
    st.subheader(tr("Your list under each discount"))
    base = ranked.scoring.log_base
    names = {key: _curve_name(key, base, p) for key in CURVES}
    scored = {key: score_with(ranked, key, p=p) for key in CURVES}
    at = ranked.at
    own = ranked.scoring.discount  # "log2" or "jarvelin": the list's own discount
    st.dataframe(
        pd.DataFrame(
            {
                tr("Discount"): [names[key] for key in CURVES],
                tr("Your list uses"): ["✓" if key == own else "" for key in CURVES],
                f"DCG{at}": [fixed(scored[key].dcg) for key in CURVES],
                f"IDCG{at}": [fixed(scored[key].idcg) for key in CURVES],
                f"NDCG{at}": [fixed(scored[key].ndcg) for key in CURVES],
                tr("Its reader"): [tr(CURVES[key].reader) for key in CURVES],
            }
        ),
        hide_index=True,
        width="stretch",
        key=f"{PAGE}_scores",
    )
    st.caption(
        tr(
            "Same items, same order, same gain: only the discount changes. The steeper it "
            "falls, the more the number depends on the first few places alone. ✓ marks the "
            "discount your list is scored with (its Discount setting), the one the question "
            "above used."
        )
    )
    st.subheader(tr("🧮 Work through one discount, with your numbers"))
    keys = list(CURVES)
    chosen = st.radio(
        tr("Work through one discount"),
        keys,
        index=keys.index(own) if own in keys else 0,
        format_func=language.worded(f"{PAGE}_chosen", lambda key: names[key]),
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
    st.caption(
        tr(
            "{description} Used by: {used_by}.",
            description=tr(CURVES[chosen].description),
            used_by=tr(CURVES[chosen].used_by),
        )
    )


def top_weight_table(ranked, p: float, depth: int) -> None:
    """The weight each discount puts on the top 1, 3 and 10, as sums and as shares."""
    base = ranked.scoring.log_base
    names = {key: _curve_name(key, base, p) for key in CURVES}
    weights = top_weights(depth, base=base, p=p)
    st.subheader(tr("How much weight sits on the top 1, 3 and 10"))
    shown = pd.DataFrame({tr("Discount"): [names[key] for key in weights["curve"]]})
    for m in TOPS:
        shown[tr("Top {m}: weight", m=m)] = [fixed(v) for v in weights[f"top_{m}"]]
    for m in TOPS:
        shown[tr("Top {m}: share of the first {depth}", m=m, depth=depth)] = [
            fixed(v) for v in weights[f"share_{m}"]
        ]
    st.dataframe(shown, hide_index=True, width="stretch", key=f"{PAGE}_weights")
    st.caption(
        tr(
            "Weight: d(1) + … + d(m), what the top m positions are worth together. Share: "
            "that weight divided by the weight of the first {depth} positions.",
            depth=depth,
        )
    )
    st.subheader(tr("The chart as a table"))
    table = curve_table(depth, base=base, p=p)
    st.dataframe(
        pd.DataFrame(
            {
                tr("Position"): table["position"],
                **{names[key]: [fixed(v) for v in table[key]] for key in CURVES},
            }
        ),
        hide_index=True,
        key=f"{PAGE}_curve_values",
    )


def references(ranked) -> None:
    with st.expander(tr("📚 References")):
        date = tr(SOURCES["004"].date)
        st.markdown("\n".join(f"- {plain(tr(item, date=date))}" for item in REFERENCES))
    params = urlparams.list_params(ranked)
    menu.page_link("playground", params=params, label=tr("🎛️ This list in the playground"))
    menu.page_link(
        "metrics", params=params, label=tr("🧭 NDCG beside its neighbours (RBP, ERR, …)")
    )


def main() -> None:
    intro()
    ranked = your_list()
    the_question(ranked)
    p, depth = four_discounts(ranked)
    why_the_log(p)
    under_each_discount(ranked, p, depth)
    references(ranked)


main()
