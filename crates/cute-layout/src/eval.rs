//! Evaluation of `op(arg, ...)` expressions in CuTe notation (what `cute eval` runs).
//!
//! Every argument is a literal: an integer, `_`, an int-tuple, a layout `S:D` or a tiler
//! `<...>`. An int-tuple passed where a tiler is expected is a shape tiler. Operation names and
//! argument orders are CuTe's; see [`OPERATIONS`] for the list.
//!
//! An argument may also be a nested call, evaluated first: this is how identity tensors, which
//! have no literal form, are passed on, e.g.
//! `local_partition(make_identity_tensor((8,6)),(_2,_3):(_1,_2),4)` gives
//! `ArithTuple(0,2) o (4,2):(_2@0,_3@1)`.

use crate::algebra::coalesce::{
    coalesce, coalesce_by, filter, filter_by, filter_zeros, filter_zeros_by,
};
use crate::algebra::complement::{complement, complement_default};
use crate::algebra::composition::{composition, composition_tiler};
use crate::algebra::divide::{flat_divide, logical_divide, tiled_divide, zipped_divide};
use crate::algebra::inverse::{
    left_inverse, max_common_layout, max_common_vector, nullspace, right_inverse,
};
use crate::algebra::product::{
    blocked_product, flat_product, logical_product, raked_product, tile_to_shape, tiled_product,
    zipped_product,
};
use crate::coord::{crd2crd, crd2idx_shape, idx2crd, Coord, CoordLeaf};
use crate::error::{LayoutError, Result};
use crate::int::Int;
use crate::layout::Layout;
use crate::notation::print::{self, Sink};
use crate::notation::{coord_to_tiler, Literal, Parser};
use crate::tiler::Tiler;
use crate::tuple::IntTuple;
use std::borrow::Cow;
use std::fmt::{self, Write as _};

/// The result of an expression.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Value {
    /// An integer (`size`, `cosize`, `crd2idx`, ...).
    Int(Int),
    /// An int-tuple (`idx2crd`, `shape_div`, ...).
    IntTuple(IntTuple),
    /// A layout.
    Layout(Layout),
    /// A layout and an offset (`slice_and_offset`), printed `LAYOUT+OFFSET`.
    LayoutOffset(Layout, Int),
    /// A truth value (`congruent`, `compatible`, ...), printed `true` / `false`.
    Bool(bool),
    /// A tuple morphism (`to_morphism`), printed `S -> T over α`.
    Morphism(crate::category::NestedMorphism),
    /// A swizzle `Sw<B,M,S>`.
    Swizzle(crate::swizzle::Swizzle),
    /// A composed layout `A o OFFSET o LAYOUT` (`A` a swizzle `Sw<B,M,S>` or a layout).
    Composed(crate::swizzle::ComposedLayout),
    /// A swizzled layout and an offset (a partition of a swizzled tensor), printed `CL+OFFSET`.
    ComposedOffset(crate::swizzle::ComposedLayout, Int),
    /// A TV layout with its tile (`make_layout_tv`), printed `(TILER,LAYOUT_TV)` as CuTe prints
    /// the tuple.
    Tv(Box<crate::tv::TvLayout>),
    /// A layout with scaled-basis strides (`make_identity_layout`), e.g. `(4,3):(_1@0,_1@1)`.
    Basis(Box<crate::basis::BasisLayout>),
    /// An identity tensor (`make_identity_tensor` and its partitions), printed as CuTe prints
    /// it, `ArithTuple(START) o LAYOUT`: `ArithTuple(_0,_0) o (2,3):(_1@0,_1@1)`.
    IdentityTensor(Box<crate::basis::IdentityTensor>),
}

impl Value {
    /// Appends the text `Display` prints to `out`: integers, int-tuples and layouts straight,
    /// without a formatter (this is how `cute eval` prints its results).
    ///
    /// ```
    /// use cute_layout::eval::eval;
    /// let mut line = String::from("> ");
    /// eval("logical_divide(16:1,4:2)").unwrap().append_to(&mut line);
    /// assert_eq!(line, "> (4,(2,2)):(2,(1,8))");
    /// ```
    pub fn append_to(&self, out: &mut String) {
        let appended = match self {
            Value::Int(i) => out.int(*i),
            Value::IntTuple(t) => print::int_tree(out, &t.nodes),
            Value::Layout(l) => print::layout_to(out, &l.shape().nodes, &l.stride().nodes),
            v => write!(out, "{v}"),
        };
        appended.expect("a String takes any text");
    }
}

impl fmt::Display for Value {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Value::Int(i) => i.fmt(f),
            Value::IntTuple(t) => t.fmt(f),
            Value::Layout(l) => l.fmt(f),
            Value::LayoutOffset(l, o) => write!(f, "{l}+{o}"),
            Value::Bool(b) => b.fmt(f),
            Value::Morphism(m) => m.fmt(f),
            Value::Swizzle(sw) => sw.fmt(f),
            Value::Composed(c) => c.fmt(f),
            Value::ComposedOffset(c, o) => write!(f, "{c}+{o}"),
            Value::Tv(tv) => write!(f, "({},{})", tv.tiler, tv.layout),
            Value::Basis(b) => b.fmt(f),
            Value::IdentityTensor(t) => t.fmt(f),
        }
    }
}

