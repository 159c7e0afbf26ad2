"""Home: what NDCG is in one screen, a tiny live example, and the suggested path through the
lessons, with the learner's progress along it (kept by `ui.saved`)."""

import streamlit as st

from i18n import tr
from lessons import path
from lessons.examples import question_key
from lessons.latex import formulas, worked
from ndcg_core import totals
from ndcg_core.display import fixed
from ui import controls, list_editor, menu, saved, scores, urlparams
from ui.first_paint import TITLE, earns_column, stand_in

PAGE = "home"
# Pages that are tools rather than lessons, offered beside the path.
TOOLS = ("ordering", "queries")
# A stop is done when the learner ticks it, or answers a predict-first question on its page:
# the walkthroughs' questions have keys of their own (below); the other lessons' follow the rule
# in `answered`.
QUESTIONS = {
    menu_key: question_key(family)
    for menu_key, family in (
        ("learn-binary", "binary"),
        ("learn-graded", "graded"),
        ("learn-continuous", "continuous"),
        ("learn-russian", "russian"),
        ("learn-gain", "gain"),
        ("learn-all-zero", "zero"),
    )
}


def intro() -> None:
    st.title(TITLE)
    st.markdown(
        tr(
            "A search engine or a recommender hands you a **ranked list**. "
            "**NDCG** (Normalized Discounted Cumulative Gain) asks how good that order is: each item "
            "earns its relevance, items lower down earn less, and the total is divided by what the "
            "best possible order of the same items would earn. **1** means the order cannot be "
            "improved; the further below 1, the more relevance sits lower than it could."
        )
    )


def try_it():
    """The live example: formulas that match the list's conventions, then its numbers."""
    ranked = list_editor.edit_list(
        PAGE, label=tr("Try it: type relevances in ranked order"), height=68, drag=True
    )
    controls.active_conventions(ranked)
    dcg_symbols, _, ndcg_symbols = formulas(ranked)
    st.latex(dcg_symbols)
    st.latex(ndcg_symbols)
    st.caption(
        tr(
            "rel_i is the relevance of the item at position i; IDCG is the DCG of the best order "
            "(the same items sorted from most to least relevant, plus any judged items the system "
            "did not retrieve); k is the cut-off, the number of top positions that count."
        )
    )
    return ranked


def the_board(result) -> None:
    """The list as a chart that moves: drag a card and the numbers answer at once. No plotly
    chart on this page, so a first visit does not load plotly's bundle; nor the data grid's
    code, which the board's table needs only when asked for."""
    first_paint(result)
    list_editor.board(PAGE, result.ranked)
    st.caption(
        tr(
            "Each row is one position: what your order earns there (solid bar) beside what the "
            "ideal order earns (hatched bar). NDCG is the ratio of the two totals."
        )
    )
    # The board's numbers as a table, each column named. A toggle, not a fold: a fold's table
    # is drawn (and the data grid's code loaded, about 1.2 MB) even while the fold is closed.
    if st.toggle(tr("Show the board as a table"), key=f"{PAGE}_show_table"):
        st.dataframe(board_table(result), hide_index=True, key=f"{PAGE}_chart_table")


def first_paint(result) -> None:
    """On a session's first run, the board as plain Markdown in its place: its list and NDCG,
    the core's numbers, on screen with the heading. On a slow phone the board's script comes
    seconds after the page's first run is drawn; the board hides this once it is drawn
    (ui/board/board.js, ui/assets/app.css). Later runs leave the slot empty.

    Plain Markdown because Streamlit draws it with the code that draws the heading: Markdown
    with HTML in it, and st.html, wait for code loaded on demand (seconds on a slow phone)."""
    slot = st.empty()  # the same slot every run, so the board after it keeps its place
    if st.session_state.get(f"{PAGE}_first_paint_done"):
        return
    st.session_state[f"{PAGE}_first_paint_done"] = True
    with slot.container(key=f"{PAGE}_board_standin"):
        st.markdown(stand_in(result))


def board_table(result):
    """The board's rows: what each position earns in your order and in the ideal one, the
    positions beyond k marked as not counting (as the walkthroughs mark them)."""
    table = result.table
    return (
        table[["position", "label", "relevance"]]
        .assign(
            **{
                tr("Your order earns"): earns_column(table, "contribution"),
                tr("Ideal order earns"): earns_column(table, "ideal_contribution"),
            }
        )
        .rename(
            columns={
                "position": tr("Position"),
                "label": tr("Label"),
                "relevance": tr("Relevance"),
            }
        )
    )


def answered(key: str) -> bool:
    """Whether the learner has answered (or skipped to) one of the page's predict-first
    questions: a walkthrough's, or any whose key starts with the page's own prefix (the lesson
    pages key their questions `learn_pitfalls_…`, `metrics_…`, after their menu key)."""
    question, prefix = QUESTIONS.get(key), key.replace("-", "_") + "_"
    return any(given == question or given.startswith(prefix) for given in saved.guesses())


def _tick(key: str) -> None:
    saved.set_stop(key, bool(st.session_state.get(f"{PAGE}_done_{key}")))


