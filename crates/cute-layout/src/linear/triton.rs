//! Triton's named layouts, each turned into its linear layout for a tensor shape, as Triton's
//! `toLinearLayout` does (`lib/Dialect/TritonGPU/IR/LinearLayoutConversions.cpp`), over one CTA
//! or over the several CTAs of a cluster (a CGA): the layout's CGA layout (MLIR's `CGALayout =
//! [[0, 1], [1, 0]]`, Gluon's `cga_layout`, older Triton's `CTAsPerCGA`, `CTASplitNum`,
//! `CTAOrder`) gives the bases of the `block` input dimension, in units of one CTA's share of
//! the tensor ([`cga_linear_layout`]).
//!
//! ```
//! use cute_layout::linear::triton::TritonLayout;
//! let blocked: TritonLayout = "#ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>".parse()?;
//! let l = blocked.to_linear_layout(&[16, 32])?;
//! assert_eq!(l.to_string(), "register=[[0,1],[0,2]] lane=[[0,4],[0,8],[0,16],[1,0],[2,0]] warp=[[4,0],[8,0]] block=[] -> dim0=16 dim1=32");
//! # Ok::<(), cute_layout::LayoutError>(())
//! ```
//!
//! The layouts are checked against Triton 3.9.0 itself (`bench/triton/check.sh`, and the
//! recorded answers in `tests/data/triton_layouts.jsonl`).

use crate::error::{LayoutError, Result};
use crate::linear::{log2_exact, LinearLayout};

/// `#ttg.blocked<{sizePerThread, threadsPerWarp, warpsPerCTA, order}>` (Gluon's
/// `BlockedLayout`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BlockedLayout {
    /// Consecutive elements each thread holds, per dimension.
    pub size_per_thread: Vec<u64>,
    /// Threads of a warp along each dimension (their product is 32).
    pub threads_per_warp: Vec<u64>,
    /// Warps along each dimension.
    pub warps_per_cta: Vec<u64>,
    /// The dimensions from the most minor (fastest) to the most major.
    pub order: Vec<usize>,
    /// The CGA layout: one basis per bit of the CTA index (empty for one CTA).
    pub cga_layout: Vec<Vec<u64>>,
}

/// `#ttg.nvidia_mma<{versionMajor, versionMinor, warpsPerCTA, instrShape}>` (Gluon's
/// `NVMMADistributedLayout`): the accumulator of `mma.sync` (version 2) or `wgmma` (3).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NvidiaMmaLayout {
    /// 2 (Ampere `mma.sync`) or 3 (Hopper `wgmma`).
    pub version_major: u64,
    /// The minor version (0).
    pub version_minor: u64,
    /// Warps along M and N.
    pub warps_per_cta: Vec<u64>,
    /// The instruction's shape: `[16, 8]` (v2) or `[16, N, K]` (v3).
    pub instr_shape: Vec<u64>,
    /// The CGA layout: one basis per bit of the CTA index (empty for one CTA).
    pub cga_layout: Vec<Vec<u64>>,
}

/// `#ttg.dot_op<{opIdx, parent, kWidth}>` (Gluon's `DotOperandLayout`): the A (`opIdx = 0`) or
/// B (`opIdx = 1`) operand of an MMA held in registers.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DotOperandLayout {
    /// 0 for A, 1 for B.
    pub op_idx: u64,
    /// The MMA layout of the accumulator.
    pub parent: NvidiaMmaLayout,
    /// Consecutive K elements per register group.
    pub k_width: u64,
}

/// `#ttg.nvmma_shared<{swizzlingByteWidth, transposed, elementBitWidth}>` (Gluon's
/// `NVMMASharedLayout`): the shared-memory layout of TMA and `wgmma` operands.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NvmmaSharedLayout {
    /// 0, 32, 64 or 128.
    pub swizzling_byte_width: u64,
    /// Whether the first dimension (not the last) is contiguous.
    pub transposed: bool,
    /// The element's width in bits.
    pub element_bit_width: u64,
    /// The CGA layout: one basis per bit of the CTA index (empty for one CTA).
    pub cga_layout: Vec<Vec<u64>>,
}

