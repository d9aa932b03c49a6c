//! [`TiledCopy`]: a copy atom repeated over threads and values, as CuTe's `TiledCopy`.

use super::{CopyAtom, Partitionable, TiledMma};
use crate::algebra::coalesce::coalesce_by;
use crate::algebra::composition::{composition, composition_tiler};
use crate::algebra::divide::zipped_divide;
use crate::algebra::inverse::right_inverse;
use crate::algebra::product::{logical_product, raked_product};
use crate::coord::{Coord, CoordLeaf};
use crate::error::{LayoutError, Result};
use crate::int::Int;
use crate::layout::Layout;
use crate::recast::upcast;
use crate::tensor::Tensor;
use crate::tiler::Tiler;
use crate::tree::Tree;
use crate::tuple::IntTuple;

/// `TiledCopy<Copy_Atom, LayoutCopy_TV, ShapeTiler_MN>`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TiledCopy {
    /// The atom.
    pub atom: CopyAtom,
    /// `TiledLayout_TV`: `(thr_idx, val_idx) -> coord` in the `Tiler_MN` tile.
    pub layout_tv: Layout,
    /// `shape(Tiler_MN)`: the shape of the tile one pass of the copy covers.
    pub tiler: IntTuple,
    /// `Tiler_MN` itself: the shape tiler of `tiler`, or a tiler of layouts (C++'s
    /// `make_tile(Layout<_4,_1>{}, Layout<_16,_2>{})`), by which `partition_S`/`partition_D`
    /// divide a tensor; `shape` of it is `tiler`.
    pub tiler_mn: Tiler,
}

/// The side of a copy a layout describes.
#[derive(Clone, Copy)]
enum Side {
    Src,
    Dst,
}

/// `make_tiled_copy_impl(atom, layout_tv, tiler)`: the tiled copy of its parts (the template
/// arguments of `TiledCopy`), checking C++'s static assertions: the tiled layout's threads and
/// values are multiples of the atom's.
///
/// # Errors
/// [`LayoutError::Divisibility`] where C++ static_asserts "TiledCopy uses too few thrs or vals
/// for the selected Copy_Atom".
///
/// ```
/// use cute_layout::atom::{copy_op, make_copy_atom, make_tiled_copy_impl, ValueType};
/// let atom = make_copy_atom(&copy_op("SM75_U32x4_LDSM_N")?, ValueType::Half)?;
/// let tc = make_tiled_copy_impl(&atom, "(_32,_8):(_8,_1)".parse()?, "(_16,_16)".parse()?)?;
/// assert_eq!(tc.get_layout_s_tv()?.to_string(), "((_8,_4),((_2,_4),_1)):((_32,_2),((_1,_8),_0))");
/// assert!(make_tiled_copy_impl(&atom, "(_16,_8):(_8,_1)".parse()?, "(_16,_8)".parse()?).is_err());
/// # Ok::<(), cute_layout::LayoutError>(())
/// ```
pub fn make_tiled_copy_impl(
    atom: &CopyAtom,
    layout_tv: Layout,
    tiler: IntTuple,
) -> Result<TiledCopy> {
    make_tiled_copy_tiler(atom, layout_tv, Tiler::from_shape(&tiler))
}

/// [`make_tiled_copy_impl`] with any tiler as `Tiler_MN`: a shape, or layouts by mode
/// (`make_tiled_copy_impl(atom, layout_tv, make_tile(Layout<_4,_1>{}, Layout<_16,_2>{}))`,
/// which CuTe C++ builds and partitions: the partitions divide by the tiler, the TV layouts
/// take its shape).
///
/// # Errors
/// As [`make_tiled_copy_impl`]; [`LayoutError::InvalidArgument`] for a tiler with a `_`
/// mode (it has no shape).
///
/// ```
/// use cute_layout::atom::{copy_op, make_copy_atom, make_tiled_copy_tiler, ValueType};
/// let atom = make_copy_atom(&copy_op("UniversalCopy<uint32_t>")?, ValueType::Float)?;
/// let tc = make_tiled_copy_tiler(&atom, "(_4,_16):(_1,_4)".parse()?, "<_4:_1,_16:_2>".parse()?)?;
/// assert_eq!(tc.tiler.to_string(), "(_4,_16)");
/// # Ok::<(), cute_layout::LayoutError>(())
/// ```
pub fn make_tiled_copy_tiler(
    atom: &CopyAtom,
    layout_tv: Layout,
    tiler_mn: Tiler,
) -> Result<TiledCopy> {
    let op = "make_tiled_copy";
    let tiler = tiler_shape(&tiler_mn)?;
    for (mode, what) in [(0, "thrs"), (1, "vals")] {
        let tiled = layout_tv.mode(mode)?.size()?.value();
        let atom_n = atom.reference.mode(mode)?.size()?.value();
        if atom_n == 0 || tiled % atom_n != 0 {
            return Err(LayoutError::Divisibility {
                op,
                mode: format!("mode {mode} of the TV layout {layout_tv}"),
                condition: "TiledNum % AtomNum == 0",
                detail: format!("{tiled} {what} is not a multiple of the atom's {atom_n}"),
                hint: "TiledCopy uses too few thrs or vals for the selected Copy_Atom",
            });
        }
    }
    Ok(TiledCopy {
        atom: atom.clone(),
        layout_tv,
        tiler,
        tiler_mn,
    })
}

