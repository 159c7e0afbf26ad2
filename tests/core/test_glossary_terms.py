"""Each glossary term is translated the same way everywhere (issue 35, item 6): wherever the
English text of the catalogue uses a term, its Russian and Chinese translations use the term's
Russian and Chinese names (`lessons.glossary.Term.ru` / `.zh`).

The catalogues are read as the app reads them: every .po file of a language (messages.po, and
the part files beside it while the translation is under way). For every translated message whose
English contains a term (a whole word, any case), the Russian contains each Cyrillic word of the
term's Russian name by its first six letters (so case endings may vary: выигрыш, выигрыша; a
shorter word by all but its last two letters: список, списка), and
the Chinese contains each run of Chinese characters of the term's Chinese name. What comes
before " (" is the name; the bracket holds other names and glosses, which are not required.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from i18n import LOCALES
from lessons.glossary import BY_KEY, TERMS

# The terms every translation must use, in every message that uses them in English (the
# sources' own words: выигрыш, дисконт, релевантность, идеальное ранжирование; 增益, 折损, 相关性,
# 理想排序, 归一化折损累计增益).
CORE = ("gain", "discount", "relevance", "ideal", "cut_off", "cg", "dcg", "ndcg")
# How the English text writes a term, where the glossary's name alone would not find it (the
# ideal ranking is often "the ideal order"; NDCG's long name is spelt both ways).
ENGLISH = {
    "ndcg": r"normali[sz]ed discounted cumulative gain",
    "ideal": r"ideal (?:ranking|order)",
    "cut_off": r"cut-?off",
    "gain": r"gains?",
    "discount": r"discounts?",
    # Precision on its own: average precision (平均精度) and rank-biased precision are terms of
    # their own.
    "precision": r"(?<!average )(?<!rank-biased )precision",
    "recall": r"recall",
    "hit_rate": r"hit rate",
}
# Names written the same in every language: nothing to find.
NAMES = ("qrels", "trec_ndcg", "lambdarank")
# Terms whose English word is mostly another word in ordinary sentences, so a message using it
# need not use the term: "run" (to run), "mean" (to mean), "query" and "seed" (checked on the
# everyday words), "swap" (to swap: поменять местами), "hit" (to hit), "ties" (ties to).
HOMONYMS = ("run", "mean", "swap", "hit", "seed", "query", "ties")
CYRILLIC_WORD = re.compile(r"[А-Яа-яЁё]{3,}")
CHINESE_RUN = re.compile(r"[\u4e00-\u9fff]+")
FIELD = re.compile(r"\{\w*\}")  # a message's fields ({gain}, {pool}) are values, not words


def head(name: str) -> str:
    return re.split(r" \(|（", name, maxsplit=1)[0].strip()


def english_pattern(key: str) -> re.Pattern:
    text = ENGLISH.get(key) or re.escape(head(BY_KEY[key].name))
    return re.compile(rf"(?<![\w-])(?:{text})(?![\w-])", re.IGNORECASE)


def stem(word: str) -> str:
    """A Russian word's first six letters, so its case endings may vary; a shorter word loses
    its last two letters for the same reason (список, списка: спис), keeping three at least."""
    return word[: min(6, max(3, len(word) - 2))].casefold()


def russian_stems(key: str) -> list[str]:
    return [stem(word) for word in CYRILLIC_WORD.findall(head(BY_KEY[key].ru))]


def chinese_runs(key: str) -> list[str]:
    return CHINESE_RUN.findall(head(BY_KEY[key].zh))


def catalogue(lang: str) -> dict[str, str]:
    """Every translated message of `lang`, English → translation (plural forms joined), from
    every .po file of the language, as the app reads them."""
    found: dict[str, str] = {}
    folder = LOCALES / lang / "LC_MESSAGES"
    for path in sorted(Path(folder).glob("*.po")):
        with path.open("rb") as file:
            for message in read_po(file, locale=lang):
                if not message.id or message.fuzzy:
                    continue
                english = message.id if isinstance(message.id, str) else " ".join(message.id)
                strings = message.string if isinstance(message.string, tuple) else (message.string,)
                if all(strings):
                    found.setdefault(english, " ".join(strings))
    return found


RU, ZH = catalogue("ru"), catalogue("zh")


def misses(key: str) -> list[str]:
    """Each translated message that uses the term in English and not in Russian or Chinese."""
    pattern, stems, runs = english_pattern(key), russian_stems(key), chinese_runs(key)
    wrong = []
    for english, russian in RU.items():
        if pattern.search(FIELD.sub("", english)):
            lost = [stem for stem in stems if stem not in russian.casefold()]
            if lost:
                wrong.append(f"ru {lost}: {english!r} → {russian!r}")
    for english, chinese in ZH.items():
        if pattern.search(FIELD.sub("", english)):
            lost = [run for run in runs if run not in chinese]
            if lost:
                wrong.append(f"zh {lost}: {english!r} → {chinese!r}")
    return wrong


def test_every_term_is_named_in_russian_and_chinese_and_acronyms_stay_latin():
    for term in TERMS:
        assert term.ru and term.zh, term.key
        for symbol in ("NDCG", "DCG", "IDCG"):
            if symbol in term.name.split():
                assert symbol in term.ru and symbol in term.zh, term.key
    assert BY_KEY["gain"].ru == "выигрыш" and BY_KEY["gain"].zh == "增益"
    assert head(BY_KEY["ndcg"].ru) == "нормированный дисконтированный кумулятивный выигрыш"
    assert BY_KEY["ndcg"].zh == "归一化折损累计增益"


def test_the_catalogues_are_read():
    # Without translations the checks below would pass on nothing.
    assert len(RU) > 100 and len(ZH) > 100
    assert any(english_pattern("gain").search(english) for english in RU)


@pytest.mark.parametrize("key", CORE)
def test_a_core_term_is_translated_the_same_way_everywhere(key):
    assert russian_stems(key) and chinese_runs(key), key
    wrong = misses(key)
    assert not wrong, f"{len(wrong)} messages:\n" + "\n".join(wrong)


@pytest.mark.parametrize("key", [t.key for t in TERMS if t.key not in (*CORE, *NAMES, *HOMONYMS)])
def test_every_other_term_is_translated_the_same_way_everywhere(key):
    wrong = misses(key)
    assert not wrong, f"{len(wrong)} messages:\n" + "\n".join(wrong)


def test_the_test_finds_a_term_translated_otherwise():
    # A Russian message that says "прирост" for gain, or Chinese "收益", is caught.
    global RU, ZH
    kept = RU, ZH
    try:
        RU = {"The gain of each grade.": "Прирост каждой оценки."}
        ZH = {"The gain of each grade.": "每个等级的收益。"}
        assert len(misses("gain")) == 2
        RU = {"The gains of each grade.": "Выигрыши каждой оценки."}
        ZH = {"The gains of each grade.": "每个等级的增益。"}
        assert misses("gain") == []
    finally:
        RU, ZH = kept
