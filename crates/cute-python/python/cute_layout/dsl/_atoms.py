"""MMA and copy atoms, tiled MMAs and tiled copies of ``cute_layout.dsl``, as far as the library
has them: the DSL's operations (``cute.nvgpu.warp.MmaF16BF16Op``, ``cute.nvgpu.CopyUniversalOp``,
``cute.nvgpu.warp.LdMatrix8x8x16bOp``) name the C++ atoms the library knows
(``SM80_16x8x16_F32F16F16F32_TN``, ``Copy_Atom<UniversalCopy<uint128_t>,half_t>``), and the
layouts of the atoms and their tilings are the library's. Printed as the DSL prints them.
"""

import types as _types

from . import _values, cutlass

# Each element type: its name in MMA atoms' C++ names, its C++ type, and its name as the DSL
# prints a copy atom's value type (MLIR's: signless integers, so Int8 and Uint8 are both i8).
_NAMES = {
    cutlass.Float16: ("F16", "half_t", "f16"),
    cutlass.BFloat16: ("BF16", "bfloat16_t", "bf16"),
    cutlass.Float32: ("F32", "float", "f32"),
    cutlass.TFloat32: ("TF32", "tfloat32_t", "tf32"),
    cutlass.Float64: ("F64", "double", "f64"),
    cutlass.Int8: ("S8", "int8_t", "i8"),
    cutlass.Uint8: ("U8", "uint8_t", "i8"),
    cutlass.Int16: ("S16", "int16_t", "i16"),
    cutlass.Int32: ("S32", "int32_t", "i32"),
    cutlass.Uint32: ("U32", "uint32_t", "i32"),
}


def _evaluate(expr, name):
    from . import _eval_expr

    return _eval_expr(expr, name)


def _arg(x):
    from . import _arg as arg

    return arg(x)


class MmaF16BF16Op:
    """``cute.nvgpu.warp.MmaF16BF16Op(ab_dtype, acc_dtype, shape_mnk)``: SM80's warp-level
    F16/BF16 MMA (``SM80_16x8x8`` and ``SM80_16x8x16``)."""

    def __init__(self, ab_dtype, acc_dtype, shape_mnk):
        if ab_dtype not in (cutlass.Float16, cutlass.BFloat16):
            raise ValueError(f"MmaF16BF16Op: ab_dtype must be Float16 or BFloat16, got {cutlass._shown(ab_dtype)}")
        if acc_dtype not in (cutlass.Float16, cutlass.Float32) or (
                ab_dtype is cutlass.BFloat16 and acc_dtype is not cutlass.Float32):
            raise ValueError(f"MmaF16BF16Op: acc_dtype {cutlass._shown(acc_dtype)} is not "
                             f"supported with ab_dtype {ab_dtype}")
        if tuple(shape_mnk) not in ((16, 8, 8), (16, 8, 16)):
            raise ValueError(f"MmaF16BF16Op: shape_mnk must be (16, 8, 8) or (16, 8, 16), "
                             f"got {cutlass._shown(shape_mnk)}")
        self.ab_dtype, self.acc_dtype, self.shape_mnk = ab_dtype, acc_dtype, tuple(shape_mnk)

    def cpp_name(self):
        m, n, k = self.shape_mnk
        ab, acc = _NAMES[self.ab_dtype][0], _NAMES[self.acc_dtype][0]
        return f"SM80_{m}x{n}x{k}_{acc}{ab}{ab}{acc}_TN"

    def __str__(self):
        return ("warp-level F16/BF16 MMA Operation\n"
                f"  A/B data type         = {self.ab_dtype}\n"
                f"  Accumulator data type = {self.acc_dtype}\n"
                f"  Instruction shape MNK = {self.shape_mnk}")

    __repr__ = __str__


class CopyUniversalOp:
    """``cute.nvgpu.CopyUniversalOp()``: the universal copy (``UniversalCopy<uintN_t>``)."""

    def cpp_name(self, bits):
        return f"UniversalCopy<uint{bits}_t>"

    def __str__(self):
        return "universal Copy Operation"

    __repr__ = __str__


class LdMatrix8x8x16bOp:
    """``cute.nvgpu.warp.LdMatrix8x8x16bOp(transpose, num_matrices)``: ``ldmatrix``
    (``SM75_U32xN_LDSM_N``, ``SM75_U16x2N_LDSM_T``)."""

    def __init__(self, transpose=False, num_matrices=1):
        if num_matrices not in (1, 2, 4):
            raise ValueError(f"LdMatrix8x8x16bOp: num_matrices must be 1, 2 or 4, got {cutlass._shown(num_matrices)}")
        self.transpose, self.num_matrices = transpose, num_matrices

    def cpp_name(self, bits):
        n = self.num_matrices
        return f"SM75_U16x{2 * n}_LDSM_T" if self.transpose else f"SM75_U32x{n}_LDSM_N"

    def __str__(self):
        return (f"LdMatrix8x8x16b Copy Operation\n  number of matrices = {self.num_matrices}"
                + ("\n  transposed" if self.transpose else ""))

    __repr__ = __str__


