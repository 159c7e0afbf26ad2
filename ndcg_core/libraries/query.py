"""One query as the libraries see it: a `RankedList` (labels, pool, cut-off) plus the system's
scores, which rank it and may tie, and the document ids, by which trec_eval breaks ties."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..checks import as_numbers, check_count, check_names
from ..model import RankedList, Scoring


@dataclass(frozen=True)
class Query:
    """A ranked list with one score and one id per item, checked when made.

    `scores` default to n, n − 1, …, 1 (the list order is the ranking, no ties) and `ids` to the
    list's labels (D1, D2, … unless typed). The list's `Scoring.k` is the cut-off every library
    is asked for: a number, "n" (the list's length) or "none" (no cut-off).
    """

    ranked: RankedList
    scores: tuple[float, ...] | None = None
    ids: tuple[str, ...] | None = None

    def __post_init__(self) -> None:
        if not isinstance(self.ranked, RankedList):
            raise ValueError(f"`ranked` must be a RankedList; got {self.ranked!r}.")
        n = self.ranked.n
        if self.scores is None:
            scores = tuple(float(n - i) for i in range(n))
        else:
            scores = tuple(as_numbers(self.scores, "scores").tolist())
            check_count(len(scores), n, "scores", "score")
        object.__setattr__(self, "scores", scores)
        if isinstance(self.ids, (str, bytes)):
            raise ValueError(f"`ids` must be a list of names, not one text; got {self.ids!r}.")
        ids = self.ranked.labels if self.ids is None else tuple(str(i).strip() for i in self.ids)
        object.__setattr__(self, "ids", check_names(ids, n, "ids"))

    @property
    def relevances(self) -> tuple[float, ...]:
        return self.ranked.relevances

    @property
    def pool(self) -> tuple[float, ...]:
        return self.ranked.pool

    @property
    def n(self) -> int:
        return self.ranked.n

    @property
    def k(self) -> int | None:
        """The cut-off every library is asked for: a number (n for "k = n"), None for none."""
        return self.ranked.k

    @property
    def pool_ids(self) -> tuple[str, ...]:
        """Ids for the judged-but-not-retrieved items, distinct from the ranked ids."""
        taken = set(self.ids)
        names, i = [], 1
        while len(names) < len(self.pool):
            name = f"P{i}"
            if name not in taken:
                names.append(name)
            i += 1
        return tuple(names)


def make_query(
    relevances: Sequence[float],
    k: int | str | None = None,
    *,
    scores: Sequence[float] | None = None,
    ids: Sequence[str] | None = None,
    pool: Sequence[float] | None = None,
) -> Query:
    """Check one query's parts; without scores the items get n, n − 1, …, 1 (no ties).

    Negative relevances are allowed here (libraries differ on them); the pool must be ≥ 0.
    `k` is a number, "n" (the list's length), or None / "none" (no cut-off). Without ids the
    items are called D1, D2, …

    >>> make_query([3, 2, 3], 2, ids=["a", "b", "c"]).scores
    (3.0, 2.0, 1.0)
    """
    if isinstance(relevances, (str, bytes)):
        raise ValueError(f"`relevances` must be a list of numbers, not text; got {relevances!r}.")
    ranked = RankedList(
        tuple(relevances), pool=() if pool is None else tuple(pool), scoring=Scoring(k=k)
    )
    return Query(ranked, scores, ids)
