//! The divides (`logical_divide`, `zipped_divide`, `tiled_divide`, ...) and `ceil_div` by a
//! layout: the worked examples of the seed documents and the facts of the C++ reference.

use crate::common::{
    assert_complement_postconditions, check, ev, lay, refused, same_function, tiler, tup, values,
};
use cute_layout::{complement, composition, composition_tiler, Layout};

// From seed 001, CuTe's "CuTe Layout Algebra" documentation (../shared/seeds/).
/// 001, "Logical Divide 1-D Example": `(4,2,3):(2,1,8) / 4:2`: `B* = (2,3):(1,8)`,
/// `(B,B*) = (4,(2,3)):(2,(1,8))`, result `((2,2),(2,3)):((4,1),(2,8))`. (The doc's code takes
/// `complement(tiler, size(layout))`; C++ now uses `shape(coalesce(layout))`, the same size.)
#[test]
fn seed001_logical_divide_1d() {
    check("complement(_4:_2,_24)", "(_2,_3):(_1,_8)");
    check(
        "make_layout(_4:_2,(_2,_3):(_1,_8))",
        "(_4,(_2,_3)):(_2,(_1,_8))",
    );
    check(
        "composition((_4,_2,_3):(_2,_1,_8),(_4,(_2,_3)):(_2,(_1,_8)))",
        "((_2,_2),(_2,_3)):((_4,_1),(_2,_8))",
    );
    check(
        "logical_divide((_4,_2,_3):(_2,_1,_8),_4:_2)",
        "((_2,_2),(_2,_3)):((_4,_1),(_2,_8))",
    );
    check(
        "logical_divide((4,2,3):(2,1,8),4:2)",
        "((2,2),(2,3)):((4,1),(2,8))",
    );
}

// From seed 001, CuTe's "CuTe Layout Algebra" documentation (../shared/seeds/).
/// 001, "Logical Divide 2-D Example" and "Zipped, Tiled, Flat Divides": `A = (9,(4,8)):(59,(13,1))`
/// with `B = <3:3, (2,4):(1,8)>`.
#[test]
fn seed001_logical_divide_2d_and_zipped() {
    let a = "(_9,(_4,_8)):(_59,(_13,_1))";
    let b = "<_3:_3,(_2,_4):(_1,_8)>";
    let ld = ev(&format!("logical_divide({a},{b})"));
    assert_eq!(
        ld,
        "((_3,_3),((_2,_4),(_2,_2))):((_177,_59),((_13,_2),(_26,_1)))"
    );
    // "((TileM,RestM), (TileN,RestN)) with shape ((3,3), (8,4))"
    let ld = lay(&ld);
    assert_eq!(
        ld.mode(0)
            .unwrap()
            .shape()
            .product_each()
            .unwrap()
            .to_string(),
        "(_3,_3)"
    );
    assert_eq!(
        ld.mode(1)
            .unwrap()
            .shape()
            .product_each()
            .unwrap()
            .to_string(),
        "(_8,_4)"
    );
    // "the first mode of each mode of the result is (3,(2,4)):(177,(13,2))", the composition
    check(
        &format!("composition({a},{b})"),
        "(_3,(_2,_4)):(_177,(_13,_2))",
    );
    let zd = ev(&format!("zipped_divide({a},{b})"));
    assert_eq!(
        zd,
        "((_3,(_2,_4)),(_3,(_2,_2))):((_177,(_13,_2)),(_59,(_26,_1)))"
    );
    let zd = lay(&zd);
    // "((TileM,TileN), (RestM,RestN)) with shape ((3,8), (3,4))"
    assert_eq!(zd.shape().product_each().unwrap().to_string(), "(_24,_12)");
    assert_eq!(
        zd.mode(0)
            .unwrap()
            .shape()
            .product_each()
            .unwrap()
            .to_string(),
        "(_3,_8)"
    );
    assert_eq!(
        zd.mode(1)
            .unwrap()
            .shape()
            .product_each()
            .unwrap()
            .to_string(),
        "(_3,_4)"
    );
    // "layout<0>(zipped_divide(a, b)) == composition(a, b)"
    assert_eq!(
        zd.mode(0).unwrap(),
        composition_tiler(&lay(a), &tiler(b)).unwrap()
    );
    // "the offset to the 7th tile is zd(0,7); to the (1,2)th tile zd(0,make_coord(1,2))": the
    // 1-D index 7 of the rest mode (3,4) is its coordinate (1,2).
    let at = |c: &str| zd.call(&tup(c)).unwrap().value();
    assert_eq!(at("(0,7)"), at("(0,(1,2))"));
    assert_eq!(at("(0,3)"), at("(0,(0,1))"));
    // The tiles cover exactly the offsets of A.
    assert_eq!(
        values(&zd)
            .into_iter()
            .collect::<std::collections::BTreeSet<_>>(),
        values(&lay(a)).into_iter().collect()
    );
}

