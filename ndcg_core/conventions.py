"""Why libraries disagree: each library's NDCG convention as data, and one query scored by all.

A preset names what a library does on each of the six points where conventions part ways:
the gain, where the ideal ranking comes from and where it is cut, the discount, how tied
scores are ordered, what a list without any relevant item scores, and which labels it accepts.
`evaluate_query` scores one query under every preset and says, per preset, the number, the
library's refusal, or the silent change it makes to the labels, and which of the six points
make it differ from the first row.

Every claim was checked by running the library where it installs here (tests/core/
test_libraries.py): scikit-learn 1.9, pytrec-eval-terrier 0.5, LightGBM 4.7, XGBoost 3.2, ranx
0.3 (in its own venv with pandas < 3, because it breaks on pandas 3) and torchmetrics 1.9 (with
the CPU build of torch 2.13). TF-Ranking needs TensorFlow, which is not installed here: its preset
follows its source (metrics_impl.py and utils.py) and is tested against hand-worked values.

References
----------
Järvelin, K. & Kekäläinen, J. (2002). Cumulated gain-based evaluation of IR techniques. TOIS.
Burges, C. et al. (2005). Learning to rank using gradient descent. ICML.
McSherry, F. & Najork, M. (2008). Computing information retrieval performance measures
efficiently in the presence of tied scores. ECIR.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace

import numpy as np
import pandas as pd

from .batch import batch_ndcg
from .metrics import _is_number, check_k, dcg, idcg

CAUSES = {
    "gain": "gain",
    "ideal": "ideal source and cut",
    "discount": "discount",
    "ties": "ties",
    "on_zero": "all-zero rule",
    "labels": "label domain",
}

TIE_RULES = {
    "average": "tied scores share their group's mean gain (the average over every order)",
    "reverse": (
        "tied scores in whatever order numpy's unstable argsort leaves them, reversed (meant "
        "for scores without ties)"
    ),
    "docid": "tied scores ordered by document id, descending",
    "keep": "tied scores keep their input order",
    "numba": (
        "tied scores keep their input order on lists of up to 15 (numba's quicksort; longer "
        "lists mix them)"
    ),
    "random": "tied scores shuffled at random (the average over every order is shown)",
}

IDEALS = {
    "list": "the ideal is built from the ranked list's own labels",
    "judged": "the ideal is built from every judged item, those never retrieved included",
}

CUTS = {
    "k": "k cuts the list and the ideal alike (no k: the whole list, the whole ideal)",
    "k_or_list": "k cuts the list and the ideal alike (no k: both cut at the list's length)",
    "none": "k is ignored: the whole run against the whole ideal",
    "k_or_32": (
        "k cuts the list and the ideal alike (no k: both cut at 32, XGBoost's default for 'ndcg')"
    ),
}


@dataclass(frozen=True)
class Preset:
    """One library's NDCG, as data: the name it goes by and its choice on each point."""

    key: str
    library: str
    measure: str
    gain: str  # "linear" (rel) or "exponential" (2^rel − 1)
    ideal: str  # a key of IDEALS
    cut: str  # a key of CUTS
    discount: str  # "log2" or "jarvelin" (base 2)
    ties: str  # a key of TIE_RULES
    on_zero: float  # NDCG when the ideal DCG is 0
    labels: str  # a key of LABEL_RULES
    description: str
    reference: str

    @property
    def title(self) -> str:
        """Library and measure with k as a letter, e.g. ``trec_eval ndcg_cut.k``."""
        measure = self.measure.replace("(k={k})", "").replace("k={k}, ", "")
        return f"{self.library} {measure.replace('{k}', 'k')}"

    def metric_name(self, k: int | None, n: int) -> str:
        """The measure as the library spells it for this k, e.g. ``ndcg_cut.6``."""
        cut = k if k is not None else (n if self.cut == "k_or_list" else None)
        if cut is not None:
            return self.measure.replace("{k}", str(cut))
        for piece, short in (
            ("(k={k})", ""),
            ("k={k}, ", ""),
            ("@{k}", ""),
            ("topn={k}", ""),
            ("top_k={k}", ""),
        ):
            if piece in self.measure:
                return self.measure.replace(piece, short)
        return self.measure


XGBOOST_DEFAULT_CUT = 32
NUMBA_SMALL_QUICKSORT = 15

