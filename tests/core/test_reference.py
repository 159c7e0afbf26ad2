"""Reference values: each expected value is the hand-worked formula, with the list in a comment."""

import dataclasses
import re
from math import log, log2

import numpy as np
import pytest

from lessons import practice
from lessons.curves import CURVES
from lessons.demos import ideal_choices, swaps_within
from lessons.examples import (
    EXAMPLES,
    FAMILIES,
    SOURCES,
    Printed,
    by_family,
    example,
)
from lessons.glossary import NOTATION, TERMS
from lessons.latex import cg_filled, dcg_filled, dcg_formula, mean_over_queries, ndcg_filled
from lessons.mistakes import NDCG_MISTAKES, TERM_MISTAKES
from lessons.pitfalls import PITFALLS
from ndcg_core import GAINS, breakdown, cg, dcg, gains, idcg, ndcg
from ndcg_core.display import DIGITS, exact
from ndcg_core.options import CUTS, EVERY_RANKED, IDEALS, NO_CUTOFF

# -------------------------------------------------------------------- the seed documents' lists


def test_binary_dcg_at_3():
    # rel = 1, 0, 1, 1, 0 (note 000)
    assert dcg([1, 0, 1, 1, 0], 3) == pytest.approx(1 / log2(2) + 0 / log2(3) + 1 / log2(4))
    assert dcg([1, 0, 1, 1, 0], 3) == pytest.approx(1.5)


def test_binary_moved_up():
    # rel = 1, 1, 0, 1, 0: the third relevant item moved to position 2
    assert dcg([1, 1, 0, 1, 0], 3) == pytest.approx(1 + 1 / log2(3))


def test_cg_examples():
    assert cg([1, 0, 1, 1, 0]) == 3  # three clicks out of five
    assert cg([5, 5, 5, 5, 5]) == 25  # five five-star items
    assert cg([3, 2, 3, 0, 1, 2]) == 11  # Wikipedia
    assert cg([3, 2, 0, 3, 1, 2]) == 11  # D3 and D4 switched: CG does not see order


def test_graded_d1_d5():
    # rel = 3, 2, 0, 0, 1 (note 000)
    expected_dcg = 3 / log2(2) + 2 / log2(3) + 0 / log2(4) + 0 / log2(5) + 1 / log2(6)
    expected_idcg = 3 / log2(2) + 2 / log2(3) + 1 / log2(4)  # ideal 3, 2, 1, 0, 0
    assert dcg([3, 2, 0, 0, 1], 5) == pytest.approx(expected_dcg)
    assert idcg([3, 2, 0, 0, 1], 5) == pytest.approx(expected_idcg)
    assert ndcg([3, 2, 0, 0, 1], 5) == pytest.approx(expected_dcg / expected_idcg)
    assert expected_dcg == pytest.approx(4.6487, abs=1e-4)


def test_explainer_list():
    # rel = 3, 2, 3, 0, 1 (note 001); ideal 3, 3, 2, 1, 0
    expected_dcg = 3 + 2 / log2(3) + 3 / log2(4) + 0 / log2(5) + 1 / log2(6)
    expected_idcg = 3 + 3 / log2(3) + 2 / log2(4) + 1 / log2(5)
    assert ndcg([3, 2, 3, 0, 1]) == pytest.approx(expected_dcg / expected_idcg)
    assert round(ndcg([3, 2, 3, 0, 1]), 2) == 0.97


def test_continuous_orderings():
    # rel = 0.5, 0.9, 0.3, 0.6, 0.1 (A..E, note 002) and 0.6, 0.5, 0.1, 0.3, 0.9 (D, A, E, C, B)
    first = 0.5 + 0.9 / log2(3) + 0.3 / log2(4) + 0.6 / log2(5) + 0.1 / log2(6)
    second = 0.6 + 0.5 / log2(3) + 0.1 / log2(4) + 0.3 / log2(5) + 0.9 / log2(6)
    best = 0.9 + 0.6 / log2(3) + 0.5 / log2(4) + 0.3 / log2(5) + 0.1 / log2(6)
    assert dcg([0.5, 0.9, 0.3, 0.6, 0.1]) == pytest.approx(first)
    assert dcg([0.6, 0.5, 0.1, 0.3, 0.9]) == pytest.approx(second)
    assert ndcg([0.5, 0.9, 0.3, 0.6, 0.1]) == pytest.approx(first / best)
    assert ndcg([0.6, 0.5, 0.1, 0.3, 0.9]) == pytest.approx(second / best)


