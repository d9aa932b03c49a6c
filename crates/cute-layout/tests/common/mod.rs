//! Helpers shared by the integration tests: parse CuTe text or fail loudly, and expressions
//! that must fail.
#![allow(dead_code)] // each test file uses a subset

use cute_layout::eval::eval;
use cute_layout::{IntTuple, Layout, LayoutError, Tiler};
use std::fmt::Display;
use std::str::FromStr;

/// Parses CuTe text, panicking with the text and the parse error.
#[track_caller]
pub fn parse<T: FromStr<Err = E>, E: Display>(s: &str) -> T {
    s.parse()
        .unwrap_or_else(|e| panic!("{s} does not parse: {e}"))
}

/// A layout from CuTe text.
#[track_caller]
pub fn lay(s: &str) -> Layout {
    parse(s)
}

/// An int-tuple from CuTe text.
#[track_caller]
pub fn tup(s: &str) -> IntTuple {
    parse(s)
}

/// A tiler from CuTe text.
#[track_caller]
pub fn tiler(s: &str) -> Tiler {
    parse(s)
}

/// The error of an expression that must fail.
#[track_caller]
pub fn fails(expr: &str) -> LayoutError {
    match eval(expr) {
        Ok(v) => panic!("{expr} should fail, got {v}"),
        Err(e) => e,
    }
}
