//! `complement`: the layout of "the rest" of the codomain.

use super::coalesce::{
    coalesced_modes, filter, filtered_modes_reversed, modes_to_layout, modes_to_layout_then,
    Unmerged,
};
use super::{check_extents, Modes, NoTrace, Trace};
use crate::error::{LayoutError, Result};
use crate::int::{ArithError, Int};
use crate::layout::{cosize_of, mode_leaves, Layout, ModeRef, ShowMode};
use crate::trace::{owned, Event};
use crate::tree::TreeRef;
use crate::tuple::{product, IntTuple};
use std::cmp::Reverse;

/// `complement(L, cotarget)`: the ordered layout `R` whose offsets fill the gaps of `L` up to
/// `size(cotarget)`, so that `(L, R)` covers `[0, size(cotarget))` (rounded up to whole copies).
///
/// Algorithm: `F = filter(L)`; take `F`'s modes by increasing stride `dₖ` (extent `sₖ`),
/// emitting `dₖ / cur : cur` and setting `cur = dₖ·sₖ` (from `cur = 1`); finally emit the rest
/// `ceil_div(cotarget, cur) : cur` and coalesce. Only the size of `cotarget` matters; a shape
/// is divided mode by mode, as in CuTe.
///
/// Post-conditions: `R` is strictly increasing, `R(i) ≠ L(j)` for `i ≥ 1`,
/// `size(R) ≥ size(cotarget) / size(F)` and `cosize((L, R)) ≥ size(cotarget)`.
///
/// # Errors
/// [`LayoutError::NonInjective`] when a stride is below the previous `stride·extent` (CuTe's
/// "Non-injective Layout detected in complement"); [`LayoutError::Postcondition`] where the
/// floor divisions of C++'s algorithm yield a layout breaking the post-conditions (e.g.
/// `(2,2):(2,5)` with cotarget 20, for which C++ returns `(2,2):(1,10)`);
/// [`LayoutError::InvalidArgument`] for negative strides.
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
    complement_traced(layout, cotarget, &mut NoTrace)
}

/// [`complement`], reporting each emitted mode to `t`.
pub fn complement_traced(
    layout: &Layout,
    cotarget: &IntTuple,
    t: &mut impl Trace,
) -> Result<Layout> {
    let mut modes = Modes::new();
    let fill = complement_modes(
        layout.as_mode_ref(),
        cotarget.as_ref(),
        Sense::Strong,
        &mut modes,
        t,
    );
    // C++'s extents are sizes: a negative one is refused by name (the divides' rule), before
    // any other error and not reported as the post-condition it breaks; `complement_modes`
    // sees the extents as it filters them, so only an error or a negative extent seen there
    // walks the layout again
    if !matches!(
        fill,
        Ok(Fill {
            negative_extent: false,
            ..
        })
    ) {
        check_extents("complement", "the layout", layout.as_mode_ref())?;
    }
    fill?;
    modes_to_layout_then(&modes, Ok)
}

/// Which complement an operation needs ([`complement_modes`]).
///
/// The whitepaper's complement `R` of `L` is *weak* where it is only ordered (`R` strictly
/// increasing) and disjoint from `L` (`R(i) ≠ L(j)` for `i ≥ 1`): every layout with
/// non-overlapping sorted strides has one. It is *strong* where `(L, R)` also reaches
/// `size(cotarget)` (`size(R) ≥ size(cotarget) / size(filter(L))`,
/// `cosize((L, R)) ≥ size(cotarget)`), which C++ documents as post-conditions of `complement`
/// and which the floor divisions of its algorithm do not guarantee where a stride is not a
/// multiple of the previous stride times its extent.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Sense {
    /// The complement as an operation of its own: C++'s post-conditions are checked.
    Strong,
    /// The complement inside a product: ordered and disjoint is all the product needs (its own
    /// post-conditions are checked there), so C++'s size bound on it is not enforced.
    Weak,
}

