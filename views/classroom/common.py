"""What every screen of the live classroom shares: the store (one per process), the link and its
parameters (read and written through the URL schema, `ui.urlparams`), who is asking (their
browser and address, for the wait after wrong codes; their student token, so a browser joins
once), the QR code, the messages a callback leaves for the next run, the words every screen uses,
and the watch that redraws a screen when the class moves on, spread over a few seconds in a big
class so that a stampede of full reruns cannot choke the server.
"""

from __future__ import annotations

import json
import random
import threading
import time
from dataclasses import dataclass
from functools import lru_cache
from html import escape
from urllib.parse import urlencode, urlsplit

import segno
import streamlit as st
from sqlalchemy.exc import SQLAlchemyError
from streamlit.runtime.scriptrunner_utils.script_run_context import get_script_run_ctx

import i18n
from classroom import rooms
from classroom.store import Store, admin_secret, database_url
from i18n import N_, tr
from ui import menu, share, urlparams
from ui.text import plain

PAGE = "classroom"
SAID = f"{PAGE}_said"  # a message for the next run: (kind, text)
ROOM, KEY = urlparams.ROOM.name, urlparams.TEACHER_KEY.name
STUDENT, PROJECTOR = urlparams.STUDENT.name, urlparams.PROJECTOR.name
TOKENS = f"{PAGE}_tokens"  # this session's student token in each room joined, by code
COOKIE = "ndcg_classroom_"  # + the room code: the browser's student token in that room
ROUTE_COOKIE = "ndcg_route"  # behind `make serve`'s nginx: one per browser (deploy/nginx.conf)
LOCAL_HOSTS = ("localhost", "127.0.0.1", "::1", "0.0.0.0")
QR_SCALE = 10  # pixels per module of the QR code (an SVG: it scales sharply on any screen)

LIVE_SECONDS = 1.0  # the projector's and the teacher's live counts: within 2 s of an answer
# How often a phone checks for a new round, question, reveal or list: every WATCH_SECONDS in a
# class of up to 80, then less often (`watch_seconds`): each check costs a server 5–10 ms of
# CPU (bench/README.md), so 200 phones checking every 2 s would keep a core busy.
WATCH_SECONDS = 2.0
CHECKS_PER_SECOND = 40  # a class's phones check about this often in all, once it is big
MAX_WATCH_SECONDS = 6.0
SNAPSHOT_SECONDS = 0.5  # a process reads a room's state at most this often for its phones' ticks
SPREAD_PER_STUDENT = 1 / 80  # seconds a full redraw is spread over, per student in the class…
MAX_SPREAD = 3.0  # … up to this: 200 phones redraw over 2.5 s, not in the same instant
# How a typed number may be written (a student's answer, the concept check's).
ANSWER_PLACEHOLDER = N_("e.g. 0.8, .8 or 80%")
LOST = N_("⚠️ Lost touch with the class for a moment; trying again…")
DB_SILENT = N_("The class's database did not answer; trying again…")


# ---------------------------------------------------------------------------------------------
# The database
# ---------------------------------------------------------------------------------------------


def _secrets() -> dict:
    """``.streamlit/secrets.toml`` as a dict ({} when there is none)."""
    try:
        return st.secrets.to_dict()
    except (FileNotFoundError, KeyError):
        return {}


@st.cache_resource(show_spinner=False)
def _store(url: str, admin: str | None) -> Store:
    # One per process and URL: it holds the connection pool every session shares.
    return Store(url, admin=admin)


def store() -> Store:
    """The classroom's database, as configured (`classroom.store.database_url`), with the
    administrator secret of the server's settings (`classroom.store.admin_secret`)."""
    settings = _secrets()
    return _store(database_url(settings), admin_secret(settings))


# ---------------------------------------------------------------------------------------------
# The link: its parameters, read and written through the URL schema
# ---------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Link:
    """The classroom's parameters as the address bar has them (texts, or None when absent)."""

    room: str | None
    key: str | None
    student: str | None
    projector: str | None


