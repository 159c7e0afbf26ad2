"""Practice in a real browser: four exercises of a set answered by clicking and typing in one
session (right; wrong, a hint, the solution on request; right; unreadable then right), then the
presenter view; a phone-width view of a version-2 pitfall with its hint; a link with a 5000-digit
exercise number."""

import re

import pytest
from playwright.sync_api import expect

from devtools.waits import settle, wait_for_app
from lessons import practice

pytestmark = pytest.mark.browser

SEED = 4711  # compare, costliest_swap, open_ideal, missing_term, …
PHONE = {"width": 390, "height": 2200}


def _settled(page):
    """The run has finished and the last element of the page is drawn: safe to screenshot."""
    wait_for_app(page)
    expect(page.get_by_text("Share this set or project it")).to_be_visible()


def _check(page):
    page.get_by_role("button", name="Check").click()


def test_answer_four_exercises_then_present(page, app_url, shot):
    # (A fresh server's very first session can miss the page list: the app_url fixture opens
    # home once before any test does.)
    page.goto(f"{app_url}/practice?seed={SEED}&ex=1")
    wait_for_app(page)
    score = page.get_by_test_id("stMetricValue")
    expect(score).to_have_text(["0 / 0"])
    # Its bars are the page's own chart (ui/charts/lines): /practice loads no plotly.
    expect(page.locator(".lines .plot svg rect").first).to_be_visible()
    expect(page.locator(".js-plotly-plot")).to_have_count(0)

    # 1: which order scores higher — pick the right option.
    first = practice.exercise(SEED, 0)
    page.get_by_text(first.choices[practice.correct_choice(first)].text, exact=True).click()
    _check(page)
    expect(page.get_by_text("Right!", exact=False).first).to_be_visible()
    expect(score).to_have_text(["1 / 1"])
    _settled(page)
    shot("practice-1-right")

    # 2: the costliest swap — pick a wrong option: feedback and a second try, then the
    # solution on request.
    page.get_by_role("button", name="Next →").click()
    expect(page.get_by_text("2. Which swap costs the most?")).to_be_visible()
    second = practice.exercise(SEED, 1)
    wrong = (practice.correct_choice(second) + 1) % len(second.choices)
    page.get_by_text(second.choices[wrong].text, exact=True).click()
    _check(page)
    expect(page.get_by_text("Not quite: one more try.", exact=False)).to_be_visible()
    expect(page.get_by_text("(gain gap) × (discount gap)", exact=False)).to_be_visible()
    expect(score).to_have_text(["1 / 1"])
    page.get_by_text("💡 A hint").click()
    expect(page.get_by_text("The discount falls fastest near the top", exact=False)).to_be_visible()
    _settled(page)
    shot("practice-2-second-try")
    page.get_by_role("button", name="Show the solution").click()
    expect(page.get_by_text("The worked solution")).to_be_visible()
    expect(score).to_have_text(["1 / 2"])
    _settled(page)
    shot("practice-2-wrong")

    # 3: a convention puzzle (two libraries, two numbers) — pick the right explanation.
    page.get_by_role("button", name="Next →").click()
    expect(page.get_by_text("3. Two libraries, two answers")).to_be_visible()
    expect(page.get_by_text("Library X reports NDCG@6 = 0.785", exact=False)).to_be_visible()
    third = practice.exercise(SEED, 2)
    page.get_by_text(third.choices[practice.correct_choice(third)].text, exact=True).click()
    _check(page)
    expect(score).to_have_text(["2 / 3"])
    _settled(page)
    shot("practice-puzzle")

    # 4: the missing term — first an unreadable answer, then a right one with a decimal comma.
    page.get_by_role("button", name="Next →").click()
    expect(page.get_by_text("4. Fill in the missing term")).to_be_visible()
    expect(page.locator(".katex").first).to_be_visible()
    term = practice.exercise(SEED, 3)
    box = page.get_by_role("textbox", name="Your answer")
    box.fill("roughly 0.6")
    box.press("Enter")
    expect(page.get_by_text("That answer could not be read", exact=False)).to_be_visible()
    expect(score).to_have_text(["2 / 3"])
    box.fill(f"{term.target:.3f}".replace(".", ","))
    box.press("Enter")
    expect(page.get_by_text("Right!", exact=False).first).to_be_visible()
    expect(score).to_have_text(["3 / 4"])
    expect(page.get_by_text("The worked solution")).to_be_visible()
    # The solution opens in the playground with its exponential gain, in the same tab.
    opener = page.get_by_role("link", name="Open List in the playground")
    expect(opener).to_have_attribute(
        "href", re.compile(r"playground\?rels=3(,|%2C)1(,|%2C)1(,|%2C)1&gain=exponential$")
    )
    _settled(page)
    shot("practice-3-missing-term")

    # The share box holds the full address of the set, host included (from st.context.url).
    page.get_by_text("Share this set or project it").click()
    shared = page.get_by_role("group", name="This set, from exercise 1").locator("code")
    expect(shared).to_contain_text(f"{app_url}/practice?seed={SEED}")

    # The presenter view: the URL flag, no sidebar, big type.
    page.get_by_role("button", name="📽️ Presenter view").click()
    expect(page.get_by_role("button", name="Normal view")).to_be_visible()
    settle(page)  # the run has ended: the address bar and the presenter style are in place
    assert "present=1" in page.url
    expect(page.get_by_test_id("stSidebar")).to_be_hidden()
    size = page.get_by_test_id("stMetricValue").first.evaluate(
        "e => parseFloat(getComputedStyle(e).fontSize)"
    )
    assert size >= 60
    wait_for_app(page)
    shot("practice-presenter")


