"""How every page looks and behaves beyond Streamlit's defaults: one style sheet, one for
presenter view, and one small script. app.py applies them to every page, on every run.

The rules live in `ui/assets/` as plain CSS and JavaScript (fixed text, nothing a user typed):

- `app.css`, every view: a number is never cut to "0…" (cards shrink their values with their
  width), buttons and links wrap, chart toolbars are for a mouse only (no Tab stops, nothing over
  a legend on a touch screen), heading links are not Tab stops, the menu shows keyboard focus,
  anything wider than its column says that it scrolls.
- `presenter.css`, presenter view (`present=1`): one root size that grows with the screen, so
  the text, tables, widget values and cards all scale together; no sidebar or toolbar.
- `app.js`: focus kept where the user was when Streamlit redraws a widget; wide regions made
  keyboard-scrollable and named; charts described by their captions; Russian and Chinese text
  tagged with its language; plain commas in the address bar; a link to an #anchor inside a
  closed fold opens the fold.
"""

from __future__ import annotations

import json
import re
from functools import cache
from pathlib import Path

import streamlit as st

import i18n
from i18n import tr

ASSETS = Path(__file__).parent / "assets"
SCRIPT_KEY = "ndcg_lab_script"  # the hidden container that holds the style and the script


@cache
def _asset(name: str) -> str:
    """An asset as the page gets it: without its comments, which are for whoever reads the file
    (the page gets the style and the script on every run, and the comments were a third of
    them), nor blank lines. Neither file writes `/*` in a CSS string or a line of a template
    literal starting with `//`."""
    text = (ASSETS / name).read_text(encoding="utf-8")
    if name.endswith(".css"):
        text = re.sub(r"/\*.*?\*/", "", text, flags=re.DOTALL)
        lines = text.splitlines()
    else:
        lines = [line for line in text.splitlines() if not line.lstrip().startswith("//")]
    return "\n".join(line.rstrip() for line in lines if line.strip())


def stylesheet(presenting: bool = False) -> str:
    """The page's CSS: the base rules, and the presenter rules after them when presenting."""
    css = _asset("app.css")
    return css + "\n" + _asset("presenter.css") if presenting else css


def apply(presenting: bool = False) -> None:
    """Style the page and add its script, in a container the style hides (no room taken)."""
    with st.container(key=SCRIPT_KEY):
        # Markdown, not st.html: Streamlit draws Markdown with its page, while st.html's code
        # loads on demand, and so may come after a data grid's. A grid takes its text size from
        # the root size when it is first drawn, and keeps it: drawn before the presenter style,
        # its text stayed at 14 px on a projector.
        st.markdown(f"<style>{stylesheet(presenting)}</style>", unsafe_allow_html=True)
        # The page's <html lang> is the language it speaks (Streamlit writes "en" whatever the
        # page says, its issue 15726): screen readers pick their voice, browsers their fonts.
        lang = f"document.documentElement.lang = {json.dumps(i18n.language())};"
        said = f"window.ndcgLabSays = {json.dumps(_said())};"
        st.html(
            f"<script>{lang}\n{said}\n{_asset('app.js')}</script>", unsafe_allow_javascript=True
        )


def _said() -> dict[str, str]:
    """What app.js and app.css say on the page, in its language: the note under a region wider
    than its column (app.css shows it), that region's name for a screen reader, by kind, and a
    file uploader's words."""
    return {
        "scrolls": tr("↔ Wider than the screen: scroll or swipe it sideways to see all of it."),
        "Formula": tr("Formula, wider than the screen: scroll sideways"),
        "Code": tr("Code, wider than the screen: scroll sideways"),
        "Table": tr("Table, wider than the screen: scroll sideways"),
        # Streamlit's own words on a file uploader, which it writes in English whatever the page
        # speaks: its button, and the size limit under it ({mb}: the number Streamlit writes).
        "upload": tr("Upload"),
        "perFile": tr("{mb} MB per file", mb="{mb}"),
    }
