//! [`Tensor`]: data plus a layout and an offset, and CuTe's partitioning functions.
//!
//! A tensor is a view `data[offset + L(c)]`: over a borrowed slice (`&[T]`, `&mut [T]`) or an
//! owned `Vec<T>`, with an ordinary or swizzled layout ([`AnyLayout`]). Slicing with `_` and
//! partitioning only change the layout and the offset; the data is shared. Every access checks
//! that the offset lies inside the data and returns an error otherwise.
//!
//! The partitioning functions are also available on bare layouts (a layout is "the tensor over
//! the offsets `0..cosize`"), returning the new layout and the offset they add:
//!
//! | function | definition |
//! |---|---|
//! | [`inner_partition`] = [`local_tile`] | `zipped_divide(T, tiler)(repeat(_), coord)`: the tile at `coord` |
//! | [`outer_partition`] | `zipped_divide(T, tiler)(coord, repeat(_))`: element `coord` of every tile |
//! | [`local_partition`] | `outer_partition(T, product_each(shape(thr)), thr.get_flat_coord(idx))` |
//!
//! ```
//! use cute_layout::{tensor::Tensor, Layout};
//! let data: Vec<i32> = (0..48).collect();
//! let t = Tensor::new(&data[..], "(8,6):(_1,8)".parse::<Layout>()?);
//! let tile = t.view().local_tile(&"(_4,_3)".parse()?, &"(1,1)".parse()?)?;
//! assert_eq!(tile.layout().to_string(), "(_4,_3):(_1,8)");
//! assert_eq!(*tile.get(&"(0,0)".parse()?)?, 28);
//! let part = t.local_partition(&"(_2,_3):(_1,_2)".parse()?, 4)?;
//! assert_eq!(part.to_vec()?, [16, 18, 20, 22, 40, 42, 44, 46]);
//! # Ok::<(), cute_layout::LayoutError>(())
//! ```

use crate::algebra::composition::composition_tiler;
use crate::algebra::divide::{flat_divide, logical_divide, tiled_divide, zipped_divide};
use crate::coord::{crd2idx_shape, Coord, CoordLeaf};
use crate::error::{LayoutError, Result};
use crate::int::Int;
use crate::layout::Layout;
use crate::swizzle::{dice_coord, AnyLayout};
use crate::tiler::Tiler;
use crate::tree::{Tree, TreeRef};
use crate::tuple::IntTuple;
use std::ops::{Deref, DerefMut};

/// A layout (or tensor view) and the offset a partition adds to it.
pub type Partitioned = (AnyLayout, Int);

pub(crate) fn underscores(n: usize) -> Result<Coord> {
    if n == 1 {
        Ok(Coord::leaf(CoordLeaf::Underscore))
    } else {
        Ok(Coord::from_leaves(std::iter::repeat_n(
            CoordLeaf::Underscore,
            n,
        )))
    }
}

/// `append<n>(coord, _)` for a tuple coordinate; a scalar coordinate is returned as is.
pub(crate) fn pad_coord(op: &'static str, coord: &Coord, n: usize) -> Result<Coord> {
    if coord.is_leaf() {
        return Ok(coord.clone());
    }
    if coord.rank() > n {
        return Err(LayoutError::RankMismatch {
            op,
            detail: format!(
                "the coordinate {coord} has {} modes but there are only {n} to index",
                coord.rank()
            ),
            hint: "give at most one coordinate per mode of the tiled layout",
        });
    }
    Tree::tuple(
        coord
            .modes()
            .map(TreeRef::to_tree)
            .chain(std::iter::repeat_n(
                Coord::leaf(CoordLeaf::Underscore),
                n - coord.rank(),
            )),
    )
}

/// `zipped_divide` of a layout, with the ranks of its tile and rest modes.
fn zipped(layout: &AnyLayout, tiler: &Tiler) -> Result<(AnyLayout, usize, usize)> {
    let z = layout.map_inner(|l| zipped_divide(l, tiler))?;
    let (r0, r1) = (z.inner().mode(0)?.rank(), z.inner().mode(1)?.rank());
    Ok((z, r0, r1))
}

