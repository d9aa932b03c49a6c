//! The products (`logical_product`, `blocked_product`, `raked_product`, ...): the worked
//! examples of the seed documents, the facts of the C++ reference, and their post-conditions.

use crate::common::{check, ev, fails, injective, lay, refused, tiler, tup};
use cute_layout::{
    blocked_product, coalesce_by, logical_product, raked_product, Layout, LayoutError, Tiler,
};

// From seed 001, CuTe's "CuTe Layout Algebra" documentation (../shared/seeds/).
/// 001, "Logical Product 1-D Example": `A = (2,2):(4,1)`, `B = 6:1`: `A* = (2,3):(2,8)`,
/// `A* o B = (2,3):(2,8)`, result `((2,2),(2,3)):((4,1),(2,8))`, "identical to the result of the
/// 1-D Logical Divide example"; with `B = (4,2):(2,1)` there are 8 tiles.
#[test]
fn seed001_logical_product_1d() {
    check("complement((_2,_2):(_4,_1),_24)", "(_2,_3):(_2,_8)");
    check("composition((_2,_3):(_2,_8),_6:_1)", "(_2,_3):(_2,_8)");
    check(
        "logical_product((_2,_2):(_4,_1),_6:_1)",
        "((_2,_2),(_2,_3)):((_4,_1),(_2,_8))",
    );
    assert_eq!(
        ev("logical_product((_2,_2):(_4,_1),_6:_1)"),
        ev("logical_divide((_4,_2,_3):(_2,_1,_8),_4:_2)")
    );
    let p = lay(&ev("logical_product((_2,_2):(_4,_1),(_4,_2):(_2,_1))"));
    assert_eq!(p.to_string(), "((_2,_2),(_4,_2)):((_4,_1),(_8,_2))");
    assert_eq!(p.mode(1).unwrap().size().unwrap().value(), 8);
    assert!(injective(&p));
}

// From seed 001, CuTe's "CuTe Layout Algebra" documentation (../shared/seeds/).
/// 001, "Logical Product 2-D Example" and "Blocked and Raked Products": a 2x5 row-major block
/// tiled over a 3x4 column-major arrangement, by-mode with the tiler `<3:5, 4:6>` or, "much more
/// intuitive", with `blocked_product`. The doc says "blocked_product went ahead and coalesced
/// mode-0"; C++ does not coalesce: mode 0 stays `(_2,_3):(_5,_10)` (not `_6:_5`).
#[test]
fn seed001_blocked_and_raked_products() {
    let product = "((_2,_3),(_5,_4)):((_5,_10),(_1,_30))";
    check("logical_product((_2,_5):(_5,_1),<_3:_5,_4:_6>)", product);
    check("blocked_product((_2,_5):(_5,_1),(_3,_4):(_1,_3))", product);
    let b = lay(product);
    assert_eq!(b.mode(0).unwrap().to_string(), "(_2,_3):(_5,_10)");
    // the coalesced mode 0 the doc mentions is the same function
    check("coalesce((_2,_3):(_5,_10))", "_6:_5");
    // raked: the "column" mode is B's column mode then A's
    check(
        "raked_product((_2,_5):(_5,_1),(_3,_4):(_1,_3))",
        "((_3,_2),(_4,_5)):((_10,_5),(_30,_1))",
    );
    // the logical_product post-conditions blocked/raked rely on
    let p = logical_product(&lay("(_2,_5):(_5,_1)"), &tiler("(_3,_4):(_1,_3)")).unwrap();
    assert_eq!(p.rank(), 2);
    assert!(tup("(_2,_5)").compatible(p.mode(0).unwrap().shape()));
    assert!(tup("(_3,_4)").compatible(p.mode(1).unwrap().shape()));
}

