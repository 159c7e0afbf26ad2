"""The Compare runs page in a real browser: the sample's table and Δ bars, a test chosen and kept
in the link, one query's two rankings side by side with a playground link that opens the run's
list, three uploaded runs compared against a baseline, and the page at 1280 and 390 wide."""

import re
from urllib.parse import unquote

import pytest
from playwright.sync_api import expect

from devtools.waits import settle, wait_for_app
from tests.browser.conftest import DESKTOP
from views.queries.data import DATA

pytestmark = pytest.mark.browser
TREC = DATA / "trec_eval_test"


def test_the_sample_table_a_test_in_the_link_and_a_query_side_by_side(page, app_url, shot):
    page.set_viewport_size({"width": 1280, "height": 2400})
    page.goto(f"{app_url}/compare")
    wait_for_app(page)
    table = page.get_by_test_id("stDataFrame").first
    expect(table).to_be_visible()
    family = page.get_by_test_id("stAlertContentInfo")
    expect(family).to_contain_text("1 comparison against results.test × 1 measure = 1 test, Holm")
    expect(page.locator(".js-plotly-plot")).to_have_count(1)  # the Δ bars
    wait_for_app(page)
    shot("compare-1280")
    page.get_by_role("radiogroup", name="Test").get_by_text("Wilcoxon signed-rank test").click()
    expect(page.get_by_text("two-sided Wilcoxon signed-rank test", exact=False)).to_have_count(1)
    wait_for_app(page)
    assert "test=wilcoxon" in page.url
    # Query 301: both runs answer it, so both rankings open in the playground.
    page.get_by_text("4 · Query by query").scroll_into_view_if_needed()
    page.locator(".st-key-compare_query").click()
    page.get_by_role("option", name=re.compile("^301")).click()
    links = page.get_by_role("link", name="in the playground")
    expect(links).to_have_count(2)
    page.get_by_text("Why did the correction remove this mark?").click()
    expect(page.get_by_text("1 − 0.95^1 = 5.0%", exact=False)).to_be_visible()
    wait_for_app(page)
    shot("compare-1280-queries")
    href = unquote(links.first.get_attribute("href"))
    assert href.lstrip("/").startswith("playground?rels=") and "&k=10" in href
    links.first.click()
    expect(page.locator("h1").first).to_contain_text("Playground")


def test_three_uploaded_runs_and_the_phone_layout(page, app_url, shot, tmp_path):
    base = (TREC / "results.test").read_text().splitlines()
    noisy = [
        " ".join([*f[:4], str(float(f[4]) * (1 + (i % 7) / 10)), f[5]])
        for i, f in enumerate(line.split() for line in base)
    ]
    (tmp_path / "bm25.run").write_text("\n".join(base) + "\n")
    (tmp_path / "noisy.run").write_text("\n".join(noisy) + "\n")
    (tmp_path / "trunc.run").write_bytes((TREC / "results.trunc").read_bytes())
    page.goto(f"{app_url}/compare?sample=upload")
    wait_for_app(page)
    qrels_box = page.get_by_role("region", name="Qrels", exact=True)
    qrels_box.locator('input[type="file"]').set_input_files(str(TREC / "qrels.test"))
    expect(qrels_box.get_by_text("qrels.test")).to_be_visible(timeout=30_000)
    wait_for_app(page)
    settle(page)
    runs_box = page.get_by_role("region", name="Runs (two or more)", exact=True)
    runs_box.locator('input[type="file"]').set_input_files(
        [str(tmp_path / name) for name in ("bm25.run", "noisy.run", "trunc.run")]
    )
    family = page.get_by_test_id("stAlertContentInfo")
    expect(family).to_contain_text(
        "2 comparisons against bm25 × 1 measure = 2 tests, Holm", timeout=60_000
    )
    wait_for_app(page)
    page.set_viewport_size({"width": 390, "height": 2400})
    wait_for_app(page)
    page.locator("h1").first.evaluate("e => e.scrollIntoView()")
    shot("compare-390", resized=True)
    page.get_by_text("3 · Each run against the baseline").scroll_into_view_if_needed()
    shot("compare-390-table", resized=True)
    page.set_viewport_size(DESKTOP)
