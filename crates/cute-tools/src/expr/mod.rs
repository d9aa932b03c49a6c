//! The syntax tree of an expression: text → [`Parsed`], which [`crate::eval`] walks once.
//!
//! An expression is a literal (`(4,8):(1,4)`, read by [`cute_layout::notation`]) or a call
//! `op(arg, ...)` whose arguments are expressions. [`parse`] reads the call syntax (names,
//! `cute::`/`cute.` namespaces, C++ template arguments `take<0,2>(L)`, the CuTe DSL's
//! `name=value` and `mode=[1,0]`) into a tree of [`Expr`] nodes, each with its [`Span`] in the
//! text; literals are read into their [`Value`]s by the notation parser. Nothing is evaluated
//! here and no operation is looked up: [`crate::eval::evaluate`] does both, in one walk.
//!
//! Parsing does not stop the tree at the first syntax error: the error becomes a node
//! ([`ExprKind::Error`]) where the text stops being an expression, after the arguments read
//! before it, so that evaluation reports what comes first in the text (a nested call that
//! fails before a later typo is reported as that call's error, as a reader would see it).
//!
//! ```
//! use cute_tools::expr::{parse, ExprKind};
//! use cute_layout::notation::Syntax;
//! let tree = parse("logical_divide(16:1, size(4:1))", Syntax::Cute);
//! let ExprKind::Call(call) = &tree.root.kind else { panic!() };
//! assert_eq!((call.name, call.args.len()), ("logical_divide", 2));
//! assert_eq!(tree.root.span, 0..31);
//! assert_eq!(call.args[1].expr.span, 21..30);
//! assert!(tree.error().is_none());
//! assert!(parse("size((2,3)", Syntax::Cute).error().is_some());
//! ```

use cute_layout::error::LayoutError;
use cute_layout::notation::{Parser, Syntax};
use cute_layout::value::Value;

pub use cute_layout::limits::MAX_NESTING;

/// A byte range of the text: where a node was written.
pub type Span = std::ops::Range<usize>;

/// The tree of one expression.
#[derive(Clone, Debug)]
pub struct Parsed<'a> {
    /// The text the tree was read from.
    pub text: &'a str,
    /// The expression.
    pub root: Expr<'a>,
    /// The syntax error after a complete `root` (text after the expression, `size(4) x`).
    pub trailing: Option<Box<LayoutError>>,
}

/// A node of the tree: what is written at `span`.
#[derive(Clone, Debug)]
pub struct Expr<'a> {
    /// What the node is.
    pub kind: ExprKind<'a>,
    /// Where it is written (for an error node, where the text stops being an expression).
    pub span: Span,
}

/// The kinds of nodes.
#[derive(Clone, Debug)]
pub enum ExprKind<'a> {
    /// A literal: its value (read by [`cute_layout::notation::Parser::literal`]).
    Literal(Value),
    /// A call `op(arg, ...)`.
    Call(CallExpr<'a>),
    /// A syntax error: the text is not an expression from here on (the last node of the tree
    /// in the order of the text).
    Error(Box<LayoutError>),
    /// C++'s stride-order tag as an argument, `LayoutRight{}` / `GenRowMajor{}` (`row`) or
    /// `LayoutLeft{}` / `GenColMajor{}`: the stride it stands for depends on the arguments
    /// before it (`make_layout(SHAPE, LayoutRight{})`), so the evaluator reads it.
    StrideOrder {
        /// Row-major (`LayoutRight`, `GenRowMajor`) rather than column-major.
        row: bool,
        /// The tag as written, without `cute::`.
        tag: &'static str,
    },
}

