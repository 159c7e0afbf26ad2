"""After class: the CSV files. The answer counts (`export_csv`), every answer of both rounds
(`export_rounds_csv`), each with its question's twin and weighted learning gain, and the concept
check's scores and gains (`export_check_csv`).

Languages: the column names and the coded values (right: yes/no, how sure, how a student moved,
the question's kind) are the same in every language, so a department can put the files of
classes taught in English, Russian and Chinese side by side and a script reads them all; the
prose (what a question asked, a concept's name and idea, the note on ⟨g⟩) is in the language of
the teacher who downloads the file, as it is on their screen. Numbers keep the decimal point
(`csv_cell`): a spreadsheet reads them back."""

from __future__ import annotations

import csv
import io

from i18n import tr
from ndcg_core.display import csv_cell

from .. import concepts, gains, peer, questions, rooms
from .base import Base
from .records import round_seconds, utc


class Exports(Base):
    # -- after class -----------------------------------------------------------------------

    def export_csv(self, code: str, key: str) -> str:
        """The room's questions and their answer counts, one row per option (or per distinct
        number given) per round, as CSV. No names: a count per answer is what the teacher
        takes home."""
        self._teacher(code, key)
        out = io.StringIO()
        writer = csv.DictWriter(
            out,
            [
                "room",
                "question",
                "kind",
                "asked",
                "posed_utc",
                "revealed_utc",
                "round",
                "answer",
                "count",
                "right",
                "twin_of",
                "wlg",
            ],
        )
        writer.writeheader()
        for posed in self.questions(code):
            question = posed.question
            about = self._question_cells(code, posed)
            for round in range(1, posed.round + 1):
                texts = [a.answer for a in self.answers(code, posed.number, round)]
                for row in questions.report_rows(question, texts):
                    cells = {**about, "round": round, **row}
                    writer.writerow({name: csv_cell(value) for name, value in cells.items()})
        return out.getvalue()

    def export_rounds_csv(self, code: str, key: str) -> str:
        """Every answer of the class, one row per student per question, both rounds side by
        side: the answer, right or not, how sure, and how many seconds after the round began;
        then whether the student moved. Students are numbered in the order they joined; no
        names. Each question's timings (posed, round 1 closed, round 2 began, revealed, the
        time set) are on each of its rows."""
        self._teacher(code, key)
        numbered = self.numbered(code)
        out = io.StringIO()
        fields = [
            "room",
            "question",
            "kind",
            "asked",
            "posed_utc",
            "round1_closed_utc",
            "round2_began_utc",
            "revealed_utc",
            "seconds_round1",
            "seconds_round2",
            "twin_of",
            "wlg",
            "student",
        ]
        for round in (1, 2):
            fields += [f"answer{round}", f"right{round}", f"confidence{round}", f"after_s{round}"]
        fields.append("moved")
        writer = csv.DictWriter(out, fields)
        writer.writeheader()
        for posed in self.questions(code):
            question = posed.question
            given = {
                round: {a.student: a for a in self.answers(code, posed.number, round)}
                for round in (1, 2)
            }
            began = {1: posed.posed, 2: posed.round2}
            about = self._question_cells(code, posed)
            for student in sorted(set(given[1]) | set(given[2]), key=numbered.get):
                cells = {
                    **about,
                    "round1_closed_utc": utc(posed.round1_closed),
                    "round2_began_utc": utc(posed.round2),
                    "seconds_round1": posed.seconds1 or "",
                    "seconds_round2": posed.seconds2 or "",
                    "student": numbered[student],
                }
                right = {}
                for round in (1, 2):
                    mine = given[round].get(student)
                    if mine is None:
                        continue
                    right[round] = questions.verdict(question, mine.answer).correct
                    cells[f"answer{round}"] = questions.said(question, mine.answer, ".")
                    cells[f"right{round}"] = "yes" if right[round] else "no"
                    cells[f"confidence{round}"] = (
                        "" if mine.confidence is None else peer.CONFIDENCE[mine.confidence]
                    )
                    cells[f"after_s{round}"] = round_seconds(mine.answered - began[round])
                if len(right) == 2:
                    cells["moved"] = peer.move_words(right[1], right[2])
                writer.writerow({name: csv_cell(value) for name, value in cells.items()})
        return out.getvalue()

    def _question_cells(self, code: str, posed) -> dict[str, object]:
        """The cells every row about a question shares, in both files: which question, what
        it asked, when, its twin and its weighted learning gain."""
        question = posed.question
        return {
            "room": rooms.format_code(code),
            "question": posed.number,
            "kind": question.kind,
            "asked": question.describe(),
            "posed_utc": utc(posed.posed),
            "revealed_utc": utc(posed.revealed),
            "twin_of": posed.twin_of or "",
            "wlg": self._wlg(code, posed),
        }

    def _wlg(self, code: str, posed) -> float | str:
        """A question's weighted learning gain for the CSV, to three decimals ('' without a
        twin, or when it cannot be said)."""
        learning = self.learning(code, posed.number)
        return "" if learning is None or learning.wlg is None else round(learning.wlg, 3)

    def export_check_csv(self, code: str, key: str) -> str:
        """The concept check: a row for the class (the average scores at the start and the end
        over the students who took both, their number, and ⟨g⟩ with what it means), a row per
        concept (the share right at each end, its gain), and a row per student (numbered in the
        order they joined; no names) with their two scores. Empty but for its header before any
        check was taken."""
        self._teacher(code, key)
        fields = ["room", "row", "concept", "idea", "students", "pre", "post", "gain", "note"]
        out = io.StringIO()
        writer = csv.DictWriter(out, fields)
        writer.writeheader()
        found = self.check_results(code)
        if found is None:
            return out.getvalue()
        room = rooms.format_code(code)

        def share(value):  # a number, not text: a negative gain is not a formula
            return "" if value is None else round(value, 3)

        def write(**cells):
            writer.writerow({name: csv_cell(cells.get(name, "")) for name in fields})

        whole = found.gain
        write(
            room=room,
            row="class",
            students=whole.matched,
            pre=share(whole.pre),
            post=share(whole.post),
            gain=share(whole.g),
            note=gains.meaning()
            + " "
            + tr(
                "Over the {matched} students who took both checks; {pre_only} took the first "
                "only, {post_only} the second only.",
                matched=whole.matched,
                pre_only=whole.pre_only,
                post_only=whole.post_only,
            ),
        )
        for row in found.per_concept:
            concept = concepts.BY_KEY.get(row.concept)
            write(
                room=room,
                row="concept",
                concept=tr(concept.name) if concept else row.concept,
                idea=tr(concept.idea) if concept else "",
                students=row.matched,
                pre=share(row.pre),
                post=share(row.post),
                gain=share(row.g),
            )
        numbered = self.numbered(code)
        pre, post = found.scores("pre"), found.scores("post")
        for student in sorted(set(pre) | set(post), key=numbered.get):
            both = student in pre and student in post
            mine = gains.normalised(pre[student], post[student]) if both else None
            write(
                room=room,
                row="student",
                students=numbered[student],
                pre=share(pre.get(student)),
                post=share(post.get(student)),
                gain=share(mine),
            )
        return out.getvalue()
