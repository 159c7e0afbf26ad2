"""Each library's NDCG as data: one `Preset` per measure, with its choice on every point where
implementations part ways. (The program that reproduces it with the library itself is teaching
material: `lessons.snippets`.)

The six points are the gain, where the ideal ranking comes from and where it is cut, the
discount, how tied scores are ordered, what a list without any relevant item scores, and which
labels the library accepts. Gains, discounts, ideal sources, the all-zero rule and the three tie
rules the core computes are `ndcg_core.options` records; the tie rules and cut rules only some
libraries follow are described here, as `Option`s too.

Every claim was checked by running the library where it installs here
(tests/crosscheck/test_libraries.py), in the versions of `CHECKED_VERSIONS` (ranx in its own venv
with pandas < 3, because it breaks on pandas 3; torchmetrics with the CPU build of torch).
TF-Ranking needs TensorFlow, which is not installed here: its preset follows its source
(metrics_impl.py and utils.py) and is tested against hand-worked values.

References (written out in `ndcg_core.references`): Järvelin & Kekäläinen (2002), Burges et al.
(2005), McSherry & Najork (2008).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from i18n import N_

from ..model import Scoring, check_cut
from ..options import (
    DISCOUNTS,
    EVERY_RANKED,
    GAINS,
    IDEALS,
    NO_CUTOFF,
    ON_ZERO,
    TIES,
    Option,
    check_option,
)
from ..references import REFERENCES
from .labels import LABEL_RULES

# The points on which presets differ, as the results table names them.
CAUSES = {  # shown as tr(CAUSES[cause])
    "gain": N_("gain"),
    "ideal": N_("ideal source and cut"),
    "discount": N_("discount"),
    "ties": N_("ties"),
    "on_zero": N_("all-zero rule"),
    "labels": N_("label domain"),
}

# ---------------------------------------------------------------------------------------------
# Tie rules and cut rules: the core's three tie rules, and the ones only some libraries follow
# ---------------------------------------------------------------------------------------------

NUMBA_SMALL_QUICKSORT = 15  # numba sorts this many items or fewer by (stable) insertion sort

TIE_RULES: dict[str, Option] = {
    **TIES,
    "reverse": Option(
        name="reverse",
        label=N_("Argsort, reversed (scikit-learn ignore_ties=True)"),
        short=N_("argsort, reversed"),
        description=N_(
            "Tied scores come in whatever order numpy's unstable argsort leaves them, reversed: "
            "ignore_ties=True is meant for scores without ties."
        ),
        used_by="scikit-learn ignore_ties=True",
    ),
    "numba": Option(
        name="numba",
        label=N_("numba's quicksort (ranx)"),
        short=N_("numba's quicksort"),
        description=(
            f"Tied scores keep their input order on lists of up to {NUMBA_SMALL_QUICKSORT} "
            f"items (numba's quicksort sorts those by insertion); longer lists mix them."
        ),
        used_by="ranx",
    ),
    "random": Option(
        name="random",
        label=N_("Shuffled at random (TF-Ranking)"),
        short=N_("shuffled at random"),
        description=N_(
            "Tied scores are shuffled at random before ranking; the number shown is the average "
            "over every order, with the worst and the best order beside it."
        ),
        used_by="TF-Ranking",
    ),
}

# The version of each library the presets were checked against, by running it: the one home of
# these numbers (the /libraries page, the lessons and the presets' references say them from here).
CHECKED_VERSIONS: dict[str, str] = {
    "scikit-learn": "1.9",
    "pytrec-eval-terrier": "0.5",
    "trec_eval": "9.0.8",  # the version pytrec-eval-terrier wraps
    "ranx": "0.3",
    "LightGBM": "4.7",
    "XGBoost": "3.2",
    "torchmetrics": "1.9",
    "torch": "2.13",
}


def checked(library: str) -> str:
    """A library with the version it was checked in: 'scikit-learn 1.9'."""
    if library not in CHECKED_VERSIONS:
        raise ValueError(
            f"`library` must be one of {', '.join(CHECKED_VERSIONS)}; got {library!r}."
        )
    return f"{library} {CHECKED_VERSIONS[library]}"


XGBOOST_DEFAULT_CUT = 32  # XGBoost's "ndcg" without @k stops here (checked in CHECKED_VERSIONS)


@dataclass(frozen=True, kw_only=True)
class CutRule(Option):
    """How a library applies k, and how deep it scores when it is given none.

    `ignores_k`: the measure has no cut-off at all. `without_k`: the depth used when no k is
    given, as a `Scoring.k`: "none" (the whole list against the whole ideal), "n" (both cut at
    the list's length) or a number.
    """

    ignores_k: bool = False
    without_k: int | str = NO_CUTOFF


CUT_RULES: dict[str, CutRule] = {
    "k": CutRule(
        name="k",
        label=N_("k cuts both"),
        short=N_("k cuts the list and the ideal"),
        description=N_(
            "k cuts the list and the ideal alike; without k, the whole list is scored against "
            "the whole ideal."
        ),
    ),
    "k_or_list": CutRule(
        name="k_or_list",
        label=N_("k cuts both, or the list's length"),
        short=N_("k, or the list's length"),
        description=N_(
            "k cuts the list and the ideal alike; without k, both are cut at the list's length."
        ),
        without_k=EVERY_RANKED,
    ),
    "none": CutRule(
        name="none",
        label=N_("no cut-off"),
        short=N_("no cut-off"),
        description=N_("k is ignored: the whole run is scored against the whole ideal."),
        ignores_k=True,
    ),
    "k_or_32": CutRule(
        name="k_or_32",
        label=f"k cuts both, or {XGBOOST_DEFAULT_CUT}",
        short=f"k, or {XGBOOST_DEFAULT_CUT}",
        description=(
            f"k cuts the list and the ideal alike; without k, both are cut at "
            f"{XGBOOST_DEFAULT_CUT}, XGBoost's default for 'ndcg'."
        ),
        without_k=XGBOOST_DEFAULT_CUT,
    ),
}


# ---------------------------------------------------------------------------------------------
# The preset record
# ---------------------------------------------------------------------------------------------


@dataclass(frozen=True, kw_only=True)
class Preset:
    """One library's NDCG, as data: the name it goes by and its choice on each point.

    measure: the library's name for it with ``{k}`` where the cut-off goes ("ndcg_cut.{k}");
    measure_without_k: its name when called without k ("ndcg"), or None when it has no such
    form and is always spelled with a number (trec_eval's ndcg_cut, LightGBM's eval_at).
    gain, discount, ideal, zero: keys of `options.GAINS`, `DISCOUNTS`, `IDEALS`, `ON_ZERO`;
    ties: a key of `TIE_RULES`; cut: a key of `CUT_RULES`; labels: a key of `LABEL_RULES`.
    is_library: False for a row that is a paper's formula, not a library (left out of spreads).
    """

    key: str
    library: str
    measure: str
    measure_without_k: str | None
    gain: str
    ideal: str
    cut: str
    discount: str
    ties: str
    zero: str
    labels: str
    description: str
    reference: str
    is_library: bool = True

    def __post_init__(self) -> None:
        check_option(self.gain, GAINS, "gain")
        check_option(self.discount, DISCOUNTS, "discount")
        check_option(self.ideal, IDEALS, "ideal")
        check_option(self.ties, TIE_RULES, "ties")
        check_option(self.cut, CUT_RULES, "cut")
        check_option(self.zero, ON_ZERO, "zero")
        check_option(self.labels, LABEL_RULES, "labels")

    @property
    def title(self) -> str:
        """Library and measure with k as a letter, e.g. ``trec_eval ndcg_cut.k``."""
        return f"{self.library} {self.measure.replace('{k}', 'k')}"

    @property
    def on_zero(self) -> float:
        """NDCG when the ideal DCG is 0: 0.0 or 1.0."""
        return ON_ZERO[self.zero].value

    @property
    def cut_rule(self) -> CutRule:
        return CUT_RULES[self.cut]

    def library_k(self, k: int | None) -> int | None:
        """The k this library is called with for the page's k (None: called without one)."""
        return None if self.cut_rule.ignores_k else k

    def cut_at(self, k: int | None, n: int) -> int | None:
        """How deep the library scores the list and its ideal for the page's k (None: whole)."""
        rule = self.cut_rule
        if rule.ignores_k:
            return None
        if k is not None:
            return k
        if rule.without_k == EVERY_RANKED:
            return n
        return rule.without_k if isinstance(rule.without_k, int) else None

    def metric_name(self, k: int | None, n: int) -> str:
        """The measure as the library spells it for the page's k, e.g. ``ndcg_cut.6``."""
        called = self.library_k(k)
        if called is None and self.measure_without_k is not None:
            return self.measure_without_k
        return self.measure.replace("{k}", str(called if called is not None else n))

    def scoring(self, k: int | str | None = EVERY_RANKED) -> Scoring:
        """This library's conventions as the core's `Scoring`, asked for at cut-off `k`.

        `k` is the cut-off as a page or `Scoring` holds it: a number, "n" (every ranked
        position), or "none"/None (no cut-off, which each library reads its own way: trec_eval's
        ndcg_cut cuts at n, XGBoost at 32). Only presets whose tie rule the core computes
        (keep, average, docid) have one; the label domain is not part of a `Scoring`.

        >>> s = PRESETS_BY_KEY["lightgbm"].scoring(10)
        >>> s.k, s.gain, s.ideal, s.ties, s.on_zero
        (10, 'exponential', 'run', 'keep', 1.0)
        """
        if self.ties not in TIES:
            raise ValueError(
                f"{self.title} orders tied scores by '{self.ties}' ({TIE_RULES[self.ties].short}), "
                f"which the core's scoring does not do: use a preset whose `ties` is one of "
                f"{', '.join(TIES)}."
            )
        cut = check_cut(k)
        if self.cut_rule.ignores_k:
            cut = NO_CUTOFF
        elif cut == NO_CUTOFF:
            cut = self.cut_rule.without_k
        return Scoring(
            k=cut,
            gain=self.gain,
            discount=self.discount,
            log_base=2.0,
            ideal=self.ideal,
            ties=self.ties,
            zero=self.zero,
        )


# ---------------------------------------------------------------------------------------------
# The presets, in the order the page lists them (the first is the reference row)
# ---------------------------------------------------------------------------------------------

PRESETS: tuple[Preset, ...] = (
    Preset(
        key="sklearn",
        library="scikit-learn",
        measure="ndcg_score(k={k})",
        measure_without_k="ndcg_score(k=None)",
        gain="linear",
        ideal="run",
        cut="k",
        discount="log2",
        ties="average",
        zero="0",
        labels="sklearn",
        description=N_(
            "sklearn.metrics.ndcg_score(y_true, y_score, k=k): tied scores are averaged."
        ),
        reference=f"{checked('scikit-learn')}, sklearn/metrics/_ranking.py; {REFERENCES['mcsherry2008'].short}.",
    ),
    Preset(
        key="sklearn_ignore_ties",
        library="scikit-learn",
        measure="ndcg_score(k={k}, ignore_ties=True)",
        measure_without_k="ndcg_score(k=None, ignore_ties=True)",
        gain="linear",
        ideal="run",
        cut="k",
        discount="log2",
        ties="reverse",
        zero="0",
        labels="sklearn",
        description=N_(
            "The same with ignore_ties=True: faster, and meant only for scores without ties."
        ),
        reference=f"{checked('scikit-learn')}: np.argsort(y_score)[:, ::-1].",
    ),
    Preset(
        key="trec_ndcg",
        library="trec_eval",
        measure="ndcg",
        measure_without_k="ndcg",
        gain="linear",
        ideal="judgments",
        cut="none",
        discount="log2",
        ties="docid",
        zero="0",
        labels="trec_eval",
        description=N_(
            "trec_eval -m ndcg (pytrec_eval 'ndcg'): the whole run against every judged item."
        ),
        reference=f"{checked('trec_eval')} m_ndcg.c, via {checked('pytrec-eval-terrier')}.",
    ),
    Preset(
        key="trec_ndcg_cut",
        library="trec_eval",
        measure="ndcg_cut.{k}",
        measure_without_k=None,
        gain="linear",
        ideal="judgments",
        cut="k_or_list",
        discount="log2",
        ties="docid",
        zero="0",
        labels="trec_eval",
        description=N_("trec_eval -m ndcg_cut.k: run and ideal both cut at k."),
        reference=f"{checked('trec_eval')} m_ndcg_cut.c, via {checked('pytrec-eval-terrier')}.",
    ),
    Preset(
        key="ranx_ndcg",
        library="ranx",
        measure="ndcg@{k}",
        measure_without_k="ndcg",
        gain="linear",
        ideal="judgments",
        cut="k",
        discount="log2",
        ties="numba",
        zero="0",
        labels="ranx",
        description=N_("ranx.evaluate(qrels, run, 'ndcg@k'): relevance read as whole numbers."),
        reference=f"{checked('ranx')}, ranx/metrics/ndcg.py (its 'Järvelin' flag means the linear gain).",
    ),
    Preset(
        key="ranx_ndcg_burges",
        library="ranx",
        measure="ndcg_burges@{k}",
        measure_without_k="ndcg_burges",
        gain="exponential",
        ideal="judgments",
        cut="k",
        discount="log2",
        ties="numba",
        zero="0",
        labels="ranx",
        description=N_("ranx.evaluate(qrels, run, 'ndcg_burges@k'): the 2^rel − 1 gain."),
        reference=f"{checked('ranx')}, ranx/metrics/ndcg.py; {REFERENCES['burges2005'].short}.",
    ),
    Preset(
        key="lightgbm",
        library="LightGBM",
        measure="ndcg@{k}",
        measure_without_k=None,
        gain="exponential",
        ideal="run",
        cut="k",
        discount="log2",
        ties="keep",
        zero="1",
        labels="lightgbm",
        description=N_(
            "LightGBM metric 'ndcg' with eval_at=[k] and the default label_gain 0, 1, 3, 7, …"
        ),
        reference=f"{checked('LightGBM')}, src/metric/dcg_calculator.cpp (std::stable_sort).",
    ),
    Preset(
        key="xgboost",
        library="XGBoost",
        measure="ndcg@{k}",
        measure_without_k="ndcg",
        gain="exponential",
        ideal="run",
        cut="k_or_32",
        discount="log2",
        ties="keep",
        zero="1",
        labels="xgboost",
        description=N_(
            "XGBoost eval_metric 'ndcg@k' (ndcg_exp_gain=true by default); plain 'ndcg' stops "
            "at 32."
        ),
        reference=f"{checked('XGBoost')}, src/metric/rank_metric.cc.",
    ),
    Preset(
        key="xgboost_minus",
        library="XGBoost",
        measure="ndcg@{k}-",
        measure_without_k="ndcg-",
        gain="exponential",
        ideal="run",
        cut="k_or_32",
        discount="log2",
        ties="keep",
        zero="0",
        labels="xgboost",
        description=N_(
            "XGBoost eval_metric 'ndcg@k-': the trailing minus scores an all-zero list 0."
        ),
        reference=f"{checked('XGBoost')}, src/metric/rank_metric.cc.",
    ),
    # TF-Ranking is read from its source, not run (TensorFlow is not installed here):
    # utils.sort_by_scores(shuffle_ties=True) shuffles before a stable top_k, so tied scores
    # land in random order; it casts scores to float32 first, so scores that differ only past
    # float32 precision tie there too (not modelled). is_label_valid (label >= 0) masks the
    # rest: masked items go last with gain 0. The ideal DCG of 0 gives 0 (divide_no_nan).
    Preset(
        key="tf_ranking",
        library="TF-Ranking",
        measure="NDCGMetric(topn={k})",
        measure_without_k="NDCGMetric()",
        gain="exponential",
        ideal="run",
        cut="k",
        discount="log2",
        ties="random",
        zero="0",
        labels="tf_ranking",
        description=N_(
            "tfr.keras.metrics.NDCGMetric(topn=k): 2^rel − 1 gain; ties shuffled at random."
        ),
        reference=(
            "tensorflow_ranking/python/metrics_impl.py and utils.py (sort_by_scores, "
            "shuffle_ties=True; is_label_valid: label ≥ 0)."
        ),
    ),
    Preset(
        key="torchmetrics",
        library="torchmetrics",
        measure="retrieval_normalized_dcg(top_k={k})",
        measure_without_k="retrieval_normalized_dcg(top_k=None)",
        gain="linear",
        ideal="run",
        cut="k",
        discount="log2",
        ties="average",
        zero="0",
        labels="torchmetrics",
        description="torchmetrics.functional.retrieval_normalized_dcg(preds, target, top_k=k).",
        reference=f"{checked('torchmetrics')}, functional/retrieval/ndcg.py (tie-averaged, as scikit-learn).",
    ),
    Preset(
        key="jarvelin",
        library="Järvelin–Kekäläinen (2002)",
        measure="nDCG@{k}, b = 2",
        measure_without_k="nDCG, b = 2",
        gain="linear",
        ideal="judgments",
        cut="k",
        discount="jarvelin",
        ties="keep",
        zero="0",
        labels="core",
        description=N_(
            "The original form: rank i ≥ 2 divided by log₂ i, ranks 1 and 2 undiscounted; the "
            "ideal from the recall base. trec_eval used it until 9.0.4. A paper's formula, not "
            "a library: it is left out of the spread across libraries."
        ),
        reference=f"{REFERENCES['jarvelin2002'].short}, ACM TOIS 20(4).",
        is_library=False,
    ),
)

PRESETS_BY_KEY = {preset.key: preset for preset in PRESETS}


def by_formula(presets: Sequence[Preset] = PRESETS) -> dict[tuple[str, str], list[Preset]]:
    """The presets grouped by the DCG formula they use: (gain, discount) → presets, in order."""
    groups: dict[tuple[str, str], list[Preset]] = {}
    for preset in presets:
        groups.setdefault((preset.gain, preset.discount), []).append(preset)
    return groups
