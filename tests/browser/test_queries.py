"""The Many queries page in a real browser: the sample's table and mean, a changed control, a
selected query's playground link that opens the same value, an upload with bad rows (on the
same page), uploaded TREC files, a typed gain map, and the page at phone width."""

import re
from urllib.parse import unquote

import pytest
from playwright.sync_api import expect

from devtools.waits import settle, wait_for_app
from tests.browser.checks import card

pytestmark = pytest.mark.browser


def test_queries_page_shows_table_mean_and_playground_link(page, app_url, shot, tmp_path):
    page.goto(f"{app_url}/queries")
    wait_for_app(page)
    expect(card(page, "Mean NDCG@10")).to_have_text("0.7795")  # movie sample
    table = page.locator(".st-key-queries_table")
    expect(table).to_be_visible()
    expect(page.locator(".js-plotly-plot")).to_have_count(2)
    wait_for_app(page)
    shot("queries")

    # The all-zero rule "skip" leaves Gus out: 9 of 10 queries in the mean.
    zero_rule = page.get_by_role("radiogroup", name="A query with no relevant")
    zero_rule.get_by_text("skip: leave it out of the mean").click()
    expect(card(page, "Queries in the mean")).to_have_text("9 of 10")
    expect(card(page, "Mean NDCG@10")).not_to_have_text("0.7795")
    wait_for_app(page)
    assert "zero=skip" in page.url

    source = page.get_by_role("radiogroup", name="Where the run comes from")
    source.get_by_text("trec_eval's own test files", exact=False).click()
    expect(card(page, "Queries in the mean")).to_have_text("3 of 3")
    # trec_eval's ndcg_cut_10 mean, with "skip" changing nothing (every topic has a relevant doc)
    expect(card(page, "Mean NDCG@10")).to_have_text("0.3016")
    expect(table).to_be_visible()
    # Select the first query (the row marker at the left of the grid) to get its playground link.
    table.scroll_into_view_if_needed()
    settle(page)  # the grid drawn with the new run's rows, where it will stay
    box = table.bounding_box()
    page.mouse.click(box["x"] + 18, box["y"] + 35 + 17)
    link = page.get_by_role("link", name="Open this query in the playground")
    expect(link).to_be_visible()
    href = "/" + unquote(link.get_attribute("href")).lstrip("/")
    assert href.startswith("/playground?rels=0,0,0,0,0,1,1,") and "&k=10&pool=" in href
    download = page.get_by_test_id("stDownloadButton").filter(has_text="per-query table")
    expect(download).to_contain_text(re.compile("Download the per-query table"))
    shot("queries-trec")
    page.get_by_text("5 · Compare query by query").scroll_into_view_if_needed()
    shot("queries-compare")

    # On the same page (a page's open is most of a browser test's time), an uploaded CSV.
    _uploading_a_csv_with_bad_rows_lists_them_until_skipped(page, tmp_path, shot)

    # The link opens the playground on the value the table shows for query 301.
    page.goto(f"{app_url}{href}")
    wait_for_app(page)
    expect(card(page, "NDCG@10")).to_have_text("0.1518")


def _uploading_a_csv_with_bad_rows_lists_them_until_skipped(page, tmp_path, shot) -> None:
    """On /queries, whatever its run and all-zero rule (the CSV's two queries each have a
    relevant item)."""
    bad = tmp_path / "ratings.csv"
    bad.write_text(
        "query_id,doc_id,relevance,score\nann,m1,2,0.9\nann,m2,lots,0.5\nbob,m1,1,0.3\nbob,m1,0,0.2\n"
    )
    source = page.get_by_role("radiogroup", name="Where the run comes from")
    source.get_by_text("Upload a CSV").click()
    expect(page.get_by_text("up to 50 MB", exact=False)).to_be_visible()
    page.locator('input[type="file"]').first.set_input_files(str(bad))
    alert = page.get_by_test_id("stAlertContentError")
    expect(alert).to_contain_text("2 line(s) could not be used")
    expect(page.get_by_text("Mean NDCG@10", exact=True)).to_have_count(0)
    shot("queries-upload-problems")
    page.get_by_text("Skip these 2 line(s) and evaluate the rest").click()
    expect(card(page, "Mean NDCG@10")).to_have_text("1.0000")


RUN_WITH_NOTES = (
    "# a run with notes after the run name, as trec_eval's own results.trunc has\n"
    "1 Q0 a 1 3.0 sys notes after the run name\n"
    "1 Q0 b 2 2.0 sys\n"
    "1 Q0 c 3 1.0 sys more text here\n"
)
QRELS_WITH_A_SKIPPED_QUERY = "1 0 a 0\n1 0 b 2\n1 0 c 1\n2 0 x 1\n2 0 y 2\n"


