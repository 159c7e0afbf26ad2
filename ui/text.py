"""User text (labels, ids, file names, what was typed) made inert for Streamlit's Markdown."""

from __future__ import annotations

import re

# Enough to stop emphasis, code, links, HTML, headings, tables, strike-through and LaTeX.
_MARKDOWN_SPECIALS = re.compile(r"([\\`*_\[\]#|<>~$])")


def plain(text: str) -> str:
    """`text` with every Markdown/HTML/LaTeX special escaped, so it shows as typed."""
    return _MARKDOWN_SPECIALS.sub(r"\\\1", str(text))
