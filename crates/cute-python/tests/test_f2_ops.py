"""The ordinary operations on F2-stride layouts from Python (registry/f2.rs): the module functions
take an F2 layout as text or as the value another call returned, and refuse what F2 strides do
not define, naming the operation."""

import pytest

import cute_layout as cl
from cute_layout import LayoutError

F = "(_8,_8):(_1^,_9^)"


def test_queries_and_evaluation():
    assert int(cl.size(F)) == 64
    assert int(cl.cosize(F)) == 64
    assert int(cl.rank(F)) == 2
    assert int(cl.crd2idx(F, "(_3,_1)")) == 3 ^ 9


def test_algebra():
    assert str(cl.logical_divide(F, "(_2,_4)")) == "((_2,_4),(_4,_2)):((_1^,_2^),(_9^,_36^))"
    assert str(cl.composition(F, "(_8,_8):(_8,_1)")) == "(_8,_8):(_9^,_1^)"
    assert str(cl.right_inverse("(_8,_8):(_9^,_1^)")) == "(_8,_8):(_8^,_9^)"
    assert str(cl.coalesce("(_2,(_4,_8)):(_1^,(_2^,_8^))")) == "_64:_1^"
    # a value returned by one call is an argument of the next
    g = cl.to_f2("Sw<3,3,3> o _0 o (_8,_64):(_64,_1)")
    assert str(cl.get(g, 0)) == "_8:_72^"


def test_refusals_name_the_operation():
    with pytest.raises(LayoutError, match="complement"):
        cl.complement(F)
    with pytest.raises(LayoutError, match="carries"):
        cl.composition("_64:_1^", "4:3")
