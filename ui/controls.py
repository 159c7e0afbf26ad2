"""The widgets that choose a scoring convention, drawn the same way wherever one is chosen.

Each reads its choices, words and help from `ndcg_core.options`, so a gain, a discount, a tie
rule or an all-zero rule is offered, described and named identically on every page.

    ranked = list_editor.edit_list(PAGE)        # the list (ui/list_editor.py)
    ranked = controls.scoring_controls(PAGE)    # its k, gain, discount, base, pool
    controls.active_conventions(ranked)         # what is not the default, said once
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

import streamlit as st

from i18n import N_, tr, trn
from lessons.described import conventions
from ndcg_core.display import exact
from ndcg_core.model import RankedList, Scoring, check_scorable
from ndcg_core.options import (
    CUTS,
    DISCOUNTS,
    EVERY_RANKED,
    GAINS,
    IDEALS,
    NO_CUTOFF,
    ON_ZERO,
    GainMap,
    Option,
    gain_record,
    is_gain_map,
)

from . import inputs, language, page_state, urlparams
from .text import plain
from .typed import parse_relevances
from .urlparams import LOG_BASE, NumberRange

# The gain widgets' third choice, beside GAINS: a gain per grade.
GAIN_MAP_OPTION = Option(
    name="map",
    label=N_("A gain per grade (a map)"),
    short=N_("a gain per grade"),
    description=GainMap.description,
    used_by=GainMap.used_by,
    reference=GainMap.reference,
)
MAP = GAIN_MAP_OPTION.name


def from_link(key: str, param: urlparams.Param, default: object = None) -> None:
    """Before a control is drawn: its value from the page's link on the first run, a value not
    used as given named once at the top of the page (urlparams.warn); else `default` (None: the
    control's own)."""
    message = urlparams.bind(key, param)
    if message:
        urlparams.warn(message)
    if default is not None:
        st.session_state.setdefault(key, default)


def options_help(options: dict[str, Option]) -> str:
    """Every choice with what it does and who uses it, for a widget's help tooltip."""
    return "\n\n".join(
        tr(
            "**{label}**: {description} Used by {used_by}.",
            label=tr(option.label),
            description=tr(option.description),
            used_by=tr(option.used_by),
        )
        if option.used_by
        else tr(
            "**{label}**: {description}", label=tr(option.label), description=tr(option.description)
        )
        for option in options.values()
    )


def choose(label: str, options: dict[str, Option], key: str, *, menu: bool = False, **kwargs):
    """One convention: radio buttons (a drop-down menu with `menu=True`), labelled from the
    options, with their descriptions as help unless `help` is given."""
    kwargs.setdefault("help", options_help(options))
    widget = st.selectbox if menu else st.radio
    return widget(
        label,
        list(options),
        key=key,
        format_func=language.worded(key, lambda name: tr(options[name].label)),
        **kwargs,
    )


def number(label: str, bounds: NumberRange, key: str, *, slider: bool = False, **kwargs):
    """A number the user chooses within `bounds`: its range, step and help, in a box to type in
    (or a slider), so a control offers exactly what a link may hold."""
    kwargs.setdefault("help", tr(bounds.help))
    widget = st.slider if slider else st.number_input
    return widget(
        label,
        min_value=bounds.low,
        max_value=bounds.high,
        step=bounds.step,
        key=key,
        **kwargs,
    )


def log_base(key: str, **kwargs) -> float:
    """The log base b, within the one range the app offers (`urlparams.LOG_BASE`)."""
    return float(number(tr("Log base b"), LOG_BASE, key, **kwargs))


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


def gain(
    key: str,
    grades=(),
    *,
    menu: bool = False,
    explain: bool = False,
    scoring: Scoring | None = None,
    **kwargs,
) -> str:
    """The gain: linear, exponential, or a gain per grade typed as grade=gain pairs.

    Returns the core's gain value ('linear', 'exponential' or 'map:0=0,1=1,…'). The choice
    lives under `key` (a link or a list may put a map's name there: it is moved to the map's
    box), the typed map under `key`_map; a new map starts as 2^g − 1 over `grades` (the
    relevances in use) and grade 0. The gain must score `grades` under `scoring`'s discount and
    base (`model.check_scorable`, the test every list passes: a gain for every grade, sums that
    fit in a float). A gain that cannot is named and the last usable map (else the linear gain)
    is used, the typed text kept. `explain` adds the lesson under a map.
    """
    if is_gain_map(st.session_state.get(key)):
        put_gain(key, st.session_state[key])
    values = tuple(float(g) for g in grades if g >= 0)
    grades = sorted(set(values))
    scoring = scoring or Scoring()

    def check(gain: str) -> str:
        check_scorable(values, replace(scoring, gain=gain))
        return gain

    choice = choose(tr("Gain"), {**GAINS, MAP: GAIN_MAP_OPTION}, key, menu=menu, **kwargs)
    if choice != MAP:
        try:  # 2^rel − 1 of a grade above 1000 does not fit in a float: named, not a traceback
            return check(choice)
        except ValueError as error:
            st.error(
                plain(
                    tr(
                        "{error} Until the gain can score every grade in use, the linear gain is used.",
                        error=error,
                    )
                ),
                icon="✋",
            )
            return "linear"
    st.session_state.setdefault(_map_key(key), GainMap.exponential(grades).text)
    st.text_input(
        tr("Gain of each grade (grade=gain, …)"),
        key=_map_key(key),
        placeholder="0=0, 1=1, 2=3, 3=7",
        help=tr(
            "One grade=gain pair per grade in use, separated by commas: what an item of each "
            "relevance grade earns. trec_eval takes such gains as -m ndcg.1=3,2=9, LightGBM as "
            "label_gain."
        ),
    )
    last = f"{key}_last_map"
    try:
        chosen = GainMap.parse(st.session_state[_map_key(key)])
        check(chosen.name)  # a gain for every grade in use, and sums that fit
    except ValueError as error:
        fallback = st.session_state.get(last)
        if fallback is not None:
            try:
                check(fallback)
            except ValueError:
                fallback = None
        said = (
            tr(
                "{error} Until it can be used, the last map that could be used ({map}) is used.",
                error=error,
                map=GainMap.parse(fallback).text,
            )
            if fallback
            else tr("{error} Until it can be used, the linear gain is used.", error=error)
        )
        st.error(plain(said), icon="✋")
        return fallback or "linear"
    st.session_state[last] = chosen.name
    if explain:
        st.caption(plain(map_lesson(chosen, grades)))
    return chosen.name


def map_lesson(chosen: GainMap, grades) -> str:
    """What a gain map is, and what this one amounts to on these grades."""
    said = [tr(GainMap.description)]
    for name, words in (("exponential", "2^rel − 1"), ("linear", "rel")):
        factor = chosen.proportional_to(name, grades)
        if factor is None:
            continue
        exponential = name == "exponential"
        if factor == 1:
            said.append(
                tr("On these grades your map is {words} itself: the exponential gain.", words=words)
                if exponential
                else tr("On these grades your map is {words} itself: the linear gain.", words=words)
            )
        else:
            said.append(
                tr(
                    "On these grades your map is {factor} × ({words}): NDCG is the same as "
                    "with the exponential gain, the factor cancelling out.",
                    factor=exact(factor),
                    words=words,
                )
                if exponential
                else tr(
                    "On these grades your map is {factor} × ({words}): NDCG is the same as "
                    "with the linear gain, the factor cancelling out.",
                    factor=exact(factor),
                    words=words,
                )
            )
        break
    return " ".join(said)


# ---------------------------------------------------------------------------------------------
# A page's list and its conventions: k, gain, discount with its base, the pool
# ---------------------------------------------------------------------------------------------

K_BEYOND_EXTRA = 10  # /libraries offers k up to this far beyond the judged items


def _key(page: str, name: str) -> str:
    # The controls share the list editor's session keys: loading a list sets them.
    return page_state.state_key(page, name)


def k_options(ranked: RankedList, k_beyond: bool = False) -> list[int | str]:
    """What the cut-off box offers: every ranked position, no cut-off (when a pool in the ideal
    makes it differ, or when it is the current choice), then 1, 2, … up to the judged items."""
    longest = ranked.n + len(ranked.pool)
    if k_beyond:
        longest = min(urlparams.MAX_ITEMS, longest + K_BEYOND_EXTRA)
    named = [EVERY_RANKED]
    if ranked.cut_matters or ranked.scoring.k == NO_CUTOFF:
        named.append(NO_CUTOFF)
    # A k beyond the judged items (from a link, or a list that got shorter) stays on offer.
    beyond = (
        [ranked.scoring.k]
        if isinstance(ranked.scoring.k, int) and ranked.scoring.k > longest
        else []
    )
    return [*named, *range(1, longest + 1), *beyond]


def k_label(ranked: RankedList) -> Callable[[int | str], str]:
    """The cut-off box's words: a named depth by its option's label, every ranked position with
    the list's n; a number as the model words it ('k = 3')."""

    def label(value: int | str) -> str:
        if value == EVERY_RANKED:
            return f"{tr(CUTS[EVERY_RANKED].label)} ({ranked.n})"
        if value == NO_CUTOFF:
            return tr(CUTS[NO_CUTOFF].label)
        return Scoring(k=value).cut_words()

    return label


def scoring_controls(
    page: str,
    *,
    pool: bool = True,
    explain: bool = True,
    k_beyond: bool = False,
    gain_and_discount: bool = True,
) -> RankedList:
    """k, gain, discount (with its base) and the judged-but-not-retrieved pool; returns the
    page's list with the chosen conventions and publishes it.

    `gain_and_discount=False` leaves those two out (a page whose rows choose their own, such
    as /libraries): only the pool and k are offered.
    """
    ranked = page_state.current(page)
    pool_values = ranked.pool
    if pool:
        st.text_input(
            tr("Judged but not retrieved (optional)"),
            key=_key(page, "pool"),
            placeholder=tr("e.g. 3, 2"),
            help=tr(
                "Relevances of items judged for this query that the system never ranked: the "
                "pool, J minus your list (see the glossary). They join the ideal ranking, as in "
                "trec_eval, so missing them costs."
            ),
        )
        typed = st.session_state[_key(page, "pool")].strip()
        try:
            parsed = parse_relevances(typed, max_items=urlparams.MAX_ITEMS) if typed else None
            pool_values = parsed.values if parsed else ()
            if parsed and parsed.note:  # commas read one of two ways: say which
                st.info(plain(parsed.note), icon="🔢")
        except ValueError as error:
            st.error(
                plain(
                    tr(
                        "Judged but not retrieved: {error} The last pool that could be read is used.",
                        error=error,
                    )
                ),
                icon="✋",
            )
    try:
        if pool_values != ranked.pool:  # else the list as it is: checked when it was made
            ranked = replace(ranked, pool=pool_values)
    except ValueError as error:  # a grade the chosen gain cannot take, or a map lacks
        st.error(
            plain(
                tr(
                    "Judged but not retrieved: {error} The last pool that could be used is used.",
                    error=error,
                )
            ),
            icon="✋",
        )
    options = k_options(ranked, k_beyond)
    if st.session_state.get(_key(page, "k")) not in options:
        st.session_state[_key(page, "k")] = EVERY_RANKED
    k = st.selectbox(
        tr("Cut-off k"),
        options,
        key=_key(page, "k"),
        format_func=language.worded(_key(page, "k"), k_label(ranked)),
        filter_mode=inputs.typing_mode(options),
        help=tr(
            "Only the top k positions count, in the list and in the ideal ranking alike. With "
            "judged items the system never retrieved, 'no cut-off' lets the ideal keep all of "
            "them (trec_eval's ndcg), while k = n cuts it at the list's length (ndcg_cut.n)."
        ),
    )
    if not gain_and_discount:
        ranked = ranked.with_scoring(k=k)
        if explain:
            st.caption(cut_sentence(ranked))
        page_state.publish(page, ranked, share=min(ranked.relevances) >= 0)
        return ranked
    refused = st.session_state.pop(_key(page, "refused"), None)
    if refused:
        st.error(plain(refused), icon="✋")
    check = {"on_change": _keep_scorable, "args": (page,)}
    chosen = gain(
        _key(page, "gain"),
        ranked.relevances + ranked.pool,
        horizontal=True,
        explain=explain,
        scoring=ranked.scoring,
        **check,
    )
    if explain and chosen in GAINS:
        st.caption(tr(GAINS[chosen].description))
    discount = choose(tr("Discount"), DISCOUNTS, _key(page, "discount"), horizontal=True, **check)
    base = log_base(_key(page, "base"), **check)
    if explain:
        st.caption(tr(DISCOUNTS[discount].description))
    ranked = ranked.with_scoring(k=k, gain=chosen, discount=discount, log_base=float(base))
    ranked = ranked.with_scoring(zero=_zero_rule(page, ranked), ideal=_ideal_rule(page, ranked))
    if explain:
        st.caption(cut_sentence(ranked))
    page_state.publish(page, ranked, share=min(ranked.relevances) >= 0)
    return ranked


def _keep_scorable(page: str) -> None:
    """A callback: a gain, discount or base that cannot score the list (2^rel − 1 of a grade
    above 1000, say) is refused by name, and the control goes back to what it was."""
    ranked = page_state.current(page)
    s = ranked.scoring
    gain = st.session_state[_key(page, "gain")]
    if gain == MAP:  # a map is checked as it is typed (`gain`)
        gain = s.gain if is_gain_map(s.gain) else "linear"
    try:
        ranked.with_scoring(
            gain=gain,
            discount=st.session_state[_key(page, "discount")],
            log_base=float(st.session_state[_key(page, "base")]),
        )
    except ValueError as error:
        st.session_state[_key(page, "refused")] = tr(
            "{error} The list keeps the conventions it had: gain {gain}, discount {discount}, "
            "base {base}.",
            error=error,
            gain=tr(gain_record(s.gain).short),
            discount=tr(DISCOUNTS[s.discount].short),
            base=exact(s.log_base),
        )
        st.session_state[_key(page, "gain")] = s.gain
        st.session_state[_key(page, "discount")] = s.discount
        st.session_state[_key(page, "base")] = float(s.log_base)


def _zero_rule(page: str, ranked: RankedList) -> str:
    """The all-zero rule: asked only when it decides the number (nothing relevant to rank) or
    when a link chose one; otherwise the current rule stands unseen."""
    nothing_relevant = max(ranked.relevances) <= 0 and max(ranked.pool, default=0) <= 0
    if not nothing_relevant and ranked.scoring.zero == "0":
        return ranked.scoring.zero
    return choose(
        tr("With nothing relevant, NDCG = 0 / 0 counts as"),
        ON_ZERO,
        _key(page, "zero"),
        horizontal=True,
    )


def _ideal_rule(page: str, ranked: RankedList) -> str:
    """Where the ideal comes from: asked once a link chose the ranked documents alone, and from
    then on on this page (else the judged items make the ideal, the default, unseen)."""
    asked = _key(page, "ideal_asked")
    if ranked.scoring.ideal != "judgments":
        st.session_state[asked] = True
    if not st.session_state.get(asked):
        return ranked.scoring.ideal
    return choose(
        tr("Ideal ranking built from"), IDEALS, _key(page, "ideal_source"), horizontal=True
    )


def cut_sentence(ranked: RankedList) -> str:
    """What the chosen cut-off counts, in one sentence, for this list and its pool (when the
    pool joins the ideal: with the ideal from the ranked items alone, it does not)."""
    n, k, judged = ranked.n, ranked.k, ranked.judged
    if ranked.scoring.k == NO_CUTOFF and ranked.cut_matters:
        return trn(
            "No cut-off: all {n} ranked positions count, and the ideal keeps all {judged} judged "
            "items (trec_eval's ndcg), so it can hold more than {n}.",
            "No cut-off: all {n} ranked positions count, and the ideal keeps all {judged} judged "
            "items (trec_eval's ndcg), so it can hold more than {n}.",
            n,
            judged=judged,
        )
    if ranked.scoring.k in (EVERY_RANKED, NO_CUTOFF):
        if ranked.cut_matters:
            return trn(
                "k = n: all {n} ranked positions count. The ideal is cut at {n} too "
                "(trec_eval's ndcg_cut.{n}).",
                "k = n: all {n} ranked positions count. The ideal is cut at {n} too "
                "(trec_eval's ndcg_cut.{n}).",
                n,
            )
        return trn(
            "k = n: the {n} ranked position counts.", "k = n: all {n} ranked positions count.", n
        )
    if k > n and not ranked.cut_matters:
        return trn(
            "k = {k} is beyond your {n} item: neither the list nor its ideal has anything after "
            "position {n}, so the score is the one at k = n.",
            "k = {k} is beyond your {n} items: neither the list nor its ideal has anything after "
            "position {n}, so the score is the one at k = n.",
            n,
            k=k,
        )
    if k > n:
        return trn(
            "k = {k} is beyond your {n} item: the list earns nothing after position {n}, but "
            "the ideal ranking may still fill positions {next}–{last} from the judged items the "
            "system did not retrieve.",
            "k = {k} is beyond your {n} items: the list earns nothing after position {n}, but "
            "the ideal ranking may still fill positions {next}–{last} from the judged items the "
            "system did not retrieve.",
            n,
            k=k,
            next=n + 1,
            last=min(k, judged),
        )
    return tr(
        "k = {k}: only positions 1–{k} count, for your list and the ideal alike; moving an "
        "item below position {k} removes its contribution.",
        k=k,
    )


def active_conventions(ranked: RankedList) -> None:
    """Say which conventions are in force whenever they are not the app's defaults."""
    said = conventions(ranked)
    if said:
        st.info(
            tr("**Scored with:** {conventions}.", conventions=plain(" · ".join(said))), icon="⚙️"
        )
