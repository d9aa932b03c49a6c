//! Operations of the CuTe Whitepaper (Cecka, *CuTe Layout Representation and Algebra*,
//! arXiv:2603.02298) and its reference PyCuTe v2 that CuTe C++ 4.2 lacks, and C++'s
//! `make_layout_like`: `coalesce_z`, `greatest_common_domain`, `layout_add`, and the lattice of
//! shapes under `compatible`, `common_refinement` (the join) and `common_coarsening` (the meet).
//!
//! Each function states its definition and contract; the property tests of
//! `crates/cute-tools/tests/algebra/whitepaper.rs` check every post-condition, and the oracle cases (values computed by
//! PyCuTe v2) are in `tests/data/whitepaper.tsv`.

use super::coalesce::{coalesce, filter_zeros};
use crate::error::{LayoutError, Result};
use crate::int::Int;
use crate::layout::Layout;
use crate::tree::TreeRef;
use crate::tuple::IntTuple;

/// `make_layout_like(L)`: the compact layout of `L`'s shape whose strides follow the order of
/// `L`'s strides, `make_layout(shape(L), compact_order(filter_zeros(L).shape, stride(L)))`, so
/// that a zero stride stays zero (C++'s `make_layout_like`, `cute/layout.hpp`).
///
/// @post `shape(R) == shape(L)`; `R` is injective on the modes of nonzero stride and compact:
/// `cosize(R) == size(filter_zeros(L))`; `R`'s strides are ordered as `L`'s.
///
/// # Errors
/// As [`Layout::ordered`].
///
/// # Examples
/// ```
/// use cute_layout::{algebra::whitepaper::make_layout_like, Layout};
/// let l: Layout = "(_2,_2,_2,_2):(_0,_2,_4,_1)".parse()?;
/// assert_eq!(make_layout_like(&l)?.to_string(), "(_2,_2,_2,_2):(_0,_2,_4,_1)");
/// let l: Layout = "(4,3):(3,1)".parse()?;
/// assert_eq!(make_layout_like(&l)?.to_string(), "(4,3):(3,_1)");
/// # Ok::<(), cute_layout::LayoutError>(())
/// ```
pub fn make_layout_like(layout: &Layout) -> Result<Layout> {
    let ordered = Layout::ordered(filter_zeros(layout)?.shape(), layout.stride())?;
    Layout::new(layout.shape().clone(), ordered.stride().clone())
}

/// `coalesce_z(L)`: [`coalesce`] that keeps the function on the whole extended domain, `R(i) ==
/// L(i)` for every `i ≥ 0`, not only below `size(L)`: past its size a layout runs on along its
/// last mode, so a last mode of extent 1 stays unless it is the continuation of the mode before
/// it (`s:d` then `1:s·d`). `coalesce((2,1,6,1):(1,7,8,0))` is `(2,6):(1,8)`, which maps 12 to
/// 48; `coalesce_z` gives `(2,6,1):(1,8,0)`, which maps 12 to 0 as `L` does.
///
/// @post `size(R) == size(L)`; `depth(R) ≤ 1`; `R(i) == L(i)` for all `i ≥ 0`;
/// `coalesce_z(R) == R`.
///
/// # Errors
/// As [`coalesce`].
///
/// # Examples
/// ```
/// use cute_layout::{algebra::whitepaper::coalesce_z, Layout};
/// let l: Layout = "(2,1,6,1):(1,7,8,0)".parse()?;
/// assert_eq!(coalesce_z(&l)?.to_string(), "(2,6,1):(1,8,0)");
/// let l: Layout = "(2,1,6,1):(1,7,8,48)".parse()?;
/// assert_eq!(coalesce_z(&l)?.to_string(), "(2,6):(1,8)");
/// # Ok::<(), cute_layout::LayoutError>(())
/// ```
pub fn coalesce_z(layout: &Layout) -> Result<Layout> {
    let leaves: Vec<(Int, Int)> = layout.leaves().collect();
    let Some((&(s, d), init)) = leaves.split_last() else {
        return coalesce(layout);
    };
    if s.value() != 1 {
        return coalesce(layout); // the extension runs along a mode coalesce keeps
    }
    let mut modes: Vec<(Int, Int)> = Vec::new();
    if init.iter().any(|m| m.0.value() != 1) {
        modes.extend(coalesce(&flat(init)?)?.leaves());
    }
    match modes.last() {
        Some(&(s0, d0)) if d0.mul(s0)?.value() == d.value() => {} // 1:s0·d0 continues s0:d0
        _ => modes.push((s, d)),
    }
    match modes.as_slice() {
        [(s, d)] => Ok(Layout::leaf(*s, *d)),
        _ => flat(&modes),
    }
}

