//! Evaluation of expressions in CuTe notation (what `cute eval` runs).
//!
//! An expression is a literal (`(4,8):(1,4)`, `Sw<3,0,3> o _0 o (_8,_8):(_8,_1)`, ...), which
//! evaluates to itself, or a call `op(arg, ...)` of an operation of the registry
//! ([`crate::registry`]; `cute ops` lists them) whose arguments are expressions. Nested calls
//! pass any value on: identity tensors, TV layouts, swizzled layouts, e.g.
//! `local_partition(make_identity_tensor((8,6)),(_2,_3):(_1,_2),4)` gives
//! `ArithTuple(0,2) o (4,2):(_2@0,_3@1)`.
//!
//! The text is read into a syntax tree by [`crate::expr::parse`]; [`evaluate`] walks it once.
//! [`eval`], [`eval_in`], [`eval_with_warnings`] and [`eval_with_warnings_in`] are that walk
//! for a text; [`prepare`] stops before applying the outermost call, for the front ends that
//! explain or draw how a result was made.

use crate::expr::{parse, CallExpr, Expr, ExprKind, Parsed, Span};
use crate::registry::{self, Operation};
use cute_layout::error::{LayoutError, Result, Warning};
use cute_layout::notation::Syntax;

pub use cute_layout::value::{Arguments, Value};

pub use cute_layout::limits::MAX_NESTING;

/// What [`evaluate`] gives: the value or the error, the warnings of every call evaluated
/// (outermost last), and where in the text the error came from.
#[derive(Debug)]
pub struct Evaluation {
    /// The value, or the error (the same message [`eval`] gives).
    pub value: Result<Value>,
    /// The warnings of the calls evaluated, when asked for (notes about valid inputs whose
    /// results need care, such as a tiler that does not divide the layout: see
    /// [`cute_layout::algebra::divide::uneven_tiles`]).
    pub warnings: Vec<Warning>,
    /// The node the error came from: the call whose operation failed (or was not found), or
    /// where the text stops being an expression; `None` for a value.
    pub source: Option<Span>,
}

/// Evaluates a syntax tree in one walk: each argument in the order written (a nested call is
/// applied as soon as its arguments are), then the outermost call; with `warnings`, collects
/// the warnings of every call (outermost last).
///
/// An error of a nested call says which argument of which call it is; a syntax error is
/// reported where the walk reaches it, after the calls written before it.
///
/// ```
/// use cute_layout::notation::Syntax;
/// use cute_tools::{eval::evaluate, expr::parse};
/// let text = "logical_divide(10:1, size(4:1))";
/// let e = evaluate(parse(text, Syntax::Cute), true);
/// assert_eq!(e.value?.to_string(), "(4,3):(1,4)");
/// assert!(e.warnings[0].to_string().contains("needs predication"));
/// let text = "logical_divide(10:1, complement((2,2):(2,3), 8))";
/// let e = evaluate(parse(text, Syntax::Cute), false);
/// assert!(e.value.unwrap_err().to_string().starts_with("logical_divide, argument 2: complement"));
/// assert_eq!(&text[e.source.unwrap()], "complement((2,2):(2,3), 8)");
/// # Ok::<(), cute_layout::LayoutError>(())
/// ```
pub fn evaluate(parsed: Parsed<'_>, warnings: bool) -> Evaluation {
    // the expression's budget (`cute_layout::budget`): one meter for all its calls
    cute_layout::budget::scope(|| evaluate_metered(parsed, warnings))
}

/// [`evaluate`] within the expression's budget.
fn evaluate_metered(parsed: Parsed<'_>, warnings: bool) -> Evaluation {
    let span = parsed.root.span.clone();
    let mut ev = Evaluator::new(warnings);
    let value = ev.root(parsed).and_then(|e| match e {
        Prepared::Value(v) => Ok(v),
        Prepared::Call(call) => {
            let pending = ev
                .warnings
                .is_some()
                .then(|| registry::pending_warnings(call.op, &call.args));
            let v = call.apply().inspect_err(|_| ev.fail(&span))?;
            if let (Some(warnings), Some(pending)) = (&mut ev.warnings, pending) {
                warnings.extend(pending.after(&call.args, &v));
            }
            Ok(v)
        }
    });
    Evaluation {
        value,
        warnings: ev.warnings.unwrap_or_default(),
        source: ev.source,
    }
}

