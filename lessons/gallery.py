"""The /libraries gallery: small queries on which libraries part ways, each with what to notice.

The cases are teaching material; how each library scores them is the kernel's
(`ndcg_core.libraries`), so the page's table and the crosscheck tests read the same numbers.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import pandas as pd

from i18n import N_, tr
from ndcg_core.libraries import PRESETS, Preset, Query, score_every_preset
from ndcg_core.model import RankedList, Scoring

from .verdicts import shown


@dataclass(frozen=True)
class GalleryCase:
    """One edge case: a ranked list (with its pool and k), the scores and ids that rank it, and
    what to notice about it."""

    key: str
    title: str
    notice: str
    ranked: RankedList
    scores: tuple[float, ...] | None = None
    ids: tuple[str, ...] | None = None

    def query(self) -> Query:
        return Query(self.ranked, self.scores, self.ids)


GALLERY: tuple[GalleryCase, ...] = (
    GalleryCase(
        key="all_zero",
        title=N_("All-zero list"),
        notice=N_(
            "No item is relevant, so the ideal DCG is 0 and NDCG is 0/0. LightGBM and XGBoost "
            "call that 1, everyone else 0: averaged over queries, this alone moves the mean."
        ),
        ranked=RankedList((0.0, 0.0, 0.0)),
    ),
    GalleryCase(
        key="negative",
        title=N_("Negative label"),
        notice=N_(
            "scikit-learn, LightGBM and XGBoost (with its default gain) refuse; trec_eval and ranx "
            "read −1 as 0; TF-Ranking drops the item; torchmetrics, and XGBoost with "
            "ndcg_exp_gain=False, use it as a negative gain."
        ),
        ranked=RankedList((2.0, -1.0, 1.0, 0.0)),
    ),
    GalleryCase(
        key="continuous",
        title=N_("Continuous 0–1 labels"),
        notice=N_(
            "pytrec_eval, LightGBM and XGBoost (with its default gain) refuse fractions; ranx, "
            "like the trec_eval program reading a qrels file, quietly turns every one into 0 and "
            "reports 0."
        ),
        ranked=RankedList((0.9, 0.3, 0.6, 0.1)),
    ),
    GalleryCase(
        key="ties",
        title=N_("Tied scores"),
        notice=N_(
            "Two pairs of equal scores: averaging, id order and input order give three numbers."
        ),
        ranked=RankedList((0.0, 2.0, 1.0, 3.0)),
        scores=(0.8, 0.8, 0.5, 0.5),
        ids=("d1", "d4", "d2", "d3"),
    ),
    GalleryCase(
        key="single",
        title=N_("Single document"),
        notice=N_(
            "One item is trivially in the best order, so NDCG is 1 — but scikit-learn refuses "
            "a list of one."
        ),
        ranked=RankedList((2.0,)),
    ),
    GalleryCase(
        key="k_beyond",
        title=N_("k larger than the list"),
        notice=N_(
            "k = 10 on a list of 3: the missing positions add nothing, so every library gives "
            "its whole-list value."
        ),
        ranked=RankedList((1.0, 3.0, 0.0), scoring=Scoring(k=10)),
    ),
    GalleryCase(
        key="not_retrieved",
        title=N_("A relevant document never retrieved"),
        notice=N_(
            "Two judged documents (3 and 2) were never retrieved. Libraries that build the "
            "ideal from the judgments (trec_eval, ranx) score the system lower: 0.785 at "
            "k = n = 6 rather than 0.961."
        ),
        ranked=RankedList((3.0, 2.0, 3.0, 0.0, 1.0, 2.0), pool=(3.0, 2.0)),
    ),
)

GALLERY_BY_KEY = {case.key: case for case in GALLERY}


def case_for(query: Query) -> GalleryCase | None:
    """The gallery case this query is, if it is one (so the page can say what to notice)."""
    return next((case for case in GALLERY if case.query() == query), None)


def gallery_table(presets: Sequence[Preset] = PRESETS) -> pd.DataFrame:
    """Each preset (rows, by title) on each gallery case (columns): the short verdict, in this
    run's language."""
    data = {}
    for case in GALLERY:
        verdicts = score_every_preset(case.query(), presets)
        data[tr(case.title)] = [shown(v) for v in verdicts]
    return pd.DataFrame(data, index=pd.Index([p.title for p in presets], name=tr("library")))