// From seed 001, CuTe's "CuTe Layout Algebra" documentation (../shared/seeds/).
/// 001, "Zipped and Tiled Products": logical `((M,TileM),(N,TileN))`, zipped
/// `((M,N),(TileM,TileN))`, tiled `((M,N),TileM,TileN)`, flat `(M,N,TileM,TileN)`.
#[test]
fn seed001_product_arrangements() {
    let a = "(_2,_5):(_5,_1)";
    check(
        &format!("logical_product({a},<_3:_1,_4:_1>)"),
        "((_2,_3),(_5,_4)):((_5,_1),(_1,_5))",
    );
    check(
        &format!("zipped_product({a},<_3:_1,_4:_1>)"),
        "((_2,_5),(_3,_4)):((_5,_1),(_1,_5))",
    );
    check(
        &format!("tiled_product({a},<_3:_1,_4:_1>)"),
        "((_2,_5),_3,_4):((_5,_1),_1,_5)",
    );
    check(
        &format!("flat_product({a},<_3:_1,_4:_1>)"),
        "(_2,_5,_3,_4):(_5,_1,_1,_5)",
    );
}

// From seed 000, "CuTe Blocked and Raked Products" (Lei Mao).
/// 000, "CuTe 1D Logical Product": the four examples. The first is printed
/// `((2,2),(2,3)):((4,1),((2,8)))` in the seed (a typo); C++ gives `((4,1),(2,8))`.
#[test]
fn seed000_logical_product_1d_examples() {
    check(
        "logical_product((2,2):(4,1),6:1)",
        "((2,2),(2,3)):((4,1),(2,8))",
    );
    check("logical_product((2,2):(4,1),6:2)", "((2,2),6):((4,1),8)");
    check(
        "logical_product((2,2):(4,1),(4,2):(2,1))",
        "((2,2),(4,2)):((4,1),(8,2))",
    );
    check(
        "logical_product((2,2):(4,1),(4,2):(1,4))",
        "((2,2),((2,2),2)):((4,1),((2,8),16))",
    );
    check(
        "logical_product((_2,_2):(_4,_1),(_4,_2):(_1,_4))",
        "((_2,_2),((_2,_2),_2)):((_4,_1),((_2,_8),_16))",
    );
}

// From seed 000, "CuTe Blocked and Raked Products" (Lei Mao).
/// 000, "CuTe 2D Logical Product": `A = (2,5):(5,1)` repeated 3 times along mode 0 gives
/// `((2,3),5):((5,10),1)`, then 4 times along mode 1 gives `((2,3),(5,4)):((5,10),(1,30))`;
/// the by-mode tiler is `<3:5, 4:6>`.
#[test]
fn seed000_logical_product_2d() {
    check("logical_product((2,5):(5,1),<3:5>)", "((2,3),5):((5,10),1)");
    check(
        "logical_product((2,5):(5,1),<3:5,4:6>)",
        "((2,3),(5,4)):((5,10),(1,30))",
    );
    // The seed's "cosize" here is the span of a repeat mode (extent x stride): along mode 0
    // the repeat mode is 3:10, spanning 3 x 10 = 30 = size(A0) x 15 where 15 = 3 x 5 is the span
    // of the tiler's 3:5; along mode 1 it is 4:30, spanning 120 = size(A1) x 24 (4:6 spans 24).
    let t = lay("((2,3),(5,4)):((5,10),(1,30))");
    let span = |l: Layout| l.size().unwrap().value() * l.stride().as_leaf().unwrap().value();
    assert_eq!(t.mode_path(&[0, 1]).unwrap().to_string(), "3:10");
    assert_eq!(span(t.mode_path(&[0, 1]).unwrap()), 2 * span(lay("3:5")));
    assert_eq!(t.mode_path(&[1, 1]).unwrap().to_string(), "4:30");
    assert_eq!(span(t.mode_path(&[1, 1]).unwrap()), 5 * span(lay("4:6")));
}

