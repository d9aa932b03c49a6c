"""The whitepaper's lattice of shapes and PyCuTe v2's tiler_to_layout from Python: the cases of
PyCuTe v2's test/test_compatibility.py, `None` as PyCuTe v2 uses it, and the post-conditions
(Hypothesis)."""

from hypothesis import given, settings
from hypothesis import strategies as st
import pytest

import cute_layout as cl
from cute_layout import Layout, LayoutError


def test_pycute_v2_cases():
    assert cl.common_refinement(((2, 3), 20), (6, (4, 5))) == ((2, 3), (4, 5))
    assert cl.common_refinement(10, (10,)) == (10,)
    assert cl.common_refinement(Layout((2, 15)), (2, (3, 5))) == (2, (3, 5))
    assert cl.common_coarsening((4, (3, 5)), ((2, 2), 15)) == (4, 15)
    assert cl.common_coarsening((2, (3, 5)), ((3, 2), 5)) == 30
    with pytest.raises(LayoutError, match="common_refinement"):
        cl.common_refinement((2, (3, 5)), ((3, 2), 5))
    with pytest.raises(LayoutError, match="common_coarsening"):
        cl.common_coarsening((2, 3), (4, 5))


def test_tiler_to_layout_and_none():
    assert str(cl.tiler_to_layout((4, 5))) == "(4,5):(_1@0,_1@1)"
    assert str(cl.tiler_to_layout(3)) == "3:_1"
    assert str(cl.layout_add(None, Layout((4, 3), (3, 1)))) == "(4,3):(3,1)"
    with pytest.raises(LayoutError, match="tiler_to_layout"):
        cl.tiler_to_layout((4, None))


shapes = st.recursive(
    st.integers(1, 6), lambda inner: st.tuples(inner, inner) | st.tuples(inner, inner, inner), max_leaves=8
)


def coarsen(t, picks):
    if isinstance(t, tuple) and picks and picks.pop():
        n = 1
        for x in t:
            n *= cl.size(x) if isinstance(x, tuple) else x
        return n
    return tuple(coarsen(x, picks) for x in t) if isinstance(t, tuple) else t


@settings(max_examples=200, deadline=None)
@given(shapes, st.lists(st.booleans(), max_size=8), st.lists(st.booleans(), max_size=8))
def test_join_and_meet(t, p, q):
    a, b = coarsen(t, p), coarsen(t, q)
    r, c = cl.common_refinement(a, b), cl.common_coarsening(a, b)
    assert cl.compatible(a, r) and cl.compatible(b, r) and cl.compatible(r, t)
    assert cl.compatible(c, a) and cl.compatible(c, b) and cl.compatible(c, r)
    assert cl.common_refinement(b, a) == r and cl.common_coarsening(b, a) == c
