"""Pitfalls of NDCG: where the number says something other than what people read into it.

Each pitfall is a record (`PITFALLS`: a neutral heading the page asks under, the claim it
reveals, what people believe, what is true, what to do, and the list its demonstration loads).
What each shows on a list is computed in `lessons.demos`; each is asked as a question built in
`lessons.practice.lesson_questions`.

References
----------
Järvelin & Kekäläinen (2002), written out in `ndcg_core.references`.
Wikipedia, "Discounted cumulative gain", section Limitations (current version).
"""

from __future__ import annotations

from dataclasses import dataclass

from i18n import N_
from ndcg_core.model import RankedList, Scoring


@dataclass(frozen=True)
class Pitfall:
    """One pitfall: `asks`, the heading its question sits under, which names the situation and
    not the answer; `title`, the claim its reveal opens with; the belief, what is true, what to
    do, and the list its demo loads (taken from the source `source`, a key of
    `examples.SOURCES`, when one worked it)."""

    key: str
    asks: str
    title: str
    belief: str
    truth: str
    remedy: str
    example: RankedList
    source: str = ""


PITFALLS: dict[str, Pitfall] = {
    pitfall.key: pitfall
    for pitfall in (
        Pitfall(
            key="closed",
            asks=N_("Relevant items the system never returned"),
            title=N_("A closed ideal never punishes what is missing"),
            belief=N_("A list that scores 1.0 found everything there was to find."),
            truth=N_(
                "An ideal from the ranked list alone (scikit-learn, LightGBM, XGBoost, "
                "torchmetrics) leaves out what was never retrieved; one from every judged item "
                "(trec_eval, ranx) counts it."
            ),
            remedy=N_(
                "Give the scorer every judged item of the query, or report recall beside NDCG."
            ),
            example=RankedList((1, 0, 0), pool=(1, 1)),
        ),
        Pitfall(
            key="padding",
            asks=N_("Irrelevant items after the good ones"),
            title=N_("Irrelevant items are not penalised"),
            belief=N_("Returning junk after the good results costs something."),
            truth=N_(
                "An irrelevant item earns 0 in DCG and in IDCG, so appending some never lowers "
                "NDCG at a fixed cut-off (nor with the ideal taken from the list)."
            ),
            remedy=N_(
                "Fix k for every system you compare, and read P@k when the list's length matters."
            ),
            example=RankedList((2, 1)),
        ),
        Pitfall(
            key="ideal_cut",
            asks=N_("A relevant item just below the cut-off"),
            title=N_("The ideal top k can hold items ranked below k"),
            belief=N_("IDCG@k is the DCG of the top k items, sorted."),
            truth=N_(
                "The ideal sorts every judged item, then cuts at k: a relevant item ranked "
                "below k still belongs in the ideal top k. Sorting only the top k makes IDCG too "
                "small and NDCG too high."
            ),
            remedy=N_("Sort all judged items, then cut at k, on both sides."),
            example=RankedList((1, 0, 1, 1, 0), scoring=Scoring(k=3)),
            source="000",  # its binary list, at k = 3
        ),
        Pitfall(
            key="scale",
            asks=N_("The same judgments, written another way"),
            title=N_("The label scale and the gain change the number"),
            belief=N_("NDCG is normalised, so it does not depend on how labels are written."),
            truth=N_(
                "Normalising divides out the size of the best possible DCG, not the choice of "
                "scale. Multiplying every label by the same factor changes nothing under the "
                "linear gain, but adding 1 (writing 0–3 as 1–4), or switching to 2^rel − 1, "
                "changes NDCG."
            ),
            remedy=N_(
                "Report the scale and the gain with every NDCG, and compare only numbers made "
                "with the same ones."
            ),
            example=RankedList((3, 2, 3, 0, 1, 2)),
        ),
        Pitfall(
            key="zero",
            asks=N_("A query with nothing relevant"),
            title=N_("The all-zero rule moves a mean"),
            belief=N_("A query with nothing relevant is a detail."),
            truth=N_(
                "With nothing relevant, NDCG is 0 / 0. Libraries make it 0 (scikit-learn, "
                "trec_eval), 1 (LightGBM, XGBoost) or leave the query out; one such query among "
                "two moves the mean by half the distance between the rules."
            ),
            remedy=N_(
                "Say which rule you used, count the queries it applied to, and use the same "
                "rule for every system."
            ),
            example=RankedList((0, 0, 0)),
        ),
        Pitfall(
            key="compare",
            asks=N_("An easy query and a hard one"),
            title=N_("NDCG is not comparable across queries and collections"),
            belief=N_("A query with a higher NDCG is a query the system ranked better."),
            truth=N_(
                "How high NDCG can be by luck depends on the query: when most items are "
                "relevant even a random order scores high, when one item in ten is, a random "
                "order scores low. Between collections, the label scale, the gain, the depth "
                "of the judgments and the all-zero rule differ too."
            ),
            remedy=N_(
                "Compare systems on the same queries and judgments (paired, query by query); "
                "set a value beside what a random order of the same items would score."
            ),
            example=RankedList((0, 0, 1, 1, 1, 1, 1, 1, 1, 1)),
        ),
        Pitfall(
            key="several",
            asks=N_("One good result, or many"),
            title=N_("A short cut-off cannot tell one good result from many"),
            belief=N_("Of two result pages, the one with more good results scores higher."),
            truth=N_(
                "NDCG@k looks at the first k positions and nothing else. For a query with many "
                "equally good answers (nearby restaurants, say), a page with one of them on "
                "top and junk below scores exactly as high at k = 1 as a page full of them. "
                "Even at a deeper k, an ideal built from the list alone calls the first page "
                "perfect: it is already in the best order of what it holds."
            ),
            remedy=N_(
                "Choose k as deep as the page the user really sees, and build the ideal from "
                "every judged item, so the good answers a page left out count against it."
            ),
            example=RankedList((1, 0, 0, 0, 0), scoring=Scoring(k=1)),
        ),
    )
}

# The "compare" demo: the worst order of an easy query (eight relevant items in ten) against a
# nearly perfect order of a hard one (one relevant item in ten, found at position 2).
HARD_QUERY = RankedList((0, 1, 0, 0, 0, 0, 0, 0, 0, 0))
PADDING = 8  # irrelevant items appended in the "padding" demo
# The "several" demo: the same query answered by a page full of good results.
FULL_PAGE = RankedList((1, 1, 1, 1, 1), scoring=Scoring(k=1))
