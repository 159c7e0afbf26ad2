"""AppTest: what a learner reads on every page. Every symbol of its formulas and every term it
marks as one is defined in the glossary, and it names the source documents by title, never by
file number.

Every page of the menu is opened twice: at its default link, and from a link that gives a pool,
no cut-off, the exponential gain and the Järvelin–Kekäläinen discount (the settings that bring
|J|, 2^rel and max(1, log_b i) into the formulas). A symbol or term a page adds later is checked
here too: the failure names the page, what it shows, and what to add to lessons/glossary.py.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

import pytest

from lessons.glossary import defining, named
from tests.pages.conftest import leaves, open_page
from ui import menu

LINKS = {
    "default link": {},
    "a link with a pool": {
        "rels": "3,2,3,0,1,2",
        "pool": "3,2",
        "k": "none",
        "gain": "exponential",
        "discount": "jarvelin",
    },
}

# Pages that show no ranked list of the link's: a link with one changes nothing they say.
WITHOUT_A_LIST = {"glossary", "queries", "practice", "classroom"}

# Elements whose `value` is text a learner reads.
TEXT_ELEMENTS = (
    "markdown",
    "caption",
    "title",
    "header",
    "subheader",
    "latex",
    "info",
    "warning",
    "success",
    "error",
    "code",
)


@dataclass(frozen=True)
class Said:
    """One piece of text a page shows: which page, from which link, in what kind of element."""

    page: str
    link: str
    kind: str
    text: str

    @property
    def where(self) -> str:
        return f"/{menu.BY_KEY[self.page].url_path} ({self.link}, {self.kind})"


def _texts(at) -> list[tuple[str, str]]:
    """Every text the page shows, as (element kind, text): element values, labels, help texts,
    options, expander labels and table cells."""
    found = []
    for node in leaves(at._tree):
        kind = node.type
        if kind in ("html", "bidi_component"):  # the app's scripts; components' data
            continue
        if kind in TEXT_ELEMENTS:
            value = str(node.value)
            # The app's own style sheet and scripts, injected as markdown, are not read.
            if not value.lstrip().startswith("<"):
                found.append((kind, value))
        elif kind in ("table", "dataframe", "arrow_data_frame"):
            frame = node.value
            cells = [*map(str, frame.columns), *map(str, frame.index)]
            cells += [str(cell) for cell in frame.to_numpy().ravel()]
            found += [(kind, cell) for cell in cells]
        else:
            proto = getattr(node, "proto", None)
            for field in ("label", "help", "placeholder", "body"):
                value = getattr(proto, field, "")
                if isinstance(value, str) and value:
                    found.append((kind, value))
            found += [(kind, str(option)) for option in getattr(proto, "options", ())]
    for expander in at.get("expander"):
        found.append(("expander", expander.label))
    for tab in at.get("tab"):
        found.append(("tab", tab.label))
    return found


@pytest.fixture(scope="module")
def said() -> list[Said]:
    """What every page of the menu says, from each of `LINKS`."""
    everything = []
    for page in menu.PAGES:
        for link, params in LINKS.items():
            if params and page.key in WITHOUT_A_LIST:
                continue
            at = open_page(page.script, unfold=True, **params)
            everything += [Said(page.key, link, kind, text) for kind, text in _texts(at)]
    return everything


# --------------------------------------------------------------------------- symbols, from LaTeX

_SUBSCRIPT_I = "ᵢ"
# Symbols written as a word of letters (a measure's name before @) or a LaTeX command the glossary
# names by its plain form.
_COMMANDS = {
    r"\theta": "θ",
    r"\star": "*",
    r"\mathcal{R}": "𝓡",
}


def _overlined(name: str) -> str:
    """A name with a bar over it, as plain text: each letter carries a combining overline."""
    return "".join(f"{char}\u0305" for char in name)


def _measure(name: str) -> str:
    """A measure at a cut-off, whatever the cut-off: NDCG@6, NDCG@k, NDCG@i and NDCG (no
    cut-off: k = n) are all NDCG@k."""
    return f"{name}@k"


def latex_symbols(tex: str) -> set[str]:
    """The symbols a LaTeX formula shows, written as the glossary writes them: measures at a
    cut-off (NDCG@k), a bar for a mean over queries (N̅D̅C̅G̅@k), letters with their subscripts
    (relᵢ, rel*ᵢ, θᵢ, âᵢ, rel_min), sizes (|𝓡|, |Q|, |J|), E[·], ḡ. Every index (i, j, r, 1,
    2…) is written ᵢ. Numbers, operators and functions (log, max, min, sums) are left out."""
    found: set[str] = set()
    s = re.sub(r"\\text\{[^}]*\}", " ", tex)
    s = re.sub(r"\\(?:begin|end)\{\w+\}", " ", s)

    def take(symbol: str) -> str:
        found.add(symbol)
        return " "

    # Measures: \overline{\mathrm{NDCG@10}}, \mathrm{NDCG@6}, \mathrm{NDCG@}k, P@i.
    s = re.sub(
        r"\\overline\{\\mathrm\{([A-Za-z]+)@[^}]*\}\}",
        lambda m: take(_overlined(m[1]) + "@k"),
        s,
    )
    s = re.sub(r"\\mathrm\{([A-Za-z]+)@\}\s*\w+", lambda m: take(_measure(m[1])), s)
    s = re.sub(r"\\mathrm\{([A-Za-z]+)@[^}]*\}", lambda m: take(_measure(m[1])), s)
    # A measure with no cut-off (k = none) is the measure at k = n: the same symbol.
    s = re.sub(r"\\mathrm\{([A-Za-z]+)\}", lambda m: take(_measure(m[1])), s)
    s = re.sub(r"(?<![\\A-Za-z])([A-Z][A-Za-z]*)@\w+", lambda m: take(_measure(m[1])), s)
    s = re.sub(r"\\mathbb\{E\}", lambda m: take("E[·]"), s)
    # Sizes of sets: |\mathcal{R}|, |Q|, |J|.
    for command, plain in _COMMANDS.items():
        s = s.replace(command, plain)
    s = re.sub(r"\|\s*(𝓡|[A-Za-z])\s*\|", lambda m: take(f"|{m[1]}|"), s)
    # Accents on a letter, and subscripts that are words.
    s = re.sub(r"\\hat\s*\{?a\}?", "â", s)
    s = re.sub(r"\\bar\s*\{?g\}?", "ḡ", s)
    s = re.sub(r"_\{\\(min|max)\}", r"_\1", s)
    s = re.sub(r"\^\{\*\}", "*", s)
    s = re.sub(r"\\log_\{?\w+\}?|\\[A-Za-z]+|\\.", " ", s)  # every other command: not a symbol
    s = re.sub(r"\bd\(i\)", lambda m: take("d(i)"), s)
    for m in re.finditer(
        r"(?<![A-Za-z0-9θâḡ])([A-Za-zθâḡ]+)(\*?)"
        r"(?:_(?:\{\s*([^{}]*?)\s*\}|(min|max)\b|([A-Za-z0-9])))?",
        s,
    ):
        name, star = m[1], m[2]
        index = next((part for part in (m[3], m[4], m[5]) if part is not None), None)
        if index in ("min", "max"):
            found.add(f"{name}_{index}")
        elif index is not None:
            found.add(f"{name}{star}{_SUBSCRIPT_I}")
        else:
            found.add(f"{name}{star}")
    return found


# Plain text: a measure at a cut-off (NDCG@6, P@k), and a letter with an index subscript (θᵢ,
# rel*ᵢ; g*ᵢ* is gᵢ in italics).
_TEXT_MEASURE = re.compile(r"(?<![\w.])([A-Z][A-Za-z]*)@(?:\d+|[a-z])\b")
_TEXT_SUBSCRIPT = re.compile(r"(?<![A-Za-z])([A-Za-zθâḡ]+)(\*?)[ᵢⱼ](\*?)")
_TEXT_LETTER = re.compile(r"(?<![*\w])\*([A-Za-z])\*(?![*\w])")  # *i*: a symbol in italics
_DISPLAY_LATEX = re.compile(r"\$\$(.+?)\$\$", re.DOTALL)
_INLINE_LATEX = re.compile(r"(?<![\\$])\$([^$\n]+?)\$(?!\$)")


def text_symbols(text: str) -> set[str]:
    """The symbols in a piece of page text that is not a formula: `latex_symbols` of its inline
    $…$ formulas, measures at a cut-off and letters with an index subscript."""
    formulas = _DISPLAY_LATEX.findall(text)
    text = _DISPLAY_LATEX.sub(" ", text)
    formulas += _INLINE_LATEX.findall(text)
    found = {symbol for tex in formulas for symbol in latex_symbols(tex)}
    found |= {_measure(name) for name in _TEXT_MEASURE.findall(text)}
    found |= set(_TEXT_LETTER.findall(text))
    for name, before, after in _TEXT_SUBSCRIPT.findall(text):
        ideal = "*" if before and not after else ""  # *…* around a subscript is italics
        found.add(f"{name}{ideal}{_SUBSCRIPT_I}")
    return found


def test_the_symbol_reader_reads_what_the_pages_write():
    assert latex_symbols(
        r"\mathrm{DCG@k} = \sum_{i=1}^{k} \frac{2^{rel_i} - 1}{\log_{2}(i+1)}"
    ) == {
        "DCG@k",
        "relᵢ",
        "i",
        "k",
    }
    assert latex_symbols(
        r"\mathrm{IDCG@6} = \sum_{i=1}^{|J|} \frac{rel^{\star}_i}{\max(1,\ \log_{2} i)}"
    ) == {
        "IDCG@k",
        "i",
        "|J|",
        "rel*ᵢ",
    }
    assert latex_symbols(
        r"c_i = \theta_i \cdot a_i, \qquad a_i = \frac{rel_i}{\max_j rel_j}, \qquad \hat a_i = \frac{c_i}{\theta_i}"
    ) == {"cᵢ", "θᵢ", "aᵢ", "relᵢ", "âᵢ", "j"}
    assert latex_symbols(
        r"\mathbb{E}[\mathrm{NDCG@}k] = \frac{\bar g \sum_{i=1}^{\min(k,n)} d_i}{\mathrm{IDCG@}k}"
    ) == {"E[·]", "NDCG@k", "ḡ", "i", "k", "n", "dᵢ", "IDCG@k"}
    assert latex_symbols(
        r"\mathrm{ERR@k} = \sum_{r=1}^{k} \frac{1}{r}\, R_r \prod_{i=1}^{r-1} (1 - R_i),\quad "
        r"R_i = \frac{2^{rel_i} - 1}{2^{g_{\max}}}"
    ) == {"ERR@k", "r", "k", "Rᵢ", "i", "relᵢ", "g_max"}
    assert latex_symbols(
        r"\overline{\mathrm{NDCG@10}} = \frac{1}{|Q|}\sum_{q \in Q} \mathrm{NDCG@10}(q)"
    ) == {"N̅D̅C̅G̅@k", "|Q|", "q", "Q", "NDCG@k"}
    assert latex_symbols(r"\mathrm{R@k} = \frac{1}{|\mathcal{R}|} \sum_{i=1}^{k} r_i") == {
        "R@k",
        "|𝓡|",
        "i",
        "k",
        "rᵢ",
    }
    assert latex_symbols(r"r_i = 1 \text{ when } rel_i \ge rel_{\min}") == {"rᵢ", "relᵢ", "rel_min"}
    assert latex_symbols(r"\mathrm{AP@6} = \frac{1}{5} ( \frac{4}{5} ) = 0.9267") == {"AP@k"}
    assert latex_symbols(r"\mathrm{DCG} = \sum_{i=1}^{n} rel_i") == {"DCG@k", "i", "n", "relᵢ"}
    assert text_symbols("Swapping *i* and *j* changes DCG by (g*ᵢ* − g*ⱼ*)·(d*ⱼ* − d*ᵢ*)") == {
        "i",
        "j",
        "gᵢ",
        "dᵢ",
    }
    assert text_symbols("rel*ᵢ is the ideal's relevance; NDCG@6 = 0.96 and $p^{k}$") == {
        "rel*ᵢ",
        "NDCG@k",
        "p",
        "k",
    }
    assert text_symbols("trec_eval -m ndcg_cut.10 and user@example") == set()
    assert text_symbols("positions *i* and *j* trade places") == {"i", "j"}
    assert text_symbols("so $$\n\\bar g = 1.8\n$$ and $d_i$") == {"ḡ", "dᵢ"}


def test_the_walk_reads_every_page_and_its_formulas(said):
    # A walk that read nothing would find nothing missing: it must have seen these.
    assert {piece.page for piece in said} == {page.key for page in menu.PAGES}
    seen = {(piece.page, symbol) for piece in said for symbol in latex_symbols(piece.text)}
    for page, symbol in (
        ("learn-labels", "θᵢ"),
        ("metrics", "m"),
        ("metrics", "hᵢ"),
        ("ordering", "ḡ"),
        ("queries", "N̅D̅C̅G̅@k"),
        ("playground", "|J|"),  # the pool link: IDCG sums over every judged item
    ):
        assert (page, symbol) in seen, (page, symbol)


def test_every_symbol_the_pages_show_is_in_the_glossary(said):
    missing: dict[str, set[str]] = {}
    for piece in said:
        symbols = latex_symbols(piece.text) if piece.kind == "latex" else text_symbols(piece.text)
        for symbol in symbols:
            if defining(symbol) is None:
                missing.setdefault(symbol, set()).add(piece.where)
    assert not missing, "\n".join(
        f"{symbol!r} is shown on {', '.join(sorted(pages))} but no glossary term defines it: "
        f"add a Term to lessons/glossary.py whose symbol lists {symbol!r}, or add it to the "
        "symbol of the term that covers it."
        for symbol, pages in sorted(missing.items())
    )


# ------------------------------------------------------------------------- terms a page marks

# A short bold or italic phrase in lower case is how pages mark a term they define ("only a
# **pool** is judged"). These bold or italic phrases are emphasis, not terms.
EMPHASIS = {
    "top",
    "one",
    "your list",
    "one item travels",
    "all its possible orderings",
    "hard query",
    "easy query",
    "any",
    "worst",
}
_MARKED = re.compile(r"(?<![*\w])(\*\*?)([a-z][a-z-]+(?: [a-z][a-z-]*){0,2})\1(?![*\w])")
# The names of the ideas a learner must be able to look up wherever a page uses them, marked or
# not: the glossary names each one (by its term or an alias).
VOCABULARY = (
    "examination hypothesis",
    "inverse propensity weighting",
    "position bias",
    "trust bias",
    "cascade model",
    "closed ideal",
    "residual",
    "LambdaRank",
    "ΔNDCG",
    "bootstrap interval",
    "randomization test",
    "ndcg_cut",
    "judged but not retrieved",
    "test collection",
    "assessors",
    "persistence",
    "MRR",
    "MAP",
)


def marked_terms(text: str) -> set[str]:
    """The lower-case phrases of one to three words that `text` sets in bold or italics."""
    return {m[2] for m in _MARKED.finditer(text)}


def test_the_term_reader_finds_marked_phrases():
    assert marked_terms("only a **pool** is judged; the *examination hypothesis* (**k = 4**)") == {
        "pool",
        "examination hypothesis",
    }
    assert marked_terms("**What to notice.** and **A common slip** and 2 * 3 * 4") == set()


def test_every_term_the_pages_mark_or_use_is_in_the_glossary(said):
    missing: dict[str, set[str]] = {}
    for piece in said:
        if piece.kind in ("latex", "table", "dataframe", "arrow_data_frame"):
            continue
        for phrase in marked_terms(piece.text) - EMPHASIS:
            if named(phrase) is None:
                missing.setdefault(phrase, set()).add(piece.where)
        for word in VOCABULARY:
            if word.casefold() in piece.text.casefold() and named(word) is None:
                missing.setdefault(word, set()).add(piece.where)
    assert not missing, "\n".join(
        f"{phrase!r} is marked or used as a term on {', '.join(sorted(pages))} but the glossary "
        f"has no term of that name: add a Term to lessons/glossary.py (or {phrase!r} to the "
        "aliases of the term it is), or, if the page only stresses the words, add them to "
        "EMPHASIS in this test."
        for phrase, pages in sorted(missing.items())
    )


# ----------------------------------------------------------------- sources named by their title

# A source document named by its file number: "note 002", "seed 004", "(003)", a bare "001".
FILE_NUMBER = re.compile(
    r"(?i:\b(?:notes?|sources?|seeds?|files?|documents?|docs?)\s*#?\s*0\d\d\b)"
    r"|(?<![\d.,_\w])00[0-4](?![\d\w])"
)


def test_the_file_number_pattern_finds_what_it_must_and_nothing_else():
    for said_ in ("note 000", "seed 002", "Note 004's items", "(source 003)", "K (000), n (003)"):
        assert FILE_NUMBER.search(said_), said_
    for fine in ("1,000 resamples", "0.004", "2000", "10_000", "the Russian study note", "d001"):
        assert not FILE_NUMBER.search(fine), fine


def test_no_page_names_a_source_by_its_file_number(said):
    found = sorted(
        {
            f"{piece.where}: …{piece.text[max(0, m.start() - 40) : m.end() + 40]}…"
            for piece in said
            for m in [FILE_NUMBER.search(piece.text)]
            if m
        }
    )
    assert not found, (
        "Name each source by its title (lessons.examples.SOURCES[...].short), not its file "
        "number:\n" + "\n".join(found)
    )
