"""A set of files a page was given, read and joined in one call: the unit of work of a worker
process (`worker`), which imports this and the core only, never Streamlit."""

from __future__ import annotations

import ctypes
import os

from i18n import tr
from ndcg_core.display import count, exact, fixed
from ndcg_core.runs import (
    MB,
    Dataset,
    Table,
    from_csv,
    join_trec,
    read_csv_run,
    read_trec_qrels,
    read_trec_run,
)

ROLES = ("run", "qrels", "second_run")  # the files a set can hold, in the order they are read


def size_text(cap_mb: float) -> str:
    """The upload cap in words: '50 MB (50,000,000 bytes)'."""
    return tr("{mb} MB ({bytes} bytes)", mb=exact(cap_mb), bytes=count(int(cap_mb * MB)))


def check_size(n_bytes: int, cap_mb: float, name: str = "The file") -> None:
    """Refuse a file larger than the upload cap (``server.maxUploadSize``, in megabytes of
    1,000,000 bytes: the unit Streamlit's uploader counts in, so the widget, the page and this
    check agree on the byte). The command line reads files of any size."""
    if n_bytes > cap_mb * MB:
        raise ValueError(
            tr(
                "{name} is {mb} MB ({bytes} bytes); files up to {cap} are accepted (the upload "
                "cap, server.maxUploadSize). Cut it down, e.g. to fewer queries, and try again.",
                name=name,
                mb=fixed(n_bytes / MB, 1),
                bytes=count(n_bytes),
                cap=size_text(cap_mb),
            )
        )


def read_file(kind: str, role: str, name: str, data: bytes | str, cap_mb: float) -> Table:
    """Read one file of a set in its role ('run', 'qrels', 'second_run'; `kind` 'csv' or
    'trec'): its bytes, or for TREC files the path of a file holding them (read as a stream:
    a worker never holds the whole file). Raises ValueError (over the cap, not text, missing
    columns) with the file's name."""
    size = len(data) if isinstance(data, (bytes, bytearray)) else os.path.getsize(data)
    check_size(size, cap_mb, name)
    if kind == "csv" and not isinstance(data, (bytes, bytearray)):
        with open(data, "rb") as source:
            data = source.read()
    if role == "qrels":
        return read_trec_qrels(data, name)
    if kind == "csv":
        return read_csv_run(data, name)
    return read_trec_run(data, name)


def give_back() -> None:
    """Hand the C heap's free pages back to the system (glibc's ``malloc_trim``), between one
    file's read and the next step: the reader's freed blocks lie between the rows it keeps, so
    without it each step's peak sat on the last one's leftovers (a worker reading a 50 MB run
    and its qrels peaked 15-30 MB higher). A call costs a walk of the free lists. Elsewhere
    than glibc, nothing."""
    if _LIBC is not None and hasattr(_LIBC, "malloc_trim"):
        _LIBC.malloc_trim(0)


# The process's own symbols (libc's among them): ctypes.util.find_library would run ldconfig
# and a C compiler to find libc, a second of CPU at each import.
_LIBC = ctypes.CDLL(None) if os.name == "posix" else None


def join_files(kind: str, tables: dict[str, Table]) -> dict[str, Dataset]:
    """Join what was read into datasets: 'run' and, if present, 'second_run'."""
    out = {}
    for role in ("run", "second_run"):
        if role not in tables:
            continue
        if kind == "csv":
            out[role] = from_csv(tables[role])
        else:
            out[role] = join_trec(tables[role], tables["qrels"])
    return out


def load_files(
    kind: str, files: dict[str, tuple[str, bytes | str]], cap_mb: float
) -> tuple[dict[str, Table], dict[str, Dataset] | ValueError]:
    """Read and join a set of files in one call (the unit of work a worker process does): the
    tables, and the datasets or the ValueError joining them raised. Each file is (name, bytes)
    or (name, path). A file that cannot be read at all raises its ValueError."""
    tables = {}
    for role in (role for role in ROLES if role in files):
        tables[role] = read_file(kind, role, *files[role], cap_mb)
        give_back()
    try:
        return tables, join_files(kind, tables)
    except ValueError as error:
        return tables, error
