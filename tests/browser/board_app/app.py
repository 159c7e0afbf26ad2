"""A page with nothing but ranking boards, for tests/browser/test_board.py.

- `/`: the read-only board a lesson's reveal draws (ui.board.show(..., read_only=True)), which
  no page of the app shows on its own, above a moving board of the same list. The list and its
  conventions come from the link, as on the app's pages (`?rels=3,2,3,0,1,2&k=3`); `present=1`
  draws presenter sizes, `caption=` the reveal's heading.
- `?page=question`: a list to edit and its board, and a line naming the list a question about
  it asks about (`list_editor.as_typed`): the list as typed, whatever the board's moves.
"""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[3]))

import streamlit as st

from lessons.described import describe
from ui import board, list_editor, urlparams

params = st.query_params.to_dict()
st.title("Boards")
if params.get("page") == "question":
    ranked = list_editor.edit_list("question", drag=True)
    asked = list_editor.as_typed("question", ranked)
    st.markdown(f"The question asks about **{describe(asked)}**.")
    list_editor.board("question", ranked)
    st.stop()
ranked, messages = urlparams.read_list(params)
for message in messages:
    st.warning(message)
present = params.get("present") == "1"
board.show(
    "reveal",
    ranked,
    present=present,
    read_only=True,
    caption=params.get("caption", "Your order against the ideal"),
)
st.header("The same list, moving")
board.show("moving", ranked, present=present, report=False)
