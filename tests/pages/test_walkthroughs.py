"""The walkthrough pages in AppTest: each loads, teaches first and checks its sources after (in a
folded box per example), shows the exact and the printed numbers, its errata with both readings,
names its sources by what they are, and links to the playground with the example's list."""

from functools import cache
from math import log2
from urllib.parse import parse_qs, parse_qsl, urlsplit

import numpy as np
import pytest

from lessons import practice
from lessons.examples import (
    EXAMPLES,
    FAMILIES,
    SOURCES,
    example,
    lesson_order,
)
from lessons.latex import worked
from lessons.practice.lesson_questions import walkthrough_question as question
from tests.pages.conftest import (
    chart_at,
    line_charts,
    open_link,
    open_page,
    page_links,
    plotly_figures,
    unfolded,
)
from ui import urlparams


def playground_url(item) -> str:
    """The walkthrough's playground link of `item`, as its button makes it."""
    return urlparams.link("playground", item.ranked)


PAGES = {
    "binary": "views/learn/binary.py",
    "graded": "views/learn/graded.py",
    "continuous": "views/learn/continuous.py",
    "russian": "views/learn/russian.py",
    "gain": "views/learn/gain.py",
    "zero": "views/learn/all_zero.py",
}


def _reveal(at, family: str):
    """The page after "Just show me" in its question's box: the core's numbers drawn."""
    at.button(key=f"predict_walkthrough-{family}_skip").click().run()
    assert not at.exception, [e.value for e in at.exception]
    return at


@cache
def _page(family: str):
    """The whole page, its core revealed (every test reads the numbers), its folds opened."""
    return unfolded(_reveal(open_page(PAGES[family]), family))


def _text(at) -> str:
    """Everything the page wrote as text, LaTeX, tables and metrics, in one string."""
    parts = [
        e.value
        for kind in ("title", "header", "subheader", "markdown", "caption", "latex")
        for e in at.get(kind)
    ]
    parts += [e.value for e in at.get("info")] + [e.value for e in at.get("success")]
    parts += [e.value.to_string() for e in at.table]
    parts += [f"{m.label} {m.value}" for m in at.metric]
    return "\n".join(str(part) for part in parts)


def _cells(at) -> set[str]:
    return {str(cell) for table in at.table for cell in table.value.to_numpy().ravel()}


def _links(at) -> list[str]:
    return [address for _, address in page_links(at)]


@pytest.mark.parametrize("family", list(PAGES))
def test_page_loads_with_its_title_and_every_example(family):
    at = _page(family)
    assert not at.exception
    assert at.title[0].value == FAMILIES[family].title
    headers = [h.value for h in at.header] + [h.value for h in at.subheader]
    for item in lesson_order(family):
        assert any(item.title in header for header in headers), item.title


def test_every_family_has_a_page():
    assert set(PAGES) == set(FAMILIES)
    assert {item.family for item in EXAMPLES} <= set(PAGES)


@pytest.mark.parametrize("family", list(PAGES))
def test_every_printed_number_is_shown_beside_its_exact_value(family):
    at = _page(family)
    tables = [t.value for t in at.table if "Printed" in t.value.columns]
    printed_items = [item for item in lesson_order(family) if item.printed]
    assert len(tables) == len(printed_items)
    for item, table in zip(printed_items, tables):
        assert list(table["Printed"]) == [p.printed for p in item.printed]
        for printed, verdict in zip(item.printed, table["Verdict"]):
            if printed.wrong:
                assert verdict.startswith("✗ slip") and printed.wrong in verdict
            else:
                assert verdict.startswith("✓")