/// `#ttg.swizzled_shared<{vec, perPhase, maxPhase, order}>` (Gluon's `SwizzledSharedLayout`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SwizzledSharedLayout {
    /// Elements per swizzled vector.
    pub vec: u64,
    /// Rows sharing one phase.
    pub per_phase: u64,
    /// The number of phases.
    pub max_phase: u64,
    /// The dimensions from the most minor to the most major.
    pub order: Vec<usize>,
    /// The CGA layout: one basis per bit of the CTA index (empty for one CTA).
    pub cga_layout: Vec<Vec<u64>>,
}

/// One of Triton's layouts, by name, or a linear layout (`#ttg.linear<{...}>`).
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum TritonLayout {
    /// `#ttg.blocked`.
    Blocked(BlockedLayout),
    /// `#ttg.nvidia_mma`.
    NvidiaMma(NvidiaMmaLayout),
    /// `#ttg.dot_op`.
    DotOperand(DotOperandLayout),
    /// `#ttg.nvmma_shared`.
    NvmmaShared(NvmmaSharedLayout),
    /// `#ttg.swizzled_shared`.
    SwizzledShared(SwizzledSharedLayout),
    /// `#ttg.linear`.
    Linear(LinearLayout),
}

fn bad(op: &'static str, detail: String, hint: &'static str) -> LayoutError {
    LayoutError::InvalidArgument { op, detail, hint }
}

fn dim(i: usize) -> String {
    format!("dim{i}")
}

fn pow2(op: &'static str, what: &str, x: u64) -> Result<u64> {
    log2_exact(x).map(|_| x).ok_or_else(|| {
        bad(
            op,
            format!("{what} = {x} is not a power of two"),
            "Triton's layouts have power-of-two sizes",
        )
    })
}

fn check_order(op: &'static str, order: &[usize], rank: usize) -> Result<()> {
    let mut seen = vec![false; rank];
    for &d in order {
        if d >= rank || std::mem::replace(&mut seen[d], true) {
            return Err(bad(
                op,
                format!("order {order:?} is not a permutation of 0..{rank}"),
                "give each dimension once",
            ));
        }
    }
    if order.len() != rank {
        return Err(bad(
            op,
            format!(
                "order {order:?} has {} entries for rank {rank}",
                order.len()
            ),
            "give each dimension once",
        ));
    }
    Ok(())
}

/// `L *= identity1D(size, in, out)`.
fn times(l: LinearLayout, size: u64, in_dim: &str, out_dim: &str) -> Result<LinearLayout> {
    l.product(&LinearLayout::identity_1d(size, in_dim, out_dim)?)
}

/// `L *= zeros1D(size, in, out)`.
fn times_zeros(l: LinearLayout, size: u64, in_dim: &str, out_dim: &str) -> Result<LinearLayout> {
    l.product(&LinearLayout::zeros_1d(size, in_dim, out_dim)?)
}

/// Triton's `ensureLayoutNotLargerThan`: for each output dimension larger than `shape`, the
/// bases with the largest values along it are zeroed (broadcast), largest first, until it fits;
/// without `broadcast_registers`, a register basis is dropped instead (no register repeats an
/// element).
///
/// # Errors
/// [`LayoutError::InvalidArgument`] for a basis value that is not a power of two (Triton
/// asserts).
fn ensure_not_larger(
    l: LinearLayout,
    shape: &[(String, u64)],
    broadcast_registers: bool,
) -> Result<LinearLayout> {
    let mut ins: Vec<(String, Vec<Vec<u64>>)> = l.in_dims().to_vec();
    let mut dropped: Vec<usize> = Vec::new();
    for (k, (out, size)) in l.out_dims().iter().enumerate() {
        let desired = shape.iter().find(|(n, _)| n == out).map_or(1, |s| s.1);
        let mut actual = *size;
        if actual <= desired {
            continue;
        }
        let mut sorted: Vec<(usize, usize, u64)> = Vec::new();
        for (d, (_, bases)) in ins.iter().enumerate() {
            for (i, b) in bases.iter().enumerate() {
                if b[k] != 0 {
                    if !b[k].is_power_of_two() {
                        return Err(bad(
                            "ensureLayoutNotLargerThan",
                            format!("the basis value {} is not a power of two", b[k]),
                            "Triton shrinks layouts of power-of-two bases only",
                        ));
                    }
                    sorted.push((d, i, b[k]));
                }
            }
        }
        sorted.sort_by_key(|b| std::cmp::Reverse(b.2));
        for (d, i, _) in sorted {
            if actual <= desired {
                break;
            }
            if !broadcast_registers && ins[d].0 == "register" {
                dropped.push(i);
            } else {
                ins[d].1[i][k] = 0;
            }
            actual >>= 1;
        }
    }
    for (name, bases) in ins.iter_mut() {
        if name == "register" {
            let kept = bases
                .iter()
                .enumerate()
                .filter(|(i, _)| !dropped.contains(i))
                .map(|(_, b)| b.clone());
            *bases = kept.collect();
        }
    }
    let names = l.out_names();
    let outs: Vec<(String, u64)> = names
        .iter()
        .map(|n| {
            let desired = shape.iter().find(|(m, _)| m == n).map_or(1, |s| s.1);
            (n.to_string(), l.out_dim_size(n).unwrap_or(1).min(desired))
        })
        .collect();
    LinearLayout::new(ins, outs)
}

