"""One query scored under every preset, and why each row differs from the first.

`evaluate_query` says, per preset, the number, the library's refusal, or the silent change it
makes to the labels, and which of the six points (`presets.CAUSES`) make it differ from the
reference row. A cause is found by trying each differing point alone: the preset with that one
point set back to the reference's choice, scored again (a dozen presets, a few points each: a
few dozen cheap scorings per query). What a row says in words (its verdict in a few characters,
its causes in sentences) is the lessons' (`lessons.verdicts`).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, replace

import numpy as np

from i18n import tr

from ..display import NOISE
from ..model import RankedList
from ..options import TIES
from .labels import LABEL_RULES
from .presets import PRESETS, Preset
from .query import Query, make_query
from .ties import averaged_dcg, extreme_order, order_dcg, ranking_order, tie_groups


@dataclass(frozen=True)
class LibraryVerdict:
    """What one library says about one query.

    kind: "number", "surprise" (a number after a silent change of the labels) or "refused"
    (the library's own error, or, for numbers this app cannot compute, its reason).
    """

    preset: Preset
    metric: str
    kind: str
    value: float  # NaN when refused
    message: str = ""  # the refusal, or the silent change
    low: float | None = None  # for random tie-breaking: the worst and best orders
    high: float | None = None
    causes: tuple[str, ...] = ()  # the points that make it differ from the first row (`CAUSES`)
    dcg: float = float("nan")  # the averaged DCG for averaged or random ties
    idcg: float = float("nan")
    cut: int | None = None  # the depth the library scored (None: the whole list and ideal)

    @property
    def at(self) -> str:
        """The depth as a measure's suffix: '@6', or '' for the whole list."""
        return "" if self.cut is None else f"@{self.cut}"


# ---------------------------------------------------------------------------------------------
# One preset, one query
# ---------------------------------------------------------------------------------------------


def _score(preset: Preset, query: Query) -> LibraryVerdict:
    """The preset's NDCG for the query, with no comparison to other rows."""
    outcome = LABEL_RULES[preset.labels].check(np.asarray(query.relevances), np.asarray(query.pool))
    metric = preset.metric_name(query.k, query.n)
    if outcome.ranked is None:
        return LibraryVerdict(preset, metric, "refused", float("nan"), outcome.refusal)
    rel = np.asarray(outcome.ranked, dtype=float)
    scores = np.asarray(query.scores, dtype=float)
    ids = list(query.ids)
    if outcome.dropped is not None:
        keep = ~outcome.dropped
        rel, scores = rel[keep], scores[keep]
        ids = [name for name, kept in zip(ids, keep) if kept]
    k = preset.cut_at(query.k, query.n)
    ideal = rel if preset.ideal == "run" else np.concatenate([rel, outcome.pool])
    try:
        # Labels near the float limit overflow to inf: caught below, with a message.
        with np.errstate(over="ignore", invalid="ignore"):
            top, low, high = _dcg(preset, rel, scores, ids, k)
            best = order_dcg(np.sort(ideal)[::-1], k, preset.gain, preset.discount)
    except ValueError as error:  # e.g. 2^rel − 1 of a relevance above 1000
        return LibraryVerdict(
            preset,
            metric,
            "refused",
            float("nan"),
            tr("NDCG Lab refuses: {error}", error=error),
            cut=k,
        )
    if not all(math.isfinite(x) for x in (top, best)):
        return LibraryVerdict(
            preset,
            metric,
            "refused",
            float("nan"),
            tr("NDCG Lab refuses: the DCG of labels this large does not fit in a 64-bit number."),
            cut=k,
        )
    kind = "surprise" if outcome.surprise else "number"
    if best == 0:
        value, low, high = preset.on_zero, None, None
    else:
        value = top / best
        if low is not None:
            low, high = low / best, high / best
    return LibraryVerdict(
        preset, metric, kind, float(value), outcome.surprise, low, high, dcg=top, idcg=best, cut=k
    )


def _dcg(
    preset: Preset, rel: np.ndarray, scores: np.ndarray, ids: list[str], k: int | None
) -> tuple[float, float | None, float | None]:
    """The list's DCG under the preset's tie rule; for a random shuffle, its worst and best too."""
    gain, discount = preset.gain, preset.discount
    if rel.size == 0:
        return 0.0, None, None
    if preset.ties in ("average", "random"):
        top = averaged_dcg(rel, scores, k, gain, discount)
        if preset.ties == "average":
            return top, None, None
        worst = order_dcg(rel[extreme_order(scores, rel, best=False)], k, gain, discount)
        best = order_dcg(rel[extreme_order(scores, rel, best=True)], k, gain, discount)
        return top, worst, best
    return order_dcg(rel[ranking_order(scores, ids, preset.ties)], k, gain, discount), None, None


# ---------------------------------------------------------------------------------------------
# Every preset, and why each differs from the first
# ---------------------------------------------------------------------------------------------


def _differs(a: LibraryVerdict, b: LibraryVerdict) -> bool:
    if (a.kind == "refused") != (b.kind == "refused"):
        return True
    if a.kind == "refused":
        return False
    return not math.isclose(a.value, b.value, rel_tol=0, abs_tol=NOISE)


_CAUSE_FIELDS = {
    "gain": ("gain",),
    "ideal": ("ideal", "cut"),
    "discount": ("discount",),
    "ties": ("ties",),
    "on_zero": ("zero",),
    "labels": ("labels",),
}


def _causes(
    preset: Preset, reference: Preset, query: Query, verdict: LibraryVerdict, first: LibraryVerdict
):
    """The points on which `preset` differs from `reference` that change this query's verdict.

    Each differing point is tried alone: the preset with that point set back to the
    reference's choice. A point whose reversal changes the verdict is a cause. When the
    verdicts differ but no single point explains it (points that act only together), every
    differing point is named.
    """
    if not _differs(verdict, first):
        return ()
    differing = [
        cause
        for cause, fields in _CAUSE_FIELDS.items()
        if any(getattr(preset, f) != getattr(reference, f) for f in fields)
    ]
    found = []
    for cause in differing:
        changes = {f: getattr(reference, f) for f in _CAUSE_FIELDS[cause]}
        if _differs(_score(replace(preset, **changes), query), verdict):
            found.append(cause)
    return tuple(found or differing)


def evaluate_query(
    relevances: Sequence[float],
    k: int | str | None = None,
    *,
    scores: Sequence[float] | None = None,
    ids: Sequence[str] | None = None,
    pool: Sequence[float] | None = None,
    presets: Sequence[Preset] = PRESETS,
) -> list[LibraryVerdict]:
    """Score one query under every preset; say why each row differs from the first.

    Parameters
    ----------
    relevances : list of float
        Labels in ranked order (negative values allowed: libraries disagree on them).
    k : int, "n", "none" or None
        Cut-off; larger than the list is allowed. "n" asks every library for the list's length;
        None or "none" calls each library without k (XGBoost then stops at 32).
    scores : list of float, optional
        The system's scores, one per item; they decide the ranking and may tie. Without them
        the list order is the ranking (scores n, n − 1, …, 1).
    ids : list of str, optional
        Document ids (trec_eval breaks ties by id, descending). Default D1, D2, …
    pool : list of float, optional
        Relevances of judged items never retrieved; only libraries that build the ideal from
        the judgments (trec_eval, ranx, Järvelin–Kekäläinen) see them.

    >>> rows = evaluate_query([3, 2, 3, 0, 1, 2], 6, pool=[3, 2])
    >>> [round(rows[i].value, 4) for i in (0, 3)]
    [0.9608, 0.785]
    """
    query = make_query(relevances, k, scores=scores, ids=ids, pool=pool)
    return score_every_preset(query, presets)


def score_every_preset(query: Query, presets: Sequence[Preset] = PRESETS) -> list[LibraryVerdict]:
    """`evaluate_query` for a checked `Query`."""
    verdicts = [_score(preset, query) for preset in presets]
    reference, first = presets[0], verdicts[0]
    return [first] + [
        replace(verdict, causes=_causes(preset, reference, query, verdict, first))
        for preset, verdict in zip(presets[1:], verdicts[1:])
    ]


# How two rows compare, as a question about them is answered: either refuses; they print the same
# number (within NOISE, as the causes are found); the first prints more; the second does.
PAIR_OUTCOMES = ("refused", "same", "first", "second")


def pair_outcome(first: LibraryVerdict, second: LibraryVerdict) -> str:
    """Which of PAIR_OUTCOMES two rows of one query show.

    >>> rows = evaluate_query([3, 2, 3, 0, 1, 2], 6, pool=[3, 2])
    >>> pair_outcome(rows[0], rows[3]), pair_outcome(rows[0], rows[1])
    ('first', 'same')
    """
    if "refused" in (first.kind, second.kind):
        return "refused"
    if not _differs(first, second):
        return "same"
    return "first" if first.value > second.value else "second"


def in_playground(verdict: LibraryVerdict, query: Query) -> RankedList | None:
    """The list and conventions with which the playground shows this row's number, or None.

    The playground has no scores, ties rule or all-zero rule of its own: the list is put in the
    library's ranked order, the pool is dropped when the library's ideal comes from the run
    alone, and rows it cannot show are None: refusals and silent changes, negative labels,
    library-only tie rules or averaged ties where scores tie, and a 0/0 scored other than 0.
    """
    preset = verdict.preset
    if verdict.kind != "number" or min(query.relevances) < 0 or preset.ties not in TIES:
        return None
    tied = bool(tie_groups(query.scores))
    if tied and preset.ties == "average":
        return None
    if verdict.idcg == 0 and preset.zero != "0":
        return None
    order = ranking_order(
        query.scores, query.ids, "keep" if preset.ties == "average" else preset.ties
    )
    ranked = query.ranked.reordered(order)
    pool = ranked.pool if preset.ideal == "judgments" else ()
    return replace(ranked, pool=pool, scoring=preset.scoring(query.ranked.scoring.k))


__all__ = [
    "PAIR_OUTCOMES",
    "LibraryVerdict",
    "evaluate_query",
    "in_playground",
    "pair_outcome",
    "score_every_preset",
]
