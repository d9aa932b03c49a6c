//! Layout analysis: shared-memory bank conflicts, the widest vector access (from the start of
//! the layout, and along each mode: [`vector_width`]), contiguity and injectivity /
//! surjectivity, in one report (behind `cute analyze`).
//!
//! **Access model.** A layout is read as `(thread, value) -> element offset`: a rank-2 layout
//! given as a TV layout has threads in mode 0 and values in mode 1; any other layout is one
//! access by `size(L)` threads (thread `i` reads `L(i)`). Each value index is one instruction
//! for each warp of 32 threads. An instruction is served in *phases* of
//! `128 / max(4, element bytes)` threads (32 threads for 4-byte elements, 8 for 16-byte
//! vectors), and within a phase each of the 32 banks (4 bytes wide) delivers one 4-byte word per
//! cycle: the phase takes as many *wavefronts* as the largest number of distinct words any bank
//! must deliver (the same word read twice is a broadcast). Conflicts are wavefronts beyond one
//! per phase.
//!
//! ```
//! use cute_layout::{analysis::analyze, AnyLayout};
//! // 32 threads reading a column of a 32x32 row-major float matrix: 32-way conflict
//! let col: AnyLayout = "_32:_32".parse()?;
//! let r = analyze(&col, 4, false)?;
//! assert_eq!((r.banks.wavefronts, r.banks.worst), (32, 32));
//! // the swizzled version is conflict-free
//! let sw: AnyLayout = "Sw<5,0,5> o _0 o _32:_32".parse()?;
//! assert_eq!(analyze(&sw, 4, false)?.banks.conflicts, 0);
//! # Ok::<(), cute_layout::LayoutError>(())
//! ```

use crate::algebra::coalesce::coalesce;
use crate::algebra::inverse::max_common_vector;
use crate::error::{LayoutError, Result};
use crate::int::Int;
use crate::layout::Layout;
use crate::limits;
use crate::swizzle::AnyLayout;
use std::collections::{BTreeMap, BTreeSet};
use std::fmt;

/// Number of shared-memory banks.
pub const BANKS: i64 = 32;
/// Width of a bank in bytes.
pub const BANK_BYTES: i64 = 4;
/// Threads in a warp.
pub const WARP: i64 = 32;
pub use crate::limits::ANALYSIS_LIMIT;

/// Bank-conflict counts of a layout's accesses.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BankReport {
    /// Threads served together in one phase.
    pub threads_per_phase: i64,
    /// Number of phases (warps × values × phases per warp).
    pub phases: i64,
    /// Total wavefronts over all phases (`phases` if there is no conflict).
    pub wavefronts: i64,
    /// `wavefronts − phases`.
    pub conflicts: i64,
    /// The largest number of wavefronts of one phase (the conflict degree, 1 if none).
    pub worst: i64,
}

/// The full report of [`analyze`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Analysis {
    /// The layout analysed.
    pub layout: AnyLayout,
    /// Element size in bytes.
    pub elem_bytes: i64,
    /// Whether it was read as a TV layout.
    pub tv: bool,
    /// Bank conflicts.
    pub banks: BankReport,
    /// `max_common_vector(L, make_layout(shape(L)))`: leading elements contiguous in memory.
    pub vector_elems: Int,
    /// The widest power-of-two vector access in bytes (at most 16) those elements allow.
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
    /// use cute_layout::analysis::analyze;
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

/// The widest power-of-two access (at most 16 bytes) over `elems` contiguous elements.
fn access_bytes(elems: Int, elem_bytes: i64) -> i64 {
    let mut bytes = elem_bytes;
    for p in [2, 4, 8, 16] {
        if p > elem_bytes && p % elem_bytes == 0 && elems.value() % (p / elem_bytes) == 0 {
            bytes = p;
        }
    }
    bytes
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
/// use cute_layout::{analysis::vector_width, AnyLayout};
/// let row_major: AnyLayout = "(_8,_8):(_8,_1)".parse()?;
/// assert_eq!(vector_width(&row_major, 0, 2)?.elems.to_string(), "_1");
/// let v = vector_width(&row_major, 1, 2)?;
/// assert_eq!((v.elems.to_string(), v.bytes), ("_8".to_string(), 16));
/// let sw: AnyLayout = "Sw<3,2,3> o _0 o (_8,_64):(_64,_1)".parse()?;
/// assert_eq!(vector_width(&sw, 1, 2)?.elems.to_string(), "_4"); // capped at 2^M
/// # Ok::<(), cute_layout::LayoutError>(())
/// ```
pub fn vector_width(layout: &AnyLayout, mode: usize, elem_bytes: i64) -> Result<ModeVector> {
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
        bytes: access_bytes(elems, elem_bytes),
    })
}

