"""AppTest helpers shared by the page tests."""

import base64
import functools
import json
from urllib.parse import unquote

import numpy as np
import pytest
from streamlit.testing.v1 import AppTest

from tests import ROOT


@pytest.fixture(autouse=True, scope="session")
def _streamlit_work_done_once():
    """Two things AppTest redoes that cannot change while the tests run, done once per process:
    an AppTest's first run reads the metadata of every installed package to find Streamlit
    components (about 0.15 s of CPU, half of what opening a small page costs), and every run
    compiles app.py and its page anew (a cache of its own per run; a seventh of a walk through
    every page)."""
    from streamlit.components.v2 import manifest_scanner
    from streamlit.runtime.scriptrunner.script_cache import ScriptCache
    from streamlit.testing.v1 import app_test

    compiled = ScriptCache()
    with pytest.MonkeyPatch.context() as patch:
        scan = functools.cache(manifest_scanner.scan_component_manifests)
        patch.setattr(manifest_scanner, "scan_component_manifests", scan)
        patch.setattr(app_test, "ScriptCache", lambda: compiled)
        yield


def open_page(page: str | None = None, **params: str) -> AppTest:
    """Run the app with query parameters, switch to `page` (e.g. "views/playground.py"), run it."""
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=60)
    for key, value in params.items():
        at.query_params[key] = value
    at.run()
    if page is not None:
        at.switch_page(page)
        for key, value in params.items():
            at.query_params[key] = value
        at.run()
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


def decode(array) -> np.ndarray:
    """A plotly 7 array: plain list, or {"dtype", "bdata"} base64."""
    if isinstance(array, dict) and "bdata" in array:
        return np.frombuffer(base64.b64decode(array["bdata"]), dtype=np.dtype(array["dtype"]))
    return np.asarray(array)


@pytest.fixture
def open_app():
    """`open_page` as a fixture (named so it cannot clash with pytest-playwright's `page`)."""
    return open_page


def board_data(at: AppTest, key: str) -> dict:
    """What the page sent its ranking board under `key` (AppTest draws no component; the data
    it was given is in its element)."""
    found = [e for e in at.get("bidi_component") if e.proto.id.endswith(f"-{key}")]
    assert len(found) == 1, [e.proto.id for e in at.get("bidi_component")]
    return json.loads(found[0].proto.json)


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