/// C++'s `shape(tiler)`: an integer's shape is itself, a layout's its shape, a tuple's the
/// tuple of its modes' shapes.
fn tiler_shape(t: &Tiler) -> Result<IntTuple> {
    match t {
        Tiler::Int(n) => Ok(IntTuple::leaf(*n)),
        Tiler::Layout(l) => Ok(l.shape().clone()),
        Tiler::Tuple(ts) => Tree::tuple(ts.iter().map(tiler_shape).collect::<Result<Vec<_>>>()?),
        Tiler::Underscore => Err(LayoutError::InvalidArgument {
            op: "make_tiled_copy",
            detail: format!("the tiler {t} has a `_` mode, which has no shape"),
            hint: "give Tiler_MN as a shape or as a layout per mode",
        }),
    }
}

/// `make_tiled_copy(atom, thr_layout, val_layout)`: `layout_mn = raked_product(thr, val)`,
/// `TiledLayout_TV = right_inverse(layout_mn).with_shape(size(thr), size(val))`,
/// `Tiler_MN = product_each(shape(layout_mn))`.
///
/// # Errors
/// Errors of the product and the inverse; too few threads or values for the atom.
///
/// # Examples
/// ```
/// use cute_layout::atom::{copy_op, make_copy_atom, make_tiled_copy, ValueType};
/// let atom = make_copy_atom(&copy_op("UniversalCopy<uint128_t>")?, ValueType::Half)?;
/// let tc = make_tiled_copy(&atom, &"(_32,_4):(_4,_1)".parse()?, &"(_1,_8)".parse()?)?;
/// assert_eq!(tc.tiler.to_string(), "(_32,_32)");
/// assert_eq!(tc.layout_tv.to_string(), "((_4,_32),_8):((_256,_1),_32)");
/// # Ok::<(), cute_layout::LayoutError>(())
/// ```
pub fn make_tiled_copy(
    atom: &CopyAtom,
    thr_layout: &Layout,
    val_layout: &Layout,
) -> Result<TiledCopy> {
    let op = "make_tiled_copy";
    let layout_mn = raked_product(thr_layout, val_layout).map_err(|e| e.within(op))?;
    let shape = Tree::from_leaves([thr_layout.size()?, val_layout.size()?]);
    let layout_tv = composition(&right_inverse(&layout_mn)?, &Layout::column_major(&shape)?)
        .map_err(|e| e.within(op))?;
    let tiler = layout_mn.shape().product_each()?;
    make_tiled_copy_impl(atom, layout_tv, tiler)
}

/// `make_tiled_copy_A(atom, mma)`: the copy whose TV layout is the MMA's `get_layoutA_TV`
/// over the `(M, K)` tile.
///
/// # Errors
/// As [`TiledMma::get_layout_a_tv`]; too few threads or values for the atom.
///
/// ```
/// use cute_layout::atom::{copy_op, make_copy_atom, make_tiled_copy_a, make_tiled_mma, mma_atom, ValueType};
/// let mma = make_tiled_mma(&mma_atom("SM80_16x8x16_F32F16F16F32_TN")?, &"(_2,_2,_1)".parse()?, &[])?;
/// let atom = make_copy_atom(&copy_op("SM75_U32x4_LDSM_N")?, ValueType::Half)?;
/// assert_eq!(make_tiled_copy_a(&atom, &mma)?.tiler.to_string(), "(_32,_16)");
/// # Ok::<(), cute_layout::LayoutError>(())
/// ```
pub fn make_tiled_copy_a(atom: &CopyAtom, mma: &TiledMma) -> Result<TiledCopy> {
    let t = Tree::from_leaves([mma.tile_size_mnk(0)?, mma.tile_size_mnk(2)?]);
    make_tiled_copy_impl(atom, mma.get_layout_a_tv()?, t)
}

