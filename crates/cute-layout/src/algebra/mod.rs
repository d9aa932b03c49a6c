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

/// The sink through which the algebra reports the steps of a derivation, and the one that
/// records nothing ([`crate::trace`]).
pub(crate) use crate::trace::{NoTrace, Trace};
