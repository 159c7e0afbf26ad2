"""The shareable state of a ranked list, to and from a URL's query string.

Pure Python (no Streamlit), so it is tested directly. Parameters, a contract that users' links
rely on: rels, labels, k, gain, discount, base, pool (and scores, ids on /libraries).
A bad parameter never breaks a page: it is replaced by its default and described in a message.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field, replace

from ndcg_core import DISCOUNTS, GAINS
from ndcg_core.parsing import format_number, parse_k, parse_relevances

DEFAULT_RELEVANCES = (3.0, 2.0, 3.0, 0.0, 1.0, 2.0)
MAX_URL_ITEMS = 1000
MAX_LABEL_LENGTH = 40


@dataclass(frozen=True)
class ListState:
    """A ranked list and the conventions it is scored with."""

    values: tuple[float, ...] = DEFAULT_RELEVANCES
    labels: tuple[str, ...] = field(default_factory=tuple)
    k: int | None = None
    gain: str = "linear"
    discount: str = "log2"
    base: float = 2.0
    pool: tuple[float, ...] = ()

    def __post_init__(self):
        if len(self.labels) != len(self.values):
            object.__setattr__(self, "labels", default_labels(len(self.values)))

    @property
    def ideal(self) -> tuple[float, ...] | None:
        """The relevances the ideal ranking is built from: the list plus the pool, if any."""
        return self.values + self.pool if self.pool else None

    @property
    def settings(self) -> dict:
        """Keyword arguments for ndcg_core's functions."""
        return {
            "k": self.k,
            "ideal": self.ideal,
            "gain": self.gain,
            "discount": self.discount,
            "log_base": self.base,
        }

    @property
    def has_typed_labels(self) -> bool:
        return self.labels != default_labels(len(self.values))


def default_labels(n: int) -> tuple[str, ...]:
    return tuple(f"D{i}" for i in range(1, n + 1))


_SEPARATOR_CHARACTERS = re.compile(r"[=:;,\t]")


def typable_label(label: str) -> bool:
    """Whether `label` survives the text box's "label=value" form unchanged."""
    return (
        bool(label)
        and label == label.strip()
        and not _SEPARATOR_CHARACTERS.search(label)
        and len(label.splitlines()) == 1
    )


def _numbers(text: str, allow_negative: bool = False) -> tuple[float, ...]:
    return parse_relevances(text.replace(",", " "), allow_negative=allow_negative).values


def read_params(
    params: Mapping[str, str],
    max_items: int = MAX_URL_ITEMS,
    *,
    allow_negative: bool = False,
    k_beyond: bool = False,
) -> tuple[ListState, list[str]]:
    """Read a list's state from query parameters; return it with a message per bad parameter.

    `allow_negative` accepts negative relevances and `k_beyond` a k larger than the list (both
    for /libraries, which shows what libraries do with them).
    """
    problems: list[str] = []
    state = ListState()
    if "rels" in params:
        try:
            values = _numbers(params["rels"], allow_negative)
            if len(values) > max_items:
                problems.append(
                    f"The link's list has {len(values)} values; only the first {max_items} are used."
                )
                values = values[:max_items]
            state = replace(state, values=values, labels=default_labels(len(values)))
        except ValueError as error:
            problems.append(
                f"The link's `rels` could not be read, so the example list is shown. {error}"
            )
    if "labels" in params:
        labels = tuple(label.strip()[:MAX_LABEL_LENGTH] for label in params["labels"].split(","))
        if len(labels) != len(state.values):
            problems.append(
                f"The link has {len(labels)} labels for {len(state.values)} values; the labels "
                f"D1, D2, … are used instead."
            )
        elif len(set(labels)) != len(labels) or not all(labels):
            problems.append(
                "The link's labels must be unique and non-empty; D1, D2, … are used instead."
            )
        elif untypable := next((label for label in labels if not typable_label(label)), None):
            # The text box shows labels as "label=value": a label holding a separator would
            # come back from it as a different list.
            problems.append(
                f"The link's label '{untypable}' holds one of = : ; or a tab or line break, "
                f"which separate items in the text box; D1, D2, … are used instead."
            )
        else:
            state = replace(state, labels=labels)
    if "gain" in params:
        if params["gain"] in GAINS:
            state = replace(state, gain=params["gain"])
        else:
            problems.append(
                f"Unknown gain '{params['gain']}' in the link: use linear or exponential."
            )
    if "discount" in params:
        if params["discount"] in DISCOUNTS:
            state = replace(state, discount=params["discount"])
        else:
            problems.append(
                f"Unknown discount '{params['discount']}' in the link: use log2 or jarvelin."
            )
    if "base" in params:
        try:
            base = float(params["base"])
            if not base > 1 or base == float("inf"):
                raise ValueError
            state = replace(state, base=base)
        except ValueError:
            problems.append(
                f"The log base must be a number greater than 1; the link has '{params['base']}'."
            )
    if params.get("pool"):
        try:
            pool = _numbers(params["pool"])
            if len(pool) > max_items:
                problems.append(
                    f"The link's pool has {len(pool)} values; only the first {max_items} are used."
                )
            state = replace(state, pool=pool[:max_items])
        except ValueError as error:
            problems.append(f"The link's `pool` could not be read and is ignored. {error}")
    if "k" in params:
        try:
            longest = None if k_beyond else len(state.values) + len(state.pool)
            state = replace(state, k=parse_k(params["k"], longest))
            if state.k is not None and state.k > max_items:
                problems.append(
                    f"k = {state.k} is more than this page shows; k = {max_items} is used."
                )
                state = replace(state, k=max_items)
        except ValueError as error:
            problems.append(f"{error} The whole list is used instead.")
    return state, problems


