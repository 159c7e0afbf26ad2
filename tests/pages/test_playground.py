"""AppTest: the Playground page reads its URL, follows typing, dragging, buttons and settings,
and answers every bad input with a message instead of a traceback."""

from urllib.parse import parse_qs

import pytest
from streamlit.proto.Metric_pb2 import Metric

import i18n
from devtools.apptest import fragment_reruns
from ndcg_core import dcg, idcg, ndcg
from ndcg_core.permutations import ideal_order, worst_order
from tests.pages.conftest import (
    assert_message,
    board_data,
    copy_links,
    line_charts,
    move_on_board,
    open_page,
    unfolded,
)

PAGE = "views/playground.py"


def metrics(at) -> dict[str, str]:
    """Headline numbers by name: {'NDCG': '0.9608', ...} (labels read 'NDCG@6' etc.)."""
    return {m.label.split("@")[0]: m.value for m in at.metric}


def texts(at) -> str:
    parts = [e.value for e in at.markdown] + [e.value for e in at.caption]
    return "\n".join(str(p) for p in parts)


BOARD = "playground_board"


def drag(at, labels: list[str]):
    """What the ranking board reports after a drag: the labels in their new order."""
    return move_on_board(at, BOARD, labels)


def board_order(at) -> list[str]:
    return board_data(at, BOARD)["labels"]


def test_url_list_gives_the_documented_numbers():
    at = open_page(PAGE, rels="3,2,3,0,1,2")
    assert metrics(at)["NDCG"] == "0.9608"
    assert metrics(at)["DCG"] == f"{dcg([3, 2, 3, 0, 1, 2]):.4f}"
    assert metrics(at)["CG"] == "11.0000"
    assert not at.error and not at.warning
    assert any(r"\frac{6.8611}{7.1410} = 0.9608" in latex.value for latex in at.latex)
    assert [c["yTitle"] for c in line_charts(unfolded(at))] == [
        "Cumulative gain, discounted",
        "Discount multiplier",
        "NDCG@k",
    ]


def test_what_is_folded_away_is_drawn_once_its_fold_opens_and_follows_the_list():
    """A typed change reruns the page: the sums term by term, the table and the links to share
    cost it nothing while folded, and are drawn, for the list as it is, once opened."""
    at = open_page(PAGE, rels="3,2,3,0,1,2")

    def breakdowns():
        return [grid.value for grid in at.dataframe if "Cumulative DCG" in grid.value.columns]

    links = len(copy_links(at))
    assert len(line_charts(at)) == 1 and not breakdowns() and not at.download_button
    assert [e.label for e in at.expander if e.label.startswith(("🔎", "🔢", "🔗"))] == [
        "🔎 DCG and IDCG term by term, CG, and the curves explained",
        "🔢 Position by position, with a CSV download",
        "🔗 Share this example, and where to go next",
    ]
    unfolded(at).text_area(key="playground_text").set_value("0, 1, 3").run()
    assert len(line_charts(at)) == 3 and len(copy_links(at)) == links + 1
    assert breakdowns()[0]["Relevance"].tolist() == [0.0, 1.0, 3.0]
    assert any(r"\mathrm{CG@3} = 0 + 1 + 3 = 4" in latex.value for latex in at.latex)
    assert at.download_button[0].proto.label.startswith("⬇️ Download this table")


def test_pool_joins_the_ideal_and_k_all_cuts_it_at_the_list_length():
    at = open_page(PAGE, rels="3,2,3,0,1,2", pool="3,2")
    assert metrics(at)["NDCG"] == "0.7850"  # Wikipedia: IDCG@6 of all 8 judged items
    assert (
        metrics(at)["IDCG"] == f"{idcg([3, 2, 3, 0, 1, 2], 6, ideal=[3, 2, 3, 0, 1, 2, 3, 2]):.4f}"
    )
    deeper = open_page(PAGE, rels="3,2,3,0,1,2", pool="3,2", k="8")
    # trec_eval's plain ndcg: the ideal keeps every judged item
    assert (
        metrics(deeper)["NDCG"] == f"{ndcg([3, 2, 3, 0, 1, 2], ideal=[3, 2, 3, 0, 1, 2, 3, 2]):.4f}"
    )


