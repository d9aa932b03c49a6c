//! Thread-value (TV) layouts: `(thread, value) -> position in a tile`.
//!
//! CuTe describes how the threads of a block share a tile as a TV layout: thread `t`'s value
//! `v` is the element `layout_tv(t, v)` of an `M×N` tile (numbered column-major).
//! [`make_layout_tv`] builds it the way CuTe's `make_layout_tv` does, from a thread layout and
//! a value layout: `layout_mn = raked_product(thr, val)` arranges `(thread, value)` pairs over
//! the tile and the TV layout is its right inverse, reshaped to `(size(thr), size(val))`.
//!
//! ```
//! use cute_layout::{tv::make_layout_tv, Layout};
//! let thr: Layout = "(_2,_2):(_2,_1)".parse()?;  // 4 threads, row-major
//! let val: Layout = "(_1,_2):(_2,_1)".parse()?;  // 2 values along a row
//! let tv = make_layout_tv(&thr, &val)?;
//! assert_eq!(tv.tiler.to_string(), "(_2,_4)");
//! assert_eq!(tv.layout.to_string(), "((_2,_2),_2):((_4,_1),_2)");
//! // values are raked: thread 1 (row 0, column 1 of the threads), value 1 sits at (0, 3)
//! assert_eq!(tv.cell_of(1, 1)?, (0, 3));
//! # Ok::<(), cute_layout::LayoutError>(())
//! ```

use crate::algebra::coalesce::coalesce;
use crate::algebra::composition::composition;
use crate::algebra::divide::zipped_divide;
use crate::algebra::inverse::right_inverse;
use crate::algebra::product::raked_product;
use crate::coord::{Coord, CoordLeaf};
use crate::error::{LayoutError, Result};
use crate::int::Int;
use crate::layout::Layout;
use crate::limits::{self, MAX_ENUMERATED, MAX_TEXT_CELLS};
use crate::swizzle::AnyLayout;
use crate::tensor::{Partitioned, Tensor};
use crate::tiler::Tiler;
use crate::tree::Tree;
use crate::tuple::IntTuple;

/// A TV layout with its tile: `layout: (thread, value) -> tile index`, `tiler: (M, N)`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TvLayout {
    /// The tile shape `(M, N)` (per-mode sizes).
    pub tiler: IntTuple,
    /// `(thread, value) -> index` in the column-major `M×N` tile.
    pub layout: Layout,
}

/// One cell of a rendered TV layout.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TvCell {
    /// Row in the tile.
    pub m: i64,
    /// Column in the tile.
    pub n: i64,
    /// The thread that owns the cell.
    pub thread: i64,
    /// The thread's value index.
    pub value: i64,
    /// The offset the layout gives the cell: `L(thread, value)` of a TV layout (the cell's
    /// index `m + M·n` in the column-major tile), what a shared-memory bank is computed from.
    pub offset: i64,
}

