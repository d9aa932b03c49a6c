//! TMA (SM90 tensor memory accelerator) as CuTe computes it on the host: the TMA's box over
//! global memory (`construct_tma_gbasis`) and the copy atom `make_tma_atom` builds.
//!
//! A TMA moves a box of global memory into shared memory with one instruction. CuTe finds the
//! largest box it can: it inverts the shared-memory layout (smem index → smem coordinate),
//! maps that through the CTA tile's identity layout to global-memory *modes* (basis strides
//! `_1@i`), keeps the prefix where every step is a unit step along one global mode, and
//! merges it into box modes of at most 256 elements ([`crate::coalesce_256`]). The result is
//! a basis layout `tma_box_shape : gmem_mode`, at most rank 5.
//!
//! [`make_tma_atom`] adds what `make_tma_copy_desc` computes on the host (`tma_desc.rs`): the
//! descriptor's box and gmem extents and strides, checked as C++ asserts, and the strides of the
//! TMA coordinate tensor; `tma_copy.rs` builds the tiled copy, that tensor and the partitions.
//!
//! ```
//! use cute_layout::atom::{construct_tma_gbasis, tma_cta_v_map};
//! let gmem = "(_512,_512):(_512,_1)".parse()?;   // K-major half_t matrix
//! let smem = "(_128,_64):(_64,_1)".parse()?;     // K-major 128x64 tile
//! let v = tma_cta_v_map(&gmem, &"(_128,_64)".parse()?)?;
//! let b = construct_tma_gbasis(&gmem, 16, &smem, &v, 16)?;
//! assert_eq!(b.to_string(), "(_64,_128):(_1@1,_1@0)");
//! # Ok::<(), cute_layout::LayoutError>(())
//! ```

use super::tma_desc::{descriptor, tma_tensor_stride, TMA_MAX_RANK};
use super::{make_copy_atom, CopyAtom, CopyOp, ValueType};
use crate::algebra::coalesce::coalesce_256;
use crate::algebra::composition::{composition, composition_tiler};
use crate::algebra::inverse::right_inverse;
use crate::basis::{compose_basis, BasisLayout, ScaledBasis};
use crate::error::{LayoutError, Result};
use crate::int::Int;
use crate::layout::Layout;
use crate::recast::recast_layout;
use crate::swizzle::{AnyLayout, Swizzle};
use crate::tiler::Tiler;
use crate::tree::Tree;
use crate::tuple::IntTuple;

/// `make_identity_layout(shape(gmem)).compose(cta_tiler)`: the CTA tile's map from its value
/// index to global-memory coordinates, as `make_tma_atom` builds it.
///
/// # Errors
/// As [`crate::composition_tiler`].
///
/// ```
/// # use cute_layout::atom::tma_cta_v_map;
/// let v = tma_cta_v_map(&"(_64,_32):(_1,_64)".parse()?, &"(_16,_8)".parse()?)?;
/// assert_eq!(v.to_string(), "(_16,_8):(_1@0,_1@1)");
/// # Ok::<(), cute_layout::LayoutError>(())
/// ```
pub fn tma_cta_v_map(gmem: &Layout, cta_tiler: &Tiler) -> Result<BasisLayout> {
    BasisLayout::identity(gmem.shape())?.map_layout(|l| composition_tiler(l, cta_tiler))
}

fn tma_error(detail: String, hint: &'static str) -> LayoutError {
    LayoutError::InvalidArgument {
        op: "construct_tma_gbasis",
        detail,
        hint,
    }
}

