//! The hardware accesses a warp makes: which instruction (a 8- to 128-bit `ld.shared` /
//! `st.shared`, or `ldmatrix` / `stmatrix`), how many elements each access moves, and the byte
//! address every lane of every instruction touches ([`AccessPlan`]).
//!
//! **From a layout to accesses.** A TV layout (`tv`) maps `(thread, value) -> offset`: a
//! thread's values `k·n .. k·n+n−1` are one access of `n` elements, which must sit at `n`
//! consecutive offsets starting at a multiple of `n` (a vector the hardware can move). Any other
//! layout is read in its own order, one vector per thread: its mode `m` is split into
//! `(n, size_m / n)`, the `n` elements are the values, and the threads enumerate the rest
//! column-major (`(thread, value) -> index` is recorded in [`AccessPlan::thread_value`]); with
//! `n = 1` thread `i` reads `L(i)`.
//!
//! **Which width.** [`Width::Widest`] (the default) takes the widest access, at most 16 bytes,
//! that every vector allows; [`Width::Bits`] a given one; [`Width::Atom`] the access of a copy
//! atom of the catalogue (`SM75_U32x4_LDSM_N` is `ldmatrix .x4`, `SM90_U32x4_STSM_N`
//! `stmatrix .x4`, `UniversalCopy<uint64_t>` a 64-bit access).
//!
//! ```
//! use cute_tools::analysis::{plan, AccessSpec, Instruction};
//! let tile = "(_8,_64):(_64,_1)".parse()?; // 8 rows of 64 halves
//! let p = plan(&tile, &AccessSpec::widest(2))?;
//! assert_eq!(p.access.instruction, Instruction::Vector { bytes: 16 });
//! assert_eq!((p.vector_elems, p.vector_mode), (8, Some(1)));
//! assert_eq!(p.instructions[0][..4], [0, 128, 256, 384]); // lanes 0..3 read down a column
//! # Ok::<(), cute_layout::LayoutError>(())
//! ```

use cute_layout::atom::copy_op;
use cute_layout::error::{LayoutError, Result};
use cute_layout::int::Int;
use cute_layout::layout::Layout;
use cute_layout::swizzle::AnyLayout;
use cute_layout::tree::Tree;
use std::fmt;

/// Threads in a warp.
pub const WARP: i64 = 32;

/// One shared-memory instruction of a warp.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Instruction {
    /// `ld.shared` / `st.shared` of `bytes` (1, 2, 4, 8 or 16) per thread, 32 lanes.
    Vector {
        /// Bytes each lane moves.
        bytes: i64,
    },
    /// `ldmatrix` / `stmatrix` `.x{count}`: `count` 8x8 matrices of 16-bit values, whose 16-byte
    /// rows are at the addresses of lanes `0 .. 8·count` (the other lanes' addresses are
    /// ignored: one instruction per warp whatever the count).
    Matrix {
        /// Matrices per instruction: 1, 2 or 4.
        count: i64,
    },
}

impl Instruction {
    /// Bytes one lane moves (a row of 16 bytes for a matrix instruction).
    pub fn bytes(self) -> i64 {
        match self {
            Instruction::Vector { bytes } => bytes,
            Instruction::Matrix { .. } => 16,
        }
    }

    /// Addresses one instruction takes: 32 lanes, or the `8·count` rows of a matrix
    /// instruction.
    pub fn lanes(self) -> i64 {
        match self {
            Instruction::Vector { .. } => WARP,
            Instruction::Matrix { count } => 8 * count,
        }
    }

