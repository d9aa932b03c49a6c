//! [`IntTuple`]: integers and hierarchical tuples of integers, with CuTe's tuple arithmetic.
//!
//! Shapes, strides and coordinates are all int-tuples. This module holds the arithmetic CuTe
//! defines on them: `size`/`product`, `product_each`, `inner_product`, the profile predicates
//! (`congruent`, `weakly_congruent`, `compatible`), `evenly_divides`, `shape_div`, `ceil_div`,
//! and the compact strides of `LayoutLeft` / `LayoutRight` / an explicit order.

use crate::error::{LayoutError, Result};
use crate::int::{ArithError, Int};
use crate::tree::{Builder, Tree, TreeRef};

/// An integer or a tuple of int-tuples, e.g. `(2,(_3,4))`.
pub type IntTuple = Tree<Int>;

impl IntTuple {
    /// A single integer.
    ///
    /// ```
    /// # use cute_layout::{IntTuple, Int};
    /// assert_eq!(IntTuple::int(Int::fixed(4)).to_string(), "_4");
    /// ```
    pub fn int(x: Int) -> Self {
        Tree::leaf(x)
    }

    /// Whether every leaf is static.
    ///
    /// ```
    /// # use cute_layout::IntTuple;
    /// assert!("(_2,_3)".parse::<IntTuple>().unwrap().is_static());
    /// assert!(!"(_2,3)".parse::<IntTuple>().unwrap().is_static());
    /// ```
    pub fn is_static(&self) -> bool {
        self.leaves().all(Int::is_static)
    }

    /// The same tuple with every leaf tagged static (`true`) or dynamic (`false`).
    ///
    /// ```
    /// # use cute_layout::IntTuple;
    /// let t: IntTuple = "(2,(3,4))".parse().unwrap();
    /// assert_eq!(t.with_static(true).to_string(), "(_2,(_3,_4))");
    /// ```
    pub fn with_static(&self, is_static: bool) -> Self {
        self.map(|x| x.with_static(is_static))
    }

    /// Product of all leaves (`size` / `product`); `()` has size `_1`.
    ///
    /// # Errors
    /// [`LayoutError::Overflow`].
    ///
    /// ```
    /// # use cute_layout::IntTuple;
    /// assert_eq!("(2,(3,_4))".parse::<IntTuple>().unwrap().size().unwrap().to_string(), "24");
    /// assert_eq!("(_2,_3)".parse::<IntTuple>().unwrap().size().unwrap().to_string(), "_6");
    /// ```
    pub fn size(&self) -> Result<Int> {
        Ok(product(self.as_ref())?)
    }

    /// The tuple of per-mode products; an integer is wrapped first (CuTe's `product_each`).
    ///
    /// # Errors
    /// [`LayoutError::Overflow`].
    ///
    /// ```
    /// # use cute_layout::IntTuple;
    /// let t: IntTuple = "((2,3),4,(5,(1,2)))".parse().unwrap();
    /// assert_eq!(t.product_each().unwrap().to_string(), "(6,4,10)");
    /// ```
    pub fn product_each(&self) -> Result<IntTuple> {
        let mut b = Builder::new();
        b.open();
        for m in self.modes() {
            b.leaf(product(m)?);
        }
        b.close();
        b.finish()
    }

    /// Sum of all leaves.
    ///
    /// # Errors
    /// [`LayoutError::Overflow`].
    ///
    /// ```
    /// # use cute_layout::IntTuple;
    /// assert_eq!("(2,(3,4))".parse::<IntTuple>().unwrap().sum().unwrap().value(), 9);
    /// ```
    pub fn sum(&self) -> Result<Int> {
        Ok(self.leaves().try_fold(Int::ZERO, Int::add)?)
    }

