"""The practice page in AppTest: answer right, answer wrong, an unreadable answer, the seed in the
URL, the presenter flag."""

from ndcg_core import practice
from tests.pages.conftest import open_page

PAGE = "views/practice.py"
SEED = (
    4711  # its set: compare, costliest_swap, open_ideal, missing_term, rank_two, estimate, all_zero
)


def _number(kind: str) -> int:
    return practice.kinds_for(SEED).index(kind) + 1


def _check(at):
    return at.button(key="practice_check").click().run()


def test_the_seed_in_the_url_reproduces_the_set():
    first = open_page(PAGE, seed=str(SEED), ex="1")
    again = open_page(PAGE, seed=str(SEED), ex="1")
    want = practice.exercise(SEED, 0)
    for at in (first, again):
        assert at.subheader[0].value == f"1. {want.title}"
        assert at.radio[0].options == [c.text for c in want.choices]
        assert at.query_params["seed"] == str(SEED)
    other = open_page(PAGE, seed=str(SEED + 1), ex="1")
    assert other.subheader[0].value != first.subheader[0].value or (
        other.radio and other.radio[0].options != first.radio[0].options
    )


def test_a_right_choice_is_confirmed_and_solved_with_numbers():
    number = _number("open_ideal")
    at = open_page(PAGE, seed=str(SEED), ex=str(number))
    ex = practice.exercise(SEED, number - 1)
    assert not any("never retrieved" in m.value for m in at.markdown)  # no give-away
    at.radio[0].set_value(practice.correct_choice(ex))
    _check(at)
    assert not at.exception
    assert at.success[0].value.startswith("**Right!**")
    formulas = [element.value for element in at.latex]
    assert any(r"\frac{6.8611}{8.7403} = 0.785" in f for f in formulas)
    assert any(r"\frac{6.8611}{7.141} = 0.9608" in f for f in formulas)
    links = [button.proto.url for button in at.get("link_button")]
    assert "/playground?rels=3,2,3,0,1,2&k=6&pool=3,2" in links
    assert at.metric[0].value == "1 / 1"
    assert not at.radio  # a checked answer is final: the options come back marked
    marked = next(m.value for m in at.markdown if "the answer, your pick" in m.value)
    assert f"✅ {ex.choices[practice.correct_choice(ex)].text} — *the answer, your pick*" in marked


def test_a_wrong_choice_names_the_right_one():
    number = _number("all_zero")
    at = open_page(PAGE, seed=str(SEED), ex=str(number))
    ex = practice.exercise(SEED, number - 1)
    right = practice.correct_choice(ex)
    at.radio[0].set_value((right + 1) % len(ex.choices))
    _check(at)
    assert at.error[0].value.startswith("**Not quite.**")
    assert ex.choices[right].text in at.error[0].value
    marked = next(m.value for m in at.markdown if "your pick" in m.value)
    assert "— *your pick*" in marked and "— *the answer*" in marked
    assert any(r"\frac{0}{0}" in element.value for element in at.latex)
    assert at.metric[0].value == "0 / 1"


def test_a_wrong_number_says_how_far_off_and_a_right_one_counts():
    number = _number("estimate")
    at = open_page(PAGE, seed=str(SEED), ex=str(number))
    ex = practice.exercise(SEED, number - 1)
    at.text_input(key=f"practice_{SEED}_{number - 1}_number").set_value(f"{ex.target - 0.3:.3f}")
    _check(at)
    assert "too low" in at.error[0].value
    number = _number("missing_term")
    at.button(key="practice_next").click().run()  # estimate → all_zero, so jump by URL instead
    at.query_params["ex"] = str(number)
    at.run()
    term = practice.exercise(SEED, number - 1)
    at.text_input(key=f"practice_{SEED}_{number - 1}_number").set_value(
        f"{term.target:.3f}".replace(".", ",")
    )
    _check(at)
    assert at.success[0].value.startswith("**Right!**")
    assert at.metric[0].value == "1 / 2"
    assert "2 answered" in at.get("progress")[0].proto.text


