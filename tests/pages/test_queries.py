"""The Many queries page in AppTest: samples, controls, bad uploads (bytes handed over through
`queries_data.TEST_UPLOADS`, since AppTest cannot upload), links, comparison."""

import json
from urllib.parse import parse_qsl, urlsplit

import pytest

from ndcg_core import runs
from ndcg_core.libraries import PRESETS_BY_KEY
from ndcg_core.model import NO_CUTOFF, Scoring
from ndcg_core.options import ON_ZERO
from tests.pages.conftest import assert_message, decode, forge, open_page, page_links
from ui import urlparams
from ui.text import plain
from views.queries import data as queries_data
from views.queries import files as set_files

PAGE = "views/queries/page.py"


def metrics(at) -> dict[str, str]:
    return {m.label: m.value for m in at.metric}


def figure(at, key: str) -> dict:
    """The plotly figure drawn with `key`."""
    charts = [e for e in at.get("plotly_chart") if e.proto.id.endswith(f"-{key}")]
    assert len(charts) == 1, [e.proto.id for e in at.get("plotly_chart")]
    return json.loads(charts[0].proto.spec)


def frame_with(at, column: str):
    """The table that has `column` (display tables carry no key AppTest can read)."""
    found = [df.value for df in at.dataframe if column in df.value.columns]
    assert len(found) == 1, [list(df.value.columns) for df in at.dataframe]
    return found[0]


def movie_data(role: str = "run") -> runs.Dataset:
    files = queries_data.sample_files("movies")
    return set_files.load_files(files.kind, files.given, 50)[1][role]


def trec_data(qrels: str = "qrels.test") -> runs.Dataset:
    files = queries_data.sample_files("trec", qrels)
    return set_files.load_files(files.kind, files.given, 50)[1]["run"]


def playground_link(data: runs.Dataset, query: str, scoring: Scoring) -> str:
    """The link of one query's row: `/playground?rels=…&labels=…&k=…&pool=…`."""
    return urlparams.link("playground", queries_data.playground_list(data, query, scoring).ranked)


def movies(k=10, **kwargs):
    return runs.evaluate(movie_data(), k, **kwargs)


@pytest.fixture(scope="module")
def at():
    return open_page(PAGE)


def test_movie_sample_shows_the_mean_table_and_charts(at):
    shown = metrics(at)
    assert shown["Mean NDCG@10"] == f"{movies().mean:.4f}"
    assert shown["Queries in the mean"] == "10 of 10"
    assert shown["Nothing relevant"] == "1"
    table = at.dataframe(key="queries_table").value
    assert list(table["query"])[:3] == ["ana", "ben", "chloe"]
    assert table["NDCG@10"].tolist() == pytest.approx(movies().per_query["ndcg"].tolist())
    assert all(link.startswith("/playground?rels=") for link in table["playground"])
    histogram = figure(at, "queries_hist")
    assert sorted(decode(histogram["data"][0]["x"])) == pytest.approx(
        sorted(movies().per_query["ndcg"])
    )
    scatter = figure(at, "queries_scatter")
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
    at.selectbox(key="queries_discount").set_value("jarvelin").run()
    at.number_input(key="queries_base").set_value(3.0).run()
    expected = movies(
        3,
        on_zero=float("nan"),
        ideal="run",
        ties="average",
        gain="exponential",
        discount="jarvelin",
        log_base=3.0,
    )
    assert metrics(at)["Mean NDCG@3"] == f"{expected.mean:.4f}"
    assert not at.exception


def test_the_option_labels_come_from_the_options():
    at = open_page(PAGE)
    assert at.radio(key="queries_zero").options == [rule.label for rule in ON_ZERO.values()]
    assert at.number_input(key="queries_base").min == 1.01
    assert at.number_input(key="queries_base").max == 1000.0


def test_how_the_mean_moves_table_has_all_six_conventions():
    at = open_page(PAGE)
    moves = frame_with(at, "ideal: all judged documents")
    assert moves.shape == (3, 2)
    assert moves.iloc[0, 0] == pytest.approx(movies().mean)  # 0 rule, all judgments
    assert moves.iloc[1, 1] == pytest.approx(movies(on_zero=1.0, ideal="run").mean)


