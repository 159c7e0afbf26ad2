"""The four kinds of class question, graded by practice's checker, with hand-worked values; the
class's distribution, what its wrong answers point to, and the CSV rows.

Discounts used below: 1/log₂(i + 1) = 1, 0.63093, 0.5, 0.43068 for i = 1…4.
"""

import itertools
import json
import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from classroom import questions as q
from lessons import practice

# --- Which order scores higher ---------------------------------------------------------------------


def test_compare_two_orders_of_the_same_grades():
    # Ideal 3, 2, 1, 0: IDCG = 3 + 2 × 0.63093 + 1 × 0.5 = 4.76186.
    # A = 3, 2, 0, 1: DCG = 3 + 1.26186 + 0 + 0.43068 = 4.69254, NDCG 0.98544.
    # B = 2, 3, 0, 1: DCG = 2 + 1.89279 + 0 + 0.43068 = 4.32347, NDCG 0.90794.
    question = q.compare_question([3, 2, 0, 1], [2, 3, 0, 1])
    assert question.options == ("A scores higher", "B scores higher")
    assert question.right == 0
    a, b = question.exercise.cases
    assert a.score() == pytest.approx(0.98544, abs=1e-5)
    assert b.score() == pytest.approx(0.90794, abs=1e-5)
    assert q.verdict(question, "0").correct
    wrong = q.verdict(question, "1")
    assert not wrong.correct
    assert "B scores 0.9079, A 0.9854" in wrong.feedback
    assert "A scores 0.9854 and B 0.9079: A is higher, by 0.0775" in question.exercise.explanation
    assert "share one IDCG" in question.exercise.explanation


def test_a_wrong_pick_is_traced_to_the_slip_that_makes_it_win():
    # Ideal 2, 1, 0: IDCG = 2 + 0.63093 = 2.63093.
    # A = 0, 2, 1: DCG = 1.26186 + 0.5 = 1.76186, NDCG 0.66967.
    # B = 1, 0, 2: DCG = 1 + 1 = 2, NDCG 0.76019: B is right.
    # Dividing by log₂ i (1, 1, 0.63093): A = (2 + 0.63093) / 3 = 0.87698,
    # B = (1 + 1.26186) / 3 = 0.75395, so A "wins" under that slip.
    question = q.compare_question([0, 2, 1], [1, 0, 2])
    assert question.right == 1
    why = q.verdict(question, "0").feedback
    assert "A scores 0.6697, B 0.7602" in why
    assert "dividing by log₂ i instead of log₂(i + 1)" in why
    assert "A 0.8770 and B 0.7540" in why


def test_lists_of_different_grades_each_have_their_own_ideal():
    question = q.compare_question([0, 3, 0], [1, 1, 0])
    assert "each has its own ideal order and IDCG" in question.exercise.explanation


def test_two_lists_that_score_the_same_are_refused():
    with pytest.raises(ValueError, match=r"both score NDCG@3 = 1\.0000"):
        q.compare_question([3, 2, 1], [2, 1, 0])


def test_compare_at_k():
    question = q.compare_question([0, 0, 3], [3, 0, 0], 2)
    assert "NDCG@2" in question.exercise.prompt
    # The cut-off in words is the list's own (`RankedList.describe`), shown beside each list.
    assert all("k = 2" in case.describe() for case in question.exercise.cases)
    assert question.right == 1
    assert json.loads(question.text) == {"kind": "compare", "a": [0, 0, 3], "b": [3, 0, 0], "k": 2}


# --- Estimate NDCG ---------------------------------------------------------------------------------


def test_estimate_grades_within_the_tolerance_and_names_the_slip():
    # 1, 0, 1, 1, 0 at k = 3: DCG@3 = 1 + 0.5 = 1.5; ideal 1, 1, 1: IDCG@3 = 2.13093;
    # NDCG@3 = 0.70392. Dividing by log₂ i: 1.63093 / 2.63093 = 0.61991. Sorting only the
    # top 3 for the ideal (1, 1, 0): 1.5 / 1.63093 = 0.91972.
    question = q.estimate_question([1, 0, 1, 1, 0], 3)
    assert question.exercise.target == pytest.approx(0.70392, abs=1e-5)
    assert question.is_numeric and question.right is None
    assert q.verdict(question, "0.7").correct
    assert q.verdict(question, "70%").correct
    # Everything within the stated ±0.05 counts (0.65392 to 0.75392, as shown to 4 decimals),
    # even where the log₂ i slip (0.61991) is nearer: a slip is named only outside the window.
    assert q.verdict(question, "0.753").correct
    assert not q.verdict(question, "0.755").correct
    assert q.verdict(question, "0.663").correct
    assert q.verdict(question, "0.661").correct
    assert q.verdict(question, "0.654").correct
    assert not q.verdict(question, "0.653").correct
    assert q.verdict(question, "0.62").mistake == "log_i"
    assert q.verdict(question, "0.92").mistake == "ideal_top_k"
    assert q.verdict(question, "0.4").mistake == ""


