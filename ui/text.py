"""User text (labels, ids, file names, what was typed) made inert for Streamlit's Markdown."""

from __future__ import annotations

import re

# Enough to stop emphasis, code, links, HTML, headings, tables, strike-through and LaTeX.
_MARKDOWN_SPECIALS = re.compile(r"([\\`*_\[\]#|<>~$])")
# Streamlit turns :smile: into an emoji and :material/home: into an icon after Markdown has
# dropped the escapes, so a backslash cannot stop it; an invisible word joiner after the colon can.
_SHORTCODE_START = re.compile(r":(?=[\w/+-])")
WORD_JOINER = "\u2060"


def plain(text: str) -> str:
    """`text` with every Markdown/HTML/LaTeX special escaped, so it shows as typed."""
    escaped = _MARKDOWN_SPECIALS.sub(r"\\\1", str(text))
    return _SHORTCODE_START.sub(":" + WORD_JOINER, escaped)
