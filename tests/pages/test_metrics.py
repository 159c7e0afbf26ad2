"""AppTest: NDCG beside its neighbours (/metrics) shows the issue's figures for the Wikipedia
list, follows a drag and the order buttons, says what moved, and keeps its settings in the URL."""

from __future__ import annotations

import pytest
from streamlit.proto.Metric_pb2 import Metric

from ndcg_core.measures import MeasureSettings, all_measures
from ndcg_core.model import RankedList, Scoring
from ndcg_core.permutations import ideal_order, worst_order
from tests.pages.conftest import move_on_board, open_page

PAGE = "views/metrics.py"
WIKIPEDIA = {
    "NDCG@6": "0.9608",
    "P@6": "0.8333",
    "R@6": "1.0000",
    "RR@6": "1.0000",
    "AP@6": "0.9267",
    "ERR@6": "0.9220",
    "RBP@6": "0.6355",
}


def cards(at) -> dict[str, str]:
    return {m.label: m.value for m in at.metric}


def deltas(at) -> dict[str, str | None]:
    return {m.label: m.proto.delta or None for m in at.metric}


def latex(at) -> str:
    return "\n".join(item.value for item in at.latex)


def table_with(at, column: str):
    """The one table on the page with this column (AppTest does not find tables by key)."""
    found = [df.value for df in at.dataframe if column in df.value.columns]
    assert len(found) == 1, [list(df.value.columns) for df in at.dataframe]
    return found[0]


def drag(at, labels: list[str]) -> None:
    """What the ranking board reports after a drag: the labels in their new order."""
    move_on_board(at, "metrics_board", labels)


def skip_question(at) -> None:
    """'Just show me': the moves are shown without a guess."""
    at.button(key="predict_metrics_next_move_skip").click().run()
    assert not at.exception, [e.value for e in at.exception]


def said(at) -> str:
    return " ".join(item.value for item in [*at.info, *at.markdown, *at.caption, *at.success])


def test_the_wikipedia_list_shows_the_issue_figures_with_their_formulas():
    at = open_page(PAGE, rels="3,2,3,0,1,2", unfold=True)
    assert cards(at) == WIKIPEDIA
    shown = latex(at)
    for filled in (
        r"\frac{5}{6} = 0.8333",
        r"\frac{5}{5} = 1.0000",
        r"\mathrm{RR@6} = \frac{1}{1} = 1.0000",
        r"\frac{4.6333}{5} = 0.9267",
        r"= 0.9220 \end{aligned}",
        r"0.2000 \times 3.1773 = 0.6355",
        r"\frac{6.8611}{7.1410} = 0.9608",
    ):
        assert filled in shown, filled
    assert not at.warning and not at.error
    assert table_with(at, "RBP term").shape[0] == 6
    assert "rel_min" not in at.query_params  # defaults stay out of the link


def test_a_drag_moves_some_numbers_and_the_page_says_which():
    at = open_page(PAGE, rels="3,2,3,0,1,2")
    skip_question(at)
    drag(at, ["D1", "D2", "D4", "D3", "D5", "D6"])
    assert at.query_params["rels"] == "3,2,0,3,1,2"
    want = all_measures(RankedList((3, 2, 0, 3, 1, 2)))
    assert cards(at)["ERR@6"] == f"{want.values['err']:.4f}"
    moved = deltas(at)
    assert moved["P@6"] is None and moved["R@6"] is None  # the order inside the top 6
    assert moved["NDCG@6"].startswith("-") and moved["AP@6"].startswith("-")
    # A fall gets the card's down arrow in red: Streamlit reads the sign from the hyphen.
    down = {m.label: m.proto.direction for m in at.metric}
    assert down["NDCG@6"] == down["AP@6"] == Metric.MetricDirection.DOWN
    said = " ".join(info.value for info in at.info)
    assert "The last change moved" in said and "Unchanged: P@6, R@6, RR@6" in said
    table = table_with(at, "Before").set_index("Measure")
    assert table.loc["NDCG@6", "Before"] == "0.9608"
    assert table.loc["NDCG@6", "Now"] == f"{want.values['ndcg']:.4f}"