def test_trec_sample_equals_the_core_and_switches_qrels():
    at = open_page(PAGE)
    at.radio(key="queries_source").set_value("trec").run()
    at.checkbox(key="queries_whole").check().run()
    assert metrics(at)["Mean NDCG"] == f"{runs.evaluate(trec_data(), None).mean:.4f}"
    at.radio(key="queries_qrels").set_value("qrels.rel_level").run()
    assert metrics(at)["Mean NDCG"] == "0.3894"  # (0.1396 + 0.6617 + 0.3669) / 3, trec_eval
    assert any("304 judgments have relevance below 0" in m.value for m in at.markdown)
    at.radio(key="queries_against").set_value("qrels").run()
    scatter = figure(at, "queries_scatter")
    expected = runs.evaluate(trec_data(), None).per_query["ndcg"]
    for trace in scatter["data"][:3]:
        for query, x in zip(decode(trace["customdata"]), decode(trace["x"])):
            assert x == pytest.approx(expected[query])
    assert metrics(at)["A better / B better / equal"] == "0 / 2 / 1"  # 302 equal up to 1e-16


def test_comparing_with_a_library_uses_its_preset():
    at = open_page(PAGE)
    for library in ("sklearn", "lightgbm"):
        at.radio(key="queries_against").set_value(library).run()
        assert not at.exception
        b = runs.evaluate(movie_data(), PRESETS_BY_KEY[library].scoring(10))
        a = movies()
        pairing = runs.pair_queries(a, b)
        expected = (pairing.a - pairing.b).mean()
        assert metrics(at)["Mean of A − B"].replace("−", "-") == f"{expected:+.4f}"


# ---------------------------------------------------------------------------------------------
# Uploads
# ---------------------------------------------------------------------------------------------


def _upload(source: str, **files) -> object:
    at = open_page(PAGE)
    at.session_state[queries_data.TEST_UPLOADS] = files
    at.radio(key="queries_source").set_value(source).run()
    return at


def test_bad_csv_rows_are_listed_and_evaluated_only_after_skipping():
    bad = b"query_id,doc_id,relevance,score\na,x,1,0.5\na,y,high,0.2\na,x,2,0.1\nb,z,1,0.4\n"
    at = _upload("csv", run=("bad.csv", bad))
    assert not at.exception
    assert_message(at.error, "2 line(s) could not be used")
    problems = frame_with(at, "problem")
    assert problems["line"].tolist() == [3, 4]
    assert "Mean NDCG@10" not in metrics(at)  # nothing is evaluated until the user decides
    skip = [box for box in at.checkbox if box.label.startswith("Skip these 2 line(s)")]
    skip[0].check().run()
    assert metrics(at)["Mean NDCG@10"] == "1.0000"
    assert metrics(at)["Queries in the mean"] == "2 of 2"
    # A different file asks again: the choice to skip belonged to the first file's lines.
    at.session_state[queries_data.TEST_UPLOADS] = {"run": ("bad.csv", bad + b"c,q,oops,1\n")}
    at.run()
    assert_message(at.error, "3 line(s) could not be used")
    assert "Mean NDCG@10" not in metrics(at)


def test_a_file_that_is_not_a_run_is_described_its_problems_built_once(monkeypatch):
    # 30,000 lines of "x" as the TREC run: not a run at all. The page says what the file looks
    # like, offers no "skip" (nothing would be left), shows the first problems and counts the
    # rest; the problem table is built once, not again on every rerun, and the CSV only when
    # downloaded.
    built = []
    frame = queries_data.problem_frame
    monkeypatch.setattr(queries_data, "problem_frame", lambda t: built.append(t.name) or frame(t))
    at = _upload("trec_upload", run=("x.txt", b"x\n" * 30_000), qrels=("q.txt", b"301 0 A 1\n"))
    assert not at.exception
    assert_message(
        at.error,
        "None of the 30,000 lines of x.txt could be used: every one has fewer than 6 fields "
        "(query Q0 doc rank score run). Line 1 reads 'x'.",
    )
    assert not [box for box in at.checkbox if box.label.startswith("Skip these")]
    assert len(frame_with(at, "problem")) == 1000
    assert_message(at.caption, "the download holds the first 10,000 and counts the other 20,000")
    (download,) = at.get("download_button")
    assert download.label == "Download the first 10,000 problem line(s) of x.txt (CSV)"
    at.run()
    at.run()
    assert not at.exception and built == ["x.txt"]


