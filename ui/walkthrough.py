"""The walkthrough pages: every worked example of the source documents, rebuilt step by step.

One call, `render(family)`, draws a whole page. Each example reads top to bottom like a short
article: what it shows and where it came from, the list, the formula, the same formula with the
numbers in, the running total, the ideal order and IDCG, the ratio, what to notice, every figure
the source printed beside the exact one, and the source's slips with both readings. Every number
comes from `ndcg_core`; this module only lays them out.
"""

from __future__ import annotations

import math

import numpy as np
import pandas as pd
import streamlit as st

from ndcg_core import batch_ndcg, gains, ndcg
from ndcg_core.display import exact, fixed, signed
from ndcg_core.examples import (
    CG_ONLY,
    FAMILIES,
    SOURCES,
    Example,
    by_family,
    compare_totals,
    example,
)
from ndcg_core.latex import cg_filled, cg_formula, formulas, worked
from ndcg_core.options import ON_ZERO
from ui import charts, menu, urlparams
from ui.text import plain


def _fmt(value: float, digits: int = 4) -> str:
    return fixed(value, digits)


def _cut(item: Example) -> str:
    return item.ranked.at


def _labels(item: Example) -> list[str] | None:
    """The items' names, or None when the source does not name them."""
    return list(item.ranked.labels) if item.named else None


def _origin(labels) -> list[str]:
    """Ideal-side names of unnamed items (D3) read as the position they were ranked at (3)."""
    return [str(label).removeprefix("D") for label in labels]


# ------------------------------------------------------------------------------------- pieces


def _source_line(item: Example) -> None:
    source = SOURCES[item.source]
    st.caption(
        f"Source {item.source}: {source['title']} · written in {source['language']} · "
        f"file {source['file']}"
    )
    if source["language"] != "English":
        st.caption(
            f"This example comes from a {source['language']} note; its item names and section "
            f"titles are kept as the note has them."
        )


def _list_table(relevances, labels=None, label_name: str = "Item") -> pd.DataFrame:
    rows = {}
    if labels is not None:
        rows[label_name] = list(labels)
    rows["Relevance"] = [exact(r) for r in relevances]
    positions = [str(i) for i in range(1, len(rows["Relevance"]) + 1)]
    return pd.DataFrame(rows, index=positions).T.rename_axis("Position")


def playground_url(item: Example) -> str:
    """The playground link that loads this example with every setting: list, labels, k, gain,
    discount, base and pool."""
    return urlparams.link("playground", item.ranked)


def _playground_button(page: str, item: Example) -> None:
    # A link between pages: same tab, presenter view kept (menu.page_link).
    menu.page_link(
        "playground",
        params=urlparams.list_params(item.ranked),
        label="🎛️ Open in playground",
        help="Loads this list, with its k, gain and discount, into the playground to play with.",
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
        out["Gain"] = [_fmt(v) for v in rows[f"{prefix}gain"]]
    out["Divided by"] = [_fmt(v) for v in rows["denominator"]]
    out["Term"] = [_fmt(v) for v in rows[f"{prefix}contribution"]]
    out[total] = [
        _fmt(v) if inside else "— (below k)"
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
                # Six places, so a value like 2.58496 never shows as a misleading 2.585.
                "Exact": _fmt(value, max(6, printed.decimals + 2)),
                "Verdict": verdict,
            }
        )
    return pd.DataFrame(rows)


def _totals_table(totals: pd.DataFrame) -> pd.DataFrame:
    shown = totals.copy().astype(object)
    for column in shown.columns:
        formatter = signed if column == "change" else _fmt
        shown[column] = [formatter(v) for v in totals[column]]
    return shown.rename_axis("Quantity").rename(columns={"change": "Change"})


def _metrics(result) -> None:
    cols = st.columns(3)
    cols[0].metric(result.name("DCG"), _fmt(result.dcg))
    cols[1].metric(result.name("IDCG"), _fmt(result.idcg))
    cols[2].metric(result.name("NDCG"), _fmt(result.ndcg))


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


