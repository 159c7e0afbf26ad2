"""The walkthrough pages: every worked example of the source documents, rebuilt step by step.

One call, `render(family)`, draws a whole page (each of the six page scripts beside this module
is that call). The core, read first and kept to a few minutes: the idea in a few sentences, the
family's lead example, its list and the formulas in symbols, a question on it
(`lesson_questions.walkthrough_question`, asked through `ui/predict.py`: the learner answers
before any number appears), then the reveal in its one order: the idea as a heading, the list
against its ideal on a read-only ranking board, one line of the sum, what the question compared,
and every term folded. The second reading, in two folds: the lead example step by step (every
term's value, the charts, the ideal order, what to notice); every other example with the
side-by-side comparisons. The source checks (printed figures, slips, both readings of an
erratum) are for teachers, in a fold of their own at the end, with the sources and the rounding
rule. No expander goes inside a fold (Streamlit forbids it): sections there are headings. An
example's heading keeps its anchor (the example's id), and app.js opens the fold a link's
#anchor points into. Every number comes from `ndcg_core`; this module only lays them out.

It lives beside its six pages rather than in `ui/`, which holds what several pages share.
"""

from __future__ import annotations

import functools
import math
import re

import numpy as np
import pandas as pd
import streamlit as st

import i18n
from i18n import N_, tr, trn
from lessons.demos import compare_totals, ideal_choices, swaps_within
from lessons.examples import (
    CG_ONLY,
    FAMILIES,
    SOURCES,
    Example,
    Source,
    by_family,
    example,
    lesson_order,
    question_key,
)
from lessons.latex import cg_filled, cg_formula, formulas, worked
from lessons.mistakes import ndcg_mistakes
from lessons.practice.lesson_questions import walkthrough_question
from ndcg_core import batch_ndcg, gains, ndcg
from ndcg_core.display import DIGITS, exact, fixed, signed
from ndcg_core.metrics import NOT_RETRIEVED
from ndcg_core.options import DISCOUNTS, ON_ZERO
from ndcg_core.parsing import format_relevances
from ui import charts, folds, menu, predict, urlparams
from ui.sources import source_markdown, source_title
from ui.sources import then as _then
from ui.text import plain

# A source check shows the exact value with this many places: enough that a value such as
# log₂ 6 = 2.584963 never reads like a rounding the source itself might have made (2.585).
AUDIT_DIGITS = 6
# Terms a line in a worked sum inside a folded box: its padding takes the room of one fraction
# on a phone, where four would have to scroll.
FOLDED_TERMS_PER_LINE = 3
# What IDCG is, said under the formulas of every lesson's core (its question needs it).
IDCG_WORDS = N_("IDCG is the DCG of the ideal order: the same items, sorted best first.")
POOL_WORDS = N_("The ideal also holds the judged items the system did not retrieve.")
# What a printed figure at a position is, by its `Printed.quantity`.
AT_POSITION = {
    "term": N_("term at position {position}"),
    "ideal term": N_("ideal term at position {position}"),
    "log": N_("divisor (log) at position {position}"),
    "ideal log": N_("ideal divisor (log) at position {position}"),
}
# The Russian example whose every neighbour swap is tabled: the ideal with its top two swapped.
SWAPS_OF = "russian-1-not-ideal"


def _cut(item: Example) -> str:
    return item.ranked.at


def _labels(item: Example) -> list[str] | None:
    """The items' names, or None when the source does not name them."""
    return list(item.ranked.labels) if item.named else None


def _origin(labels) -> list[str]:
    """Ideal-side names of unnamed items (D3) read as the position they were ranked at (3)."""
    return [str(label).removeprefix("D") for label in labels]


def _ideal_names(item: Example, relevances, labels) -> list[str]:
    """Ideal-side names, with each judged-but-not-retrieved item named as its source names it
    (Wikipedia's D7 and D8) rather than by the core's generic mark."""
    unused = list(zip(item.ranked.pool, item.pool_labels))
    names = []
    for value, label in zip(relevances, labels):
        match = next((pair for pair in unused if pair[0] == value), None)
        if label == NOT_RETRIEVED and match is not None:
            unused.remove(match)
            label = f"{match[1]} {tr(NOT_RETRIEVED)}"
        names.append(str(label))
    return names


# ------------------------------------------------------------------------------------- pieces


def _reads_source_language(source: Source) -> bool:
    """Whether this run reads the source's own language, so a quote from it needs no
    translation beside it."""
    return i18n.language() == source.lang