    /// Lanes served together in one phase: a phase moves at most 128 bytes, so 8 lanes of a
    /// 128-bit access (and the 8 rows of one matrix), 16 of a 64-bit one, all 32 of a narrower
    /// one (each bank then delivers one 4-byte word, shared by every lane reading it).
    ///
    /// ```
    /// use cute_tools::analysis::Instruction;
    /// assert_eq!(Instruction::Vector { bytes: 16 }.lanes_per_phase(), 8);
    /// assert_eq!(Instruction::Vector { bytes: 8 }.lanes_per_phase(), 16);
    /// assert_eq!(Instruction::Vector { bytes: 2 }.lanes_per_phase(), 32);
    /// assert_eq!(Instruction::Matrix { count: 4 }.lanes_per_phase(), 8);
    /// ```
    pub fn lanes_per_phase(self) -> i64 {
        128 / self.bytes().max(4)
    }
}

/// An instruction and its direction.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Access {
    /// The instruction.
    pub instruction: Instruction,
    /// A store (`st.shared`, `stmatrix`) rather than a load.
    pub store: bool,
    /// The transposing form `ldmatrix` / `stmatrix` `.trans` (the `_LDSM_T` / `_STSM_T`
    /// atoms); always `false` for a vector access. The banks are those of the untransposed
    /// form: `.trans` moves the values between lanes, not the rows' addresses.
    pub trans: bool,
}

impl Access {
    /// A vector or matrix access without `.trans`.
    ///
    /// ```
    /// use cute_tools::analysis::{Access, Instruction};
    /// let a = Access::new(Instruction::Vector { bytes: 16 }, false);
    /// assert_eq!((a.store, a.trans), (false, false));
    /// ```
    pub fn new(instruction: Instruction, store: bool) -> Access {
        Access {
            instruction,
            store,
            trans: false,
        }
    }

    /// The lanes whose addresses the instruction uses: `0 .. 32` for a vector access,
    /// `0 .. 8·count` for `ldmatrix` / `stmatrix` `.x{count}` (the other lanes' addresses are
    /// ignored by the hardware).
    ///
    /// ```
    /// use cute_tools::analysis::{Access, Instruction};
    /// assert_eq!(Access::new(Instruction::Matrix { count: 2 }, false).address_lanes(), 0..16);
    /// assert_eq!(Access::new(Instruction::Vector { bytes: 4 }, true).address_lanes(), 0..32);
    /// ```
    pub fn address_lanes(self) -> std::ops::Range<i64> {
        0..self.instruction.lanes()
    }
}

impl Access {
    /// The PTX instruction, e.g. `ld.shared.v4.u32`, `ldmatrix.sync.aligned.m8n8.x4.shared.b16`
    /// or, transposing, `ldmatrix.sync.aligned.m8n8.x2.trans.shared.b16`.
    ///
    /// ```
    /// use cute_tools::analysis::{Access, Instruction};
    /// let a = Access::new(Instruction::Vector { bytes: 8 }, true);
    /// assert_eq!(a.ptx(), "st.shared.v2.u32");
    /// let t = Access { trans: true, ..Access::new(Instruction::Matrix { count: 2 }, false) };
    /// assert_eq!(t.ptx(), "ldmatrix.sync.aligned.m8n8.x2.trans.shared.b16");
    /// ```
    pub fn ptx(self) -> String {
        let dir = if self.store { "st" } else { "ld" };
        match self.instruction {
            Instruction::Vector { bytes } => {
                let ty = match bytes {
                    1 => "u8",
                    2 => "u16",
                    4 => "u32",
                    8 => "v2.u32",
                    _ => "v4.u32",
                };
                format!("{dir}.shared.{ty}")
            }
            Instruction::Matrix { count } => {
                let trans = if self.trans { ".trans" } else { "" };
                format!("{dir}matrix.sync.aligned.m8n8.x{count}{trans}.shared.b16")
            }
        }
    }
}

impl fmt::Display for Access {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let what = if self.store { "stores" } else { "loads" };
        match self.instruction {
            Instruction::Vector { bytes } => {
                write!(f, "{}-bit {what} ({})", bytes * 8, self.ptx())
            }
            Instruction::Matrix { count } => write!(
                f,
                "{} .x{count}{} ({count} 8x8 matrices, 16-byte rows from lanes 0..{})",
                if self.store { "stmatrix" } else { "ldmatrix" },
                if self.trans { " .trans" } else { "" },
                8 * count - 1
            ),
        }
    }
}

