"""Every choice control of every page, singly and in pairs (AppTest): no exception and no
Python-internal text, whatever a user picks.

The controls are found on the page itself (`conftest.controls`: every radio, selectbox,
select_slider, toggle and checkbox with a key, and the values it offers), so a control added to a
page is explored without editing this file. Each page is opened from its default link and, if it
reads its link's list, from links with a pool and fractional grades and with gain maps (`STARTS`).
From each, every value of every control is set at least once, several controls at once per run;
from the default link of a page that reads its list, and where pairs reach code that single
values do not (`PAIRS`), a pairwise covering design makes
every pair of (control, value) occur in some run, at a fraction of the runs all pairs one by one
would take. A control that appears only after some choice (a box, a question) is then set to each
of its values after the choices that revealed it. Gain maps typed in the box the map choice opens
are explored too. A failure reopens the page, so one failure hides no other; all are reported at
once.

Which links, and where pairs, was measured with coverage.py (lines and branches of views/, ui/,
lessons/ and ndcg_core/, the random module seeded alike for each test): the links and pairs left
out reached no line or branch that the runs kept do not.
"""

from __future__ import annotations

import itertools
import os
import random
from dataclasses import dataclass

import pytest
from streamlit.testing.v1 import AppTest

from classroom import questions
from classroom.store import URL_VARIABLE, Store
from devtools import ROOT
from lessons import practice
from tests.pages.conftest import (
    Control,
    controls,
    find_widget,
    internal_text,
    leaves,
    open_link,
    set_control,
)
from ui import menu
from ui.controls import MAP

# --- The design --------------------------------------------------------------------------------


def pairwise(sizes: list[int], tries: int = 20) -> list[tuple[int, ...]]:
    """Rows of value indices, one per run, such that for any two parameters every pair of their
    values occurs in some row (a pairwise covering design, built in the order of IPO: the two
    largest parameters in full, then each further one added to the rows — horizontally,
    choosing the value that covers most pairs not yet covered — and rows added for the pairs
    still missing). With one parameter, each value once; with none, one run as the page opens.

    Each row is a page run, the exploration's whole cost. IPO as first written here (the first
    of the values that cover as many pairs, free slots filled only in the rows it had just
    added) made 53 rows for /ordering's controls (3, 2, 7, 6, 6, 6 values) and 19 for Home's
    fifteen switches; filling a free slot in any row, and keeping the smallest of `tries`
    designs whose ties are broken in a seeded random order, makes 44 and 10, the same rows
    every time."""
    count = len(sizes)
    if count == 0:
        return [()]
    if count == 1:
        return [(v,) for v in range(sizes[0])]
    designs = (_ipo(sizes, random.Random(seed) if seed else None) for seed in range(tries))
    return min(designs, key=len)  # the first of the smallest: the same design every run


def _ipo(sizes: list[int], ties: random.Random | None) -> list[tuple[int, ...]]:
    """One pairwise design by IPO (`pairwise`), its ties broken by `ties`, or first-come."""
    count = len(sizes)
    order = sorted(range(count), key=lambda p: (-sizes[p], ties.random() if ties else p))
    size = [sizes[p] for p in order]
    rows: list[list[int | None]] = [[a, b] for a in range(size[0]) for b in range(size[1])]
    for new in range(2, count):
        missing = {
            (old, a, b) for old in range(new) for a in range(size[old]) for b in range(size[new])
        }
        for row in rows:  # horizontal: the value covering the most missing pairs
            values = list(range(size[new]))
            if ties:
                ties.shuffle(values)
            best = max(
                values,
                key=lambda b, row=row: sum((o, row[o], b) in missing for o in range(new)),
            )
            row.append(best)
            missing -= {(o, row[o], best) for o in range(new)}
        for old, a, b in sorted(missing):  # vertical: fill a free slot of any row, or add a row
            for row in rows:
                if row[new] == b and row[old] is None:
                    row[old] = a
                    break
            else:
                row = [None] * (new + 1)
                row[old], row[new] = a, b
                rows.append(row)
    design = []
    for row in rows:
        values = [0 if v is None else v for v in row]  # a free slot: any value will do
        design.append(tuple(values[order.index(p)] for p in range(count)))
    return design


