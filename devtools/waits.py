"""Waiting in the browser tests on what the page shows, never for a fixed time.

A loaded 2-core machine can take ten times longer than an idle one to run a script, fetch a
bundle or draw a chart, and no fixed pause is right for both. So every wait here is for a
condition: Streamlit's own run state on the app's root element, its running indicator, its
placeholders and faded (stale) elements, the page's fonts, images and animations, and no change
to the page over a few frames in a row. (The app has no iframes: its components are mounted in
the page itself, Streamlit's Components v2.) Timeouts only bound how long a broken page is
waited for; a page that is fine returns as soon as it is drawn.

Every browser context a test opens gets WATCH (`open_context`; the `page` fixture's context too):
it records what `settle` cannot read from the page itself — timers about to fire, changes to
the document, the last message to and from the server.
"""

from __future__ import annotations

import itertools
import re
import time
from collections.abc import Callable
from typing import TypeVar

# How long a loaded machine may take to draw a page or answer a change, in ms: a bound for
# failing, not a pause.
LOADED = 120_000

# Run before each document's own scripts.
# - Timers of up to a second (the app's script marks the page 120 ms after a change; React's
#   transitions, Plotly's and the data grid's redraws) are the page about to change: they are
#   kept, with their delay, from when they are set until they fire or are cleared.
# - Any change to the document (nodes, attributes, text) marks the page as not yet still.
# - The websocket: a message sent to the server that nothing has answered yet is a run that may
#   not have started (Streamlit shows a widget's run only once the server answers).
WATCH = """(() => {
  if (window.__ndcgWatch) return;
  const watch = (window.__ndcgWatch = {
    timers: new Map(), changed: true, sent: 0, answered: 0, tick: 0, token: null, still: 0,
  });
  const setTimer = window.setTimeout, clearTimer = window.clearTimeout;
  window.setTimeout = function (callback, delay, ...rest) {
    if (typeof callback !== "function" || Number(delay) > 1000) {
      return setTimer.call(window, callback, delay, ...rest);
    }
    const id = setTimer.call(window, function (...args) {
      watch.timers.delete(id);
      return callback.apply(this, args);
    }, delay, ...rest);
    watch.timers.set(id, Number(delay) || 0);
    return id;
  };
  window.clearTimeout = function (id) {
    watch.timers.delete(id);
    return clearTimer.call(window, id);
  };
  new MutationObserver(() => { watch.changed = true; }).observe(document, {
    subtree: true, childList: true, attributes: true, characterData: true,
  });
  const send = WebSocket.prototype.send;
  WebSocket.prototype.send = function (data) {
    watch.sent = ++watch.tick;
    return send.call(this, data);
  };
  window.WebSocket = new Proxy(WebSocket, {
    construct(target, args) {
      const socket = Reflect.construct(target, args);
      socket.addEventListener("message", () => { watch.answered = ++watch.tick; });
      return socket;
    },
  });
})();"""

# True once the page has been still for three looks in a row (`STILL_EVERY`): no run in progress
# or asked for, nothing Streamlit draws as pending (running indicator, placeholder, stale
# element), fonts and images loaded, no animation running and no short timer pending (of up to
# `longest` ms). `token` starts a fresh count for each wait.
STILL = """([token, longest]) => {
  const watch = window.__ndcgWatch;
  if (!watch) throw new Error("this page's context was not opened with waits.open_context");
  if (watch.token !== token) {
    watch.token = token;
    watch.still = 0;
  }
  const app = document.querySelector('[data-testid="stApp"]');
  let busy = !app
    || app.dataset.testScriptState !== "notRunning"
    || app.dataset.testConnectionState !== "CONNECTED"
    || watch.sent > watch.answered
    || !!document.querySelector(
      '[data-testid="stStatusWidget"], [data-testid="stSkeleton"], [data-stale="true"]')
    || document.fonts.status !== "loaded"
    || [...document.images].some((image) => !image.complete);
  if (watch.changed || [...watch.timers.values()].some((delay) => delay <= longest)) busy = true;
  watch.changed = false;
  if (document.getAnimations().some((animation) => animation.playState === "running")) busy = true;
  watch.still = busy ? 0 : watch.still + 1;
  return watch.still >= 3;
}"""

# The run asked for has finished: Streamlit's root says so, the server has answered the last
# message sent to it, and the running indicator is gone.
RUN_DONE = """() => {
  const app = document.querySelector('[data-testid="stApp"]');
  const watch = window.__ndcgWatch;
  return !!app && app.dataset.testScriptState === "notRunning"
    && (!watch || watch.sent <= watch.answered)
    && !document.querySelector('[data-testid="stStatusWidget"]');
}"""

_tokens = itertools.count()

