"""Every page under generated links and typed text (AppTest): no traceback ever reaches the user,
a rejection is a message naming the problem, and the last valid list stays while the typed text
stays in the box."""

import pytest
from hypothesis import HealthCheck, Phase, example, given, settings
from hypothesis import strategies as st
from streamlit.testing.v1 import AppTest

from lessons import practice
from ndcg_core.model import RankedList
from tests.pages.conftest import assert_message, open_link
from ui import menu, urlparams
from ui.list_editor import table_rows_to_list
from ui.text import plain
from ui.typed import parse_relevances
from views.queries import data as queries_data

LIST_PAGES = {  # page: (session key prefix, allow_negative)
    "views/home.py": ("home", False),
    "views/playground.py": ("playground", False),
    "views/ordering.py": ("ordering", False),
    "views/libraries.py": ("libraries", True),
    "views/metrics.py": ("metrics", False),
    "views/learn/discount.py": ("learn_discount", False),
    "views/learn/labels.py": ("learn_labels", False),
    "views/learn/pitfalls.py": ("learn_pitfalls", False),
}
MAX_ITEMS = urlparams.MAX_ITEMS
# Every other page of the menu: a page added to the app is fuzzed without editing this file.
OTHER_PAGES = [page.script for page in menu.PAGES if page.script not in LIST_PAGES]
# One example reruns a page (tens of milliseconds to seconds), so these properties try a few
# examples each, the same ones in every profile, and report what they find as found: shrinking
# would rerun pages hundreds of times.
NO_SHRINK = [Phase.explicit, Phase.generate]
FEW = settings(
    max_examples=6,
    deadline=None,
    derandomize=True,
    phases=NO_SHRINK,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)

ODD = [
    "",
    " ",
    "-3",
    "0",
    "abc",
    "10,000",
    "1e400",
    "nan",
    "<script>alert(1)</script>",
    "<img src=x onerror=alert(1)>",
    "[x](javascript:alert(1))",
    "**bold**",
    "$\\LaTeX$",
    "é,ü,中,🙂",
    "a:b,c=d,e;f",
    "3,2,,1",
    "\x00\x1b",
    "9" * 40,
    "9" * 5000,  # Python refuses to read such digit strings as numbers: a message, never its text
]
PARAM_VALUE = st.one_of(st.sampled_from(ODD), st.text(max_size=20))
URL_KEYS = [
    "rels",
    "labels",
    "k",
    "gain",
    "discount",
    "base",
    "pool",
    "zero",
    "scores",
    "ids",
    "seed",
    "ex",
    "present",
    "utm_source",
    "rels[]",
]
PARAMS = st.dictionaries(st.sampled_from(URL_KEYS), PARAM_VALUE, min_size=1, max_size=6)


def no_traceback(at: AppTest) -> None:
    assert not at.exception, [e.value for e in at.exception]
    for message in [*at.error, *at.warning]:
        assert message.value.strip()
        assert "Traceback" not in message.value


def messages(at: AppTest) -> str:
    return "\n".join(m.value for m in [*at.error, *at.warning])


# --- Links ----------------------------------------------------------------------------------------
@pytest.mark.parametrize("page", list(LIST_PAGES))
@FEW
@given(params=PARAMS)
def test_list_pages_explain_every_bad_link_parameter(page, params):
    prefix, negative = LIST_PAGES[page]
    at = open_link(page, params)
    no_traceback(at)
    ranked, problems = urlparams.read_list(params, negative=negative)
    shown = messages(at)
    assert "set_int_max_str_digits" not in shown
    for problem in problems:
        assert plain(problem) in shown
    if page == "views/libraries.py":
        for problem in urlparams.read_ranking(params, ranked.n)[2]:
            assert plain(problem) in shown
    # The page works on what the link says (or the defaults it explained).
    assert at.session_state[f"{prefix}_ranked"].relevances == ranked.relevances
    # The list the page shows can be read back from its own text box without complaint.
    assert not [e for e in at.error if "Could not read" in e.value]


