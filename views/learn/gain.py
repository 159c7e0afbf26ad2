"""Walkthrough: the gain 2^rel − 1 against the linear gain (001, 004)."""

from ui import walkthrough

walkthrough.render("gain")
