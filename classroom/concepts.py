"""The concept check: a bundled inventory of NDCG concepts, each asked in two isomorphic forms (the
same idea on different lists), for a check a teacher runs at the start and at the end of a class
(`classroom.gains` turns the two into Hake's ⟨g⟩). Pure Python: no database, no Streamlit.

Every form is an ordinary classroom question (`classroom.questions`): a teacher's "which order
scores higher", "estimate NDCG" or "which swap costs most" on lists chosen to test one idea, or a
practice exercise pinned by its seed. So each is answered by the core, graded by practice's
`judge`, and both forms of a concept are built by the same function: the pair differs in its
lists, never in what it asks or how the answer is found.

The check deals the forms so that no student meets the same lists twice: a student takes form
`form_for(student, "pre")` at the start and the other form at the end, and the class is split
between the two orders (counterbalanced), so a form that happens to be harder cannot pass for a
gain or a loss.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache

import i18n
from i18n import N_, tr
from lessons import practice

from . import gains, questions

PHASES = ("pre", "post")
# What the screens call each phase's check (whole titles: each language words them its own way).
PHASE_TITLES = {
    "pre": N_("Concept check, start of class"),
    "post": N_("Concept check, end of class"),
}
MIN_CONCEPTS, MAX_CONCEPTS = 6, 8
FORMS = 2
PRACTICE_VERSION = 4  # the pinned exercises' version: a version's sets never change


@dataclass(frozen=True)
class Concept:
    """One idea of NDCG, and the two isomorphic questions that test it."""

    key: str
    # Both in English (the catalogue's keys, N_): each screen says them in its own language.
    name: str  # for the teacher and the results, never shown with the question
    idea: str  # what a right answer shows the student knows
    builders: tuple[Callable[[], questions.Question], Callable[[], questions.Question]]

    def form(self, which: int) -> questions.Question:
        if which not in range(FORMS):
            raise ValueError(tr("A concept's form is 0 or 1; got {value}.", value=repr(which)))
        return _built(self.key, which)


def _practice(kind: str, seed: int) -> Callable[[], questions.Question]:
    """The exercise of `kind` in practice set `seed` (version PRACTICE_VERSION)."""

    def build() -> questions.Question:
        index = practice.kinds_for(seed, PRACTICE_VERSION).index(kind)
        return questions.practice_question(seed, index, PRACTICE_VERSION)

    return build


def _compare(a, b, k="n") -> Callable[[], questions.Question]:
    return lambda: questions.compare_question(a, b, k)


def _estimate(rels, k="n") -> Callable[[], questions.Question]:
    return lambda: questions.estimate_question(rels, k)


def _swap(rels) -> Callable[[], questions.Question]:
    return lambda: questions.swap_question(rels)


# The inventory, in teaching order. The first MAX_CONCEPTS are the check a teacher starts with.
INVENTORY: tuple[Concept, ...] = (
    Concept(
        "discount",
        N_("The discount of a position"),
        N_("The item at position i earns its gain divided by log₂(i + 1)."),
        (_estimate([0, 3]), _estimate([0, 0, 2])),
    ),
    Concept(
        "top_heavy",
        N_("Higher places weigh more"),
        N_("Of two orders of the same items, the one with more gain higher up scores higher."),
        (
            _compare([0, 3, 0, 0, 0], [0, 0, 0, 3, 0]),
            _compare([1, 0, 0, 2, 0, 0], [1, 2, 0, 0, 0, 0]),
        ),
    ),
    Concept(
        "swap_top",
        N_("A swap costs most at the top"),
        N_("The discount falls fastest near the top, so the same gap in grades costs most there."),
        (_swap([3, 2, 1, 0]), _swap([3, 2, 2, 1, 0])),
    ),
    Concept(
        "own_ideal",
        N_("Each list against its own ideal"),
        N_(
            "NDCG divides by the list's own ideal DCG: a list in its ideal order scores 1, "
            "whatever its grades."
        ),
        (_compare([1, 1, 0, 0], [3, 2, 3, 0]), _compare([2, 3, 3, 1, 0], [2, 1, 0, 0, 0])),
    ),
    Concept(
        "cut_off",
        N_("Nothing below k counts"),
        N_(
            "NDCG@k looks at the top k places only: what the list holds below them changes nothing "
            "as long as the top k are the best k."
        ),
        (_estimate([3, 2, 0, 0, 1], 2), _estimate([2, 2, 1, 0, 0, 1], 3)),
    ),
    Concept(
        "ideal_from_all",
        N_("The ideal top k comes from every item"),
        N_("IDCG@k sorts all the items and keeps the best k, not the list's own top k re-sorted."),
        (_practice("ideal_below_k", 11), _practice("ideal_below_k", 12)),
    ),
    Concept(
        "irrelevant_tail",
        N_("Padding with irrelevant items"),
        N_("Items graded 0 added at the bottom change neither DCG nor IDCG."),
        (_practice("irrelevant_tail", 11), _practice("irrelevant_tail", 12)),
    ),
    Concept(
        "missing_relevant",
        N_("What a missing document costs"),
        N_(
            "A relevant document the system never retrieved lowers NDCG only when the ideal is "
            "built from every judged document."
        ),
        (_practice("missing_relevant", 11), _practice("missing_relevant", 12)),
    ),
    Concept(
        "nothing_relevant",
        N_("A query with nothing relevant"),
        N_(
            "With nothing relevant, IDCG is 0 and NDCG is 0/0: libraries differ in what they "
            "count it as, and a mean moves with the choice."
        ),
        (_practice("all_zero", 11), _practice("all_zero", 12)),
    ),
)
BY_KEY = {concept.key: concept for concept in INVENTORY}
DEFAULT = tuple(concept.key for concept in INVENTORY[:MAX_CONCEPTS])


def _built(key: str, which: int) -> questions.Question:
    return _built_in(key, which, i18n.language())


@cache
def _built_in(key: str, which: int, lang: str) -> questions.Question:
    # Per language, like `questions.from_text`: each screen reads the form in its own words.
    return BY_KEY[key].builders[which]()


def read_concepts(keys: object) -> tuple[str, ...]:
    """The concepts a check asks, as chosen: MIN_CONCEPTS to MAX_CONCEPTS keys of the
    inventory, each once, in the inventory's order; a ValueError names what is wrong."""
    if isinstance(keys, str) or not isinstance(keys, Sequence):
        raise ValueError(
            tr("A concept check needs a list of concepts; got {value}.", value=f"{keys!r:.60}")
        )
    unknown = [k for k in keys if k not in BY_KEY]
    if unknown:
        raise ValueError(
            tr(
                "Unknown concepts {unknown}; the inventory has {known}.",
                unknown=f"{unknown!r:.80}",
                known=", ".join(BY_KEY),
            )
        )
    chosen = set(keys)
    if not MIN_CONCEPTS <= len(chosen) <= MAX_CONCEPTS:
        raise ValueError(
            tr(
                "A concept check asks {least} to {most} concepts; {n} were chosen.",
                least=MIN_CONCEPTS,
                most=MAX_CONCEPTS,
                n=len(chosen),
            )
        )
    return tuple(c.key for c in INVENTORY if c.key in chosen)


