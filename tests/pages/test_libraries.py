"""AppTest: /libraries shows every preset's verdict, reads and writes its URL, never crashes.

Elements are found by key or label: the results table inside the container
``libraries_verdicts``, the headline cards by label, the other tables by key.
"""

from __future__ import annotations

from urllib.parse import parse_qs

import pytest
from streamlit.testing.v1 import AppTest

from devtools import ROOT
from ndcg_core.libraries import PRESETS, evaluate_query

from .conftest import open_page

PAGE = "views/libraries.py"


def results(at):
    """The results table, one row per preset (in PRESETS order), as a frame."""
    return at.get_by_key("libraries_verdicts").table[0].value


def row(at, key: str):
    """The results row of the preset `key`."""
    table = results(at)
    index = [p.key for p in PRESETS].index(key)
    assert table["library"].iloc[index] == PRESETS[index].library
    assert len(table) == len(PRESETS)
    return table.iloc[index]


def frame(at, key: str):
    """The dataframe inside the keyed container `key`."""
    return at.get_by_key(key).dataframe[0].value


def card(at, label_start: str) -> str:
    """The value of the headline card whose label starts with `label_start`."""
    return next(m.value for m in at.metric if m.label.startswith(label_start))


def skip_question(at) -> None:
    """Press "Just show me", as a reader on a second visit does, to see the headline numbers."""
    at.button(key="predict_libraries_pair_skip").click().run()


def snippet_shown(at) -> str:
    """The library program (the sidebar's share link is a code block too)."""
    return next(code.value for code in at.code if code.language == "python")


def texts(elements) -> str:
    return " ".join(e.value for e in elements)


def playground_links(at) -> list[dict]:
    return [
        {key: values[0] for key, values in parse_qs(link.proto.query_string).items()}
        for link in at.get("page_link")
        if link.proto.page.endswith("playground.py") or "playground" in link.proto.page
    ]


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


def test_pooled_wikipedia_at_k_n_and_without_a_cut_off():
    """The home card's link: k = n by default, both choices offered, every number as promised."""
    at = open_page(PAGE, rels="3,2,3,0,1,2", pool="3,2", unfold=True)
    k_box = at.selectbox(key="libraries_k")
    assert k_box.value == "n"
    assert k_box.options[:2] == [
        "k = n, every ranked position (6)",
        "No cut-off: the ideal spans every judged item",
    ]
    assert "k = n = 6" in texts(at.markdown)
    skip_question(at)
    assert card(at, "scikit-learn ndcg_score(k=6)") == "0.9608"
    assert card(at, "trec_eval ndcg_cut.6") == "0.7850"
    assert row(at, "trec_ndcg")["verdict"] == "0.7562"
    assert row(at, "jarvelin")["verdict"] == "0.7691"
    assert row(at, "jarvelin")["measure"] == "nDCG@6, b = 2"
    # the Järvelin–Kekäläinen row opens in the playground as the same number
    at.selectbox(key="libraries_snippet").set_value("jarvelin").run()
    assert {"rels": "3,2,3,0,1,2", "discount": "jarvelin", "pool": "3,2"} in playground_links(at)
    playground = open_page(
        "views/playground.py", rels="3,2,3,0,1,2", discount="jarvelin", pool="3,2"
    )
    assert card(playground, "NDCG@6") == "0.7691"

    at.selectbox(key="libraries_k").set_value("none").run()
    assert "no cut-off" in texts(at.markdown)
    assert row(at, "jarvelin")["verdict"] == "0.7439"
    assert row(at, "trec_ndcg_cut")["verdict"] == "0.7850"  # ndcg_cut has no form without k
    assert row(at, "trec_ndcg")["verdict"] == "0.7562"
    assert card(at, "scikit-learn ndcg_score(k=None)") == "0.9608"
    assert at.query_params["k"] == "none"


def test_the_spread_leaves_out_the_paper_and_says_so():
    at = open_page(PAGE, rels="3,2,3,0,1,2", pool="3,2")
    skip_question(at)
    assert card(at, "Spread across libraries") == "0.2097"  # 0.9608 − 0.7511 (ranx burges)
    spread = next(m for m in at.metric if m.label == "Spread across libraries")
    assert "not a library" in spread.proto.help
    assert any("Järvelin–Kekäläinen (2002) is not a library" in c.value for c in at.caption)