/// The flat layout of the given modes.
fn flat(modes: &[(Int, Int)]) -> Result<Layout> {
    Layout::new(
        IntTuple::from_leaves(modes.iter().map(|m| m.0)),
        IntTuple::from_leaves(modes.iter().map(|m| m.1)),
    )
}

/// `greatest_common_domain(A, B)`: the largest layout `G` of common factors that the shapes of
/// `A` and `B` share in order, each at the index where it starts in both: walking the leaves of
/// both shapes with their prefix products `pA`, `pB` (extents 1 skipped), the first index aligned
/// in both is `l = lcm(pA, pB)`; where the current leaves hold the residues `l/pA` and `l/pB`,
/// their common part `g = gcd(a/(l/pA), b/(l/pB)) > 1` is a mode `g:l` of `G`, taken off both
/// leaves; otherwise the leaf that ends first (or both, where neither end divides the other) is
/// passed. Only the shapes matter. Without a common factor, `G = (1):(0)`.
///
/// @post symmetric: `G(A, B) == G(B, A)`; `depth(G) == 1`; `size(G)` divides
/// `gcd(size(A), size(B))`; `composition(A, G)` and `composition(B, G)` are defined (each mode
/// of `G` lies inside one leaf of each shape).
///
/// # Errors
/// [`LayoutError::InvalidArgument`] for an extent below 1.
///
/// # Examples
/// ```
/// use cute_layout::{algebra::whitepaper::greatest_common_domain, IntTuple};
/// let t = |s: &str| s.parse::<IntTuple>().unwrap();
/// assert_eq!(greatest_common_domain(&t("(5,3,4)"), &t("(10,6)"))?.to_string(), "(5,2):(1,30)");
/// assert_eq!(greatest_common_domain(&t("(6,35)"), &t("(15,14)"))?.to_string(), "(3,7):(1,30)");
/// assert_eq!(greatest_common_domain(&t("(5,3)"), &t("(3,5)"))?.to_string(), "(_1):(_0)");
/// # Ok::<(), cute_layout::LayoutError>(())
/// ```
pub fn greatest_common_domain(a: &IntTuple, b: &IntTuple) -> Result<Layout> {
    let extents = |t: &IntTuple| -> Result<Vec<i64>> {
        t.leaves()
            .map(|e| match e.value() {
                v if v >= 1 => Ok(v),
                v => Err(LayoutError::InvalidArgument {
                    op: "greatest_common_domain",
                    detail: format!("the shape {t} has the extent {v}"),
                    hint: "the common domain is defined for positive extents",
                }),
            })
            .collect()
    };
    let (mut xs, mut ys) = (extents(a)?, extents(b)?);
    let is_static = a.is_static() && b.is_static();
    let int = |v: i64| Int::new(v, is_static);
    let overflow = || LayoutError::Overflow {
        expr: format!("greatest_common_domain({a}, {b})"),
    };
    let (mut modes, mut pa, mut pb, mut i, mut j) = (Vec::new(), 1i64, 1i64, 0, 0);
    while i < xs.len() && j < ys.len() {
        if xs[i] == 1 {
            i += 1;
            continue;
        }
        if ys[j] == 1 {
            j += 1;
            continue;
        }
        let l = lcm(pa, pb).ok_or_else(overflow)?;
        let (ra, rb) = (l / pa, l / pb);
        if xs[i] % ra == 0 && ys[j] % rb == 0 {
            let g = gcd(xs[i] / ra, ys[j] / rb);
            if g != 1 {
                modes.push((int(g), int(l)));
                xs[i] /= ra * g;
                ys[j] /= rb * g;
                pa = l.checked_mul(g).ok_or_else(overflow)?;
                pb = pa;
                continue;
            }
        }
        let ea = pa.checked_mul(xs[i]).ok_or_else(overflow)?;
        let eb = pb.checked_mul(ys[j]).ok_or_else(overflow)?;
        let (a_first, b_first) = (eb % ea == 0, ea % eb == 0);
        if a_first || !b_first {
            (pa, i) = (ea, i + 1);
        }
        if b_first || !a_first {
            (pb, j) = (eb, j + 1);
        }
    }
    if modes.is_empty() {
        modes.push((Int::fixed(1), Int::fixed(0)));
    }
    flat(&modes)
}

