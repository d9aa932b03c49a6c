//! The analysis of an expression: `cute analyze`'s entry point, reading a layout literal or
//! any `cute eval` expression. It is the one part of `analysis` that reads expressions (it
//! calls `eval`, which calls the registry); the rest of `analysis` sits below the registry,
//! which calls the swizzle solver (`solve_swizzle` in `cute eval`).

use super::{analyze, Analysis};
use crate::error::{LayoutError, Result};
use crate::swizzle::AnyLayout;
use std::sync::Arc;

/// The layout of a layout literal (`(_8,_8):(_8,_1)`, `Sw<3,3,3> o _0 o ...`) or of any
/// `cute eval` expression yielding a layout (a TV layout gives its `(thread, value)` layout).
///
/// # Errors
/// Parse and evaluation errors; [`LayoutError::InvalidArgument`] when the expression does not
/// yield a layout.
///
/// ```
/// let l = cute_layout::analysis::layout_of("composition((_8,_8):(_8,_1), (_4,_4))")?;
/// assert_eq!(l.to_string(), "(_4,_4):(_8,_1)");
/// # Ok::<(), cute_layout::LayoutError>(())
/// ```
pub fn layout_of(expr: &str) -> Result<AnyLayout> {
    use crate::eval::{eval, Value};
    Ok(match expr.parse() {
        Ok(l) => l,
        Err(parse_error) => match eval(expr) {
            Ok(Value::Layout(l)) => Arc::unwrap_or_clone(l).into(),
            Ok(Value::Composed(c)) => (*c).into(),
            Ok(Value::Tv(t)) => t.layout.clone().into(),
            Ok(Value::LayoutOffset(l, _)) => Arc::unwrap_or_clone(l).into(),
            Ok(Value::ComposedOffset(c, _)) => (*c).into(),
            Ok(v) => {
                return Err(LayoutError::InvalidArgument {
                    op: "analyze",
                    detail: format!("`{expr}` gives {v}, not a layout"),
                    hint: "give a layout or an expression yielding one",
                })
            }
            Err(e) if expr.contains('(') && !expr.trim_start().starts_with('(') => return Err(e),
            Err(_) => return Err(parse_error),
        },
    })
}

/// [`analyze`] of a layout literal or `cute eval` expression ([`layout_of`]).
///
/// # Errors
/// As [`layout_of`] and [`analyze`].
///
/// ```
/// use cute_layout::analysis::analyze_expr;
/// let r = analyze_expr("composition(Sw<3,3,3> o _0 o (_8,_64):(_64,_1),(_8,_8))", 2, false)?;
/// assert_eq!(r.banks.conflicts, 0);
/// # Ok::<(), cute_layout::LayoutError>(())
/// ```
pub fn analyze_expr(expr: &str, elem_bytes: i64, tv: bool) -> Result<Analysis> {
    analyze(&layout_of(expr)?, elem_bytes, tv)
}
