"""A set of files a page was given, read and joined in one call: the unit of work of a worker
process (`worker`), which imports this and the core only, never Streamlit (nor pandas, for a
TREC set that reads cleanly: `load_files`'s ``columns``)."""

from __future__ import annotations

import os

from columnar import give_back
from i18n import tr
from ndcg_core.display import count, exact, fixed
from ndcg_core.runs import (
    MB,
    Dataset,
    Table,
    from_csv,
    join_trec,
    read_csv_run,
)
from ndcg_core.runs.stream import QRELS, RUN, read_trec

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


def read_file(
    kind: str, role: str, name: str, data: bytes | str, cap_mb: float, columns: bool = False
) -> Table:
    """Read one file of a set in its role ('run', 'qrels', 'second_run'; `kind` 'csv' or
    'trec'): its bytes, or for TREC files the path of a file holding them (read as a stream:
    a worker never holds the whole file). Raises ValueError (over the cap, not text, missing
    columns) with the file's name. `columns`: a TREC file's rows as columns (`Table.framed`)."""
    size = len(data) if isinstance(data, (bytes, bytearray)) else os.path.getsize(data)
    check_size(size, cap_mb, name)
    if kind == "csv" and not isinstance(data, (bytes, bytearray)):
        with open(data, "rb") as source:
            data = source.read()
    if kind == "csv" and role != "qrels":
        return read_csv_run(data, name)
    return read_trec(data, name, QRELS if role == "qrels" else RUN, columns=columns)


def join_files(kind: str, tables: dict[str, Table], columns: bool = False) -> dict[str, Dataset]:
    """Join what was read into datasets: 'run' and, if present, 'second_run' (`columns`: TREC
    datasets as columns, `Dataset.framed`)."""
    out = {}
    for role in ("run", "second_run"):
        if role not in tables:
            continue
        if kind == "csv":
            out[role] = from_csv(tables[role])
        else:
            out[role] = join_trec(tables[role], tables["qrels"], columns=columns)
    return out


def load_files(
    kind: str, files: dict[str, tuple[str, bytes | str]], cap_mb: float, columns: bool = False
) -> tuple[dict[str, Table], dict[str, Dataset] | ValueError]:
    """Read and join a set of files in one call (the unit of work a worker process does): the
    tables, and the datasets or the ValueError joining them raised. Each file is (name, bytes)
    or (name, path). A file that cannot be read at all raises its ValueError. With `columns`,
    a TREC set's tables and datasets hold the columns of their frames, made without pandas
    (what a worker sends: `framed` makes them frames)."""
    tables = {}
    for role in (role for role in ROLES if role in files):
        tables[role] = read_file(kind, role, *files[role], cap_mb, columns)
        give_back()
    try:
        return tables, join_files(kind, tables, columns)
    except ValueError as error:
        return tables, error


def framed(result):
    """`load_files`'s result with frames where it holds columns (`columns=True`)."""
    tables, data_sets = result
    tables = {role: table.framed() for role, table in tables.items()}
    if isinstance(data_sets, dict):
        data_sets = {role: data.framed() for role, data in data_sets.items()}
    return tables, data_sets
