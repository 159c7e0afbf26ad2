// A chart over the positions of a list (ui/charts/lines/__init__.py mounts it with Streamlit's
// Components v2): curves and bars side by side, drawn as SVG in the page itself.
//
// Python decides everything the chart shows: the points, colours, dashes and markers, each
// bar's place, width, fill and opacity, the axes' ranges, their ticks and tick texts, the
// cut-off line and each point's hover text. This script only places them: it scales values to
// pixels, draws, and under the pointer shows the texts of the nearest position; it puts a note
// where it covers no point and no curve (Python only suggests a side). Texts are set as text
// (textContent), never parsed as markup.

const SVG = "http://www.w3.org/2000/svg";
const charts = new WeakMap();
let drawn = 0; // a number per chart, so its fill patterns' ids are its own

// The linear map from [d0, d1] onto [r0, r1]: exported for the tests.
export const scale = (d0, d1, r0, r1) => (v) => r0 + ((v - d0) * (r1 - r0)) / (d1 - d0);

// The unbroken runs of a series' points (a null value ends one), as [x, y] pixel pairs.
export function runs(xs, ys, sx, sy) {
  const out = [];
  let run = [];
  for (let i = 0; i < xs.length; i++) {
    if (ys[i] === null || ys[i] === undefined) {
      if (run.length) out.push(run);
      run = [];
    } else {
      run.push([sx(xs[i]), sy(ys[i])]);
    }
  }
  if (run.length) out.push(run);
  return out;
}

// Whether the segment from (x1, y1) to (x2, y2) crosses the box (Liang–Barsky clipping).
export function crosses([x1, y1, x2, y2], box) {
  const dx = x2 - x1;
  const dy = y2 - y1;
  let t0 = 0;
  let t1 = 1;
  for (const [p, q] of [[-dx, x1 - box.left], [dx, box.right - x1], [-dy, y1 - box.top], [dy, box.bottom - y1]]) {
    if (p === 0) {
      if (q < 0) return false;
    } else {
      const t = q / p;
      if (p < 0) t0 = Math.max(t0, t);
      else t1 = Math.min(t1, t);
      if (t0 > t1) return false;
    }
  }
  return true;
}

// Where a note `w` × `h` pixels goes beside the point (x, y), `gap` pixels away: the box nearest
// the point that stays within `bounds` and covers no marker (`marks`: [x, y, radius]) and no
// stretch of curve (`strokes`: [x1, y1, x2, y2]), the side Python suggested (`hint`) first
// among equals. If every box covers something, the suggested one. Exported for the tests.
export function placeNote([x, y], w, h, gap, hint, { marks, strokes }, bounds) {
  const pad = 3; // a curve's half stroke and a little air
  const clear = (box) => {
    if (box.left < bounds.left || box.right > bounds.right || box.top < bounds.top || box.bottom > bounds.bottom) return false;
    const grown = { left: box.left - pad, right: box.right + pad, top: box.top - pad, bottom: box.bottom + pad };
    for (const [mx, my, r] of marks) {
      const nx = Math.min(Math.max(mx, grown.left), grown.right);
      const ny = Math.min(Math.max(my, grown.top), grown.bottom);
      if ((mx - nx) ** 2 + (my - ny) ** 2 < r * r) return false;
    }
    return !strokes.some((segment) => crosses(segment, grown));
  };
  const boxes = [];
  const sides = hint.leftward ? [-1, 1, 0] : [1, -1, 0];
  const levels = hint.below ? [1, -1] : [-1, 1];
  for (let step = 0; step < 8; step++) {
    for (const level of levels) {
      for (const side of sides) {
        const left = side < 0 ? x - gap - w : side > 0 ? x + gap : x - w / 2;
        const near = gap + step * h * 0.75;
        const top = level > 0 ? y + near : y - near - h;
        boxes.push({ left, top, right: left + w, bottom: top + h });
      }
    }
  }
  const free = boxes.find(clear);
  return free || boxes[0];
}

const make = (name, attrs, parent, text) => {
  const node = document.createElementNS(SVG, name);
  for (const [key, value] of Object.entries(attrs)) node.setAttribute(key, value);
  if (text !== undefined) node.textContent = text;
  if (parent) parent.appendChild(node);
  return node;
};
const round = (v) => Math.round(v * 10) / 10;

