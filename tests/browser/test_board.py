"""The ranking board in a real browser: its own arithmetic and number format against the core,
and every way of moving a card (mouse, touch, keyboard, buttons), with the rest of the page
following each move. One page load per kind of screen, many checks per load."""

from __future__ import annotations

import json
import math
import random
import re
from pathlib import Path

import pytest
from playwright.sync_api import expect

from devtools.appserver import start_app, stop_app
from devtools.waits import RESIZED, settle, wait_for_app
from ndcg_core import RankedList, Scoring, ndcg, totals
from ndcg_core.display import DIGITS, MINUS, fixed
from ndcg_core.metrics import dcg_terms
from ndcg_core.permutations import ideal_order, move, worst_order
from tests.browser.checks import axe_scan
from tests.strategies import random_ranked_list

BOARD_JS = Path(__file__).resolve().parents[2] / "ui" / "board" / "board.js"

# The board's module in a blank page: its exported pure functions on `window.board`.
LOAD_MODULE = """async (source) => {
  const url = URL.createObjectURL(new Blob([source], { type: "text/javascript" }));
  window.board = await import(url);
}"""

# For each case: DCG, NDCG, every bar, and the ideal and worst orders, as the board computes them.
# The cases go in and the results come out as JSON text: Playwright's own encoding of 1,201
# cases value by value took 8-11 s of a loaded machine, JSON 0.5-1 s (the board's sums, 50 ms).
# Each number survives it exactly (Python's repr and JavaScript's shortest form), -0 included on
# the way in; on the way out -0 becomes 0 (compared with isclose) and a NaN NDCG is sent as null.
RUN_CASES = """(text) => JSON.stringify((({ cases, digits, minus }) => cases.map(({ gains, weights, idcg, onZero, order, relevances, numbers }) => {
  const b = window.board;
  const bars = new Array(order.length);
  const dcg = b.score(gains, weights, order, bars);
  const ndcg = b.ndcgOf(dcg, idcg, onZero);
  return {
    dcg, ndcg: Number.isNaN(ndcg) ? null : ndcg, bars,
    ideal: b.idealOrder(relevances), worst: b.worstOrder(relevances),
    texts: numbers.map((x) => b.fixed(x === "nan" ? NaN : x === "inf" ? Infinity
      : x === "-inf" ? -Infinity : x, digits, minus)),
  };
}))(JSON.parse(text)))"""

# Numbers whose text is easy to get wrong: exact ties (Python rounds them half to even,
# `toFixed` up), minus zero, tiny negatives that round to zero, huge values, no value.
HARD_NUMBERS = [
    0.03125, 0.00005, 0.00015, 0.00025, 1.00005, 2.5, 0.5, 1e-5, -0.03125, -0.00005, -0.0,
    -1e-9, 1e21, 1e22, 1e23, 2.0**70, 123456789012.34567, 1.2345e15, 0.9999500000000001,
    0.99995, 5e-324, 1.7976931348623157e308, "nan", "inf", "-inf",
]  # fmt: skip


def close(a: float | None, b: float) -> bool:
    if a is None:
        return math.isnan(b)
    return math.isclose(a, b, rel_tol=1e-12, abs_tol=1e-12)


def test_the_boards_arithmetic_and_format_equal_the_cores(page):
    """≥ 1,000 random lists, orders and conventions: NDCG, DCG and every bar to 1e-12, every
    number's text exactly as `display.fixed` writes it, the ideal and worst orders as
    `permutations` gives them."""
    page.goto("about:blank")
    page.evaluate(LOAD_MODULE, BOARD_JS.read_text(encoding="utf-8"))
    rng = random.Random(1729)
    cases, wants = [], []
    for _ in range(1200):
        ranked = random_ranked_list(rng)
        terms = dcg_terms(ranked)
        order = rng.sample(range(ranked.n), ranked.n)
        want = totals(ranked.reordered(order))
        bars = [terms.gains[i] * w for i, w in zip(order, terms.weights)]
        numbers = [want.ndcg, want.dcg, want.idcg, *terms.gains, *terms.discounts, *bars]
        numbers += [rng.uniform(-2, 2) * 10 ** rng.randint(-6, 6) for _ in range(3)]
        cases.append(
            {
                "gains": list(terms.gains),
                "weights": list(terms.weights),
                "idcg": terms.idcg,
                "onZero": None if math.isnan(terms.on_zero) else terms.on_zero,
                "order": order,
                "relevances": list(terms.relevances),
                "numbers": [x if math.isfinite(x) else repr(x) for x in numbers],
            }
        )
        wants.append((ranked, order, want, bars, numbers))
    cases.append({**cases[0], "numbers": HARD_NUMBERS})
    wants.append((*wants[0][:4], [float(x) for x in HARD_NUMBERS]))
    sent = json.dumps({"cases": cases, "digits": DIGITS, "minus": MINUS})
    got = json.loads(page.evaluate(RUN_CASES, sent))
    for case, result, (ranked, order, want, bars, numbers) in zip(cases, got, wants):
        where = (ranked, order)
        assert close(result["dcg"], want.dcg), where
        assert close(result["ndcg"], want.ndcg), where
        moved = ranked.reordered(order)
        assert close(result["ndcg"], ndcg(moved.relevances, **moved.kwargs())), where
        assert all(close(a, b) for a, b in zip(result["bars"], bars)), where
        assert result["ideal"] == ideal_order(case["relevances"]), where
        assert result["worst"] == worst_order(case["relevances"]), where
        assert result["texts"] == [fixed(x) for x in numbers], where


