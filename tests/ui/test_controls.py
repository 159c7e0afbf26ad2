"""The convention controls' words (ui/controls.py): the cut-off box and the 'Scored with' box say
what the model says, the same on every page."""

from ndcg_core.model import RankedList, Scoring
from ui.controls import k_label, k_options

WIKIPEDIA = (3, 2, 3, 0, 1, 2)


def test_the_cut_off_box_offers_no_cut_off_only_where_it_differs_and_words_numbers_as_the_model():
    plain = RankedList(WIKIPEDIA)
    pooled = RankedList(WIKIPEDIA, pool=(3, 2))
    assert k_options(plain) == ["n", 1, 2, 3, 4, 5, 6]
    assert k_options(pooled) == ["n", "none", *range(1, 9)]
    assert k_options(pooled.with_scoring(k=20)) == ["n", "none", *range(1, 9), 20]
    label = k_label(pooled)
    assert label("n") == "k = n, every ranked position (6)"
    assert label("none") == "No cut-off: the ideal spans every judged item"
    assert label(3) == "k = 3" == Scoring(k=3).cut_words()


def test_the_conventions_off_the_default_are_said_once_for_the_page_and_the_list_description():
    assert RankedList(WIKIPEDIA).conventions() == []
    pooled = RankedList(WIKIPEDIA, pool=(3, 2), scoring=Scoring(k="none", gain="exponential"))
    assert pooled.conventions() == [
        "gain 2^rel − 1",
        "judged but not retrieved: 3, 2",
        "no cut-off (the ideal spans every judged item)",
    ]
    assert pooled.describe() == (
        "3, 2, 3, 0, 1, 2 · no cut-off · gain 2^rel − 1 · judged but not retrieved: 3, 2"
    )
    # From the ranked items alone, the pool is not part of the ideal and is not said to be.
    run_only = pooled.with_scoring(ideal="run", k=3)
    assert run_only.conventions() == ["gain 2^rel − 1", "ideal from only the ranked documents"]
    assert run_only.describe().endswith(
        "· k = 3 · gain 2^rel − 1 · ideal from only the ranked documents"
    )
