"""What the class learned, in the two numbers education research measures a class by. Pure
Python: no database, no Streamlit.

**Hake's normalised gain ⟨g⟩** (R. R. Hake, "Interactive-engagement versus traditional methods: a
six-thousand-student survey of mechanics test data for introductory physics courses", Am. J.
Phys. 66(1), 64–74, 1998) for a concept check taken at the start and at the end of a class:

    ⟨g⟩ = (⟨post⟩ − ⟨pre⟩) / (100 % − ⟨pre⟩)

with ⟨pre⟩ and ⟨post⟩ the class's average scores, in percent, over the students who took both
checks (Hake's "matched" students; anyone who took only one is left out of both averages). It is
the share of what the class did not know at the start that it knew at the end: 0 is nothing
learned, 1 everything. Hake's 62 courses: ⟨g⟩ = 0.23 ± 0.04 for traditional lectures and
0.48 ± 0.14 for interactive engagement. `class_gain` computes it; `concept_gains` the same
formula per concept, on the share of matched students right on that concept.

**Weighted learning gain (WLG)** (L. Porter, C. Bailey Lee, B. Simon, D. Zingaro, "Peer
Instruction: Do Students Really Learn from Peer Discussion in Computing?", ICER 2011, 45–52,
doi:10.1145/2016911.2016923) for a peer-instruction question followed by its isomorphic twin,
answered alone (the design of Smith et al., Science 323:122–124, 2009). See `learning_gain`.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Mapping
from dataclasses import dataclass

from i18n import N_, tr
from ndcg_core.display import fixed

# Hake's averages (1998), for the one line the projector says about ⟨g⟩.
HAKE_TRADITIONAL = 0.23
HAKE_INTERACTIVE = 0.48
MEANING = N_(
    "⟨g⟩ = (post − pre) / (100 % − pre): the share of what the class did not know at the start "
    "that it knew at the end (Hake 1998: about {traditional} after a traditional lecture, "
    "{interactive} with interactive engagement)."
)


def meaning() -> str:
    """What ⟨g⟩ means, in one sentence in this run's language, with Hake's averages."""
    return tr(
        MEANING,
        traditional=fixed(HAKE_TRADITIONAL, 2),
        interactive=fixed(HAKE_INTERACTIVE, 2),
    )


def normalised(pre: float, post: float) -> float | None:
    """(post − pre) / (1 − pre) for shares from 0 to 1; None when pre is 1 (nothing was left
    to learn, so no share of it can be said)."""
    for name, value in (("pre", pre), ("post", post)):
        if not 0.0 <= value <= 1.0:
            raise ValueError(
                tr("`{name}` must be a share from 0 to 1; got {value}.", name=name, value=value)
            )
    if pre >= 1.0:
        return None
    return (post - pre) / (1.0 - pre)


@dataclass(frozen=True)
class ClassGain:
    """A class's pre and post averages (shares from 0 to 1) over the `matched` students who
    took both checks, and its ⟨g⟩ (None: no matched student, or a perfect start). `pre_only`
    and `post_only` count those who took one check only (left out of every average)."""

    matched: int
    pre: float | None
    post: float | None
    g: float | None
    pre_only: int = 0
    post_only: int = 0


def class_gain(pre: Mapping[Hashable, float], post: Mapping[Hashable, float]) -> ClassGain:
    """Hake's ⟨g⟩ from each student's score (a share from 0 to 1) at the start and at the end.

    The averages are taken over the students in both, *then* normalised (the gain of the class
    average, as Hake defines ⟨g⟩; not the average of each student's own gain, which a student
    who starts at 100 % would leave undefined)."""
    both = [s for s in pre if s in post]
    pre_only = sum(1 for s in pre if s not in post)
    post_only = sum(1 for s in post if s not in pre)
    if not both:
        return ClassGain(0, None, None, None, pre_only, post_only)
    mean_pre = sum(pre[s] for s in both) / len(both)
    mean_post = sum(post[s] for s in both) / len(both)
    return ClassGain(
        len(both), mean_pre, mean_post, normalised(mean_pre, mean_post), pre_only, post_only
    )


@dataclass(frozen=True)
class ConceptGain:
    concept: str
    matched: int
    pre: float | None  # the share of matched students right at the start
    post: float | None
    g: float | None


def concept_gains(
    concepts: Iterable[str],
    pre: Mapping[Hashable, Mapping[str, bool]],
    post: Mapping[Hashable, Mapping[str, bool]],
) -> tuple[ConceptGain, ...]:
    """Per concept, the share of matched students (in both checks) right at the start and at
    the end, and its normalised gain. A concept a student left blank counts as not right."""
    both = [s for s in pre if s in post]
    rows = []
    for concept in concepts:
        if not both:
            rows.append(ConceptGain(concept, 0, None, None, None))
            continue
        before = sum(bool(pre[s].get(concept)) for s in both) / len(both)
        after = sum(bool(post[s].get(concept)) for s in both) / len(both)
        rows.append(ConceptGain(concept, len(both), before, after, normalised(before, after)))
    return tuple(rows)


@dataclass(frozen=True)
class Learning:
    """How a peer-instruction question's potential learners fared on its isomorphic twin.

    - `learners`: students wrong in round 1 (alone, before any discussion) who answered the
      twin: the "potential learners", the only ones who could show they learned;
    - `learned`: those of them right on the twin;
    - `knew`: students right in round 1 who answered the twin; `knew_right`: those of them
      right on the twin again (how hard the twin is for someone who knows the idea);
    - `gain` = learned / learners; `weight` = knew_right / knew; `wlg` = gain / weight.
    """

    learners: int
    learned: int
    knew: int
    knew_right: int

    @property
    def gain(self) -> float | None:
        return self.learned / self.learners if self.learners else None

    @property
    def weight(self) -> float | None:
        return self.knew_right / self.knew if self.knew else None

    @property
    def wlg(self) -> float | None:
        """The weighted learning gain; None when it cannot be said (no potential learner, no
        student who knew, or none of those right on the twin)."""
        if self.gain is None or not self.weight:
            return None
        return self.gain / self.weight


def learning_gain(round1: Mapping[Hashable, bool], twin: Mapping[Hashable, bool]) -> Learning:
    """The weighted learning gain of a question (Porter et al., ICER 2011) from each student's
    round-1 verdict (right or not, answered alone) and their verdict on the twin.

    How it is computed here, as we read the paper: Porter et al. call the students who got the
    first question wrong on their own its *potential learners* (those who got it right had
    nothing left to learn from the discussion) and count as learning those of them who then
    answer the isomorphic question right. Because an isomorphic question is seldom exactly as
    hard as the first (the paper notes that teachers tend to write harder ones), the share of
    potential learners right on the twin is weighted by how the students who already knew the
    idea (right in round 1) fared on the same twin:

        WLG = (learned / potential learners) / (right on the twin / right in round 1)

    so 1 means the potential learners did as well on the twin as those who knew it all along
    (the paper reports 85–89 % of potential learners benefiting). Only students who answered
    both round 1 and the twin count; round 2 (the revote after discussion) is not used, as in
    the paper's comparison of the first individual vote with the isomorphic question.
    """
    both = [s for s in round1 if s in twin]
    learners = [s for s in both if not round1[s]]
    knew = [s for s in both if round1[s]]
    return Learning(
        learners=len(learners),
        learned=sum(1 for s in learners if twin[s]),
        knew=len(knew),
        knew_right=sum(1 for s in knew if twin[s]),
    )


def share_words(share: float | None) -> str:
    """A share as the screens say it: '45 %', or '—' when there is none."""
    return "—" if share is None else tr("{percent} %", percent=round(100 * share))


def gain_words(value: float | None) -> str:
    """A gain to two decimals ('0.49', '−0.10'; '0,49' in Russian), or '—' when it cannot be
    said."""
    return "—" if value is None else fixed(value, 2)