/// The operations `eval` knows, with their arguments.
pub const OPERATIONS: &[(&str, &str)] = &[
    ("size", "size(L) or size(T)"),
    ("cosize", "cosize(L)"),
    ("rank", "rank(L) or rank(T)"),
    ("depth", "depth(L) or depth(T)"),
    ("shape", "shape(L)"),
    ("stride", "stride(L)"),
    (
        "crd2idx",
        "crd2idx(L, coord) or crd2idx(coord, shape[, stride])",
    ),
    ("idx2crd", "idx2crd(index, shape)"),
    ("crd2crd", "crd2crd(coord, src_shape, dst_shape)"),
    (
        "make_layout",
        "make_layout(shape[, stride]) or make_layout(L0, L1, ...)",
    ),
    (
        "make_layout_right",
        "make_layout_right(shape): row-major (LayoutRight)",
    ),
    ("make_ordered_layout", "make_ordered_layout(shape, order)"),
    (
        "layout",
        "layout(L, i, j, ...): the sub-layout at a path (also `get`)",
    ),
    ("select", "select(L, i, j, ...)"),
    ("take", "take(L, begin, end)"),
    ("group", "group(L, begin, end)"),
    ("flatten", "flatten(L) or flatten(T)"),
    ("append", "append(L, X) or append(L) (adds _1:_0)"),
    ("prepend", "prepend(L, X) or prepend(L)"),
    ("replace", "replace(L, i, X)"),
    ("zip", "zip(L)"),
    ("slice", "slice(coord, L)"),
    ("dice", "dice(coord, L)"),
    ("slice_and_offset", "slice_and_offset(coord, L)"),
    ("coalesce", "coalesce(L[, profile])"),
    ("filter", "filter(L[, profile])"),
    ("filter_zeros", "filter_zeros(L[, profile])"),
    ("composition", "composition(L, tiler)"),
    ("complement", "complement(L[, cotarget])"),
    ("right_inverse", "right_inverse(L)"),
    ("left_inverse", "left_inverse(L)"),
    ("max_common_layout", "max_common_layout(A, B)"),
    ("max_common_vector", "max_common_vector(A, B)"),
    ("nullspace", "nullspace(L)"),
    ("logical_divide", "logical_divide(L, tiler)"),
    ("zipped_divide", "zipped_divide(L, tiler)"),
    ("tiled_divide", "tiled_divide(L, tiler)"),
    ("flat_divide", "flat_divide(L, tiler)"),
    ("logical_product", "logical_product(A, tiler)"),
    ("zipped_product", "zipped_product(A, tiler)"),
    ("tiled_product", "tiled_product(A, tiler)"),
    ("flat_product", "flat_product(A, tiler)"),
    ("blocked_product", "blocked_product(A, B)"),
    ("raked_product", "raked_product(A, B)"),
    ("tile_to_shape", "tile_to_shape(L, shape[, order])"),
    ("product_each", "product_each(T)"),
    ("shape_div", "shape_div(A, B)"),
    ("ceil_div", "ceil_div(A, B)"),
    ("inner_product", "inner_product(A, B)"),
    ("congruent", "congruent(A, B)"),
    ("weakly_congruent", "weakly_congruent(A, B)"),
    ("compatible", "compatible(A, B)"),
    ("evenly_divides", "evenly_divides(shape, tiler)"),
    ("compact_col_major", "compact_col_major(shape)"),
    ("compact_row_major", "compact_row_major(shape)"),
    // Swizzles, composed layouts, re-typing, tensors and TV layouts (a layout stands for the
    // tensor over the offsets 0..cosize; partitions print LAYOUT+OFFSET).
    (
        "make_swizzle",
        "make_swizzle(Y, Z): the swizzle with masks Y and Z",
    ),
    (
        "make_composed_layout",
        "make_composed_layout(Sw<B,M,S> | A, offset, L): printed `A o OFFSET o L`; also composition(Sw, L)",
    ),
    ("upcast", "upcast(L | Sw | CL, N)"),
    ("downcast", "downcast(L | Sw | CL, N)"),
    (
        "recast_layout",
        "recast_layout(L | CL, old_bits, new_bits): recast_layout<Old,New>",
    ),
    ("local_tile", "local_tile(T, tiler, coord[, proj])"),
    ("inner_partition", "inner_partition(T, tiler, coord)"),
    ("outer_partition", "outer_partition(T, tiler, coord)"),
    (
        "local_partition",
        "local_partition(T, thr_layout, idx[, proj])",
    ),
    (
        "make_layout_tv",
        "make_layout_tv(thr_layout, val_layout): (tiler_mn, layout_tv)",
    ),
    (
        "tv_partition",
        "tv_partition(T, thr_layout, val_layout, tid): thread tid's values of T",
    ),
    (
        "make_identity_layout",
        "make_identity_layout(shape): strides are basis vectors _1@i",
    ),
    (
        "make_identity_tensor",
        "make_identity_tensor(shape): element c is c, printed ArithTuple(_0,..) o LAYOUT; nest it in local_tile, inner/outer/local_partition, tv_partition, slice, crd2idx, the divides",
    ),
    (
        "is_tractable",
        "is_tractable(L): whether L is the layout of a tuple morphism",
    ),
    (
        "to_morphism",
        "to_morphism(L): the standard-form tuple morphism of a tractable L, `S -> T over α`",
    ),
    (
        "from_morphism",
        "from_morphism(S -> T over α): the layout of a tuple morphism (`*` = base point)",
    ),
];

struct Args<'a> {
    op: &'a str,
    items: Vec<Literal>,
}

