"""Two libraries, one query: what do they print? (the /libraries page's question).

An option's claim is the query itself (its list, pool, k, scores and ids), the two presets
asked, and an outcome of `ndcg_core.libraries.PAIR_OUTCOMES`: the same number, the first higher,
the second higher, or a refusal. `holds` scores the query again with both presets, so an
answer is judged from what the exercise holds, scores, ties and refusals included.
"""

from __future__ import annotations

from i18n import tr
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
from ..verdicts import shown, why
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
        said.append(tr("scores {scores}", scores=shorten(format_relevances(query.scores), LISTED)))
    if query.pool:
        said.append(tr("{count} judged, not retrieved", count=len(query.pool)))
    said.append(query.ranked.scoring.cut_words(query.n))
    return "; ".join(said)


def option_texts(a: LibraryVerdict, b: LibraryVerdict) -> dict[str, str]:
    """Each outcome as an option says it, in PAIR_OUTCOMES' order."""
    return {
        "refused": tr("One of them refuses it"),
        "same": tr("The same number"),
        "first": tr("{library} prints more", library=a.preset.library),
        "second": tr("{library} prints more", library=b.preset.library),
    }


def build_library_pair(query: Query, first: str, second: str, where: str | None = None) -> Exercise:
    """ "Libraries X and Y both score this query: what do they print?" on the learner's query
    (`first` and `second` are preset keys; `where` names the query in the prompt). Every
    outcome is an option, a refusal too, so the options never hint at the answer."""
    a, b = pair_verdicts(query, first, second)
    where = where or tr("the query above")
    texts = option_texts(a, b)
    choices = tuple(
        Choice(texts[outcome], (query, first, second, outcome))
        for outcome in ("same", "first", "second", "refused")
    )
    return Exercise(
        kind="library_pair",
        title=tr("Predict first"),
        prompt=tr(
            "{first}'s {first_metric} and {second}'s {second_metric} both score {where}. What "
            "do they print?",
            first=a.preset.library,
            first_metric=a.metric,
            second=b.preset.library,
            second_metric=b.metric,
            where=where,
        ),
        cases=(Case(tr("Your list"), query.ranked),),
        choices=choices,
        explanation=_found(a, b, query),
        hint=tr("What does one of them know about this query that the other does not?"),
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
        "refused": tr(
            "That needs a label one of them refuses. {x}: {x_rule}. {y}: {y_rule}.",
            x=x,
            x_rule=tr(LABEL_RULES[a.preset.labels].description),
            y=y,
            y_rule=tr(LABEL_RULES[b.preset.labels].description),
        ),
        "same": tr(
            "That needs a query on which none of their differences counts: no relevant item "
            "judged but never retrieved, no tied scores, labels both accept."
        ),
        "first": _lower(y, x),
        "second": _lower(x, y),
    }
    return f"{needs[outcome]} {_found(a, b, query)}"


def _lower(lower: str, higher: str) -> str:
    return tr(
        "That needs {lower}'s ideal to hold more (judged items only it counts) or its order of "
        "tied scores to be worse than {higher}'s.",
        lower=lower,
        higher=higher,
    )


def _found(a: LibraryVerdict, b: LibraryVerdict, query: Query) -> str:
    """What the two rows print, and the convention that parts them."""
    refused = [v for v in (a, b) if v.kind == "refused"]
    if refused:
        said = [
            tr("Here {library} refuses: {message}", library=v.preset.library, message=v.message)
            if i == 0
            else tr("And {library} refuses: {message}", library=v.preset.library, message=v.message)
            for i, v in enumerate(refused)
        ]
        return " ".join(said)
    said = tr(
        "Here {first} prints {first_shown} and {second} {second_shown}.",
        first=a.preset.library,
        first_shown=shown(a),
        second=b.preset.library,
        second_shown=shown(b),
    )
    if pair_outcome(a, b) == "same":
        return said
    return f"{said} " + tr("What parts them: {why}", why=why(b, a, query))


def make_library_pair(slot: Slot) -> Exercise:
    """One of the page's gallery cases, for a practice set (no version's plan holds it yet)."""
    case = slot.rng.choice(GALLERY)
    where = tr("the gallery's “{title}” query", title=tr(case.title))
    return slot.place(build_library_pair(case.query(), "sklearn", "trec_ndcg_cut", where))