def test_an_estimate_is_stored_with_the_number_it_reads_as():
    question = q.estimate_question([3, 2, 3, 0, 1, 2])
    assert question.exercise.target == pytest.approx(0.9608, abs=1e-4)  # README's value
    assert q.accept(question, " 80% ") == q.Given("80%", 0.8)
    assert q.accept(question, "0,96") == q.Given("0,96", 0.96)
    with pytest.raises(practice.UnreadableAnswer, match="not a number"):
        q.accept(question, "about a half")
    with pytest.raises(practice.ImpossibleAnswer, match="between 0 and 1"):
        q.accept(question, "1.5")
    with pytest.raises(ValueError, match="41 characters"):
        q.accept(question, "0." + "1" * 39)


# --- The costliest swap --------------------------------------------------------------------------------


def test_the_costliest_swap_of_neighbours():
    # 3, 2, 1, 0 is ideal: IDCG = 4.76186. Swapping i and i + 1 changes DCG by
    # −(gᵢ − gᵢ₊₁)(dᵢ − dᵢ₊₁): 1↔2: −1 × 0.36907 = −0.36907 → −0.0775 of NDCG;
    # 2↔3: −1 × 0.13093 → −0.0275; 3↔4: −1 × 0.06932 → −0.0146.
    question = q.swap_question([3, 2, 1, 0])
    assert question.options == (
        "Swap positions 1 and 2 (relevance 3 ↔ 2)",
        "Swap positions 2 and 3 (relevance 2 ↔ 1)",
        "Swap positions 3 and 4 (relevance 1 ↔ 0)",
    )
    assert question.right == 0
    assert "1↔2: −0.0775; 2↔3: −0.0275; 3↔4: −0.0146" in question.exercise.explanation
    after = question.exercise.solution_cases[1]
    assert after.ranked.relevances == (2, 3, 1, 0)
    # A wrong pick is explained with practice's own gain × discount product.
    assert "(gain gap) × (discount gap)" in q.verdict(question, "2").feedback


def test_equal_neighbours_are_not_offered():
    question = q.swap_question([3, 3, 1, 0])
    assert [c.claim for c in question.exercise.choices] == [(2, 3), (3, 4)]


@pytest.mark.parametrize(
    ("values", "said"),
    [
        ([3, 3, 3, 0], "at least two pairs"),
        ([0, 1, 2, 3], "No swap of neighbours lowers"),
    ],
)
def test_a_swap_question_without_one_answer_is_refused(values, said):
    with pytest.raises(ValueError, match=said):
        q.swap_question(values)


def test_swaps_that_cost_the_same_to_four_decimals_are_refused():
    # 2, 3, 2, 4, 1 (ideal 4, 3, 2, 2, 1): swapping 2↔3 changes DCG by −(3 − 2)(0.63093 − 0.5)
    # = −0.13093 and 4↔5 by −(4 − 1)(0.43068 − 0.38685) = −0.13147; over IDCG 8.1410 both
    # are −0.0161 (1↔2 and 3↔4 raise NDCG).
    with pytest.raises(
        ValueError, match=r"Swaps 2↔3 and 4↔5 cost the same to four decimals \(−0.0161\)"
    ):
        q.swap_question([2, 3, 2, 4, 1])


# --- Practice exercises ----------------------------------------------------------------------------------


def test_a_practice_exercise_is_the_one_practice_shows():
    question = q.practice_question(4711, 0, 1)
    assert question.exercise == practice.exercise(4711, 0, 1)
    assert question.kind == "practice"
    assert question.right == practice.correct_choice(question.exercise)
    assert q.from_text(question.text) == question
    assert "practice set 4711, version 1, exercise 1" in question.describe()


def test_a_puzzle_does_not_show_its_lists():
    kinds = practice.kinds_for(4711, 3)
    puzzle = kinds.index("open_ideal")
    assert not q.practice_question(4711, puzzle, 3).shows_lists
    assert q.practice_question(4711, kinds.index("estimate"), 3).shows_lists


# --- Specs -------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "question",
    [
        q.compare_question([3, 2, 0, 1], [2, 3, 0, 1]),
        q.estimate_question([1, 0, 1, 1, 0], 3),
        q.swap_question([3, 2, 1, 0]),
        q.practice_question(12, 4),
    ],
)
def test_a_question_comes_back_from_its_text(question):
    assert q.from_text(question.text) == question


