//! What `make_tma_copy_desc` computes on the host without the CUDA driver: the descriptor's
//! `globalDim`, `globalStrides` and `boxDim` (split among the multicast CTAs), with its
//! assertions as errors, and the strides of the TMA coordinate tensor (`AuxParams::g_stride_`).

use crate::basis::{BasisLayout, ScaledBasis};
use crate::error::{LayoutError, Result};
use crate::int::Int;
use crate::layout::Layout;
use crate::tree::Tree;

/// The largest rank of a TMA box (the hardware's 5 dimensions).
pub const TMA_MAX_RANK: usize = 5;

fn desc_error(detail: String, hint: &'static str) -> LayoutError {
    LayoutError::InvalidArgument {
        op: "make_tma_copy_desc",
        detail,
        hint,
    }
}

/// The gmem modes as `(basis path, extent, stride)`.
type GmemModes = Vec<(Vec<usize>, Int, Int)>;

fn gmem_modes(gmem: &Layout) -> Result<GmemModes> {
    let ids = BasisLayout::identity(gmem.shape())?;
    Ok(ids
        .stride()
        .leaves()
        .zip(gmem.leaves())
        .map(|(e, (s, d))| (e.path(), s, d))
        .collect())
}

fn find_mode(modes: &GmemModes, e: &ScaledBasis) -> Result<(i64, i64)> {
    let p = e.path();
    modes
        .iter()
        .find(|m| m.0 == p)
        .map(|m| (m.1.value(), m.2.value()))
        .ok_or_else(|| {
            desc_error(
                format!("the TMA basis {e} names no gmem mode"),
                "the box's strides name modes of the gmem tensor",
            )
        })
}

/// `fill_tma_gmem_shape_stride`: the descriptor's `globalDim` and `globalStrides` (in
/// elements), a TMA mode of several gmem modes merged by the gcd recurrence.
fn prob_shape_stride(gmem: &Layout, gbasis: &BasisLayout) -> Result<(Vec<i64>, Vec<i64>)> {
    let modes = gmem_modes(gmem)?;
    if gbasis.shape().rank() > TMA_MAX_RANK {
        return Err(desc_error(
            format!("the box {gbasis} has more than {TMA_MAX_RANK} modes"),
            "TMA moves boxes of at most 5 dimensions",
        ));
    }
    let (mut shape, mut stride) = (vec![1i64; TMA_MAX_RANK], vec![0i64; TMA_MAX_RANK]);
    for (i, m) in gbasis.stride().modes().enumerate() {
        let leaves: Vec<ScaledBasis> = m.leaves().collect();
        if let [e] = leaves.as_slice() {
            (shape[i], stride[i]) = find_mode(&modes, e)?;
            continue;
        }
        for e in &leaves {
            let (sj, dj) = find_mode(&modes, e)?;
            let old = stride[i];
            stride[i] = Int::dynamic(old).gcd(Int::dynamic(dj))?.value();
            shape[i] = match stride[i] {
                0 => sj,
                g => {
                    let a = (shape[i] - 1).checked_mul(old / g);
                    let b = (sj - 1).checked_mul(dj / g);
                    let r = a.zip(b).and_then(|(a, b)| a.checked_add(b)?.checked_add(1));
                    checked(r, || format!("globalDim[{i}] of {gbasis}"))?
                }
            };
        }
    }
    Ok((shape, stride))
}

/// `v`, or [`LayoutError::Overflow`] naming `expr`.
fn checked(v: Option<i64>, expr: impl FnOnce() -> String) -> Result<i64> {
    v.ok_or_else(|| LayoutError::Overflow { expr: expr() })
}

/// What `make_tma_copy_desc` computes and asserts on the host: `(globalDim, globalStrides in
/// bytes, boxDim)`.
pub(super) type Descriptor = (Vec<i64>, Vec<i64>, Vec<i64>);

