"""Where labels come from: judgments, ratings and clicks, and what a label of 0.5 means."""

from __future__ import annotations

import pandas as pd
import streamlit as st

from i18n import N_, tr
from lessons.clicks import (
    EXAMINATION,
    Logged,
    clicks,
    examination_label,
    logged_under,
    worst_first,
)
from lessons.demos import readings
from lessons.described import describe
from lessons.examples import SOURCES, example
from lessons.label_domains import CHANGED, REFUSED, checked_versions, fractional, label_verdicts
from lessons.latex import CLICK_FORMULA, clicks_filled, worked
from lessons.practice.lesson_questions import build_click_log
from ndcg_core import totals
from ndcg_core.display import fixed, shorten, signed
from ndcg_core.model import RankedList
from ndcg_core.parsing import format_relevances
from ui import charts, controls, folds, language, list_editor, menu, predict, urlparams
from ui.charts import labels as labels_charts
from ui.sources import cite
from ui.text import plain
from ui.urlparams import PERSISTENCE

PAGE = "learn_labels"
QUESTION = f"{PAGE}_clicks_log"  # the predict box's key
FRACTIONS_EXAMPLE = example("continuous-abcde")  # items A–E, relevance 0 to 1
FRACTIONS = FRACTIONS_EXAMPLE.ranked
FRACTIONS_SOURCE = SOURCES[FRACTIONS_EXAMPLE.source].short
REFERENCES = (
    # (Järvelin & Kekäläinen (2002) heads the list: `references`, its note translated.)
    # Each reference as published (titles in their own language), its own words translated.
    "Voorhees, E. M. (2000). Variations in relevance judgments and the measurement of retrieval "
    "effectiveness. Information Processing & Management 36(5), 697–716.",
    "Joachims, T., Granka, L., Pan, B., Hembrooke, H. & Gay, G. (2005). Accurately interpreting "
    "clickthrough data as implicit feedback. SIGIR, 154–161.",
    "Craswell, N., Zoeter, O., Taylor, M. & Ramsey, B. (2008). An experimental comparison of "
    "click position-bias models. WSDM, 87–94.",
    "Chapelle, O., Metzler, D., Zhang, Y. & Grinspan, P. (2009). Expected reciprocal rank for "
    "graded relevance. CIKM, 621–630.",
    "Joachims, T., Swaminathan, A. & Schnabel, T. (2017). Unbiased learning-to-rank with biased "
    "feedback. WSDM, 781–789.",
    N_(
        "The label rules of /libraries, each tested against the library itself: {versions}; "
        "TF-Ranking from its source."
    ),
)


def _load(ranked: RankedList) -> None:
    list_editor.load(PAGE, ranked)


def intro() -> None:
    st.title(tr("🏷️ Where labels come from"))
    st.markdown(
        tr(
            "NDCG takes each item's relevance as given, but someone gave it: an assessor, a "
            "user's star rating, or a click log. The NDCG inherits what those numbers mean."
        )
    )


def your_list() -> RankedList:
    """The list, its board, and its conventions folded: this lesson is about the labels, and
    what the gain does to them is said where it matters (under the scores, in the folds)."""
    st.header(tr("Your list"))
    return list_editor.lesson_list(
        PAGE, label=tr("Relevance labels, top of the ranking first"), folded=True
    )


def _examination() -> tuple[str, float]:
    left, right = st.columns(2)
    curve = left.radio(
        tr("Chance of being looked at, θᵢ"),
        EXAMINATION,
        format_func=language.worded(f"{PAGE}_examination", examination_label),
        horizontal=True,
        key=f"{PAGE}_examination",
    )
    p = PERSISTENCE.default
    if curve == "geometric":
        with right:
            p = controls.number(
                "p",
                PERSISTENCE,
                f"{PAGE}_p",
                slider=True,
                value=PERSISTENCE.default,
                help=tr(PERSISTENCE.help),
            )
    return curve, p