@pytest.mark.parametrize(
    ("order_of", "relevances"),
    [(worst_order, (0, 1, 2, 2, 3, 3)), (ideal_order, (3, 3, 2, 2, 1, 0))],
)
def test_order_buttons_rescore_every_measure(order_of, relevances):
    at = open_page(PAGE, rels="3,2,3,0,1,2")
    skip_question(at)
    labels = [f"D{i}" for i in range(1, 7)]
    drag(at, [labels[i] for i in order_of([3, 2, 3, 0, 1, 2])])
    want = all_measures(RankedList(relevances))
    assert cards(at) == {want.name(key): f"{value:.4f}" for key, value in want.values.items()}
    assert "The last change moved" in " ".join(info.value for info in at.info)


def test_settings_from_the_link_are_used_and_written_back():
    at = open_page(PAGE, rels="3,2,3,0,1,2", rel_min="2", g_max="4", p="0.5", pool="3,1")
    want = all_measures(
        RankedList((3, 2, 3, 0, 1, 2), pool=(3, 1)), MeasureSettings(rel_min=2, g_max=4, p=0.5)
    )
    assert cards(at) == {want.name(key): f"{value:.4f}" for key, value in want.values.items()}
    assert cards(at)["P@6"] == "0.6667"
    at.slider(key="metrics_p").set_value(0.9).run()
    assert at.query_params["p"] == "0.9"
    assert at.query_params["rel_min"] == "2"
    at.number_input(key="metrics_rel_min").set_value(1.0).run()
    assert "rel_min" not in at.query_params


def test_a_grade_above_g_max_is_named_and_err_left_out():
    at = open_page(PAGE, rels="4,2,0", g_max="3")
    assert cards(at)["ERR@3"] == "—"
    warning = " ".join(w.value for w in at.warning)
    assert "below the list's highest grade, 4" in warning and "at least 4" in warning
    assert cards(at)["P@3"] == "0.6667"


@pytest.mark.parametrize(
    ("params", "words"),
    [
        ({"p": "1.5"}, "p 1.5 is outside 0.01–0.99"),
        ({"rel_min": "x"}, "'x' is not a number"),
        ({"g_max": "0"}, "0 is outside 1–30, the range this app offers"),
    ],
)
def test_bad_settings_in_a_link_are_named(params, words):
    at = open_page(PAGE, rels="3,2,3,0,1,2", **params)
    assert any(words in w.value for w in at.warning), [w.value for w in at.warning]
    assert cards(at)["NDCG@6"] == "0.9608"


def test_the_list_travels_from_the_playground():
    at = open_page("views/playground.py", rels="1,0,2", k="2")
    at.switch_page(PAGE).run()
    assert not at.exception
    want = all_measures(RankedList((1, 0, 2), scoring=Scoring(k=2)))
    assert cards(at)["NDCG@2"] == f"{want.values['ndcg']:.4f}"
    assert "P@2" in cards(at)


def test_the_page_asks_before_it_defines_the_measures():
    at = open_page(PAGE, rels="3,2,3,0,1,2")
    headers = [h.value for h in at.header]
    assert headers[:2] == ["Your list, and your next move", "Seven measures, seven readers"]
    # The line that says which measures read grades comes after the question (it answers it).
    said_before = " ".join(m.value for m in at.markdown[: _index_of_definitions(at)])
    assert "read the grades" not in said_before
    (readers,) = [t.value for t in at.table if "Its reader" in t.value.columns]
    assert readers.index[0] == "P@k · Precision at k"
    # The list's conventions and the measures' settings start folded.
    assert [e.label for e in at.expander][:2] == [
        "⚙️ Cut-off, gain, discount, judged items",
        "⚙️ What counts: rel_min, ERR's top grade, RBP's persistence",
    ]


def _index_of_definitions(at) -> int:
    return next(i for i, m in enumerate(at.markdown) if "read the grades" in m.value)


