"""Accessibility in a real browser: axe-core on every page, and the playground by keyboard alone.

axe-core comes from the npm registry (package.json at the project root, installed by `npm ci`
in make's testing step) and is injected into each page.

What axe reports that Streamlit draws itself, and is left out here (nothing else is):
- `list` and `listitem` inside the sidebar menu (`[data-testid="stSidebarNav"]`): Streamlit puts
  each menu section's heading and a wrapper `div` between the `ul` and its `li` items. The menu
  is still a set of plain links a screen reader announces and Tab reaches; the app has no say in
  its markup.
Below "serious" and not failing the test: `heading-order` (st.subheader after st.title skips a
level; `#####` walkthrough headings) and `empty-table-header` (st.table's blank index corner).

Worked around in the app rather than excluded: Streamlit draws captions in the text colour at
60%, which with its default colour reaches 3.9:1 against white; .streamlit/config.toml sets a
darker text colour so captions reach 4.8:1 (WCAG AA asks 4.5:1).
"""

from pathlib import Path

import pytest
from playwright.sync_api import expect

from ndcg_core import ndcg
from tests.browser.conftest import ROOT, wait_for_app

AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"
PATHS = [
    "",
    "learn-binary",
    "learn-graded",
    "learn-continuous",
    "learn-russian",
    "learn-gain",
    "learn-all-zero",
    "playground",
    "ordering",
    "libraries",
    "queries",
    "practice",
]
# (rule, the Streamlit element its nodes sit in): see the module docstring for the reasons.
STREAMLIT_CHROME = [
    ("list", '[data-testid="stSidebarNav"]'),
    ("listitem", '[data-testid="stSidebarNav"]'),
]

RUN_AXE = """async (chrome) => {
  const result = await axe.run(document, {resultTypes: ['violations'], elementRef: true});
  const found = [];
  for (const v of result.violations) {
    if (v.impact !== 'serious' && v.impact !== 'critical') continue;
    const ours = v.nodes.filter(n => !chrome.some(
      ([rule, inside]) => rule === v.id && n.element && n.element.closest(inside)));
    if (ours.length) found.push(
      `${v.impact} ${v.id}: ${v.help} — ` + ours.slice(0, 3).map(n => n.html.slice(0, 120)).join(' | '));
  }
  return found;
}"""


def axe_violations(page) -> list[str]:
    page.add_script_tag(path=str(AXE))
    return page.evaluate(RUN_AXE, [list(pair) for pair in STREAMLIT_CHROME])


@pytest.fixture(scope="module")
def axe_ready():
    if not Path(AXE).exists():
        pytest.fail("axe-core is missing: run `npm ci` at the project root (make test does).")


def test_no_serious_violations_on_any_page(page, app_url, axe_ready):
    found = {}
    for path in PATHS:
        page.goto(f"{app_url}/{path}?rels=3,2,3,0,1,2", timeout=30_000)
        wait_for_app(page)
        # Every page draws a heading first; charts and tables follow within the same run.
        expect(page.locator("h1").first).to_be_visible(timeout=30_000)
        page.wait_for_timeout(500)
        problems = axe_violations(page)
        if problems:
            found[path or "home"] = problems
    assert found == {}


def _ndcg(page):
    return page.get_by_test_id("stMetricValue").first


def _tab_to(page, target, limit: int = 200) -> None:
    """Press Tab until `target` has the keyboard focus."""
    for _ in range(limit):
        if target.evaluate("e => e === document.activeElement"):
            return
        page.keyboard.press("Tab")
    raise AssertionError(f"Tab never reached {target}")


def test_playground_by_keyboard_alone(page, app_url, shot, axe_ready):
    page.goto(f"{app_url}/playground?rels=3,2,3,0,1,2", timeout=30_000)
    wait_for_app(page)
    expect(_ndcg(page)).to_have_text(f"{ndcg([3, 2, 3, 0, 1, 2]):.4f}", timeout=30_000)

    # Choose D4 (relevance 0) in the 'move one item' box: arrows walk the options.
    chooser = page.get_by_role("combobox", name="Move one item")
    _tab_to(page, chooser)
    page.keyboard.press("ArrowDown")  # opens the list one below the chosen item: D2
    for _ in range(2):
        page.keyboard.press("ArrowDown")
    page.keyboard.press("Enter")
    expect(chooser).to_have_value("D4 · rel 0")

    # 'Top' sends it to position 1; 'Down' then moves it one place.
    _tab_to(page, page.get_by_role("button", name="Top", exact=True))
    page.keyboard.press("Enter")
    expect(_ndcg(page)).to_have_text(f"{ndcg([0, 3, 2, 3, 1, 2]):.4f}", timeout=10_000)
    _tab_to(page, page.get_by_role("button", name="Down", exact=True))
    page.keyboard.press("Enter")
    expect(_ndcg(page)).to_have_text(f"{ndcg([3, 0, 2, 3, 1, 2]):.4f}", timeout=10_000)
    page.keyboard.press("Shift+Tab")  # back to 'Up'
    page.keyboard.press("Enter")
    expect(_ndcg(page)).to_have_text(f"{ndcg([0, 3, 2, 3, 1, 2]):.4f}", timeout=10_000)

    # k: from 'all positions' three options down to k = 3.
    k_box = page.get_by_role("combobox", name="Cut-off k")
    _tab_to(page, k_box)
    page.keyboard.press("ArrowDown")  # opens on k = 1
    for _ in range(2):
        page.keyboard.press("ArrowDown")
    page.keyboard.press("Enter")
    expect(k_box).to_have_value("k = 3")
    want = f"{ndcg([0, 3, 2, 3, 1, 2], k=3):.4f}"
    expect(_ndcg(page)).to_have_text(want, timeout=10_000)
    # Read the result: the headline names the cut-off, and the table carries every number.
    expect(page.get_by_test_id("stMetricLabel").first).to_contain_text("NDCG@3")
    shot("playground-keyboard")
