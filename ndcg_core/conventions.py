"""Old name kept for users' notebooks: everything here now lives in `ndcg_core.libraries`
(`IDEALS` in `ndcg_core.options`), some of it under a new name (`RENAMED`); importing it warns.
A name that moved out of the kernel (the gallery, the programs, the results table) says where
(`ndcg_core.libraries.MOVED`)."""

import warnings

from . import libraries, options
from .libraries import MOVED, moved
from .libraries.presets import NUMBA_SMALL_QUICKSORT

# Renamed since (one name, one thing): the old names stay for old notebooks.
RENAMED = {"CUTS": "CUT_RULES", "Verdict": "LibraryVerdict", "evaluate": "score_every_preset"}
IDEALS = options.IDEALS

__all__ = [*libraries.__all__, *RENAMED, "IDEALS", "NUMBA_SMALL_QUICKSORT"]

# A notebook that still imports the old name hears of the new one.
warnings.warn(
    "conventions is an old name: import from ndcg_core.libraries instead",
    DeprecationWarning,
    stacklevel=2,
)


def __getattr__(name: str):
    if name in MOVED or name == "Case":
        raise moved(__name__, name, "GalleryCase" if name == "Case" else name)
    if name in RENAMED or name in libraries.__all__:
        return getattr(libraries, RENAMED.get(name, name))
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
