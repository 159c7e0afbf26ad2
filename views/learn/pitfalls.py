"""Pitfalls of NDCG: seven ways the number misleads. Each is asked as a question first, under a
heading that names the situation, not the answer; the reveal follows the learner's answer, in
the lessons' one order: the claim as its heading, the example against its ideal on a read-only
board (where a list is the point), one line of the sum, what is true and what to do, the
formulas folded. The two a newcomer meets first (what a 1.0 hides, what junk costs) make the
page's core; the other five, choosing k, the Wikipedia article's remedies and your own list run
through every check are folded, for a second reading."""

from __future__ import annotations

import math

import pandas as pd
import streamlit as st

from lessons import latex
from lessons.demos import (
    baseline,
    closed_and_open,
    fixed_size,
    ideal_cut,
    negative_grades,
    nothing_relevant,
    padded,
    readings,
    several,
    several_k_table,
    zero_rule_means,
)
from lessons.examples import SOURCES
from lessons.pitfalls import FULL_PAGE, HARD_QUERY, PADDING, PITFALLS, Pitfall
from lessons.practice.lesson_questions import pitfall_question
from ndcg_core import totals
from ndcg_core.display import exact, fixed, signed
from ndcg_core.libraries import checked
from ndcg_core.libraries.domains import REFUSED, label_verdicts
from ndcg_core.model import RankedList, derived
from ndcg_core.options import ON_ZERO
from ndcg_core.parsing import format_relevances
from ndcg_core.references import cite
from ui import list_editor, menu, predict, urlparams
from ui.text import plain

PAGE = "learn_pitfalls"
REFERENCES = (
    cite("jarvelin2002"),
    'Wikipedia, "Discounted cumulative gain", section Limitations (current version): bad '
    "results not penalised, missing results not penalised, queries with several equally good "
    "results, and the remedies it proposes.",
    f"The libraries' own code, as /libraries runs it: {checked('scikit-learn')} ndcg_score "
    f"(ideal from the list), {checked('trec_eval')} ndcg and ndcg_cut (ideal from every judged "
    f"item), {checked('LightGBM')} and {checked('XGBoost')} (a list with nothing relevant "
    f"scores 1).",
    "Smucker, M. D., Allan, J. & Carterette, B. (2007). A comparison of statistical "
    "significance tests for information retrieval evaluation. CIKM (compare systems query by "
    "query, on the same topics).",
)


# The path's core: the two pitfalls a newcomer meets first, what a score does not punish (the
# items a system missed, the junk after its good items). The ideal top k, taught on the
# binary walkthrough's list, waits in the fold with the other four, still as questions.
CORE = ("closed", "padding")
MORE = ("ideal_cut", "scale", "zero", "compare", "several")
NUMBER = {key: n for n, key in enumerate(CORE + MORE, start=1)}


def _load(ranked: RankedList) -> None:
    list_editor.load(PAGE, ranked)


def _demo_buttons(pitfall: Pitfall, *extra: tuple[str, RankedList]) -> None:
    """Load the example into the list above, or open it in the playground."""
    lists = [("this example", pitfall.example), *extra]
    columns = st.columns(len(lists) + 1)
    for number, (column, (name, ranked)) in enumerate(zip(columns, lists)):
        column.button(
            f"▶ Load {name} into your list",
            key=f"{PAGE}_load_{pitfall.key}_{number}",
            on_click=_load,
            args=(ranked,),
            help=f"Puts {ranked.describe()} into the list above.",
            width="stretch",
        )
    columns[-1].link_button(
        "Open in playground ↗",
        urlparams.link("playground", pitfall.example),
        key=f"{PAGE}_playground_{pitfall.key}",
        width="stretch",
    )