def test_on_a_phone_a_huge_exercise_number_is_named_and_a_solution_fits(page, app_url, shot):
    page.set_viewport_size(PHONE)
    page.goto(f"{app_url}/practice?seed={SEED}&ex={'9' * 5000}")
    wait_for_app(page)
    expect(page.get_by_text("got a number with 5,000 digits", exact=False)).to_be_visible()
    expect(page.get_by_text(f"7. {practice.exercise(SEED, 6).title}")).to_be_visible()
    expect(page.get_by_test_id("stException")).to_have_count(0)
    expect(page.get_by_text("set_int_max_str_digits", exact=False)).to_have_count(0)
    _settled(page)
    shot("practice-huge-ex-390")

    # On a phone the missing term's sum and its solution still fit (or scroll inside their box).
    page.goto(f"{app_url}/practice?seed={SEED}&ex=4")
    wait_for_app(page)
    term = practice.exercise(SEED, 3)
    box = page.get_by_role("textbox", name="Your answer")
    box.fill(f"{term.target:.4f}")
    box.press("Enter")
    expect(page.get_by_text("The worked solution")).to_be_visible()
    _settled(page)
    shot("practice-missing-term-390")


def test_on_a_phone_a_pitfall_gets_a_second_try_and_a_hint(page, app_url, shot):
    page.set_viewport_size(PHONE)
    kinds = practice.kinds_for(SEED, 2)
    number = kinds.index("ideal_below_k") + 1
    ex = practice.exercise(SEED, number - 1, 2)
    page.goto(f"{app_url}/practice?seed={SEED}&v=2&ex={number}")
    wait_for_app(page)
    expect(page.get_by_text(f"{number}. The ideal top k")).to_be_visible()
    slip = next(c for c in ex.choices if "re-sorted" in c.text)
    page.get_by_text(slip.text, exact=True).click()
    _check(page)
    expect(page.get_by_text("Not quite: one more try.", exact=False)).to_be_visible()
    page.get_by_text("💡 A hint").click()
    expect(page.get_by_text("then keep the top", exact=False)).to_be_visible()
    _settled(page)
    shot("practice-pitfall-second-try-390")


# --- Version 5, what new links get ---------------------------------------------------------------

V5_SEED = 4  # version 5: exercise 3 estimates NDCG with the gain 2^rel − 1; 10 is "which measures"


def _v5(number: int) -> practice.Exercise:
    return practice.exercise(V5_SEED, number - 1, 5)


def _slip(ex: practice.Exercise, key: str) -> float:
    return next(m.value for m in practice.mistakes_for(ex) if m.key == key)


