//! Symbolic extents: the layout algebra on named unknowns (`M`, `N`, `K`), as a compiler sees
//! shapes and strides before run time.
//!
//! A symbol is written as a name that starts with a capital letter (`M`, `BLK_N`), beside the
//! static `_4` and the dynamic `4`; it stands for an unknown positive integer and is never
//! static. Leaves combine by `*`, `/` (exact division), `+` and `-`: `M/128`, `64*M`, `M*N`,
//! `2*M-1` ([`SymInt`]). Layouts, tuples and tilers hold such leaves ([`SymLayout`],
//! [`SymTuple`], [`SymTiler`]) and mix them freely with static and dynamic integers.
//!
//! The operations ([`composition`], [`logical_divide`], ...) are the integer algebra's
//! definitions written over [`SymInt`]. Where a condition is decided for every value of the
//! symbols, they follow it; where a divisibility is needed and not decided (`128 | M`), it is
//! recorded as an [`Assumption`], and the result is exact for every value that meets the recorded
//! [`Assumptions`]; any other undecided condition (the order of two strides, whether two modes
//! merge) is a refusal that names it. A [`Symbolic`] value carries its assumptions, and
//! [`Symbolic::subs`] evaluates it at given values, after checking them: substituting then
//! operating gives what operating then substituting gives.
//!
//! ```
//! use cute_layout::symbolic::{logical_divide, Assumptions, SymLayout, SymTiler};
//! let l: SymLayout = "(M,N):(1,M)".parse()?;
//! let mut assumed = Assumptions::default();
//! let d = logical_divide(&l, &SymTiler::from_tuple(&"(128,64)".parse()?), &mut assumed)?;
//! assert_eq!(d.to_string(), "((128,M/128),(64,N/64)):((1,128),(M,64*M))");
//! assert_eq!(assumed.to_string(), "128 | M, 64 | N");
//! # Ok::<(), cute_layout::LayoutError>(())
//! ```

mod algebra;
mod int;
mod layout;
mod value;

pub use algebra::{
    blocked_product, blocked_product_traced, ceil_div, coalesce, coalesce_traced, complement,
    complement_traced, composition, composition_traced, cosize, crd2idx, left_inverse,
    left_inverse_traced, logical_divide, logical_divide_traced, logical_product,
    logical_product_traced, right_inverse, right_inverse_traced, shape_div, size, tiled_divide,
    tiled_divide_traced, zipped_divide, zipped_divide_traced, SymTiler,
};
pub use int::{is_symbol_name, Assumption, Integrality, SymInt};
pub use layout::{Assumptions, SymLayout, SymTuple};
pub use value::{Concrete, SymValue, Symbolic};
