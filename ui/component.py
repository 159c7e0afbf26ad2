"""One home for registering the app's own Streamlit components (Components v2: mounted in the
page, no frame) from plain files beside their module: `<stem>.html`, `<stem>.css` and
`<stem>.js`, read once when the module is first imported. Nothing is fetched or built."""

from __future__ import annotations

from pathlib import Path

import streamlit as st


def register(name: str, folder: Path, stem: str):
    """Register component `name` from `folder/stem.{html,css,js}`; return its mount function
    (each page mounts it with its own key). Its styles stay inside its own shadow root."""

    def asset(suffix: str) -> str:
        return (folder / f"{stem}.{suffix}").read_text(encoding="utf-8")

    return st.components.v2.component(
        name, html=asset("html"), css=asset("css"), js=asset("js"), isolate_styles=True
    )
