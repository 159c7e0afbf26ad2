"""Sharing and presenting: a copyable link to the current view, and a presenter view for class.

Any page can call:

- ``share.copy_link(query_string, path="practice")`` — the full address of this page with the
  given query string, in an ``st.code`` block (which has a copy button).
- ``share.presenter_mode()`` — reads the URL flag ``present=1``; when it is set, enlarges the
  type, hides the sidebar and the toolbar, and returns True so the page can drop extras.
- ``share.present_figure(fig)`` — larger chart text in presenter mode (CSS cannot reach the
  text inside a plotly chart).
- ``share.presenter_toggle(key)`` — a button in or out of presenter mode (it edits the URL).
"""

from __future__ import annotations

from urllib.parse import parse_qsl, urlencode

import streamlit as st

PRESENT_PARAM = "present"
PRESENTER_FONT_SIZE = 22  # plotly text, in px, readable on a projector from the back row

# Only fixed text goes into this style block, never anything a user typed.
_PRESENTER_CSS = """
<style>
html { font-size: 22px; }
[data-testid="stSidebar"], [data-testid="stSidebarCollapsedControl"],
[data-testid="stExpandSidebarButton"], [data-testid="stToolbar"],
[data-testid="stDecoration"], [data-testid="stHeader"], footer { display: none !important; }
[data-testid="stMainBlockContainer"] { max-width: 100%; padding: 1.5rem 3rem 3rem 3rem; }
[data-testid="stMarkdownContainer"] p, [data-testid="stMarkdownContainer"] li,
[data-testid="stWidgetLabel"] p, [data-testid="stCaptionContainer"] { font-size: 1.25rem; }
[data-testid="stMetricValue"], [data-testid="stMetricValue"] * { font-size: 4rem !important; line-height: 1.15; }
[data-testid="stMetricLabel"] p { font-size: 1.3rem; }
.katex { font-size: 1.5em; }
h1 { font-size: 3rem !important; }
</style>
"""


def is_presenting() -> bool:
    """True when the page's URL carries ``present=1`` (so the view can be bookmarked)."""
    return st.query_params.get(PRESENT_PARAM) == "1"


def presenter_mode() -> bool:
    """Switch the page to large type and minimal chrome when the URL says ``present=1``."""
    presenting = is_presenting()
    if presenting:
        st.markdown(_PRESENTER_CSS, unsafe_allow_html=True)
    return presenting


def present_figure(fig):
    """Larger axis and label text for a plotly figure in presenter mode; returns the figure."""
    if not is_presenting():
        return fig
    size = PRESENTER_FONT_SIZE
    # Streamlit's plotly theme sets tick and title sizes of its own: override each one.
    fig.update_layout(font={"size": size}, legend={"font": {"size": size}})
    fig.update_xaxes(tickfont={"size": size}, title_font={"size": size})
    fig.update_yaxes(tickfont={"size": size}, title_font={"size": size})
    fig.update_annotations(font_size=size)
    fig.update_traces(textfont_size=size, selector={"type": "bar"})
    return fig


def with_flag(query_string: str, presenting: bool) -> str:
    """`query_string` with ``present=1`` added or removed."""
    pairs = [
        (k, v) for k, v in parse_qsl(query_string, keep_blank_values=True) if k != PRESENT_PARAM
    ]
    if presenting:
        pairs.append((PRESENT_PARAM, "1"))
    return urlencode(pairs, safe=",")


def page_address(query_string: str, path: str = "") -> str:
    """The full address of the current page with `query_string`.

    `st.context.url` is where the browser really is (scheme, host, port, base path and this
    page's path); without it (in tests, or an old front end) the link is relative to the host.
    """
    here = st.context.url
    base = here.rstrip("/") if here else "/" + path.strip("/")
    return f"{base}?{query_string}" if query_string else base


def copy_link(query_string: str, path: str = "", label: str = "Link to this view") -> str:
    """Show the full link in a code block, whose copy button puts it on the clipboard."""
    address = page_address(query_string, path)
    st.caption(f"{label} (the button at the right of the box copies it):")
    st.code(address, language=None, wrap_lines=True)
    return address


def _toggle_presenting() -> None:
    if is_presenting():
        del st.query_params[PRESENT_PARAM]
    else:
        st.query_params[PRESENT_PARAM] = "1"


def presenter_toggle(key: str) -> bool:
    """A button into presenter mode, or back out; the flag lands in the URL, so it bookmarks."""
    presenting = is_presenting()
    return st.button(
        "Normal view" if presenting else "📽️ Presenter view",
        key=key,
        on_click=_toggle_presenting,
        help=None if presenting else "Large type and no sidebar, for a projector.",
    )


def sidebar_tools(url_path: str) -> None:
    """On every page (called by app.py): a link to exactly this view, and the presenter switch.

    The presenter view hides the sidebar, so its way back sits at the foot of the page.
    """
    if is_presenting():
        st.divider()
        presenter_toggle("app_presenter_toggle")
        return
    with st.sidebar:
        st.divider()
        copy_link(urlencode(st.query_params.to_dict(), safe=","), path=url_path, label="This view")
        presenter_toggle("app_presenter_toggle")


def from_url(key: str, param: str, read) -> None:
    """Before a widget is drawn: on the page's first run, take its value from the URL's `param`.

    `read` turns the text into the widget's value or raises ValueError; a bad value is named in a
    warning and the widget keeps its default, so a tampered link still opens a working page.
    """
    if f"{key}__from_url" in st.session_state:
        return
    st.session_state[f"{key}__from_url"] = True
    text = st.query_params.get(param)
    if text is None:
        return
    try:
        st.session_state[key] = read(text)
    except ValueError as error:
        st.warning(f"The link's `{param}` was ignored: {error}", icon="🔗")


def to_url(params: dict[str, object]) -> None:
    """After the widgets: write their values into the URL, so a link reopens this view."""
    for param, value in params.items():
        text = ("1" if value else "0") if isinstance(value, bool) else str(value)
        if st.query_params.get(param) != text:
            st.query_params[param] = text


def one_of(options) -> callable:
    """A reader for `from_url` that accepts only the given option names."""
    names = [str(option) for option in options]

    def read(text: str) -> str:
        if text not in names:
            raise ValueError(f"'{text[:40]}' is not one of {', '.join(names)}.")
        return options[names.index(text)]

    return read


def number_between(low: float, high: float, whole: bool = False) -> callable:
    """A reader for `from_url` that accepts a number in [low, high] (a whole one if asked)."""

    def read(text: str):
        try:
            value = int(text) if whole else float(text)
        except ValueError:
            raise ValueError(f"'{text[:40]}' is not a {'whole ' if whole else ''}number.") from None
        if not low <= value <= high:
            raise ValueError(f"{value} is outside {low:g}–{high:g}.")
        return value

    return read


def flag(text: str) -> bool:
    if text not in ("0", "1"):
        raise ValueError(f"'{text[:40]}' should be 1 or 0.")
    return text == "1"
