"""NDCG beside its neighbours: one list scored by P@k, R@k, RR, AP, ERR, RBP and NDCG."""

from __future__ import annotations

import pandas as pd
import streamlit as st

from i18n import N_, tr
from lessons.latex import neighbour_filled, neighbour_formula, relevant_symbol
from lessons.measures import MEASURES
from lessons.practice.lesson_questions import build_next_move, instructive_swap, swapped
from ndcg_core.display import DIGITS, exact, fixed, signed
from ndcg_core.measures import (
    MeasureSettings,
    MeasureValues,
    all_measures,
    changes,
    rbp_expected_reads,
    rbp_residual,
)
from ndcg_core.model import RankedList
from ui import controls, folds, list_editor, menu, predict, scores, urlparams
from ui.text import plain
from ui.urlparams import G_MAX, PERSISTENCE, REL_MIN

PAGE = "metrics"
QUESTION = "metrics_next_move"  # the predict box's key
CLAIM = N_("NDCG and ERR read grades; P, R, RR, AP and RBP see only whether an item is a hit.")
SCHEMA = (urlparams.REL_MIN_PARAM, urlparams.G_MAX_PARAM, urlparams.PERSISTENCE_PARAM)
CARD_ROWS = (("ndcg", "p", "r", "rr"), ("ap", "err", "rbp"))
REFERENCES = (
    "Järvelin, K. & Kekäläinen, J. (2002). Cumulated gain-based evaluation of IR techniques. "
    "ACM TOIS 20(4), 422–446.",
    "Chapelle, O., Metzler, D., Zhang, Y. & Grinspan, P. (2009). Expected reciprocal rank for "
    "graded relevance. CIKM, 621–630.",
    "Moffat, A. & Zobel, J. (2008). Rank-biased precision for measurement of retrieval "
    "effectiveness. ACM TOIS 27(1), article 2.",
    N_(
        "Voorhees, E. M. (1999). The TREC-8 question answering track report. TREC-8 "
        "(reciprocal rank)."
    ),
    N_(
        "Buckley, C. & Voorhees, E. M. (2000). Evaluating evaluation measure stability. SIGIR "
        "(precision at k, average precision)."
    ),
    "Manning, C. D., Raghavan, P. & Schütze, H. (2008). Introduction to Information Retrieval, "
    "chapter 8. Cambridge University Press.",
    N_(
        "Craswell, N., Zoeter, O., Taylor, M. & Ramsey, B. (2008). An experimental comparison "
        "of click position-bias models. WSDM, 87–94 (the cascade model)."
    ),
    N_(
        "trec_eval 9.0.8 (P_k, recall_k, recip_rank, map_cut_k) and ranx 0.3 (precision@k, "
        "recall@k, mrr@k, map@k): the values here equal theirs "
        "(tests/crosscheck/test_measures.py)."
    ),
)


def intro() -> None:
    st.title(tr("🧭 NDCG beside its neighbours"))
    st.markdown(
        tr(
            "NDCG is one of several scores for a ranked list, each imagining its own reader: "
            "how far they read, whether one good answer is enough, whether grades matter."
        )
    )


def definitions() -> None:
    """What each measure reads (a measure's name, then its reader): after the question, which
    this line would answer."""
    st.header(tr("Seven measures, seven readers"))
    graded = [MEASURES[key].symbol for key in MEASURES if MEASURES[key].graded]
    binary = [MEASURES[key].symbol for key in MEASURES if not MEASURES[key].graded]
    st.markdown(
        tr(
            "{binary} see only hit or miss; {graded} read the grades.",
            binary=tr(", ").join(binary),
            graded=tr("{first} and {second}", first=graded[0], second=graded[1])
            if len(graded) == 2
            else tr(", ").join(graded),
        )
    )
    with st.expander(tr("📚 What each measure reads, in a table")):
        _readers_table()


