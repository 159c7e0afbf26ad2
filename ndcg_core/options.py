"""Every scoring convention of NDCG as data: each option's name, words, users and formula.

Where implementations of NDCG part ways (the gain, the discount, where the ideal ranking comes
from, how deep it is cut, how tied scores are ordered, what a list with nothing relevant
scores), the choices are listed here once. The same records drive the core's validation, the
pages' widgets and help texts, the URL parameters, the library presets and the LaTeX: a gain's
or a discount's code and its LaTeX sit side by side in one record (the ir_measures idea of
options as data, ``ParamInfo``), so the formula on screen is always the one computed.

References (written out in `ndcg_core.references`): Järvelin & Kekäläinen (2002), Burges et al.
(2005), McSherry & Najork (2008).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache
from itertools import pairwise

import numpy as np

from i18n import N_, tr

from .display import NOISE, exact, shorten
from .references import REFERENCES

# 2**rel overflows a float64 a little above 1023; no real relevance scale comes near it.
MAX_EXPONENTIAL_RELEVANCE = 1000


@dataclass(frozen=True)
class Option:
    """One choice on one point where NDCG implementations differ.

    name: the key used in code and in URLs; label: the widget's words; short: a few words for
    captions and tables; description: what it does, for a learner; used_by: who uses it.
    """

    name: str
    label: str
    short: str
    description: str
    used_by: str = ""
    reference: str = ""


# ---------------------------------------------------------------------------------------------
# Gains: what an item of relevance rel earns before its position's discount.
# ---------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Gain(Option):
    compute: Callable[[np.ndarray], np.ndarray] = None  # relevances → gains
    template: str = "{rel}"  # LaTeX with the relevance in place of {rel}

    def latex(self, rel: str = "rel_i") -> str:
        """The gain in LaTeX for a relevance symbol or number: rel_i, or 2^{rel_i} - 1."""
        return self.template.replace("{rel}", rel)

    def filled(self, relevance: float) -> str:
        """The gain of one relevance as written in a filled-in formula: 3, or 2^{3} - 1."""
        return self.latex(exact(relevance, decimal="."))


def _linear(relevances: np.ndarray) -> np.ndarray:
    return relevances.astype(float, copy=True)


def _exponential(relevances: np.ndarray) -> np.ndarray:
    if relevances.size and relevances.max() > MAX_EXPONENTIAL_RELEVANCE:
        raise ValueError(
            tr(
                "With the exponential gain 2^rel − 1, relevance must be at most {limit}; the "
                "largest here is {largest}, and 2 to that power does not fit in a number. Use "
                "the linear gain, or smaller grades.",
                limit=MAX_EXPONENTIAL_RELEVANCE,
                largest=exact(relevances.max()),
            )
        )
    return np.exp2(relevances.astype(float)) - 1.0


GAINS: dict[str, Gain] = {
    "linear": Gain(
        name="linear",
        label=N_("Linear: rel"),
        short=N_("rel"),
        description=N_(
            "Each item earns exactly its relevance grade, so a grade-3 item is worth three "
            "grade-1 items."
        ),
        used_by=N_("scikit-learn, trec_eval, ranx ndcg, torchmetrics"),
        reference=f"{REFERENCES['jarvelin2002'].short}.",
        compute=_linear,
        template="{rel}",
    ),
    "exponential": Gain(
        name="exponential",
        label=N_("Exponential: 2^rel − 1"),
        short=N_("2^rel − 1"),
        description=N_(
            "Grades 0, 1, 2, 3, 4 earn 0, 1, 3, 7, 15: each grade earns twice the grade below "
            "plus one, so the gaps double (1, 2, 4, 8) and the very best item on top matters "
            "much more. "
            "With 0/1 relevance it equals the linear gain."
        ),
        used_by=N_("LightGBM, XGBoost, TF-Ranking, ranx ndcg_burges"),
        reference=f"{REFERENCES['burges2005'].short}.",
        compute=_exponential,
        template="2^{{rel}} - 1",
    ),
}


# A gain per grade: trec_eval's `ndcg.1=3,2=9` parameters and LightGBM's `label_gain` list.
GAIN_MAP_PREFIX = "map:"
MAX_MAP_GRADES = 100  # grades in one map; a link holds the whole map
# Below about 2.2e-308 a float loses digits (subnormal numbers), and a gain is also divided by
# its discount (down to 1/694 over 1000 items at base 1.01) before it is summed: a gain above 0
# smaller than this would give sums, and so NDCG, wrong in the leading digits.
MIN_MAP_GAIN = 1e-300


@dataclass(frozen=True)
class GainMap:
    """A gain value for each relevance grade, the third kind of gain beside linear and
    exponential: trec_eval's ``-m ndcg.1=3,2=9`` and LightGBM's ``label_gain`` are such maps.

    `table` holds (grade, gain) pairs, sorted by grade. Its `name` is its URL form,
    ``map:0=0,1=1,2=3,3=7``, and it answers to the same attributes as a `Gain` record (label,
    short, description, latex, filled, compute), so a page shows it like the other two. Every
    grade a list holds must be in the map (`compute` names the first one that is not), gains are
    finite and not negative, and a higher grade never earns less than a lower one: the ideal
    ranking sorts items by grade, which is the best order only when gain follows grade.

    >>> GainMap.parse("map:0=0,1=1,2=3,3=7").compute(np.array([3.0, 0.0, 2.0]))
    array([7., 0., 3.])
    """

    table: tuple[tuple[float, float], ...]

    def __post_init__(self) -> None:
        pairs = []
        for item in self.table:
            try:
                grade, gain = item
            except (TypeError, ValueError):
                raise ValueError(
                    tr(
                        "A gain map holds (grade, gain) pairs; got {item}. Write it as "
                        "map:0=0,1=1,2=3.",
                        item=shorten(repr(item)),
                    )
                ) from None
            pairs.append((_map_number(grade, "grade"), _map_number(gain, "gain", grade)))
        if not pairs:
            raise ValueError(tr("A gain map needs at least one grade=gain pair, e.g. map:0=0,1=1."))
        if len(pairs) > MAX_MAP_GRADES:
            raise ValueError(
                tr(
                    "A gain map holds at most {limit} grades; this one has {n}.",
                    limit=MAX_MAP_GRADES,
                    n=len(pairs),
                )
            )
        pairs.sort()
        for grade, gain in pairs:
            if 0 < gain < MIN_MAP_GAIN:
                raise ValueError(
                    tr(
                        "The gain map's gain of grade {grade} is {gain}, too small to sum "
                        "without losing digits: a gain above 0 must be at least {least}. "
                        "Multiply every gain by the same number (NDCG does not change), or give "
                        "that grade 0.",
                        grade=exact(grade),
                        gain=exact(gain),
                        least=exact(MIN_MAP_GAIN),
                    )
                )
        for (grade, _), (next_grade, _) in pairwise(pairs):
            if grade == next_grade:
                raise ValueError(
                    tr(
                        "The gain map gives grade {grade} twice: give each grade one gain.",
                        grade=exact(grade),
                    )
                )
        for (grade, gain), (next_grade, next_gain) in pairwise(pairs):
            if next_gain < gain:
                raise ValueError(
                    tr(
                        "In the gain map, grade {higher} earns {higher_gain}, less than grade "
                        "{lower} ({lower_gain}): a higher grade must earn at least as much, or "
                        "the ideal ranking (best grades first) would not be the best order.",
                        higher=exact(next_grade),
                        higher_gain=exact(next_gain),
                        lower=exact(grade),
                        lower_gain=exact(gain),
                    )
                )
        object.__setattr__(self, "table", tuple(pairs))

    @classmethod
    def parse(cls, text: str) -> GainMap:
        """A map from its text: ``map:0=0,1=1,2=3`` (the ``map:`` is optional; spaces and ``;``
        between pairs are accepted)."""
        if not isinstance(text, str):
            raise ValueError(
                tr(
                    "A gain map is written as text, e.g. map:0=0,1=1; got {value}.",
                    value=shorten(repr(text)),
                )
            )
        body = text.strip()
        if body.lower().startswith(GAIN_MAP_PREFIX):
            body = body[len(GAIN_MAP_PREFIX) :]
        pieces = [piece.strip() for piece in body.replace(";", ",").split(",")]
        if not any(pieces):
            raise ValueError(
                tr("The gain map is empty: write grade=gain pairs, e.g. map:0=0,1=1,2=3,3=7.")
            )
        pairs = []
        for piece in pieces:
            if not piece:
                continue
            grade, sep, gain = piece.partition("=")
            if not sep or not grade.strip() or not gain.strip():
                raise ValueError(
                    tr(
                        "'{piece}' in the gain map is not a grade=gain pair: write each as "
                        "grade=gain, e.g. 2=3, separated by commas.",
                        piece=shorten(piece, 30),
                    )
                )
            pairs.append((_map_text(grade, "grade"), _map_text(gain, "gain", grade.strip())))
        return cls(tuple(pairs))

    @classmethod
    def of(cls, gains: object) -> GainMap:
        """A map from a {grade: gain} dict (or a GainMap, or its text)."""
        if isinstance(gains, GainMap):
            return gains
        if isinstance(gains, str):
            return cls.parse(gains)
        if isinstance(gains, dict):
            return cls(tuple(gains.items()))
        raise ValueError(
            tr(
                "A gain map is a {{grade: gain}} dict or text such as 'map:0=0,1=1'; got {value}.",
                value=shorten(repr(gains)),
            )
        )

    @classmethod
    def exponential(cls, grades) -> GainMap:
        """The exponential gain as a map over `grades` and grade 0: 0→0, 1→1, 2→3, 3→7, …
        (2^g − 1). Grade 0 is always in it, as 2^0 − 1 = 0: a list padded with irrelevant
        items, or a page that adds a grade-0 item, stays covered."""
        chosen = sorted(
            {0.0} | {float(g) for g in grades if 0 <= float(g) <= MAX_EXPONENTIAL_RELEVANCE}
        )
        return cls(tuple((g, _exponential_of(g)) for g in chosen[:MAX_MAP_GRADES]))

    def extended(self, grades) -> GainMap | None:
        """This map with a gain for each of `grades` it lacks, given as the exponential gain
        gives it (2^g − 1, as `exponential` builds a map); None when that cannot make a map (a
        grade outside 0–1000, more than `MAX_MAP_GRADES` grades, or a higher grade that would
        earn less than a lower one)."""
        known = {g for g, _ in self.table}
        missing = sorted({float(g) for g in grades} - known)
        if not missing:
            return self
        if not all(0 <= g <= MAX_EXPONENTIAL_RELEVANCE for g in missing):
            return None
        try:
            return GainMap(self.table + tuple((g, _exponential_of(g)) for g in missing))
        except ValueError:
            return None

    @classmethod
    def label_gain(cls, values) -> GainMap:
        """LightGBM's ``label_gain`` list as a map: the i-th value is the gain of grade i."""
        return cls(tuple(enumerate(values)))

    # -- what a Gain record answers ------------------------------------------------------------

    @property
    def name(self) -> str:
        """The URL form: map:0=0,1=1,2=3,3=7."""
        return GAIN_MAP_PREFIX + ",".join(
            f"{exact(g, decimal='.')}={exact(v, decimal='.')}" for g, v in self.table
        )

    @property
    def text(self) -> str:
        """The pairs alone, as typed in a box: 0=0, 1=1, 2=3, 3=7."""
        return ", ".join(f"{exact(g)}={exact(v)}" for g, v in self.table)

    @property
    def label(self) -> str:
        return f"Gain per grade: {self.arrows()}"

    @property
    def short(self) -> str:
        return f"g = {self.arrows(limit=4)}"

    def arrows(self, limit: int | None = None) -> str:
        """0→0, 1→1, 2→3, 3→7 (the first `limit` pairs, then …)."""
        shown = [f"{exact(g)}→{exact(v)}" for g, v in self.table]
        if limit is not None and len(shown) > limit:
            shown = [*shown[:limit], "…"]
        return ", ".join(shown)

    description = N_(
        "Each grade earns the gain the map gives it, g(rel). The exponential gain is one such "
        "map (0→0, 1→1, 2→3, 3→7, …, 2^rel − 1), the linear gain another (g(rel) = rel). "
        "Multiplying every gain by the same number changes nothing: DCG and IDCG grow by that "
        "factor alike, so NDCG stays put; only the gaps between grades, relative to each "
        "other, matter."
    )
    used_by = N_("trec_eval ndcg with gain parameters (-m ndcg.1=3,2=9), LightGBM label_gain")
    reference = "trec_eval's m_ndcg.c; LightGBM's label_gain parameter."

    def gain_of(self, grade: float) -> float:
        for known, gain in self.table:
            if known == grade:
                return gain
        raise ValueError(self._missing(grade))

    def _missing(self, grade: float) -> str:
        return tr(
            "The gain map {map} gives no gain for grade {grade}: add {grade}=… to the map (it "
            "needs a gain for every grade in use).",
            map=self.name,
            grade=exact(grade),
        )

    def compute(self, relevances: np.ndarray) -> np.ndarray:
        """The gain of each relevance; a grade missing from the map is named."""
        values = np.asarray(relevances, dtype=float)
        grades = np.fromiter((g for g, _ in self.table), float, len(self.table))
        gains_by_grade = np.fromiter((v for _, v in self.table), float, len(self.table))
        where = np.searchsorted(grades, values)
        where = np.minimum(where, grades.size - 1)
        found = grades[where] == values
        if not found.all():
            raise ValueError(self._missing(values[np.flatnonzero(~found)[0]]))
        return gains_by_grade[where]

    def latex(self, rel: str = "rel_i") -> str:
        return f"g({rel})"

    def filled(self, relevance: float) -> str:
        """The gain of one grade, as written in a filled-in formula: its value."""
        return exact(self.gain_of(float(relevance)))

    def latex_table(self) -> str:
        r"""g as LaTeX: g:\ 0 \mapsto 0,\ 1 \mapsto 1, …"""
        pairs = [rf"{exact(g)} \mapsto {exact(v)}" for g, v in self.table]
        if len(pairs) > 8:
            pairs = [*pairs[:6], r"\dots", *pairs[-1:]]
        return r"g:\ " + r",\ ".join(pairs)

    def proportional_to(self, gain: str, grades) -> float | None:
        """The factor c with g(rel) = c · gain(rel) on every one of `grades` ('linear' or
        'exponential'), or None: a map that is c times another gain gives that gain's NDCG."""
        values = np.asarray(sorted({float(g) for g in grades}), dtype=float)
        if values.size == 0 or values.max() > MAX_EXPONENTIAL_RELEVANCE:
            return None
        try:
            mine = self.compute(values)
        except ValueError:
            return None
        theirs = GAINS[gain].compute(values)
        useful = theirs > 0
        if not useful.any() or np.any(mine[~useful] != 0):
            return None
        ratios = mine[useful] / theirs[useful]
        if ratios[0] <= 0 or not np.allclose(ratios, ratios[0], rtol=NOISE, atol=0):
            return None
        return float(ratios[0])


