"""Bad input raises a ValueError whose message says what is wrong, where, and what was received."""

import numpy as np
import pytest

from ndcg_core import RankedList, batch_ndcg, breakdown, cg, dcg, idcg, ndcg, ndcg_rows
from ndcg_core.libraries import make_query
from ndcg_core.measures import p_at_k
from ndcg_core.model import MAX_LABEL_LENGTH
from ndcg_core.stats import bootstrap_ci
from ui.typed import ParseError, parse_relevances, parse_scores

CALL_ERRORS = [
    pytest.param(lambda: ndcg([]), "`relevances` is empty", id="empty"),
    pytest.param(lambda: ndcg([1, -1, 2]), "position 2 is -1", id="negative"),
    pytest.param(lambda: ndcg([1, float("nan")]), "position 2 is nan", id="nan"),
    pytest.param(lambda: ndcg([float("inf")]), "finite numbers; position 1 is inf", id="inf"),
    pytest.param(lambda: ndcg([1, "a"]), "position 2 is 'a'", id="text-item"),
    pytest.param(
        lambda: ndcg("3, 2, 1"), "to read typed text use `parse_relevances`", id="typed-text"
    ),
    pytest.param(lambda: ndcg([[1, 2], [3, 4]]), "must be a flat list", id="nested"),
    pytest.param(lambda: ndcg([True, False]), "position 1 is True", id="bools"),
    pytest.param(
        lambda: ndcg([1, 2], 0),
        "`k` must be a positive whole number or None (the whole list); got 0.",
        id="k-zero",
    ),
    pytest.param(lambda: ndcg([1, 2], -3), "got -3", id="k-negative"),
    pytest.param(lambda: ndcg([1, 2], 2.5), "got 2.5", id="k-fraction"),
    pytest.param(lambda: ndcg([1, 2], "3"), "got '3'", id="k-text"),
    pytest.param(
        lambda: dcg([1, 2], gain="exp"),
        "`gain` must be 'linear' or 'exponential'; got 'exp'.",
        id="gain-unknown",
    ),
    pytest.param(
        lambda: dcg([1, 2], discount="log"),
        "`discount` must be 'log2' or 'jarvelin'; got 'log'.",
        id="discount-unknown",
    ),
    pytest.param(
        lambda: dcg([1, 2], log_base=1),
        "`log_base` must be a number greater than 1",
        id="log-base-one",
    ),
    pytest.param(lambda: dcg([1, 2], log_base="e"), "got 'e'", id="log-base-text"),
    pytest.param(
        lambda: dcg([2000], gain="exponential"),
        "relevance must be at most 1000",
        id="exponential-grade-too-large",
    ),
    pytest.param(lambda: ndcg([1], on_zero=0.5), "`on_zero` must be 0.0", id="on-zero-other"),
    pytest.param(
        lambda: idcg([3, 3], ideal=[3]),
        "the list has 2 item(s) of relevance 3 but `ideal` has only 1",
        id="ideal-too-short",
    ),
    pytest.param(
        lambda: ndcg([1, 2], ideal=[1, -2]), "`ideal` must not be negative", id="ideal-negative"
    ),
    pytest.param(
        lambda: breakdown([1, 2], labels=["a"]), "2 items but 1 label.", id="labels-count"
    ),
    pytest.param(lambda: cg([1, 2], k=0), "`k` must be a positive whole number", id="cg-k-zero"),
    pytest.param(
        lambda: batch_ndcg([1, 1], [1, 2], ties="random"),
        "`ties` must be 'keep' or 'average'",
        id="batch-ties-unknown",
    ),
    pytest.param(lambda: batch_ndcg([1, 1], [1, -2]), "row 2 is -2", id="batch-negative"),
    pytest.param(
        lambda: batch_ndcg([1, 1], [1]),
        "one value per row: 2 rows but 1 value.",
        id="batch-lengths",
    ),
    pytest.param(
        lambda: batch_ndcg([1, 1], [1, 2], [0.5, float("nan")]),
        "finite numbers; row 2 is nan",
        id="batch-nan-score",
    ),
    pytest.param(
        lambda: ndcg_rows([1, 2]),
        "must be a non-empty (queries × items) matrix; got shape (2,)",
        id="rows-not-a-matrix",
    ),
    pytest.param(lambda: ndcg_rows([[1, -2]]), "row 1, item 2 is -2", id="rows-negative"),
    pytest.param(
        lambda: ndcg_rows([[1, 2]], [[1]]),
        "`scores` must have the shape of `relevances` (1, 2)",
        id="rows-scores-shape",
    ),
    pytest.param(
        lambda: ndcg_rows([[1, 2]], [[1, float("nan")]]),
        "row 1, item 2 is NaN",
        id="rows-nan-score",
    ),
    pytest.param(
        lambda: ndcg_rows([[1, 2]], ties="docid"),
        "'keep' or 'average' for a matrix",
        id="rows-ties-docid",
    ),
]


