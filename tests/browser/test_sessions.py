"""Students at once: each browser session keeps its own list and sees its own numbers.

Six tabs in three isolated browser contexts (separate cookies and storage) share one server;
each tab is a Streamlit session of its own, as for six students. All are open at the same
time; each types a change, and only then does each check the NDCG it shows against ndcg_core
for its own list (the lists are chosen so that no two scores are equal). Two tabs per context
already mix sessions that share cookies with sessions that do not; twenty tabs (85 s) proved
nothing more than ten, nor ten (67 s, quiet) more than six: a page's open is most of a browser
test's time. Load at class size is measured in
bench/bench_load.py (60 sessions), not here.
"""

import random

from playwright.sync_api import expect

from devtools.waits import wait_for_app
from ndcg_core import ndcg

SESSIONS = 6
BROWSERS = 3
BOX = "Relevances, top of the ranking first"


def _lists(seed: int = 9) -> list[tuple[list[int], list[int]]]:
    """Per session: the list in its link, and the list it then types (one more item)."""
    rng = random.Random(seed)
    out, seen = [], set()
    while len(out) < SESSIONS:
        first = [rng.randint(0, 3) for _ in range(rng.randint(4, 8))]
        typed = [*first, rng.randint(1, 3)]
        # Distinct scores, so one session showing another's number cannot pass unnoticed.
        score = f"{ndcg(typed):.4f}"
        if score not in seen and f"{ndcg(first):.4f}" != score:
            seen.add(score)
            out.append((first, typed))
    return out


def _text(values: list[int]) -> str:
    return ", ".join(map(str, values))


def test_simultaneous_sessions_each_see_their_own_list(new_browser, app_url):
    lists = _lists()
    # Browser profiles (separate cookies) with two tabs each: every tab is a
    # Streamlit session of its own, and tabs of one profile share the downloaded scripts.
    # All at Playwright's default 1280×720, as the second tabs always were (1280×1200 was more
    # to draw on each open, for no check: Playwright scrolls to the box it types into).
    tabs = [new_browser() for _ in range(BROWSERS)]
    pages = [*tabs, *(tabs[i % len(tabs)].context.new_page() for i in range(len(tabs), SESSIONS))]
    # Open every link before waiting on any, so the sessions start together.
    for page, (first, _) in zip(pages, lists):
        page.goto(f"{app_url}/playground?rels={','.join(map(str, first))}", wait_until="commit")
    for page, (first, _) in zip(pages, lists):
        wait_for_app(page)
        metric = page.get_by_test_id("stMetricValue").first
        expect(metric).to_have_text(f"{ndcg(first):.4f}")
    # Every session types its change before any result is checked.
    for page, (_, typed) in zip(pages, lists):
        box = page.get_by_role("textbox", name=BOX)
        box.fill(_text(typed))
        box.press("Control+Enter")
    for page, (_, typed) in zip(pages, lists):
        metric = page.get_by_test_id("stMetricValue").first
        expect(metric).to_have_text(f"{ndcg(typed):.4f}")
        expect(page.get_by_role("textbox", name=BOX)).to_have_value(_text(typed))
    # And nobody's change leaked into another session: reload nothing, just look again.
    for page, (_, typed) in zip(pages, lists):
        expect(page.get_by_test_id("stMetricValue").first).to_have_text(f"{ndcg(typed):.4f}")