/// The access width asked for.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub enum Width {
    /// The widest access (at most 16 bytes) the layout allows.
    #[default]
    Widest,
    /// Accesses of this many bits (8, 16, 32, 64 or 128).
    Bits(i64),
    /// The shared-memory side of a copy atom of the catalogue, e.g. `SM75_U32x4_LDSM_N`.
    Atom(String),
}

/// What to analyse: element size, how the layout is read, the access width, the direction.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AccessSpec {
    /// Element size in bytes (1, 2, 4, 8 or 16).
    pub elem_bytes: i64,
    /// Read the layout as a `(thread, value)` layout.
    pub tv: bool,
    /// The access width.
    pub width: Width,
    /// Stores rather than loads (a matrix atom decides for itself: `STSM` stores).
    pub store: bool,
}

impl AccessSpec {
    /// Loads of the widest width, the layout read in its own order.
    pub fn widest(elem_bytes: i64) -> AccessSpec {
        AccessSpec {
            elem_bytes,
            tv: false,
            width: Width::Widest,
            store: false,
        }
    }
}

/// The accesses of a layout: the instruction, and per instruction the byte address of each lane.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AccessPlan {
    /// The instruction and its direction.
    pub access: Access,
    /// Element size in bytes.
    pub elem_bytes: i64,
    /// Elements per access.
    pub vector_elems: i64,
    /// Threads, and values per thread, of the `(thread, value)` view.
    pub threads: i64,
    /// Values per thread.
    pub values: i64,
    /// The mode a plain layout is vectorised along (`None` for a TV layout).
    pub vector_mode: Option<usize>,
    /// For a plain layout, `(thread, value) -> index` into its domain.
    pub thread_value: Option<Layout>,
    /// Per instruction, the byte address of each lane.
    pub instructions: Vec<Vec<i64>>,
}

/// The `(thread, value) -> offset` table of a layout, threads fastest.
struct View {
    threads: i64,
    values: i64,
    offsets: Vec<i64>,
    mode: Option<usize>,
    thread_value: Option<Layout>,
}

impl View {
    fn at(&self, t: i64, v: i64) -> i64 {
        self.offsets[(t + self.threads * v) as usize]
    }

    /// Checks that each thread's values `k·n ..` are `n` consecutive offsets from a multiple
    /// of `n`; says which are not.
    fn check_vectors(&self, n: i64) -> std::result::Result<(), String> {
        if self.values % n != 0 {
            return Err(format!(
                "{} values per thread are not a multiple of {n}",
                self.values
            ));
        }
        for t in 0..self.threads {
            for k in 0..self.values / n {
                let first = self.at(t, k * n);
                let run = (0..n).all(|j| self.at(t, k * n + j) == first + j);
                if !run || first.rem_euclid(n) != 0 {
                    let offs: Vec<String> =
                        (0..n).map(|j| self.at(t, k * n + j).to_string()).collect();
                    return Err(format!(
                        "thread {t}'s values {}..{} are at offsets [{}], not {n} consecutive offsets from a multiple of {n}",
                        k * n,
                        k * n + n - 1,
                        offs.join(",")
                    ));
                }
            }
        }
        Ok(())
    }
}

/// The TV view of a TV layout: threads in mode 0, values in mode 1.
fn tv_view(layout: &AnyLayout, offsets: Vec<i64>) -> Result<View> {
    let inner = layout.inner();
    if inner.shape().is_leaf() || inner.rank() != 2 {
        return Err(LayoutError::RankMismatch {
            op: "analyze",
            detail: format!("the TV layout {layout} must have rank 2 (thread, value)"),
            hint: "give (threads, values):(...), or analyse it as a plain layout",
        });
    }
    let threads = inner.mode(0)?.size()?.value().max(1);
    Ok(View {
        threads,
        values: offsets.len() as i64 / threads,
        offsets,
        mode: None,
        thread_value: None,
    })
}

