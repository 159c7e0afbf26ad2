"""The formulas as LaTeX: first with symbols, then with a learner's own numbers filled in.

This is the only module that writes LaTeX. The symbols of a gain or a discount come from its
record in `options` (where its code lives too) and the numbers from a `breakdown` table, so what
a page shows is always what the code computed. Numbers follow `display`'s one rule: computed
values to four decimals, given values (relevances, positions, the base) as given.

A measure carries the cut-off it was computed at: DCG@6 at k = 6 (or k = n = 6), plain DCG when
there is no cut-off.
"""

from __future__ import annotations

from decimal import Decimal

import numpy as np
import pandas as pd

from i18n import tr
from ndcg_core.display import DIGITS, exact, fixed
from ndcg_core.measures import SYMBOLS
from ndcg_core.model import cut_suffix
from ndcg_core.options import DISCOUNTS, gain_record, is_gain_map

MAX_TERMS_SHOWN = 8  # longer sums show their first and last terms around a \cdots
# Terms on one line of a filled-in sum: a longer sum goes on over aligned lines, so on a phone's
# narrow column the total is never pushed out of sight (four fractions fit in about 360 px).
TERMS_PER_LINE = 4
PRODUCT_INDENT = (
    r"\qquad"  # a further line of a sum of products (ERR, a curve's DCG) sets in deeper
)


def _by_convention() -> str:
    """The words after a 0/0 read as a number (inside \\text{}, so a formula says it aloud in the
    page's language)."""
    return tr("(by convention)")


def num(value: float | None, digits: int = DIGITS) -> str:
    """A computed number as LaTeX: `display.fixed`, or a dash when there is none."""
    if value is None or (isinstance(value, float) and np.isnan(value)):
        return r"\text{—}"
    return fixed(value, digits, decimal=".")  # formulas: one style in every language


def _measure(name: str, k: int | str | None) -> str:
    suffix = k if isinstance(k, str) else cut_suffix(k)
    return rf"\mathrm{{{name}{suffix}}}"


def term_symbol(gain: str, discount: str, log_base: float = 2, ideal: bool = False) -> str:
    """The summand in symbols: e.g. \\frac{rel_i}{\\log_2(i+1)}; rel*_i for the ideal order."""
    relevance = r"rel^{\star}_i" if ideal else "rel_i"
    return (
        rf"\frac{{{gain_record(gain).latex(relevance)}}}{{{DISCOUNTS[discount].latex(log_base)}}}"
    )


def dcg_formula(
    gain: str = "linear",
    discount: str = "log2",
    log_base: float = 2,
    ideal: bool = False,
    k: str = "@k",
) -> str:
    """DCG@k (or IDCG@k) as a sum over positions, in symbols.

    `k` is the suffix: "@k", "@6", or "" for no cut-off, where DCG sums the n ranked positions
    and IDCG the |J| judged items.
    """
    name = _measure("IDCG" if ideal else "DCG", k)
    formula = rf"{name} = \sum_{{i=1}}^{{{_upper(k, ideal)}}} {term_symbol(gain, discount, log_base, ideal)}"
    if is_gain_map(gain) and not ideal:
        # A map's g is a table, not a formula: write it out beside the sum that first uses it.
        formula += rf",\qquad {gain_record(gain).latex_table()}"
    return formula


def ndcg_formula(k: str = "@k") -> str:
    return rf"{_measure('NDCG', k)} = \frac{{{_measure('DCG', k)}}}{{{_measure('IDCG', k)}}}"


def cg_formula(k: str = "@k") -> str:
    return rf"{_measure('CG', k)} = \sum_{{i=1}}^{{{_upper(k)}}} rel_i"


def _upper(k: str, ideal: bool = False) -> str:
    """The top of a sum: k (or the given number), n ranked positions, or |J| judged items."""
    if k:
        return k.removeprefix("@")
    return "|J|" if ideal else "n"


def _elided(terms: list, gap: object = r"\cdots") -> list:
    """A long sum's first and last terms around a `gap` (\\cdots, or None where row indices
    are chosen): every term when there are at most MAX_TERMS_SHOWN."""
    if len(terms) <= MAX_TERMS_SHOWN:
        return list(terms)
    head = MAX_TERMS_SHOWN // 2
    return [*terms[:head], gap, *terms[-2:]]