PRESETS: tuple[Preset, ...] = (
    Preset(
        "sklearn",
        "scikit-learn",
        "ndcg_score(k={k})",
        "linear",
        "list",
        "k",
        "log2",
        "average",
        0.0,
        "sklearn",
        "sklearn.metrics.ndcg_score(y_true, y_score, k=k): tied scores are averaged.",
        "scikit-learn 1.9, sklearn/metrics/_ranking.py; McSherry & Najork (2008).",
    ),
    Preset(
        "sklearn_ignore_ties",
        "scikit-learn",
        "ndcg_score(k={k}, ignore_ties=True)",
        "linear",
        "list",
        "k",
        "log2",
        "reverse",
        0.0,
        "sklearn",
        "The same with ignore_ties=True: faster, and meant only for scores without ties.",
        "scikit-learn 1.9: np.argsort(y_score)[:, ::-1].",
    ),
    Preset(
        "trec_ndcg",
        "trec_eval",
        "ndcg",
        "linear",
        "judged",
        "none",
        "log2",
        "docid",
        0.0,
        "trec_eval",
        "trec_eval -m ndcg (pytrec_eval 'ndcg'): the whole run against every judged item.",
        "trec_eval 9.0.8 m_ndcg.c, via pytrec-eval-terrier 0.5.",
    ),
    Preset(
        "trec_ndcg_cut",
        "trec_eval",
        "ndcg_cut.{k}",
        "linear",
        "judged",
        "k_or_list",
        "log2",
        "docid",
        0.0,
        "trec_eval",
        "trec_eval -m ndcg_cut.k: run and ideal both cut at k.",
        "trec_eval 9.0.8 m_ndcg_cut.c, via pytrec-eval-terrier 0.5.",
    ),
    Preset(
        "ranx_ndcg",
        "ranx",
        "ndcg@{k}",
        "linear",
        "judged",
        "k",
        "log2",
        "numba",
        0.0,
        "ranx",
        "ranx.evaluate(qrels, run, 'ndcg@k'): relevance read as whole numbers.",
        "ranx 0.3, ranx/metrics/ndcg.py (its 'Järvelin' flag means the linear gain).",
    ),
    Preset(
        "ranx_ndcg_burges",
        "ranx",
        "ndcg_burges@{k}",
        "exponential",
        "judged",
        "k",
        "log2",
        "numba",
        0.0,
        "ranx",
        "ranx.evaluate(qrels, run, 'ndcg_burges@k'): the 2^rel − 1 gain.",
        "ranx 0.3, ranx/metrics/ndcg.py; Burges et al. (2005).",
    ),
    Preset(
        "lightgbm",
        "LightGBM",
        "ndcg@{k}",
        "exponential",
        "list",
        "k",
        "log2",
        "keep",
        1.0,
        "lightgbm",
        "LightGBM metric 'ndcg' with eval_at=[k] and the default label_gain 0, 1, 3, 7, …",
        "LightGBM 4.7, src/metric/dcg_calculator.cpp (std::stable_sort).",
    ),
    Preset(
        "xgboost",
        "XGBoost",
        "ndcg@{k}",
        "exponential",
        "list",
        "k_or_32",
        "log2",
        "keep",
        1.0,
        "xgboost",
        "XGBoost eval_metric 'ndcg@k' (ndcg_exp_gain=true by default); plain 'ndcg' stops at 32.",
        "XGBoost 3.2, src/metric/rank_metric.cc.",
    ),
    Preset(
        "xgboost_minus",
        "XGBoost",
        "ndcg@{k}-",
        "exponential",
        "list",
        "k_or_32",
        "log2",
        "keep",
        0.0,
        "xgboost",
        "XGBoost eval_metric 'ndcg@k-': the trailing minus scores an all-zero list 0.",
        "XGBoost 3.2, src/metric/rank_metric.cc.",
    ),
    # TF-Ranking is read from its source, not run (TensorFlow is not installed here):
    # utils.sort_by_scores(shuffle_ties=True) shuffles before a stable top_k, so tied scores
    # land in random order; it casts scores to float32 first, so scores that differ only past
    # float32 precision tie there too (not modelled). is_label_valid (label >= 0) masks the
    # rest: masked items go last with gain 0. The ideal DCG of 0 gives 0 (divide_no_nan).
    Preset(
        "tf_ranking",
        "TF-Ranking",
        "NDCGMetric(topn={k})",
        "exponential",
        "list",
        "k",
        "log2",
        "random",
        0.0,
        "tf_ranking",
        "tfr.keras.metrics.NDCGMetric(topn=k): 2^rel − 1 gain; ties shuffled at random.",
        "tensorflow_ranking/python/metrics_impl.py and utils.py (sort_by_scores, "
        "shuffle_ties=True; is_label_valid: label ≥ 0).",
    ),
    Preset(
        "torchmetrics",
        "torchmetrics",
        "retrieval_normalized_dcg(top_k={k})",
        "linear",
        "list",
        "k",
        "log2",
        "average",
        0.0,
        "torchmetrics",
        "torchmetrics.functional.retrieval_normalized_dcg(preds, target, top_k=k).",
        "torchmetrics 1.9, functional/retrieval/ndcg.py (tie-averaged, as scikit-learn).",
    ),
    Preset(
        "jarvelin",
        "Järvelin–Kekäläinen (2002)",
        "nDCG, b = 2",
        "linear",
        "judged",
        "k",
        "jarvelin",
        "keep",
        0.0,
        "core",
        "The original form: rank i ≥ 2 divided by log₂ i, ranks 1 and 2 undiscounted; the ideal "
        "from the recall base. trec_eval used it until 9.0.4.",
        "Järvelin & Kekäläinen (2002), ACM TOIS 20(4).",
    ),
)

PRESETS_BY_KEY = {preset.key: preset for preset in PRESETS}


# ---------------------------------------------------------------------------------------------
# Label domains: what each library accepts, refuses, or silently changes.
# ---------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class LabelOutcome:
    """Labels as the library will use them, or its refusal; and any silent change it made."""

    ranked: np.ndarray | None  # None when refused
    pool: np.ndarray | None
    refusal: str = ""
    surprise: str = ""
    dropped: np.ndarray | None = None  # TF-Ranking: positions masked out as padding


def _fmt(value: float) -> str:
    return np.format_float_positional(float(value), trim="-")


def _first(values: np.ndarray, condition: np.ndarray) -> float | None:
    hits = np.flatnonzero(condition)
    return float(values[hits[0]]) if hits.size else None


def _labels_sklearn(ranked: np.ndarray, pool: np.ndarray) -> LabelOutcome:
    if ranked.min() < 0:
        return LabelOutcome(
            None, None, "ValueError: ndcg_score should not be used on negative y_true values."
        )
    if ranked.size == 1:
        return LabelOutcome(
            None,
            None,
            "ValueError: Computing NDCG is only meaningful when there is more than 1 document. "
            "Got 1 instead.",
        )
    return LabelOutcome(ranked, pool)


