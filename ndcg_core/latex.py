"""The formulas as LaTeX: first with symbols, then with a learner's own numbers filled in.

The symbols come from `formulas.GAINS` / `formulas.DISCOUNTS` and the numbers from `breakdown`,
so what the page shows is always what the code computed.
"""

from __future__ import annotations

import numpy as np
import pandas as pd

from .formulas import GAINS
from .parsing import format_number

MAX_TERMS_SHOWN = 8  # longer sums show their first and last terms around a \cdots


def num(value: float, digits: int = 4) -> str:
    """A number rounded for display, without trailing zeros: 1.26186 → '1.262' (digits=3)."""
    if value is None or (isinstance(value, float) and np.isnan(value)):
        return r"\text{—}"
    rounded = round(float(value), digits)
    if rounded == 0:
        rounded = 0.0
    return format_number(rounded)


def _base_text(log_base: float) -> str:
    return format_number(log_base)


def _denominator_symbol(discount: str, log_base: float, position: str = "i") -> str:
    base = _base_text(log_base)
    if discount == "log2":
        return rf"\log_{{{base}}}({position}+1)"
    return rf"\max(1,\ \log_{{{base}}} {position})"


def term_symbol(gain: str, discount: str, log_base: float = 2) -> str:
    """The summand: e.g. \\frac{rel_i}{\\log_2(i+1)}."""
    return rf"\frac{{{GAINS[gain].latex}}}{{{_denominator_symbol(discount, log_base)}}}"


def _cut(k: int | None) -> str:
    return "k" if k is None else str(k)


def dcg_formula(
    gain: str = "linear", discount: str = "log2", log_base: float = 2, ideal: bool = False
) -> str:
    """DCG@k (or IDCG@k) as a sum over positions, in symbols."""
    name = r"\mathrm{IDCG@}k" if ideal else r"\mathrm{DCG@}k"
    term = term_symbol(gain, discount, log_base)
    if ideal:
        term = term.replace("rel_i", r"rel^{\star}_i")
    return rf"{name} = \sum_{{i=1}}^{{k}} {term}"


def ndcg_formula() -> str:
    return r"\mathrm{NDCG@}k = \frac{\mathrm{DCG@}k}{\mathrm{IDCG@}k}"


def cg_formula() -> str:
    return r"\mathrm{CG@}k = \sum_{i=1}^{k} rel_i"


def _gain_text(relevance: float, gain: str) -> str:
    if gain == "linear":
        return num(relevance)
    return rf"2^{{{num(relevance)}}} - 1"


def _denominator_text(position: int, discount: str, log_base: float) -> str:
    base = _base_text(log_base)
    if discount == "log2":
        return rf"\log_{{{base}}} {position + 1}"
    if position < log_base:
        return "1"
    return rf"\log_{{{base}}} {position}"


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
    digits: int = 3,
) -> str:
    """The DCG (or IDCG) sum with the numbers of a `breakdown` table filled in, three lines deep:
    the fractions, their values, and the total."""
    prefix = "ideal_" if ideal else ""
    top = table[table["in_top_k"] & table[f"{prefix}relevance"].notna()]
    name = r"\mathrm{IDCG}" if ideal else r"\mathrm{DCG}"
    at = rf"{name}@{_cut(k) if k is not None else len(table)}"
    if top.empty:
        return rf"{at} = 0"
    fractions, values = [], []
    for index in _shown_rows(top):
        if index is None:
            fractions.append(r"\cdots")
            values.append(r"\cdots")
            continue
        row = top.iloc[index]
        position = int(row["position"])
        numerator = _gain_text(row[f"{prefix}relevance"], gain)
        fractions.append(
            rf"\frac{{{numerator}}}{{{_denominator_text(position, discount, log_base)}}}"
        )
        values.append(num(row[f"{prefix}contribution"], digits))
    total = float(top[f"{prefix}contribution"].sum())
    return (
        rf"\begin{{aligned}} {at} &= {' + '.join(fractions)} \\ "
        rf"&= {' + '.join(values)} \\ &= {num(total, 4)} \end{{aligned}}"
    )


def ndcg_filled(
    dcg_value: float, idcg_value: float, ndcg_value: float, k: int | None, n: int
) -> str:
    """NDCG@k = DCG / IDCG with the numbers in, or the 0/0 case spelled out."""
    at = _cut(k) if k is not None else str(n)
    if idcg_value == 0:
        return rf"\mathrm{{NDCG@}}{at} = \frac{{0}}{{0}} \;\Rightarrow\; {num(ndcg_value)} \text{{ (by convention)}}"
    return rf"\mathrm{{NDCG@}}{at} = \frac{{{num(dcg_value)}}}{{{num(idcg_value)}}} = {num(ndcg_value)}"


def cg_filled(relevances: list[float], k: int | None) -> str:
    top = list(relevances)[:k]
    at = _cut(k) if k is not None else str(len(top))
    shown = [num(v) for v in top]
    if len(shown) > MAX_TERMS_SHOWN:
        shown = [*shown[:4], r"\cdots", *shown[-2:]]
    return rf"\mathrm{{CG@}}{at} = {' + '.join(shown)} = {num(sum(top))}"
