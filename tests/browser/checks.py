"""What the browser tests read off a page, for checks that hold on every page: axe-core's
accessibility findings, text cut to "…", chart text drawn outside its chart, text too small for
the back row of a room, formulas and tables wider than their column, the page itself wider
than the screen, and markup a link or a file carried drawn as markup (`injected`). Each is a script run in the page (`page.evaluate`) or a function around one.

axe-core comes from the npm registry (package.json at the project root, installed by `npm ci`
in make's testing step) and is injected into each page. What axe reports that Streamlit draws
itself is left out (nothing else is):
- `list` and `listitem` inside the sidebar menu (`[data-testid="stSidebarNav"]`): Streamlit puts
  each menu section's heading and a wrapper `div` between the `ul` and its `li` items. The menu
  is still a set of plain links a screen reader announces and Tab reaches; the app has no say in
  its markup.
Besides every serious and critical finding, two moderate and minor ones fail a scan too, since
the app controls them: `heading-order` (sections are h2 under the page's h1, steps h3) and
`empty-table-header`.

The sidebar (`SIDEBAR`: the menu, the presenter switch, the language switch, the "This view"
link box) is one component, drawn by the same code (`ui.share.sidebar_tools`, app.py) with the
same styles on every page; only which menu link is the current one and the link box's address
differ, and the current link has one style whichever it is. A scan can leave it out
(`without=[SIDEBAR]`): tests/browser/test_pages.py scans it on Home only, at both widths, which
saves 20–40 % of each other page's scans (bench/README.md, "axe without the sidebar"), and
test_accessibility's keyboard test scans it again on /playground, whose page draws its link box
itself (`share.sidebar_link`).

Worked around in the app rather than excluded: Streamlit draws captions in the text colour at
60%, which with its default colour reaches 3.9:1 against white; .streamlit/config.toml sets a
darker text colour so captions reach 4.8:1 (WCAG AA asks 4.5:1). Formulas and tables wider than
a phone become named Tab stops (ui/assets/app.js), which axe's `scrollable-region-focusable`
asks for.
"""

from devtools import ROOT
from ui.text import WORD_JOINER

AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"
SIDEBAR = '[data-testid="stSidebar"]'
# (rule, the Streamlit element its nodes sit in): see the module docstring for the reasons.
STREAMLIT_CHROME = [
    ("list", '[data-testid="stSidebarNav"]'),
    ("listitem", '[data-testid="stSidebarNav"]'),
]

RUN_AXE = """async ([chrome, only, without]) => {
  const options = {resultTypes: ['violations'], elementRef: true};
  if (only) options.runOnly = {type: 'rule', values: only};
  const result = await axe.run(without.length ? {exclude: without} : document, options);
  const found = [];
  for (const v of result.violations) {
    const always = ['heading-order', 'empty-table-header'].includes(v.id);
    if (v.impact !== 'serious' && v.impact !== 'critical' && !always) continue;
    const ours = v.nodes.filter(n => !chrome.some(
      ([rule, inside]) => rule === v.id && n.element && n.element.closest(inside)));
    if (ours.length) found.push(
      `${v.impact} ${v.id}: ${v.help} — ` + ours.slice(0, 3).map(n => n.html.slice(0, 120)).join(' | '));
  }
  const ran = [...result.passes, ...result.violations, ...result.incomplete, ...result.inapplicable]
    .map(r => r.id);
  return {found, ran};
}"""

# The rules whose findings can change when the same page is laid out narrower: contrast (text
# may come to lie over another background), scrollable regions (formulas and tables become
# wider than the screen) and target sizes (controls wrap and shrink). The narrow layout only
# hides things (ui/assets/app.css), it shows nothing the wide one does not: every other rule
# finds at phone width a subset of what it finds at desktop width, so the phone scan runs these.
LAYOUT_RULES = {"color-contrast", "scrollable-region-focusable", "target-size"}