/// The sizes of the top-level modes (one for a leaf shape).
fn mode_sizes(layout: &Layout) -> Result<Vec<i64>> {
    if layout.shape().is_leaf() {
        return Ok(vec![layout.size()?.value()]);
    }
    layout.modes().map(|m| Ok(m.size()?.value())).collect()
}

/// The plain view: mode `m` split into `(n, size_m / n)`, the `n` the values, the threads the
/// rest column-major: `((s_0, .., s_m/n, ..), n) : ((P_0, .., n·P_m, ..), P_m)` into the domain.
fn plain_view(offsets: &[i64], sizes: &[i64], m: usize, n: i64) -> Result<Option<View>> {
    if sizes[m] % n != 0 {
        return Ok(None);
    }
    let mut prefix = 1i64;
    let (mut shape, mut stride) = (Vec::new(), Vec::new());
    let mut value_stride = 1;
    for (j, &s) in sizes.iter().enumerate() {
        if j == m {
            shape.push(s / n);
            stride.push(prefix * n);
            value_stride = prefix;
        } else {
            shape.push(s);
            stride.push(prefix);
        }
        prefix *= s;
    }
    let fixed = |xs: &[i64]| Tree::from_leaves(xs.iter().map(|&x| Int::fixed(x)));
    let thread = Layout::new(fixed(&shape), fixed(&stride))?;
    let tv = Layout::concat([
        thread,
        Layout::leaf(Int::fixed(n), Int::fixed(value_stride)),
    ])?;
    let domain = tv.offsets()?;
    Ok(Some(View {
        threads: offsets.len() as i64 / n,
        values: n,
        offsets: domain.iter().map(|&d| offsets[d as usize]).collect(),
        mode: Some(m),
        thread_value: Some(tv),
    }))
}

/// The instruction and direction a width asks for (`None`: the widest, chosen later).
fn requested(spec: &AccessSpec) -> Result<Option<Access>> {
    let vector = |bits: i64| -> Result<Instruction> {
        if ![8, 16, 32, 64, 128].contains(&bits) || bits < spec.elem_bytes * 8 {
            return Err(LayoutError::InvalidArgument {
                op: "analyze",
                detail: format!("{bits}-bit accesses of {}-byte elements", spec.elem_bytes),
                hint: "give --access-bits 8, 16, 32, 64 or 128, at least the element's width",
            });
        }
        Ok(Instruction::Vector { bytes: bits / 8 })
    };
    Ok(match &spec.width {
        Width::Widest => None,
        Width::Bits(bits) => Some(Access::new(vector(*bits)?, spec.store)),
        Width::Atom(name) => Some(atom_access(name, spec.store)?),
    })
}

/// The shared-memory access of a copy atom: `ldmatrix`/`stmatrix` for `LDSM`/`STSM` (the
/// matrices counted from the 128-bit rows of the shared-memory side), else one vector of the
/// width the atom moves per thread.
///
/// # Errors
/// An unknown name; an atom moving more than 128 bits per thread.
///
/// The transposing atoms (`SM75_U16x{2,4,8}_LDSM_T`, `SM90_U16x{2,4,8}_STSM_T`) are the
/// `.trans` forms.
///
/// ```
/// use cute_tools::analysis::{atom_access, Instruction};
/// let a = atom_access("SM75_U32x2_LDSM_N", false)?;
/// assert_eq!((a.instruction, a.store), (Instruction::Matrix { count: 2 }, false));
/// let t = atom_access("SM75_U16x4_LDSM_T", false)?;
/// assert_eq!((t.instruction, t.trans), (Instruction::Matrix { count: 2 }, true));
/// let a = atom_access("UniversalCopy<uint64_t>", true)?;
/// assert_eq!((a.instruction, a.store), (Instruction::Vector { bytes: 8 }, true));
/// # Ok::<(), cute_layout::LayoutError>(())
/// ```
pub fn atom_access(name: &str, store: bool) -> Result<Access> {
    let op = copy_op(name).map_err(|e| e.within("analyze --atom"))?;
    let stsm = name.contains("STSM");
    let smem = if stsm { &op.dst } else { &op.src };
    let bits = smem.mode(1)?.size()?.value();
    if name.contains("LDSM") || stsm {
        let rows = smem.cosize()?.value() / 128;
        return Ok(Access {
            instruction: Instruction::Matrix { count: rows / 8 },
            store: stsm,
            trans: name.ends_with("_LDSM_T") || name.ends_with("_STSM_T"),
        });
    }
    if ![8, 16, 32, 64, 128].contains(&bits) {
        return Err(LayoutError::InvalidArgument {
            op: "analyze",
            detail: format!("{name} moves {bits} bits per thread"),
            hint: "give an atom moving 8 to 128 bits per thread, or --access-bits",
        });
    }
    Ok(Access::new(Instruction::Vector { bytes: bits / 8 }, store))
}