def test_two_uploads_with_the_same_name_do_not_crash():
    first = b"query_id,doc_id,relevance,score\na,x,1,0.5\na,y,high,0.2\n"
    second = b"query_id,doc_id,relevance,score\na,x,0,0.5\na,z,oops,0.2\nb,x,1,1\n"
    at = _upload("csv", run=("same.csv", first), second_run=("same.csv", second))
    assert not at.exception
    assert_message(at.error, "2 line(s) could not be used")
    downloads = [b.label for b in at.get("download_button")]
    assert len(downloads) == 2 and all("same.csv" in label for label in downloads)
    next(box for box in at.checkbox if box.label.startswith("Skip these")).check().run()
    assert not at.exception
    assert metrics(at)["Queries compared"] == "1"
    assert "1 query(ies) are in only one of A and B" in " ".join(c.value for c in at.caption)


def test_a_k_beyond_the_next_runs_reach_is_named_not_a_traceback():
    rows = "".join(f"q,d{i},{i % 2},{-i}\n" for i in range(1200))
    at = _upload("csv", run=("long.csv", ("query_id,doc_id,relevance,score\n" + rows).encode()))
    at.number_input(key="queries_k").set_value(1100).run()
    assert "Mean NDCG@1100" in metrics(at)
    at.radio(key="queries_source").set_value("movies").run()
    assert not at.exception
    assert any("k = 1,100 is deeper" in w.value for w in at.warning)
    assert "Mean NDCG@1000" in metrics(at)


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
    assert_message(at.error, message, "mine.csv")


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
    assert_message(at.info, "Upload the files above")
    assert "Mean NDCG@10" not in metrics(at)


def test_user_text_in_notes_errors_and_charts_is_not_markup():
    data = b"query_id,doc_id,relevance,score\n$x$_*,a,0,1\nq,b,1,1\n<b>r</b>,c,1,1\n"
    at = _upload("csv", run=("my_<i>file</i>*.csv", data))
    notes = [m.value for m in at.markdown if "no relevant judgment" in m.value]
    assert notes and r"(\$x\$\_\*)" in notes[0]
    scatter = figure(at, "queries_scatter")
    assert scatter["layout"]["yaxis"]["title"]["text"] == "A: my_&lt;i&gt;file&lt;/i&gt;*.csv"
    hovers = [text for trace in scatter["data"][:3] for text in trace.get("hovertext", [])]
    assert any(text.startswith("query &lt;b&gt;r&lt;/b&gt;<br>") for text in hovers)
    at = _upload("csv", run=("my_[file].csv", b"query,doc,rel\nq,a,1\n"))
    assert_message(at.error, r"my\_\[file\].csv")


# ---------------------------------------------------------------------------------------------
# The playground links
# ---------------------------------------------------------------------------------------------


def _rows_and_links(sample: str, **params):
    at = open_page(PAGE, sample=sample, **params)
    table = at.dataframe(key="queries_table").value
    measure = next(column for column in table.columns if column.startswith("NDCG"))
    return table, measure


@pytest.mark.parametrize("sample", ["movies", "trec"])
@pytest.mark.parametrize("setting", [{"k": "10"}, {"whole": "1"}])
def test_every_playground_link_opens_the_tables_value(sample, setting):
    table, measure = _rows_and_links(sample, **setting)
    assert measure == ("NDCG@10" if "k" in setting else "NDCG")
    for query, value, link in zip(table["query"], table[measure], table["playground"]):
        params = dict(parse_qsl(urlsplit(link).query))
        playground = open_page("views/playground.py", **params)
        assert not playground.warning, (query, [w.value for w in playground.warning])
        cards = metrics(playground)
        assert cards[measure] == f"{value:.4f}", (sample, setting, query)