/// `sidx2gmode`: the smem index → gmem mode map, cut where it stops being a unit step along
/// one gmem mode (`take<0, smem_rank>(coalesce(cta_v_map ∘ right_inverse(smem)))`).
fn smem_to_gmode(smem: &Layout, cta_v_map: &BasisLayout) -> Result<BasisLayout> {
    let inv = right_inverse(smem)?;
    let full = cta_v_map.map_layout(|l| composition(l, &inv))?.coalesce()?;
    let strides: Vec<ScaledBasis> = full.stride().leaves().collect();
    let rank = strides
        .iter()
        .position(|e| e.value().value() != 1)
        .unwrap_or(strides.len());
    if rank == 0 {
        return Err(tma_error(
            format!("the smem vector {full} does not start with a unit step along a gmem mode"),
            "Could not find a common tile-gmem vectorization. Does the Tile select out major GMEM modes?",
        ));
    }
    full.map_layout(|l| l.flatten().take(0, rank))
}

/// The gmem modes (`_1@i`) of nonzero stride and extent ≠ 1 that the box does not step along:
/// they join the box with extent 1.
fn missing_modes(gmem_t: &Layout, box_strides: &[ScaledBasis]) -> Result<Vec<ScaledBasis>> {
    let gbasis = BasisLayout::identity(gmem_t.shape())?;
    let mut out = Vec::new();
    for ((s, d), e) in gmem_t.leaves().zip(gbasis.stride().leaves()) {
        if s.value() != 1 && d.value() != 0 && !box_strides.contains(&e) {
            out.push(e);
        }
    }
    Ok(out)
}

/// `construct_tma_gbasis<TmaInternalType>(gtensor, slayout, cta_v_map)`: the TMA box as a
/// basis layout `tma_box_shape : gmem_mode`, in elements of `tma_bits` bits.
///
/// `gmem` is the global-memory tensor's layout (elements of `gmem_bits` bits), `smem` the
/// shared-memory layout without its swizzle, `cta_v_map` the CTA tile's value → gmem
/// coordinate map ([`tma_cta_v_map`]). Steps, as CuTe: `sidx2gmode` (see the module doc);
/// the box's gmem strides `coalesce_256(recast(gmem ∘ sidx2gmode))`; the same modes as basis
/// strides, re-tiled to the box shape; every other gmem mode appended with extent 1; the
/// modes from the fifth on grouped into one (TMA has at most 5 dimensions).
///
/// # Errors
/// [`LayoutError::InvalidArgument`] where C++ static_asserts: `size(smem) != size(cta_v_map)`,
/// or no common vector (the smem's first step is not a unit step along a gmem mode); the
/// errors of the algebra steps (a recast that does not divide a stride, ...).
///
/// ```
/// use cute_layout::atom::{construct_tma_gbasis, tma_cta_v_map};
/// let gmem = "(_1024,_32,_512):(_64,_1,_65536)".parse()?;
/// let smem = "(_16,_8,_2):(_16,_1,_8)".parse()?;
/// let v = tma_cta_v_map(&gmem, &"(_16,_8,_2)".parse()?)?;
/// let b = construct_tma_gbasis(&gmem, 32, &smem, &v, 32)?;
/// assert_eq!(b.to_string(), "(_8,_2,_16):(_1@1,_1@2,_1@0)");
/// # Ok::<(), cute_layout::LayoutError>(())
/// ```
pub fn construct_tma_gbasis(
    gmem: &Layout,
    gmem_bits: i64,
    smem: &Layout,
    cta_v_map: &BasisLayout,
    tma_bits: i64,
) -> Result<BasisLayout> {
    gbasis(gmem, gmem_bits, smem, cta_v_map, tma_bits).map_err(|e| match e {
        LayoutError::InvalidArgument {
            op: "construct_tma_gbasis",
            ..
        } => e,
        e => e.within("construct_tma_gbasis"),
    })
}