@pytest.mark.parametrize("page", OTHER_PAGES)
@FEW
@given(params=PARAMS)
def test_other_pages_survive_any_link(page, params):
    at = open_link(page, params)
    no_traceback(at)
    shown = messages(at)
    assert "set_int_max_str_digits" not in shown
    if page == "views/practice.py":
        for name in ("seed", "ex"):
            text = params.get(name)
            if text is not None and not (text.strip().isascii() and text.strip().isdigit()):
                assert plain(f"The link's `{name}`") in shown


@pytest.mark.parametrize(
    ("params", "message"),
    [
        ({"rels": "3,2,1", "k": "-3"}, "k must be a whole number from 1 to 1000; got '-3'."),
        ({"rels": "3,2,1", "k": "abc"}, "got 'abc'"),
        ({"rels": "3,2,1", "k": "1001"}, "k must be at most 1000; got 1001. k = 1000 is used."),
        ({"rels": "3,2,1", "k": "9" * 5000}, "got a number with 5,000 digits"),
        ({"rels": "3,x,1"}, "value 2, 'x', is not a number"),
        ({"gain": "<script>"}, "'<script>' is not a gain"),
        ({"rels": ",".join(["1"] * 10_000)}, "The link's list has 10,000 values; the first"),
        ({"rels": "1,2", "labels": "a:b,c"}, "The link's label 'a:b' holds one of"),
        (
            {"base": "1"},
            "log base 1 is outside 1.01–1000, the range this app offers; log base 1.01 is used.",
        ),
        ({"zero": "2"}, "'2' is not a rule for a query with nothing relevant"),
    ],
)
def test_playground_names_the_bad_parameter(params, message):
    at = open_link("views/playground.py", params)
    no_traceback(at)
    assert plain(message) in messages(at)


# --- Typed text -----------------------------------------------------------------------------------
SEPARATOR = st.sampled_from([",", ", ", ";", "\n", "\t", " "])
PIECE = st.one_of(
    st.integers(0, 5).map(str),
    st.sampled_from(
        [
            "N/A",
            "-1",
            "x",
            "1,5",
            "nan",
            "1e999",
            "A=2",
            "B: 1",
            "=3",
            "A=1",
            "²",
            "<b>x</b>",
            "[x](javascript:alert(1))",
            "",
        ]
    ),
    st.text(max_size=4),
)
TYPED = st.one_of(
    st.lists(PIECE, max_size=10).flatmap(lambda p: SEPARATOR.map(lambda s: s.join(p))),
    st.text(max_size=25),
)


class _Opened(dict):
    """The list pages, each opened on its first use: a worker given a few of the pages (the
    tests are shared between workers by expected time) opens those, not all eight."""

    def __missing__(self, page: str) -> AppTest:
        self[page] = open_link(page, {"rels": "3,2,3,0,1,2"})
        return self[page]


@pytest.fixture(scope="module")
def opened():
    return _Opened()


