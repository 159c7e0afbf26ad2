"""Read a set of files in a process of its own, so a big upload never stalls the app server.

    python -m views.queries.worker NICENESS  < pickled (kind, {role: (name, path)}, cap_mb, out_path)

imports what reading needs first, then waits for its job on standard input: the server (`data`)
keeps one such process started ahead while a page shows its upload boxes, so a file that comes
meets a reader whose imports (a second or so on this machine) are done. It reads the files at
the paths (as a stream: the worker never holds a whole file), joins them with
`files.load_files` and pickles the result (`write_result`), or the ValueError that says why the
files cannot be read, to out_path. The server reads out_path when the process ends
(`read_result`): the memory the reading needed leaves with the process, and what comes back is
what the server keeps: the rows, and at most `runs.MAX_PROBLEMS` problem lines per file (a file
of millions of bad lines sends back the first ones and a count). Only the core and `files` are
imported here, not Streamlit, and pandas only if the files need it (`_Later`): a TREC set that
reads cleanly comes back as arrow's and numpy's columns, which the server makes frames of
(`files.framed`). A spare whose server goes away reads the end of its input and ends.
"""

from __future__ import annotations

import importlib
import importlib.util
import os
import pickle
import select
import sys
import types

SPARE_WAIT_S = 600  # seconds a spare waits for its job before it ends


def _arrow_array(kind: type, state: dict):
    """A pandas array backed by arrow, from its attributes (`_Pickler`)."""
    array = kind.__new__(kind)
    array.__setstate__(state)
    return array


def _widened(restore, arguments):
    """An arrow text array sent with 32-bit offsets, read with 64-bit ones (`_Pickler`)."""
    from columnar import widened  # here: a worker sets arrow's allocator before arrow is imported

    return widened(restore(*arguments))


def _wide_chunks(chunks: list):
    """An arrow text column sent with 32-bit offsets, its chunks read as `_widened` reads them."""
    import pyarrow as pa

    return pa.chunked_array(chunks, pa.large_string())


class _Pickler(pickle.Pickler):
    """pickle, but a pandas column backed by arrow goes as its arrow chunks, unchanged, and
    arrow's text with 32-bit offsets is read back with 64-bit ones.

    pandas pickles such a column by first copying it into one chunk (`combine_chunks`): the
    worker's memory grew by every string column while it wrote, and the run's documents,
    which its table's rows and its dataset's ranking share, were written twice. Here a shared
    column is one object, written once (pickle's memo) and shared again once read.

    The reader's text has 32-bit offsets (`columnar.text_column`: half their bytes, in the
    worker and in what it sends); pandas' "str" holds 64-bit ones and casts each column it is
    given, so the server widened a shared column once per table that holds it and held every
    narrow column and its wide copy at once (+35 MB at its peak on a 50 MB run). Cast as it is
    read, a chunk at a time, a column is widened once and its narrow offsets go at once."""

    def reducer_override(self, obj):
        kind = type(obj).__name__
        if kind == "StringArray" and str(obj.type) == "string":  # read by `_widened`
            return _widened, obj.__reduce__()
        if kind == "ChunkedArray" and str(obj.type) == "string":  # its chunks, each widened
            return _wide_chunks, (obj.chunks,)
        if not kind.startswith("Arrow") or not hasattr(obj, "_pa_array"):
            return NotImplemented
        state = obj.__dict__ | {"_cache": {}}  # pandas' own state, but for the copy
        return _arrow_array, (type(obj), state)


class _Later(types.ModuleType):
    """A module that is imported at its first use, standing in its name until then.

    pandas is 40 MB of the worker's memory (28 of them its modules and their objects) and
    0.35-0.45 s of its CPU, and a TREC set that reads cleanly never needs it (`load_files`'s
    ``columns``); the core's modules import it at their top, so the worker puts this in its
    place first: their `import pandas as pd` binds this, and a file that does need pandas (a
    CSV, repeated pairs, lines read one at a time, a qrels block of 1,000 lines or fewer, whose
    numbers pandas reads) imports it at its first `pd.` (the real module's names are then
    copied here). importlib.util.LazyLoader would do the same, but on
    Python 3.11 the import system's own look at `__spec__` loads it at once."""

    def __init__(self, name: str):
        super().__init__(name)
        self.__spec__ = importlib.util.find_spec(name)  # read by `import`, without loading

    def __getattr__(self, attr: str):
        del sys.modules[self.__name__]
        module = importlib.import_module(self.__name__)
        self.__dict__.update(module.__dict__)
        return getattr(module, attr)


def write_result(result, path: str) -> None:
    with open(path, "wb") as out:
        _Pickler(out, protocol=pickle.HIGHEST_PROTOCOL).dump(result)


def read_result(path: str):
    with open(path, "rb") as source:
        return pickle.load(source)


def main(niceness: int) -> int:
    os.nice(niceness)  # the server's sessions come first
    # arrow's own allocator (mimalloc) keeps what the reader frees for its next blocks: the
    # worker's peak was 55-65 MB higher with it on a 50 MB run, for no gain in time. Set
    # before arrow is imported, which reads it once.
    os.environ.setdefault("ARROW_DEFAULT_MEMORY_POOL", "system")
    sys.modules.setdefault("pandas", _Later("pandas"))
    from views.queries.files import load_files  # before the job: a spare waits ready

    # This file runs as __main__: its pickler is taken from the module the server imports, so
    # that what it writes names `views.queries.worker._arrow_array`, which the server finds.
    from views.queries.worker import write_result

    # A spare given no job in time ends (the server starts another when a page asks), so an
    # upload page left open does not hold a reader's memory for hours.
    if not select.select([sys.stdin], [], [], SPARE_WAIT_S)[0]:
        return 0
    try:
        kind, paths, cap_mb, out_path = pickle.load(sys.stdin.buffer)
    except EOFError:  # a spare never given a job: its server has ended
        return 0
    try:
        result = load_files(kind, paths, cap_mb, columns=True)
    except ValueError as error:  # its message as made (a Kept one is said again in the page's)
        result = ValueError(*error.args[:1]) if len(error.args) == 1 else ValueError(str(error))
    write_result(result, out_path)
    return 0


if __name__ == "__main__":
    sys.exit(main(int(sys.argv[1])))
