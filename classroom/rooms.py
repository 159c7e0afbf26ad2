"""The rules of a room: its code, its secrets, what a name and an answer may be, when it closes,
how many may join and how fast, how often an address may get a code wrong, and how long a
closed room's data is kept. Pure Python: no database, no Streamlit (the store counts).

- A **room code** is 8 characters from an alphabet without look-alikes (no O/0, I/1/L): 31⁸ ≈
  8.5 × 10¹¹ codes, drawn by `secrets`. With, say, 1,000 rooms open at once, a guess hits one
  with a chance of about 1 in 10⁹; a browser (or an address) that keeps getting codes wrong
  waits for the answer about the next unknown one (`code_wait`, counted in the database). Codes
  are typed on phones, so they are read case-blind, with spaces and dashes ignored, and shown
  as ``ABCD-EFGH``.
- The **teacher key** (in the teacher's link only) and each **student token** (in that
  student's link, so a reload keeps who they are) are random URL-safe strings from `secrets`;
  the **projector token** (in the audience screen's link) is derived from the key
  (`projector_token`). The database keeps only their SHA-256 digests, compared in constant time.
- A room **closes by itself** `DEFAULT_HOURS` after it opened (the teacher may choose 1 to
  `MAX_HOURS`), or when the teacher closes it; a closed room accepts nothing, and its data
  is deleted `RETENTION_DAYS` after it closed.
- **Joining** is limited so that one person cannot stuff the poll: one student per browser (a
  browser that joined again gets its student back), at most `ROOM_CAP` students in a room, at
  most `JOINS_PER_MINUTE` new students a minute, and none while the teacher has locked joining.
- **Wrong codes** slow down the answers about codes that name no class (`code_wait`), per
  browser and, far more loosely, per address; a code that names an open class always gets in.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import math
import re
import secrets
import unicodedata

from i18n import tr, trn
from ndcg_core.display import shorten

# 23 letters and 8 digits: none of O, 0, I, 1 and L, which read alike on a board or a phone.
ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
CODE_LENGTH = 8
KEY_BYTES = 24  # a teacher key: 32 URL-safe characters, 192 random bits
TOKEN_BYTES = 16  # a student token: 22 URL-safe characters, 128 random bits
TOKEN_LENGTH = 22  # characters of a projector token (132 bits of an HMAC)
MAX_SECRET_LENGTH = 64  # a key or token read from a link longer than this is not one of ours
_SECRET = re.compile(r"^[A-Za-z0-9_-]+$")

NAME_LIMIT = 30  # characters of a display name
ANSWER_LIMIT = 40  # characters of a typed answer
DEFAULT_HOURS = 12
MAX_HOURS = 48

# Wrong codes and keys, counted twice (`code_wait`): per browser, MAX_FAILURES within
# FAILURE_WINDOW seconds before that browser waits LOCKOUT seconds from its last one; and per
# address, ADDRESS_FAILURES before everyone there waits. A school's students share one address
# behind its router: its allowance is for a lecture hall of typos, not for one student's, and a
# code that names an open room is never held up by either (only the answer about a code that
# names no room waits), so a prankster at the same address cannot keep a class from joining.
MAX_FAILURES = 10
ADDRESS_FAILURES = 300
FAILURE_WINDOW = 300.0
LOCKOUT = 60.0
# Joining: a lecture hall of a few hundred gets in within a minute; a script adding students gets
# at most JOINS_PER_MINUTE a minute until the teacher locks joining (and then removes them).
# ROOM_CAP: a class of 700 answering one question (an audience tool's usual top tier) fits.
ROOM_CAP = 1000
JOINS_PER_MINUTE = 300
JOIN_WINDOW = 60.0
# A closed (or expired) room's names and answers are deleted this long after it closed: time
# to download the CSV, no longer.
RETENTION_DAYS = 7


# ---------------------------------------------------------------------------------------------
# Codes
# ---------------------------------------------------------------------------------------------


def new_code() -> str:
    """A fresh room code: CODE_LENGTH characters of ALPHABET, drawn by `secrets`."""
    return "".join(secrets.choice(ALPHABET) for _ in range(CODE_LENGTH))


def codes() -> int:
    """How many room codes there are (len(ALPHABET) ** CODE_LENGTH)."""
    return len(ALPHABET) ** CODE_LENGTH


def read_code(text: object) -> str:
    """A typed or linked room code as stored: upper case, without spaces or dashes.

    'abcd-efgh' and 'ABCD EFGH' both read as 'ABCDEFGH'. Raises ValueError naming the code and
    what a code looks like.
    """
    if not isinstance(text, str):
        raise ValueError(tr("The class code must be typed text; got {value}.", value=repr(text)))
    code = re.sub(r"[\s\-‐-―]", "", text).upper()
    example = format_code("ABCDEFGH")
    if not code:
        raise ValueError(tr("Type the class code from the board, like {example}.", example=example))
    if len(code) != CODE_LENGTH or any(c not in ALPHABET for c in code):
        wrong = sorted({c for c in code if c not in ALPHABET})
        what = tr(
            "'{typed}' is not a class code: a code has {n} letters and digits, like {example}.",
            typed=shorten(text.strip()),
            n=CODE_LENGTH,
            example=example,
        )
        if wrong and all(c in "O0I1L" for c in wrong):
            what += " " + tr("Codes never use O, 0, I, 1 or L: check the letters on the board.")
        elif len(code) != CODE_LENGTH:
            what += " " + trn("It has {n} character.", "It has {n} characters.", len(code))
        raise ValueError(what)
    return code


def format_code(code: str) -> str:
    """A code as shown on the board: 'ABCD-EFGH'."""
    half = len(code) // 2
    return f"{code[:half]}-{code[half:]}"


# ---------------------------------------------------------------------------------------------
# Secrets: the teacher key and the student tokens
# ---------------------------------------------------------------------------------------------


def new_key() -> str:
    """A teacher key: the secret in the teacher's link that lets it run the room."""
    return secrets.token_urlsafe(KEY_BYTES)


