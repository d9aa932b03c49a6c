"""Runs NVIDIA's pycute unit tests (from a CUTLASS checkout, $CUTLASS_SRC) against the drop-in."""

import os
import pathlib
import types
import unittest

import pytest

SRC = os.environ.get("CUTLASS_SRC")
TESTS = sorted(pathlib.Path(SRC, "test/python/pycute").glob("test_*.py")) if SRC else []

# Upstream test cases changed because pycute disagrees with CuTe C++ (file -> (old, new, why)).
ADJUSTED = {}


@pytest.mark.skipif(not SRC, reason="set CUTLASS_SRC to a CUTLASS checkout to run these")
@pytest.mark.parametrize("path", TESTS, ids=[p.name for p in TESTS])
def test_upstream(path):
    text = path.read_text()
    assert "from pycute import *" in text, f"{path.name}: unexpected import line"
    text = text.replace("from pycute import *", "from cute_layout.pycute import *")
    for old, new, _why in ADJUSTED.get(path.name, []):
        assert old in text, f"{path.name}: adjusted case not found: {old}"
        text = text.replace(old, new)
    module = types.ModuleType(path.stem)
    exec(compile(text, str(path), "exec"), module.__dict__)
    suite = unittest.defaultTestLoader.loadTestsFromModule(module)
    result = unittest.TextTestRunner(verbosity=0).run(suite)
    assert result.testsRun > 0
    assert result.wasSuccessful(), [str(e) for _, e in result.failures + result.errors]
