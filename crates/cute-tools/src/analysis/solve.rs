//! The swizzle solver: the smallest `Sw<B,M,S>` that makes a shared-memory layout's accesses
//! conflict-free while keeping their vector width.

use super::{count_conflicts, plan, AccessPlan, AccessSpec, BankReport, Width};
use cute_layout::error::{LayoutError, Result};
use cute_layout::layout::Layout;
use cute_layout::swizzle::{AnyLayout, ComposedLayout, Swizzle};
use std::fmt;

/// The answer of [`solve_swizzle`], with the reasons (its `Display` is the explanation).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solution {
    /// The shared-memory layout.
    pub layout: Layout,
    /// The accesses, unswizzled.
    pub plan: AccessPlan,
    /// Their conflicts, unswizzled.
    pub before: BankReport,
    /// The swizzle found (`None`: the layout is conflict-free already).
    pub swizzle: Option<Swizzle>,
    /// The conflicts of the swizzled layout.
    pub after: BankReport,
    /// For each smaller `B`, the candidate with the fewest conflicts: why it is not enough.
    pub rejected: Vec<(Swizzle, BankReport)>,
}

impl Solution {
    /// `Sw<B,M,S> o _0 o L`, or `L` when no swizzle is needed.
    pub fn swizzled(&self) -> AnyLayout {
        match self.swizzle {
            Some(sw) => {
                ComposedLayout::new(sw, cute_layout::int::Int::fixed(0), self.layout.clone()).into()
            }
            None => self.layout.clone().into(),
        }
    }
}

/// `log2(n)` for a power of two `n`.
fn log2(n: i64) -> u32 {
    63 - n.max(1).leading_zeros()
}

/// The accesses of `p` with every element offset `o` moved to `sw(o)`.
fn swizzled_plan(p: &AccessPlan, sw: Swizzle) -> AccessPlan {
    let e = p.elem_bytes;
    let mut q = p.clone();
    for lanes in &mut q.instructions {
        for a in lanes.iter_mut() {
            *a = sw.apply(a.div_euclid(e)) * e + a.rem_euclid(e);
        }
    }
    q
}

/// The smallest swizzle `Sw<B,M,S>` (fewest bits `B`, then smallest `M`, then smallest `S`)
/// such that `Sw<B,M,S> o _0 o layout` has no bank conflict under the accesses of `spec`, with
/// the same access width: `M ≥ log2(elements per access)` keeps every vector whole (the swizzle
/// leaves the low `M` offset bits alone); `M+B+S` stays within the bits of `cosize(layout)` (a
/// swizzled offset stays within its aligned block of `2^(M+B)` elements, so the allocation
/// grows at most to a multiple of that), and flipped bits must lie below 128 bytes, where they
/// can move a bank. The width `spec` resolves to (the widest by default) is kept
/// for every candidate.
///
/// # Errors
/// As [`plan`]; [`LayoutError::InvalidArgument`] when no swizzle of up to 5 bits within the
/// layout's cosize removes every conflict (accesses that collide whatever the swizzle),
/// naming the best candidate found; more work than [`cute_layout::limits::ANALYSIS_LIMIT`].
///
/// # Examples
/// ```
/// use cute_tools::analysis::{solve_swizzle, AccessSpec};
/// // 8 rows of 64 halves, read down the columns with 128-bit loads: 8-way conflicts
/// let s = solve_swizzle(&"(_8,_64):(_64,_1)".parse()?, &AccessSpec::widest(2))?;
/// assert_eq!(s.before.worst, 8);
/// assert_eq!(s.swizzle.unwrap().to_string(), "Sw<3,3,3>");
/// assert_eq!(s.after.conflicts, 0);
/// # Ok::<(), cute_layout::LayoutError>(())
/// ```
pub fn solve_swizzle(layout: &Layout, spec: &AccessSpec) -> Result<Solution> {
    // the work bound, before any work: at least `size / (16 / elem_bytes)` addresses (the
    // widest vector is 16 bytes) times the candidate swizzles the bits of the cosize allow
    let size = layout.size()?.value();
    let cosize = layout.cosize()?.value();
    let span = 64 - (cosize - 1).max(1).leading_zeros();
    let widest = (16 / spec.elem_bytes.clamp(1, 16)).max(1);
    cute_layout::limits::check(
        "solve_swizzle",
        "addresses times candidate swizzles (at least)",
        (size / widest).saturating_mul(5 * 8 * i64::from(span)),
        "ANALYSIS_LIMIT",
        cute_layout::limits::ANALYSIS_LIMIT,
        "solve for a tile of the layout (`cute analyze` tells whether the whole has conflicts)",
    )?;
    let any: AnyLayout = layout.clone().into();
    let p = plan(&any, spec)?;
    let before = count_conflicts(&p);
    let mut solution = Solution {
        layout: layout.clone(),
        plan: p.clone(),
        after: before.clone(),
        before,
        swizzle: None,
        rejected: Vec::new(),
    };
    if solution.before.conflicts == 0 {
        return Ok(solution);
    }
    let cosize = layout.cosize()?.value();
    let span = 64 - (cosize - 1).max(1).leading_zeros(); // bits of the largest offset
    let m0 = log2(p.vector_elems);
    // a flipped bit at element bit M + log2(e) >= 7 (128 bytes and up) cannot move a bank
    let m1 = (6 - log2(p.elem_bytes)).max(m0);
    let addresses: usize = p.instructions.iter().map(Vec::len).sum();
    cute_layout::limits::check(
        "solve_swizzle",
        "addresses times candidate swizzles",
        (addresses as i64).saturating_mul(5 * 8 * i64::from(span)),
        "ANALYSIS_LIMIT",
        cute_layout::limits::ANALYSIS_LIMIT,
        "solve for a tile of the layout",
    )?;
    let mut best: Option<(Swizzle, BankReport)> = None;
    for b in 1..=5u32 {
        let mut best_b: Option<(Swizzle, BankReport)> = None;
        for m in m0..=m1 {
            for s in b..=span.saturating_sub(m + b) {
                let Ok(sw) = Swizzle::new(b.into(), m.into(), s.into()) else {
                    continue;
                };
                cute_layout::budget::poll()?;
                let r = count_conflicts(&swizzled_plan(&p, sw));
                if r.conflicts == 0 {
                    solution.after = r;
                    solution.swizzle = Some(sw);
                    return check(solution, spec);
                }
                if best_b.as_ref().is_none_or(|x| r.conflicts < x.1.conflicts) {
                    best_b = Some((sw, r));
                }
            }
        }
        if let Some(x) = best_b {
            if best.as_ref().is_none_or(|y| x.1.conflicts < y.1.conflicts) {
                best = Some(x.clone());
            }
            solution.rejected.push(x);
        }
    }
    Err(LayoutError::InvalidArgument {
        op: "solve_swizzle",
        detail: format!(
            "no Sw<B,M,S> with B <= 5, {m0} <= M <= {m1} and M+B+S <= {span} (the bits of the cosize {cosize}) makes {layout} conflict-free ({} conflicts unswizzled{})",
            solution.before.conflicts,
            best.map(|(sw, r)| format!(", at best {} with {sw}", r.conflicts)).unwrap_or_default()
        ),
        hint: "accesses that collide whatever the swizzle cannot be fixed by one; pad the rows instead, or change the access pattern",
    })
}

