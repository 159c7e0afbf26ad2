"""Why libraries disagree: one query scored the way each library does it, and why they differ."""

from __future__ import annotations

from dataclasses import replace

import pandas as pd
import plotly.graph_objects as go
import streamlit as st

from ndcg_core import latex
from ndcg_core.conventions import (
    CAUSES,
    GALLERY,
    GALLERY_BY_KEY,
    PIP_NAMES,
    PRESETS,
    PRESETS_BY_KEY,
    evaluate,
    gallery_table,
    make_query,
    ranking_order,
    snippet,
    tie_breaking,
    tie_groups,
    verdict_table,
)
from ndcg_core.parsing import format_number, format_relevances, parse_relevances, parse_scores
from ui import list_input
from ui.text import plain
from ui.urlstate import ListState, default_labels, query_string, ranking_params, read_ranking_params

PAGE = "libraries"
MAX_K = 1000
GROUP_COLOURS = ("#E69F00", "#56B4E9", "#009E73", "#CC79A7", "#0072B2", "#D55E00")


@st.cache_data(show_spinner=False)
def _gallery() -> object:
    return gallery_table()


def _show_case(case_key: str) -> None:
    """Gallery button: load the case into the inputs (text box, scores, ids, k, pool)."""
    case = GALLERY_BY_KEY[case_key]
    n = len(case.relevances)
    list_input.put(
        PAGE,
        ListState(values=case.relevances, labels=default_labels(n), k=case.k, pool=case.pool),
    )
    st.session_state[f"{PAGE}_scores"] = format_relevances(case.scores) if case.scores else ""
    st.session_state[f"{PAGE}_ids"] = ", ".join(case.ids) if case.ids else ""
    st.session_state[f"{PAGE}_case"] = case_key


st.title("⚖️ Why libraries disagree")
st.write(
    "Give one ranked list and every library below scores it its own way. Where two numbers "
    "differ, the table names the reason: the gain, where the ideal ranking comes from and "
    "where it is cut, the discount, how tied scores are ordered, what a list with nothing "
    "relevant scores, or which labels the library accepts at all."
)

problems = list_input.start(PAGE, allow_negative=True, k_beyond=True)
if f"{PAGE}_scores" not in st.session_state:
    first = list_input.get(PAGE)
    url_scores, url_ids, more = read_ranking_params(st.query_params.to_dict(), len(first.values))
    st.session_state[f"{PAGE}_scores"] = format_relevances(url_scores) if url_scores else ""
    st.session_state[f"{PAGE}_ids"] = ", ".join(url_ids) if url_ids else ""
    problems = problems + more
for problem in problems:
    st.warning(plain(problem), icon="🔗")

# --- Inputs -------------------------------------------------------------------------------------
left, right = st.columns([3, 2])
with left:
    state = list_input.text_box(
        PAGE,
        label="Relevance labels, in the order the system returned them",
        allow_negative=True,
    )
    n = len(state.values)
    st.text_input(
        "Scores (optional, one per item)",
        key=f"{PAGE}_scores",
        placeholder="e.g. 0.9, 0.9, 0.7, 0.4 — equal scores make ties",
        help="The system's scores. Libraries rank by score, so equal scores create ties. "
        "Without scores the list order is the ranking.",
    )
    st.text_input(
        "Document ids (optional, one per item)",
        key=f"{PAGE}_ids",
        placeholder="e.g. d7, d2, d9, d4",
        help="trec_eval breaks ties by document id, descending. Without ids the items are "
        "called by their labels (D1, D2, …).",
    )
