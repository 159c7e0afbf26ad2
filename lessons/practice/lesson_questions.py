"""The questions the lessons ask before they show the numbers, one per lesson idea.

Not part of any practice set (no seed, no index): each builder takes a lesson's list (its
example, or the learner's own) and returns an `Exercise` of an existing kind, so
`lessons.practice.judge` checks the answer by re-computing each option's claim from the lists,
as it does in practice. No answer is written down here: an option claims how scores compare
("NDCG@3 is lower with the item than without it"), and the core's scores decide which holds.
Every question asks about an idea, not a sum, offers at least three options, titles itself
neutrally and keeps an option's reasoning for the feedback (`Choice.why`) once it is picked.

- `walkthrough_question(family)`: the six walkthroughs (an item below the cut-off, which of two
  fixes gains more, two orders of the same items, a reversed list, the gain 2^rel − 1, a query
  with nothing relevant).
- `pitfall_question(key)`: each pitfall of /learn-pitfalls; three of them are the practice
  pitfalls' own builders (`pitfalls.build_*`), asked with the claims alone.
- `build_next_move` (/metrics): one swap of the learner's list, and which of the seven measures
  it changes (kind ``metric_changes``: the claim is the set of measures that move).
- `build_click_log` (/learn-labels): clicks logged under the learner's order, used to score a
  challenger's order of the same items; which comes out ahead (kind ``compare``).
- `build_costliest_drop` (/learn-discount): which card's drop of one place costs most, answered
  on the board or by an option (kind ``claims``, as are the walkthroughs' and pitfalls').

The /libraries page's question (what two libraries print for the learner's query) needs scores,
ids and refusals, which no existing kind judges: it is `libraries.build_library_pair`, of its
own kind ``library_pair``.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import replace
from itertools import combinations

from i18n import N_, tr, trn
from lessons.clicks import Logged
from lessons.demos import readings, several
from lessons.examples import FAMILIES, example
from lessons.pitfalls import FULL_PAGE, HARD_QUERY, PADDING, PITFALLS
from ndcg_core import measures
from ndcg_core.display import exact, fixed, shorten
from ndcg_core.metrics import totals
from ndcg_core.model import RankedList
from ndcg_core.options import discounts, gain_record, gains
from ndcg_core.parsing import format_relevances
from ndcg_core.permutations import swap

from . import puzzles
from .calculations import MARGIN_DIGITS
from .measures import measures_changed, measures_text
from .pitfalls import (
    CLAIMS,
    IDEAL_TOP_K_TITLE,
    MISSING_TITLE,
    TAIL_TITLE,
    asked_in_order,
    build_ideal_below_k,
    build_irrelevant_tail,
    build_missing_relevant,
    part_holds,
)
from .records import Case, Choice, Exercise, Slot, scored_with

EVERY = frozenset(measures.SYMBOLS)
LISTED = 60  # characters of a list quoted in a question; a longer one ends in '…'


def _listed(ranked: RankedList) -> str:
    return shorten(format_relevances(ranked.relevances), LISTED)


def swapped(ranked: RankedList, i: int, j: int) -> RankedList:
    """`ranked` with the items at positions `i` and `j` (1-based) exchanged (the core's `swap`)."""
    return ranked.reordered(swap(ranked.n, i, j))


def instructive_swap(ranked: RankedList) -> tuple[int, int] | None:
    """The first swap (top pair first) that moves some of the seven measures but not all of
    them, two to five; else the first that moves any; None when no swap moves anything."""
    moving = None
    for i, j in combinations(range(1, ranked.n + 1), 2):
        if ranked.relevances[i - 1] == ranked.relevances[j - 1]:
            continue
        changed = measures_changed(ranked, swapped(ranked, i, j))
        if 2 <= len(changed) <= len(EVERY) - 2:
            return i, j
        if changed and moving is None:
            moving = (i, j)
    return moving


def build_next_move(ranked: RankedList, i: int, j: int) -> Exercise:
    """ "Swap positions i and j: which measures change?" on the learner's list, with the
    default measure settings (`measures.MeasureSettings()`, what `measures_changed` scores)."""
    after = swapped(ranked, i, j)
    changed = measures_changed(ranked, after)
    decoys = [EVERY, frozenset({"ndcg"}), changed ^ {"ap"}, changed ^ {"p", "r"}, frozenset()]
    options = list(dict.fromkeys([changed, *(d for d in decoys if d and d != changed)]))[:4]
    at = ranked.at
    grade = ranked.relevances
    choices = tuple(
        Choice(measures_text(option, at), option, why=_why_not(option, changed, at))
        for option in sorted(options, key=len)
    )
    settings = measures.MeasureSettings()
    return Exercise(
        kind="metric_changes",
        title=tr("Which measures does your next move change?"),
        prompt=tr(
            "On the board, swap the items at positions {i} (grade {grade_i}) and {j} (grade "
            "{grade_j}). The seven measures are scored at {cut}, an item counting as relevant "
            "from grade {rel_min}. Which of them will change?",
            i=i,
            grade_i=exact(grade[i - 1]),
            j=j,
            grade_j=exact(grade[j - 1]),
            cut=ranked.cut_words,
            rel_min=exact(settings.rel_min),
        ),
        cases=(
            Case(tr("Your list"), ranked),
            Case(tr("Positions {i} and {j} swapped", i=i, j=j), after),
        ),
        choices=choices,
        explanation=tr(
            "NDCG and ERR read grades and positions, so any swap of unequal grades moves them. "
            "P and R count the relevant items in the top k, RR looks at the first one only, AP "
            "and RBP see relevant or not: a swap between two relevant items, or two irrelevant "
            "ones, leaves them alone."
        ),
        hint=tr("For each measure ask what it reads, and whether the swap changes that."),
    )


def _names(keys: frozenset[str], at: str) -> str:
    names = [f"{symbol}{at}" for key, symbol in measures.SYMBOLS.items() if key in keys]
    if len(names) == 1:
        return names[0]
    return tr("{measures} and {last}", measures=", ".join(names[:-1]), last=names[-1])


def _why_not(option: frozenset[str], changed: frozenset[str], at: str) -> str:
    """What a wrong option gets wrong: the measures it adds that stay, those it leaves out that
    move, and what each kind of measure reads (the lesson's reveal follows right after)."""
    if option == changed:
        return ""
    parts = []
    if option - changed:
        stay = option - changed
        parts.append(
            trn("{measures} stays put", "{measures} stay put", len(stay), measures=_names(stay, at))
        )
    if changed - option:
        move = changed - option
        parts.append(
            trn("{measures} moves too", "{measures} move too", len(move), measures=_names(move, at))
        )
    return tr(
        "{wrong}. NDCG and ERR read grades and positions; P, R, RR, AP and RBP only see whether "
        "an item is a hit, and where.",
        wrong="; ".join(parts),
    )


def build_click_log(logged: Logged) -> Exercise:
    """ "Scored with the clicks your order collected, what happens to the better order's lead?"
    A is the logging order, B the challenger; both are labelled with the clicks logged under A.

    The options say who wins and whether by as much as with the real labels (to MARGIN_DIGITS),
    by more, or by less; each is a `compare` claim (winner, margin) that holds only when the
    click-labelled lists score so. A false option's claim has a negative margin, which no pair
    of lists can have.
    """
    a = Case(tr("A (the order that was shown)"), logged.clicked_logging.ranked)
    b = Case(tr("B (the challenger)"), logged.clicked_other.ranked)
    real = {"A": logged.judged_logging.ndcg, "B": logged.judged_other.ndcg}
    clicked = {"A": a.score(), "B": b.score()}
    ahead = "A" if real["A"] > real["B"] else "B"
    behind = "B" if ahead == "A" else "A"
    real_margin = round(abs(real["A"] - real["B"]), MARGIN_DIGITS)
    margin = round(abs(clicked["A"] - clicked["B"]), MARGIN_DIGITS)
    winner = "A" if clicked["A"] > clicked["B"] else "B"
    same = winner == ahead and margin == real_margin
    more = winner == ahead and margin > real_margin
    less = winner == ahead and margin < real_margin
    options = (
        (tr("{side} still wins, by about as much", side=ahead), (ahead, margin if same else -1.0)),
        (tr("{side} still wins, by more", side=ahead), (ahead, margin if more else -2.0)),
        (tr("{side} still wins, by less", side=ahead), (ahead, margin if less else -3.0)),
        (tr("{side} wins", side=behind), (behind, margin if winner == behind else -4.0)),
    )
    why = tr(
        "Scored with the clicks logged under A, A gets {clicked_a} and B {clicked_b}; with the "
        "real labels, A {real_a} and B {real_b}.",
        clicked_a=fixed(clicked["A"]),
        clicked_b=fixed(clicked["B"]),
        real_a=fixed(real["A"]),
        real_b=fixed(real["B"]),
    )
    return Exercise(
        kind="compare",
        title=tr("Which order do the clicks prefer?"),
        prompt=tr(
            "Clicks were logged while your order, A ({logging}), was on screen. A new ranker "
            "shows the same items as B ({other}). With the real labels, {ahead} scores higher, "
            "by {margin}. Now each item's label is the click rate it earned under A. Scored "
            "that way, what happens?",
            logging=_listed(logged.logging),
            other=_listed(logged.other),
            ahead=ahead,
            margin=fixed(abs(real["A"] - real["B"])),
        ),
        cases=(a, b),
        choices=tuple(Choice(text, claim, why=why) for text, claim in options),
        explanation=why,
        solution_cases=(a, b),
        hint=tr("An item's click rate depends on the position A gave it, not only on the item."),
    )


# ---------------------------------------------------------------------------------------------
# Claims: how two scores compare, re-computed by `pitfalls.holds`
# ---------------------------------------------------------------------------------------------


def _than(a: Case, b: Case) -> tuple[tuple, tuple, tuple]:
    """The three claims about two cases' scores: a below b, the same, a above b."""
    return ((a, "<", b),), ((a, "=", b),), ((a, ">", b),)


def _claims(
    title: str, prompt: str, cases: Sequence[Case], choices: Sequence[Choice], explanation: str
) -> Exercise:
    """A lesson's question of claims (`title` in English, marked for the catalogue): its options
    in a fixed order of their own, the same in every language."""
    return asked_in_order(
        Exercise(
            kind=CLAIMS,
            title=tr(title),
            prompt=prompt,
            cases=tuple(cases),
            choices=tuple(choices),
            explanation=explanation,
            solution_cases=tuple(cases),
        ),
        title,
    )


def _side(a: float, b: float) -> int:
    """-1, 0 or 1: whether a is below, level with or above b, as four decimals show them."""
    a, b = round(a, 4), round(b, 4)
    return (a > b) - (a < b)


# ---------------------------------------------------------------------------------------------
# The walkthroughs
# ---------------------------------------------------------------------------------------------

# The all-zero page's question is the practice puzzle "X reports 1, Y reports 0: why?", as
# version 1 of the practice set draws it for this seed: five zeros, like the page's list.
ALL_ZERO_SEED = 5


def walkthrough_question(family: str) -> Exercise:
    """The question a walkthrough asks before it shows its lead example's numbers."""
    lead = example(FAMILIES[family].lead)
    if family == "binary":
        return build_below_cut(lead.ranked)
    if family == "graded":
        return build_which_fix(lead.ranked)
    if family == "continuous":
        other = example("continuous-daecb")
        return build_same_items(lead.ranked, other.ranked)
    if family == "russian":
        return build_score_band(lead.ranked)
    if family == "gain":
        return build_gain_direction(lead.ranked)
    if family == "zero":
        slot = Slot("all_zero", ALL_ZERO_SEED, 0, random.Random(ALL_ZERO_SEED), 1)
        return puzzles.make_all_zero(slot)
    raise ValueError(f"No walkthrough family {family!r}; known: {', '.join(FAMILIES)}.")


def below_cut(ranked: RankedList) -> int:
    """The position (1-based) of the first relevant item below the cut-off k."""
    k = ranked.k
    if k is None or k >= ranked.n:
        raise ValueError(f"The list needs a cut-off k below its length; got k = {k}.")
    for position in range(k + 1, ranked.n + 1):
        if ranked.relevances[position - 1] > 0:
            return position
    raise ValueError(f"No relevant item of {ranked.relevances} lies below k = {k}.")


def build_below_cut(ranked: RankedList) -> Exercise:
    """Does a relevant item below the cut-off change NDCG@k? Compared with the same list in
    which that item is judged not relevant."""
    p, k = below_cut(ranked), ranked.k
    grade = ranked.relevances[p - 1]
    values = list(ranked.relevances)
    values[p - 1] = 0.0
    with_it = Case(tr("The list"), ranked)
    without = Case(
        tr("Position {p} judged not relevant", p=p), replace(ranked, relevances=tuple(values))
    )
    at = ranked.at
    side = _side(with_it.score(), without.score())
    enters = side != 0  # the item takes a place in the ideal top k
    lower, same, higher = _than(with_it, without)
    if enters:
        ideal = tr(
            "The ideal order sorts every item before it is cut, so this one takes a place in "
            "the ideal top {k} and IDCG{at} grows.",
            k=k,
            at=at,
        )
    else:
        ideal = tr(
            "The ideal top {k} already holds {k} items graded at least as high, so this one "
            "does not get in.",
            k=k,
        )
    return _claims(
        N_("An item below the cut-off"),
        tr(
            "The item at position {p}, below the cut-off k = {k}, is relevant (grade {grade}). "
            "Compare NDCG{at} with that item as it is and judged not relevant (0):",
            p=p,
            k=k,
            grade=exact(grade),
            at=at,
        ),
        (with_it, without),
        (
            Choice(
                tr("NDCG{at} is lower with the item than without it", at=at),
                lower,
                why="" if side < 0 else tr("It adds nothing to DCG{at}.", at=at) + " " + ideal,
            ),
            Choice(
                tr("NDCG{at} is the same either way", at=at),
                same,
                why=""
                if side == 0
                else tr("It adds nothing to DCG{at}, true, but that is not the whole story.", at=at)
                + " "
                + ideal,
            ),
            Choice(
                tr("NDCG{at} is higher with the item than without it", at=at),
                higher,
                why=""
                if side > 0
                else tr(
                    "It lies below the cut-off, so it adds nothing to DCG{at}; it can only "
                    "change the other side of the ratio.",
                    at=at,
                )
                + " "
                + ideal,
            ),
        ),
        tr(
            "The ideal top {k} is the best {k} items of the whole list, wherever they were ranked.",
            k=k,
        ),
    )


def out_of_order(ranked: RankedList) -> list[tuple[int, int]]:
    """The neighbour pairs (i, i + 1), 1-based, where a lower grade sits above a higher one."""
    values = ranked.relevances
    return [(i, i + 1) for i in range(1, ranked.n) if values[i - 1] < values[i]]


def _swapped_case(ranked: RankedList, i: int, j: int, name: str) -> Case:
    return Case(name, swapped(ranked, i, j))


def _step_worth(ranked: RankedList, i: int) -> tuple[float, float]:
    """The gain gap and the discount gap of the neighbours at i and i + 1."""
    s = ranked.scoring
    g = gains(ranked.relevances, s.gain)
    d = discounts(ranked.n, s.discount, s.log_base)
    if ranked.k is not None:
        d[ranked.k :] = 0.0  # below the cut-off a place is worth nothing
    return abs(float(g[i] - g[i - 1])), float(d[i - 1] - d[i])


def build_which_fix(ranked: RankedList) -> Exercise:
    """Of the first two out-of-order neighbour pairs, which fix raises NDCG more, or both the
    same?"""
    pairs = out_of_order(ranked)
    if len(pairs) < 2:
        raise ValueError(f"{ranked.relevances} needs two out-of-order neighbours; has {pairs}.")
    (i, _), (j, _) = pairs[:2]
    values = ranked.relevances
    first = _swapped_case(ranked, i, i + 1, tr("Positions {i} and {j} swapped", i=i, j=i + 1))
    second = _swapped_case(ranked, j, j + 1, tr("Positions {i} and {j} swapped", i=j, j=j + 1))
    at = ranked.at
    below, same, above = _than(first, second)
    side = _side(first.score(), second.score())
    (gap_i, drop_i), (gap_j, drop_j) = _step_worth(ranked, i), _step_worth(ranked, j)
    worth = tr(
        "A fix gains (gain gap) × (discount gap): {gap_i} × {drop_i} at {i}–{next_i}, {gap_j} × "
        "{drop_j} at {j}–{next_j}, each divided by the same IDCG.",
        gap_i=exact(gap_i),
        drop_i=fixed(drop_i),
        i=i,
        next_i=i + 1,
        gap_j=exact(gap_j),
        drop_j=fixed(drop_j),
        j=j,
        next_j=j + 1,
    )

    def pair(p: int, suffix: str = "") -> dict:
        return {
            "upper" + suffix: exact(values[p - 1]),
            "lower" + suffix: exact(values[p]),
            "p" + suffix: p,
            "next" + suffix: p + 1,
        }

    def swapping(p: int) -> str:
        return tr("Swapping the {upper} above the {lower} (positions {p}, {next})", **pair(p))

    return _claims(
        N_("Two mistakes, one fix"),
        tr(
            "Two neighbours are out of order: the {upper} above the {lower} (positions {p}, "
            "{next}) and the {upper_2} above the {lower_2} (positions {p_2}, {next_2}). Which "
            "swap raises NDCG{at} more?",
            **pair(i),
            **pair(j, "_2"),
            at=at,
        ),
        (first, second),
        (
            Choice(
                swapping(i),
                above,
                why=""
                if side > 0
                else tr("Both fix one mistake, but they are not worth the same.") + " " + worth,
            ),
            Choice(
                swapping(j),
                below,
                why=""
                if side < 0
                else tr("The place a fix moves an item to matters.") + " " + worth,
            ),
            Choice(
                tr("Both raise it by the same amount"),
                same,
                why=""
                if side == 0
                else tr(
                    "Each swap moves one item one place, but a place is worth more near the top."
                )
                + " "
                + worth,
            ),
        ),
        tr(
            "A mistake costs (gain gap) × (discount gap), and the discount falls fastest at the "
            "top."
        ),
    )


def _sequence(ranked: RankedList) -> str:
    return "[" + ", ".join(ranked.labels) + "]"


def build_same_items(first: RankedList, second: RankedList) -> Exercise:
    """Two orders of the same items (named by their sequences): which scores higher, or both
    the same? The CG, which is the same, is said in the question."""
    a, b = Case(_sequence(first), first), Case(_sequence(second), second)
    at = first.at
    cg = totals(first).cg
    below, same, above = _than(a, b)
    side = _side(a.score(), b.score())
    winner, loser = (a, b) if side > 0 else (b, a)
    where = tr(
        "DCG weighs each item by its position's discount, so the order that puts more relevance "
        "near the top wins: {winner} scores {winner_score}, {loser} {loser_score}.",
        winner=winner.name,
        winner_score=fixed(winner.score()),
        loser=loser.name,
        loser_score=fixed(loser.score()),
    )
    return _claims(
        N_("Two orders of the same items"),
        tr(
            "The orders {a} and {b} of these items have the same CG, {cg}. Which has the higher "
            "NDCG{at}?",
            a=a.name,
            b=b.name,
            cg=exact(round(cg, 4)),
            at=at,
        ),
        (a, b),
        (
            Choice(tr("{side} scores higher", side=a.name), above, why="" if side > 0 else where),
            Choice(tr("{side} scores higher", side=b.name), below, why="" if side < 0 else where),
            Choice(
                tr("Both score the same"),
                same,
                why="" if side == 0 else tr("CG is the same, but NDCG is not CG.") + " " + where,
            ),
        ),
        tr("CG ignores the order; DCG, and so NDCG, does not."),
    )


BANDS = (0.5, 0.9)  # a score band question's two edges


def build_score_band(ranked: RankedList, bands: tuple[float, float] = BANDS) -> Exercise:
    """What band does NDCG of `ranked` fall in: below the first edge, between the two, or from
    the second up?"""
    case = Case(tr("The list"), ranked)
    low, high = bands
    score = case.score()
    ideal = sorted(ranked.relevances, reverse=True)
    at = ranked.at
    said = tr(
        "It scores {score}: every item is relevant, and the ideal order {ideal} only beats it "
        "by how it places grades that are close.",
        score=fixed(score),
        ideal=format_relevances(ideal),
    )
    claims = (
        ((case, "<", low),),
        ((case, ">=", low), (case, "<", high)),
        ((case, ">=", high),),
    )
    texts = (
        tr("Below {low}", low=exact(low)),
        tr("From {low} to {high}", low=exact(low), high=exact(high)),
        tr("{high} or more", high=exact(high)),
    )
    return _claims(
        N_("A list in the wrong order"),
        tr(
            "The ideal order is {ideal}; the list ranks the items {ranking}. What does NDCG{at} "
            "come to?",
            ideal=format_relevances(ideal),
            ranking=format_relevances(ranked.relevances),
            at=at,
        ),
        (case,),
        tuple(
            Choice(text, claim, why=said)
            if not all(part_holds(p) for p in claim)
            else Choice(text, claim)
            for text, claim in zip(texts, claims)
        ),
        tr("NDCG measures how much relevance sits near the top, against the most that could."),
    )


def build_gain_direction(ranked: RankedList) -> Exercise:
    """The same list scored with the gain 2^rel − 1 instead of the grade: does NDCG go down,
    stay, or go up?"""
    linear = Case(tr("Gain rel"), ranked.with_scoring(gain="linear"))
    power = Case(tr("Gain 2^rel − 1"), ranked.with_scoring(gain="exponential"))
    below, same, above = _than(power, linear)
    side = _side(power.score(), linear.score())
    at = ranked.at
    stretched = tr(
        "2^rel − 1 keeps the grades in order but stretches the gaps between them (0, 1, 3, 7 "
        "for grades 0 to 3): a mistake between two high grades now costs more, one between "
        "two low grades less, and DCG and IDCG change together only by what the mistakes cost."
    )
    return _claims(
        N_("Another gain"),
        tr(
            "With the gain rel the list scores NDCG{at} = {score}. With 2^rel − 1 (grades 0–3 "
            "earn {gains}), what happens to it?",
            at=at,
            score=fixed(linear.score()),
            gains=", ".join(exact(g) for g in gains([0, 1, 2, 3], "exponential")),
        ),
        (linear, power),
        (
            Choice(tr("It goes down"), below, why="" if side < 0 else stretched),
            Choice(tr("It stays the same"), same, why="" if side == 0 else stretched),
            Choice(tr("It goes up"), above, why="" if side > 0 else stretched),
        ),
        tr(
            "With {gain}, a gap between high grades weighs more.",
            gain=tr(gain_record("exponential").short),
        ),
    )


# ---------------------------------------------------------------------------------------------
# The pitfalls
# ---------------------------------------------------------------------------------------------


def pitfall_question(key: str) -> Exercise:
    """The question pitfall `key` of /learn-pitfalls asks about its example."""
    example_list = PITFALLS[key].example
    values = example_list.relevances
    if key == "closed":
        return asked_in_order(
            build_missing_relevant(values, example_list.pool, reasons=False), MISSING_TITLE
        )
    if key == "padding":
        return asked_in_order(build_irrelevant_tail(values, PADDING, reasons=False), TAIL_TITLE)
    if key == "ideal_cut":
        return asked_in_order(
            build_ideal_below_k(values, example_list.k, reasons=False), IDEAL_TOP_K_TITLE
        )
    if key == "scale":
        return _scale_question(example_list)
    if key == "zero":
        return _zero_question(example_list)
    if key == "compare":
        return _compare_question(example_list)
    if key == "several":
        return _several_question(example_list)
    raise ValueError(f"`key` must be one of {', '.join(PITFALLS)}; got {key!r}.")


def _said(value: float) -> float:
    return round(value, 4)


def _scale_question(ranked: RankedList) -> Exercise:
    rows = {row.key: row for row in readings(ranked)}
    given, doubled, shifted = rows["given"], rows["doubled"], rows["shifted"]
    twice = Case(tr("Every label × 2"), doubled.ranked)
    plus = Case(tr("Every label + 1"), shifted.ranked)
    same, moved = _said(given.ndcg), _said(shifted.ndcg)
    return _claims(
        N_("Rewriting the labels"),
        tr(
            "The list {ranking} scores NDCG{at} = {score} ({conventions}). What happens if "
            "every label is doubled (0–3 written 0–6), or if 1 is added to every label (0–3 "
            "written 1–4)?",
            ranking=format_relevances(ranked.relevances),
            at=ranked.at,
            score=fixed(given.ndcg),
            conventions=scored_with(ranked.with_scoring(gain="linear")),
        ),
        (twice, plus),
        (
            Choice(
                tr("Neither changes it: both stay at {score}", score=fixed(given.ndcg)),
                ((twice, same), (plus, same)),
                why=tr(
                    "Adding 1 lifts every item, the irrelevant ones too: the order then "
                    "matters relatively less, and the ratio moves."
                ),
            ),
            Choice(
                tr(
                    "Doubling keeps {score}; adding 1 makes it {moved}",
                    score=fixed(given.ndcg),
                    moved=fixed(shifted.ndcg),
                ),
                ((twice, same), (plus, moved)),
            ),
            Choice(
                tr("Both make it {moved}", moved=fixed(shifted.ndcg)),
                ((twice, moved), (plus, moved)),
                why=tr(
                    "Doubling every gain doubles DCG and IDCG alike: their ratio does not move."
                ),
            ),
        ),
        tr("A factor cancels in the ratio; a shift does not."),
    )


def _zero_question(ranked: RankedList) -> Exercise:
    z0 = Case("0/0 → 0", ranked.with_scoring(zero="0"))
    z1 = Case("0/0 → 1", ranked.with_scoring(zero="1"))
    picks = tr("DCG and IDCG are both 0, and 0/0 has no value: each library picks one.")
    return _claims(
        N_("Nothing relevant"),
        tr(
            "A query's list is {ranking}: nothing relevant anywhere. What NDCG do scikit-learn "
            "and LightGBM give it?",
            ranking=format_relevances(ranked.relevances),
        ),
        (z0, z1),
        (
            Choice(
                tr("0 in both"),
                ((z0, 0.0), (z1, 0.0)),
                why=picks + " " + tr("LightGBM (and XGBoost) pick 1."),
            ),
            Choice(tr("0 in scikit-learn, 1 in LightGBM"), ((z0, 0.0), (z1, 1.0))),
            Choice(
                tr("1 in both"),
                ((z0, 1.0), (z1, 1.0)),
                why=picks + " " + tr("scikit-learn (and trec_eval) pick 0."),
            ),
        ),
        tr("0/0 has no value: each library chooses one."),
    )


def _compare_question(ranked: RankedList) -> Exercise:
    easy, hard = Case("A", ranked), Case("B", HARD_QUERY)
    below, same, above = _than(easy, hard)
    side = _side(easy.score(), hard.score())
    said = tr(
        "A scores {a}, B {b}. How high NDCG can be by luck depends on the query: with eight "
        "relevant items in ten, any order keeps much of the ideal's DCG.",
        a=fixed(easy.score()),
        b=fixed(hard.score()),
    )
    return _claims(
        N_("Two queries"),
        tr(
            "A is an easy query in its worst order, {easy}; B is a hard one, nearly perfect, "
            "{hard}. Which has the higher NDCG{at}?",
            easy=format_relevances(ranked.relevances),
            hard=format_relevances(HARD_QUERY.relevances),
            at=ranked.at,
        ),
        (easy, hard),
        (
            Choice(tr("{side} scores higher", side="A"), above, why="" if side > 0 else said),
            Choice(tr("{side} scores higher", side="B"), below, why="" if side < 0 else said),
            Choice(tr("They score the same"), same, why="" if side == 0 else said),
        ),
        tr("A value means little without what a random order of the same items scores."),
    )


def _several_question(ranked: RankedList) -> Exercise:
    one, many = Case("X", ranked), Case("Y", FULL_PAGE)
    deep = several(ranked).one_deep_judged
    k = ranked.k
    only = tr(
        "At k = {k} only position {k} counts, on both sides, and both pages put a good result "
        "there.",
        k=k,
    )
    return _claims(
        N_("Several equally good results"),
        tr(
            "A query has many equally good answers. Page X shows one of them on top, then junk: "
            "{x}. Page Y shows five: {y}. What does each score at k = {k}?",
            x=format_relevances(ranked.relevances),
            y=format_relevances(FULL_PAGE.relevances),
            k=k,
        ),
        (one, many),
        (
            Choice(f"X {fixed(1.0)}, Y {fixed(1.0)}", ((one, 1.0), (many, 1.0))),
            Choice(
                f"X {fixed(0.2)}, Y {fixed(1.0)}",
                ((one, 0.2), (many, 1.0)),
                why=only
                + " "
                + tr(
                    "{value} is X's precision over five places, not its NDCG@{k}.",
                    value=fixed(0.2),
                    k=k,
                ),
            ),
            Choice(
                f"X {fixed(deep.ndcg)}, Y {fixed(1.0)}",
                ((one, _said(deep.ndcg)), (many, 1.0)),
                why=only
                + " "
                + tr(
                    "{value} is what X scores over all five places with the good results it "
                    "left out in its ideal.",
                    value=fixed(deep.ndcg),
                ),
            ),
        ),
        tr("At k = {k}, only position 1 is looked at.", k=k),
    )


# ---------------------------------------------------------------------------------------------
# /learn-discount: one card down one place
# ---------------------------------------------------------------------------------------------


def build_costliest_drop(ranked: RankedList, moves: Sequence[tuple[int, int]]) -> Exercise:
    """Which of `moves` (one card down one place: (i, i + 1), 1-based) lowers NDCG the most, or
    do they all cost the same? `cases` are the list, then the list after each move, in the
    order of the options (`drop_answer` reads a move made on the board back to its option)."""
    if len(moves) < 2:
        raise ValueError(f"`moves` must offer at least two moves; got {list(moves)}.")
    asked = Case(tr("The list"), ranked)
    after = [_swapped_case(ranked, i, j, tr("Card {i} down to {j}", i=i, j=j)) for i, j in moves]
    values = ranked.relevances
    idcg = totals(ranked).idcg
    at = ranked.at
    lost = [asked.score() - case.score() for case in after]
    worst = max(range(len(moves)), key=lost.__getitem__)
    every_same = all(_side(case.score(), after[0].score()) == 0 for case in after)

    def cost(m: int) -> str:
        i, _ = moves[m]
        gap, drop = _step_worth(ranked, i)
        return tr(
            "Card {i} down one place costs (gain gap) × (discount gap) ÷ IDCG{at} = {gap} × "
            "{drop} ÷ {idcg} = {cost}.",
            i=i,
            at=at,
            gap=exact(gap),
            drop=fixed(drop),
            idcg=fixed(idcg),
            cost=fixed(lost[m]),
        )

    every = " ".join(cost(m) for m in range(len(moves)))
    options = [
        Choice(
            tr(
                "The card at position {i} (grade {grade}), down below the {below}",
                i=i,
                grade=exact(values[i - 1]),
                below=exact(values[j - 1]),
            ),
            tuple((after[m], "<", after[o]) for o in range(len(moves)) if o != m),
            why=""
            if m == worst and not every_same
            else cost(m) + " " + tr("Another move costs more."),
        )
        for m, (i, j) in enumerate(moves)
    ]
    options.append(
        Choice(
            tr("They all cost the same") if len(moves) > 2 else tr("Both cost the same"),
            tuple((after[0], "=", case) for case in after[1:]),
            why="" if every_same else tr("A move's cost depends on where it is.") + " " + every,
        )
    )
    return Exercise(
        kind=CLAIMS,
        title=tr("One card down one place"),
        prompt=tr(
            "Which drop of one card by one place, below a card graded lower, costs NDCG{at} "
            "most ({conventions})? Make the move on the board, or pick it here.",
            at=at,
            conventions=scored_with(ranked),
        ),
        cases=(asked, *after),
        choices=tuple(options),
        explanation=tr("A move costs (gain gap) × (discount gap) ÷ IDCG."),
        solution_cases=(asked,),
    )


def drop_answer(exercise: Exercise, moved: RankedList) -> int | None:
    """The option of `build_costliest_drop`'s question that `moved`, the list after a move on
    the board, answers; None when the move is none of the options."""
    for index, case in enumerate(exercise.cases[1:]):
        after = case.ranked
        if (after.relevances, after.labels) == (moved.relevances, moved.labels):
            return index
    return None
