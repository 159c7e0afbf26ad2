"""What the class learned: Hake's ⟨g⟩ and the weighted learning gain, on values worked by hand."""

from __future__ import annotations

import math

import pytest

from classroom import gains


def test_the_class_gain_is_the_gain_of_the_matched_averages():
    # Four students took both checks (8 concepts each), one took only the first.
    pre = {"a": 2 / 8, "b": 4 / 8, "c": 4 / 8, "d": 6 / 8, "late": 0.0}
    post = {"a": 6 / 8, "b": 6 / 8, "c": 8 / 8, "d": 8 / 8}
    found = gains.class_gain(pre, post)
    # ⟨pre⟩ = (0.25 + 0.5 + 0.5 + 0.75) / 4 = 0.5; ⟨post⟩ = (0.75 + 0.75 + 1 + 1) / 4 = 0.875;
    # ⟨g⟩ = (0.875 − 0.5) / (1 − 0.5) = 0.75.
    assert (found.matched, found.pre_only, found.post_only) == (4, 1, 0)
    assert found.pre == pytest.approx(0.5) and found.post == pytest.approx(0.875)
    assert found.g == pytest.approx(0.75)
    # Not the mean of each student's own gain: (0.667 + 0.5 + 1 + 1) / 4 = 0.792.
    own = [gains.normalised(pre[s], post[s]) for s in post]
    assert sum(own) / 4 == pytest.approx(0.7917, abs=1e-4) != found.g


def test_hakes_published_class_averages_give_his_gains():
    # Hake (1998) reads his figure this way: a class from 40 % to 54 % is g = 0.23, and one from
    # 40 % to 69 % is g = 0.48 (shares here).
    assert gains.normalised(0.40, 0.538) == pytest.approx(0.23)
    assert gains.normalised(0.40, 0.688) == pytest.approx(0.48)


def test_a_gain_cannot_be_said_without_room_to_learn_or_anyone_matched():
    assert gains.normalised(1.0, 1.0) is None
    assert gains.class_gain({"a": 1.0}, {"a": 1.0}).g is None
    nobody = gains.class_gain({"a": 0.5}, {"b": 0.5})
    assert (nobody.matched, nobody.pre, nobody.g, nobody.pre_only, nobody.post_only) == (
        0,
        None,
        None,
        1,
        1,
    )
    assert gains.normalised(0.5, 0.25) == pytest.approx(-0.5)  # a class can go backwards
    with pytest.raises(ValueError, match="`pre` must be a share from 0 to 1"):
        gains.normalised(1.5, 1.0)


def test_the_gain_per_concept_over_the_matched_students():
    pre = {"a": {"cut": False, "tail": True}, "b": {"cut": False}, "c": {"cut": True}}
    post = {"a": {"cut": True, "tail": True}, "b": {"cut": True, "tail": True}}
    cut, tail = gains.concept_gains(["cut", "tail"], pre, post)
    # cut: 0 of 2 right before, 2 of 2 after → g = 1; tail: 1 of 2, then 2 of 2 → g = 1.
    assert (cut.matched, cut.pre, cut.post, cut.g) == (2, 0.0, 1.0, 1.0)
    assert (tail.pre, tail.post, tail.g) == (0.5, 1.0, 1.0)
    (none,) = gains.concept_gains(["cut"], pre, {})
    assert (none.matched, none.g) == (0, None)


def test_the_weighted_learning_gain_worked_by_hand():
    # Ten students answer round 1 alone, then the twin alone.
    # Wrong in round 1 (potential learners): s0–s5; four of them right on the twin (s0–s3).
    # Right in round 1: s6–s9; three of them right on the twin again (s6–s8).
    round1 = {f"s{i}": i >= 6 for i in range(10)}
    twin = {f"s{i}": i in (0, 1, 2, 3, 6, 7, 8) for i in range(10)}
    round1["absent"] = False  # answered round 1 but not the twin: left out
    found = gains.learning_gain(round1, twin)
    assert (found.learners, found.learned, found.knew, found.knew_right) == (6, 4, 4, 3)
    # gain = 4 / 6 = 0.667; weight = 3 / 4 = 0.75; WLG = 0.667 / 0.75 = 0.889.
    assert found.gain == pytest.approx(2 / 3)
    assert found.weight == pytest.approx(0.75)
    assert found.wlg == pytest.approx(8 / 9)


def test_the_weighted_learning_gain_cannot_always_be_said():
    everyone_knew = gains.learning_gain({"a": True, "b": True}, {"a": True, "b": False})
    assert everyone_knew.learners == 0 and everyone_knew.wlg is None
    no_knower = gains.learning_gain({"a": False}, {"a": True})
    assert no_knower.gain == 1.0 and no_knower.wlg is None
    knowers_all_wrong = gains.learning_gain({"a": False, "b": True}, {"a": True, "b": False})
    assert knowers_all_wrong.weight == 0 and knowers_all_wrong.wlg is None


def test_gains_in_words():
    assert gains.share_words(0.4567) == "46 %" and gains.share_words(None) == "—"
    assert gains.gain_words(0.4917) == "0.49" and gains.gain_words(-0.1) == "−0.10"
    assert gains.gain_words(None) == "—"
    assert "Hake" in gains.MEANING and not math.isnan(gains.HAKE_INTERACTIVE)
