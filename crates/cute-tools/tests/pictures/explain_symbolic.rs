//! `explain` of symbolic and F2-stride calls (issue 27): their derivations come from the same
//! forms that `eval` runs (registry/symbolic.rs, `F2Layout::reshaped_traced`), so the result
//! of the explanation is eval's; every assumption of a symbolic result is reported as a step;
//! the derivations read as expected (snapshots). Pictures of symbolic values are refused,
//! naming the unknown extents, and drawn after a substitution; F2 layouts draw as the swizzled
//! layouts they equal, coordinate layouts draw their coordinates.

use cute_tools::eval::{eval, Value};
use cute_tools::explain::{explain, Event};
use cute_tools::render::{grid_any, subject};

/// Symbolic and F2 calls with a derivation, and calls refused.
const CALLS: &[&str] = &[
    "coalesce((M,N):(1,M))",
    "coalesce((M,1,N):(1,K,M))",
    "coalesce((M,N):(N,1))",
    "composition((M,N):(1,M), (4,8))",
    "composition(M:2, (4,M/4):(M/4,1))",
    "complement(4:2, M)",
    "complement((4,8):(1,4), M)",
    "logical_divide((M,N):(1,M), (128,64))",
    "zipped_divide((M,N):(N,1), (4,8))",
    "tiled_divide((M,N):(1,M), (128,64))",
    "logical_product(M:1, 4:1)",
    "blocked_product(M:1, 4:1)",
    "right_inverse((M,N):(1,M))",
    "right_inverse((4,M):(M,1))",
    "right_inverse((M,N):(1,K))",
    "left_inverse((4,M):(M,1))",
    "left_inverse((M,N):(1,2*M))",
    "logical_divide((_8,_8):(_1^,_9^), (_2,_4))",
    "zipped_divide((_8,_8):(_1^,_9^), (_4,_2))",
    "tiled_divide((_8,_8):(_1^,_9^), (_4,_2))",
    "flat_divide((_8,_8):(_1^,_9^), (_4,_2))",
    "composition((_8,_8):(_1^,_9^), (_4,_2):(_2,_1))",
    "composition(_64:_1^, 4:3)",
];

#[test]
fn explanations_give_what_eval_gives() {
    for expr in CALLS {
        let e = explain(expr).unwrap_or_else(|err| panic!("{expr}: {err}"));
        let v = eval(expr);
        match (&e.result, &v) {
            (Ok(a), Ok(b)) => assert_eq!(a.to_string(), b.to_string(), "{expr}"),
            // (eval attributes the error to the call, `Call::attribute`, as front ends do)
            (Err(a), Err(b)) => {
                assert!(b.to_string().ends_with(&a.to_string()), "{expr}: {a} / {b}")
            }
            _ => panic!("{expr}: explain gives {:?}, eval {v:?}", e.result),
        }
        // a derivation, not the fallback's one step
        assert!(
            !matches!(
                e.steps[..],
                [cute_tools::explain::Step {
                    event: Event::NoDerivation { .. },
                    ..
                }]
            ),
            "{expr}: no derivation"
        );
        // the JSON form is JSON
        let j: serde_json::Value = serde_json::from_str(&e.to_json()).unwrap();
        assert!(
            j["steps"].as_array().is_some_and(|s| !s.is_empty()),
            "{expr}"
        );
    }
}

/// Every assumption printed with a symbolic result was reported, once, as a step.
#[test]
fn every_assumption_is_a_step() {
    for expr in CALLS {
        let e = explain(expr).unwrap();
        let Ok(Value::Symbolic(s)) = &e.result else {
            continue;
        };
        for a in s.assumptions.iter() {
            let n = e
                .steps
                .iter()
                .filter(|st| matches!(&st.event, Event::Assumed { assumption } if assumption == a))
                .count();
            assert_eq!(n, 1, "{expr}: {a} reported {n} times");
        }
    }
}

