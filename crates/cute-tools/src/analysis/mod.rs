//! Layout analysis: shared-memory bank conflicts, the widest vector access (from the start of
//! the layout, and along each mode: [`vector_width`]), contiguity and injectivity /
//! surjectivity, in one report (behind `cute analyze`).
//!
//! **Access model: the hardware's accesses.** A layout is read as `(thread, value) -> element
//! offset` (a TV layout with `tv`, else in its own order, see [`plan`]), and each thread moves
//! its values in vectors as wide as allowed ([`Width::Widest`], at most 128 bits), or as asked
//! ([`Width::Bits`], or a copy atom: [`Width::Atom`]); never one access per element unless the
//! vectors are one element. One instruction of a warp is served in *phases* of 128 bytes:
//! 8 lanes of a 128-bit access, 16 of a 64-bit one, all 32 of a 32-bit or narrower one, and
//! one 8x8 matrix (8 rows of 16 bytes) of `ldmatrix` / `stmatrix` (one instruction per warp of a
//! TV layout, its row addresses from lanes `0 .. 8·count`); repeated addresses of a 64- or
//! 128-bit load merge phases ([`count_conflicts`]). Within a phase each of the
//! 32 banks (4 bytes wide) delivers one 4-byte word per cycle: the phase takes as many
//! *wavefronts* as the most distinct words one bank must deliver (the same word read twice is a
//! broadcast). Conflicts are wavefronts beyond one per phase — what Nsight Compute's
//! `l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum` counts (checked on an H100 and an H200:
//! `docs/bank-conflicts.md`). [`solve_swizzle`] finds the smallest swizzle that removes them.
//!
//! ```
//! use cute_layout::AnyLayout;
//! use cute_tools::analysis::analyze;
//! // 32 threads reading a column of a 32x32 row-major float matrix: 32-way conflict
//! let col: AnyLayout = "_32:_32".parse()?;
//! let r = analyze(&col, 4, false)?;
//! assert_eq!((r.banks.wavefronts, r.banks.worst), (32, 32));
//! // the swizzled version is conflict-free
//! let sw: AnyLayout = "Sw<5,0,5> o _0 o _32:_32".parse()?;
//! assert_eq!(analyze(&sw, 4, false)?.banks.conflicts, 0);
//! # Ok::<(), cute_layout::LayoutError>(())
//! ```

mod access;
mod cuda;
mod json;
mod solve;

pub use access::{
    atom_access, plan, plan_at, Access, AccessPlan, AccessSpec, Instruction, Width, WARP,
};
pub use cuda::cuda_kernel;
pub use solve::{solve_swizzle, Solution};

use cute_layout::algebra::coalesce::coalesce;
use cute_layout::algebra::inverse::max_common_vector;
use cute_layout::error::{LayoutError, Result};
use cute_layout::int::Int;
use cute_layout::layout::Layout;
use cute_layout::swizzle::AnyLayout;
use std::collections::BTreeSet;
use std::fmt;

/// Number of shared-memory banks.
pub(crate) const BANKS: i64 = 32;
/// Width of a bank in bytes.
pub(crate) const BANK_BYTES: i64 = 4;
pub use cute_layout::limits::ANALYSIS_LIMIT;

/// Bank-conflict counts of a layout's accesses.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BankReport {
    /// Bytes each lane moves per access.
    pub access_bytes: i64,
    /// Lanes served together in one phase.
    pub threads_per_phase: i64,
    /// Instructions (per warp).
    pub instructions: i64,
    /// Number of phases (instructions × phases per instruction).
    pub phases: i64,
    /// Total wavefronts over all phases (`phases` if there is no conflict).
    pub wavefronts: i64,
    /// `wavefronts − phases`.
    pub conflicts: i64,
    /// The largest number of wavefronts of one phase (the conflict degree, 1 if none).
    pub worst: i64,
    /// The first phase that takes `worst` wavefronts, when that is more than one.
    pub worst_phase: Option<PhaseConflict>,
    /// Per instruction, the wavefronts of each of its phases.
    pub phase_wavefronts: Vec<Vec<i64>>,
    /// Phases that serve merged lanes: a half-warp of a 128-bit load, or the whole warp of a
    /// 64-bit load, whose repeated addresses fit one phase (see [`count_conflicts`]).
    pub merged_phases: i64,
}