@pytest.mark.parametrize("page", list(LIST_PAGES))
@settings(
    max_examples=25,
    deadline=None,
    derandomize=True,
    phases=NO_SHRINK,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
@given(text=TYPED)
def test_typing_anything_keeps_the_last_valid_list_and_the_text(opened, page, text):
    prefix, negative = LIST_PAGES[page]
    at = opened[page]
    before = at.session_state[f"{prefix}_ranked"]
    at.text_area(key=f"{prefix}_text").input(text).run()
    no_traceback(at)
    assert at.text_area(key=f"{prefix}_text").value == text  # nothing typed is lost
    after = at.session_state[f"{prefix}_ranked"]
    try:
        parsed = parse_relevances(text, max_items=MAX_ITEMS, allow_negative=negative)
        RankedList(parsed.values, parsed.labels)  # labels too long are refused here
    except ValueError as error:
        assert plain(str(error)) in messages(at)
        assert (after.relevances, after.labels) == (before.relevances, before.labels)
        return
    assert after.relevances == parsed.values
    if parsed.labelled:
        assert after.labels == parsed.labels


def test_a_typed_list_over_the_limit_is_refused_and_kept():
    at = open_link("views/playground.py", {"rels": "3,2,1"})
    text = " ".join(["1"] * (MAX_ITEMS + 1))
    at.text_area(key="playground_text").input(text).run()
    no_traceback(at)
    assert_message(at.error, f"this page takes at most {MAX_ITEMS}")
    assert at.session_state["playground_ranked"].relevances == (3, 2, 1)
    assert at.text_area(key="playground_text").value == text


def test_a_link_at_the_limit_opens_in_the_text_box_without_complaint():
    rels = ",".join(str(i % 4) for i in range(MAX_ITEMS))
    for page in ("views/playground.py", "views/ordering.py"):
        at = open_link(page, {"rels": rels, "labels": ",".join(f"d{i}" for i in range(1000))})
        no_traceback(at)
        assert not at.error and not at.warning, messages(at)
        assert at.session_state[f"{page[6:-3]}_ranked"].n == MAX_ITEMS


def test_the_longest_list_is_ordered_by_sampling_with_a_notice():
    """1000 distinct relevances have 1000! orderings: a bounded sample, said so, no hang."""
    rels = ",".join(f"{i / 997:.4f}" for i in range(MAX_ITEMS))
    at = open_link("views/ordering.py", {"rels": rels})
    no_traceback(at)
    notice = " ".join(i.value for i in at.info)
    assert "distinct orderings, more than the" in notice and "random sample of" in notice


def test_a_long_typed_label_is_refused_by_length():
    at = open_link("views/playground.py", {"rels": "3,2,1"})
    at.text_area(key="playground_text").input(f"{'x' * 41}=3, b=2").run()
    assert_message(at.error, "must be at most 40 characters")
    assert at.session_state["playground_ranked"].relevances == (3, 2, 1)


def test_pool_typed_badly_keeps_the_last_pool():
    at = open_link("views/playground.py", {"rels": "3,2,1", "pool": "2"})
    at.text_input(key="playground_pool").input("2, N/A").run()
    no_traceback(at)
    assert (
        "Judged but not retrieved: Could not read 1 relevance: value 2, 'N/A', is not a number"
        in messages(at)
    )
    assert at.session_state["playground_ranked"].pool == (2.0,)
    assert at.text_input(key="playground_pool").value == "2, N/A"


@pytest.mark.parametrize("box", ["libraries_scores", "libraries_ids"])
@settings(
    max_examples=10,
    deadline=None,
    derandomize=True,
    phases=NO_SHRINK,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
@given(text=TYPED)
def test_libraries_scores_and_ids_take_anything(opened, box, text):
    at = opened["views/libraries.py"]
    at.text_input(key=box).input(text).run()
    no_traceback(at)
    assert at.text_input(key=box).value == text


# --- Practice answers -----------------------------------------------------------------------------
def _numeric_exercise(seed: int = 7) -> practice.Exercise:
    return next(e for e in practice.exercise_set(seed) if e.is_numeric)


@settings(max_examples=12, deadline=None, derandomize=True, phases=NO_SHRINK)
@given(
    text=st.one_of(
        st.text(min_size=1, max_size=12),
        st.sampled_from(["80", "0,8", "1/2", "%5", "1e3", "9" * 400, "<script>", "$x$", "0.8 0.9"]),
    )
)
def test_practice_answer_that_cannot_be_read_is_explained_and_kept(text):
    exercise = _numeric_exercise()
    at = open_link("views/practice.py", {"seed": "7", "ex": str(exercise.index + 1)})
    key = f"practice_{exercise.seed}_{exercise.index}_number"
    at.text_input(key=key).input(text)
    at.button(key="practice_check").click().run()  # a form sends its fields on submit
    no_traceback(at)
    try:
        practice.judge(exercise, text)
    except practice.UnreadableAnswer as error:
        assert plain(f"That answer could not be read: {error}") in messages(at)
        assert at.text_input(key=key).value == text
        return
    except ValueError as error:  # read, but impossible (an NDCG above 1): said as it is
        assert plain(str(error)) in messages(at)
        assert at.text_input(key=key).value == text
        return
    if text.strip():
        record = at.session_state["practice_answers"][(7, 1)][exercise.index]
        assert record["tries"][-1]["given"] == text


# --- Uploads (bytes handed over in session state: AppTest cannot upload) ----------------------------
def _upload(kind: str, **files) -> AppTest:
    at = open_link("views/queries/page.py", {})
    at.session_state[queries_data.TEST_UPLOADS] = files
    at.radio(key="queries_source").set_value(kind).run()
    return at


@settings(max_examples=8, deadline=None, derandomize=True, phases=NO_SHRINK)
@given(
    body=st.lists(
        st.one_of(
            st.text(max_size=20),
            st.sampled_from(["q,<b>d</b>,1,0.5", "q,d,N/A,1", "q,d,1", 'q,"a,b",2,3', "\x00,,,"]),
        ),
        max_size=5,
    ).map("\n".join)
)
def test_any_csv_upload_is_read_or_explained(body):
    data = ("query_id,doc_id,relevance,score\n" + body).encode("utf-8", "surrogatepass")
    at = _upload("csv", run=("mine.csv", data))
    no_traceback(at)


def test_an_upload_over_the_size_cap_is_refused_with_a_message():
    import streamlit as st

    cap = float(st.get_option("server.maxUploadSize"))
    big = b"q,d,1,1\n" * (int(cap * 1_000_000) // 8 + 1)  # one size cap: MB of 10^6 bytes
    at = _upload("csv", run=("big.csv", b"query_id,doc_id,relevance,score\n" + big))
    no_traceback(at)
    assert_message(at.error, f"files up to {cap:g} MB ({cap * 1_000_000:,.0f} bytes) are accepted")


def test_a_file_name_is_text_in_the_download_button():
    data = b"query_id,doc_id,relevance,score\nq,d,N/A,1\n"
    at = _upload("csv", run=("**x**_[y](javascript:alert(1)).csv", data))
    no_traceback(at)
    labels = [button.proto.label for button in at.get("download_button")]
    assert labels == [
        r"Download the 1 problem line(s) of \*\*x\*\*\_\[y\](javascript:"
        "\u2060"  # stops Streamlit reading ':alert(1)…' as the start of a shortcode
        r"alert(1)).csv (CSV)"
    ]


@given(
    rows=st.lists(
        st.fixed_dictionaries(
            {
                "Label": st.one_of(st.none(), st.text(max_size=12)),
                "Relevance": st.one_of(
                    st.none(), st.floats(), st.integers(-2, 5), st.text(max_size=4)
                ),
            }
        ),
        max_size=6,
    )
)
@example(rows=[{"Label": "a\u2028b", "Relevance": 1}])
@example(rows=[{"Label": "a\tb", "Relevance": 1}, {"Label": "<b>x</b>", "Relevance": 2.5}])
@example(rows=[{"Label": "a", "Relevance": 9e307}, {"Label": "b", "Relevance": 9e307}])
def test_table_edits_are_refused_by_row_or_survive_the_text_box(rows):
    """The playground's table editor: a bad row is named; a good table types back unchanged."""
    from ndcg_core.parsing import format_relevances

    try:
        edited = table_rows_to_list(RankedList((1.0,)), rows)
    except ValueError as error:
        assert str(error).startswith(("Row ", "The table"))
        return
    typed = parse_relevances(format_relevances(edited.relevances, list(edited.labels)))
    assert (typed.values, typed.labels) == (edited.relevances, edited.labels)