fn gcd(a: i64, b: i64) -> i64 {
    if b == 0 {
        a
    } else {
        gcd(b, a % b)
    }
}

fn lcm(a: i64, b: i64) -> Option<i64> {
    (a / gcd(a, b)).checked_mul(b)
}

/// `layout_add(A, B)`: the whitepaper's sum of two layouts of one size, `R(i) = A(i) + B(i)`.
/// Defined where `A` and `B` are linear on one lattice of indices: with
/// `G = greatest_common_domain(coalesce(A), coalesce(B))` of size `size(A)`, every index is
/// `i = Σ cₖ·gₖ` over `G`'s modes `sₖ:gₖ`, and `R = coalesce(S : (A(gₖ) + B(gₖ)))`.
///
/// @pre `size(A) == size(B)`. @post `size(R) == size(A)`; `R(i) == A(i) + B(i)` for `i` below
/// `size(R)`; symmetric: `layout_add(A, B) == layout_add(B, A)`.
///
/// # Errors
/// [`LayoutError::InvalidArgument`] for sizes that differ, or layouts with no common domain of
/// their size (`layout_add((2,3):(1,10), (3,2):(1,10))`: the sum is not a layout).
///
/// # Examples
/// ```
/// use cute_layout::{algebra::whitepaper::layout_add, Layout};
/// let l = |s: &str| s.parse::<Layout>().unwrap();
/// assert_eq!(layout_add(&l("(4,3):(1,4)"), &l("(4,3):(3,1)"))?.to_string(), "(4,3):(4,5)");
/// assert_eq!(layout_add(&l("(5,3,4):(1,5,15)"), &l("(10,6):(1,10)"))?.to_string(), "60:2");
/// # Ok::<(), cute_layout::LayoutError>(())
/// ```
pub fn layout_add(a: &Layout, b: &Layout) -> Result<Layout> {
    let (n, m) = (a.size()?, b.size()?);
    if n.value() != m.value() {
        return Err(LayoutError::InvalidArgument {
            op: "layout_add",
            detail: format!("size({a}) = {n} but size({b}) = {m}"),
            hint: "layouts are added index by index: give layouts of one size",
        });
    }
    let (ca, cb) = (coalesce(a)?, coalesce(b)?);
    let g = greatest_common_domain(ca.shape(), cb.shape())?;
    let size_g = g.size()?;
    if size_g.value() != n.value() {
        return Err(LayoutError::InvalidArgument {
            op: "layout_add",
            detail: format!("{a} and {b} have no common domain of size {n}: greatest_common_domain({ca}, {cb}) = {g}, of size {size_g}"),
            hint: "the sum is a layout only where both layouts are linear on one factorization of their indices",
        });
    }
    let is_static = a.is_static() && b.is_static();
    let strides = g
        .stride()
        .leaves()
        .map(|d| {
            let sum = ca.eval(d.value())?.checked_add(cb.eval(d.value())?);
            let sum = sum.ok_or_else(|| LayoutError::Overflow {
                expr: format!("layout_add({a}, {b}) at index {d}"),
            })?;
            Ok(Int::new(sum, is_static))
        })
        .collect::<Result<Vec<Int>>>()?;
    let shape = IntTuple::from_leaves(g.shape().leaves().map(|s| s.with_static(is_static)));
    coalesce(&Layout::new(shape, IntTuple::from_leaves(strides))?)
}