def _readers_table() -> None:
    # A static table: its sentences wrap instead of hiding behind a scroll bar.
    st.table(
        pd.DataFrame(
            {
                tr("Reads grades"): [
                    tr("yes") if MEASURES[key].graded else tr("hit or miss") for key in MEASURES
                ],
                tr("Counts relevant items never retrieved"): [
                    tr("yes") if MEASURES[key].uses_pool else tr("no") for key in MEASURES
                ],
                tr("Its reader"): [tr(MEASURES[key].reader) for key in MEASURES],
            },
            index=pd.Index(
                [f"{MEASURES[key].symbol}@k · {tr(MEASURES[key].name)}" for key in MEASURES],
                name=tr("Measure"),
            ),
        )
    )
    st.caption(
        tr(
            "Hit or miss: an item is a hit (hᵢ = 1) when its grade is at least rel_min, 1 "
            "unless you change it below. m is the number of relevant items judged for the "
            "query, retrieved or not. P@k and R@k count hits in the top k; RR looks at the "
            "first hit; AP averages the precision at each hit; ERR and RBP weigh each position "
            "by the chance a reader gets there; NDCG divides by the best order's score."
        )
    )


def your_list():
    st.header(tr("Your list, and your next move"))
    return list_editor.lesson_list(PAGE, folded=True)


def _make_move(asked: RankedList, i: int, j: int) -> None:
    list_editor.load(PAGE, swapped(asked, i, j))


def next_move(ranked: RankedList, settings: MeasureSettings) -> bool:
    """Ask which measures a swap of the learner's list will change, before the numbers move.
    The question stays the one asked (the list it was built from is remembered) until the
    learner asks again. Returns whether the moves may be shown."""
    asked = predict.asked_on(QUESTION, ranked)
    if settings.rel_min != REL_MIN.default:
        st.caption(
            tr(
                "The question counts an item as relevant from grade {grade}: set rel_min back "
                "to it below to be asked.",
                grade=exact(REL_MIN.default),
            )
        )
        return True
    swap = instructive_swap(asked)
    if swap is None:
        st.caption(
            tr(
                "Every item has the same grade, so no swap moves any measure: change a grade to "
                "be asked which measures your next move changes."
            )
        )
        return True
    exercise = build_next_move(asked, *swap)
    guess = predict.ask(exercise, key=QUESTION)
    if not predict.revealed(guess):
        st.caption(tr("Answer first; then make the move and see which numbers it moved."))
        return False
    predict.claim(tr(CLAIM))
    if asked == ranked:
        st.button(
            tr("▶ Swap positions {i} and {j}", i=swap[0], j=swap[1]),
            key=f"{PAGE}_make_move",
            on_click=_make_move,
            args=(asked, *swap),
            help=tr("The same move as dragging one of the two cards onto the other's place."),
        )
    return True


def settings_controls() -> MeasureSettings:
    keys = {param.name: f"{PAGE}_{param.name}" for param in SCHEMA}
    for param in SCHEMA:
        controls.from_link(keys[param.name], param, param.default)
    rel_min = controls.number(
        tr("Relevant from grade (rel_min)"),
        REL_MIN,
        keys["rel_min"],
        format="%g",
        help=tr(REL_MIN.help),
    )
    g_max = controls.number(
        tr("ERR's top grade (g_max)"), G_MAX, keys["g_max"], format="%g", help=tr(G_MAX.help)
    )
    p = controls.number(
        tr("RBP's persistence (p)"),
        PERSISTENCE,
        keys["p"],
        slider=True,
        help=tr(PERSISTENCE.help),
    )
    values = {"rel_min": float(rel_min), "g_max": float(g_max), "p": float(p)}
    urlparams.write(
        {
            name: (None if value == param.default else value)
            for (name, value), param in zip(values.items(), SCHEMA)
        },
        SCHEMA,
    )
    st.caption(
        tr(
            "P, R, RR, AP and RBP only know hit or miss: an item is a hit when its grade is at "
            "least rel_min = {rel_min}. ERR and NDCG read the grades themselves.",
            rel_min=exact(rel_min),
        )
    )
    return MeasureSettings(**values)


def headline(result: MeasureValues, show_moves: bool) -> None:
    """Seven cards; once the question is answered, each with its change since the last change
    of the list or a setting, and the sentence saying which moved."""
    before = scores.previous(PAGE, (result.ranked, result.settings), result.values)
    moved = changes(before, result.values) if show_moves else {}
    for row in CARD_ROWS:
        for column, key in zip(st.columns(4), row):
            delta = moved.get(key)
            column.metric(
                result.name(key),
                fixed(result.values[key]),
                delta=scores.metric_delta(scores.visible_change(delta)),
                help=tr(MEASURES[key].name),
                border=key == "ndcg",
            )
    for key, problem in result.problems.items():
        st.warning(
            tr("**{measure}:** {problem}", measure=result.name(key), problem=plain(problem)),
            icon="✋",
        )
    if before is not None and show_moves:
        what_changed(result, before, moved)