def link() -> Link:
    """The classroom's parameters of this run's address."""
    params = st.query_params
    return Link(*(params.get(name) for name in urlparams.CLASSROOM_KEYS))


def read(param: urlparams.Param, text: str | None) -> str:
    """A parameter's value, read by its `Param` (a ValueError says what is wrong)."""
    return param.read(text if text is not None else "")


def go(**values: str | None) -> None:
    """Make the address bar name this view: the classroom's parameters given (the others taken
    out), through `urlparams.apply`, the one writer of the address bar."""
    names = {"room": ROOM, "key": KEY, "student": STUDENT, "projector": PROJECTOR}
    wanted = {names[name]: value for name, value in values.items() if value is not None}
    urlparams.apply(wanted, urlparams.CLASSROOM_KEYS)


def _address(params: dict[str, str]) -> str:
    return share.page_address(urlencode(params), path=PAGE)


def join_link(code: str) -> str:
    """The link students open (or scan): the room's code only, never a secret.

    It names no language, on purpose: one link (and one QR code) serves a class whose students
    read different languages, and each phone opens the class in its own browser's language
    (`ui.language`: the browser's, then English), with a switch on the student's screen. A
    `lang` in it would put every student in the teacher's language."""
    return _address({ROOM: code})


def teacher_link(code: str, key: str) -> str:
    """The teacher's own link: it keeps the language the teacher reads now."""
    return _address({urlparams.LANG: i18n.language(), ROOM: code, KEY: key})


def projector_link(code: str, token: str) -> str:
    """The audience screen's link: the room and its projector token, never the teacher key;
    and the language the teacher reads now, so the projector speaks the language the class is
    taught in whatever the projector's computer is set to (the teacher's screen shows the link
    again after a change of language)."""
    return _address({urlparams.LANG: i18n.language(), ROOM: code, PROJECTOR: token})


def is_local(address: str) -> bool:
    """Whether a link names this computer only (students' phones cannot open it)."""
    return (urlsplit(address).hostname or "") in LOCAL_HOSTS


@lru_cache(maxsize=64)
def qr_svg(address: str) -> str:
    """The QR code of `address` as an SVG, drawn here (segno), nothing fetched: black on a white
    square with the quiet border scanners need, so it reads on the dark theme too; no size of
    its own (its box sizes it: it scales sharply on any screen)."""
    return segno.make(address, error="m", micro=False).svg_inline(
        scale=QR_SCALE, border=4, dark="#000", light="#fff", omitsize=True
    )


def qr_image(address: str, code: str, css_class: str = "ndcg-qr") -> str:
    """The QR code, inline, as an image with a text alternative (WCAG 1.1.1): what it links to."""
    alt = tr(
        "QR code: the link to join class {code}, {address}",
        code=rooms.format_code(code),
        address=address,
    )
    return (
        f'<span class="{css_class}" aria-label="{escape(alt, quote=True)}" role="img">'
        f"{qr_svg(address)}</span>"
    )


# ---------------------------------------------------------------------------------------------
# Who is asking: a browser (and its address) for the wait after wrong codes, and one student
# per browser
# ---------------------------------------------------------------------------------------------


def client_address() -> str:
    """The address wrong codes are counted by: the browser's, or behind the local proxy
    (`make serve`'s nginx, which connects from this machine) the one it passes in X-Real-IP.
    Where neither is known (the app opened on this very computer), one shared bucket: "local"."""
    address = st.context.ip_address
    if not isinstance(address, str):  # None on this computer (and in tests)
        address = st.context.headers.get("X-Real-Ip")
    return address.strip()[:60] if isinstance(address, str) and address.strip() else "local"


def browser_id() -> str:
    """Which browser is asking, for its own count of wrong codes: its route cookie behind
    `make serve`'s nginx (one per browser), else this tab's session."""
    route = _cookie(ROUTE_COOKIE)
    if route:
        return f"r:{route[:40]}"
    ctx = get_script_run_ctx()
    return f"s:{ctx.session_id[:40]}" if ctx else "s:none"


