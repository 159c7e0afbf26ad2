"""Practice exercises: same seed, same set; exactly one right answer; typed numbers read or refused."""

import json
import math
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ndcg_core import latex, practice
from ndcg_core.metrics import totals
from ndcg_core.model import RankedList, Scoring
from ndcg_core.practice import Case, check, exercise, exercise_set, is_correct, parse_answer

seeds = st.integers(min_value=0, max_value=practice.MAX_SEED)
# Seeds 1–5 as the code of commit 58cb952 made them (before lists became `RankedList`s): teachers
# have shared these sets, so their exercises, lists and answers must never change.
PINNED = json.loads((Path(__file__).parent / "practice_seeds.json").read_text(encoding="utf-8"))


# --- Determinism -------------------------------------------------------------------------------


@settings(max_examples=25, deadline=None)
@given(seeds)
def test_a_seed_always_gives_the_same_set(seed):
    assert exercise_set(seed) == exercise_set(seed)
    assert exercise(seed, 3) == exercise_set(seed)[3]


@pytest.mark.parametrize("seed", sorted(PINNED, key=int))
def test_shared_seeds_keep_their_exercises_lists_and_answers(seed):
    made = exercise_set(int(seed))
    assert [(e.kind, e.title) for e in made] == [(p["kind"], p["title"]) for p in PINNED[seed]]
    for ex, pinned in zip(made, PINNED[seed]):
        where = (seed, ex.index, ex.kind)
        assert [c.name for c in ex.cases] == [c["name"] for c in pinned["cases"]], where
        for case, want in zip(ex.cases, pinned["cases"]):
            ranked = case.ranked
            assert ranked.relevances == tuple(want["relevances"]), where
            assert ranked.pool == tuple(want["pool"]), where
            # Then, k = None was "the whole list": k = n now, the same number without a pool.
            assert ranked.k == (want["k"] or len(want["relevances"])), where
            s = ranked.scoring
            assert (s.gain, s.discount, s.log_base, s.on_zero) == (
                want["gain"],
                want["discount"],
                want["log_base"],
                want["on_zero"],
            ), where
            assert case.score() == pytest.approx(want["ndcg"], abs=1e-9), where
        if ex.is_numeric:
            assert ex.target == pytest.approx(pinned["target"], abs=1e-9), where
            assert ex.tolerance == pinned["tolerance"], where
        else:
            assert [c.text for c in ex.choices] == pinned["choices"], where
            assert practice.correct_choice(ex) == pinned["correct"], where


def test_an_exercise_is_made_with_its_own_seed_and_index():
    for index, ex in enumerate(exercise_set(31)):
        assert (ex.seed, ex.index) == (31, index)


def test_different_seeds_give_different_sets():
    sets = {tuple(e.cases for e in exercise_set(seed)) for seed in range(10)}
    assert len(sets) == 10


@settings(max_examples=25, deadline=None)
@given(seeds)
def test_every_set_has_each_kind_once(seed):
    kinds = practice.kinds_for(seed)
    assert sorted(kinds) == sorted(practice.KINDS + practice.PUZZLES)
    assert [e.kind for e in exercise_set(seed)] == list(kinds)


# --- Exactly one right answer ------------------------------------------------------------------


@settings(max_examples=60, deadline=None)
@given(seeds)
def test_every_multiple_choice_exercise_has_exactly_one_true_option(seed):
    for ex in exercise_set(seed):
        if ex.is_numeric:
            continue
        truths = [is_correct(ex, i) for i in range(len(ex.choices))]
        assert sum(truths) == 1, (seed, ex.kind, [c.text for c in ex.choices])
        texts = [c.text for c in ex.choices]
        assert len(set(texts)) == len(texts)
        right = truths.index(True)
        assert check(ex, right).correct
        assert not any(check(ex, i).correct for i in range(len(ex.choices)) if i != right)


@settings(max_examples=60, deadline=None)
@given(seeds)
def test_every_number_exercise_accepts_its_value_and_nothing_beyond_the_tolerance(seed):
    for ex in exercise_set(seed):
        if not ex.is_numeric:
            continue
        assert check(ex, f"{ex.target:.6f}").correct
        near = ex.target + ex.tolerance * 0.9
        assert check(ex, f"{min(near, 1) if ex.kind == 'estimate' else near:.6f}").correct
        too_high = ex.target + ex.tolerance + 0.01
        if ex.kind != "estimate" or too_high <= 1:
            assert not check(ex, f"{too_high:.6f}").correct
        too_low = ex.target - ex.tolerance - 0.01
        if too_low >= 0:
            assert not check(ex, f"{too_low:.6f}").correct


def test_the_compare_winner_and_margin_are_recomputed_from_the_lists():
    ex = next(e for e in exercise_set(4711) if e.kind == "compare")
    a, b = (case.score() for case in ex.cases)
    right = ex.choices[practice.correct_choice(ex)]
    assert right.claim == ("A" if a > b else "B", round(abs(a - b), 2))


