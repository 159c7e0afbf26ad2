"""The "Reproduce it yourself" programs, executed: each prints the number the page shows.

All programs for one python run in one process (importing LightGBM and XGBoost takes seconds,
ranx's first `evaluate` compiles for seconds more), each with its own globals and captured
output: library_runner.py's, kept for the test session (the `library_process` fixture), with
one thread for LightGBM, XGBoost, torch and numba. The project's venv runs scikit-learn,
pytrec_eval, LightGBM, XGBoost and the Järvelin–Kekäläinen program; ranx and torchmetrics run
in the venvs named by NDCG_RANX_PYTHON and NDCG_TORCHMETRICS_PYTHON (see test_libraries.py), and
are skipped, with that reason, without them. TF-Ranking needs TensorFlow, not installed here.
"""

from __future__ import annotations

import contextlib
import io
import math
import os
import re
import sys

import pytest

from lessons.gallery import GALLERY
from lessons.snippets import PROGRAMS, install_line, snippet
from ndcg_core.libraries import PRESETS, make_query, score_every_preset
from tests.pages.conftest import open_page

QUERIES = [case.query() for case in GALLERY] + [
    make_query([3, 2, 3, 0, 1, 2], 6, pool=[3, 2]),
    make_query([3, 2, 3, 0, 1, 2], "n", pool=[3, 2]),
    make_query([3, 2, 3, 0, 1, 2], "none", pool=[3, 2]),
    make_query([2, 0, 1, 3, 1], 3, scores=[0.5, 0.5, 0.2, 0.9, 0.2], ids=["b", "a", "z", "c", "y"]),
    make_query([1, 0, 2, 0] * 5, scores=[1, 2, 1, 2] * 5),
]
LIBRARIES = {
    "scikit-learn": None,
    "trec_eval": None,
    "LightGBM": None,
    "XGBoost": None,
    "Järvelin–Kekäläinen (2002)": None,
    "ranx": "NDCG_RANX_PYTHON",
    "torchmetrics": "NDCG_TORCHMETRICS_PYTHON",
}


def test_every_library_has_one_program_and_each_fills_in():
    assert set(PROGRAMS) == {preset.library for preset in PRESETS}
    for preset in PRESETS:
        code = snippet(preset, QUERIES[0])
        assert "$" not in code and compile(code, preset.key, "exec")
    assert install_line(PRESETS[0]) == "pip install scikit-learn"
    assert install_line(PRESETS[-1]) == ""  # the Järvelin–Kekäläinen program needs nothing


def test_tied_scores_get_the_tf_ranking_note():
    tf = next(p for p in PRESETS if p.key == "tf_ranking")
    tied = make_query([1, 0], scores=[1, 1])
    assert "shuffled at random" in snippet(tf, tied)
    assert "shuffled" not in snippet(tf, make_query([1, 0]))
    assert "topn=2" in snippet(tf, make_query([1, 0], "n"))


@pytest.mark.crosscheck
@pytest.mark.parametrize("library", list(LIBRARIES))
def test_snippets_print_the_page_number(library, library_process):
    variable = LIBRARIES[library]
    python = sys.executable if variable is None else os.environ.get(variable)
    if not python:
        pytest.skip(f"{library} is not installed in the project's venv; set {variable}.")
    expected, programs = [], []
    for query in QUERIES:
        for verdict in score_every_preset(query):
            if verdict.preset.library == library:
                expected.append(verdict)
                programs.append(snippet(verdict.preset, query))
    assert programs
    tolerance = 1e-6 if library == "torchmetrics" else 1e-9  # torchmetrics: float32 inside
    results = library_process(python).run("programs", programs)
    for verdict, program, result in zip(expected, programs, results, strict=True):
        if verdict.kind == "refused":
            assert "error" in result, (verdict, program, result)
            assert verdict.message.split(":")[0] in result["error"]
            continue
        assert "error" not in result, (verdict, program, result)
        printed = float(result["stdout"].strip().splitlines()[-1])
        assert math.isclose(printed, verdict.value, rel_tol=0, abs_tol=tolerance), (
            verdict.preset.key,
            program,
            printed,
            verdict.value,
        )


def test_the_snippet_on_the_page_prints_the_number_the_page_shows():
    """What a reader copies from /libraries: the program in its code block, run here as it is."""
    at = open_page("views/libraries.py", rels="3,2,3,0,1,2", pool="3,2", k="6", unfold=True)
    for key, needle in (
        ("sklearn", "ndcg_score"),
        ("trec_ndcg_cut", '"ndcg_cut.6"'),
        ("jarvelin", "max(1.0, math.log2(i))"),
    ):
        at.selectbox(key="libraries_snippet").set_value(key).run()
        # The program, not the sidebar's share link (a code block too).
        code = next(code.value for code in at.code if code.language == "python")
        assert needle in code
        if key == "trec_ndcg_cut":
            assert any(r"\frac{6.8611}{8.7403} = 0.7850" in x.value for x in at.latex)
        expected = next(m.value for m in at.markdown if m.value.startswith("Expected output"))
        shown = float(re.search(r"`(.+)`", expected).group(1))
        out = io.StringIO()
        with contextlib.redirect_stdout(out):
            exec(compile(code, "<snippet>", "exec"), {})
        assert math.isclose(float(out.getvalue().split()[-1]), shown, abs_tol=1e-9)