def _source_line(item: Example) -> None:
    source = SOURCES[item.source]
    st.caption(tr("From {source}", source=source_markdown(source, remark=False)))
    if item.heading:
        if _reads_source_language(source):
            said = tr("The note's own heading: **{heading}**.", heading=plain(item.heading))
        else:
            said = tr(
                "The note's own heading: **{heading}** (“{translation}”).",
                heading=plain(item.heading),
                translation=plain(tr(item.heading_english)),
            )
        if item.heading_remark:
            said = _then(said, plain(tr(item.heading_remark)))
        st.markdown(said)


def _list_table(relevances, labels=None, label_name: str | None = None) -> pd.DataFrame:
    rows = {}
    if labels is not None:
        rows[label_name or tr("Item")] = list(labels)
    relevance = tr("Relevance")
    rows[relevance] = [exact(r) for r in relevances]
    positions = [str(i) for i in range(1, len(rows[relevance]) + 1)]
    return pd.DataFrame(rows, index=positions).T.rename_axis(tr("Position"))


def _playground_button(item: Example) -> None:
    # A link between pages: same tab, presenter view kept (menu.page_link).
    menu.page_link(
        "playground",
        params=urlparams.list_params(item.ranked),
        label=tr("🎛️ Open in playground"),
        help=tr(
            "Loads this list into the playground, with its k, gain, discount and any judged "
            "items it did not retrieve."
        ),
    )


def _running_table(item: Example, table: pd.DataFrame, ideal: bool = False) -> pd.DataFrame:
    prefix = "ideal_" if ideal else ""
    rows = table[table[f"{prefix}relevance"].notna()]
    total = tr("Running IDCG") if ideal else tr("Running DCG")
    below = tr("— (below k)")
    out = pd.DataFrame({tr("Position"): rows["position"].astype(int).astype(str)})
    if item.named:
        out[tr("Item")] = list(rows[f"{prefix}label"])
    elif ideal:
        out[tr("Ranked at")] = _origin(rows[f"{prefix}label"])
    out[tr("Relevance")] = [exact(v) for v in rows[f"{prefix}relevance"]]
    if item.ranked.scoring.gain != "linear":
        out[tr("Gain")] = [fixed(v) for v in rows[f"{prefix}gain"]]
    out[tr("Divided by")] = [fixed(v) for v in rows["denominator"]]
    # Below k a position adds nothing: its term is not counted, so none is printed (B8).
    out[tr("Term")] = [
        fixed(v) if inside else below
        for v, inside in zip(rows[f"{prefix}contribution"], rows["in_top_k"])
    ]
    out[total] = [
        fixed(v) if inside else below
        for v, inside in zip(rows[f"cumulative_{'idcg' if ideal else 'dcg'}"], rows["in_top_k"])
    ]
    return out


def _quantity_name(item: Example, printed) -> str:
    if printed.position is None:
        return f"{printed.quantity}{_cut(item)}"
    return tr(AT_POSITION[printed.quantity], position=printed.position)


def _printed_table(item: Example) -> pd.DataFrame:
    rows = []
    for printed in item.printed:
        value = item.exact(printed)
        verdict = (
            tr("✓ right to the digits shown")
            if not printed.wrong
            else tr("✗ slip: {why}", why=tr(printed.wrong))
        )
        rows.append(
            {
                tr("Quantity"): _quantity_name(item, printed),
                tr("Printed"): printed.printed,
                tr("Exact"): fixed(value, max(AUDIT_DIGITS, printed.decimals + 2)),
                tr("Verdict"): verdict,
            }
        )
    return pd.DataFrame(rows)


def _totals_table(totals: pd.DataFrame) -> pd.DataFrame:
    shown = totals.copy().astype(object)
    for column in shown.columns:
        formatter = signed if column == "change" else fixed
        shown[column] = [formatter(v) for v in totals[column]]
    return shown.rename_axis(tr("Quantity")).rename(columns={"change": tr("Change")})


def _metrics(result) -> None:
    cols = st.columns(3)
    cols[0].metric(result.name("DCG"), fixed(result.dcg))
    cols[1].metric(result.name("IDCG"), fixed(result.idcg))
    cols[2].metric(result.name("NDCG"), fixed(result.ndcg))