# Inputs the core once accepted silently (complex numbers, a set, a masked array) or failed on
# with the wrong error (a huge integer, an overflow): each is now refused by name, the same way
# by ndcg, batch_ndcg and ndcg_rows.
ODD_INPUTS = [
    pytest.param(lambda: ndcg(np.array([3 + 1j, 2, 1])), "real numbers only", id="complex"),
    pytest.param(
        lambda: ndcg(np.array([1, 2], dtype="timedelta64[s]")), "real numbers only", id="timedelta"
    ),
    pytest.param(lambda: ndcg({3, 2, 1}), "a set has no order", id="set"),
    pytest.param(lambda: ndcg({0: 3, 1: 2}), "a mapping would give its keys", id="dict"),
    pytest.param(lambda: ndcg([10**400, 1]), "position 1 has 401 digits", id="huge-int"),
    pytest.param(
        lambda: ndcg(np.ma.array([3, 2, 1], mask=[0, 1, 0])), "is a masked array", id="masked"
    ),
    pytest.param(lambda: ndcg([1e308] * 3), "too large to score", id="overflow"),
    pytest.param(lambda: cg([1e308] * 2), "too large to score", id="overflow-cg"),
    pytest.param(lambda: breakdown([1e308] * 3), "too large to score", id="overflow-breakdown"),
    pytest.param(
        lambda: batch_ndcg([1, "1", 1, "1"], [1, 0, 1, 0]),
        "mixes numbers and text",
        id="mixed-query-ids",
    ),
    pytest.param(lambda: batch_ndcg([1, 1], [float("nan"), 1]), "row 1 is nan", id="batch-nan"),
    pytest.param(lambda: batch_ndcg([1, 1], [None, 1]), "row 1 is None", id="batch-none"),
    pytest.param(lambda: batch_ndcg([1, 1], ["1", 0]), "row 1 is '1'", id="batch-text"),
    pytest.param(lambda: batch_ndcg([1, 1], [True, 0]), "row 1 is True", id="batch-bool"),
    pytest.param(lambda: batch_ndcg([1, 1], [1 + 1j, 0]), "real numbers only", id="batch-complex"),
    pytest.param(
        lambda: batch_ndcg([1, 1], [1, 0], ideal_relevances=[1]),
        "`ideal_queries` and `ideal_relevances` go together",
        id="pool-without-queries",
    ),
    pytest.param(lambda: ndcg_rows([[True, False]]), "entry 1 is True", id="rows-bool"),
    pytest.param(lambda: ndcg_rows([["1", "0"]]), "entry 1 is '1'", id="rows-text"),
]


def test_generators_are_read_like_lists():
    assert ndcg(x for x in [3, 2, 1]) == 1.0
    by_generators = batch_ndcg(
        (q for q in [1, 1]),
        (r for r in [1, 0]),
        (s for s in [0.5, 0.5]),
        ties="docid",
        docs=(d for d in ["a", "b"]),
    )
    assert (
        by_generators.mean
        == batch_ndcg([1, 1], [1, 0], [0.5, 0.5], ties="docid", docs=["a", "b"]).mean
    )


@pytest.mark.parametrize(("call", "message"), CALL_ERRORS + ODD_INPUTS)
def test_core_errors(call, message):
    with pytest.raises(ValueError) as raised:
        call()
    assert message in str(raised.value)


PARSE_ERRORS = [
    ("", "The list is empty"),
    (" , ;  ", "The list is empty"),
    ("3, x, 1", "value 2, 'x', is not a number"),
    ("3, -1", "value 2, '-1', is negative"),
    ("3, nan", "value 2, 'nan', is not a finite number"),
    ("inf", "value 1, 'inf', is not a finite number"),
    ("1e999", "is too large"),
    ("3\n2\nN/A", "value 3 on line 3, 'N/A', is not a number"),
    ("A=1, A=2", "repeats the label 'A' of value 1"),
    ("=3", "has no label before"),
    ("A=", "has no number after its label"),
    ("1 2 x y", "Could not read 2 relevances"),
]