def test_binary_numbers_and_the_move_up():
    at = _page("binary")
    text = _text(at)
    # rel = 1, 0, 1, 1, 0 at k = 3: 1/log2 2 + 0/log2 3 + 1/log2 4 = 1.5
    assert r"\mathrm{DCG@3}" in text
    assert "= 1.5000" in text
    metrics = {(m.label, m.value) for m in at.metric}
    assert ("DCG@3", "1.5000") in metrics
    assert ("NDCG@3", "0.7039") in metrics  # 1.5 / (1 + 1/log2 3 + 1/2)
    assert ("NDCG@3", "0.7654") in metrics  # rel = 1, 1, 0, 1, 0: (1 + 1/log2 3) / 2.1309
    assert "+0.0614" in _cells(at)  # the change in NDCG@3, side by side
    assert "/playground?rels=1,0,1,1,0&k=3" in _links(at)


def test_graded_numbers_slips_and_the_wikipedia_erratum():
    at = _page("graded")
    cells = _cells(at)
    assert "0.9762" in {m.value for m in at.metric}  # D1…D5: 4.6487 / 4.7619
    assert {"4.67", "4.648712", "0.9306", "0.931509"} <= cells
    text = _text(at)
    # 4.65 / 4.76 = 0.97689… and 4.67 / 4.76 = 0.98109…; the exact ratio is 0.9762.
    assert "4.65 / 4.76 = 0.9769" in text and "0.976)" not in text
    # log2 3 = 1.58496… and log2 6 = 2.58496… round to 1.58 and 2.58, never 1.59 and 2.59.
    assert "rounded to two places (1.59, 2.59)" not in text
    assert "1.887 is 3 / 1.59" in text and "log printed beside it is 1.58" in text
    assert "In this revision the formula" in text  # hedged: other copies may differ
    # An erratum shows the source's own line it is about, so a learner can see it.
    quoted = [m.value for m in at.markdown if m.value.startswith("> `")]
    assert "> ` DCG₅ = 3/2 + 2/1.585 + 0/2 + 0/2.322 + 1/2.585 `" in quoted
    assert "> ` DCG_p = rel₁ + Σ_{i=2}^{p} rel_i / log₂(i+1) `" in quoted
    assert not at.code  # no code block: its highlighter costs a browser a second a page
    titles = [info.value for info in at.info]
    assert any("formula and the table use different discounts" in t for t in titles)
    # Both readings of Wikipedia's list: the table's log2(i) form and the formula's log2(i+1).
    wiki = example("wikipedia-2012")
    reading = wiki.with_reading(wiki.errata[0]).totals()
    both = [t.value for t in at.table if wiki.errata[0].reading_name in t.value.columns]
    assert both, "the erratum table with both readings is missing"
    assert (
        list(both[0].loc["NDCG"])[:2]
        == ["0.9315", f"{reading['NDCG']:.4f}"]
        == [
            "0.9315",
            "0.9608",
        ]
    )
    # D1…D6 are the default labels, so the link leaves them out.
    assert "/playground?rels=3,2,3,0,1,2&k=6&discount=jarvelin" in _links(at)
    assert "/playground?rels=3,2,0,3,1,2&labels=D1,D2,D4,D3,D5,D6&k=6&discount=jarvelin" in (
        _links(at)
    )


def test_continuous_orderings_are_finished_to_ndcg():
    at = _page("continuous")
    metrics = {m.value for m in at.metric}
    assert {"1.5149", "1.4428", "1.6964", "0.8930", "0.8505"} <= metrics
    # The note's title is Chinese, its text English: the page says so, and no more.
    assert "the note itself is written in English" in _text(at)
    assert "written in Chinese" not in _text(at)
    assert "/playground?rels=0.5,0.9,0.3,0.6,0.1&labels=A,B,C,D,E" in _links(at)
    assert "/playground?rels=0.6,0.5,0.1,0.3,0.9&labels=D,A,E,C,B" in _links(at)


def test_russian_examples_keep_their_titles_and_show_both_readings():
    at = _page("russian")
    text = _text(at)
    for title in ("Неидеальное ранжирование", "Ошибка в топе списка", "Частично правильное"):
        assert title in text
    metrics = {m.value for m in at.metric}
    assert {"0.9641", "0.9190", "0.9843"} <= metrics
    as_documents = [
        t.value for t in at.table if "ranking read as document numbers" in t.value.columns
    ]
    assert (
        as_documents and as_documents[0].loc["NDCG", "ranking read as document numbers"] == "0.7545"
    )
    assert "/playground?rels=7,8,9,10&k=4" in _links(at)


