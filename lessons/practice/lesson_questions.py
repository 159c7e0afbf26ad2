"""Questions the lessons ask about the learner's own list, before they show the numbers.

Not part of any practice set (no seed, no index): each builder takes the page's live list and
returns an `Exercise` of an existing kind, so `lessons.practice.judge` checks the answer by
re-computing the claim from the lists, as it does in practice.

- `build_next_move` (/metrics): one swap of the learner's list, and which of the seven measures
  it changes (kind ``metric_changes``: the claim is the set of measures that move).
- `build_click_log` (/learn-labels): clicks logged under the learner's order, used to score a
  challenger's order of the same items; which comes out ahead (kind ``compare``).

The /libraries page's question (what two libraries print for the learner's query) needs scores,
ids and refusals, which no existing kind judges: it is `libraries.build_library_pair`, of its
own kind ``library_pair``.
"""

from __future__ import annotations

from itertools import combinations

from lessons.clicks import Logged
from ndcg_core import measures
from ndcg_core.display import exact, fixed, shorten
from ndcg_core.model import RankedList
from ndcg_core.parsing import format_relevances

from .calculations import MARGIN_DIGITS
from .measures import measures_changed, measures_text
from .records import Case, Choice, Exercise

EVERY = frozenset(measures.MEASURES)
LISTED = 60  # characters of a list quoted in a question; a longer one ends in '…'


def _listed(ranked: RankedList) -> str:
    return shorten(format_relevances(ranked.relevances), LISTED)


def swapped(ranked: RankedList, i: int, j: int) -> RankedList:
    """`ranked` with the items at positions `i` and `j` (1-based) exchanged."""
    order = list(range(ranked.n))
    order[i - 1], order[j - 1] = order[j - 1], order[i - 1]
    return ranked.reordered(order)


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
        title="Which measures does your next move change?",
        prompt=(
            f"On the board, swap the items at positions {i} (grade {exact(grade[i - 1])}) and "
            f"{j} (grade {exact(grade[j - 1])}). The seven measures are scored at "
            f"{ranked.cut_words}, an item counting as relevant from grade "
            f"{exact(settings.rel_min)}. Which of them will change?"
        ),
        cases=(Case("Your list", ranked), Case(f"Positions {i} and {j} swapped", after)),
        choices=choices,
        explanation=(
            "NDCG and ERR read grades and positions, so any swap of unequal grades moves them. "
            "P and R count the relevant items in the top k, RR looks at the first one only, AP "
            "and RBP see relevant or not: a swap between two relevant items, or two irrelevant "
            "ones, leaves them alone."
        ),
        hint="For each measure ask what it reads, and whether the swap changes that.",
    )


def _names(keys: frozenset[str], at: str) -> str:
    names = [f"{measures.MEASURES[key].symbol}{at}" for key in measures.MEASURES if key in keys]
    return ", ".join(names[:-1]) + (" and " if len(names) > 1 else "") + names[-1]


def _why_not(option: frozenset[str], changed: frozenset[str], at: str) -> str:
    """What a wrong option gets wrong: the measures it adds that stay, those it leaves out that
    move, and what each kind of measure reads (the lesson's reveal follows right after)."""
    if option == changed:
        return ""
    parts = []
    if option - changed:
        stay = "stays" if len(option - changed) == 1 else "stay"
        parts.append(f"{_names(option - changed, at)} {stay} put")
    if changed - option:
        move = "moves" if len(changed - option) == 1 else "move"
        parts.append(f"{_names(changed - option, at)} {move} too")
    return (
        "; ".join(parts)
        + ". NDCG and ERR read grades and positions; P, R, RR, AP and RBP only see whether "
        "an item is a hit, and where."
    )


def build_click_log(logged: Logged) -> Exercise:
    """ "Scored with the clicks your order collected, what happens to the better order's lead?"
    A is the logging order, B the challenger; both are labelled with the clicks logged under A.

    The options say who wins and whether by as much as with the real labels (to MARGIN_DIGITS),
    by more, or by less; each is a `compare` claim (winner, margin) that holds only when the
    click-labelled lists score so. A false option's claim has a negative margin, which no pair
    of lists can have.
    """
    a = Case("A (the order that was shown)", logged.clicked_logging.ranked)
    b = Case("B (the challenger)", logged.clicked_other.ranked)
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
        (f"{ahead} still wins, by about as much", (ahead, margin if same else -1.0)),
        (f"{ahead} still wins, by more", (ahead, margin if more else -2.0)),
        (f"{ahead} still wins, by less", (ahead, margin if less else -3.0)),
        (f"{behind} wins", (behind, margin if winner == behind else -4.0)),
    )
    why = (
        f"Scored with the clicks logged under A, A gets {fixed(clicked['A'])} and B "
        f"{fixed(clicked['B'])}; with the real labels, A {fixed(real['A'])} and B "
        f"{fixed(real['B'])}."
    )
    return Exercise(
        kind="compare",
        title="Which order do the clicks prefer?",
        prompt=(
            f"Clicks were logged while your order, A ({_listed(logged.logging)}), was on "
            f"screen. A new ranker shows the same items as B ({_listed(logged.other)}). "
            f"With the real labels, {ahead} "
            f"scores higher, by {fixed(abs(real['A'] - real['B']))}. Now each item's label is "
            "the click rate it earned under A. Scored that way, what happens?"
        ),
        cases=(a, b),
        choices=tuple(Choice(text, claim, why=why) for text, claim in options),
        explanation=why,
        solution_cases=(a, b),
        hint="An item's click rate depends on the position A gave it, not only on the item.",
    )
