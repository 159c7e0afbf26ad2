"""The convention controls' words (ui/controls.py): the cut-off box and the 'Scored with' box say
what the model says, the same on every page."""

from lessons.described import conventions, describe
from ndcg_core.model import RankedList, Scoring
from ui.controls import cut_sentence, k_label, k_options

WIKIPEDIA = (3, 2, 3, 0, 1, 2)


def test_the_cut_off_box_offers_no_cut_off_only_where_it_differs_and_words_numbers_as_the_model():
    plain = RankedList(WIKIPEDIA)
    pooled = RankedList(WIKIPEDIA, pool=(3, 2))
    assert k_options(plain) == ["n", 1, 2, 3, 4, 5, 6]
    assert k_options(pooled) == ["n", "none", *range(1, 9)]
    assert k_options(pooled.with_scoring(k=20)) == ["n", "none", *range(1, 9), 20]
    assert k_options(pooled.with_scoring(ideal="run")) == ["n", *range(1, 9)]
    label = k_label(pooled)
    assert label("n") == "k = n, every ranked position (6)"
    assert label("none") == "No cut-off: the ideal spans every judged item"
    assert label(3) == "k = 3" == Scoring(k=3).cut_words()


def test_the_conventions_off_the_default_are_said_once_for_the_page_and_the_list_description():
    assert conventions(RankedList(WIKIPEDIA)) == []
    pooled = RankedList(WIKIPEDIA, pool=(3, 2), scoring=Scoring(k="none", gain="exponential"))
    assert conventions(pooled) == [
        "gain 2^rel − 1",
        "judged but not retrieved: 3, 2",
        "no cut-off (the ideal spans every judged item)",
    ]
    assert describe(pooled) == (
        "3, 2, 3, 0, 1, 2 · no cut-off · gain 2^rel − 1 · judged but not retrieved: 3, 2"
    )
    # From the ranked items alone, the pool is not part of the ideal and is not said to be.
    run_only = pooled.with_scoring(ideal="run", k=3)
    assert conventions(run_only) == ["gain 2^rel − 1", "ideal from only the ranked documents"]
    assert describe(run_only).endswith(
        "· k = 3 · gain 2^rel − 1 · ideal from only the ranked documents"
    )


def test_the_cut_off_sentence_speaks_of_the_pool_only_where_it_joins_the_ideal():
    pooled = RankedList(WIKIPEDIA, pool=(3, 2))
    assert cut_sentence(pooled.with_scoring(k="none")) == (
        "No cut-off: all 6 ranked positions count, and the ideal keeps all 8 judged items "
        "(trec_eval's ndcg), so it can hold more than 6."
    )
    assert cut_sentence(pooled) == (
        "k = n: all 6 ranked positions count. The ideal is cut at 6 too (trec_eval's ndcg_cut.6)."
    )
    assert cut_sentence(pooled.with_scoring(k=7)).startswith(
        "k = 7 is beyond your 6 items: the list earns nothing after position 6, but the ideal "
        "ranking may still fill positions 7–7"
    )
    run_only = pooled.with_scoring(ideal="run")
    assert cut_sentence(run_only) == cut_sentence(RankedList(WIKIPEDIA))
    assert cut_sentence(run_only.with_scoring(k="none")) == "k = n: all 6 ranked positions count."
    assert cut_sentence(RankedList((3, 2, 1), scoring=Scoring(k=99))) == (
        "k = 99 is beyond your 3 items: neither the list nor its ideal has anything after "
        "position 3, so the score is the one at k = n."
    )
    assert cut_sentence(pooled.with_scoring(k=3)).startswith("k = 3: only positions 1–3 count")