/// Evaluates one expression.
///
/// # Errors
/// Parse errors, unknown operations, wrong arguments, and every error of the operation itself.
///
/// # Examples
/// ```
/// use cute_tools::eval::eval;
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
/// use cute_tools::eval::eval_in;
/// use cute_layout::notation::Syntax;
/// assert_eq!(eval_in("(4,8)", Syntax::Dsl)?.to_string(), "(_4,_8)");
/// assert_eq!(eval_in("cute.make_layout((4,8), stride=(1,4))", Syntax::Cute)?.to_string(), "(_4,_8):(_1,_4)");
/// assert_eq!(eval_in("Layout<Shape<_4,_8>,Stride<_1,_4>>", Syntax::Cpp)?.to_string(), "(_4,_8):(_1,_4)");
/// # Ok::<(), cute_layout::LayoutError>(())
/// ```
pub fn eval_in(expr: &str, syntax: Syntax) -> Result<Value> {
    evaluate(parse(expr, syntax), false).value
}

/// [`eval`], with the warnings of every call evaluated (outermost last): notes about valid
/// inputs whose results need care, such as a tiler that does not divide the layout (see
/// [`cute_layout::algebra::divide::uneven_tiles`]).
///
/// # Errors
/// The errors of [`eval`].
///
/// ```
/// use cute_tools::eval::eval_with_warnings;
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
/// use cute_layout::notation::Syntax;
/// use cute_tools::eval::eval_with_warnings_in;
/// let (v, _) = eval_with_warnings_in("(4, None)", Syntax::Dsl)?;
/// assert_eq!(v.to_string(), "(_4,_)");
/// # Ok::<(), cute_layout::LayoutError>(())
/// ```
pub fn eval_with_warnings_in(expr: &str, syntax: Syntax) -> Result<(Value, Vec<Warning>)> {
    let e = evaluate(parse(expr, syntax), true);
    e.value.map(|v| (v, e.warnings))
}

/// The warnings [`eval_with_warnings`] gives for `expr`, without applying its outermost call:
/// what the front ends that draw or explain a value print beside it (none where `expr` does
/// not parse or a nested call fails: the front end reports that error). The outermost call is
/// not applied: a divide that fails only in its composition is still warned about here
/// ([`cute_layout::algebra::divide::uneven_tiles`]), and [`eval`] gives its error.
///
/// ```
/// use cute_tools::eval::{eval, warnings};
/// assert!(warnings("logical_divide(10:1, 4)")[0].to_string().contains("needs predication"));
/// assert!(warnings("logical_divide(12:1, 4)").is_empty());
/// assert!(warnings("logical_divide(10:1,").is_empty());
/// assert!(warnings("logical_divide((2,4):(3,1), 3:3)")[0].to_string().contains("cover 9"));
/// assert!(eval("logical_divide((2,4):(3,1), 3:3)").is_err());
/// ```
pub fn warnings(expr: &str) -> Vec<Warning> {
    prepare(parse(expr, Syntax::Cute))
        .map(|(_, w)| w)
        .unwrap_or_default()
}

/// The walk of [`evaluate`] up to the outermost call, not applying it: its operation and its
/// arguments' values (what the front ends that explain or draw a call need: they apply it
/// their own way), with the warnings of every call, the outermost one's too (outermost last).
///
/// # Errors
/// Parse errors, unknown operations, and the errors of nested calls.
///
/// ```
/// use cute_tools::eval::{prepare, Prepared};
/// use cute_layout::notation::Syntax;
/// use cute_tools::expr::parse;
/// let (Prepared::Call(c), w) = prepare(parse("logical_divide(10:1, size(4:1))", Syntax::Cute))? else {
///     panic!()
/// };
/// assert_eq!((c.op.name, c.args[1].to_string().as_str()), ("logical_divide", "4"));
/// assert_eq!(c.apply()?.to_string(), "(4,3):(1,4)");
/// assert!(w[0].to_string().contains("needs predication"));
/// # Ok::<(), cute_layout::LayoutError>(())
/// ```
pub fn prepare(parsed: Parsed<'_>) -> Result<(Prepared, Vec<Warning>)> {
    cute_layout::budget::scope(|| prepare_metered(parsed))
}

/// [`prepare`] within the expression's budget.
fn prepare_metered(parsed: Parsed<'_>) -> Result<(Prepared, Vec<Warning>)> {
    let mut ev = Evaluator::new(true);
    let e = ev.root(parsed)?;
    let mut warnings = ev.warnings.unwrap_or_default();
    if let Prepared::Call(call) = &e {
        warnings.extend(registry::warnings_of(call.op, &call.args));
    }
    Ok((e, warnings))
}

