"""Type stubs of cute_layout (written by crates/cute-python/scripts/gen_stubs.py)."""
from typing import Any, Iterator, Optional, Sequence, Tuple, Union

import numpy as np
import numpy.typing as npt

IntTuple = Union[int, Tuple["IntTuple", ...]]
Coord = Union[int, None, "Underscore", Tuple["Coord", ...]]
Tiler = Union["Layout", int, None, "Underscore", str, Tuple["Tiler", ...]]

class LayoutError(ValueError):
    """An operation of the layout algebra failed (the message names the condition)."""

class Underscore:
    """The slicing wildcard `_` (`None` means the same)."""

_: Underscore
__version__: str

class Layout:
    """A CuTe layout `Shape:Stride`."""
    def __init__(self, shape: Union[IntTuple, str], stride: Optional[IntTuple] = ...) -> None: ...
    @staticmethod
    def parse(text: str) -> Layout: ...
    def __call__(self, *coord: Coord) -> Any: ...
    @property
    def shape(self) -> IntTuple: ...
    @property
    def stride(self) -> IntTuple: ...
    @property
    def rank(self) -> int: ...
    @property
    def depth(self) -> int: ...
    def size(self) -> int: ...
    def cosize(self) -> int: ...
    def __len__(self) -> int: ...
    def __getitem__(self, i: Union[int, Tuple[int, ...]]) -> Layout: ...
    def __iter__(self) -> Iterator[Layout]: ...
    def __hash__(self) -> int: ...
    def is_static(self) -> bool: ...
    def offsets(self) -> npt.NDArray[np.int64]: ...
    def flatten(self) -> Layout: ...
    def coalesce(self, profile: Optional[IntTuple] = ...) -> Layout: ...
    def filter(self, profile: Optional[IntTuple] = ...) -> Layout: ...
    def composition(self, tiler: Tiler) -> Layout: ...
    def complement(self, cotarget: Optional[IntTuple] = ...) -> Layout: ...
    def right_inverse(self) -> Layout: ...
    def left_inverse(self) -> Layout: ...
    def logical_divide(self, tiler: Tiler) -> Layout: ...
    def zipped_divide(self, tiler: Tiler) -> Layout: ...
    def tiled_divide(self, tiler: Tiler) -> Layout: ...
    def flat_divide(self, tiler: Tiler) -> Layout: ...
    def logical_product(self, tiler: Tiler) -> Layout: ...
    def zipped_product(self, tiler: Tiler) -> Layout: ...
    def tiled_product(self, tiler: Tiler) -> Layout: ...
    def flat_product(self, tiler: Tiler) -> Layout: ...
    def blocked_product(self, block: Union[Layout, int]) -> Layout: ...
    def raked_product(self, block: Union[Layout, int]) -> Layout: ...
    def grid(self) -> str: ...
    def to_latex(self) -> str: ...
    def to_svg(self, coords: bool = ...) -> str: ...
    def to_png(self, coords: bool = ...) -> bytes: ...
    def to_morphism(self) -> Morphism: ...
    def is_tractable(self) -> bool: ...

class Swizzle:
    """A swizzle `Sw<B,M,S>`."""
    def __init__(self, bits: Union[int, str], base: Optional[int] = ..., shift: Optional[int] = ...) -> None: ...
    def __call__(self, offset: int) -> int: ...
    bits: int
    base: int
    shift: int
    yyy_msk: int
    zzz_msk: int
    def size(self) -> int: ...
    def cosize(self) -> int: ...

class ComposedLayout:
    """A composed layout `A o OFFSET o L`."""
    def __init__(self, outer: Union[Swizzle, Layout, str], offset: Optional[int] = ..., inner: Optional[Layout] = ...) -> None: ...
    def __call__(self, *coord: Coord) -> int: ...
    layoutB: Union[Swizzle, Layout]
    layoutA: Layout
    layout: Layout
    offset: int
    shape: IntTuple
    rank: int
    depth: int
    def size(self) -> int: ...
    def cosize(self) -> int: ...
    def __len__(self) -> int: ...
    def __getitem__(self, i: int) -> ComposedLayout: ...
    def offsets(self) -> npt.NDArray[np.int64]: ...

