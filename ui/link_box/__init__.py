"""A link to copy: the address wrapped in a box and a "Copy link" button beside it, a Streamlit
component mounted in the page (Components v2: `link_box.html`, `link_box.css`, `link_box.js`).

It replaced `st.code` for the app's share links. A code block brings Streamlit's syntax
highlighter, whose code took 0.3–0.6 s of the browser's main thread on every page (the
sidebar's "This view" box is on every page), and delayed the ranking board by as much.
"""

from __future__ import annotations

import zlib
from pathlib import Path

from i18n import tr

from ..component import register

HERE = Path(__file__).parent
NAME = "ndcg_lab.link_box"

# Registered once, when the module is first imported; each box mounts it with its own key.
_mount = register(NAME, HERE, "link_box")

KEY_PREFIX = "link_box_"


def show(address: str, label: str) -> None:
    """The box for `address`, named `label` (one box per label on a page: it is the key)."""
    key = f"{KEY_PREFIX}{zlib.crc32(label.encode('utf-8')):08x}"
    text = {
        "button": tr("Copy link"),
        "copyLabel": tr("Copy link: {label}", label=label),
        "copied": tr("Copied: paste it anywhere."),
        "selected": tr("Selected: press Ctrl+C (⌘C on a Mac) to copy it."),
    }
    _mount(key=key, data={"address": address, "label": label, "text": text})
