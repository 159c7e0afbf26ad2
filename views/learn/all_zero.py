"""Walkthrough: the all-zero list and the 0/0 conventions (001)."""

from ui import walkthrough

walkthrough.render("zero")
