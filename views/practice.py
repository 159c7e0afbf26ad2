"""Practice: predict, then reveal. A set of exercises made from a seed in the URL, so a whole class
can get the same set; each answer is checked by the core. A wrong answer gets feedback aimed at
the mistake behind it and a second try; a hint is there on request; the solution comes with the
exercise's own numbers once the answer is right, the tries are used up, or the learner asks."""

from __future__ import annotations

import random

import pandas as pd
import streamlit as st

from i18n import tr, trn
from lessons import practice
from ndcg_core.display import DIGITS, fixed
from ui import charts, menu, predict, saved, share, solutions, urlparams
from ui.charts.practice import relevance_bars
from ui.text import plain

PAGE = "practice"
ANSWERS = f"{PAGE}_answers"


# ---------------------------------------------------------------------------------------------
# The address: seed (which set), v (which version of the generator) and ex (which exercise),
# declared in ui/urlparams.py
# ---------------------------------------------------------------------------------------------


def _new_seed() -> int:
    return random.randrange(practice.MAX_SEED + 1)


def read_address() -> tuple[int, int, int, list[str]]:
    """The seed, the set's version and the exercise number from the link, with a message for
    each value not used as given; all three are written back, so the address always names
    what the page shows."""
    seed, version, number, messages = urlparams.read_practice(
        st.query_params.to_dict(), _new_seed()
    )
    urlparams.apply(urlparams.practice_params(seed, version, number), urlparams.PRACTICE_KEYS)
    return seed, version, number, urlparams.link_messages(PAGE, messages)


def _go_to(number: int) -> None:
    urlparams.apply({"ex": str(number)}, ["ex"])


def _start_new_set() -> None:
    params = urlparams.practice_params(_new_seed(), practice.LATEST, 1)
    urlparams.apply(params, urlparams.PRACTICE_KEYS)


def _answers(seed: int, version: int) -> dict[int, dict]:
    """This set's answers, by exercise index: each a record of its tries ({"given", "verdict"})
    and whether it is done (right, out of tries, or solution asked).

    They live in the session, and are kept in the learner's progress (`ui.saved`: the browser
    and the progress link), so a reload or another device finds them again. Each call brings
    the two level: an exercise the store knows more of (answered in another tab, or read from
    the browser or a link) is rebuilt from the answers given, judged again; one the session
    knows more of is written to the store, which the page passes to the browser at the end of
    its run (`saved.mount`, after every answer of the run is in)."""
    session = st.session_state.setdefault(ANSWERS, {}).setdefault((seed, version), {})
    kept = saved.practice_answers(seed, version)
    for index, (given, done) in kept.items():
        record = session.get(index)
        if record is None or (done, len(given)) > (record["done"], len(record["tries"])):
            session[index] = _rebuilt(seed, version, index, given, done)
    for index, record in session.items():
        given = [attempt["given"] for attempt in record["tries"]]
        if kept.get(index) != (given, record["done"]):
            saved.set_practice(seed, version, index, given, record["done"])
    return session


def _rebuilt(seed: int, version: int, index: int, given: list, done: bool) -> dict:
    """A record from the answers given, each judged again (an answer that no longer reads is
    dropped)."""
    exercise = practice.exercise(seed, index, version)
    tries = []
    for answer in given[: practice.TRIES]:
        try:
            tries.append({"given": answer, "verdict": practice.judge(exercise, answer)})
        except ValueError:
            continue
    return {"tries": tries, "done": done}


def _record(exercise: practice.Exercise) -> dict:
    return _answers(exercise.seed, exercise.version).setdefault(
        exercise.index, {"tries": [], "done": False}
    )


def _done(seed: int, version: int) -> list[dict]:
    return [record for record in _answers(seed, version).values() if record["done"]]


def _right(record: dict) -> bool:
    return bool(record["tries"]) and record["tries"][-1]["verdict"].correct


def _show_solution(exercise: practice.Exercise) -> None:
    _record(exercise)["done"] = True


# ---------------------------------------------------------------------------------------------
# The sections, in reading order
# ---------------------------------------------------------------------------------------------


