//! Scaled-basis strides (`E<i>`, printed `_1@0`) and identity layouts.
//!
//! An identity layout maps a coordinate to itself: its strides are the unit vectors of the
//! coordinate space, `E<i,j,...>` selecting mode `i`, sub-mode `j`, ... and scaled by an
//! integer (`3@1` is `3·E<1>`). CuTe uses them for identity tensors, whose partitions tell each
//! thread *which coordinates* it owns (for predication).
//!
//! Operations that only reshape the domain (composition with a tiler, the divides) never add
//! two different basis vectors, so they are computed by the ordinary integer algebra on an
//! encoding: each basis direction becomes a distinct large prime, the layout is transformed,
//! and every resulting stride is decoded back (the primes exceed every extent, so no two
//! directions are ever confused by coalescing). A zero stride keeps its direction in C++
//! (`_0@1`), which no integer can carry through the algebra as a zero: where a layout has one,
//! the operation runs a second time with each zero stride of direction `p` replaced by a marker
//! prime of its own, and a stride that is zero in the first run and a multiple of `p`'s marker
//! in the second is `0@p` (one that is zero in both, as C++'s shortcut for a static stride-0
//! tiler mode makes it, is a plain `_0`). `coalesce` merges along one direction natively. Offsets,
//! which do add directions, are evaluated directly as coordinate tuples.
//!
//! [`IdentityTensor`] (`make_identity_tensor`) is the tensor over an identity layout: element `c`
//! is the coordinate `c`, and its slices and partitions (`local_tile`, `inner_partition`,
//! `outer_partition`, `local_partition`) give the coordinates each tile or thread owns.
//!
//! ```
//! use cute_layout::{basis::BasisLayout, IntTuple};
//! let id = BasisLayout::identity(&"(_2,(_3,_4))".parse()?)?;
//! assert_eq!(id.to_string(), "(_2,(_3,_4)):(_1@0,(_1@0@1,_1@1@1))");
//! assert_eq!(id.eval(17)?.to_string(), "(1,(2,2))");
//! # Ok::<(), cute_layout::LayoutError>(())
//! ```

use crate::algebra::divide::zipped_divide;
use crate::coord::{idx2crd, slice_tree, Coord};
use crate::error::{LayoutError, Result};
use crate::int::Int;
use crate::layout::Layout;
use crate::tiler::Tiler;
use crate::tree::{Tree, TreeRef};
use crate::tuple::IntTuple;
use std::fmt;

pub use crate::limits::MAX_BASIS_DEPTH;

/// Primes encoding the basis directions in [`BasisLayout::map_layout`].
const PRIMES: [i64; 16] = [
    2147483647, 2147483629, 2147483587, 2147483579, 2147483563, 2147483549, 2147483543, 2147483497,
    2147483489, 2147483477, 2147483423, 2147483399, 2147483353, 2147483323, 2147483269, 2147483249,
];

/// Markers of the zero strides of each direction in [`BasisLayout::map_layout`]'s second run:
/// primes distinct from [`PRIMES`], so that no stride of the second run is a multiple of both.
const ZERO_MARKERS: [i64; 16] = [
    2147483237, 2147483179, 2147483171, 2147483137, 2147483123, 2147483077, 2147483069, 2147483059,
    2147483053, 2147483033, 2147483029, 2147482951, 2147482949, 2147482943, 2147482937, 2147482921,
];

/// `value · E<path>`: printed as the value followed by `@k` for each index, innermost first
/// (`E<1,0>` is `_1@0@1`); an empty path is a plain integer.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ScaledBasis {
    value: Int,
    path: [u16; MAX_BASIS_DEPTH],
    len: u8,
}

impl ScaledBasis {
    /// `value · E<path...>`.
    ///
    /// # Errors
    /// [`LayoutError::InvalidArgument`] for a path deeper than [`MAX_BASIS_DEPTH`] or an index
    /// above 65535.
    ///
    /// ```
    /// # use cute_layout::{basis::ScaledBasis, Int};
    /// assert_eq!(ScaledBasis::new(Int::fixed(1), &[0, 1]).unwrap().to_string(), "_1@1@0");
    /// assert_eq!(ScaledBasis::new(Int::dynamic(3), &[1]).unwrap().to_string(), "3@1");
    /// ```
    pub fn new(value: Int, path: &[usize]) -> Result<ScaledBasis> {
        if path.len() > MAX_BASIS_DEPTH || path.iter().any(|&i| i > u16::MAX as usize) {
            return Err(LayoutError::InvalidArgument {
                op: "ScaledBasis",
                detail: format!("the basis path {path:?} is too deep or too wide"),
                hint: "scaled-basis layouts support 8 levels of nesting",
            });
        }
        let mut p = [0u16; MAX_BASIS_DEPTH];
        for (k, &i) in path.iter().enumerate() {
            p[k] = i as u16;
        }
        Ok(ScaledBasis {
            value,
            path: p,
            len: path.len() as u8,
        })
    }

    /// The scale.
    pub fn value(self) -> Int {
        self.value
    }

    /// The mode path `i, j, ...` of `E<i,j,...>`.
    pub fn path(&self) -> Vec<usize> {
        self.path[..self.len as usize]
            .iter()
            .map(|&i| i as usize)
            .collect()
    }
}

impl fmt::Display for ScaledBasis {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        crate::print::padded(f, fmt::Alignment::Left, |f| {
            self.value.fmt(f)?;
            for i in self.path[..self.len as usize].iter().rev() {
                write!(f, "@{i}")?;
            }
            Ok(())
        })
    }
}

/// A layout whose strides are scaled basis vectors: `shape : stride` maps a coordinate to a
/// coordinate tuple congruent to `coshape`.
///
/// Two basis layouts are equal when their shapes and strides are, as C++ compares layouts
/// (`operator==` of `Layout`): the codomain is kept from where the layout came (a slice of
/// `make_identity_layout((4,3))` still yields 2-D coordinates), but C++'s type holds only
/// shape and stride and prints only them, so a printed basis layout reads back equal to itself.
///
/// ```
/// use cute_layout::{make_identity_tensor, value::Value};
/// let sliced = make_identity_tensor(&"(4,3)".parse()?)?.slice(&"(_,1)".parse()?)?;
/// assert_eq!(sliced.layout().to_string(), "(4):(_1@0)");
/// let read: Value = sliced.layout().to_string().parse()?;
/// assert_eq!(read, Value::Basis(Box::new(sliced.layout().clone())));
/// # Ok::<(), cute_layout::LayoutError>(())
/// ```
#[derive(Clone, Debug)]
pub struct BasisLayout {
    shape: IntTuple,
    stride: Tree<ScaledBasis>,
    coshape: IntTuple,
}

impl PartialEq for BasisLayout {
    fn eq(&self, other: &BasisLayout) -> bool {
        self.shape == other.shape && self.stride == other.stride
    }
}

