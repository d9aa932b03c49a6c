//! Coordinates: `crd2idx`, `idx2crd`, `crd2crd`, and slicing with `_`.
//!
//! A layout accepts a 1-D index, a natural (hierarchical, congruent to the shape) coordinate,
//! or anything in between. An integer given to a tuple shape is split colexicographically
//! (first mode fastest) and, exactly as in CuTe, the **last** mode receives the undivided
//! quotient, so a layout is defined past its size.

use crate::error::{LayoutError, Result};
use crate::int::Int;
use crate::tree::{Builder, Tree, TreeRef};
use crate::tuple::{product, IntTuple};
use std::fmt;

/// A leaf of a [`Coord`]: an integer or the slicing wildcard `_`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CoordLeaf {
    /// A coordinate value.
    Index(Int),
    /// `_`: keep this mode (slicing).
    Underscore,
}

impl fmt::Display for CoordLeaf {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        crate::print::padded(f, fmt::Alignment::Right, |f| match self {
            CoordLeaf::Index(i) => i.fmt(f),
            CoordLeaf::Underscore => f.write_str("_"),
        })
    }
}

/// A coordinate that may contain `_`, e.g. `(_,(1,_))`.
pub type Coord = Tree<CoordLeaf>;

impl Coord {
    /// Whether any leaf is `_`.
    ///
    /// ```
    /// # use cute_layout::Coord;
    /// assert!("(1,_)".parse::<Coord>().unwrap().has_underscore());
    /// ```
    pub fn has_underscore(&self) -> bool {
        self.leaves().any(|l| l == CoordLeaf::Underscore)
    }

    /// The coordinate with `_` read as `0` (used for the offset of a slice).
    ///
    /// ```
    /// # use cute_layout::Coord;
    /// assert_eq!("(1,(_,2))".parse::<Coord>().unwrap().underscores_as_zero().to_string(), "(1,(_0,2))");
    /// ```
    pub fn underscores_as_zero(&self) -> IntTuple {
        self.map(|l| match l {
            CoordLeaf::Index(i) => i,
            CoordLeaf::Underscore => Int::ZERO,
        })
    }

    /// A coordinate without `_`.
    ///
    /// ```
    /// # use cute_layout::{Coord, IntTuple};
    /// let t: IntTuple = "(1,2)".parse().unwrap();
    /// assert_eq!(Coord::from_int_tuple(&t).to_string(), "(1,2)");
    /// ```
    pub fn from_int_tuple(t: &IntTuple) -> Coord {
        t.map(CoordLeaf::Index)
    }
}

/// `crd2idx(c, shape, stride)`: the offset of coordinate `c`.
///
/// Scalar `c` with scalar shape gives `c * stride`; tuples of equal rank sum over modes; a
/// scalar `c` with a tuple shape is split colexicographically, the last mode taking the rest.
///
/// # Errors
/// [`LayoutError::RankMismatch`] for a tuple coordinate whose rank differs from the shape's,
/// [`LayoutError::NotATuple`] for a tuple coordinate on an integer shape, arithmetic errors.
///
/// # Examples
/// ```
/// use cute_layout::{crd2idx, IntTuple};
/// let p = |s: &str| s.parse::<IntTuple>().unwrap();
/// let (shape, stride) = (p("(_3,(_2,_3))"), p("(_3,(_12,_1))"));
/// assert_eq!(crd2idx(&p("16"), &shape, &stride).unwrap().value(), 17);
/// assert_eq!(crd2idx(&p("(1,5)"), &shape, &stride).unwrap().value(), 17);
/// assert_eq!(crd2idx(&p("(_1,(_1,_2))"), &shape, &stride).unwrap().to_string(), "_17");
/// // past the end: the last mode is not wrapped
/// assert_eq!(crd2idx(&p("13"), &p("((2,2),3)"), &p("((1,10),100)")).unwrap().value(), 301);
/// ```
pub fn crd2idx(coord: &IntTuple, shape: &IntTuple, stride: &IntTuple) -> Result<Int> {
    if !shape.congruent(stride) {
        return Err(LayoutError::NotCongruent {
            shape: shape.to_string(),
            stride: stride.to_string(),
        });
    }
    crd2idx_ref(coord.as_ref(), shape.as_ref(), stride.as_ref())
}

