"""The module functions: one per operation of the library's table, through call_op."""

import json

import pytest

import cute_layout as cl
from cute_layout import Layout


def test_every_operation_is_a_module_function():
    ops = cl.operations()
    assert len(ops) > 40
    for name, signature, summary in ops:
        f = getattr(cl, name)
        assert callable(f)
        assert signature in f.__doc__ and summary in f.__doc__
    exported = set(cl.__all__)
    assert "composition" in exported and "filter" not in exported  # builtins left alone


def test_module_functions_are_builtins_over_their_table_entry():
    import types

    f = cl.coalesce
    assert isinstance(f, types.BuiltinFunctionType)
    assert repr(f.__self__) == "<cute_layout operation coalesce>" and f.__self__.name == "coalesce"
    assert f.__module__ == "cute_layout" and f.__name__ == "coalesce"
    L = Layout((2, (1, 6)), (1, (6, 2)))
    assert f(L) == f.__self__(L) == cl.call_op("coalesce", L) == L.coalesce()
    assert cl.complement(Layout((2, 4), (1, 6)), 24) == Layout((2, 4), (1, 6)).complement(24)
    with pytest.raises(TypeError, match="keyword"):
        f(L, profile=(1, 1))
    with pytest.raises(cl.LayoutError, match="coalesce takes 1 to 2 argument"):
        f()
    with pytest.raises(OverflowError, match="argument 2 of complement"):
        cl.complement(L, 2**64)


def test_results_convert_to_python_values():
    assert cl.size(Layout((2, 3))) == 6
    assert cl.size((2, (3, 4))) == 24
    assert cl.shape(Layout((2, 3))) == (2, 3)
    assert cl.idx2crd(5, (2, 3)) == (1, 2)
    assert cl.crd2idx((1, 2), (2, 3)) == 5
    assert cl.shape_div((3, 4), 6) == (1, 2)
    assert cl.congruent((1, 2), (3, 4)) is True
    assert cl.compatible(4, (2, 3)) is False
    layout, offset = cl.slice_and_offset((None, 2), Layout((4, 3), (3, 1)))
    assert (str(layout), offset) == ("(4):(3)", 2)


def test_str_arguments_keep_static_tags():
    r = cl.composition("(_10,_2):(_16,_4)", "(_5,_4):(_1,_5)")
    assert str(r) == "(_5,(_2,_2)):(_16,(_80,_4))"


def test_tilers_as_tuples_of_layouts_and_ints():
    D = Layout.parse("(9,(4,8)):(59,(13,1))")
    a = cl.logical_divide(D, (Layout(3, 3), Layout((2, 4), (1, 8))))
    b = cl.logical_divide(D, "<3:3,(2,4):(1,8)>")
    assert a == b
    assert cl.zipped_divide(Layout((8, 6)), (4, 3)) == Layout((8, 6)).zipped_divide((4, 3))


def test_swizzles_composed_layouts_and_tv_layouts():
    sw = cl.make_swizzle(7, 56)
    assert isinstance(sw, cl.Swizzle)
    assert (sw.yyy_msk, sw.zzz_msk) == (7, 56)
    assert all(sw(x) == x ^ ((x & 7) << 3) for x in range(256))
    c = cl.make_composed_layout(cl.Swizzle(2, 0, 3), 0, Layout.parse("(_8,_8):(_8,_1)"))
    assert isinstance(c, cl.ComposedLayout)
    assert c(1, 5) == cl.Swizzle(2, 0, 3)(13)
    tv = cl.make_layout_tv(Layout((4, 2)), Layout((2, 2)))
    assert isinstance(tv, cl.TvLayout)
    assert tv.threads() == 8 and tv.values() == 4


def test_values_without_a_class_pass_through():
    t = cl.make_identity_tensor((8, 6))
    assert isinstance(t, cl.Value)
    assert "ArithTuple" in str(t)
    part = cl.local_partition(t, Layout.parse("(_2,_3):(_1,_2)"), 4)
    assert str(part) == "ArithTuple(0,2) o (4,2):(_2@0,_3@1)"


def test_morphisms():
    m = Layout((4, 5), (1, 64)).to_morphism()
    assert str(m) == "(4,5) -> (4,16,5) over (1,3)"
    assert m.to_layout() == Layout((4, 5), (1, 64))
    assert cl.is_tractable(Layout((4, 5), (1, 64))) is True
    assert "<svg" in m.to_svg()


def test_explain():
    text = cl.explain("logical_divide(16:1,4:2)")
    assert text.splitlines()[0] == "logical_divide(16:1,4:2)"
    assert text.splitlines()[-1] == "= (4,(2,2)):(2,(1,8))"


@pytest.mark.parametrize("bad", ["(4,2", "4:(1,2)", "Sw<1,2>"])
def test_bad_text_raises_layout_error(bad):
    with pytest.raises(cl.LayoutError):
        cl.composition(bad, Layout(2))