/// `make_tiled_copy_B(atom, mma)`: over the `(N, K)` tile with `get_layoutB_TV`.
///
/// # Errors
/// As [`make_tiled_copy_a`].
///
/// ```
/// use cute_layout::atom::{copy_op, make_copy_atom, make_tiled_copy_b, make_tiled_mma, mma_atom, ValueType};
/// let mma = make_tiled_mma(&mma_atom("SM80_16x8x16_F32F16F16F32_TN")?, &"(_2,_2,_1)".parse()?, &[])?;
/// let atom = make_copy_atom(&copy_op("SM75_U32x2_LDSM_N")?, ValueType::Half)?;
/// assert_eq!(make_tiled_copy_b(&atom, &mma)?.tiler.to_string(), "(_16,_16)");
/// # Ok::<(), cute_layout::LayoutError>(())
/// ```
pub fn make_tiled_copy_b(atom: &CopyAtom, mma: &TiledMma) -> Result<TiledCopy> {
    let t = Tree::from_leaves([mma.tile_size_mnk(1)?, mma.tile_size_mnk(2)?]);
    make_tiled_copy_impl(atom, mma.get_layout_b_tv()?, t)
}

/// `make_tiled_copy_C(atom, mma)`: over the `(M, N)` tile with `get_layoutC_TV`.
///
/// # Errors
/// As [`make_tiled_copy_a`].
///
/// ```
/// use cute_layout::atom::{copy_op, make_copy_atom, make_tiled_copy_c, make_tiled_mma, mma_atom, ValueType};
/// let mma = make_tiled_mma(&mma_atom("SM80_16x8x16_F32F16F16F32_TN")?, &"(_2,_2,_1)".parse()?, &[])?;
/// let atom = make_copy_atom(&copy_op("UniversalCopy<uint32_t>")?, ValueType::Float)?;
/// assert_eq!(make_tiled_copy_c(&atom, &mma)?.tiler.to_string(), "(_32,_16)");
/// # Ok::<(), cute_layout::LayoutError>(())
/// ```
pub fn make_tiled_copy_c(atom: &CopyAtom, mma: &TiledMma) -> Result<TiledCopy> {
    let t = Tree::from_leaves([mma.tile_size_mnk(0)?, mma.tile_size_mnk(1)?]);
    make_tiled_copy_impl(atom, mma.get_layout_c_tv()?, t)
}

impl TiledCopy {
    /// `right_inverse(AtomLayoutRef) ∘ AtomLayout{Src,Dst}`.
    fn ref2trg(&self, side: Side) -> Result<Layout> {
        let trg = match side {
            Side::Src => &self.atom.src,
            Side::Dst => &self.atom.dst,
        };
        composition(&right_inverse(&self.atom.reference)?, trg)
    }

    /// `tile2thrfrg` on a layout whose mode 0 is the tile: mode 0 becomes `(thr, val)`.
    fn tile2thrfrg(&self, tensor: &Layout, side: Side) -> Result<Layout> {
        let atom_tv = Tree::from_leaves([
            self.atom.reference.mode(0)?.size()?,
            self.atom.reference.mode(1)?.size()?,
        ]);
        let atom_layout_tv = zipped_divide(&self.layout_tv, &Tiler::from_shape(&atom_tv))?;
        let trg = composition_tiler(
            &atom_layout_tv,
            &Tiler::Tuple(vec![Tiler::Layout(self.ref2trg(side)?), Tiler::Underscore]),
        )?;
        let profile: IntTuple = Tree::tuple([
            Tree::leaf(Int::ONE),
            Tree::from_leaves([Int::ONE, Int::ONE]),
        ])?;
        let thrval2mn = coalesce_by(&trg.zip()?, &profile)?;
        composition_tiler(
            tensor,
            &Tiler::Tuple(vec![Tiler::Layout(thrval2mn), Tiler::Underscore]),
        )
    }

    fn layout_tv_of(&self, side: Side) -> Result<Layout> {
        let ref_shape = Tree::tuple([self.tiler.clone(), Tree::leaf(Int::ONE)])?;
        self.tile2thrfrg(&Layout::column_major(&ref_shape)?, side)?
            .mode(0)
    }