def test_the_link_carries_k_even_beyond_the_ranked_list():
    # Eli's list has 7 movies and 3 more judged ones (Whiplash 1, Heat 2, Gattaca 0): k = 10
    # stays 10, the unretrieved judgments join the ideal, and the playground shows 0.8100.
    link = playground_link(movie_data(), "eli", Scoring(k=10, ties="docid"))
    params = dict(parse_qsl(urlsplit(link).query))
    assert params["k"] == "10" and params["pool"] == "2,1"
    assert params["labels"].startswith("Jaws,Moana,Paddington")
    whole = playground_link(movie_data(), "eli", Scoring(k=NO_CUTOFF, ties="docid"))
    assert dict(parse_qsl(urlsplit(whole).query))["k"] == "none"


def test_a_selected_row_offers_its_link_and_it_opens_the_same_value():
    at = open_page(PAGE, ideal="run")
    at.session_state["queries_table"] = {"selection": {"rows": [4], "columns": [], "cells": []}}
    at.run()
    link = dict(page_links(at))["🎛️ Open this query in the playground"]
    assert "k=10" in link and "pool" not in link
    params = dict(parse_qsl(urlsplit(link).query))
    shown = open_page("views/playground.py", **params)
    assert not shown.warning
    ndcg_card = next(m.value for m in shown.metric if m.label == "NDCG@10")
    table = at.dataframe(key="queries_table").value
    assert ndcg_card == f"{table.loc[4, 'NDCG@10']:.4f}"


def test_a_long_ranking_is_cut_in_its_link_and_the_page_says_so():
    rows = "".join(f"q,d{i},{i % 2},{-i}\n" for i in range(1200))
    data = runs.from_csv(runs.read_csv_run(("query_id,doc_id,relevance,score\n" + rows).encode()))
    found = queries_data.playground_list(data, "q", Scoring(k=10))
    assert found.ranked.n == 1000
    assert "holds only the first 1,000 of its 1,200 ranked documents" in found.notes[0]
    at = _upload("csv", run=("long.csv", ("query_id,doc_id,relevance,score\n" + rows).encode()))
    at.session_state["queries_table"] = {"selection": {"rows": [0], "columns": [], "cells": []}}
    at.run()
    assert any(plain("first 1,000 of its 1,200") in c.value for c in at.caption)


def test_the_playground_reads_our_links_without_complaint():
    data = trec_data("qrels.rel_level")
    link = playground_link(data, "301", Scoring(k=10, ties="docid"))
    params = dict(parse_qsl(urlsplit(link).query))
    assert len(params["rels"].split(",")) == 500 and params["k"] == "10" and params["pool"]
    at = open_page("views/playground.py", **params)
    assert not at.warning, [w.value for w in at.warning]
    expected = runs.evaluate(data, 10).per_query.at["301", "ndcg"]
    assert metrics(at)["NDCG@10"] == f"{expected:.4f}"


def test_a_forged_k_is_named_and_the_last_k_and_every_other_choice_kept():
    at = open_page(PAGE)
    at.number_input(key="queries_k").set_value(3).run()
    at.radio(key="queries_zero").set_value("1").run()
    cases = {
        float("nan"): "is empty or could not be read",  # the browser's box cannot send these
        float("inf"): "is empty or could not be read",
        float("-inf"): "is empty or could not be read",
        1e300: "got 1e+300",
        2.5: "got 2.5",
        0: "got 0",
    }
    for value, said in cases.items():
        forge(at.number_input(key="queries_k"), double_value=value)
        at.run()
        assert not at.exception, value
        assert_message(at.error, "The cut-off k", "a whole number from 1 to", said)
        assert_message(at.error, "The cut-off k = 3 is used until then.")
        assert metrics(at)["Mean NDCG@3"] == f"{movies(3, on_zero=1.0).mean:.4f}", value
        assert at.radio(key="queries_zero").value == "1" and at.query_params["k"] == "3"
    at.number_input(key="queries_k").set_value(4).run()
    assert not at.error and metrics(at)["Mean NDCG@4"] == f"{movies(4, on_zero=1.0).mean:.4f}"