with right:
    st.text_input(
        "Judged but never retrieved (optional)",
        key=f"{PAGE}_pool",
        placeholder="e.g. 3, 2",
        help="Relevance labels of items judged for this query that the system did not "
        "return. trec_eval and ranx put them in the ideal ranking; most libraries never "
        "see them.",
    )
    pool = state.pool
    typed_pool = st.session_state[f"{PAGE}_pool"].strip()
    if not typed_pool:
        pool = ()
    else:
        try:
            pool = parse_relevances(typed_pool, max_items=list_input.MAX_TYPED_ITEMS).values
        except ValueError as error:
            st.error(
                plain(f"Judged but never retrieved: {error} The last pool read is used."), icon="✋"
            )
    longest = min(MAX_K, max(n + len(pool), state.k or 0) + 10)
    k_options = ["all", *range(1, longest + 1)]
    if st.session_state.get(f"{PAGE}_k") not in k_options:
        st.session_state[f"{PAGE}_k"] = "all"
    k_choice = st.selectbox(
        "Cut-off k",
        k_options,
        key=f"{PAGE}_k",
        format_func=lambda v: "no cut-off (whole list)" if v == "all" else f"k = {v}",
        help="k may be larger than the list: see how each library handles it.",
    )
state = replace(state, k=None if k_choice == "all" else int(k_choice), pool=pool)

scores = None
typed_scores = st.session_state[f"{PAGE}_scores"].strip()
if typed_scores:
    try:
        read = parse_scores(typed_scores, max_items=list_input.MAX_TYPED_ITEMS)
        if len(read) == n:
            scores = read
        else:
            st.error(
                f"Scores: {len(read)} scores for {n} items — give one score per item. Until "
                f"then the list order is the ranking.",
                icon="✋",
            )
    except ValueError as error:
        st.error(plain(f"Scores: {error} Until then the list order is the ranking."), icon="✋")
ids = None
typed_ids = st.session_state[f"{PAGE}_ids"].strip()
if typed_ids:
    names = tuple(name.strip() for name in typed_ids.split(","))
    if len(names) != n:
        st.error(
            f"Ids: {len(names)} ids for {n} items — give one id per item, separated by commas. "
            f"Until then the labels {plain(', '.join(state.labels[:3]))}, … are the ids.",
            icon="✋",
        )
    elif len(set(names)) != n or not all(names):
        st.error("Ids: every id must be non-empty and different from the others.", icon="✋")
    else:
        ids = names

has_negative = min(state.values) < 0
list_input.publish(PAGE, state, share=not has_negative)
wanted = ranking_params(scores, ids)
for key in ("scores", "ids"):
    if key in wanted and st.query_params.get(key) != wanted[key]:
        st.query_params[key] = wanted[key]
    elif key not in wanted and key in st.query_params:
        del st.query_params[key]

query = make_query(
    state.values,
    state.k,
    scores=scores,
    ids=ids if ids is not None else state.labels,
    pool=state.pool,
)
verdicts = evaluate(query)

playground = f"/playground?{query_string(state)}"
note = " (the playground refuses negative labels)" if has_negative else ""
st.markdown(f"[Open this list in the playground]({playground}){note}")

# --- Results ------------------------------------------------------------------------------------
st.header("Every library on this query")
case_key = st.session_state.get(f"{PAGE}_case")
if case_key and GALLERY_BY_KEY[case_key].query() == query:
    st.info(f"**{GALLERY_BY_KEY[case_key].title}.** {GALLERY_BY_KEY[case_key].notice}", icon="🔎")

by_key = {v.preset.key: v for v in verdicts}
numbers = [v.value for v in verdicts if v.kind != "refused"]
refusals = sum(v.kind == "refused" for v in verdicts)
first_metric, second_metric, third_metric = st.columns(3)
for column, key in ((first_metric, "sklearn"), (second_metric, "trec_ndcg_cut")):
    shown = by_key[key]
    column.metric(
        f"{shown.preset.library} {shown.metric}",
        "refuses" if shown.kind == "refused" else f"{shown.value:.4f}",
    )
third_metric.metric(
    "Spread across libraries",
    f"{max(numbers) - min(numbers):.4f}" if numbers else "—",
    help="Highest minus lowest number among the libraries that give one.",
)
if refusals:
    third_metric.caption(f"{refusals} of {len(verdicts)} rows refuse this input.")

table = verdict_table(verdicts)


def _row_style(row) -> list[str]:
    if row["verdict"] == "refuses":
        return ["background-color: rgba(213, 94, 0, 0.18)"] * len(row)
    if row["verdict"].endswith("⚠"):
        return ["background-color: rgba(230, 159, 0, 0.20)"] * len(row)
    return [""] * len(row)