    /// `Σ aᵢ·bᵢ` over congruent tuples (scalars multiply).
    ///
    /// # Errors
    /// [`LayoutError::RankMismatch`] when the profiles differ; [`LayoutError::Overflow`].
    ///
    /// ```
    /// # use cute_layout::IntTuple;
    /// let a: IntTuple = "(1,(2,3))".parse().unwrap();
    /// let b: IntTuple = "(4,(5,6))".parse().unwrap();
    /// assert_eq!(a.inner_product(&b).unwrap().value(), 32);
    /// ```
    pub fn inner_product(&self, other: &IntTuple) -> Result<Int> {
        if !self.congruent(other) {
            return Err(LayoutError::RankMismatch {
                op: "inner_product",
                detail: format!("{self} and {other} are not congruent"),
                hint: "give both tuples the same nesting",
            });
        }
        Ok(self
            .leaves()
            .zip(other.leaves())
            .try_fold(Int::ZERO, |acc, (a, b)| acc.add(a.mul(b)?))?)
    }

    /// CuTe's `weakly_congruent(a, b)`: an integer matches anything; tuples need equal rank and
    /// weakly congruent children.
    ///
    /// ```
    /// # use cute_layout::IntTuple;
    /// let p = |s: &str| s.parse::<IntTuple>().unwrap();
    /// assert!(p("(1,1)").weakly_congruent(&p("((2,2),(2,2))")));
    /// assert!(p("1").weakly_congruent(&p("(1)")));
    /// assert!(!p("(1)").weakly_congruent(&p("1")));
    /// ```
    pub fn weakly_congruent(&self, other: &IntTuple) -> bool {
        weakly_congruent(self.as_ref(), other.as_ref())
    }

    /// CuTe's `compatible(a, b)`: every coordinate of `a` is a coordinate of `b`. An integer `a`
    /// needs `a == size(b)`; tuples need equal rank and compatible children.
    ///
    /// ```
    /// # use cute_layout::IntTuple;
    /// let p = |s: &str| s.parse::<IntTuple>().unwrap();
    /// assert!(p("24").compatible(&p("(4,6)")));
    /// assert!(!p("(4,6)").compatible(&p("24")));
    /// assert!(p("(4,6)").compatible(&p("((2,2),6)")));
    /// ```
    pub fn compatible(&self, other: &IntTuple) -> bool {
        compatible(self.as_ref(), other.as_ref())
    }

    /// CuTe's `evenly_divides(shape, tiler)` for an int-tuple tiler: a tuple tiler divides
    /// mode by mode (false if it has more modes); an integer `n` divides when
    /// `size(shape) == n * size(ceil_div(shape, n))`.
    ///
    /// # Errors
    /// [`LayoutError::DivisionByZero`], [`LayoutError::Overflow`].
    ///
    /// ```
    /// # use cute_layout::IntTuple;
    /// let p = |s: &str| s.parse::<IntTuple>().unwrap();
    /// assert!(p("(32,64)").evenly_divides(&p("128")).unwrap());
    /// assert!(!p("16").evenly_divides(&p("12")).unwrap());
    /// ```
    pub fn evenly_divides(&self, tiler: &IntTuple) -> Result<bool> {
        evenly_divides(self.as_ref(), tiler.as_ref())
    }

    /// CuTe's `shape_div(a, b)`, division for shapes: element-wise for tuples of equal rank, a
    /// left fold for tuple ÷ integer (`(4,5,6) ÷ 40 = (1,1,3)`), `a ÷ size(b)` for integer ÷
    /// tuple, and for integers `a / b` (or 1 when `b` is a multiple of `a`).
    ///
    /// # Errors
    /// [`LayoutError::Divisibility`] when neither of two integers divides the other ("Divisibility
    /// Condition"); [`LayoutError::RankMismatch`]; [`LayoutError::DivisionByZero`].
    ///
    /// ```
    /// # use cute_layout::IntTuple;
    /// let p = |s: &str| s.parse::<IntTuple>().unwrap();
    /// assert_eq!(p("(_3,_6,_2,_8)").shape_div(&p("_9")).unwrap().to_string(), "(_1,_2,_2,_8)");
    /// assert_eq!(p("(3,6,2,8)").shape_div(&p("72")).unwrap().to_string(), "(1,1,1,4)");
    /// assert!(p("6").shape_div(&p("4")).is_err());
    /// ```
    pub fn shape_div(&self, other: &IntTuple) -> Result<IntTuple> {
        div_like(self.as_ref(), other.as_ref(), "shape_div", scalar_shape_div)
    }

