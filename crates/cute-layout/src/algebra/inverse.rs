//! `right_inverse`, `left_inverse`, `max_common_layout`, `max_common_vector`, `nullspace`.

use super::coalesce::{coalesce, coalesced_modes, modes_to_layout, modes_to_layout_then, Unmerged};
use super::composition::composition;
use super::{Modes, NoTrace, Trace};
use crate::error::{LayoutError, Result};
use crate::fast::{repeated_offset, Evaluator, SeenOffsets};
use crate::int::Int;
use crate::layout::Layout;
use crate::limits::QUASI_INVERSE_CHECK_LIMIT;
use crate::trace::{Event, Inverse};
use crate::tuple::IntTuple;

/// `(extent, stride, exclusive prefix product)` of each flat mode.
type PrefixedModes = smallvec::SmallVec<[(Int, Int, Int); 16]>;

/// The flat modes of `coalesce(L)` with their exclusive prefix products, sorted by stride,
/// into `out` (empty).
fn sorted_with_prefix(layout: &Layout, out: &mut PrefixedModes) -> Result<()> {
    // (coalesced where they are kept, the prefixes filled in afterwards)
    coalesced_modes(layout.leaves(), out)?;
    let mut prefix = Int::ONE;
    for m in out.iter_mut() {
        m.2 = prefix;
        prefix = prefix.mul(m.0)?;
    }
    if !out.is_sorted_by_key(|m| m.1.value()) {
        out.sort_by_key(|m| m.1.value());
    }
    Ok(())
}

/// `right_inverse(L)`: the largest `R` with `L(R(i)) == i` for `i < size(R)`.
///
/// Sorting `coalesce(L)` by stride, it follows the chain of strides `1, s₀d₀, ...` as long as
/// each next stride equals the span so far; each accepted mode contributes its extent with its
/// position in `L`'s domain as stride. A position is an exclusive prefix product of the shape,
/// the first one `_1` whatever the extents (C++: `right_inverse((4,_8):(_8,_1))` is
/// `(_8,4):(4,_1)`). C++ follows only static strides; dynamic ones follow the same rule here,
/// so `(4,8):(8,1)` gives `(8,4):(4,_1)` (C++ gives `_1:_0`, having found no static stride).
///
/// # Errors
/// [`LayoutError::Overflow`].
///
/// # Examples
/// ```
/// use cute_layout::{right_inverse, Layout};
/// let l: Layout = "(_8,_4):(_4,_1)".parse().unwrap();
/// assert_eq!(right_inverse(&l).unwrap().to_string(), "(_4,_8):(_8,_1)");
/// let l: Layout = "(_4,_2):(_1,_5)".parse().unwrap();
/// assert_eq!(right_inverse(&l).unwrap().to_string(), "_4:_1");
/// let l: Layout = "(4,_8):(_8,_1)".parse().unwrap();
/// assert_eq!(right_inverse(&l).unwrap().to_string(), "(_8,4):(4,_1)");
/// let l: Layout = "(4,8):(8,1)".parse().unwrap();
/// assert_eq!(right_inverse(&l).unwrap().to_string(), "(8,4):(4,_1)");
/// ```
pub fn right_inverse(layout: &Layout) -> Result<Layout> {
    right_inverse_traced(layout, &mut NoTrace)
}

