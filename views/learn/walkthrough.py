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

import math

import numpy as np
import pandas as pd
import streamlit as st

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
from ndcg_core.options import ON_ZERO
from ndcg_core.parsing import format_relevances
from ui import charts, menu, predict, urlparams
from ui.text import plain

# A source check shows the exact value with this many places: enough that a value such as
# log₂ 6 = 2.584963 never reads like a rounding the source itself might have made (2.585).
AUDIT_DIGITS = 6
# Terms a line in a worked sum inside a folded box: its padding takes the room of one fraction
# on a phone, where four would have to scroll.
FOLDED_TERMS_PER_LINE = 3
# What IDCG is, said under the formulas of every lesson's core (its question needs it).
IDCG_WORDS = "IDCG is the DCG of the ideal order: the same items, sorted best first."
POOL_WORDS = "The ideal also holds the judged items the system did not retrieve."
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
            label = f"{match[1]} {NOT_RETRIEVED}"
        names.append(str(label))
    return names


# ------------------------------------------------------------------------------------- pieces


def source_title(source: Source) -> str:
    """A source's title in quotes, a link when there is one: how the core names its source."""
    title = f"“{plain(source.title)}”"
    return f"[{title}]({source.link})" if source.link else title


def source_markdown(source: Source, *, remark: bool = True) -> str:
    """A source as a learner reads it: its title (a link when there is one), what it is, where
    and when, and (with `remark`) anything else needed to read it right."""
    title = source_title(source)
    rest = ", ".join(plain(part) for part in (source.kind, source.site, source.date) if part)
    said = f" {plain(source.remark)}" if remark and source.remark else ""
    return f"{title}, {rest}.{said}"


def _source_line(item: Example) -> None:
    st.caption(f"From {source_markdown(SOURCES[item.source], remark=False)}")
    if item.heading:
        remark = f" {plain(item.heading_remark)}" if item.heading_remark else ""
        st.markdown(
            f"The note's own heading: **{plain(item.heading)}** "
            f"(“{plain(item.heading_english)}”).{remark}"
        )


def _list_table(relevances, labels=None, label_name: str = "Item") -> pd.DataFrame:
    rows = {}
    if labels is not None:
        rows[label_name] = list(labels)
    rows["Relevance"] = [exact(r) for r in relevances]
    positions = [str(i) for i in range(1, len(rows["Relevance"]) + 1)]
    return pd.DataFrame(rows, index=positions).T.rename_axis("Position")


def _playground_button(item: Example) -> None:
    # A link between pages: same tab, presenter view kept (menu.page_link).
    menu.page_link(
        "playground",
        params=urlparams.list_params(item.ranked),
        label="🎛️ Open in playground",
        help="Loads this list into the playground, with its k, gain, discount and any judged "
        "items it did not retrieve.",
    )


def _running_table(item: Example, table: pd.DataFrame, ideal: bool = False) -> pd.DataFrame:
    prefix = "ideal_" if ideal else ""
    rows = table[table[f"{prefix}relevance"].notna()]
    total = "Running IDCG" if ideal else "Running DCG"
    out = pd.DataFrame({"Position": rows["position"].astype(int).astype(str)})
    if item.named:
        out["Item"] = list(rows[f"{prefix}label"])
    elif ideal:
        out["Ranked at"] = _origin(rows[f"{prefix}label"])
    out["Relevance"] = [exact(v) for v in rows[f"{prefix}relevance"]]
    if item.ranked.scoring.gain != "linear":
        out["Gain"] = [fixed(v) for v in rows[f"{prefix}gain"]]
    out["Divided by"] = [fixed(v) for v in rows["denominator"]]
    # Below k a position adds nothing: its term is not counted, so none is printed (B8).
    out["Term"] = [
        fixed(v) if inside else "— (below k)"
        for v, inside in zip(rows[f"{prefix}contribution"], rows["in_top_k"])
    ]
    out[total] = [
        fixed(v) if inside else "— (below k)"
        for v, inside in zip(rows[f"cumulative_{'idcg' if ideal else 'dcg'}"], rows["in_top_k"])
    ]
    return out


