"""The message catalogues: extract every text the code marks (tr, trn, N_) and keep each
language's catalogue in step with it.

    python -m devtools.messages update          # i18n/messages.pot, and every messages.po
    python -m devtools.messages part NAME PATH…  # NAME.po beside messages.po, for PATH's texts
    python -m devtools.messages check           # what is missing, per language (exit 1 if any)

`update` also folds any part file (NAME.po, made by `part` while a part of the app was being
translated) into messages.po and deletes it: one catalogue per language.
"""

from __future__ import annotations

import copy
import sys
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir, extract_from_file
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parent.parent
I18N = ROOT / "i18n"
TEMPLATE = I18N / "messages.pot"
# Where the app's shown text lives (the tests and the benchmarks stay English, and so does the
# command line: what it shares with a page, a comparison's family in words, is marked there).
SOURCES = (
    "app.py",
    "ui",
    "views",
    "lessons",
    "classroom",
    "ndcg_core",
    "i18n",
    "outside",
    "commands",
)
KEYWORDS = {
    "tr": (1,),
    "trn": (1, 2),
    "N_": (1,),
    "tr_kept": (1,),
    "trn_kept": (1, 2),
}  # the text only, not its fields
COMMENT_TAGS = ("Translators:",)


def extract(paths=SOURCES) -> Catalog:
    """Every marked text under `paths` (files or folders, relative to the repository)."""
    catalog = Catalog(project="NDCG Lab", fuzzy=False)
    for name in paths:
        path = ROOT / name
        if path.is_dir():
            found = (
                (str(Path(name) / filename), lineno, message, comments, context)
                for filename, lineno, message, comments, context in extract_from_dir(
                    path,
                    method_map=[("**.py", "python")],
                    keywords=KEYWORDS,
                    comment_tags=COMMENT_TAGS,
                    strip_comment_tags=True,
                )
            )
        else:
            found = (
                (name, lineno, message, comments, context)
                for lineno, message, comments, context in extract_from_file(
                    "python",
                    path,
                    keywords=KEYWORDS,
                    comment_tags=COMMENT_TAGS,
                    strip_comment_tags=True,
                )
            )
        for filename, lineno, message, comments, context in found:
            catalog.add(
                message, None, [(filename, lineno)], auto_comments=comments, context=context
            )
    return catalog


def _read(path: Path, lang: str) -> Catalog:
    with path.open("rb") as file:
        return read_po(file, locale=lang)


def _write(catalog: Catalog, path: Path) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("wb") as file:
        write_po(
            file,
            catalog,
            width=100,
            sort_by_file=True,
            include_previous=False,
            no_location=path.suffix == ".po",
        )


def languages() -> list[str]:
    from i18n import DEFAULT, LANGUAGES

    return [lang for lang in LANGUAGES if lang != DEFAULT]


def folder(lang: str) -> Path:
    return I18N / "locales" / lang / "LC_MESSAGES"


def update() -> None:
    template = extract()
    _write(template, TEMPLATE)
    for lang in languages():
        main = folder(lang) / "messages.po"
        catalog = _read(main, lang) if main.exists() else Catalog(locale=lang, project="NDCG Lab")
        parts = sorted(p for p in folder(lang).glob("*.po") if p.name != "messages.po")
        for part in parts:
            for message in _read(part, lang):
                if not message.id or not message.string:
                    continue
                known = catalog.get(message.id)
                if known is None:
                    catalog[message.id] = message
                elif not known.string or known.fuzzy:
                    # (Babel's catalog[id] = message keeps an entry's old string: set it here.)
                    known.string = message.string
                    known.flags.discard("fuzzy")
        catalog.update(copy.deepcopy(template), no_fuzzy_matching=True)  # (see `part`)
        _write(catalog, main)
        for part in parts:
            part.unlink()
        print(
            f"{lang}: {main.relative_to(ROOT)} ({len(catalog)} messages; {len(parts)} parts folded)"
        )


def part(name: str, paths: list[str]) -> None:
    """NAME.po per language: `paths`' texts, with the translations they already have anywhere."""
    extracted = extract(paths)
    for lang in languages():
        # Babel's update puts the template's own new entries into the catalogue: each language
        # gets a copy, or the translations filled in for one language end up in the next.
        template = copy.deepcopy(extracted)
        target = folder(lang) / f"{name}.po"
        catalog = (
            _read(target, lang) if target.exists() else Catalog(locale=lang, project="NDCG Lab")
        )
        main = folder(lang) / "messages.po"
        known = _read(main, lang) if main.exists() else None
        catalog.update(template, no_fuzzy_matching=True)
        for message in catalog:
            if message.id and not message.string and known is not None:
                other = known.get(message.id)
                if other is not None and other.string and not other.fuzzy:
                    message.string = other.string
        _write(catalog, target)
        missing = sum(1 for m in catalog if m.id and not m.string)
        print(
            f"{lang}: {target.relative_to(ROOT)} ({len(catalog)} messages, {missing} untranslated)"
        )


def missing() -> dict[str, list[str]]:
    """Per language, the extracted texts its catalogue has no translation for (an entry that is
    absent, empty or fuzzy; a translation written like the English, a formula or a name, counts)."""
    template = extract()
    result = {}
    for lang in languages():
        entries = {}
        for path in sorted(folder(lang).glob("*.po")):
            for message in _read(path, lang):
                strings = message.string if isinstance(message.string, tuple) else (message.string,)
                if message.id and all(strings) and not message.fuzzy:
                    entries.setdefault(message.id, message)
        result[lang] = [
            message.id if isinstance(message.id, str) else message.id[0]
            for message in template
            if message.id and message.id not in entries
        ]
    return result


def main(argv: list[str]) -> int:
    command = argv[0] if argv else "update"
    if command == "update":
        update()
    elif command == "part":
        part(argv[1], argv[2:])
    elif command == "check":
        gaps = missing()
        for lang, texts in gaps.items():
            print(f"{lang}: {len(texts)} untranslated")
            for text in texts[:20]:
                print("   ", text[:100].replace("\n", " "))
        return 1 if any(gaps.values()) else 0
    else:
        print(__doc__)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