/// `coshape(L)` of an integer layout: one past the largest offset reached from the origin
/// along each mode's absolute stride, `Σ (sₖ − 1)·|dₖ| + 1` (C++'s `coshape`: the inner product
/// of `shape − 1` and `abs(stride)`, plus 1; `cosize(L)` for non-negative strides). For a
/// coordinate codomain see [`crate::basis::BasisLayout::coshape_extents`].
///
/// # Errors
/// Overflow.
///
/// # Examples
/// ```
/// use cute_layout::{algebra::whitepaper::coshape, Layout};
/// assert_eq!(coshape(&"(_4,_2):(_1,_8)".parse::<Layout>()?)?.to_string(), "_12");
/// assert_eq!(coshape(&"(_4,_3):(_-1,_4)".parse::<Layout>()?)?.to_string(), "_12");
/// # Ok::<(), cute_layout::LayoutError>(())
/// ```
pub fn coshape(layout: &Layout) -> Result<Int> {
    let mut acc = Int::new(1, true);
    for (s, d) in layout.leaves() {
        let abs = Int::new(d.value().abs(), d.is_static());
        acc = acc.add(s.sub(Int::new(1, true))?.mul(abs)?)?;
    }
    Ok(acc)
}

/// `common_refinement(a, b)`: the least shape `c` that both shapes coarsen, `a ≼ c` and
/// `b ≼ c` under [`IntTuple::compatible`] (the whitepaper's join, §2.2.1): tuples of one rank
/// refine mode by mode, an integer and a tuple of its size refine to the tuple, two integers
/// only if equal.
///
/// @post `compatible(a, R)` and `compatible(b, R)`; symmetric; `common_refinement(a, a) == a`.
/// A leaf equal in both is static iff both are; a tuple taken from one side keeps its leaves.
///
/// # Errors
/// [`LayoutError::InvalidArgument`] where no common refinement exists: two integers that
/// differ, an integer and a tuple of another size, tuples of different ranks
/// (`common_refinement((2,(3,5)), ((3,2),5))`: one size, profiles that no shape refines both).
///
/// # Examples
/// ```
/// use cute_layout::{algebra::whitepaper::common_refinement, IntTuple};
/// let t = |s: &str| s.parse::<IntTuple>().unwrap();
/// assert_eq!(common_refinement(&t("((2,3),20)"), &t("(6,(4,5))"))?.to_string(), "((2,3),(4,5))");
/// assert_eq!(common_refinement(&t("10"), &t("(10)"))?.to_string(), "(10)");
/// assert!(common_refinement(&t("(2,(3,5))"), &t("((3,2),5)")).is_err());
/// # Ok::<(), cute_layout::LayoutError>(())
/// ```
pub fn common_refinement(a: &IntTuple, b: &IntTuple) -> Result<IntTuple> {
    refine_at(a.as_ref(), b.as_ref()).map_err(|why| LayoutError::InvalidArgument {
        op: "common_refinement",
        detail: format!("{a} and {b} have no common refinement: {why}"),
        hint: "a common refinement needs equal sizes and, where both are tuples, equal ranks mode by mode; common_coarsening exists for any two shapes of one size",
    })
}

