"""User text (labels, ids, file names, what was typed) made inert where it is shown.

Three places read markup in text: Streamlit's Markdown (`plain`), plotly's titles, hovers and
labels, which read a small set of HTML tags (`for_chart`), and the HTML of Home's first paint
(`for_html`). Every piece of user text shown in any goes through one of these.
"""

from __future__ import annotations

import html
import re

# Enough to stop emphasis, code, links, HTML, headings, tables, strike-through and LaTeX.
_MARKDOWN_SPECIALS = re.compile(r"([\\`*_\[\]#|<>~$])")
# Streamlit turns :smile: into an emoji and :material/home: into an icon after Markdown has
# dropped the escapes, so a backslash cannot stop it; an invisible word joiner after the colon can.
_SHORTCODE_START = re.compile(r":(?=[\w/+-])")
WORD_JOINER = "\u2060"


# The core's messages name a parameter in backticks (`gain`, `relevances`): shown as the code
# they are, not as literal backticks. An identifier alone cannot carry markup.
_ESCAPED_NAME = re.compile(r"\\`((?:[A-Za-z]|\\_)(?:[A-Za-z0-9.]|\\_)*)\\`")


def plain(text: object) -> str:
    """`text` with every Markdown/HTML/LaTeX special escaped, so it shows as typed; a name in
    backticks, as messages write a parameter, shows as code."""
    escaped = _MARKDOWN_SPECIALS.sub(r"\\\1", str(text))
    escaped = _ESCAPED_NAME.sub(lambda name: f"`{name[1].replace(chr(92), '')}`", escaped)
    return _SHORTCODE_START.sub(":" + WORD_JOINER, escaped)


def for_chart(text: object) -> str:
    """`text` for a plotly title, hover or label: its HTML subset shows as typed."""
    return for_html(text)


def for_html(text: object) -> str:
    """`text` inside an HTML element (Home's first paint, ui/first_paint.py): shown as typed."""
    return html.escape(str(text), quote=False)