def each_value_once(sizes: list[int]) -> list[tuple[int, ...]]:
    """Rows of value indices in which every value of every parameter occurs at least once, in
    as many rows as the largest parameter has values (row r holds value r mod size of each)."""
    if not sizes:
        return [()]
    return [tuple(r % size for size in sizes) for r in range(max(sizes))]


def missing_pairs(design: list[tuple[int, ...]], sizes: list[int]) -> set:
    """The (parameter, value, parameter, value) pairs no row of `design` holds."""
    wanted = {
        (p, a, q, b)
        for p, q in itertools.combinations(range(len(sizes)), 2)
        for a in range(sizes[p])
        for b in range(sizes[q])
    }
    held = {
        (p, row[p], q, row[q])
        for row in design
        for p, q in itertools.combinations(range(len(row)), 2)
    }
    singles = {(p, a) for p in range(len(sizes)) for a in range(sizes[p])}
    held_singles = {(p, row[p]) for row in design for p in range(len(row))}
    return (wanted - held) | {(p, a, None, None) for p, a in singles - held_singles}


@pytest.mark.parametrize(
    "sizes",
    [[], [5], [2, 2], [3, 2, 4, 7], [17, 12], [4, 3, 2, 3, 2, 3, 3, 2, 2], [2] * 12, [7, 6, 6, 6]],
)
def test_the_design_covers_every_pair_in_fewer_runs(sizes):
    design = pairwise(sizes)
    assert not missing_pairs(design, sizes)
    assert all(0 <= row[p] < sizes[p] for row in design for p in range(len(sizes)))
    largest = [*sorted(sizes, reverse=True), 1, 1]
    assert len(design) <= largest[0] * largest[1] + 36  # near the least possible, a×b
    if len(sizes) > 2:  # fewer runs than every pair on its own
        assert len(design) < sum(a * b for a, b in itertools.combinations(sizes, 2))


def test_broken_ties_give_a_smaller_design_the_same_every_time():
    """/ordering's controls and Home's switches (`pairwise`): fewer rows than with first-come
    ties, and the same rows on every call."""
    for sizes, at_most in (([3, 2, 7, 6, 6, 6], 44), ([2] * 15, 10)):
        design = pairwise(sizes)
        assert len(design) <= at_most and len(design) < len(_ipo(sizes, None))
        assert design == pairwise(sizes)


@pytest.mark.parametrize("sizes", [[], [5], [17, 12], [3, 1, 4]])
def test_each_value_once_holds_every_value_in_as_many_rows_as_the_largest_control(sizes):
    design = each_value_once(sizes)
    held = {(p, row[p]) for row in design for p in range(len(sizes))}
    assert held == {(p, v) for p in range(len(sizes)) for v in range(sizes[p])}
    assert len(design) == max(sizes, default=1)


def test_missing_pairs_finds_a_pair_left_out():
    assert missing_pairs([(0, 0), (1, 1), (0, 1)], [2, 2]) == {(0, 1, 1, 0)}


# --- The pages and the links they open from ------------------------------------------------------

