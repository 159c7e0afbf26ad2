"""The glossary and the notation key: every term and symbol the app uses, defined once.

`TERMS` is the glossary (a term, the symbol the app writes for it, a definition in a sentence
or two, and the words other texts use for the same thing). `NOTATION` is the key to the
symbols: what the app writes, and what each source document writes for the same thing, so a
learner who meets `p` in Wikipedia or `K` in another note knows what it is. Pages show both;
what a term links to is the page's business.
"""

from __future__ import annotations

from dataclasses import dataclass

from .examples import SOURCES

# The sources, as learner text names them (by title, never by file number).
_ARTICLE_000 = SOURCES["000"].short
_EXPLAINER_001 = SOURCES["001"].short
_NOTE_002 = SOURCES["002"].short
_NOTE_003 = SOURCES["003"].short


@dataclass(frozen=True)
class Term:
    """One glossary entry. `symbol` is plain text (relᵢ, IDCG@k); `aliases` are other names."""

    key: str
    term: str
    symbol: str
    definition: str
    aliases: tuple[str, ...] = ()

    def matches(self, query: str) -> bool:
        """True when `query` (any case) occurs in the term, its symbol, aliases or definition."""
        needle = query.strip().casefold()
        if not needle:
            return True
        haystack = " ".join((self.term, self.symbol, self.definition, *self.aliases))
        return needle in haystack.casefold()


TERMS: tuple[Term, ...] = (
    Term(
        "relevance",
        "Relevance (grade, label, judgment)",
        "relᵢ",
        "How useful the item at position i is for the query, as judged: 0 for not relevant, "
        "higher for more useful. Binary labels are 0 or 1; graded ones use a scale such as 0–3.",
        ("grade", "label", "judgment", "rel(i)", "rel_i"),
    ),
    Term(
        "ideal_relevance",
        "Ideal relevance",
        "rel*ᵢ",
        "The relevance at position i of the ideal ranking: every judged item sorted from most "
        "to least relevant.",
        ("rel^ideal", "rel star"),
    ),
    Term(
        "position",
        "Position (rank)",
        "i",
        "Where an item sits in the ranked list, counted from 1 at the top. In "
        f"{_NOTE_002}, i names an item instead; this app always means the position.",
        ("rank", "r"),
    ),
    Term(
        "list_length",
        "List length",
        "n",
        "How many items the system ranked. k = n (the app's default) counts every one of them.",
        ("number of results",),
    ),
    Term(
        "cut_off",
        "Cut-off",
        "k",
        "How many top positions count: NDCG@k ignores everything below position k, in the "
        f"list and in the ideal alike. Wikipedia calls it p, {_ARTICLE_000} K and "
        f"{_NOTE_003} n.",
        ("depth", "@k", "p", "K", "top-k"),
    ),
    Term(
        "gain",
        "Gain",
        "G, gain(relᵢ)",
        "What an item earns before its position is taken into account: its relevance (linear "
        f"gain, rel) or 2^rel − 1 (exponential gain); {_ARTICLE_000} writes it Gᵢ.",
        ("G", "G_i", "2^rel - 1"),
    ),
    Term(
        "discount",
        "Discount",
        "d(i) = 1 / log₂(i+1)",
        "The multiplier of position i: 1 at the top, less further down. DCG multiplies each "
        "gain by it (the same as dividing by log₂(i+1)).",
        ("position weight", "log discount"),
    ),
    Term(
        "log_base",
        "Log base",
        "b",
        "The base of the logarithm in the discount. Under 1/log_b(i+1) it cancels out of NDCG; "
        "in the Järvelin–Kekäläinen form it decides how many top positions go undiscounted.",
        ("base",),
    ),
    Term(
        "cg",
        "Cumulative gain",
        "CG@k",
        "The relevances of the top k positions added up, order ignored: neither the gain nor "
        "the discount plays a part.",
        ("CG",),
    ),
    Term(
        "dcg",
        "Discounted cumulative gain",
        "DCG@k",
        "Each of the top k gains times its position's discount, added up: the higher a good "
        "item sits, the more it adds.",
        ("DCG",),
    ),
    Term(
        "idcg",
        "Ideal DCG",
        "IDCG@k",
        "The DCG of the ideal ranking, cut at the same k: the most DCG@k any order of the "
        "judged items could earn.",
        ("IDCG", "max DCG"),
    ),
    Term(
        "ndcg",
        "Normalised DCG",
        "NDCG@k",
        "DCG@k divided by IDCG@k: 1 when no order of the judged items earns more, lower the "
        "more relevance sits below where it could be.",
        ("nDCG", "NDCG"),
    ),
    Term(
        "ideal",
        "Ideal ranking",
        "rel*₁, rel*₂, …",
        "The judged items sorted from most to least relevant. Built from the ranked list alone "
        "(scikit-learn) or from every judged item, the pool included (trec_eval).",
        ("ideal order", "best order"),
    ),
    Term(
        "pool",
        "Pool (judged but not retrieved)",
        "J",
        "The items judged for a query that the system did not return. They join the ideal "
        "ranking, so missing a relevant one costs. |J| is the number of all judged items.",
        ("judgment pool", "unretrieved", "|J|"),
    ),
    Term(
        "qrels",
        "Qrels",
        "",
        "The judgments of a test collection: for each query, the judged items and their "
        "relevance (TREC's file format: query, 0, document, relevance).",
        ("relevance judgments", "ground truth"),
    ),
    Term(
        "run",
        "Run",
        "",
        "A system's output for a set of queries: for each query, the items it returned with "
        "their scores or ranks (TREC's file format: query, Q0, document, rank, score, name).",
        ("ranking", "system output"),
    ),
    Term(
        "query",
        "Query",
        "q",
        "One request with its own ranked list and judgments. A mean over queries averages one "
        "NDCG per query.",
        ("topic",),
    ),
    Term(
        "all_zero",
        "All-zero rule",
        "0/0",
        "What NDCG is when nothing judged is relevant (IDCG = 0): 0, 1, or the query left out "
        "of the mean, depending on the library.",
        ("empty target", "no relevant"),
    ),
    Term(
        "ties",
        "Ties",
        "",
        "Items with equal scores. Libraries order them differently (by document id, in input "
        "order, at random, or averaged), which can change DCG.",
        ("tied scores",),
    ),
    Term(
        "rel_min",
        "Relevance threshold",
        "rel_min",
        "For measures that only know relevant or not (P, R, RR, AP, RBP): the smallest grade "
        "that counts as relevant.",
        ("relevance level", "threshold", "-l"),
    ),
    Term(
        "precision",
        "Precision at k",
        "P@k",
        "The share of the top k positions that hold a relevant item.",
        ("P", "precision"),
    ),
    Term(
        "recall",
        "Recall at k",
        "R@k",
        "The share of all relevant judged items that appear in the top k.",
        ("R", "recall"),
    ),
    Term(
        "rr",
        "Reciprocal rank",
        "RR, MRR",
        "1 divided by the position of the first relevant item; its mean over queries is MRR.",
        ("MRR", "reciprocal rank"),
    ),
    Term(
        "ap",
        "Average precision",
        "AP, MAP",
        "The precision at each relevant item's position, summed and divided by the number of "
        "relevant judged items; its mean over queries is MAP.",
        ("MAP", "average precision"),
    ),
    Term(
        "err",
        "Expected reciprocal rank",
        "ERR, g_max",
        "The mean of 1/r over where a reader stops, who stops at each item with a chance that "
        "grows with its grade: (2^g − 1) / 2^g_max, g_max the scale's top grade.",
        ("ERR",),
    ),
    Term(
        "rbp",
        "Rank-biased precision",
        "RBP, p",
        "(1 − p) Σ rᵢ p^(i−1): the share of relevant items among those a reader sees who goes "
        "on from each item with probability p (the persistence; not Wikipedia's cut-off p).",
        ("RBP", "persistence"),
    ),
)