// From seed 000, "CuTe Blocked and Raked Products" (Lei Mao).
/// 000, "CuTe Blocked Product": the 1-D logical product `(2,5):(5,1) x (3,4):(1,3)`. The seed
/// first writes it as `((2,3),(5,4)):((5,10),(1,30))` (that is the blocked product, after the
/// zip) and then as `((2,5),(3,4)):((5,1),(10,30))`, which is what C++ returns; zipping its two
/// modes gives the blocked product, exactly as `blocked_product` is implemented.
#[test]
fn seed000_blocked_product_is_zipped_logical_product() {
    check(
        "logical_product((2,5):(5,1),(3,4):(1,3))",
        "((2,5),(3,4)):((5,1),(10,30))",
    );
    let p = lay("((2,5),(3,4)):((5,1),(10,30))");
    // "the first mode ... is the layout of A, (2,5):(5,1)"; the second (3,4):(10,30)
    assert_eq!(p.mode(0).unwrap().to_string(), "(2,5):(5,1)");
    assert_eq!(p.mode(1).unwrap().to_string(), "(3,4):(10,30)");
    let zipped = Layout::zip_modes(&[p.mode(0).unwrap(), p.mode(1).unwrap()]).unwrap();
    assert_eq!(zipped.to_string(), "((2,3),(5,4)):((5,10),(1,30))");
    let (a, b) = (lay("(2,5):(5,1)"), lay("(3,4):(1,3)"));
    assert_eq!(blocked_product(&a, &b).unwrap(), zipped);
    // raked_product zips the other way
    let raked = Layout::zip_modes(&[p.mode(1).unwrap(), p.mode(0).unwrap()]).unwrap();
    assert_eq!(raked_product(&a, &b).unwrap(), raked);
    assert_eq!(raked.to_string(), "((3,2),(4,5)):((10,5),(30,1))");
    // "@post rank(result) == max(rank(block), rank(tiler))"
    assert_eq!(blocked_product(&a, &b).unwrap().rank(), 2);
}

// From seed 000, "CuTe Blocked and Raked Products" (Lei Mao).
/// 000, "CuTe Blocked Product": `append<R>` pads with the dummy mode `1:0` so that the two
/// layouts have the same rank for `zip`.
#[test]
fn seed000_append_pads_with_dummy_modes() {
    assert_eq!(
        lay("_3:_1").append_to_rank(2).unwrap().to_string(),
        "(_3,_1):(_1,_0)"
    );
    check(
        "blocked_product((_2,_2):(_1,_2),_3:_1)",
        "((_2,_3),(_2,_1)):((_1,_4),(_2,_0))",
    );
    assert_eq!(
        blocked_product(&lay("(_2,_2):(_1,_2)"), &lay("_3:_1"))
            .unwrap()
            .rank(),
        2
    );
}

// From seed 003, "CuTe Layout and Tensor" (Yifan Yang).
/// 003, "4. Blocked Product": tile `(M0,N0):(1,M0)`, row-major tiler `(M1,N1):(N1,1)`, result
/// `((M0,M1),(N0,N1)):((1,N1*M0*N0),(M0,M0*N0))`; with M0=2, M1=2, N0=2, N1=3 the element at
/// `((0,1),(1,1))`, i.e. `(2,3)`, is 18; the N mode coalesces to `((M0,M1),N0*N1):((1,N1*M0*N0),M0)`.
#[test]
fn seed003_blocked_product() {
    let blocked = ev("blocked_product((_2,_2):(_1,_2),(_2,_3):(_3,_1))");
    assert_eq!(blocked, "((_2,_2),(_2,_3)):((_1,_12),(_2,_4))");
    let l = lay(&blocked);
    assert_eq!(l.call(&tup("((0,1),(1,1))")).unwrap().value(), 18);
    assert_eq!(l.call(&tup("(2,3)")).unwrap().value(), 18);
    // storage[m0*1 + m1*N1*M0*N0 + n0*M0 + n1*M0*N0] for every coordinate
    for (m0, m1, n0, n1) in (0..2).flat_map(|a| {
        (0..2).flat_map(move |b| (0..2).flat_map(move |c| (0..3).map(move |d| (a, b, c, d))))
    }) {
        let c = tup(&format!("(({m0},{m1}),({n0},{n1}))"));
        assert_eq!(
            l.call(&c).unwrap().value(),
            m0 + m1 * 3 * 2 * 2 + n0 * 2 + n1 * 2 * 2
        );
    }
    let coalesced = coalesce_by(&l, &tup("(_1,_1)")).unwrap();
    assert_eq!(coalesced.to_string(), "((_2,_2),_6):((_1,_12),_2)");
    for m in 0..4 {
        for n in 0..6 {
            let c = tup(&format!("({m},{n})"));
            assert_eq!(l.call(&c).unwrap(), coalesced.call(&c).unwrap());
        }
    }
}

