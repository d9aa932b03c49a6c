//! Step-by-step derivations of results, in CuTe notation (what `cute explain` prints).
//!
//! The steps are reported by the algebra itself through a tracing hook that costs nothing when
//! unused: [`explain`] runs the same code as the public operations, with a recording trace.
//! Composition shows the left-distribution over `B`'s modes and each shape_div / shape_mod
//! step; complement each emitted mode; divides and products the complement, the concatenation
//! and the composition; coalesce each merge. A failing operation stops the derivation at the
//! failing step, followed by the error.

use crate::algebra::coalesce::coalesce_traced;
use crate::algebra::complement::complement_traced;
use crate::algebra::composition::composition_tiler_traced;
use crate::algebra::divide::{logical_divide_traced, splat_zipped, zipped_divide_traced, Splat};
use crate::algebra::product::{
    blocked_product_traced, logical_product_traced, raked_product_traced, zipped_product_traced,
};
use crate::algebra::Trace;
use crate::error::{LayoutError, Result};
use crate::eval::{eval, parse_expr, Value};
use crate::layout::Layout;
use crate::notation::Literal;
use crate::tiler::Tiler;
use crate::tuple::IntTuple;
use std::fmt;

/// One step of a derivation, at a nesting depth (0 for the outermost operation).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Step {
    /// How deeply the step is nested (a composition inside a divide is one level deeper).
    pub depth: usize,
    /// The step, in CuTe notation.
    pub text: String,
}

/// A derivation: the expression, its steps, and the result or the error that stopped it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Explanation {
    /// The expression explained.
    pub expr: String,
    /// The steps, in order.
    pub steps: Vec<Step>,
    /// The result, or why the operation failed.
    pub result: std::result::Result<Value, LayoutError>,
}

impl fmt::Display for Explanation {
    /// The expression, the steps indented by depth, and a last line `= RESULT` or
    /// `error: ...`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "{}", self.expr)?;
        for s in &self.steps {
            writeln!(f, "{:width$}{}", "", s.text, width = 2 * (s.depth + 1))?;
        }
        match &self.result {
            Ok(v) => writeln!(f, "= {v}"),
            Err(e) => writeln!(f, "error: {e}"),
        }
    }
}

/// The trace that records every step.
#[derive(Default)]
struct Recorder {
    depth: usize,
    steps: Vec<Step>,
}

impl Trace for Recorder {
    fn step(&mut self, f: impl FnOnce() -> String) {
        self.steps.push(Step {
            depth: self.depth,
            text: f(),
        });
    }
    fn enter(&mut self, f: impl FnOnce() -> String) {
        self.step(f);
        self.depth += 1;
    }
    fn leave(&mut self) {
        self.depth = self.depth.saturating_sub(1);
    }
}

fn layout_arg(op: &str, args: &[Literal], i: usize) -> Result<Layout> {
    match args.get(i) {
        Some(Literal::Layout(l)) => Ok(l.clone()),
        Some(Literal::Int(n)) => Ok(Layout::from_extent(*n)),
        _ => Err(bad_arg(op, i, "a layout S:D")),
    }
}

fn tiler_arg(op: &str, args: &[Literal], i: usize) -> Result<Tiler> {
    match args.get(i) {
        Some(Literal::Layout(l)) => Ok(Tiler::Layout(l.clone())),
        Some(Literal::Tiler(t)) => Ok(t.clone()),
        Some(Literal::Int(n)) => Ok(Tiler::from_int(*n)),
        Some(Literal::Underscore) => Ok(Tiler::Underscore),
        Some(Literal::Tuple(c)) if !c.has_underscore() => {
            Ok(Tiler::from_shape(&c.underscores_as_zero()))
        }
        _ => Err(bad_arg(op, i, "a tiler")),
    }
}

fn bad_arg(op: &str, i: usize, want: &str) -> LayoutError {
    LayoutError::InvalidArgument {
        op: "explain",
        detail: format!("argument {} of {op} must be {want}", i + 1),
        hint: "see `cute ops` for the arguments of each operation",
    }
}