/// [`right_inverse`], reporting each mode taken or skipped.
pub fn right_inverse_traced(layout: &Layout, t: &mut impl Trace) -> Result<Layout> {
    // (`coalesce(L)` merged the modes that follow each other in both domain and codomain, so
    // the taken modes seldom merge: they go straight to `result` through `Unmerged`, which
    // leaves `_1:_0` where none is taken, as C++ returns)
    let mut result = Modes::new();
    let mut taken = Unmerged::new(&mut result);
    let mut cur = Int::ONE;
    let mut sorted = PrefixedModes::new();
    sorted_with_prefix(layout, &mut sorted)?;
    t.step(|| Event::InverseSorted {
        inverse: Inverse::Right,
        layout: layout.clone(),
        modes: sorted.to_vec(),
    });
    for &(s, d, prefix) in &sorted {
        if d.value() == cur.value() {
            let next = s.mul(d)?;
            t.step(|| Event::InverseTake {
                mode: (s, d),
                position: prefix,
                next,
            });
            taken.push((s, prefix));
            cur = next;
        } else {
            t.step(|| Event::InverseSkip { mode: (s, d), cur });
        }
    }
    taken.finish()?;
    t.step(|| Event::InverseTaken {
        result: modes_to_layout(&result),
    });
    modes_to_layout_then(&result, Ok) // (built where it is returned: a layout moved is copied)
}

/// `left_inverse(L)`: a quasi-inverse `R` with `L(R(L(i))) == L(i)`, and `R(L(i)) == i` when
/// `L` is injective.
///
/// Sorting `coalesce(L)` by stride and skipping 0 strides, each stride `d` (which must be a
/// multiple of the extents emitted so far, `P`) emits the extent `d / P` paired with the previous
/// mode's position; the last mode's extent closes the layout.
///
/// # Errors
/// [`LayoutError::Divisibility`] ("Left inverse divisibility condition") when a stride is not a
/// multiple of the span of the smaller strides; [`LayoutError::Postcondition`] when C++'s result
/// breaks the post-condition: `L` is injective but `R(L(i)) != i` (negative strides:
/// `(2,3):(19,-1)` would give `(-1,-19,2):(0,2,1)`, with `R(L(3)) = -36`), or the layout
/// is not injective on its nonzero strides and C++'s result is not a quasi-inverse
/// (`(2,7):(2,1)` gives `(2,2):(2,1)` in C++, which maps `L(5) = 4` to 2 and `L(2) = 1 != 4`).
///
/// # Examples
/// ```
/// use cute_layout::{left_inverse, Layout};
/// let l: Layout = "(_4,_2):(_1,_5)".parse().unwrap();
/// assert_eq!(left_inverse(&l).unwrap().to_string(), "(_5,_2):(_1,_4)");
/// let l: Layout = "_4:_2".parse().unwrap();
/// assert_eq!(left_inverse(&l).unwrap().to_string(), "(_2,_4):(_0,_1)");
/// ```
pub fn left_inverse(layout: &Layout) -> Result<Layout> {
    left_inverse_traced(layout, &mut NoTrace)
}

/// [`left_inverse`], reporting the extent and stride each mode emits.
pub fn left_inverse_traced(layout: &Layout, t: &mut impl Trace) -> Result<Layout> {
    let mut sorted = PrefixedModes::new();
    sorted_with_prefix(layout, &mut sorted)?;
    t.step(|| Event::InverseSorted {
        inverse: Inverse::Left,
        layout: layout.clone(),
        modes: sorted.to_vec(),
    });
    // Mode k of the result is (extent k, prefix of the mode emitted before it), from stride 0.
    let mut modes = Modes::new();
    let mut stride = Int::ZERO;
    let mut span = Int::ONE;
    for &(s, d, prefix) in &sorted {
        if d.value() == 0 {
            t.step(|| Event::InverseSkipZero { mode: (s, d) });
            continue;
        }
        if d.rem(span)?.value() != 0 {
            return Err(LayoutError::Divisibility {
                op: "left_inverse",
                mode: format!("mode {s}:{d} of coalesce({layout})"),
                condition: "Left inverse divisibility condition",
                detail: format!("the stride {d} is not a multiple of {span}, the product of the extents emitted so far"),
                hint: "left_inverse needs strides that, sorted, divide each other evenly",
            });
        }
        let e = d.div(span)?;
        t.step(|| Event::InverseEmit {
            mode: (s, d),
            span,
            extent: e,
            stride,
            position: prefix,
        });
        modes.push((e, stride));
        stride = prefix;
        span = span.mul(e)?;
    }
    let last = sorted.last().map_or(Int::ONE, |m| m.0);
    t.step(|| Event::InverseClose {
        extent: last,
        stride,
    });
    modes.push((last, stride));
    let mut coalesced = Modes::new();
    coalesced_modes(modes.iter().copied(), &mut coalesced)?;
    t.step(|| Event::InverseEmitted {
        result: modes_to_layout(&coalesced),
    });
    check_quasi_inverse(layout, &sorted, &coalesced)?;
    modes_to_layout_then(&coalesced, Ok) // (built where it is returned: a layout moved is copied)
}