/// Triton's `ensureLayoutNotSmallerThan`: repeat along the first input dimension (`register`
/// or `offset`) until each output dimension covers `shape`, in the layout's output order.
fn ensure_not_smaller(mut l: LinearLayout, shape: &[(String, u64)]) -> Result<LinearLayout> {
    let first = l
        .in_names()
        .first()
        .map(|s| s.to_string())
        .unwrap_or_default();
    for (out, _) in l.out_dims().to_vec() {
        let actual = l.out_dim_size(&out).unwrap_or(1);
        let desired = shape.iter().find(|(n, _)| *n == out).map_or(1, |s| s.1);
        if desired > actual {
            l = times(l, desired / actual, &first, &out)?;
        }
    }
    Ok(l)
}

/// Triton's CGA layout as a linear layout `block → (dim0, dim1, ...)` of the given rank (the
/// `CGAEncodingAttr`'s layout): bit `i` of the CTA index moves to the CTA tile `cga[i]`, in
/// units of one CTA's share of the tensor; a zero component repeats (broadcasts) the data over
/// those CTAs. The output sizes are the least powers of two above the largest components.
///
/// # Errors
/// [`LayoutError::InvalidArgument`] when a basis has another rank than `rank`.
///
/// # Examples
/// ```
/// use cute_layout::linear::triton::cga_linear_layout;
/// // two CTAs along dim1, then two along dim0: a 2x2 cluster
/// let l = cga_linear_layout(&[vec![0, 1], vec![1, 0]], 2)?;
/// assert_eq!(l.to_string(), "block=[[0,1],[1,0]] -> dim0=2 dim1=2");
/// # Ok::<(), cute_layout::LayoutError>(())
/// ```
pub fn cga_linear_layout(cga: &[Vec<u64>], rank: usize) -> Result<LinearLayout> {
    let mut sizes = vec![1u64; rank];
    for (i, b) in cga.iter().enumerate() {
        if b.len() != rank {
            return Err(bad(
                "CGALayout",
                format!(
                    "basis {i} {b:?} of the CGA layout {cga:?} has {} components for rank {rank}",
                    b.len()
                ),
                "give one component per tensor dimension",
            ));
        }
        for (s, &x) in sizes.iter_mut().zip(b) {
            *s = (*s).max(crate::linear::size_above(x));
        }
    }
    LinearLayout::new(
        vec![("block".into(), cga.to_vec())],
        sizes
            .into_iter()
            .enumerate()
            .map(|(i, s)| (dim(i), s))
            .collect(),
    )
}

