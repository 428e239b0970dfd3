"""The examples in the package's docstrings run and print what they say."""

import doctest

import grundy
import grundy.openspiel


def test_package_docstring_examples():
    for module in [grundy, grundy.openspiel]:
        result = doctest.testmod(module)
        assert result.attempted > 0, module.__name__
        assert result.failed == 0, module.__name__
