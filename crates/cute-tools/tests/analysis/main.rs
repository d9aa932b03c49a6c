//! The layout analysis, one module per subject: bank conflicts, accesses and vector widths,
//! the swizzle solver, the generated CUDA kernels, and TMA boxes.
//! `cargo test -p cute-tools --test analysis solve` runs one subject.

#[path = "../common/mod.rs"]
mod common;

mod access;
mod bank_conflicts;
mod cuda;
mod solve;
mod tma_swizzle_box;
