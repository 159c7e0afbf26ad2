"""Practice exercises: same seed, same set; exactly one right answer; typed numbers read or refused."""

import itertools
import json
import math
import re
from dataclasses import replace
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from lessons import latex, path, practice
from lessons.described import describe
from lessons.practice import (
    Case,
    calculations,
    exercise,
    exercise_set,
    is_correct,
    judge,
    parse_answer,
    puzzles,
)
from ndcg_core.display import fixed
from ndcg_core.metrics import totals
from ndcg_core.model import EVERY_RANKED, RankedList, Scoring

# One example of a property over `seeds` builds a whole exercise set and mostly judges every
# exercise in it (a tenth of a second or more): these try a set number of seeds in every profile,
# fewer than `make test`'s 100.
seeds = st.integers(min_value=0, max_value=practice.MAX_SEED)
# Seeds 1–5 of every version, by version. Version 1 as the code of commit 58cb952 made them
# (before lists became `RankedList`s): teachers have shared these sets, so their exercises, lists
# and answers must never change. Version 1 is the generator links without a version open; one
# option text was changed on purpose: the open-ideal puzzle's "X stops counting at k = 3, Y counts
# all six" contradicted its own "X reports NDCG@6" and now reads "X takes its logarithms to base
# 10, Y to base 2" (same place, still wrong, still the same answer). Versions 2 and 3 as the code
# made them when the practice module was split by its groups of exercises; version 4 as the code
# made it when its estimates started keeping the slips apart and "which measures move" varied k;
# version 5 as the code made it when its estimates were searched for and "which measures move"
# drew its answer first. Only the judging may change under a pinned set (its wording, and the
# rule that every answer within the stated tolerance counts), never what it opens.
WIKI = (3.0, 2.0, 3.0, 0.0, 1.0, 2.0)
PINNED = json.loads((Path(__file__).parent / "practice_seeds.json").read_text(encoding="utf-8"))
PINNED_SETS = [(int(v), int(seed)) for v in PINNED for seed in PINNED[v]]


# --- Determinism -------------------------------------------------------------------------------


@settings(max_examples=25, deadline=None)
@given(seeds)
def test_a_seed_always_gives_the_same_set(seed):
    assert exercise_set(seed) == exercise_set(seed)
    assert exercise(seed, 3) == exercise_set(seed)[3]


def test_every_version_is_pinned():
    assert sorted(int(v) for v in PINNED) == list(practice.VERSIONS)


@pytest.mark.parametrize(("version", "seed"), PINNED_SETS)
def test_shared_seeds_keep_their_exercises_lists_and_answers(version, seed):
    made = exercise_set(seed, version)
    pinned_set = PINNED[str(version)][str(seed)]
    assert [(e.kind, e.title) for e in made] == [(p["kind"], p["title"]) for p in pinned_set]
    for ex, pinned in zip(made, pinned_set):
        where = (version, seed, ex.index, ex.kind)
        assert [c.name for c in ex.cases] == [c["name"] for c in pinned["cases"]], where
        for case, want in zip(ex.cases, pinned["cases"]):
            ranked = case.ranked
            assert ranked.relevances == tuple(want["relevances"]), where
            assert ranked.pool == tuple(want["pool"]), where
            # In version 1, k = None was "the whole list": k = n now, the same number without a
            # pool. Later versions also pin the cut-off as written ("n" or a number).
            assert ranked.k == (want["k"] or len(want["relevances"])), where
            if "cut" in want:
                assert ranked.scoring.k == want["cut"], where
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
        assert judge(ex, right).correct
        assert not any(judge(ex, i).correct for i in range(len(ex.choices)) if i != right)


@settings(max_examples=60, deadline=None)
@given(seeds)
def test_every_number_exercise_accepts_its_value_and_nothing_beyond_the_tolerance(seed):
    for ex in exercise_set(seed):
        if not ex.is_numeric:
            continue
        assert judge(ex, f"{ex.target:.6f}").correct
        too_high = ex.target + ex.tolerance + 0.01
        if ex.kind != "estimate" or too_high <= 1:
            assert not judge(ex, f"{too_high:.6f}").correct
        too_low = ex.target - ex.tolerance - 0.01
        if too_low >= 0:
            assert not judge(ex, f"{too_low:.6f}").correct


# --- The slips are caught, never accepted --------------------------------------------------------


def _np_ndcg(rel, ideal_from, k_list, k_ideal, gain, divide):
    """NDCG by hand with numpy: the list cut at k_list, the ideal (`ideal_from` as given, not
    re-sorted) cut at k_ideal, each position i divided by divide(i)."""

    def dcg(values, k):
        g = np.asarray(values, dtype=float)[:k]
        i = np.arange(1, g.size + 1)
        return float(np.sum(gain(g) / divide(i)))

    idcg = dcg(ideal_from, k_ideal)
    return math.nan if idcg == 0 else dcg(rel, k_list) / idcg


def _np_slips(ranked):
    """What each common slip gives for an estimate's list, worked out afresh with numpy (some
    give the right value on some lists: the caller leaves those out)."""
    rel = list(ranked.relevances)
    judged = rel + list(ranked.pool)
    ideal = sorted(judged, reverse=True)
    k, n = ranked.k, len(rel)
    grade = {
        "linear": lambda g: g,
        "exponential": lambda g: 2**g - 1,
    }[ranked.scoring.gain]
    log2 = lambda i: np.log2(i + 1)  # noqa: E731
    slips = {
        "log_i": _np_ndcg(rel, ideal, k, k, grade, lambda i: np.maximum(1, np.log2(i))),
        "ideal_unsorted": _np_ndcg(rel, judged, k, k, grade, log2),
        "ideal_top_k": _np_ndcg(
            rel, sorted(rel[:k] + list(ranked.pool), reverse=True), k, k, grade, log2
        ),
        "k_list_only": _np_ndcg(rel, ideal, k, len(ideal), grade, log2),
        "k_ideal_only": _np_ndcg(rel, ideal, n, k, grade, log2),
        "pool_ignored": _np_ndcg(rel, sorted(rel, reverse=True), k, k, grade, log2),
        "log10_list": _np_ndcg(rel, ideal, k, k, grade, log2)
        * math.log2(10),  # 1/log10 x = log2(10)/log2 x on the list's side only
        "log10_ideal": _np_ndcg(rel, ideal, k, k, grade, log2) / math.log2(10),
    }
    if ranked.scoring.gain == "linear":
        slips["gain_exponential"] = _np_ndcg(rel, ideal, k, k, lambda g: 2**g - 1, log2)
    else:
        slips["gain_linear"] = _np_ndcg(rel, ideal, k, k, lambda g: g, log2)
        slips["gain_no_minus_one"] = _np_ndcg(rel, ideal, k, k, lambda g: 2**g, log2)
    return {key: v for key, v in slips.items() if not math.isnan(v)}


