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

from i18n import N_, tr, trn
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
from lessons.described import describe
from lessons.examples import SOURCES
from lessons.label_domains import REFUSED, label_verdicts
from lessons.pitfalls import FULL_PAGE, HARD_QUERY, PADDING, PITFALLS, Pitfall
from lessons.practice.lesson_questions import pitfall_question
from ndcg_core import totals
from ndcg_core.display import exact, fixed, signed
from ndcg_core.libraries import checked
from ndcg_core.model import RankedList, derived
from ndcg_core.options import ON_ZERO
from ndcg_core.parsing import format_relevances
from ui import list_editor, menu, predict, urlparams
from ui.sources import cite
from ui.text import plain

PAGE = "learn_pitfalls"
REFERENCES = (
    cite("jarvelin2002"),
    N_(
        'Wikipedia, "Discounted cumulative gain", section Limitations (current version): bad '
        "results not penalised, missing results not penalised, queries with several equally "
        "good results, and the remedies it proposes."
    ),
    N_(
        "The libraries' own code, as /libraries runs it: {sklearn} ndcg_score (ideal from the "
        "list), {trec_eval} ndcg and ndcg_cut (ideal from every judged item), {lightgbm} and "
        "{xgboost} (a list with nothing relevant scores 1)."
    ),
    N_(
        "Smucker, M. D., Allan, J. & Carterette, B. (2007). A comparison of statistical "
        "significance tests for information retrieval evaluation. CIKM (compare systems query "
        "by query, on the same topics)."
    ),
)
# The library versions the second reference names (`tr(item, **VERSIONS)`).
VERSIONS = {
    "sklearn": checked("scikit-learn"),
    "trec_eval": checked("trec_eval"),
    "lightgbm": checked("LightGBM"),
    "xgboost": checked("XGBoost"),
}


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
    lists = [(N_("▶ Load this example into your list"), pitfall.example), *extra]
    columns = st.columns(len(lists) + 1)
    for number, (column, (label, ranked)) in enumerate(zip(columns, lists)):
        column.button(
            tr(label),
            key=f"{PAGE}_load_{pitfall.key}_{number}",
            on_click=_load,
            args=(ranked,),
            help=tr("Puts {list} into the list above.", list=describe(ranked)),
            width="stretch",
        )
    columns[-1].link_button(
        tr("Open in playground ↗"),
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
    heading(f"{NUMBER[pitfall.key]}. {tr(pitfall.asks)}", divider="gray", anchor=pitfall.key)
    if setting:
        st.markdown(setting)
    guess = predict.ask(pitfall_question(pitfall.key), key=f"{PAGE}_{pitfall.key}")
    if not predict.revealed(guess):
        return False
    predict.claim(tr(pitfall.title))
    if shown is not None:
        predict.picture(f"{PAGE}_{pitfall.key}", shown)
        predict.sum_line(totals(shown))
    if folded:
        st.markdown(tr("**What people believe:** {belief}", belief=tr(pitfall.belief)))
    st.markdown(tr("**What is true:** {truth}", truth=tr(pitfall.truth)))
    return True


def _formulas(label: str, *, folded: bool):
    """Where a pitfall's worked formulas go: an expander, or inside a fold (Streamlit does not
    nest expanders) a popover."""
    if folded:
        return st.popover(label)
    return st.expander(label)


def _remedy(pitfall: Pitfall) -> None:
    st.success(tr("**What to do.** {remedy}", remedy=tr(pitfall.remedy)), icon="🧭")


def _and(names: list[str]) -> str:
    """'a, b and c' (in the page's language: Chinese lists with '、')."""
    if len(names) == 1:
        return names[0]
    # Translators: ", " separates the items of a list of names (Chinese: "、").
    separator = tr(", ")
    return tr("{first} and {last}", first=separator.join(names[:-1]), last=names[-1])


def _list_words(ranked: RankedList) -> str:
    return plain(describe(ranked))


# ---------------------------------------------------------------------------------------------
# The page
# ---------------------------------------------------------------------------------------------


def intro() -> None:
    st.title(tr("⚠️ Pitfalls of NDCG"))
    st.markdown(
        tr("NDCG is easy to compute and easy to misread. Answer each question before the reveal.")
    )


def closed_ideal(*, folded: bool = False) -> None:
    pitfall = PITFALLS["closed"]
    closed, open_ = closed_and_open(pitfall.example)
    if not _header(pitfall, folded=folded, shown=open_.ranked):
        return
    st.markdown(
        tr(
            "From the list alone the ideal is its own items sorted: {ndcg} = {value}.",
            ndcg=closed.name(),
            value=fixed(closed.ndcg),
        )
    )
    with _formulas(tr("🧮 The formulas with these numbers"), folded=folded):
        left, right = st.columns(2, gap="large")
        for column, name, result in (
            (left, tr("Ideal from the list alone"), closed),
            (right, tr("Ideal from every judged item"), open_),
        ):
            column.markdown(f"**{name}**")
            column.latex(latex.worked(result)[1])
            column.latex(latex.worked(result)[2])
    _remedy(pitfall)


def mine_closed(ranked: RankedList) -> None:
    mine_closed, mine_open = closed_and_open(ranked)
    if not ranked.pool:
        st.markdown(
            tr(
                "Your list has no judged-but-not-retrieved items, so the two ideals are the "
                "same and both give {ndcg} = **{value}**. Type some relevances into *{field}* "
                "above to see what they cost.",
                # The field's own label, as the list's editor shows it (ui/controls.py).
                field=tr("Judged but not retrieved (optional)"),
                ndcg=mine_closed.name(),
                value=fixed(mine_closed.ndcg),
            )
        )
    else:
        st.markdown(
            tr(
                "Ideal from the list alone: {ndcg} = **{closed}**; from every judged item: "
                "**{open}** ({change}).",
                ndcg=mine_closed.name(),
                closed=fixed(mine_closed.ndcg),
                open=fixed(mine_open.ndcg),
                change=signed(mine_open.ndcg - mine_closed.ndcg),
            )
        )


def padding(*, folded: bool = True) -> None:
    pitfall = PITFALLS["padding"]
    demo = padded(pitfall.example)
    if not _header(pitfall, folded=folded, shown=demo.after.ranked):
        return
    st.markdown(
        tr(
            "Precision notices: {p_before} = {before} before, {p_after} = {after} with the junk.",
            p_before="P" + demo.before.at,
            before=fixed(demo.precision_before),
            p_after="P" + demo.after.at,
            after=fixed(demo.precision_after),
        )
    )
    with _formulas(tr("🧮 The formulas with these numbers"), folded=folded):
        st.latex(latex.worked(demo.after)[0])
        st.latex(latex.worked(demo.after)[2])
    _remedy(pitfall)


def mine_padding(ranked: RankedList) -> None:
    mine = padded(ranked)
    st.markdown(
        trn(
            "With {n} irrelevant item appended: {ndcg_before} **{before}** → {ndcg_after} "
            "**{after}**; {p_before} **{precision_before}** → {p_after} **{precision_after}** "
            "(an item is a hit from grade {grade}).",
            "With {n} irrelevant items appended: {ndcg_before} **{before}** → {ndcg_after} "
            "**{after}**; {p_before} **{precision_before}** → {p_after} **{precision_after}** "
            "(an item is a hit from grade {grade}).",
            PADDING,
            ndcg_before=mine.before.name(),
            before=fixed(mine.before.ndcg),
            ndcg_after=mine.after.name(),
            after=fixed(mine.after.ndcg),
            p_before="P" + mine.before.at,
            precision_before=fixed(mine.precision_before),
            p_after="P" + mine.after.at,
            precision_after=fixed(mine.precision_after),
            grade=exact(mine.rel_min),
        )
    )
    if mine.note:
        st.info(plain(mine.note), icon="ℹ️")
    if mine.ndcg_fell:
        st.info(
            tr(
                "Here NDCG does fall, and only because of the cut-off: with k = n and judged "
                "items the system never retrieved, the longer list lets more of them into the "
                "ideal. At a fixed k, appending irrelevant items changes nothing."
            ),
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
    left.metric(tr("{ndcg}, right", ndcg=demo.right.name()), fixed(demo.right.ndcg))
    right.metric(
        tr("{ndcg}, top {k} sorted (wrong)", ndcg=demo.right.name(), k=k), fixed(demo.wrong_ndcg)
    )
    with _formulas(tr("🧮 The formulas with these numbers"), folded=folded):
        st.markdown(
            tr(
                "The list is the binary one of {source}. Its item at position 4 is relevant, "
                "so the ideal top {k} holds three relevant items, not the two of the list's "
                "own top {k}.",
                source=plain(tr(SOURCES[pitfall.source].short)),
                k=k,
            )
        )
        left, right = st.columns(2, gap="large")
        with left:
            st.markdown(tr("**Right: sort every item, then cut**"))
            st.latex(latex.worked(demo.right)[1])
            st.latex(latex.worked(demo.right)[2])
        with right:
            st.markdown(tr("**Wrong: cut at {k}, then sort**", k=k))
            st.latex(latex.dcg_filled(demo.wrong_table, k, ideal=True, **style))
            st.latex(latex.ndcg_filled(demo.right.dcg, demo.wrong_idcg, demo.wrong_ndcg, k))
        st.caption(
            tr(
                "The wrong ideal is smaller, so the wrong NDCG is larger: {wrong} (about "
                "{rounded}) instead of {right}.",
                wrong=fixed(demo.wrong_ndcg),
                rounded=fixed(demo.wrong_ndcg, 2),
                right=fixed(demo.right.ndcg),
            )
        )
    _remedy(pitfall)


def mine_ideal_top_k(ranked: RankedList) -> None:
    mine = ideal_cut(ranked)
    if mine.differs:
        st.markdown(
            tr(
                "Right: {ndcg} = **{right}**; sorting only the top {k} ({top}) would give "
                "**{wrong}** ({change}).",
                ndcg=mine.right.name(),
                right=fixed(mine.right.ndcg),
                k=mine.right.depth,
                top=plain(format_relevances(mine.wrong_ideal)),
                wrong=fixed(mine.wrong_ndcg),
                change=signed(mine.wrong_ndcg - mine.right.ndcg),
            )
        )
    else:
        st.markdown(
            tr(
                "For your list both ways give {ndcg} = **{value}**: nothing relevant waits "
                "below the cut-off (choose a smaller k, or load the example, to see the "
                "difference).",
                ndcg=mine.right.name(),
                value=fixed(mine.right.ndcg),
            )
        )


def label_scale(*, folded: bool = True) -> None:
    pitfall = PITFALLS["scale"]
    if not _header(pitfall, folded=folded):
        return
    st.markdown(
        tr(
            "**The example:** {list}, written and scored four ways.",
            list=_list_words(pitfall.example),
        )
    )
    _readings_block(pitfall.example, f"{PAGE}_scale_example", latex_rows=True, folded=folded)
    st.caption(
        tr(
            "Here adding 1 raises NDCG, but the direction is not a rule: with judged items the "
            "system never retrieved and no cut-off, the + 1 turns judged non-relevant items "
            "into relevant ones in the ideal, and NDCG can fall instead."
        )
    )
    _remedy(pitfall)


def mine_label_scale(ranked: RankedList) -> None:
    _readings_block(ranked, f"{PAGE}_scale_mine", latex_rows=False)


def _readings_block(ranked: RankedList, key: str, *, latex_rows: bool, folded: bool = True) -> None:
    rows = readings(ranked)
    st.dataframe(
        pd.DataFrame(
            {
                tr("Reading"): [row.name for row in rows],
                tr("Labels"): [
                    format_relevances((row.ranked or ranked).relevances) for row in rows
                ],
                f"NDCG{ranked.at}": [fixed(row.ndcg) for row in rows],
                tr("Note"): [row.problem for row in rows],
            }
        ),
        hide_index=True,
        width="stretch",
        key=key,
    )
    if latex_rows:
        with _formulas(tr("🧮 The formulas with these numbers"), folded=folded):
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
        tr(
            "**The example:** two queries, {first} and {second}, averaged under each rule.",
            first=_list_words(queries[0]),
            second=_list_words(queries[1]),
        )
    )
    _means_block(queries, f"{PAGE}_zero_example", with_latex=True, folded=folded)
    _remedy(pitfall)


def mine_zero_rule(ranked: RankedList) -> None:
    st.markdown(
        trn(
            "Your list beside a query of {n} item with nothing relevant (the same cut-off):",
            "Your list beside a query of {n} items with nothing relevant (the same cut-off):",
            ranked.n,
        )
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
    frame = {tr("Rule"): [tr(ON_ZERO[m.rule].short) for m in means]}
    for n in range(len(queries)):
        frame[tr("NDCG, query {n}", n=n + 1)] = [
            tr("left out") if math.isnan(m.values[n]) else fixed(m.values[n]) for m in means
        ]
    frame[tr("Mean")] = [fixed(m.mean) for m in means]
    frame[tr("Used by")] = [tr(ON_ZERO[m.rule].used_by) for m in means]
    st.dataframe(pd.DataFrame(frame), hide_index=True, width="stretch", key=key)
    if with_latex:
        with _formulas(tr("🧮 The formulas with these numbers"), folded=folded):
            for m in means:
                formula, filled = latex.mean_over_queries(m.values, m.mean, queries[0].k)
                st.markdown(f"*{tr(ON_ZERO[m.rule].short)}*")
                st.latex(filled or formula)


def comparing(*, folded: bool = True) -> None:
    pitfall = PITFALLS["compare"]
    easy, hard = baseline(pitfall.example), baseline(HARD_QUERY)
    setting = tr(
        "**A** is an easy query, eight relevant items in ten, in its *worst* order: {easy}. "
        "**B** is a hard one, one relevant item in ten, found at position 2: {hard}.",
        easy=_list_words(easy.ranked),
        hard=_list_words(hard.ranked),
    )
    if not _header(pitfall, setting, folded=folded):
        return
    st.markdown(tr("Beside each, what a random order of the same items scores on average:"))
    _baselines_block(
        [(tr("easy query, worst order"), easy), (tr("hard query"), hard)], True, folded
    )
    st.caption(
        tr(
            "The worst possible order of the easy query scores {easy}, more than the nearly "
            "perfect order of the hard one ({hard}). Set against chance, the story turns: the "
            "first is {easy_lift} from a random order, the second {hard_lift}.",
            easy=fixed(easy.ndcg),
            hard=fixed(hard.ndcg),
            easy_lift=signed(easy.lift),
            hard_lift=signed(hard.lift),
        )
    )
    _remedy(pitfall)


def mine_comparing(ranked: RankedList) -> None:
    _baselines_block([(tr("your list"), baseline(ranked))], False)


def _baselines_block(rows, with_latex: bool, folded: bool = True) -> None:
    st.dataframe(
        pd.DataFrame(
            {
                tr("Query"): [name for name, _ in rows],
                f"NDCG{rows[0][1].ranked.at}": [fixed(b.ndcg) for _, b in rows],
                tr("A random order, on average"): [fixed(b.random.expected) for _, b in rows],
                tr("Above a random order"): [signed(b.lift) for _, b in rows],
            }
        ),
        hide_index=True,
        width="stretch",
        key=f"{PAGE}_baselines_{'example' if with_latex else 'mine'}",
    )
    if with_latex:
        with _formulas(tr("🧮 The formula of a random order, with these numbers"), folded=folded):
            st.markdown(
                tr(
                    "A random order puts each item at each position equally often, so every "
                    "position holds, on average, the **mean gain ḡ** of the items (their gains "
                    "added up, divided by n). Position i multiplies it by its **discount dᵢ** "
                    "= 1 / log₂(i + 1). The ideal does not depend on the order, so:"
                )
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
        tr("X: {ndcg}, ideal from X", ndcg=demo.one_deep_closed.name()),
        fixed(demo.one_deep_closed.ndcg),
    )
    cards[3].metric(
        tr("X: {ndcg}, ideal from every judged item", ndcg=demo.one_deep_judged.name()),
        fixed(demo.one_deep_judged.ndcg),
    )
    st.caption(
        tr(
            "At k = {k} both pages are perfect. Scored at its full length with an ideal made of "
            "its own items, X is still perfect. Only when the four good results X left out join "
            "its ideal does it fall to {value}.",
            k=pitfall.example.k,
            value=fixed(demo.one_deep_judged.ndcg),
        )
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
        (
            (
                N_("▶ Load it with the junk into your list"),
                padded(PITFALLS["padding"].example).after.ranked,
            ),
        ),
    ),
    "scale": (label_scale, mine_label_scale, ()),
    "zero": (zero_rule, mine_zero_rule, ()),
    "compare": (
        comparing,
        mine_comparing,
        ((N_("▶ Load the hard query into your list"), HARD_QUERY),),
    ),
    "several": (several_good, None, ((N_("▶ Load page Y into your list"), FULL_PAGE),)),
}


def more_pitfalls() -> None:
    with st.expander(tr("📚 More pitfalls, for a second reading")):
        st.markdown(
            "\n".join(
                f"{NUMBER[key]}. [{tr(PITFALLS[key].title)}](#{PITFALLS[key].key})" for key in MORE
            )
        )
        for key in MORE:
            SECTIONS[key][0](folded=True)


def your_list() -> RankedList:
    """Your own list, the examples' load buttons, and the list through each pitfall's check."""
    with st.expander(tr("🔁 Your list through every check")):
        ranked = list_editor.lesson_list(PAGE, side_by_side=True)
        for key in CORE + MORE:
            pitfall = PITFALLS[key]
            _, mine, extra = SECTIONS[key]
            st.markdown(f"**{NUMBER[key]}. {tr(pitfall.title)}**")
            if mine is not None:
                mine(ranked)
            _demo_buttons(pitfall, *extra)
    return ranked


def wikipedia_remedies() -> None:
    with st.expander(tr("📚 Wikipedia's limitations and remedies")):
        st.markdown(
            tr(
                "The article's section *Limitations* names three: bad results are not "
                "penalised (pitfall {padding}), missing results are not penalised (pitfall "
                "{closed}), and a page with one good result scores like a page full of them "
                "(pitfall {several}). It proposes two remedies, worked out here.",
                padding=NUMBER["padding"],
                closed=NUMBER["closed"],
                several=NUMBER["several"],
            )
        )
        _negative_grades_remedy()
        _fixed_size_remedy()


def _fixed_size_remedy() -> None:
    demo = fixed_size()
    st.subheader(tr("One size for every list"), anchor="remedy-one-size")
    short = demo.short.ranked
    padded_list = demo.padded_closed.ranked
    st.markdown(
        tr(
            "The Wikipedia article's example of this limitation: a query answered with {short} "
            "and another with five relevant results both score {value} when each ideal stops "
            "at its own list's length. Its remedy is to score every list at one size, filling "
            "a short list with the lowest grade: {padded}, reported as {ndcg}.",
            short=_list_words(short),
            value=fixed(demo.short.ndcg),
            padded=plain(format_relevances(padded_list.relevances)),
            ndcg="NDCG" + padded_list.at,
        )
    )
    st.markdown(
        tr(
            "That helps only if the ideal knows what is missing. Built from the list alone, "
            "the padded list's ideal is its own items sorted, and it still scores **{closed}**. "
            "With the two relevant results it missed in the ideal (every judged item), it "
            "scores **{judged}**.",
            closed=fixed(demo.padded_closed.ndcg),
            judged=fixed(demo.padded_judged.ndcg),
        )
    )


def _negative_grades_remedy() -> None:
    demo = negative_grades()
    st.subheader(tr("Grades below zero for bad results"), anchor="remedy-negative-grades")
    st.markdown(
        tr(
            "The Wikipedia article suggests writing a bad result below zero: Excellent, Fair "
            "and Bad as {shifted} rather than {usual}. Take two good results and one bad one "
            "after them. On the usual scale DCG is {usual_without} without the bad result and "
            "{usual_with} with it: it costs nothing. On the shifted scale DCG falls from "
            "{shifted_without} to {shifted_with}: the bad result now costs its discount.",
            shifted=plain(format_relevances(demo.shifted)),
            usual=plain(format_relevances(demo.usual)),
            usual_without=fixed(demo.dcg_usual[0]),
            usual_with=fixed(demo.dcg_usual[1]),
            shifted_without=fixed(demo.dcg_shifted[0]),
            shifted_with=fixed(demo.dcg_shifted[1]),
        )
    )
    # Who refuses a grade below 0, from the label rules tested against each library.
    verdicts = label_verdicts(RankedList((*demo.shifted[:-1], -1.0)))
    refusing = [tr(v.library) for v in verdicts if v.outcome == REFUSED and v.rule != "core"]
    others = [tr(v.library) for v in verdicts if v.outcome != REFUSED]
    st.markdown(
        tr(
            "The price: enough bad results push DCG, and NDCG, below 0, and an ideal that "
            "sorts the bad result last as well cancels the cost again. That is why this app "
            "refuses negative grades, as {refusing} (with its default gain) do; {others} read "
            "a −1 each their own way (see *{libraries}*). Say “bad” with grade 0 and read P@k "
            "beside NDCG.",
            libraries=menu.BY_KEY["libraries"].name,
            refusing=_and(refusing),
            others=_and(others),
        )
    )


def choosing_k(ranked: RankedList) -> None:
    with st.expander(tr("📚 Choosing k, and reading a value")):
        _choosing_k(ranked)


def _choosing_k(ranked: RankedList) -> None:
    st.subheader(tr("How to choose k, and how to read a value"), anchor="choosing-k")
    st.markdown(
        tr(
            "**k is how far down you assume the user reads.** Pick it from the screen, not "
            "from the data: the number of results the user sees without scrolling (ten on a "
            "classic page of web results, a handful on a phone, one for a voice answer). A k "
            "deeper than anyone reads rewards order nobody sees; a k shorter than the page "
            "hides the difference between one good result and many (pitfall {several}).",
            several=NUMBER["several"],
        )
    )
    st.markdown(
        tr(
            "**Report more than one k.** NDCG@1 says whether the top result is right, NDCG@10 "
            "whether the page is. **Read each value against chance:** is {good} good? Not if a "
            "random order of the same items scores {chance}. Your list, at several depths:",
            good=fixed(0.85, 2),
            chance=fixed(0.80, 2),
        )
    )
    st.dataframe(
        several_k_table(ranked),
        hide_index=True,
        width="stretch",
        key=f"{PAGE}_several_k",
    )
    st.caption(
        tr(
            "The random-order column is the floor a ranking should clear: it depends on how "
            "many of the items are relevant, so a value means little without it. Compare "
            "systems with each other, on the same queries, at the same k."
        )
    )


def references(ranked: RankedList) -> None:
    params = urlparams.list_params(ranked)
    with st.expander(tr("📚 References")):
        st.markdown("\n".join(f"- {plain(tr(item, **VERSIONS))}" for item in REFERENCES))
        menu.page_link("metrics", params=params, label=tr("🧭 NDCG beside its neighbours"))
    menu.page_link(
        "libraries", params=params, label=tr("⚖️ Why libraries disagree: the same list in each")
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