/// The accesses `(thread, value) -> offset` of the access model.
fn accesses(layout: &AnyLayout, tv: bool) -> Result<(i64, i64, Vec<i64>)> {
    let size = layout.size()?.value();
    if size > ANALYSIS_LIMIT {
        return Err(LayoutError::InvalidArgument {
            op: "analyze",
            detail: format!(
                "{layout} has {size} elements, more than the {ANALYSIS_LIMIT} analysed"
            ),
            hint: "analyse a tile of the layout",
        });
    }
    let offsets = layout.offsets()?;
    if tv {
        let inner = layout.inner();
        if inner.shape().is_leaf() || inner.rank() != 2 {
            return Err(LayoutError::RankMismatch {
                op: "analyze",
                detail: format!("the TV layout {layout} must have rank 2 (thread, value)"),
                hint: "give (threads, values):(...), or analyse it as a plain layout",
            });
        }
        let threads = inner.mode(0)?.size()?.value();
        Ok((threads, size / threads.max(1), offsets))
    } else {
        Ok((size, 1, offsets))
    }
}

/// Bank conflicts of the accesses of `layout` with elements of `elem_bytes` bytes (see the
/// module documentation for the model).
///
/// # Errors
/// [`LayoutError::InvalidArgument`] for a non-positive element size, or a layout whose
/// elements, or 4-byte words (elements times words per element), exceed [`ANALYSIS_LIMIT`]; [`LayoutError::RankMismatch`] when `tv` is set and the layout is not
/// rank 2.
///
/// # Examples
/// ```
/// use cute_layout::{analysis::bank_conflicts, AnyLayout};
/// let rows: AnyLayout = "(_32,_4):(_1,_32)".parse()?; // 4 values per thread, unit stride
/// let r = bank_conflicts(&rows, 4, true)?;
/// assert_eq!((r.phases, r.conflicts), (4, 0));
/// let r = bank_conflicts(&"_32:_2".parse()?, 4, false)?; // stride 2: 2-way conflict
/// assert_eq!(r.worst, 2);
/// # Ok::<(), cute_layout::LayoutError>(())
/// ```
pub fn bank_conflicts(layout: &AnyLayout, elem_bytes: i64, tv: bool) -> Result<BankReport> {
    if elem_bytes <= 0 {
        return Err(LayoutError::InvalidArgument {
            op: "bank_conflicts",
            detail: format!("element size {elem_bytes} bytes"),
            hint: "give a positive element size in bytes",
        });
    }
    let count = (elem_bytes - 1) / BANK_BYTES + 1;
    limits::check(
        "bank_conflicts",
        "4-byte words to visit (elements times words per element)",
        layout.size()?.value().saturating_mul(count),
        "ANALYSIS_LIMIT",
        ANALYSIS_LIMIT,
        "analyse a tile of the layout, or give a smaller element size",
    )?;
    let (threads, values, offsets) = accesses(layout, tv)?;
    let per_phase = (128 / elem_bytes.max(BANK_BYTES)).max(1);
    let (mut phases, mut wavefronts, mut worst) = (0, 0, 1);
    for v in 0..values {
        let mut warp_start = 0;
        while warp_start < threads {
            let warp_end = (warp_start + WARP).min(threads);
            let mut p = warp_start;
            while p < warp_end {
                let q = (p + per_phase).min(warp_end);
                let mut words: BTreeMap<i64, BTreeSet<i64>> = BTreeMap::new();
                for t in p..q {
                    let off = offsets[(t + threads * v) as usize];
                    let first = off
                        .checked_mul(elem_bytes)
                        .ok_or_else(|| LayoutError::Overflow {
                            expr: format!("{off} * {elem_bytes}"),
                        })?
                        .div_euclid(BANK_BYTES);
                    for w in first..first + count {
                        words.entry(w.rem_euclid(BANKS)).or_default().insert(w);
                    }
                }
                let wf = words.values().map(|s| s.len() as i64).max().unwrap_or(1);
                phases += 1;
                wavefronts += wf;
                worst = worst.max(wf);
                p = q;
            }
            warp_start = warp_end;
        }
    }
    Ok(BankReport {
        threads_per_phase: per_phase,
        phases,
        wavefronts,
        conflicts: wavefronts - phases,
        worst,
    })
}

