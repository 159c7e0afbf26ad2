"""The learner's progress, kept: the suggested path's stops done, the answers to the lessons'
predict-first questions, and the practice sets' answers. One store for all three.

Where it lives:
- in the session (`st.session_state[STATE]`), always: that is what the pages read and write, and
  all there is in AppTest (a component draws nothing there) or in a browser that refuses storage;
- in the browser's localStorage, through a tiny component mounted in the page (Components v2, no
  frame: `saved.js`). On mount it sends what the browser kept; Python merges it into the session
  once, then passes the merged progress back on every run, and the script writes it. So a reload,
  or a new tab, finds the progress again;
- in a link: `progress_param()` packs it into one compact URL parameter (`progress`, declared in
  `ui.urlparams`), and any page that mounts the store merges a link's progress once. Home shows
  that link as "Continue on another device".

Merging never loses anything: stops and answers are united; for a practice exercise the record
with more tries (or the finished one) is kept.

What is stored is what the learner gave, never a verdict: guesses and answers are judged again
when read (`lessons.practice.judge`), so a stored answer always gets today's feedback.
"""

from __future__ import annotations

import base64
import contextlib
import json
import zlib
from collections.abc import Mapping
from pathlib import Path

import streamlit as st
from streamlit.errors import StreamlitDuplicateElementKey

from .. import urlparams
from ..component import register

HERE = Path(__file__).parent
NAME = "ndcg_lab.saved"
_mount = register(NAME, HERE, "saved")

STATE = "saved_progress"  # session_state[STATE]: the progress (see `empty`)
COMPONENT_KEY = "saved_store"  # the component's key; its state "stored" is the browser's copy
BROWSER_READ = "saved_browser_read"  # the browser's copy has been merged (once a session)
LINK_READ = "saved_link_read"  # the last link `progress` text merged
LINK_MESSAGE = "saved_link_message"  # what was wrong with a link's `progress`, to say once
PARAM = urlparams.PROGRESS
STORAGE_KEY = "ndcg-lab-progress"  # the browser's localStorage key (saved.js writes it)
VERSION = 1
MAX_PARAM = 4000  # characters: far beyond any real progress, short of a URL's limits


def empty() -> dict:
    """No progress: stops done, predict guesses by question key (an option's index, typed text,
    or None for "Just show me"), practice answers by "seed.version" then exercise index, each
    [given answers, done]."""
    return {"stops": [], "guesses": {}, "practice": {}}


# ---------------------------------------------------------------------------------- encoding


def _clean(value: object) -> dict:
    """`value` as a progress dict, whatever was stored or linked: anything unexpected is
    dropped, never trusted (a link can carry anything)."""
    out = empty()
    if not isinstance(value, Mapping):
        return out
    stops = value.get("stops")
    if isinstance(stops, list):
        out["stops"] = sorted({s for s in stops if isinstance(s, str) and len(s) <= 40})
    guesses = value.get("guesses")
    if isinstance(guesses, Mapping):
        out["guesses"] = {
            str(k)[:80]: g
            for k, g in guesses.items()
            if g is None or (isinstance(g, int | str) and not isinstance(g, bool))
        }
    sets = value.get("practice")
    if isinstance(sets, Mapping):
        for name, answers in sets.items():
            if not isinstance(answers, Mapping):
                continue
            kept = {}
            for index, record in answers.items():
                if (
                    str(index).isdigit()
                    and isinstance(record, list)
                    and len(record) == 2
                    and isinstance(record[0], list)
                ):
                    given = [g for g in record[0] if isinstance(g, int | str)][:5]
                    kept[str(int(index))] = [given, bool(record[1])]
            out["practice"][str(name)[:40]] = kept
    return out


def encode(progress: Mapping) -> str:
    """Progress as a compact, URL-safe text: JSON, deflated, base64url without padding."""
    text = json.dumps({"v": VERSION, **_clean(progress)}, separators=(",", ":"))
    return base64.urlsafe_b64encode(zlib.compress(text.encode("utf-8"), 9)).decode().rstrip("=")


def decode(text: str) -> dict:
    """The progress a link carries; ValueError, saying what is wrong, when it cannot be read."""
    text = str(text).strip()
    if not text:
        raise ValueError("it is empty.")
    if len(text) > MAX_PARAM:
        raise ValueError(f"it is {len(text):,} characters long, more than progress ever takes.")
    try:
        raw = base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))
        value = json.loads(zlib.decompress(raw, bufsize=MAX_PARAM * 4).decode("utf-8"))
    except (ValueError, zlib.error, UnicodeDecodeError):
        raise ValueError(
            "it could not be read; it may have been cut short when the link was copied."
        ) from None
    if not isinstance(value, Mapping) or value.get("v") != VERSION:
        raise ValueError("it was not made by this version of the app.")
    return _clean(value)


