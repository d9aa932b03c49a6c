//! The ordinary registry entries on F2-stride layouts (`registry/f2.rs`): the recorded
//! expected values of PyCuTe v2 (`tests/data/f2_ops.tsv`), the refusals with their reasons,
//! the `f2_*` spellings agreeing with the ordinary names, and the front ends (explain).

use cute_tools::eval::eval;
use cute_tools::explain::explain;

/// `(expression, expected)` of a data file of tab-separated lines, `#` lines skipped.
fn cases(text: &str) -> Vec<(&str, &str)> {
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| l.split_once('\t').expect("expression TAB expected"))
        .collect()
}

fn value(expr: &str) -> String {
    match eval(expr) {
        Ok(v) => v.to_string(),
        Err(e) => panic!("{expr}: {e}"),
    }
}

fn error(expr: &str) -> String {
    match eval(expr) {
        Ok(v) => panic!("{expr} gave {v}, expected a refusal"),
        Err(e) => e.to_string(),
    }
}

#[test]
fn pycute_v2_expected_values() {
    for (expr, expected) in cases(include_str!("../data/f2_ops.tsv")) {
        assert_eq!(value(expr), expected, "{expr}");
    }
}

/// The operations F2 strides do not define, and the cases where a definition's condition
/// fails, are refused naming the operation, what fails and a way on (rule 3).
#[test]
fn refusals_name_the_operation_and_why() {
    let f = "(_8,_8):(_1^,_9^)";
    for (expr, op, says) in [
        (
            format!("complement({f})"),
            "complement",
            "no such integer quotient",
        ),
        (
            format!("complement({f}, 128)"),
            "complement",
            "complement(from_f2(F))",
        ),
        (
            format!("logical_product({f}, 2)"),
            "logical_product",
            "complement A* of the F2 layout",
        ),
        (
            format!("blocked_product({f}, (2,2):(1,2))"),
            "blocked_product",
            "from_f2",
        ),
        (
            "raked_product((2,2):(1,2), (_2,_2):(_1^,_3^))".to_string(),
            "raked_product",
            "a product's tiler is an integer layout",
        ),
        // PyCuTe v2 gives 4:F3 here, which breaks its own post-condition: A(B(3)) = 9, 3⊗3 = 5
        (
            "composition(_64:_1^, 4:3)".to_string(),
            "composition",
            "carries",
        ),
        (
            format!("logical_divide({f}, (_3,_2))"),
            "logical_divide",
            "overlapping bits",
        ),
        (
            format!("composition(64:3, {f})"),
            "composition",
            "the outer layout A adds integers",
        ),
        (
            format!("composition({f}, Sw<3,0,3>)"),
            "composition",
            "compose the swizzle after it",
        ),
        (
            format!("append({f}, 4:1)"),
            "append",
            "all integers or all F2 vectors",
        ),
        // PyCuTe v2 feeds R's F2 values through a carry-less idx2crd; an index splits by /
        (
            "right_inverse((_3,_2):(_2^,_1^))".to_string(),
            "right_inverse",
            "not a power of two",
        ),
    ] {
        let e = error(&expr);
        assert!(e.starts_with(&format!("{op}:")), "{expr}: {e}");
        assert!(e.contains(says), "{expr}: {e}");
        assert!(e.contains("hint:"), "{expr}: {e}");
    }
}

/// The `f2_*` operations (kept as they were) agree with the ordinary names on F2 layouts.
#[test]
fn f2_spellings_agree_with_the_ordinary_names() {
    for f in [
        "(_8,_8):(_1^,_9^)",
        "(_4,(_2,_4)):(_1^,(_4^,_9^))",
        "(_8,_8):(_9^,_1^)",
        "(4,4):(_5^,_1^)",
    ] {
        for (old, new) in [
            ("f2_size", "size"),
            ("f2_cosize", "cosize"),
            ("f2_coalesce", "coalesce"),
            ("f2_right_inverse", "right_inverse"),
            ("f2_left_inverse", "left_inverse"),
        ] {
            assert_eq!(
                value(&format!("{old}({f})")),
                value(&format!("{new}({f})")),
                "{old}({f})"
            );
        }
        for c in ["3", "(1,2)", "13"] {
            assert_eq!(
                value(&format!("f2_eval({f}, {c})")),
                value(&format!("crd2idx({f}, {c})"))
            );
        }
        let b = "(_8,_8):(_8^,_1^)";
        if f.starts_with("(_8,_8)") {
            assert_eq!(
                value(&format!("f2_composition({f}, {b})")),
                value(&format!("composition({f}, {b})"))
            );
        }
    }
}