# ---------------------------------------------------------------------------------------------
# The board on a page
# ---------------------------------------------------------------------------------------------

# What the board shows, read from its rows (all of them drawn: lists of up to 36 items).
STATE = """board => ({
  order: [...board.querySelectorAll('.row .label')].map(e => e.textContent),
  selected: [...board.querySelectorAll('.row.selected .label')].map(e => e.textContent),
  lifted: !!board.querySelector('.row.lifted'),
  stops: [...board.querySelectorAll('.list [tabindex="0"] .label')].map(e => e.textContent),
  toolStops: [...board.querySelectorAll('.tools [tabindex="0"]')].map(e => e.textContent),
})"""
FOCUSED = "board => { const a = board.getRootNode().activeElement; return a && a.textContent; }"
# The board's own timing of its moves: performance measures, from the input event to the frame.
MOVE_TIMES = "() => performance.getEntriesByName('board-move').map(e => e.duration)"

# Records, from now on, each time the page marks itself as catching up with a move (app.js),
# what the headline card said then and a moment later how faded it was, and what it said when
# the mark went.
WATCH_CATCHING_UP = """() => {
  const seen = (window.__catching = []);
  const card = () => document.querySelector('[data-testid="stMetricValue"]');
  new MutationObserver(() => {
    const on = document.documentElement.hasAttribute('data-catching-up');
    const last = seen[seen.length - 1];
    if (on && (!last || last.off !== undefined)) {
      const entry = { on: card().textContent, opacity: null };
      seen.push(entry);
      setTimeout(() => {
        if (entry.off === undefined) {
          // Where the fade is going: on a loaded machine the 0.12 s transition may only be
          // starting (no frame since the mark), its computed opacity still 1.
          const metric = card().closest('[data-testid="stMetric"]');
          const fade = metric.getAnimations().find((a) => a.transitionProperty === 'opacity');
          entry.opacity = fade ? fade.effect.getKeyframes().at(-1).opacity
            : getComputedStyle(metric).opacity;
        }
      }, 150);
    } else if (!on && last && last.off === undefined) {
      last.off = card().textContent;
    }
  }).observe(document.documentElement, { attributes: true, attributeFilter: ['data-catching-up'] });
}"""


def board(page):
    return page.locator(".board").first


def board_ndcg(page):
    return page.locator('.board [data-value="ndcg"]').first


def card(page, label: str):
    return page.locator(
        ".board .card", has=page.locator(".label", has_text=re.compile(f"^{label}$"))
    )


def page_ndcg(page):
    return page.get_by_test_id("stMetricValue").first


def live(page):
    return page.locator(".board .live").first


def state(page) -> dict:
    return board(page).evaluate(STATE)


def order_on_board(page) -> list[str]:
    return state(page)["order"]


def expect_page_follows(page, relevances, box="Relevances, top of the ranking first"):
    """The headline card (if the page has one), the text box and the address bar show the
    board's order: plain numbers, as typed (the board's names for the items are its own)."""
    want = fixed(ndcg(relevances))
    expect(board_ndcg(page)).to_have_text(want)
    if box == "Relevances, top of the ranking first":  # an app page, not the boards' own
        expect(page_ndcg(page)).to_have_text(want)
    rels = "(,|%2C)".join(f"{r:g}" for r in relevances)  # plain commas where app.js runs
    expect(page).to_have_url(re.compile(rf"rels={rels}(&|$)"))
    assert "labels=" not in page.url
    typed = ", ".join(f"{r:g}" for r in relevances)
    expect(page.get_by_role("textbox", name=box)).to_have_value(typed)
    wait_for_app(page)


def p95(times: list[float]) -> float:
    ordered = sorted(times)
    return ordered[max(0, math.ceil(0.95 * len(ordered)) - 1)]


RELS = [3, 2, 3, 0, 1, 2]
LABELS = ["D1", "D2", "D3", "D4", "D5", "D6"]


