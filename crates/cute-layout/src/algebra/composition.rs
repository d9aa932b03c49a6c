//! `composition`: the layout `R = A ∘ B` with `R(c) = A(B(c))`.

use super::coalesce::{coalesce_modes, coalesce_x, coalesced_modes_are_x, Merge};
use super::{Modes, NoTrace, Trace};
use crate::error::{LayoutError, Result};
use crate::fast::Evaluator;
use crate::int::Int;
use crate::layout::{Layout, LayoutBuilder, ModeRef};
use crate::limits::BRUTE_FORCE_LIMIT;
use crate::tiler::Tiler;
use crate::trace::{owned, Event};
use crate::tree::{unreachable_congruent, Node, MAX_DEPTH};
use smallvec::SmallVec;

/// `composition(A, B)`: the layout `R` with `R(c) = A(B(c))` for every coordinate `c` of `B`.
///
/// `A` is coalesced (keeping its values past the end), then every leaf `s:d` of `B` is composed
/// on its own and the results keep `B`'s hierarchy: `d` is divided out of `A`'s shape from the
/// left ("shape_div"), then the first `s` elements are kept ("shape_mod"). The last mode of `A`
/// is extended as needed.
///
/// Post-conditions: `compatible(B, R)` and `R(i) == A(B(i))` for all `i < size(B)`.
///
/// # Errors
/// [`LayoutError::Divisibility`] for CuTe's "Stride Divisibility Condition" (a stride of `B`
/// neither divides nor is divided by an extent of `A`) and "Shape Divisibility Condition";
/// [`LayoutError::Postcondition`] where CuTe C++ would return a layout that is not `A ∘ B`
/// (a stride that does not divide a truncated mode of `A`, or modes of `B` whose images carry
/// across a mode of `A`).
///
/// # Examples
/// ```
/// use cute_layout::{composition, Layout};
/// let a: Layout = "(6,2):(8,2)".parse().unwrap();
/// let b: Layout = "(4,3):(3,1)".parse().unwrap();
/// assert_eq!(composition(&a, &b).unwrap().to_string(), "((2,2),3):((24,2),8)");
/// let a: Layout = "(_10,_2):(_16,_4)".parse().unwrap();
/// let b: Layout = "(_5,_4):(_1,_5)".parse().unwrap();
/// assert_eq!(composition(&a, &b).unwrap().to_string(), "(_5,(_2,_2)):(_16,(_80,_4))");
/// ```
pub fn composition(a: &Layout, b: &Layout) -> Result<Layout> {
    composition_traced(a, b, &mut NoTrace)
}

/// [`composition`], reporting the left-distribution over `B`'s modes and every
/// shape_div / shape_mod step to `t`.
pub(crate) fn composition_traced(a: &Layout, b: &Layout, t: &mut impl Trace) -> Result<Layout> {
    LayoutBuilder::build(|out| {
        composition_into(Lhs::Layout(a.as_mode_ref(), None), b.as_mode_ref(), out, t)
    })
}

/// The left operand `A` of [`composition_into`].
#[derive(Clone, Copy)]
pub(crate) enum Lhs<'a> {
    /// A borrowed layout, with the modes of its `coalesce_x` where the caller has them already
    /// (computed otherwise).
    Layout(ModeRef<'a>, Option<&'a Modes>),
    /// The layout of coalesced flat modes (the complement's): the leaf `s:d` for one mode, else
    /// their tuple. Written as a layout only where a trace or a check needs it.
    Coalesced(&'a Modes),
}

impl Lhs<'_> {
    /// `A` as a layout.
    pub(crate) fn to_layout(self) -> Layout {
        match self {
            Lhs::Layout(a, _) => owned(a),
            Lhs::Coalesced(modes) => Layout::from_flat_modes(modes, false),
        }
    }
}