def click_labels(ranked: RankedList) -> None:
    st.header(tr("1. Clicks as labels"), divider="gray", anchor="clicks")
    st.markdown(
        tr(
            "Click rates are cheap labels. But readers click only what they look at, and they "
            "look at the top: an item's click rate is cᵢ = θᵢ · aᵢ, the chance θᵢ that its "
            "position is looked at times its appeal aᵢ (its label over the top label)."
        )
    )
    question = st.container()
    # The click model (and its θᵢ, which the question's numbers use) is chosen in a fold below
    # the question: drawn first, so the question reads it.
    with st.expander(tr("🔎 The click model and its biases")):
        curve, p = _examination()
        _click_model(ranked, curve, p)
    logged = logged_under(ranked, examination=curve, p=p)
    with question:
        # The question stays on the list and click model it was asked about (predict.asked_on).
        asked = predict.asked_on(QUESTION, logged)
        guess = predict.ask(build_click_log(asked), key=QUESTION)
        revealed = predict.revealed(guess)
        if revealed:
            _logged_scores(logged)
        else:
            st.caption(tr("Answer first: the scores of A and B follow."))
    _own_clicks(ranked, curve, p, revealed)


def _logged_scores(logged: Logged) -> None:
    """The reveal: the claim, B scored with A's clicks against its ideal, then A and B scored
    with the real labels, with A's clicks, and corrected."""
    predict.claim(tr("A click log favours the ranker that produced it."))
    predict.picture(
        f"{PAGE}_clicked_b",
        logged.clicked_other.ranked,
        name=tr("B, labelled with the clicks its items earned under A"),
    )
    predict.sum_line(logged.clicked_other)
    name = logged.judged_logging.name()
    st.dataframe(
        pd.DataFrame(
            {
                tr("Order"): [
                    tr(
                        "A, your order: {list}",
                        list=shorten(format_relevances(logged.logging.relevances), 60),
                    ),
                    tr(
                        "B, the challenger: {list}",
                        list=shorten(format_relevances(logged.other.relevances), 60),
                    ),
                ],
                tr("{ndcg}, real labels", ndcg=name): [
                    fixed(logged.judged_logging.ndcg),
                    fixed(logged.judged_other.ndcg),
                ],
                tr("{ndcg}, clicks logged under A", ndcg=name): [
                    fixed(logged.clicked_logging.ndcg),
                    fixed(logged.clicked_other.ndcg),
                ],
                tr("{ndcg}, those clicks ÷ θᵢ", ndcg=name): [
                    fixed(logged.corrected_logging.ndcg),
                    fixed(logged.corrected_other.ndcg),
                ],
            }
        ),
        hide_index=True,
        width="stretch",
        key=f"{PAGE}_logged_scores",
    )
    for note in logged.notes:
        st.info(plain(note), icon="ℹ️")
    st.markdown(
        tr(
            "A's top items got clicks partly for where they stood. Dividing each click rate by "
            "its position's θᵢ (*inverse propensity weighting*) removes that share."
        )
    )


def _corrected_scale(ranked: RankedList) -> str:
    """What the ÷ θᵢ column is on, and why it can differ from the real labels' column."""
    if ranked.scoring.gain == "linear":
        return tr(
            "The last column: dividing by θᵢ gives back aᵢ, the real label divided by the top "
            "label. Under the gain rel that scales every gain by the same number, so NDCG is "
            "exactly the real labels' NDCG."
        )
    return tr(
        "The last column: dividing by θᵢ gives back aᵢ, the real label divided by the top "
        "label, a number from 0 to 1. Your gain turns that into another gain than the real "
        "label's (2^0.5 − 1 is not half of 2^3 − 1), so this column differs from the real "
        "labels' column even though the correction is exact: with the gain rel they agree."
    )


