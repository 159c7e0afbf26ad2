"""The pages about runs: Many queries (`page`, /queries) and Compare runs (`compare`,
/compare), and their back-end: the files a page was given read in worker processes and kept in
a shared cache (`data`, `files`, `worker`)."""
