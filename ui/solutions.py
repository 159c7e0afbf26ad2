"""A worked solution, drawn the same way wherever a question is answered (/practice, the live
classroom): each case's DCG, ideal order, IDCG and NDCG with its own numbers, then a link that
reopens the case in the playground, or why there is none."""

from __future__ import annotations

import streamlit as st

from lessons import practice
from ndcg_core.model import RankedList

from . import menu, urlparams
from .text import plain


def not_carried(ranked: RankedList) -> list[str]:
    """The conventions of `ranked` that a playground link would lose (the all-zero rule has no
    link parameter): a link must reopen the same numbers, or not be offered."""
    again, _ = urlparams.read_list(urlparams.list_params(ranked))
    kept = again.scoring.differences()
    return [said for said in ranked.scoring.differences() if said not in kept]


def worked_cases(cases) -> None:
    """Every case of a solution, formula by formula with its numbers (`practice.worked`)."""
    for case in cases:
        st.markdown(f"**{plain(case.name)}:** {plain(case.describe())}")
        dcg, idcg, ndcg = practice.worked(case)
        st.latex(dcg)
        st.caption(plain(practice.ideal_order(case)))
        st.latex(idcg)
        st.latex(ndcg)
        unlinkable = not_carried(case.ranked)
        if unlinkable:
            st.caption(
                f"Not linked to the playground: a link cannot carry {', '.join(unlinkable)}, "
                f"so the playground would show another number."
            )
        else:
            # Same tab, presenter view kept.
            menu.page_link(
                "playground",
                params=urlparams.list_params(case.ranked),
                label=f"🎛️ Open {case.name} in the playground",
            )
