"""cute_layout.dsl, the CuTe DSL's layout API run eagerly: its conventions (plain ints static,
cutlass.Int32 dynamic, None as _), the DSL's argument orders, what it prints, and the algebra's
definitions, checked against the cute_layout module and by Hypothesis over random layouts.
(The DSL itself is the oracle of bench/dsl/eager_check.py; these tests need no DSL.)"""

import contextlib
import io
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import cute_layout
from cute_layout import dsl as cute
from cute_layout.dsl import cutlass

# --- random layouts -----------------------------------------------------------------------

extents = st.integers(1, 6)
strides = st.integers(0, 12)


@st.composite
def flat_layouts(draw, dynamic=False):
    """A layout of rank 1 to 3 as (shape, stride) of Python ints, some made cutlass.Int32."""
    r = draw(st.integers(1, 3))
    shape = tuple(draw(extents) for _ in range(r))
    stride = tuple(draw(strides) for _ in range(r))
    if dynamic:
        mark = draw(st.lists(st.booleans(), min_size=2 * r, max_size=2 * r))
        shape = tuple(cutlass.Int32(s) if m else s for s, m in zip(shape, mark))
        stride = tuple(cutlass.Int32(d) if m else d for d, m in zip(stride, mark[r:]))
    return shape, stride


def value(x):
    return x.value if isinstance(x, cutlass.Integer) else x


def offset(shape, stride, coord):
    return sum(value(c) * value(d) for c, d in zip(coord, stride))


def coords(shape):
    """Every natural coordinate of a flat shape, column-major (index order)."""
    n = 1
    for s in shape:
        n *= value(s)
    for i in range(n):
        c, rest = [], i
        for s in shape:
            c.append(rest % value(s))
            rest //= value(s)
        yield tuple(c)


# --- conventions --------------------------------------------------------------------------


def test_plain_ints_are_static_and_int32_dynamic():
    L = cute.make_layout((4, 8), stride=(1, 4))
    assert L.cute == "(_4,_8):(_1,_4)"
    assert str(L) == "(4,8):(1,4)"
    D = cute.make_layout((cutlass.Int32(4), 8), stride=(1, cutlass.Int32(4)))
    assert D.cute == "(4,_8):(_1,4)"
    assert str(D) == repr(D) == "(?,8):(1,?)"
    assert cute.size(L) == 32 and type(cute.size(L)) is int
    assert isinstance(cute.size(D), cutlass.Int32) and cute.size(D).value == 32
    # a multiple of the static 8, as the DSL prints it (bench/dsl/eager_check.py's DIVISIBILITY)
    assert str(cute.size(D)) == "?{div=8}" and repr(cute.size(D)) == "Int32(?)"
    assert cute.is_static(L) and not cute.is_static(D)


def test_none_is_the_wildcard_and_tuples_print_as_python():
    L = cute.make_layout((4, 8), stride=(1, 4))
    assert str(cute.slice_(L, (None, 1))) == "(4):(1)"
    assert cute.shape(L) == (4, 8)
    assert cute.pretty_str((1, (2, None))) == "(1,(2,_))"
    assert str(cute.shape(cute.make_layout((cutlass.Int32(3), 2)))) == "(Int32(?), 2)"


def test_printed_forms_of_the_other_values():
    sw = cute.make_swizzle(3, 4, 3)
    assert str(sw) == "S<3,4,3>"
    L = cute.make_layout((8, 8), stride=(8, 1))
    assert str(cute.make_composed_layout(sw, 0, L)) == "S<3,4,3> o 0 o (8,8):(8,1)"
    assert str(cute.make_identity_tensor((4, 8))) == "tensor<(0,0) o (4,8):(1@0,1@1)>"
    assert str(cute.make_identity_layout((4, 8))) == "(4,8):(1@0,1@1)"
    t = cute.make_tensor(cutlass.Int32(7), cute.make_layout((4, 2), stride=(2, 8)))
    assert str(t) == "tensor<? o (4,2):(2,8)>"
    assert str(cute.E(0)) == "1@0" and str(2 * cute.E(1)) == "2@1"
    B = cute.make_layout((2, 4), stride=(cute.E(1), 2 * cute.E(0)))
    assert str(B) == "(2,4):(1@1,2@0)"
    assert B.stride == (cute.E(1), 2 * cute.E(0))