class Tensor:
    """A layout over a NumPy array, or over positions (`data` None: elements `offset + L(c)`)."""
    def __init__(self, data: Any, layout: Union[Layout, ComposedLayout, str, IntTuple], offset: Optional[int] = ...) -> None: ...
    layout: Union[Layout, ComposedLayout]
    offset: int
    data: Optional[npt.NDArray[Any]]
    shape: IntTuple
    def size(self) -> int: ...
    def __len__(self) -> int: ...
    def __getitem__(self, key: Coord) -> Any: ...
    def __setitem__(self, key: Coord, value: Any) -> None: ...
    def __iter__(self) -> Iterator[Any]: ...
    def values(self) -> npt.NDArray[Any]: ...
    def to_numpy(self) -> npt.NDArray[Any]: ...
    def local_tile(self, tiler: Tiler, coord: Coord, proj: Optional[Coord] = ...) -> Tensor: ...
    def local_partition(self, thr: Layout, idx: int, proj: Optional[Coord] = ...) -> Tensor: ...
    def inner_partition(self, tiler: Tiler, coord: Coord) -> Tensor: ...
    def outer_partition(self, tiler: Tiler, coord: Coord) -> Tensor: ...
    def tv_partition(self, tv: TvLayout, tid: int) -> Tensor: ...
    def compose(self, tiler: Tiler) -> Tensor: ...
    def logical_divide(self, tiler: Tiler) -> Tensor: ...
    def zipped_divide(self, tiler: Tiler) -> Tensor: ...
    def tiled_divide(self, tiler: Tiler) -> Tensor: ...
    def flat_divide(self, tiler: Tiler) -> Tensor: ...

class LinearLayout:
    """Triton's linear layout over F2: named input dimensions (one basis per bit) onto named output dimensions."""
    def __init__(self, text: str) -> None: ...
    @staticmethod
    def from_bases(bases: dict, out_dims: dict) -> LinearLayout: ...
    @property
    def in_dims(self) -> list: ...
    @property
    def out_dims(self) -> list: ...
    def apply(self, **ins: int) -> list: ...
    def compose(self, outer: LinearLayout) -> LinearLayout: ...
    def invert(self) -> LinearLayout: ...
    def invert_and_compose(self, outer: LinearLayout) -> LinearLayout: ...
    def product(self, outer: LinearLayout) -> LinearLayout: ...
    def reshape_ins(self, dims: Sequence[Tuple[str, int]]) -> LinearLayout: ...
    def reshape_outs(self, dims: Sequence[Tuple[str, int]]) -> LinearLayout: ...
    def reshape(self, ins: Sequence[Tuple[str, int]], outs: Sequence[Tuple[str, int]]) -> LinearLayout: ...
    def sublayout(self, ins: Sequence[str], outs: Sequence[str]) -> LinearLayout: ...
    def rank(self) -> int: ...
    def is_surjective(self) -> bool: ...
    def is_injective(self) -> bool: ...
    def to_mlir(self) -> str: ...
    def to_triton_string(self) -> str: ...
    def to_json(self) -> str: ...
    def to_cute(self) -> Any: ...
    def __hash__(self) -> int: ...

class TvLayout:
    """A thread-value layout over an (M, N) tile."""
    def __init__(self, tile: IntTuple, layout: Layout) -> None: ...
    tiler: IntTuple
    layout: Layout
    def threads(self) -> int: ...
    def values(self) -> int: ...
    def cell_of(self, t: int, v: int) -> Tuple[int, int]: ...
    def grid(self) -> str: ...
    def to_svg(self) -> str: ...
    def to_png(self) -> bytes: ...
    def to_latex(self) -> str: ...

class Morphism:
    """A tuple morphism `S -> T over alpha`."""
    def __init__(self, text: str) -> None: ...
    domain: IntTuple
    codomain: IntTuple
    def to_layout(self) -> Layout: ...
    def compose(self, f: Morphism) -> Morphism: ...
    def to_svg(self) -> str: ...
    def to_png(self) -> bytes: ...