/// A call `op(arg, ...)`, as written.
#[derive(Clone, Debug)]
pub struct CallExpr<'a> {
    /// The operation's name, without a `cute::` or `cute.` namespace (not looked up yet).
    pub name: &'a str,
    /// Where the name is written.
    pub name_span: Span,
    /// Whether the call is spelled `cute.op` (the CuTe DSL): its arguments come in the DSL's
    /// order and may be named by the DSL's names.
    pub dsl: bool,
    /// Whether its arguments are read as Python (a `cute.op` call, one inside it, or an
    /// expression read in [`Syntax::Dsl`]): plain integers static, `mode=` taken as C++'s
    /// template arguments.
    pub python: bool,
    /// C++'s template arguments `<0,2>`, static integers (element types stand for their widths
    /// in bits): the call's last arguments, or the mode of a query (`size<1>(L)`).
    pub template: Vec<Value>,
    /// The arguments, in the order written; an unfinished call ends with an error node.
    pub args: Vec<Arg<'a>>,
}

/// An argument of a call.
#[derive(Clone, Debug)]
pub struct Arg<'a> {
    /// Python's `name=` before it, and the byte where the name starts (checked against the
    /// operation's parameters when the call is evaluated).
    pub keyword: Option<(&'a str, usize)>,
    /// The argument.
    pub expr: Expr<'a>,
}

impl Parsed<'_> {
    /// The first syntax error of the text, if there is one (evaluation may report an error of
    /// a call written before it instead: see the [module docs](self)).
    ///
    /// ```
    /// use cute_layout::notation::Syntax;
    /// use cute_tools::expr::parse;
    /// let e = parse("size(4:1, )", Syntax::Cute).error().unwrap().to_string();
    /// assert!(e.starts_with("parse error at byte 10"), "{e}");
    /// ```
    pub fn error(&self) -> Option<&LayoutError> {
        self.root.error().or(self.trailing.as_deref())
    }
}

impl Expr<'_> {
    /// The syntax error in this node, if there is one.
    fn error(&self) -> Option<&LayoutError> {
        match &self.kind {
            ExprKind::Literal(_) | ExprKind::StrideOrder { .. } => None,
            ExprKind::Error(e) => Some(e),
            ExprKind::Call(c) => c.args.last().and_then(|a| a.expr.error()),
        }
    }
}

/// Reads `text`, written in `syntax` (with [`Syntax::Dsl`], plain integers are static; calls
/// spelled `cute.op(...)` read their arguments so in any syntax), into its syntax tree.
///
/// ```
/// use cute_tools::expr::{parse, ExprKind};
/// use cute_layout::notation::Syntax;
/// let tree = parse("cute.make_layout((4,8), stride=(1,4))", Syntax::Cute);
/// let ExprKind::Call(call) = &tree.root.kind else { panic!() };
/// assert!(call.dsl && call.python);
/// assert_eq!(call.args[1].keyword, Some(("stride", 24)));
/// let tree = parse("take<0,2>((4,3,2):(1,4,12))", Syntax::Cute);
/// let ExprKind::Call(call) = &tree.root.kind else { panic!() };
/// assert_eq!((call.template.len(), call.args.len()), (2, 1));
/// ```
pub fn parse(text: &str, syntax: Syntax) -> Parsed<'_> {
    let mut p = Parser::with_syntax(text, syntax);
    let mut trailing = None;
    let root = match p.peek() {
        Some(_) if p.at_call() => {
            let (root, broken) = call(&mut p, 0);
            if !broken {
                trailing = p.end().err().map(Box::new);
            }
            root
        }
        None => error_here(&p, NOT_AN_EXPRESSION),
        Some(_) => {
            let start = p.pos();
            match p.literal().or_else(|e| p.symbolic_literal(start, e)) {
                Err(e) => error_node(e, p.pos()),
                Ok(_) if matches!(p.peek(), Some(c) if c.is_ascii_alphanumeric() || c == b'(') => {
                    // `9abc(...)`: a call with a name that is not one
                    error_node(LayoutError::parse(text, start, NOT_AN_EXPRESSION), start)
                }
                Ok(_) if at_operator(&mut p) => {
                    // `64*M`: a literal continued by an operator, which only a symbolic leaf has
                    let failed = p.error("end of input");
                    match p.symbolic_literal(start, failed) {
                        Ok(v) => {
                            let end = p.pos();
                            trailing = p.end().err().map(Box::new);
                            Expr {
                                kind: ExprKind::Literal(v),
                                span: start..end,
                            }
                        }
                        Err(e) => error_node(e, p.pos()),
                    }
                }
                Ok(v) => {
                    let end = p.pos();
                    trailing = p.end().err().map(Box::new);
                    Expr {
                        kind: ExprKind::Literal(v),
                        span: start..end,
                    }
                }
            }
        }
    };
    Parsed {
        text,
        root,
        trailing,
    }
}

