//! The layout algebra: coalesce, composition, complement, inverses, divides and products.
//!
//! Each operation follows CuTe C++ for all-static integers (one rule for static and dynamic
//! integers) and checks its documented post-conditions: where CuTe would `static_assert`, or
//! return a layout that is not what the operation promises, the result is an error.

pub mod coalesce;
pub mod complement;
pub mod composition;
pub mod divide;
pub mod inverse;
pub mod product;
mod transform;

pub(crate) type Modes = smallvec::SmallVec<[(crate::Int, crate::Int); 8]>;

/// The hook through which the algebra reports the steps of a derivation ([`crate::explain`]).
///
/// The public operations run with [`NoTrace`], whose methods are empty and never call their
/// closures, so tracing costs nothing (no formatting, no allocation) unless it is asked for.
pub(crate) trait Trace {
    /// Records one step of the derivation; `f` is only called by a recording trace.
    fn step(&mut self, f: impl FnOnce() -> String);
    /// Opens a nested derivation headed by `f()` (e.g. a composition inside a divide).
    fn enter(&mut self, f: impl FnOnce() -> String);
    /// Closes the innermost nested derivation.
    fn leave(&mut self);
}

/// The trace that records nothing, used by the public operations.
pub(crate) struct NoTrace;

impl Trace for NoTrace {
    #[inline(always)]
    fn step(&mut self, _: impl FnOnce() -> String) {}
    #[inline(always)]
    fn enter(&mut self, _: impl FnOnce() -> String) {}
    #[inline(always)]
    fn leave(&mut self) {}
}

/// The divides and products take layouts of non-negative extents (C++'s shapes are sizes): fails
/// naming the operation, the operand, the leaf and its extent, rather than return a layout with
/// negative extents or a post-condition error about a cotarget the user never wrote.
pub(crate) fn check_extents(
    op: &'static str,
    operand: &str,
    mode: crate::layout::ModeRef<'_>,
) -> crate::error::Result<()> {
    match mode.0.leaves().enumerate().find(|(_, e)| e.value() < 0) {
        None => Ok(()),
        Some((k, e)) => Err(crate::error::LayoutError::InvalidArgument {
            op,
            detail: format!(
                "leaf {k} of {operand} {} has the negative extent {e}",
                crate::layout::ShowMode(mode)
            ),
            hint: "shapes must be positive: give non-negative extents",
        }),
    }
}