# ---------------------------------------------------------------------------------------------
# The URL
# ---------------------------------------------------------------------------------------------


def test_the_conventions_live_in_the_url():
    at = open_page(
        PAGE, sample="trec", qrels="qrels.rel_level", k="5", gain="exponential", zero="skip"
    )
    assert at.radio(key="queries_source").value == "trec"
    assert at.radio(key="queries_qrels").value == "qrels.rel_level"
    assert at.number_input(key="queries_k").value == 5
    assert at.selectbox(key="queries_gain").value == "exponential"
    assert at.radio(key="queries_zero").value == "skip"
    assert not at.warning
    assert at.query_params["k"] == "5" and at.query_params["qrels"] == "qrels.rel_level"


def test_a_tampered_convention_in_the_link_is_named_and_what_is_used_said():
    at = open_page(PAGE, k="-3", ties="random", base="5000", discount="jarvelin", whole="yes")
    warnings = " ".join(w.value for w in at.warning)
    assert plain("The link's `k`: k must be a whole number from 1 to") in warnings
    assert plain("k = 10 is used instead.") in warnings
    assert plain("The link's `ties`: 'random' is not a tie rule") in warnings
    assert plain("ties = docid is used instead.") in warnings
    assert plain("log base 5000 is outside 1.01–1000") in warnings
    assert plain("The link's `whole`") in warnings
    assert at.number_input(key="queries_k").value == 10
    assert at.number_input(key="queries_base").value == 1000.0
    assert at.radio(key="queries_ties").value == "docid"


# ---------------------------------------------------------------------------------------------
# trec_eval's files, its -c mean, gains per grade; what the page says about a file
# ---------------------------------------------------------------------------------------------

RUN_WITH_EXTRA_FIELDS = (
    b"# a run with notes\n"
    b"1 Q0 a 1 3 sys notes after the run name\n"
    b"1 Q0 b 2 2 sys\n"
    b"1 Q0 c 3 1 sys more text\n"
)
QRELS_WITH_A_SKIPPED_QUERY = b"1 0 a 0\n1 0 b 2\n1 0 c 1\n2 0 x 1\n2 0 y 2\n"


def _skipping_upload(**params):
    at = _upload(
        "trec_upload",
        run=("run.txt", RUN_WITH_EXTRA_FIELDS),
        qrels=("qrels.txt", QRELS_WITH_A_SKIPPED_QUERY),
    )
    for key, value in params.items():
        at.radio(key=f"queries_{key}").set_value(value).run()
    return at


def _skipping_data() -> runs.Dataset:
    return runs.join_trec(
        runs.read_trec_run(RUN_WITH_EXTRA_FIELDS), runs.read_trec_qrels(QRELS_WITH_A_SKIPPED_QUERY)
    )


def test_run_lines_with_extra_fields_are_read_and_the_count_is_said():
    at = _skipping_upload()
    assert not at.exception and not at.error
    notes = " ".join(m.value for m in at.markdown)
    assert "2 lines have more than 6 fields" in notes and "1 comment line" in notes
    assert metrics(at)["Mean NDCG@10"] == f"{runs.evaluate(_skipping_data(), 10).mean:.4f}"


def test_the_two_means_and_the_queries_between_them_are_shown_and_the_choice_kept():
    at = _skipping_upload()
    data = _skipping_data()
    answered = runs.evaluate(data, 10).mean
    shown = metrics(at)
    assert shown["Over the queries answered (1)"] == f"{answered:.4f}"
    assert shown["Over every judged query, -c (2)"] == f"{answered / 2:.4f}"
    assert shown["Difference"] == f"+{answered / 2:.4f}"
    skipped = frame_with(at, "relevant documents")
    assert skipped["query"].tolist() == ["2"] and skipped["relevant documents"].tolist() == [2]
    assert at.query_params["complete"] == "0"
    at.radio(key="queries_complete").set_value(True).run()
    assert metrics(at)["Mean NDCG@10"] == f"{answered / 2:.4f}"
    assert metrics(at)["Queries in the mean"] == "2 of 2"
    assert at.query_params["complete"] == "1"
    table = at.dataframe(key="queries_table").value
    assert table["query"].tolist() == ["1", "2"]
    assert table["playground"].isna().tolist() == [False, True]  # nothing ranked to open
    assert not at.exception


