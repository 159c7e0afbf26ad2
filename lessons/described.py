"""A ranked list and the conventions it is scored with, in words: each convention that differs
from the app's defaults (`differences`), how a list is scored wherever that is not the default
(`conventions`: the "Scored with" line), and the list with its conventions in one line
(`describe`: a classroom's list, an exercise's case, a lesson's example). The cut-off in words is
the record's own (`Scoring.cut_words`, `RankedList.cut_words`).
"""

from __future__ import annotations

from i18n import tr
from ndcg_core.display import exact
from ndcg_core.model import NO_CUTOFF, RankedList, Scoring
from ndcg_core.options import DISCOUNTS, IDEALS, ON_ZERO
from ndcg_core.parsing import format_relevances


def differences(scoring: Scoring, default: Scoring | None = None) -> list[str]:
    """In words, each convention of `scoring` that differs from `default` (the app's defaults)."""
    default = default or Scoring()
    said = []
    if scoring.gain != default.gain:
        said.append(tr("gain {gain}", gain=tr(scoring.gain_record.short)))
    if scoring.discount != default.discount or (
        scoring.discount == "jarvelin" and scoring.log_base != default.log_base
    ):
        discount = tr(DISCOUNTS[scoring.discount].short)
        if scoring.discount == "jarvelin":
            said.append(
                tr(
                    "discount {discount}, base {base}",
                    discount=discount,
                    base=exact(scoring.log_base),
                )
            )
        else:
            said.append(tr("discount {discount}", discount=discount))
    elif scoring.log_base != default.log_base:
        said.append(tr("log base {base} (cancels out of NDCG)", base=exact(scoring.log_base)))
    if scoring.ideal != default.ideal:
        said.append(tr("ideal from {source}", source=tr(IDEALS[scoring.ideal].short)))
    if scoring.zero != default.zero:
        said.append(tr(ON_ZERO[scoring.zero].short))
    return said


def conventions(ranked: RankedList) -> list[str]:
    """In words, how `ranked` is scored wherever that is not the app's default: the conventions
    that differ (`differences`), the judged items never retrieved that join the ideal, and no
    cut-off where it lets the ideal run past the list."""
    said = _off_default(ranked)
    if ranked.scoring.k == NO_CUTOFF and ranked.cut_matters:
        said.append(tr("{cut} (the ideal spans every judged item)", cut=ranked.cut_words))
    return said


def describe(ranked: RankedList) -> str:
    """The list and every convention off the default: '3, 2, 3 · k = 3 · gain 2^rel − 1'."""
    parts = [format_relevances(ranked.relevances), ranked.cut_words]
    return " · ".join(parts + _off_default(ranked))


def _off_default(ranked: RankedList) -> list[str]:
    """`conventions` but the cut-off, which `describe` always says."""
    said = differences(ranked.scoring)
    if ranked.ideal is not None:
        said.append(tr("judged but not retrieved: {pool}", pool=format_relevances(ranked.pool)))
    return said