#[test]
fn symbolic_and_f2_derivation_snapshots() {
    for (name, expr) in [
        (
            "sym_logical_divide",
            "logical_divide((M,N):(1,M), (128,64))",
        ),
        ("sym_complement", "complement(4:2, M)"),
        ("sym_composition", "composition(M:2, (4,M/4):(M/4,1))"),
        ("sym_right_inverse", "right_inverse((4,M):(M,1))"),
        ("sym_left_inverse", "left_inverse((M,N):(1,2*M))"),
        ("sym_refused", "right_inverse((M,N):(1,K))"),
        (
            "f2_logical_divide",
            "logical_divide((_8,_8):(_1^,_9^), (_2,_4))",
        ),
        (
            "f2_composition",
            "composition((_8,_8):(_1^,_9^), (_4,_2):(_2,_1))",
        ),
    ] {
        insta::assert_snapshot!(name, explain(expr).unwrap().to_string());
    }
}

/// A substitution derives nothing: its result, as one step.
#[test]
fn a_substitution_is_evaluated_directly() {
    let e = explain("subs(logical_divide((M,N):(1,M), (128,64)), M=256, N=128)").unwrap();
    assert!(matches!(
        e.steps[..],
        [cute_tools::explain::Step {
            event: Event::NoDerivation { op: "subs" },
            ..
        }]
    ));
    assert_eq!(
        e.result.unwrap().to_string(),
        eval("logical_divide((256,128):(1,256), (128,64))")
            .unwrap()
            .to_string()
    );
}

/// A symbolic operation without a symbolic form is refused naming the unknown extents.
#[test]
fn an_operation_without_a_symbolic_form_names_the_symbols() {
    let e = eval("nullspace((M,N):(1,K))").unwrap_err().to_string();
    assert!(
        e.contains("unknown extents M, N, K") || e.contains("unknown extents K, M, N"),
        "{e}"
    );
    assert!(e.contains("subs("), "{e}");
}

#[test]
fn a_symbolic_value_has_no_picture_until_substituted() {
    for expr in ["(M,N):(1,M)", "logical_divide((M,N):(1,M), (128,64))"] {
        let e = subject(expr)
            .err()
            .unwrap_or_else(|| panic!("{expr} drawn"));
        let text = e.to_string();
        assert!(text.contains("the unknown extents M, N"), "{text}");
        assert!(text.contains("subs(EXPR, M=256"), "{text}");
    }
    let s = subject("subs(logical_divide((M,N):(1,M), (4,2)), M=8, N=4)").unwrap();
    let direct = subject("logical_divide((8,4):(1,8), (4,2))").unwrap();
    assert_eq!(
        s.layout.offsets().unwrap(),
        direct.layout.offsets().unwrap()
    );
    assert!(cute_tools::analyze::tensor_of("(M,N):(1,M)")
        .unwrap_err()
        .to_string()
        .contains("unknown extents"));
    assert!(cute_tools::diff::diff_exprs("(M,N):(1,M)", "(4,4):(1,4)")
        .unwrap_err()
        .to_string()
        .contains("unknown extents"));
}

/// An F2 layout draws the offsets of the swizzled layout it equals (the grid of
/// `Sw<3,0,3> o _0 o (_8,_8):(_1,_8)`, whose offsets are those of `(_8,_8):(_1^,_9^)`, checked
/// by `cute_layout::f2`'s conversions), and a coordinate layout draws its coordinates.
#[test]
fn f2_and_coordinate_layouts_draw() {
    let f2 = subject("(_8,_8):(_1^,_9^)").unwrap();
    let sw = subject("Sw<3,0,3> o _0 o (_8,_8):(_1,_8)").unwrap();
    assert_eq!(f2.layout.offsets().unwrap(), sw.layout.offsets().unwrap());
    // (i, j) -> i + 9j with XOR: row 1 of column 1 is 1 ^ 9 = 8
    assert_eq!(f2.layout.offsets().unwrap()[9], 8);
    let g = grid_any(&f2.layout).unwrap();
    assert!(g.contains("|  8 |"), "{g}");
    // the coordinates (i, j) of (_4,_2):(_1@0,_1@1) are its values
    let (p, _) = cute_tools::render::picture("(_4,_2):(_1@0,_1@1)").unwrap();
    let svg = p.svg(&cute_tools::render::Options::default()).unwrap();
    assert!(svg.contains("(3,1)"), "{svg}");
}