/// Where a phase conflicts: the bank that must deliver the most words, and to which lanes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PhaseConflict {
    /// The instruction (index into [`AccessPlan::instructions`]).
    pub instruction: usize,
    /// The phase within the instruction.
    pub phase: i64,
    /// The bank.
    pub bank: i64,
    /// `(lane, byte address)` of one lane per distinct word of that bank.
    pub lanes: Vec<(i64, i64)>,
}

/// The full report of [`analyze`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Analysis {
    /// The layout analysed.
    pub layout: AnyLayout,
    /// The element offset it starts at in shared memory: `o` of a tensor `L+o` (`_0` for a
    /// layout). The accesses, banks and vector widths are those of the addresses `o + L(c)`;
    /// the coalesced form, contiguity, cosize, injectivity and surjectivity are the layout's.
    pub offset: Int,
    /// Element size in bytes.
    pub elem_bytes: i64,
    /// Whether it was read as a TV layout.
    pub tv: bool,
    /// The hardware accesses analysed.
    pub plan: AccessPlan,
    /// Bank conflicts of those accesses.
    pub banks: BankReport,
    /// `max_common_vector(L, make_layout(shape(L)))`: leading elements contiguous in memory.
    pub vector_elems: Int,
    /// The widest power-of-two vector access in bytes (at most 16) those elements allow at
    /// the offset (a vector of `n` elements must start at a multiple of `n`).
    pub vector_bytes: i64,
    /// The same along each top-level mode `i` (see [`vector_width`]): the vector a thread gets
    /// when it owns mode `i` (a row-major tile vectorises along mode 1, a TV layout along its
    /// value mode). A layout with a leaf shape has one entry.
    pub vector_modes: Vec<ModeVector>,
    /// `coalesce` of the inner layout.
    pub coalesced: Layout,
    /// Whether the offsets are exactly `0..size` in order (`coalesce(L) = size:1`).
    pub contiguous: bool,
    /// Cosize (of the inner layout for a swizzled one, as in CuTe).
    pub cosize: Int,
    /// No two coordinates share an offset.
    pub injective: bool,
    /// Every offset in `[0, cosize)` is reached.
    pub surjective: bool,
}

impl Analysis {
    /// Injective and surjective onto `[0, cosize)`.
    pub fn bijective(&self) -> bool {
        self.injective && self.surjective
    }

    /// The mode with the widest vector access (the first of equals), and that vector.
    ///
    /// ```
    /// use cute_tools::analysis::analyze;
    /// let r = analyze(&"(_8,_4):(_4,_1)".parse()?, 4, false)?; // row-major
    /// let (mode, v) = r.best_vector_mode();
    /// assert_eq!((mode, v.elems.to_string(), v.bytes), (1, "_4".to_string(), 16));
    /// # Ok::<(), cute_layout::LayoutError>(())
    /// ```
    pub fn best_vector_mode(&self) -> (usize, ModeVector) {
        let first = ModeVector {
            elems: self.vector_elems,
            bytes: self.vector_bytes,
        };
        let mut best = (0, self.vector_modes.first().copied().unwrap_or(first));
        for (i, v) in self.vector_modes.iter().enumerate() {
            if v.elems.value() > best.1.elems.value() {
                best = (i, *v);
            }
        }
        best
    }
}

/// The widest vector access along one mode: contiguous elements and bytes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ModeVector {
    /// Leading elements of the mode contiguous in memory.
    pub elems: Int,
    /// The widest power-of-two access in bytes (at most 16) they allow.
    pub bytes: i64,
}

/// The widest power-of-two access (at most 16 bytes) over `elems` contiguous elements from
/// element offset `offset`: a vector of `n` elements must start at a multiple of `n`.
fn access_bytes(elems: Int, offset: i64, elem_bytes: i64) -> i64 {
    let mut bytes = elem_bytes;
    for p in [2, 4, 8, 16] {
        let n = p / elem_bytes;
        if p > elem_bytes && p % elem_bytes == 0 && elems.value() % n == 0 && offset % n == 0 {
            bytes = p;
        }
    }
    bytes
}