def _lines(terms: list[str], per_line: int = TERMS_PER_LINE, indent: str = r"\quad") -> str:
    r"""`a + b + c + d \\ &\quad + e + f`: the terms of an aligned sum, `per_line` a line, so
    a long sum fits a phone; each further line starts with `indent`."""
    rows = [terms[i : i + per_line] for i in range(0, len(terms), per_line)]
    return rf" \\ &{indent} + ".join(" + ".join(row) for row in rows)


def dcg_filled(
    table: pd.DataFrame,
    k: int | None,
    *,
    gain: str,
    discount: str,
    log_base: float,
    ideal: bool = False,
    digits: int = DIGITS,
    hide: int | None = None,
    per_line: int = TERMS_PER_LINE,
    values: bool = True,
) -> str:
    """The DCG (or IDCG) sum with the numbers of a `breakdown` table filled in, in three steps:
    the fractions, their values, and the total, a step taking a line per `per_line` terms
    (fewer where the formula sits in a narrower box, such as a folded one on a phone).
    `k` names the cut-off (None: no cut-off). `values=False` leaves the middle step out: the
    fractions, then the total, for a reveal that must stay short.

    `hide` turns the sum into a question: the term at that position (1-based) shows as
    \\boxed{?}, fraction and value alike, while the total stays.
    """
    prefix = "ideal_" if ideal else ""
    top = table[table["in_top_k"] & table[f"{prefix}relevance"].notna()]
    name = _measure("IDCG" if ideal else "DCG", k)
    if top.empty:
        return rf"{name} = 0"
    shown = _elided(list(range(len(top))), gap=None)
    # The columns read once as plain lists: a row of a table of mixed columns (`iloc[i]`) is
    # built anew at each read, and every page with a formula fills in up to twenty terms.
    positions_all = [int(position) for position in top["position"].tolist()]
    relevances = top[f"{prefix}relevance"].tolist()
    contributions = top[f"{prefix}contribution"].tolist()
    if hide is not None:
        positions = [positions_all[index] for index in shown if index is not None]
        if isinstance(hide, bool) or hide not in positions:
            raise ValueError(
                f"`hide` must be a position written out in the sum, one of "
                f"{', '.join(map(str, positions))}; got {hide!r}."
            )
    fractions, terms = [], []
    for index in shown:
        if index is None:
            fractions.append(r"\cdots")
            terms.append(r"\cdots")
            continue
        position = positions_all[index]
        if position == hide:
            fractions.append(r"\boxed{?}")
            terms.append(r"\boxed{?}")
            continue
        numerator = gain_record(gain).filled(relevances[index])
        denominator = DISCOUNTS[discount].filled(position, log_base)
        fractions.append(rf"\frac{{{numerator}}}{{{denominator}}}")
        terms.append(num(contributions[index], digits))
    total = float(top[f"{prefix}contribution"].sum())
    if not values and len(fractions) <= per_line:  # short enough for one line, total and all
        return rf"{name} = {' + '.join(fractions)} = {num(total)}"
    middle = rf"&= {_lines(terms, per_line)} \\ " if values else ""
    return (
        rf"\begin{{aligned}} {name} &= {_lines(fractions, per_line)} \\ "
        rf"{middle}&= {num(total)} \end{{aligned}}"
    )


def ndcg_filled(dcg_value: float, idcg_value: float, ndcg_value: float, k: int | None) -> str:
    """NDCG@k = DCG / IDCG with the numbers in, or the 0/0 case spelled out."""
    name = _measure("NDCG", k)
    if idcg_value == 0:
        return rf"{name} = \frac{{0}}{{0}} \;\Rightarrow\; {num(ndcg_value)} \text{{ {_by_convention()}}}"
    return rf"{name} = \frac{{{num(dcg_value)}}}{{{num(idcg_value)}}} = {num(ndcg_value)}"


def cg_filled(relevances: list[float], k: int | None) -> str:
    """CG's sum with the relevances as given and their total written as exactly as they are:
    the given numbers are added as decimals, so 0.6 + 0.5 + 0.1 + 0.3 + 0.9 = 2.4, where the
    float sum would print 2.4000000000000004, and 3 + 2 + 3 = 8."""
    top = list(relevances)[:k]
    shown = _elided([exact(v, decimal=".") for v in top])
    total = sum((Decimal(exact(v, decimal=".")) for v in top), Decimal(0))
    return rf"{_measure('CG', k)} = {' + '.join(shown)} = {exact(float(total), decimal='.')}"


