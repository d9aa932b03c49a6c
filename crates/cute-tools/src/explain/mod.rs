//! Step-by-step derivations of results, in CuTe notation (what `cute explain` prints).
//!
//! The steps are reported by the algebra itself, as typed [`Event`]s through a sink that costs
//! nothing when unused ([`cute_layout::trace`]): [`explain`] runs the same code as the public
//! operations, with a recording sink, and this module renders the events: as text (the
//! `Display` of [`Event`] and [`Explanation`], in `text.rs`) and as JSON
//! ([`Explanation::to_json`], in `json.rs`), which `cute explain --json`, the Python module and
//! the web API reuse.
//!
//! Composition shows the left-distribution over `B`'s modes and each shape_div / shape_mod
//! step; complement each emitted mode; divides and products the complement, the concatenation
//! and the composition; coalesce each merge; `right_inverse` and `left_inverse` each mode
//! taken or emitted; `tile_to_shape` the arrangement of the blocks and the blocked product;
//! `local_tile` and `local_partition` the zipped divide and the slice they take. A failing
//! operation stops the derivation at the failing step, followed by the error.

mod json;
mod text;

use crate::eval::{call_error, prepare, Call, Prepared, Value};
use crate::expr::parse;
use crate::registry::Args;
use cute_layout::algebra::coalesce::coalesce_traced;
use cute_layout::algebra::complement::complement_traced;
use cute_layout::algebra::composition::composition_tiler_traced;
use cute_layout::algebra::divide::{
    logical_divide_traced, splat_zipped, zipped_divide_traced, Splat,
};
use cute_layout::algebra::inverse::{left_inverse_traced, right_inverse_traced};
use cute_layout::algebra::product::{
    blocked_product_traced, logical_product_traced, raked_product_traced, tile_to_shape_traced,
    zipped_product_traced,
};
use cute_layout::error::{LayoutError, Result};
use cute_layout::layout::Layout;
use cute_layout::notation::Syntax;
use cute_layout::swizzle::AnyLayout;
use cute_layout::tiler::Tiler;
use cute_layout::trace::{Recorder, Trace, Unpack};
use cute_layout::tuple::IntTuple;
use std::borrow::Cow;
use std::sync::Arc;

pub use cute_layout::trace::{Event, Step};
pub use text::Line;

/// A derivation: the expression, its steps, and the result or the error that stopped it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Explanation {
    /// The expression explained.
    pub expr: String,
    /// The steps, in order.
    pub steps: Vec<Step>,
    /// The result, or why the operation failed.
    pub result: std::result::Result<Value, LayoutError>,
    /// The warnings of the evaluation (see [`crate::eval::eval_with_warnings`]), from the same
    /// reading of the expression.
    pub warnings: Vec<cute_layout::error::Warning>,
}

/// `explain(expr)`: evaluates a `cute eval` expression and records how its result is derived.
///
/// `coalesce`, `composition`, `complement`, the divides and the products, the inverses,
/// `tile_to_shape`, `local_tile` and `local_partition` (of ordinary layouts) are explained step by
/// step; other operations show their result only. If the operation fails, the explanation
/// ends at the failing step and [`Explanation::result`] holds the error.
///
/// # Errors
/// Parse errors and wrong arguments (an operation that fails is not an error of `explain`).
///
/// # Examples
/// ```
/// use cute_tools::explain::explain;
/// let e = explain("composition((6,2):(8,2), (4,3):(3,1))").unwrap();
/// let text = e.to_string();
/// assert!(text.contains("A o 4:3:"));
/// assert!(text.ends_with("= ((2,2),3):((24,2),8)\n"));
/// let e = explain("complement((2,2):(2,3), 8)").unwrap();
/// assert!(e.result.is_err());
/// assert!(e.to_string().lines().last().unwrap().starts_with("error: complement"));
/// let e = explain("logical_divide(10:1, 4)").unwrap();
/// assert!(e.warnings[0].to_string().contains("needs predication"));
/// ```
pub fn explain(expr: &str) -> Result<Explanation> {
    let (call, warnings) = match prepare(parse(expr, Syntax::Cute))? {
        (Prepared::Call(call), warnings) => (call, warnings),
        // a literal: the error of a call expected
        (Prepared::Value(_), _) => return Err(call_error(expr).unwrap_or_else(not_a_call)),
    };
    Ok(Explanation {
        warnings,
        ..explain_call(expr, &call)?
    })
}