pub(crate) fn crd2idx_ref(
    c: TreeRef<'_, Int>,
    s: TreeRef<'_, Int>,
    d: TreeRef<'_, Int>,
) -> Result<Int> {
    let (value, is_static) = crd2idx_wide(c, s, d)?;
    i64::try_from(value)
        .map(|v| Int::new(v, is_static))
        .map_err(|_| LayoutError::Overflow {
            expr: format!("crd2idx({c}, {s}:{d}) = {value}"),
        })
}

/// `crd2idx` summed exactly in 128 bits (a partial sum may leave `i64` although the offset
/// fits), with whether every value it was computed from is static.
fn crd2idx_wide(
    c: TreeRef<'_, Int>,
    s: TreeRef<'_, Int>,
    d: TreeRef<'_, Int>,
) -> Result<(i128, bool)> {
    let sum = |acc: (i128, bool), term: (i128, bool)| {
        acc.0
            .checked_add(term.0)
            .map(|v| (v, acc.1 && term.1))
            .ok_or_else(|| LayoutError::Overflow {
                expr: format!("crd2idx({c}, {s}:{d}), a sum past 128 bits"),
            })
    };
    match (c.as_leaf(), s.is_leaf()) {
        (Some(x), true) => {
            let d = d.as_leaf().unwrap_or(Int::ZERO);
            Ok((
                i128::from(x.value()) * i128::from(d.value()),
                x.is_static() && d.is_static(),
            ))
        }
        (None, false) => {
            if c.rank() != s.rank() {
                return Err(rank_mismatch("crd2idx", c, s));
            }
            let mut acc = (0, true);
            for ((ci, si), di) in c.modes().zip(s.modes()).zip(d.modes()) {
                acc = sum(acc, crd2idx_wide(ci, si, di)?)?;
            }
            Ok(acc)
        }
        (Some(mut x), false) => {
            let r = s.rank();
            let mut acc = (0, true);
            for (k, (si, di)) in s.modes().zip(d.modes()).enumerate() {
                let here = if k + 1 == r {
                    x
                } else {
                    let n = product(si)?;
                    let here = x.rem(n)?;
                    x = x.div(n)?;
                    here
                };
                acc = sum(acc, crd2idx_wide(Tree::leaf(here).as_ref(), si, di)?)?;
            }
            Ok(acc)
        }
        (None, true) => Err(LayoutError::NotATuple {
            op: "crd2idx",
            detail: format!(
                "the tuple coordinate {c} cannot index the integer shape {s} (Invalid parameters)"
            ),
            hint: "give an integer coordinate for an integer mode",
        }),
    }
}

fn rank_mismatch<T: Copy + fmt::Display>(
    op: &'static str,
    c: TreeRef<'_, T>,
    s: TreeRef<'_, Int>,
) -> LayoutError {
    LayoutError::RankMismatch {
        op,
        detail: format!(
            "coordinate {c} has rank {} but shape {s} has rank {}",
            c.rank(),
            s.rank()
        ),
        hint: "give one coordinate per mode, or a single integer",
    }
}

/// `crd2idx(c, shape)`: the colexicographic (column-major) index of coordinate `c` in `shape`;
/// `c` may be coarser than the shape; the last coordinate is not bounded.
///
/// # Errors
/// [`LayoutError::RankMismatch`], [`LayoutError::NotATuple`], arithmetic errors.
///
/// ```
/// use cute_layout::{crd2idx_shape, IntTuple};
/// let p = |s: &str| s.parse::<IntTuple>().unwrap();
/// assert_eq!(crd2idx_shape(&p("(1,5)"), &p("(2,3)")).unwrap().value(), 11);
/// ```
pub fn crd2idx_shape(coord: &IntTuple, shape: &IntTuple) -> Result<Int> {
    colex_index(coord.as_ref(), shape.as_ref())
}

