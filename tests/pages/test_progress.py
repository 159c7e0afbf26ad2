"""The learner's progress on the pages that keep it (ui/saved), under what a link or the
browser's stored copy may hold (deep nesting, an exercise its set lacks, more than one link
can carry, an index int() refuses): every page runs, twice, with a message and no traceback; an
entry its set cannot hold is left out and named, never rebuilt;
what the page passes to the browser to write holds nothing that failed to read; and a stored
copy that cannot all be read is kept, unchanged, under another key that the message names.

AppTest draws no component: the browser's copy is set as the store's state, as saved.js sends
it, and what the page asks the browser to do is read from the data the store was given and
played by `browser_after`, a model of saved.js (the real one runs in
tests/browser/test_progress.py)."""

from __future__ import annotations

import base64
import json
import zlib

import pytest
from hypothesis import HealthCheck, Phase, example, given, settings

from tests.pages.conftest import assert_message, board_data, copy_links, open_link, open_page
from tests.strategies import hostile_json
from ui import saved, urlparams

PRACTICE = "views/practice.py"
HOME = "views/home.py"
SET_4 = {"seed": "1", "v": "4", "ex": "1"}  # version 4: 11 exercises, indices 0 to 10
BOX = "test-store"  # the id saved.js gives its store
# One example opens a page and runs it twice: a few examples, the same in every profile, and
# no shrinking (which would rerun pages hundreds of times).
FEW = settings(
    max_examples=8,
    deadline=None,
    derandomize=True,
    phases=[Phase.explicit, Phase.generate],
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)


def _json(value) -> str:
    return json.dumps(value, separators=(",", ":"), sort_keys=True)


def packed(text: str) -> str:
    """`text` packed as progress is packed (deflated, base64url without padding)."""
    raw = zlib.compress(text.encode("utf-8", "surrogatepass"))
    return base64.urlsafe_b64encode(raw).decode().rstrip("=")


def _store(at) -> dict:
    return board_data(at, saved.COMPONENT_KEY)


def browser_after(data: dict, storage: dict, kept: str) -> dict:
    """localStorage after saved.js, in a store with id BOX that read `kept` from `data["key"]`,
    is given `data` (see saved.js: a copy to keep aside first, then the write)."""
    after = dict(storage)
    aside = data.get("aside") or {}
    if aside.get("key") and aside.get("box") == BOX and kept:
        after[aside["key"]] = kept
        if after.get(data["key"]) == kept:
            del after[data["key"]]
    if data["progress"] and (not kept or data["read"] == BOX):
        after[data["key"]] = data["progress"]
    return after


def with_link(params: dict, page: str = PRACTICE):
    """The app opened from a link holding `params`, and the warnings its first run said (the
    link is read there: AppTest opens Home first), then `page` opened from the same link."""
    at = open_link(None, params)
    said = [w.value for w in at.warning]
    if page != HOME:
        at.switch_page(page)
        for key, value in params.items():
            at.query_params[key] = value
        at.run()
    return at, said


def with_stored_copy(text: str, page: str = PRACTICE, params: dict | None = None):
    """The app opened on `page` in a browser whose storage holds `text`: the store reports it
    on the page's run (as saved.js does on mount), and the page runs."""
    at = open_link(None, params or {})
    if page != HOME:
        at.switch_page(page)
        for key, value in (params or {}).items():
            at.query_params[key] = value
    at.session_state[saved.COMPONENT_KEY] = {
        "stored": {"stored": text, "blocked": False, "box": BOX}
    }
    at.run()
    return at


def _second_run(at, page: str):
    if page == PRACTICE:
        return at.button(key="practice_next").click().run()
    return at.run()


def _unreadable(text: str, source: str) -> bool:
    """Whether not all of `text` can be read (the unit tests check `saved.read` itself)."""
    try:
        return bool(saved.read(text, source, "")[1])
    except ValueError:
        return True


