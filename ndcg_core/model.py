"""One ranked list and the conventions it is scored with: the record every page, example,
practice case, library query and link is built on.

`Scoring` holds the conventions (k, gain, discount, log base, ideal source, ties, all-zero rule),
`RankedList` the list (relevances in ranked order, labels, and the pool: the judged items the
system never retrieved). Both are checked when made: a record that exists is one the core scores.

The one rule for "every position": k is a whole number or one of two named depths
(`options.CUTS`). ``EVERY_RANKED`` ("n", the default) scores the n ranked positions against the
ideal cut at n, as trec_eval's ndcg_cut.n and Wikipedia's example do; ``NO_CUTOFF`` ("none")
lets the ideal span every judged item, as trec_eval's plain ndcg does. Without a pool the two
are the same number.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

import numpy as np

from i18n import tr

from .checks import MAX_LABEL_LENGTH, as_numbers, check_cut, check_names, check_not_negative
from .display import exact, shorten
from .options import (
    CUTS,
    DISCOUNTS,
    EVERY_RANKED,
    IDEALS,
    NO_CUTOFF,
    ON_ZERO,
    TIES,
    Gain,
    GainMap,
    check_log_base,
    check_option,
    covering_gain,
    discounts,
    gain_record,
    is_gain_map,
)
from .parsing import default_label


def default_labels(n: int) -> tuple[str, ...]:
    """The names n items get when none are given: D1, D2, … (`parsing.default_label`)."""
    return tuple(default_label(i) for i in range(1, n + 1))


def cut_suffix(k: int | str | None) -> str:
    """A measure's suffix for a cut-off: '@3' for k = 3, '@n' for every ranked position, and ''
    for no cut-off (None or 'none'): NDCG@3, NDCG@n, NDCG."""
    if k is None or k == NO_CUTOFF:
        return ""
    return f"@{k}"


@dataclass(frozen=True)
class Scoring:
    """How a list is scored: one choice on every point where NDCG implementations differ.

    k: a whole number, ``"n"`` (every ranked position, the default) or ``"none"`` (no cut-off).
    gain: a key of `options.GAINS` or a gain map's name ("map:0=0,1=1,2=3"; a `GainMap` or a
    {grade: gain} dict is turned into its name, the text links carry); `gain_record` is that
    gain parsed once, which the core computes with. discount: a key of `options.DISCOUNTS`;
    log_base: the base b.
    ideal: ``"judgments"`` (the list plus the pool, the default) or ``"run"`` (the list alone).
    ties: how equal scores are ordered when a run is ranked by score (`options.TIES`).
    zero: what NDCG is when IDCG is 0, a key of `options.ON_ZERO` ("0", "1" or "skip").
    """

    k: int | str = EVERY_RANKED
    gain: str = "linear"
    discount: str = "log2"
    log_base: float = 2.0
    ideal: str = "judgments"
    ties: str = "keep"
    zero: str = "0"

    def __post_init__(self) -> None:
        object.__setattr__(self, "k", check_cut(self.k))
        # Parsed once, kept beside the choices (not one of them: a Scoring is compared, hashed
        # and cached by its choices, the gain by its text).
        object.__setattr__(self, "_gain", gain_record(self.gain))
        object.__setattr__(self, "gain", self._gain.name)
        check_option(self.discount, DISCOUNTS, "discount")
        object.__setattr__(self, "log_base", check_log_base(self.log_base))
        check_option(self.ideal, IDEALS, "ideal")
        check_option(self.ties, TIES, "ties")
        check_option(self.zero, ON_ZERO, "zero")

    @property
    def gain_record(self) -> Gain | GainMap:
        """The gain, parsed: what the core computes with."""
        return self._gain

    @property
    def on_zero(self) -> float:
        """The core's `on_zero` keyword: 0.0, 1.0 or NaN."""
        return ON_ZERO[self.zero].value

    def k_for(self, n: int | None = None) -> int | None:
        """The core's `k` keyword for a list of n items: the number, n for every ranked
        position, None for no cut-off."""
        if self.k == NO_CUTOFF:
            return None
        if self.k == EVERY_RANKED:
            if n is None:
                raise ValueError(
                    tr(
                        "`k` is 'n' (every ranked position): the list's length is needed to "
                        "score it."
                    )
                )
            return n
        return self.k

    def kwargs(self, n: int | None = None) -> dict:
        """Keyword arguments of the core's functions for these conventions, on a list of n
        items (the ideal's items are the list's to give: see `RankedList.kwargs`)."""
        return {
            "k": self.k_for(n),
            "gain": self.gain,
            "discount": self.discount,
            "log_base": self.log_base,
            "on_zero": self.on_zero,
        }

    def cut_words(self, n: int | None = None) -> str:
        """The cut-off in a few words: 'k = 3', 'k = n = 6' ('k = n' when n is not known) or
        'no cut-off' (the words of `options.CUTS`)."""
        if self.k == EVERY_RANKED:
            return tr(CUTS[EVERY_RANKED].short) + ("" if n is None else f" = {n}")
        if self.k == NO_CUTOFF:
            return tr(CUTS[NO_CUTOFF].short)
        return f"k = {self.k}"

    def suffix(self, n: int | None = None) -> str:
        """The cut-off as a measure's suffix: '@3', '@6' for k = n = 6 ('@n' when n is not
        known), '' for no cut-off."""
        return cut_suffix(n if self.k == EVERY_RANKED and n is not None else self.k)


