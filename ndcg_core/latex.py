"""The formulas as LaTeX: first with symbols, then with a learner's own numbers filled in.

This is the only module that writes LaTeX. The symbols of a gain or a discount come from its
record in `options` (where its code lives too) and the numbers from a `breakdown` table, so what
a page shows is always what the code computed. Numbers follow `display`'s one rule: computed
values to four decimals, given values (relevances, positions, the base) as given.

A measure carries the cut-off it was computed at: DCG@6 at k = 6 (or k = n = 6), plain DCG when
there is no cut-off.
"""

from __future__ import annotations

import numpy as np
import pandas as pd

from .display import exact, fixed
from .options import DISCOUNTS, gain_record, is_gain_map

MAX_TERMS_SHOWN = 8  # longer sums show their first and last terms around a \cdots


def num(value: float | None, digits: int = 4) -> str:
    """A computed number as LaTeX: `display.fixed`, or a dash when there is none."""
    if value is None or (isinstance(value, float) and np.isnan(value)):
        return r"\text{—}"
    return fixed(value, digits)


def _at(k: int | None) -> str:
    """The cut-off as a measure's suffix: '@6', or '' for no cut-off."""
    return "" if k is None else f"@{k}"


def _measure(name: str, k: int | str | None) -> str:
    suffix = k if isinstance(k, str) else _at(k)
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


def _shown_rows(rows: pd.DataFrame) -> list[int | None]:
    """Row indices to show, with None where a \\cdots stands for the rows left out."""
    n = len(rows)
    if n <= MAX_TERMS_SHOWN:
        return list(range(n))
    head = MAX_TERMS_SHOWN // 2
    return [*range(head), None, *range(n - 2, n)]


def dcg_filled(
    table: pd.DataFrame,
    k: int | None,
    *,
    gain: str,
    discount: str,
    log_base: float,
    ideal: bool = False,
    digits: int = 4,
    hide: int | None = None,
) -> str:
    """The DCG (or IDCG) sum with the numbers of a `breakdown` table filled in, three lines deep:
    the fractions, their values, and the total. `k` names the cut-off (None: no cut-off).

    `hide` turns the sum into a question: the term at that position (1-based) shows as
    \\boxed{?}, fraction and value alike, while the total stays.
    """
    prefix = "ideal_" if ideal else ""
    top = table[table["in_top_k"] & table[f"{prefix}relevance"].notna()]
    name = _measure("IDCG" if ideal else "DCG", k)
    if top.empty:
        return rf"{name} = 0"
    shown = _shown_rows(top)
    if hide is not None:
        positions = [int(top.iloc[index]["position"]) for index in shown if index is not None]
        if isinstance(hide, bool) or hide not in positions:
            raise ValueError(
                f"`hide` must be a position written out in the sum, one of "
                f"{', '.join(map(str, positions))}; got {hide!r}."
            )
    fractions, values = [], []
    for index in shown:
        if index is None:
            fractions.append(r"\cdots")
            values.append(r"\cdots")
            continue
        row = top.iloc[index]
        position = int(row["position"])
        if position == hide:
            fractions.append(r"\boxed{?}")
            values.append(r"\boxed{?}")
            continue
        numerator = gain_record(gain).filled(row[f"{prefix}relevance"])
        denominator = DISCOUNTS[discount].filled(position, log_base)
        fractions.append(rf"\frac{{{numerator}}}{{{denominator}}}")
        values.append(num(row[f"{prefix}contribution"], digits))
    total = float(top[f"{prefix}contribution"].sum())
    return (
        rf"\begin{{aligned}} {name} &= {' + '.join(fractions)} \\ "
        rf"&= {' + '.join(values)} \\ &= {num(total)} \end{{aligned}}"
    )


def ndcg_filled(
    dcg_value: float, idcg_value: float, ndcg_value: float, k: int | None, n: int | None = None
) -> str:
    """NDCG@k = DCG / IDCG with the numbers in, or the 0/0 case spelled out.

    `n` is accepted for older callers and not used: the suffix names `k` itself.
    """
    name = _measure("NDCG", k)
    if idcg_value == 0:
        return (
            rf"{name} = \frac{{0}}{{0}} \;\Rightarrow\; {num(ndcg_value)} \text{{ (by convention)}}"
        )
    return rf"{name} = \frac{{{num(dcg_value)}}}{{{num(idcg_value)}}} = {num(ndcg_value)}"


def cg_filled(relevances: list[float], k: int | None) -> str:
    top = list(relevances)[:k]
    shown = [exact(v) for v in top]
    if len(shown) > MAX_TERMS_SHOWN:
        shown = [*shown[:4], r"\cdots", *shown[-2:]]
    return rf"{_measure('CG', k)} = {' + '.join(shown)} = {exact(sum(top))}"


def worked(result) -> list[str]:
    """DCG, IDCG and NDCG of a scored list (`metrics.Totals`), each with its numbers filled in."""
    ranked = result.ranked
    s = ranked.scoring
    style = {"gain": s.gain, "discount": s.discount, "log_base": s.log_base}
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
    filled = (
        rf"\overline{{{name}}} = \frac{{{' + '.join(shown)}{more}}}{{{len(finite)}}} = {num(mean)}"
    )
    return formula, filled