class _Atomish:
    """A value of the library that is an atom or a tiling of atoms, kept as its CuTe text."""

    def __init__(self, text):
        self._text = text

    @property
    def cute(self):
        return self._text

    def _layout(self, expr, name):
        return _evaluate(expr, name)

    def _repr_svg_(self):
        from .. import _native

        try:
            return _native.svg(self._text)
        except Exception:  # no picture: the text shows
            return None

    def __str__(self):
        """The DSL's summary of the atom or tiling (its subclasses'); the library's C++ text,
        ``Copy_Atom<SM75_U32x4_LDSM_N,half_t>``, is ``.cute``."""
        return "\n".join(self._lines(0))

    def __repr__(self):
        return str(self)


class MmaAtom(_Atomish):
    """An MMA atom (``cute.make_mma_atom(op)``)."""

    def __init__(self, op):
        super().__init__(op.cpp_name())
        self.op = op

    @property
    def shape_mnk(self):
        return tuple(self.op.shape_mnk)

    @property
    def thr_id(self):
        return _evaluate("make_layout(_32,_1)", "MmaAtom.thr_id")

    def _tv(self, operand):
        """The atom's own TV layout of an operand (``(thr, val) -> (m,k)``), the tiled MMA of one
        atom's with its rest modes (all of size 1) dropped."""
        tiled = f"get_layout{operand}_TV(make_tiled_mma({self._text}))"
        return _evaluate(f"make_layout(get({tiled},_0),get({tiled},_1,_0))",
                         f"MmaAtom.tv_layout_{operand}")

    @property
    def tv_layout_A(self):
        return self._tv("A")

    @property
    def tv_layout_B(self):
        return self._tv("B")

    @property
    def tv_layout_C(self):
        return self._tv("C")

    def _lines(self, pad):
        w = 13 + pad
        return ["MMA Atom",
                f"  {'ThrID:':<{w}}{self.thr_id}",
                f"  {'Shape MNK:':<{w}}({','.join(str(x) for x in self.shape_mnk)})",
                f"  {'TV Layout A:':<{w}}{self.tv_layout_A}",
                f"  {'TV Layout B:':<{w}}{self.tv_layout_B}",
                f"  {'TV Layout C:':<{w}}{self.tv_layout_C}"]

    @property
    def size(self):
        return 32


class TiledMma(_Atomish):
    """A tiled MMA (``cute.make_tiled_mma``)."""

    def __init__(self, atom, atom_layout_mnk, permutation_mnk):
        self.atom = atom
        self._atom_layout = atom_layout_mnk
        self._permutation = permutation_mnk
        super().__init__(f"make_tiled_mma({atom._text},{_arg(atom_layout_mnk)},"
                         f"{_arg(permutation_mnk)})")
        _evaluate(self._text, "make_tiled_mma")  # refused here, as the DSL refuses it

    @property
    def op(self):
        return self.atom.op

    @property
    def shape_mnk(self):
        return self.atom.shape_mnk

    @property
    def thr_id(self):
        return self.atom.thr_id

    @property
    def thr_layout_vmnk(self):
        # C++'s tiled_product(AtomThrID, AtomLayoutMNK)
        return _evaluate(f"tiled_product(_32:_1,{_arg(self._atom_layout)})",
                         "TiledMma.thr_layout_vmnk")

    @property
    def permutation_mnk(self):
        p = self._permutation
        return (None, None, None) if p is None else p

    @property
    def size(self):
        from . import size

        return size(self.thr_layout_vmnk)

    def get_tile_size(self, mode_idx):
        return _evaluate(f"get(tile_size({self._text}),_{mode_idx})", "TiledMma.get_tile_size")

    tv_layout_A = property(lambda self: self.atom.tv_layout_A)
    tv_layout_B = property(lambda self: self.atom.tv_layout_B)
    tv_layout_C = property(lambda self: self.atom.tv_layout_C)
    tv_layout_A_tiled = property(lambda self: _evaluate(f"get_layoutA_TV({self._text})",
                                                        "TiledMma.tv_layout_A_tiled"))
    tv_layout_B_tiled = property(lambda self: _evaluate(f"get_layoutB_TV({self._text})",
                                                        "TiledMma.tv_layout_B_tiled"))
    tv_layout_C_tiled = property(lambda self: _evaluate(f"get_layoutC_TV({self._text})",
                                                        "TiledMma.tv_layout_C_tiled"))

    def __str__(self):
        from . import pretty_str

        return "\n".join(["Tiled MMA",
                          f"  Thr Layout VMNK: {self.thr_layout_vmnk}",
                          f"  Permutation MNK: {pretty_str(self.permutation_mnk)}",
                          *self.atom._lines(4)])


