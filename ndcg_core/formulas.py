"""The gains and discounts of NDCG, each written once: its code, its LaTeX and its story.

The options are data (in the spirit of ir_measures): the same records drive the core's
validation, the front end's widgets and the help text beside them.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

# 2**rel overflows a float64 a little above 1023; no real relevance scale comes near it.
MAX_EXPONENTIAL_RELEVANCE = 1000


@dataclass(frozen=True)
class Option:
    """One choice of gain or discount, with what a learner needs to know about it."""

    name: str
    label: str
    latex: str
    description: str
    reference: str


GAINS: dict[str, Option] = {
    "linear": Option(
        name="linear",
        label="Linear: rel",
        latex=r"rel_i",
        description=(
            "Each item earns exactly its relevance grade, so a grade-3 item is worth three "
            "grade-1 items."
        ),
        reference="Järvelin & Kekäläinen (2002); scikit-learn, trec_eval, torchmetrics.",
    ),
    "exponential": Option(
        name="exponential",
        label="Exponential: 2^rel − 1",
        latex=r"2^{rel_i} - 1",
        description=(
            "Each grade doubles the reward (0, 1, 3, 7, 15, …), so putting the very best item "
            "on top matters much more. With 0/1 relevance it equals the linear gain."
        ),
        reference="Burges et al. (2005); LightGBM, XGBoost, TF-Ranking, ranx ndcg_burges.",
    ),
}

DISCOUNTS: dict[str, Option] = {
    "log2": Option(
        name="log2",
        label="1 / log₂(i+1)",
        latex=r"\log_{b}(i+1)",
        description=(
            "Every position is discounted, a little less steeply the further down it is. "
            "The log base scales every DCG by the same factor, so it cancels out of NDCG."
        ),
        reference="Burges et al. (2005); the form used by every major library today.",
    ),
    "jarvelin": Option(
        name="jarvelin",
        label="Järvelin–Kekäläinen: 1 / max(1, log_b i)",
        latex=r"\max(1,\ \log_{b} i)",
        description=(
            "The original 2002 form: positions above the base b are not discounted at all, "
            "position i ≥ b is divided by log_b(i). With b = 2, ranks 1 and 2 weigh the same. "
            "Here the base does change NDCG."
        ),
        reference="Järvelin & Kekäläinen (2002); trec_eval before 9.0.4; Wikipedia in 2012.",
    ),
}


def check_option(value: object, options: dict[str, Option], parameter: str) -> str:
    """Return `value` if it names one of `options`, else raise a ValueError saying what is allowed."""
    if isinstance(value, str) and value in options:
        return value
    allowed = " or ".join(repr(name) for name in options)
    raise ValueError(f"`{parameter}` must be {allowed}; got {value!r}.")


def check_log_base(log_base: object) -> float:
    """A log base must be a finite number above 1."""
    if isinstance(log_base, bool) or not isinstance(
        log_base, (int, float, np.integer, np.floating)
    ):
        raise ValueError(f"`log_base` must be a number greater than 1; got {log_base!r}.")
    base = float(log_base)
    if not np.isfinite(base) or base <= 1:
        raise ValueError(
            f"`log_base` must be a number greater than 1 (a logarithm to base ≤ 1 does not "
            f"shrink as positions grow); got {log_base!r}."
        )
    return base


def _linear(relevances: np.ndarray) -> np.ndarray:
    return relevances.astype(float, copy=True)


def _exponential(relevances: np.ndarray) -> np.ndarray:
    if relevances.size and relevances.max() > MAX_EXPONENTIAL_RELEVANCE:
        raise ValueError(
            f"With the exponential gain 2^rel − 1, relevance must be at most "
            f"{MAX_EXPONENTIAL_RELEVANCE}; the largest here is {relevances.max():g}, and 2 to "
            f"that power does not fit in a number."
        )
    return np.exp2(relevances.astype(float)) - 1.0


_GAIN_FUNCTIONS: dict[str, Callable[[np.ndarray], np.ndarray]] = {
    "linear": _linear,
    "exponential": _exponential,
}


def gains(relevances: np.ndarray, gain: str) -> np.ndarray:
    """The gain of each relevance: rel (linear) or 2^rel − 1 (exponential)."""
    return _GAIN_FUNCTIONS[gain](np.asarray(relevances))


def denominators(n: int, discount: str, log_base: float = 2.0) -> np.ndarray:
    """What the gain at positions 1…n is divided by: log_b(i+1), or max(1, log_b i)."""
    positions = np.arange(1, n + 1, dtype=float)
    if discount == "log2":
        return np.log(positions + 1.0) / np.log(log_base)
    return np.maximum(1.0, np.log(positions) / np.log(log_base))


def discounts(n: int, discount: str, log_base: float = 2.0) -> np.ndarray:
    """The multiplier of the gain at positions 1…n (1 / denominator)."""
    return 1.0 / denominators(n, discount, log_base)
