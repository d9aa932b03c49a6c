//! The syntax tree (`expr::parse`) and its one walk (`eval::evaluate`).

use cute_layout::notation::Syntax;
use cute_tools::eval::{eval, evaluate, prepare, Prepared};
use cute_tools::expr::{parse, ExprKind};
use cute_tools::registry::operations;

/// Every argument's span, evaluated alone, gives the argument's value: the spans are where the
/// arguments are written.
#[test]
fn argument_spans_hold_the_arguments() {
    for op in operations() {
        let tree = parse(op.example, Syntax::Cute);
        assert!(tree.error().is_none(), "{}", op.example);
        let ExprKind::Call(call) = &tree.root.kind else {
            panic!("{}: a call", op.example)
        };
        assert_eq!(&op.example[tree.root.span.clone()], op.example.trim());
        let spans: Vec<_> = call.args.iter().map(|a| a.expr.span.clone()).collect();
        let (Prepared::Call(c), _) = prepare(parse(op.example, Syntax::Cute)).unwrap() else {
            panic!("{}: a call", op.example)
        };
        if !call.template.is_empty() || call.dsl {
            continue; // template arguments and the DSL's order rearrange the arguments
        }
        assert_eq!(spans.len(), c.args.len(), "{}", op.example);
        for (span, v) in spans.iter().zip(&c.args) {
            let text = &op.example[span.clone()];
            assert_eq!(eval(text).unwrap().to_string(), v.to_string(), "{text}");
        }
    }
}

/// The walk names the node an error came from: the innermost failing call, or the syntax
/// error's position.
#[test]
fn errors_name_their_source() {
    let cases = [
        (
            "size(complement((2,2):(2,3),8))",
            "complement((2,2):(2,3),8)",
        ),
        ("logical_divide(8:1, nosuch(4))", "nosuch"),
        ("size(4:1) + x", ""),
        ("complement((2,2):(2,3), 8)", "complement((2,2):(2,3), 8)"),
    ];
    for (text, source) in cases {
        let e = evaluate(parse(text, Syntax::Cute), false);
        assert!(e.value.is_err(), "{text}");
        let span = e.source.unwrap_or_else(|| panic!("{text}: a source"));
        assert_eq!(&text[span], source, "{text}");
    }
    let ok = evaluate(parse("size(4:1)", Syntax::Cute), true);
    assert!(ok.value.is_ok() && ok.source.is_none());
}

/// A call that fails before a later syntax error is reported as the call's error (the walk
/// reaches it first), and a syntax error before any failing call as the syntax error.
#[test]
fn the_first_error_in_the_text_is_reported() {
    let e = eval("size(complement((2,2):(2,3),8), ")
        .unwrap_err()
        .to_string();
    assert!(e.starts_with("size, argument 1: complement"), "{e}");
    let e = eval("size(4:1 x, complement((2,2):(2,3),8))")
        .unwrap_err()
        .to_string();
    assert!(e.starts_with("parse error at byte 9"), "{e}");
}
