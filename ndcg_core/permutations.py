"""Reorderings of a ranked list, as permutations: which item goes to each position.

Every function returns a list of indices into the current list (``order[p]`` is the index of the
item that moves to position ``p + 1``), so labels travel with their relevances. Positions in
messages are 1-based, as a learner counts them.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from i18n import tr, trn

from .checks import check_position
from .metrics import check_relevances


def ideal_order(relevances: Sequence[float]) -> list[int]:
    """Most relevant first; equal relevances keep their current order (a stable sort)."""
    values = check_relevances(relevances)
    return [int(i) for i in np.argsort(-values, kind="stable")]


def worst_order(relevances: Sequence[float]) -> list[int]:
    """Least relevant first; equal relevances keep their current order (a stable sort)."""
    values = check_relevances(relevances)
    return [int(i) for i in np.argsort(values, kind="stable")]


def move(n: int, source: int, target: int) -> list[int]:
    """Take the item at position `source` and put it at position `target` (both 1-based).

    The items in between shift by one place to close the gap.
    """
    n = _check_length(n)
    source = check_position(source, n, "source")
    target = check_position(target, n, "target")
    order = list(range(n))
    item = order.pop(source - 1)
    order.insert(target - 1, item)
    return order


def swap(n: int, i: int, j: int) -> list[int]:
    """Exchange the items at positions i and j (both 1-based); every other item stays put.

    The one definition of a swap: the ordering page, the practice exercises, the classroom and
    the walkthroughs all reorder a list with it (`RankedList.reordered(swap(n, i, j))`), and
    `ordering.swap_effect` gives its cost.
    """
    n = _check_length(n)
    i = check_position(i, n, "i")
    j = check_position(j, n, "j")
    order = list(range(n))
    order[i - 1], order[j - 1] = order[j - 1], order[i - 1]
    return order


def order_between(before: Sequence, after: Sequence) -> list[int]:
    """The permutation that turns `before` into `after` (same distinct items, new order)."""
    index = {item: i for i, item in enumerate(before)}
    if len(index) != len(before):
        raise ValueError(tr("`before` must hold distinct items to tell where each one went."))
    if len(after) != len(before) or set(after) != set(index):
        raise ValueError(
            trn(
                "`after` must hold the same {n} items as `before`, in any order; got {got} "
                "item(s).",
                "`after` must hold the same {n} items as `before`, in any order; got {got} "
                "item(s).",
                len(before),
                got=len(after),
            )
        )
    return [index[item] for item in after]


def _check_length(n: object) -> int:
    if isinstance(n, bool) or not isinstance(n, (int, np.integer)) or n < 0:
        raise ValueError(
            tr("The list length must be a whole number ≥ 0; got {value}.", value=repr(n))
        )
    return int(n)