    /// CuTe's `ceil_div(a, b)`: like [`IntTuple::shape_div`] but rounding up and never failing on
    /// divisibility; for tuple ÷ tuple, `b` is padded with 1s (`rank(a) ≥ rank(b)`).
    ///
    /// # Errors
    /// [`LayoutError::RankMismatch`], [`LayoutError::DivisionByZero`].
    ///
    /// ```
    /// # use cute_layout::IntTuple;
    /// let p = |s: &str| s.parse::<IntTuple>().unwrap();
    /// assert_eq!(p("(4,5,6)").ceil_div(&p("40")).unwrap().to_string(), "(1,1,3)");
    /// assert_eq!(p("(10,7)").ceil_div(&p("(4)")).unwrap().to_string(), "(3,7)");
    /// ```
    pub fn ceil_div(&self, other: &IntTuple) -> Result<IntTuple> {
        div_like(self.as_ref(), other.as_ref(), "ceil_div", |a, b| {
            Ok(a.ceil_div(b)?)
        })
    }

    /// Element-wise maximum of two congruent tuples (for a leaf, the maximum).
    ///
    /// # Errors
    /// [`LayoutError::RankMismatch`].
    ///
    /// ```
    /// # use cute_layout::IntTuple;
    /// let p = |s: &str| s.parse::<IntTuple>().unwrap();
    /// assert_eq!(p("(1,5)").elem_max(&p("(3,2)")).unwrap().to_string(), "(3,5)");
    /// ```
    pub fn elem_max(&self, other: &IntTuple) -> Result<IntTuple> {
        self.zip_map(other, |a, b| Ok(a.max(b)))
    }

    /// Compact column-major strides (CuTe's `compact_col_major`, `LayoutLeft`), starting at
    /// `_1`: each leaf gets the product of the extents before it; an extent-1 leaf gets stride 0
    /// and does not advance the product (CuTe's all-static rule, applied to every integer).
    ///
    /// # Errors
    /// [`LayoutError::Overflow`].
    ///
    /// ```
    /// # use cute_layout::IntTuple;
    /// let p = |s: &str| s.parse::<IntTuple>().unwrap();
    /// assert_eq!(p("(_4,_8,_1,_2)").compact_col_major().unwrap().to_string(), "(_1,_4,_0,_32)");
    /// assert_eq!(p("(2,4)").compact_col_major().unwrap().to_string(), "(_1,2)");
    /// ```
    pub fn compact_col_major(&self) -> Result<IntTuple> {
        self.compact_col_major_from(Int::ONE)
    }

    /// Compact column-major strides starting at `start`.
    ///
    /// # Errors
    /// [`LayoutError::Overflow`].
    ///
    /// ```
    /// # use cute_layout::{IntTuple, Int};
    /// let p = |s: &str| s.parse::<IntTuple>().unwrap();
    /// assert_eq!(p("(2,3)").compact_col_major_from(Int::fixed(4)).unwrap().to_string(), "(_4,8)");
    /// ```
    pub fn compact_col_major_from(&self, start: Int) -> Result<IntTuple> {
        let mut current = start;
        self.try_map(|s| compact_step(s, &mut current))
    }

    /// Compact row-major strides (CuTe's `compact_row_major`, `LayoutRight`): like
    /// column-major but the last leaf varies fastest, at every level of the hierarchy.
    ///
    /// # Errors
    /// [`LayoutError::Overflow`].
    ///
    /// ```
    /// # use cute_layout::IntTuple;
    /// let p = |s: &str| s.parse::<IntTuple>().unwrap();
    /// assert_eq!(p("(_4,(_8,_1,(_2,_3)))").compact_row_major().unwrap().to_string(), "(_48,(_6,_0,(_3,_1)))");
    /// ```
    pub fn compact_row_major(&self) -> Result<IntTuple> {
        let mut current = Int::ONE;
        let mut strides: smallvec::SmallVec<[Int; 16]> = smallvec::SmallVec::new();
        for s in self.leaves().rev() {
            strides.push(compact_step(s, &mut current)?);
        }
        let mut it = strides.into_iter().rev();
        Ok(self.map(|_| it.next().unwrap_or(Int::ZERO)))
    }