def new_token() -> str:
    """A student token: the secret in one student's link that names them in the room."""
    return secrets.token_urlsafe(TOKEN_BYTES)


def read_secret(text: object, what: str = "key") -> str:
    """A key or token read from a link, checked for shape only (whether it is right is the
    store's question). Raises ValueError naming `what` (the link's parameter: its name is the
    same in every language)."""
    if not isinstance(text, str) or not text.strip():
        raise ValueError(
            tr("The link's `{name}` is empty: open the link you were given again.", name=what)
        )
    text = text.strip()
    if len(text) > MAX_SECRET_LENGTH or not _SECRET.match(text):
        raise ValueError(
            trn(
                "The link's `{name}` is not one this app makes (it has {n} character, letters, "
                "digits, - and _ only): open the link you were given again.",
                "The link's `{name}` is not one this app makes (it has {n} characters, "
                "letters, digits, - and _ only): open the link you were given again.",
                len(text),
                name=what,
            )
        )
    return text


def projector_token(key: str) -> str:
    """The token of a room's projector link, derived from its teacher key (HMAC-SHA256): the
    teacher's screen can show it again at any time, and it gives away nothing of the key. It
    opens the audience screen only, which shows nothing the class does not see anyway."""
    mac = hmac.new(key.encode("utf-8"), b"ndcg-lab classroom projector", hashlib.sha256)
    return base64.urlsafe_b64encode(mac.digest()).decode("ascii").rstrip("=")[:TOKEN_LENGTH]


def digest(secret: str) -> str:
    """What the database keeps of a key or token: its SHA-256, in hex."""
    return hashlib.sha256(secret.encode("utf-8")).hexdigest()


def matches(secret: str, stored: str) -> bool:
    """Whether `secret` is the one whose digest is `stored`, compared in constant time."""
    return matches_digest(digest(secret), stored)


def matches_digest(computed: str, stored: str) -> bool:
    """Whether two digests are the same, compared in constant time."""
    return hmac.compare_digest(computed, stored)


# ---------------------------------------------------------------------------------------------
# Names and answers
# ---------------------------------------------------------------------------------------------


def read_name(text: object) -> str | None:
    """A display name as kept: spaces trimmed and runs of spaces made one; None when empty
    (the student stays anonymous).

    Any letters, digits, signs and emoji are fine (they are escaped wherever they are shown);
    control characters and line breaks are refused, and so is a name over NAME_LIMIT
    characters, with a ValueError saying which.
    """
    if text is None:
        return None
    if not isinstance(text, str):
        raise ValueError(tr("The name must be typed text; got {value}.", value=repr(text)))
    name = " ".join(text.split())
    if not name:
        return None
    if any(unicodedata.category(c) in ("Cc", "Cs", "Co", "Zl", "Zp") for c in name):
        raise ValueError(
            tr(
                "The name holds a control character (from a paste?): type it with letters, "
                "digits and signs only."
            )
        )
    if len(name) > NAME_LIMIT:
        raise ValueError(
            trn(
                "The name '{name}' has {n} character; use at most {limit}, or leave it empty to "
                "stay anonymous.",
                "The name '{name}' has {n} characters; use at most {limit}, or leave it empty "
                "to stay anonymous.",
                len(name),
                name=shorten(name, 24),
                limit=NAME_LIMIT,
            )
        )
    return name