/// A layout at an element offset, printed as CuTe's tensor `L+o` (just `L` at a static 0).
struct AtOffset<'a>(&'a AnyLayout, Int);

impl fmt::Display for AtOffset<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.1 {
            Int::ZERO => self.0.fmt(f),
            o => write!(f, "{}+{o}", self.0),
        }
    }
}

/// `max_common_vector(L, make_layout(shape(L)))`, capped at `2^M` for a swizzle.
fn leading_vector(layout: &AnyLayout) -> Result<Int> {
    let identity = Layout::column_major(layout.inner().shape())?;
    match layout {
        AnyLayout::Layout(l) => max_common_vector(l, &identity),
        AnyLayout::Composed(c) => c.max_common_vector(&identity),
    }
}

/// The widest vector access along mode `mode` of `layout`: the leading elements of
/// `layout<mode>(L)` that are contiguous in memory, `max_common_vector(layout<mode>(L),
/// make_layout(shape<mode>(L)))` (capped at `2^M` for a swizzle), and the widest power-of-two
/// access of at most 16 bytes they allow. Mode 0 of a layout with a leaf shape is the layout.
///
/// # Errors
/// [`LayoutError::IndexOutOfRange`] for a mode beyond the rank; [`LayoutError::InvalidArgument`]
/// for a non-positive element size; as [`max_common_vector`].
///
/// # Examples
/// ```
/// use cute_layout::AnyLayout;
/// use cute_tools::analysis::vector_width;
/// let row_major: AnyLayout = "(_8,_8):(_8,_1)".parse()?;
/// assert_eq!(vector_width(&row_major, 0, 2)?.elems.to_string(), "_1");
/// let v = vector_width(&row_major, 1, 2)?;
/// assert_eq!((v.elems.to_string(), v.bytes), ("_8".to_string(), 16));
/// let sw: AnyLayout = "Sw<3,2,3> o _0 o (_8,_64):(_64,_1)".parse()?;
/// assert_eq!(vector_width(&sw, 1, 2)?.elems.to_string(), "_4"); // capped at 2^M
/// # Ok::<(), cute_layout::LayoutError>(())
/// ```
pub fn vector_width(layout: &AnyLayout, mode: usize, elem_bytes: i64) -> Result<ModeVector> {
    mode_vector(layout, mode, 0, elem_bytes)
}

/// [`vector_width`] of the tensor `layout + offset`: its vectors start at `offset`.
fn mode_vector(
    layout: &AnyLayout,
    mode: usize,
    offset: i64,
    elem_bytes: i64,
) -> Result<ModeVector> {
    if elem_bytes <= 0 {
        return Err(LayoutError::InvalidArgument {
            op: "vector_width",
            detail: format!("element size {elem_bytes} bytes"),
            hint: "give a positive element size in bytes",
        });
    }
    let sub = if layout.inner().shape().is_leaf() && mode == 0 {
        layout.clone()
    } else {
        layout.map_inner(|l| l.mode(mode))?
    };
    let elems = leading_vector(&sub)?;
    Ok(ModeVector {
        elems,
        bytes: access_bytes(elems, offset, elem_bytes),
    })
}

