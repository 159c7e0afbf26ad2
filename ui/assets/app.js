// What Streamlit does not do for a page, done once for every page (ui/style.py sends this file).
// No data, nothing fetched: it only reads and marks the page Streamlit drew. (Never a "<" right
// before a letter, "/" or "!" in this file, comments included: st.html's sanitiser drops a
// script whose text has one, and the page would run without it.)
//
// 1. Focus: Streamlit draws a widget afresh when its key changes (the table editor changes its
//    key when the list is changed elsewhere); the element that had the keyboard focus is then
//    gone and focus falls back to the page. Focus goes back to the same place in the new element.
//    (The ranking board keeps its own focus: it stays mounted across reruns.)
// 2. Regions wider than their column (a long formula, a wide table) become Tab stops with a
//    name, so a keyboard can scroll them, and say under them that they scroll.
// 3. Charts are named by Streamlit (`alt`); each is also described by the caption under it.
// 4. Russian and Chinese text is tagged with its language, so a screen reader reads it in the
//    right voice.
// 5. The address bar shows plain commas (rels=3,2,3), like every link the app writes, and keeps
//    the #anchor a link came with when the page writes its list into it.
// 6. A link to an #anchor inside a closed fold (a walkthrough's further examples) opens the fold
//    and scrolls to the anchor: Streamlit only scrolls to a heading it can show.
// 7. While the rest of the page catches up with a move on the ranking board, what it shows of
//    the list (headline cards, formulas, tables, charts, the text box, the readout) is marked as
//    updating (app.css fades it), so no older NDCG stands beside the board's.
// 8. The page's main region is not a Tab stop of its own (the skip link still focuses it).
// 9. A file uploader's button and size limit, which Streamlit writes in English whatever the
//    page speaks, say the page's words (ui/style.py sends them).
(() => {
  if (window.ndcgLab) {
    window.ndcgLab.schedule();
    return;
  }
  const lab = (window.ndcgLab = {});
  const doc = document;

  // ---------------------------------------------------------------- 5. plain commas in links
  const plainCommas = (url) =>
    typeof url === "string" || url instanceof URL ? String(url).replace(/%2C/gi, ",") : url;
  // A page that writes its list into the address (rels=…) on its first run would drop the
  // #anchor a link came with, before section 6 could open its fold: the same page's address
  // keeps its anchor.
  const keepAnchor = (url) => {
    if (url == null || !location.hash) return url;
    const next = new URL(String(url), location.href);
    if (next.hash || next.pathname !== location.pathname) return url;
    return String(url) + location.hash;
  };
  for (const name of ["pushState", "replaceState"]) {
    const original = history[name];
    history[name] = function (state, title, url) {
      return original.call(this, state, title, plainCommas(keepAnchor(url)));
    };
  }
  // That first write may come before this script runs: the anchor is then read back from the
  // address the browser was asked to open (once, on arrival).
  const arrival = performance.getEntriesByType("navigation")[0];
  if (arrival && !location.hash) {
    const asked = new URL(arrival.name);
    if (asked.hash && asked.pathname === location.pathname) {
      history.replaceState(history.state, "", location.pathname + location.search + asked.hash);
    }
  }

  // ---------------------------------------------------------------- 1. focus kept across reruns
  const FOCUSABLE = 'a[href], button, input, textarea, select, [tabindex]:not([tabindex="-1"])';
  let last = null; // where the focus was: its element, its widget's key, its place in the widget
  let lostAt = 0;

  const keyOf = (element) => {
    const box = element.closest('[class*="st-key-"]');
    if (!box) return null;
    const name = [...box.classList].find((c) => c.startsWith("st-key-"));
    // A versioned key (table_3) names the same widget in its next version.
    return name ? { box, stem: name.replace(/_\d+$/, "_") } : null;
  };

  const describe = (element) => {
    const key = keyOf(element);
    if (!key) return null;
    const inside = [...key.box.querySelectorAll(FOCUSABLE)];
    return { element, stem: key.stem, index: inside.indexOf(element) };
  };

  doc.addEventListener(
    "focusin",
    (event) => {
      const found = describe(event.target);
      if (found) last = found;
    },
    true,
  );
  // Returns true while the place to go back to is not drawn yet (try again a little later).
  const restoreFocus = () => {
    const active = doc.activeElement;
    if (!last || last.element.isConnected || (active && active !== doc.body)) {
      lostAt = 0; // nothing lost, or the user has moved on: nothing to restore
      return false;
    }
    if (!lostAt) lostAt = Date.now();
    if (Date.now() - lostAt > 8000) {
      last = null; // too late to be the same gesture: leave the focus alone
      lostAt = 0;
      return false;
    }
    const candidates = [...doc.querySelectorAll(`[class*="${last.stem}"]`)].filter((box) =>
      [...box.classList].some((c) => c === last.stem.replace(/_$/, "") || c.startsWith(last.stem)),
    );
    const box = candidates[0];
    const inside = box ? [...box.querySelectorAll(FOCUSABLE)] : [];
    const target = inside[Math.max(0, Math.min(last.index, inside.length - 1))];
    if (!target) {
      // Streamlit draws a rerun's elements before it marks the run finished: a place still
      // missing after that is gone for good (a button the answer replaced). Waiting on for it
      // kept a timer going every 200 ms for 8 s after each such click.
      const app = doc.querySelector('[data-testid="stApp"]');
      if (app && app.dataset.testScriptState === "notRunning") {
        last = null;
        lostAt = 0;
        return false;
      }
      return true;
    }
    target.focus();
    last = describe(target);
    lostAt = 0;
    return false;
  };

  // ---------------------------------------------------------------- 2. regions that scroll
  // A formula, a static table or a code block wider than its column becomes a named Tab stop (so
  // the arrow keys scroll it); a data grid has its own keyboard navigation and only gets the
  // note. The note itself is CSS (app.css), on the element's container.
  // Its words, in the page's language (ui/style.py sets them before this script, each run).
  const said = () => window.ndcgLabSays || {};
  const saySideways = () => {
    const note = said().scrolls;
    if (note) doc.documentElement.style.setProperty("--ndcg-scrolls-note", JSON.stringify(note));
  };
  const SCROLLERS = '.katex-display, [data-testid="stTable"] > div, [data-testid="stCode"] pre';
  const GRIDS = '[data-testid="stDataFrame"] .dvn-scroller';
  const KINDS = { "katex-display": "Formula", PRE: "Code" };
  const markScrollers = () => {
    saySideways();
    const touched = new Set();
    // Every width is read before any attribute is written: a read after a write lays the whole
    // page out again, once per region (a walkthrough has dozens).
    const measured = [...doc.querySelectorAll(`${SCROLLERS}, ${GRIDS}`)].map((region) => [
      region,
      region.scrollWidth > region.clientWidth + 2,
    ]);
    for (const [region, wide] of measured) {
      const container = region.closest('[data-testid="stElementContainer"]');
      const grid = region.matches(GRIDS);
      if (wide && !grid) {
        if (!region.hasAttribute("data-ndcg-scrollable")) {
          region.setAttribute("data-ndcg-scrollable", "1");
          region.setAttribute("tabindex", "0");
          region.setAttribute("role", "region");
        }
        // (Named again when the language changes.)
        const what = KINDS[region.className] || KINDS[region.tagName] || "Table";
        const name = said()[what] || `${what}, wider than the screen: scroll sideways`;
        if (region.getAttribute("aria-label") !== name) region.setAttribute("aria-label", name);
      } else if (!wide && region.hasAttribute("data-ndcg-scrollable")) {
        for (const name of ["data-ndcg-scrollable", "tabindex", "role", "aria-label"]) {
          region.removeAttribute(name);
        }
      }
      if (!container) continue;
      if (wide) touched.add(container);
      else if (!touched.has(container)) container.removeAttribute("data-ndcg-scrolls");
    }
    for (const container of touched) {
      if (container.getAttribute("data-ndcg-scrolls") !== "1") {
        container.setAttribute("data-ndcg-scrolls", "1");
      }
    }
  };

  // ---------------------------------------------------------------- 3. charts described
  // Streamlit names each chart (role=figure, aria-label from `alt`). Its drawing, a stream of
  // tick labels to a screen reader, is hidden from assistive technology, and the chart is
  // described by the caption under it and the table that follows it ("… as a table").
  let ids = 0;
  const idOf = (element) => {
    if (!element.id) {
      ids += 1;
      element.id = `ndcg-described-${ids}`;
    }
    return element.id;
  };
  const describeCharts = () => {
    for (const chart of doc.querySelectorAll('[data-testid="stPlotlyChart"][aria-label]')) {
      for (const drawing of chart.querySelectorAll("svg.main-svg")) {
        if (drawing.getAttribute("aria-hidden") !== "true") drawing.setAttribute("aria-hidden", "true");
      }
      const container = chart.closest('[data-testid="stElementContainer"]');
      if (!container) continue;
      const parts = [];
      let next = container.nextElementSibling;
      for (let step = 0; next && step < 3; step += 1, next = next.nextElementSibling) {
        if (next.querySelector('[data-testid="stPlotlyChart"]')) break; // the next chart's own
        const caption = next.querySelector('[data-testid="stCaptionContainer"]');
        const table = next.querySelector('[data-testid="stExpander"] summary');
        if (caption && !parts.length) parts.push(idOf(caption));
        if (table) {
          parts.push(idOf(table));
          break;
        }
      }
      const wanted = parts.join(" ");
      if (wanted && chart.getAttribute("aria-describedby") !== wanted) {
        chart.setAttribute("aria-describedby", wanted);
      }
    }
  };

  // ---------------------------------------------------------------- 4. languages
  const LANGUAGES = [
    ["ru", /[\u0400-\u04FF]/, /[\u0400-\u04FF][\u0400-\u04FF\s.,;:!?«»()"'-]*[\u0400-\u04FF]|[\u0400-\u04FF]/g],
    ["zh", /[\u3400-\u9FFF]/, /[\u3400-\u9FFF][\u3400-\u9FFF\s，。：；、]*[\u3400-\u9FFF]|[\u3400-\u9FFF]/g],
  ];
  const SKIP = "script, style, textarea, input, svg, .katex, [lang]:not(html)";
  // Only a text that is its element's one child is tagged: React then rewrites the element's
  // whole content when the text changes. A split text whose original node React still updates
  // is put back and tagged again (`split` remembers each one).
  const split = [];
  const tagLanguages = (root) => {
    for (let i = split.length - 1; i >= 0; i -= 1) {
      const { parent, original, text } = split[i];
      if (!parent.isConnected || original.nodeValue !== text) {
        if (parent.isConnected && !parent.contains(original)) parent.replaceChildren(original);
        split.splice(i, 1);
      }
    }
    const walker = doc.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    const found = [];
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (LANGUAGES.some(([, test]) => test.test(node.nodeValue))) found.push(node);
    }
    for (const node of found) {
      const parent = node.parentElement;
      if (!parent || parent.childNodes.length !== 1 || parent.closest(SKIP)) continue;
      const [lang, , runs] = LANGUAGES.find(([, test]) => test.test(node.nodeValue));
      const text = node.nodeValue;
      const letters = text.replace(/[\s\d.,;:!?()«»"'·–—-]/g, "");
      const own = (text.match(runs) || []).join("").replace(/\s/g, "");
      if (own.length >= letters.length * 0.9) {
        parent.setAttribute("lang", lang); // the whole element is in that language
        continue;
      }
      // A mixed line: each run of that script gets a span of its own.
      const pieces = doc.createDocumentFragment();
      let at = 0;
      for (const match of text.matchAll(runs)) {
        if (match.index > at) pieces.append(text.slice(at, match.index));
        const span = doc.createElement("span");
        span.setAttribute("lang", lang);
        span.textContent = match[0];
        pieces.append(span);
        at = match.index + match[0].length;
      }
      if (at < text.length) pieces.append(text.slice(at));
      parent.replaceChild(pieces, node);
      split.push({ parent, original: node, text });
    }
  };

  // ---------------------------------------------------------------- 6. links into a fold
  // The fold grows as it opens, and what is above it may still be drawing: the anchor is
  // scrolled to on each change until it stays put. The run that the fold's opening starts may
  // draw the fold's sections above it after that (seen on a loaded machine: 1,600 px, once the
  // anchor had stayed put at the top), so the anchor is followed on each later change of the
  // page too, until the reader moves (a wheel, a touch, a key, a press: closing the fold is one)
  // or FOLLOW_MS have passed.
  const FOLLOW_MS = 20000;
  let anchor = { id: "" };
  const arrive = (id) => ({ id, since: 0, reached: false, done: false, lastTop: null, still: 0, tries: 0 });
  for (const type of ["wheel", "touchstart", "keydown", "pointerdown"]) {
    window.addEventListener(
      type,
      (event) => {
        if (event.isTrusted) anchor.done = true;
      },
      { capture: true, passive: true },
    );
  }
  // The anchor as written: a link's #fragment that is not valid percent-encoding (#%E0) is
  // taken as it is, not thrown on (that would stop the rest of each run of this script).
  const anchorId = () => {
    const written = location.hash.slice(1);
    try {
      return decodeURIComponent(written);
    } catch {
      return written;
    }
  };
  const openAnchor = () => {
    const id = anchorId();
    if (!id) return;
    if (id !== anchor.id) anchor = arrive(id);
    if (anchor.done) return;
    const target = doc.getElementById(id);
    if (!target) return; // not drawn yet: the next change of the page tries again
    const now = performance.now();
    if (!anchor.since) anchor.since = now;
    if (now - anchor.since > FOLLOW_MS) {
      anchor.done = true;
      return;
    }
    if (anchor.reached) {
      // Followed: a change that moved it (and left it laid out) starts the settling again. One
      // scroll is not enough: the fold's sections may still be clipped while it grows, and the
      // view cannot go to them yet (seen: a scroll there that did not move it).
      const top = Math.round(target.getBoundingClientRect().top);
      if (top === anchor.lastTop || !target.getClientRects().length) return;
      anchor.reached = false;
      anchor.still = anchor.tries = 0;
    }
    const fold = target.closest("details");
    if (fold && !fold.open) fold.querySelector("summary")?.click();
    target.scrollIntoView({ block: "start" });
    const top = Math.round(target.getBoundingClientRect().top);
    anchor.still = top === anchor.lastTop ? anchor.still + 1 : 0;
    anchor.lastTop = top;
    // At the top of the view, or (near the page's end) where it can go no higher for a while.
    if ((top < 120 && anchor.still >= 1) || anchor.still >= 5 || ++anchor.tries > 40) {
      anchor.reached = true;
      return;
    }
    setTimeout(lab.schedule, 150);
  };

  // ---------------------------------------------------------------- 7. catching up with a move
  // The board marks the root with `data-board-moved` from a move until the server's rerun has
  // answered it (ui/board/board.js). The page is caught up once that mark is gone and the rerun
  // has finished drawing (elements after the board come after its answer).
  const html = doc.documentElement;
  const running = () => {
    const app = doc.querySelector('[data-testid="stApp"]');
    return !!app && app.dataset.testScriptState === "running";
  };
  const catchUp = () => {
    const behind = html.hasAttribute("data-board-moved") || (html.hasAttribute("data-catching-up") && running());
    if (html.hasAttribute("data-catching-up") !== behind) {
      html.toggleAttribute("data-catching-up", behind);
      const main = doc.querySelector('[data-testid="stMain"]');
      if (main) main.setAttribute("aria-busy", String(behind));
    }
  };
  new MutationObserver(catchUp).observe(html, { attributes: true, attributeFilter: ["data-board-moved"] });
  new MutationObserver(catchUp).observe(doc.body, {
    attributes: true,
    subtree: true,
    attributeFilter: ["data-test-script-state"],
  });

  // ---------------------------------------------------------------- 8. the main region: no Tab stop
  const untab = () => {
    const main = doc.querySelector('[data-testid="stMain"][tabindex="0"]');
    if (main) main.setAttribute("tabindex", "-1");
  };

  // ---------------------------------------------------------------- 9. an uploader's words
  // Only the text is changed. React leaves a node whose own props did not change as it is, so
  // the words stay until Streamlit redraws them; Streamlit's English is kept on the element
  // (data-ndcg-english), so a switch back to English puts it back.
  const UPLOAD_BUTTON = '[data-testid="stFileUploaderDropzone"] button [data-testid="stMarkdownContainer"] p';
  const PER_FILE = '[data-testid="stFileUploaderDropzoneInstructions"] span';
  const PER_FILE_ENGLISH = /^([\d.]+)\s*MB per file(.*)$/;
  const sayUploaders = () => {
    const words = said();
    for (const element of doc.querySelectorAll(`${UPLOAD_BUTTON}, ${PER_FILE}`)) {
      if (!element.hasAttribute("data-ndcg-english")) {
        const text = element.textContent;
        if (text !== "Upload" && !PER_FILE_ENGLISH.test(text)) continue;
        element.setAttribute("data-ndcg-english", text);
      }
      const english = element.getAttribute("data-ndcg-english");
      const limit = PER_FILE_ENGLISH.exec(english);
      let text = english;
      if (!limit && words.upload) text = words.upload;
      if (limit && words.perFile && !words.perFile.startsWith("{mb} MB per file")) {
        text = words.perFile.replace("{mb}", limit[1]) + limit[2];
      }
      if (element.textContent !== text) element.textContent = text;
    }
  };

  // ---------------------------------------------------------------- when the page changes
  let pending = 0;
  const run = () => {
    pending = 0;
    if (restoreFocus()) setTimeout(lab.schedule, 200);
    const main = doc.querySelector('[data-testid="stMain"]') || doc.body;
    markScrollers();
    describeCharts();
    tagLanguages(main);
    openAnchor();
    untab();
    sayUploaders();
    catchUp();
  };
  lab.schedule = () => {
    if (!pending) pending = setTimeout(run, 120);
  };
  new MutationObserver(lab.schedule).observe(doc.body, {
    childList: true,
    subtree: true,
    characterData: true,
  });
  // Sizes change without a change to the document as well (a component drawing in its own
  // shadow root, a font arriving): the main block's size is watched too, so that a linked
  // heading pushed down by them is followed (section 6).
  const mainBlock = doc.querySelector('[data-testid="stMainBlockContainer"]');
  if (mainBlock) new ResizeObserver(lab.schedule).observe(mainBlock);
  window.addEventListener("resize", lab.schedule);
  window.addEventListener("hashchange", lab.schedule);
  doc.addEventListener("focusout", (event) => {
    if (!event.relatedTarget) setTimeout(lab.schedule, 50);
  });
  if (location.href.includes("%2C")) {
    history.replaceState(history.state, "", location.href);
  }
  lab.schedule();
})();
