"""Why libraries disagree: one query scored the way each library does it, and why they differ."""

from __future__ import annotations

import streamlit as st

import i18n
from i18n import tr
from lessons import latex
from lessons.gallery import GALLERY, GALLERY_BY_KEY, case_for, gallery_table
from lessons.practice.libraries import asked_words, build_library_pair
from lessons.snippets import install_line, program, snippet
from lessons.verdicts import cause_counts, spread
from ndcg_core.display import fixed
from ndcg_core.libraries import (
    CAUSES,
    PRESETS,
    XGBOOST_DEFAULT_CUT,
    LibraryVerdict,
    Query,
    by_formula,
    in_playground,
    score_every_preset,
    tie_breaking,
    tie_groups,
)
from ndcg_core.model import EVERY_RANKED, NO_CUTOFF, RankedList
from ndcg_core.options import DISCOUNTS, GAINS
from ndcg_core.parsing import format_relevances
from ui import charts, controls, folds, language, list_editor, menu, predict, urlparams
from ui.charts.libraries import (
    tie_groups_table,
    tie_words,
    ties_chart,
    ties_table,
    verdict_table,
    verdicts_table,
)
from ui.text import plain
from ui.typed import parse_scores

PAGE = "libraries"
SCORES, IDS = f"{PAGE}_scores", f"{PAGE}_ids"
HEADLINE = ("sklearn", "trec_ndcg_cut")  # the two rows whose numbers the home page promises
QUESTION = f"{PAGE}_pair"  # what the two headline rows print: predict first
GALLERY_COLUMNS = 4


@st.cache_data(show_spinner=False)
def _gallery(lang: str):
    return gallery_table()


def _load_case(case_key: str) -> None:
    """Gallery button: the case's list, pool and k, and its scores and ids, into the inputs."""
    case = GALLERY_BY_KEY[case_key]
    list_editor.load(PAGE, case.ranked)
    st.session_state[SCORES] = format_relevances(case.scores) if case.scores else ""
    st.session_state[IDS] = ", ".join(case.ids) if case.ids else ""


# ---------------------------------------------------------------------------------------------
# Sections, in reading order
# ---------------------------------------------------------------------------------------------


def intro() -> None:
    st.title(tr("⚖️ Why libraries disagree"))
    st.markdown(
        tr(
            "Give one ranked list to every library and each scores it its own way. Where two "
            "numbers differ, the table names the convention that parted them."
        )
    )


def your_query() -> Query:
    """The list, its scores and ids, the pool and k; the query every library is given."""
    left, right = st.columns([3, 2], gap="large")
    with left:
        ranked = list_editor.edit_list(
            PAGE,
            label=tr("Relevance labels, in the order the system returned them"),
            height=68,
            negative=True,
        )
        scores, ids = _scores_and_ids(ranked)
    with right:
        ranked = controls.scoring_controls(
            PAGE, gain_and_discount=False, k_beyond=True, explain=False
        )
    query = Query(ranked, scores, ids)
    _publish_ranking(scores, ids)
    with right:
        st.caption(plain(_cut_sentence(query)))
    return query


def _cut_sentence(query: Query) -> str:
    """What the chosen cut-off asks of every library, in one sentence."""
    cut, n = query.ranked.scoring.k, query.n
    if cut == EVERY_RANKED:
        return tr(
            "Every library is asked for k = n = {n}, the list's length (trec_eval's ndcg has no cut-off and ignores it).",
            n=n,
        )
    if cut == NO_CUTOFF:
        return tr(
            "Every library is called without k: most score the whole list against their whole ideal; trec_eval's ndcg_cut has no such form and is asked for ndcg_cut.{n}, and XGBoost's plain ndcg stops at {cut}.",
            n=n,
            cut=XGBOOST_DEFAULT_CUT,
        )
    if cut > n:
        return tr(
            "Every library is asked for k = {k}, beyond the list's {n} items (trec_eval's ndcg has no cut-off and ignores it).",
            k=cut,
            n=n,
        )
    return tr(
        "Every library is asked for k = {k} (trec_eval's ndcg has no cut-off and ignores it).",
        k=cut,
    )


