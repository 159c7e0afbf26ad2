"""One list, one set of conventions, one number: every page that scores a list shows the same
CG, DCG, IDCG and NDCG for the same link, named with the same cut-off, and carried-over state
from any page, gallery case, preset or practice link never breaks another page."""

from urllib.parse import parse_qsl, urlsplit

import pytest

from lessons.examples import EXAMPLES
from lessons.gallery import GALLERY
from lessons.practice import VERSIONS, exercise_set
from ndcg_core import totals
from ndcg_core.display import fixed
from ndcg_core.libraries import PRESETS, evaluate_query
from tests.pages.conftest import open_page
from ui import menu, urlparams

LINKS = [
    {"rels": "3,2,3,0,1,2"},
    {"rels": "3,2,3,0,1,2", "pool": "3,2"},
    {"rels": "3,2,3,0,1,2", "pool": "3,2", "k": "none"},
    {"rels": "3,2,3,0,1,2", "pool": "3,2", "k": "8"},
    {"rels": "3,2,3,0,1,2", "gain": "exponential"},
    {"rels": "3,2,3,0,1,2", "discount": "jarvelin", "pool": "3,2"},
    {"rels": "3,2,3,0,1,2", "discount": "jarvelin", "base": "3", "k": "4"},
    {"rels": "1,2,3,0", "discount": "jarvelin", "base": "150"},
    {"rels": "2,0,1", "labels": "a,b,c", "k": "5", "pool": "2"},
    {"rels": "0.5,0.9,0.3,0.6,0.1", "k": "3"},
    {"rels": "0,0,0", "zero": "1"},
    {"rels": "1,3,0", "k": "10"},
]
SCORING_PAGES = ("views/home.py", "views/playground.py")
IDS = ["&".join(f"{k}={v}" for k, v in link.items()) for link in LINKS]


def expected(link):
    ranked, messages = urlparams.read_list(link)
    assert messages == []
    return totals(ranked)


def cards(at) -> dict[str, str]:
    return {m.label: m.value for m in at.metric}


@pytest.mark.parametrize("link", LINKS, ids=IDS)
def test_every_scoring_page_shows_the_same_four_numbers(link):
    want = expected(link)
    numbers = {
        want.name(name): fixed(value)
        for name, value in (
            ("NDCG", want.ndcg),
            ("DCG", want.dcg),
            ("IDCG", want.idcg),
            ("CG", want.cg),
        )
    }
    for page in SCORING_PAGES:
        at = open_page(page, **link)
        assert not at.warning, (page, [w.value for w in at.warning])
        assert cards(at) == numbers, page
        filled = [latex.value for latex in at.latex if "NDCG" in latex.value and "=" in latex.value]
        ratio = rf"\frac{{{fixed(want.dcg)}}}{{{fixed(want.idcg)}}} = {fixed(want.ndcg)}"
        if want.idcg:
            assert any(ratio in f for f in filled), (page, filled)
    ordering = open_page("views/ordering.py", **link)
    assert cards(ordering)[f"This list ({want.name()})"] == fixed(want.ndcg)


@pytest.mark.parametrize("link", LINKS[:8], ids=IDS[:8])
def test_the_libraries_rows_agree_with_the_playground_on_the_same_conventions(link):
    """trec_eval's ndcg_cut.k is the app's NDCG@k with a pool; its ndcg is 'no cut-off';
    the Järvelin–Kekäläinen row is the app's discount 'jarvelin' with base 2."""
    ranked = urlparams.read_list(link)[0]
    rows = {
        v.preset.key: v
        for v in evaluate_query(ranked.relevances, ranked.k, pool=ranked.pool, presets=PRESETS)
    }
    linear = ranked.with_scoring(gain="linear", discount="log2", log_base=2)
    if ranked.scoring.gain == "linear" and ranked.scoring.discount == "log2":
        # ndcg_cut without a k is ndcg_cut.n: every ranked position, the ideal cut there too.
        cut = linear if ranked.k is not None else linear.with_scoring(k="n")
        assert rows["trec_ndcg_cut"].value == pytest.approx(totals(cut).ndcg)
        assert rows["trec_ndcg"].value == pytest.approx(totals(linear.with_scoring(k="none")).ndcg)
    paper = ranked.with_scoring(gain="linear", discount="jarvelin", log_base=2)
    assert rows["jarvelin"].value == pytest.approx(totals(paper).ndcg)


