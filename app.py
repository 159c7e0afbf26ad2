"""NDCG Lab: the entry point. It sets up the page and the menu; each page lives in views/.

The page scripts are in views/, not pages/: Streamlit treats a pages/ folder beside the entry
script as a legacy multipage app, and then a shared link opened first on a freshly started
server ran the page on its own, without this menu.
"""

import streamlit as st

st.set_page_config(page_title="NDCG Lab", page_icon="📐", layout="wide")

pages = {
    "Start": [
        st.Page("views/home.py", title="Home", icon="🏠", default=True),
    ],
    "Learn step by step": [
        st.Page("views/learn/binary.py", title="Binary relevance", icon="1️⃣", url_path="learn-binary"),
        st.Page("views/learn/graded.py", title="Graded relevance", icon="2️⃣", url_path="learn-graded"),
        st.Page("views/learn/continuous.py", title="Continuous relevance", icon="3️⃣", url_path="learn-continuous"),
        st.Page("views/learn/russian.py", title="Three Russian examples", icon="4️⃣", url_path="learn-russian"),
        st.Page("views/learn/gain.py", title="The 2^rel − 1 gain", icon="5️⃣", url_path="learn-gain"),
        st.Page("views/learn/all_zero.py", title="The all-zero list", icon="6️⃣", url_path="learn-all-zero"),
    ],
    "Play and explore": [
        st.Page("views/playground.py", title="Playground", icon="🎛️", url_path="playground"),
        st.Page("views/ordering.py", title="Ordering effects", icon="🔀", url_path="ordering"),
    ],
    "In practice": [
        st.Page("views/libraries.py", title="Why libraries disagree", icon="⚖️", url_path="libraries"),
        st.Page("views/queries.py", title="Many queries", icon="📊", url_path="queries"),
    ],
    "Test yourself": [
        st.Page("views/practice.py", title="Practice", icon="🎯", url_path="practice"),
    ],
}

st.navigation({section: entries for section, entries in pages.items() if entries}).run()
