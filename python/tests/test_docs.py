"""The examples in the package's docstrings and in the guide's Python page run as written."""

from __future__ import annotations

import doctest
import warnings

import pytest

import arbiter
import arbiter.dask
from conftest import REPOSITORY

MODULES = [arbiter, arbiter.go, arbiter.hex, arbiter.dask]


@pytest.mark.parametrize("module", MODULES, ids=lambda m: m.__name__)
def test_docstring_examples(module):
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0
    assert result.failed == 0


def test_the_guides_python_page(tmp_path, monkeypatch):
    monkeypatch.chdir(REPOSITORY)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", arbiter.InputWarning)
        result = doctest.testfile(
            str(REPOSITORY / "docs" / "src" / "python.md"),
            module_relative=False,
            optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE,
        )
    assert result.attempted > 10
    assert result.failed == 0


def test_the_readmes_python(monkeypatch):
    monkeypatch.chdir(REPOSITORY)
    readme = (REPOSITORY / "README.md").read_text()
    blocks = readme.split("```python\n")[1:]
    assert blocks
    for block in blocks:
        exec(compile(block.split("```")[0], "README.md", "exec"), {})
