"""Every URL parameter of the app in one schema: its name, how it reads and writes, its default,
its range, and the message a bad value gets.

Links are a contract with users: `/playground?rels=3,2,3,0,1,2&pool=3,2` must keep opening what
it opened. So each parameter is read by exactly one `Param` and written back by the same one,
and every page goes through them (directly, or through `list_editor` for a ranked list). A value
that cannot be used never breaks a page and is never changed silently: it is named in a message
that says what is shown instead, the nearest valid value when there is one, else the default.

The parameters
--------------
rels, labels, k, gain, discount, base, pool, zero, ideal
                                              a ranked list and its conventions (every page)
scores, ids                                   the system's scores and document ids (/libraries)
sample, qrels, whole, ideal, ties, complete   a run's source and conventions (/queries)
seed, v, ex                                   a practice set, the version of its exercises,
                                              and an exercise (/practice)
room, key, student, projector                 a live class, the teacher's key, a student's
                                              token and the audience screen's token
                                              (/classroom; the last three never shared)
rel_min, g_max, p                             NDCG's neighbours' settings (/metrics; p also
                                              the geometric discount of /learn-discount)
depth                                         positions the discount curves span
present                                       presenter view, on any page
lang                                          the language (en, ru, zh), on any page

`k` is a whole number, `all` or `n` (every ranked position: the default) or `none` (no cut-off:
the ideal spans every judged item); the two words differ only when `pool` is given.
`gain` is `linear`, `exponential` or a gain per grade, `map:0=0,1=1,2=3,3=7`. `complete=1` takes
a run's mean over every judged query (trec_eval's -c), `0` (the default) over those it answered.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from urllib.parse import urlencode

import streamlit as st

from classroom import rooms
from i18n import DEFAULT, LANGUAGES, N_, tr
from lessons import practice
from ndcg_core.checks import check_names
from ndcg_core.display import count, exact, shorten
from ndcg_core.measures import MeasureSettings
from ndcg_core.model import MAX_LABEL_LENGTH, RankedList, Scoring
from ndcg_core.options import (
    DISCOUNTS,
    EVERY_RANKED,
    GAIN_MAP_PREFIX,
    GAINS,
    IDEALS,
    NO_CUTOFF,
    ON_ZERO,
    TIES,
    check_gain,
    is_gain_map,
)
from ndcg_core.parsing import typable_label
from ui.text import plain

from .typed import parse_relevances, parse_scores

MAX_ITEMS = 1000  # items in a list, typed or linked; a run's query opens whole up to this
PRESENT = "present"
LANG = "lang"  # the page's language (i18n.LANGUAGES); kept by every in-app link like `present`
# The learner's progress (the path's stops, the lessons' guesses, practice answers), packed into
# one compact text by `ui.saved`, which reads it on any page that shows or keeps progress.
PROGRESS = "progress"
LIST_KEYS = ("rels", "labels", "k", "gain", "discount", "base", "pool", "zero", "ideal")

# What a link's values were not used as given is said on the run that reads the link; the link
# is then rewritten, so a later run has nothing to say. A rerun the page causes by itself (the
# progress store reporting what the browser kept, `ui.saved`) sets REPLAY, and that run says the
# messages again; the app clears REPLAY once a run has finished (app.py).
REPLAY = "urlparams_replay"
_SAID = "urlparams_said"  # {where: the messages last said there}


_TOP = "urlparams_top"  # this run's place for link messages (app.py), in session state


def message_place() -> None:
    """Make the top of the page, here, where this run's link messages go (app.py calls it before
    the page runs). A control or a list editor may sit in a closed fold; its message must not."""
    st.session_state[_TOP] = st.container()


def end_of_run() -> None:
    """The run is over: its place for messages is gone, and so is its replay (REPLAY)."""
    st.session_state.pop(_TOP, None)
    st.session_state.pop(REPLAY, None)


def warn(message: str, icon: str = "🔗") -> None:
    """Say that a link's value was not used as given (or, with another icon, what the browser
    kept): at the top of the page when the app marked it (`message_place`), else where the
    caller is (a page run on its own, in tests)."""
    place = st.session_state.get(_TOP)
    (place if place is not None else st).warning(plain(message), icon=icon)


def link_messages(where: str, messages: list[str]) -> list[str]:
    """The messages to show at `where` on this run: `messages` when the run read some, else,
    on a rerun the page caused by itself, those it said before."""
    said = st.session_state.setdefault(_SAID, {})
    if messages:
        said[where] = list(messages)
        return messages
    if st.session_state.get(REPLAY):
        return said.get(where, [])
    said.pop(where, None)
    return []


RANKING_KEYS = ("scores", "ids")
# Whole numbers in links are read only up to this many digits: Python refuses to turn longer
# digit strings into numbers, and no count in this app comes near it.
MAX_DIGITS = 12


class Fallback(ValueError):
    """A value that cannot be used as given: the message, and the value used instead."""

    def __init__(self, message: str, used: object):
        super().__init__(message)
        self.used = used


@dataclass(frozen=True)
class Param:
    """One URL parameter: how its text is read and written, and its default.

    `read` turns the text into a value, or raises ValueError (the default is used) or
    `Fallback` (its `used` value is); either message says what was wrong.
    """

    name: str
    read: Callable[[str], object]
    write: Callable[[object], str]
    default: object
    help: str = ""

    def parse(self, text: str) -> tuple[object, str | None]:
        """The value of `text`, and a message for the user when it is not the value given."""
        try:
            return self.read(text), None
        except Fallback as fallback:
            return fallback.used, tr(
                "The link's `{name}`: {problem}", name=self.name, problem=fallback
            )
        except ValueError as error:
            return self.default, self.not_used(error)

    def not_used(self, error: object) -> str:
        """What to say when the link's value cannot be used: why, and what is used instead."""
        if self.default is None:
            return tr(
                "The link's `{name}`: {error} The default is used instead.",
                name=self.name,
                error=error,
            )
        return tr(
            "The link's `{name}`: {error} {name} = {default} is used instead.",
            name=self.name,
            error=error,
            default=self.write(self.default),
        )