def _header(
    pitfall: Pitfall, setting: str = "", *, folded: bool = False, shown: RankedList | None = None
) -> bool:
    """The pitfall's neutral heading (and `setting`, what the question needs to be read) and
    its question; once the learner has answered (or asked to see), the claim as the reveal's
    heading, the list `shown` against its ideal, what people believe and what is true. Returns
    whether to go on. A `folded` pitfall sits inside an expander, so its heading is one level
    down."""
    heading = st.subheader if folded else st.header
    heading(f"{NUMBER[pitfall.key]}. {pitfall.asks}", divider="gray", anchor=pitfall.key)
    if setting:
        st.markdown(setting)
    guess = predict.ask(pitfall_question(pitfall.key), key=f"{PAGE}_{pitfall.key}")
    if not predict.revealed(guess):
        return False
    predict.claim(pitfall.title)
    if shown is not None:
        predict.picture(f"{PAGE}_{pitfall.key}", shown)
        predict.sum_line(totals(shown))
    if folded:
        st.markdown(f"**What people believe:** {pitfall.belief}")
    st.markdown(f"**What is true:** {pitfall.truth}")
    return True


def _formulas(label: str, *, folded: bool):
    """Where a pitfall's worked formulas go: an expander, or inside a fold (Streamlit does not
    nest expanders) a popover."""
    if folded:
        return st.popover(label)
    return st.expander(label)


def _remedy(pitfall: Pitfall) -> None:
    st.success(f"**What to do.** {pitfall.remedy}", icon="🧭")


def _and(names: list[str]) -> str:
    """'a, b and c'."""
    return ", ".join(names[:-1]) + (" and " if len(names) > 1 else "") + names[-1]


def _list_words(ranked: RankedList) -> str:
    return plain(ranked.describe())


# ---------------------------------------------------------------------------------------------
# The page
# ---------------------------------------------------------------------------------------------


def intro() -> None:
    st.title("⚠️ Pitfalls of NDCG")
    st.markdown(
        "NDCG is easy to compute and easy to misread. Answer each question before the reveal."
    )


def closed_ideal(*, folded: bool = False) -> None:
    pitfall = PITFALLS["closed"]
    closed, open_ = closed_and_open(pitfall.example)
    if not _header(pitfall, folded=folded, shown=open_.ranked):
        return
    st.markdown(
        f"From the list alone the ideal is its own items sorted: {closed.name()} = "
        f"{fixed(closed.ndcg)}."
    )
    with _formulas("🧮 The formulas with these numbers", folded=folded):
        left, right = st.columns(2, gap="large")
        for column, name, result in (
            (left, "Ideal from the list alone", closed),
            (right, "Ideal from every judged item", open_),
        ):
            column.markdown(f"**{name}**")
            column.latex(latex.worked(result)[1])
            column.latex(latex.worked(result)[2])
    _remedy(pitfall)


def mine_closed(ranked: RankedList) -> None:
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


def padding(*, folded: bool = True) -> None:
    pitfall = PITFALLS["padding"]
    demo = padded(pitfall.example)
    if not _header(pitfall, folded=folded, shown=demo.after.ranked):
        return
    st.markdown(
        f"Precision notices: P{demo.before.at} = {fixed(demo.precision_before)} before, "
        f"P{demo.after.at} = {fixed(demo.precision_after)} with the junk."
    )
    with _formulas("🧮 The formulas with these numbers", folded=folded):
        st.latex(latex.worked(demo.after)[0])
        st.latex(latex.worked(demo.after)[2])
    _remedy(pitfall)


def mine_padding(ranked: RankedList) -> None:
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


def ideal_top_k(*, folded: bool = True) -> None:
    pitfall = PITFALLS["ideal_cut"]
    if not _header(pitfall, folded=folded, shown=pitfall.example):
        return
    demo = ideal_cut(pitfall.example)
    s = pitfall.example.scoring
    style = {"gain": s.gain, "discount": s.discount, "log_base": s.log_base}
    k = pitfall.example.k
    left, right = st.columns(2, gap="large")
    left.metric(f"{demo.right.name()}, right", fixed(demo.right.ndcg))
    right.metric(f"{demo.right.name()}, top {k} sorted (wrong)", fixed(demo.wrong_ndcg))
    with _formulas("🧮 The formulas with these numbers", folded=folded):
        st.markdown(
            f"The list is the binary one of {plain(SOURCES[pitfall.source].short)}. Its item "
            f"at position 4 is relevant, so the ideal top {k} holds three relevant items, not "
            f"the two of the list's own top {k}."
        )
        left, right = st.columns(2, gap="large")
        with left:
            st.markdown("**Right: sort every item, then cut**")
            st.latex(latex.worked(demo.right)[1])
            st.latex(latex.worked(demo.right)[2])
        with right:
            st.markdown(f"**Wrong: cut at {k}, then sort**")
            st.latex(latex.dcg_filled(demo.wrong_table, k, ideal=True, **style))
            st.latex(latex.ndcg_filled(demo.right.dcg, demo.wrong_idcg, demo.wrong_ndcg, k))
        st.caption(
            f"The wrong ideal is smaller, so the wrong NDCG is larger: {fixed(demo.wrong_ndcg)} "
            f"(about {fixed(demo.wrong_ndcg, 2)}) instead of {fixed(demo.right.ndcg)}."
        )
    _remedy(pitfall)


