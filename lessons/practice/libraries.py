"""Two libraries, one query: what do they print? (the /libraries page's question).

An option's claim is the query itself (its list, pool, k, scores and ids), the two presets
asked, and an outcome of `ndcg_core.libraries.PAIR_OUTCOMES`: the same number, the first higher,
the second higher, or a refusal. `holds` scores the query again with both presets, so an
answer is judged from what the exercise holds, scores, ties and refusals included.
"""

from __future__ import annotations

from ndcg_core.display import shorten
from ndcg_core.libraries import (
    LABEL_RULES,
    PAIR_OUTCOMES,
    PRESETS_BY_KEY,
    LibraryVerdict,
    Query,
    pair_outcome,
    score_every_preset,
)
from ndcg_core.parsing import format_relevances

from ..gallery import GALLERY
from .lesson_questions import LISTED
from .records import Case, Choice, Claim, Exercise, Slot


def pair_verdicts(query: Query, first: str, second: str) -> tuple[LibraryVerdict, LibraryVerdict]:
    """The two presets' rows on `query`, the second explained against the first (as on the
    page, whose first row is the reference)."""
    return tuple(score_every_preset(query, (PRESETS_BY_KEY[first], PRESETS_BY_KEY[second])))


def asked_words(query: Query) -> str:
    """A query in a few words, for a question asked on it: '3, 2, 3, 0, 1, 2; 2 judged, not
    retrieved; k = n = 6'."""
    said = [shorten(format_relevances(query.relevances), LISTED)]
    if query.scores != Query(query.ranked).scores:  # scores typed, not the list order's
        said.append(f"scores {shorten(format_relevances(query.scores), LISTED)}")
    if query.pool:
        said.append(f"{len(query.pool)} judged, not retrieved")
    said.append(query.ranked.scoring.cut_words(query.n))
    return "; ".join(said)


def option_texts(a: LibraryVerdict, b: LibraryVerdict) -> dict[str, str]:
    """Each outcome as an option says it, in PAIR_OUTCOMES' order."""
    return {
        "refused": "One of them refuses it",
        "same": "The same number",
        "first": f"{a.preset.library} prints more",
        "second": f"{b.preset.library} prints more",
    }


def build_library_pair(
    query: Query, first: str, second: str, where: str = "the query above"
) -> Exercise:
    """ "Libraries X and Y both score this query: what do they print?" on the learner's query
    (`first` and `second` are preset keys; `where` names the query in the prompt). Every
    outcome is an option, a refusal too, so the options never hint at the answer."""
    a, b = pair_verdicts(query, first, second)
    texts = option_texts(a, b)
    choices = tuple(
        Choice(texts[outcome], (query, first, second, outcome))
        for outcome in ("same", "first", "second", "refused")
    )
    return Exercise(
        kind="library_pair",
        title="Predict first",
        prompt=(
            f"{a.preset.library}'s {a.metric} and {b.preset.library}'s {b.metric} both score "
            f"{where}. What do they print?"
        ),
        cases=(Case("Your list", query.ranked),),
        choices=choices,
        explanation=_found(a, b),
        hint="What does one of them know about this query that the other does not?",
    )


def holds(exercise: Exercise, claim: Claim) -> bool:
    query, first, second, outcome = claim
    if outcome not in PAIR_OUTCOMES:
        raise ValueError(f"`outcome` must be one of {', '.join(PAIR_OUTCOMES)}; got {outcome!r}.")
    return pair_outcome(*pair_verdicts(query, first, second)) == outcome


def why_not(exercise: Exercise, claim: Claim) -> str:
    """What would have to be true for a wrong option, then what the two rows really print."""
    query, first, second, outcome = claim
    a, b = pair_verdicts(query, first, second)
    x, y = a.preset.library, b.preset.library
    needs = {
        "refused": (
            f"That needs a label one of them refuses. {x}: "
            f"{LABEL_RULES[a.preset.labels].description}. {y}: "
            f"{LABEL_RULES[b.preset.labels].description}."
        ),
        "same": (
            "That needs a query on which none of their differences counts: no relevant item judged "
            "but never retrieved, no tied scores, labels both accept."
        ),
        "first": _lower(y, x),
        "second": _lower(x, y),
    }
    return f"{needs[outcome]} {_found(a, b)}"


def _lower(lower: str, higher: str) -> str:
    return (
        f"That needs {lower}'s ideal to hold more (judged items only it counts) or its order "
        f"of tied scores to be worse than {higher}'s."
    )


def _found(a: LibraryVerdict, b: LibraryVerdict) -> str:
    """What the two rows print, and the convention that parts them."""
    refusals = [f"{v.preset.library} refuses: {v.message}" for v in (a, b) if v.kind == "refused"]
    if refusals:
        return "Here " + " And ".join(refusals)
    said = f"Here {a.preset.library} prints {a.shown} and {b.preset.library} {b.shown}."
    if pair_outcome(a, b) == "same":
        return said
    return f"{said} What parts them: {b.explanation}"


def make_library_pair(slot: Slot) -> Exercise:
    """One of the page's gallery cases, for a practice set (no version's plan holds it yet)."""
    case = slot.rng.choice(GALLERY)
    where = f"the gallery's “{case.title}” query"
    return slot.place(build_library_pair(case.query(), "sklearn", "trec_ndcg_cut", where))
