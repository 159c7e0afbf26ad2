"""The worked examples of the source documents, as data.

Each example records what its source printed, digit for digit, so the walkthrough pages can show
the printed number beside the exact one and the tests can check every figure. Where a printed
figure is off by more than its own rounding, the `Printed.wrong` text says why; where a source is
inconsistent in a way that changes the result, an `Erratum` gives the other reading as keyword
overrides, so the pages can compute both.

The sources (five documents in ../shared/seeds/ of the project's workspace, and today's
Wikipedia article) are named by what they are, in `SOURCES`: a learner sees a title, a site and
a date, never a file name.

Numbers in the teaching texts follow `display`'s rule: a value computed here is written with
four decimals (0.9608); a figure a source printed is quoted as printed (0.98). Only the source
checks (`Printed.wrong`, and the errata, shown apart from the lesson) carry more digits, where
they are needed to show how a source rounded.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from decimal import Decimal
from functools import cached_property

import pandas as pd

from i18n import N_
from ndcg_core.metrics import Totals, totals
from ndcg_core.model import EVERY_RANKED, RankedList, Scoring, default_labels


@dataclass(frozen=True)
class Source:
    """A source document, named by what it is: title, kind, site, date, and a link if known.

    `short` is how learner text refers to it in a sentence ("the Russian study note"): every
    page that mentions a source uses it, never the source's file number. `language` is the
    language of its text; `remark` says anything else a learner needs to read it right (a title
    in another language, headings translated here, where it points).
    """

    title: str
    short: str
    kind: str = ""
    site: str = ""
    date: str = ""
    link: str = ""
    language: str = "English"
    remark: str = ""

    @property
    def lang(self) -> str:
        """The app's code for the language of the source's text ('en', 'ru'): a quote from it
        needs no translation beside it for a reader of that language."""
        return {"English": "en", "Russian": "ru", "Chinese": "zh"}[self.language]

    def citation(self) -> str:
        """The source in one line of plain text: “Title”, kind, site, date."""
        return ", ".join(
            part for part in (f"“{self.title}”", self.kind, self.site, self.date) if part
        )


SOURCES: dict[str, Source] = {
    "000": Source(
        title="Normalized Discounted Cumulative Gain",
        short=N_("the web article on NDCG"),
        kind=N_("an English web article on NDCG"),
        date=N_("undated"),
        remark=N_(
            "Its opening paragraphs follow Evidently AI's guide “Normalized Discounted "
            "Cumulative Gain (NDCG) explained” (evidentlyai.com)."
        ),
    ),
    "001": Source(
        title="How is normalized discounted cumulative gain (nDCG) calculated?",
        short=N_("the milvus.io explainer"),
        kind=N_("a short explainer in the “AI Quick Reference”"),
        site=N_("milvus.io (Zilliz)"),
        date=N_("undated"),
        link="https://milvus.io/ai-quick-reference/how-is-normalized-discounted-cumulative-gain-ndcg-calculated",
    ),
    "002": Source(
        title="NDCG: Normalized Discounted Cumulative Gain (归一化折损累计增益)",
        short=N_("the study note on 归一化折损累计增益"),
        kind=N_("a study note"),
        date=N_("undated"),
        remark=N_(
            "Its title gives NDCG's Chinese name beside the English one; the note itself is "
            "written in English, and cites a Zhihu article (zhuanlan.zhihu.com/p/448686098)."
        ),
    ),
    "003": Source(
        title="NDCG (Normalized Discounted Cumulative Gain)",
        short=N_("the Russian study note"),
        kind=N_("a study note in Russian, from a notebook on recommender-system metrics"),
        date=N_("undated"),
        language="Russian",
        remark=N_(
            "Its headings, and the sentence of its conclusion a walkthrough disputes, are "
            "quoted here in Russian, each with an English translation."
        ),
    ),
    "004": Source(
        title="Discounted cumulative gain",
        short=N_("Wikipedia's 2012 article"),
        kind="",
        site=N_("English Wikipedia"),
        date=N_("revision of 21 August 2012"),
        link="https://en.wikipedia.org/w/index.php?title=Discounted_cumulative_gain&oldid=508382329",
    ),
    "wikipedia-now": Source(
        title="Discounted cumulative gain",
        short=N_("today's Wikipedia article"),
        kind="",
        site=N_("English Wikipedia"),
        date=N_("the current article (its example has grown since 2012)"),
        link="https://en.wikipedia.org/wiki/Discounted_cumulative_gain",
    ),
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

    `quote` is the source's own line the erratum is about, as plain text, so a learner sees what
    is meant; it stays in the source's language in every language of the app. A quote in words
    carries `quote_english`, its translation, shown beside it (translated into the reader's
    language) to every reader who does not read the source's language. `reading` holds keyword overrides (e.g.
    {"discount": "log2"}) that give the other way of reading the source; an empty dict marks an
    erratum that does not change the numbers.
    """

    title: str
    text: str
    reading: dict = field(default_factory=dict)
    reading_name: str = ""
    quote: str = ""
    quote_english: str = ""


