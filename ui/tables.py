"""How a table shows a computed number: as the cards and sentences show it (`display.fixed`,
`display.DIGITS` places, trailing zeros kept), so one value never reads two ways on a page.

    st.dataframe(frame, column_config={"DCG": tables.NUMBER})
"""

from __future__ import annotations

import streamlit as st

from ndcg_core.display import DIGITS

NUMBER_FORMAT = f"%.{DIGITS}f"
# Streamlit copies a column's settings before using them, so one record serves every table.
NUMBER = st.column_config.NumberColumn(format=NUMBER_FORMAT)
