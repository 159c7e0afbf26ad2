"""Many queries: evaluate a whole run, see the spread behind the mean, compare two runs."""

from __future__ import annotations

import hashlib
import time

import numpy as np
import pandas as pd
import plotly.graph_objects as go
import streamlit as st

from ndcg_core import DISCOUNTS, GAINS, runs
from ndcg_core.stats import TIE_TOLERANCE, bootstrap_ci, paired_randomization_test
from ui import queries_data, share
from ui.queries_data import SAMPLES, TREC_QRELS, Files, plain

PAGE = "queries"
BLUE, ORANGE, GREEN, VERMILLION, GREY = "#0072B2", "#E69F00", "#009E73", "#D55E00", "#888888"
ZERO_RULES = {
    "0": (0.0, "0 — count it as a miss (scikit-learn, trec_eval)"),
    "1": (1.0, "1 — count it as perfect (LightGBM, XGBoost)"),
    "skip": (float("nan"), "skip — leave it out of the mean"),
}
TIE_LABELS = {
    "docid": "by document id, descending (trec_eval)",
    "keep": "in file order (LightGBM, XGBoost)",
    "average": "average over tied orders (scikit-learn)",
}
IDEAL_LABELS = {
    "judgments": "all judged documents (trec_eval)",
    "run": "only the ranked documents (scikit-learn)",
}
MAX_LINK_ROWS = 500
MAX_PROBLEM_ROWS = 1000
CAP_MB = float(st.get_option("server.maxUploadSize"))


# Resources, not data: a 50 MB upload's frames are shared, never copied on each rerun.
@st.cache_resource(show_spinner=False, max_entries=6)
def _read(key: str, _files: Files, cap_mb: float):
    return queries_data.read_tables(_files, cap_mb)


@st.cache_resource(show_spinner=False, max_entries=6)
def _join(key: str, _files: Files, _tables):
    return queries_data.datasets(_files, _tables)


@st.cache_data(show_spinner=False, max_entries=64)
def _evaluate(_data: runs.Dataset, key: str, k, gain, discount, base, ideal, ties, on_zero):
    return runs.evaluate(
        _data,
        k,
        gain=gain,
        discount=discount,
        log_base=base,
        ideal=ideal,
        ties=ties,
        on_zero=on_zero,
    )


@st.cache_data(show_spinner=False, max_entries=64)
def _interval(values: np.ndarray):
    return bootstrap_ci(values, confidence=0.95, n_resamples=2000, seed=0)


@st.cache_data(show_spinner=False, max_entries=64)
def _paired(a: np.ndarray, b: np.ndarray):
    return paired_randomization_test(a, b, n_resamples=10_000, seed=0)


st.title("📊 Many queries")
st.markdown(
    "A system is usually summed up by one number, the **mean NDCG@k over its queries**. "
    "Load a run with its relevance judgments to see every query's value behind that mean, how "
    "sure the mean is, and how much it moves with the conventions."
)

# ---------------------------------------------------------------------------------------------
# Data
# ---------------------------------------------------------------------------------------------
st.subheader("1 · The data")
share.from_url(f"{PAGE}_source", "sample", share.one_of(list(SAMPLES)))
source = st.radio(
    "Where the run comes from",
    list(SAMPLES),
    format_func=SAMPLES.get,
    horizontal=True,
    key=f"{PAGE}_source",
)
# Tests (and nothing else) put (name, bytes) pairs here, since AppTest cannot upload files.
injected: dict = st.session_state.get(f"{PAGE}_files", {})
cap_text = f"Files up to {CAP_MB:g} MB each are accepted (the server's `maxUploadSize`)."
if source == "movies":
    files = queries_data.sample_files("movies")
    st.caption(
        "Ten friends, the movies two recommenders suggested, and how much each friend liked them "
        "(0–3). An empty score: a movie the friend rated that the recommender did not suggest."
    )