def test_a_version_5_set_with_every_control(page, app_url, shot):
    number = practice.kinds_for(V5_SEED, 5).index("estimate") + 1
    ex = _v5(number)
    page.goto(f"{app_url}/practice?seed={V5_SEED}&v=5&ex={number}")
    wait_for_app(page)
    expect(page.get_by_text(f"{number}. Estimate the score")).to_be_visible()
    expect(page.get_by_text("gain 2^rel − 1", exact=False).first).to_be_visible()
    expect(page.get_by_text("±0.03", exact=False)).to_be_visible()
    page.get_by_text("💡 A hint").click()
    expect(page.get_by_text("2 → 3, 3 → 7", exact=False)).to_be_visible()

    # The plain grade instead of 2^rel − 1, typed to two decimals and sent with Enter: named,
    # with a second try.
    box = page.get_by_role("textbox", name="Your answer")
    box.fill(f"{_slip(ex, 'gain_linear'):.2f}")
    box.press("Enter")
    expect(page.get_by_text("Not quite: one more try.", exact=False)).to_be_visible()
    expect(
        page.get_by_text("using the plain grade instead of the gain 2^rel − 1", exact=False)
    ).to_be_visible()
    _settled(page)
    shot("practice-v5-estimate-retry")

    # The edge of the stated window, sent with the Check button: right.
    box.fill(f"{ex.target - 0.03:.6f}")
    _check(page)
    expect(page.get_by_text("Right! (on the second try)", exact=False)).to_be_visible()
    expect(page.get_by_text("The worked solution")).to_be_visible()
    expect(page.get_by_test_id("stMetricValue")).to_have_text(["1 / 1"])
    _settled(page)
    shot("practice-v5-estimate-solved")

    # Next: a choice, picked wrong by a click, then the solution asked for.
    page.get_by_role("button", name="Next →").click()
    after = _v5(number + 1)
    expect(page.get_by_text(f"{number + 1}. {after.title}")).to_be_visible()
    wrong = (practice.correct_choice(after) + 1) % len(after.choices)
    page.get_by_text(after.choices[wrong].text, exact=True).click()
    _check(page)
    expect(page.get_by_text("Not quite: one more try.", exact=False)).to_be_visible()
    page.get_by_role("button", name="Show the solution").click()
    expect(page.get_by_text("The worked solution")).to_be_visible()
    expect(page.get_by_test_id("stMetricValue")).to_have_text(["1 / 2"])

    # Previous: the estimate again, solved.
    page.get_by_role("button", name="← Previous").click()
    expect(page.get_by_text(f"{number}. Estimate the score")).to_be_visible()
    expect(page.get_by_text("Right! (on the second try)", exact=False)).to_be_visible()

    # The share box names this version-5 set.
    page.get_by_text("Share this set or project it").click()
    shared = page.get_by_role("group", name="This set, from exercise 1").locator("code")
    expect(shared).to_contain_text(f"{app_url}/practice?seed={V5_SEED}&v=5")

    # A new set is a version-5 set, from its first exercise.
    page.get_by_role("button", name="New set").click()
    expect(page.get_by_text("Exercise 1 of 11 · 0 answered", exact=False)).to_be_visible()
    settle(page)
    assert "v=5" in page.url and "ex=1" in page.url and f"seed={V5_SEED}&" not in page.url


def test_on_a_phone_version_5_says_a_misconception_and_a_checkpoint(phone, app_url, shot):
    kinds = practice.kinds_for(V5_SEED, 5)
    number = kinds.index("metric_changes") + 1
    ex = _v5(number)
    phone.goto(f"{app_url}/practice?seed={V5_SEED}&v=5&ex={number}")
    wait_for_app(phone)
    expect(phone.get_by_text(f"{number}. Which measures does one swap move?")).to_be_visible()
    wrong = (practice.correct_choice(ex) + 1) % len(ex.choices)
    phone.get_by_text(ex.choices[wrong].text, exact=True).click()
    _check(phone)
    expect(phone.get_by_text(ex.choices[wrong].why[:60], exact=False)).to_be_visible()
    phone.get_by_text("💡 A hint").click()
    expect(phone.get_by_text("For each measure ask what it reads", exact=False)).to_be_visible()
    _settled(phone)
    shot("practice-v5-measures-retry-390", of=phone)

    # The estimate: an answer no slip explains is told a half of the sum to check.
    number = kinds.index("estimate") + 1
    ex = _v5(number)
    phone.goto(f"{app_url}/practice?seed={V5_SEED}&v=5&ex={number}")
    wait_for_app(phone)
    assert practice.judge(ex, "0.05").mistake == ""
    box = phone.get_by_role("textbox", name="Your answer")
    box.fill("0.05")
    box.press("Enter")
    expect(phone.get_by_text("Check one half of the ratio at a time", exact=False)).to_be_visible()
    phone.get_by_text("💡 A hint").click()
    expect(phone.get_by_text("2 → 3, 3 → 7", exact=False)).to_be_visible()
    _settled(phone)
    shot("practice-v5-estimate-retry-390", of=phone)