/// [`composition`] of borrowed layouts, appending `A ∘ B` to `out` as one mode (so that the
/// divides and products build their results in place, without intermediate layouts).
/// `a`: a borrowed layout (with its `coalesce_x` modes where the caller has them) or coalesced
/// flat modes ([`Lhs`]); `b`: a borrowed layout, or the divides' `(T, T*)` ([`Rhs`]).
pub(crate) fn composition_into<'b>(
    a: Lhs<'_>,
    b: impl Into<Rhs<'b>>,
    out: &mut LayoutBuilder,
    t: &mut impl Trace,
) -> Result<()> {
    let b = b.into();
    let mut computed = Modes::new();
    let lhs = match a {
        Lhs::Layout(_, Some(modes)) => modes,
        // (coalesced modes are their coalesce_x unless the last has extent 1)
        Lhs::Coalesced(modes) if coalesced_modes_are_x(modes) => modes,
        Lhs::Layout(a, None) => {
            coalesce_x(a, &mut computed)?;
            &computed
        }
        Lhs::Coalesced(modes) => {
            coalesce_modes(
                modes.iter().copied(),
                true,
                Merge::WhereEqual,
                &mut computed,
                &mut NoTrace,
            )?;
            &computed
        }
    };
    t.step(|| Event::CoalesceA {
        a: a.to_layout(),
        modes: lhs.to_vec(),
    });
    if !b.is_leaf() {
        t.step(|| Event::Distribute { b: b.to_layout() });
    }
    let mut carry = CarryCheck::new(lhs);
    let start = out.len();
    b.compose(lhs, &mut carry, out, t)?;
    let r = out.built_since(start);
    if carry.suspicious {
        t.step(|| Event::MayCarry);
        verify(a.to_layout(), &b.to_layout(), r)
            .map_err(|e| carry.negative_indivisible.take().unwrap_or(e))?;
    }
    t.step(|| Event::Reassembled { result: owned(r) });
    Ok(())
}

/// `composition(A, tiler)` for any [`Tiler`]: a layout composes as in [`composition`]; `_`
/// leaves `A` unchanged; a tuple composes mode by mode and, as in CuTe C++, **drops** the modes
/// of `A` beyond the tiler.
///
/// # Errors
/// As [`composition`]; [`LayoutError::TooManyTilerModes`].
///
/// # Examples
/// ```
/// use cute_layout::{composition_tiler, Layout, Tiler};
/// let a: Layout = "(12,(4,8)):(59,(13,1))".parse().unwrap();
/// let t: Tiler = "<3:4,8:2>".parse().unwrap();
/// assert_eq!(composition_tiler(&a, &t).unwrap().to_string(), "(3,(2,4)):(236,(26,1))");
/// let t: Tiler = "(_3,_8)".parse().unwrap();
/// assert_eq!(composition_tiler(&a, &t).unwrap().to_string(), "(_3,(4,2)):(59,(13,1))");
/// ```
pub fn composition_tiler(a: &Layout, tiler: &Tiler) -> Result<Layout> {
    composition_tiler_traced(a, tiler, &mut NoTrace)
}

/// [`composition_tiler`], tracing each mode's composition to `t`.
pub fn composition_tiler_traced(a: &Layout, tiler: &Tiler, t: &mut impl Trace) -> Result<Layout> {
    LayoutBuilder::build(|out| composition_tiler_into(a.as_mode_ref(), tiler, out, t))
}

/// [`composition_tiler`] of a borrowed layout, appending the result to `out` as one mode.
fn composition_tiler_into<T: Trace>(
    a: ModeRef<'_>,
    tiler: &Tiler,
    out: &mut LayoutBuilder,
    t: &mut T,
) -> Result<()> {
    match (tiler, tiler.as_composed()) {
        (_, Some(b)) => composition_into(Lhs::Layout(a, None), b.as_mode_ref(), out, t),
        (Tiler::Tuple(ts), None) => super::transform::transform_layout_into(
            "composition",
            a,
            ts,
            false,
            out,
            t,
            composition_tiler_into,
        ),
        (_, None) => {
            t.step(|| Event::TilerKept { layout: owned(a) });
            out.push_ref(a);
            Ok(())
        }
    }
}

/// The right operand `B` of a composition, borrowed.
#[derive(Clone, Copy)]
pub(crate) enum Rhs<'a> {
    /// A layout.
    Layout(ModeRef<'a>),
    /// The divides' `(T, T*)`: the layout `T` and, as one mode, the flat modes of `T*` (a leaf
    /// for one mode), composed where they lie rather than first copied into one layout.
    Joined(ModeRef<'a>, &'a [(Int, Int)]),
}

impl<'a> From<ModeRef<'a>> for Rhs<'a> {
    fn from(b: ModeRef<'a>) -> Self {
        Rhs::Layout(b)
    }
}