def test_complete_from_the_link():
    at = open_page(PAGE, sample="trec", complete="1", whole="1")
    assert at.radio(key="queries_complete").value is True
    assert metrics(at)["Mean NDCG"] == f"{runs.evaluate(trec_data(), None).mean:.4f}"
    at = open_page(PAGE, complete="maybe")
    assert any(plain("The link's `complete`") in w.value for w in at.warning)
    assert at.radio(key="queries_complete").value is False


def test_a_gain_map_from_the_link_is_shown_in_its_box_with_the_lesson():
    at = open_page(PAGE, gain="map:0=0,1=1,2=3,3=7")
    assert at.selectbox(key="queries_gain").value == "map"
    assert at.text_input(key="queries_gain_map").value == "0=0, 1=1, 2=3, 3=7"
    assert metrics(at)["Mean NDCG@10"] == f"{movies(gain='exponential').mean:.4f}"
    lesson = " ".join(c.value for c in at.caption)
    assert "your map is 2^rel − 1 itself: the exponential gain" in lesson
    assert "Multiplying every gain by the same number changes nothing" in lesson
    assert at.query_params["gain"] == "map:0=0,1=1,2=3,3=7"


def test_a_typed_map_that_rescales_changes_nothing_and_a_bad_one_is_named():
    at = open_page(PAGE)
    at.selectbox(key="queries_gain").set_value("map").run()
    # A new map starts as the exponential gain over the run's grades: the lesson's first map.
    assert at.text_input(key="queries_gain_map").value == "0=0, 1=1, 2=3, 3=7"
    at.text_input(key="queries_gain_map").set_value("0=0, 1=5, 2=15, 3=35").run()
    assert metrics(at)["Mean NDCG@10"] == f"{movies(gain='exponential').mean:.4f}"
    assert any("5 × (2^rel − 1)" in c.value for c in at.caption)
    assert at.query_params["gain"] == "map:0=0,1=5,2=15,3=35"
    at.text_input(key="queries_gain_map").set_value("0=0, 1=1, 2=x").run()
    assert not at.exception
    assert any("gain of grade 2 must be a number; got 'x'" in e.value for e in at.error)
    assert any(
        "the last map that could be used (0=0, 1=5, 2=15, 3=35)" in e.value for e in at.error
    )
    assert at.text_input(key="queries_gain_map").value == "0=0, 1=1, 2=x"  # kept as typed
    at.text_input(key="queries_gain_map").set_value("0=0, 1=1, 2=2").run()
    assert any("gives no gain for grade 3" in e.value for e in at.error)
    assert metrics(at)["Mean NDCG@10"] == f"{movies(gain='exponential').mean:.4f}"


def test_the_trec_eval_download_and_the_command_to_diff_it_against():
    at = open_page(PAGE, sample="trec", k="5")
    labels = [b.label for b in at.get("download_button")]
    assert "Download in trec_eval's output format" in labels
    said = " ".join(c.value for c in at.caption)
    assert "`trec_eval -q -m ndcg_cut.5 QRELS RUN`" in said
    assert "trec_eval has no option" not in said
    at.radio(key="queries_ties").set_value("keep").run()
    said = " ".join(c.value for c in at.caption)
    assert "trec_eval has no option for tied scores in input order" in said


