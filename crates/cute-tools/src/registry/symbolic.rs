//! The symbolic forms of operations: where an argument is a symbolic value (`(M,N):(1,M)`,
//! see [`cute_layout::symbolic`]), the operation runs on symbolic extents, and its result
//! carries the assumptions of its arguments and its own. One entry per operation that has a
//! symbolic form, by the registry's name; [`apply`] is tried before the operation's `apply`.

use super::{Args, Operation};
use cute_layout::error::{LayoutError, Result};
use cute_layout::symbolic::{
    self as sym, Assumptions, SymInt, SymLayout, SymTiler, SymTuple, SymValue, Symbolic,
};
use cute_layout::trace::Recorder;
use cute_layout::value::Value;
use std::collections::BTreeMap;

/// A symbolic form: the arguments, the assumptions gathered so far (to add to), the sink of
/// its derivation's steps (`cute explain`'s; eval's records them unread).
type Form = fn(&Call, &mut Assumptions, &mut Recorder) -> Result<SymValue>;

/// The operations with a symbolic form, by name, in `cute ops` order.
const FORMS: &[(&str, Form)] = &[
    ("size", |c, _, _| {
        c.arity(1, 1)?;
        Ok(SymValue::Int(sym::size(&c.layout(0)?)?))
    }),
    ("cosize", |c, _, _| {
        c.arity(1, 1)?;
        Ok(SymValue::Int(sym::cosize(&c.layout(0)?)?))
    }),
    ("crd2idx", |c, _, _| {
        c.arity(2, 2)?;
        // `crd2idx(L, coord)`, the registry's first form, or `crd2idx(coord, L)`
        let (coord, layout) = match c.is_layout(0) {
            true => (1, 0),
            false => (0, 1),
        };
        Ok(SymValue::Int(sym::crd2idx(
            &c.tuple(coord)?,
            &c.layout(layout)?,
        )?))
    }),
    ("coalesce", |c, a, t| {
        c.arity(1, 1)?;
        Ok(SymValue::Layout(sym::coalesce_traced(&c.layout(0)?, a, t)?))
    }),
    ("composition", |c, a, t| {
        c.arity(2, 2)?;
        Ok(SymValue::Layout(sym::composition_traced(
            &c.layout(0)?,
            &c.tiler(1)?,
            a,
            t,
        )?))
    }),
    ("complement", |c, a, t| {
        c.arity(1, 2)?;
        let l = c.layout(0)?;
        let n = match c.args.len() {
            1 => sym::cosize(&l)?,
            _ => c.tuple(1)?.product()?,
        };
        Ok(SymValue::Layout(sym::complement_traced(&l, &n, a, t)?))
    }),
    ("right_inverse", |c, a, t| {
        c.arity(1, 1)?;
        Ok(SymValue::Layout(sym::right_inverse_traced(
            &c.layout(0)?,
            a,
            t,
        )?))
    }),
    ("left_inverse", |c, a, t| {
        c.arity(1, 1)?;
        Ok(SymValue::Layout(sym::left_inverse_traced(
            &c.layout(0)?,
            a,
            t,
        )?))
    }),
    ("logical_divide", |c, a, t| {
        divide(c, a, t, sym::logical_divide_traced)
    }),
    ("zipped_divide", |c, a, t| {
        divide(c, a, t, sym::zipped_divide_traced)
    }),
    ("tiled_divide", |c, a, t| {
        divide(c, a, t, sym::tiled_divide_traced)
    }),
    ("logical_product", |c, a, t| {
        divide(c, a, t, sym::logical_product_traced)
    }),
    ("blocked_product", |c, a, t| {
        c.arity(2, 2)?;
        Ok(SymValue::Layout(sym::blocked_product_traced(
            &c.layout(0)?,
            &c.layout(1)?,
            a,
            t,
        )?))
    }),
    ("shape_div", |c, a, _| elementwise(c, a, sym::shape_div)),
    ("ceil_div", |c, a, _| elementwise(c, a, sym::ceil_div)),
];