/// CuTe's `make_layout_tv(thr_layout, val_layout)`: `(tiler_mn, layout_tv)` with
/// `layout_mn = raked_product(thr, val)`, `layout_tv = right_inverse(layout_mn) ∘
/// (size(thr), size(val))` and `tiler_mn = product_each(shape(layout_mn))`.
///
/// Post-condition (checked): `layout_mn(layout_tv(t, v)) == t + size(thr)·v` for every thread
/// and value, i.e. the threads and values tile the tile exactly once.
///
/// # Errors
/// As [`raked_product`] and [`composition`]; [`LayoutError::Postcondition`] when `thr` and
/// `val` are not compact, so that `(thread, value)` pairs do not cover the tile one-to-one.
///
/// # Examples
/// ```
/// use cute_layout::{tv::make_layout_tv, Layout};
/// let tv = make_layout_tv(&"(_4,_8):(_8,_1)".parse()?, &"(_1,_4):(_4,_1)".parse()?)?;
/// assert_eq!(tv.tiler.to_string(), "(_4,_32)");
/// assert_eq!(tv.layout.shape().to_string(), "((_8,_4),_4)");
/// # Ok::<(), cute_layout::LayoutError>(())
/// ```
pub fn make_layout_tv(thr: &Layout, val: &Layout) -> Result<TvLayout> {
    let layout_mn = raked_product(thr, val)?;
    let (nt, nv) = (thr.size()?, val.size()?);
    let shape = IntTuple::from_leaves([nt, nv]);
    let layout = composition(&right_inverse(&layout_mn)?, &Layout::column_major(&shape)?)?;
    let tiler = layout_mn.shape().product_each()?;
    // `layout_mn ∘ layout_tv` is the identity exactly when it coalesces to `size:1`; only
    // when that cannot be shown algebraically are the pairs enumerated, to find the bad one.
    let size = nt.mul(nv)?.value();
    let is_identity = |l: &Layout| {
        let leaf = |t: &IntTuple| t.as_leaf().map(Int::value);
        size <= 1 || (leaf(l.shape()) == Some(size) && leaf(l.stride()) == Some(1))
    };
    if composition(&layout_mn, &layout).is_ok_and(|l| coalesce(&l).is_ok_and(|c| is_identity(&c))) {
        return Ok(TvLayout { tiler, layout });
    }
    limits::check(
        "make_layout_tv",
        "(thread, value) pairs to check",
        size,
        "MAX_ENUMERATED",
        MAX_ENUMERATED,
        "give compact thread and value layouts (bijections onto [0, size)), or fewer threads and values",
    )?;
    for t in 0..nt.value() {
        for v in 0..nv.value() {
            let idx = layout.call(&IntTuple::from_leaves([Int::dynamic(t), Int::dynamic(v)]))?;
            if layout_mn.eval(idx.value())? != t + nt.value() * v {
                return Err(LayoutError::Postcondition {
                    op: "make_layout_tv",
                    detail: format!(
                        "raked_product({thr}, {val}) = {layout_mn} is not invertible at thread {t}, value {v}"
                    ),
                    hint: "give compact thread and value layouts (bijections onto [0, size))",
                });
            }
        }
    }
    Ok(TvLayout { tiler, layout })
}

impl TvLayout {
    /// A TV layout from its parts.
    ///
    /// # Errors
    /// [`LayoutError::RankMismatch`] unless `layout` has rank 2 and `tiler` rank 2.
    ///
    /// ```
    /// # use cute_layout::tv::TvLayout;
    /// let tv = TvLayout::new("(_4,_2)".parse().unwrap(), "(_4,_2):(_1,_4)".parse().unwrap()).unwrap();
    /// assert_eq!(tv.cell_of(3, 1).unwrap(), (3, 1));
    /// ```
    pub fn new(tiler: IntTuple, layout: Layout) -> Result<TvLayout> {
        if layout.shape().is_leaf() || layout.rank() != 2 || tiler.is_leaf() || tiler.rank() != 2 {
            return Err(LayoutError::RankMismatch {
                op: "TvLayout",
                detail: format!(
                    "the TV layout {layout} and the tile {tiler} must both have rank 2"
                ),
                hint: "give (thread, value) -> index and an (M, N) tile",
            });
        }
        Ok(TvLayout {
            tiler: tiler.product_each()?,
            layout,
        })
    }

    /// Number of threads.
    ///
    /// # Errors
    /// [`LayoutError::Overflow`].
    pub fn threads(&self) -> Result<i64> {
        Ok(self.layout.mode(0)?.size()?.value())
    }

    /// Number of values per thread.
    ///
    /// # Errors
    /// [`LayoutError::Overflow`].
    pub fn values(&self) -> Result<i64> {
        Ok(self.layout.mode(1)?.size()?.value())
    }

    /// `(M, N)` as integers: both positive, with `M·N` within `i64`.
    ///
    /// # Errors
    /// [`LayoutError::IndexOutOfRange`] for a tile of rank < 2; [`LayoutError::InvalidArgument`]
    /// for an extent below 1 (C++ draws no cell of such a tile, and two negative extents
    /// would pass a check of `M·N` as positive); [`LayoutError::Overflow`] when `M·N`
    /// overflows.
    ///
    /// ```
    /// use cute_layout::tv::TvLayout;
    /// let tv = TvLayout::new("(-1,-1)".parse()?, "(32,4):(1,32)".parse()?)?;
    /// assert!(tv.tile_mn().unwrap_err().to_string().contains("extent -1"));
    /// # Ok::<(), cute_layout::LayoutError>(())
    /// ```
    pub fn tile_mn(&self) -> Result<(i64, i64)> {
        let m = self.tiler.get(0)?.size()?.value();
        let n = self.tiler.get(1)?.size()?.value();
        if let Some(bad) = [m, n].into_iter().find(|&x| x < 1) {
            return Err(LayoutError::InvalidArgument {
                op: "TV layout",
                detail: format!(
                    "the tile {} has the extent {bad}: a tile's extents must be positive",
                    self.tiler
                ),
                hint: "give an (M, N) tile of positive extents, e.g. (16,8)",
            });
        }
        if m.checked_mul(n).is_none() {
            return Err(LayoutError::Overflow {
                expr: format!("{m} * {n} (the cells of the tile {})", self.tiler),
            });
        }
        Ok((m, n))
    }