/// Re-analyses the swizzled layout from scratch with the same width (the post-condition).
fn check(solution: Solution, spec: &AccessSpec) -> Result<Solution> {
    let bits = solution.plan.access.instruction.bytes() * 8;
    let width = match &spec.width {
        Width::Atom(name) => Width::Atom(name.clone()),
        _ => Width::Bits(bits),
    };
    let again = plan(
        &solution.swizzled(),
        &AccessSpec {
            width,
            ..spec.clone()
        },
    )?;
    let r = count_conflicts(&again);
    if r.conflicts != 0 || again.vector_elems != solution.plan.vector_elems {
        return Err(LayoutError::Postcondition {
            op: "solve_swizzle",
            detail: format!(
                "{} re-analysed has {} conflicts and {}-element vectors",
                solution.swizzled(),
                r.conflicts,
                again.vector_elems
            ),
            hint: "this is a bug in the solver; please report it with the layout and access",
        });
    }
    Ok(solution)
}

impl fmt::Display for Solution {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (p, b) = (&self.plan, &self.before);
        let e = p.elem_bytes;
        writeln!(f, "layout:   {} ({e}-byte elements)", self.layout)?;
        writeln!(
            f,
            "access:   {}, {} element{} per access",
            p.access,
            p.vector_elems,
            if p.vector_elems == 1 { "" } else { "s" }
        )?;
        writeln!(
            f,
            "before:   {} conflicts over {} phases, worst {}-way",
            b.conflicts, b.phases, b.worst
        )?;
        if let Some(w) = &b.worst_phase {
            writeln!(f, "          {w}")?;
        }
        let Some(sw) = self.swizzle else {
            return write!(f, "solution: none needed, the layout is conflict-free");
        };
        writeln!(f, "solution: {}", self.swizzled())?;
        self.explain(f, sw)?;
        writeln!(
            f,
            "after:    {} conflicts, {} wavefronts for {} phases",
            self.after.conflicts, self.after.wavefronts, self.after.phases
        )?;
        for (r, rep) in &self.rejected {
            writeln!(
                f,
                "rejected: B = {}: the best, {r}, leaves {} conflicts (worst {}-way)",
                r.bits(),
                rep.conflicts,
                rep.worst
            )?;
        }
        Ok(())
    }
}

impl Solution {
    /// The why-lines of a solution: one per parameter.
    fn explain(&self, f: &mut fmt::Formatter<'_>, sw: Swizzle) -> fmt::Result {
        let p = &self.plan;
        let (b, m, s) = (sw.bits(), sw.base(), sw.shift());
        let n = p.vector_elems;
        let m0 = log2(n);
        writeln!(
            f,
            "why M = {m}: the low M offset bits are left alone, so each access of {n} element{} ({} bytes) stays whole and aligned (M >= {m0}){}",
            if n == 1 { "" } else { "s" },
            n * p.elem_bytes,
            if m > m0 {
                format!("; with M = {m0}..{} no S of this B removes every conflict", m - 1)
            } else {
                String::new()
            }
        )?;
        writeln!(
            f,
            "why B = {b}: the worst phase is {}-way, so its accesses need {} different positions; B = {b} permutes 2^{b} = {} blocks of 2^M elements{}",
            self.before.worst,
            self.before.worst,
            1 << b,
            if self.rejected.is_empty() { String::new() } else { format!(" (fewer bits are not enough: {} smaller B rejected below)", self.rejected.len()) }
        )?;
        let yyy = sw.yyy_mask();
        let lanes = self.before.worst_phase.as_ref().map(|w| {
            w.lanes
                .iter()
                .map(|(_, a)| ((a / p.elem_bytes) & yyy) >> (m as i32 + s))
                .map(|x| x.to_string())
                .collect::<Vec<_>>()
                .join(",")
        });
        writeln!(
            f,
            "why S = {s}: offset bits {}..={} (mask {yyy:#b}) are XORed into bits {m}..={}; they differ between the colliding accesses{}",
            m as i32 + s,
            m as i32 + s + b as i32 - 1,
            m + b - 1,
            lanes.map(|l| format!(" of the worst phase (values {l})")).unwrap_or_default()
        )
    }
}