def _labels_trec_eval(ranked: np.ndarray, pool: np.ndarray) -> LabelOutcome:
    both = np.concatenate([ranked, pool])
    if np.any(both != np.round(both)):
        return LabelOutcome(None, None, "TypeError: Expected relevance to be integer.")
    negative = _first(both, both < 0)
    if negative is None:
        return LabelOutcome(ranked, pool)
    return LabelOutcome(
        np.maximum(ranked, 0),
        np.maximum(pool, 0),
        surprise=(
            f"trec_eval reads {_fmt(negative)} as judged but not relevant: gain 0, left out of "
            f"the ideal, no warning."
        ),
    )


def _labels_ranx(ranked: np.ndarray, pool: np.ndarray) -> LabelOutcome:
    both = np.concatenate([ranked, pool])
    whole = np.trunc(both)
    notes = []
    fraction = _first(both, both != whole)
    if fraction is not None:
        notes.append(
            f"ranx stores judgments as whole numbers, so {_fmt(fraction)} became "
            f"{_fmt(math.trunc(fraction))}"
        )
    negative = _first(whole, whole < 0)
    if negative is not None:
        notes.append(f"only labels ≥ 1 count as relevant, so {_fmt(negative)} scored like 0")
    if not notes:
        return LabelOutcome(ranked, pool)
    used = np.maximum(whole, 0)
    return LabelOutcome(
        used[: ranked.size],
        used[ranked.size :],
        surprise="; ".join(notes) + ". No warning.",
    )


def _labels_lightgbm(ranked: np.ndarray, pool: np.ndarray) -> LabelOutcome:
    # LightGBM checks labels one by one in input order: the first bad one is named.
    for value in ranked:
        if value != round(value):
            return LabelOutcome(
                None,
                None,
                f"LightGBMError: label should be int type (met {value:f}) for ranking task, for "
                f"the gain of label, please set the label_gain parameter",
            )
        if value < 0:
            return LabelOutcome(
                None,
                None,
                f"LightGBMError: Label should be non-negative (met {value:f}) for ranking task",
            )
        if value >= 31:
            return LabelOutcome(
                None,
                None,
                f"LightGBMError: Label {int(value)} is not less than the number of label "
                f"mappings (31)",
            )
    return LabelOutcome(ranked, pool)


def _labels_xgboost(ranked: np.ndarray, pool: np.ndarray) -> LabelOutcome:
    if np.any((ranked != np.round(ranked)) | (ranked < 0)):
        return LabelOutcome(
            None,
            None,
            "XGBoostError: Check failed: label_is_integer: When using relevance degree as "
            "target, label must be either 0 or positive integer.",
        )
    if ranked.max() > 31:
        return LabelOutcome(
            None,
            None,
            "XGBoostError: Check failed: label_is_valid: Relevance degress must be lesser than "
            "or equal to 31 when the exponential NDCG gain function is used.",
        )
    return LabelOutcome(ranked, pool)


def _labels_tf_ranking(ranked: np.ndarray, pool: np.ndarray) -> LabelOutcome:
    negative = ranked < 0
    if not negative.any():
        return LabelOutcome(ranked, pool)
    return LabelOutcome(
        ranked,
        pool,
        surprise=(
            f"TF-Ranking treats a negative label ({_fmt(ranked[negative][0])}) as padding: "
            f"the item is dropped and the items below it move up. No warning."
        ),
        dropped=negative,
    )


def _labels_torchmetrics(ranked: np.ndarray, pool: np.ndarray) -> LabelOutcome:
    negative = _first(ranked, ranked < 0)
    if negative is None:
        return LabelOutcome(ranked, pool)
    return LabelOutcome(
        ranked,
        pool,
        surprise=(
            f"torchmetrics uses {_fmt(negative)} as a negative gain: the item costs DCG and "
            f"the ideal puts it last, so NDCG is no longer bounded by 0 and 1. No warning."
        ),
    )


def _labels_core(ranked: np.ndarray, pool: np.ndarray) -> LabelOutcome:
    negative = _first(ranked, ranked < 0)
    if negative is None:
        return LabelOutcome(ranked, pool)
    return LabelOutcome(
        None,
        None,
        f"ValueError: The 2002 form is not defined for negative labels ({_fmt(negative)} "
        f"here): its gains are relevance grades 0, 1, 2, 3.",
    )


LABEL_RULES = {
    "sklearn": (
        _labels_sklearn,
        "any number ≥ 0; refuses negative labels and a single document",
    ),
    "trec_eval": (
        _labels_trec_eval,
        "whole numbers only; a negative label means judged, not relevant",
    ),
    "ranx": (_labels_ranx, "turns labels into whole numbers silently; relevant means ≥ 1"),
    "lightgbm": (_labels_lightgbm, "whole numbers 0 to 30 only"),
    "xgboost": (_labels_xgboost, "whole numbers 0 to 31 only"),
    "tf_ranking": (_labels_tf_ranking, "any number; a negative label marks padding"),
    "torchmetrics": (_labels_torchmetrics, "any number, negative ones as negative gains"),
    "core": (_labels_core, "grades ≥ 0"),
}


# ---------------------------------------------------------------------------------------------
# The query, checked once.
# ---------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Query:
    """One query: relevances in ranked order, the scores and ids that rank them, the pool."""

    relevances: tuple[float, ...]
    scores: tuple[float, ...]
    ids: tuple[str, ...]
    pool: tuple[float, ...] = ()
    k: int | None = None
    scores_given: bool = False

    @property
    def n(self) -> int:
        return len(self.relevances)

    @property
    def pool_ids(self) -> tuple[str, ...]:
        """Ids for the judged-but-not-retrieved items, distinct from the ranked ids."""
        taken = set(self.ids)
        names, i = [], 1
        while len(names) < len(self.pool):
            name = f"P{i}"
            if name not in taken:
                names.append(name)
            i += 1
        return tuple(names)