/// The accesses of `layout` under `spec` (see the module documentation): [`plan_at`] offset 0.
///
/// # Errors
/// [`LayoutError::InvalidArgument`] for an element size other than 1, 2, 4, 8 or 16 bytes, a
/// width that is not a whole number of elements, a layout whose vectors do not allow the width
/// asked for (naming the thread and offsets), an unknown atom, more matrix rows than fill whole
/// instructions, or more than [`cute_layout::limits::ANALYSIS_LIMIT`] elements;
/// [`LayoutError::RankMismatch`] for a TV layout that is not rank 2.
///
/// # Examples
/// ```
/// use cute_tools::analysis::{plan, AccessSpec, Width};
/// let tv = "(_32,_8):(_8,_1)".parse()?; // 32 threads, 8 consecutive halves each
/// let spec = AccessSpec { tv: true, width: Width::Atom("SM75_U32x4_LDSM_N".into()), ..AccessSpec::widest(2) };
/// let p = plan(&tv, &spec)?;
/// assert_eq!((p.instructions.len(), p.instructions[0][1]), (1, 16));
/// let narrow = AccessSpec { tv: true, width: Width::Bits(32), ..AccessSpec::widest(2) };
/// assert_eq!(plan(&tv, &narrow)?.instructions.len(), 4);
/// # Ok::<(), cute_layout::LayoutError>(())
/// ```
pub fn plan(layout: &AnyLayout, spec: &AccessSpec) -> Result<AccessPlan> {
    plan_at(layout, Int::ZERO, spec)
}