/// CuTe's `inner_partition(T, tiler, coord)`: the tile of `zipped_divide(T, tiler)` selected
/// by `coord` in the rest mode. A tuple `coord` is padded with `_` (so modes it does not name
/// survive); an integer indexes the rest mode 1-D.
///
/// # Errors
/// As [`zipped_divide`] and [`Layout::slice_and_offset`].
///
/// # Examples
/// ```
/// use cute_layout::{tensor::inner_partition, AnyLayout};
/// let t: AnyLayout = "(8,6):(_1,8)".parse()?;
/// let (l, off) = inner_partition(&t, &"(_4,_3)".parse()?, &"3".parse()?)?;
/// assert_eq!(format!("{l}+{off}"), "(_4,_3):(_1,8)+28");
/// let (l, _) = inner_partition(&t, &"(_4,_3)".parse()?, &"(1,_)".parse()?)?;
/// assert_eq!(l.to_string(), "(_4,_3,2):(_1,8,24)");
/// # Ok::<(), cute_layout::LayoutError>(())
/// ```
pub fn inner_partition(layout: &AnyLayout, tiler: &Tiler, coord: &Coord) -> Result<Partitioned> {
    let (z, r0, r1) = zipped(layout, tiler)?;
    let c = Tree::tuple([underscores(r0)?, pad_coord("inner_partition", coord, r1)?])?;
    z.slice_and_offset(&c)
        .map_err(|e| e.within("inner_partition"))
}

/// CuTe's `local_tile(T, tiler, coord)`, the same as [`inner_partition`].
///
/// # Errors
/// As [`inner_partition`].
///
/// # Examples
/// ```
/// use cute_layout::{tensor::local_tile, AnyLayout};
/// let t: AnyLayout = "(8,6):(_1,8)".parse()?;
/// let (l, off) = local_tile(&t, &"(_4,_3)".parse()?, &"(1,1)".parse()?)?;
/// assert_eq!(format!("{l}+{off}"), "(_4,_3):(_1,8)+28");
/// # Ok::<(), cute_layout::LayoutError>(())
/// ```
pub fn local_tile(layout: &AnyLayout, tiler: &Tiler, coord: &Coord) -> Result<Partitioned> {
    inner_partition(layout, tiler, coord)
}

/// `dice(proj, tiler)`: the tiler elements where `proj` has an integer (an integer `proj`
/// keeps the whole tiler). A `_` projection keeps nothing, and C++'s `local_tile(T, (), ())`
/// that it leads to does not compile, so it is refused.
pub(crate) fn dice_tiler(proj: &Coord, tiler: &Tiler) -> Result<Tiler> {
    match proj.as_leaf() {
        Some(CoordLeaf::Index(_)) => return Ok(tiler.clone()),
        Some(CoordLeaf::Underscore) => {
            return Err(LayoutError::InvalidArgument {
                op: "dice",
                detail: format!("the projection _ keeps no mode of the tiler {tiler}"),
                hint: "give one projection entry (1 or _) per tiler mode, at least one of them 1",
            })
        }
        None => {}
    }
    let mut kept = Vec::new();
    lift_dice(proj, tiler, &mut kept)?;
    Ok(Tiler::Tuple(kept))
}

/// C++'s `lift_dice`: appends the tiler elements paired with an integer to `kept`. A nested
/// projection's elements join the outer tuple (C++ concatenates with `tuple_cat`), so
/// `dice((1,(1,_)),(a,(b,c)))` is `(a,b)`, as [`dice_coord`] does for the coordinate.
fn lift_dice(proj: &Coord, tiler: &Tiler, kept: &mut Vec<Tiler>) -> Result<()> {
    let ts = match tiler {
        Tiler::Tuple(ts) if ts.len() == proj.rank() => ts,
        _ => {
            return Err(LayoutError::RankMismatch {
                op: "dice",
                detail: format!("the projection {proj} does not match the tiler {tiler}"),
                hint: "give one projection entry (1 or _) per tiler mode",
            })
        }
    };
    for (p, t) in proj.modes().zip(ts) {
        match p.as_leaf() {
            Some(CoordLeaf::Underscore) => {}
            Some(CoordLeaf::Index(_)) => kept.push(t.clone()),
            None => lift_dice(&p.to_tree(), t, kept)?,
        }
    }
    Ok(())
}