// One marker of `shape`, `size` pixels wide, centred on (x, y).
function marker(parent, shape, x, y, size, colour, hollow, outline) {
  const fill = hollow ? "#fff" : colour;
  const stroke = outline || colour;
  const width = outline ? 2 : 1.5;
  if (shape === "square") {
    const half = size * 0.42;
    return make("rect", { x: round(x - half), y: round(y - half), width: round(2 * half), height: round(2 * half), fill, stroke, "stroke-width": width }, parent);
  }
  if (shape === "diamond") {
    const h = size * 0.6;
    return make("polygon", { points: `${round(x)},${round(y - h)} ${round(x + h)},${round(y)} ${round(x)},${round(y + h)} ${round(x - h)},${round(y)}`, fill, stroke, "stroke-width": width }, parent);
  }
  if (shape === "triangle-up" || shape === "triangle-down") {
    const h = size * 0.55;
    const tip = shape === "triangle-up" ? -h : h;
    return make("polygon", { points: `${round(x)},${round(y + tip)} ${round(x + h)},${round(y - tip * 0.8)} ${round(x - h)},${round(y - tip * 0.8)}`, fill, stroke, "stroke-width": width }, parent);
  }
  if (shape === "x") {
    const h = size * 0.4;
    return make("path", { d: `M${round(x - h)},${round(y - h)}L${round(x + h)},${round(y + h)}M${round(x - h)},${round(y + h)}L${round(x + h)},${round(y - h)}`, stroke: colour, "stroke-width": 2.5, fill: "none" }, parent);
  }
  return make("circle", { cx: round(x), cy: round(y), r: round(size / 2), fill, stroke, "stroke-width": width }, parent);
}

// A text's width in pixels at `font` pixels: measured once per text by the browser's canvas.
const measure = (() => {
  const context = document.createElement("canvas").getContext("2d");
  return (text, font, family) => {
    context.font = `${font}px ${family}`;
    return context.measureText(text).width;
  };
})();

// The fills of a set of bars, as SVG patterns in the colour of set `i`: dots on a clear ground,
// and the hatch of a bar beyond k. Their ids are the chart's own (several charts share a page).
function patterns(parent, id, i, colour) {
  const defs = make("defs", {}, parent);
  const dots = make("pattern", { id: `${id}-dots-${i}`, width: 7, height: 7, patternUnits: "userSpaceOnUse" }, defs);
  make("circle", { cx: 3.5, cy: 3.5, r: 1.9, fill: colour }, dots);
  const hatch = make("pattern", { id: `${id}-hatch-${i}`, width: 8, height: 8, patternUnits: "userSpaceOnUse" }, defs);
  make("path", { d: "M-2,2L2,-2M0,8L8,0M6,10L10,6", stroke: colour, "stroke-width": 2.6 }, hatch);
}
const fillOf = (id, i, fill, colour) => (fill === "solid" ? colour : `url(#${id}-${fill}-${i})`);

function legend(chart) {
  const { box, data } = chart;
  box.legend.replaceChildren();
  data.series.forEach((s, i) => {
    if (!s.legend) return;
    const entry = document.createElement("span");
    entry.className = "entry";
    if (s.kind === "bars") {
      const key = make("svg", { viewBox: "0 0 14 14", class: "swatch" }, entry);
      patterns(key, chart.id + "-key", i, s.colour);
      make("rect", { x: 1, y: 1, width: 12, height: 12, fill: fillOf(chart.id + "-key", i, s.legendFill, s.colour), stroke: s.colour, "stroke-width": 1 }, key);
      entry.append(document.createTextNode(s.name));
      box.legend.appendChild(entry);
      return;
    }
    const key = make("svg", { viewBox: "0 0 36 14" }, entry);
    if (s.line) make("line", { x1: 0, y1: 7, x2: 36, y2: 7, stroke: s.colour, "stroke-width": 3, "stroke-dasharray": s.dash }, key);
    if (data.markers || !s.line) marker(key, s.marker, 18, 7, Math.min(s.size, 11), s.colour, false);
    entry.append(document.createTextNode(s.name));
    box.legend.appendChild(entry);
  });
}