def worked(result, per_line: int = TERMS_PER_LINE, *, values: bool = True) -> list[str]:
    """DCG, IDCG and NDCG of a scored list (`metrics.Totals`), each with its numbers filled in,
    `per_line` terms a line (`values=False`: each sum's fractions, then its total)."""
    ranked = result.ranked
    s = ranked.scoring
    style = {
        "gain": s.gain,
        "discount": s.discount,
        "log_base": s.log_base,
        "per_line": per_line,
        "values": values,
    }
    return [
        dcg_filled(result.table, ranked.k, **style),
        dcg_filled(result.table, ranked.k, ideal=True, **style),
        ndcg_filled(result.dcg, result.idcg, result.ndcg, ranked.k),
    ]


def formulas(ranked) -> list[str]:
    """DCG, IDCG and NDCG of a `RankedList`'s conventions in symbols, at its cut-off."""
    s = ranked.scoring
    at = "@k" if ranked.k is not None else ""
    style = {"gain": s.gain, "discount": s.discount, "log_base": s.log_base}
    return [
        dcg_formula(**style, k=at),
        dcg_formula(**style, ideal=True, k=at),
        ndcg_formula(at),
    ]


def expected_random(terms) -> tuple[str, str]:
    """E[NDCG@k] of a random order (`ordering.ExpectedRandom`): in symbols, then with numbers."""
    formula = (
        r"\mathbb{E}[\mathrm{NDCG@}k] = \frac{\bar g \sum_{i=1}^{\min(k,n)} d_i}"
        r"{\mathrm{IDCG@}k}"
    )
    filled = (
        rf"= \frac{{{num(terms.mean_gain)} \times {num(terms.discount_sum)}}}"
        rf"{{{num(terms.ideal_dcg)}}} = \frac{{{num(terms.expected_dcg)}}}{{{num(terms.ideal_dcg)}}}"
        rf" = {num(terms.expected)}"
    )
    return formula, filled


MAX_MEAN_TERMS = 6  # values written out in a filled-in mean before a \dots
MEAN_TERMS_PER_LINE = 3  # four-decimal values are wider than a DCG's fractions


def mean_over_queries(values, mean: float, k: int | None) -> tuple[str, str | None]:
    """The mean NDCG over queries in symbols, then with the first values filled in (None when
    no query has a value)."""
    name = _measure("NDCG", k)
    formula = rf"\overline{{{name}}} = \frac{{1}}{{|Q|}}\sum_{{q \in Q}} {name}(q)"
    finite = [float(v) for v in values if v == v]
    if not finite:
        return formula, None
    shown = [num(v) for v in finite[:MAX_MEAN_TERMS]]
    more = r" + \dots" if len(finite) > MAX_MEAN_TERMS else ""
    # The sum over aligned lines, then its mean: the result stays in sight on a narrow screen.
    filled = (
        rf"\begin{{aligned}} \overline{{{name}}} &= \tfrac{{1}}{{{len(finite)}}}\,\big( "
        rf"{_lines(shown, MEAN_TERMS_PER_LINE)}{more} \big) \\ &= {num(mean)} \end{{aligned}}"
    )
    return formula, filled


# ---------------------------------------------------------------------------------------------
# NDCG's neighbours (`measures`): each measure in symbols, then with a list's numbers
# ---------------------------------------------------------------------------------------------


# One letter per idea beside R@k and RR: h_i the hit, m the relevant judged items, s_i ERR's
# chance of stopping satisfied at i; i indexes positions, j the ones above i.
def relevant_symbol() -> str:
    """h_i, the hit: 1 from grade rel_min on, else 0 (its one word in the page's language)."""
    return (
        r"h_i = \begin{cases} 1 & rel_i \ge rel_{\min} \\ 0 & \text{"
        + tr("otherwise")
        + r"} \end{cases}"
    )


