"""Walkthrough: binary relevance (from the web article on NDCG)."""

from ui import walkthrough

walkthrough.render("binary")