def _quantity_name(item: Example, printed) -> str:
    if printed.position is None:
        return f"{printed.quantity}{_cut(item)}"
    what = {"log": "divisor (log)", "ideal log": "ideal divisor (log)"}.get(
        printed.quantity, printed.quantity
    )
    return f"{what} at position {printed.position}"


def _printed_table(item: Example) -> pd.DataFrame:
    rows = []
    for printed in item.printed:
        value = item.exact(printed)
        verdict = "✓ right to the digits shown" if not printed.wrong else f"✗ slip: {printed.wrong}"
        rows.append(
            {
                "Quantity": _quantity_name(item, printed),
                "Printed": printed.printed,
                "Exact": fixed(value, max(AUDIT_DIGITS, printed.decimals + 2)),
                "Verdict": verdict,
            }
        )
    return pd.DataFrame(rows)


def _totals_table(totals: pd.DataFrame) -> pd.DataFrame:
    shown = totals.copy().astype(object)
    for column in shown.columns:
        formatter = signed if column == "change" else fixed
        shown[column] = [formatter(v) for v in totals[column]]
    return shown.rename_axis("Quantity").rename(columns={"change": "Change"})


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
            "Solid bars: what each position earns in this order; dotted bars: what it earns in "
            "the ideal order. Each set of bars adds up to DCG and IDCG."
        )
    with right:
        charts.show(
            charts.cumulative_chart(table, item.ranked.k), key=f"{page}_{item.id}_cumulative"
        )
        st.caption("The running DCG climbs under the running IDCG; at k their ratio is the NDCG.")


# ------------------------------------------------------------------------- checking the source


def _audit_label(item: Example) -> str:
    parts = []
    if item.printed:
        figures = "figure" if len(item.printed) == 1 else "figures"
        slips = {0: "all right", 1: "1 slip"}.get(item.slips, f"{item.slips} slips")
        parts.append(f"{len(item.printed)} printed {figures}, {slips}")
    if item.errata:
        notes = "note" if len(item.errata) == 1 else "notes"
        parts.append(f"{len(item.errata)} {notes} on its text")
    return "🔎 " + "; ".join(parts)


def _checking_the_source(item: Example) -> None:
    """An example's printed figures beside the exact values, and its slips with both readings,
    under its title: this is drawn inside a fold, where no expander may go."""
    st.markdown(f"### {plain(item.title)}")
    if not item.printed and not item.errata:
        st.caption("The source prints no number for this one: everything is computed here.")
        return
    st.caption(_audit_label(item))
    if item.printed:
        st.markdown("**What the source printed, beside the exact value**")
        st.table(_printed_table(item).set_index("Quantity"))
    else:
        st.caption("The source prints no number for this one: everything is computed here.")
    for erratum in item.errata:
        st.info(f"**{plain(erratum.title)}**\n\n{plain(erratum.text)}", icon="📝")
        if erratum.quote:
            st.caption("The source's line, as it has it:")
            st.code(erratum.quote, language=None, wrap_lines=True)
        if erratum.reading:
            other = item.with_reading(erratum)
            ours = "as this walkthrough reads it"
            totals = compare_totals(item, other, (ours, erratum.reading_name))
            st.markdown(f"Both readings, computed (at k = {item.ranked.k}):")
            st.table(_totals_table(totals), width="content")
            settings = ", ".join(f"{key} = {value}" for key, value in erratum.reading.items())
            st.caption(f"The other reading changes: {settings}. Term by term:")
            st.latex(formulas(other.ranked)[0])
            for formula in worked(other.scored(), per_line=FOLDED_TERMS_PER_LINE):
                st.latex(formula)


# ------------------------------------------------------------------------------ one example


def _ideal_top_k_slip(item: Example, result) -> bool:
    """The @k pitfall, when this list has it: the ideal top k drawn from the top k alone."""
    slip = next((m for m in ndcg_mistakes(item.ranked) if m.key == "ideal_top_k"), None)
    if slip is None:
        return False
    st.warning(
        f"**A common slip: {plain(slip.name)}.** {plain(slip.advice)} NDCG{_cut(item)} would "
        f"then come out as {fixed(slip.value)} instead of {fixed(result.ndcg)}.",
        icon="⚠️",
    )
    return True