def test_the_dsls_argument_orders_against_the_native_module():
    L = cute.make_layout((4, 8), stride=(1, 4))
    native = cute_layout.Layout.parse("(_4,_8):(_1,_4)")
    assert cute.dice(L, (1, None)).cute == str(cute_layout.dice((1, None), native))
    r = cute.recast_layout(16, 32, L)
    assert r.cute == str(cute_layout.recast_layout(native, "_32", "_16"))
    assert cute.crd2idx((1, 2), L) == L((1, 2)) == 9
    so = cute.slice_and_offset((None, 1), L)
    assert str(so) == "((4):(1), 4)"


def test_keywords_are_the_dsls():
    L = cute.make_layout((2, (1, 6)), stride=(1, (6, 2)))
    assert cute.coalesce(L, target_profile=(1, 1)).cute == str(
        cute_layout.coalesce(cute_layout.Layout.parse(L.cute), "(_1,_1)"))
    assert str(cute.coalesce(input=L)) == "12:1"
    assert str(cute.complement(input=cute.make_layout(4, stride=2), cotarget=16)) == "(2,2):(1,8)"
    assert cute.size(cute.make_layout((2, (3, 4))), mode=[1, 0]) == 3
    # order (2, 0, 1): mode 1 is the fastest (stride 1), then mode 2 (8), then mode 0 (8 * 2)
    assert str(cute.make_ordered_layout((4, 8, 2), order=(2, 0, 1))) == "(4,8,2):(16,1,8)"


# --- the algebra, by its definitions ------------------------------------------------------


@settings(max_examples=60, deadline=None)
@given(flat_layouts(dynamic=True))
def test_a_layout_is_its_function(layout):
    shape, stride = layout
    L = cute.make_layout(shape, stride=stride)
    assert str(L).count("?") == sum(isinstance(x, cutlass.Integer) for x in shape + stride)
    n = 1
    for s in shape:
        n *= value(s)
    assert value(cute.size(L)) == n
    for i, c in enumerate(coords(shape)):
        assert value(cute.crd2idx(c if len(c) > 1 else c[0], L)) == offset(shape, stride, c)
        assert value(cute.crd2idx(i, L)) == offset(shape, stride, c)


@settings(max_examples=60, deadline=None)
@given(flat_layouts())
def test_coalesce_and_filter_keep_the_function(layout):
    shape, stride = layout
    L = cute.make_layout(shape, stride=stride)
    C = cute.coalesce(L)
    n = cute.size(L)
    assert cute.size(C) == n
    assert [cute.crd2idx(i, C) for i in range(n)] == [cute.crd2idx(i, L) for i in range(n)]
    F = cute.filter(L)
    assert set(cute.crd2idx(i, F) for i in range(cute.size(F))) == set(
        cute.crd2idx(i, L) for i in range(n))


@settings(max_examples=60, deadline=None)
@given(flat_layouts(), flat_layouts())
def test_composition_is_function_composition(a, b):
    A = cute.make_layout(a[0], stride=a[1])
    B = cute.make_layout(b[0], stride=b[1])
    try:
        R = cute.composition(A, B)
    except cute.DSLRuntimeError as e:
        assert "cute.composition" in str(e)  # the DSL's meaning and the library's reason
        return
    assert cute.size(R) == cute.size(B)
    for i in range(cute.size(B)):
        j = cute.crd2idx(i, B)
        if j < cute.size(A):
            assert cute.crd2idx(i, R) == cute.crd2idx(j, A)


@settings(max_examples=60, deadline=None)
@given(flat_layouts(), st.integers(1, 4))
def test_complement_fills_the_codomain(a, k):
    A = cute.make_layout(a[0], stride=a[1])
    cotarget = cute.cosize(A) * k
    try:
        C = cute.complement(A, cotarget)
    except cute.DSLRuntimeError:
        return
    image = {cute.crd2idx(i, A) for i in range(cute.size(A))}
    rest = [cute.crd2idx(j, C) for j in range(cute.size(C))]
    assert len(set(rest)) == len(rest)
    both = {a + r for a in image for r in rest}
    assert len(both) == len(image) * len(rest)