def what_changed(result: MeasureValues, before: dict[str, float], moved: dict[str, float]) -> None:
    """Which measures the last change moved, and by how much; which it left alone."""
    shifted = [key for key in MEASURES if round(moved.get(key, 0.0), DIGITS) != 0]
    still = [key for key in MEASURES if key in moved and key not in shifted]
    if shifted:
        said = tr(", ").join(f"{result.name(key)} {signed(moved[key])}" for key in shifted)
        if still:
            sentence = tr(
                "**The last change moved** {moved}. Unchanged: {unchanged}.",
                moved=said,
                unchanged=tr(", ").join(result.name(key) for key in still),
            )
        else:
            sentence = tr("**The last change moved** {moved}.", moved=said)
    else:
        sentence = tr("**The last change moved none of the seven numbers** (to four decimals).")
    st.info(sentence, icon="↕️")
    st.dataframe(
        pd.DataFrame(
            {
                tr("Measure"): [result.name(key) for key in MEASURES],
                tr("Before"): [fixed(before.get(key)) for key in MEASURES],
                tr("Now"): [fixed(result.values[key]) for key in MEASURES],
                tr("Change"): [signed(moved[key]) if key in moved else "—" for key in MEASURES],
            }
        ),
        hide_index=True,
        key=f"{PAGE}_changes",
    )


def which_to_report() -> None:
    with st.expander(tr("📚 Which one to report? And the measures beyond these seven")):
        st.markdown(
            tr(
                "Each answers a different question. **P@k**: how much of a page of k results is "
                "useful. **R@k**: how much of what exists the page found, what a first retrieval "
                "stage or a legal search needs. **RR** (MRR over queries): how soon the first good "
                "answer comes, for a question with one answer. **AP** (MAP): all relevant items, "
                "early, the classic TREC summary. **ERR**: one excellent answer early, for a "
                "reader who stops when satisfied. **RBP**: a reader of stated patience, with no "
                "ideal to divide by. **NDCG**: graded items in the best order they could have had."
            )
        )
        st.markdown(
            tr(
                "Recommender systems often add **hit rate** at k: 1 when at least one relevant "
                "item is in the top k, else 0, averaged over users. And the seven measures here "
                "only reward relevance; a list of ten near-identical bestsellers can score "
                "perfectly on all of them. The *beyond-accuracy* measures look at what else a "
                "list offers: **diversity** (how different the items of one list are from each "
                "other), **novelty** (how little known they are, often the share of rarely "
                "interacted-with items) and **coverage** (how much of the catalogue the system "
                "recommends to anyone at all)."
            )
        )


def each_measure(result: MeasureValues) -> None:
    """Every formula, filled with the learner's numbers: one fold, a heading per measure."""
    ranked = result.ranked
    values = {
        "hits": result.hits,
        "m": result.relevant,
        "listed": result.relevant - result.pooled,
        "pooled": result.pooled,
    }
    if ranked.k is not None:
        counted = tr(
            "Of the top {n} positions, **{hits}** are hits; m = **{m}** relevant items were "
            "judged in all ({listed} in the list, {pooled} never retrieved).",
            n=result.divisor,
            **values,
        )
    else:
        counted = tr(
            "Of all {n} positions, **{hits}** are hits; m = **{m}** relevant items were judged "
            "in all ({listed} in the list, {pooled} never retrieved).",
            n=ranked.n,
            **values,
        )
    st.markdown(
        tr(
            "**Hit or miss.** The binary measures turn each grade into hᵢ: 1 when the item is "
            "relevant enough, else 0. {counted}",
            counted=counted,
        )
    )
    st.latex(relevant_symbol())
    for key, measure in MEASURES.items():
        st.subheader(f"{result.name(key)} · {tr(measure.name)}")
        st.markdown(tr("**Rewards:** {rewards}", rewards=tr(measure.rewards)))
        st.latex(neighbour_formula(key, ranked))
        st.latex(neighbour_filled(result, key))
        if key == "ap":
            _ap_divisors(result)
        if key == "err" and "err" not in result.problems:
            st.caption(
                tr(
                    "sᵢ is the chance the reader stops at position i, satisfied (g_max = "
                    "{g_max}); the product is the chance they are still reading there. This "
                    "reader is the *cascade model*: scan from the top, stop at the first item "
                    "that satisfies. Craswell et al. (2008) compared it with other click models "
                    "on a search engine's logs, and it explained the clicks near the top best; "
                    "ERR grades how likely each item is to satisfy.",
                    g_max=exact(result.settings.g_max),
                )
            )
        if key == "rbp":
            st.caption(
                tr(
                    "A reader with p = {p} reads 1 / (1 − p) = {reads} items on average. Below "
                    "position {depth} lies a weight of p^{depth} = {residual} (Moffat and "
                    "Zobel's residual): the most a deeper list could still add.",
                    p=exact(result.settings.p),
                    reads=fixed(rbp_expected_reads(result.settings.p)),
                    depth=result.depth,
                    residual=fixed(rbp_residual(result.depth, result.settings.p)),
                )
            )
        st.caption(tr("Reference: {reference}", reference=tr(measure.reference)))