def test_every_url_parameter_is_read_and_kept():
    params = dict(
        rels="1,3,0,2", labels="a,b,c,d", k="3", gain="exponential", discount="jarvelin", base="3"
    )
    at = open_page(PAGE, **params)
    want = ndcg([1, 3, 0, 2], 3, gain="exponential", discount="jarvelin", log_base=3)
    assert metrics(at)["NDCG"] == f"{want:.4f}"
    assert {key: at.query_params[key] for key in params} == params
    board = board_data(at, BOARD)
    assert (board["labels"][0], board["relevanceTexts"][0]) == ("a", "1")
    assert board["names"]["ndcg"] == "NDCG@3" and board["k"] == 3


def test_typing_a_list_updates_numbers_and_url():
    at = open_page(PAGE, rels="3,2,3,0,1,2")
    at.text_area(key="playground_text").set_value("0, 1, 3").run()
    assert metrics(at)["NDCG"] == f"{ndcg([0, 1, 3]):.4f}"
    assert at.query_params["rels"] == "0,1,3"
    assert not at.exception


def test_a_typed_change_reruns_the_page_under_its_title_alone_and_the_link_follows(monkeypatch):
    """In the browser a typed change (or a move, a control, a fold) reruns only the page's
    fragment, not app.py around it: the numbers, the address and the sidebar's link to this view
    all follow, in the page's language, and the sidebar keeps one link."""
    from ui import style

    with i18n.speaking("ru"):
        at = open_page(PAGE, rels="3,2,3,0,1,2", k="3", lang="ru")
        assert at._fragment_storage._fragments, "the page under its title is a fragment"
        styled = []
        monkeypatch.setattr(style, "apply", lambda *args: styled.append(args))
        with fragment_reruns(at):
            at.text_area(key="playground_text").set_value("0; 1; 3").run()
        assert not at.exception and not styled  # app.py did not run: its style was not sent
        assert metrics(at)["NDCG"] == f"{ndcg([0, 1, 3], 3):.4f}".replace(".", ",")
        assert at.query_params["rels"] == "0,1,3" and at.query_params["k"] == "3"
        (link,) = copy_links(at)
        assert "rels=0,1,3&k=3" in link and "lang=ru" in link
        said = i18n.tr("1 · Your ranking")
        assert at.header[0].value == said != "1 · Your ranking"
        at.run()  # a whole run (as after a language switch) sends the style again
        assert styled and copy_links(at) == [link]
        with fragment_reruns(at):
            at.text_area(key="playground_text").set_value("2; 1").run()
        at.switch_page("views/home.py").run()  # the next page draws its own link, as ever
        assert [e for e in at.sidebar if e.type == "bidi_component"]


@pytest.fixture
def sent(monkeypatch) -> list[str]:
    """The kinds of the elements each run sends, in the order it sends them (the browser draws
    them in that order), from the moment the fixture is asked for; "address" for each change
    of the address bar's query string, with the text sent."""
    from streamlit.runtime.scriptrunner_utils.script_run_context import ScriptRunContext

    kinds: list[str] = []
    enqueue = ScriptRunContext.enqueue

    def record(context, message):
        if message.WhichOneof("type") == "delta" and message.delta.HasField("new_element"):
            kinds.append(message.delta.new_element.WhichOneof("type"))
        elif message.WhichOneof("type") == "page_info_changed":
            kinds.append(f"address {message.page_info_changed.query_string}")
        return enqueue(context, message)

    monkeypatch.setattr(ScriptRunContext, "enqueue", record)
    return kinds


def test_a_typed_change_sends_its_numbers_before_the_controls(sent):
    """After a typed change the four cards go out first, before the list's box and the
    conventions' controls are drawn again (ui/scores.MetricsFirst), with the numbers of the
    list those controls then make, the change under each card included, and the new list's
    address before them. Where the controls
    could change what was typed (nothing relevant: the all-zero rule is asked), the cards
    come after them, as on a first run."""
    at = open_page(PAGE, rels="3,2,3,0,1,2", k="5")
    shown = ndcg([3, 2, 3, 0, 1, 2], 5)
    for typed, values, first in (
        ("0, 1, 3", [0, 1, 3], True),  # k = 5 beyond the list, kept and said
        ("0, 0", [0, 0], False),
        ("2, 1, 0, 3", [2, 1, 0, 3], True),
    ):
        sent.clear()
        with fragment_reruns(at):
            at.text_area(key="playground_text").set_value(typed).run()
        assert not at.exception
        assert (sent.index("metric") < sent.index("text_area")) == first, (typed, sent)
        # The new list's address goes out before its numbers: a learner who reloads as soon as
        # the new NDCG shows reopens this list (ui/page_state.show_address).
        rels = "rels=" + "%2C".join(str(v) for v in values)
        address = [i for i, kind in enumerate(sent) if kind.startswith("address") and rels in kind]
        assert address and address[0] < sent.index("metric"), (typed, sent)
        now = ndcg(values, 5)
        assert metrics(at)["NDCG"] == f"{now:.4f}", typed
        assert at.metric[0].label == "NDCG@5"
        if round(now, 4) != round(shown, 4):
            assert float(at.metric[0].delta.replace("−", "-")) == pytest.approx(
                now - shown, abs=2e-4
            )
        shown = now