/// The structure-only operations keep each mode's extent and F2 stride, tags included.
#[test]
fn mode_operations_keep_the_strides() {
    let f = "(_8,(2,_4)):(_1^,(9^,_18^))";
    for (expr, expected) in [
        (format!("get({f}, 1)"), "(2,_4):(9^,_18^)"),
        (format!("get({f}, 1, 0)"), "2:9^"),
        (format!("layout({f}, 0)"), "_8:_1^"),
        (format!("select({f}, 1, 0)"), "((2,_4),_8):((9^,_18^),_1^)"),
        (format!("take({f}, 1, 2)"), "((2,_4)):((9^,_18^))"),
        (
            format!("group({f}, 0, 2)"),
            "((_8,(2,_4))):((_1^,(9^,_18^)))",
        ),
        (format!("flatten({f})"), "(_8,2,_4):(_1^,9^,_18^)"),
        (format!("append({f})"), "(_8,(2,_4),_1):(_1^,(9^,_18^),_0^)"),
        (
            format!("prepend({f}, _2:_3^)"),
            "(_2,_8,(2,_4)):(_3^,_1^,(9^,_18^))",
        ),
        (
            format!("replace({f}, 0, _2:_3^)"),
            "(_2,(2,_4)):(_3^,(9^,_18^))",
        ),
        (format!("depth({f})"), "_2"),
        (format!("size<1>({f})"), "8"),
        (format!("stride({f})"), "(_1,(9,_18))"),
        (format!("slice((_,1), {f})"), "(_8):(_1^)"),
        (
            "filter_zeros((_2,_4):(_0^,_1^))".to_string(),
            "(_1,_4):(_0^,_1^)",
        ),
    ] {
        assert_eq!(value(&expr), expected, "{expr}");
    }
}

/// An integer layout after an F2 one that equals an integer layout, and an F2 tiler of an
/// integer layout, are the integer operations on the integer layout it equals.
#[test]
fn f2_layouts_equal_to_integer_ones_stand_for_them() {
    assert_eq!(
        value("composition((_8,_8):(_1,_8), (_8,_8):(_8^,_1^))"),
        "(_8,_8):(_8,_1)"
    );
    assert_eq!(
        value("logical_divide(64:1, _8:_2^)"),
        value("logical_divide(64:1, _8:_2)")
    );
    assert_eq!(
        value("blocked_product((2,2):(1,2), (_2,_2):(_1^,_2^))"),
        value("blocked_product((2,2):(1,2), (_2,_2):(_1,_2))")
    );
    // an integer layout that is linear and carry-free before an F2 layout that is not one
    assert_eq!(
        value("composition((_8,_8):(_1,_8), (_8,_8):(_1^,_9^))"),
        "(_8,_8):(_1^,_9^)"
    );
}

/// `cute explain` of an F2 divide: eval's result, derived on the layout's domain (the integer
/// algebra's steps) and read back into F2 strides (the derivation itself is a snapshot in
/// `pictures/explain_symbolic.rs`; it was one step, the result, before issue 27's explain).
#[test]
fn explain_gives_the_result() {
    let e = explain("logical_divide((_8,_8):(_1^,_9^), (_2,_4))").unwrap();
    let text = e.to_string();
    assert_eq!(
        e.result.unwrap().to_string(),
        "((_2,_4),(_4,_2)):((_1^,_2^),(_9^,_36^))"
    );
    assert!(e.steps.len() > 2, "{text}");
    assert!(text.contains("on the F2 layout's domain"), "{text}");
    assert!(text.contains("back: each stride"), "{text}");
}
