"""Walkthrough: the three examples of the Russian note (003)."""

from ui import walkthrough

walkthrough.render("russian")
