"""The layers point one way: the core imports neither Streamlit, the app's `ui`, the lessons nor
the classroom; the lessons and the classroom never import Streamlit or `ui`; `outside` (the
reader of outside JSON, which `ui` and the classroom share) and `columnar` (arrow's columns
for the readers of runs) import nothing of the app; the
command lines (`commands`) are a front-end beside the pages, never importing them. Each check
runs in a fresh interpreter, so what another test imported cannot hide a wrong import.

One door is allowed, and only one: a kernel package's `__main__` (``python -m ndcg_core.trec``,
``python -m ndcg_core.compare``, the names the README documents) hands over to its front-end
in `commands`; nothing imports a `__main__`, and the last test checks that is all they do."""

import subprocess
import sys

import pytest

from devtools import ROOT

LAYERS = {
    "ndcg_core": ("streamlit", "ui", "lessons", "classroom", "views", "plotly"),
    "lessons": ("streamlit", "ui", "classroom", "views", "plotly"),
    "classroom": ("streamlit", "ui", "views", "plotly"),
    "outside": ("streamlit", "ui", "views", "plotly", "ndcg_core", "lessons", "classroom"),
    # arrow's and numpy's columns for the readers of runs: nothing of the app, and not pandas
    # (a worker reading a clean TREC set never imports it).
    "columnar": ("streamlit", "ui", "views", "plotly", "ndcg_core", "lessons", "i18n", "pandas"),
    "commands": ("streamlit", "ui", "views", "plotly", "lessons", "classroom"),
    # The languages are below everything: the core's messages are translated too.
    "i18n": ("streamlit", "ui", "views", "plotly", "ndcg_core", "lessons", "classroom", "outside"),
}

PROGRAM = """
import importlib, pkgutil, sys
package = importlib.import_module({package!r})
for info in pkgutil.walk_packages(package.__path__, prefix={package!r} + "."):
    if info.name.endswith("__main__"):
        continue
    importlib.import_module(info.name)
print(" ".join(sorted({{name.split(".")[0] for name in sys.modules}})))
"""


@pytest.mark.parametrize("package", sorted(LAYERS))
def test_a_layer_never_imports_the_layers_above_it(package):
    done = subprocess.run(
        [sys.executable, "-c", PROGRAM.format(package=package)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    )
    loaded = set(done.stdout.split())
    assert package in loaded
    assert not loaded & set(LAYERS[package]), f"{package} imports {loaded & set(LAYERS[package])}"


def test_the_kernels_commands_only_hand_over_to_their_front_end():
    mains = sorted((ROOT / "ndcg_core").rglob("__main__.py"))
    assert [m.parent.name for m in mains] == ["compare", "trec"]
    for main in mains:
        code = [line for line in main.read_text().splitlines() if line and line[0] not in '"#']
        assert code == [
            "import sys",
            f"from commands.{main.parent.name} import main",
            "sys.exit(main())",
        ], main


@pytest.mark.parametrize("command", ["ndcg_core.trec", "ndcg_core.compare"])
def test_the_documented_commands_still_run(command):
    done = subprocess.run(
        [sys.executable, "-m", command, "--help"], cwd=ROOT, capture_output=True, text=True
    )
    assert done.returncode == 0 and done.stdout.startswith(f"usage: python -m {command} ")