    /// `L(t, v)`: the offset (index into the column-major tile) of thread `t`'s value `v`.
    ///
    /// # Errors
    /// [`LayoutError::Overflow`] evaluating the layout.
    ///
    /// ```
    /// use cute_layout::tv::make_layout_tv;
    /// let tv = make_layout_tv(&"(_2,_1)".parse()?, &"(_1,_2)".parse()?)?;
    /// assert_eq!(tv.offset_of(1, 1)?, 3);
    /// # Ok::<(), cute_layout::LayoutError>(())
    /// ```
    pub fn offset_of(&self, t: i64, v: i64) -> Result<i64> {
        Ok(self
            .layout
            .call(&IntTuple::from_leaves([Int::dynamic(t), Int::dynamic(v)]))?
            .value())
    }

    /// The tile cell `(m, n)` of thread `t`'s value `v`.
    ///
    /// # Errors
    /// [`LayoutError::InvalidArgument`] when the index falls outside the tile.
    pub fn cell_of(&self, t: i64, v: i64) -> Result<(i64, i64)> {
        let (m, n) = self.tile_mn()?;
        let idx = self.offset_of(t, v)?;
        if idx < 0 || idx >= m * n {
            return Err(LayoutError::InvalidArgument {
                op: "TV layout",
                detail: format!(
                    "thread {t}, value {v} maps to index {idx}, outside the {m}x{n} tile"
                ),
                hint: "the TV layout must map into the tile",
            });
        }
        Ok((idx % m, idx / m))
    }

    /// For each cell of the tile, the first `(thread, value)` that maps to it (threads outer,
    /// values inner, as CuTe's `print_latex_tv` fills it); `None` for cells no thread owns.
    /// Indexed `[m][n]`.
    ///
    /// # Errors
    /// As [`TvLayout::cell_of`]; [`LayoutError::InvalidArgument`] for a tile of more than
    /// [`MAX_TEXT_CELLS`] cells or more than [`MAX_ENUMERATED`] `(thread, value)` pairs.
    ///
    /// ```
    /// # use cute_layout::{tv::make_layout_tv, Layout};
    /// let tv = make_layout_tv(&"(_2,_1)".parse().unwrap(), &"(_1,_2)".parse().unwrap()).unwrap();
    /// let g = tv.grid().unwrap();
    /// assert_eq!(g[1][1].map(|c| (c.thread, c.value)), Some((1, 1)));
    /// ```
    pub fn grid(&self) -> Result<Vec<Vec<Option<TvCell>>>> {
        self.grid_within(MAX_TEXT_CELLS, "MAX_TEXT_CELLS")
    }

    /// [`TvLayout::grid`] of a tile of at most `limit` cells (the limit named `name`), checked
    /// with the number of `(thread, value)` pairs against [`MAX_ENUMERATED`] before anything is
    /// allocated.
    ///
    /// # Errors
    /// As [`TvLayout::grid`].
    pub fn grid_within(&self, limit: i64, name: &'static str) -> Result<Vec<Vec<Option<TvCell>>>> {
        let (m, n) = self.tile_mn()?;
        let hint = "draw a smaller tile, or fewer threads and values";
        limits::check(
            "TV grid",
            "cells in the tile",
            m.saturating_mul(n),
            name,
            limit,
            hint,
        )?;
        let pairs = self.threads()?.saturating_mul(self.values()?);
        limits::check(
            "TV grid",
            "(thread, value) pairs",
            pairs,
            "MAX_ENUMERATED",
            MAX_ENUMERATED,
            hint,
        )?;
        let mut g = vec![vec![None; n.max(0) as usize]; m.max(0) as usize];
        for t in 0..self.threads()? {
            for v in 0..self.values()? {
                let (i, j) = self.cell_of(t, v)?;
                let cell = &mut g[i as usize][j as usize];
                if cell.is_none() {
                    *cell = Some(TvCell {
                        m: i,
                        n: j,
                        thread: t,
                        value: v,
                        offset: self.offset_of(t, v)?,
                    });
                }
            }
        }
        Ok(g)
    }
}