def _upload_trec(page, app_url, tmp_path, run_text, qrels_text, run_name="run.txt"):
    (tmp_path / "qrels.txt").write_text(qrels_text)
    page.goto(f"{app_url}/queries")
    wait_for_app(page)
    source = page.get_by_role("radiogroup", name="Where the run comes from")
    source.get_by_text("Upload TREC qrels + run").click()
    inputs = page.locator('input[type="file"]')
    expect(inputs).to_have_count(3)
    sent = page.evaluate("window.__ndcgWatch.sent")
    inputs.nth(0).set_input_files(str(tmp_path / "qrels.txt"))
    # One file after the other, as a person picks them: a run set while the qrels were still
    # uploading, or their rerun running, was once dropped by the uploader (CI, both cores
    # busy). The qrels are in once the page has told the server (a message sent) and the run
    # that message asked for is done.
    page.wait_for_function("(before) => window.__ndcgWatch.sent > before", arg=sent)
    wait_for_app(page)
    settle(page)  # the qrels' run may still draw elements that load late, moving the boxes
    _pick_run(page, tmp_path, run_text, run_name)


def _pick_run(page, tmp_path, run_text, run_name) -> None:
    """The Run box's file, the qrels in (a run it holds already is replaced)."""
    (tmp_path / run_name).write_bytes(
        run_text if isinstance(run_text, bytes) else run_text.encode()
    )
    run_box = page.get_by_role("region", name="Run", exact=True)
    # Once more if the file was not taken (it was dropped twice in full runs with both cores
    # busy, the qrels box already listing its file): a person would pick it again.
    for attempt in range(3):
        run_box.locator('input[type="file"]').set_input_files(str(tmp_path / run_name))
        try:
            expect(run_box.get_by_text(run_name)).to_be_visible(timeout=30_000)
            break
        except AssertionError:
            if attempt == 2:
                raise


def test_a_trec_eval_run_with_extra_fields_and_a_skipped_query(page, app_url, shot, tmp_path):
    _upload_trec(page, app_url, tmp_path, RUN_WITH_NOTES, QRELS_WITH_A_SKIPPED_QUERY)
    expect(card(page, "Mean NDCG@10")).to_be_visible()
    expect(page.get_by_text("2 lines have more than 6 fields", exact=False)).to_be_visible()
    answered = card(page, "Over the queries answered (1)").inner_text()
    expect(card(page, "Over every judged query, -c (2)")).to_be_visible()
    wait_for_app(page)
    page.get_by_text("Which queries the mean is taken over").scroll_into_view_if_needed()
    shot("queries-complete-gap")
    page.get_by_role("radiogroup", name="The mean is taken over").get_by_text(
        "Every judged query (trec_eval -c)"
    ).click()
    expect(card(page, "Queries in the mean")).to_have_text("2 of 2")
    expect(card(page, "Mean NDCG@10")).not_to_have_text(answered)
    wait_for_app(page)
    assert "complete=1" in page.url
    download = page.get_by_test_id("stDownloadButton").filter(has_text="trec_eval's output")
    with page.expect_download() as caught:
        download.click()
    text = caught.value.path().read_text()
    lines = text.splitlines()
    assert lines[0].startswith("ndcg_cut_10           \t1\t")
    assert lines[1] == "ndcg_cut_10           \t2\t0.0000"
    assert lines[2].startswith("ndcg_cut_10           \tall\t")

    # On the same page (a page's open is most of a browser test's time), another run picked.
    _the_reason_a_file_cannot_be_read_is_visible_at_once(page, tmp_path, shot)


def _the_reason_a_file_cannot_be_read_is_visible_at_once(page, tmp_path, shot) -> None:
    """On /queries with TREC qrels in."""
    _pick_run(page, tmp_path, b"\x1f\x8b\x08\x00gzip", "run.gz")
    alert = page.get_by_test_id("stAlertContentError").filter(has_text="run.gz")
    expect(alert).to_contain_text("run.gz is not UTF-8 text")
    # Not folded away in the collapsed status box, where a reader would miss it.
    expect(alert).to_be_visible()
    wait_for_app(page)
    alert.scroll_into_view_if_needed()
    shot("queries-unreadable")


def test_a_gain_per_grade_with_its_lesson_at_desktop_and_phone_width(page, app_url, shot):
    """Opened at 1280 pixels, then narrowed to a phone's 390 (the app lays pages out by width
    alone, so the narrowed page is a phone's layout, without a second load): the lesson of a
    typed gain map and the box holding it at both widths, and at 390 the page's cards and
    charts (with a cut-off of its own, k=5)."""
    page.set_viewport_size({"width": 1280, "height": 2400})
    page.goto(f"{app_url}/queries?k=5&gain=map:0=0,1=2,2=6,3=14")
    wait_for_app(page)
    for width in (1280, 390):
        page.set_viewport_size({"width": width, "height": 2400})
        if width == 390:
            expect(card(page, "Mean NDCG@5")).to_be_visible()
            expect(page.locator(".js-plotly-plot")).to_have_count(2)
            wait_for_app(page)
            # Back to the top, where a phone opens the page (the 1280 shot scrolled down).
            page.locator("h1").first.evaluate("e => e.scrollIntoView()")
            shot("queries-390", resized=True)
            page.get_by_text("5 · Compare query by query").scroll_into_view_if_needed()
            shot("queries-390-compare", resized=True)
        expect(page.get_by_text("2 × (2^rel − 1)", exact=False)).to_be_visible()
        box = page.locator(".st-key-queries_gain_map input")
        expect(box).to_have_value("0=0, 1=2, 2=6, 3=14")
        box.scroll_into_view_if_needed()
        wait_for_app(page)
        shot(f"queries-gain-map-{width}", resized=width == 390)