def mine_ideal_top_k(ranked: RankedList) -> None:
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


def label_scale(*, folded: bool = True) -> None:
    pitfall = PITFALLS["scale"]
    if not _header(pitfall, folded=folded):
        return
    st.markdown(f"**The example:** {_list_words(pitfall.example)}, written and scored four ways.")
    _readings_block(pitfall.example, f"{PAGE}_scale_example", latex_rows=True, folded=folded)
    st.caption(
        "Here adding 1 raises NDCG, but the direction is not a rule: with judged items the "
        "system never retrieved and no cut-off, the + 1 turns judged non-relevant items into "
        "relevant ones in the ideal, and NDCG can fall instead."
    )
    _remedy(pitfall)


def mine_label_scale(ranked: RankedList) -> None:
    _readings_block(ranked, f"{PAGE}_scale_mine", latex_rows=False)


def _readings_block(ranked: RankedList, key: str, *, latex_rows: bool, folded: bool = True) -> None:
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
        with _formulas("🧮 The formulas with these numbers", folded=folded):
            for row in rows:
                if math.isnan(row.ndcg):
                    continue
                st.markdown(f"*{row.name}*")
                st.latex(latex.worked(totals(row.ranked))[2])


def zero_rule(*, folded: bool = True) -> None:
    pitfall = PITFALLS["zero"]
    if not _header(pitfall, folded=folded):
        return
    queries = [PITFALLS["scale"].example, pitfall.example]
    st.markdown(
        f"**The example:** two queries, {_list_words(queries[0])} and "
        f"{_list_words(queries[1])}, averaged under each rule."
    )
    _means_block(queries, f"{PAGE}_zero_example", with_latex=True, folded=folded)
    _remedy(pitfall)


def mine_zero_rule(ranked: RankedList) -> None:
    st.markdown(
        f"Your list beside a query of {ranked.n} items with nothing relevant (the same cut-off):"
    )
    empty, note = derived(
        ranked, relevances=nothing_relevant(ranked.n).relevances, labels=(), pool=()
    )
    if note:
        st.info(plain(note), icon="ℹ️")
    _means_block([ranked, empty], f"{PAGE}_zero_mine", with_latex=False)


def _means_block(
    queries: list[RankedList], key: str, *, with_latex: bool, folded: bool = True
) -> None:
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
        with _formulas("🧮 The formulas with these numbers", folded=folded):
            for m in means:
                formula, filled = latex.mean_over_queries(m.values, m.mean, queries[0].k)
                st.markdown(f"*{ON_ZERO[m.rule].short}*")
                st.latex(filled or formula)


def comparing(*, folded: bool = True) -> None:
    pitfall = PITFALLS["compare"]
    easy, hard = baseline(pitfall.example), baseline(HARD_QUERY)
    setting = (
        f"**A** is an easy query, eight relevant items in ten, in its *worst* order: "
        f"{_list_words(easy.ranked)}. **B** is a hard one, one relevant item in ten, found at "
        f"position 2: {_list_words(hard.ranked)}."
    )
    if not _header(pitfall, setting, folded=folded):
        return
    st.markdown("Beside each, what a random order of the same items scores on average:")
    _baselines_block([("easy query, worst order", easy), ("hard query", hard)], True, folded)
    st.caption(
        f"The worst possible order of the easy query scores {fixed(easy.ndcg)}, more than the "
        f"nearly perfect order of the hard one ({fixed(hard.ndcg)}). Set against chance, the "
        f"story turns: the first is {signed(easy.lift)} from a random order, the second "
        f"{signed(hard.lift)}."
    )
    _remedy(pitfall)