def test_the_reason_a_file_cannot_be_read_is_shown_outside_the_status_box():
    at = _upload("trec_upload", run=("run.gz", b"\x1f\x8b\x08\x00junk"), qrels=("q", b"1 0 a 1\n"))
    assert not at.exception
    assert_message(at.error, "run.gz is not UTF-8 text")
    top = [type(child).__name__ for child in at.main.children.values()]
    # The error is the page's own element, after the status box, not hidden inside it.
    assert top.index("Error") > top.index("Status")


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (
            b"query_id,doc_id,relevance,score,score\nq1,d1,1,0.5,0.1\n",
            "names the column score more than once",
        ),
        (
            b"query_id,query_id,doc_id,relevance\nq,q,d,1\n",
            "names the column query\\_id more than once",
        ),
        (
            b'query_id,doc_id,relevance\nq1,"' + b"x" * 140_000 + b'",1\n',
            "line 2: a field is longer than 131,072",
        ),
        (b"query_id;doc_id;relevance\nq;a;1\n", "separated by semicolons"),
        (
            b"query_id,doc_id,relevance,score\nq,a,high,1\n",
            "No line of mine.csv is left to evaluate",
        ),
    ],
)
def test_file_problems_that_were_tracebacks_or_misleading_are_clear_messages(data, message):
    at = _upload("csv", run=("mine.csv", data))
    assert not at.exception
    assert any(message in e.value for e in at.error), [e.value for e in at.error]


def test_the_size_cap_is_said_in_the_uploaders_unit():
    at = _upload("csv")
    text = " ".join(m.value for m in at.markdown)
    assert "50 MB (50,000,000 bytes)" in text


def test_a_grade_the_exponential_gain_cannot_take_is_named_and_the_linear_gain_used():
    # 2^2000 does not fit in a float; the page once showed nothing but a traceback.
    data = b"query_id,doc_id,relevance,score\nq,a,2000,3\nq,b,1,2\nr,c,1,1\n"
    at = _upload("csv", run=("big.csv", data))
    at.selectbox(key="queries_gain").set_value("exponential").run()
    assert not at.exception
    (error,) = [e.value for e in at.error]
    assert "relevance must be at most 1000" in error and "the linear gain is used" in error
    assert at.selectbox(key="queries_gain").value == "exponential"  # the choice is kept


def test_relevances_whose_sums_overflow_are_refused_not_shown_as_nan():
    data = b"query_id,doc_id,relevance,score\nq,a,1e308,3\nq,b,1e308,2\nq,c,1e308,1\n"
    at = _upload("csv", run=("huge.csv", data))
    assert not at.exception
    assert any("too large to score" in e.value for e in at.error)
    assert not [m for m in at.metric if m.value == "—"]


# ---------------------------------------------------------------------------------------------
# The gain against every dataset the page scores
# ---------------------------------------------------------------------------------------------


def test_a_gain_map_covers_the_other_qrels_of_trec_evals_sample():
    # Section 5 scores the same run judged by qrels.rel_level (grades up to 4) with this gain.
    at = open_page(PAGE, sample="trec")
    at.selectbox(key="queries_gain").set_value("map").run()
    assert not at.exception, [e.value for e in at.exception]
    assert at.text_input(key="queries_gain_map").value == "0=0, 1=1, 2=3, 3=7, 4=15"
    assert at.radio(key="queries_against").value == "qrels"
    assert "Mean of A − B" in metrics(at)
    # A map for qrels.test's grades alone is named, not raised mid-comparison.
    at = open_page(PAGE, sample="trec", gain="map:0=0,1=1")
    assert not at.exception, [e.value for e in at.exception]
    assert_message(at.error, "gives no gain for grade 2", "linear gain is used")
    assert "Mean of A − B" in metrics(at)


SMALL_A = b"query_id,doc_id,relevance,score\nq,a,1,3\nq,b,0,2\nr,c,1,1\n"


