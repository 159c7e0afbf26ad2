"""The Many queries page in a real browser: the sample's table and mean, a changed control, a
selected query's playground link."""

import re

from playwright.sync_api import expect

from tests.browser.conftest import wait_for_app


def test_queries_page_shows_table_mean_and_playground_link(page, app_url, shot):
    page.goto(f"{app_url}/queries", timeout=30_000)
    wait_for_app(page)
    metric = page.get_by_test_id("stMetricValue")
    expect(metric.first).to_have_text("0.7795", timeout=30_000)  # movie sample, NDCG@10
    expect(page.get_by_text("Mean NDCG@10", exact=True)).to_be_visible()
    expect(page.get_by_test_id("stDataFrame").nth(1)).to_be_visible()
    expect(page.locator(".js-plotly-plot")).to_have_count(2, timeout=30_000)
    shot("queries")

    # The all-zero rule "skip" leaves Gus out: 9 of 10 queries in the mean.
    zero_rule = page.get_by_role("radiogroup", name="A query with no relevant")
    zero_rule.get_by_text("skip — leave it out of the mean").click()
    expect(page.get_by_test_id("stMetricValue").nth(2)).to_have_text("9 of 10", timeout=10_000)
    expect(metric.first).not_to_have_text("0.7795")
    wait_for_app(page)

    source = page.get_by_role("radiogroup", name="Where the run comes from")
    source.get_by_text("trec_eval's own test files", exact=False).click()
    expect(page.get_by_test_id("stMetricValue").nth(2)).to_have_text("3 of 3", timeout=20_000)
    expect(metric.first).to_have_text("0.3016", timeout=10_000)  # trec_eval ndcg_cut_10 mean
    wait_for_app(page)
    links = page.get_by_test_id("stDataFrame").nth(1)
    expect(links).to_be_visible()
    # Select the first query (the row marker at the left of the grid) to get its playground link.
    links.scroll_into_view_if_needed()
    box = links.bounding_box()
    page.mouse.click(box["x"] + 18, box["y"] + 35 + 17)
    button = page.get_by_test_id("stLinkButton")
    expect(button).to_contain_text("Open this query in the playground", timeout=10_000)
    href = button.locator("a").get_attribute("href")
    assert href.startswith("/playground?rels=0,0,0,0,0,1,1,") and "&k=10&pool=" in href
    download = page.get_by_test_id("stDownloadButton")
    expect(download).to_contain_text(re.compile("Download the per-query table"))
    shot("queries-trec")
    page.get_by_text("5 · Compare query by query").scroll_into_view_if_needed()
    shot("queries-compare")


def test_uploading_a_csv_with_bad_rows_lists_them_until_skipped(page, app_url, shot, tmp_path):
    bad = tmp_path / "ratings.csv"
    bad.write_text(
        "query_id,doc_id,relevance,score\nann,m1,2,0.9\nann,m2,lots,0.5\nbob,m1,1,0.3\nbob,m1,0,0.2\n"
    )
    page.goto(f"{app_url}/queries", timeout=30_000)
    wait_for_app(page)
    source = page.get_by_role("radiogroup", name="Where the run comes from")
    source.get_by_text("Upload a CSV").click()
    expect(page.get_by_text("up to 50 MB", exact=False)).to_be_visible(timeout=10_000)
    page.locator('input[type="file"]').first.set_input_files(str(bad))
    alert = page.get_by_test_id("stAlertContentError")
    expect(alert).to_contain_text("2 line(s) could not be used", timeout=20_000)
    expect(page.get_by_text("Mean NDCG@10", exact=True)).to_have_count(0)
    shot("queries-upload-problems")
    page.get_by_text("Skip these 2 line(s) and evaluate the rest").click()
    expect(page.get_by_test_id("stMetricValue").first).to_have_text("1.0000", timeout=20_000)
