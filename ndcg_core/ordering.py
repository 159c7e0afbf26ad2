"""Ordering effects: what a swap, a position or a whole reshuffle does to NDCG.

Every function takes a `RankedList`, as `metrics.totals` does, and scores orderings of its
items under its own conventions (cut-off, gain, discount, pool, the all-zero rule). All
orderings share one multiset of relevances, so the IDCG is one number and each NDCG is a DCG
divided by it; the DCG of an ordering is its gains (from `options.gains`) times the position
weights (`options.position_weights`: the discounts, 0 past k).

The gains are divided by a power of two near the largest one before any ordering is scored:
that division is exact in floating point, so every result is the number the unscaled sums
would give, while the sums along the way (a prefix's DCG, a block of orderings times the
weights) stay far from a float's limits whatever the scale of the relevances.

References
----------
Burges, C. J. C. (2010). From RankNet to LambdaRank to LambdaMART: An Overview. Microsoft
Research Technical Report MSR-TR-2010-82. LambdaRank and LambdaMART scale the gradient of each
pair of documents by |ΔNDCG|, the change in NDCG when the two swap places: `swap_deltas`.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import lru_cache

import numpy as np
import pandas as pd

from i18n import tr

from .checks import check_position
from .display import NOISE, shorten
from .metrics import _dcg, _of, totals
from .model import RankedList
from .permutations import swap

# 10 distinct relevances have 10! = 3,628,800 orderings; enumerating them takes about a second.
EXACT_LIMIT = 4_000_000
# Rows of one block of orderings: big enough for numpy to run at full speed, small enough that a
# block's gain matrix (rows × n floats) stays a few megabytes.
BLOCK_ROWS = 1 << 16
# Suffixes longer than this are walked item by item, so the cached arrangement matrices stay small.
BLOCK_LENGTH = 12
# Lists longer than this are never walked prefix by prefix (the prefixes would be too many).
WALK_LENGTH = 24
SAMPLE_SIZE = 200_000
# Keep a sample's gain matrix (sample size × n) near 20 million numbers, so long lists stay quick.
SAMPLE_CELLS = 20_000_000
MIN_SAMPLE_SIZE = 10_000


# ---------------------------------------------------------------------------------------------
# Shared set-up: a RankedList's gains, position weights and IDCG.
# ---------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class _Scoring:
    values: np.ndarray  # relevances, ranked order
    gain_values: np.ndarray  # gains divided by `scale`
    weights: np.ndarray  # discount of each of the n positions, 0 past k
    best: float  # IDCG@k (over the pool when one is given), divided by `scale`
    on_zero: float
    k: int | None
    scale: float  # a power of two: gains and DCGs here are true values divided by it

    @property
    def n(self) -> int:
        return self.values.size

    def ndcg(self, dcg: np.ndarray | float) -> np.ndarray | float:
        if self.best == 0:
            return np.full_like(dcg, self.on_zero) if isinstance(dcg, np.ndarray) else self.on_zero
        return dcg / self.best

    def change(self, a: int | np.ndarray, b: int | np.ndarray) -> float | np.ndarray:
        """ΔNDCG of swapping 0-based positions a and b: numbers, or index arrays that broadcast
        (a column against a row gives every pair at the cost of two outer differences).

        Swapping changes DCG by (g_a − g_b)(d_b − d_a): every other term stays where it was.
        """
        if self.best == 0:
            shape = np.broadcast_shapes(np.shape(a), np.shape(b))
            return np.zeros(shape) if shape else 0.0
        g, d = self.gain_values, self.weights
        return (g[a] - g[b]) * (d[b] - d[a]) / self.best


def _scoring(ranked: RankedList) -> _Scoring:
    """The pieces every function here scores with, from `metrics`' one scoring step: a
    RankedList was checked when it was made, and what it may still hold that NDCG refuses (a
    negative relevance) is refused there by name."""
    c = _of(_check_ranked(ranked))
    best = _dcg(c.ideal, c)
    gain_values = c.gain.compute(c.values)
    scale = _power_of_two(float(gain_values.max()))
    weights = c.weights(c.values.size, c.k)
    return _Scoring(c.values, gain_values / scale, weights, best / scale, c.on_zero, c.k, scale)


def _check_ranked(ranked: object) -> RankedList:
    if not isinstance(ranked, RankedList):
        raise ValueError(
            tr(
                "`ranked` must be a RankedList; got {value}. Make one with "
                "RankedList(relevances, pool=..., scoring=Scoring(k=..., gain=...)).",
                value=shorten(repr(ranked)),
            )
        )
    return ranked


def _power_of_two(largest: float) -> float:
    """2^e with `largest` / 2^e in [1, 2): dividing by it is exact (1 when `largest` is 0)."""
    if largest <= 0:
        return 1.0
    _, exponent = math.frexp(largest)
    return math.ldexp(1.0, exponent - 1)


# ---------------------------------------------------------------------------------------------
# Swaps
# ---------------------------------------------------------------------------------------------


def swap_deltas(ranked: RankedList) -> np.ndarray:
    """ΔNDCG for swapping every pair of positions: entry [i − 1, j − 1] for positions i and j.

    Swapping positions i and j changes DCG by (g_i − g_j)(d_j − d_i), where g is the gain and d
    the discount (0 past k), so the matrix is symmetric with a zero diagonal, and pairs of equal
    relevance (or both below k) give 0. Its absolute value is the weight LambdaRank and
    LambdaMART put on the pair (Burges 2010).

    >>> np.round(swap_deltas(RankedList((3, 2, 0))), 4)[0]
    array([ 0.    , -0.0866, -0.352 ])
    """
    s = _scoring(ranked)
    positions = np.arange(s.n)
    return s.change(positions[:, None], positions[None, :])


@dataclass(frozen=True)
class Swap:
    """One swap of positions i and j (1-based): NDCG before, after, and the change."""

    i: int
    j: int
    before: float
    after: float
    change: float


def swap_effect(ranked: RankedList, i: int, j: int) -> Swap:
    """What swapping positions i and j (1-based) does to NDCG: one entry of `swap_deltas`,
    with the NDCG before and after it. The one home of a swap's cost: the ordering page, the
    practice exercise, the classroom and the walkthroughs all read it here.

    >>> effect = swap_effect(RankedList((3, 2, 0)), 1, 3)
    >>> round(effect.before, 4), round(effect.change, 4)
    (1.0, -0.352)
    """
    s = _scoring(ranked)
    a = check_position(i, s.n, "i") - 1
    b = check_position(j, s.n, "j") - 1
    before = float(s.ndcg(float(s.gain_values @ s.weights)))
    change = float(s.change(a, b))
    return Swap(a + 1, b + 1, before, before + change, change)


def ndcg_at_each_k(ranked: RankedList, i: int, j: int) -> pd.DataFrame:
    """NDCG@k for every cut-off k, before and after swapping positions i and j (1-based).

    One row per cut-off from 1 to the length of the ideal ranking (the pool, when it is longer
    than the list). Columns: k, before, after, change, chosen (the row of the list's own
    cut-off, or the last row when it has none), largest (the row where the change is largest
    in size, the first of equals; no row when the swap changes nothing). A swap changes
    nothing at cut-offs above both positions.
    """
    swapped = _check_ranked(ranked).reordered(swap(ranked.n, i, j))
    before = totals(ranked).table["ndcg_at"].to_numpy()
    after = totals(swapped).table["ndcg_at"].to_numpy()
    cut_offs = np.arange(1, before.size + 1)
    change = after - before
    size = np.abs(change)
    largest = np.zeros(before.size, dtype=bool)
    if size.max() > NOISE:
        largest[int(np.argmax(size))] = True
    chosen = before.size if ranked.k is None else min(ranked.k, before.size)
    return pd.DataFrame(
        {
            "k": cut_offs,
            "before": before,
            "after": after,
            "change": change,
            "chosen": cut_offs == chosen,
            "largest": largest,
        }
    )


def best_swap(ranked: RankedList) -> tuple[int, int, float] | None:
    """The single swap that raises NDCG most, as (i, j, ΔNDCG) with 1-based i < j, or None
    when no swap helps (the list is already in an ideal order for its conventions)."""
    deltas = np.triu(swap_deltas(ranked), 1)
    i, j = np.unravel_index(np.argmax(deltas), deltas.shape)
    if deltas[i, j] <= NOISE:
        return None
    return int(i) + 1, int(j) + 1, float(deltas[i, j])


# ---------------------------------------------------------------------------------------------
# One item through every position
# ---------------------------------------------------------------------------------------------


def position_sweep(ranked: RankedList, position: int) -> np.ndarray:
    """NDCG with the item at `position` (1-based) moved to position 1, 2, …, n.

    The other items keep their order and close up around it, as when an item is dragged.
    Entry [p − 1] is the NDCG with the item at position p; entry [position − 1], the list's own.

    >>> np.round(position_sweep(RankedList((0, 1)), 1), 4)
    array([0.6309, 1.    ])
    """
    s = _scoring(ranked)
    moving = check_position(position, s.n, "position") - 1
    rest = np.delete(s.gain_values, moving)
    target = np.arange(s.n)[:, None]
    column = np.arange(s.n)[None, :]
    # Row p is the ordering with the item at p: rest[c] before p, the item at p, rest[c − 1] after.
    source = np.where(column < target, column, column - 1).clip(0, max(s.n - 2, 0))
    orderings = np.where(column == target, s.gain_values[moving], rest[source] if rest.size else 0)
    return np.asarray(s.ndcg(orderings @ s.weights), dtype=float)


def sweep_extremes(sweep: Iterable[float] | np.ndarray) -> tuple[int, int] | None:
    """The positions (1-based) where a `position_sweep` is highest and lowest, the first of
    equals: where the item does most good, and where it does most harm. None when the curve is
    flat (the item scores the same everywhere, up to floating-point noise).

    >>> sweep_extremes(position_sweep(RankedList((0, 1)), 1))
    (2, 1)
    """
    values = np.asarray(list(sweep), dtype=float)
    if values.size == 0:
        raise ValueError("`sweep` is empty: pass the result of `position_sweep`.")
    high, low = int(np.argmax(values)), int(np.argmin(values))
    if not values[high] - values[low] > NOISE:
        return None
    return high + 1, low + 1


# ---------------------------------------------------------------------------------------------
# Every distinct ordering
# ---------------------------------------------------------------------------------------------


def count_orderings(ranked: RankedList) -> int:
    """The number of distinct orderings of the list's relevances: n! / (m_1! m_2! …), m the
    multiplicities (items of equal relevance are interchangeable).

    >>> count_orderings(RankedList((3, 2, 3, 0, 1, 2)))
    180
    """
    return _multinomial(Counter(_check_ranked(ranked).relevances).values())


def _multinomial(counts: Iterable[int]) -> int:
    """(c_1 + c_2 + …)! / (c_1! c_2! …): the distinct arrangements of a multiset."""
    counts = [int(c) for c in counts]
    total = math.factorial(sum(counts))
    for c in counts:
        total //= math.factorial(c)
    return total


@dataclass(frozen=True)
class ExpectedRandom:
    """The pieces of E[NDCG@k] for a uniformly random ordering."""

    mean_gain: float  # ḡ, the mean gain of the list's items
    discount_sum: float  # d_1 + … + d_min(k, n)
    positions: int  # min(k, n): positions that hold an item and count
    expected_dcg: float  # ḡ × discount_sum
    ideal_dcg: float  # IDCG@k (over the pool when one is given)
    expected: float  # expected_dcg / ideal_dcg, or on_zero when IDCG is 0


def expected_random(ranked: RankedList) -> ExpectedRandom:
    """E[NDCG@k] over all orderings of the list, in closed form, with its pieces.

    Each position holds each item equally often, so its expected gain is the mean gain ḡ and
    E[DCG@k] = ḡ × (d_1 + … + d_min(k, n)); the IDCG does not depend on the order, so
    E[NDCG@k] = E[DCG@k] / IDCG@k (with the pool's IDCG when a pool is given).

    >>> round(expected_random(RankedList((1, 0))).expected, 4)  # (1 + 1/log2 3) / 2
    0.8155
    """
    return _expected(_scoring(ranked))


def _expected(s: _Scoring) -> ExpectedRandom:
    # In scaled units, so that the mean of huge gains does not overflow; reported unscaled.
    mean_gain = float(s.gain_values.mean())
    total = float(s.weights.sum())
    positions = s.n if s.k is None else min(s.k, s.n)
    expected_dcg = mean_gain * total
    return ExpectedRandom(
        mean_gain * s.scale,
        total,
        positions,
        expected_dcg * s.scale,
        s.best * s.scale,
        float(s.ndcg(expected_dcg)),
    )


@dataclass(frozen=True)
class OrderingDistribution:
    """NDCG over the distinct orderings of a list: all of them, or a uniform random sample.

    `values` holds one NDCG per distinct ordering (exact; each ordering once, in no promised
    order) or per sampled ordering. `terms` is the closed-form mean with its pieces
    (`expected_random`) and `expected` that mean; `standard_error` the sample mean's (0 exact).
    """

    exact: bool
    orderings: int
    values: np.ndarray
    current: float
    best: float
    worst: float
    terms: ExpectedRandom

    @property
    def expected(self) -> float:
        return self.terms.expected

    @property
    def sample_size(self) -> int:
        return int(self.values.size)

    @property
    def mean(self) -> float:
        return float(self.values.mean())

    @property
    def standard_error(self) -> float:
        if self.exact or self.values.size < 2:
            return 0.0
        return float(self.values.std(ddof=1) / math.sqrt(self.values.size))

    def share_below(self, value: float, tolerance: float = NOISE) -> float:
        """The share of orderings scoring strictly less than `value`."""
        return float(np.mean(self.values < value - tolerance))

    @property
    def all_same(self) -> bool:
        """True when every ordering scores the same NDCG (up to floating-point noise): items
        of one relevance, or positions whose discounts are equal where the items differ."""
        low, high = self._extremes()
        return not high - low > NOISE

    def _extremes(self) -> tuple[float, float]:
        # The extremes as computed directly can differ from the enumerated ones in the last bit.
        finite = self.values[np.isfinite(self.values)]
        if finite.size == 0:
            return self.worst, self.best
        return min(self.worst, float(finite.min())), max(self.best, float(finite.max()))

    def histogram(self, bins: int = 40) -> pd.DataFrame:
        """Counts of NDCG in equal-width bins from the worst to the best ordering.

        Columns: left, right, count, share (of the orderings, or of the sample). When every
        ordering scores the same (`all_same`), one bin 1/`bins` wide is centred on that score
        (the width a bin would have on the whole 0–1 range): a spread of floating-point noise
        cannot be cut into `bins` bins. Orderings without a number (NaN, when IDCG is 0 and
        `on_zero` is NaN) are left out of the counts.
        """
        if isinstance(bins, bool) or not isinstance(bins, (int, np.integer)) or bins < 1:
            raise ValueError(
                tr("`bins` must be a whole number ≥ 1; got {value}.", value=shorten(repr(bins)))
            )
        finite = self.values[np.isfinite(self.values)]
        low, high = self._extremes()
        if finite.size == 0:
            counts, edges = np.zeros(0, dtype=int), np.zeros(1)
        elif self.all_same:
            middle = (low + high) / 2
            counts = np.array([finite.size])
            edges = np.array([middle - 0.5 / bins, middle + 0.5 / bins])
        else:
            counts, edges = np.histogram(finite, bins=bins, range=(low, high))
        return pd.DataFrame(
            {
                "left": edges[:-1],
                "right": edges[1:],
                "count": counts,
                "share": counts / max(self.values.size, 1),
            }
        )

    def summary(self, bins: int = 40) -> OrderingSummary:
        """Everything a page shows of the distribution, without the values themselves (a few
        hundred bytes to cache, where the values of 10! orderings take 29 MB)."""
        return OrderingSummary(
            exact=self.exact,
            orderings=self.orderings,
            sample_size=self.sample_size,
            current=self.current,
            best=self.best,
            worst=self.worst,
            terms=self.terms,
            mean=self.mean,
            standard_error=self.standard_error,
            all_same=self.all_same,
            share_below=self.share_below(self.current),
            histogram=self.histogram(bins),
        )


@dataclass(frozen=True, eq=False)
class OrderingSummary:
    """An `OrderingDistribution` as a page shows it: its numbers, the share of orderings that
    score below the list itself (`share_below`), and its `histogram`."""

    exact: bool
    orderings: int
    sample_size: int
    current: float
    best: float
    worst: float
    terms: ExpectedRandom
    mean: float
    standard_error: float
    all_same: bool
    share_below: float
    histogram: pd.DataFrame

    @property
    def expected(self) -> float:
        return self.terms.expected


def ordering_distribution(
    ranked: RankedList,
    *,
    exact_limit: int = EXACT_LIMIT,
    sample_size: int | None = None,
    seed: int = 0,
    progress: Callable[[float], None] | None = None,
) -> OrderingDistribution:
    """NDCG of every distinct ordering of the list (at its cut-off, under its conventions), or
    of a random sample when there are more than `exact_limit`.

    Orderings that only exchange equal relevances are one ordering: [3, 2, 3, 0, 1, 2] has
    6! / (2! 2!) = 180. Up to `exact_limit` they are enumerated in blocks and scored as a
    matrix product (block of gains × discounts). Beyond it, `sample_size` uniformly random
    orderings are scored (default: 200,000, fewer for long lists so the work stays bounded),
    with a fixed `seed` so the same list gives the same picture. `progress` gets the fraction done.
    """
    s = _scoring(ranked)
    if isinstance(exact_limit, bool) or not isinstance(exact_limit, (int, np.integer)):
        raise ValueError(
            tr(
                "`exact_limit` must be a whole number; got {value}.",
                value=shorten(repr(exact_limit)),
            )
        )
    total = count_orderings(ranked)
    size = _sample_size(sample_size, s.n)
    order = np.sort(s.gain_values)
    best = float(s.ndcg(float(order[::-1] @ s.weights)))
    worst = float(s.ndcg(float(order @ s.weights)))
    terms = _expected(s)
    current = float(s.ndcg(float(s.gain_values @ s.weights)))
    report = progress or (lambda fraction: None)
    if total <= exact_limit:
        values = s.ndcg(_all_dcgs(s.gain_values, s.weights, report))
        exact = True
    else:
        values = s.ndcg(_sampled_dcgs(s.gain_values, s.weights, size, seed, report))
        exact = False
    report(1.0)
    return OrderingDistribution(exact, total, np.asarray(values), current, best, worst, terms)


def _sample_size(sample_size: object, n: int) -> int:
    if sample_size is None:
        return max(MIN_SAMPLE_SIZE, min(SAMPLE_SIZE, SAMPLE_CELLS // n))
    if isinstance(sample_size, bool) or not isinstance(sample_size, (int, np.integer)):
        raise ValueError(
            tr(
                "`sample_size` must be a whole number of at least 2; got {value}.",
                value=shorten(repr(sample_size)),
            )
        )
    if sample_size < 2:
        raise ValueError(
            tr(
                "`sample_size` must be at least 2 (a standard error needs two draws); got {value}.",
                value=sample_size,
            )
        )
    return int(sample_size)


def _all_dcgs(
    gain_values: np.ndarray, weights: np.ndarray, report: Callable[[float], None]
) -> np.ndarray:
    """DCG of every distinct ordering of the gains, each once.

    Placing: take the most common grade as the background. An ordering is a set of places for
    the other m items times an arrangement of them in those places, and its DCG is
    g_background × Σd + discounts[places] @ (gains − g_background)[arrangement]: one matrix
    product per block of place sets against all arrangements at once. Long lists have few
    enough orderings only when nearly every item shares one grade (e.g. 148 zeros among 150
    items), so this is how they are enumerated.
    Walking, when the others have too many arrangements (many distinct grades): a depth-first
    walk over prefixes, in lexicographic order, until the items left have at most BLOCK_ROWS
    arrangements; each such block is one product, prefix DCG + gains[arrangements] @ d[suffix].
    """
    kinds, counts = np.unique(gain_values, return_counts=True)
    n = int(counts.sum())
    out = np.empty(_multinomial(counts))
    filled, shown = 0, 0.0

    def store(block: np.ndarray) -> None:
        nonlocal filled, shown
        out[filled : filled + block.size] = block.ravel()
        filled += block.size
        if filled / out.size - shown >= 0.01:
            shown = filled / out.size
            report(shown)

    def walk(left: list[int], prefix_dcg: float, depth: int) -> None:
        if n - depth <= BLOCK_LENGTH and _multinomial(left) <= BLOCK_ROWS:
            present = [t for t, c in enumerate(left) if c]
            pattern = _suffixes(tuple(left[t] for t in present))
            store(prefix_dcg + kinds[present][pattern] @ weights[depth:])
            return
        for t, c in enumerate(left):
            if c:
                left[t] -= 1
                walk(left, prefix_dcg + kinds[t] * weights[depth], depth + 1)
                left[t] += 1

    background = int(np.argmax(counts))
    others = counts.copy()
    others[background] = 0
    m = int(others.sum())
    present = np.flatnonzero(others)
    # Placing needs the others' arrangements as one matrix: fine up to BLOCK_LENGTH items and,
    # for short lists, BLOCK_ROWS arrangements (10 distinct grades have 9! and are walked).
    if m > BLOCK_LENGTH or (n <= WALK_LENGTH and _multinomial(others[present]) > BLOCK_ROWS):
        walk(counts.tolist(), 0.0, 0)
        return out
    arrangements = _suffixes(tuple(int(others[t]) for t in present))
    lift = (kinds[present] - kinds[background])[arrangements]  # gain above the background
    base = kinds[background] * weights.sum()
    places = _combinations(n, m)
    step = max(1, BLOCK_ROWS // len(arrangements))
    for first in range(0, len(places), step):
        store(base + weights[places[first : first + step]] @ lift.T)
    return out


def _combinations(n: int, m: int) -> np.ndarray:
    """Every increasing m-tuple of the positions 0 … n − 1, in lexicographic order, as rows.

    Built one size at a time: the tuples starting at `first` are `first` followed by the
    (size − 1)-tuples drawn after it, which form a contiguous tail of the previous table.
    """
    table = np.zeros((1, 0), dtype=np.int16)
    tails = np.zeros(n + 2, dtype=np.int64)  # rows of `table` drawn from first.. n−1 start here
    for size in range(1, m + 1):
        blocks, begins = [], [0]
        for first in range(n - size + 1):
            tail = table[tails[first + 1] :]
            block = np.empty((len(tail), size), dtype=np.int16)
            block[:, 0] = first
            block[:, 1:] = tail
            blocks.append(block)
            begins.append(begins[-1] + len(block))
        table = np.concatenate(blocks)
        tails = np.array(begins + [len(table)] * (n + 2 - len(begins)), dtype=np.int64)
    return table


@lru_cache(maxsize=2048)
def _suffixes(counts: tuple[int, ...]) -> np.ndarray:
    """Every distinct arrangement of a multiset given by its counts, as rows of kind indices.

    Called with at most BLOCK_LENGTH items, so the cached arrays stay small (a few MB in all).
    The result is read-only: every session's thread shares the cached arrays.
    """
    m = sum(counts)
    if m == 0:
        return _frozen(np.zeros((1, 0), dtype=np.uint8))
    blocks = []
    for t, c in enumerate(counts):
        if c:
            rest = list(counts)
            rest[t] -= 1
            tail = _suffixes(tuple(rest))
            block = np.empty((tail.shape[0], m), dtype=np.uint8)
            block[:, 0] = t
            block[:, 1:] = tail
            blocks.append(block)
    return _frozen(np.concatenate(blocks))


def _frozen(array: np.ndarray) -> np.ndarray:
    array.setflags(write=False)
    return array


def _sampled_dcgs(
    gain_values: np.ndarray,
    weights: np.ndarray,
    size: int,
    seed: int,
    report: Callable[[float], None],
) -> np.ndarray:
    """DCG of `size` uniformly random orderings (each distinct ordering equally likely, since
    each is reached by the same number of permutations of the items)."""
    rng = np.random.default_rng(seed)
    n = gain_values.size
    chunk = max(1, min(size, BLOCK_ROWS * 16 // max(n, 1)))
    out = np.empty(size)
    for start in range(0, size, chunk):
        rows = min(chunk, size - start)
        shuffled = rng.permuted(np.broadcast_to(gain_values, (rows, n)), axis=1)
        out[start : start + rows] = shuffled @ weights
        report((start + rows) / size)
    return out
