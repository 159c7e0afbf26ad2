"""A part file (`python -m devtools.messages part`) is read beside the catalogue: its
translation is used where the catalogue has the message without one, and never over one."""

from __future__ import annotations

import i18n

HEAD = """msgid ""
msgstr ""
"Language: ru\\n"
"Content-Type: text/plain; charset=utf-8\\n"
"Plural-Forms: nplurals=3; plural=n % 10 == 1 && n % 100 != 11 ? 0 : n % 10 >= 2 && n % 10 <= 4 && (n % 100 < 12 || n % 100 > 14) ? 1 : 2;\\n"

"""


def _entries(**pairs: str) -> str:
    return HEAD + "".join(f'msgid "{k}"\nmsgstr "{v}"\n\n' for k, v in pairs.items())


def test_a_part_fills_what_the_catalogue_leaves_empty_but_never_overrides_it(tmp_path, monkeypatch):
    folder = tmp_path / "ru" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    (folder / "messages.po").write_text(_entries(Home="", Start="Начало"), encoding="utf-8")
    (folder / "pages.po").write_text(
        _entries(Home="Главная", Start="Старт", Playground="Песочница"), encoding="utf-8"
    )
    monkeypatch.setattr(i18n, "LOCALES", tmp_path)
    i18n.catalogue.cache_clear()
    try:
        with i18n.speaking("ru"):
            assert [i18n.tr(text) for text in ("Home", "Start", "Playground")] == [
                "Главная",
                "Начало",
                "Песочница",
            ]
    finally:
        i18n.catalogue.cache_clear()