/// Bank conflicts of a plan's instructions (see the module documentation for the model):
/// each phase takes as many wavefronts as the most distinct 4-byte words one bank delivers.
///
/// **Phases.** 128 bytes a phase: 8 lanes of a 128-bit access, 16 of a 64-bit one, all 32 of
/// a narrower one, 8 rows of a matrix instruction. **Repeated addresses of wide loads merge**
/// (measured on an H200, `docs/bank-conflicts.md`): a 128-bit load in which every lane reads
/// the address of its neighbour (`i ^ 1`), or every lane that of the lane two apart (`i ^ 2`),
/// is served in two half-warp phases, not four; a 64-bit load so repeating its addresses in
/// one phase, not two (a phase's wavefronts are still the most distinct words of
/// one bank). Stores, and `ldmatrix` / `stmatrix`, keep their phases.
///
/// ```
/// use cute_tools::analysis::{count_conflicts, plan, AccessSpec};
/// let p = plan(&"(_8,_8):(_8,_1)".parse()?, &AccessSpec::widest(16))?; // 8x8 16-byte vectors
/// let r = count_conflicts(&p);
/// assert_eq!((r.phases, r.wavefronts, r.worst), (8, 64, 8));
/// // every lane loads the same 16 bytes: one phase per half-warp, 2 wavefronts
/// let same = plan(&"(_32,_4):(_0,_1)".parse()?, &cute_tools::analysis::AccessSpec { tv: true, ..AccessSpec::widest(4) })?;
/// let r = count_conflicts(&same);
/// assert_eq!((r.phases, r.wavefronts, r.conflicts, r.merged_phases), (2, 2, 0, 2));
/// # Ok::<(), cute_layout::LayoutError>(())
/// ```
pub fn count_conflicts(plan: &AccessPlan) -> BankReport {
    let instruction = plan.access.instruction;
    let (bytes, per_phase) = (instruction.bytes(), instruction.lanes_per_phase());
    let mut r = BankReport {
        access_bytes: bytes,
        threads_per_phase: per_phase,
        instructions: plan.instructions.len() as i64,
        phases: 0,
        wavefronts: 0,
        conflicts: 0,
        worst: 1,
        worst_phase: None,
        phase_wavefronts: Vec::new(),
        merged_phases: 0,
    };
    for (i, lanes) in plan.instructions.iter().enumerate() {
        let mut per = Vec::new();
        for (p, (first, group, merged)) in phases(plan.access, lanes).into_iter().enumerate() {
            let (wf, conflict) = phase_wavefronts(group, first, bytes);
            r.phases += 1;
            r.merged_phases += i64::from(merged);
            r.wavefronts += wf;
            per.push(wf);
            if wf > r.worst {
                r.worst = wf;
                r.worst_phase = conflict.map(|c| PhaseConflict {
                    instruction: i,
                    phase: p as i64,
                    ..c
                });
            }
        }
        r.phase_wavefronts.push(per);
    }
    r.conflicts = r.wavefronts - r.phases;
    r
}

/// The phases of one instruction: `(first lane, its lanes' addresses, merged)`. A load of
/// 128 (64) bits is served half-warp (warp) by half-warp in merged phases of `2·per_phase`
/// lanes when the whole instruction repeats its addresses in lanes a fixed distance apart
/// ([`merge_distances`]): every lane `i` reads the address of lane `i ^ d` (where that lane
/// takes part); otherwise in phases of `per_phase` lanes. Measured on an H200
/// (`docs/bank-conflicts.md`, `bench/gpu/results/`).
fn phases(access: Access, lanes: &[i64]) -> Vec<(i64, &[i64], bool)> {
    let per = access.instruction.lanes_per_phase() as usize;
    let merged = lanes.len() > per
        && merge_distances(access)
            .iter()
            .any(|&d| (0..lanes.len()).all(|i| lanes.get(i ^ d).is_none_or(|a| *a == lanes[i])));
    let size = if merged { 2 * per } else { per };
    lanes
        .chunks(size)
        .enumerate()
        .map(|(k, chunk)| ((k * size) as i64, chunk, merged && chunk.len() > per))
        .collect()
}

/// The lane distances `d` at which repeated addresses merge the phases of a load (lane `i`
/// and lane `i ^ d` reading one address, in every lane of the instruction): 1 and 2 for a
/// 64- or 128-bit load (neighbours `2k, 2k+1`, or lanes two apart: inside each group of four
/// lanes); none for stores, narrower accesses and matrix instructions. The H200 merges
/// neither lanes 4, 8 or 16 apart, nor an instruction in which only some lanes repeat
/// (`ld128_pairs_groups17`, `bench/gpu/results/table-h200-2.md`).
fn merge_distances(access: Access) -> &'static [usize] {
    match access.instruction {
        _ if access.store => &[],
        Instruction::Vector { bytes: 8 | 16 } => &[1, 2],
        _ => &[],
    }
}

