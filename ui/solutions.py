"""A worked solution, drawn the same way wherever a question is answered (/practice, the live
classroom): each case's DCG, ideal order, IDCG and NDCG with its own numbers, then a link that
reopens the case in the playground with every convention. A question about the other measures
("which measures does one swap move?") first shows every measure before and after, with links
to the metrics page."""

from __future__ import annotations

import pandas as pd
import streamlit as st

from i18n import tr
from lessons import practice
from ndcg_core.display import fixed

from . import menu, urlparams
from .text import plain


def worked_cases(cases) -> None:
    """Every case of a solution, formula by formula with its numbers (`practice.worked`)."""
    for case in cases:
        st.markdown(tr("**{name}:** {list}", name=plain(case.name), list=plain(case.describe())))
        dcg, idcg, ndcg = practice.worked(case)
        st.latex(dcg)
        st.caption(plain(practice.ideal_order(case)))
        st.latex(idcg)
        st.latex(ndcg)
        # Same tab, presenter view kept.
        menu.page_link(
            "playground",
            params=urlparams.list_params(case.ranked),
            label=tr("🎛️ Open {name} in the playground", name=case.name),
        )


def worked_exercise(exercise: practice.Exercise, *, key: str) -> None:
    """An exercise's worked solution: for "which measures move", every measure before and after
    the swap first; then every case's NDCG formula by formula (`worked_cases`)."""
    if exercise.kind == "metric_changes":
        measures_before_and_after(exercise, key=key)
    worked_cases(exercise.solution_cases)


def measures_before_and_after(exercise: practice.Exercise, *, key: str) -> None:
    """Every measure before and after the swap (`practice.before_and_after`), the ones that move
    marked in words, and each list on the metrics page, where each measure is worked out."""
    rows = practice.before_and_after(exercise)
    st.dataframe(
        pd.DataFrame(
            {
                tr("Measure"): [name for name, *_ in rows],
                tr("Before"): [fixed(before) for _, before, _, _ in rows],
                tr("After"): [fixed(after) for _, _, after, _ in rows],
                tr("Moves?"): [tr("moves") if moved else tr("stays") for *_, moved in rows],
            }
        ),
        hide_index=True,
        key=f"{key}_measures",
    )
    for case in exercise.solution_cases:
        menu.page_link(
            "metrics",
            params=urlparams.list_params(case.ranked),
            label=tr("📏 {name}: every measure worked out on the metrics page", name=case.name),
        )