# ---------------------------------------------------------------------------------------------
# Readers shared by several parameters
# ---------------------------------------------------------------------------------------------


def whole_number(text: str, low: int, high: int, what: str) -> int:
    """A whole number from `low` to `high`; beyond the range, a `Fallback` to the nearest end."""
    cleaned = text.strip().removeprefix("+")
    if not (cleaned.isascii() and cleaned.isdigit()):
        raise ValueError(
            tr(
                "{what} must be a whole number from {low} to {high}; got '{text}'.",
                what=what,
                low=low,
                high=high,
                text=shorten(text),
            )
        )
    if len(cleaned.lstrip("0")) > MAX_DIGITS:
        raise Fallback(
            tr(
                "{what} must be a whole number from {low} to {high}; got a number with {digits} "
                "digits. {what} = {high} is used.",
                what=what,
                low=low,
                high=high,
                digits=count(len(cleaned)),
            ),
            high,
        )
    value = int(cleaned.lstrip("0") or "0")  # int() refuses very long digit strings
    if value < low:
        raise Fallback(
            tr(
                "{what} must be at least {low}; got {value}. {what} = {low} is used.",
                what=what,
                low=low,
                value=value,
            ),
            low,
        )
    if value > high:
        raise Fallback(
            tr(
                "{what} must be at most {high}; got {value}. {what} = {high} is used.",
                what=what,
                high=high,
                value=value,
            ),
            high,
        )
    return value


@dataclass(frozen=True)
class NumberRange:
    """A number a page lets the user choose: the range its controls and links accept (the core's
    functions accept any valid value), its default, its step and its help."""

    name: str
    low: float
    high: float
    default: float
    step: float
    help: str


