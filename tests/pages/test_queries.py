"""The Many queries page in AppTest: samples, controls, bad uploads (bytes set in session
state, since AppTest cannot upload), comparison."""

import pytest

from ndcg_core import runs
from tests.pages.conftest import decode, open_page, plotly_figures
from ui import queries_data

PAGE = "views/queries.py"


def metrics(at) -> dict[str, str]:
    return {m.label: m.value for m in at.metric}


def movies(k=10, **kwargs):
    files = queries_data.sample_files("movies")
    data = queries_data.datasets(files, queries_data.read_tables(files, 50))["run"]
    return runs.evaluate(data, k, **kwargs)


@pytest.fixture(scope="module")
def at():
    return open_page(PAGE)


def test_movie_sample_shows_the_mean_table_and_charts(at):
    shown = metrics(at)
    assert shown["Mean NDCG@10"] == f"{movies().mean:.4f}"
    assert shown["Queries in the mean"] == "10 of 10"
    assert shown["Nothing relevant"] == "1"
    table = at.dataframe[-1].value
    assert list(table["query"])[:3] == ["ana", "ben", "chloe"]
    assert table["NDCG@10"].tolist() == pytest.approx(movies().per_query["ndcg"].tolist())
    assert all(link.startswith("/playground?rels=") for link in table["playground"])
    histogram, scatter = plotly_figures(at)
    assert sorted(decode(histogram["data"][0]["x"])) == pytest.approx(
        sorted(movies().per_query["ndcg"])
    )
    assert sum(len(decode(trace["x"])) for trace in scatter["data"][:3]) == 10
    assert [trace["name"] for trace in scatter["data"][:3]] == [
        "A better (5)",
        "B better (3)",
        "equal (2)",
    ]
    assert "Mean of A − B" in shown and "p-value (randomization)" in shown


def test_controls_change_the_numbers(at):
    at.number_input(key="queries_k").set_value(3).run()
    assert metrics(at)["Mean NDCG@3"] == f"{movies(3).mean:.4f}"
    at.radio(key="queries_zero").set_value("1").run()
    assert metrics(at)["Mean NDCG@3"] == f"{movies(3, on_zero=1.0).mean:.4f}"
    at.radio(key="queries_zero").set_value("skip").run()
    assert metrics(at)["Queries in the mean"] == "9 of 10"
    at.radio(key="queries_ideal").set_value("run").run()
    expected = movies(3, on_zero=float("nan"), ideal="run").mean
    assert metrics(at)["Mean NDCG@3"] == f"{expected:.4f}"
    at.radio(key="queries_ties").set_value("average").run()
    expected = movies(3, on_zero=float("nan"), ideal="run", ties="average").mean
    assert metrics(at)["Mean NDCG@3"] == f"{expected:.4f}"
    at.selectbox(key="queries_gain").set_value("exponential").run()
    expected = movies(3, on_zero=float("nan"), ideal="run", ties="average", gain="exponential")
    assert metrics(at)["Mean NDCG@3"] == f"{expected.mean:.4f}"
    assert not at.exception


def test_how_the_mean_moves_table_has_all_six_conventions():
    at = open_page(PAGE)
    moves = at.dataframe[0].value
    assert moves.shape == (3, 2)
    assert moves.iloc[0, 0] == pytest.approx(movies().mean)  # 0 rule, all judgments
    assert moves.iloc[1, 1] == pytest.approx(movies(on_zero=1.0, ideal="run").mean)


def test_trec_sample_equals_the_core_and_switches_qrels():
    at = open_page(PAGE)
    at.radio(key="queries_source").set_value("trec").run()
    at.checkbox(key="queries_whole").check().run()
    files = queries_data.sample_files("trec", "qrels.test")
    data = queries_data.datasets(files, queries_data.read_tables(files, 50))["run"]
    assert metrics(at)["Mean NDCG"] == f"{runs.evaluate(data, None).mean:.4f}"
    at.radio(key="queries_qrels").set_value("qrels.rel_level").run()
    assert metrics(at)["Mean NDCG"] == "0.3894"  # (0.1396 + 0.6617 + 0.3669) / 3, trec_eval
    assert any("304 judgments have relevance below 0" in m.value for m in at.markdown)
    at.radio(key="queries_against").set_value("qrels").run()
    scatter = plotly_figures(at)[1]
    other = queries_data.sample_files("trec", "qrels.test")
    data_b = queries_data.datasets(other, queries_data.read_tables(other, 50))["run"]
    expected = runs.evaluate(data_b, None).per_query["ndcg"]
    for trace in scatter["data"][:3]:
        for query, x in zip(decode(trace["customdata"]), decode(trace["x"])):
            assert x == pytest.approx(expected[query])
    assert metrics(at)["A better / B better / equal"] == "0 / 2 / 1"  # 302 equal up to 1e-16