/// CuTe's `local_tile(T, tiler, coord, proj)`: `local_tile(T, dice(proj, tiler), dice(proj, coord))`.
/// `proj` is a `Step` written as a coordinate: an integer keeps a mode, `_` (CuTe's `X`) drops it.
///
/// # Errors
/// As [`inner_partition`]; [`LayoutError::RankMismatch`] when `proj` does not fit.
///
/// # Examples
/// ```
/// use cute_layout::{tensor::local_tile_proj, AnyLayout};
/// let t: AnyLayout = "(8,6):(_1,8)".parse()?;
/// let (l, _) = local_tile_proj(&t, &"(_4,_3,_2)".parse()?, &"(1,_,0)".parse()?, &"(1,_,1)".parse()?)?;
/// assert_eq!(l.to_string(), "(_4,_2):(_1,8)");
/// # Ok::<(), cute_layout::LayoutError>(())
/// ```
pub fn local_tile_proj(
    layout: &AnyLayout,
    tiler: &Tiler,
    coord: &Coord,
    proj: &Coord,
) -> Result<Partitioned> {
    inner_partition(layout, &dice_tiler(proj, tiler)?, &dice_coord(proj, coord)?)
}

/// CuTe's `outer_partition(T, tiler, coord)`: element `coord` of every tile of
/// `zipped_divide(T, tiler)` (the tile mode is sliced, the rest kept).
///
/// # Errors
/// As [`inner_partition`].
///
/// # Examples
/// ```
/// use cute_layout::{tensor::outer_partition, AnyLayout};
/// let t: AnyLayout = "(8,6):(_1,8)".parse()?;
/// let (l, off) = outer_partition(&t, &"(_4,_3)".parse()?, &"(1,2)".parse()?)?;
/// assert_eq!(format!("{l}+{off}"), "(2,2):(_4,24)+17");
/// # Ok::<(), cute_layout::LayoutError>(())
/// ```
pub fn outer_partition(layout: &AnyLayout, tiler: &Tiler, coord: &Coord) -> Result<Partitioned> {
    let (z, r0, r1) = zipped(layout, tiler)?;
    let c = Tree::tuple([pad_coord("outer_partition", coord, r0)?, underscores(r1)?])?;
    z.slice_and_offset(&c)
        .map_err(|e| e.within("outer_partition"))
}

/// `idx2crd(idx, shape, stride)` for a compact layout: `(idx / d) % s` per leaf (`0` for
/// extent 1) — CuTe's `get_hier_coord`.
fn hier_coord(idx: Int, layout: &Layout) -> Result<IntTuple> {
    let mut strides = layout.stride().leaves();
    layout.shape().try_map(|s| {
        let d = strides.next().unwrap_or(Int::ZERO);
        if s.value() == 1 {
            return Ok(Int::new(0, s.is_static()));
        }
        Ok(idx.div(d)?.rem(s)?)
    })
}

