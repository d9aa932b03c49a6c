//! IntTuple operations through the typed API. The tests through `cute eval` are in
//! `crates/cute-tools/tests/algebra/int_tuple.rs`.

use crate::common::{lay, tup};
use cute_layout::{filter_zeros_by, Coord};

// From the C++ reference (cute-cpp-semantics.md) section 3, IntTuple operations.
/// Ref §3.5: `filter_zeros((_0,1,_0),(2,3,4))` is `(_1,3,_1)` (all-static: `(_1,_3,_1)`);
/// `slice((_,1),((2,3),4))` is `((2,3))` and `dice((_,1),((2,3),4))` is `(4)`.
#[test]
fn ref3_filter_zeros_slice_dice() {
    let l = lay("(_2,_3,_4):(_1,_2,_6)");
    assert_eq!(
        filter_zeros_by(&l, &tup("(_0,_1,_0)"))
            .unwrap()
            .shape()
            .to_string(),
        "(_1,_3,_1)"
    );
    let t = tup("((2,3),4)");
    let c: Coord = "(_,1)".parse().unwrap();
    assert_eq!(t.slice(&c).unwrap().to_string(), "((2,3))");
    assert_eq!(t.dice(&c).unwrap().to_string(), "(4)");
}