HUGE = "0=0, 1=1e300, 2=1e301, 3=1e302"
OVERFLOWING = "0=0, 1=1e308, 2=1e308, 3=1e308"  # each gain fits a float, their sums do not
TINY = "0=0, 1=1e-300, 2=2e-300, 3=3e-300"
# The links with a map hold a list without a 0: a page that adds items of grade 0 to a list (a
# derived list) must still find a gain for them. A link with the tiny map reached nothing the huge
# one does not: tiny gains are typed in the map box (TYPED_MAPS).
STARTS = {
    "default": {},
    "pool": {"rels": "0.5,2,1.5,0,3", "pool": "2,0.7"},
    "huge": {"rels": "3,2,3,1,2", "gain": f"map:{HUGE}"},
    "overflowing": {"rels": "3,2,3,1,2", "gain": f"map:{OVERFLOWING}"},
}
# The overflowing map cannot be scored: it is refused where a page reads its link, which is one of
# two places (`reads_the_links_list`), and the page goes on with the huge link's list under the
# linear gain. So it is explored on one page of each: the playground (a list editor) and /queries
# (a gain control bound to the link).
OVERFLOWING_ON = {"views/playground.py", "views/queries/page.py"}
# Typed in the box "A gain per grade (a map)" opens.
TYPED_MAPS = [
    HUGE,
    OVERFLOWING,
    TINY,
    "0=0, 0.5=1e308, 1.5=1e308, 2=1e308, 3=1e308",  # the pool start's grades, overflowing
    "0=1e-320, 0.5=1e-320, 1=1e-320, 1.5=1e-320, 2=1e-320, 3=1e-320",  # subnormal gains
]

CLASSROOM = "views/classroom/page.py"
# The classroom's teacher and student screens are pages of their own to a user: each opens
# with a room (made in `room` below) and a question posed, so its question's controls show.
SCREENS = {page.script: page.script for page in menu.PAGES}
SCREENS |= {"classroom-teacher": CLASSROOM, "classroom-student": CLASSROOM}


@dataclass(frozen=True)
class Case:
    screen: str
    start: str
    params: tuple  # the link's query parameters, as (name, value) pairs

    @property
    def id(self) -> str:
        return f"{self.screen.removeprefix('views/').removesuffix('.py')}-{self.start}"


def reads_the_links_list(script: str) -> bool:
    """Whether a page reads the list, and so its pool and gain, its link holds. A page reads
    them from its link in two places only: `urlparams.read_list`, which every list editor calls
    (with the list, its pool and its conventions), and a gain control bound to the link
    (`controls.from_link(…, urlparams.GAIN)`). A page with neither draws from every link of
    STARTS what it draws from its default link (`test_every_control_singly_and_in_pairs` checks
    it), so exploring it from those links again finds nothing new: it is explored from its
    default link only."""
    source = (ROOT / script).read_text()
    return "list_editor" in source or "urlparams.GAIN" in source


def explored_from(screen: str, start: str) -> bool:
    if start == "default":
        return True
    if not reads_the_links_list(SCREENS[screen]):
        return False
    return start != "overflowing" or screen in OVERFLOWING_ON


CASES = [
    Case(screen, start, tuple(params.items()))
    for screen in SCREENS
    for start, params in STARTS.items()
    if explored_from(screen, start)
]
# The practice page's controls belong to its exercises: each exercise of a set is a start, in the
# newest version (the set new links get, whose kinds include every older version's).
CASES += [
    Case(
        "views/practice.py",
        f"exercise-{n}",
        (("seed", "7"), ("v", str(practice.LATEST)), ("ex", str(n))),
    )
    for n in range(1, practice.SET_SIZE + 1)
]


@pytest.fixture(scope="module")
def room(tmp_path_factory):
    """One classroom database for the module, with a room, a student and a question posed."""
    url = f"sqlite:///{tmp_path_factory.mktemp('controls') / 'classroom.sqlite3'}"
    before = os.environ.get(URL_VARIABLE)
    os.environ[URL_VARIABLE] = url
    db = Store(url)
    opened = db.open_room()
    token = db.join(opened.code, "Ann")
    db.pose(opened.code, opened.key, questions.compare_question([3, 2, 0, 1], [2, 3, 0, 1]))
    yield {
        "classroom-teacher": {"room": opened.code, "key": opened.key},
        "classroom-student": {"room": opened.code, "student": token},
    }
    db.dispose()
    if before is None:
        del os.environ[URL_VARIABLE]
    else:
        os.environ[URL_VARIABLE] = before


# --- Exploring ---------------------------------------------------------------------------------


@dataclass
class Failure:
    screen: str
    link: dict
    choices: str  # what was set, in order
    found: list[str]  # the exception messages and internal text the page showed

    def __str__(self) -> str:
        link = "&".join(f"{k}={v}" for k, v in self.link.items())
        return f"{self.screen}?{link} after {self.choices}:\n    " + "\n    ".join(self.found)


