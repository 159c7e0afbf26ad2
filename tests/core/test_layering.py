"""The layers point one way: the core imports neither Streamlit, the app's `ui`, the lessons nor
the classroom; the lessons and the classroom never import Streamlit or `ui`; `outside` (the
reader of outside JSON, which `ui` and the classroom share) imports nothing of the app. Each
check runs in a fresh interpreter, so what another test imported cannot hide a wrong import."""

import subprocess
import sys

import pytest

from devtools import ROOT

LAYERS = {
    "ndcg_core": ("streamlit", "ui", "lessons", "classroom", "views", "plotly"),
    "lessons": ("streamlit", "ui", "classroom", "views", "plotly"),
    "classroom": ("streamlit", "ui", "views", "plotly"),
    "outside": ("streamlit", "ui", "views", "plotly", "ndcg_core", "lessons", "classroom"),
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
