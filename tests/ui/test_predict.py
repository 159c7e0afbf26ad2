"""The predict-then-reveal box (ui/predict.py), run in a page of its own as a lesson would use it:
nothing is revealed before a guess, a guess is judged by the practice checker, an unreadable
guess is explained and not recorded, "Just show me" reveals without a guess, "Ask me again"
asks again."""

from streamlit.testing.v1 import AppTest

from tests.pages.conftest import FORGED_CHOICES, forge
from ui import inputs


def _lesson():
    """A lesson with two questions: an estimate (a number) and a comparison (a choice)."""
    import streamlit as st

    from lessons.practice.calculations import build_compare, build_estimate
    from lessons.practice.records import new_case
    from ui import predict

    estimate = build_estimate(new_case("Your list", (3, 2, 3, 0, 1, 2)))
    if predict.revealed(predict.ask(estimate, key="estimate")):
        st.markdown(f"REVEAL estimate {estimate.target:.4f}")
    compare = build_compare(new_case("A", (3, 0, 2)), new_case("B", (0, 3, 2)))
    if predict.revealed(predict.ask(compare, key="compare")):
        st.markdown("REVEAL compare")


def _texts(at) -> list[str]:
    return [m.value for m in at.markdown]


def _reveals(at) -> list[str]:
    return [text for text in _texts(at) if text.startswith("REVEAL")]


def _open() -> AppTest:
    at = AppTest.from_function(_lesson, default_timeout=30)
    at.run()
    assert not at.exception
    return at


def test_nothing_is_revealed_before_a_guess_and_a_right_estimate_is_said_right():
    at = _open()
    assert _reveals(at) == []
    at.text_input(key="predict_estimate_number").input("0.96")
    at.button(key="FormSubmitter:predict_estimate_form-Check my guess").click().run()
    assert not at.exception
    assert _reveals(at) == ["REVEAL estimate 0.9608"]
    success = [s.value for s in at.success]
    assert len(success) == 1 and "Your guess: 0.96." in success[0] and "Right!" in success[0]
    assert "predict_estimate_number" not in [t.key for t in at.text_input]  # the form is gone


def test_a_wrong_guess_is_revealed_with_the_checker_s_verdict_and_nothing_given_away_before():
    at = _open()
    radio = at.radio(key="predict_compare_choice")
    radio.set_value(radio.options[1])
    at.button(key="FormSubmitter:predict_compare_form-Check my guess").click().run()
    assert not at.exception
    assert _reveals(at) == ["REVEAL compare"]
    info = [i.value for i in at.info]
    assert len(info) == 1 and "Not quite." in info[0]


def test_an_unreadable_or_empty_guess_is_explained_and_nothing_is_revealed_or_lost():
    at = _open()
    at.button(key="FormSubmitter:predict_estimate_form-Check my guess").click().run()
    assert [w.value for w in at.warning] == ["Type a number first."]
    at.text_input(key="predict_estimate_number").input("about a half")
    at.button(key="FormSubmitter:predict_estimate_form-Check my guess").click().run()
    assert not at.exception
    assert len(at.error) == 1 and "about a half" in at.error[0].value
    assert _reveals(at) == []
    assert at.text_input(key="predict_estimate_number").value == "about a half"  # kept
    at.text_input(key="predict_estimate_number").input("1.7")
    at.button(key="FormSubmitter:predict_estimate_form-Check my guess").click().run()
    assert len(at.error) == 1 and "between 0 and 1" in at.error[0].value
    assert _reveals(at) == []


def test_just_show_me_reveals_without_a_guess_and_ask_me_again_asks_again():
    at = _open()
    at.button(key="predict_compare_skip").click().run()
    assert _reveals(at) == ["REVEAL compare"]
    assert "You went straight to the answer." in [c.value for c in at.caption]
    at.button(key="predict_compare_again").click().run()
    assert _reveals(at) == []
    assert at.radio(key="predict_compare_choice").value is None


def test_a_forged_choice_is_said_to_be_unreadable_and_nothing_is_revealed():
    at = _open()
    for value in FORGED_CHOICES:
        forge(at.radio(key="predict_compare_choice"), **value)
        at.button(key="FormSubmitter:predict_compare_form-Check my guess").click().run()
        assert not at.exception, value
        assert [e.value for e in at.error] == [inputs.UNREADABLE_CHOICE], value
        assert _reveals(at) == [] and at.radio(key="predict_compare_choice").value is None
    radio = at.radio(key="predict_compare_choice")
    radio.set_value(radio.options[1])
    at.button(key="FormSubmitter:predict_compare_form-Check my guess").click().run()
    assert _reveals(at) == ["REVEAL compare"]
