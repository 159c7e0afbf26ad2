"""The learner's progress, kept: the suggested path's stops done, the answers to the lessons'
predict-first questions, and the practice sets' answers. One store for all three.

Where it lives:
- in the session (`st.session_state[STATE]`), always: that is what the pages read and write, and
  all there is in AppTest (a component draws nothing there) or in a browser that refuses storage;
- in the browser's localStorage, through a tiny component mounted in the page (Components v2, no
  frame: `saved.js`). On mount it sends what the browser kept; Python merges it into the session
  once, then passes the merged progress back on every run, and the script writes it. So a reload,
  or a new tab, finds the progress again;
- in a link: `link_text()` packs it into one compact URL parameter (`progress`, declared in
  `ui.urlparams`), and any page that mounts the store merges a link's progress once. Home shows
  that link as "Continue on another device" (`continue_elsewhere`); a link carries at most
  LINK_CHARS characters, so a longer progress gets a link with what fits, says what it leaves
  out, and offers a file that carries everything (opened on Home of the other device).

Merging never loses anything: stops and answers are united; for a practice exercise the record
with more tries (or the finished one) is kept.

What comes back from outside (a link, the browser's copy, a file) is checked, not trusted: the
text is read by `outside` (a bounded inflate, size and depth limits, one kind of message), then
every entry against what it can be (`_checked`): a practice answer for a set that does not exist
or an exercise its set does not have is left out, and said, never rebuilt. A browser copy that
cannot be read, or had entries left out, is never overwritten: the page asks the browser to keep
it as it was under another key (UNREAD_KEY and a digest of it), names that key in a message, and
saves the progress beside it. There is no cap on the browser's copy but the inflated size.

What is stored is what the learner gave, never a verdict: guesses and answers are judged again
when read (`lessons.practice.judge`), so a stored answer always gets today's feedback.
"""

from __future__ import annotations

import base64
import functools
import hashlib
import json
import re
import zlib
from collections.abc import Mapping
from pathlib import Path

import streamlit as st
from streamlit.errors import StreamlitDuplicateElementKey

import outside
from i18n import N_, tr, trn
from lessons import practice
from ndcg_core.display import count, shorten

from .. import share, urlparams
from ..component import register
from ..text import plain

HERE = Path(__file__).parent
NAME = "ndcg_lab.saved"
_mount = register(NAME, HERE, "saved")

STATE = "saved_progress"  # session_state[STATE]: the progress (see `empty`)
COMPONENT_KEY = "saved_store"  # the component's key; its state "stored" is the browser's copy
BROWSER_READ = "saved_browser_read"  # the browser's copy has been merged (once a session)
SEEN = "saved_seen"  # the id of the last store whose report was read (a store: one a page)
BROWSER_MESSAGE = "saved_browser_message"  # what was wrong with the browser's copy, to say once
ASIDE = "saved_aside"  # (key, store id): where that store is to keep the copy it could not read
LINK_READ = "saved_link_read"  # the last link `progress` text merged
LINK_MESSAGE = "saved_link_message"  # what was wrong with a link's `progress`, to say once
FILE_KEY = "saved_file"  # Home's "Open a progress file" uploader
FILE_READ = "saved_file_read"  # the id of the last file opened
FILE_MESSAGE = "saved_file_message"  # (kind, text): what opening it did, said beside it
PARAM = urlparams.PROGRESS
STORAGE_KEY = "ndcg-lab-progress"  # the browser's localStorage key (saved.js writes it)
UNREAD_KEY = f"{STORAGE_KEY}-unread-"  # + a digest: where a copy that could not be read is kept
VERSION = 1
FILE_FORMAT = "ndcg-lab-progress"  # a progress file's "format"
FILE_NAME = "ndcg-lab-progress.json"
# Bytes of progress once unpacked (about 1,600 practice sets): the bound of the browser's copy,
# a link and a file. The browser's copy has no other cap.
MAX_PROGRESS = 500_000
# Characters a progress link carries at most: short of what servers, proxies (nginx reads a
# request line of up to 8 KB) and chat apps cut. Links made before this limit was set open.
LINK_CHARS = 4000

