"""The works the app relies on, each written out once: keyed by a short name, with the short
citation options and presets give ("Järvelin & Kekäläinen (2002)") and the full one a page's
reference list gives (`ui.sources.cite`)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Reference:
    short: str  # as cited in running text: Järvelin & Kekäläinen (2002)
    full: str  # as listed under References, ending in a full stop


REFERENCES: dict[str, Reference] = {
    "jarvelin2002": Reference(
        short="Järvelin & Kekäläinen (2002)",
        full=(
            "Järvelin, K. & Kekäläinen, J. (2002). Cumulated gain-based evaluation of IR "
            "techniques. ACM TOIS 20(4), 422–446."
        ),
    ),
    "burges2005": Reference(
        short="Burges et al. (2005)",
        full="Burges, C. et al. (2005). Learning to rank using gradient descent. ICML.",
    ),
    "mcsherry2008": Reference(
        short="McSherry & Najork (2008)",
        full=(
            "McSherry, F. & Najork, M. (2008). Computing information retrieval performance "
            "measures efficiently in the presence of tied scores. ECIR."
        ),
    ),
}