def _first(kind, seed, version=1):
    """The first exercise of `kind` in the set of `seed` and `version`, made alone: the set's
    other exercises are not made (`exercise` is the set's, a test above checks it)."""
    return exercise(seed, practice.kinds_for(seed, version).index(kind), version)


def _stated(ex) -> float:
    """The tolerance a number question states in its prompt ('to within ±0.05')."""
    (said,) = re.findall(r"±(\d*\.?\d+)", ex.prompt)
    return float(said)


def _window(ex, steps=20):
    """Answers across the stated window, its edges included, as a learner types them (six
    decimals); an estimate's within 0…1, where an NDCG lies."""
    tol = _stated(ex)
    values = [ex.target + tol * (2 * i / steps - 1) for i in range(steps + 1)]
    if ex.kind == "estimate":
        values = [min(max(v, 0.0), 1.0) for v in values]
    return [f"{v:.6f}" for v in values]


@settings(max_examples=60, deadline=None)
@given(
    st.sampled_from(practice.VERSIONS),
    seeds,
    st.sampled_from(("estimate", "missing_term")),
    st.floats(min_value=-1, max_value=1),
)
def test_every_answer_within_the_stated_tolerance_counts(version, seed, kind, fraction):
    # The tolerance a question states is the one it applies, on every version's links: an
    # answer anywhere within it is right, whatever slip it happens to lie near.
    ex = _first(kind, seed, version)
    tol = _stated(ex)
    assert tol == ex.tolerance
    value = ex.target + fraction * tol
    if kind == "estimate":
        value = min(max(value, 0.0), 1.0)
    for typed in (f"{value:.6f}", repr(value)):
        assert judge(ex, typed).correct, (version, seed, kind, typed, ex.target)


@pytest.mark.parametrize("version", practice.VERSIONS)
def test_the_whole_stated_window_counts_on_every_versions_links(version):
    for seed in range(30):
        for kind in ("estimate", "missing_term"):
            ex = _first(kind, seed, version)
            for typed in _window(ex):
                assert judge(ex, typed).correct, (version, seed, kind, typed, ex.target)


def test_no_lesson_question_asks_for_a_number():
    # The lessons' questions ask about an idea; numbers are left to practice, whose windows are
    # checked above (issue 31, item 4). A lesson that comes to ask for one must keep the same
    # promise (every answer within its stated window counts) and be checked here as practice is.
    from lessons import examples, pitfalls
    from lessons.practice import lesson_questions

    asked = [lesson_questions.walkthrough_question(family) for family in examples.FAMILIES]
    asked += [lesson_questions.pitfall_question(key) for key in pitfalls.PITFALLS]
    assert len(asked) == len(examples.FAMILIES) + len(pitfalls.PITFALLS)
    assert [q.title for q in asked if q.is_numeric] == [], "a lesson asks for a number"


@pytest.mark.parametrize("version", practice.VERSIONS)
def test_a_slip_is_refused_only_outside_the_stated_window(version):
    # Every version's links: the lists stay, the judging is what the prompt states. A slip's
    # value (worked out with numpy) counts when it lies within the tolerance (on versions 1 to 3
    # some do), and is refused outside it; versions 4 and 5 draw lists whose slips all lie
    # outside it (or give the right value itself).
    refused = accepted = 0
    for seed in range(80):
        ex = _first("estimate", seed, version)
        truth = ex.target
        slips = _np_slips(ex.cases[0].ranked)
        # the practice's own slips are among those worked out here
        for mistake in practice.mistakes_for(ex):
            assert mistake.value == pytest.approx(slips[mistake.key], abs=1e-9), mistake.key
        for key, value in slips.items():
            if not 0 <= value <= 1:
                continue
            typed = f"{value:.6f}"
            inside = round(abs(float(typed) - truth), 4) <= ex.tolerance
            assert judge(ex, typed).correct == inside, (version, seed, key, typed, truth)
            refused += not inside
            accepted += inside and abs(value - truth) > 1e-9
    assert refused > 100
    if version >= 4:
        assert accepted == 0


def test_version_4_keeps_every_slip_clear_of_a_window_a_learner_can_hit():
    for seed in range(150):
        ex = _first("estimate", seed, 4)
        truth, tol = ex.target, ex.tolerance
        assert tol == practice.SEPARATED_TOLERANCE == 0.03
        assert f"±{tol:g}" in ex.prompt
        ranked = ex.cases[0].ranked
        for value in _np_slips(ranked).values():
            assert abs(value - truth) < 1e-12 or abs(value - truth) >= practice.SLIP_DISTANCE
        # The whole window counts, edges included, and nothing just beyond it.
        for near in (truth - tol, truth - tol / 2, truth + tol / 2, truth + tol):
            if 0 <= near <= 1:
                assert judge(ex, f"{near:.6f}").correct, (seed, near)
        for far in (truth - tol - 0.001, truth + tol + 0.001):
            if 0 <= far <= 1:
                assert not judge(ex, f"{far:.6f}").correct, (seed, far)
        # Worked with the discounts rounded to two decimals (the hint's table, shortened) and
        # the result rounded to two decimals, the answer lands well inside the window.
        rel = np.array(ranked.relevances)
        ideal = np.sort(np.array(ranked.relevances + ranked.pool))[::-1]
        k = ranked.k
        table = np.round(1 / np.log2(np.arange(2, ideal.size + 2)), 2)
        rough = (rel[:k] @ table[: min(k, rel.size)]) / (ideal[:k] @ table[: min(k, ideal.size)])
        assert abs(round(rough, 2) - truth) <= 0.01, (seed, rough, truth)