elif source == "trec":
    qrels_name = st.radio(
        "Judgments", list(TREC_QRELS), format_func=TREC_QRELS.get, key=f"{PAGE}_qrels"
    )
    files = queries_data.sample_files("trec", qrels_name)
    st.caption(
        "From trec_eval's test folder (v10.0): the values below match trec_eval's own output."
    )
elif source == "csv":
    st.markdown(
        "A CSV with a header line: `query_id, doc_id, relevance` and optionally `score` (higher "
        "first) or `rank` (1 first). Without either, rows are ranked in file order. A row with an "
        f"empty score is a judged document the system did not rank. {cap_text}"
    )
    cols = st.columns(2)
    first = cols[0].file_uploader("Run (CSV)", type=["csv", "txt"], key=f"{PAGE}_up_csv")
    second = cols[1].file_uploader(
        "Optional: a second run to compare (CSV)", type=["csv", "txt"], key=f"{PAGE}_up_csv2"
    )
    files = Files(
        "csv",
        run=(first.name, first.getvalue()) if first else injected.get("run"),
        second_run=(second.name, second.getvalue()) if second else injected.get("second_run"),
    )
else:
    st.markdown(
        "TREC format, whitespace-separated: qrels lines `query_id 0 doc_id relevance`, run lines "
        f"`query_id Q0 doc_id rank score run_name` (ranked by score; the rank column is ignored, as "
        f"in trec_eval). {cap_text}"
    )
    cols = st.columns(3)
    qrels_up = cols[0].file_uploader("Qrels", key=f"{PAGE}_up_qrels")
    run_up = cols[1].file_uploader("Run", key=f"{PAGE}_up_run")
    run2_up = cols[2].file_uploader("Optional: a second run", key=f"{PAGE}_up_run2")
    files = Files(
        "trec",
        run=(run_up.name, run_up.getvalue()) if run_up else injected.get("run"),
        qrels=(qrels_up.name, qrels_up.getvalue()) if qrels_up else injected.get("qrels"),
        second_run=(run2_up.name, run2_up.getvalue()) if run2_up else injected.get("second_run"),
    )

if not files.complete:
    st.info(
        "Upload the files above to start; meanwhile the samples show what the page does.",
        icon="📁",
    )
    st.stop()

# One key per set of files: caches and the skip choice belong to these exact bytes.
digest = hashlib.sha1()
for item in (files.kind, files.run, files.qrels, files.second_run):
    digest.update(repr(item[0] if isinstance(item, tuple) else item).encode())
    digest.update(item[1] if isinstance(item, tuple) else b"")
key = digest.hexdigest()

with st.status("Reading the files…", expanded=False) as status:
    started = time.perf_counter()
    try:
        tables = _read(key, files, CAP_MB)
    except ValueError as error:
        status.update(label="The files could not be read", state="error")
        st.error(plain(str(error)), icon="🚫")
        st.stop()
    n_lines = sum(len(t.rows) + len(t.problems) for t in tables.values())
    st.write(f"Read {n_lines:,} lines in {time.perf_counter() - started:.2f} s.")
    status.update(label=f"Read {n_lines:,} lines", state="complete")

problems = {role: t for role, t in tables.items() if t.problems}
if problems:
    total = sum(len(t.problems) for t in problems.values())
    st.error(
        f"{total} line(s) could not be used. Fix the file(s) and upload again, or skip these "
        f"lines: nothing else is changed.",
        icon="⚠️",
    )
    for table in problems.values():
        st.markdown(f"**{len(table.problems)} problem line(s) in {plain(table.name)}**")
        frame = table.problem_frame()
        shown = frame.head(MAX_PROBLEM_ROWS)
        height = min(250, 38 + 35 * len(shown))
        st.dataframe(shown, hide_index=True, width="stretch", height=height)
        if len(frame) > MAX_PROBLEM_ROWS:
            st.caption(f"The first {MAX_PROBLEM_ROWS:,} are shown; download them all below.")
        st.download_button(
            f"Download the {len(frame):,} problem line(s) of {plain(table.name)} (CSV)",
            frame.to_csv(index=False).encode(),
            file_name=f"problems_{table.name}.csv",
            mime="text/csv",
            key=f"{PAGE}_problems_{table.name}",
        )
    skip_label = f"Skip these {total} line(s) and evaluate the rest"
    if not st.checkbox(skip_label, key=f"{PAGE}_skip_{key[:12]}"):
        st.stop()