def _cause_style(value: str) -> str:
    # Okabe–Ito vermillion darkened for text: #D55E00 reaches only 3.1:1 on the tinted rows.
    return "font-weight: bold; color: #A33F00" if value else ""


styled = (
    table.style.apply(_row_style, axis=1)
    .map(_cause_style, subset=["differs by"])
    .format({"value": lambda v: "—" if v != v else f"{v:.6f}"})
    .hide(axis="index")
)
# A static table, not a grid: every word of the explanations stays readable when projected.
st.table(styled)
st.caption(
    "Notice the “differs by” column: each row is compared with the first (scikit-learn), and "
    "only the points that change this query's number are named. “refuses” rows show the "
    "library's own error; ⚠ marks a number the library reached after changing your labels "
    "without a warning."
)
counts = {cause: sum(cause in v.causes for v in verdicts) for cause in CAUSES}
active = [f"{CAUSES[c]} ({count})" for c, count in counts.items() if count]
if active:
    st.markdown("**What moves the number here:** " + ", ".join(active) + " rows.")
else:
    st.markdown(
        "**Every library agrees on this query.** Try the gallery below for cases where they do not."
    )

with st.expander("The formulas behind the rows"):
    st.latex(latex.ndcg_formula())
    st.markdown("Linear gain (scikit-learn, trec_eval, ranx `ndcg`, torchmetrics):")
    st.latex(latex.dcg_formula("linear", "log2"))
    st.markdown("Exponential gain (LightGBM, XGBoost, TF-Ranking, ranx `ndcg_burges`):")
    st.latex(latex.dcg_formula("exponential", "log2"))
    st.markdown("Järvelin–Kekäläinen (2002), b = 2:")
    st.latex(latex.dcg_formula("linear", "jarvelin"))

# --- Gallery -------------------------------------------------------------------------------------
st.header("Edge-case gallery")
st.write("One click loads a case into the inputs above; the table below gives every verdict.")
columns = st.columns(4)
for i, case in enumerate(GALLERY):
    columns[i % 4].button(
        case.title,
        key=f"{PAGE}_gallery_{case.key}",
        on_click=_show_case,
        args=(case.key,),
        width="stretch",
    )
gallery = _gallery()
st.dataframe(
    gallery, width="stretch", height=(len(gallery) + 1) * 35 + 3, key=f"{PAGE}_gallery_table"
)
st.caption(
    "Notice how few rows survive every case: “refuses” is the library's error, ⚠ a silent "
    "change of labels, and a range is TF-Ranking's random tie-breaking."
)

# --- Ties ----------------------------------------------------------------------------------------
st.header("Tie visualiser")
groups = tie_groups(query.scores)
order = ranking_order(query.scores, query.ids, "keep")
group_of = {i: chr(ord("A") + g) for g, members in enumerate(groups) for i in members}
ranked_rows = {
    "rank (input order among ties)": list(range(1, n + 1)),
    "id": [query.ids[i] for i in order],
    "score": [format_number(query.scores[i]) for i in order],
    "relevance": [format_number(query.relevances[i]) for i in order],
    "tie group": [group_of.get(int(i), "") for i in order],
}
ranked = pd.DataFrame(ranked_rows)


def _group_style(row) -> list[str]:
    if not row["tie group"]:
        return [""] * len(row)
    colour = GROUP_COLOURS[(ord(row["tie group"]) - ord("A")) % len(GROUP_COLOURS)]
    return [f"background-color: {colour}40"] * len(row)


if not groups:
    st.info(
        "No two scores are equal here, so every tie rule ranks the items the same way. Type "
        "scores with repeats (e.g. 0.8, 0.8, 0.5, 0.5) or pick “Tied scores” in the gallery.",
        icon="🟰",
    )