impl Args<'_> {
    fn arity(&self, min: usize, max: usize) -> Result<()> {
        if self.items.len() < min || self.items.len() > max {
            let usage = OPERATIONS
                .iter()
                .find(|(n, _)| *n == self.op)
                .map_or("", |(_, u)| u);
            return Err(LayoutError::InvalidArgument {
                op: "eval",
                detail: format!(
                    "{} takes {} argument(s), got {}",
                    self.op,
                    if min == max {
                        min.to_string()
                    } else {
                        format!("{min} to {max}")
                    },
                    self.items.len()
                ),
                hint: if usage.is_empty() {
                    "see `cute ops`"
                } else {
                    usage
                },
            });
        }
        Ok(())
    }

    fn wrong(&self, i: usize, want: &str) -> LayoutError {
        LayoutError::InvalidArgument {
            op: "eval",
            detail: format!(
                "argument {} of {} must be {want}, got {}",
                i + 1,
                self.op,
                describe(&self.items[i])
            ),
            hint: OPERATIONS
                .iter()
                .find(|(n, _)| *n == self.op)
                .map_or("see `cute ops`", |(_, u)| u),
        }
    }

    /// Argument `i` as a layout, borrowed when it is one (an integer `n` is `make_layout(n)`).
    fn layout(&self, i: usize) -> Result<Cow<'_, Layout>> {
        match &self.items[i] {
            Literal::Layout(l) => Ok(Cow::Borrowed(l)),
            Literal::Int(n) => Ok(Cow::Owned(Layout::from_extent(*n))),
            _ => Err(self.wrong(i, "a layout S:D")),
        }
    }

    /// Argument `i` as a tiler, borrowed when it is one.
    fn tiler(&self, i: usize) -> Result<Cow<'_, Tiler>> {
        match &self.items[i] {
            Literal::Layout(l) => Ok(Cow::Owned(Tiler::Layout(l.clone()))),
            Literal::Tiler(t) => Ok(Cow::Borrowed(t)),
            Literal::Int(n) => Ok(Cow::Owned(Tiler::from_int(*n))),
            Literal::Underscore => Ok(Cow::Owned(Tiler::Underscore)),
            Literal::Tuple(c) => coord_to_tiler(c)
                .map(Cow::Owned)
                .ok_or_else(|| self.wrong(i, "a tiler")),
            Literal::Morphism(_) => Err(self.wrong(i, "a tiler")),
            Literal::Swizzle(_) | Literal::Composed(_) => Err(self.wrong(i, "a tiler")),
            Literal::Basis(_) | Literal::IdentityTensor(_) => Err(self.wrong(i, "a tiler")),
        }
    }

    /// Argument `i` as a coordinate, borrowed when it is a tuple.
    fn coord(&self, i: usize) -> Result<Cow<'_, Coord>> {
        match &self.items[i] {
            Literal::Int(n) => Ok(Cow::Owned(Coord::leaf(CoordLeaf::Index(*n)))),
            Literal::Underscore => Ok(Cow::Owned(Coord::leaf(CoordLeaf::Underscore))),
            Literal::Tuple(c) => Ok(Cow::Borrowed(c)),
            _ => Err(self.wrong(i, "a coordinate")),
        }
    }

    fn int_tuple(&self, i: usize) -> Result<IntTuple> {
        let c = self.coord(i).map_err(|_| self.wrong(i, "an int-tuple"))?;
        if c.has_underscore() {
            return Err(self.wrong(i, "an int-tuple without `_`"));
        }
        Ok(c.underscores_as_zero())
    }

    fn index(&self, i: usize) -> Result<usize> {
        match &self.items[i] {
            Literal::Int(n) if n.value() >= 0 => Ok(n.value() as usize),
            _ => Err(self.wrong(i, "a non-negative integer")),
        }
    }

    fn is_layout(&self, i: usize) -> bool {
        matches!(self.items[i], Literal::Layout(_))
    }
}

fn describe(l: &Literal) -> String {
    match l {
        Literal::Int(i) => format!("the integer {i}"),
        Literal::Underscore => "`_`".to_string(),
        Literal::Tuple(t) => format!("the tuple {t}"),
        Literal::Layout(l) => format!("the layout {l}"),
        Literal::Tiler(t) => format!("the tiler {t}"),
        Literal::Morphism(m) => format!("the morphism {m}"),
        Literal::Swizzle(sw) => format!("the swizzle {sw}"),
        Literal::Composed(c) => format!("the swizzled layout {c}"),
        Literal::Basis(b) => format!("the identity layout {b}"),
        Literal::IdentityTensor(t) => format!("the identity tensor {t}"),
    }
}

/// Parses `op(arg, ...)`: the operation name and its literal arguments.
///
/// An argument may itself be a call `op(...)` (at most [`MAX_NESTING`] deep): it is evaluated
/// and its value becomes the argument, e.g. `local_tile(make_identity_tensor((8,6)),(_4,_3),(1,1))`.
///
/// # Errors
/// [`LayoutError::Parse`]; the errors of a nested call; [`LayoutError::InvalidArgument`] when
/// a nested call's value (a truth value, a partition) cannot be an argument.
///
/// ```
/// use cute_layout::eval::parse_expr;
/// let (op, args) = parse_expr("composition((6,2):(8,2), (4,3):(3,1))").unwrap();
/// assert_eq!((op.as_str(), args.len()), ("composition", 2));
/// let (_, args) = parse_expr("size(make_layout((2,3)))").unwrap();
/// assert_eq!(args.len(), 1);
/// ```
pub fn parse_expr(expr: &str) -> Result<(String, Vec<Literal>)> {
    let (op, items) = parse_whole_call(expr)?;
    Ok((op.to_string(), items))
}

