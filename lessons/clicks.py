"""Clicks as labels: the position bias of a simple examination model, and its correction.

A reader clicks an item only if they look at it and find it attractive. In the examination
hypothesis (Richardson et al. 2007; Craswell et al. 2008) the two are independent:

    P(click at i) = θ_i · a_i,

θ_i the chance that position i is looked at (here one of the discount curves of `curves`) and
a_i the chance that the item, once seen, is clicked (here its grade divided by the top grade).
Clicks collected under a ranking therefore favour whatever that ranking put on top (Joachims et
al. 2005 saw it in eye-tracking: users clicked the top result more often even when the top two
were swapped). Dividing each click rate by θ_i, inverse propensity weighting (Joachims et al.
2017), recovers a_i.

The consequence that matters when comparing rankers (`logged_under`): clicks logged while one
order was shown, attached to the items, then used to score another order of the same items. The
logging order's favourites carry its position's share of clicks with them, so the logging order
is flattered against any challenger.

References
----------
Joachims, T., Granka, L., Pan, B., Hembrooke, H. & Gay, G. (2005). Accurately interpreting
clickthrough data as implicit feedback. SIGIR, 154–161.
Joachims, T., Swaminathan, A. & Schnabel, T. (2017). Unbiased learning-to-rank with biased
feedback. WSDM, 781–789.
Craswell, N., Zoeter, O., Taylor, M. & Ramsey, B. (2008). An experimental comparison of click
position-bias models. WSDM, 87–94.
Richardson, M., Dominowska, E. & Ragno, R. (2007). Predicting clicks: estimating the
click-through rate for new ads. WWW, 521–530.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import pandas as pd

from i18n import tr
from lessons.curves import CURVES, weights
from ndcg_core.metrics import Totals, totals
from ndcg_core.model import RankedList, derived
from ndcg_core.permutations import ideal_order, worst_order

# The curves that make sense as a chance of being looked at: they start at 1 and fall.
EXAMINATION = ("reciprocal", "geometric", "log2")


def check_examination(curve: object) -> str:
    if isinstance(curve, str) and curve in EXAMINATION:
        return curve
    allowed = " or ".join(repr(name) for name in EXAMINATION)
    raise ValueError(f"`examination` must be {allowed}; got {curve!r}.")


@dataclass(frozen=True)
class Clicks:
    """One order of a list, the clicks it would collect, and three NDCGs of that same order.

    `table` has one row per position: label, relevance, a (attractiveness), theta (chance of
    being looked at), ctr (θ·a, the expected click rate) and corrected (ctr / θ).
    `judged` scores the order with the real labels, `clicked` with the click rates as labels,
    `corrected` with the click rates divided by θ. The click-labelled lists have fractional
    grades: `notes` says when the list's gain could not take them and which gain scored them
    instead (`model.derived`, the core's one rule for a derived list).
    """

    ranked: RankedList
    table: pd.DataFrame
    judged: Totals
    clicked: Totals
    corrected: Totals
    notes: tuple[str, ...] = ()


def click_table(ranked: RankedList, examination: str = "reciprocal", p: float = 0.8):
    """Per position: a_i = rel_i / top grade, θ_i, the click rate θ_i·a_i, and ctr_i / θ_i."""
    curve = check_examination(examination)
    values = np.asarray(ranked.relevances, dtype=float)
    top = max(float(values.max()), max(ranked.pool, default=0.0))
    a = values / top if top > 0 else np.zeros_like(values)
    theta = weights(curve, ranked.n, p=p)
    ctr = theta * a
    return pd.DataFrame(
        {
            "position": np.arange(1, ranked.n + 1),
            "label": list(ranked.labels),
            "relevance": values,
            "a": a,
            "theta": theta,
            "ctr": ctr,
            "corrected": ctr / theta,
        }
    )


def clicks(ranked: RankedList, examination: str = "reciprocal", p: float = 0.8) -> Clicks:
    """The lesson on one order: its NDCG with judged labels, with click rates, and corrected.

    Items never retrieved are never shown, so they collect no clicks: the click-labelled lists
    have no pool (their ideal is built from the list alone).
    """
    table = click_table(ranked, examination, p)
    as_labels, clicked_note = derived(ranked, pool=(), relevances=tuple(table["ctr"]))
    corrected, corrected_note = derived(ranked, pool=(), relevances=tuple(table["corrected"]))
    notes = tuple(
        text
        for text, note in (
            (tr("With the click rates as labels: {note}", note=clicked_note), clicked_note),
            (
                tr("With the click rates divided by θᵢ: {note}", note=corrected_note),
                corrected_note,
            ),
        )
        if note
    )
    return Clicks(ranked, table, totals(ranked), totals(as_labels), totals(corrected), notes)


def worst_first(ranked: RankedList) -> RankedList:
    """The same items, least relevant first (the order whose own clicks flatter it most)."""
    return ranked.reordered(worst_order(ranked.relevances))


def examination_label(curve: str) -> str:
    return tr(CURVES[check_examination(curve)].label)


@dataclass(frozen=True)
class Logged:
    """Clicks logged while `logging` was shown, used to score `logging` and `other`.

    `other` holds the same items in another order; `order` gives, for each of its positions,
    the position the item had in `logging`. `judged_*` score each order with the real labels,
    `clicked_*` with the click rates each item collected under `logging`, `corrected_*` with
    those rates divided by the θ of the position where they were collected.
    """

    logging: RankedList
    other: RankedList
    order: tuple[int, ...]
    judged_logging: Totals
    judged_other: Totals
    clicked_logging: Totals
    clicked_other: Totals
    corrected_logging: Totals
    corrected_other: Totals
    notes: tuple[str, ...] = ()


def challenger(ranked: RankedList) -> tuple[int, ...]:
    """The order a new ranker proposes for `ranked`'s items: the best one, or, when `ranked`
    is already in a best order, the worst one (positions into `ranked`, top first)."""
    best = ideal_order(ranked.relevances)
    if tuple(ranked.relevances[i] for i in best) != tuple(ranked.relevances):
        return tuple(best)
    return tuple(worst_order(ranked.relevances))


def logged_under(
    logging: RankedList,
    order: tuple[int, ...] | None = None,
    examination: str = "reciprocal",
    p: float = 0.8,
) -> Logged:
    """Score `logging` and its items in `order` (default: `challenger`) with the clicks logged
    while `logging` was shown. Like `clicks`, the click-labelled lists have no pool."""
    order = challenger(logging) if order is None else tuple(order)
    table = click_table(logging, examination, p)
    other = logging.reordered(list(order))
    picked = list(order)
    lists = {}
    notes = []
    for name, column in (("clicked", "ctr"), ("corrected", "corrected")):
        values = table[column].to_numpy()
        for which, ranked, labels in (
            ("logging", logging, values),
            ("other", other, values[picked]),
        ):
            as_labels, note = derived(ranked, pool=(), relevances=tuple(labels))
            lists[f"{name}_{which}"] = totals(as_labels)
            if note:
                notes.append(tr("With the logged clicks as labels: {note}", note=note))
    return Logged(
        logging,
        other,
        order,
        totals(logging),
        totals(other),
        notes=tuple(dict.fromkeys(notes)),
        **lists,
    )
