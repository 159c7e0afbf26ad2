"""NDCG Lab: the entry point. It sets up the page and the menu; each page lives in pages/."""

import streamlit as st

st.set_page_config(page_title="NDCG Lab", page_icon="📐", layout="wide")

pages = {
    "Start": [
        st.Page("pages/home.py", title="Home", icon="🏠", default=True),
    ],
    "Learn step by step": [
        st.Page("pages/learn/binary.py", title="Binary relevance", icon="1️⃣", url_path="learn-binary"),
        st.Page("pages/learn/graded.py", title="Graded relevance", icon="2️⃣", url_path="learn-graded"),
        st.Page("pages/learn/continuous.py", title="Continuous relevance", icon="3️⃣", url_path="learn-continuous"),
        st.Page("pages/learn/russian.py", title="Three Russian examples", icon="4️⃣", url_path="learn-russian"),
        st.Page("pages/learn/gain.py", title="The 2^rel − 1 gain", icon="5️⃣", url_path="learn-gain"),
        st.Page("pages/learn/all_zero.py", title="The all-zero list", icon="6️⃣", url_path="learn-all-zero"),
    ],
    "Play and explore": [
        st.Page("pages/playground.py", title="Playground", icon="🎛️", url_path="playground"),
        st.Page("pages/ordering.py", title="Ordering effects", icon="🔀", url_path="ordering"),
    ],
    "In practice": [
        st.Page("pages/libraries.py", title="Why libraries disagree", icon="⚖️", url_path="libraries"),
        st.Page("pages/queries.py", title="Many queries", icon="📊", url_path="queries"),
    ],
    "Test yourself": [
        st.Page("pages/practice.py", title="Practice", icon="🎯", url_path="practice"),
    ],
}

st.navigation({section: entries for section, entries in pages.items() if entries}).run()
