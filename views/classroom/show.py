"""The pieces the classroom's screens draw: a question and its lists, its options marked after the
reveal, its worked solution, how the class answered (each chart a table, `charts`), both rounds
side by side, how the class moved, how sure it was, what the twin question showed, and a list
the teacher sent. The teacher's, the projector's and the student's screens put them in their
own order.
"""

from __future__ import annotations

import streamlit as st

from classroom import gains, peer, questions
from i18n import tr, trn
from lessons import practice
from lessons.described import describe
from ndcg_core import totals
from ndcg_core.display import count, fixed
from ui import board, share, solutions, urlparams
from ui.text import plain

from . import charts
from .common import PAGE

# The classroom's own look, on top of the app's: charts as tables, answer options as full-width
# targets of at least 48 px on a phone (WCAG 2.5.5's 44 px and then some), and no sidebar or
# toolbar on a student's or the projector's screen, which must not lead anyone off the class.
PHONE_STYLE = """
.st-key-classroom_student_form [data-testid="stElementContainer"],
.st-key-classroom_student_form [data-testid="stRadio"],
.st-key-classroom_student_form [data-testid="stRadioGroup"],
.st-key-classroom_student_form [data-testid="stRadioGroup"] > div { width: 100%; }
/* How sure: three options a row, wrapped onto two rows rather than cut mid-word when a
   language's words are long (Russian's "Почти уверенно"). */
.st-key-classroom_student_form [aria-orientation="horizontal"] { flex-wrap: wrap; }
.st-key-classroom_student_form [aria-orientation="horizontal"] > div { flex: 1 1 auto; }
.st-key-classroom_student_form label[data-testid="stRadioOption"] * {
  overflow-wrap: normal; word-break: normal; }
.st-key-classroom_student_form label[data-testid="stRadioOption"] {
  display: flex; width: 100%; min-height: 48px; box-sizing: border-box; align-items: center;
  padding: 0.4rem 0.75rem; margin: 0 0 0.5rem; border: 1px solid rgba(49, 51, 63, 0.45);
  border-radius: 0.5rem; }
.st-key-classroom_student_form label[data-testid="stRadioOption"]:has(input:checked) {
  border: 2px solid #0072B2; background: rgba(0, 114, 178, 0.08); }
.st-key-classroom_student_form [data-testid="stFormSubmitButton"] button {
  width: 100%; min-height: 48px; }
.st-key-classroom_student_form input[type="text"] { min-height: 48px; font-size: 1.1rem; }
.st-key-classroom_round_banner p { font-size: 1.15rem; font-weight: 700; margin: 0; }
"""
# The QR code's box sizes it (an SVG without a size of its own).
QR_STYLE = """
span.ndcg-qr { display: inline-block; line-height: 0; }
span.ndcg-qr svg { width: 100%; height: 100%; }
span.ndcg-qr-teacher { width: 100%; max-width: 22rem; }
"""
NO_CHROME = """
[data-testid="stSidebar"], [data-testid="stSidebarCollapsedControl"],
[data-testid="stExpandSidebarButton"], [data-testid="stToolbar"],
[data-testid="stHeader"], [data-testid="stDecoration"] { display: none !important; }
[data-testid="stMainBlockContainer"] { padding-top: 1rem !important; }
"""


def style(*, phone: bool = False, chrome: bool = True) -> None:
    """The classroom's styles for this screen (`chrome=False`: no sidebar, no toolbar)."""
    css = charts.STYLE + QR_STYLE + (PHONE_STYLE if phone else "") + ("" if chrome else NO_CHROME)
    st.markdown(f"<style>{css}</style>", unsafe_allow_html=True)


def html(markup: str) -> None:
    """A chart or a strip of the classroom's own HTML (every text in it escaped where it is
    built)."""
    st.markdown(markup, unsafe_allow_html=True)


def show_question(question: questions.Question, number: int) -> None:
    """The question as the class sees it: title, prompt, its lists in words (a puzzle's lists
    would give its answer away, so they are not shown), and its formula if it has one."""
    exercise = question.exercise
    st.subheader(tr("Question {number}: {title}", number=number, title=exercise.title))
    st.markdown(plain(exercise.prompt))
    if question.shows_lists:
        for line in list_lines(question):
            st.markdown(f"**{plain(line)}**")
    if exercise.question_latex:
        st.latex(exercise.question_latex)