# The core accepts any base above 1 (`options.check_log_base`); the app offers this range, in
# every box and every link. Below 1.01 the Järvelin–Kekäläinen discount divides by a log that
# grows without bound; above 1000 no list of 1000 items is discounted at all.
LOG_BASE = NumberRange(
    name=N_("log base"),
    low=1.01,
    high=1000.0,
    default=Scoring.log_base,
    step=1.0,
    help=N_(
        "The base b of the logarithm. It scales every DCG by the same factor, so it cancels out "
        "of NDCG under 1/log(i+1) but not under Järvelin–Kekäläinen."
    ),
)
# NDCG's neighbours' settings (`measures.MeasureSettings`, whose defaults these are).
REL_MIN = NumberRange(
    name="rel_min",
    low=0.01,
    high=1000.0,
    default=MeasureSettings.rel_min,
    step=1.0,
    help=N_(
        "The smallest grade that counts as relevant for the binary measures (P, R, RR, AP, "
        "RBP): with 1, every item graded 1 or more is a hit."
    ),
)
G_MAX = NumberRange(
    name="g_max",
    low=1.0,
    high=30.0,
    default=MeasureSettings.g_max,
    step=1.0,
    help=N_(
        "The top grade of the relevance scale (3 on a 0–3 scale). ERR reads an item of grade g "
        "as satisfying the reader with probability (2^g − 1) / 2^g_max: 7/8 for the top grade "
        "of 0–3."
    ),
)
PERSISTENCE = NumberRange(
    name="p",
    low=0.01,
    high=0.99,
    default=MeasureSettings.p,
    step=0.01,
    help=N_(
        "RBP's persistence: the chance that the reader goes on to the next position. 0.5 is "
        "an impatient reader (about 2 items), 0.95 a patient one (about 20)."
    ),
)
# The positions the discount curves of /learn-discount span.
DEPTH = NumberRange(
    name="depth",
    low=10,
    high=100,
    default=20,
    step=5,
    help=N_("How many positions the chart draws and the shares are taken over."),
)


def number_in(text: str, bounds: NumberRange) -> float:
    """A number within `bounds`; beyond it, a `Fallback` to the nearest end."""
    try:
        value = float(text.strip())
    except ValueError:
        raise ValueError(tr("'{text}' is not a number.", text=shorten(text))) from None
    if value != value:
        raise ValueError(tr("'{text}' is not a number.", text=shorten(text)))
    nearest = min(max(value, bounds.low), bounds.high)
    if nearest != value:
        shown = exact(value) if abs(value) < 1e15 else shorten(text.strip(), 20)
        raise Fallback(
            tr(
                "{name} {value} is outside {low}–{high}, the range this app offers; {name} "
                "{nearest} is used.",
                name=bounds.name,
                value=shown,
                low=exact(bounds.low),
                high=exact(bounds.high),
                nearest=exact(nearest),
            ),
            nearest,
        )
    return value


def one_of(names: Sequence[str], what: str) -> Callable[[str], str]:
    """A reader that accepts only the given option names."""

    def read(text: str) -> str:
        if text not in names:
            raise ValueError(
                tr(
                    "'{text}' is not a {what}; use one of {names}.",
                    text=shorten(text, 40),
                    what=tr(what),
                    names=", ".join(names),
                )
            )
        return text

    return read


def flag(text: str) -> bool:
    if text not in ("0", "1"):
        raise ValueError(tr("'{text}' should be 1 or 0.", text=shorten(text, 40)))
    return text == "1"


LANGUAGE = Param(LANG, one_of(tuple(LANGUAGES), N_("language of this app")), str, DEFAULT)


def _numbers(text: str, negative: bool = False) -> tuple[float, ...]:
    # Commas separate a link's numbers (rels=0.5,0.9, as the app writes them), unless the link
    # separates them with semicolons: rels=0,5;0,9 holds decimal commas (ui/typed.py).
    typed = text if ";" in text else text.replace(",", " ")
    return parse_relevances(typed, allow_negative=negative).values