/// Thread `tid`'s part of a tensor (a layout over offsets): the tensor is divided into tiles of
/// `tv.tiler`, each tile is composed with the TV layout, and thread `tid` is selected:
/// the result has modes `(values, rest...)`, `result(v, r) = T(tile r, cell layout_tv(tid, v))`.
///
/// # Errors
/// As [`zipped_divide`], [`composition`] and slicing; `tid` outside `[0, threads)`.
///
/// # Examples
/// ```
/// use cute_layout::{tv::{make_layout_tv, tv_partition}, AnyLayout};
/// let tv = make_layout_tv(&"(_2,_2):(_2,_1)".parse()?, &"(_1,_2):(_2,_1)".parse()?)?;
/// let t: AnyLayout = "(_4,_8):(_8,_1)".parse()?; // row-major 4x8
/// let (l, off) = tv_partition(&t, &tv, 1)?;
/// assert_eq!(format!("{l}+{off}"), "(_2,_2,_2):(_1,_16,_4)+2"); // (value, rest tiles)
/// # Ok::<(), cute_layout::LayoutError>(())
/// ```
pub fn tv_partition(layout: &AnyLayout, tv: &TvLayout, tid: i64) -> Result<Partitioned> {
    check_thread(tv, tid)?;
    let tiler = Tiler::from_shape(&tv.tiler);
    let z = layout.map_inner(|l| zipped_divide(l, &tiler))?;
    let r1 = z.inner().mode(1)?.rank();
    let tvz = z.map_inner(|l| compose_tile(l, tv))?;
    tvz.slice_and_offset(&thread_coord(tid, r1)?)
        .map_err(|e| e.within("tv_partition"))
}

/// `tid` must be one of the TV layout's threads.
pub(crate) fn check_thread(tv: &TvLayout, tid: i64) -> Result<()> {
    let threads = tv.threads()?;
    if tid < 0 || tid >= threads {
        return Err(LayoutError::InvalidArgument {
            op: "tv_partition",
            detail: format!("thread {tid} is outside [0, {threads})"),
            hint: "give a thread id below the number of threads of the TV layout",
        });
    }
    Ok(())
}

/// A zipped `(tile, rest)` layout with its tile mode composed with the TV layout:
/// `((thread, value), rest...)`.
pub(crate) fn compose_tile(zipped: &Layout, tv: &TvLayout) -> Result<Layout> {
    Layout::concat([composition(&zipped.mode(0)?, &tv.layout)?, zipped.mode(1)?])
}

/// The slicing coordinate `((tid, _), _...)` that keeps thread `tid`'s values of every tile
/// (`rest_rank` underscores for the rest mode).
pub(crate) fn thread_coord(tid: i64, rest_rank: usize) -> Result<Coord> {
    let thread = Tree::tuple([
        Coord::leaf(CoordLeaf::Index(Int::dynamic(tid))),
        Coord::leaf(CoordLeaf::Underscore),
    ])?;
    Tree::tuple([thread, crate::tensor::underscores(rest_rank)?])
}

impl<D> Tensor<D> {
    /// [`tv_partition`] of the tensor: thread `tid`'s values, tile by tile.
    ///
    /// # Errors
    /// As [`tv_partition`].
    ///
    /// ```
    /// use cute_layout::{tensor::Tensor, tv::make_layout_tv, Layout};
    /// let data: Vec<i32> = (0..32).collect();
    /// let tv = make_layout_tv(&"(_2,_2):(_2,_1)".parse()?, &"(_1,_2):(_2,_1)".parse()?)?;
    /// let t = Tensor::new(&data[..], "(_4,_8):(_8,_1)".parse::<Layout>()?);
    /// assert_eq!(t.tv_partition(&tv, 1)?.to_vec()?, [2, 3, 18, 19, 6, 7, 22, 23]);
    /// # Ok::<(), cute_layout::LayoutError>(())
    /// ```
    pub fn tv_partition(self, tv: &TvLayout, tid: i64) -> Result<Tensor<D>> {
        let p = tv_partition(self.layout(), tv, tid)?;
        self.rebase(p)
    }
}