try:
    data_sets = _join(key, files, tables)
except ValueError as error:
    st.error(plain(str(error)), icon="🚫")
    st.stop()
data = data_sets["run"]
if data.notes:
    with st.expander(f"How the data was read ({len(data.notes)} rule(s) applied)", expanded=True):
        for note in data.notes:
            st.markdown(f"- {plain(note)}")

# ---------------------------------------------------------------------------------------------
# Conventions
# ---------------------------------------------------------------------------------------------
st.subheader("2 · The conventions")
cols = st.columns(3)
longest = int(data.ranked.groupby("query", sort=False).size().max())
# The conventions live in the URL too, so a link reopens exactly this view.
share.from_url(f"{PAGE}_whole", "whole", share.flag)
share.from_url(f"{PAGE}_k", "k", share.number_between(1, max(longest, 1000), whole=True))
share.from_url(f"{PAGE}_gain", "gain", share.one_of(list(GAINS)))
share.from_url(f"{PAGE}_discount", "discount", share.one_of(list(DISCOUNTS)))
share.from_url(f"{PAGE}_base", "base", share.number_between(1.1, 100))
share.from_url(f"{PAGE}_ideal", "ideal", share.one_of(list(IDEAL_LABELS)))
share.from_url(f"{PAGE}_ties", "ties", share.one_of(list(TIE_LABELS)))
share.from_url(f"{PAGE}_zero", "zero", share.one_of(list(ZERO_RULES)))
st.session_state.setdefault(f"{PAGE}_k", 10)
st.session_state.setdefault(f"{PAGE}_base", 2.0)
whole = cols[0].checkbox("Whole list (no cut-off)", key=f"{PAGE}_whole")
k_value = cols[0].number_input(
    "k (cut-off)",
    min_value=1,
    max_value=max(longest, 1000),
    step=1,
    key=f"{PAGE}_k",
    disabled=whole,
)
k = None if whole else int(k_value)
gain = cols[1].selectbox(
    "Gain", list(GAINS), format_func=lambda g: GAINS[g].label, key=f"{PAGE}_gain"
)
discount = cols[1].selectbox(
    "Discount", list(DISCOUNTS), format_func=lambda d: DISCOUNTS[d].label, key=f"{PAGE}_discount"
)
base = 2.0
if discount == "jarvelin":
    base = float(cols[1].number_input("Log base b", min_value=1.1, step=0.5, key=f"{PAGE}_base"))
ideal = cols[2].radio(
    "Ideal ranking built from",
    list(IDEAL_LABELS),
    format_func=IDEAL_LABELS.get,
    key=f"{PAGE}_ideal",
)
ties = cols[2].radio(
    "Tied scores ordered",
    list(TIE_LABELS),
    format_func=TIE_LABELS.get,
    key=f"{PAGE}_ties",
    disabled=not data.has_scores,
    help=None if data.has_scores else "There are no scores, so there are no ties.",
)
zero_rule = cols[0].radio(
    "A query with no relevant document scores",
    list(ZERO_RULES),
    format_func=lambda z: ZERO_RULES[z][1],
    key=f"{PAGE}_zero",
)
on_zero = ZERO_RULES[zero_rule][0]
share.to_url(
    {"sample": source, "whole": whole, "k": int(k_value), "gain": gain, "discount": discount}
    | ({"base": base} if discount == "jarvelin" else {})
    | {"ideal": ideal, "ties": ties, "zero": zero_rule}
)
settings = dict(k=k, gain=gain, discount=discount, base=base, ideal=ideal, ties=ties)

with st.spinner("Evaluating every query…"):
    started = time.perf_counter()
    result = _evaluate(data, key, on_zero=on_zero, **settings)
    elapsed = time.perf_counter() - started