def test_gain_page_compares_linear_and_exponential():
    at = _page("gain")
    tables = [t.value for t in at.table if "gain 2^rel − 1" in t.value.columns]
    assert len(tables) == 3
    explainer, binary, wikipedia = tables
    assert list(explainer.loc["NDCG", ["linear gain", "gain 2^rel − 1"]]) == ["0.9724", "0.9575"]
    assert binary.loc["DCG", "Change"] == "0.0000" and binary.loc["NDCG", "Change"] == "0.0000"
    assert list(wikipedia.loc["NDCG", ["linear gain", "gain 2^rel − 1"]]) == ["0.9608", "0.9488"]
    assert "agree to the last digit" in _text(at)
    assert "/playground?rels=3,2,3,0,1&gain=exponential" in _links(at)
    assert "/playground?rels=1,0,1,1,0&k=3&gain=exponential" in _links(at)


def test_all_zero_page_shows_the_three_conventions():
    at = _page("zero")
    text = _text(at)
    assert r"\frac{0}{0}" in text
    # The core's table (the reveal), then the step-by-step fold's, with each convention's idea.
    core, full = [t.value for t in at.table if "Used by" in t.value.columns]
    assert "The idea" in full.columns and "The idea" not in core.columns
    for conventions, score in ((core, "This list"), (full, "NDCG of the all-zero list")):
        assert list(conventions.index) == ["0/0 → 0", "0/0 → 1", "0/0 → skipped"]
        assert list(conventions[score]) == ["0.0000", "1.0000", "NaN (left out)"]
        # Mean over the all-zero list and 3, 2, 3, 0, 1 (NDCG 0.9724): halved, lifted, or alone.
        means = list(conventions.iloc[:, 1])
        assert means == ["0.4862", "0.9862", "0.9724"]
    assert "/playground?rels=0,0,0,0,0" in _links(at)


@pytest.mark.parametrize("item", EXAMPLES, ids=lambda item: item.id)
def test_playground_url_carries_the_example_settings(item):
    query = parse_qs(urlsplit(playground_url(item)).query)
    assert urlsplit(playground_url(item)).path == "/playground"
    assert [float(v) for v in query["rels"][0].split(",")] == list(item.relevances)
    scoring = item.ranked.scoring
    assert query.get("k") == ([str(scoring.k)] if isinstance(scoring.k, int) else None)
    assert query.get("gain", ["linear"]) == [scoring.gain]
    assert query.get("discount", ["log2"]) == [scoring.discount]


@pytest.mark.parametrize("family", list(PAGES))
def test_every_erratum_has_its_box(family):
    boxes = [info.value for info in _page(family).info]
    errata = [erratum for item in lesson_order(family) for erratum in item.errata]
    assert len(boxes) == len(errata)
    for box, erratum in zip(boxes, errata):
        assert box.startswith("**") and erratum.text[:20].replace("_", "\\_") in box


@pytest.mark.parametrize("family", list(PAGES))
def test_sources_are_named_by_what_they_are_never_by_file(family):
    text = _text(_page(family))
    assert ".txt" not in text and "file " not in text
    assert not any(f"Source {code}" in text for code in ("000", "001", "002", "003", "004"))
    for key in {item.source for item in lesson_order(family)}:
        source = SOURCES[key]
        assert f"“{source.title}”" in text
        if source.link:
            assert f"]({source.link})" in text


def test_wikipedia_2012_is_cited_with_its_revision_link():
    text = _text(_page("graded"))
    assert "oldid=508382329" in text and "revision of 21 August 2012" in text
    assert "en.wikipedia.org/wiki/Discounted_cumulative_gain" in text  # today's article


