"""The app's languages: English, Russian and Chinese, from one gettext catalogue per language.

Every text a page shows is written in English in the code, marked for translation, and looked
up in `i18n/locales/<lang>/LC_MESSAGES/messages.po` (Babel's gettext catalogues; `make messages`
extracts the marked texts and updates the catalogues). The language is the session's: app.py
sets it at the start of each run (the `lang` URL parameter, else the browser's language, else
English); the command line stays English.

- ``tr("NDCG@{k} of this list", k=3)``: a whole sentence, translated, then its named fields
  filled in (``str.format``). A text without fields is not formatted, so braces in it are safe.
- ``trn("{n} example", "{n} examples", n)``: a sentence with a count, in the language's plural
  form (CLDR: 1 пример, 2 примера, 5 примеров; Chinese has one form). ``n`` is filled in.
- ``N_("...")``: marks a text kept in data (a lesson's table, a glossary entry) for the
  catalogue without translating it there; the page translates it with ``tr`` when it shows it.
- ``language()``; ``speaking(lang)``: this language for a block (tests, and a cache's key);
  ``in_this_language(func)``: a widget's ``format_func`` that keeps the run's language.
- ``tr_kept``/``trn_kept``: a text kept in data that outlives its run (a shared cache, a worker
  process's result), `retold` in the language of the page that shows it.

Never glue a sentence from translated pieces: word order and agreement differ between the
languages. Formulas (LaTeX) and the names practitioners write as they are (NDCG@k, DCG, IDCG,
library and measure names) are the same in every language.
"""

from __future__ import annotations

import contextvars
import gettext
import io
import numbers
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from functools import cache
from pathlib import Path

# The languages, each named in itself (as the language switch shows them).
LANGUAGES: dict[str, str] = {"en": "English", "ru": "Русский", "zh": "中文"}
DEFAULT = "en"
LOCALES = Path(__file__).parent / "locales"
DOMAIN = "messages"

_language: contextvars.ContextVar[str | None] = contextvars.ContextVar(
    "ndcg_lab_language", default=None
)
# Where a thread that was not told its language finds it: the app registers its session's
# (`ui.language`), since a widget's callback and a fragment's rerun run without app.py.
_session_language: Callable[[], str | None] | None = None


def language() -> str:
    """The language this run speaks: 'en', 'ru' or 'zh' (what this thread was told, else its
    session's, else English)."""
    lang = _language.get()
    if lang is None and _session_language is not None:
        lang = _session_language()
    return lang if lang in LANGUAGES else DEFAULT


def use_session_language(getter: Callable[[], str | None]) -> None:
    """Ask `getter` for the language of a thread that was not told one (the app's session)."""
    global _session_language
    _session_language = getter


def set_language(lang: str) -> None:
    """Speak `lang` from here on in this thread (app.py, at the start of each run)."""
    if lang not in LANGUAGES:
        raise ValueError(
            f"`lang` {lang!r} is not one of {', '.join(LANGUAGES)}: pass one of those."
        )
    _language.set(lang)


@contextmanager
def speaking(lang: str) -> Iterator[None]:
    """Speak `lang` inside the block, then the language before it again."""
    if lang not in LANGUAGES:
        raise ValueError(
            f"`lang` {lang!r} is not one of {', '.join(LANGUAGES)}: pass one of those."
        )
    token = _language.set(lang)
    try:
        yield
    finally:
        _language.reset(token)


def from_locale(locale: str | None) -> str | None:
    """The app's language for a browser's locale ('ru-RU' → 'ru', 'zh-Hant-TW' → 'zh'), or None
    when the app does not speak it."""
    if not locale:
        return None
    primary = locale.replace("_", "-").split("-")[0].lower()
    return primary if primary in LANGUAGES else None


@cache
def catalogue(lang: str) -> gettext.NullTranslations:
    """`lang`'s translations, read once per process from its .po files (compiled in memory, so
    there is no build step and no compiled file to keep in step). English is the code's text."""
    if lang == DEFAULT:
        return gettext.NullTranslations()
    # Babel is imported here, not at the top: the command line and the core's tests never pay
    # for it, and the app pays once.
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    folder = LOCALES / lang / "LC_MESSAGES"
    merged = None
    # messages.po is the catalogue; any other .po beside it (a part being translated) is read
    # after it, so the catalogue's own entries win.
    for path in sorted(folder.glob("*.po"), key=lambda p: (p.name != f"{DOMAIN}.po", p.name)):
        with path.open("rb") as file:
            part = read_po(file, locale=lang)
        if merged is None:
            merged = part
            continue
        for message in part:
            known = merged.get(message.id) if message.id else None
            # An entry of the catalogue without a translation yet does not hide the part's.
            if not (message.id and message.string):
                continue
            if known is None:
                merged[message.id] = message
            elif not known.string:
                known.string = message.string  # (setting the entry would keep its empty one)
    if merged is None:
        return gettext.NullTranslations()
    buffer = io.BytesIO()
    write_mo(buffer, merged)
    buffer.seek(0)
    return gettext.GNUTranslations(buffer)


