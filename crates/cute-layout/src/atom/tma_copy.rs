//! What a TMA atom builds on the host: the tiled copy of `make_tma_copy`, the TMA tensor of
//! `get_tma_tensor` (the coordinates a TMA instruction takes, as an identity-like tensor over
//! scaled-basis strides) and the per-CTA partition of `tma_partition`.
//!
//! ```
//! use cute_layout::atom::{get_tma_tensor, make_tma_atom, make_tma_copy, TmaOp, ValueType};
//! use cute_layout::Int;
//! let smem = "Sw<3,4,3> o _0 o (_128,_64):(_64,_1)".parse()?;
//! let atom = make_tma_atom(TmaOp::LoadMulticast, ValueType::Half, &"(_512,_512):(_512,_1)".parse()?,
//!                          &smem, &"(_128,_64)".parse()?, Int::fixed(2))?;
//! let tc = make_tma_copy(&atom)?;
//! assert_eq!(tc.layout_tv.to_string(), "(_2,(((_64,_128),_1))):(_64,(((_128,_1),_0)))");
//! let m = get_tma_tensor(&atom, &"(512,512)".parse()?)?;
//! assert_eq!(m.to_string(), "ArithTuple(_0,_0) o (512,512):(_1@1,_1@0)");
//! # Ok::<(), cute_layout::LayoutError>(())
//! ```

use super::{make_tiled_copy_impl, CopyAtom, TiledCopy};
use crate::algebra::coalesce::coalesce_by;
use crate::algebra::composition::{composition, composition_tiler};
use crate::algebra::divide::logical_divide;
use crate::algebra::inverse::right_inverse;
use crate::algebra::product::tile_to_shape;
use crate::basis::{BasisLayout, IdentityTensor};
use crate::error::{LayoutError, Result};
use crate::int::Int;
use crate::layout::Layout;
use crate::swizzle::{AnyLayout, ComposedLayout};
use crate::tensor::Tensor;
use crate::tiler::Tiler;
use crate::tree::Tree;
use crate::tuple::IntTuple;

/// `make_tma_copy(OP, gtensor, slayout, cta_tiler, cluster_size)`: the `TiledCopy` of a TMA atom
/// built by [`super::make_tma_atom`] with the same arguments (C++'s `make_tma_copy_tiled`):
/// `Tiler_MN = product_each(shape(cta_v_map))` and `TiledLayout_TV = (layout_T, layout_V)`,
/// where, with `inv = right_inverse(smem)` and `n` the box's elements,
/// `layout_V = tile_to_shape((inv ∘ n), size(cta_v_map))` (the values, box by box) and
/// `layout_T = inv ∘ (cosize(T):n/cosize(T)) ∘ T`, `T = make_layout(cluster_size)` (each
/// multicast CTA starts `n / cluster_size` smem elements further).
///
/// # Errors
/// [`LayoutError::InvalidArgument`] for an atom `make_tma_atom` did not build; where C++'s
/// `safe_div` asserts (`n` not divisible by the cluster size); the errors of the algebra steps.
///
/// ```
/// use cute_layout::atom::{make_tma_atom, make_tma_copy, TmaOp, ValueType};
/// use cute_layout::Int;
/// let atom = make_tma_atom(TmaOp::Load, ValueType::Float, &"(_128,_64):(_1,_128)".parse()?,
///                          &"(_64,_32):(_1,_64)".parse()?, &"(_64,_32)".parse()?, Int::ONE)?;
/// let tc = make_tma_copy(&atom)?;
/// assert_eq!(tc.tiler.to_string(), "(_64,_32)");
/// assert_eq!(tc.get_layout_s_tv()?.to_string(), "(_1,(_2048,_1)):(_0,(_1,_0))");
/// # Ok::<(), cute_layout::LayoutError>(())
/// ```
pub fn make_tma_copy(atom: &CopyAtom) -> Result<TiledCopy> {
    tma_copy_tiled(atom).map_err(|e| match e {
        LayoutError::InvalidArgument { .. } => e,
        e => e.within("make_tma_copy"),
    })
}

