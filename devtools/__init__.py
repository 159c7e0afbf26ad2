"""What the tests and the benchmarks both use to run the app as its users meet it: the app on a
free port (`appserver`), behind nginx (`deployserver`), a throwaway PostgreSQL (`postgres`),
Debian's chromium as the tests drive it (`chromium`), and waiting on what a page shows
(`waits`). `ROOT` is the repository's folder: the app, the data and the packages the tests and
benchmarks start, read and import are found from it."""

from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
