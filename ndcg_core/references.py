"""The works the app relies on, each written out once: keyed by a short name, with the short
citation options and presets give ("Järvelin & Kekäläinen (2002)") and the full one a page's
reference list gives."""

from __future__ import annotations

from dataclasses import dataclass

from i18n import tr


@dataclass(frozen=True)
class Reference:
    short: str  # as cited in running text: Järvelin & Kekäläinen (2002)
    full: str  # as listed under References, ending in a full stop

    def cited(self, note: str = "") -> str:
        """The full citation, with what the page takes from the work in brackets at its end."""
        if not note:
            return self.full
        return f"{self.full.removesuffix('.')} ({note})."


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


def cite(key: str, note: str = "") -> str:
    """The full citation of `REFERENCES[key]` (with `note` in brackets at its end)."""
    if key not in REFERENCES:
        raise ValueError(
            tr(
                "`key` must be one of {allowed}; got {value}.",
                allowed=", ".join(REFERENCES),
                value=repr(key),
            )
        )
    return REFERENCES[key].cited(note)