def test_numbers_drawn_first_from_a_list_the_controls_then_change_are_drawn_again():
    """A pool typed with the list (its box not yet sent on its own) changes the list after the
    cards were drawn from what was typed: the cards are drawn again from the list the controls
    made, and their change is counted from the numbers shown before, not from the early ones."""
    at = open_page(PAGE, rels="3,2,3,0,1,2")
    before = ndcg([3, 2, 3, 0, 1, 2])
    at.text_area(key="playground_text").set_value("0, 1, 3")
    at.text_input(key="playground_pool").set_value("3, 3")
    with fragment_reruns(at):
        at.run()
    now = ndcg([0, 1, 3], 3, ideal=[0, 1, 3, 3, 3])  # k = n: the ideal cut at the list's length
    assert [m.value for m in at.metric][:1] == [f"{now:.4f}"] and len(at.metric) == 4
    assert float(at.metric[0].delta.replace("−", "-")) == pytest.approx(now - before, abs=2e-4)


def test_changing_k_gain_discount_and_base():
    at = open_page(PAGE, unfold=True, rels="3,2,3,0,1,2")
    at.selectbox(key="playground_k").set_value(3).run()
    assert metrics(at)["NDCG"] == f"{ndcg([3, 2, 3, 0, 1, 2], 3):.4f}"
    at.radio(key="playground_gain").set_value("exponential").run()
    assert metrics(at)["NDCG"] == f"{ndcg([3, 2, 3, 0, 1, 2], 3, gain='exponential'):.4f}"
    at.radio(key="playground_discount").set_value("jarvelin").run()
    at.number_input(key="playground_base").set_value(3.0).run()
    want = ndcg([3, 2, 3, 0, 1, 2], 3, gain="exponential", discount="jarvelin", log_base=3)
    assert metrics(at)["NDCG"] == f"{want:.4f}"
    assert at.query_params["k"] == "3" and at.query_params["discount"] == "jarvelin"
    # the change since the previous setting is shown beside the number, a fall as a fall
    assert any(m.delta for m in at.metric)
    for card in at.metric:
        if card.delta:
            fell = float(card.delta.replace("−", "-")) < 0
            arrow_down = card.proto.direction == Metric.MetricDirection.DOWN
            assert arrow_down == fell, (card.label, card.delta)
    ndcg_chart = line_charts(at)[-1]
    highlighted = ndcg_chart["series"][1]
    assert highlighted["x"] == [3] and highlighted["note"]["text"] == f"NDCG@3 = {want:.4f}"


def test_a_drag_reorders_the_list_and_the_url():
    at = open_page(PAGE, rels="3,2,3,0,1,2")
    drag(at, ["D4", "D1", "D2", "D3", "D5", "D6"])
    assert not at.exception
    assert metrics(at)["NDCG"] == f"{ndcg([0, 3, 2, 3, 1, 2]):.4f}"
    # The list was typed without labels: the box and the link keep it so; the board's names
    # for the items go with them.
    assert at.query_params["rels"] == "0,3,2,3,1,2"
    assert "labels" not in at.query_params
    assert at.text_area(key="playground_text").value == "0, 3, 2, 3, 1, 2"
    assert board_order(at) == ["D4", "D1", "D2", "D3", "D5", "D6"]
    drag(at, ["D1", "D4", "D2", "D3", "D5", "D6"])
    assert at.query_params["rels"] == "3,0,2,3,1,2"
    assert board_order(at) == ["D1", "D4", "D2", "D3", "D5", "D6"]
    # A move reported once is applied once: typing afterwards is not undone by it.
    at.text_area(key="playground_text").set_value("1, 2").run()
    assert at.query_params["rels"] == "1,2"
    assert board_order(at) == ["D1", "D2"]