def list_lines(question: questions.Question) -> list[str]:
    """The question's lists in words, one line each, named when there are two ("A: 3, 2, 0")."""
    cases = question.exercise.cases
    if len(cases) == 1:
        return [cases[0].describe()]
    return [tr("{name}: {values}", name=tr(c.name), values=c.describe()) for c in cases]


def has_lists_chart(question: questions.Question) -> bool:
    return question.shows_lists and question.exercise.kind in (
        "compare",
        "estimate",
        "costliest_swap",
    )


def show_lists(question: questions.Question) -> None:
    """The lists of a teacher's own question as bars, a column per position (a practice
    exercise draws none here)."""
    if not has_lists_chart(question):
        return
    cases = question.exercise.cases
    k = cases[0].ranked.k
    html(
        charts.lists_table(
            [(tr(c.name), c.ranked.relevances) for c in cases],
            None if k == "n" or not isinstance(k, int) else k,
            tr("The lists, grade by position (top first)"),
        )
    )


def show_options_marked(question: questions.Question, mine: str | None = None) -> None:
    """The options again after the reveal: the answer ✅, a wrong pick ❌, in words too."""
    right = question.right
    lines = []
    for i, option in enumerate(question.options):
        picked = mine is not None and int(mine) == i
        mark = "✅" if i == right else ("❌" if picked else "⬜")
        if i == right and picked:
            note = tr("the answer, your pick")
        elif i == right:
            note = tr("the answer")
        elif picked:
            note = tr("your pick")
        else:
            note = ""
        lines.append(f"- {mark} {plain(option)}" + (f" — *{note}*" if note else ""))
    st.markdown("\n".join(lines))


def show_solution(question: questions.Question, number: int) -> None:
    """The worked solution with the question's own numbers (practice's `worked`)."""
    exercise = question.exercise
    if question.is_numeric:
        st.markdown(answer_words(exercise.target))
    st.markdown(plain(exercise.explanation))
    solutions.worked_exercise(exercise, key=f"{PAGE}_solution_{number}")


def distribution(
    question: questions.Question,
    texts: list[str],
    *,
    revealed: bool,
    caption: str,
    mine: str | None = None,
) -> str:
    """How the class answered, as a table: a row per option, or per bin of the numbers."""
    if question.is_numeric:
        exercise = question.exercise
        values = [practice.parse_answer(t) for t in texts]
        return charts.histogram_table(
            questions.histogram(values, exercise.tolerance),
            caption=caption,
            target=exercise.target if revealed else None,
            # What counts: within the tolerance and nearer the answer than any common slip.
            band=practice.accepted_range(exercise) if revealed else None,
            mine=None if mine is None else practice.parse_answer(mine),
        )
    return charts.choice_table(
        questions.choice_counts(question, texts),
        revealed=revealed,
        caption=caption,
        mine=None if mine is None else int(mine),
    )


def answer_words(target: float) -> str:
    """The right number, in bold, as the reveal says it."""
    return tr("**The answer: {value}**", value=fixed(target))


def round_title(round: int, twin: bool = False) -> str:
    if twin:
        return tr("The twin (alone)")
    return tr("Round 1 (alone)") if round == 1 else tr("Round 2 (after discussing)")


def answers_caption(title: str) -> str:
    """The caption of a round's table of answers: "Round 1 (alone): answers"."""
    return tr("{round}: answers", round=title)


def show_round(
    question: questions.Question,
    texts: list[str],
    *,
    title: str,
    mine: str | None = None,
) -> None:
    """One round's answers after the reveal: its share right, then its table."""
    tally = questions.tally(question, texts)
    st.markdown(
        tr(
            "**{round}:** {share}",
            round=title,
            share=peer.share_words(tally.right, tally.answered),
        )
    )
    html(distribution(question, texts, revealed=True, caption=answers_caption(title), mine=mine))


