"""Where labels come from: judgments, ratings and clicks, and what a label of 0.5 means."""

from __future__ import annotations

import pandas as pd
import streamlit as st

from lessons.clicks import EXAMINATION, clicks, examination_label, worst_first
from lessons.examples import SOURCES, example
from lessons.pitfalls import readings
from ndcg_core import totals
from ndcg_core.display import fixed, signed
from ndcg_core.latex import CLICK_FORMULA, clicks_filled, worked
from ndcg_core.libraries import checked_versions
from ndcg_core.libraries.domains import CHANGED, REFUSED, fractional, label_verdicts
from ndcg_core.measures import PERSISTENCE
from ndcg_core.model import RankedList
from ndcg_core.parsing import format_relevances
from ndcg_core.references import cite
from ui import charts, controls, list_editor, menu, urlparams
from ui.charts import labels as labels_charts
from ui.text import plain

PAGE = "learn_labels"
FRACTIONS_EXAMPLE = example("continuous-abcde")  # items A–E, relevance 0 to 1
FRACTIONS = FRACTIONS_EXAMPLE.ranked
FRACTIONS_SOURCE = SOURCES[FRACTIONS_EXAMPLE.source].short
REFERENCES = (
    cite("jarvelin2002", "graded judgments on a 0–3 scale"),
    "Voorhees, E. M. (2000). Variations in relevance judgments and the measurement of retrieval "
    "effectiveness. Information Processing & Management 36(5), 697–716.",
    "Joachims, T., Granka, L., Pan, B., Hembrooke, H. & Gay, G. (2005). Accurately interpreting "
    "clickthrough data as implicit feedback. SIGIR, 154–161.",
    "Craswell, N., Zoeter, O., Taylor, M. & Ramsey, B. (2008). An experimental comparison of "
    "click position-bias models. WSDM, 87–94.",
    "Joachims, T., Swaminathan, A. & Schnabel, T. (2017). Unbiased learning-to-rank with biased "
    "feedback. WSDM, 781–789.",
    "The label rules of /libraries, each tested against the library itself: "
    f"{checked_versions()}; TF-Ranking from its source.",
)


def _load(ranked: RankedList) -> None:
    list_editor.load(PAGE, ranked)


def intro() -> None:
    st.title("🏷️ Where labels come from")
    st.markdown(
        "NDCG takes the relevance of every item as given. Someone had to give it: an assessor "
        "with guidelines, a user with a star rating, or a click log. Each source produces "
        "numbers with a different meaning, and the meaning decides what the NDCG means. Your "
        "list below runs through each section."
    )


def your_list() -> RankedList:
    st.header("Your list")
    return list_editor.lesson_list(
        PAGE, label="Relevance labels, top of the ranking first", side_by_side=True
    )


def judgments() -> None:
    st.header("1. Graded judgments", divider="gray", anchor="judgments")
    st.markdown(
        "In a test collection, trained **assessors** read each document and grade it for the "
        "query against written guidelines: 0 not relevant, 1 marginally, 2 fairly, 3 highly "
        "relevant is the scale Järvelin and Kekäläinen used, and the one of the Wikipedia "
        "example. Nobody can judge everything, so only a **pool** is judged, typically the "
        "top results of several systems; that is where the app's *judged but not retrieved* "
        "items come from, and why items outside the pool are simply unjudged."
    )
    st.markdown(
        "Assessors disagree, often substantially. Voorhees (2000) re-judged TREC topics with "
        "different assessors: the absolute scores moved, but the order of the systems stayed "
        "largely the same. Judgments are good for comparing systems on the same pool, less so "
        "for a score that means something on its own."
    )