def _ideal_choices(item: Example) -> None:
    """For a list with a pool: the same list against the three ideals libraries build."""
    table = ideal_choices(item)
    st.markdown("### Which ideal? Judged items not retrieved, and k = n against no cut-off")
    st.table(
        pd.DataFrame(
            {
                "Ideal built from": table["ideal"],
                "Ideal order (as far as it counts)": [
                    format_relevances(order) for order in table["ideal_order"]
                ],
                "IDCG": [fixed(v) for v in table["idcg"]],
                "NDCG": [fixed(v) for v in table["ndcg"]],
                "Used by": table["used_by"],
            }
        ).set_index("Ideal built from")
    )
    closed, cut, uncut = table.itertuples(index=False)
    n = item.ranked.n
    st.markdown(
        f"With k = n the ideal is cut at the list's length, n = {n}: its top {n} places go to "
        f"the best {n} of every judged document, and IDCG rises from {fixed(closed.idcg)} to "
        f"{fixed(cut.idcg)}. With no cut-off the ideal keeps every judged document, all "
        f"{len(uncut.ideal_order)} of them, so IDCG grows to {fixed(uncut.idcg)} and NDCG drops "
        f"to {fixed(uncut.ndcg)}, while DCG still sums only the {n} ranked positions. Without a "
        "judged item left unretrieved the two are the same number; with one, say which you report."
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
    st.markdown(plain(item.shows))
    if item.id in CG_ONLY:
        st.markdown("### CG: add the relevances up, ignore the order")
    else:
        st.markdown("### The list")
    _list(item)


def _list(item: Example) -> None:
    k = item.ranked.k
    st.table(_list_table(item.relevances, _labels(item)), width="content")
    if k is not None and k < item.ranked.n:
        st.caption(f"Only the top k = {k} positions count.")


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
        st.markdown("### DCG, term by term")
        if dcg_symbols in seen:
            st.markdown("The formula with this list's numbers, each term's value, the total:")
        else:
            _symbols(
                dcg_symbols, seen, "The formula, then the same formula with this list's numbers:"
            )
        st.latex(dcg_numbers)
        _charts(page, item, table)
        st.markdown("**Position by position: the table behind the charts**")
        st.table(_running_table(item, table).set_index("Position"))

        st.markdown("### The ideal order and IDCG")
        ideal_rows = table[table["ideal_relevance"].notna()]
        if item.ranked.pool:
            st.markdown(
                "Sort every judged item by relevance, highest first, those the system never "
                "retrieved included, and score that order:"
            )
        else:
            st.markdown("Sort the same items by relevance, highest first, and score that order:")
        if labels is None:
            ideal_table = _list_table(
                ideal_rows["ideal_relevance"], _origin(ideal_rows["ideal_label"]), "Ranked at"
            )
        else:
            names = _ideal_names(item, ideal_rows["ideal_relevance"], ideal_rows["ideal_label"])
            ideal_table = _list_table(ideal_rows["ideal_relevance"], names)
        st.table(ideal_table, width="content")
        if k is not None and k < len(ideal_rows):
            st.caption(f"Only the first k = {k} places of the ideal order count.")
        _symbols(idcg_symbols, seen)
        st.latex(idcg_numbers)
        if "slip" not in seen and _ideal_top_k_slip(item, result):
            seen.add("slip")

        st.markdown("### NDCG: the ratio")
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
        st.success(f"**What to notice.** {plain(item.notice)}", icon="👀")


def _worked_example(page: str, item: Example, seen: set[str]) -> None:
    """A further example, whole, for the second reading. It is drawn inside a fold, so nothing
    in it folds again; its heading's anchor is the example's id (links to it land here)."""
    st.header(item.title, anchor=item.id, divider="gray")
    _source_line(item)
    _example_list(item)
    _example_numbers(page, item, seen)
    _notice(item)
    _playground_button(item)


# ---------------------------------------------------------------------------- comparisons


def _comparison(
    page: str, first_id: str, second_id: str, title: str, names: tuple[str, str]
) -> None:
    st.header(f"Side by side: {title}", divider="gray")
    _comparison_body(page, example(first_id), example(second_id), names)


def _comparison_body(page: str, first: Example, second: Example, names: tuple[str, str]) -> None:
    totals = compare_totals(first, second, names)
    cols = st.columns(2)
    for col, item, name in zip(cols, (first, second), names):
        with col:
            st.markdown(f"**{name}**")
            table = item.table()
            st.table(_running_table(item, table).set_index("Position"))
            charts.show(
                charts.contribution_chart(table, item.ranked.k), key=f"{page}_{item.id}_compare"
            )
    st.caption("Same items, two orders: the bars show where each order earns, or loses, its DCG.")
    st.table(_totals_table(totals), width="content")
    change = totals.loc["NDCG", "change"]
    st.markdown(
        f"NDCG{_cut(first)} goes from **{fixed(totals.loc['NDCG', names[0]])}** to "
        f"**{fixed(totals.loc['NDCG', names[1]])}** ({signed(change)}); CG "
        f"{'does not move' if totals.loc['CG', 'change'] == 0 else 'changes too'}."
    )


def _russian_summary() -> None:
    st.header("The three examples side by side", divider="gray")
    rows = []
    for item in by_family("russian"):
        totals = item.totals()
        printed = next((p.printed for p in item.printed if p.quantity == "NDCG"), "—")
        rows.append(
            {
                "Example": item.title,
                "Ranked": format_relevances(item.relevances),
                "Ideal": format_relevances(sorted(item.relevances, reverse=True)),
                "DCG": fixed(totals["DCG"]),
                "IDCG": fixed(totals["IDCG"]),
                "NDCG": fixed(totals["NDCG"]),
                "NDCG printed": printed,
            }
        )
    st.table(pd.DataFrame(rows).set_index("Example"))
    st.caption(
        "The three lists differ in length and in grades, so this table compares three "
        "lists, not three positions of one swap: the swap table of the first example does "
        "that."
    )


def _swap_costs(item: Example, *, lists: bool = True) -> pd.DataFrame:
    """Every neighbour swap of the lead example's ideal order and what each costs: the answer
    to the Russian page's question. The core's table leaves out the lists after each swap
    (`lists=False`); the step-by-step fold shows them."""
    ideal = sorted(item.relevances, reverse=True)
    swaps = swaps_within(tuple(ideal))
    columns = {"Swap positions": swaps["swap"]}
    if lists:
        columns["Ranked after the swap"] = [format_relevances(r) for r in swaps["ranked"]]
    columns["NDCG"] = [fixed(v) for v in swaps["ndcg"]]
    columns["Cost (1 − NDCG)"] = [fixed(v) for v in swaps["cost"]]
    st.table(pd.DataFrame(columns).set_index("Swap positions"), width="content")
    return swaps


def _gain_comparison(item: Example) -> None:
    linear = item.variant(gain="linear")
    st.markdown("### Linear gain against 2^rel − 1")
    linear_table, exponential_table = linear.table(), item.table()
    n = len(item.relevances)
    st.table(
        pd.DataFrame(
            {
                "Relevance": [exact(r) for r in item.relevances],
                "Linear gain": [fixed(g) for g in linear_table["gain"][:n]],
                "Gain 2^rel − 1": [fixed(g) for g in exponential_table["gain"][:n]],
            },
            index=_labels(item) or range(1, n + 1),
        ).T.rename_axis("Item" if item.named else "Position"),
        width="content",
    )
    totals = compare_totals(linear, item, ("linear gain", "gain 2^rel − 1"))
    st.table(_totals_table(totals), width="content")
    same = totals.loc["NDCG", "change"] == 0 and totals.loc["DCG", "change"] == 0
    if same:
        st.markdown(
            "The two columns agree to the last digit: with relevance 0 or 1 each item earns the "
            "same under both gains, so every total is the same."
        )
    else:
        st.markdown(
            f"NDCG{_cut(item)} is **{fixed(totals.loc['NDCG', 'linear gain'])}** with the linear "
            f"gain and **{fixed(totals.loc['NDCG', 'gain 2^rel − 1'])}** with 2^rel − 1 "
            f"({signed(totals.loc['NDCG', 'change'])}), both with the discount "
            "1/log₂(i+1)."
        )


def _gain_scale() -> None:
    grades = np.arange(0, 5, dtype=float)
    st.markdown("### The two gains, grade by grade")
    st.table(
        pd.DataFrame(
            {
                "Grade": [exact(g) for g in grades],
                "Linear: rel": [exact(g) for g in gains(grades, "linear")],
                "Exponential: 2^rel − 1": [exact(g) for g in gains(grades, "exponential")],
            }
        )
        .set_index("Grade")
        .T.rename_axis("Grade"),
        width="content",
    )
    st.caption(
        "For grades 0 and 1 the two rows agree; from grade 2 on the exponential one pulls away."
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
                "Convention": rule.short,
                "NDCG of the all-zero list": "NaN (left out)"
                if math.isnan(value)
                else fixed(value),
                f"Mean over two queries: this list and {partner}": means[-1],
                "Used by": rule.used_by,
                "The idea": rule.description,
            }
        )
    return pd.DataFrame(rows).set_index("Convention"), means


