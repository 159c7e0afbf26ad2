"""A worked solution, drawn the same way wherever a question is answered (/practice, the live
classroom): each case's DCG, ideal order, IDCG and NDCG with its own numbers, then a link that
reopens the case in the playground with every convention."""

from __future__ import annotations

import streamlit as st

from lessons import practice

from . import menu, urlparams
from .text import plain


def worked_cases(cases) -> None:
    """Every case of a solution, formula by formula with its numbers (`practice.worked`)."""
    for case in cases:
        st.markdown(f"**{plain(case.name)}:** {plain(case.describe())}")
        dcg, idcg, ndcg = practice.worked(case)
        st.latex(dcg)
        st.caption(plain(practice.ideal_order(case)))
        st.latex(idcg)
        st.latex(ndcg)
        # Same tab, presenter view kept.
        menu.page_link(
            "playground",
            params=urlparams.list_params(case.ranked),
            label=f"🎛️ Open {case.name} in the playground",
        )