def _numbers(values: Iterable, parameter: str, allow_negative: bool = True) -> tuple[float, ...]:
    if isinstance(values, (str, bytes)):
        raise ValueError(f"`{parameter}` must be a list of numbers, not text; got {values!r}.")
    out = []
    for i, value in enumerate(values, start=1):
        if not _is_number(value) or not math.isfinite(float(value)):
            raise ValueError(f"`{parameter}` must hold finite numbers; position {i} is {value!r}.")
        if not allow_negative and value < 0:
            raise ValueError(f"`{parameter}` must not be negative; position {i} is {_fmt(value)}.")
        out.append(float(value))
    return tuple(out)


def make_query(
    relevances: Sequence[float],
    k: int | None = None,
    *,
    scores: Sequence[float] | None = None,
    ids: Sequence[str] | None = None,
    pool: Sequence[float] | None = None,
) -> Query:
    """Check one query's parts; without scores the items get n, n − 1, …, 1 (no ties).

    Negative relevances are allowed here (libraries differ on them); the pool must be ≥ 0.
    Without ids the items are called D1, D2, …
    """
    rel = _numbers(relevances, "relevances")
    if not rel:
        raise ValueError("`relevances` is empty: NDCG needs at least one ranked item.")
    n = len(rel)
    if scores is None:
        score = tuple(float(n - i) for i in range(n))
    else:
        score = _numbers(scores, "scores")
        if len(score) != n:
            raise ValueError(
                f"`scores` must have one score per ranked item: {n} items but {len(score)} scores."
            )
    if ids is None:
        names = tuple(f"D{i}" for i in range(1, n + 1))
    else:
        names = tuple(str(name).strip() for name in ids)
        if len(names) != n:
            raise ValueError(
                f"`ids` must have one id per ranked item: {n} items but {len(names)} ids."
            )
        if not all(names):
            empty = names.index("") + 1
            raise ValueError(f"`ids` must not be empty; position {empty} is.")
        if len(set(names)) != n:
            seen: set[str] = set()
            repeat = next(name for name in names if name in seen or seen.add(name))
            raise ValueError(f"`ids` must be unique; '{repeat}' appears more than once.")
    return Query(
        rel,
        score,
        names,
        _numbers(() if pool is None else pool, "pool", allow_negative=False),
        check_k(k),
        scores is not None,
    )


# ---------------------------------------------------------------------------------------------
# Scoring one query under one preset.
# ---------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Verdict:
    """What one library says about one query."""

    preset: Preset
    metric: str
    kind: str  # "number", "surprise" (a number after a silent change) or "refused"
    value: float  # NaN when refused
    message: str = ""  # the refusal, or the silent change
    low: float | None = None  # for random tie-breaking: the worst and best orders
    high: float | None = None
    causes: tuple[str, ...] = ()
    explanation: str = ""
    dcg: float = float("nan")  # the averaged DCG for averaged or random ties
    idcg: float = float("nan")
    cut: int | None = None  # the k the library applied (None: whole list)

    @property
    def shown(self) -> str:
        """The verdict in a few characters, for tables."""
        if self.kind == "refused":
            return "refuses"
        text = f"{self.value:.4f}"
        if self.low is not None and self.high is not None and self.high - self.low > 1e-12:
            text += f" (random: {self.low:.4f}–{self.high:.4f})"
        return text + (" ⚠" if self.kind == "surprise" else "")


def tie_groups(scores: Sequence[float]) -> list[list[int]]:
    """Positions (0-based, input order) of each group of two or more equal scores, best first."""
    by_score: dict[float, list[int]] = {}
    for i, s in enumerate(scores):
        by_score.setdefault(float(s), []).append(i)
    return [group for s, group in sorted(by_score.items(), key=lambda t: -t[0]) if len(group) > 1]


def ranking_order(scores: Sequence[float], ids: Sequence[str], ties: str) -> np.ndarray:
    """Input positions in ranked order (decreasing score), tied scores ordered by `ties`.

    ``"keep"``: input order (a stable sort, LightGBM, XGBoost); ``"docid"``: id descending,
    compared as text (trec_eval's qsort on strcmp); ``"reverse"``: scikit-learn's
    ``ignore_ties=True``, literally its ``np.argsort(y_score)[:, ::-1]``: numpy's default sort
    is not stable (on this machine it uses SIMD sorting networks), so the order among ties is
    whatever that call gives, and only the same call reproduces it.
    """
    score = np.asarray(scores, dtype=float)
    if ties == "keep":
        return np.argsort(-score, kind="stable")
    if ties == "docid":
        by_id = sorted(range(score.size), key=lambda i: ids[i], reverse=True)
        return np.array(sorted(by_id, key=lambda i: -score[i]), dtype=int)
    if ties == "reverse":
        return np.argsort(score[np.newaxis, :])[:, ::-1][0]
    if ties == "numba":
        return np.array(numba_argsort(-score), dtype=int)
    raise ValueError(f"`ties` must be 'keep', 'docid', 'reverse' or 'numba'; got {ties!r}.")


