"""Joining a run to its judgments (`Dataset`).

What the join leaves out or changes (queries one file lacks, unjudged documents, negative or
fractional relevances) is said in the dataset's notes, in words.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

import numpy as np
import pandas as pd
import pyarrow as pa
import pyarrow.compute as pc

from columnar import arrow_of, frame_of, give_back, numpy_of, runs_of
from i18n import N_, tr_kept, trn_kept

from .read import Table

JOIN_SLICE = 1 << 19  # ranked rows matched at once (`judgment_of`): bounds its temporaries


@dataclass(frozen=True)
class Dataset:
    """A run joined to its judgments, ready for ``batch_ndcg``.

    ``ranked`` holds the retrieved rows (query, doc, score, relevance, judged) of the queries
    that are evaluated; ``judgments`` every judged (query, doc, relevance) of those queries;
    ``unanswered`` the judgments of the queries the run never answers (trec_eval's ``-c``
    scores them 0; see `evaluate`'s `complete`); ``notes`` says, in words, every rule that was
    applied to get there. The three tables are frames, or the columns they are made of (what a
    worker sends, `join_trec`'s ``columns``: `framed`).
    """

    name: str
    ranked: pd.DataFrame
    judgments: pd.DataFrame
    has_scores: bool
    notes: tuple[str, ...] = field(default_factory=tuple)
    unanswered: pd.DataFrame | None = None

    def framed(self) -> Dataset:
        frames = (frame_of(self.ranked), frame_of(self.judgments), frame_of(self.unanswered))
        return replace(self, ranked=frames[0], judgments=frames[1], unanswered=frames[2])

    @property
    def queries(self) -> pd.Index:
        return pd.Index(pd.unique(self.ranked["query"]), name="query")

    @property
    def unanswered_queries(self) -> pd.Index:
        """Judged queries the run has no ranking for, in the order the judgments give them."""
        if self.unanswered is None or self.unanswered.empty:
            return pd.Index([], name="query", dtype=object)
        return pd.Index(pd.unique(self.unanswered["query"]), name="query")

    @property
    def grades(self) -> tuple[float, ...]:
        """Every relevance grade the data holds (judged, ranked, or of an unanswered query)."""
        parts = [self.ranked["relevance"].to_numpy(), self.judgments["relevance"].to_numpy()]
        if self.unanswered is not None:
            parts.append(self.unanswered["relevance"].to_numpy())
        return tuple(float(g) for g in np.unique(np.concatenate(parts)))

    @property
    def longest(self) -> int:
        """The number of documents of the longest ranking (the deepest cut-off that matters)."""
        return int(self.ranked.groupby("query", sort=False, observed=True).size().max())


# ---------------------------------------------------------------------------------------------
# Joining a run to its judgments
# ---------------------------------------------------------------------------------------------


def _listed(values) -> list:
    return values.to_pylist() if hasattr(values, "to_pylist") else list(values)  # arrow's too


def _examples(values, limit: int = 5) -> str:
    """A few of `values`, and how many more there are: '1, 2, 3, 4, 5 and 7 more'."""
    values = _listed(values)
    shown = ", ".join(str(v) for v in values[:limit])
    if len(values) <= limit:
        return shown
    more = len(values) - limit
    return trn_kept(
        "{shown} and {count} more", "{shown} and {count} more", more, shown=shown, count=int(more)
    )


def _negative_note(relevance: np.ndarray) -> tuple[np.ndarray, list[str]]:
    notes = []
    fractional = int((relevance % 1 != 0).sum())
    if fractional:
        notes.append(
            trn_kept(
                "{count} judgment has a relevance that is not a whole number: used as it is "
                "(scikit-learn does the same). trec_eval reads only its leading whole number "
                "(0.5 → 0, 1.7 → 1), so its values differ for the queries concerned.",
                "{count} judgments have a relevance that is not a whole number: used as it is "
                "(scikit-learn does the same). trec_eval reads only its leading whole number "
                "(0.5 → 0, 1.7 → 1), so its values differ for the queries concerned.",
                fractional,
                count=int(fractional),
            )
        )
    negative = relevance < 0
    if not negative.any():
        return relevance, notes
    relevance = np.where(negative, 0.0, relevance)  # as pandas' clip: -0.0 and NaN stay
    below = int(negative.sum())
    notes.append(
        trn_kept(
            "{count} judgment has relevance below 0 (trec_eval's 'judged, not relevant'): they "
            "count as relevance 0.",
            "{count} judgments have relevance below 0 (trec_eval's 'judged, not relevant'): they "
            "count as relevance 0.",
            below,
            count=int(below),
        )
    )
    return relevance, notes


def _no_relevant_note(codes: np.ndarray, relevance: np.ndarray, queries) -> list[str]:
    """The queries (`codes` into `queries`) whose best `relevance` is 0 or none, in words."""
    best = np.zeros(len(queries))
    np.fmax.at(best, codes, relevance)  # fmax: NaN skipped, as a group's max skips it
    empty = [query for query, top in zip(_listed(queries), best) if top <= 0]
    if not empty:
        return []
    return [
        trn_kept(
            "{count} query has no relevant judgment ({examples}): their ideal DCG is 0, so their "
            "NDCG follows the all-zero rule.",
            "{count} queries have no relevant judgment ({examples}): their ideal DCG is 0, so "
            "their NDCG follows the all-zero rule.",
            len(empty),
            count=len(empty),
            examples=_examples(empty),
        )
    ]


def _nothing_left(table: Table, what: str) -> ValueError:
    """The message for a file none of whose lines could be used."""
    if table.summary:
        return ValueError(
            tr_kept(
                "No line of {name} is left to evaluate. {summary} Fix the file, or choose "
                "another, and try again.",
                name=table.name,
                summary=table.summary,
            )
        )
    if table.problems:
        return ValueError(
            trn_kept(
                "No line of {name} is left to evaluate: the {count} line with {what} was set "
                "aside as a problem (listed with its reason). Fix the file and upload it again.",
                "No line of {name} is left to evaluate: all {count} lines with {what} were set "
                "aside as problems (listed with their reasons). Fix the file and upload it again.",
                table.problem_count,
                name=table.name,
                count=int(table.problem_count),
                what=tr_kept(_WHAT[what]),
            )
        )
    return ValueError(
        tr_kept("{name} has no {what} to evaluate.", name=table.name, what=tr_kept(_WHAT[what]))
    )


# What a file holds, as `_nothing_left` names it.
_WHAT = {
    "ranked documents": N_("ranked documents"),
    "judgments": N_("judgments"),
    "rows": N_("rows"),
}


def _as_category(column: pd.Series, categories: pd.Index) -> pd.Categorical:
    # Factorized first (a hash of a few distinct ids), then looked up among `categories`.
    codes, uniques = pd.factorize(column)
    return pd.Categorical.from_codes(categories.get_indexer(uniques)[codes], categories=categories)


def _text(column):  # a text column as arrow's: a reader's as it is, a frame's (not a copy)
    return column if isinstance(column, (pa.Array, pa.ChunkedArray)) else pa.array(column)


def judgment_of(codes: np.ndarray, docs, judged_codes: np.ndarray, judged_docs) -> np.ndarray:
    """For each ranked row (its query's code, its document), the position of the judgment of
    the same pair among (`judged_codes`, `judged_docs`), or -1 when no judgment meets it.

    Query codes are whole numbers both sides share; documents are strings (arrow or pandas).
    Each document is hashed once, against the judged documents only (arrow's `index_in`), and
    the pairs are then matched as whole numbers: a string join on two keys hashed both keys of
    every row and took three times as long; `JOIN_SLICE` rows at a time, so the temporaries are
    a slice's. A pair judged twice meets its last judgment (a table made by hand may do that)."""
    judged_docs = _text(judged_docs)
    names = pc.unique(judged_docs)
    width = np.int64(max(len(names), 1))
    judged_keys = judged_codes.astype(np.int64) * width + numpy_of(
        pc.index_in(judged_docs, value_set=names)
    )
    order = np.argsort(judged_keys, kind="stable")  # a pair's judgments in file order
    known = judged_keys[order]
    last = np.append(known[1:] != known[:-1], True)  # a pair judged twice: its last judgment
    known, order = known[last], order[last]
    docs, out = _text(docs), np.full(len(codes), -1, np.int32)
    for start in range(0, len(codes) if len(known) else 0, JOIN_SLICE):
        piece = docs.slice(start, JOIN_SLICE)  # one array: index_in on chunks costs twice
        piece = piece.combine_chunks() if isinstance(piece, pa.ChunkedArray) else piece
        doc_at = numpy_of(pc.index_in(piece, value_set=names))
        hit = start + np.flatnonzero(doc_at >= 0)  # the rows whose document is judged somewhere
        keys = codes[hit].astype(np.int64) * width + doc_at[hit - start]
        at = np.minimum(np.searchsorted(known, keys), len(known) - 1)
        out[hit] = np.where(known[at] == keys, order[at], -1)
    return out


def codes_of(column) -> tuple[np.ndarray, pa.Array]:
    """Each row's query as a code, and the queries (arrow's text) in order of first appearance.
    A file lists a query's rows together: each run of equal ids is looked up once."""
    starts, heads = runs_of(_text(column))
    names = pc.unique(heads)  # in order of first appearance
    first = numpy_of(pc.index_in(heads, value_set=names))
    lengths = np.diff(np.append(starts, len(column)))
    return np.repeat(first.astype(np.int32), lengths), names  # int32: half the bytes


def _filtered(columns: dict, keep: np.ndarray) -> dict:
    """Each of `columns` (arrow's or numpy's) at the rows `keep` says."""
    mask, arrow = arrow_of(keep), (pa.Array, pa.ChunkedArray)
    return {c: v.filter(mask) if isinstance(v, arrow) else v[keep] for c, v in columns.items()}


def join_trec(run: Table, qrels: Table, name: str | None = None, *, columns: bool = False):
    """Join a run to qrels as trec_eval does; notes say what was left out and why.

    Documents the run ranks but the qrels do not judge count as not relevant (relevance 0).
    Only queries present in both files are evaluated (trec_eval's default); the judgments of
    the queries the run never answers are kept apart (`Dataset.unanswered`) for trec_eval's
    ``-c`` mean. With `columns`, the dataset's tables are the columns of their frames
    (`Dataset.framed`): pandas is not used, so a worker process need not import it.
    """
    if not len(run.rows["query"]):
        raise _nothing_left(run, "ranked documents")
    if not len(qrels.rows["query"]):
        raise _nothing_left(qrels, "judgments")
    notes: list[str] = list(run.notes) + list(qrels.notes)
    relevance, negative = _negative_note(np.asarray(qrels.rows["relevance"], dtype=float))
    judgments = {"query": _text(qrels.rows["query"]), "doc": _text(qrels.rows["doc"])}
    judgments["relevance"] = relevance
    notes += negative
    run_codes, run_queries = codes_of(run.rows["query"])
    judged_codes, judged_queries = codes_of(judgments["query"])
    answered = numpy_of(pc.is_in(run_queries, value_set=judged_queries))
    ranked_by = numpy_of(pc.is_in(judged_queries, value_set=run_queries))
    unjudged = run_queries.filter(arrow_of(~answered))
    unranked = judged_queries.filter(arrow_of(~ranked_by))
    if len(unjudged):
        notes.append(
            trn_kept(
                "The run has {count} query the qrels lack ({examples}): without judgments they "
                "cannot be scored, so they are left out (as trec_eval does).",
                "The run has {count} queries the qrels lack ({examples}): without judgments they "
                "cannot be scored, so they are left out (as trec_eval does).",
                len(unjudged),
                count=len(unjudged),
                examples=_examples(unjudged),
            )
        )
    if len(unranked):
        notes.append(
            trn_kept(
                "The qrels judge {count} query the run never answers ({examples}): left out of the "
                "mean by default, as trec_eval does; with its -c option (every judged query) "
                "each counts as 0.",
                "The qrels judge {count} queries the run never answers ({examples}): left out of "
                "the mean by default, as trec_eval does; with its -c option (every judged "
                "query) each counts as 0.",
                len(unranked),
                count=len(unranked),
                examples=_examples(unranked),
            )
        )
    keep = run_queries.filter(arrow_of(answered))
    if not len(keep):
        raise ValueError(
            tr_kept(
                "The run and the qrels have no query in common, so there is nothing to "
                "evaluate: the run's queries start {run}, the qrels' {qrels}. Check that both "
                "files are about the same topics.",
                run=_examples(run_queries, 3),
                qrels=_examples(judged_queries, 3),
            )
        )
    # Queries as codes into `keep` (-1: left out); most often both files have the same queries,
    # and nothing is filtered.
    codes = run_codes if answered.all() else (np.cumsum(answered, dtype=np.int32) - 1)[run_codes]
    docs, score = _text(run.rows["doc"]), np.asarray(run.rows["score"], dtype=float)
    if len(unjudged):
        inside = answered[run_codes]
        codes, docs, score = codes[inside], docs.filter(arrow_of(inside)), score[inside]
    judged_in = numpy_of(pc.index_in(judged_queries, value_set=keep)).astype(np.int32)
    judged_in = judged_in[judged_codes]
    unanswered = _filtered(judgments, judged_in < 0)
    if len(unranked):
        judgments, judged_in = _filtered(judgments, judged_in >= 0), judged_in[judged_in >= 0]
    at = judgment_of(codes, docs, judged_in, judgments["doc"])
    give_back()  # the match's slices, freed
    judged, relevance = at >= 0, np.zeros(len(at))
    relevance[judged] = judgments["relevance"][at[judged]]
    query = pa.DictionaryArray.from_arrays(arrow_of(codes), keep)
    ranked = {"query": query, "doc": docs, "score": score, "relevance": relevance, "judged": judged}
    judgments = judgments | {"query": pa.DictionaryArray.from_arrays(arrow_of(judged_in), keep)}
    unjudged_docs = int((~judged).sum())
    if unjudged_docs:
        notes.append(
            trn_kept(
                "{count} ranked document has no judgment: they count as not relevant (relevance "
                "0), as in trec_eval.",
                "{count} ranked documents have no judgment: they count as not relevant (relevance "
                "0), as in trec_eval.",
                unjudged_docs,
                count=int(unjudged_docs),
            )
        )
    notes += _no_relevant_note(judged_in, judgments["relevance"], keep)
    data = Dataset(name or run.name, ranked, judgments, True, tuple(notes), unanswered)
    return data if columns else data.framed()


def from_csv(table: Table, name: str | None = None) -> Dataset:
    """A CSV table as a dataset: rows with a score are ranked, all rows are judgments."""
    rows = table.rows
    if rows.empty:
        raise _nothing_left(table, "rows")
    notes: list[str] = list(table.notes)
    relevance, negative = _negative_note(rows["relevance"].to_numpy(float))
    notes += negative
    rows = rows.assign(relevance=relevance)
    judgments = rows[["query", "doc", "relevance"]]
    ranked_mask = rows["score"].notna()
    pool_only = int((~ranked_mask).sum())
    if pool_only:
        notes.append(
            trn_kept(
                "{count} row has no score or rank: they are judged documents the system did not "
                "rank; they count only in the ideal ranking built from all judgments.",
                "{count} rows have no score or rank: they are judged documents the system did not "
                "rank; they count only in the ideal ranking built from all judgments.",
                pool_only,
                count=int(pool_only),
            )
        )
    ranked = rows[ranked_mask]
    queries = pd.Index(pd.unique(rows["query"]))
    unranked = queries.difference(pd.Index(pd.unique(ranked["query"])), sort=False)
    if len(unranked):
        notes.append(
            trn_kept(
                "{count} query has judgments but no ranked document ({examples}): left out of the "
                "mean by default; counted as 0 when the mean is taken over every judged query "
                "(trec_eval's -c).",
                "{count} queries have judgments but no ranked document ({examples}): left out of "
                "the mean by default; counted as 0 when the mean is taken over every judged "
                "query (trec_eval's -c).",
                len(unranked),
                count=len(unranked),
                examples=_examples(unranked),
            )
        )
    if ranked.empty:
        raise ValueError(
            tr_kept(
                "No row of {name} has a score or rank, so there is no ranking to evaluate: give "
                "the ranked rows a score (higher first) or a rank (1 first).",
                name=table.name,
            )
        )
    keep = queries.difference(unranked, sort=False)
    unanswered = judgments[rows["query"].isin(unranked)]
    judgments = judgments[rows["query"].isin(keep)]
    ranked = ranked[["query", "doc", "score", "relevance"]].assign(
        judged=True, query=_as_category(ranked["query"], keep)
    )
    judgments = judgments.assign(query=_as_category(judgments["query"], keep))
    has_scores = table.order != "file"
    if not has_scores:
        notes.append(
            tr_kept("There is no score or rank column: each query's rows are ranked in file order.")
        )
    notes += _no_relevant_note(
        judgments["query"].cat.codes.to_numpy(), judgments["relevance"].to_numpy(), keep
    )
    return Dataset(
        name or table.name,
        ranked.reset_index(drop=True),
        judgments.reset_index(drop=True),
        has_scores,
        tuple(notes),
        unanswered.reset_index(drop=True),
    )