def _click_model(ranked: RankedList, curve: str, p: float) -> None:
    """The click model on the learner's list, and the biases it leaves out."""
    now = clicks(ranked, curve, p)
    st.latex(CLICK_FORMULA)
    st.latex(clicks_filled(now.table))
    charts.show(labels_charts.clicks_chart(now.table), key=f"{PAGE}_clicks")
    st.caption(
        tr(
            "Solid bars: the click rate each item gets in your order. Dotted bars: how "
            "attractive it is. The dashed line: the chance its position is looked at."
        )
    )
    st.markdown(
        tr(
            "- **Position bias**: a lower position is looked at less, so it is clicked less "
            "whatever it holds. That is the θᵢ above, and dividing by θᵢ corrects it.\n"
            "- **Trust bias**: readers who do look also click the top result more, because "
            "they trust the engine's order. Joachims et al. (2005) swapped the top two "
            "results without telling their readers, and the new first result still drew "
            "more clicks. Dividing by the chance of being looked at does not remove that.\n"
            "- **The cascade model**: the reader scans from the top, clicks the first item "
            "that satisfies them and stops. Craswell et al. (2008) compared it with the "
            "examination model on real click logs and found it fits the top of the list "
            "best. ERR (Chapelle et al. 2009), on *{metrics}*, is this reader turned into a "
            "measure: the expected 1/r of the position r where the reader stops, each position "
            "weighted by the chance the reader gets there unsatisfied and stops there.",
            metrics=menu.BY_KEY["metrics"].name,
        )
    )
    menu.page_link(
        "metrics",
        params=urlparams.list_params(ranked),
        label=tr("🧭 NDCG beside its neighbours: ERR on your list"),
    )


def _own_clicks(ranked: RankedList, curve: str, p: float, revealed: bool) -> None:
    """For a second reading: the correction in practice (once revealed), and the learner's
    order and its worst order each scored with the clicks it collected itself."""
    folded = folds.fold(
        PAGE, "clicks", tr("📚 More on clicks: the correction, an order's own clicks")
    )
    with folded:
        if not folded.open:
            return
        now = clicks(ranked, curve, p)
        worst = clicks(worst_first(ranked), curve, p)
        if revealed:
            st.markdown(
                tr(
                    "A new ranker evaluated on the old ranker's clicks starts at a "
                    "disadvantage, sometimes enough to lose to a worse order. The correction "
                    "needs θᵢ, which in practice has to be estimated, for example by swapping "
                    "results at random for a small share of traffic."
                )
            )
            st.caption(plain(_corrected_scale(ranked)))
        for note in dict.fromkeys(now.notes + worst.notes):  # each reason once
            st.info(plain(note), icon="ℹ️")
        name = now.judged.name()
        st.dataframe(
            pd.DataFrame(
                {
                    tr("Order"): [
                        tr("your order"),
                        tr("worst order (least relevant first)"),
                    ],
                    tr("{ndcg}, real labels", ndcg=name): [
                        fixed(now.judged.ndcg),
                        fixed(worst.judged.ndcg),
                    ],
                    tr("{ndcg}, its own clicks", ndcg=name): [
                        fixed(now.clicked.ndcg),
                        fixed(worst.clicked.ndcg),
                    ],
                    tr("Difference"): [
                        signed(now.clicked.ndcg - now.judged.ndcg),
                        signed(worst.clicked.ndcg - worst.judged.ndcg),
                    ],
                    tr("{ndcg}, clicks ÷ θᵢ", ndcg=name): [
                        fixed(now.corrected.ndcg),
                        fixed(worst.corrected.ndcg),
                    ],
                }
            ),
            hide_index=True,
            width="stretch",
            key=f"{PAGE}_click_scores",
        )
        st.caption(
            tr(
                "Of two items of the same grade, the one an order shows higher always gets the "
                "better click label, so an order scored with its own clicks usually looks "
                "better than with the real labels, a bad order most of all (though not always: "
                "the click rates also pull equal grades apart). Items never shown get no "
                "clicks: click labels have no judged items that were not retrieved."
            )
        )
        st.button(
            tr("▶ Put your list in its worst order"),
            key=f"{PAGE}_worst",
            on_click=_load,
            args=(worst_first(ranked),),
            help=tr("Reorders the list at the top of the page, least relevant first."),
        )


