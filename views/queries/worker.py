"""Read a set of files in a process of its own, so a big upload never stalls the app server.

    python -m views.queries.worker NICENESS  < pickled (kind, {role: (name, path)}, cap_mb, out_path)

imports what reading needs first, then waits for its job on standard input: the server (`data`)
keeps one such process started ahead while a page shows its upload boxes, so a file that comes
meets a reader whose imports (a second or so on this machine) are done. It reads the files at
the paths, reads and joins them with `files.load_files` and pickles the result, or the
ValueError that says why the files cannot be read, to out_path. The server reads out_path when
the process ends: the memory the reading needed leaves with the process, and what comes back is
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


def main(niceness: int) -> int:
    os.nice(niceness)  # the server's sessions come first
    from views.queries.files import load_files  # before the job: a spare waits ready

    # A spare given no job in time ends (the server starts another when a page asks), so an
    # upload page left open does not hold a reader's memory for hours.
    if not select.select([sys.stdin], [], [], SPARE_WAIT_S)[0]:
        return 0
    try:
        kind, paths, cap_mb, out_path = pickle.load(sys.stdin.buffer)
    except EOFError:  # a spare never given a job: its server has ended
        return 0
    files = {}
    for role, (name, path) in paths.items():
        with open(path, "rb") as source:
            files[role] = (name, source.read())
    try:
        result = load_files(kind, files, cap_mb)
    except ValueError as error:  # its message as made (a Kept one is said again in the page's)
        result = ValueError(*error.args[:1]) if len(error.args) == 1 else ValueError(str(error))
    with open(out_path, "wb") as out:
        pickle.dump(result, out, protocol=pickle.HIGHEST_PROTOCOL)
    return 0


if __name__ == "__main__":
    sys.exit(main(int(sys.argv[1])))