fn tma_copy_tiled(atom: &CopyAtom) -> Result<TiledCopy> {
    let tma = atom.tma()?;
    let n = atom.reference.mode(1)?.size()?;
    let inv = right_inverse(tma.smem.inner())?;
    let layout_v = composition_tiler(&inv, &Tiler::from_int(n))?;
    let cta_v_map = super::tma_cta_v_map(&tma.gmem, &tma.cta_tiler)?;
    let values = cta_v_map.shape().size()?;
    let layout_vv = tile_to_shape(&Layout::concat([layout_v])?, &IntTuple::int(values), None)?;
    let cta_t_map = Layout::from_extent(tma.num_multicast);
    let ctas = cta_t_map.cosize()?;
    if ctas.value() <= 0 || n.value() % ctas.value() != 0 {
        return Err(LayoutError::InvalidArgument {
            op: "make_tma_copy",
            detail: format!("the box of {n} elements is not divisible among {ctas} CTAs"),
            hint: "safe_div(num_elems_per_tma, cosize(cta_t_map)): pick a cluster size dividing the box",
        });
    }
    let layout_t = Layout::leaf(ctas, n.div(ctas)?);
    let layout_tt = composition(&inv, &composition(&layout_t, &cta_t_map)?)?;
    let tiler = cta_v_map.shape().product_each()?;
    make_tiled_copy_impl(atom, Layout::concat([layout_tt, layout_vv])?, tiler)
}

/// `tma_atom.get_tma_tensor(gmem_shape)`: the TMA coordinate tensor
/// `make_coord_tensor(make_layout(gmem_shape, g_stride))`, the gmem's coordinates mapped to the
/// TMA's (its modes in box order, `_0` for the modes TMA does not step).
///
/// # Errors
/// [`LayoutError::InvalidArgument`] for an atom `make_tma_atom` did not build;
/// [`LayoutError::NotCongruent`] where C++ static_asserts that `gmem_shape` is congruent with
/// the gmem tensor's stride.
///
/// ```
/// use cute_layout::atom::{get_tma_tensor, make_tma_atom, TmaOp, ValueType};
/// use cute_layout::Int;
/// let atom = make_tma_atom(TmaOp::Load, ValueType::Half, &"(_64,_32):(_1,_64)".parse()?,
///                          &"(_16,_8):(_1,_16)".parse()?, &"(_16,_8)".parse()?, Int::ONE)?;
/// let t = get_tma_tensor(&atom, &"(_64,_32)".parse()?)?;
/// assert_eq!(t.to_string(), "ArithTuple(_0,_0) o (_64,_32):(_1@0,_1@1)");
/// assert!(get_tma_tensor(&atom, &"(_64,(_4,_8))".parse()?).is_err());
/// # Ok::<(), cute_layout::LayoutError>(())
/// ```
pub fn get_tma_tensor(atom: &CopyAtom, gmem_shape: &IntTuple) -> Result<IdentityTensor> {
    let tma = atom.tma()?;
    let layout = BasisLayout::new(gmem_shape.clone(), tma.g_stride.clone())
        .map_err(|e| e.within("get_tma_tensor"))?;
    let dims = tma.g_stride.leaves().filter(|e| e.value().value() != 0);
    let rank = dims
        .filter_map(|e| e.path().first().copied())
        .max()
        .map_or(0, |j| j + 1);
    let start = IntTuple::tuple((0..rank).map(|_| IntTuple::int(Int::ZERO)))?;
    IdentityTensor::with_start(start, layout)
}

/// The `(gmem, smem)` tensors [`tma_partition`] returns.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TmaPartition {
    /// `((TMA, TMA_Iter), Rest...)` of the TMA coordinate tensor.
    pub gmem: IdentityTensor,
    /// `((TMA, TMA_Iter), Rest...)` of the shared-memory tensor.
    pub smem: Tensor<()>,
}

/// `tma_partition(atom, cta_coord, cta_layout, stensor, gtensor)`: both tensors, whose mode 0
/// is the TMA tile, re-tiled so that mode 0 is `(TMA, TMA_Iter)`: one box (`NumValSrc`
/// elements in smem order, `right_inverse` of the smem layout) and the boxes of the tile;
/// both started at this CTA's share of the box, `cta_layout(cta_coord) · NumValSrc /
/// cosize(cta_layout)` (the multicast split; `cta_coord` 0 and `cta_layout` `_1:_0` without).
///
/// # Errors
/// [`LayoutError::InvalidArgument`] where C++ static_asserts `size<0>(stensor) ==
/// size<0>(gtensor)`; the errors of the algebra steps.
///
/// ```
/// use cute_layout::atom::{get_tma_tensor, make_tma_atom, tma_partition, TmaOp, ValueType};
/// use cute_layout::{Int, Layout, Tensor};
/// let atom = make_tma_atom(TmaOp::Load, ValueType::Half, &"(_64,_32):(_1,_64)".parse()?,
///                          &"(_16,_8):(_1,_16)".parse()?, &"(_16,_8)".parse()?, Int::ONE)?;
/// let g = get_tma_tensor(&atom, &"(_64,_32)".parse()?)?
///     .local_tile(&"(_16,_8)".parse()?, &"(_,_)".parse()?)?
///     .map_layout(|l| l.group(0, 2))?;
/// let s = Tensor::new((), "((_16,_8)):((_1,_16))".parse::<Layout>()?);
/// let p = tma_partition(&atom, Int::ZERO, &"_1:_0".parse()?, s, g)?;
/// assert_eq!(p.gmem.to_string(), "ArithTuple(_0,_0) o (((_16,_8),_1),_4,_4):(((_1@0,_1@1),_0),_16@0,_8@1)");
/// assert_eq!(p.smem.layout().to_string(), "((_128,_1)):((_1,_0))");
/// # Ok::<(), cute_layout::LayoutError>(())
/// ```
pub fn tma_partition(
    atom: &CopyAtom,
    cta_coord: Int,
    cta_layout: &Layout,
    stensor: Tensor<()>,
    gtensor: IdentityTensor,
) -> Result<TmaPartition> {
    partition(atom, cta_coord, cta_layout, stensor, gtensor).map_err(|e| match e {
        LayoutError::InvalidArgument {
            op: "tma_partition",
            ..
        } => e,
        e => e.within("tma_partition"),
    })
}

