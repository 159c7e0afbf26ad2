// The ranking board (ui/board/__init__.py mounts it with Streamlit's Components v2): the ranked
// list drawn as the chart of what each position earns, reordered in the page itself.
//
// No formula lives here. The server sends what the list's conventions give (each item's gain,
// each position's weight: its discount, 0 past k; the ideal's contribution at each position; the
// IDCG, which no order changes; the NDCG of a list whose IDCG is 0) and the one number format.
// This script only arranges the items and multiplies, adds and divides by IDCG, so a move
// answers within one frame; the new order then goes to the server, and the rest of the page
// follows on its rerun.
//
// The arithmetic and the number format are pure functions, exported so a test can run them
// against the core (tests/browser/test_board.py).

// ------------------------------------------------------------------ the number format
// `ndcg_core.display.fixed`: DIGITS decimals, trailing zeros kept, a real minus sign, a dash
// for no value. Python rounds an exact tie half to even where `toFixed` rounds it up, and
// `toFixed` writes numbers from 1e21 on in exponent form: those are written from the double's
// exact value instead.
const exactFixed = (magnitude, digits) => {
  const view = new DataView(new ArrayBuffer(8));
  view.setFloat64(0, magnitude);
  const high = view.getUint32(0);
  const biased = (high >>> 20) & 0x7ff;
  let mantissa = (BigInt(high & 0xfffff) << 32n) | BigInt(view.getUint32(4));
  let exponent = -1074;
  if (biased !== 0) {
    mantissa |= 1n << 52n;
    exponent = biased - 1075;
  }
  const scaled = mantissa * 10n ** BigInt(digits);
  let whole;
  if (exponent >= 0) {
    whole = scaled << BigInt(exponent);
  } else {
    const shift = BigInt(-exponent);
    whole = scaled >> shift;
    const rest = scaled - (whole << shift);
    const half = 1n << (shift - 1n);
    if (rest > half || (rest === half && (whole & 1n) === 1n)) whole += 1n;
  }
  const text = whole.toString().padStart(digits + 1, "0");
  return digits ? `${text.slice(0, -digits)}.${text.slice(-digits)}` : text;
};

export function fixed(value, digits, minus, decimal = ".") {
  if (value === null || value === undefined) return "—";
  const number = Number(value);
  if (Number.isNaN(number)) return "—";
  if (!Number.isFinite(number)) return number > 0 ? "∞" : `${minus}∞`;
  const magnitude = Math.abs(number);
  let text;
  if (magnitude < 1e11) {
    text = magnitude.toFixed(digits);
    const scaled = magnitude * 10 ** digits;
    if (scaled - Math.floor(scaled) === 0.5) text = exactFixed(magnitude, digits); // a tie?
  } else {
    text = exactFixed(magnitude, digits);
  }
  if (decimal !== ".") text = text.replace(".", decimal); // the language's mark (display.py)
  return number < 0 && /[1-9]/.test(text) ? minus + text : text;
}

/** A text the server sent (`texts` in ui/board/__init__.py, in the page's language) with its
 * `{name}` fields filled in from `values`. */
export function fill(template, values = {}) {
  return String(template).replace(/\{(\w+)\}/g, (whole, name) => (name in values ? String(values[name]) : whole));
}
/** A template's text before and after its one `{field}` (a label around a number). */
const around = (template) => {
  const [before, after = ""] = String(template).split(/\{\w+\}/);
  return [before, after];
};
const escapeHtml = (text) =>
  String(text).replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]);

// ------------------------------------------------------------------ the arithmetic
// `order[p]` is the index of the item at position p + 1 (as in ndcg_core.permutations).

/** DCG of `order`, each position's contribution written into `into` (gain × weight). */
export function score(gains, weights, order, into) {
  let total = 0;
  for (let p = 0; p < order.length; p += 1) {
    const earned = gains[order[p]] * weights[p];
    if (into) into[p] = earned;
    total += earned;
  }
  return total;
}

/** NDCG from DCG and the IDCG the server sent; `onZero` (null: NaN) when IDCG is 0. */
export function ndcgOf(dcg, idcg, onZero) {
  if (idcg > 0) return dcg / idcg;
  return onZero === null || onZero === undefined ? NaN : onZero;
}

// Reorderings, as permutations of positions (ndcg_core.permutations): stable sorts by relevance.
export function idealOrder(values) {
  return values.map((_, i) => i).sort((a, b) => values[b] - values[a] || a - b);
}
export function worstOrder(values) {
  return values.map((_, i) => i).sort((a, b) => values[a] - values[b] || a - b);
}
export function reverseOrder(n) {
  return Array.from({ length: n }, (_, i) => n - 1 - i);
}
/** A random order; for two or more items never the current one. */
export function shuffledOrder(n, random = Math.random) {
  const order = Array.from({ length: n }, (_, i) => i);
  if (n < 2) return order;
  while (order.every((item, i) => item === i)) {
    for (let i = n - 1; i > 0; i -= 1) {
      const j = Math.floor(random() * (i + 1));
      [order[i], order[j]] = [order[j], order[i]];
    }
  }
  return order;
}
/** The item at `source` taken out and put at `target` (0-based); the others close the gap. */
export function moved(n, source, target) {
  const order = Array.from({ length: n }, (_, i) => i);
  const [item] = order.splice(source, 1);
  order.splice(target, 0, item);
  return order;
}
/** `order` rearranged by a permutation of its positions. */
export function compose(order, permutation) {
  return permutation.map((p) => order[p]);
}

// ------------------------------------------------------------------ timing
// Each move (keyboard, button, drop), each keyboard pick-up and each drag preview is a
// performance measure ("board-move", "board-preview", "board-pickup") from its input event to
// the first animation frame after the board changed: free when nothing observes them, and read
// by bench/bench_board.py with a PerformanceObserver.
const measure = (kind, start, end) => {
  try {
    performance.measure(`board-${kind}`, { start, end });
  } catch (error) {
    // a browser without measure options: the board works the same, untimed
  }
};

