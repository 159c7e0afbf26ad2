"""Walkthrough: the gain 2^rel − 1 against the linear gain (from the milvus.io explainer and
Wikipedia's 2012 article)."""

from views.learn import walkthrough


def main() -> None:
    walkthrough.render("gain")


main()
