"""What the Many queries page does with files (ui.queries_data): the bundled samples and uploaded
bytes, each file known by its digest, big sets read in worker processes, one cache bounded by
size, and a query's playground link cut to what a link holds."""

import tomllib
from pathlib import Path
from urllib.parse import parse_qsl, urlsplit

import pandas as pd
import pytest

from i18n import retold_error, speaking
from ndcg_core import runs
from ndcg_core.model import Scoring
from ui import urlparams
from views.queries import data as queries_data
from views.queries import files as set_files


def test_bytes_path_refuses_big_files_and_reads_both_formats():
    big = queries_data.Files("csv", run=("big.csv", b"x" * 2_000_000))
    with pytest.raises(
        ValueError, match=r"big\.csv is 2\.0 MB \(2,000,000 bytes\); files up to 1 MB"
    ):
        set_files.load_files(big.kind, big.given, 1)
    trec = queries_data.sample_files("trec", "qrels.rel_level")
    assert set(set_files.load_files(trec.kind, trec.given, 50)[1]) == {"run"}
    movies = queries_data.sample_files("movies")
    assert set(set_files.load_files(movies.kind, movies.given, 50)[1]) == {"run", "second_run"}


def test_upload_cap_counts_megabytes_as_the_uploader_does():
    # Streamlit's upload box refuses files over maxUploadSize × 1,000,000 bytes (it counts in
    # decimal megabytes): a 49 MiB run (51,380,231 bytes) was refused there while this check
    # and the page said 50 MiB. One cap, in the same unit, everywhere: the one the README states.
    config = tomllib.loads((Path(__file__).parents[2] / ".streamlit/config.toml").read_text())
    assert config["server"]["maxUploadSize"] == 50
    set_files.check_size(50_000_000, 50)
    with pytest.raises(ValueError, match=r"50\.0 MB \(50,000,001 bytes\); files up to 50 MB"):
        set_files.check_size(50_000_001, 50, "big.csv")
    with pytest.raises(ValueError, match=r"51\.4 MB \(51,380,231 bytes\)"):
        set_files.check_size(51_380_231, 50, "big.csv")
    assert set_files.size_text(50) == "50 MB (50,000,000 bytes)"


def test_the_problem_table_counts_the_lines_it_does_not_keep():
    table = runs.read_csv_run(b"query_id,doc_id,relevance\nq,a,x\nq,b,1\n", "r.csv")
    frame = queries_data.problem_frame(table)
    assert list(frame.columns) == ["line", "problem", "text"] and len(frame) == 1
    table = runs.read_trec_run(b"x\n" * 200_000, "r.txt")
    frame = queries_data.problem_frame(table)
    assert len(frame) == runs.MAX_PROBLEMS + 1
    assert frame["problem"].iloc[-1] == "… and 40,000 more"
    assert frame["line"].iloc[-1] is pd.NA  # the count's row has no line


def test_file_digests_frame_role_name_and_bytes():
    same = queries_data.Files("csv", run=("a.csv", b"x"), second_run=("a.csv", b"x"))
    assert same.digest("run") != same.digest("second_run")  # the role is part of the identity
    # Unframed, "ab" + "c" and "a" + "bc" would be one digest.
    one = queries_data.file_digest("csv", "run", "ab", b"c")
    assert one != queries_data.file_digest("csv", "run", "a", b"bc")
    assert one != queries_data.file_digest("trec", "run", "ab", b"c")
    assert one == queries_data.file_digest("csv", "run", "ab", b"c")
    assert len(one) == 64  # sha256
    moved = queries_data.Files("csv", run=("a.csv", b"x"))
    assert moved.key != queries_data.Files("csv", second_run=("a.csv", b"x")).key
    assert moved.key == queries_data.Files("csv", run=("a.csv", b"x")).key
    assert moved.digest("qrels") == ""