// From seed 001, CuTe's "CuTe Layout Algebra" documentation (../shared/seeds/).
/// 001, "Zipped, Tiled, Flat Divides": the mode arrangement for `(M, N, L)` and `<TileM, TileN>`:
/// logical `((TileM,RestM),(TileN,RestN),L)`, zipped `((TileM,TileN),(RestM,RestN,L))`, tiled
/// `((TileM,TileN),RestM,RestN,L)`, flat `(TileM,TileN,RestM,RestN,L)`.
#[test]
fn seed001_divide_arrangements() {
    let a = "(_8,_6,_5):(_1,_8,_48)";
    check(
        &format!("logical_divide({a},(_4,_3))"),
        "((_4,_2),(_3,_2),_5):((_1,_4),(_8,_24),_48)",
    );
    check(
        &format!("zipped_divide({a},(_4,_3))"),
        "((_4,_3),(_2,_2,_5)):((_1,_8),(_4,_24,_48))",
    );
    check(
        &format!("tiled_divide({a},(_4,_3))"),
        "((_4,_3),_2,_2,_5):((_1,_8),_4,_24,_48)",
    );
    check(
        &format!("flat_divide({a},(_4,_3))"),
        "(_4,_3,_2,_2,_5):(_1,_8,_4,_24,_48)",
    );
}

// From seed 004, the Chinese walkthrough of the layout algebra.
/// 004, "补 Complement / 应用示例": `A = (4,2,3):(2,1,8)`, `B = 4:2`, `B* = (2,3):(1,8)`; and
/// the divide `A ⊘ B = A o (B, B*)`.
#[test]
fn seed004_complement_and_divide() {
    // (the complement's strides start at CuTe's static `_1`)
    check("complement(4:2,24)", "(2,3):(_1,8)");
    assert_eq!(ev("size((4,2,3):(2,1,8))"), "24");
    let b_star = complement(&lay("_4:_2"), &tup("_24")).unwrap();
    assert_eq!(b_star.to_string(), "(_2,_3):(_1,_8)");
    assert_complement_postconditions(&lay("_4:_2"), &b_star, 24);
    let bb = Layout::concat([lay("_4:_2"), b_star]).unwrap();
    assert_eq!(
        composition(&lay("(_4,_2,_3):(_2,_1,_8)"), &bb)
            .unwrap()
            .to_string(),
        "((_2,_2),(_2,_3)):((_4,_1),(_2,_8))"
    );
}

// From seed 004, the Chinese walkthrough of the layout algebra.
/// 004, "除法": the printed `ld` and `zd` of `(9,(4,8)):(59,(13,1))` by `<3:3,(2,4):(1,8)>`; the
/// M-mode of `ld` still has 9 elements and the N-mode 32 ("保留了模式A的语义"); untiled modes stay
/// ("未被tile的维度L保持不动").
#[test]
fn seed004_divides() {
    let a = "(_9,(_4,_8)):(_59,(_13,_1))";
    let b = "<_3:_3,(_2,_4):(_1,_8)>";
    let ld = lay(&ev(&format!("logical_divide({a},{b})")));
    assert_eq!(
        ld.to_string(),
        "((_3,_3),((_2,_4),(_2,_2))):((_177,_59),((_13,_2),(_26,_1)))"
    );
    assert_eq!(ld.mode(0).unwrap().size().unwrap().value(), 9);
    assert_eq!(ld.mode(1).unwrap().size().unwrap().value(), 32);
    check(
        &format!("zipped_divide({a},{b})"),
        "((_3,(_2,_4)),(_3,(_2,_2))):((_177,(_13,_2)),(_59,(_26,_1)))",
    );
    // a third, untiled mode L is kept
    check(
        "logical_divide((_9,(_4,_8),_5):(_59,(_13,_1),_1000),<_3:_3,(_2,_4):(_1,_8)>)",
        "((_3,_3),((_2,_4),(_2,_2)),_5):((_177,_59),((_13,_2),(_26,_1)),_1000)",
    );
    let zd = lay(&ev(
        "zipped_divide((_9,(_4,_8),_5):(_59,(_13,_1),_1000),<_3:_3,(_2,_4):(_1,_8)>)",
    ));
    assert_eq!(
        zd.to_string(),
        "((_3,(_2,_4)),(_3,(_2,_2),_5)):((_177,(_13,_2)),(_59,(_26,_1),_1000))"
    );
}

