//! Evaluation of expressions in CuTe notation (what `cute eval` runs).
//!
//! An expression is a literal (`(4,8):(1,4)`, `Sw<3,0,3> o _0 o (_8,_8):(_8,_1)`, ...), which
//! evaluates to itself, or a call `op(arg, ...)` of an operation of the registry
//! ([`crate::registry`]; `cute ops` lists them) whose arguments are expressions. Nested calls
//! pass any value on: identity tensors, TV layouts, swizzled layouts, e.g.
//! `local_partition(make_identity_tensor((8,6)),(_2,_3):(_1,_2),4)` gives
//! `ArithTuple(0,2) o (4,2):(_2@0,_3@1)`.

use crate::error::{LayoutError, Result};
use crate::notation::Parser;
use crate::registry::{self, Operation};

pub use crate::value::Value;

/// Parses `op(arg, ...)`: the operation name and its arguments' values.
///
/// An argument may itself be a call `op(...)` (at most [`MAX_NESTING`] deep): it is evaluated
/// and its value, whatever its kind, becomes the argument, e.g.
/// `local_tile(make_identity_tensor((8,6)),(_4,_3),(1,1))`.
///
/// # Errors
/// [`LayoutError::Parse`]; the errors of a nested call.
///
/// ```
/// use cute_layout::eval::parse_expr;
/// let (op, args) = parse_expr("composition((6,2):(8,2), (4,3):(3,1))").unwrap();
/// assert_eq!((op.as_str(), args.len()), ("composition", 2));
/// let (_, args) = parse_expr("size(make_layout((2,3)))").unwrap();
/// assert_eq!(args.len(), 1);
/// ```
pub fn parse_expr(expr: &str) -> Result<(String, Vec<Value>)> {
    let (op, items) = parse_whole_call(expr)?;
    Ok((op.to_string(), items))
}

/// [`parse_expr`] with the operation name borrowed from `expr`.
fn parse_whole_call(expr: &str) -> Result<(&str, Vec<Value>)> {
    let mut p = Parser::new(expr);
    let call = parse_call(&mut p, 0)?;
    p.end()?;
    Ok(call)
}

pub use crate::limits::MAX_NESTING;

/// An argument, written to `out`: a literal, or a nested call evaluated to its value.
fn argument(p: &mut Parser<'_>, depth: usize, out: &mut Value) -> Result<()> {
    if !matches!(p.peek(), Some(c) if c.is_ascii_lowercase()) || p.at_scope() {
        return p.literal_into(out);
    }
    if depth >= MAX_NESTING {
        return Err(p.error(&format!("at most {MAX_NESTING} levels of nested calls")));
    }
    let (op, items) = parse_call(p, depth + 1)?;
    *out = eval_call(op, items)?;
    Ok(())
}

/// `op(arg, ...)` at the parser's position: the operation name and its arguments.
fn parse_call<'a>(p: &mut Parser<'a>, depth: usize) -> Result<(&'a str, Vec<Value>)> {
    let op = p.ident()?;
    p.expect(b'(')?;
    // most calls have one or two arguments; a `Vec` of four literals would not come from
    // the allocator's cache of small blocks
    let mut items = Vec::with_capacity(2);
    if !p.accept(b')') {
        loop {
            // each argument is read in place, in its slot of `items` (`resize_with` writes
            // the placeholder there, where `push` would copy a whole `Value`)
            let last = items.len();
            items.resize_with(last + 1, || Value::Underscore);
            argument(p, depth, &mut items[last])?;
            if p.accept(b')') {
                break;
            }
            if !p.accept(b',') {
                return Err(p.error("',' or ')'"));
            }
        }
    }
    Ok((op, items))
}

/// Evaluates one expression.
///
/// # Errors
/// Parse errors, unknown operations, wrong arguments, and every error of the operation itself.
///
/// # Examples
/// ```
/// use cute_layout::eval::eval;
/// assert_eq!(eval("composition((6,2):(8,2),(4,3):(3,1))").unwrap().to_string(), "((2,2),3):((24,2),8)");
/// assert_eq!(
///     eval("composition((_10,_2):(_16,_4),(_5,_4):(_1,_5))").unwrap().to_string(),
///     "(_5,(_2,_2)):(_16,(_80,_4))"
/// );
/// assert_eq!(eval("size((2,(3,4)):(1,(2,6)))").unwrap().to_string(), "24");
/// assert!(eval("complement((2,2):(2,3),8)").is_err());
/// ```
pub fn eval(expr: &str) -> Result<Value> {
    match parse(expr)? {
        Expr::Value(v) => Ok(v),
        Expr::Call(Call { op, args }) => op.call(args).map_err(|e| within_call(op.name, e)),
    }
}