/// [`construct_tma_gbasis`], its errors not yet framed.
fn gbasis(
    gmem: &Layout,
    gmem_bits: i64,
    smem: &Layout,
    cta_v_map: &BasisLayout,
    tma_bits: i64,
) -> Result<BasisLayout> {
    let (ss, sv) = (smem.size()?, cta_v_map.shape().size()?);
    if ss.value() != sv.value() {
        return Err(tma_error(
            format!("size(slayout) = {ss} but size(cta_v_map) = {sv}"),
            "TMA requires CTA_Tile and SLayout top-level size equivalence",
        ));
    }
    let sidx2gmode = smem_to_gmode(smem, cta_v_map)?;
    let tile_gstride = recast_layout(&compose_basis(gmem, &sidx2gmode)?, gmem_bits, tma_bits)?;
    let tma_gstride = coalesce_256(&tile_gstride)?;
    let tile_gbasis = BasisLayout::identity(gmem.shape())?
        .compose_basis(&sidx2gmode)?
        .with_shape(tile_gstride.shape().clone())?;
    let box_layout = Layout::column_major(&tma_gstride.shape().wrap())?;
    let tile = tile_gbasis.map_layout(|l| composition(l, &box_layout))?;
    let box_strides: Vec<ScaledBasis> = tile.stride().leaves().collect();
    let rest = missing_modes(&recast_layout(gmem, gmem_bits, tma_bits)?, &box_strides)?;
    let shape = IntTuple::tuple(
        tile.shape()
            .modes()
            .map(|m| m.to_tree())
            .chain(rest.iter().map(|_| IntTuple::int(Int::ONE))),
    )?;
    let stride = Tree::tuple(
        tile.stride()
            .modes()
            .map(|m| m.to_tree())
            .chain(rest.iter().map(|&e| Tree::leaf(e))),
    )?;
    group_tail(BasisLayout::new(shape, stride)?)
}

/// `group<min(rank, 4), rank>(B)`: the modes from the fifth on as one mode.
fn group_tail(b: BasisLayout) -> Result<BasisLayout> {
    if b.shape().rank() < TMA_MAX_RANK {
        return Ok(b);
    }
    BasisLayout::new(group_from(b.shape())?, group_from(b.stride())?)
}

/// The modes of `t` from index 4 on, gathered into one mode.
fn group_from<T: Copy>(t: &Tree<T>) -> Result<Tree<T>> {
    let k = TMA_MAX_RANK - 1;
    let tail = Tree::tuple(t.modes().skip(k).map(|m| m.to_tree()))?;
    Tree::tuple(t.modes().take(k).map(|m| m.to_tree()).chain([tail]))
}

/// The TMA copy operations of SM90.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum TmaOp {
    /// `SM90_TMA_LOAD`: global → shared memory.
    Load,
    /// `SM90_TMA_LOAD_MULTICAST`: global → the shared memory of several CTAs of a cluster.
    LoadMulticast,
    /// `SM90_TMA_STORE`: shared → global memory.
    Store,
}

impl TmaOp {
    /// The operation's name as C++ spells it.
    pub fn name(self) -> &'static str {
        match self {
            TmaOp::Load => "SM90_TMA_LOAD",
            TmaOp::LoadMulticast => "SM90_TMA_LOAD_MULTICAST",
            TmaOp::Store => "SM90_TMA_STORE",
        }
    }

    /// The operation named `name` (`SM90_TMA_LOAD`, ...).
    ///
    /// # Errors
    /// [`LayoutError::InvalidArgument`] for another name.
    ///
    /// ```
    /// # use cute_layout::atom::TmaOp;
    /// assert_eq!(TmaOp::from_name("SM90_TMA_STORE")?, TmaOp::Store);
    /// # Ok::<(), cute_layout::LayoutError>(())
    /// ```
    pub fn from_name(name: &str) -> Result<TmaOp> {
        [TmaOp::Load, TmaOp::LoadMulticast, TmaOp::Store]
            .into_iter()
            .find(|op| op.name() == name)
            .ok_or_else(|| LayoutError::InvalidArgument {
                op: "make_tma_atom",
                detail: format!("`{name}` is not a TMA copy operation"),
                hint: "use SM90_TMA_LOAD, SM90_TMA_LOAD_MULTICAST or SM90_TMA_STORE",
            })
    }
}