def test_a_second_runs_grades_are_checked_by_the_gain_control():
    b = b"query_id,doc_id,relevance,score\nq,a,3,3\nq,b,0,2\nr,c,1,1\n"
    at = _upload("csv", run=("a.csv", SMALL_A), second_run=("b.csv", b))
    at.selectbox(key="queries_gain").set_value("map").run()
    assert not at.exception, [e.value for e in at.exception]
    assert at.text_input(key="queries_gain_map").value == "0=0, 1=1, 3=7"
    at.radio(key="queries_against").set_value("run").run()
    assert not at.exception and "Mean of A − B" in metrics(at)
    huge = b"query_id,doc_id,relevance,score\nq,a,2000,3\nq,b,0,2\nr,c,1,1\n"
    at = _upload("csv", run=("a.csv", SMALL_A), second_run=("b.csv", huge))
    at.selectbox(key="queries_gain").set_value("exponential").run()
    assert not at.exception
    assert_message(at.error, "at most 1000", "the linear gain is used")


def test_a_second_run_that_cannot_be_scored_is_named_in_the_comparison():
    b = b"query_id,doc_id,relevance,score\nq,a,1e308,3\nq,b,1e308,2\nr,c,1,1\n"
    at = _upload("csv", run=("a.csv", SMALL_A), second_run=("b.csv", b))
    at.radio(key="queries_against").set_value("run").run()
    assert not at.exception, [e.value for e in at.exception]
    assert_message(at.warning, "B (b.csv) cannot be scored", "too large to score")


def test_a_run_of_two_huge_relevances_is_refused_as_the_playground_would():
    # The batch path and RankedList share one rule: the mean is not shown, then a traceback.
    data = b"query_id,doc_id,relevance,score\nq,a,1e308,0.5\nq,b,1e308,0.4\n"
    at = _upload("csv", run=("huge.csv", data))
    assert not at.exception, [e.value for e in at.exception]
    assert_message(at.error, "The run cannot be scored", "too large to score")


def test_every_csv_download_neutralises_formulas(monkeypatch):
    # A query id or a problem line like =HYPERLINK(…) would run when the file is opened in a
    # spreadsheet: every CSV the page writes goes through display.csv_bytes.
    from streamlit.runtime.memory_media_file_storage import MemoryMediaFileStorage

    written = []
    keep = MemoryMediaFileStorage.load_and_get_id

    def record(self, path_or_data, mimetype, kind, filename=None):
        if mimetype == "text/csv":
            written.append((filename, bytes(path_or_data).decode()))
        return keep(self, path_or_data, mimetype, kind, filename)

    monkeypatch.setattr(MemoryMediaFileStorage, "load_and_get_id", record)
    run = b'query_id,doc_id,relevance,score\n"=HYPERLINK(""x"")",a,1,2\n@SUM(1),b,1,1\n'
    at = _upload("csv", run=("f.csv", run + b"-2+3,c,oops,1\n"))
    at.checkbox(key=next(c.key for c in at.checkbox if c.key.startswith("queries_skip"))).check()
    at.run()
    assert not at.exception
    # The problems' CSV is made only when it is downloaded (queries_data.problems_csv).
    problems = queries_data.problems_csv(runs.read_csv_run(run + b"-2+3,c,oops,1\n"))()
    written.append(("problems", problems.decode()))
    texts = dict(written)
    assert {"problems", "ndcg_at_10_per_query.csv"} <= set(texts)
    for name, text in written:
        cells = [cell.strip('"') for line in text.splitlines() for cell in line.split(",")]
        assert not [c for c in cells if c[:1] in ("=", "+", "-", "@")], (name, text)
    assert "'=HYPERLINK" in texts["ndcg_at_10_per_query.csv"]
    assert "'@SUM(1)" in texts["ndcg_at_10_per_query.csv"]
    assert "'-2+3" in texts["problems"]


def test_the_files_notes_speak_the_readers_language_though_their_reading_is_shared():
    """The files' notes are made once, when the files are read (a cache every session shares,
    or a worker process, which speaks English), and said in the language of each reader."""
    said = {}
    for lang in ("ru", "zh", "en"):
        at = open_page(PAGE, lang=lang)
        said[lang] = [item.value for item in at.markdown if "gus" in item.value]
    assert any("запрос" in text for text in said["ru"]), said["ru"]
    assert any("个查询" in text for text in said["zh"]), said["zh"]
    assert any("1 query has no relevant judgment" in text for text in said["en"]), said["en"]