def _zero_conventions(item: Example) -> None:
    st.markdown("### 0 / 0: three conventions")
    st.markdown(
        "The formula cannot decide this case, so each library decides it. Three choices are in "
        "use; each value below is what the core returns for this list with that choice."
    )
    table, means = _zero_rows(item)
    st.table(table)
    other = example(ZERO_PARTNER)
    st.markdown(
        "For this query alone the convention is the score itself: 0, 1, or no score at all, "
        "and it decides whether the query counts as a win or a loss when two systems are "
        f"compared query by query. In a mean it moves the result: next to a query that scores "
        f"{fixed(other.totals()['NDCG'])}, the all-zero list pulls the mean down to {means[0]}, "
        f"lifts it to {means[1]}, or leaves it alone at {means[2]}. Compare two systems only "
        "when both use the same convention."
    )


# ---------------------------------------------------------------------------------- the page


def _sources(items: tuple[Example, ...]) -> None:
    keys = list(dict.fromkeys(item.source for item in items))
    lines = "\n".join(f"- {source_markdown(SOURCES[key])}" for key in keys)
    st.caption(f"The examples come from:\n{lines}")


def _number_rule() -> None:
    st.caption(
        f"Numbers: every value computed here is rounded to {DIGITS} decimal places; a figure "
        "quoted from a source appears as the source printed it. Only the “Checking the "
        f"source” sections give exact values to {AUDIT_DIGITS} places, enough to show how a "
        "source rounded."
    )


