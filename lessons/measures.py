"""The measures beside NDCG in words, for /metrics and the lessons: each one's full name, what
it rewards, the reader it imagines, whether it reads grades or counts the relevant items never
retrieved, and where it comes from. The measures themselves, and their symbols, are the core's
(`ndcg_core.measures`).
"""

from __future__ import annotations

from dataclasses import dataclass

from i18n import N_
from ndcg_core.measures import SYMBOLS
from ndcg_core.references import REFERENCES


@dataclass(frozen=True)
class Measure:
    """One measure: its full name, what it rewards, its reader; its symbol is the core's."""

    key: str  # a key of `ndcg_core.measures.SYMBOLS`
    name: str
    rewards: str
    reader: str
    graded: bool  # True: reads grades; False: relevant or not (rel_min)
    uses_pool: bool  # True: relevant items never retrieved count against it
    reference: str

    @property
    def symbol(self) -> str:
        """P, R, RR, AP, ERR, RBP, NDCG: the card's name before the cut-off."""
        return SYMBOLS[self.key]


MEASURES: dict[str, Measure] = {
    measure.key: measure
    for measure in (
        Measure(
            key="p",
            name=N_("Precision at k"),
            rewards=N_(
                "How many of the top k are hits. The order inside the top k does not matter, "
                "and neither do relevant items the system never found."
            ),
            reader=N_("reads exactly k items, whatever they find"),
            graded=False,
            uses_pool=False,
            reference="Manning, Raghavan & Schütze (2008), Introduction to IR, ch. 8.",
        ),
        Measure(
            key="r",
            name=N_("Recall at k"),
            rewards=N_(
                "How many of all relevant judged items made it into the top k: it counts the "
                "ones the system missed, and ignores the order."
            ),
            reader=N_("wants every relevant item, and reads k of them"),
            graded=False,
            uses_pool=True,
            reference="Manning, Raghavan & Schütze (2008), Introduction to IR, ch. 8.",
        ),
        Measure(
            key="rr",
            name=N_("Reciprocal rank"),
            rewards=N_(
                "Only the first hit: 1 at the top, 1/2 at position 2, 1/3 at 3. Everything after "
                "the first relevant item is ignored. Its mean over queries is MRR."
            ),
            reader=N_("needs one good answer and stops there"),
            graded=False,
            uses_pool=False,
            reference="Voorhees (1999), the TREC-8 question answering track.",
        ),
        Measure(
            key="ap",
            name=N_("Average precision"),
            rewards=N_(
                "Every relevant item, early: the precision at each hit, averaged over all "
                "relevant judged items, so a relevant item never retrieved counts as 0. Its "
                "mean over queries is MAP."
            ),
            reader=N_("wants all relevant items and reads until the last one"),
            graded=False,
            uses_pool=True,
            reference="Buckley & Voorhees (2000); trec_eval's map.",
        ),
        Measure(
            key="err",
            name=N_("Expected reciprocal rank"),
            rewards=N_(
                "One very good item early. A highly relevant item near the top ends the search, "
                "so what lies below it hardly counts; grades matter a lot (2^g − 1)."
            ),
            reader=N_("stops as soon as satisfied; a better item satisfies more often (cascade)"),
            graded=True,
            uses_pool=False,
            reference="Chapelle, Metzler, Zhang & Grinspan (2009), CIKM.",
        ),
        Measure(
            key="rbp",
            name=N_("Rank-biased precision"),
            rewards=N_(
                "Hits where a reader of a given patience p looks: each position's weight "
                "falls by the factor p. Never normalised by an ideal, so a list with few "
                "relevant items cannot score high."
            ),
            reader=N_("reads on from each item with the same probability p"),
            graded=False,
            uses_pool=False,
            reference="Moffat & Zobel (2008), ACM TOIS 27(1).",
        ),
        Measure(
            key="ndcg",
            name=N_("Normalised discounted cumulative gain"),
            rewards=N_(
                "Graded items in the best order it could have had: each grade discounted by "
                "position, then divided by the ideal order's total, so 1 means no better order "
                "exists for these items (and the pool)."
            ),
            reader=N_("reads down the list, each position worth less by a slowly falling discount"),
            graded=True,
            uses_pool=True,
            reference=f"{REFERENCES['jarvelin2002'].short}, ACM TOIS 20(4).",
        ),
    )
}
