//! Every error condition of the library: each test gets the `Err`, checks its innermost cause
//! with `LayoutError::root`, and checks that the message names the operation and the numbers.
//!
//! The conditions follow the error catalogue of the C++ reference (§13 of
//! `../shared/reference/cute-cpp-semantics.md`), the post-conditions C++ does not check, and
//! the failures a run-time library adds (overflow, division by zero, parsing, nesting).

use crate::common::{fails, lay, tiler, tup};
use cute_layout::notation::Parser;
use cute_layout::{
    blocked_product, complement, composition, composition_tiler, crd2idx, idx2crd, left_inverse,
    logical_divide, logical_product, raked_product, tile_to_shape, Coord, Int, IntTuple, Layout,
    LayoutError, Tiler, MAX_DEPTH,
};
use cute_tools::eval::eval;

/// Asserts that the message of `e` contains every part.
#[track_caller]
fn mentions(e: &LayoutError, parts: &[&str]) {
    let msg = e.to_string();
    for p in parts {
        assert!(msg.contains(p), "{p:?} is missing from the message {msg:?}");
    }
}

/// `n` nested parentheses around `inner`.
fn nested(n: usize, inner: &str) -> String {
    format!("{}{inner}{}", "(".repeat(n), ")".repeat(n))
}

// ---------------------------------------------------------------------------------------------
// composition
// ---------------------------------------------------------------------------------------------

/// §13: "Stride Divisibility Condition", `(_4,_8):(_1,_5) o _2:_6`: the stride 6 neither
/// divides nor is below the extent 4.
#[test]
fn composition_stride_divisibility() {
    let e = fails("composition((_4,_8):(_1,_5),_2:_6)");
    match e.root() {
        LayoutError::Divisibility { op, condition, .. } => {
            assert_eq!(*op, "composition");
            assert_eq!(*condition, "Stride Divisibility Condition");
        }
        other => panic!("wrong error {other:?}"),
    }
    mentions(
        &e,
        &[
            "composition",
            "Stride Divisibility Condition",
            "_6",
            "extent _4",
        ],
    );
    // the same through the library call, with dynamic integers
    let e = composition(&lay("(4,8):(1,5)"), &lay("2:6")).unwrap_err();
    assert!(matches!(e.root(), LayoutError::Divisibility { .. }));
    mentions(&e, &["Stride Divisibility Condition", "6", "4"]);
}

/// §13: "Shape Divisibility Condition", `(_8,_8):(_8,_1) o _4:_3`: B needs 4 elements but A's
/// first mode provides 3, which does not divide 4.
#[test]
fn composition_shape_divisibility() {
    let e = fails("composition((_8,_8):(_8,_1),_4:_3)");
    match e.root() {
        LayoutError::Divisibility { op, condition, .. } => {
            assert_eq!(*op, "composition");
            assert_eq!(*condition, "Shape Divisibility Condition");
        }
        other => panic!("wrong error {other:?}"),
    }
    mentions(
        &e,
        &["composition", "Shape Divisibility Condition", "_4", "_3"],
    );
    // while `_3:_3` passes the weak check
    assert_eq!(
        eval("composition((_8,_8):(_8,_1),_3:_3)")
            .unwrap()
            .to_string(),
        "_3:_24"
    );
}

/// The post-condition C++ does not check: `(5,2,2):(2,1,10) o 6:2`. The stride 2 does not
/// divide the extent 5 that B runs past; C++ returns `(3,2):(4,1)`, which is not `A o B`.
#[test]
fn composition_postcondition_stride_does_not_divide() {
    for expr in [
        "composition((5,2,2):(2,1,10),6:2)",
        "composition((_5,_2,_2):(_2,_1,_10),_6:_2)",
    ] {
        let e = fails(expr);
        assert!(
            matches!(
                e.root(),
                LayoutError::Postcondition {
                    op: "composition",
                    ..
                }
            ),
            "{e:?}"
        );
        let t = if expr.contains('_') { "_" } else { "" };
        mentions(
            &e,
            &[
                "composition",
                &format!("B's mode {t}6:{t}2"),
                &format!("stride {t}2"),
                &format!("extent {t}5"),
            ],
        );
    }
    // what C++ returns is indeed not A o B
    let (a, b, cpp) = (lay("(5,2,2):(2,1,10)"), lay("6:2"), lay("(3,2):(4,1)"));
    assert!((0..6).any(|i| cpp.eval(i).unwrap() != a.eval(b.eval(i).unwrap()).unwrap()));
}

/// The post-condition C++ does not check: the images of B's modes carry across a mode of A
/// (here B is not injective), so composition does not distribute over B's modes.
#[test]
fn composition_postcondition_carry() {
    let e = fails("composition((2,2):(1,10),(2,2):(1,1))");
    assert!(
        matches!(
            e.root(),
            LayoutError::Postcondition {
                op: "composition",
                ..
            }
        ),
        "{e:?}"
    );
    // the message names the wrong layout and the index where it differs
    mentions(
        &e,
        &["composition", "(2,2):(1,1)", "R(3) = 2", "A(B(3)) = 10"],
    );
}

/// A tuple tiler with more modes than the layout (C++: an unnamed static_assert).
#[test]
fn composition_too_many_tiler_modes() {
    let e = fails("composition(8:1,<2,2>)");
    assert_eq!(
        e.root(),
        &LayoutError::TooManyTilerModes {
            op: "composition",
            tiler_rank: 2,
            layout_rank: 1
        }
    );
    mentions(
        &e,
        &["composition", "too many modes in tiler", "rank 2", "rank 1"],
    );
    let e = composition_tiler(&lay("(8,4):(1,8)"), &tiler("<2,2,2>")).unwrap_err();
    assert_eq!(
        e.root(),
        &LayoutError::TooManyTilerModes {
            op: "composition",
            tiler_rank: 3,
            layout_rank: 2
        }
    );
}