/// [`explain`] of a call already parsed (its nested calls evaluated, see
/// [`crate::eval::prepare`]): applies it once, recording the derivation, so that a
/// front end that also draws the result evaluates the expression once
/// ([`Explanation::result`] is the value). The warnings are left empty (the front end has
/// them from its parse).
///
/// # Errors
/// Wrong arguments (an operation that fails is not an error of `explain_call`).
///
/// ```
/// use cute_tools::eval::{prepare, Prepared};
/// use cute_layout::notation::Syntax;
/// use cute_tools::{explain::explain_call, expr::parse};
/// let expr = "logical_divide(8:1, 4:1)";
/// let (Prepared::Call(call), _) = prepare(parse(expr, Syntax::Cute)).unwrap() else { unreachable!() };
/// let e = explain_call(expr, &call).unwrap();
/// assert_eq!(e.result.unwrap().to_string(), "(4,2):(1,4)");
/// assert!(e.steps.len() > 1);
/// ```
pub fn explain_call(expr: &str, call: &Call) -> Result<Explanation> {
    let args = Args::new(call.op, &call.args);
    let mut t = Recorder::default();
    let (steps, result) = match derive(&args, &mut t)? {
        Some(result) => (t.steps, result),
        None => fallback(call)?,
    };
    Ok(Explanation {
        expr: expr.trim().to_string(),
        steps,
        result,
        warnings: Vec::new(),
    })
}

/// The error of an expression that is not a call.
#[cold]
fn not_a_call() -> LayoutError {
    LayoutError::InvalidArgument {
        op: "explain",
        detail: "the expression is a literal, not a call".to_string(),
        hint: "explain a call op(arg, ...), see `cute ops`",
    }
}

/// What a derivation gives: `Err` for wrong arguments (an error of `explain`), `Ok(None)` for
/// an operation without a derivation, `Ok(Some(result))` otherwise (the result may be the
/// operation's error).
type Derived = Result<Option<Result<Value>>>;

/// The derivation of the call, recorded in `t`.
fn derive(args: &Args, t: &mut Recorder) -> Derived {
    let (name, n) = (args.op.name, args.len());
    if crate::registry::is_symbolic(args.items) {
        // the symbolic forms (registry/symbolic.rs) report their steps over symbolic extents
        if !crate::registry::has_symbolic_form(name) {
            return Ok(None);
        }
        return Ok(Some(crate::registry::apply_symbolic_traced(
            args.op, args.items, t,
        )));
    }
    if args.items.iter().any(|v| matches!(v, Value::F2(_))) {
        return derive_f2(args, t);
    }
    let layout = |i: usize| args.layout(i).map(Cow::into_owned);
    let some = |r: Result<Layout>| Ok(Some(r.map(Value::from)));
    // the derivations added for issue 10 take ordinary layouts; other values are evaluated
    let plain = n > 0 && args.is_layout(0);
    match name {
        "coalesce" if n == 1 => some(coalesce_traced(&layout(0)?, t)),
        "composition" if n == 2 => {
            let a = layout(0)?;
            some(composition_tiler_traced(&a, &*args.tiler(1)?, t))
        }
        "complement" if (1..=2).contains(&n) => {
            let l = layout(0)?;
            let cotarget = match n {
                1 => cute_layout::algebra::coalesce::filter(&l)
                    .and_then(|f| f.cosize())
                    .map(IntTuple::int),
                _ => Ok(args.int_tuple(1)?),
            };
            some(cotarget.and_then(|c| complement_traced(&l, &c, t)))
        }
        "blocked_product" if n == 2 => some(blocked_product_traced(&layout(0)?, &layout(1)?, t)),
        "raked_product" if n == 2 => some(raked_product_traced(&layout(0)?, &layout(1)?, t)),
        "right_inverse" if n == 1 && plain => some(right_inverse_traced(&layout(0)?, t)),
        "left_inverse" if n == 1 && plain => some(left_inverse_traced(&layout(0)?, t)),
        "tile_to_shape" if (2..=3).contains(&n) && plain => {
            let order = if n == 3 {
                Some(args.int_tuple(2)?)
            } else {
                None
            };
            let (l, s) = (layout(0)?, args.int_tuple(1)?);
            some(tile_to_shape_traced(&l, &s, order.as_ref(), t))
        }
        "local_tile" if n == 3 && plain => derive_local_tile(args, t),
        "local_partition" if n == 3 && plain => derive_local_partition(args, t),
        _ if n == 2 && (name.ends_with("_divide") || name.ends_with("_product")) => {
            some(by_tiler(args, t)?)
        }
        _ => Ok(None),
    }
}

/// An F2 layout composed with an integer tiler or divided by one: the integer algebra on the
/// layout of its domain, read back into F2 strides (`F2Layout::reshaped_traced`). The other
/// F2 forms (registry/f2.rs) report no steps of their own: their result, one step.
fn derive_f2(args: &Args, t: &mut Recorder) -> Derived {
    let name = args.op.name;
    let reshapes = matches!(
        name,
        "composition" | "logical_divide" | "zipped_divide" | "tiled_divide" | "flat_divide"
    );
    match (args.items, reshapes) {
        ([Value::F2(l), b], true) if !matches!(b, Value::F2(_)) => {
            let tiler = args.tiler(1)?;
            Ok(Some(
                l.reshaped_traced(name, &tiler, t)
                    .map(|r| Value::F2(Box::new(r))),
            ))
        }
        _ => Ok(None),
    }
}

