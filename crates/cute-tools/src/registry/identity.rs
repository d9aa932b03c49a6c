//! The forms of the operations on identity tensors (`make_identity_tensor` and its
//! partitions) and scaled-basis layouts, which stand for their identity tensors: each entry's
//! `identity` form, called by the registry where the argument at its position is one.

use super::{ordinary::static_count, Args};
use cute_layout::algebra::composition::composition_tiler;
use cute_layout::algebra::divide::{flat_divide, logical_divide, tiled_divide, zipped_divide};
use cute_layout::basis::IdentityTensor;
use cute_layout::error::Result;
use cute_layout::layout::Layout;
use cute_layout::tiler::Tiler;
use cute_layout::value::Value;

fn tensor(t: IdentityTensor) -> Value {
    Value::IdentityTensor(Box::new(t))
}

pub(super) fn crd2idx(a: &Args, t: IdentityTensor, _: bool) -> Result<Value> {
    a.arity(2, 2)?;
    Ok(Value::IntTuple(Box::new(t.get(&a.int_tuple(1)?)?)))
}

pub(super) fn size(a: &Args, t: IdentityTensor, _: bool) -> Result<Value> {
    a.arity(1, 1)?;
    Ok(Value::Int(t.size()?))
}

pub(super) fn rank(a: &Args, t: IdentityTensor, _: bool) -> Result<Value> {
    a.arity(1, 1)?;
    Ok(Value::Int(static_count(t.shape().rank())))
}

pub(super) fn depth(a: &Args, t: IdentityTensor, _: bool) -> Result<Value> {
    a.arity(1, 1)?;
    Ok(Value::Int(static_count(t.shape().depth())))
}

pub(super) fn shape(a: &Args, t: IdentityTensor, _: bool) -> Result<Value> {
    a.arity(1, 1)?;
    Ok(Value::IntTuple(Box::new(t.shape().clone())))
}

/// `slice(coord, T)`: a scaled-basis layout stays one.
pub(super) fn slice(a: &Args, t: IdentityTensor, basis: bool) -> Result<Value> {
    a.arity(2, 2)?;
    let s = t.slice(&*a.coord(0)?)?;
    Ok(if basis {
        Value::Basis(Box::new(s.layout().clone()))
    } else {
        tensor(s)
    })
}

pub(super) fn slice_and_offset(a: &Args, t: IdentityTensor, _: bool) -> Result<Value> {
    a.arity(2, 2)?;
    Ok(tensor(t.slice(&*a.coord(0)?)?))
}

pub(super) fn local_tile(a: &Args, t: IdentityTensor, _: bool) -> Result<Value> {
    a.arity(3, 4)?;
    let (tiler, c) = (a.tiler(1)?, a.coord(2)?);
    Ok(tensor(if a.len() == 4 {
        t.local_tile_proj(&tiler, &c, &*a.coord(3)?)?
    } else {
        t.inner_partition(&tiler, &c)?
    }))
}

pub(super) fn inner_partition(a: &Args, t: IdentityTensor, _: bool) -> Result<Value> {
    a.arity(3, 3)?;
    Ok(tensor(t.inner_partition(&*a.tiler(1)?, &*a.coord(2)?)?))
}

pub(super) fn outer_partition(a: &Args, t: IdentityTensor, _: bool) -> Result<Value> {
    a.arity(3, 3)?;
    Ok(tensor(t.outer_partition(&*a.tiler(1)?, &*a.coord(2)?)?))
}

pub(super) fn local_partition(a: &Args, t: IdentityTensor, _: bool) -> Result<Value> {
    a.arity(3, 4)?;
    let (thr, idx) = (a.layout(1)?, a.index_int(2)?);
    Ok(tensor(if a.len() == 4 {
        t.local_partition_proj(&thr, idx, &*a.coord(3)?)?
    } else {
        t.local_partition(&thr, idx)?
    }))
}

pub(super) fn tv_partition(a: &Args, t: IdentityTensor, _: bool) -> Result<Value> {
    a.arity(4, 4)?;
    let tv = cute_layout::tv::make_layout_tv(&*a.layout(1)?, &*a.layout(2)?)?;
    Ok(tensor(t.tv_partition(&tv, a.index(3)? as i64)?))
}

/// A composition or a divide by a tiler, applied to the tensor's layout.
fn by_tiler(
    a: &Args,
    t: IdentityTensor,
    basis: bool,
    f: fn(&Layout, &Tiler) -> Result<Layout>,
) -> Result<Value> {
    a.arity(2, 2)?;
    let tiler = a.tiler(1)?;
    let r = t.map_layout(|l| f(l, &tiler))?;
    Ok(if basis {
        Value::Basis(Box::new(r.layout().clone()))
    } else {
        tensor(r)
    })
}

pub(super) fn composition(a: &Args, t: IdentityTensor, basis: bool) -> Result<Value> {
    let Some(Value::Basis(b)) = a.items.get(1) else {
        return by_tiler(a, t, basis, composition_tiler);
    };
    a.arity(2, 2)?;
    let r = t.map_layout(|l| cute_layout::basis::compose_basis(l, b))?;
    Ok(if basis {
        Value::Basis(Box::new(r.layout().clone()))
    } else {
        tensor(r)
    })
}

pub(super) fn logical_divide_form(a: &Args, t: IdentityTensor, basis: bool) -> Result<Value> {
    by_tiler(a, t, basis, logical_divide)
}

pub(super) fn zipped_divide_form(a: &Args, t: IdentityTensor, basis: bool) -> Result<Value> {
    by_tiler(a, t, basis, zipped_divide)
}

pub(super) fn tiled_divide_form(a: &Args, t: IdentityTensor, basis: bool) -> Result<Value> {
    by_tiler(a, t, basis, tiled_divide)
}

pub(super) fn flat_divide_form(a: &Args, t: IdentityTensor, basis: bool) -> Result<Value> {
    by_tiler(a, t, basis, flat_divide)
}

/// `group(T, begin, end)` (C++'s `group_modes<B,E>` of a tensor): the modes grouped, the start kept.
pub(super) fn group(a: &Args, t: IdentityTensor, basis: bool) -> Result<Value> {
    a.arity(3, 3)?;
    let (begin, end) = (a.index(1)?, a.index(2)?);
    let r = t.map_layout(|l| l.group(begin, end))?;
    Ok(if basis {
        Value::Basis(Box::new(r.layout().clone()))
    } else {
        tensor(r)
    })
}

/// `coalesce(T)`: a basis layout merges along one basis direction only.
pub(super) fn coalesce(a: &Args, t: IdentityTensor, basis: bool) -> Result<Value> {
    a.arity(1, 1)?;
    let r = IdentityTensor::with_start(t.start().clone(), t.layout().coalesce()?)?;
    Ok(if basis {
        Value::Basis(Box::new(r.layout().clone()))
    } else {
        tensor(r)
    })
}