/// The accesses of the tensor `layout + offset` under `spec`: the layout placed at element
/// `offset` of shared memory (`c ↦ offset + L(c)`, a swizzled layout's own offset applied
/// before its swizzle, as in CuTe). Every address moves by `offset` elements, which changes
/// the banks, and the alignment that limits the vector width: a vector of `n` elements must
/// start at an element offset that is a multiple of `n`.
///
/// # Errors
/// As [`plan`]; [`LayoutError::InvalidArgument`] for a negative offset.
///
/// # Examples
/// ```
/// use cute_tools::analysis::{plan_at, AccessSpec, Instruction};
/// use cute_layout::Int;
/// let row = "_32:_1".parse()?; // 32 floats
/// let p = plan_at(&row, Int::fixed(4), &AccessSpec::widest(4))?; // 16-byte aligned
/// assert_eq!(p.access.instruction, Instruction::Vector { bytes: 16 });
/// assert_eq!(p.instructions[0][..2], [16, 32]);
/// let p = plan_at(&row, Int::fixed(1), &AccessSpec::widest(4))?; // 4-byte aligned only
/// assert_eq!(p.access.instruction, Instruction::Vector { bytes: 4 });
/// assert_eq!(p.instructions[0][..2], [4, 8]);
/// # Ok::<(), cute_layout::LayoutError>(())
/// ```
pub fn plan_at(layout: &AnyLayout, offset: Int, spec: &AccessSpec) -> Result<AccessPlan> {
    let e = spec.elem_bytes;
    if ![1, 2, 4, 8, 16].contains(&e) {
        return Err(LayoutError::InvalidArgument {
            op: "analyze",
            detail: format!("element size {e} bytes"),
            hint: "give an element size of 1, 2, 4, 8 or 16 bytes",
        });
    }
    let size = layout.size()?.value();
    cute_layout::limits::check(
        "analyze",
        "elements",
        size,
        "ANALYSIS_LIMIT",
        cute_layout::limits::ANALYSIS_LIMIT,
        "analyse a tile of the layout",
    )?;
    let o = offset.value();
    if o < 0 {
        return Err(LayoutError::InvalidArgument {
            op: "analyze",
            detail: format!(
                "{} starts at a negative element offset",
                super::AtOffset(layout, offset)
            ),
            hint: "give a shared-memory tensor at an offset of 0 or more elements",
        });
    }
    let offsets = layout
        .offsets()?
        .into_iter()
        .map(|x| {
            x.checked_add(o).ok_or_else(|| LayoutError::Overflow {
                expr: format!("{x} + {o}"),
            })
        })
        .collect::<Result<Vec<i64>>>()?;
    let requested = requested(spec)?;
    let candidates: Vec<Access> = match requested {
        Some(a) => vec![a],
        None => [16, 8, 4, 2, 1]
            .into_iter()
            .filter(|&b| b >= e)
            .map(|bytes| Access::new(Instruction::Vector { bytes }, spec.store))
            .collect(),
    };
    let mut first_error = None;
    for access in candidates {
        let n = access.instruction.bytes() / e;
        if n < 1 {
            continue;
        }
        match view_for(layout, &offsets, spec.tv, n)? {
            Ok(view) => return build(view, access, e, n),
            Err(why) => {
                first_error.get_or_insert(why);
            }
        }
    }
    Err(LayoutError::InvalidArgument {
        op: "analyze",
        detail: format!(
            "{} does not allow the accesses asked for: {}",
            super::AtOffset(layout, offset),
            first_error.unwrap_or_default()
        ),
        hint: "give a narrower --access-bits, or a layout whose vectors are contiguous and aligned",
    })
}

/// The view of `layout` with vectors of `n` elements: the TV view, or the first mode of a plain
/// layout that allows them; `Err(why)` when none does.
fn view_for(
    layout: &AnyLayout,
    offsets: &[i64],
    tv: bool,
    n: i64,
) -> Result<std::result::Result<View, String>> {
    if tv {
        let view = tv_view(layout, offsets.to_vec())?;
        return Ok(view.check_vectors(n).map(|()| view));
    }
    let sizes = mode_sizes(layout.inner())?;
    let mut why = format!("no mode has a multiple of {n} elements");
    for m in 0..sizes.len() {
        if let Some(view) = plain_view(offsets, &sizes, m, n)? {
            match view.check_vectors(n) {
                Ok(()) => return Ok(Ok(view)),
                Err(w) if m == 0 || why.starts_with("no mode") => why = format!("mode {m}: {w}"),
                Err(_) => {}
            }
        }
    }
    Ok(Err(why))
}