def intro(presenting: bool, messages: list[str]) -> None:
    st.title(f"🎯 {menu.BY_KEY[PAGE].name}")
    if not presenting:
        st.markdown(
            trn(
                "Predict first, then check. A wrong answer gets a pointer to what went wrong "
                "and a second try; after {n} try, or whenever you ask, the exercise is solved "
                "with its own numbers. The set comes from the **seed** in the address: share "
                "the link and everyone gets the same exercises.",
                "Predict first, then check. A wrong answer gets a pointer to what went wrong "
                "and a second try; after {n} tries, or whenever you ask, the exercise is solved "
                "with its own numbers. The set comes from the **seed** in the address: share "
                "the link and everyone gets the same exercises.",
                practice.TRIES,
            )
        )
        st.caption(
            tr(
                "Numbers: values computed here have {digits} decimal places. A number you type "
                "counts when it lies within the tolerance its question states, on either side "
                "of the exact value; type it as 0.8, .8 or 80%, or with a decimal comma (0,8). A "
                "library's output quoted "
                "in a puzzle is shown as it prints it (0.785), and a margin said to be “about” "
                "has 2.",
                digits=DIGITS,
            )
        )
    for message in messages:
        st.warning(plain(message))


def progress(seed: int, version: int, number: int) -> None:
    done = _done(seed, version)
    right = sum(_right(record) for record in done)
    size = practice.set_size(version)
    left, middle = st.columns([3, 1])
    with left:
        st.progress(
            len(done) / size,
            text=tr(
                "Exercise {number} of {size} · {answered} answered · set {seed}",
                number=number,
                size=size,
                answered=len(done),
                seed=seed,
            ),
        )
    with middle:
        st.metric(tr("Score"), f"{right} / {len(done)}")


def the_exercise(exercise: practice.Exercise, number: int) -> None:
    st.header(f"{number}. {exercise.title}")
    st.markdown(plain(exercise.prompt))
    # The other questions' prompts already give their lists; the cases would name the answer.
    if exercise.kind in practice.KINDS:
        for case in exercise.cases:
            said = case.describe()
            if exercise.kind == "compare":
                said = tr("{name}: {list}", name=case.name, list=said)
            st.markdown(f"**{plain(said)}**")
    if exercise.kind in ("compare", "estimate", "costliest_swap"):
        shown = exercise.cases if exercise.kind == "compare" else exercise.cases[:1]
        figure = relevance_bars([(c.name, c.ranked.relevances) for c in shown], shown[0].ranked.k)
        charts.show(figure, key=f"{PAGE}_chart_{exercise.key}")
        st.caption(
            tr(
                "Bars are the relevance at each position; the further left, the more a grade "
                "counts."
            )
        )
    if exercise.question_latex:
        st.latex(exercise.question_latex)


def a_hint(exercise: practice.Exercise) -> None:
    """The hint, folded until asked for; with a table of discounts where one helps."""
    if not exercise.hint:
        return
    with st.expander(tr("💡 A hint")):
        st.markdown(plain(exercise.hint))
        if exercise.discounts:
            st.table(
                pd.DataFrame(
                    {
                        tr("Position i"): [str(i) for i, _ in exercise.discounts],
                        tr("Discount 1/log₂(i+1)"): [fixed(d) for _, d in exercise.discounts],
                    }
                )
                .set_index(tr("Position i"))
                .T,
                width="content",
            )


def last_try(record: dict) -> None:
    """After a wrong try that can be retried: what went wrong, without the answer."""
    if not record["tries"]:
        return
    verdict = record["tries"][-1]["verdict"]
    left = practice.TRIES - len(record["tries"])
    more = trn("**Not quite: one more try.**", "**Not quite: {n} more tries.**", left)
    st.warning(f"{more} {plain(verdict.feedback)}", icon="🔁")


def your_answer(exercise: practice.Exercise) -> None:
    """The answer form; a readable answer is checked and recorded, an unreadable one explained."""
    key = f"{PAGE}_{exercise.key}"
    with st.form(f"{key}_form", border=False):
        given, unreadable = predict.answer_field(exercise, tr("Your answer"), key)
        submitted = st.form_submit_button(tr("Check"), key=f"{PAGE}_check", type="primary")
    record = _record(exercise)
    if record["tries"]:
        st.button(
            tr("Show the solution"),
            key=f"{PAGE}_show_solution",
            on_click=_show_solution,
            args=(exercise,),
        )
    if not (submitted or unreadable):
        return
    verdict = predict.submit(exercise, given, unreadable=unreadable)
    if isinstance(verdict, predict.Refusal):  # said, nothing recorded
        verdict.show()
        return
    record["tries"].append({"given": given, "verdict": verdict})
    record["done"] = verdict.correct or len(record["tries"]) >= practice.TRIES
    st.rerun()


