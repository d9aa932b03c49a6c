//! The operations on integers, int-tuples and ordinary layouts: one short function per
//! operation (or per family sharing one shape), each reading its arguments through [`Args`].

use super::Args;
use cute_layout::algebra::coalesce::{
    coalesce, coalesce_by, filter, filter_by, filter_zeros, filter_zeros_by,
};
use cute_layout::algebra::complement::{complement as complement_to, complement_default};
use cute_layout::algebra::composition::{composition as compose, composition_tiler};
use cute_layout::coord::{crd2idx_shape, idx2crd as idx2crd_of, Coord, CoordLeaf};
use cute_layout::error::{LayoutError, Result};
use cute_layout::int::Int;
use cute_layout::layout::Layout;
use cute_layout::swizzle::{AnyLayout, ComposedLayout, Outer};
use cute_layout::tiler::Tiler;
use cute_layout::tuple::IntTuple;
use cute_layout::value::Value;
use std::borrow::Cow;
use std::sync::Arc;

/// A rank or depth as CuTe returns it: a static integer.
pub(super) fn static_count(n: usize) -> Int {
    Int::fixed(n as i64)
}

/// A query answered for a layout or an int-tuple.
fn layout_or_tuple(
    a: &Args,
    on_layout: fn(&Layout) -> Result<Int>,
    on_tuple: fn(&IntTuple) -> Result<Int>,
) -> Result<Value> {
    Ok(Value::Int(if a.is_layout(0) {
        on_layout(&*a.layout(0)?)?
    } else {
        on_tuple(&a.int_tuple(0)?)?
    }))
}

pub(super) fn size(a: &Args) -> Result<Value> {
    layout_or_tuple(a, Layout::size, IntTuple::size)
}

pub(super) fn cosize(a: &Args) -> Result<Value> {
    Ok(Value::Int(a.layout(0)?.cosize()?))
}

pub(super) fn rank(a: &Args) -> Result<Value> {
    layout_or_tuple(
        a,
        |l| Ok(static_count(l.rank())),
        |t| Ok(static_count(t.rank())),
    )
}

pub(super) fn depth(a: &Args) -> Result<Value> {
    layout_or_tuple(
        a,
        |l| Ok(static_count(l.depth())),
        |t| Ok(static_count(t.depth())),
    )
}

/// `shape(L)`, or `shape(T)` of an int-tuple: the tuple itself (C++'s `shape` of an int-tuple).
pub(super) fn shape(a: &Args) -> Result<Value> {
    Ok(Value::IntTuple(Box::new(if a.is_layout(0) {
        a.layout(0)?.shape().clone()
    } else {
        a.int_tuple(0)?
    })))
}

pub(super) fn stride(a: &Args) -> Result<Value> {
    Ok(Value::IntTuple(Box::new(a.layout(0)?.stride().clone())))
}

/// `crd2idx(L, coord)` or `crd2idx(coord, shape[, stride])`.
pub(super) fn crd2idx(a: &Args) -> Result<Value> {
    if a.is_layout(0) {
        a.arity(2, 2)?;
        return Ok(Value::Int(a.layout(0)?.call(&a.int_tuple(1)?)?));
    }
    let (c, s) = (a.int_tuple(0)?, a.int_tuple(1)?);
    Ok(Value::Int(if a.len() == 3 {
        cute_layout::coord::crd2idx(&c, &s, &a.int_tuple(2)?)?
    } else {
        crd2idx_shape(&c, &s)?
    }))
}

pub(super) fn idx2crd(a: &Args) -> Result<Value> {
    Ok(Value::IntTuple(Box::new(idx2crd_of(
        &a.int_tuple(0)?,
        &a.int_tuple(1)?,
    )?)))
}

pub(super) fn crd2crd(a: &Args) -> Result<Value> {
    let (c, s, d) = (a.int_tuple(0)?, a.int_tuple(1)?, a.int_tuple(2)?);
    Ok(Value::IntTuple(Box::new(cute_layout::coord::crd2crd(
        &c, &s, &d,
    )?)))
}

/// `make_layout(shape[, stride])` or `make_layout(L0, L1, ...)`.
pub(super) fn make_layout(a: &Args) -> Result<Value> {
    if a.is_layout(0) {
        let modes = (0..a.len())
            .map(|i| a.layout(i).map(Cow::into_owned))
            .collect::<Result<Vec<_>>>()?;
        return Ok(Value::Layout(Arc::new(Layout::concat(modes)?)));
    }
    a.arity(1, 2)?;
    let shape = a.int_tuple(0)?;
    Ok(Value::Layout(Arc::new(if a.len() == 2 {
        Layout::new(shape, a.int_tuple(1)?)?
    } else {
        Layout::column_major(&shape)?
    })))
}

