"""Walkthrough: continuous 0–1 relevance, items A–E (from the study note on 归一化折损累计增益,
written in English under a Chinese title)."""

from views.learn import walkthrough


def main() -> None:
    walkthrough.render("continuous")


main()
