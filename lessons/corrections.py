"""Why did the correction remove this mark? A comparison's corrected p-values explained in
words, with its own numbers (/compare's folded explanation). The comparison itself, and the
corrections' definitions, are the kernel's (`ndcg_core.compare`, `ndcg_core.stats`)."""

from __future__ import annotations

from ndcg_core.compare import ALPHA, Comparison
from ndcg_core.display import count


def why_unmarked(comparison: Comparison) -> list[str]:
    """Why did the correction remove this mark? For each comparison below `ALPHA` alone but not
    once corrected, the correction's arithmetic with its numbers; first, what a family of m
    tests risks: at least one mark that is luck, with probability up to 1 − (1 − α)^m."""
    rows = comparison.rows.dropna(subset=["baseline"])
    m = int(rows["p_value"].notna().sum())
    said = [
        f"{count(m)} test{'s' * (m != 1)} at α = {ALPHA} each: if no run differed from its baseline at all, "
        f"the chance that at least one of them still shows a mark would be up to "
        f"1 − {1 - ALPHA:g}^{m} = {1 - (1 - ALPHA) ** m:.1%}. A correction keeps that chance "
        f"near {ALPHA} by asking more of each p-value."
    ]
    order = rows["p_value"].rank(method="first")
    for index, row in rows[(rows["p_value"] < ALPHA) & ~(rows["p_adjusted"] < ALPHA)].iterrows():
        i, p = int(order[index]), row["p_value"]
        how = {
            "bonferroni": f"Bonferroni multiplies every p-value by m = {m}",
            "holm": f"Holm sorts the {m} p-values and multiplies the i-th smallest by m − i + 1 "
            f"(never giving less than a smaller one got); this one comes {i} from the smallest: × {m - i + 1}",
            "bh": f"Benjamini–Hochberg multiplies the i-th smallest of the {m} p-values by m / i "
            f"(never giving more than a larger one got); this one comes {i} from the smallest: × {m}/{i}",
        }.get(comparison.correction, "")
        said.append(
            f"{row['run']} against {row['baseline']} on {row['measure']}: p = {p:.4f}, below "
            f"{ALPHA} on its own. {how}: corrected p = {row['p_adjusted']:.4f}, not below "
            f"{ALPHA}, so the mark goes."
        )
    return said