def to_params(state: ListState) -> dict[str, str]:
    """The query parameters that reproduce `state`, leaving defaults out so links stay short."""
    params = {"rels": ",".join(format_number(v) for v in state.values)}
    if state.has_typed_labels:
        params["labels"] = ",".join(state.labels)
    if state.k is not None:
        params["k"] = str(state.k)
    if state.gain != "linear":
        params["gain"] = state.gain
    if state.discount != "log2":
        params["discount"] = state.discount
    if state.base != 2:
        params["base"] = format_number(state.base)
    if state.pool:
        params["pool"] = ",".join(format_number(v) for v in state.pool)
    return params


def query_string(state: ListState) -> str:
    """`rels=3,2,3&k=3`-style text for links between pages."""
    from urllib.parse import urlencode

    return urlencode(to_params(state), safe=",")


def read_ranking_params(
    params: Mapping[str, str], n: int
) -> tuple[tuple[float, ...] | None, tuple[str, ...] | None, list[str]]:
    """The `scores` and `ids` of /libraries (one per ranked item), with a message per problem.

    A parameter that cannot be used is dropped (None) and described, never an error.
    """
    from ndcg_core.parsing import parse_scores

    problems: list[str] = []
    scores = ids = None
    if params.get("scores"):
        try:
            scores = parse_scores(params["scores"].replace(",", " "), max_items=MAX_URL_ITEMS)
            if len(scores) != n:
                problems.append(
                    f"The link has {len(scores)} scores for {n} items; the scores are ignored "
                    f"(the list order is the ranking)."
                )
                scores = None
        except ValueError as error:
            problems.append(f"The link's `scores` could not be read and are ignored. {error}")
    if params.get("ids"):
        names = tuple(name.strip()[:MAX_LABEL_LENGTH] for name in params["ids"].split(","))
        if len(names) != n:
            problems.append(
                f"The link has {len(names)} ids for {n} items; the ids D1, D2, … are used."
            )
        elif len(set(names)) != n or not all(names):
            problems.append("The link's ids must be unique and non-empty; D1, D2, … are used.")
        else:
            ids = names
    return scores, ids, problems


def ranking_params(scores: tuple[float, ...] | None, ids: tuple[str, ...] | None) -> dict[str, str]:
    """The `scores` and `ids` query parameters (left out when not given)."""
    params = {}
    if scores is not None:
        params["scores"] = ",".join(format_number(v) for v in scores)
    if ids is not None:
        params["ids"] = ",".join(ids)
    return params
