"""Symbolic extents from Python: `eval` of an expression over named unknowns returns a value
that prints its assumptions and holds them as a list; `subs` gives the ordinary layout, which
is the integer algebra's at those values."""

import pytest

import cute_layout as cl
from cute_layout import LayoutError


def test_logical_divide_of_a_symbolic_matrix_keeps_its_assumptions():
    v = cl.eval("logical_divide((M,N):(1,M), (128,64))")
    assert str(v) == "((128,M/128),(64,N/64)):((1,128),(M,64*M)) assuming 128 | M, 64 | N"
    assert v.value == "((128,M/128),(64,N/64)):((1,128),(M,64*M))"
    assert v.assumptions == ["128 | M", "64 | N"]


def test_subs_is_the_integer_algebra_at_the_values():
    at = cl.eval("subs(logical_divide((M,N):(1,M), (128,64)), M=256, N=128)")
    assert at == cl.eval("logical_divide((256,128):(1,256), (128,64))")
    with pytest.raises(LayoutError, match="128 \\| M fails"):
        cl.eval("subs(logical_divide((M,N):(1,M), (128,64)), M=100, N=128)")


def test_an_undecided_condition_is_refused():
    with pytest.raises(LayoutError, match="coalesce"):
        cl.eval("coalesce((M,2):(1,N))")