def ratings(ranked: RankedList) -> None:
    st.header("2. Ratings", divider="gray", anchor="ratings")
    st.markdown(
        "Recommender data often has star ratings, 1 to 5. Used as labels directly, a one-star "
        "item, which the user disliked, still earns a gain of 1: it counts as a little bit "
        "relevant, and it makes the ideal ranking longer. Two common fixes: subtract 1 so the "
        "lowest rating earns nothing, or keep only ratings above a threshold (say 4 and 5) as "
        "relevant. Either way the NDCG changes."
    )
    rows = {row.key: row for row in readings(ranked)}
    as_ratings, minus_one = rows["shifted"], rows["given"]
    st.markdown(
        f"**Your list read as ratings.** If your labels "
        f"({plain(format_relevances(ranked.relevances))}) were ratings minus 1, the ratings "
        f"themselves would be {plain(format_relevances(as_ratings.ranked.relevances))}:"
    )
    left, right = st.columns(2)
    left.metric(f"NDCG{ranked.at}, ratings as labels", fixed(as_ratings.ndcg))
    right.metric(f"NDCG{ranked.at}, ratings − 1", fixed(minus_one.ndcg))
    if as_ratings.problem or minus_one.problem:
        st.warning(plain(as_ratings.problem or minus_one.problem), icon="✋")
    st.caption(
        "Adding the same number to every label is not harmless: it raises the floor of every "
        "item, so the order matters less and NDCG rises."
    )


def click_labels(ranked: RankedList) -> None:
    st.header("3. Clicks, and their position bias", divider="gray", anchor="clicks")
    st.markdown(
        "Clicks are cheap and plentiful, so they are often used as labels (1 for a click, or "
        "the click rate). But people click what they look at, and they look at the top. "
        "Joachims et al. (2005) tracked readers' eyes on a search page: the first result was "
        "looked at and clicked far more than the rest, and when the top two results were "
        "secretly swapped, the new first result still got more clicks. A click says as much "
        "about where an item was shown as about the item."
    )
    st.markdown(
        "A simple model (the *examination hypothesis*, compared with others by Craswell et "
        "al. 2008): an item at position i is clicked if it is looked at, with chance θᵢ, and "
        "then found attractive, with chance aᵢ. Here aᵢ is the label divided by the top label, "
        "and θᵢ is one of the discount curves of *Why a logarithm?*."
    )
    left, right = st.columns(2)
    curve = left.radio(
        "Chance of being looked at, θᵢ",
        EXAMINATION,
        format_func=examination_label,
        horizontal=True,
        key=f"{PAGE}_examination",
    )
    p = PERSISTENCE.default
    if curve == "geometric":
        with right:
            p = controls.number(
                "p", PERSISTENCE, f"{PAGE}_p", slider=True, value=PERSISTENCE.default
            )
    now = clicks(ranked, curve, p)
    st.latex(CLICK_FORMULA)
    st.latex(clicks_filled(now.table))
    charts.show(labels_charts.clicks_chart(now.table), key=f"{PAGE}_clicks")
    st.caption(
        "Solid bars: the click rate each item would get in this order. Dotted bars: how "
        "attractive it is. The dashed line: the chance its position is looked at."
    )
    worst = clicks(worst_first(ranked), curve, p)
    for note in dict.fromkeys(now.notes + worst.notes):  # each reason once
        st.info(plain(note), icon="ℹ️")
    name = now.judged.name()
    st.markdown(
        "**Scoring an order with the clicks it collected itself.** Each row scores one order "
        "three ways: with the real labels, with its own click rates as labels, and with the "
        "click rates divided by θᵢ (inverse propensity weighting, Joachims et al. 2017)."
    )
    st.dataframe(
        pd.DataFrame(
            {
                "Order": ["your order", "worst order (least relevant first)"],
                f"{name}, real labels": [fixed(now.judged.ndcg), fixed(worst.judged.ndcg)],
                f"{name}, its own clicks": [fixed(now.clicked.ndcg), fixed(worst.clicked.ndcg)],
                "Difference": [
                    signed(now.clicked.ndcg - now.judged.ndcg),
                    signed(worst.clicked.ndcg - worst.judged.ndcg),
                ],
                f"{name}, clicks ÷ θᵢ": [fixed(now.corrected.ndcg), fixed(worst.corrected.ndcg)],
            }
        ),
        hide_index=True,
        width="stretch",
        key=f"{PAGE}_click_scores",
    )
    st.caption(
        "An item collects clicks partly because of where it stood, so an order's own clicks "
        "lean its way: of two items of the same grade, the one it showed higher always gets "
        "the better label. Scored with its own clicks, an order usually looks better than with "
        "the real labels, a bad order most of all, though not always, because the click "
        "rates also pull items of equal grade apart. Dividing by θᵢ removes the position's "
        "share when θᵢ is known; in practice it has to be estimated. And items the system "
        "never showed get no clicks at all: click labels have no pool."
    )
    st.button(
        "▶ Put your list in its worst order",
        key=f"{PAGE}_worst",
        on_click=_load,
        args=(worst_first(ranked),),
        help="Reorders the list at the top of the page, least relevant first.",
    )