/// An error inside a by-mode composition names the mode it happened in, outside-in.
#[test]
fn composition_error_inside_a_mode() {
    let e = composition_tiler(&lay("(8,(_8,_8)):(1,(_8,_1))"), &tiler("<_,_4:_3>")).unwrap_err();
    assert!(matches!(e.root(), LayoutError::Divisibility { .. }));
    assert!(
        matches!(&e, LayoutError::Within { context, .. } if context.contains("mode 1")),
        "{e:?}"
    );
    mentions(&e, &["composition, mode 1", "Shape Divisibility Condition"]);
}

// ---------------------------------------------------------------------------------------------
// shape_div
// ---------------------------------------------------------------------------------------------

/// §13: "Divisibility Condition" of `shape_div` on a pair of integers (`shape_div(_6,_4)`).
#[test]
fn shape_div_divisibility() {
    for expr in [
        "shape_div(_6,_4)",
        "shape_div(6,4)",
        "shape_div((_3,_6),_4)",
    ] {
        let e = fails(expr);
        assert!(
            matches!(
                e.root(),
                LayoutError::Divisibility {
                    op: "shape_div",
                    condition: "Divisibility Condition",
                    ..
                }
            ),
            "{expr}: {e:?}"
        );
        mentions(&e, &["shape_div", "Divisibility Condition"]);
    }
    mentions(
        &fails("shape_div(6,4)"),
        &["neither 6 nor 4 divides the other"],
    );
    // tuple / tuple needs equal ranks
    let e = fails("shape_div((2,3),(1,2,3))");
    assert!(matches!(
        e.root(),
        LayoutError::RankMismatch {
            op: "shape_div",
            ..
        }
    ));
    mentions(&e, &["shape_div", "rank 2", "rank 3"]);
}

// ---------------------------------------------------------------------------------------------
// complement
// ---------------------------------------------------------------------------------------------

/// §13: "Non-injective Layout detected in complement." for `(2,2):(2,3)` (injective but
/// interleaved), `(2,2):(1,1)` with 8 (not injective) and the catalogue's
/// `((_2,_2),(_2,_2)):((_1,_8),(_8,_4))`.
#[test]
fn complement_non_injective() {
    for (expr, numbers) in [
        ("complement((2,2):(2,3))", ["2:3", "4"]),
        ("complement((_2,_2):(_2,_3),_8)", ["_2:_3", "_4"]),
        ("complement((2,2):(1,1),8)", ["2:1", "2"]),
        (
            "complement(((_2,_2),(_2,_2)):((_1,_8),(_8,_4)),_64)",
            ["_2:_8", "_16"],
        ),
    ] {
        let e = fails(expr);
        assert!(
            matches!(
                e.root(),
                LayoutError::NonInjective {
                    op: "complement",
                    ..
                }
            ),
            "{expr}: {e:?}"
        );
        mentions(
            &e,
            &["complement", "Non-injective Layout detected in complement"],
        );
        mentions(&e, &numbers);
    }
    let e = complement(&lay("(2,2):(2,3)"), &tup("12")).unwrap_err();
    mentions(&e, &["(2,2):(2,3)"]);
}

/// Strides that are not multiples of the previous span: C++ floors the division and returns
/// `(2,2):(1,10)` for `(2,2):(2,5)` with cotarget 20, which leaves holes (its concatenation with
/// L has cosize 19 < 20) and breaks the post-conditions; we return an error.
#[test]
fn complement_non_divisible_strides() {
    let e = fails("complement((2,2):(2,5),20)");
    assert!(
        matches!(
            e.root(),
            LayoutError::Postcondition {
                op: "complement",
                ..
            }
        ),
        "{e:?}"
    );
    mentions(&e, &["complement", "(2,2):(2,5)", "20"]);
    // whereas a floor that keeps the post-conditions is accepted, as in C++
    assert_eq!(
        eval("complement((_4,_2):(_1,_10))").unwrap().to_string(),
        "_2:_4"
    );
}

/// Negative strides have no complement.
#[test]
fn complement_negative_stride() {
    for (expr, stride) in [
        ("complement(4:-1,8)", "-1"),
        ("complement((_2,_2):(_1,_-2),_8)", "_-2"),
    ] {
        let e = fails(expr);
        assert!(
            matches!(
                e.root(),
                LayoutError::InvalidArgument {
                    op: "complement",
                    ..
                }
            ),
            "{e:?}"
        );
        mentions(&e, &["complement", "negative stride", stride]);
    }
}

/// Errors of the complement surface through the divides and products built on it, outside-in.
#[test]
fn complement_errors_propagate() {
    let e = logical_product(&lay("(2,2):(2,3)"), &tiler("2:1")).unwrap_err();
    assert!(matches!(e.root(), LayoutError::NonInjective { .. }));
    mentions(&e, &["logical_product", "complement", "(2,2):(2,3)"]);
    let e = logical_divide(&lay("16:1"), &tiler("(2,2):(2,3)")).unwrap_err();
    assert!(matches!(e.root(), LayoutError::NonInjective { .. }));
    mentions(&e, &["logical_divide", "complement"]);
}

// ---------------------------------------------------------------------------------------------
// inverses
// ---------------------------------------------------------------------------------------------