def _exponential_of(grade: float) -> float:
    return float(np.exp2(grade) - 1.0)


def covering_gain(gain: object, grades) -> tuple[str, str]:
    """The gain a list derived from another is scored with, and a note saying why when it is
    not `gain`: the one rule for every derived list (a list padded with grade-0 items, click
    rates used as labels, another run or other judgments scored with the page's gain).

    - `gain` itself when it gives a gain for every one of `grades`;
    - else, for a gain map, the map extended with 2^g − 1 for each grade it lacks (as
      `GainMap.exponential` builds a map), when that still makes a map;
    - else the linear gain, rel, which takes every grade.
    """
    name = check_gain(gain)
    record = gain_record(name)
    values = np.asarray(sorted({float(g) for g in grades}), dtype=float)
    try:
        record.compute(values)
        return name, ""
    except ValueError as error:
        why = str(error)
    if isinstance(record, GainMap):
        missing = [g for g in values if g not in {grade for grade, _ in record.table}]
        extended = record.extended(values)
        said = ", ".join(exact(g) for g in missing[:5]) + (", …" if len(missing) > 5 else "")
        if extended is not None:
            added = ", ".join(f"{exact(g)}→{exact(extended.gain_of(g))}" for g in missing[:5]) + (
                ", …" if len(missing) > 5 else ""
            )
            return extended.name, (
                f"The gain map {record.text} gives no gain for grade(s) {said} of this list, so "
                f"here each such grade g earns 2^g − 1, as the exponential gain would give it "
                f"({added})."
            )
        return "linear", (
            f"The gain map {record.text} gives no gain for grade(s) {said} of this list, and "
            f"2^g − 1 cannot fill them in, so this list is scored with the linear gain, rel."
        )
    return "linear", f"{why} This list is scored with the linear gain, rel, instead."