per_query = result.per_query
values = per_query["ndcg"].to_numpy()
evaluated = int(np.isfinite(values).sum())
at_k = "" if k is None else f"@{k}"

# ---------------------------------------------------------------------------------------------
# The mean and how sure it is
# ---------------------------------------------------------------------------------------------
st.subheader(f"3 · Mean NDCG{at_k} and where it comes from")
cols = st.columns([1, 1.5, 1, 1])
cols[0].metric(f"Mean NDCG{at_k}", f"{result.mean:.4f}" if evaluated else "—")
if evaluated:
    interval = _interval(values)
    cols[1].metric("95% bootstrap interval", f"{interval.low:.3f} – {interval.high:.3f}")
cols[2].metric("Queries in the mean", f"{evaluated:,} of {len(per_query):,}")
cols[3].metric(
    "Nothing relevant",
    f"{result.queries_without_relevant:,}",
    help="Queries with no relevant judged document: IDCG = 0, so the all-zero rule decides.",
)
st.latex(
    r"\overline{\mathrm{NDCG}"
    + at_k
    + r"} = \frac{1}{|Q|}\sum_{q \in Q} \mathrm{NDCG}"
    + at_k
    + r"(q)"
)
if evaluated:
    shown = [f"{v:.3f}" for v in values[np.isfinite(values)][:6]]
    more = r" + \dots" if evaluated > 6 else ""
    st.latex(
        r"\overline{\mathrm{NDCG}"
        + at_k
        + r"} = \frac{"
        + " + ".join(shown)
        + more
        + r"}{"
        + f"{evaluated}"
        + r"} = "
        + f"{result.mean:.4f}"
    )
    st.caption(
        f"The interval: the queries were resampled with replacement 2,000 times (seed 0) and the "
        f"middle 95% of the resampled means kept. Few queries → a wide interval. Evaluated in "
        f"{elapsed * 1000:.0f} ms."
    )

# Distribution
if evaluated:
    finite = values[np.isfinite(values)]
    tallest = int(np.histogram(finite, bins=np.linspace(0, 1.0001, 21))[0].max())
    figure = go.Figure()
    figure.add_trace(
        go.Histogram(
            x=finite,
            xbins=dict(start=0, end=1.0001, size=0.05),
            marker=dict(color=BLUE, line=dict(color="white", width=1), pattern_shape="/"),
            name="queries",
            hovertemplate="NDCG %{x}<br>%{y} queries<extra></extra>",
        )
    )
    figure.add_vrect(
        x0=interval.low,
        x1=interval.high,
        fillcolor=ORANGE,
        opacity=0.2,
        line_width=0,
        layer="below",
    )
    figure.add_vline(
        x=result.mean,
        line=dict(color=VERMILLION, width=3, dash="dash"),
        annotation_text=f"mean {result.mean:.3f}",
        annotation_position="top",
    )
    figure.update_layout(
        height=300,
        margin=dict(l=10, r=10, t=30, b=10),
        xaxis=dict(title=f"NDCG{at_k} of a query", range=[-0.02, 1.04]),
        yaxis=dict(title="queries", rangemode="tozero", dtick=max(1, int(np.ceil(tallest / 5)))),
        bargap=0.05,
        showlegend=False,
    )
    st.plotly_chart(figure, width="stretch", key=f"{PAGE}_hist")
    st.caption(
        "Each bar counts the queries in a 0.05-wide band; the dashed line is the mean and the "
        "shaded band its 95% interval. Notice how few queries sit near the mean itself."
    )

# How the mean moves with the conventions
st.markdown("**How the mean moves with the all-zero rule and the ideal ranking**")
grid = {}
for ideal_option, ideal_label in IDEAL_LABELS.items():
    grid["ideal: " + ideal_label.split(" (")[0].replace("documents", "docs")] = {
        label.split(" (")[0]: _evaluate(
            data, key, on_zero=zero_value, **{**settings, "ideal": ideal_option}
        ).mean
        for zero_value, label in ZERO_RULES.values()
    }