def test_every_kind_of_question_is_named_once_and_rebuilt_from_its_spec():
    made = {
        "practice": q.practice_question(12, 4),
        "compare": q.compare_question([3, 2, 0, 1], [2, 3, 0, 1]),
        "estimate": q.estimate_question([1, 0, 1, 1, 0], 3),
        "costliest_swap": q.swap_question([3, 2, 1, 0]),
    }
    assert list(q.KINDS) == list(made)
    for kind, question in made.items():
        assert question.kind == kind and q.from_spec(question.spec) == question
        assert q.KINDS[kind].label == f"{q.KINDS[kind].icon} {q.KINDS[kind].name}"


@pytest.mark.parametrize(
    ("spec", "said"),
    [
        ("not json", "must be JSON"),
        ('{"kind": "poll"}', "`kind` must be one of practice, compare"),
        ('{"kind": "estimate"}', "needs `rels`"),
        ('{"kind": "estimate", "rels": [1, 2, 3], "k": 4}', "`k` must be from 1"),
        ('{"kind": "estimate", "rels": [' + ",".join(["1"] * 11) + "]}", "has 11 items"),
        ('{"kind": "estimate", "rels": [1, 11]}', "graded 11"),
        ('{"kind": "estimate", "rels": [0, 0]}', "no relevant item"),
        ('{"kind": "estimate", "rels": [1, -1]}', "must not be negative|negative"),
        ('{"kind": "estimate", "rels": "1,2"}', "must be a list of grades"),
        ('{"kind": "compare", "a": [1], "b": [1, 0]}', "List A has 1 item;"),
        ('{"kind": "practice", "seed": 1, "index": 99, "version": 3}', "`index`"),
        ('{"kind": "practice", "seed": 1, "index": 0, "version": 9}', "`version`"),
    ],
)
def test_a_bad_spec_is_refused_with_a_message(spec, said):
    with pytest.raises(ValueError, match=said):
        q.from_text(spec)


def test_an_option_that_is_not_there_is_refused():
    question = q.swap_question([3, 2, 1, 0])
    with pytest.raises(ValueError, match="Pick one of the 3 options; got option 4"):
        q.accept(question, 3)
    assert q.accept(question, 2) == q.Given("2")


# --- The class ---------------------------------------------------------------------------------------------


def test_a_bar_per_option_zeros_included():
    question = q.swap_question([3, 2, 1, 0])
    bars = q.choice_counts(question, ["0", "2", "2", "0", "0"])
    assert [(b.count, b.right) for b in bars] == [(3, True), (0, False), (2, False)]
    assert q.tally(question, ["0", "2", "2", "0", "0"]) == q.Tally(5, 3)


def test_a_histogram_of_estimates():
    bins = q.histogram([0.62, 0.65, 0.71, 0.05, 1.0], 0.05)
    assert len(bins) == 10
    assert (bins[0].low, bins[0].high, bins[0].count) == (0.0, 0.1, 1)
    assert [b.count for b in bins] == [1, 0, 0, 0, 0, 0, 2, 1, 0, 1]  # 1.0 joins the last bin
    assert (bins[-1].low, bins[-1].high) == (0.9, 1.0)


def test_a_histogram_does_not_depend_on_the_answer():
    # The same answers give the same bins whatever the right value: the grid is anchored at 0.
    assert q.histogram([0.3, 0.35], 0.05) == q.histogram([0.3, 0.35], 0.05)
    assert [b.count for b in q.histogram([], 0.05)] == [0] * 10


def test_a_histogram_of_spread_out_numbers_widens_its_bins():
    # DCG terms within ±0.01: bins of 0.02 would need 145 for 0…2.9; 2.9 / 24 = 0.121, and
    # the next nice step is 0.2: 15 bins from 0 to 3.
    bins = q.histogram([0.5, 2.9, 1.0], 0.01)
    assert bins[0].high - bins[0].low == pytest.approx(0.2)
    assert len(bins) == 15 and sum(b.count for b in bins) == 3
    assert [i for i, b in enumerate(bins) if b.count] == [2, 5, 14]
    assert len(q.histogram([-5.0, 100.0], 0.01)) <= q.MAX_BINS + 1


@given(st.lists(st.floats(-10, 10, allow_nan=False), max_size=30), st.sampled_from([0.01, 0.05]))
def test_a_histogram_counts_every_answer_once(values, tolerance):
    bins = q.histogram(values, tolerance)
    assert sum(b.count for b in bins) == len(values)
    assert len(bins) <= q.MAX_BINS + 2
    assert all(math.isclose(a.high, b.low) for a, b in itertools.pairwise(bins))


def test_wrong_numbers_are_grouped_by_the_slip_they_match():
    question = q.estimate_question([1, 0, 1, 1, 0], 3)
    found = q.misconceptions(question, ["0.62", "0.61", "0.92", "0.4", "0.7"])
    assert [(m.label, m.count) for m in found] == [
        ("Matches dividing by log₂ i instead of log₂(i + 1)", 2),
        ("Matches sorting only the top k items for the ideal", 1),
        ("No common slip recognised", 1),
    ]
    assert "log₂ 3 = 1.5850" in found[0].advice