impl Eq for BasisLayout {}

/// The profile of a tuple: its structure, every leaf `_0` (only the structure of a codomain
/// matters).
fn profile(t: &IntTuple) -> IntTuple {
    t.map(|_| Int::ZERO)
}

/// The smallest codomain profile with a leaf at each of `paths`; `None` when one path is a
/// proper prefix of another (a mode both leaf and tuple).
fn codomain(paths: &[Vec<usize>]) -> Option<IntTuple> {
    if paths.iter().all(Vec::is_empty) {
        return Some(IntTuple::int(Int::ZERO));
    }
    if paths.iter().any(Vec::is_empty) {
        return None;
    }
    let rank = paths.iter().map(|p| p[0] + 1).max().unwrap_or(0);
    let modes = (0..rank)
        .map(|i| {
            let rest: Vec<Vec<usize>> = paths
                .iter()
                .filter(|p| p[0] == i)
                .map(|p| p[1..].to_vec())
                .collect();
            codomain(&rest)
        })
        .collect::<Option<Vec<_>>>()?;
    IntTuple::tuple(modes).ok()
}

fn leaf_paths(t: TreeRef<'_, Int>, path: &mut Vec<usize>, out: &mut Vec<Vec<usize>>) {
    if t.is_leaf() {
        out.push(path.clone());
        return;
    }
    for (i, m) in t.modes().enumerate() {
        path.push(i);
        leaf_paths(m, path, out);
        path.pop();
    }
}

impl BasisLayout {
    /// `make_identity_layout(shape)`: `shape : make_basis_like(shape)`, so `L(c) == c`.
    ///
    /// # Errors
    /// As [`ScaledBasis::new`].
    ///
    /// ```
    /// # use cute_layout::basis::BasisLayout;
    /// let id = BasisLayout::identity(&"(4,3)".parse().unwrap()).unwrap();
    /// assert_eq!(id.to_string(), "(4,3):(_1@0,_1@1)");
    /// assert_eq!(id.call(&"(2,1)".parse().unwrap()).unwrap().to_string(), "(2,1)");
    /// ```
    pub fn identity(shape: &IntTuple) -> Result<BasisLayout> {
        let mut paths = Vec::new();
        leaf_paths(shape.as_ref(), &mut Vec::new(), &mut paths);
        let mut it = paths.into_iter();
        let stride =
            shape.try_map(|_| ScaledBasis::new(Int::ONE, &it.next().unwrap_or_default()))?;
        Ok(BasisLayout {
            shape: shape.clone(),
            stride,
            coshape: profile(shape),
        })
    }

    /// The basis layout `shape : stride` written as a literal, e.g. `(2,3):(_1@0,_1@1)`; its
    /// codomain (the modes of `L(c)`) is the smallest one the strides' paths name: one mode
    /// per index used at each level.
    ///
    /// # Errors
    /// [`LayoutError::NotCongruent`]; [`LayoutError::InvalidArgument`] when a stride that is a
    /// plain integer (no `@`) stands beside basis strides.
    ///
    /// ```
    /// # use cute_layout::{basis::{BasisLayout, ScaledBasis}, tree::Tree, Int};
    /// let e = |v, p: &[usize]| ScaledBasis::new(Int::fixed(v), p).unwrap();
    /// let l = BasisLayout::new("(2,3)".parse()?, Tree::from_leaves([e(1, &[0]), e(1, &[1])]))?;
    /// assert_eq!(l, BasisLayout::identity(&"(2,3)".parse()?)?);
    /// assert_eq!(l.call(&"(1,2)".parse()?)?.to_string(), "(1,2)");
    /// # Ok::<(), cute_layout::LayoutError>(())
    /// ```
    pub fn new(shape: IntTuple, stride: Tree<ScaledBasis>) -> Result<BasisLayout> {
        if !shape.congruent(&stride) {
            return Err(LayoutError::NotCongruent {
                shape: shape.to_string(),
                stride: stride.to_string(),
            });
        }
        // (a zero stride with a direction, `_0@1`, still names a mode of the codomain)
        let paths: Vec<Vec<usize>> = stride
            .leaves()
            .filter(|d| d.value.value() != 0 || d.len > 0)
            .map(|d| d.path())
            .collect();
        let coshape = codomain(&paths).ok_or_else(|| LayoutError::InvalidArgument {
            op: "basis layout",
            detail: format!("the stride {stride} mixes plain integers with basis vectors `@i`"),
            hint: "give every nonzero stride a basis index, e.g. `_1@0`",
        })?;
        Ok(BasisLayout {
            shape,
            stride,
            coshape,
        })
    }

    /// The shape.
    pub fn shape(&self) -> &IntTuple {
        &self.shape
    }

    /// The strides.
    pub fn stride(&self) -> &Tree<ScaledBasis> {
        &self.stride
    }

    /// `L(c)`: `Σ cᵢ · strideᵢ` as a coordinate tuple congruent to the codomain shape.
    ///
    /// # Errors
    /// As [`idx2crd`]; [`LayoutError::Overflow`].
    pub fn call(&self, coord: &IntTuple) -> Result<IntTuple> {
        let natural = idx2crd(coord, &self.shape)?;
        let mut acc: Vec<(Vec<usize>, Int)> = Vec::new();
        for (c, d) in natural.leaves().zip(self.stride.leaves()) {
            let v = c.mul(d.value)?;
            acc.push((d.path(), v));
        }
        let mut paths = Vec::new();
        leaf_paths(self.coshape.as_ref(), &mut Vec::new(), &mut paths);
        let mut k = 0;
        self.coshape.try_map(|_| {
            let p = &paths[k];
            k += 1;
            Ok(acc
                .iter()
                .filter(|(q, _)| q == p)
                .try_fold(Int::ZERO, |s, (_, v)| s.add(*v))?)
        })
    }

    /// `L(i)` at a 1-D index.
    ///
    /// # Errors
    /// As [`BasisLayout::call`].
    pub fn eval(&self, index: i64) -> Result<IntTuple> {
        self.call(&IntTuple::int(Int::dynamic(index)))
    }

    /// `slice_and_offset(c, L)`: the layout of the `_` modes and the coordinate offset.
    ///
    /// # Errors
    /// As [`Layout::slice`].
    pub fn slice_and_offset(&self, coord: &Coord) -> Result<(BasisLayout, IntTuple)> {
        let offset = self.call(&coord.underscores_as_zero())?;
        Ok((
            BasisLayout {
                shape: slice_tree(coord, &self.shape, true)?,
                stride: slice_tree(coord, &self.stride, true)?,
                coshape: self.coshape.clone(),
            },
            offset,
        ))
    }

