//! The operations on MMA and copy atoms, tiled MMAs and tiled copies ([`cute_layout::atom`]).

use super::{args::atom_layout_default, swizzled::partitioned, Args};
use cute_layout::atom::{
    get_tma_tensor, make_tiled_copy, make_tiled_copy_a, make_tiled_copy_b, make_tiled_copy_c,
    make_tiled_mma, make_tma_atom, make_tma_copy, tma_partition, CopyAtom, Partitionable,
    TiledCopy, TiledMma, TmaOp,
};
use cute_layout::basis::IdentityTensor;
use cute_layout::error::Result;
use cute_layout::int::Int;
use cute_layout::layout::Layout;
use cute_layout::tensor::Tensor;
use cute_layout::value::Value;
use std::sync::Arc;

/// An operand of a tiled MMA.
#[derive(Clone, Copy)]
pub(super) enum Operand {
    A,
    B,
    C,
}

/// A side of a tiled copy.
#[derive(Clone, Copy)]
pub(super) enum Side {
    S,
    D,
}

/// `make_tiled_mma(atom, thr_layout = (_1,_1,_1), permutation = _)`.
/// `size(x)`: of a tiled MMA or tiled copy, its number of threads (C++'s `size(TiledMMA)`,
/// `size(ThrLayoutVMNK)`, and `size(TiledCopy)`, `size<0>(TiledLayout_TV)`, what a kernel
/// launch writes as `dim3 dimBlock(size(mma))`); of anything else, [`super::ordinary::size`].
pub(super) fn size(a: &Args) -> Result<Value> {
    Ok(Value::Int(match &a.items[0] {
        Value::TiledMma(m) => m.thr_layout_vmnk.size()?,
        Value::TiledCopy(c) => c.layout_tv.mode(0)?.size()?,
        _ => return super::ordinary::size(a),
    }))
}

pub(super) fn tiled_mma(a: &Args) -> Result<Value> {
    let Value::MmaAtom(atom) = &a.items[0] else {
        return Err(a.wrong(0, "an MMA atom, e.g. SM80_16x8x16_F32F16F16F32_TN"));
    };
    let thr = match a.len() {
        1 => atom_layout_default()?,
        _ => a.layout_or_shape(1)?.into_owned(),
    };
    let perm = match a.len() {
        3 => a.permutation(2)?,
        _ => Vec::new(),
    };
    Ok(Value::TiledMma(Box::new(make_tiled_mma(
        atom, &thr, &perm,
    )?)))
}

/// `tile_size(mma)`: C++'s `tile_shape(mma)`.
pub(super) fn tile_size(a: &Args) -> Result<Value> {
    Ok(Value::IntTuple(Box::new(a.tiled_mma(0)?.tile_size()?)))
}

/// `mma.get_layout{A,B,C}_TV()`.
pub(super) fn mma_layout_tv(a: &Args, operand: Operand) -> Result<Value> {
    let m = a.tiled_mma(0)?;
    Ok(Value::Layout(Arc::new(match operand {
        Operand::A => m.get_layout_a_tv()?,
        Operand::B => m.get_layout_b_tv()?,
        Operand::C => m.get_layout_c_tv()?,
    })))
}

fn partition_mma<P: Partitionable>(m: &TiledMma, x: P, thr: i64, operand: Operand) -> Result<P> {
    match operand {
        Operand::A => m.partition_a(x, thr),
        Operand::B => m.partition_b(x, thr),
        Operand::C => m.partition_c(x, thr),
    }
}

/// A tensor over nothing as a value: its layout and offset.
fn tensor_value(t: Tensor<()>) -> Value {
    let offset = Int::dynamic(t.offset());
    partitioned((t.layout().clone(), offset))
}

/// `mma.get_slice(thr_idx).partition_{A,B,C}(tensor)`.
pub(super) fn mma_partition(a: &Args, operand: Operand) -> Result<Value> {
    let m = a.tiled_mma(0)?;
    let t = partition_mma(&m, a.tensor(1)?, a.index(2)? as i64, operand)?;
    Ok(tensor_value(t))
}

/// [`mma_partition`] of an identity tensor.
pub(super) fn mma_partition_id(a: &Args, t: IdentityTensor, operand: Operand) -> Result<Value> {
    a.arity(3, 3)?;
    let m = a.tiled_mma(0)?;
    let p = partition_mma(&m, t, a.index(2)? as i64, operand)?;
    Ok(Value::IdentityTensor(Box::new(p)))
}

/// `make_tiled_copy(copy_atom, thr_layout, val_layout = _1)`.
pub(super) fn tiled_copy(a: &Args) -> Result<Value> {
    let val = match a.len() {
        3 => a.layout_or_shape(2)?.into_owned(),
        _ => Layout::leaf(Int::ONE, Int::ZERO),
    };
    let tc = make_tiled_copy(a.copy_atom(0)?, &*a.layout_or_shape(1)?, &val)?;
    Ok(Value::TiledCopy(Box::new(tc)))
}

/// `make_tiled_copy_{A,B,C}(copy_atom, mma)`.
pub(super) fn tiled_copy_mma(a: &Args, operand: Operand) -> Result<Value> {
    let (atom, m) = (a.copy_atom(0)?, a.tiled_mma(1)?);
    let tc = match operand {
        Operand::A => make_tiled_copy_a(atom, &m)?,
        Operand::B => make_tiled_copy_b(atom, &m)?,
        Operand::C => make_tiled_copy_c(atom, &m)?,
    };
    Ok(Value::TiledCopy(Box::new(tc)))
}