/// CuTe's `Layout::get_flat_coord(idx)`: the per-mode 1-D coordinates of thread `idx` in a
/// compact layout (a scalar for a rank-1 layout).
///
/// # Errors
/// [`LayoutError::InvalidArgument`] when `idx` is outside `[0, size)` or the layout is not
/// compact (a bijection onto `[0, size)`) at `idx`.
///
/// # Examples
/// ```
/// use cute_layout::{tensor::get_flat_coord, Layout};
/// let thr: Layout = "(_2,_3):(_3,_1)".parse()?;
/// assert_eq!(get_flat_coord(&thr, 4)?.to_string(), "(1,1)");
/// let thr: Layout = "(2,(3,4)):(12,(1,3))".parse()?;
/// assert_eq!(get_flat_coord(&thr, 5)?.to_string(), "(0,5)");
/// # Ok::<(), cute_layout::LayoutError>(())
/// ```
pub fn get_flat_coord(layout: &Layout, idx: impl Into<Int>) -> Result<IntTuple> {
    let idx: Int = idx.into();
    let size = layout.size()?.value();
    let bad = |detail: String| LayoutError::InvalidArgument {
        op: "get_flat_coord",
        detail,
        hint: "the thread layout must be compact: a bijection from its coordinates onto [0, size)",
    };
    if idx.value() < 0 || idx.value() >= size {
        return Err(bad(format!(
            "index {idx} is outside [0, {size}) of {layout}"
        )));
    }
    let hier = hier_coord(idx, layout).map_err(|_| bad(format!("{layout} has a zero stride")))?;
    if layout.call(&hier)?.value() != idx.value() {
        return Err(bad(format!(
            "{layout} does not reach {idx} (got the coordinate {hier})"
        )));
    }
    if layout.shape().is_leaf() {
        return Ok(hier);
    }
    Ok(IntTuple::from_leaves(
        hier.modes()
            .zip(layout.shape().modes())
            .map(|(c, s)| crd2idx_shape(&c.to_tree(), &s.to_tree()))
            .collect::<Result<Vec<_>>>()?,
    ))
}

/// CuTe's `local_partition(T, thr_layout, idx)`: thread `idx`'s elements when the threads of
/// `thr_layout` are spread over `T` tile by tile:
/// `outer_partition(T, product_each(shape(thr)), thr.get_flat_coord(idx))`.
///
/// # Errors
/// As [`get_flat_coord`] and [`outer_partition`].
///
/// # Examples
/// ```
/// use cute_layout::{tensor::local_partition, AnyLayout};
/// let t: AnyLayout = "(8,6):(_1,8)".parse()?;
/// let (l, off) = local_partition(&t, &"(_2,_3):(_1,_2)".parse()?, 4)?;
/// assert_eq!(format!("{l}+{off}"), "(4,2):(_2,24)+16");
/// let (_, off) = local_partition(&t, &"(_2,_3):(_3,_1)".parse()?, 4)?;
/// assert_eq!(off.value(), 9);
/// # Ok::<(), cute_layout::LayoutError>(())
/// ```
pub fn local_partition(
    layout: &AnyLayout,
    thr: &Layout,
    idx: impl Into<Int>,
) -> Result<Partitioned> {
    let tiler = Tiler::from_shape(&thr.shape().product_each()?);
    let c = Coord::from_int_tuple(&get_flat_coord(thr, idx)?);
    outer_partition(layout, &tiler, &c)
}