@dataclass(frozen=True)
class RankedList:
    """A ranked list: relevances top first, a label per item, the pool, and its `Scoring`.

    Labels default to D1, D2, …; the pool holds the relevances of judged items that the system
    never retrieved (they can only join the ideal ranking). Relevances may be negative here
    (the libraries page shows what libraries make of them); the core's scoring functions refuse
    them with their own message.
    """

    relevances: tuple[float, ...]
    labels: tuple[str, ...] = ()
    pool: tuple[float, ...] = ()
    scoring: Scoring = field(default_factory=Scoring)

    def __post_init__(self) -> None:
        values = tuple(as_numbers(self.relevances, "relevances").tolist())
        if not values:
            raise ValueError(tr("`relevances` is empty: NDCG needs at least one ranked item."))
        object.__setattr__(self, "relevances", values)
        pool = check_not_negative(as_numbers(self.pool, "pool"), "pool")
        object.__setattr__(self, "pool", tuple(pool.tolist()))
        labels = tuple(str(label) for label in self.labels) or default_labels(len(values))
        object.__setattr__(self, "labels", check_names(labels, len(values), "labels"))
        if not isinstance(self.scoring, Scoring):
            raise ValueError(f"`scoring` must be a Scoring; got {self.scoring!r}.")
        # Also a gain map lacking a grade of the list: said now, not mid-sum.
        check_scorable(values + self.pool, self.scoring)

    # -- the list ------------------------------------------------------------------------------

    @property
    def n(self) -> int:
        return len(self.relevances)

    @property
    def has_typed_labels(self) -> bool:
        return self.labels != default_labels(self.n)

    @property
    def ideal(self) -> tuple[float, ...] | None:
        """What the ideal ranking is built from, as the core's `ideal` keyword: the list plus
        the pool, or None (the list itself)."""
        if self.pool and self.scoring.ideal == "judgments":
            return self.relevances + self.pool
        return None

    @property
    def judged(self) -> int:
        """How many items the ideal ranking is built from."""
        return self.n + (len(self.pool) if self.ideal is not None else 0)

    # -- the cut-off ---------------------------------------------------------------------------

    @property
    def k(self) -> int | None:
        """The core's `k` keyword: a number, n for every ranked position, None for no cut-off."""
        return self.scoring.k_for(self.n)

    @property
    def cut_matters(self) -> bool:
        """True when "k = n" and "no cut-off" give different numbers (a pool longer than 0)."""
        return self.ideal is not None

    @property
    def at(self) -> str:
        """The cut-off as a measure's suffix: '@6', or '' for no cut-off."""
        return cut_suffix(self.k)

    @property
    def cut_words(self) -> str:
        """This list's cut-off in a few words: 'k = 3', 'k = n = 6', 'no cut-off'. Without a
        pool, "no cut-off" scores as k = n and is said so."""
        if self.scoring.k == NO_CUTOFF and not self.cut_matters:
            return replace(self.scoring, k=EVERY_RANKED).cut_words(self.n)
        return self.scoring.cut_words(self.n)

    def kwargs(self) -> dict:
        """Keyword arguments for the core's functions (ndcg, dcg, idcg, breakdown, …)."""
        return {**self.scoring.kwargs(self.n), "ideal": self.ideal}

    def with_scoring(self, **changes) -> RankedList:
        """The same list with some conventions changed, e.g. ``with_scoring(gain="exponential")``;
        the list itself when none changes (a page asks on every rerun: not checked again)."""
        fields = self.scoring.__dataclass_fields__
        if all(
            name in fields and getattr(self.scoring, name) == value
            for name, value in changes.items()
        ):
            return self
        return replace(self, scoring=replace(self.scoring, **changes))

    def reordered(self, order) -> RankedList:
        """The same items in another order: ``order[p]`` is the index of the item at p + 1."""
        order = [int(i) for i in order]
        if sorted(order) != list(range(self.n)):
            raise ValueError(
                tr(
                    "`order` must list each of the {n} positions exactly once; got {order}.",
                    n=self.n,
                    order=shorten(repr(order)),
                )
            )
        return replace(
            self,
            relevances=tuple(self.relevances[i] for i in order),
            labels=tuple(self.labels[i] for i in order),
        )