def test_query_list_is_cut_to_a_links_length_and_says_what_was_cut():
    rows = "".join(f"q,d{i},{i % 3},{-i}\n" for i in range(1500))
    rows += "".join(f"q,u{i},1,\n" for i in range(1200))  # judged, never ranked
    data = runs.from_csv(runs.read_csv_run(("query_id,doc_id,relevance,score\n" + rows).encode()))
    found = queries_data.playground_list(data, "q", Scoring(k=10))
    assert found.ranked.n == urlparams.MAX_ITEMS and len(found.ranked.pool) == urlparams.MAX_ITEMS
    assert found.notes == (
        "The link of query q holds only the first 1,000 of its 1,500 ranked documents and the "
        "best 1,000 of its 1,200 judged documents the run did not retrieve: the playground "
        "scores what it holds, so its numbers can differ from this table's.",
    )
    link = urlparams.link("playground", found.ranked)
    params = urlparams.read_list(dict(parse_qsl(urlsplit(link).query)))
    assert params[1] == [] and params[0] == found.ranked


# ---------------------------------------------------------------------------------------------
# Big files: read in a worker process, at most a few at once, and what was read kept in a
# cache bounded by size, so one upload cannot stall or exhaust the server every student shares
# ---------------------------------------------------------------------------------------------


# A small set with graded and negative judgments, a line trec_eval refuses, a query the run does
# not answer and one the judgments lack: what a worker reads must come back whole.
SMALL_TREC = queries_data.Files(
    "trec",
    run=("run.txt", b"1 Q0 a 1 3 r\n1 Q0 b 2 2 r\n1 Q0 c 3 x r\n2 Q0 x 1 1 r\n4 Q0 y 1 1 r\n"),
    qrels=("qrels.txt", b"1 0 a 1\n1 0 b -1\n1 0 d 4\n2 0 x 2\n3 0 z 1\n"),
)


def test_a_big_set_is_read_in_a_worker_process_with_the_same_result(monkeypatch):
    # Every set counts as big, so even a few lines go to a worker process: what is tested is the
    # trip there and back, which a big file would only make slower.
    monkeypatch.setattr(queries_data, "IN_PROCESS_BYTES", 0)
    # The server lowers its workers' priority so its sessions answer first; on a test machine
    # busy with other tests that makes each worker wait for them, and it is not what this
    # test checks.
    monkeypatch.setattr(queries_data, "WORKER_NICE", 0)
    queries_data.CACHE.clear()
    files = SMALL_TREC
    tables, data_sets = queries_data.load(files, 50)
    assert queries_data.WORKERS.busy == 0
    here, expected_sets = set_files.load_files(files.kind, files.given, 50)  # in this process
    expected = expected_sets["run"]
    ours = runs.evaluate(data_sets["run"], 10).per_query
    assert ours.equals(runs.evaluate(expected, 10).per_query) and len(ours) == 2
    for role in ("run", "qrels"):
        assert tables[role].rows.equals(here[role].rows)
        assert tables[role].problems == here[role].problems
        assert tables[role].problem_count == here[role].problem_count
    assert [p.line for p in tables["run"].problems] == [3]
    assert data_sets["run"].notes == expected.notes and expected.notes
    assert queries_data.load(files, 50)[0] is tables  # read once: the second call is cached
    bad = queries_data.Files("trec", run=("run.gz", b"\x1f\x8b\x08junk"), qrels=("q", b"1 0 a 1\n"))
    with pytest.raises(ValueError, match=r"run\.gz is not UTF-8 text"):
        queries_data.load(bad, 50)
    no_common = queries_data.Files("trec", run=("r", b"1 Q0 a 1 1 r\n"), qrels=("q", b"2 0 a 1\n"))
    with pytest.raises(ValueError, match="no query in common"):
        queries_data.load_datasets(no_common, 50)
    queries_data.CACHE.clear()


