"""What each library does with a list's labels: uses them, refuses them, or changes them.

A thin view, for the labels lesson, of what `ndcg_core.libraries` already knows and tests
against the real libraries: the label rules (`libraries.LABEL_RULES`) and the number each
library's NDCG prints (`libraries.score_every_preset`). Nothing about a library is restated
here.

Two rules have no preset of their own on /libraries, because they are the same library called
another way: the trec_eval program reading a qrels file (its NDCG is pytrec_eval's once the labels
are read), and XGBoost with ``ndcg_exp_gain=False`` (its NDCG with the gain rel).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

import numpy as np

from i18n import N_
from ndcg_core.libraries import (
    LABEL_RULES,
    PRESETS,
    PRESETS_BY_KEY,
    Preset,
    Query,
    checked,
    score_every_preset,
)
from ndcg_core.model import RankedList

from .verdicts import shown

# What a library does with the labels, in words (shown translated: `tr(row.outcome)`).
AS_GIVEN = N_("uses them as given")
REFUSED = N_("refuses them")
CHANGED = N_("changes them silently")

# The library measure each label rule is scored with: the first preset that follows the rule,
# or, for a library called another way, its preset with what that way changes.
VARIANTS: dict[str, Preset] = {
    "trec_eval_program": replace(
        PRESETS_BY_KEY["trec_ndcg"], key="trec_ndcg_program", labels="trec_eval_program"
    ),
    "xgboost_linear": replace(
        PRESETS_BY_KEY["xgboost"], key="xgboost_linear", gain="linear", labels="xgboost_linear"
    ),
}


def preset_for(rule: str) -> Preset:
    """The preset a label rule's NDCG is computed with (see `VARIANTS`)."""
    if rule in VARIANTS:
        return VARIANTS[rule]
    return next(p for p in PRESETS if p.labels == rule)


@dataclass(frozen=True)
class LibraryLabels:
    """One library's label rule applied to a list, and the NDCG it then prints."""

    rule: str  # a key of LABEL_RULES
    library: str  # its name, shown translated (`tr(row.library)`: a few are described)
    accepts: str  # the rule in words
    outcome: str  # AS_GIVEN, REFUSED or CHANGED
    message: str  # the library's refusal, or the change it makes
    measure: str  # the library measure scored (its first preset)
    shown: str  # its number as /libraries shows it ("refuses", "0.0000 ⚠", …)


def label_verdicts(ranked: RankedList) -> list[LibraryLabels]:
    """Each label rule on `ranked` (its labels, pool and cut-off), library by library."""
    presets = [preset_for(key) for key in LABEL_RULES]
    verdicts = {v.preset.key: v for v in score_every_preset(Query(ranked), presets)}
    out = []
    for key, rule in LABEL_RULES.items():
        preset = preset_for(key)
        verdict = verdicts[preset.key]
        result = rule.check(np.asarray(ranked.relevances), np.asarray(ranked.pool))
        if result.ranked is None:
            outcome, message = REFUSED, result.refusal
        elif result.surprise:
            outcome, message = CHANGED, result.surprise
        else:
            outcome, message = AS_GIVEN, ""
        out.append(
            LibraryLabels(
                key,
                rule.used_by,
                rule.short,
                outcome,
                message,
                f"{preset.library} {verdict.metric}",
                shown(verdict),
            )
        )
    return out


def fractional(ranked: RankedList) -> tuple[float, ...]:
    """The labels of the list and its pool that are not whole numbers."""
    return tuple(v for v in (*ranked.relevances, *ranked.pool) if v != round(v))


def checked_versions() -> str:
    """Every library checked, in one phrase, for the lesson's references: 'scikit-learn 1.9,
    pytrec-eval-terrier 0.5 (trec_eval 9.0.8), ranx 0.3, LightGBM 4.7, XGBoost 3.2, torchmetrics
    1.9' (the versions are `ndcg_core.libraries.CHECKED_VERSIONS`)."""
    libraries = (
        "scikit-learn",
        "pytrec-eval-terrier",
        "ranx",
        "LightGBM",
        "XGBoost",
        "torchmetrics",
    )
    said = [checked(library) for library in libraries]
    said[1] += f" ({checked('trec_eval')})"
    return ", ".join(said)
