"""trec_eval's measures on a run: the run joined to its judgments in trec_eval's order, every
measure on it at once, and the two files read as trec_eval reads them.

- `TrecMeasure`: one measure as trec_eval names it (``map``, ``P_10``, ``ndcg_cut_10``, …; and
  two it does not have, ``lab_err`` and ``lab_rbp``); `values` computes it for every query of a
  `Ranking` as trec_eval 9.0.8 does;
- `ranking`: a run joined to its judgments, each query's rows by score (in single precision)
  then document id, both descending, as trec_eval sorts them.

The files are read as trec_eval reads them by `runs` (streamed: any size). The command line,
``python -m ndcg_core.trec``, reads its options and files and prints trec_eval's output in
`commands.trec` (this package's `__main__` hands over to it): a front-end, like the pages.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

import numpy as np
import pandas as pd
import pyarrow as pa
import pyarrow.compute as pc

from columnar import text_array

from .. import runs
from ..batch import (
    _break_ties_by_doc,
    _rank_within_group,
    _ranking_order,
    batch_ndcg,
)
from ..runs.join import codes_of, judgment_of


@dataclass(frozen=True)
class TrecMeasure:
    """One measure as trec_eval names it: its printed name, its kind (``map``, ``Rprec``,
    ``recip_rank``, ``P``, ``recall``, ``ndcg``, ``ndcg_cut``, ``map_cut``, ``lab_err`` or
    ``lab_rbp``), its cut-off (None for the whole ranking), RBP's persistence, or ndcg's gain
    per level."""

    name: str
    kind: str = "ndcg"
    k: int | None = None
    gains: tuple[tuple[int, float], ...] = ()
    p: float = 0.8


@dataclass(frozen=True)
class Ranking:
    """A run joined to its judgments, in trec_eval's order: the rows of each evaluated query
    together, by score (in single precision) and then document id, both descending.

    `codes` names each row's query (an index into `queries`), `relevance` its judged relevance
    (trec_eval's -1 for a document not judged); `judged_codes` and `judged` hold every judgment
    of the evaluated queries. With ``complete``, `queries` ends with the judged queries the run
    never answers (they have no rows)."""

    queries: pd.Index
    codes: np.ndarray
    relevance: np.ndarray
    judged_codes: np.ndarray
    judged: np.ndarray

    @cached_property
    def first(self) -> np.ndarray:
        """Each query's first row (its rows follow it: `codes` are sorted)."""
        return np.searchsorted(self.codes, np.arange(len(self.queries)))

    def top(self, k: int | None):
        """The rows ranked above the cut-off `k` (every row for None), in order."""
        size = np.bincount(self.codes, minlength=len(self.queries))
        if k is None or k >= size.max(initial=0):
            return slice(None)
        take = np.minimum(size, k)
        return np.repeat(self.first - np.cumsum(take) + take, take) + np.arange(take.sum())

    def relevant(self, level: int) -> np.ndarray:
        """R: each query's judged documents of relevance `level` or more (trec_eval counts
        levels from 0: a judgment below 0 is never relevant)."""
        judged = self.judged >= max(level, 0)
        return np.bincount(self.judged_codes, weights=judged, minlength=len(self.queries))

    def found(self, hit: np.ndarray) -> np.ndarray:
        """Each row's hits so far in its query's ranking, itself included."""
        total = np.cumsum(hit)
        before = np.concatenate(([0], total))[self.first[self.codes]]
        return total - before


def ranking(run: runs.Table, qrels: runs.Table, complete: bool = False) -> Ranking:
    """`run` joined to `qrels` in trec_eval's order (see `Ranking`): the queries both files have
    (with ``complete``, every judged one)."""
    codes, names = codes_of(run.rows["query"])
    names = pd.Index(text_array(names))
    judged_names = pd.Index(pd.unique(qrels.rows["query"]))
    answered = pc.is_in(pa.array(names), value_set=pa.array(judged_names)).to_numpy(False)
    queries = names[answered]
    if complete:
        queries = queries.append(judged_names.difference(queries, sort=False))
    with np.errstate(over="ignore"):  # trec_eval 9.0.8 keeps scores as floats (±inf beyond)
        score = run.rows["score"].to_numpy().astype(np.float32).astype(float)
    docs = pa.array(run.rows["doc"])
    if isinstance(docs, pa.ChunkedArray):
        docs = docs.combine_chunks()  # one copy, then cheap to take from
    if not answered.all():
        keep = answered[codes]
        codes, score, docs = (np.cumsum(answered) - 1)[codes[keep]], score[keep], docs.filter(keep)
    judged_codes = queries.get_indexer(qrels.rows["query"])
    in_eval = judged_codes >= 0
    judged_codes, judged = judged_codes[in_eval], qrels.rows["relevance"].to_numpy()[in_eval]
    at = judgment_of(codes, docs, judged_codes, qrels.rows["doc"][in_eval])
    relevance = np.where(at >= 0, judged[at], -1.0)  # trec_eval's RELVALUE_NONPOOL: not judged
    # A run file is most often in trec_eval's order already, but for its ties: then no row moves.
    order = _ranking_order(codes, score)  # None: in order already
    order = _break_ties_by_doc(order, codes, score, docs)
    if order is not None:
        codes, relevance = codes[order], relevance[order]
    return Ranking(queries, codes, relevance, judged_codes, judged)


def values(ranked: Ranking, measure: TrecMeasure, level: int = 1) -> np.ndarray:
    """`measure` of every query of `ranked`, as trec_eval computes it (`level`: its -l)."""
    kind, k = measure.kind, measure.k
    n = len(ranked.queries)
    if kind in ("ndcg", "ndcg_cut", "lab_err"):
        # Rows past the cut-off add nothing: only the top k of each query are scored.
        rows = ranked.top(k) if kind != "lab_err" else slice(None)
        relevance = ranked.relevance[rows]
        gain = np.maximum(relevance, 0.0)
        ideal = np.maximum(ranked.judged, 0.0)
        for listed, value in measure.gains:  # trec_eval's gain per level
            gain = np.where(relevance == listed, value, gain)
            ideal = np.where(ranked.judged == listed, value, ideal)
        if kind == "lab_err":
            return _err(ranked, gain, ideal.max(initial=0.0), k)
        try:
            judged = ranked.judged_codes
            result = batch_ndcg(
                ranked.codes[rows], gain, None, k, ideal_queries=judged, ideal_relevances=ideal
            )
        except ValueError as error:
            if not measure.gains:
                raise
            raise ValueError(
                f"-m {measure.name.replace('_', '.', 1)}: the gains are too large to score: their "
                f"discounted sum overflows a float (the largest gain here is {max(v for _, v in measure.gains):g}). "
                f"Divide every gain by the same number: NDCG does not change."
            ) from error
        return result.per_query["ndcg"].reindex(range(n), fill_value=0.0).to_numpy()
    # The binary measures read the relevant rows only (a few a query, of a thousand).
    hits = np.flatnonzero(ranked.relevance >= level)
    codes, rank = ranked.codes[hits], hits - ranked.first[ranked.codes[hits]]  # rank from 0
    top = rank < (k if k is not None else np.inf)
    relevant = ranked.relevant(level)

    def per_query(inside: np.ndarray, weights: np.ndarray | None = None) -> np.ndarray:
        w = None if weights is None else weights[inside]
        return np.bincount(codes[inside], weights=w, minlength=n).astype(float)

    def share_of_relevant(found: np.ndarray) -> np.ndarray:
        return np.divide(found, relevant, out=np.zeros(n), where=relevant > 0)

    if kind == "P":
        return per_query(top) / k
    if kind == "recall":
        return share_of_relevant(per_query(top))
    if kind in ("map", "map_cut"):
        found = _rank_within_group(codes) + 1  # relevant rows so far in the query, this one too
        return share_of_relevant(per_query(top, found / (rank + 1)))
    if kind == "Rprec":
        return share_of_relevant(per_query(rank < relevant[codes]))
    if kind == "recip_rank":
        first = np.full(n, np.inf)
        np.minimum.at(first, codes, rank)
        return 1.0 / (first + 1)
    p = measure.p  # lab_rbp: (1 − p) Σ h_i p^(i−1)
    return per_query(top, (1 - p) * p ** rank.astype(float))


def _err(ranked: Ranking, gain: np.ndarray, top: float, k: int | None) -> np.ndarray:
    """ERR@k (Chapelle et al. 2009): Σ s_i / i · Π_{j<i} (1 − s_j), s = (2^g − 1) / 2^g_max,
    the judgments' highest gain as g_max."""
    rank = np.arange(gain.size) - ranked.first[ranked.codes]
    stop = (np.exp2(gain) - 1) / np.exp2(top) if top > 0 else np.zeros(gain.size)
    log_on = np.log1p(-stop)
    before = ranked.found(log_on) - log_on  # Σ over the earlier rows of the query
    term = np.exp(before) * stop / (rank + 1)
    weights = np.where(rank < (k or np.inf), term, 0.0)
    return np.bincount(ranked.codes, weights=weights, minlength=len(ranked.queries))