def read_phase(phase: object) -> str:
    if phase not in PHASES:
        raise ValueError(
            tr(
                "A concept check is taken at the 'pre' or 'post' phase; got {value}.",
                value=repr(phase),
            )
        )
    return phase


def form_for(student: int, phase: str) -> int:
    """Which form a student takes in a phase: students alternate by their number in the class,
    and each takes the other form at the end (counterbalanced)."""
    first = student % FORMS
    return first if read_phase(phase) == "pre" else 1 - first


def question_for(key: str, student: int, phase: str) -> questions.Question:
    return BY_KEY[key].form(form_for(student, phase))


def inventory_twin(question: questions.Question) -> questions.Question | None:
    """The other form of a question of the inventory, or None if it is not one."""
    for concept in INVENTORY:
        for which in range(FORMS):
            if concept.form(which) == question:
                return concept.form(1 - which)
    return None


# ---------------------------------------------------------------------------------------------
# The isomorphic twin of any question the classroom asks
# ---------------------------------------------------------------------------------------------

SEEDS_TRIED = 50  # practice sets looked at for a twin exercise of the same kind


def _relabelled(values: Sequence[float], step: int) -> list[float] | None:
    """The grades with every relevant one moved by `step` (0 stays 0, the order of the grades
    is kept), or None when that leaves the classroom's grades (1 to MAX_GRADE)."""
    if any(v != 0 and not 1 <= v + step <= questions.MAX_GRADE for v in values):
        return None
    return [v if v == 0 else v + step for v in values]