@dataclass(frozen=True)
class Example:
    """A worked example: the ranked list it scores (with its conventions), and its source's
    account of it. `named` is False when the source does not name the items (the labels are
    then the app's D1, D2, …). `heading` is the source's own heading for the example when it
    differs from ours (with `heading_english`, its translation); `pool_labels` name the judged
    items the system did not retrieve, in the order of `ranked.pool`."""

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
    heading: str = ""
    heading_english: str = ""
    heading_remark: str = ""
    pool_labels: tuple[str, ...] = ()

    @property
    def relevances(self) -> tuple[float, ...]:
        return self.ranked.relevances

    @property
    def language(self) -> str:
        return SOURCES[self.source].language

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
        return self._scored

    # Scored once per example: a walkthrough reads a dozen figures of each of its examples on
    # every run (each `exact` printed figure, the totals beside another reading), and the
    # examples are the module's constants. The table is shared: its readers only read it.
    @cached_property
    def _scored(self) -> Totals:
        return totals(self.ranked)

    def totals(self) -> dict[str, float]:
        """CG, DCG, IDCG and NDCG at the example's cut-off."""
        return _named_totals(self.scored())

    def table(self) -> pd.DataFrame:
        return self.scored().table

    def exact(self, printed: Printed) -> float:
        """The exact value of a printed quantity, from the core (the example scored once)."""
        result = self.scored()
        if printed.position is None:
            return _named_totals(result)[printed.quantity]
        column = {
            "term": "contribution",
            "ideal term": "ideal_contribution",
            "log": "denominator",
            "ideal log": "denominator",
        }[printed.quantity]
        return float(result.table[column].iloc[printed.position - 1])

    @property
    def slips(self) -> int:
        """How many printed figures are off by more than their own rounding."""
        return sum(1 for printed in self.printed if printed.wrong)


def _named_totals(result: Totals) -> dict[str, float]:
    return {"CG": result.cg, "DCG": result.dcg, "IDCG": result.idcg, "NDCG": result.ndcg}


def _example(
    *,
    relevances,
    labels=None,
    pool=(),
    k: int | str | None = None,
    gain: str = "linear",
    discount: str = "log2",
    log_base: float = 2,
    **about,
) -> Example:
    """An example from its source's terms: k None means every position the source ranked."""
    scoring = Scoring(
        k=EVERY_RANKED if k is None else k, gain=gain, discount=discount, log_base=log_base
    )
    ranked = RankedList(
        tuple(float(r) for r in relevances),
        tuple(labels or ()),
        pool=tuple(float(r) for r in pool),
        scoring=scoring,
    )
    return Example(ranked=ranked, named=labels is not None, **about)