def _written_is_clean(data: dict) -> None:
    """What the page asks the browser to write reads back whole: nothing that failed to read
    is written back."""
    if data["progress"]:
        progress, dropped = saved.read(data["progress"])
        assert dropped == []
        for name, answers in progress["practice"].items():
            version = name.split(".")[1]
            assert all(int(i) < saved.practice.set_size(int(version)) for i in answers)


# --- an exercise its set does not have (it once broke /practice from the second run on) -----------

INDEX_99 = packed('{"v":1,"practice":{"1.4":{"99":[["0.5"],true],"0":[["0.5"],false]}}}')


def test_a_link_s_answer_to_an_exercise_the_set_lacks_is_left_out_said_and_never_saved():
    at, said = with_link({**SET_4, "progress": INDEX_99})
    message = next(m for m in said if "`progress`" in m)
    assert "exercise 100 of practice set 1 (version 4, 11 exercises)" in message
    assert "left out" in message and "The rest of it is added" in message
    assert not at.exception, [e.value for e in at.exception]
    _second_run(at, PRACTICE)
    assert not at.exception, [e.value for e in at.exception]
    _second_run(at, PRACTICE)  # it once broke here, from the second click on
    assert not at.exception
    assert "99" not in at.session_state[saved.STATE]["practice"]["1.4"]
    assert "0" in at.session_state[saved.STATE]["practice"]["1.4"]  # the rest is read
    _written_is_clean(_store(at))


def test_a_stored_answer_to_an_exercise_the_set_lacks_is_left_out_and_the_copy_kept():
    at = with_stored_copy(INDEX_99, PRACTICE, SET_4)
    aside = saved.aside_key(INDEX_99)
    assert_message(at.warning, "this browser kept", "exercise 100", aside)
    data = _store(at)
    assert data["aside"] == {"key": aside, "box": BOX} and data["read"] == BOX
    storage = browser_after(data, {saved.STORAGE_KEY: INDEX_99}, INDEX_99)
    assert storage[aside] == INDEX_99
    _written_is_clean(data)
    _second_run(at, PRACTICE)
    assert not at.exception
    assert browser_after(_store(at), storage, INDEX_99)[aside] == INDEX_99


def test_a_link_s_message_is_said_again_on_the_rerun_the_browser_s_report_causes():
    at, said = with_link({"progress": INDEX_99}, HOME)
    assert [m for m in said if "exercise 100" in m]
    # saved.js reports what the browser kept: its callback marks the rerun as a replay
    at.session_state[saved.COMPONENT_KEY] = {
        "stored": {"stored": saved.encode({"stops": ["learn-binary"]}), "box": BOX}
    }
    at.session_state[urlparams.REPLAY] = True
    at.run()
    assert_message(at.warning, "`progress`", "exercise 100")
    at.run()  # an ordinary rerun: said already
    assert not [w for w in at.warning if "exercise 100" in w.value]


# --- nesting, on every page that keeps progress (it once crashed them all) ------------------------

NESTED = packed("[" * 100_000 + "]" * 100_000)


@pytest.mark.parametrize("page", [HOME, PRACTICE, "views/learn/graded.py"])
def test_a_nested_progress_link_is_said_and_every_page_that_keeps_progress_runs(page):
    at, said = with_link({**SET_4, "progress": NESTED}, page)
    (message,) = [m for m in said if "`progress`" in m]
    assert "nests brackets more than 32 levels" in message and "Recursion" not in message
    assert not at.exception, [e.value for e in at.exception]
    at.run()
    assert not at.exception


@pytest.mark.parametrize("page", [HOME, PRACTICE])
def test_a_nested_stored_copy_is_kept_aside_named_and_the_page_works(page):
    at = with_stored_copy(NESTED, page, SET_4)
    assert not at.exception, [e.value for e in at.exception]
    assert_message(at.warning, "this browser kept", "nests brackets", saved.aside_key(NESTED))
    data = _store(at)
    after = browser_after(data, {saved.STORAGE_KEY: NESTED}, NESTED)
    assert after[saved.aside_key(NESTED)] == NESTED
    assert after.get(saved.STORAGE_KEY) != NESTED
    _second_run(at, page)
    assert not at.exception
    # said once: the next run has nothing new to say
    assert not [w for w in at.warning if "this browser kept" in w.value]


