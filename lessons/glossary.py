"""The glossary and the notation key: every term and symbol the app uses, defined once.

`TERMS` is the glossary (a term, the symbol the app writes for it, a definition in a sentence
or two, and the words other texts use for the same thing). `NOTATION` is the key to the
symbols: what the app writes, and what each source document writes for the same thing, so a
learner who meets `p` in Wikipedia or `K` in another note knows what it is. Pages show both;
what a term links to is the page's business.
"""

from __future__ import annotations

from dataclasses import dataclass

from i18n import N_, tr

from .examples import SOURCES

# The glossary's sections, in the order the page shows them: the first is NDCG itself, read
# first; the others are opened when needed.
NDCG = N_("NDCG, term by term")
JUDGMENTS = N_("Judgments, the ideal and test collections")
NEIGHBOURS = N_("NDCG's neighbours: P, R, RR, AP, ERR, RBP")
CLICKS = N_("Clicks as labels")
COMPARING = N_("Orders, queries and systems compared")
SECTIONS = (NDCG, JUDGMENTS, NEIGHBOURS, CLICKS, COMPARING)
# The languages a term is given in on the glossary page, whatever the page's language.
LANGUAGES = ("en", "ru", "zh")


# The fields a definition or a notation row may name a source by, and the source each names.
SOURCE_FIELDS = {"article_000": "000", "explainer_001": "001", "note_002": "002", "note_003": "003"}


def sources_named(translated: bool = True) -> dict[str, str]:
    """The sources, as learner text names them (by title, never by file number), in this run's
    language (or in English): the values of `SOURCE_FIELDS` for a definition or a notation row."""
    return {
        field: tr(SOURCES[number].short) if translated else SOURCES[number].short
        for field, number in SOURCE_FIELDS.items()
    }


@dataclass(frozen=True)
class Term:
    """One glossary entry. `name` and `text` are the English term and definition (marked for
    the catalogue; the definition may name a source by a field of `sources_named`): `term` and
    `definition` give them in this run's language. `symbol` is plain text, each way the app
    writes it separated by ", " (relᵢ, IDCG@k); `aliases` are other names in English texts;
    `section` is one of `SECTIONS`. `ru` and `zh` name the term in Russian and Chinese, the
    sources' own words first (the Russian and the Chinese note): the glossary shows all three
    whatever the page's language, and every translation uses them (tests/core/
    test_glossary_terms.py). What comes before " (" is the name itself; a bracket adds other
    names or a gloss."""

    key: str
    name: str
    symbol: str
    text: str
    aliases: tuple[str, ...] = ()
    section: str = NDCG
    ru: str = ""
    zh: str = ""

    @property
    def term(self) -> str:
        """The term in this run's language."""
        return tr(self.name)

    @property
    def definition(self) -> str:
        """The definition in this run's language, the sources named in it."""
        return tr(self.text, **sources_named())

    def in_language(self, lang: str) -> str:
        """The term's name in `lang` (one of LANGUAGES), as the glossary's three columns show it."""
        return {"en": self.name, "ru": self.ru, "zh": self.zh}[lang]

    @property
    def symbols(self) -> tuple[str, ...]:
        """Every symbol the term defines, as the app writes it (relᵢ, rᵢ, NDCG@k)."""
        return tuple(part.strip() for part in self.symbol.split(", ") if part.strip())

    @property
    def names(self) -> tuple[str, ...]:
        """Every English name of the term, in lower case: the term, what its brackets hold,
        its aliases."""
        head, _, rest = self.name.partition(" (")
        inside = [name.strip() for name in rest.rstrip(")").split(",") if name.strip()]
        return tuple(name.casefold() for name in (head, *inside, *self.aliases))

    def matches(self, query: str) -> bool:
        """True when `query` (any case) occurs in the term, its symbol, aliases or definition,
        in English or in this run's language, or in its Russian or Chinese name."""
        needle = query.strip().casefold()
        if not needle:
            return True
        english = self.text.format(**sources_named(translated=False))
        haystack = " ".join(
            (
                self.name,
                self.symbol,
                english,
                self.term,
                self.definition,
                self.ru,
                self.zh,
                *self.aliases,
            )
        )
        return needle in haystack.casefold()


