"""AppTest: the three lessons beyond the source notes — Why a logarithm? (/learn-discount),
Pitfalls of NDCG (/learn-pitfalls) and Where labels come from (/learn-labels)."""

from __future__ import annotations

import re
from math import log2

import numpy as np
import pytest

from ndcg_core import ndcg
from ndcg_core.measures import p_at_k
from tests.pages.conftest import (
    assert_message,
    chart_at,
    component_data,
    move_on_board,
    open_page,
    plotly_figures,
)
from ui import menu, predict

DISCOUNT = "views/learn/discount.py"
PITFALLS = "views/learn/pitfalls.py"
LABELS = "views/learn/labels.py"


def cards(at) -> dict[str, str]:
    return {m.label: m.value for m in at.metric}


def table_with(at, column: str):
    """The one table on the page with this column (AppTest does not find tables by key)."""
    found = [df.value for df in at.dataframe if column in df.value.columns]
    assert len(found) == 1, [list(df.value.columns) for df in at.dataframe]
    return found[0]


def static_table(at, column: str):
    """The one static table (st.table) with this column."""
    found = [table.value for table in at.table if column in table.value.columns]
    assert len(found) == 1, [list(table.value.columns) for table in at.table]
    return found[0]


def reveal_boards(at) -> list[dict]:
    """The read-only ranking boards the page draws (a reveal's picture), as the data each was
    given (AppTest draws no component; its data is in its element)."""
    found = [component_data(e) for e in at.get("bidi_component")]
    return [data for data in found if data.get("readOnly")]


def text(at) -> str:
    return "\n".join(item.value for item in [*at.markdown, *at.caption, *at.info, *at.warning])


def latex(at) -> str:
    return "\n".join(item.value for item in at.latex)


def skips(at) -> list[str]:
    """The "Just show me" buttons of the page's questions still unanswered."""
    return [
        b.key
        for b in at.button
        if b.key and b.key.startswith("predict_") and b.key.endswith("_skip")
    ]


def reveal(at):
    """Every question of the page answered "Just show me", as a reader on a second visit would."""
    asked = {key.removeprefix("predict_").removesuffix("_skip") for key in skips(at)}
    if asked:  # one run, as if each "Just show me" had been pressed
        answered = (
            dict(at.session_state[predict.STATE]) if predict.STATE in at.session_state else {}
        )
        at.session_state[predict.STATE] = answered | {
            key: predict.Guess(None, None) for key in asked
        }
        at.run()
    assert not skips(at) and not at.exception
    return at


# ------------------------------------------------------------------------ Why a logarithm?


def test_discount_page_scores_the_list_under_each_discount():
    at = open_page(DISCOUNT, rels="3,2,3,0,1,2", unfold=True)
    scores = table_with(at, "NDCG@6").set_index("Discount")["NDCG@6"].to_dict()
    assert scores == {
        "1 / log₂(i+1)": "0.9608",
        "Järvelin–Kekäläinen, base b = 2": "0.9315",
        "1 / i": "0.9432",
        "Geometric p^(i−1), p = 0.8": "0.9348",
    }
    weights = table_with(at, "Top 3: weight").set_index("Discount")
    assert weights.loc["1 / log₂(i+1)", "Top 3: weight"] == "2.1309"
    assert weights.loc["1 / i", "Top 10: weight"] == f"{sum(1 / i for i in range(1, 11)):.4f}"
    assert "Wang, Y., Wang, L." in text(at)
    assert not at.warning and not at.error


def test_the_four_curves_are_drawn_together():
    # The page's own chart (no plotly on the page): four curves, each named in the legend.
    at = open_page(DISCOUNT, rels="3,2,3,0,1,2")
    assert plotly_figures(at) == []
    chart = chart_at(at, "learn_discount_curves")
    log_curve, _, _, geometric = chart["series"]
    assert log_curve["x"] == list(range(1, 21))
    assert log_curve["y"][2] == pytest.approx(1 / log2(4))
    assert geometric["y"][1] == pytest.approx(0.8)
    assert log_curve["name"] == "1 / log₂(i+1)" and geometric["name"].endswith("p = 0.8")
    assert geometric["hover"][1] == f"{geometric['name']}\nposition 2: weight 0.8000"
    assert chart["alt"] == "Chart of Weight d(i) by Position i"


