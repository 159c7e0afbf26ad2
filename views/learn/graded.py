"""Walkthrough: graded 0–3 relevance (notes 000, 001 and Wikipedia 2012)."""

from ui import walkthrough

walkthrough.render("graded")