def _map_number(value: object, what: str, grade: object = None, shown: str = "") -> float:
    shown = shown or (value if isinstance(value, str) else repr(value))
    if isinstance(value, (bool, np.bool_)) or not isinstance(
        value, (int, float, np.integer, np.floating)
    ):
        raise ValueError(_map_wrong(shown, what, grade, "number"))
    number = float(value)
    if not np.isfinite(number):
        raise ValueError(_map_wrong(shown, what, grade, "finite"))
    if number < 0:
        raise ValueError(_map_wrong(shown, what, grade, "negative"))
    return number


def _map_text(text: str, what: str, grade: object = None) -> float:
    cleaned = text.strip()
    try:
        number = float(cleaned)
    except ValueError:
        raise ValueError(_map_wrong(cleaned, what, grade, "number")) from None
    return _map_number(number, what, grade, cleaned)


# What is wrong with a number in a gain map, a whole sentence for each (what, problem); the
# gain's sentences name its grade when it is known ("The gain map's gain of grade 2 …").
_MAP_WRONG = {
    ("grade", "number"): N_("The gain map's grade must be a number; got '{value}'."),
    ("grade", "finite"): N_("The gain map's grade must be a finite number; got '{value}'."),
    ("grade", "negative"): N_(
        "The gain map's grade must be 0 or more; got '{value}'. Grades are relevances, 0 or more."
    ),
    ("gain", "number"): N_("The gain map's gain must be a number; got '{value}'."),
    ("gain", "finite"): N_("The gain map's gain must be a finite number; got '{value}'."),
    ("gain", "negative"): N_(
        "The gain map's gain must be 0 or more; got '{value}'. NDCG is defined here for gains "
        "≥ 0 (a negative gain can push it below 0)."
    ),
    ("graded gain", "number"): N_(
        "The gain map's gain of grade {grade} must be a number; got '{value}'."
    ),
    ("graded gain", "finite"): N_(
        "The gain map's gain of grade {grade} must be a finite number; got '{value}'."
    ),
    ("graded gain", "negative"): N_(
        "The gain map's gain of grade {grade} must be 0 or more; got '{value}'. NDCG is defined "
        "here for gains ≥ 0 (a negative gain can push it below 0)."
    ),
}


