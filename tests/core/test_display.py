"""The one number format (ndcg_core/display.py): a computed number and a change write the same
minus sign, a real one (U+2212), wherever they are shown."""

import math

import pytest

from ndcg_core.display import MINUS, exact, fixed, signed


@pytest.mark.parametrize(
    ("value", "written", "change"),
    [
        (-0.08661, "−0.0866", "−0.0866"),
        (0.01472, "0.0147", "+0.0147"),
        (-0.00001, "0.0000", "0.0000"),  # rounds to nothing: no sign at all
        (-0.0, "0.0000", "0.0000"),
        (-2.5, "−2.5000", "−2.5000"),
        (float("-inf"), "−∞", "−∞"),
        (math.nan, "—", "—"),
    ],
)
def test_fixed_and_signed_write_one_minus_sign(value, written, change):
    assert fixed(value) == written
    assert signed(value) == change
    assert "-" not in fixed(value) + signed(value)  # never a hyphen-minus
    assert signed(value).removeprefix("+") == fixed(value)


def test_a_given_number_is_written_as_given():
    # exact() quotes what someone typed (a bad value in a message), hyphen and all.
    assert exact(-0.1234567) == "-0.1234567" and MINUS not in exact(-1)


def test_csv_cells_that_a_spreadsheet_reads_as_formulas_get_an_apostrophe():
    import pandas as pd

    from ndcg_core.display import csv_bytes, csv_cell

    for text in ("=1+1", "+1", "-2+3", "@SUM(A1)", "\tx", "\rx"):
        assert csv_cell(text) == "'" + text
    assert csv_cell("a=1") == "a=1" and csv_cell(-0.5) == -0.5
    frame = pd.DataFrame({"query": ["=cmd|' /C calc'!A0", "q"], "ndcg": [-0.5, 1.0]})
    assert csv_bytes(frame).decode().splitlines() == [
        "query,ndcg",
        "'=cmd|' /C calc'!A0,-0.5",
        "q,1.0",
    ]
