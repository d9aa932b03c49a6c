"""The examples in the package's docstrings run (doctest)."""

import doctest

import cute_layout


def test_module_docstring_examples():
    result = doctest.testmod(cute_layout, verbose=False)
    assert result.attempted >= 3
    assert result.failed == 0