/// §13: "Left inverse divisibility condition", `left_inverse((2,2):(2,3))`: the stride 3 is not
/// a multiple of 2.
#[test]
fn left_inverse_divisibility() {
    for expr in ["left_inverse((2,2):(2,3))", "left_inverse((_2,_2):(_2,_3))"] {
        let e = fails(expr);
        assert!(
            matches!(
                e.root(),
                LayoutError::Divisibility {
                    op: "left_inverse",
                    condition: "Left inverse divisibility condition",
                    ..
                }
            ),
            "{e:?}"
        );
        mentions(
            &e,
            &[
                "left_inverse",
                "Left inverse divisibility condition",
                "3",
                "2",
            ],
        );
    }
    let e = left_inverse(&lay("(2,2):(2,3)")).unwrap_err();
    mentions(&e, &["the stride 3 is not a multiple of 2"]);
}

// ---------------------------------------------------------------------------------------------
// too many tiler modes, zip
// ---------------------------------------------------------------------------------------------

/// §13: "logical_divide: Too many modes in tiler." (`_8:_1` with `<_2,_2>`), the same for
/// logical_product, and for coalesce / filter with a longer profile.
#[test]
fn too_many_tiler_modes() {
    for (expr, op, tiler_rank, layout_rank) in [
        ("logical_divide(8:1,<2,2>)", "logical_divide", 2, 1),
        ("logical_divide(_8:_1,<_2,_2>)", "logical_divide", 2, 1),
        ("zipped_divide((8,8):(1,8),<2,2,2>)", "logical_divide", 3, 2),
        ("logical_product(8:1,<2,2>)", "logical_product", 2, 1),
        (
            "tiled_product((2,2):(1,2),<2,2,2>)",
            "logical_product",
            3,
            2,
        ),
        ("composition(8:1,<2,2>)", "composition", 2, 1),
        ("coalesce((2,(1,6)):(1,(6,2)),(1,1,1))", "coalesce", 3, 2),
        ("filter((2,6):(1,2),(1,1,1))", "filter", 3, 2),
    ] {
        let e = fails(expr);
        assert_eq!(
            e.root(),
            &LayoutError::TooManyTilerModes {
                op,
                tiler_rank,
                layout_rank
            },
            "{expr}"
        );
        mentions(
            &e,
            &[
                op,
                "too many modes in tiler",
                &format!("the tiler has rank {tiler_rank}"),
                &format!("the layout has rank {layout_rank}"),
            ],
        );
    }
}

/// §13 "Mismatched Ranks" of `zip`: `blocked_product((4):(1), 3:1)` zips the rank-1 tuple
/// `(4):(1)` with the integer layout `3:4`.
#[test]
fn zip_rank_mismatch() {
    let e = fails("blocked_product((4):(1),3:1)");
    assert!(
        matches!(e.root(), LayoutError::RankMismatch { op: "zip", .. }),
        "{e:?}"
    );
    mentions(&e, &["blocked_product", "zip", "(4):(1)", "3:4"]);
    let e = blocked_product(&lay("(4):(1)"), &lay("3:1")).unwrap_err();
    assert!(matches!(
        e.root(),
        LayoutError::RankMismatch { op: "zip", .. }
    ));
    // raked_product zips the other way round: an integer first is wrapped, as in C++'s `zip`
    assert_eq!(
        raked_product(&lay("(4):(1)"), &lay("3:1"))
            .unwrap()
            .to_string(),
        "((3,(4))):((4,(1)))"
    );
    // zip of modes with different ranks
    let e = fails("zip(((2,3),(4,5,6)):((1,2),(6,24,120)))");
    assert!(matches!(
        e.root(),
        LayoutError::RankMismatch { op: "zip", .. }
    ));
    mentions(&e, &["zip", "rank 2", "rank 3"]);
    let e = Layout::zip_modes(&[lay("(2,3):(1,2)"), lay("(4,5,6):(1,4,20)")]).unwrap_err();
    mentions(
        &e,
        &["(2,3):(1,2) has rank 2", "(4,5,6):(1,4,20) has rank 3"],
    );
}

/// `tile_unzip`: `_` inside a tuple tiler only works for logical_divide / logical_product (C++
/// fails to compile zipped/tiled/flat divides with it).
#[test]
fn tile_unzip_needs_pairs() {
    let e = fails("zipped_divide((8,6):(1,8),<_,2>)");
    assert!(matches!(
        e.root(),
        LayoutError::RankMismatch {
            op: "tile_unzip",
            ..
        }
    ));
    mentions(&e, &["zipped_divide", "tile_unzip", "8:1"]);
    // checked against C++: flat_divide(L, make_tile(_, Layout<_4,_1>{})) does not compile
    for op in [
        "flat_divide",
        "tiled_divide",
        "zipped_product",
        "flat_product",
    ] {
        let e = fails(&format!("{op}((_8,_16):(_16,_1),<_,_4:_1>)"));
        mentions(
            &e,
            &[op, "tile_unzip", "_8:_16 under `_` is kept whole", "N:1"],
        );
    }
    // a mode of rank 2 under `_` is a (tile, rest) pair, in C++ too (its printed result)
    assert_eq!(
        cute_tools::eval::eval("flat_divide(((_2,_4),_16):((_1,_2),_8),<_,_4:_1>)")
            .unwrap()
            .to_string(),
        "(_2,_4,_4,_4):(_1,_8,_2,_32)"
    );
}

// ---------------------------------------------------------------------------------------------
// take, group, indices
// ---------------------------------------------------------------------------------------------