def _ap_divisors(result: MeasureValues) -> None:
    """AP@k's two divisors: m (trec_eval's map_cut) and min(k, m) (recommender libraries)."""
    ranked = result.ranked
    if ranked.k is None or result.relevant == 0:
        return
    st.markdown(
        tr(
            "**Two conventions for AP@k.** trec_eval's map_cut divides by m = {m}, every "
            "relevant judged item: {ap}. Many recommender-system libraries divide by "
            "min(k, m) = {least}, because a top {k} cannot hold more than {k} hits: {capped}. "
            "They differ only when more relevant items exist than k; say which one you report.",
            m=result.relevant,
            ap=fixed(result.values["ap"]),
            least=min(ranked.k, result.relevant),
            k=ranked.k,
            capped=fixed(result.ap_capped),
        )
    )


def position_by_position(result: MeasureValues) -> None:
    table = result.table
    st.subheader(tr("Position by position: hits, ERR's reader, RBP's weights"))
    st.dataframe(
        pd.DataFrame(
            {
                tr("Position"): table["position"],
                tr("Label"): table["label"],
                tr("Relevance"): [exact(v) for v in table["relevance"]],
                tr("Hit (hᵢ)"): ["1" if hit else "0" for hit in table["relevant"]],
                "P@i": [fixed(v) for v in table["precision_at"]],
                tr("ERR: stops here (sᵢ)"): [fixed(v) for v in table["err_stop"]],
                tr("ERR: still reading"): [fixed(v) for v in table["err_reach"]],
                tr("ERR term"): [fixed(v) for v in table["err_term"]],
                tr("RBP weight pⁱ⁻¹"): [fixed(v) for v in table["rbp_weight"]],
                tr("RBP term"): [fixed(v) for v in table["rbp_term"]],
            }
        ),
        hide_index=True,
        width="stretch",
        key=f"{PAGE}_positions",
    )


def references(ranked) -> None:
    with st.expander(tr("References")):
        st.markdown("\n".join(f"- {plain(tr(item))}" for item in REFERENCES))
    params = urlparams.list_params(ranked)
    menu.page_link("playground", params=params, label=tr("🎛️ This list in the playground"))
    menu.page_link(
        "learn-discount", params=params, label=tr("📉 Why a logarithm? The discounts compared")
    )


# ---------------------------------------------------------------------------------------------
# The page, in reading order
# ---------------------------------------------------------------------------------------------


def main() -> None:
    intro()
    ranked = your_list()
    question = st.container()
    cards = st.container()
    with st.expander(tr("⚙️ What counts: rel_min, ERR's top grade, RBP's persistence")):
        settings = settings_controls()
    result = all_measures(ranked, settings)
    with question:
        show_moves = next_move(ranked, settings)
    with cards:
        headline(result, show_moves)
    definitions()
    which_to_report()
    folded = folds.fold(
        PAGE, "formulas", tr("📐 The seven formulas, with your numbers, position by position")
    )
    with folded:
        if folded.open:
            each_measure(result)
            position_by_position(result)
    references(ranked)


main()
