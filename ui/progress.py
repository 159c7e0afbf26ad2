"""A progress bar for a long, cached computation.

Streamlit's cache replays the elements a cached function draws, so a cached function may not
update a bar created outside it. Here the function only records its progress in a plain list;
it runs in a worker thread while the script's thread moves the bar, so the function stays pure
and cacheable (its `_progress` argument, with a leading underscore, is left out of the cache key).
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import TypeVar

import streamlit as st
from streamlit.runtime.scriptrunner import add_script_run_ctx, get_script_run_ctx

T = TypeVar("T")
POLL_SECONDS = 0.05


def run_with_progress(function: Callable[..., T], *args, text: str, **kwargs) -> T:
    """Call `function(*args, _progress=callback, **kwargs)`, showing a bar until it returns.

    A cached result comes back at once and the bar is never drawn.
    """
    done: list[float] = [0.0]
    outcome: dict[str, object] = {}

    def report(fraction: float) -> None:
        done[0] = fraction

    def work() -> None:
        try:
            outcome["value"] = function(*args, _progress=report, **kwargs)
        except BaseException as error:  # re-raised in the script's thread
            outcome["error"] = error

    worker = threading.Thread(target=work, daemon=True)
    add_script_run_ctx(worker, get_script_run_ctx())
    worker.start()
    worker.join(POLL_SECONDS * 2)
    bar = None
    while worker.is_alive():
        if bar is None:
            bar = st.progress(0.0, text=text)
        bar.progress(min(max(done[0], 0.0), 1.0), text=text)
        worker.join(POLL_SECONDS)
    if bar is not None:
        bar.empty()
    if "error" in outcome:
        raise outcome["error"]
    return outcome["value"]