def _list_twins(question: questions.Question):
    """Candidate twins of a teacher's own question: the same kind on lists whose relevant grades
    are moved up (or down) by one, and for "which scores higher" A and B trade places, so the
    twin's answer is found again, not remembered."""
    spec = question.spec
    for step in (1, -1):
        if spec["kind"] == "compare":
            a, b = _relabelled(spec["a"], step), _relabelled(spec["b"], step)
            if a is not None and b is not None:
                yield lambda a=a, b=b: questions.compare_question(b, a, spec.get("k", "n"))
        else:
            rels = _relabelled(spec["rels"], step)
            if rels is None:
                continue
            if spec["kind"] == "estimate":
                yield lambda rels=rels: questions.estimate_question(rels, spec.get("k", "n"))
            else:
                yield lambda rels=rels: questions.swap_question(rels)


def _practice_twins(question: questions.Question):
    """The exercise of the same kind in the next practice sets (same version): its lists are
    drawn afresh, its question and its checks are the same."""
    spec = question.spec
    kind, version = question.exercise.kind, spec["version"]
    for step in range(1, SEEDS_TRIED + 1):
        seed = (spec["seed"] + step) % (practice.MAX_SEED + 1)
        kinds = practice.kinds_for(seed, version)
        if kind in kinds:
            index = kinds.index(kind)
            yield lambda seed=seed, index=index: questions.practice_question(seed, index, version)


def twin(question: questions.Question) -> questions.Question | None:
    """The isomorphic twin of `question` (Smith et al. 2009): the same idea on other lists, for
    the class to answer alone after a peer-instruction reveal. An inventory question's other
    form; else the same kind of question on lists made from its own (`_list_twins`,
    `_practice_twins`), the first that makes a fair question (one right answer, lists that
    differ). None when none does."""
    found = inventory_twin(question)
    if found is not None:
        return found
    candidates = _practice_twins(question) if question.kind == "practice" else _list_twins(question)
    for build in candidates:
        try:
            made = build()
        except ValueError:  # a tie, or no unique costliest swap: not a fair question
            continue
        if made.text != question.text and made.exercise.cases != question.exercise.cases:
            return made
    return None


# ---------------------------------------------------------------------------------------------
# A check's results: each student's score, the class's ⟨g⟩, the gain per concept
# ---------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Results:
    """What a class's concept checks say: each student's right answers per concept at the start
    (`pre`) and at the end (`post`), their scores (the share of the check's concepts right), the
    class's ⟨g⟩ over the students who took both, and the gain per concept."""

    concepts: tuple[str, ...]
    pre: dict  # student → {concept: right}
    post: dict
    gain: gains.ClassGain
    per_concept: tuple[gains.ConceptGain, ...]

    def score(self, phase: str, student) -> float:
        """A student's score in a phase: the share of the check's concepts they got right (one
        left blank is not right)."""
        right = (self.pre if read_phase(phase) == "pre" else self.post)[student]
        return sum(bool(right.get(c)) for c in self.concepts) / len(self.concepts)

    def scores(self, phase: str) -> dict:
        taken = self.pre if read_phase(phase) == "pre" else self.post
        return {student: self.score(phase, student) for student in taken}

    def mean(self, phase: str) -> float | None:
        """The class's average score in a phase, over everyone who took it."""
        scores = self.scores(phase)
        return sum(scores.values()) / len(scores) if scores else None


def graded(answers, question_of) -> dict:
    """Each student's verdicts, {student: {concept: right}}, from their answers: tuples of
    (student, concept, form, text), each judged on the question of its form
    (`question_of(concept, form)`)."""
    right: dict = {}
    for student, concept, form, text in answers:
        verdict = questions.verdict(question_of(concept, form), text)
        right.setdefault(student, {})[concept] = verdict.correct
    return right


def results(concept_keys: Sequence[str], pre: dict, post: dict) -> Results:
    """The results of a class's checks from each student's verdicts at the start and the end
    (`graded`); a phase not taken is {}."""
    keys = tuple(concept_keys)
    scores_pre = {s: sum(bool(r.get(c)) for c in keys) / len(keys) for s, r in pre.items()}
    scores_post = {s: sum(bool(r.get(c)) for c in keys) / len(keys) for s, r in post.items()}
    return Results(
        keys,
        pre,
        post,
        gains.class_gain(scores_pre, scores_post),
        gains.concept_gains(keys, pre, post),
    )
