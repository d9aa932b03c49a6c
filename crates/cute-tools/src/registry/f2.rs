//! The ordinary operations' forms on F2 layouts (`(_8,_8):(_1^,_9^)`, [`cute_layout::f2`]),
//! tried where an argument is one (an entry's `.f2(..)`): `size`, `coalesce`, `composition`,
//! the divides, ... give the CuTe Whitepaper's (PyCuTe v2's) result, one definition each.
//!
//! - The structure-only operations (`rank`, `shape`, `get`, `select`, `group`, `flatten`,
//!   `append`, ...) regroup, select or reorder modes and never combine strides: they run the
//!   entry's own `apply` on the layout's [`F2Layout::structure`] and read the result back
//!   ([`structural`]).
//! - The operations that reshape the domain (composition with an integer tiler, the divides)
//!   run the integer algebra through [`F2Layout::through_domain`].
//! - Those that need the strides' algebra (`cosize`, evaluation, `coalesce`, the inverses, the
//!   composition of two F2 layouts) are the F2 library's.
//! - An F2 argument where the operation needs an integer layout (the tiler of a divide, the
//!   inner layout of a composition, a product's tiler) is read as the integer layout it
//!   equals ([`F2Layout::to_layout`]), or refused naming why.
//! - `complement` and the products of an F2 layout are refused: their definition orders the
//!   strides and divides one by another (whitepaper §3.4), and F2 has no such quotient
//!   (PyCuTe v2 raises there too).

use super::Args;
use cute_layout::error::{LayoutError, Result};
use cute_layout::f2::{compose, F2Layout};
use cute_layout::tiler::Tiler;
use cute_layout::value::Value;
use std::sync::Arc;

/// An F2 layout as a value.
fn value(f: F2Layout) -> Value {
    Value::F2(Box::new(f))
}

/// Argument `i` as an F2 layout.
fn f2_at<'a>(a: &'a Args, i: usize) -> Result<&'a F2Layout> {
    match a.items.get(i) {
        Some(Value::F2(f)) => Ok(f),
        _ => Err(a.wrong(i, "an F2 layout")),
    }
}

/// The refusal of `a`'s operation on F2 layouts: what it needs and why F2 strides lack it.
#[cold]
fn refuse(a: &Args, detail: String, hint: &'static str) -> LayoutError {
    LayoutError::InvalidArgument {
        op: a.op.name,
        detail,
        hint,
    }
}

/// A structure-only operation (its result depends on the modes' extents and on where each
/// stride goes, never on a stride's value): the entry's `apply` on each F2 argument's
/// [`F2Layout::structure`], a layout result read back as an F2 layout. An integer layout
/// beside an F2 one is refused: one layout's strides are of one algebra.
pub(super) fn structural(a: &Args) -> Result<Value> {
    if let Some(i) = a
        .items
        .iter()
        .position(|v| matches!(v, Value::Layout(_) | Value::Tv(_) | Value::Composed(_)))
    {
        return Err(refuse(
            a,
            format!(
                "argument {} is {}, beside an F2 layout: a layout's strides are all integers or all F2 vectors",
                i + 1,
                a.items[i].describe()
            ),
            "convert it with to_f2(L) (where it equals an F2 layout), or the F2 layout with from_f2(F)",
        ));
    }
    let items: Vec<Value> = a
        .items
        .iter()
        .map(|v| match v {
            Value::F2(f) => Value::Layout(Arc::new(f.structure())),
            v => v.clone(),
        })
        .collect();
    Ok(match (a.op.apply)(&Args::new(a.op, &items))? {
        Value::Layout(l) => value(F2Layout::with_structure(&l)?),
        v => v,
    })
}

/// `cosize(F)`: the power of two above every offset ([`F2Layout::cosize`], PyCuTe v2's
/// `coshape` of an F2 codomain).
pub(super) fn cosize(a: &Args) -> Result<Value> {
    Ok(Value::Int(f2_at(a, 0)?.cosize()))
}

/// `crd2idx(F, c)`: `F(c)`, the XOR of the carry-less products, as the integer its bits are.
pub(super) fn crd2idx(a: &Args) -> Result<Value> {
    a.arity(2, 2)?;
    Ok(Value::Int(f2_at(a, 0)?.call(&a.int_tuple(1)?)?.bits()))
}

/// `coalesce(F[, profile])`: [`F2Layout::coalesce`], by mode with a profile.
pub(super) fn coalesce(a: &Args) -> Result<Value> {
    let f = f2_at(a, 0)?;
    Ok(value(match a.len() {
        1 => f.coalesce(),
        _ => f.coalesce_by(&a.int_tuple(1)?)?,
    }))
}

/// `right_inverse(F)`: the largest right inverse, PyCuTe v2's chain of strides
/// ([`F2Layout::right_inverse_largest`]; of a bijection, its inverse).
pub(super) fn right_inverse(a: &Args) -> Result<Value> {
    Ok(value(f2_at(a, 0)?.right_inverse_largest()?))
}

/// `left_inverse(F)`: the inverse of a bijection on bits ([`F2Layout::left_inverse`]; PyCuTe
/// v2 takes only F2 layouts whose strides chain without gaps, which for a layout onto
/// `[0, 2^n)` is a bijection).
pub(super) fn left_inverse(a: &Args) -> Result<Value> {
    Ok(value(f2_at(a, 0)?.left_inverse()?))
}