def test_answers_inside_the_stated_window_now_count():
    # /practice?seed=1&v=3&ex=1: 1, 1, 2, 0, 3, 3 at k = 5 with 2 judged but not retrieved,
    # NDCG@5 = 0.5309, "to within ±0.05". Leaving the pool out gives (1 + 1/log2 3 + 1 +
    # 3/log2 6) / (3 + 3/log2 3 + 2/2 + 1/log2 5 + 1/log2 6) = 0.5650. Version 3 once accepted
    # only 0.5274–0.5480 of the promised 0.4809–0.5809: 0.52 was blamed on log₂ i, 0.55 and
    # 0.565 on the pool. All three lie within ±0.05: they count.
    ex = exercise(1, 0, 3)
    assert ex.cases[0].ranked.relevances == (1.0, 1.0, 2.0, 0.0, 3.0, 3.0)
    assert "±0.05" in ex.prompt
    dcg = 1 + 1 / math.log2(3) + 2 / 2 + 3 / math.log2(6)
    closed = 3 + 3 / math.log2(3) + 2 / 2 + 1 / math.log2(5) + 1 / math.log2(6)
    assert dcg / closed == pytest.approx(0.5650, abs=1e-4)
    for typed in ("0.52", "0.55", "0.565", "0.4809", "0.5809"):
        assert judge(ex, typed).correct, typed
    # Outside the window, an answer near what the slip gives is named: 0.585 is 0.0541 above
    # the truth and 0.02 from the slip.
    verdict = judge(ex, "0.585")
    assert not verdict.correct and verdict.mistake == "pool_ignored"
    assert "leaving the judged-but-not-retrieved items out of the ideal" in verdict.feedback
    assert fixed(ex.target) not in verdict.feedback
    # Careful hand computations version 3 once refused: seed 53, ex 1 (0.89 for 0.8950) and
    # seed 121, ex 9 (0.90 for 0.9050).
    assert exercise(53, 0, 3).target == pytest.approx(0.8950, abs=5e-5)
    assert judge(exercise(53, 0, 3), "0.89").correct
    assert exercise(121, 8, 3).target == pytest.approx(0.9050, abs=5e-5)
    assert judge(exercise(121, 8, 3), "0.90").correct


def test_a_lesson_question_names_only_the_slips_met_by_its_stop():
    # 1, 0, 3, 0, 0: NDCG = (1 + 3/2) / (3 + 1/log2 3) = 0.6885; with 2^rel − 1, (1 + 7/2) / (7 +
    # 1/log2 3) = 0.5897. 0.60 is 0.0885 below the truth, 0.0103 from that slip. Asked on
    # /learn-graded, before the gain 2^rel − 1 is taught, the feedback does not name it.
    case = Case("List", RankedList((1.0, 0.0, 3.0, 0.0, 0.0)))
    for page, named in (("learn-graded", ""), ("learn-gain", "gain_exponential")):
        ex = calculations.build_estimate(case, slips=path.slips_met_by(page))
        verdict = judge(ex, "0.60")
        assert not verdict.correct and verdict.mistake == named, page
        assert ("2^rel − 1" in verdict.feedback) == bool(named)
    assert judge(calculations.build_estimate(case), "0.60").mistake == "gain_exponential"


def test_every_slip_is_taught_at_a_stop_of_the_path():
    from lessons import mistakes

    assert set(path.TAUGHT_AT) == set(mistakes.NDCG_MISTAKES) | set(mistakes.TERM_MISTAKES)
    assert set(path.TAUGHT_AT.values()) <= set(path.pages())
    first = path.slips_met_by("learn-binary")
    assert "log_i" in first and "gain_exponential" not in first and "pool_ignored" not in first
    assert "gain_exponential" in path.slips_met_by("learn-gain")
    assert set(path.slips_met_by("practice")) == set(path.TAUGHT_AT)
    with pytest.raises(ValueError, match="`page` must be a stop of the path"):
        path.slips_met_by("nowhere")


def test_an_edge_answer_is_judged_on_the_gap_as_shown():
    # 3, 0, 0, 2: NDCG = (3 + 2/log2 5) / (3 + 2/log2 3) = 0.906026, its slips far below (log2 i
    # gives 0.8). An answer 0.0500003 below is shown as 0.0500 off, so it counts (once it read
    # "0.0500 too low ... answers within ±0.05 count"); 0.0501 below does not, and says so.
    ex = _estimate((3, 0, 0, 2))
    assert ex.target == pytest.approx(0.906026, abs=1e-6)
    assert judge(ex, f"{ex.target - 0.0500003:.7f}").correct
    missed = judge(ex, f"{ex.target - 0.0501:.7f}")
    assert not missed.correct and "0.0501 too low" in missed.detail


def test_the_compare_winner_and_margin_are_recomputed_from_the_lists():
    ex = _first("compare", 4711)
    a, b = (case.score() for case in ex.cases)
    right = ex.choices[practice.correct_choice(ex)]
    assert right.claim == ("A" if a > b else "B", round(abs(a - b), 2))


def test_the_costliest_swap_is_the_largest_drop():
    ex = _first("costliest_swap", 1)
    (case,) = ex.cases
    drops = {c.claim: practice.swap_loss(case, *c.claim) for c in ex.choices}
    assert ex.choices[practice.correct_choice(ex)].claim == max(drops, key=drops.get)
    assert case.score() == 1.0  # the exercise starts from the ideal order


# --- The convention puzzles carry the real numbers --------------------------------------------


def test_open_ideal_puzzle_shows_the_wikipedia_numbers():
    ex = _first("open_ideal", 0)
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
    ex = _first("all_zero", 0)
    x, y = ex.cases
    assert set(x.ranked.relevances) == {0.0}
    assert (x.score(), y.score()) == (1.0, 0.0)
    right = ex.choices[practice.correct_choice(ex)]
    assert "0/0 → 1" in right.text


