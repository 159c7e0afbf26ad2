"""The common mistakes of working NDCG out by hand, and the number each one gives.

A wrong answer is rarely wrong at random. Working by hand, learners divide by log₂ i instead of
log₂(i + 1), forget to re-sort the ideal, sort only the top k for it, cut one side at k but not
the other, misread the gain 2^rel − 1, or leave out judged items the system never retrieved.
A calculator's "log" key is log₁₀: on both sides of NDCG it cancels out (every discount
shrinks by the same factor), so it is only a slip for one DCG term, or when one side of the
ratio is worked with it and the other with log₂ (the hint's table). Each function here recomputes a list the way one of those mistakes does, so practice can name
the mistake behind an answer (`diagnose`) and a walkthrough can show what the mistake would
have given. Every value is computed with the core's gains and discounts; nothing is estimated.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable
from dataclasses import dataclass

import numpy as np

from i18n import N_, tr
from ndcg_core.checks import check_position
from ndcg_core.display import exact, fixed
from ndcg_core.model import RankedList
from ndcg_core.options import gains, position_weights
from ndcg_core.parsing import format_relevances


@dataclass(frozen=True)
class Mistake:
    """One mistake applied to one list: what it gives and what to do instead.

    key: a name from `NDCG_MISTAKES` or `TERM_MISTAKES`; name: the mistake in a few words;
    value: the NDCG (or the term) the mistake gives; advice: what goes wrong, with the list's
    own numbers, and how to get it right.
    """

    key: str
    name: str
    value: float
    advice: str


NDCG_MISTAKES = {
    "log_i": N_("dividing by log₂ i instead of log₂(i + 1)"),
    "ideal_unsorted": N_("using the list itself as the ideal, without re-sorting it"),
    "ideal_top_k": N_("sorting only the top k items for the ideal"),
    "k_list_only": N_("cutting the list at k but not the ideal"),
    "k_ideal_only": N_("cutting the ideal at k but not the list"),
    "gain_exponential": N_("using the gain 2^rel − 1 instead of the plain grade"),
    "gain_linear": N_("using the plain grade instead of the gain 2^rel − 1"),
    "gain_no_minus_one": N_("using 2^rel without the − 1"),
    "pool_ignored": N_("leaving the judged-but-not-retrieved items out of the ideal"),
    "log10_list": N_("taking log₁₀ (the calculator's log key) for the list but log₂ for the ideal"),
    "log10_ideal": N_(
        "taking log₂ for the list but log₁₀ (the calculator's log key) for the ideal"
    ),
}
TERM_MISTAKES = {
    "log_i": N_("dividing by log₂ i instead of log₂(i + 1)"),
    "natural_log": N_("taking the natural logarithm ln instead of log₂"),
    "log10": N_("taking log₁₀ (the calculator's log key) instead of log₂"),
    "multiplied": N_("multiplying by the logarithm instead of dividing by it"),
    "gain_exponential": N_("using the gain 2^rel − 1 instead of the plain grade"),
    "gain_linear": N_("using the plain grade instead of the gain 2^rel − 1"),
    "gain_no_minus_one": N_("using 2^rel without the − 1"),
}


def _power_of_two(values: np.ndarray) -> np.ndarray:
    return np.power(2.0, values)


_Gain = str | Callable[[np.ndarray], np.ndarray]  # a core gain's name, or a slip's own gain

# The gain slips of each convention: what a learner computes instead of its gain. A gain map
# has none here: these slips are about the grade itself against 2^rel − 1.
_GAIN_SLIPS: dict[str, tuple[tuple[str, _Gain], ...]] = {
    "linear": (("gain_exponential", "exponential"),),
    "exponential": (("gain_linear", "linear"), ("gain_no_minus_one", _power_of_two)),
}


def _gained(values: np.ndarray, gain: _Gain) -> np.ndarray:
    return gain(values) if callable(gain) else gains(values, gain)


def _dcg(
    values: Iterable[float], depth: int | None, gain: _Gain, discount: str, base: float
) -> float:
    """DCG with the core's position weights, as a mistake computes it: `gain` may be a slip's."""
    top = np.asarray(list(values), dtype=float)[:depth]
    return float(np.dot(_gained(top, gain), position_weights(top.size, None, discount, base)))


def _ratio(dcg: float, idcg: float) -> float:
    return math.nan if idcg <= 0 else dcg / idcg


def ndcg_mistakes(ranked: RankedList) -> tuple[Mistake, ...]:
    """What each mistake that applies to `ranked` gives for its NDCG, in `NDCG_MISTAKES` order.

    A mistake is left out when it cannot happen for this list (no cut-off below n: no k
    mistakes; no pool: nothing to leave out; a gain per grade: no slip between the grade and
    2^rel − 1) or when it gives no number (IDCG 0).

    >>> from ndcg_core.model import Scoring
    >>> ranked = RankedList((1, 0, 1, 1, 0), scoring=Scoring(k=3))
    >>> [(m.key, round(m.value, 4)) for m in ndcg_mistakes(ranked)][:3]
    [('log_i', 0.6199), ('ideal_unsorted', 1.0), ('ideal_top_k', 0.9197)]
    """
    s = ranked.scoring
    rel = ranked.relevances
    judged = ranked.ideal if ranked.ideal is not None else rel
    k = ranked.k  # None: no cut-off
    n = ranked.n
    gain = s.gain
    discount, base = s.discount, s.log_base
    ideal = sorted(judged, reverse=True)
    truth_dcg = _dcg(rel, k, gain, discount, base)
    truth_idcg = _dcg(ideal, k, gain, discount, base)
    at = ranked.at
    found: list[Mistake] = []

    def add(key: str, value: float, advice: str) -> None:
        if not math.isnan(value):
            found.append(Mistake(key, tr(NDCG_MISTAKES[key]), value, advice))

    if s.discount == "log2":
        jk = "jarvelin"
        add(
            "log_i",
            _ratio(_dcg(rel, k, gain, jk, base), _dcg(ideal, k, gain, jk, base)),
            tr(
                "Position i is divided by log₂(i + 1): log₂ 2 = 1 at the top, log₂ 3 = "
                "{log3} at position 2, log₂ 4 = 2 at position 3. Dividing by log₂ i instead "
                "(and leaving the top alone, since log₂ 1 = 0) discounts every position one "
                "step too little.",
                log3=fixed(math.log2(3)),
            ),
        )
    if tuple(judged) != tuple(ideal):
        add(
            "ideal_unsorted",
            _ratio(truth_dcg, _dcg(judged, k, gain, discount, base)),
            tr(
                "The ideal is the same items sorted from best to worst: {ideal}. Scoring the "
                "list against itself always gives 1.",
                ideal=format_relevances(ideal[:n]) + ("…" if len(ideal) > n else ""),
            ),
        )
    cut = k is not None and k < n
    if cut:
        top_only = sorted(rel[:k] + (tuple(ranked.pool) if ranked.ideal is not None else ()))
        top_only = top_only[::-1]
        if tuple(top_only[:k]) != tuple(ideal[:k]):
            wrong_idcg = _dcg(top_only, k, gain, discount, base)
            add(
                "ideal_top_k",
                _ratio(truth_dcg, wrong_idcg),
                tr(
                    "The ideal top {k} comes from every judged item, not only from the top {k} "
                    "of the list: {ideal}, not {wrong}. An item ranked below {k} can belong in "
                    "the ideal top {k}; that is exactly what the list is blamed for. Sorting "
                    "the top {k} alone gives IDCG{at} = {wrong_idcg} instead of {idcg}.",
                    k=k,
                    ideal=format_relevances(ideal[:k]),
                    wrong=format_relevances(top_only[:k]),
                    at=at,
                    wrong_idcg=fixed(wrong_idcg),
                    idcg=fixed(truth_idcg),
                ),
            )
    if k is not None and k < len(ideal):
        add(
            "k_list_only",
            _ratio(truth_dcg, _dcg(ideal, None, gain, discount, base)),
            tr(
                "Cut both sides at the same depth: DCG{at} over the top {k} positions, and "
                "IDCG{at} over the top {k} positions of the ideal order, {ideal}.",
                at=at,
                k=k,
                ideal=format_relevances(ideal[:k]),
            ),
        )
    if cut:
        add(
            "k_ideal_only",
            _ratio(_dcg(rel, None, gain, discount, base), truth_idcg),
            tr(
                "Cut both sides at the same depth: only the top {k} positions of the list "
                "count towards DCG{at}, just as only the top {k} of the ideal count towards "
                "IDCG{at}. A DCG over more positions than the IDCG can even come out above 1.",
                k=k,
                at=at,
            ),
        )
    if (s.discount, s.log_base) == ("log2", 2.0):
        # log₁₀ on both sides would cancel; on one side only, every discount of that side is
        # log₂ 10 = 3.32 times too big.
        ten = 10.0
        add(
            "log10_list",
            _ratio(_dcg(rel, k, gain, discount, ten), truth_idcg),
            _log10_advice("list"),
        )
        add(
            "log10_ideal",
            _ratio(truth_dcg, _dcg(ideal, k, gain, discount, ten)),
            _log10_advice("ideal"),
        )
    for key, function in _GAIN_SLIPS.get(s.gain, ()):
        add(
            key,
            _ratio(
                _dcg(rel, k, function, discount, base), _dcg(ideal, k, function, discount, base)
            ),
            _gain_advice(s.gain, rel),
        )
    if ranked.ideal is not None:
        alone = sorted(rel, reverse=True)
        add(
            "pool_ignored",
            _ratio(truth_dcg, _dcg(alone, k, gain, discount, base)),
            tr(
                "The judged items the system did not retrieve ({pool}) belong in the ideal "
                "order too: it is {ideal}, not {wrong}. Missing them is what the score should "
                "punish.",
                pool=format_relevances(ranked.pool),
                ideal=format_relevances(ideal[: k or len(ideal)]),
                wrong=format_relevances(alone[: k or len(alone)]),
            ),
        )
    return tuple(found)


def _log10_advice(side: str) -> str:
    factor = fixed(math.log2(10))
    if side == "list":
        return tr(
            "The calculator's “log” key is log₁₀, and here it was used for the list only: "
            "1/log₁₀ x is log₂ 10 = {factor} times 1/log₂ x, so that side comes out {factor} "
            "times too big. Use the same logarithm on both sides (any base cancels out of "
            "NDCG), or the discount table.",
            factor=factor,
        )
    return tr(
        "The calculator's “log” key is log₁₀, and here it was used for the ideal only: "
        "1/log₁₀ x is log₂ 10 = {factor} times 1/log₂ x, so that side comes out {factor} "
        "times too big. Use the same logarithm on both sides (any base cancels out of NDCG), "
        "or the discount table.",
        factor=factor,
    )


def _gain_advice(gain: str, relevances: Iterable[float]) -> str:
    grades = sorted({float(r) for r in relevances if r > 0})[:3] or [1.0]
    shown = ", ".join(f"{exact(g)} → {exact(2**g - 1)}" for g in grades)
    if gain == "linear":
        return tr(
            "Here each item earns its grade as it is (a 3 earns 3). The gain 2^rel − 1 "
            "({shown}) belongs to other conventions.",
            shown=shown,
        )
    return tr(
        "Here each item earns 2^rel − 1, not its grade: {shown}. Mind the − 1, which keeps a "
        "grade-0 item at 0.",
        shown=shown,
    )


def term_mistakes(ranked: RankedList, position: int) -> tuple[Mistake, ...]:
    """What each mistake in `TERM_MISTAKES` gives for the DCG term at `position` (1-based) of a
    list scored with the 1/log₂(i + 1) discount."""
    if ranked.scoring.discount != "log2":
        raise ValueError(
            f"`term_mistakes` needs the 1/log₂(i + 1) discount; the list uses "
            f"{ranked.scoring.discount!r}."
        )
    position = check_position(position, ranked.n)
    grade = np.array([ranked.relevances[position - 1]])
    base = ranked.scoring.log_base
    g = float(gains(grade, ranked.scoring.gain)[0])
    log_next = math.log(position + 1, base)
    where = {"position": position, "next": position + 1, "log": fixed(log_next)}
    found = []

    def add(key: str, value: float, advice: str) -> None:
        found.append(Mistake(key, tr(TERM_MISTAKES[key]), value, advice))

    if position > 1:
        add(
            "log_i",
            g / math.log(position, base),
            tr(
                "Position {position} is divided by log₂({position} + 1) = {log}, not by "
                "log₂ {position} = {wrong}: the top position is divided by log₂ 2 = 1, so every "
                "position uses the logarithm of the next number up.",
                wrong=fixed(math.log(position, base)),
                **where,
            ),
        )
    add(
        "natural_log",
        g / math.log(position + 1),
        tr(
            "Position {position} is divided by log₂({position} + 1) = {log}; ln {next} = "
            "{wrong} is the natural logarithm. On a calculator, log₂ x = ln x / ln 2.",
            wrong=fixed(math.log(position + 1)),
            **where,
        ),
    )
    add(
        "log10",
        g / math.log10(position + 1),
        tr(
            "Position {position} is divided by log₂({position} + 1) = {log}; the calculator's "
            "“log” key gives log₁₀ {next} = {wrong} instead. On a calculator, log₂ x = "
            "log x / log 2.",
            wrong=fixed(math.log10(position + 1)),
            **where,
        ),
    )
    add(
        "multiplied",
        g * log_next,
        tr(
            "Position {position} is divided by log₂({position} + 1) = {log}: the gain shrinks "
            "further down the list, it does not grow.",
            **where,
        ),
    )
    for key, wrong in _GAIN_SLIPS.get(ranked.scoring.gain, ()):
        wrong_gain = float(_gained(grade, wrong)[0])
        add(key, wrong_gain / log_next, _gain_advice(ranked.scoring.gain, (grade[0],)))
    return tuple(found)


def diagnose(
    mistakes: Iterable[Mistake], answer: float, truth: float, tolerance: float
) -> Mistake | None:
    """The mistake that best explains `answer`, or None.

    A mistake explains an answer when the answer lies within `tolerance` of what the mistake
    gives and nearer to it than to the right value; a mistake whose value is itself within
    `tolerance` of the right value cannot be told apart from a right answer and is skipped.
    Of several, the nearest wins.
    """
    best = None
    for mistake in mistakes:
        if abs(mistake.value - truth) <= tolerance:
            continue
        off = abs(answer - mistake.value)
        nearer = best is None or off < abs(answer - best.value)
        if off <= tolerance and off < abs(answer - truth) and nearer:
            best = mistake
    return best