def numba_argsort(keys: Sequence[float]) -> list[int]:
    """``np.argsort(keys)`` as numba 0.6x compiles it (ranx sorts a run with it).

    Numba's default 'quicksort' is not numpy's: median-of-three quicksort with insertion sort
    on up to 15 items (numba/misc/quicksort.py, ported line by line). It is not stable, so on a
    list of 16 or more the order among tied scores depends on this exact algorithm.
    """
    a = [float(x) for x in keys]
    r = list(range(len(a)))
    if len(a) < 2:
        return r

    def insertion_sort(low: int, high: int) -> None:
        for i in range(low + 1, high + 1):
            k = r[i]
            v = a[k]
            j = i
            while j > low and v < a[r[j - 1]]:
                r[j] = r[j - 1]
                j -= 1
            r[j] = k

    def partition(low: int, high: int) -> int:
        mid = (low + high) >> 1
        if a[r[mid]] < a[r[low]]:
            r[low], r[mid] = r[mid], r[low]
        if a[r[high]] < a[r[mid]]:
            r[high], r[mid] = r[mid], r[high]
        if a[r[mid]] < a[r[low]]:
            r[low], r[mid] = r[mid], r[low]
        pivot = a[r[mid]]
        r[high], r[mid] = r[mid], r[high]
        i, j = low, high - 1
        while True:
            while i < high and a[r[i]] < pivot:
                i += 1
            while j >= low and pivot < a[r[j]]:
                j -= 1
            if i >= j:
                break
            r[i], r[j] = r[j], r[i]
            i += 1
            j -= 1
        r[i], r[high] = r[high], r[i]
        return i

    stack = [(0, len(a) - 1)]
    while stack:
        low, high = stack.pop()
        while high - low >= NUMBA_SMALL_QUICKSORT:
            i = partition(low, high)
            if high - i > i - low:
                if high > i:
                    stack.append((i + 1, high))
                high = i - 1
            else:
                if i > low:
                    stack.append((low, i - 1))
                low = i + 1
        insertion_sort(low, high)
    return r


def _extreme_order(scores: np.ndarray, relevances: np.ndarray, best: bool) -> np.ndarray:
    """Ranked order with each tie group sorted best-first (or worst-first) by relevance."""
    sign = -1.0 if best else 1.0
    return np.lexsort((sign * relevances, -scores))


def _signed_dcg(ordered: np.ndarray, k: int | None, gain: str, discount: str) -> float:
    """DCG that allows negative labels (linear gain only): DCG(positive part) − DCG(negative)."""
    if ordered.min() >= 0:
        return dcg(ordered, k, gain=gain, discount=discount)
    return dcg(np.maximum(ordered, 0), k, gain=gain, discount=discount) - dcg(
        np.maximum(-ordered, 0), k, gain=gain, discount=discount
    )


def _averaged_dcg(
    relevances: np.ndarray, scores: np.ndarray, k: int | None, gain: str, discount: str
) -> float:
    """Tie-averaged DCG (batch_ndcg's "average"); negative labels split as in `_signed_dcg`."""

    def part(values: np.ndarray) -> float:
        result = batch_ndcg(
            np.zeros(values.size, dtype=int),
            values,
            scores,
            k,
            ties="average",
            gain=gain,
            discount=discount,
        )
        return float(result.per_query["dcg"].iloc[0])

    if relevances.min() >= 0:
        return part(relevances)
    return part(np.maximum(relevances, 0)) - part(np.maximum(-relevances, 0))


def _score(preset: Preset, query: Query) -> Verdict:
    """The preset's NDCG for the query, with no comparison to other rows."""
    check, _ = LABEL_RULES[preset.labels]
    outcome = check(np.asarray(query.relevances), np.asarray(query.pool))
    metric = preset.metric_name(query.k, query.n)
    if outcome.ranked is None:
        return Verdict(preset, metric, "refused", float("nan"), outcome.refusal)
    rel = np.asarray(outcome.ranked, dtype=float)
    scores = np.asarray(query.scores, dtype=float)
    ids = list(query.ids)
    if outcome.dropped is not None:
        keep = ~outcome.dropped
        rel, scores = rel[keep], scores[keep]
        ids = [name for name, kept in zip(ids, keep) if kept]

    if preset.cut == "none":
        k = None
    elif preset.cut == "k_or_list":
        k = query.k if query.k is not None else query.n
    elif preset.cut == "k_or_32":
        # Checked with XGBoost 3.2: eval_metric "ndcg" (no @k) equals "ndcg@32" on longer lists.
        k = query.k if query.k is not None else XGBOOST_DEFAULT_CUT
    else:
        k = query.k
    gain, discount = preset.gain, preset.discount

    low = high = None
    if rel.size == 0:
        top = 0.0
    elif preset.ties in ("average", "random"):
        top = _averaged_dcg(rel, scores, k, gain, discount)
        if preset.ties == "random":
            low = _signed_dcg(rel[_extreme_order(scores, rel, False)], k, gain, discount)
            high = _signed_dcg(rel[_extreme_order(scores, rel, True)], k, gain, discount)
    else:
        top = _signed_dcg(rel[ranking_order(scores, ids, preset.ties)], k, gain, discount)

    ideal_values = rel if preset.ideal == "list" else np.concatenate([rel, outcome.pool])
    ideal_values = np.sort(ideal_values)[::-1]
    if ideal_values.size == 0:
        best = 0.0
    elif ideal_values.min() >= 0:
        best = idcg(ideal_values, k, gain=gain, discount=discount)
    else:
        best = _signed_dcg(ideal_values, k, gain, discount)

    kind = "surprise" if outcome.surprise else "number"
    if best == 0:
        value = preset.on_zero
        low = high = None
    else:
        value = top / best
        if low is not None:
            low, high = low / best, high / best
    return Verdict(
        preset,
        metric,
        kind,
        float(value),
        outcome.surprise,
        low,
        high,
        dcg=float(top),
        idcg=float(best),
        cut=k,
    )