impl Rhs<'_> {
    /// Whether `B` is a single leaf (nothing to distribute over).
    fn is_leaf(self) -> bool {
        matches!(self, Rhs::Layout(b) if b.0.is_leaf())
    }

    /// `B` as a layout of its own (for the trace, and for checking the result element by element).
    pub(crate) fn to_layout(self) -> Layout {
        match self {
            Rhs::Layout(b) => owned(b),
            Rhs::Joined(tile, rest) => {
                let mut joined = LayoutBuilder::new();
                joined.open();
                joined.push_ref(tile);
                joined.flat_modes(rest);
                joined.close();
                owned(joined.built_since(0))
            }
        }
    }

    /// Appends `A ∘ B` to `out`, `A` given by its coalesced modes `lhs`: every leaf of `B`
    /// composed on its own, in `B`'s hierarchy.
    #[inline(always)]
    fn compose(
        self,
        lhs: &Modes,
        carry: &mut CarryCheck,
        out: &mut LayoutBuilder,
        t: &mut impl Trace,
    ) -> Result<()> {
        match self {
            Rhs::Layout(b) => compose_tree(lhs, b, carry, out, t),
            Rhs::Joined(tile, rest) => {
                out.open();
                compose_tree(lhs, tile, carry, out, t)?;
                match rest {
                    &[(s, d)] => compose_mode(lhs, s, d, carry, out, t)?,
                    _ => {
                        out.open();
                        for &(s, d) in rest {
                            compose_mode(lhs, s, d, carry, out, t)?;
                        }
                        out.close();
                    }
                }
                out.close();
                Ok(())
            }
        }
    }
}

/// Tracks, per mode of `A`, the largest digit the images of `B`'s modes can reach together:
/// when it can reach the extent, a carry may break the left-distribution over `B`'s modes.
struct CarryCheck {
    digits: SmallVec<[i64; 8]>,
    suspicious: bool,
    /// The first negative stride of `B` whose magnitude neither divides nor is below an extent
    /// of `A`: C++'s "Stride Divisibility Condition" (`d % a == 0 or d < a`) admits every negative
    /// `d`, so where the result is then wrong this, not the carry, is the condition to name.
    negative_indivisible: Option<LayoutError>,
}

impl CarryCheck {
    fn new(lhs: &Modes) -> Self {
        CarryCheck {
            digits: SmallVec::from_elem(0, lhs.len().saturating_sub(1)),
            suspicious: false,
            negative_indivisible: None,
        }
    }

    fn add(&mut self, k: usize, extent: i64, digit: i64) {
        let reached = &mut self.digits[k];
        *reached = reached.saturating_add(digit);
        if *reached >= extent {
            self.suspicious = true;
        }
    }
}

/// Composes `A` (its coalesced modes `lhs`) with every leaf of `B`, keeping `B`'s hierarchy:
/// `B`'s nodes in pre-order, a tuple opening a mode of `out` that is closed after its nodes.
#[inline(always)]
fn compose_tree(
    lhs: &Modes,
    b: ModeRef<'_>,
    carry: &mut CarryCheck,
    out: &mut LayoutBuilder,
    t: &mut impl Trace,
) -> Result<()> {
    // Where each tuple of B still open ends (a layout nests at most MAX_DEPTH deep).
    let mut ends: SmallVec<[usize; MAX_DEPTH]> = SmallVec::new();
    for (i, pair) in b.0.nodes.iter().zip(b.1.nodes).enumerate() {
        match (*pair.0, *pair.1) {
            (Node::Leaf(s), Node::Leaf(d)) => compose_mode(lhs, s, d, carry, out, t)?,
            (Node::Tuple { len, .. }, _) => {
                out.open();
                ends.push(i + len as usize);
            }
            (Node::Leaf(_), Node::Tuple { .. }) => unreachable_congruent(),
        }
        while ends.last() == Some(&(i + 1)) {
            ends.pop();
            out.close();
        }
    }
    Ok(())
}

/// Appends `A ∘ s:d` to `out` (one mode), traced as one step of the distribution over `B`.
#[inline(always)]
fn compose_mode(
    lhs: &Modes,
    s: Int,
    d: Int,
    carry: &mut CarryCheck,
    out: &mut LayoutBuilder,
    t: &mut impl Trace,
) -> Result<()> {
    t.enter(|| Event::ComposeLeaf { mode: (s, d) });
    compose_leaf(lhs, s, d, carry, out, t)?;
    t.leave();
    Ok(())
}

