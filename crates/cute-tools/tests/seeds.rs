//! The worked examples of the seed documents (`../shared/seeds/`) and the "Observed" facts of
//! the C++ reference (`../shared/reference/cute-cpp-semantics.md`, sections 2-10), each as a test
//! asserting the documented result.
//!
//! Seeds: `000_*` (Lei Mao, blocked and raked products), `001_*` (CuTe's layout algebra
//! documentation), `002_*` (the categorical treatment: only its plain layout facts),
//! `003_*` (Yifan Yang, layouts, coordinates and local_tile), `004_*` (a Chinese walkthrough).
//!
//! Where a seed's prose differs from CuTe C++ the C++ result is asserted and the comment says
//! so. Reference facts are asserted in their all-static form (every integer `_n`): the project's
//! rule is that dynamic integers follow the all-static rules, so that is exactly C++'s result;
//! where an observed fact is about C++'s dynamic-integer behaviour that we deliberately do not
//! copy, the all-static result is asserted and the comment notes the C++ dynamic output.

mod common;
use common::{fails, lay, tiler, tup};
use cute_layout::{
    blocked_product, coalesce, coalesce_by, complement, composition, composition_tiler,
    crd2idx_shape, filter_zeros_by, logical_divide, logical_product, raked_product, tile_unzip,
    Coord, Layout, LayoutError, Tiler,
};
use cute_tools::eval::eval;

/// Evaluates a `cute eval` expression and prints its value.
fn ev(expr: &str) -> String {
    match eval(expr) {
        Ok(v) => v.to_string(),
        Err(e) => panic!("{expr} failed: {e}"),
    }
}

/// Asserts that `expr` evaluates to `expected`.
#[track_caller]
fn check(expr: &str, expected: &str) {
    assert_eq!(ev(expr), expected, "{expr}");
}

/// `L(0), ..., L(size-1)`, evaluated one index at a time.
fn values(l: &Layout) -> Vec<i64> {
    let n = l.size().unwrap().value();
    (0..n).map(|i| l.eval(i).unwrap()).collect()
}

/// Whether the layouts are the same function on the domain of `a` (and have the same size).
fn same_function(a: &Layout, b: &Layout) -> bool {
    a.size().unwrap().value() == b.size().unwrap().value() && values(a) == values(b)
}

/// Whether every offset of the layout is distinct.
fn injective(l: &Layout) -> bool {
    let mut v = values(l);
    v.sort_unstable();
    v.windows(2).all(|w| w[0] != w[1])
}

