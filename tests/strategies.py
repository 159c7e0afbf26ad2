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