def test_russian_headings_come_with_a_translation():
    text = _text(_page("russian"))
    assert "**Ошибка в топе списка** (“an error at the top of the list”)" in text
    assert "every position is wrong, not only the top" in text  # the heading undersells it


# The Russian note's conclusion the third example rebuts, as the note words it (issue 35, item 4).
CONCLUSION = (
    "Идеальный NDCG = 1 достигается только при полном совпадении с идеальным ранжированием."
)


@pytest.mark.parametrize(
    "lang, translation",
    [
        ("en", "An ideal NDCG = 1 is reached only when the ranking matches the ideal ranking"),
        ("zh", "理想的 NDCG = 1 只有在与理想排序完全一致时才能达到"),
        ("ru", None),  # a Russian reader reads the note's own words: no translation beside them
    ],
)
def test_the_rebutted_russian_sentence_is_quoted_in_russian_beside_its_translation(
    lang, translation
):
    at = unfolded(_reveal(open_link(PAGES["russian"], {"lang": lang}), "russian"))
    blocks = [m.value for m in at.markdown]
    (quoted,) = [i for i, block in enumerate(blocks) if CONCLUSION in block]
    assert blocks[quoted].startswith("> ")
    # The rebuttal is right above it, the translation right after it.
    rebuttal = next(i.value for i in at.info if "NDCG = 1" in i.value)
    assert "NDCG = 1" in rebuttal
    captions = " ".join(c.value for c in at.caption)
    if translation is None:
        assert "«" + CONCLUSION[:20] not in captions and "In translation" not in captions
        assert "Заметка делает вывод" in rebuttal
    else:
        assert translation in captions


@pytest.mark.parametrize("family", list(PAGES))
def test_the_number_rule_is_stated_once(family):
    captions = [c.value for c in _page(family).caption if c.value.startswith("Numbers:")]
    assert len(captions) == 1
    assert "4 decimal places" in captions[0] and "6 places" in captions[0]


@pytest.mark.parametrize("family", list(PAGES))
def test_source_checks_are_kept_for_teachers_in_a_fold_of_their_own(family):
    at = _page(family)
    (teachers,) = [e for e in at.expander if e.label.startswith("🧑‍🏫 For teachers")]
    # The learner's folds hold no audit: no printed-vs-exact table, no erratum box.
    learner = [e for e in at.expander if e.label.startswith("📚")]
    assert not [t for e in learner for t in e.table if "Printed" in t.value.columns]
    assert not [i for e in learner for i in e.info]
    # The teachers' fold has every example's check, under its title, in the examples' order.
    titles = [m.value for m in teachers.markdown if m.value.startswith("### ")]
    assert titles == [f"### {item.title}" for item in lesson_order(family)]
    checked = [item for item in lesson_order(family) if item.printed or item.errata]
    audits = [c.value for c in teachers.caption if c.value.startswith("🔎")]
    assert len(audits) == len(checked)
    inside = sum(1 for t in teachers.table if "Printed" in t.value.columns)
    assert inside == sum(1 for item in checked if item.printed)
    assert inside == sum(1 for t in at.table if "Printed" in t.value.columns)
    assert len(teachers.info) == len(at.info)
    for audit, item in zip(audits, checked):
        if item.printed:
            assert f"{len(item.printed)} printed figure" in audit
            assert (f"{item.slips} slip" in audit) == (item.slips > 0)


def test_the_ideal_at_k_slip_is_named_once_on_the_binary_page():
    at = _page("binary")
    (slip,) = [w.value for w in at.warning]
    # rel = 1, 0, 1, 1, 0 at k = 3: the ideal top 3 is 1, 1, 1 (IDCG@3 = 1 + 1/log2 3 + 1/2 =
    # 2.1309); sorting only the top three gives 1, 1, 0 (1 + 1/log2 3 = 1.6309) and NDCG@3 =
    # 1.5 / 1.6309 = 0.9197 instead of 0.7039.
    assert "sorting only the top k items for the ideal" in slip
    assert "1.6309 instead of 2.1309" in slip and "0.9197 instead of 0.7039" in slip


