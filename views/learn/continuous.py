"""Walkthrough: continuous 0–1 relevance, items A–E (Chinese note 002)."""

from ui import walkthrough

walkthrough.render("continuous")
