"""One query of a run as a `RankedList`, to open it in the playground."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import pandas as pd

from i18n import tr

from ..display import count, shorten
from ..model import MAX_LABEL_LENGTH, RankedList, Scoring
from ..parsing import label_from_text
from .join import Dataset


def ranked_rows(data: Dataset, query: object, ties: str) -> pd.DataFrame:
    """The rows of `query` in ranked order (trec_eval's unless `ties` is "keep")."""
    rows = data.ranked[data.ranked["query"] == query]
    if rows.empty:
        raise ValueError(
            tr("There is no query {query} in {name}.", query=shorten(repr(query)), name=data.name)
        )
    if ties == "keep":
        return rows.iloc[np.argsort(-rows["score"].to_numpy(), kind="stable")]
    # trec_eval's order (batch's "docid"): scores as float32, ties by doc id descending.
    with np.errstate(over="ignore"):
        single = rows["score"].to_numpy().astype(np.float32)
    order = rows.assign(_single=single).sort_values(
        ["_single", "doc"], ascending=False, kind="stable"
    )
    return order.drop(columns="_single")


def _unretrieved(data: Dataset, query: object, rows: pd.DataFrame) -> list[float]:
    """The relevances of the query's judged documents the run did not rank, best first."""
    judged = data.judgments[data.judgments["query"] == query]
    missing = judged[~judged["doc"].isin(rows["doc"])]
    return sorted(missing["relevance"].tolist(), reverse=True)


@dataclass(frozen=True)
class QueryList:
    """One query of a run as a `RankedList`, and what had to be left out to make it one."""

    ranked: RankedList
    notes: tuple[str, ...] = ()


def query_list(
    data: Dataset, query: object, scoring: Scoring, *, max_items: int | None = None
) -> QueryList:
    """One query as a ranked list scored with `scoring`: NDCG of this list equals the query's
    value in ``evaluate(data, scoring)`` (ties averaged excepted: one list shows one
    order, trec_eval's).

    Labels are the doc ids (made typable, cut to `MAX_LABEL_LENGTH`; D1, D2, … when that makes
    two alike). With the ideal from the judgments, the pool holds the query's judged relevant
    documents the run did not rank (judged-not-relevant ones add nothing to any DCG). A cut-off
    k beyond the list stays k. `max_items` cuts the list and the pool, and a note says what was
    cut.
    """
    rows = ranked_rows(data, query, scoring.ties)
    values = rows["relevance"].tolist()
    docs = [str(d) for d in rows["doc"]]
    notes = []
    pool: list[float] = []
    if scoring.ideal == "judgments":
        pool = [value for value in _unretrieved(data, query, rows) if value > 0]
    if max_items is not None and len(values) > max_items:
        notes.append(f"the first {count(max_items)} of its {count(len(values))} ranked documents")
        values, docs = values[:max_items], docs[:max_items]
    if max_items is not None and len(pool) > max_items:
        notes.append(
            f"the best {count(max_items)} of its {count(len(pool))} judged documents the run "
            f"did not retrieve"
        )
        pool = pool[:max_items]
    if notes:
        # A link holds at most `max_items` of each: say what the playground will not see.
        notes = [
            f"The link of query {query} holds only {' and '.join(notes)}: the playground scores "
            f"what it holds, so its numbers can differ from this table's."
        ]
    labels = tuple(label_from_text(doc, MAX_LABEL_LENGTH) for doc in docs)
    if len(set(labels)) != len(labels) or not all(labels):
        labels = ()  # RankedList then numbers them D1, D2, …
    ranked = RankedList(tuple(values), labels, tuple(pool), scoring)
    return QueryList(ranked, tuple(notes))