def _map_wrong(shown: str, what: str, grade: object, problem: str) -> str:
    key = "graded gain" if what == "gain" and grade is not None else what
    said = tr(_MAP_WRONG[key, problem], value=shorten(shown, 30), grade=grade)
    return said + " " + tr("Write the map as grade=gain pairs, e.g. map:0=0,1=1,2=3,3=7.")


def is_gain_map(gain: object) -> bool:
    """True for a map's name (``map:…``) or a GainMap."""
    return isinstance(gain, GainMap) or (
        isinstance(gain, str) and gain.lower().startswith(GAIN_MAP_PREFIX)
    )


def check_gain(gain: object) -> str:
    """A gain as the core holds it: 'linear', 'exponential', or a map's name ('map:0=0,1=1').

    Accepts those names, a `GainMap`, or a {grade: gain} dict; a bad map is named with what to
    change.
    """
    return gain_record(gain).name


@lru_cache(maxsize=256)
def _parsed_map(text: str) -> GainMap:
    return GainMap.parse(text)


def gain_record(gain: object) -> Gain | GainMap:
    """The record of a gain (`GAINS` entry or `GainMap`): its words, LaTeX and computation. A
    map's text is parsed once (kept for the next call); a bad gain is named (`check_gain`)."""
    if isinstance(gain, (Gain, GainMap)):
        return gain
    if isinstance(gain, str) and gain in GAINS:
        return GAINS[gain]
    if isinstance(gain, str) and is_gain_map(gain):
        return _parsed_map(gain)
    if isinstance(gain, dict):
        return GainMap.of(gain)
    raise ValueError(
        tr(
            "`gain` must be 'linear' or 'exponential'; got {value}. A gain per grade is a map "
            "such as 'map:0=0,1=1,2=3,3=7' (or a {{grade: gain}} dict).",
            value=shorten(repr(gain)),
        )
    )