def _charts(page: str, item: Example, table: pd.DataFrame) -> None:
    left, right = st.columns(2)
    with left:
        charts.show(
            charts.contribution_chart(table, item.ranked.k), key=f"{page}_{item.id}_contribution"
        )
        st.caption(
            tr(
                "Solid bars: what each position earns in this order; dotted bars: what it earns "
                "in the ideal order. Each set of bars adds up to DCG and IDCG."
            )
        )
    with right:
        charts.show(
            charts.cumulative_chart(table, item.ranked.k), key=f"{page}_{item.id}_cumulative"
        )
        st.caption(
            tr("The running DCG climbs under the running IDCG; at k their ratio is the NDCG.")
        )


# ------------------------------------------------------------------------- checking the source


def _code_span(text: str) -> str:
    """`text` as Markdown's inline code, read character for character whatever it holds (its
    fence is one backtick longer than any run of backticks in it). Not `st.code`: a code block
    brings Streamlit's syntax highlighter, about a second of a browser's main thread on every
    page that has one (bench/README.md)."""
    fence = "`" * (max((len(run) for run in re.findall("`+", text)), default=0) + 1)
    return f"{fence} {text} {fence}"


def _audit_label(item: Example) -> str:
    figures = trn("{n} printed figure", "{n} printed figures", len(item.printed))
    if item.slips:
        figures = tr(
            "{figures}, {slips}",
            figures=figures,
            slips=trn("{n} slip", "{n} slips", item.slips),
        )
    else:
        figures = tr("{figures}, all right", figures=figures)
    notes = trn("{n} note on its text", "{n} notes on its text", len(item.errata))
    if item.printed and item.errata:
        return tr("🔎 {figures}; {notes}", figures=figures, notes=notes)
    return tr("🔎 {said}", said=figures if item.printed else notes)


def _checking_the_source(item: Example) -> None:
    """An example's printed figures beside the exact values, and its slips with both readings,
    under its title: this is drawn inside a fold, where no expander may go."""
    st.markdown(f"### {plain(tr(item.title))}")
    nothing_printed = tr("The source prints no number for this one: everything is computed here.")
    if not item.printed and not item.errata:
        st.caption(nothing_printed)
        return
    st.caption(_audit_label(item))
    if item.printed:
        st.markdown(tr("**What the source printed, beside the exact value**"))
        st.table(_printed_table(item).set_index(tr("Quantity")))
    else:
        st.caption(nothing_printed)
    for erratum in item.errata:
        st.info(f"**{plain(tr(erratum.title))}**\n\n{plain(tr(erratum.text))}", icon="📝")
        if erratum.quote:
            # The source's own words stay in its language; a reader of another language gets
            # the translation beside them.
            st.caption(tr("The source's line, as it has it:"))
            if erratum.quote_english:  # a sentence in words: quoted as prose
                st.markdown(f"> {plain(erratum.quote)}")
            else:  # a line of formulas and figures, as the source typed it
                st.markdown(f"> {_code_span(erratum.quote)}")
            if erratum.quote_english and not _reads_source_language(SOURCES[item.source]):
                st.caption(
                    tr("In translation: “{translation}”", translation=tr(erratum.quote_english))
                )
        if erratum.reading:
            other = item.with_reading(erratum)
            ours = tr("as this walkthrough reads it")
            totals = compare_totals(item, other, (ours, tr(erratum.reading_name)))
            st.markdown(tr("Both readings, computed (at k = {k}):", k=item.ranked.k))
            st.table(_totals_table(totals), width="content")
            st.caption(
                tr(
                    "The other reading changes {settings}. Term by term:",
                    settings=_reading_settings(erratum.reading),
                )
            )
            st.latex(formulas(other.ranked)[0])
            for formula in worked(other.scored(), per_line=FOLDED_TERMS_PER_LINE):
                st.latex(formula)


def _reading_settings(reading: dict) -> str:
    """What another reading of a source sets, in words: its discount, or its list."""
    said = []
    for key, value in reading.items():
        if key == "discount":
            said.append(tr("the discount to {discount}", discount=DISCOUNTS[value].short))
        elif key == "relevances":
            said.append(tr("the list to {relevances}", relevances=format_relevances(value)))
        else:
            said.append(f"{key} = {value}")
    return "; ".join(said)


# ------------------------------------------------------------------------------ one example


