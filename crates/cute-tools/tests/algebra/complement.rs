//! `complement`: the worked examples of the seed documents, the facts of the C++ reference,
//! and its post-conditions.

use crate::common::{
    assert_complement_postconditions, check, injective, lay, refused, same_function, tup,
};
use cute_layout::{complement, LayoutError};

// From seed 001, CuTe's "CuTe Layout Algebra" documentation (../shared/seeds/).
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

// From seed 002, the categorical treatment (plain layout facts only).
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

// From the C++ reference (cute-cpp-semantics.md) section 2, printing and the static-ness rules (all-static forms).
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

// From the C++ reference (cute-cpp-semantics.md) section 7, complement.
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

// From cargo mutants, a survivor in the algebra (docs/dev/mutation-testing.md).
#[test]
fn complement_cosize_postcondition() {
    // C++ returns 3:3, and (3:1, 3:3) leaves offset 9 of the 10 uncovered
    refused(
        "complement(3:1,(2,5))",
        &[
            "C++ would return 3:3",
            "cosize((L, R)) = 9 < size(cotarget) = 10",
        ],
    );
    let e = complement(&lay("3:1"), &tup("(2,5)")).unwrap_err();
    assert!(matches!(e.root(), LayoutError::Postcondition { .. }), "{e}");
    // one more element and the cosize condition holds
    check("complement(3:1,(3,3))", "3:3");
}

// From cargo mutants, a survivor in the algebra (docs/dev/mutation-testing.md).
#[test]
fn complement_size_postcondition() {
    refused(
        "complement((2,2):(2,6),220)",
        &["size(R) = 38 < size(cotarget) / size(filter(L)) = 220 / 4"],
    );
    // the divisible neighbour is exact
    check("complement((2,2):(1,6),24)", "(3,2):(2,12)");
}