/// CuTe's `local_partition(T, thr_layout, idx, proj)`: `local_partition(T, dice(proj, thr), idx)`.
///
/// `idx` is a thread of the whole `thr_layout`, as in the CuTe tutorial's
/// `local_partition(sB, tC, threadIdx.x, Step<X,_1>{})`: C++ takes the diced layout's
/// coordinate of `idx`, mode by mode `(idx / d) % s`, which is the whole layout's coordinate of
/// `idx` diced; so `idx` is checked against the whole layout (a thread of it), not against the
/// diced one (whose post-condition `L(coord) == idx` holds only for the threads it keeps). A
/// projection with nested entries takes the diced layout's coordinate of `idx` itself.
///
/// # Errors
/// As [`local_partition`] and [`Layout::dice`].
///
/// # Examples
/// ```
/// use cute_layout::{tensor::local_partition_proj, AnyLayout};
/// let t: AnyLayout = "(8,6):(_1,8)".parse()?;
/// let (l, off) = local_partition_proj(&t, &"(_2,_3):(_1,_2)".parse()?, 1, &"(1,_)".parse()?)?;
/// assert_eq!(format!("{l}+{off}"), "(4,6):(_2,8)+1");
/// // thread 5 of the (2,3) threads is at (1,2), in mode 0 where thread 1 is: the same part
/// let (l, off) = local_partition_proj(&t, &"(_2,_3):(_1,_2)".parse()?, 5, &"(1,_)".parse()?)?;
/// assert_eq!(format!("{l}+{off}"), "(4,6):(_2,8)+1");
/// # Ok::<(), cute_layout::LayoutError>(())
/// ```
pub fn local_partition_proj(
    layout: &AnyLayout,
    thr: &Layout,
    idx: impl Into<Int>,
    proj: &Coord,
) -> Result<Partitioned> {
    let idx: Int = idx.into();
    let diced = thr.dice(proj)?;
    let flat = proj.rank() == thr.shape().rank() && proj.modes().all(|p| p.is_leaf());
    if !flat {
        return local_partition(layout, &diced, idx);
    }
    let tiler = Tiler::from_shape(&diced.shape().product_each()?);
    let c = get_flat_coord(thr, idx)?.dice(proj)?;
    outer_partition(layout, &tiler, &Coord::from_int_tuple(&c))
}

/// A tensor: `data[offset + L(c)]` for the coordinates `c` of `L`.
///
/// `D` is `&[T]`, `&mut [T]` or `Vec<T>` (anything that dereferences to a slice). Layout
/// operations consume the tensor and return it with a new layout and offset, so call them on
/// [`Tensor::view`] / [`Tensor::view_mut`] to keep the original.
///
/// # Examples
/// ```
/// use cute_layout::{tensor::Tensor, Layout};
/// let mut t = Tensor::new(vec![0; 6], "(2,3):(3,1)".parse::<Layout>()?);
/// *t.get_mut(&"(1,2)".parse()?)? = 7;
/// assert_eq!(t.data(), &[0, 0, 0, 0, 0, 7]);
/// let row = t.view().slice(&"(1,_)".parse()?)?;
/// assert_eq!((row.layout().to_string(), row.offset()), ("(3):(1)".to_string(), 3));
/// assert!(t.at(7).is_err()); // offset 6 is past the data: an error, not a panic
/// # Ok::<(), cute_layout::LayoutError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Tensor<D> {
    data: D,
    layout: AnyLayout,
    offset: i64,
}

impl<D> Tensor<D> {
    /// `make_tensor(data, layout)` at offset 0.
    pub fn new(data: D, layout: impl Into<AnyLayout>) -> Tensor<D> {
        Tensor {
            data,
            layout: layout.into(),
            offset: 0,
        }
    }

    /// The same tensor starting at `offset` in the data.
    pub fn with_offset(mut self, offset: i64) -> Tensor<D> {
        self.offset = offset;
        self
    }

    /// The layout.
    pub fn layout(&self) -> &AnyLayout {
        &self.layout
    }

    /// The offset of coordinate 0 in the data.
    pub fn offset(&self) -> i64 {
        self.offset
    }

    /// The underlying data.
    pub fn data(&self) -> &D {
        &self.data
    }

    /// The underlying data, giving up the view.
    pub fn into_data(self) -> D {
        self.data
    }

    pub(crate) fn rebase(self, (layout, off): Partitioned) -> Result<Tensor<D>> {
        let offset = self
            .offset
            .checked_add(off.value())
            .ok_or_else(|| LayoutError::Overflow {
                expr: format!("{} + {off}", self.offset),
            })?;
        Ok(Tensor {
            data: self.data,
            layout,
            offset,
        })
    }

    /// `T(c)` with `_` in `c`: the sub-tensor of the `_` modes.
    ///
    /// # Errors
    /// As [`AnyLayout::slice_and_offset`].
    pub fn slice(self, coord: &Coord) -> Result<Tensor<D>> {
        let p = self.layout.slice_and_offset(coord)?;
        self.rebase(p)
    }