def _ideal_top_k_slip(item: Example, result) -> bool:
    """The @k pitfall, when this list has it: the ideal top k drawn from the top k alone."""
    slip = next((m for m in ndcg_mistakes(item.ranked) if m.key == "ideal_top_k"), None)
    if slip is None:
        return False
    st.warning(
        tr(
            "**A common slip: {name}.** {advice} NDCG{at} would then come out as {wrong} "
            "instead of {right}.",
            name=plain(tr(slip.name)),
            advice=plain(tr(slip.advice)),
            at=_cut(item),
            wrong=fixed(slip.value),
            right=fixed(result.ndcg),
        ),
        icon="⚠️",
    )
    return True


def _ideal_choices(item: Example) -> None:
    """For a list with a pool: the same list against the three ideals libraries build."""
    table = ideal_choices(item)
    st.markdown(tr("### Which ideal? Judged items not retrieved, and k = n against no cut-off"))
    built_from = tr("Ideal built from")
    st.table(
        pd.DataFrame(
            {
                built_from: [tr(name) for name in table["ideal"]],
                tr("Ideal order (as far as it counts)"): [
                    format_relevances(order) for order in table["ideal_order"]
                ],
                "IDCG": [fixed(v) for v in table["idcg"]],
                "NDCG": [fixed(v) for v in table["ndcg"]],
                tr("Used by"): [tr(used) for used in table["used_by"]],
            }
        ).set_index(built_from)
    )
    closed, cut, uncut = table.itertuples(index=False)
    st.markdown(
        tr(
            "With k = n the ideal is cut at the list's length, n = {n}: its top {n} places go "
            "to the best {n} of every judged document, and IDCG rises from {closed} to {cut}. "
            "With no cut-off the ideal keeps every judged document, all {judged} of them, so "
            "IDCG grows to {uncut} and NDCG drops to {uncut_ndcg}, while DCG still sums only "
            "the {n} ranked positions. Without a judged item left unretrieved the two are the "
            "same number; with one, say which you report.",
            n=item.ranked.n,
            closed=fixed(closed.idcg),
            cut=fixed(cut.idcg),
            judged=len(uncut.ideal_order),
            uncut=fixed(uncut.idcg),
            uncut_ndcg=fixed(uncut.ndcg),
        )
    )


def _symbols(formula: str, seen: set[str], lead: str = "") -> None:
    """A formula in symbols, the first time the page needs it: later examples that use the same
    conventions go straight to their numbers, so the page does not repeat itself."""
    if formula in seen:
        return
    seen.add(formula)
    if lead:
        st.markdown(lead)
    st.latex(formula)


def _example_list(item: Example) -> None:
    """What an example shows and its list, with its cut-off when it has one."""
    st.markdown(plain(tr(item.shows)))
    if item.id in CG_ONLY:
        st.markdown(tr("### CG: add the relevances up, ignore the order"))
    else:
        st.markdown(tr("### The list"))
    _list(item)


def _list(item: Example) -> None:
    k = item.ranked.k
    st.table(_list_table(item.relevances, _labels(item)), width="content")
    if k is not None and k < item.ranked.n:
        st.caption(tr("Only the top k = {k} positions count.", k=k))


def _example_numbers(page: str, item: Example, seen: set[str]) -> None:
    """The example's sums term by term, its charts, its ideal and its NDCG, in reading order:
    the second reading's version, drawn inside a fold."""
    result = item.scored()
    table = result.table
    labels = _labels(item)
    k = item.ranked.k
    cg_printed = any(p.quantity == "CG" for p in item.printed)
    if cg_printed or item.id in CG_ONLY:
        _symbols(cg_formula(), seen)
        st.latex(cg_filled(list(item.relevances), k))

    if item.id not in CG_ONLY:
        dcg_symbols, idcg_symbols, ndcg_symbols = formulas(item.ranked)
        dcg_numbers, idcg_numbers, ndcg_numbers = worked(result, per_line=FOLDED_TERMS_PER_LINE)
        st.markdown(tr("### DCG, term by term"))
        if dcg_symbols in seen:
            st.markdown(tr("The formula with this list's numbers, each term's value, the total:"))
        else:
            _symbols(
                dcg_symbols,
                seen,
                tr("The formula, then the same formula with this list's numbers:"),
            )
        st.latex(dcg_numbers)
        _charts(page, item, table)
        st.markdown(tr("**Position by position: the table behind the charts**"))
        st.table(_running_table(item, table).set_index(tr("Position")))

        st.markdown(tr("### The ideal order and IDCG"))
        ideal_rows = table[table["ideal_relevance"].notna()]
        if item.ranked.pool:
            st.markdown(
                tr(
                    "Sort every judged item by relevance, highest first, those the system never "
                    "retrieved included, and score that order:"
                )
            )
        else:
            st.markdown(
                tr("Sort the same items by relevance, highest first, and score that order:")
            )
        if labels is None:
            ideal_table = _list_table(
                ideal_rows["ideal_relevance"],
                _origin(ideal_rows["ideal_label"]),
                tr("Ranked at"),
            )
        else:
            names = _ideal_names(item, ideal_rows["ideal_relevance"], ideal_rows["ideal_label"])
            ideal_table = _list_table(ideal_rows["ideal_relevance"], names)
        st.table(ideal_table, width="content")
        if k is not None and k < len(ideal_rows):
            st.caption(tr("Only the first k = {k} places of the ideal order count.", k=k))
        _symbols(idcg_symbols, seen)
        st.latex(idcg_numbers)
        if "slip" not in seen and _ideal_top_k_slip(item, result):
            seen.add("slip")

        st.markdown(tr("### NDCG: the ratio"))
        _symbols(ndcg_symbols, seen)
        st.latex(ndcg_numbers)
        _metrics(result)
        if item.ranked.pool:
            _ideal_choices(item)

    if item.family == "gain":
        _gain_comparison(item)
    if item.family == "zero":
        _zero_conventions(item)