EXAMPLES: tuple[Example, ...] = (
    # ----------------------------------------------------------------- 000: binary relevance
    _example(
        id="binary-clicks-cg",
        source="000",
        family="binary",
        title=N_("Three clicks out of five: the cumulative gain"),
        relevances=(1, 0, 1, 1, 0),
        shows=N_(
            "With click / no-click relevance, CG simply counts the relevant items in the top k. "
            "The article does not say which three of the five were clicked; we use the list it "
            "works with next."
        ),
        notice=N_("Move the clicked items anywhere within the five: CG stays 3."),
        printed=(Printed("CG", "3"),),
    ),
    _example(
        id="binary-dcg3",
        source="000",
        family="binary",
        title=N_("DCG@3 of a clicked / not-clicked list"),
        relevances=(1, 0, 1, 1, 0),
        k=3,
        shows=N_("DCG@3 of the binary list 1, 0, 1, 1, 0: only the first three positions count."),
        notice=N_(
            "The relevant item at position 4 is past k and adds nothing to DCG@3, yet the ideal "
            "top 3 is drawn from all five items: it holds three relevant ones."
        ),
        printed=(
            Printed("term", "1", 1),
            Printed("term", "0", 2),
            Printed("term", "0.5", 3),
            Printed("DCG", "1.5"),
        ),
        errata=(
            Erratum(
                title=N_("Divide by the logarithm, or multiply by its inverse"),
                text=N_(
                    "The article calls the growing number each gain is divided by an inverse "
                    "logarithm of the position. Its formula does what is meant: it divides by "
                    "log₂(i + 1), the logarithm of the position plus one, which is the same as "
                    "multiplying by the discount 1 / log₂(i + 1), the inverse of that logarithm."
                ),
                quote="DCG@K = Σ_{k=1}^{K} rel_i / log₂(i + 1)",
            ),
        ),
    ),
    _example(
        id="binary-dcg3-moved-up",
        source="000",
        family="binary",
        title=N_("The third relevant item moves up to position 2"),
        relevances=(1, 1, 0, 1, 0),
        k=3,
        shows=N_(
            "The article asks what happens when a relevant item moves to the second position, "
            "and stops before the answer: DCG@3 rises from 1.5 to 1 + 1/log₂3 = 1.6309."
        ),
        notice=N_("Same items, same CG; a better order is worth more DCG."),
    ),
    # ------------------------------------------------------------------ 000: graded D1…D5
    _example(
        id="graded-stars-cg",
        source="000",
        family="graded",
        title=N_("Five five-star items: the cumulative gain"),
        relevances=(5, 5, 5, 5, 5),
        shows=N_(
            "On a 1–5 star scale, five top-rated items add up to a CG of 25. (The examples "
            "after this one use grades 0–3.)"
        ),
        notice=N_("CG grows with every relevant item, wherever it is ranked."),
        printed=(Printed("CG", "25"),),
    ),
    _example(
        id="graded-d1-d5",
        source="000",
        family="graded",
        title=N_("Five documents on a 0–3 scale"),
        relevances=(3, 2, 0, 0, 1),
        labels=default_labels(5),
        k=5,
        shows=N_(
            "A search engine returns D1…D5 with relevances 3, 2, 0, 0, 1 (0 = not relevant, "
            "3 = completely relevant). The ideal order moves D5 above the two irrelevant ones."
        ),
        notice=N_(
            "Only one thing is out of place, D5 at the bottom, so NDCG stays close to 1: the "
            "loss is what D5 would have earned at position 3 minus what it earns at 5."
        ),
        printed=(
            Printed("CG", "6"),
            Printed(
                "log",
                "2",
                1,
                wrong=N_(
                    "log₂2 = 1, so the first term is 3 / 1 = 3; one line writes it as 3/2, "
                    "and the next line goes on with 3."
                ),
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
                wrong=N_(
                    "1/log₂6 = 0.386853…, which rounds to 0.3869; 0.3868 is 1 divided by the "
                    "rounded 2.585 (0.386847…)."
                ),
            ),
            Printed(
                "DCG",
                "4.67",
                wrong=N_(
                    "The article's own terms, 3 + 1.26 + 0.3868, add up to 4.6468, which is "
                    "4.65 to two places; exactly, the DCG is 4.648712…"
                ),
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
                title=N_("3 / log₂2 is 3, not 3/2"),
                text=N_(
                    "One line of the expansion writes the first term as 3/2. Since log₂2 = 1 the "
                    "term is 3, which is what the next line uses, so only that line is off."
                ),
                quote="DCG₅ = 3/2 + 2/1.585 + 0/2 + 0/2.322 + 1/2.585",
            ),
            Erratum(
                title=N_("4.67 should be 4.65"),
                text=N_(
                    "The DCG is printed as ≈ 4.67, but the terms on the line before it add up to "
                    "4.6468, which is 4.65 to the article's two places (the exact DCG is 4.6487). "
                    "The NDCG rounds to 0.98 all the same: 4.67 / 4.76 = 0.9811, 4.65 / 4.76 = "
                    "0.9769, and exactly 4.6487 / 4.7619 = 0.9762."
                ),
                quote="DCG₅ = 3 + 1.26 + 0.3868 ≃ 4.67",
            ),
            Erratum(
                title=N_("Sum index and term index differ"),
                text=N_(
                    "The article's CG@K and DCG@K formulas sum over k = 1…K but write the term "
                    "with i. Read both as the same index: the position in the list."
                ),
                quote="CG@K = Σ_{k=1}^{K} G_i",
            ),
        ),
    ),
    # ------------------------------------------------------------------------------ 001
    _example(
        id="graded-explainer",
        source="001",
        family="graded",
        title=N_("The list 3, 2, 3, 0, 1"),
        relevances=(3, 2, 3, 0, 1),
        shows=N_(
            "The explainer announces the DCG and IDCG calculations but prints only their "
            "results; here are the terms it leaves out."
        ),
        notice=N_(
            "Fixing only the 2 above a 3 gives 0.9931, only the 0 above the 1 gives 0.9793: the "
            "mistake nearer the top costs more."
        ),
        printed=(Printed("DCG", "6.15"), Printed("IDCG", "6.32"), Printed("NDCG", "0.97")),
        errata=(
            Erratum(
                title=N_("The calculations are announced but missing"),
                text=N_(
                    "The text announces how the DCG is calculated, and then how the IDCG is, "
                    "and each time goes straight on; only the final numbers appear later. They "
                    "are right."
                ),
            ),
            Erratum(
                title=N_("Normalising does not make label scales comparable"),
                text=N_(
                    "The explainer counts it an advantage of normalisation that queries judged "
                    "on different relevance scales can be compared. Dividing by IDCG puts every "
                    "query's best possible score at 1, whatever its number of relevant items; "
                    "it does not reconcile two scales. The same judgments moved one grade up, "
                    "as on a 1–4 scale (4, 3, 4, 1, 2), score 0.9812 instead of 0.9724: the "
                    "order did not change, only the scale did."
                ),
                reading={"relevances": (4, 3, 4, 1, 2)},
                reading_name=N_("the same judgments on a 1–4 scale"),
            ),
            Erratum(
                title=N_("The log base cannot change this NDCG"),
                text=N_(
                    "The explainer asks for a consistent choice of logarithm base. With this "
                    "discount the base scales every term of DCG and IDCG by the same factor, "
                    "which cancels in their ratio: to base 10 the DCG is 20.4256 instead of "
                    "6.1487, and NDCG is 0.9724 either way. The base matters when DCG values "
                    "are compared, and for the older discount of Järvelin and Kekäläinen, met in "
                    "the Wikipedia example below, which leaves the first ranks undiscounted."
                ),
            ),
        ),
    ),
    _example(
        id="gain-exponential",
        source="001",
        family="gain",
        title=N_("The same list with the gain 2^rel − 1"),
        relevances=(3, 2, 3, 0, 1),
        gain="exponential",
        shows=N_(
            "The explainer mentions 2^rel − 1 as another gain, one that widens the gap between "
            "grades: 0, 1, 3, 7 for grades 0–3 instead of 0, 1, 2, 3."
        ),
        notice=N_(
            "The 2 above a 3 costs more now: grade 3 earns 7, over twice grade 2's 3, so NDCG "
            "drops from 0.9724 to 0.9575."
        ),
    ),
    _example(
        id="gain-binary-equal",
        source="004",
        family="gain",
        title=N_("With 0/1 relevance the two gains agree"),
        relevances=(1, 0, 1, 1, 0),
        gain="exponential",
        k=3,
        shows=N_(
            "Wikipedia notes that 2^rel − 1 equals rel when relevance is 0 or 1: 2⁰ − 1 = 0 and "
            "2¹ − 1 = 1. The binary list of the first article scores the same DCG@3, 1.5000, "
            "under both gains."
        ),
        notice=N_("Switch the gain in the playground: with binary labels nothing moves."),
    ),
    _example(
        id="all-zero",
        source="001",
        family="zero",
        title=N_("A list with no relevant item"),
        relevances=(0, 0, 0, 0, 0),
        shows=N_(
            "When nothing is relevant, DCG and IDCG are both 0 and NDCG = 0/0 has no value. The "
            "explainer says only that this case needs special handling, for instance setting "
            "NDCG to 0; it gives no list, so the five zeros here are ours. Libraries differ: 0 in "
            "scikit-learn and trec_eval, 1 in LightGBM and XGBoost."
        ),
        notice=N_(
            "For this one query the convention is the whole answer, and it moves every mean "
            "the query is part of."
        ),
    ),
    # ------------------------------------------------------------------ 002: continuous 0–1
    _example(
        id="continuous-abcde",
        source="002",
        family="continuous",
        title=N_("Items A–E in the order A, B, C, D, E"),
        relevances=(0.5, 0.9, 0.3, 0.6, 0.1),
        labels=("A", "B", "C", "D", "E"),
        shows=N_(
            "Relevance need not be a grade: here it is a score between 0 and 1. The note ranks "
            "the items two ways and stops at their DCGs; here the sums go on to NDCG. First "
            "ordering: A, B, C, D, E."
        ),
        notice=N_("B, the best item, sits at position 2, where it keeps 63% of its gain."),
        printed=(
            Printed("CG", "2.4"),
            Printed("log", "1", 1),
            Printed(
                "log",
                "1.59",
                2,
                wrong=N_("log₂3 = 1.58496…, which rounds to 1.58 (1.585 to three places)."),
            ),
            Printed("log", "2", 3),
            Printed("log", "2.32", 4),
            Printed(
                "log",
                "2.59",
                5,
                wrong=N_("log₂6 = 2.58496…, which rounds to 2.58 (2.585 to three places)."),
            ),
            Printed("term", "0.5", 1),
            Printed("term", "0.57", 2),
            Printed("term", "0.15", 3),
            Printed("term", "0.26", 4),
            Printed("term", "0.04", 5),
            Printed(
                "DCG",
                "1.52",
                wrong=N_(
                    "The sum of the rounded terms is 1.52, but the exact DCG is 1.5149…, "
                    "which rounds to 1.51."
                ),
            ),
            Printed("ideal log", "1", 1),
            Printed("ideal log", "1.59", 2, wrong=N_("log₂3 = 1.58496…, which rounds to 1.58.")),
            Printed("ideal log", "2", 3),
            Printed("ideal log", "2.32", 4),
            Printed("ideal log", "2.59", 5, wrong=N_("log₂6 = 2.58496…, which rounds to 2.58.")),
            Printed("ideal term", "0.9", 1),
            Printed("ideal term", "0.38", 2),
            Printed("ideal term", "0.25", 3),
            Printed("ideal term", "0.13", 4),
            Printed("ideal term", "0.04", 5),
            Printed("IDCG", "1.7"),
        ),
        errata=(
            Erratum(
                title=N_("The note stops before NDCG"),
                text=N_(
                    "It computes both DCGs and the IDCG but never divides: NDCG is 1.5149 / "
                    "1.6964 = 0.8930 for A, B, C, D, E and 1.4428 / 1.6964 = 0.8505 for "
                    "D, A, E, C, B."
                ),
            ),
            Erratum(
                title=N_("Subscripts name the list, not the cut-off"),
                text=N_(
                    "CG₁, DCG₁ and CG₂, DCG₂ there mean 'first list' and 'second list', while the "
                    "same subscript in CG_k means 'the top k'. Both sums run over all five items."
                ),
                quote="CG₂ = 0.6+0.5+0.1+0.3+0.9=2.4",
            ),
            Erratum(
                title=N_("i is a position, not an item id"),
                text=N_(
                    "The note defines G = rel(i) with i the id of an item, but in every formula i "
                    "is the position in the ranking: the divisor log₂(i+1) needs a position. "
                    "'IDGC' in its headings is IDCG."
                ),
                quote="G = rel(i)",
            ),
            Erratum(
                title=N_("log in the tables means log₂"),
                text=N_(
                    "The tables head their columns log(i + 1) without a base, but the values "
                    "(1, 1.59, 2, …) are base-2 logarithms, as in the formula above them."
                ),
                quote="i | rel(i) | log(i+1) | rel(i)/log(i+1)",
            ),
        ),
    ),
    _example(
        id="continuous-daecb",
        source="002",
        family="continuous",
        title=N_("The same items in the order D, A, E, C, B"),
        relevances=(0.6, 0.5, 0.1, 0.3, 0.9),
        labels=("D", "A", "E", "C", "B"),
        shows=N_("Second ordering of the same five items: the best one, B, is now last."),
        notice=N_("Same CG of 2.4; B at the bottom keeps only 39% of its gain, so DCG drops."),
        printed=(
            Printed("CG", "2.4"),
            Printed("log", "1", 1),
            Printed("log", "1.59", 2, wrong=N_("log₂3 = 1.58496…, which rounds to 1.58.")),
            Printed("log", "2", 3),
            Printed("log", "2.32", 4),
            Printed("log", "2.59", 5, wrong=N_("log₂6 = 2.58496…, which rounds to 2.58.")),
            Printed("term", "0.6", 1),
            Printed(
                "term",
                "0.31",
                2,
                wrong=N_(
                    "0.5 / log₂3 = 0.31546…, which rounds to 0.32; 0.31 is 0.5 divided by the "
                    "rounded 1.59."
                ),
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
        title=N_("Example 1: the top two swapped"),
        heading="Неидеальное ранжирование",
        heading_english=N_("a non-ideal ranking"),
        relevances=(4, 5, 3, 2, 1),
        k=5,
        shows=N_(
            "The model ranks relevances 4, 5, 3, 2, 1; the ideal is 5, 4, 3, 2, 1. Only the top "
            "two are swapped."
        ),
        notice=N_(
            "The same swap costs 0.0359 at the top, 0.0043 at the bottom: the discount falls "
            "fastest near the top."
        ),
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
                title=N_("Is the ranking a list of relevances or of documents?"),
                text=N_(
                    "The note gives the documents' relevances as [5, 3, 2, 1, 4] and the model's "
                    "ranking as [4, 5, 3, 2, 1]. Its arithmetic reads the ranking as relevances "
                    "in ranked order, and so do we. Read as document numbers (document 4 first, "
                    "then 5, 3, 2, 1), the ranked relevances would be 1, 4, 2, 3, 5 and the "
                    "score much lower. Examples 2 and 3 settle it: their rankings name "
                    "'documents' 7–10 and 5 in lists of four, so they can only be relevances. "
                    "The note's own ideal, [5, 4, 3, 2, 1], says the same."
                ),
                reading={"relevances": (1, 4, 2, 3, 5)},
                reading_name=N_("ranking read as document numbers"),
            ),
        ),
    ),
    _example(
        id="russian-2-top-error",
        source="003",
        family="russian",
        title=N_("Example 2: the whole list reversed"),
        heading="Ошибка в топе списка",
        heading_english=N_("an error at the top of the list"),
        heading_remark=N_(
            "The heading undersells it: the list is upside down from top to bottom, so every "
            "position is wrong, not only the top."
        ),
        relevances=(7, 8, 9, 10),
        k=4,
        shows=N_("Relevances 10, 9, 8, 7 ranked in exactly the wrong order: 7, 8, 9, 10."),
        notice=N_(
            "Even the worst possible order scores 0.9190 here, because every item is highly "
            "relevant and the grades are close. With the linear gain NDCG rewards how much "
            "relevance sits near the top, and here there is plenty everywhere."
        ),
        printed=(
            Printed("term", "7", 1),
            Printed(
                "term",
                "5.04",
                2,
                wrong=N_("8 / log₂3 = 5.0474…, which rounds to 5.05: the last digit was cut off."),
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
                wrong=N_(
                    "7 / log₂5 = 3.0147…, which rounds to 3.01; 3.02 is 7 divided by the "
                    "rounded 2.32."
                ),
            ),
            Printed("IDCG", "22.7"),
            Printed("NDCG", "0.92"),
        ),
        errata=(
            Erratum(
                title=N_("The IDCG terms add up to 22.70"),
                text=N_(
                    "With 3.02 in place of 3.01 the printed terms sum to 22.70; the exact IDCG is "
                    "22.6931, which the note's 22.7 still matches to one decimal."
                ),
            ),
        ),
    ),
    _example(
        id="russian-3-partial",
        source="003",
        family="russian",
        title=N_("Example 3: a swap lower down"),
        heading="Частично правильное ранжирование",
        heading_english=N_("a partly correct ranking"),
        relevances=(5, 2, 3, 1),
        k=4,
        shows=N_("The best item is on top, but the 2 and the 3 below it are swapped."),
        notice=N_(
            "The top is right, so the loss is small. Whether a swap costs less lower down cannot "
            "be read off examples 1 and 3, whose lists differ: the table after the examples "
            "swaps within one list."
        ),
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
                title=N_("NDCG = 1 does not need the exact ideal order"),
                text=N_(
                    "The note concludes that NDCG = 1 only when the ranking matches the ideal "
                    "exactly. Items of equal relevance can swap places and still score 1, and "
                    "with a cut-off k only the top k have to be right."
                ),
                quote=(
                    "Идеальный NDCG = 1 достигается только при полном совпадении с идеальным "
                    "ранжированием."
                ),
                quote_english=N_(
                    "An ideal NDCG = 1 is reached only when the ranking matches the ideal "
                    "ranking completely."
                ),
            ),
        ),
    ),
    # ---------------------------------------------------------------------- 004: Wikipedia
    _example(
        id="wikipedia-2012",
        source="004",
        family="graded",
        title=N_("Wikipedia's six documents (2012)"),
        relevances=(3, 2, 3, 0, 1, 2),
        labels=default_labels(6),
        k=6,
        discount="jarvelin",
        shows=N_(
            "A participant grades D1…D6 on a 0–3 scale: 3, 2, 3, 0, 1, 2. The 2012 article's "
            "table divides each relevance by log₂ i and leaves rank 1 undiscounted. That is the "
            "discount of Järvelin and Kekäläinen (2002), the paper that introduced DCG: divide "
            "by the logarithm of the rank to a base b (here b = 2), but never by less than 1, "
            "so the ranks below b keep their whole gain. We follow the table, since the "
            "article's numbers come from it."
        ),
        notice=N_(
            "Under this discount ranks 1 and 2 weigh the same, so the 2 at rank 2 loses nothing; "
            "only D3 and the ranks below it are discounted."
        ),
        printed=(
            Printed("CG", "11"),
            Printed("log", "1", 2),
            Printed("log", "1.58", 3),
            Printed("log", "2.0", 4),
            Printed("log", "2.32", 5),
            Printed("log", "2.59", 6, wrong=N_("log₂6 = 2.58496…, which rounds to 2.58.")),
            Printed("term", "2", 2),
            Printed(
                "term",
                "1.887",
                3,
                wrong=N_(
                    "3 / log₂3 = 1.892789…, which rounds to 1.893. 1.887 is 3 / 1.59, yet the "
                    "log printed beside it is 1.58 (3 / 1.58 = 1.899)."
                ),
            ),
            Printed("term", "0", 4),
            Printed("term", "0.431", 5),
            Printed(
                "term",
                "0.772",
                6,
                wrong=N_(
                    "2 / log₂6 = 0.773706…, which rounds to 0.774; 0.772 is 2 divided by the "
                    "mis-rounded 2.59."
                ),
            ),
            Printed(
                "DCG",
                "8.09",
                wrong=N_(
                    "The exact DCG is 8.097171…, which rounds to 8.10; the article added terms "
                    "computed from mis-rounded logarithms."
                ),
            ),
            Printed("IDCG", "8.693"),
            Printed(
                "NDCG",
                "0.9306",
                wrong=N_(
                    "8.09 / 8.693 = 0.9306 divides a rounded DCG; exactly it is 8.097171 / "
                    "8.692536 = 0.931509…"
                ),
            ),
        ),
        errata=(
            Erratum(
                title=N_("The formula and the table use different discounts"),
                text=N_(
                    "In this revision the formula divides rel_i by log₂(i+1), while the table "
                    "divides by log₂ i and leaves rank 1 alone. With the formula as printed, the "
                    "same list scores DCG 6.8611, IDCG 7.1410 and NDCG 0.9608, the value "
                    "scikit-learn gives; the table's 0.93 comes from the Järvelin–Kekäläinen "
                    "discount. The formula's shape, rel₁ plus a sum from i = 2, hints that the "
                    "(i+1) is the slip: that shape is needed only with log₂ i, where rank 1 must "
                    "stay out of the sum because log₂ 1 = 0. Other copies of the article from "
                    "that time may well print log₂ i and agree with the table."
                ),
                reading={"discount": "log2"},
                reading_name=N_("the formula as printed, 1/log₂(i+1)"),
                quote="DCG_p = rel₁ + Σ_{i=2}^{p} rel_i / log₂(i+1)",
            ),
            Erratum(
                title=N_("Mis-rounded logarithms leak into the result"),
                text=N_(
                    "Two of the table's terms were computed from logarithms rounded the wrong "
                    "way: 1.887 is 3 / 1.59, although log₂ 3 = 1.58496… rounds to 1.58 and the "
                    "table's own log column prints 1.58 beside it; 0.772 is 2 / 2.59, although "
                    "log₂ 6 = 2.58496… rounds to 2.58. Adding such terms gives 8.09 for a DCG "
                    "that is 8.0972, and the ratio of two rounded totals, 8.09 / 8.693, gives "
                    "0.9306 where the unrounded values give 0.9315."
                ),
            ),
            Erratum(
                title=N_("A claim about the logarithm that has dated"),
                text=N_(
                    "The article says no theoretically sound reason for the logarithmic discount "
                    "had been shown, beyond its smoothness. Wang et al. (2013, “A theoretical "
                    "analysis of NDCG type ranking measures”, COLT) later gave one: with the "
                    "logarithmic discount, NDCG still tells substantially different ranking "
                    "functions apart, consistently, as the number of documents grows."
                ),
            ),
            Erratum(
                title=N_("Between 0 and 1 is not the same as comparable"),
                text=N_(
                    "The article calls nDCG values comparable across queries because they lie "
                    "between 0 and 1. The range is shared; what a value means is not. A query "
                    "with a single relevant document is easy to score 1 on, and with the ideal "
                    "built from the ranked list alone a query can score 1 while relevant "
                    "documents it never retrieved go unseen. The last example on this page shows "
                    "what counting them changes."
                ),
            ),
        ),
    ),
    _example(
        id="wikipedia-2012-swapped",
        source="004",
        family="graded",
        title=N_("Wikipedia's list with D3 and D4 switched"),
        relevances=(3, 2, 0, 3, 1, 2),
        labels=("D1", "D2", "D4", "D3", "D5", "D6"),
        k=6,
        discount="jarvelin",
        shows=N_(
            "The article notes that switching D3 and D4 leaves CG at 11 but lowers DCG, without "
            "giving the new value: it falls from 8.0972 to 7.7044."
        ),
        notice=N_("CG cannot see the switch; DCG can."),
        printed=(Printed("CG", "11"),),
    ),
    _example(
        id="wikipedia-now-pooled",
        source="wikipedia-now",
        family="graded",
        title=N_("Wikipedia today: two relevant documents never retrieved"),
        relevances=(3, 2, 3, 0, 1, 2),
        labels=default_labels(6),
        pool=(3, 2),
        pool_labels=("D7", "D8"),
        shows=N_(
            "Today's article keeps the six ranked documents and their grades, discounts by "
            "log₂(i + 1) throughout, and adds two documents that were judged but never "
            "retrieved: D7 with grade 3 and D8 with grade 2. Every document the assessors judged "
            "for the query, returned or not, makes up J (in TREC, the pool: the documents "
            "judged). D7 and D8 are judged, not retrieved: they cannot add to DCG, since the "
            "system never ranked them, but they belong in the ideal order: the best possible "
            "list for this query would rank them."
        ),
        notice=N_(
            "The same six documents score 0.9608 against an ideal built from themselves, and "
            "0.7850 once D7 and D8 join the ideal: missing two relevant documents costs 0.1758. "
            "The 2012 article named nDCG's main difficulty as having no ideal ordering when "
            "relevance is known only in part; judging documents beyond those one system "
            "retrieved (TREC's pooling) is how evaluations get one, and an ideal built from the "
            "retrieved documents alone cannot see what is missing."
        ),
        printed=(Printed("IDCG", "8.740"), Printed("NDCG", "0.785")),
    ),
    _example(
        id="wikipedia-2012-exponential",
        source="004",
        family="gain",
        title=N_("Wikipedia's list with the gain 2^rel − 1"),
        relevances=(3, 2, 3, 0, 1, 2),
        labels=default_labels(6),
        gain="exponential",
        shows=N_(
            "The 2012 article's alternative DCG, which it says puts more weight on retrieving "
            "relevant documents, divides 2^rel − 1 by log₂(i+1): the discount of its formula, not "
            "the log₂ i of its table. So the fair comparison is with 0.9608, the linear gain "
            "under that same discount. (The graded walkthrough's 0.9315 used the table's older "
            "discount.)"
        ),
        notice=N_(
            "Under the same discount the linear gain gives 0.9608 and 2^rel − 1 gives 0.9488: "
            "the grade-2 item above a grade-3 costs more here."
        ),
    ),
)


