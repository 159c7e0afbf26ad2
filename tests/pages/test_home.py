"""AppTest for the home page and the tools app.py adds to every page."""

import re
from urllib.parse import parse_qs

import pytest

from lessons import path
from ndcg_core import ndcg
from tests.pages.conftest import assert_message, copy_links, open_page
from ui import menu


def cards(at) -> dict[str, str]:
    return {m.label: m.value for m in at.metric}


def test_home_computes_the_typed_list_with_its_pool():
    at = open_page(rels="3,2,3,0,1,2", pool="3,2")
    assert cards(at) == {
        "NDCG@6": "0.7850",
        "DCG@6": "6.8611",
        "IDCG@6": "8.7403",
        "CG@6": "11.0000",
    }
    assert any(r"\frac{6.8611}{8.7403} = 0.7850" in latex.value for latex in at.latex)
    assert any("judged but not retrieved: 3, 2" in i.value for i in at.info)


def test_home_formula_matches_the_conventions_of_the_link():
    at = open_page(rels="3,2,3,0,1,2", gain="exponential", discount="jarvelin", k="3")
    formulas = " ".join(latex.value for latex in at.latex)
    assert "2^{rel_i} - 1" in formulas and r"\max(1,\ \log_{2} i)" in formulas
    want = ndcg([3, 2, 3, 0, 1, 2], 3, gain="exponential", discount="jarvelin")
    assert cards(at)["NDCG@3"] == f"{want:.4f}"
    said = " ".join(i.value for i in at.info)
    assert "gain 2^rel − 1" in said and "Järvelin–Kekäläinen" in said


def test_no_cut_off_is_named_and_scored_as_trec_eval_ndcg():
    at = open_page(rels="3,2,3,0,1,2", pool="3,2", k="none")
    assert cards(at)["NDCG"] == "0.7562"
    assert any("no cut-off" in i.value for i in at.info)


def test_a_typo_keeps_the_last_list_and_the_text():
    at = open_page(rels="3,2,3,0,1,2")
    at.text_area(key="home_text").set_value("3, x, 1").run()
    assert_message(at.error, "value 2, 'x', is not a number")
    assert cards(at)["NDCG@6"] == "0.9608"
    assert at.text_area(key="home_text").value == "3, x, 1"


def test_a_bad_link_is_explained_and_the_example_shown():
    at = open_page(rels="3,<script>,1", k="-3")
    messages = " ".join(w.value for w in at.warning)
    assert r"'\<script\>', is not a number" in messages  # user text is escaped Markdown
    assert "k must be a whole number" in messages
    assert cards(at)["NDCG@6"] == "0.9608"


def _path_links(at) -> dict[str, object]:
    return {link.proto.page: link.proto for link in at.get("page_link")}


def test_no_stop_label_gives_its_lesson_s_answer_away():
    at = open_page()
    links = _path_links(at)
    # The libraries' stop opens today's Wikipedia list, on which the libraries part, and names
    # the topic, not what they print (0.9608, 0.7850, 0.7562 are its reveal).
    stop = links["libraries"]
    assert stop.label.endswith(" min") and "scikit-learn and trec_eval" in stop.label
    assert parse_qs(stop.query_string) == {"rels": ["3,2,3,0,1,2"], "pool": ["3,2"]}
    assert parse_qs(links["playground"].query_string)["rels"] == ["3,2,3,0,1,2"]
    for key in path.pages():
        what = links[key].label.split(" — ", 1)[1].rsplit(" · ", 1)[0]
        assert not re.search(r"\d\.\d", what), (key, what)  # no score in any label


def test_the_path_holds_every_lesson_each_with_its_time_and_no_second_cards():
    at = open_page()
    links = _path_links(at)
    lessons = {page.key for page in menu.PAGES if page.section == "Learn step by step"}
    assert lessons | {"playground", "libraries", "practice", "recap"} <= set(path.pages())
    assert set(path.pages()) <= set(links)
    # Every stop's minutes: its measured words read, and its questions answered
    # (bench/lesson_lengths.py --write measures the words).
    words = path.core_words()
    for key in path.pages():
        assert key in words, f"{key} was never measured: run bench/lesson_lengths.py --write"
        assert links[key].label.endswith(f" · {path.stop_minutes(key, words[key])} min")
    assert not [h for h in at.header if h.value == "Where to go next"]
    assert any("glossary" in c.value for c in at.caption)
    # The discount lesson, which explains the playground's controls, comes before it; the
    # recap closes the path.
    order = list(path.pages())
    assert order.index("learn-discount") < order.index("playground")
    assert order[-1] == "recap"


def _with_table(at):
    """The board's table is drawn once asked for (its toggle), not before."""
    assert not at.dataframe
    at.toggle(key="home_show_table").set_value(True).run()
    return at