    /// CuTe's `compact_order(shape, order)`: the leaves of `order` (weakly congruent to `shape`)
    /// are priorities; the sub-shape under a priority `p` starts at the product of the sizes of
    /// all sub-shapes with a strictly smaller priority and is column-major inside.
    ///
    /// # Errors
    /// [`LayoutError::RankMismatch`] if `order` is not weakly congruent to `self`;
    /// [`LayoutError::Overflow`].
    ///
    /// ```
    /// # use cute_layout::IntTuple;
    /// let p = |s: &str| s.parse::<IntTuple>().unwrap();
    /// let s = p("(_2,_2,_2,_2)");
    /// assert_eq!(s.compact_order(&p("(_0,_2,_3,_1)")).unwrap().to_string(), "(_1,_4,_8,_2)");
    /// ```
    pub fn compact_order(&self, order: &IntTuple) -> Result<IntTuple> {
        if !order.weakly_congruent(self) {
            return Err(LayoutError::RankMismatch {
                op: "compact_order",
                detail: format!("order {order} is not weakly congruent to shape {self}"),
                hint: "give one priority per mode (or one per leaf) of the shape",
            });
        }
        // Pair each order leaf with the size of the sub-shape it covers.
        let mut groups: smallvec::SmallVec<[(Int, Int); 16]> = smallvec::SmallVec::new();
        collect_order_groups(order.as_ref(), self.as_ref(), &mut groups)?;
        // Each group starts at the product of the sizes of the groups of lower priority: the
        // groups in priority order, with a running product (ties share a start), O(n log n).
        let mut by_priority: Vec<usize> = (0..groups.len()).collect();
        by_priority.sort_by_key(|&i| (groups[i].0.value(), i));
        let mut starts: smallvec::SmallVec<[Int; 16]> = smallvec::smallvec![Int::ONE; groups.len()];
        let mut below = Int::ONE; // the product of the groups of lower priority
        let mut r = 0;
        while r < by_priority.len() {
            let p = groups[by_priority[r]].0.value();
            let tied = by_priority[r..]
                .iter()
                .take_while(|&&i| groups[i].0.value() == p)
                .count();
            for &i in &by_priority[r..r + tied] {
                starts[i] = below;
            }
            if r + tied < by_priority.len() {
                for &i in &by_priority[r..r + tied] {
                    below = below.mul(groups[i].1)?;
                }
            }
            r += tied;
        }
        let mut b = Builder::new();
        let mut k = 0;
        build_ordered(order.as_ref(), self.as_ref(), &starts, &mut k, &mut b)?;
        b.finish()
    }
}

/// The compact stride of an extent-`s` mode that starts at `current`: 0 (tagged as `s`) for an
/// extent-1 mode, else `current` (CuTe's `compact_major`).
pub(crate) fn compact_stride(s: Int, current: Int) -> Int {
    if s.value() == 1 {
        Int::new(0, s.is_static())
    } else {
        current
    }
}

fn compact_step(s: Int, current: &mut Int) -> Result<Int> {
    let d = compact_stride(s, *current);
    if s.value() != 1 {
        *current = current.mul(s)?;
    }
    Ok(d)
}

fn collect_order_groups(
    order: TreeRef<'_, Int>,
    shape: TreeRef<'_, Int>,
    out: &mut smallvec::SmallVec<[(Int, Int); 16]>,
) -> Result<()> {
    match order.as_leaf() {
        Some(o) => out.push((o, product(shape)?)),
        None => {
            for (o, s) in order.modes().zip(shape.modes()) {
                collect_order_groups(o, s, out)?;
            }
        }
    }
    Ok(())
}

fn build_ordered(
    order: TreeRef<'_, Int>,
    shape: TreeRef<'_, Int>,
    starts: &[Int],
    k: &mut usize,
    b: &mut Builder<Int>,
) -> Result<()> {
    if order.is_leaf() {
        let strides = shape.to_tree().compact_col_major_from(starts[*k])?;
        *k += 1;
        b.push(strides.as_ref());
        return Ok(());
    }
    b.open();
    for (o, s) in order.modes().zip(shape.modes()) {
        build_ordered(o, s, starts, k, b)?;
    }
    b.close();
    Ok(())
}

pub(crate) fn product(t: TreeRef<'_, Int>) -> std::result::Result<Int, ArithError> {
    t.leaves().try_fold(Int::ONE, Int::mul)
}