def test_p_depth_and_base_come_from_the_link_and_go_back_into_it():
    at = open_page(DISCOUNT, rels="3,2,3,0,1,2", p="0.5", depth="30", base="3", unfold=True)
    chart = chart_at(at, "learn_discount_curves")
    assert len(chart["series"][0]["x"]) == 30
    assert chart["series"][3]["y"][1] == pytest.approx(0.5)
    scores = table_with(at, "NDCG@6").set_index("Discount")["NDCG@6"]
    want = ndcg([3, 2, 3, 0, 1, 2], discount="jarvelin", log_base=3)
    assert scores["Järvelin–Kekäläinen, base b = 3"] == f"{want:.4f}"
    at.slider(key="learn_discount_p").set_value(0.9).run()
    assert at.query_params["p"] == "0.9"
    at.slider(key="learn_discount_depth").set_value(20).run()
    assert "depth" not in at.query_params


def test_working_through_one_discount_fills_in_its_numbers():
    at = open_page(DISCOUNT, rels="1,0,1", unfold=True)
    at.radio(key="learn_discount_chosen").set_value("reciprocal").run()
    shown = latex(at)
    assert r"d(i) = \frac{1}{i}" in shown
    assert r"1 \cdot 1.0000 + 0 \cdot 0.5000 + 1 \cdot 0.3333" in shown
    assert r"\frac{1.3333}{1.5000} = 0.8889" in shown


def test_the_random_order_limit_table():
    at = open_page(DISCOUNT, unfold=True)
    limit = table_with(at, "n = 10")
    assert limit.loc["1 / log₂(i+1)", "n = 10"] == "0.7705"
    assert limit.loc["1 / i", "n = 100,000"].startswith("0.5")


def _lost(moves, move: str) -> str:
    return moves.loc[move, "NDCG@6 lost"]


def test_the_discount_page_asks_which_move_costs_most_before_it_shows():
    at = open_page(DISCOUNT, rels="3,2,3,0,1,2")
    assert skips(at) == ["predict_learn_discount_move_skip"]
    assert not [df for df in at.dataframe if "Move" in df.value.columns]
    # The list's conventions wait in a closed fold: the question comes before any control.
    assert at.expander[0].label == "⚙️ Cut-off, gain, discount, judged items"
    radio = at.radio(key="predict_learn_discount_move_choice")
    assert radio.options == [
        "The card at position 1 (grade 3), down below the 2",
        "The card at position 3 (grade 3), down below the 0",
        "Both cost the same",
    ]
    radio.set_value(radio.options[1])  # the bigger grade gap, lower down: not the costliest
    at.button(key="FormSubmitter:predict_learn_discount_move_form-Check my guess").click().run()
    assert any("Not quite." in i.value for i in at.info)
    moves = table_with(at, "Move").set_index("Move")
    idcg = sum(g / log2(i + 2) for i, g in enumerate([3, 3, 2, 2, 1, 0]))
    assert _lost(moves, "1 → 2") == f"{(3 - 2) * (1 - 1 / log2(3)) / idcg:.4f}"
    assert _lost(moves, "3 → 4") == f"{(3 - 0) * (1 / 2 - 1 / log2(5)) / idcg:.4f}"
    # The reveal: the claim, then the order after the picked move against the ideal, then the
    # costliest move's cost in one line.
    assert "### 💡 A move costs (gain gap) × (discount gap) ÷ IDCG" in text(at)
    assert any(f"{(1 - 1 / log2(3)) / idcg:.4f}" in e.value for e in at.latex)


