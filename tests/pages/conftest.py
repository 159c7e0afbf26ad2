"""AppTest helpers shared by the page tests."""

import base64
import json
from dataclasses import dataclass
from urllib.parse import unquote

import numpy as np
import pytest
from streamlit.testing.v1 import AppTest

from devtools.apptest import FOLD, leaves, like_a_server, open_link, unfolded  # noqa: F401
from ui import language
from ui.component import sent_data


@pytest.fixture(autouse=True, scope="session")
def _streamlit_work_done_once():
    """AppTest run as a server runs a page: each script compiled once, components scanned once,
    no polling wait (devtools/apptest.py)."""
    with like_a_server():
        yield


def open_page(page: str | None = None, *, unfold: bool = False, **params: str) -> AppTest:
    """`open_link`, and the page ran without an exception."""
    at = open_link(page, params, unfold=unfold)
    assert not at.exception, [e.value for e in at.exception]
    return at


def assert_message(messages, *texts: str) -> str:
    """Some message among `messages` (`at.error`, `at.warning`, `at.info`, `at.success`) says
    every one of `texts`: found by what it says, not by its place, so a message added above it
    breaks no test. Returns that message's text."""
    said = [message.value for message in messages]
    for value in said:
        if all(text in value for text in texts):
            return value
    raise AssertionError(f"no message says {' and '.join(map(repr, texts))}; they say {said}")


def page_links(at: AppTest) -> list[tuple[str, str]]:
    """The links to other pages in the page's body (`st.page_link`; the sidebar's links
    are left out) in order, as (label, address), the address as a user reads it in the address
    bar: "/playground?rels=3,2,3&k=3"."""
    return [
        (
            link.proto.label,
            f"/{link.proto.page}"
            + (f"?{unquote(link.proto.query_string)}" if link.proto.query_string else ""),
        )
        for link in at.main.get("page_link")
    ]


def plotly_figures(at: AppTest) -> list[dict]:
    """The plotly figures on the page, as dicts (their JSON spec)."""
    figures = []
    for element in at.get("plotly_chart"):
        figures.append(json.loads(element.proto.spec))
    return figures


def line_charts(at: AppTest) -> list[dict]:
    """The page's own line charts (ui/charts/lines), as the data each was given, in page order
    (AppTest draws no component; its data is in its element)."""
    return [
        data
        for data in (component_data(e) for e in at.get("bidi_component"))
        if "series" in data and "yTitle" in data
    ]


def decode(array) -> np.ndarray:
    """A plotly 7 array: plain list, or {"dtype", "bdata"} base64."""
    if isinstance(array, dict) and "bdata" in array:
        return np.frombuffer(base64.b64decode(array["bdata"]), dtype=np.dtype(array["dtype"]))
    return np.asarray(array)


@pytest.fixture
def open_app():
    """`open_page` as a fixture (named so it cannot clash with pytest-playwright's `page`)."""
    return open_page


# --- Every choice control of a page, found generically -------------------------------------------
# The kinds of control whose every value a test can enumerate: a control added to a page is
# explored without editing any test.
CHOICE_KINDS = ("radio", "selectbox", "select_slider", "toggle", "checkbox")

# Text only Python (or a library under the page) writes: a user must never see it. Not
# "TypeError": /libraries and /learn-labels quote, on purpose, what pytrec_eval says when it
# refuses a list ("TypeError: Expected relevance to be integer.").
INTERNAL_TEXT = (
    "Traceback",
    'File "',
    "has no attribute",
    "invalid literal",
    "NoneType",
    "Exceeds the limit",
    "set_int_max_str_digits",
    "KeyError",
    "IndexError",
    "ZeroDivisionError",
    "OverflowError",
    "could not convert",
    "unsupported operand",
    "object is not",
    "sqlalchemy",
    "sqlite3",
    "psycopg",
)
# Elements whose protobuf holds data (tables, figures, images): left out of the scan for internal
# text, which reads every other element's fields. Tables are left out because /libraries and
# /learn-labels quote, on purpose, what each library says when it refuses a list
# ("TypeError: Expected relevance to be integer." is pytrec_eval's own message).
_DATA_ELEMENTS = ("table", "dataframe", "arrow_data_frame", "plotly_chart", "imgs", "unknown")


@dataclass(frozen=True)
class Control:
    """One choice control of a page: its kind, key and label, and every value it offers (the
    raw values the page's code chose from, not their labels)."""

    kind: str
    key: str
    label: str
    values: tuple

    def __str__(self) -> str:
        return self.key


