"""The live classroom's charts, drawn as HTML tables: how the class answered (a bar per option, or
the numbers typed counted in bins) and the lists a question is about (a bar per position).

A table is what a screen reader reads (WCAG 1.1.1 and 1.3.1: each chart *is* its numbers, with a
caption and headers), it scales with the text on a projector, and it costs a phone no chart
library. The bars are drawn by CSS from each row's share and hidden from screen readers; every
count and mark is text. Before the reveal every bar looks the same (a chart must not give the
answer away); after it the right option is green with a ✓, the others grey and hatched, so
colour is never the only cue, and a student's own answer is named "you".
Counts come from `classroom.questions`; nothing is computed here.
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape

from classroom.questions import Bar, Bin
from i18n import tr
from ndcg_core.display import DIGITS, count, exact, fixed
from ui.charts.theme import BLUE, GREEN, GREY, MUTED, ORANGE

# One style sheet for every classroom chart, drawn once per page (`STYLE`).
STYLE = f"""
.ndcg-chart {{ width: 100%; border-collapse: collapse; margin: 0.25rem 0 0.75rem; }}
.ndcg-chart caption {{ text-align: left; font-weight: 600; padding-bottom: 0.3rem; }}
.ndcg-chart th, .ndcg-chart td {{ padding: 0.2rem 0.4rem; border: none;
  vertical-align: middle; }}
.ndcg-chart thead th {{ font-weight: 500; color: {MUTED}; font-size: 0.85em; text-align: left; }}
.ndcg-chart tbody th {{ font-weight: 400; text-align: left; width: 45%; }}
/* A count in words ("2 of 3, 67 %") stays on one line: the bar beside it gives up the room. */
.ndcg-chart td.count {{ text-align: right; font-variant-numeric: tabular-nums; width: 3.5em;
  font-weight: 600; white-space: nowrap; }}
.ndcg-chart td.bar {{ width: 52%; }}
.ndcg-chart .fill {{ display: block; height: 1.1em; min-width: 2px; border-radius: 2px;
  background: {BLUE}; }}