@pytest.mark.motion  # cards dragged while the page redraws, as most learners see it
def test_keyboard_mouse_and_buttons_on_the_playground(page, app_url, shot):
    page.goto(f"{app_url}/playground?rels=3,2,3,0,1,2")
    wait_for_app(page)
    expect(board_ndcg(page)).to_have_text("0.9608")
    expect(page.locator(".board .row")).to_have_count(6)
    settle(page)
    shot("board-playground")
    # One Tab stop for the toolbar and one for the list (the selected card, D1 at first).
    assert state(page)["stops"] == ["D1"] and state(page)["toolStops"] == ["⭐ Ideal"]
    page.get_by_role("button", name="End", exact=True).focus()
    page.keyboard.press("Tab")
    assert board(page).evaluate(FOCUSED) == "D1 rel 3, position 1 of 6"
    page.keyboard.press("Tab")  # straight out of the board: no other card is a Tab stop
    assert board(page).evaluate(FOCUSED) is None
    page.keyboard.press("Shift+Tab")
    assert board(page).evaluate(FOCUSED) == "D1 rel 3, position 1 of 6"
    # Without a card held, the arrows go from card to card; the focused card is selected and
    # becomes the list's Tab stop.
    page.keyboard.press("ArrowDown")
    page.keyboard.press("End")
    page.keyboard.press("ArrowUp")
    page.keyboard.press("ArrowUp")
    assert board(page).evaluate(FOCUSED) == "D4 rel 0, position 4 of 6"
    assert state(page)["selected"] == ["D4"] and state(page)["stops"] == ["D4"]

    # Keyboard: Space picks D4 up, each arrow moves it and says where it is and what NDCG that
    # gives (the board previews the order), Space drops it; the focus stays on the moved card.
    page.evaluate(WATCH_CATCHING_UP)
    page.keyboard.press("Space")
    expect(live(page)).to_contain_text("Picked up D4 at position 4")
    page.keyboard.press("ArrowUp")
    one_up = [RELS[i] for i in move(6, 4, 3)]
    expect(live(page)).to_have_text(f"D4, position 3 of 6, NDCG {fixed(ndcg(one_up))}")
    page.keyboard.press("ArrowUp")
    order = [LABELS[i] for i in move(6, 4, 2)]
    values = [RELS[i] for i in move(6, 4, 2)]
    expect(live(page)).to_have_text(f"D4, position 2 of 6, NDCG {fixed(ndcg(values))}")
    expect(board_ndcg(page)).to_have_text(fixed(ndcg(values)))  # the preview, not yet sent
    assert state(page)["lifted"]
    page.keyboard.press("Space")
    expect(live(page)).to_have_text(f"D4 to position 2, NDCG {fixed(ndcg(values))}, was 0.9608")
    assert board(page).evaluate(FOCUSED) == "D4 rel 0, position 2 of 6"
    expect_page_follows(page, values)
    assert board(page).evaluate(FOCUSED) == "D4 rel 0, position 2 of 6"  # after the rerun
    assert order_on_board(page) == order  # the items keep their names on the board
    # While the page caught up, its older NDCG was marked as updating (faded), and the mark went
    # only once the page showed the new one.
    (caught,) = page.evaluate("() => window.__catching")
    assert caught["on"] == "0.9608" and caught["off"] == fixed(ndcg(values)), caught
    assert caught["opacity"] is None or float(caught["opacity"]) < 0.5, caught
    expect(page.locator("html")).not_to_have_attribute("data-catching-up", re.compile(".*"))
    # Escape puts a card back where it was.
    page.keyboard.press("Enter")
    page.keyboard.press("ArrowDown")
    page.keyboard.press("Escape")
    expect(live(page)).to_contain_text("D4 put back at position 2")
    assert order_on_board(page) == order

    # Mouse: D6 dragged to the top; while it is held the board shows the order as if dropped;
    # once dropped, the focus is on D6 (not on the card where the drag began).
    box = card(page, "D6").bounding_box()
    top = card(page, order[0]).bounding_box()
    page.mouse.move(box["x"] + 20, box["y"] + box["height"] / 2)
    page.mouse.down()
    page.mouse.move(box["x"] + 20, box["y"] + box["height"] / 2 - 10, steps=2)
    page.mouse.move(top["x"] + 20, top["y"] + 4, steps=12)
    dragged = [order[i] for i in move(6, 6, 1)]
    dragged_values = [values[i] for i in move(6, 6, 1)]
    expect(board_ndcg(page)).to_have_text(fixed(ndcg(dragged_values)))
    assert order_on_board(page) == dragged and state(page)["lifted"]
    page.mouse.up()
    expect(live(page)).to_contain_text("D6 to position 1")
    assert board(page).evaluate(FOCUSED) == "D6 rel 2, position 1 of 6"
    expect_page_follows(page, dragged_values)
    assert board(page).evaluate(FOCUSED) == "D6 rel 2, position 1 of 6"

    # The toolbar: one Tab stop, the arrow keys (Home, End) go from button to button.
    ideal_button = page.get_by_role("button", name="⭐ Ideal")
    ideal_button.focus()
    for key, name in (
        ("ArrowRight", "👎 Worst"),
        ("ArrowDown", "🔃 Reverse"),
        ("End", "End"),
        ("ArrowRight", "⭐ Ideal"),
        ("ArrowLeft", "End"),
        ("ArrowUp", "Top"),
        ("Home", "⭐ Ideal"),
    ):
        page.keyboard.press(key)
        assert board(page).evaluate(FOCUSED) == name, (key, name)
        assert state(page)["toolStops"] == [name]

    # The buttons: the orders, then the moves of the selected card (D6, the last one moved).
    page.keyboard.press("Enter")  # ⭐ Ideal, by keyboard
    expect(board_ndcg(page)).to_have_text("1.0000")
    expect(live(page)).to_contain_text("Ideal order, NDCG 1.0000")
    ideal = [dragged[i] for i in ideal_order(dragged_values)]
    expect_page_follows(page, sorted(RELS, reverse=True))
    assert order_on_board(page) == ideal
    page.get_by_role("button", name="⭐ Ideal").click()  # a button that changes nothing says so
    expect(live(page)).to_have_text("Ideal order: the order is already so, NDCG 1.0000.")
    page.get_by_role("button", name="👎 Worst").click()
    worst = [ideal[i] for i in worst_order(sorted(RELS, reverse=True))]
    expect_page_follows(page, sorted(RELS))
    assert order_on_board(page) == worst
    page.get_by_role("button", name="🔃 Reverse").click()
    expect_page_follows(page, sorted(RELS, reverse=True))
    assert order_on_board(page) == worst[::-1]
    before = order_on_board(page)
    page.get_by_role("button", name="🎲 Shuffle").click()
    expect(live(page)).to_contain_text("Shuffled")
    assert order_on_board(page) != before
    wait_for_app(page)
    chosen = order_on_board(page)[2]  # third, wherever the shuffle put it: Top must move it
    card(page, chosen).click()  # selects it for the move buttons
    assert state(page)["selected"] == [chosen]
    for name, where in (("Top", 0), ("Down", 1), ("End", 5), ("Up", 4)):
        page.get_by_role("button", name=name, exact=True).click()
        expect(live(page)).to_contain_text(f"{chosen} to position {where + 1}")
        assert order_on_board(page)[where] == chosen
    page.get_by_role("button", name="Up", exact=True).click()
    page.get_by_role("button", name="Top", exact=True).click()
    page.get_by_role("button", name="Up", exact=True).click()  # at the top: it stays
    expect(live(page)).to_have_text(f"{chosen} stays at position 1.")
    shuffled = order_on_board(page)
    by_label = dict(zip(LABELS, RELS))
    expect_page_follows(page, [by_label[label] for label in shuffled])
    times = page.evaluate(MOVE_TIMES)
    assert len(times) >= 10
    print(f"moves on 6 items: p95 {p95(times):.1f} ms, max {max(times):.1f} ms", sorted(times))
    page.get_by_role("button", name="↩️ Reset to what I typed").click()
    expect(board_ndcg(page)).to_have_text("0.9608")
    expect(page_ndcg(page)).to_have_text("0.9608")
    assert order_on_board(page) == LABELS
    shot("board-playground-after")
    # The keys not walked through above, on the same page now back at the typed list (a page's
    # open is most of a browser test's time).
    wait_for_app(page)
    _every_key_of_a_held_card_and_escape_during_a_drag(page)
    # The board stays put when a move changes no number: on this page too, with 2, 1, 1 typed.
    box = page.get_by_role("textbox", name="Relevances, top of the ranking first")
    box.fill("2, 1, 1")
    box.press("Control+Enter")
    expect_page_follows(page, [2, 1, 1])
    _the_board_stays_put_when_a_move_changes_no_number(page)