    /// Applies a domain-reshaping layout operation (composition with a tiler, a divide) to the
    /// basis layout, through the prime encoding described in the module documentation.
    ///
    /// # Errors
    /// The error of `f`; [`LayoutError::Postcondition`] if `f` mixed basis directions (added
    /// strides), which such operations never do; more than 16 directions.
    ///
    /// ```
    /// # use cute_layout::{basis::BasisLayout, logical_divide};
    /// let id = BasisLayout::identity(&"(8,6)".parse().unwrap()).unwrap();
    /// let d = id.map_layout(|l| logical_divide(l, &"(_4,_3)".parse().unwrap())).unwrap();
    /// assert_eq!(d.to_string(), "((_4,2),(_3,2)):((_1@0,_4@0),(_1@1,_3@1))");
    /// ```
    pub fn map_layout(&self, f: impl Fn(&Layout) -> Result<Layout>) -> Result<BasisLayout> {
        // at most PRIMES.len() directions are kept, so that the search is linear in the modes
        let mut dirs: Vec<Vec<usize>> = Vec::new();
        for d in self.stride.leaves() {
            let path = d.path();
            if !dirs.contains(&path) {
                if dirs.len() == PRIMES.len() {
                    return Err(LayoutError::InvalidArgument {
                        op: "scaled-basis layout",
                        detail: format!("more than {} basis directions", PRIMES.len()),
                        hint: "at most 16 coordinate modes are supported",
                    });
                }
                dirs.push(path);
            }
        }
        let direction = |d: &ScaledBasis| dirs.iter().position(|p| *p == d.path()).unwrap_or(0);
        // The encoding: `v·E<p>` is `v·PRIMES[p]`; with `zeros`, `0·E<p>` is `ZERO_MARKERS[p]`.
        let encode = |zeros: bool| {
            self.stride
                .try_map(|d| match d.value.value() == 0 && zeros {
                    true => Ok(Int::new(ZERO_MARKERS[direction(&d)], d.value.is_static())),
                    false => Ok(d.value.mul(Int::fixed(PRIMES[direction(&d)]))?),
                })
        };
        let r = f(&Layout::new(self.shape.clone(), encode(false)?)?)?;
        let has_zero = self.stride.leaves().any(|d| d.value.value() == 0);
        let probe = match has_zero {
            true => Some(f(&Layout::new(self.shape.clone(), encode(true)?)?)?),
            false => None,
        };
        if let Some(p) = &probe {
            if p.shape() != r.shape() {
                return Err(LayoutError::Postcondition {
                    op: "scaled-basis layout",
                    detail: format!("the zero strides of {self} cannot be followed through the operation: it merges them into {r}, where C++ keeps each zero stride with its basis direction"),
                    hint: "coalesce the layout first, or give the zero strides one direction",
                });
            }
        }
        let probes: Vec<Int> = probe.iter().flat_map(|p| p.stride().leaves()).collect();
        let mut k = 0;
        let stride = r.stride().try_map(|d| {
            let marked = probes.get(k).copied();
            k += 1;
            if d.value() == 0 {
                let dir = marked.and_then(|m| {
                    (m.value() != 0)
                        .then(|| {
                            ZERO_MARKERS[..dirs.len()]
                                .iter()
                                .position(|z| m.value() % z == 0)
                        })
                        .flatten()
                });
                return match dir {
                    Some(k) => ScaledBasis::new(d, &dirs[k]),
                    None => ScaledBasis::new(d, &[]),
                };
            }
            match PRIMES[..dirs.len()].iter().position(|p| d.value() % p == 0) {
                Some(k) => ScaledBasis::new(d.div(Int::fixed(PRIMES[k]))?, &dirs[k]),
                None => Err(LayoutError::Postcondition {
                    op: "scaled-basis layout",
                    detail: format!("the stride {d} of {r} is not a scaled basis vector"),
                    hint: "only operations that reshape the domain apply to identity layouts",
                }),
            }
        })?;
        Ok(BasisLayout {
            shape: r.shape().clone(),
            stride,
            coshape: self.coshape.clone(),
        })
    }

    /// `local_tile(identity, tiler, coord)`: the coordinates of tile `coord` (see
    /// [`crate::tensor::inner_partition`]), as a layout and the coordinate of its first element.
    ///
    /// # Errors
    /// As [`BasisLayout::map_layout`] and slicing.
    ///
    /// ```
    /// # use cute_layout::basis::BasisLayout;
    /// let id = BasisLayout::identity(&"(10,6)".parse().unwrap()).unwrap();
    /// let (tile, start) = id.local_tile(&"(_4,_3)".parse().unwrap(), &"(2,1)".parse().unwrap()).unwrap();
    /// assert_eq!(format!("{tile}+{start}"), "(_4,_3):(_1@0,_1@1)+(8,3)");
    /// // past the edge of the 10 rows: coordinates beyond the shape, for predication
    /// assert_eq!(tile.call(&"(3,0)".parse().unwrap()).unwrap().to_string(), "(3,0)");
    /// ```
    pub fn local_tile(&self, tiler: &Tiler, coord: &Coord) -> Result<(BasisLayout, IntTuple)> {
        let z = self.map_layout(|l| zipped_divide(l, tiler))?;
        let r0 = z.shape.get(0)?.rank();
        let r1 = z.shape.get(1)?.rank();
        let c = Tree::tuple([
            crate::tensor::underscores(r0)?,
            crate::tensor::pad_coord("local_tile", coord, r1)?,
        ])?;
        z.slice_and_offset(&c)
    }
}

impl fmt::Display for BasisLayout {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        crate::print::padded(f, fmt::Alignment::Left, |f| {
            write!(f, "{}:{}", self.shape, self.stride)
        })
    }
}

impl BasisLayout {
    /// `zipped_divide` of the basis layout, with the ranks of its tile and rest modes.
    fn zipped(&self, tiler: &Tiler) -> Result<(BasisLayout, usize, usize)> {
        let z = self.map_layout(|l| zipped_divide(l, tiler))?;
        let r0 = z.shape.get(0)?.rank();
        let r1 = z.shape.get(1)?.rank();
        Ok((z, r0, r1))
    }

    /// [`crate::tensor::inner_partition`] of an identity layout: the tile at `coord` (the same
    /// as [`BasisLayout::local_tile`]), as a layout and the coordinate of its first element.
    ///
    /// # Errors
    /// As [`BasisLayout::map_layout`] and slicing.
    ///
    /// ```
    /// # use cute_layout::basis::BasisLayout;
    /// let id = BasisLayout::identity(&"(8,6)".parse().unwrap()).unwrap();
    /// let (tile, start) = id.inner_partition(&"(_4,_3)".parse().unwrap(), &"3".parse().unwrap()).unwrap();
    /// assert_eq!(format!("{tile}+{start}"), "(_4,_3):(_1@0,_1@1)+(4,3)");
    /// ```
    pub fn inner_partition(&self, tiler: &Tiler, coord: &Coord) -> Result<(BasisLayout, IntTuple)> {
        self.local_tile(tiler, coord)
    }

