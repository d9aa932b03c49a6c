//! `complement`: the layout of "the rest" of the codomain.

use super::coalesce::{coalesce, filter};
use super::Modes;
use crate::error::{LayoutError, Result};
use crate::int::Int;
use crate::layout::Layout;
use crate::tuple::IntTuple;

/// `complement(L, cotarget)`: the ordered layout `R` whose offsets fill the gaps of `L` up to
/// `size(cotarget)`, so that `(L, R)` covers `[0, size(cotarget))` (rounded up to whole copies).
///
/// Algorithm: `F = filter(L)`; take `F`'s modes by increasing stride `dₖ` (extent `sₖ`),
/// emitting `dₖ / cur : cur` and setting `cur = dₖ·sₖ` (from `cur = 1`); finally emit the rest
/// `ceil_div(cotarget, cur) : cur` and coalesce. Only the size of `cotarget` matters; a shape
/// is divided mode by mode, as in CuTe.
///
/// Post-conditions: `R` is strictly increasing, `R(i) ≠ L(j)` for `i ≥ 1`,
/// `size(R) ≥ size(cotarget) / size(F)`, `cosize(R) ≤ round_up(size(cotarget), cosize(L))`.
///
/// # Errors
/// [`LayoutError::NonInjective`] when a stride is not a multiple of the previous `stride·extent`
/// (CuTe's "Non-injective Layout detected in complement", extended to the non-divisible case
/// where C++ returns a layout with holes); [`LayoutError::InvalidArgument`] for negative strides.
///
/// # Examples
/// ```
/// use cute_layout::{complement, Layout, IntTuple};
/// let p = |s: &str| s.parse::<IntTuple>().unwrap();
/// let l: Layout = "(_2,_2):(_1,_6)".parse().unwrap();
/// assert_eq!(complement(&l, &p("_24")).unwrap().to_string(), "(_3,_2):(_2,_12)");
/// let l: Layout = "_4:_2".parse().unwrap();
/// assert_eq!(complement(&l, &p("_24")).unwrap().to_string(), "(_2,_3):(_1,_8)");
/// ```
pub fn complement(layout: &Layout, cotarget: &IntTuple) -> Result<Layout> {
    let f = filter(layout)?;
    let leaves: Modes = f.leaves().collect();
    if let [(_, d)] = leaves.as_slice() {
        if d.value() == 0 {
            let n = cotarget.size()?;
            return Layout::column_major(&IntTuple::int(n));
        }
    }
    if let Some((s, d)) = leaves.iter().find(|m| m.1.value() < 0) {
        return Err(LayoutError::InvalidArgument {
            op: "complement",
            detail: format!("{layout} has the negative stride {d} (extent {s})"),
            hint: "complement is defined for non-negative strides; reverse the mode first",
        });
    }
    let mut sorted = leaves.clone();
    sorted.sort_by_key(|m| m.1.value());
    let mut modes = Modes::new();
    let mut cur = Int::ONE;
    for &(s, d) in &sorted {
        if d.value() % cur.value() != 0 {
            return Err(LayoutError::NonInjective {
                op: "complement",
                layout: layout.to_string(),
                detail: if d.value() < cur.value() {
                    format!("the mode {s}:{d} starts at stride {d}, below the {cur} offsets already covered by the smaller strides (Non-injective Layout detected in complement)")
                } else {
                    format!("the mode {s}:{d} has a stride {d} that is not a multiple of {cur}, the span of the smaller strides, so no layout can fill the gaps")
                },
                hint: "each stride, sorted, must be a multiple of the previous stride times its extent",
            });
        }
        modes.push((d.div(cur)?, cur));
        cur = d.mul(s)?;
    }
    let rest = cotarget.ceil_div(&IntTuple::int(cur))?.size()?;
    modes.push((
        rest,
        if rest.value() == 1 {
            Int::new(0, rest.is_static())
        } else {
            cur
        },
    ));
    coalesce(&Layout::from_flat_modes(&modes, true))
}

/// `complement(L)`: the complement with the default cotarget `cosize(filter(L))`.
///
/// # Errors
/// As [`complement`].
///
/// # Examples
/// ```
/// use cute_layout::{complement_default, Layout};
/// let l: Layout = "_4:_2".parse().unwrap();
/// assert_eq!(complement_default(&l).unwrap().to_string(), "_2:_1");
/// let l: Layout = "(_4,_2):(_1,_10)".parse().unwrap();
/// assert_eq!(complement_default(&l).unwrap().to_string(), "_2:_4");
/// ```
pub fn complement_default(layout: &Layout) -> Result<Layout> {
    complement(layout, &IntTuple::int(filter(layout)?.cosize()?))
}