def touch(session, kind: str, x: float, y: float) -> None:
    points = [] if kind == "touchEnd" else [{"x": x, "y": y, "id": 1}]
    session.send("Input.dispatchTouchEvent", {"type": kind, "touchPoints": points})


# Resolves once the page's own clock has run `ms` past now: the time a finger rests on a card
# (no event marks that nothing happened meanwhile).
PAGE_CLOCK = """ms => new Promise(done => { const start = performance.now();
  const frame = (now) => now - start >= ms ? done(true) : requestAnimationFrame(frame);
  requestAnimationFrame(frame); })"""

# Sizes a finger and an eye need: every card and button of the board, its grips, its texts.
SIZES = """board => {
  const boxes = (s) => [...board.querySelectorAll(s)].map(e => e.getBoundingClientRect());
  const fonts = (s) => [...board.querySelectorAll(s)].filter(e => e.getClientRects().length)
    .map(e => parseFloat(getComputedStyle(e).fontSize));
  const cut = board.querySelector('.row.cut');
  return {
    cards: boxes('.card').map(b => b.height), buttons: boxes('.tools button').map(b => [b.width, b.height]),
    grips: boxes('.card .grip').map(b => [b.width, b.height]),
    texts: [...fonts('.bar b'), ...fonts('.columns'), ...fonts('.rel'), ...fonts('.pos'),
      ...fonts('.hint'), ...fonts('.total .name'), ...fonts('.tools button'),
      ...(cut ? [parseFloat(getComputedStyle(cut, '::before').fontSize)] : [])],
  };
}"""


