"""What people type, as hypothesis strategies shared by the fuzz tests of the core, the URL
schema and the pages. How many examples each test tries is the profile's (conftest.py)."""

import string

from hypothesis import strategies as st

from ndcg_core.display import exact
from ndcg_core.parsing import typable_label

SEPARATORS = [",", ";", "\t", "\n", " ", ", ", " ; ", "\r\n", ",,", "  "]
JUNK = [
    "N/A",
    "n/a",
    "-",
    "—",
    "?",
    "x",
    "%",
    "1,5",
    "1.2.3",
    "e5",
    "1e",
    "nan",
    "inf",
    "-inf",
    "Infinity",
    "1e999",
    "-0",
    "+3",
    ".5",
    "5.",
    "0x10",
    "1_000",
    "٣",
    "²",
    "½",
    "3‰",
    "\x00",
    "\x1b[31m",
    "\u200b",
    "\ufeff",
    "<script>",
    "=",
    ":",
    "a=",
    "=3",
    "a:b=3",
    "a=b=c",
]
NUMBER_TEXT = st.one_of(
    st.integers(-(10**30), 10**30).map(str),
    st.floats(allow_nan=True, allow_infinity=True).map(repr),
    st.floats(allow_nan=False, allow_infinity=False).map(exact),
    st.decimals(allow_nan=False, allow_infinity=False, places=3).map(str),
)
PIECE = st.one_of(NUMBER_TEXT, st.sampled_from(JUNK), st.text(max_size=6))
LABELLED_PIECE = st.tuples(
    st.text(max_size=6), st.sampled_from(["=", ":", " = ", ": "]), PIECE
).map("".join)


@st.composite
def typed_text(draw) -> str:
    """Mostly list-shaped text with junk mixed in, sometimes anything at all."""
    if draw(st.integers(0, 4)) == 0:
        return draw(st.text(max_size=40))
    pieces = draw(st.lists(st.one_of(PIECE, LABELLED_PIECE), max_size=12))
    out = ""
    for piece in pieces:
        out += piece + draw(st.sampled_from(SEPARATORS))
    return out


FINITE = st.floats(min_value=0, max_value=1e300, allow_nan=False, allow_infinity=False)
LABEL = st.text(
    alphabet=st.characters(codec="utf-8", exclude_categories=["Cs"]), min_size=1, max_size=12
).filter(typable_label)
ID = st.text(alphabet=string.ascii_letters + string.digits + "-_./:", min_size=1, max_size=12)
K_TEXT = st.one_of(
    st.text(max_size=12),
    st.integers(-(10**25), 10**25).map(str),
    st.sampled_from(
        ["all", "ALL", " all ", "none", "n", "", "+3", "3.0", "1e3", "٣", "²", "0", "-0"]
    ),
)


def random_ranked_list(rng, *, max_items: int = 40):
    """A random `RankedList` under random conventions, from a `random.Random`: graded or
    real-valued relevances (all zero now and then), a pool, every kind of cut-off, linear,
    exponential and mapped gains, both discounts with bases, both ideal sources and every
    all-zero rule. For tests that compare a page's own arithmetic with the core's."""
    from ndcg_core.model import RankedList, Scoring

    n = rng.choice([1, 2, 3, rng.randint(1, max_items)])
    grades = rng.random() < 0.7
    top = rng.choice([1, 3, 4])

    def value():
        return (
            float(rng.randint(0, top))
            if grades
            else round(rng.uniform(0, top), rng.choice([1, 3, 6]))
        )

    relevances = [0.0] * n if rng.random() < 0.1 else [value() for _ in range(n)]
    pool = [value() for _ in range(rng.choice([0, 0, 1, 3]))]
    gain = rng.choice(["linear", "linear", "exponential", "map"])
    if gain == "map":
        if not grades:
            gain = "linear"
        else:
            steps = [rng.choice([0, 0.5, 1, 2, 3.25]) for _ in range(top + 1)]
            gain = "map:" + ",".join(f"{g}={sum(steps[: g + 1])}" for g in range(top + 1))
    discount = rng.choice(["log2", "jarvelin"])
    k = rng.choice(["n", "none", rng.randint(1, n), rng.randint(1, n + 3)])
    scoring = Scoring(
        k=k,
        gain=gain,
        discount=discount,
        log_base=rng.choice([2.0, 2.0, 3.0, 10.0, 1.5, 7.25]),
        ideal=rng.choice(["judgments", "run"]),
        zero=rng.choice(["0", "1", "skip"]),
    )
    return RankedList(tuple(relevances), pool=tuple(pool), scoring=scoring)


# --- Hostile JSON: what a link, a browser's stored copy or an imported file may hold -------------

# A string that stands for a number of 5,000 digits, swapped in once the value is written as
# JSON: beyond Python's limit for turning text into an int (and for showing it in a report).
HUGE = "\x01huge"
# Any JSON value, with the numbers Python writes that JSON does not allow (NaN, Infinity).
JSON_VALUE = st.recursive(
    st.one_of(
        st.none(),
        st.booleans(),
        st.integers(-(10**20), 10**20),
        st.floats(allow_nan=True, allow_infinity=True),
        st.text(max_size=20),
        st.sampled_from(
            [HUGE, 2**64, -(2**70), "²", "٣", "\ufeff", "\x00", "1" * 5000, "x" * 1000]
        ),
    ),
    lambda inner: (
        st.lists(inner, max_size=5)
        | st.dictionaries(st.text(max_size=8) | st.just("k" * 300), inner, max_size=5)
    ),
    max_leaves=20,
)


def json_text(value) -> str:
    """`value` as JSON, each HUGE a number of 5,000 digits."""
    import json

    return json.dumps(value).replace(json.dumps(HUGE), "1" * 5000)


def _nested(depth: int, kind: str) -> str:
    opening, closing = {"list": ("[", "]"), "dict": ('{"a":', "}"), "mixed": ('[{"a":', "}]")}[kind]
    return opening * depth + "0" + closing * depth


@st.composite
def hostile_json(draw, *around) -> str:
    """Text for a JSON reader: a JSON value (half the time inside one of `around`, functions
    of one value that build the document the reader expects around it), deep nesting, a huge
    number, a value cut short, or anything at all."""
    kind = draw(st.integers(0, 5))
    if kind == 0:
        depth = draw(st.sampled_from([33, 100, 1000, 100_000]))
        return _nested(depth, draw(st.sampled_from(["list", "dict", "mixed"])))
    if kind == 1:
        return draw(
            st.sampled_from(["", "1" * 5000, "-" + "9" * 400, "1e999", "NaN", "[-Infinity]"])
        )
    if kind == 2:
        return draw(st.text(max_size=60))
    value = draw(JSON_VALUE)
    if around and draw(st.booleans()):
        value = draw(st.sampled_from(around))(value)
    text = json_text(value)
    if kind == 3:
        return text[: draw(st.integers(0, len(text)))]
    return ("\ufeff" if draw(st.booleans()) else "") + text
