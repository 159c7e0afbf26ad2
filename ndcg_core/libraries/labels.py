"""Label domains: which relevance labels each library accepts, refuses, or silently changes.

Two libraries have two rules, because the same program behaves differently depending on how it
is called. trec_eval, the C program, reads a judgment with C's ``atol``, which keeps the leading
whole number of the text (usnistgov/trec_eval, get_qrels.c: 0.5 → 0, 1.7 → 1) and says nothing;
its Python binding pytrec_eval checks the type first and refuses a fraction. XGBoost's default
exponential gain wants whole labels 0 to 31; with ``ndcg_exp_gain=False`` it uses the label itself
as the gain and takes any number, fractions and labels above 31 included (its own error message
points to the switch).

Each rule takes the ranked labels and the pool (the labels of judged items never retrieved)
and returns them as the library will use them, or the library's own error message, and any
change it makes without a warning. Refusal texts are the libraries' own
(tests/crosscheck/test_libraries.py compares them with what the libraries raise).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from i18n import N_, tr

from ..display import exact
from ..options import Option

LIGHTGBM_LABEL_MAPPINGS = 31  # LightGBM's default label_gain has 31 entries: labels 0 to 30
XGBOOST_MAX_LABEL = 31  # XGBoost refuses labels above this with the exponential gain
# (The two rules' descriptions below write these numbers out, so that the catalogue has the
# whole sentence to translate; a test checks they agree.)
# pytrec_eval's own error, then who raised it: a reader of "trec_eval refuses" would otherwise
# believe the program does, when it reads such a label's whole part without a word.
PYTREC_EVAL_ERROR = "TypeError: Expected relevance to be integer."


def _pytrec_eval_refusal() -> str:
    """pytrec_eval's error as it raises it, and the note that it is the binding's (translated)."""
    return tr(
        "{error} (pytrec_eval's check: the trec_eval program itself reads the whole number a "
        "label starts with, 0.5 as 0, without a warning.)",
        error=PYTREC_EVAL_ERROR,
    )


@dataclass(frozen=True)
class LabelOutcome:
    """Labels as the library will use them, or its refusal; and any silent change it made."""

    ranked: np.ndarray | None  # None when refused
    pool: np.ndarray | None
    refusal: str = ""
    surprise: str = ""
    dropped: np.ndarray | None = None  # TF-Ranking: positions masked out as padding


@dataclass(frozen=True, kw_only=True)
class LabelRule(Option):
    """One library's label domain: `description` in words, `check` as code."""

    check: Callable[[np.ndarray, np.ndarray], LabelOutcome]


def _first(values: np.ndarray, condition: np.ndarray) -> float | None:
    hits = np.flatnonzero(condition)
    return float(values[hits[0]]) if hits.size else None


def _sklearn(ranked: np.ndarray, pool: np.ndarray) -> LabelOutcome:
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


def _trec_eval(ranked: np.ndarray, pool: np.ndarray) -> LabelOutcome:
    both = np.concatenate([ranked, pool])
    if np.any(both != np.round(both)):
        return LabelOutcome(None, None, _pytrec_eval_refusal())
    negative = _first(both, both < 0)
    if negative is None:
        return LabelOutcome(ranked, pool)
    return LabelOutcome(
        np.maximum(ranked, 0),
        np.maximum(pool, 0),
        surprise=tr(
            "trec_eval reads {label} as judged but not relevant: gain 0, left out of the ideal, "
            "no warning.",
            label=exact(negative),
        ),
    )


def _whole_part(values: np.ndarray) -> np.ndarray:
    """The leading whole number of each label, as C's ``atol`` reads its decimal text
    (toward zero: 0.5 → 0, 1.7 → 1, −1.5 → −1); `runs.read` does the same to a qrels file."""
    return np.trunc(values)


def _trec_eval_program(ranked: np.ndarray, pool: np.ndarray) -> LabelOutcome:
    both = np.concatenate([ranked, pool])
    fraction = _first(both, both != _whole_part(both))
    if fraction is None:
        return _trec_eval(ranked, pool)
    read = _trec_eval(_whole_part(ranked), _whole_part(pool))
    values = {"label": exact(fraction), "read": exact(math.trunc(fraction))}
    if read.surprise:  # a negative whole part then reads as not relevant too
        note = tr(
            "The trec_eval program reads the whole number a label starts with, so {label} became "
            "{read}; it then reads {read} as judged but not relevant: gain 0, left out of the "
            "ideal. No warning.",
            **values,
        )
    else:
        note = tr(
            "The trec_eval program reads the whole number a label starts with, so {label} became "
            "{read}. No warning.",
            **values,
        )
    return LabelOutcome(read.ranked, read.pool, surprise=note)


def _ranx(ranked: np.ndarray, pool: np.ndarray) -> LabelOutcome:
    both = np.concatenate([ranked, pool])
    whole = np.trunc(both)
    notes = []
    fraction = _first(both, both != whole)
    if fraction is not None:
        notes.append(
            tr(
                "ranx stores judgments as whole numbers, so {label} became {read}.",
                label=exact(fraction),
                read=exact(math.trunc(fraction)),
            )
        )
    negative = _first(whole, whole < 0)
    if negative is not None:
        notes.append(
            tr(
                "Only labels ≥ 1 count as relevant, so {label} scored like 0.",
                label=exact(negative),
            )
        )
    if not notes:
        return LabelOutcome(ranked, pool)
    used = np.maximum(whole, 0)
    return LabelOutcome(
        used[: ranked.size], used[ranked.size :], surprise=" ".join([*notes, tr("No warning.")])
    )