def merge(first: Mapping, second: Mapping) -> dict:
    """Both progresses in one: stops and guesses united (the first's guess kept where both
    have one), and for each practice exercise the record with more done."""
    a, b = _clean(first), _clean(second)
    out = {
        "stops": sorted(set(a["stops"]) | set(b["stops"])),
        "guesses": {**b["guesses"], **a["guesses"]},
        "practice": {},
    }
    for name in sorted(set(a["practice"]) | set(b["practice"])):
        mine, theirs = a["practice"].get(name, {}), b["practice"].get(name, {})
        records = {}
        for index in set(mine) | set(theirs):
            candidates = [r for r in (mine.get(index), theirs.get(index)) if r is not None]
            records[index] = max(candidates, key=lambda r: (r[1], len(r[0])))
        out["practice"][name] = records
    return out


# ------------------------------------------------------------------------------ the session


def progress() -> dict:
    """The session's progress (the one store the pages read and write)."""
    if STATE not in st.session_state:
        st.session_state[STATE] = empty()
    return st.session_state[STATE]


def _merge_browser() -> None:
    """Merge what the browser kept, the first time the component reports it."""
    if st.session_state.get(BROWSER_READ):
        return
    state = st.session_state.get(COMPONENT_KEY)
    stored = state.get("stored") if isinstance(state, Mapping) else None
    if not isinstance(stored, Mapping):
        return  # not reported yet (or no browser: AppTest)
    st.session_state[BROWSER_READ] = True
    text = stored.get("stored")
    if isinstance(text, str) and text:
        # An old or damaged copy in this browser: the session's progress replaces it.
        with contextlib.suppress(ValueError):
            st.session_state[STATE] = merge(progress(), decode(text))


def _merge_link() -> None:
    """Merge a link's `progress`, once per link; a bad one is said, and nothing is lost."""
    text = st.query_params.get(PARAM)
    if text is None or st.session_state.get(LINK_READ) == text:
        return
    st.session_state[LINK_READ] = text
    try:
        st.session_state[STATE] = merge(progress(), decode(text))
        st.session_state[LINK_MESSAGE] = None
    except ValueError as error:
        st.session_state[LINK_MESSAGE] = (
            f"The link's `{PARAM}` (your progress): {error} Your progress on this device is "
            "kept as it was."
        )


def mount() -> dict:
    """Put the store in this run's page (once, however often called) and return the progress,
    merged with the browser's copy and the link's once each. Every page that reads or writes
    progress calls it first."""
    _merge_link()
    _merge_browser()
    # A page with two questions calls this twice: its key keeps the store one per page.
    with contextlib.suppress(StreamlitDuplicateElementKey):
        _mount(
            key=COMPONENT_KEY,
            data={
                "key": STORAGE_KEY,
                # Nothing to keep yet: "" (the browser then writes nothing, and a later page
                # finds nothing to send back, so it causes no rerun).
                "progress": encode(progress()) if progress() != empty() else "",
                "merged": bool(st.session_state.get(BROWSER_READ)),
            },
            default={"stored": None},
            # Read on the rerun it causes, which says the link's messages again.
            on_stored_change=lambda: st.session_state.__setitem__(urlparams.REPLAY, True),
        )
    message = st.session_state.get(LINK_MESSAGE)
    if message:
        urlparams.warn(message)
        st.session_state[LINK_MESSAGE] = None
    return progress()


# ------------------------------------------------------------------------ what is stored


def stops_done() -> set[str]:
    return set(progress()["stops"])


def set_stop(key: str, done: bool) -> None:
    stops = set(progress()["stops"])
    (stops.add if done else stops.discard)(key)
    progress()["stops"] = sorted(stops)


def guesses() -> dict:
    """Every predict question's stored guess, by key."""
    return progress()["guesses"]


def set_guess(key: str, given: int | str | None) -> None:
    progress()["guesses"][key] = given


def forget_guess(key: str) -> None:
    progress()["guesses"].pop(key, None)


def practice_answers(seed: int, version: int) -> dict[int, tuple[list, bool]]:
    """A practice set's stored answers: exercise index → (answers given, done)."""
    stored = progress()["practice"].get(f"{seed}.{version}", {})
    return {int(index): (list(given), bool(done)) for index, (given, done) in stored.items()}


def set_practice(seed: int, version: int, index: int, given: list, done: bool) -> None:
    progress()["practice"].setdefault(f"{seed}.{version}", {})[str(index)] = [list(given), done]


def progress_param() -> str:
    """The progress as the text of the `progress` URL parameter."""
    return encode(progress())