/// `copy.get_layout{S,D}_TV()`.
pub(super) fn copy_layout_tv(a: &Args, side: Side) -> Result<Value> {
    let c = a.tiled_copy(0)?;
    Ok(Value::Layout(Arc::new(match side {
        Side::S => c.get_layout_s_tv()?,
        Side::D => c.get_layout_d_tv()?,
    })))
}

fn partition_copy<P: Partitionable>(c: &TiledCopy, x: P, thr: i64, side: Side) -> Result<P> {
    match side {
        Side::S => c.partition_s(x, thr),
        Side::D => c.partition_d(x, thr),
    }
}

/// `copy.get_slice(thr_idx).partition_{S,D}(tensor)`.
pub(super) fn copy_partition(a: &Args, side: Side) -> Result<Value> {
    let c = a.tiled_copy(0)?;
    let t = partition_copy(c, a.tensor(1)?, a.index(2)? as i64, side)?;
    Ok(tensor_value(t))
}

/// [`copy_partition`] of an identity tensor.
pub(super) fn copy_partition_id(a: &Args, t: IdentityTensor, side: Side) -> Result<Value> {
    a.arity(3, 3)?;
    let p = partition_copy(a.tiled_copy(0)?, t, a.index(2)? as i64, side)?;
    Ok(Value::IdentityTensor(Box::new(p)))
}

/// `copy.retile(tensor)` (C++'s `retile_S` / `retile_D`, which are the same).
pub(super) fn retile(a: &Args) -> Result<Value> {
    let copy = a.tiled_copy(0)?;
    let retiled = copy.retile(a.tensor(1)?).map_err(|e| e.within("retile"))?;
    Ok(tensor_value(retiled))
}

/// `construct_tma_gbasis(gmem, smem, cta_tiler)`: the box `make_tma_atom` finds, the TMA
/// moving elements of the gmem tensor's own type.
pub(super) fn tma_gbasis(a: &Args) -> Result<Value> {
    let gmem = a.layout(0)?;
    let smem = a.any_layout(1)?;
    let v = cute_layout::atom::tma_cta_v_map(&gmem, &*a.tiler(2)?)
        .map_err(|e| e.within("construct_tma_gbasis"))?;
    let b = cute_layout::atom::construct_tma_gbasis(&gmem, 8, smem.inner(), &v, 8)?;
    Ok(Value::Basis(Box::new(b)))
}

/// `make_tma_atom(op, gmem, smem, cta_tiler, cluster_size = _1)`: `op` names the TMA operation
/// and element type (`Copy_Atom<SM90_TMA_LOAD,half_t>`, or a TMA atom, whose box is replaced).
pub(super) fn tma_atom(a: &Args) -> Result<Value> {
    let atom = build_tma_atom(a).map_err(|e| e.within("make_tma_atom"))?;
    Ok(Value::CopyAtom(Box::new(atom)))
}

fn build_tma_atom(a: &Args) -> Result<CopyAtom> {
    let Value::CopyAtom(op) = &a.items[0] else {
        return Err(a.wrong(0, "a TMA operation Copy_Atom<SM90_TMA_LOAD,T>"));
    };
    let tma_op = TmaOp::from_name(&op.op.name)?;
    let n = match a.len() {
        5 => a.int(4)?,
        _ => Int::ONE,
    };
    let smem = a.any_layout(2)?;
    make_tma_atom(
        tma_op,
        op.value_type,
        &*a.layout(1)?,
        &smem,
        &*a.tiler(3)?,
        n,
    )
}

/// `make_tma_copy(op, gmem, smem, cta_tiler, cluster_size = _1)`: the TiledCopy of the TMA atom.
pub(super) fn tma_copy(a: &Args) -> Result<Value> {
    let within = |e: cute_layout::error::LayoutError| e.within("make_tma_copy");
    let tc = make_tma_copy(&build_tma_atom(a).map_err(within)?)?;
    Ok(Value::TiledCopy(Box::new(tc)))
}

/// `tma.get_tma_tensor(gmem_shape)` of a TMA atom or TMA copy.
pub(super) fn tma_tensor(a: &Args) -> Result<Value> {
    let t = get_tma_tensor(a.tma_atom(0)?, &a.int_tuple(1)?)?;
    Ok(Value::IdentityTensor(Box::new(t)))
}

/// `tma_partition(tma, cta_coord, cta_layout, stensor, gtensor)`: `get<0>` (the TMA coordinate
/// tensor) or `get<1>` (the smem tensor) of C++'s result.
/// (The form taking the identity tensor `gtensor`; without one, the call is refused.)
pub(super) fn tma_partition_part(a: &Args, g: IdentityTensor, smem: bool) -> Result<Value> {
    a.arity(5, 5)?;
    let atom = a.tma_atom(0)?;
    let p = tma_partition(atom, a.int(1)?, &*a.layout_or_shape(2)?, a.tensor(3)?, g)?;
    Ok(match smem {
        false => Value::IdentityTensor(Box::new(p.gmem)),
        true => tensor_value(p.smem),
    })
}

/// `tma_partition` without a TMA coordinate tensor: refused.
pub(super) fn tma_partition_needs_gtensor(a: &Args) -> Result<Value> {
    a.arity(5, 5)?;
    Err(a.wrong(
        4,
        "the TMA coordinate tensor (get_tma_tensor, local_tile, group)",
    ))
}
