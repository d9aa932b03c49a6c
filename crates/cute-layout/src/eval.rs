//! Evaluation of expressions in CuTe notation (what `cute eval` runs).
//!
//! An expression is a literal (`(4,8):(1,4)`, `Sw<3,0,3> o _0 o (_8,_8):(_8,_1)`, ...), which
//! evaluates to itself, or a call `op(arg, ...)` of an operation of the registry
//! ([`crate::registry`]; `cute ops` lists them) whose arguments are expressions. Nested calls
//! pass any value on: identity tensors, TV layouts, swizzled layouts, e.g.
//! `local_partition(make_identity_tensor((8,6)),(_2,_3):(_1,_2),4)` gives
//! `ArithTuple(0,2) o (4,2):(_2@0,_3@1)`.

use crate::error::{LayoutError, Result, Warning};
use crate::notation::{Parser, Syntax};
use crate::registry::{self, Operation};

pub use crate::value::{Arguments, Value};

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
pub fn parse_expr(expr: &str) -> Result<(String, Arguments)> {
    let (op, items) = parse_whole_call(expr)?;
    Ok((op.to_string(), items))
}

/// [`parse_expr`] with the operation name borrowed from `expr`.
fn parse_whole_call(expr: &str) -> Result<(&str, Arguments)> {
    let mut p = Parser::new(expr);
    let call = parse_call(&mut p, 0)?;
    p.end()?;
    Ok(call)
}

pub use crate::limits::MAX_NESTING;

/// Argument `i` of a call of `outer`, written to `out`: a literal, or a nested call evaluated
/// to its value (its errors say which argument of which call it is).
fn argument(
    p: &mut Parser<'_>,
    depth: usize,
    (outer, i): (&str, usize),
    out: &mut Value,
) -> Result<()> {
    if !p.at_call() {
        return p.literal_into(out);
    }
    if depth >= MAX_NESTING {
        return Err(p.error(&format!("at most {MAX_NESTING} levels of nested calls")));
    }
    let in_argument = |e: LayoutError| match e.root() {
        LayoutError::Parse { .. } => e,
        _ => e.within(format!("{outer}, argument {}", i + 1)),
    };
    let (name, items) = parse_call(p, depth + 1).map_err(in_argument)?;
    let op = operation(name).map_err(in_argument)?;
    let pending = p
        .warnings
        .is_some()
        .then(|| registry::pending_warnings(op, &items));
    // attributed to the name as written (an alias, `group_modes`, stays `group_modes`)
    *out = op
        .call_ref(&items)
        .map_err(|e| in_argument(within_call(name, e)))?;
    if let (Some(warnings), Some(pending)) = (&mut p.warnings, pending) {
        warnings.extend(pending.after(&items, out));
    }
    Ok(())
}

/// `op(arg, ...)` at the parser's position: the operation name and its arguments. The name
/// may be spelled `cute::op` (C++) or `cute.op` (the CuTe DSL: its arguments are then read as
/// Python, plain integers static, may be named, `stride=(1,4)`, and come in the DSL's order:
/// `cute.dice(src, dicer)`).
///
/// C++'s template arguments, `take<0,2>(L)`, `get<1,0>(L)`, `upcast<2>(L)`, are the call's
/// last arguments: `take(L, 0, 2)`; those of the queries of
/// [`registry::MODE_TEMPLATE_QUERIES`] select a mode first: `size<1,0>(L)` is
/// `size(get(L, 1, 0))`.
fn parse_call<'a>(p: &mut Parser<'a>, depth: usize) -> Result<(&'a str, Arguments)> {
    let (op, python) = call_name(p)?;
    let mut template = if python {
        Arguments::new()
    } else {
        template_arguments(p)?
    };
    let outer = p.python;
    p.python |= python;
    let items = call_arguments(p, op, depth, python);
    p.python = outer;
    let mut items = items?;
    if python {
        crate::notation::dsl_order(op, &mut items);
    }
    if python || outer {
        template.extend(dsl_mode(op, &mut items)?);
    }
    if template.is_empty() || !registry::MODE_TEMPLATE_QUERIES.contains(&op) || items.len() != 1 {
        items.extend(template);
    } else {
        // C++'s `size<I...>(x)` is `size(get<I...>(x))`, for an `x` the query takes: C++ has no
        // `stride` of an int-tuple, so neither `stride<1>((4,(8,2)))` (whose mode would be
        // refused, named as the mode rather than as given) nor `stride<0>((2,3))` (whose mode, an
        // integer, would be taken)
        let query = operation(op)?;
        if query.refuses(&items).is_some() {
            query.call_ref(&items)?;
        }
        let path: Arguments = items.into_iter().chain(template).collect();
        items = smallvec::smallvec![operation("get")?
            .call(path)
            .map_err(|e| within_call(op, e))?];
    }
    Ok((op, items))
}