    /// Applies a layout transformation, keeping the data and the offset.
    ///
    /// # Errors
    /// The error of `f`.
    pub fn map_layout(self, f: impl FnOnce(&Layout) -> Result<Layout>) -> Result<Tensor<D>> {
        let l = self.layout.map_inner(f)?;
        self.rebase((l, Int::ZERO))
    }

    /// `composition(T, tiler)`.
    ///
    /// # Errors
    /// As [`composition_tiler`].
    pub fn compose(self, tiler: &Tiler) -> Result<Tensor<D>> {
        self.map_layout(|l| composition_tiler(l, tiler))
    }

    /// `logical_divide(T, tiler)`.
    ///
    /// # Errors
    /// As [`logical_divide`].
    pub fn logical_divide(self, tiler: &Tiler) -> Result<Tensor<D>> {
        self.map_layout(|l| logical_divide(l, tiler))
    }

    /// `zipped_divide(T, tiler)`.
    ///
    /// # Errors
    /// As [`zipped_divide`].
    pub fn zipped_divide(self, tiler: &Tiler) -> Result<Tensor<D>> {
        self.map_layout(|l| zipped_divide(l, tiler))
    }

    /// `tiled_divide(T, tiler)`.
    ///
    /// # Errors
    /// As [`tiled_divide`].
    pub fn tiled_divide(self, tiler: &Tiler) -> Result<Tensor<D>> {
        self.map_layout(|l| tiled_divide(l, tiler))
    }

    /// `flat_divide(T, tiler)`.
    ///
    /// # Errors
    /// As [`flat_divide`].
    pub fn flat_divide(self, tiler: &Tiler) -> Result<Tensor<D>> {
        self.map_layout(|l| flat_divide(l, tiler))
    }

    /// [`inner_partition`] of the tensor.
    ///
    /// # Errors
    /// As [`inner_partition`].
    pub fn inner_partition(self, tiler: &Tiler, coord: &Coord) -> Result<Tensor<D>> {
        let p = inner_partition(&self.layout, tiler, coord)?;
        self.rebase(p)
    }

    /// [`local_tile`] of the tensor.
    ///
    /// # Errors
    /// As [`inner_partition`].
    pub fn local_tile(self, tiler: &Tiler, coord: &Coord) -> Result<Tensor<D>> {
        self.inner_partition(tiler, coord)
    }

    /// [`local_tile_proj`] of the tensor.
    ///
    /// # Errors
    /// As [`local_tile_proj`].
    pub fn local_tile_proj(self, tiler: &Tiler, coord: &Coord, proj: &Coord) -> Result<Tensor<D>> {
        let p = local_tile_proj(&self.layout, tiler, coord, proj)?;
        self.rebase(p)
    }

    /// [`outer_partition`] of the tensor.
    ///
    /// # Errors
    /// As [`outer_partition`].
    pub fn outer_partition(self, tiler: &Tiler, coord: &Coord) -> Result<Tensor<D>> {
        let p = outer_partition(&self.layout, tiler, coord)?;
        self.rebase(p)
    }

    /// [`local_partition`] of the tensor.
    ///
    /// # Errors
    /// As [`local_partition`].
    pub fn local_partition(self, thr: &Layout, idx: impl Into<Int>) -> Result<Tensor<D>> {
        let p = local_partition(&self.layout, thr, idx)?;
        self.rebase(p)
    }

    /// [`local_partition_proj`] of the tensor.
    ///
    /// # Errors
    /// As [`local_partition_proj`].
    pub fn local_partition_proj(
        self,
        thr: &Layout,
        idx: impl Into<Int>,
        proj: &Coord,
    ) -> Result<Tensor<D>> {
        let p = local_partition_proj(&self.layout, thr, idx, proj)?;
        self.rebase(p)
    }