def test_a_drag_keeps_typed_labels():
    at = open_page(PAGE, rels="3,2,1", labels="a,b,c")
    drag(at, ["c", "a", "b"])
    assert at.query_params["labels"] == "c,a,b"
    assert at.text_area(key="playground_text").value == "c=1, a=3, b=2"


def test_an_older_move_of_the_same_board_is_not_applied_again():
    """Only a forged message sends an older move of a board (a browser counts up): it is not
    applied, nor one with a count or a board name no board sends."""
    at = open_page(PAGE, rels="3,2,3,0,1,2")

    def report(labels, seq, mount="m1"):
        at.session_state[BOARD] = {"order": {"labels": labels, "mount": mount, "seq": seq}}
        return at.run()

    report(["D2", "D1", "D3", "D4", "D5", "D6"], 7)
    assert at.query_params["rels"] == "2,3,3,0,1,2"
    at.text_area(key="playground_text").set_value("3, 2, 3, 0, 1, 2").run()
    report(["D4", "D1", "D2", "D3", "D5", "D6"], 3)  # older than 7
    assert at.query_params["rels"] == "3,2,3,0,1,2"
    report(["D4", "D1", "D2", "D3", "D5", "D6"], 7)  # the same again
    assert at.query_params["rels"] == "3,2,3,0,1,2"
    for seq, mount in ((float("nan"), "m1"), (10**4000, "m1"), ([8], "m1"), (True, "m1"),
                       (8, {"a": 1}), (8, "x" * 100_000)):  # fmt: skip
        report(["D4", "D1", "D2", "D3", "D5", "D6"], seq, mount)
        assert not at.exception
        assert at.query_params["rels"] == "3,2,3,0,1,2", (seq, str(mount)[:20])
    report(["D4", "D1", "D2", "D3", "D5", "D6"], 8)  # the next move of that board
    assert at.query_params["rels"] == "0,3,2,3,1,2"
    report(["D4", "D1", "D2", "D3", "D5", "D6"], 1, mount="m2")  # a board drawn afresh
    assert not at.exception


@pytest.mark.parametrize(
    ("order_of", "relevances"),
    [
        (ideal_order, [3, 3, 2, 2, 1, 0]),
        (worst_order, [0, 1, 2, 2, 3, 3]),
        (lambda values: list(range(len(values)))[::-1], [2, 1, 0, 3, 2, 3]),  # reversed
    ],
)
def test_order_buttons(order_of, relevances):
    """The board's order buttons (its script sorts as `ndcg_core.permutations` does, see
    tests/browser/test_board.py): the order they report is the page's new list."""
    at = open_page(PAGE, rels="3,2,3,0,1,2")
    labels = board_order(at)
    drag(at, [labels[i] for i in order_of([3, 2, 3, 0, 1, 2])])
    assert metrics(at)["NDCG"] == f"{ndcg(relevances):.4f}"
    assert at.query_params["rels"] == ",".join(str(r) for r in relevances)


def test_shuffle_then_reset_and_move_buttons():
    at = open_page(PAGE, rels="3,2,3,0,1,2")
    drag(at, ["D2", "D6", "D1", "D5", "D3", "D4"])  # a shuffle on the board
    assert at.query_params["rels"] != "3,2,3,0,1,2"
    at.button(key="playground_reset").click().run()
    assert at.query_params["rels"] == "3,2,3,0,1,2"
    assert metrics(at)["NDCG"] == "0.9608"
    assert board_order(at) == ["D1", "D2", "D3", "D4", "D5", "D6"]  # the reset is not undone
    drag(at, ["D4", "D1", "D2", "D3", "D5", "D6"])  # D4 to the top
    assert at.query_params["rels"] == "0,3,2,3,1,2"
    drag(at, ["D1", "D4", "D2", "D3", "D5", "D6"])  # down one place
    assert at.query_params["rels"] == "3,0,2,3,1,2"
    drag(at, ["D1", "D2", "D3", "D5", "D6", "D4"])  # to the end
    assert at.query_params["rels"] == "3,2,3,1,2,0"
    assert metrics(at)["NDCG"] == f"{ndcg([3, 2, 3, 1, 2, 0]):.4f}"


