"""What a page still says in English when it is opened in another language.

    python -m devtools.english ru views/learn/binary.py [--unfold] [rels=3,2,0 …]

opens the app on the page through AppTest with `lang` (and any other link parameters), and prints
every piece of text a learner reads there — Markdown, headings, captions, messages, widgets'
labels, help and options, folds' and tabs' labels, links, table headers and cells, chart titles —
that still reads as English. The test of every page in Russian and Chinese
(tests/pages/test_languages.py) uses the same reading.

English is recognised, not guessed from a dictionary: a piece of text is English when it has one
of the commonest English words as a word of its own, or three Latin-letter words in a row.
Names that are the same in every language (NDCG@k, trec_eval, scikit-learn, MS MARCO …) are not
words of English for this purpose: `NAMES`.
"""

from __future__ import annotations

import json
import re
import sys

# Words that are in nearly every English sentence and in no Russian or Chinese one.
COMMON = frozenset(
    [
        "the",
        "and",
        "of",
        "to",
        "is",
        "in",
        "for",
        "with",
        "on",
        "by",
        "at",
        "it",
        "this",
        "that",
        "be",
        "are",
        "or",
        "from",
        "as",
        "your",
        "you",
        "its",
        "an",
        "was",
        "were",
        "not",
        "but",
        "if",
        "then",
        "than",
        "what",
        "which",
        "when",
        "where",
        "how",
        "why",
        "can",
        "will",
        "has",
        "have",
        "had",
        "do",
        "does",
        "did",
        "more",
        "most",
        "each",
        "every",
        "one",
        "two",
        "three",
        "list",
        "order",
        "item",
        "items",
        "position",
        "ideal",
        "gain",
        "discount",
        "relevance",
        "ranking",
        "query",
        "queries",
        "score",
        "scores",
        "page",
        "link",
        "open",
        "show",
        "here",
        "ranked",
        "judged",
        "higher",
        "lower",
        "same",
    ]
)
# Names written alike in every language: library, measure, file format and data set names.
NAMES = frozenset(
    [
        "ndcg",
        "dcg",
        "idcg",
        "cg",
        "ndcg@k",
        "dcg@k",
        "idcg@k",
        "map",
        "mrr",
        "err",
        "rbp",
        "ap",
        "rr",
        "trec",
        "trec_eval",
        "pytrec_eval",
        "ir_measures",
        "ranx",
        "scikit-learn",
        "sklearn",
        "torchmetrics",
        "tensorflow",
        "lightgbm",
        "xgboost",
        "pyterrier",
        "ms",
        "marco",
        "msmarco",
        "python",
        "numpy",
        "pandas",
        "scipy",
        "streamlit",
        "plotly",
        "qrels",
        "run",
        "wikipedia",
        "csv",
        "tsv",
        "json",
        "latex",
        "markdown",
        "holm",
        "bonferroni",
        "benjamini",
        "hochberg",
        "wilcoxon",
        "tukey",
        "bootstrap",
        "järvelin",
        "kekäläinen",
        "burges",
        "lambdamart",
        "excel",
        "google",
        "bing",
        "yandex",
        "baidu",
    ]
)
_LATIN_WORD = re.compile(r"[A-Za-z][A-Za-z'’-]*[A-Za-z]|[A-Za-z]")
_SKIP = [
    re.compile(r"\$\$.*?\$\$", re.S),  # display formulas
    re.compile(r"\$[^$\n]+\$"),  # inline formulas
    re.compile(r"`[^`]*`"),  # code
    re.compile(r"https?://\S+|/[a-z-]+\?\S*"),  # addresses
    re.compile(r"\b\w+=[\w.,:;%-]*"),  # link parameters (rels=3,2)
    re.compile(r"\b[a-z_]+ = [\w.:=,-]+"),  # a parameter and its value (gain = linear)
    # code names and symbols: ndcg_score(k=k), ideal_cut, rel_i^ideal
    re.compile(r"\b\w+(?:\\?_\w+)+(?:\^\w+)?(?:\([^)]*\))?"),
    # A library's own error, quoted as it raises it, to its first full stop.
    re.compile(r"\b[A-Z]\w*(?:Error|Exception): [^\n]*?(?:\.(?=\s|$)|$)"),
    re.compile(r"#\w+"),  # anchors
    # A work cited by its authors and year (Manning, Raghavan & Schütze (2008), Introduction to
    # IR; Chapelle et al. (2009)): the names, and the title as published after "(year)," too.
    re.compile(r"(?:[A-Z][\w’'–-]*(?: et al\.)?,? (?:(?:&|and) )?)+\(\d{4}\)(?:,[^\n]*)?"),
    # ... and in brackets, by authors and year alone: (Moffat & Zobel 2008)
    re.compile(r"\((?:[A-Z][\w’'–-]*(?: et al\.)?,? (?:(?:&|and) )?)+\d{4}\)"),
    re.compile(r"\(\d{4}\)\.[^\n]*"),  # a work cited: its title, as published, after the year
    re.compile(r"\b\d{4}[,，] ?\*[^*\n]+\*"),  # a work cited: Burges 2010, *its title*
    re.compile(r"\b[\w.-]+(?:/[\w.-]+)+\.[a-z]+\b"),  # a file's path: sklearn/metrics/_ranking.py
    re.compile(r"“[^”]*”|«[^»]*»|\"[^\"]*\"|「[^」]*」"),  # quoted titles stay as titled
    re.compile(r"\\[A-Za-z]+"),  # LaTeX commands
    # A TREC line's fields, named as the format names them (a bad line's reason quotes them)
    re.compile(r"query Q0 doc rank score run|query iteration doc relevance"),
    re.compile(r"\b[0-9a-f]{32}\b"),  # an element's id (a download button's)
]