@pytest.mark.parametrize(
    ("relevances", "expected"),
    [
        # rel = 4, 5, 3, 2, 1; ideal 5, 4, 3, 2, 1
        (
            [4, 5, 3, 2, 1],
            (4 + 5 / log2(3) + 3 / 2 + 2 / log2(5) + 1 / log2(6))
            / (5 + 4 / log2(3) + 3 / 2 + 2 / log2(5) + 1 / log2(6)),
        ),
        # rel = 7, 8, 9, 10; ideal 10, 9, 8, 7
        (
            [7, 8, 9, 10],
            (7 + 8 / log2(3) + 9 / 2 + 10 / log2(5)) / (10 + 9 / log2(3) + 8 / 2 + 7 / log2(5)),
        ),
        # rel = 5, 2, 3, 1; ideal 5, 3, 2, 1
        (
            [5, 2, 3, 1],
            (5 + 2 / log2(3) + 3 / 2 + 1 / log2(5)) / (5 + 3 / log2(3) + 2 / 2 + 1 / log2(5)),
        ),
    ],
)
def test_russian_examples(relevances, expected):
    assert ndcg(relevances) == pytest.approx(expected)


def test_wikipedia_2012_table_uses_jarvelin_kekalainen():
    # rel = 3, 2, 3, 0, 1, 2 divided by log2(i), rank 1 undiscounted; ideal 3, 3, 2, 2, 1, 0
    expected_dcg = 3 + 2 / log2(2) + 3 / log2(3) + 0 / log2(4) + 1 / log2(5) + 2 / log2(6)
    expected_idcg = 3 + 3 / log2(2) + 2 / log2(3) + 2 / log2(4) + 1 / log2(5)
    rels = [3, 2, 3, 0, 1, 2]
    assert dcg(rels, discount="jarvelin") == pytest.approx(expected_dcg)
    assert idcg(rels, discount="jarvelin") == pytest.approx(expected_idcg)
    assert round(expected_idcg, 3) == 8.693  # the article's printed IDCG
    assert ndcg(rels, discount="jarvelin") == pytest.approx(0.9315, abs=5e-5)


def test_wikipedia_formula_reading_and_pool():
    rels = [3, 2, 3, 0, 1, 2]
    expected_dcg = 3 + 2 / log2(3) + 3 / log2(4) + 0 + 1 / log2(6) + 2 / log2(7)
    closed = 3 + 3 / log2(3) + 2 / log2(4) + 2 / log2(5) + 1 / log2(6)  # ideal 3,3,2,2,1,0
    opened = 3 + 3 / log2(3) + 3 / log2(4) + 2 / log2(5) + 2 / log2(6) + 2 / log2(7)  # + pool 3, 2
    assert ndcg(rels) == pytest.approx(expected_dcg / closed)
    assert round(ndcg(rels), 4) == 0.9608
    assert ndcg(rels, 6, ideal=[3, 2, 3, 0, 1, 2, 3, 2]) == pytest.approx(expected_dcg / opened)
    assert round(ndcg(rels, 6, ideal=[3, 2, 3, 0, 1, 2, 3, 2]), 4) == 0.7850


def test_exponential_gain():
    # rel = 3, 2, 3, 0, 1 with gain 2^rel - 1: 7, 3, 7, 0, 1; ideal 7, 7, 3, 1, 0
    expected = (7 + 3 / log2(3) + 7 / 2 + 0 + 1 / log2(6)) / (7 + 7 / log2(3) + 3 / 2 + 1 / log2(5))
    assert ndcg([3, 2, 3, 0, 1], gain="exponential") == pytest.approx(expected)


def test_binary_gains_agree():
    rels = [1, 0, 1, 1, 0]
    assert dcg(rels, gain="exponential") == pytest.approx(dcg(rels))