def _differs(a: Verdict, b: Verdict) -> bool:
    if (a.kind == "refused") != (b.kind == "refused"):
        return True
    if a.kind == "refused":
        return False
    return not math.isclose(a.value, b.value, rel_tol=0, abs_tol=1e-12)


_CAUSE_FIELDS = {
    "gain": ("gain",),
    "ideal": ("ideal", "cut"),
    "discount": ("discount",),
    "ties": ("ties",),
    "on_zero": ("on_zero",),
    "labels": ("labels",),
}


def _causes(preset: Preset, reference: Preset, query: Query, verdict: Verdict, first: Verdict):
    """The points on which `preset` differs from `reference` that change this query's verdict.

    Each differing point is tried alone: the preset with that point set back to the
    reference's choice. A point whose reversal changes the verdict is a cause. When the
    verdicts differ but no single point explains it (points that act only together), every
    differing point is named.
    """
    differing = [
        cause
        for cause, fields in _CAUSE_FIELDS.items()
        if any(getattr(preset, f) != getattr(reference, f) for f in fields)
    ]
    if not _differs(verdict, first):
        return ()
    found = []
    for cause in differing:
        changes = {f: getattr(reference, f) for f in _CAUSE_FIELDS[cause]}
        if _differs(_score(replace(preset, **changes), query), verdict):
            found.append(cause)
    return tuple(found or differing)


def _cause_words(cause: str, preset: Preset, reference: Preset, query: Query, v: Verdict) -> str:
    if cause == "gain":
        return (
            "gain 2^rel − 1 instead of rel"
            if preset.gain == "exponential"
            else "gain rel instead of 2^rel − 1"
        )
    if cause == "ideal":
        parts = []
        if preset.ideal != reference.ideal:
            if preset.ideal == "judged":
                parts.append(
                    f"the ideal counts the {len(query.pool)} judged item(s) never retrieved"
                    if query.pool
                    else "the ideal comes from the judgments"
                )
            else:
                parts.append("the ideal ignores the judged items never retrieved")
        if preset.cut != reference.cut:
            parts.append(
                CUTS[preset.cut].split(" (")[0] if preset.cut == "none" else CUTS[preset.cut]
            )
        return "; ".join(parts)
    if cause == "discount":
        return "the Järvelin–Kekäläinen discount: ranks 1 and 2 both undiscounted"
    if cause == "ties":
        return TIE_RULES[preset.ties]
    if cause == "on_zero":
        return f"a list with no relevant item scores {preset.on_zero:g}, not {reference.on_zero:g}"
    if cause == "labels":
        if v.kind == "refused":
            return f"refuses this input ({LABEL_RULES[preset.labels][1]})"
        if v.kind == "surprise":
            return "changes the labels silently: " + v.message
        return f"accepts what {reference.library} refuses ({LABEL_RULES[preset.labels][1]})"
    raise ValueError(f"Unknown cause {cause!r}.")


def evaluate_query(
    relevances: Sequence[float],
    k: int | None = None,
    *,
    scores: Sequence[float] | None = None,
    ids: Sequence[str] | None = None,
    pool: Sequence[float] | None = None,
    presets: Sequence[Preset] = PRESETS,
) -> list[Verdict]:
    """Score one query under every preset; say why each row differs from the first.

    Parameters
    ----------
    relevances : list of float
        Labels in ranked order (negative values allowed: libraries disagree on them).
    k : int or None
        Cut-off; larger than the list is allowed.
    scores : list of float, optional
        The system's scores, one per item; they decide the ranking and may tie. Without them
        the list order is the ranking (scores n, n − 1, …, 1).
    ids : list of str, optional
        Document ids (trec_eval breaks ties by id, descending). Default D1, D2, …
    pool : list of float, optional
        Relevances of judged items never retrieved; only libraries that build the ideal from
        the judgments (trec_eval, ranx, Järvelin–Kekäläinen) see them.

    >>> rows = evaluate_query([3, 2, 3, 0, 1, 2], 6, pool=[3, 2])
    >>> [round(rows[i].value, 4) for i in (0, 3)]
    [0.9608, 0.785]
    """
    query = make_query(relevances, k, scores=scores, ids=ids, pool=pool)
    return evaluate(query, presets)


def evaluate(query: Query, presets: Sequence[Preset] = PRESETS) -> list[Verdict]:
    """`evaluate_query` for a checked `Query`."""
    verdicts = [_score(preset, query) for preset in presets]
    reference, first = presets[0], verdicts[0]
    out = []
    for preset, verdict in zip(presets, verdicts):
        causes = () if preset is reference else _causes(preset, reference, query, verdict, first)
        words = "; ".join(_cause_words(c, preset, reference, query, verdict) for c in causes)
        if preset is reference:
            words = "the reference row"
        elif not causes:
            words = "same as the first row"
        out.append(replace(verdict, causes=causes, explanation=words))
    return out


def verdict_table(verdicts: Sequence[Verdict]) -> pd.DataFrame:
    """One row per preset: library, measure, verdict, value, what differs and why."""
    return pd.DataFrame(
        {
            "library": [v.preset.library for v in verdicts],
            "measure": [v.metric for v in verdicts],
            "verdict": [v.shown for v in verdicts],
            "value": [v.value for v in verdicts],
            "differs by": [", ".join(CAUSES[c] for c in v.causes) for v in verdicts],
            "why, in plain words": [
                v.message if v.kind == "refused" else v.explanation for v in verdicts
            ],
        }
    )


# ---------------------------------------------------------------------------------------------
# Ties, side by side.
# ---------------------------------------------------------------------------------------------