# ---------------------------------------------------------------------------------------------
# Discounts: what the gain at position i is divided by.
# ---------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Discount(Option):
    """A discount: position i's gain is divided by log_b(i + shift), or by max(1, log_b(i +
    shift)) when `at_least_one`. The two fields drive the code (`denominator`) and the LaTeX
    with numbers filled in (`filled`); `symbol_template` is its LaTeX in symbols."""

    symbol_template: str = ""  # LaTeX with {b} for the base and {i} for the position
    shift: int = 0  # the logarithm is taken of i + shift: 1 for log_b(i + 1), 0 for log_b i
    at_least_one: bool = False  # the divisor is max(1, log): ranks below the base keep their gain

    def denominator(self, positions: np.ndarray, log_base: float) -> np.ndarray:
        """What the gain at each of `positions` (1-based) is divided by."""
        logs = np.log(positions + float(self.shift)) / np.log(log_base)
        return np.maximum(1.0, logs) if self.at_least_one else logs

    def latex(self, log_base: float = 2, position: str = "i") -> str:
        """The divisor in symbols: \\log_{2}(i+1), or \\max(1,\\ \\log_{2} i)."""
        return self.symbol_template.replace("{b}", exact(log_base)).replace("{i}", position)

    def filled(self, position: int, log_base: float = 2) -> str:
        """The divisor at one position as written in a filled-in formula: \\log_{2} 3, or 1."""
        if self.at_least_one and position < log_base:
            return "1"
        return rf"\log_{{{exact(log_base)}}} {position + self.shift}"