def test_the_pooled_wikipedia_example_teaches_the_pool_and_the_cut():
    at = _page("graded")
    metrics = {(m.label, m.value) for m in at.metric}
    # rel = 3, 2, 3, 0, 1, 2 with D7 = 3 and D8 = 2 judged, never retrieved: ideal top 6 =
    # 3, 3, 3, 2, 2, 2 → IDCG@6 = 3 + 3/log2 3 + 3/2 + 2/log2 5 + 2/log2 6 + 2/log2 7 = 8.7403.
    assert {("IDCG@6", "8.7403"), ("NDCG@6", "0.7850"), ("DCG@6", "6.8611")} <= metrics
    choices = next(t.value for t in at.table if "Used by" in t.value.columns)
    assert list(choices["NDCG"]) == ["0.9608", "0.7850", "0.7562"]
    assert list(choices["IDCG"]) == ["7.1410", "8.7403", "9.0736"]  # uncut: + 1/log2 8 + 0
    text = _text(at)
    assert "D7 (not retrieved)" in text and "D8 (not retrieved)" in text
    assert "known only in part" in text  # the 2012 article's difficulty, tied to the pool
    assert "/playground?rels=3,2,3,0,1,2&pool=3,2" in _links(at)
    # Today's example comes after the 2012 examples, and after their comparison.
    items = [item.id for item in lesson_order("graded")]
    assert items.index("wikipedia-now-pooled") > items.index("wikipedia-2012-swapped")
    headings = [h.value for h in at.header]
    side_by_side = next(i for i, heading in enumerate(headings) if "Side by side" in heading)
    pooled = next(i for i, heading in enumerate(headings) if "Wikipedia today" in heading)
    assert side_by_side < pooled


def test_russian_swaps_are_compared_within_one_list():
    at = _page("russian")
    (swaps,) = [t.value for t in at.table if "Cost (1 − NDCG)" in t.value.columns]
    # 5, 4, 3, 2, 1 with neighbours swapped: 1↔2 gives 4, 5, 3, 2, 1 (example 1: 0.9641).
    assert list(swaps["NDCG"])[:2] == ["0.9641", "0.9873"]
    assert list(swaps["Cost (1 − NDCG)"]) == ["0.0359", "0.0127", "0.0067", "0.0043"]
    assert swaps["Ranked after the swap"].iloc[0] == "4, 5, 3, 2, 1"  # example 1's own list
    assert "same kind of swap lower down" not in _text(at)


def test_the_all_zero_page_claims_no_printed_figure():
    at = _page("zero")
    assert not [t for t in at.table if "Printed" in t.value.columns]
    text = _text(at)
    assert "the five zeros here are ours" in text
    assert "only a label" not in text and "does not matter for one query" not in text
    assert "win or a loss" in text


def test_the_gain_page_says_which_discount_its_wikipedia_numbers_use():
    text = _text(_page("gain"))
    assert "the discount of its formula, not the log₂ i of its table" in text
    assert "0.9315" in text  # the graded page's number, named as the other discount


def test_charts_draw_the_core_numbers():
    # rel = 1, 0, 1, 1, 0: terms 1, 0, 1/log2 4 = 0.5, 1/log2 5, 0; ideal 1, 1, 1, 0, 0
    at = _page("binary")
    # Per full example, the contribution bars and the running totals, and one set of bars per
    # side of the comparison: all the page's own charts, so the page loads no plotly.
    assert plotly_figures(at) == [] and len(line_charts(at)) == 6
    bars = chart_at(at, "learn_binary_binary-dcg3_contribution")
    current, ideal = (series["y"] for series in bars["series"])
    assert current == pytest.approx([1, 0, 1 / log2(4), 1 / log2(5), 0])
    assert ideal == pytest.approx([1, 1 / log2(3), 1 / log2(4), 0, 0])
    # k = 3: the last two bars are drawn faded and hatched, and said not to count.
    assert bars["series"][0]["fill"] == ["solid"] * 3 + ["hatch"] * 2
    assert bars["series"][0]["hover"][3].endswith("beyond k: not counted")
    assert bars["alt"] == "Chart of Contribution (gain × discount) by Position"
    lines = chart_at(at, "learn_binary_binary-dcg3_cumulative")
    running_ideal, running = (series["y"] for series in lines["series"])
    assert running == pytest.approx(np.cumsum(current))
    assert running_ideal == pytest.approx(np.cumsum(ideal))
    compared = chart_at(at, "learn_binary_binary-dcg3-moved-up_compare")
    assert compared["series"][1]["y"] == pytest.approx(ideal)  # the same items, the same ideal