/// The wavefronts of one phase (lanes from `first`, each moving `bytes` from its address), and
/// the busiest bank with one `(lane, address)` per distinct word, when it is more than one
/// (its instruction and phase left 0 for the caller).
fn phase_wavefronts(addresses: &[i64], first: i64, bytes: i64) -> (i64, Option<PhaseConflict>) {
    // (bank, word, lane, address), one entry per word a lane touches
    let mut words: Vec<(i64, i64, i64, i64)> = Vec::new();
    for (l, &a) in addresses.iter().enumerate() {
        let w0 = a.div_euclid(BANK_BYTES);
        let w1 = (a + bytes - 1).div_euclid(BANK_BYTES);
        for w in w0..=w1 {
            words.push((w.rem_euclid(BANKS), w, first + l as i64, a));
        }
    }
    words.sort_unstable();
    words.dedup_by_key(|x| (x.0, x.1));
    let mut best: (i64, i64) = (1, -1);
    let mut run = (0i64, -1i64);
    for &(bank, ..) in &words {
        run = if bank == run.1 {
            (run.0 + 1, bank)
        } else {
            (1, bank)
        };
        if run.0 > best.0 {
            best = run;
        }
    }
    if best.1 < 0 {
        return (1, None);
    }
    let lanes = words
        .iter()
        .filter(|x| x.0 == best.1)
        .map(|x| (x.2, x.3))
        .collect();
    let conflict = PhaseConflict {
        instruction: 0,
        phase: 0,
        bank: best.1,
        lanes,
    };
    (best.0, Some(conflict))
}

/// Bank conflicts when every element is its own access (the access width is the element
/// size): `elem_bytes`-byte loads by the threads of `layout` (see the module documentation).
/// [`analyze`] counts the hardware's vector accesses instead.
///
/// # Errors
/// As [`plan`] (an element size other than 1, 2, 4, 8 or 16 bytes, too many elements, a TV
/// layout of rank other than 2).
///
/// # Examples
/// ```
/// use cute_layout::AnyLayout;
/// use cute_tools::analysis::bank_conflicts;
/// let rows: AnyLayout = "(_32,_4):(_1,_32)".parse()?; // 4 values per thread, unit stride
/// let r = bank_conflicts(&rows, 4, true)?;
/// assert_eq!((r.phases, r.conflicts), (4, 0));
/// let r = bank_conflicts(&"_32:_2".parse()?, 4, false)?; // stride 2: 2-way conflict
/// assert_eq!(r.worst, 2);
/// # Ok::<(), cute_layout::LayoutError>(())
/// ```
pub fn bank_conflicts(layout: &AnyLayout, elem_bytes: i64, tv: bool) -> Result<BankReport> {
    let spec = AccessSpec {
        tv,
        width: Width::Bits(elem_bytes.saturating_mul(8)),
        ..AccessSpec::widest(elem_bytes)
    };
    Ok(count_conflicts(&plan(layout, &spec)?))
}

/// Everything at once, for the widest loads the layout allows: [`analyze_with`] of
/// [`AccessSpec::widest`] (read as a TV layout when `tv`).
///
/// # Errors
/// As [`analyze_with`].
///
/// # Examples
/// ```
/// use cute_layout::AnyLayout;
/// use cute_tools::analysis::analyze;
/// let l: AnyLayout = "(_8,_4):(_4,_1)".parse()?;
/// let r = analyze(&l, 2, false)?;
/// assert!(r.bijective() && !r.contiguous);
/// assert_eq!(r.vector_elems.to_string(), "_1");
/// assert_eq!(r.banks.access_bytes, 8); // 4 halves of a row per 64-bit access
/// # Ok::<(), cute_layout::LayoutError>(())
/// ```
pub fn analyze(layout: &AnyLayout, elem_bytes: i64, tv: bool) -> Result<Analysis> {
    let spec = AccessSpec {
        tv,
        ..AccessSpec::widest(elem_bytes)
    };
    analyze_with(layout, &spec)
}