@pytest.mark.parametrize("item", EXAMPLES, ids=lambda item: item.id)
def test_every_walkthrough_example_opens_in_the_playground_with_its_numbers(item):
    params = dict(parse_qsl(urlsplit(urlparams.link("playground", item.ranked)).query))
    at = open_page("views/playground.py", **params)
    assert not at.warning, [w.value for w in at.warning]
    result = item.scored()
    assert cards(at)[result.name()] == fixed(result.ndcg)
    assert cards(at)[result.name("IDCG")] == fixed(result.idcg)


@pytest.mark.parametrize("version", VERSIONS)
def test_every_practice_link_opens_the_case_it_solves(version):
    """Every solution link of a set, in every version (version 3's "which measures move" too),
    opens the playground on its list with its number. A link two exercises share is opened once."""
    exercises = exercise_set(5, version)
    assert version < 3 or "metric_changes" in {ex.kind for ex in exercises}
    links = {}
    for ex in exercises:
        for case in ex.solution_cases:
            links.setdefault(urlparams.link("playground", case.ranked), (ex.kind, case))
    for link, (kind, case) in links.items():
        at = open_page("views/playground.py", **dict(parse_qsl(urlsplit(link).query)))
        assert not at.warning, [w.value for w in at.warning]
        result = totals(case.ranked)
        assert cards(at)[result.name()] == fixed(result.ndcg), (version, kind, case.name)


ALL_PAGES = [page.script for page in menu.PAGES]


def _walk(at, start: str) -> None:
    """Open every other page in turn from `at`'s session: none may fail or show a traceback."""
    for script in ALL_PAGES:
        if script == start:
            continue
        at.switch_page(script)
        at.run()
        assert not at.exception, (start, script, [e.value for e in at.exception])


# Every gallery case but k beyond the list, whose state the walk from the labelled link with
# k = 5 on a list of 3 leaves too (coverage.py, lines and branches: it reached nothing more).
WALKED_GALLERY = [case for case in GALLERY if case.key != "k_beyond"]


@pytest.mark.parametrize("case", WALKED_GALLERY, ids=lambda case: case.key)
def test_every_page_after_every_gallery_case(case):
    at = open_page("views/libraries.py")
    at.button(key=f"libraries_gallery_{case.key}").click().run()
    assert not at.exception
    _walk(at, "views/libraries.py")


GAIN_MAP = {"rels": "3,2,3,0,1,2", "gain": "map:0=0,1=1,2=3,3=7"}


# One link per kind of state a list page leaves in the session for the others (the numbers test
# above takes all of LINKS): a pool with no cut-off, a gain other than linear (the map, whose
# gains are the exponential gain's), the other discount with a log base and a k, labels with a
# pool and a k beyond the list. Fractional grades and a list with nothing relevant are walked
# after the gallery's cases of them. Measured with coverage.py (lines and branches of views/,
# ui/, lessons/, ndcg_core/), the walks this file took from the plain list, the exponential gain,
# fractional grades, the rule for nothing relevant, the gallery's k beyond the list and the
# LightGBM comparison reached no line or branch the others do not.
WALK_LINKS = [LINKS[2], GAIN_MAP, LINKS[6], LINKS[8]]


@pytest.mark.parametrize(
    "link", WALK_LINKS, ids=["&".join(f"{k}={v}" for k, v in link.items()) for link in WALK_LINKS]
)
def test_every_page_after_every_kind_of_list_page_link(link):
    for start in ("views/playground.py", "views/ordering.py"):
        at = open_page(start, **link)
        _walk(at, start)


@pytest.mark.parametrize("preset", ["sklearn"])  # another preset: the same code, other numbers
def test_every_page_after_a_library_comparison_on_many_queries(preset):
    at = open_page("views/queries/page.py")
    at.radio(key="queries_against").set_value(preset).run()
    assert not at.exception
    _walk(at, "views/queries/page.py")


def test_every_page_after_practice_and_a_walkthrough():
    for start in ("views/practice.py", "views/learn/graded.py"):
        at = open_page(start, seed="3", ex="2")
        _walk(at, start)