def test_a_worker_started_ahead_reads_the_next_set_and_a_dead_one_is_replaced(monkeypatch):
    # A page showing its upload boxes starts a worker ahead, so a big file meets a reader whose
    # imports are done: that very process reads the set, with the same result as in-process.
    monkeypatch.setattr(queries_data, "WORKER_NICE", 0)
    workers = queries_data._Workers(limit=2)
    workers.prepare()
    spare = workers._spare
    workers.prepare()  # one spare for the whole server, however often pages ask
    assert workers._spare is spare and spare.poll() is None
    tables, data_sets = workers.load(SMALL_TREC.kind, SMALL_TREC.given, 50)
    assert spare.returncode == 0 and workers._spare is None  # it read the set, and ended
    here, expected = set_files.load_files(SMALL_TREC.kind, SMALL_TREC.given, 50)
    assert tables["run"].rows.equals(here["run"].rows)
    assert runs.evaluate(data_sets["run"], 10).per_query.equals(
        runs.evaluate(expected["run"], 10).per_query
    )
    # A spare that died (killed, or ended after waiting too long) is not used: a fresh one is.
    workers.prepare()
    workers._spare.kill()
    workers._spare.wait()
    tables, _ = workers.load(SMALL_TREC.kind, SMALL_TREC.given, 50)
    assert tables["run"].rows.equals(here["run"].rows)


def test_an_error_made_in_a_worker_is_said_in_each_readers_language(monkeypatch):
    # The worker speaks English and its result is kept for every session: a Russian reader of
    # a big file that cannot be read, or whose files share no query, reads why in Russian.
    monkeypatch.setattr(queries_data, "IN_PROCESS_BYTES", 0)
    monkeypatch.setattr(queries_data, "WORKER_NICE", 0)
    queries_data.CACHE.clear()
    no_common = queries_data.Files("trec", run=("r", b"1 Q0 a 1 1 r\n"), qrels=("q", b"2 0 a 1\n"))
    with pytest.raises(ValueError, match="no query in common") as english:
        queries_data.load_datasets(no_common, 50)  # read in a worker, kept in the cache
    with speaking("ru"):
        with pytest.raises(ValueError) as russian:
            queries_data.load_datasets(no_common, 50)  # from the cache
        with pytest.raises(ValueError) as here:  # what this process says in Russian
            runs.join_trec(
                runs.read_trec_run(b"1 Q0 a 1 1 r\n", "r"),
                runs.read_trec_qrels(b"2 0 a 1\n", "q"),
            )
        said = str(russian.value)
        assert said == retold_error(here.value) and said != str(english.value)
        bad = queries_data.Files(
            "trec", run=("run.gz", b"\x1f\x8b\x08junk"), qrels=("q", b"1 0 a 1\n")
        )
        with pytest.raises(ValueError) as unreadable:
            queries_data.load(bad, 50)  # raised in the worker, in English
        assert "UTF-8" in retold_error(unreadable.value)
        assert "run.gz is not UTF-8 text" not in retold_error(unreadable.value)
    queries_data.CACHE.clear()


def test_no_more_than_max_parses_workers_run_at_once_and_one_file_is_read_once(monkeypatch):
    import threading
    import time

    workers = queries_data._Workers(limit=2)
    running, most, calls = [0], [0], []
    lock, release = threading.Lock(), threading.Event()

    def slow_run(kind, files, cap_mb):
        with lock:
            running[0] += 1
            most[0] = max(most[0], running[0])
            calls.append(kind)
        release.wait(10)  # every read lasts until the test has counted who waits
        with lock:
            running[0] -= 1
        return {}, {}

    monkeypatch.setattr(workers, "_run", slow_run)
    monkeypatch.setattr(queries_data, "WORKERS", workers)
    monkeypatch.setattr(queries_data, "IN_PROCESS_BYTES", 0)
    queries_data.CACHE.clear()

    def start(names):
        threads = [
            threading.Thread(
                target=queries_data.load,
                args=(queries_data.Files("csv", run=(name, b"x")), 50),
            )
            for name in names
        ]
        for thread in threads:
            thread.start()
        return threads

    threads = start([f"run{i}.csv" for i in range(5)])
    deadline = time.monotonic() + 10  # a loaded machine may start the threads slowly
    while workers.busy < 5 and time.monotonic() < deadline:
        time.sleep(0.01)
    assert workers.busy == 5  # two reading, three waiting: the page says how many are ahead
    assert running[0] == 2
    release.set()
    for thread in threads:
        thread.join()
    assert most[0] == 2 and workers.busy == 0 and len(calls) == 5
    # A class uploading the same file: the first read serves everyone who waited for it.
    calls.clear()
    for thread in start(["same.csv"] * 4):
        thread.join()
    assert len(calls) == 1  # the others waited for that read and found it in the cache
    queries_data.CACHE.clear()