def _erratum_boxes(item: Example) -> None:
    if not item.errata:
        return
    st.markdown("### Where the source slips")
    for erratum in item.errata:
        st.info(f"**{plain(erratum.title)}**\n\n{plain(erratum.text)}", icon="📝")
        if erratum.reading:
            other = item.with_reading(erratum)
            ours = "as this walkthrough reads it"
            totals = compare_totals(item, other, (ours, erratum.reading_name))
            st.markdown(f"Both readings, computed (at k = {item.ranked.k}):")
            st.table(_totals_table(totals), width="content")
            settings = ", ".join(f"{key} = {value}" for key, value in erratum.reading.items())
            st.caption(f"The other reading changes: {settings}.")
            with st.expander(f"The other reading term by term: {erratum.reading_name}"):
                st.latex(formulas(other.ranked)[0])
                for formula in worked(other.scored()):
                    st.latex(formula)


# ------------------------------------------------------------------------------ one example


def render_example(page: str, item: Example, number: int) -> None:
    """One worked example, in reading order."""
    st.header(f"{number}. {item.title}", divider="gray", anchor=item.id)
    _source_line(item)

    st.markdown("### What it shows")
    st.markdown(plain(item.shows))

    result = item.scored()
    table = result.table
    labels = _labels(item)
    k = item.ranked.k

    st.markdown("### The list, top first")
    st.table(_list_table(item.relevances, labels), width="content")
    if k is not None and k < item.ranked.n:
        st.caption(f"Only the top k = {k} positions count.")

    cg_printed = any(p.quantity == "CG" for p in item.printed)
    if cg_printed or item.id in CG_ONLY:
        st.markdown("### Cumulative gain: add up, ignore the order")
        st.latex(cg_formula())
        st.latex(cg_filled(list(item.relevances), k))

    if item.id not in CG_ONLY:
        dcg_symbols, idcg_symbols, ndcg_symbols = formulas(item.ranked)
        dcg_numbers, idcg_numbers, ndcg_numbers = worked(result)
        st.markdown("### The formula")
        st.latex(dcg_symbols)
        st.markdown("### Each term with its numbers")
        st.latex(dcg_numbers)

        st.markdown("### The running total")
        st.table(_running_table(item, table).set_index("Position"))
        _charts(page, item, table)

        st.markdown("### The ideal order and IDCG")
        ideal_rows = table[table["ideal_relevance"].notna()]
        st.markdown("Sort the same items by relevance, highest first, and score that order:")
        if labels is None:
            ideal_table = _list_table(
                ideal_rows["ideal_relevance"], _origin(ideal_rows["ideal_label"]), "Ranked at"
            )
        else:
            ideal_table = _list_table(ideal_rows["ideal_relevance"], ideal_rows["ideal_label"])
        st.table(ideal_table, width="content")
        st.latex(idcg_symbols)
        st.latex(idcg_numbers)

        st.markdown("### The ratio: NDCG")
        st.latex(ndcg_symbols)
        st.latex(ndcg_numbers)
        _metrics(result)

    if item.family == "gain":
        _gain_comparison(item)
    if item.family == "zero":
        _zero_conventions(item)

    if item.notice:
        st.success(f"**What to notice.** {plain(item.notice)}", icon="👀")

    if item.printed:
        st.markdown("### What the source printed, beside the exact value")
        st.table(_printed_table(item).set_index("Quantity"))
    else:
        st.caption("The source prints no number for this one: everything above is computed here.")

    _erratum_boxes(item)
    _playground_button(page, item)


# ---------------------------------------------------------------------------- comparisons


def _comparison(
    page: str, first_id: str, second_id: str, title: str, names: tuple[str, str]
) -> None:
    first, second = example(first_id), example(second_id)
    st.header(f"Side by side: {title}", divider="gray")
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
        f"NDCG{_cut(first)} goes from **{_fmt(totals.loc['NDCG', names[0]])}** to "
        f"**{_fmt(totals.loc['NDCG', names[1]])}** ({signed(change)}); CG "
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
                "Ranked": ", ".join(exact(r) for r in item.relevances),
                "Ideal": ", ".join(exact(r) for r in sorted(item.relevances, reverse=True)),
                "DCG": _fmt(totals["DCG"]),
                "IDCG": _fmt(totals["IDCG"]),
                "NDCG": _fmt(totals["NDCG"]),
                "NDCG printed": printed,
            }
        )
    st.table(pd.DataFrame(rows).set_index("Example"))
    st.caption(
        "A swap at the very top (example 1) costs more than the same kind of swap lower down "
        "(example 3); the reversed list of example 2 loses most, yet still scores 0.92 because "
        "every item in it is highly relevant."
    )