moves = pd.DataFrame(grid)
moves.index.name = "all-zero query scores"
st.dataframe(moves.style.format("{:.4f}"), width="stretch")
spread = float(np.nanmax(moves.to_numpy()) - np.nanmin(moves.to_numpy()))
st.caption(
    f"The same run under six conventions: the mean spans {spread:.4f}. Your current choice is "
    f"'{ZERO_RULES[zero_rule][1].split(' (')[0]}' with the ideal from "
    f"{IDEAL_LABELS[ideal].split(' (')[0]}."
)

# ---------------------------------------------------------------------------------------------
# Per-query table
# ---------------------------------------------------------------------------------------------
st.subheader("4 · Every query")
table = per_query.reset_index().rename(
    columns={"query": "query", "n_items": "ranked", "dcg": f"DCG{at_k}", "idcg": f"IDCG{at_k}"}
)
table = table.rename(columns={"ndcg": f"NDCG{at_k}"})
table["query"] = table["query"].astype(str)
with_links = len(table) <= MAX_LINK_ROWS and len(data.ranked) <= MAX_LINK_ROWS * 100
if with_links:
    table["playground"] = [
        queries_data.playground_link(data, q, **settings) for q in per_query.index
    ]
event = st.dataframe(
    table,
    hide_index=True,
    width="stretch",
    height=min(420, 38 + 35 * len(table)),
    on_select="rerun",
    selection_mode="single-row",
    key=f"{PAGE}_table",
    column_config={
        f"NDCG{at_k}": st.column_config.ProgressColumn(
            f"NDCG{at_k}", format="%.4f", min_value=0.0, max_value=1.0
        ),
        f"DCG{at_k}": st.column_config.NumberColumn(format="%.4f"),
        f"IDCG{at_k}": st.column_config.NumberColumn(format="%.4f"),
        "playground": st.column_config.LinkColumn("open in playground", display_text="open ↗"),
    },
)
st.caption(
    "Click a column header to sort (the worst queries are where a system can improve); select a "
    "row to open that query in the playground with its full breakdown."
    + (
        ""
        if with_links
        else f" Links in every row are shown for up to {MAX_LINK_ROWS} queries"
        f" and {MAX_LINK_ROWS * 100:,} ranked documents."
    )
)
selected = event.selection.rows if event is not None else []
if selected:
    query = per_query.index[selected[0]]
    link = queries_data.playground_link(data, query, **settings)
    st.text(f"Query {query}: NDCG{at_k} = {per_query['ndcg'].iloc[selected[0]]:.4f}")
    st.link_button("Open this query in the playground ↗", link)
    if ties == "average":
        st.caption("The playground shows one order: tied documents appear in trec_eval's order.")

st.download_button(
    "Download the per-query table (CSV)",
    per_query.reset_index().to_csv(index=False).encode(),
    file_name=f"ndcg{at_k.replace('@', '_at_')}_per_query.csv",
    mime="text/csv",
    key=f"{PAGE}_download",
)

# ---------------------------------------------------------------------------------------------
# Compare
# ---------------------------------------------------------------------------------------------
st.subheader("5 · Compare query by query")
choices = {}
if "second_run" in data_sets:
    choices["run"] = f"another run: {data_sets['second_run'].name}"
if source == "trec":
    other_qrels = next(name for name in TREC_QRELS if name != files.qrels[0])
    choices["qrels"] = f"the same run, judged by {other_qrels}"
choices["sklearn"] = "the same run, scikit-learn's conventions"
choices["lightgbm"] = "the same run, LightGBM's conventions"
against = st.radio(
    "Compare the run above (A) with (B)",
    list(choices),
    format_func=choices.get,
    horizontal=True,
    key=f"{PAGE}_against",
)
presets = {
    "sklearn": dict(ideal="run", ties="average", gain="linear", discount="log2", base=2.0),
    "lightgbm": dict(ideal="run", ties="keep", gain="exponential", discount="log2", base=2.0),
}
if against == "run":
    other = data_sets["second_run"]
    b_result = _evaluate(other, "second:" + key + other.name, on_zero=on_zero, **settings)
    b_name = other.name