@pytest.mark.parametrize(
    "example_id", ["wikipedia-2012-swapped", "continuous-daecb", "gain-binary-equal"]
)
def test_playground_link_opens_the_same_case(example_id):
    item = example(example_id)
    params = dict(parse_qsl(urlsplit(playground_url(item)).query))
    at = open_page("views/playground.py", **params)
    assert not at.warning, [w.value for w in at.warning]
    shown = next(m.value for m in at.metric if m.label.startswith("NDCG@"))
    assert float(shown) == pytest.approx(item.totals()["NDCG"], abs=5e-5)


# ------------------------------------------------------------------ the core: predict, then see


def _dcg(relevances, k=None, gain=lambda r: r):
    top = np.asarray(relevances, dtype=float)[:k]
    return float(np.sum(gain(top) / np.log2(np.arange(2, top.size + 2))))


def _ndcg(relevances, k=None, gain=lambda r: r):
    return _dcg(relevances, k, gain) / _dcg(sorted(relevances, reverse=True), k, gain)


@pytest.mark.parametrize("family", list(PAGES))
def test_the_core_asks_before_it_shows_any_number(family):
    at = open_page(PAGES[family])
    lead = lesson_order(family)[0]
    assert lead.id == FAMILIES[family].lead
    # The lead example's heading (its anchor the example's id) and its list are there, with the
    # question's box right after.
    assert at.header[0].value == lead.title
    assert at.header[0].proto.anchor == lead.id
    assert at.get("form"), "the question's form is missing"
    # None of the lead's numbers is on the page yet (AppTest also sees what is folded: the other
    # examples' numbers are there, in their folds), neither its NDCG nor its filled sums.
    assert f"{lead.totals()['NDCG']:.4f}" not in {m.value for m in at.metric}
    latex = {e.value for e in at.get("latex")}
    assert not set(worked(lead.scored())) & latex
    assert not set(worked(lead.scored(), values=False)) & latex
    # Nor the step-by-step fold, which holds them too.
    assert not [e for e in at.expander if e.label.startswith("📚 Step by step")]
    # Every other example is in one fold, each under its heading, anchored by its id (app.js
    # opens the fold for a link to one).
    others = lesson_order(family)[1:]
    folds = [e for e in at.expander if e.label.startswith("📚") and "more example" in e.label]
    assert len(folds) == (1 if others else 0)
    if others:
        anchors = {h.proto.anchor: h.value for h in folds[0].header}
        assert {item.id: item.title for item in others}.items() <= anchors.items()


def _answer(at, family: str, option: str):
    at.radio(key=f"predict_walkthrough-{family}_choice").set_value(option)
    at.button(key=f"FormSubmitter:predict_walkthrough-{family}_form-Check my guess").click().run()
    assert not at.exception, [e.value for e in at.exception]
    return at


