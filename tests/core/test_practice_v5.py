"""Practice version 5 over seeds 0–199, measured as versions 3 and 4 once were: estimates that
are not trivial and catch the slips they are there to catch, judged items never retrieved, the
gain 2^rel − 1, and "which measures move" with no answer that is right in most sets. Each exercise is made once for the module (a version-5 estimate is searched for)."""

from collections import Counter

import pytest

from lessons import practice
from lessons.practice.measures import ANSWER_CLASSES
from ndcg_core.display import fixed

VERSION = 5
SEEDS = range(200)


def _made(kind: str) -> list[practice.Exercise]:
    return [
        practice.exercise(seed, practice.kinds_for(seed, VERSION).index(kind), VERSION)
        for seed in SEEDS
    ]


@pytest.fixture(scope="module")
def estimates() -> list[practice.Exercise]:
    return _made("estimate")


@pytest.fixture(scope="module")
def swaps() -> list[practice.Exercise]:
    return _made("metric_changes")


def _caught(ex: practice.Exercise) -> dict[str, str]:
    """The slips an answer is caught making: typed to two decimals, as a learner types, it is
    refused and named as that slip (or as one that gives the same number). Value → key."""
    slips = {m.key: m for m in practice.mistakes_for(ex)}
    caught = {}
    for m in slips.values():
        if not 0 <= m.value <= 1:
            continue
        verdict = practice.judge(ex, f"{m.value:.2f}")
        named = slips.get(verdict.mistake)
        if not verdict.correct and named and fixed(named.value) == fixed(m.value):
            caught.setdefault(fixed(m.value), m.key)
    return caught


def test_at_most_one_estimate_in_twenty_answers_one(estimates):
    # Version 4: 68 of these 200 (its filter kept lists already in order).
    ones = [e.seed for e in estimates if fixed(e.target) == "1.0000"]
    assert len(ones) <= 0.05 * len(estimates), ones


def test_estimates_are_searched_not_collapsed_onto_a_few_lists(estimates):
    lists = {(e.cases[0].ranked.relevances, e.cases[0].ranked.pool) for e in estimates}
    assert len(lists) >= 0.9 * len(estimates)
    in_order = [
        e.seed
        for e in estimates
        if list(e.cases[0].ranked.relevances) == sorted(e.cases[0].ranked.relevances)[::-1]
    ]
    assert len(in_order) <= 0.05 * len(estimates), in_order


def test_at_least_a_quarter_of_the_estimates_have_judged_items_never_retrieved(estimates):
    # Version 4: 32 of these 200. Each such list catches the slip of leaving them out.
    pooled = [e for e in estimates if e.cases[0].ranked.pool]
    assert len(pooled) >= 0.25 * len(estimates)
    for e in pooled:
        assert "pool_ignored" in _caught(e).values(), e.seed
        assert "judged items that were not retrieved" in e.hint


def test_some_estimates_use_the_gain_two_to_the_rel_minus_one(estimates):
    # Versions 3 and 4: none. The prompt says so, the hint gives each grade's gain, and the
    # list catches a gain slip.
    exponential = [e for e in estimates if e.cases[0].ranked.scoring.gain == "exponential"]
    assert len(exponential) >= 0.15 * len(estimates)
    for e in exponential:
        ranked = e.cases[0].ranked
        assert "gain 2^rel − 1" in e.prompt
        for grade in {g for g in ranked.relevances + ranked.pool if g > 0}:
            assert f"{grade:g} → {2**grade - 1:g}" in e.hint, (e.seed, e.hint)
        assert {"gain_linear", "gain_no_minus_one"} & set(_caught(e).values()), e.seed


def test_every_estimate_catches_at_least_two_distinct_slips_and_accepts_none(estimates):
    # Version 4: as few as 1 (3.2 on average). The issue asks for two; the search keeps three.
    counts = []
    for e in estimates:
        caught = _caught(e)
        counts.append(len(caught))
        assert len(caught) >= 3, (e.seed, caught)
        # No slip lies inside the stated window without giving the right value itself.
        for m in practice.mistakes_for(e):
            if abs(m.value - e.target) > 1e-9 and 0 <= m.value <= 1:
                assert not practice.judge(e, f"{m.value:.6f}").correct, (e.seed, m.key)
    assert sum(counts) / len(counts) >= 4


def test_no_answer_to_which_measures_move_is_right_in_more_than_35_percent(swaps):
    # Version 4: "only ERR and NDCG" in 95 of these 200, P and R moving in 29.
    answers = Counter(ex.choices[practice.correct_choice(ex)].claim for ex in swaps)
    assert len(answers) == len(ANSWER_CLASSES)
    assert max(answers.values()) <= 0.35 * len(swaps), answers.most_common(1)
    crossing = sum(n for answer, n in answers.items() if "p" in answer)
    assert crossing >= 0.25 * len(swaps)


def test_each_wrong_option_of_which_measures_move_is_its_own_misconception(swaps):
    for ex in swaps:
        right = practice.correct_choice(ex)
        assert sum(practice.is_correct(ex, i) for i in range(len(ex.choices))) == 1
        whys = [c.why for i, c in enumerate(ex.choices) if i != right]
        assert len(ex.choices) == 4 and all(whys) and len(set(whys)) == 3, ex.seed
