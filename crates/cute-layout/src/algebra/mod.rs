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
pub mod whitepaper;

pub(crate) use crate::merge::Modes;

/// The sink through which the algebra reports the steps of a derivation, and the one that
/// records nothing ([`crate::trace`]).
pub(crate) use crate::trace::{NoTrace, Trace};

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
                crate::limits::echo(&crate::layout::ShowMode(mode).to_string())
            ),
            hint: "shapes must be positive: give non-negative extents",
        }),
    }
}
