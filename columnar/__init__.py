"""arrow's and numpy's columns without pandas: the bottom package of the readers of runs.

A worker process reading a clean TREC set never imports pandas (40 MB of its memory, 0.4 s of
its CPU: `views.queries.worker`), so what the kernel's readers and join do with arrow's and
numpy's columns goes through here: numbers and booleans between the two (`arrow_of`,
`numpy_of`: pyarrow's own `pa.array` and `to_numpy` import pandas), strings hashed and runs of
equal strings found from their buffers (`hashes`, `runs_of`, `pairs_alike`), the columns made
a frame where pandas is wanted (`frame_of`), and the C heap handed back between steps
(`give_back`). Columns are kept narrow while they fit: text with 32-bit offsets
(`text_column`), line numbers as int32 (`counting`); a frame has the wide types it always
had. A file's bytes are cut into pieces of lines and their fields counted without a Python
object a line (`line_pieces`, `fields_of`). It imports numpy and pyarrow only (pandas inside
`frame_of`), so the kernel (`ndcg_core.runs`) and the pages' worker can both use it.
"""

from __future__ import annotations

import ctypes
import os
import re
from collections.abc import Iterator
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


STRING_BYTES = 2**31 - 1  # the most text one array with 32-bit offsets (`pa.string()`) holds


def offsets_of(piece: pa.Array) -> np.ndarray:
    """Where each string of arrow's text or bytes `piece` starts and the last ends (its
    `len(piece) + 1` offsets, 32- or 64-bit as its type has them): a view, not a copy."""
    wide = pa.types.is_large_string(piece.type) or pa.types.is_large_binary(piece.type)
    offsets = np.frombuffer(piece.buffers()[1], np.int64 if wide else np.int32)
    return offsets[piece.offset : piece.offset + len(piece) + 1]


def text_column(pieces: list) -> pa.ChunkedArray:
    """Arrow's text `pieces` (arrays or chunks) as one column of one type: 32-bit offsets
    (`pa.string()`, half the offsets' bytes of `pa.large_string()`) when all of its text fits
    one such array (`STRING_BYTES`), so that whatever joins its chunks (a slice combined, its
    unique values) still can; 64-bit when it does not."""
    pieces = [p for c in pieces for p in (c.chunks if hasattr(c, "chunks") else [c]) if len(p)]
    size = sum(int(offsets[-1] - offsets[0]) for offsets in map(offsets_of, pieces))
    kind = pa.string() if size <= STRING_BYTES else pa.large_string()
    return pa.chunked_array([p.cast(kind) for p in pieces], kind)


def widened(piece: pa.Array) -> pa.Array:
    """Arrow's text `piece` with 64-bit offsets, the only ones pandas' "str" holds: its data
    shared, the offsets made by numpy rather than arrow's pool (whose allocator keeps what it
    frees, in a server that lives on)."""
    if pa.types.is_large_string(piece.type) or piece.null_count:
        return piece.cast(pa.large_string())
    offsets = pa.py_buffer(offsets_of(piece).astype(np.int64))
    return pa.Array.from_buffers(pa.large_string(), len(piece), [None, offsets, piece.buffers()[2]])


def has_empty(column) -> bool:
    """Whether some string of arrow's `column` (an array or chunks) is empty, from its offsets."""
    pieces = column.chunks if hasattr(column, "chunks") else [column]
    return any((o[1:] == o[:-1]).any() for o in (offsets_of(p) for p in pieces if len(p)))


def hashes(chunks: list) -> np.ndarray:
    """A 64-bit hash of each string of arrow `chunks` (equal text, equal hash: "7" and "007"
    may share one, which the exact check of candidates then tells apart); filled in place."""
    pieces = [p for c in chunks for p in (c.chunks if hasattr(c, "chunks") else [c]) if len(p)]
    out, at = np.empty(sum(map(len, pieces)), np.uint64), 0
    for piece in pieces:
        at, here = at + len(piece), slice(at, at + len(piece))
        offsets = offsets_of(piece)
        data = np.frombuffer(piece.buffers()[2], np.uint8)[offsets[0] : offsets[-1]]
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


def pairs_alike(first: pa.ChunkedArray, second: pa.ChunkedArray) -> np.ndarray:
    """Rows whose pair of strings (`first`'s, `second`'s) may be another row's too: those whose
    pairs share a hash (an exact check of the few is the caller's). `first` lists equal strings
    together (a run's queries), so each run of them is hashed once; the keys are sorted in
    place and made again if some are alike: a copy less at a reader's peak."""
    starts, heads = runs_of(first)
    lengths = np.diff(np.append(starts, len(first)))

    def keys() -> np.ndarray:
        key = hashes([second])
        key ^= np.repeat(hashes([heads]) * np.uint64(0x9E3779B97F4A7C15), lengths)
        return key

    ordered = keys()
    ordered.sort()
    same = ordered[1:] == ordered[:-1]
    if not same.any():
        return np.zeros(ordered.size, bool)
    return np.isin(keys(), ordered[1:][same])


