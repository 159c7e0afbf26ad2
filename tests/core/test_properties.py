"""Properties that hold for every list, checked with hypothesis."""

import numpy as np
import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from ndcg_core import batch_ndcg, breakdown, cg, dcg, idcg, ndcg
from ndcg_core.parsing import format_relevances
from ui.typed import parse_relevances

grades = st.lists(st.integers(0, 4), min_size=1, max_size=30)
reals = st.lists(
    st.floats(0, 10, allow_nan=False, allow_infinity=False, allow_subnormal=False),
    min_size=1,
    max_size=30,
)
relevance_lists = st.one_of(grades, reals)
ks = st.one_of(st.none(), st.integers(1, 40))
gains_ = st.sampled_from(["linear", "exponential"])
discounts_ = st.sampled_from(["log2", "jarvelin"])
bases = st.sampled_from([2, 3, np.e, 10])


@given(relevance_lists, ks, gains_, discounts_, bases)
def test_ndcg_between_zero_and_one(rels, k, gain, discount, base):
    value = ndcg(rels, k, gain=gain, discount=discount, log_base=base)
    assert 0.0 <= value <= 1.0 + 1e-12


@given(relevance_lists, ks, gains_, discounts_, bases)
def test_dcg_at_most_idcg(rels, k, gain, discount, base):
    kw = {"gain": gain, "discount": discount, "log_base": base}
    assert dcg(rels, k, **kw) <= idcg(rels, k, **kw) * (1 + 1e-12) + 1e-12


@given(relevance_lists, ks, gains_, discounts_)
def test_ideal_order_scores_one(rels, k, gain, discount):
    best = sorted(rels, reverse=True)
    # A gain can underflow to 0 (2^1e-112 - 1 == 0.0): then IDCG is 0 and on_zero applies.
    assume(idcg(best, k, gain=gain, discount=discount) > 0)
    assert ndcg(best, k, gain=gain, discount=discount) == pytest.approx(1.0)


@given(grades, st.randoms(use_true_random=False), ks)
def test_permuting_equal_relevances_changes_nothing(rels, random, k):
    # Swap two positions holding the same relevance: the list is literally the same.
    values = np.array(rels)
    for value in set(rels):
        spots = np.flatnonzero(values == value)
        shuffled = spots.copy()
        random.shuffle(shuffled)
        values[spots] = values[shuffled]
    assert ndcg(values, k) == ndcg(rels, k)


@given(relevance_lists, ks, st.floats(0.01, 100))
def test_scaling_linear_gains_leaves_ndcg_unchanged(rels, k, factor):
    scaled = [r * factor for r in rels]
    assert ndcg(scaled, k) == pytest.approx(ndcg(rels, k), abs=1e-9)


@given(relevance_lists, ks, bases)
def test_log_base_cancels_for_the_log2_discount(rels, k, base):
    assert ndcg(rels, k, log_base=base) == pytest.approx(ndcg(rels, k), abs=1e-12)


@given(relevance_lists)
def test_cg_ignores_order(rels):
    assert cg(rels[::-1]) == pytest.approx(cg(rels))


@given(relevance_lists, st.integers(1, 40))
def test_dcg_grows_with_k(rels, k):
    assert dcg(rels, k) <= dcg(rels, k + 1) + 1e-12


@given(grades, st.lists(st.integers(0, 4), max_size=10), ks)
def test_a_pool_can_only_lower_ndcg(rels, extra, k):
    assume(any(r > 0 for r in rels))
    assert ndcg(rels, k, ideal=[*rels, *extra]) <= ndcg(rels, k) + 1e-12


@given(grades, gains_, discounts_)
def test_breakdown_agrees_with_the_scalar_functions(rels, gain, discount):
    table = breakdown(rels, gain=gain, discount=discount)
    kw = {"gain": gain, "discount": discount}
    for k in (1, len(rels)):
        row = table.iloc[k - 1]
        assert row["cumulative_dcg"] == pytest.approx(dcg(rels, k, **kw))
        assert row["cumulative_idcg"] == pytest.approx(idcg(rels, k, **kw))
        assert row["ndcg_at"] == pytest.approx(ndcg(rels, k, **kw))


@given(
    st.lists(
        st.tuples(st.integers(0, 5), st.integers(0, 3), st.integers(0, 3)), min_size=1, max_size=60
    ),
    ks,
    gains_,
)
def test_batch_keep_order_equals_the_scalar_ndcg_per_query(rows, k, gain):
    queries = [q for q, _, _ in rows]
    rels = [r for _, r, _ in rows]
    scores = [s for _, _, s in rows]
    result = batch_ndcg(queries, rels, scores, k, ties="keep", gain=gain)
    for query in set(queries):
        mine = [(-s, i, r) for i, (q, r, s) in enumerate(rows) if q == query]
        ranked = [r for _, _, r in sorted(mine)]  # by score, ties in input order
        assert result.per_query.loc[query, "ndcg"] == pytest.approx(ndcg(ranked, k, gain=gain))


@given(grades)
def test_typed_text_round_trips(rels):
    text = format_relevances([float(r) for r in rels])
    assert parse_relevances(text).values == tuple(float(r) for r in rels)


@given(
    st.lists(
        st.tuples(st.integers(0, 5), st.sampled_from([0, 0, 1, 2, 3.5]), st.integers(0, 4)),
        max_size=60,
    ),
    st.lists(st.tuples(st.integers(0, 7), st.integers(0, 3)), max_size=20),
    ks,
    st.sampled_from(["keep", "average", "docid"]),
    gains_,
    st.booleans(),
    st.booleans(),
    st.integers(1, 8),
)
def test_batch_ndcg_by_slices_is_batch_ndcg_at_once(
    rows, pool, k, ties, gain, ranked, from_pool, slice_rows
):
    """`batch_ndcg` evaluates a slice of whole queries at a time (`batch.SLICE_ROWS` rows): a
    run cut into slices of a few rows gives the very same bits as one slice, in input order or
    in ranking order, with the ideal from the run or from a pool (`complete` too)."""
    from ndcg_core import batch

    queries = np.array([q for q, _, _ in rows], dtype=int)
    rels = np.array([r for _, r, _ in rows], dtype=float)
    scores = np.array([s for _, _, s in rows], dtype=float)
    if ranked:
        order = np.lexsort((-scores, queries))
        queries, rels, scores = queries[order], rels[order], scores[order]
    docs = [f"d{i % 7}" for i in range(len(rows))]
    keywords = {"ties": ties, "gain": gain, "docs": docs}
    if from_pool:
        keywords |= {
            "ideal_queries": [q for q, _ in pool],
            "ideal_relevances": [r for _, r in pool],
            "complete": bool(pool),
        }

    def evaluated(limit):
        kept, batch.SLICE_ROWS = batch.SLICE_ROWS, limit
        try:
            result = batch_ndcg(queries, rels, scores, k, **keywords)
        finally:
            batch.SLICE_ROWS = kept
        return result.per_query.to_numpy(dtype=float).tobytes(), list(result.per_query.index)

    assert evaluated(slice_rows) == evaluated(10**9)