@pytest.mark.motion  # cards dragged while the page redraws, as most learners see it
def test_a_grip_lifts_a_card_on_a_phone_and_the_rest_of_the_card_scrolls(phone, app_url, shot):
    """Touch, emulated (CDP Input.dispatchTouchEvent): a finger resting on a card's body does
    not lift it (it would have scrolled the page: headless chromium does not scroll for an
    emulated finger, so only the lift's absence is seen), a tap selects, the grip lifts at
    once when the finger moves and after a rest; targets are 44 px or more, text 13 px."""
    phone.goto(f"{app_url}/playground?rels=3,2,3,0,1,2&k=4")
    wait_for_app(phone)
    expect(board_ndcg(phone)).to_have_text(fixed(ndcg(RELS, 4)))
    settle(phone)
    card(phone, "D4").scroll_into_view_if_needed()
    settle(phone)  # nothing moves under the finger between measuring and touching
    sizes = board(phone).evaluate(SIZES)
    assert min(sizes["cards"]) >= 44, sizes
    assert min(min(size) for size in sizes["buttons"]) >= 44, sizes
    assert min(min(size) for size in sizes["grips"]) >= 44, sizes
    assert min(sizes["texts"]) >= 13, sizes
    session = phone.context.new_cdp_session(phone)
    body = card(phone, "D4").locator(".label").bounding_box()
    x, y = body["x"] + body["width"] / 2, body["y"] + body["height"] / 2
    touch(session, "touchStart", x, y)
    phone.evaluate(PAGE_CLOCK, 600)  # more than twice the grip's press-and-hold time
    assert not state(phone)["lifted"]
    touch(session, "touchEnd", 0, 0)  # a tap: selects D4 for the buttons
    expect(phone.locator(".board .row.selected .label")).to_have_text("D4")
    # The grip, held still: the card lifts (waited for as the page shows it, not for a time).
    grip = card(phone, "D4").locator(".grip").bounding_box()
    target = card(phone, "D1").bounding_box()
    x, y = grip["x"] + grip["width"] / 2, grip["y"] + grip["height"] / 2
    touch(session, "touchStart", x, y)
    expect(phone.locator(".board .row.lifted .label")).to_have_text("D4")
    steps = 10
    for step in range(1, steps + 1):
        touch(session, "touchMove", x, y + (target["y"] + 4 - y) * step / steps)
    values = [RELS[i] for i in move(6, 4, 1)]
    expect(board_ndcg(phone)).to_have_text(fixed(ndcg(values, 4)))  # the preview
    touch(session, "touchEnd", 0, 0)
    expect(live(phone)).to_contain_text("D4 to position 1")
    assert board(phone).evaluate(FOCUSED) == "D4 rel 0, position 1 of 6"
    expect(page_ndcg(phone)).to_have_text(fixed(ndcg(values, 4)))
    expect(phone).to_have_url(re.compile(r"rels=0,3,2,3,1,2"))
    # The grip moved at once (no rest first): the card lifts and follows the finger.
    grip = card(phone, "D2").locator(".grip").bounding_box()
    x, y = grip["x"] + grip["width"] / 2, grip["y"] + grip["height"] / 2
    below = card(phone, "D6").bounding_box()
    touch(session, "touchStart", x, y)
    for step in range(1, steps + 1):
        touch(session, "touchMove", x, y + (below["y"] + below["height"] - 4 - y) * step / steps)
    expect(phone.locator(".board .row.lifted .label")).to_have_text("D2")
    touch(session, "touchEnd", 0, 0)
    expect(live(phone)).to_contain_text("D2 to position 6")
    settle(phone)
    overflow = board(phone).evaluate("b => b.scrollWidth - b.clientWidth")
    assert overflow <= 1, overflow  # nothing wider than the phone
    board(phone).scroll_into_view_if_needed()
    shot("board-phone", of=phone)


def test_a_thousand_items_move_within_a_frame(page, app_url, shot):
    rng = random.Random(5)
    values = [rng.randint(0, 3) for _ in range(1000)]
    # Home: the board beside the formulas, no chart to redraw (the playground's four charts of
    # 1,000 bars keep a loaded machine busy for seconds after each move).
    page.goto(f"{app_url}/?rels={','.join(map(str, values))}")
    wait_for_app(page)
    expect(page.locator(".board .row")).to_have_count(1000)
    expect(board_ndcg(page)).to_have_text(fixed(ndcg(values)))
    settle(page)
    height = board(page).evaluate("b => b.querySelector('.scroller').clientHeight")
    assert height < 900  # the list scrolls inside the board
    # One Tab stop among the 1,000 cards.
    assert board(page).locator('.card[tabindex="0"]').count() == 1
    # The first card to the very end by keyboard, then back by the buttons.
    card(page, "D1").focus()
    page.keyboard.press("Space")
    page.keyboard.press("End")
    expect(live(page)).to_contain_text("D1, position 1000 of 1000")
    page.keyboard.press("Space")
    moved = values[1:] + values[:1]
    expect(live(page)).to_contain_text(f"D1 to position 1000, NDCG {fixed(ndcg(moved))}")
    assert board(page).evaluate(FOCUSED).startswith("D1 rel")
    assert board(page).evaluate(FOCUSED).endswith("position 1000 of 1000")
    expect(page_ndcg(page)).to_have_text(fixed(ndcg(moved)))
    wait_for_app(page)
    for name in ("Top", "End", "Up", "Down", "Top"):
        page.locator(f'.board button[data-act="{name.lower().replace("end", "bottom")}"]').click()
    page.locator('.board button[data-act="ideal"]').click()
    page.locator('.board button[data-act="reverse"]').click()
    expect(board_ndcg(page)).to_have_text(fixed(ndcg(sorted(values))))
    expect(page_ndcg(page)).to_have_text(fixed(ndcg(sorted(values))))
    assert board(page).locator('.card[tabindex="0"]').count() == 1
    times = page.evaluate(MOVE_TIMES)
    print(f"moves on 1000 items: p95 {p95(times):.1f} ms, max {max(times):.1f} ms")
    shot("board-1000")