// ------------------------------------------------------------------ the page around the boards
// Marks on the page's root element, for ui/assets/app.js and app.css: `data-board-moved` while
// a board shows a move the server has not answered yet (the rest of the page still shows the
// order before it), `data-board-total-in-view` while a board's own NDCG is on screen (a
// readout elsewhere on the page that repeats it can step aside). Boards that keep their moves
// to themselves, or show a reveal, mark nothing.
const marks = { moved: new Set(), inView: new Set() };
const markPage = () => {
  const html = document.documentElement;
  for (const [name, set] of [
    ["data-board-moved", marks.moved],
    ["data-board-total-in-view", marks.inView],
  ]) {
    if (html.hasAttribute(name) !== set.size > 0) html.toggleAttribute(name, set.size > 0);
  }
};

// ------------------------------------------------------------------ the board
const boards = new WeakMap();
// Work for when the browser is idle (a timer where requestIdleCallback is missing: Safari).
const whenIdle = (work) =>
  window.requestIdleCallback
    ? window.requestIdleCallback(work, { timeout: 300 })
    : setTimeout(() => work({ timeRemaining: () => 8 }), 16);
const cancelIdle = (handle) =>
  window.cancelIdleCallback ? window.cancelIdleCallback(handle) : clearTimeout(handle);
const LONG_PRESS_MS = 250; // a finger held this long on a card's grip lifts the card
const DRAG_THRESHOLD = 4; // pixels a mouse, or a finger on a grip, moves before a drag starts
const TOUCH_SLOP = 10; // pixels a finger may wander and still tap
// The new order goes to the server once moves pause this long: a burst of moves (a button
// clicked five times, a card walked down by its arrow keys and dropped, then moved again) costs
// one rerun, and the page's redraw that follows it does not land between the moves of the burst.
const COMMIT_IDLE_MS = 250;
// A screen whose main pointer is a finger: a long list grows with the page instead of scrolling
// in a box of its own (a box half the screen tall holds the page's scroll), and only a card's
// grip lifts it (the rest of the card scrolls the page).
const COARSE = "(pointer: coarse)";

