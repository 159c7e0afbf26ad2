"""What an exercise is made of: the records every group of exercises builds (`Case`, `Choice`,
`Exercise`, `Verdict`), the registry's `Kind`, and the few helpers every maker draws with.

Its own module so that the groups (`calculations`, `puzzles`, `pitfalls`, `measures`) and the
registry in `lessons.practice` can all import it; `lessons.practice` re-exports the records.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from functools import lru_cache

from i18n import tr
from lessons.described import describe, differences
from ndcg_core.libraries import Query
from ndcg_core.metrics import totals
from ndcg_core.model import EVERY_RANKED, RankedList, Scoring
from ndcg_core.options import DISCOUNTS, discounts, gain_record

# ---------------------------------------------------------------------------------------------
# A list, an option, an exercise, a verdict
# ---------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Case:
    """A named ranked list, as an exercise shows it (and as the playground can open it)."""

    name: str
    ranked: RankedList

    def score(self) -> float:
        return _ndcg(self.ranked)

    def describe(self) -> str:
        """The list and every convention off the default: '3, 2, 3 · k = 3 · gain 2^rel − 1'."""
        return describe(self.ranked)


@lru_cache(maxsize=4096)
def _ndcg(ranked: RankedList) -> float:
    """NDCG as every page computes it (`metrics.totals`). Cached: making and checking one
    exercise scores the same few lists dozens of times (each swap, each option, each check)."""
    return totals(ranked).ndcg


def new_case(name: str, relevances, k: int | str = EVERY_RANKED, **scoring) -> Case:
    """A case from its grades, its cut-off and any other convention (`Scoring`'s fields)."""
    return Case(name, RankedList(tuple(relevances), scoring=Scoring(k=k, **scoring)))


def variant(case: Case, name: str | None = None, *, pool=None, **scoring) -> Case:
    """`case` under another name, with a pool or other conventions: a puzzle's option."""
    ranked = case.ranked if pool is None else replace(case.ranked, pool=pool)
    return Case(name or case.name, ranked.with_scoring(**scoring) if scoring else ranked)


# What an option claims: a winner and a margin (compare), a pair of positions (costliest swap),
# two libraries' conventions as cases, or as one case per query (the convention puzzles), or
# values that lists score (the pitfalls), or a query, two presets' keys and how their numbers
# compare (what two libraries print).
Reading = Case | tuple[Case, ...]
Claim = (
    tuple[str, float]
    | tuple[int, int]
    | tuple[Reading, Reading]
    | tuple[tuple[Case, float], ...]
    | tuple[Query, str, str, str]
)


@dataclass(frozen=True)
class Choice:
    """One option of a multiple-choice exercise, the claim `is_correct` re-computes, and `why`:
    what is wrong with the option, for a learner who picked it (empty: computed from the claim).
    """

    text: str
    claim: Claim
    why: str = ""


@dataclass(frozen=True)
class Exercise:
    """One predict-then-reveal question.

    `cases` are the lists the learner sees (and can open in the playground); `choices` is empty
    for a number answer, which is then `target` within ± `tolerance` (every answer within it
    counts). `slips` are the keys of the common slips (`lessons.mistakes`) its feedback may name,
    those a learner has met where the question is asked; None: every one (practice, at the end
    of the path). `truth` is what a
    convention puzzle observed (when not its first and last case); `position` the hidden term of
    a missing-term exercise; `hint` what the learner gets on asking; `discounts` the multiplier
    at each position, 1/log₂(i + 1), for a hint's table. `seed`, `index` and `version` place it
    in a practice set; a question built from a teacher's own lists (`calculations.build_*`) has
    no seed and no index.
    """

    kind: str
    title: str
    prompt: str
    cases: tuple[Case, ...]
    choices: tuple[Choice, ...] = ()
    target: float | None = None
    tolerance: float = 0.0
    question_latex: str | None = None
    explanation: str = ""
    solution_cases: tuple[Case, ...] = field(default_factory=tuple)
    hint: str = ""
    discounts: tuple[tuple[int, float], ...] = ()
    position: int | None = None
    truth: Claim | None = None
    slips: tuple[str, ...] | None = None
    seed: int | None = None
    index: int | None = None
    version: int = 1

    @property
    def is_numeric(self) -> bool:
        return not self.choices

    @property
    def key(self) -> str:
        """Names a practice set's exercise among every set: '4711_2' (version 1, as before),
        'v2_4711_2'."""
        plain = f"{self.seed}_{self.index}"
        return plain if self.version == 1 else f"v{self.version}_{plain}"


@dataclass(frozen=True)
class Verdict:
    """How an answer fared. `detail` reveals the answer (shown with the solution); `feedback`
    does not (shown after a wrong try that can be retried), and names the mistake behind the
    answer when one is recognised (`mistake`, a key of `mistakes.NDCG_MISTAKES` or
    `mistakes.TERM_MISTAKES`, or the kind of a wrong option)."""

    correct: bool
    headline: str
    detail: str
    feedback: str = ""
    mistake: str = ""


# ---------------------------------------------------------------------------------------------
# Where an exercise sits, and the registry's record of a kind
# ---------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Slot:
    """Where an exercise sits (its kind, its set's seed and version, its index) and the random
    numbers it is drawn from; `exercise` makes the Exercise that belongs there, `place` puts
    one built from its lists there."""

    kind: str
    seed: int
    index: int
    rng: random.Random
    version: int = 1

    def exercise(self, **fields) -> Exercise:
        return Exercise(
            kind=self.kind, seed=self.seed, index=self.index, version=self.version, **fields
        )

    def place(self, exercise: Exercise) -> Exercise:
        return replace(exercise, seed=self.seed, index=self.index, version=self.version)


@dataclass(frozen=True)
class Kind:
    """One kind of exercise, as the registry (`lessons.practice.REGISTRY`) knows it.

    `make` draws it from its slot. A multiple-choice kind says whether an option's claim holds
    (`holds`, re-computed from the lists) and, for an option that does not carry its own `why`,
    what is wrong with it (`why_not`, never naming the answer). A number kind may list what the
    common slips of working it out by hand would give (`mistakes`, for the feedback).
    """

    make: Callable[[Slot], Exercise]
    holds: Callable[[Exercise, Claim], bool] | None = None
    why_not: Callable[[Exercise, Claim], str] | None = None
    mistakes: Callable[[Exercise], tuple] | None = None
    retry: Callable[[Exercise], str] | None = None


# ---------------------------------------------------------------------------------------------
# What makers draw
# ---------------------------------------------------------------------------------------------


def draw_grades(rng: random.Random, n: int, top: int = 3) -> tuple[float, ...]:
    """A list of whole grades 0…top with at least one relevant item."""
    while True:
        values = tuple(float(rng.randint(0, top)) for _ in range(n))
        if any(values):
            return values


def draw_cut(rng: random.Random, n: int) -> int | str:
    """A cut-off from 3 to n; n itself is "every ranked position"."""
    k = rng.randint(3, n)
    return EVERY_RANKED if k == n else k


def scored_with(ranked: RankedList) -> str:
    """The conventions a learner needs to work `ranked` out by hand, in words, from its own
    `Scoring`: the gain and the discount always, in the words of their `options` records ('gain
    rel, discount 1 / log₂(i+1)' by default), then every other convention off the default in
    `described.differences`' words ('ideal from only the ranked documents', '0/0 → 1')."""
    scoring, default = ranked.scoring, Scoring()
    said = [tr("gain {gain}", gain=tr(gain_record(scoring.gain).short))]
    if (scoring.discount, scoring.log_base) == (default.discount, default.log_base):
        said.append(tr("discount {discount}", discount=tr(DISCOUNTS[scoring.discount].label)))
    elif scoring.discount == default.discount:  # the base is said below, with why it is moot
        said.append(tr("discount {discount}", discount=tr(DISCOUNTS[scoring.discount].short)))
    said += differences(replace(scoring, gain=default.gain), default)
    return ", ".join(said)


def discount_table(n: int) -> tuple[tuple[int, float], ...]:
    """Position and discount 1/log₂(i + 1) for positions 1…n: a hint's table."""
    return tuple(zip(range(1, n + 1), (float(d) for d in discounts(n, "log2"))))