def test_jarvelin_base_3_leaves_two_ranks_undiscounted():
    # rel = 1, 1, 1, 1: positions 1 and 2 (< b = 3) count fully, then 1/log3(3), 1/log3(4)
    assert dcg([1, 1, 1, 1], discount="jarvelin", log_base=3) == pytest.approx(
        1 + 1 + 1 / (log(3) / log(3)) + 1 / (log(4) / log(3))
    )


def test_log_base_cancels_for_log2_but_not_for_jarvelin():
    rels = [3, 2, 3, 0, 1, 2]
    assert dcg(rels, log_base=10) == pytest.approx(dcg(rels) * log(10) / log(2))
    assert ndcg(rels, log_base=10) == pytest.approx(ndcg(rels))
    assert ndcg(rels, discount="jarvelin", log_base=10) != pytest.approx(
        ndcg(rels, discount="jarvelin")
    )


# ------------------------------------------------------------------------------ cut-off and zero


def test_k_larger_than_list_is_the_whole_list_and_ideal_is_cut_at_k():
    rels = [3, 2, 3, 0, 1, 2]
    assert dcg(rels, 100) == pytest.approx(dcg(rels))
    assert ndcg(rels, 100) == pytest.approx(ndcg(rels))
    pool = [*rels, 3, 2, 1]
    # With a longer pool, k = 8 takes 8 items of the ideal: 3, 3, 3, 2, 2, 2, 1, 1
    expected_idcg = sum(r / log2(i + 1) for i, r in enumerate([3, 3, 3, 2, 2, 2, 1, 1], start=1))
    assert idcg(rels, 8, ideal=pool) == pytest.approx(expected_idcg)


def test_none_k_uses_the_whole_pool():
    rels = [3, 2, 3, 0, 1, 2]
    pool = [3, 2, 3, 0, 1, 2, 3, 2]
    whole = sum(r / log2(i + 1) for i, r in enumerate(sorted(pool, reverse=True), start=1))
    assert idcg(rels, ideal=pool) == pytest.approx(whole)


@pytest.mark.parametrize("on_zero", [0.0, 1.0])
def test_all_zero(on_zero):
    assert ndcg([0, 0, 0], on_zero=on_zero) == on_zero
    assert np.isnan(ndcg([0, 0, 0], on_zero=float("nan")))


def test_relevant_item_below_k_scores_zero():
    assert ndcg([0, 0, 3], 2) == 0.0


# ------------------------------------------------------------------------------------- breakdown


def test_breakdown_columns_and_values():
    table = breakdown([3, 2, 3, 0, 1, 2], 3, labels=list("ABCDEF"))
    assert list(table["label"]) == list("ABCDEF")
    assert list(table["ideal_label"]) == ["A", "C", "B", "F", "E", "D"]
    assert table["contribution"].tolist() == pytest.approx(
        [3, 2 / log2(3), 3 / 2, 0, 1 / log2(6), 2 / log2(7)]
    )
    assert table["in_top_k"].tolist() == [True, True, True, False, False, False]
    assert table["ndcg_at"].iloc[2] == pytest.approx(ndcg([3, 2, 3, 0, 1, 2], 3))
    assert table["cumulative_dcg"].iloc[-1] == pytest.approx(dcg([3, 2, 3, 0, 1, 2]))
    for k in range(1, 7):
        assert table["ndcg_at"].iloc[k - 1] == pytest.approx(ndcg([3, 2, 3, 0, 1, 2], k))


def test_breakdown_with_a_longer_pool_marks_unretrieved_items():
    table = breakdown([3, 0], ideal=[3, 0, 2, 1], labels=["A", "B"])
    assert len(table) == 4
    assert list(table["ideal_label"]) == ["A", "(not retrieved)", "(not retrieved)", "B"]
    assert np.isnan(table["relevance"].iloc[3])
    assert table["ndcg_at"].iloc[-1] == pytest.approx(ndcg([3, 0], ideal=[3, 0, 2, 1]))


def test_breakdown_leaves_unjudged_ranked_zeros_out_of_the_ideal():
    # The ranked 0 is not in the pool (an unjudged document): the ideal is the pool alone.
    table = breakdown([3, 0], ideal=[3])
    assert table["ideal_relevance"].tolist()[:1] == [3]
    assert table["cumulative_idcg"].iloc[-1] == pytest.approx(3.0)