def raw_options(at: AppTest, widget) -> tuple:
    """The values a radio, selectbox or select_slider was given, as the page's code gave them: the
    widget's labels are its `format_func` of these, and AppTest sets a widget by value (a label
    passed as the value would be formatted again: "k = k = 1")."""
    if widget.type in ("toggle", "checkbox"):
        return (False, True)
    state = at.session_state._state._state  # AppTest → SafeSessionState → SessionState
    metadata = state._new_widget_state.widget_metadata.get(widget.id)
    serde = getattr(getattr(metadata, "deserializer", None), "__self__", None)
    options = getattr(serde, "options", None)
    if options is None:  # not a serde we know: the labels, which AppTest reads back as labels
        return tuple(widget.options)
    formatted = [widget.format_func(option) for option in options]
    assert formatted == list(widget.options), (widget.key, formatted, widget.options)
    return tuple(options)


def controls(at: AppTest) -> list[Control]:
    """Every keyed choice control on the page (main area and sidebar), enabled or not; not the
    language switch, whose every option on every page is tests/pages/test_languages.py's (it
    changes every label the exploration finds its controls and values by)."""
    found = []
    for kind in CHOICE_KINDS:
        for widget in at.get(kind):
            if widget.key is None or widget.label == language.SWITCH_LABEL:
                continue
            found.append(Control(kind, widget.key, widget.label, raw_options(at, widget)))
    return found


def find_widget(at: AppTest, control: Control):
    """The widget of `control` on the page now, or None."""
    for widget in at.get(control.kind):
        if widget.key == control.key:
            return widget
    return None


def set_control(at: AppTest, control: Control, value) -> bool:
    """Set `control` to `value` as a user would: only if it is on the page, enabled, and offers
    that value now. Returns whether it was set (the next `at.run()` sends it)."""
    widget = find_widget(at, control)
    if widget is None or widget.proto.disabled:
        return False
    if value not in raw_options(at, widget):
        return False
    widget.set_value(value)
    return True


def internal_text(at: AppTest) -> list[str]:
    """Every piece of Python-internal text on the page (`INTERNAL_TEXT`), with its element kind,
    plus every exception element's message."""
    found = [f"exception: {e.value}" for e in at.exception]
    for node in leaves(at._tree):
        if node.type in _DATA_ELEMENTS or node.type == "exception":
            continue
        text = str(getattr(node, "proto", ""))
        for marker in INTERNAL_TEXT:
            if marker in text:
                found.append(f"{node.type} says {marker!r}: {text[:300]!r}")
    return found


def forge(widget, **value) -> None:
    """Make AppTest send `widget`'s value as a forged websocket message would: in the wire field
    named (`int_value=7`, `double_value=nan`, …), whatever field the browser's widget uses."""
    from streamlit.proto.WidgetStates_pb2 import WidgetState

    class Forged(type(widget)):
        @property
        def _widget_state(self):
            state = WidgetState(id=self.id)
            for field, given in value.items():
                setattr(state, field, given)
            return state

    widget.__class__ = Forged


# A radio's value as a forged websocket message may send it, for `forge`: an int where the
# options are texts (a valid index, even), an index out of range, a text that is not an option,
# a float and a bool.
FORGED_CHOICES = (
    {"int_value": 1},
    {"int_value": 7},
    {"int_value": -1},
    {"string_value": "Not one of the options"},
    {"double_value": float("nan")},
    {"bool_value": True},
)


def board_data(at: AppTest, key: str) -> dict:
    """What the page sent its ranking board under `key` (AppTest draws no component; the data
    it was given is in its element)."""
    return component_at(at, key)


def chart_at(at: AppTest, key: str) -> dict:
    """What the page sent its own chart (ui/charts/lines) under `key`: every value and text
    it draws."""
    data = component_at(at, key)
    assert "series" in data and "yTitle" in data, f"{key} is not one of the page's charts"
    return data


def component_at(at: AppTest, key: str) -> dict:
    """The data of the one component the page mounted under `key`."""
    found = [e for e in at.get("bidi_component") if e.proto.id.endswith(f"-{key}")]
    assert len(found) == 1, [e.proto.id for e in at.get("bidi_component")]
    return component_data(found[0])


def component_data(element) -> dict:
    """The data a component element (`bidi_component`) was mounted with (ui/component.py)."""
    return sent_data(element.proto)


def copy_links(at: AppTest) -> list[str]:
    """The addresses the page shows in its link boxes (ui/link_box: a component, so AppTest
    draws nothing; the data it was given is in its element)."""
    from ui.link_box import KEY_PREFIX

    return [
        component_data(e)["address"]
        for e in at.get("bidi_component")
        if f"-{KEY_PREFIX}" in e.proto.id
    ]


def move_on_board(at: AppTest, key: str, labels: list[str]) -> AppTest:
    """What the ranking board reports after a move (a drag, a key, one of its buttons): the
    labels in their new order, with a sequence number of its own; then the rerun it starts."""
    try:
        last = at.session_state[key].get("order") or {}
    except KeyError:
        last = {}
    at.session_state[key] = {
        "order": {"labels": labels, "mount": "test", "seq": int(last.get("seq", 0)) + 1}
    }
    return at.run()