def test_the_binary_question_asks_whether_an_item_below_k_counts():
    # 1, 0, 1, 1, 0 at k = 3 against 1, 0, 1, 0, 0: the item at position 4 joins the ideal top 3.
    with_it, without = _ndcg([1, 0, 1, 1, 0], 3), 1.5 / (1 + 1 / log2(3))
    assert with_it < without
    exercise = question("binary")
    assert len(exercise.choices) == 3
    right = exercise.choices[practice.correct_choice(exercise)].text
    assert right == "NDCG@3 is lower with the item than without it"
    at = _answer(open_page(PAGES["binary"]), "binary", "NDCG@3 is the same either way")
    (said,) = [i.value for i in at.info if "Not quite." in i.value]
    assert "ideal top 3" in said  # the option's reasoning, once picked
    assert f"{with_it:.4f}" in " ".join(e.value for e in at.latex)  # the sum line, revealed
    assert f"Position 4 judged not relevant: NDCG@3 = {without:.4f}." in _text(at)


def test_the_graded_question_asks_which_fix_gains_more():
    exercise = question("graded")
    fix_top, fix_low = _ndcg([3, 3, 2, 0, 1]), _ndcg([3, 2, 3, 1, 0])
    assert fix_top > fix_low  # 0.9931 against 0.9793
    right = exercise.choices[practice.correct_choice(exercise)].text
    assert right == "Swapping the 2 above the 3 (positions 2, 3)"
    at = _answer(open_page(PAGES["graded"]), "graded", right)
    assert any("Right!" in s.value for s in at.success)
    assert f"Positions 2 and 3 swapped: NDCG@5 = {fix_top:.4f}." in _text(at)


def test_the_gain_question_asks_which_way_the_number_moves():
    linear, power = _ndcg([3, 2, 3, 0, 1]), _ndcg([3, 2, 3, 0, 1], gain=lambda r: 2**r - 1)
    assert power < linear  # 0.9575 against 0.9724
    exercise = question("gain")
    assert exercise.choices[practice.correct_choice(exercise)].text == "It goes down"
    at = _answer(open_page(PAGES["gain"]), "gain", "It goes up")
    assert any("stretches the gaps" in i.value for i in at.info)
    assert f"Gain rel: NDCG@5 = {linear:.4f}." in _text(at)


def test_the_continuous_question_compares_the_two_orders():
    exercise = question("continuous")
    a, b = _ndcg([0.5, 0.9, 0.3, 0.6, 0.1]), _ndcg([0.6, 0.5, 0.1, 0.3, 0.9])
    assert a > b  # 0.8930 against 0.8505
    assert sorted(c.text for c in exercise.choices) == [
        "Both score the same",
        "[A, B, C, D, E] scores higher",
        "[D, A, E, C, B] scores higher",
    ]
    at = _answer(open_page(PAGES["continuous"]), "continuous", "[A, B, C, D, E] scores higher")
    assert any("Right!" in s.value for s in at.success)
    names = ["[A, B, C, D, E]", "[D, A, E, C, B]"]
    totals = next(t.value for t in at.table if list(t.value.columns)[:2] == names)
    assert list(totals.loc["NDCG"])[:2] == [f"{a:.4f}", f"{b:.4f}"]
    assert list(totals.loc["CG"])[:2] == ["2.4000", "2.4000"]


def test_the_russian_question_asks_what_a_reversed_list_scores():
    exercise = question("russian")
    reversed_score = _ndcg([7, 8, 9, 10])
    assert reversed_score == pytest.approx(0.9190, abs=5e-5)
    assert exercise.choices[practice.correct_choice(exercise)].text == "0.9 or more"
    assert "7, 8, 9, 10" in exercise.prompt and "10, 9, 8, 7" in exercise.prompt
    at = _answer(open_page(PAGES["russian"]), "russian", "Below 0.5")
    assert any("Not quite." in i.value for i in at.info)
    assert "turned upside down" in _text(at)


def test_the_all_zero_question_is_the_libraries_puzzle_on_five_zeros():
    exercise = question("zero")
    assert "0, 0, 0, 0, 0" in exercise.prompt
    right = exercise.choices[practice.correct_choice(exercise)].text
    assert "0/0 → 1" in right and "0/0 → 0" in right
    # The lead-in that would answer it comes after it, as the reveal's heading.
    at = open_page(PAGES["zero"])
    assert "0 / 0 has no value" not in " ".join(m.value for m in at.markdown)