def test_rank_two_puzzle_is_the_jarvelin_discount_with_base_two():
    ex = _first("rank_two", 0)
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
    ex = _first("missing_term", seed)
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
    ex = _first("estimate", 0)
    with pytest.raises(ValueError, match=r"between 0 and 1.*If you meant 80%, type 80% or 0.8"):
        judge(ex, "80")
    with pytest.raises(practice.ImpossibleAnswer) as error:
        judge(ex, "1.2")
    # Read, but impossible: the message must not claim it could not be read, nor contradict
    # itself ("NDCG always lies between 0 and 1, and '1.2' reads as 1.2").
    assert str(error.value) == "1.2 cannot be an NDCG, which always lies between 0 and 1."
    with pytest.raises(ValueError, match="between 0 and 1") as error:
        judge(ex, "-0.1")
    with pytest.raises(ValueError, match="between 0 and 1") as error:
        judge(ex, "1.04")
    assert "If you meant" not in str(error.value)


def test_a_verdict_says_how_far_off():
    ex = _first("estimate", 0)
    verdict = judge(ex, f"{ex.target + 0.2:.4f}")
    assert not verdict.correct
    assert "0.2000 too high" in verdict.detail and "±0.05" in verdict.detail


@pytest.mark.parametrize("answer", [-1, 4, True, "1"])
def test_a_choice_must_be_an_option(answer):
    ex = _first("compare", 0)
    with pytest.raises(ValueError, match="Pick one of"):
        judge(ex, answer)


@pytest.mark.parametrize("seed", [-1, practice.MAX_SEED + 1, "12a", 1.5, True, "9" * 5000])
def test_bad_seeds_are_refused(seed):
    with pytest.raises(ValueError, match="seed must be a whole number from 0 to 999999") as error:
        practice.check_seed(seed)
    assert len(str(error.value)) < 200  # a long seed is quoted in part, in the app's own words


def test_a_bad_version_is_quoted_in_part():
    with pytest.raises(ValueError, match="`version` must be one of") as error:
        practice.check_version("x" * 10_000)
    assert len(str(error.value)) < 200


@pytest.mark.parametrize("index", [-1, practice.SET_SIZE])
def test_bad_index_is_refused(index):
    with pytest.raises(ValueError, match="`index` must be a whole number from 0 to 6"):
        exercise(1, index)


def test_a_case_is_a_name_and_a_ranked_list_described_by_the_model():
    ranked = RankedList((3.0, 2.0), pool=(3.0,), scoring=Scoring(k=2, gain="exponential", zero="1"))
    case = Case("X", ranked)
    assert case.describe() == describe(ranked)
    assert "k = 2" in case.describe() and "not retrieved: 3" in case.describe()
    assert case.score() == totals(ranked).ndcg


def test_the_compare_decoys_follow_the_named_rule():
    for seed in range(40):
        ex = _first("compare", seed)
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


# --- Version 2: varied puzzles, pitfalls, every seed's set fair -------------------------------


@settings(max_examples=25, deadline=None)
@given(seeds)
def test_a_version_two_set_has_each_kind_once_and_no_two_calculations_in_a_row(seed):
    kinds = practice.kinds_for(seed, 2)
    assert sorted(kinds) == sorted(practice.KINDS + practice.PUZZLES + practice.PITFALLS)
    assert len(kinds) == practice.set_size(2) == 10
    assert kinds[0] in practice.KINDS
    for before, after in itertools.pairwise(kinds):
        assert not (before in practice.KINDS and after in practice.KINDS), kinds
    assert [e.kind for e in exercise_set(seed, 2)] == list(kinds)


@settings(max_examples=40, deadline=None)
@given(seeds)
def test_every_version_two_question_has_exactly_one_true_option(seed):
    for ex in exercise_set(seed, 2):
        assert ex.version == 2 and ex.key == f"v2_{seed}_{ex.index}"
        if ex.is_numeric:
            assert judge(ex, f"{ex.target:.6f}").correct
            continue
        truths = [is_correct(ex, i) for i in range(len(ex.choices))]
        assert sum(truths) == 1, (seed, ex.kind, [c.text for c in ex.choices])
        assert len({c.text for c in ex.choices}) == len(ex.choices)


def test_version_two_puzzles_vary_between_seeds():
    # Version 1 repeats Wikipedia's list in every set; version 2 draws lists, pools and k.
    def lists(kind, version):
        return {_first(kind, seed, version).prompt for seed in range(12)}

    assert len(lists("open_ideal", 1)) == 1
    for kind in ("open_ideal", "all_zero", "missing_relevant", "irrelevant_tail", "ideal_below_k"):
        assert len(lists(kind, 2)) >= 10, kind
    pools = {_first("open_ideal", seed, 2).cases[0].ranked.pool for seed in range(12)}
    assert len(pools) > 3
    cuts = {_first("open_ideal", seed, 2).cases[0].ranked.at for seed in range(12)}
    assert len(cuts) > 1


@pytest.mark.parametrize("version", practice.VERSIONS)
@pytest.mark.parametrize("seed", range(8))
def test_no_prompt_gives_its_answer_away(seed, version):
    for ex in exercise_set(seed, version):
        if ex.kind == "open_ideal":
            # The reason is the judged-but-not-retrieved documents: the prompt must not say so.
            assert "judg" not in ex.prompt and "retriev" not in ex.prompt, ex.prompt
        if ex.kind == "all_zero":
            assert "0/0" not in ex.prompt
        if ex.kind == "rank_two":
            assert "Järvelin" not in ex.prompt and "max(1" not in ex.prompt
        # The options do not contradict the prompt: a puzzle's libraries report at its k.
        if ex.kind == "open_ideal":
            at = ex.cases[0].ranked.at
            assert all("k = 3" not in c.text for c in ex.choices)
            assert f"NDCG{at} =" in ex.prompt


def test_every_exercise_has_a_hint_that_does_not_give_the_answer():
    for version in practice.VERSIONS:
        for seed in range(6):
            for ex in exercise_set(seed, version):
                assert ex.hint, (version, ex.kind)
                if ex.is_numeric:
                    assert fixed(ex.target) not in ex.hint
                else:
                    assert ex.choices[practice.correct_choice(ex)].text not in ex.hint


def test_estimate_and_costliest_swap_hints_carry_the_discounts():
    ex = _first("estimate", 4711)
    n = ex.cases[0].ranked.n
    assert [i for i, _ in ex.discounts] == list(range(1, n + 1))
    assert ex.discounts[1][1] == pytest.approx(1 / math.log2(3))  # 0.6309