const plotHeight = (data) => data.height - (data.series.some((s) => s.legend) ? Math.round(data.fontSize * 1.6) : 0);

// Nothing here reads the page's layout: the width comes from the ResizeObserver (which reports
// it after the browser has laid the page out), and the text's font is read once. A read in the
// middle of Streamlit's render would make the browser lay the whole page out again, for each
// chart: that cost more than drawing them.
function draw(chart) {
  const { box, data } = chart;
  const width = chart.width;
  const font = data.fontSize;
  const family = chart.family;
  const tickFont = data.present ? font : Math.round(font * 0.9); // the back row reads every text at full size
  const height = plotHeight(data);
  const widest = Math.max(0, ...data.y.ticks.map(([, text]) => measure(text, tickFont, family)));
  const margin = { left: Math.ceil(font * 1.6 + widest + 10), right: 14, top: Math.ceil(data.cut ? tickFont * 1.7 : font * 0.8), bottom: Math.ceil(tickFont * 1.4 + font * 1.6 + 6) };
  const plotW = Math.max(40, width - margin.left - margin.right);
  const plotH = Math.max(40, height - margin.top - margin.bottom);
  const sx = scale(data.x.min, data.x.max, margin.left, margin.left + plotW);
  const sy = scale(data.y.min, data.y.max, margin.top + plotH, margin.top);
  chart.sx = sx;
  chart.plot = { left: margin.left, right: margin.left + plotW, top: margin.top, bottom: margin.top + plotH };

  // The figure is named (its `alt`); the drawing, a stream of tick labels to a screen reader,
  // is hidden from assistive technology, as the app does for plotly's (ui/assets/app.js). The
  // caption under the chart and the page's table give its numbers.
  const svg = make("svg", { width, height, viewBox: `0 0 ${width} ${height}`, "aria-hidden": "true", "font-size": font });
  // Grid and y ticks.
  const grid = make("g", { stroke: data.colours.grid, "stroke-width": 1 }, svg);
  for (const [value, text] of data.y.ticks) {
    const y = round(sy(value));
    make("line", { x1: margin.left, x2: margin.left + plotW, y1: y, y2: y }, grid);
    make("text", { class: "tick", x: margin.left - 6, y, "text-anchor": "end", "dominant-baseline": "middle", "font-size": tickFont }, svg, text);
  }
  // x ticks: every one Python gave, thinned only when their texts would touch at this width.
  const ticks = data.x.ticks;
  const widestX = Math.max(0, ...ticks.map(([, text]) => measure(text, tickFont, family)));
  const room = ticks.length > 1 ? sx(ticks[1][0]) - sx(ticks[0][0]) : plotW;
  const every = Math.max(1, Math.ceil((widestX + tickFont * 0.6) / Math.max(1, room)));
  const tickY = margin.top + plotH + tickFont * 1.1;
  ticks.forEach(([value, text], i) => {
    if (i % every) return;
    make("text", { class: "tick", x: round(sx(value)), y: round(tickY), "text-anchor": "middle", "font-size": tickFont }, svg, text);
  });
  // Axis titles.
  // Baselines a descender's depth (about 0.3 em) inside the drawing: no glyph is clipped.
  make("text", { x: round(margin.left + plotW / 2), y: round(height - font * 0.3), "text-anchor": "middle" }, svg, data.xTitle);
  make("text", { x: 0, y: 0, "text-anchor": "middle", transform: `translate(${round(font * 1.1)} ${round(margin.top + plotH / 2)}) rotate(-90)` }, svg, data.yTitle);
  // The cut-off: a dotted line after position k, its label above the plot (no curve there).
  if (data.cut) {
    const x = round(sx(data.cut.x));
    make("line", { x1: x, x2: x, y1: round(margin.top - tickFont * 0.4), y2: margin.top + plotH, stroke: data.colours.cut, "stroke-width": 2, "stroke-dasharray": "2 4" }, svg);
    make("text", { x: x - 5, y: round(tickFont * 0.75), "text-anchor": "end", "dominant-baseline": "middle", "font-size": tickFont, style: `fill:${data.colours.cut}` }, svg, data.cut.text);
  }
  // The bars, from 0 to their value, each set at its offset from the position; then the
  // curves, their markers, and notes over everything.
  const base = sy(Math.min(Math.max(0, data.y.min), data.y.max));
  data.series.forEach((s, i) => {
    if (s.kind !== "bars") return;
    patterns(svg, chart.id, i, s.colour);
    const group = make("g", { stroke: s.colour, "stroke-width": 1 }, svg);
    s.x.forEach((x, j) => {
      if (s.y[j] === null) return;
      const left = round(sx(x + s.offset - s.width / 2));
      const right = round(sx(x + s.offset + s.width / 2));
      const top = round(Math.min(base, sy(s.y[j])));
      const height = round(Math.abs(sy(s.y[j]) - base));
      // A bar of 0 is its outline's edge on the axis: a position that earns nothing still shows.
      if (height < 1) make("line", { x1: left, x2: right, y1: round(base), y2: round(base), opacity: s.opacity[j] }, group);
      else make("rect", { x: left, y: top, width: right - left, height, fill: fillOf(chart.id, i, s.fill[j], s.colour), opacity: s.opacity[j] }, group);
    });
  });
  const layer = make("g", { fill: "none", "stroke-width": 3, "stroke-linejoin": "round" }, svg);
  for (const s of data.series) {
    if (s.kind !== "line" || !s.line) continue;
    for (const run of runs(s.x, s.y, sx, sy)) {
      make("polyline", { points: run.map(([x, y]) => `${round(x)},${round(y)}`).join(" "), stroke: s.colour, "stroke-dasharray": s.dash }, layer);
    }
  }
  for (const s of data.series) {
    if (s.kind !== "line" || (!data.markers && s.line)) continue;
    const group = make("g", {}, svg);
    s.x.forEach((x, i) => {
      if (s.y[i] === null) return;
      marker(group, s.marker, sx(x), sy(s.y[i]), s.size, s.colour, s.hollow && s.hollow[i], s.line ? null : "#fff");
    });
  }
  // What a note must not cover: every marker and every stretch of every curve.
  const marks = [];
  const strokes = [];
  for (const s of data.series) {
    if (s.kind !== "line") continue;
    const pixels = runs(s.x, s.y, sx, sy);
    if (data.markers || !s.line) pixels.flat().forEach(([x, y]) => marks.push([x, y, s.size * 0.6 + 1]));
    if (s.line) pixels.forEach((run) => run.slice(1).forEach(([x, y], i) => strokes.push([run[i][0], run[i][1], x, y])));
  }
  for (const s of data.series) {
    if (s.kind !== "line" || !s.note) continue;
    const last = s.y.length - 1;
    const w = measure(s.note.text, tickFont, family) + 6;
    const h = tickFont * 1.3;
    // Within the plot, or above it when no cut-off label is there.
    const bounds = { left: margin.left, right: width, top: data.cut ? margin.top : 0, bottom: margin.top + plotH };
    const spot = placeNote([sx(s.x[last]), sy(s.y[last])], w, h, s.size * 0.6 + 4, s.note, { marks, strokes }, bounds);
    make("rect", { class: "note-ground", x: round(spot.left), y: round(spot.top), width: round(w), height: round(h), rx: 3 }, svg);
    make("text", { x: round(spot.left + 3), y: round(spot.top + h / 2), "dominant-baseline": "middle", "font-size": tickFont, style: `fill:${s.colour}` }, svg, s.note.text);
  }
  chart.guide = make("line", { y1: margin.top, y2: margin.top + plotH, stroke: data.colours.muted, "stroke-width": 1, visibility: "hidden" }, svg);
  box.plot.replaceChildren(svg);
  svg.addEventListener("pointermove", (event) => hover(chart, event));
  svg.addEventListener("pointerdown", (event) => hover(chart, event));
  // A finger's pointer leaves as it lifts: the numbers it tapped stay until a tap elsewhere.
  svg.addEventListener("pointerleave", (event) => event.pointerType !== "touch" && unhover(chart));
}

