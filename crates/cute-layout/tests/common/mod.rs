//! Helpers shared by the library's integration tests: parse CuTe text or fail loudly.
#![allow(dead_code)] // each test file uses a subset

use cute_layout::Layout;

/// A layout from CuTe text, panicking with the text and the parse error.
#[track_caller]
pub fn lay(s: &str) -> Layout {
    s.parse()
        .unwrap_or_else(|e| panic!("{s} does not parse: {e}"))
}

/// An int-tuple from CuTe text, panicking with the text and the parse error.
#[track_caller]
pub fn tup(s: &str) -> cute_layout::IntTuple {
    s.parse()
        .unwrap_or_else(|e| panic!("{s} does not parse: {e}"))
}