def test_scores_and_ids_from_the_url_pin_the_tie_order():
    at = open_page(PAGE, rels="0,2,1,3", scores="0.8,0.8,0.5,0.5", ids="d1,d4,d2,d3")
    assert at.text_input(key="libraries_scores").value == "0.8, 0.8, 0.5, 0.5"
    assert at.text_input(key="libraries_ids").value == "d1, d4, d2, d3"
    assert row(at, "sklearn")["verdict"] == "0.7334"
    assert row(at, "trec_ndcg_cut")["verdict"] == "0.8254"
    assert row(at, "trec_ndcg_cut")["differs by"] == "ties"
    # the tie visualiser: groups A and B, and one row per tie rule
    ranked = frame(at, "libraries_ranked")
    assert list(ranked["tie group"]) == ["A", "A", "B", "B"]
    assert list(ranked["score"]) == ["0.8", "0.8", "0.5", "0.5"]  # as given, input order in a tie
    ties = frame(at, "libraries_ties").set_index("rule")
    assert ties.loc["By document id, descending (trec_eval)", "order (top first)"] == (
        "d4, d1, d3, d2"
    )
    assert at.get_by_key("libraries_ties_chart").type == "plotly_chart"


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
    warnings = texts(at.warning)
    assert "2 scores for 3 items" in warnings
    assert "must be unique; 'a' is at positions 1 and 2" in warnings
    assert "k must be a whole number" in warnings
    assert not at.exception


def test_bad_typed_input_keeps_the_text_and_the_last_list():
    at = open_page(PAGE, rels="1,0,2")
    at.text_input(key="libraries_scores").set_value("1, two, 3").run()
    assert "'two'" in texts(at.error)
    assert at.text_input(key="libraries_scores").value == "1, two, 3"
    at.text_input(key="libraries_scores").set_value("1, 2").run()
    assert "3 items but 2 scores" in texts(at.error)
    at.text_input(key="libraries_ids").set_value("a, b").run()
    assert "must have one id per item: 3 items but 2 ids" in texts(at.error)
    at.text_area(key="libraries_text").set_value("1, x").run()
    assert "'x'" in texts(at.error)
    assert len(results(at)) == 12  # the last valid list is still scored
    assert not at.exception


def test_a_refusal_is_a_verdict_not_an_app_error():
    at = open_page(PAGE, rels="2,-1,1,0")
    sklearn = row(at, "sklearn")
    assert sklearn["verdict"] == "refuses"
    assert "negative y_true" in sklearn["why, in plain words"]
    assert row(at, "trec_ndcg_cut")["verdict"].endswith("⚠")
    assert not at.exception and not at.error
    # other pages refuse negative labels, so this list is not shared with them
    if "shared_ranked_list" in at.session_state:  # only once some page has shared one
        assert min(at.session_state["shared_ranked_list"].relevances) >= 0
    assert "refuses negative labels" in texts(at.caption)


def test_a_number_the_app_cannot_compute_is_a_refusal_with_its_reason():
    at = open_page(PAGE, rels="3,2,1001,0", unfold=True)
    burges = row(at, "ranx_ndcg_burges")
    assert burges["verdict"] == "refuses"
    assert burges["why, in plain words"].startswith("NDCG Lab refuses: With the exponential gain")
    assert row(at, "sklearn")["verdict"] != "refuses"
    at.selectbox(key="libraries_snippet").set_value("tf_ranking").run()
    assert any("NDCG Lab refuses" in code.value for code in at.code)
    assert not at.exception


def test_gallery_click_loads_the_case():
    at = open_page(PAGE)
    skip_question(at)
    at.button(key="libraries_gallery_continuous").click().run()
    assert at.text_area(key="libraries_text").value == "0.9, 0.3, 0.6, 0.1"
    assert row(at, "ranx_ndcg")["verdict"] == "0.0000 ⚠"
    assert row(at, "trec_ndcg_cut")["verdict"] == "refuses"
    assert "Continuous 0–1 labels" in texts(at.info)
    at.button(key="libraries_gallery_not_retrieved").click().run()
    assert at.text_input(key="libraries_pool").value == "3, 2"
    assert at.query_params["pool"] == "3,2"
    assert card(at, "trec_eval ndcg_cut.6") == "0.7850"
    gallery = frame(at, "libraries_gallery_table")
    assert gallery.loc["LightGBM ndcg@k", "All-zero list"] == "1.0000"
    at.button(key="libraries_gallery_ties").click().run()
    assert at.text_input(key="libraries_ids").value == "d1, d4, d2, d3"
    assert "Tied scores" in texts(at.info)