@settings(max_examples=40, deadline=None)
@given(flat_layouts(), st.sampled_from([(2,), (2, 2), (4, 1)]))
def test_logical_divide_is_composition_with_the_tiler_and_its_complement(a, tile):
    A = cute.make_layout(a[0], stride=a[1])
    if cute.rank(A) < len(tile):
        return
    tiler = tile if cute.rank(A) == len(tile) else tile[0]
    try:
        D = cute.logical_divide(A, tiler)
    except cute.DSLRuntimeError:
        return
    native = cute_layout.logical_divide(cute_layout.Layout.parse(A.cute), tuple(f"_{t}" for t in tile)
                                        if isinstance(tiler, tuple) else f"_{tiler}")
    assert D.cute == str(native)


@settings(max_examples=40, deadline=None)
@given(flat_layouts(dynamic=True))
def test_every_result_keeps_static_and_dynamic_apart(layout):
    """A result printed by the DSL's rules has `?` exactly where its CuTe notation has a
    dynamic integer (`cute eval`'s text, static ones tagged `_`)."""
    L = cute.make_layout(*[layout[0]], stride=layout[1])
    for r in (L, cute.coalesce(L), cute.flatten(L), cute.filter_zeros(L)):
        dynamic = len(re.findall(r"(?<![_\d@])\d+", re.sub(r"@\d+", "", r.cute)))
        assert str(r).count("?") == dynamic


# --- TV layouts, tiles, atoms ---------------------------------------------------------------


def test_make_layout_tv_returns_the_dsls_pair():
    tiler, tv = cute.make_layout_tv(cute.make_layout((4, 8), stride=(8, 1)),
                                    cute.make_layout((2, 2), stride=(2, 1)))
    assert tiler == (8, 16)
    assert str(tv) == "((8,4),(2,2)):((16,2),(8,1))"


def test_local_tile_of_an_identity_tensor():
    t = cute.local_tile(cute.make_identity_tensor((8, 6)), (4, 3), (1, 1))
    assert str(t) == "tensor<(4,3) o (4,3):(1@0,1@1)>"
    assert t.shape == (4, 3)


def test_tiled_mma_prints_as_the_dsl():
    op = cute.nvgpu.warp.MmaF16BF16Op(cutlass.Float16, cutlass.Float32, (16, 8, 16))
    tm = cute.make_tiled_mma(cute.make_mma_atom(op), cute.make_layout((2, 2, 1)))
    text = str(tm)
    assert text.startswith("Tiled MMA\n  Thr Layout VMNK: (32,2,2,1):(1,32,64,0)\n")
    assert "TV Layout A:     ((4,8),(2,2,2)):((32,1),(16,8,128))" in text
    assert tm.size == 128
    assert tm._repr_svg_().startswith("<svg")


# --- printing, pictures, jit ----------------------------------------------------------------


def test_printf_prints_run_time_values():
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        cute.printf("L = {}, n = {}", cute.make_layout((cutlass.Int32(4), 8)), cutlass.Int32(5))
    assert out.getvalue() == "L = (4,8):(1,4), n = 5\n"


def test_print_latex_draws_every_cell():
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        cute.viz.print_latex(cute.make_layout((2, 3), stride=(3, 1)))
    text = out.getvalue()
    assert text.startswith("%% Layout: {} (2,3):(3,1)\n\\documentclass[convert]{standalone}\n")
    assert text.count("\\node[fill=") == 6
    assert "] at (1,2) {5};\n" in text
    assert text.endswith("\\end{tikzpicture}\n\\end{document}\n")
    parts = []
    cute.viz.print_latex(cute.make_layout((2, 2)), render_func=parts.append)
    assert len(parts) == 1 and parts[0].startswith("\\begin{tikzpicture}")


def test_print_latex_tv_labels_threads_and_values():
    tiler, tv = cute.make_layout_tv(cute.make_layout((2, 2), stride=(2, 1)), cute.make_layout((1, 2)))
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        cute.viz.print_latex_tv(tv, tiler)
    text = out.getvalue()
    assert text.count("\\shortstack{T") == cute.size(tv)
    assert "{rgb,255:red,175;green,175;blue,255}" in text


def test_every_value_has_a_picture():
    for v in (cute.make_layout((4, 8)), cute.make_identity_tensor((4, 4)),
              cute.make_composed_layout(cute.make_swizzle(1, 0, 1), 0, cute.make_layout((2, 2)))):
        assert v._repr_svg_().lstrip().startswith("<svg")