// From the C++ reference (cute-cpp-semantics.md) section 9, divides.
/// Ref §9: the observed divide table, all-static. Dynamic rows in C++: `2:_1 / _32:_1` is
/// `(_32,1):(_1,_32)` (all-static `(_32,_1):(_1,_0)`, the rest mode `1:32` being `_1:_0`),
/// `48:_1 / _32:_1` is `(_32,2):(_1,_32)`, `(_32,_4,4) / _64:_1` is `(_64,(_2,4)):(_1,(_64,_128))`
/// (all-static: the shape coalesces, `(_64,_8):(_1,_64)`, the same function);
/// `(8,6,5)` compact with `(_4,_3)` keeps `_4`, `_3` static.
#[test]
fn ref9_divide_table() {
    check(
        "logical_divide((_4,_2,_3):(_2,_1,_8),_4:_2)",
        "((_2,_2),(_2,_3)):((_4,_1),(_2,_8))",
    );
    let (a, t) = ("(_9,(_4,_8)):(_59,(_13,_1))", "<_3:_3,(_2,_4):(_1,_8)>");
    check(
        &format!("logical_divide({a},{t})"),
        "((_3,_3),((_2,_4),(_2,_2))):((_177,_59),((_13,_2),(_26,_1)))",
    );
    check(
        &format!("zipped_divide({a},{t})"),
        "((_3,(_2,_4)),(_3,(_2,_2))):((_177,(_13,_2)),(_59,(_26,_1)))",
    );
    check(
        &format!("tiled_divide({a},{t})"),
        "((_3,(_2,_4)),_3,(_2,_2)):((_177,(_13,_2)),_59,(_26,_1))",
    );
    check(
        &format!("flat_divide({a},{t})"),
        "(_3,(_2,_4),_3,(_2,_2)):(_177,(_13,_2),_59,(_26,_1))",
    );
    let c = "(8,6,5):(_1,8,48)";
    check(
        &format!("logical_divide({c},(_4,_3))"),
        "((_4,2),(_3,2),5):((_1,_4),(8,24),48)",
    );
    check(
        &format!("zipped_divide({c},(_4,_3))"),
        "((_4,_3),(2,2,5)):((_1,8),(_4,24,48))",
    );
    check(
        &format!("tiled_divide({c},(_4,_3))"),
        "((_4,_3),2,2,5):((_1,8),_4,24,48)",
    );
    check(
        &format!("flat_divide({c},(_4,_3))"),
        "(_4,_3,2,2,5):(_1,8,_4,24,48)",
    );
    check("logical_divide(_2:_1,_32:_1)", "(_32,_1):(_1,_0)");
    check("logical_divide(_48:_1,_32:_1)", "(_32,_2):(_1,_32)");
    check(
        "logical_divide((_32,_4,_4):(_1,_32,_128),_64:_1)",
        "(_64,_8):(_1,_64)",
    );
    assert!(same_function(
        &lay("(_64,_8):(_1,_64)"),
        &lay("(_64,(_2,4)):(_1,(_64,_128))")
    ));
    check("logical_divide(_12:_1,_5:_1)", "(_5,_3):(_1,_5)");
    check("logical_divide(_32:_1,_2:_8)", "(_2,(_8,_2)):(_8,(_1,_16))");
    check(
        "logical_divide((_6,_6):(_1,_12),(_6,_3):(_3,_1))",
        "(((_2,_3),_3),_2):(((_3,_12),_1),_36)",
    );
    check(
        "logical_divide((_8,_6):(_1,_8),<_,_2>)",
        "(_8,(_2,_3)):(_1,(_8,_16))",
    );
    // `(_4,_3).tile(_2,_3)` is tiled_divide
    check(
        "tiled_divide((_4,_3):(_1,_4),(_2,_3))",
        "((_2,_3),_2,_1):((_1,_4),_2,_0)",
    );
}

// From cargo mutants, a survivor in the algebra (docs/dev/mutation-testing.md).
/// The divides' and products' extent check refuses negative extents only: a zero extent keeps
/// its own error (division by zero), and positive extents pass.
#[test]
fn divides_and_products_refuse_only_negative_extents() {
    refused("logical_divide(8:1,0:1)", &["division by zero"]);
    refused("logical_product(0:1,2:1)", &["division by zero"]);
    refused("logical_divide(8:1,-2:1)", &["negative extent -2"]);
}