def read_answer_text(text: object) -> str:
    """A typed answer as kept: trimmed, at most ANSWER_LIMIT characters. Raises ValueError."""
    if not isinstance(text, str):
        raise ValueError(tr("The answer must be typed text; got {value}.", value=repr(text)))
    answer = text.strip()
    if not answer:
        raise ValueError(tr("The answer is empty: type a number such as 0.8."))
    if len(answer) > ANSWER_LIMIT:
        raise ValueError(
            trn(
                "The answer '{answer}' has {n} character; an answer here is one number, at most "
                "{limit} characters.",
                "The answer '{answer}' has {n} characters; an answer here is one number, at "
                "most {limit} characters.",
                len(answer),
                answer=shorten(answer, 24),
                limit=ANSWER_LIMIT,
            )
        )
    return answer


# ---------------------------------------------------------------------------------------------
# Opening hours
# ---------------------------------------------------------------------------------------------


def check_hours(hours: object) -> int:
    """How long a room stays open: a whole number of hours from 1 to MAX_HOURS."""
    if isinstance(hours, bool) or not isinstance(hours, int) or not 1 <= hours <= MAX_HOURS:
        raise ValueError(
            tr(
                "`hours` must be a whole number from 1 to {most}; got {value}. A room closes by "
                "itself after that long (default {default}).",
                most=MAX_HOURS,
                value=repr(hours),
                default=DEFAULT_HOURS,
            )
        )
    return hours


def expires(opened: float, hours: int = DEFAULT_HOURS) -> float:
    """When a room opened at `opened` (seconds since the epoch) closes by itself."""
    return opened + 3600.0 * check_hours(hours)


def status(closed: float | None, expires_at: float, now: float) -> str:
    """'open', 'closed' (by the teacher) or 'expired' (its time ran out)."""
    if closed is not None:
        return "closed"
    if now >= expires_at:
        return "expired"
    return "open"


# ---------------------------------------------------------------------------------------------
# Joining: an address that keeps getting the code wrong waits
# ---------------------------------------------------------------------------------------------


def code_wait(
    failures: int, started: float, last: float, now: float, allowed: int = MAX_FAILURES
) -> float:
    """Seconds a browser (or an address) must wait before the answer about another unknown code
    (0: none). `failures` wrong codes since `started` (the start of its window), the last at
    `last`: after `allowed` of them within FAILURE_WINDOW seconds (MAX_FAILURES for a browser,
    ADDRESS_FAILURES for an address), it waits LOCKOUT seconds from the last one.
    """
    if failures < allowed or now - started >= FAILURE_WINDOW:
        return 0.0
    return max(0.0, last + LOCKOUT - now)


def wait_message(seconds: float) -> str:
    """What a browser is told about a code that names no class once it (or its address) must
    wait: nothing about the code itself, only when to try again."""
    return tr(
        "Too many wrong codes from this browser: wait {seconds} s before a code that names no "
        "class is answered (the right code gets in at once). The code on the board has {n} "
        "letters and digits, like {example}; it never uses O, 0, I, 1 or L.",
        seconds=math.ceil(seconds),
        n=CODE_LENGTH,
        example=format_code("ABCDEFGH"),
    )


def retention_words() -> str:
    """How long a closed class's data is kept, in words."""
    return trn("{n} day", "{n} days", RETENTION_DAYS)


def time_left(expires_at: float, now: float) -> str:
    """How long until a room closes by itself, in words: '11 h 58 min', '42 min'."""
    minutes = int(max(0.0, expires_at - now) // 60)
    if minutes < 1:
        return tr("less than a minute")
    hours, minutes = divmod(minutes, 60)
    if hours:
        return tr("{hours} h {minutes} min", hours=hours, minutes=minutes)
    return tr("{minutes} min", minutes=minutes)