/// A layout-and-tiler operation.
fn divide(
    c: &Call,
    a: &mut Assumptions,
    t: &mut Recorder,
    f: fn(&SymLayout, &SymTiler, &mut Assumptions, &mut Recorder) -> Result<SymLayout>,
) -> Result<SymValue> {
    c.arity(2, 2)?;
    Ok(SymValue::Layout(f(&c.layout(0)?, &c.tiler(1)?, a, t)?))
}

/// `shape_div` / `ceil_div` of two tuples (C++'s forms: tuple by tuple mode by mode, tuple by
/// integer folding the divisor through the modes, integer by tuple its product).
fn elementwise(
    c: &Call,
    a: &mut Assumptions,
    f: fn(&SymInt, &SymInt, &mut Assumptions) -> Result<SymInt>,
) -> Result<SymValue> {
    c.arity(2, 2)?;
    fn go(
        x: &SymTuple,
        y: &SymTuple,
        a: &mut Assumptions,
        f: fn(&SymInt, &SymInt, &mut Assumptions) -> Result<SymInt>,
    ) -> Result<SymTuple> {
        Ok(match (x, y) {
            (SymTuple::Leaf(x), SymTuple::Leaf(y)) => SymTuple::Leaf(f(x, y, a)?),
            (SymTuple::Leaf(x), y) => SymTuple::Leaf(f(x, &y.product()?, a)?),
            (SymTuple::Tuple(xs), SymTuple::Tuple(ys)) => {
                if xs.len() != ys.len() {
                    return Err(LayoutError::RankMismatch {
                        op: "shape_div",
                        detail: format!("{x} and {y}"),
                        hint: "give tuples of the same rank, or an integer divisor",
                    });
                }
                SymTuple::Tuple(
                    xs.iter()
                        .zip(ys)
                        .map(|(x, y)| go(x, y, a, f))
                        .collect::<Result<_>>()?,
                )
            }
            (SymTuple::Tuple(xs), SymTuple::Leaf(d)) => {
                let mut rest = d.clone();
                let mut out = Vec::with_capacity(xs.len());
                for x in xs {
                    out.push(go(x, &SymTuple::Leaf(rest.clone()), a, f)?);
                    rest = f(&rest, &x.product()?, a)?;
                }
                SymTuple::Tuple(out)
            }
        })
    }
    Ok(match go(&c.tuple(0)?, &c.tuple(1)?, a, f)? {
        SymTuple::Leaf(x) => SymValue::Int(x),
        t => SymValue::Tuple(t),
    })
}

/// The arguments of a symbolic call.
struct Call<'a> {
    op: &'static Operation,
    args: &'a [Value],
}