# What is read, and what to do when it cannot be: translated where they are said (tr(LINK)).
LINK = N_("The link's `progress` (your progress)")
LINK_FIX = N_(
    "Copy the whole link again from Home on the other device. Your progress on this device is "
    "kept as it was."
)
BROWSER = N_("The progress this browser kept")
FILE_FIX = N_("A progress file is the one Home's “Download your progress” saves: open that one.")


def empty() -> dict:
    """No progress: stops done, predict guesses by question key (an option's index, typed text,
    or None for "Just show me"), practice answers by "seed.version" then exercise index, each
    [given answers, done]."""
    return {"stops": [], "guesses": {}, "practice": {}}


# ------------------------------------------------------------------------- checking entries

_SET = re.compile(r"([0-9]{1,6})\.([0-9]{1,2})")  # "seed.version", ASCII digits only
_INDEX = re.compile(r"[0-9]{1,3}")  # an exercise's index, 0-based; '²'.isdigit() is True
MAX_STOP = 40  # characters in a stop's key
MAX_GUESS_KEY = 80  # characters in a predict question's key


def _set_size(name: str) -> tuple[str, int] | None:
    """A practice set's name made canonical, and how many exercises it has; None if no set has
    that name (its seed or version out of range)."""
    match = _SET.fullmatch(name)
    if match is None or int(match[2]) not in practice.VERSIONS:
        return None
    seed, version = int(match[1]), int(match[2])
    return f"{seed}.{version}", practice.set_size(version)


def _answers_checked(name: str, answers: object, dropped: list[str]) -> dict:
    """One practice set's records that its set can hold; what it cannot, named in `dropped`."""
    found = _set_size(name)
    if found is None:
        dropped.append(
            tr("answers to a practice set called “{name}”, which none is", name=shorten(name, 20))
        )
        return {}
    canonical, size = found
    seed, version = canonical.split(".")
    where = {"seed": seed, "version": version, "size": size}
    if not isinstance(answers, Mapping):
        dropped.append(
            tr(
                "the answers to practice set {seed} (version {version}, {size} exercises), "
                "which are not a table",
                **where,
            )
        )
        return {}
    kept = {}
    for index, record in answers.items():
        index = str(index)
        if _INDEX.fullmatch(index) is None or int(index) >= size:
            shown = int(index) + 1 if _INDEX.fullmatch(index) else f"“{shorten(index, 12)}”"
            dropped.append(
                tr(
                    "an answer to exercise {shown} of practice set {seed} (version {version}, "
                    "{size} exercises)",
                    shown=shown,
                    **where,
                )
            )
        elif not (isinstance(record, list) and len(record) == 2 and isinstance(record[0], list)):
            dropped.append(
                tr(
                    "exercise {number} of practice set {seed} (version {version}, {size} "
                    "exercises), whose record is not readable",
                    number=int(index) + 1,
                    **where,
                )
            )
        else:
            given = [g for g in record[0] if isinstance(g, int | str) and not isinstance(g, bool)]
            kept[str(int(index))] = [given[:5], bool(record[1])]
    return kept


def _checked(value: object) -> tuple[dict, list[str]]:
    """`value` as a progress dict, and what in it could not be used, in words: every entry is
    checked against what it can be, never trusted (a link can carry anything)."""
    out, dropped = empty(), []
    if not isinstance(value, Mapping):
        return out, [tr("all of it: it is not a record of progress")]
    stops = value.get("stops", [])
    if not isinstance(stops, list):
        dropped.append(tr("its lesson stops, which are not a list"))
        stops = []
    good = [s for s in stops if isinstance(s, str) and 0 < len(s) <= MAX_STOP]
    dropped += [tr("a lesson stop that is not a page's name")] * (len(stops) - len(good))
    out["stops"] = sorted(set(good))
    guesses = value.get("guesses", {})
    if not isinstance(guesses, Mapping):
        dropped.append(tr("its answers to the lessons' questions, which are not a table"))
        guesses = {}
    for key, given in guesses.items():
        if given is None or (isinstance(given, int | str) and not isinstance(given, bool)):
            out["guesses"][str(key)[:MAX_GUESS_KEY]] = given
        else:
            dropped.append(
                tr("the answer to the question “{key}”, which is unreadable", key=shorten(key, 30))
            )
    sets = value.get("practice", {})
    if not isinstance(sets, Mapping):
        dropped.append(tr("its practice answers, which are not a table"))
        sets = {}
    for name, answers in sets.items():
        kept = _answers_checked(str(name), answers, dropped)
        if kept:
            canonical = _set_size(str(name))[0]
            out["practice"].setdefault(canonical, {}).update(kept)
    return out, dropped