def _lightgbm(ranked: np.ndarray, pool: np.ndarray) -> LabelOutcome:
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
        if value >= LIGHTGBM_LABEL_MAPPINGS:
            return LabelOutcome(
                None,
                None,
                f"LightGBMError: Label {int(value)} is not less than the number of label "
                f"mappings ({LIGHTGBM_LABEL_MAPPINGS})",
            )
    return LabelOutcome(ranked, pool)


def _xgboost(ranked: np.ndarray, pool: np.ndarray) -> LabelOutcome:
    if np.any((ranked != np.round(ranked)) | (ranked < 0)):
        return LabelOutcome(
            None,
            None,
            "XGBoostError: Check failed: label_is_integer: When using relevance degree as "
            "target, label must be either 0 or positive integer.",
        )
    if ranked.max() > XGBOOST_MAX_LABEL:
        return LabelOutcome(
            None,
            None,
            "XGBoostError: Check failed: label_is_valid: Relevance degress must be lesser than "
            "or equal to 31 when the exponential NDCG gain function is used.",
        )
    return LabelOutcome(ranked, pool)


def _negative_gain(ranked: np.ndarray, pool: np.ndarray, who: str, bounded=True) -> LabelOutcome:
    """The rule of a library that takes a negative label as a negative gain, without a word."""
    negative = _first(ranked, ranked < 0)
    if negative is None:
        return LabelOutcome(ranked, pool)
    said = {"who": who, "label": exact(negative)}
    return LabelOutcome(
        ranked,
        pool,
        surprise=tr(
            "{who} uses {label} as a negative gain: the item costs DCG and the ideal puts it "
            "last. No warning.",
            **said,
        )
        if bounded
        else tr(
            "{who} uses {label} as a negative gain: the item costs DCG and the ideal puts it "
            "last, so NDCG is no longer bounded by 0 and 1. No warning.",
            **said,
        ),
    )


def _xgboost_linear(ranked: np.ndarray, pool: np.ndarray) -> LabelOutcome:
    return _negative_gain(ranked, pool, "XGBoost with ndcg_exp_gain=False")


def _tf_ranking(ranked: np.ndarray, pool: np.ndarray) -> LabelOutcome:
    negative = ranked < 0
    if not negative.any():
        return LabelOutcome(ranked, pool)
    return LabelOutcome(
        ranked,
        pool,
        surprise=tr(
            "TF-Ranking treats a negative label ({label}) as padding: the item is dropped and the "
            "items below it move up. No warning.",
            label=exact(ranked[negative][0]),
        ),
        dropped=negative,
    )


def _torchmetrics(ranked: np.ndarray, pool: np.ndarray) -> LabelOutcome:
    return _negative_gain(ranked, pool, "torchmetrics", bounded=False)


def _core(ranked: np.ndarray, pool: np.ndarray) -> LabelOutcome:
    negative = _first(ranked, ranked < 0)
    if negative is None:
        return LabelOutcome(ranked, pool)
    return LabelOutcome(
        None,
        None,
        f"ValueError: The 2002 form is not defined for negative labels ({exact(negative)} "
        f"here): its gains are relevance grades 0, 1, 2, 3.",
    )


def _rule(name: str, short: str, check, used_by: str) -> LabelRule:  # short: shown as tr(short)
    return LabelRule(
        name=name, label=short, short=short, description=short, used_by=used_by, check=check
    )


LABEL_RULES: dict[str, LabelRule] = {
    "sklearn": _rule(
        "sklearn",
        N_("any number ≥ 0; refuses negative labels and a single document"),
        _sklearn,
        "scikit-learn",
    ),
    "trec_eval": _rule(
        "trec_eval",
        N_(
            "whole numbers only (pytrec_eval refuses a fraction); a negative label means judged, "
            "not relevant"
        ),
        _trec_eval,
        "trec_eval via pytrec_eval",
    ),
    "trec_eval_program": _rule(
        "trec_eval_program",
        N_(
            "reads the whole number a label starts with (0.5 → 0), silently; a negative label "
            "means judged, not relevant"
        ),
        _trec_eval_program,
        N_("trec_eval, the command-line program"),
    ),
    "ranx": _rule(
        "ranx", N_("turns labels into whole numbers silently; relevant means ≥ 1"), _ranx, "ranx"
    ),
    "lightgbm": _rule("lightgbm", N_("whole numbers 0 to 30 only"), _lightgbm, "LightGBM"),
    "xgboost": _rule(
        "xgboost",
        N_("whole numbers 0 to 31 only, with its default gain 2^rel − 1"),
        _xgboost,
        "XGBoost",
    ),
    "xgboost_linear": _rule(
        "xgboost_linear",
        N_("any number, with the gain rel (a negative label is a negative gain)"),
        _xgboost_linear,
        N_("XGBoost with ndcg_exp_gain=False"),
    ),
    "tf_ranking": _rule(
        "tf_ranking", N_("any number; a negative label marks padding"), _tf_ranking, "TF-Ranking"
    ),
    "torchmetrics": _rule(
        "torchmetrics",
        N_("any number, negative ones as negative gains"),
        _torchmetrics,
        "torchmetrics",
    ),
    "core": _rule("core", N_("grades ≥ 0"), _core, "Järvelin–Kekäläinen (2002)"),
}