/// The CuTe DSL's `mode=` argument of `op` (an index, or a list or tuple of them:
/// `cute.size(x, mode=[1, 0])`, `cute.get(x, mode=[0, 1])`), taken out of `items`: the path of
/// modes it names, which is C++'s template arguments (`size<1,0>(x)`, `get<0,1>(x)`); none where
/// `op` takes no `mode` or it is not given.
///
/// # Errors
/// A `mode` that is neither an index nor a flat list of them.
fn dsl_mode(op: &str, items: &mut Arguments) -> Result<Arguments> {
    if crate::notation::dsl_param(op, 1) != Some("mode") || items.len() != 2 {
        return Ok(Arguments::new());
    }
    match items.pop() {
        Some(Value::Int(i)) => Ok(smallvec::smallvec![Value::Int(i.with_static(true))]),
        Some(Value::IntTuple(t)) if t.depth() <= 1 => Ok(t
            .leaves()
            .map(|i| Value::Int(i.with_static(true)))
            .collect()),
        other => Err(LayoutError::InvalidArgument {
            op: "eval",
            detail: format!(
                "`mode` of {op} must be a mode index or a list of them, got {}",
                other.map_or("nothing".to_string(), |v| v.describe())
            ),
            hint: "write `mode=1` or `mode=[1, 0]` (the path to a mode, as C++'s size<1,0>(x))",
        }),
    }
}

/// C++'s template arguments `<0,2>` after a call's name, if there are any: integers, or
/// element types standing for their widths in bits (`recast_layout<uint16_t,uint32_t>(L)` is
/// `recast_layout(L,_16,_32)`); static, as C++ knows them at compile time.
fn template_arguments(p: &mut Parser<'_>) -> Result<Arguments> {
    let mut items = Arguments::new();
    if !p.accept(b'<') {
        return Ok(items);
    }
    loop {
        let at = p.pos();
        let value = if p.peek().is_some_and(|c| c.is_ascii_alphabetic()) {
            let name = p.ident()?;
            crate::notation::atom::parse_value_type(name)
                .map(|t| crate::int::Int::fixed(t.bits()))
                .map_err(|_| LayoutError::parse(p.input(), at, "an integer or a type name"))?
        } else {
            match p.literal()? {
                Value::Int(n) => n.with_static(true),
                _ => {
                    return Err(LayoutError::parse(
                        p.input(),
                        at,
                        "an integer template argument",
                    ))
                }
            }
        };
        items.push(Value::Int(value));
        if p.accept(b'>') {
            return Ok(items);
        }
        if !p.accept(b',') {
            return Err(p.error("',' or '>'"));
        }
    }
}

/// The name of a call, without its `cute::` or `cute.` namespace; whether it was `cute.`.
fn call_name<'a>(p: &mut Parser<'a>) -> Result<(&'a str, bool)> {
    let op = p.ident()?;
    if op != "cute" {
        return Ok((op, false));
    }
    let python = !p.at("::");
    if !(p.at("::") || p.at(".")) {
        return Ok((op, false));
    }
    p.skip(if python { 1 } else { 2 });
    Ok((p.ident()?, python))
}

/// The arguments `(arg, ...)` of a call of `op`; `dsl` when the call is spelled `cute.op`,
/// its arguments in the CuTe DSL's order.
fn call_arguments(p: &mut Parser<'_>, op: &str, depth: usize, dsl: bool) -> Result<Arguments> {
    p.expect(b'(')?;
    // most calls have one or two arguments; a `Vec` of four literals would not come from
    // the allocator's cache of small blocks
    let mut items = Arguments::new();
    if !p.accept(b')') {
        loop {
            keyword(p, op, items.len(), dsl)?;
            // each argument is read in place, in its slot of `items` (`resize_with` writes
            // the placeholder there, where `push` would copy a whole `Value`)
            let last = items.len();
            if last >= crate::limits::MAX_WIDTH {
                let what = format!("arguments of {}", crate::limits::echo(op));
                crate::limits::check_width("eval", &what, last + 1)?;
            }
            items.resize_with(last + 1, || Value::Underscore);
            if p.python && p.at("[") && crate::notation::dsl_param(op, last) == Some("mode") {
                // the DSL's list of modes, `cute.size(x, mode=[1])`
                items[last] = Value::IntTuple(Box::new(p.python_mode_list()?));
            } else {
                argument(p, depth, (op, last), &mut items[last])?;
            }
            if p.accept(b')') {
                break;
            }
            if !p.accept(b',') {
                return Err(p.error("',' or ')'"));
            }
        }
    }
    Ok(items)
}

