"""Every example in the core's docstrings runs and prints what it says (a docstring that
drifts from the code is a lesson that teaches the wrong number)."""

import doctest
import importlib
import pkgutil

import pytest

import ndcg_core

MODULES = sorted(
    info.name for info in pkgutil.walk_packages(ndcg_core.__path__, prefix="ndcg_core.")
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
