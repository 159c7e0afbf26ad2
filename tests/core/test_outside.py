"""The one reader of outside JSON (outside/): whatever it is given, it returns a JSON value no
deeper than its bound or raises one ValueError in words (the source, at most a line of the
text, what to do; never Python's); its inflate stops at its bound. And no JSON from outside is
read anywhere else in the app: an AST scan names any `json.loads` or `json.load` that is not
on the short list of JSON the app wrote itself."""

import ast
import json
import zlib
from pathlib import Path

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

import outside
from devtools import ROOT
from tests.strategies import hostile_json

SOURCE, FIX = "This file", "Export it again from the app."
# Words of Python's own messages that must never reach a user.
PYTHON_WORDS = (
    "Traceback",
    "Error",
    "Expecting",
    "codec",
    "int()",
    "sys.set_int_max_str_digits",
    "recursion",
    "decode",
    "char ",
)


def assert_in_words(message: str) -> None:
    assert message.startswith(SOURCE + " ") and message.endswith(FIX), message
    for word in PYTHON_WORDS:
        assert word not in message, message
    # At most one quote of the text, QUOTED characters and its marks, beside our own words.
    assert len(message) <= len(SOURCE) + len(FIX) + outside.QUOTED + 120, message


def _depth(value) -> int:
    if isinstance(value, list):
        return 1 + max(map(_depth, value), default=0)
    if isinstance(value, dict):
        return 1 + max(map(_depth, value.values()), default=0)
    return 0


@given(hostile_json())
@example("[" * 100_000 + "]" * 100_000)  # once a RecursionError (a progress link, a list file)
@example('{"a":' * 5000 + "0" + "}" * 5000)
@example('"' + "[" * 100_000 + '"')  # brackets inside a string do not nest
@example("\ufeff[1]")  # a byte-order mark (Windows Notepad): once refused
@example('{"kind": "' + "x" * 100_000 + '"}')
def test_any_text_is_read_or_refused_in_words(text):
    for data in (text, text.encode("utf-8", "surrogatepass")):
        try:
            value = outside.read_json(data, SOURCE, FIX, limit=1_000_000)
        except ValueError as error:
            assert_in_words(str(error))
        else:
            assert _depth(value) <= outside.MAX_DEPTH
            assert json.loads(json.dumps(value)) == value  # no NaN, no Infinity


@given(st.binary(max_size=200))
def test_any_bytes_are_read_or_refused_in_words(data):
    try:
        outside.read_json(data, SOURCE, FIX, limit=1000)
    except ValueError as error:
        assert_in_words(str(error))


@pytest.mark.parametrize(
    ("data", "said"),
    [
        (b"\xef\xbb\xbf{}", None),
        ("\ufeff[]", None),
        (b"\xff\xfe{", "is not text (UTF-8)"),
        ("  \n", "is empty"),
        ("x" * 1001, "is 1,001 characters long; at most 1,000 are read"),
        (b"x" * 1001, "is 1,001 bytes long"),
        ("[" * 33 + "]" * 33, "nests brackets more than 32 levels deep"),
        ("[" * 32 + "]" * 32, None),
        ("[1, 2,\n 3 x]", "is not JSON (line 2, column 4: “ 3 x]”)"),
        ("[" + "1," * 300 + "x]", "column 602: “…1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1"),
        ('{"a": "\x00\x1b"} ,', '“{"a": "��"} ,”'),
        ("[" + "9" * 101 + "]", "a number 101 characters long"),
        ("[" + "9" * 100 + "]", None),
        ("[1e400]", "the number 1e400, too large"),
        ("[Infinity]", "Infinity, which is not a number JSON allows"),
    ],
)
def test_each_failure_is_said_as_what_it_is(data, said):
    if said is None:
        outside.read_json(data, SOURCE, FIX, limit=1000)
        return
    with pytest.raises(ValueError, match=None) as refused:
        outside.read_json(data, SOURCE, FIX, limit=1000)
    assert said in str(refused.value)
    assert_in_words(str(refused.value))


def test_the_quote_is_one_line_cut_around_the_fault():
    line = "a" * 200 + "!" + "b" * 200
    quoted = outside.excerpt("first\n" + line + "\nlast", 6 + 200)
    assert quoted.startswith("“…") and quoted.endswith("…”") and "!" in quoted
    assert len(quoted) == outside.QUOTED + 4
    assert outside.excerpt("short", 2) == "“short”"


