"""What ``cute_layout.dsl`` prints of copy atoms, tiled copies and dynamic integers with a known
divisor. Each expected text is what nvidia-cutlass-dsl 4.8.1 printed for the same body traced
under ``@cute.jit`` on the CPU (bench/dsl/eager_check.py's COPY_PRINTS and DIVISIBILITY compare
them all, and more, with the DSL itself); the ones here keep the formats checked without it.
"""

import math

from hypothesis import given, settings
from hypothesis import strategies as st

from cute_layout import dsl as cute
from cute_layout.dsl import cutlass

F16 = cutlass.Float16


def test_copy_atoms_print_the_dsl_summary():
    ca = cute.make_copy_atom(cute.nvgpu.CopyUniversalOp(), F16, num_bits_per_copy=128)
    assert str(ca) == ("Copy Atom\n"
                       "  ThrID:         1:0\n"
                       "  TV Layout Src: (1,8):(0,1)\n"
                       "  TV Layout Dst: (1,8):(0,1)\n"
                       "  Value type:    f16")
    # one value of the universal copy: the DSL's compact (1,1), strides 0
    assert "TV Layout Src: (1,1):(0,0)" in str(cute.make_copy_atom(cute.nvgpu.CopyUniversalOp(),
                                                                   cutlass.Float32))
    # MLIR's signless integers
    assert str(cute.make_copy_atom(cute.nvgpu.CopyUniversalOp(), cutlass.Uint8)).endswith("i8")
    ldsm_t = cute.make_copy_atom(cute.nvgpu.warp.LdMatrix8x8x16bOp(True, 2), F16)
    assert str(ldsm_t) == ("Copy Atom\n"
                           "  ThrID:         32:1\n"
                           "  TV Layout Src: ((16,2),8):((8,0),1)\n"
                           "  TV Layout Dst: ((4,8),(1,2,2)):((16,1),(1,8,64))\n"
                           "  Value type:    f16")
    assert ldsm_t.cute == "Copy_Atom<SM75_U16x4_LDSM_T,half_t>"


def test_copy_operations_print_as_the_dsl():
    assert str(cute.nvgpu.CopyUniversalOp()) == "universal Copy Operation"
    assert str(cute.nvgpu.warp.LdMatrix8x8x16bOp(False, 4)) == (
        "LdMatrix8x8x16b Copy Operation\n  number of matrices = 4")
    assert str(cute.nvgpu.warp.LdMatrix8x8x16bOp(True, 1)) == (
        "LdMatrix8x8x16b Copy Operation\n  number of matrices = 1\n  transposed")


def test_tiled_copies_print_the_dsl_summary():
    ca = cute.make_copy_atom(cute.nvgpu.CopyUniversalOp(), F16, num_bits_per_copy=128)
    tc = cute.make_tiled_copy_tv(ca, cute.make_layout((32, 4), stride=(4, 1)), cute.make_layout((1, 8)))
    assert str(tc) == ("Tiled Copy\n"
                       "  Tiler MN:        (32:1,32:1)\n"
                       "  TV Layout tiled: ((4,32),8):((256,1),32)\n"
                       "Copy Atom\n"
                       "  ThrID:           1:0\n"
                       "  TV Layout Src:   (1,8):(0,1)\n"
                       "  TV Layout Dst:   (1,8):(0,1)\n"
                       "  Value type:      f16")
    op = cute.nvgpu.warp.MmaF16BF16Op(F16, cutlass.Float32, (16, 8, 16))
    tm = cute.make_tiled_mma(op, (2, 2, 1))
    tca = cute.make_tiled_copy_A(cute.make_copy_atom(cute.nvgpu.warp.LdMatrix8x8x16bOp(False, 4), F16), tm)
    assert str(tca).splitlines()[:3] == [
        "Tiled Copy",
        "  Tiler MN:        (32:1,16:1)",
        "  TV Layout tiled: ((4,8,2,2),((2,2,2),(1,1))):((64,1,16,0),((32,8,256),(0,0)))"]