    /// `get_layoutS_TV()`: `(thr_idx, val) -> coord` of the source in the `Tiler_MN` tile.
    ///
    /// # Errors
    /// Errors of the compositions (an atom whose layouts do not fit the tiled layout).
    ///
    /// ```
    /// use cute_layout::atom::{copy_op, make_copy_atom, make_tiled_copy, ValueType};
    /// let atom = make_copy_atom(&copy_op("UniversalCopy<uint128_t>")?, ValueType::Half)?;
    /// let tc = make_tiled_copy(&atom, &"(_32,_4):(_4,_1)".parse()?, &"(_1,_8)".parse()?)?;
    /// assert_eq!(tc.get_layout_s_tv()?.to_string(), "((_4,_32),(_8,_1)):((_256,_1),(_32,_0))");
    /// # Ok::<(), cute_layout::LayoutError>(())
    /// ```
    pub fn get_layout_s_tv(&self) -> Result<Layout> {
        self.layout_tv_of(Side::Src)
            .map_err(|e| e.within("get_layoutS_TV"))
    }

    /// `get_layoutD_TV()`: `(thr_idx, val) -> coord` of the destination in the `Tiler_MN` tile.
    ///
    /// # Errors
    /// As [`TiledCopy::get_layout_s_tv`].
    ///
    /// ```
    /// use cute_layout::atom::{copy_op, make_copy_atom, make_tiled_copy, ValueType};
    /// let atom = make_copy_atom(&copy_op("UniversalCopy<uint128_t>")?, ValueType::Half)?;
    /// let tc = make_tiled_copy(&atom, &"(_32,_4):(_4,_1)".parse()?, &"(_1,_8)".parse()?)?;
    /// assert_eq!(tc.get_layout_d_tv()?.to_string(), "((_4,_32),(_8,_1)):((_256,_1),(_32,_0))");
    /// # Ok::<(), cute_layout::LayoutError>(())
    /// ```
    pub fn get_layout_d_tv(&self) -> Result<Layout> {
        self.layout_tv_of(Side::Dst)
            .map_err(|e| e.within("get_layoutD_TV"))
    }

    /// `tidfrg_{S,D}(layout)`: `(thr, val, (RestM, RestN, ...))`.
    fn tidfrg(&self, layout: &Layout, side: Side) -> Result<Layout> {
        let divided = zipped_divide(layout, &self.tiler_mn)?;
        let tv = self.tile2thrfrg(&divided, side)?;
        let tv_mode = tv.mode(0)?;
        // tv_tensor(make_coord(_,_),_)
        Layout::concat([tv_mode.mode(0)?, tv_mode.mode(1)?, tv.mode(1)?])
    }

    /// `tidfrg_S(x)(_,_,_0)`: the `(thr_idx, val_idx)` view of the first `Tiler_MN` tile of
    /// `x` as the source sees it. Of `make_identity_tensor(tile)` it is the tensor CuTe's
    /// `print_latex(tiled_copy)` draws.
    ///
    /// # Errors
    /// Divisibility of `x` by `Tiler_MN`; errors of the compositions.
    ///
    /// ```
    /// use cute_layout::atom::{copy_op, make_copy_atom, make_tiled_copy, ValueType};
    /// use cute_layout::make_identity_tensor;
    /// let atom = make_copy_atom(&copy_op("UniversalCopy<uint128_t>")?, ValueType::Half)?;
    /// let tc = make_tiled_copy(&atom, &"(_4,_2):(_2,_1)".parse()?, &"(_1,_8)".parse()?)?;
    /// let s = tc.tile_tv_s(make_identity_tensor(&tc.tiler)?)?;
    /// assert_eq!(s.to_string(), "ArithTuple(_0,_0) o ((_2,_4),(_8,_1)):((_8@1,_1@0),(_1@1,_0))");
    /// # Ok::<(), cute_layout::LayoutError>(())
    /// ```
    pub fn tile_tv_s<P: Partitionable>(&self, x: P) -> Result<P> {
        self.tile_tv(x, Side::Src).map_err(|e| e.within("tidfrg_S"))
    }