def test_table_edits_change_the_list():
    at = open_page(PAGE, unfold=True, rels="3,2,3,0,1,2")  # the table editor's fold opened
    key = f"playground_table_{at.session_state['playground_table_version']}"
    at.session_state[key] = {
        "edited_rows": {0: {"Label": "top", "Relevance": 0.0}},
        "added_rows": [{"Label": "new", "Relevance": 3.0}],
        "deleted_rows": [5],
    }
    at.run()
    assert not at.exception and not at.error
    assert at.query_params["rels"] == "0,2,3,0,1,3"
    assert at.query_params["labels"] == "top,D2,D3,D4,D5,new"
    assert metrics(at)["NDCG"] == f"{ndcg([0, 2, 3, 0, 1, 3]):.4f}"


@pytest.mark.parametrize(
    ("edit", "message"),
    [
        ({"edited_rows": {1: {"Relevance": -1.0}}}, "Row 2"),
        ({"edited_rows": {1: {"Label": "D1"}}}, "already used"),
        ({"edited_rows": {1: {"Label": "a,b"}}}, "holds one of , ; = :"),
        ({"added_rows": [{"Label": "x"}]}, "has no relevance"),
        ({"deleted_rows": [0, 1, 2, 3, 4, 5]}, "empty"),
    ],
)
def test_bad_table_edits_keep_the_list_and_say_why(edit, message):
    at = open_page(PAGE, unfold=True, rels="3,2,3,0,1,2")  # the table editor's fold opened
    key = f"playground_table_{at.session_state['playground_table_version']}"
    at.session_state[key] = {"edited_rows": {}, "added_rows": [], "deleted_rows": [], **edit}
    at.run()
    assert not at.exception
    assert any(message in e.value for e in at.error)
    assert metrics(at)["NDCG"] == "0.9608"


@pytest.mark.parametrize(
    ("typed", "words"),
    [
        ("3, two, 1", "two"),
        ("3, -1, 2", "negative"),
        ("3, nan, 2", "finite"),
        ("3, inf, 2", "finite"),
        ("", ""),
    ],
)
def test_bad_typing_shows_an_error_and_keeps_the_last_list(typed, words):
    at = open_page(PAGE, rels="3,2,3,0,1,2")
    at.text_area(key="playground_text").set_value(typed).run()
    assert not at.exception
    assert_message(at.error, words)
    assert metrics(at)["NDCG"] == "0.9608"
    assert at.text_area(key="playground_text").value == typed  # nothing typed is thrown away


@pytest.mark.parametrize(
    ("params", "words"),
    [
        ({"rels": "3,2,1", "gain": "quadratic"}, "'quadratic' is not a gain"),
        ({"rels": "3,2,1", "discount": "ln"}, "'ln' is not a discount"),
        ({"rels": "3,2,1", "k": "-3"}, "k = n is used instead"),
        ({"rels": "3,2,1", "k": "1001"}, "k must be at most 1000; got 1001. k = 1000 is used"),
        ({"rels": "3,2,1", "base": "1"}, "log base 1 is outside 1.01–1000"),
        ({"rels": "3,2,1", "k": "9" * 5000}, "k must be a whole number from 1 to 1000"),
        ({"rels": "3,x,1"}, "could not be read"),
        ({"rels": "3,2,1", "labels": "a,b"}, "labels"),
        ({"rels": "3,2,1", "pool": "2,-1"}, "pool"),
    ],
)
def test_tampered_links_give_a_message_and_a_working_page(params, words):
    at = open_page(PAGE, **params)
    shown = [w.value.replace("\\", "") for w in at.warning]  # Markdown escapes aside
    assert any(words in w for w in shown), shown
    assert not any("set_int_max_str_digits" in w for w in shown)
    assert len(at.metric) == 4 and len(line_charts(unfolded(at))) == 3


def test_a_huge_link_is_capped_and_the_cards_say_so():
    at = open_page(PAGE, rels=",".join(["1", "0"] * 5000))
    assert any("10,000 values" in w.value for w in at.warning)
    assert len(board_order(at)) == 1000  # the board takes the app's longest list
    assert metrics(at)["NDCG"] == f"{ndcg([1.0, 0.0] * 500):.4f}"