@pytest.mark.parametrize(("text", "message"), PARSE_ERRORS)
def test_parse_errors(text, message):
    with pytest.raises(ValueError) as raised:
        parse_relevances(text)
    assert message in str(raised.value)


def test_parse_error_lists_every_problem_with_its_place():
    with pytest.raises(ParseError) as raised:
        parse_relevances("3, x\n2, -1")
    problems = raised.value.problems
    assert [(p.item, p.line, p.token) for p in problems] == [(2, 1, "x"), (4, 2, "-1")]


def test_parse_limits_the_number_of_items():
    with pytest.raises(ValueError, match="at most 3"):
        parse_relevances("1 2 3 4", max_items=3)


def test_scores_may_be_negative_but_must_be_numbers():
    assert parse_scores("0.5, -1.5") == (0.5, -1.5)
    with pytest.raises(ValueError, match="'high', is not a number"):
        parse_scores("0.5, high")


def test_batch_sums_that_overflow_a_float_are_refused_by_name():
    # Each 1e308 is a float; their discounted sum is not: NDCG would be inf / inf = NaN.
    with pytest.raises(ValueError, match="too large to score"):
        batch_ndcg(["q"] * 3, [1e308, 1e308, 1e308])


def _message(call) -> str:
    with pytest.raises(ValueError) as raised:
        call()
    return str(raised.value)


# The same bad value, given to each function or record that takes it: one checker (`checks`)
# gives one message, whatever the door.
SAME_MESSAGE = [
    pytest.param(
        [
            lambda: ndcg([1, "a"]),
            lambda: RankedList((1, "a")),
            lambda: make_query([1, "a"]),
            lambda: p_at_k([1, "a"]),
        ],
        "`relevances` must hold real numbers only; position 2 is 'a'.",
        id="not-a-number",
    ),
    pytest.param(
        [
            lambda: ndcg([3, 2], ideal=[-0.1234567, 3, 2]),
            lambda: RankedList((3, 2), pool=(-0.1234567,)),
            lambda: make_query([3, 2], pool=[-0.1234567]),
        ],
        "must not be negative",
        id="negative-pool",
    ),
    pytest.param(
        [lambda: ndcg([1, 2], 0), lambda: p_at_k([1, 2], 0), lambda: batch_ndcg([1], [1], k=0)],
        "`k` must be a positive whole number or None (the whole list); got 0.",
        id="k",
    ),
    pytest.param(
        [lambda: RankedList((1, 2), labels=("a", "a")), lambda: make_query([1, 2], ids=["a", "a"])],
        "must be unique; 'a' is at positions 1 and 2.",
        id="names",
    ),
]


@pytest.mark.parametrize(("calls", "shared"), SAME_MESSAGE)
def test_a_bad_value_gets_one_message_whichever_function_takes_it(calls, shared):
    messages = {_message(call).replace("`ideal`", "`pool`") for call in calls}
    messages = {m.replace("`labels`", "`ids`") for m in messages}
    assert len(messages) == 1, messages
    assert shared in messages.pop()


def test_a_number_in_a_message_is_quoted_exactly_not_rounded():
    # {:g} once wrote -0.123457 for -0.1234567: a message quotes the value as given.
    assert "position 3 is -0.1234567" in _message(lambda: ndcg([3, 2], ideal=[3, 2, -0.1234567]))
    assert "row 2 is -0.1234567" in _message(lambda: batch_ndcg([1, 1], [1, -0.1234567]))
    assert "item 2 is -0.1234567" in _message(lambda: ndcg_rows([[1, -0.1234567]]))
    assert "relevance 2.0000001 but" in _message(lambda: ndcg([2.0000001], ideal=[2, 1]))


def test_document_ids_have_the_labels_length_limit():
    long = "x" * (MAX_LABEL_LENGTH + 1)
    assert "at most 40 characters" in _message(lambda: make_query([1, 2], ids=["a", long]))
    assert make_query([1, 2], ids=["a", long[:-1]]).ids == ("a", long[:-1])


def test_per_query_values_are_checked_by_name():
    assert "`values` must hold real numbers only; query 2 is 'x'" in _message(
        lambda: bootstrap_ci([0.5, "x"])
    )
    assert "query 1 is inf" in _message(lambda: bootstrap_ci([float("inf"), 0.5]))
    assert bootstrap_ci([0.5, float("nan"), 0.7]).n == 2  # NaN: a query left out