class Value:
    """A value without a class of its own, with the expression that made it."""
    expr: str
    value: str
    assumptions: list[str]
    def to_svg(self) -> str: ...
    def to_png(self) -> bytes: ...

class Figure:
    """The picture of `cute svg EXPR`."""
    def __init__(self, expr: str, coords: bool = ..., tiles: bool = ...) -> None: ...
    def to_svg(self) -> str: ...
    def to_png(self) -> bytes: ...

def call_op(name: str, *args: Any) -> Any: ...
def eval(expr: str) -> Any: ...
def operations() -> list[Tuple[str, str, str]]: ...
def explain(expr: str) -> str: ...
def explain_json(expr: str) -> str: ...
def set_budget(units: int) -> None: ...
def get_budget() -> int: ...
def explain_steps(expr: str) -> list[dict[str, Any]]: ...
def svg(expr: str, coords: bool = ..., tiles: bool = ...) -> str: ...
def png(expr: str, coords: bool = ..., tiles: bool = ...) -> bytes: ...
def show(expr: str) -> str: ...
def latex(expr: str, tiles: bool = ...) -> str: ...

# The operations of the library's table (module functions generated at import).
def size(*args: Any) -> Any:
    """size(L) or size(T)

    the number of elements (of a layout or an int-tuple)
    """

def cosize(*args: Any) -> Any:
    """cosize(L)

    one past the largest offset of a layout
    """

def rank(*args: Any) -> Any:
    """rank(L) or rank(T)

    the number of top-level modes
    """

def depth(*args: Any) -> Any:
    """depth(L) or depth(T)

    the nesting depth
    """

def shape(*args: Any) -> Any:
    """shape(L) or shape(T)

    the shape of a layout (an int-tuple is its own shape)
    """

def stride(*args: Any) -> Any:
    """stride(L)

    the stride of a layout
    """

def crd2idx(*args: Any) -> Any:
    """crd2idx(L, coord) or crd2idx(coord, shape[, stride])

    the offset (or index) of a coordinate
    """

def idx2crd(*args: Any) -> Any:
    """idx2crd(index, shape)

    the natural coordinate of a 1-D index in a shape
    """

def crd2crd(*args: Any) -> Any:
    """crd2crd(coord, src_shape, dst_shape)

    a coordinate of one shape as a coordinate of another
    """

def make_layout(*args: Any) -> Any:
    """make_layout(shape[, stride]) or make_layout(L0, L1, ...)

    a layout from a shape (column-major) and a stride, or the concatenation of layouts
    """

def make_shape(*args: Any) -> Any:
    """make_shape(x, ...)

    the int-tuple of the arguments (C++'s `make_shape`; `make_stride`, `make_tuple` alike)
    """

def make_stride(*args: Any) -> Any:
    """make_stride(x, ...)

    the int-tuple of the arguments (C++'s `make_stride`)
    """

def make_tuple(*args: Any) -> Any:
    """make_tuple(x, ...)

    the int-tuple of the arguments (C++'s `make_tuple`)
    """

def make_coord(*args: Any) -> Any:
    """make_coord(x, ...)

    the coordinate of the arguments, `_` allowed (C++'s `make_coord`)
    """

def make_tile(*args: Any) -> Any:
    """make_tile(x, ...)

    the tiler of the arguments, applied mode by mode (C++'s `make_tile`)
    """

def make_layout_right(*args: Any) -> Any:
    """make_layout_right(shape)

    the row-major (LayoutRight) layout of a shape
    """

def make_ordered_layout(*args: Any) -> Any:
    """make_ordered_layout(shape, order)

    the compact layout whose modes grow in the given order
    """

def get(*args: Any) -> Any:
    """get(x, i, j, ...)

    the mode at a path of mode indices: of an int-tuple its element (an integer is its own mode 0), of a layout its sub-layout
    """

def layout(*args: Any) -> Any:
    """layout(L, i, j, ...)

    the sub-layout at a path of mode indices
    """