def _notice(item: Example) -> None:
    if item.notice:
        st.success(tr("**What to notice.** {notice}", notice=plain(tr(item.notice))), icon="👀")


def _example_heading(item: Example) -> None:
    """A further example's heading: its anchor is the example's id (links to it land here)."""
    st.header(tr(item.title), anchor=item.id, divider="gray")


def _worked_example(page: str, item: Example, seen: set[str]) -> None:
    """A further example, whole, for the second reading. It is drawn inside a fold, so nothing
    in it folds again."""
    _example_heading(item)
    _source_line(item)
    _example_list(item)
    _example_numbers(page, item, seen)
    _notice(item)
    _playground_button(item)


# ---------------------------------------------------------------------------- comparisons


def _comparison(
    page: str, first_id: str, second_id: str, title: str, names: tuple[str, str]
) -> None:
    st.header(tr("Side by side: {title}", title=tr(title)), divider="gray")
    names = (tr(names[0]), tr(names[1]))
    _comparison_body(page, example(first_id), example(second_id), names)


def _comparison_body(page: str, first: Example, second: Example, names: tuple[str, str]) -> None:
    totals = compare_totals(first, second, names)
    cols = st.columns(2)
    for col, item, name in zip(cols, (first, second), names):
        with col:
            st.markdown(f"**{name}**")
            table = item.table()
            st.table(_running_table(item, table).set_index(tr("Position")))
            charts.show(
                charts.contribution_chart(table, item.ranked.k), key=f"{page}_{item.id}_compare"
            )
    st.caption(
        tr("Same items, two orders: the bars show where each order earns, or loses, its DCG.")
    )
    st.table(_totals_table(totals), width="content")
    moved = (
        N_("NDCG{at} goes from **{before}** to **{after}** ({change}); CG does not move.")
        if totals.loc["CG", "change"] == 0
        else N_("NDCG{at} goes from **{before}** to **{after}** ({change}); CG changes too.")
    )
    st.markdown(
        tr(
            moved,
            at=_cut(first),
            before=fixed(totals.loc["NDCG", names[0]]),
            after=fixed(totals.loc["NDCG", names[1]]),
            change=signed(totals.loc["NDCG", "change"]),
        )
    )


def _russian_summary() -> None:
    st.header(tr("The three examples side by side"), divider="gray")
    rows = []
    for item in by_family("russian"):
        totals = item.totals()
        printed = next((p.printed for p in item.printed if p.quantity == "NDCG"), "—")
        rows.append(
            {
                tr("Example"): tr(item.title),
                tr("Ranked"): format_relevances(item.relevances),
                tr("Ideal"): format_relevances(sorted(item.relevances, reverse=True)),
                "DCG": fixed(totals["DCG"]),
                "IDCG": fixed(totals["IDCG"]),
                "NDCG": fixed(totals["NDCG"]),
                tr("NDCG printed"): printed,
            }
        )
    st.table(pd.DataFrame(rows).set_index(tr("Example")))
    st.caption(
        tr(
            "The three lists differ in length and in grades, so this table compares three "
            "lists, not three positions of one swap: the swap table of the first example does "
            "that."
        )
    )