def test_the_open_ideal_distractor_no_longer_contradicts_the_prompt():
    # It used to say "X stops counting at k = 3" while X "reports NDCG@6": now the base of the
    # logarithm, which cancels out of NDCG, so X would report Y's 0.961.
    ex = _first("open_ideal", 1)
    base10 = next(c for c in ex.choices if "base 10" in c.text)
    assert puzzles.printed("open_ideal", base10.claim) == (0.961, 0.961)
    assert "8 documents" not in ex.prompt
    assert "today's Wikipedia" in ex.explanation


def test_the_mean_puzzle_is_decided_over_every_query():
    ex = _first("all_zero", 3, 2)
    x, y = ex.truth
    assert len(x) == len(y) >= 3 and set(x[-1].ranked.relevances) == {0.0}
    others = [case.score() for case in x[:-1]]
    # X counts the empty query as 1, Y as 0: the means differ by exactly 1 / (number of queries).
    assert puzzles.reading_score(x) == pytest.approx((sum(others) + 1) / len(x))
    assert puzzles.reading_score(y) == pytest.approx(sum(others) / len(y))
    skip = next(c for c in ex.choices if "out of its mean" in c.text)
    assert puzzles.reading_score(skip.claim[0]) == pytest.approx(sum(others) / len(others))


def test_missing_relevant_pitfall_numbers():
    # [1, 0, 0] against itself: 1.0; with two more relevant (grade 1) never retrieved, the ideal
    # top 3 is 1, 1, 1: IDCG@3 = 1 + 1/log2 3 + 1/2 = 2.1309 and NDCG = 1 / 2.1309 = 0.4693.
    closed = Case("c", RankedList((1.0, 0.0, 0.0)))
    pooled = Case("p", RankedList((1.0, 0.0, 0.0), pool=(1.0, 1.0)))
    assert closed.score() == 1.0
    assert pooled.score() == pytest.approx(1 / (1 + 1 / math.log2(3) + 1 / 2))
    assert round(pooled.score(), 4) == 0.4693
    for seed in range(10):
        ex = _first("missing_relevant", seed, 2)
        closed, pooled = ex.cases
        assert closed.score() == 1.0 and pooled.score() < 1  # never punished vs punished
        right = ex.choices[practice.correct_choice(ex)]
        assert right.text.startswith("1.0000 from the ranked list alone")


def test_irrelevant_tail_pitfall_leaves_ndcg_unchanged():
    for seed in range(10):
        ex = _first("irrelevant_tail", seed, 2)
        short, longer = ex.cases
        assert longer.ranked.relevances[: short.ranked.n] == short.ranked.relevances
        assert set(longer.ranked.relevances[short.ranked.n :]) == {0.0}
        assert longer.score() == pytest.approx(short.score())
        assert "does not change" in ex.choices[practice.correct_choice(ex)].text


def test_ideal_below_k_pitfall_offers_the_top_k_slip():
    for seed in range(10):
        ex = _first("ideal_below_k", seed, 2)
        (case,) = ex.cases
        k = case.ranked.k
        assert k < case.ranked.n
        slip = next(c for c in ex.choices if "re-sorted" in c.text)
        assert not is_correct(ex, ex.choices.index(slip))
        assert slip.why and f"below {k}" in slip.why


# --- Feedback aimed at the mistake ---------------------------------------------------------------


def _estimate(relevances, k=EVERY_RANKED, **scoring):
    case = Case("List", RankedList(tuple(relevances), scoring=Scoring(k=k, **scoring)))
    return practice.Exercise(
        kind="estimate",
        title="Estimate the score",
        prompt="",
        cases=(case,),
        target=case.score(),
        tolerance=practice.ESTIMATE_TOLERANCE,
        hint="Sort, cut, discount, divide.",
    )


def test_an_estimate_made_with_log_i_is_named():
    # 3, 0, 0, 2: truth DCG = 3 + 2/log2 5 = 3.8614, IDCG (3, 2, 0, 0) = 3 + 2/log2 3 = 4.2619,
    # NDCG = 0.9060. With log2 i (rank 1 and 2 undiscounted): DCG = 3 + 2/log2 4 = 4, IDCG = 3 + 2
    # = 5, NDCG = 0.8.
    ex = _estimate((3, 0, 0, 2))
    assert ex.target == pytest.approx((3 + 2 / math.log2(5)) / (3 + 2 / math.log2(3)))
    verdict = judge(ex, "0.80")
    assert not verdict.correct and verdict.mistake == "log_i"
    assert "dividing by log₂ i instead of log₂(i + 1)" in verdict.feedback
    assert fixed(ex.target) not in verdict.feedback  # the answer waits for the solution
    assert fixed(ex.target) in verdict.detail


def test_an_ideal_sorted_from_the_top_k_only_is_named():
    # 1, 0, 1, 1, 0 at k = 3: truth 1.5 / (1 + 1/log2 3 + 1/2) = 0.7039; the top three alone
    # (1, 1, 0) give IDCG 1 + 1/log2 3 = 1.6309 and 1.5 / 1.6309 = 0.9197.
    ex = _estimate((1, 0, 1, 1, 0), k=3)
    verdict = judge(ex, "0.92")
    assert verdict.mistake == "ideal_top_k"
    assert "sorting only the top k items for the ideal" in verdict.feedback
    assert "1, 1, 1, not 1, 1, 0" in verdict.feedback


def test_k_on_one_side_only_is_named_even_above_one():
    # 0, 0, 0, 3, 3 at k = 3: DCG@3 = 0, so NDCG@3 = 0. Summing the list past k but cutting the
    # ideal (3, 3, 0) at 3 gives (3/log2 5 + 3/log2 6) / (3 + 3/log2 3) = 2.4526 / 4.8928 = 0.5013.
    ex = _estimate((0, 0, 0, 3, 3), k=3)
    assert ex.target == 0
    slip = (3 / math.log2(5) + 3 / math.log2(6)) / (3 + 3 / math.log2(3))
    verdict = judge(ex, f"{slip:.3f}")
    assert verdict.mistake == "k_ideal_only"
    assert "cutting the ideal at k but not the list" in verdict.feedback
    # 3, 3, 0, 0, 3 at k = 1: NDCG@1 = 3 / 3 = 1. The same slip gives (3 + 3/log2 3 + 3/log2 6)
    # / 3 = 2.0178, above 1, which no NDCG can be: the message says so, and names the slip.
    with pytest.raises(practice.ImpossibleAnswer) as error:
        judge(_estimate((3, 3, 0, 0, 3), k=1), "2.0")
    message = str(error.value)
    assert message.startswith("2 cannot be an NDCG, which always lies between 0 and 1.")
    assert "cutting the ideal at k but not the list" in message and "reads as" not in message