DISCOUNTS: dict[str, Discount] = {
    "log2": Discount(
        name="log2",
        label=N_("1 / log₂(i+1)"),
        short=N_("1/log(i+1)"),
        description=N_(
            "Every position is discounted, a little less steeply the further down it is. "
            "The log base scales every DCG by the same factor, so it cancels out of NDCG."
        ),
        used_by=N_("every major library today"),
        reference=f"{REFERENCES['burges2005'].short}.",
        symbol_template=r"\log_{{b}}({i}+1)",
        shift=1,
    ),
    "jarvelin": Discount(
        name="jarvelin",
        label=N_("Järvelin–Kekäläinen: 1 / max(1, log_b i)"),
        short=N_("Järvelin–Kekäläinen"),
        description=N_(
            "The original 2002 form: ranks i below the base b keep their whole gain, and rank "
            "i ≥ b is divided by log_b(i). With b = 2, ranks 1 and 2 weigh the same. Here the "
            "base does change NDCG."
        ),
        used_by=N_("trec_eval before 9.0.4; Wikipedia's example in 2012"),
        reference=f"{REFERENCES['jarvelin2002'].short}.",
        symbol_template=r"\max(1,\ \log_{{b}} {i})",
        at_least_one=True,
    ),
}


# ---------------------------------------------------------------------------------------------
# Where the ideal ranking comes from, how deep it is cut, and 0/0.
# ---------------------------------------------------------------------------------------------