def _clean(value: object) -> dict:
    return _checked(value)[0]


def _left_out(dropped: list[str]) -> str:
    """What `_checked` left out, in one sentence: how many, and the first."""
    n = len(dropped)
    if n == 1:
        return tr("1 entry could not be used and was left out: {first}", first=dropped[0])
    return trn(
        "{count} entries could not be used and were left out: {first} (and {more} more)",
        "{count} entries could not be used and were left out: {first} (and {more} more)",
        n,
        count=count(n),
        first=dropped[0],
        more=count(n - 1),
    )


# ---------------------------------------------------------------------------------- encoding


def encode(progress: Mapping) -> str:
    """Progress as a compact, URL-safe text: JSON, deflated, base64url without padding."""
    text = json.dumps({"v": VERSION, **_clean(progress)}, separators=(",", ":"))
    return base64.urlsafe_b64encode(zlib.compress(text.encode("utf-8"), 9)).decode().rstrip("=")


def _document(value: object, source: str, fix: str) -> tuple[dict, list[str]]:
    """The progress a JSON document holds, and what in it was left out."""
    if not isinstance(value, Mapping) or type(value.get("v")) is not int or value["v"] != VERSION:
        raise ValueError(
            tr("{source} was not made by this version of the app. {fix}", source=source, fix=fix)
        )
    return _checked(value)


def read(text: str, source: str | None = None, fix: str | None = None) -> tuple[dict, list[str]]:
    """The progress a compact text (a link's, the browser's) carries, and what in it was left
    out, in words; a ValueError naming `source` and ending with `fix` when none of it reads
    (by default the link's, in this run's language)."""
    source = tr(LINK) if source is None else source
    fix = tr(LINK_FIX) if fix is None else fix
    text = str(text).strip()
    if not text:
        raise ValueError(tr("{source} is empty. {fix}", source=source, fix=fix))
    if len(text) > 2 * MAX_PROGRESS:  # more than any deflated MAX_PROGRESS bytes take
        raise ValueError(
            tr(
                "{source} is {length} characters long, more than progress ever takes. {fix}",
                source=source,
                length=count(len(text)),
                fix=fix,
            )
        )
    try:
        raw = base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))
    except ValueError:  # not base64 (padding, letters outside its alphabet)
        raise ValueError(
            tr(
                "{source} could not be read: it is not packed as the app packs it. {fix}",
                source=source,
                fix=fix,
            )
        ) from None
    unpacked = outside.inflate(raw, source, fix, limit=MAX_PROGRESS)
    return _document(outside.read_json(unpacked, source, fix, limit=MAX_PROGRESS), source, fix)


def decode(text: str) -> dict:
    """The progress a link carries (anything its sets cannot hold left out); ValueError, saying
    what is wrong, when it cannot be read."""
    return read(text)[0]


def read_file(data: bytes, name: str) -> tuple[dict, list[str]]:
    """The progress a file (`progress_file`) carries, and what in it was left out; ValueError
    naming the file when it cannot be read."""
    source = f"“{shorten(name)}”"
    fix = tr(FILE_FIX)
    document = outside.read_json(data, source, fix, limit=MAX_PROGRESS)
    if not isinstance(document, Mapping) or document.get("format") != FILE_FORMAT:
        raise ValueError(tr("{source} is not a progress file. {fix}", source=source, fix=fix))
    return _document(document, source, fix)


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


def aside_key(text: str) -> str:
    """Where the browser keeps a copy it could not read: the same copy always gets the same
    key (a reload does not multiply it), another copy another key (none overwrites another)."""
    digest = hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()
    return UNREAD_KEY + digest[:12]