def _gain_comparison(item: Example) -> None:
    linear = item.variant(gain="linear")
    st.markdown("### Linear gain against 2^rel − 1")
    linear_table, exponential_table = linear.table(), item.table()
    n = len(item.relevances)
    st.table(
        pd.DataFrame(
            {
                "Relevance": [exact(r) for r in item.relevances],
                "Linear gain": [_fmt(g) for g in linear_table["gain"][:n]],
                "Gain 2^rel − 1": [_fmt(g) for g in exponential_table["gain"][:n]],
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
            f"NDCG{_cut(item)} is **{_fmt(totals.loc['NDCG', 'linear gain'])}** with the linear "
            f"gain and **{_fmt(totals.loc['NDCG', 'gain 2^rel − 1'])}** with 2^rel − 1 "
            f"({signed(totals.loc['NDCG', 'change'])})."
        )


def _gain_scale() -> None:
    grades = np.arange(0, 5, dtype=float)
    st.markdown("## The two gains, grade by grade")
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


def _zero_conventions(item: Example) -> None:
    st.markdown("### 0 / 0: three conventions")
    st.markdown(
        "The formula cannot decide this case, so each library decides it. Three choices are in "
        "use; each value below is what the core returns for this list with that choice."
    )
    other = example("graded-explainer")
    queries = ["all zero"] * len(item.relevances) + ["3, 2, 3, 0, 1"] * len(other.relevances)
    relevances = [*item.relevances, *other.relevances]
    rows, means = [], []
    for rule in ON_ZERO.values():
        value = ndcg(item.relevances, item.ranked.k, on_zero=rule.value)
        run = batch_ndcg(queries, relevances, on_zero=rule.value)
        means.append(_fmt(run.mean))
        rows.append(
            {
                "Convention": rule.short,
                "NDCG of the all-zero list": "NaN (left out)" if math.isnan(value) else _fmt(value),
                "Mean over two queries: this list and 3, 2, 3, 0, 1": means[-1],
                "Used by": rule.used_by,
                "The idea": rule.description,
            }
        )
    st.table(pd.DataFrame(rows).set_index("Convention"))
    st.markdown(
        f"For one list the choice is only a label. In an average it matters: next to a query "
        f"that scores {_fmt(other.totals()['NDCG'])}, the all-zero list pulls the mean down to "
        f"{means[0]}, lifts it to {means[1]}, or leaves it alone at {means[2]}. Compare two "
        f"systems only when both use the same convention."
    )


# ---------------------------------------------------------------------------------- the page


def render(family: str) -> None:
    """Draw the walkthrough page of one example family."""
    if family not in FAMILIES:
        raise ValueError(f"No walkthrough family {family!r}; known: {', '.join(FAMILIES)}.")
    page = f"learn_{family}"
    items = by_family(family)
    st.title(FAMILIES[family].title)
    st.markdown(FAMILIES[family].intro)
    sources = sorted({item.source for item in items})
    st.caption(
        "Examples from: " + "; ".join(f"{code} · {SOURCES[code]['title']}" for code in sources)
    )
    st.markdown(
        "**In this walkthrough:**\n"
        + "\n".join(
            f"{n}. [{plain(item.title)}](#{item.id})" for n, item in enumerate(items, start=1)
        )
    )
    if family == "gain":
        _gain_scale()
    for number, item in enumerate(items, start=1):
        render_example(page, item, number)
    for first_id, second_id, title, names in FAMILIES[family].comparisons:
        _comparison(page, first_id, second_id, title, names)
    if family == "russian":
        _russian_summary()