/// `L(R(L(i))) == L(i)`, and `R(L(i)) == i` when `L` is injective. It holds by construction
/// when the nonzero strides are positive and, sorted, do not overlap (`dₖ·sₖ ≤ dₖ₊₁`);
/// otherwise (non-injective layouts, negative strides) it is checked element by element.
/// `r_modes` are the coalesced modes of `R`.
fn check_quasi_inverse(
    layout: &Layout,
    sorted: &[(Int, Int, Int)],
    r_modes: &[(Int, Int)],
) -> Result<()> {
    // (the nonzero modes walked twice, side by side, rather than collected)
    let nonzero = sorted
        .iter()
        .filter(|m| m.1.value() != 0)
        .map(|m| (m.0.value(), m.1.value()));
    let disjoint = nonzero.clone().all(|m| m.1 > 0)
        && nonzero
            .clone()
            .zip(nonzero.skip(1))
            .all(|(m, next)| m.0.checked_mul(m.1).is_some_and(|span| span <= next.1));
    if disjoint {
        return Ok(());
    }
    let r = &modes_to_layout(r_modes);
    let n = layout.size()?.value();
    if n > QUASI_INVERSE_CHECK_LIMIT {
        return Err(LayoutError::Postcondition {
            op: "left_inverse",
            detail: format!("the strides of {layout} overlap, and with {n} elements, more than QUASI_INVERSE_CHECK_LIMIT = {QUASI_INVERSE_CHECK_LIMIT}, C++'s result {r} cannot be verified to be a quasi-inverse"),
            hint: "left_inverse is meant for injective layouts",
        });
    }
    crate::budget::charge(n.unsigned_abs(), "elements left_inverse checks")?;
    let (l_at, r_at) = (Evaluator::new(layout, n), Evaluator::new(r, n));
    // R and L(R(.)) depend on L(i) only: each offset is checked once where the offsets fit a
    // bit set, which also tells whether L is injective
    let mut seen = SeenOffsets::new(layout);
    let mut repeated = false;
    let mut first_moved = None; // the first i with R(L(i)) != i
    for (i, li) in (0..n).zip(l_at.in_order()) {
        let li = li?;
        if seen.as_mut().is_some_and(|seen| seen.insert(li)) {
            repeated = true;
            continue;
        }
        let ri = r_at.eval(li)?;
        if ri != i && first_moved.is_none() {
            first_moved = Some((i, li, ri));
        }
        let back = l_at.eval(ri)?;
        if back != li {
            return Err(LayoutError::Postcondition {
                op: "left_inverse",
                detail: format!("C++ would return {r}, but L({i}) = {li} while L(R({li})) = {back}: the strides of {layout} overlap, so no quasi-inverse of this form exists"),
                hint: "left_inverse is meant for injective layouts",
            });
        }
    }
    // An injective L must get a true left inverse (layouts are defined past their size, so
    // L(R(L(i))) == L(i) also holds for some R(L(i)) outside L's domain, e.g. negative strides)
    if let Some((i, li, ri)) = first_moved {
        let injective = match seen {
            Some(_) => !repeated,
            None => repeated_offset(layout)?.is_none(),
        };
        if injective {
            return Err(LayoutError::Postcondition {
                op: "left_inverse",
                detail: format!("C++ would return {r}, but {layout} is injective and R(L({i})) = R({li}) = {ri}, not {i}"),
                hint: "left_inverse is meant for injective layouts with non-negative strides",
            });
        }
    }
    Ok(())
}

