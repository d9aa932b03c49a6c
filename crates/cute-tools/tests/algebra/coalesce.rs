//! `coalesce`, by-mode coalesce and `filter`: the worked examples of the seed documents and the
//! facts of the C++ reference, as `cute eval` computes them and through the typed API.

use crate::common::{check, lay, same_function, tup, values};
use cute_layout::{coalesce, coalesce_by, Layout};

// From seed 001, CuTe's "CuTe Layout Algebra" documentation (../shared/seeds/).
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

// From seed 001, CuTe's "CuTe Layout Algebra" documentation (../shared/seeds/).
/// 001, "Coalesce": "column-major layouts like `(_2,_4):(_1,_2)` act identically to `_8:_1`".
#[test]
fn seed001_column_major_is_a_vector() {
    check("coalesce((_2,_4):(_1,_2))", "_8:_1");
    assert_eq!(values(&lay("(_2,_4):(_1,_2)")), values(&lay("_8:_1")));
}

// From seed 001, CuTe's "CuTe Layout Algebra" documentation (../shared/seeds/).
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

// From seed 001, CuTe's "CuTe Layout Algebra" documentation (../shared/seeds/).
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

// From seed 003, "CuTe Layout and Tensor" (Yifan Yang).
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

// From seed 004, the Chinese walkthrough of the layout algebra.
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

// From the C++ reference (cute-cpp-semantics.md) section 2, printing and the static-ness rules (all-static forms).
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

// From the C++ reference (cute-cpp-semantics.md) section 5, coalesce and filter.
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
