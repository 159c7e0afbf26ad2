"""Pitfalls of NDCG: six ways the number misleads, each shown on an example and on your list."""

from __future__ import annotations

import math

import pandas as pd
import streamlit as st

from lessons.examples import SOURCES
from lessons.pitfalls import (
    HARD_QUERY,
    PADDING,
    PITFALLS,
    Pitfall,
    baseline,
    closed_and_open,
    ideal_cut,
    nothing_relevant,
    padded,
    readings,
    zero_rule_means,
)
from ndcg_core import latex, totals
from ndcg_core.display import exact, fixed, signed
from ndcg_core.libraries import checked
from ndcg_core.model import RankedList, derived
from ndcg_core.options import ON_ZERO
from ndcg_core.parsing import format_relevances
from ndcg_core.references import cite
from ui import list_editor, menu, urlparams
from ui.text import plain

PAGE = "learn_pitfalls"
REFERENCES = (
    cite("jarvelin2002"),
    'Wikipedia, "Discounted cumulative gain", section Limitations (current version).',
    f"The libraries' own code, as /libraries runs it: {checked('scikit-learn')} ndcg_score "
    f"(ideal from the list), {checked('trec_eval')} ndcg and ndcg_cut (ideal from every judged "
    f"item), {checked('LightGBM')} and {checked('XGBoost')} (a list with nothing relevant "
    f"scores 1).",
    "Smucker, M. D., Allan, J. & Carterette, B. (2007). A comparison of statistical "
    "significance tests for information retrieval evaluation. CIKM (compare systems query by "
    "query, on the same topics).",
)


def _load(ranked: RankedList) -> None:
    list_editor.load(PAGE, ranked)


def _demo_buttons(pitfall: Pitfall, *extra: tuple[str, RankedList]) -> None:
    """Load the example into the list at the top, or open it in the playground."""
    lists = [("this example", pitfall.example), *extra]
    columns = st.columns(len(lists) + 1)
    for number, (column, (name, ranked)) in enumerate(zip(columns, lists)):
        column.button(
            f"▶ Load {name} into your list",
            key=f"{PAGE}_load_{pitfall.key}_{number}",
            on_click=_load,
            args=(ranked,),
            help=f"Puts {ranked.describe()} into the list at the top of this page.",
            width="stretch",
        )
    columns[-1].link_button(
        "Open in playground ↗",
        urlparams.link("playground", pitfall.example),
        key=f"{PAGE}_playground_{pitfall.key}",
        width="stretch",
    )


def _header(pitfall: Pitfall, number: int) -> None:
    st.header(f"{number}. {pitfall.title}", divider="gray", anchor=pitfall.key)
    st.markdown(f"**What people believe:** {pitfall.belief}")
    st.markdown(f"**What is true:** {pitfall.truth}")


def _remedy(pitfall: Pitfall) -> None:
    st.success(f"**What to do.** {pitfall.remedy}", icon="🧭")


def _list_words(ranked: RankedList) -> str:
    return plain(ranked.describe())


# ---------------------------------------------------------------------------------------------
# The page
# ---------------------------------------------------------------------------------------------


def intro() -> None:
    st.title("⚠️ Pitfalls of NDCG")
    st.markdown(
        "NDCG is easy to compute and easy to misread. Each section below takes one common "
        "misreading, shows it on a small example with the formula and its numbers, offers a "
        "button that loads the example into your list, and then runs **your list** through "
        "the same check."
    )
    st.markdown(
        "\n".join(
            f"{n}. [{pitfall.title}](#{pitfall.key})"
            for n, pitfall in enumerate(PITFALLS.values(), start=1)
        )
    )


def your_list() -> RankedList:
    st.header("Your list")
    return list_editor.lesson_list(PAGE, side_by_side=True)


def closed_ideal(ranked: RankedList) -> None:
    pitfall = PITFALLS["closed"]
    _header(pitfall, 1)
    closed, open_ = closed_and_open(pitfall.example)
    st.markdown(
        f"**The example:** {_list_words(pitfall.example)}. One relevant item, on top; two more "
        "were judged relevant, but the system never returned them."
    )
    left, right = st.columns(2, gap="large")
    with left:
        st.markdown("**Ideal from the list alone**")
        st.latex(latex.worked(closed)[1])
        st.latex(latex.worked(closed)[2])
        st.metric(f"{closed.name()}, ideal from the list", fixed(closed.ndcg))
    with right:
        st.markdown("**Ideal from every judged item**")
        st.latex(latex.worked(open_)[1])
        st.latex(latex.worked(open_)[2])
        st.metric(f"{open_.name()}, ideal from every judged item", fixed(open_.ndcg))
    _demo_buttons(pitfall)
    st.markdown("### With your list")
    mine_closed, mine_open = closed_and_open(ranked)
    if not ranked.pool:
        st.markdown(
            f"Your list has no judged-but-not-retrieved items, so the two ideals are the same "
            f"and both give {mine_closed.name()} = **{fixed(mine_closed.ndcg)}**. Type some "
            "relevances into *Judged but not retrieved* above to see what they cost."
        )
    else:
        st.markdown(
            f"Ideal from the list alone: {mine_closed.name()} = **{fixed(mine_closed.ndcg)}**; "
            f"from every judged item: **{fixed(mine_open.ndcg)}** "
            f"({signed(mine_open.ndcg - mine_closed.ndcg)})."
        )
    _remedy(pitfall)


