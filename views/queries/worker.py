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
imported here, not Streamlit. A spare whose server goes away reads the end of its input and
ends.
"""

from __future__ import annotations

import os
import pickle
import select
import sys

SPARE_WAIT_S = 600  # seconds a spare waits for its job before it ends


def _arrow_array(kind: type, state: dict):
    """A pandas array backed by arrow, from its attributes (`_Pickler`)."""
    array = kind.__new__(kind)
    array.__setstate__(state)
    return array


class _Pickler(pickle.Pickler):
    """pickle, but a pandas column backed by arrow goes as its arrow chunks, unchanged.

    pandas pickles such a column by first copying it into one chunk (`combine_chunks`): the
    worker's memory grew by every string column while it wrote, and the run's documents,
    which its table's rows and its dataset's ranking share, were written twice. Here a shared
    column is one object, written once (pickle's memo) and shared again once read."""

    def reducer_override(self, obj):
        if not type(obj).__name__.startswith("Arrow") or not hasattr(obj, "_pa_array"):
            return NotImplemented
        state = obj.__dict__ | {"_cache": {}}  # pandas' own state, but for the copy
        return _arrow_array, (type(obj), state)


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
        result = load_files(kind, paths, cap_mb)
    except ValueError as error:  # its message as made (a Kept one is said again in the page's)
        result = ValueError(*error.args[:1]) if len(error.args) == 1 else ValueError(str(error))
    write_result(result, out_path)
    return 0


if __name__ == "__main__":
    sys.exit(main(int(sys.argv[1])))