def tensor(*args: Any) -> Any:
    """tensor(T, i, j, ...)

    the sub-tensor at a path of mode indices: the mode's layout over the tensor's data, its offset kept (layout(T, i) drops it)
    """

def select(*args: Any) -> Any:
    """select(L, i, j, ...)

    the layout of the selected modes
    """

def take(*args: Any) -> Any:
    """take(L, begin, end)

    the modes begin..end
    """

def group(*args: Any) -> Any:
    """group(L, begin, end)

    the modes begin..end grouped into one mode
    """

def flatten(*args: Any) -> Any:
    """flatten(L) or flatten(T)

    the layout (or int-tuple) with its nesting removed
    """

def append(*args: Any) -> Any:
    """append(L, X) or append(L) (adds _1:_0)

    the layout with a mode added last (default _1:_0)
    """

def prepend(*args: Any) -> Any:
    """prepend(L, X) or prepend(L)

    the layout with a mode added first (default _1:_0)
    """

def replace(*args: Any) -> Any:
    """replace(L, i, X)

    the layout with mode i replaced
    """

def zip(*args: Any) -> Any:
    """zip(L)

    the modes of the modes, transposed
    """

def slice(*args: Any) -> Any:
    """slice(coord, L)

    the layout of the `_` modes of a coordinate
    """

def dice(*args: Any) -> Any:
    """dice(coord, L)

    the layout of the integer modes of a coordinate
    """

def slice_and_offset(*args: Any) -> Any:
    """slice_and_offset(coord, L)

    the slice and the offset of the fixed modes, printed L+OFFSET
    """

def coalesce(*args: Any) -> Any:
    """coalesce(L[, profile])

    the same function with the fewest modes (by mode with a profile)
    """

def coalesce_256(*args: Any) -> Any:
    """coalesce_256(L)

    coalesce front to back while a merged mode stays at most 256 (the TMA box limit); the profile is not kept
    """

def filter(*args: Any) -> Any:
    """filter(L[, profile])

    coalesce after removing modes of stride 0 and size 1
    """

def filter_zeros(*args: Any) -> Any:
    """filter_zeros(L[, profile])

    the modes of stride 0 replaced by size 1
    """

def composition(*args: Any) -> Any:
    """composition(L, tiler) or composition(A, offset, B)

    the layout L o B: first B, then L (B a layout or a tiler; swizzles too); with an offset, A o OFFSET o B (an identity swizzle with offset _0 gives B)
    """

def complement(*args: Any) -> Any:
    """complement(L[, cotarget])

    the layout that fills the codomain 0..cotarget around L
    """

def right_inverse(*args: Any) -> Any:
    """right_inverse(L)

    the layout R with L(R(i)) = i on the largest contiguous range
    """

def left_inverse(*args: Any) -> Any:
    """left_inverse(L)

    the layout R with R(L(i)) = i
    """

def max_common_layout(*args: Any) -> Any:
    """max_common_layout(A, B)

    the largest layout both A and B map identically
    """

def max_common_vector(*args: Any) -> Any:
    """max_common_vector(A, B)

    the length of the largest contiguous vector A and B share
    """

def nullspace(*args: Any) -> Any:
    """nullspace(L)

    the layout of the indices L maps to 0
    """

def logical_divide(*args: Any) -> Any:
    """logical_divide(L, tiler)

    L split into (tile, rest) by the tiler: composition(L, (T, complement(T)))
    """

def zipped_divide(*args: Any) -> Any:
    """zipped_divide(L, tiler)

    the logical divide with the tiles gathered into mode 0 and the rests into mode 1
    """

def tiled_divide(*args: Any) -> Any:
    """tiled_divide(L, tiler)

    the zipped divide with the rests unpacked: ((tile), rest0, rest1, ...)
    """

def flat_divide(*args: Any) -> Any:
    """flat_divide(L, tiler)

    the zipped divide with tiles and rests unpacked: (tile0, tile1, ..., rest0, ...)
    """

