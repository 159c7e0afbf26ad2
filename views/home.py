"""Home: what NDCG is in one screen, a tiny live example, and where to go next."""

import streamlit as st

from ndcg_core import breakdown, cg, ndcg
from ndcg_core.latex import dcg_formula, ndcg_filled, ndcg_formula
from ui import charts, list_input, share
from ui.text import plain

PAGE = "home"

st.title("📐 NDCG Lab")
st.markdown(
    "A search engine or a recommender hands you a **ranked list**. "
    "**NDCG** (Normalized Discounted Cumulative Gain) asks how good that order is: each item "
    "earns its relevance, items lower down earn less, and the total is divided by what the best "
    "possible order would earn. **1** means the order cannot be improved; values near **0** mean "
    "the relevant items are missing or buried."
)

left, right = st.columns([5, 6], gap="large")
with left:
    st.latex(dcg_formula())
    st.latex(ndcg_formula())
    st.caption(
        "rel_i is the relevance of the item at position i; IDCG is the DCG of the same items "
        "sorted from most to least relevant."
    )
    for message in list_input.start(PAGE):
        st.warning(plain(message), icon="🔗")
    state = list_input.text_box(PAGE, label="Try it: type relevances in ranked order", height=68)
    list_input.publish(PAGE, state)

table = breakdown(state.values, labels=state.labels, **state.settings)
value = ndcg(state.values, **state.settings)
last = len(state.values) - 1 if state.k is None else state.k - 1
dcg_value = float(table["cumulative_dcg"].iloc[last])
idcg_value = float(table["cumulative_idcg"].iloc[last])
cols = st.columns(4)
cols[0].metric("NDCG", f"{value:.4f}")
cols[1].metric("DCG", f"{dcg_value:.4f}")
cols[2].metric("IDCG", f"{idcg_value:.4f}")
cols[3].metric("CG", f"{cg(state.values, state.k):.4g}")
st.latex(ndcg_filled(dcg_value, idcg_value, value, state.k, len(state.values)))
with right:
    st.plotly_chart(
        share.present_figure(charts.contribution_chart(table, state.k, height=330)),
        config=charts.CONFIG,
        key=f"{PAGE}_chart",
    )
    st.caption(
        "Each pair of bars is one position: what your order earns there (left) beside what "
        "the ideal order earns (right). NDCG is the ratio of the two totals."
    )
    # The chart's numbers as text, for screen readers and for anyone who cannot tell the bars apart.
    with st.expander("The chart as a table"):
        st.dataframe(
            table[["position", "label", "relevance", "contribution", "ideal_contribution"]].rename(
                columns={
                    "position": "Position",
                    "label": "Label",
                    "relevance": "Relevance",
                    "contribution": "Your order earns",
                    "ideal_contribution": "Ideal order earns",
                }
            ),
            hide_index=True,
            column_config={
                "Your order earns": st.column_config.NumberColumn(format="%.4f"),
                "Ideal order earns": st.column_config.NumberColumn(format="%.4f"),
            },
            key=f"{PAGE}_chart_table",
        )

st.subheader("Where to go next")
cards = [
    (
        "views/learn/binary.py",
        "📘 Learn step by step",
        "Every worked example of five classic notes rebuilt term by term, with their slips "
        "pointed out kindly.",
    ),
    (
        "views/playground.py",
        "🎛️ Play",
        "Drag items, change k, the gain and the discount, and see every position's share.",
    ),
    (
        "views/ordering.py",
        "🔀 Explore ordering",
        "How much does each swap cost? Every ordering of your list, and why the top matters most.",
    ),
    (
        "views/libraries.py",
        "⚖️ Compare libraries",
        "scikit-learn says 0.961, trec_eval 0.785: which convention makes the difference.",
    ),
    (
        "views/queries.py",
        "📊 Many queries",
        "Evaluate a whole run (TREC files or CSV) and see what hides inside the mean.",
    ),
    (
        "views/practice.py",
        "🎯 Practice",
        "Predict, then check: short exercises a teacher can share with one link.",
    ),
]
for row in (cards[:3], cards[3:]):
    for column, (script, title, text) in zip(st.columns(3), row):
        with column.container(border=True):
            # The list travels in the session, so the next page opens on it.
            st.page_link(script, label=title)
            st.caption(text)
