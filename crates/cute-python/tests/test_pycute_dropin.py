"""cute_layout.pycute against pycute's conventions (and pycute itself, when installed)."""

import importlib.util

import pytest

import cute_layout
from cute_layout.pycute import *  # noqa: F401,F403  (the drop-in's whole public surface)
from cute_layout import pycute as ours

HAVE_PYCUTE = importlib.util.find_spec("pycute") is not None

CASES = [
    ((1,), (0,)), (4, 1), (4, 2), ((2, 4), (1, 2)), ((2, 4, 6), (1, 6, 2)), ((2, 1, 6), (1, 7, 2)),
    ((2, (4, 6)), (1, (2, 8))), (((2, 2), (2, 2)), ((1, 4), (8, 32))), ((8, 4), (4, 1)),
    ((2, 4, 6), (4, 1, 8)), ((4, 2), (1, 16)), ((4, 6, 8), (1, 4, 7)),
]


def lay(case):
    return Layout(*case)


def test_public_names_match_pycute():
    names = set(ours.__all__)
    for n in ["Layout", "make_layout", "coalesce", "filter", "composition", "complement",
              "right_inverse", "left_inverse", "logical_divide", "logical_product",
              "zipped_divide", "tiled_divide", "zipped_product", "tiled_product",
              "slice_and_offset", "hier_unzip", "is_layout", "LayoutBase", "size", "cosize",
              "product", "inner_product", "shape_div", "prefix_product", "idx2crd", "crd2idx",
              "crd2crd", "flatten", "slice_", "has_none", "is_int", "is_tuple", "signum",
              "elem_scale", "tuple_max", "Swizzle", "ComposedLayout", "shiftl", "shiftr",
              "Integer"]:
        assert n in names, n


def test_int_tuple_helpers():
    assert product(((2, 3), 4)) == 24
    assert inner_product(((2, 3), 4), ((2, 1), 2)) == 15
    assert shape_div((6, (3, 4)), 36) == (1, (1, 2))
    assert prefix_product(((2, 3), (2, 1, 2), (5, 2, 1))) == ((1, 2), (6, 12, 12), (24, 120, 240))
    assert prefix_product((3, 2), 5) == (5, 15)
    assert flatten(((1, 2), (3, (4,)))) == (1, 2, 3, 4)
    assert crd2idx((1, 2), (4, 3)) == 9
    assert crd2idx((1, None), (4, 3), (3, 1)) == 3
    assert idx2crd(9, (4, 3)) == (1, 2)
    assert idx2crd(9, (4, 3), (1, 4)) == (1, 2)
    assert slice_((None, 1, (None, 2)), (4, 5, (6, 7))) == (4, 6)
    assert has_none((1, (None,)))
    assert is_int(3) and not is_int(True) and not is_int(3.0)


def test_layout_conventions():
    L = Layout((4, 3))
    assert L.stride == (1, 4)
    assert len(L) == 2 and L[1] == Layout(3, 4)
    assert L(None, 1) == Layout((4,), (1,))
    assert make_layout(Layout(4, 1), Layout(3, 4)) == L
    assert make_layout([Layout(4, 1), Layout(3, 4)]) == L
    assert is_layout(L) and not is_layout((4, 3))
    assert size((4, 3)) == 12 and size(L) == 12 and cosize(L) == 12
    assert logical_product(L, None) is L
    assert composition(L, None) is L
    assert right_inverse(None) is None
    assert slice_and_offset((None, 2), Layout((4, 3), (3, 1))) == (Layout((4,), (3,)), 2)


@pytest.mark.parametrize("case", CASES)
def test_post_conditions(case):
    L = lay(case)
    C = coalesce(L)
    assert [C(i) for i in range(size(L))] == [L(i) for i in range(size(L))]
    R = right_inverse(L)
    assert all(L(R(i)) == i for i in range(size(R)))
    try:
        comp = complement(L)
    except cute_layout.LayoutError:
        return  # not injective: C++ has no complement
    for a in range(size(L)):
        for b in range(size(comp)):
            assert L(a) != comp(b) or L(a) == comp(b) == 0


def test_swizzle():
    sw = Swizzle(2, 3, -3)
    assert (sw.bits, sw.base, sw.shift) == (2, 3, -3)
    assert [sw(x) for x in [0, 1, 2, 7, 8, 9, 15, 16, 63, 64, 255, 256]] == \
        [0, 1, 2, 7, 72, 73, 79, 144, 255, 64, 63, 256]
    assert all(sw(sw(x)) == x for x in range(1 << 8))
    assert all(Swizzle(0, 4, 0)(x) == x for x in range(64))
    c = ComposedLayout(Swizzle(1, 0, 1), 2, Layout(8))
    assert [c(i) for i in range(8)] == [Swizzle(1, 0, 1)(2 + i) for i in range(8)]
    assert c.layoutA == Layout(8) and c.offset == 2


def test_differences_from_pycute_follow_cpp():
    assert str(composition(Layout(1, 52), Layout(2, 2))) == "2:104"
    with pytest.raises(cute_layout.LayoutError):
        complement(Layout((2, 2), (2, 3)), 8)
    assert logical_product(Layout(3, 2), 4) == logical_product(Layout(3, 2), Layout(4))


@pytest.mark.skipif(not HAVE_PYCUTE, reason="pycute (pip install nvidia-cutlass) not installed")
@pytest.mark.parametrize("case", CASES)
def test_same_functions_as_pycute(case):
    import pycute
    theirs, mine = pycute.Layout(*case), lay(case)
    for name in ["coalesce", "right_inverse"]:
        a, b = getattr(pycute, name)(theirs), getattr(ours, name)(mine)
        assert [a(i) for i in range(pycute.size(a))] == [b(i) for i in range(size(b))], name
    B = pycute.Layout(2, 2)
    try:
        mine_c = composition(mine, Layout(2, 2))
    except cute_layout.LayoutError:
        return
    theirs_c = pycute.composition(theirs, B)
    assert [theirs_c(i) for i in range(2)] == [mine_c(i) for i in range(2)]