def check_scorable(relevances, scoring: Scoring) -> None:
    """The one test of what can be scored, for a list (`RankedList`), for every query of a run
    (`batch.batch_ndcg`) and for a gain as it is typed (the gain control): `relevances` are
    every item the list and its ideal draw on. Refused, with the reason: a grade the gain cannot
    take (2^2000 does not fit in a float; a map without that grade), or sums that overflow,
    blaming the relevances or, when the relevances alone would fit, the gain."""
    values = np.asarray(relevances, dtype=float)
    gained = scoring.gain_record.compute(values)  # raises, naming a grade it cannot take
    top = largest_weight(scoring.discount, scoring.log_base)
    with np.errstate(over="ignore", invalid="ignore"):
        relevance_sum = float(np.abs(values).sum())
        gain_sum = float(np.abs(gained).sum())
    check_sums(relevance_sum, gain_sum, top, lambda: values, lambda: (scoring.gain, gained))


def largest_weight(discount: str, log_base: float) -> float:
    """The largest discount of any position (position 1's): every DCG is at most the gains'
    sum times this."""
    return float(discounts(1, discount, log_base)[0])


def check_sums(relevance_sum, gain_sum, top: float, values, gained) -> None:
    """The rule behind `check_scorable`, on sums (one per query in a run): every sum a page
    shows (CG, DCG, IDCG, the running totals) is at most the sum of the absolute relevances, or
    of the absolute gains times the largest discount `top`; each must fit in a float.
    `values()` and `gained()` give what the message names (called only to refuse)."""
    with np.errstate(over="ignore", invalid="ignore"):
        relevances_fit = np.isfinite(relevance_sum)
        gains_fit = np.isfinite(np.asarray(gain_sum, dtype=float) * top)
    if not np.all(relevances_fit):
        raise too_large(values())
    if not np.all(gains_fit):
        gain, gained_values = gained()
        if gain == "linear":  # the gains are the relevances: they are what to change
            raise too_large(values())
        raise gains_too_large(gain, gained_values)


def too_large(values: np.ndarray) -> ValueError:
    """The one message for relevances whose sums overflow a float."""
    return ValueError(
        tr(
            "`relevances` are too large to score: their discounted sum overflows a float (the "
            "largest here is {largest}). Divide every relevance by the same number; under the "
            "linear gain NDCG does not change.",
            largest=exact(np.max(values)),
        )
    )


def gains_too_large(gain: str, gained: np.ndarray) -> ValueError:
    """The one message for gains (not relevances) whose discounted sum overflows a float."""
    record = gain_record(gain)
    largest = exact(np.max(gained))
    if is_gain_map(gain):
        return ValueError(
            tr(
                "The gain map {map} gives gains too large to score: their discounted sum "
                "overflows a float (the largest gain here is {largest}). Divide every gain by "
                "the same number: NDCG does not change.",
                map=record.text,
                largest=largest,
            )
        )
    return ValueError(
        tr(
            "The gain {gain} gives gains too large to score: their discounted sum overflows a "
            "float (the largest gain here is {largest}). Divide every gain by the same number: "
            "NDCG does not change.",
            gain=tr(record.short),
            largest=largest,
        )
    )


def derived(ranked: RankedList, **changes) -> tuple[RankedList, str]:
    """A list made from `ranked` (other relevances, labels or pool: padded, clicks as labels,
    …), scored with `ranked`'s conventions but with a gain that covers its grades
    (`options.covering_gain`, the one rule), and the note saying why the gain changed ('' when
    it did not)."""
    relevances = changes.get("relevances", ranked.relevances)
    pool = changes.get("pool", ranked.pool)
    scoring = changes.pop("scoring", ranked.scoring)
    gain, note = covering_gain(scoring.gain, tuple(relevances) + tuple(pool))
    return replace(ranked, scoring=replace(scoring, gain=gain), **changes), note


__all__ = [
    "EVERY_RANKED",
    "MAX_LABEL_LENGTH",
    "NO_CUTOFF",
    "RankedList",
    "Scoring",
    "check_cut",
    "check_scorable",
    "cut_suffix",
    "default_labels",
    "derived",
]