def drawn(at: AppTest) -> list[str]:
    """What the page's main area shows, element by element (kind and every field)."""
    return [f"{node.type}: {node.proto}" for node in leaves(at.main)]


def describe(assignment: dict[Control, object]) -> str:
    return ", ".join(f"{c.key}={v!r}" for c, v in assignment.items()) or "opening"


class Explorer:
    """Runs choices on one page from one link, reopening it after a failure, and collects every
    failure and every (control, value) pair it set."""

    def __init__(self, script: str, link: dict[str, str], *, keep_drawing: bool = False):
        self.script, self.link = script, link
        self.failures: list[Failure] = []
        self.runs = 0
        self.seen: dict[str, Control] = {}  # every control found on the page, by key
        self.at = self._open()
        self.at_opening = drawn(self.at) if keep_drawing else None  # what it drew when opened
        self.opened_cleanly = self._check("opening")

    def _open(self) -> AppTest:
        self.runs += 1
        return open_link(self.script, self.link)

    def _check(self, choices: str) -> bool:
        found = internal_text(self.at)
        if found:
            self.failures.append(Failure(self.script, self.link, choices, found))
            self.at = self._open()  # a fresh page: the next choices start clean
        return not found

    def choose(self, assignment: dict[Control, object]) -> set:
        """Set every control of `assignment` that is on the page, enabled and offers its value,
        run once, check; returns the (control, value) pairs set."""
        done = {(c.key, v) for c, v in assignment.items() if set_control(self.at, c, v)}
        self.runs += 1
        self.at.run()
        self._check(describe(assignment))
        return done

    def type_into(self, key: str, text: str, before: dict[Control, object]) -> None:
        boxes = [b for b in self.at.text_input if b.key == key]
        if not boxes:  # the choice that opens it failed (and was reported): nothing to type in
            return
        boxes[0].input(text)
        self.runs += 1
        self.at.run()
        self._check(f"{describe(before)}, then typing {text!r} in {key}")

    def controls(self) -> list[Control]:
        found = controls(self.at)
        self.seen |= {c.key: c for c in found}
        return found


# The (screen, link) cases explored in pairs, beside every page that reads its link's list, from
# its default link (a fault that needs two settings together, such as a huge gain map at a small
# k on /learn-labels, reaches no line or branch that single values miss: coverage cannot see
# it); every other case sets each value of each control once. Pairs reached lines and branches
# single values do not on these only: /ordering (a swap
# that changes nothing, an item that scores the same at every position), the teacher's screen
# (some kinds of question under some versions of the exercises), /compare (the randomization
# test's sign patterns) and /learn-discount from the pool link (whose list has too few moves of
# distinct cost under some gain, discount and k, so that its question asks about an example).
PAIRS = {
    ("views/ordering.py", "default"),
    ("classroom-teacher", "default"),
    ("views/queries/compare.py", "default"),
    ("views/learn/discount.py", "pool"),
}


def explore(
    script: str, link: dict[str, str], *, pairs: bool, keep_drawing: bool = False
) -> Explorer:
    """Every value of each control the page opens with at least once (with `pairs`, the pairwise
    design), then every value of each control some choice revealed (after that choice), level by
    level."""
    page = Explorer(script, link, keep_drawing=keep_drawing)
    if not page.opened_cleanly:
        return page
    found = page.controls()
    known = {c.key for c in found}
    revealed: list[tuple[Control, dict]] = []
    design = pairwise if pairs else each_value_once
    # A page with no control: its design's one run is the opening, already checked (running it
    # again with nothing set would draw the same state twice).
    for row in design([len(c.values) for c in found]) if found else []:
        assignment = {c: c.values[i] for c, i in zip(found, row, strict=True)}
        page.choose(assignment)
        for control in page.controls():
            if control.key not in known:
                known.add(control.key)
                revealed.append((control, assignment))
    while revealed:
        control, before = revealed.pop(0)
        failed = len(page.failures)
        for n, value in enumerate(control.values):
            # After this control's previous value the page holds the choices before it still:
            # only the first value, a page reopened after a failure, or a control gone, needs
            # them made again (a run saved per value).
            if n == 0 or len(page.failures) != failed or not find_widget(page.at, control):
                page.choose(before)
            page.choose({control: value})
            failed = len(page.failures)
            for new in page.controls():
                if new.key not in known:
                    known.add(new.key)
                    revealed.append((new, {**before, control: value}))
    return page


