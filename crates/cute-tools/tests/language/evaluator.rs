//! Tests that kill the cargo-mutants survivors of `eval.rs` (run of 2026-11-28; the mutants
//! of the call parser (`expr::parse`), the evaluator and `composition_steps_of`'s `false` guard are caught
//! by the doctests). One comment per test names the mutants it guards.

use cute_tools::eval::{composition_steps_of, eval};

fn message(expr: &str) -> String {
    match eval(expr) {
        Ok(v) => panic!("{expr} gave {v}, expected an error"),
        Err(e) => e.to_string(),
    }
}

/// `composition_steps_of`'s guard (`call.op.name == "composition" && call.args.len() == 2`
/// -> `true`, `&&` -> `||`, the name's `==` -> `!=`): another operation of two layouts is no
/// composition to draw step by step.
#[test]
fn composition_steps_need_a_composition() {
    let e = composition_steps_of("logical_divide((4,2):(1,4), (2,2):(1,2))").unwrap_err();
    assert!(
        e.to_string().contains("is not a call composition(A, B)"),
        "{e}"
    );
    assert!(composition_steps_of("composition((4,2):(1,4), (2,2):(1,2))").is_ok());
}

/// `within_call`'s guard (-> `false`, `||` -> `&&`): an error that already names the call is
/// not named twice.
#[test]
fn an_error_names_its_call_once() {
    let e = message("logical_divide(7:1,(8,2):(9,3))");
    assert!(e.starts_with("logical_divide: the tiles"), "{e}");
    assert!(!e.contains("logical_divide: logical_divide"), "{e}");
    let e = message("size<2>((_2,(_3,_4)):(_1,(_3,_12)))");
    assert!(e.starts_with("size: get: index 2 out of range"), "{e}");
}

/// `argument`: deleting the `LayoutError::Parse` arm (a parse error inside an argument would
/// be prefixed with the call and argument), and `i + 1` -> `i * 1` (the argument's number).
#[test]
fn errors_inside_arguments_say_which() {
    let e = message("size(make_layout((2,3)x))");
    assert!(e.starts_with("parse error at byte 22"), "{e}");
    let e = message("composition(4:1, logical_divide(7:1,(8,2):(9,3)))");
    assert!(
        e.starts_with("composition, argument 2: logical_divide: "),
        "{e}"
    );
    let e = message("composition(logical_divide(7:1,(8,2):(9,3)), 4:1)");
    assert!(
        e.starts_with("composition, argument 1: logical_divide: "),
        "{e}"
    );
}

/// `keyword`: a keyword past the parameters names the variadic last one only (`==` ->
/// `!=` in the variadic filter).
#[test]
fn a_keyword_past_the_parameters_names_the_variadic_one() {
    let e = message("cute.make_layout((2,3), stride=(1,2), stride=(1,2))");
    assert!(
        e.contains("make_layout takes 1 to 2 argument(s), got 3"),
        "{e}"
    );
}

/// `keyword`: a wrong name is refused (`param.name != name` -> `==`), and a call read as
/// Python but not spelled `cute.op` (nested in one) takes the DSL's names where its order is
/// ours (`dsl || reordered.is_none()` -> `&&`).
#[test]
fn keywords_are_checked_by_our_names_and_the_dsl_names() {
    let e = message("cute.make_layout((2,3), strides=(1,2))");
    assert!(
        e.contains("`strides=` at byte 24: argument 2 of make_layout is `stride`"),
        "{e}"
    );
    // coalesce's second parameter is `profile` here, `target_profile` in the DSL
    let v = eval("cute.size(coalesce(cute.make_layout((2,2)), target_profile=(1,1)))").unwrap();
    assert_eq!(v.to_string(), "_4");
}

/// `argument`: nested calls count their depth (`depth + 1` -> `depth * 1` would let any
/// nesting through, to a stack overflow): `MAX_NESTING` levels read, one more is refused.
#[test]
fn nested_calls_are_bounded() {
    let nest = |n: usize| format!("{}4:1{}", "coalesce(".repeat(n), ")".repeat(n));
    let deepest = cute_tools::eval::MAX_NESTING + 1;
    assert_eq!(eval(&nest(deepest)).unwrap().to_string(), "4:1");
    let e = message(&nest(deepest + 1));
    assert!(e.contains("levels of nested calls"), "{e}");
}
