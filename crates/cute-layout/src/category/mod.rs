//! The categorical layer: tuple morphisms, tractable layouts, and the layout algebra computed
//! on morphisms (Carlisle, Shah, Stern, VanKoughnett, *Categorical Foundations for CuTe
//! Layouts*, Colfax Research).
//!
//! A **tuple morphism** `f: S → T` between tuples of positive integers lies over a pointed map
//! `α: <m>_* → <n>_*` that hits no codomain entry twice, and sends each entry `si` either to
//! the base point `*` or to an equal entry `t_{α(i)}`. It *encodes* a layout `L_f = S:D` with
//! `di = 0` when `α(i) = *` and otherwise `di = t1·…·t_{α(i)−1}`, the product of the codomain
//! entries **below** the target. Drawn as a diagram, the domain is a column on the left, the
//! codomain a column on the right (entry 1 at the bottom), and each hit entry has an arrow.
//!
//! A layout is `L_f` for some `f` exactly when it is **tractable** ([`is_tractable`]); every
//! tractable layout has a unique *standard-form* morphism `f_L` ([`to_morphism`]), and
//! [`from_morphism`] inverts it. On morphisms the algebra is combinatorics on `α`:
//!
//! | operation | on morphisms | agrees with |
//! |---|---|---|
//! | composition | `g ∘ f` over `β ∘ α` ([`TupleMorphism::compose`]) | [`crate::composition`], exactly |
//! | coalesce | merge parallel runs ([`NestedMorphism::coalesce`]) | [`crate::coalesce`], exactly |
//! | complement | the unhit codomain entries ([`NestedMorphism::complement`]) | [`crate::complement`] after coalesce |
//! | logical divide | `f ∘ (g, g^c)` ([`NestedMorphism::logical_divide`]) | [`crate::logical_divide`] after coalesce |
//! | logical product | `(f, f^c ∘ g)` ([`NestedMorphism::logical_product`]) | [`crate::logical_product`], exactly |
//!
//! [`via`] computes the layout operations themselves through morphisms (the composition
//! algorithm with mutual refinements, pullbacks and pushforwards; [`via::composition_steps`]
//! keeps every step). [`diagram`] describes the pictures as data (a morphism, a bare pointed
//! map of `Fin_*`, the composition algorithm step by step) and prints them as text; [`draw`]
//! lays them out once and writes SVG or TikZ.
//!
//! # Examples
//! ```
//! use cute_layout::category::{from_morphism, to_morphism, is_tractable};
//! use cute_layout::Layout;
//! let l: Layout = "(2,2,2,4,4):(2,1,64,4,16)".parse()?;
//! let f = to_morphism(&l)?;
//! assert_eq!(f.to_string(), "(2,2,2,4,4) -> (2,2,4,4,2) over (2,1,5,3,4)");
//! assert_eq!(from_morphism(&f)?, l);
//! assert!(!is_tractable(&"(4,8):(3,3)".parse()?));
//! # Ok::<(), cute_layout::LayoutError>(())
//! ```

pub mod diagram;
pub mod draw;
mod encode;
mod morphism;
mod nested;
mod pointed;
mod refine;
pub mod via;

pub use draw::to_svg;
pub use encode::{from_morphism, is_tractable, to_morphism, tractability, NotTractable};
pub use morphism::TupleMorphism;
pub use nested::NestedMorphism;
pub use pointed::PointedMap;
pub use refine::{mutual_refinement, refines, relative_modes};

use crate::error::LayoutError;
pub(crate) use crate::error::Result;

pub(crate) fn invalid(op: &'static str, detail: String, hint: &'static str) -> LayoutError {
    LayoutError::InvalidArgument { op, detail, hint }
}

pub(crate) fn mul(a: i64, b: i64) -> Result<i64> {
    a.checked_mul(b).ok_or_else(|| LayoutError::Overflow {
        expr: format!("{a} * {b}"),
    })
}

pub(crate) fn product(xs: &[i64]) -> Result<i64> {
    xs.iter().try_fold(1i64, |acc, &x| mul(acc, x))
}

pub(crate) fn fmt_tuple(xs: &[i64]) -> String {
    let items: Vec<String> = xs.iter().map(i64::to_string).collect();
    format!("({})", items.join(","))
}
