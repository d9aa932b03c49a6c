//! Integer tilers and integer layouts follow CuTe's `make_layout(n)`: a compact stride of an
//! extent-1 mode is 0, so the tiler `_1` is `_1:_0` to the divides and products. Composition
//! alone reads an integer `n` as `n:_1` (C++'s `composition(layout, int)` does).
//!
//! Each expected value was printed by CuTe C++ (nvidia-cutlass 4.2.0 headers, all-static
//! integers, compiled host-only with g++ -std=c++17); the dynamic forms follow the same rules
//! (rule 2), with the results' tags computed from the inputs'.

use crate::common::fails;
use cute_layout::{Int, Layout, Tiler};
use cute_tools::eval::eval;

#[track_caller]
fn check(expr: &str, expected: &str) {
    match eval(expr) {
        Ok(v) => assert_eq!(v.to_string(), expected, "{expr}"),
        Err(e) => panic!("{expr} failed: {e}"),
    }
}

#[test]
fn make_layout_of_an_extent_one_has_stride_zero() {
    // C++: make_layout(_1{}) = _1:_0, make_layout(make_shape(_1{},_3{})) = (_1,_3):(_0,_1),
    // make_layout(make_shape(_3{},make_shape(_1{},_1{}),_2{})) = (_3,(_1,_1),_2):(_1,(_0,_0),_3)
    check("make_layout(_1)", "_1:_0");
    check("make_layout((_1,_3))", "(_1,_3):(_0,_1)");
    check(
        "make_layout((_3,(_1,_1),_2))",
        "(_3,(_1,_1),_2):(_1,(_0,_0),_3)",
    );
    check("make_layout(1)", "1:0");
    assert_eq!(Layout::from_extent(Int::fixed(1)).to_string(), "_1:_0");
    assert_eq!(Layout::from_extent(Int::dynamic(7)).to_string(), "7:_1");
}

#[test]
fn divides_read_an_integer_tiler_as_make_layout() {
    check("logical_divide(_2:_5,_1)", "(_1,_2):(_0,_5)");
    check("zipped_divide(_2:_5,_1)", "(_1,_2):(_0,_5)");
    check("tiled_divide(_2:_5,_1)", "(_1,_2):(_0,_5)");
    check(
        "logical_divide((_4,_6):(_1,_4),(_1,_3))",
        "((_1,_4),(_3,_2)):((_0,_1),(_4,_12))",
    );
    // rule 2: the dynamic forms follow the static rules
    check("logical_divide(2:5,1)", "(1,2):(0,5)");
    check(
        "logical_divide((4,6):(1,4),(1,3))",
        "((1,4),(3,2)):((0,1),(4,12))",
    );
    // an explicit layout tiler keeps its stride: C++ gives (_1,_2):(_5,_5) for _1:_1
    check("logical_divide(_2:_5,_1:_1)", "(_1,_2):(_5,_5)");
}

#[test]
fn shape_tilers_of_the_arrangements_and_partitions() {
    // C++ with L = (_4,_8):(_8,_1) and the shape tiler (_1,_4) (or (_1,_2))
    let l = "(_4,_8):(_8,_1)";
    check(
        &format!("zipped_divide({l},(_1,_4))"),
        "((_1,_4),(_4,_2)):((_0,_1),(_8,_4))",
    );
    check(
        &format!("flat_divide({l},(_1,_4))"),
        "(_1,_4,_4,_2):(_0,_1,_8,_4)",
    );
    check(
        &format!("zipped_product({l},(_1,_4))"),
        "((_4,_8),(_1,_4)):((_8,_1),(_0,_8))",
    );
    check(
        &format!("tiled_product({l},(_1,_2))"),
        "((_4,_8),_1,_2):((_8,_1),_0,_8)",
    );
    // C++ local_tile(t, (_1,_4), (1,1)).layout() = (_1,_4):(_0,_1) at offset 12
    check(
        &format!("local_tile({l},(_1,_4),(1,1))"),
        "(_1,_4):(_0,_1)+12",
    );
    // C++ local_partition(t, make_layout((_1,_4)), 1).layout() = (_4,_2):(_8,_4)
    check(
        &format!("local_partition({l},(_1,_4):(_0,_1),1)"),
        "(_4,_2):(_8,_4)+1",
    );
}

#[test]
fn products_read_an_integer_tiler_as_make_layout() {
    check("logical_product(_2:_5,_1)", "(_2,_1):(_5,_0)");
    check(
        "logical_product((_4,_6):(_1,_4),(_1,_3))",
        "((_4,_1),(_6,_3)):((_1,_0),(_4,_1))",
    );
    check("logical_product(2:5,1)", "(2,1):(5,0)");
}

#[test]
fn composition_reads_an_integer_as_stride_one() {
    // C++: composition(_2:_5, _1{}) = _1:_5; composition((_4,_6):(_1,_4), (_1,_3)) = (_1,_3):(_1,_4)
    check("composition(_2:_5,_1)", "_1:_5");
    check("composition((_4,_6):(_1,_4),(_1,_3))", "(_1,_3):(_1,_4)");
    let t = Tiler::from_int(Int::fixed(1));
    assert_eq!(t.as_composed().unwrap().to_string(), "_1:_1");
    assert_eq!(t.as_divisor().unwrap().to_string(), "_1:_0");
}

#[test]
fn interleaved_tilers_that_miss_offsets_are_refused() {
    // C++ returns ((_8,_2),_3):((_9,_3),_1), whose tiles never reach offset 6 of _7:_1
    let e = fails("logical_divide(_7:_1,(_8,_2):(_9,_3))");
    let msg = e.to_string();
    for part in [
        "logical_divide",
        "never reach offset 6",
        "size is _7",
        "(_8,_2):(_9,_3)",
    ] {
        assert!(msg.contains(part), "{part:?} is missing from {msg:?}");
    }
    // C++ returns ((_2,_2),_2):((_3,_1),_6) for 7:1 and (2,2):(3,1): offsets 2 and 5 are missed
    assert!(fails("logical_divide(7:1,(2,2):(3,1))")
        .to_string()
        .contains("never reach offset 2"));
    // the interleaved tiler that does tile its layout: C++ ((_2,_2),(_2,_2)):((_4,_1),(_2,_8))
    check(
        "logical_divide(_16:_1,(_2,_2):(_4,_1))",
        "((_2,_2),(_2,_2)):((_4,_1),(_2,_8))",
    );
    // the refusal reaches the zipped arrangements
    assert!(fails("zipped_divide(7:1,(8,2):(9,3))")
        .to_string()
        .contains("never reach"));
}
