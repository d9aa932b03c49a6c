//! The syntax tree (`expr::parse`, then `eval::evaluate`): never a panic; every span of the
//! tree (a node's, a call's name, a keyword's start) lies within the text, on character
//! boundaries, and a node's arguments within the node; and the value (or the error) is the
//! same by both paths from the tree, `evaluate` (what `eval` runs) and `prepare` then
//! `Call::apply` (what `explain`, the pictures and the playground run), with or without the
//! warnings collected.

use crate::Check;
use cute_layout::notation::Syntax;
use cute_tools::eval::{evaluate, prepare, Prepared};
use cute_tools::expr::{parse, Expr, ExprKind, Span};

/// The check of the `syntax_tree` target: the input, as text, is one expression, read in each
/// syntax.
pub fn check(data: &[u8]) -> Check {
    let Ok(text) = std::str::from_utf8(data) else {
        return Ok(());
    };
    for syntax in [Syntax::Cute, Syntax::Dsl, Syntax::Cpp] {
        check_text(text, syntax).map_err(|e| format!("{text:?} in {syntax:?}: {e}"))?;
    }
    Ok(())
}

fn check_text(text: &str, syntax: Syntax) -> Check {
    let tree = parse(text, syntax);
    let whole = 0..text.len();
    spans(text, &tree.root, &whole)?;
    let _ = tree.error().map(ToString::to_string);
    let by_evaluate = shown(evaluate(parse(text, syntax), false).value);
    let with_warnings = shown(evaluate(parse(text, syntax), true).value);
    if with_warnings != by_evaluate {
        return Err(format!(
            "evaluate gives {by_evaluate:?}, with warnings {with_warnings:?}"
        ));
    }
    let by_prepare = shown(prepare(parse(text, syntax)).and_then(|(p, _)| match p {
        Prepared::Value(v) => Ok(v),
        Prepared::Call(call) => call.apply(),
    }));
    if by_prepare != by_evaluate {
        return Err(format!(
            "evaluate gives {by_evaluate:?}, prepare and apply {by_prepare:?}"
        ));
    }
    Ok(())
}

/// A value or an error, as printed.
fn shown(r: cute_layout::error::Result<cute_tools::eval::Value>) -> Result<String, String> {
    r.map(|v| v.to_string()).map_err(|e| e.to_string())
}

/// `span` lies within `outer` and starts and ends on character boundaries of `text`.
fn within(text: &str, what: &str, span: &Span, outer: &Span) -> Check {
    let inside = outer.start <= span.start && span.start <= span.end && span.end <= outer.end;
    if inside && text.is_char_boundary(span.start) && text.is_char_boundary(span.end) {
        Ok(())
    } else {
        Err(format!(
            "{what} spans {span:?}, outside {outer:?} or off a character boundary"
        ))
    }
}

fn spans(text: &str, e: &Expr<'_>, outer: &Span) -> Check {
    let whole = 0..text.len();
    if let ExprKind::Error(_) = e.kind {
        // an error node is where the text stops being an expression: anywhere in the text
        return within(text, "an error node", &e.span, &whole);
    }
    within(text, "a node", &e.span, outer)?;
    if let ExprKind::Call(c) = &e.kind {
        within(text, "a call's name", &c.name_span, &e.span)?;
        if &text[c.name_span.clone()] != c.name && !text[c.name_span.clone()].ends_with(c.name) {
            return Err(format!(
                "the name {:?} is not what its span holds, {:?}",
                c.name,
                &text[c.name_span.clone()]
            ));
        }
        for a in &c.args {
            if let Some((_, at)) = a.keyword {
                within(text, "a keyword", &(at..at), &e.span)?;
            }
            spans(text, &a.expr, &e.span)?;
        }
    }
    Ok(())
}