def _swap_costs(item: Example, *, lists: bool = True) -> pd.DataFrame:
    """Every neighbour swap of the lead example's ideal order and what each costs: the answer
    to the Russian page's question. The core's table leaves out the lists after each swap
    (`lists=False`); the step-by-step fold shows them."""
    ideal = sorted(item.relevances, reverse=True)
    swaps = swaps_within(tuple(ideal))
    swap = tr("Swap positions")
    columns = {swap: swaps["swap"]}
    if lists:
        columns[tr("Ranked after the swap")] = [format_relevances(r) for r in swaps["ranked"]]
    columns["NDCG"] = [fixed(v) for v in swaps["ndcg"]]
    columns[tr("Cost (1 − NDCG)")] = [fixed(v) for v in swaps["cost"]]
    st.table(pd.DataFrame(columns).set_index(swap), width="content")
    return swaps


def _gain_comparison(item: Example) -> None:
    linear = item.variant(gain="linear")
    st.markdown(tr("### Linear gain against 2^rel − 1"))
    linear_table, exponential_table = linear.table(), item.table()
    n = len(item.relevances)
    st.table(
        pd.DataFrame(
            {
                tr("Relevance"): [exact(r) for r in item.relevances],
                tr("Linear gain"): [fixed(g) for g in linear_table["gain"][:n]],
                tr("Gain 2^rel − 1"): [fixed(g) for g in exponential_table["gain"][:n]],
            },
            index=_labels(item) or range(1, n + 1),
        ).T.rename_axis(tr("Item") if item.named else tr("Position")),
        width="content",
    )
    names = (tr("linear gain"), tr("gain 2^rel − 1"))
    totals = compare_totals(linear, item, names)
    st.table(_totals_table(totals), width="content")
    same = totals.loc["NDCG", "change"] == 0 and totals.loc["DCG", "change"] == 0
    if same:
        st.markdown(
            tr(
                "The two columns agree to the last digit: with relevance 0 or 1 each item earns "
                "the same under both gains, so every total is the same."
            )
        )
    else:
        st.markdown(
            tr(
                "NDCG{at} is **{linear}** with the linear gain and **{exponential}** with "
                "2^rel − 1 ({change}), both with the discount 1/log₂(i+1).",
                at=_cut(item),
                linear=fixed(totals.loc["NDCG", names[0]]),
                exponential=fixed(totals.loc["NDCG", names[1]]),
                change=signed(totals.loc["NDCG", "change"]),
            )
        )


def _gain_scale() -> None:
    grades = np.arange(0, 5, dtype=float)
    st.markdown(tr("### The two gains, grade by grade"))
    grade = tr("Grade")
    st.table(
        pd.DataFrame(
            {
                grade: [exact(g) for g in grades],
                tr("Linear: rel"): [exact(g) for g in gains(grades, "linear")],
                tr("Exponential: 2^rel − 1"): [exact(g) for g in gains(grades, "exponential")],
            }
        )
        .set_index(grade)
        .T.rename_axis(grade),
        width="content",
    )
    st.caption(
        tr("For grades 0 and 1 the two rows agree; from grade 2 on the exponential one pulls away.")
    )


# The query the all-zero list is averaged with: a mean over two queries shows what the
# convention does to a mean.
ZERO_PARTNER = "graded-explainer"


def _zero_rows(item: Example) -> tuple[pd.DataFrame, list[str]]:
    """The three 0/0 conventions on the all-zero list: the score of the list, and the mean of
    it with the graded page's query. One table, of which the core shows the first columns."""
    other = example(ZERO_PARTNER)
    partner = format_relevances(other.relevances)
    queries = ["all zero"] * len(item.relevances) + [partner] * len(other.relevances)
    relevances = [*item.relevances, *other.relevances]
    rows, means = [], []
    for rule in ON_ZERO.values():
        value = ndcg(item.relevances, item.ranked.k, on_zero=rule.value)
        run = batch_ndcg(queries, relevances, on_zero=rule.value)
        means.append(fixed(run.mean))
        rows.append(
            {
                tr("Convention"): tr(rule.short),
                tr("NDCG of the all-zero list"): tr("NaN (left out)")
                if math.isnan(value)
                else fixed(value),
                tr("Mean over two queries: this list and {partner}", partner=partner): means[-1],
                tr("Used by"): tr(rule.used_by),
                tr("The idea"): tr(rule.description),
            }
        )
    return pd.DataFrame(rows).set_index(tr("Convention")), means