def _join(values) -> str:
    return ",".join(exact(v, decimal=".") for v in values)


def option(name: str, options: Mapping, default: str, what: str) -> Param:
    return Param(name, one_of(list(options), what), str, default)


def read_gain(text: str) -> str:
    """A gain from a link: linear, exponential, or a map such as map:0=0,1=1,2=3,3=7."""
    if text in GAINS or is_gain_map(text):
        return check_gain(text)  # a bad map says what is wrong with it
    raise ValueError(
        tr(
            "'{text}' is not a gain; use one of {names}, or a gain per grade such as {example}.",
            text=shorten(text, 40),
            names=", ".join(GAINS),
            example=GAIN_MAP_PREFIX + "0=0,1=1,2=3,3=7",
        )
    )


GAIN = Param("gain", read_gain, str, "linear")
DISCOUNT = option("discount", DISCOUNTS, "log2", N_("discount"))
IDEAL = option("ideal", IDEALS, "judgments", N_("source of the ideal ranking"))
TIES_PARAM = option("ties", TIES, "docid", N_("tie rule"))
ZERO = option("zero", ON_ZERO, "0", N_("rule for a query with nothing relevant"))
BASE = Param("base", lambda text: number_in(text, LOG_BASE), exact, LOG_BASE.default)
WHOLE = Param("whole", flag, lambda v: "1" if v else "0", False)
COMPLETE = Param("complete", flag, lambda v: "1" if v else "0", False)
# NDCG's neighbours (/metrics) and the discount curves (/learn-discount).
REL_MIN_PARAM = Param("rel_min", lambda text: number_in(text, REL_MIN), exact, REL_MIN.default)
G_MAX_PARAM = Param("g_max", lambda text: number_in(text, G_MAX), exact, G_MAX.default)
PERSISTENCE_PARAM = Param(
    "p", lambda text: number_in(text, PERSISTENCE), exact, PERSISTENCE.default
)
DEPTH_PARAM = Param(
    "depth",
    lambda text: whole_number(text, int(DEPTH.low), int(DEPTH.high), "depth"),
    str,
    int(DEPTH.default),
)


# ---------------------------------------------------------------------------------------------
# A ranked list: rels, labels, k, gain, discount, base, pool, zero, ideal
# ---------------------------------------------------------------------------------------------


def read_k(text: str, longest: int | None = None) -> int | str:
    """k from a link: a whole number up to `longest` (default MAX_ITEMS), or all / n / none.

    A k beyond the list is a valid cut-off (the list earns nothing past its end, the ideal may
    still fill those positions from the pool), so links keep it as given."""
    word = text.strip().lower()
    if word in ("", "all", EVERY_RANKED):
        return EVERY_RANKED
    if word == NO_CUTOFF:
        return NO_CUTOFF
    return whole_number(text, 1, longest if longest is not None else MAX_ITEMS, "k")


def write_k(k: int | str) -> str:
    return str(k)