def test_a_readable_stored_copy_is_merged_and_nothing_is_kept_aside():
    text = saved.encode({"stops": ["learn-binary"], "practice": {"1.4": {"0": [["0.5"], True]}}})
    at = with_stored_copy(text, PRACTICE, SET_4)
    assert not at.warning
    assert at.session_state[saved.STATE]["stops"] == ["learn-binary"]
    # shown on the run that read it, not one click later
    (bar,) = at.get("progress")
    assert "1 answered" in bar.proto.text
    data = _store(at)
    assert data["aside"] == {"key": "", "box": ""} and data["read"] == BOX
    assert browser_after(data, {saved.STORAGE_KEY: text}, text) == {
        saved.STORAGE_KEY: data["progress"]
    }


def test_a_later_page_s_store_does_not_write_before_its_report_is_read():
    # The session read the first store's copy; a second page's store (a new mount) has read
    # the browser again: until the page has seen that report, it is not told it may write.
    text = saved.encode({"stops": ["learn-binary"]})
    at = with_stored_copy(text, HOME)
    assert _store(at)["read"] == BOX
    at.session_state[saved.COMPONENT_KEY] = {
        "stored": {"stored": NESTED, "blocked": False, "box": "second"}
    }
    at.run()
    data = _store(at)
    assert data["read"] == "second"
    assert data["aside"] == {"key": "", "box": ""}  # read once a session: merged already


# --- random and hostile progress: a link, and the browser's copy over two runs --------------------

AROUND = (
    lambda value: {"v": 1, "practice": {"1.4": {"0": value}}},
    lambda value: {"v": 1, "practice": {"1.4": {"99": [[value], True]}}},
    lambda value: {"v": 1, "practice": {"1.4": value}},
    lambda value: {"v": 1, "practice": value},
    lambda value: {"v": 1, "guesses": {"walkthrough-graded": value}},
    lambda value: {"v": 1, "guesses": value},
    lambda value: {"v": 1, "stops": value},
    lambda value: {"v": value},
)


@FEW
@given(hostile_json(*AROUND))
@example('{"v":1,"practice":{"1.4":{"²":[["0.5"],true]}}}')  # isdigit() but not int()
@example('{"v":1,"practice":{"1.4":{"' + "1" * 5000 + '":[["0.5"],true]}}}')
def test_any_progress_link_is_read_or_said_and_nothing_bad_is_written(document):
    for text in (packed(document), document):
        at, said = with_link({**SET_4, "progress": text})
        assert not at.exception, [e.value for e in at.exception]
        # Streamlit ignores a query string over 512 KB (and no browser sends one)
        if len(text) < 500_000 and _unreadable(text, saved.LINK):
            (message,) = [m for m in said if "`progress`" in m]
            assert len(message) < 500 and "Error" not in message
        _second_run(at, PRACTICE)
        assert not at.exception, [e.value for e in at.exception]
        _written_is_clean(_store(at))


@FEW
@given(hostile_json(*AROUND))
@example('{"v":1,"practice":{"1.4":{"10":[["0.5"],true],"11":[[1],true]}}}')
def test_any_stored_copy_is_read_or_kept_aside_unchanged_over_two_runs(document):
    text = packed(document)
    at = with_stored_copy(text, PRACTICE, SET_4)
    assert not at.exception, [e.value for e in at.exception]
    storage = browser_after(_store(at), {saved.STORAGE_KEY: text}, text)
    if _unreadable(text, saved.BROWSER):
        aside = saved.aside_key(text)
        message = assert_message(at.warning, "this browser kept", aside)
        assert len(message) < 600 and "Error" not in message
        assert storage[aside] == text
    else:
        assert not [w for w in at.warning if "this browser kept" in w.value]
        assert not [key for key in storage if key.startswith(saved.UNREAD_KEY)]
    _written_is_clean(_store(at))
    _second_run(at, PRACTICE)
    assert not at.exception, [e.value for e in at.exception]
    after = browser_after(_store(at), storage, text)
    assert {k: v for k, v in after.items() if k != saved.STORAGE_KEY} == {
        k: v for k, v in storage.items() if k != saved.STORAGE_KEY
    }
    _written_is_clean(_store(at))