/// The error of reading `text` as a call `op(arg, ...)` (its nested calls evaluated, the
/// operation not looked up), if there is one: what `explain` reports for a text that is not a
/// call.
pub(crate) fn call_error(text: &str) -> Option<LayoutError> {
    let parsed = crate::expr::parse_as_call(text);
    let mut ev = Evaluator::new(false);
    cute_layout::budget::scope(|| match parsed.root.kind {
        ExprKind::Call(c) => ev.call(c).err().or(parsed.trailing.map(|e| *e)),
        ExprKind::Error(e) => Some(*e),
        ExprKind::Literal(_) => None,
        ExprKind::StrideOrder { row, tag } => {
            cute_layout::notation::major_stride("eval", 0, &[], (row, tag)).err()
        }
    })
}

/// An expression walked up to its outermost call ([`prepare`]): a literal, or a call whose
/// arguments are evaluated.
#[derive(Clone, Debug)]
#[allow(clippy::large_enum_variant)] // moved once, into `eval`'s result, which is a `Value` too
pub enum Prepared {
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
    /// use cute_tools::eval::{eval, prepare, Prepared};
    /// use cute_layout::notation::Syntax;
    /// use cute_tools::{explain::explain_call, expr::parse};
    /// let expr = "complement((2,2):(2,3), 8)";
    /// let (Prepared::Call(call), _) = prepare(parse(expr, Syntax::Cute)).unwrap() else { unreachable!() };
    /// let e = explain_call(expr, &call).unwrap().result.unwrap_err();
    /// assert_eq!(call.attribute(e).to_string(), eval(expr).unwrap_err().to_string());
    /// ```
    pub fn attribute(&self, e: LayoutError) -> LayoutError {
        within_call(self.op.name, e)
    }
}

/// The one walk of a syntax tree: the warnings collected (when asked for) and where an error
/// came from.
struct Evaluator {
    warnings: Option<Vec<Warning>>,
    source: Option<Span>,
}

impl Evaluator {
    fn new(warnings: bool) -> Self {
        Evaluator {
            warnings: warnings.then(Vec::new),
            source: None,
        }
    }

    /// Notes that the error being returned came from `span` (the innermost node: the first
    /// one noted).
    #[cold]
    fn fail(&mut self, span: &Span) {
        self.source.get_or_insert_with(|| span.clone());
    }

    /// The tree walked up to its outermost call.
    fn root(&mut self, parsed: Parsed<'_>) -> Result<Prepared> {
        let Parsed {
            text,
            root,
            trailing,
        } = parsed;
        let end = text.len();
        let check_end = |ev: &mut Self, t: Option<Box<LayoutError>>| match t {
            Some(e) => {
                ev.fail(&(end..end));
                Err(*e)
            }
            None => Ok(()),
        };
        match root.kind {
            ExprKind::Error(e) => {
                self.fail(&root.span);
                Err(*e)
            }
            ExprKind::Literal(v) => {
                check_end(self, trailing)?;
                Ok(Prepared::Value(v))
            }
            ExprKind::StrideOrder { row, tag } => {
                self.fail(&root.span);
                Err(
                    cute_layout::notation::major_stride("eval", 0, &[], (row, tag))
                        .err()
                        .unwrap_or_else(|| LayoutError::parse(text, 0, "an expression")),
                )
            }
            ExprKind::Call(c) => {
                let name_span = c.name_span.clone();
                let (name, args) = self.call(c)?;
                let op = operation(name).inspect_err(|_| self.fail(&name_span))?;
                check_end(self, trailing)?;
                Ok(Prepared::Call(Call { op, args }))
            }
        }
    }

    /// Argument `i` of a call of `outer`: a literal's value, or a nested call applied (its
    /// errors say which argument of which call it is).
    fn argument(&mut self, arg: Expr<'_>, (outer, i): (&str, usize)) -> Result<Value> {
        let c = match arg.kind {
            ExprKind::Literal(v) => return Ok(v),
            ExprKind::StrideOrder { row, tag } => {
                return cute_layout::notation::major_stride(outer, i, &[], (row, tag))
            }
            ExprKind::Error(e) => {
                self.fail(&arg.span);
                return Err(*e);
            }
            ExprKind::Call(c) => c,
        };
        let in_argument = |e: LayoutError| match e.root() {
            LayoutError::Parse { .. } => e,
            _ => e.within(format!("{outer}, argument {}", i + 1)),
        };
        let name_span = c.name_span.clone();
        let (name, items) = self.call(c).map_err(in_argument)?;
        let op = match operation(name) {
            Ok(op) => op,
            Err(e) => {
                self.fail(&name_span);
                return Err(in_argument(e));
            }
        };
        let pending = self
            .warnings
            .is_some()
            .then(|| registry::pending_warnings(op, &items));
        // attributed to the name as written (an alias, `group_modes`, stays `group_modes`)
        let out = match op.call_ref(&items) {
            Ok(v) => v,
            Err(e) => {
                self.fail(&arg.span);
                return Err(in_argument(within_call(name, e)));
            }
        };
        if let (Some(warnings), Some(pending)) = (&mut self.warnings, pending) {
            warnings.extend(pending.after(&items, &out));
        }
        Ok(out)
    }