def axe_scan(page, only: list[str] | None = None, without: list[str] = ()) -> dict:
    """axe on the page: {"found": the findings that fail, "ran": the rules it ran}; `only`:
    these rules alone; `without`: the elements (CSS selectors) left out, with what they hold."""
    if not page.evaluate("() => !!window.axe"):  # once per document
        page.add_script_tag(path=str(AXE))
    chrome = [list(pair) for pair in STREAMLIT_CHROME]
    return page.evaluate(RUN_AXE, [chrome, only, list(without)])


def card(page, label: str):
    """The value of the metric card labelled exactly `label` (st.metric: "Mean NDCG@10",
    "Joined", "P@6", …)."""
    named = page.get_by_test_id("stMetricLabel").get_by_text(label, exact=True)
    return page.get_by_test_id("stMetric").filter(has=named).get_by_test_id("stMetricValue")


# The app's font for the CJK ranges (ui/assets/app.css), loaded only when a page draws one.
CJK_FONT_LOADED = """() => [...document.fonts].some(
  (face) => face.unicodeRange.includes("4E00") && face.status === "loaded")"""

# Text cut to "…": an element that ends its text with an ellipsis and has more than it shows.
CUT_TEXT = """() => [...document.querySelectorAll('[data-testid="stMain"] *')].filter(e => {
  const style = getComputedStyle(e);
  // An element with no text cuts none (a file picker's hidden input, 0 px wide, is one).
  return e.getClientRects().length && style.textOverflow === 'ellipsis'
    && e.textContent.trim() && e.scrollWidth > e.clientWidth + 1;
}).map(e => e.textContent.trim().slice(0, 60))"""

# Chart text (axis titles, ticks, legends, labels) drawn outside its chart's box: clipped.
# Plotly's charts, and the page's own line charts (each in its component's shadow root).
CHART_TEXT_OUTSIDE = """() => {
  const out = [];
  // A chart in a folded box is not seen: it lays itself out again when the box opens.
  const folded = element => element.closest('details:not([open])');
  const charts = [...document.querySelectorAll('[data-testid="stPlotlyChart"]')]
    .filter(chart => !folded(chart))
    .map(chart => [chart, chart.querySelectorAll('svg.main-svg text')]);
  for (const host of document.querySelectorAll('*')) {
    if (!host.shadowRoot || folded(host)) continue;
    for (const chart of host.shadowRoot.querySelectorAll('.lines')) {
      charts.push([chart, chart.querySelectorAll('.plot svg text')]);
    }
  }
  for (const [chart, texts] of charts) {
    const box = chart.getBoundingClientRect();
    for (const text of texts) {
      const r = text.getBoundingClientRect();
      if (!text.textContent.trim() || !r.width || getComputedStyle(text).display === 'none') continue;
      if (r.left < box.left - 1 || r.right > box.right + 1 || r.top < box.top - 1
          || r.bottom > box.bottom + 1) out.push(text.textContent.slice(0, 40));
    }
  }
  return out;
}"""

# Every canvas text (the data grids draw on a canvas) is recorded with its font and the page's
# root font size when it was drawn: the grids draw as they are mounted, once, and a draw from
# before the presenter style applied (another root size) is not what the back row sees.
CANVAS_FONTS = """(() => {
  if (window.canvasFonts) return;  // added to a context once more: already counting
  window.canvasFonts = new Set();
  const fill = CanvasRenderingContext2D.prototype.fillText;
  CanvasRenderingContext2D.prototype.fillText = function (...args) {
    const root = getComputedStyle(document.documentElement).fontSize;
    window.canvasFonts.add(`${root}|${this.font}`);
    return fill.apply(this, args);
  };
})();"""