.ndcg-chart tr.right .fill {{ background: {GREEN}; }}
.ndcg-chart tr.wrong .fill {{ background: repeating-linear-gradient(135deg, {GREY} 0 4px,
  #bdbdbd 4px 8px); }}
.ndcg-chart tr.mine th {{ font-weight: 700; }}
.ndcg-chart .note {{ color: {MUTED}; font-size: 0.85em; }}
.ndcg-lists td.cell {{ text-align: center; vertical-align: bottom; height: 4.5em; }}
.ndcg-lists .col {{ display: block; margin: 0 auto; width: 60%; background: {BLUE};
  border-radius: 2px 2px 0 0; }}
.ndcg-lists tr:nth-child(2) .col {{ background: {ORANGE}; }}
.ndcg-lists td.past {{ opacity: 0.55; }}
.ndcg-lists .grade {{ display: block; font-weight: 600; }}
.ndcg-sr {{ position: absolute; width: 1px; height: 1px; overflow: hidden;
  clip: rect(0 0 0 0); white-space: nowrap; }}
"""


def _fill(share: float) -> str:
    return (
        f'<td class="bar" aria-hidden="true"><span class="fill" '
        f'style="width:{max(0.0, min(1.0, share)) * 100:.1f}%"></span></td>'
    )


class Markup(str):
    """A column head that is markup already (built here, its own text escaped)."""


def table(caption: str, head: Sequence[str], rows: Sequence[str], css: str = "") -> str:
    """A classroom table: its caption, its column heads (text, escaped here, or `Markup`) and
    its rows (built with every text escaped)."""
    heads = "".join(
        f'<th scope="col">{h if isinstance(h, Markup) else escape(h)}</th>' for h in head
    )
    return (
        f'<table class="ndcg-chart {css}"><caption>{escape(caption)}</caption>'
        f"<thead><tr>{heads}</tr></thead><tbody>{''.join(rows)}</tbody></table>"
    )


def bar_head() -> Markup:
    """The head of a column of bars, for screen readers only."""
    text = tr("Bar")
    return Markup(f'<span class="ndcg-sr">{escape(text)}</span>')


def choice_table(
    bars: Sequence[Bar], *, revealed: bool, caption: str, mine: int | None = None
) -> str:
    """One row per option: its text, a bar, how many picked it; after the reveal the right one
    marked ✓ (and green), the others ✗ (grey, hatched); the student's own pick named."""
    top = max((bar.count for bar in bars), default=0) or 1
    rows = []
    for bar in bars:
        mark = ("✓ " if bar.right else "✗ ") if revealed else ""
        label = tr("{option} (you)", option=bar.label) if bar.index == mine else bar.label
        kind = ("right" if bar.right else "wrong") if revealed else ""
        kind += " mine" if bar.index == mine else ""
        rows.append(
            f'<tr class="{kind.strip()}"><th scope="row">{escape(mark + label)}</th>'
            f'{_fill(bar.count / top)}<td class="count">{count(bar.count)}</td></tr>'
        )
    return table(caption, (tr("Answer"), bar_head(), tr("Answers")), rows)


def histogram_table(
    bins: Sequence[Bin],
    *,
    caption: str,
    target: float | None = None,
    band: tuple[float, float] | None = None,
    mine: float | None = None,
) -> str:
    """The numbers typed, one row per bin ("0.5 to 0.6"). After the reveal (`target` given)
    a bin wholly inside the band that counts as right is marked ✓, one partly inside ◐ with the
    part that counts, the others ✗; the bin holding the exact answer says so; `mine` names the
    student's own bin."""
    top = max((b.count for b in bins), default=0) or 1
    rows = []
    for n, b in enumerate(bins):
        last = n == len(bins) - 1

        def inside(value: float, b=b, last=last) -> bool:
            return b.low <= value < b.high or (last and value == b.high)

        notes, kind, mark = [], "", ""
        if target is not None:
            low, high = band if band is not None else (target, target)
            start, end = max(low, b.low), min(high, b.high)
            if start <= b.low and end >= b.high:
                kind, mark = "right", "✓ "
            elif start < end:
                kind, mark = "right", "◐ "
                notes.append(
                    tr(
                        "counts from {low} to {high}",
                        low=exact(round(start, DIGITS)),
                        high=exact(round(end, DIGITS)),
                    )
                )
            else:
                kind, mark = "wrong", "✗ "
            if inside(target):
                notes.append(tr("the answer, {value}", value=fixed(target)))
        if mine is not None and inside(mine):
            notes.append(tr("you: {value}", value=exact(round(mine, DIGITS))))
            kind += " mine"
        label = mark + tr("{low} to {high}", low=exact(b.low), high=exact(b.high))
        note = f' <span class="note">({escape("; ".join(notes))})</span>' if notes else ""
        rows.append(
            f'<tr class="{kind.strip()}"><th scope="row">{escape(label)}{note}</th>'
            f'{_fill(b.count / top)}<td class="count">{count(b.count)}</td></tr>'
        )
    return table(caption, (tr("Answers from … to"), bar_head(), tr("Answers")), rows)


def lists_table(lists: Sequence[tuple[str, Sequence[float]]], k: int | None, caption: str) -> str:
    """The lists of a question, one row each, a column per position: the grade written above a
    bar of its height; positions past the cut-off k faded and said so."""
    longest = max(len(values) for _, values in lists)
    top = max((max(values) for _, values in lists), default=0) or 1
    past_k = tr("(past k)")
    past = f' <span class="ndcg-sr">{escape(past_k)}</span>'
    head = [tr("List")] + [
        Markup(f"{i}" + (past if k is not None and i > k else "")) for i in range(1, longest + 1)
    ]
    rows = []
    for name, values in lists:
        cells = []
        for i in range(1, longest + 1):
            if i > len(values):
                cells.append('<td class="cell"></td>')
                continue
            value = values[i - 1]
            past = " past" if k is not None and i > k else ""
            cells.append(
                f'<td class="cell{past}"><span class="grade">{escape(exact(value))}</span>'
                f'<span class="col" aria-hidden="true" style="height:{value / top * 3:.2f}em">'
                "</span></td>"
            )
        rows.append(f'<tr><th scope="row">{escape(name)}</th>{"".join(cells)}</tr>')
    return table(caption, head, rows, "ndcg-lists")


def shares_table(rows: Sequence[tuple[str, int, int]], caption: str) -> str:
    """Right answers in each of a few rounds (label, right, answered): a bar of the share
    right, and the count in words ("2 of 3, 67 %")."""
    body = []
    for label, right, answered in rows:
        share = right / answered if answered else 0.0
        said = (
            tr(
                "{right} of {answered}, {percent} %",
                right=count(right),
                answered=count(answered),
                percent=round(100 * share),
            )
            if answered
            else tr("no answers")
        )
        body.append(
            f'<tr class="right"><th scope="row">{escape(label)}</th>{_fill(share)}'
            f'<td class="count">{escape(said)}</td></tr>'
        )
    return table(caption, ("", bar_head(), tr("Right")), body)