def _merge_browser() -> None:
    """Merge what the browser kept, the first time a store reports it. A copy that cannot be
    read, or had entries left out, is kept aside (`aside_key`) and named, never overwritten.

    Each mounted store (one a page) reports what it found, with an id of its own, and writes
    only once this has seen its report (`read` in its data): so no store writes over a copy
    before it is read. A later page's store that still finds the copy kept aside (the first
    could not keep it) is the one asked to keep it."""
    state = st.session_state.get(COMPONENT_KEY)
    stored = state.get("stored") if isinstance(state, Mapping) else None
    if not isinstance(stored, Mapping):
        return  # not reported yet (or no browser: AppTest)
    box = stored.get("box")
    box = box if isinstance(box, str) and len(box) <= 64 else None  # saved.js: a short id
    if st.session_state.get(SEEN, ()) == box:
        return
    st.session_state[SEEN] = box
    text = stored.get("stored")
    if not isinstance(text, str) or not text:
        return
    aside = aside_key(text)
    if st.session_state.get(BROWSER_READ):
        if st.session_state.get(ASIDE, ("",))[0] == aside:
            st.session_state[ASIDE] = (aside, box)
        return
    st.session_state[BROWSER_READ] = True
    kept = tr(
        "It is kept as it was in this browser's storage for this site, under the name "
        "“{name}”, and your progress from here on is saved beside it.",
        name=aside,
    )
    try:
        found, dropped = read(text, tr(BROWSER), kept)
    except ValueError as error:
        st.session_state[ASIDE] = (aside, box)
        st.session_state[BROWSER_MESSAGE] = str(error)
        return
    st.session_state[STATE] = merge(progress(), found)
    if dropped:
        st.session_state[ASIDE] = (aside, box)
        st.session_state[BROWSER_MESSAGE] = tr(
            "{source}: {left_out}. The rest of it is read. {kept}",
            source=tr(BROWSER),
            left_out=_left_out(dropped),
            kept=kept,
        )


def _merge_link() -> None:
    """Merge a link's `progress`, once per link; a bad one is said, and nothing is lost."""
    text = st.query_params.get(PARAM)
    if text is None or st.session_state.get(LINK_READ) == text:
        return
    st.session_state[LINK_READ] = text
    try:
        found, dropped = read(text)
    except ValueError as error:
        st.session_state[LINK_MESSAGE] = str(error)
        return
    st.session_state[STATE] = merge(progress(), found)
    st.session_state[LINK_MESSAGE] = (
        tr(
            "{source}: {left_out}. The rest of it is added to your progress.",
            source=tr(LINK),
            left_out=_left_out(dropped),
        )
        if dropped
        else None
    )


def _merge_file() -> None:
    """Merge the progress file opened on Home (`continue_elsewhere`), once per file: its value
    is in the session before the uploader is drawn, so this run already saves what it adds."""
    upload = st.session_state.get(FILE_KEY)
    file_id = getattr(upload, "file_id", None)
    if file_id is None:
        st.session_state.pop(FILE_MESSAGE, None)
        return
    if st.session_state.get(FILE_READ) == file_id:
        return
    st.session_state[FILE_READ] = file_id
    try:
        found, dropped = read_file(upload.getvalue(), upload.name)
    except ValueError as error:
        st.session_state[FILE_MESSAGE] = ("error", str(error))
        return
    st.session_state[STATE] = merge(progress(), found)
    opened = tr(
        "Opened “{name}”: {stops} lesson stops, {answers} answers to the lessons' questions and "
        "{sets} practice sets, added to your progress.",
        name=shorten(upload.name),
        stops=count(len(found["stops"])),
        answers=count(len(found["guesses"])),
        sets=count(len(found["practice"])),
    )
    if dropped:
        st.session_state[FILE_MESSAGE] = (
            "warning",
            tr("{opened} {left_out}.", opened=opened, left_out=_left_out(dropped)),
        )
    else:
        st.session_state[FILE_MESSAGE] = ("success", opened)


def merged() -> dict:
    """The progress, merged with the browser's copy, the link's and a file's once each (what
    `mount` does first): for a page that reads progress before it mounts the store at the end
    of its run, so that what the browser sent shows on the run that reads it."""
    _merge_link()
    _merge_browser()
    _merge_file()
    return progress()