elif against == "qrels":
    other_files = queries_data.sample_files("trec", other_qrels)
    other_key = "sample:" + other_qrels
    other = _join(other_key, other_files, _read(other_key, other_files, CAP_MB))["run"]
    b_result = _evaluate(other, "qrels:" + other_qrels, on_zero=on_zero, **settings)
    b_name = f"{other.name} judged by {other_qrels}"
else:
    b_on_zero = 1.0 if against == "lightgbm" else 0.0
    b_result = _evaluate(data, key, on_zero=b_on_zero, **{**settings, **presets[against]})
    b_name = choices[against].split(", ")[1]
pair = (
    per_query[["ndcg"]]
    .rename(columns={"ndcg": "ndcg_a"})
    .join(b_result.per_query[["ndcg"]].rename(columns={"ndcg": "ndcg_b"}), how="inner")
)
left_out = len(per_query) + len(b_result.per_query) - 2 * len(pair)
a_values, b_values = pair["ndcg_a"].to_numpy(), pair["ndcg_b"].to_numpy()
both = np.isfinite(a_values) & np.isfinite(b_values)
if both.sum() == 0:
    st.warning("No query has a value in both A and B, so there is nothing to compare.")
else:
    test = _paired(a_values, b_values)
    cols = st.columns(4)
    cols[0].metric("Mean of A − B", f"{test.mean_difference:+.4f}")
    cols[1].metric("A better / B better / equal", f"{test.wins} / {test.losses} / {test.ties}")
    cols[2].metric("p-value (randomization)", f"{test.p_value:.4f}")
    cols[3].metric("Queries compared", f"{test.n:,}")
    scatter = go.Figure()
    diff = a_values - b_values
    names = np.asarray([str(q) for q in pair.index], dtype=object)
    outcomes = [
        (diff > TIE_TOLERANCE, "A better", "triangle-up", BLUE),
        (diff < -TIE_TOLERANCE, "B better", "triangle-down", VERMILLION),
        (np.abs(diff) <= TIE_TOLERANCE, "equal", "circle", GREY),
    ]
    # One trace per outcome: shape and colour both say who won, and the legend names them.
    for mask, label, symbol, colour in outcomes:
        scatter.add_trace(
            go.Scatter(
                x=b_values[mask],
                y=a_values[mask],
                mode="markers",
                marker=dict(
                    symbol=symbol, color=colour, size=10, line=dict(width=0.5, color="black")
                ),
                customdata=names[mask],
                hovertemplate="query %{customdata}<br>A %{y:.4f}<br>B %{x:.4f}<extra></extra>",
                name=f"{label} ({int(mask.sum())})",
            )
        )
    scatter.add_trace(
        go.Scatter(
            x=[0, 1],
            y=[0, 1],
            mode="lines",
            line=dict(color=GREY, dash="dot"),
            hoverinfo="skip",
            name="A = B",
            showlegend=False,
        )
    )
    scatter.update_layout(
        height=400,
        margin=dict(l=10, r=10, t=40, b=10),
        xaxis=dict(title=f"B: {b_name}", range=[-0.03, 1.03]),
        yaxis=dict(title=f"A: {data.name}", range=[-0.03, 1.03]),
        legend=dict(orientation="h", yanchor="bottom", y=1.02, x=0),
    )
    st.plotly_chart(scatter, width="stretch", key=f"{PAGE}_scatter")
    how = "all 2^n sign patterns, exactly" if test.exact else "10,000 random sign patterns, seed 0"
    st.caption(
        "One mark per query: ▲ above the dotted diagonal A did better, ▼ below it B did. The test "
        f"flips the sign of each query's difference at random ({how}) and asks how often the mean "
        "difference comes out at least as large as the one observed: a small p-value says the "
        "gap is unlikely to be luck."
        + (
            f" {left_out} query(ies) are in only one of A and B and are left out."
            if left_out
            else ""
        )
    )