def mine_comparing(ranked: RankedList) -> None:
    _baselines_block([("your list", baseline(ranked))], False)


def _baselines_block(rows, with_latex: bool, folded: bool = True) -> None:
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
        with _formulas("🧮 The formula of a random order, with these numbers", folded=folded):
            st.markdown(
                "A random order puts each item at each position equally often, so every "
                "position holds, on average, the **mean gain ḡ** of the items (their gains "
                "added up, divided by n). Position i multiplies it by its **discount dᵢ** = "
                "1 / log₂(i + 1). The ideal does not depend on the order, so:"
            )
            for name, b in rows:
                formula, filled = latex.expected_random(b.random)
                st.markdown(f"*{name}*")
                st.latex(formula + filled)


def several_good(*, folded: bool = True) -> None:
    pitfall = PITFALLS["several"]
    if not _header(pitfall, folded=folded):
        return
    demo = several()
    cards = st.columns(4)
    cards[0].metric(f"X: {demo.one.name()}", fixed(demo.one.ndcg))
    cards[1].metric(f"Y: {demo.many.name()}", fixed(demo.many.ndcg))
    cards[2].metric(
        f"X: {demo.one_deep_closed.name()}, ideal from X", fixed(demo.one_deep_closed.ndcg)
    )
    cards[3].metric(
        f"X: {demo.one_deep_judged.name()}, ideal from every judged item",
        fixed(demo.one_deep_judged.ndcg),
    )
    st.caption(
        f"At k = {pitfall.example.k} both pages are perfect. Scored at its full length with an "
        "ideal made of its own items, X is still perfect. Only when the four good results X "
        f"left out join its ideal does it fall to {fixed(demo.one_deep_judged.ndcg)}."
    )
    _remedy(pitfall)


# Each pitfall: its section, how your list fares under the same check (None: the example is
# the check), and any list its demo loads beside the example.
SECTIONS = {
    "closed": (closed_ideal, mine_closed, ()),
    "ideal_cut": (ideal_top_k, mine_ideal_top_k, ()),
    "padding": (
        padding,
        mine_padding,
        (("it with the junk", padded(PITFALLS["padding"].example).after.ranked),),
    ),
    "scale": (label_scale, mine_label_scale, ()),
    "zero": (zero_rule, mine_zero_rule, ()),
    "compare": (comparing, mine_comparing, (("the hard query", HARD_QUERY),)),
    "several": (several_good, None, (("page Y", FULL_PAGE),)),
}


def more_pitfalls() -> None:
    with st.expander("📚 More pitfalls, for a second reading"):
        st.markdown(
            "\n".join(
                f"{NUMBER[key]}. [{PITFALLS[key].title}](#{PITFALLS[key].key})" for key in MORE
            )
        )
        for key in MORE:
            SECTIONS[key][0](folded=True)


def your_list() -> RankedList:
    """Your own list, the examples' load buttons, and the list through each pitfall's check."""
    with st.expander("🔁 Your list through every check"):
        ranked = list_editor.lesson_list(PAGE, side_by_side=True)
        for key in CORE + MORE:
            pitfall = PITFALLS[key]
            _, mine, extra = SECTIONS[key]
            st.markdown(f"**{NUMBER[key]}. {pitfall.title}**")
            if mine is not None:
                mine(ranked)
            _demo_buttons(pitfall, *extra)
    return ranked


def wikipedia_remedies() -> None:
    with st.expander("📚 Wikipedia's limitations and remedies"):
        st.markdown(
            "The article's section *Limitations* names three: bad results are not penalised "
            f"(pitfall {NUMBER['padding']}), missing results are not penalised (pitfall "
            f"{NUMBER['closed']}), and a page with one good result scores like a page full of "
            f"them (pitfall {NUMBER['several']}). It proposes two remedies, worked out here."
        )
        _negative_grades_remedy()
        _fixed_size_remedy()