def logical_product(*args: Any) -> Any:
    """logical_product(A, tiler)

    A repeated by the tiler: (A, composition(complement(A), B))
    """

def zipped_product(*args: Any) -> Any:
    """zipped_product(A, tiler)

    the logical product by mode, gathered into (tiles, rests)
    """

def tiled_product(*args: Any) -> Any:
    """tiled_product(A, tiler)

    the zipped product with the rests unpacked
    """

def flat_product(*args: Any) -> Any:
    """flat_product(A, tiler)

    the zipped product with tiles and rests unpacked
    """

def blocked_product(*args: Any) -> Any:
    """blocked_product(A, B)

    A repeated as blocks in the pattern of B, mode by mode
    """

def raked_product(*args: Any) -> Any:
    """raked_product(A, B)

    A interleaved (raked) across the pattern of B, mode by mode
    """

def tile_to_shape(*args: Any) -> Any:
    """tile_to_shape(L, shape[, order])

    L repeated to fill a shape (in an order)
    """

def product_each(*args: Any) -> Any:
    """product_each(T)

    the size of each mode
    """

def shape_div(*args: Any) -> Any:
    """shape_div(A, B)

    A divided by B, mode by mode (CuTe shape_div)
    """

def ceil_div(*args: Any) -> Any:
    """ceil_div(A, B)

    A divided by B, rounded up, mode by mode
    """

def inner_product(*args: Any) -> Any:
    """inner_product(A, B)

    the sum of the products of the leaves
    """

def congruent(*args: Any) -> Any:
    """congruent(A, B)

    whether A and B have the same profile
    """

def weakly_congruent(*args: Any) -> Any:
    """weakly_congruent(A, B)

    whether A is coarser than or as B
    """

def compatible(*args: Any) -> Any:
    """compatible(A, B)

    whether the coordinates of A are coordinates of B
    """

def evenly_divides(*args: Any) -> Any:
    """evenly_divides(shape, tiler)

    whether the tiler divides the shape exactly
    """

def compact_col_major(*args: Any) -> Any:
    """compact_col_major(shape)

    the column-major strides of a shape
    """

def compact_row_major(*args: Any) -> Any:
    """compact_row_major(shape)

    the row-major strides of a shape
    """

def make_swizzle(*args: Any) -> Any:
    """make_swizzle(Y, Z) or make_swizzle(B, M, S)

    the swizzle with masks Y and Z, or the CuTe DSL's `Sw<B,M,S>`
    """

def make_composed_layout(*args: Any) -> Any:
    """make_composed_layout(Sw<B,M,S> | A, offset, L)

    the composed layout A o OFFSET o L (A a swizzle or a layout)
    """

def upcast(*args: Any) -> Any:
    """upcast(L | Sw | CL, N)

    the layout over elements N times larger
    """

def downcast(*args: Any) -> Any:
    """downcast(L | Sw | CL, N)

    the layout over elements N times smaller
    """

def solve_swizzle(*args: Any) -> Any:
    """solve_swizzle(L | TV, E | Copy_Atom [, BITS])

    the smallest Sw<B,M,S> o _0 o L whose shared-memory accesses are conflict-free (cute analyze --solve)
    """

def recast_layout(*args: Any) -> Any:
    """recast_layout(L | CL, old_bits, new_bits)

    the layout re-typed from old_bits to new_bits elements (recast_layout<Old,New>)
    """

def local_tile(*args: Any) -> Any:
    """local_tile(T, tiler, coord[, proj])

    the tile at coord of a tensor cut by the tiler, printed L+OFFSET
    """

def inner_partition(*args: Any) -> Any:
    """inner_partition(T, tiler, coord)

    the tile at coord (the inner modes of a zipped divide)
    """

def outer_partition(*args: Any) -> Any:
    """outer_partition(T, tiler, coord)

    the elements at coord of every tile (the outer modes)
    """

def local_partition(*args: Any) -> Any:
    """local_partition(T, thr_layout, idx[, proj])

    the elements of thread idx when thr_layout threads tile the tensor
    """

