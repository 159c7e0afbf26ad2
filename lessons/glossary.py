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


# The glossary's sections, in the order the page shows them: the first is NDCG itself, read
# first; the others are opened when needed.
NDCG = "NDCG, term by term"
JUDGMENTS = "Judgments, the ideal and test collections"
NEIGHBOURS = "NDCG's neighbours: P, R, RR, AP, ERR, RBP"
CLICKS = "Clicks as labels"
COMPARING = "Orders, queries and systems compared"
SECTIONS = (NDCG, JUDGMENTS, NEIGHBOURS, CLICKS, COMPARING)


@dataclass(frozen=True)
class Term:
    """One glossary entry. `symbol` is plain text, each way the app writes it separated by ", "
    (relᵢ, IDCG@k); `aliases` are other names; `section` is one of `SECTIONS`."""

    key: str
    term: str
    symbol: str
    definition: str
    aliases: tuple[str, ...] = ()
    section: str = NDCG

    @property
    def symbols(self) -> tuple[str, ...]:
        """Every symbol the term defines, as the app writes it (relᵢ, rᵢ, NDCG@k)."""
        return tuple(part.strip() for part in self.symbol.split(", ") if part.strip())

    @property
    def names(self) -> tuple[str, ...]:
        """Every name of the term, in lower case: the term, what its brackets hold, its aliases."""
        head, _, rest = self.term.partition(" (")
        inside = [name.strip() for name in rest.rstrip(")").split(",") if name.strip()]
        return tuple(name.casefold() for name in (head, *inside, *self.aliases))

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
        "i, j",
        "Where an item sits in the ranked list, counted from 1 at the top. A formula that needs "
        "a second position calls it j (a swap of positions i and j, or the items above i in "
        "ERR's product). In "
        f"{_NOTE_002}, i names an item instead; this app always means the position.",
        ("rank",),
    ),
    Term(
        "ranked_list",
        "Ranked list (ranking)",
        "",
        "What a system returns for one query: items in order, best guess first. NDCG scores "
        "this order against the judgments; the items themselves matter only through their "
        "relevance.",
        ("result list", "ranking", "order"),
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
        "G, g, gᵢ, Gᵢ",
        "What an item earns before its position is taken into account (gᵢ for the item at "
        "position i): its relevance (linear gain, rel), 2^rel − 1 (exponential gain), or g(rel), "
        f"a value chosen for each grade (a gain map). It is Gᵢ in {_ARTICLE_000}.",
        ("G", "G_i", "2^rel - 1", "gain(relᵢ)", "gain map"),
    ),
    Term(
        "discount",
        "Discount",
        "d(i), dᵢ",
        "The multiplier of position i: 1 at the top, less further down, usually 1 / log₂(i+1). "
        "DCG multiplies each gain by it (the same as dividing by log₂(i+1)).",
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
        "all_zero",
        "All-zero rule",
        "0/0",
        "What NDCG is when nothing judged is relevant (IDCG = 0): 0, 1, or the query left out "
        "of the mean, depending on the library.",
        ("empty target", "no relevant"),
    ),
    Term(
        "assessor",
        "Assessor (judge)",
        "",
        "A person who reads an item and grades how well it answers the query, following "
        "written guidelines. Their grades are the judgments every score here is computed from.",
        ("annotator", "rater"),
        JUDGMENTS,
    ),
    Term(
        "judged",
        "Judged items",
        "J, |J|",
        "Every item the assessors judged for a query, whether this system retrieved it or "
        "not; |J| is how many there are. trec_eval builds the ideal ranking from all of them.",
        ("judged set", "judgments of a query"),
        JUDGMENTS,
    ),
    Term(
        "not_retrieved",
        "Judged, not retrieved",
        "",
        "The judged items the system did not return: J minus the ranked list. The app's "
        "*Judged but not retrieved* box and a link's `pool` setting give their relevances. They "
        "cannot add to DCG, but they join the ideal ranking, so missing a relevant one costs.",
        ("judged but not retrieved", "unretrieved", "not retrieved", "never retrieved"),
        JUDGMENTS,
    ),
    Term(
        "pool",
        "Pool (TREC)",
        "",
        "In TREC, the documents judged for a topic: the top results of several systems, merged "
        "(*pooling*) and graded by assessors. The pool is J, the judged set; a document outside "
        "it is unjudged, and trec_eval counts it as not relevant. (A link's `pool` parameter "
        "names only the judged items a system did not retrieve.)",
        ("judgment pool", "pooling", "pooled"),
        JUDGMENTS,
    ),
    Term(
        "ideal",
        "Ideal ranking",
        "rel*₁, rel*₂, …",
        "The judged items sorted from most to least relevant. Built from the ranked list alone "
        "(scikit-learn) or from every judged item, J, those not retrieved included (trec_eval).",
        ("ideal order", "best order"),
        JUDGMENTS,
    ),
    Term(
        "closed_ideal",
        "Closed ideal",
        "",
        "An ideal ranking built from the ranked list alone, as scikit-learn and most "
        "learning-to-rank libraries build it: relevant items the system never returned are "
        "left out, so a list can score 1 while missing them. Its opposite, an open ideal, is "
        "built from every judged item.",
        ("open ideal", "ideal from the list alone"),
        JUDGMENTS,
    ),
    Term(
        "qrels",
        "Qrels",
        "",
        "The judgments of a test collection: for each query, the judged items and their "
        "relevance (TREC's file format: query, 0, document, relevance).",
        ("relevance judgments", "ground truth", "test collection"),
        JUDGMENTS,
    ),
    Term(
        "run",
        "Run",
        "",
        "A system's output for a set of queries: for each query, the items it returned with "
        "their scores or ranks (TREC's file format: query, Q0, document, rank, score, name).",
        ("system output",),
        JUDGMENTS,
    ),
    Term(
        "query",
        "Query (topic)",
        "q, Q, |Q|",
        "One request with its own ranked list and judgments. Q is the set of queries of a run "
        "and |Q| how many it holds.",
        ("topic", "queries"),
        JUDGMENTS,
    ),
    Term(
        "ties",
        "Ties",
        "",
        "Items with equal scores. Libraries order them differently (by document id, in input "
        "order, at random, or averaged), which can change DCG.",
        ("tied scores",),
        JUDGMENTS,
    ),
    Term(
        "trec_ndcg",
        "trec_eval's ndcg and ndcg_cut",
        "",
        "trec_eval's two NDCG measures. ndcg_cut.k cuts the list and the ideal at k. Plain ndcg "
        "has no cut-off: DCG runs down the whole list and IDCG over every judged item. So with "
        "judged items the system missed, the two differ even at k = n.",
        ("ndcg_cut", "ndcg_cut.k", "trec_eval"),
        JUDGMENTS,
    ),
    Term(
        "rel_min",
        "Relevance threshold",
        "rel_min",
        "For measures that only know relevant or not (P, R, RR, AP, RBP): the smallest grade "
        "that counts as relevant.",
        ("relevance level", "threshold", "-l"),
        NEIGHBOURS,
    ),
    Term(
        "hit",
        "Hit (binary relevance)",
        "hᵢ",
        "1 when the item at position i is relevant enough (relᵢ ≥ rel_min), else 0: how P, R, "
        "RR, AP and RBP read a graded label.",
        ("hit or miss", "binary relevance"),
        NEIGHBOURS,
    ),
    Term(
        "relevant_judged",
        "Relevant judged items",
        "m",
        "How many judged items of the query are relevant (grade at least rel_min), in the list "
        "or not: recall and average precision divide by it (trec_eval's map_cut); many "
        "recommender libraries divide AP@k by min(k, m) instead.",
        ("relevant items",),
        NEIGHBOURS,
    ),
    Term(
        "precision",
        "Precision at k",
        "P@k",
        "The share of the top k positions that hold a relevant item.",
        ("P", "precision"),
        NEIGHBOURS,
    ),
    Term(
        "recall",
        "Recall at k",
        "R@k",
        "The share of all relevant judged items that appear in the top k.",
        ("R", "recall"),
        NEIGHBOURS,
    ),
    Term(
        "rr",
        "Reciprocal rank",
        "RR@k, RR, MRR",
        "1 divided by the position of the first relevant item; its mean over queries is MRR.",
        ("MRR", "reciprocal rank"),
        NEIGHBOURS,
    ),
    Term(
        "ap",
        "Average precision",
        "AP@k, AP, MAP",
        "The precision at each relevant item's position, summed and divided by the number of "
        "relevant judged items; its mean over queries is MAP.",
        ("MAP", "average precision"),
        NEIGHBOURS,
    ),
    Term(
        "err",
        "Expected reciprocal rank",
        "ERR@k, ERR",
        "The mean of 1/r over where a reader stops, a reader who goes down the list and stops "
        "at each item with its stopping chance sᵢ: the cascade model turned into a score.",
        ("ERR",),
        NEIGHBOURS,
    ),
    Term(
        "stop_chance",
        "Stopping chance (ERR)",
        "sᵢ, g_max",
        "The chance that the item at position i satisfies ERR's reader, who then stops: "
        "(2^relᵢ − 1) / 2^g_max, where g_max is the top grade of the scale.",
        ("satisfaction probability", "top grade"),
        NEIGHBOURS,
    ),
    Term(
        "rbp",
        "Rank-biased precision",
        "RBP@k, RBP, p",
        "(1 − p) Σ hᵢ p^(i−1): the share of relevant items among those a reader sees who goes "
        "on from each item with probability p (the persistence; not Wikipedia's cut-off p).",
        ("RBP", "persistence", "patience"),
        NEIGHBOURS,
    ),
    Term(
        "residual",
        "Residual (RBP)",
        "",
        "How much RBP could still grow if the list went on below position k: p^k, the weight "
        "of every position past the cut-off (Moffat & Zobel 2008). The true RBP lies between "
        "the score and the score plus the residual.",
        ("RBP residual",),
        NEIGHBOURS,
    ),
    Term(
        "hit_rate",
        "Hit rate at k",
        "HR@k",
        "1 when at least one relevant item is in the top k, else 0; its mean over queries (or "
        "users) is the share that found something. Recommender papers report it often.",
        ("hit rate", "HR"),
        NEIGHBOURS,
    ),
    Term(
        "beyond_accuracy",
        "Beyond-accuracy measures (diversity, novelty, coverage)",
        "",
        "Measures of what a list offers besides relevance: diversity (how unlike each other its "
        "items are), novelty (how little known they are), coverage (how much of the catalogue a "
        "system ever recommends). NDCG sees none of them.",
        ("beyond-accuracy", "diversity", "novelty", "coverage"),
        NEIGHBOURS,
    ),
    Term(
        "examination",
        "Examination hypothesis",
        "cᵢ, θᵢ, aᵢ",
        "A click model: the item at position i is clicked (chance cᵢ) only if the reader looks "
        "at it (chance θᵢ, falling with the position) and then finds it attractive (chance aᵢ, "
        "the item's own): cᵢ = θᵢ · aᵢ.",
        ("examination model", "click model", "attractiveness", "examination probability"),
        CLICKS,
    ),
    Term(
        "position_bias",
        "Position bias",
        "",
        "Items shown higher get more clicks whatever they are worth, because more readers look "
        "there. Clicks logged under one ranking therefore favour that ranking's own order.",
        ("presentation bias",),
        CLICKS,
    ),
    Term(
        "trust_bias",
        "Trust bias",
        "",
        "Readers click a top result partly because they trust the ranker to have put the best "
        "there. Joachims et al. (2005) swapped the top two results in secret, and the new first "
        "result still drew more clicks.",
        (),
        CLICKS,
    ),
    Term(
        "ipw",
        "Inverse propensity weighting",
        "âᵢ",
        "Undoing position bias by dividing each click rate by the chance that its position was "
        "looked at: âᵢ = cᵢ / θᵢ, an estimate of how attractive the item is (Joachims et al. "
        "2017).",
        ("IPW", "propensity", "propensity weighting", "corrected label"),
        CLICKS,
    ),
    Term(
        "cascade",
        "Cascade model",
        "",
        "A click model in which the reader goes down the list one item at a time and stops at "
        "the first that satisfies them; nothing below it is looked at. Craswell et al. (2008) "
        "compared it with the examination hypothesis; ERR scores a list for this reader.",
        ("cascade",),
        CLICKS,
    ),
    Term(
        "swap",
        "Swap (ΔNDCG)",
        "ΔNDCG",
        "Two items trade places, at positions i and j. ΔNDCG is how much NDCG changes: the gap "
        "in their gains times the gap in their positions' discounts, divided by IDCG.",
        ("swap cost", "|ΔNDCG|", "delta NDCG"),
        COMPARING,
    ),
    Term(
        "lambdarank",
        "LambdaRank and LambdaMART",
        "",
        "Ways of training a ranker (Burges 2010) that weigh each pair of documents by |ΔNDCG|, "
        "what swapping them would change, so training works hardest on the pairs that matter "
        "most for NDCG. LambdaMART does it with boosted trees.",
        ("LambdaRank", "LambdaMART", "learning to rank"),
        COMPARING,
    ),
    Term(
        "mean_gain",
        "Mean gain",
        "ḡ",
        "The average gain of the items in the list. In a random order every position expects "
        "ḡ, which is why the expected DCG is ḡ times the sum of the discounts dᵢ that count.",
        (),
        COMPARING,
    ),
    Term(
        "expected",
        "Expected value",
        "E[·]",
        "The average over every possible order of the list, each equally likely: E[NDCG@k] is "
        "what a random ranking scores on average, the floor a real ranking should clear.",
        ("expected NDCG", "random order", "random baseline"),
        COMPARING,
    ),
    Term(
        "mean",
        "Mean over queries",
        "N̅D̅C̅G̅@k",
        "One NDCG per query, averaged: the sum of NDCG@k(q) over the queries q of Q, divided "
        "by |Q|. The bar over a symbol means this mean.",
        ("mean NDCG", "average over queries"),
        COMPARING,
    ),
    Term(
        "bootstrap",
        "Bootstrap interval",
        "",
        "A range for a mean over queries: the queries are drawn again at random, with "
        "replacement, many times; each draw's mean is taken, and the middle 95% of those means "
        "is the interval. It shows how much the mean owes to which queries were chosen.",
        ("bootstrap", "confidence interval", "95% bootstrap interval"),
        COMPARING,
    ),
    Term(
        "randomization",
        "Randomization test (p-value)",
        "",
        "Whether system A beats B by more than chance, query by query: the sign of each query's "
        "difference is flipped at random, many times, and the p-value is the share of those "
        "flips whose mean difference is at least as large in size as the one observed.",
        ("paired randomization test", "permutation test", "p-value", "significance"),
        COMPARING,
    ),
    Term(
        "distinguishing",
        "Consistently distinguishing",
        "",
        "Wang et al.'s (2013) test of a discount: given two substantially different ranking "
        "functions, NDCG with that discount prefers the same one on almost every large enough "
        "data set. The log discount passes, though NDCG values crowd towards 1.",
        ("consistent distinguishability",),
        COMPARING,
    ),
    Term(
        "seed",
        "Seed (practice)",
        "",
        "The number in a practice link that picks its exercises: the same seed gives everyone "
        "the same set.",
        (),
        COMPARING,
    ),
)

BY_KEY = {term.key: term for term in TERMS}


def defining(symbol: str) -> Term | None:
    """The term that defines `symbol` (as the app writes it: relᵢ, NDCG@k), or None."""
    return next((term for term in TERMS if symbol in term.symbols), None)


def named(phrase: str) -> Term | None:
    """The term called `phrase` (any case, singular or plural), or None."""
    wanted = phrase.strip().casefold()
    forms = {wanted, wanted.removesuffix("s"), wanted.removesuffix("es")}
    return next((term for term in TERMS if forms & set(term.names)), None)


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
    Notation(
        "J, |J|",
        "the judged items of a query, retrieved or not, and how many they are (TREC's pool); "
        "J minus the ranked list is what was judged, not retrieved",
        "—",
    ),
    Notation(
        "p", "RBP's persistence (on NDCG beside its neighbours)", "Wikipedia's p is the cut-off k"
    ),
    Notation("g_max", "ERR's top grade", "g_max (Chapelle et al. 2009)"),
)