/// §13: "take: empty range error" / "take: range out of bounds" (`take<1,1>`), and the same
/// for `group`.
#[test]
fn take_and_group_ranges() {
    for (expr, op, detail) in [
        (
            "take((2,3,4):(1,2,6),1,1)",
            "take",
            "range 1..1 is empty for rank 3",
        ),
        (
            "take((2,3,4):(1,2,6),2,1)",
            "take",
            "range 2..1 is empty for rank 3",
        ),
        (
            "take((2,3,4):(1,2,6),1,4)",
            "take",
            "range 1..4 is out of bounds for rank 3",
        ),
        (
            "group((2,3,4):(1,2,6),0,0)",
            "group",
            "range 0..0 is empty for rank 3",
        ),
        (
            "group((2,3,4):(1,2,6),2,5)",
            "group",
            "range 2..5 is out of bounds for rank 3",
        ),
    ] {
        let e = fails(expr);
        match e.root() {
            LayoutError::InvalidArgument { op: o, .. } => assert_eq!(*o, op, "{expr}"),
            other => panic!("{expr}: wrong error {other:?}"),
        }
        mentions(&e, &[op, detail]);
    }
    let l = lay("(2,3,4):(1,2,6)");
    assert!(matches!(
        l.take(3, 3),
        Err(LayoutError::InvalidArgument { op: "take", .. })
    ));
    assert!(matches!(
        l.group(1, 9),
        Err(LayoutError::InvalidArgument { op: "group", .. })
    ));
}

/// §13 "Index out of range": a mode index past the rank, including `get<1>` of an integer.
#[test]
fn index_out_of_range() {
    for (expr, index, rank) in [
        ("layout((2,3):(1,2),2)", 2, 2),
        ("layout(_5:_1,1)", 1, 1),
        ("layout((2,(3,4)):(1,(2,6)),1,2)", 2, 2),
        ("select((2,3):(1,2),5)", 5, 2),
        ("replace((2,3):(1,2),2,4:1)", 2, 2),
    ] {
        let e = fails(expr);
        match e.root() {
            LayoutError::IndexOutOfRange {
                index: i, rank: r, ..
            } => assert_eq!((*i, *r), (index, rank), "{expr}"),
            other => panic!("{expr}: wrong error {other:?}"),
        }
        mentions(
            &e,
            &[&format!("index {index} out of range for rank {rank}")],
        );
    }
    assert_eq!(
        tup("(2,(3,4))").get(2).unwrap_err(),
        LayoutError::IndexOutOfRange {
            op: "get",
            index: 2,
            rank: 2
        }
    );
    assert!(matches!(
        tup("(2,(3,4))").get_path(&[1, 5]),
        Err(LayoutError::IndexOutOfRange {
            index: 5,
            rank: 2,
            ..
        })
    ));
    assert!(matches!(
        lay("(2,3):(1,2)").mode(7),
        Err(LayoutError::IndexOutOfRange { index: 7, .. })
    ));
    // a negative index is not an index
    let e = fails("layout((2,3):(1,2),-1)");
    assert!(matches!(
        e.root(),
        LayoutError::InvalidArgument { op: "eval", .. }
    ));
    mentions(&e, &["non-negative integer", "-1"]);
}

// ---------------------------------------------------------------------------------------------
// congruence and ranks of coordinates
// ---------------------------------------------------------------------------------------------

/// A shape and a stride with different profiles.
#[test]
fn not_congruent() {
    for (expr, shape, stride) in [
        ("make_layout((2,3),(1,2,3))", "(2,3)", "(1,2,3)"),
        ("make_layout((2,(3,4)),(1,(2)))", "(2,(3,4))", "(1,(2))"),
        ("crd2idx(1,(2,3),(1,(2,3)))", "(2,3)", "(1,(2,3))"),
    ] {
        let e = fails(expr);
        assert_eq!(
            e.root(),
            &LayoutError::NotCongruent {
                shape: shape.into(),
                stride: stride.into()
            },
            "{expr}"
        );
        mentions(&e, &[shape, stride, "not congruent"]);
    }
    let e = Layout::new(tup("(2,4)"), tup("1")).unwrap_err();
    assert!(matches!(e, LayoutError::NotCongruent { .. }));
    let e = crd2idx(&tup("1"), &tup("(2,3)"), &tup("(1,2,3)")).unwrap_err();
    assert!(matches!(e, LayoutError::NotCongruent { .. }));
    // in CuTe notation the stride is a parse error pointing at it
    let e = "(2,3):(1,2,3)".parse::<Layout>().unwrap_err();
    match &e {
        LayoutError::Parse { pos, expected, .. } => {
            assert_eq!(*pos, 6);
            assert!(expected.contains("congruent"));
        }
        other => panic!("wrong error {other:?}"),
    }
    // inner_product of tuples that are not congruent
    let e = fails("inner_product((1,2),(1,(2,3)))");
    assert!(matches!(
        e.root(),
        LayoutError::RankMismatch {
            op: "inner_product",
            ..
        }
    ));
    mentions(&e, &["inner_product", "(1,2)", "(1,(2,3))"]);
}