def test_the_cache_is_bounded_by_size_and_keeps_the_most_recent():
    cache = queries_data.SizedCache(budget=100)
    cache.put("a", "A", 60)
    cache.put("b", "B", 30)
    assert cache.get("a") == "A"  # a is now the most recently used
    cache.put("c", "C", 30)  # 120 > 100: b, the least recently used, leaves
    assert cache.get("b") is None and cache.get("a") == "A" and cache.get("c") == "C"
    cache.put("huge", "H", 500)  # bigger than the budget alone: kept, everything else leaves
    assert len(cache) == 1 and cache.get("huge") == "H"
    files = queries_data.sample_files("movies")
    tables, data_sets = queries_data.load(files, 50)
    size = queries_data.size_of(tables, data_sets)
    assert 10_000 < size < 1_000_000  # the frames' own memory, strings included


def test_a_query_the_playground_cannot_score_gets_no_link_but_a_note():
    # 2^2000 − 1 does not fit in a float: that query's row has no link, the others do.
    rows = "query_id,doc_id,relevance,score\nq,a,2000,2\nq,b,1,1\nr,c,1,1\n"
    data = runs.from_csv(runs.read_csv_run(rows.encode()))
    links = queries_data.playground_links("no-link", data, ("q", "r"), Scoring(gain="exponential"))
    (q_link, q_notes), (r_link, r_notes) = links
    assert q_link is None and "Query q cannot be opened in the playground" in q_notes[0]
    assert "at most 1000" in q_notes[0]
    assert r_link is not None and r_notes == ()


def test_the_cache_counts_a_files_problems_in_its_size():
    # A file that is not a run holds no rows, only problems: they are what takes the memory,
    # and the cache's budget must see them (it used to count the rows alone: 0 bytes here).
    files = queries_data.Files("trec", run=("x.txt", b"x\n" * 20_000), qrels=("q", b"1 0 a 1\n"))
    tables, data_sets = set_files.load_files(files.kind, files.given, 50)
    assert len(tables["run"].problems) == runs.MAX_PROBLEMS and tables["run"].rows.empty
    size = queries_data.size_of(tables, data_sets)
    assert size > runs.MAX_PROBLEMS * 100  # each problem: an object and two strings


def test_a_set_of_many_short_lines_is_read_in_a_worker_whatever_its_bytes(monkeypatch):
    # Reading costs by the line: 200 kB of one-character lines is 100,001 of them, more than a
    # valid 2 MB run holds, and must not be read in the server process.
    sent = []

    class Workers(queries_data._Workers):
        def load(self, kind, files, cap_mb):
            sent.append(sorted(files))
            return set_files.load_files(kind, files, cap_mb)

    monkeypatch.setattr(queries_data, "WORKERS", Workers())
    queries_data.CACHE.clear()
    small = queries_data.Files("trec", run=("r", b"1 Q0 a 1 1 r\n"), qrels=("q", b"1 0 a 1\n"))
    queries_data.load(small, 50)
    assert sent == []
    many = queries_data.Files("trec", run=("r", b"x\n" * 100_001), qrels=("q", b"1 0 a 1\n"))
    assert len(many.run[1]) < queries_data.IN_PROCESS_BYTES
    queries_data.load(many, 50)
    assert sent == [["qrels", "run"]]
    queries_data.CACHE.clear()


def test_a_workers_result_reads_back_as_it_was_made(tmp_path):
    # The worker writes its result with a pickler of its own (arrow columns as their chunks,
    # a column its table and its dataset share written once): read back, every frame is equal,
    # column types included.
    from pandas.testing import assert_frame_equal

    from views.queries import worker

    trec = queries_data.sample_files("trec", "qrels.rel_level")
    tables, datasets = set_files.load_files(trec.kind, trec.given, 50)
    path = tmp_path / "result.pickle"
    worker.write_result((tables, datasets), str(path))
    read_tables, read_datasets = worker.read_result(str(path))
    assert set(read_tables) == set(tables) and set(read_datasets) == set(datasets)
    for role, table in tables.items():
        assert_frame_equal(read_tables[role].rows, table.rows)
        assert read_tables[role].problems == table.problems
    for role, dataset in datasets.items():
        again = read_datasets[role]
        for name in ("ranked", "judgments", "unanswered"):
            if getattr(dataset, name) is not None:
                assert_frame_equal(getattr(again, name), getattr(dataset, name))
        assert again.notes == dataset.notes
    arrow = [
        name
        for name, column in tables["run"].rows.items()
        if type(column.array).__name__.startswith("Arrow")
    ]
    assert arrow, "the sample's run has no arrow column: the test reads nothing of the pickler"