def _scores_and_ids(ranked: RankedList) -> tuple[tuple[float, ...] | None, tuple[str, ...] | None]:
    """The scores and ids boxes (from the link on the page's first run); a bad value is named,
    kept in its box, and left out until it is fixed."""
    if SCORES not in st.session_state:
        scores, ids, messages = urlparams.read_ranking(st.query_params.to_dict(), ranked.n)
        st.session_state[SCORES] = format_relevances(scores) if scores else ""
        st.session_state[IDS] = ", ".join(ids) if ids else ""
        for message in messages:
            urlparams.warn(message)
    st.text_input(
        tr("Scores (optional, one per item)"),
        key=SCORES,
        placeholder=tr("e.g. 0.9, 0.9, 0.7, 0.4 — equal scores make ties"),
        help=tr(
            "The system's scores. Libraries rank by score, so equal scores create ties. "
            "Without scores the list order is the ranking."
        ),
    )
    st.text_input(
        tr("Document ids (optional, one per item)"),
        key=IDS,
        placeholder=tr("e.g. d7, d2, d9, d4"),
        help=tr(
            "trec_eval breaks ties by document id, descending. Without ids the items' labels "
            "(D1, D2, …) are their ids."
        ),
    )
    scores = ids = None
    typed = st.session_state[SCORES].strip()
    if typed:
        try:
            scores = Query(ranked, parse_scores(typed, max_items=urlparams.MAX_ITEMS)).scores
        except ValueError as error:
            st.error(
                plain(tr("Scores: {error} Until then the list order is the ranking.", error=error)),
                icon="✋",
            )
    typed = st.session_state[IDS].strip()
    if typed:
        try:
            ids = urlparams.check_ids(typed, ranked.n)
        except ValueError as error:
            st.error(
                plain(tr("Ids: {error} Until then the labels are the ids.", error=error)), icon="✋"
            )
    return scores, ids


def _publish_ranking(scores, ids) -> None:
    """Keep `scores` and `ids` in the address bar in step with the boxes."""
    urlparams.apply(urlparams.ranking_params(scores, ids), urlparams.RANKING_KEYS)


def to_the_playground(query: Query) -> None:
    if min(query.relevances) < 0:
        st.caption(tr("The playground refuses negative labels, so this list has no link there."))
        return
    menu.page_link(
        "playground",
        params=urlparams.list_params(query.ranked),
        label=tr("🎛️ Open this list in the playground"),
        help=tr("In the order typed: the playground has no scores, so they stay on this page."),
    )


def every_library(query: Query, verdicts: list[LibraryVerdict]) -> None:
    st.header(tr("Every library on this query"))
    st.markdown(
        tr(
            "**Every row is scored at {cut}** (set k above).",
            cut=plain(query.ranked.scoring.cut_words(query.n)),
        )
    )
    guess = _question(query)
    table = verdict_table(verdicts, query)
    if predict.revealed(guess):
        _reveal(query, verdicts, table)
    with st.expander(tr("📚 Every row explained: exact values, reasons, formulas")):
        with st.container(key=f"{PAGE}_verdicts"):
            st.table(verdicts_table(table))
        st.caption(
            tr(
                "Only the points that change this query's number are named. “refuses” rows show "
                "the library's own error (or why this app cannot compute the number); ⚠ marks a "
                "number the library reached after changing your labels without a warning."
            )
        )
        st.markdown(tr("**The formulas behind the rows**"))
        st.latex(latex.ndcg_formula())
        for (gain, discount), presets in by_formula().items():
            titles = ", ".join(preset.title for preset in presets)
            st.markdown(
                plain(
                    tr(
                        "{gain}, discount {discount}: {libraries}",
                        gain=tr(GAINS[gain].label),
                        discount=tr(DISCOUNTS[discount].label),
                        libraries=titles,
                    )
                )
            )
            st.latex(latex.dcg_formula(gain, discount))


def _question(query: Query):
    """What the headline rows print, asked on the query as it was when answered: a gallery click
    afterwards changes the numbers below, not the verdict on what was asked ("Ask me again"
    asks about the query above)."""
    asked = predict.asked_on(QUESTION, query)
    where = (
        tr("the query above")
        if asked == query
        else tr("your earlier query ({query})", query=asked_words(asked))
    )
    return predict.ask(build_library_pair(asked, *HEADLINE, where=where), key=QUESTION)


