//! `coalesce` and `filter`: simplify a layout without changing it as a function.

use super::{Modes, NoTrace, Trace};
use crate::error::{LayoutError, Result};
use crate::int::Int;
use crate::layout::{mode_leaves, Layout, ModeRef};
use crate::trace::Event;
use crate::tree::{Tree, TreeRef};
use crate::tuple::IntTuple;

pub(crate) use crate::merge::{
    coalesce_modes, coalesce_modes_reversed, coalesced_modes, modes_to_layout,
    modes_to_layout_then, normalize, Merge,
};

/// [`coalesced_modes`] of flat modes given one at a time, written to `out` (empty) as they come,
/// for modes that seldom merge (the complement never emits any that do, for one): one pass
/// copies the modes of extent other than 1, and the merging pass runs only where two of them
/// merge (or their product overflows) or none is left.
///
/// Coalescing `M` gives what coalescing `M` without its extent-1 modes gives, as long as one
/// mode is left ([`coalesce_modes`] skips every extent-1 mode once its front has an extent other
/// than 1, and replaces a first front of extent 1 by the next mode). Where no two neighbours of
/// the rest merge, that is the rest itself ([`normalize`] has nothing to do). So each mode of
/// extent other than 1 is copied to `out`, noting whether it merges with the one before
/// (`s0·d0 = d1`, or the product overflows, which the merging pass reports); [`Unmerged::finish`]
/// runs the merging pass over the copies only where one did, or normalizes the last mode where
/// every extent was 1.
pub(crate) struct Unmerged<'a> {
    out: &'a mut Modes,
    /// The last mode of extent 1 given, if any (what is left where every extent is 1).
    last_one: Option<(Int, Int)>,
    /// The last mode copied to `out` (kept here rather than read back from `out`).
    prev: Option<(Int, Int)>,
    /// Whether two neighbours in `out` merge (or overflow).
    merges: bool,
}

