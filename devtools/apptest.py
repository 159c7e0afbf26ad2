"""Streamlit's AppTest, run the way a server runs a page (for the page tests and the benches).

AppTest does three things a `streamlit run` server does not, each at a cost that is AppTest's
own and not the page's:
- every run compiles app.py and its page anew (a new script cache per run, twice: the runner's
  and the pages manager's; parsing, Streamlit's "magic" rewrite, compiling: about 30 ms for
  /playground), where a server compiles each script once per process;
- each AppTest's first run reads the metadata of every installed package to find Streamlit
  components (about 0.15 s of CPU), where a server does it once at start;
- its wait for a run polls every millisecond, taking the GIL from the very script it waits for.
`like_a_server()` keeps one script cache and one component scan for the process, as a server
does, and waits for a run on an event set when it ends.

Also a widget's change inside a fragment rerunning that fragment alone, as the browser asks
(`fragment_reruns`: AppTest itself reruns the whole script only), the app opened from a link (`open_link`, with its folds opened: `unfolded`) and every element
of a page (`leaves`), for the page tests and devtools/english.py alike.
"""

from __future__ import annotations

import contextlib
import functools
import threading
from collections.abc import Iterator
from typing import TYPE_CHECKING

import pytest

from devtools import ROOT

if TYPE_CHECKING:
    from streamlit.testing.v1 import AppTest


def _wait_for_the_run(runner, timeout: float = 3) -> None:
    """Wait until `runner`'s script run has ended, as Streamlit's `require_widgets_deltas` does,
    but on an event set when it ends."""
    from streamlit.runtime.scriptrunner import ScriptRunnerEvent

    ended = threading.Event()

    def on_event(sender, event, **kwargs) -> None:
        if event == ScriptRunnerEvent.SHUTDOWN:
            ended.set()

    runner.on_event.connect(on_event, weak=False)
    try:
        if runner.script_stopped() or ended.wait(timeout):
            return
    finally:
        runner.on_event.disconnect(on_event)
    runner.request_stop()  # as Streamlit does: a script that hangs is stopped, then reported
    runner.join()
    raise RuntimeError(f"AppTest script run timed out after {timeout}(s)")


@contextlib.contextmanager
def like_a_server() -> Iterator[None]:
    """Within the block, AppTest compiles each script once and scans for components once (one
    cache for the process, as a server has), and waits for a run without polling."""
    from streamlit.components.v2 import manifest_scanner
    from streamlit.runtime.scriptrunner.script_cache import ScriptCache
    from streamlit.testing.v1 import app_test, local_script_runner

    compiled = ScriptCache()
    with pytest.MonkeyPatch.context() as patch:
        scan = functools.cache(manifest_scanner.scan_component_manifests)
        patch.setattr(manifest_scanner, "scan_component_manifests", scan)
        patch.setattr(app_test, "ScriptCache", lambda: compiled)
        patch.setattr(local_script_runner, "ScriptCache", lambda: compiled)
        patch.setattr(local_script_runner, "require_widgets_deltas", _wait_for_the_run)
        yield


@contextlib.contextmanager
def fragment_reruns(at: AppTest) -> Iterator[AppTest]:
    """Within the block, `at.run()` reruns only the fragments of `at`'s page (`st.fragment`),
    as the browser asks when a widget drawn inside one changes or a fragment's timer fires.
    The tree then holds what the fragments drew; whatever else the screen shows stays as the
    last full run drew it."""
    from streamlit.testing.v1 import local_script_runner

    fragments = list(at._fragment_storage._fragments)
    whole_run = local_script_runner.RerunData
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(
            local_script_runner,
            "RerunData",
            lambda **given: whole_run(
                fragment_id_queue=fragments, is_fragment_scoped_rerun=True, **given
            ),
        )
        yield at


def open_link(page: str | None, params: dict[str, str], *, unfold: bool = False) -> AppTest:
    """The app opened on `page` (e.g. "views/playground.py"; None or home: the default page)
    from a link holding `params`, any name included ("rels[]"); `unfold`: then with its folds
    that are drawn only while open opened (`unfolded`). No assertion: the caller checks."""
    from streamlit.testing.v1 import AppTest
    from streamlit.util import calc_hash

    from ui.menu import PAGES

    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=60)
    if page not in (None, "views/home.py"):
        # Straight to the page, as a browser opening a link to it: its first run is the page's
        # own, Home never runs. (AppTest's switch_page needs a run first to learn the menu; a
        # page of st.navigation is known by the hash of its URL path, which is what it sets.)
        (url_path,) = [p.url_path for p in PAGES if p.script == page] or [None]
        if url_path is None:
            raise ValueError(f"`page` {page!r} is not a page of ui/menu.PAGES: pass its script.")
        at._page_hash = calc_hash(url_path)
    for key, value in params.items():
        at.query_params[key] = value
    at.run()
    return unfolded(at) if unfold else at


# What the key of a fold drawn only while it is open holds (ui/folds.py).
FOLD = "_fold_"


def unfolded(at: AppTest) -> AppTest:
    """The page with each of its folds that are drawn only while open opened, as a reader who
    opens them sees it: one more run when there are any (a link's messages, said on the run
    that reads the link, are then gone: read them before)."""
    state = at.session_state.to_dict()
    closed = [key for key, is_open in state.items() if FOLD in key and not is_open]
    for key in closed:
        at.session_state[key] = True
    return at.run() if closed else at


def leaves(node):
    """Every element under `node` (an AppTest tree or block), in order."""
    return _leaves(node)


def _leaves(node):
    children = getattr(node, "children", None)
    if children is None:
        yield node
        return
    for child in children.values():
        yield from _leaves(child)