def _reveal(query: Query, verdicts: list[LibraryVerdict], table) -> None:
    """The answer to the question: the claim, the list as trec_eval scores it against its ideal
    (when judged items were not retrieved), the headline rows, what moves them; every library
    in brief, folded."""
    predict.claim(
        tr(
            "Libraries agree only when they make the same choices: cut-off, ideal, gain, ties, "
            "0 / 0."
        )
    )
    # One slot, drawn or empty, so the folds below keep their place (and stay open) when a
    # gallery case without judged items replaces one with them.
    with st.container():
        if query.pool and query.scores == Query(query.ranked).scores and min(query.relevances) >= 0:
            predict.picture(
                f"{PAGE}_judged",
                query.ranked,
                name=tr(
                    "As trec_eval scores it: the ideal also holds what was judged, not retrieved"
                ),
            )
    case = case_for(query)
    if case is not None:
        st.info(f"**{tr(case.title)}.** {tr(case.notice)}", icon="🔎")
    _headline(verdicts)
    # Static tables, not grids: every word stays readable when projected.
    with st.expander(tr("📋 Every library on this query, in brief")):
        with st.container(key=f"{PAGE}_brief"):
            st.table(verdicts_table(table, brief=True))
        st.caption(
            tr(
                "Each row against the first (scikit-learn): “differs by” names what changes this "
                "number; ⚠ marks labels changed without a warning."
            )
        )
    counts = cause_counts(verdicts)
    if counts:
        moving = ", ".join(f"{tr(CAUSES[cause])} ({count})" for cause, count in counts.items())
        st.markdown(tr("**What moves the number here:** {moving} rows.", moving=moving))
    else:
        st.markdown(
            tr(
                "**Every library agrees on this query.** Try the gallery below for cases where "
                "they do not."
            )
        )


def _headline(verdicts: list[LibraryVerdict]) -> None:
    by_key = {v.preset.key: v for v in verdicts}
    summary = spread(verdicts)
    with st.container(key=f"{PAGE}_headline"):
        columns = st.columns(len(HEADLINE) + 1)
        for column, key in zip(columns, HEADLINE):
            shown = by_key[key]
            column.metric(
                f"{shown.preset.library} {shown.metric}",
                tr("refuses") if shown.kind == "refused" else fixed(shown.value),
                border=True,
            )
        left_out = ", ".join(summary.left_out)
        columns[-1].metric(
            tr("Spread across libraries"),
            fixed(summary.width),
            help=tr(
                "Highest minus lowest number among the libraries that give one. {left_out} is a "
                "paper's formula, not a library, so it is left out.",
                left_out=left_out,
            ),
            border=True,
        )
        notes = [tr("{left_out} is not a library and is left out.", left_out=left_out)]
        if summary.refused:
            notes.insert(
                0,
                tr(
                    "{refused} of {libraries} libraries refuse this input.",
                    refused=summary.refused,
                    libraries=summary.libraries,
                ),
            )
        columns[-1].caption(plain(" ".join(notes)))


def edge_case_gallery() -> None:
    st.markdown(tr("One click loads a case into the inputs above; the table gives every verdict."))
    columns = st.columns(GALLERY_COLUMNS)
    for i, case in enumerate(GALLERY):
        columns[i % GALLERY_COLUMNS].button(
            tr(case.title),
            key=f"{PAGE}_gallery_{case.key}",
            on_click=_load_case,
            args=(case.key,),
            width="stretch",
            wrap=True,
        )
    # Keyed containers, because a display-only dataframe's own key is not reachable by tests.
    with st.container(key=f"{PAGE}_gallery_table"):
        st.dataframe(_gallery(i18n.language()), width="stretch", height="content")
    st.caption(
        tr(
            "Notice how few rows survive every case: “refuses” is the library's error, ⚠ a silent "
            "change of labels, and a range is TF-Ranking's random tie-breaking."
        )
    )