def ratings(ranked: RankedList) -> None:
    st.subheader(tr("2. Ratings"), anchor="ratings")
    st.markdown(
        tr(
            "Recommender data often has star ratings, 1 to 5. Used as labels directly, a one-star "
            "item, which the user disliked, still earns a gain of 1: it counts as a little "
            "relevant, and in the ideal ranking the low positions stop being worth nothing. Two "
            "common fixes: subtract 1 so the lowest rating earns nothing, or keep only ratings "
            "above a threshold (say 4 and 5) as relevant. Either way the NDCG changes."
        )
    )
    rows = {row.key: row for row in readings(ranked)}
    as_ratings, minus_one = rows["shifted"], rows["given"]
    st.markdown(
        tr(
            "**Your list read as ratings.** If your labels ({labels}) were ratings minus 1, "
            "the ratings themselves would be {ratings}:",
            labels=plain(format_relevances(ranked.relevances)),
            ratings=plain(format_relevances(as_ratings.ranked.relevances)),
        )
    )
    left, right = st.columns(2)
    left.metric(tr("{ndcg}, ratings as labels", ndcg="NDCG" + ranked.at), fixed(as_ratings.ndcg))
    right.metric(tr("{ndcg}, ratings − 1", ndcg="NDCG" + ranked.at), fixed(minus_one.ndcg))
    if as_ratings.problem or minus_one.problem:
        st.warning(plain(as_ratings.problem or minus_one.problem), icon="✋")
        return
    st.caption(plain(_shift_effect(ranked, as_ratings.ndcg, minus_one.ndcg)))


def _shift_effect(ranked: RankedList, shifted: float, given: float) -> str:
    """Which way adding 1 to every label moved this list's NDCG, and when each way happens."""
    rule = tr(
        "Adding the same number to every label is not harmless. When your order and the ideal "
        "are summed over the same positions, it raises NDCG: every position gets a floor, so "
        "the order matters less. When the ideal is longer than your list (no cut-off, and "
        "judged items that were not retrieved), those items get the floor too, and NDCG can "
        "fall."
    )
    if fixed(shifted) == fixed(given):
        return tr("{rule} Here the two agree to four decimals.", rule=rule)
    values = {
        "rule": rule,
        "ndcg": f"NDCG{ranked.at}",
        "given": fixed(given),
        "shifted": fixed(shifted),
    }
    if shifted > given:
        return tr("{rule} On your list it raised {ndcg}, from {given} to {shifted}.", **values)
    return tr("{rule} On your list it lowered {ndcg}, from {given} to {shifted}.", **values)


def fractions(ranked: RankedList) -> None:
    st.subheader(tr("3. Labels between 0 and 1"), anchor="fractions")
    st.markdown(
        tr(
            "A label of 0.5 can mean several things: the share of assessors who said relevant "
            "(two of four), a probability from a click model, a click rate, or a model's score "
            "used as a soft target. The NDCG formula does not mind: any gain ≥ 0 works, and "
            "0.5 earns 0.5 (or 2^0.5 − 1 ≈ 0.4142 under the exponential gain). The libraries mind a "
            "great deal. Some refuse fractions with an error. Worse, two read them as whole numbers "
            "without a word, so 0.5 becomes 0: ranx, and the trec_eval program itself, which keeps "
            "the whole number a label starts with (only its Python binding, pytrec_eval, refuses)."
        )
    )
    st.latex(worked(totals(FRACTIONS))[2])
    st.caption(
        plain(
            tr(
                "The items A–E of {source}: {list}.",
                source=tr(FRACTIONS_SOURCE),
                list=describe(FRACTIONS),
            )
        )
    )
    st.button(
        tr("▶ Load the items A–E into your list"),
        key=f"{PAGE}_load_fractions",
        on_click=_load,
        args=(FRACTIONS,),
    )
    mine = fractional(ranked)
    if mine:
        st.markdown(
            tr(
                "**Your list** has labels that are not whole numbers ({labels}). What each "
                "library does with them:",
                labels=plain(format_relevances(mine[:6])) + ("…" if len(mine) > 6 else ""),
            )
        )
    else:
        st.markdown(
            tr(
                "**Your list** has whole-number labels only; every library below accepts them "
                "(load the items A–E of {source} to see the difference). What each library "
                "does with them:",
                source=plain(tr(FRACTIONS_SOURCE)),
            )
        )
    rows = label_verdicts(ranked)
    # A static table: the libraries' messages wrap instead of hiding behind a scroll bar.
    st.table(
        pd.DataFrame(
            {
                tr("With your labels"): [tr(row.outcome) for row in rows],
                tr("Its NDCG"): [row.shown for row in rows],
                tr("Measure"): [row.measure for row in rows],
                tr("Accepts"): [tr(row.accepts) for row in rows],
                tr("It says or does"): [tr(row.message) if row.message else "—" for row in rows],
            },
            index=pd.Index([tr(row.library) for row in rows], name=tr("Library")),
        )
    )
    st.caption(
        tr(
            "Each number is that library's own NDCG convention (gain, ideal, ties), as on "
            "*{libraries}*; ⚠ marks a number computed after a silent change of the labels. A "
            "silent change is the dangerous case: the program prints a number, and nothing says "
            "it is not the number you meant.",
            libraries=menu.BY_KEY["libraries"].name,
        )
    )
    menu.page_link(
        "libraries",
        params=urlparams.list_params(ranked),
        label=tr("⚖️ Why libraries disagree: every convention on this list"),
    )