TERMS: tuple[Term, ...] = (
    Term(
        "relevance",
        N_("Relevance (grade, label, judgment)"),
        "relᵢ",
        N_(
            "How useful the item at position i is for the query, as judged: 0 for not relevant, "
            "higher for more useful. Binary labels are 0 or 1; graded ones use a scale such as 0–3."
        ),
        ("grade", "label", "judgment", "rel(i)", "rel_i"),
        ru="релевантность (оценка, метка, суждение асессора)",
        zh="相关性（等级、标签、人工标注）",
    ),
    Term(
        "ideal_relevance",
        N_("Ideal relevance"),
        "rel*ᵢ",
        N_(
            "The relevance at position i of the ideal ranking: every judged item sorted from most "
            "to least relevant."
        ),
        ("rel^ideal", "rel star"),
        ru="идеальная релевантность",
        zh="理想相关性",
    ),
    Term(
        "position",
        N_("Position (rank)"),
        "i, j",
        N_(
            "Where an item sits in the ranked list, counted from 1 at the top. A formula that needs "
            "a second position calls it j (a swap of positions i and j, or the items above i in "
            "ERR's product). In "
            "{note_002}, i names an item instead; this app always means the position."
        ),
        ("rank",),
        ru="позиция (ранг)",
        zh="位置（排名）",
    ),
    Term(
        "ranked_list",
        N_("Ranked list (ranking)"),
        "",
        N_(
            "What a system returns for one query: items in order, best guess first. NDCG scores "
            "this order against the judgments; the items themselves matter only through their "
            "relevance."
        ),
        ("result list", "ranking", "order"),
        ru="ранжированный список (ранжирование)",
        zh="排序列表（排序）",
    ),
    Term(
        "list_length",
        N_("List length"),
        "n",
        N_("How many items the system ranked. k = n (the app's default) counts every one of them."),
        ("number of results",),
        ru="длина списка",
        zh="列表长度",
    ),
    Term(
        "cut_off",
        N_("Cut-off"),
        "k",
        N_(
            "How many top positions count: NDCG@k ignores everything below position k, in the "
            "list and in the ideal alike. Wikipedia calls it p, {article_000} K and "
            "{note_003} n."
        ),
        ("depth", "@k", "p", "K", "top-k"),
        ru="порог k (топ-k)",
        zh="截断 k（前 k 个）",
    ),
    Term(
        "gain",
        N_("Gain"),
        "G, g, gᵢ, Gᵢ",
        N_(
            "What an item earns before its position is taken into account (gᵢ for the item at "
            "position i): its relevance (linear gain, rel), 2^rel − 1 (exponential gain), or g(rel), "
            "a value chosen for each grade (a gain map). It is Gᵢ in {article_000}."
        ),
        ("G", "G_i", "2^rel - 1", "gain(relᵢ)", "gain map"),
        ru="выигрыш",
        zh="增益",
    ),
    Term(
        "discount",
        N_("Discount"),
        "d(i), dᵢ",
        N_(
            "The multiplier of position i: 1 at the top, less further down, usually 1 / log₂(i+1). "
            "DCG multiplies each gain by it (the same as dividing by log₂(i+1))."
        ),
        ("position weight", "log discount"),
        ru="дисконт (дисконтирование)",
        zh="折损",
    ),
    Term(
        "log_base",
        N_("Log base"),
        "b",
        N_(
            "The base of the logarithm in the discount. Under 1/log_b(i+1) it cancels out of NDCG; "
            "in the Järvelin–Kekäläinen form it decides how many top positions go undiscounted."
        ),
        ("base",),
        ru="основание логарифма",
        zh="对数底",
    ),
    Term(
        "cg",
        N_("Cumulative gain"),
        "CG@k",
        N_(
            "The relevances of the top k positions added up, order ignored: neither the gain nor "
            "the discount plays a part."
        ),
        ("CG",),
        ru="кумулятивный выигрыш",
        zh="累计增益",
    ),
    Term(
        "dcg",
        N_("Discounted cumulative gain"),
        "DCG@k",
        N_(
            "Each of the top k gains times its position's discount, added up: the higher a good "
            "item sits, the more it adds."
        ),
        ("DCG",),
        ru="дисконтированный кумулятивный выигрыш",
        zh="折损累计增益",
    ),
    Term(
        "idcg",
        N_("Ideal DCG"),
        "IDCG@k",
        N_(
            "The DCG of the ideal ranking, cut at the same k: the most DCG@k any order of the "
            "judged items could earn."
        ),
        ("IDCG", "max DCG"),
        ru="идеальный DCG",
        zh="理想 DCG",
    ),
    Term(
        "ndcg",
        N_("Normalised discounted cumulative gain"),
        "NDCG@k",
        N_(
            "DCG@k divided by IDCG@k: 1 when no order of the judged items earns more, lower the "
            "more relevance sits below where it could be."
        ),
        ("nDCG", "NDCG"),
        ru="нормированный дисконтированный кумулятивный выигрыш",
        zh="归一化折损累计增益",
    ),
    Term(
        "all_zero",
        N_("All-zero rule"),
        "0/0",
        N_(
            "What NDCG is when nothing judged is relevant (IDCG = 0): 0, 1, or the query left out "
            "of the mean, depending on the library."
        ),
        ("empty target", "no relevant"),
        ru="правило нулевого IDCG",
        zh="全零规则",
    ),
    Term(
        "assessor",
        N_("Assessor (judge)"),
        "",
        N_(
            "A person who reads an item and grades how well it answers the query, following "
            "written guidelines. Their grades are the judgments every score here is computed from."
        ),
        ("annotator", "rater"),
        JUDGMENTS,
        ru="асессор",
        zh="标注员",
    ),
    Term(
        "judged",
        N_("Judged items"),
        "J, |J|",
        N_(
            "Every item the assessors judged for a query, whether this system retrieved it or "
            "not; |J| is how many there are. trec_eval builds the ideal ranking from all of them."
        ),
        ("judged set", "judgments of a query"),
        JUDGMENTS,
        ru="размеченные документы",
        zh="已标注文档",
    ),
    Term(
        "not_retrieved",
        N_("Judged, not retrieved"),
        "",
        N_(
            "The judged items the system did not return: J minus the ranked list. The app's "
            "*Judged but not retrieved* box and a link's `pool` setting give their relevances. They "
            "cannot add to DCG, but they join the ideal ranking, so missing a relevant one costs."
        ),
        ("judged but not retrieved", "unretrieved", "not retrieved", "never retrieved"),
        JUDGMENTS,
        ru="размеченные, но не найденные",
        zh="已标注但未检索到",
    ),
    Term(
        "pool",
        N_("Pool (TREC)"),
        "",
        N_(
            "In TREC, the documents judged for a topic: the top results of several systems, merged "
            "(*pooling*) and graded by assessors. The pool is J, the judged set; a document outside "
            "it is unjudged, and trec_eval counts it as not relevant. (A link's `pool` parameter "
            "names only the judged items a system did not retrieve.)"
        ),
        ("judgment pool", "pooling", "pooled"),
        JUDGMENTS,
        ru="пул (TREC)",
        zh="标注池（TREC）",
    ),
    Term(
        "ideal",
        N_("Ideal ranking"),
        "rel*₁, rel*₂, …",
        N_(
            "The judged items sorted from most to least relevant. Built from the ranked list alone "
            "(scikit-learn) or from every judged item, J, those not retrieved included (trec_eval)."
        ),
        ("ideal order", "best order"),
        JUDGMENTS,
        ru="идеальное ранжирование",
        zh="理想排序",
    ),
    Term(
        "closed_ideal",
        N_("Closed ideal"),
        "",
        N_(
            "An ideal ranking built from the ranked list alone, as scikit-learn and most "
            "learning-to-rank libraries build it: relevant items the system never returned are "
            "left out, so a list can score 1 while missing them. Its opposite, an open ideal, is "
            "built from every judged item."
        ),
        ("open ideal", "ideal from the list alone"),
        JUDGMENTS,
        ru="закрытый идеал",
        zh="封闭理想排序",
    ),
    Term(
        "qrels",
        N_("Qrels"),
        "",
        N_(
            "The judgments of a test collection: for each query, the judged items and their "
            "relevance (TREC's file format: query, 0, document, relevance)."
        ),
        ("relevance judgments", "ground truth", "test collection"),
        JUDGMENTS,
        ru="qrels (файл оценок)",
        zh="qrels（相关性判断文件）",
    ),
    Term(
        "run",
        N_("Run"),
        "",
        N_(
            "A system's output for a set of queries: for each query, the items it returned with "
            "their scores or ranks (TREC's file format: query, Q0, document, rank, score, name)."
        ),
        ("system output",),
        JUDGMENTS,
        ru="прогон",
        zh="运行结果（run）",
    ),
    Term(
        "query",
        N_("Query (topic)"),
        "q, Q, |Q|",
        N_(
            "One request with its own ranked list and judgments. Q is the set of queries of a run "
            "and |Q| how many it holds."
        ),
        ("topic", "queries"),
        JUDGMENTS,
        ru="запрос (тема)",
        zh="查询（主题）",
    ),
    Term(
        "ties",
        N_("Ties"),
        "",
        N_(
            "Items with equal scores. Libraries order them differently (by document id, in input "
            "order, at random, or averaged), which can change DCG."
        ),
        ("tied scores",),
        JUDGMENTS,
        ru="равные оценки (ничьи)",
        zh="并列",
    ),
    Term(
        "trec_ndcg",
        N_("trec_eval's ndcg and ndcg_cut"),
        "",
        N_(
            "trec_eval's two NDCG measures. ndcg_cut.k cuts the list and the ideal at k. Plain ndcg "
            "has no cut-off: DCG runs down the whole list and IDCG over every judged item. So with "
            "judged items the system missed, the two differ even at k = n."
        ),
        ("ndcg_cut", "ndcg_cut.k", "trec_eval"),
        JUDGMENTS,
        ru="ndcg и ndcg_cut в trec_eval",
        zh="trec_eval 的 ndcg 与 ndcg_cut",
    ),
    Term(
        "rel_min",
        N_("Relevance threshold"),
        "rel_min",
        N_(
            "For measures that only know relevant or not (P, R, RR, AP, RBP): the smallest grade "
            "that counts as relevant."
        ),
        ("relevance level", "threshold", "-l"),
        NEIGHBOURS,
        ru="порог релевантности",
        zh="相关性阈值",
    ),
    Term(
        "hit",
        N_("Hit (binary relevance)"),
        "hᵢ",
        N_(
            "1 when the item at position i is relevant enough (relᵢ ≥ rel_min), else 0: how P, R, "
            "RR, AP and RBP read a graded label."
        ),
        ("hit or miss", "binary relevance"),
        NEIGHBOURS,
        ru="попадание (бинарная релевантность)",
        zh="命中（二元相关性）",
    ),
    Term(
        "relevant_judged",
        N_("Relevant judged items"),
        "m",
        N_(
            "How many judged items of the query are relevant (grade at least rel_min), in the list "
            "or not: recall and average precision divide by it (trec_eval's map_cut); many "
            "recommender libraries divide AP@k by min(k, m) instead."
        ),
        ("relevant items",),
        NEIGHBOURS,
        ru="релевантные размеченные документы",
        zh="相关的已标注文档",
    ),
    Term(
        "precision",
        N_("Precision at k"),
        "P@k",
        N_("The share of the top k positions that hold a relevant item."),
        ("P", "precision"),
        NEIGHBOURS,
        ru="точность (P@k)",
        zh="精确率（P@k）",
    ),
    Term(
        "recall",
        N_("Recall at k"),
        "R@k",
        N_("The share of all relevant judged items that appear in the top k."),
        ("R", "recall"),
        NEIGHBOURS,
        ru="полнота (R@k)",
        zh="召回率（R@k）",
    ),
    Term(
        "rr",
        N_("Reciprocal rank"),
        "RR@k, RR, MRR",
        N_("1 divided by the position of the first relevant item; its mean over queries is MRR."),
        ("MRR", "reciprocal rank"),
        NEIGHBOURS,
        ru="обратный ранг",
        zh="倒数排名",
    ),
    Term(
        "ap",
        N_("Average precision"),
        "AP@k, AP, MAP",
        N_(
            "The precision at each relevant item's position, summed and divided by the number of "
            "relevant judged items; its mean over queries is MAP."
        ),
        ("MAP", "average precision"),
        NEIGHBOURS,
        ru="средняя точность",
        zh="平均精度",
    ),
    Term(
        "err",
        N_("Expected reciprocal rank"),
        "ERR@k, ERR",
        N_(
            "The mean of 1/r over where a reader stops, a reader who goes down the list and stops "
            "at each item with its stopping chance sᵢ: the cascade model turned into a score."
        ),
        ("ERR",),
        NEIGHBOURS,
        ru="ожидаемый обратный ранг",
        zh="期望倒数排名",
    ),
    Term(
        "stop_chance",
        N_("Stopping chance (ERR)"),
        "sᵢ, g_max",
        N_(
            "The chance that the item at position i satisfies ERR's reader, who then stops: "
            "(2^relᵢ − 1) / 2^g_max, where g_max is the top grade of the scale."
        ),
        ("satisfaction probability", "top grade"),
        NEIGHBOURS,
        ru="вероятность остановки (ERR)",
        zh="停止概率（ERR）",
    ),
    Term(
        "rbp",
        N_("Rank-biased precision"),
        "RBP@k, RBP, p",
        N_(
            "(1 − p) Σ hᵢ p^(i−1): the share of relevant items among those a reader sees who goes "
            "on from each item with probability p (the persistence; not Wikipedia's cut-off p)."
        ),
        ("RBP", "persistence", "patience"),
        NEIGHBOURS,
        ru="ранго-взвешенная точность",
        zh="排名偏置精度",
    ),
    Term(
        "residual",
        N_("Residual (RBP)"),
        "",
        N_(
            "How much RBP could still grow if the list went on below position k: p^k, the weight "
            "of every position past the cut-off (Moffat & Zobel 2008). The true RBP lies between "
            "the score and the score plus the residual."
        ),
        ("RBP residual",),
        NEIGHBOURS,
        ru="остаток (RBP)",
        zh="残差（RBP）",
    ),
    Term(
        "hit_rate",
        N_("Hit rate at k"),
        "HR@k",
        N_(
            "1 when at least one relevant item is in the top k, else 0; its mean over queries (or "
            "users) is the share that found something. Recommender papers report it often."
        ),
        ("hit rate", "HR"),
        NEIGHBOURS,
        ru="доля попаданий (HR@k)",
        zh="命中率（HR@k）",
    ),
    Term(
        "beyond_accuracy",
        N_("Beyond-accuracy measures (diversity, novelty, coverage)"),
        "",
        N_(
            "Measures of what a list offers besides relevance: diversity (how unlike each other its "
            "items are), novelty (how little known they are), coverage (how much of the catalogue a "
            "system ever recommends). NDCG sees none of them."
        ),
        ("beyond-accuracy", "diversity", "novelty", "coverage"),
        NEIGHBOURS,
        ru="метрики сверх точности (разнообразие, новизна, покрытие)",
        zh="超越准确性的指标（多样性、新颖性、覆盖率）",
    ),
    Term(
        "examination",
        N_("Examination hypothesis"),
        "cᵢ, θᵢ, aᵢ",
        N_(
            "A click model: the item at position i is clicked (chance cᵢ) only if the reader looks "
            "at it (chance θᵢ, falling with the position) and then finds it attractive (chance aᵢ, "
            "the item's own): cᵢ = θᵢ · aᵢ."
        ),
        ("examination model", "click model", "attractiveness", "examination probability"),
        CLICKS,
        ru="гипотеза просмотра",
        zh="查看假设",
    ),
    Term(
        "position_bias",
        N_("Position bias"),
        "",
        N_(
            "Items shown higher get more clicks whatever they are worth, because more readers look "
            "there. Clicks logged under one ranking therefore favour that ranking's own order."
        ),
        ("presentation bias",),
        CLICKS,
        ru="позиционное смещение",
        zh="位置偏差",
    ),
    Term(
        "trust_bias",
        N_("Trust bias"),
        "",
        N_(
            "Readers click a top result partly because they trust the ranker to have put the best "
            "there. Joachims et al. (2005) swapped the top two results in secret, and the new first "
            "result still drew more clicks."
        ),
        (),
        CLICKS,
        ru="смещение доверия",
        zh="信任偏差",
    ),
    Term(
        "ipw",
        N_("Inverse propensity weighting"),
        "âᵢ",
        N_(
            "Undoing position bias by dividing each click rate by the chance that its position was "
            "looked at: âᵢ = cᵢ / θᵢ, an estimate of how attractive the item is (Joachims et al. "
            "2017)."
        ),
        ("IPW", "propensity", "propensity weighting", "corrected label"),
        CLICKS,
        ru="взвешивание по обратной склонности (IPW)",
        zh="逆倾向加权（IPW）",
    ),
    Term(
        "cascade",
        N_("Cascade model"),
        "",
        N_(
            "A click model in which the reader goes down the list one item at a time and stops at "
            "the first that satisfies them; nothing below it is looked at. Craswell et al. (2008) "
            "compared it with the examination hypothesis; ERR scores a list for this reader."
        ),
        ("cascade",),
        CLICKS,
        ru="каскадная модель",
        zh="级联模型",
    ),
    Term(
        "swap",
        N_("Swap (ΔNDCG)"),
        "ΔNDCG",
        N_(
            "Two items trade places, at positions i and j. ΔNDCG is how much NDCG changes: the gap "
            "in their gains times the gap in their positions' discounts, divided by IDCG."
        ),
        ("swap cost", "|ΔNDCG|", "delta NDCG"),
        COMPARING,
        ru="перестановка (ΔNDCG)",
        zh="交换（ΔNDCG）",
    ),
    Term(
        "lambdarank",
        N_("LambdaRank and LambdaMART"),
        "",
        N_(
            "Ways of training a ranker (Burges 2010) that weigh each pair of documents by |ΔNDCG|, "
            "what swapping them would change, so training works hardest on the pairs that matter "
            "most for NDCG. LambdaMART does it with boosted trees."
        ),
        ("LambdaRank", "LambdaMART", "learning to rank"),
        COMPARING,
        ru="LambdaRank и LambdaMART",
        zh="LambdaRank 与 LambdaMART",
    ),
    Term(
        "mean_gain",
        N_("Mean gain"),
        "ḡ",
        N_(
            "The average gain of the items in the list. In a random order every position expects "
            "ḡ, which is why the expected DCG is ḡ times the sum of the discounts dᵢ that count."
        ),
        (),
        COMPARING,
        ru="средний выигрыш",
        zh="平均增益",
    ),
    Term(
        "expected",
        N_("Expected value"),
        "E[·]",
        N_(
            "The average over every possible order of the list, each equally likely: E[NDCG@k] is "
            "what a random ranking scores on average, the floor a real ranking should clear."
        ),
        ("expected NDCG", "random order", "random baseline"),
        COMPARING,
        ru="математическое ожидание",
        zh="期望值",
    ),
    Term(
        "mean",
        N_("Mean over queries"),
        "N̅D̅C̅G̅@k",
        N_(
            "One NDCG per query, averaged: the sum of NDCG@k(q) over the queries q of Q, divided "
            "by |Q|. The bar over a symbol means this mean."
        ),
        ("mean NDCG", "average over queries"),
        COMPARING,
        ru="среднее по запросам",
        zh="查询平均值",
    ),
    Term(
        "bootstrap",
        N_("Bootstrap interval"),
        "",
        N_(
            "A range for a mean over queries: the queries are drawn again at random, with "
            "replacement, many times; each draw's mean is taken, and the middle 95% of those means "
            "is the interval. It shows how much the mean owes to which queries were chosen."
        ),
        ("bootstrap", "confidence interval", "95% bootstrap interval"),
        COMPARING,
        ru="бутстреп-интервал",
        zh="自助法区间",
    ),
    Term(
        "randomization",
        N_("Randomization test (p-value)"),
        "",
        N_(
            "Whether system A beats B by more than chance, query by query: the sign of each query's "
            "difference is flipped at random, many times, and the p-value is the share of those "
            "flips whose mean difference is at least as large in size as the one observed."
        ),
        ("paired randomization test", "permutation test", "p-value", "significance"),
        COMPARING,
        ru="рандомизационный тест (p-значение)",
        zh="随机化检验（p 值）",
    ),
    Term(
        "distinguishing",
        N_("Consistently distinguishing"),
        "",
        N_(
            "Wang et al.'s (2013) test of a discount: given two substantially different ranking "
            "functions, NDCG with that discount prefers the same one on almost every large enough "
            "data set. The log discount passes, though NDCG values crowd towards 1."
        ),
        ("consistent distinguishability",),
        COMPARING,
        ru="устойчивая различимость",
        zh="一致区分性",
    ),
    Term(
        "seed",
        N_("Seed (practice)"),
        "",
        N_(
            "The number in a practice link that picks its exercises: the same seed gives everyone "
            "the same set."
        ),
        (),
        COMPARING,
        ru="сид (практика)",
        zh="种子（练习）",
    ),
)

