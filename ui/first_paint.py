"""Home's first paint: its list and NDCG in plain text, before the board's script (or, through
`make serve`, before any of Streamlit's scripts) has loaded.

On a slow phone Streamlit's own scripts take seconds to parse, and the ranking board's a few
more; until then a page built by scripts shows nothing. So Home's board has a plain stand-in
with the core's numbers, in two forms made from the same cells:
- Markdown, which the page's first run draws in the board's place (views/home.py; the board
  hides it once drawn: ui/board/board.js, ui/assets/app.css);
- a whole HTML page (`home_page`): Streamlit's own index.html with Home's heading and that
  stand-in in its body, for the default list in each language. deploy/serve.py writes one per
  language at start-up and nginx sends it for Home's bare address (`/`, no link parameters),
  so the number is in the first bytes the phone receives. It sits above the app until the
  app has drawn a heading of its own (or an error, or a dialog), and is gone after FIRST_PAINT_S at most,
  whatever happens (CSS only: nothing here runs a script).

A link with parameters (`/?rels=…`) is another list: the app draws it, with its stand-in.
"""

from __future__ import annotations

import re
from pathlib import Path

from i18n import speaking, tr, trn
from ndcg_core import totals
from ndcg_core.display import count, exact, fixed
from ui.text import for_html, plain

TITLE = "📐 NDCG Lab"  # Home's heading
STAND_IN_ROWS = 12  # the stand-in shows this many rows of a long list, then how many more
FIRST_PAINT_S = 30  # the HTML first paint is gone by then even if the app never draws


def _earns(value, inside: bool) -> str:
    """A position's term, or why it does not count: below the cut-off k, or not ranked."""
    if not inside:
        return tr("— (below k)")
    return tr("— (not ranked)") if value != value else fixed(value)  # NaN: an item of the pool


def earns_column(table, column: str) -> list[str]:
    """A board column ('contribution' or 'ideal_contribution') as the board's table says it."""
    return [_earns(value, inside) for value, inside in zip(table[column], table["in_top_k"])]


def _cells(result, escape) -> tuple[list[tuple[str, str]], list[str], list[list[str]], str]:
    """The stand-in's parts, each text already escaped with `escape`: the totals as (name,
    value) pairs, NDCG's first; the table's head; its rows (the first STAND_IN_ROWS
    positions); the line that counts the positions left out ('' when none are)."""
    table = result.table.head(result.ranked.n)
    totals_ = [
        (result.name(measure), fixed(value))
        for measure, value in (("NDCG", result.ndcg), ("DCG", result.dcg), ("IDCG", result.idcg))
    ]
    # One message holds the head as a Markdown row, so a translator sees the columns together.
    head = [
        cell.strip()
        for cell in tr("| # | Item · relevance | Your order earns | Ideal earns |")
        .strip("|")
        .split("|")
    ]
    ours = earns_column(table, "contribution")
    ideal = earns_column(table, "ideal_contribution")
    rows = [
        [str(position), escape(label), exact(relevance), ours[i], ideal[i]]
        for i, (position, label, relevance) in enumerate(
            zip(table["position"][:STAND_IN_ROWS], table["label"], table["relevance"])
        )
    ]
    more = result.ranked.n - STAND_IN_ROWS
    tail = (
        trn(
            "… and {count} more position.", "… and {count} more positions.", more, count=count(more)
        )
        if more > 0
        else ""
    )
    return totals_, head, rows, tail


def stand_in(result) -> str:
    """The board's totals, then its list as a table (one row a position), in Markdown."""
    totals_, head, rows, tail = _cells(result, plain)
    (ndcg_name, ndcg), *others = totals_
    line = f"{ndcg_name} **{ndcg}** · " + " · ".join(f"{name} {value}" for name, value in others)
    body = "".join(
        f"| {position} | **{label}** rel {relevance} | {ours} | {ideal} |\n"
        for position, label, relevance, ours, ideal in rows
    )
    return f"{line}\n\n| {' | '.join(head)} |\n|--:|:--|--:|--:|\n{body}" + (
        f"\n{tail}" if tail else ""
    )