# How a long list sits on a touch screen: in the page (no box of its own), its totals sticky.
LONG_ON_A_PHONE = """board => {
  const scroller = board.querySelector('.scroller');
  return {
    boxed: scroller.scrollHeight > scroller.clientHeight + 1,
    sticky: getComputedStyle(board.querySelector('.totals')).position,
  };
}"""


def test_a_long_list_on_a_phone_grows_with_the_page(phone, app_url, shot):
    """100 items on a touch screen: no scroll box of its own (which would hold the page's
    scroll over half the screen), the totals stay in sight at the top while it is scrolled."""
    rng = random.Random(8)
    values = [rng.randint(0, 3) for _ in range(100)]
    phone.goto(f"{app_url}/?rels={','.join(map(str, values))}")
    wait_for_app(phone)
    expect(board_ndcg(phone)).to_have_text(fixed(ndcg(values)))
    settle(phone)
    assert board(phone).evaluate(LONG_ON_A_PHONE) == {"boxed": False, "sticky": "sticky"}
    card(phone, "D60").scroll_into_view_if_needed()
    settle(phone)
    totals = board(phone).locator(".totals").bounding_box()
    assert 0 <= totals["y"] <= 844 and totals["height"] > 0, totals
    # Rows brought into view by the page's scroll are drawn (none left stale in view).
    expect(card(phone, "D60")).to_contain_text("position 60 of 100")
    shot("board-phone-100", of=phone)


def test_home_fetches_no_plotly_and_the_grid_only_when_asked(page, app_url):
    """Home draws the board and no plotly chart, so plotly is never fetched, and the data grid
    only once its table is asked for; Home's keyboard order (`_home_by_keyboard`). (Presenter
    view's board on Home and the playground: tests/browser/test_pages.py, `PRESENTED_MORE`.)"""
    scripts: list[str] = []

    def record(request):
        scripts.append(request.url)

    page.on("request", record)
    page.goto(f"{app_url}/?rels=3,2,3,0,1,2")
    wait_for_app(page)
    expect(board_ndcg(page)).to_have_text("0.9608")
    # The plain stand-in of the first run (views/home.py) went once the board was drawn.
    stand_in = page.locator('[class*="_board_standin"]')
    expect(stand_in).to_have_attribute("data-replaced", "")
    expect(stand_in).to_be_hidden()
    settle(page)
    assert not [url for url in scripts if "plotly" in url.lower()], scripts
    assert not [url for url in scripts if "DataFrame" in url], scripts
    assert page.locator(".js-plotly-plot").count() == 0
    # Home's keyboard order, on the page as it opened (Tab moves the focus and nothing else).
    _home_by_keyboard(page)
    page.get_by_text("Show the board as a table").click()
    table = page.get_by_test_id("stDataFrame")
    expect(table).to_be_visible()
    assert [url for url in scripts if "DataFrame" in url]
    page.get_by_text("Show the board as a table").click()  # and off again
    expect(table).to_have_count(0)
    page.remove_listener("request", record)  # the tab is shared with the next tests


# Home's keyboard order: the Tab stops from the page's top to the board's list, and the ring
# each shows (its outline's width).
TAB_STOP = """() => {
  let e = document.activeElement;
  while (e && e.shadowRoot && e.shadowRoot.activeElement) e = e.shadowRoot.activeElement;
  // A tick box or a toggle: its input is hidden, the box beside it shows the focus.
  const drawn = e.closest('[data-testid="stCheckbox"]')
    ? e.closest('label').querySelector(':scope > span + div') : e;
  const style = getComputedStyle(drawn);
  const ring = Math.max(parseFloat(style.outlineWidth) || 0,
    ...[...(style.boxShadow.match(/(\\d+(\\.\\d+)?)px/g) || [])].map(parseFloat).slice(-1));
  return { tag: e.tagName, testid: e.getAttribute('data-testid'), text: (e.textContent || '').trim().slice(0, 40),
    label: e.getAttribute('aria-label'), type: e.type || null, ring };
}"""


def _home_by_keyboard(page) -> None:
    """Home's Tab order (`page` on Home with 3, 2, 3, 0, 1, 2, as opened and still): the main
    region is not a Tab stop of its own, the board's list is one stop after its buttons, and
    every stop shows a ring of 2 px or more (the path's tick boxes too)."""
    assert page.get_by_test_id("stMain").get_attribute("tabindex") == "-1"
    stops = []
    for _ in range(60):
        page.keyboard.press("Tab")
        stops.append(page.evaluate(TAB_STOP))
    assert not [s for s in stops if s["testid"] == "stMain"], stops
    cards = [i for i, s in enumerate(stops) if s["text"].startswith("D1 rel 3")]
    buttons = [i for i, s in enumerate(stops) if s["text"] in ("⭐ Ideal",)]
    assert len(cards) == 1 and len(buttons) == 1 and buttons[0] < cards[0], stops
    assert stops[cards[0] + 1]["text"] != "D2 rel 2, position 2 of 6"  # one stop for the list
    boxes = [s for s in stops if s["type"] == "checkbox"]
    assert boxes, stops
    assert min(s["ring"] for s in stops if s["tag"] != "BODY") >= 2, [
        (s["text"] or s["label"], s["ring"]) for s in stops if s["ring"] < 2
    ]


