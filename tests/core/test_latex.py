"""The filled formulas (ndcg_core/latex.py) print numbers as the rest of the app does.

A float sum such as 0.6 + 0.5 + 0.1 + 0.3 + 0.9 is 2.4000000000000004 in binary floating point;
a formula that printed it with `repr` would show that artefact to a learner. Every filled formula
is drawn here for lists of fractional grades and searched for a number with a run of eight or
more decimals, the mark of a float's repr.
"""

import re

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from lessons.latex import cg_filled, neighbour_filled, worked
from ndcg_core import RankedList, Scoring, totals
from ndcg_core.measures import all_measures

# A decimal number with eight or more places: 2.4000000000000004, 0.30000000000000004.
ARTEFACT = re.compile(r"\d\.\d{8,}")

# Grades with one or two decimals, the kind a learner types: 0.1, 0.35, 2.4.
grades = st.integers(min_value=0, max_value=300).map(lambda n: n / 100)
lists = st.lists(grades, min_size=1, max_size=12)


def test_cg_of_the_continuous_walkthrough_prints_2_4():
    # 0.6 + 0.5 + 0.1 + 0.3 + 0.9: numpy's exact sum is 2.4, Python's float sum is not.
    values = [0.6, 0.5, 0.1, 0.3, 0.9]
    assert sum(values) != 2.4
    assert np.isclose(np.sum(values), 2.4)
    formula = cg_filled(values, 5)
    assert formula.endswith("= 2.4")
    assert "0.6 + 0.5 + 0.1 + 0.3 + 0.9" in formula


def test_cg_of_0_1_and_0_2():
    assert cg_filled([0.1, 0.2], None).endswith("= 0.3")
    assert cg_filled([3, 2, 3, 0], 3).endswith("= 8")


@settings(max_examples=60, deadline=None)
@given(
    lists,
    st.sampled_from([None, 1, 3, 5]),
    st.sampled_from(["linear", "exponential"]),
    st.sampled_from(["log2", "jarvelin"]),
)
def test_no_filled_formula_prints_a_float_artefact(relevances, k, gain, discount):
    ranked = RankedList(tuple(relevances), scoring=Scoring(k=k, gain=gain, discount=discount))
    shown = [cg_filled(relevances, k), *worked(totals(ranked))]
    values = all_measures(ranked)
    shown += [neighbour_filled(values, key) for key in ("p", "r", "rr", "ap", "err", "rbp", "ndcg")]
    for formula in shown:
        assert not ARTEFACT.search(formula), formula
