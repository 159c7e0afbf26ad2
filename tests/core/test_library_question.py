"""The /libraries page's question: what scikit-learn's ndcg_score and trec_eval's ndcg_cut.k print
for the learner's query, judged by re-scoring the query the options hold (hand-worked values)."""

from __future__ import annotations

import math
import random

import pytest

from lessons import practice
from lessons.gallery import GALLERY
from lessons.practice import PLANS, REGISTRY, correct_choice, is_correct, judge
from lessons.practice.libraries import asked_words, build_library_pair, holds
from lessons.practice.records import Slot
from ndcg_core.libraries import make_query

HEADLINE = ("sklearn", "trec_ndcg_cut")
OPTIONS = ("same", "first", "second", "refused")


def dcg(grades, k=None) -> float:
    """By hand: gain rel, discount 1/log₂(i + 1)."""
    return sum(g / math.log2(i + 2) for i, g in enumerate(grades[:k]))


def asked(query):
    exercise = build_library_pair(query, *HEADLINE)
    return exercise, [choice.claim[3] for choice in exercise.choices]


def answer_of(query) -> str:
    exercise, outcomes = asked(query)
    return outcomes[correct_choice(exercise)]


def test_the_wikipedia_list_with_two_unretrieved_documents():
    ranked, pool = [3, 2, 3, 0, 1, 2], [3, 2]
    sklearn = dcg(ranked) / dcg(sorted(ranked, reverse=True))
    trec = dcg(ranked) / dcg(sorted(ranked + pool, reverse=True), 6)
    assert (round(sklearn, 4), round(trec, 4)) == (0.9608, 0.785)
    exercise, outcomes = asked(make_query(ranked, 6, pool=pool))
    assert outcomes == list(OPTIONS)  # every outcome offered, a refusal too: no hint
    assert [c.text for c in exercise.choices] == [
        "The same number",
        "scikit-learn prints more",
        "trec_eval prints more",
        "One of them refuses it",
    ]
    assert exercise.prompt == (
        "scikit-learn's ndcg_score(k=6) and trec_eval's ndcg_cut.6 both score the query above. "
        "What do they print?"
    )
    assert "0.9608" not in exercise.prompt and "0.785" not in exercise.prompt
    right = correct_choice(exercise)
    assert outcomes[right] == "first"
    assert judge(exercise, right).correct
    wrong = judge(exercise, outcomes.index("same"))
    assert not wrong.correct
    assert "scikit-learn prints 0.9608 and trec_eval 0.7850" in wrong.detail
    assert "The ideal counts the 2 judged items never retrieved." in wrong.detail
    assert "judged items only it counts" in judge(exercise, outcomes.index("second")).detail
    assert "refuses negative labels" in judge(exercise, outcomes.index("refused")).detail


def test_without_a_pool_they_agree():
    ranked = [3, 2, 3, 0, 1, 2]
    assert answer_of(make_query(ranked, 6)) == "same"
    exercise, outcomes = asked(make_query(ranked, 6))
    why = judge(exercise, outcomes.index("first")).detail
    assert "trec_eval's ideal to hold more" in why
    assert "scikit-learn prints 0.9608 and trec_eval 0.9608" in why
    # A pool of irrelevant documents adds nothing to the ideal: still the same number.
    assert answer_of(make_query(ranked, 6, pool=[0, 0])) == "same"


def test_ties_broken_by_id_can_put_trec_eval_ahead():
    grades, scores, ids = [0, 2, 1, 3], [0.8, 0.8, 0.5, 0.5], ["d1", "d4", "d2", "d3"]
    # scikit-learn averages each tied pair's gain over its positions; trec_eval ranks by id,
    # descending: d4 (2), d1 (0), d3 (3), d2 (1).
    ideal = dcg([3, 2, 1, 0])
    averaged = 1 * (1 + 1 / math.log2(3)) + 2 * (1 / 2 + 1 / math.log2(5))
    by_id = dcg([2, 0, 3, 1])
    assert (round(averaged / ideal, 4), round(by_id / ideal, 4)) == (0.7334, 0.8254)
    query = make_query(grades, 4, scores=scores, ids=ids)
    assert answer_of(query) == "second"
    exercise, outcomes = asked(query)
    why = judge(exercise, outcomes.index("first")).detail
    assert "Tied scores are ordered by document id" in why
    # Other ids put the worse item first: now scikit-learn is ahead.
    assert answer_of(make_query(grades, 4, scores=scores, ids=["d4", "d1", "d3", "d2"])) == "first"


@pytest.mark.parametrize(
    ("grades", "refuses"),
    [
        ([2, -1, 1, 0], ("scikit-learn refuses", "negative y_true")),
        ([0.5, 1, 0], ("trec_eval refuses", "integer")),
        ([-0.5, 1, 0], ("scikit-learn refuses", "And trec_eval refuses")),
        ([3], ("scikit-learn refuses",)),  # a single document
    ],
)
def test_a_refusal_is_an_answer(grades, refuses):
    query = make_query(grades)
    assert answer_of(query) == "refused"
    exercise, outcomes = asked(query)
    detail = judge(exercise, outcomes.index("same")).detail
    assert all(words in detail for words in refuses), detail


def test_the_claim_is_judged_from_the_query_it_holds():
    """Each option carries its query: judged again, never by the option's place."""
    exercise, outcomes = asked(make_query([3, 2, 3, 0, 1, 2], 6, pool=[3, 2]))
    query, first, second, _ = exercise.choices[0].claim
    assert holds(exercise, (query, first, second, "first"))
    assert not holds(exercise, (query, first, second, "same"))
    assert holds(exercise, (make_query([3, 2, 3, 0, 1, 2], 6), first, second, "same"))
    with pytest.raises(ValueError, match="outcome"):
        holds(exercise, (query, first, second, "lower"))
    assert sum(is_correct(exercise, i) for i in range(len(outcomes))) == 1


def test_every_gallery_case_has_one_true_option_and_a_maker_draws_them():
    for case in GALLERY:
        exercise, outcomes = asked(case.query())
        assert sum(is_correct(exercise, i) for i in range(len(outcomes))) == 1, case.key
    made = REGISTRY["library_pair"].make(Slot("library_pair", 7, 0, random.Random(7)))
    assert made.kind == "library_pair" and (made.seed, made.index) == (7, 0)
    assert "the gallery's “" in made.prompt
    assert sum(is_correct(made, i) for i in range(len(made.choices))) == 1


def test_no_pinned_version_asks_it():
    assert all("library_pair" not in kinds + others for kinds, others in PLANS.values())
    assert practice.set_size(practice.LATEST) == 4 + 7


def test_a_query_asked_earlier_is_named_by_what_sets_it_apart():
    assert asked_words(make_query([3, 2, 3, 0, 1, 2], "n", pool=[3, 2])) == (
        "3, 2, 3, 0, 1, 2; 2 judged, not retrieved; k = n = 6"
    )
    assert asked_words(make_query([0, 2, 1, 3], 4, scores=[0.8, 0.8, 0.5, 0.5])) == (
        "0, 2, 1, 3; scores 0.8, 0.8, 0.5, 0.5; k = 4"
    )
    assert asked_words(make_query([1, 0], None, scores=[2, 1])) == "1, 0; no cut-off"