    /// `tidfrg_D(x)(_,_,_0)`: as [`TiledCopy::tile_tv_s`] for the destination.
    ///
    /// # Errors
    /// As [`TiledCopy::tile_tv_s`].
    ///
    /// ```
    /// use cute_layout::atom::{copy_op, make_copy_atom, make_tiled_copy, ValueType};
    /// use cute_layout::make_identity_tensor;
    /// let atom = make_copy_atom(&copy_op("SM75_U32x4_LDSM_N")?, ValueType::Half)?;
    /// let tc = make_tiled_copy(&atom, &"(_32,_1)".parse()?, &"(_1,_8)".parse()?)?;
    /// let d = tc.tile_tv_d(make_identity_tensor(&tc.tiler)?)?;
    /// assert_eq!(d.to_string(), "ArithTuple(_0,_0) o (_32,(_8,_1)):(_1@0,(_1@1,_0))");
    /// # Ok::<(), cute_layout::LayoutError>(())
    /// ```
    pub fn tile_tv_d<P: Partitionable>(&self, x: P) -> Result<P> {
        self.tile_tv(x, Side::Dst).map_err(|e| e.within("tidfrg_D"))
    }

    fn tile_tv<P: Partitionable>(&self, x: P, side: Side) -> Result<P> {
        let under = || Tree::leaf(CoordLeaf::Underscore);
        let coord: Coord =
            Tree::tuple([under(), under(), Tree::leaf(CoordLeaf::Index(Int::ZERO))])?;
        x.reshape_and_slice(|l| self.tidfrg(l, side), &coord)
    }

    /// `thr_copy.partition_{S,D}`: `tidfrg` sliced at `(thr_idx, _, (_,...))`.
    fn partition<P: Partitionable>(&self, x: P, thr_idx: i64, side: Side) -> Result<P> {
        self.check_thread(thr_idx)?;
        let under = || Tree::leaf(CoordLeaf::Underscore);
        let coord: Coord = Tree::tuple([
            Tree::leaf(CoordLeaf::Index(Int::dynamic(thr_idx))),
            under(),
            Tree::tuple((0..x.partition_rank()).map(|_| under()))?,
        ])?;
        x.reshape_and_slice(|l| self.tidfrg(l, side), &coord)
    }

    /// `thr_idx` must be one of the copy's `size<0>(TiledLayout_TV)` threads. C++ does not
    /// check: its slice of a thread past them lies past the thread's tile (as the MMA
    /// partitions, which refuse such an index through `get_flat_coord`, this refuses it).
    fn check_thread(&self, thr_idx: i64) -> Result<()> {
        let threads = self.layout_tv.mode(0)?.size()?.value();
        if (0..threads).contains(&thr_idx) {
            return Ok(());
        }
        Err(LayoutError::InvalidArgument {
            op: "get_slice",
            detail: format!(
                "thread index {thr_idx} is outside [0, {threads}): the tiled copy's TiledLayout_TV {} has {threads} threads",
                self.layout_tv
            ),
            hint: "give a thread index below size(tiled_copy)",
        })
    }

    /// `get_slice(thr_idx).partition_S(tensor)`: the thread's `(CPY_V, CPY_M, CPY_N, ...)`
    /// view of a source tensor (of data, a bare layout as `Tensor<()>`, or an identity tensor).
    ///
    /// # Errors
    /// [`LayoutError::InvalidArgument`] for a thread index outside `[0, size(tiled_copy))` (C++
    /// computes a slice past the thread's tile); the errors of the divide and compositions. A
    /// tensor the tile does not divide is partitioned as in C++: its rest modes round up.
    ///
    /// ```
    /// use cute_layout::atom::{copy_op, make_copy_atom, make_tiled_copy, ValueType};
    /// use cute_layout::{Layout, Tensor};
    /// let atom = make_copy_atom(&copy_op("UniversalCopy<uint128_t>")?, ValueType::Half)?;
    /// let tc = make_tiled_copy(&atom, &"(_32,_4):(_4,_1)".parse()?, &"(_1,_8)".parse()?)?;
    /// let t = tc.partition_s(Tensor::new((), "(_64,_64):(_64,_1)".parse::<Layout>()?), 1)?;
    /// assert_eq!(t.layout().to_string(), "((_8,_1),_2,_2):((_1,_0),_2048,_32)");
    /// assert_eq!(t.offset(), 8);
    /// let past = tc.partition_s(Tensor::new((), "(_64,_64):(_64,_1)".parse::<Layout>()?), 128);
    /// assert!(past.unwrap_err().to_string().contains("thread index 128 is outside [0, 128)"));
    /// # Ok::<(), cute_layout::LayoutError>(())
    /// ```
    pub fn partition_s<P: Partitionable>(&self, x: P, thr_idx: i64) -> Result<P> {
        self.partition(x, thr_idx, Side::Src)
            .map_err(|e| e.within("partition_S"))
    }