/// [`parse`] of `text` as a call, whatever it starts with (what `explain` reports for a text
/// that is not a call is the error of reading it as one).
pub(crate) fn parse_as_call(text: &str) -> Parsed<'_> {
    let mut p = Parser::new(text);
    let (root, broken) = call(&mut p, 0);
    let trailing = if broken {
        None
    } else {
        p.end().err().map(Box::new)
    };
    Parsed {
        text,
        root,
        trailing,
    }
}

/// What an expression starts with.
const NOT_AN_EXPRESSION: &str = "an operation name or a literal";

/// An error node for `e`, at byte `at`.
#[cold]
fn error_node<'a>(e: LayoutError, at: usize) -> Expr<'a> {
    Expr {
        kind: ExprKind::Error(Box::new(e)),
        span: at..at,
    }
}

/// An error node at the parser's position: `expected` is missing.
#[cold]
fn error_here<'a>(p: &Parser<'_>, expected: &str) -> Expr<'a> {
    error_node(p.error(expected), p.pos())
}

/// The call at the parser's position (`depth` calls deep) and whether it is unfinished (it,
/// or a call inside it, ends with an error node: the caller stops reading too).
///
/// The name may be spelled `cute::op` (C++) or `cute.op` (the CuTe DSL: its arguments are then
/// read as Python, plain integers static, may be named, `stride=(1,4)`, and come in the DSL's
/// order). C++'s template arguments, `take<0,2>(L)`, are kept apart ([`CallExpr::template`]).
fn call<'a>(p: &mut Parser<'a>, depth: usize) -> (Expr<'a>, bool) {
    p.peek();
    let start = p.pos();
    let (name, dsl) = match call_name(p) {
        Ok(n) => n,
        Err(e) => return (error_node(e, p.pos()), true),
    };
    let name_span = start..p.pos();
    let mut c = CallExpr {
        name,
        name_span,
        dsl,
        python: false,
        template: Vec::new(),
        args: Vec::new(),
    };
    let template = if dsl {
        Ok(Vec::new())
    } else {
        template_arguments(p)
    };
    let broken = match template {
        Ok(template) => {
            c.template = template;
            let outer = p.python;
            p.python |= dsl;
            c.python = p.python;
            let broken = call_arguments(p, &mut c, depth);
            p.python = outer;
            broken
        }
        Err(e) => {
            let at = p.pos();
            c.args.push(Arg {
                keyword: None,
                expr: error_node(e, at),
            });
            true
        }
    };
    let span = start..p.pos();
    let node = Expr {
        kind: ExprKind::Call(c),
        span,
    };
    (node, broken)
}

