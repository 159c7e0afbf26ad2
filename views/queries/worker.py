"""Read a set of files in a process of its own, so a big upload never stalls the app server.

    python -m views.queries.worker OUT_PATH NICENESS  < pickled (kind, {role: (name, path)}, cap_mb)

reads the files at the paths, reads and joins them with `files.load_files` and
pickles the result, or the ValueError that says why the files cannot be read, to OUT_PATH. The server (`data`)
starts one per big set of files and reads OUT_PATH when it ends: the memory the reading needed
leaves with the process, and what comes back is what the server keeps: the rows, and at most
`runs.MAX_PROBLEMS` problem lines per file (a file of millions of bad lines sends back the first
ones and a count). Only the core and `files` are imported here, not Streamlit.
"""

from __future__ import annotations

import os
import pickle
import sys


def main(out_path: str, niceness: int) -> int:
    os.nice(niceness)  # the server's sessions come first
    kind, paths, cap_mb = pickle.load(sys.stdin.buffer)
    from views.queries.files import load_files

    files = {}
    for role, (name, path) in paths.items():
        with open(path, "rb") as source:
            files[role] = (name, source.read())
    try:
        result = load_files(kind, files, cap_mb)
    except ValueError as error:
        result = ValueError(str(error))
    with open(out_path, "wb") as out:
        pickle.dump(result, out, protocol=pickle.HIGHEST_PROTOCOL)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1], int(sys.argv[2])))
