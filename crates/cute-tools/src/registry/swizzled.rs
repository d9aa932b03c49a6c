//! The swizzled forms of the operations (`Operation::swizzled`: called where an argument is a
//! swizzle `Sw<B,M,S>` or a composed layout; the ordinary form, in [`super::ordinary`], is the
//! entry's `apply`), the forwarding of composed layouts to their inner layout, and the
//! operations that take either alike (re-typing, tensors, TV layouts).

use super::{ordinary, Args};
use cute_layout::error::{LayoutError, Result};
use cute_layout::int::Int;
use cute_layout::recast::{downcast_swizzle, recast_any, upcast_swizzle};
use cute_layout::swizzle::{AnyLayout, ComposedLayout};
use cute_layout::tensor::Partitioned;
use cute_layout::tuple::IntTuple;
use cute_layout::value::{Arguments, Value};
use std::sync::Arc;

/// A structural operation on a composed layout: applied to its inner layout, the result
/// wrapped again when it is a layout (C++'s `composition(A, offset, f(B))`, which drops an
/// identity swizzle with offset `_0`).
pub(super) fn forward(a: &Args, cl: &ComposedLayout) -> Result<Value> {
    let mut items: Arguments = a.items.iter().cloned().collect();
    items[0] = Value::Layout(Arc::new(cl.layout().clone()));
    Ok(match a.op.call(items)? {
        Value::Layout(l) => {
            ComposedLayout::composition(cl.outer().clone(), cl.offset(), Arc::unwrap_or_clone(l))
                .into()
        }
        v => v,
    })
}

/// A partition: a tensor, swizzled or not.
pub(super) fn partitioned((l, o): Partitioned) -> Value {
    match l {
        AnyLayout::Layout(l) => Value::LayoutOffset(Arc::new(l), o),
        AnyLayout::Composed(c) => Value::ComposedOffset(Box::new(c), o),
    }
}

pub(super) fn composition(a: &Args) -> Result<Value> {
    if a.len() == 3 {
        return ordinary::make_composed(a, ComposedLayout::composition);
    }
    Ok(match (&a.items[0], &a.items[1]) {
        (Value::Composed(x), Value::Composed(y)) => ComposedLayout::compose_both(x, y)?.into(),
        (Value::Composed(x), _) => x.compose(&*a.tiler(1)?)?.into(),
        (Value::Swizzle(x), Value::Swizzle(y)) => Value::Swizzle(x.compose(*y)?),
        (Value::Swizzle(x), Value::Composed(y)) => ComposedLayout::swizzle_after(*x, y)?.into(),
        (Value::Swizzle(x), _) => {
            ComposedLayout::composition(*x, Int::ZERO, a.layout(1)?.into_owned()).into()
        }
        (_, Value::Composed(y)) => ComposedLayout::compose_after(&*a.layout(0)?, y)?.into(),
        (_, Value::Swizzle(y)) => ComposedLayout::layout_after_swizzle(&*a.layout(0)?, *y)?.into(),
        _ => return ordinary::composition(a),
    })
}

pub(super) fn crd2idx(a: &Args) -> Result<Value> {
    match (&a.items[0], a.len()) {
        (Value::Composed(c), 2) => Ok(Value::Int(c.call(&a.int_tuple(1)?)?)),
        (Value::Swizzle(sw), 2) => Ok(Value::Int(sw.apply_int(a.int(1)?))),
        _ => ordinary::crd2idx(a),
    }
}

pub(super) fn right_inverse(a: &Args) -> Result<Value> {
    match &a.items[0] {
        Value::Composed(c) => Ok(c.right_inverse()?.into()),
        Value::Swizzle(sw) => Ok(Value::Swizzle(sw.inverse())),
        _ => ordinary::of_layout(a, cute_layout::algebra::inverse::right_inverse),
    }
}

pub(super) fn left_inverse(a: &Args) -> Result<Value> {
    match &a.items[0] {
        Value::Composed(c) => Ok(c.left_inverse()?.into()),
        Value::Swizzle(sw) => Ok(Value::Swizzle(sw.inverse())),
        _ => ordinary::of_layout(a, cute_layout::algebra::inverse::left_inverse),
    }
}

pub(super) fn complement(a: &Args) -> Result<Value> {
    match &a.items[0] {
        Value::Composed(c) if a.len() == 1 => Ok(Value::Layout(Arc::new(
            c.complement(&IntTuple::int(c.cosize()?))?,
        ))),
        Value::Composed(c) => Ok(Value::Layout(Arc::new(c.complement(&a.int_tuple(1)?)?))),
        _ => ordinary::complement(a),
    }
}

/// `max_common_layout(A, B)`, one of them a swizzled layout (C++'s overloads on
/// `ComposedLayout<Swizzle,..>` and a layout, either order).
pub(super) fn max_common_layout(a: &Args) -> Result<Value> {
    let l = match (&a.items[0], &a.items[1]) {
        (Value::Composed(c), Value::Composed(_)) => {
            return Err(LayoutError::InvalidArgument {
                op: "max_common_layout",
                detail: format!(
                    "both arguments are composed layouts ({c} and {}): C++ has overloads for \
                     a swizzled layout and a layout only",
                    a.items[1]
                ),
                hint: "give one of them as an ordinary layout, e.g. its inner layout",
            })
        }
        (Value::Composed(c), _) => c.max_common_layout(&*a.layout(1)?)?,
        (_, Value::Composed(c)) => c.max_common_layout(&*a.layout(0)?)?,
        _ => return ordinary::of_layouts(a, cute_layout::algebra::inverse::max_common_layout),
    };
    Ok(Value::Layout(Arc::new(l)))
}