/// Groups the vectors into instructions: per warp of threads and per vector index, the lanes in
/// thread order. A matrix instruction of a TV layout is one instruction per warp and vector
/// index too, taking the row addresses of lanes `0 .. 8·count` only (the hardware ignores the
/// other lanes'; CuTe's `.x1` / `.x2` TV layouts repeat them); the matrix rows of a plain
/// layout, read in its own order, are cut into instructions of `8·count` rows.
fn build(view: View, access: Access, e: i64, n: i64) -> Result<AccessPlan> {
    let mut rows = Vec::new();
    let mut instructions = Vec::new();
    let tv_matrix = view.mode.is_none() && matches!(access.instruction, Instruction::Matrix { .. });
    let used = access.instruction.lanes();
    for warp in (0..view.threads).step_by(WARP as usize) {
        let end = (warp + WARP).min(view.threads);
        if tv_matrix && end - warp < used {
            return Err(LayoutError::InvalidArgument {
                op: "analyze",
                detail: format!(
                    "{access} takes row addresses from lanes 0..{}, but warp {} of the TV layout has {} thread{}",
                    used - 1,
                    warp / WARP,
                    end - warp,
                    if end - warp == 1 { "" } else { "s" }
                ),
                hint: "give a TV layout of whole warps (32 threads), an atom with fewer matrices, or analyse the layout without --tv",
            });
        }
        for k in 0..view.values / n {
            let lanes: Vec<i64> = (warp..end).map(|t| view.at(t, k * n) * e).collect();
            match access.instruction {
                Instruction::Vector { .. } => instructions.push(lanes),
                Instruction::Matrix { .. } if tv_matrix => {
                    instructions.push(lanes.into_iter().take(used as usize).collect())
                }
                Instruction::Matrix { .. } => rows.extend(lanes),
            }
        }
    }
    if let (Instruction::Matrix { count }, false) = (access.instruction, tv_matrix) {
        let per = 8 * count;
        if rows.len() as i64 % per != 0 {
            return Err(LayoutError::InvalidArgument {
                op: "analyze",
                detail: format!(
                    "{} rows of 16 bytes do not fill whole .x{count} instructions of {per} rows",
                    rows.len()
                ),
                hint: "give a layout with a multiple of 8·count rows, or another atom",
            });
        }
        instructions = rows.chunks(per as usize).map(<[i64]>::to_vec).collect();
    }
    Ok(AccessPlan {
        access,
        elem_bytes: e,
        vector_elems: n,
        threads: view.threads,
        values: view.values,
        vector_mode: view.mode,
        thread_value: view.thread_value,
        instructions,
    })
}

impl AccessPlan {
    /// The warps of threads that execute the instructions: `⌈threads / 32⌉` (at least 1).
    ///
    /// ```
    /// use cute_tools::analysis::{plan, AccessSpec};
    /// let p = plan(&"(_8,_64):(_64,_1)".parse()?, &AccessSpec::widest(2))?; // 64 vectors
    /// assert_eq!((p.warps(), p.instructions.len()), (2, 2));
    /// # Ok::<(), cute_layout::LayoutError>(())
    /// ```
    pub fn warps(&self) -> i64 {
        ((self.threads + WARP - 1) / WARP).max(1)
    }

    /// The lanes whose addresses each instruction uses: those of [`Access::address_lanes`]
    /// that exist (a layout of 8 threads has lanes 0..7 only).
    ///
    /// ```
    /// use cute_tools::analysis::{plan, AccessSpec};
    /// let p = plan(&"_8:_4".parse()?, &AccessSpec::widest(4))?; // 8 threads, 32-bit loads
    /// assert_eq!(p.address_lanes(), 0..8);
    /// # Ok::<(), cute_layout::LayoutError>(())
    /// ```
    pub fn address_lanes(&self) -> std::ops::Range<i64> {
        0..self.access.address_lanes().end.min(self.threads.max(1))
    }

    /// Instructions per warp, when every warp executes as many (`None` otherwise).
    ///
    /// ```
    /// use cute_tools::analysis::{plan, AccessSpec, Width};
    /// let tv = "(_32,_16):(_16,_1)".parse()?; // 32 threads of 16 halves
    /// let spec = AccessSpec { tv: true, width: Width::Atom("SM75_U32x2_LDSM_N".into()), ..AccessSpec::widest(2) };
    /// assert_eq!(plan(&tv, &spec)?.instructions_per_warp(), Some(2)); // two vectors per thread
    /// # Ok::<(), cute_layout::LayoutError>(())
    /// ```
    pub fn instructions_per_warp(&self) -> Option<i64> {
        let n = self.instructions.len() as i64;
        (n % self.warps() == 0).then(|| n / self.warps())
    }
}