fn colex_index(c: TreeRef<'_, Int>, s: TreeRef<'_, Int>) -> Result<Int> {
    if let Some(x) = c.as_leaf() {
        return Ok(x);
    }
    if s.is_leaf() || c.rank() != s.rank() {
        return Err(rank_mismatch("crd2idx", c, s));
    }
    // Horner: c0 + s0 * (c1 + s1 * (c2 + ...)), computed front to back.
    let (mut acc, mut scale) = (Int::ZERO, Int::ONE);
    for (ci, si) in c.modes().zip(s.modes()) {
        acc = acc.add(colex_index(ci, si)?.mul(scale)?)?;
        scale = scale.mul(product(si)?)?;
    }
    Ok(acc)
}

/// `idx2crd(i, shape)`: the natural coordinate of index `i`, split colexicographically; the
/// last mode takes the undivided rest. A tuple `i` is refined mode by mode.
///
/// # Errors
/// [`LayoutError::RankMismatch`], [`LayoutError::NotATuple`], arithmetic errors.
///
/// # Examples
/// ```
/// use cute_layout::{idx2crd, IntTuple};
/// let p = |s: &str| s.parse::<IntTuple>().unwrap();
/// assert_eq!(idx2crd(&p("16"), &p("(_3,(_2,_3))")).unwrap().to_string(), "(1,(1,2))");
/// assert_eq!(idx2crd(&p("_16"), &p("(_3,(_2,_3))")).unwrap().to_string(), "(_1,(_1,_2))");
/// assert_eq!(idx2crd(&p("(_1,5)"), &p("(_3,(_2,_3))")).unwrap().to_string(), "(_1,(1,2))");
/// assert_eq!(idx2crd(&p("7"), &p("(2,3)")).unwrap().to_string(), "(1,3)");
/// ```
pub fn idx2crd(index: &IntTuple, shape: &IntTuple) -> Result<IntTuple> {
    let mut b = Builder::new();
    idx2crd_ref(index.as_ref(), shape.as_ref(), &mut b)?;
    b.finish()
}

fn idx2crd_ref(i: TreeRef<'_, Int>, s: TreeRef<'_, Int>, b: &mut Builder<Int>) -> Result<()> {
    match (i.as_leaf(), s.is_leaf()) {
        (Some(x), true) => b.leaf(x),
        (None, false) => {
            if i.rank() != s.rank() {
                return Err(rank_mismatch("idx2crd", i, s));
            }
            b.open();
            for (ii, si) in i.modes().zip(s.modes()) {
                idx2crd_ref(ii, si, b)?;
            }
            b.close();
        }
        (Some(mut x), false) => {
            let r = s.rank();
            b.open();
            for (k, si) in s.modes().enumerate() {
                if k + 1 == r {
                    idx2crd_ref(Tree::leaf(x).as_ref(), si, b)?;
                } else {
                    let n = product(si)?;
                    idx2crd_ref(Tree::leaf(x.rem(n)?).as_ref(), si, b)?;
                    x = x.div(n)?;
                }
            }
            b.close();
        }
        (None, true) => {
            return Err(LayoutError::NotATuple {
                op: "idx2crd",
                detail: format!(
                "the tuple index {i} cannot be split by the integer shape {s} (Invalid parameters)"
            ),
                hint: "give an integer index for an integer mode",
            })
        }
    }
    Ok(())
}