def test_divisibility_prints_and_passes_through_arithmetic():
    a = cute.assume(cutlass.Int32(64), divby=8)
    printed = [str(x) for x in (a, a * 4, a + 4, a + a, a * a, 4 * a, a // 2, a - 8, a // 3,
                                a % 4, a % 16, a * 0, -a, a * (-4))]
    assert printed == ["?{div=8}", "?{div=32}", "?{div=4}", "?{div=8}", "?{div=64}",
                       "?{div=32}", "?{div=4}", "?{div=8}", "?", "?{div=0}", "?{div=8}",
                       "?{div=0}", "?", "?{div=32}"]
    c = cute.assume(cutlass.Int32(12), divby=6)
    assert [str(x) for x in (a + c, a * c, c // 4, c // 2, a // c)] == [
        "?{div=2}", "?{div=48}", "?", "?{div=3}", "?"]
    assert repr(a) == "Int32(?)" and cute.pretty_str((a, 4)) == "(?{div=8},4)"
    assert cute.get_divisibility(a) == 8 and cute.get_divisibility(6) == 6
    # an argument of unknown divisibility passes none on; a constant counts with its value
    n = cutlass._runtime(cutlass.Int32(8))
    assert str(n * 4) == "?" and str(a * n) == "?{div=8}"
    assert str(cutlass.Int32(8) * a) == "?{div=64}"
    # another width drops the divisibility
    assert str(a * cutlass.Int64(3)) == "?"
    b = cute.assume(cutlass.Int64(64), divby=16)
    assert str(b) == "?{i64 div=16}"
    assert str(cute.make_layout((b, 2))) == "(?{i64 div=16},2):(1,?{i64 div=16})"


def test_divisibility_of_layouts():
    a = cute.assume(cutlass.Int32(64), divby=8)
    assert str(cute.make_layout((a, 4))) == "(?{div=8},4):(1,?{div=8})"
    assert str(cute.make_layout((a, (2, a), 3))) == (
        "(?{div=8},(2,?{div=8}),3):(1,(?{div=8},?{div=16}),?{div=128})")
    assert str(cute.make_layout((8, cutlass.Int32(4), 8))) == "(8,?,8):(1,8,?{div=8})"
    L = cute.make_layout((a, 4), stride=(4, a))
    assert str(cute.size(L)) == "?{div=32}" and str(cute.get(L, mode=[0])) == "?{div=8}:4"
    assert str(cute.select(L, mode=[1, 0])) == "(4,?{div=8}):(?{div=8},4)"
    assert cute.pretty_str(cute.make_layout((a, 4)).stride) == "(1,?{div=8})"
    assert str(cute.size(cute.make_layout((a, cute.assume(cutlass.Int32(12), divby=6))))) == "?{div=48}"
    # the functions that do not carry it print ? (always true), as the check classes them
    assert str(cute.cosize(L)) == "?"


def test_assume_refuses_what_the_value_breaks():
    import pytest

    with pytest.raises(ValueError, match="divisible by 16"):
        cute.assume(cutlass.Int32(8), divby=16)
    with pytest.raises(ValueError, match="power of two"):
        cute.assume(cutlass.Int32(12), pow2=True)
    with pytest.raises(ValueError, match="positive integer"):
        cute.assume(cutlass.Int32(8), divby=0)
    assert cute.assume(24, divby=8) == 24 and cute.assume(cutlass.Int32(5)).value == 5
    assert str(cute.assume(cutlass.Int32(16), pow2=True)) == "?"


@settings(max_examples=150, deadline=None)
@given(divs=st.lists(st.sampled_from([1, 2, 3, 4, 8]), min_size=1, max_size=3),
       ks=st.lists(st.integers(2, 9), min_size=3, max_size=3),
       statics=st.lists(st.integers(1, 6), min_size=3, max_size=3))
def test_sizes_are_multiples_of_the_products(divs, ks, statics):
    """The divisor of a size is the product of the extents' divisors and static extents (the
    DSL's rule), and it divides the size; each divisor a layout prints divides its value. (An
    extent of value 1, which the library treats as a static 1 is treated, makes the layout's
    structure differ from the divisors' evaluation: it prints ``?``, always true.)"""
    from cute_layout.dsl import _values

    shape = []
    for d, k, s in zip(divs, ks, statics):
        shape += [cute.assume(cutlass.Int32(d * k), divby=d), s]
    L = cute.make_layout(tuple(shape))
    size = cute.size(L)
    expected = math.prod(x._div if isinstance(x, cutlass.Integer) else x for x in shape)
    assert size._div == expected and size.value % expected == 0
    assert len(L._divs) == len(_values._dynamic_tokens(L.cute))
    for v, (d, _) in zip(_values._dynamic_tokens(L.cute), L._divs):
        assert v % d == 0