/// `make_shape`, `make_stride`, `make_tuple`: the int-tuple whose modes are the arguments.
pub(super) fn make_tuple(a: &Args) -> Result<Value> {
    let modes = (0..a.len())
        .map(|i| a.int_tuple(i))
        .collect::<Result<Vec<_>>>()?;
    Ok(Value::IntTuple(Box::new(IntTuple::tuple(modes)?)))
}

/// `make_inttuple_iter`: C++'s counting iterator over integers, standing for the value it
/// starts at (one argument: that integer or int-tuple; several: their tuple).
pub(super) fn make_inttuple_iter(a: &Args) -> Result<Value> {
    match a.len() {
        1 => Ok(a.items[0].clone()),
        _ => make_tuple(a),
    }
}

/// `make_tensor(iter, L)`: the tensor `c ↦ iter + L(c)`, a layout and an offset.
pub(super) fn make_tensor(a: &Args) -> Result<Value> {
    Ok(Value::LayoutOffset(
        Arc::new(a.layout(1)?.into_owned()),
        a.int(0)?,
    ))
}

/// `make_coord`: the coordinate whose modes are the arguments (an int-tuple if none is `_`).
pub(super) fn make_coord(a: &Args) -> Result<Value> {
    let modes = (0..a.len())
        .map(|i| a.coord(i).map(Cow::into_owned))
        .collect::<Result<Vec<_>>>()?;
    Ok(coord_value(Coord::tuple(modes)?))
}

/// A coordinate as the value it is: `_`, an integer, a coordinate with a `_`, or else an
/// int-tuple.
fn coord_value(c: Coord) -> Value {
    match c.as_leaf() {
        Some(CoordLeaf::Underscore) => Value::Underscore,
        Some(CoordLeaf::Index(i)) => Value::Int(i),
        None if c.has_underscore() => Value::Coord(Box::new(c)),
        None => Value::IntTuple(Box::new(c.underscores_as_zero())),
    }
}

/// An int-tuple as the value it is: an integer, or a tuple.
pub(super) fn tuple_value(t: IntTuple) -> Value {
    match t.as_leaf() {
        Some(n) => Value::Int(n),
        None => Value::IntTuple(Box::new(t)),
    }
}

/// `make_tile`: the tiler whose modes are the arguments.
pub(super) fn make_tile(a: &Args) -> Result<Value> {
    let modes = (0..a.len())
        .map(|i| a.tiler(i).map(Cow::into_owned))
        .collect::<Result<Vec<_>>>()?;
    Ok(Value::Tiler(Box::new(Tiler::Tuple(modes))))
}

pub(super) fn make_layout_right(a: &Args) -> Result<Value> {
    Ok(Value::Layout(Arc::new(Layout::row_major(
        &a.int_tuple(0)?,
    )?)))
}

pub(super) fn make_ordered_layout(a: &Args) -> Result<Value> {
    let (s, o) = (a.int_tuple(0)?, a.int_tuple(1)?);
    Ok(Value::Layout(Arc::new(Layout::ordered(&s, &o)?)))
}

/// `get<I...>(x)`: the element of an int-tuple (or coordinate) at a path of mode indices, an
/// integer being its own mode 0 (`get<1,0>((4,(8,2)))` is `8`, `get<0>(7)` is `7`); of a layout
/// its sub-layout, as `layout<I...>(L)`.
pub(super) fn get(a: &Args) -> Result<Value> {
    let path = || a.indices(1);
    match &a.items[0] {
        Value::IntTuple(t) => Ok(tuple_value(t.get_path(&path()?)?)),
        Value::Int(n) => Ok(tuple_value(IntTuple::int(*n).get_path(&path()?)?)),
        Value::Coord(c) => Ok(coord_value(c.get_path(&path()?)?)),
        _ if a.is_layout(0) => layout(a),
        _ => Err(a.wrong(0, &a.op.params[0].accepted())),
    }
}

pub(super) fn layout(a: &Args) -> Result<Value> {
    Ok(Value::Layout(Arc::new(
        a.layout(0)?.mode_path(&a.indices(1)?)?,
    )))
}

pub(super) fn select(a: &Args) -> Result<Value> {
    Ok(Value::Layout(Arc::new(
        a.layout(0)?.select(&a.indices(1)?)?,
    )))
}

pub(super) fn take(a: &Args) -> Result<Value> {
    Ok(Value::Layout(Arc::new(
        a.layout(0)?.take(a.index(1)?, a.index(2)?)?,
    )))
}

pub(super) fn group(a: &Args) -> Result<Value> {
    Ok(Value::Layout(Arc::new(
        a.layout(0)?.group(a.index(1)?, a.index(2)?)?,
    )))
}