def make_layout_tv(*args: Any) -> Any:
    """make_layout_tv(thr_layout, val_layout)

    the (tiler_mn, layout_tv) of thread and value layouts
    """

def tv_partition(*args: Any) -> Any:
    """tv_partition(T, thr_layout, val_layout, tid)

    the values of thread tid when a TV layout partitions the tensor
    """

def make_identity_layout(*args: Any) -> Any:
    """make_identity_layout(shape)

    the layout whose strides are the basis vectors _1@i
    """

def make_identity_tensor(*args: Any) -> Any:
    """make_identity_tensor(shape)

    the tensor whose element c is c, printed ArithTuple(_0,..) o LAYOUT
    """

def make_inttuple_iter(*args: Any) -> Any:
    """make_inttuple_iter(x, ...)

    the counting iterator starting at the arguments, which stands for its start (pass it to make_tensor)
    """

def make_tensor(*args: Any) -> Any:
    """make_tensor(iter, L)

    the tensor whose element c is iter + L(c): of a counting iterator, printed L+OFFSET
    """

def is_tractable(*args: Any) -> Any:
    """is_tractable(L)

    whether L is the layout of a tuple morphism
    """

def to_morphism(*args: Any) -> Any:
    """to_morphism(L)

    the standard-form tuple morphism of a tractable L, `S -> T over α`
    """

def from_morphism(*args: Any) -> Any:
    """from_morphism(S -> T over α)

    the layout of a tuple morphism (`*` = base point)
    """

def make_tiled_mma(*args: Any) -> Any:
    """make_tiled_mma(atom, thr_layout = (_1,_1,_1), permutation = _)

    the tiled MMA: an MMA atom repeated over thr_layout (M,N,K), modes permuted by a Tile
    """

def tile_size(*args: Any) -> Any:
    """tile_size(mma)

    the (M,N,K) tile one pass of a tiled MMA covers (C++ tile_shape)
    """

def get_layoutA_TV(*args: Any) -> Any:
    """get_layoutA_TV(mma)

    (thr_idx, val) -> (m,k) index in the A tile of a tiled MMA
    """

def get_layoutB_TV(*args: Any) -> Any:
    """get_layoutB_TV(mma)

    (thr_idx, val) -> (n,k) index in the B tile of a tiled MMA
    """

def get_layoutC_TV(*args: Any) -> Any:
    """get_layoutC_TV(mma)

    (thr_idx, val) -> (m,n) index in the C tile of a tiled MMA
    """

def partition_A(*args: Any) -> Any:
    """partition_A(mma, T, thr_idx)

    thread thr_idx's part of the A tensor T (C++ mma.get_slice(thr_idx).partition_A(T))
    """

def partition_B(*args: Any) -> Any:
    """partition_B(mma, T, thr_idx)

    thread thr_idx's part of the B tensor T (C++ mma.get_slice(thr_idx).partition_B(T))
    """

def partition_C(*args: Any) -> Any:
    """partition_C(mma, T, thr_idx)

    thread thr_idx's part of the C tensor T (C++ mma.get_slice(thr_idx).partition_C(T))
    """

def make_tiled_copy(*args: Any) -> Any:
    """make_tiled_copy(copy_atom, thr_layout, val_layout = _1)

    the tiled copy of thr_layout threads each moving val_layout values with Copy_Atom<OP,T>
    """

def make_tiled_copy_A(*args: Any) -> Any:
    """make_tiled_copy_A(copy_atom, mma)

    the tiled copy that moves the A tile of a tiled MMA with its get_layoutA_TV
    """

def make_tiled_copy_B(*args: Any) -> Any:
    """make_tiled_copy_B(copy_atom, mma)

    the tiled copy that moves the B tile of a tiled MMA with its get_layoutB_TV
    """

def make_tiled_copy_C(*args: Any) -> Any:
    """make_tiled_copy_C(copy_atom, mma)

    the tiled copy that moves the C tile of a tiled MMA with its get_layoutC_TV
    """

def get_layoutS_TV(*args: Any) -> Any:
    """get_layoutS_TV(copy)

    (thr_idx, val) -> index of the source in the tile of a tiled copy
    """