    /// [`crate::tensor::outer_partition`] of an identity layout: element `coord` of every tile.
    ///
    /// # Errors
    /// As [`BasisLayout::map_layout`] and slicing.
    ///
    /// ```
    /// # use cute_layout::basis::BasisLayout;
    /// let id = BasisLayout::identity(&"(8,6)".parse().unwrap()).unwrap();
    /// let (l, start) = id.outer_partition(&"(_4,_3)".parse().unwrap(), &"(1,2)".parse().unwrap()).unwrap();
    /// assert_eq!(format!("{l}+{start}"), "(2,2):(_4@0,_3@1)+(1,2)");
    /// ```
    pub fn outer_partition(&self, tiler: &Tiler, coord: &Coord) -> Result<(BasisLayout, IntTuple)> {
        let (z, r0, r1) = self.zipped(tiler)?;
        let c = Tree::tuple([
            crate::tensor::pad_coord("outer_partition", coord, r0)?,
            crate::tensor::underscores(r1)?,
        ])?;
        z.slice_and_offset(&c)
    }

    /// [`crate::tensor::local_partition`] of an identity layout: the coordinates thread `idx`
    /// of `thr` owns, `outer_partition(L, product_each(shape(thr)), thr.get_flat_coord(idx))`.
    ///
    /// # Errors
    /// As [`crate::tensor::get_flat_coord`] and [`BasisLayout::outer_partition`].
    ///
    /// ```
    /// # use cute_layout::basis::BasisLayout;
    /// let id = BasisLayout::identity(&"(8,6)".parse().unwrap()).unwrap();
    /// let (l, start) = id.local_partition(&"(_2,_3):(_1,_2)".parse().unwrap(), 4).unwrap();
    /// assert_eq!(format!("{l}+{start}"), "(4,2):(_2@0,_3@1)+(0,2)");
    /// ```
    pub fn local_partition(
        &self,
        thr: &Layout,
        idx: impl Into<Int>,
    ) -> Result<(BasisLayout, IntTuple)> {
        let tiler = Tiler::from_shape(&thr.shape().product_each()?);
        let c = Coord::from_int_tuple(&crate::tensor::get_flat_coord(thr, idx)?);
        self.outer_partition(&tiler, &c)
    }
}

/// `a + b` for two coordinate tuples of the same codomain (an `ArithmeticTuple` sum).
fn add_coords(a: &IntTuple, b: &IntTuple) -> Result<IntTuple> {
    a.zip_map(b, |x, y| Ok(x.add(y)?))
}

/// CuTe's identity tensor `make_identity_tensor(shape)`: the tensor whose element at
/// coordinate `c` is `c` itself, an `ArithmeticTuple` start coordinate over an identity
/// [`BasisLayout`].
///
/// Printed as C++ prints it, `ArithTuple(START) o LAYOUT`: a fresh identity tensor of `(2,3)` is
/// `ArithTuple(_0,_0) o (2,3):(_1@0,_1@1)`; a partition prints the coordinate of its first
/// element and the layout of its coordinates (`ArithTuple(4,3) o (_4,_3):(_1@0,_1@1)`).
/// Partitions of identity tensors tell each thread *which coordinates* it owns, for
/// predication: elements beyond the shape (in a partial tile) are still given their
/// coordinates.
///
/// Slicing and partitioning only change the layout and the start coordinate, as for a
/// [`crate::tensor::Tensor`]; the domain-reshaping operations (composition with a tiler, the
/// divides) go through [`BasisLayout::map_layout`].
///
/// # Examples
/// ```
/// use cute_layout::basis::make_identity_tensor;
/// let id = make_identity_tensor(&"(2,3)".parse()?)?;
/// assert_eq!(id.to_string(), "ArithTuple(_0,_0) o (2,3):(_1@0,_1@1)");
/// assert_eq!(id.get(&"(1,2)".parse()?)?.to_string(), "(1,2)");
/// assert_eq!(id.at(3)?.to_string(), "(1,1)");
/// let row = id.slice(&"(1,_)".parse()?)?;
/// assert_eq!(row.to_string(), "ArithTuple(1,_0) o (3):(_1@1)");
/// let coords: Vec<String> = row.to_vec()?.iter().map(|c| c.to_string()).collect();
/// assert_eq!(coords, ["(1,0)", "(1,1)", "(1,2)"]);
/// # Ok::<(), cute_layout::LayoutError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct IdentityTensor {
    start: IntTuple,
    layout: BasisLayout,
}

/// `make_identity_tensor(shape)`: see [`IdentityTensor`].
///
/// # Errors
/// As [`BasisLayout::identity`].
///
/// # Examples
/// ```
/// use cute_layout::basis::make_identity_tensor;
/// let id = make_identity_tensor(&"(_2,(_3,_4))".parse()?)?;
/// assert_eq!(id.to_string(), "ArithTuple(_0,(_0,_0)) o (_2,(_3,_4)):(_1@0,(_1@0@1,_1@1@1))");
/// assert_eq!(id.get(&"17".parse()?)?.to_string(), "(1,(2,2))");
/// # Ok::<(), cute_layout::LayoutError>(())
/// ```
pub fn make_identity_tensor(shape: &IntTuple) -> Result<IdentityTensor> {
    Ok(IdentityTensor::new(BasisLayout::identity(shape)?))
}

impl IdentityTensor {
    /// The tensor `c ↦ L(c)` over a basis layout, starting at the zero coordinate
    /// (`ArithTuple(_0,...)`).
    ///
    /// ```
    /// # use cute_layout::basis::{BasisLayout, IdentityTensor};
    /// let l = BasisLayout::identity(&"(4,3)".parse().unwrap()).unwrap();
    /// let t = IdentityTensor::new(l);
    /// assert_eq!(t.start().to_string(), "(_0,_0)");
    /// ```
    pub fn new(layout: BasisLayout) -> IdentityTensor {
        IdentityTensor {
            start: layout.coshape.map(|_| Int::ZERO),
            layout,
        }
    }

    /// The tensor `c ↦ start + L(c)`, the literal `ArithTuple(START) o LAYOUT`: the codomain
    /// of `layout` is that of `start`.
    ///
    /// # Errors
    /// [`LayoutError::InvalidArgument`] when a stride of `layout` names a mode `start` lacks.
    ///
    /// ```
    /// # use cute_layout::basis::{make_identity_tensor, IdentityTensor};
    /// let id = make_identity_tensor(&"(2,3)".parse()?)?;
    /// let t = IdentityTensor::with_start("(_0,_0)".parse()?, id.layout().clone())?;
    /// assert_eq!(t, id);
    /// # Ok::<(), cute_layout::LayoutError>(())
    /// ```
    pub fn with_start(start: IntTuple, mut layout: BasisLayout) -> Result<IdentityTensor> {
        let mut paths = Vec::new();
        leaf_paths(start.as_ref(), &mut Vec::new(), &mut paths);
        let outside = layout
            .stride
            .leaves()
            .find(|d| d.value.value() != 0 && !paths.contains(&d.path()));
        if let Some(d) = outside {
            return Err(LayoutError::InvalidArgument {
                op: "ArithTuple",
                detail: format!("the stride {d} names a mode the start {start} does not have"),
                hint: "give the start one entry per coordinate mode, e.g. ArithTuple(_0,_0)",
            });
        }
        layout.coshape = profile(&start);
        Ok(IdentityTensor { start, layout })
    }