def _zero_conventions(item: Example) -> None:
    st.markdown(tr("### 0 / 0: three conventions"))
    st.markdown(
        tr(
            "The formula cannot decide this case, so each library decides it. Three choices are "
            "in use; each value below is what the core returns for this list with that choice."
        )
    )
    table, means = _zero_rows(item)
    st.table(table)
    other = example(ZERO_PARTNER)
    st.markdown(
        tr(
            "For this query alone the convention is the score itself: 0, 1, or no score at all, "
            "and it decides whether the query counts as a win or a loss when two systems are "
            "compared query by query. In a mean it moves the result: next to a query that "
            "scores {other}, the all-zero list pulls the mean down to {down}, lifts it to {up}, "
            "or leaves it alone at {alone}. Compare two systems only when both use the same "
            "convention.",
            other=fixed(other.totals()["NDCG"]),
            down=means[0],
            up=means[1],
            alone=means[2],
        )
    )


# ---------------------------------------------------------------------------------- the page


def _sources(items: tuple[Example, ...]) -> None:
    keys = list(dict.fromkeys(item.source for item in items))
    lines = "\n".join(f"- {source_markdown(SOURCES[key])}" for key in keys)
    st.caption(tr("The examples come from:\n{sources}", sources=lines))


def _number_rule() -> None:
    st.caption(
        tr(
            "Numbers: every value computed here is rounded to {digits} decimal places; a figure "
            "quoted from a source appears as the source printed it. Only the source checks for "
            "teachers give exact values to {audit} places, enough to show how a source rounded.",
            digits=DIGITS,
            audit=AUDIT_DIGITS,
        )
    )


def _picture(page: str, item: Example, name: str | None = None) -> None:
    """The lead list against its ideal, on a read-only ranking board."""
    predict.picture(f"{page}_{item.id}", item.ranked, name=name)


def _reveal(page: str, family: str, item: Example, question) -> None:
    """The answer, in the reveal's one order: the claim, the picture (the list against its
    ideal), one line of the sum, then what the question compared; every term follows, folded
    (`_step_by_step`)."""
    result = item.scored()
    predict.claim(tr(FAMILIES[family].claim))
    if family == "continuous":  # two orders of the same items: both pictures, side by side
        other = example("continuous-daecb")
        names = tuple(tr(case.name) for case in question.cases)
        for column, shown, name in zip(st.columns(2, gap="large"), (item, other), names):
            with column:
                _picture(page, shown, name)
        st.table(_totals_table(compare_totals(item, other, names)), width="content")
    else:
        _picture(page, item)
        predict.sum_line(result)
    if family in ("binary", "graded", "gain"):
        # What the question compared it with: the other lists, scored.
        scored = [
            tr(
                "{name}: NDCG{at} = {value}.",
                name=plain(tr(case.name)),
                at=case.ranked.at,
                value=fixed(case.score()),
            )
            for case in question.cases
            if case.ranked != item.ranked
        ]
        st.markdown(functools.reduce(_then, scored))
    if family == "russian":
        ideal = format_relevances(sorted(item.relevances, reverse=True))
        st.markdown(
            tr(
                "The list is its ideal order, {ideal}, turned upside down: the worst order these "
                "items can have, and still {ndcg}.",
                ideal=ideal,
                ndcg=fixed(result.ndcg),
            )
        )
    if family == "zero":
        table, _ = _zero_rows(item)
        # The core's copy: the score, the mean and who uses it, under headings a phone can fit.
        partner = format_relevances(example(ZERO_PARTNER).relevances)
        short = {
            table.columns[0]: tr("This list"),
            table.columns[1]: tr("Mean with the query {partner}", partner=partner),
        }
        st.table(table.iloc[:, :3].rename(columns=short), width="content")