def test_the_costliest_swap_is_the_largest_drop():
    ex = next(e for e in exercise_set(1) if e.kind == "costliest_swap")
    (case,) = ex.cases
    drops = {c.claim: practice.swap_loss(case, *c.claim) for c in ex.choices}
    assert ex.choices[practice.correct_choice(ex)].claim == max(drops, key=drops.get)
    assert case.score() == 1.0  # the exercise starts from the ideal order


# --- The convention puzzles carry the real numbers --------------------------------------------


def test_open_ideal_puzzle_shows_the_wikipedia_numbers():
    ex = next(e for e in exercise_set(0) if e.kind == "open_ideal")
    x, y = ex.cases
    assert x.ranked.relevances == y.ranked.relevances == (3, 2, 3, 0, 1, 2)
    assert x.ranked.pool == (3, 2) and x.ranked.k == 6
    # DCG@6 = 3/log2 2 + 2/log2 3 + 3/log2 4 + 0 + 1/log2 6 + 2/log2 7  # rel = 3,2,3,0,1,2
    dcg = 3 + 2 / math.log2(3) + 3 / 2 + 1 / math.log2(6) + 2 / math.log2(7)
    # open ideal 3,3,3,2,2,2 (pool adds 3 and 2); closed ideal 3,3,2,2,1,0
    open_idcg = (
        3 + 3 / math.log2(3) + 3 / 2 + 2 / math.log2(5) + 2 / math.log2(6) + 2 / math.log2(7)
    )
    closed_idcg = 3 + 3 / math.log2(3) + 2 / 2 + 2 / math.log2(5) + 1 / math.log2(6)
    assert x.score() == pytest.approx(dcg / open_idcg)
    assert y.score() == pytest.approx(dcg / closed_idcg)
    assert "0.785" in ex.prompt and "0.961" in ex.prompt


def test_all_zero_puzzle_is_the_zero_over_zero_convention():
    ex = next(e for e in exercise_set(0) if e.kind == "all_zero")
    x, y = ex.cases
    assert set(x.ranked.relevances) == {0.0}
    assert (x.score(), y.score()) == (1.0, 0.0)
    right = ex.choices[practice.correct_choice(ex)]
    assert "0/0 → 1" in right.text


def test_rank_two_puzzle_is_the_jarvelin_discount_with_base_two():
    ex = next(e for e in exercise_set(0) if e.kind == "rank_two")
    truth = ex.cases[0]
    assert truth.ranked.scoring.discount == "jarvelin" and truth.ranked.scoring.log_base == 2
    contributions = totals(truth.ranked).table["contribution"].iloc[:2].tolist()
    # Both divided by max(1, log2 i) = 1.
    assert contributions[0] == contributions[1] == truth.ranked.relevances[0]


def test_worked_solution_fills_in_the_numbers():
    case = Case("W", RankedList((3.0, 2.0, 3.0, 0.0, 1.0, 2.0), pool=(3.0, 2.0)))
    dcg_tex, idcg_tex, ndcg_tex = practice.worked(case)
    assert r"\frac{3}{\log_{2} 2}" in dcg_tex and "6.8611" in dcg_tex
    assert "8.7403" in idcg_tex
    assert ndcg_tex.endswith("= 0.7850")
    assert practice.worked(case) == latex.worked(totals(case.ranked))  # one way to write it


def test_worked_solution_spells_out_zero_over_zero():
    zeros = RankedList((0.0, 0.0, 0.0), scoring=Scoring(zero="1"))
    *_, ndcg_tex = practice.worked(Case("Z", zeros))
    assert r"\frac{0}{0}" in ndcg_tex and "by convention" in ndcg_tex


@pytest.mark.parametrize("seed", [1, 4, 5])  # exponential gain in these sets
def test_the_missing_term_question_is_the_filled_in_sum_with_one_term_boxed(seed):
    ex = next(e for e in exercise_set(seed) if e.kind == "missing_term")
    (case,) = ex.cases
    hidden = int(ex.prompt.split("position ")[1].split(" ")[0])
    assert ex.question_latex.count(r"\boxed{?}") == 2  # its fraction and its value
    s = case.ranked.scoring
    full = latex.dcg_filled(
        totals(case.ranked).table,
        case.ranked.k,
        gain=s.gain,
        discount=s.discount,
        log_base=s.log_base,
    )
    assert ex.question_latex != full
    assert ex.question_latex.split(r"\\")[-1] == full.split(r"\\")[-1]  # the total is given
    table = totals(case.ranked).table
    assert ex.target == table["contribution"].iloc[hidden - 1]
    if s.gain == "exponential":
        assert "2^{3} - 1" in ex.question_latex or "2^{2} - 1" in ex.question_latex