def english_in(text: str) -> str | None:
    """The English words `text` has (a short quote), or None when it has none."""
    for pattern in _SKIP:
        text = pattern.sub(" ", text)
    words = [w for w in _LATIN_WORD.findall(text)]
    common = [w for w in words if w.lower() in COMMON and w.lower() not in NAMES]
    run, longest, best = [], 0, []
    for token in re.split(r"(\s+)", text):
        if not token.strip():
            continue
        bare = token.strip(".,:;!?()[]«»“”\"'*_")
        if _LATIN_WORD.fullmatch(bare or "-") and bare.lower() not in NAMES and len(bare) > 1:
            run.append(bare)
            if len(run) > longest:
                longest, best = len(run), list(run)
        else:
            run = []
    if common or longest >= 3:
        return " ".join(best[:6]) if longest >= 3 else " ".join(common[:6])
    return None


def _repeated(field) -> bool:
    flag = getattr(field, "is_repeated", None)  # protobuf ≥ 5.28; older ones have `label`
    return bool(flag) if flag is not None else field.label == field.LABEL_REPEATED


_NOT_TEXT = (
    "id",
    "form_id",
    "key",
    "data",
    "spec",
    "arrow_data",
    "type",
    "component_name",
    "js_content",
    "js_source_path",
    "html_content",
    "css_content",
    "css_source_path",
    "bytes",
    "url",
    "page_script_hash",
    "page",
    "icon",
    "default",
    "value",
)


def _strings(message, skip=_NOT_TEXT):
    """Every text field of a protobuf message, recursively (not ids, data or chart specs)."""
    for field, value in message.ListFields():
        if field.name in skip:
            continue
        if field.type == field.TYPE_MESSAGE:
            items = value if _repeated(field) else [value]
            for item in items:
                if hasattr(item, "ListFields"):
                    yield from _strings(item, skip)
        elif field.type == field.TYPE_STRING:
            items = value if _repeated(field) else [value]
            for item in items:
                if field.name == "json":  # a component's data: its texts, not its ids
                    yield from (text for text in _json_text(item) if " " in text.strip())
                elif isinstance(item, str):
                    yield item


def _json_text(text: str):
    try:
        data = json.loads(text)
    except ValueError:
        return
    stack = [data]
    while stack:
        item = stack.pop()
        if isinstance(item, dict):
            stack += list(item.values())
        elif isinstance(item, list):
            stack += item
        elif isinstance(item, str):
            yield item


def _chart_text(spec: str):
    """A plotly figure's titles, axis titles, trace names and annotations."""
    try:
        figure = json.loads(spec)
    except ValueError:
        return
    layout = figure.get("layout", {})
    for part in layout.values():
        if isinstance(part, dict):
            title = part.get("title")
            if isinstance(title, dict) and isinstance(title.get("text"), str):
                yield title["text"]
            elif isinstance(title, str):
                yield title
    for annotation in layout.get("annotations", []) or []:
        if isinstance(annotation.get("text"), str):
            yield annotation["text"]
    for trace in figure.get("data", []):
        if isinstance(trace.get("name"), str):
            yield trace["name"]


def said(at) -> list[tuple[str, str]]:
    """Every piece of text the page shows, as (element kind, text)."""
    from pandas.api.types import is_string_dtype

    from devtools.apptest import leaves

    found = []
    for node in leaves(at._tree):
        proto = getattr(node, "proto", None)
        if node.type == "code":  # code (a library's call) is written alike in every language
            continue
        if node.type == "plotly_chart" and proto is not None:
            found += [(node.type, text) for text in _chart_text(proto.spec)]
            continue
        if node.type in ("arrow_data_frame", "dataframe", "table", "arrow_table"):
            try:
                frame = node.value
                found += [(node.type, str(c)) for c in frame.columns]
                for column in frame.columns:
                    # (pandas 3 keeps text in its string dtype, not as objects.)
                    if frame[column].dtype == object or is_string_dtype(frame[column]):
                        found += [(node.type, str(v)) for v in frame[column].head(50)]
            except Exception:  # a table AppTest cannot read: its header is still in the proto
                pass
        if proto is not None and hasattr(proto, "ListFields"):
            found += [(node.type, text) for text in _strings(proto) if text.strip()]
    for block in _blocks(at._tree):
        proto = getattr(block, "proto", None)
        if proto is not None and hasattr(proto, "ListFields"):
            found += [(block.type, text) for text in _strings(proto) if text.strip()]
    return found


def _blocks(node):
    children = getattr(node, "children", None)
    if children is None:
        return
    yield node
    for child in children.values():
        yield from _blocks(child)


def english(at) -> list[tuple[str, str, str]]:
    """(kind, English words, the text) for each piece of the page's text that reads as English."""
    out, seen = [], set()
    for kind, text in said(at):
        if text.lstrip().startswith(("<style", "<script")):  # the app's style and script
            continue
        words = english_in(text)
        if words and (kind, text) not in seen:
            seen.add((kind, text))
            out.append((kind, words, text))
    return out


def main(argv: list[str]) -> int:
    from devtools.apptest import open_link

    lang, page, *rest = argv
    unfold = "--unfold" in rest
    params = dict(arg.split("=", 1) for arg in rest if "=" in arg)
    at = open_link(page, {"lang": lang, **params}, unfold=unfold)
    for error in at.exception:
        print("EXCEPTION:", error.value)
    left = english(at)
    for kind, words, text in left:
        print(f"[{kind}] {words!r}: {text[:160]!r}")
    print(f"{len(left)} pieces of English on {page} in {lang}")
    return 1 if left else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
