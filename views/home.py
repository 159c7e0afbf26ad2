"""Home: what NDCG is in one screen, a tiny live example, and where to go next."""

import streamlit as st

from ndcg_core import totals
from ndcg_core.latex import formulas, worked
from ui import controls, list_editor, menu, scores, tables, urlparams

PAGE = "home"
NEXT = ("learn-binary", "playground", "ordering", "libraries", "queries", "practice")
# A first-time learner's way through the app: each step a page and what it adds.
PATH = (
    ("learn-binary", "CG, DCG and NDCG on a 0/1 list, term by term"),
    ("learn-graded", "grades, and the ideal order"),
    ("playground", "your own list: type it, drag it, watch each term"),
    ("learn-discount", "the reader behind the discount"),
    ("learn-gain", "what one grade step is worth"),
    ("learn-pitfalls", "what the number does not tell you"),
    ("metrics", "P@k, MRR, MAP, ERR and RBP on the same list"),
    ("libraries", "the same list in scikit-learn, trec_eval and the others"),
    ("practice", "predict, then check"),
)
# The home card of /libraries opens the list whose two famous scores it promises.
WIKIPEDIA_POOLED = {"rels": "3,2,3,0,1,2", "pool": "3,2"}


def intro() -> None:
    st.title("📐 NDCG Lab")
    st.markdown(
        "A search engine or a recommender hands you a **ranked list**. "
        "**NDCG** (Normalized Discounted Cumulative Gain) asks how good that order is: each item "
        "earns its relevance, items lower down earn less, and the total is divided by what the "
        "best possible order of the same items would earn. **1** means the order cannot be "
        "improved; the further below 1, the more relevance sits lower than it could."
    )


def try_it():
    """The live example: formulas that match the list's conventions, then its numbers."""
    ranked = list_editor.edit_list(
        PAGE, label="Try it: type relevances in ranked order", height=68, drag=True
    )
    controls.active_conventions(ranked)
    dcg_symbols, _, ndcg_symbols = formulas(ranked)
    st.latex(dcg_symbols)
    st.latex(ndcg_symbols)
    st.caption(
        "rel_i is the relevance of the item at position i; IDCG is the DCG of the best order "
        "(the same items sorted from most to least relevant, plus any judged items the system "
        "did not retrieve); k is the cut-off, the number of top positions that count."
    )
    return ranked


def the_board(result) -> None:
    """The list as a chart that moves: drag a card and the numbers answer at once. No plotly
    chart on this page, so a first visit does not load plotly's bundle."""
    list_editor.board(PAGE, result.ranked)
    st.caption(
        "Each row is one position: what your order earns there (solid bar) beside what the "
        "ideal order earns (hatched bar). NDCG is the ratio of the two totals."
    )
    # The board's numbers as a table, each column named, for screen readers.
    with st.expander("The board as a table"):
        st.dataframe(
            result.table[
                ["position", "label", "relevance", "contribution", "ideal_contribution"]
            ].rename(
                columns={
                    "position": "Position",
                    "label": "Label",
                    "relevance": "Relevance",
                    "contribution": "Your order earns",
                    "ideal_contribution": "Ideal order earns",
                }
            ),
            hide_index=True,
            column_config={
                "Your order earns": tables.NUMBER,
                "Ideal order earns": tables.NUMBER,
            },
            key=f"{PAGE}_chart_table",
        )


def suggested_path() -> None:
    st.header("New to NDCG? A suggested path")
    st.caption("Nine short stops, in this order; the glossary in the sidebar has every term.")
    for number, (key, what) in enumerate(PATH, start=1):
        page = menu.BY_KEY[key]
        menu.page_link(key, label=f"{number}. {page.icon} {page.title} — {what}")


def where_to_go_next(ranked) -> None:
    st.header("Where to go next")
    params = urlparams.list_params(ranked)
    for row in (NEXT[:3], NEXT[3:]):
        for column, key in zip(st.columns(3), row):
            page = menu.BY_KEY[key]
            with column.container(border=True):
                link_params = {
                    "learn-binary": None,
                    "libraries": WIKIPEDIA_POOLED,
                    "queries": None,
                    "practice": None,
                }.get(key, params)
                menu.page_link(key, params=link_params)
                st.caption(page.blurb or menu.LEARN_BLURB)


# ---------------------------------------------------------------------------------------------
# The page, in reading order
# ---------------------------------------------------------------------------------------------


def main() -> None:
    intro()
    left, right = st.columns([5, 6], gap="large")
    with left:
        ranked = try_it()
    result = totals(ranked)
    scores.metrics_row(result, page=PAGE)
    st.latex(worked(result)[2])
    with right:
        the_board(result)
    suggested_path()
    where_to_go_next(ranked)


main()