# ---------------------------------------------------------------------------- printed examples


@pytest.mark.parametrize(
    ("item", "printed"),
    [(item, printed) for item in EXAMPLES for printed in item.printed],
    ids=lambda value: value.id if hasattr(value, "id") else f"{value.name}={value.printed}",
)
def test_every_printed_number(item, printed: Printed):
    """A figure is right when it is the exact value rounded to the digits printed; a slip is not."""
    exact = item.exact(printed)
    tolerance = 0.5 * 10 ** (-printed.decimals) + 1e-12
    if printed.wrong:
        assert abs(exact - printed.value) > tolerance, (
            f"{printed.name} is marked wrong but is right"
        )
    else:
        assert abs(exact - printed.value) <= tolerance, f"{printed.name}: exact {exact}"


def test_every_erratum_reading_changes_the_result():
    for item in EXAMPLES:
        for erratum in item.errata:
            if erratum.reading:
                other = item.with_reading(erratum)
                assert ndcg(other.relevances, **other.ranked.kwargs()) != pytest.approx(
                    ndcg(item.relevances, **item.ranked.kwargs())
                )


def test_erratum_readings_values():
    wiki = example("wikipedia-2012")
    formula = wiki.with_reading(wiki.errata[0])
    assert round(ndcg(formula.relevances, **formula.ranked.kwargs()), 4) == 0.9608
    # The explainer's list one grade up (a 1–4 scale): 4, 3, 4, 1, 2; ideal 4, 4, 3, 2, 1.
    explainer = example("graded-explainer")
    shifted = explainer.with_reading(explainer.errata[1])
    expected = (4 + 3 / log2(3) + 4 / 2 + 1 / log2(5) + 2 / log2(6)) / (
        4 + 4 / log2(3) + 3 / 2 + 2 / log2(5) + 1 / log2(6)
    )
    assert shifted.totals()["NDCG"] == pytest.approx(expected)
    assert f"{expected:.4f}" == "0.9812" and "0.9812" in explainer.errata[1].text
    russian = example("russian-1-not-ideal")
    as_documents = russian.with_reading(russian.errata[0])
    assert as_documents.relevances == (1, 4, 2, 3, 5)


def test_examples_cover_every_family_and_source():
    assert {item.source for item in EXAMPLES} == set(SOURCES)
    assert set(SOURCES) == {"000", "001", "002", "003", "004", "wikipedia-now"}
    for family in ("binary", "graded", "continuous", "russian", "gain", "zero"):
        assert by_family(family)


def test_sources_are_cited_by_title_site_and_date_never_by_file():
    for key, source in SOURCES.items():
        citation = source.citation()
        assert citation.startswith(f"“{source.title}”"), key
        assert ".txt" not in citation and key not in citation
    assert SOURCES["004"].citation() == (
        "“Discounted cumulative gain”, English Wikipedia, revision of 21 August 2012"
    )
    assert SOURCES["004"].link.endswith("oldid=508382329")
    # The Chinese note's title is Chinese, its text English: its language is English.
    assert SOURCES["002"].language == "English" and "written in English" in SOURCES["002"].remark
    assert SOURCES["003"].language == "Russian"


def test_wikipedia_today_pooled_example():
    # rel = 3, 2, 3, 0, 1, 2 ranked; D7 = 3 and D8 = 2 judged but never retrieved.
    item = example("wikipedia-now-pooled")
    expected_dcg = 3 + 2 / log2(3) + 3 / log2(4) + 0 + 1 / log2(6) + 2 / log2(7)
    # The ideal top 6 of all eight judged: 3, 3, 3, 2, 2, 2 (k = n = 6 cuts it at six).
    expected_idcg = 3 + 3 / log2(3) + 3 / log2(4) + 2 / log2(5) + 2 / log2(6) + 2 / log2(7)
    totals = item.totals()
    assert totals["DCG"] == pytest.approx(expected_dcg)
    assert totals["IDCG"] == pytest.approx(expected_idcg)
    assert totals["NDCG"] == pytest.approx(expected_dcg / expected_idcg)
    assert round(totals["IDCG"], 3) == 8.740 and round(totals["NDCG"], 3) == 0.785
    table = ideal_choices(item)
    uncut = expected_idcg + 1 / log2(8) + 0 / log2(9)  # no cut-off: 1 and 0 join the ideal
    closed = 3 + 3 / log2(3) + 2 / 2 + 2 / log2(5) + 1 / log2(6)  # 3, 3, 2, 2, 1, 0
    assert table["idcg"].tolist() == pytest.approx([closed, expected_idcg, uncut])
    assert table["ndcg"].tolist() == pytest.approx(
        [expected_dcg / closed, expected_dcg / expected_idcg, expected_dcg / uncut]
    )
    assert table["ideal_order"].tolist()[1] == (3, 3, 3, 2, 2, 2)
    # Who builds each ideal: the words of the conventions' own records.
    assert table["used_by"].tolist() == [
        IDEALS["run"].used_by,
        CUTS[EVERY_RANKED].used_by,
        CUTS[NO_CUTOFF].used_by,
    ]
    with pytest.raises(ValueError, match="needs an example with a pool"):
        ideal_choices(example("wikipedia-2012"))