def test_explain_steps_are_data():
    expr = "logical_divide((4,2,3):(2,1,8), 4:2)"
    steps = cl.explain_steps(expr)
    lines = cl.explain(expr).splitlines()[1:-1]
    # the same steps as the text, indented by depth
    assert [" " * (2 * (s["depth"] + 1)) + s["text"] for s in steps] == lines
    divided = [s for s in steps if s["kind"] == "divided"]
    assert divided[0]["fields"] == {
        "layout": "(4,2,3):(2,1,8)",
        "tiler": "4:2",
        "result": "((2,2),(2,3)):((4,1),(2,8))",
    }
    assert steps[0]["kind"] == "divide_complement" and steps[1]["depth"] == 1
    record = json.loads(cl.explain_json("complement((2,2):(2,3), 8)"))
    assert record["result"] is None and record["error"].startswith("complement")
    with pytest.raises(cl.LayoutError):
        cl.explain_steps("nonsense(")


def test_atoms_and_tiled_mmas_are_values_passed_back():
    mma = cl.make_tiled_mma("SM80_16x8x16_F32F16F16F32_TN", "(_2,_2,_1)")
    assert isinstance(mma, cl.Value)
    assert str(mma) == "TiledMMA<SM80_16x8x16_F32F16F16F32_TN,(_2,_2,_1):(_1,_2,_0),(_,_,_)>"
    c = cl.get_layoutC_TV(mma)
    assert isinstance(c, Layout)
    assert str(c) == "((_4,_8,_2,_2),((_2,_2),(_1,_1))):((_64,_1,_16,_256),((_32,_8),(_0,_0)))"
    assert cl.tile_size(mma) == (32, 16, 16)
    copy = cl.make_tiled_copy_A("Copy_Atom<SM75_U32x4_LDSM_N,half_t>", mma)
    assert str(copy).startswith("TiledCopy<Copy_Atom<SM75_U32x4_LDSM_N,half_t>,")
    part = cl.partition_S(copy, "(_64,_32):(_32,_1)", 37)
    assert isinstance(part, cl.Tensor) and part.data is None
    assert (str(part.layout), part.offset) == ("((_8,_1),_2,_2):((_1,_0),_1024,_16)", 672)
    ids = cl.partition_C(mma, cl.make_identity_tensor((64, 64)), 77)
    assert str(ids).startswith("ArithTuple(")
    # the printed literal reads back too
    assert str(cl.get_layoutC_TV(str(mma))) == str(c)
    with pytest.raises(cl.LayoutError, match="needs the element type"):
        cl.make_tiled_copy_A("SM75_U32x4_LDSM_N", mma)


def test_eval_is_cute_eval():
    assert cl.eval("size((4,8):(1,4))") == 32
    assert str(cl.eval("composition((6,2):(8,2), (4,3):(3,1))")) == "((2,2),3):((24,2),8)"
    assert cl.eval("shape((_4,(2,3)):(_1,(4,8)))") == (4, (2, 3))
    assert cl.eval("slice_and_offset((_,1), (4,8):(1,4))") == cl.Tensor(None, "(4):(1)", 4)
    assert isinstance(cl.eval("make_identity_tensor((4,2))"), cl.Value)
    # the C++ spellings cute eval reads
    assert str(cl.eval("make_layout(make_shape(Int<4>{}, 8))")) == "(_4,8):(_1,_4)"


@pytest.mark.parametrize("expr", ["", "composition((4,2):(1,4)", "size(", "nosuchop(4)", "4:0:1",
                                  "(2,2):(1,2) o", "ceil_div(4, 0)", "\x00", "((((((((((((((((((((("])
def test_eval_errors_are_layout_errors(expr):
    with pytest.raises(cl.LayoutError):
        cl.eval(expr)


def test_version_is_the_packages():
    import importlib.metadata
    assert cl.__version__ == importlib.metadata.version("cute-layout")
    assert cl.__version__.count(".") == 2


def test_tensor_results_are_tensors_over_positions():
    """A tensor result (`L+o`) is a Tensor without an array, whose elements are their positions,
    and it is the method's result on a tensor over `arange`: the module function and the method
    partition alike."""
    import numpy as np
    thr = Layout.parse("(_2,_3):(_1,_2)")
    whole = cl.make_tensor(0, Layout.parse("(_8,_6):(_1,_8)"))
    assert isinstance(whole, cl.Tensor) and whole.data is None
    part = cl.local_partition(whole, thr, 4)
    assert isinstance(part, cl.Tensor) and part.data is None
    over_array = cl.Tensor(np.arange(48), "(_8,_6):(_1,_8)").local_partition(thr, 4)
    assert str(part.layout) == str(over_array.layout) and part.offset == over_array.offset
    assert part.values().tolist() == over_array.values().tolist()
    assert part[1, 1] == over_array[1, 1] == part.offset + part.layout(1, 1)
    assert repr(part).endswith("over positions>")
    # passed back, with its offset
    again = cl.local_partition(part, Layout.parse("(_2,_1):(_1,_0)"), 1)
    assert again.offset == over_array.local_partition(Layout.parse("(_2,_1):(_1,_0)"), 1).offset
    assert again.offset == part.offset + part.layout(1, 0)
    with pytest.raises(TypeError, match="over positions"):
        part[0, 0] = 1
    with pytest.raises(TypeError, match="method"):
        cl.local_partition(cl.Tensor(np.arange(48), "(_8,_6):(_1,_8)"), thr, 4)


def test_slice_and_offset_stays_a_pair():
    layout, offset = cl.slice_and_offset((None, 2), Layout((4, 3), (3, 1)))
    assert (str(layout), offset) == ("(4):(3)", 2)