/// [`parse_expr`] with the operation name borrowed from `expr`.
fn parse_whole_call(expr: &str) -> Result<(&str, Vec<Literal>)> {
    let mut p = Parser::new(expr);
    let call = parse_call(&mut p, 0)?;
    p.end()?;
    Ok(call)
}

pub use crate::limits::MAX_NESTING;

/// An argument, written to `out`: a literal, or a nested call evaluated to a literal.
fn argument(p: &mut Parser<'_>, depth: usize, out: &mut Literal) -> Result<()> {
    if !matches!(p.peek(), Some(c) if c.is_ascii_lowercase()) {
        return p.literal_into(out);
    }
    if depth >= MAX_NESTING {
        return Err(p.error(&format!("at most {MAX_NESTING} levels of nested calls")));
    }
    let (op, items) = parse_call(p, depth + 1)?;
    let v = eval_call(op, items)?;
    *out = match v {
        Value::Int(i) => Literal::Int(i),
        Value::IntTuple(t) => Literal::Tuple(Coord::from_int_tuple(&t)),
        Value::Layout(l) => Literal::Layout(l),
        Value::Morphism(m) => Literal::Morphism(m),
        Value::Swizzle(sw) => Literal::Swizzle(sw),
        Value::Composed(c) => Literal::Composed(c),
        Value::Basis(b) => Literal::Basis(b),
        Value::IdentityTensor(t) => Literal::IdentityTensor(t),
        v => {
            return Err(LayoutError::InvalidArgument {
                op: "eval",
                detail: format!("the value {v} of `{op}(...)` cannot be an argument"),
                hint: "nest calls yielding an integer, a tuple, a layout or an identity tensor",
            })
        }
    };
    Ok(())
}