def test_k_beyond_the_list_then_any_other_page():
    """The gallery's "k larger than the list", then Home from the menu (home once failed on it
    with an IndexError), then every other page: each shows the list, none breaks."""
    # /libraries opened first, as a shared link does (open_page would run home first).
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=60)
    at.switch_page(PAGE)
    at.run()
    at.button(key="libraries_gallery_k_beyond").click().run()
    assert at.selectbox(key="libraries_k").value == 10
    skip_question(at)
    assert card(at, "scikit-learn ndcg_score(k=10)") == "0.7967"
    assert "k = 10" in texts(at.markdown)
    at.switch_page("views/home.py")
    at.run()
    assert not at.exception, [e.value for e in at.exception]
    assert at.text_area(key="home_text").value == "1, 3, 0"
    assert card(at, "NDCG") == "0.7967"  # 1, 3, 0: the same number at k = 10 as at k = n
    for page in ("views/playground.py", "views/ordering.py", "views/practice.py"):
        at.switch_page(page)
        at.run()
        assert not at.exception, (page, [e.value for e in at.exception])


def test_k_beyond_the_list_then_home_from_the_session_alone():
    """The same walk when the menu leaves the last page's parameters behind."""
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=60)
    at.switch_page(PAGE)
    at.run()
    at.button(key="libraries_gallery_k_beyond").click().run()
    at.query_params.clear()
    at.switch_page("views/home.py")
    at.run()
    assert not at.exception, [e.value for e in at.exception]
    assert at.text_area(key="home_text").value == "1, 3, 0"
    assert card(at, "NDCG") == "0.7967"


def test_playground_link_carries_the_list():
    at = open_page(PAGE, rels="3,2,1", k="2", pool="3")
    assert {"rels": "3,2,1", "k": "2", "pool": "3"} in playground_links(at)


def test_labels_from_the_url_are_the_ids_and_k_may_pass_the_list():
    at = open_page(PAGE, rels="1,1,0", labels="zeta,alpha,mid", scores="2,2,1", k="5", unfold=True)
    # trec_eval breaks the tie by id, descending: zeta before alpha
    at.selectbox(key="libraries_snippet").set_value("trec_ndcg").run()
    assert '"zeta": 1, "alpha": 1, "mid": 0' in snippet_shown(at)
    assert at.selectbox(key="libraries_k").value == 5
    assert row(at, "trec_ndcg_cut")["measure"] == "ndcg_cut.5"
    assert "beyond the list's 3 items" in texts(at.caption)
    assert not at.warning


def test_coming_back_to_the_page_keeps_the_list_in_its_box():
    at = open_page(PAGE, rels="1,3,0")
    at.switch_page("views/home.py")
    at.run()
    at.switch_page(PAGE)
    at.run()
    assert at.text_area(key="libraries_text").value == "1, 3, 0"
    assert not at.error


# ---------------------------------------------------------------------------------------------
# Predict first: what the two headline rows print, before the page shows them
# ---------------------------------------------------------------------------------------------

QUESTION = "predict_libraries_pair"


def unescaped(text: str) -> str:
    """Markdown as a reader sees it: the page escapes ``_`` and ``*`` in library names."""
    return text.replace("\\", "")


def question_text(at) -> str:
    return unescaped(texts(at.get_by_key(QUESTION).markdown))


def said(messages, *words: str) -> str:
    """The message, unescaped, that says every one of `words`."""
    found = [unescaped(m.value) for m in messages]
    for text in found:
        if all(word in text for word in words):
            return text
    raise AssertionError(f"no message says {words}; they say {found}")


def answer(at, option: str) -> None:
    at.radio(key=f"{QUESTION}_choice").set_value(option)
    at.button(key=f"FormSubmitter:{QUESTION}_form-Check my guess").click().run()


def numbers_shown(at) -> bool:
    """Whether the reveal is drawn: the headline cards, the brief table, what moves them."""
    keys = ("libraries_headline", "libraries_brief")
    shown = [key for key in keys if any(e.key == key for e in at.get("flex_container"))]
    moving = any("What moves the number here" in m.value for m in at.markdown)
    assert len(shown) in (0, 2) and (bool(shown) == moving or "agrees" in texts(at.markdown))
    return bool(shown)