/// What [`complement_modes`] found out about `(L, R)`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Fill {
    /// `(L, R)` is proved to be a bijection onto `[0, cur·rest)` with
    /// `cur·rest ≥ size(cotarget)` (every gap a whole number of `cur`s, every extent positive):
    /// then `(L, R)` reaches every offset below `size(cotarget)`, and the divides need not check
    /// that their tiles cover the layout.
    pub tiles: bool,
    /// The extent `rest = ⌈size(cotarget) / cur⌉` of the last mode `rest:cur` of `R`, where
    /// `cur` is the span `dₖ·sₖ` of `filter(L)`'s largest stride: a mode above every mode of `L`.
    /// Where it is at least 2, `R` ends in that mode (coalescing may only lengthen it), and `R`
    /// extended along its last mode, as a composition extends it, still misses `L`'s offsets;
    /// where it is 1, `R` ends in a gap-filling mode, whose extension may meet `L`.
    pub rest: Int,
    /// An extent of `L` is negative (which `complement` refuses by name; the divides and
    /// products have checked their operands before).
    pub negative_extent: bool,
}

/// [`complement`] of a borrowed layout, as the flat modes of the (coalesced) result written
/// to `out` (empty), so that the divides and products use it without building a layout; with
/// [`Sense::Weak`], the complement in the whitepaper's weak sense (ordered and disjoint, C++'s
/// size bound unchecked).
///
/// @pre `out` is empty. @post `out` holds C++'s `complement(L, cotarget)`, coalesced; the
/// [`Fill`] says what is proved of `(L, R)`.
#[inline(always)]
pub(crate) fn complement_modes<T: Trace>(
    layout: ModeRef<'_>,
    cotarget: TreeRef<'_, Int>,
    sense: Sense,
    out: &mut Modes,
    t: &mut T,
) -> Result<Fill> {
    if let Some(bad) = cotarget.leaves().find(|c| c.value() < 0) {
        return Err(LayoutError::InvalidArgument {
            op: "complement",
            detail: format!("the cotarget {cotarget} has the negative extent {bad}"),
            hint: "the cotarget is the size (or shape) of the codomain to fill: give non-negative extents",
        });
    }
    // filter(L)'s modes, last first (read back to front rather than reversed)
    let mut leaves = Modes::new();
    let negative_extent = filtered_modes_reversed(layout, &mut leaves)?;
    t.step(|| Event::Filter {
        layout: owned(layout),
        filtered: modes_to_layout(&leaves.iter().rev().copied().collect::<Modes>()),
    });
    if let [(_, d)] = leaves.as_slice() {
        if d.value() == 0 {
            let n = product(cotarget)?;
            t.step(|| Event::ComplementAll {
                cotarget: cotarget.to_tree(),
                size: n,
            });
            coalesced_modes(std::iter::once((n, Int::ONE)), out)?;
            return Ok(Fill {
                tiles: false,
                rest: n,
                negative_extent,
            });
        }
    }
    // (sorted, the first stride is the least: the one to check for a negative stride)
    let increasing = leaves.is_sorted_by_key(|m| Reverse(m.1.value()));
    let negative = match increasing {
        true => leaves.last().filter(|m| m.1.value() < 0),
        false => leaves.iter().rev().find(|m| m.1.value() < 0),
    };
    if let Some((s, d)) = negative {
        return Err(LayoutError::InvalidArgument {
            op: "complement",
            detail: format!(
                "{} has the negative stride {d} (extent {s})",
                ShowMode(layout)
            ),
            hint: "complement is defined for non-negative strides; reverse the mode first",
        });
    }
    // filter(L)'s modes, sorted where they lie (a move would copy them), last first: a stable
    // sort by decreasing stride of the reversed list, read back to front, is the stable sort by
    // increasing stride of the list
    let sorted = &mut leaves;
    if !increasing {
        sorted.sort_by_key(|m| Reverse(m.1.value()));
    }
    t.step(|| Event::SortedByStride {
        modes: sorted.iter().rev().copied().collect(),
    });
    // The emitted modes go straight to `out` through `Unmerged`. Where every extent of F is at
    // least 2, two of them never merge: `cur_0 = 1`, and each `e_k = d_k / cur_k ≥ 1` (0 is an
    // error), so with `d_k ≥ e_k·cur_k ≥ 1`, `cur_(k+1) = d_k·s_k ≥ 2·d_k > d_k ≥ cur_k`: the
    // span `e_j·cur_j ≤ d_j` of a mode (no overflow) is below `cur_(j+1)`, hence below the
    // stride `cur_k` of every later mode and of the last one, `rest:cur_n` (or `1:0`, which has
    // extent 1). So coalescing only drops the extent-1 modes; elsewhere (an extent 1, 0 or
    // negative, which merged modes can leave) the merging pass runs over them. (They are kept
    // apart only for a recording trace.)
    let mut emitted = Modes::new();
    let mut coalesced = Unmerged::new(out);
    let mut cur = Int::ONE;
    // Whether every gap is a whole number of `cur`s, every extent positive (see below).
    let mut exact = true;
    // Whether every extent is at least 2 (see above).
    let mut apart = true;
    for &(s, d) in sorted.iter().rev() {
        let extent = d.div(cur)?;
        exact &= d.value() % cur.value() == 0 && s.value() > 0;
        apart &= s.value() > 1;
        t.step(|| Event::FillGap {
            mode: (s, d),
            cur,
            extent,
        });
        if extent.value() == 0 {
            return Err(non_injective(layout, (s, d), cur));
        }
        if T::RECORDS {
            emitted.push((extent, cur));
        }
        coalesced.push_apart((extent, cur));
        cur = d.mul(s)?;
    }
    let rest = ceil_div_size(cotarget, cur)?;
    let stride = if rest.value() == 1 {
        Int::new(0, rest.is_static())
    } else {
        cur
    };
    if T::RECORDS {
        emitted.push((rest, stride));
    }
    coalesced.push_apart((rest, stride));
    if !apart {
        coalesced.may_merge();
    }
    t.step(|| Event::Repeat {
        cotarget: cotarget.to_tree(),
        cur,
        rest,
        stride,
    });
    coalesced.finish()?;
    t.step(|| Event::Coalesced {
        modes: Layout::from_flat_modes(&emitted, true),
        result: modes_to_layout(out),
    });
    // With exact divisions and positive extents, the modes of L and R interleave into the
    // compact layout (e0,s0,e1,s1,...,rest):(1,d0/e0·..) of size cur·rest, a bijection onto
    // [0, cur·rest): so size(R) = cur·rest / size(F) and cosize((L, R)) = cur·rest, and for an
    // integer cotarget n, rest = ⌈n / cur⌉ makes both post-conditions hold. (A tuple cotarget
    // divides mode by mode and can fall short: they hold where cur·rest still reaches n.)
    if exact && (cotarget.is_leaf() || reaches(cur, rest, cotarget)?) {
        return Ok(Fill {
            tiles: true,
            rest,
            negative_extent,
        });
    }
    if sense == Sense::Strong {
        let size_f = sorted
            .iter()
            .rev()
            .try_fold(Int::ONE, |acc, m| acc.mul(m.0))?;
        check_postconditions(layout, size_f, product(cotarget)?, out)?;
    }
    Ok(Fill {
        tiles: false,
        rest,
        negative_extent,
    })
}

