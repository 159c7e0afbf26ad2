"""How a table shows a computed number: as the cards and sentences show it (`display.fixed`,
`display.DIGITS` places, trailing zeros kept), so one value never reads two ways on a page.

    st.dataframe(frame, column_config={"DCG": tables.NUMBER})
"""

from __future__ import annotations

import streamlit as st

from i18n import tr
from ndcg_core.display import DIGITS
from ndcg_core.metrics import NOT_RETRIEVED

NUMBER_FORMAT = f"%.{DIGITS}f"
# Streamlit copies a column's settings before using them, so one record serves every table.
NUMBER = st.column_config.NumberColumn(format=NUMBER_FORMAT)


def item_label(label: object) -> object:
    """An item's label as a table or a hover shows it: the core's mark for a judged item the
    system did not retrieve (`metrics.NOT_RETRIEVED`) in the page's language, any other as is."""
    return tr("(not retrieved)") if label == NOT_RETRIEVED else label