/// `op(arg, ...)` at the parser's position: the operation name and its arguments.
fn parse_call<'a>(p: &mut Parser<'a>, depth: usize) -> Result<(&'a str, Vec<Literal>)> {
    let op = p.ident()?;
    p.expect(b'(')?;
    // most calls have one or two arguments; a `Vec` of four literals would not come from
    // the allocator's cache of small blocks
    let mut items = Vec::with_capacity(2);
    if !p.accept(b')') {
        loop {
            // each argument is read in place, in its slot of `items` (`resize_with` writes
            // the placeholder there, where `push` would copy a whole `Literal`)
            let last = items.len();
            items.resize_with(last + 1, || Literal::Underscore);
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
    let (op, items) = parse_whole_call(expr)?;
    eval_call(op, items)
}

/// Applies the operation `op` to its arguments, its errors attributed to it.
fn eval_call(op: &str, items: Vec<Literal>) -> Result<Value> {
    apply(&Args { op, items }).map_err(|e| within_call(op, e))
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

fn layout_or_tuple_query(
    args: &Args<'_>,
    on_layout: fn(&Layout) -> Result<Int>,
    on_tuple: fn(&IntTuple) -> Result<Int>,
) -> Result<Value> {
    args.arity(1, 1)?;
    Ok(Value::Int(if args.is_layout(0) {
        on_layout(&*args.layout(0)?)?
    } else {
        on_tuple(&args.int_tuple(0)?)?
    }))
}

fn size_of_rank(n: usize) -> Int {
    Int::fixed(n as i64)
}

/// Evaluates the call. Swizzles, composed layouts and identity tensors as arguments have their
/// own forms of the operations, tried first. With ordinary arguments only, the ordinary
/// operations are matched first: the swizzled forms that take ordinary arguments only
/// (`upcast`, `local_tile`, ...) have names no ordinary operation has.
fn apply(a: &Args<'_>) -> Result<Value> {
    let special = |l: &Literal| {
        matches!(
            l,
            Literal::Swizzle(_)
                | Literal::Composed(_)
                | Literal::Basis(_)
                | Literal::IdentityTensor(_)
        )
    };
    if a.items.iter().any(special) {
        if let Some(v) = apply_swizzled(a)? {
            return Ok(v);
        }
    }
    apply_ordinary(a)
}

/// The ordinary operations; the others ([`apply_swizzled`]) for the names it does not know.
fn apply_ordinary(a: &Args<'_>) -> Result<Value> {
    use Value::{Bool, Layout as L};
    let n = a.items.len();
    match a.op {
        "size" => layout_or_tuple_query(a, Layout::size, IntTuple::size),
        "cosize" => {
            a.arity(1, 1)?;
            Ok(Value::Int(a.layout(0)?.cosize()?))
        }
        "rank" => layout_or_tuple_query(
            a,
            |l| Ok(size_of_rank(l.rank())),
            |t| Ok(size_of_rank(t.rank())),
        ),
        "depth" => layout_or_tuple_query(
            a,
            |l| Ok(size_of_rank(l.depth())),
            |t| Ok(size_of_rank(t.depth())),
        ),
        "shape" => {
            a.arity(1, 1)?;
            Ok(Value::IntTuple(a.layout(0)?.shape().clone()))
        }
        "stride" => {
            a.arity(1, 1)?;
            Ok(Value::IntTuple(a.layout(0)?.stride().clone()))
        }
        "crd2idx" => {
            a.arity(2, 3)?;
            if a.is_layout(0) {
                a.arity(2, 2)?;
                return Ok(Value::Int(a.layout(0)?.call(&a.int_tuple(1)?)?));
            }
            let (c, s) = (a.int_tuple(0)?, a.int_tuple(1)?);
            Ok(Value::Int(if n == 3 {
                crate::coord::crd2idx(&c, &s, &a.int_tuple(2)?)?
            } else {
                crd2idx_shape(&c, &s)?
            }))
        }
        "idx2crd" => {
            a.arity(2, 2)?;
            Ok(Value::IntTuple(idx2crd(
                &a.int_tuple(0)?,
                &a.int_tuple(1)?,
            )?))
        }
        "crd2crd" => {
            a.arity(3, 3)?;
            Ok(Value::IntTuple(crd2crd(
                &a.int_tuple(0)?,
                &a.int_tuple(1)?,
                &a.int_tuple(2)?,
            )?))
        }
        "make_layout" => {
            a.arity(1, usize::MAX)?;
            if a.is_layout(0) {
                return Ok(L(Layout::concat(
                    (0..n)
                        .map(|i| a.layout(i).map(Cow::into_owned))
                        .collect::<Result<Vec<_>>>()?,
                )?));
            }
            a.arity(1, 2)?;
            let shape = a.int_tuple(0)?;
            Ok(L(if n == 2 {
                Layout::new(shape, a.int_tuple(1)?)?
            } else {
                Layout::column_major(&shape)?
            }))
        }
        "make_layout_right" => {
            a.arity(1, 1)?;
            Ok(L(Layout::row_major(&a.int_tuple(0)?)?))
        }
        "make_ordered_layout" => {
            a.arity(2, 2)?;
            Ok(L(Layout::ordered(&a.int_tuple(0)?, &a.int_tuple(1)?)?))
        }
        "layout" | "get" => {
            a.arity(1, usize::MAX)?;
            let path = (1..n).map(|i| a.index(i)).collect::<Result<Vec<_>>>()?;
            Ok(L(a.layout(0)?.mode_path(&path)?))
        }
        "select" => {
            a.arity(2, usize::MAX)?;
            let idx = (1..n).map(|i| a.index(i)).collect::<Result<Vec<_>>>()?;
            Ok(L(a.layout(0)?.select(&idx)?))
        }
        "take" | "group" => {
            a.arity(3, 3)?;
            let (l, b, e) = (a.layout(0)?, a.index(1)?, a.index(2)?);
            Ok(L(if a.op == "take" {
                l.take(b, e)?
            } else {
                l.group(b, e)?
            }))
        }
        "flatten" => {
            a.arity(1, 1)?;
            Ok(if a.is_layout(0) {
                L(a.layout(0)?.flatten())
            } else {
                Value::IntTuple(a.int_tuple(0)?.flatten())
            })
        }
        "append" | "prepend" => {
            a.arity(1, 2)?;
            let x = if n == 2 {
                a.layout(1)?
            } else {
                Cow::Owned(Layout::trivial())
            };
            let l = a.layout(0)?;
            Ok(L(if a.op == "append" {
                l.append(&x)?
            } else {
                l.prepend(&x)?
            }))
        }
        "replace" => {
            a.arity(3, 3)?;
            Ok(L(a.layout(0)?.replace(a.index(1)?, &*a.layout(2)?)?))
        }
        "zip" => {
            a.arity(1, 1)?;
            Ok(L(a.layout(0)?.zip()?))
        }
        "slice" | "dice" | "slice_and_offset" => {
            a.arity(2, 2)?;
            let (c, l) = (a.coord(0)?, a.layout(1)?);
            Ok(match a.op {
                "slice" => L(l.slice(&c)?),
                "dice" => L(l.dice(&c)?),
                _ => {
                    let (s, o) = l.slice_and_offset(&c)?;
                    Value::LayoutOffset(s, o)
                }
            })
        }
        "coalesce" | "filter" | "filter_zeros" => {
            a.arity(1, 2)?;
            let l = a.layout(0)?;
            Ok(L(match (a.op, n) {
                ("coalesce", 1) => coalesce(&l)?,
                ("coalesce", _) => coalesce_by(&l, &a.int_tuple(1)?)?,
                ("filter", 1) => filter(&l)?,
                ("filter", _) => filter_by(&l, &a.int_tuple(1)?)?,
                (_, 1) => filter_zeros(&l)?,
                _ => filter_zeros_by(&l, &a.int_tuple(1)?)?,
            }))
        }
        "composition" => {
            a.arity(2, 2)?;
            let l = a.layout(0)?;
            let c = if a.is_layout(1) {
                composition(&l, &*a.layout(1)?)
            } else {
                composition_tiler(&l, &*a.tiler(1)?)
            };
            c.map(L)
        }
        "complement" => {
            a.arity(1, 2)?;
            let l = a.layout(0)?;
            let c = if n == 2 {
                complement(&l, &a.int_tuple(1)?)
            } else {
                complement_default(&l)
            };
            c.map(L)
        }
        "right_inverse" | "left_inverse" | "nullspace" => {
            a.arity(1, 1)?;
            let l = a.layout(0)?;
            let f = match a.op {
                "right_inverse" => right_inverse,
                "left_inverse" => left_inverse,
                _ => nullspace,
            };
            f(&l).map(L)
        }
        "max_common_layout" => {
            a.arity(2, 2)?;
            Ok(L(max_common_layout(&*a.layout(0)?, &*a.layout(1)?)?))
        }
        "max_common_vector" => {
            a.arity(2, 2)?;
            Ok(Value::Int(max_common_vector(
                &*a.layout(0)?,
                &*a.layout(1)?,
            )?))
        }
        "logical_divide" | "zipped_divide" | "tiled_divide" | "flat_divide" | "logical_product"
        | "zipped_product" | "tiled_product" | "flat_product" => {
            a.arity(2, 2)?;
            let l = a.layout(0)?;
            let t = a.tiler(1)?;
            let f = match a.op {
                "logical_divide" => logical_divide,
                "zipped_divide" => zipped_divide,
                "tiled_divide" => tiled_divide,
                "flat_divide" => flat_divide,
                "logical_product" => logical_product,
                "zipped_product" => zipped_product,
                "tiled_product" => tiled_product,
                _ => flat_product,
            };
            f(&l, &t).map(L)
        }
        "blocked_product" | "raked_product" => {
            a.arity(2, 2)?;
            let x = a.layout(0)?;
            let y = a.layout(1)?;
            let f = if a.op == "blocked_product" {
                blocked_product
            } else {
                raked_product
            };
            f(&x, &y).map(L)
        }
        "tile_to_shape" => {
            a.arity(2, 3)?;
            let order = if n == 3 { Some(a.int_tuple(2)?) } else { None };
            Ok(L(tile_to_shape(
                &*a.layout(0)?,
                &a.int_tuple(1)?,
                order.as_ref(),
            )?))
        }
        "product_each" => {
            a.arity(1, 1)?;
            Ok(Value::IntTuple(a.int_tuple(0)?.product_each()?))
        }
        "shape_div" | "ceil_div" => {
            a.arity(2, 2)?;
            let (x, y) = (a.int_tuple(0)?, a.int_tuple(1)?);
            Ok(Value::IntTuple(if a.op == "shape_div" {
                x.shape_div(&y)?
            } else {
                x.ceil_div(&y)?
            }))
        }
        "inner_product" => {
            a.arity(2, 2)?;
            Ok(Value::Int(a.int_tuple(0)?.inner_product(&a.int_tuple(1)?)?))
        }
        "congruent" | "weakly_congruent" | "compatible" | "evenly_divides" => {
            a.arity(2, 2)?;
            let (x, y) = (a.int_tuple(0)?, a.int_tuple(1)?);
            Ok(Bool(match a.op {
                "congruent" => x.congruent(&y),
                "weakly_congruent" => x.weakly_congruent(&y),
                "compatible" => x.compatible(&y),
                _ => x.evenly_divides(&y)?,
            }))
        }
        "compact_col_major" | "compact_row_major" => {
            a.arity(1, 1)?;
            let s = a.int_tuple(0)?;
            Ok(Value::IntTuple(if a.op == "compact_col_major" {
                s.compact_col_major()?
            } else {
                s.compact_row_major()?
            }))
        }
        "is_tractable" | "to_morphism" => {
            a.arity(1, 1)?;
            let l = a.layout(0)?;
            Ok(if a.op == "is_tractable" {
                Bool(crate::category::is_tractable(&l))
            } else {
                Value::Morphism(crate::category::to_morphism(&l)?)
            })
        }
        "from_morphism" => {
            a.arity(1, 1)?;
            match &a.items[0] {
                Literal::Morphism(m) => Ok(L(crate::category::from_morphism(m)?)),
                _ => Err(a.wrong(0, "a tuple morphism `S -> T over α`")),
            }
        }
        other => apply_swizzled(a)?.ok_or_else(|| LayoutError::InvalidArgument {
            op: "eval",
            detail: format!("unknown operation `{other}`"),
            hint: "run `cute ops` for the list of operations",
        }),
    }
}

/// Operations of a swizzled layout that act on its inner layout and re-wrap the result.
const FORWARDED: &[&str] = &[
    "size",
    "cosize",
    "rank",
    "depth",
    "shape",
    "layout",
    "get",
    "select",
    "take",
    "group",
    "flatten",
    "append",
    "prepend",
    "replace",
    "zip",
    "coalesce",
    "filter",
    "filter_zeros",
    "logical_divide",
    "zipped_divide",
    "tiled_divide",
    "flat_divide",
    "logical_product",
    "zipped_product",
    "tiled_product",
    "flat_product",
    "blocked_product",
    "raked_product",
    "tile_to_shape",
];

fn any_layout(a: &Args<'_>, i: usize) -> Result<crate::swizzle::AnyLayout> {
    match &a.items[i] {
        Literal::Composed(c) => Ok(c.clone().into()),
        _ => Ok(a.layout(i)?.into_owned().into()),
    }
}

fn partitioned((l, o): crate::tensor::Partitioned) -> Value {
    match l {
        crate::swizzle::AnyLayout::Layout(l) => Value::LayoutOffset(l, o),
        crate::swizzle::AnyLayout::Composed(c) => Value::ComposedOffset(c, o),
    }
}

fn any_value(l: crate::swizzle::AnyLayout) -> Value {
    match l {
        crate::swizzle::AnyLayout::Layout(l) => Value::Layout(l),
        crate::swizzle::AnyLayout::Composed(c) => Value::Composed(c),
    }
}

/// Swizzles, composed layouts, re-typing, tensors and TV layouts; `None` for everything else.
fn apply_swizzled(a: &Args<'_>) -> Result<Option<Value>> {
    use crate::recast::{downcast, downcast_swizzle, recast_any, upcast, upcast_swizzle};
    use crate::swizzle::{layout_swizzle_commute, make_swizzle, ComposedLayout};
    use crate::tensor::{
        inner_partition, local_partition, local_partition_proj, local_tile_proj, outer_partition,
    };
    use Literal as Lit;
    if let Some(v) = apply_identity(a)? {
        return Ok(Some(v));
    }
    let n = a.items.len();
    let item = |i: usize| a.items.get(i);
    if let (Some(Lit::Composed(cl)), true) = (item(0), FORWARDED.contains(&a.op)) {
        let mut items = a.items.clone();
        items[0] = Lit::Layout(cl.layout().clone());
        return Ok(Some(match apply(&Args { op: a.op, items })? {
            Value::Layout(l) => Value::Composed(cl.map_inner(|_| Ok(l))?),
            v => v,
        }));
    }
    let v = match a.op {
        "make_swizzle" => {
            a.arity(2, 2)?;
            let (y, z) = (a.index(0)?, a.index(1)?);
            Value::Swizzle(make_swizzle(y as i64, z as i64)?)
        }
        "make_composed_layout" => {
            a.arity(3, 3)?;
            let outer = match &a.items[0] {
                Lit::Swizzle(sw) => crate::swizzle::Outer::Swizzle(*sw),
                Lit::Layout(_) | Lit::Int(_) => {
                    crate::swizzle::Outer::from(a.layout(0)?.into_owned())
                }
                _ => return Err(a.wrong(0, "a swizzle Sw<B,M,S> or a layout")),
            };
            let off = a
                .int_tuple(1)?
                .as_leaf()
                .ok_or_else(|| a.wrong(1, "an integer"))?;
            Value::Composed(ComposedLayout::with_outer(
                outer,
                off,
                a.layout(2)?.into_owned(),
            ))
        }
        "composition" if n == 2 => match (&a.items[0], &a.items[1]) {
            (Lit::Composed(x), Lit::Composed(y)) => {
                Value::Composed(ComposedLayout::compose_both(x, y)?)
            }
            (Lit::Composed(x), _) => Value::Composed(x.compose(&*a.tiler(1)?)?),
            (Lit::Swizzle(x), Lit::Swizzle(y)) => Value::Swizzle(x.compose(*y)?),
            (Lit::Swizzle(x), Lit::Composed(y)) => {
                Value::Composed(ComposedLayout::swizzle_after(*x, y)?)
            }
            (Lit::Swizzle(x), _) => Value::Composed(ComposedLayout::new(
                *x,
                Int::ZERO,
                a.layout(1)?.into_owned(),
            )),
            (_, Lit::Composed(y)) => any_value(ComposedLayout::compose_after(&*a.layout(0)?, y)?),
            (_, Lit::Swizzle(y)) => {
                let l = a.layout(0)?;
                let sw = layout_swizzle_commute(&l, *y)?;
                Value::Composed(ComposedLayout::new(sw, Int::ZERO, l.into_owned()))
            }
            _ => return Ok(None),
        },
        "crd2idx" if n == 2 => match &a.items[0] {
            Lit::Composed(c) => Value::Int(c.call(&a.int_tuple(1)?)?),
            Lit::Swizzle(sw) => Value::Int(
                sw.apply_int(
                    a.int_tuple(1)?
                        .as_leaf()
                        .ok_or_else(|| a.wrong(1, "an integer"))?,
                ),
            ),
            _ => return Ok(None),
        },
        "right_inverse" | "left_inverse" => match &a.items[..] {
            [Lit::Composed(c)] => any_value(if a.op == "right_inverse" {
                c.right_inverse()?
            } else {
                c.left_inverse()?
            }),
            [Lit::Swizzle(sw)] => Value::Swizzle(sw.inverse()),
            _ => return Ok(None),
        },
        "complement" => match &a.items[..] {
            [Lit::Composed(c)] => Value::Layout(c.complement(&IntTuple::int(c.cosize()?))?),
            [Lit::Composed(c), _] => Value::Layout(c.complement(&a.int_tuple(1)?)?),
            _ => return Ok(None),
        },
        "max_common_vector" => match &a.items[..] {
            [Lit::Composed(c), _] => Value::Int(c.max_common_vector(&*a.layout(1)?)?),
            [_, Lit::Composed(c)] => Value::Int(c.max_common_vector(&*a.layout(0)?)?),
            _ => return Ok(None),
        },
        "slice" | "slice_and_offset" => match &a.items[..] {
            [_, Lit::Composed(c)] => {
                let p = c.slice_and_offset(&*a.coord(0)?)?;
                if a.op == "slice" {
                    any_value(p.0)
                } else {
                    partitioned(p)
                }
            }
            _ => return Ok(None),
        },
        "upcast" | "downcast" => {
            a.arity(2, 2)?;
            let k = a.index(1)? as i64;
            let up = a.op == "upcast";
            match &a.items[0] {
                Lit::Swizzle(sw) => Value::Swizzle(if up {
                    upcast_swizzle(*sw, k)?
                } else {
                    downcast_swizzle(*sw, k)?
                }),
                Lit::Composed(c) => {
                    let (old, new) = if up { (1, k) } else { (k, 1) };
                    any_value(recast_any(&c.clone().into(), old, new)?)
                }
                _ => {
                    let l = a.layout(0)?;
                    Value::Layout(if up { upcast(&l, k)? } else { downcast(&l, k)? })
                }
            }
        }
        "recast_layout" => {
            a.arity(3, 3)?;
            let (old, new) = (a.index(1)? as i64, a.index(2)? as i64);
            any_value(recast_any(&any_layout(a, 0)?, old, new)?)
        }
        "local_tile" | "inner_partition" | "outer_partition" => {
            a.arity(3, if a.op == "local_tile" { 4 } else { 3 })?;
            let (t, tiler, c) = (any_layout(a, 0)?, a.tiler(1)?, a.coord(2)?);
            partitioned(match (a.op, n) {
                ("outer_partition", _) => outer_partition(&t, &tiler, &c)?,
                (_, 4) => local_tile_proj(&t, &tiler, &c, &*a.coord(3)?)?,
                _ => inner_partition(&t, &tiler, &c)?,
            })
        }
        "local_partition" => {
            a.arity(3, 4)?;
            let (t, thr, idx) = (any_layout(a, 0)?, a.layout(1)?, a.index(2)? as i64);
            partitioned(if n == 4 {
                local_partition_proj(&t, &thr, idx, &*a.coord(3)?)?
            } else {
                local_partition(&t, &thr, idx)?
            })
        }
        "make_identity_layout" => {
            a.arity(1, 1)?;
            Value::Basis(Box::new(crate::basis::BasisLayout::identity(
                &a.int_tuple(0)?,
            )?))
        }
        "make_layout_tv" => {
            a.arity(2, 2)?;
            Value::Tv(Box::new(crate::tv::make_layout_tv(
                &*a.layout(0)?,
                &*a.layout(1)?,
            )?))
        }
        "tv_partition" => {
            a.arity(4, 4)?;
            let tv = crate::tv::make_layout_tv(&*a.layout(1)?, &*a.layout(2)?)?;
            partitioned(crate::tv::tv_partition(
                &any_layout(a, 0)?,
                &tv,
                a.index(3)? as i64,
            )?)
        }
        _ => {
            if let Some(i) = a
                .items
                .iter()
                .position(|l| matches!(l, Lit::Swizzle(_) | Lit::Composed(_)))
            {
                return Err(a.wrong(
                    i,
                    "an ordinary layout (this operation has no swizzled form)",
                ));
            }
            return Ok(None);
        }
    };
    Ok(Some(v))
}

/// Identity layouts and identity tensors (`make_identity_tensor` and what applies to it); `None`
/// when no argument is one. A basis layout argument stands for its identity tensor.
fn apply_identity(a: &Args<'_>) -> Result<Option<Value>> {
    use crate::basis::{make_identity_tensor, IdentityTensor};
    use Literal as Lit;
    if a.op == "make_identity_tensor" {
        a.arity(1, 1)?;
        return Ok(Some(Value::IdentityTensor(Box::new(make_identity_tensor(
            &a.int_tuple(0)?,
        )?))));
    }
    let tensor = |i: usize| -> Option<IdentityTensor> {
        match a.items.get(i)? {
            Lit::IdentityTensor(t) => Some((**t).clone()),
            Lit::Basis(b) => Some(IdentityTensor::new((**b).clone())),
            _ => None,
        }
    };
    let pos = if matches!(a.op, "slice" | "slice_and_offset") {
        1
    } else {
        0
    };
    let Some(t) = tensor(pos) else {
        if let Some(i) = a
            .items
            .iter()
            .position(|l| matches!(l, Lit::Basis(_) | Lit::IdentityTensor(_)))
        {
            return Err(a.wrong(
                i,
                "an ordinary layout (this operation has no identity form)",
            ));
        }
        return Ok(None);
    };
    let basis = matches!(a.items[pos], Lit::Basis(_));
    let tensor_value = |t: IdentityTensor| Value::IdentityTensor(Box::new(t));
    Ok(Some(match a.op {
        "crd2idx" => {
            a.arity(2, 2)?;
            Value::IntTuple(t.get(&a.int_tuple(1)?)?)
        }
        "size" | "rank" | "depth" | "shape" => {
            a.arity(1, 1)?;
            let s = t.shape();
            match a.op {
                "size" => Value::Int(t.size()?),
                "rank" => Value::Int(size_of_rank(s.rank())),
                "depth" => Value::Int(size_of_rank(s.depth())),
                _ => Value::IntTuple(s.clone()),
            }
        }
        "slice" if basis => {
            a.arity(2, 2)?;
            Value::Basis(Box::new(t.slice(&*a.coord(0)?)?.layout().clone()))
        }
        "slice" | "slice_and_offset" => {
            a.arity(2, 2)?;
            tensor_value(t.slice(&*a.coord(0)?)?)
        }
        "local_tile" | "inner_partition" | "outer_partition" => {
            a.arity(3, if a.op == "local_tile" { 4 } else { 3 })?;
            let (tiler, c) = (a.tiler(1)?, a.coord(2)?);
            tensor_value(match (a.op, a.items.len()) {
                ("outer_partition", _) => t.outer_partition(&tiler, &c)?,
                (_, 4) => t.local_tile_proj(&tiler, &c, &*a.coord(3)?)?,
                _ => t.inner_partition(&tiler, &c)?,
            })
        }
        "local_partition" => {
            a.arity(3, 4)?;
            let (thr, idx) = (a.layout(1)?, a.index(2)? as i64);
            tensor_value(if a.items.len() == 4 {
                t.local_partition_proj(&thr, idx, &*a.coord(3)?)?
            } else {
                t.local_partition(&thr, idx)?
            })
        }
        "tv_partition" => {
            a.arity(4, 4)?;
            let tv = crate::tv::make_layout_tv(&*a.layout(1)?, &*a.layout(2)?)?;
            tensor_value(t.tv_partition(&tv, a.index(3)? as i64)?)
        }
        "composition" | "logical_divide" | "zipped_divide" | "tiled_divide" | "flat_divide" => {
            a.arity(2, 2)?;
            let tiler = a.tiler(1)?;
            let f = match a.op {
                "composition" => composition_tiler,
                "logical_divide" => logical_divide,
                "zipped_divide" => zipped_divide,
                "tiled_divide" => tiled_divide,
                _ => flat_divide,
            };
            let r = t.map_layout(|l| f(l, &tiler))?;
            if basis {
                Value::Basis(Box::new(r.layout().clone()))
            } else {
                tensor_value(r)
            }
        }
        _ => {
            return Err(a.wrong(
                pos,
                "an ordinary layout (this operation has no identity form)",
            ))
        }
    }))
}