def wait_seconds() -> float:
    """How long this browser must wait before a code that names no class is answered."""
    return store().code_wait(client_address(), browser_id())


def count_failure() -> float:
    """Count a wrong code (or key) from this browser; the wait it now owes."""
    return store().wrong_code(client_address(), browser_id())


def _cookie(name: str) -> str | None:
    found = st.context.cookies.get(name)
    return found if isinstance(found, str) else None


def remembered_token(code: str) -> str | None:
    """The student token this browser got in room `code`: this session's, or its cookie's."""
    mine = st.session_state.get(TOKENS, {}).get(code) or _cookie(COOKIE + code)
    try:
        return rooms.read_secret(mine, "student")
    except ValueError:  # none, or a cookie that is not one of ours
        return None


def remember_token(code: str, token: str) -> None:
    """Keep the token for this session (`keep_in_browser` puts it in a cookie)."""
    st.session_state.setdefault(TOKENS, {})[code] = token


def keep_in_browser(code: str, token: str) -> None:
    """A cookie with the token, so the browser joins as the same student when the join link
    is opened again (for as long as the class's data is kept)."""
    remember_token(code, token)
    if _cookie(COOKIE + code) == token:
        return
    seconds = int((rooms.MAX_HOURS + 24 * rooms.RETENTION_DAYS) * 3600)
    cookie = f"{COOKIE}{code}={token}; Max-Age={seconds}; Path=/; SameSite=Lax"
    st.html(
        f"<script>document.cookie = {json.dumps(cookie)};</script>",
        unsafe_allow_javascript=True,
    )


# ---------------------------------------------------------------------------------------------
# Messages a callback leaves for the next run
# ---------------------------------------------------------------------------------------------


def say(kind: str, text: str) -> None:
    st.session_state[SAID] = (kind, text)


def said(slot=None) -> None:
    """The message a callback left, said once; in `slot` (an `st.empty()`) if given, so that a
    screen redrawn every few seconds keeps a place for it whether or not there is one."""
    where = st if slot is None else slot
    if SAID in st.session_state:
        kind, text = st.session_state.pop(SAID)
        {"success": where.success, "error": where.error, "warning": where.warning}[kind](
            plain(text)
        )


def act(action, code: str, key: str, *args) -> None:
    """A teacher's button: the store's action; its refusal said on the next run."""
    try:
        action(code, key, *args)
    except ValueError as error:
        say("error", str(error))


# ---------------------------------------------------------------------------------------------
# Words every screen uses
# ---------------------------------------------------------------------------------------------


def page_title() -> str:
    """The classroom's title on the join screens, in the menu's words (`ui.menu`)."""
    page = menu.BY_KEY[PAGE]
    return f"{page.icon} {page.name}"


def gone(code: str) -> str:
    """What every screen says once a class's data is gone."""
    return tr(
        "Class {code} was deleted: by its teacher, or {days} after it closed, when its data is "
        "deleted by itself. Its answers are gone; a teacher can start a new class.",
        code=rooms.format_code(code),
        days=rooms.retention_words(),
    )


def ended(code: str, state: str) -> str:
    if state == "closed":
        return tr(
            "Class {code} was closed by its teacher: it takes no answers.",
            code=rooms.format_code(code),
        )
    return tr(
        "Class {code} has ended (its hours are up): it takes no answers.",
        code=rooms.format_code(code),
    )


def name_of(name: str | None, number: int) -> str:
    """A student as listed: their name exactly as typed (shown with a text element, never
    Markdown), or their number."""
    return name if name else tr("Student {number} (no name)", number=number)


def round_words(posed) -> str:
    """What the class is doing now, as the projector and every phone say it."""
    if posed.twin_of is not None:
        return tr("The twin question: answer on your own")
    if posed.round == 2:
        return tr("Round 2: discuss, then answer again")
    return tr("Round 1: answer on your own")


