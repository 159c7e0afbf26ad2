"""arrow's and numpy's columns without pandas: the bottom package of the readers of runs.

A worker process reading a clean TREC set never imports pandas (40 MB of its memory, 0.4 s of
its CPU: `views.queries.worker`), so what the kernel's readers and join do with arrow's and
numpy's columns goes through here: numbers and booleans between the two (`arrow_of`,
`numpy_of`: pyarrow's own `pa.array` and `to_numpy` import pandas), strings hashed and runs of
equal strings found from their buffers (`hashes`, `runs_of`), the columns made a frame where
pandas is wanted (`frame_of`), and the C heap handed back between steps (`give_back`). It
imports numpy and pyarrow only (pandas inside `frame_of`), so the kernel (`ndcg_core.runs`)
and the pages' worker can both use it.
"""

from __future__ import annotations

import ctypes
import os
from typing import TYPE_CHECKING

import numpy as np
import pyarrow as pa
import pyarrow.compute as pc

if TYPE_CHECKING:
    import pandas as pd


def arrow_of(values: np.ndarray) -> pa.Array:
    """numpy's numbers or booleans as arrow's (the same memory but for booleans' bits), not by
    `pa.array` (nor numpy given to arrow's functions); and `numpy_of`, not `to_numpy`: those
    have pyarrow import pandas, which a worker reading a clean TREC set never needs."""
    if values.dtype == bool:
        data = np.packbits(values, bitorder="little")
    else:
        data = values = np.ascontiguousarray(values)
    kind = pa.bool_() if values.dtype == bool else pa.from_numpy_dtype(values.dtype)
    return pa.Array.from_buffers(kind, len(values), [None, pa.py_buffer(data)])


def numpy_of(values, missing: int = -1) -> np.ndarray:
    """arrow's numbers or booleans (an array or chunks) as numpy's, from their buffers (see
    `arrow_of`), `missing` where null (`index_in`'s "not found")."""
    out = [np.zeros(0, values.type.to_pandas_dtype())]
    for chunk in (c for c in getattr(values, "chunks", [values]) if len(c)):
        valid, data = chunk.buffers()[:2]
        at = slice(chunk.offset, chunk.offset + len(chunk))
        part = _bits(data, at) if out[0].dtype == bool else np.frombuffer(data, out[0].dtype)[at]
        out.append(np.where(_bits(valid, at), part, missing) if chunk.null_count else part)
    return out[-1] if len(out) == 2 else np.concatenate(out)


def _bits(buffer, at: slice) -> np.ndarray:
    return np.unpackbits(np.frombuffer(buffer, np.uint8), bitorder="little")[at].astype(bool)


def hashes(chunks: list) -> np.ndarray:
    """A 64-bit hash of each string of arrow `chunks` (equal text, equal hash: "7" and "007"
    may share one, which the exact check of candidates then tells apart); filled in place."""
    pieces = [p for c in chunks for p in (c.chunks if hasattr(c, "chunks") else [c]) if len(p)]
    out, at = np.empty(sum(map(len, pieces)), np.uint64), 0
    for piece in pieces:
        at, here = at + len(piece), slice(at, at + len(piece))
        _, offsets, data = piece.buffers()
        offsets = np.frombuffer(offsets, np.int64)[piece.offset : piece.offset + len(piece) + 1]
        data = np.frombuffer(data, np.uint8)[offsets[0] : offsets[-1]]
        # Ids written as numbers (MS MARCO's): the number is a hash, and a cheap one. Only
        # digits are tried: arrow's failing cast (d91194) costs 50 times a successful one.
        if data.size and ((data >= 48) & (data <= 57)).all():
            try:
                out[here] = numpy_of(pc.cast(piece, pa.int64())).view(np.uint64)
                continue
            except (pa.ArrowInvalid, pa.ArrowNotImplementedError):  # 20 digits: too big
                pass
        starts = offsets[:-1] - offsets[0]
        position = np.arange(data.size) - np.repeat(starts, np.diff(offsets))
        powers = np.cumprod(np.full(int(position.max()) + 1, _PRIME, np.uint64))
        out[here] = np.add.reduceat((data.astype(np.uint64) + 1) * powers[position], starts)
    return out


def runs_of(column) -> tuple[np.ndarray, pa.Array]:
    """Where each run of equal strings of the arrow `column` starts, and its string: a run file
    lists a query's rows together, so its queries are then hashed or looked up once a run."""
    starts, heads, offset = [np.zeros(0, np.int64)], [pa.nulls(0, pa.large_string())], 0
    for piece in column.chunks if hasattr(column, "chunks") else [column]:
        if len(piece):
            differ = numpy_of(pc.not_equal(piece[1:], piece[:-1]))
            here = np.concatenate(([0], np.flatnonzero(differ) + 1))
            starts.append(offset + here)
            heads.append(piece.take(arrow_of(here)).cast(pa.large_string()))
        offset += len(piece)
    return np.concatenate(starts), pa.concat_arrays(heads)


_PRIME = np.uint64(0x100000001B3)  # FNV-1a's 64-bit prime


def give_back() -> None:
    """Hand the C heap's free pages back to the system (glibc's ``malloc_trim``): a read's
    freed blocks lie between the rows it keeps (90 MB of a 50 MB run's). A call is cheap."""
    if hasattr(_LIBC, "malloc_trim"):  # CDLL(None), not find_library: that runs a compiler
        _LIBC.malloc_trim(0)


_LIBC = ctypes.CDLL(None) if os.name == "posix" else None


def text_array(values):
    import pandas as pd  # here: a worker imports this package without pandas

    return pd.array(values, dtype="str")  # arrow's text as pandas' "str" column, not a copy


def frame_of(rows) -> pd.DataFrame:
    """Rows as a frame: a frame as it is, or the columns a reader or a join gives without
    pandas: arrow's text as "str", its dictionary as a categorical, numpy's numbers as such."""
    if not isinstance(rows, dict):
        return rows
    import pandas as pd

    out, arrow = {}, (pa.Array, pa.ChunkedArray)
    for name, values in rows.items():
        if isinstance(values, pa.DictionaryArray):
            categories = pd.Index(text_array(values.dictionary))
            values = pd.Categorical.from_codes(numpy_of(values.indices), categories=categories)
        out[name] = text_array(values) if isinstance(values, arrow) else values
    return pd.DataFrame(out, copy=False)
