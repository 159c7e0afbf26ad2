"""AppTest for the home page and the tools app.py adds to every page."""

from urllib.parse import parse_qs

from ndcg_core import ndcg
from tests.pages.conftest import assert_message, copy_links, open_page


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


def test_the_libraries_card_opens_the_list_it_promises():
    at = open_page()
    links = {link.proto.page: link.proto for link in at.get("page_link")}
    assert "0.961" in links["libraries"].label or "0.785" in " ".join(c.value for c in at.caption)
    assert parse_qs(links["libraries"].query_string) == {"rels": ["3,2,3,0,1,2"], "pool": ["3,2"]}
    assert parse_qs(links["playground"].query_string)["rels"] == ["3,2,3,0,1,2"]


def test_every_page_offers_a_link_to_this_view_and_presenter_mode():
    at = open_page("views/playground.py", rels="1,0,2", k="2")
    assert any("rels=1,0,2" in link and "k=2" in link for link in copy_links(at))
    assert any(button.label == "📽️ Presenter view" for button in at.button)
