"""Walkthrough: graded 0–3 relevance (from the web article on NDCG, the milvus.io explainer,
Wikipedia's 2012 article and today's)."""

from ui import walkthrough

walkthrough.render("graded")
