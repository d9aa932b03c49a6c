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
//! directions are ever confused by coalescing). Offsets, which do add directions, are
//! evaluated directly as coordinate tuples.
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

/// Deepest basis path supported.
pub const MAX_BASIS_DEPTH: usize = 8;

/// Primes encoding the basis directions in [`BasisLayout::map_layout`].
const PRIMES: [i64; 16] = [
    2147483647, 2147483629, 2147483587, 2147483579, 2147483563, 2147483549, 2147483543, 2147483497,
    2147483489, 2147483477, 2147483423, 2147483399, 2147483353, 2147483323, 2147483269, 2147483249,
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
                hint: "identity layouts support 8 levels of nesting",
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
        self.value.fmt(f)?;
        if self.value.value() != 0 {
            for i in self.path[..self.len as usize].iter().rev() {
                write!(f, "@{i}")?;
            }
        }
        Ok(())
    }
}

/// A layout whose strides are scaled basis vectors: `shape : stride` maps a coordinate to a
/// coordinate tuple congruent to `coshape`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BasisLayout {
    shape: IntTuple,
    stride: Tree<ScaledBasis>,
    coshape: IntTuple,
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
            coshape: shape.clone(),
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
            acc.iter()
                .filter(|(q, _)| q == p)
                .try_fold(Int::ZERO, |s, (_, v)| s.add(*v))
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
    pub fn map_layout(&self, f: impl FnOnce(&Layout) -> Result<Layout>) -> Result<BasisLayout> {
        let mut dirs: Vec<Vec<usize>> = Vec::new();
        for d in self.stride.leaves() {
            if !dirs.contains(&d.path()) {
                dirs.push(d.path());
            }
        }
        if dirs.len() > PRIMES.len() {
            return Err(LayoutError::InvalidArgument {
                op: "identity layout",
                detail: format!("{} basis directions", dirs.len()),
                hint: "at most 16 coordinate modes are supported",
            });
        }
        let encoded = self.stride.try_map(|d| {
            let k = dirs.iter().position(|p| *p == d.path()).unwrap_or(0);
            d.value.mul(Int::fixed(PRIMES[k]))
        })?;
        let r = f(&Layout::new(self.shape.clone(), encoded)?)?;
        let stride = r.stride().try_map(|d| {
            if d.value() == 0 {
                return ScaledBasis::new(d, &[]);
            }
            match PRIMES[..dirs.len()].iter().position(|p| d.value() % p == 0) {
                Some(k) => ScaledBasis::new(d.div(Int::fixed(PRIMES[k]))?, &dirs[k]),
                None => Err(LayoutError::Postcondition {
                    op: "identity layout",
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
        write!(f, "{}:{}", self.shape, self.stride)
    }
}