/// `explain(expr)`: evaluates a `cute eval` expression and records how its result is derived.
///
/// `coalesce`, `composition`, `complement`, the divides and the products are explained step by
/// step; other operations show their result only. If the operation fails, the explanation
/// ends at the failing step and [`Explanation::result`] holds the error.
///
/// # Errors
/// Parse errors and wrong arguments (an operation that fails is not an error of `explain`).
///
/// # Examples
/// ```
/// use cute_layout::explain::explain;
/// let e = explain("composition((6,2):(8,2), (4,3):(3,1))").unwrap();
/// let text = e.to_string();
/// assert!(text.contains("A o 4:3:"));
/// assert!(text.ends_with("= ((2,2),3):((24,2),8)\n"));
/// let e = explain("complement((2,2):(2,3), 8)").unwrap();
/// assert!(e.result.is_err());
/// assert!(e.to_string().lines().last().unwrap().starts_with("error: complement"));
/// ```
pub fn explain(expr: &str) -> Result<Explanation> {
    let (op, args) = parse_expr(expr)?;
    let mut t = Recorder::default();
    let n = args.len();
    let result: Result<Layout> = match op.as_str() {
        "coalesce" if n == 1 => layout_arg(&op, &args, 0).and_then(|l| coalesce_traced(&l, &mut t)),
        "composition" if n == 2 => {
            let a = layout_arg(&op, &args, 0)?;
            composition_tiler_traced(&a, &tiler_arg(&op, &args, 1)?, &mut t)
        }
        "complement" if n == 2 || n == 1 => {
            let l = layout_arg(&op, &args, 0)?;
            let cotarget = match args.get(1) {
                None => crate::algebra::coalesce::filter(&l)
                    .and_then(|f| f.cosize())
                    .map(IntTuple::int),
                Some(Literal::Int(x)) => Ok(IntTuple::int(*x)),
                Some(Literal::Tuple(c)) if !c.has_underscore() => Ok(c.underscores_as_zero()),
                Some(_) => return Err(bad_arg(&op, 1, "an int-tuple")),
            };
            cotarget.and_then(|c| complement_traced(&l, &c, &mut t))
        }
        "logical_divide" | "zipped_divide" | "tiled_divide" | "flat_divide" | "logical_product"
        | "zipped_product" | "tiled_product" | "flat_product"
            if n == 2 =>
        {
            let (a, b) = (layout_arg(&op, &args, 0)?, tiler_arg(&op, &args, 1)?);
            let divide = op.ends_with("divide");
            let zipped = |t: &mut Recorder| {
                if divide {
                    zipped_divide_traced(&a, &b, t)
                } else {
                    zipped_product_traced(&a, &b, t)
                }
            };
            match op.split('_').next() {
                Some("logical") if divide => logical_divide_traced(&a, &b, &mut t),
                Some("logical") => logical_product_traced(&a, &b, &mut t),
                Some("zipped") => zipped(&mut t),
                Some("tiled") => zipped(&mut t).and_then(|z| {
                    let r = splat_zipped(&z, Splat::Rest)?;
                    t.step(|| format!("unpack the rests, ((tiles...), rests...): {r}"));
                    Ok(r)
                }),
                _ => zipped(&mut t).and_then(|z| {
                    let r = splat_zipped(&z, Splat::Both)?;
                    t.step(|| format!("unpack both, (tiles..., rests...): {r}"));
                    Ok(r)
                }),
            }
        }
        "blocked_product" | "raked_product" if n == 2 => {
            let (a, b) = (layout_arg(&op, &args, 0)?, layout_arg(&op, &args, 1)?);
            if op == "blocked_product" {
                blocked_product_traced(&a, &b, &mut t)
            } else {
                raked_product_traced(&a, &b, &mut t)
            }
        }
        _ => return fallback(expr, &op),
    };
    Ok(Explanation {
        expr: expr.trim().to_string(),
        steps: t.steps,
        result: result.map(Value::Layout),
    })
}

/// An operation without a step-by-step derivation: its result only.
fn fallback(expr: &str, op: &str) -> Result<Explanation> {
    let result = match eval(expr) {
        Err(e @ LayoutError::Parse { .. }) => return Err(e),
        Err(e @ LayoutError::InvalidArgument { op: "eval", .. }) => return Err(e),
        r => r,
    };
    Ok(Explanation {
        expr: expr.trim().to_string(),
        steps: vec![Step {
            depth: 0,
            text: format!("(no step-by-step derivation for {op}; evaluated directly)"),
        }],
        result,
    })
}