/// §13 "Mismatched Ranks" of `crd2idx`: `crd2idx((1,2,3),(2,3),(1,2))`; and of idx2crd,
/// crd2crd and slice.
#[test]
fn coordinate_rank_mismatch() {
    for (expr, op) in [
        ("crd2idx((1,2,3),(2,3),(1,2))", "crd2idx"),
        ("crd2idx((1,2,3),(2,3))", "crd2idx"),
        ("crd2idx((2,3):(1,2),(1,2,3))", "crd2idx"),
        ("idx2crd((1,2,3),(2,3))", "idx2crd"),
        ("crd2crd((1,2,3),(2,3),(4,5))", "crd2idx"),
    ] {
        let e = fails(expr);
        match e.root() {
            LayoutError::RankMismatch { op: o, .. } => assert_eq!(*o, op, "{expr}"),
            other => panic!("{expr}: wrong error {other:?}"),
        }
        mentions(&e, &[op, "(1,2,3)", "rank 3", "rank 2"]);
    }
    let e = fails("slice((_,1,2),(2,3):(1,2))");
    assert!(matches!(
        e.root(),
        LayoutError::RankMismatch { op: "slice", .. }
    ));
    mentions(&e, &["slice", "(_,1,2)", "rank 3", "rank 2"]);
    let e = lay("(2,3):(1,2)")
        .dice(&"(1,2,3)".parse::<Coord>().unwrap())
        .unwrap_err();
    assert!(matches!(e, LayoutError::RankMismatch { op: "dice", .. }));
    // ceil_div: the divisor may not have more modes
    let e = fails("ceil_div((2,3),(1,2,3))");
    assert!(matches!(
        e.root(),
        LayoutError::RankMismatch { op: "ceil_div", .. }
    ));
}

/// §13 "Invalid parameters": a tuple coordinate for an integer shape.
#[test]
fn tuple_coordinate_on_integer_shape() {
    for (expr, op) in [
        ("crd2idx((1,2),3,1)", "crd2idx"),
        ("crd2idx(4:1,(1,2))", "crd2idx"),
        ("crd2idx((0,(1,2)),(2,3),(1,2))", "crd2idx"),
        ("idx2crd((1,2),3)", "idx2crd"),
    ] {
        let e = fails(expr);
        match e.root() {
            LayoutError::NotATuple { op: o, .. } => assert_eq!(*o, op, "{expr}"),
            other => panic!("{expr}: wrong error {other:?}"),
        }
        mentions(&e, &[op, "(1,2)", "Invalid parameters"]);
    }
    let e = lay("4:1").call(&tup("(1,2)")).unwrap_err();
    assert!(matches!(e, LayoutError::NotATuple { op: "crd2idx", .. }));
    let e = idx2crd(&tup("(1,2)"), &tup("3")).unwrap_err();
    assert!(matches!(e, LayoutError::NotATuple { op: "idx2crd", .. }));
}

// ---------------------------------------------------------------------------------------------
// arithmetic: overflow and division by zero
// ---------------------------------------------------------------------------------------------

/// Checked arithmetic: sizes, cosizes, compact strides and evaluation that do not fit in i64.
/// `ceil_div` of negative operands is refused (issue 26): C++'s `(a + b - 1) / b` is no ceiling
/// there (`ceil_div(9223372036854775807,-1)` gave `-9223372036854775805`); for a >= 0 and b > 0
/// it is a / b + (a % b != 0), which cannot overflow.
#[test]
fn ceil_div_of_negative_operands_is_refused() {
    for expr in [
        "ceil_div(-9223372036854775807,-2)",
        "ceil_div(9223372036854775807,-1)",
        "ceil_div(-7,2)",
    ] {
        let e = fails(expr);
        mentions(&e, &["ceil_div", "ceiling only for a >= 0 and b > 0"]);
    }
    assert_eq!(eval("ceil_div(7,2)").unwrap().to_string(), "4");
}

#[test]
fn overflow() {
    for (expr, computation) in [
        (
            "size((4294967296,4294967296):(1,1))",
            "4294967296 * 4294967296",
        ),
        ("size((4294967296,4294967296))", "4294967296 * 4294967296"),
        (
            "cosize((4294967296,4294967296):(4294967296,1))",
            "4294967295 * 4294967296",
        ),
        (
            "make_layout((4294967296,4294967296,4))",
            "4294967296 * 4294967296",
        ),
        (
            "crd2idx((2,2):(9223372036854775807,1),(1,1))",
            "crd2idx((1,1), (2,2):(9223372036854775807,1)) = 9223372036854775808",
        ),
    ] {
        let e = fails(expr);
        assert!(
            matches!(e.root(), LayoutError::Overflow { .. }),
            "{expr}: {e:?}"
        );
        mentions(&e, &["integer overflow", computation]);
    }
    assert!(matches!(
        lay("(4294967296,4294967296):(1,1)").size(),
        Err(LayoutError::Overflow { .. })
    ));
    assert!(matches!(
        lay("(2,2):(9223372036854775807,1)").eval(3),
        Err(LayoutError::Overflow { .. })
    ));
    assert!(matches!(
        Int::fixed(i64::MAX)
            .add(Int::fixed(1))
            .map_err(LayoutError::from),
        Err(LayoutError::Overflow { .. })
    ));
    assert!(matches!(
        Int::fixed(i64::MIN).abs().map_err(LayoutError::from),
        Err(LayoutError::Overflow { .. })
    ));
    assert!(matches!(
        Int::fixed(i64::MIN)
            .div(Int::fixed(-1))
            .map_err(LayoutError::from),
        Err(LayoutError::Overflow { .. })
    ));
}

/// Composition whose strides overflow: `4294967296:4294967296 o 4294967296:4294967296` has the
/// stride 2^64; so does a multi-mode A with a large B stride.
#[test]
fn composition_overflowing_strides() {
    for (expr, computation) in [
        (
            "composition(4294967296:4294967296,4294967296:4294967296)",
            "4294967296 * 4294967296",
        ),
        (
            "composition((2,4294967296):(1,4294967296),2:4294967296)",
            "2147483648 * 4294967296",
        ),
        (
            "composition((2,3):(1,5),4:-9223372036854775808)",
            "abs(-9223372036854775808)",
        ),
    ] {
        let e = fails(expr);
        assert!(
            matches!(e.root(), LayoutError::Overflow { .. }),
            "{expr}: {e:?}"
        );
        mentions(&e, &["composition", "integer overflow", computation]);
    }
}

