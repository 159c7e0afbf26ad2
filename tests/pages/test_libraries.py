"""AppTest: /libraries shows every preset's verdict, reads and writes its URL, never crashes."""

from __future__ import annotations

import contextlib
import io
import math
import re

import pytest

from ndcg_core.conventions import PRESETS, evaluate_query

from .conftest import open_page

PAGE = "views/libraries.py"


def snippet_shown(at) -> str:
    """The library snippet (the sidebar's share link is a code block too)."""
    return [code.value for code in at.code if code.language == "python"][-1]


def results(at):
    """The main table (the page's only st.table), as a frame."""
    return at.table[0].value


def row(at, key: str):
    """The table row of the preset `key` (rows follow PRESETS)."""
    table = results(at)
    index = [p.key for p in PRESETS].index(key)
    assert table["library"].iloc[index] == PRESETS[index].library
    return table.iloc[index]


def test_loads_with_url_and_rows_match_the_core():
    at = open_page(PAGE, rels="3,2,3,0,1,2", pool="3,2", k="6")
    table = results(at)
    expected = evaluate_query([3, 2, 3, 0, 1, 2], 6, pool=[3, 2])
    assert len(table) == len(expected) == 12
    for (_, shown), verdict in zip(table.iterrows(), expected):
        assert shown["library"] == verdict.preset.library
        assert shown["measure"] == verdict.metric
        assert shown["value"] == pytest.approx(verdict.value, abs=1e-12)
    assert row(at, "sklearn")["verdict"] == "0.9608"
    trec = row(at, "trec_ndcg_cut")
    assert trec["verdict"] == "0.7850"
    assert trec["differs by"] == "ideal source and cut"
    assert not at.warning and not at.error


def test_scores_and_ids_from_the_url_pin_the_tie_order():
    at = open_page(PAGE, rels="0,2,1,3", scores="0.8,0.8,0.5,0.5", ids="d1,d4,d2,d3")
    assert at.text_input(key="libraries_scores").value == "0.8, 0.8, 0.5, 0.5"
    assert at.text_input(key="libraries_ids").value == "d1, d4, d2, d3"
    assert row(at, "sklearn")["verdict"] == "0.7334"
    assert row(at, "trec_ndcg_cut")["verdict"] == "0.8254"
    assert row(at, "trec_ndcg_cut")["differs by"] == "ties"
    # the tie visualiser: groups A and B, and one row per tie rule
    ranked = at.dataframe[1].value
    assert list(ranked["tie group"]) == ["A", "A", "B", "B"]
    ties = at.dataframe[2].value
    assert ties["order"].iloc[1] == "d4, d1, d3, d2"
    assert len(at.get("plotly_chart")) == 1


def test_typed_scores_and_ids_go_to_the_url():
    at = open_page(PAGE, rels="1,0,2")
    at.text_input(key="libraries_scores").set_value("5, 5, 1").run()
    at.text_input(key="libraries_ids").set_value("a, b, c").run()
    assert at.query_params["scores"] == "5,5,1"
    assert at.query_params["ids"] == "a,b,c"
    at.text_input(key="libraries_scores").set_value("").run()
    assert "scores" not in at.query_params


def test_bad_url_params_are_messages():
    at = open_page(PAGE, rels="1,0,2", scores="1,2", ids="a,a,b", k="x")
    warnings = " ".join(w.value for w in at.warning)
    assert "2 scores for 3 items" in warnings
    assert "ids must be unique" in warnings
    assert "k must be a positive whole number" in warnings
    assert not at.exception


def test_bad_typed_input_keeps_the_text_and_the_last_list():
    at = open_page(PAGE, rels="1,0,2")
    at.text_input(key="libraries_scores").set_value("1, two, 3").run()
    assert any("'two'" in e.value for e in at.error)
    assert at.text_input(key="libraries_scores").value == "1, two, 3"
    at.text_input(key="libraries_scores").set_value("1, 2").run()
    assert any("2 scores for 3 items" in e.value for e in at.error)
    at.text_input(key="libraries_ids").set_value("a, b").run()
    assert any("2 ids for 3 items" in e.value for e in at.error)
    at.text_area(key="libraries_text").set_value("1, x").run()
    assert any("'x'" in e.value for e in at.error)
    assert len(results(at)) == 12  # the last valid list is still scored


def test_a_refusal_is_a_verdict_not_an_app_error():
    at = open_page(PAGE, rels="2,-1,1,0")
    sklearn = row(at, "sklearn")
    assert sklearn["verdict"] == "refuses"
    assert "negative y_true" in sklearn["why, in plain words"]
    assert row(at, "trec_ndcg_cut")["verdict"].endswith("⚠")
    assert not at.exception and not at.error
    # other pages refuse negative labels, so this list is not shared with them
    assert min(at.session_state["shared_list_state"].values) >= 0


def test_gallery_click_loads_the_case():
    at = open_page(PAGE)
    at.button(key="libraries_gallery_continuous").click().run()
    assert at.text_area(key="libraries_text").value == "0.9, 0.3, 0.6, 0.1"
    assert row(at, "ranx_ndcg")["verdict"] == "0.0000 ⚠"
    assert row(at, "trec_ndcg_cut")["verdict"] == "refuses"
    assert any("Continuous 0–1 labels" in i.value for i in at.info)
    at.button(key="libraries_gallery_not_retrieved").click().run()
    assert at.text_input(key="libraries_pool").value == "3, 2"
    assert at.query_params["pool"] == "3,2"
    gallery = at.dataframe[0].value
    assert gallery.loc["LightGBM ndcg@k", "All-zero list"] == "1.0000"


def test_snippet_on_the_page_prints_the_number_it_shows():
    at = open_page(PAGE, rels="3,2,3,0,1,2", pool="3,2", k="6")
    for key, needle in (
        ("sklearn", "ndcg_score"),
        ("trec_ndcg_cut", '"ndcg_cut.6"'),
        ("jarvelin", "max(1.0, math.log2(i))"),
    ):
        at.selectbox(key="libraries_snippet").set_value(key).run()
        code = snippet_shown(at)
        assert needle in code
        if key == "trec_ndcg_cut":
            assert any(r"\frac{6.8611}{8.7403} = 0.785" in x.value for x in at.latex)
        expected = next(m.value for m in at.markdown if m.value.startswith("Expected output"))
        shown = float(re.search(r"`(.+)`", expected).group(1))
        out = io.StringIO()
        with contextlib.redirect_stdout(out):
            exec(compile(code, "<snippet>", "exec"), {})
        assert math.isclose(float(out.getvalue().split()[-1]), shown, abs_tol=1e-9)


def test_playground_link_carries_the_list():
    at = open_page(PAGE, rels="3,2,1", k="2", pool="3")
    link = next(m.value for m in at.markdown if "playground" in m.value)
    assert "/playground?rels=3,2,1&k=2&pool=3" in link


def test_labels_from_the_url_are_the_ids_and_k_may_pass_the_list():
    at = open_page(PAGE, rels="1,1,0", labels="zeta,alpha,mid", scores="2,2,1", k="5")
    # trec_eval breaks the tie by id, descending: zeta before alpha
    at.selectbox(key="libraries_snippet").set_value("trec_ndcg").run()
    assert '"zeta": 1, "alpha": 1, "mid": 0' in snippet_shown(at)
    assert at.selectbox(key="libraries_k").value == 5
    assert row(at, "trec_ndcg_cut")["measure"] == "ndcg_cut.5"
    assert not at.warning