def _core(page: str, family: str, item: Example, seen: set[str]) -> bool:
    """The lesson a learner reads first: the lead example's list and the formulas in symbols, a
    question on it, and once it is answered (or skipped) the reveal. Returns whether the answer
    is shown."""
    st.header(tr(item.title), divider="gray", anchor=item.id)
    st.caption(tr("From {source}", source=source_title(SOURCES[item.source])))
    _list(item)
    dcg_symbols, _, ndcg_symbols = formulas(item.ranked)
    _symbols(dcg_symbols, seen)
    _symbols(ndcg_symbols, seen)
    st.caption(_then(tr(IDCG_WORDS), tr(POOL_WORDS)) if item.ranked.pool else tr(IDCG_WORDS))
    question = walkthrough_question(family)
    guess = predict.ask(question, key=question_key(family))
    shown = predict.revealed(guess)
    if not shown:
        st.caption(tr("Answer first, or press “Just show me”: the picture and the sums follow."))
    else:
        _reveal(page, family, item, question)
        _step_by_step(page, item, seen)
    _playground_button(item)
    return shown


def _sources_and_rounding(items: tuple[Example, ...]) -> None:
    st.header(tr("Where the examples come from, and how numbers are rounded"), divider="gray")
    _sources(items)
    _number_rule()


def _step_by_step(page: str, item: Example, seen: set[str]) -> None:
    """The lead example for a second reading, what a learner needs to redo it: its source,
    every term's value, the charts, the ideal order and IDCG, the ratio, and what to notice."""
    # What the fold holds beyond the sums, when the family has it.
    label = {
        "gain": N_("📚 Step by step: each term, the ideal order, the two gains compared"),
        "zero": N_("📚 Step by step: each term, the ideal order, the conventions explained"),
    }.get(item.family, N_("📚 Step by step: each term, the ideal order"))
    folded = folds.fold(page, "steps", tr(label))
    with folded:
        if not folded.open:
            return
        _source_line(item)
        st.markdown(plain(tr(item.shows)))
        _example_numbers(page, item, seen)
        if item.family == "gain":
            _gain_scale()
        _notice(item)


def _more_label(family: str, others: int) -> str:
    if FAMILIES[family].comparisons or family == "russian":
        return trn(
            "📚 {n} more example, side by side", "📚 {n} more examples, side by side", others
        )
    return trn("📚 {n} more example", "📚 {n} more examples", others)


def _more_examples(page: str, family: str, items: tuple[Example, ...], seen: set[str]) -> None:
    """Every other example of the family, whole, with the comparisons where both of their
    examples have been shown: one fold, so the core ends with few labels to read."""
    if len(items) < 2:
        return
    folded = folds.fold(page, "more", _more_label(family, len(items) - 1))
    with folded:
        if not folded.open:
            # Closed, it holds its examples' headings alone: a link to one's anchor finds it
            # there, and app.js opens the fold, which then draws them whole (its section 6).
            for item in items[1:]:
                _example_heading(item)
            return
        for number, item in enumerate(items, start=1):
            if number > 1:
                _worked_example(page, item, seen)
                if item.id == SWAPS_OF:
                    st.markdown(tr("### Every neighbour swap of the ideal order"))
                    _swap_costs(item)
            for first_id, second_id, title, names in FAMILIES[family].comparisons:
                if item.id in (first_id, second_id) and {first_id, second_id} <= {
                    other.id for other in items[:number]
                }:
                    _comparison(page, first_id, second_id, title, names)
        if family == "russian":
            _russian_summary()


def _for_teachers(page: str, items: tuple[Example, ...]) -> None:
    """Every example's source check, kept apart from the lesson: what each source printed
    beside the exact value, its slips and the readings they allow, then where the examples
    come from and how numbers are rounded."""
    folded = folds.fold(page, "teachers", tr("🧑‍🏫 For teachers: checking the sources"))
    with folded:
        if not folded.open:
            return
        st.caption(
            tr(
                "Each source's printed figures beside the exact values, its slips, and both "
                "readings where a source contradicts itself: for preparing a class, not needed "
                "to follow the lesson."
            )
        )
        for item in items:
            _checking_the_source(item)
        _sources_and_rounding(items)


def intro(family: str) -> None:
    st.title(tr(FAMILIES[family].title))
    st.markdown(tr(FAMILIES[family].intro))


def render(family: str) -> None:
    """Draw the walkthrough page of one example family: the core (the idea, a question on the
    lead example, the reveal), then everything for a second reading, folded, and the source
    checks for teachers."""
    if family not in FAMILIES:
        raise ValueError(f"No walkthrough family {family!r}; known: {', '.join(FAMILIES)}.")
    page = f"learn_{family}"
    items = lesson_order(family)
    intro(family)
    seen: set[str] = set()
    _core(page, family, items[0], seen)
    _more_examples(page, family, items, seen)
    _for_teachers(page, items)
