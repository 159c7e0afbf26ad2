"""The language a page speaks, and the switch between them (sidebar, and presenter view's bar).

The language is the `lang` URL parameter (`en`, `ru`, `zh`), so a link opens in the language it
was shared in; without it, the browser's language (`st.context.locale`), then English. Once a
learner has chosen one (by link or by the switch), the session keeps it: the menu's links carry
no parameters, so the address gets it back on the next page.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import streamlit as st
from streamlit.runtime.scriptrunner import get_script_run_ctx

import i18n
from i18n import LANGUAGES, tr

from . import urlparams
from .urlparams import LANG, LANGUAGE

_CHOSEN = "language_chosen"  # session state: the language chosen by link or switch
_NOW = "language_now"  # session state: the language of the session's last full run
_SWITCHED = "language_switched"  # session state: this run speaks another language than the last
SWITCH_KEY = "app_language"
# The switch's label is the same in every language, so a learner lost in one finds it.
SWITCH_LABEL = "Language · Язык · 语言"


def choose() -> list[str]:
    """Set this run's language (app.py, before anything is drawn); returns what to say about a
    link's `lang` that cannot be used (it is then taken out of the address)."""
    messages = []
    text = st.query_params.get(LANG)
    if text is not None:
        value, message = LANGUAGE.parse(text)
        if message:
            messages.append(message)
            del st.query_params[LANG]
        else:
            st.session_state[_CHOSEN] = value
    elif st.session_state.get(_CHOSEN):
        # A menu link (which carries no parameters) led here: keep the chosen language.
        st.query_params[LANG] = st.session_state[_CHOSEN]
    lang = st.session_state.get(_CHOSEN) or i18n.from_locale(_browser_locale()) or i18n.DEFAULT
    st.session_state[_SWITCHED] = st.session_state.get(_NOW) not in (None, lang)
    st.session_state[_NOW] = lang
    i18n.set_language(lang)
    return messages


def _session_language() -> str | None:
    """The language of the session this thread runs for: a widget's callback runs before
    app.py chooses the run's language, and a fragment's rerun without app.py at all."""
    if get_script_run_ctx(suppress_warning=True) is None:
        return None
    return st.session_state.get(_CHOSEN) or st.session_state.get(_NOW)


i18n.use_session_language(_session_language)


def resume() -> None:
    """At the start of a fragment (`st.fragment`): on its own rerun, which does not pass through
    app.py, speak the session's language, told once rather than looked up in the session by
    every text (on /playground that lookup was a third of a typed change's rerun)."""
    if get_script_run_ctx(suppress_warning=True) is not None:
        i18n.set_language(_session_language() or i18n.DEFAULT)


def relabel(key: str) -> None:
    """Before a choice widget (radio, select box) whose options are shown in words of the
    language is drawn: on the run after a language switch, give it its value again, so that the
    browser shows it in the new words. (Streamlit keys a widget by its key alone: the browser
    keeps the old words of the option chosen, which are in none of the new options, and a radio
    showed no choice, a select box its English label, though the value itself was kept.)"""
    if st.session_state.get(_SWITCHED) and key in st.session_state:
        st.session_state[key] = st.session_state[key]


def worded(key: str, format_func: Callable[[Any], str]) -> Callable[[Any], str]:
    """The `format_func` of the choice widget of `key`, whose options are shown in words of
    the language (or numbers written the language's way): it keeps this run's language wherever
    it is called (`i18n.in_this_language`), and after a switch the widget is given its value
    again (`relabel`). Call it in the widget's call: ``format_func=worded(key, func)``."""
    relabel(key)
    return i18n.in_this_language(format_func)


def _browser_locale() -> str | None:
    try:
        return st.context.locale
    except (AttributeError, RuntimeError):  # AppTest and old front ends have no browser
        return None


def _switched(key: str) -> None:
    lang = st.session_state[key]
    st.session_state[_CHOSEN] = lang
    urlparams.apply({LANG: lang}, [LANG])


def switch(key: str = SWITCH_KEY, *, compact: bool = False) -> str:
    """The language switch: each language named in itself. Returns the language shown.
    `compact` (presenter view's bar) hides the label, which the names themselves make plain,
    so the bar stays one line high and the board keeps its place in the first screen."""
    st.session_state[key] = i18n.language()
    return st.selectbox(
        SWITCH_LABEL,
        options=list(LANGUAGES),
        format_func=LANGUAGES.__getitem__,
        key=key,
        on_change=_switched,
        args=(key,),
        help=tr("The language of every page. Links you share keep it."),
        label_visibility="collapsed" if compact else "visible",
    )