def test_the_question_comes_before_the_numbers():
    at = open_page(PAGE, rels="3,2,3,0,1,2", pool="3,2")
    assert (
        "scikit-learn's ndcg_score(k=6) and trec_eval's ndcg_cut.6 both score the query above. "
        "What do they print?" in question_text(at)
    )
    assert at.radio(key=f"{QUESTION}_choice").options == [
        "The same number",
        "scikit-learn prints more",
        "trec_eval prints more",
        "One of them refuses it",
    ]
    assert not numbers_shown(at)
    assert not any(m.label.startswith("scikit-learn") for m in at.metric)
    assert "0.9608" not in question_text(at)
    # The folds stay within reach: every row explained, for a reader who wants it.
    assert row(at, "sklearn")["verdict"] == "0.9608"


def test_a_right_answer_is_judged_and_the_numbers_follow():
    at = open_page(PAGE, rels="3,2,3,0,1,2", pool="3,2")
    answer(at, "scikit-learn prints more")
    assert "Right!" in texts(at.success)
    assert numbers_shown(at)
    assert card(at, "scikit-learn ndcg_score(k=6)") == "0.9608"
    assert card(at, "trec_eval ndcg_cut.6") == "0.7850"
    (moving,) = [m.value for m in at.markdown if "What moves the number here" in m.value]
    assert "ideal source and cut (" in moving
    # Home ticks the stop: the question's key starts with the page's own.
    at.switch_page("views/home.py")
    at.run()
    assert at.checkbox(key="home_done_libraries").value


def test_a_wrong_answer_says_what_it_would_need_then_shows_the_numbers():
    at = open_page(PAGE, rels="3,2,3,0,1,2", pool="3,2")
    answer(at, "The same number")
    verdict = said(at.info, "Not quite.", "no relevant item judged but never retrieved")
    assert "scikit-learn prints 0.9608 and trec_eval 0.7850" in verdict
    assert "The ideal counts the 2 judged items never retrieved." in verdict
    assert numbers_shown(at)
    at.button(key=f"{QUESTION}_again").click().run()
    assert not numbers_shown(at)


@pytest.mark.parametrize(
    ("params", "right", "wrong", "because"),
    [
        ({"rels": "3,2,3,0,1,2"}, "The same number", "trec_eval prints more", "0.9608"),
        (
            {"rels": "0,2,1,3", "scores": "0.8,0.8,0.5,0.5", "ids": "d1,d4,d2,d3"},
            "trec_eval prints more",
            "scikit-learn prints more",
            "Tied scores are ordered by document id",
        ),
        (
            {"rels": "2,-1,1,0"},
            "One of them refuses it",
            "The same number",
            "should not be used on negative",
        ),
        ({"rels": "0.5,1,0"}, "One of them refuses it", "scikit-learn prints more", "integer"),
    ],
)
def test_scores_ties_and_refusals_are_judged_on_the_query_above(params, right, wrong, because):
    at = open_page(PAGE, **params)
    answer(at, wrong)
    assert said(at.info, "Not quite.", f"the answer is “{right}”", because)
    at.button(key=f"{QUESTION}_again").click().run()
    answer(at, right)
    assert "Right!" in texts(at.success)


def test_just_show_me_reveals_without_a_guess():
    at = open_page(PAGE, rels="3,2,3,0,1,2", pool="3,2")
    skip_question(at)
    assert "You went straight to the answer." in texts(at.get_by_key(QUESTION).caption)
    assert numbers_shown(at)
    assert card(at, "trec_eval ndcg_cut.6") == "0.7850"


def test_an_answer_stays_with_the_query_it_was_given_on():
    """A gallery click after answering changes the numbers, not the verdict on what was asked."""
    at = open_page(PAGE, rels="3,2,3,0,1,2", pool="3,2")
    answer(at, "scikit-learn prints more")
    at.button(key="libraries_gallery_negative").click().run()
    assert card(at, "scikit-learn") == "refuses"
    assert "Right!" in texts(at.success)
    assert (
        "both score your earlier query (3, 2, 3, 0, 1, 2; 2 judged, not retrieved; k = n = 6)"
        in (question_text(at))
    )
    at.button(key=f"{QUESTION}_again").click().run()
    assert "both score the query above" in question_text(at)
    assert not numbers_shown(at)
    answer(at, "One of them refuses it")
    assert "Right!" in texts(at.success)