def test_an_exponential_gain_misread_is_named():
    # Linear 1, 0, 3, 0, 0: NDCG = (1 + 3/2) / (3 + 1/log2 3) = 0.6885. With 2^rel − 1 (1, 0, 7,
    # 0, 0): (1 + 7/2) / (7 + 1/log2 3) = 4.5 / 7.6309 = 0.5897.
    ex = _estimate((1, 0, 3, 0, 0))
    wrong = (1 + 7 / 2) / (7 + 1 / math.log2(3))
    assert ex.target == pytest.approx((1 + 3 / 2) / (3 + 1 / math.log2(3)))
    verdict = judge(ex, f"{wrong:.3f}")
    assert verdict.mistake == "gain_exponential"
    assert "2^rel − 1" in verdict.feedback


def test_a_wrong_answer_without_a_known_mistake_gets_a_checkpoint_not_the_hint():
    # 3, 0, 0, 2: IDCG = 3 + 2/log2 3 = 4.2619, a half of the ratio to check against.
    ex = _estimate((3, 0, 0, 2))
    verdict = judge(ex, "0.1")
    assert not verdict.correct and verdict.mistake == ""
    assert verdict.feedback.startswith("You said 0.1, which is too low. Check one half")
    assert "IDCG@4 = 4.2619" in verdict.feedback and ex.hint not in verdict.feedback
    assert fixed(ex.target) not in verdict.feedback


def test_a_missing_term_made_with_the_natural_log_is_named():
    # Seed 1, exercise 1: 1, 3, 3, 3, 3, 3 with gain 2^rel − 1; position 3 hidden: 7 / log2 4 = 3.5
    ex = _first("missing_term", 1)
    assert ex.position == int(ex.prompt.split("position ")[1].split(" ")[0])
    g = 2 ** ex.cases[0].ranked.relevances[ex.position - 1] - 1
    assert ex.target == pytest.approx(g / math.log2(ex.position + 1))
    verdict = judge(ex, f"{g / math.log(ex.position + 1):.4f}")
    assert verdict.mistake == "natural_log" and "ln x / ln 2" in verdict.feedback
    verdict = judge(ex, f"{g / math.log2(ex.position):.4f}")
    assert verdict.mistake == "log_i"


def test_a_wrong_option_gets_the_reason_it_fails_not_the_answer():
    ex = _first("open_ideal", 4711)
    right = practice.correct_choice(ex)
    for i in range(len(ex.choices)):
        if i == right:
            continue
        verdict = judge(ex, i)
        assert verdict.feedback.startswith("If that were the reason, X would report")
        assert ex.choices[right].text not in verdict.feedback
        assert ex.choices[right].text in verdict.detail
    swap = _first("costliest_swap", 4711)
    wrong = next(i for i in range(4) if i != practice.correct_choice(swap))
    i, j = swap.choices[wrong].claim
    feedback = judge(swap, wrong).feedback
    assert f"Swapping {i} and {j} costs {fixed(practice.swap_loss(swap.cases[0], i, j))}" in (
        feedback
    )


def test_the_worked_solution_names_the_ideal_order_and_its_cut():
    case = Case("L", RankedList((1.0, 0.0, 1.0, 1.0, 0.0), scoring=Scoring(k=3)))
    assert practice.ideal_order(case) == (
        "Ideal order, best first, sorted from all 5 ranked items: 1, 1, 1, 0, 0; the first 3 count."
    )
    pooled = Case("P", RankedList(WIKI, pool=(3.0, 2.0)))
    assert practice.ideal_order(pooled) == (
        "Ideal order, best first, sorted from all 6 ranked items and the 2 judged but not "
        "retrieved: 3, 3, 3, 2, 2, 2, 1, 0; the first 6 count."
    )


@pytest.mark.parametrize("version", [0, 6, "2", True])
def test_bad_versions_are_refused(version):
    with pytest.raises(ValueError, match="`version` must be one of 1, 2, 3, 4, 5"):
        practice.exercise(1, 0, version)


# --- NDCG beside its neighbours: which measures does one swap move? (version 3) ---------------


@pytest.mark.parametrize("seed", range(1, 31))
def test_which_measures_move_has_one_true_option_and_it_is_recomputed(seed):
    from ndcg_core.measures import all_measures

    ex = _first("metric_changes", seed, 3)
    before, after = ex.cases
    right = practice.correct_choice(ex)
    assert sum(practice.is_correct(ex, i) for i in range(len(ex.choices))) == 1
    # The true option lists exactly the measures whose numbers differ, computed afresh.
    a, b = all_measures(before.ranked).values, all_measures(after.ranked).values
    moved = {key for key in a if abs(a[key] - b[key]) > 1e-12}
    assert ex.choices[right].claim == moved
    assert "ndcg" in moved  # unequal grades swapped: NDCG always moves


def test_a_swap_of_two_relevant_items_leaves_the_binary_measures_alone():
    from ndcg_core import RankedList

    moved = practice.measures_changed(RankedList((3, 1, 0, 2)), RankedList((1, 3, 0, 2)))
    assert moved == {"err", "ndcg"}  # P, R, RR, AP and RBP see two relevant items either way


def test_version_3_adds_the_neighbours_question_and_keeps_older_versions():
    assert practice.LATEST == 5
    # versions 4 and 5 draw other lists, same kinds
    assert practice.PLANS[5] == practice.PLANS[4] == practice.PLANS[3]
    assert "metric_changes" in practice.kinds_for(7, 3)
    assert "metric_changes" not in practice.kinds_for(7, 2)
    assert practice.kinds_for(7, 1) == practice.kinds_for(7)


# --- One builder per calculation, for practice sets and the classroom ----------------------------