/// What `make_tma_atom` computes on the host besides the copy atom's layouts (C++'s
/// `AuxTmaParams` and the descriptor's box), with the arguments it was built from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TmaAux {
    /// The operation.
    pub op: TmaOp,
    /// The global-memory tensor's layout.
    pub gmem: Layout,
    /// The shared-memory layout (plain or swizzled).
    pub smem: AnyLayout,
    /// The CTA tile (`cta_tiler`).
    pub cta_tiler: Tiler,
    /// `size(cluster_size)`: the number of CTAs the box is multicast to.
    pub num_multicast: Int,
    /// `tma_box_shape : gmem_mode` (`AuxParams::TmaGmemBasis`).
    pub gbasis: BasisLayout,
    /// The smem layout's swizzle (`Sw<0,4,3>`, no swizzle, for a plain layout).
    pub swizzle: Swizzle,
    /// `AuxParams::g_stride_`: for each gmem mode, the TMA coordinate it steps (`_0` where none).
    pub g_stride: Tree<ScaledBasis>,
    /// The descriptor's `boxDim`: the box per TMA mode, the last modes split by the multicast
    /// (its `elementStrides` are all 1 in CuTe).
    pub box_shape: Vec<i64>,
    /// The descriptor's `globalDim`.
    pub gmem_prob_shape: Vec<i64>,
    /// The descriptor's `globalStrides`, in bytes (the first, always the element, included).
    pub gmem_prob_stride: Vec<i64>,
}

/// The TMA's swizzle of the smem layout, checked as `get_tma_swizzle_bits` and
/// `get_tma_swizzle_base` do: `Sw<0..3,4,3>`, or `Sw<2,5,2>` / `Sw<2,6,S>`.
fn tma_swizzle(smem: &AnyLayout) -> Result<Swizzle> {
    let sw = match smem {
        AnyLayout::Layout(_) => return Swizzle::new(0, 4, 3),
        AnyLayout::Composed(c) => c.swizzle().ok_or_else(|| LayoutError::InvalidArgument {
            op: "make_tma_atom",
            detail: format!("the smem layout {c} is composed with a layout, not a swizzle"),
            hint: "TMA takes a plain or swizzled (Sw<B,M,S> o LAYOUT) shared-memory layout",
        })?,
    };
    let (b, m, s) = (sw.bits(), sw.base(), sw.shift());
    if !matches!((b, m, s), (0..=3, 4, 3) | (2, 5, 2) | (2, 6, _)) {
        return Err(LayoutError::InvalidArgument {
            op: "make_tma_atom",
            detail: format!("TMA cannot apply the swizzle {sw} of the smem layout"),
            hint: "Unsupported layout swizzle: TMA swizzles are Sw<0..3,4,3> (none, 32B, 64B, 128B), Sw<2,5,2>, Sw<2,6,S>",
        });
    }
    Ok(sw)
}

