"""The test suite (the folders are described in the README's "Project layout"). `ROOT` is the
repository's folder: the app, the data and the packages the tests start, read and import are
found from it."""

from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