@pytest.mark.parametrize("seed", range(1, 21))
def test_a_seeded_calculation_is_its_builder_applied_to_its_lists(seed):
    # The seeded makers draw the lists and call the same pure builders the live classroom calls
    # with a teacher's lists: the exercise is a function of its lists (and, for compare, the
    # wrong margin it offers).
    for ex in exercise_set(seed, practice.LATEST):
        place = {"seed": ex.seed, "index": ex.index, "version": ex.version}
        if ex.kind == "estimate":
            built = calculations.build_estimate(ex.cases[0], tolerance=ex.tolerance)
            assert replace(built, **place) == ex
        elif ex.kind == "costliest_swap":
            pairs = [c.claim for c in ex.choices]
            assert replace(calculations.build_costliest_swap(ex.cases[0], pairs), **place) == ex
        elif ex.kind == "compare":
            margins = {c.claim[1] for c in ex.choices}
            right = ex.choices[practice.correct_choice(ex)].claim[1]
            (decoy,) = margins - {right}
            assert replace(calculations.build_compare(*ex.cases, decoy=decoy), **place) == ex


def test_a_built_exercise_has_no_place_in_a_set():
    ex = calculations.build_estimate(Case("List", RankedList((3.0, 0.0, 2.0))))
    assert (ex.seed, ex.index) == (None, None)


@pytest.mark.parametrize(
    ("scoring", "words"),
    [
        (Scoring(), "gain rel, discount 1 / log₂(i+1)"),
        (Scoring(gain="exponential"), "gain 2^rel − 1, discount 1 / log₂(i+1)"),
        (Scoring(discount="jarvelin"), "gain rel, discount Järvelin–Kekäläinen, base 2"),
        (Scoring(log_base=10), "gain rel, discount 1/log(i+1), log base 10 (cancels out of NDCG)"),
        (Scoring(ideal="run"), "discount 1 / log₂(i+1), ideal from only the ranked documents"),
    ],
)
def test_prompts_say_the_lists_own_conventions(scoring, words):
    a = Case("A", RankedList((3.0, 0.0, 2.0, 1.0), scoring=scoring))
    b = Case("B", a.ranked.reordered([1, 0, 2, 3]))
    built = (
        calculations.build_estimate(a),
        calculations.build_compare(a, b),
        calculations.build_costliest_swap(a, [(1, 2), (2, 3)]),
    )
    for ex in built:
        assert words in ex.prompt, ex.kind


def test_the_missing_term_and_ideal_below_k_prompts_say_the_gain_of_their_list():
    for seed in range(1, 40):
        kinds = practice.kinds_for(seed, practice.LATEST)
        for index, kind in enumerate(kinds):
            if kind not in ("missing_term", "ideal_below_k"):
                continue
            ex = exercise(seed, index, practice.LATEST)  # made alone: the others are not asked
            gain = ex.cases[0].ranked.scoring.gain
            said = "gain 2^rel − 1" if gain == "exponential" else "gain rel"
            assert f"({said}, discount 1 / log₂(i+1))" in ex.prompt, (seed, ex.kind)


def test_the_calculators_log_key_is_named():
    # Missing term: /practice?seed=1&v=3&ex=9 hides 3 / log2 3 = 1.8928; the "log" key gives
    # 3 / log10 3 = 6.2877.
    ex = exercise(1, 8, 3)
    assert ex.kind == "missing_term"
    g = ex.cases[0].ranked.relevances[ex.position - 1]
    assert ex.target == pytest.approx(g / math.log2(ex.position + 1))
    verdict = judge(ex, f"{g / math.log10(ex.position + 1):.3f}")
    assert not verdict.correct and verdict.mistake == "log10"
    assert "calculator" in verdict.feedback and "log x / log 2" in verdict.feedback
    # Estimate: 3, 0, 0, 2 (0.9060) with log10 for the ideal only: (3 + 2/log2 5) /
    # (3/log10 2 + 2/log10 3) = 0.2727; for the list only it would be 3.0098, above 1.
    est = _estimate((3, 0, 0, 2))
    mixed = (3 + 2 / math.log2(5)) / (3 / math.log10(2) + 2 / math.log10(3))
    verdict = judge(est, f"{mixed:.3f}")
    assert verdict.mistake == "log10_ideal" and "log₁₀" in verdict.feedback
    with pytest.raises(practice.ImpossibleAnswer, match="log₁₀"):
        judge(est, "3.01")


# --- Second tries are not given away; each wrong option says its own misconception ---------------


def _wrong_picks(ex):
    right = practice.correct_choice(ex)
    return right, [i for i in range(len(ex.choices)) if i != right]


@pytest.mark.parametrize("version", [3, 4, 5])
def test_a_compare_feedback_never_leaves_exactly_one_option(version):
    # Each option says a winner and a margin. The feedback may rule out one of the two (the
    # winner it named, or the margin it named) but never confirm the other: options still
    # consistent with what it says must be two or more.
    for seed in range(60):
        ex = _first("compare", seed, version)
        right, wrong = _wrong_picks(ex)
        for i in wrong:
            side, margin = ex.choices[i].claim
            feedback = judge(ex, i).feedback
            assert ex.choices[right].text not in feedback
            assert "does score higher" not in feedback
            ruled_out_side = f"{side} scores lower" in feedback
            ruled_out_margin = f"not about {margin:g}" in feedback
            assert ruled_out_side != ruled_out_margin, feedback  # exactly one fact
            left = [
                c
                for c in ex.choices
                if not (ruled_out_side and c.claim[0] == side)
                and not (ruled_out_margin and c.claim[1] == margin)
                and c is not ex.choices[i]
            ]
            assert len(left) >= 2, (seed, feedback)


@pytest.mark.parametrize("version", [3, 4, 5])
def test_which_measures_move_feedback_names_the_misconception_not_the_answer(version):
    from ndcg_core.measures import SYMBOLS

    for seed in range(25):
        ex = _first("metric_changes", seed, version)
        right, wrong = _wrong_picks(ex)
        answer = ex.choices[right].claim
        seen = set()
        for i in wrong:
            picked = ex.choices[i].claim
            feedback = judge(ex, i).feedback
            assert feedback == ex.choices[i].why and feedback
            seen.add(feedback)
            # No numbers (the before and after values are the answer), not the answer's words,
            # and none of the measures the pick has wrong: flipping them would give the answer.
            assert not any(ch.isdigit() for ch in feedback), feedback
            assert ex.choices[right].text not in feedback
            named = {key for key, symbol in SYMBOLS.items() if f"{symbol} " in f"{feedback} "}
            assert not named & (picked ^ answer), (feedback, picked ^ answer)
        assert len(seen) == len(wrong), seed  # one misconception per wrong option