NARROW_NBSP = "\u202f"  # between thousands, and before "%", in Russian
# Each language's decimal mark and thousands separator; the others write 0.5 and 3,628,800.
# Here, in the bottom package, so that every package writes numbers alike (`ndcg_core.display`
# builds its formats on it; `outside`, which imports nothing else, uses it as it is).
MARKS = {"ru": (",", NARROW_NBSP)}


def localized(text: str, decimal: str | None = None) -> str:
    """`text`, a number written the Python way (0.5, 3,628,800), in this run's language's marks;
    `decimal="."` keeps the Python way (formulas, links, what is read back)."""
    if decimal == "." or language() not in MARKS:
        return text
    point, thousands = MARKS[language()]
    return text.replace(",", "\0").replace(".", point).replace("\0", thousands)


def tr(message: str, /, **values: object) -> str:
    """`message` in this run's language, its named fields filled in from `values`."""
    text = catalogue(language()).gettext(message)
    return text.format(**values) if values else text


def trn(singular: str, plural: str, n: int, /, **values: object) -> str:
    """A sentence with a count `n`, in the language's plural form; ``{n}`` is filled in."""
    text = catalogue(language()).ngettext(singular, plural, n)
    return text.format(n=n, **values)


def in_this_language(func: Callable[..., str]) -> Callable[..., str]:
    """`func` speaking this run's language wherever it is called later: a widget's
    `format_func`, whose words must be those of the run that drew the widget (Streamlit's
    AppTest calls it outside any run to send the widget's state back)."""
    lang = language()

    def call(*args: object, **kwargs: object) -> str:
        with speaking(lang):
            return func(*args, **kwargs)

    return call


class Kept(str):
    """A sentence said in the language of the run that made it, which can be said again in
    another (`retold`): a note kept in data that outlives its run (a cache every session
    shares, the result of a worker process, which speaks English) is shown in the language of
    the page that shows it. Everywhere else it is the text it was said as."""

    def __new__(cls, text: str, message: tuple) -> Kept:
        kept = super().__new__(cls, text)
        kept.message = message  # (singular, plural or None, n or None, the fields)
        return kept

    def __reduce__(self):
        return (Kept, (str(self), self.message))


def _number(value: object) -> object:
    """A kept message's field as it is said: a whole number (a count, a line number) with the
    language's thousands mark, so it is written again the right way when the message is retold
    in another language (3 628 800 in Russian); anything else as it is."""
    if isinstance(value, numbers.Integral) and not isinstance(value, bool):
        return localized(f"{int(value):,}")
    return value


def _said(singular: str, plural: str | None, n: int | None, values: dict) -> str:
    """`tr` (no `plural`) or `trn` of a kept message (they take literal texts only)."""
    values = {name: _number(value) for name, value in values.items()}
    if plural is None:
        text = catalogue(language()).gettext(singular)
        return text.format(**values) if values else text
    return catalogue(language()).ngettext(singular, plural, n).format(n=n, **values)


def tr_kept(message: str, /, **values: object) -> Kept:
    """`tr`, kept so that it can be `retold` in another language. Pass whole numbers as
    numbers, not as text: each is written the language's way wherever the message is said."""
    return Kept(_said(message, None, None, values), (message, None, None, values))


def trn_kept(singular: str, plural: str, n: int, /, **values: object) -> Kept:
    """`trn`, kept so that it can be `retold` in another language; whole numbers passed as
    numbers (the ``{count}``, a line number) are written the language's way wherever it is
    said (3 628 800 in Russian)."""
    return Kept(_said(singular, plural, n, values), (singular, plural, n, values))


def retold(text: str) -> str:
    """`text` in this run's language when it is `Kept` (its fields too), else as it is."""
    if not isinstance(text, Kept):
        return text
    singular, plural, n, values = text.message
    values = {name: retold(value) for name, value in values.items()}
    return _said(singular, plural, n, values)


def retold_error(error: BaseException) -> str:
    """An error's message in this run's language: a `Kept` one (raised in a worker process,
    which speaks English, or in an earlier run) is said again; any other as it was raised."""
    if len(error.args) == 1 and isinstance(error.args[0], str):
        return retold(error.args[0])
    return str(error)


def N_(message: str) -> str:
    """Mark `message` for the catalogue; it is translated where it is shown (``tr``)."""
    return message