class CopyAtom(_Atomish):
    """A copy atom (``cute.make_copy_atom(op, copy_internal_type, num_bits_per_copy=...)``)."""

    def __init__(self, op, copy_internal_type, num_bits_per_copy):
        self.op, self.value_type = op, copy_internal_type
        if copy_internal_type not in _NAMES:
            raise ValueError(f"make_copy_atom: no element type {cutlass._shown(copy_internal_type)} here")
        self._bits = num_bits_per_copy
        super().__init__(f"Copy_Atom<{op.cpp_name(num_bits_per_copy)},"
                         f"{_NAMES[copy_internal_type][1]}>")
        self._layouts = _copy_atom_layouts(self._text)

    @property
    def thr_id(self):
        """The atom's threads (C++'s ``ThrID``): ``1:0`` for one thread, ``32:1`` for a warp."""
        return _values.Layout("Layout", self._layouts[0])

    @property
    def layout_src_tv(self):
        """``(thr, val) -> index`` of the source, in values of the atom's type (C++'s
        ``ValLayoutSrc``)."""
        return _values.Layout("Layout", self._layouts[1])

    @property
    def layout_dst_tv(self):
        """``(thr, val) -> index`` of the destination (C++'s ``ValLayoutDst``)."""
        return _values.Layout("Layout", self._layouts[2])

    def _lines(self, pad):
        """The DSL's summary: ``Copy Atom`` and its layouts, the values aligned ``pad`` columns
        further inside a tiled copy's."""
        w = 15 + pad
        return ["Copy Atom",
                f"  {'ThrID:':<{w}}{self.thr_id}",
                f"  {'TV Layout Src:':<{w}}{self._printed(self.layout_src_tv)}",
                f"  {'TV Layout Dst:':<{w}}{self._printed(self.layout_dst_tv)}",
                f"  {'Value type:':<{w}}{_NAMES[self.value_type][2]}"]

    def _printed(self, layout):
        """A layout of the atom as the DSL prints it: the universal copy's (``(1,N):(0,1)``,
        one thread's ``N`` values) is the DSL's compact ``(1,N)``, whose modes of extent 1 have
        stride 0 (``(1,1):(0,0)`` for C++'s ``(_1,_1):(_0,_1)``: the same offsets)."""
        return _unit_strides_zero(layout) if isinstance(self.op, CopyUniversalOp) else layout


def _copy_atom_layouts(text):
    from .. import _native
    from . import DSLRuntimeError

    try:
        return _native.copy_atom_layouts(text)
    except Exception as e:  # the library refuses the atom (e.g. a recast that does not divide)
        raise DSLRuntimeError(f"cute.make_copy_atom: the CuTe DSL refuses this atom: {e}") from None


def _unit_strides_zero(layout):
    """``layout`` with the stride of every mode of extent 1 made 0 (the same function)."""
    from . import make_layout

    def zero_unit(shape, stride):
        if isinstance(shape, tuple):
            return tuple(zero_unit(s, d) for s, d in zip(shape, stride))
        return 0 if isinstance(shape, int) and shape == 1 else stride

    shape = layout.shape
    return make_layout(shape, stride=zero_unit(shape, layout.stride))


