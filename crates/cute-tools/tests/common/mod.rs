//! Helpers shared by the integration tests: parse CuTe text or fail loudly, and expressions
//! that must fail.
#![allow(dead_code)] // each test file uses a subset

use cute_layout::{IntTuple, Layout, LayoutError, Tiler};
use cute_tools::eval::eval;
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

// The helpers of the worked examples and reference facts (seed documents, cute-cpp-semantics.md)
// and of the cargo-mutants findings, used by the subject files of `algebra/`.

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

/// `L(0), ..., L(size-1)`, evaluated one index at a time.
pub fn values(l: &Layout) -> Vec<i64> {
    let n = l.size().unwrap().value();
    (0..n).map(|i| l.eval(i).unwrap()).collect()
}

/// Whether the layouts are the same function on the domain of `a` (and have the same size).
pub fn same_function(a: &Layout, b: &Layout) -> bool {
    a.size().unwrap().value() == b.size().unwrap().value() && values(a) == values(b)
}

/// Whether every offset of the layout is distinct.
pub fn injective(l: &Layout) -> bool {
    let mut v = values(l);
    v.sort_unstable();
    v.windows(2).all(|w| w[0] != w[1])
}

/// The post-conditions of `complement` that hold for every valid input: `R` strictly
/// increasing, `R(i) != L(j)` for `i >= 1`, `cosize((L, R)) >= size(cotarget)`.
#[track_caller]
pub fn assert_complement_postconditions(l: &Layout, r: &Layout, cotarget: i64) {
    let rv = values(r);
    assert!(rv.windows(2).all(|w| w[0] < w[1]), "{r} is not increasing");
    let lv = values(l);
    assert!(
        rv.iter().skip(1).all(|x| !lv.contains(x)),
        "{r} meets the image of {l}"
    );
    let joint = Layout::concat([l.clone(), r.clone()]).unwrap();
    assert!(
        joint.cosize().unwrap().value() >= cotarget,
        "({l}, {r}) is too small"
    );
}

#[track_caller]
pub fn refused(expr: &str, parts: &[&str]) {
    let msg = fails(expr).to_string();
    for p in parts {
        assert!(msg.contains(p), "{expr}: {p:?} is missing from {msg:?}");
    }
}
