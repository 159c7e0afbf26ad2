"""Evaluating a joined run (`Dataset`): NDCG per query and the mean, under any conventions;
the two means trec_eval takes (with and without ``-c``); the mean under each convention a run's
files do not settle; two evaluations joined query by query."""

from __future__ import annotations

from dataclasses import dataclass, replace

import numpy as np
import pandas as pd

from i18n import tr

from ..batch import BatchResult, batch_ndcg, mean_of
from ..display import shorten
from ..model import EVERY_RANKED, NO_CUTOFF, Scoring
from ..options import IDEALS, ON_ZERO, check_option
from .join import Dataset

# evaluate's conventions when none is given (trec_eval's); a `Scoring` replaces all of them.
_DEFAULTS = {
    "gain": "linear",
    "discount": "log2",
    "log_base": 2.0,
    "ideal": "judgments",
    "ties": "docid",
    "on_zero": 0.0,
}


def cut_for(scoring: Scoring) -> int | None:
    """The cut-off a run is evaluated at under `scoring`: its k, or None for no cut-off.

    A run's cut-off is a whole number or no cut-off ("none", trec_eval's ndcg). "Every ranked
    position" ("n") is a different k for each query: it is the same as no cut-off when the
    ideal comes from the ranked documents alone, and no run evaluator offers it otherwise.
    """
    if scoring.k == EVERY_RANKED and scoring.ideal == "run":
        return None
    if scoring.k == EVERY_RANKED:
        raise ValueError(
            tr(
                "`k` must be a whole number or 'none' to evaluate a run with the ideal from the "
                "judgments (its queries have lists of different lengths); got {value}.",
                value=repr(scoring.k),
            )
        )
    return scoring.k_for()


def evaluate(
    data: Dataset,
    k: int | Scoring | None = 10,
    *,
    gain: str = "linear",
    discount: str = "log2",
    log_base: float = 2.0,
    ideal: str = "judgments",
    ties: str = "docid",
    on_zero: float = 0.0,
    complete: bool = False,
) -> BatchResult:
    """NDCG@k of every query of `data` through ``batch_ndcg``.

    ``ideal="judgments"`` builds each ideal ranking from all judged documents of the query
    (trec_eval); ``ideal="run"`` from the ranked documents only. ``on_zero=float("nan")``
    leaves queries without any relevant document out of the mean.

    Instead of k and the keywords, a `Scoring` gives every convention at once:
    ``evaluate(data, Scoring(k=10, gain="exponential"), complete=True)`` (its k as in
    `cut_for`); the keywords then keep their defaults (one set otherwise is refused).

    ``complete`` chooses the queries the mean is taken over, as trec_eval's ``-c``
    (``--complete_rel_info_wanted``) does: False (its default), the queries both the run and
    the judgments have; True, every judged query, each query the run never answers scored as
    an empty ranking (DCG 0, so NDCG 0; with nothing relevant to find, the all-zero rule). Those
    queries follow the run's in ``per_query``, with ``n_items`` 0.
    """
    if isinstance(k, Scoring):
        given = {"gain": gain, "discount": discount, "log_base": log_base, "ideal": ideal}
        given |= {"ties": ties, "on_zero": on_zero}
        if given != _DEFAULTS:  # NaN (on_zero) is never equal: refused too
            raise ValueError(
                tr("Give the conventions once: a `Scoring`, or k and the keywords, not both.")
            )
        scoring, cut = k, cut_for(k)
        return evaluate(
            data,
            **replace(scoring, k=NO_CUTOFF if cut is None else cut).kwargs(),
            ideal=scoring.ideal,
            ties=scoring.ties,
            complete=complete,
        )
    check_option(ideal, IDEALS, "ideal")
    if not isinstance(complete, (bool, np.bool_)):
        raise ValueError(
            tr(
                "`complete` must be True (every judged query, trec_eval -c) or False (the "
                "queries of the run); got {value}.",
                value=shorten(repr(complete)),
            )
        )
    ranked = data.ranked
    # Integer codes of one shared category list: fast to group, names restored below.
    categories = ranked["query"].cat.categories
    ranked_codes = ranked["query"].cat.codes.to_numpy()
    pool = {}
    if ideal == "judgments":
        pool_codes = data.judgments["query"].cat.codes.to_numpy()
        pool_relevances = data.judgments["relevance"].to_numpy()
    else:
        pool_codes, pool_relevances = ranked_codes, ranked["relevance"].to_numpy()
    names = categories
    unanswered = data.unanswered_queries if complete else pd.Index([])
    if len(unanswered):
        # The run's queries are codes 0…n-1; the unanswered follow. Under ideal="run" their
        # ideal is an empty ranking: a zero relevance stands for it.
        names = categories.append(unanswered)
        if ideal == "judgments":
            extra = data.unanswered
            extra_codes = len(categories) + unanswered.get_indexer(extra["query"])
            extra_relevances = extra["relevance"].to_numpy(dtype=float)
        else:
            extra_codes = len(categories) + np.arange(len(unanswered))
            extra_relevances = np.zeros(len(unanswered))
        pool_codes = np.concatenate([pool_codes, extra_codes])
        pool_relevances = np.concatenate([pool_relevances, extra_relevances])
    if ideal == "judgments" or len(unanswered):
        pool = {"ideal_queries": pool_codes, "ideal_relevances": pool_relevances}
    result = batch_ndcg(
        ranked_codes,
        ranked["relevance"].to_numpy(),
        ranked["score"].to_numpy(),
        k,
        ties=ties,
        docs=ranked["doc"] if ties == "docid" else None,
        gain=gain,
        discount=discount,
        log_base=log_base,
        on_zero=on_zero,
        complete=bool(len(unanswered)),
        **pool,
    )
    per_query = result.per_query
    per_query.index = pd.Index(names[per_query.index.to_numpy()], name="query")
    return replace(result, per_query=per_query)


