"""Home's suggested path: the lessons in the order a newcomer reads them, and how long each takes.

Each stop is a page (its key in `ui.menu`) and what it adds. How long a stop takes comes from its
*core words*, the words the page shows unfolded once its questions are answered (folded boxes,
the sidebar and formulas' hidden MathML not counted), measured in chromium at 1280 × 800 by
`bench/lesson_lengths.py`, which writes them to `path_lengths.json` beside this file (re-run it
after changing a lesson); Home states minutes from that file. Reading time is taken at
WORDS_PER_MINUTE, a common figure for reading explanatory text on a screen.
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass
from pathlib import Path

WORDS_PER_MINUTE = 200
# The path's whole core, read in order: about a quarter of an hour.
MAX_CORE_WORDS = 3000
LENGTHS = Path(__file__).with_name("path_lengths.json")


@dataclass(frozen=True)
class Stop:
    key: str  # the page, as ui.menu names it
    adds: str  # what it adds to what came before, in a few words
    # The link's query parameters, when the stop opens a particular list: what `adds` promises
    # is what the page shows there (and what bench/lesson_lengths.py measures).
    params: tuple[tuple[str, str], ...] = ()


# Order: the two walkthroughs that build the formula, the discount lesson that explains the
# playground's controls before the playground, then gains, labels, what the number hides, its
# neighbours, the libraries, and practice to close.
STOPS: tuple[Stop, ...] = (
    Stop("learn-binary", "CG, DCG and NDCG on a 0/1 list, with a guess first"),
    Stop("learn-graded", "grades, and the ideal order"),
    Stop("learn-discount", "why the discount is a logarithm, and its other shapes"),
    Stop("playground", "your own list: type it, drag it, change k, the gain and the discount"),
    Stop("learn-gain", "the gain 2^rel − 1: what one grade step is worth"),
    Stop("learn-labels", "where grades come from: judgments, ratings, clicks"),
    Stop("learn-pitfalls", "what the number does not tell you"),
    Stop("metrics", "P@k, R@k, RR, AP, ERR and RBP on the same list"),
    Stop(
        "libraries",
        "0.9608 in scikit-learn, 0.7850 in trec_eval's ndcg_cut.6, 0.7562 in its ndcg",
        # Today's Wikipedia list with its two judged documents never retrieved: the list whose
        # three scores the stop names.
        params=(("rels", "3,2,3,0,1,2"), ("pool", "3,2")),
    ),
    Stop("practice", "exercises that name the mistake behind a wrong answer"),
)
# Short side trips: each a walkthrough of one source's examples, taken after the stop named.
SIDE_TRIPS: dict[str, tuple[Stop, ...]] = {
    "learn-graded": (
        Stop("learn-continuous", "relevance between 0 and 1"),
        Stop("learn-russian", "where in the list a mistake costs most"),
    ),
    "learn-pitfalls": (Stop("learn-all-zero", "a query with nothing relevant: 0 / 0"),),
}
# Kept to look things up, not read through: no time stated, not counted in the path's core.
REFERENCE = "glossary"


def stop(key: str) -> Stop:
    """The stop or side trip of page `key`."""
    every = [*STOPS, *(side for sides in SIDE_TRIPS.values() for side in sides)]
    return next(s for s in every if s.key == key)


def minutes(words: int) -> int:
    """Reading time of `words` words, in whole minutes, at least one."""
    return max(1, math.ceil(words / WORDS_PER_MINUTE))


def reading_time(words: int) -> str:
    """'1 min', '4 min': how Home states a stop's time."""
    return f"{minutes(words)} min"


def pages() -> tuple[str, ...]:
    """Every page the path's time covers: its stops and their side trips, in reading order."""
    out: list[str] = []
    for stop in STOPS:
        out.append(stop.key)
        out.extend(side.key for side in SIDE_TRIPS.get(stop.key, ()))
    return tuple(out)


def core_words() -> dict[str, int]:
    """The measured core words of each page of the path (empty if never measured)."""
    if not LENGTHS.exists():
        return {}
    return {key: int(value) for key, value in json.loads(LENGTHS.read_text()).items()}