function createBoard(parent) {
  const root = parent.querySelector(".board");
  const $ = (selector) => root.querySelector(selector);
  const list = $(".list");
  const scroller = $(".scroller");
  const tools = $(".tools");
  const live = $(".live");
  const values = {
    ndcg: $('[data-value="ndcg"]'),
    dcg: $('[data-value="dcg"]'),
    idcg: $('[data-value="idcg"]'),
  };
  const b = {
    data: null,
    n: 0,
    order: [], // the order on screen
    committed: [], // the order the server has been told of
    contributions: new Float64Array(0),
    rows: [],
    selected: null, // the selected item's index
    tabStop: 0, // the position whose card is the list's one Tab stop
    lift: null, // a card picked up: { item, base (order before), how, at, was }
    mount: Math.random().toString(36).slice(2),
    seq: 0, // moves sent to the server
    acked: 0, // the latest of them the server has answered
    setStateValue: null,
    unsent: false, // a move on screen that the server has not been sent yet
    focusing: false,
    pointer: null,
    frame: 0,
    readOnly: null, // whether the rows are drawn read-only (null: no rows yet)
    boxed: false, // a long list scrolling in a box of its own
  };

  const format = (value) => fixed(value, b.data.digits, b.data.minus, b.data.decimal);
  const say = (name, values) => fill(b.data.text[name], values);

  // -------------------------------------------------------------- rows
  // Each number in a row is named for a screen reader (the column heads are for the eye only).
  // A board's cards are buttons that move, with a grip; a read-only board's are plain text in a
  // list item. Cards are one Tab stop together (see "keyboard").
  // A number cell: its words for a screen reader around the number shown (the texts' `{value}`).
  const numberCell = (text) => {
    const [before, after] = around(text).map(escapeHtml);
    return `<span class="sr">${before}</span><span class="v"></span>${after ? `<span class="sr">${after}</span>` : ""}`;
  };
  const makeRow = (readOnly, t) => {
    const row = document.createElement("div");
    row.className = "row";
    row.setAttribute("role", "listitem");
    const card = readOnly
      ? '<span class="card">'
      : `<span class="card" tabindex="-1" role="button" aria-roledescription="${escapeHtml(t.movable)}" aria-describedby="board-keys">` +
        '<span class="grip" aria-hidden="true"></span>';
    row.innerHTML =
      `<span class="pos"${readOnly ? "" : ' aria-hidden="true"'}>${numberCell(t.position)}</span>` +
      card +
      '<span class="label"></span> <span class="rel"></span><span class="where sr"></span></span>' +
      `<span class="num gain">${numberCell(t.gain)}</span>` +
      `<span class="num disc">${numberCell(t.discount)}</span>` +
      '<span class="bars"><span class="bar ours"><span class="track"><i></i><u></u></span>' +
      `<b>${numberCell(t.ours)}</b></span>` +
      '<span class="bar ideal"><span class="track"><i></i></span>' +
      `<b>${numberCell(t.ideal)}</b></span></span>` +
      (readOnly ? `<span class="num lost">${numberCell(t.lost)}</span>` : "");
    const at = (selector) => row.querySelector(selector);
    return {
      row,
      pos: at(".pos .v"),
      card: at(".card"),
      label: at(".label"),
      rel: at(".rel"),
      where: at(".where"),
      gain: at(".gain .v"),
      disc: at(".disc .v"),
      oursBar: at(".ours i"),
      oursGap: at(".ours u"),
      oursText: at(".ours b .v"),
      idealBar: at(".ideal i"),
      idealText: at(".ideal b .v"),
      lost: readOnly ? at(".lost .v") : null,
      shown: {}, // what each cell shows, so a repaint touches only what changed
    };
  };

  const put = (cells, name, value, write) => {
    if (cells.shown[name] === value) return;
    cells.shown[name] = value;
    write(value);
  };

  // One position's row: the item there and its numbers. Writes only what differs.
  const paintRow = (p) => {
    const d = b.data;
    const cells = b.rows[p];
    const item = b.order[p];
    const label = d.labels[item];
    const rel = d.relevanceTexts[item];
    put(cells, "label", label, (v) => (cells.label.textContent = v));
    put(cells, "rel", rel, (v) => (cells.rel.textContent = `rel ${v}`));
    // A card's name is what it shows and, for a screen reader, where it is: "D3 rel 3,
    // position 2 of 6" (the position is in the row beside it for the eye). A read-only row
    // names its position first, as the eye reads it.
    if (!d.readOnly) {
      put(cells, "where", say("where", { place: p + 1, n: b.n }), (v) => (cells.where.textContent = v));
    }
    put(cells, "gain", format(d.gains[item]), (v) => (cells.gain.textContent = v));
    const earned = b.contributions[p];
    put(cells, "ours", format(earned), (v) => (cells.oursText.textContent = v));
    put(cells, "oursWidth", b.scale > 0 ? earned / b.scale : 0, (v) => {
      cells.oursBar.style.transform = `scaleX(${v})`;
    });
    if (d.readOnly) {
      // What this position lost: the ideal's bar beyond yours, drawn as an outlined gap and
      // written out (a minus: your order earns more here than the ideal does at this place).
      const lost = d.ideal[p] - earned;
      put(cells, "lost", format(lost), (v) => (cells.lost.textContent = v));
      put(cells, "gap", b.scale > 0 && lost > 0 ? `${earned / b.scale} ${lost / b.scale}` : "", (v) => {
        const [left, width] = v ? v.split(" ").map(Number) : [0, 0];
        cells.oursGap.style.visibility = v ? "visible" : "hidden"; // no gap: not even its border
        cells.oursGap.style.left = `${100 * left}%`;
        cells.oursGap.style.width = `${100 * width}%`;
      });
      return;
    }
    put(cells, "selected", item === b.selected, (v) => cells.row.classList.toggle("selected", v));
    put(cells, "lifted", !!b.lift && item === b.lift.item, (v) => {
      cells.row.classList.toggle("lifted", v);
      if (v) cells.card.setAttribute("aria-pressed", "true");
      else cells.card.removeAttribute("aria-pressed");
    });
  };

  // What does not move with the items: position, discount, the ideal's bar, the cut-off, and
  // whether its card is the list's Tab stop.
  const paintPosition = (p) => {
    const d = b.data;
    const cells = b.rows[p];
    const past = d.k !== null && p >= d.k;
    put(cells, "pos", String(p + 1), (v) => (cells.pos.textContent = v));
    put(cells, "disc", format(d.discounts[p]), (v) => (cells.disc.textContent = v));
    put(cells, "past", past, (v) => cells.row.classList.toggle("past", v));
    put(cells, "cut", d.k !== null && p === d.k && p > 0, (v) => cells.row.classList.toggle("cut", v));
    put(cells, "ideal", format(d.ideal[p]), (v) => (cells.idealText.textContent = v));
    put(cells, "idealWidth", b.scale > 0 ? d.ideal[p] / b.scale : 0, (v) => {
      cells.idealBar.style.transform = `scaleX(${v})`;
    });
    if (!d.readOnly) {
      put(cells, "tab", p === b.tabStop ? "0" : "-1", (v) => cells.card.setAttribute("tabindex", v));
    }
  };

  const paintTotals = () => {
    const d = b.data;
    b.dcg = score(d.gains, d.weights, b.order, b.contributions);
    b.ndcg = ndcgOf(b.dcg, d.idcg, d.onZero);
    values.ndcg.textContent = format(b.ndcg);
    values.dcg.textContent = format(b.dcg);
    values.idcg.textContent = format(d.idcg);
    if (d.readOnly) {
      const all = $(".lostall");
      all.hidden = !(d.idcg > 0);
      all.textContent = say("lostAll", { lost: format(d.idcg - b.dcg), idcg: d.names.idcg, dcg: d.names.dcg });
    }
  };

  // The position at `y` pixels below the list's top: the last row whose top is above it (rows
  // may differ in height when a long label wraps), found by halving.
  const positionAtOffset = (y) => {
    let low = 0;
    let high = b.n - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if (b.rows[middle].row.offsetTop - b.rows[0].row.offsetTop <= y) low = middle;
      else high = middle - 1;
    }
    return low;
  };

  // -------------------------------------------------------------- rows out of view
  // A long list shows about a dozen rows at once (in its own scroll box, or on a touch screen
  // in the page). A move redraws the rows in view (and a screen's worth either side) in its own
  // frame; any other row whose item changed is marked stale and redrawn when the browser is
  // idle, or at once if it scrolls into view (a scroll event comes before the frame that shows
  // it) or takes the focus. So a move that changes every position of 1,000 costs what a move of
  // 40 rows costs, and the whole list is right again a few frames later, for a screen reader's
  // browse mode too.
  const stale = { flags: new Uint8Array(0), count: 0, idle: 0 };
  const NEAR = 12; // rows either side of those in view that are drawn at once

  const paintFresh = (p) => {
    if (stale.flags[p]) {
      stale.flags[p] = 0;
      stale.count -= 1;
      paintPosition(p);
    }
    paintRow(p);
  };

  // The positions on screen (inside the board's scroll box, if it has one), and NEAR more
  // either side.
  const inView = () => {
    if (b.n <= 3 * NEAR) return [0, b.n - 1];
    let top = 0;
    let bottom = window.innerHeight;
    if (b.boxed) {
      const box = scroller.getBoundingClientRect();
      top = Math.max(top, box.top);
      bottom = Math.min(bottom, box.bottom);
    }
    const start = list.getBoundingClientRect().top;
    const first = positionAtOffset(Math.max(0, top - start));
    const last = positionAtOffset(Math.max(0, bottom - start));
    return [Math.max(0, first - NEAR), Math.min(b.n - 1, last + NEAR)];
  };

  const paintLater = (p) => {
    if (!stale.flags[p]) {
      stale.flags[p] = 1;
      stale.count += 1;
    }
    if (!stale.idle) stale.idle = whenIdle(paintStale);
  };

  // Stale rows, a batch at a time while the browser has nothing else to do.
  const paintStale = (deadline) => {
    stale.idle = 0;
    let p = 0;
    while (stale.count > 0 && p < b.n) {
      if (stale.flags[p]) paintFresh(p);
      p += 1;
      if (p % 50 === 0 && deadline.timeRemaining() < 2) break;
    }
    if (stale.count > 0) stale.idle = whenIdle(paintStale);
  };

  // Any scroll (the board's box, or the page around it) may bring stale rows into view.
  const onScroll = () => {
    if (!stale.count) return;
    const [first, last] = inView();
    for (let p = first; p <= last; p += 1) if (stale.flags[p]) paintFresh(p);
  };

  // -------------------------------------------------------------- a move
  // Redraw for a new order: the totals, then only the rows whose item changed, those out of
  // view when the browser is idle.
  const show = (order, event) => {
    const start = event && event.timeStamp ? event.timeStamp : performance.now();
    const before = b.order;
    const [first, last] = inView(); // read before anything is written: no forced layout
    b.order = order;
    paintTotals();
    // A position's weight never changes, so a row changes only when its item does.
    for (let p = 0; p < b.n; p += 1) {
      if (before[p] === order[p]) continue;
      if (p >= first && p <= last) paintFresh(p);
      else paintLater(p);
    }
    return start;
  };

  // Measured at the first frame after the change; whatever comes after the move (telling the
  // server) waits until that frame is painted.
  const timed = (start, kind, then) => {
    requestAnimationFrame(() => {
      if (then) setTimeout(then, 0);
      measure(kind, start, performance.now());
    });
  };

  const positionOf = (item) => b.order.indexOf(item);

  // The latest words only: a fresh text node each time, so the same words twice are read twice.
  const announce = (text) => {
    live.textContent = "";
    live.append(document.createTextNode(text));
  };

  // -------------------------------------------------------------- the page around it
  // Whether the page still shows an older order than the board: from a move until the server
  // has answered the last one sent.
  const markMoved = () => {
    const moved = !!b.data && b.data.report && (b.unsent || !!b.commitTimer || b.acked < b.seq);
    if (marks.moved.has(b) !== moved) {
      if (moved) marks.moved.add(b);
      else marks.moved.delete(b);
      markPage();
    }
  };
  const totalsSeen = new IntersectionObserver((entries) => {
    const seen = entries[entries.length - 1].isIntersecting && !!b.data && b.data.report;
    if (seen) marks.inView.add(b);
    else marks.inView.delete(b);
    markPage();
  });
  totalsSeen.observe($(".totals"));

  // -------------------------------------------------------------- focus
  // The focused element: the shadow root's own when the board's styles are isolated.
  const active = () => (parent.activeElement !== undefined ? parent.activeElement : document.activeElement);

  // The list is one Tab stop (a roving tabindex): the card last focused, or the selected one.
  const setTabStop = (p) => {
    if (p === b.tabStop || !b.rows[p]) return;
    const old = b.rows[b.tabStop];
    b.tabStop = p;
    if (old) put(old, "tab", "-1", (v) => old.card.setAttribute("tabindex", v));
    const cells = b.rows[p];
    put(cells, "tab", "0", (v) => cells.card.setAttribute("tabindex", v));
  };

  // `scroll`: bring the card into view too (not when a rerun gives the focus back: the learner
  // may have scrolled away meanwhile).
  const focusCard = (p, scroll = true) => {
    const cells = b.rows[p];
    if (!cells || b.readOnly) return;
    paintFresh(p); // a stale row is drawn before it takes the focus
    setTabStop(p);
    if (active() !== cells.card) {
      b.focusing = true;
      cells.card.focus({ preventScroll: true });
      b.focusing = false;
    }
    if (!scroll) return;
    const row = cells.row;
    if (b.boxed) {
      const top = row.offsetTop;
      if (top < scroller.scrollTop) scroller.scrollTop = top;
      else if (top + row.offsetHeight > scroller.scrollTop + scroller.clientHeight) {
        scroller.scrollTop = top + row.offsetHeight - scroller.clientHeight;
      }
    } else {
      row.scrollIntoView({ block: "nearest" });
    }
  };

  // -------------------------------------------------------------- telling the server
  // The new order goes to the server, which reruns the page with it.
  const commit = () => {
    b.unsent = false;
    if (!b.order.every((item, p) => item === b.committed[p])) {
      b.committed = b.order.slice();
      if (b.data.report && b.setStateValue) {
        b.seq += 1;
        b.setStateValue("order", {
          labels: b.order.map((item) => b.data.labels[item]),
          mount: b.mount,
          seq: b.seq,
        });
      }
    }
    markMoved();
  };

  const select = (item) => {
    if (item === b.selected) return;
    const old = b.selected;
    b.selected = item;
    for (const p of [positionOf(old), positionOf(item)]) if (p >= 0) paintRow(p);
  };

  // Runs once the move's frame is painted: the page is marked as behind only then, so its
  // restyling never lands in the frame that shows the move.
  const commitSoon = () => {
    if (b.commitTimer) clearTimeout(b.commitTimer);
    b.commitTimer = 0;
    markMoved();
    if (!b.data.report) {
      commit();
      return;
    }
    b.commitTimer = setTimeout(() => {
      b.commitTimer = 0;
      commit();
    }, COMMIT_IDLE_MS);
  };

  // What a rerun brought while a card was held, drawn once the card is down and nothing moved.
  const loadPending = () => {
    const pending = b.pending;
    b.pending = null;
    if (pending) b.update(pending);
  };

  // A finished move: drawn, timed, announced, sent once moves pause.
  const finish = (order, event, words, was = b.ndcg) => {
    // Unsent from this moment: the timer that sends it starts only after the move's frame, and
    // a rerun that lands in between must not put the older order back (b.update).
    b.unsent = true;
    const start = show(order, event);
    timed(start, "move", commitSoon);
    announce(say("moved", { words, ndcg: format(b.ndcg), previous: format(was) }));
  };

  const moveItem = (item, target, event) => {
    const source = positionOf(item);
    target = Math.max(0, Math.min(b.n - 1, target));
    if (source < 0 || target === source) return false;
    finish(
      compose(b.order, moved(b.n, source, target)),
      event,
      say("toPosition", { label: b.data.labels[item], place: target + 1 }),
    );
    return true;
  };

  // -------------------------------------------------------------- picking a card up
  const pickUp = (p, how, event) => {
    const item = b.order[p];
    b.lift = { item, base: b.order.slice(), was: b.ndcg, how, at: p };
    select(item);
    paintRow(p);
    root.classList.add("dragging");
    if (how === "keyboard") {
      timed(event && event.timeStamp ? event.timeStamp : performance.now(), "pickup");
      announce(say("pickedUp", { label: b.data.labels[item], place: p + 1 }));
    }
  };

  // While a card is held, the board shows the order as if it were dropped at `target`; a card
  // held by the keyboard says where it is and what NDCG that would give.
  const preview = (target, event) => {
    const lift = b.lift;
    target = Math.max(0, Math.min(b.n - 1, target));
    if (target === lift.at) return;
    const source = lift.base.indexOf(lift.item);
    const start = show(compose(lift.base, moved(b.n, source, target)), event);
    lift.at = target;
    timed(start, lift.how === "keyboard" ? "move" : "preview");
    if (lift.how === "keyboard") {
      focusCard(target);
      announce(say("held", { label: b.data.labels[lift.item], place: target + 1, n: b.n, ndcg: format(b.ndcg) }));
    }
  };

  // A card put down where it is held. The focus goes with it, however it was moved.
  const drop = (event) => {
    const lift = b.lift;
    if (!lift) return;
    const at = positionOf(lift.item);
    const changed = !b.order.every((item, p) => item === lift.base[p]);
    const label = b.data.labels[lift.item];
    b.lift = null;
    root.classList.remove("dragging");
    paintRow(at);
    if (changed) {
      b.pending = null; // the rerun that answers this move brings the page in step
      finish(b.order, event, say("toPosition", { label, place: at + 1 }), lift.was);
    } else {
      announce(say("droppedWhereItWas", { label, place: at + 1 }));
    }
    focusCard(at);
    loadPending();
  };

  const putBack = (event) => {
    const lift = b.lift;
    if (!lift) return;
    b.lift = null;
    root.classList.remove("dragging");
    const start = show(lift.base, event);
    timed(start, "move");
    const at = positionOf(lift.item);
    paintRow(at);
    announce(say("putBack", { label: b.data.labels[lift.item], place: at + 1, ndcg: format(b.ndcg) }));
    if (lift.how === "keyboard") focusCard(at);
    loadPending();
  };

  // -------------------------------------------------------------- keyboard
  const rowOf = (element) => {
    const card = element && element.closest && element.closest(".card");
    if (!card) return -1;
    return b.rows.findIndex((cells) => cells.card === card);
  };

  // A read-only board answers no key, pointer or finger: its cards do not move.
  const still = () => !b.data || b.readOnly;

  const onKey = (event) => {
    const p = rowOf(event.target);
    if (p < 0 || still()) return;
    const key = event.key;
    if (b.lift && b.lift.how !== "keyboard") {
      // A card held by the mouse or a finger: Escape puts it back, other keys wait.
      if (key === "Escape") {
        putBack(event);
        endPointer();
      }
      event.preventDefault();
      return;
    }
    if (b.lift) {
      const steps = { ArrowUp: -1, ArrowLeft: -1, ArrowDown: 1, ArrowRight: 1 };
      if (key in steps) preview(b.lift.at + steps[key], event);
      else if (key === "Home") preview(0, event);
      else if (key === "End") preview(b.n - 1, event);
      else if (key === " " || key === "Enter") drop(event);
      else if (key === "Escape") putBack(event);
      else if (key === "Tab") putBack(event);
      else return;
      if (key !== "Tab") event.preventDefault();
      return;
    }
    if (key === " " || key === "Enter") pickUp(p, "keyboard", event);
    else if (key === "ArrowUp" || key === "ArrowLeft") focusCard(Math.max(0, p - 1));
    else if (key === "ArrowDown" || key === "ArrowRight") focusCard(Math.min(b.n - 1, p + 1));
    else if (key === "Home") focusCard(0);
    else if (key === "End") focusCard(b.n - 1);
    else return;
    event.preventDefault();
  };

  // A card that takes the focus (Tab, the arrows, a click) is the list's Tab stop and the
  // selected card, the one Up, Down, Top and End move.
  const onFocusIn = (event) => {
    const p = rowOf(event.target);
    if (p < 0 || still()) return;
    setTabStop(p);
    if (!b.lift) select(b.order[p]);
  };
  // Focus leaving the list while a card is held by the keyboard puts it back.
  const onBlur = (event) => {
    if (b.focusing || !b.lift || b.lift.how !== "keyboard") return;
    if (rowOf(event.relatedTarget) < 0) putBack(event);
  };

  // -------------------------------------------------------------- mouse and touch
  // The position under the pointer.
  const positionAt = (clientY) => positionAtOffset(clientY - list.getBoundingClientRect().top);

  // What scrolls when a held card nears an edge: the board's box, or the page around it.
  const scrolling = () => {
    if (b.boxed) return scroller;
    for (let node = root; node; ) {
      node = node.parentElement || (node.getRootNode && node.getRootNode().host) || null;
      if (!node || node === document.documentElement) break;
      const style = getComputedStyle(node);
      if (/(auto|scroll)/.test(style.overflowY) && node.scrollHeight > node.clientHeight) return node;
    }
    return document.scrollingElement;
  };

  // Once a frame while a card is dragged: the preview for the latest pointer position, and a
  // scroll when the pointer is near the top or bottom edge of the board's box or the screen.
  const dragFrame = () => {
    const pointer = b.pointer;
    if (!pointer || !b.lift || b.lift.how === "keyboard") {
      b.frame = 0;
      return;
    }
    const box = b.boxed ? scroller.getBoundingClientRect() : { top: 0, bottom: window.innerHeight, height: window.innerHeight };
    const edge = Math.min(48, box.height / 4);
    const target = pointer.scroller || (pointer.scroller = scrolling());
    const before = target.scrollTop;
    if (pointer.y < box.top + edge) target.scrollTop -= Math.ceil((box.top + edge - pointer.y) / 4);
    else if (pointer.y > box.bottom - edge) target.scrollTop += Math.ceil((pointer.y - box.bottom + edge) / 4);
    if (pointer.event || target.scrollTop !== before) {
      preview(positionAt(pointer.y), pointer.event);
      pointer.event = null;
    }
    b.frame = requestAnimationFrame(dragFrame);
  };
  const follow = (y, event) => {
    b.pointer.y = y;
    b.pointer.event = event;
    if (!b.frame) b.frame = requestAnimationFrame(dragFrame);
  };
  const endPointer = () => {
    if (b.pointer && b.pointer.timer) clearTimeout(b.pointer.timer);
    b.pointer = null;
    if (b.frame) cancelAnimationFrame(b.frame);
    b.frame = 0;
  };

  const onPointerDown = (event) => {
    if (event.pointerType === "touch" || event.button !== 0 || still()) return;
    const p = rowOf(event.target);
    if (p < 0 || b.lift) return;
    b.pointer = { id: event.pointerId, x: event.clientX, y: event.clientY, p, event: null, card: b.rows[p].card };
    event.preventDefault(); // no text selection; focus is given below
    focusCard(p);
  };
  const onPointerMove = (event) => {
    const pointer = b.pointer;
    if (!pointer || pointer.touch || event.pointerId !== pointer.id) return;
    if (!b.lift) {
      if (Math.hypot(event.clientX - pointer.x, event.clientY - pointer.y) < DRAG_THRESHOLD) return;
      pointer.card.setPointerCapture(event.pointerId);
      pickUp(positionOf(b.order[pointer.p]), "mouse");
    }
    follow(event.clientY, event);
  };
  const onPointerUp = (event) => {
    const pointer = b.pointer;
    if (!pointer || pointer.touch || event.pointerId !== pointer.id) return;
    if (b.lift) {
      if (pointer.event) preview(positionAt(pointer.y), pointer.event);
      drop(event);
    }
    endPointer();
  };
  const onPointerCancel = (event) => {
    if (!b.pointer || b.pointer.touch) return;
    if (b.lift) putBack(event);
    endPointer();
  };

  // Touch: a card's grip lifts it, held still for a moment or moved at once (the grip never
  // scrolls the page); anywhere else on a card a finger scrolls the page, and a tap selects it.
  const onTouchStart = (event) => {
    const p = rowOf(event.target);
    if (p < 0 || b.lift || event.touches.length !== 1 || still()) return;
    const touch = event.touches[0];
    const grip = !!event.target.closest(".grip");
    b.pointer = { touch: true, grip, id: touch.identifier, x: touch.clientX, y: touch.clientY, p, event: null };
    if (grip) {
      b.pointer.timer = setTimeout(() => {
        if (!b.pointer || !b.pointer.touch) return;
        b.pointer.timer = 0;
        liftByTouch(p);
      }, LONG_PRESS_MS);
    }
  };
  const liftByTouch = (p) => {
    focusCard(p);
    pickUp(p, "touch");
    if (navigator.vibrate) navigator.vibrate(15);
  };
  const touchOf = (event) => {
    const id = b.pointer && b.pointer.id;
    return [...event.changedTouches].find((touch) => touch.identifier === id);
  };
  const onTouchMove = (event) => {
    const pointer = b.pointer;
    if (!pointer || !pointer.touch) return;
    const touch = touchOf(event);
    if (!touch) return;
    const far = Math.hypot(touch.clientX - pointer.x, touch.clientY - pointer.y);
    if (!b.lift) {
      if (!pointer.grip) {
        if (far > TOUCH_SLOP) endPointer(); // the page scrolls
        return;
      }
      if (far < DRAG_THRESHOLD) return;
      clearTimeout(pointer.timer);
      pointer.timer = 0;
      liftByTouch(positionOf(b.order[pointer.p]));
    }
    event.preventDefault(); // a held card moves; the page does not scroll
    follow(touch.clientY, event);
  };
  const onTouchEnd = (event) => {
    const pointer = b.pointer;
    if (!pointer || !pointer.touch || !touchOf(event)) return;
    if (b.lift) {
      event.preventDefault(); // no click after a drag
      if (pointer.event) preview(positionAt(pointer.y), pointer.event);
      drop(event);
    } else {
      select(b.order[pointer.p]); // a tap selects the card for the move buttons
      setTabStop(pointer.p);
    }
    endPointer();
  };
  const onTouchCancel = (event) => {
    if (!b.pointer || !b.pointer.touch) return;
    if (b.lift) putBack(event);
    endPointer();
  };

  // -------------------------------------------------------------- buttons
  const ORDERS = {
    ideal: () => idealOrder(b.order.map((item) => b.data.relevances[item])),
    worst: () => worstOrder(b.order.map((item) => b.data.relevances[item])),
    reverse: () => reverseOrder(b.n),
    shuffle: () => shuffledOrder(b.n),
  };
  const TARGETS = { up: (p) => p - 1, down: (p) => p + 1, top: () => 0, bottom: () => b.n - 1 };

  const onButton = (event) => {
    const button = event.target.closest("button[data-act]");
    if (!button || !b.data) return;
    if (b.lift) putBack(event);
    const act = button.dataset.act;
    if (act in ORDERS) {
      const order = compose(b.order, ORDERS[act]());
      const text = button.dataset.words;
      if (order.every((item, p) => item === b.order[p])) {
        announce(say("already", { words: text, ndcg: format(b.ndcg) }));
        return;
      }
      finish(order, event, text);
    } else if (act in TARGETS) {
      const item = b.selected === null ? b.order[0] : b.selected;
      const p = positionOf(item);
      const target = Math.max(0, Math.min(b.n - 1, TARGETS[act](p)));
      if (!moveItem(item, target, event)) {
        announce(say("stays", { label: b.data.labels[item], place: p + 1 }));
      } else {
        setTabStop(target); // Tab back into the list lands on the card just moved
      }
    }
  };

  // The toolbar is one Tab stop too; the arrow keys (Home, End) go from button to button.
  const buttons = () => [...tools.querySelectorAll("button")];
  const onToolKey = (event) => {
    const all = buttons();
    const at = all.indexOf(event.target);
    if (at < 0) return;
    const steps = { ArrowLeft: -1, ArrowUp: -1, ArrowRight: 1, ArrowDown: 1 };
    let next;
    if (event.key in steps) next = (at + steps[event.key] + all.length) % all.length;
    else if (event.key === "Home") next = 0;
    else if (event.key === "End") next = all.length - 1;
    else return;
    event.preventDefault();
    all[next].focus();
  };
  const onToolFocus = (event) => {
    for (const button of buttons()) button.tabIndex = button === event.target ? 0 : -1;
  };

  const buildButtons = (groups) => {
    const signature = JSON.stringify(groups);
    if (b.buttonSignature === signature) return;
    b.buttonSignature = signature;
    let first = true;
    for (const [group, names] of [
      ["order", groups.order],
      ["move", groups.move],
    ]) {
      const box = root.querySelector(`[data-group="${group}"]`);
      box.replaceChildren(
        ...names.map(({ name, text, tip, words }) => {
          const button = document.createElement("button");
          button.type = "button";
          button.dataset.act = name;
          button.dataset.words = words || text;
          button.textContent = text;
          button.title = tip;
          button.tabIndex = first ? 0 : -1;
          first = false;
          return button;
        }),
      );
    }
  };

  // -------------------------------------------------------------- the board's own words
  // The skeleton's words (board.html) come from the server, in the page's language: an element
  // marked data-text="name" shows texts[name], one marked data-aria="name" is labelled with it.
  // The hint's `{grip}` is where the grip is drawn.
  const writeTexts = (texts) => {
    for (const element of root.querySelectorAll("[data-text]")) {
      const text = texts[element.dataset.text] || "";
      if (!text.includes("{grip}")) {
        element.textContent = text;
        continue;
      }
      const [before, after] = text.split("{grip}");
      const grip = document.createElement("span");
      grip.className = "grip";
      grip.setAttribute("aria-hidden", "true");
      element.replaceChildren(before, grip, after);
    }
    for (const element of root.querySelectorAll("[data-aria]")) {
      element.setAttribute("aria-label", texts[element.dataset.aria] || "");
    }
  };

  // -------------------------------------------------------------- new data from the server
  const load = (data) => {
    const focused = rowOf(active());
    const focusedLabel = focused >= 0 && b.data ? b.data.labels[b.order[focused]] : null;
    const selectedLabel = b.data && b.selected !== null ? b.data.labels[b.selected] : null;
    b.data = data;
    const n = data.labels.length;
    b.n = n;
    b.order = Array.from({ length: n }, (_, i) => i);
    b.committed = b.order.slice();
    b.contributions = new Float64Array(n);
    // Bars share one scale: the largest any item could earn at any position, or the ideal's.
    let top = 0;
    for (const g of data.gains) top = Math.max(top, g);
    let heaviest = 0;
    for (const w of data.weights) heaviest = Math.max(heaviest, w);
    b.scale = Math.max(top * heaviest, ...data.ideal.slice(0, 1), 0);
    // Written only when they change: a custom property set on the root restyles every row.
    for (const [name, value] of [
      ["--ours", data.colours.ours],
      ["--ideal", data.colours.ideal],
      ["--ideal-edge", data.colours.idealEdge],
      ["--focus", data.colours.focus],
      ["--lost", data.colours.lost],
      ["--muted", data.colours.muted],
      ["--font", `${data.fontSize}px`],
    ]) {
      if (root.style.getPropertyValue(name) !== value) root.style.setProperty(name, value);
    }
    root.classList.toggle("present", !!data.present);
    const readOnly = !!data.readOnly;
    const words = JSON.stringify(data.text);
    if (readOnly !== b.readOnly || words !== b.words) {
      // A board's cards are made for its kind (buttons that move, or plain items) and in its
      // language: anew.
      b.readOnly = readOnly;
      b.words = words;
      while (b.rows.length) b.rows.pop().row.remove();
      root.classList.toggle("readonly", readOnly);
      tools.hidden = readOnly;
      $(".hint").hidden = readOnly;
      root.setAttribute("aria-label", readOnly ? data.text.readOnlyBoard : data.text.board);
      writeTexts(data.text);
    }
    const caption = $(".caption");
    caption.hidden = !data.caption;
    if (caption.textContent !== data.caption) caption.textContent = data.caption;
    for (const name of ["ndcg", "dcg", "idcg"]) {
      const element = root.querySelector(`[data-total="${name}"]`);
      if (element.textContent !== data.names[name]) element.textContent = data.names[name];
    }
    buildButtons(readOnly ? { order: [], move: [] } : data.buttons);
    // As many rows as items: new ones at the end, extra ones away.
    while (b.rows.length < n) {
      const cells = makeRow(readOnly, data.text);
      b.rows.push(cells);
      list.append(cells.row);
    }
    while (b.rows.length > n) b.rows.pop().row.remove();
    // A long list scrolls in a box of its own, but on a touch screen it grows with the page
    // (and the board's totals stay at the top of the screen while it is in view).
    const coarse = window.matchMedia(COARSE).matches;
    b.boxed = n > 12 && !coarse;
    scroller.classList.toggle("long", b.boxed);
    root.classList.toggle("coarse", coarse);
    if (coarse) {
      // Its totals stick below the page's own header, if that is fixed over the scrolling page.
      const header = document.querySelector('[data-testid="stHeader"]');
      const page = scrolling();
      const from = page === document.scrollingElement ? 0 : page.getBoundingClientRect().top;
      const below = header ? Math.max(0, Math.round(header.getBoundingClientRect().bottom - from)) : 0;
      if (root.style.getPropertyValue("--sticky-top") !== `${below}px`) {
        root.style.setProperty("--sticky-top", `${below}px`);
      }
    }
    const selectedIndex = data.labels.indexOf(selectedLabel);
    b.selected = readOnly ? null : selectedIndex >= 0 ? selectedIndex : 0; // nothing to move
    const previousStop = b.rows[b.tabStop];
    b.tabStop = b.selected === null ? 0 : b.selected; // the order is the server's: item = position
    // The old Tab stop gives up its place now, even out of view (its row is redrawn later, when
    // the browser is idle): the list has one Tab stop at every moment.
    if (!readOnly && previousStop && previousStop !== b.rows[b.tabStop]) {
      put(previousStop, "tab", "-1", (v) => previousStop.card.setAttribute("tabindex", v));
    }
    paintTotals();
    // Rows in view at once, the others when the browser is idle (see "rows out of view").
    if (stale.idle) cancelIdle(stale.idle);
    stale.idle = 0;
    stale.flags = new Uint8Array(n);
    stale.count = 0;
    const [first, last] = inView();
    for (let p = 0; p < n; p += 1) {
      if (p >= first && p <= last) {
        paintPosition(p);
        paintRow(p);
      } else {
        paintLater(p);
      }
    }
    if (!readOnly && b.rows[b.tabStop]) paintFresh(b.tabStop); // the Tab stop is drawn at once
    const beyond = $(".beyond");
    beyond.hidden = !(data.idealBeyond > 0);
    if (data.idealBeyond > 0) {
      beyond.textContent = say("beyond", { value: format(data.idealBeyond), n });
    }
    standIn();
    // Focus stays on the card it was on: the same item, wherever the server put it.
    if (focusedLabel !== null) {
      const item = data.labels.indexOf(focusedLabel);
      if (item >= 0) focusCard(positionOf(item), false);
    }
  };

  // A page may draw a plain stand-in of the board (its list and NDCG, from the server) for a
  // first visit, before this script has loaded: a container keyed "…_board_standin" in the
  // board's own block (views/home.py). Once the board is drawn, the stand-in goes
  // (ui/assets/app.css hides what is marked so).
  const standIn = () => {
    const host = root.getRootNode().host;
    const box = host && host.closest('[data-testid="stVerticalBlock"]');
    const plain = box && box.querySelector('[class*="_board_standin"]:not([data-replaced])');
    if (plain) plain.setAttribute("data-replaced", "");
  };

  // -------------------------------------------------------------- wiring
  const listeners = [
    [list, "keydown", onKey],
    [list, "focusin", onFocusIn],
    [list, "focusout", onBlur],
    [list, "pointerdown", onPointerDown],
    [list, "pointermove", onPointerMove],
    [list, "pointerup", onPointerUp],
    [list, "pointercancel", onPointerCancel],
    [list, "touchstart", onTouchStart, { passive: true }],
    [list, "touchmove", onTouchMove, { passive: false }],
    [list, "touchend", onTouchEnd, { passive: false }],
    [list, "touchcancel", onTouchCancel],
    [list, "contextmenu", (event) => !still() && rowOf(event.target) >= 0 && event.preventDefault()],
    [tools, "click", onButton],
    [tools, "keydown", onToolKey],
    [tools, "focusin", onToolFocus],
    [document, "scroll", onScroll, { passive: true, capture: true }],
  ];
  for (const [target, type, handler, options] of listeners) target.addEventListener(type, handler, options);

  b.update = ({ data, setStateValue }) => {
    b.setStateValue = setStateValue;
    // The server has answered this board's moves up to `ack.seq` (of this mount).
    const ack = data.ack || {};
    const seen = ack.mount === b.mount && Number.isFinite(ack.seq) ? ack.seq : 0;
    b.acked = Math.max(b.acked, seen);
    markMoved();
    // A board that keeps its moves to itself (a list the teacher sent) is redrawn by a rerun
    // only when the list itself changed: a refresh leaves the learner's own order alone.
    const signature = data.report ? null : JSON.stringify({ ...data, ack: null });
    if (signature !== null && b.data && signature === b.signature) return;
    b.signature = signature;
    // A rerun that has not yet seen this board's latest move carries an older order: the
    // board keeps what it shows, and the rerun that follows the move brings it back in step.
    // Moves on screen that are not yet sent (moves have not paused) are newer than any rerun.
    if (b.data && (seen < b.seq || b.commitTimer || b.unsent)) return;
    // A card held (by the keyboard, the mouse or a finger) stays held: the rerun (of the move
    // before, which the board already shows) waits until it is put down.
    if (b.lift) {
      b.pending = { data, setStateValue };
      return;
    }
    load(data);
  };
  b.cleanup = () => {
    if (b.commitTimer || b.unsent) {
      clearTimeout(b.commitTimer); // a move not yet sent is sent now
      b.commitTimer = 0;
      commit();
    }
    for (const [target, type, handler, options] of listeners) target.removeEventListener(type, handler, options);
    totalsSeen.disconnect();
    marks.moved.delete(b);
    marks.inView.delete(b);
    markPage();
    endPointer();
    if (stale.idle) cancelIdle(stale.idle);
    stale.idle = 0;
    boards.delete(parent);
  };
  return b;
}

export default function render(args) {
  const { parentElement } = args;
  let b = boards.get(parentElement);
  if (!b) {
    b = createBoard(parentElement);
    boards.set(parentElement, b);
  }
  // The data comes as one JSON text in UTF-8 bytes (ui/component.py).
  b.update({ data: JSON.parse(new TextDecoder().decode(args.data)), setStateValue: args.setStateValue });
  return b.cleanup;
}