@pytest.mark.parametrize(
    ("data", "said"),
    [
        (zlib.compress(b"[" * 2_000_000), "holds more than 1,000 bytes once unpacked"),
        (zlib.compress(b"x" * 1001), "holds more than 1,000 bytes"),
        (zlib.compress(b"[1]")[:-4], "is cut short"),
        (b"not deflated", "could not be read"),
        (b"", "is cut short"),
    ],
)
def test_inflate_stops_at_its_bound(data, said):
    with pytest.raises(ValueError, match=said) as refused:
        outside.inflate(data, SOURCE, FIX, limit=1000)
    assert_in_words(str(refused.value))


def test_inflate_gives_back_what_fits():
    assert outside.inflate(zlib.compress(b"x" * 1000), SOURCE, FIX, limit=1000) == b"x" * 1000


# --- No other reader of outside JSON ---------------------------------------------------------------

APP = ["app.py", "ui", "views", "classroom", "lessons", "ndcg_core"]
# JSON the app wrote itself, read back: (file, function) → why it is not outside text.
OWN_JSON = {
    ("classroom/questions.py", "Question.spec"): "the spec `_question` wrote with json.dumps",
    ("classroom/store/base.py", "Base.room"): "a room's `pushed` params, written by this store",
    ("classroom/store/records.py", "read_plan"): "a class's question list, as the store wrote it",
    ("classroom/store/records.py", "read_check"): "a check's forms, as stored",
    ("lessons/path.py", "core_words"): "path_lengths.json, shipped (bench/lesson_lengths.py)",
    ("ui/component.py", "sent_data"): "a component's data, as `mount` wrote it with json.dumps",
}


def _json_reads(path: Path) -> list[tuple[str, int]]:
    """(function, line) of every json.load/json.loads call in `path`, whatever it was imported
    as (`import json as j`, `from json import loads as read`)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    modules, functions = set(), set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            modules |= {a.asname or a.name for a in node.names if a.name == "json"}
        elif isinstance(node, ast.ImportFrom) and node.module == "json":
            functions |= {a.asname or a.name for a in node.names if a.name in ("load", "loads")}
    found = []

    def visit(node, where: list[str]) -> None:
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            where = [*where, node.name]
        if isinstance(node, ast.Call):
            f = node.func
            by_module = (
                isinstance(f, ast.Attribute)
                and f.attr in ("load", "loads")
                and isinstance(f.value, ast.Name)
                and f.value.id in modules
            )
            if by_module or (isinstance(f, ast.Name) and f.id in functions):
                found.append((".".join(where) or "<module>", node.lineno))
        for child in ast.iter_child_nodes(node):
            visit(child, where)

    visit(tree, [])
    return found


def _app_files():
    for name in APP:
        path = ROOT / name
        yield from [path] if path.is_file() else sorted(path.rglob("*.py"))


def test_every_json_read_of_outside_text_goes_through_the_one_reader():
    seen, unchecked = set(), []
    for path in _app_files():
        relative = path.relative_to(ROOT).as_posix()
        for function, line in _json_reads(path):
            if (relative, function) in OWN_JSON:
                seen.add((relative, function))
            else:
                unchecked.append(f"{relative}:{line} ({function})")
    assert not unchecked, (
        "JSON read without `outside.read_json` (bounded size and depth, one message): "
        f"{unchecked}. Read it with outside.read_json, or, if the app wrote it itself, add it "
        "to OWN_JSON with the reason."
    )
    assert seen == set(OWN_JSON), f"OWN_JSON lists reads that are gone: {set(OWN_JSON) - seen}"


def test_the_scan_finds_a_read_however_json_was_imported(tmp_path):
    probe = tmp_path / "probe.py"
    probe.write_text(
        "import json as j\nfrom json import loads as read\n"
        "def a(t):\n    return j.loads(t)\n"
        "class B:\n    def c(self, f):\n        return read(f) or j.load(f)\n"
    )
    assert _json_reads(probe) == [("a", 4), ("B.c", 7), ("B.c", 7)]