    /// The coordinate of element 0 (CuTe's `ArithTuple` iterator).
    pub fn start(&self) -> &IntTuple {
        &self.start
    }

    /// The layout from coordinates to (relative) coordinates.
    pub fn layout(&self) -> &BasisLayout {
        &self.layout
    }

    /// The shape of the tensor.
    pub fn shape(&self) -> &IntTuple {
        self.layout.shape()
    }

    /// The number of elements.
    ///
    /// # Errors
    /// [`LayoutError::Overflow`].
    pub fn size(&self) -> Result<Int> {
        self.layout.shape().size()
    }

    /// `T(c)`: the coordinate held at `c` (an index, a natural coordinate or a mix),
    /// `start + L(c)`.
    ///
    /// # Errors
    /// As [`BasisLayout::call`].
    ///
    /// ```
    /// # use cute_layout::basis::make_identity_tensor;
    /// let id = make_identity_tensor(&"(2,3)".parse().unwrap()).unwrap();
    /// assert_eq!(id.get(&"(1,2)".parse().unwrap()).unwrap().to_string(), "(1,2)");
    /// ```
    pub fn get(&self, coord: &IntTuple) -> Result<IntTuple> {
        add_coords(&self.start, &self.layout.call(coord)?)
    }

    /// `T(i)` at a 1-D index.
    ///
    /// # Errors
    /// As [`IdentityTensor::get`].
    ///
    /// ```
    /// # use cute_layout::basis::make_identity_tensor;
    /// let id = make_identity_tensor(&"(2,3)".parse().unwrap()).unwrap();
    /// assert_eq!(id.at(5).unwrap().to_string(), "(1,2)");
    /// ```
    pub fn at(&self, index: i64) -> Result<IntTuple> {
        self.get(&IntTuple::int(Int::dynamic(index)))
    }

    /// The coordinates held, in index order (colexicographic), each computed on demand.
    ///
    /// # Errors
    /// [`LayoutError::Overflow`] for the size; each item as [`IdentityTensor::get`].
    ///
    /// ```
    /// # use cute_layout::basis::make_identity_tensor;
    /// let id = make_identity_tensor(&"(2,2)".parse().unwrap()).unwrap();
    /// let v: Vec<String> = id.iter().unwrap().map(|c| c.unwrap().to_string()).collect();
    /// assert_eq!(v, ["(0,0)", "(1,0)", "(0,1)", "(1,1)"]);
    /// ```
    pub fn iter(&self) -> Result<impl Iterator<Item = Result<IntTuple>> + '_> {
        let n = self.size()?.value();
        Ok((0..n).map(move |i| self.at(i)))
    }

    /// All coordinates held, in index order.
    ///
    /// # Errors
    /// As [`IdentityTensor::iter`].
    ///
    /// ```
    /// # use cute_layout::basis::make_identity_tensor;
    /// let id = make_identity_tensor(&"3".parse().unwrap()).unwrap();
    /// assert_eq!(id.to_vec().unwrap().len(), 3);
    /// ```
    pub fn to_vec(&self) -> Result<Vec<IntTuple>> {
        self.iter()?.collect()
    }

    /// `domain_offset(coord, T)`: the same layout, started at `T(coord)`.
    ///
    /// # Errors
    /// As [`BasisLayout::call`].
    ///
    /// ```
    /// # use cute_layout::basis::make_identity_tensor;
    /// let id = make_identity_tensor(&"(_4,_3)".parse()?)?;
    /// assert_eq!(id.domain_offset(&"(_2,_1)".parse()?)?.to_string(), "ArithTuple(_2,_1) o (_4,_3):(_1@0,_1@1)");
    /// # Ok::<(), cute_layout::LayoutError>(())
    /// ```
    pub fn domain_offset(&self, coord: &IntTuple) -> Result<IdentityTensor> {
        self.rebase((self.layout.clone(), self.layout.call(coord)?))
    }

    fn rebase(&self, (layout, off): (BasisLayout, IntTuple)) -> Result<IdentityTensor> {
        Ok(IdentityTensor {
            start: add_coords(&self.start, &off)?,
            layout,
        })
    }

    /// `T(c)` with `_` in `c`: the sub-tensor of the `_` modes, starting at `T(c with _ → 0)`.
    ///
    /// # Errors
    /// As [`BasisLayout::slice_and_offset`].
    ///
    /// ```
    /// # use cute_layout::basis::make_identity_tensor;
    /// let id = make_identity_tensor(&"(2,3)".parse().unwrap()).unwrap();
    /// let col = id.slice(&"(_,2)".parse().unwrap()).unwrap();
    /// assert_eq!(col.to_string(), "ArithTuple(_0,2) o (2):(_1@0)");
    /// assert_eq!(col.at(1).unwrap().to_string(), "(1,2)");
    /// ```
    pub fn slice(&self, coord: &Coord) -> Result<IdentityTensor> {
        self.rebase(self.layout.slice_and_offset(coord)?)
    }

    /// Applies a domain-reshaping layout operation ([`BasisLayout::map_layout`]), keeping the
    /// start: `composition(T, tiler)`, the divides.
    ///
    /// # Errors
    /// As [`BasisLayout::map_layout`].
    ///
    /// ```
    /// # use cute_layout::{basis::make_identity_tensor, zipped_divide};
    /// let id = make_identity_tensor(&"(8,6)".parse().unwrap()).unwrap();
    /// let z = id.map_layout(|l| zipped_divide(l, &"(_4,_3)".parse().unwrap())).unwrap();
    /// assert_eq!(z.to_string(), "ArithTuple(_0,_0) o ((_4,_3),(2,2)):((_1@0,_1@1),(_4@0,_3@1))");
    /// ```
    pub fn map_layout(&self, f: impl Fn(&Layout) -> Result<Layout>) -> Result<IdentityTensor> {
        Ok(IdentityTensor {
            start: self.start.clone(),
            layout: self.layout.map_layout(f)?,
        })
    }

    /// `local_tile(T, tiler, coord)` = `inner_partition`: the coordinates of tile `coord`.
    ///
    /// # Errors
    /// As [`BasisLayout::local_tile`].
    ///
    /// ```
    /// # use cute_layout::basis::make_identity_tensor;
    /// let id = make_identity_tensor(&"(10,6)".parse().unwrap()).unwrap();
    /// let t = id.local_tile(&"(_4,_3)".parse().unwrap(), &"(2,1)".parse().unwrap()).unwrap();
    /// assert_eq!(t.to_string(), "ArithTuple(8,3) o (_4,_3):(_1@0,_1@1)");
    /// assert_eq!(t.get(&"(3,0)".parse().unwrap()).unwrap().to_string(), "(11,3)"); // beyond row 10
    /// ```
    pub fn local_tile(&self, tiler: &Tiler, coord: &Coord) -> Result<IdentityTensor> {
        self.rebase(self.layout.local_tile(tiler, coord)?)
    }

    /// `inner_partition(T, tiler, coord)`, the same as [`IdentityTensor::local_tile`].
    ///
    /// # Errors
    /// As [`BasisLayout::inner_partition`].
    ///
    /// ```
    /// # use cute_layout::basis::make_identity_tensor;
    /// let id = make_identity_tensor(&"(8,6)".parse().unwrap()).unwrap();
    /// let t = id.inner_partition(&"(_4,_3)".parse().unwrap(), &"3".parse().unwrap()).unwrap();
    /// assert_eq!(t.to_string(), "ArithTuple(4,3) o (_4,_3):(_1@0,_1@1)");
    /// ```
    pub fn inner_partition(&self, tiler: &Tiler, coord: &Coord) -> Result<IdentityTensor> {
        self.rebase(self.layout.inner_partition(tiler, coord)?)
    }

    /// `outer_partition(T, tiler, coord)`: the coordinates of element `coord` of every tile.
    ///
    /// # Errors
    /// As [`BasisLayout::outer_partition`].
    ///
    /// ```
    /// # use cute_layout::basis::make_identity_tensor;
    /// let id = make_identity_tensor(&"(8,6)".parse().unwrap()).unwrap();
    /// let t = id.outer_partition(&"(_4,_3)".parse().unwrap(), &"(1,2)".parse().unwrap()).unwrap();
    /// assert_eq!(t.to_string(), "ArithTuple(1,2) o (2,2):(_4@0,_3@1)");
    /// ```
    pub fn outer_partition(&self, tiler: &Tiler, coord: &Coord) -> Result<IdentityTensor> {
        self.rebase(self.layout.outer_partition(tiler, coord)?)
    }

    /// `local_partition(T, thr, idx)`: the coordinates thread `idx` of `thr` owns.
    ///
    /// # Errors
    /// As [`BasisLayout::local_partition`].
    ///
    /// ```
    /// # use cute_layout::basis::make_identity_tensor;
    /// let id = make_identity_tensor(&"(8,6)".parse().unwrap()).unwrap();
    /// let t = id.local_partition(&"(_2,_3):(_1,_2)".parse().unwrap(), 4).unwrap();
    /// assert_eq!(t.to_string(), "ArithTuple(0,2) o (4,2):(_2@0,_3@1)");
    /// assert_eq!(t.at(5).unwrap().to_string(), "(2,5)");
    /// ```
    pub fn local_partition(&self, thr: &Layout, idx: impl Into<Int>) -> Result<IdentityTensor> {
        self.rebase(self.layout.local_partition(thr, idx)?)
    }
}

