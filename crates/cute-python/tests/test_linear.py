"""cute_layout.LinearLayout: Triton's linear layouts, and the conversions to and from CuTe."""
import cute_layout as cl
import pytest
from hypothesis import given, strategies as st


def test_parse_print_and_apply():
    l = cl.LinearLayout("register=[[0,1],[8,0]] lane=[[0,2],[0,4],[1,0],[2,0],[4,0]] -> dim0=16 dim1=8")
    assert str(l) == "register=[[0,1],[8,0]] lane=[[0,2],[0,4],[1,0],[2,0],[4,0]] -> dim0=16 dim1=8"
    assert l.apply(register=3, lane=4) == [1 ^ 8, 1]
    assert l.rank() == 7 and l.is_surjective() and l.is_injective()
    assert cl.LinearLayout(l.to_mlir()) == l
    assert cl.LinearLayout(l.to_json()) == l
    assert cl.LinearLayout(l.to_triton_string()) == l


def test_to_cute_and_back():
    tv = cl.LinearLayout("register=[[0,1],[8,0]] lane=[[0,2],[0,4],[1,0],[2,0],[4,0]] warp=[] -> dim0=16 dim1=8").to_cute()
    assert str(tv.layout) == "((_4,_8),(_2,_2)):((_32,_1),(_16,_8))"
    sw = cl.LinearLayout("offset=[[0,1],[1,1]] -> dim0=2 dim1=2").to_cute()
    assert str(sw) == "Sw<1,0,1> o _0 o (_2,_2):(_2,_1)"
    back = cl.to_linear_layout(sw)
    assert str(back) == "offset=[[0,1],[1,1]] block=[] -> dim0=2 dim1=2"
    # registers and lanes that share bits have no integer TV layout: an F2-stride one (issue 30)
    f2 = cl.LinearLayout("register=[[1,1]] lane=[[0,1],[1,0]] -> dim0=2 dim1=2").to_cute()
    assert str(f2) == "((_2,_2),_2):((_2^,_1^),_3^)"


def test_triton_operations():
    r = cl.LinearLayout.from_bases({"register": [[1, 0], [0, 1]]}, {"dim0": 2, "dim1": 2})
    s = cl.LinearLayout.from_bases({"offset": [[0, 1], [1, 0]]}, {"dim0": 2, "dim1": 2})
    c = r.invert_and_compose(s)
    assert str(c) == "register=[[2],[1]] -> offset=4"
    assert r.compose(r.reshape_outs([("dim0", 2), ("dim1", 2)]).invert()).in_dims == [("register", [[1], [2]])]
    assert s.invert().invert() == s
    assert str(s.sublayout(["offset"], ["dim1"])) == "offset=[[1],[0]] -> dim1=2"
    assert str(r.reshape([("offset", 4)], [("flat", 4)])) == "offset=[[1],[2]] -> flat=4"


@given(st.permutations(range(4)))
def test_invert_and_compose_factors(perm):
    # B: a permutation of offset bits onto (dim0, dim1); A: the identity registers
    bases = [[(1 << p) & 3, (1 << p) >> 2] for p in perm]
    b = cl.LinearLayout.from_bases({"offset": bases}, {"dim0": 4, "dim1": 4})
    a = cl.LinearLayout.from_bases({"register": [[1, 0], [2, 0], [0, 1], [0, 2]]}, {"dim0": 4, "dim1": 4})
    c = a.invert_and_compose(b)
    for x in range(16):
        assert a.apply(register=x) == b.apply(offset=c.apply(register=x)[0])
