"""The widgets that choose a scoring convention, drawn the same way wherever one is chosen.

Each reads its choices, words and help from `ndcg_core.options`, so a gain, a discount, a tie
rule or an all-zero rule is offered, described and named identically on every page.
"""

from __future__ import annotations

import numpy as np
import streamlit as st

from ndcg_core.display import exact
from ndcg_core.options import (
    GAIN_MAP_OPTION,
    GAINS,
    LOG_BASE,
    GainMap,
    Option,
    gain_record,
    is_gain_map,
)

from . import urlparams
from .text import plain

MAP = GAIN_MAP_OPTION.name  # the gain widget's third choice: a gain per grade


def from_link(key: str, param: urlparams.Param, default: object = None) -> None:
    """Before a control is drawn: its value from the page's link on the first run, a value not
    used as given named once where the control is; else `default` (None: the control's own)."""
    message = urlparams.bind(key, param)
    if message:
        st.warning(plain(message), icon="🔗")
    if default is not None:
        st.session_state.setdefault(key, default)


def options_help(options: dict[str, Option]) -> str:
    """Every choice with what it does and who uses it, for a widget's help tooltip."""
    return "\n\n".join(
        f"**{option.label}**: {option.description}"
        + (f" Used by {option.used_by}." if option.used_by else "")
        for option in options.values()
    )


def choose(label: str, options: dict[str, Option], key: str, *, menu: bool = False, **kwargs):
    """One convention: radio buttons (a drop-down menu with `menu=True`), labelled from the
    options, with their descriptions as help unless `help` is given."""
    kwargs.setdefault("help", options_help(options))
    widget = st.selectbox if menu else st.radio
    return widget(
        label, list(options), key=key, format_func=lambda name: options[name].label, **kwargs
    )


def log_base(key: str, **kwargs) -> float:
    """The log base b, within the one range the app offers (`options.LOG_BASE`)."""
    return float(
        st.number_input(
            "Log base b",
            min_value=LOG_BASE.low,
            max_value=LOG_BASE.high,
            step=LOG_BASE.step,
            key=key,
            help=LOG_BASE.help,
            **kwargs,
        )
    )


def _map_key(key: str) -> str:
    return f"{key}_map"


def put_gain(key: str, gain: str) -> None:
    """Show `gain` in the gain widget of `key` (before it is drawn): a map goes to its box."""
    if is_gain_map(gain):
        st.session_state[key] = MAP
        st.session_state[_map_key(key)] = GainMap.parse(gain).text
    else:
        st.session_state[key] = gain


def typed_map(key: str) -> str | None:
    """The map typed in the gain widget of `key`, as the core's gain value, if it reads."""
    if st.session_state.get(key) != MAP:
        return None
    try:
        return GainMap.parse(st.session_state.get(_map_key(key), "")).name
    except ValueError:
        return None


def gain(key: str, grades=(), *, menu: bool = False, explain: bool = False, **kwargs) -> str:
    """The gain: linear, exponential, or a gain per grade typed as grade=gain pairs.

    Returns the core's gain value ('linear', 'exponential' or 'map:0=0,1=1,…'). The choice
    lives under `key` (a link or a list may put a map's name there: it is moved to the map's
    box), the typed map under `key`_map; a new map starts as 2^g − 1 over `grades`, the grades
    in use, which it must cover. A map that cannot be used is named and the last usable one
    (else the linear gain) is used, the typed text kept. `explain` adds the lesson under a map.
    """
    if is_gain_map(st.session_state.get(key)):
        put_gain(key, st.session_state[key])
    grades = sorted({float(g) for g in grades if g >= 0})
    choice = choose("Gain", {**GAINS, MAP: GAIN_MAP_OPTION}, key, menu=menu, **kwargs)
    if choice != MAP:
        try:  # 2^rel − 1 of a grade above 1000 does not fit in a float: named, not a traceback
            gain_record(choice).compute(np.asarray(grades, dtype=float))
        except ValueError as error:
            st.error(
                plain(f"{error} Until the gain can take every grade, the linear gain is used."),
                icon="✋",
            )
            return "linear"
        return choice
    st.session_state.setdefault(_map_key(key), GainMap.exponential(grades).text)
    st.text_input(
        "Gain of each grade (grade=gain, …)",
        key=_map_key(key),
        placeholder="0=0, 1=1, 2=3, 3=7",
        help=(
            "One grade=gain pair per grade in use, separated by commas: what an item of each "
            "relevance grade earns. trec_eval takes such gains as -m ndcg.1=3,2=9, LightGBM as "
            "label_gain."
        ),
    )
    last = f"{key}_last_map"
    try:
        chosen = GainMap.parse(st.session_state[_map_key(key)])
        chosen.compute(grades)  # every grade in use has a gain
    except ValueError as error:
        fallback = st.session_state.get(last)
        if fallback is not None:
            try:
                GainMap.parse(fallback).compute(grades)
            except ValueError:
                fallback = None
        used = (
            f"the last map that could be used ({GainMap.parse(fallback).text})"
            if fallback
            else "the linear gain"
        )
        st.error(plain(f"{error} Until it can be used, {used} is used."), icon="✋")
        return fallback or "linear"
    st.session_state[last] = chosen.name
    if explain:
        st.caption(plain(map_lesson(chosen, grades)))
    return chosen.name


def map_lesson(chosen: GainMap, grades) -> str:
    """What a gain map is, and what this one amounts to on these grades."""
    said = [GainMap.description]
    for name, words in (("exponential", "2^rel − 1"), ("linear", "rel")):
        factor = chosen.proportional_to(name, grades)
        if factor is None:
            continue
        if factor == 1:
            said.append(f"On these grades your map is {words} itself: the {name} gain.")
        else:
            said.append(
                f"On these grades your map is {exact(factor)} × ({words}): NDCG is the same as "
                f"with the {name} gain, the factor cancelling out."
            )
        break
    return " ".join(said)
