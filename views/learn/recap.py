"""What to report with every NDCG: the path's last stop, on one screen. The formula, the four
choices every value depends on (each with who makes which choice, from the core's option
records), and a value read against chance: what a random order of the same items scores."""

from __future__ import annotations

import pandas as pd
import streamlit as st

from i18n import tr
from lessons.demos import several_k_table
from lessons.latex import dcg_formula, ndcg_formula
from ndcg_core.options import CUTS, GAINS, IDEALS, ON_ZERO
from ui import list_editor, menu, urlparams

PAGE = "recap"


def intro() -> None:
    st.title(tr("🧾 What to report with every NDCG"))
    st.markdown(
        tr(
            "NDCG divides what an order earns, each gain discounted by its position, by what "
            "the best order of the judged items would earn. The number rests on four choices."
        )
    )
    st.latex(ndcg_formula())
    st.latex(dcg_formula())


def _choices(options) -> str:
    # Translators: "; " separates the options of one choice (Chinese: "；").
    return tr("; ").join(
        tr("{option} ({used_by})", option=tr(option.short), used_by=tr(option.used_by))
        for option in options.values()
    )


def four_choices() -> None:
    st.header(tr("State these four with every value"), anchor="four-choices")
    choice, used = tr("The choice"), tr("What is used, and by whom")
    st.table(
        pd.DataFrame(
            {
                choice: [
                    tr("k, the cut-off"),
                    tr("Where the ideal comes from"),
                    tr("The gain"),
                    tr("A query with nothing relevant (0 / 0)"),
                ],
                used: [
                    tr(
                        "a number k; or, when judged items were not retrieved, {choices}",
                        choices=_choices(CUTS),
                    ),
                    _choices(IDEALS),
                    _choices(GAINS),
                    _choices(ON_ZERO),
                ],
            }
        ).set_index(choice)
    )


def against_chance() -> None:
    st.header(tr("Read a value against chance"), anchor="against-chance")
    st.markdown(tr("A random order of the same items scores well above 0. Set a value beside it:"))
    ranked = list_editor.edit_list(PAGE, label=tr("Relevances, in ranked order"), height=68)
    st.dataframe(
        several_k_table(ranked),
        hide_index=True,
        key=f"{PAGE}_chance",
    )
    st.caption(
        tr(
            "On average every position of a random order holds the mean gain, so its expected "
            "NDCG has a closed form; the pitfalls lesson works it out."
        )
    )
    menu.page_link("learn-pitfalls", params=urlparams.list_params(ranked))


def main() -> None:
    intro()
    four_choices()
    against_chance()


main()
