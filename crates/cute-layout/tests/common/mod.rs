//! Helpers shared by the library's integration tests: parse CuTe text or fail loudly.
#![allow(dead_code)] // each test file uses a subset

use cute_layout::{IntTuple, Layout, Tiler};

/// A layout from CuTe text, panicking with the text and the parse error.
#[track_caller]
pub fn lay(s: &str) -> Layout {
    s.parse()
        .unwrap_or_else(|e| panic!("{s} does not parse: {e}"))
}

/// An int-tuple from CuTe text, panicking with the text and the parse error.
#[track_caller]
pub fn tup(s: &str) -> IntTuple {
    s.parse()
        .unwrap_or_else(|e| panic!("{s} does not parse: {e}"))
}

/// A tiler from CuTe text, panicking with the text and the parse error.
#[track_caller]
pub fn tiler(s: &str) -> Tiler {
    s.parse()
        .unwrap_or_else(|e| panic!("{s} does not parse: {e}"))
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