/// Whether `cur·rest ≥ size(cotarget)`.
fn reaches(cur: Int, rest: Int, cotarget: TreeRef<'_, Int>) -> Result<bool> {
    let n = product(cotarget)?.value();
    Ok(cur
        .value()
        .checked_mul(rest.value())
        .is_some_and(|c| c >= n))
}

/// CuTe's "Non-injective Layout detected in complement": the mode `s:d` starts inside the `cur`
/// offsets spanned by the smaller strides (built out of line, off the emission loop).
#[cold]
#[inline(never)]
fn non_injective(layout: ModeRef<'_>, (s, d): (Int, Int), cur: Int) -> LayoutError {
    LayoutError::NonInjective {
        op: "complement",
        layout: ShowMode(layout).to_string(),
        detail: format!(
            "the mode {s}:{d} starts at stride {d}, inside the {cur} offsets already spanned by the smaller strides (Non-injective Layout detected in complement)"
        ),
        hint: "each stride, sorted, must be at least the previous stride times its extent",
    }
}

/// `size(ceil_div(cotarget, cur))` without building the quotient: the left fold of
/// [`IntTuple::ceil_div`] (`rᵢ = ⌈aᵢ / rest⌉`, `rest = ⌈rest / aᵢ⌉`), multiplied out.
#[inline(always)]
fn ceil_div_size(cotarget: TreeRef<'_, Int>, cur: Int) -> std::result::Result<Int, ArithError> {
    match cotarget.as_leaf() {
        Some(a) => a.ceil_div(cur), // (the common integer cotarget, inline)
        None => tuple_ceil_div_size(cotarget, cur),
    }
}