def mount() -> dict:
    """Put the store in this run's page (once, however often called) and return the progress,
    merged with the browser's copy, the link's and a file's once each. Every page that reads or
    writes progress calls it first (or `merged` first, and this at the end)."""
    merged()
    try:
        _mount(
            key=COMPONENT_KEY,
            data={
                "key": STORAGE_KEY,
                # Nothing to keep yet: "" (the browser then writes nothing, and a later page
                # finds nothing to send back, so it causes no rerun).
                "progress": encode(progress()) if progress() != empty() else "",
                # The id of the store whose report was read last: that store may now write.
                "read": st.session_state.get(SEEN) or "",
                # The copy a store sent could not all be read: that store keeps it under this
                # key before anything is written over it.
                "aside": dict(zip(("key", "box"), st.session_state.get(ASIDE, ("", "")))),
            },
            default={"stored": None},
            # Read on the rerun it causes, which says the link's messages again.
            on_stored_change=lambda: st.session_state.__setitem__(urlparams.REPLAY, True),
        )
    except StreamlitDuplicateElementKey:
        # A page with two questions calls this twice: the first call mounted the store (one
        # per page, by its key) and said the messages.
        return progress()
    # Said on the run that read them, and again on the rerun the browser's report causes.
    for key, icon in ((LINK_MESSAGE, "🔗"), (BROWSER_MESSAGE, "💾")):
        new = st.session_state.pop(key, None)  # gone once said: no entry left in the session
        for message in urlparams.link_messages(key, [new] if new else []):
            urlparams.warn(message, icon=icon)
    return progress()


# ----------------------------------------------------------------- taking it to another device


def link_text(progress: Mapping) -> tuple[str | None, int]:
    """The `progress` link's text for `progress`, within LINK_CHARS, and how many practice sets
    it leaves out to fit (text None: not even the stops and the lessons' answers fit)."""
    whole = encode(progress)
    if len(whole) <= LINK_CHARS:
        return whole, 0
    return _fitting(whole)


@functools.lru_cache(maxsize=4)  # Home reruns with the same progress: searched once
def _fitting(whole: str) -> tuple[str | None, int]:
    progress = decode(whole)
    sets = list(progress["practice"].items())

    def text(n: int) -> str:
        return encode({**progress, "practice": dict(sets[:n])})

    if len(text(0)) > LINK_CHARS:
        return None, len(sets)
    low, high = 0, len(sets)  # text(low) fits; text(high) does not
    while high - low > 1:
        middle = (low + high) // 2
        low, high = (middle, high) if len(text(middle)) <= LINK_CHARS else (low, middle)
    return text(low), len(sets) - low


def progress_file() -> str:
    """The progress as a file to download (JSON with `format` and `v`), which `read_file`
    reads back on any device."""
    document = {"format": FILE_FORMAT, "v": VERSION, **_clean(progress())}
    return json.dumps(document, separators=(",", ":"), sort_keys=True) + "\n"


def continue_elsewhere() -> None:
    """Home's way to take the progress to another device: a link; when the link cannot carry
    all of it, what it leaves out said, and a file that carries everything; and a file from
    another device opened here (merged by `mount`, like a link)."""
    link, left_out = link_text(progress())
    sets = len(progress()["practice"])
    if link is None:
        st.info(
            tr(
                "Your progress is more than a link can carry. Download it as a file below and "
                "open it on the other device, on Home, under “Move your progress with a file”."
            ),
            icon="📦",
        )
    elif left_out:
        st.info(
            tr(
                "Your progress is more than one link can carry: the link below holds your "
                "lesson stops, your answers to the lessons' questions and {kept} of your {sets} "
                "practice sets. To take all of it, download it as a file below and open it on "
                "the other device, on Home, under “Move your progress with a file”.",
                kept=count(sets - left_out),
                sets=count(sets),
            ),
            icon="📦",
        )
    if link is not None:
        share.copy_link(f"{PARAM}={link}", label=tr("Continue on another device"))
    message = st.session_state.get(FILE_MESSAGE)
    folded = link is not None and not left_out and not message
    with st.expander(tr("Move your progress with a file"), expanded=not folded):
        st.download_button(
            tr("Download your progress"),
            data=progress_file(),
            file_name=FILE_NAME,
            mime="application/json",
            key="saved_download",
            icon="⬇️",
            disabled=progress() == empty(),
        )
        st.file_uploader(
            tr("Open a progress file (one downloaded here on another device)"),
            type=["json"],
            key=FILE_KEY,
        )
        if message:
            kind, text = message
            getattr(st, kind)(plain(text))


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
