"""Every example in the docstrings of the core and the lessons runs and prints what it says (a docstring that
drifts from the code is a lesson that teaches the wrong number)."""

import doctest
import importlib
import pkgutil

import pytest

import lessons
import ndcg_core

# The two old module names only re-export (and warn when imported): they hold no examples. A
# package's `__main__` runs its command when imported (`python -m ndcg_core.trec`): nothing
# imports one (tests/core/test_layering.py), and it holds no examples either.
OLD_NAMES = {"ndcg_core.conventions", "ndcg_core.formulas"}
MODULES = sorted(
    info.name
    for package in (ndcg_core, lessons)
    for info in pkgutil.walk_packages(package.__path__, prefix=f"{package.__name__}.")
    if info.name not in OLD_NAMES and not info.name.endswith(".__main__")
)


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples_hold(name):
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.NORMALIZE_WHITESPACE)
    assert result.failed == 0, f"{result.failed} of {result.attempted} examples in {name} fail"


def test_the_main_functions_have_examples():
    finder = doctest.DocTestFinder()
    for function in (ndcg_core.ndcg, ndcg_core.dcg, ndcg_core.idcg, ndcg_core.cg, ndcg_core.totals):
        assert any(test.examples for test in finder.find(function)), function.__name__