def test_swaps_within_one_list_cost_less_further_down():
    # 5, 4, 3, 2, 1 with positions 1 and 2 swapped is Russian example 1: 4, 5, 3, 2, 1.
    table = swaps_within((1, 2, 3, 4, 5))
    ideal = 5 + 4 / log2(3) + 3 / 2 + 2 / log2(5) + 1 / log2(6)
    first = (4 + 5 / log2(3) + 3 / 2 + 2 / log2(5) + 1 / log2(6)) / ideal
    second = (5 + 3 / log2(3) + 4 / 2 + 2 / log2(5) + 1 / log2(6)) / ideal
    assert table["swap"].tolist() == ["1 ↔ 2", "2 ↔ 3", "3 ↔ 4", "4 ↔ 5"]
    assert table["ndcg"].tolist()[:2] == pytest.approx([first, second])
    assert table["cost"].is_monotonic_decreasing


# Numbers written into the lessons (not the source checks): a computed value has four decimals
# (display.DIGITS); anything shorter must be a figure some source printed, or a given relevance.
_DECIMAL = re.compile(r"(?<![\d.])\d+\.\d+(?![\d.])")


def _given_numbers() -> set[str]:
    given = {printed.printed for item in EXAMPLES for printed in item.printed}
    given |= {exact(v) for item in EXAMPLES for v in (*item.relevances, *item.ranked.pool)}
    return given


@pytest.mark.parametrize(
    "text",
    [t for item in EXAMPLES for t in (item.shows, item.notice)]
    + [family.intro for family in FAMILIES.values()],
)
def test_lesson_texts_follow_the_one_number_rule(text):
    for number in _DECIMAL.findall(text):
        decimals = len(number.split(".")[1])
        assert decimals == DIGITS or number in _given_numbers(), (number, text)


@pytest.mark.parametrize(
    ("example_id", "numbers"),
    [
        # DCG@3 of 1, 1, 0, 1, 0 = 1 + 1/log2 3
        ("binary-dcg3-moved-up", {"1.6309": 1 + 1 / log2(3)}),
        # 3, 3, 2, 0, 1 and 3, 2, 3, 1, 0 against the ideal 3, 3, 2, 1, 0
        (
            "graded-explainer",
            {
                "0.9931": ndcg([3, 3, 2, 0, 1]),
                "0.9793": ndcg([3, 2, 3, 1, 0]),
            },
        ),
        ("gain-exponential", {"0.9724": ndcg([3, 2, 3, 0, 1]), "0.9575": 0.9574784666}),
        (
            "russian-1-not-ideal",
            {"0.0359": 1 - ndcg([4, 5, 3, 2, 1]), "0.0043": 1 - ndcg([5, 4, 3, 1, 2])},
        ),
        ("russian-2-top-error", {"0.9190": ndcg([7, 8, 9, 10])}),
        (
            "wikipedia-2012-swapped",
            {
                "8.0972": 3 + 2 + 3 / log2(3) + 0 + 1 / log2(5) + 2 / log2(6),
                "7.7044": 3 + 2 + 0 + 3 / log2(4) + 1 / log2(5) + 2 / log2(6),
            },
        ),
        (
            "wikipedia-now-pooled",
            {
                "0.9608": ndcg([3, 2, 3, 0, 1, 2]),
                "0.7850": ndcg([3, 2, 3, 0, 1, 2], 6, ideal=[3, 2, 3, 0, 1, 2, 3, 2]),
                "0.1758": ndcg([3, 2, 3, 0, 1, 2])
                - ndcg([3, 2, 3, 0, 1, 2], 6, ideal=[3, 2, 3, 0, 1, 2, 3, 2]),
            },
        ),
        ("wikipedia-2012-exponential", {"0.9488": ndcg([3, 2, 3, 0, 1, 2], gain="exponential")}),
    ],
)
def test_numbers_in_the_lessons_are_the_computed_ones(example_id, numbers):
    item = example(example_id)
    text = f"{item.shows} {item.notice}"
    for shown, value in numbers.items():
        assert shown in text, shown
        assert f"{value:.4f}" == shown


