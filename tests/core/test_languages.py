"""The three languages (i18n/): the catalogues hold every text the code marks, each translation
keeps its message's fields and plural forms, the texts are marked so they can be extracted,
numbers are written the language's way, and the Chinese font subset has every character the
app shows."""

from __future__ import annotations

import ast
import re
import string
import unicodedata

import pytest

import i18n
from devtools import ROOT, cjk_font, messages
from ndcg_core import display

SOURCES = [
    path
    for name in messages.SOURCES
    for path in ([ROOT / name] if (ROOT / name).is_file() else (ROOT / name).rglob("*.py"))
]
MARKERS = {"tr", "trn", "N_", "tr_kept", "trn_kept"}


def _fields(text: str) -> set[str]:
    try:
        return {name for _, name, _, _ in string.Formatter().parse(text) if name}
    except ValueError:  # a text with a lone brace is not formatted (it has no fields)
        return set()


@pytest.fixture(scope="module")
def catalogues():
    from babel.messages.pofile import read_po

    found = {}
    for lang in messages.languages():
        entries = {}
        for path in sorted(messages.folder(lang).glob("*.po")):
            with path.open("rb") as file:
                for message in read_po(file, locale=lang):
                    if message.id and message.string and not message.fuzzy:
                        entries.setdefault(message.id, message)
        found[lang] = entries
    return found


def test_texts_are_marked_as_whole_literal_sentences():
    """tr/trn/N_ take a literal text (Babel extracts it), never an f-string or a sum of pieces;
    tr of a variable translates a text marked with N_ where it is kept."""
    wrong = []
    for path in SOURCES:
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if not (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Name)
                and node.func.id in MARKERS
                and node.args
            ):
                continue
            texts = node.args[:2] if node.func.id in ("trn", "trn_kept") else node.args[:1]
            for text in texts:
                if isinstance(text, ast.JoinedStr | ast.BinOp):
                    wrong.append(f"{path.relative_to(ROOT)}:{node.lineno}")
                if node.func.id in ("trn", "trn_kept", "N_") and not isinstance(text, ast.Constant):
                    wrong.append(f"{path.relative_to(ROOT)}:{node.lineno} (not a literal)")
    assert not wrong, "Mark whole literal texts (no f-strings, no sums): " + ", ".join(wrong)


def test_every_text_the_code_marks_is_translated_in_every_language():
    gaps = messages.missing()
    said = {lang: texts for lang, texts in gaps.items() if texts}
    assert not said, (
        "Not translated (run `make messages`, then translate each msgstr): "
        + "; ".join(f"{lang}: {len(texts)}, e.g. {texts[:3]}" for lang, texts in said.items())
    )


def test_every_translation_keeps_its_fields(catalogues):
    """A translation has the same {fields} as its English text (a field lost is a number the
    learner never sees; one added is a crash)."""
    wrong = []
    for lang, entries in catalogues.items():
        for message in entries.values():
            ids = message.id if isinstance(message.id, tuple) else (message.id,)
            strings = message.string if isinstance(message.string, tuple) else (message.string,)
            expected = set().union(*map(_fields, ids))
            for text in strings:
                got = _fields(text)
                # A plural form may leave out the count ("один пример" for 1): {n} is optional.
                if text and (got - {"n"} != expected - {"n"} or not got <= expected | {"n"}):
                    wrong.append(f"{lang}: {ids[0][:60]!r} → {text[:60]!r}")
    assert not wrong, "\n".join(wrong[:30])


def _bold_unpaired(text: str) -> bool:
    """Whether a `**` of `text` does not open or close bold as CommonMark (Streamlit's Markdown)
    reads it: a `**` closes only if it follows no space, and, when it follows punctuation, only
    if a space or punctuation comes next. So "**第 1 轮：**全班" shows its asterisks (the
    full-width colon is punctuation, 全 is not); "**第 1 轮**：全班" is bold."""

    def punctuation(c: str) -> bool:
        return not c or c.isspace() or unicodedata.category(c)[0] in "PS"

    text = re.sub(r"\{[a-z_0-9]*\}", "1", re.sub(r"`[^`]*`", "x", text))  # fields: a number
    open_at = None
    for mark in re.finditer(r"\*\*", text):
        before, after = text[mark.start() - 1 : mark.start()], text[mark.end() : mark.end() + 1]
        opens = bool(after.strip()) and (not punctuation(after) or punctuation(before))
        closes = bool(before.strip()) and (not punctuation(before) or punctuation(after))
        if (open_at is None and not opens) or (open_at is not None and not closes):
            return True
        open_at = None if open_at is not None else mark.start()
    return open_at is not None