def get_layoutD_TV(*args: Any) -> Any:
    """get_layoutD_TV(copy)

    (thr_idx, val) -> index of the destination in the tile of a tiled copy
    """

def partition_S(*args: Any) -> Any:
    """partition_S(copy, T, thr_idx)

    thread thr_idx's part of the source tensor T, (CPY_V,CPY_M,CPY_N,...) (C++ copy.get_slice(thr_idx).partition_S(T))
    """

def partition_D(*args: Any) -> Any:
    """partition_D(copy, T, thr_idx)

    thread thr_idx's part of the destination tensor T, (CPY_V,CPY_M,CPY_N,...) (C++ copy.get_slice(thr_idx).partition_D(T))
    """

def retile(*args: Any) -> Any:
    """retile(copy, T)

    a thread's fragment T (e.g. an MMA partition) viewed as the copy's (CPY_V,CPY_M,CPY_N,...) (C++ retile_S/retile_D)
    """

def construct_tma_gbasis(*args: Any) -> Any:
    """construct_tma_gbasis(gmem, smem, cta_tiler)

    the TMA box of make_tma_atom as tma_box_shape:gmem_mode (the swizzle of smem is ignored)
    """

def make_tma_atom(*args: Any) -> Any:
    """make_tma_atom(op, gmem, smem, cta_tiler, cluster_size)

    the TMA copy atom of C++'s make_tma_atom(OP{}, gtensor, smem, cta_tiler, cluster_size): one thread moving the largest box; op is Copy_Atom<SM90_TMA_LOAD|SM90_TMA_LOAD_MULTICAST|SM90_TMA_STORE,T>
    """

def make_tma_copy(*args: Any) -> Any:
    """make_tma_copy(op, gmem, smem, cta_tiler, cluster_size)

    the TiledCopy of C++'s make_tma_copy: TiledLayout_TV (multicast CTA, value) -> smem coord and Tiler_MN the CTA tile
    """

def get_tma_tensor(*args: Any) -> Any:
    """get_tma_tensor(tma, gmem_shape)

    the TMA coordinate tensor of a TMA atom or copy (C++ tma.get_tma_tensor(gmem_shape)): gmem coordinates mapped to TMA coordinates
    """

def tma_partition(*args: Any) -> Any:
    """tma_partition(tma, cta_coord, cta_layout, stensor, gtensor)

    get<0> of C++'s tma_partition: the TMA coordinate tensor gtensor ((TMATile), Rest...) as ((TMA,TMA_Iter), Rest...), started at this CTA's multicast share cta_layout(cta_coord)*size(TMA)/cosize(cta_layout)
    """

def tma_partition_smem(*args: Any) -> Any:
    """tma_partition_smem(tma, cta_coord, cta_layout, stensor, gtensor)

    get<1> of C++'s tma_partition: the smem tensor stensor ((TMATile), Rest...) as ((TMA,TMA_Iter), Rest...), moved to this CTA's multicast share
    """

def coshape(*args: Any) -> Any:
    """coshape(L)

    one past the image of the last coordinate along the absolute strides, sum (s-1)|d| + 1: per codomain mode for a scaled-basis layout
    """

def make_layout_like(*args: Any) -> Any:
    """make_layout_like(L)

    the compact layout of L's shape with strides in the order of L's, zero strides kept
    """

def coalesce_z(*args: Any) -> Any:
    """coalesce_z(L)

    coalesce keeping L(i) for every i >= 0 (a trailing extent-1 mode stays): the whitepaper's
    """

def greatest_common_domain(*args: Any) -> Any:
    """greatest_common_domain(A, B)

    the layout of the common factors the shapes of A and B share in order, at their indices: the whitepaper's
    """

def layout_add(*args: Any) -> Any:
    """layout_add(A, B)

    the sum R(i) = A(i) + B(i) of two layouts of one size, where it is a layout: the whitepaper's
    """

def common_refinement(*args: Any) -> Any:
    """common_refinement(A, B)

    the least shape both shapes coarsen (compatible(A, R), compatible(B, R)), mode by mode: the whitepaper's join
    """

