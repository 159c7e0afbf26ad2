"""NDCG Lab: the entry point. It sets up the page and the menu; each page lives in views/.

The page scripts are in views/, not pages/: Streamlit treats a pages/ folder beside the entry
script as a legacy multipage app, and then a shared link opened first on a freshly started
server ran the page on its own, without this menu.
"""

import streamlit as st

from ui import menu, share


# In a function, as in Streamlit's own demo app, so a test can run the app as a whole.
def run() -> None:
    st.set_page_config(page_title="NDCG Lab", page_icon="📐", layout="wide")
    page = st.navigation(menu.navigation_pages())
    share.presenter_mode()  # present=1 in any page's URL: large type, no chrome, for a projector
    page.run()
    share.sidebar_tools(page.url_path)


run()
