"""NDCG Lab: the entry point. It sets up the page and the menu; each page lives in views/.

The page scripts are in views/, not pages/: Streamlit treats a pages/ folder beside the entry
script as a legacy multipage app, and then a shared link opened first on a freshly started
server ran the page on its own, without this menu.
"""

import streamlit as st

from ui import share

st.set_page_config(page_title="NDCG Lab", page_icon="📐", layout="wide")

# (script, title, icon, URL path): the URL paths are links users share, so they are kept as they are.
MENU = {
    "Start": [("home", "Home", "🏠", "")],
    "Learn step by step": [
        ("learn/binary", "Binary relevance", "1️⃣", "learn-binary"),
        ("learn/graded", "Graded relevance", "2️⃣", "learn-graded"),
        ("learn/continuous", "Continuous relevance", "3️⃣", "learn-continuous"),
        ("learn/russian", "Three Russian examples", "4️⃣", "learn-russian"),
        ("learn/gain", "The 2^rel − 1 gain", "5️⃣", "learn-gain"),
        ("learn/all_zero", "The all-zero list", "6️⃣", "learn-all-zero"),
    ],
    "Play and explore": [
        ("playground", "Playground", "🎛️", "playground"),
        ("ordering", "Ordering effects", "🔀", "ordering"),
    ],
    "In practice": [
        ("libraries", "Why libraries disagree", "⚖️", "libraries"),
        ("queries", "Many queries", "📊", "queries"),
    ],
    "Test yourself": [("practice", "Practice", "🎯", "practice")],
}

pages = {
    section: [
        st.Page(
            f"views/{script}.py", title=title, icon=icon, url_path=path or None, default=not path
        )
        for script, title, icon, path in entries
    ]
    for section, entries in MENU.items()
}
page = st.navigation(pages)
share.presenter_mode()  # present=1 in any page's URL: large type, no chrome, for a projector
page.run()
share.sidebar_tools(page.url_path)