/// The leading mode of `coalesce(A ∘ right_inverse(B))` when it has stride 1, with `right_inverse(B)`.
fn common_run(a: &Layout, b: &Layout) -> Result<Option<(Layout, Layout)>> {
    let inv_b = right_inverse(b)?;
    let common = coalesce(&composition(a, &inv_b)?)?;
    let first = common.mode(0)?;
    Ok((first.stride().as_leaf().map(|d| d.value()) == Some(1)).then_some((inv_b, first)))
}

/// `max_common_layout(A, B)`: the layout `R` of the longest run with `A(R(i)) == i` and
/// `B(R(i)) == i` for `i < size(R)`; `_1:_0` if there is none.
///
/// # Errors
/// As [`composition`].
///
/// # Examples
/// ```
/// use cute_layout::{max_common_layout, Layout};
/// let a: Layout = "(_4,_8):(_1,_4)".parse().unwrap();
/// assert_eq!(max_common_layout(&a, &a).unwrap().to_string(), "_32:_1");
/// let b: Layout = "(_8,_4):(_4,_1)".parse().unwrap();
/// assert_eq!(max_common_layout(&b, &b).unwrap().to_string(), "(_4,_8):(_8,_1)");
/// ```
pub fn max_common_layout(a: &Layout, b: &Layout) -> Result<Layout> {
    match common_run(a, b)? {
        Some((inv_b, first)) => composition(&inv_b, &first),
        None => Ok(Layout::trivial()),
    }
}

/// `max_common_vector(A, B)`: the number of contiguous elements on which `A` and `B` agree
/// (at least 1).
///
/// # Errors
/// As [`composition`].
///
/// # Examples
/// ```
/// use cute_layout::{max_common_vector, Layout};
/// let a: Layout = "(_4,_8):(_1,_4)".parse().unwrap();
/// let b: Layout = "(_4,_8):(_8,_1)".parse().unwrap();
/// assert_eq!(max_common_vector(&a, &a).unwrap().to_string(), "_32");
/// assert_eq!(max_common_vector(&a, &b).unwrap().to_string(), "_1");
/// ```
pub fn max_common_vector(a: &Layout, b: &Layout) -> Result<Int> {
    Ok(match common_run(a, b)? {
        Some((_, first)) => first.size()?,
        None => Int::ONE,
    })
}

/// `nullspace(L)`: the layout of the domain positions that `L` maps to 0 (its stride-0 leaves,
/// at their column-major positions); `_1:_0` if there are none.
///
/// Post-conditions: `L(R(i)) == 0`; `size(R) == size(L) / size(filter(L))`.
///
/// # Errors
/// [`LayoutError::Overflow`].
///
/// # Examples
/// ```
/// use cute_layout::{nullspace, Layout};
/// let l: Layout = "(_2,_2,_2):(_1,_0,_2)".parse().unwrap();
/// assert_eq!(nullspace(&l).unwrap().to_string(), "_2:_2");
/// let l: Layout = "(_7,_5,_16):(_3,_1,_0)".parse().unwrap();
/// assert_eq!(nullspace(&l).unwrap().to_string(), "_16:_35");
/// ```
pub fn nullspace(layout: &Layout) -> Result<Layout> {
    let flat_shape: IntTuple = layout.shape().flatten();
    let positions = flat_shape.wrap().compact_col_major()?;
    let modes: Modes = layout
        .leaves()
        .zip(positions.leaves())
        .filter(|((_, d), _)| d.value() == 0)
        .map(|((s, _), p)| (s, p))
        .collect();
    Layout::flat_then(&modes, false, Ok)
}
