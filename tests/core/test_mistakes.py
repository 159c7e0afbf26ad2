"""The common mistakes of working NDCG out by hand: each value hand-worked, with the list in a
comment, and `diagnose` naming the right one (or none)."""

from math import log, log2, log10

import pytest

from lessons.mistakes import diagnose, ndcg_mistakes, term_mistakes
from ndcg_core.metrics import totals
from ndcg_core.model import RankedList, Scoring


def _values(ranked: RankedList) -> dict[str, float]:
    return {m.key: m.value for m in ndcg_mistakes(ranked)}


def test_binary_list_at_three():
    # rel = 1, 0, 1, 1, 0 at k = 3; truth 1.5 / (1 + 1/log2 3 + 1/2) = 0.7039
    ranked = RankedList((1, 0, 1, 1, 0), scoring=Scoring(k=3))
    found = _values(ranked)
    right_idcg = 1 + 1 / log2(3) + 1 / 2
    assert totals(ranked).ndcg == pytest.approx(1.5 / right_idcg)
    # log2 i, rank 1 left alone: DCG 1 + 0 + 1/log2 3, ideal 1, 1, 1: 1 + 1 + 1/log2 3
    assert found["log_i"] == pytest.approx((1 + 1 / log2(3)) / (2 + 1 / log2(3)))
    # the list as its own ideal: 1
    assert found["ideal_unsorted"] == 1.0
    # the top three alone re-sorted: 1, 1, 0 → IDCG 1 + 1/log2 3
    assert found["ideal_top_k"] == pytest.approx(1.5 / (1 + 1 / log2(3)))
    # the list cut at 3, the ideal uncut: the ideal's 4th and 5th are 0, so the same number
    assert found["k_list_only"] == pytest.approx(1.5 / right_idcg)
    # the ideal cut at 3, the list uncut: DCG 1 + 1/2 + 1/log2 5
    assert found["k_ideal_only"] == pytest.approx((1.5 + 1 / log2(5)) / right_idcg)
    # 2^rel − 1 of 0 and 1 is 0 and 1: the same number
    assert found["gain_exponential"] == pytest.approx(1.5 / right_idcg)
    assert "pool_ignored" not in found  # no pool: nothing to leave out
    # log10 on one side only: DCG@3 with 1/log10(i + 1) over IDCG@3 with 1/log2(i + 1), and the
    # other way round (log10 on both sides would cancel: no slip)
    dcg10 = 1 / log10(2) + 1 / log10(4)
    idcg10 = 1 / log10(2) + 1 / log10(3) + 1 / log10(4)
    assert found["log10_list"] == pytest.approx(dcg10 / right_idcg)  # 2.3383, above 1
    assert found["log10_ideal"] == pytest.approx(1.5 / idcg10)  # 0.2119


def test_pooled_wikipedia_list():
    # rel = 3, 2, 3, 0, 1, 2 with 3 and 2 judged, never retrieved; k = n = 6: truth 0.7850
    ranked = RankedList((3, 2, 3, 0, 1, 2), pool=(3, 2))
    found = _values(ranked)
    dcg = 3 + 2 / log2(3) + 3 / 2 + 1 / log2(6) + 2 / log2(7)
    closed = 3 + 3 / log2(3) + 2 / 2 + 2 / log2(5) + 1 / log2(6)
    uncut = 3 + 3 / log2(3) + 3 / 2 + 2 / log2(5) + 2 / log2(6) + 2 / log2(7) + 1 / log2(8)
    assert found["pool_ignored"] == pytest.approx(dcg / closed)  # 0.9608
    assert found["k_list_only"] == pytest.approx(dcg / uncut)  # 0.7562, trec_eval's ndcg
    assert "ideal_top_k" not in found and "k_ideal_only" not in found  # k = n: no cut to miss
    pool_advice = next(m.advice for m in ndcg_mistakes(ranked) if m.key == "pool_ignored")
    assert "(3, 2)" in pool_advice and "3, 3, 3, 2, 2, 2" in pool_advice