fn weakly_congruent(a: TreeRef<'_, Int>, b: TreeRef<'_, Int>) -> bool {
    if a.is_leaf() {
        return true;
    }
    !b.is_leaf()
        && a.rank() == b.rank()
        && a.modes()
            .zip(b.modes())
            .all(|(x, y)| weakly_congruent(x, y))
}

fn compatible(a: TreeRef<'_, Int>, b: TreeRef<'_, Int>) -> bool {
    match a.as_leaf() {
        Some(x) => product(b).map(|s| s.value() == x.value()).unwrap_or(false),
        None => {
            !b.is_leaf()
                && a.rank() == b.rank()
                && a.modes().zip(b.modes()).all(|(x, y)| compatible(x, y))
        }
    }
}

fn evenly_divides(shape: TreeRef<'_, Int>, tiler: TreeRef<'_, Int>) -> Result<bool> {
    if !tiler.is_leaf() {
        if tiler.rank() > shape.rank() {
            return Ok(false);
        }
        for (s, t) in shape.modes().zip(tiler.modes()) {
            if !evenly_divides(s, t)? {
                return Ok(false);
            }
        }
        return Ok(true);
    }
    let n = product(tiler)?;
    let q = div_like(shape, tiler, "evenly_divides", |a, b| Ok(a.ceil_div(b)?))?;
    Ok(product(shape)?.value() == n.mul(q.size()?)?.value())
}

fn scalar_shape_div(a: Int, b: Int) -> Result<Int> {
    if b.value() == 0 {
        return Err(LayoutError::DivisionByZero {
            expr: format!("shape_div({a}, {b})"),
        });
    }
    if a.value().wrapping_rem(b.value()) != 0
        && (a.value() == 0 || b.value().wrapping_rem(a.value()) != 0)
    {
        return Err(LayoutError::Divisibility {
            op: "shape_div",
            mode: format!("shape_div({a}, {b})"),
            condition: "Divisibility Condition",
            detail: format!("neither {} nor {} divides the other", a.value(), b.value()),
            hint: "use shapes whose extents divide each other, or ceil_div to round up",
        });
    }
    let q = a.div(b)?;
    if q.value() != 0 {
        Ok(q)
    } else {
        Ok(a.signum().mul(b.signum())?)
    }
}

/// The four cases of CuTe's division-like tuple operations (`shape_div`, `ceil_div`).
fn div_like(
    a: TreeRef<'_, Int>,
    b: TreeRef<'_, Int>,
    op: &'static str,
    scalar: fn(Int, Int) -> Result<Int>,
) -> Result<IntTuple> {
    match (a.as_leaf(), b.as_leaf()) {
        (Some(x), Some(y)) => Ok(IntTuple::int(scalar(x, y)?)),
        (Some(x), None) => Ok(IntTuple::int(scalar(x, product(b)?)?)),
        (None, Some(y)) => {
            // Left fold: rᵢ = aᵢ ÷ rest, rest = rest ÷ aᵢ.
            let mut rest = IntTuple::int(y);
            let mut out = Builder::new();
            out.open();
            for m in a.modes() {
                let r = div_like(m, rest.as_ref(), op, scalar)?;
                rest = div_like(rest.as_ref(), m, op, scalar)?;
                out.push(r.as_ref());
            }
            out.close();
            out.finish()
        }
        (None, None) => {
            let equal_ranks = op == "shape_div";
            if (equal_ranks && a.rank() != b.rank()) || a.rank() < b.rank() {
                return Err(LayoutError::RankMismatch {
                    op,
                    detail: format!(
                        "{} has rank {} but {} has rank {}",
                        a,
                        a.rank(),
                        b,
                        b.rank()
                    ),
                    hint: if equal_ranks {
                        "shape_div of two tuples needs equal ranks"
                    } else {
                        "the divisor may not have more modes than the dividend"
                    },
                });
            }
            let mut out = Builder::new();
            out.open();
            let mut bm = b.modes();
            for m in a.modes() {
                match bm.next() {
                    Some(d) => out.push(div_like(m, d, op, scalar)?.as_ref()),
                    None => out.push(m),
                }
            }
            out.close();
            out.finish()
        }
    }
}