IDEALS: dict[str, Option] = {
    "judgments": Option(
        name="judgments",
        label=N_("All judged documents (trec_eval)"),
        short=N_("all judged documents"),
        description=N_(
            "The ideal ranking sorts every judged item of the query, those the system never "
            "retrieved included, so missing a relevant item costs."
        ),
        used_by=N_("trec_eval, ranx, ir-measures; Wikipedia's current example"),
    ),
    "run": Option(
        name="run",
        label=N_("Only the ranked documents (scikit-learn)"),
        short=N_("only the ranked documents"),
        description=N_(
            "The ideal ranking sorts only the items the system returned: a relevant item it "
            "never found does not count against it."
        ),
        used_by=N_("scikit-learn, torchmetrics, TF-Ranking, LightGBM, XGBoost"),
    ),
}

# The cut-off k is a whole number, or one of two named depths. They differ only when judged
# items the system did not retrieve join the ideal: then "n" cuts the ideal at the list's length
# (trec_eval ndcg_cut.n; Wikipedia's 0.785) and "none" lets it span every judged item
# (trec_eval ndcg; 0.7562 for the same list).
EVERY_RANKED = "n"
NO_CUTOFF = "none"
CUTS: dict[str, Option] = {
    EVERY_RANKED: Option(
        name=EVERY_RANKED,
        label=N_("k = n, every ranked position"),
        short="k = n",
        description=N_(
            "Every position of the ranked list counts, and the ideal is cut at the same depth: "
            "the list's length n."
        ),
        used_by=N_("trec_eval ndcg_cut.n; Wikipedia's example (0.785)"),
    ),
    NO_CUTOFF: Option(
        name=NO_CUTOFF,
        label=N_("No cut-off: the ideal spans every judged item"),
        short=N_("no cut-off"),
        description=N_(
            "Every ranked position counts, and the ideal keeps every judged item, even those "
            "ranked below the list's length; with judged items the system never retrieved, "
            "IDCG grows beyond IDCG@n."
        ),
        used_by=N_("trec_eval ndcg"),
    ),
}


@dataclass(frozen=True)
class ZeroRule(Option):
    value: float = 0.0  # NDCG when IDCG = 0


ON_ZERO: dict[str, ZeroRule] = {
    "0": ZeroRule(
        name="0",
        label=N_("0: count it as a miss (scikit-learn, trec_eval)"),
        short="0/0 → 0",
        description=N_("A list with nothing to find counts as a failure."),
        used_by=N_("scikit-learn, trec_eval, ranx, TF-Ranking, torchmetrics' default"),
        value=0.0,
    ),
    "1": ZeroRule(
        name="1",
        label=N_("1: count it as perfect (LightGBM, XGBoost)"),
        short="0/0 → 1",
        description=N_("Nothing could have been ranked better, so the order is perfect."),
        used_by=N_("LightGBM, XGBoost ndcg"),
        value=1.0,
    ),
    "skip": ZeroRule(
        name="skip",
        label=N_("skip: leave it out of the mean"),
        short=N_("0/0 → skipped"),
        description=N_("The query has no answer to rank; leave it out of the average."),
        used_by=N_("torchmetrics with empty_target_action='skip'"),
        value=float("nan"),
    ),
}