/// Integer extremes that used to panic (`i64::MIN % -1`) are answered, not panicked on.
#[test]
fn integer_extremes_do_not_panic() {
    let e = fails("shape_div(-9223372036854775808,-1)");
    assert!(matches!(e.root(), LayoutError::Overflow { .. }), "{e:?}");
    mentions(&e, &["shape_div", "-9223372036854775808"]);
    assert_eq!(
        eval("shape_div(-1,-9223372036854775808)")
            .unwrap()
            .to_string(),
        "1"
    );
    let e = fails("tile_to_shape(-1:1,-9223372036854775808)");
    assert!(matches!(e.root(), LayoutError::Overflow { .. }), "{e:?}");
    let e = fails("idx2crd(-9223372036854775808,(-1,2))");
    assert!(matches!(e.root(), LayoutError::Overflow { .. }), "{e:?}");
    let e = lay("(-1,2):(1,1)").eval(i64::MIN).unwrap_err();
    assert!(matches!(e, LayoutError::Overflow { .. }), "{e:?}");
    // a composition whose B extent is i64::MIN does not panic either
    assert!(eval("composition((2,3):(1,5),-9223372036854775808:1)").is_ok());
}

/// A 0 extent: splitting an index by it, dividing by it, composing with or complementing it.
#[test]
fn division_by_zero() {
    for (expr, computation) in [
        ("crd2idx((0,2):(1,2),5)", "5 % 0"),
        ("idx2crd(5,(0,2))", "5 % 0"),
        ("idx2crd(5,(2,0,3))", "2 % 0"),
        ("shape_div(4,0)", "shape_div(4, 0)"),
        ("ceil_div(4,0)", "4 ceil_div 0"),
        ("evenly_divides(4,0)", "ceil_div 0"),
        ("composition((2,3):(1,5),0:1)", "0 % 0"),
        ("composition((2,3):(1,5),(2,0):(1,1))", "0 % 0"),
        ("complement((0,3):(1,10),8)", "10 / 0"),
        ("complement(2:1,(0,4))", "ceil_div 0"),
    ] {
        let e = fails(expr);
        assert!(
            matches!(e.root(), LayoutError::DivisionByZero { .. }),
            "{expr}: {e:?}"
        );
        mentions(&e, &["division by zero", computation]);
    }
    let e = lay("(0,2):(1,1)").eval(3).unwrap_err();
    assert!(matches!(e, LayoutError::DivisionByZero { .. }));
    mentions(&e, &["extent 0", "(0,2):(1,1)"]);
    assert!(matches!(
        Int::fixed(7).rem(Int::fixed(0)).map_err(LayoutError::from),
        Err(LayoutError::DivisionByZero { .. })
    ));
    // a 0 extent in A is a stride-divisibility failure of composition
    let e = fails("composition((0,2):(1,2),2:1)");
    assert!(
        matches!(e.root(), LayoutError::Divisibility { .. }),
        "{e:?}"
    );
    mentions(&e, &["composition", "extent 0"]);
}

// ---------------------------------------------------------------------------------------------
// tile_to_shape
// ---------------------------------------------------------------------------------------------

/// §13 "tile_to_shape: block shape does not divide the target shape." (`(_2,_3)` to `(_6,_8)`)
/// and "Rank of layout must be <= rank of target shape."; an order that does not fit.
#[test]
fn tile_to_shape_errors() {
    let e = fails("tile_to_shape((_2,_3):(_1,_2),(_6,_8))");
    assert!(
        matches!(
            e.root(),
            LayoutError::Divisibility {
                op: "tile_to_shape",
                ..
            }
        ),
        "{e:?}"
    );
    mentions(
        &e,
        &[
            "tile_to_shape",
            "block shape divides the target shape",
            "_3",
            "_8",
        ],
    );
    let e = tile_to_shape(&lay("(2,3,4):(1,2,6)"), &tup("(6,9)"), None).unwrap_err();
    assert!(
        matches!(
            e.root(),
            LayoutError::InvalidArgument {
                op: "tile_to_shape",
                ..
            }
        ),
        "{e:?}"
    );
    mentions(
        &e,
        &[
            "Rank of layout must be <= rank of target shape",
            "rank 3",
            "rank 2",
        ],
    );
    let e = fails("tile_to_shape((2,3):(1,2),(6,9),(1,2,3))");
    assert!(matches!(
        e.root(),
        LayoutError::RankMismatch {
            op: "compact_order",
            ..
        }
    ));
    mentions(&e, &["compact_order", "(1,2,3)", "(3,3)"]);
}

// ---------------------------------------------------------------------------------------------
// parsing and nesting
// ---------------------------------------------------------------------------------------------

