"""The worked examples of the source documents, as data.

Each example records what its source printed, digit for digit, so the walkthrough pages can show
the printed number beside the exact one and the tests can check every figure. Where a printed
figure is off by more than its own rounding, the `Printed.wrong` text says why; where a source is
inconsistent in a way that changes the result, an `Erratum` gives the other reading as keyword
overrides, so the pages can compute both.

Sources (in ../shared/seeds/ of the project's workspace):
  000  an English note on NDCG (binary and graded examples)
  001  a short English explainer (graded list, the all-zero case, the 2^rel − 1 gain)
  002  a Chinese note (continuous 0–1 relevance, items A–E)
  003  a Russian note (three examples)
  004  the English Wikipedia page "Discounted cumulative gain" as of August 2012
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field, replace
from decimal import Decimal

import pandas as pd

from .metrics import Totals, totals
from .model import EVERY_RANKED, RankedList, Scoring, default_labels

SOURCES: dict[str, dict[str, str]] = {
    "000": {
        "file": "000_7b77f9f41f0adfb3.txt",
        "title": "Normalized Discounted Cumulative Gain (English note)",
        "language": "English",
    },
    "001": {
        "file": "001_79a360263529281b.txt",
        "title": "nDCG explained step by step (English explainer)",
        "language": "English",
    },
    "002": {
        "file": "002_87b3df7ffc0a1eca.txt",
        "title": "NDCG: 归一化折损累计增益 (Chinese note)",
        "language": "Chinese",
    },
    "003": {
        "file": "003_77866fd3755957b8.txt",
        "title": "NDCG (нормированный дисконтированный кумулятивный выигрыш) (Russian note)",
        "language": "Russian",
    },
    "004": {
        "file": "004_0d02162c3a802e70.txt",
        "title": "Discounted cumulative gain (Wikipedia, revision of 21 August 2012)",
        "language": "English",
    },
}


@dataclass(frozen=True)
class Printed:
    """A number as its source printed it.

    quantity: "CG", "DCG", "IDCG", "NDCG" (at the example's k), "term" (gain × discount at
    `position`), "log" (what the gain at `position` is divided by), or their "ideal" forms.
    wrong: empty when the printed figure is the exact value rounded to the digits shown;
    otherwise a short, kind explanation of the slip.
    """

    quantity: str
    printed: str
    position: int | None = None
    wrong: str = ""

    @property
    def value(self) -> float:
        return float(self.printed)

    @property
    def decimals(self) -> int:
        exponent = Decimal(self.printed).as_tuple().exponent
        return max(0, -int(exponent))

    @property
    def name(self) -> str:
        if self.position is None:
            return self.quantity
        return f"{self.quantity} at position {self.position}"


@dataclass(frozen=True)
class Erratum:
    """A place where a source contradicts itself or says something that is not quite so.

    `reading` holds keyword overrides (e.g. {"discount": "log2"}) that give the other way of
    reading the source; an empty dict marks an erratum that does not change the numbers.
    """

    title: str
    text: str
    reading: dict = field(default_factory=dict)
    reading_name: str = ""


@dataclass(frozen=True)
class Example:
    """A worked example: the ranked list it scores (with its conventions), and its source's
    account of it. `named` is False when the source does not name the items (the labels are
    then the app's D1, D2, …)."""

    id: str
    source: str
    family: str
    title: str
    ranked: RankedList
    named: bool = False
    shows: str = ""
    notice: str = ""
    printed: tuple[Printed, ...] = ()
    errata: tuple[Erratum, ...] = ()

    @property
    def relevances(self) -> tuple[float, ...]:
        return self.ranked.relevances

    @property
    def language(self) -> str:
        return SOURCES[self.source]["language"]

    def with_reading(self, erratum: Erratum) -> Example:
        """The same example read the other way an erratum describes."""
        return self.variant(**erratum.reading)

    def variant(self, **overrides) -> Example:
        """The same example with another list or other conventions, e.g. ``variant(gain="linear")``."""
        ranked = self.ranked
        if "relevances" in overrides:
            values = tuple(overrides.pop("relevances"))
            ranked = replace(ranked, relevances=values, labels=default_labels(len(values)))
        return replace(self, ranked=ranked.with_scoring(**overrides))

    def scored(self) -> Totals:
        """The example scored by the core, at its own cut-off."""
        return totals(self.ranked)

    def totals(self) -> dict[str, float]:
        """CG, DCG, IDCG and NDCG at the example's cut-off."""
        result = self.scored()
        return {"CG": result.cg, "DCG": result.dcg, "IDCG": result.idcg, "NDCG": result.ndcg}

    def table(self) -> pd.DataFrame:
        return self.scored().table

    def exact(self, printed: Printed) -> float:
        """The exact value of a printed quantity, from the core."""
        result = self.scored()
        if printed.position is None:
            return self.totals()[printed.quantity]
        column = {
            "term": "contribution",
            "ideal term": "ideal_contribution",
            "log": "denominator",
            "ideal log": "denominator",
        }[printed.quantity]
        return float(result.table[column].iloc[printed.position - 1])


def _example(
    *,
    relevances,
    labels=None,
    k: int | None = None,
    gain: str = "linear",
    discount: str = "log2",
    log_base: float = 2,
    **about,
) -> Example:
    """An example from its source's terms: k None means every position the source ranked."""
    scoring = Scoring(
        k=EVERY_RANKED if k is None else k, gain=gain, discount=discount, log_base=log_base
    )
    ranked = RankedList(tuple(float(r) for r in relevances), tuple(labels or ()), scoring=scoring)
    return Example(ranked=ranked, named=labels is not None, **about)


def _d(n: int) -> tuple[str, ...]:
    return tuple(f"D{i}" for i in range(1, n + 1))


EXAMPLES: tuple[Example, ...] = (
    # ----------------------------------------------------------------- 000: binary relevance
    _example(
        id="binary-clicks-cg",
        source="000",
        family="binary",
        title="Three clicks out of five: the cumulative gain",
        relevances=(1, 0, 1, 1, 0),
        shows=(
            "With click / no-click relevance, CG simply counts the relevant items in the top k. "
            "The note does not say which three of the five were clicked; we use the list it "
            "works with next."
        ),
        notice="Move the clicked items anywhere within the five: CG stays 3.",
        printed=(Printed("CG", "3"),),
    ),
    _example(
        id="graded-stars-cg",
        source="000",
        family="graded",
        title="Five five-star items: the cumulative gain",
        relevances=(5, 5, 5, 5, 5),
        shows="On a 1–5 star scale, five top-rated items add up to a CG of 25.",
        notice="CG grows with every relevant item, wherever it is ranked.",
        printed=(Printed("CG", "25"),),
    ),
    _example(
        id="binary-dcg3",
        source="000",
        family="binary",
        title="DCG@3 of a clicked / not-clicked list",
        relevances=(1, 0, 1, 1, 0),
        k=3,
        shows="DCG@3 of the binary list 1, 0, 1, 1, 0: only the first three positions count.",
        notice=(
            "The relevant item at position 4 adds nothing at k = 3, and the one at position 3 "
            "counts half as much as the one on top."
        ),
        printed=(
            Printed("term", "1", 1),
            Printed("term", "0", 2),
            Printed("term", "0.5", 3),
            Printed("DCG", "1.5"),
        ),
        errata=(
            Erratum(
                title="Divide by the logarithm, or multiply by its inverse",
                text=(
                    "The note says each gain is divided by 'an inverse logarithm of the position "
                    "number'. Its formula does what is meant: it divides by log₂(i + 1), the "
                    "logarithm of the position plus one, which is the same as multiplying by "
                    "1 / log₂(i + 1)."
                ),
            ),
        ),
    ),
    _example(
        id="binary-dcg3-moved-up",
        source="000",
        family="binary",
        title="The third relevant item moves up to position 2",
        relevances=(1, 1, 0, 1, 0),
        k=3,
        shows=(
            "The note asks what happens when a relevant item moves to the second position, and "
            "stops before the answer: DCG@3 rises from 1.5 to 1 + 1/log₂3 ≈ 1.631."
        ),
        notice="Same items, same CG; a better order is worth more DCG.",
    ),
    # ------------------------------------------------------------------ 000: graded D1…D5
    _example(
        id="graded-d1-d5",
        source="000",
        family="graded",
        title="Five documents on a 0–3 scale",
        relevances=(3, 2, 0, 0, 1),
        labels=_d(5),
        k=5,
        shows=(
            "A search engine returns D1…D5 with relevances 3, 2, 0, 0, 1 (0 = not relevant, "
            "3 = completely relevant). The ideal order moves D5 above the two irrelevant ones."
        ),
        notice=(
            "Only one thing is out of place, D5 at the bottom, so NDCG stays close to 1: the "
            "loss is what D5 would have earned at position 3 minus what it earns at 5."
        ),
        printed=(
            Printed("CG", "6"),
            Printed(
                "log",
                "2",
                1,
                wrong="log₂2 = 1, so the first term is 3 / 1 = 3; one line writes it as 3/2, "
                "and the next line goes on with 3.",
            ),
            Printed("log", "1.585", 2),
            Printed("log", "2", 3),
            Printed("log", "2.322", 4),
            Printed("log", "2.585", 5),
            Printed("term", "3", 1),
            Printed("term", "1.26", 2),
            Printed("term", "0", 3),
            Printed("term", "0", 4),
            Printed(
                "term",
                "0.3868",
                5,
                wrong="1/log₂6 = 0.386853…, which rounds to 0.3869; 0.3868 is 1 divided by the "
                "rounded 2.585 (0.386847…).",
            ),
            Printed(
                "DCG",
                "4.67",
                wrong="The note's own terms, 3 + 1.26 + 0.3868, add up to 4.65 (exactly "
                "4.6487…), not 4.67.",
            ),
            Printed("ideal log", "1.585", 2),
            Printed("ideal log", "2", 3),
            Printed("ideal term", "3", 1),
            Printed("ideal term", "1.26", 2),
            Printed("ideal term", "0.5", 3),
            Printed("ideal term", "0", 4),
            Printed("ideal term", "0", 5),
            Printed("IDCG", "4.76"),
            Printed("NDCG", "0.98"),
        ),
        errata=(
            Erratum(
                title="3 / log₂2 is 3, not 3/2",
                text=(
                    "One line of the expansion writes the first term as 3/2. Since log₂2 = 1 the "
                    "term is 3, which is what the next line uses, so only that line is off."
                ),
            ),
            Erratum(
                title="4.67 should be 4.65",
                text=(
                    "The DCG is printed as ≈ 4.67, but its terms add up to 4.6487. The final "
                    "NDCG still rounds to 0.98 either way (4.65 / 4.76 = 0.976)."
                ),
            ),
            Erratum(
                title="Sum index and term index differ",
                text=(
                    "The note's CG@K and DCG@K formulas sum over k = 1…K but write the term with "
                    "i. Read both as the same index: the position in the list."
                ),
            ),
        ),
    ),
    # ------------------------------------------------------------------------------ 001
    _example(
        id="graded-explainer",
        source="001",
        family="graded",
        title="The list 3, 2, 3, 0, 1",
        relevances=(3, 2, 3, 0, 1),
        shows=(
            "The explainer announces the DCG and IDCG calculations but prints only the results; "
            "here are the terms it left out."
        ),
        notice=(
            "Two swaps stand between this list and a perfect 1: the 2 above a 3 near the top, and "
            "the 0 above the 1 at the bottom. Fixing only the first gives 0.993, only the second "
            "0.979: the mistake nearer the top costs more."
        ),
        printed=(Printed("DCG", "6.15"), Printed("IDCG", "6.32"), Printed("NDCG", "0.97")),
        errata=(
            Erratum(
                title="The calculations are announced but missing",
                text=(
                    "The text says 'the DCG is calculated as:' and 'the IDCG becomes:' and then "
                    "goes straight on; only the final numbers appear later. They are right."
                ),
            ),
        ),
    ),
    _example(
        id="gain-exponential",
        source="001",
        family="gain",
        title="The same list with the gain 2^rel − 1",
        relevances=(3, 2, 3, 0, 1),
        gain="exponential",
        shows=(
            "The explainer mentions 2^rel − 1 as an alternative gain that widens the gap between "
            "grades: 0, 1, 3, 7 for grades 0–3 instead of 0, 1, 2, 3."
        ),
        notice=(
            "The 2 sitting above a 3 now costs more: a grade-3 item is worth 7, more than twice "
            "a grade-2 item (3), so NDCG drops from 0.972 to 0.957."
        ),
    ),
    _example(
        id="gain-binary-equal",
        source="004",
        family="gain",
        title="With 0/1 relevance the two gains agree",
        relevances=(1, 0, 1, 1, 0),
        gain="exponential",
        k=3,
        shows=(
            "Wikipedia notes that 2^rel − 1 equals rel when relevance is 0 or 1: 2⁰ − 1 = 0 and "
            "2¹ − 1 = 1. The binary list of the first note scores the same DCG@3 of 1.5."
        ),
        notice="Switch the gain in the playground: with binary labels nothing moves.",
    ),
    _example(
        id="all-zero",
        source="001",
        family="zero",
        title="A list with no relevant item",
        relevances=(0, 0, 0, 0, 0),
        shows=(
            "When nothing is relevant, DCG and IDCG are both 0 and NDCG = 0/0 is undefined. The "
            "explainer suggests returning 0; libraries differ (0 in scikit-learn and trec_eval, "
            "1 in LightGBM and XGBoost)."
        ),
        notice="The choice does not matter for one query but moves a mean over many.",
        printed=(Printed("NDCG", "0"),),
    ),
    # ------------------------------------------------------------------ 002: continuous 0–1
    _example(
        id="continuous-abcde",
        source="002",
        family="continuous",
        title="Items A–E in the order A, B, C, D, E",
        relevances=(0.5, 0.9, 0.3, 0.6, 0.1),
        labels=("A", "B", "C", "D", "E"),
        shows=(
            "Relevance need not be a grade: here it is a score between 0 and 1 (from the "
            "Chinese note). First ordering: A, B, C, D, E."
        ),
        notice="B, the best item, sits at position 2, where it keeps 63% of its gain.",
        printed=(
            Printed("CG", "2.4"),
            Printed("log", "1", 1),
            Printed(
                "log",
                "1.59",
                2,
                wrong="log₂3 = 1.58496…, which rounds to 1.58 (1.585 to three places).",
            ),
            Printed("log", "2", 3),
            Printed("log", "2.32", 4),
            Printed(
                "log",
                "2.59",
                5,
                wrong="log₂6 = 2.58496…, which rounds to 2.58 (2.585 to three places).",
            ),
            Printed("term", "0.5", 1),
            Printed("term", "0.57", 2),
            Printed("term", "0.15", 3),
            Printed("term", "0.26", 4),
            Printed("term", "0.04", 5),
            Printed(
                "DCG",
                "1.52",
                wrong="The sum of the rounded terms is 1.52, but the exact DCG is 1.5149…, "
                "which rounds to 1.51.",
            ),
            Printed("ideal log", "1", 1),
            Printed("ideal log", "1.59", 2, wrong="log₂3 = 1.58496…, which rounds to 1.58."),
            Printed("ideal log", "2", 3),
            Printed("ideal log", "2.32", 4),
            Printed("ideal log", "2.59", 5, wrong="log₂6 = 2.58496…, which rounds to 2.58."),
            Printed("ideal term", "0.9", 1),
            Printed("ideal term", "0.38", 2),
            Printed("ideal term", "0.25", 3),
            Printed("ideal term", "0.13", 4),
            Printed("ideal term", "0.04", 5),
            Printed("IDCG", "1.7"),
        ),
        errata=(
            Erratum(
                title="The note stops before NDCG",
                text=(
                    "It computes both DCGs and the IDCG but never divides: NDCG is 1.5149 / "
                    "1.6964 = 0.893 for A, B, C, D, E and 1.4428 / 1.6964 = 0.851 for D, A, E, C, B."
                ),
            ),
            Erratum(
                title="Subscripts name the list, not the cut-off",
                text=(
                    "CG₁, DCG₁ and CG₂, DCG₂ there mean 'first list' and 'second list', while the "
                    "same subscript in CG_k means 'the top k'. Both sums run over all five items."
                ),
            ),
            Erratum(
                title="i is a position, not an item id",
                text=(
                    "The note defines G = rel(i) with i the id of an item, but in every formula i "
                    "is the position in the ranking: that is what the discount log₂(i+1) needs. "
                    "'IDGC' in its headings is IDCG."
                ),
            ),
            Erratum(
                title="log in the tables means log₂",
                text=(
                    "The tables head their columns log(i + 1) without a base, but the values "
                    "(1, 1.59, 2, …) are base-2 logarithms, as in the formula above them."
                ),
            ),
        ),
    ),
    _example(
        id="continuous-daecb",
        source="002",
        family="continuous",
        title="The same items in the order D, A, E, C, B",
        relevances=(0.6, 0.5, 0.1, 0.3, 0.9),
        labels=("D", "A", "E", "C", "B"),
        shows="Second ordering of the same five items: the best one, B, is now last.",
        notice="Same CG of 2.4; B at the bottom keeps only 39% of its gain, so DCG drops.",
        printed=(
            Printed("CG", "2.4"),
            Printed("log", "1", 1),
            Printed("log", "1.59", 2, wrong="log₂3 = 1.58496…, which rounds to 1.58."),
            Printed("log", "2", 3),
            Printed("log", "2.32", 4),
            Printed("log", "2.59", 5, wrong="log₂6 = 2.58496…, which rounds to 2.58."),
            Printed("term", "0.6", 1),
            Printed(
                "term",
                "0.31",
                2,
                wrong="0.5 / log₂3 = 0.31546…, which rounds to 0.32; 0.31 is 0.5 divided by the "
                "rounded 1.59.",
            ),
            Printed("term", "0.05", 3),
            Printed("term", "0.13", 4),
            Printed("term", "0.35", 5),
            Printed("DCG", "1.44"),
            Printed("IDCG", "1.7"),
        ),
    ),
    # -------------------------------------------------------------------------- 003: Russian
    _example(
        id="russian-1-not-ideal",
        source="003",
        family="russian",
        title="Example 1: a non-ideal order (Неидеальное ранжирование)",
        relevances=(4, 5, 3, 2, 1),
        k=5,
        shows=(
            "The model ranks relevances 4, 5, 3, 2, 1; the ideal is 5, 4, 3, 2, 1. Only the top "
            "two are swapped."
        ),
        notice="One swap at the very top costs almost 4% of NDCG.",
        printed=(
            Printed("term", "4", 1),
            Printed("term", "3.15", 2),
            Printed("term", "1.5", 3),
            Printed("term", "0.86", 4),
            Printed("term", "0.39", 5),
            Printed("DCG", "9.9"),
            Printed("ideal term", "5", 1),
            Printed("ideal term", "2.52", 2),
            Printed("ideal term", "1.5", 3),
            Printed("ideal term", "0.86", 4),
            Printed("ideal term", "0.39", 5),
            Printed("IDCG", "10.27"),
            Printed("NDCG", "0.96"),
        ),
        errata=(
            Erratum(
                title="Is the ranking a list of relevances or of documents?",
                text=(
                    "The note gives the documents' relevances as [5, 3, 2, 1, 4] and the model's "
                    "ranking as [4, 5, 3, 2, 1]. Its arithmetic reads the ranking as relevances "
                    "in ranked order, and so do we. Read as document numbers (document 4 first, "
                    "then 5, 3, 2, 1), the ranked relevances would be 1, 4, 2, 3, 5 and the "
                    "score much lower. Examples 2 and 3 settle it: their rankings name "
                    "'documents' 7–10 and 5 in lists of four, so they can only be relevances."
                ),
                reading={"relevances": (1, 4, 2, 3, 5)},
                reading_name="ranking read as document numbers",
            ),
        ),
    ),
    _example(
        id="russian-2-top-error",
        source="003",
        family="russian",
        title="Example 2: the order reversed (Ошибка в топе списка)",
        relevances=(7, 8, 9, 10),
        k=4,
        shows="Relevances 10, 9, 8, 7 ranked in exactly the wrong order: 7, 8, 9, 10.",
        notice=(
            "Even the worst possible order scores 0.92 here, because every item is highly "
            "relevant and the grades are close. With linear gain NDCG rewards how much relevance "
            "is near the top, and here there is plenty everywhere."
        ),
        printed=(
            Printed("term", "7", 1),
            Printed(
                "term",
                "5.04",
                2,
                wrong="8 / log₂3 = 5.0474…, which rounds to 5.05: the last digit was cut off.",
            ),
            Printed("term", "4.5", 3),
            Printed("term", "4.31", 4),
            Printed("DCG", "20.85"),
            Printed("ideal term", "10", 1),
            Printed("ideal term", "5.68", 2),
            Printed("ideal term", "4.0", 3),
            Printed(
                "ideal term",
                "3.02",
                4,
                wrong="7 / log₂5 = 3.0147…, which rounds to 3.01; 3.02 is 7 divided by the "
                "rounded 2.32.",
            ),
            Printed("IDCG", "22.7"),
            Printed("NDCG", "0.92"),
        ),
        errata=(
            Erratum(
                title="The IDCG terms add up to 22.69",
                text=(
                    "With 3.02 in place of 3.01 the printed terms sum to 22.70; the exact IDCG is "
                    "22.693, which the note's 22.7 still matches to one decimal."
                ),
            ),
        ),
    ),
    _example(
        id="russian-3-partial",
        source="003",
        family="russian",
        title="Example 3: partly right (Частично правильное ранжирование)",
        relevances=(5, 2, 3, 1),
        k=4,
        shows="The best item is on top, but the 2 and the 3 below it are swapped.",
        notice="A swap lower down costs less than one at the top (compare example 1).",
        printed=(
            Printed("term", "5", 1),
            Printed("term", "1.26", 2),
            Printed("term", "1.5", 3),
            Printed("term", "0.43", 4),
            Printed("DCG", "8.19"),
            Printed("ideal term", "5", 1),
            Printed("ideal term", "1.89", 2),
            Printed("ideal term", "1.0", 3),
            Printed("ideal term", "0.43", 4),
            Printed("IDCG", "8.32"),
            Printed("NDCG", "0.98"),
        ),
        errata=(
            Erratum(
                title="NDCG = 1 does not need the exact ideal order",
                text=(
                    "The note concludes that NDCG = 1 only when the ranking matches the ideal "
                    "exactly. Items of equal relevance can swap places and still score 1, and "
                    "with a cut-off k only the top k have to be right."
                ),
            ),
        ),
    ),
    # ---------------------------------------------------------------------- 004: Wikipedia
    _example(
        id="wikipedia-2012",
        source="004",
        family="graded",
        title="Wikipedia's six documents (2012)",
        relevances=(3, 2, 3, 0, 1, 2),
        labels=_d(6),
        k=6,
        discount="jarvelin",
        shows=(
            "A participant grades D1…D6 on a 0–3 scale: 3, 2, 3, 0, 1, 2. The 2012 article's "
            "table divides each relevance by log₂ i and leaves rank 1 undiscounted: the "
            "original Järvelin–Kekäläinen form, which is what its numbers use."
        ),
        notice=(
            "Under this discount ranks 1 and 2 weigh the same, so the 2 at rank 2 loses nothing; "
            "only D3 and the tail are discounted."
        ),
        printed=(
            Printed("CG", "11"),
            Printed("log", "1", 2),
            Printed("log", "1.58", 3),
            Printed("log", "2.0", 4),
            Printed("log", "2.32", 5),
            Printed("log", "2.59", 6, wrong="log₂6 = 2.58496…, which rounds to 2.58."),
            Printed("term", "2", 2),
            Printed(
                "term",
                "1.887",
                3,
                wrong="3 / log₂3 = 1.8928…; 1.887 is 3 divided by a rounded 1.59.",
            ),
            Printed("term", "0", 4),
            Printed("term", "0.431", 5),
            Printed(
                "term",
                "0.772",
                6,
                wrong="2 / log₂6 = 0.7737…; 0.772 is 2 divided by a rounded 2.59.",
            ),
            Printed(
                "DCG",
                "8.09",
                wrong="The exact DCG is 8.0972, which rounds to 8.10; the article added terms "
                "that were computed from rounded logarithms.",
            ),
            Printed("IDCG", "8.693"),
            Printed(
                "NDCG",
                "0.9306",
                wrong="8.09 / 8.693 = 0.9306 divides a rounded DCG; exactly it is 8.0972 / "
                "8.6925 = 0.9315.",
            ),
        ),
        errata=(
            Erratum(
                title="The formula and the table use different discounts",
                text=(
                    "The article's formula divides rel_i by log₂(i+1), but its table divides by "
                    "log₂ i and leaves rank 1 alone. With the formula as printed the same list "
                    "scores DCG 6.861, IDCG 7.141 and NDCG 0.9608, the value scikit-learn gives; "
                    "the table's 0.93 comes from the Järvelin–Kekäläinen discount. The "
                    "formula's odd shape, rel₁ plus a sum from i = 2, is a leftover of the "
                    "log₂ i form, where rank 1 must be kept out of the sum because log₂ 1 = 0."
                ),
                reading={"discount": "log2"},
                reading_name="the formula as printed, 1/log₂(i+1)",
            ),
            Erratum(
                title="Rounded logarithms leak into the result",
                text=(
                    "Terms computed from logarithms rounded to two places (1.59, 2.59) and a "
                    "ratio of rounded totals give 0.9306; carrying full precision gives 0.9315."
                ),
            ),
        ),
    ),
    _example(
        id="wikipedia-2012-swapped",
        source="004",
        family="graded",
        title="Wikipedia's list with D3 and D4 switched",
        relevances=(3, 2, 0, 3, 1, 2),
        labels=("D1", "D2", "D4", "D3", "D5", "D6"),
        k=6,
        discount="jarvelin",
        shows=(
            "The article notes that switching D3 and D4 leaves CG at 11 but lowers DCG, without "
            "giving the new value: it falls from 8.097 to 7.704."
        ),
        notice="CG cannot see the switch; DCG can.",
        printed=(Printed("CG", "11"),),
    ),
    _example(
        id="wikipedia-2012-exponential",
        source="004",
        family="gain",
        title="Wikipedia's list with the gain 2^rel − 1",
        relevances=(3, 2, 3, 0, 1, 2),
        labels=_d(6),
        gain="exponential",
        shows=(
            "The article's alternative DCG puts 2^rel − 1 over log₂(i+1), 'placing stronger "
            "emphasis on retrieving relevant documents'."
        ),
        notice="Compare with the linear 0.9608: the grade-2 item above a grade-3 costs more here.",
    ),
)


@dataclass(frozen=True)
class Family:
    """A walkthrough page: a family of examples, its title, its introduction, its comparisons."""

    title: str
    intro: str
    # (first example id, second example id, heading, names of the two columns)
    comparisons: tuple[tuple[str, str, str, tuple[str, str]], ...] = ()


FAMILIES: dict[str, Family] = {
    "binary": Family(
        "Binary relevance",
        "The simplest kind of judgement: an item was clicked (1) or it was not (0). Cumulative "
        "gain then just counts hits; the discount is what makes the position of each hit matter.",
        (
            (
                "binary-dcg3",
                "binary-dcg3-moved-up",
                "a relevant item moves up from position 3 to 2",
                ("1, 0, 1, 1, 0", "1, 1, 0, 1, 0"),
            ),
        ),
    ),
    "graded": Family(
        "Graded relevance",
        "Here items carry grades, usually 0 (useless) to 3 (exactly what was wanted). A grade-3 "
        "item is worth three grade-1 items, and NDCG asks how close the order comes to putting "
        "the highest grades first. The last two examples are Wikipedia's, as the article stood "
        "in 2012, whose table used an older discount than its formula.",
        (
            (
                "wikipedia-2012",
                "wikipedia-2012-swapped",
                "Wikipedia's list before and after switching D3 and D4",
                ("D3 above D4", "D3 and D4 switched"),
            ),
        ),
    ),
    "continuous": Family(
        "Continuous relevance",
        "Relevance does not have to be a whole-number grade: any non-negative score works. These "
        "examples come from a Chinese note that scores five items A–E between 0 and 1 and ranks "
        "them two ways. The note stops after the DCGs; here the calculation is carried through "
        "to NDCG.",
        (
            (
                "continuous-abcde",
                "continuous-daecb",
                "the two orderings of A–E",
                ("A, B, C, D, E", "D, A, E, C, B"),
            ),
        ),
    ),
    "russian": Family(
        "Three Russian examples",
        "A Russian study note works three small examples, each a different kind of mistake: two "
        "items swapped at the top, the whole list upside down, and a swap further down. Its "
        "section titles are kept in Russian next to ours.",
    ),
    "gain": Family(
        "The 2^rel − 1 gain",
        "Instead of earning its grade, an item can earn 2^rel − 1: 0, 1, 3, 7, 15 for grades 0 to "
        "4. Each step up is worth one more than double the step below, so getting the very best "
        "items to the top matters much more. When relevance is only 0 or 1, the two gains are the "
        "same number.",
    ),
    "zero": Family(
        "The all-zero list",
        "If no item in the list is relevant, even the best order scores nothing: DCG and IDCG are "
        "both 0, and NDCG = 0 / 0 has no value. Every implementation has to pick one.",
    ),
}

# Examples that only illustrate cumulative gain: the DCG steps would be noise there.
CG_ONLY = frozenset({"binary-clicks-cg", "graded-stars-cg"})


def example(example_id: str) -> Example:
    """Look an example up by its id."""
    for item in EXAMPLES:
        if item.id == example_id:
            return item
    known = ", ".join(item.id for item in EXAMPLES)
    raise ValueError(f"No example is called {example_id!r}; known examples: {known}.")


def by_family(family: str) -> tuple[Example, ...]:
    return tuple(item for item in EXAMPLES if item.family == family)


def compare_totals(first: Example, second: Example, names: tuple[str, str]) -> pd.DataFrame:
    """CG, DCG, IDCG and NDCG of two examples side by side, with the change from first to second."""
    a, b = first.totals(), second.totals()
    # Sums of the same numbers in another order can differ in the last bit: call that no change.
    change = {
        name: 0.0
        if math.isclose(a[name], b[name], rel_tol=1e-12, abs_tol=1e-12)
        else b[name] - a[name]
        for name in a
    }
    return pd.DataFrame({names[0]: a, names[1]: b, "change": change}).rename_axis("quantity")
