"""NDCG Lab: the entry point. It sets up the page and the menu; each page lives in views/.

The page scripts are in views/, not pages/: Streamlit treats a pages/ folder beside the entry
script as a legacy multipage app, and then a shared link opened first on a freshly started
server ran the page on its own, without this menu.
"""

import streamlit as st

from ui import language, menu, share, style, urlparams


# In a function, as in Streamlit's own demo app, so a test can run the app as a whole.
def run() -> None:
    # First: the menu's titles and every text after it are in the session's language.
    said = language.choose()
    # expanded: every page in the menu at once, not the first ten and "View more".
    page = st.navigation(menu.navigation_pages(), expanded=True)
    # After the navigation, so each page's browser tab carries its own name.
    st.set_page_config(page_title=menu.browser_title(page.url_path), page_icon="📐", layout="wide")
    presenting = share.is_presenting()  # present=1 in any page's URL: for a projector
    style.apply(presenting)
    if presenting:
        menu.presenter_bar(page.url_path)
    urlparams.message_place()  # a link's bad values are named here, above the page
    for message in said:
        urlparams.warn(message)
    page.run()
    share.sidebar_tools(page.url_path)
    # The run finished: a rerun the page causes by itself has had its replay (ui/urlparams).
    urlparams.end_of_run()


run()