def test_version_4_lets_an_item_cross_k():
    crossed = cut = 0
    for seed in range(40):
        ex = _first("metric_changes", seed, 4)
        before = ex.cases[0]
        k, n = before.ranked.k, before.ranked.n
        cut += k < n
        # P@k and R@k by hand: relevant (grade ≥ 1) items in the top k.
        hits = [sum(1 for g in case.ranked.relevances[:k] if g >= 1) for case in ex.cases]
        moved = ex.choices[practice.correct_choice(ex)].claim
        assert ("p" in moved) == (hits[0] != hits[1]) == ("r" in moved)
        crossed += "p" in moved
    assert cut >= 12 and crossed >= 2
    for seed in range(20):  # version 3 links keep k = n
        ex = _first("metric_changes", seed, 3)
        assert ex.cases[0].ranked.k == ex.cases[0].ranked.n


def test_the_measures_solution_shows_every_measure_before_and_after():
    # Worked afresh with numpy: P, R, RR, AP (relevant: grade ≥ 1), ERR (g_max 3), RBP (p = 0.8)
    # and NDCG of both lists.
    def by_hand(ranked):
        rel = np.array(ranked.relevances, dtype=float)
        k = ranked.k
        hit = (rel >= 1).astype(float)
        top = hit[:k]
        ranks = np.arange(1, top.size + 1)
        first = np.flatnonzero(top)
        stop = (2 ** rel[:k] - 1) / 2**3
        reach = np.concatenate(([1.0], np.cumprod(1 - stop)[:-1]))
        ideal = np.sort(rel)[::-1][:k]
        disc = 1 / np.log2(ranks + 1)
        return {
            "P": top.sum() / k,
            "R": top.sum() / hit.sum(),
            "RR": 1 / (first[0] + 1) if first.size else 0.0,
            # divided by R, every relevant item, as trec_eval's map does
            "AP": float(np.sum(np.cumsum(top) / ranks * top) / hit.sum()),
            "ERR": float(np.sum(reach * stop / ranks)),
            "RBP": float((1 - 0.8) * np.sum(top * 0.8 ** (ranks - 1))),
            "NDCG": float(rel[:k] @ disc / (ideal @ disc[: ideal.size])),
        }

    for seed in range(1, 16):
        ex = _first("metric_changes", seed, 4)
        rows = practice.before_and_after(ex)
        before, after = (by_hand(case.ranked) for case in ex.cases)
        at = ex.cases[0].ranked.at
        assert [name for name, *_ in rows] == [f"{s}{at}" for s in before]
        for (name, b, a, moved), symbol in zip(rows, before):
            assert b == pytest.approx(before[symbol], abs=1e-12), (seed, name)
            assert a == pytest.approx(after[symbol], abs=1e-12), (seed, name)
            assert moved == (abs(before[symbol] - after[symbol]) > 1e-9), (seed, name)


@pytest.mark.parametrize("version", practice.VERSIONS)
def test_the_accepted_range_is_what_judge_accepts(version):
    # The stated window (an estimate's within 0…1): its edges count, just beyond them does not.
    for seed in range(40):
        for kind in ("estimate", "missing_term"):
            ex = _first(kind, seed, version)
            low, high = practice.accepted_range(ex)
            truth, tol = ex.target, ex.tolerance
            want = (truth - tol, truth + tol)
            if kind == "estimate":
                want = (max(want[0], 0.0), min(want[1], 1.0))
            assert (low, high) == pytest.approx(want)
            for inside in (low, high):
                assert judge(ex, f"{inside:.6f}").correct, (seed, inside)
            for outside in (low - 1e-3, high + 1e-3):
                if kind != "estimate" or 0 <= outside <= 1:
                    assert not judge(ex, f"{outside:.6f}").correct, (seed, outside)


@pytest.mark.parametrize("version", practice.VERSIONS)
def test_no_first_feedback_names_the_answer(version):
    # After any wrong first pick, of any kind: the feedback (shown with the second try) holds
    # neither the right option's words nor the right option's own numbers as it states them.
    for seed in range(12):
        for ex in exercise_set(seed, version):
            if ex.is_numeric:
                continue
            right, wrong = _wrong_picks(ex)
            answer = ex.choices[right].text
            for i in wrong:
                feedback = judge(ex, i).feedback
                assert answer not in feedback, (version, seed, ex.kind, feedback)
                picked = set(re.findall(r"\d+\.\d+", ex.choices[i].text))
                for number in set(re.findall(r"\d+\.\d+", answer)) - picked:
                    assert number not in feedback, (version, seed, ex.kind, number, feedback)


def _beyond_the_hint(feedback: str, hint: str) -> list[str]:
    """The sentences of a retry's feedback that the hint does not hold, its "You said …"
    aside left out."""
    sentences = re.split(r"(?<=[.!?])\s+", feedback)
    return [s for s in sentences if s and not s.startswith("You said") and s not in hint]


@pytest.mark.parametrize("version", practice.VERSIONS)
def test_a_retry_says_something_the_hint_does_not(version):
    # After a wrong first try, the feedback shown with the second try says more than the hint
    # beside it (it once repeated the hint word for word): the slip it matches, the misconception
    # of the pick, or a half of the sum to check against.
    for seed in range(8):
        for ex in exercise_set(seed, version):
            if ex.is_numeric:
                top = 1.0 if ex.kind == "estimate" else math.inf
                answers = [f"{min(max(ex.target + d, 0.0), top):.4f}" for d in (-0.25, 0.25)]
                answers += [
                    f"{m.value:.4f}" for m in practice.mistakes_for(ex) if 0 <= m.value <= top
                ]
            else:
                answers = _wrong_picks(ex)[1]
            for answer in answers:
                verdict = judge(ex, answer)
                if verdict.correct:
                    continue
                said = _beyond_the_hint(verdict.feedback, ex.hint)
                assert said, (version, seed, ex.kind, answer, verdict.feedback)