def test_script_in_labels_is_only_ever_text():
    label = "<script>alert(1)</script>"
    at = open_page(PAGE, rels="1,2", labels=f"{label},<b>bold</b>")
    assert not at.exception
    assert "<script>" not in texts(at)
    assert board_order(at)[0] == label  # given to the board as data, drawn as text
    # The line charts are given the label as it is, and draw it as text (textContent):
    # tests/browser/test_injection.py hovers it.
    yours = line_charts(at)[0]["series"][1]
    assert yours["hover"][0].endswith(f"your item: {label}")


def test_links_to_other_pages_carry_every_setting():
    at = open_page(PAGE, unfold=True, rels="3,2,3,0,1,2", pool="3,2", k="none", gain="exponential")
    links = {link.proto.page: parse_qs(link.proto.query_string) for link in at.get("page_link")}
    want = {"rels": ["3,2,3,0,1,2"], "pool": ["3,2"], "k": ["none"], "gain": ["exponential"]}
    assert links["ordering"] == want and links["libraries"] == want
    assert any(
        "playground?rels=3,2,3,0,1,2&k=none&gain=exponential&pool=3,2" in link
        for link in copy_links(at)
    )


def test_the_all_zero_rule_is_asked_when_it_decides_and_travels_in_the_link():
    at = open_page(PAGE, rels="0,0,0", zero="1")
    assert metrics(at)["NDCG"] == "1.0000"
    at.radio(key="playground_zero").set_value("0").run()
    assert metrics(at)["NDCG"] == "0.0000" and "zero" not in at.query_params
    relevant = open_page(PAGE, rels="1,0")
    assert not [r for r in relevant.radio if r.key == "playground_zero"]


def test_an_ideal_from_the_ranked_items_alone_travels_in_the_link_and_can_be_undone():
    pooled = dict(rels="3,2,3,0,1,2", pool="3,2")
    at = open_page(PAGE, **pooled, ideal="run")
    assert metrics(at)["NDCG"] == f"{ndcg([3, 2, 3, 0, 1, 2]):.4f}" == "0.9608"  # pool left out
    assert at.query_params["ideal"] == "run"
    assert any("ideal from only the ranked documents" in i.value for i in at.info)
    assert any("ideal=run" in link for link in copy_links(at))
    at.radio(key="playground_ideal_source").set_value("judgments").run()
    assert metrics(at)["NDCG"] == "0.7850" and "ideal" not in at.query_params
    at.text_area(key="playground_text").set_value("3, 2, 3, 0, 1").run()  # the choice stays
    assert at.radio(key="playground_ideal_source").value == "judgments"
    # Without it in the link, the control is not there and the judged items make the ideal.
    assert not [r for r in open_page(PAGE, **pooled).radio if r.key == "playground_ideal_source"]


def test_a_wide_log_base_from_a_link_is_used_as_given():
    at = open_page(PAGE, rels="1,2,3,0", discount="jarvelin", base="150")
    assert not at.warning
    want = ndcg([1, 2, 3, 0], discount="jarvelin", log_base=150)
    assert metrics(at)["NDCG"] == f"{want:.4f}" == "1.0000"
    assert at.query_params["base"] == "150"


def test_a_k_beyond_the_list_is_kept_and_explained():
    at = open_page(PAGE, rels="3,2,1", k="99")
    assert not at.warning
    assert metrics(at)["NDCG"] == "1.0000" and at.selectbox(key="playground_k").value == 99
    assert any("k = 99 is beyond your 3 items" in c.value for c in at.caption)


def test_a_grade_the_exponential_gain_cannot_take_is_refused_everywhere_it_can_arrive():
    # From a link: the message says so and the linear gain is used.
    at = open_page(PAGE, rels="2000,1", gain="exponential")
    assert not at.exception
    shown = " ".join(w.value for w in at.warning)
    assert "relevance must be at most 1000" in shown and "gain = linear is used" in shown
    assert metrics(at)["NDCG"] == f"{ndcg([2000, 1]):.4f}"
    # Typed while the exponential gain is on: the last list stays, the text too.
    at = open_page(PAGE, rels="3,2,1", gain="exponential")
    at.text_area(key="playground_text").set_value("2000, 1").run()
    assert not at.exception
    assert_message(at.error, "at most 1000")
    assert metrics(at)["NDCG"] == f"{ndcg([3, 2, 1], gain='exponential'):.4f}"
    assert at.text_area(key="playground_text").value == "2000, 1"
    # Switching to the exponential gain with such a list: refused, the radio goes back.
    at = open_page(PAGE, rels="2000,1")
    at.radio(key="playground_gain").set_value("exponential").run()
    assert not at.exception and any("at most 1000" in e.value for e in at.error)
    assert at.radio(key="playground_gain").value == "linear"
    assert metrics(at)["NDCG"] == f"{ndcg([2000, 1]):.4f}"


