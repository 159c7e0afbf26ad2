"""Runs and judgments from files: TREC qrels + run, or one CSV, read, joined and evaluated.

- `read`: the CSV reader (`read_csv_run`) and what every reader shares: a `Table` of the rows
  it could use and a `LineProblem` for each line it could not;
- `stream`: the TREC readers (`read_trec_run`, `read_trec_qrels`), bytes or a path of any size
  read as a stream of blocks;
- `join`: a run joined to its judgments (`join_trec`, `from_csv`: a `Dataset`);
- `evaluate`: NDCG per query and the mean (`evaluate`, under keywords or a `Scoring`), trec_eval's
  two means (`complete_gap`), the conventions a run's files do not settle (`convention_grid`),
  two evaluations side by side (`pair_queries`);
- `query`: one query as a `RankedList` (`query_list`), to open it in the playground.

Every loader returns the rows it could read and, separately, the rows it could not, each with
its line number and the reason, so that a page can show them and let the user decide: skip them
or fix the file (the first `MAX_PROBLEMS` of them; the rest are counted, and a file almost none
of whose lines read is summarised instead, `Table.summary`). Nothing is dropped silently; problems that make a whole file unusable (an
empty file, a missing column) raise a ``ValueError`` that says what to change. What a reader
did beyond reading (fields it ignored, comment lines it skipped) is said in the table's notes.

Formats
-------
- TREC run: ``query_id Q0 doc_id rank score run_name``, read as trec_eval reads it: fields are
  separated by the characters C's ``isspace`` accepts (space, tab, vertical tab, form feed, carriage return); anything after
  the sixth field is ignored; a line whose first character (after blanks) is ``#`` is a comment
  (trec_eval 10.0); trec_eval ranks by score and ignores the rank column.
- TREC qrels: ``query_id 0 doc_id relevance``, four fields exactly (trec_eval refuses a fifth);
  relevance below 0 means "judged, not relevant". trec_eval reads the relevance as a whole
  number (C's ``atol``: 0.5 → 0, 1.7 → 1); this reader keeps it as written and says so, unless
  ``whole_relevance=True`` asks for trec_eval's reading.
- CSV with a header: ``query_id, doc_id, relevance`` and optionally ``score`` or ``rank``. A row
  with an empty score (or rank) is a judgment of a document the system did not rank.

Files are measured in megabytes of 1,000,000 bytes (`MB`), as the upload widget counts them.
"""

from .evaluate import (
    CompleteGap,
    ConventionGrid,
    Pairing,
    answered_only,
    complete_gap,
    convention_grid,
    cut_for,
    evaluate,
    pair_queries,
)
from .join import Dataset, from_csv, join_trec
from .query import QueryList, query_list
from .read import (
    CSV_FIELD_LIMIT,
    CSV_REQUIRED,
    LONG_MAX,
    MAX_PROBLEMS,
    MAX_SHOWN_TEXT,
    MB,
    TREC_SPACE,
    LineProblem,
    Table,
    read_csv_run,
)
from .stream import read_trec_qrels, read_trec_run

__all__ = [
    "CSV_FIELD_LIMIT",
    "CSV_REQUIRED",
    "LONG_MAX",
    "MAX_PROBLEMS",
    "MAX_SHOWN_TEXT",
    "MB",
    "TREC_SPACE",
    "CompleteGap",
    "ConventionGrid",
    "Dataset",
    "LineProblem",
    "Pairing",
    "QueryList",
    "Table",
    "answered_only",
    "complete_gap",
    "convention_grid",
    "cut_for",
    "evaluate",
    "from_csv",
    "join_trec",
    "pair_queries",
    "query_list",
    "read_csv_run",
    "read_trec_qrels",
    "read_trec_run",
]
