"""Walkthrough: graded 0–3 relevance (from the web article on NDCG, the milvus.io explainer,
Wikipedia's 2012 article and today's)."""

from views.learn import walkthrough


def main() -> None:
    walkthrough.render("graded")


main()