def test_the_discount_question_is_answered_by_a_move_on_the_board():
    at = open_page(DISCOUNT, rels="3,2,3,0,1,2")
    # D1 (grade 3) dropped one place, below D2 (grade 2): the costliest drop, made on the board.
    move_on_board(at, "learn_discount_board", ["D2", "D1", "D3", "D4", "D5", "D6"])
    assert not at.exception, [e.value for e in at.exception]
    assert any("Right!" in e.value for e in at.success)
    (shown,) = reveal_boards(at)  # the order after that move, against the ideal
    assert shown["relevances"] == [2, 3, 3, 0, 1, 2] and shown["caption"] == "Card 1 down to 2"
    assert table_with(at, "Move") is not None  # the reveal drew every move's cost


def test_a_move_that_is_no_option_is_said_and_not_taken_as_an_answer():
    at = open_page(DISCOUNT, rels="3,2,3,0,1,2")
    # Two moves at once (D1 to the end): none of the options.
    move_on_board(at, "learn_discount_board", ["D2", "D3", "D4", "D5", "D6", "D1"])
    assert skips(at) == ["predict_learn_discount_move_skip"]  # still asked
    assert "more than one of these moves away" in text(at)
    at.button(key="learn_discount_put_back").click().run()
    assert at.text_area[0].value.startswith("3, 2, 3, 0, 1, 2") or "D1=3" in at.text_area[0].value
    # Back on the list asked about, the costliest drop answers it.
    move_on_board(at, "learn_discount_board", ["D1", "D2", "D4", "D3", "D5", "D6"])
    assert any("Not quite." in e.value for e in at.info)


def test_the_discount_setting_changes_the_question_and_the_worked_discount():
    at = reveal(open_page(DISCOUNT, rels="3,2,3,0,1,2", discount="jarvelin", unfold=True))
    moves = table_with(at, "Move").set_index("Move")
    assert moves.loc["1 → 2", "NDCG@6 lost"] == "0.0000"  # ranks 1 and 2 both weigh 1
    assert at.radio(key="learn_discount_chosen").value == "jarvelin"
    scores = table_with(at, "Your list uses").set_index("Discount")["Your list uses"]
    assert scores["Järvelin–Kekäläinen, base b = 2"] == "✓" and scores["1 / log₂(i+1)"] == ""
    assert "every rank i ≤ b keeps weight 1" in text(at)


def test_a_bad_p_in_the_link_is_named():
    at = open_page(DISCOUNT, p="2")
    assert any("2 is outside 0.01–0.99" in w.value for w in at.warning)


# ---------------------------------------------------------------------------------- Pitfalls


def test_each_pitfall_shows_its_figures():
    at = reveal(open_page(PITFALLS))
    shown = cards(at)
    # The core's two reveals: each example against its ideal on a read-only board, one line of
    # its sum, and the comparison in words.
    closed, padded_list, ideal_cut = reveal_boards(at)[:3]
    assert closed["relevances"] == [1, 0, 0]  # against 1, 1, 1: the items it never returned
    assert padded_list["relevances"] == [2, 1] + [0] * 8
    assert ideal_cut["relevances"] == [1, 0, 1, 1, 0] and ideal_cut["k"] == 3
    said = latex(at)
    assert r"\mathrm{NDCG@3} = \frac{1.0000}{2.1309} = 0.4693" in said
    assert "From the list alone the ideal is its own items sorted: NDCG@3 = 1.0000." in text(at)
    assert "P@2 = 1.0000 before, P@10 = 0.2000 with the junk" in text(at)
    assert shown["NDCG@3, right"] == "0.7039"
    assert shown["NDCG@3, top 3 sorted (wrong)"] == "0.9197"
    assert "about 0.92" in text(at)
    example_readings = tables_with(at, "Reading")[0].set_index("Reading")["NDCG@6"]
    assert example_readings["every label × 2, gain rel"] == "0.9608"
    assert example_readings["every label + 1 (0–3 written 1–4), gain rel"] == "0.9732"
    means = tables_with(at, "Mean")[0]
    assert means["Mean"].tolist() == [
        f"{ndcg([3, 2, 3, 0, 1, 2]) / 2:.4f}",
        f"{(ndcg([3, 2, 3, 0, 1, 2]) + 1) / 2:.4f}",
        f"{ndcg([3, 2, 3, 0, 1, 2]):.4f}",
    ]


