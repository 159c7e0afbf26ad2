"""Streamlit building blocks shared by the pages: the list input, its URL state, charts."""