def judge(failures: list[Failure], what: str) -> None:
    """Every failure of a case, reported at once."""
    assert not failures, f"{len(failures)} {what} failed:\n" + "\n".join(map(str, failures))


def link_of(case: Case, room) -> dict[str, str]:
    return {**room.get(case.screen, {}), **dict(case.params)}


# A link with a list, a pool and a gain map: what a page that reads no list must ignore.
LIST_LINK = {**STARTS["pool"], "gain": STARTS["huge"]["gain"]}


@pytest.mark.explore
@pytest.mark.parametrize("case", [pytest.param(case, id=case.id) for case in CASES])
def test_every_control_singly_and_in_pairs(case, room):
    script, link = SCREENS[case.screen], link_of(case, room)
    # The claim that lets the links with a list skip a page that reads none
    # (`reads_the_links_list`): opened from a link with a list, a pool and a gain map, it draws
    # exactly what its default link draws, and it offers no gain map to type (MAP_CASES). Opened
    # first: the exploration may change what the page draws next (a classroom's answers).
    claim = case.start == "default" and not reads_the_links_list(script)
    if claim:
        random.seed(0)  # a page that picks a set or a seed at random picks the same both times
        other = drawn(open_link(script, {**link, **LIST_LINK}))
    random.seed(0)
    pairs = (case.screen, case.start) in PAIRS or (
        case.start == "default" and reads_the_links_list(script)
    )
    page = explore(script, link, pairs=pairs, keep_drawing=claim)
    judge(page.failures, f"of {page.runs} runs")
    if claim:
        assert page.at_opening == other, f"{case.screen} draws something from {LIST_LINK}"
        offering = [key for key, c in page.seen.items() if MAP in c.values]
        assert not offering, (
            f"{case.screen} offers a gain map ({offering}): see reads_the_links_list"
        )


# --- The gain map box ---------------------------------------------------------------------------

# From the default link only, on the pages that read their link's list (the others offer no
# map: `explore` checks it): typed from the pool link, the same maps reached no line or branch more.
MAP_CASES = [
    Case(screen, "default", ()) for screen in SCREENS if reads_the_links_list(SCREENS[screen])
]


@pytest.mark.explore
@pytest.mark.parametrize(
    "case",
    [pytest.param(case, id=f"{case.id}-typed") for case in MAP_CASES],
)
def test_typed_gain_maps(case, room):
    """Every box the map choice opens (a text box keyed after the control: its `_map`), given
    huge, overflowing, tiny and subnormal gains. Only the map choice opens one (`controls.gain`),
    so only controls offering it are chosen; the box stays open from one typed map to the next,
    so the choice is made again only when a failure reopened the page."""
    page = Explorer(SCREENS[case.screen], link_of(case, room))
    boxes = 0
    for control in page.controls() if page.opened_cleanly else []:
        if MAP not in control.values:
            continue
        before = {b.key for b in page.at.text_input}
        page.choose({control: MAP})
        opened = [
            b.key
            for b in page.at.text_input
            if b.key not in before and b.key.startswith(f"{control.key}_")
        ]
        for key in opened:
            boxes += 1
            for text in TYPED_MAPS:
                if not any(b.key == key for b in page.at.text_input):
                    page.choose({control: MAP})
                page.type_into(key, text, {control: MAP})
    gains = [c.key for c in page.controls() if c.key.endswith("_gain")]
    assert boxes or not gains, f"{gains} opened no map box: is the map choice still {MAP!r}?"
    judge(page.failures, f"of {page.runs} runs ({boxes} boxes)")