# How often, in ms, `settle` and `wait_for_app` look at the page. Not every frame: the look is
# itself work for the page's main thread (document.getAnimations() walks the whole page), and on
# a large page looked at 60 times a second it was 5-7 % of the page's open (a CPU profile of
# /glossary's open: 0.9 of 14 s). Nothing is missed between two looks: WATCH records every
# change to the document and every short timer as it happens, and STILL asks for three looks in
# a row with none (at least 100 ms of stillness).
STILL_EVERY = 50


def watched(context):
    """`context` with WATCH in all its pages, and LOADED as its bound for actions and loads."""
    context.add_init_script(WATCH)
    context.set_default_timeout(LOADED)
    context.set_default_navigation_timeout(LOADED)
    return context


def open_context(browser, **options):
    """A new browser context, watched (use it instead of browser.new_context)."""
    return watched(browser.new_context(**options))


def wait_for_app(page, timeout: float = LOADED) -> None:
    """Wait until Streamlit has finished its run: after opening a page, or after a change once
    the page shows that change (a run that has not started yet cannot be seen finished)."""
    page.wait_for_function(RUN_DONE, polling=STILL_EVERY, timeout=timeout)


# Longer than any timer a resized page sets to change itself (100-500 ms: React's, Streamlit's,
# the app's script), shorter than the one React Aria (in Streamlit's bundle) sets 150 ms after
# every resize of the view: 600 ms, to tell a phone's on-screen keyboard from a resize. That
# one changes nothing on the page (none did in test_pages' 20 visits, 69 of them fired), and
# waiting it out was 0.6 s of each resize (bench/README.md, "test_pages in fewer layouts").
RESIZED = 550


def settle(page, timeout: float = LOADED, drawn: str = "h1", longest: float = 1000) -> None:
    """Wait until the page has drawn everything and is still: see STILL. Before reading what is
    laid out (sizes, cut text, focus) or taking a screenshot. `drawn`: an element the page has
    once it has begun to draw (a page without a heading, such as the classroom's audience
    screen, names another). `longest`: the longest timer (ms) that counts as the page about to
    change (`RESIZED` after a resize)."""
    page.wait_for_selector(drawn, timeout=timeout)
    page.wait_for_function(
        STILL, arg=[next(_tokens), longest], polling=STILL_EVERY, timeout=timeout
    )


# Where the press of a click was let go, recorded from the capture phase for `press`: true when
# on `element` (or inside it). Only trusted events: React Aria's own fallback click is not one.
# The event's composed path, not its target: seen from the window, a press inside a component's
# shadow root (the board's buttons) targets the component's host, which holds the button but is
# not inside it.
PRESS_WATCH = """(element) => {
  const landed = (window.__ndcgPress = { element, up: null });
  window.addEventListener("pointerup", (event) => {
    if (window.__ndcgPress !== landed || !event.isTrusted || landed.up !== null) return;
    landed.up = element.isConnected && event.composedPath()
      .some((node) => node instanceof Node && element.contains(node));
    const at = document.elementFromPoint(event.clientX, event.clientY);
    landed.upOn = at ? at.outerHTML.slice(0, 160) : null;
  }, { capture: true });
}"""


def press(target) -> None:
    """Click `target` (a control on the page, not a link away from it) as a learner does: in
    view and the page still first, then the click; the click must land whole on it.

    Playwright scrolls a target into view and presses at once, before the page has answered
    the scroll (its scroll events, the readout that steps in as the board leaves the view, the
    hover under the pointer), and it checks only where the press goes down, not where it is let
    go. A Streamlit radio (React Aria) takes a label's click only as a whole press: one let go
    elsewhere (the page moved under the pointer) is dropped without an error, and a test then
    waits its whole bound for a change that cannot come. So the scroll is settled first, and a
    press let go off the target fails here at once, naming what was under the pointer."""
    target.scroll_into_view_if_needed()
    settle(target.page)
    target.evaluate(PRESS_WATCH)
    target.click()
    landed = target.page.evaluate(
        "() => ({ up: window.__ndcgPress.up, on: window.__ndcgPress.upOn })"
    )
    if landed["up"] is False:
        raise AssertionError(
            f"the click on {target} was let go off it (on {landed['on']}): the page moved "
            "under the pointer while it was pressed, after it had been still"
        )


def choose(box, option: str | re.Pattern) -> None:
    """Open the select `box` and pick `option`, as a learner does (`press`). A click that must
    scroll a container first (the sidebar, on a short screen) presses before the container's
    scroll event arrives, and a Streamlit select closes its list on that scroll: the list
    opened and shut unseen."""
    press(box)
    box.page.get_by_role("option", name=option).click()


T = TypeVar("T")


def poll(
    read: Callable[[], T], until: Callable[[T], bool], timeout: float, every: float = 0.05
) -> T:
    """`read()` until `until` holds for its value or `timeout` seconds have passed; the last value.

    For what only the server side shows (a log file, a process's state): `every` is how often
    to look, not a wait for anything."""
    deadline = time.monotonic() + timeout
    while True:
        value = read()
        if until(value) or time.monotonic() >= deadline:
            return value
        time.sleep(every)