BY_KEY = {term.key: term for term in TERMS}


def defining(symbol: str) -> Term | None:
    """The term that defines `symbol` (as the app writes it: relᵢ, NDCG@k), or None.

    The pages link a term by its key (`BY_KEY`); this lookup and `named` are what the tests
    hold the pages' text against (every symbol and term a page shows has its entry), kept here
    beside `TERMS` so that what "defines" means is written where the terms are."""
    return next((term for term in TERMS if symbol in term.symbols), None)


def named(phrase: str) -> Term | None:
    """The term called `phrase` (any case, singular or plural), or None."""
    wanted = phrase.strip().casefold()
    forms = {wanted, wanted.removesuffix("s"), wanted.removesuffix("es")}
    return next((term for term in TERMS if forms & set(term.names)), None)


@dataclass(frozen=True)
class Notation:
    """One symbol: what the app writes, what it means, and how the sources write it (`meaning`
    and `sources` in this run's language; `said` and `written` are the English, marked for the
    catalogue)."""

    app: str
    said: str
    written: str

    @property
    def meaning(self) -> str:
        return tr(self.said)

    @property
    def sources(self) -> str:
        return tr(self.written, **sources_named())


NOTATION: tuple[Notation, ...] = (
    Notation(
        "i",
        N_("a position, 1 at the top"),
        N_(
            "i ({article_000}, {note_003}, Wikipedia); position_i ({explainer_001}); in "
            "{note_002}, i names an item, not a position"
        ),
    ),
    Notation(
        "relᵢ",
        N_("the relevance at position i"),
        N_(
            "rel_i ({note_003}, Wikipedia); rel(i) and rel_i ({article_000}); relevance_i "
            "({explainer_001}); rel(i) ({note_002})"
        ),
    ),
    Notation(
        "rel*ᵢ",
        N_("the relevance at position i of the ideal order"),
        N_("rel_i^ideal ({note_003})"),
    ),
    Notation(
        "n",
        N_("the number of items in the ranked list"),
        N_("— ({note_003} writes n for the cut-off)"),
    ),
    Notation(
        "k",
        N_("the cut-off: how many top positions count"),
        N_(
            "K ({article_000}), k ({note_002}), n ({note_003}), p (Wikipedia); in {note_002}, "
            "DCG_1 and DCG_2 name two orders, not two cut-offs"
        ),
    ),
    Notation("G", N_("the gain of an item"), N_("G_i ({article_000}), G ({note_002})")),
    Notation("b", N_("the base of the logarithm"), N_("2 in every source")),
    Notation(
        "J, |J|",
        N_(
            "the judged items of a query, retrieved or not, and how many they are (TREC's pool); "
            "J minus the ranked list is what was judged, not retrieved"
        ),
        "—",
    ),
    Notation(
        "p",
        N_("RBP's persistence (on NDCG beside its neighbours)"),
        N_("Wikipedia's p is the cut-off k"),
    ),
    Notation("g_max", N_("ERR's top grade"), "g_max (Chapelle et al. 2009)"),
)