#[inline(always)]
fn compose_leaf(
    lhs: &Modes,
    s: Int,
    d: Int,
    carry: &mut CarryCheck,
    out: &mut LayoutBuilder,
    t: &mut impl Trace,
) -> Result<()> {
    if d.value() == 0 {
        t.step(|| Event::StrideZero { mode: (s, d) });
        out.leaf(s, d);
        return Ok(());
    }
    if lhs.len() <= 1 {
        let e = lhs.first().map_or(Int::ZERO, |m| m.1);
        let r = d.mul(e)?;
        t.step(|| Event::SingleMode {
            mode: (s, d),
            stride: e,
            result: r,
        });
        out.leaf(s, r);
        return Ok(());
    }
    if d.value() < 0 && s.value() > 1 {
        // negative strides: verify element by element (an extent-1 mode adds nothing)
        carry.suspicious = true;
    }
    let (last_e, body) = (lhs[lhs.len() - 1].1, &lhs[..lhs.len() - 1]);
    let mut emitted = Emitted::new(out);
    let (mut rest_s, mut rest_d) = (s, d);
    for (k, &(a, e)) in body.iter().enumerate() {
        let abs_d = rest_d.abs()?;
        // (`|d| % a` rather than `d % a`: the same test, and the division ceil_div(|d|, a) needs.)
        if a.value() == 0
            || (a.value() > 0 && abs_d.value() % a.value() != 0 && rest_d.value() >= a.value())
        {
            return Err(stride_indivisible(k, a, rest_d, (s, d)));
        }
        if rest_d.value() < 0
            && a.value() > 0
            && abs_d.value() % a.value() != 0
            && abs_d.value() >= a.value()
            && carry.negative_indivisible.is_none()
        {
            carry.negative_indivisible = Some(negative_indivisible(k, a, rest_d, abs_d, (s, d)));
        }
        let next_s = a.ceil_div(abs_d)?;
        let next_d = abs_d.ceil_div(a)?.mul(rest_d.signum())?;
        if next_s.value() == 1 && rest_s.value() != 1 {
            t.step(|| Event::ShapeDivSkip {
                a: (a, e),
                stride: rest_d,
                left: next_d,
            });
        }
        if next_s.value() != 1 && rest_s.value() != 1 {
            let new_s = next_s.min(rest_s);
            t.step(|| Event::ShapeDivKeep {
                a: (a, e),
                stride: rest_d,
                left: next_s,
                keep: new_s,
                needed: rest_s,
            });
            if rest_s.rem(new_s)?.value() != 0 {
                return Err(shape_indivisible(k, a, new_s, rest_s, (s, d)));
            }
            if new_s.value() < rest_s.value() && a.value() % abs_d.value() != 0 {
                return Err(crosses_mode(k, a, rest_d, (s, d)));
            }
            carry.add(
                k,
                a.value(),
                abs_d
                    .value()
                    .saturating_mul(new_s.value().saturating_sub(1)),
            );
            emitted.push((new_s, rest_d.mul(e)?), out);
            rest_s = rest_s.div(new_s)?;
        }
        rest_d = next_d;
    }
    if emitted.count == 0 || rest_s.value() != 1 {
        t.step(|| Event::LastMode {
            stride: last_e,
            remaining: rest_s,
            step: rest_d,
        });
    }
    if emitted.count == 0 {
        out.leaf(rest_s, rest_d.mul(last_e)?);
        return Ok(());
    }
    if rest_s.value() != 1 {
        emitted.push((rest_s, rest_d.mul(last_e)?), out);
    }
    let start = emitted.finish(out);
    t.step(|| Event::Composed {
        result: owned(out.built_since(start)),
    });
    Ok(())
}

/// A divisibility condition of composition failing at mode `k` of `A` (extent `a`).
fn indivisible(
    k: usize,
    a: Int,
    condition: &'static str,
    detail: String,
    hint: &'static str,
) -> LayoutError {
    LayoutError::Divisibility {
        op: "composition",
        mode: format!("mode {k} of A (extent {a})"),
        condition,
        detail,
        hint,
    }
}

/// CuTe's "Stride Divisibility Condition" fails: the stride `rest_d` left of `B`'s mode `s:d`
/// reaches mode `k` of `A` (extent `a`) and neither is below nor divides it.
#[cold]
fn stride_indivisible(k: usize, a: Int, rest_d: Int, (s, d): (Int, Int)) -> LayoutError {
    indivisible(
        k,
        a,
        "Stride Divisibility Condition",
        format!("the stride {rest_d} left of B's mode {s}:{d} neither is below nor divisible by the extent {a}"),
        "B's strides must step through A's extents evenly: choose strides that divide, or are multiples of, A's extents",
    )
}