def test_relevances_too_large_to_add_up_are_refused_with_the_last_list_kept():
    at = open_page(PAGE, rels="1e308,1e308,1e308")
    assert not at.exception
    assert any("too large to score" in w.value for w in at.warning)
    at.text_area(key="playground_text").set_value("1e308, 1e308, 1e308").run()
    assert not at.exception
    assert_message(at.error, "too large to score")


def test_a_gain_per_grade_from_the_link_the_box_and_a_new_grade_typed_with_its_gain():
    # The third gain, a gain per grade, wherever a gain is chosen. 2^rel − 1 is one such map.
    at = open_page(PAGE, unfold=True, rels="3,2,3,0,1,2", gain="map:0=0,1=1,2=3,3=7")
    assert at.radio(key="playground_gain").value == "map"
    assert at.text_input(key="playground_gain_map").value == "0=0, 1=1, 2=3, 3=7"
    assert metrics(at)["NDCG"] == f"{ndcg([3, 2, 3, 0, 1, 2], gain='exponential'):.4f}"
    assert "your map is 2^rel − 1 itself" in texts(at)
    assert any(r"g:\ 0 \mapsto 0" in latex.value for latex in at.latex)
    # A grade the map lacks: named, the last list kept, the typed text too.
    at.text_area(key="playground_text").set_value("3, 2, 5").run()
    assert any("gives no gain for grade 5" in e.value for e in at.error)
    assert metrics(at)["NDCG"] == f"{ndcg([3, 2, 3, 0, 1, 2], gain='exponential'):.4f}"
    # Giving grade 5 its gain in the same breath lets the typed list through.
    at.text_input(key="playground_gain_map").set_value("0=0, 1=1, 2=3, 3=7, 5=31").run()
    assert not at.exception and not at.error
    assert metrics(at)["NDCG"] == f"{ndcg([3, 2, 5], gain='exponential'):.4f}"
    assert at.query_params["gain"] == "map:0=0,1=1,2=3,3=7,5=31"


def test_a_typed_map_with_gains_too_large_or_too_small_is_refused_naming_the_gains():
    # Checked where the map is typed, with the test every list passes (model.check_scorable):
    # the message blames the gains, the list and the text typed are kept.
    at = open_page(PAGE, rels="3,2,1")
    at.radio(key="playground_gain").set_value("map").run()
    huge = "0=0, 1=1e308, 2=1e308, 3=1e308"
    at.text_input(key="playground_gain_map").set_value(huge).run()
    assert not at.exception, [e.value for e in at.exception]
    said = assert_message(at.error, "gives gains too large to score", "Divide every gain")
    assert "relevances" not in said
    assert at.text_input(key="playground_gain_map").value == huge
    assert metrics(at)["NDCG"] == f"{ndcg([3, 2, 1], gain='exponential'):.4f}"  # the last map
    at.text_input(key="playground_gain_map").set_value("0=0, 1=1e-320, 2=2, 3=3").run()
    assert not at.exception
    assert_message(at.error, "1e-320, too small", "Multiply every gain")


def test_a_link_message_shows_the_parameter_as_code_not_as_escaped_backticks():
    at = open_page(PAGE, rels="3,2,1", gain="cubic")
    said = assert_message(at.warning, "The link's `gain`:")
    assert "\\`" not in said and "cubic" in said


def test_forged_table_edits_are_named_in_the_senders_session():
    # Messages the browser's grid never sends (a row key that is not a number, a change that is
    # not a row): a message, the list kept, never a traceback. One page for every forged edit.
    at = open_page(PAGE, unfold=True, rels="3,2,3,0,1,2")  # the table editor's fold opened
    forged = [
        ({"edited_rows": {"abc": {"Relevance": 1.0}}}, "row 'abc', which is not a row number"),
        ({"deleted_rows": ["a"]}, "row 'a', which is not a row number"),
        ({"edited_rows": {1: "oops"}}, "'oops' is not a row of the table"),
        ({"added_rows": [7]}, "'7' is not a row of the table"),
        ({"edited_rows": ["x"]}, "could not be read"),
    ]
    for edit, message in forged:
        key = f"playground_table_{at.session_state['playground_table_version']}"
        at.session_state[key] = {"edited_rows": {}, "added_rows": [], "deleted_rows": [], **edit}
        at.run()
        assert not at.exception, (edit, [e.value for e in at.exception])
        assert_message(at.error, message)
        assert metrics(at)["NDCG"] == "0.9608"


