"""The command-line front-ends, beside the pages: they read options, call the kernel and print.

- `trec`: ``python -m ndcg_core.trec``, trec_eval's options and its output, line for line;
- `compare`: ``python -m ndcg_core.compare``, many runs compared, as a table, Markdown, LaTeX
  or CSV (the tables /compare shows and exports).

The commands keep the names the README documents: ``python -m ndcg_core.trec`` and
``python -m ndcg_core.compare`` run the kernel packages' ``__main__``, which hands over to the
module here. The maths (trec_eval's measures, reading runs, the comparison's tests) stays in
the kernel, `ndcg_core.trec`, `ndcg_core.runs`, `ndcg_core.compare` and `ndcg_core.stats`.
"""