def test_an_unreadable_answer_is_explained_and_not_counted():
    number = _number("estimate")
    at = open_page(PAGE, seed=str(SEED), ex=str(number))
    box = at.text_input(key=f"practice_{SEED}_{number - 1}_number")
    box.set_value("about a half")
    _check(at)
    assert at.error[0].value.startswith("That answer could not be read:")
    assert "'about a half' is not a number" in at.error[0].value
    assert at.text_input(key=f"practice_{SEED}_{number - 1}_number").value == "about a half"
    assert at.metric[0].value == "0 / 0"
    at.text_input(key=f"practice_{SEED}_{number - 1}_number").set_value("75")
    _check(at)
    assert "If you meant 75%, type 75% or 0.75" in at.error[0].value
    assert at.metric[0].value == "0 / 0"


def test_checking_without_an_answer_asks_for_one():
    at = open_page(PAGE, seed=str(SEED), ex="1")
    _check(at)
    assert at.warning[0].value == "Pick one of the options first."


def test_bad_url_values_are_explained():
    at = open_page(PAGE, seed="banana", ex="99")
    warnings = " ".join(w.value for w in at.warning)
    assert "seed must be a whole number from 0 to 999999; got 'banana'" in warnings
    assert "must be from 1 to 7; the link has '99'" in warnings
    assert at.query_params["seed"].isdigit()
    assert at.subheader[0].value.startswith("1. ")


def test_without_a_seed_a_new_set_is_started_and_put_in_the_url():
    at = open_page(PAGE)
    seed = int(at.query_params["seed"])
    assert at.subheader[0].value == f"1. {practice.exercise(seed, 0).title}"


def test_presenter_flag_enlarges_and_hides_extras():
    at = open_page(PAGE, seed=str(SEED), ex="1", present="1")
    styles = [m.value for m in at.markdown if m.value.lstrip().startswith("<style>")]
    assert styles and "font-size" in styles[0] and "stSidebar" in styles[0]
    assert not at.expander  # no sharing box on the projector
    assert at.button(key="app_presenter_toggle").label == "Normal view"
    at.button(key="app_presenter_toggle").click().run()
    assert "present" not in at.query_params
    assert not [m for m in at.markdown if m.value.lstrip().startswith("<style>")]


def test_share_box_holds_links_to_the_set():
    at = open_page(PAGE, seed=str(SEED), ex="3")
    codes = [element.value for element in at.code]
    assert f"/practice?seed={SEED}" in codes
    assert f"/practice?seed={SEED}&ex=3&present=1" in codes


def test_finishing_the_set_shows_the_score():
    at = open_page(PAGE, seed=str(SEED), ex="1")
    for number in range(1, practice.SET_SIZE + 1):
        at.query_params["ex"] = str(number)
        at.run()
        ex = practice.exercise(SEED, number - 1)
        if ex.is_numeric:
            at.text_input(key=f"practice_{SEED}_{number - 1}_number").set_value(f"{ex.target:.4f}")
        else:
            at.radio[0].set_value(practice.correct_choice(ex))
        _check(at)
        assert not at.exception
    assert at.metric[0].value == "7 / 7"
    assert any(f"Set {SEED} done: 7 of 7 right" in s.value for s in at.success)


def test_new_set_changes_the_seed_and_starts_at_one():
    at = open_page(PAGE, seed=str(SEED), ex="3")
    at.button(key="practice_new").click().run()
    assert at.query_params["ex"] == "1"
    seed = int(at.query_params["seed"])
    assert at.subheader[0].value == f"1. {practice.exercise(seed, 0).title}"


def test_previous_returns_to_an_answered_exercise_with_its_solution():
    at = open_page(PAGE, seed=str(SEED), ex="1")
    ex = practice.exercise(SEED, 0)
    at.radio[0].set_value(practice.correct_choice(ex))
    _check(at)
    at.button(key="practice_next").click().run()
    assert at.subheader[0].value.startswith("2. ")
    at.button(key="practice_previous").click().run()
    assert at.subheader[0].value.startswith("1. ")
    assert at.success[0].value.startswith("**Right!**") and at.latex