class TiledCopy(_Atomish):
    """A tiled copy (``cute.make_tiled_copy_tv``, ``cute.make_tiled_copy_A``, ...)."""

    def __init__(self, atom, expr):
        self.atom = atom
        super().__init__(expr)
        self._value = _evaluate(expr, "make_tiled_copy")

    @property
    def layout_src_tv_tiled(self):
        return _evaluate(f"get_layoutS_TV({self._text})", "TiledCopy.layout_src_tv_tiled")

    @property
    def layout_dst_tv_tiled(self):
        return _evaluate(f"get_layoutD_TV({self._text})", "TiledCopy.layout_dst_tv_tiled")

    @property
    def value_type(self):
        return self.atom.value_type

    def _parts(self):
        """``(atom, TiledLayout_TV, Tiler_MN)`` of the library's ``TiledCopy<...>`` text."""
        from ._values import _split_top

        return _split_top(self._value.cute[len("TiledCopy<"):-1])

    @property
    def layout_tv_tiled(self):
        """``(thr, val) -> index`` into the tile (C++'s TiledLayout_TV)."""
        return _evaluate(self._parts()[1], "TiledCopy.layout_tv_tiled")

    @property
    def tiler_mn(self):
        """The tile, a tuple of layouts (``(32:1, 32:1)``)."""
        from . import make_layout

        tiler = _evaluate(self._parts()[2], "TiledCopy.tiler_mn")
        return tuple(make_layout(t) if not hasattr(t, "cute") else t for t in tiler)

    @property
    def size(self):
        from . import size

        return size(self.layout_tv_tiled, mode=[0])

    def _lines(self, pad):
        """The DSL's summary: the tile, the tiled TV layout and the atom's summary."""
        from . import pretty_str

        w = 17 + pad
        return ["Tiled Copy",
                f"  {'Tiler MN:':<{w}}{pretty_str(self.tiler_mn)}",
                f"  {'TV Layout tiled:':<{w}}{self.layout_tv_tiled}",
                *self.atom._lines(2 + pad)]


def make_mma_atom(op):
    """``cute.make_mma_atom(op)``: the MMA atom of an MMA operation."""
    if not isinstance(op, MmaF16BF16Op):
        raise NotImplementedError(f"cute.make_mma_atom of {type(op).__name__}: the MMA "
                                  "operations here are cute.nvgpu.warp.MmaF16BF16Op")
    return MmaAtom(op)


def make_tiled_mma(op_or_atom, atom_layout_mnk=(1, 1, 1), permutation_mnk=None):
    """``cute.make_tiled_mma``: an MMA atom repeated over ``atom_layout_mnk`` (a layout or a
    shape), its modes permuted by ``permutation_mnk``."""
    atom = op_or_atom if isinstance(op_or_atom, MmaAtom) else make_mma_atom(op_or_atom)
    if isinstance(atom_layout_mnk, tuple):
        from . import make_layout

        atom_layout_mnk = make_layout(atom_layout_mnk)
    return TiledMma(atom, atom_layout_mnk, permutation_mnk)


def make_copy_atom(op, copy_internal_type, *, num_bits_per_copy=None, **kwargs):
    """``cute.make_copy_atom(op, copy_internal_type, num_bits_per_copy=...)``."""
    if not isinstance(op, (CopyUniversalOp, LdMatrix8x8x16bOp)):
        raise NotImplementedError(f"cute.make_copy_atom of {type(op).__name__}: the copy "
                                  "operations here are CopyUniversalOp and LdMatrix8x8x16bOp")
    bits = num_bits_per_copy or copy_internal_type.width
    return CopyAtom(op, copy_internal_type, bits)


def _expect(x, cls, what, name):
    if not isinstance(x, cls):
        raise TypeError(f"cute.{name}: expected {what}, got {type(x).__name__}")


def make_tiled_copy_tv(atom, thr_layout, val_layout):
    """``cute.make_tiled_copy_tv(atom, thr_layout, val_layout)``: ``thr_layout`` threads each
    moving ``val_layout`` values."""
    _expect(atom, CopyAtom, "a copy atom (cute.make_copy_atom)", "make_tiled_copy_tv")
    return TiledCopy(atom, f"make_tiled_copy({atom._text},{_arg(thr_layout)},{_arg(val_layout)})")


def _tiled_copy_mma(operand):
    def make(atom, tiled_mma):
        _expect(atom, CopyAtom, "a copy atom (cute.make_copy_atom)", f"make_tiled_copy_{operand}")
        _expect(tiled_mma, TiledMma, "a tiled MMA (cute.make_tiled_mma)",
                f"make_tiled_copy_{operand}")
        return TiledCopy(atom, f"make_tiled_copy_{operand}({atom._text},{tiled_mma._text})")

    make.__name__ = f"make_tiled_copy_{operand}"
    make.__doc__ = (f"``cute.make_tiled_copy_{operand}(atom, tiled_mma)``: the tiled copy of the "
                    f"{operand} tile of a tiled MMA.")
    return make


make_tiled_copy_A = _tiled_copy_mma("A")
make_tiled_copy_B = _tiled_copy_mma("B")
make_tiled_copy_C = _tiled_copy_mma("C")

warp = _types.SimpleNamespace(MmaF16BF16Op=MmaF16BF16Op, LdMatrix8x8x16bOp=LdMatrix8x8x16bOp)
nvgpu = _types.SimpleNamespace(warp=warp, CopyUniversalOp=CopyUniversalOp)