_NEIGHBOUR_FORMULAS = {
    "p": r"{P} = \frac{{1}}{{{k}}} \sum_{{i=1}}^{{{k}}} h_i",
    "r": r"{R} = \frac{{1}}{{m}} \sum_{{i=1}}^{{{k}}} h_i",
    "rr": r"{RR} = \frac{{1}}{{\min\{{\, i \le {k} : h_i = 1 \,\}}}}",
    "ap": r"{AP} = \frac{{1}}{{m}} \sum_{{i=1}}^{{{k}}} h_i \cdot P@i",
    "err": (
        r"{ERR} = \sum_{{i=1}}^{{{k}}} \frac{{1}}{{i}}\, s_i \prod_{{j=1}}^{{i-1}} (1 - s_j),"
        r"\quad s_i = \frac{{2^{{rel_i}} - 1}}{{2^{{g_{{\max}}}}}}"
    ),
    "rbp": r"{RBP} = (1 - p) \sum_{{i=1}}^{{{k}}} h_i \, p^{{\,i-1}}",
}


def neighbour_formula(key: str, ranked) -> str:
    """A neighbour of NDCG in symbols, at the list's cut-off (k, or n without one)."""
    if key == "ndcg":
        return ndcg_formula("@k" if ranked.k is not None else "")
    if key not in _NEIGHBOUR_FORMULAS:
        raise ValueError(
            f"`key` must be one of {', '.join(_NEIGHBOUR_FORMULAS)} or 'ndcg'; got {key!r}."
        )
    upper = "k" if ranked.k is not None else "n"
    at = "@k" if ranked.k is not None else ""
    names = {SYMBOLS[key]: _measure(SYMBOLS[key], at) for key in _NEIGHBOUR_FORMULAS}
    return _NEIGHBOUR_FORMULAS[key].format(k=upper, **names)


def neighbour_filled(result, key: str) -> str:
    """A measure with the numbers of a `neighbours.MeasureValues` filled in."""
    if key == "ndcg":
        scored = result.scored
        return ndcg_filled(scored.dcg, scored.idcg, scored.ndcg, result.ranked.k)
    filler = {
        "p": _p_filled,
        "r": _r_filled,
        "rr": _rr_filled,
        "ap": _ap_filled,
        "err": _err_filled,
        "rbp": _rbp_filled,
    }.get(key)
    if filler is None:
        raise ValueError(
            f"`key` must be one of {', '.join(_NEIGHBOUR_FORMULAS)} or 'ndcg'; got {key!r}."
        )
    return filler(result, _measure(SYMBOLS[key], result.ranked.at))


def _hits(result) -> list[str]:
    return ["1" if hit else "0" for hit in result.table["relevant"]]


def _p_filled(result, name: str) -> str:
    hits = _elided(_hits(result)) or ["0"]
    return (
        rf"{name} = \frac{{{' + '.join(hits)}}}{{{result.divisor}}} = "
        rf"\frac{{{result.hits}}}{{{result.divisor}}} = {num(result.values['p'])}"
    )


def _zero_over_zero(name: str, value: float) -> str:
    return rf"{name} = \frac{{0}}{{0}} \;\Rightarrow\; {num(value)} \text{{ {_by_convention()}}}"


def _r_filled(result, name: str) -> str:
    if result.relevant == 0:
        return _zero_over_zero(name, result.values["r"])
    return (
        rf"{name} = \frac{{{result.hits}}}{{m}} = \frac{{{result.hits}}}{{{result.relevant}}} "
        rf"= {num(result.values['r'])}"
    )


def _rr_filled(result, name: str) -> str:
    hits = [int(p) for p, hit in zip(result.table["position"], result.table["relevant"]) if hit]
    if not hits:
        words = tr("(no relevant item in the counted positions)")
        return rf"{name} = 0 \quad \text{{{words}}}"
    return rf"{name} = \frac{{1}}{{{hits[0]}}} = {num(result.values['rr'])}"


def _ap_filled(result, name: str) -> str:
    if result.relevant == 0:
        return _zero_over_zero(name, result.values["ap"])
    table = result.table[result.table["relevant"]]
    terms = _elided(
        [
            rf"\frac{{{count}}}{{{int(position)}}}"
            for count, position in zip(range(1, len(table) + 1), table["position"])
        ]
    )
    inside = " + ".join(terms) if terms else "0"
    total = float((table["precision_at"]).sum())
    return (
        rf"\begin{{aligned}} {name} &= \frac{{1}}{{{result.relevant}}} \left( {inside} \right) \\ "
        rf"&= \frac{{{num(total)}}}{{{result.relevant}}} = {num(result.values['ap'])} \end{{aligned}}"
    )