pub(super) fn flatten(a: &Args) -> Result<Value> {
    Ok(if a.is_layout(0) {
        Value::Layout(Arc::new(a.layout(0)?.flatten()))
    } else {
        Value::IntTuple(Box::new(a.int_tuple(0)?.flatten()))
    })
}

/// The mode `append` / `prepend` add: the second argument, or `_1:_0`.
fn extra_mode<'a>(a: &'a Args<'_>) -> Result<Cow<'a, Layout>> {
    if a.len() == 2 {
        a.layout(1)
    } else {
        Ok(Cow::Owned(Layout::trivial()))
    }
}

pub(super) fn append(a: &Args) -> Result<Value> {
    Ok(Value::Layout(Arc::new(
        a.layout(0)?.append(&*extra_mode(a)?)?,
    )))
}

pub(super) fn prepend(a: &Args) -> Result<Value> {
    Ok(Value::Layout(Arc::new(
        a.layout(0)?.prepend(&*extra_mode(a)?)?,
    )))
}

pub(super) fn replace(a: &Args) -> Result<Value> {
    Ok(Value::Layout(Arc::new(
        a.layout(0)?.replace(a.index(1)?, &*a.layout(2)?)?,
    )))
}

pub(super) fn zip(a: &Args) -> Result<Value> {
    Ok(Value::Layout(Arc::new(a.layout(0)?.zip()?)))
}

pub(super) fn slice(a: &Args) -> Result<Value> {
    Ok(Value::Layout(Arc::new(a.layout(1)?.slice(&*a.coord(0)?)?)))
}

pub(super) fn dice(a: &Args) -> Result<Value> {
    Ok(Value::Layout(Arc::new(a.layout(1)?.dice(&*a.coord(0)?)?)))
}

pub(super) fn slice_and_offset(a: &Args) -> Result<Value> {
    let (s, o) = a.layout(1)?.slice_and_offset(&*a.coord(0)?)?;
    Ok(Value::LayoutOffset(Arc::new(s), o))
}

/// `f(L)` or, with a profile, `f_by(L, profile)`.
fn with_profile(
    a: &Args,
    f: fn(&Layout) -> Result<Layout>,
    f_by: fn(&Layout, &IntTuple) -> Result<Layout>,
) -> Result<Value> {
    let l = a.layout(0)?;
    if a.len() == 2 {
        shared(f_by(&l, &a.int_tuple(1)?))
    } else {
        shared(f(&l))
    }
}

/// A layout result as a value, in its shared allocation. One function for every layout result,
/// called once per branch, so that the layout is not copied on its way (a `?` on the result and
/// a branch merging two results each copied its ~400 bytes: 5 copies per `coalesce` through
/// the table, now 2, both inside `Arc::new`).
#[inline(never)]
fn shared(r: Result<Layout>) -> Result<Value> {
    r.map(|l| Value::Layout(Arc::new(l)))
}

pub(super) fn coalesce_op(a: &Args) -> Result<Value> {
    with_profile(a, coalesce, coalesce_by)
}

pub(super) fn filter_op(a: &Args) -> Result<Value> {
    with_profile(a, filter, filter_by)
}

pub(super) fn filter_zeros_op(a: &Args) -> Result<Value> {
    with_profile(a, filter_zeros, filter_zeros_by)
}

/// `composition(L, B)` of ordinary layouts, `B` a layout or a tiler.
pub(super) fn composition(a: &Args) -> Result<Value> {
    if a.len() == 3 {
        return make_composed(a, ComposedLayout::composition);
    }
    let l = a.layout(0)?;
    if let Value::Basis(b) = &a.items[1] {
        // C++'s composition with scaled-basis strides: `E<i>` takes mode `i` of `L`
        return shared(cute_layout::basis::compose_basis(&l, b));
    }
    if a.is_layout(1) {
        shared(compose(&l, &*a.layout(1)?))
    } else {
        shared(composition_tiler(&l, &*a.tiler(1)?))
    }
}

/// The arguments `(A, offset, B)` of a composed layout (`A` a swizzle or a layout), built by
/// `build`.
pub(super) fn make_composed(a: &Args, build: fn(Outer, Int, Layout) -> AnyLayout) -> Result<Value> {
    let outer = match &a.items[0] {
        Value::Swizzle(sw) => Outer::Swizzle(*sw),
        Value::Layout(_) | Value::Int(_) => Outer::from(a.layout(0)?.into_owned()),
        _ => return Err(a.wrong(0, "a swizzle Sw<B,M,S> or a layout")),
    };
    Ok(build(outer, a.int(1)?, a.layout(2)?.into_owned()).into())
}

/// `upcast(L, k)` of an ordinary layout.
pub(super) fn upcast(a: &Args) -> Result<Value> {
    let k = a.index(1)? as i64;
    shared(cute_layout::recast::upcast(&*a.layout(0)?, k))
}