/// Parse errors give the byte position, what was expected, what was found, and a caret line
/// under the input.
#[test]
fn parse_errors() {
    let e = "(2,3".parse::<IntTuple>().unwrap_err();
    assert_eq!(
        e,
        LayoutError::Parse {
            input: "(2,3".into(),
            pos: 4,
            expected: "',' or ')'".into(),
            found: "end of input".into(),
            caret: "    ^".into(),
        }
    );
    assert_eq!(
        e.to_string(),
        "parse error at byte 4: expected ',' or ')', found end of input\n  (2,3\n      ^"
    );

    let e = fails("composition((2,3):(1,2)x,4)");
    match e.root() {
        LayoutError::Parse {
            pos,
            expected,
            found,
            caret,
            ..
        } => {
            assert_eq!(*pos, 23);
            assert_eq!(expected, "',' or ')'");
            assert_eq!(found, "'x'");
            assert_eq!(caret, &format!("{}^", " ".repeat(23)));
        }
        other => panic!("wrong error {other:?}"),
    }
    let msg = e.to_string();
    let lines: Vec<&str> = msg.lines().collect();
    assert_eq!(lines.len(), 3, "{msg}");
    assert_eq!(lines[1], "  composition((2,3):(1,2)x,4)");
    // the caret sits under the offending character
    assert_eq!(lines[2].find('^'), lines[1].find('x'));

    for (text, pos, expected) in [
        ("9abc(4:1)", 0, "an operation name"),
        ("size(4:1", 8, "',' or ')'"),
        ("size(4:1))", 9, "end of input"),
        ("composition(4:1,<2,3)", 20, "',' or '>'"),
        (
            "size(99999999999999999999:1)",
            5,
            "an integer that fits in 64 bits",
        ),
        ("composition(4:1,(2,_):(1,1))", 19, "an integer"),
        ("size((2,-))", 9, "an integer"),
        ("size(", 5, "an integer"),
        ("", 0, "an operation name"),
    ] {
        let e = fails(text);
        match e.root() {
            LayoutError::Parse {
                pos: p,
                expected: x,
                ..
            } => {
                assert_eq!(*p, pos, "{text}");
                assert!(x.contains(expected), "{text}: expected {x:?}");
            }
            other => panic!("{text}: wrong error {other:?}"),
        }
        mentions(&e, &[&format!("parse error at byte {pos}"), expected]);
    }
    // the column of the caret counts characters, not bytes
    let e = "(2,é)".parse::<IntTuple>().unwrap_err();
    match e {
        LayoutError::Parse { pos, caret, .. } => {
            assert_eq!(pos, 3);
            assert_eq!(caret, "   ^");
        }
        other => panic!("wrong error {other:?}"),
    }
    // the parser's own cursor reports the same positions
    let mut p = Parser::new("(1,2) junk");
    p.int_tuple().unwrap();
    let e = p.end().unwrap_err();
    assert!(matches!(e, LayoutError::Parse { pos: 6, .. }), "{e:?}");
}

/// 10,000 nested parentheses (or tiler brackets) are refused at depth `MAX_DEPTH + 1`, by
/// every parser entry point, without recursing deeper. This runs on a thread with a 4 MiB
/// stack: a parser level costs up to ~15 KiB of stack in a debug build (~6 KiB in release), so
/// that is ample for `MAX_DEPTH` levels but would overflow long before 10,000.
#[test]
fn nesting_deeper_than_max_depth_is_a_parse_error() {
    let run = || {
        let deep = nested(10_000, "1");
        let at = MAX_DEPTH; // the byte of the parenthesis one level too deep
        for e in [
            deep.parse::<IntTuple>().unwrap_err(),
            deep.parse::<Coord>().unwrap_err(),
            format!("{deep}:{deep}").parse::<Layout>().unwrap_err(),
            deep.parse::<Tiler>().unwrap_err(),
        ] {
            match &e {
                LayoutError::Parse { pos, expected, .. } => {
                    assert_eq!(*pos, at);
                    assert!(expected.contains(&MAX_DEPTH.to_string()), "{expected}");
                }
                other => panic!("wrong error {other:?}"),
            }
        }
        let e = eval(&format!("size({deep})")).unwrap_err();
        assert!(matches!(e.root(), LayoutError::Parse { pos, .. } if *pos == 5 + at));
        mentions(&e, &["at most 32 levels of nesting"]);
        let brackets = format!(
            "composition(4:1,{}2:1{})",
            "<".repeat(10_000),
            ">".repeat(10_000)
        );
        let e = eval(&brackets).unwrap_err();
        assert!(matches!(e.root(), LayoutError::Parse { .. }), "{e:?}");
        let mixed = format!(
            "composition(4:1,{}2{})",
            "<(".repeat(5_000),
            ")>".repeat(5_000)
        );
        let e = eval(&mixed).unwrap_err();
        assert!(matches!(e.root(), LayoutError::Parse { .. }), "{e:?}");
        // unterminated
        let e = eval(&format!("size({}", "(".repeat(10_000))).unwrap_err();
        assert!(matches!(e.root(), LayoutError::Parse { .. }), "{e:?}");
    };
    std::thread::Builder::new()
        .stack_size(4 * 1024 * 1024)
        .spawn(run)
        .unwrap()
        .join()
        .unwrap();
}

/// Exactly `MAX_DEPTH` levels parse; one more does not.
#[test]
fn nesting_up_to_max_depth_parses() {
    let ok = nested(MAX_DEPTH, "3");
    assert_eq!(ok.parse::<IntTuple>().unwrap().depth(), MAX_DEPTH);
    assert_eq!(eval(&format!("size({ok})")).unwrap().to_string(), "3");
    assert!(nested(MAX_DEPTH + 1, "3").parse::<IntTuple>().is_err());
}

/// Results nested deeper than `MAX_DEPTH` are refused with `TooDeep` by the constructors and
/// the algebra.
#[test]
fn results_deeper_than_max_depth() {
    let deep = tup(&nested(MAX_DEPTH, "2"));
    let e = IntTuple::tuple([deep.clone()]).unwrap_err();
    assert_eq!(e, LayoutError::TooDeep { limit: MAX_DEPTH });
    mentions(&e, &["nesting deeper than 32 levels"]);
    let l = Layout::new(deep.clone(), tup(&nested(MAX_DEPTH, "1"))).unwrap();
    let e = Layout::concat([l.clone(), lay("3:1")]).unwrap_err();
    assert_eq!(e.root(), &LayoutError::TooDeep { limit: MAX_DEPTH });
    let text = format!("make_layout({l},3:1)");
    let e = fails(&text);
    assert_eq!(e.root(), &LayoutError::TooDeep { limit: MAX_DEPTH });
    mentions(&e, &["make_layout", "nesting deeper than 32 levels"]);
    // a product keeps A as its first mode, one level deeper
    let e = logical_product(&l, &tiler("2:1")).unwrap_err();
    assert_eq!(e.root(), &LayoutError::TooDeep { limit: MAX_DEPTH });
}

