//! The coalesce kernel: merging a layout's flat modes (`s0:d0 ++ s1:s0*d0` is `s0*s1:d0`,
//! extent-1 modes dropped), shared by the algebra (`algebra::coalesce` and every operation
//! that coalesces as it goes) and the compiled layouts of [`crate::fast`], which sit below the
//! algebra. Each merge is reported to a [`Trace`] (nothing for [`NoTrace`]).

use crate::error::Result;
use crate::int::Int;
use crate::layout::Layout;
use crate::trace::{Event, NoTrace, Trace};
use smallvec::{Array, SmallVec};

/// Flat modes `(extent, stride)`, inline up to eight: the algebra's scratch space.
pub(crate) type Modes = SmallVec<[(Int, Int); 8]>;

/// Which neighbours `s0:d0 ++ s1:d1` [`coalesce_modes`] merges.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Merge {
    /// Wherever `s0·d0 = d1`, static or dynamic (the library's rule for every operation).
    WhereEqual,
    /// Only where C++ knows `s0·d0 = d1` at compile time: `s0`, `d0`, `s1` and `d1` all static
    /// (CuTe's `bw_coalesce`). For layouts the library builds with dynamic strides from static
    /// input, such as a decayed swizzle, whose structure C++ fixes at compile time.
    WhereStatic,
}

impl Merge {
    /// Whether `s0:d0` merges into the mode `s1:d1` after it, given `s0·d0`.
    #[inline]
    pub(crate) fn merges(self, (s0, d0): (Int, Int), span: Int, (s1, d1): (Int, Int)) -> bool {
        span.value() == d1.value()
            && (self == Merge::WhereEqual
                || (s0.is_static() && d0.is_static() && s1.is_static() && d1.is_static()))
    }
}

/// Merges the flat modes back to front into `out` (which starts empty): extent-1 modes vanish
/// and `s0:d0 ++ s1:s0*d0` becomes `s0*s1:d0` (where `merge` allows). With
/// `keep_last_stride`, a trailing extent 1 counts as 2 so the function is also preserved past
/// the end (CuTe's `coalesce_x`). Each merge and each dropped mode is reported to `t`.
///
/// The modes are written to `out` rather than returned so that the algebra's scratch space is
/// not copied around (as [`FlatMode`]s: a caller may keep data of its own beside each mode).
#[inline(always)]
pub(crate) fn coalesce_modes<M: FlatMode>(
    leaves: impl DoubleEndedIterator<Item = (Int, Int)>,
    keep_last_stride: bool,
    merge: Merge,
    out: &mut SmallVec<impl Array<Item = M>>,
    t: &mut impl Trace,
) -> Result<()> {
    coalesce_modes_reversed(leaves, keep_last_stride, merge, out, t)?;
    out.reverse();
    Ok(())
}

/// [`coalesce_modes`] in reverse order (last mode first), as the merging pass writes them: for
/// a caller that can read them back to front rather than reverse them.
#[inline(always)]
pub(crate) fn coalesce_modes_reversed<M: FlatMode>(
    leaves: impl DoubleEndedIterator<Item = (Int, Int)>,
    keep_last_stride: bool,
    merge: Merge,
    out: &mut SmallVec<impl Array<Item = M>>,
    t: &mut impl Trace,
) -> Result<()> {
    // Back to front: `front` is the mode before which the next one goes (kept in a register
    // rather than read back from `out`), `out` the modes after it, in reverse order.
    let mut leaves = leaves.rev();
    let Some((s, d)) = leaves.next() else {
        return Ok(());
    };
    let s = if keep_last_stride && s.value() == 1 {
        Int::new(2, s.is_static())
    } else {
        s
    };
    let mut front = (s, d);
    for (s, d) in leaves {
        if s.value() == 1 {
            t.step(|| Event::DropExtentOne { mode: (s, d) });
            continue;
        }
        if front.0.value() == 1 {
            t.step(|| Event::ReplaceExtentOne {
                dropped: front,
                kept: (s, d),
            });
            front = (s, d);
        } else if merge.merges((s, d), s.mul(d)?, front) {
            let merged = (s.mul(front.0)?, d);
            t.step(|| Event::Merge {
                mode: (s, d),
                next: front,
                merged,
            });
            front = merged;
        } else {
            t.step(|| Event::KeepBefore {
                mode: (s, d),
                next: front,
            });
            out.push(M::of(front));
            front = (s, d);
        }
    }
    out.push(M::of(front));
    Ok(())
}