def test_a_hidden_term_must_be_one_written_out():
    table = totals(RankedList(tuple(range(10, 0, -1)))).table
    style = {"gain": "linear", "discount": "log2", "log_base": 2}
    assert r"\boxed{?}" in latex.dcg_filled(table, 10, **style, hide=9)
    with pytest.raises(ValueError, match=r"`hide` must be a position written out.*got 6"):
        latex.dcg_filled(table, 10, **style, hide=6)  # behind the \cdots
    with pytest.raises(ValueError, match="got 11"):
        latex.dcg_filled(table, 10, **style, hide=11)


# --- Reading typed answers ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("0.8", 0.8),
        (".8", 0.8),
        ("80%", 0.8),
        ("80 %", 0.8),
        ("0,8", 0.8),
        (",8", 0.8),
        ("  0.75 ", 0.75),
        ("1", 1.0),
        ("1.", 1.0),
        ("12.5%", 0.125),
        ("\u22120.2", -0.2),
        ("+0.3", 0.3),
    ],
)
def test_parse_answer_reads(text, value):
    assert parse_answer(text) == pytest.approx(value)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "The answer is empty"),
        ("   ", "The answer is empty"),
        ("abc", "'abc' is not a number"),
        ("about a half", "'about a half' is not a number"),
        ("0.8 0.9", "more than one number"),
        ("1,234,5", "use one decimal mark"),
        ("0.8,", "use one decimal mark"),
        ("3/4", "is a fraction"),
        ("%80", "% sign in the wrong place"),
        ("80%%", "% sign in the wrong place"),
        ("nan", "'nan' is not a number"),
        ("inf", "'inf' is not a number"),
        ("0..8", "'0..8' is not a number"),
    ],
)
def test_parse_answer_refuses_with_a_clear_message(text, message):
    with pytest.raises(ValueError, match=message) as error:
        parse_answer(text)
    assert "0.8" in str(error.value) or "0.75" in str(error.value)


def test_parse_answer_refuses_non_text():
    with pytest.raises(ValueError, match="typed text"):
        parse_answer(0.8)


def test_an_estimate_outside_zero_one_is_refused_with_a_percent_hint():
    ex = next(e for e in exercise_set(0) if e.kind == "estimate")
    with pytest.raises(ValueError, match=r"between 0 and 1.*If you meant 80%, type 80% or 0.8"):
        check(ex, "80")
    with pytest.raises(ValueError, match="between 0 and 1") as error:
        check(ex, "-0.1")
    with pytest.raises(ValueError, match="between 0 and 1") as error:
        check(ex, "1.04")
    assert "If you meant" not in str(error.value)


def test_a_verdict_says_how_far_off():
    ex = next(e for e in exercise_set(0) if e.kind == "estimate")
    verdict = check(ex, f"{ex.target + 0.2:.4f}")
    assert not verdict.correct
    assert "0.2000 too high" in verdict.detail and "±0.05" in verdict.detail


@pytest.mark.parametrize("answer", [-1, 4, True, "1"])
def test_a_choice_must_be_an_option(answer):
    ex = next(e for e in exercise_set(0) if e.kind == "compare")
    with pytest.raises(ValueError, match="Pick one of"):
        check(ex, answer)


@pytest.mark.parametrize("seed", [-1, practice.MAX_SEED + 1, "12a", 1.5, True])
def test_bad_seeds_are_refused(seed):
    with pytest.raises(ValueError, match="seed must be a whole number from 0 to 999999"):
        practice.check_seed(seed)


@pytest.mark.parametrize("index", [-1, practice.SET_SIZE])
def test_bad_index_is_refused(index):
    with pytest.raises(ValueError, match="`index` must be a whole number from 0 to 6"):
        exercise(1, index)


def test_a_case_is_a_name_and_a_ranked_list_described_by_the_model():
    ranked = RankedList((3.0, 2.0), pool=(3.0,), scoring=Scoring(k=2, gain="exponential", zero="1"))
    case = Case("X", ranked)
    assert case.describe() == ranked.describe()
    assert "k = 2" in case.describe() and "not retrieved: 3" in case.describe()
    assert case.score() == totals(ranked).ndcg


def test_the_compare_decoys_follow_the_named_rule():
    for seed in range(40):
        ex = next(e for e in exercise_set(seed) if e.kind == "compare")
        right = ex.choices[practice.correct_choice(ex)].claim[1]
        margins = {c.claim[1] for c in ex.choices}
        assert right >= practice.MIN_MARGIN and len(margins) == 2
        (decoy,) = margins - {right}
        assert abs(decoy - right) >= practice.MIN_DECOY_GAP and 0 < decoy < 1
        assert decoy in {
            round(right * practice.DECOY_FACTOR, 2),
            round(right / practice.DECOY_FACTOR, 2),
            round(right + practice.DECOY_SHIFT, 2),
        }