    /// The data position of coordinate `c`, checked against `len`.
    fn position(&self, off: i64, len: usize, what: &dyn std::fmt::Display) -> Result<usize> {
        let pos = self
            .offset
            .checked_add(off)
            .ok_or_else(|| LayoutError::Overflow {
                expr: format!("{} + {off}", self.offset),
            })?;
        if pos < 0 || pos as u64 >= len as u64 {
            return Err(LayoutError::InvalidArgument {
                op: "tensor access",
                detail: format!(
                    "{what} maps to data offset {pos} = {} + {off}, outside the {len} elements of the data",
                    self.offset
                ),
                hint: "the layout and offset must stay inside the data",
            });
        }
        Ok(pos as usize)
    }
}

impl<T, D: Deref<Target = [T]>> Tensor<D> {
    /// A borrowed view of the same tensor.
    pub fn view(&self) -> Tensor<&[T]> {
        Tensor {
            data: &self.data[..],
            layout: self.layout.clone(),
            offset: self.offset,
        }
    }

    /// `T(c)`: the element at a coordinate (an index, a natural coordinate or a mix).
    ///
    /// # Errors
    /// As [`AnyLayout::call`]; [`LayoutError::InvalidArgument`] when the offset is outside the
    /// data.
    pub fn get(&self, coord: &IntTuple) -> Result<&T> {
        let off = self.layout.call(coord)?.value();
        let p = self.position(off, self.data.len(), coord)?;
        Ok(&self.data[p])
    }

    /// `T(i)` at a 1-D index.
    ///
    /// # Errors
    /// As [`Tensor::get`].
    pub fn at(&self, index: i64) -> Result<&T> {
        let off = self.layout.eval(index)?;
        let p = self.position(off, self.data.len(), &index)?;
        Ok(&self.data[p])
    }

    /// The data positions of every element, in index order (all checked).
    ///
    /// # Errors
    /// As [`Tensor::get`].
    pub fn positions(&self) -> Result<Vec<usize>> {
        self.layout
            .offsets()?
            .into_iter()
            .enumerate()
            .map(|(i, off)| self.position(off, self.data.len(), &i))
            .collect()
    }

    /// The elements in index order (colexicographic in the coordinates).
    ///
    /// # Errors
    /// As [`Tensor::positions`] (checked before anything is yielded).
    pub fn iter<'a>(&'a self) -> Result<impl Iterator<Item = &'a T> + 'a>
    where
        T: 'a,
    {
        let pos = self.positions()?;
        Ok(pos.into_iter().map(move |p| &self.data[p]))
    }

    /// The elements in index order, cloned.
    ///
    /// # Errors
    /// As [`Tensor::positions`].
    pub fn to_vec(&self) -> Result<Vec<T>>
    where
        T: Clone,
    {
        Ok(self.iter()?.cloned().collect())
    }
}

impl<T, D: DerefMut<Target = [T]>> Tensor<D> {
    /// A mutable view of the same tensor.
    pub fn view_mut(&mut self) -> Tensor<&mut [T]> {
        Tensor {
            data: &mut self.data[..],
            layout: self.layout.clone(),
            offset: self.offset,
        }
    }

    /// The element at a coordinate, mutably.
    ///
    /// # Errors
    /// As [`Tensor::get`].
    pub fn get_mut(&mut self, coord: &IntTuple) -> Result<&mut T> {
        let off = self.layout.call(coord)?.value();
        let p = self.position(off, self.data.len(), coord)?;
        Ok(&mut self.data[p])
    }

    /// The element at a 1-D index, mutably.
    ///
    /// # Errors
    /// As [`Tensor::get`].
    pub fn at_mut(&mut self, index: i64) -> Result<&mut T> {
        let off = self.layout.eval(index)?;
        let p = self.position(off, self.data.len(), &index)?;
        Ok(&mut self.data[p])
    }

    /// Calls `f(i, element)` for every element in index order.
    ///
    /// # Errors
    /// As [`Tensor::positions`] (checked before anything is changed).
    pub fn for_each_mut(&mut self, mut f: impl FnMut(usize, &mut T)) -> Result<()> {
        for (i, p) in self.positions()?.into_iter().enumerate() {
            f(i, &mut self.data[p]);
        }
        Ok(())
    }
}