def test_bold_stays_bold_in_every_translation(catalogues):
    """Where the English is bold, the translation is too: no `**` left on the page because a
    Chinese full-width colon or full stop sits just inside it."""
    wrong = []
    for lang, entries in catalogues.items():
        for message in entries.values():
            ids = message.id if isinstance(message.id, tuple) else (message.id,)
            strings = message.string if isinstance(message.string, tuple) else (message.string,)
            if _bold_unpaired(ids[0]):
                continue  # the English itself is not Markdown bold here
            wrong += [f"{lang}: {text[:80]!r}" for text in strings if _bold_unpaired(text)]
    assert not wrong, "\n".join(wrong)


def test_russian_plurals_have_three_forms_and_chinese_one(catalogues):
    for lang, forms in (("ru", 3), ("zh", 1)):
        for message in catalogues[lang].values():
            if isinstance(message.id, tuple):
                assert len([s for s in message.string if s]) == forms, (lang, message.id)


def test_the_russian_plural_rule_is_the_cldr_one():
    """1 пример, 2 примера, 5 примеров, 21 пример, 11 примеров: the catalogue's rule."""
    from babel import Locale

    rule = Locale("ru").plural_form
    assert [rule(n) for n in (1, 2, 5, 21, 11, 22, 111)] == [
        "one",
        "few",
        "many",
        "one",
        "many",
        "few",
        "many",
    ]
    header = (messages.folder("ru") / "messages.po").read_text(encoding="utf-8")
    assert "nplurals=3" in header


def test_the_language_comes_from_the_link_then_the_browser_then_english():
    assert i18n.from_locale("ru-RU") == "ru"
    assert i18n.from_locale("zh-Hans-CN") == "zh"
    assert i18n.from_locale("zh_TW") == "zh"
    assert i18n.from_locale("de-DE") is None
    assert i18n.from_locale(None) is None
    assert i18n.language() == "en"
    with i18n.speaking("ru"):
        assert i18n.language() == "ru"
    assert i18n.language() == "en"
    with pytest.raises(ValueError, match="`lang` 'fr' is not one of en, ru, zh"):
        i18n.set_language("fr")


@pytest.mark.parametrize(
    ("lang", "fixed", "count", "signed"),
    [
        ("en", "0.9608", "3,628,800", "−0.0866"),
        ("zh", "0.9608", "3,628,800", "−0.0866"),
        ("ru", "0,9608", "3\u202f628\u202f800", "−0,0866"),
    ],
)
def test_numbers_are_written_the_languages_way(lang, fixed, count, signed):
    with i18n.speaking(lang):
        assert display.fixed(0.96077) == fixed
        assert display.count(3_628_800) == count
        assert display.signed(-0.08656) == signed
        assert display.signed(0.00001) == display.fixed(0)
        # Formulas, links and typed lists keep the point in every language.
        assert display.fixed(0.96077, decimal=".") == "0.9608"
        assert display.exact(0.5, decimal=".") == "0.5"


def test_the_chinese_font_has_every_character_the_app_shows():
    missing = cjk_font.shown_characters() - cjk_font.covered()
    assert not missing, (
        f"{len(missing)} Chinese characters have no glyph in {cjk_font.FONT.name}: "
        f"{''.join(sorted(missing))[:80]} — run `python -m devtools.cjk_font` (see its docstring)."
    )
    licence = cjk_font.FONT.parent / "OFL.txt"
    assert "SIL Open Font License" in licence.read_text(encoding="utf-8")


def test_the_font_is_served_and_declared_for_the_cjk_ranges_only():
    config = (ROOT / ".streamlit" / "config.toml").read_text(encoding="utf-8")
    assert re.search(r"^enableStaticServing = true$", config, re.M)
    css = (ROOT / "ui" / "assets" / "app.css").read_text(encoding="utf-8")
    face = re.search(r"@font-face \{(.*?)\}", css, re.S).group(1)
    assert f"app/static/fonts/{cjk_font.FONT.name}" in face
    for low, high in cjk_font.RANGES:
        assert f"U+{low:04X}-{high:04X}" in face


def test_a_kept_message_writes_its_numbers_again_in_the_language_it_is_retold_in():
    # A run read where English is spoken (a worker process) and shown on a Russian page: its
    # counts and line numbers are Russian numbers there, not "1,101" with an English comma.
    from ndcg_core import runs

    # 1,000 lines that read, then 119,000 that do not: a file that mostly does not read (the
    # summary is for a file at most 1 % of whose lines read).
    good = "".join(f"1 Q0 d{i} {i} {1 / (i + 1)} r\n" for i in range(1_000))
    text = (good + "1 Q0 broken\n" * 119_000).encode()
    summary = runs.read_trec_run(text, "run.txt").summary
    assert "1,000 of the 120,000 lines" in summary and "Line 1,001 reads" in summary, summary
    with i18n.speaking("ru"):
        said = i18n.retold(summary)
    assert said != summary
    for number in ("1 000", "120 000", "1 001"):
        assert number.replace(" ", i18n.NARROW_NBSP) in said, (number, said)
    assert not re.search(r"\d,\d{3}", said), said
