//! Helpers shared by the integration tests: expressions that must fail or give a value, the
//! C++ oracle files, and (from the library's tests) CuTe text parsed or failing loudly.
#![allow(dead_code)] // each test file uses a subset

// The typed helpers (`lay`, `tup`, `tiler`, `values`, ...) are the library tests' own.
#[path = "../../../cute-layout/tests/common/mod.rs"]
mod typed;
#[allow(unused_imports)] // a binary may use none of them
pub use typed::*;

use cute_layout::LayoutError;
use cute_tools::eval::eval;

/// The error of an expression that must fail.
#[track_caller]
pub fn fails(expr: &str) -> LayoutError {
    match eval(expr) {
        Ok(v) => panic!("{expr} should fail, got {v}"),
        Err(e) => e,
    }
}

/// The blocks `## CASE\n<output>` of an oracle file of `bench/atoms` (what C++ printed).
pub fn oracle_blocks(text: &'static str) -> Vec<(&'static str, &'static str)> {
    let mut out = Vec::new();
    let mut rest = text;
    while let Some(body) = rest.strip_prefix("## ") {
        let (case, body) = body.split_once('\n').unwrap_or((body, ""));
        let end = body.find("\n## ").map_or(body.len(), |i| i + 1);
        out.push((case, &body[..end]));
        rest = &body[end..];
    }
    assert!(rest.is_empty(), "stray text before a case: {rest:?}");
    out
}

/// Runs every case of an oracle file through `run` and fails, naming each case whose output
/// differs from C++'s (the first differing line, and both outputs when they are short).
pub fn check_oracle(blocks: &[(&str, &str)], run: impl Fn(&str) -> Result<String, LayoutError>) {
    let mut failures = Vec::new();
    for (case, want) in blocks {
        match run(case) {
            Ok(got) if got == *want => {}
            Ok(got) => {
                let line = got
                    .lines()
                    .zip(want.lines())
                    .take_while(|(a, b)| a == b)
                    .count();
                let mut f = format!(
                    "## {case}: first difference at line {}\n  C++:  {:?}\n  ours: {:?}",
                    line + 1,
                    want.lines().nth(line),
                    got.lines().nth(line)
                );
                if want.lines().count() < 20 {
                    f.push_str(&format!("\n--- C++\n{want}--- ours\n{got}"));
                }
                failures.push(f);
            }
            Err(e) => failures.push(format!("## {case}\n--- C++\n{want}--- ours: error {e}\n")),
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {} cases differ from C++:\n{}",
        failures.len(),
        blocks.len(),
        failures.join("\n")
    );
}

/// The request `cute atom NAME [--type T] [--layout L] [--val-layout V] [--permutation P]`.
pub fn atom_request<'a>(
    name: &'a str,
    value_type: Option<&'a str>,
    layout: Option<&'a str>,
    val_layout: Option<&'a str>,
    permutation: Option<&'a str>,
) -> cute_layout::notation::atom::AtomRequest<'a> {
    cute_layout::notation::atom::AtomRequest {
        name,
        value_type,
        layout,
        val_layout,
        permutation,
        ..Default::default()
    }
}

// The evaluating helpers of the worked examples and reference facts (seed documents,
// cute-cpp-semantics.md) and of the cargo-mutants findings.

/// Evaluates a `cute eval` expression and prints its value.
pub fn ev(expr: &str) -> String {
    match eval(expr) {
        Ok(v) => v.to_string(),
        Err(e) => panic!("{expr} failed: {e}"),
    }
}

/// Asserts that `expr` evaluates to `expected`.
#[track_caller]
pub fn check(expr: &str, expected: &str) {
    assert_eq!(ev(expr), expected, "{expr}");
}

#[track_caller]
pub fn refused(expr: &str, parts: &[&str]) {
    let msg = fails(expr).to_string();
    for p in parts {
        assert!(msg.contains(p), "{expr}: {p:?} is missing from {msg:?}");
    }
}