def _every_key_of_a_held_card_and_escape_during_a_drag(page) -> None:
    """The keys `test_keyboard_mouse_and_buttons_on_the_playground` does not walk through, on
    its page back at 3, 2, 3, 0, 1, 2: ArrowRight and ArrowLeft move a held card too, Home
    takes it to the top, Tab puts it back (and leaves the list); Escape during a mouse drag puts
    the card back where it was."""
    expect(board_ndcg(page)).to_have_text("0.9608")
    card(page, "D3").focus()
    page.keyboard.press("Enter")
    page.keyboard.press("ArrowRight")
    expect(live(page)).to_contain_text("D3, position 4 of 6")
    page.keyboard.press("ArrowLeft")
    page.keyboard.press("ArrowLeft")
    expect(live(page)).to_contain_text("D3, position 2 of 6")
    page.keyboard.press("Home")
    expect(live(page)).to_contain_text("D3, position 1 of 6")
    page.keyboard.press("Tab")  # leaves the list: the card goes back, nothing is sent
    expect(live(page)).to_have_text("D3 put back at position 3, NDCG 0.9608.")
    assert board(page).evaluate(FOCUSED) is None and not state(page)["lifted"]
    page.keyboard.press("Shift+Tab")
    page.keyboard.press("Enter")
    page.keyboard.press("Enter")  # dropped where it was: no move
    expect(live(page)).to_have_text("D3 dropped at position 3, where it was.")
    # A mouse drag, then Escape: the card goes back, and the board is as it was.
    box = card(page, "D5").bounding_box()
    top = card(page, "D1").bounding_box()
    page.mouse.move(box["x"] + 20, box["y"] + box["height"] / 2)
    page.mouse.down()
    page.mouse.move(top["x"] + 20, top["y"] + 4, steps=8)
    expect(board_ndcg(page)).not_to_have_text("0.9608")  # the preview
    page.keyboard.press("Escape")
    expect(live(page)).to_have_text("D5 put back at position 5, NDCG 0.9608.")
    page.mouse.up()
    assert order_on_board(page) == LABELS and not state(page)["lifted"]
    assert "rels=3,2,3,0,1,2" in page.url


def _the_board_stays_put_when_a_move_changes_no_number(page) -> None:
    """The headline cards keep the room of their change line: a move that leaves NDCG as it
    was (two items of equal relevance swapped) does not shift the board, so its buttons stay
    under the pointer between quick clicks. `page`: the playground with 2, 1, 1."""
    expect(page.get_by_text("After each change, the small number under a value")).to_be_visible()
    page.get_by_role("button", name="🔃 Reverse").click()  # 1, 1, 2: NDCG falls
    expect(page.get_by_test_id("stMetricDelta").first).to_be_visible()
    expect_page_follows(page, [1, 1, 2])
    assert order_on_board(page) == ["D3", "D2", "D1"]
    settle(page)
    tools = board(page).locator(".tools")
    heading = page.locator("h1").first

    def top() -> float:
        # Measured from the page's heading: a click may scroll the page to its card, and a
        # scroll is not the board moving.
        return tools.bounding_box()["y"] - heading.bounding_box()["y"]

    before = top()
    deltas = page.get_by_test_id("stMetricDelta").count()
    card(page, "D3").click()
    page.get_by_role("button", name="Down", exact=True).click()  # D3 and D2 swap: 1, 1, 2 still
    expect(live(page)).to_contain_text("D3 to position 2")
    wait_for_app(page)
    settle(page)
    assert order_on_board(page) == ["D2", "D3", "D1"]
    # The list is the same list (plain numbers 1, 1, 2): the page says what it said...
    expect(page.get_by_test_id("stMetricDelta")).to_have_count(deltas)
    assert abs(top() - before) <= 1  # ...and nothing moved


# ---------------------------------------------------------------------------------------------
# The read-only board of a lesson's reveal (a page of boards only: no app page draws one alone)
# ---------------------------------------------------------------------------------------------

BOARDS_APP = Path(__file__).resolve().parent / "board_app"


@pytest.fixture(scope="module")
def boards_url():
    """tests/browser/board_app: the read-only board above a moving board of the same list."""
    process, url = start_app(root=BOARDS_APP)
    try:
        yield url
    finally:
        stop_app(process)


def reveal(page):
    return page.locator(".board.readonly")


# What each row of a board says, read from the page: its texts, and the gap bar's share of its
# track (what the position lost, drawn).
ROWS = """board => [...board.querySelectorAll('.row')].map(row => {
  const track = row.querySelector('.ours .track').getBoundingClientRect();
  const gap = row.querySelector('.ours u').getBoundingClientRect();
  const text = (s) => { const e = row.querySelector(s); return e ? e.textContent : null; };
  return {
    said: row.textContent, label: text('.label'), earns: text('.ours b .v'),
    ideal: text('.ideal b .v'), lost: text('.lost .v'), gapShare: gap.width / track.width,
    past: row.classList.contains('past'),
  };
})"""