impl Call<'_> {
    /// Fails unless `min..=max` arguments are given, where the symbolic form takes fewer than
    /// the entry (the entry's own count is checked before, by the kind check): the arity
    /// error's shape, `coalesce takes 1 argument(s) in its symbolic form, got 2`.
    fn arity(&self, min: usize, max: usize) -> Result<()> {
        let n = self.args.len();
        if (min..=max).contains(&n) {
            return Ok(());
        }
        let count = match min == max {
            true => min.to_string(),
            false => format!("{min} to {max}"),
        };
        Err(LayoutError::InvalidArgument {
            op: "eval",
            detail: format!(
                "{} takes {count} argument(s) in its symbolic form, got {n}",
                self.op.name
            ),
            hint: self.op.signature,
        })
    }

    /// The kind check's error (`argument 2 of composition must be a tiler (in its symbolic
    /// form), got the swizzle Sw<1,2,3>`), for an argument the symbolic form cannot take.
    fn wrong(&self, i: usize, want: &str) -> LayoutError {
        if i < self.args.len() {
            return Args::new(self.op, self.args)
                .wrong(i, &format!("{want} (in its symbolic form)"));
        }
        LayoutError::InvalidArgument {
            op: "eval",
            detail: format!(
                "{} takes at least {} argument(s) in its symbolic form, got {}",
                self.op.name,
                i + 1,
                self.args.len()
            ),
            hint: self.op.signature,
        }
    }

    /// Whether argument `i` is a layout (symbolic or not).
    fn is_layout(&self, i: usize) -> bool {
        match self.args.get(i) {
            Some(Value::Symbolic(s)) => matches!(s.value, SymValue::Layout(_)),
            v => matches!(v, Some(Value::Layout(_))),
        }
    }

    /// Argument `i` as a layout: an integer `n` is `n:_1`.
    fn layout(&self, i: usize) -> Result<SymLayout> {
        let one = || SymInt::from(cute_layout::Int::ONE);
        Ok(match self.args.get(i) {
            Some(Value::Symbolic(s)) => match &s.value {
                SymValue::Layout(l) => l.clone(),
                SymValue::Int(n) => SymLayout::leaf(n.clone(), one()),
                _ => return Err(self.wrong(i, "a layout")),
            },
            Some(Value::Layout(l)) => SymLayout::from_layout(l),
            Some(Value::Int(n)) => SymLayout::leaf((*n).into(), one()),
            _ => return Err(self.wrong(i, "a layout")),
        })
    }

    /// Argument `i` as a tuple.
    fn tuple(&self, i: usize) -> Result<SymTuple> {
        Ok(match self.args.get(i) {
            Some(Value::Symbolic(s)) => match &s.value {
                SymValue::Tuple(t) => t.clone(),
                SymValue::Int(n) => SymTuple::Leaf(n.clone()),
                _ => return Err(self.wrong(i, "a tuple")),
            },
            Some(Value::IntTuple(t)) => SymTuple::from_int_tuple(t),
            Some(Value::Int(n)) => SymTuple::Leaf((*n).into()),
            _ => return Err(self.wrong(i, "a tuple")),
        })
    }

    /// Argument `i` as a tiler: a layout, a tuple of extents, `_`.
    fn tiler(&self, i: usize) -> Result<SymTiler> {
        Ok(match self.args.get(i) {
            Some(Value::Symbolic(s)) => match &s.value {
                SymValue::Layout(l) => SymTiler::Layout(l.clone()),
                SymValue::Int(_) => SymTiler::Layout(self.layout(i)?),
                SymValue::Tuple(t) => SymTiler::from_tuple(t),
                SymValue::Binding(..) => return Err(self.wrong(i, "a tiler")),
            },
            Some(Value::IntTuple(t)) => SymTiler::from_tuple(&SymTuple::from_int_tuple(t)),
            Some(Value::Tiler(t)) => SymTiler::from_tiler(t),
            Some(Value::Underscore) => SymTiler::Underscore,
            Some(Value::Layout(_) | Value::Int(_)) => SymTiler::Layout(self.layout(i)?),
            _ => return Err(self.wrong(i, "a tiler")),
        })
    }
}

/// Whether `op` has a symbolic form (`subs`, a substitution, has none: it derives nothing).
pub(crate) fn has_form(op: &str) -> bool {
    FORMS.iter().any(|(name, _)| *name == op)
}

/// Whether some argument is symbolic.
pub(crate) fn is_symbolic(args: &[Value]) -> bool {
    args.iter().any(|v| matches!(v, Value::Symbolic(_)))
}

/// `op` on symbolic arguments: its symbolic form, the arguments' assumptions and its own on
/// the result; a result with no symbol and no assumption is an ordinary value.
///
/// # Errors
/// The form's errors; [`LayoutError::InvalidArgument`] where `op` has none.
pub(super) fn apply(op: &'static Operation, args: &[Value]) -> Result<Value> {
    apply_traced(op, args, &mut Recorder::default())
}