def test_the_board_table_marks_the_positions_beyond_k():
    at = _with_table(open_page(rels="3,2,3,0,1,2", pool="3,2"))
    table = at.dataframe[0].value.set_index("Position")
    # k = n = 6: the ideal's 7th and 8th places (the pool's 2, then the 0) do not count.
    assert list(table.loc[7:8, "Ideal order earns"]) == ["— (below k)"] * 2
    assert table.loc[2, "Ideal order earns"] == "1.8928"  # 3 / log2 3
    at = _with_table(open_page(rels="3,2,3,0,1,2", k="3"))
    table = at.dataframe[0].value.set_index("Position")
    assert list(table.loc[4:6, "Your order earns"]) == ["— (below k)"] * 3
    assert table.loc[3, "Your order earns"] == "1.5000"  # 3 / log2 4


def _stop_box(at, key):
    return at.checkbox(key=f"home_done_{key}")


def test_a_ticked_stop_and_an_answered_question_show_as_done_and_travel_in_the_link():
    from ui import saved

    at = open_page()
    assert not _stop_box(at, "learn-discount").value
    _stop_box(at, "learn-discount").check().run()
    assert _stop_box(at, "learn-discount").value
    # An answered walkthrough question ticks its stop, and the box cannot be unticked.
    at.session_state[saved.STATE]["guesses"]["walkthrough-graded"] = "0.97"
    at.run()
    assert _stop_box(at, "learn-graded").value and _stop_box(at, "learn-graded").disabled
    assert any("Done so far: 2 of" in c.value for c in at.caption)
    (link,) = [a for a in copy_links(at) if f"{saved.PARAM}=" in a]
    carried = parse_qs(link.split("?", 1)[1])[saved.PARAM][0]
    # The link opens a fresh session with the same progress.
    fresh = open_page(**{saved.PARAM: carried})
    assert _stop_box(fresh, "learn-discount").value
    assert _stop_box(fresh, "learn-graded").value


def test_a_lesson_question_answered_on_its_page_ticks_its_stop():
    from ui import saved

    for script, key in (
        ("views/learn/pitfalls.py", "learn-pitfalls"),
        ("views/metrics.py", "metrics"),
        ("views/learn/labels.py", "learn-labels"),
        ("views/learn/discount.py", "learn-discount"),
    ):
        lesson = open_page(script)
        skip = next(b for b in lesson.button if b.key and b.key.endswith("_skip"))
        skip.click().run()
        assert not lesson.exception
        carried = saved.encode(lesson.session_state[saved.STATE])
        home = open_page(**{saved.PARAM: carried})
        assert _stop_box(home, key).value, key
        assert not _stop_box(home, "learn-binary").value


def test_a_bad_progress_link_is_said_and_nothing_is_lost():
    at = open_page(progress="not-a-real-progress")
    assert_message(at.warning, "`progress`", "could not be read", "kept as it was")
    assert cards(at)["NDCG@6"] == "0.9608"


def test_every_page_offers_a_link_to_this_view_and_presenter_mode():
    at = open_page("views/playground.py", rels="1,0,2", k="2")
    assert any("rels=1,0,2" in link and "k=2" in link for link in copy_links(at))
    assert any(button.label == "📽️ Presenter view" for button in at.button)


def test_the_path_takes_at_most_twenty_minutes_questions_included():
    words = path.core_words()
    time = path.path_time(words)
    # reading at 200 words a minute, 45 s a question with options, 75 s one on the board
    stops = [stop.key for stop in path.STOPS if stop.key != path.PRACTICE]
    reading = sum(words[key] for key in stops) * 60 / 200
    assert time.reading == pytest.approx(reading)
    assert time.answering == sum(
        {"choice": 45, "board": 75}[kind] for key in stops for kind in path.stop(key).questions
    )
    assert time.lessons <= path.MAX_MINUTES, f"{time.lessons} min"


def test_home_states_the_time_as_reading_plus_answering():
    at = open_page()
    time = path.path_time(path.core_words())
    said = " ".join(c.value for c in at.caption)
    assert f"The stops take about {time.lessons} min" in said
    assert f"for their {time.questions} questions" in said
    assert f"side trips add about {time.side_trips} min" in said
    assert f"exercises) about {time.practice}." in said
    (how,) = [e for e in at.expander if e.label == "How these times are worked out"]
    assert "45 s a question with options" in how.markdown[0].value


def _stand_ins(at) -> list[str]:
    return [m.value for m in at.markdown if m.value.startswith("NDCG@")]


def test_a_first_run_draws_the_board_as_plain_markdown_with_the_cores_numbers():
    """The board's stand-in for a first visit (its script comes seconds later on a slow phone):
    the list and its totals as the core gives them, labels as text; later runs leave it out."""
    at = open_page(rels="3,2,3,0,1,2", labels="a*b,$x$,c,d,e,f")
    (text,) = _stand_ins(at)
    assert text.startswith("NDCG@6 **0.9608** · DCG@6 6.8611 · IDCG@6 7.1410")
    assert r"| 1 | **a\*b** rel 3 | 3.0000 | 3.0000 |" in text
    assert r"| 2 | **\$x\$** rel 2 | 1.2619 | 1.8928 |" in text
    at.run()
    assert _stand_ins(at) == []
    long = open_page(rels=",".join(["1"] * 30), k="3")
    (text,) = _stand_ins(long)
    assert text.count("\n| ") == 1 + 12 and text.endswith("… and 18 more positions.")
    assert "— (below k)" in text