/// Older Triton's CTA layout `CTAsPerCGA`, `CTASplitNum`, `CTAOrder` as the bases of its CGA
/// layout (Triton's `CGAEncodingAttr::fromSplitParams`): along each dimension, from
/// `CTAOrder[0]` on, `CTASplitNum` CTAs take distinct tiles and the remaining `CTAsPerCGA /
/// CTASplitNum` repeat them.
///
/// # Errors
/// [`LayoutError::InvalidArgument`] for lists of different ranks, sizes that are not powers of
/// two, a split that does not divide its CTAs, or an order that is not a permutation.
///
/// # Examples
/// ```
/// use cute_layout::linear::triton::cga_from_split_params;
/// // four CTAs along dim0, split in two tiles (each tile held by two CTAs)
/// assert_eq!(cga_from_split_params(&[4, 1], &[2, 1], &[0, 1])?, vec![vec![1, 0], vec![0, 0]]);
/// # Ok::<(), cute_layout::LayoutError>(())
/// ```
pub fn cga_from_split_params(
    ctas_per_cga: &[u64],
    cta_split_num: &[u64],
    cta_order: &[usize],
) -> Result<Vec<Vec<u64>>> {
    const OP: &str = "CTALayout";
    let rank = cta_order.len();
    check_order(OP, cta_order, rank)?;
    if ctas_per_cga.len() != rank || cta_split_num.len() != rank {
        return Err(bad(
            OP,
            format!("CTAsPerCGA {ctas_per_cga:?}, CTASplitNum {cta_split_num:?} and CTAOrder {cta_order:?} have different ranks"),
            "give every list the same rank",
        ));
    }
    let mut l = LinearLayout::empty();
    for &d in cta_order {
        let (total, split) = (
            pow2(OP, "CTAsPerCGA", ctas_per_cga[d])?,
            pow2(OP, "CTASplitNum", cta_split_num[d])?,
        );
        if total % split != 0 {
            return Err(bad(
                OP,
                format!("CTASplitNum[{d}] = {split} does not divide CTAsPerCGA[{d}] = {total}"),
                "split the CTAs of a dimension into a divisor of their number",
            ));
        }
        l = times_zeros(
            times(l, split, "block", &dim(d))?,
            total / split,
            "block",
            &dim(d),
        )?;
    }
    let names: Vec<String> = (0..rank).map(dim).collect();
    let l = l.transpose_outs(&names.iter().map(String::as_str).collect::<Vec<_>>())?;
    Ok(l.bases("block").unwrap_or(&[]).to_vec())
}

/// The CGA layout fitted to the labeled shape, and each CTA's share of the shape (the shape
/// divided by the CGA's size, at least 1).
fn cga_fit(
    cga: &[Vec<u64>],
    labeled: &[(String, u64)],
) -> Result<(LinearLayout, Vec<(String, u64)>)> {
    let cga = ensure_not_larger(cga_linear_layout(cga, labeled.len())?, labeled, false)?;
    let per_cta = labeled
        .iter()
        .map(|(n, s)| (n.clone(), (s / cga.out_dim_size(n).unwrap_or(1)).max(1)))
        .collect();
    Ok((cga, per_cta))
}

/// One CTA's share of `shape` under the CGA layout `cga` (Triton's `getShapePerCTA`).
fn cta_share(cga: &[Vec<u64>], shape: &[u64]) -> Result<Vec<u64>> {
    let labeled: Vec<(String, u64)> = shape
        .iter()
        .enumerate()
        .map(|(i, s)| (dim(i), *s))
        .collect();
    Ok(cga_fit(cga, &labeled)?.1.into_iter().map(|s| s.1).collect())
}

/// Triton's `combineCtaCgaWithShape`: fit the CGA layout to `shape` (bases beyond it become
/// broadcasts), fit the CTA's layout to its share of `shape` (`shape` divided by the CGA's
/// size), take their product (the CTA index above the CTA's own bits), and put the outputs in
/// the standard order `dim0, dim1, ...`.
fn fit_to_shape(
    l: LinearLayout,
    shape: &[u64],
    broadcast_registers: bool,
    cga: &[Vec<u64>],
) -> Result<LinearLayout> {
    let labeled: Vec<(String, u64)> = shape
        .iter()
        .enumerate()
        .map(|(i, s)| (dim(i), *s))
        .collect();
    let (cga, per_cta) = cga_fit(cga, &labeled)?;
    let cga = cga.transpose_outs(&l.out_names())?;
    let l = ensure_not_larger(
        ensure_not_smaller(l, &per_cta)?,
        &per_cta,
        broadcast_registers,
    )?;
    let l = l.product(&cga)?;
    let names: Vec<String> = (0..shape.len()).map(dim).collect();
    l.transpose_outs(&names.iter().map(String::as_str).collect::<Vec<_>>())
}

/// Triton's `identityStandardND(in, sizes, order)` before its final transpose: identities
/// along `order[0]`, `order[1]`, ... (outputs in that order).
fn identity_nd(in_dim: &str, sizes: &[u64], order: &[usize]) -> Result<LinearLayout> {
    let mut l = LinearLayout::empty();
    for &d in order {
        l = times(l, sizes[d], in_dim, &dim(d))?;
    }
    Ok(l)
}