/// [`apply`], the form's derivation recorded in `t` (`cute explain`'s).
///
/// # Errors
/// As [`apply`].
pub(crate) fn apply_traced(
    op: &'static Operation,
    args: &[Value],
    t: &mut Recorder,
) -> Result<Value> {
    if op.name == "subs" {
        return subs(args);
    }
    // the entry's count, and the kind of every argument that is not symbolic, as the kind
    // check of an ordinary call says them (the symbolic ones are the form's to check)
    op.check_arguments(&Args::new(op, args))?;
    let Some((_, form)) = FORMS.iter().find(|(name, _)| *name == op.name) else {
        let mut names: Vec<String> = Vec::new();
        for v in args {
            if let Value::Symbolic(s) = v {
                for n in s.symbols() {
                    if !names.contains(&n) {
                        names.push(n);
                    }
                }
            }
        }
        return Err(LayoutError::InvalidArgument {
            op: op.name,
            detail: format!(
                "no symbolic form: its arguments hold the unknown extents {}",
                names.join(", ")
            ),
            hint: "the symbolic forms are size, cosize, crd2idx, coalesce, composition, complement, right_inverse, left_inverse, logical_divide, zipped_divide, tiled_divide, logical_product, blocked_product, shape_div, ceil_div; give the symbols values first with subs(EXPR, M=256)",
        });
    };
    let mut assumed = Assumptions::default();
    for (i, v) in args.iter().enumerate() {
        if let Value::Symbolic(s) = v {
            if matches!(s.value, SymValue::Binding(..)) {
                return Err(Call { op, args }.wrong(i, "a value, not a binding M=.."));
            }
            assumed.extend(&s.assumptions);
        }
    }
    let value = form(&Call { op, args }, &mut assumed, t)?;
    Ok(symbolic_value(Symbolic {
        value,
        assumptions: assumed,
    }))
}

/// The value of a symbolic result: ordinary where no symbol and no assumption is left.
fn symbolic_value(s: Symbolic) -> Value {
    if s.assumptions.is_empty() && s.symbols().is_empty() {
        let at = BTreeMap::new();
        if let Ok(c) = s.subs(&at) {
            return c.into();
        }
    }
    Value::Symbolic(Box::new(s))
}

/// `subs(EXPR, M=256, ...)`: the ordinary value of `EXPR` at the values given, after checking
/// its assumptions there; an ordinary `EXPR` is itself.
///
/// # Errors
/// As [`Symbolic::subs`]; an argument after the first that is not `NAME=VALUE`.
pub(super) fn subs(args: &[Value]) -> Result<Value> {
    let mut values = BTreeMap::new();
    for (i, v) in args.iter().enumerate().skip(1) {
        match v {
            Value::Symbolic(s) => match &s.value {
                SymValue::Binding(name, n) => {
                    values.insert(name.clone(), n.value());
                }
                _ => return Err(not_a_binding(i, v)),
            },
            _ => return Err(not_a_binding(i, v)),
        }
    }
    match args.first() {
        Some(Value::Symbolic(s)) => Ok(s.subs(&values)?.into()),
        Some(v @ (Value::Layout(_) | Value::Int(_) | Value::IntTuple(_))) => Ok(v.clone()),
        Some(v) => Err(LayoutError::InvalidArgument {
            op: "subs",
            detail: format!(
                "argument 1 must be a symbolic value, a layout, a tuple or an integer, got {}",
                v.describe()
            ),
            hint: "write subs(EXPR, M=256)",
        }),
        None => Err(LayoutError::InvalidArgument {
            op: "subs",
            detail: "no expression given".into(),
            hint: "write subs(EXPR, M=256)",
        }),
    }
}

fn not_a_binding(i: usize, v: &Value) -> LayoutError {
    LayoutError::InvalidArgument {
        op: "subs",
        detail: format!(
            "argument {} must be a value for a symbol, NAME=VALUE, got {}",
            i + 1,
            v.describe()
        ),
        hint: "write subs(EXPR, M=256, N=128)",
    }
}
