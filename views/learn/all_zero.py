"""Walkthrough: the all-zero list and the 0/0 conventions (from the milvus.io explainer)."""

from views.learn import walkthrough


def main() -> None:
    walkthrough.render("zero")


main()