def test_each_pitfall_asks_before_it_tells():
    at = open_page(PITFALLS)
    assert len(skips(at)) == 7  # one question per pitfall
    assert "What is true" not in text(at) and not at.metric
    form = "learn_pitfalls_closed"
    radio = at.radio(key=f"predict_{form}_choice")
    right = next(option for option in radio.options if option.startswith("1.0000"))
    radio.set_value(right)
    at.button(key=f"FormSubmitter:predict_{form}_form-Check my guess").click().run()
    assert not at.exception
    assert any("Right!" in s.value for s in at.success)
    assert text(at).count("What is true") == 1
    # The claim is the reveal's heading, after the answer; the heading above asked neutrally.
    assert "### 💡 A closed ideal never punishes what is missing" in text(at)
    assert at.header[0].value == "1. Relevant items the system never returned"
    assert [board["relevances"] for board in reveal_boards(at)] == [[1, 0, 0]]


def test_a_wrong_answer_to_a_pitfall_names_what_is_wrong_and_reveals():
    at = open_page(PITFALLS)
    radio = at.radio(key="predict_learn_pitfalls_padding_choice")
    radio.set_value(next(o for o in radio.options if o.startswith("0.2000")))
    at.button(key="FormSubmitter:predict_learn_pitfalls_padding_form-Check my guess").click().run()
    said = [i.value for i in at.info]
    assert any("Not quite." in s and "not an average over positions" in s for s in said)
    assert any(r"\frac{2.6309}{2.6309} = 1.0000" in e.value for e in at.latex)


def test_several_equally_good_results_and_the_wikipedia_remedies():
    at = reveal(open_page(PITFALLS))
    shown = cards(at)
    assert shown["X: NDCG@1"] == shown["Y: NDCG@1"] == "1.0000"
    assert shown["X: NDCG@5, ideal from X"] == "1.0000"
    by_hand = 1 / sum(1 / log2(i + 1) for i in range(1, 6))
    assert shown["X: NDCG@5, ideal from every judged item"] == f"{by_hand:.4f}"
    said = text(at)
    padded = (1 + 1 / log2(3) + 1 / 2) * by_hand  # 1, 1, 1, 0, 0 against five good results
    assert f"**{padded:.4f}**" in said and "1, 1, 1, 0, 0" in said
    assert "DCG falls from 1.0000 to 0.5000" in said  # 1, 0, −1: the bad result costs 1/log₂ 4
    # the random-order formula says what its symbols are
    assert "mean gain ḡ" in said and "discount dᵢ" in said
    # what the answers reveal names its sources by title too
    assert not [t for t in every_text(at) if FILE_NUMBER.search(t)]


def test_choosing_k_reads_each_value_against_a_random_order():
    at = open_page(PITFALLS, rels="3,2,3,0,1,2")
    # a labelled fold, for a second reading, that holds the section and its table
    fold = next(e for e in at.expander if e.label.endswith("Choosing k, and reading a value"))
    assert [h.value for h in fold.subheader] == ["How to choose k, and how to read a value"]
    assert [h.anchor for h in fold.subheader] == ["choosing-k"]
    (depths,) = [df.value.set_index("k") for df in fold.dataframe]
    assert depths.index.tolist() == ["1", "3", "5", "6"]
    assert depths.loc["5", "Your NDCG@k"] == f"{ndcg([3, 2, 3, 0, 1, 2], 5):.4f}"
    assert depths.loc["1", "A random order, on average"] == f"{11 / 6 / 3:.4f}"  # mean gain / 3


def tables_with(at, column: str):
    """Every table with this column, in page order (an example's, then your list's)."""
    return [df.value for df in at.dataframe if column in df.value.columns]