def test_the_next_move_is_predicted_before_the_page_says_what_moved():
    at = open_page(PAGE, rels="3,2,3,0,1,2")
    radio = at.radio(key="predict_metrics_next_move_choice")
    # Swapping the top two (grades 3 and 2, both hits) moves only what reads grades.
    assert "swap the items at positions 1 (grade 3) and 2 (grade 2)" in said(at)
    drag(at, ["D2", "D1", "D3", "D4", "D5", "D6"])  # moved before answering: nothing said yet
    assert "The last change moved" not in said(at)
    assert set(deltas(at).values()) == {None}
    # Not answered yet: the question follows the list.
    assert "swap the items at positions 1 (grade 2) and 2 (grade 3)" in said(at)
    radio = at.radio(key="predict_metrics_next_move_choice")
    radio.set_value("Only ERR@6 and NDCG@6 change")
    at.button(key="FormSubmitter:predict_metrics_next_move_form-Check my guess").click().run()
    assert "Right!" in said(at)
    drag(at, ["D1", "D2", "D3", "D4", "D5", "D6"])
    # Answered: the question stays the one asked, about the list it was asked on.
    assert "swap the items at positions 1 (grade 2) and 2 (grade 3)" in said(at)
    assert "**The last change moved** ERR@6" in said(at)
    assert "Unchanged: P@6, R@6, RR@6, AP@6, RBP@6" in said(at)


def test_the_swap_button_makes_the_move_that_was_asked():
    at = open_page(PAGE, rels="3,2,3,0,1,2")
    skip_question(at)
    at.button(key="metrics_make_move").click().run()
    assert at.query_params["rels"] == "2,3,3,0,1,2"
    assert "**The last change moved** ERR@6" in said(at)
    assert "Unchanged: P@6, R@6, RR@6, AP@6, RBP@6" in said(at)
    # Every measure before and after the move, in view (not folded), under the sentence.
    moves = table_with(at, "Before").set_index("Measure")
    before = all_measures(RankedList((3, 2, 3, 0, 1, 2))).values
    now = all_measures(RankedList((2, 3, 3, 0, 1, 2))).values
    assert moves.loc["ERR@6", "Before"] == f"{before['err']:.4f}"
    assert moves.loc["ERR@6", "Now"] == f"{now['err']:.4f}"
    assert moves.loc["P@6", "Before"] == moves.loc["P@6", "Now"] == f"{now['p']:.4f}"
    assert not [e.label for e in at.expander if any("Before" in d.value for d in e.dataframe)]


def test_one_letter_per_idea_in_the_formulas():
    at = open_page(PAGE, rels="3,2,3,0,1,2", unfold=True)
    shown = latex(at)
    assert r"s_{1} = 0.8750" in shown and r"\prod_{j=1}^{i-1} (1 - s_j)" in shown
    assert "h_i" in shown and r"\frac{5}{m}" in shown
    assert "R_" not in shown and r"\mathcal{R}" not in shown and "r_i" not in shown
    positions = table_with(at, "RBP term")
    assert {"Hit (hᵢ)", "ERR: stops here (sᵢ)"} <= set(positions.columns)


def test_ap_at_k_under_both_divisors():
    # 1, 1, 0, 1 with two relevant items never retrieved, cut at 2: m = 5, min(k, m) = 2.
    import numpy as np
    import pytrec_eval

    at = open_page(PAGE, rels="1,1,0,1", pool="1,1", k="2", unfold=True)
    qrels = {"q": {f"d{i}": r for i, r in enumerate([1, 1, 0, 1, 1, 1])}}
    run = {"q": {f"d{i}": 4.0 - i for i in range(4)}}
    evaluator = pytrec_eval.RelevanceEvaluator(qrels, {"map_cut.2"})
    trec = evaluator.evaluate(run)["q"]["map_cut_2"]
    precision_at_hits = np.array([1 / 1, 2 / 2])
    capped = precision_at_hits.sum() / min(2, 5)
    text = said(at)
    assert f"trec_eval's map_cut divides by m = 5, every relevant judged item: {trec:.4f}" in text
    assert "divide by min(k, m) = 2" in text and f"hits: {capped:.4f}" in text
    assert f"{trec:.4f}" == "0.4000" and f"{capped:.4f}" == "1.0000"
