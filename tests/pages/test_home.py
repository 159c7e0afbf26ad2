"""AppTest for the home page and the tools app.py adds to every page."""

from tests.pages.conftest import open_page


def test_home_computes_the_typed_list():
    at = open_page(rels="3,2,3,0,1,2", pool="3,2", k="6")
    assert [m.value for m in at.metric] == ["0.7850", "6.8611", "8.7403", "11"]
    assert any("0.785" in latex.value for latex in at.get("latex"))


def test_a_typo_keeps_the_last_list_and_the_text():
    at = open_page(rels="3,2,3,0,1,2")
    at.text_area(key="home_text").set_value("3, x, 1").run()
    assert "value 2, 'x', is not a number" in at.error[0].value
    assert at.metric[0].value == "0.9608"
    assert at.text_area(key="home_text").value == "3, x, 1"


def test_a_bad_link_is_explained_and_the_example_shown():
    at = open_page(rels="3,<script>,1", k="-3")
    messages = " ".join(w.value for w in at.warning)
    assert (
        r"'\<script\>', is not a number" in messages and "k must" in messages
    )  # user text is escaped Markdown
    assert at.metric[0].value == "0.9608"


def test_every_page_offers_a_link_to_this_view_and_presenter_mode():
    at = open_page("views/ordering.py", rels="1,0,2", k="2")
    assert any("rels=1,0,2" in code.value and "k=2" in code.value for code in at.code)
    assert any(button.label == "📽️ Presenter view" for button in at.button)