def read_list(
    params: Mapping[str, str],
    *,
    negative: bool = False,
    max_items: int = MAX_ITEMS,
) -> tuple[RankedList, list[str]]:
    """A ranked list and its conventions from a link, with a message per value not used as given.

    `negative` accepts negative relevances (for /libraries, which shows what libraries make of
    them).
    """
    messages: list[str] = []
    ranked = RankedList((3.0, 2.0, 3.0, 0.0, 1.0, 2.0))
    if "rels" in params:
        try:
            values = _numbers(params["rels"], negative)
            if len(values) > max_items:
                messages.append(
                    tr(
                        "The link's list has {n} values; the first {most} are used.",
                        n=count(len(values)),
                        most=count(max_items),
                    )
                )
                values = values[:max_items]
            ranked = RankedList(values)
        except ValueError as error:
            messages.append(
                tr(
                    "The link's `rels` could not be read, so the example list is shown. {error}",
                    error=error,
                )
            )
    if "labels" in params:
        labels, problem = _read_labels(params["labels"], ranked.n)
        if problem:
            messages.append(problem)
        else:
            ranked = replace(ranked, labels=labels)
    if params.get("pool"):
        try:
            pool = _numbers(params["pool"])
            if len(pool) > max_items:
                messages.append(
                    tr(
                        "The link's pool has {n} values; the first {most} are used.",
                        n=count(len(pool)),
                        most=count(max_items),
                    )
                )
            ranked = replace(ranked, pool=pool[:max_items])
        except ValueError as error:
            messages.append(
                tr("The link's `pool` could not be read and is left out. {error}", error=error)
            )
    for param, field in (
        (GAIN, "gain"),
        (DISCOUNT, "discount"),
        (ZERO, "zero"),
        (BASE, "log_base"),
        (IDEAL, "ideal"),
    ):
        if param.name in params:
            value, message = param.parse(params[param.name])
            messages += [message] if message else []
            try:
                ranked = ranked.with_scoring(**{field: value})
            except ValueError as error:  # e.g. 2^rel − 1 of a grade above 1000
                messages.append(param.not_used(error))
    if "k" in params:
        k_param = Param("k", lambda text: read_k(text, max_items), write_k, EVERY_RANKED)
        k, message = k_param.parse(params["k"])
        messages += [message] if message else []
        ranked = ranked.with_scoring(k=k)
    return ranked, messages


def _read_labels(text: str, n: int) -> tuple[tuple[str, ...], str | None]:
    labels = tuple(label.strip() for label in text.split(","))
    if len(labels) != n:
        return (), tr(
            "The link has {labels} labels for {n} values; the labels D1, D2, … are used instead.",
            labels=len(labels),
            n=n,
        )
    if len(set(labels)) != n or not all(labels):
        return (), tr("The link's labels must be unique and non-empty; D1, D2, … are used instead.")
    if long := next((label for label in labels if len(label) > MAX_LABEL_LENGTH), None):
        return (), tr(
            "The link's label '{label}' is longer than {most} characters; D1, D2, … are used "
            "instead.",
            label=shorten(long, MAX_LABEL_LENGTH),
            most=MAX_LABEL_LENGTH,
        )
    if untypable := next((label for label in labels if not typable_label(label)), None):
        # The text box shows labels as "label=value": a label holding a separator would come
        # back from it as a different list.
        return (), tr(
            "The link's label '{label}' holds one of = : ; or a tab or line break, which "
            "separate items in the text box; D1, D2, … are used instead.",
            label=shorten(untypable, MAX_LABEL_LENGTH),
        )
    return labels, None


def list_params(ranked: RankedList) -> dict[str, str]:
    """The query parameters that reproduce `ranked`, leaving defaults out so links stay short.

    Every convention of its `Scoring` is carried but the tie rule, which says how a run's equal
    scores are put in order: a ranked list is in its order already, so the rule changes none of
    its numbers (`read_list` gives it the default)."""
    params = {"rels": _join(ranked.relevances)}
    if ranked.has_typed_labels:
        params["labels"] = ",".join(ranked.labels)
    s, default = ranked.scoring, Scoring()
    if s.k != default.k:
        params["k"] = write_k(s.k)
    if s.gain != default.gain:
        params["gain"] = s.gain
    if s.discount != default.discount:
        params["discount"] = s.discount
    if s.log_base != default.log_base:
        params["base"] = exact(s.log_base, decimal=".")
    if ranked.pool:
        params["pool"] = _join(ranked.pool)
    if s.zero != default.zero:
        params["zero"] = s.zero
    if s.ideal != default.ideal:
        params["ideal"] = s.ideal
    return params


def query_string(params: Mapping[str, str]) -> str:
    """`rels=3,2,3&k=3`-style text, commas (and a gain map's : and =) left readable."""
    return urlencode(params, safe=",:=")


