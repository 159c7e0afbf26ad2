"""The concept check's inventory: each concept in two isomorphic forms built by the same function
and answered by the core; the forms dealt so that no student meets the same lists twice; the
twin of any question the classroom asks; a check's results."""

from __future__ import annotations

import pytest

from classroom import concepts, questions
from lessons import practice
from ndcg_core import ndcg, ordering
from ndcg_core.model import RankedList


def _core_answer(question: questions.Question):
    """The answer the core gives for a teacher-kind question, worked out here without practice:
    the winner of a comparison, the NDCG to estimate, the costliest neighbour swap."""
    spec = question.spec
    k = None if spec.get("k", "n") == "n" else spec["k"]
    if spec["kind"] == "compare":
        return "A" if ndcg(spec["a"], k) > ndcg(spec["b"], k) else "B"
    if spec["kind"] == "estimate":
        return round(ndcg(spec["rels"], k), 10)
    deltas = ordering.swap_deltas(RankedList(tuple(spec["rels"])))
    values = spec["rels"]
    pairs = [(i, i + 1) for i in range(1, len(values)) if values[i - 1] != values[i]]
    return min(pairs, key=lambda p: deltas[p[0] - 1, p[1] - 1])


def _graded_answer(question: questions.Question):
    """The answer the classroom grades as right, in the same terms as `_core_answer`."""
    exercise = question.exercise
    if question.is_numeric:
        return round(exercise.target, 10)
    claim = exercise.choices[question.right].claim
    return claim[0] if exercise.kind == "compare" else tuple(claim)


@pytest.mark.parametrize("concept", concepts.INVENTORY, ids=lambda c: c.key)
def test_each_concept_has_two_isomorphic_forms_answered_by_the_core(concept):
    first, second = concept.form(0), concept.form(1)
    # The same question, built by the same function, on other lists.
    assert first.exercise.kind == second.exercise.kind
    assert first.kind == second.kind
    assert first.exercise.cases != second.exercise.cases
    for form in (first, second):
        if form.kind == "practice":
            # Practice's claims are recomputed from the lists by the core (`is_correct`), and
            # exactly one option holds.
            holds = [practice.is_correct(form.exercise, i) for i in range(len(form.options))]
            assert holds.count(True) == 1 and holds.index(True) == form.right
        else:
            assert _graded_answer(form) == _core_answer(form)
        # Nothing above the question gives its answer away.
        assert concept.name not in form.exercise.prompt


def test_the_inventory_offers_a_full_check_and_reads_a_choice():
    assert len(concepts.INVENTORY) > concepts.MAX_CONCEPTS
    assert len(concepts.DEFAULT) == concepts.MAX_CONCEPTS
    chosen = ["ideal_from_all", "discount", "top_heavy", "swap_top", "own_ideal", "cut_off"]
    assert concepts.read_concepts(chosen) == concepts.DEFAULT[:6]  # in teaching order
    with pytest.raises(ValueError, match="asks 6 to 8 concepts; 5 were chosen"):
        concepts.read_concepts(concepts.DEFAULT[:5])
    with pytest.raises(ValueError, match="Unknown concepts"):
        concepts.read_concepts([*concepts.DEFAULT[:5], "nonsense"])
    with pytest.raises(ValueError, match="list of concepts"):
        concepts.read_concepts("discount")


def test_each_student_meets_each_form_once_and_the_class_is_split():
    dealt = {s: (concepts.form_for(s, "pre"), concepts.form_for(s, "post")) for s in range(10)}
    assert all(pre != post for pre, post in dealt.values())
    assert sorted(pre for pre, _ in dealt.values()) == [0] * 5 + [1] * 5
    with pytest.raises(ValueError, match="'pre' or 'post'"):
        concepts.form_for(1, "middle")


TEACHERS = [
    questions.compare_question([3, 2, 0, 1], [2, 3, 0, 1]),
    questions.compare_question([3, 2, 0, 1, 0], [0, 1, 3, 2, 0], 3),
    questions.estimate_question([3, 2, 3, 0, 1, 2]),
    questions.swap_question([3, 2, 2, 1, 0, 1]),
    questions.swap_question([10, 9, 4, 2]),  # no room above 10: the grades move down
    questions.practice_question(4711, 0),
    questions.practice_question(3, 7, 4),
]


@pytest.mark.parametrize("question", TEACHERS, ids=lambda q: q.text[:40])
def test_any_question_has_a_twin_of_its_kind_on_other_lists(question):
    made = concepts.twin(question)
    assert made is not None and made.text != question.text
    assert made.exercise.kind == question.exercise.kind
    assert made.exercise.cases != question.exercise.cases
    if made.kind != "practice":
        assert _graded_answer(made) == _core_answer(made)
        # The same positions hold relevant items: the idea is the same, the grades are not.
        for before, after in zip(
            question.exercise.cases,
            made.exercise.cases[::-1] if made.kind == "compare" else made.exercise.cases,
            strict=True,
        ):
            assert [v > 0 for v in before.ranked.relevances] == [
                v > 0 for v in after.ranked.relevances
            ]


def test_an_inventory_question_s_twin_is_its_other_form():
    concept = concepts.BY_KEY["top_heavy"]
    assert concepts.twin(concept.form(0)) == concept.form(1)
    assert concepts.twin(concept.form(1)) == concept.form(0)


def test_a_question_with_no_fair_twin_has_none():
    # Every relevant grade at 1 and one at 10: moving them up or down leaves the grades.
    stuck = questions.estimate_question([10, 1, 0])
    assert concepts.twin(stuck) is None


def test_a_check_s_results_score_each_student_on_its_concepts():
    keys = ("cut_off", "discount")
    pre = {1: {"cut_off": False, "discount": True}, 2: {"cut_off": False}}
    post = {1: {"cut_off": True, "discount": True}, 3: {"discount": True}}
    found = concepts.results(keys, pre, post)
    assert found.scores("pre") == {1: 0.5, 2: 0.0}
    assert found.scores("post") == {1: 1.0, 3: 0.5}
    assert found.mean("pre") == 0.25 and found.mean("post") == 0.75
    # Matched: student 1 only, 50 % → 100 %: ⟨g⟩ = 1.
    assert (found.gain.matched, found.gain.g) == (1, 1.0)
    assert [c.g for c in found.per_concept] == [1.0, None]  # discount: right at both ends