def the_options_marked(exercise: practice.Exercise, record: dict) -> None:
    """The options again, the answer and the picks marked by symbol and words, not colour."""
    right = practice.correct_choice(exercise)
    picked = [attempt["given"] for attempt in record["tries"]]
    lines = []
    for i, choice in enumerate(exercise.choices):
        mark = "✅" if i == right else ("❌" if i in picked else "⬜")
        notes = [
            note
            for note, on in ((tr("the answer"), i == right), (tr("your pick"), i in picked))
            if on
        ]
        lines.append(
            f"- {mark} {plain(choice.text)}" + (f" — *{', '.join(notes)}*" if notes else "")
        )
    st.markdown("\n".join(lines))


def the_solution(exercise: practice.Exercise, record: dict) -> None:
    if record["tries"]:
        verdict = record["tries"][-1]["verdict"]
        values = {"headline": verdict.headline, "detail": plain(verdict.detail)}
        if verdict.correct and len(record["tries"]) > 1:
            said = tr("**{headline}** (on the second try) {detail}", **values)
        else:
            said = tr("**{headline}** {detail}", **values)
        (st.success if verdict.correct else st.error)(said)
    else:
        st.info(tr("The solution, as asked."), icon="📖")
    st.markdown(plain(exercise.explanation))
    st.markdown("### " + tr("The worked solution"))
    solutions.worked_exercise(exercise, key=f"{PAGE}_{exercise.key}")


def navigation(seed: int, version: int, number: int) -> None:
    back, forward, fresh = st.columns(3)
    back.button(
        tr("← Previous"),
        key=f"{PAGE}_previous",
        disabled=number == 1,
        on_click=_go_to,
        args=(number - 1,),
        width="stretch",
    )
    answered = _answers(seed, version).get(number - 1, {}).get("done", False)
    forward.button(
        tr("Next →"),
        key=f"{PAGE}_next",
        disabled=number == practice.set_size(version),
        on_click=_go_to,
        args=(number + 1,),
        type="primary" if answered else "secondary",
        width="stretch",
    )
    fresh.button(tr("New set"), key=f"{PAGE}_new", on_click=_start_new_set, width="stretch")


def set_done(seed: int, version: int) -> None:
    done = _done(seed, version)
    size = practice.set_size(version)
    if len(done) == size:
        right = sum(_right(record) for record in done)
        st.success(
            tr(
                "Set {seed} done: {right} of {size} right. Go back to any exercise to read its "
                "solution again, or start a new set.",
                seed=seed,
                right=right,
                size=size,
            )
        )


def share_this_set(seed: int, version: int, number: int) -> None:
    with st.expander(tr("Share this set or project it")):
        share.copy_link(
            urlparams.query_string(urlparams.practice_params(seed, version)),
            path=PAGE,
            label=tr("This set, from exercise 1"),
        )
        share.copy_link(
            urlparams.query_string(
                {**urlparams.practice_params(seed, version, number), urlparams.PRESENT: "1"}
            ),
            path=PAGE,
            label=tr("This exercise in presenter view (large type, no sidebar)"),
        )


# ---------------------------------------------------------------------------------------------
# The page, in reading order
# ---------------------------------------------------------------------------------------------


def main() -> None:
    presenting = share.is_presenting()  # app.py applies the presenter style
    seed, version, number, messages = read_address()
    saved.merged()  # what the browser or a link kept, before this run reads its answers
    intro(presenting, messages)
    progress(seed, version, number)
    exercise = practice.exercise(seed, number - 1, version)
    record = _record(exercise)
    the_exercise(exercise, number)
    if not record["done"]:
        last_try(record)
        a_hint(exercise)
        your_answer(exercise)
    else:
        if not exercise.is_numeric:
            the_options_marked(exercise, record)
        the_solution(exercise, record)
    navigation(seed, version, number)
    set_done(seed, version)
    if not presenting:
        share_this_set(seed, version, number)
    saved.mount()


main()