/// A parsed expression: a literal, or a call whose arguments are evaluated.
#[derive(Clone, Debug)]
#[allow(clippy::large_enum_variant)] // moved once, into `eval`'s result, which is a `Value` too
pub enum Expr {
    /// A literal: its value.
    Value(Value),
    /// A call of an operation.
    Call(Call),
}

/// A call `op(arg, ...)`, its nested calls evaluated.
#[derive(Clone, Debug)]
pub struct Call {
    /// The operation called.
    pub op: &'static Operation,
    /// The arguments' values.
    pub args: Vec<Value>,
}

impl Call {
    /// The value of the call (what [`eval`] gives for it).
    ///
    /// # Errors
    /// The errors of the operation, attributed to it.
    pub fn apply(&self) -> Result<Value> {
        self.op
            .call(self.args.clone())
            .map_err(|e| within_call(self.op.name, e))
    }
}

/// Parses an expression, evaluating the nested calls but not the outermost one: what the
/// renderer and `explain` need to know how a result was made.
///
/// # Errors
/// Parse errors, unknown operations, and the errors of nested calls.
///
/// ```
/// use cute_layout::eval::{parse, Expr};
/// let Ok(Expr::Call(c)) = parse("logical_divide(16:1, size(4:1))") else { panic!() };
/// assert_eq!((c.op.name, c.args[1].to_string().as_str()), ("logical_divide", "4"));
/// assert_eq!(c.apply().unwrap().to_string(), "(4,4):(1,4)");
/// ```
pub fn parse(expr: &str) -> Result<Expr> {
    let mut p = Parser::new(expr);
    let e = match p.peek() {
        Some(c) if c.is_ascii_lowercase() && !p.at_scope() => {
            let (name, args) = parse_call(&mut p, 0)?;
            let op =
                registry::lookup(name).ok_or_else(|| within_call(name, registry::unknown(name)))?;
            Expr::Call(Call { op, args })
        }
        None => return Err(p.error(NOT_AN_EXPRESSION)),
        Some(_) => {
            let start = p.pos();
            let v = p.literal()?;
            if matches!(p.peek(), Some(c) if c.is_ascii_alphanumeric() || c == b'(') {
                // `9abc(...)`: a call with a name that is not one
                return Err(LayoutError::parse(expr, start, NOT_AN_EXPRESSION));
            }
            Expr::Value(v)
        }
    };
    p.end()?;
    Ok(e)
}

/// What an expression starts with.
const NOT_AN_EXPRESSION: &str = "an operation name or a literal";

/// The morphism named by `text`: a morphism literal `S -> T over α`, a tractable layout (its
/// standard form [`crate::category::to_morphism`]), or an `eval` expression yielding either (what
/// `cute morphism` accepts).
///
/// # Errors
/// Parse and evaluation errors; [`LayoutError::InvalidArgument`] if the layout is not
/// tractable or the expression yields something else.
///
/// # Examples
/// ```
/// use cute_layout::eval::morphism_of;
/// assert_eq!(morphism_of("(4,5):(1,64)")?.to_string(), "(4,5) -> (4,16,5) over (1,3)");
/// assert_eq!(morphism_of("(4) -> (2,4) over (2)")?.to_string(), "(4) -> (2,4) over (2)");
/// assert_eq!(morphism_of("composition((4,4):(1,8), (2,2):(1,2))")?.to_string(), "(2,2) -> (2,2) over (1,2)");
/// # Ok::<(), cute_layout::LayoutError>(())
/// ```
pub fn morphism_of(text: &str) -> Result<crate::category::NestedMorphism> {
    match eval(text)? {
        Value::Morphism(m) => Ok(m),
        Value::Layout(l) => crate::category::to_morphism(&l),
        v => Err(LayoutError::InvalidArgument {
            op: "morphism",
            detail: format!("{text} is {v}, not a layout or a tuple morphism"),
            hint: "give a layout S:D, a morphism `S -> T over α`, or an expression yielding one",
        }),
    }
}

/// Applies the operation `op` to its arguments, its errors attributed to it.
fn eval_call(op: &str, items: Vec<Value>) -> Result<Value> {
    registry::call(op, items).map_err(|e| within_call(op, e))
}

/// The error of the call `op(...)`, naming `op` unless it does already.
#[cold]
fn within_call(op: &str, e: LayoutError) -> LayoutError {
    match e {
        e @ LayoutError::InvalidArgument { op: "eval", .. } => e,
        e if e.to_string().starts_with(&format!("{op}:"))
            || e.to_string().starts_with(&format!("{op},")) =>
        {
            e
        }
        e => e.within(op.to_string()),
    }
}
