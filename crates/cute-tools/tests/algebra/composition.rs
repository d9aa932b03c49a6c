//! `composition`, by mode and with tilers: the worked examples of the seed documents, the facts
//! of the C++ reference, and the checks of its pre- and post-conditions.

use crate::common::{check, ev, lay, refused, same_function, tiler};
use cute_layout::limits::BRUTE_FORCE_LIMIT;
use cute_layout::{composition, composition_tiler, Layout};

// From seed 001, CuTe's "CuTe Layout Algebra" documentation (../shared/seeds/).
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

// From seed 001, CuTe's "CuTe Layout Algebra" documentation (../shared/seeds/).
/// 001, "Example 1 -- Reshape a layout into a matrix": `20:2 o (5,4):(4,1) = (5,4):(8,2)`, via
/// `20:2 o 5:4 => 5:8` and `20:2 o 4:1 => 4:2`.
#[test]
fn seed001_example1_reshape_row_major() {
    check("composition(_20:_2,_5:_4)", "_5:_8");
    check("composition(_20:_2,_4:_1)", "_4:_2");
    check("composition(_20:_2,(_5,_4):(_4,_1))", "(_5,_4):(_8,_2)");
    check("composition(20:2,(5,4):(4,1))", "(5,4):(8,2)");
}

// From seed 001, CuTe's "CuTe Layout Algebra" documentation (../shared/seeds/).
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

// From seed 001, CuTe's "CuTe Layout Algebra" documentation (../shared/seeds/).
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

// From seed 001, CuTe's "CuTe Layout Algebra" documentation (../shared/seeds/).
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

// From seed 004, the Chinese walkthrough of the layout algebra.
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

// From seed 004, the Chinese walkthrough of the layout algebra.
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

// From seed 002, the categorical treatment (plain layout facts only).
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

// From the C++ reference (cute-cpp-semantics.md) section 2, printing and the static-ness rules (all-static forms).
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

// From the C++ reference (cute-cpp-semantics.md) section 6, composition.
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

// From the C++ reference (cute-cpp-semantics.md) section 6, composition.
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

// From cargo mutants, a survivor in the algebra (docs/dev/mutation-testing.md).
#[test]
fn composition_checks_negative_strides_of_b() {
    // C++ returns (2,2):(1,-4), which is not A o B
    refused(
        "composition((2,8):(1,4),(2,2):(1,-2))",
        &[
            "C++ would return (2,2):(1,-4)",
            "R(3) = -3 while A(B(3)) = -1",
        ],
    );
    check("composition(16:2,(2,2):(1,-2))", "(2,2):(2,-4)");
}

// From cargo mutants, a survivor in the algebra (docs/dev/mutation-testing.md).
/// An extent-1 mode of B adds nothing to any offset, so its negative stride does not make
/// composition verify B element by element: a B beyond BRUTE_FORCE_LIMIT composes, and the
/// result is A ∘ B (checked on a sample of indices); an extent-2 mode with that stride is
/// still verified, so refused at that size.
#[test]
fn composition_does_not_verify_for_extent_one_negative_modes() {
    let n = 2 * BRUTE_FORCE_LIMIT;
    let a = lay("(4096,4096):(1,8192)");
    let b = lay(&format!("(1,{n}):(-3,1)"));
    let r = composition(&a, &b).unwrap();
    for i in (0..n).step_by(4099).chain([n - 1]) {
        assert_eq!(r.eval(i), a.eval(b.eval(i).unwrap()), "at {i}");
    }
    let b = lay(&format!("(2,{}):(-3,1)", n / 2));
    let e = composition(&a, &b).unwrap_err().to_string();
    assert!(e.contains("BRUTE_FORCE_LIMIT"), "{e}");
}