fn check_shape(op: &'static str, shape: &[u64], rank: usize) -> Result<()> {
    if shape.len() != rank {
        return Err(bad(
            op,
            format!(
                "the shape {shape:?} has rank {} but the layout has rank {rank}",
                shape.len()
            ),
            "give a shape of the layout's rank",
        ));
    }
    for (i, &s) in shape.iter().enumerate() {
        pow2(op, &format!("shape[{i}]"), s)?;
    }
    Ok(())
}

impl BlockedLayout {
    /// The linear layout of the layout over a tensor of `shape`.
    ///
    /// # Errors
    /// [`LayoutError::InvalidArgument`] for sizes that are not powers of two, lists of
    /// different ranks, or an order that is not a permutation.
    pub fn to_linear_layout(&self, shape: &[u64]) -> Result<LinearLayout> {
        const OP: &str = "BlockedLayout";
        let rank = self.order.len();
        check_order(OP, &self.order, rank)?;
        check_shape(OP, shape, rank)?;
        for (what, v) in [
            ("sizePerThread", &self.size_per_thread),
            ("threadsPerWarp", &self.threads_per_warp),
            ("warpsPerCTA", &self.warps_per_cta),
        ] {
            if v.len() != rank {
                return Err(bad(
                    OP,
                    format!("{what} {v:?} has rank {} but order has {rank}", v.len()),
                    "give every list the same rank",
                ));
            }
            for &x in v.iter() {
                pow2(OP, what, x)?;
            }
        }
        let l = identity_nd("register", &self.size_per_thread, &self.order)?
            .product(&identity_nd("lane", &self.threads_per_warp, &self.order)?)?
            .product(&identity_nd("warp", &self.warps_per_cta, &self.order)?)?;
        fit_to_shape(l, shape, false, &self.cga_layout)
    }
}

/// Triton's `nvidiaMmaTile`: `kWidth` registers and 4 lanes along the inner dimension, 8 lanes
/// along the outer one, then registers repeating the outer and the inner dimension.
fn mma_tile(tile: [u64; 2], k_width: u64, order: [usize; 2]) -> Result<LinearLayout> {
    let [inner, outer] = order;
    let (m, n) = (tile[outer], tile[inner]);
    if m % 8 != 0 || n % (k_width * 4) != 0 {
        return Err(bad(
            "nvidia_mma",
            format!(
                "the tile {tile:?} does not hold 8 rows and 4·kWidth = {} columns",
                4 * k_width
            ),
            "give Triton's instruction shapes",
        ));
    }
    let mut l = LinearLayout::empty();
    for &d in &order {
        l = times(l, 1, "register", &dim(d))?;
    }
    let l = times(l, k_width, "register", &dim(inner))?;
    let l = times(l, 4, "lane", &dim(inner))?;
    let l = times(l, 8, "lane", &dim(outer))?;
    let l = times(l, m / 8, "register", &dim(outer))?;
    times(l, n / (k_width * 4), "register", &dim(inner))
}

impl NvidiaMmaLayout {
    fn check(&self) -> Result<()> {
        const OP: &str = "NVMMADistributedLayout";
        if !matches!(self.version_major, 2 | 3) || self.warps_per_cta.len() != 2 {
            return Err(bad(
                OP,
                format!(
                    "version {}.{} with warpsPerCTA {:?}",
                    self.version_major, self.version_minor, self.warps_per_cta
                ),
                "give version 2 or 3 of rank 2",
            ));
        }
        if self.instr_shape.len() < 2 {
            return Err(bad(
                OP,
                format!("instrShape {:?} has fewer than 2 entries", self.instr_shape),
                "give [16, 8] or [16, N, K]",
            ));
        }
        for &w in &self.warps_per_cta {
            pow2(OP, "warpsPerCTA", w)?;
        }
        for &s in &self.instr_shape {
            pow2(OP, "instrShape", s)?;
        }
        Ok(())
    }

    /// Warps are row-major for `mma.sync`, column-major (along M first) for `wgmma`.
    fn warp_order(&self) -> [usize; 2] {
        if self.version_major == 3 {
            [0, 1]
        } else {
            [1, 0]
        }
    }