def test_loading_the_closed_ideal_example_puts_it_in_the_list():
    at = reveal(open_page(PITFALLS, rels="3,2,3,0,1,2"))
    assert "Your list has no judged-but-not-retrieved items" in text(at)
    at.button(key="learn_pitfalls_load_closed_0").click().run()
    assert at.text_area(key="learn_pitfalls_text").value == "1, 0, 0"
    assert at.text_input(key="learn_pitfalls_pool").value == "1, 1"
    assert at.query_params["pool"] == "1,1"
    assert "from every judged item: **0.4693** (−0.5307)" in text(at)


def test_loading_the_ideal_cut_example_sets_k():
    at = reveal(open_page(PITFALLS, rels="3,2,3,0,1,2"))
    at.button(key="learn_pitfalls_load_ideal_cut_0").click().run()
    assert at.query_params["k"] == "3"
    assert "would give **0.9197** (+0.2158)" in text(at)


def test_your_list_runs_through_every_pitfall():
    at = reveal(open_page(PITFALLS, rels="2,0,1", pool="2", k="2"))
    said = text(at)
    closed = ndcg([2, 0, 1], 2)
    pooled = ndcg([2, 0, 1], 2, ideal=[2, 0, 1, 2])
    assert f"{closed:.4f}" in said and f"{pooled:.4f}" in said
    assert f"P@2 **{p_at_k([2, 0], 2):.4f}**" in said
    example, mine, depths = tables_with(at, "A random order, on average")
    assert example["Query"].tolist() == ["easy query, worst order", "hard query"]
    assert mine["Query"].tolist() == ["your list"]
    assert mine["NDCG@2"].tolist() == [f"{pooled:.4f}"]  # the pool joins the ideal
    # choosing k: the list at k = 1, its own k = 2 and k = n = 3, the pool in every ideal
    assert depths["k"].tolist() == ["1", "2", "3"]
    assert depths["Your NDCG@k"].tolist() == [
        f"{ndcg([2, 0, 1], k, ideal=[2, 0, 1, 2]):.4f}" for k in (1, 2, 3)
    ]


def test_the_hard_query_button_loads_it():
    at = reveal(open_page(PITFALLS))
    at.button(key="learn_pitfalls_load_compare_1").click().run()
    assert at.query_params["rels"] == "0,1,0,0,0,0,0,0,0,0"


def test_the_playground_link_of_a_pitfall_carries_its_list():
    at = reveal(open_page(PITFALLS))
    urls = [button.proto.url for button in at.get("link_button")]
    assert "/playground?rels=1,0,0&pool=1,1" in urls
    assert "/playground?rels=1,0,1,1,0&k=3" in urls


# ---------------------------------------------------------------------------------- Labels


def _ndcg_by_hand(gains, ideal=None) -> float:
    """Linear gain over log2(i + 1), against `ideal` (default: the same gains sorted)."""
    gains = np.asarray(gains, dtype=float)
    ideal = np.sort(gains if ideal is None else np.asarray(ideal, dtype=float))[::-1]
    dcg = (gains / np.log2(np.arange(2, gains.size + 2))).sum()
    return dcg / (ideal / np.log2(np.arange(2, ideal.size + 2))).sum()


def test_ratings_read_as_labels():
    at = open_page(LABELS, rels="3,2,3,0,1,2")
    shown = cards(at)
    assert shown["NDCG@6, ratings as labels"] == f"{ndcg([4, 3, 4, 1, 2, 3]):.4f}"
    assert shown["NDCG@6, ratings − 1"] == "0.9608"
    said = text(at)
    # Same positions (k = n): the shift raises NDCG, and the page says so with the numbers.
    assert f"it raised NDCG@6, from 0.9608 to {_ndcg_by_hand([4, 3, 4, 1, 2, 3]):.4f}" in said
    assert "makes the ideal ranking longer" not in said


