"""Ordering effects: the core against straightforward loops over `ndcg_core.ndcg`, in one run.

1. The exact distribution of NDCG over every ordering of 10 distinct relevances (10! =
   3,628,800 orderings). Target: under 2 s. Baseline: `itertools.permutations` calling `ndcg`
   for each ordering. That loop would take minutes, so it is timed on the first SUBSET
   orderings and extrapolated linearly (each ordering costs the same), and the printout says so.
2. The full swap matrix (ΔNDCG for every pair of positions) of a 200-item list. Target: under
   100 ms. Baseline: a double loop over positions calling `ndcg` on each swapped list (run in
   full).
The values are checked to agree before any time is printed.
"""

import itertools
import math
import time

import numpy as np

from ndcg_core import ndcg
from ndcg_core.model import RankedList
from ndcg_core.ordering import ordering_distribution, swap_deltas

DISTINCT, SUBSET, ITEMS, REPEATS = 10, 50_000, 200, 3


def median_time(function, repeats=REPEATS):
    times, result = [], None
    for _ in range(repeats):
        start = time.perf_counter()
        result = function()
        times.append(time.perf_counter() - start)
    return float(np.median(times)), result


def permutations_loop(values, count):
    return np.array(
        [ndcg(list(p)) for p in itertools.islice(itertools.permutations(values), count)]
    )


def swap_loop(values):
    n, current = len(values), ndcg(values)
    out = np.zeros((n, n))
    for i in range(n):
        for j in range(n):
            swapped = list(values)
            swapped[i], swapped[j] = swapped[j], swapped[i]
            out[i, j] = ndcg(swapped) - current
    return out


def main():
    values = list(range(DISTINCT))  # sorted, so both sides list the orderings in the same order
    total = math.factorial(DISTINCT)
    ranked = RankedList(tuple(values))
    t_core, result = median_time(lambda: ordering_distribution(ranked))
    t_subset, loop_values = median_time(lambda: permutations_loop(values, SUBSET), repeats=1)
    assert result.exact and result.values.size == total
    assert np.allclose(result.values[:SUBSET], loop_values, rtol=0, atol=1e-12)
    assert abs(result.mean - result.expected) < 1e-12
    t_loop = t_subset * total / SUBSET
    print(f"Exact distribution, {DISTINCT} distinct relevances = {total:,} orderings")
    print(
        f"  core                : {t_core * 1000:9.1f} ms (median of {REPEATS}; target < 2000 ms)"
    )
    print(
        f"  permutations + ndcg : {t_loop:9.1f} s  (EXTRAPOLATED: {SUBSET:,} orderings took "
        f"{t_subset:.2f} s, x {total / SUBSET:.1f})"
    )
    print(f"  ratio               : {t_loop / t_core:9.0f}x")

    rng = np.random.default_rng(0)
    items = rng.integers(0, 4, ITEMS).tolist()
    listed = RankedList(tuple(items))
    t_swap, deltas = median_time(lambda: swap_deltas(listed), repeats=20)
    t_swap_loop, loop_deltas = median_time(lambda: swap_loop(items), repeats=1)
    assert np.allclose(deltas, loop_deltas, rtol=0, atol=1e-12)
    print(f"Swap matrix, {ITEMS} items ({ITEMS * ITEMS:,} pairs), relevance 0-3")
    print(f"  core                : {t_swap * 1000:9.3f} ms (median of 20; target < 100 ms)")
    print(f"  double loop + ndcg  : {t_swap_loop * 1000:9.1f} ms (run in full)")
    print(f"  ratio               : {t_swap_loop / t_swap:9.0f}x")


if __name__ == "__main__":
    main()