def link(path: str, ranked: RankedList, *, presenting: bool = False, **extra: str) -> str:
    """The in-app link to `path` (e.g. "playground") showing `ranked`, with every setting (and
    the language the page was asked in, like every in-app link)."""
    params = {**list_params(ranked), **extra}
    if presenting:
        params[PRESENT] = "1"
    params.update(view_params())
    return f"/{path.strip('/')}?{query_string(params)}"


def view_params() -> dict[str, str]:
    """What every in-app link carries on from the page it is on: the language, when the address
    names one (a learner who chose Russian stays in Russian)."""
    lang = st.query_params.get(LANG)
    return {LANG: lang} if lang in LANGUAGES else {}


# ---------------------------------------------------------------------------------------------
# /libraries: scores and ids, one per ranked item
# ---------------------------------------------------------------------------------------------


def read_ranking(
    params: Mapping[str, str], n: int
) -> tuple[tuple[float, ...] | None, tuple[str, ...] | None, list[str]]:
    """The `scores` and `ids` of /libraries, with a message per value left out."""
    messages: list[str] = []
    scores = ids = None
    if params.get("scores"):
        try:
            scores = parse_scores(params["scores"].replace(",", " "), max_items=MAX_ITEMS)
            if len(scores) != n:
                messages.append(
                    tr(
                        "The link has {scores} scores for {n} items; the scores are left out "
                        "(the list order is the ranking).",
                        scores=len(scores),
                        n=n,
                    )
                )
                scores = None
        except ValueError as error:
            messages.append(
                tr("The link's `scores` could not be read and are left out. {error}", error=error)
            )
    if params.get("ids"):
        try:
            ids = check_ids(params["ids"], n)
        except ValueError as error:
            messages.append(
                tr("The link's `ids`: {error} The labels are used as ids.", error=error)
            )
    return scores, ids, messages


def check_ids(text: str, n: int) -> tuple[str, ...]:
    """Document ids typed or linked as comma-separated text, checked as the core checks them
    (`checks.check_names`): one per item, unique, non-empty, at most 40 characters."""
    return check_names(tuple(name.strip() for name in text.split(",")), n, "ids")


def ranking_params(scores, ids) -> dict[str, str]:
    """The `scores` and `ids` query parameters (left out when not given)."""
    params = {}
    if scores is not None:
        params["scores"] = _join(scores)
    if ids is not None:
        params["ids"] = ",".join(ids)
    return params


# ---------------------------------------------------------------------------------------------
# /practice: seed (which set), v (which version of the exercise maker), ex (which exercise)
# ---------------------------------------------------------------------------------------------


def seed_param(fresh: int) -> Param:
    """`seed`: a bad one starts the new set `fresh`, a too large one the last set."""
    return Param(
        "seed",
        lambda text: whole_number(text, 0, practice.MAX_SEED, "seed"),
        str,
        fresh,
        help="The set: the same seed gives the same exercises in the same order.",
    )


VERSION = Param(
    "v",
    lambda text: int(one_of([str(v) for v in practice.VERSIONS], "set version")(text)),
    str,
    practice.LATEST,
    help=(
        "Which generation of exercises: a link without it opens version 1, as every link made "
        "before versions existed does, so a shared set never changes."
    ),
)


def ex_param(version: int) -> Param:
    """`ex`: the exercise shown, counted from 1, up to the size of this version's sets."""
    size = practice.set_size(version)
    return Param(
        "ex", lambda text: whole_number(text, 1, size, "ex"), str, 1, help="The exercise shown."
    )


def read_practice(params: Mapping[str, str], fresh: int) -> tuple[int, int, int, list[str]]:
    """The seed, the set's version and the exercise number of a /practice link, with a message
    for each value not used as given; a link without a seed starts the set `fresh`.

    A link with a seed that is a number (even one moved into range) and no version predates
    versions: version 1. A link whose seed is not a number starts a new set, of the latest."""
    values, messages = read(params, (seed_param(fresh), VERSION))
    typed = params.get("seed", "").strip().removeprefix("+")
    old_link = typed.isascii() and typed.isdigit() and "v" not in params
    version = values.get("v", 1 if old_link else practice.LATEST)
    ex = ex_param(version)
    more, more_messages = read(params, (ex,))
    return values.get("seed", fresh), version, more.get("ex", ex.default), messages + more_messages