/// `downcast(L, k)` of an ordinary layout.
pub(super) fn downcast(a: &Args) -> Result<Value> {
    let k = a.index(1)? as i64;
    shared(cute_layout::recast::downcast(&*a.layout(0)?, k))
}

/// `complement(L[, cotarget])` of an ordinary layout.
pub(super) fn complement(a: &Args) -> Result<Value> {
    let l = a.layout(0)?;
    if a.len() == 2 {
        shared(complement_to(&l, &a.int_tuple(1)?))
    } else {
        shared(complement_default(&l))
    }
}

/// A function of one layout.
pub(super) fn of_layout(a: &Args, f: fn(&Layout) -> Result<Layout>) -> Result<Value> {
    shared(f(&*a.layout(0)?))
}

/// A function of two layouts.
pub(super) fn of_layouts<T: Into<Value>>(
    a: &Args,
    f: fn(&Layout, &Layout) -> Result<T>,
) -> Result<Value> {
    Ok(f(&*a.layout(0)?, &*a.layout(1)?)?.into())
}

/// A divide or a product of a layout by a tiler.
pub(super) fn by_tiler(a: &Args, f: fn(&Layout, &Tiler) -> Result<Layout>) -> Result<Value> {
    shared(f(&*a.layout(0)?, &*a.tiler(1)?))
}

pub(super) fn tile_to_shape(a: &Args) -> Result<Value> {
    let order = if a.len() == 3 {
        Some(a.int_tuple(2)?)
    } else {
        None
    };
    let (l, s) = (a.layout(0)?, a.int_tuple(1)?);
    Ok(Value::Layout(Arc::new(
        cute_layout::algebra::product::tile_to_shape(&l, &s, order.as_ref())?,
    )))
}

/// A function of one int-tuple giving an int-tuple.
pub(super) fn of_tuple(a: &Args, f: fn(&IntTuple) -> Result<IntTuple>) -> Result<Value> {
    Ok(Value::IntTuple(Box::new(f(&a.int_tuple(0)?)?)))
}

/// A function of two int-tuples giving an int-tuple.
pub(super) fn of_tuples(
    a: &Args,
    f: fn(&IntTuple, &IntTuple) -> Result<IntTuple>,
) -> Result<Value> {
    Ok(Value::IntTuple(Box::new(f(
        &a.int_tuple(0)?,
        &a.int_tuple(1)?,
    )?)))
}

/// `ceil_div(A, B)` mode by mode, of non-negative `A` and positive `B` only: C++'s
/// `(a + b - 1) / b` is the ceiling of `a / b` there, and not for a negative operand
/// (`ceil_div(9223372036854775807, -1)` would be `-9223372036854775805`, `ceil_div(-8, 2)`
/// would be `-3`), so those are refused rather than answered wrong.
pub(super) fn ceil_div(a: &Args) -> Result<Value> {
    let (x, y) = (a.int_tuple(0)?, a.int_tuple(1)?);
    if let Some(v) = x.leaves().chain(y.leaves()).find(|v| v.value() < 0) {
        return Err(LayoutError::InvalidArgument {
            op: "ceil_div",
            detail: format!(
                "ceil_div({x}, {y}) has the negative value {v}: C++'s (a + b - 1) / b is the ceiling only for a >= 0 and b > 0"
            ),
            hint: "give non-negative values and positive divisors",
        });
    }
    Ok(Value::IntTuple(Box::new(x.ceil_div(&y)?)))
}

/// A test of two int-tuples.
pub(super) fn test_tuples(a: &Args, f: fn(&IntTuple, &IntTuple) -> Result<bool>) -> Result<Value> {
    Ok(Value::Bool(f(&a.int_tuple(0)?, &a.int_tuple(1)?)?))
}

pub(super) fn inner_product(a: &Args) -> Result<Value> {
    Ok(Value::Int(a.int_tuple(0)?.inner_product(&a.int_tuple(1)?)?))
}

pub(super) fn is_tractable(a: &Args) -> Result<Value> {
    Ok(Value::Bool(cute_layout::category::is_tractable(
        &*a.layout(0)?,
    )))
}

pub(super) fn to_morphism(a: &Args) -> Result<Value> {
    Ok(Value::Morphism(Box::new(
        cute_layout::category::to_morphism(&*a.layout(0)?)?,
    )))
}

pub(super) fn from_morphism(a: &Args) -> Result<Value> {
    match &a.items[0] {
        Value::Morphism(m) => Ok(Value::Layout(Arc::new(
            cute_layout::category::from_morphism(m)?,
        ))),
        _ => Err(a.wrong(0, "a tuple morphism `S -> T over α`")),
    }
}