# --- a progress too long for one link (once silently dropped, then overwritten) -------------------


def _many_sets(n: int) -> dict:
    return {
        f"{seed}.4": {str(i): [[f"0.{(seed * 7 + i) % 100:02d}"], True] for i in range(11)}
        for seed in range(2000, 2000 + n)
    }


def test_home_says_what_a_long_progress_link_leaves_out_and_offers_the_file():
    at = open_page()
    at.session_state[saved.STATE] = saved.merge(
        {"stops": ["learn-binary"]}, {"practice": _many_sets(150)}
    )
    at.run()
    assert not at.exception
    said = assert_message(at.info, "more than one link can carry", "of your 150 practice sets")
    assert "download it as a file" in said
    (link,) = [a for a in copy_links(at) if f"{saved.PARAM}=" in a]
    carried = link.split(f"{saved.PARAM}=", 1)[1]
    assert len(carried) <= saved.LINK_CHARS
    fresh = open_page(**{saved.PARAM: carried})
    assert fresh.session_state[saved.STATE]["stops"] == ["learn-binary"]
    assert 0 < len(fresh.session_state[saved.STATE]["practice"]) < 150
    (download,) = [
        b for b in at.get("download_button") if b.proto.label == "Download your progress"
    ]
    assert not download.proto.disabled


def test_home_with_short_progress_has_the_whole_link_and_no_warning():
    at = open_page()
    at.session_state[saved.STATE] = saved.merge({"stops": ["learn-binary"]}, {})
    at.run()
    assert not [i for i in at.info if "link can carry" in i.value]
    (link,) = [a for a in copy_links(at) if f"{saved.PARAM}=" in a]
    assert saved.decode(link.split(f"{saved.PARAM}=", 1)[1])["stops"] == ["learn-binary"]


def test_a_progress_file_opened_on_home_is_merged_saved_and_said():
    at = open_page()
    at.session_state[saved.STATE] = saved.merge({"stops": ["learn-binary"]}, {})
    at.run()
    # as another device's "Download your progress" writes it (saved.progress_file)
    document = _json(
        {
            "format": saved.FILE_FORMAT,
            "v": saved.VERSION,
            "stops": ["learn-graded"],
            "guesses": {},
            "practice": _many_sets(3),
        }
    )
    at.file_uploader(key=saved.FILE_KEY).upload("mine.json", document.encode(), "application/json")
    at.run()
    assert not at.exception
    assert_message(at.success, "Opened “mine.json”: 1 lesson stops", "3 practice sets")
    progress = at.session_state[saved.STATE]
    assert progress["stops"] == ["learn-binary", "learn-graded"]
    assert len(progress["practice"]) == 3
    assert saved.decode(_store(at)["progress"]) == progress  # saved on the run that read it
    at.run()
    assert len(at.session_state[saved.STATE]["practice"]) == 3  # read once, not on every rerun


@pytest.mark.parametrize(
    ("data", "said"),
    [
        (b"[" * 5000 + b"]" * 5000, "“bad.json” nests brackets more than 32 levels deep"),
        (b"\xef\xbb\xbf[1]", "“bad.json” is not a progress file"),
        (b'{"format":"ndcg-lab-progress","v":1,"practice":{"1.4":{"99":[[1],true]}}}', None),
    ],
)
def test_a_bad_progress_file_is_said_and_changes_nothing_it_cannot_read(data, said):
    at = open_page()
    at.file_uploader(key=saved.FILE_KEY).upload("bad.json", data, "application/json")
    at.run()
    assert not at.exception
    if said:
        assert_message(at.error, said, saved.FILE_FIX)
    else:
        assert_message(at.warning, "exercise 100 of practice set 1", "left out")
    assert at.session_state[saved.STATE] == saved.empty()
