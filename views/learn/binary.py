"""Walkthrough: binary relevance (note 000)."""

from ui import walkthrough

walkthrough.render("binary")