def test_a_read_only_board_shows_the_order_against_the_ideal_and_nothing_moves(
    page, boards_url, shot
):
    rels = [2, 3, 3, 0, 1, 2]
    page.goto(f"{boards_url}/?rels={','.join(map(str, rels))}&k=4&caption=After+your+move")
    wait_for_app(page)
    board = reveal(page)
    ranked = RankedList(tuple(rels), scoring=Scoring(k=4))
    terms = dcg_terms(ranked)
    result = totals(ranked)
    expect(board.locator('[data-value="ndcg"]')).to_have_text(fixed(result.ndcg))
    expect(board.locator(".caption")).to_have_text("After your move")
    settle(page)
    # No buttons, no hint, and no Tab stop at all: its items are text, not buttons.
    expect(board.locator(".tools")).to_be_hidden()
    expect(board.locator(".hint")).to_be_hidden()
    assert board.locator("button, [tabindex], [role=button]").count() == 0
    expect(board.get_by_role("listitem")).to_have_count(6)
    # Each position: what it earns, what the ideal earns there, and what it lost, numbers and bars.
    rows = board.evaluate(ROWS)
    earned = [g * w for g, w in zip(terms.gains, terms.weights)]
    scale = max(max(terms.gains) * max(terms.weights), terms.ideal_contributions[0])
    for p, row in enumerate(rows):
        lost = terms.ideal_contributions[p] - earned[p]
        assert row["label"] == f"D{p + 1}"
        assert (row["earns"], row["ideal"]) == (
            fixed(earned[p]),
            fixed(terms.ideal_contributions[p]),
        )
        assert row["lost"] == fixed(lost), p
        assert math.isclose(row["gapShare"], max(lost, 0) / scale, abs_tol=0.02), (p, row)
        assert row["past"] == (p >= 4)
        # A screen reader hears each number named, position first.
        assert row["said"].startswith(f"Position {p + 1}D{p + 1} rel {rels[p]}, gain "), row
        assert f", lost here {fixed(lost)}" in row["said"]
    expect(board.locator(".lostall")).to_have_text(
        f"Lost in all: {fixed(result.idcg - result.dcg)}, the ideal's IDCG@4 less your DCG@4."
    )
    # A drag or a key on it moves nothing.
    box = board.locator(".card").nth(3).bounding_box()
    page.mouse.move(box["x"] + 10, box["y"] + box["height"] / 2)
    page.mouse.down()
    page.mouse.move(box["x"] + 10, box["y"] - 120, steps=8)
    page.mouse.up()
    assert [row["label"] for row in board.evaluate(ROWS)] == [f"D{p + 1}" for p in range(6)]
    expect(board.locator('[data-value="ndcg"]')).to_have_text(fixed(result.ndcg))
    # The moving board below it is the ordinary one: its cards are one Tab stop.
    assert page.locator('.board:not(.readonly) .card[tabindex="0"]').count() == 1
    # axe: both boards, k below n (greyed rows past k), every rule.
    assert axe_scan(page)["found"] == []
    board.scroll_into_view_if_needed()
    shot("board-read-only")
    page.set_viewport_size({"width": 390, "height": 844})
    settle(page, longest=RESIZED)
    overflow = board.evaluate("b => b.scrollWidth - b.clientWidth")
    assert overflow <= 1, overflow
    shot("board-read-only-phone", resized=True)


def test_a_question_asked_on_the_board_stays_on_its_list_while_moves_are_tried(page, boards_url):
    """`list_editor.as_typed`: what a question on the board asks about is the list as typed,
    whatever the learner tries on the board; "Reset to what I typed" brings the board back to
    it, and typing another list asks about that one."""
    page.goto(f"{boards_url}/?page=question&rels=3,2,3,0,1,2")
    wait_for_app(page)
    asked = page.get_by_text("The question asks about")
    expect(asked).to_contain_text("3, 2, 3, 0, 1, 2")
    card(page, "D1").focus()
    for key in ("Space", "ArrowDown", "ArrowDown", "Space"):
        page.keyboard.press(key)
    expect_page_follows(page, [2, 3, 3, 0, 1, 2], box="Relevances, in ranked order")
    expect(asked).to_contain_text("3, 2, 3, 0, 1, 2")
    page.locator('.board button[data-act="worst"]').click()
    expect_page_follows(page, sorted(RELS), box="Relevances, in ranked order")
    expect(asked).to_contain_text("3, 2, 3, 0, 1, 2")
    page.get_by_role("button", name="↩️ Reset to what I typed").click()
    expect_page_follows(page, RELS, box="Relevances, in ranked order")
    assert order_on_board(page) == LABELS
    box = page.get_by_role("textbox", name="Relevances, in ranked order")
    box.fill("1, 0, 2")
    box.press("Control+Enter")
    expect(asked).to_contain_text("1, 0, 2")