/// Consumes Python's `name=` before argument `i` of `op`, if there is one; it must name the
/// parameter at that position, by this tool's name or the CuTe DSL's (arguments are matched by
/// position; in a call spelled `cute.op`, `dsl`, by the DSL's position).
fn keyword(p: &mut Parser<'_>, op: &str, i: usize, dsl: bool) -> Result<()> {
    if !p.python || !p.at_keyword() {
        return Ok(());
    }
    let at = p.pos();
    let name = p.ident()?;
    // the DSL's names and order hold in a call spelled `cute.op`, or where its order is ours
    let reordered = crate::notation::dsl_position(op, i);
    let here = if dsl { reordered.unwrap_or(i) } else { i };
    let param = registry::lookup(op).and_then(|o| {
        o.params.get(here).or(o
            .params
            .last()
            .filter(|l| l.presence == registry::Presence::Variadic))
    });
    let dsl = crate::notation::dsl_param(op, i).filter(|_| dsl || reordered.is_none());
    if param.is_none_or(|param| param.name != name) && dsl != Some(name) {
        let named = match (param, dsl) {
            (Some(q), Some(d)) => format!("`{}` (in the CuTe DSL `{d}`)", q.name),
            (Some(q), None) => format!("`{}`", q.name),
            (None, _) => "not a parameter".to_string(),
        };
        return Err(LayoutError::InvalidArgument {
            op: "eval",
            detail: format!(
                "`{name}=` at byte {at}: argument {} of {op} is {named}",
                i + 1
            ),
            hint:
                "arguments are matched by position; name one only where its position has that name",
        });
    }
    p.expect(b'=')
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
/// assert_eq!(eval("take<0,2>((4,3,2):(1,4,12)+5)").unwrap().to_string(), "(4,3):(1,4)+5");
/// assert!(eval("complement((2,2):(2,3),8)").is_err());
/// ```
pub fn eval(expr: &str) -> Result<Value> {
    eval_in(expr, Syntax::Cute)
}

/// [`eval`] of an expression written in `syntax`: with [`Syntax::Dsl`], plain integers are
/// static, as in Python's CuTe DSL (calls spelled `cute.op(...)` read their arguments so in any
/// syntax).
///
/// # Errors
/// The errors of [`eval`].
///
/// ```
/// use cute_layout::eval::eval_in;
/// use cute_layout::notation::Syntax;
/// assert_eq!(eval_in("(4,8)", Syntax::Dsl)?.to_string(), "(_4,_8)");
/// assert_eq!(eval_in("cute.make_layout((4,8), stride=(1,4))", Syntax::Cute)?.to_string(), "(_4,_8):(_1,_4)");
/// assert_eq!(eval_in("Layout<Shape<_4,_8>,Stride<_1,_4>>", Syntax::Cpp)?.to_string(), "(_4,_8):(_1,_4)");
/// # Ok::<(), cute_layout::LayoutError>(())
/// ```
pub fn eval_in(expr: &str, syntax: Syntax) -> Result<Value> {
    // the expression's budget (`crate::budget`): one meter for all its calls
    crate::budget::scope(|| match parse_in(expr, syntax)? {
        Expr::Value(v) => Ok(v),
        Expr::Call(call) => call.apply(),
    })
}

/// [`eval`], with the warnings of every call evaluated (outermost last): notes about valid
/// inputs whose results need care, such as a tiler that does not divide the layout (see
/// [`crate::algebra::divide::uneven_tiles`]).
///
/// # Errors
/// The errors of [`eval`].
///
/// ```
/// use cute_layout::eval::eval_with_warnings;
/// let (v, warnings) = eval_with_warnings("logical_divide(10:1, 4)")?;
/// assert_eq!(v.to_string(), "(4,3):(1,4)");
/// assert!(warnings[0].to_string().contains("needs predication"));
/// let (_, warnings) = eval_with_warnings("size(zipped_divide((8,6):(1,8), (4,4)))")?;
/// assert!(warnings[0].to_string().contains("does not divide mode 1"));
/// # Ok::<(), cute_layout::LayoutError>(())
/// ```
pub fn eval_with_warnings(expr: &str) -> Result<(Value, Vec<Warning>)> {
    eval_with_warnings_in(expr, Syntax::Cute)
}

/// [`eval_with_warnings`] of an expression written in `syntax` (see [`eval_in`]).
///
/// # Errors
/// As [`eval`].
///
/// ```
/// use cute_layout::{eval::eval_with_warnings_in, notation::Syntax};
/// let (v, _) = eval_with_warnings_in("(4, None)", Syntax::Dsl)?;
/// assert_eq!(v.to_string(), "(_4,_)");
/// # Ok::<(), cute_layout::LayoutError>(())
/// ```
pub fn eval_with_warnings_in(expr: &str, syntax: Syntax) -> Result<(Value, Vec<Warning>)> {
    crate::budget::scope(|| eval_warned(expr, syntax))
}

/// [`eval_with_warnings_in`] within the expression's budget.
fn eval_warned(expr: &str, syntax: Syntax) -> Result<(Value, Vec<Warning>)> {
    let (e, mut warnings) = parse_nested_warned(expr, syntax)?;
    let v = match e {
        Expr::Value(v) => v,
        // the outermost call's warnings follow its nested calls' (as `parse_warned` orders them)
        Expr::Call(call) => {
            let pending = registry::pending_warnings(call.op, &call.args);
            let v = call.apply()?;
            warnings.extend(pending.after(&call.args, &v));
            v
        }
    };
    Ok((v, warnings))
}

/// The warnings [`eval_with_warnings`] gives for `expr`, without applying its outermost call:
/// what the front ends that draw or explain a value print beside it (none where `expr` does
/// not parse or a nested call fails: the front end reports that error). The outermost call is
/// not applied: a divide that fails only in its composition is still warned about here
/// ([`crate::algebra::divide::uneven_tiles`]), and [`eval`] gives its error.
///
/// ```
/// use cute_layout::eval::{eval, warnings};
/// assert!(warnings("logical_divide(10:1, 4)")[0].to_string().contains("needs predication"));
/// assert!(warnings("logical_divide(12:1, 4)").is_empty());
/// assert!(warnings("logical_divide(10:1,").is_empty());
/// assert!(warnings("logical_divide((2,4):(3,1), 3:3)")[0].to_string().contains("cover 9"));
/// assert!(eval("logical_divide((2,4):(3,1), 3:3)").is_err());
/// ```
pub fn warnings(expr: &str) -> Vec<Warning> {
    parse_warned(expr, Syntax::Cute)
        .map(|(_, w)| w)
        .unwrap_or_default()
}

/// [`parse`], with the warnings of every call (the outermost one's too, outermost last): the
/// one reading of an expression from which the front ends that explain or draw it take both
/// what they show and the warnings they print beside it.
///
/// # Errors
/// The errors of [`parse`].
///
/// ```
/// use cute_layout::eval::{parse_with_warnings, Expr};
/// let (e, w) = parse_with_warnings("logical_divide(10:1, 4)")?;
/// assert!(matches!(e, Expr::Call(_)));
/// assert!(w[0].to_string().contains("needs predication"));
/// # Ok::<(), cute_layout::LayoutError>(())
/// ```
pub fn parse_with_warnings(expr: &str) -> Result<(Expr, Vec<Warning>)> {
    parse_warned(expr, Syntax::Cute)
}

/// [`parse`], with the warnings of every call (the outermost one's too, outermost last).
fn parse_warned(expr: &str, syntax: Syntax) -> Result<(Expr, Vec<Warning>)> {
    let (e, mut warnings) = parse_nested_warned(expr, syntax)?;
    if let Expr::Call(call) = &e {
        warnings.extend(registry::warnings_of(call.op, &call.args));
    }
    Ok((e, warnings))
}

/// [`parse`], with the warnings of the nested calls (which it applies).
fn parse_nested_warned(expr: &str, syntax: Syntax) -> Result<(Expr, Vec<Warning>)> {
    let mut p = Parser::with_syntax(expr, syntax);
    p.warnings = Some(Vec::new());
    let e = parse_with(&mut p)?;
    Ok((e, p.warnings.take().unwrap_or_default()))
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
    pub args: Arguments,
}

impl Call {
    /// The value of the call (what [`eval`] gives for it).
    ///
    /// # Errors
    /// The errors of the operation, attributed to it.
    pub fn apply(&self) -> Result<Value> {
        self.op
            .call_ref(&self.args)
            .map_err(|e| within_call(self.op.name, e))
    }

    /// An error of this call's operation as [`Call::apply`] reports it: attributed to the
    /// operation (for a front end that applied the call another way, e.g.
    /// [`crate::explain::explain_call`], and reports what `eval` would).
    ///
    /// ```
    /// use cute_layout::eval::{eval, parse_with_warnings, Expr};
    /// use cute_layout::explain::explain_call;
    /// let expr = "complement((2,2):(2,3), 8)";
    /// let (Expr::Call(call), _) = parse_with_warnings(expr).unwrap() else { unreachable!() };
    /// let e = explain_call(expr, &call).unwrap().result.unwrap_err();
    /// assert_eq!(call.attribute(e).to_string(), eval(expr).unwrap_err().to_string());
    /// ```
    pub fn attribute(&self, e: LayoutError) -> LayoutError {
        within_call(self.op.name, e)
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
    parse_in(expr, Syntax::Cute)
}

/// [`parse`] of an expression written in `syntax` (see [`eval_in`]).
///
/// # Errors
/// The errors of [`parse`].
pub fn parse_in(expr: &str, syntax: Syntax) -> Result<Expr> {
    parse_with(&mut Parser::with_syntax(expr, syntax))
}

/// [`parse`] with the parser `p`, at the start of its input.
fn parse_with(p: &mut Parser<'_>) -> Result<Expr> {
    crate::budget::scope(|| parse_metered(p))
}

/// [`parse_with`] within the expression's budget.
fn parse_metered(p: &mut Parser<'_>) -> Result<Expr> {
    let expr = p.input();
    let e = match p.peek() {
        Some(_) if p.at_call() => {
            let (name, args) = parse_call(p, 0)?;
            Expr::Call(Call {
                op: operation(name)?,
                args,
            })
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
        Value::Morphism(m) => Ok(*m),
        Value::Layout(l) => crate::category::to_morphism(&l),
        v => Err(LayoutError::InvalidArgument {
            op: "morphism",
            detail: format!("{text} is {v}, not a layout or a tuple morphism"),
            hint: "give a layout S:D, a morphism `S -> T over α`, or an expression yielding one",
        }),
    }
}

/// The steps of the composition algorithm for `composition(A, B)` (what `cute morphism
/// --steps` draws): `A` and `B` are evaluated, then [`crate::category::via::composition_steps`]
/// computes `A ∘ B` on morphisms.
///
/// # Errors
/// Parse and evaluation errors; [`LayoutError::InvalidArgument`] if `text` is not a call of
/// `composition` with two layouts, or as [`crate::category::via::composition_steps`] (a layout
/// that is not tractable, no mutual refinement).
///
/// # Examples
/// ```
/// use cute_layout::eval::composition_steps_of;
/// let s = composition_steps_of("composition((12,3,6):(1,72,12), (6,6):(6,1))")?;
/// assert_eq!(s.result.to_string(), "((2,3),6):((6,72),1)");
/// assert!(composition_steps_of("coalesce((2,2):(1,2))").is_err());
/// # Ok::<(), cute_layout::LayoutError>(())
/// ```
pub fn composition_steps_of(text: &str) -> Result<crate::category::via::CompositionSteps> {
    let wrong = |detail: String| {
        LayoutError::InvalidArgument {
        op: "composition steps",
        detail,
        hint: "give composition(A, B) with two layouts, e.g. composition((12,3,6):(1,72,12), (6,6):(6,1))",
    }
    };
    let call = match parse(text.trim())? {
        Expr::Call(call) if call.op.name == "composition" && call.args.len() == 2 => call,
        _ => return Err(wrong(format!("{text} is not a call composition(A, B)"))),
    };
    let args = registry::Args::new(call.op, &call.args);
    let (a, b) = (args.layout(0)?, args.layout(1)?);
    crate::category::via::composition_steps(&a, &b)
}

/// The operation called `name`, looked up once per call (its warnings and its application
/// both use it).
///
/// # Errors
/// [`LayoutError::InvalidArgument`] for an unknown name, attributed to the call.
fn operation(name: &str) -> Result<&'static Operation> {
    // an unknown name is user text of any length: echoed cut to `MAX_ERROR_ECHO`
    registry::lookup(name)
        .ok_or_else(|| within_call(&crate::limits::echo(name), registry::unknown(name)))
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
