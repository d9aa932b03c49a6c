//! IntTuple operations (`shape_div`, `shape_mod`, profile predicates, restructuring,
//! `filter_zeros`, coordinate maps): the facts of the C++ reference.

use crate::common::{check, lay, refused, tiler, tup};
use cute_layout::{logical_divide, tile_unzip};

// From seed 001, CuTe's "CuTe Layout Algebra" documentation (../shared/seeds/).
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

// From seed 001, CuTe's "CuTe Layout Algebra" documentation (../shared/seeds/).
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

// From the C++ reference (cute-cpp-semantics.md) section 3, IntTuple operations.
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

// From the C++ reference (cute-cpp-semantics.md) section 3, IntTuple operations.
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

// From the C++ reference (cute-cpp-semantics.md) section 3, IntTuple operations.
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

// From the C++ reference (cute-cpp-semantics.md) section 3, IntTuple operations.
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

// From the C++ reference (cute-cpp-semantics.md) section 3, IntTuple operations.
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

// From the C++ reference (cute-cpp-semantics.md) section 3, IntTuple operations.
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

// From cargo mutants, a survivor in the algebra (docs/dev/mutation-testing.md).
#[test]
fn filter_zeros_checks_the_profile_rank() {
    refused(
        "filter_zeros((2,3):(1,2),(1,0,1))",
        &["filter_zeros", "profile (1,0,1) does not match shape (2,3)"],
    );
}

// From cargo mutants, a survivor in the algebra (docs/dev/mutation-testing.md).
#[test]
fn filter_zeros_tags_mixed_inputs_dynamic() {
    // the replaced extent is static only when the profile's zero is static too
    check("filter_zeros((_2,_3):(_1,_2),(1,0))", "(_2,1):(_1,_2)");
    check("filter_zeros((_2,_3):(_1,_2),(_1,_0))", "(_2,_1):(_1,_2)");
    // ... and static when it is, whatever the extent's tag (C++: `(2,_1):(1,2)`)
    check("filter_zeros((2,3):(1,2),(_1,_0))", "(2,_1):(1,2)");
    check(
        "filter_zeros((2,(3,4)):(1,(2,6)),(1,_0))",
        "(2,(_1,_1)):(1,(2,6))",
    );
}
