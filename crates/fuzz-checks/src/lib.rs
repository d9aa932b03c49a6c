//! The checks behind the cute-layout fuzz targets.
//!
//! Each check takes the raw bytes a fuzzer gives and returns `Err` with a description when a
//! property fails; a panic inside `cute_layout` is a failure too. The cargo-fuzz targets in
//! `fuzz/` (nightly) call these functions and panic on `Err`; the test `tests/corpus.rs`
//! (stable, part of `cargo test --workspace`) replays every file of `fuzz/corpus/<target>/`
//! through the same functions, so the corpus and every finding stay regression tests.
//!
//! Structure-aware targets read their input with [`arbitrary`] exactly as `libfuzzer-sys` does
//! for a typed target (`arbitrary_take_rest`), so a corpus file replays the same case.

use arbitrary::{Arbitrary, Unstructured};

pub mod budget;
pub mod category;
pub mod eval_line;
pub mod r#gen;
pub mod limits;
pub mod linear_readers;
pub mod notation;
pub mod ops;
pub mod postconditions;
pub mod symbolic;
pub mod syntax_tree;

/// The outcome of one check: `Err` describes the failed property.
pub type Check = Result<(), String>;

/// A fuzz target's check.
pub type Target = fn(&[u8]) -> Check;

/// Every fuzz target, by the name of its `fuzz/fuzz_targets/<name>.rs` and corpus directory.
pub const TARGETS: &[(&str, Target)] = &[
    ("notation", notation::check),
    ("eval_line", eval_line::check),
    ("ops", ops::check),
    ("postconditions", postconditions::check),
    ("category", category::check),
    ("syntax_tree", syntax_tree::check),
    ("budget", budget::check),
    ("limits", limits::check),
    ("linear_readers", linear_readers::check),
    ("symbolic", symbolic::check),
];

/// Runs `f` on the value drawn from `data`, as `libfuzzer-sys` draws a typed target's input;
/// bytes that do not make a value are no case.
pub fn structured<'a, T: Arbitrary<'a>>(data: &'a [u8], f: impl FnOnce(T) -> Check) -> Check {
    match T::arbitrary_take_rest(Unstructured::new(data)) {
        Ok(x) => f(x),
        Err(_) => Ok(()),
    }
}

/// The largest layout size whose values the checks enumerate.
pub const MAX_ENUMERATED: i64 = 1 << 12;