/// The divides and the products by a tiler: the zipped form, then its unpacking.
fn by_tiler(args: &Args, t: &mut Recorder) -> Result<Result<Layout>> {
    let (a, b) = (
        args.layout(0).map(Cow::into_owned)?,
        args.tiler(1).map(Cow::into_owned)?,
    );
    let name = args.op.name;
    let divide = name.ends_with("divide");
    let zipped = |t: &mut Recorder| {
        if divide {
            zipped_divide_traced(&a, &b, t)
        } else {
            zipped_product_traced(&a, &b, t)
        }
    };
    let unpack = |t: &mut Recorder, splat: Splat, how: Unpack| {
        zipped(t).and_then(|z| {
            let r = splat_zipped(&z, splat)?;
            t.step(|| Event::Unpacked {
                how,
                result: r.clone(),
            });
            Ok(r)
        })
    };
    Ok(match name.split('_').next() {
        Some("logical") if divide => logical_divide_traced(&a, &b, t),
        Some("logical") => logical_product_traced(&a, &b, t),
        Some("zipped") => zipped(t),
        Some("tiled") => unpack(t, Splat::Rest, Unpack::Rests),
        _ => unpack(t, Splat::Both, Unpack::Both),
    })
}

/// `local_tile(T, tiler, coord)`: the zipped divide `(tiles, rests)`, then the tile at `coord`.
fn derive_local_tile(args: &Args, t: &mut Recorder) -> Derived {
    let (l, tiler, c) = (
        args.layout(0).map(Cow::into_owned)?,
        args.tiler(1).map(Cow::into_owned)?,
        args.coord(2)?,
    );
    t.step(|| Event::LocalTile);
    let z = zipped_divide_of(&l, &tiler, t);
    Ok(Some(z.and_then(|z| {
        let (r, o) = cute_layout::tensor::inner_partition(&l.into(), &tiler, &c)?;
        if let AnyLayout::Layout(tile) = &r {
            t.step(|| Event::TileAt {
                coord: c.into_owned(),
                zipped: z,
                tile: tile.clone(),
                offset: o,
            });
        }
        Ok(partition_value(r, o))
    })))
}

/// `local_partition(T, thr, idx)`: the zipped divide by the thread shape, then thread `idx`'s
/// element of every tile.
fn derive_local_partition(args: &Args, t: &mut Recorder) -> Derived {
    let (l, thr, idx) = (
        args.layout(0).map(Cow::into_owned)?,
        args.layout(1).map(Cow::into_owned)?,
        args.index_int(2)?,
    );
    let result = (|| {
        let tiler = Tiler::from_shape(&thr.shape().product_each()?);
        let c = cute_layout::tensor::get_flat_coord(&thr, idx)?;
        let idx = idx.value();
        t.step(|| Event::ThreadAt {
            thr: thr.clone(),
            tiler: tiler.clone(),
            thread: idx,
            coord: c.clone(),
        });
        let z = zipped_divide_of(&l, &tiler, t)?;
        let c = cute_layout::coord::Coord::from_int_tuple(&c);
        let (r, o) = cute_layout::tensor::outer_partition(&l.into(), &tiler, &c)?;
        if let AnyLayout::Layout(part) = &r {
            t.step(|| Event::ThreadSlice {
                coord: c,
                zipped: z,
                thread: idx,
                part: part.clone(),
                offset: o,
            });
        }
        Ok(partition_value(r, o))
    })();
    Ok(Some(result))
}

/// `zipped_divide(l, tiler)` as a nested derivation.
fn zipped_divide_of(l: &Layout, tiler: &Tiler, t: &mut Recorder) -> Result<Layout> {
    t.enter(|| Event::ZippedDivideOf {
        layout: l.clone(),
        tiler: tiler.clone(),
    });
    let z = zipped_divide_traced(l, tiler, t);
    t.leave();
    z
}

/// A partition as a value: `L+OFFSET`. (The derivations take ordinary layouts, whose
/// partitions are ordinary layouts: the slice steps report those.)
fn partition_value(l: AnyLayout, o: cute_layout::int::Int) -> Value {
    match l {
        AnyLayout::Layout(l) => Value::LayoutOffset(Arc::new(l), o),
        AnyLayout::Composed(c) => Value::ComposedOffset(Box::new(c), o),
    }
}

/// An operation without a step-by-step derivation: its result only.
fn fallback(call: &Call) -> Result<(Vec<Step>, Result<Value>)> {
    let result = match call.apply() {
        Err(e @ LayoutError::Parse { .. }) => return Err(e),
        Err(e @ LayoutError::InvalidArgument { op: "eval", .. }) => return Err(e),
        r => r,
    };
    let op = call.op.name;
    let steps = vec![Step {
        depth: 0,
        event: Event::NoDerivation { op },
    }];
    Ok((steps, result))
}
