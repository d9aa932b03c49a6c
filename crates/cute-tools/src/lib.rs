//! # cute-tools: the tools of the CuTe layout algebra
//!
//! The library [`cute_layout`] holds the algebra and its values; this crate holds what reads
//! and shows them, on top of it:
//! - the expression language behind `cute eval`: its syntax tree ([`expr`]) and the one walk
//!   that evaluates it ([`eval`]);
//! - the operation table ([`registry`]), one entry per CuTe operation, which feeds every front
//!   end (the CLI, the Python module, the playground);
//! - step-by-step derivations ([`explain`]), from the steps the algebra reports as data
//!   ([`cute_layout::trace`]);
//! - pictures of layouts ([`render`]: `print_layout` grids, LaTeX, SVG, PNG, TV layouts in
//!   [`render::tv`]);
//! - bank-conflict analysis and the swizzle solver ([`analysis`], and [`analyze`], which reads
//!   an expression for it);
//! - the comparison of two layouts as functions ([`diff`]).
//!
//! ```
//! use cute_tools::eval::eval;
//! assert_eq!(eval("composition((6,2):(8,2), (4,3):(3,1))")?.to_string(), "((2,2),3):((24,2),8)");
//! # Ok::<(), cute_layout::LayoutError>(())
//! ```
#![forbid(unsafe_code)]
#![warn(missing_docs)]
#![cfg_attr(docsrs, feature(doc_cfg))]

pub mod analysis;
pub mod analyze;
pub mod diff;
pub mod eval;
pub mod explain;
pub mod expr;
pub mod registry;
pub mod render;

/// The pictures of TV layouts, [`render::tv`] (its former path, `cute_tools::tv_render`).
pub use render::tv as tv_render;