/// Everything at once: the hardware accesses and their bank conflicts, vector width,
/// contiguity, injectivity, surjectivity: [`analyze_at`] offset 0.
///
/// # Errors
/// As [`plan`] and [`max_common_vector`].
///
/// # Examples
/// ```
/// use cute_tools::analysis::{analyze_with, AccessSpec, Width};
/// let tile = "Sw<3,3,3> o _0 o (_8,_64):(_64,_1)".parse()?; // 8x64 halves, swizzled
/// let r = analyze_with(&tile, &AccessSpec::widest(2))?; // 128-bit loads down the columns
/// assert_eq!((r.banks.access_bytes, r.banks.conflicts), (16, 0));
/// let spec = AccessSpec { width: Width::Bits(16), ..AccessSpec::widest(2) };
/// assert_eq!(analyze_with(&tile, &spec)?.banks.conflicts, 0);
/// # Ok::<(), cute_layout::LayoutError>(())
/// ```
pub fn analyze_with(layout: &AnyLayout, spec: &AccessSpec) -> Result<Analysis> {
    analyze_at(layout, Int::ZERO, spec)
}

/// Everything at once for the tensor `layout + offset`: the layout placed at element `offset`
/// of shared memory ([`plan_at`]). The offset moves every address: the banks, and the
/// alignment that limits the vector width (a 128-bit access of 4-byte elements needs an
/// offset that is a multiple of 4); the layout's own facts (coalesced form, contiguity,
/// cosize, injectivity, surjectivity) do not depend on it.
///
/// # Errors
/// As [`plan_at`] and [`max_common_vector`].
///
/// # Examples
/// ```
/// use cute_tools::analysis::{analyze_at, AccessSpec};
/// use cute_layout::Int;
/// let tile = "(_8,_8):(_8,_1)".parse()?; // 8x8 floats, row-major
/// let r = analyze_at(&tile, Int::fixed(4), &AccessSpec::widest(4))?; // 16-byte aligned
/// assert_eq!((r.banks.access_bytes, r.vector_modes[1].bytes), (16, 16)); // along the rows
/// let r = analyze_at(&tile, Int::fixed(1), &AccessSpec::widest(4))?; // misaligned
/// assert_eq!((r.banks.access_bytes, r.vector_modes[1].bytes), (4, 4));
/// assert!(r.to_string().starts_with("layout:        (_8,_8):(_8,_1)+_1\n"));
/// # Ok::<(), cute_layout::LayoutError>(())
/// ```
pub fn analyze_at(layout: &AnyLayout, offset: Int, spec: &AccessSpec) -> Result<Analysis> {
    let elem_bytes = spec.elem_bytes;
    let plan = plan_at(layout, offset, spec)?;
    let banks = count_conflicts(&plan);
    let inner = layout.inner();
    let o = offset.value();
    let vector_elems = leading_vector(layout)?;
    let vector_bytes = access_bytes(vector_elems, o, elem_bytes);
    let modes = if inner.shape().is_leaf() {
        1
    } else {
        inner.rank()
    };
    let vector_modes = (0..modes)
        .map(|i| mode_vector(layout, i, o, elem_bytes))
        .collect::<Result<Vec<_>>>()?;
    let coalesced = coalesce(inner)?;
    let offsets = layout.offsets()?;
    let contiguous = offsets.iter().enumerate().all(|(i, &o)| o == i as i64);
    let cosize = inner.cosize()?;
    // every offset goes into `seen`, repeated or not: surjectivity needs them all
    let seen: BTreeSet<i64> = offsets.iter().copied().collect();
    let injective = seen.len() == offsets.len();
    let surjective = (0..cosize.value()).all(|o| seen.contains(&o));
    Ok(Analysis {
        layout: layout.clone(),
        offset,
        elem_bytes,
        tv: spec.tv,
        plan,
        banks,
        vector_elems,
        vector_bytes,
        vector_modes,
        coalesced,
        contiguous,
        cosize,
        injective,
        surjective,
    })
}

