"""Walkthrough: the all-zero list and the 0/0 conventions (from the milvus.io explainer)."""

from ui import walkthrough

walkthrough.render("zero")