// The position nearest the pointer, or null outside the plot.
function positionAt(chart, event) {
  const rect = chart.box.plot.getBoundingClientRect();
  const px = event.clientX - rect.left;
  const py = event.clientY - rect.top;
  const p = chart.plot;
  if (px < p.left - 8 || px > p.right + 8 || py < p.top - 8 || py > p.bottom + 8) return null;
  let best = null;
  let distance = Infinity;
  for (const s of chart.data.series) {
    s.x.forEach((x, i) => {
      if (s.y[i] === null) return;
      const d = Math.abs(chart.sx(x) - px);
      if (d < distance) [best, distance] = [x, d];
    });
  }
  return best;
}

function hover(chart, event) {
  const at = positionAt(chart, event);
  if (at === null) return unhover(chart);
  const { tip } = chart.box;
  tip.replaceChildren();
  for (const s of chart.data.series) {
    const i = s.x.indexOf(at);
    if (i < 0 || s.y[i] === null || !s.hover[i]) continue;
    const entry = document.createElement("div");
    entry.className = "entry";
    const [head, ...rest] = s.hover[i].split("\n");
    const name = document.createElement("div");
    name.className = "name";
    name.textContent = head;
    // The series' colour as a bar beside its text, not as the text's colour: the palette's
    // orange on white is too faint to read (2:1).
    entry.style.borderLeftColor = s.colour;
    entry.append(name, document.createTextNode(rest.join("\n")));
    tip.appendChild(entry);
  }
  if (!tip.childElementCount) return unhover(chart);
  const x = Math.round(chart.sx(at));
  chart.guide.setAttribute("x1", x);
  chart.guide.setAttribute("x2", x);
  chart.guide.setAttribute("visibility", "visible");
  tip.hidden = false;
  // Beside the guide, on the side with more room; within the chart's box.
  const plotBox = chart.box.plot.getBoundingClientRect();
  const rootBox = chart.box.root.getBoundingClientRect();
  const offset = plotBox.left - rootBox.left;
  const right = x + offset + 12;
  const fits = right + tip.offsetWidth <= rootBox.width;
  tip.style.left = `${Math.max(0, fits ? right : x + offset - 12 - tip.offsetWidth)}px`;
  tip.style.top = `${Math.round(plotBox.top - rootBox.top + chart.plot.top)}px`;
}