    /// `get_slice(thr_idx).partition_D(tensor)`: as [`TiledCopy::partition_s`] for the destination.
    ///
    /// # Errors
    /// As [`TiledCopy::partition_s`].
    ///
    /// ```
    /// use cute_layout::atom::{copy_op, make_copy_atom, make_tiled_copy, ValueType};
    /// use cute_layout::{Layout, Tensor};
    /// let atom = make_copy_atom(&copy_op("UniversalCopy<uint128_t>")?, ValueType::Half)?;
    /// let tc = make_tiled_copy(&atom, &"(_32,_4):(_4,_1)".parse()?, &"(_1,_8)".parse()?)?;
    /// let t = tc.partition_d(Tensor::new((), "(_32,_32):(_1,_32)".parse::<Layout>()?), 4)?;
    /// assert_eq!(t.layout().to_string(), "((_8,_1),_1,_1):((_32,_0),_0,_0)");
    /// assert_eq!(t.offset(), 1);
    /// # Ok::<(), cute_layout::LayoutError>(())
    /// ```
    pub fn partition_d<P: Partitionable>(&self, x: P, thr_idx: i64) -> Result<P> {
        self.partition(x, thr_idx, Side::Dst)
            .map_err(|e| e.within("partition_D"))
    }

    /// `retile_S` / `retile_D` (`TiledCopy::retile`): a thread's fragment `(V, rest...)`, for
    /// example an MMA partition, re-viewed as the copy's `(CPY_V, CPY_M, CPY_N, ...)`.
    ///
    /// # Errors
    /// Errors of the upcast and the divides (a fragment that the copy does not tile).
    ///
    /// ```
    /// use cute_layout::atom::{copy_op, make_copy_atom, make_tiled_copy_a, make_tiled_mma, mma_atom, ValueType};
    /// use cute_layout::{Layout, Tensor};
    /// let mma = make_tiled_mma(&mma_atom("SM80_16x8x16_F32F16F16F32_TN")?, &"(_2,_2,_1)".parse()?, &[])?;
    /// let copy = make_tiled_copy_a(&make_copy_atom(&copy_op("SM75_U32x4_LDSM_N")?, ValueType::Half)?, &mma)?;
    /// let frag = Tensor::new((), "((_2,_2,_2),_2,_2):((_1,_2,_4),_8,_16)".parse::<Layout>()?);
    /// let r = copy.retile(frag)?;
    /// assert_eq!(r.layout().to_string(), "((_8,_1),_2,_2):((_1,_0),_8,_16)");
    /// # Ok::<(), cute_layout::LayoutError>(())
    /// ```
    pub fn retile<D>(&self, tensor: Tensor<D>) -> Result<Tensor<D>> {
        let rank = tensor.layout().inner().rank();
        let v = tensor.layout().inner().mode(0)?.size()?;
        let frg_v = self.retile_layout(v).map_err(|e| e.within("retile"))?;
        let t = tensor.map_layout(|l| {
            let tile = Tree::tuple(
                std::iter::once(Tree::leaf(v))
                    .chain(frg_v.0.shape().product_each()?.modes().map(|m| m.to_tree())),
            )?;
            let t = zipped_divide(l, &Tiler::from_shape(&tile))?;
            composition_tiler(
                &t,
                &Tiler::Tuple(vec![Tiler::Layout(frg_v.1.clone()), Tiler::Underscore]),
            )
        })?;
        // v_tensor(_, append<R>(Int<0>{}, _))
        let under = || Tree::leaf(CoordLeaf::Underscore);
        let rest = Tree::tuple(
            std::iter::once(Tree::leaf(CoordLeaf::Index(Int::ZERO)))
                .chain((1..rank).map(|_| under())),
        )?;
        t.slice(&Tree::tuple([under(), rest])?)
    }

    /// `frg_layout_mn` and `frg_layout_v` of `retile` for a fragment of `v` values.
    fn retile_layout(&self, v: Int) -> Result<(Layout, Layout)> {
        let threads = self.layout_tv.mode(0)?.size()?;
        let inv = right_inverse(&self.layout_tv)?;
        let with_shape = composition(&inv, &Layout::column_major(&self.tiler)?)?;
        let frg_layout_mn = upcast(&with_shape, threads.mul(v)?.value())?;
        let prod = logical_product(
            &Layout::leaf(v, Int::ONE),
            &Tiler::Layout(right_inverse(&frg_layout_mn)?),
        )?;
        let atom_vals = self.atom.reference.mode(1)?.size()?;
        let frg_layout_v = zipped_divide(&prod, &Tiler::from_int(atom_vals))?;
        Ok((frg_layout_mn, frg_layout_v))
    }
}
