"""The widgets that choose a scoring convention, drawn the same way wherever one is chosen.

Each reads its choices, words and help from `ndcg_core.options`, so a gain, a discount, a tie
rule or an all-zero rule is offered, described and named identically on every page.
"""

from __future__ import annotations

import streamlit as st

from ndcg_core.options import LOG_BASE, Option


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