def common_coarsening(*args: Any) -> Any:
    """common_coarsening(A, B)

    the greatest shape that coarsens both shapes (compatible(R, A), compatible(R, B)); their size where the modes part: the whitepaper's meet
    """

def tiler_to_layout(*args: Any) -> Any:
    """tiler_to_layout(T)

    the layout that composes as the tiler T does: mode i of a tuple tiler scaled by the basis vector E<i> (PyCuTe v2's)
    """

def to_f2(*args: Any) -> Any:
    """to_f2(L)

    the F2-stride layout of a layout or a swizzled layout Sw<B,M,S> o _0 o L, where they are equal as functions (offsets that add without carry)
    """

def from_f2(*args: Any) -> Any:
    """from_f2(F)

    the swizzled layout Sw<B,M,S> o _0 o L (or the layout) equal to an F2-stride layout as a function
    """

def f2_eval(*args: Any) -> Any:
    """f2_eval(F, c)

    F(c) of an F2 layout at an index or coordinate: the XOR of the carry-less products c_k*d_k
    """

def f2_size(*args: Any) -> Any:
    """f2_size(F)

    the number of coordinates of an F2 layout, the product of its extents
    """

def f2_cosize(*args: Any) -> Any:
    """f2_cosize(F)

    the power of two above every offset of an F2 layout, 2^max bitlen((s-1)*d) (PyCuTe v2's coshape)
    """

def f2_equal(*args: Any) -> Any:
    """f2_equal(A, B)

    whether two F2 (or carry-free) layouts are the same function on [0, size)
    """

def f2_coalesce(*args: Any) -> Any:
    """f2_coalesce(F)

    the flat F2 layout of the same function, modes merged where d_b = s_a*d_a carry-lessly and s_a is a power of two
    """

def f2_composition(*args: Any) -> Any:
    """f2_composition(A, B)

    A o B as an F2 layout, for A a swizzle or a layout linear in its index bits: B's modes split where A maps their bits to non-shifts
    """

def f2_right_inverse(*args: Any) -> Any:
    """f2_right_inverse(F)

    the inverse F2 layout of a bijection on the bits of [0, 2^n): the inverse F2 matrix, coalesced
    """

def f2_left_inverse(*args: Any) -> Any:
    """f2_left_inverse(F)

    the inverse F2 layout of a bijection on the bits of [0, 2^n) (two-sided, as f2_right_inverse)
    """

def to_linear_layout(*args: Any) -> Any:
    """to_linear_layout(L | CL | F | TV | TiledMMA | TiledCopy | TritonLayout [, shape])

    the linear layout over F2: offset -> dims of a layout (or F2 layout), (register, lane, warp) -> dims of a TV layout (a tiled MMA's C, a tiled copy's S), a Triton layout over shape
    """

def from_linear_layout(*args: Any) -> Any:
    """from_linear_layout(LL)

    the simplest exact CuTe form of a linear layout: a layout, a swizzled layout, a TV layout or an F2 layout
    """

def layout_function(*args: Any) -> Any:
    """layout_function(L | CL)

    a layout's own function over F2: (dim0, dim1, ...) -> offset
    """

def compose(*args: Any) -> Any:
    """compose(A, B)

    B o A of linear layouts (Triton's A.compose(B)): A's outputs are B's inputs
    """

def invert(*args: Any) -> Any:
    """invert(LL)

    the inverse of a bijective linear layout
    """

def invert_and_compose(*args: Any) -> Any:
    """invert_and_compose(A, B)

    C with A = B o C (Triton's A.invertAndCompose(B)): registers to shared-memory offsets
    """

def matrix_rank(*args: Any) -> Any:
    """matrix_rank(LL)

    the rank over F2 of a linear layout's matrix
    """

def subs(*args: Any) -> Any:
    """subs(EXPR, M=256, ...)

    the ordinary value of a symbolic one (M, M/128, (M,N):(1,M)) with each symbol given a value, after checking the assumptions it was computed under
    """