def test_adding_one_to_every_label_can_lower_ndcg_when_the_ideal_is_longer():
    at = open_page(LABELS, rels="3,2", pool="0,0,0", k="none")
    shown = cards(at)
    # By hand: the list 4, 3 against an uncut ideal of 4, 3, 1, 1, 1.
    lowered = _ndcg_by_hand([4, 3], ideal=[4, 3, 1, 1, 1])
    assert f"{lowered:.4f}" == "0.8173" == shown["NDCG, ratings as labels"]
    assert shown["NDCG, ratings − 1"] == "1.0000"
    assert "it lowered NDCG, from 1.0000 to 0.8173" in text(at)


def _library_table(at):
    return static_table(at, "Its NDCG")


def test_fractional_labels_library_by_library():
    at = open_page(LABELS, rels="3,2,3,0,1,2")
    libraries = _library_table(at)
    assert set(libraries["With your labels"]) == {"uses them as given"}
    # The fold holding the table stays closed while every library takes the labels as given.
    assert [e.proto.expanded for e in at.expander if "labels between 0 and 1" in e.label] == [False]
    at.button(key="learn_labels_load_fractions").click().run()
    assert at.query_params["rels"] == "0.5,0.9,0.3,0.6,0.1"
    libraries = _library_table(at)
    assert libraries.loc["trec_eval via pytrec_eval", "Its NDCG"] == "refuses"
    assert libraries.loc["trec_eval, the command-line program", "Its NDCG"] == "0.0000 ⚠"
    assert "0.5 became 0" in libraries.loc["trec_eval, the command-line program", "It says or does"]
    assert libraries.loc["ranx", "Its NDCG"] == "0.0000 ⚠"
    assert libraries.loc["scikit-learn", "With your labels"] == "uses them as given"
    # XGBoost's switch scores them, with the gain rel: by hand, 0.8930.
    by_hand = _ndcg_by_hand([0.5, 0.9, 0.3, 0.6, 0.1])
    assert libraries.loc["XGBoost with ndcg_exp_gain=False", "Its NDCG"] == f"{by_hand:.4f}"
    assert [e.proto.expanded for e in at.expander if "labels between 0 and 1" in e.label] == [True]
    warning = " ".join(w.value for w in at.warning).replace("\\_", "_")
    assert "refused by trec_eval via pytrec_eval, LightGBM, XGBoost" in warning
    assert "changed without a warning by trec_eval, the command-line program, ranx" in warning
    assert "trec_eval program itself" in text(at)


def _skip_question(at):
    at.button(key="predict_learn_labels_clicks_log_skip").click().run()
    assert not at.exception, [e.value for e in at.exception]


def test_clicks_logged_under_your_order_are_asked_about_before_they_are_shown():
    at = open_page(LABELS, rels="3,2,3,0,1,2", unfold=True)
    assert not [df for df in at.dataframe if "NDCG@6, clicks logged under A" in df.value.columns]
    radio = at.radio(key="predict_learn_labels_clicks_log_choice")
    assert radio.options == [
        "B still wins, by about as much",
        "B still wins, by more",
        "B still wins, by less",
        "A wins",
    ]
    radio.set_value("B still wins, by less")
    at.button(key="FormSubmitter:predict_learn_labels_clicks_log_form-Check my guess").click().run()
    assert "Right!" in " ".join(s.value for s in at.success)
    scores = table_with(at, "NDCG@6, clicks logged under A").set_index("Order")
    # By hand: seen with chance 1/i, attractive rel/3; B is the best order and every item keeps
    # the click rate it earned under A.
    rels = np.array([3, 2, 3, 0, 1, 2])
    ctr = rels / 3 / np.arange(1, 7)
    best = np.argsort(-rels, kind="stable")
    a, b = scores.index
    assert scores.loc[a, "NDCG@6, real labels"] == "0.9608"
    assert scores.loc[b, "NDCG@6, real labels"] == "1.0000"
    assert scores.loc[a, "NDCG@6, clicks logged under A"] == f"{_ndcg_by_hand(ctr):.4f}"
    assert scores.loc[b, "NDCG@6, clicks logged under A"] == f"{_ndcg_by_hand(ctr[best]):.4f}"
    assert scores.loc[a, "NDCG@6, those clicks ÷ θᵢ"] == "0.9608"
    assert "exactly the real labels' NDCG" in text(at)