/// C++'s template arguments `<0,2>` after a call's name, if there are any: integers, or
/// element types standing for their widths in bits (`recast_layout<uint16_t,uint32_t>(L)` is
/// `recast_layout(L,_16,_32)`); static, as C++ knows them at compile time.
fn template_arguments(p: &mut Parser<'_>) -> Result<Vec<Value>, LayoutError> {
    let mut items = Vec::new();
    if !p.accept(b'<') {
        return Ok(items);
    }
    loop {
        let at = p.pos();
        let value = if p.peek().is_some_and(|c| c.is_ascii_alphabetic()) {
            let name = p.ident()?;
            cute_layout::notation::atom::parse_value_type(name)
                .map(|t| cute_layout::int::Int::fixed(t.bits()))
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
fn call_name<'a>(p: &mut Parser<'a>) -> Result<(&'a str, bool), LayoutError> {
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

/// The arguments `(arg, ...)` of the call `c`, `depth` calls deep, read into `c.args`; whether
/// the call is unfinished (its last argument is, or ends with, an error node).
fn call_arguments<'a>(p: &mut Parser<'a>, c: &mut CallExpr<'a>, depth: usize) -> bool {
    let stop = |c: &mut CallExpr<'a>, e: Expr<'a>| {
        c.args.push(Arg {
            keyword: None,
            expr: e,
        });
        true
    };
    // a C++ function with no value here is refused before its arguments are read
    if let Err(e) = p.call_paren(c.name) {
        let at = p.pos();
        return stop(c, error_node(e, at));
    }
    if p.accept(b')') {
        return false;
    }
    loop {
        let keyword = if p.python && p.at_keyword() {
            let at = p.pos();
            match p.ident() {
                Ok(name) => Some((name, at)),
                Err(e) => return stop(c, error_node(e, at)),
            }
        } else {
            None
        };
        if keyword.is_some() {
            if let Err(e) = p.expect(b'=') {
                let at = p.pos();
                return stop(c, error_node(e, at));
            }
        }
        let i = c.args.len();
        if i >= cute_layout::limits::MAX_WIDTH {
            let what = format!("arguments of {}", cute_layout::limits::echo(c.name));
            if let Err(e) = cute_layout::limits::check_width("eval", &what, i + 1) {
                let at = p.pos();
                return stop(c, error_node(e, at));
            }
        }
        let (expr, broken) =
            if p.python && p.at("[") && cute_layout::notation::dsl_param(c.name, i) == Some("mode")
            {
                // the DSL's list of modes, `cute.size(x, mode=[1])`
                let start = p.pos();
                match p.python_mode_list() {
                    Ok(t) => (
                        Expr {
                            kind: ExprKind::Literal(Value::IntTuple(Box::new(t))),
                            span: start..p.pos(),
                        },
                        false,
                    ),
                    Err(e) => (error_node(e, p.pos()), true),
                }
            } else {
                let start = p.pos();
                match p.layout_major() {
                    Ok(Some((row, tag))) => (
                        Expr {
                            kind: ExprKind::StrideOrder { row, tag },
                            span: start..p.pos(),
                        },
                        false,
                    ),
                    Ok(None) => argument(p, depth),
                    Err(e) => (error_node(e, p.pos()), true),
                }
            };
        c.args.push(Arg { keyword, expr });
        if broken {
            return true;
        }
        if p.accept(b')') {
            return false;
        }
        if !p.accept(b',') {
            return stop(c, error_here(p, "',' or ')'"));
        }
    }
}

/// Whether an arithmetic operator follows (after a literal, only a symbolic leaf continues so:
/// `64*M`, `2*M-1`).
fn at_operator(p: &mut Parser<'_>) -> bool {
    matches!(p.peek(), Some(b'*' | b'/' | b'+' | b'-'))
}

/// An argument at the parser's position: a literal, or a nested call (at most
/// [`MAX_NESTING`] deep); whether it is unfinished.
fn argument<'a>(p: &mut Parser<'a>, depth: usize) -> (Expr<'a>, bool) {
    if p.at_call() {
        if depth >= MAX_NESTING {
            let e = p.error(&format!("at most {MAX_NESTING} levels of nested calls"));
            return (error_node(e, p.pos()), true);
        }
        return call(p, depth + 1);
    }
    p.peek();
    let start = p.pos();
    let mut v = Value::Underscore;
    // a literal that names a symbol (`(M,N):(1,M)`) where the ordinary notation fails
    let read = match p.literal_into(&mut v) {
        // `64*M`: a literal continued by an operator, which only a symbolic leaf has
        Ok(()) if at_operator(p) => {
            let failed = p.error("',' or ')'");
            p.symbolic_literal(start, failed).map(|s| v = s)
        }
        Ok(()) => Ok(()),
        Err(e) => p.symbolic_literal(start, e).map(|s| v = s),
    };
    match read {
        Ok(()) => (
            Expr {
                kind: ExprKind::Literal(v),
                span: start..p.pos(),
            },
            false,
        ),
        Err(e) => (error_node(e, p.pos()), true),
    }
}
