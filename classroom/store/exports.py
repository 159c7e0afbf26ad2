"""After class: the two CSV files, the answer counts and every answer of both rounds."""

from __future__ import annotations

import csv
import io

from sqlalchemy import select

from ndcg_core.display import csv_cell

from .. import peer, questions, rooms
from .base import Base
from .records import round_seconds, utc
from .schema import student_table


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
            ],
        )
        writer.writeheader()
        for posed in self.questions(code):
            question = posed.question
            for round in range(1, posed.round + 1):
                texts = [a.answer for a in self.answers(code, posed.number, round)]
                for row in questions.report_rows(question, texts):
                    cells = {
                        "room": rooms.format_code(code),
                        "question": posed.number,
                        "kind": question.kind,
                        "asked": question.describe(),
                        "posed_utc": utc(posed.posed),
                        "revealed_utc": utc(posed.revealed),
                        "round": round,
                        **row,
                    }
                    writer.writerow({name: csv_cell(value) for name, value in cells.items()})
        return out.getvalue()

    def export_rounds_csv(self, code: str, key: str) -> str:
        """Every answer of the class, one row per student per question, both rounds side by
        side: the answer, right or not, how sure, and how many seconds after the round began;
        then whether the student moved. Students are numbered in the order they joined; no
        names. Each question's timings (posed, round 1 closed, round 2 began, revealed, the
        time set) are on each of its rows."""
        self._teacher(code, key)
        with self.engine.connect() as db:
            order = db.execute(
                select(student_table.c.id)
                .where(student_table.c.room == code)
                .order_by(student_table.c.id)
            ).scalars()
            numbered = {sid: n for n, sid in enumerate(order, start=1)}
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
            for student in sorted(set(given[1]) | set(given[2]), key=numbered.get):
                cells = {
                    "room": rooms.format_code(code),
                    "question": posed.number,
                    "kind": question.kind,
                    "asked": question.describe(),
                    "posed_utc": utc(posed.posed),
                    "round1_closed_utc": utc(posed.round1_closed),
                    "round2_began_utc": utc(posed.round2),
                    "revealed_utc": utc(posed.revealed),
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
                    cells[f"answer{round}"] = questions.said(question, mine.answer)
                    cells[f"right{round}"] = "yes" if right[round] else "no"
                    cells[f"confidence{round}"] = (
                        "" if mine.confidence is None else peer.CONFIDENCE[mine.confidence]
                    )
                    cells[f"after_s{round}"] = round_seconds(mine.answered - began[round])
                if len(right) == 2:
                    cells["moved"] = peer.move_words(right[1], right[2])
                writer.writerow({name: csv_cell(value) for name, value in cells.items()})
        return out.getvalue()