pub(super) fn max_common_vector(a: &Args) -> Result<Value> {
    match (&a.items[0], &a.items[1]) {
        (Value::Composed(c), _) => Ok(Value::Int(c.max_common_vector(&*a.layout(1)?)?)),
        (_, Value::Composed(c)) => Ok(Value::Int(c.max_common_vector(&*a.layout(0)?)?)),
        _ => ordinary::of_layouts(a, cute_layout::algebra::inverse::max_common_vector),
    }
}

pub(super) fn slice(a: &Args) -> Result<Value> {
    match &a.items[1] {
        Value::Composed(c) => Ok(c.slice_and_offset(&*a.coord(0)?)?.0.into()),
        _ => ordinary::slice(a),
    }
}

pub(super) fn slice_and_offset(a: &Args) -> Result<Value> {
    match &a.items[1] {
        Value::Composed(c) => Ok(partitioned(c.slice_and_offset(&*a.coord(0)?)?)),
        _ => ordinary::slice_and_offset(a),
    }
}

/// `upcast` (`up`) or `downcast` of a swizzle or a composed layout by a factor.
fn recast_by(a: &Args, up: bool) -> Result<Value> {
    let k = a.index(1)? as i64;
    Ok(match &a.items[0] {
        Value::Swizzle(sw) => Value::Swizzle(if up {
            upcast_swizzle(*sw, k)?
        } else {
            downcast_swizzle(*sw, k)?
        }),
        Value::Composed(c) => {
            let (old, new) = if up { (1, k) } else { (k, 1) };
            recast_any(&(**c).clone().into(), old, new)?.into()
        }
        _ if up => return ordinary::upcast(a),
        _ => return ordinary::downcast(a),
    })
}

pub(super) fn upcast(a: &Args) -> Result<Value> {
    recast_by(a, true)
}

pub(super) fn downcast(a: &Args) -> Result<Value> {
    recast_by(a, false)
}

pub(super) fn recast_layout(a: &Args) -> Result<Value> {
    let (old, new) = (a.index(1)? as i64, a.index(2)? as i64);
    Ok(recast_any(&a.any_layout(0)?, old, new)?.into())
}

pub(super) fn make_swizzle(a: &Args) -> Result<Value> {
    if a.len() == 3 {
        // the CuTe DSL's `make_swizzle(b, m, s)`
        let (b, m, s) = (a.int(0)?, a.int(1)?, a.int(2)?);
        return Ok(Value::Swizzle(cute_layout::swizzle::Swizzle::new(
            b.value(),
            m.value(),
            s.value(),
        )?));
    }
    let (y, z) = (a.index(0)?, a.index(1)?);
    Ok(Value::Swizzle(cute_layout::swizzle::make_swizzle(
        y as i64, z as i64,
    )?))
}

/// `make_composed_layout(A, offset, B)`: the composed layout, always.
pub(super) fn make_composed_layout(a: &Args) -> Result<Value> {
    ordinary::make_composed(a, |outer, offset, layout| {
        ComposedLayout::with_outer(outer, offset, layout).into()
    })
}

pub(super) fn local_tile(a: &Args) -> Result<Value> {
    let (t, tiler, c) = (a.any_layout(0)?, a.tiler(1)?, a.coord(2)?);
    Ok(partitioned(if a.len() == 4 {
        cute_layout::tensor::local_tile_proj(&t, &tiler, &c, &*a.coord(3)?)?
    } else {
        cute_layout::tensor::inner_partition(&t, &tiler, &c)?
    }))
}

pub(super) fn inner_partition(a: &Args) -> Result<Value> {
    let (t, tiler, c) = (a.any_layout(0)?, a.tiler(1)?, a.coord(2)?);
    Ok(partitioned(cute_layout::tensor::inner_partition(
        &t, &tiler, &c,
    )?))
}

pub(super) fn outer_partition(a: &Args) -> Result<Value> {
    let (t, tiler, c) = (a.any_layout(0)?, a.tiler(1)?, a.coord(2)?);
    Ok(partitioned(cute_layout::tensor::outer_partition(
        &t, &tiler, &c,
    )?))
}

pub(super) fn local_partition(a: &Args) -> Result<Value> {
    let (t, thr, idx) = (a.any_layout(0)?, a.layout(1)?, a.index_int(2)?);
    Ok(partitioned(if a.len() == 4 {
        cute_layout::tensor::local_partition_proj(&t, &thr, idx, &*a.coord(3)?)?
    } else {
        cute_layout::tensor::local_partition(&t, &thr, idx)?
    }))
}

pub(super) fn make_layout_tv(a: &Args) -> Result<Value> {
    let tv = cute_layout::tv::make_layout_tv(&*a.layout(0)?, &*a.layout(1)?)?;
    Ok(Value::Tv(Box::new(tv)))
}

pub(super) fn tv_partition(a: &Args) -> Result<Value> {
    let tv = cute_layout::tv::make_layout_tv(&*a.layout(1)?, &*a.layout(2)?)?;
    let t = a.any_layout(0)?;
    Ok(partitioned(cute_layout::tv::tv_partition(
        &t,
        &tv,
        a.index(3)? as i64,
    )?))
}

pub(super) fn make_identity_layout(a: &Args) -> Result<Value> {
    let b = cute_layout::basis::BasisLayout::identity(&a.int_tuple(0)?)?;
    Ok(Value::Basis(Box::new(b)))
}

pub(super) fn make_identity_tensor(a: &Args) -> Result<Value> {
    let t = cute_layout::basis::make_identity_tensor(&a.int_tuple(0)?)?;
    Ok(Value::IdentityTensor(Box::new(t)))
}