// From seed 004, the Chinese walkthrough of the layout algebra.
/// 004, "乘法": `blocked_product(a, b)` and `logical_product(a, tiler)` agree,
/// `((_2,_3),(_5,_4)):((_5,_10),(_1,_30))`; `b1 = make_layout(Layout<_3,_1>, Layout<_4,_3>)` is
/// `b`; `zipped_product(a, tiler)` prints `((_2,_5),(_3,_4)):((_5,_1),(_10,_30))` and
/// `tiled_product(a, tiler)` prints `((_2,_5),_3,_4):((_5,_1),_10,_30)`.
#[test]
fn seed004_products() {
    let a = "(_2,_5):(_5,_1)";
    let b = "(_3,_4):(_1,_3)";
    let t = "<_3:_5,_4:_6>";
    check("make_layout(_3:_1,_4:_3)", b);
    let r = ev(&format!("blocked_product({a},{b})"));
    let e = ev(&format!("logical_product({a},{t})"));
    assert_eq!(r, "((_2,_3),(_5,_4)):((_5,_10),(_1,_30))");
    assert_eq!(r, e);
    check(
        &format!("zipped_product({a},{t})"),
        "((_2,_5),(_3,_4)):((_5,_1),(_10,_30))",
    );
    check(
        &format!("tiled_product({a},{t})"),
        "((_2,_5),_3,_4):((_5,_1),_10,_30)",
    );
    // raked: the elements are interleaved
    check(
        &format!("raked_product({a},{b})"),
        "((_3,_2),(_4,_5)):((_10,_5),(_30,_1))",
    );
}

// From seed 004, the Chinese walkthrough of the layout algebra.
/// 004, "和 Concatenation 的区别": concatenation only changes the mapping and may overlap
/// ("不能保证物理上不重叠"); the product uses the complement and never overlaps.
#[test]
fn seed004_concatenation_may_overlap_product_does_not() {
    let concat = lay(&ev("make_layout((_2,_5):(_5,_1),(_3,_4):(_1,_3))"));
    assert_eq!(concat.to_string(), "((_2,_5),(_3,_4)):((_5,_1),(_1,_3))");
    assert!(!injective(&concat));
    let product = lay(&ev("logical_product((_2,_5):(_5,_1),(_3,_4):(_1,_3))"));
    assert!(injective(&product));
}