@dataclass(frozen=True)
class CompleteGap:
    """A run's mean two ways, as trec_eval takes it: over the queries it answered (its
    default) and over every judged query (``-c``), and the queries that make the difference.

    `unanswered` holds, for each judged query the run never answers, the value it counts with
    in the ``-c`` mean (0 under trec_eval's conventions), its judged and its relevant documents.
    """

    answered: float
    complete: float
    answered_queries: int
    unanswered: pd.DataFrame

    @property
    def difference(self) -> float:
        """How much higher the default mean is than the ``-c`` one (≥ 0 when skipped queries
        count 0)."""
        return self.answered - self.complete


def answered_only(full: BatchResult, data: Dataset) -> BatchResult:
    """`full` (an evaluation with ``complete=True``) cut to the queries the run answers: what
    ``complete=False`` gives, without evaluating again."""
    per_query = full.per_query.iloc[: len(data.queries)]
    mean = mean_of(per_query["ndcg"].to_numpy(dtype=float))
    return BatchResult(per_query, mean, int((per_query["idcg"] == 0).sum()))


def complete_gap(data: Dataset, *conventions, full: BatchResult | None = None, **keywords):
    """Both means of `evaluate` (``complete=False`` and ``True``) under the same conventions
    (`evaluate`'s: k and keywords, or a `Scoring`), from one evaluation: `full`, the one with
    ``complete=True`` when it was made already (a page's), else made here."""
    keywords.pop("complete", None)
    full = full or evaluate(data, *conventions, complete=True, **keywords)
    answered = answered_only(full, data)
    skipped = data.unanswered_queries
    if len(skipped):
        judged = data.unanswered.groupby("query", sort=False)["relevance"]
        unanswered = pd.DataFrame(
            {
                "judged": judged.size().reindex(skipped),
                "relevant": judged.apply(lambda r: int((r > 0).sum())).reindex(skipped),
                "ndcg": full.per_query["ndcg"].reindex(skipped),
            }
        )
    else:
        unanswered = pd.DataFrame(
            {"judged": [], "relevant": [], "ndcg": []}, index=pd.Index([], name="query")
        )
    unanswered.index.name = "query"
    return CompleteGap(
        answered.mean, full.mean, int(answered.per_query["ndcg"].count()), unanswered
    )


@dataclass(frozen=True)
class ConventionGrid:
    """The mean under each all-zero rule (rows, keys of ON_ZERO) × ideal source (columns, keys
    of IDEALS), every other convention held; `spread` is the largest minus the smallest."""

    means: pd.DataFrame
    spread: float


def convention_grid(data: Dataset, scoring: Scoring, *, complete=False, evaluated=None):
    """How far the mean moves with the two conventions a run's files do not settle: what a
    query with nothing relevant scores, and whether unretrieved judgments join the ideal.
    `complete` as in `evaluate`. One evaluation per ideal (by `evaluated(scoring)` if given: a
    page's, shared); each all-zero rule then replaces the NDCG where IDCG is 0 (`batch_ndcg`)."""
    cells = {}
    for ideal in IDEALS:
        at = replace(scoring, ideal=ideal)
        per_query = (evaluated or (lambda s: evaluate(data, s, complete=complete)))(at).per_query
        found, ndcg = per_query["idcg"].to_numpy() > 0, per_query["ndcg"].to_numpy(dtype=float)
        cells[ideal] = {z: mean_of(np.where(found, ndcg, r.value)) for z, r in ON_ZERO.items()}
    means = pd.DataFrame(cells)
    means.index.name, means.columns.name = "zero", "ideal"
    values = means.to_numpy(dtype=float)
    spread = float(np.nanmax(values) - np.nanmin(values)) if np.isfinite(values).any() else 0.0
    return ConventionGrid(means, spread)


@dataclass(frozen=True)
class Pairing:
    """Two evaluations joined query by query: the queries both have, A's and B's values for
    them (NaN where a query was left out of a mean), and how many queries only one of them has."""

    queries: pd.Index
    a: np.ndarray
    b: np.ndarray
    left_out: int

    @property
    def compared(self) -> int:
        """Queries with a value in both A and B."""
        return int((np.isfinite(self.a) & np.isfinite(self.b)).sum())


def pair_queries(a: BatchResult, b: BatchResult) -> Pairing:
    """Join two evaluations on their query ids (a query of only one side cannot be compared)."""
    left, right = a.per_query["ndcg"], b.per_query["ndcg"]
    both = left.index.intersection(right.index, sort=False)
    left_out = len(left) + len(right) - 2 * len(both)
    return Pairing(
        pd.Index(both, name="query"),
        left.loc[both].to_numpy(dtype=float),
        right.loc[both].to_numpy(dtype=float),
        left_out,
    )