impl<'a> Unmerged<'a> {
    /// Writes to `out` (empty).
    #[inline(always)]
    pub(crate) fn new(out: &'a mut Modes) -> Unmerged<'a> {
        Unmerged {
            out,
            last_one: None,
            prev: None,
            merges: false,
        }
    }

    /// Gives the next mode.
    #[inline(always)]
    pub(crate) fn push(&mut self, (s, d): (Int, Int)) {
        if s.value() == 1 {
            self.last_one = Some((s, d));
            return;
        }
        let merges = |&(ps, pd): &(Int, Int)| {
            ps.value()
                .checked_mul(pd.value())
                .is_none_or(|span| span == d.value())
        };
        self.merges |= self.prev.as_ref().is_some_and(merges);
        self.prev = Some((s, d));
        self.out.push((s, d));
    }

    /// Gives the next mode where the caller knows that it does not merge with the one before of
    /// extent other than 1 (nor overflows there) unless it says so with [`Unmerged::may_merge`]:
    /// [`Unmerged::push`] without its check, for a list given by `push_apart` only.
    #[inline(always)]
    pub(crate) fn push_apart(&mut self, (s, d): (Int, Int)) {
        if s.value() == 1 {
            self.last_one = Some((s, d));
            return;
        }
        self.out.push((s, d));
    }

    /// Notes that two neighbours given by [`Unmerged::push_apart`] may merge (or overflow):
    /// [`Unmerged::finish`] then runs the merging pass.
    #[inline(always)]
    pub(crate) fn may_merge(&mut self) {
        self.merges = true;
    }

    /// Completes `out` to the coalesced modes of every mode given.
    #[inline(always)]
    pub(crate) fn finish(self) -> Result<()> {
        if self.out.is_empty() {
            // (every extent was 1: the last mode, or none, as `coalesced_modes` leaves it)
            coalesced_modes(self.last_one.into_iter(), self.out)
        } else if self.merges {
            merge_copied(self.out)
        } else {
            Ok(())
        }
    }
}

/// The merging pass of [`Unmerged::finish`], out of line: `out` replaced by its coalesced modes.
#[cold]
#[inline(never)]
fn merge_copied(out: &mut Modes) -> Result<()> {
    let copied = std::mem::take(out);
    coalesced_modes(copied.into_iter(), out)
}

/// Extent 1 (static iff the stride is) wherever the stride is 0: `filter_zeros` on one leaf.
fn zero_filtered((s, d): (Int, Int)) -> (Int, Int) {
    if d.value() == 0 {
        (Int::new(1, d.is_static()), d)
    } else {
        (s, d)
    }
}

/// The flat modes of `filter(L)` = `coalesce(filter_zeros(L))`, into `out` (empty).
#[inline]
pub(crate) fn filtered_modes(layout: ModeRef<'_>, out: &mut Modes) -> Result<()> {
    filtered_modes_reversed(layout, out)?;
    out.reverse();
    Ok(())
}

/// [`filtered_modes`] in reverse order (last mode first), into `out` (empty). Returns whether
/// an extent of `layout` is negative (seen as the leaves are read, so that a caller that
/// refuses them, `complement`, needs no walk of its own).
#[inline(always)]
pub(crate) fn filtered_modes_reversed(layout: ModeRef<'_>, out: &mut Modes) -> Result<bool> {
    // (not through `Unmerged`: the tilers of the divides often merge, `(2,2):(1,2)`)
    let mut negative = false;
    let leaves = mode_leaves(layout).map(|m| {
        negative |= m.0.value() < 0;
        zero_filtered(m)
    });
    coalesce_modes_reversed(leaves, false, Merge::WhereEqual, out, &mut NoTrace)?;
    normalize(out); // (the same in either order: it changes no list of two modes or more)
    Ok(negative)
}

/// `coalesce(L)`: the simplest layout with the same size and the same values on `[0, size)`.
///
/// Flattens, drops extent-1 modes and merges neighbours `s0:d0, s1:d1` with `s0·d0 = d1`.
///
/// Post-conditions: `size(R) == size(L)`, `depth(R) ≤ 1`, `R(i) == L(i)` for `i < size(L)`.
/// A single mode is returned unwrapped; nothing left gives `_1:_0`.
///
/// # Errors
/// [`LayoutError::Overflow`].
///
/// # Examples
/// ```
/// use cute_layout::{coalesce, Layout};
/// let l: Layout = "(_2,(_1,_6)):(_1,(_6,_2))".parse().unwrap();
/// assert_eq!(coalesce(&l).unwrap().to_string(), "_12:_1");
/// let l: Layout = "((_2,_2),(_2,_2)):((_1,_4),(_8,_32))".parse().unwrap();
/// assert_eq!(coalesce(&l).unwrap().to_string(), "(_2,_4,_2):(_1,_4,_32)");
/// ```
pub fn coalesce(layout: &Layout) -> Result<Layout> {
    coalesce_traced(layout, &mut NoTrace)
}

/// [`coalesce`], reporting the flat modes and every merge to `t`.
pub fn coalesce_traced(layout: &Layout, t: &mut impl Trace) -> Result<Layout> {
    t.step(|| Event::Flatten {
        layout: layout.flatten(),
    });
    let mut modes = Modes::new();
    coalesce_modes(layout.leaves(), false, Merge::WhereEqual, &mut modes, t)?;
    modes_to_layout_then(&modes, Ok)
}

/// The largest extent of a TMA box mode, in elements: [`coalesce_256`] merges up to it.
pub const TMA_BOX_MAX: i64 = 256;

/// `coalesce_256(L)` (CuTe's TMA helper): flattens `L` and merges front to back like
/// [`coalesce`], but only while the merged extent stays at most 256 ([`TMA_BOX_MAX`], the
/// largest TMA box extent); extent-1 modes vanish. It keeps the size and the function on
/// `[0, size)` but not the profile; nothing left gives `_1:_0`.
///
/// Post-conditions: `size(R) == size(L)`, `R(i) == L(i)` for `i < size(L)`, every mode of
/// `R` that came from a merge has extent ≤ 256.
///
/// # Errors
/// [`LayoutError::Overflow`].
///
/// # Examples
/// ```
/// use cute_layout::{coalesce_256, Layout};
/// let l: Layout = "(_16,_8,_4):(_1,_16,_128)".parse()?;
/// assert_eq!(coalesce_256(&l)?.to_string(), "(_128,_4):(_1,_128)");
/// let l: Layout = "(_64,_8):(_1,_64)".parse()?; // 512 > 256: kept apart
/// assert_eq!(coalesce_256(&l)?.to_string(), "(_64,_8):(_1,_64)");
/// # Ok::<(), cute_layout::LayoutError>(())
/// ```
pub fn coalesce_256(layout: &Layout) -> Result<Layout> {
    let mut leaves = layout.leaves();
    let mut out: Modes = leaves.next().into_iter().collect();
    for (s, d) in leaves {
        let n = out.len();
        let back = &mut out[n - 1];
        if s.value() == 1 {
            continue;
        }
        if n == 1 && back.0.value() == 1 {
            *back = (s, d);
        } else if back.0.mul(back.1)?.value() == d.value() && s.mul(back.0)?.value() <= TMA_BOX_MAX
        {
            back.0 = s.mul(back.0)?;
        } else {
            out.push((s, d));
        }
    }
    Ok(match out.as_slice() {
        [(s, _)] if s.value() == 1 => Layout::leaf(*s, Int::ZERO),
        modes => Layout::from_flat_modes(modes, false),
    })
}

/// CuTe's `coalesce_x`: like [`coalesce`] but also preserves `L(i)` for `i ≥ size(L)`; the
/// flat modes, into `out` (empty).
#[inline]
pub(crate) fn coalesce_x(layout: ModeRef<'_>, out: &mut Modes) -> Result<()> {
    coalesce_modes(
        mode_leaves(layout),
        true,
        Merge::WhereEqual,
        out,
        &mut NoTrace,
    )
}

/// [`coalesce_x`] as C++ computes it at compile time: neighbours merge only where
/// [`Merge::WhereStatic`]; the flat modes, into `out` (empty).
pub(crate) fn coalesce_x_static(layout: ModeRef<'_>, out: &mut Modes) -> Result<()> {
    coalesce_modes(
        mode_leaves(layout),
        true,
        Merge::WhereStatic,
        out,
        &mut NoTrace,
    )
}

/// Whether [`coalesced_modes`] of `layout`'s leaves are also its [`coalesce_x`]: they differ only
/// when the last leaf has extent 1 (`coalesce_x` counts it as 2, so as to keep its stride);
/// otherwise the front mode never has extent 1, so the merges are the same and nothing is
/// normalized.
#[inline]
pub(crate) fn coalesced_is_x(layout: ModeRef<'_>) -> bool {
    mode_leaves(layout)
        .next_back()
        .is_some_and(|(s, _)| s.value() != 1)
}

/// Whether the flat modes `modes`, the output of [`coalesced_modes`], are their own
/// [`coalesce_x`]: coalescing is idempotent (no neighbours merge, no extent-1 mode is left)
/// unless the one mode left has extent 1 (`coalesce_x` would count it as 2).
#[inline]
pub(crate) fn coalesced_modes_are_x(modes: &[(Int, Int)]) -> bool {
    modes.last().is_some_and(|(s, _)| s.value() != 1)
}

/// `coalesce(L, profile)`: coalesce mode by mode along `profile` (only its nesting matters;
/// modes of `L` beyond the profile are kept as they are).
///
/// # Errors
/// [`LayoutError::TooManyTilerModes`] if the profile has more modes than `L`.
///
/// # Examples
/// ```
/// use cute_layout::{coalesce_by, Layout, IntTuple};
/// let l: Layout = "(_2,(_1,_6)):(_1,(_6,_2))".parse().unwrap();
/// let p: IntTuple = "(_1,_1)".parse().unwrap();
/// assert_eq!(coalesce_by(&l, &p).unwrap().to_string(), "(_2,_6):(_1,_2)");
/// ```
pub fn coalesce_by(layout: &Layout, profile: &IntTuple) -> Result<Layout> {
    by_profile("coalesce", layout, profile.as_ref(), &coalesce)
}

fn by_profile(
    op: &'static str,
    layout: &Layout,
    profile: TreeRef<'_, Int>,
    f: &dyn Fn(&Layout) -> Result<Layout>,
) -> Result<Layout> {
    if profile.is_leaf() {
        return f(layout);
    }
    if profile.rank() > layout.rank() {
        return Err(LayoutError::TooManyTilerModes {
            op,
            tiler_rank: profile.rank(),
            layout_rank: layout.rank(),
        });
    }
    let mut modes: Vec<Layout> = Vec::with_capacity(layout.rank());
    for (i, (m, p)) in layout.modes().zip(profile.modes()).enumerate() {
        modes.push(by_profile(op, &m, p, f).map_err(|e| e.within(format!("{op}, mode {i}")))?);
    }
    modes.extend(layout.modes().skip(profile.rank()));
    Layout::concat(modes)
}

/// `filter_zeros(L)`: extent 1 wherever the stride is 0.
///
/// # Errors
/// None in practice; the signature matches the other operations.
///
/// # Examples
/// ```
/// use cute_layout::{filter_zeros, Layout};
/// let l: Layout = "(_2,_3,_4):(_0,_1,_3)".parse().unwrap();
/// assert_eq!(filter_zeros(&l).unwrap().to_string(), "(_1,_3,_4):(_0,_1,_3)");
/// ```
pub fn filter_zeros(layout: &Layout) -> Result<Layout> {
    let shape = layout
        .shape()
        .zip_map(layout.stride(), |s, d| Ok(zero_filtered((s, d)).0))?;
    Layout::new(shape, layout.stride().clone())
}

/// `filter_zeros(L, profile)`: extent 1 for every part of the shape paired with a 0 leaf of
/// `profile` (a 0 over a sub-tuple clears the whole sub-tuple). The 1 is static iff the 0 is, as
/// in C++ (`filter_zeros((2,3):(1,2),(_1,_0))` is `(2,_1):(1,2)`); C++ keeps the extent for a
/// dynamic 0, which here (static and dynamic follow one rule) gives a dynamic 1.
///
/// # Errors
/// [`LayoutError::RankMismatch`] if `profile` does not fit the shape.
///
/// # Examples
/// ```
/// use cute_layout::{filter_zeros_by, Layout, IntTuple};
/// let l: Layout = "(2,(3,4)):(1,(2,6))".parse().unwrap();
/// let p: IntTuple = "(1,0)".parse().unwrap();
/// assert_eq!(filter_zeros_by(&l, &p).unwrap().to_string(), "(2,(1,1)):(1,(2,6))");
/// ```
pub fn filter_zeros_by(layout: &Layout, profile: &IntTuple) -> Result<Layout> {
    fn go(p: TreeRef<'_, Int>, s: TreeRef<'_, Int>) -> Result<IntTuple> {
        match p.as_leaf() {
            // the 1 is computed from the zero alone: static iff the zero is (C++ `_1` for `_0`)
            Some(z) if z.value() == 0 => Ok(s.to_tree().map(|_| Int::new(1, z.is_static()))),
            Some(_) => Ok(s.to_tree()),
            None => {
                if s.is_leaf() || s.rank() != p.rank() {
                    return Err(LayoutError::RankMismatch {
                        op: "filter_zeros",
                        detail: format!("profile {p} does not match shape {s}"),
                        hint: "give the profile the shape's nesting",
                    });
                }
                Tree::tuple(
                    p.modes()
                        .zip(s.modes())
                        .map(|(pi, si)| go(pi, si))
                        .collect::<Result<Vec<_>>>()?,
                )
            }
        }
    }
    Layout::new(
        go(profile.as_ref(), layout.shape().as_ref())?,
        layout.stride().clone(),
    )
}

/// `filter(L)` = `coalesce(filter_zeros(L))`: removes stride-0 and extent-1 modes; `_1:_0` if
/// nothing is left.
///
/// # Errors
/// [`LayoutError::Overflow`].
///
/// # Examples
/// ```
/// use cute_layout::{filter, Layout};
/// let l: Layout = "(_2,_3,_4):(_0,_1,_3)".parse().unwrap();
/// assert_eq!(filter(&l).unwrap().to_string(), "_12:_1");
/// ```
pub fn filter(layout: &Layout) -> Result<Layout> {
    let mut modes = Modes::new();
    filtered_modes(layout.as_mode_ref(), &mut modes)?;
    modes_to_layout_then(&modes, Ok)
}

/// `filter(L, profile)`: filter mode by mode along `profile`.
///
/// # Errors
/// [`LayoutError::TooManyTilerModes`] if the profile has more modes than `L`.
///
/// # Examples
/// ```
/// use cute_layout::{filter_by, Layout, IntTuple};
/// let l: Layout = "((2,2),(3,1)):((0,1),(2,9))".parse().unwrap();
/// let p: IntTuple = "(1,1)".parse().unwrap();
/// assert_eq!(filter_by(&l, &p).unwrap().to_string(), "(2,3):(1,2)");
/// ```
pub fn filter_by(layout: &Layout, profile: &IntTuple) -> Result<Layout> {
    by_profile("filter", layout, profile.as_ref(), &filter)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The copying pass gives what the merging coalesce gives, errors included, on modes that
    /// merge, that do not, with extent-1 and extent-0 modes, nothing left, or an overflow.
    #[test]
    fn unmerged_is_coalesced_modes() {
        let d = Int::dynamic;
        let cases: [&[(Int, Int)]; 12] = [
            &[(Int::ONE, Int::ONE), (d(3), d(2)), (d(2), d(12))],
            &[(d(2), d(1)), (d(2), d(2)), (d(3), d(8))],
            &[(d(3), d(2)), (d(2), d(12)), (Int::ONE, Int::ZERO)],
            &[(Int::ONE, d(5)), (d(1), d(7))],
            &[],
            &[(d(0), d(4)), (d(3), d(0))],
            &[(d(i64::MAX), d(2)), (d(2), d(5))],
            &[(d(4), d(1))],
            &[(d(1), d(3)), (d(4), d(1)), (d(1), d(9))],
            &[(d(-1), d(2)), (d(-1), d(-2)), (d(1), d(5))],
            &[(Int::ONE, d(3)), (d(1), d(7))],
            &[(d(2), d(1)), (d(1), d(5)), (d(3), d(2)), (Int::ONE, d(4))],
        ];
        for modes in cases {
            let (mut copied, mut merged) = (Modes::new(), Modes::new());
            let mut unmerged = Unmerged::new(&mut copied);
            for &m in modes {
                unmerged.push(m);
            }
            let a = unmerged.finish();
            let b = coalesced_modes(modes.iter().copied(), &mut merged);
            assert_eq!(a.map(|()| copied), b.map(|()| merged), "{modes:?}");
        }
    }

    /// Modes given without the merge check give the merging coalesce's result (errors
    /// included) once `may_merge` is called, and where no two of them merge, without it.
    #[test]
    fn pushed_apart_is_coalesced_modes() {
        let d = Int::dynamic;
        let cases: [(&[(Int, Int)], bool); 6] = [
            (&[(d(2), d(1)), (d(2), d(2)), (d(3), d(8))], true),
            (&[(d(i64::MAX), d(2)), (d(2), d(5))], true),
            (&[(d(1), d(3)), (d(1), d(9))], true),
            (&[(d(-1), d(2)), (d(-1), d(-2)), (d(1), d(5))], true),
            (
                &[(d(2), d(1)), (d(1), d(5)), (d(3), d(4)), (Int::ONE, d(4))],
                false,
            ),
            (
                &[(d(1), d(1)), (d(3), d(2)), (d(2), d(12)), (d(4), d(48))],
                false,
            ),
        ];
        for (modes, may_merge) in cases {
            let (mut copied, mut merged) = (Modes::new(), Modes::new());
            let mut unmerged = Unmerged::new(&mut copied);
            for &m in modes {
                unmerged.push_apart(m);
            }
            if may_merge {
                unmerged.may_merge();
            }
            let a = unmerged.finish();
            let b = coalesced_modes(modes.iter().copied(), &mut merged);
            assert_eq!(a.map(|()| copied), b.map(|()| merged), "{modes:?}");
        }
    }
}