def show_rounds(
    question: questions.Question,
    first: list[str],
    second: list[str],
    *,
    mine: tuple[str | None, str | None] = (None, None),
) -> None:
    """The reveal of a two-round question: both rounds' answers side by side, each with its
    share right."""
    for column, texts, round, you in zip(st.columns(2), (first, second), (1, 2), mine, strict=True):
        with column:
            show_round(question, texts, title=round_title(round), mine=you)


def show_shift(moved: peer.Shift) -> None:
    """How the class moved between the rounds, in three numbers."""
    right, away, stayed = st.columns(3)
    right.metric(tr("Moved to the right answer"), count(moved.to_right))
    away.metric(tr("Moved away from it"), count(moved.away))
    stayed.metric(tr("Right both times"), count(moved.stayed_right))
    st.caption(
        trn(
            "Of {both} who answered in both rounds; {n} was wrong both times.",
            "Of {both} who answered in both rounds; {n} were wrong both times.",
            moved.stayed_wrong,
            both=count(moved.both),
        )
    )


def show_confidence(question: questions.Question, given, round: int) -> None:
    """Right and wrong answers by how sure the students said they were, in the round counted
    (the last one)."""
    rows = peer.by_confidence(question, [(a.answer, a.confidence) for a in given])
    if not any(r.right + r.wrong for r in rows):
        return
    st.markdown(tr("**How sure in round {round}, and how right**", round=round))
    st.dataframe(
        {
            tr("How sure"): [peer.confidence_words(r.level) for r in rows],
            tr("Right"): [r.right for r in rows],
            tr("Wrong"): [r.wrong for r in rows],
        },
        hide_index=True,
        key=f"{PAGE}_sure_{question.text[:40]}_{round}",
    )


def show_learned(db, code: str, original: int, twin: int) -> None:
    """What a twin question showed: right in round 1, round 2 and on the twin (a table of
    bars), and the weighted learning gain (Porter et al., ICER 2011)."""
    posed = db.question(code, twin)
    shift = db.shift(code, original)
    tally = questions.tally(posed.question, [a.answer for a in db.answers(code, twin, 1)])
    rows = [(round_title(1), shift.right1, shift.first)]
    if shift.second:
        rows.append((round_title(2), shift.right2, shift.second))
    rows.append((round_title(1, twin=True), tally.right, tally.answered))
    html(charts.shares_table(rows, tr("What the twin of question {number} shows", number=original)))
    learning = db.learning(code, original)
    if learning is not None:
        st.markdown(
            tr(
                "**Weighted learning gain: {wlg}** ({learned} of {learners} who were wrong alone "
                "got the twin right; {knew_right} of {knew} who were right alone did)",
                wlg=gains.gain_words(learning.wlg),
                learned=count(learning.learned),
                learners=count(learning.learners),
                knew_right=count(learning.knew_right),
                knew=count(learning.knew),
            )
        )
    st.caption(
        tr(
            "The weighted learning gain: the share of those wrong alone in round 1 who got the "
            "twin right, over the share of those right alone who did again (1: they caught up; "
            "Porter et al., ICER 2011)."
        )
    )


def what_wrong_answers_say(question: questions.Question, texts: list[str]) -> None:
    found = questions.misconceptions(question, texts)
    if not found:
        return
    st.subheader(tr("What the wrong answers point to"))
    for item in found:
        st.markdown(f"**{plain(item.label)}** · {count(item.count)}")
        if item.advice:
            st.caption(plain(item.advice))


def show_pushed_list(params: dict) -> None:
    """A list the teacher sent to every screen, scored, with a link to the playground (a new
    tab: the class stays open in this one)."""
    ranked, _ = urlparams.read_list(params)
    result = totals(ranked)
    with st.container(border=True):
        st.markdown(tr("📌 **Your teacher's list:** {values}", values=plain(describe(ranked))))
        st.markdown(f"{result.name()} = **{fixed(result.ndcg)}**")
        # The list on a board of its own: each screen may try moves; they stay on that screen.
        board.show(
            f"{PAGE}_pushed_board",
            ranked,
            present=share.is_presenting(),
            report=False,
        )
        st.link_button(
            tr("Open it in the playground ↗"),
            urlparams.link("playground", ranked),
            key=f"{PAGE}_open_pushed",
        )