# --------------------------------------------------------------------------------- the LaTeX


def test_latex_shows_the_numbers_the_core_computed():
    table = breakdown([3, 2, 3], 2)
    text = dcg_filled(table, 2, gain="linear", discount="log2", log_base=2)
    assert r"\frac{3}{\log_{2} 2}" in text and r"\frac{2}{\log_{2} 3}" in text
    assert "4.2619" in text  # 3 + 2 / log2(3)
    assert r"\frac{3}{\log_{2} 3}" not in text  # position 3 is beyond k
    assert "2^{rel_i} - 1" in dcg_formula("exponential")
    assert r"\max(1,\ \log_{2} i)" in dcg_formula(discount="jarvelin")
    assert ndcg_filled(0.0, 0.0, 0.0, 3).startswith(r"\mathrm{NDCG@3} = \frac{0}{0}")
    assert ndcg_filled(0.0, 0.0, 0.0, None).startswith(r"\mathrm{NDCG} = \frac{0}{0}")
    assert cg_filled([3, 2, 3], 3) == r"\mathrm{CG@3} = 3 + 2 + 3 = 8"
    assert cg_filled([3, 2, 3], None) == r"\mathrm{CG} = 3 + 2 + 3 = 8"


def test_the_exponential_gain_is_described_as_it_grows():
    # 2^rel − 1 for grades 0…4: 0, 1, 3, 7, 15; each grade earns 2 × the one below + 1, and the
    # gaps between neighbours double: 1, 2, 4, 8 (1 → 3 triples, so "each step doubles" was wrong).
    grades = np.arange(5, dtype=float)
    earned = gains(grades, "exponential")
    assert earned.tolist() == [0, 1, 3, 7, 15]
    assert np.diff(earned).tolist() == [1, 2, 4, 8]
    assert (earned[1:] == 2 * earned[:-1] + 1).all()
    description = GAINS["exponential"].description
    assert "twice the grade below plus one" in description and "(1, 2, 4, 8)" in description
    assert "double the step below" not in description
    assert "(1, 2, 4, 8 from grade 0 up)" in FAMILIES["gain"].claim


def test_long_filled_in_sums_go_on_over_lines_of_four_terms():
    """A phone shows about four fractions across: a longer sum breaks, and the total stays the
    last line (on one line, /queries' formula once hid its '= 0.7795' past the screen's edge)."""
    table = breakdown([3, 2, 3, 0, 1, 2])
    text = dcg_filled(table, 6, gain="linear", discount="log2", log_base=2)
    steps = text.removeprefix(r"\begin{aligned}").removesuffix(r"\end{aligned}").split(r"\\")
    assert [step.count(r"\frac") for step in steps] == [4, 2, 0, 0, 0]
    assert [step.count("+") for step in steps] == [3, 2, 3, 2, 0]  # 4 + 2 terms, twice
    assert steps[-1].strip() == "&= 6.8611"
    short = dcg_filled(breakdown([3, 2, 3]), 3, gain="linear", discount="log2", log_base=2)
    assert short.count(r"\\") == 2  # up to four terms: one line a step, as before