/// The driver's rule for a swizzled box (`cuTensorMapEncodeTiled`, interleave none): the
/// inner box dimension, `boxDim[0] · sizeof(T)`, is at most the swizzle's span, 32, 64 or 128
/// bytes for `Sw<1,4,3>`, `Sw<2,4,3>`, `Sw<3,4,3>`. CuTe C++ 4.2 builds such an atom on the
/// host without checking (its `make_tma_copy_desc` asserts only `boxDim[i] ≤ 256`) and then
/// `assert(false)`s when the driver rejects the descriptor: refused here with the rule (the
/// CuTe DSL limits the box to the swizzle's bytes). The SM100 swizzle-atom forms (`Sw<2,5,2>`,
/// `Sw<2,6,S>`) are left to the driver.
fn check_swizzled_box(
    sw: Swizzle,
    box_dims: &[i64],
    bits: i64,
    gbasis: &BasisLayout,
) -> Result<()> {
    let inner = box_dims.first().copied().unwrap_or(1);
    let inner_bits = inner.saturating_mul(bits);
    // every box (interleave none): boxDim[0] * elementSize a multiple of 16 bytes; the H200's
    // driver rejects a 4-byte inner box with CUDA_ERROR_INVALID_VALUE (bench/tma/driver-h200.tsv)
    if inner_bits % 128 != 0 {
        return Err(LayoutError::InvalidArgument {
            op: "make_tma_atom",
            detail: format!(
                "the box {gbasis} has an inner dimension of {inner} elements = {} bits; cuTensorMapEncodeTiled requires boxDim[0] * elementSize to be a multiple of 16 bytes (CuTe C++ 4.2 builds the atom on the host, and its descriptor is then rejected by the driver)",
                inner_bits
            ),
            hint: "make the smem layout's contiguous mode (the box's inner dimension) a multiple of 16 bytes",
        });
    }
    let (b, m, s) = (sw.bits(), sw.base(), sw.shift());
    if b == 0 || (m, s) != (4, 3) {
        return Ok(());
    }
    let span = 16i64 << b;
    if inner_bits > span * 8 {
        return Err(LayoutError::InvalidArgument {
            op: "make_tma_atom",
            detail: format!(
                "the box {gbasis} has an inner dimension of {inner} elements = {} bytes under the {span}-byte swizzle {sw}; cuTensorMapEncodeTiled requires boxDim[0] * elementSize <= {span} bytes (CuTe C++ 4.2 builds the atom on the host, and its descriptor is then rejected by the driver)",
                inner_bits / 8
            ),
            hint: "make the smem layout's contiguous mode at most the swizzle's width (e.g. tile a 64-element half_t atom for Sw<3,4,3>), or use a wider swizzle",
        });
    }
    Ok(())
}

/// `make_tma_atom(OP, gtensor, slayout, cta_tiler, cluster_size)` for a global tensor of
/// `value_type` elements: the copy atom C++ returns (its print is
/// [`crate::notation::atom::copy_atom_text`]), one thread moving the whole box, with the TMA's
/// parameters in [`CopyAtom::tma`]: the box ([`construct_tma_gbasis`]), its swizzle, the TMA
/// tensor's strides and the descriptor's box split among `num_multicast` CTAs.
///
/// # Errors
/// As [`construct_tma_gbasis`]; [`LayoutError::InvalidArgument`] for a swizzle the TMA cannot
/// apply (C++'s "Unsupported layout swizzle") and where `make_tma_copy_desc` asserts: a gmem
/// whose box mode 0 is not its unit-stride mode ("Majorness of smem doesn't match majorness of
/// gmem"), byte strides not a multiple of 16 or from 2^40 on, extents outside [1, 2^32], a box
/// the multicast does not split evenly, a box mode above 256; a box whose inner dimension is
/// wider than its swizzle (the driver's rule, which C++ leaves to the driver: see
/// `check_swizzled_box`).
///
/// ```
/// use cute_layout::atom::{make_tma_atom, TmaOp, ValueType};
/// use cute_layout::Int;
/// let smem = "Sw<3,4,3> o _0 o (_128,_64):(_64,_1)".parse()?;
/// let gmem = "(_512,_512):(_512,_1)".parse()?;
/// let atom = make_tma_atom(TmaOp::Load, ValueType::Half, &gmem, &smem, &"(_128,_64)".parse()?, Int::ONE)?;
/// assert_eq!(atom.src.to_string(), "(_1,_8192):(_0,_1)");
/// let tma = atom.tma()?;
/// assert_eq!(tma.gbasis.to_string(), "(_64,_128):(_1@1,_1@0)");
/// assert_eq!(tma.g_stride.to_string(), "(_1@1,_1@0)");
/// assert_eq!(tma.gmem_prob_stride[..2], [2, 1024]);
/// // an MN-major gmem under a K-major smem: the box's first mode is not contiguous
/// let mn = "(_512,_512):(_1,_512)".parse()?;
/// let err = make_tma_atom(TmaOp::Load, ValueType::Half, &mn, &smem, &"(_128,_64)".parse()?, Int::ONE);
/// assert!(err.unwrap_err().to_string().contains("Majorness of smem doesn't match majorness of gmem"));
/// # Ok::<(), cute_layout::LayoutError>(())
/// ```
pub fn make_tma_atom(
    op: TmaOp,
    value_type: ValueType,
    gmem: &Layout,
    smem: &AnyLayout,
    cta_tiler: &Tiler,
    num_multicast: Int,
) -> Result<CopyAtom> {
    let swizzle = tma_swizzle(smem)?;
    let bits = value_type.bits();
    let v = tma_cta_v_map(gmem, cta_tiler)?;
    let gbasis = construct_tma_gbasis(gmem, bits, smem.inner(), &v, bits)?;
    let (prob_shape, prob_stride, box_dims) =
        descriptor(gmem, &gbasis, bits, num_multicast.value())?;
    check_swizzled_box(swizzle, &box_dims, bits, &gbasis)?;
    let g_stride = tma_tensor_stride(gmem, &gbasis, bits, &prob_stride)?;
    let box_bits = gbasis.shape().size()?.mul(Int::fixed(bits))?;
    let mut atom = make_copy_atom(&tma_copy_op(op, box_bits)?, value_type)?;
    atom.tma = Some(Box::new(TmaAux {
        op,
        gmem: gmem.clone(),
        smem: smem.clone(),
        cta_tiler: cta_tiler.clone(),
        num_multicast,
        gbasis,
        swizzle,
        g_stride,
        box_shape: box_dims,
        gmem_prob_shape: prob_shape,
        gmem_prob_stride: prob_stride,
    }));
    Ok(atom)
}