def tie_visualiser(query: Query, tied: bool) -> None:
    if not tied:
        st.info(
            tr(
                "No two scores are equal here, so every tie rule ranks the items the same way. "
                "Type scores with repeats (e.g. 0.8, 0.8, 0.5, 0.5) or pick “Tied scores” in the "
                "gallery."
            ),
            icon="🟰",
        )
    with st.container(key=f"{PAGE}_ranked"):
        st.dataframe(tie_groups_table(query), hide_index=True)
    if not tied:
        return
    st.caption(
        tr(
            "Items sharing a letter in “tie group” have equal scores: their order is up to the "
            "library. The rank shown keeps them in input order."
        )
    )
    if min(query.relevances) < 0:
        st.warning(
            tr("The tie visualiser needs labels ≥ 0; this list has a negative one."), icon="✋"
        )
        return
    ties = tie_words(tie_breaking(query))
    with st.container(key=f"{PAGE}_ties"):
        st.dataframe(ties_table(ties), hide_index=True, width="stretch")
    charts.show(
        ties_chart(ties),
        key=f"{PAGE}_ties_chart",
        alt=tr("Chart: NDCG under each tie rule, between the worst and the best tie order"),
    )
    st.caption(
        tr(
            "What to notice: every rule lands on the dotted line between the worst and the best "
            "tie order; the averaged value (scikit-learn) is where a random shuffle (TF-Ranking) "
            "lands on average. Every row uses the linear gain and 1/log₂(i+1), so that only the "
            "tie rule differs: a library named here that uses 2^rel − 1 (LightGBM, XGBoost, "
            "TF-Ranking) prints its own numbers, in the table of every library above."
        )
    )


def reproduce(query: Query, verdicts: list[LibraryVerdict]) -> None:
    st.markdown(
        tr(
            "Each program passes the items in the order above, with their scores and ids, so a "
            "library that breaks ties by input order or by id ranks them exactly as here."
        )
    )
    titles = {preset.key: preset.title for preset in PRESETS}
    chosen = st.selectbox(
        tr("Library"),
        list(titles),
        format_func=language.worded(f"{PAGE}_snippet", titles.get),
        key=f"{PAGE}_snippet",
    )
    verdict = next(v for v in verdicts if v.preset.key == chosen)
    preset = verdict.preset
    if install_line(preset):
        st.code(install_line(preset), language="bash")
    st.code(snippet(preset, query), language="python")
    if verdict.kind == "refused":
        st.markdown(tr("Expected: it raises"))
        st.code(verdict.message, language=None, wrap_lines=True)
    else:
        # Every digit, as the program prints it (repr), so the two can be compared exactly.
        st.markdown(tr("Expected output: `{value}`", value=repr(verdict.value)))
        st.latex(latex.dcg_formula(preset.gain, preset.discount, k=verdict.at))
        st.latex(latex.ndcg_filled(verdict.dcg, verdict.idcg, verdict.value, verdict.cut))
        st.caption(
            tr(
                "The formula this library uses, then its DCG and ideal DCG for this query (DCG "
                "averaged over tie orders)."
            )
            if preset.ties in ("average", "random")
            else tr("The formula this library uses, then its DCG and ideal DCG for this query.")
        )
    playground = in_playground(verdict, query)
    if playground is not None:
        menu.page_link(
            "playground",
            params=urlparams.list_params(playground),
            label=tr(
                "🎛️ This row in the playground, term by term ({library})", library=preset.title
            ),
        )
    if note := program(preset).note:
        st.caption(tr(note))
    st.caption(
        tr(
            "{description} Source: {reference}",
            description=tr(preset.description),
            reference=preset.reference,
        )
    )


# ---------------------------------------------------------------------------------------------
# The page, in reading order
# ---------------------------------------------------------------------------------------------


def main() -> None:
    intro()
    query = your_query()
    to_the_playground(query)
    verdicts = score_every_preset(query)
    every_library(query, verdicts)
    with st.expander(tr("🧪 Edge-case gallery: each case one click away")):
        edge_case_gallery()
    tied = bool(tie_groups(query.scores))
    # Open when scores tie: then how each library orders the tied items is the lesson.
    with st.expander(tr("🟰 Tie visualiser: equal scores, library by library"), expanded=tied):
        tie_visualiser(query, tied)
    folded = folds.fold(PAGE, "programs", tr("🐍 Reproduce it yourself: each library's program"))
    with folded:
        if folded.open:
            reproduce(query, verdicts)


main()
