"""The native Layout API: construction, notation, calls, modes, equality, offsets."""

import numpy as np
import pytest

import cute_layout as cl
from cute_layout import Layout, LayoutError


def test_parse_and_str_round_trip_with_static_tags():
    text = "(_4,8):(_1,4)"
    L = Layout.parse(text)
    assert str(L) == text
    assert Layout.parse(str(L)) == L
    assert repr(L) == "Layout.parse('(_4,8):(_1,4)')"
    assert eval(repr(L), {"Layout": Layout}) == L
    assert L.is_static() is False
    assert Layout.parse("(_2,_3):(_1,_2)").is_static()


def test_tuples_and_ints_build_dynamic_layouts():
    L = Layout((4, 2), (2, 1))
    assert str(L) == "(4,2):(2,1)"
    assert str(Layout((4, (2, 3)))) == "(4,(2,3)):(_1,(4,8))"
    assert str(Layout(8)) == "8:_1"
    assert Layout([4, 2], [1, 4]) == Layout((4, 2), (1, 4))
    assert Layout("(4,2):(1,4)") == Layout((4, 2), (1, 4))


def test_call_forms():
    L = Layout((2, (2, 2)), (4, (1, 2)))
    assert L(5) == 4 * 1 + 1 * 0 + 2 * 1
    assert L(1, (0, 1)) == 4 + 2
    assert L((1, (0, 1))) == 4 + 2
    assert [L(i) for i in range(L.size())] == list(L.offsets())


def test_slicing_with_none_and_underscore():
    L = Layout((4, 3), (3, 1))
    assert L(None, 1) == L(cl._, 1)
    assert str(L(None, 1)) == "(4):(3)"
    assert str(L(2, cl._)) == "(3):(1)"


def test_properties():
    L = Layout.parse("((2,2),3):((1,6),2)")
    assert L.shape == ((2, 2), 3)
    assert L.stride == ((1, 6), 2)
    assert (L.size(), L.cosize(), L.rank, L.depth, len(L)) == (12, 12, 2, 2, 2)
    assert str(L[0]) == "(2,2):(1,6)"
    assert str(L[-1]) == "3:2"
    assert str(L[0, 1]) == "2:6"
    assert [str(m) for m in L] == ["(2,2):(1,6)", "3:2"]
    with pytest.raises(IndexError):
        L[2]


def test_equality_ignores_static_tags_but_not_structure():
    assert Layout.parse("_4:_1") == Layout(4, 1)
    assert hash(Layout.parse("_4:_1")) == hash(Layout(4, 1))
    assert Layout(4, 1) != Layout((4,), (1,))
    assert Layout(4, 1) != Layout(4, 2)
    assert len({Layout(4, 1), Layout.parse("_4:_1"), Layout(4, 2)}) == 2


def test_offsets_is_int64_numpy():
    off = Layout((4, 8), (8, 1)).offsets()
    assert isinstance(off, np.ndarray) and off.dtype == np.int64
    assert off.tolist() == [8 * (i % 4) + i // 4 for i in range(32)]


def test_methods_match_module_functions():
    A, B = Layout((6, 2), (8, 2)), Layout((4, 3), (3, 1))
    assert A.composition(B) == cl.composition(A, B)
    assert str(A.composition(B)) == "((2,2),3):((24,2),8)"
    D = Layout.parse("(9,(4,8)):(59,(13,1))")
    T = (Layout(3, 3), Layout((2, 4), (1, 8)))
    assert str(D.logical_divide(T)) == "((3,3),((2,4),(2,2))):((177,59),((13,2),(26,1)))"
    assert D.zipped_divide(T) == cl.zipped_divide(D, T)
    assert D.tiled_divide(T) == cl.tiled_divide(D, T)
    assert D.flat_divide(T) == cl.flat_divide(D, T)
    P, Q = Layout((2, 5), (5, 1)), Layout((3, 4), (1, 3))
    assert P.blocked_product(Q) == cl.blocked_product(P, Q)
    assert P.raked_product(Q) == cl.raked_product(P, Q)
    assert P.logical_product(Q) == cl.logical_product(P, Q)
    assert Layout((2, 4), (1, 6)).complement(24) == cl.complement(Layout((2, 4), (1, 6)), 24)
    assert str(Layout.parse("(2,(1,6)):(1,(6,2))").coalesce()) == "12:1"
    inv = Layout.parse("(4,(2,8)):(16,(1,2))")
    assert inv.right_inverse() == cl.right_inverse(inv)
    assert inv.left_inverse() == cl.left_inverse(inv)


def test_pickle_and_copy_keep_the_layout():
    import copy
    import pickle

    L = Layout.parse("(_4,(2,3)):(_1,(8,4))")
    for M in [pickle.loads(pickle.dumps(L)), copy.deepcopy(L), copy.copy(L)]:
        assert M == L and str(M) == str(L)