@dataclass(frozen=True)
class Family:
    """A walkthrough page: a family of examples, its title, its introduction, its comparisons."""

    title: str
    intro: str
    # (first example id, second example id, heading, names of the two columns); a comparison is
    # drawn right after its second example.
    comparisons: tuple[tuple[str, str, str, tuple[str, str]], ...] = ()
    # The example the page opens with, its core: a question on its list, then its numbers. The
    # other examples follow, folded, for a second reading.
    lead: str = ""
    # The idea the core's question is about, said as the reveal's heading once it is answered
    # (never before: the intro only sets the scene).
    claim: str = ""


FAMILIES: dict[str, Family] = {
    "binary": Family(
        N_("Binary relevance"),
        N_(
            "Each item is relevant (1) or not (0). The cumulative gain CG counts the relevant items; "
            "DCG divides each by a discount that grows with its position."
        ),
        (
            (
                "binary-dcg3",
                "binary-dcg3-moved-up",
                N_("a relevant item moves up from position 3 to 2"),
                ("1, 0, 1, 1, 0", "1, 1, 0, 1, 0"),
            ),
        ),
        lead="binary-dcg3",
        claim=N_(
            "Below the cut-off an item adds nothing to DCG@k, yet it counts in the ideal: the "
            "ideal top k is the best k of every item."
        ),
    ),
    "graded": Family(
        N_("Graded relevance"),
        N_(
            "Items carry grades, usually 0 (not relevant) to 3 (a perfect match), each discounted "
            "by its position; NDCG compares the order with the ideal one."
        ),
        (
            (
                "wikipedia-2012",
                "wikipedia-2012-swapped",
                N_("Wikipedia's list before and after switching D3 and D4"),
                (N_("D3 above D4"), N_("D3 and D4 switched")),
            ),
        ),
        lead="graded-explainer",
        claim=N_("The same mistake costs more near the top, where a place's worth falls fastest."),
    ),
    "continuous": Family(
        N_("Continuous relevance"),
        N_(
            "Relevance can be any score of 0 or more, such as a predicted probability: here five "
            "items A–E, ranked two ways."
        ),
        (
            (
                "continuous-abcde",
                "continuous-daecb",
                N_("the two orderings of A–E"),
                ("A, B, C, D, E", "D, A, E, C, B"),
            ),
        ),
        lead="continuous-abcde",
        claim=N_(
            "The same items have the same CG in any order; NDCG rewards the order with more "
            "relevance near the top."
        ),
    ),
    "russian": Family(
        N_("Three Russian examples"),
        N_("A study note in Russian works three examples on short lists of high grades."),
        lead="russian-2-top-error",
        claim=N_(
            "With every item relevant and the grades close, even the worst order scores high: a "
            "value means little without what a poor order scores."
        ),
    ),
    "gain": Family(
        N_("The 2^rel − 1 gain"),
        N_(
            "An item can earn 2^rel − 1 instead of its grade: 0, 1, 3, 7, 15 for grades 0 to 4. "
            "LightGBM, XGBoost and TF-Ranking use it by default (after Burges et al. 2005)."
        ),
        lead="gain-exponential",
        claim=N_(
            "2^rel − 1 widens the gaps between high grades (1, 2, 4, 8 from grade 0 up), so a "
            "mistake among them costs more."
        ),
    ),
    "zero": Family(
        N_("The all-zero list"),
        N_("A query can have no relevant item at all: every judged grade is 0."),
        lead="all-zero",
        claim=N_(
            "With nothing relevant, DCG and IDCG are both 0: NDCG = 0 / 0 has no value, and "
            "each library picks one."
        ),
    ),
}

# Examples that only illustrate cumulative gain: the DCG steps would be noise there.
CG_ONLY = frozenset({"binary-clicks-cg", "graded-stars-cg"})


def lesson_order(family: str) -> tuple[Example, ...]:
    """A walkthrough's examples as its page shows them: its lead example (the core) first, the
    others after it in their own order."""
    items = by_family(family)
    lead = FAMILIES[family].lead
    return tuple(sorted(items, key=lambda item: item.id != lead))


def question_key(family: str) -> str:
    """The key a walkthrough's question is kept under in the learner's progress (Home's path
    marks the page done once it is answered)."""
    return f"walkthrough-{family}"


def example(example_id: str) -> Example:
    """Look an example up by its id."""
    for item in EXAMPLES:
        if item.id == example_id:
            return item
    known = ", ".join(item.id for item in EXAMPLES)
    raise ValueError(f"No example is called {example_id!r}; known examples: {known}.")


def by_family(family: str) -> tuple[Example, ...]:
    return tuple(item for item in EXAMPLES if item.family == family)