pub(super) fn descriptor(
    gmem: &Layout,
    gbasis: &BasisLayout,
    bits: i64,
    multicast: i64,
) -> Result<Descriptor> {
    let (shape, stride) = prob_shape_stride(gmem, gbasis)?;
    if stride[0] != 1 {
        return Err(desc_error(
            format!(
                "the box {gbasis} starts along a gmem mode of stride {} elements, not 1",
                stride[0]
            ),
            "Majorness of smem doesn't match majorness of gmem: give the smem layout the gmem's contiguous mode first",
        ));
    }
    if let Some(i) = shape.iter().position(|&s| !(1..=1i64 << 32).contains(&s)) {
        return Err(desc_error(
            format!("globalDim[{i}] = {} is outside [1, 2^32]", shape[i]),
            "TMA gmem extents lie in [1, 2^32]",
        ));
    }
    let bytes = stride
        .iter()
        .map(|&d| checked(d.checked_mul(bits), || format!("{d} * {bits} bits")).map(|b| b / 8))
        .collect::<Result<Vec<i64>>>()?;
    for (i, &b) in bytes.iter().enumerate().skip(1) {
        if b >= 1i64 << 40 || b % 16 != 0 {
            return Err(desc_error(
                format!("globalStrides[{i}] = {b} bytes"),
                "TMA gmem strides are multiples of 16 bytes (128 bits) and below 2^40",
            ));
        }
    }
    Ok((shape, bytes, box_shape(gbasis, multicast)?))
}

/// `smem_box_shape`: `size<i>(tma_gbasis)`, the last modes divided among the multicast CTAs.
fn box_shape(gbasis: &BasisLayout, num_multicast: i64) -> Result<Vec<i64>> {
    let mut b = vec![1i64; TMA_MAX_RANK];
    for (x, m) in b.iter_mut().zip(gbasis.shape().modes()) {
        *x = m.to_tree().size()?.value();
    }
    let in_range = |b: &[i64]| b.iter().position(|&s| !(1..=256).contains(&s));
    // an empty mode first: the multicast split below divides by the extents
    if let Some(i) = b.iter().position(|&s| s < 1) {
        return Err(box_error(i, b[i]));
    }
    let (mut i, mut multicast) = (gbasis.shape().rank(), num_multicast);
    while multicast > 1 {
        if i == 0 {
            return Err(desc_error(
                format!("multicast to {num_multicast} CTAs exceeds the box {gbasis}"),
                "the box has at least as many elements as CTAs it is multicast to",
            ));
        }
        i -= 1;
        if b[i] % multicast != 0 && multicast % b[i] != 0 {
            return Err(desc_error(
                format!("box mode {i} of extent {} and multicast {multicast}", b[i]),
                "smem_box_shape[i] % multicast == 0 || multicast % smem_box_shape[i] == 0",
            ));
        }
        let next = multicast / b[i] + i64::from(multicast % b[i] != 0);
        b[i] = b[i] / multicast + i64::from(b[i] % multicast != 0);
        multicast = next;
    }
    match in_range(&b) {
        Some(i) => Err(box_error(i, b[i])),
        None => Ok(b),
    }
}

fn box_error(i: usize, extent: i64) -> LayoutError {
    desc_error(
        format!("boxDim[{i}] = {extent} is outside [1, 256]"),
        "a TMA box has at most 256 elements per mode",
    )
}

/// `gmem_tma_basis_stride`: for each gmem mode, the TMA coordinate it advances: `_0` for an
/// extent-`_1` or stride-`_0` mode or one the box does not use; `stride·E<0>` on TMA mode 0;
/// `E<j>` on a TMA mode of one gmem mode; a scale from the byte strides on a merged mode.
pub(super) fn tma_tensor_stride(
    gmem: &Layout,
    gbasis: &BasisLayout,
    bits: i64,
    prob_stride_bytes: &[i64],
) -> Result<Tree<ScaledBasis>> {
    let zero = ScaledBasis::new(Int::ZERO, &[])?;
    let tma_modes: Vec<Vec<Vec<usize>>> = gbasis
        .stride()
        .modes()
        .map(|m| m.leaves().map(|e| e.path()).collect())
        .collect();
    let is = |x: Int, v: i64| x.is_static() && x.value() == v;
    let mut out = Vec::new();
    for (path, s, d) in gmem_modes(gmem)? {
        let j = tma_modes.iter().position(|m| m.contains(&path));
        out.push(match j {
            _ if is(s, 1) || is(d, 0) => zero,
            None => zero,
            Some(0) => ScaledBasis::new(d, &[0])?,
            Some(j) if tma_modes[j].len() == 1 => ScaledBasis::new(Int::ONE, &[j])?,
            Some(j) => {
                let bits_d = checked(d.value().checked_mul(bits), || format!("{d} * {bits} bits"))?;
                let num = bits_d / prob_stride_bytes[j].max(16);
                ScaledBasis::new(Int::dynamic(num / 8 + i64::from(num % 8 != 0)), &[j])?
            }
        });
    }
    let mut leaves = out.into_iter();
    Ok(BasisLayout::identity(gmem.shape())?
        .stride()
        .map(|_| leaves.next().unwrap_or(zero)))
}