impl fmt::Display for Analysis {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (b, p) = (&self.banks, &self.plan);
        writeln!(f, "layout:        {}", AtOffset(&self.layout, self.offset))?;
        writeln!(
            f,
            "access:        {}, {} {}-byte element{} per access",
            p.access,
            p.vector_elems,
            self.elem_bytes,
            if p.vector_elems == 1 { "" } else { "s" }
        )?;
        match (&p.thread_value, p.vector_mode) {
            (Some(tv), Some(m)) => writeln!(
                f,
                "threads:       {} threads, each a vector along mode {m}: (thread, value) -> index {tv}",
                p.threads
            )?,
            _ => writeln!(
                f,
                "threads:       (thread, value) TV layout: {} threads of {} values",
                p.threads, p.values
            )?,
        }
        let per_warp = match p.instructions_per_warp() {
            Some(k) => format!("{k} per warp"),
            None => "not the same number per warp".to_string(),
        };
        writeln!(
            f,
            "instructions:  {} ({per_warp}, {} warp{}), addresses from lanes {}..{} of each",
            b.instructions,
            p.warps(),
            if p.warps() == 1 { "" } else { "s" },
            p.address_lanes().start,
            p.address_lanes().end - 1,
        )?;
        writeln!(
            f,
            "bank conflicts: {} instructions, {} phases of {} lanes, {} wavefronts, {} conflicts, worst {}-way",
            b.instructions, b.phases, b.threads_per_phase, b.wavefronts, b.conflicts, b.worst
        )?;
        if b.merged_phases > 0 {
            writeln!(
                f,
                "broadcast:     {} phase{} serve {} lanes at once (repeated addresses of a wide load merge)",
                b.merged_phases,
                if b.merged_phases == 1 { "" } else { "s" },
                2 * b.threads_per_phase
            )?;
        }
        writeln!(
            f,
            "wavefronts per phase: {}",
            PhaseList(&b.phase_wavefronts)
        )?;
        if let Some(w) = &b.worst_phase {
            writeln!(f, "worst phase:   {w}")?;
        }
        writeln!(
            f,
            "from index 0:  {} element{} contiguous in 1-D index order ({}-byte vectors; the accesses above follow the threads)",
            self.vector_elems,
            if self.vector_elems.value() == 1 { "" } else { "s" },
            self.vector_bytes
        )?;
        let per_mode: Vec<String> = self
            .vector_modes
            .iter()
            .enumerate()
            .map(|(i, v)| format!("mode {i}: {} ({}-byte)", v.elems, v.bytes))
            .collect();
        writeln!(f, "vector by mode: {}", per_mode.join(", "))?;
        if self.offset != Int::ZERO {
            let bytes = self.offset.value() * self.elem_bytes;
            // the largest power of two dividing the byte offset, as far as it matters
            let aligned = if bytes == 0 {
                16
            } else {
                (bytes & -bytes).min(16)
            };
            writeln!(
                f,
                "offset:        {} element{} = {bytes} bytes, aligned for accesses of up to {aligned} bytes",
                self.offset,
                if self.offset.value() == 1 { "" } else { "s" }
            )?;
        }
        writeln!(f, "coalesced:     {}", self.coalesced)?;
        writeln!(
            f,
            "contiguous:    {} (offset(i) = i for every 1-D index i; a bijection need not be)",
            self.contiguous
        )?;
        writeln!(f, "cosize:        {}", self.cosize)?;
        writeln!(f, "injective:     {}", self.injective)?;
        writeln!(f, "surjective:    {}", self.surjective)?;
        write!(f, "bijective:     {}", self.bijective())
    }
}

/// Per instruction, its phases' wavefronts, runs of equal instructions written once:
/// `instructions 0..3: 8+8; instruction 4: 1+1`.
struct PhaseList<'a>(&'a [Vec<i64>]);

impl fmt::Display for PhaseList<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut parts = Vec::new();
        let mut i = 0;
        while i < self.0.len() {
            let mut j = i + 1;
            while j < self.0.len() && self.0[j] == self.0[i] {
                j += 1;
            }
            let phases: Vec<String> = self.0[i].iter().map(i64::to_string).collect();
            let which = if j - i == 1 {
                format!("instruction {i}")
            } else {
                format!("instructions {i}..{}", j - 1)
            };
            parts.push(format!("{which}: {}", phases.join("+")));
            i = j;
        }
        if parts.is_empty() {
            return write!(f, "none");
        }
        write!(f, "{}", parts.join("; "))
    }
}

impl fmt::Display for PhaseConflict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let lanes: Vec<String> = self
            .lanes
            .iter()
            .map(|(l, a)| format!("lane {l} @ byte {a}"))
            .collect();
        write!(
            f,
            "instruction {}, phase {}: bank {} delivers {} words ({})",
            self.instruction,
            self.phase,
            self.bank,
            self.lanes.len(),
            lanes.join(", ")
        )
    }
}