def practice_params(seed: int, version: int, number: int | None = None) -> dict[str, str]:
    """The parameters of a /practice link: a set (from its first exercise), or one exercise."""
    params = {"seed": str(seed), "v": str(version)}
    if number is not None:
        params["ex"] = str(number)
    return params


PRACTICE_KEYS = ("seed", "v", "ex")


# ---------------------------------------------------------------------------------------------
# /classroom: the room, and the teacher's key or a student's token (both secrets)
# ---------------------------------------------------------------------------------------------

ROOM = Param("room", rooms.read_code, str, None, help="The class's code, as on the board.")
TEACHER_KEY = Param(
    "key", rooms.read_secret, str, None, help="The teacher's key: it opens the teacher's screen."
)
STUDENT = Param(
    "student",
    lambda text: rooms.read_secret(text, "student"),
    str,
    None,
    help="A student's token: it brings the student back to their own answers.",
)
PROJECTOR = Param(
    "projector",
    lambda text: rooms.read_secret(text, "projector"),
    str,
    None,
    help="The audience screen's token: the projector's view of the class, no controls.",
)
CLASSROOM_KEYS = (ROOM.name, TEACHER_KEY.name, STUDENT.name, PROJECTOR.name)
# Never put into a link the app shows for copying: a teacher may show it on a projector.
SECRET_KEYS = (TEACHER_KEY.name, STUDENT.name, PROJECTOR.name)


# ---------------------------------------------------------------------------------------------
# Reading many parameters at once, and writing them back into the address bar
# ---------------------------------------------------------------------------------------------


def read(params: Mapping[str, str], schema: Sequence[Param]) -> tuple[dict, list[str]]:
    """Every parameter of `schema` that the link has, as values, with a message per bad one."""
    values, messages = {}, []
    for param in schema:
        if param.name in params:
            values[param.name], message = param.parse(params[param.name])
            messages += [message] if message else []
    return values, messages


def sync(current: Mapping[str, str], wanted: Mapping[str, str], keys: Sequence[str]) -> dict:
    """The edits that turn the address bar's `current` into `wanted` for `keys`:
    {name: text} to set, {name: None} to remove."""
    edits = {}
    for key in keys:
        if key in wanted and current.get(key) != wanted[key]:
            edits[key] = wanted[key]
        elif key not in wanted and key in current:
            edits[key] = None
    return edits


# ---------------------------------------------------------------------------------------------
# Widgets bound to URL parameters (the pages' other controls; lists go through list_editor)
# ---------------------------------------------------------------------------------------------


def bind(key: str, param: Param) -> str | None:
    """Before a widget is drawn, on the page's first run: take its value from the link.

    Returns the message for a value not used as given (to show once), else None.
    """
    if f"{key}__from_url" in st.session_state:
        return None
    st.session_state[f"{key}__from_url"] = True
    text = st.query_params.get(param.name)
    if text is None:
        return None
    st.session_state[key], message = param.parse(text)
    return message


def write(values: Mapping[str, object], schema: Sequence[Param]) -> None:
    """After the widgets: put their values in the address bar, so a link reopens this view.

    A value of None takes its parameter out of the address (a control that no longer applies).
    """
    by_name = {param.name: param for param in schema}
    wanted = {
        name: by_name[name].write(value) for name, value in values.items() if value is not None
    }
    apply(wanted, list(values))


def apply(wanted: Mapping[str, str], keys: Sequence[str]) -> None:
    """Make the address bar hold `wanted` for `keys` (a key not in `wanted` is taken out),
    touching only the parameters that change (`sync`): the one way pages write to it."""
    for name, text in sync(st.query_params.to_dict(), wanted, keys).items():
        if text is None:
            del st.query_params[name]
        else:
            st.query_params[name] = text
