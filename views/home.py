"""Home: what NDCG is, a tiny live example, and where to go next."""

import streamlit as st

from ndcg_core import dcg, idcg, ndcg
from ndcg_core.latex import ndcg_filled, ndcg_formula
from ui import list_input

PAGE = "home"

st.title("📐 NDCG Lab")
st.markdown(
    "**Normalized Discounted Cumulative Gain** scores a ranking: every item earns its relevance, "
    "items further down earn less, and the total is divided by what the best possible order "
    "would earn. 1 means the order cannot be improved."
)

for message in list_input.start(PAGE):
    st.warning(message, icon="🔗")
state = list_input.text_box(PAGE, label="Try it: type relevances in ranked order", height=68)
list_input.publish(PAGE, state)

settings = state.settings
value = ndcg(state.values, **settings)
top, ideal_top = dcg(state.values, state.k), idcg(state.values, state.k, ideal=state.ideal)
cols = st.columns(3)
cols[0].metric("DCG", f"{top:.4f}")
cols[1].metric("IDCG", f"{ideal_top:.4f}")
cols[2].metric("NDCG", f"{value:.4f}")
st.latex(ndcg_formula())
st.latex(ndcg_filled(top, ideal_top, value, state.k, len(state.values)))