def padding(ranked: RankedList) -> None:
    pitfall = PITFALLS["padding"]
    _header(pitfall, 2)
    demo = padded(pitfall.example)
    st.markdown(
        f"**The example:** {_list_words(pitfall.example)}, then the same two items followed by "
        f"{PADDING} irrelevant ones. Each is scored at its own length, k = n."
    )
    st.latex(latex.worked(demo.after)[0])
    st.latex(latex.worked(demo.after)[2])
    cards = st.columns(4)
    cards[0].metric(demo.before.name(), fixed(demo.before.ndcg))
    cards[1].metric(f"{demo.after.name()} with junk", fixed(demo.after.ndcg))
    cards[2].metric(f"P{demo.before.at}", fixed(demo.precision_before))
    cards[3].metric(f"P{demo.after.at} with junk", fixed(demo.precision_after))
    st.caption(
        "Every added term is 0 / log₂(i+1) = 0 in DCG and in IDCG alike; precision divides by "
        "the longer list and drops."
    )
    _demo_buttons(pitfall, ("it with the junk", demo.after.ranked))
    st.markdown("### With your list")
    mine = padded(ranked)
    st.markdown(
        f"With {PADDING} irrelevant items appended: {mine.before.name()} "
        f"**{fixed(mine.before.ndcg)}** → {mine.after.name()} **{fixed(mine.after.ndcg)}**; "
        f"P{mine.before.at} **{fixed(mine.precision_before)}** → P{mine.after.at} "
        f"**{fixed(mine.precision_after)}** (an item is a hit from grade "
        f"{exact(mine.rel_min)})."
    )
    if mine.note:
        st.info(plain(mine.note), icon="ℹ️")
    if mine.ndcg_fell:
        st.info(
            "Here NDCG does fall, and only because of the cut-off: with k = n and judged items "
            "the system never retrieved, the longer list lets more of them into the ideal. At "
            "a fixed k, appending irrelevant items changes nothing.",
            icon="ℹ️",
        )
    _remedy(pitfall)


def ideal_top_k(ranked: RankedList) -> None:
    pitfall = PITFALLS["ideal_cut"]
    _header(pitfall, 3)
    demo = ideal_cut(pitfall.example)
    s = pitfall.example.scoring
    style = {"gain": s.gain, "discount": s.discount, "log_base": s.log_base}
    k = pitfall.example.k
    st.markdown(
        f"**The example:** {_list_words(pitfall.example)} (the binary list of "
        f"{plain(SOURCES[pitfall.source].short)}). The "
        f"item at position 4 is relevant, so the ideal top {k} holds three relevant items, "
        f"not the two found in the list's own top {k}."
    )
    left, right = st.columns(2, gap="large")
    with left:
        st.markdown("**Right: sort every item, then cut**")
        st.latex(latex.worked(demo.right)[1])
        st.latex(latex.worked(demo.right)[2])
        st.metric(f"{demo.right.name()}, right", fixed(demo.right.ndcg))
    with right:
        st.markdown(f"**Wrong: cut at {k}, then sort**")
        st.latex(latex.dcg_filled(demo.wrong_table, k, ideal=True, **style))
        st.latex(latex.ndcg_filled(demo.right.dcg, demo.wrong_idcg, demo.wrong_ndcg, k))
        st.metric(f"{demo.right.name()}, top {k} sorted (wrong)", fixed(demo.wrong_ndcg))
    st.caption(
        f"The wrong ideal is smaller, so the wrong NDCG is larger: {fixed(demo.wrong_ndcg)} "
        f"(about {fixed(demo.wrong_ndcg, 2)}) instead of {fixed(demo.right.ndcg)}."
    )
    _demo_buttons(pitfall)
    st.markdown("### With your list")
    mine = ideal_cut(ranked)
    if mine.differs:
        st.markdown(
            f"Right: {mine.right.name()} = **{fixed(mine.right.ndcg)}**; sorting only the top "
            f"{mine.right.depth} ({plain(format_relevances(mine.wrong_ideal))}) would give "
            f"**{fixed(mine.wrong_ndcg)}** ({signed(mine.wrong_ndcg - mine.right.ndcg)})."
        )
    else:
        st.markdown(
            f"For your list both ways give {mine.right.name()} = **{fixed(mine.right.ndcg)}**: "
            "nothing relevant waits below the cut-off (choose a smaller k, or load the "
            "example, to see the difference)."
        )
    _remedy(pitfall)


def label_scale(ranked: RankedList) -> None:
    pitfall = PITFALLS["scale"]
    _header(pitfall, 4)
    st.markdown(f"**The example:** {_list_words(pitfall.example)}, written and scored four ways.")
    _readings_block(pitfall.example, f"{PAGE}_scale_example", latex_rows=True)
    _demo_buttons(pitfall)
    st.markdown("### With your list")
    _readings_block(ranked, f"{PAGE}_scale_mine", latex_rows=False)
    _remedy(pitfall)