def _upload(source: str, **files) -> object:
    at = open_page(PAGE)
    at.session_state["queries_files"] = files
    at.radio(key="queries_source").set_value(source).run()
    return at


def test_bad_csv_rows_are_listed_and_evaluated_only_after_skipping():
    bad = b"query_id,doc_id,relevance,score\na,x,1,0.5\na,y,high,0.2\na,x,2,0.1\nb,z,1,0.4\n"
    at = _upload("csv", run=("bad.csv", bad))
    assert not at.exception
    assert "2 line(s) could not be used" in at.error[0].value
    problems = at.dataframe[0].value
    assert problems["line"].tolist() == [3, 4]
    assert "Mean NDCG@10" not in metrics(at)  # nothing is evaluated until the user decides
    skip = [box for box in at.checkbox if box.label.startswith("Skip these 2 line(s)")]
    skip[0].check().run()
    assert metrics(at)["Mean NDCG@10"] == "1.0000"
    assert metrics(at)["Queries in the mean"] == "2 of 2"
    # A different file asks again: the choice to skip belonged to the first file's lines.
    at.session_state["queries_files"] = {"run": ("bad.csv", bad + b"c,q,oops,1\n")}
    at.run()
    assert "3 line(s) could not be used" in at.error[0].value
    assert "Mean NDCG@10" not in metrics(at)


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (b"query,doc,rel\nq,a,1\n", r"lacks query\_id, doc\_id, relevance"),
        (b"", "is empty"),
    ],
)
def test_unusable_csv_shows_a_message(data, message):
    at = _upload("csv", run=("mine.csv", data))
    assert not at.exception
    assert message in at.error[0].value and "mine.csv" in at.error[0].value


def test_trec_upload_pair_with_missing_queries_states_what_was_left_out():
    run = b"1 Q0 a 1 3 r\n1 Q0 b 2 2 r\n2 Q0 a 1 1 r\n"
    qrels = b"1 0 a 1\n1 0 c 2\n3 0 a 1\n"
    at = _upload("trec_upload", run=("run.txt", run), qrels=("qrels.txt", qrels))
    assert not at.exception
    notes = " ".join(m.value for m in at.markdown)
    assert "the qrels lack (2)" in notes and "never answers (3)" in notes
    assert metrics(at)["Queries in the mean"] == "1 of 1"


def test_upload_waits_for_both_trec_files():
    at = _upload("trec_upload", run=("run.txt", b"1 Q0 a 1 3 r\n"))
    assert "Upload the files above" in at.info[0].value
    assert "Mean NDCG@10" not in metrics(at)


def test_user_text_in_notes_and_errors_is_not_markdown():
    data = b"query_id,doc_id,relevance,score\n$x$_*,a,0,1\nq,b,1,1\n"
    at = _upload("csv", run=("my_file*.csv", data))
    notes = [m.value for m in at.markdown if "no relevant judgment" in m.value]
    assert notes and r"(\$x\$\_\*)" in notes[0]
    at = _upload("csv", run=("my_[file].csv", b"query,doc,rel\nq,a,1\n"))
    assert r"my\_\[file\].csv" in at.error[0].value


def test_the_playground_reads_our_links_without_complaint():
    from urllib.parse import parse_qsl, urlsplit

    files = queries_data.sample_files("trec", "qrels.rel_level")
    data = queries_data.datasets(files, queries_data.read_tables(files, 50))["run"]
    settings = dict(k=10, gain="linear", discount="log2", base=2.0, ideal="judgments", ties="docid")
    link = queries_data.playground_link(data, "301", **settings)
    params = dict(parse_qsl(urlsplit(link).query))
    assert len(params["rels"].split(",")) == 500 and params["k"] == "10" and params["pool"]
    at = open_page("views/playground.py", **params)
    assert not at.warning, [w.value for w in at.warning]
    expected = runs.evaluate(data, 10).per_query.at["301", "ndcg"]
    assert f"{expected:.4f}" in [m.value for m in at.metric]


def test_the_conventions_live_in_the_url():
    at = open_page(PAGE, sample="trec", k="5", gain="exponential", zero="skip")
    assert at.radio(key="queries_source").value == "trec"
    assert at.number_input(key="queries_k").value == 5
    assert at.selectbox(key="queries_gain").value == "exponential"
    assert at.radio(key="queries_zero").value == "skip"


def test_a_tampered_convention_in_the_link_is_named_and_ignored():
    at = open_page(PAGE, k="-3", ties="random")
    warnings = " ".join(w.value for w in at.warning)
    assert "`k` was ignored: -3 is outside" in warnings
    assert "`ties` was ignored: 'random' is not one of" in warnings
    assert at.number_input(key="queries_k").value == 10
