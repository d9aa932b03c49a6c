//! Oracle checks, one module per oracle: values printed by CuTe C++ (`cpp`, `atoms`,
//! `atoms_latex`, `tma`, `tensor_offsets`, produced by the `bench/*/check.sh` scripts), Triton's
//! linear layouts (`triton`) and measurements on a GPU (`gpu`).
//! `cargo test -p cute-tools --test oracles atoms::` runs one oracle.

#[path = "../common/mod.rs"]
mod common;

mod atoms;
mod atoms_latex;
mod cpp;
mod gpu;
mod tensor_offsets;
mod tma;
mod triton;