def test_a_short_filled_in_sum_goes_from_its_fractions_to_its_total():
    """A walkthrough's reveal: each sum's fractions, then its total, no line of term values."""
    table = breakdown([3, 2, 3, 0, 1, 2])
    text = dcg_filled(table, 6, gain="linear", discount="log2", log_base=2, values=False)
    steps = text.removeprefix(r"\begin{aligned}").removesuffix(r"\end{aligned}").split(r"\\")
    assert [step.count(r"\frac") for step in steps] == [4, 2, 0]
    assert steps[-1].strip() == "&= 6.8611"  # 3 + 2/log2 3 + 3/2 + 0 + 1/log2 6 + 2/log2 7
    assert "1.5000" not in text  # the value of 3 / log2 4 is left for the step-by-step version
    short = dcg_filled(
        breakdown([3, 2, 3]), 3, gain="linear", discount="log2", log_base=2, values=False
    )
    assert short.endswith("= 5.7619") and r"\\" not in short  # one line: 3 + 2/log2 3 + 3/2


def test_a_filled_in_mean_goes_on_over_lines_and_ends_with_the_mean():
    values = [0.8179, 0.9253, 0.9669, 0.6667, 0.8100, 1.0, 0.2]
    _, filled = mean_over_queries(values, 0.7795, 10)
    lines = filled.removesuffix(r"\end{aligned}").split(r"\\")
    assert len(lines) == 3 and lines[-1].strip() == "&= 0.7795"
    assert all(line.count("0.") <= 3 for line in lines[:-1])  # three values a line
    assert r"\dots" in lines[1]  # seven values: the first six, then …


@pytest.mark.parametrize("base", [2, 3, 10, 1.5])
@pytest.mark.parametrize("discount", ["log2", "jarvelin"])
def test_a_filled_in_divisor_reads_as_the_divisor_computed(discount, base):
    # One record drives both: the divisor the code divides by and the one the page writes.
    from ndcg_core import DISCOUNTS

    record = DISCOUNTS[discount]
    computed = record.denominator(np.arange(1, 13, dtype=float), base)
    for position, value in enumerate(computed, start=1):
        text = record.filled(position, base)
        if text == "1":
            written = 1.0
        else:
            b, x = re.fullmatch(r"\\log_\{(.+)\} (\d+)", text).groups()
            written = log(int(x), float(b))
        assert written == pytest.approx(value, abs=1e-12), (position, text)


# --- Sources are named by title, never by file number ------------------------------------------

# A source's file number as learner text might say it: "note 002", "Source 004", "(000, 003)".
FILE_NUMBER = re.compile(r"(?i:\b(?:notes?|sources?)\s+00\d)|(?<![\d.,_])00[0-4](?!\d)")


def _strings(value, seen=None) -> list[str]:
    """Every string inside `value`: dataclass fields, mapping values, sequences, nested; not a
    `source` field, which holds the key the code looks a source up by ("000")."""
    seen = set() if seen is None else seen
    if isinstance(value, str):
        return [value]
    if id(value) in seen:
        return []
    seen.add(id(value))
    if dataclasses.is_dataclass(value):
        items = [getattr(value, f.name) for f in dataclasses.fields(value) if f.name != "source"]
    elif isinstance(value, dict):
        items = list(value.values())
    elif isinstance(value, (list, tuple, set, frozenset)):
        items = list(value)
    else:
        return []
    return [text for item in items for text in _strings(item, seen)]


def test_the_file_number_pattern_finds_what_it_must_and_nothing_else():
    for said in ("note 000", "Note 002's items", "(source 004)", "K (000), n (003)"):
        assert FILE_NUMBER.search(said), said
    for fine in ("1,000 resamples", "0.004", "2000", "10_000", "the Russian study note"):
        assert not FILE_NUMBER.search(fine), fine


def test_learner_text_names_sources_by_title_not_by_file_number():
    learner_text = {
        "examples": (EXAMPLES, FAMILIES),
        "sources": SOURCES,
        "glossary": (TERMS, NOTATION),
        "pitfalls": PITFALLS,
        "curves": CURVES,
        "mistakes": (NDCG_MISTAKES, TERM_MISTAKES),
        "practice": [practice.exercise_set(seed, practice.LATEST) for seed in range(1, 4)],
    }
    for where, value in learner_text.items():
        found = [text for text in _strings(value) if FILE_NUMBER.search(text)]
        assert not found, (where, found)
    assert len({source.short for source in SOURCES.values()}) == len(SOURCES)
