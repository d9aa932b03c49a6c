//! `right_inverse`, `left_inverse`, `max_common_layout` and the nullspace: the facts of the C++
//! reference and the checks of their limits.

use crate::common::{check, lay, refused};

// From the C++ reference (cute-cpp-semantics.md) section 2, printing and the static-ness rules (all-static forms).
/// Ref §2.3 R6/R7: C++ `right_inverse((2,4):(4,_1))` drops the dynamic stride (`4:2`); all-static
/// `(_2,_4):(_4,_1)` gives `(_4,_2):(_2,_1)`. C++ `max_common_vector` of `(_4,8)` with itself is
/// `_4`; all-static `(_4,_8)` gives `_32`.
#[test]
fn ref2_r6_r7_inverses_static_ness() {
    check("right_inverse((_2,_4):(_4,_1))", "(_4,_2):(_2,_1)");
    check("max_common_vector((_4,_8):(_1,_4),(_4,_8):(_1,_4))", "_32");
}

// From the C++ reference (cute-cpp-semantics.md) section 8, inverses and related.
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

// From the C++ reference (cute-cpp-semantics.md) section 8, inverses and related.
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

// From the C++ reference (cute-cpp-semantics.md) section 8, inverses and related.
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

// From cargo mutants, a survivor in the algebra (docs/dev/mutation-testing.md).
#[test]
fn left_inverse_checks_overlapping_layouts_up_to_its_limit() {
    use cute_layout::limits::QUASI_INVERSE_CHECK_LIMIT;
    // overlapping strides: C++'s result checked element by element, accepted or refused
    check("left_inverse((2,2):(1,1))", "2:2");
    check("left_inverse((3,2):(1,1))", "2:3");
    refused(
        "left_inverse((2,4):(2,1))",
        &[
            "C++ would return (2,2):(2,_1)",
            "L(5) = 4 while L(R(4)) = 1",
        ],
    );
    // beyond the limit, refused naming the number of elements
    let n = QUASI_INVERSE_CHECK_LIMIT;
    refused(
        &format!("left_inverse(({},2):(1,1))", n / 2 + 1),
        &[
            &format!("with {} elements", n + 2),
            &format!("QUASI_INVERSE_CHECK_LIMIT = {n}"),
            "cannot be verified",
        ],
    );
    // at the limit, checked
    check(
        &format!("left_inverse(({},2):(1,1))", n / 2),
        &format!("2:{}", n / 2),
    );
}

// From cargo mutants, a survivor in the algebra (docs/dev/mutation-testing.md).
#[test]
fn left_inverse_of_negative_strides_is_cpps() {
    // C++ (reference §8): left_inverse(_4:_-1) = (_-1,_4):(_0,_1), a quasi-inverse
    check("left_inverse(_4:_-1)", "(_-1,_4):(_0,_1)");
    check("left_inverse((2,2):(1,2))", "4:_1");
}

// From cargo mutants, a survivor in the algebra (docs/dev/mutation-testing.md).
/// `check_quasi_inverse`'s fast path (`m.1 > 0` for every nonzero stride): taken for all-negative
/// strides (`>` to `<`), it would return C++'s `(_-1,_3):(_0,_2)` for `(_2,_2,_3):(_-1,_-1,_0)`
/// (checked with the headers), which maps `L(3) = -2` to 4, and `L(4) = 0`.
#[test]
fn left_inverse_checks_all_negative_strides() {
    refused(
        "left_inverse((_2,_2,_3):(_-1,_-1,_0))",
        &["left_inverse", "L(3) = -2 while L(R(-2)) = 0"],
    );
    // a single negative mode has a true left inverse (C++: (_-1,_4):(_0,_1))
    check("left_inverse(_4:_-1)", "(_-1,_4):(_0,_1)");
}
