"""One home for registering the app's own Streamlit components (Components v2: mounted in the
page, no frame) from plain files beside their module: `<stem>.html`, `<stem>.css` and
`<stem>.js`, read once when the module is first imported. Nothing is fetched or built.

A component's data goes to its script as one JSON text in UTF-8 bytes, which the script reads
first thing in its `render` (`JSON.parse(new TextDecoder().decode(data))`). Streamlit looks through a dict's values one by one for a data frame to send apart (about
0.1 ms a value; the playground's three components have 39, a rerun's largest single cost after
its widgets), and through a text for any kind of table it might be; bytes it sends as they are.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from pathlib import Path

import streamlit as st


def register(name: str, folder: Path, stem: str) -> Callable:
    """Register component `name` from `folder/stem.{html,css,js}`; return its mount function
    (each page mounts it with its own key; `data`, a mapping of plain values, is sent as one
    JSON text in UTF-8 bytes). Its styles stay inside its own shadow root."""

    def asset(suffix: str) -> str:
        return (folder / f"{stem}.{suffix}").read_text(encoding="utf-8")

    component = st.components.v2.component(
        name, html=asset("html"), css=asset("css"), js=asset("js"), isolate_styles=True
    )

    def mount(*, data: Mapping, **kwargs):
        return component(data=json.dumps(data).encode("utf-8"), **kwargs)

    return mount


def sent_data(proto) -> dict:
    """What a component's script is given, read back from its element (`BidiComponent` proto):
    the mapping that was mounted."""
    return json.loads(proto.bytes)