st.dataframe(ranked.style.apply(_group_style, axis=1), hide_index=True, key=f"{PAGE}_ranked")
if groups:
    st.caption(
        "Items sharing a letter in “tie group” have equal scores: their order is up to the library."
    )
    if min(query.relevances) < 0:
        st.warning("The tie visualiser needs labels ≥ 0; this list has a negative one.", icon="✋")
    else:
        ties = tie_breaking(query)
        st.dataframe(
            ties.drop(columns="short"),
            hide_index=True,
            width="stretch",
            column_config={"ndcg": st.column_config.NumberColumn("NDCG", format="%.6f")},
            key=f"{PAGE}_ties",
        )
        fig = go.Figure()
        fixed = ties.iloc[:4]
        fig.add_trace(
            go.Scatter(
                x=fixed["ndcg"],
                y=fixed["short"],
                mode="markers+text",
                text=[f"{v:.4f}" for v in fixed["ndcg"]],
                textposition="top center",
                marker={
                    "size": 13,
                    "color": ["#0072B2", "#E69F00", "#009E73", "#CC79A7"],
                    "symbol": ["diamond", "circle", "square", "triangle-up"],
                },
                hovertemplate="%{y}: %{x:.6f}<extra></extra>",
                showlegend=False,
            )
        )
        low, high = ties["ndcg"].iloc[4], ties["ndcg"].iloc[5]
        fig.add_trace(
            go.Scatter(
                x=[low, high],
                y=["random (TF-Ranking)"] * 2,
                mode="lines+markers+text",
                text=[f"{low:.4f}", f"{high:.4f}"],
                textposition="top center",
                line={"color": "#D55E00", "dash": "dot", "width": 3},
                marker={"size": 12, "symbol": "x", "color": "#D55E00"},
                hovertemplate="random order: %{x:.6f}<extra></extra>",
                showlegend=False,
            )
        )
        spread = max(high - low, 0.02)
        fig.update_layout(
            height=340,
            margin={"l": 10, "r": 30, "t": 30, "b": 40},
            xaxis={
                "title": "NDCG (linear gain, ideal from the list)",
                "range": [low - 0.15 * spread, high + 0.15 * spread],
            },
            yaxis={"autorange": "reversed"},
        )
        st.plotly_chart(fig, width="stretch", key=f"{PAGE}_ties_chart")
        st.caption(
            "What to notice: every rule lands on the dotted line between the worst and the best "
            "tie order; the averaged value (scikit-learn) is where a random shuffle (TF-Ranking) "
            "lands on average."
        )

# --- Reproduce -----------------------------------------------------------------------------------
st.header("Reproduce it yourself")
st.write(
    "Each program passes the items in the order above, with their scores and ids, so a "
    "library that breaks ties by input order or by id ranks them exactly as here."
)
labels = {p.key: p.title for p in PRESETS}
chosen = st.selectbox("Library", list(labels), format_func=labels.get, key=f"{PAGE}_snippet")
verdict = next(v for v in verdicts if v.preset.key == chosen)
preset = PRESETS_BY_KEY[chosen]
if PIP_NAMES[preset.library]:
    st.code(f"pip install {PIP_NAMES[preset.library]}", language="bash")
st.code(snippet(preset, query), language="python")
if verdict.kind == "refused":
    st.markdown(f"Expected: it raises `{verdict.message}`")
else:
    st.markdown(f"Expected output: `{verdict.value!r}`")
    st.latex(latex.dcg_formula(preset.gain, preset.discount))
    st.latex(latex.ndcg_filled(verdict.dcg, verdict.idcg, verdict.value, verdict.cut, n))
    st.caption(
        "The formula this library uses, then its DCG and ideal DCG for this query"
        + (" (DCG averaged over tie orders)." if preset.ties in ("average", "random") else ".")
    )
if preset.library == "TF-Ranking":
    st.caption(
        "TF-Ranking needs TensorFlow, which this app's tests do not install: this program "
        "follows TF-Ranking's source; the other programs are run by the tests."
    )
elif preset.library == "torchmetrics":
    st.caption("torchmetrics works in 32-bit floats: expect agreement to about 7 digits.")
st.caption(f"{preset.description} Source: {preset.reference}")
