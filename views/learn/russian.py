"""Walkthrough: the three examples of the Russian study note."""

from ui import walkthrough

walkthrough.render("russian")
