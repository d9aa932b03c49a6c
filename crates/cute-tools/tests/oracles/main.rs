//! Oracle checks, one module per oracle: values printed by CuTe C++ (`cpp`, `atoms`,
//! `atoms_latex`, `tma`, `tensor_offsets`, produced by the `bench/*/check.sh` scripts), Triton's
//! linear layouts (`triton`, `triton_cga`), PyCuTe v2 run with sympy (`pycute2`) and measurements on
//! a GPU (`gpu`).
//! `cargo test -p cute-tools --test oracles atoms::` runs one oracle.

#[path = "../common/mod.rs"]
mod common;
#[path = "../common/triton_cases.rs"]
mod triton_cases;

mod atoms;
mod atoms_latex;
mod cpp;
mod gpu;
mod pycute2;
mod tensor_offsets;
mod tma;
mod triton;
mod triton_cga;