def test_a_log_can_make_a_worse_order_win():
    at = open_page(LABELS, rels="2,3,3,1,0,2")
    _skip_question(at)
    scores = table_with(at, "NDCG@6, clicks logged under A").set_index("Order")
    a, b = scores.index
    assert scores.loc[a, "NDCG@6, real labels"] < scores.loc[b, "NDCG@6, real labels"]
    assert scores.loc[a, "NDCG@6, clicks logged under A"] == "0.9962"
    assert scores.loc[b, "NDCG@6, clicks logged under A"] == "0.9144"


def test_under_the_exponential_gain_the_corrected_labels_are_on_another_scale():
    at = open_page(LABELS, rels="3,2,3,0,1,2", gain="exponential", unfold=True)
    _skip_question(at)
    assert "2^0.5 − 1 is not half of 2^3 − 1" in text(at)


def test_clicks_of_your_order_and_of_the_worst_order():
    at = open_page(LABELS, rels="3,2,3,0,1,2", unfold=True)
    scores = table_with(at, "Difference").set_index("Order")
    assert scores.loc["your order", "NDCG@6, real labels"] == "0.9608"
    assert scores.loc["worst order (least relevant first)", "NDCG@6, its own clicks"] == "0.7479"
    assert r"c_{2} = 0.5000 \cdot 0.6667 = 0.3333" in latex(at)
    # The chart draws those numbers: a and c as bars, θ as a line (the page's own chart).
    attractive, clicked, looked = chart_at(at, "learn_labels_clicks")["series"]
    assert (attractive["y"][1], looked["y"][1]) == (pytest.approx(2 / 3), 0.5)
    assert clicked["y"][1] == pytest.approx(1 / 3) and clicked["kind"] == "bars"
    assert "trust bias" in text(at).lower() and "Craswell et al. (2008)" in text(at)
    at.radio(key="learn_labels_examination").set_value("geometric").run()
    assert at.slider(key="learn_labels_p").value == 0.8
    at.button(key="learn_labels_worst").click().run()
    assert at.query_params["rels"] == "0,1,2,2,3,3"


def test_the_labels_page_after_an_all_zero_list():
    at = open_page(LABELS, rels="0,0,0", unfold=True)
    assert not at.exception
    scores = table_with(at, "Difference").set_index("Order")
    assert scores.loc["your order", "NDCG@3, real labels"] == "0.0000"


@pytest.mark.parametrize(
    ("page", "prefix"), [(DISCOUNT, "learn_discount"), (PITFALLS, "learn_pitfalls")]
)
def test_every_reveal_takes_every_convention_of_the_list(page, prefix):
    # The control explorer opens pages with their questions unanswered: here the reveals (your
    # list through each pitfall, the moves' costs) meet each convention, a pool and a gain map.
    at = reveal(open_page(page, rels="0.5,2,1.5,0,3", pool="2,0.7"))
    for kind, key, value in (
        ("radio", "gain", "exponential"),
        ("radio", "discount", "jarvelin"),
        ("number_input", "base", 3.5),
        ("selectbox", "k", "none"),
        ("selectbox", "k", 1),
        ("radio", "gain", "map"),
    ):
        getattr(at, kind)(key=f"{prefix}_{key}").set_value(value).run()
        assert not at.exception, (key, value, [e.value for e in at.exception])
    assert not skips(at)  # still revealed: the answers outlive a change of the list


def test_lessons_keep_a_huge_list_working():
    rels = ",".join(str(i % 4) for i in range(300))
    for page in (DISCOUNT, PITFALLS, LABELS):
        at = reveal(open_page(page, rels=rels))
        assert not at.exception, page


# ------------------------------------------------------------------ sources named by title