def _picture(page: str, item: Example, name: str | None = None) -> None:
    """The lead list against its ideal, on a read-only ranking board."""
    predict.picture(f"{page}_{item.id}", item.ranked, name=name)


def _reveal(page: str, family: str, item: Example, question) -> None:
    """The answer, in the reveal's one order: the claim, the picture (the list against its
    ideal), one line of the sum, then what the question compared; every term follows, folded
    (`_step_by_step`)."""
    result = item.scored()
    predict.claim(FAMILIES[family].claim)
    if family == "continuous":  # two orders of the same items: both pictures, side by side
        other = example("continuous-daecb")
        names = tuple(case.name for case in question.cases)
        for column, shown, name in zip(st.columns(2, gap="large"), (item, other), names):
            with column:
                _picture(page, shown, name)
        st.table(_totals_table(compare_totals(item, other, names)), width="content")
    else:
        _picture(page, item)
        predict.sum_line(result)
    if family in ("binary", "graded", "gain"):
        # What the question compared it with: the other lists, scored.
        st.markdown(
            " ".join(
                f"{plain(case.name)}: NDCG{case.ranked.at} = {fixed(case.score())}."
                for case in question.cases
                if case.ranked != item.ranked
            )
        )
    if family == "russian":
        ideal = format_relevances(sorted(item.relevances, reverse=True))
        st.markdown(
            f"The list is its ideal order, {ideal}, turned upside down: the worst order these "
            f"items can have, and still {fixed(result.ndcg)}."
        )
    if family == "zero":
        table, _ = _zero_rows(item)
        # The core's copy: the score, the mean and who uses it, under headings a phone can fit.
        partner = format_relevances(example(ZERO_PARTNER).relevances)
        short = {table.columns[0]: "This list", table.columns[1]: f"Mean with the query {partner}"}
        st.table(table.iloc[:, :3].rename(columns=short), width="content")