    /// The accumulator's linear layout over a tensor of `shape`.
    ///
    /// # Errors
    /// [`LayoutError::InvalidArgument`] for a version other than 2 or 3, a rank other than
    /// 2, or sizes that are not powers of two.
    pub fn to_linear_layout(&self, shape: &[u64]) -> Result<LinearLayout> {
        self.check()?;
        check_shape("NVMMADistributedLayout", shape, 2)?;
        let tile = mma_tile([self.instr_shape[0], self.instr_shape[1]], 2, [1, 0])?;
        let l = tile.product(&identity_nd(
            "warp",
            &self.warps_per_cta,
            &self.warp_order(),
        )?)?;
        fit_to_shape(l, shape, false, &self.cga_layout)
    }
}

impl DotOperandLayout {
    /// The operand's linear layout over a tensor of `shape` (an `M×K` A or a `K×N` B).
    ///
    /// # Errors
    /// [`LayoutError::InvalidArgument`] unless the parent is an `mma.sync` (version 2) layout
    /// and the operand index is 0 or 1.
    pub fn to_linear_layout(&self, shape: &[u64]) -> Result<LinearLayout> {
        const OP: &str = "DotOperandLayout";
        self.parent.check()?;
        // wgmma (version 3) reads its B operand from shared memory: only A is in registers
        if self.op_idx > 1 || (self.parent.version_major == 3 && self.op_idx != 0) {
            return Err(bad(
                OP,
                format!(
                    "operand {} of an MMA of version {}",
                    self.op_idx, self.parent.version_major
                ),
                "give the A (0) or B (1) operand of mma.sync (version 2), or the A operand (0) of wgmma (version 3): wgmma takes B from shared memory",
            ));
        }
        check_shape(OP, shape, 2)?;
        pow2(OP, "kWidth", self.k_width)?;
        let is_a = self.op_idx == 0;
        let (tile, order, k_dim) = if is_a {
            ([16, self.k_width * 8], [1, 0], 1)
        } else {
            ([self.k_width * 8, 8], [0, 1], 0)
        };
        let mut l = mma_tile(tile, self.k_width, order)?;
        for d in self.parent.warp_order() {
            let w = self.parent.warps_per_cta[d];
            l = if d == k_dim {
                times_zeros(l, w, "warp", &dim(d))?
            } else {
                times(l, w, "warp", &dim(d))?
            };
        }
        // the operand's CTAs: the parent's, repeated along K (Triton's
        // `inferDotOperandCGALayout`)
        let cga: Vec<Vec<u64>> = self
            .parent
            .cga_layout
            .iter()
            .map(|b| {
                let mut b = b.clone();
                if let Some(x) = b.get_mut(k_dim) {
                    *x = 0;
                }
                b
            })
            .collect();
        // Triton keeps the registers of a dot operand that repeat an element along K.
        fit_to_shape(l, shape, true, &cga)
    }
}

impl NvmmaSharedLayout {
    /// The layout's `offset → (dim0, dim1)` over a tensor of `shape` (rank 2): rows of
    /// `8·swizzlingByteWidth/elementBitWidth` elements, 16-byte vectors swizzled over 8 rows
    /// (`(perPhase, maxPhase)` = (4, 2), (2, 4), (1, 8) for 32, 64, 128 bytes), the tile repeated
    /// down the rows and then across the columns.
    ///
    /// # Errors
    /// [`LayoutError::InvalidArgument`] for a swizzle width other than 0, 32, 64, 128, a rank
    /// other than 2, or a shape smaller than one swizzle tile.
    pub fn to_linear_layout(&self, shape: &[u64]) -> Result<LinearLayout> {
        const OP: &str = "NVMMASharedLayout";
        check_shape(OP, shape, 2)?;
        let full = shape;
        // the swizzle tiles are over one CTA's share of the tensor
        let per_cta = cta_share(&self.cga_layout, shape)?;
        let shape = &per_cta[..];
        let e = pow2(OP, "elementBitWidth", self.element_bit_width)?;
        let (contig, strided) = if self.transposed { (0, 1) } else { (1, 0) };
        let (cols, rows) = (shape[contig], shape[strided]);
        let (tile_cols, per_phase, max_phase) = match self.swizzling_byte_width {
            0 => (cols, 1, 1),
            32 => (256 / e, 4, 2),
            64 => (512 / e, 2, 4),
            128 => (1024 / e, 1, 8),
            w => {
                return Err(bad(
                    OP,
                    format!("swizzlingByteWidth = {w}"),
                    "give 0, 32, 64 or 128",
                ))
            }
        };
        let tile_rows = if self.swizzling_byte_width == 0 { 1 } else { 8 };
        if cols < tile_cols || rows < tile_rows || e > 128 {
            return Err(bad(OP, format!("the shape {shape:?} is smaller than one {tile_rows}x{tile_cols} swizzle tile of {e}-bit elements"), "give a shape of at least one swizzle tile"));
        }
        let vec = 128 / e;
        let at = |row: u64, col: u64| {
            if self.transposed {
                vec![col, row]
            } else {
                vec![row, col]
            }
        };
        let mut bases = Vec::new();
        let mut c = 1;
        while c < tile_cols {
            bases.push(at(0, c));
            c *= 2;
        }
        let mut r = 1;
        while r < rows {
            let phase = if r < 8 {
                vec * ((r / per_phase) % max_phase)
            } else {
                0
            };
            bases.push(at(r, phase));
            r *= 2;
        }
        while c < cols {
            bases.push(at(0, c));
            c *= 2;
        }
        let cta = LinearLayout::new(
            vec![("offset".into(), bases)],
            vec![(dim(0), shape[0]), (dim(1), shape[1])],
        )?;
        fit_to_shape(cta, full, false, &self.cga_layout)
    }
}