fn partition(
    atom: &CopyAtom,
    cta_coord: Int,
    cta_layout: &Layout,
    stensor: Tensor<()>,
    gtensor: IdentityTensor,
) -> Result<TmaPartition> {
    let s0 = stensor.layout().inner().mode(0)?;
    let (ss, gs) = (s0.size()?, gtensor.layout().shape().get(0)?.size()?);
    if ss.value() != gs.value() {
        return Err(LayoutError::InvalidArgument {
            op: "tma_partition",
            detail: format!("size<0>(stensor) = {ss} but size<0>(gtensor) = {gs}"),
            hint: "mode 0 of both tensors is the TMA tile: group its modes (group_modes<0,R>)",
        });
    }
    let inv = right_inverse(&s0)?;
    let layout_v = tile_to_shape(&Layout::concat([inv])?, &IntTuple::int(ss), None)?;
    let n = atom.src.mode(1)?.size()?;
    let tma_layout_v = Layout::leaf(n, Int::ONE);
    let layout_vv = logical_divide(&layout_v, &Tiler::Layout(tma_layout_v))?;
    let tile = |rank: usize| {
        Tiler::Tuple(
            std::iter::once(Tiler::Layout(layout_vv.clone()))
                .chain((1..rank).map(|_| Tiler::Underscore))
                .collect(),
        )
    };
    let profile: IntTuple = Tree::tuple([Tree::from_leaves([Int::ONE, Int::ONE])])?;
    let retile =
        |l: &Layout, rank: usize| coalesce_by(&composition_tiler(l, &tile(rank))?, &profile);
    let g_rank = gtensor.layout().shape().rank();
    let g = gtensor.map_layout(|l| retile(l, g_rank))?;
    let s_rank = stensor.layout().inner().rank();
    let s = stensor.map_layout(|l| retile(l, s_rank))?;
    let share = n.div(cta_layout.cosize()?)?;
    let offset = cta_layout.call(&IntTuple::int(cta_coord))?.mul(share)?;
    let coord = |rank: usize| {
        IntTuple::tuple(
            std::iter::once(Tree::from_leaves([offset, Int::ZERO]))
                .chain((1..rank).map(|_| IntTuple::int(Int::ZERO))),
        )
    };
    Ok(TmaPartition {
        gmem: g.domain_offset(&coord(g_rank)?)?,
        smem: domain_offset(s, &coord(s_rank)?)?,
    })
}

/// `domain_offset(coord, tensor)`: a plain layout moves the tensor's start by `L(coord)`; a
/// swizzled one (`Sw o off o L`) moves its offset `off` instead (the swizzle acts on it).
fn domain_offset(t: Tensor<()>, coord: &IntTuple) -> Result<Tensor<()>> {
    match t.layout().clone() {
        AnyLayout::Layout(l) => {
            let off = l.call(coord)?.value();
            let at = t.offset();
            let moved = at.checked_add(off).ok_or_else(|| LayoutError::Overflow {
                expr: format!("{at} + {off}"),
            })?;
            Ok(t.with_offset(moved))
        }
        AnyLayout::Composed(c) => {
            let off = c.offset().add(c.layout().call(coord)?)?;
            let moved = ComposedLayout::with_outer(c.outer().clone(), off, c.layout().clone());
            let at = t.offset();
            Ok(Tensor::new((), moved).with_offset(at))
        }
    }
}