def test_exponential_gain_list():
    # rel = 3, 2, 3, 0, 1 with 2^rel − 1: the slips read the plain grade, or 2^rel without − 1
    ranked = RankedList((3, 2, 3, 0, 1), scoring=Scoring(gain="exponential"))
    found = _values(ranked)
    linear = (3 + 2 / log2(3) + 3 / 2 + 1 / log2(6)) / (3 + 3 / log2(3) + 2 / 2 + 1 / log2(5))
    # 2^rel: 8, 4, 8, 1, 2 against 8, 8, 4, 2, 1
    power = (8 + 4 / log2(3) + 8 / 2 + 1 / log2(5) + 2 / log2(6)) / (
        8 + 8 / log2(3) + 4 / 2 + 2 / log2(5) + 1 / log2(6)
    )
    assert found["gain_linear"] == pytest.approx(linear)
    assert found["gain_no_minus_one"] == pytest.approx(power)
    assert "gain_exponential" not in found


def test_term_mistakes():
    # rel = 1, 3, 3 with 2^rel − 1; position 3 holds 3: gain 7, truth 7 / log2 4 = 3.5
    ranked = RankedList((1, 3, 3), scoring=Scoring(gain="exponential"))
    found = {m.key: m.value for m in term_mistakes(ranked, 3)}
    assert found == pytest.approx(
        {
            "log_i": 7 / log2(3),
            "natural_log": 7 / log(4),
            "log10": 7 / log10(4),  # the calculator's "log" key: 11.627
            "multiplied": 7 * log2(4),
            "gain_linear": 3 / log2(4),
            "gain_no_minus_one": 8 / log2(4),
        }
    )
    assert "log_i" not in {m.key for m in term_mistakes(ranked, 1)}  # log2 1 = 0: no such slip
    with pytest.raises(ValueError, match=r"`position` must be a position from 1 to 3.*got 4"):
        term_mistakes(ranked, 4)
    with pytest.raises(ValueError, match="needs the 1/log₂"):
        term_mistakes(ranked.with_scoring(discount="jarvelin"), 2)


def test_diagnose_names_the_nearest_mistake_it_can_tell_apart():
    ranked = RankedList((1, 0, 1, 1, 0), scoring=Scoring(k=3))
    found = ndcg_mistakes(ranked)
    truth = totals(ranked).ndcg  # 0.7039
    assert diagnose(found, 0.92, truth, 0.025).key == "ideal_top_k"  # 0.9197
    assert diagnose(found, 0.62, truth, 0.025).key == "log_i"  # 0.6199
    assert diagnose(found, 0.905, truth, 0.025).key == "k_ideal_only"  # 0.9060
    # Slips that give the right number (k_list_only, gain here) are never named.
    assert diagnose(found, truth, truth, 0.025) is None
    assert diagnose(found, 0.40, truth, 0.025) is None  # far from every slip


def test_a_gain_map_has_no_gain_slips_and_the_other_mistakes_still_apply():
    # rel = 3, 2, 1, 0 at k = 2 with g: 0→0, 1→1, 2→3, 3→7 (2^rel − 1 as a map): the slips
    # between the grade and 2^rel − 1 are about the two named gains, so a map has none; this
    # once raised a bare KeyError.
    gain_map = "map:0=0,1=1,2=3,3=7"
    ranked = RankedList((1, 2, 3, 0), scoring=Scoring(gain=gain_map, k=2))
    found = _values(ranked)
    assert not {"gain_exponential", "gain_linear", "gain_no_minus_one"} & set(found)
    # The rest is as under 2^rel − 1, which gives the same gains: DCG 1 + 3/log2 3, IDCG 7 + 3/log2 3.
    same = _values(ranked.with_scoring(gain="exponential"))
    for key in found:
        assert found[key] == pytest.approx(same[key]), key
    assert found["log_i"] == pytest.approx((1 + 3) / (7 + 3))
    assert totals(ranked).ndcg == pytest.approx((1 + 3 / log2(3)) / (7 + 3 / log2(3)))
    term = {m.key for m in term_mistakes(ranked, 2)}
    assert term == {"log_i", "natural_log", "log10", "multiplied"}