def _err_filled(result, name: str) -> str:
    if "err" in result.problems:
        return rf"{name} = \text{{—}}"
    table = result.table
    chances = _elided(
        [rf"s_{{{int(i)}}} = {num(v)}" for i, v in zip(table["position"], table["err_stop"])]
    )
    products = _elided(
        [
            rf"\tfrac{{1}}{{{int(i)}}} \cdot {num(stop)} \cdot {num(reach)}"
            for i, stop, reach in zip(table["position"], table["err_stop"], table["err_reach"])
        ]
    )
    values = _elided([num(v) for v in table["err_term"]])
    listed = r" \\ & ".join(r",\ ".join(chances[i : i + 3]) for i in range(0, len(chances), 3))
    return (
        rf"\begin{{aligned}} & {listed} \\ "
        rf"{name} &= {_lines(products, 3, PRODUCT_INDENT)} \\ "
        rf"&= {' + '.join(values)} = {num(result.values['err'])} \end{{aligned}}"
    )


def _rbp_filled(result, name: str) -> str:
    table = result.table
    p = result.settings.p
    terms = _elided(
        [num(w) if hit else "0" for w, hit in zip(table["rbp_weight"], table["relevant"])]
    )
    inside = " + ".join(terms) if terms else "0"
    total = float((table["rbp_weight"] * table["relevant"]).sum())
    return (
        rf"\begin{{aligned}} {name} &= (1 - {exact(p, decimal='.')}) \left( {inside} \right) \\ "
        rf"&= {num(1 - p)} \times {num(total)} = {num(result.values['rbp'])} \end{{aligned}}"
    )


# ---------------------------------------------------------------------------------------------
# Discount curves (`curves`): DCG with another discount, in symbols and with numbers
# ---------------------------------------------------------------------------------------------


def curve_formula(curve, *, base: float = 2, p: float = 0.8) -> str:
    """d(i) of a `curves.Curve`, with its setting filled in: d(i) = 1 / log_2(i+1)."""
    return rf"d(i) = {curve.latex(base=base, p=p)}"


def curve_dcg_formula(gain: str, k: str = "@k", ideal: bool = False) -> str:
    """DCG with a discount curve d(i): the sum of gain × d(i)."""
    relevance = r"rel^{\star}_i" if ideal else "rel_i"
    name = _measure("IDCG" if ideal else "DCG", k)
    return rf"{name} = \sum_{{i=1}}^{{{_upper(k, ideal)}}} {gain_record(gain).latex(relevance)} \cdot d(i)"


def curve_dcg_filled(score, gain: str, k: int | None, *, ideal: bool = False) -> str:
    """DCG (or IDCG) under a curve (`curves.CurveScore`), term by term: gain × d(i)."""
    relevances = score.ideal_relevances if ideal else score.relevances
    gains_shown = score.ideal_gains if ideal else score.gains
    name = _measure("IDCG" if ideal else "DCG", k)
    if gains_shown.size == 0:
        return rf"{name} = 0"
    products = _elided(
        [
            rf"{_grouped(gain_record(gain).filled(r))} \cdot {num(w)}"
            for r, w in zip(relevances, score.weights)
        ]
    )
    values = _elided([num(g * w) for g, w in zip(gains_shown, score.weights)])
    total = score.idcg if ideal else score.dcg
    return (
        rf"\begin{{aligned}} {name} &= {_lines(products, 3, PRODUCT_INDENT)} \\ "
        rf"&= {_lines(values, 4, PRODUCT_INDENT)} \\ &= {num(total)} \end{{aligned}}"
    )


def _grouped(term: str) -> str:
    """A gain written as a sum (2^{3} - 1) in brackets, so a product reads right."""
    return rf"({term})" if "-" in term else term


# ---------------------------------------------------------------------------------------------
# Clicks as labels (`clicks`)
# ---------------------------------------------------------------------------------------------

CLICK_FORMULA = (
    r"c_i = \theta_i \cdot a_i, \qquad a_i = \frac{rel_i}{\max_j rel_j}, "
    r"\qquad \hat a_i = \frac{c_i}{\theta_i}"
)


def clicks_filled(table: pd.DataFrame) -> str:
    """c_i = θ_i · a_i for each position of a `clicks.click_table`."""
    rows = _elided(
        [
            rf"c_{{{int(i)}}} = {num(t)} \cdot {num(a)} = {num(c)}"
            for i, t, a, c in zip(table["position"], table["theta"], table["a"], table["ctr"])
        ]
    )
    return r"\begin{gathered} " + r" \\ ".join(rows) + r" \end{gathered}"
