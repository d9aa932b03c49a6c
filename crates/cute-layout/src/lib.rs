//! # cute-layout: the CuTe layout algebra in Rust
//!
//! A **layout** `Shape:Stride` is a function from coordinates to offsets, over hierarchical
//! integer tuples: `(2,(2,2)):(4,(1,2))` maps the coordinate `(i,(j,k))` to `4i + j + 2k`, and
//! the 1-D index `n` to the coordinate obtained by splitting `n` colexicographically (first mode
//! fastest). NVIDIA's CuTe builds every tensor and thread arrangement of CUTLASS from layouts
//! and an algebra on them; this crate implements that algebra exactly, with checked
//! arithmetic and errors instead of compile-time assertions.
//!
//! ```
//! use cute_layout::{composition, logical_divide, Layout, Tiler};
//! let a: Layout = "(6,2):(8,2)".parse()?;
//! let b: Layout = "(4,3):(3,1)".parse()?;
//! assert_eq!(composition(&a, &b)?.to_string(), "((2,2),3):((24,2),8)");
//!
//! let l: Layout = "(_9,(_4,_8)):(_59,(_13,_1))".parse()?;
//! let t: Tiler = "<_3:_3,(_2,_4):(_1,_8)>".parse()?;
//! assert_eq!(
//!     logical_divide(&l, &t)?.to_string(),
//!     "((_3,_3),((_2,_4),(_2,_2))):((_177,_59),((_13,_2),(_26,_1)))"
//! );
//! # Ok::<(), cute_layout::LayoutError>(())
//! ```
//!
//! ## One rule for static and dynamic integers
//! CuTe distinguishes static (`_4`) from dynamic (`4`) integers, and its C++ results depend
//! on the distinction. Here both follow CuTe's **all-static** rules; the tag only records what
//! is known at compile time, and a result is static iff everything it was computed from is.
//!
//! ## Map of the crate
//! - [`Int`], [`IntTuple`], [`Coord`]: integers, int-tuples and coordinates ([`int`], [`tuple`](mod@tuple),
//!   [`coord`], [`tree`]);
//! - [`Layout`] and [`Tiler`] ([`layout`], [`tiler`]);
//! - the algebra ([`algebra`]): [`coalesce`], [`filter`], [`composition`], [`complement`],
//!   [`right_inverse`], [`left_inverse`], the divides and the products;
//! - the categorical layer ([`category`]): tuple morphisms, tractable layouts, the algebra on
//!   morphisms and their diagrams;
//! - swizzles, scaled-basis identity layouts ([`basis`]), tensors and thread-value layouts ([`swizzle`], [`recast`], [`tensor`],
//!   [`tv`]);
//! - MMA and copy atoms, tiled MMAs and tiled copies ([`atom`]);
//! - fast run-time evaluation ([`fast`]: [`Layout::compile`]); layouts evaluated at build
//!   time are the `cute-layout-macros` crate's `layout!` and `cute!` (not re-exported here:
//!   that crate depends on this one to evaluate, so a re-export would be a cycle);
//! - CuTe notation ([`notation`]): the one parser of values, and their printers;
//! - the values of every kind, as one type ([`value`]);
//! - the steps of a derivation, reported by the algebra as data ([`trace`]);
//! - [`LayoutError`]: every failure, as a value.
//!
//! The expression language behind `cute eval`, the operation table, explanations, pictures,
//! bank-conflict analysis and layout diffs are the `cute-tools` crate, built on this one; this
//! crate knows nothing of them.
#![forbid(unsafe_code)]
#![warn(missing_docs)]
#![cfg_attr(docsrs, feature(doc_cfg))]

/// The Rust examples of the user guide's library chapter, run as doctests so that they cannot
/// drift from the library (only under `cargo test --doc`: the file is outside the package).
#[cfg(doctest)]
#[doc = include_str!("../../../docs/guide/library.md")]
pub struct GuideLibraryChapter;

pub mod algebra;
pub mod atom;
pub mod basis;
pub mod budget;
pub mod category;
pub mod coord;
pub mod error;
pub mod f2;
pub mod fast;
pub mod int;
pub mod layout;
pub mod limits;
pub mod linear;
mod merge;
pub mod notation;
mod print;
pub mod recast;
pub mod swizzle;
pub mod symbolic;
pub mod tensor;
pub mod tiler;
pub mod trace;
pub mod tree;
pub mod tuple;
pub mod tv;
pub mod value;

pub use algebra::coalesce::{
    coalesce, coalesce_256, coalesce_by, filter, filter_by, filter_zeros, filter_zeros_by,
};
pub use algebra::complement::{complement, complement_default};
pub use algebra::composition::{composition, composition_tiler};
pub use algebra::divide::{flat_divide, logical_divide, tile_unzip, tiled_divide, zipped_divide};
pub use algebra::inverse::{
    left_inverse, max_common_layout, max_common_vector, nullspace, right_inverse,
};
pub use algebra::product::{
    blocked_product, flat_product, logical_product, raked_product, tile_to_shape, tiled_product,
    zipped_product,
};
pub use basis::{make_identity_tensor, IdentityTensor};
pub use category::{is_tractable, NestedMorphism, TupleMorphism};
pub use coord::{crd2crd, crd2idx, crd2idx_shape, idx2crd, Coord, CoordLeaf};
pub use error::LayoutError;
pub use fast::CompiledLayout;
pub use int::{ArithError, Int};
pub use layout::Layout;
pub use swizzle::{make_swizzle, AnyLayout, ComposedLayout, Swizzle};
pub use tensor::Tensor;
pub use tiler::Tiler;
pub use tree::{Tree, TreeBuilder, TreeRef, MAX_DEPTH};
pub use tuple::IntTuple;
