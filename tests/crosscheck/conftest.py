import pytest

from .library_runner import LibraryProcess


@pytest.fixture(scope="session")
def library_process():
    """`library_process(python)`: that python's library_runner.py, one per pytest worker, started
    the first time a test asks for it, so the tests that use ranx pay its start once."""
    processes: dict[str, LibraryProcess] = {}

    def get(python: str) -> LibraryProcess:
        if python not in processes:
            processes[python] = LibraryProcess(python)
        return processes[python]

    yield get
    for process in processes.values():
        process.close()