/// A flat mode as [`coalesce_modes`] writes it: `(extent, stride)`, or with data of the
/// caller's beside it (the inverses' `(extent, stride, prefix product)`, the prefix filled in
/// afterwards), so that the modes are written once, where they are used.
pub(crate) trait FlatMode: Copy {
    /// The mode `s:d` (any data beside it at a starting value).
    fn of(mode: (Int, Int)) -> Self;
    /// Its extent.
    fn extent(&self) -> Int;
    /// Sets its stride.
    fn set_stride(&mut self, d: Int);
}

impl FlatMode for (Int, Int) {
    #[inline(always)]
    fn of(mode: (Int, Int)) -> Self {
        mode
    }
    #[inline(always)]
    fn extent(&self) -> Int {
        self.0
    }
    #[inline(always)]
    fn set_stride(&mut self, d: Int) {
        self.1 = d;
    }
}

/// `(extent, stride, exclusive prefix product)`, the prefix 1 until it is filled in.
impl FlatMode for (Int, Int, Int) {
    #[inline(always)]
    fn of((s, d): (Int, Int)) -> Self {
        (s, d, Int::ONE)
    }
    #[inline(always)]
    fn extent(&self) -> Int {
        self.0
    }
    #[inline(always)]
    fn set_stride(&mut self, d: Int) {
        self.1 = d;
    }
}

/// The layout of coalesced modes: one mode unwrapped (an extent-1 mode as `1:0`), none as `_1:_0`.
#[inline]
pub(crate) fn modes_to_layout(modes: &[(Int, Int)]) -> Layout {
    modes_to_layout_then(modes, |layout| layout)
}

/// [`modes_to_layout`] passed to `then` (`Ok` for an operation's result), built where `then`
/// puts it ([`Layout::flat_then`]).
#[inline(always)]
pub(crate) fn modes_to_layout_then<R>(modes: &[(Int, Int)], then: impl FnOnce(Layout) -> R) -> R {
    // (one `flat_then` for both cases: each would build its own layout in every arm)
    let extent_one;
    let modes = match modes {
        [(s, _)] if s.value() == 1 => {
            extent_one = [(*s, Int::ZERO)];
            &extent_one[..]
        }
        _ => modes,
    };
    Layout::flat_then(modes, false, then)
}

/// The flat modes of [`modes_to_layout`]`(modes)` (so `_1:_0` when nothing is left).
pub(crate) fn normalize<M: FlatMode>(modes: &mut SmallVec<impl Array<Item = M>>) {
    match modes.as_mut_slice() {
        [] => modes.push(M::of((Int::ONE, Int::ZERO))),
        [m] if m.extent().value() == 1 => m.set_stride(Int::ZERO),
        _ => {}
    }
}

/// The flat modes of `coalesce(L)` for `L` given by its leaves, into `out` (empty).
#[inline]
pub(crate) fn coalesced_modes<M: FlatMode>(
    leaves: impl DoubleEndedIterator<Item = (Int, Int)>,
    out: &mut SmallVec<impl Array<Item = M>>,
) -> Result<()> {
    coalesce_modes(leaves, false, Merge::WhereEqual, out, &mut NoTrace)?;
    normalize(out);
    Ok(())
}

/// `coalesce(L)` without a trace: its flat modes merged, as a layout.
///
/// # Errors
/// [`crate::LayoutError::Overflow`].
pub(crate) fn coalesced(layout: &Layout) -> Result<Layout> {
    let mut modes = Modes::new();
    coalesce_modes(
        layout.leaves(),
        false,
        Merge::WhereEqual,
        &mut modes,
        &mut NoTrace,
    )?;
    Ok(modes_to_layout(&modes))
}