def _core(page: str, family: str, item: Example, seen: set[str]) -> bool:
    """The lesson a learner reads first: the lead example's list and the formulas in symbols, a
    question on it, and once it is answered (or skipped) the reveal. Returns whether the answer
    is shown."""
    st.header(item.title, divider="gray", anchor=item.id)
    st.caption(f"From {source_title(SOURCES[item.source])}")
    _list(item)
    dcg_symbols, _, ndcg_symbols = formulas(item.ranked)
    _symbols(dcg_symbols, seen)
    _symbols(ndcg_symbols, seen)
    st.caption(IDCG_WORDS + (f" {POOL_WORDS}" if item.ranked.pool else ""))
    question = walkthrough_question(family)
    guess = predict.ask(question, key=question_key(family))
    shown = predict.revealed(guess)
    if not shown:
        st.caption("Answer first, or press “Just show me”: the picture and the sums follow.")
    else:
        _reveal(page, family, item, question)
        _step_by_step(page, item, seen)
    _playground_button(item)
    return shown


def _sources_and_rounding(items: tuple[Example, ...]) -> None:
    st.header("Where the examples come from, and how numbers are rounded", divider="gray")
    _sources(items)
    _number_rule()


def _step_by_step(page: str, item: Example, seen: set[str]) -> None:
    """The lead example for a second reading, what a learner needs to redo it: its source,
    every term's value, the charts, the ideal order and IDCG, the ratio, and what to notice."""
    # What the fold holds beyond the sums, when the family has it.
    extra = {"gain": ", the two gains compared", "zero": ", the conventions explained"}.get(
        item.family, ""
    )
    with st.expander(f"📚 Step by step: each term, the ideal order{extra}"):
        _source_line(item)
        st.markdown(plain(item.shows))
        _example_numbers(page, item, seen)
        if item.family == "gain":
            _gain_scale()
        _notice(item)


def _more_label(family: str, others: int) -> str:
    what = "1 more example" if others == 1 else f"{others} more examples"
    if FAMILIES[family].comparisons or family == "russian":
        what += ", side by side"
    return f"📚 {what}"


def _more_examples(page: str, family: str, items: tuple[Example, ...], seen: set[str]) -> None:
    """Every other example of the family, whole, with the comparisons where both of their
    examples have been shown: one fold, so the core ends with few labels to read."""
    if len(items) < 2:
        return
    with st.expander(_more_label(family, len(items) - 1)):
        for number, item in enumerate(items, start=1):
            if number > 1:
                _worked_example(page, item, seen)
                if item.id == SWAPS_OF:
                    st.markdown("### Every neighbour swap of the ideal order")
                    _swap_costs(item)
            for first_id, second_id, title, names in FAMILIES[family].comparisons:
                if item.id in (first_id, second_id) and {first_id, second_id} <= {
                    other.id for other in items[:number]
                }:
                    _comparison(page, first_id, second_id, title, names)
        if family == "russian":
            _russian_summary()


def _for_teachers(items: tuple[Example, ...]) -> None:
    """Every example's source check, kept apart from the lesson: what each source printed
    beside the exact value, its slips and the readings they allow, then where the examples
    come from and how numbers are rounded."""
    with st.expander("🧑‍🏫 For teachers: checking the sources"):
        st.caption(
            "Each source's printed figures beside the exact values, its slips, and both "
            "readings where a source contradicts itself: for preparing a class, not needed to "
            "follow the lesson."
        )
        for item in items:
            _checking_the_source(item)
        _sources_and_rounding(items)


def render(family: str) -> None:
    """Draw the walkthrough page of one example family: the core (the idea, a question on the
    lead example, the reveal), then everything for a second reading, folded, and the source
    checks for teachers."""
    if family not in FAMILIES:
        raise ValueError(f"No walkthrough family {family!r}; known: {', '.join(FAMILIES)}.")
    page = f"learn_{family}"
    items = lesson_order(family)
    st.title(FAMILIES[family].title)
    st.markdown(FAMILIES[family].intro)
    seen: set[str] = set()
    _core(page, family, items[0], seen)
    _more_examples(page, family, items, seen)
    _for_teachers(items)
