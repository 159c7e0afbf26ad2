"""What the libraries' rows on /libraries say: each row's verdict in a few characters (`shown`)
and why it differs from the first row, the reference (`why`); all rows together, how far the
libraries' numbers lie apart (`spread`) and which points part them how often (`cause_counts`).
The rows themselves, and the points on which each differs from the first
(`LibraryVerdict.causes`), are the core's (`ndcg_core.libraries`); the results table, the
gallery, the labels lesson and the practice question say them with these.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from i18n import tr, trn
from ndcg_core.display import NOISE, count, exact, fixed
from ndcg_core.libraries import (
    CAUSES,
    CUT_RULES,
    LABEL_RULES,
    TIE_RULES,
    LibraryVerdict,
    Preset,
    Query,
)
from ndcg_core.options import DISCOUNTS, GAINS


def shown(verdict: LibraryVerdict) -> str:
    """The verdict in a few characters, for tables: '0.9608', a random shuffle's average with its
    worst and best orders beside it, '0.0000 ⚠' (a number after a silent change of the labels),
    'refuses'."""
    if verdict.kind == "refused":
        return tr("refuses")
    text = fixed(verdict.value)
    low, high = verdict.low, verdict.high
    if low is not None and high is not None and high - low > NOISE:
        text = tr("{value} (random: {low}–{high})", value=text, low=fixed(low), high=fixed(high))
    return text + (" ⚠" if verdict.kind == "surprise" else "")


def why(verdict: LibraryVerdict, first: LibraryVerdict, query: Query) -> str:
    """Why `verdict` differs from `first`, the reference row of `query`'s results: a sentence
    per cause (`verdict.causes`), for the results table's 'why' column."""
    if verdict.preset == first.preset:
        return tr("The reference row.")
    said = [_cause_words(c, verdict.preset, first.preset, query, verdict) for c in verdict.causes]
    return " ".join(said) or tr("Same number as the first row.")


@dataclass(frozen=True)
class Spread:
    """How far the libraries' numbers lie apart, and what was left out of that."""

    low: float | None  # None when no library gives a number
    high: float | None
    numbers: int  # library rows with a number
    refused: int  # library rows that refuse
    libraries: int  # rows that are libraries
    left_out: tuple[str, ...]  # rows that are not libraries (a paper's formula)

    @property
    def width(self) -> float | None:
        return None if self.low is None else self.high - self.low


def spread(verdicts: Sequence[LibraryVerdict]) -> Spread:
    """Highest minus lowest number among the rows that are libraries and give one.

    The Järvelin–Kekäläinen row is the 2002 paper's formula, not a library: it is left out.
    """
    rows = [v for v in verdicts if v.preset.is_library]
    values = [v.value for v in rows if v.kind != "refused"]
    return Spread(
        low=min(values) if values else None,
        high=max(values) if values else None,
        numbers=len(values),
        refused=sum(v.kind == "refused" for v in rows),
        libraries=len(rows),
        left_out=tuple(v.preset.library for v in verdicts if not v.preset.is_library),
    )


def cause_counts(verdicts: Sequence[LibraryVerdict]) -> dict[str, int]:
    """How many rows each point makes differ from the first, for the points that do."""
    counts = {cause: sum(cause in v.causes for v in verdicts) for cause in CAUSES}
    return {cause: count for cause, count in counts.items() if count}


def _cause_words(
    cause: str, preset: Preset, reference: Preset, query: Query, v: LibraryVerdict
) -> str:
    """One sentence for one cause."""
    if cause == "gain":
        return tr(
            "Gain {gain} instead of {other}.",
            gain=tr(GAINS[preset.gain].short),
            other=tr(GAINS[reference.gain].short),
        )
    if cause == "ideal":
        parts = []
        if preset.ideal != reference.ideal:
            if preset.ideal == "judgments":
                parts.append(
                    trn(
                        "The ideal counts the {count} judged item never retrieved.",
                        "The ideal counts the {count} judged items never retrieved.",
                        len(query.pool),
                        count=count(len(query.pool)),
                    )
                    if query.pool
                    else tr("The ideal comes from the judgments.")
                )
            else:
                parts.append(tr("The ideal ignores the judged items never retrieved."))
        # The cut rules differ on what happens without k: say so only where the depth differs.
        if preset.cut_at(query.k, query.n) != reference.cut_at(query.k, query.n):
            parts.append(tr(CUT_RULES[preset.cut].description))
        return " ".join(parts) or tr(CUT_RULES[preset.cut].description)
    if cause == "discount":
        return tr(
            "Discount {discount} instead of {other}.",
            discount=tr(DISCOUNTS[preset.discount].label),
            other=tr(DISCOUNTS[reference.discount].label),
        )
    if cause == "ties":
        return tr(TIE_RULES[preset.ties].description)
    if cause == "on_zero":
        return tr(
            "A list with no relevant item scores {value}, not {other}.",
            value=exact(preset.on_zero),
            other=exact(reference.on_zero),
        )
    if cause == "labels":
        rule = tr(LABEL_RULES[preset.labels].description)
        if v.kind == "refused":
            return tr("Refuses this input ({rule}).", rule=rule)
        if v.kind == "surprise":
            return tr("Changes the labels silently: {change}", change=v.message)
        return tr("Accepts what {library} refuses ({rule}).", library=reference.library, rule=rule)
    raise ValueError(
        tr(
            "`cause` must be one of {allowed}; got {value}.",
            allowed=", ".join(CAUSES),
            value=repr(cause),
        )
    )