def test_decimal_commas_are_read_and_an_ambiguous_list_says_how():
    """Issue 35 item 3: "0,5; 0,9; 0,3" is three decimals; "0,5,0,9" is read as four grades and
    says so under the box, with the other way to type it; the list stays on screen as typed."""
    at = open_page(PAGE, rels="3,2,3,0,1,2")
    at.text_area(key="playground_text").set_value("0,5; 0,9; 0,3").run()
    assert at.query_params["rels"] == "0.5,0.9,0.3"  # links keep the point
    assert metrics(at)["NDCG"] == f"{ndcg([0.5, 0.9, 0.3]):.4f}"
    assert not at.error and not [i for i in at.info if "was read as" in i.value]
    at.text_area(key="playground_text").set_value("0,5,0,9").run()
    assert at.query_params["rels"] == "0,5,0,9"
    said = assert_message(at.info, "0,5,0,9 was read as 4 whole numbers", "(0,5; 0,9)")
    assert "(0.5, 0.9)" in said
    assert at.text_area(key="playground_text").value == "0,5,0,9"  # nothing typed is lost
    at.text_area(key="playground_text").set_value("1,5, 2").run()
    assert at.query_params["rels"] == "1.5,2"
    assert_message(at.info, "as in 1,5, was read as a decimal comma", "(1, 5)")


def test_in_russian_the_box_writes_decimal_commas_and_reads_them_back():
    # AppTest words the widgets' options in the test's thread between runs: in Russian too.
    with i18n.speaking("ru"):
        at = open_page(PAGE, rels="0.5,0.9,3", lang="ru")
        assert at.text_area(key="playground_text").value == "0,5; 0,9; 3"
        assert at.query_params["rels"] == "0.5,0.9,3"
        at.text_area(key="playground_text").set_value("0,5,0,9").run()
        assert any("прочитано как 4 целых числа" in i.value for i in at.info)
        at.text_area(key="playground_text").set_value("3, x, 2").run()
        assert any("не число" in e.value for e in at.error)


def test_the_table_editor_is_drawn_only_while_open_from_the_list_as_it_is():
    """Folded, the table editor costs a rerun nothing; opened again, it shows the list as it is
    then (after its own edits, or a change typed while it was closed); an edit it could not
    apply stays in it, as typed, when its fold is closed."""
    fold = "playground_fold_table_editor"

    def editor():
        grids = [grid for grid in at.dataframe if grid.key and grid.key.startswith("playground_t")]
        return grids[0] if grids else None

    def rows():
        return editor().value["Relevance"].tolist()

    at = open_page(PAGE, rels="3,2,3,0,1,2")
    assert editor() is None
    at.session_state[fold] = True
    at.run()
    assert rows() == [3, 2, 3, 0, 1, 2]
    at.session_state[editor().key] = {"edited_rows": {0: {"Relevance": 1.0}}}
    at.run()
    assert at.query_params["rels"] == "1,2,3,0,1,2"
    at.session_state[fold] = False
    at.run()
    assert editor() is None
    at.session_state[fold] = True
    at.run()
    assert rows() == [1, 2, 3, 0, 1, 2] and not at.error
    at.session_state[fold] = False
    at.text_area(key="playground_text").set_value("0, 1, 3").run()
    at.session_state[fold] = True
    at.run()
    assert rows() == [0, 1, 3]
    bad = {"edited_rows": {1: {"Relevance": -1.0}}, "added_rows": [], "deleted_rows": []}
    at.session_state[editor().key] = bad
    at.run()
    assert_message(at.error, "Row 2")
    at.session_state[fold] = False
    at.run()
    assert editor() is not None and at.session_state[editor().key]["edited_rows"]
    assert_message(at.error, "Row 2")
    assert metrics(at)["NDCG"] == f"{ndcg([0, 1, 3]):.4f}"
