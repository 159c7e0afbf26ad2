"""How long each page is: the words it shows and its height, in chromium at 1280 × 800.

For every page of the menu, the script opens it on a fresh app server, answers nothing but
presses every "Just show me" of its predict-first questions (a reader sees the reveal too),
waits until the page is still, and measures:

- body words: `document.body.innerText`, the sidebar's menu included;
- core words: the main block's text as a reader sees it, formulas' hidden MathML copy left out
  (folded boxes are not drawn, so what they hold is not counted);
- height: the main block's scrollHeight, in CSS pixels.

It prints a Markdown table (the README's "How long the lessons are") and the suggested path's
time, reading plus answering, against its budget (`lessons.path`). With --write it also writes the path's core words to
lessons/path_lengths.json, which Home reads for the minutes it states. No baseline: these are
sizes, not speeds; the README keeps the previous figures beside the new ones.

Run: PYTHONPATH=. .venv/bin/python bench/lesson_lengths.py [--write] [--only key,key] [--at REV]
(--at REV measures the pages of commit REV, from an export of it, for a before/after.)
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from urllib.parse import urlencode

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from playwright.sync_api import expect, sync_playwright  # noqa: E402

from bench.baseline import export  # noqa: E402
from devtools.appserver import start_app, stop_app  # noqa: E402
from devtools.chromium import CHROMIUM, CHROMIUM_ARGS  # noqa: E402
from devtools.waits import open_context, settle, wait_for_app  # noqa: E402
from lessons import path  # noqa: E402
from ui import menu  # noqa: E402

VIEWPORT = {"width": 1280, "height": 800}
# Pages whose content is drawn at random without a link's parameters: measured on a fixed one.
QUERY = {"practice": "?seed=1&v=3"}
SHOW_ME = "Just show me"
SKIPPED = "You went straight to the answer."
MEASURE = """() => {
  const words = (text) => text.split(/\\s+/).filter((w) => /[\\p{L}\\p{N}]/u.test(w)).length;
  const main = document.querySelector('[data-testid="stMain"]');
  const block = document.querySelector('[data-testid="stMainBlockContainer"]') || main;
  const hide = document.createElement('style');
  // Formulas' hidden MathML copy, and icons' ligature names ("keyboard_arrow_right"): no
  // reader sees either as words.
  hide.textContent = '.katex-mathml, [data-testid="stIconMaterial"] { display: none !important; }';
  document.head.appendChild(hide);
  const core = words(main.innerText);
  hide.remove();
  return {body: words(document.body.innerText), core, height: block.scrollHeight};
}"""


def measure(page, url: str, *, still: bool = True) -> dict[str, int]:
    """Open `url` in `page`, reveal its questions, and measure it (see the module's doc).
    `still=False` reads as soon as the reveal's run is done, before every chart of it has
    drawn: the words are all there, the height may not be yet (a test that counts words)."""
    page.goto(url)
    wait_for_app(page)
    settle(page)  # every element of the first run drawn, the questions' buttons among them
    shown = 0
    while (button := page.get_by_role("button", name=SHOW_ME)).count():
        button.first.click()
        shown += 1
        # The box says so once the run that answers the click has drawn it (ui/predict.py).
        expect(page.get_by_text(SKIPPED)).to_have_count(shown)
        wait_for_app(page)
    if still:
        settle(page)
    return page.evaluate(MEASURE)


def address(base: str, key: str) -> str:
    """Where page `key` is measured: where the path's link opens it, if it is a stop."""
    query = QUERY.get(key, "")
    if key in path.pages() and path.stop(key).params:
        query = "?" + urlencode(path.stop(key).params, safe=",")
    return f"{base}/{menu.BY_KEY[key].url_path}{query}"


def measure_all(base: str, browser, keys) -> dict[str, dict[str, int]]:
    context = open_context(browser, viewport=VIEWPORT)
    try:
        page = context.new_page()
        return {key: measure(page, address(base, key)) for key in keys}
    finally:
        context.close()


def table(figures: dict[str, dict[str, int]]) -> str:
    on_path = set(path.pages())
    lines = [
        "| Page | On the path | Core words | Minutes | Words on screen | Height (px) |",
        "| --- | --- | --- | --- | --- | --- |",
    ]
    for key, f in figures.items():
        title = menu.BY_KEY[key].title
        lines.append(
            f"| {title} (`/{menu.BY_KEY[key].url_path}`) | {'yes' if key in on_path else ''} | "
            f"{f['core']:,} | {path.minutes(f['core'])} | {f['body']:,} | {f['height']:,} |"
        )
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--write", action="store_true", help="write lessons/path_lengths.json")
    parser.add_argument("--only", default="", help="comma-separated page keys")
    parser.add_argument("--at", default="", help="measure this commit's code (an export of it)")
    args = parser.parse_args()
    keys = [k for k in args.only.split(",") if k] or [page.key for page in menu.PAGES]
    process, base = start_app(root=export(args.at) if args.at else ROOT)
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            try:
                figures = measure_all(base, browser, keys)
            finally:
                browser.close()
    finally:
        stop_app(process)
    print(table(figures))
    on_path = [key for key in path.pages() if key in figures]
    total = sum(figures[key]["core"] for key in on_path)
    time = path.path_time({**path.core_words(), **{k: figures[k]["core"] for k in on_path}})
    print(
        f"\nSuggested path ({len(on_path)} pages measured): {total:,} core words. Its stops "
        f"take {time.lessons} min ({time.reading / 60:.1f} reading, {time.answering / 60:.1f} "
        f"answering {time.questions} questions; budget {path.MAX_MINUTES}); side trips "
        f"{time.side_trips} min; practice {time.practice} min."
    )
    if args.write and not args.at:
        # Pages not measured this time (--only) keep their last figures.
        lengths = {**path.core_words(), **{key: figures[key]["core"] for key in on_path}}
        lengths = {key: lengths[key] for key in path.pages() if key in lengths}
        path.LENGTHS.write_text(json.dumps(lengths, indent=1) + "\n")
        print(f"Wrote {path.LENGTHS.relative_to(ROOT)}.")


if __name__ == "__main__":
    main()
