"""Walkthrough: binary relevance (from the web article on NDCG)."""

from views.learn import walkthrough


def main() -> None:
    walkthrough.render("binary")


main()