    /// The call `c` up to its application: its name and its arguments' values, C++'s template
    /// arguments among them. Those of the queries of [`registry::MODE_TEMPLATE_QUERIES`] select
    /// a mode first: `size<1,0>(L)` is `size(get(L, 1, 0))`.
    fn call<'a>(&mut self, c: CallExpr<'a>) -> Result<(&'a str, Arguments)> {
        let op = c.name;
        let mut items = Arguments::new();
        for arg in c.args {
            let i = items.len();
            if let Some((name, at)) = arg.keyword {
                keyword(op, i, c.dsl, name, at).inspect_err(|_| self.fail(&(at..at)))?;
            }
            let v = if let ExprKind::StrideOrder { row, tag } = arg.expr.kind {
                // C++'s `make_layout(shape, LayoutRight{})`: the stride the tag stands for
                cute_layout::notation::major_stride(op, i, &items, (row, tag))
                    .inspect_err(|_| self.fail(&arg.expr.span))?
            } else {
                self.argument(arg.expr, (op, i))?
            };
            items.push(v);
        }
        let mut template: Arguments = c.template.into_iter().collect();
        if c.dsl {
            cute_layout::notation::dsl_order(op, &mut items);
        }
        if c.python {
            template.extend(dsl_mode(op, &mut items)?);
        }
        if template.is_empty() || !registry::MODE_TEMPLATE_QUERIES.contains(&op) || items.len() != 1
        {
            items.extend(template);
        } else {
            // C++'s `size<I...>(x)` is `size(get<I...>(x))`, for an `x` the query takes: C++ has
            // no `stride` of an int-tuple, so neither `stride<1>((4,(8,2)))` (whose mode would
            // be refused, named as the mode rather than as given) nor `stride<0>((2,3))` (whose
            // mode, an integer, would be taken)
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
}

/// The CuTe DSL's `mode=` argument of `op` (an index, or a list or tuple of them:
/// `cute.size(x, mode=[1, 0])`, `cute.get(x, mode=[0, 1])`), taken out of `items`: the path of
/// modes it names, which is C++'s template arguments (`size<1,0>(x)`, `get<0,1>(x)`); none where
/// `op` takes no `mode` or it is not given.
///
/// # Errors
/// A `mode` that is neither an index nor a flat list of them.
fn dsl_mode(op: &str, items: &mut Arguments) -> Result<Arguments> {
    if cute_layout::notation::dsl_param(op, 1) != Some("mode") || items.len() != 2 {
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

/// Checks Python's `name=`, written at byte `at` before argument `i` of `op`: it must name the
/// parameter at that position, by this tool's name or the CuTe DSL's (arguments are matched by
/// position; in a call spelled `cute.op`, `dsl`, by the DSL's position).
fn keyword(op: &str, i: usize, dsl: bool, name: &str, at: usize) -> Result<()> {
    // the DSL's names and order hold in a call spelled `cute.op`, or where its order is ours
    let reordered = cute_layout::notation::dsl_position(op, i);
    let here = if dsl { reordered.unwrap_or(i) } else { i };
    let param = registry::lookup(op).and_then(|o| {
        o.params.get(here).or(o
            .params
            .last()
            .filter(|l| l.presence == registry::Presence::Variadic))
    });
    let dsl = cute_layout::notation::dsl_param(op, i).filter(|_| dsl || reordered.is_none());
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
    Ok(())
}

/// The morphism named by `text`: a morphism literal `S -> T over α`, a tractable layout (its
/// standard form [`cute_layout::category::to_morphism`]), or an `eval` expression yielding either (what
/// `cute morphism` accepts).
///
/// # Errors
/// Parse and evaluation errors; [`LayoutError::InvalidArgument`] if the layout is not
/// tractable or the expression yields something else.
///
/// # Examples
/// ```
/// use cute_tools::eval::morphism_of;
/// assert_eq!(morphism_of("(4,5):(1,64)")?.to_string(), "(4,5) -> (4,16,5) over (1,3)");
/// assert_eq!(morphism_of("(4) -> (2,4) over (2)")?.to_string(), "(4) -> (2,4) over (2)");
/// assert_eq!(morphism_of("composition((4,4):(1,8), (2,2):(1,2))")?.to_string(), "(2,2) -> (2,2) over (1,2)");
/// # Ok::<(), cute_layout::LayoutError>(())
/// ```
pub fn morphism_of(text: &str) -> Result<cute_layout::category::NestedMorphism> {
    match eval(text)? {
        Value::Morphism(m) => Ok(*m),
        Value::Layout(l) => cute_layout::category::to_morphism(&l),
        v => Err(LayoutError::InvalidArgument {
            op: "morphism",
            detail: format!("{text} is {v}, not a layout or a tuple morphism"),
            hint: "give a layout S:D, a morphism `S -> T over α`, or an expression yielding one",
        }),
    }
}

/// The steps of the composition algorithm for `composition(A, B)` (what `cute morphism
/// --steps` draws): `A` and `B` are evaluated, then [`cute_layout::category::via::composition_steps`]
/// computes `A ∘ B` on morphisms.
///
/// # Errors
/// Parse and evaluation errors; [`LayoutError::InvalidArgument`] if `text` is not a call of
/// `composition` with two layouts, or as [`cute_layout::category::via::composition_steps`] (a layout
/// that is not tractable, no mutual refinement).
///
/// # Examples
/// ```
/// use cute_tools::eval::composition_steps_of;
/// let s = composition_steps_of("composition((12,3,6):(1,72,12), (6,6):(6,1))")?;
/// assert_eq!(s.result.to_string(), "((2,3),6):((6,72),1)");
/// assert!(composition_steps_of("coalesce((2,2):(1,2))").is_err());
/// # Ok::<(), cute_layout::LayoutError>(())
/// ```
pub fn composition_steps_of(text: &str) -> Result<cute_layout::category::via::CompositionSteps> {
    let wrong = |detail: String| {
        LayoutError::InvalidArgument {
        op: "composition steps",
        detail,
        hint: "give composition(A, B) with two layouts, e.g. composition((12,3,6):(1,72,12), (6,6):(6,1))",
    }
    };
    let call = match prepare(parse(text.trim(), Syntax::Cute))?.0 {
        Prepared::Call(call) if call.op.name == "composition" && call.args.len() == 2 => call,
        _ => return Err(wrong(format!("{text} is not a call composition(A, B)"))),
    };
    let args = registry::Args::new(call.op, &call.args);
    let (a, b) = (args.layout(0)?, args.layout(1)?);
    cute_layout::category::via::composition_steps(&a, &b)
}

/// The operation called `name`, looked up once per call (its warnings and its application
/// both use it).
///
/// # Errors
/// [`LayoutError::InvalidArgument`] for an unknown name, attributed to the call.
fn operation(name: &str) -> Result<&'static Operation> {
    // an unknown name is user text of any length: echoed cut to `MAX_ERROR_ECHO`
    registry::lookup(name)
        .ok_or_else(|| within_call(&cute_layout::limits::echo(name), registry::unknown(name)))
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

/// The refusal of `op` (a picture, an analysis, a comparison) to take the symbolic value `v`
/// of `what`: it names the unknown extents and says how to give them values; `None` where
/// `v` is not symbolic.
///
/// ```
/// use cute_tools::eval::{eval, unknown_extents};
/// let v = eval("(M,N):(1,M)")?;
/// let e = unknown_extents("render", "(M,N):(1,M)", &v).unwrap();
/// assert!(e.to_string().contains("the unknown extents M, N"));
/// assert!(e.to_string().contains("subs("));
/// # Ok::<(), cute_layout::LayoutError>(())
/// ```
pub fn unknown_extents(op: &'static str, what: &str, v: &Value) -> Option<LayoutError> {
    let Value::Symbolic(s) = v else { return None };
    Some(LayoutError::InvalidArgument {
        op,
        detail: format!(
            "{what} is the symbolic value {s}, with the unknown extents {}: it needs a value for each",
            s.symbols().join(", ")
        ),
        hint: "give the symbols values first: subs(EXPR, M=256, N=128)",
    })
}