# A source's file number as learner text might say it: "note 002", "Source 004", "(000, 003)".
FILE_NUMBER = re.compile(r"(?i:\b(?:notes?|sources?)\s+00\d)|(?<![\d.,_])00[0-4](?!\d)")
TEXT_KINDS = ("markdown", "caption", "info", "warning", "error", "success", "title", "header")
TEXT_KINDS += ("subheader", "latex", "code")
LABEL_KINDS = ("button", "toggle", "checkbox", "expander", "tab", "metric", "page_link")
LEARNER_PAGES = [
    "views/glossary.py",
    *sorted(page.script for page in menu.PAGES if page.script.startswith("views/learn/")),
]


def every_text(at) -> list[str]:
    """What a learner can read on the page: texts, labels and help, tables and their headings."""
    said = [element.value for kind in TEXT_KINDS for element in at.get(kind)]
    for kind in LABEL_KINDS:
        for element in at.get(kind):
            proto = element.proto
            said += [getattr(proto, field, "") for field in ("label", "help")]
    for element in [*at.get("radio"), *at.get("selectbox")]:
        said += [element.label, *map(str, element.options)]
    for table in [*at.table, *at.dataframe]:
        frame = table.value
        said += [str(v) for v in (*frame.columns, *frame.index, *frame.to_numpy().ravel())]
    return [text for text in said if isinstance(text, str)]


@pytest.mark.parametrize("page", LEARNER_PAGES)
def test_learner_pages_name_sources_by_title_not_by_file_number(page):
    at = open_page(page)
    said = every_text(at)
    assert len(said) > 10, "the page's text was read"
    assert not [text for text in said if FILE_NUMBER.search(text)]


# ------------------------------------------------------------------------ a gain map, chosen


def test_the_pitfalls_take_a_gain_map_for_a_list_without_a_0():
    # Padding appends grade-0 items: the default map holds 0=0, and a typed map without it is
    # extended as 2^g − 1 would, said in a note (the core's one rule for a derived list).
    at = reveal(open_page(PITFALLS, rels="3,2,1"))
    at.radio(key="learn_pitfalls_gain").set_value("map").run()
    assert not at.exception, [e.value for e in at.exception]
    assert at.text_input(key="learn_pitfalls_gain_map").value == "0=0, 1=1, 2=3, 3=7"
    at.text_input(key="learn_pitfalls_gain_map").input("1=1, 2=3, 3=7").run()
    assert not at.exception, [e.value for e in at.exception]
    assert_message(at.info, "The gain map 1=1, 2=3, 3=7 gives no gain for grade(s) 0", "2^g − 1")
    assert "NDCG@3 **1.0000** → NDCG@11 **1.0000**" in text(at)


def test_the_labels_lesson_scores_click_rates_under_a_gain_map():
    at = open_page(LABELS, rels="3,2,3,0,1,2", gain="map:0=0,1=1,2=3,3=7", unfold=True)
    assert not at.exception, [e.value for e in at.exception]
    scores = table_with(at, "Difference").set_index("Order")
    # The map is 2^g − 1 on 0–3, extended the same way to the fractional click rates.
    ctr = [1.0, 1 / 3 * 2 / 3 * 0 + 2 / 3 / 2, 1 / 3, 0.0, 1 / 3 / 5, 2 / 3 / 6]
    expected = ndcg(ctr, gain="exponential")
    assert scores.loc["your order", "NDCG@6, its own clicks"] == f"{expected:.4f}"
    assert_message(at.info, "With the click rates as labels", "2^g − 1")


def test_the_clicks_question_stays_the_one_answered_when_the_list_changes():
    at = open_page(LABELS, rels="3,2,3,0,1,2", unfold=True)
    _skip_question(at)
    at.button(key="learn_labels_worst").click().run()
    assert at.query_params["rels"] == "0,1,2,2,3,3"
    said = text(at)
    assert "your order, A (3, 2, 3, 0, 1, 2)" in said  # the question asked, kept
    scores = table_with(at, "NDCG@6, clicks logged under A")
    assert scores["Order"][0].startswith("A, your order: 0, 1, 2, 2, 3, 3")  # the reveal: now