def zero_rule(on_zero: object) -> str:
    """The ON_ZERO key of a value of `on_zero`: 0.0 → '0', 1.0 → '1', NaN → 'skip'."""
    if isinstance(on_zero, (int, float, np.integer, np.floating)) and not isinstance(
        on_zero, (bool, np.bool_)
    ):
        if on_zero != on_zero:
            return "skip"
        for name, rule in ON_ZERO.items():
            if rule.value == on_zero:
                return name
    raise ValueError(
        tr(
            "`on_zero` must be 0.0 (scikit-learn, trec_eval), 1.0 (LightGBM, XGBoost) or "
            "float('nan') (leave the query out of a mean); got {value}.",
            value=shorten(repr(on_zero)),
        )
    )


TIES: dict[str, Option] = {
    "docid": Option(
        name="docid",
        label=N_("By document id, descending (trec_eval)"),
        short=N_("by id, descending"),
        description=N_("Tied scores are ordered by document id, descending, compared as text."),
        used_by=N_("trec_eval"),
    ),
    "keep": Option(
        name="keep",
        label=N_("In file order (LightGBM, XGBoost)"),
        short=N_("in input order"),
        description=N_("Tied scores keep their input order (a stable sort)."),
        used_by=N_("LightGBM, XGBoost"),
    ),
    "average": Option(
        name="average",
        label=N_("Averaged over tied orders (scikit-learn)"),
        short=N_("averaged"),
        description=N_(
            "Each item of a tied group earns the group's mean gain: the DCG averaged over "
            "every order of the group."
        ),
        used_by=N_("scikit-learn, torchmetrics"),
        reference=f"{REFERENCES['mcsherry2008'].short}.",
    ),
}


# ---------------------------------------------------------------------------------------------
# Checking a choice, and computing gains and discounts
# ---------------------------------------------------------------------------------------------


def check_option(value: object, options: dict[str, Option], parameter: str) -> str:
    """Return `value` if it names one of `options`, else raise a ValueError saying what is allowed."""
    if isinstance(value, str) and value in options:
        return value
    # Translators: " or " joins the names a parameter may take: 'log2' or 'jarvelin'.
    allowed = tr(" or ").join(repr(name) for name in options)
    raise ValueError(
        tr(
            "`{parameter}` must be {allowed}; got {value}.",
            parameter=parameter,
            allowed=allowed,
            value=shorten(repr(value)),
        )
    )


def check_log_base(log_base: object) -> float:
    """A log base must be a finite number above 1 (the app offers `ui.urlparams.LOG_BASE`)."""
    if isinstance(log_base, bool) or not isinstance(
        log_base, (int, float, np.integer, np.floating)
    ):
        raise ValueError(
            tr(
                "`log_base` must be a number greater than 1; got {value}.",
                value=shorten(repr(log_base)),
            )
        )
    base = float(log_base)
    if not np.isfinite(base) or base <= 1:
        raise ValueError(
            tr(
                "`log_base` must be a number greater than 1 (a logarithm to base ≤ 1 does not "
                "shrink as positions grow); got {value}.",
                value=shorten(repr(log_base)),
            )
        )
    return base


def gains(relevances: np.ndarray, gain: str) -> np.ndarray:
    """The gain of each relevance: rel (linear), 2^rel − 1 (exponential), or a map's g(rel)."""
    return gain_record(gain).compute(np.asarray(relevances))


def denominators(n: int, discount: str, log_base: float = 2.0) -> np.ndarray:
    """What the gain at positions 1…n is divided by: log_b(i+1), or max(1, log_b i)."""
    return DISCOUNTS[discount].denominator(np.arange(1, n + 1, dtype=float), log_base)


def discounts(n: int, discount: str, log_base: float = 2.0) -> np.ndarray:
    """The multiplier of the gain at positions 1…n (1 / denominator)."""
    return 1.0 / denominators(n, discount, log_base)


def position_weights(n: int, k: int | None, discount: str, log_base: float = 2.0) -> np.ndarray:
    """The weight of each of positions 1…n in DCG@k: its discount up to k, 0 past it (k None:
    no cut-off). Every DCG the core computes is the gains' dot product with these weights.
    """
    weights = discounts(n, discount, log_base)
    if k is not None:
        weights[k:] = 0.0
    return weights