/// [`common_refinement`] of two sub-shapes; the error says where they part.
fn refine_at(a: TreeRef<'_, Int>, b: TreeRef<'_, Int>) -> std::result::Result<IntTuple, String> {
    let size = |t: TreeRef<'_, Int>| t.to_tree().size().map_err(|e| e.to_string());
    match (a.as_leaf(), b.as_leaf()) {
        (Some(x), Some(y)) if x.value() == y.value() => {
            Ok(IntTuple::int(x.with_static(x.is_static() && y.is_static())))
        }
        (Some(x), Some(y)) => Err(format!("the leaves {x} and {y} differ")),
        (Some(x), None) | (None, Some(x)) => {
            let t = if a.is_leaf() { b } else { a };
            match size(t)? {
                n if n.value() == x.value() => Ok(t.to_tree()),
                n => Err(format!(
                    "the integer {x} and the tuple {} of size {n}",
                    t.to_tree()
                )),
            }
        }
        (None, None) if a.rank() != b.rank() => Err(format!(
            "the tuples {} and {} have ranks {} and {}",
            a.to_tree(),
            b.to_tree(),
            a.rank(),
            b.rank()
        )),
        (None, None) => {
            let modes = a.modes().zip(b.modes()).map(|(x, y)| refine_at(x, y));
            IntTuple::tuple(modes.collect::<std::result::Result<Vec<_>, _>>()?)
                .map_err(|e| e.to_string())
        }
    }
}

/// `common_coarsening(a, b)`: the greatest shape `c` that coarsens both shapes, `c ≼ a` and
/// `c ≼ b` under [`IntTuple::compatible`] (the whitepaper's meet, §2.2.1): tuples of one rank
/// whose modes all have a common coarsening meet mode by mode; otherwise the meet is the
/// integer `size(a)`.
///
/// @pre `size(a) == size(b)`. @post `compatible(R, a)` and `compatible(R, b)`; symmetric;
/// `common_coarsening(a, a) == a`; where [`common_refinement`] exists,
/// `compatible(R, common_refinement(a, b))`. A size is static iff both shapes are.
///
/// # Errors
/// [`LayoutError::InvalidArgument`] for shapes of different sizes.
///
/// # Examples
/// ```
/// use cute_layout::{algebra::whitepaper::common_coarsening, IntTuple};
/// let t = |s: &str| s.parse::<IntTuple>().unwrap();
/// assert_eq!(common_coarsening(&t("(4,(3,5))"), &t("((2,2),15)"))?.to_string(), "(4,15)");
/// assert_eq!(common_coarsening(&t("((2,3),4)"), &t("((3,2),4)"))?.to_string(), "(6,4)");
/// assert_eq!(common_coarsening(&t("(2,(3,5))"), &t("((3,2),5)"))?.to_string(), "30");
/// assert!(common_coarsening(&t("(2,3)"), &t("(4,5)")).is_err());
/// # Ok::<(), cute_layout::LayoutError>(())
/// ```
pub fn common_coarsening(a: &IntTuple, b: &IntTuple) -> Result<IntTuple> {
    coarsen_at(a.as_ref(), b.as_ref())?.ok_or_else(|| LayoutError::InvalidArgument {
        op: "common_coarsening",
        detail: format!(
            "{a} and {b} have no common coarsening: their sizes are {} and {}",
            a.size().map_or_else(|e| e.to_string(), |n| n.to_string()),
            b.size().map_or_else(|e| e.to_string(), |n| n.to_string()),
        ),
        hint: "shapes coarsen to a common shape only where their sizes are equal",
    })
}

/// [`common_coarsening`] of two sub-shapes; `None` where their sizes differ.
fn coarsen_at(a: TreeRef<'_, Int>, b: TreeRef<'_, Int>) -> Result<Option<IntTuple>> {
    if !a.is_leaf() && !b.is_leaf() && a.rank() == b.rank() {
        let modes = a
            .modes()
            .zip(b.modes())
            .map(|(x, y)| coarsen_at(x, y))
            .collect::<Result<Option<Vec<_>>>>()?;
        if let Some(modes) = modes {
            return Ok(Some(IntTuple::tuple(modes)?));
        }
    }
    let (sa, sb) = (a.to_tree().size()?, b.to_tree().size()?);
    Ok((sa.value() == sb.value())
        .then(|| IntTuple::int(sa.with_static(sa.is_static() && sb.is_static()))))
}
