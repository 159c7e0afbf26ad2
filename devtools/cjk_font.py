"""The Chinese glyphs the app serves: a subset of Noto Sans CJK SC holding exactly the CJK
characters the app shows, so no learner sees empty boxes where no CJK font is installed.

    python -m devtools.cjk_font [SOURCE.ttc]

reads every character the app can show (the catalogues of i18n/locales, and the text in the
code: a quoted source title, the glossary's Chinese terms), keeps the CJK ones and the
full-width punctuation, and writes `static/fonts/ndcg-lab-cjk.woff2` from SOURCE (default:
Debian's fonts-noto-cjk, `apt-get download fonts-noto-cjk` and unpack it if it is not installed;
the app never needs it at run time). tests/core/test_languages.py fails, naming the characters,
when the app shows one the subset lacks: run this again then.

Noto Sans CJK is © Google and Adobe, under the SIL Open Font License 1.1 (static/fonts/OFL.txt).
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FONT = ROOT / "static" / "fonts" / "ndcg-lab-cjk.woff2"
SOURCE = Path("/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc")
SC_INDEX = 2  # the collection's faces: JP, KR, SC, TC, HK (each in Sans and Sans Mono)
# What the subset covers (also the @font-face's unicode-range in ui/assets/app.css): CJK
# punctuation, the unified ideographs and the full-width forms.
RANGES = ((0x3000, 0x303F), (0x3400, 0x4DBF), (0x4E00, 0x9FFF), (0xFF00, 0xFFEF))
_TEXT_FILES = ("*.py", "*.po", "*.js", "*.html", "*.css", "*.md")
_FOLDERS = ("app.py", "i18n", "lessons", "views", "ui", "classroom", "ndcg_core")


def is_cjk(character: str) -> bool:
    code = ord(character)
    return any(low <= code <= high for low, high in RANGES)


def shown_characters() -> set[str]:
    """Every CJK character in the text the app can show."""
    found: set[str] = set()
    for name in _FOLDERS:
        path = ROOT / name
        files = [path] if path.is_file() else [f for p in _TEXT_FILES for f in path.rglob(p)]
        for file in files:
            found.update(c for c in file.read_text(encoding="utf-8") if is_cjk(c))
    return found


def covered() -> set[str]:
    """The characters the served subset has glyphs for."""
    from fontTools.ttLib import TTFont

    font = TTFont(FONT)
    return {chr(code) for code in font.getBestCmap()}


def build(source: Path = SOURCE) -> None:
    from fontTools import subset

    characters = sorted(shown_characters())
    options = subset.Options()
    options.flavor = "woff2"
    options.layout_features = ["*"]
    options.name_IDs = ["*"]  # keep the font's names and licence
    options.font_number = SC_INDEX
    font = subset.load_font(str(source), options, dontLoadGlyphNames=True)
    subsetter = subset.Subsetter(options)
    subsetter.populate(text="".join(characters))
    subsetter.subset(font)
    FONT.parent.mkdir(parents=True, exist_ok=True)
    subset.save_font(font, str(FONT), options)
    print(f"{FONT.relative_to(ROOT)}: {len(characters)} characters, {FONT.stat().st_size:,} bytes")


if __name__ == "__main__":
    build(Path(sys.argv[1]) if len(sys.argv) > 1 else SOURCE)