BY_KEY = {term.key: term for term in TERMS}


@dataclass(frozen=True)
class Notation:
    """One symbol: what the app writes, what it means, and how the sources write it."""

    app: str
    meaning: str
    sources: str


NOTATION: tuple[Notation, ...] = (
    Notation(
        "i",
        "a position, 1 at the top",
        f"i ({_ARTICLE_000}, {_NOTE_003}, Wikipedia); position_i ({_EXPLAINER_001}); in "
        f"{_NOTE_002}, i names an item, not a position",
    ),
    Notation(
        "relᵢ",
        "the relevance at position i",
        f"rel_i ({_NOTE_003}, Wikipedia); rel(i) and rel_i ({_ARTICLE_000}); relevance_i "
        f"({_EXPLAINER_001}); rel(i) ({_NOTE_002})",
    ),
    Notation(
        "rel*ᵢ", "the relevance at position i of the ideal order", f"rel_i^ideal ({_NOTE_003})"
    ),
    Notation(
        "n", "the number of items in the ranked list", f"— ({_NOTE_003} writes n for the cut-off)"
    ),
    Notation(
        "k",
        "the cut-off: how many top positions count",
        f"K ({_ARTICLE_000}), k ({_NOTE_002}), n ({_NOTE_003}), p (Wikipedia); in {_NOTE_002}, "
        "DCG_1 and DCG_2 name two orders, not two cut-offs",
    ),
    Notation("G", "the gain of an item", f"G_i ({_ARTICLE_000}), G ({_NOTE_002})"),
    Notation("b", "the base of the logarithm", "2 in every source"),
    Notation("|J|", "every judged item of a query: the list and the pool", "—"),
    Notation(
        "p", "RBP's persistence (on NDCG beside its neighbours)", "Wikipedia's p is the cut-off k"
    ),
    Notation("g_max", "ERR's top grade", "g_max (Chapelle et al. 2009)"),
)