/// The post-conditions of `complement` that hold for every valid input: `R` strictly
/// increasing, `R(i) != L(j)` for `i >= 1`, `cosize((L, R)) >= size(cotarget)`.
#[track_caller]
fn assert_complement_postconditions(l: &Layout, r: &Layout, cotarget: i64) {
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

// =============================================================================================
// 001: CuTe's "CuTe Layout Algebra" documentation
// =============================================================================================

/// 001, "Coalesce": `(_2,(_1,_6)):(_1,(_6,_2))` coalesces to `_12:_1`, with the checked
/// post-conditions (same size, depth <= 1, same values).
#[test]
fn seed001_coalesce_example() {
    check("coalesce((_2,(_1,_6)):(_1,(_6,_2)))", "_12:_1");
    let l = lay("(_2,(_1,_6)):(_1,(_6,_2))");
    let r = coalesce(&l).unwrap();
    assert_eq!(r.size().unwrap(), l.size().unwrap());
    assert!(r.depth() <= 1);
    assert!(same_function(&l, &r));
    // Our one rule: dynamic integers coalesce as the static ones do.
    check("coalesce((2,(1,6)):(1,(6,2)))", "12:1");
}

/// 001, "Coalesce": "column-major layouts like `(_2,_4):(_1,_2)` act identically to `_8:_1`".
#[test]
fn seed001_column_major_is_a_vector() {
    check("coalesce((_2,_4):(_1,_2))", "_8:_1");
    assert_eq!(values(&lay("(_2,_4):(_1,_2)")), values(&lay("_8:_1")));
}

/// 001, "Coalesce": the four cases of `s0:d0 ++ s1:d1`.
#[test]
fn seed001_coalesce_four_cases() {
    // 1. s0:d0 ++ _1:d1 => s0:d0
    check("coalesce((_3,_1):(_2,_7))", "_3:_2");
    // 2. _1:d0 ++ s1:d1 => s1:d1
    check("coalesce((_1,_3):(_7,_2))", "_3:_2");
    // 3. s0:d0 ++ s1:s0*d0 => s0*s1:d0
    check("coalesce((_3,_4):(_2,_6))", "_12:_2");
    // 4. otherwise both are kept
    check("coalesce((_3,_4):(_2,_5))", "(_3,_4):(_2,_5)");
}

/// 001, "By-mode Coalesce": `coalesce(a, Step<_1,_1>{})` is `(_2,_6):(_1,_2)`, identical to
/// `make_layout(coalesce(layout<0>(a)), coalesce(layout<1>(a)))`.
#[test]
fn seed001_by_mode_coalesce() {
    check(
        "coalesce((_2,(_1,_6)):(_1,(_6,_2)),(_1,_1))",
        "(_2,_6):(_1,_2)",
    );
    let a = lay("(_2,(_1,_6)):(_1,(_6,_2))");
    let same_r = Layout::concat([
        coalesce(&a.mode(0).unwrap()).unwrap(),
        coalesce(&a.mode(1).unwrap()).unwrap(),
    ])
    .unwrap();
    assert_eq!(coalesce_by(&a, &tup("(_1,_1)")).unwrap(), same_r);
}

/// 001, "Composition": `A = (6,2):(8,2)`, `B = (4,3):(3,1)`: the table `R(i) = A(B(i))` and
/// `R = ((2,2),3):((24,2),8)`, with `compatible(B, R)`.
/// (C++ prints `((2,2),(3,1)):((24,2),(8,2))` for dynamic integers; our rule gives the all-static
/// structure, which is what the doc writes.)
#[test]
fn seed001_composition_example() {
    check(
        "composition((6,2):(8,2),(4,3):(3,1))",
        "((2,2),3):((24,2),8)",
    );
    check(
        "composition((_6,_2):(_8,_2),(_4,_3):(_3,_1))",
        "((_2,_2),_3):((_24,_2),_8)",
    );
    let (a, b) = (lay("(6,2):(8,2)"), lay("(4,3):(3,1)"));
    let r = composition(&a, &b).unwrap();
    // The doc's table: B(i), the coordinate of B(i) in A, and R(i).
    let b_of = [0, 3, 6, 9, 1, 4, 7, 10, 2, 5, 8, 11];
    let b_crd = [
        "(0,0)", "(1,0)", "(2,0)", "(3,0)", "(0,1)", "(1,1)", "(2,1)", "(3,1)", "(0,2)", "(1,2)",
        "(2,2)", "(3,2)",
    ];
    let a_crd = [
        "(0,0)", "(3,0)", "(0,1)", "(3,1)", "(1,0)", "(4,0)", "(1,1)", "(4,1)", "(2,0)", "(5,0)",
        "(2,1)", "(5,1)",
    ];
    let r_of = [0, 24, 2, 26, 8, 32, 10, 34, 16, 40, 18, 42];
    for i in 0..12 {
        assert_eq!(ev(&format!("idx2crd({i},(4,3))")), b_crd[i]);
        assert_eq!(b.eval(i as i64).unwrap(), b_of[i]);
        assert_eq!(ev(&format!("idx2crd({},(6,2))", b_of[i])), a_crd[i]);
        assert_eq!(a.eval(b_of[i]).unwrap(), r_of[i]);
        assert_eq!(r.eval(i as i64).unwrap(), r_of[i]);
    }
    assert!(b.shape().compatible(r.shape()));
}

/// 001, "Computing Composition", step 1 (`shape_div`): `(6,2) / 2 => (3,2)`, ...,
/// `(42,16,3) / 6 => (7,16,3)`.
#[test]
fn seed001_shape_div_examples() {
    check("shape_div((_6,_2),_2)", "(_3,_2)");
    check("shape_div((_6,_2),_3)", "(_2,_2)");
    check("shape_div((_6,_2),_6)", "(_1,_2)");
    check("shape_div((_6,_2),_12)", "(_1,_1)");
    check("shape_div((_3,_6,_2,_8),_6)", "(_1,_3,_2,_8)");
    check("shape_div((_3,_6,_2,_8),_9)", "(_1,_2,_2,_8)");
    check("shape_div((_42,_16,_3),_2)", "(_21,_16,_3)");
    check("shape_div((_42,_16,_3),_6)", "(_7,_16,_3)");
    check("shape_div((6,2),2)", "(3,2)");
}

/// 001, "Computing Composition", step 2 ("shape_mod"): CuTe has no `shape_mod` function; it is
/// realised inside composition (`A ∘ s:1` keeps the first `s` elements of `A`), so the doc's
/// examples are checked through composition with non-mergeable strides. Modes of extent 1 are
/// dropped by C++ (all-static), hence `(2,1)` shows as one mode.
#[test]
fn seed001_shape_mod_examples() {
    // (6,2) % 2 => (2,1); % 3 => (3,1); % 6 => (6,1); % 12 => (6,2)
    check("composition((_6,_2):(_1,_100),_2:_1)", "_2:_1");
    check("composition((_6,_2):(_1,_100),_3:_1)", "_3:_1");
    check("composition((_6,_2):(_1,_100),_6:_1)", "_6:_1");
    check("composition((_6,_2):(_1,_100),_12:_1)", "(_6,_2):(_1,_100)");
    // (3,6,2,8) % 6 => (3,2,1,1); % 9 => (3,3,1,1)
    check(
        "composition((_3,_6,_2,_8):(_1,_10,_100,_1000),_6:_1)",
        "(_3,_2):(_1,_10)",
    );
    check(
        "composition((_3,_6,_2,_8):(_1,_10,_100,_1000),_9:_1)",
        "(_3,_3):(_1,_10)",
    );
    // (1,2,2,8) % 2 => (1,2,1,1); % 16 => (1,2,2,4)
    check(
        "composition((_1,_2,_2,_8):(_1,_10,_100,_1000),_2:_1)",
        "_2:_10",
    );
    check(
        "composition((_1,_2,_2,_8):(_1,_10,_100,_1000),_16:_1)",
        "(_2,_2,_4):(_10,_100,_1000)",
    );
}

/// 001, "Example 1 -- Reshape a layout into a matrix": `20:2 o (5,4):(4,1) = (5,4):(8,2)`, via
/// `20:2 o 5:4 => 5:8` and `20:2 o 4:1 => 4:2`.
#[test]
fn seed001_example1_reshape_row_major() {
    check("composition(_20:_2,_5:_4)", "_5:_8");
    check("composition(_20:_2,_4:_1)", "_4:_2");
    check("composition(_20:_2,(_5,_4):(_4,_1))", "(_5,_4):(_8,_2)");
    check("composition(20:2,(5,4):(4,1))", "(5,4):(8,2)");
}

/// 001, "Example 2": `(10,2):(16,4) o (5,4):(1,5)`: static C++ prints
/// `(_5,(_2,_2)):(_16,(_80,_4))`. For dynamic integers the doc prints
/// `((5,1),(2,2)):((16,4),(80,4))`; our rule gives the static structure `(5,(2,2)):(16,(80,4))`,
/// "mathematically the same" as the doc says.
#[test]
fn seed001_example2_reshape_column_major() {
    // The intermediate steps: `o 5:1 => (5,1):(16,4)` (static C++ drops the extent-1 mode) and
    // `o 4:5 => (2,2):(80,4)`.
    check("composition((_10,_2):(_16,_4),_5:_1)", "_5:_16");
    check("composition((_10,_2):(_16,_4),_4:_5)", "(_2,_2):(_80,_4)");
    // Step 4: by-mode coalesce of ((5,1):(16,4), (2,2):(80,4)) gives (5:16, (2,2):(80,4)).
    check(
        "coalesce(((5,1),(2,2)):((16,4),(80,4)),(1,1))",
        "(5,(2,2)):(16,(80,4))",
    );
    check(
        "composition((_10,_2):(_16,_4),(_5,_4):(_1,_5))",
        "(_5,(_2,_2)):(_16,(_80,_4))",
    );
    check(
        "composition((10,2):(16,4),(5,4):(1,5))",
        "(5,(2,2)):(16,(80,4))",
    );
    assert!(same_function(
        &lay("(5,(2,2)):(16,(80,4))"),
        &lay("((5,1),(2,2)):((16,4),(80,4))")
    ));
}

/// 001, "By-mode Composition": `(12,(4,8)):(59,(13,1))` with the tiler `<3:4, 8:2>` is
/// `(_3,(2,4)):(236,(26,1))`, identical to composing mode by mode.
#[test]
fn seed001_by_mode_composition() {
    check(
        "composition((12,(4,8)):(59,(13,1)),<_3:_4,_8:_2>)",
        "(_3,(2,4)):(236,(26,1))",
    );
    check(
        "composition((_12,(_4,_8)):(_59,(_13,_1)),<_3:_4,_8:_2>)",
        "(_3,(_2,_4)):(_236,(_26,_1))",
    );
    let a = lay("(12,(4,8)):(59,(13,1))");
    let same_r = Layout::concat([
        composition(&a.mode(0).unwrap(), &lay("_3:_4")).unwrap(),
        composition(&a.mode(1).unwrap(), &lay("_8:_2")).unwrap(),
    ])
    .unwrap();
    assert_eq!(
        composition_tiler(&a, &tiler("<_3:_4,_8:_2>")).unwrap(),
        same_r
    );
}

/// 001, "By-mode Composition": a shape `(_3,_8)` is the tiler `<3:1, 8:1>`; the result is
/// `(_3,(4,2)):(59,(13,1))`.
#[test]
fn seed001_shape_as_tiler() {
    check(
        "composition((12,(4,8)):(59,(13,1)),(_3,_8))",
        "(_3,(4,2)):(59,(13,1))",
    );
    check(
        "composition((12,(4,8)):(59,(13,1)),<_3:_1,_8:_1>)",
        "(_3,(4,2)):(59,(13,1))",
    );
    check(
        "composition((_12,(_4,_8)):(_59,(_13,_1)),(_3,_8))",
        "(_3,(_4,_2)):(_59,(_13,_1))",
    );
}

/// 001, "Complement Examples" (all integers static, as the doc says), with the cosize notes and
/// the post-conditions.
#[test]
fn seed001_complement_examples() {
    let cases = [
        ("_4:_1", "_6:_4", "(_4,_6):(_1,_4)"),
        ("_6:_4", "_4:_1", "(_6,_4):(_4,_1)"),
        ("(_4,_6):(_1,_4)", "_1:_0", "((_4,_6),_1):((_1,_4),_0)"),
        ("_4:_2", "(_2,_3):(_1,_8)", "(_4,(_2,_3)):(_2,(_1,_8))"),
        ("(_2,_4):(_1,_6)", "_3:_2", "((_2,_4),_3):((_1,_6),_2)"),
        (
            "(_2,_2):(_1,_6)",
            "(_3,_2):(_2,_12)",
            "((_2,_2),(_3,_2)):((_1,_6),(_2,_12))",
        ),
    ];
    for (l, r, joint) in cases {
        check(&format!("complement({l},_24)"), r);
        check(&format!("make_layout({l},{r})"), joint);
        // "... has cosize 24" (and, for the last two, "produces unique indices")
        check(&format!("cosize({joint})"), "_24");
        assert!(injective(&lay(joint)), "{joint}");
        assert_complement_postconditions(&lay(l), &lay(r), 24);
    }
}

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

// =============================================================================================
// 000: "CuTe Blocked and Raked Products" (Lei Mao)
// =============================================================================================

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

// =============================================================================================
// 003: "CuTe Layout and Tensor" (Yifan Yang)
// =============================================================================================

/// 003, "1. Shape and Stride": LayoutLeft `(M,N,K)` has strides `(1, M, M*N)`, LayoutRight
/// `(N*K, K, 1)` (here M=2, N=3, K=4).
#[test]
fn seed003_layout_left_and_right() {
    check("make_layout((_2,_3,_4))", "(_2,_3,_4):(_1,_2,_6)");
    check("make_layout_right((_2,_3,_4))", "(_2,_3,_4):(_12,_4,_1)");
    check("make_layout((2,3,4))", "(2,3,4):(_1,2,6)");
}

/// 003, "1.1 Example Layout": the 4x2 row-major matrix `(4,2):(2,1)` maps `(m,n)` to `2m + n`;
/// `((2,2),2):((4,1),2)` maps `((m,n),k)` to `4m + n + 2k`.
#[test]
fn seed003_example_layouts() {
    let a = lay("(4,2):(2,1)");
    let b = lay("((2,2),2):((4,1),2)");
    for m in 0..4 {
        for n in 0..2 {
            let at = a.call(&tup(&format!("({m},{n})"))).unwrap().value();
            assert_eq!(at, m * 2 + n);
            // "A(m, n) = A(m + n * 4)": the 1-D coordinate
            assert_eq!(a.eval(m + n * 4).unwrap(), at);
        }
    }
    for m in 0..2 {
        for n in 0..2 {
            for k in 0..2 {
                let c = tup(&format!("(({m},{n}),{k})"));
                assert_eq!(b.call(&c).unwrap().value(), m * 4 + n + k * 2);
            }
        }
    }
    // "This can still represent a 4x2 matrix"
    assert_eq!(b.size().unwrap().value(), 8);
    assert_eq!(
        b.shape().product_each().unwrap().to_string(),
        "(4,2)",
        "a 4x2 matrix"
    );
}

/// 003, "1.1": natural coordinates have the shape's profile: `(M,(N,K,L))` has 4.
#[test]
fn seed003_natural_coordinates() {
    let c = ev("idx2crd(0,(2,(3,4,5)))");
    assert_eq!(c, "(0,(0,0,0))");
    assert_eq!(tup(&c).leaf_count(), 4);
}

/// 003, "2. Coordinate Conversion": `(m,n,k)` of shape `(M,N,K)` is the 1-D coordinate
/// `m + n*M + k*M*N`.
#[test]
fn seed003_coordinate_conversion() {
    for (m, n, k) in [(1, 2, 3), (0, 0, 0), (1, 0, 2), (0, 2, 1)] {
        let c = tup(&format!("({m},{n},{k})"));
        assert_eq!(
            crd2idx_shape(&c, &tup("(2,3,4)")).unwrap().value(),
            m + n * 2 + k * 6
        );
        assert_eq!(
            ev(&format!("idx2crd({},(2,3,4))", m + n * 2 + k * 6)),
            c.to_string()
        );
    }
}

/// 003, "2.1 Size and Cosize": size counts the domain, cosize the codomain; `shape<I>`,
/// `size<I>` and `cosize<I>` of one mode.
#[test]
fn seed003_size_and_cosize() {
    let l = lay("(4,2):(2,1)");
    assert_eq!(l.size().unwrap().value(), 8);
    assert_eq!(l.cosize().unwrap().value(), 8);
    let l = lay("((2,2),2):((4,1),2)");
    assert_eq!(l.mode(0).unwrap().shape().to_string(), "(2,2)");
    assert_eq!(l.mode(0).unwrap().size().unwrap().value(), 4);
    assert_eq!(l.mode(0).unwrap().cosize().unwrap().value(), 6);
}

/// 003, "3. Coalesce": `(M,N):(1,M)` is `M*N:1`; the three merge cases; by-mode coalesce of
/// `((M,N),K,L):((1,M),M*N,M*N*K)` with `Step<_1,_1,_1>` is `(M*N,K,L):(1,M*N,M*N*K)`.
#[test]
fn seed003_coalesce() {
    check("coalesce((_4,_6):(_1,_4))", "_24:_1");
    check("coalesce((_5,_1):(_3,_9))", "_5:_3");
    check("coalesce((_1,_5):(_9,_3))", "_5:_3");
    check("coalesce((_5,_2):(_3,_15))", "_10:_3");
    check(
        "coalesce(((_2,_3),_4,_5):((_1,_2),_6,_24),(_1,_1,_1))",
        "(_6,_4,_5):(_1,_6,_24)",
    );
}

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

/// 003, "5. Local Tile": partitioning that blocked layout into `(M0,N0)` sub-tiles
/// (`zipped_divide`, then slicing the rest mode) and taking the tile at `(m1,n1) = (0,2)`
/// gives `A[0:2, 4:6]`.
#[test]
fn seed003_local_tile() {
    let final_layout = "((_2,_2),(_2,_3)):((_1,_12),(_2,_4))";
    let zd = ev(&format!("zipped_divide({final_layout},(_2,_2))"));
    assert_eq!(zd, "((_2,_2),(_2,_3)):((_1,_2),(_12,_4))");
    let (tile, offset) = lay(&zd)
        .slice_and_offset(&"((_,_),(0,2))".parse::<Coord>().unwrap())
        .unwrap();
    assert_eq!(tile.to_string(), "(_2,_2):(_1,_2)");
    let a = lay(final_layout);
    for m in 0..2 {
        for n in 0..2 {
            let sub = tile.call(&tup(&format!("({m},{n})"))).unwrap().value() + offset.value();
            let whole = a.call(&tup(&format!("({m},{})", n + 4))).unwrap().value();
            assert_eq!(sub, whole);
        }
    }
}

// =============================================================================================
// 004: the Chinese walkthrough of the layout algebra
// =============================================================================================

/// 004, "Layout / 应用示例": `make_layout(Layout<Shape<_8>>{}, Layout<Shape<_9>>{})` prints
/// `((_8),(_9)):((_1),(_1))`, size `_72`, cosize `_16`.
#[test]
fn seed004_make_layout_of_layouts() {
    check("make_layout((_8))", "(_8):(_1)");
    check(
        "make_layout((_8):(_1),(_9):(_1))",
        "((_8),(_9)):((_1),(_1))",
    );
    check("size(((_8),(_9)):((_1),(_1)))", "_72");
    check("cosize(((_8),(_9)):((_1),(_1)))", "_16");
}

/// 004, "合并 Coalesce": the four cases, and the derivation of the third: `(s0,s1):(d0,s0*d0)`
/// maps `(i,j)` to `(i + j*s0)*d0`.
#[test]
fn seed004_coalesce_cases() {
    check("coalesce((_4,_1):(_3,_5))", "_4:_3");
    check("coalesce((_1,_4):(_5,_3))", "_4:_3");
    check("coalesce((_4,_2):(_3,_12))", "_8:_3");
    check("coalesce((_4,_2):(_3,_11))", "(_4,_2):(_3,_11)");
    let l = lay("(4,2):(3,12)");
    for i in 0..4 {
        for j in 0..2 {
            let at = l.call(&tup(&format!("({i},{j})"))).unwrap().value();
            assert_eq!(at, (i + j * 4) * 3);
        }
    }
}

/// 004, "复合 Composition": the single-mode case `(a:b) o (s:d) = s:(b*d)` and the two worked
/// examples with their steps. The seed's `%5: (5,1):(16,4)` is C++'s `_5:_16` (static C++ drops
/// the extent-1 mode, "注意将Shape中为1的维度去掉").
#[test]
fn seed004_composition_examples() {
    check("composition(_7:_3,_5:_2)", "_5:_6");
    // 20:2 o (5,4):(4,1): "/4 : 5:8 ... %4: 4:2, 合并: (5,4):(8,2)"
    check("composition(_20:_2,_5:_4)", "_5:_8");
    check("composition(_20:_2,_4:_1)", "_4:_2");
    check("composition(_20:_2,(_5,_4):(_4,_1))", "(_5,_4):(_8,_2)");
    // (10,2):(16,4) o (5,4):(1,5): "/5: (2,2):(80,4)", "%5: (5,1):(16,4)", merged
    check("composition((_10,_2):(_16,_4),_4:_5)", "(_2,_2):(_80,_4)");
    check("composition((_10,_2):(_16,_4),_5:_1)", "_5:_16");
    check(
        "composition((_10,_2):(_16,_4),(_5,_4):(_1,_5))",
        "(_5,(_2,_2)):(_16,(_80,_4))",
    );
    check(
        "composition((10,2):(16,4),(5,4):(1,5))",
        "(5,(2,2)):(16,(80,4))",
    );
}

/// 004, "按模式复合": `composition((12,(4,8)):(59,(13,1)), (_3,_8))` is `(_3,(4,2)):(59,(13,1))`,
/// identical to composing `layout<0>` with `_3:_1` and `layout<1>` with `_8:_1`.
#[test]
fn seed004_by_mode_composition() {
    check(
        "composition((12,(4,8)):(59,(13,1)),(_3,_8))",
        "(_3,(4,2)):(59,(13,1))",
    );
    let a = lay("(12,(4,8)):(59,(13,1))");
    let same_r = Layout::concat([
        composition(&a.mode(0).unwrap(), &lay("_3:_1")).unwrap(),
        composition(&a.mode(1).unwrap(), &lay("_8:_1")).unwrap(),
    ])
    .unwrap();
    assert_eq!(same_r.to_string(), "(_3,(4,2)):(59,(13,1))");
}

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

// =============================================================================================
// 002: the categorical treatment (plain layout facts only)
// =============================================================================================

/// 002, "Layout Encoding": `L = (2,2):(1,2)` maps 0, 1, 2, 3 to themselves (`|f|(x) = x`).
#[test]
fn seed002_identity_layout() {
    assert_eq!(values(&lay("(2,2):(1,2)")), [0, 1, 2, 3]);
    // "Identity Morphism": (2,2,2):(1,2,4) is column-major, (2,2,2):(4,2,1) row-major
    check("make_layout((2,2,2))", "(2,2,2):(_1,2,4)");
    check("make_layout_right((2,2,2))", "(2,2,2):(4,2,_1)");
    // "Degenerate": (8,1,1):(1,8,8) is the layout 8:1
    check("coalesce((_8,_1,_1):(_1,_8,_8))", "_8:_1");
}

/// 002, "Isomorphism 2": composing `L = (2,2,2,4,4):(2,1,64,4,16)` with its inverse
/// `L_ = (2,2,4,4,2):(2,1,8,32,4)` prints `(2,2,4,4,2):(1,2,4,16,64)` (the CuTe DSL output
/// quoted in the seed), the column-major layout on T.
#[test]
fn seed002_isomorphism_composition() {
    check(
        "composition((2,2,2,4,4):(2,1,64,4,16),(2,2,4,4,2):(2,1,8,32,4))",
        "(2,2,4,4,2):(1,2,4,16,64)",
    );
    check(
        "composition((_2,_2,_2,_4,_4):(_2,_1,_64,_4,_16),(_2,_2,_4,_4,_2):(_2,_1,_8,_32,_4))",
        "(_2,_2,_4,_4,_2):(_1,_2,_4,_16,_64)",
    );
    assert_eq!(ev("make_layout((2,2,4,4,2))"), "(2,2,4,4,2):(_1,2,4,16,64)");
}

/// 002, "Morphism Sum": `Lf = (16,32):(1,16)` and `Lg = (4,4):(2,0)` (the seed's `1024` is the
/// stride of g's first mode, scaled past f's codomain) give `(16,32,4,4):(1,16,1024,0)`.
#[test]
fn seed002_sum_is_a_concatenation() {
    let sum = Layout::concat([lay("(16,32):(1,16)"), lay("(4,4):(1024,0)")]).unwrap();
    assert_eq!(sum.flatten().to_string(), "(16,32,4,4):(1,16,1024,0)");
}

/// 002, "Complement": `Lf = (32,32):(10,320)` with `size(T) = 163840` has the complement
/// `(10,16):(1,10240)`, which "up to sorting agrees with `Lg = (16,10):(10240,1)`"; "Complement
/// Def": `(256,512):(10,2560)` in `(10,256,512,512)` has the complement `(10,512):(1,1310720)`.
#[test]
fn seed002_complements() {
    check("complement((32,32):(10,320),163840)", "(10,16):(_1,10240)");
    assert_eq!(
        lay("(16,10):(10240,1)")
            .select(&[1, 0])
            .unwrap()
            .to_string(),
        "(10,16):(1,10240)"
    );
    check(
        "complement((256,512):(10,2560),671088640)",
        "(10,512):(_1,1310720)",
    );
}

// =============================================================================================
// The reference, section 2: printing and the static-ness rules (all-static forms)
// =============================================================================================

/// Ref §2.1: `make_layout` printing. `make_layout(make_shape(2,4))` is `(2,4):(_1,2)` (the first
/// compact stride is always static `_1`), `(_2,4)` gives `(_2,4):(_1,_2)`, `(2,_4)` gives
/// `(2,_4):(_1,2)`, `_8` gives `_8:_1`, `make_layout(_4,_-1)` is `_4:_-1`.
#[test]
fn ref2_printing() {
    check("make_layout((_2,_4))", "(_2,_4):(_1,_2)");
    check("make_layout((2,4))", "(2,4):(_1,2)");
    check("make_layout((_2,4))", "(_2,4):(_1,_2)");
    check("make_layout((2,_4))", "(2,_4):(_1,2)");
    check("make_layout(_8)", "_8:_1");
    check("make_layout(_4,_-1)", "_4:_-1");
    // rank-1 tuples print with parentheses, integers without
    check("make_layout((_8))", "(_8):(_1)");
    check("make_layout(8)", "8:_1");
}

/// Ref §2.3 R1: compact strides. All-static `(_4,_8,_1,_2)` gives `(_1,_4,_0,_32)` and
/// `(_2,_1,_3)` gives `(_1,_0,_2)`. (C++ gives `(_1,4,32,32)` and `(_1,2,2)` for the dynamic
/// shapes `(4,8,1,2)` and `(2,1,3)`; we deliberately apply the all-static rule: `(_1,4,0,32)`.)
#[test]
fn ref2_r1_compact_strides() {
    check("compact_col_major((_4,_8,_1,_2))", "(_1,_4,_0,_32)");
    check("make_layout((_2,_1,_3))", "(_2,_1,_3):(_1,_0,_2)");
    check("compact_col_major((4,8,1,2))", "(_1,4,0,32)");
    check("make_layout((2,1,3))", "(2,1,3):(_1,0,2)");
}

/// Ref §2.3 R2/R3: coalesce merges and drops by the all-static rule. C++ keeps
/// `coalesce((_2,1,_6):(_1,7,_2))` and `coalesce((2,4):(_1,2))` unchanged and a dynamic `1:5`;
/// the all-static forms give `_12:_1`, `_8:_1` and `_1:_0`. `filter((2,3):(0,1))` is unchanged
/// in C++; all-static `filter((_2,_3):(_0,_1))` is `_3:_1`.
#[test]
fn ref2_r2_r3_coalesce_and_filter() {
    check("coalesce((_2,_1,_6):(_1,_7,_2))", "_12:_1");
    check("coalesce((_2,_4):(_1,_2))", "_8:_1");
    check("coalesce(_1:_5)", "_1:_0");
    check("filter((_2,_3):(_0,_1))", "_3:_1");
    // our rule for the dynamic forms
    check("coalesce((2,1,6):(1,7,2))", "12:1");
    check("coalesce((2,4):(1,2))", "8:1");
    check("filter((2,3):(0,1))", "3:1");
}

/// Ref §2.3 R4: `(6,2):(8,2) o 3:1` is `(3,1):(8,2)` in dynamic C++; all-static `_3:_8`. The
/// doc's `(10,2):(16,4) o (5,4):(1,5)` is `(_5,(_2,_2)):(_16,(_80,_4))` static (dynamic C++
/// leaves `((5,1),(2,2))`).
#[test]
fn ref2_r4_composition_drops_static_ones() {
    check("composition((_6,_2):(_8,_2),_3:_1)", "_3:_8");
    check("composition((6,2):(8,2),3:1)", "3:8");
    check(
        "composition((_10,_2):(_16,_4),(_5,_4):(_1,_5))",
        "(_5,(_2,_2)):(_16,(_80,_4))",
    );
}

/// Ref §2.3 R5: `complement((_2,_2):(_1,_6), 24)` is `(_3,2):(_2,_12)` (the dynamic cotarget
/// makes the trailing mode dynamic), all-static `(_3,_2):(_2,_12)`; `complement(_64:_1,
/// (_32,_4,4))` is `(_2,4):(_64,_128)` in C++, whose shape coalesce keeps static and dynamic
/// pieces apart; all-static `(_32,_4,_4)` coalesces to `_8:_64`.
#[test]
fn ref2_r5_complement_static_ness() {
    check("complement((_2,_2):(_1,_6),_24)", "(_3,_2):(_2,_12)");
    check("complement((_2,_2):(_1,_6),24)", "(_3,2):(_2,_12)");
    check("complement(_64:_1,(_32,_4,_4))", "_8:_64");
    assert!(same_function(&lay("_8:_64"), &lay("(_2,4):(_64,_128)")));
}

/// Ref §2.3 R6/R7: C++ `right_inverse((2,4):(4,_1))` drops the dynamic stride (`4:2`); all-static
/// `(_2,_4):(_4,_1)` gives `(_4,_2):(_2,_1)`. C++ `max_common_vector` of `(_4,8)` with itself is
/// `_4`; all-static `(_4,_8)` gives `_32`.
#[test]
fn ref2_r6_r7_inverses_static_ness() {
    check("right_inverse((_2,_4):(_4,_1))", "(_4,_2):(_2,_1)");
    check("max_common_vector((_4,_8):(_1,_4),(_4,_8):(_1,_4))", "_32");
}

/// Ref §2.3 R10: `idx2crd` with a static `_1` extent gives `_0` for that mode; a static `_0`
/// coordinate keeps sums static.
#[test]
fn ref2_r10_static_results() {
    check("idx2crd(_3,(_1,_4))", "(_0,_3)");
    check("crd2idx((_0,_2),(_3,_4),(_1,_3))", "_6");
}

// =============================================================================================
// The reference, section 3: IntTuple operations
// =============================================================================================

/// Ref §3.1: shape queries. `get<0>(int)` is the int; `rank(int) = _1`, `depth(int) = _0`,
/// `product(()) = _1`; `product_each`, `inner_product`.
#[test]
fn ref3_shape_queries() {
    check("layout(_5:_1,0)", "_5:_1");
    check("get(_5,0)", "_5");
    check("rank(_5)", "_1");
    check("depth(_5)", "_0");
    check("rank((_2,(_3,_4)))", "_2");
    check("depth((_2,(_3,_4)))", "_2");
    check("size(())", "_1");
    check("size((_2,(_3,_4)))", "_24");
    check("product_each(((_2,_3),_4,(_5,(_1,_2))))", "(_6,_4,_10)");
    check("inner_product((_1,(_2,_3)),(_4,(_5,_6)))", "_32");
    assert_eq!(tup("(_2,(_3,_4))").sum().unwrap().to_string(), "_9");
}

/// Ref §3.2: `ceil_div((4,5,6),40)` is `(1,1,3)`; `shape_div((4,5,6),40)` is `(1,1,3)`;
/// `shape_div((_3,_6,_2,_8),_9)` is `(_1,_2,_2,_8)`, `/ _72` is `(_1,_1,_1,_4)`;
/// `shape_div(2,8) = 1`; pycute's `shape_div((3,4),6)` = `(1,2)`, `((3,4),6)/36` = `((1,1),2)`,
/// `(6,(3,4))/36` = `(1,(1,2))`; tuple/tuple ceil_div pads the divisor with 1s.
#[test]
fn ref3_division() {
    check("ceil_div((_4,_5,_6),_40)", "(_1,_1,_3)");
    check("shape_div((_4,_5,_6),_40)", "(_1,_1,_3)");
    check("shape_div((_3,_6,_2,_8),_9)", "(_1,_2,_2,_8)");
    check("shape_div((_3,_6,_2,_8),_72)", "(_1,_1,_1,_4)");
    check("shape_div(_2,_8)", "_1");
    check("shape_div((_3,_4),_6)", "(_1,_2)");
    check("shape_div(((_3,_4),_6),_36)", "((_1,_1),_2)");
    check("shape_div((_6,(_3,_4)),_36)", "(_1,(_1,_2))");
    check("ceil_div((_10,_7),(_4))", "(_3,_7)");
    check("ceil_div(_7,_2)", "_4");
}

/// Ref §3.2: `evenly_divides`: `(_32,_64)` is divided by `_128` and by `<8:2, 32>` but not by
/// `<8:3, 32>`; `16` is not divided by `12`. Our `evenly_divides` takes an int-tuple tiler; the
/// layout-tiler cases are checked through the documented `@post`:
/// `size(shape) == size(logical_divide(make_layout(shape), tiler))`.
#[test]
fn ref3_evenly_divides() {
    check("evenly_divides((_32,_64),_128)", "true");
    check("evenly_divides(_16,_12)", "false");
    check("evenly_divides((_32,_64),(_8,_32))", "true");
    let l = lay("(_32,_64):(_1,_32)");
    let divides =
        |t: &str| logical_divide(&l, &tiler(t)).unwrap().size().unwrap() == l.size().unwrap();
    assert!(divides("<_8:_2,_32:_1>"));
    assert!(!divides("<_8:_3,_32:_1>"));
}

/// Ref §3.3: `weakly_congruent`: `_1 <= (_1)`, `(_1) </= _1`, `(_1,_1) <= ((_2,_2),(_2,_2))`,
/// `(_1) </= (_1,_1)`; `compatible(_24,(_4,_6))` true, `compatible((_4,_6),_24)` false.
#[test]
fn ref3_profile_predicates() {
    check("weakly_congruent(_1,(_1))", "true");
    check("weakly_congruent((_1),_1)", "false");
    check("weakly_congruent((_1,_1),((_2,_2),(_2,_2)))", "true");
    check("weakly_congruent((_1),(_1,_1))", "false");
    check("compatible(_24,(_4,_6))", "true");
    check("compatible((_4,_6),_24)", "false");
    check("congruent((_2,(_3,_4)),(_1,(_1,_1)))", "true");
}

/// Ref §3.4: `group<2,4>` of `(1,2,3,4,5,6)` is `(1,2,(3,4),5,6)`; `zip` transposes
/// `((2,3),(4,5))` to `((2,4),(3,5))`; `zip2_by` of `((A,a),((B,b),(C,c)),d)` with guide
/// `(X,(X,X))` is `((A,(B,C)),(a,(b,c),d))`.
#[test]
fn ref3_restructuring() {
    check(
        "group((_1,_2,_3,_4,_5,_6):(_1,_1,_2,_6,_24,_120),2,4)",
        "(_1,_2,(_3,_4),_5,_6):(_1,_1,(_2,_6),_24,_120)",
    );
    check(
        "zip(((_2,_3),(_4,_5)):((_1,_2),(_6,_24)))",
        "((_2,_4),(_3,_5)):((_1,_6),(_2,_24))",
    );
    let l = lay("((_2,_3),((_4,_5),(_6,_7)),_8):((_1,_2),((_3,_4),(_5,_6)),_7)");
    assert_eq!(
        tile_unzip(&l, &tiler("<_,<_,_>>")).unwrap().to_string(),
        "((_2,(_4,_6)),(_3,(_5,_7),_8)):((_1,(_3,_5)),(_2,(_4,_6),_7))"
    );
}

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

/// Ref §3.6: coordinate maps. `((2,2),3):((1,10),100)(13) = 301` (the last mode is not
/// wrapped); `crd2idx((1,5),(2,3)) = 11`; `idx2crd(7,(2,3)) = (1,3)`; the doc's shape
/// `(_3,(_2,_3))` examples; `crd2crd((1,5),(3,6),(2,(3,3))) = (1,(2,1))`; `compact_row_major`
/// of `(_4,(_8,_1,(_2,_3)))`; `compact_order`: `(2,3)` with `(_0,_0)` gives `(_1,_1)`.
/// (`idx2crd(i, shape, stride)` with a stride is not provided.)
#[test]
fn ref3_coordinate_maps() {
    check("crd2idx(((_2,_2),_3):((_1,_10),_100),_13)", "_301");
    check("crd2idx(((2,2),3):((1,10),100),13)", "301");
    check("crd2idx((_1,_5),(_2,_3))", "_11");
    check("idx2crd(_7,(_2,_3))", "(_1,_3)");
    check("idx2crd(16,(_3,(_2,_3)))", "(1,(1,2))");
    check("idx2crd(_16,(_3,(_2,_3)))", "(_1,(_1,_2))");
    check("idx2crd((_1,5),(_3,(_2,_3)))", "(_1,(1,2))");
    let (s, d) = ("(_3,(_2,_3))", "(_3,(_12,_1))");
    check(&format!("crd2idx(16,{s},{d})"), "17");
    check(&format!("crd2idx((1,5),{s},{d})"), "17");
    check(&format!("crd2idx((1,(1,2)),{s},{d})"), "17");
    check(&format!("crd2idx((_1,(_1,_2)),{s},{d})"), "_17");
    check(&format!("crd2idx((_1,5),{s},{d})"), "17");
    check("crd2crd((_1,_5),(_3,_6),(_2,(_3,_3)))", "(_1,(_2,_1))");
    check(
        "compact_row_major((_4,(_8,_1,(_2,_3))))",
        "(_48,(_6,_0,(_3,_1)))",
    );
    check("make_ordered_layout((_2,_3),(_0,_0))", "(_2,_3):(_1,_1)");
}

// =============================================================================================
// The reference, section 4: layout construction and manipulation
// =============================================================================================

/// Ref §4.1: constructors. LayoutRight `(2,3)` is `(2,3):(3,_1)`, `(_2,_3,_4)` is
/// `(_12,_4,_1)`; `make_layout(L0)` wraps (`_4:_2` → `(_4):(_2)`); concatenation
/// `(2:3, (4,5):(_1,4))`; `make_ordered_layout` header examples. For `(2,3,4,5)` with
/// `(_2,67,42,_50)` C++ ignores the dynamic priorities (`(_1,10,30,2)`); all-static priorities
/// give `(_1,_40,_2,_8)`.
#[test]
fn ref4_constructors() {
    check("make_layout_right((2,3))", "(2,3):(3,_1)");
    check("make_layout_right((_2,_3))", "(_2,_3):(_3,_1)");
    check("make_layout_right((_2,_3,_4))", "(_2,_3,_4):(_12,_4,_1)");
    check("make_layout(_4:_2)", "(_4):(_2)");
    check("make_layout(2:3,(4,5):(_1,4))", "(2,(4,5)):(3,(_1,4))");
    check(
        "make_ordered_layout((_2,_2,_2,_2),(_0,_2,_3,_1))",
        "(_2,_2,_2,_2):(_1,_4,_8,_2)",
    );
    check(
        "make_ordered_layout((_2,_3,_4,_5),(_2,_67,_42,_50))",
        "(_2,_3,_4,_5):(_1,_40,_2,_8)",
    );
    // §15: LayoutRight ignores the hierarchy; the col-major version of (2,(2,2))
    check("make_layout_right((2,(2,2)))", "(2,(2,2)):(4,(2,_1))");
    check("make_layout((2,(2,2)))", "(2,(2,2)):(_1,(2,4))");
}

/// Ref §4.2: `L.with_shape((_2,_6))` of `(_4,_3)` is `(_2,_6):(_1,_2)`; on
/// `(2,(3,4)):(12,(1,3))` index 5 has the hierarchical coordinate `(0,(2,1))` and the flat
/// coordinate `(0,5)`; on `(2,3):(3,1)` index 4 is `(1,1)`, whose 1-D coordinate is 3.
#[test]
fn ref4_member_functions() {
    // `with_shape(s)` is `composition(L, make_layout(s))`
    check(
        "composition((_4,_3):(_1,_4),(_2,_6):(_1,_2))",
        "(_2,_6):(_1,_2)",
    );
    // (a shape tiler is by-mode instead: <_2:_1,_6:_1> keeps A's strides)
    check("composition((_4,_3):(_1,_4),(_2,_6))", "(_2,_6):(_1,_4)");
}

/// Ref §4.2 (continued): coordinates of an index in compact layouts.
#[test]
fn ref4_coordinates_of_an_index() {
    let l = lay("(2,(3,4)):(12,(1,3))");
    assert_eq!(l.call(&tup("(0,(2,1))")).unwrap().value(), 5);
    assert_eq!(l.call(&tup("(0,5)")).unwrap().value(), 5);
    let l = lay("(2,3):(3,1)");
    assert_eq!(l.call(&tup("(1,1)")).unwrap().value(), 4);
    assert_eq!(
        crd2idx_shape(&tup("(1,1)"), &tup("(2,3)")).unwrap().value(),
        3
    );
}

/// Ref §4.3: `cosize(4:-1) = 4`, `cosize(0:1) = 0`.
#[test]
fn ref4_cosize() {
    check("cosize(_4:_-1)", "_4");
    check("cosize(_0:_1)", "_0");
    check("cosize((_4,(_3,_2)):(_2,(_8,_1)))", "_24");
}

/// Ref §4.4: slicing `(2,(3,4)):(12,(1,3))`: `L(_,1)` is `(2):(12)`, `L(1,_)` is
/// `((3,4)):((1,3))`, `L(_,(_,2))` is `(2,3):(12,1)`, `slice_and_offset((1,(_,2)), L)` is
/// `((3):(1), 18)`; full slices; the tensor examples on
/// `((_3,2),(2,_5,_2)):((4,1),(_2,13,100))`, here all-static.
#[test]
fn ref4_slicing() {
    let l = "(_2,(_3,_4)):(_12,(_1,_3))";
    check(&format!("slice((_,1),{l})"), "(_2):(_12)");
    check(&format!("slice((1,_),{l})"), "((_3,_4)):((_1,_3))");
    check(&format!("slice((_,(_,2)),{l})"), "(_2,_3):(_12,_1)");
    check(&format!("slice_and_offset((1,(_,2)),{l})"), "(_3):(_1)+18");
    check(&format!("dice((_,1),{l})"), "((_3,_4)):((_1,_3))");
    check("slice((_,_),(_2,_3):(_1,_2))", "(_2,_3):(_1,_2)");
    check("slice(_,_6:_1)", "_6:_1");
    let t = "((_3,_2),(_2,_5,_2)):((_4,_1),(_2,_13,_100))";
    check(&format!("slice((2,_),{t})"), "((_2,_5,_2)):((_2,_13,_100))");
    check(&format!("slice(((_,_),5),{t})"), "(_3,_2):(_4,_1)");
    check(&format!("slice(((_,1),(0,_,1)),{t})"), "(_3,_5):(_4,_13)");
}

/// Ref §4.5 and §15: `take`, `select` (CuTe's transpose is `select<1,0>`), `group<0,2>` of
/// `(_2,_3,_5,_7):(_1,_2,_6,_30)`, `flatten`, `append(L)` adds `_1:_0`.
#[test]
fn ref4_mode_manipulation() {
    check("take((_2,_3,_4):(_1,_2,_6),1,3)", "(_3,_4):(_2,_6)");
    check("select((_2,_3):(_1,_2),1,0)", "(_3,_2):(_2,_1)");
    check(
        "group((_2,_3,_5,_7):(_1,_2,_6,_30),0,2)",
        "((_2,_3),_5,_7):((_1,_2),_6,_30)",
    );
    check(
        "flatten(((_2,_3),(_4,(_5,_6))):((_1,_2),(_6,(_24,_120))))",
        "(_2,_3,_4,_5,_6):(_1,_2,_6,_24,_120)",
    );
    check("append((_2,_3):(_1,_2))", "(_2,_3,_1):(_1,_2,_0)");
}

// =============================================================================================
// The reference, section 5: coalesce and filter
// =============================================================================================

/// Ref §5: observed coalesce results, by-mode coalesce, `filter_zeros`, `filter`, and
/// `coalesce_x` (internal; seen through composition: `(_4,_3,_1):(_3,_1,_0) o _24:_1`).
#[test]
fn ref5_coalesce_and_filter() {
    check("coalesce((_2,(_1,_6)):(_1,(_6,_2)))", "_12:_1");
    check(
        "coalesce(((_2,_2),(_2,_2)):((_1,_4),(_8,_32)))",
        "(_2,_4,_2):(_1,_4,_32)",
    );
    check("coalesce((_4,_1):(_1,_0))", "_4:_1");
    check("coalesce((_1,_1):(_3,_5))", "_1:_0");
    check("coalesce((_2,_4):(_4,_1))", "(_2,_4):(_4,_1)");
    check("coalesce((_1,_4):(_5,_2))", "_4:_2");
    check(
        "coalesce((_2,(_1,_6)):(_1,(_6,_2)),(_1,_1))",
        "(_2,_6):(_1,_2)",
    );
    check(
        "filter_zeros((_2,_3,_4):(_0,_1,_3))",
        "(_1,_3,_4):(_0,_1,_3)",
    );
    check("filter((_2,_3,_4):(_0,_1,_3))", "_12:_1");
    check(
        "composition((_4,_3,_1):(_3,_1,_0),_24:_1)",
        "(_4,_3,_2):(_3,_1,_0)",
    );
}

// =============================================================================================
// The reference, section 6: composition
// =============================================================================================

/// Ref §6: the observed composition table (all-static). `(6,2):(8,2) o (4,3):(3,1)` is
/// `((2,2),(3,1)):((24,2),(8,2))` in dynamic C++; `(128,24,5):(1,128,3072) o 64:2` is
/// `(64,1,1):(2,128,3072)` in dynamic C++, all-static `_64:_2`.
#[test]
fn ref6_composition_table() {
    let table = [
        (
            "(_6,_2):(_8,_2)",
            "(_4,_3):(_3,_1)",
            "((_2,_2),_3):((_24,_2),_8)",
        ),
        (
            "(_10,_2):(_16,_4)",
            "(_5,_4):(_1,_5)",
            "(_5,(_2,_2)):(_16,(_80,_4))",
        ),
        ("_20:_2", "(_5,_4):(_4,_1)", "(_5,_4):(_8,_2)"),
        (
            "(_12,(_4,_8)):(_59,(_13,_1))",
            "<_3:_4,_8:_2>",
            "(_3,(_2,_4)):(_236,(_26,_1))",
        ),
        (
            "(_12,(_4,_8)):(_59,(_13,_1))",
            "(_3,_8)",
            "(_3,(_4,_2)):(_59,(_13,_1))",
        ),
        ("(_4,_3):(_3,_1)", "_24:_1", "(_4,_6):(_3,_1)"),
        ("(_4,_3):(_3,_1)", "_8:_1", "(_4,_2):(_3,_1)"),
        ("(_4,_6,_8,_10):(_2,_3,_5,_7)", "_6:_12", "(_2,_3):(_9,_5)"),
        ("(_4,_3,_1):(_3,_1,_0)", "_24:_1", "(_4,_3,_2):(_3,_1,_0)"),
        ("(_128,_24,_5):(_1,_128,_3072)", "_64:_2", "_64:_2"),
        ("_4:_-1", "_4:_1", "_4:_-1"),
        ("(_1,(_2,_4)):(_0,(_-1,_512))", "_2:_-1", "_2:_1"),
        ("_1:_0", "_4:_1", "_4:_0"),
    ];
    for (a, b, r) in table {
        let expr = format!("composition({a},{b})");
        check(&expr, r);
        // the contract: R(i) == A(B(i)) for every i < size(B)
        if !b.starts_with('<') && !b.starts_with("(_3,_8)") {
            let (a, b, r) = (lay(a), lay(b), lay(r));
            for i in 0..b.size().unwrap().value() {
                assert_eq!(r.eval(i).unwrap(), a.eval(b.eval(i).unwrap()).unwrap());
            }
            assert!(b.shape().compatible(r.shape()), "{expr}");
        }
    }
    assert!(same_function(&lay("_64:_2"), &lay("(64,1,1):(2,128,3072)")));
}

/// Ref §6: tiler forms. A tuple tiler drops the modes of A beyond it
/// (`composition((12,5,7):(1,12,60), <3:1>)` is `(_3):(_1)`; pycute would keep them);
/// `composition(A, _)` is A; `composition(12:1, 5)` is `5:1`; the result is not coalesced
/// across B's modes; `(_8,_8):(_8,_1) o _3:_3` passes the weak divisibility check (`_3:_24`).
#[test]
fn ref6_composition_tilers() {
    check("composition((_12,_5,_7):(_1,_12,_60),<_3:_1>)", "(_3):(_1)");
    check("composition((_12,_5):(_1,_12),_)", "(_12,_5):(_1,_12)");
    check("composition((_12,_5):(_1,_12),<_,_2>)", "(_12,_2):(_1,_12)");
    check("composition(_12:_1,_5)", "_5:_1");
    check("composition((_2,_3):(_3,_1),_12:_1)", "(_2,_6):(_3,_1)");
    check("composition((_8,_8):(_8,_1),_3:_3)", "_3:_24");
}

// =============================================================================================
// The reference, section 7: complement
// =============================================================================================

/// Ref §7: the observed complement table, all-static. Dynamic rows: `12:_1` with `53` is `5:12`
/// (all-static `_5:_12`), `12:2` with `128` is `(2,6):(_1,24)`, `12:_2` with `53` is
/// `(_2,3):(_1,24)`, `(3,6):(_1,_9)` with the default cotarget is `(3,1):(3,54)` in C++
/// (all-static `_3:_3`, the same function); `_4:_2` with `(_2,2)` is `(_2,1):(_1,_8)` in C++
/// (all-static `_2:_1`); `_1:_0` with `(_2,2)` is `(_2,2):(_1,_2)` (all-static `_4:_1`).
#[test]
fn ref7_complement_table() {
    let table = [
        ("_4:_1", "_24", "_6:_4"),
        ("_6:_4", "_24", "_4:_1"),
        ("(_4,_6):(_1,_4)", "_24", "_1:_0"),
        ("_4:_2", "_24", "(_2,_3):(_1,_8)"),
        ("_4:_2", "_19", "(_2,_3):(_1,_8)"),
        ("_4:_2", "(_2,_2)", "_2:_1"),
        ("(_2,_4):(_1,_6)", "_24", "_3:_2"),
        ("(_2,_2):(_1,_6)", "_24", "(_3,_2):(_2,_12)"),
        ("_4:_0", "_8", "_8:_1"),
        ("_1:_0", "(_2,_2)", "_4:_1"),
        ("(_2,_4,_8):(_8,_1,_0)", "_460", "(_2,_29):(_4,_16)"),
        ("_12:_1", "_53", "_5:_12"),
        ("_12:_2", "_128", "(_2,_6):(_1,_24)"),
        ("_12:_2", "_53", "(_2,_3):(_1,_24)"),
        ("_64:_1", "(_32,_4,_4)", "_8:_64"),
    ];
    for (l, cotarget, r) in table {
        check(&format!("complement({l},{cotarget})"), r);
        let n = tup(cotarget).size().unwrap().value();
        assert_complement_postconditions(&lay(l), &lay(r), n);
    }
    // the default cotarget, cosize(filter(L))
    check("complement(_4:_2)", "_2:_1");
    check("complement((_4,_2):(_1,_10))", "_2:_4");
    check("complement((_3,_6):(_1,_9))", "_3:_3");
    assert!(same_function(&lay("_3:_3"), &lay("(3,1):(3,54)")));
    // mixed static-ness, as C++ prints it
    check("complement(12:2,128)", "(2,6):(_1,24)");
}

// =============================================================================================
// The reference, section 8: inverses and related
// =============================================================================================

/// Ref §8: `right_inverse` observed results. (C++ `(4,2):(_1,4)` drops the dynamic stride and
/// gives `4:_1`; all-static `(_4,_2):(_1,_4)` gives `_8:_1`.)
#[test]
fn ref8_right_inverse() {
    let table = [
        ("(_8,_4):(_4,_1)", "(_4,_8):(_8,_1)"),
        ("(_4,_2):(_1,_5)", "_4:_1"),
        ("(_2,_4,_6):(_4,_1,_8)", "(_4,_2,_6):(_2,_1,_8)"),
        ("(_2,_4):(_0,_2)", "_1:_0"),
        ("_4:_2", "_1:_0"),
        ("_4:_-1", "_1:_0"),
        ("(_4,_2):(_1,_4)", "_8:_1"),
    ];
    for (l, r) in table {
        check(&format!("right_inverse({l})"), r);
        let (l, r) = (lay(l), lay(r));
        for i in 0..r.size().unwrap().value() {
            assert_eq!(l.eval(r.eval(i).unwrap()).unwrap(), i, "L(R({i}))");
        }
    }
}

/// Ref §8: `left_inverse` observed results, with `L(R(L(i))) == L(i)`.
#[test]
fn ref8_left_inverse() {
    let table = [
        ("(_8,_4):(_4,_1)", "(_4,_8):(_8,_1)"),
        ("(_4,_2):(_1,_5)", "(_5,_2):(_1,_4)"),
        ("(_4,_2):(_1,_16)", "(_16,_2):(_1,_4)"),
        ("(_2,_4,_4,_6):(_4,_1,_0,_8)", "(_4,_2,_6):(_2,_1,_32)"),
        ("_4:_2", "(_2,_4):(_0,_1)"),
        ("(_3,_7):(_0,_0)", "_21:_0"),
        ("_4:_-1", "(_-1,_4):(_0,_1)"),
    ];
    for (l, r) in table {
        check(&format!("left_inverse({l})"), r);
        let (l, r) = (lay(l), lay(r));
        for i in 0..l.size().unwrap().value() {
            let li = l.eval(i).unwrap();
            assert_eq!(l.eval(r.eval(li).unwrap()).unwrap(), li, "L(R(L({i})))");
        }
    }
}

/// Ref §8: `max_common_layout`, `max_common_vector`, `nullspace`.
#[test]
fn ref8_common_and_nullspace() {
    check(
        "max_common_layout((_4,_8):(_1,_4),(_4,_8):(_1,_4))",
        "_32:_1",
    );
    check(
        "max_common_layout((_8,_4):(_4,_1),(_8,_4):(_4,_1))",
        "(_4,_8):(_8,_1)",
    );
    check("max_common_vector((_4,_8):(_1,_4),(_4,_8):(_1,_4))", "_32");
    check("max_common_vector((_4,_8):(_1,_4),(_4,_8):(_8,_1))", "_1");
    check("nullspace((_2,_2,_2):(_1,_0,_2))", "_2:_2");
    check("nullspace((_7,_5,_16):(_3,_1,_0))", "_16:_35");
}

// =============================================================================================
// The reference, section 9: divides
// =============================================================================================

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

/// Ref §9: `ceil_div(target, T)` is the shape of `complement(T, shape(target))`:
/// `ceil_div(_100, _32:_1)` is `_4`, `ceil_div((100,50), _32:_1)` is `200`.
#[test]
fn ref9_ceil_div_by_a_layout() {
    let rest = |target: &str| {
        complement(&lay("_32:_1"), &tup(target))
            .unwrap()
            .shape()
            .to_string()
    };
    assert_eq!(rest("_100"), "_4");
    assert_eq!(rest("(100,50)"), "200");
}

/// Ref §12 (the partitioning table, as a check of divides and slicing): on `T = (8,6):(_1,8)`,
/// `local_tile(T,(_4,_3),(1,1))` is `(_4,_3):(_1,8)` at offset 28, `T(_,2)` is `(8):(_1)` at 16,
/// `zipped_divide(T,(_4,_3))` is `((_4,_3),(2,2)):((_1,8),(_4,24))`.
#[test]
fn ref12_local_tile() {
    let zd = ev("zipped_divide((8,6):(_1,8),(_4,_3))");
    assert_eq!(zd, "((_4,_3),(2,2)):((_1,8),(_4,24))");
    // local_tile slices the rest mode with `(repeat<rank0>(_), coord)`
    check(
        &format!("slice_and_offset(((_,_),(1,1)),{zd})"),
        "(_4,_3):(_1,8)+28",
    );
    check(
        &format!("slice_and_offset(((_,_),3),{zd})"),
        "(_4,_3):(_1,8)+28",
    );
    // a single `_` keeps the tile mode as one mode
    check(
        &format!("slice_and_offset((_,(1,1)),{zd})"),
        "((_4,_3)):((_1,8))+28",
    );
    check("slice_and_offset((_,2),(8,6):(_1,8))", "(8):(_1)+16");
}

// =============================================================================================
// The reference, section 10: products
// =============================================================================================

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