/// `crd2crd(c, src_shape, dst_shape)`: re-express coordinate `c` of `src_shape` as a
/// coordinate of `dst_shape` (mode by mode when all three are tuples of equal rank, else
/// through the colexicographic index).
///
/// # Errors
/// As [`crd2idx_shape`] and [`idx2crd`].
///
/// ```
/// use cute_layout::{crd2crd, IntTuple};
/// let p = |s: &str| s.parse::<IntTuple>().unwrap();
/// assert_eq!(crd2crd(&p("(1,5)"), &p("(3,6)"), &p("(2,(3,3))")).unwrap().to_string(), "(1,(2,1))");
/// ```
pub fn crd2crd(coord: &IntTuple, src: &IntTuple, dst: &IntTuple) -> Result<IntTuple> {
    if !coord.is_leaf()
        && !src.is_leaf()
        && !dst.is_leaf()
        && coord.rank() == src.rank()
        && src.rank() == dst.rank()
    {
        let modes = coord
            .modes()
            .zip(src.modes())
            .zip(dst.modes())
            .map(|((c, s), d)| crd2crd(&c.to_tree(), &s.to_tree(), &d.to_tree()))
            .collect::<Result<Vec<_>>>()?;
        return Tree::tuple(modes);
    }
    idx2crd(&IntTuple::int(crd2idx_shape(coord, src)?), dst)
}

/// CuTe's `slice` (`keep_underscore = true`) and `dice` (`false`) on any tree.
pub(crate) fn slice_tree<T: Copy + fmt::Display>(
    coord: &Coord,
    t: &Tree<T>,
    keep_underscore: bool,
) -> Result<Tree<T>> {
    match coord.as_leaf() {
        Some(CoordLeaf::Underscore) if keep_underscore => Ok(t.clone()),
        Some(CoordLeaf::Index(_)) if !keep_underscore => Ok(t.clone()),
        Some(_) => Tree::tuple([]),
        None => {
            let mut b = Builder::new();
            b.open();
            lift_slice(coord.as_ref(), t.as_ref(), keep_underscore, &mut b)?;
            b.close();
            b.finish()
        }
    }
}

fn lift_slice<T: Copy + fmt::Display>(
    c: TreeRef<'_, CoordLeaf>,
    t: TreeRef<'_, T>,
    keep_underscore: bool,
    b: &mut Builder<T>,
) -> Result<()> {
    match c.as_leaf() {
        Some(CoordLeaf::Underscore) => {
            if keep_underscore {
                b.push(t)
            }
        }
        Some(CoordLeaf::Index(_)) => {
            if !keep_underscore {
                b.push(t)
            }
        }
        None => {
            if c.rank() != t.rank() {
                return Err(LayoutError::RankMismatch {
                    op: if keep_underscore { "slice" } else { "dice" },
                    detail: format!(
                        "coordinate {c} has rank {} but {t} has rank {}",
                        c.rank(),
                        t.rank()
                    ),
                    hint: "give one coordinate (or `_`) per mode",
                });
            }
            for (ci, ti) in c.modes().zip(t.modes()) {
                lift_slice(ci, ti, keep_underscore, b)?;
            }
        }
    }
    Ok(())
}

impl IntTuple {
    /// The elements of `self` kept where `coord` has `_`, concatenated (CuTe's `slice`).
    ///
    /// # Errors
    /// [`LayoutError::RankMismatch`] when `coord` does not match the profile of `self`.
    ///
    /// ```
    /// # use cute_layout::{IntTuple, Coord};
    /// let t: IntTuple = "((2,3),4)".parse().unwrap();
    /// let c: Coord = "(_,1)".parse().unwrap();
    /// assert_eq!(t.slice(&c).unwrap().to_string(), "((2,3))");
    /// ```
    pub fn slice(&self, coord: &Coord) -> Result<IntTuple> {
        slice_tree(coord, self, true)
    }

    /// The elements of `self` kept where `coord` has an integer (CuTe's `dice`).
    ///
    /// # Errors
    /// [`LayoutError::RankMismatch`] when `coord` does not match the profile of `self`.
    ///
    /// ```
    /// # use cute_layout::{IntTuple, Coord};
    /// let t: IntTuple = "((2,3),4)".parse().unwrap();
    /// let c: Coord = "(_,1)".parse().unwrap();
    /// assert_eq!(t.dice(&c).unwrap().to_string(), "(4)");
    /// ```
    pub fn dice(&self, coord: &Coord) -> Result<IntTuple> {
        slice_tree(coord, self, false)
    }
}