def _stop_line(key: str, number: int | None, what: str, words: dict[str, int], ranked) -> None:
    """One stop: a tick box (ticked for you once its question is answered), then its link with
    what it adds and how long it takes, reading and answering."""
    page = menu.BY_KEY[key]
    done = answered(key) or key in saved.stops_done()
    box = f"{PAGE}_done_{key}"
    st.session_state[box] = done
    # A stop opens its own list (lessons.path); the playground opens Home's live one.
    params = urlparams.list_params(ranked) if key == "playground" else dict(path.stop(key).params)
    with st.container(horizontal=True, wrap=False, vertical_alignment="center", gap="small"):
        st.checkbox(
            tr("{page}: done", page=page.name),
            key=box,
            on_change=_tick,
            args=(key,),
            disabled=answered(key),
            label_visibility="collapsed",
            help=tr("You answered its question.") if answered(key) else tr("Tick it once read."),
            width="content",
        )
        lead = f"{number}. " if number else "↳ "
        label = tr(
            "{lead}{icon} {page} — {what}", lead=lead, icon=page.icon, page=page.name, what=what
        )
        if key in words:
            label = tr(
                "{lead}{icon} {page} — {what} · {minutes} min",
                lead=lead,
                icon=page.icon,
                page=page.name,
                what=what,
                minutes=path.stop_minutes(key, words[key]),
            )
        menu.page_link(
            key,
            params=params,
            label=label,
            width="stretch",
        )


def _path_time(words: dict[str, int]) -> str:
    """The path's time in a sentence: the stops, reading and answering, then the side trips
    and practice."""
    time = path.path_time(words)
    return tr(
        "The stops take about {lessons} min: {reading} of reading and {answering} for their "
        "{questions} questions. The side trips add about {side_trips} min, and practice "
        "({exercises} exercises) about {practice}.",
        lessons=time.lessons,
        reading=fixed(time.reading / 60, 1),
        answering=fixed(time.answering / 60, 1),
        questions=time.questions,
        side_trips=time.side_trips,
        exercises=len(path.practice_exercises()),
        practice=time.practice,
    )


def _how_timed() -> None:
    with st.expander(tr("How these times are worked out")):
        choice, board = path.QUESTION_SECONDS["choice"], path.QUESTION_SECONDS["board"]
        st.markdown(
            tr(
                "Reading: the words each lesson shows once its questions are answered (its folds "
                "left closed), counted in a browser, at {per_minute} words a minute. "
                "Answering: {choice} s a question with options and {board} s one answered by a "
                "move on the board. A reviewer who walked the path took about a minute a "
                "question, reading it included, and a question's own words are already in the "
                "reading; a board question leaves time to try a few moves. Practice: "
                "{estimate} min for an NDCG worked out by hand, {compare} for a term, a "
                "comparison or a swap, {default} for a question with options.",
                per_minute=path.WORDS_PER_MINUTE,
                choice=choice,
                board=board,
                estimate=path.PRACTICE_MINUTES["estimate"],
                compare=path.PRACTICE_MINUTES["compare"],
                default=path.PRACTICE_DEFAULT_MINUTES,
            )
        )


def suggested_path(ranked) -> None:
    st.header(tr("New to NDCG? A suggested path"))
    saved.mount()
    words = path.core_words()
    done = sum(1 for key in path.pages() if answered(key) or key in saved.stops_done())
    st.caption(
        tr(
            "{stops} stops and {side_trips} short side trips. {time} Each lesson asks a question "
            "before it shows the numbers; answering it ticks the stop, or tick it yourself. The "
            "{icon} glossary has every term. Done so far: {done} of {total}.",
            stops=len(path.STOPS),
            side_trips=sum(map(len, path.SIDE_TRIPS.values())),
            time=_path_time(words),
            icon=menu.BY_KEY[path.REFERENCE].icon,
            done=done,
            total=len(path.pages()),
        )
    )
    for number, stop in enumerate(path.STOPS, start=1):
        _stop_line(stop.key, number, tr(stop.adds), words, ranked)
        for side in path.SIDE_TRIPS.get(stop.key, ()):
            _stop_line(side.key, None, tr("side trip: {what}", what=tr(side.adds)), words, ranked)
    _how_timed()
    menu.page_link(
        path.REFERENCE,
        label=tr(
            "{icon} {page} — to look up any term, any time",
            icon=menu.BY_KEY[path.REFERENCE].icon,
            page=menu.BY_KEY[path.REFERENCE].name,
        ),
    )
    first, second = (f"{menu.BY_KEY[key].icon} {menu.BY_KEY[key].name}" for key in TOOLS)
    st.caption(
        tr(
            "Tools to use along the way, in the menu: {first} and {second}.",
            first=first,
            second=second,
        )
    )
    saved.continue_elsewhere()


# ---------------------------------------------------------------------------------------------
# The page, in reading order
# ---------------------------------------------------------------------------------------------


def main() -> None:
    intro()
    # The board first (on a phone, whose columns stack, it comes right after the heading, so a
    # first screen shows a list and its NDCG), the box to type a list beside it.
    board_side, typing_side = st.columns([6, 5], gap="large")
    with typing_side:
        ranked = try_it()
    result = totals(ranked)
    with board_side:
        the_board(result)
    scores.metrics_row(result, page=PAGE)
    st.latex(worked(result)[2])
    suggested_path(ranked)


main()