def stand_in_html(result) -> str:
    """The same stand-in as an HTML fragment (a paragraph with the totals, then the table)."""
    totals_, head, rows, tail = _cells(result, for_html)
    (ndcg_name, ndcg), *others = totals_
    line = f"{for_html(ndcg_name)} <strong>{ndcg}</strong> · " + " · ".join(
        f"{for_html(name)} {value}" for name, value in others
    )
    cells = "".join(f"<th>{for_html(cell)}</th>" for cell in head)
    body = "".join(
        f"<tr><td>{position}</td><td><strong>{label}</strong> rel {relevance}</td>"
        f"<td>{for_html(ours)}</td><td>{for_html(ideal)}</td></tr>"
        for position, label, relevance, ours, ideal in rows
    )
    return f"<p>{line}</p><table><thead><tr>{cells}</tr></thead><tbody>{body}</tbody></table>" + (
        f"<p>{for_html(tail)}</p>" if tail else ""
    )


# Above the app (whose root fills the window) until the app draws a heading, an error or a
# dialog (Streamlit's "Connection error"); in Streamlit's text face and colours, at about the
# place Home's own heading and board come. Its heading is a heading to a screen reader, but not
# an h1 element: the app's own h1 is the page's first (what a test or a script looks for).
_STYLE = f"""<style>
#ndcg-first-paint {{ position: absolute; inset: 0 0 auto 0; z-index: 1000001;
  background: #fff; color: rgb(49, 51, 63); font-family: "Source Sans", sans-serif;
  padding: 7.5rem 1rem 1rem; max-width: 46rem; margin: 0 auto; line-height: 1.6;
  animation: ndcg-first-paint-gone 0s {FIRST_PAINT_S}s forwards; }}
#ndcg-first-paint .heading {{ font-size: 2.75rem; font-weight: 700; margin: 0 0 1rem; }}
#ndcg-first-paint p > strong {{ font-size: 1.6em; }}
#ndcg-first-paint table {{ width: 100%; border-collapse: collapse;
  font-variant-numeric: tabular-nums; }}
#ndcg-first-paint th, #ndcg-first-paint td {{ border-bottom: 1px solid rgba(49, 51, 63, 0.2);
  padding: 0.25rem 0.375rem; text-align: right; }}
#ndcg-first-paint th:nth-child(2), #ndcg-first-paint td:nth-child(2) {{ text-align: left; }}
body:has(#root h1, #root [data-testid="stException"], [role="dialog"]) #ndcg-first-paint {{ display: none; }}
@keyframes ndcg-first-paint-gone {{ to {{ visibility: hidden; }} }}
</style>"""


def _faces() -> str:
    """The app's own @font-face rules (its Chinese subset: ui/assets/app.css), so the first
    paint's Chinese is drawn in the face the app draws it in (a rule loads its font only for
    text in its range)."""
    css = (Path(__file__).parent / "assets" / "app.css").read_text(encoding="utf-8")
    return "\n".join(re.findall(r"@font-face\s*\{[^}]*\}", css))


def home_page(index_html: str, lang: str) -> str:
    """Streamlit's index.html (`index_html`, as its package ships it) with Home's heading and
    the stand-in of its default list in `lang` at the top of its body, and the app's name as
    the tab's title (the app sets it again once it runs)."""
    from ui import urlparams  # the default list, as the page reads a link without one

    with speaking(lang):
        ranked, _ = urlparams.read_list({})
        block = (
            f'<div id="ndcg-first-paint" lang="{lang}">'
            f"{_STYLE.replace('<style>', '<style>' + _faces())}"
            f'<div class="heading" role="heading" aria-level="1">{for_html(TITLE)}</div>'
            f"{stand_in_html(totals(ranked))}</div>"
        )
    page, found = re.subn(r"<body>", lambda _: f"<body>\n    {block}", index_html, count=1)
    if not found:
        raise ValueError("`index_html` has no <body> tag: pass Streamlit's own static/index.html.")
    page = re.sub(r'<html lang="[^"]*"', f'<html lang="{lang}"', page, count=1)
    return re.sub(r"<title>[^<]*</title>", "<title>NDCG Lab</title>", page, count=1)
