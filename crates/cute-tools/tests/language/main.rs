//! The expression language, one module per subject: the syntax tree and its evaluator, the
//! literal notation, the C++ and CuTe DSL spellings, errors, warnings and `Display`.
//! `cargo test -p cute-tools --test language spelling` runs one subject.

#[path = "../common/mod.rs"]
mod common;

mod cpp_spellings;
mod display;
mod error_echo;
mod errors;
mod evaluator;
mod expr;
mod kinds;
mod notation;
mod spelled;
mod spelling;
mod warnings;