/// The condition to name where a negative stride `rest_d`, whose magnitude neither is below
/// nor divides the extent `a` of mode `k` of `A`, makes the result wrong (see [`CarryCheck`]).
#[cold]
fn negative_indivisible(
    k: usize,
    a: Int,
    rest_d: Int,
    abs_d: Int,
    (s, d): (Int, Int),
) -> LayoutError {
    indivisible(
        k,
        a,
        "Stride Divisibility Condition",
        format!("the stride {rest_d} left of B's mode {s}:{d} has magnitude {abs_d}, which neither is below nor divisible by the extent {a}, and the result is not A ∘ B (C++ checks `d % a == 0 or d < a`, which every negative stride passes, and returns a wrong layout)"),
        "B's strides must step through A's extents evenly: choose strides whose magnitudes divide, or are multiples of, A's extents",
    )
}

/// CuTe's "Shape Divisibility Condition" fails: `B`'s mode `s:d` needs `rest_s` more elements
/// and mode `k` of `A` (extent `a`) provides `new_s`, which does not divide them.
#[cold]
fn shape_indivisible(k: usize, a: Int, new_s: Int, rest_s: Int, (s, d): (Int, Int)) -> LayoutError {
    indivisible(
        k,
        a,
        "Shape Divisibility Condition",
        format!("B's mode {s}:{d} needs {rest_s} more elements but A's mode {k} provides {new_s}, which does not divide {rest_s}"),
        "B's extents must be divisible by the extents they cover in A",
    )
}

/// `B`'s mode `s:d` reaches mode `k` of `A` with the stride `rest_d`, which does not divide its
/// extent `a`, and continues past it: C++'s result would not be `A ∘ B`.
#[cold]
fn crosses_mode(k: usize, a: Int, rest_d: Int, (s, d): (Int, Int)) -> LayoutError {
    LayoutError::Postcondition {
        op: "composition",
        detail: format!(
            "B's mode {s}:{d} reaches stride {rest_d} at mode {k} of A, which does not divide its extent {a}, and continues past it, so R(i) != A(B(i)) (C++ would return a wrong layout)"
        ),
        hint: "B's strides must divide the extents of A that B's modes cross",
    }
}

/// The modes that `A ∘ s:d` yields, written straight to the builders as they come: a single
/// mode as a leaf, several as a tuple (opened when the second one arrives).
struct Emitted {
    first: (Int, Int),
    count: usize,
    start: usize,
}

impl Emitted {
    fn new(out: &LayoutBuilder) -> Self {
        Emitted {
            first: (Int::ONE, Int::ZERO),
            count: 0,
            start: out.len(),
        }
    }

    #[inline(always)]
    fn push(&mut self, (s, d): (Int, Int), out: &mut LayoutBuilder) {
        match self.count {
            0 => self.first = (s, d),
            1 => {
                out.open();
                out.leaf(self.first.0, self.first.1);
                out.leaf(s, d);
            }
            _ => out.leaf(s, d),
        }
        self.count += 1;
    }

    /// Completes the mode (at least one was pushed); returns where it starts in the builders.
    #[inline(always)]
    fn finish(self, out: &mut LayoutBuilder) -> usize {
        if self.count == 1 {
            out.leaf(self.first.0, self.first.1);
        } else {
            out.close();
        }
        self.start
    }
}

/// Checks `R(i) == A(B(i))` element by element (used only when a carry is possible).
fn verify(a: Layout, b: &Layout, r: ModeRef<'_>) -> Result<()> {
    let r = Layout::from_refs(r.0, r.1);
    let n = b.size()?.value();
    if n > BRUTE_FORCE_LIMIT {
        return Err(LayoutError::Postcondition {
            op: "composition",
            detail: format!("the images of the modes of {b} may carry across a mode of {a}; with {n} elements, more than BRUTE_FORCE_LIMIT = {BRUTE_FORCE_LIMIT}, this cannot be verified element by element"),
            hint: "compose smaller pieces, or make B's modes map to disjoint modes of A",
        });
    }
    crate::budget::charge(n.unsigned_abs(), "elements composition verifies")?;
    // R and B walked in index order, A evaluated where B points
    let (r_at, b_at, a_at) = (
        Evaluator::new(&r, 0),
        Evaluator::new(b, 0),
        Evaluator::new(&a, n),
    );
    for ((i, got), b_i) in (0..n).zip(r_at.in_order()).zip(b_at.in_order()) {
        let (got, want) = (got?, a_at.eval(b_i?)?);
        if got != want {
            return Err(LayoutError::Postcondition {
                op: "composition",
                detail: format!(
                    "C++ would return {r}, but R({i}) = {got} while A(B({i})) = {want}: the images of B's modes overlap or carry across a mode of A, so composition does not distribute over B's modes"
                ),
                hint: "B must map its modes to disjoint (non-carrying) parts of A's domain; an injective, divisible B always works",
            });
        }
    }
    Ok(())
}