/// Everything at once: bank conflicts, vector width, contiguity, injectivity, surjectivity.
///
/// # Errors
/// As [`bank_conflicts`] and [`max_common_vector`].
///
/// # Examples
/// ```
/// use cute_layout::{analysis::analyze, AnyLayout};
/// let l: AnyLayout = "(_8,_4):(_4,_1)".parse()?;
/// let r = analyze(&l, 2, false)?;
/// assert!(r.bijective() && !r.contiguous);
/// assert_eq!(r.vector_elems.to_string(), "_1");
/// # Ok::<(), cute_layout::LayoutError>(())
/// ```
pub fn analyze(layout: &AnyLayout, elem_bytes: i64, tv: bool) -> Result<Analysis> {
    let banks = bank_conflicts(layout, elem_bytes, tv)?;
    let inner = layout.inner();
    let vector_elems = leading_vector(layout)?;
    let vector_bytes = access_bytes(vector_elems, elem_bytes);
    let modes = if inner.shape().is_leaf() {
        1
    } else {
        inner.rank()
    };
    let vector_modes = (0..modes)
        .map(|i| vector_width(layout, i, elem_bytes))
        .collect::<Result<Vec<_>>>()?;
    let coalesced = coalesce(inner)?;
    let offsets = layout.offsets()?;
    let contiguous = offsets.iter().enumerate().all(|(i, &o)| o == i as i64);
    let cosize = inner.cosize()?;
    let mut seen: BTreeSet<i64> = BTreeSet::new();
    let injective = offsets.iter().all(|o| seen.insert(*o));
    let surjective = (0..cosize.value()).all(|o| seen.contains(&o));
    Ok(Analysis {
        layout: layout.clone(),
        elem_bytes,
        tv,
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
        let b = &self.banks;
        writeln!(f, "layout:        {}", self.layout)?;
        writeln!(
            f,
            "access:        {}, {}-byte elements",
            if self.tv {
                "(thread, value) TV layout"
            } else {
                "one element per thread"
            },
            self.elem_bytes
        )?;
        writeln!(
            f,
            "bank conflicts: {} phases of {} threads, {} wavefronts, {} conflicts, worst {}-way",
            b.phases, b.threads_per_phase, b.wavefronts, b.conflicts, b.worst
        )?;
        writeln!(
            f,
            "vector:        {} contiguous elements, {}-byte accesses",
            self.vector_elems, self.vector_bytes
        )?;
        let per_mode: Vec<String> = self
            .vector_modes
            .iter()
            .enumerate()
            .map(|(i, v)| format!("mode {i}: {} ({}-byte)", v.elems, v.bytes))
            .collect();
        writeln!(f, "vector by mode: {}", per_mode.join(", "))?;
        writeln!(f, "coalesced:     {}", self.coalesced)?;
        writeln!(f, "contiguous:    {}", self.contiguous)?;
        writeln!(f, "cosize:        {}", self.cosize)?;
        writeln!(f, "injective:     {}", self.injective)?;
        writeln!(f, "surjective:    {}", self.surjective)?;
        write!(f, "bijective:     {}", self.bijective())
    }
}

/// [`analyze`] of a layout literal (`(_8,_8):(_8,_1)`, `Sw<3,3,3> o _0 o ...`) or of any
/// `cute eval` expression yielding a layout — what `cute analyze EXPR` runs.
///
/// # Errors
/// Parse and evaluation errors; [`LayoutError::InvalidArgument`] when the expression does not
/// yield a layout; as [`analyze`].
///
/// ```
/// use cute_layout::analysis::analyze_expr;
/// let r = analyze_expr("composition(Sw<3,3,3> o _0 o (_8,_64):(_64,_1),(_8,_8))", 2, false)?;
/// assert_eq!(r.banks.conflicts, 0);
/// # Ok::<(), cute_layout::LayoutError>(())
/// ```
pub fn analyze_expr(expr: &str, elem_bytes: i64, tv: bool) -> Result<Analysis> {
    use crate::eval::{eval, Value};
    let layout: AnyLayout = match expr.parse() {
        Ok(l) => l,
        Err(parse_error) => match eval(expr) {
            Ok(Value::Layout(l)) => l.into(),
            Ok(Value::Composed(c)) => c.into(),
            Ok(Value::Tv(t)) => t.layout.clone().into(),
            Ok(Value::LayoutOffset(l, _)) => l.into(),
            Ok(Value::ComposedOffset(c, _)) => c.into(),
            Ok(v) => {
                return Err(LayoutError::InvalidArgument {
                    op: "analyze",
                    detail: format!("`{expr}` gives {v}, not a layout"),
                    hint: "give a layout or an expression yielding one",
                })
            }
            Err(e) if expr.contains('(') && !expr.trim_start().starts_with('(') => return Err(e),
            Err(_) => return Err(parse_error),
        },
    };
    analyze(&layout, elem_bytes, tv)
}
