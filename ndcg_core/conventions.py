"""Old name kept for users' notebooks: everything here now lives in `ndcg_core.libraries`
(`CUTS`, `Case`, `Verdict` and `evaluate` under their new names, `CUT_RULES`, `GalleryCase`,
`LibraryVerdict` and `score_every_preset`). Importing it warns, naming the new home."""

import warnings

from .libraries import *  # noqa: F403
from .libraries import CUT_RULES as CUTS  # noqa: F401
from .libraries import GalleryCase as Case  # noqa: F401
from .libraries import LibraryVerdict as Verdict  # noqa: F401
from .libraries import score_every_preset as evaluate  # noqa: F401
from .libraries.presets import NUMBA_SMALL_QUICKSORT  # noqa: F401
from .options import IDEALS  # noqa: F401

warnings.warn(
    "conventions is an old name: import from ndcg_core.libraries instead",
    DeprecationWarning,
    stacklevel=2,
)