def tie_breaking(query: Query, gain: str = "linear") -> pd.DataFrame:
    """NDCG@k under each way of ordering tied scores (ideal from the list, log2 discount).

    Rows: averaged (scikit-learn, torchmetrics), id descending (trec_eval), input order
    (LightGBM, XGBoost), random (TF-Ranking; the worst order, the average, the best order).
    Columns: rule, short (a chart label), used_by, order (ids, top first), ndcg.
    """
    rel = np.asarray(query.relevances, dtype=float)
    if rel.min() < 0:
        raise ValueError("The tie visualiser needs labels ≥ 0; this list has a negative one.")
    scores = np.asarray(query.scores, dtype=float)
    k = query.k
    best = idcg(rel, k, gain=gain)

    def norm(value: float) -> float:
        return value / best if best else 0.0

    def names(order: np.ndarray) -> str:
        return ", ".join(query.ids[i] for i in order)

    rows = [
        (
            "averaged over tied groups",
            "averaged",
            "scikit-learn, torchmetrics",
            "(every order, averaged)",
            norm(_averaged_dcg(rel, scores, k, gain, "log2")),
        )
    ]
    for rule, short, used_by in (
        ("docid", "id, descending", "trec_eval"),
        ("keep", "input order", "LightGBM, XGBoost (ranx up to 15 items)"),
        ("reverse", "argsort, reversed", "scikit-learn ignore_ties=True"),
    ):
        order = ranking_order(scores, query.ids, rule)
        value = norm(dcg(rel[order], k, gain=gain))
        rows.append((TIE_RULES[rule], short, used_by, names(order), value))
    for best_first, label, short in (
        (False, "random: worst possible order", "random: worst"),
        (True, "random: best possible order", "random: best"),
    ):
        order = _extreme_order(scores, rel, best_first)
        value = norm(dcg(rel[order], k, gain=gain))
        rows.append((label, short, "TF-Ranking (one run)", names(order), value))
    return pd.DataFrame(rows, columns=["rule", "short", "used_by", "order", "ndcg"])


# ---------------------------------------------------------------------------------------------
# The edge-case gallery.
# ---------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Case:
    """One edge case: a query and what to notice about it."""

    key: str
    title: str
    relevances: tuple[float, ...]
    notice: str
    scores: tuple[float, ...] | None = None
    ids: tuple[str, ...] | None = None
    pool: tuple[float, ...] = ()
    k: int | None = None

    def query(self) -> Query:
        return make_query(self.relevances, self.k, scores=self.scores, ids=self.ids, pool=self.pool)


GALLERY: tuple[Case, ...] = (
    Case(
        "all_zero",
        "All-zero list",
        (0.0, 0.0, 0.0),
        "No item is relevant, so the ideal DCG is 0 and NDCG is 0/0. LightGBM and XGBoost call "
        "that 1, everyone else 0: averaged over queries, this alone moves the mean.",
    ),
    Case(
        "negative",
        "Negative label",
        (2.0, -1.0, 1.0, 0.0),
        "scikit-learn, LightGBM and XGBoost refuse; trec_eval and ranx read −1 as 0; TF-Ranking "
        "drops the item; torchmetrics uses it as a negative gain.",
    ),
    Case(
        "continuous",
        "Continuous 0–1 labels",
        (0.9, 0.3, 0.6, 0.1),
        "trec_eval, LightGBM and XGBoost refuse fractions; ranx quietly turns every one into 0 "
        "and reports 0.",
    ),
    Case(
        "ties",
        "Tied scores",
        (0.0, 2.0, 1.0, 3.0),
        "Two pairs of equal scores: averaging, id order and input order give three numbers.",
        scores=(0.8, 0.8, 0.5, 0.5),
        ids=("d1", "d4", "d2", "d3"),
    ),
    Case(
        "single",
        "Single document",
        (2.0,),
        "One item is trivially in the best order, so NDCG is 1 — but scikit-learn refuses a "
        "list of one.",
    ),
    Case(
        "k_beyond",
        "k larger than the list",
        (1.0, 3.0, 0.0),
        "k = 10 on a list of 3: the missing positions add nothing, so every library gives its "
        "whole-list value.",
        k=10,
    ),
    Case(
        "not_retrieved",
        "A relevant document never retrieved",
        (3.0, 2.0, 3.0, 0.0, 1.0, 2.0),
        "Two judged documents (3 and 2) were never retrieved. Libraries that build the ideal "
        "from the judgments (trec_eval, ranx) score the system lower: 0.785 rather than 0.961.",
        pool=(3.0, 2.0),
        k=6,
    ),
)

GALLERY_BY_KEY = {case.key: case for case in GALLERY}


def gallery_table(presets: Sequence[Preset] = PRESETS) -> pd.DataFrame:
    """Each preset (rows, by title) on each gallery case (columns): the short verdict."""
    data = {}
    for case in GALLERY:
        verdicts = evaluate(case.query(), presets)
        data[case.title] = [v.shown for v in verdicts]
    return pd.DataFrame(data, index=pd.Index([p.title for p in presets], name="library"))


# ---------------------------------------------------------------------------------------------
# Reproduce it yourself: a program per library that prints that row's number.
# ---------------------------------------------------------------------------------------------

PIP_NAMES = {
    "scikit-learn": "scikit-learn",
    "trec_eval": "pytrec-eval-terrier",
    "ranx": "ranx",
    "LightGBM": "lightgbm numpy",
    "XGBoost": "xgboost numpy",
    "TF-Ranking": "tensorflow-ranking",
    "torchmetrics": "torch torchmetrics",
    "Järvelin–Kekäläinen (2002)": "",
}


def _list(values: Sequence[float]) -> str:
    return "[" + ", ".join(_fmt(v) for v in values) + "]"


