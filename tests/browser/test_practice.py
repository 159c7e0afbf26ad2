"""Practice in a real browser: four exercises of a set answered by clicking and typing in one
session (right, wrong, right, unreadable then right), then the presenter view."""

from playwright.sync_api import expect

from ndcg_core import practice
from tests.browser.conftest import wait_for_app

SEED = 4711  # compare, costliest_swap, open_ideal, missing_term, …


def _settled(page):
    """The run has finished and the last element of the page is drawn: safe to screenshot."""
    wait_for_app(page)
    expect(page.get_by_text("Share this set or project it")).to_be_visible(timeout=10_000)


def _check(page):
    page.get_by_role("button", name="Check").click()


def test_answer_four_exercises_then_present(page, app_url, shot):
    # A fresh server's very first session can miss the page list: start from home, once.
    page.goto(app_url, timeout=30_000)
    wait_for_app(page)
    page.goto(f"{app_url}/practice?seed={SEED}&ex=1", timeout=30_000)
    wait_for_app(page)
    score = page.get_by_test_id("stMetricValue")
    expect(score).to_have_text(["0 / 0"], timeout=30_000)
    expect(page.locator(".js-plotly-plot").first).to_be_visible(timeout=30_000)

    # 1: which order scores higher — pick the right option.
    first = practice.exercise(SEED, 0)
    page.get_by_text(first.choices[practice.correct_choice(first)].text, exact=True).click()
    _check(page)
    expect(page.get_by_text("Right!", exact=False).first).to_be_visible(timeout=10_000)
    expect(score).to_have_text(["1 / 1"])
    _settled(page)
    shot("practice-1-right")

    # 2: the costliest swap — pick a wrong option.
    page.get_by_role("button", name="Next →").click()
    expect(page.get_by_text("2. Which swap costs the most?")).to_be_visible(timeout=10_000)
    second = practice.exercise(SEED, 1)
    wrong = (practice.correct_choice(second) + 1) % len(second.choices)
    page.get_by_text(second.choices[wrong].text, exact=True).click()
    _check(page)
    expect(page.get_by_text("Not quite.", exact=False).first).to_be_visible(timeout=10_000)
    expect(score).to_have_text(["1 / 2"])
    _settled(page)
    shot("practice-2-wrong")

    # 3: a convention puzzle (two libraries, two numbers) — pick the right explanation.
    page.get_by_role("button", name="Next →").click()
    expect(page.get_by_text("3. Two libraries, two answers")).to_be_visible(timeout=10_000)
    expect(page.get_by_text("Library X reports NDCG@6 = 0.785", exact=False)).to_be_visible()
    third = practice.exercise(SEED, 2)
    page.get_by_text(third.choices[practice.correct_choice(third)].text, exact=True).click()
    _check(page)
    expect(score).to_have_text(["2 / 3"], timeout=10_000)
    _settled(page)
    shot("practice-puzzle")

    # 4: the missing term — first an unreadable answer, then a right one with a decimal comma.
    page.get_by_role("button", name="Next →").click()
    expect(page.get_by_text("4. Fill in the missing term")).to_be_visible(timeout=10_000)
    expect(page.locator(".katex").first).to_be_visible()
    term = practice.exercise(SEED, 3)
    box = page.get_by_role("textbox", name="Your answer")
    box.fill("roughly 0.6")
    box.press("Enter")
    expect(page.get_by_text("That answer could not be read", exact=False)).to_be_visible(
        timeout=10_000
    )
    expect(score).to_have_text(["2 / 3"])
    box.fill(f"{term.target:.3f}".replace(".", ","))
    box.press("Enter")
    expect(page.get_by_text("Right!", exact=False).first).to_be_visible(timeout=10_000)
    expect(score).to_have_text(["3 / 4"])
    expect(page.get_by_text("The worked solution")).to_be_visible()
    _settled(page)
    shot("practice-3-missing-term")

    # The share box holds the full address of the set, host included (from st.context.url).
    page.get_by_text("Share this set or project it").click()
    codes = page.get_by_test_id("stCode")
    expect(codes.first).to_contain_text(f"{app_url}/practice?seed={SEED}", timeout=10_000)

    # The presenter view: the URL flag, no sidebar, big type.
    page.get_by_role("button", name="📽️ Presenter view").click()
    expect(page.get_by_role("button", name="Normal view")).to_be_visible(timeout=10_000)
    assert "present=1" in page.url
    expect(page.get_by_test_id("stSidebar")).to_be_hidden()
    size = page.get_by_test_id("stMetricValue").first.evaluate(
        "e => parseFloat(getComputedStyle(e).fontSize)"
    )
    assert size >= 60
    wait_for_app(page)
    shot("practice-presenter")