def fractions(ranked: RankedList) -> None:
    st.header("4. Labels between 0 and 1", divider="gray", anchor="fractions")
    st.markdown(
        "A label of 0.5 can mean several things: the share of assessors who said relevant "
        "(two of four), a probability from a click model, a click rate, or a model's score "
        "used as a soft target. The NDCG formula does not mind: any gain ≥ 0 works, and "
        "0.5 earns 0.5 (or 2^0.5 − 1 ≈ 0.4142 under the exponential gain). The libraries mind a "
        "great deal: some refuse fractions, and one silently rounds them down to whole numbers, "
        "so 0.5 becomes 0."
    )
    st.latex(worked(totals(FRACTIONS))[2])
    st.caption(plain(f"The items A–E of {FRACTIONS_SOURCE}: {FRACTIONS.describe()}."))
    st.button(
        "▶ Load the items A–E into your list",
        key=f"{PAGE}_load_fractions",
        on_click=_load,
        args=(FRACTIONS,),
    )
    mine = fractional(ranked)
    if mine:
        st.markdown(
            f"**Your list** has labels that are not whole numbers "
            f"({plain(format_relevances(mine[:6]))}{'…' if len(mine) > 6 else ''}). "
            "What each library does with them:"
        )
    else:
        st.markdown(
            "**Your list** has whole-number labels only; every library below accepts them "
            f"(load the items A–E of {plain(FRACTIONS_SOURCE)} to see the difference). What each "
            "library does with them:"
        )
    rows = label_verdicts(ranked)
    # A static table: the libraries' messages wrap instead of hiding behind a scroll bar.
    st.table(
        pd.DataFrame(
            {
                "With your labels": [row.outcome for row in rows],
                "Its NDCG": [row.shown for row in rows],
                "Measure": [row.measure for row in rows],
                "Accepts": [row.accepts for row in rows],
                "It says or does": [row.message or "—" for row in rows],
            },
            index=pd.Index([row.library for row in rows], name="Library"),
        )
    )
    refused = [row.library for row in rows if row.outcome == REFUSED]
    changed = [row.library for row in rows if row.outcome == CHANGED]
    if refused or changed:
        said = []
        if refused:
            said.append(f"refused by {', '.join(refused)}")
        if changed:
            said.append(f"changed without a warning by {', '.join(changed)}")
        st.warning(f"Your labels are {' and '.join(said)}.", icon="⚠️")
    st.caption(
        "Each number is that library's own NDCG convention (gain, ideal, ties), as on Why "
        "libraries disagree; ⚠ marks a number computed after a silent change of the labels."
    )
    menu.page_link(
        "libraries",
        params=urlparams.list_params(ranked),
        label="⚖️ Why libraries disagree: every convention on this list",
    )


def references(ranked: RankedList) -> None:
    st.header("References")
    st.markdown("\n".join(f"- {plain(item)}" for item in REFERENCES))
    menu.page_link("glossary", label="📖 Glossary and notation")
    menu.page_link(
        "learn-pitfalls",
        params=urlparams.list_params(ranked),
        label="⚠️ Pitfalls of NDCG: the label scale and the gain",
    )


intro()
ranked = your_list()
judgments()
ratings(ranked)
click_labels(ranked)
fractions(ranked)
references(ranked)