# ---------------------------------------------------------------------------------------------
# Reading the room for the ticks of many screens, and redrawing them without a stampede
# ---------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Snapshot:
    """A room as the ticking screens need it: its `signature` (None: the room is gone), its
    current question as posed, and how many students are in."""

    signature: tuple | None
    posed: object | None
    students: int

    @property
    def full(self) -> tuple | None:
        """What only a full redraw shows: the question, its reveal, a list sent, the concept
        check, the room's state (its round and timer are redrawn by the round panel alone)."""
        if self.signature is None:
            return None
        current, revealed, pushed_at, _round, _closes, _up, state, checking = self.signature
        return (current, revealed, pushed_at, state, checking)


_SNAPSHOTS: dict[str, tuple[float, Snapshot]] = {}
_SNAPSHOTS_LOCK = threading.Lock()


def _read_snapshot(db: Store, code: str) -> Snapshot:
    signature = db.signature(code)
    if signature is None:
        return Snapshot(None, None, 0)
    current = signature[0]
    posed = None if current is None else db.question(code, current)
    return Snapshot(signature, posed, db.head_count(code))


def snapshot(db: Store, code: str) -> Snapshot:
    """The room now. A tick of a fragment (a phone's 2-second check) shares one reading per
    process for SNAPSHOT_SECONDS: 200 phones on two processes read the room four times a second,
    not a hundred. A full run always reads afresh (so does every test)."""
    ctx = get_script_run_ctx()
    ticking = bool(ctx and ctx.fragment_ids_this_run)
    now = time.monotonic()
    if ticking:
        with _SNAPSHOTS_LOCK:
            found = _SNAPSHOTS.get(code)
        if found is not None and now - found[0] < SNAPSHOT_SECONDS:
            return found[1]
    read = _read_snapshot(db, code)
    with _SNAPSHOTS_LOCK:
        _SNAPSHOTS[code] = (now, read)
        if len(_SNAPSHOTS) > 1000:  # rooms long gone
            for old in [c for c, (at, _) in _SNAPSHOTS.items() if now - at > 60]:
                del _SNAPSHOTS[old]
    return read


def redraw_all(students: int) -> None:
    """Redraw the whole screen, a moment later in a big class: each screen waits a random part
    of a spread that grows with the class (MAX_SPREAD at most), so the server meets the class's
    full reruns one after another instead of all at once."""
    spread = min(MAX_SPREAD, students * SPREAD_PER_STUDENT)
    if spread > 0:
        time.sleep(random.uniform(0, spread))
    st.rerun(scope="app")


def watch_seconds(students: int) -> float:
    """How often each phone of a class of `students` checks the class: WATCH_SECONDS up to 80
    students, then as often as keeps the class's checks near CHECKS_PER_SECOND (5 s for 200),
    MAX_WATCH_SECONDS at most."""
    return min(MAX_WATCH_SECONDS, max(WATCH_SECONDS, students / CHECKS_PER_SECOND))


def watch(code: str, drawn: tuple | None, whole: bool = False, every: float = WATCH_SECONDS):
    """Redraw the whole screen when the class moves on (a question, a reveal, a list sent, the
    concept check, the class closed or deleted), checking every `every` seconds; nothing else
    is redrawn while a student thinks or types. `whole`: on any change of the `signature` (a
    round, a timer set or run out too): the teacher's screen, whose controls follow the round,
    and a second screen on the teacher's link, which follows the teacher's moves."""
    st.fragment(_watch, run_every=every)(code, drawn, whole)


def _watch(code: str, drawn: tuple | None, whole: bool) -> None:
    try:
        now = snapshot(store(), code)
    except SQLAlchemyError:
        st.caption(tr(LOST))
        return
    if now.signature is None:
        # Deleted: said here, with no rerun (the screen's link names a class no longer there).
        st.error(gone(code))
        return
    if (now.signature if whole else now.full) != drawn:
        redraw_all(0 if whole else now.students)
