//! Pictures and reports, one module per subject: grids, LaTeX and SVG (`render`), explanations,
//! legends, the categorical diagrams, atom figures and layout diffs.
//! `cargo test -p cute-tools --test pictures render` runs one subject.

#[path = "../common/mod.rs"]
mod common;

mod atom_figures;
mod diagrams;
mod diff;
mod explain;
mod explain_symbolic;
mod legend;
mod render;