def _docs(ids: Sequence[str], values: Sequence[float]) -> str:
    import json

    return "{" + ", ".join(f"{json.dumps(i)}: {_fmt(v)}" for i, v in zip(ids, values)) + "}"


def snippet(preset: Preset, query: Query) -> str:
    """Python code that prints `preset`'s NDCG for `query` with the library itself.

    The items are passed in input order with their scores and ids, so a library that breaks
    ties by input order or by id ranks them exactly as the page does.
    """
    rels, scores = query.relevances, query.scores
    k = query.k
    metric = preset.metric_name(k, query.n)
    lib = preset.library
    if lib == "scikit-learn":
        extra = ", ignore_ties=True" if preset.ties == "reverse" else ""
        return (
            "from sklearn.metrics import ndcg_score\n\n"
            f"y_true = [{_list(rels)}]\n"
            f"y_score = [{_list(scores)}]\n"
            f"print(ndcg_score(y_true, y_score, k={k}{extra}))\n"
        )
    if lib in ("trec_eval", "ranx"):
        judged_ids = list(query.ids) + list(query.pool_ids)
        judged = list(rels) + list(query.pool)
        qrels = _docs(judged_ids, judged)
        run = _docs(query.ids, scores)
        if lib == "trec_eval":
            return (
                "import pytrec_eval\n\n"
                "# Judged items: the ranked ones and those never retrieved (P1, P2, ...).\n"
                f'qrels = {{"q1": {qrels}}}\n'
                f'run = {{"q1": {run}}}\n'
                f'evaluator = pytrec_eval.RelevanceEvaluator(qrels, {{"{metric}"}})\n'
                f'print(evaluator.evaluate(run)["q1"]["{metric.replace(".", "_")}"])\n'
            )
        return (
            "from ranx import Qrels, Run, evaluate\n\n"
            "# Judged items: the ranked ones and those never retrieved (P1, P2, ...).\n"
            f'qrels = Qrels({{"q1": {qrels}}})\n'
            f'run = Run({{"q1": {run}}})\n'
            f'print(evaluate(qrels, run, "{metric}"))\n'
        )
    cut = k if k is not None else query.n
    if lib == "LightGBM":
        return (
            "import lightgbm as lgb\n"
            "import numpy as np\n\n"
            f"labels = {_list(rels)}\n"
            f"scores = {_list(scores)}\n"
            "# The metric is read off a Booster whose scores are the init_score: no tree is grown.\n"
            "data = lgb.Dataset(\n"
            "    np.zeros((len(labels), 1)), label=labels, group=[len(labels)],\n"
            '    init_score=scores, params={"verbose": -1},\n'
            ")\n"
            "params = {\n"
            f'    "objective": "lambdarank", "metric": "ndcg", "eval_at": [{cut}], "verbose": -1\n'
            "}\n"
            "booster = lgb.Booster(params=params, train_set=data)\n"
            "print(booster.eval_train()[0][2])\n"
        )
    if lib == "XGBoost":
        return (
            "import numpy as np\n"
            "import xgboost as xgb\n\n"
            f"labels = {_list(rels)}\n"
            f"scores = {_list(scores)}\n"
            "# The scores go in as base_margin and no tree is trained (num_boost_round=0).\n"
            "data = xgb.DMatrix(\n"
            "    np.zeros((len(labels), 1)), label=labels, base_margin=scores,\n"
            "    qid=np.zeros(len(labels), dtype=int),\n"
            ")\n"
            f'params = {{"objective": "rank:ndcg", "eval_metric": "{metric}"}}\n'
            "booster = xgb.train(params, data, num_boost_round=0)\n"
            'print(float(booster.eval(data).split(":")[-1]))\n'
        )
    if lib == "TF-Ranking":
        note = (
            "# Tied scores are shuffled at random: each run prints one value from the range the\n"
            "# page shows; their average is the page's number.\n"
            if tie_groups(scores)
            else ""
        )
        top = "" if k is None else f"topn={k}"
        return (
            "import tensorflow_ranking as tfr\n\n"
            f"labels = [{_list(rels)}]\n"
            f"scores = [{_list(scores)}]\n"
            f"{note}"
            f"print(float(tfr.keras.metrics.NDCGMetric({top})(labels, scores)))\n"
        )
    if lib == "torchmetrics":
        return (
            "import torch\n"
            "from torchmetrics.functional.retrieval import retrieval_normalized_dcg\n\n"
            f"target = torch.tensor({_list(rels)}, dtype=torch.float64)\n"
            f"preds = torch.tensor({_list(scores)}, dtype=torch.float64)\n"
            f"print(float(retrieval_normalized_dcg(preds, target, top_k={k})))\n"
        )
    judged = list(rels) + list(query.pool)
    return (
        "import math\n\n"
        f"relevances = {_list(rels)}\n"
        f"scores = {_list(scores)}\n"
        "# Every judged relevance: the ranked items' and those never retrieved.\n"
        f"judged = {_list(judged)}\n"
        f"k = {k}\n"
        "if min(judged) < 0:\n"
        '    raise ValueError("The 2002 form is not defined for negative labels.")\n\n\n'
        "def dcg(gains, k):\n"
        "    # Järvelin & Kekäläinen (2002), b = 2: rank i is divided by max(1, log2 i).\n"
        "    return sum(g / max(1.0, math.log2(i)) for i, g in enumerate(gains[:k], start=1))\n\n\n"
        "ranked = [r for _, r in sorted(zip(scores, relevances), key=lambda p: -p[0])]\n"
        "best = dcg(sorted(judged, reverse=True), k)\n"
        "print(dcg(ranked, k) / best if best > 0 else 0.0)\n"
    )