impl IdentityTensor {
    /// `local_tile(T, tiler, coord, proj)`: [`IdentityTensor::local_tile`] with the tiler and
    /// coordinate diced by the projection (`(1,_,1)` is CuTe's `Step<_1,X,_1>`).
    ///
    /// # Errors
    /// As [`crate::tensor::local_tile_proj`].
    ///
    /// ```
    /// # use cute_layout::basis::make_identity_tensor;
    /// let id = make_identity_tensor(&"(8,6)".parse().unwrap()).unwrap();
    /// let t = id
    ///     .local_tile_proj(&"(_4,_3,_2)".parse().unwrap(), &"(1,_,0)".parse().unwrap(), &"(1,_,1)".parse().unwrap())
    ///     .unwrap();
    /// assert_eq!(t.to_string(), "ArithTuple(4,0) o (_4,_2):(_1@0,_1@1)");
    /// ```
    pub fn local_tile_proj(
        &self,
        tiler: &Tiler,
        coord: &Coord,
        proj: &Coord,
    ) -> Result<IdentityTensor> {
        let tiler = crate::tensor::dice_tiler(proj, tiler)?;
        let coord = crate::swizzle::dice_coord(proj, coord)?;
        self.local_tile(&tiler, &coord)
    }

    /// `local_partition(T, thr, idx, proj)` = `local_partition(T, dice(proj, thr), idx)`.
    ///
    /// # Errors
    /// As [`Layout::dice`] and [`IdentityTensor::local_partition`].
    ///
    /// ```
    /// # use cute_layout::basis::make_identity_tensor;
    /// let id = make_identity_tensor(&"(8,6)".parse().unwrap()).unwrap();
    /// let t = id.local_partition_proj(&"(_2,_3):(_1,_2)".parse().unwrap(), 1, &"(1,_)".parse().unwrap()).unwrap();
    /// assert_eq!(t.to_string(), "ArithTuple(1,_0) o (4,6):(_2@0,_1@1)");
    /// ```
    pub fn local_partition_proj(
        &self,
        thr: &Layout,
        idx: impl Into<Int>,
        proj: &Coord,
    ) -> Result<IdentityTensor> {
        self.local_partition(&thr.dice(proj)?, idx)
    }

    /// [`crate::tv::tv_partition`] of an identity tensor: the coordinates of thread `tid`'s
    /// values, tile by tile (what CuTe's `thr_copy.partition_S(identity)` gives for
    /// predication).
    ///
    /// # Errors
    /// As [`crate::tv::tv_partition`] and [`BasisLayout::map_layout`].
    ///
    /// ```
    /// # use cute_layout::{basis::make_identity_tensor, tv::make_layout_tv};
    /// let tv = make_layout_tv(&"(_2,_2):(_2,_1)".parse().unwrap(), &"(_1,_2):(_2,_1)".parse().unwrap()).unwrap();
    /// let id = make_identity_tensor(&"(_4,_8)".parse().unwrap()).unwrap();
    /// let t = id.tv_partition(&tv, 1).unwrap();
    /// assert_eq!(t.to_string(), "ArithTuple(0,2) o (_2,_2,_2):(_1@1,_2@0,_4@1)"); // (_2,_2,_2):(_1,_16,_4)+2 row-major
    /// ```
    pub fn tv_partition(&self, tv: &crate::tv::TvLayout, tid: i64) -> Result<IdentityTensor> {
        crate::tv::check_thread(tv, tid)?;
        let tiler = Tiler::from_shape(&tv.tiler);
        let tvz = self
            .layout
            .map_layout(|l| crate::tv::compose_tile(&zipped_divide(l, &tiler)?, tv))?;
        let r1 = tvz.shape.get(1)?.rank();
        self.rebase(tvz.slice_and_offset(&crate::tv::thread_coord(tid, r1)?)?)
            .map_err(|e| e.within("tv_partition"))
    }
}