def _readings_block(ranked: RankedList, key: str, *, latex_rows: bool) -> None:
    rows = readings(ranked)
    st.dataframe(
        pd.DataFrame(
            {
                "Reading": [row.name for row in rows],
                "Labels": [format_relevances((row.ranked or ranked).relevances) for row in rows],
                f"NDCG{ranked.at}": [fixed(row.ndcg) for row in rows],
                "Note": [row.problem for row in rows],
            }
        ),
        hide_index=True,
        width="stretch",
        key=key,
    )
    if latex_rows:
        for row in rows:
            if math.isnan(row.ndcg):
                continue
            st.markdown(f"*{row.name}*")
            st.latex(latex.worked(totals(row.ranked))[2])


def zero_rule(ranked: RankedList) -> None:
    pitfall = PITFALLS["zero"]
    _header(pitfall, 5)
    queries = [PITFALLS["scale"].example, pitfall.example]
    st.markdown(
        f"**The example:** two queries, {_list_words(queries[0])} and "
        f"{_list_words(queries[1])}, averaged under each rule."
    )
    _means_block(queries, f"{PAGE}_zero_example", with_latex=True)
    _demo_buttons(pitfall)
    st.markdown("### With your list")
    st.markdown(
        f"Your list beside a query of {ranked.n} items with nothing relevant (the same cut-off):"
    )
    empty, note = derived(
        ranked, relevances=nothing_relevant(ranked.n).relevances, labels=(), pool=()
    )
    if note:
        st.info(plain(note), icon="ℹ️")
    _means_block([ranked, empty], f"{PAGE}_zero_mine", with_latex=False)
    _remedy(pitfall)


def _means_block(queries: list[RankedList], key: str, *, with_latex: bool) -> None:
    means = zero_rule_means(queries)
    names = [f"query {n}" for n in range(1, len(queries) + 1)]
    frame = {"Rule": [ON_ZERO[m.rule].short for m in means]}
    for n, name in enumerate(names):
        frame[f"NDCG, {name}"] = [
            "left out" if math.isnan(m.values[n]) else fixed(m.values[n]) for m in means
        ]
    frame["Mean"] = [fixed(m.mean) for m in means]
    frame["Used by"] = [ON_ZERO[m.rule].used_by for m in means]
    st.dataframe(pd.DataFrame(frame), hide_index=True, width="stretch", key=key)
    if with_latex:
        for m in means:
            formula, filled = latex.mean_over_queries(m.values, m.mean, queries[0].k)
            st.markdown(f"*{ON_ZERO[m.rule].short}*")
            st.latex(filled or formula)


def comparing(ranked: RankedList) -> None:
    pitfall = PITFALLS["compare"]
    _header(pitfall, 6)
    easy, hard = baseline(pitfall.example), baseline(HARD_QUERY)
    st.markdown(
        f"**The example:** an easy query, {_list_words(easy.ranked)}, in its *worst* order; "
        f"and a hard one, {_list_words(hard.ranked)}, whose only relevant item sits at "
        "position 2. Beside each, what a random order of the same items scores on average."
    )
    _baselines_block([("easy query, worst order", easy), ("hard query", hard)], True)
    st.caption(
        f"The worst possible order of the easy query scores {fixed(easy.ndcg)}, more than the "
        f"nearly perfect order of the hard one ({fixed(hard.ndcg)}). Set against chance, the "
        f"story turns: the first is {signed(easy.lift)} from a random order, the second "
        f"{signed(hard.lift)}."
    )
    _demo_buttons(pitfall, ("the hard query", HARD_QUERY))
    st.markdown("### With your list")
    _baselines_block([("your list", baseline(ranked))], False)
    _remedy(pitfall)


def _baselines_block(rows, with_latex: bool) -> None:
    st.dataframe(
        pd.DataFrame(
            {
                "Query": [name for name, _ in rows],
                f"NDCG{rows[0][1].ranked.at}": [fixed(b.ndcg) for _, b in rows],
                "A random order, on average": [fixed(b.random.expected) for _, b in rows],
                "Above a random order": [signed(b.lift) for _, b in rows],
            }
        ),
        hide_index=True,
        width="stretch",
        key=f"{PAGE}_baselines_{'example' if with_latex else 'mine'}",
    )
    if with_latex:
        for name, b in rows:
            formula, filled = latex.expected_random(b.random)
            st.markdown(f"*{name}*")
            st.latex(formula + filled)


def references(ranked: RankedList) -> None:
    st.header("References")
    st.markdown("\n".join(f"- {plain(item)}" for item in REFERENCES))
    params = urlparams.list_params(ranked)
    menu.page_link(
        "libraries", params=params, label="⚖️ Why libraries disagree: the same list in each"
    )
    menu.page_link("metrics", params=params, label="🧭 NDCG beside its neighbours")


intro()
ranked = your_list()
closed_ideal(ranked)
padding(ranked)
ideal_top_k(ranked)
label_scale(ranked)
zero_rule(ranked)
comparing(ranked)
references(ranked)