// From the C++ reference (cute-cpp-semantics.md) section 10, products.
/// Ref §10: the observed product table, all-static. Dynamic rows: `(2,2):(_4,_1) x _6:_1` is
/// `((2,2),(2,3)):((_4,_1),(2,8))`; `4:2 x _3:_1` is `(4,(2,1)):(2,(_1,8))` in dynamic C++, but
/// all-static C++ rejects it (Shape Divisibility Condition: the complement `(_2,_2):(_1,_8)` can
/// not be composed with `_3:_1`), which is what we do; `_2:_1 x 3` is `(_2,3):(_1,_2)`.
#[test]
fn ref10_product_table() {
    check(
        "logical_product((_2,_2):(_4,_1),_6:_1)",
        "((_2,_2),(_2,_3)):((_4,_1),(_2,_8))",
    );
    check(
        "logical_product((_2,_2):(_4,_1),(_4,_2):(_2,_1))",
        "((_2,_2),(_4,_2)):((_4,_1),(_8,_2))",
    );
    check(
        "logical_product((2,2):(_4,_1),_6:_1)",
        "((2,2),(2,3)):((_4,_1),(2,8))",
    );
    let e = fails("logical_product(_4:_2,_3:_1)");
    assert!(
        matches!(e.root(), LayoutError::Divisibility { condition, .. } if *condition == "Shape Divisibility Condition"),
        "{e}"
    );
    check("logical_product(_3:_1,_4:_0)", "(_3,_4):(_1,_0)");
    check("logical_product(_2:_1,_3)", "(_2,_3):(_1,_2)");
    check("logical_product(_2:_1,3)", "(_2,3):(_1,_2)");
    let a = "(_2,_5):(_5,_1)";
    check(
        &format!("logical_product({a},<_3:_5,_4:_6>)"),
        "((_2,_3),(_5,_4)):((_5,_10),(_1,_30))",
    );
    check(
        &format!("blocked_product({a},(_3,_4):(_1,_3))"),
        "((_2,_3),(_5,_4)):((_5,_10),(_1,_30))",
    );
    check(
        &format!("raked_product({a},(_3,_4):(_1,_3))"),
        "((_3,_2),(_4,_5)):((_10,_5),(_30,_1))",
    );
    check(
        &format!("zipped_product({a},<_3:_1,_4:_1>)"),
        "((_2,_5),(_3,_4)):((_5,_1),(_1,_5))",
    );
    check(
        "blocked_product((_2,_2):(_1,_2),_3:_1)",
        "((_2,_3),(_2,_1)):((_1,_4),(_2,_0))",
    );
    check(
        "tile_to_shape((_2,_3):(_1,_2),(_6,_9))",
        "((_2,_3),(_3,_3)):((_1,_6),(_2,_18))",
    );
    check(
        "tile_to_shape((_2,_3):(_1,_2),(_6,_9),(_2,_1))",
        "((_2,_3),(_3,_3)):((_1,_18),(_2,_6))",
    );
}

// From the C++ reference (cute-cpp-semantics.md) section 10, products.
/// Ref §10: the `logical_product` post-conditions on the table's layout tilers: rank 2,
/// `layout<0>(R) == A`, `compatible(B, layout<1>(R))`; `tile_to_shape`'s
/// `compatible(trg_shape, shape(result))`.
#[test]
fn ref10_product_postconditions() {
    for (a, b) in [
        ("(_2,_2):(_4,_1)", "_6:_1"),
        ("(_2,_2):(_4,_1)", "(_4,_2):(_2,_1)"),
        ("_3:_1", "_4:_0"),
        ("(_2,_5):(_5,_1)", "(_3,_4):(_1,_3)"),
    ] {
        let (a, b) = (lay(a), lay(b));
        let r = logical_product(&a, &Tiler::Layout(b.clone())).unwrap();
        assert_eq!(r.rank(), 2);
        assert_eq!(r.mode(0).unwrap(), a);
        assert!(b.shape().compatible(r.mode(1).unwrap().shape()));
    }
    let r = lay(&ev("tile_to_shape((_2,_3):(_1,_2),(_6,_9))"));
    assert!(tup("(_6,_9)").compatible(r.shape()));
}

// From cargo mutants, a survivor in the algebra (docs/dev/mutation-testing.md).
/// `logical_product`'s disjoint-copies check runs only where copies can overlap (a negative
/// stride on a mode of extent above 1) and only for injective operands; elsewhere products
/// larger than its limit keep C++'s results (checked with the headers, all-static).
#[test]
fn logical_product_checks_copies_only_where_they_can_overlap() {
    check(
        "logical_product(_4194304:_1,_2:_1)",
        "(_4194304,_2):(_1,_4194304)",
    );
    check(
        "logical_product(_4194304:_1,_2:_0)",
        "(_4194304,_2):(_1,_0)",
    );
    check(
        "logical_product(_4194304:_1,(_2,_1):(_1,_-1))",
        "(_4194304,(_2,_1)):(_1,(_4194304,_-4194304))",
    );
    // a non-injective tiler: overlapping copies are expected, C++'s result stands
    check(
        "logical_product(_2:_1,(_2,_2):(_-1,_-1))",
        "(_2,(_2,_2)):(_1,(_-2,_-2))",
    );
    // beyond the limit a negative stride is refused, naming it (C++: (_4194304,_2):(_1,_-4194304))
    refused(
        "logical_product(_4194304:_1,_2:_-1)",
        &["BRUTE_FORCE_LIMIT", "8388608"],
    );
}