def test_a_workers_text_goes_with_32_bit_offsets_and_is_read_with_64_bit_ones(tmp_path):
    # Half the offsets' bytes on the way; read back a chunk at a time with the offsets pandas'
    # "str" holds (else the server widened each table's copy of a shared column on its own),
    # the data not copied, and a column two tables share still one column.
    import pyarrow as pa

    import columnar
    from views.queries import worker

    docs = pa.chunked_array([["d1", "", "d22"], pa.array(["é", "x"] * 3)[1:]], pa.string())
    wanted = [c.cast(pa.large_string()) for c in [docs, docs.chunk(1), pa.array(["a", None])]]
    sent = {"run": docs, "ranked": docs, "chunk": docs.chunk(1), "nulls": pa.array(["a", None])}
    path = tmp_path / "result.pickle"
    worker.write_result(sent, str(path))
    back = worker.read_result(str(path))
    assert back["run"] is back["ranked"]
    for read, want in zip([back["run"], back["chunk"], back["nulls"]], wanted):
        assert read.type == pa.large_string() and read.equals(want)
    narrow, wide = tmp_path / "narrow", tmp_path / "wide"
    worker.write_result(docs, str(narrow))
    worker.write_result(docs.cast(pa.large_string()), str(wide))
    assert narrow.stat().st_size < wide.stat().st_size  # 4 bytes an offset sent, not 8
    chunk = docs.chunk(1)
    assert columnar.widened(chunk).buffers()[2].address == chunk.buffers()[2].address


@pytest.mark.parametrize("kind", ["trec", "csv"])
def test_a_worker_imports_pandas_only_for_files_that_need_it(tmp_path, kind):
    # pandas is 40 MB of a worker's memory and 0.4 s of its CPU: a TREC set that reads cleanly
    # comes back as arrow's and numpy's columns, the server makes them frames, and every frame
    # is the one this process reads (column types included). A CSV is read with pandas.
    import pickle

    from pandas.testing import assert_frame_equal

    from devtools import upload_worker
    from views.queries import worker

    if kind == "trec":  # more than 1,000 judgments: read by arrow (fewer go through pandas)
        run = "".join(f"q{q} Q0 d{d} {d + 1} {50 - d}.5 r\n" for q in range(30) for d in range(50))
        qrels = "".join(f"q{q} 0 d{d * 2} {d % 3 - 1}\n" for q in range(1, 32) for d in range(40))
        files = {"run": ("run.txt", run.encode()), "qrels": ("qrels.txt", qrels.encode())}
    else:
        files = queries_data.sample_files("movies").given
    paths = {}
    for role, (name, data) in files.items():
        paths[role] = (name, str(tmp_path / role))
        (tmp_path / role).write_bytes(data)
    out = tmp_path / "out.pickle"
    said, _ = upload_worker.start(queries_data.ROOT).communicate(
        pickle.dumps((kind, paths, 50.0, str(out)))
    )
    assert said.decode().splitlines()[0] == f"pandas {'not ' if kind == 'trec' else ''}imported"
    tables, datasets = set_files.framed(worker.read_result(str(out)))
    here, expected = set_files.load_files(kind, files, 50)
    for role, table in here.items():
        assert_frame_equal(tables[role].rows, table.rows)
        assert tables[role].notes == table.notes and tables[role].problems == table.problems
    for role, dataset in expected.items():
        assert datasets[role].notes == dataset.notes and dataset.notes
        for name in ("ranked", "judgments", "unanswered"):
            assert_frame_equal(getattr(datasets[role], name), getattr(dataset, name))