/// The arguments with the F2 layouts at `positions` replaced by the integer layouts they equal
/// ([`F2Layout::to_layout`]), run through the entry's ordinary `apply`; `why` says what the
/// operation needs an integer layout for.
fn as_integer(a: &Args, positions: &[usize], why: &str) -> Result<Value> {
    let mut items = a.items.to_vec();
    for &i in positions {
        if let Some(Value::F2(f)) = a.items.get(i) {
            let l = f.to_layout().map_err(|e| {
                refuse(
                    a,
                    format!("argument {} is the F2 layout {f}, and {why}; it is not one: {e}", i + 1),
                    "an F2 layout stands for an integer layout where its offsets add without carry (convert with from_f2 to see which)",
                )
            })?;
            items[i] = Value::Layout(Arc::new(l));
        }
    }
    (a.op.apply)(&Args::new(a.op, &items))
}

/// `composition(A, B)` with an F2 layout among the operands: for an F2 `A`, `A ∘ B` is an F2
/// layout, of an integer tiler through the integer algebra ([`F2Layout::composition`]), of an
/// F2 `B` through `A` as a linear map ([`compose`], where `A` is linear) or else through `B`'s
/// integer layout; a swizzle after an F2 layout is [`compose`]; an integer (or swizzled) `A`
/// after an F2 `B` keeps `A`'s codomain: `B` read as the integer layout it equals, or else `A`
/// read as an F2 layout (where it equals one, linear), the result then an F2 layout.
pub(super) fn composition(a: &Args) -> Result<Value> {
    if a.len() == 3 {
        return Err(refuse(
            a,
            "composition(A, offset, B) with an F2 layout: an F2 layout has no offset and is no swizzle's inner layout here".to_string(),
            "compose an F2 layout as composition(A, B); from_f2(F) gives its swizzled form Sw<B,M,S> o _0 o L",
        ));
    }
    a.arity(2, 2)?;
    match (&a.items[0], &a.items[1]) {
        (Value::F2(x), Value::F2(y)) => match (x.compose(y), y.to_layout()) {
            (Ok(r), _) => Ok(value(r)),
            (Err(_), Ok(b)) => Ok(value(x.composition(&Tiler::Layout(b))?)),
            (Err(e), Err(_)) => Err(e),
        },
        (Value::Swizzle(sw), Value::F2(y)) => Ok(value(compose(sw, y)?)),
        (Value::F2(x), Value::Swizzle(_) | Value::Composed(_) | Value::Basis(_)) => Err(refuse(
            a,
            format!("{x} o {}: the inner function of an F2 layout's composition must be an integer layout or tiler (or an F2 layout), not {}", a.items[1], a.items[1].describe()),
            "compose the swizzle after it (composition(Sw, F)), or convert with from_f2",
        )),
        (Value::F2(x), _) => Ok(value(x.composition(&*a.tiler(1)?)?)),
        (_, Value::F2(y)) => match as_integer(a, &[1], "the outer layout A adds integers") {
            Ok(v) => Ok(v),
            Err(e) => match F2Layout::from_layout(&*a.layout(0)?).and_then(|x| x.compose(y)) {
                Ok(r) => Ok(value(r)),
                Err(_) => Err(e),
            },
        },
        _ => (a.op.apply)(a),
    }
}

/// A divide `op(L, tiler)`: of an F2 `L` through the integer algebra (the tiler an integer
/// one, or an F2 layout equal to one); of an integer `L` by an F2 tiler, the tiler's integer
/// layout.
pub(super) fn divide(a: &Args, op: fn(&F2Layout, &Tiler) -> Result<F2Layout>) -> Result<Value> {
    a.arity(2, 2)?;
    match &a.items[0] {
        Value::F2(x) => {
            let tiler = match &a.items[1] {
                Value::F2(t) => Tiler::Layout(t.to_layout()?),
                _ => a.tiler(1)?.into_owned(),
            };
            Ok(value(op(x, &tiler)?))
        }
        _ => as_integer(a, &[1], "a tiler is an integer layout"),
    }
}

pub(super) fn logical_divide(a: &Args) -> Result<Value> {
    divide(a, F2Layout::logical_divide)
}

pub(super) fn zipped_divide(a: &Args) -> Result<Value> {
    divide(a, F2Layout::zipped_divide)
}

pub(super) fn tiled_divide(a: &Args) -> Result<Value> {
    divide(a, F2Layout::tiled_divide)
}

pub(super) fn flat_divide(a: &Args) -> Result<Value> {
    divide(a, F2Layout::flat_divide)
}

/// `complement(F[, cotarget])`: refused, as PyCuTe v2 refuses it (whitepaper §3.4).
pub(super) fn complement(a: &Args) -> Result<Value> {
    Err(refuse(
        a,
        format!("{}: the complement orders the strides and divides each by the span before it (d_k / (s_{{k-1}}·d_{{k-1}})); F2 strides have no such integer quotient, so an F2 layout has no complement", a.items[0]),
        "where the F2 layout equals an integer layout, take the complement of that: complement(from_f2(F))",
    ))
}

/// A product: refused for an F2 `A` (it needs `A`'s complement, see [`complement`]); for an
/// integer `A` and an F2 tiler, the tiler's integer layout.
pub(super) fn product(a: &Args) -> Result<Value> {
    match a.items.first() {
        Some(Value::F2(x)) => Err(refuse(
            a,
            format!("{x}: a product (A, A* o B) needs the complement A* of the F2 layout A, which F2 strides do not define (no integer quotient of one stride by another)"),
            "where the F2 layout equals an integer layout, take the product of that: from_f2(F)",
        )),
        _ => as_integer(a, &[1], "a product's tiler is an integer layout"),
    }
}
