"""Walkthrough: the three examples of the Russian study note."""

from views.learn import walkthrough


def main() -> None:
    walkthrough.render("russian")


main()
