"""The Compare runs page (/compare) in AppTest: the sample's table, every option of every
control (measures, baseline, test, correction, sign patterns, comparison, query), uploads (put
in the session as `data.TEST_UPLOADS`, since AppTest cannot upload), the exports' columns and
marks, the folded explanation, and the playground links of a compared query."""

import io

import pandas as pd
import pytest

from ndcg_core import compare, stats
from tests.pages.conftest import assert_message, open_page, page_links
from views.queries import data as queries_data

PAGE = "views/queries/compare.py"
TREC = queries_data.DATA / "trec_eval_test"


def _table(at) -> pd.DataFrame:
    (frame,) = [df.value for df in at.dataframe if "p corrected" in df.value.columns]
    return frame


def test_the_sample_compares_results_trunc_with_results_test():
    at = open_page(PAGE)
    table = _table(at)
    assert list(table["Run"]) == ["results.test", "results.trunc"]
    assert list(table.columns) == [
        "Measure", "Run", "Baseline", "Mean", "Δ", "95% CI of Δ", "d_z", "p", "p corrected",
        "W/T/L",
    ]  # fmt: skip
    assert table["Mean"].tolist() == ["0.3016", "0.1717"]  # trec_eval's ndcg_cut_10 of each
    assert_message(at.info, "1 comparison against results.test × 1 measure = 1 test, Holm")
    assert [b.label for b in at.get("download_button")] == [
        "Download the table (CSV)", "Download the table (Markdown)", "Download the table (LaTeX)"
    ]  # fmt: skip


# One page per correction, every test tried on it in turn (the correction first: under Tukey's
# HSD its control is disabled): the page opened once per correction, where a page per pair
# opened it five times as often for the same checks.
@pytest.mark.parametrize("correction", stats.CORRECTIONS)
def test_every_test_and_correction(correction):
    at = open_page(PAGE)
    at.radio(key="compare_correction").set_value(correction).run()
    for test in stats.TESTS:
        at.radio(key="compare_test").set_value(test).run()
        assert not at.exception and not at.error, test
        frame = _table(at)
        assert frame["p"].iloc[1] != "", test
        family = next(i.value for i in at.info if "family" in i.value)
        assert ("Tukey" in family) == (test == "tukey"), test
        if test == "randomization":  # all 2^3 sign patterns: the slider's number plays no part
            for n in (1_000, 100_000):
                at.select_slider(key="compare_permutations").set_value(n).run()
                assert _table(at)["p"].tolist() == frame["p"].tolist(), n


def test_every_measure_every_baseline_and_every_comparison_and_query():
    at = open_page(PAGE)
    measures = list(at.multiselect(key="compare_measures").options)
    at.multiselect(key="compare_measures").set_value(measures).run()
    assert set(_table(at)["Measure"]) == {m.replace(".", "_", 1) for m in measures}
    for baseline in at.selectbox(key="compare_baseline").options:
        at.selectbox(key="compare_baseline").set_value(baseline).run()
        assert not at.exception and not at.error
        pairs = at.selectbox(key="compare_pair").options
        assert len(pairs) == len(measures)
        for pair in pairs[:3]:
            at.selectbox(key="compare_pair").set_value(pair).run()
            for query in at.selectbox(key="compare_query").options:
                at.selectbox(key="compare_query").set_value(query).run()
                assert not at.exception
    at.multiselect(key="compare_measures").set_value([]).run()
    assert_message(at.info, "Choose a measure above")


def test_a_compared_query_opens_each_ranking_in_the_playground():
    at = open_page(PAGE)
    at.selectbox(key="compare_query").set_value("302").run()
    links = [link for link in page_links(at) if "playground" in link[1]]
    assert len(links) == 1  # results.trunc does not answer 302
    assert_message(at.caption, "This run does not answer this query")
    at.selectbox(key="compare_query").set_value("301").run()
    assert len([link for link in page_links(at) if "playground" in link[1]]) == 2


def test_the_folded_explanation_gives_the_family_and_the_numbers():
    at = open_page(PAGE)
    said = " ".join(m.value for m in at.markdown)
    assert "1 test at α = 0.05 each" in said and "1 − 0.95^1 = 5.0%" in said


def _upload(at, runs: dict[str, bytes], qrels: bytes = b""):
    at.session_state[queries_data.TEST_UPLOADS] = {
        "qrels": ("qrels.test", qrels or (TREC / "qrels.test").read_bytes()),
        "runs": list(runs.items()),
    }
    at.radio(key="compare_source").set_value("upload").run()


def test_uploaded_runs_are_compared_and_exported(tmp_path):
    at = open_page(PAGE)
    base = (TREC / "results.test").read_text().splitlines()
    noisy = "\n".join(
        " ".join([*f[:4], str(float(f[4]) * (1 + (i % 7) / 10)), f[5]])
        for i, f in enumerate(line.split() for line in base)
    )
    _upload(at, {"bm25.run": "\n".join(base).encode(), "noisy.run": noisy.encode(),
                 "trunc.txt": (TREC / "results.trunc").read_bytes()})  # fmt: skip
    assert list(_table(at)["Run"]) == ["bm25", "noisy", "trunc"]
    assert_message(at.info, "2 comparisons against bm25 × 1 measure = 2 tests, Holm")
    frame = pd.read_csv(io.StringIO(queries_data.comparison(
        queries_data.run_sets(("qrels.test", (TREC / "qrels.test").read_bytes()),
                              [("bm25.run", "\n".join(base).encode()), ("noisy.run", noisy.encode())], 50),
        ("ndcg_cut.10",), ("bm25",), "paired-t", "holm", 10_000,
    ).rows.to_csv(index=False)))  # fmt: skip
    assert list(frame.columns) == list(compare.COLUMNS)


def test_too_few_runs_a_bad_run_and_two_runs_of_one_name_are_said():
    at = open_page(PAGE)
    _upload(at, {"one.run": (TREC / "results.test").read_bytes()})
    assert_message(at.info, "two runs or more")
    _upload(at, {"a.run": (TREC / "results.test").read_bytes(), "b.run": b"x\ny\n"})
    assert_message(at.error, "b.run has 2 line(s) trec\\_eval would not read")
    _upload(at, {"a.run": b"1 Q0 d 1 1 r\n", "dir/a.run": b"1 Q0 d 1 1 r\n"})
    assert_message(at.error, "Two runs have the same file name")


def test_the_table_writes_numbers_the_pages_way_and_the_downloads_keep_the_point():
    # In Russian the table's numbers have a decimal comma and an interval a ';' between its
    # ends (the command line's table, `commands.compare.shown` by default, keeps the point).
    at = open_page(PAGE, lang="ru")
    (frame,) = [df.value for df in at.dataframe if len(df.value.columns) == 10]
    assert frame.iloc[:, 3].tolist() == ["0,3016", "0,1717"]
    interval = frame.iloc[1, 5]
    assert interval.startswith("[") and "; " in interval and "." not in interval, interval
    assert "." not in frame.iloc[1, 7] + frame.iloc[1, 8]  # p-values