// ---------------------------------------------------------------------------------------------
// the evaluator
// ---------------------------------------------------------------------------------------------

/// An unknown operation, a wrong number of arguments, a wrong kind of argument.
#[test]
fn eval_unknown_op_and_arity() {
    let e = fails("frobnicate(4:1)");
    match e.root() {
        LayoutError::InvalidArgument { op, detail, hint } => {
            assert_eq!(*op, "eval");
            assert!(detail.contains("unknown operation `frobnicate`"));
            assert!(hint.contains("cute ops"));
        }
        other => panic!("wrong error {other:?}"),
    }
    for (expr, detail) in [
        ("size(4:1,2)", "size takes 1 argument(s), got 2"),
        ("size()", "size takes 1 argument(s), got 0"),
        (
            "composition(4:1)",
            "composition takes 2 to 3 argument(s), got 1",
        ),
        (
            "crd2idx(1,2,3,4)",
            "crd2idx takes 2 to 3 argument(s), got 4",
        ),
        ("take((2,3):(1,2),0)", "take takes 3 argument(s), got 2"),
        (
            "size(<2,3>)",
            "argument 1 of size must be `L`: layout or integer",
        ),
        (
            "complement((2,3),4)",
            "argument 1 of complement must be `L`: layout or integer",
        ),
        (
            "shape_div((2,_),2)",
            "argument 1 of shape_div must be `A`: integer or tuple without `_`",
        ),
        (
            "take((2,3):(1,2),0,_)",
            "argument 3 of take must be `end`: integer, got `_`",
        ),
    ] {
        let e = fails(expr);
        match e.root() {
            LayoutError::InvalidArgument { op, detail: d, .. } => {
                assert_eq!(*op, "eval", "{expr}");
                assert!(d.contains(detail), "{expr}: {d}");
            }
            other => panic!("{expr}: wrong error {other:?}"),
        }
    }
    // the hint gives the usage of the operation
    mentions(&fails("composition(4:1)"), &["composition(L, tiler)"]);
}

/// Every error names its operation when it comes through `eval`, and keeps its root cause.
#[test]
fn eval_errors_name_the_operation() {
    for (expr, op) in [
        ("logical_divide((_4,_2):(_1,_5),_3:_1)", "logical_divide"),
        ("zipped_product((2,2):(2,3),2:1)", "zipped_product"),
        (
            "right_inverse((4294967296,4294967296):(1,1))",
            "right_inverse",
        ),
        (
            "max_common_vector((_8,_8):(_8,_1),(_4,_3):(_3,_1))",
            "max_common_vector",
        ),
        ("nullspace((4294967296,4294967296,2):(1,0,0))", "nullspace"),
        (
            "coalesce((4294967296,4294967296,2):(1,4294967296,1))",
            "coalesce",
        ),
    ] {
        let e = fails(expr);
        assert!(
            e.to_string().starts_with(op),
            "{expr}: the message should start with {op}: {e}"
        );
        assert!(!matches!(e.root(), LayoutError::Within { .. }));
    }
}

/// The library calls return the same errors as their `eval` forms.
#[test]
fn library_calls_match_eval() {
    let a = lay("(_8,_8):(_8,_1)");
    let e = composition(&a, &lay("_4:_3")).unwrap_err();
    assert_eq!(e.root(), fails("composition((_8,_8):(_8,_1),_4:_3)").root());
    let e = complement(&lay("(2,2):(2,3)"), &tup("8")).unwrap_err();
    assert_eq!(e.root(), fails("complement((2,2):(2,3),8)").root());
}

/// A negative cotarget has no complement (C++ would compute a meaningless `-1:4`).
#[test]
fn complement_negative_cotarget() {
    let l: Layout = "4:1".parse().unwrap();
    let err = complement(&l, &"-8".parse().unwrap()).unwrap_err();
    assert!(
        matches!(
            err.root(),
            LayoutError::InvalidArgument {
                op: "complement",
                ..
            }
        ),
        "{err}"
    );
    assert!(err.to_string().contains("-8"), "{err}");
}

/// An error inside a nested call says which argument of which call it came from; an argument
/// of a kind the operation does not declare names the position, the parameter and the kinds.
#[test]
fn nested_errors_say_where_they_came_from() {
    let e = fails("logical_divide(8:1, make_swizzle(3,5))").to_string();
    assert!(
        e.starts_with("logical_divide, argument 2: make_swizzle: Y = 0b11, Z = 0b101 give B"),
        "{e}"
    );
    let e = fails("size(coalesce(complement((2,2):(2,3),8)))").to_string();
    assert!(
        e.starts_with("size, argument 1: coalesce, argument 1: complement"),
        "{e}"
    );
    // a kind the entry does not declare is refused before the operation runs
    let e = fails("size(congruent(2,2))").to_string();
    assert!(
        e.contains("argument 1 of size must be `L`: layout or integer")
            && e.contains("got the truth value true"),
        "{e}"
    );
    // and an undeclared kind it would take is refused all the same
    let e = fails("make_tile(slice_and_offset((_,1),(4,8):(1,4)))").to_string();
    assert!(
        e.contains("argument 1 of make_tile must be `x`: layout or integer or tuple"),
        "{e}"
    );
    assert!(e.contains("got the tensor (4):(1)+4"), "{e}");
}
