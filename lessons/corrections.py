"""Why did the correction remove this mark? A comparison's corrected p-values explained in
words, with its own numbers (/compare's folded explanation). The comparison itself, and the
corrections' definitions, are the kernel's (`ndcg_core.compare`, `ndcg_core.stats`)."""

from __future__ import annotations

from i18n import N_, tr, trn
from ndcg_core.compare import ALPHA, Comparison
from ndcg_core.display import count, exact, fixed

# How each correction turns a p-value into its corrected one, said with the comparison's m and
# the p-value's place i among the m (from the smallest).
HOW = {
    "bonferroni": N_("Bonferroni multiplies every p-value by m = {m}"),
    "holm": N_(
        "Holm sorts the {m} p-values and multiplies the i-th smallest by m − i + 1 (never giving "
        "less than a smaller one got); this one comes {i} from the smallest: × {factor}"
    ),
    "bh": N_(
        "Benjamini–Hochberg multiplies the i-th smallest of the {m} p-values by m / i (never "
        "giving more than a larger one got); this one comes {i} from the smallest: × {m}/{i}"
    ),
}


def why_unmarked(comparison: Comparison) -> list[str]:
    """Why did the correction remove this mark? For each comparison below `ALPHA` alone but not
    once corrected, the correction's arithmetic with its numbers; first, what a family of m
    tests risks: at least one mark that is luck, with probability up to 1 − (1 − α)^m."""
    rows = comparison.rows.dropna(subset=["baseline"])
    m = int(rows["p_value"].notna().sum())
    alpha = exact(ALPHA)
    said = [
        trn(
            "{count} test at α = {alpha} each: if no run differed from its baseline at all, the "
            "chance that at least one of them still shows a mark would be up to "
            "1 − {keep}^{n} = {chance}%. A correction keeps that chance near {alpha} by asking "
            "more of each p-value.",
            "{count} tests at α = {alpha} each: if no run differed from its baseline at all, the "
            "chance that at least one of them still shows a mark would be up to "
            "1 − {keep}^{n} = {chance}%. A correction keeps that chance near {alpha} by asking "
            "more of each p-value.",
            m,
            count=count(m),
            alpha=alpha,
            keep=exact(round(1 - ALPHA, 12)),
            chance=fixed(100 * (1 - (1 - ALPHA) ** m), 1),
        )
    ]
    order = rows["p_value"].rank(method="first")
    for index, row in rows[(rows["p_value"] < ALPHA) & ~(rows["p_adjusted"] < ALPHA)].iterrows():
        i, p = int(order[index]), row["p_value"]
        how = HOW.get(comparison.correction)
        said.append(
            tr(
                "{run} against {baseline} on {measure}: p = {p}, below {alpha} on its own. "
                "{how}: corrected p = {corrected}, not below {alpha}, so the mark goes.",
                run=row["run"],
                baseline=row["baseline"],
                measure=row["measure"],
                p=fixed(p),
                alpha=alpha,
                how=tr(how, m=m, i=i, factor=m - i + 1) if how else "",
                corrected=fixed(row["p_adjusted"]),
            )
        )
    return said