def judgments() -> None:
    st.subheader(tr("4. Graded judgments"), anchor="judgments")
    st.markdown(
        tr(
            "In a test collection, trained **assessors** grade documents for each query against "
            "written guidelines. Järvelin and Kekäläinen used 0 (not relevant) to 3 (highly "
            "relevant), the scale of the Wikipedia example too. Only some documents get judged, "
            "usually the top results of several systems merged (TREC's **pooling**): those make up "
            "J, the judged items (TREC calls J the *pool*). The ones your system did not return "
            "are *judged, not retrieved*; documents nobody returned stay unjudged."
        )
    )
    st.markdown(
        tr(
            "**Do assessors agree?** Often not. Voorhees (2000) had TREC topics judged again by "
            "other assessors: the systems' scores moved, but their order barely did. Judgments are "
            "good for comparing systems on the same judgments, less so for a score that means "
            "something on its own."
        )
    )


def libraries_warning(ranked: RankedList) -> bool:
    """When a library refuses or silently changes the learner's labels, say so in view (the
    table that shows how is in the second reading's fold); returns whether one does."""
    rows = label_verdicts(ranked)
    refused = [tr(row.library) for row in rows if row.outcome == REFUSED]
    changed = [tr(row.library) for row in rows if row.outcome == CHANGED]
    if refused and changed:
        said = tr(
            "Your labels are refused by {refused} and changed without a warning by {changed}: "
            "see “Labels between 0 and 1” below.",
            refused=tr(", ").join(refused),
            changed=tr(", ").join(changed),
        )
    elif refused:
        said = tr(
            "Your labels are refused by {refused}: see “Labels between 0 and 1” below.",
            refused=tr(", ").join(refused),
        )
    elif changed:
        said = tr(
            "Your labels are changed without a warning by {changed}: see “Labels between 0 and "
            "1” below.",
            changed=tr(", ").join(changed),
        )
    if refused or changed:
        st.warning(said, icon="⚠️")
    return bool(refused or changed)


def second_reading(ranked: RankedList) -> None:
    # Open when a library refuses or changes the learner's labels: then its table is the lesson.
    with st.expander(
        tr("📚 For a second reading: ratings, labels between 0 and 1, judgments"),
        expanded=libraries_warning(ranked),
    ):
        ratings(ranked)
        fractions(ranked)
        judgments()


def references(ranked: RankedList) -> None:
    with st.expander(tr("References")):
        versions = checked_versions()
        items = [
            cite("jarvelin2002", tr("graded judgments on a 0–3 scale")),
            *(tr(item, versions=versions) for item in REFERENCES),
        ]
        st.markdown("\n".join(f"- {plain(item)}" for item in items))
        menu.page_link("glossary", label=tr("📖 Glossary and notation"))
        menu.page_link(
            "learn-pitfalls",
            params=urlparams.list_params(ranked),
            label=tr("⚠️ Pitfalls of NDCG: the label scale and the gain"),
        )


def main() -> None:
    intro()
    ranked = your_list()
    click_labels(ranked)
    second_reading(ranked)
    references(ranked)


main()