impl IdentityTensor {
    /// For each leaf of the coordinates the tensor holds (in the order of [`Self::start`]'s
    /// leaves), whether C++ knows it at compile time: where the start's leaf is static and
    /// every stride reaching it is `_0` (C++'s `_0 * int` is `_0`), as `print_tensor` shows
    /// `(0,_0)` for a leaf no stride moves.
    pub fn static_leaves(&self) -> Vec<bool> {
        let mut paths = Vec::new();
        leaf_paths(self.start.as_ref(), &mut Vec::new(), &mut paths);
        paths
            .iter()
            .zip(self.start.leaves())
            .map(|(p, s)| {
                s.is_static()
                    && self
                        .layout
                        .stride
                        .leaves()
                        .filter(|d| d.path() == *p)
                        .all(|d| d.value == Int::ZERO)
            })
            .collect()
    }
}

impl fmt::Display for IdentityTensor {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        crate::print::padded(f, fmt::Alignment::Left, |f| {
            // CuTe prints the iterator's start as it prints an int-tuple: `ArithTuple(_0,_0)`,
            // `ArithTuple(_0)` for a rank-1 tuple, `ArithTuple_0` for an integer
            write!(f, "ArithTuple{} o {}", self.start, self.layout)
        })
    }
}

/// `composition(A, B)` of a layout `A` with a scaled-basis layout `B`: each leaf `s : d·E<p>`
/// of `B` selects the mode `p` of `A` and becomes `composition(mode(A, p), s:d)` (a plain
/// stride `d` composes with the whole of `A`), in `B`'s shape structure. So
/// `R(c) == A(B(c))`, `B(c)` read as a natural coordinate of `A`. This is how CuTe composes a
/// layout with the basis layouts of TMA (`gtensor.compose(sidx2gmode)`).
///
/// # Errors
/// [`LayoutError::IndexOutOfRange`] when a basis path names a mode `A` lacks; the errors of
/// [`crate::composition`].
///
/// # Examples
/// ```
/// use cute_layout::{basis::{compose_basis, BasisLayout}, Layout};
/// let a: Layout = "(_64,_32):(_1,_64)".parse()?;
/// let b: BasisLayout = BasisLayout::identity(&"(_2,_3)".parse()?)?;
/// assert_eq!(compose_basis(&a, &b)?.to_string(), "(_2,_3):(_1,_64)");
/// let b = BasisLayout::identity(&"(_4,_8)".parse()?)?.map_layout(|l| Ok(l.select(&[1, 0])?))?;
/// assert_eq!(compose_basis(&a, &b)?.to_string(), "(_8,_4):(_64,_1)");
/// # Ok::<(), cute_layout::LayoutError>(())
/// ```
pub fn compose_basis(a: &Layout, b: &BasisLayout) -> Result<Layout> {
    compose_basis_at(a, b.shape.as_ref(), b.stride.as_ref())
}

fn compose_basis_at(
    a: &Layout,
    s: TreeRef<'_, Int>,
    d: TreeRef<'_, ScaledBasis>,
) -> Result<Layout> {
    match (s.as_leaf(), d.as_leaf()) {
        (Some(s), Some(d)) => {
            let mode = a.mode_path(&d.path())?;
            crate::algebra::composition::composition(&mode, &Layout::leaf(s, d.value))
        }
        _ => Layout::concat(
            s.modes()
                .zip(d.modes())
                .map(|(s, d)| compose_basis_at(a, s, d))
                .collect::<Result<Vec<_>>>()?,
        ),
    }
}

impl BasisLayout {
    /// `coalesce(B)`: [`crate::coalesce`] of a scaled-basis layout; neighbours merge only
    /// along the same basis direction (`s0:d·E<p>, s1:s0·d·E<p>` becomes `s0·s1:d·E<p>`), as
    /// CuTe's `ScaledBasis` comparison allows.
    ///
    /// # Errors
    /// As [`BasisLayout::map_layout`].
    ///
    /// ```
    /// # use cute_layout::basis::BasisLayout;
    /// let b: BasisLayout = "(_2,_3,_4):(_1@0,_2@0,_1@1)".parse()?;
    /// assert_eq!(b.coalesce()?.to_string(), "(_6,_4):(_1@0,_1@1)");
    /// // a zero stride keeps its direction, and merges only along it (as in C++)
    /// let b: BasisLayout = "(_4,_2,_3):(_1@0,_0@1,_0@1)".parse()?;
    /// assert_eq!(b.coalesce()?.to_string(), "(_4,_6):(_1@0,_0@1)");
    /// # Ok::<(), cute_layout::LayoutError>(())
    /// ```
    pub fn coalesce(&self) -> Result<BasisLayout> {
        // C++'s coalesce over the flat modes, last first: an extent-1 mode goes, and `s0:d0`
        // merges with the next `s1:d1` where `d0·s0 == d1` as scaled bases: the same direction
        // and `v0·s0 == v1` (so `_0@1` merges with `_0@1`, never with `_0@0` or `_0`).
        let mut out: Vec<(Int, ScaledBasis)> = Vec::new();
        let modes: Vec<(Int, ScaledBasis)> =
            self.shape.leaves().zip(self.stride.leaves()).collect();
        for (s, d) in modes.into_iter().rev() {
            if s.value() == 1 {
                continue;
            }
            if let Some(next) = out.last_mut() {
                if next.1.path() == d.path() && d.value.mul(s)?.value() == next.1.value.value() {
                    *next = (s.mul(next.0)?, d);
                    continue;
                }
            }
            out.push((s, d));
        }
        out.reverse();
        let (shape, stride) = match out.as_slice() {
            [] => (
                IntTuple::leaf(Int::fixed(1)),
                Tree::leaf(ScaledBasis::new(Int::fixed(0), &[])?),
            ),
            [(s, d)] => (IntTuple::leaf(*s), Tree::leaf(*d)),
            modes => (
                IntTuple::from_leaves(modes.iter().map(|m| m.0)),
                Tree::from_leaves(modes.iter().map(|m| m.1)),
            ),
        };
        Ok(BasisLayout {
            shape,
            stride,
            coshape: self.coshape.clone(),
        })
    }

    /// `composition(A, B)` of this basis layout `A` with a basis layout `B` (see
    /// [`compose_basis`]): `R(c) == A(B(c))`.
    ///
    /// # Errors
    /// As [`compose_basis`] and [`BasisLayout::map_layout`].
    ///
    /// ```
    /// # use cute_layout::basis::BasisLayout;
    /// let id = BasisLayout::identity(&"(_8,(_2,_3))".parse()?)?;
    /// let b: BasisLayout = "(_4,_6):(_2@0,_1@1)".parse()?;
    /// assert_eq!(id.compose_basis(&b)?.to_string(), "(_4,(_2,_3)):(_2@0,(_1@0@1,_1@1@1))");
    /// # Ok::<(), cute_layout::LayoutError>(())
    /// ```
    pub fn compose_basis(&self, b: &BasisLayout) -> Result<BasisLayout> {
        self.map_layout(|l| compose_basis(l, b))
    }