_PRIME = np.uint64(0x100000001B3)  # FNV-1a's 64-bit prime


def line_pieces(data: bytes, lines: int, window: int = 1 << 20) -> Iterator[tuple[int, int]]:
    """(start, stop) of `data`'s pieces of `lines` whole lines each (the last, what is left),
    its line ends looked for `window` bytes at a time (wider for long lines): all of a block's
    at once would take 8 bytes a line (64 MB for 16 MB of one-letter lines)."""
    codes, start = np.frombuffer(data, np.uint8), 0
    while start < len(data):
        ends = np.flatnonzero(codes[start : start + window] == 10)
        if len(ends) < lines and start + window < len(data):
            window *= 2  # lines longer than the window allows: a wider one
            continue
        stop = start + int(ends[lines - 1]) + 1 if len(ends) >= lines else len(data)
        yield start, stop
        start = stop


def without_lines(data: bytes, lead: bytes, most: int) -> tuple[bytes | None, list[int]]:
    """`data` (whole lines) without the lines that begin with `lead`, and their numbers (from
    0); (None, []) if there are more than `most` of them. Each is found by a search from the
    last, the line ends between them counted: a Python object a line left out, none a line
    kept."""
    found = [0] if data.startswith(lead) else []
    while len(found) <= most and (at := data.find(b"\n" + lead, found[-1] if found else 0)) >= 0:
        found.append(at + 1)
    if len(found) > most:
        return None, []
    kept, numbers, start, last = [], [], 0, 0
    for at in found:
        numbers.append((numbers[-1] if numbers else 0) + data.count(b"\n", last, at))
        kept.append(memoryview(data)[start:at])
        start, last = data.find(b"\n", at) + 1 or len(data), at
    return (b"".join([*kept, memoryview(data)[start:]]) if found else data), numbers


def as_spaces(data: bytes, spaces: bytes) -> bytes:
    """`data` with each of the bytes `spaces` as a space; itself if it has none (one-byte
    scans, memchr's: cheap; a copy only if one is there)."""
    if not any(bytes([space]) in data for space in spaces if space != 32):
        return data
    return data.translate(bytes.maketrans(spaces, b" " * len(spaces)))


def single_spaced(data: bytes) -> bytes:
    """`data` with each run of spaces as one and none at a line's start or end."""
    if b"  " in data:
        data = re.sub(rb" {2,}", b" ", data)
    if data.startswith(b" ") or b"\n " in data or b" \n" in data or data.endswith(b" "):
        data = re.sub(rb"(?m)^ | $", b"", data)
    return data


def fields_of(data: bytes, spaces: bytes) -> tuple[np.ndarray, np.ndarray]:
    """For each line of `data` (ended by LF, the last perhaps not): how many fields it holds,
    fields being separated by runs of the bytes `spaces`, and its first field's first byte (0
    on a blank line). From the bytes, with no Python object a line."""
    codes = np.frombuffer(data, np.uint8)
    apart = np.isin(codes, np.frombuffer(spaces + b"\n", np.uint8))
    begins = np.flatnonzero(~apart & np.concatenate(([True], apart[:-1])))  # fields' first bytes
    ends = np.flatnonzero(codes == 10)
    line_of = np.searchsorted(ends, begins)  # a field's line: the line ends before it
    counts = np.bincount(line_of, minlength=len(ends) + (not data.endswith(b"\n")))
    heads = np.zeros(len(counts), np.uint8)
    first = np.diff(line_of, prepend=-1) != 0
    heads[line_of[first]] = codes[begins[first]]
    return counts, heads


def give_back() -> None:
    """Hand the C heap's free pages back to the system (glibc's ``malloc_trim``): a read's
    freed blocks lie between the rows it keeps (90 MB of a 50 MB run's). A call is cheap."""
    if hasattr(_LIBC, "malloc_trim"):  # CDLL(None), not find_library: that runs a compiler
        _LIBC.malloc_trim(0)


_LIBC = ctypes.CDLL(None) if os.name == "posix" else None


def counting(first: int, n: int) -> np.ndarray:
    """Numbers `first`.. (a reader's line numbers), int32 while they fit: half the bytes, and
    `frame_of` widens them to the int64 a frame has always had."""
    return np.arange(first, first + n, dtype=np.int32 if first + n <= 2**31 else np.int64)


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
        if isinstance(values, np.ndarray) and values.dtype == np.int32:
            values = values.astype(np.int64)  # `counting`'s, narrow while they travel
        out[name] = text_array(values) if isinstance(values, arrow) else values
    return pd.DataFrame(out, copy=False)