def test_a_jit_body_runs_unchanged():
    @cute.jit
    def body(n):
        L = cute.make_layout((n, 8), stride=(8, 1))
        print(L, cute.size(L))

    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        cute.compile(body, 4)
        body(cutlass.Int32(2))
    assert out.getvalue() == "(4,8):(8,1) 32\n(?,8):(8,1) ?{div=8}\n"  # 8 divides the size


# --- errors ---------------------------------------------------------------------------------


def test_a_refused_call_says_what_the_dsl_refuses_and_why():
    with pytest.raises(cute.DSLRuntimeError) as e:
        cute.complement(cute.make_layout((2, 2), stride=(2, 3)), 8)
    assert isinstance(e.value, cute_layout.LayoutError) and isinstance(e.value, ValueError)
    assert "cute.complement" in str(e.value) and "non-injective" in str(e.value)


def test_calls_outside_the_layout_part_are_not_implemented():
    for call in (lambda: cute.copy(None, None, None), lambda: cute.make_rmem_tensor((4,), None),
                 lambda: cute.kernel(lambda: None), lambda: cute.exp(1.0)):
        with pytest.raises(NotImplementedError, match="covers the layout part"):
            call()
    with pytest.raises(NotImplementedError):
        cute.make_tensor(object(), cute.make_layout(4))
    with pytest.raises(AttributeError):
        cute.no_such_function  # noqa: B018


def test_every_missing_name_has_a_reason():
    assert all(reason for reason in cute.MISSING.values())
    assert not [n for n in cute.MISSING if n in vars(cute) and not n.startswith("_")]


def test_the_modules_docstring_examples_run():
    import doctest

    import cute_layout.dsl.viz

    for module in (cute, cute_layout.dsl.viz):
        result = doctest.testmod(module, verbose=False)
        assert result.failed == 0
    assert doctest.testmod(cute).attempted >= 3


def _bench_check():
    """bench/dsl/check.py, whose map of CuTe notation to the DSL's print is checked against the
    DSL by bench/dsl/check.sh."""
    import importlib.util
    import pathlib

    path = pathlib.Path(__file__).resolve().parents[3] / "bench" / "dsl" / "check.py"
    spec = importlib.util.spec_from_file_location("dsl_check", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@settings(max_examples=80, deadline=None)
@given(flat_layouts(dynamic=True), st.integers(0, 3), st.integers(0, 4), st.integers(-4, 4))
def test_values_print_as_bench_dsl_check_maps_them(layout, b, m, s):
    """What this module prints is what bench/dsl/check.py's `expected` (checked against the DSL
    there) makes of the value's CuTe notation: layouts, composed layouts, tensors."""
    check = _bench_check()
    L = cute.make_layout(layout[0], stride=layout[1])
    values = [L, cute.make_tensor(cutlass.Int32(3), L), cute.make_identity_tensor(layout[0])]
    try:
        values.append(cute.make_composed_layout(cute.make_swizzle(b, m, s), 0, L))
    except cute.DSLRuntimeError:
        pass
    for v in values:
        assert check.dsl_printed(str(v)) == check.expected(v.cute), v.cute


def test_the_full_thread_tiled_mma_picture():
    """Every thread of a tiled MMA: C++'s print_latex of the TiledMMA (the library's), and its
    SVG in Jupyter."""
    op = cute.nvgpu.warp.MmaF16BF16Op(cutlass.Float16, cutlass.Float32, (16, 8, 8))
    tm = cute.make_tiled_mma(op, (2, 1, 1))
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        cute.viz.print_latex_tiled_mma(tm)
    text = out.getvalue()
    assert text == cute_layout.latex(tm.cute) + "\n"
    assert "tikzpicture" in text and "T63" in text  # 64 threads, each drawn
    assert "T64" not in text


def test_atoms_print():
    ca = cute.make_copy_atom(cute.nvgpu.warp.LdMatrix8x8x16bOp(False, 4), cutlass.Float16)
    assert ca.cute == "Copy_Atom<SM75_U32x4_LDSM_N,half_t>"
    assert str(ca) == repr(ca) and str(ca).startswith("Copy Atom\n  ThrID:         32:1\n")
    atom = cute.make_mma_atom(cute.nvgpu.warp.MmaF16BF16Op(cutlass.BFloat16, cutlass.Float32, (16, 8, 8)))
    assert atom.cute == "SM80_16x8x8_F32BF16BF16F32_TN"
    assert repr(atom).startswith("MMA Atom\n  ThrID:       32:1\n  Shape MNK:   (16,8,8)\n")