/// [`ceil_div_size`] of a tuple cotarget.
#[inline(never)]
fn tuple_ceil_div_size(
    cotarget: TreeRef<'_, Int>,
    cur: Int,
) -> std::result::Result<Int, ArithError> {
    let (mut size, mut rest) = (Int::ONE, cur);
    for m in cotarget.modes() {
        let (quotient, extent) = match m.as_leaf() {
            Some(a) => (a.ceil_div(rest)?, a), // (the common flat case, without recursion)
            None => (tuple_ceil_div_size(m, rest)?, product(m)?),
        };
        size = size.mul(quotient)?;
        rest = rest.ceil_div(extent)?;
    }
    Ok(size)
}

/// CuTe's documented post-conditions that the floor divisions above do not guarantee:
/// `size(R) ≥ size(cotarget) / size(filter(L))` and `cosize((L, R)) ≥ size(cotarget)`.
/// (The header's `cosize(R) ≤ round_up(size(cotarget), cosize(L))` does not hold for C++'s own
/// documented results, e.g. `complement(2:5, 22) = (5,3):(1,10)`, so it is not enforced.)
fn check_postconditions(
    layout: ModeRef<'_>,
    size_f: Int,
    cotarget: Int,
    r: &[(Int, Int)],
) -> Result<()> {
    let (n, size_f) = (cotarget.value(), size_f.value());
    let (size_r, cosize_r, cosize_l) = (
        r.iter().try_fold(Int::ONE, |acc, m| acc.mul(m.0))?.value(),
        cosize_of(r.iter().copied())?.value(),
        cosize_of(mode_leaves(layout))?.value(),
    );
    let joint = cosize_l
        .checked_add(cosize_r)
        .and_then(|c| c.checked_sub(1));
    let violated = if size_f > 0 && size_r < n / size_f {
        Some(format!(
            "size(R) = {size_r} < size(cotarget) / size(filter(L)) = {n} / {size_f}"
        ))
    } else if joint.is_some_and(|j| j < n) {
        Some(format!(
            "cosize((L, R)) = {} < size(cotarget) = {n}: (L, R) leaves holes",
            joint.unwrap_or(0)
        ))
    } else {
        None
    };
    match violated {
        None => Ok(()),
        Some(detail) => Err(LayoutError::Postcondition {
            op: "complement",
            detail: format!(
                "C++ would return {} for {}, which breaks a post-condition: {detail}",
                modes_to_layout(r),
                ShowMode(layout)
            ),
            hint: "the sorted strides of L must be multiples of the previous stride times its extent for a complement to exist",
        }),
    }
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
    check_extents("complement", "the layout", layout.as_mode_ref())?;
    complement(layout, &IntTuple::int(filter(layout)?.cosize()?))
}