# Visible text on the page smaller than `min`: elements with text of their own, widget values,
# chart text, grid text and the drag cards (in their own frame).
SMALL_TEXT = """(min) => {
  const small = [];
  const size = (e) => parseFloat(getComputedStyle(e).fontSize);
  const main = document.querySelector('[data-testid="stMain"]');
  for (const e of main.querySelectorAll('*')) {
    if (!e.getClientRects().length || e.closest('svg, .katex, iframe')) continue;
    const own = [...e.childNodes].some(n => n.nodeType === 3 && n.nodeValue.trim());
    if ((own || e.matches('input, textarea')) && size(e) < min) {
      small.push(`${e.tagName} ${size(e)}px: ${(e.value || e.textContent).trim().slice(0, 40)}`);
    }
  }
  for (const t of main.querySelectorAll('[data-testid="stPlotlyChart"] svg.main-svg text')) {
    if (!t.textContent.trim() || !t.getBoundingClientRect().width) continue;
    if (getComputedStyle(t).display === 'none') continue;
    if (size(t) < min) small.push(`chart ${size(t)}px: ${t.textContent.slice(0, 40)}`);
  }
  const root = getComputedStyle(document.documentElement).fontSize;
  for (const drawn of window.canvasFonts || []) {
    const [drawnAt, font] = drawn.split('|');
    if (drawnAt === root && parseFloat(font) < min) small.push(`grid ${font}`);
  }
  // The ranking board and the line charts draw in shadow roots of their own.
  for (const host of main.querySelectorAll('*')) {
    const cards = host.shadowRoot ? host.shadowRoot.querySelectorAll('.board .card') : [];
    for (const card of cards) {
      if (size(card) < min) small.push(`card ${size(card)}px: ${card.textContent}`);
    }
    const lines = host.shadowRoot ? host.shadowRoot.querySelectorAll('.lines svg text, .lines .legend .entry') : [];
    for (const t of lines) {
      if (t.textContent.trim() && size(t) < min) small.push(`line chart ${size(t)}px: ${t.textContent.slice(0, 40)}`);
    }
  }
  return small;
}"""


# Formulas, tables and code wider than their column, and whether each says so and is a Tab stop.
WIDE_REGIONS = """() => [...document.querySelectorAll(
    '.katex-display, [data-testid="stTable"] > div, [data-testid="stCode"] pre')]
  .filter(e => e.scrollWidth > e.clientWidth + 2)
  .map(e => ({
    text: e.textContent.slice(0, 40),
    tabStop: e.tabIndex === 0 && !!e.getAttribute('aria-label'),
    said: getComputedStyle(e.closest('[data-testid="stElementContainer"]'), '::after')
      .content.includes('sideways'),
  }))"""

# How far the page reaches past the screen sideways, in px (tables and formulas scroll inside
# their own box, never the page).
SIDEWAYS = "() => document.documentElement.scrollWidth - document.documentElement.clientWidth"


# What a link, a typed label or an uploaded file may carry that must be shown as the text it is:
# HTML, a javascript: link, Markdown, LaTeX, a tag and a stray closing tag.
SCRIPT = "<script>alert(1)</script>"
IMG = "<img src=x onerror=alert(1)>"
JS_LINK = "[x](javascript:alert(1))"
BOLD = "**bold**"
LATEX = "$\\LaTeX$"
TAG = "<b>tag</b>"
CLOSE = "</div>"
# What each of them makes of a page when it is drawn as markup instead of text.
DRAWN = (
    "img[src='x']",
    "a[href^='javascript' i]",
    "script:has-text('alert(1)')",
    "b:has-text('tag')",
    "strong:has-text('bold')",
)


def injected(page) -> list[str]:
    """What the payloads made of the page beyond text (DRAWN's selectors found). Read once the
    page is still (waits.settle): an image's onerror has run by then."""
    return [selector for selector in DRAWN if page.locator(selector).count()]


def shown_text(page) -> str:
    """The page's text as a reader sees it (without the word joiners that stop shortcodes)."""
    return page.evaluate("document.body.innerText").replace(WORD_JOINER, "")
