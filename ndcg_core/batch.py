"""NDCG over many queries at once: ragged lists in long format, vectorised with numpy.

A run is given in long format, one row per (query, item): the query id, the item's relevance
and, optionally, the system's score. Items are ranked within their query by decreasing score
(or kept in input order when there are no scores). Ties between equal scores follow a stated
policy:

- ``"keep"``: tied items keep their input order (a stable sort), as LightGBM and XGBoost do.
- ``"average"``: every item of a tied group gets the group's mean gain, the expected DCG over
  all orders of the group (McSherry & Najork 2008), as scikit-learn's ``ndcg_score`` does.
- ``"docid"``: tied items are ordered by document id, descending (compared as text), as
  trec_eval does; needs ``docs``. Scores are compared as trec_eval stores them, in single
  precision (``float sim`` in trec_eval up to 9.0.8, the version pytrec_eval wraps): 1.00000002
  and 1.00000001 are the same float32, so they tie.

A run may leave out queries the judgments have. By default (``complete=False``) those queries
play no part, as in trec_eval; ``complete=True`` scores each of them as an empty ranking
(DCG 0, so NDCG 0, or the all-zero rule when nothing was relevant), as trec_eval's ``-c``
(``--complete_rel_info_wanted``) does, so a run cannot look better by skipping hard queries.

References (written out in `ndcg_core.references`): McSherry & Najork (2008).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

import numpy as np
import pandas as pd

from i18n import tr

from .checks import as_numbers, check_count, check_k, check_not_negative, is_number
from .display import exact, shorten
from .metrics import check_on_zero, check_settings
from .model import check_sums, largest_weight
from .options import TIES, gains, position_weights

SLICE_ROWS = 1 << 18  # rows evaluated at once (`_slices`): bounds an evaluation's temporaries


@dataclass(frozen=True)
class BatchResult:
    """Per-query values and their mean."""

    per_query: pd.DataFrame
    mean: float
    queries_without_relevant: int


def batch_ndcg(
    queries: Iterable,
    relevances: Iterable[float],
    scores: Iterable[float] | None = None,
    k: int | None = None,
    *,
    ties: str = "keep",
    ideal_queries: Iterable | None = None,
    ideal_relevances: Iterable[float] | None = None,
    gain: str = "linear",
    discount: str = "log2",
    log_base: float = 2,
    on_zero: float = 0.0,
    docs: Iterable | None = None,
    complete: bool = False,
) -> BatchResult:
    """NDCG@k of every query of a run, and the mean over queries.

    Parameters
    ----------
    queries, relevances, scores : array-like, one entry per (query, item) row
        Rows of one query need not be adjacent. Without `scores`, rows are taken as already
        ranked in input order.
    k : int or None
        Cut-off, applied to each query's ranking and to its ideal.
    ties : {"keep", "average", "docid"}
        How equal scores within a query are ordered; see the module docstring.
    ideal_queries, ideal_relevances : array-like, optional
        All judged items per query (the pool). When given, each query's ideal ranking is built
        from its judgments instead of from its ranked items (trec_eval's convention); a query
        without judgments has IDCG 0.
    on_zero : float
        NDCG of a query whose IDCG is 0: 0.0, 1.0, or NaN to leave it out of the mean.
    docs : array-like, optional
        Document id of each row; needed by ``ties="docid"``.
    complete : bool
        With `ideal_queries`: also score every judged query that has no row, as an empty
        ranking (trec_eval's ``-c``); they follow the run's queries, in order of first
        appearance among the judgments, with ``n_items`` 0.

    Returns
    -------
    BatchResult
        ``per_query`` has one row per query (in order of first appearance) with columns
        ``n_items``, ``dcg``, ``idcg`` and ``ndcg``; ``mean`` ignores NaN.
    """
    gain, discount, log_base = check_settings(gain, discount, log_base)
    cut = check_k(k)
    zero = check_on_zero(on_zero)
    if ties not in TIES:
        raise ValueError(
            tr(
                "`ties` must be 'keep' or 'average' (or 'docid' with `docs`); got {value}.",
                value=shorten(repr(ties)),
            )
        )
    if ties == "docid" and docs is None:
        raise ValueError(tr("`ties='docid'` orders tied scores by document id: pass `docs` too."))
    if docs is not None and not hasattr(docs, "__len__"):
        docs = list(docs)  # a generator is read once, here

    if not isinstance(complete, (bool, np.bool_)):
        raise ValueError(
            tr("`complete` must be True or False; got {value}.", value=shorten(repr(complete)))
        )
    if complete and ideal_relevances is None:
        raise ValueError(
            tr(
                "`complete=True` scores the judged queries a run left out: pass the judgments "
                "as `ideal_queries` and `ideal_relevances` too."
            )
        )

    codes, names = pd.factorize(_as_ids(queries, "queries"), sort=False)
    rel = _as_relevance(relevances, codes.size, "relevances")
    score = None if scores is None else _as_scores(scores, codes.size)
    if ties == "docid" and score is not None:
        with np.errstate(over="ignore"):  # beyond float32's range is ±inf, as in trec_eval
            score = score.astype(np.float32).astype(float)
    names = pd.Index(names)
    if complete:
        judged = pd.Index(pd.unique(_as_ids(ideal_queries, "ideal_queries")))
        names = names.append(judged.difference(names, sort=False))
    n_queries = names.size

    if (ideal_queries is None) != (ideal_relevances is None):
        raise ValueError(
            tr(
                "`ideal_queries` and `ideal_relevances` go together: the query of each judged "
                "item and its relevance. Pass both, or neither (the ideal then comes from the "
                "run)."
            )
        )
    order = _ranking_order(codes, score)
    if ties == "docid" and score is not None:
        order = _break_ties_by_doc(order, codes, score, docs)
    n_items = np.bincount(codes, minlength=n_queries)
    del codes  # the rows' queries are `n_items` from here: the run's length less to hold
    tie_score = score if ties == "average" else None
    dcg, relevance_sums, gain_sums = _ranked_sums(
        (rel, tie_score), order, n_items, cut, gain, discount, log_base
    )

    if ideal_relevances is None:  # the ideal draws on the ranked rows themselves
        ideal_codes, ideal_rel, ideal_sums = None, rel, (relevance_sums, gain_sums)
    else:
        pool_codes = names.get_indexer(_as_ids(ideal_queries, "ideal_queries"))
        pool_rel = _as_relevance(ideal_relevances, pool_codes.size, "ideal_relevances")
        known = pool_codes >= 0  # judgments of queries the run does not have play no part
        ideal_codes, ideal_rel, ideal_sums = pool_codes[known], pool_rel[known], None
    _check_scorable_queries(
        (relevance_sums, gain_sums, rel),
        (ideal_codes, ideal_rel, ideal_sums),
        n_queries,
        gain,
        discount,
        log_base,
    )
    pool, pool_order, pool_counts = rel, order, n_items
    if ideal_codes is not None:  # a pool (the judgments) in any order: grouped by query first
        grouped = ideal_codes.size < 2 or bool(np.all(ideal_codes[1:] >= ideal_codes[:-1]))
        pool_order = None if grouped else np.argsort(ideal_codes, kind="stable")
        pool, pool_counts = ideal_rel, np.bincount(ideal_codes, minlength=n_queries)
    idcg = _ideal_dcg(pool, pool_order, pool_counts, cut, gain, discount, log_base)
    with np.errstate(divide="ignore", invalid="ignore"):
        value = np.where(idcg > 0, dcg / np.where(idcg > 0, idcg, 1.0), zero)
    per_query = pd.DataFrame(
        {
            "n_items": n_items,
            "dcg": dcg,
            "idcg": idcg,
            "ndcg": value,
        },
        index=names.rename("query"),
    )
    return BatchResult(per_query, mean_of(value), int((idcg == 0).sum()))


def mean_of(values: np.ndarray) -> float:
    """The mean of per-query values, NaN (a query left out) skipped; NaN when none is left."""
    return float(np.nanmean(values)) if np.isfinite(values).any() else float("nan")


def _check_scorable_queries(ranked, ideal, n_queries: int, gain, discount, log_base) -> None:
    """Each query as `RankedList` would check it (`model.check_sums`, the one rule): the sums
    over its ranked items and over the items its ideal is built from (a query's list and pool)
    must fit in a float, so a run is scored here exactly when each of its queries can be opened
    as a list. `ranked`: (`_ranked_sums`' two sums, relevances); `ideal`: (codes, relevances,
    sums or None: summed here)."""
    relevance_sums, gain_sums, values = ranked
    ideal_codes, ideal_values, ideal_sums = ideal
    if ideal_sums is None:
        ideal_gained = gains(ideal_values, gain)
        with np.errstate(over="ignore", invalid="ignore"):
            ideal_sums = (
                np.bincount(ideal_codes, weights=np.abs(ideal_values), minlength=n_queries),
                np.bincount(ideal_codes, weights=np.abs(ideal_gained), minlength=n_queries),
            )
    with np.errstate(over="ignore", invalid="ignore"):
        relevance_sums = np.maximum(relevance_sums, ideal_sums[0])
        gain_sums = np.maximum(gain_sums, ideal_sums[1])
    # What the message names is made only to refuse: the run's length twice over otherwise.
    check_sums(
        relevance_sums,
        gain_sums,
        largest_weight(discount, log_base),
        lambda: np.concatenate([values, ideal_values]),
        lambda: (gain, np.concatenate([gains(values, gain), gains(ideal_values, gain)])),
    )


def _as_ids(values: Iterable, parameter: str) -> np.ndarray:
    """Query ids as an array. Numbers and text are never mixed: 1 and "1" would be read as one
    query by some tools and two by others, so they are refused by name."""
    if isinstance(values, np.ndarray) and values.dtype != object:
        return values
    items = values if isinstance(values, np.ndarray) else list(values)
    kinds = {"text" if isinstance(v, str) else "number" if is_number(v) else "other" for v in items}
    if len(kinds - {"other"}) > 1:
        first_text = next(v for v in items if isinstance(v, str))
        first_number = next(v for v in items if is_number(v))
        raise ValueError(
            tr(
                "`{parameter}` mixes numbers and text ({number} and {text}): use one kind of "
                "id, e.g. all text.",
                parameter=parameter,
                number=shorten(repr(first_number)),
                text=shorten(repr(first_text)),
            )
        )
    return np.asarray(items, dtype=object) if "other" in kinds else np.asarray(items)


def _as_relevance(values: Iterable[float], n: int, parameter: str) -> np.ndarray:
    rel = as_numbers(values, parameter, where="row")
    check_count(rel.size, n, parameter, per="row")
    return check_not_negative(rel, parameter, where="row")


def _as_scores(values: Iterable[float], n: int) -> np.ndarray:
    score = as_numbers(values, "scores", where="row")
    check_count(score.size, n, "scores", per="row")
    return score


def in_ranking_order(codes: np.ndarray, score: np.ndarray) -> bool:
    """Whether the rows are in ranking order already: each query's rows together (`codes` not
    falling) and, within a query, scores not rising (a NaN score is never in order)."""
    if codes.size < 2:
        return True
    same = codes[1:] == codes[:-1]
    return bool(((codes[1:] > codes[:-1]) | (same & (score[1:] <= score[:-1]))).all())


def _ranking_order(codes: np.ndarray, score: np.ndarray | None) -> np.ndarray | None:
    """Row order that groups queries and ranks by decreasing score, stable among ties; None
    when the rows are in that order already (no index the run's length is made)."""
    if score is None:
        if codes.size < 2 or np.all(codes[1:] >= codes[:-1]):
            return None
        return np.argsort(codes, kind="stable")
    if in_ranking_order(codes, score):  # a run file most often is: 2.4 M rows skip two sorts
        return None
    if codes.max() < 2**16:
        # Two stable passes; numpy radix-sorts 16-bit keys, faster than lexsort on 1M rows.
        by_score = np.argsort(-score, kind="stable")
        return by_score[np.argsort(codes.astype(np.uint16)[by_score], kind="stable")]
    return np.lexsort((-score, codes))


def _break_ties_by_doc(order: np.ndarray | None, codes: np.ndarray, score: np.ndarray, docs):
    """Reorder each run of tied scores by document id, descending (trec_eval).

    Only the tied rows are looked at, so a run with few ties pays for few string comparisons.
    `order` None: the rows are in order already; None is returned when no score is tied."""
    n = codes.size
    if n < 2:
        return order
    code_sorted, score_sorted = (codes, score) if order is None else (codes[order], score[order])
    same = (code_sorted[1:] == code_sorted[:-1]) & (score_sorted[1:] == score_sorted[:-1])
    if not same.any():
        return order
    tied = np.zeros(n, dtype=bool)
    tied[1:] |= same
    tied[:-1] |= same
    positions = np.flatnonzero(tied)
    starts = np.ones(positions.size, dtype=bool)
    starts[1:] = ~same[positions[1:] - 1]
    group = np.cumsum(starts)
    rows = positions if order is None else order[positions]
    if hasattr(docs, "__len__"):
        check_count(len(docs), n, "docs", "id", "row")
    if hasattr(docs, "take") and not isinstance(docs, np.ndarray):
        doc_ids = np.asarray(docs.take(rows), dtype=object)  # pandas: convert only these rows
    else:
        doc_array = np.asarray(docs)
        if doc_array.ndim != 1:
            raise ValueError(
                tr(
                    "`docs` must be a flat list of ids; got shape {shape}.",
                    shape=doc_array.shape,
                )
            )
        check_count(doc_array.size, n, "docs", "id", "row")
        doc_ids = doc_array[rows]
    doc_rank = pd.factorize(doc_ids, sort=True)[0]
    order = np.arange(n) if order is None else order.copy()
    order[positions] = rows[np.lexsort((-doc_rank, group))]
    return order


def _rank_within_group(codes_sorted: np.ndarray) -> np.ndarray:
    """0-based position of each row inside its (adjacent) query group."""
    n = codes_sorted.size
    starts = np.empty(n, dtype=bool)
    starts[:1] = True
    starts[1:] = codes_sorted[1:] != codes_sorted[:-1]
    start_index = np.flatnonzero(starts)
    group = np.cumsum(starts) - 1
    return np.arange(n) - start_index[group]


def _slices(order: np.ndarray | None, counts: np.ndarray):
    """Consecutive runs of whole queries of at most `SLICE_ROWS` rows (a longer query alone),
    over rows grouped by query in code order (`counts` rows a query) taken through `order`
    (None: as given): each run's first and end query, its rows, each row's query from the
    first. A query's rows never straddle two runs."""
    ends, first = np.cumsum(counts), 0
    while first < counts.size:
        start = int(ends[first - 1]) if first else 0
        last = max(int(np.searchsorted(ends, start + SLICE_ROWS, side="right")), first + 1)
        rows = slice(start, int(ends[last - 1]))
        rows = rows if order is None else order[rows]
        yield first, last, rows, np.repeat(np.arange(last - first), counts[first:last])
        first = last


def _ranked_sums(ranked, order, counts, cut, gain, discount, log_base):
    """Each query's DCG@k and sums of absolute relevances and gains (`_check_scorable_queries`)
    of `ranked` = (relevances, tie scores or None) in ranking `order`, a slice of whole queries
    at a time (`_slices`): temporaries a slice long, not the run (1.9 M rows held ten arrays of
    its length). A query's rows are summed in the same order: the same values to the bit."""
    rel, tie_score = ranked
    n_queries = counts.size
    dcg, relevance_sums, gain_sums = np.zeros(n_queries), np.zeros(n_queries), np.zeros(n_queries)
    weights = position_weights(int(counts.max(initial=0)), cut, discount, log_base)
    for first, last, rows, code in _slices(order, counts):
        span, value = last - first, rel[rows]
        gained = gains(value, gain)
        with np.errstate(over="ignore", invalid="ignore"):
            relevance_sums[first:last] = np.bincount(code, np.abs(value), minlength=span)
            gain_sums[first:last] = np.bincount(code, np.abs(gained), minlength=span)
        disc = weights[_rank_within_group(code)]
        if tie_score is None:
            dcg[first:last] = np.bincount(code, weights=gained * disc, minlength=span)
            continue
        # ties="average": each tied group earns its mean gain at each of its positions.
        score = tie_score[rows]
        new_group = np.empty(code.size, dtype=bool)
        new_group[:1] = True
        new_group[1:] = (code[1:] != code[:-1]) | (score[1:] != score[:-1])
        tie_group = np.cumsum(new_group) - 1
        mean_gain = np.bincount(tie_group, weights=gained) / np.bincount(tie_group)
        disc_sum = np.bincount(tie_group, weights=disc)
        dcg[first:last] = np.bincount(code[new_group], weights=mean_gain * disc_sum, minlength=span)
    return dcg, relevance_sums, gain_sums


def _ideal_dcg(rel, order, counts, cut, gain, discount, log_base) -> np.ndarray:
    """Each query's IDCG@k from the relevances of its items, grouped by query in code order
    through `order` (None: as given), `counts` a query: sorted, a slice of queries at a time."""
    idcg = np.zeros(counts.size)
    weights = position_weights(int(counts.max(initial=0)), cut, discount, log_base)
    for first, last, rows, code in _slices(order, counts):
        span, value = last - first, rel[rows]
        value = value[np.lexsort((-value, code))]
        disc = weights[_rank_within_group(code)]
        idcg[first:last] = np.bincount(code, weights=gains(value, gain) * disc, minlength=span)
    return idcg


def tie_averaged_dcg(item_gains: np.ndarray, scores: np.ndarray, weights: np.ndarray) -> float:
    """`batch_ndcg`'s ``ties="average"`` DCG for one list, without building a batch.

    The items are ranked by decreasing score and each tied group earns its mean gain at each of
    its positions (McSherry & Najork 2008). `item_gains` and `scores` hold one value per item,
    in any order (gains may be negative); `weights` holds the discount of positions 1, 2, …, n,
    0 beyond the cut-off. /libraries scores one query under a dozen presets with this.
    """
    order = np.argsort(-scores, kind="stable")
    ranked_scores = scores[order]
    starts = np.ones(ranked_scores.size, dtype=bool)
    starts[1:] = ranked_scores[1:] != ranked_scores[:-1]
    group = np.cumsum(starts) - 1
    mean_gain = np.bincount(group, weights=item_gains[order]) / np.bincount(group)
    return float(np.dot(mean_gain[group], weights))


# ---------------------------------------------------------------------------------------------
# Equal-length lists as a matrix (one row per query): the fast path, and scikit-learn's input.
# ---------------------------------------------------------------------------------------------


def ndcg_rows(
    relevances,
    scores=None,
    k: int | None = None,
    *,
    ties: str = "keep",
    gain: str = "linear",
    discount: str = "log2",
    log_base: float = 2,
    on_zero: float = 0.0,
) -> np.ndarray:
    """NDCG@k of each row of a (queries × items) matrix, ranked by the matching row of `scores`.

    The same arrays scikit-learn's ``ndcg_score(y_true, y_score)`` takes, one value per row.
    Without `scores` each row is taken as already ranked. `ties` as in `batch_ndcg`:
    "keep" (input order) or "average" (McSherry & Najork's expected DCG).

    Only the top k of each row is ever sorted (a partition finds them), which is why this is
    the fast path for large batches.
    """
    gain, discount, log_base = check_settings(gain, discount, log_base)
    cut = check_k(k)
    zero = check_on_zero(on_zero)
    if ties not in ("keep", "average"):
        raise ValueError(
            tr(
                "`ties` must be 'keep' or 'average' for a matrix; got {value}.",
                value=shorten(repr(ties)),
            )
        )
    rel = _matrix(relevances, "relevances")
    if rel.ndim != 2 or rel.size == 0:
        raise ValueError(
            tr(
                "`relevances` must be a non-empty (queries × items) matrix; got shape {shape}.",
                shape=rel.shape,
            )
        )
    if not (np.isfinite(rel).all() and (rel >= 0).all()):
        row, col = np.argwhere(~np.isfinite(rel) | (rel < 0))[0]
        raise ValueError(
            tr(
                "`relevances` must be finite and not negative; row {row}, item {item} is {value}.",
                row=row + 1,
                item=col + 1,
                value=exact(rel[row, col]),
            )
        )
    n_queries, n = rel.shape
    top = n if cut is None else min(cut, n)
    table = position_weights(top, cut, discount, log_base)
    rows = np.arange(n_queries)[:, None]

    ideal = np.sort(rel if top == n else np.partition(rel, n - top, axis=1)[:, n - top :], axis=1)
    idcg = gains(ideal[:, ::-1], gain) @ table

    if scores is None:
        dcg = gains(rel[:, :top], gain) @ table
    else:
        score = _matrix(scores, "scores")
        if score.shape != rel.shape:
            raise ValueError(
                tr(
                    "`scores` must have the shape of `relevances` {shape}; got {got}.",
                    shape=rel.shape,
                    got=score.shape,
                )
            )
        if np.isnan(score).any():
            row, col = np.argwhere(np.isnan(score))[0]
            raise ValueError(
                tr(
                    "`scores` must be numbers; row {row}, item {item} is NaN.",
                    row=row + 1,
                    item=col + 1,
                )
            )
        chosen = _top_items(score, top)  # (queries × top) column indices, input order
        chosen_score = score[rows, chosen]
        order = np.argsort(-chosen_score, axis=1, kind="stable")
        chosen = chosen[rows, order]
        chosen_gain = gains(rel[rows, chosen], gain)
        if ties == "average":
            chosen_gain = _tie_averaged(chosen_gain, chosen_score[rows, order], score, rel, gain)
        dcg = chosen_gain @ table

    with np.errstate(divide="ignore", invalid="ignore"):
        return np.where(idcg > 0, dcg / np.where(idcg > 0, idcg, 1.0), zero)


def _matrix(values, parameter: str) -> np.ndarray:
    """A matrix of real numbers, refused as `batch_ndcg` and `ndcg` refuse a list (truth
    values, text, complex numbers and times are not relevances or scores)."""
    matrix = np.asarray(values)
    if matrix.dtype.kind not in "iuf":
        flat = matrix.reshape(-1) if matrix.ndim else matrix.reshape(1)
        as_numbers(flat if flat.dtype == object else flat.astype(object), parameter, "entry")
    return matrix.astype(float)


def _top_items(score: np.ndarray, top: int) -> np.ndarray:
    """Column indices of each row's `top` highest scores; among equal scores, the earliest."""
    n_queries, n = score.shape
    if top == n:
        return np.broadcast_to(np.arange(n), score.shape).copy()
    partitioned = np.argpartition(score, n - top, axis=1)
    chosen = partitioned[:, n - top :]
    # The partition puts each row's top-th highest score at column n - top.
    threshold = score[np.arange(n_queries), partitioned[:, n - top]][:, None]
    # A partition picks arbitrarily among scores equal to the threshold; where more items share
    # it than there is room for, pick the earliest ones instead, so ties keep input order.
    crowded = np.flatnonzero(np.count_nonzero(score >= threshold, axis=1) > top)
    if crowded.size:
        part, limit = score[crowded], threshold[crowded]
        above, at = part > limit, part == limit
        room = top - above.sum(axis=1, dtype=np.int32)[:, None]
        take = above | (at & (np.cumsum(at, axis=1, dtype=np.int32) <= room))
        chosen[crowded] = np.nonzero(take)[1].reshape(crowded.size, top)
    return np.sort(chosen, axis=1)  # input order, so a stable sort by score keeps ties in it


def _tie_averaged(
    chosen_gain: np.ndarray, chosen_score: np.ndarray, score: np.ndarray, rel: np.ndarray, gain: str
) -> np.ndarray:
    """Replace each chosen item's gain by the mean gain of all items sharing its score.

    A tied group may straddle the cut-off: its mean runs over the whole group, in or out of the
    top k, which is McSherry & Najork's expectation over the group's orders.
    """
    n_queries, top = chosen_gain.shape
    new = np.ones((n_queries, top), dtype=bool)
    new[:, 1:] = chosen_score[:, 1:] != chosen_score[:, :-1]
    group = np.cumsum(new.ravel()) - 1
    mean = np.bincount(group, weights=chosen_gain.ravel()) / np.bincount(group)
    averaged = mean[group].reshape(n_queries, top)
    # The lowest chosen score's group may have members below the cut: average over all of them.
    last = chosen_score[:, -1:]
    members = score == last
    if (members.sum(axis=1) > (chosen_score == last).sum(axis=1)).any():
        all_gain = gains(rel, gain)
        full_mean = (all_gain * members).sum(axis=1) / members.sum(axis=1)
        averaged = np.where(chosen_score == last, full_mean[:, None], averaged)
    return averaged