def _fixed_size_remedy() -> None:
    demo = fixed_size()
    st.subheader("One size for every list", anchor="remedy-one-size")
    short = demo.short.ranked
    padded_list = demo.padded_closed.ranked
    st.markdown(
        f"The Wikipedia article's example of this limitation: a query answered with "
        f"{_list_words(short)} and another with five relevant results both score "
        f"{fixed(demo.short.ndcg)} when each ideal stops at its own list's length. Its "
        f"remedy is to score every list at one size, filling a short list with the lowest "
        f"grade: {plain(format_relevances(padded_list.relevances))}, reported as "
        f"NDCG{padded_list.at}."
    )
    st.markdown(
        f"That helps only if the ideal knows what is missing. Built from the list alone, "
        f"the padded list's ideal is its own items sorted, and it still scores "
        f"**{fixed(demo.padded_closed.ndcg)}**. With the two relevant results it missed "
        f"in the ideal (every judged item), it scores "
        f"**{fixed(demo.padded_judged.ndcg)}**."
    )


def _negative_grades_remedy() -> None:
    demo = negative_grades()
    st.subheader("Grades below zero for bad results", anchor="remedy-negative-grades")
    st.markdown(
        f"The Wikipedia article suggests writing a bad result below zero: Excellent, Fair "
        f"and Bad as {plain(format_relevances(demo.shifted))} rather than "
        f"{plain(format_relevances(demo.usual))}. Take two good results and one bad one "
        f"after them. On the usual scale DCG is {fixed(demo.dcg_usual[0])} without the bad "
        f"result and {fixed(demo.dcg_usual[1])} with it: it costs nothing. On the shifted "
        f"scale DCG falls from {fixed(demo.dcg_shifted[0])} to "
        f"{fixed(demo.dcg_shifted[1])}: the bad result now costs its discount."
    )
    # Who refuses a grade below 0, from the label rules tested against each library (A3).
    verdicts = label_verdicts(RankedList((*demo.shifted[:-1], -1.0)))
    refusing = [v.library for v in verdicts if v.outcome == REFUSED and v.rule != "core"]
    others = [v.library for v in verdicts if v.outcome != REFUSED]
    st.markdown(
        "The price: enough bad results push DCG, and NDCG, below 0, and an ideal that "
        "sorts the bad result last as well cancels the cost again. That is why this app "
        f"refuses negative grades, as {_and(refusing)} (with its default gain) do; "
        f"{_and(others)} read a −1 each their own way (see Why libraries disagree). Say "
        "“bad” with grade 0 and read P@k beside NDCG."
    )


def choosing_k(ranked: RankedList) -> None:
    with st.expander("📚 Choosing k, and reading a value"):
        _choosing_k(ranked)


def _choosing_k(ranked: RankedList) -> None:
    st.subheader("How to choose k, and how to read a value", anchor="choosing-k")
    st.markdown(
        "**k is how far down you assume the user reads.** Pick it from the screen, not from "
        "the data: the number of results the user sees without scrolling (ten on a classic "
        "page of web results, a handful on a phone, one for a voice answer). A k deeper than anyone "
        "reads rewards order nobody sees; a k shorter than the page hides the difference "
        f"between one good result and many (pitfall {NUMBER['several']})."
    )
    st.markdown(
        "**Report more than one k.** NDCG@1 says whether the top result is right, NDCG@10 "
        "whether the page is. **Read each value against chance:** is 0.85 good? Not if a "
        "random order of the same items scores 0.80. Your list, at several depths:"
    )
    st.dataframe(
        several_k_table(ranked),
        hide_index=True,
        width="stretch",
        key=f"{PAGE}_several_k",
    )
    st.caption(
        "The random-order column is the floor a ranking should clear: it depends on how many "
        "of the items are relevant, so a value means little without it. Compare systems with "
        "each other, on the same queries, at the same k."
    )


def references(ranked: RankedList) -> None:
    params = urlparams.list_params(ranked)
    with st.expander("📚 References"):
        st.markdown("\n".join(f"- {plain(item)}" for item in REFERENCES))
        menu.page_link("metrics", params=params, label="🧭 NDCG beside its neighbours")
    menu.page_link(
        "libraries", params=params, label="⚖️ Why libraries disagree: the same list in each"
    )


def main() -> None:
    intro()
    closed_ideal(folded=False)
    padding(folded=False)
    more_pitfalls()
    ranked = your_list()
    choosing_k(ranked)
    wikipedia_remedies()
    references(ranked)


main()