def test_wrong_picks_are_grouped_by_option_with_its_why():
    question = q.compare_question([0, 2, 1], [1, 0, 2])
    found = q.misconceptions(question, ["0", "0", "1"])
    assert [(m.label, m.count) for m in found] == [("Picked “A scores higher”", 2)]
    assert "dividing by log₂ i" in found[0].advice


def test_a_students_answer_beside_the_class():
    question = q.swap_question([3, 2, 1, 0])
    texts = ["0", "2", "2", "0", "0"]
    assert q.compared(question, "0", texts) == (
        "You picked the answer, like 2 others; 3 of 5 in the class got it right."
    )
    assert q.compared(question, "2", texts) == (
        "You picked “Swap positions 3 and 4 (relevance 1 ↔ 0)”, like 1 other; 3 of 5 in the "
        "class got it right."
    )
    assert (
        q.compared(question, None, texts) == "You did not answer; 3 of 5 in the class got it right."
    )
    estimate = q.estimate_question([1, 0, 1, 1, 0], 3)
    assert q.compared(estimate, "0.62", ["0.62", "0.7", "0.72"]) == (
        "You said 0.62; the answer is 0.7039. 2 of 3 in the class got it right (within ±0.05); "
        "the middle answer of the class (median) was 0.7."
    )


def test_report_rows_count_every_option_or_every_number():
    question = q.swap_question([3, 2, 1, 0])
    assert q.report_rows(question, ["0", "0", "2"]) == [
        {"answer": "Swap positions 1 and 2 (relevance 3 ↔ 2)", "count": 2, "right": "yes"},
        {"answer": "Swap positions 2 and 3 (relevance 2 ↔ 1)", "count": 0, "right": "no"},
        {"answer": "Swap positions 3 and 4 (relevance 1 ↔ 0)", "count": 1, "right": "no"},
    ]
    estimate = q.estimate_question([1, 0, 1, 1, 0], 3)
    assert q.report_rows(estimate, ["0.7", "70%", ".62"]) == [
        {"answer": "0.62", "count": 1, "right": "no"},
        {"answer": "0.7", "count": 2, "right": "yes"},
    ]


def test_each_wrong_option_of_which_measures_move_points_to_its_own_misconception():
    # practice_question(1, 9, 3) asks which measures one swap moves. Each
    # wrong option once got the same caption (the whole before-and-after table).
    question = q.practice_question(1, 9, 3)
    assert question.exercise.kind == "metric_changes"
    right = question.right
    wrong = [str(i) for i in range(len(question.options)) if i != right]
    found = q.misconceptions(question, wrong)
    assert len(found) == len(wrong) == 3
    assert len({m.advice for m in found}) == 3
    for m in found:
        assert m.advice and not any(ch.isdigit() for ch in m.advice), m.advice


def test_the_revealed_histogram_marks_what_counts():
    # 1, 0, 1, 1, 0 at k = 3 (0.70392): ±0.05 marks 0.65392 to 0.75392, the window the
    # question states and applies (the log₂ i slip, 0.61991, lies outside it).
    from views.classroom.charts import histogram_table

    question = q.estimate_question([1, 0, 1, 1, 0], 3)
    exercise = question.exercise
    low, high = practice.accepted_range(exercise)
    assert low == pytest.approx(exercise.target - 0.05) == pytest.approx(0.65392, abs=1e-5)
    assert high == pytest.approx(exercise.target + 0.05)
    table = histogram_table(
        q.histogram([0.7, 0.62], exercise.tolerance),
        caption="Round 1",
        target=exercise.target,
        band=(low, high),
        mine=0.62,
    )
    rows = table.split("<tr")[2:]  # the header's row left out
    assert len(rows) == 10 and "✗ 0 to 0.1" in rows[0]
    # 0.6 to 0.7 holds the slip's 0.62 (the student's): partly right, and says which part.
    assert "◐ 0.6 to 0.7" in rows[6] and "counts from 0.6539 to 0.7" in rows[6]
    assert "you: 0.62" in rows[6] and '"count">1<' in rows[6]
    assert "◐ 0.7 to 0.8" in rows[7] and "the answer, 0.7039" in rows[7]
    assert "counts from 0.7 to 0.7539" in rows[7]
    assert "✗ 0.9 to 1" in rows[9]
    # Before the reveal, nothing is marked.
    plain = histogram_table(q.histogram([0.7, 0.62], exercise.tolerance), caption="Now")
    assert "✓" not in plain and "◐" not in plain and "✗" not in plain
