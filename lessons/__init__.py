"""lessons: the teaching material built on the core.

The source documents' worked examples and errata (`examples`), the glossary, the pitfalls, the
hand-calculation slips (`mistakes`), clicks as labels, discount curves compared, the /libraries
gallery of edge cases (`gallery`) and its programs (`snippets`), what each library does with
a list's labels (`label_domains`), and the practice exercises (`practice/`). Pure Python on top
of `ndcg_core`: it never imports Streamlit or `ui`, and the core never imports it
(tests/core/test_layering.py checks both).
"""