/// `Copy_Atom<OP,T>` of a TMA operation before `make_tma_atom` gives it a box: the operation
/// and element type only (`make_tma_atom`'s first argument in `cute eval`). It has no TMA
/// parameters ([`CopyAtom::tma`] is an error) and its layouts are those of a one-element box;
/// the tiled-copy operations of the registry refuse it.
///
/// # Errors
/// None in practice (the layouts are fixed); kept a `Result` as [`make_copy_atom`].
///
/// ```
/// use cute_layout::atom::{tma_operation, TmaOp, ValueType};
/// let op = tma_operation(TmaOp::Load, ValueType::Half)?;
/// assert_eq!(op.to_string(), "Copy_Atom<SM90_TMA_LOAD,half_t>");
/// assert!(op.tma().is_err());
/// # Ok::<(), cute_layout::LayoutError>(())
/// ```
pub fn tma_operation(op: TmaOp, value_type: ValueType) -> Result<CopyAtom> {
    make_copy_atom(&tma_copy_op(op, Int::fixed(value_type.bits()))?, value_type)
}

/// `Copy_Traits<OP, C<box_bits>>`: one thread moving the whole box, `(thr, bit) -> bit`.
fn tma_copy_op(op: TmaOp, box_bits: Int) -> Result<CopyOp> {
    let per_box = Layout::new(
        IntTuple::tuple([IntTuple::int(Int::ONE), IntTuple::int(box_bits)])?,
        IntTuple::tuple([IntTuple::int(Int::ZERO), IntTuple::int(Int::ONE)])?,
    )?;
    Ok(CopyOp {
        name: op.name().to_string(),
        thr_id: Layout::leaf(Int::ONE, Int::ZERO),
        src: per_box.clone(),
        dst: per_box.clone(),
        reference: per_box,
    })
}

/// Whether `atom` is a TMA operation that `make_tma_atom` has not given a box.
pub fn is_tma_without_box(atom: &CopyAtom) -> bool {
    atom.tma.is_none() && TmaOp::from_name(&atom.op.name).is_ok()
}