    /// `coshape(B)` of a coordinate codomain: one past the image of the last coordinate of the
    /// domain along the absolute strides, mode by mode (C++'s `coshape`: `shape − 1` times
    /// `abs(stride)`, plus 1), a tuple congruent to
    /// the codomain (`(_4,_2)` for `(_4,_2):(_1@0,_1@1)`, `(_4,_1)` for `(_4,_2):(_1@0,_0@1)`).
    ///
    /// # Errors
    /// Overflow.
    ///
    /// ```
    /// # use cute_layout::basis::BasisLayout;
    /// let b: BasisLayout = "(_4,_2):(_1@0,_0@1)".parse()?;
    /// assert_eq!(b.coshape_extents()?.to_string(), "(_4,_1)");
    /// # Ok::<(), cute_layout::LayoutError>(())
    /// ```
    pub fn coshape_extents(&self) -> Result<IntTuple> {
        // the last coordinate's image along the absolute strides, plus 1 in every mode
        let abs = self.stride.try_map(|d| {
            let v = Int::new(d.value.value().abs(), d.value.is_static());
            ScaledBasis::new(v, &d.path())
        })?;
        let mut last = self.shape.clone();
        let is_static = self.shape.is_static() && self.stride.leaves().all(|d| d.value.is_static());
        last = last.try_map(|s| Ok(s.sub(Int::new(1, true))?))?;
        let at = BasisLayout {
            shape: self.shape.clone(),
            stride: abs,
            coshape: self.coshape.clone(),
        };
        at.call(&last)?
            .try_map(|c| Ok(Int::new(c.value(), is_static).add(Int::new(1, is_static))?))
    }

    /// `make_layout(shape, stride(B))`: the same strides over another congruent shape.
    ///
    /// # Errors
    /// [`LayoutError::NotCongruent`].
    pub fn with_shape(&self, shape: IntTuple) -> Result<BasisLayout> {
        BasisLayout::new(shape, self.stride.clone())
    }
}

/// `tiler_to_layout(T)` (PyCuTe v2): the one layout that acts as the tiler `T` does under
/// composition. An integer `n` is `n:_1`, a layout is itself, and a tuple of tilers is the
/// layout whose mode `i` is `tiler_to_layout(Tᵢ)` with its strides scaled by the basis vector
/// `E<i>` (`E<i,j>` in a nested tuple): `(4,5)` is `(4,5):(_1@0,_1@1)`, whose composition with
/// `A` picks mode `i` of `A` for mode `i` of the tiler, as by-mode composition does.
///
/// @post `shape(R) == shape(T)`; `composition(A, R) == composition(A, T)` for every `A` the
/// tiler composes with ([`compose_basis`] for a tuple `T`). A tiler without a tuple gives
/// integer strides ([`BasisLayout::to_layout`] is `Some`).
///
/// # Errors
/// [`LayoutError::InvalidArgument`] for a `_` in `T` (it keeps a mode of the tiled layout and
/// has no extent of its own); as [`ScaledBasis::new`] for tuples nested deeper than
/// [`MAX_BASIS_DEPTH`].
///
/// # Examples
/// ```
/// use cute_layout::{basis::tiler_to_layout, Tiler};
/// let t = |s: &str| s.parse::<Tiler>().unwrap();
/// assert_eq!(tiler_to_layout(&t("3"))?.to_string(), "3:_1");
/// assert_eq!(tiler_to_layout(&t("(7,2):(3,1)"))?.to_string(), "(7,2):(3,1)");
/// assert_eq!(tiler_to_layout(&t("(4,5)"))?.to_string(), "(4,5):(_1@0,_1@1)");
/// assert_eq!(tiler_to_layout(&t("<4:2,5:3>"))?.to_string(), "(4,5):(2@0,3@1)");
/// # Ok::<(), cute_layout::LayoutError>(())
/// ```
pub fn tiler_to_layout(tiler: &Tiler) -> Result<BasisLayout> {
    let (shape, stride) = tiler_modes(tiler, &mut Vec::new()).map_err(|path| {
        LayoutError::InvalidArgument {
            op: "tiler_to_layout",
            detail: format!("the mode {path:?} of the tiler {tiler} is `_`, which keeps a mode of the layout it tiles and has no extent of its own"),
            hint: "give the mode's extent instead of `_` (a tiler of the layout's own shape keeps the mode as it is)",
        }
    })??;
    BasisLayout::new(shape, stride)
}

/// The shape and strides of a tiler's layout, or the path of its first `_`.
type TilerModes = std::result::Result<Result<(IntTuple, Tree<ScaledBasis>)>, Vec<usize>>;

/// The shape and strides of [`tiler_to_layout`] for the sub-tiler at `path`.
fn tiler_modes(tiler: &Tiler, path: &mut Vec<usize>) -> TilerModes {
    let leaf = |d: Int, path: &[usize]| ScaledBasis::new(d, path);
    Ok(match tiler {
        Tiler::Int(n) => leaf(Int::ONE, path).map(|d| (IntTuple::int(*n), Tree::leaf(d))),
        Tiler::Layout(l) => l
            .stride()
            .try_map(|d| leaf(d, path))
            .map(|d| (l.shape().clone(), d)),
        Tiler::Underscore => return Err(path.clone()),
        Tiler::Tuple(modes) => {
            let (mut shapes, mut strides) = (Vec::new(), Vec::new());
            for (i, m) in modes.iter().enumerate() {
                path.push(i);
                let mode = tiler_modes(m, path)?;
                path.pop();
                match mode {
                    Ok((s, d)) => {
                        shapes.push(s);
                        strides.push(d);
                    }
                    Err(e) => return Ok(Err(e)),
                }
            }
            IntTuple::tuple(shapes).and_then(|s| Ok((s, Tree::tuple(strides)?)))
        }
    })
}

impl BasisLayout {
    /// The integer layout of the same shape and strides when no stride has a basis direction
    /// (every path empty, as [`tiler_to_layout`] gives for a tiler without a tuple); `None`
    /// otherwise.
    ///
    /// ```
    /// # use cute_layout::{basis::tiler_to_layout, Tiler};
    /// let t = |s: &str| s.parse::<Tiler>().unwrap();
    /// assert_eq!(tiler_to_layout(&t("4:2"))?.to_layout().unwrap().to_string(), "4:2");
    /// assert!(tiler_to_layout(&t("(4,5)"))?.to_layout().is_none());
    /// # Ok::<(), cute_layout::LayoutError>(())
    /// ```
    pub fn to_layout(&self) -> Option<Layout> {
        if self.stride.leaves().any(|d| d.len > 0) {
            return None;
        }
        Layout::new(self.shape.clone(), self.stride.map(|d| d.value)).ok()
    }
}