function unhover(chart) {
  chart.box.tip.hidden = true;
  if (chart.guide) chart.guide.setAttribute("visibility", "hidden");
}

export default function render({ parentElement, data: bytes }) {
  const data = JSON.parse(new TextDecoder().decode(bytes)); // JSON in UTF-8 (ui/component.py)
  let chart = charts.get(parentElement);
  if (!chart) {
    const root = parentElement.querySelector(".lines");
    chart = {
      box: { root, legend: root.querySelector(".legend"), plot: root.querySelector(".plot"), tip: root.querySelector(".tip") },
      data: null,
      id: `chart${++drawn}`,
      width: 0, // the plot's width in pixels, once the observer has reported it
      family: "", // the page's font, read once
    };
    // Drawn once the browser knows the column's width, and again when it changes (a window
    // resized, a phone turned): the observer reports it after layout, before the next paint.
    chart.observer = new ResizeObserver((entries) => {
      const width = Math.floor(entries[entries.length - 1].contentRect.width);
      if (!width || width === chart.width) return;
      chart.width = width;
      if (!chart.family) chart.family = getComputedStyle(chart.box.root).fontFamily || "sans-serif";
      if (chart.data) draw(chart);
    });
    chart.observer.observe(chart.box.plot);
    chart.away = (event) => {
      if (!event.composedPath().includes(chart.box.root)) unhover(chart);
    };
    document.addEventListener("pointerdown", chart.away, { passive: true });
    charts.set(parentElement, chart);
  }
  chart.box.root.setAttribute("aria-label", data.alt);
  chart.box.root.style.setProperty("--muted", data.colours.muted);
  chart.box.root.style.fontSize = `${data.fontSize}px`;
  chart.box.root.classList.toggle("present", !!data.present);
  chart.data = data;
  // The plot's room is kept before it is first drawn: the page does not shift when it is.
  chart.box.plot.style.minHeight = `${plotHeight(data)}px`;
  legend(chart);
  if (chart.width) draw(chart);
  unhover(chart);
  return () => {
    chart.observer.disconnect();
    document.removeEventListener("pointerdown", chart.away);
    charts.delete(parentElement);
  };
}