impl SwizzledSharedLayout {
    /// The layout's `offset → (dim0, dim1, ...)` over a tensor of `shape`: row `r` of the two
    /// most minor dimensions starts its vectors at `vec·((r / perPhase) mod maxPhase)`
    /// (mod the row length), XORed with the column.
    ///
    /// # Errors
    /// [`LayoutError::InvalidArgument`] for sizes that are not powers of two or an order that
    /// is not a permutation.
    pub fn to_linear_layout(&self, shape: &[u64]) -> Result<LinearLayout> {
        const OP: &str = "SwizzledSharedLayout";
        let rank = self.order.len();
        check_order(OP, &self.order, rank)?;
        check_shape(OP, shape, rank)?;
        for (what, x) in [
            ("vec", self.vec),
            ("perPhase", self.per_phase),
            ("maxPhase", self.max_phase),
        ] {
            pow2(OP, what, x)?;
        }
        // the swizzle is over one CTA's share of the tensor
        let per_cta = cta_share(&self.cga_layout, shape)?;
        if rank == 1 {
            return fit_to_shape(
                LinearLayout::identity_1d(per_cta[0], "offset", "dim0")?,
                shape,
                false,
                &self.cga_layout,
            );
        }
        let (col, row) = (self.order[0], self.order[1]);
        let (cols, rows) = (per_cta[col], per_cta[row]);
        let mut bases: Vec<Vec<u64>> = Vec::new();
        let mut c = 1;
        while c < cols {
            bases.push(vec![0, c]);
            c *= 2;
        }
        let mut r = 1;
        while r < rows {
            bases.push(vec![
                r,
                (self.vec * ((r / self.per_phase) % self.max_phase)) % cols,
            ]);
            r *= 2;
        }
        let (rn, cn) = (dim(row), dim(col));
        let mut l = LinearLayout::with_out_names(vec![("offset".into(), bases)], &[&rn, &cn])?;
        for &d in &self.order[2..] {
            l = times(l, per_cta[d], "offset", &dim(d))?;
        }
        fit_to_shape(l, shape, false, &self.cga_layout)
    }
}

impl TritonLayout {
    /// The linear layout over a tensor of `shape` (a `#ttg.linear` layout is returned as it
    /// is, when its sizes are `shape`).
    ///
    /// # Errors
    /// As each layout's `to_linear_layout`.
    pub fn to_linear_layout(&self, shape: &[u64]) -> Result<LinearLayout> {
        match self {
            TritonLayout::Blocked(b) => b.to_linear_layout(shape),
            TritonLayout::NvidiaMma(m) => m.to_linear_layout(shape),
            TritonLayout::DotOperand(d) => d.to_linear_layout(shape),
            TritonLayout::NvmmaShared(s) => s.to_linear_layout(shape),
            TritonLayout::SwizzledShared(s) => s.to_linear_layout(shape),
            TritonLayout::Linear(l) => {
                let sizes: Vec<u64> = l.out_dims().iter().map(|(_, s)| *s).collect();
                if sizes != shape {
                    return Err(bad(
                        "#ttg.linear",
                        format!("the layout's sizes {sizes:?} are not the shape {shape:?}"),
                        "give the shape the layout covers",
                    ));
                }
                Ok(l.clone())
            }
        }
    }
}
