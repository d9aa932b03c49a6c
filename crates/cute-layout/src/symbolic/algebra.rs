//! The layout algebra on symbolic layouts.
//!
//! Each operation is the definition of the integer algebra (`crate::algebra`, after CuTe
//! C++'s `layout.hpp` and pycute), written once over [`SymInt`]: the same folds of
//! `shape_div`, `shape_min` and merges. A condition is decided where it can be for every
//! positive value of the symbols; a divisibility that cannot be is recorded in the
//! [`Assumptions`] (`128 | M`); any other undecided condition (a comparison, an equality that
//! decides a merge) is a refusal naming the operation, the numbers and the condition.
//!
//! Where no leaf depends on a symbol, every operation is the integer algebra's own (the
//! layouts are converted and the result converted back), so that rule 1 holds exactly.

use super::int::{Assumption, SymInt};
use super::layout::{Assumptions, SymLayout, SymTuple};
use crate::error::LayoutError;
use crate::int::Int;
use crate::tiler::Tiler;
use crate::trace::{Event, Inverse, NoTrace, SymMode, Trace};
use crate::tuple::IntTuple;

type Result<T> = std::result::Result<T, LayoutError>;

/// What an operation runs with: the assumptions it adds to, and the sink its steps go to
/// (`cute explain`'s derivation; [`NoTrace`] for the public forms). Each step is reported
/// after the assumptions made since the one before it ([`Event::Assumed`]), those the
/// arguments came with first.
struct Cx<'a, T: Trace> {
    assumed: &'a mut Assumptions,
    t: &'a mut T,
    /// The assumptions already reported (kept only by a recording sink).
    seen: Assumptions,
}

impl<'a, T: Trace> Cx<'a, T> {
    fn new(assumed: &'a mut Assumptions, t: &'a mut T) -> Self {
        let mut cx = Cx {
            assumed,
            t,
            seen: Assumptions::default(),
        };
        cx.note();
        cx
    }

    /// Reports the assumptions made since the last report.
    fn note(&mut self) {
        if !T::RECORDS {
            return;
        }
        for a in self.assumed.iter() {
            if !self.seen.contains(a) {
                self.seen.insert(a.clone());
                self.t.step(|| Event::Assumed {
                    assumption: a.clone(),
                });
            }
        }
    }

    fn step(&mut self, f: impl FnOnce() -> Event) {
        self.note();
        self.t.step(f);
    }

    fn enter(&mut self, f: impl FnOnce() -> Event) {
        self.note();
        self.t.enter(f);
    }

    fn leave(&mut self) {
        self.note();
        self.t.leave();
    }

    /// `f`'s result as a step `SymComposed` where it succeeded, the pending assumptions
    /// reported either way.
    fn finish(&mut self, r: Result<SymLayout>) -> Result<SymLayout> {
        if let Ok(l) = &r {
            self.step(|| Event::SymComposed { result: l.clone() });
        }
        self.note();
        r
    }
}

/// Runs `f` with a context over `assumed` and `t`.
fn with<T: Trace, R>(
    assumed: &mut Assumptions,
    t: &mut T,
    f: impl FnOnce(&mut Cx<'_, T>) -> Result<R>,
) -> Result<R> {
    let mut cx = Cx::new(assumed, t);
    let r = f(&mut cx);
    cx.note();
    r
}

/// A tiler over symbolic layouts: a layout (an integer `n` is the layout `n:_1`), `_`, or a
/// tuple of tilers applied mode by mode.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SymTiler {
    /// A layout.
    Layout(SymLayout),
    /// `_`: keep the mode.
    Underscore,
    /// One tiler per mode.
    Tuple(Vec<SymTiler>),
}

impl SymTiler {
    /// The tiler of an ordinary [`Tiler`].
    pub fn from_tiler(t: &Tiler) -> SymTiler {
        match t {
            Tiler::Layout(l) => SymTiler::Layout(SymLayout::from_layout(l)),
            Tiler::Int(n) => SymTiler::Layout(SymLayout::leaf((*n).into(), Int::ONE.into())),
            Tiler::Underscore => SymTiler::Underscore,
            Tiler::Tuple(ts) => SymTiler::Tuple(ts.iter().map(SymTiler::from_tiler).collect()),
        }
    }

    /// The tiler a tuple of extents stands for (`(128,64)`: `128:_1` on mode 0, `64:_1` on
    /// mode 1).
    pub fn from_tuple(t: &SymTuple) -> SymTiler {
        match t {
            SymTuple::Leaf(n) => SymTiler::Layout(SymLayout::leaf(n.clone(), Int::ONE.into())),
            SymTuple::Tuple(ts) => SymTiler::Tuple(ts.iter().map(SymTiler::from_tuple).collect()),
        }
    }

    /// The ordinary tiler, where every leaf is a constant.
    pub fn to_tiler(&self) -> Option<Tiler> {
        Some(match self {
            SymTiler::Layout(l) => Tiler::Layout(l.to_layout()?),
            SymTiler::Underscore => Tiler::Underscore,
            SymTiler::Tuple(ts) => {
                Tiler::Tuple(ts.iter().map(SymTiler::to_tiler).collect::<Option<_>>()?)
            }
        })
    }
}

/// The refusal of a condition that depends on the symbols' values.
#[cold]
fn undecided(op: &'static str, detail: String) -> LayoutError {
    LayoutError::InvalidArgument {
        op,
        detail: format!("{detail}, which depends on the symbols' values"),
        hint: "give the symbols values first (subs(EXPR, M=256)), or write the extents so that the condition is decided (a multiple of what it is compared with)",
    }
}

fn one() -> SymInt {
    Int::ONE.into()
}

/// Whether `a = b` for every value of the symbols: `Some(true)` where they are the same
/// expression, `Some(false)` where they differ by at least 1 everywhere, else `None`.
fn equal(a: &SymInt, b: &SymInt) -> Result<Option<bool>> {
    let d = a.sub(b)?;
    if d.is(0) {
        return Ok(Some(true));
    }
    // d >= 1, or -d >= 1, for every positive value of the symbols
    let up = d.sub(&one())?.known_nonnegative() == Some(true);
    let down = SymInt::from(Int::ZERO)
        .sub(&d)?
        .sub(&one())?
        .known_nonnegative()
        == Some(true);
    Ok(if up || down || !d.has_symbols() {
        Some(false)
    } else {
        None
    })
}

/// Whether `x > 0` for every positive value of the symbols (every coefficient positive).
fn positive(x: &SymInt) -> bool {
    !x.is(0) && x.known_nonnegative() == Some(true) || x.as_int().is_some_and(|n| n.value() > 0)
}

/// What is known of `a <= b`: from their difference, or from a quotient known or assumed to be
/// a positive integer (`128 | M` gives `128 <= M`).
fn less_equal(a: &SymInt, b: &SymInt, assumed: &Assumptions) -> Result<Option<bool>> {
    if let Some(k) = b.sub(a)?.known_nonnegative() {
        return Ok(Some(k));
    }
    if positive(a) && positive(b) {
        if let Ok(q) = b.div(a) {
            if assumed.is_integer(&q) {
                return Ok(Some(true));
            }
        }
        if let Ok(q) = a.div(b) {
            if assumed.is_integer(&q)
                && q.sub(&Int::fixed(2).into())?.known_nonnegative() == Some(true)
            {
                return Ok(Some(false));
            }
        }
    }
    Ok(None)
}

/// CuTe's `shape_div(a, b)` of two integers: `a / b` where `b | a`, `1` (times the signs) where
/// `a | b`; C++ requires one of them. Undecided, `b | a` is assumed.
///
/// # Errors
/// [`LayoutError::Divisibility`] where neither divides the other (constants).
///
/// ```
/// use cute_layout::symbolic::{shape_div, Assumptions};
/// let mut a = Assumptions::default();
/// assert_eq!(shape_div(&"M".parse()?, &"128".parse()?, &mut a)?.to_string(), "M/128");
/// assert_eq!(shape_div(&"64".parse()?, &"64*M".parse()?, &mut a)?.to_string(), "1");
/// assert_eq!(a.to_string(), "128 | M");
/// # Ok::<(), cute_layout::LayoutError>(())
/// ```
pub fn shape_div(a: &SymInt, b: &SymInt, assumed: &mut Assumptions) -> Result<SymInt> {
    if let (Some(x), Some(y)) = (a.as_int(), b.as_int()) {
        let q = IntTuple::leaf(x).shape_div(&IntTuple::leaf(y))?;
        return Ok(q
            .as_leaf()
            .expect("a leaf divided by a leaf is a leaf")
            .into());
    }
    let q = a.div(b)?;
    if assumed.is_integer(&q) {
        return Ok(q);
    }
    let r = b.div(a)?;
    if assumed.is_integer(&r) && positive(a) && positive(b) {
        return Ok(one().with_static(a.is_static() && b.is_static()));
    }
    assumed.integer(q, "shape_div", &format!("{a} / {b}"))
}

/// CuTe's `ceil_div(a, b)` of two integers: `⌈a / b⌉`. Undecided, `b | a` is assumed.
///
/// # Errors
/// [`LayoutError::DivisionByZero`]; [`LayoutError::Divisibility`] where `a / b` is a
/// fraction that is never an integer and `a | b` is not known.
///
/// ```
/// use cute_layout::symbolic::{ceil_div, Assumptions};
/// let mut a = Assumptions::default();
/// assert_eq!(ceil_div(&"N".parse()?, &"64".parse()?, &mut a)?.to_string(), "N/64");
/// assert_eq!(a.to_string(), "64 | N");
/// # Ok::<(), cute_layout::LayoutError>(())
/// ```
pub fn ceil_div(a: &SymInt, b: &SymInt, assumed: &mut Assumptions) -> Result<SymInt> {
    if let (Some(x), Some(y)) = (a.as_int(), b.as_int()) {
        return Ok(x.ceil_div(y)?.into());
    }
    let q = a.div(b)?;
    if assumed.is_integer(&q) {
        return Ok(q);
    }
    let r = b.div(a)?;
    if assumed.is_integer(&r) && positive(a) && positive(b) {
        return Ok(one().with_static(a.is_static() && b.is_static()));
    }
    assumed.integer(q, "ceil_div", &format!("ceil_div({a}, {b})"))
}

/// CuTe's `shape_min(a, b)`: the smaller (C++ asks that one divide the other).
fn shape_min(a: &SymInt, b: &SymInt, assumed: &Assumptions) -> Result<SymInt> {
    if let (Some(x), Some(y)) = (a.as_int(), b.as_int()) {
        return Ok(x.min(y).into());
    }
    match less_equal(a, b, assumed)? {
        Some(true) => Ok(a.clone()),
        Some(false) => Ok(b.clone()),
        None => Err(undecided(
            "composition",
            format!("shape_min({a}, {b}) needs {a} <= {b} or {b} <= {a}"),
        )),
    }
}

/// `size(L)`: the product of the shape.
///
/// # Errors
/// [`LayoutError::Overflow`].
///
/// ```
/// use cute_layout::symbolic::{size, SymLayout};
/// let l: SymLayout = "(M,(2,N)):(1,(M,2*M))".parse()?;
/// assert_eq!(size(&l)?.to_string(), "2*M*N");
/// # Ok::<(), cute_layout::LayoutError>(())
/// ```
pub fn size(l: &SymLayout) -> Result<SymInt> {
    l.shape.product()
}

/// `cosize(L) = L(size(L) - 1) + 1`: `1 + Σ (s_i - 1)·d_i`.
///
/// # Errors
/// [`LayoutError::Overflow`].
///
/// ```
/// use cute_layout::symbolic::{cosize, SymLayout};
/// assert_eq!(cosize(&"(M,N):(1,M)".parse()?)?.to_string(), "M*N");
/// assert_eq!(cosize(&"M:2".parse()?)?.to_string(), "2*M-1");
/// # Ok::<(), cute_layout::LayoutError>(())
/// ```
pub fn cosize(l: &SymLayout) -> Result<SymInt> {
    if let Some(l) = l.to_layout() {
        return Ok(l.cosize()?.into());
    }
    l.leaves()
        .iter()
        .try_fold(one(), |acc, (s, d)| acc.add(&s.sub(&one())?.mul(d)?))
}

/// `crd2idx(c, L)`: the offset of a coordinate congruent to the shape, `Σ c_i·d_i` (an
/// integer coordinate into a one-mode layout too).
///
/// # Errors
/// [`LayoutError::RankMismatch`] where the coordinate is neither congruent nor an integer into
/// a leaf (splitting an integer over symbolic extents needs their values).
///
/// ```
/// use cute_layout::symbolic::{crd2idx, SymLayout, SymTuple};
/// let c: SymTuple = "(I,J)".parse()?;
/// assert_eq!(crd2idx(&c, &"(M,N):(1,M)".parse()?)?.to_string(), "J*M+I");
/// # Ok::<(), cute_layout::LayoutError>(())
/// ```
pub fn crd2idx(c: &SymTuple, l: &SymLayout) -> Result<SymInt> {
    if let (Some(c), Some(l)) = (c.to_int_tuple(), l.to_layout()) {
        return Ok(crate::coord::crd2idx(&c, l.shape(), l.stride())?.into());
    }
    if !c.congruent(&l.shape) {
        return Err(LayoutError::RankMismatch {
            op: "crd2idx",
            detail: format!("the coordinate {c} is not congruent to the shape {}", l.shape),
            hint: "give a coordinate of the shape's nesting (splitting an integer over symbolic extents needs their values)",
        });
    }
    c.leaves()
        .into_iter()
        .zip(l.stride.leaves())
        .try_fold(SymInt::from(Int::ZERO), |acc, (x, d)| acc.add(&x.mul(d)?))
}

/// `coalesce(L)`: the flat layout of the fewest modes equal to `L` as a function (drop modes
/// of extent 1, merge `s0:d0` and `s1:d1` where `s0·d0 = d1`).
///
/// A mode of symbolic extent is kept as not of extent 1; where that changes the result's
/// rank, `X > 1` is recorded.
///
/// # Errors
/// A refusal where whether `s0·d0 = d1` depends on the symbols (`(M,2):(1,N)`).
///
/// ```
/// use cute_layout::symbolic::{coalesce, Assumptions, SymLayout};
/// let mut a = Assumptions::default();
/// assert_eq!(coalesce(&"(M,N):(1,M)".parse()?, &mut a)?.to_string(), "M*N:1");
/// assert!(coalesce(&"(M,2):(1,N)".parse()?, &mut a).is_err());
/// # Ok::<(), cute_layout::LayoutError>(())
/// ```
pub fn coalesce(l: &SymLayout, assumed: &mut Assumptions) -> Result<SymLayout> {
    coalesce_traced(l, assumed, &mut NoTrace)
}

/// [`coalesce`], reporting each merge and each mode kept.
///
/// # Errors
/// As [`coalesce`].
pub fn coalesce_traced(
    l: &SymLayout,
    assumed: &mut Assumptions,
    t: &mut impl Trace,
) -> Result<SymLayout> {
    with(assumed, t, |cx| coalesce_in(l, cx))
}

fn coalesce_in<T: Trace>(l: &SymLayout, cx: &mut Cx<'_, T>) -> Result<SymLayout> {
    if let Some(l) = l.to_layout() {
        return Ok(SymLayout::from_layout(
            &crate::algebra::coalesce::coalesce_traced(&l, cx.t)?,
        ));
    }
    let mut out: Vec<(SymInt, SymInt)> = Vec::new();
    let leaves = l.leaves();
    // (a single mode is its own coalesced form: no steps)
    let traced = leaves.len() > 1;
    if traced {
        cx.step(|| Event::SymFlatten { layout: l.clone() });
    }
    let static_ones = leaves.iter().all(|(s, _)| s.is_static());
    for (s, d) in leaves {
        if s.is(1) {
            continue;
        }
        if let Some((s0, d0)) = out.last_mut() {
            if s0.is(1) {
                (*s0, *d0) = (s, d);
                continue;
            }
            match equal(&s0.mul(d0)?, &d)? {
                Some(true) => {
                    let mode = (s0.clone(), d0.clone());
                    *s0 = s0.mul(&s)?;
                    let merged = (s0.clone(), d0.clone());
                    cx.step(|| Event::SymMerge {
                        mode,
                        next: (s, d),
                        merged,
                    });
                    continue;
                }
                Some(false) => {
                    let mode = (s0.clone(), d0.clone());
                    let next = (s.clone(), d.clone());
                    cx.step(|| Event::SymKeepBefore { mode, next });
                }
                None => {
                    return Err(undecided(
                        "coalesce",
                        format!(
                            "whether {s0}:{d0} and {s}:{d} merge needs {s0}*{d0} = {d} decided"
                        ),
                    ))
                }
            }
        }
        out.push((s, d));
    }
    let r = finish_flat(out, static_ones, cx.assumed);
    if traced {
        return cx.finish(Ok(r));
    }
    Ok(r)
}

/// The layout of flat modes after a merge pass: `1:_0` for none (`_1:_0` where the extents
/// were static); where it keeps more than one mode, a symbolic extent among them is recorded
/// as `> 1` (were it 1, the mode would go).
fn finish_flat(
    out: Vec<(SymInt, SymInt)>,
    static_one: bool,
    assumed: &mut Assumptions,
) -> SymLayout {
    if out.is_empty() {
        return SymLayout::leaf(Int::new(1, static_one).into(), Int::ZERO.into());
    }
    if out.len() > 1 {
        for (s, _) in &out {
            // (where s >= 2 for every value of the symbols, 2*M say, nothing is assumed)
            let two = SymInt::from(Int::fixed(2));
            let at_least_two = s
                .sub(&two)
                .is_ok_and(|d| d.known_nonnegative() == Some(true));
            if s.has_symbols() && !at_least_two {
                assumed.insert(Assumption::AboveOne(s.clone()));
            }
        }
    }
    SymLayout::from_leaves(out)
}

/// `complement(L, cotarget)`: the layout `R` of the offsets `L` leaves out, ordered and
/// disjoint, with `(L, R)` reaching `cotarget` (the strides sorted, each gap `d_i / cur`
/// taken, the rest `⌈cotarget / cur⌉`, coalesced). A gap or the rest that must divide is
/// assumed to.
///
/// # Errors
/// A refusal where the order of two strides depends on the symbols.
///
/// ```
/// use cute_layout::symbolic::{complement, Assumptions, SymLayout};
/// let mut a = Assumptions::default();
/// let r = complement(&"128:1".parse()?, &"M".parse()?, &mut a)?;
/// assert_eq!((r.to_string(), a.to_string()), ("M/128:128".into(), "128 | M".into()));
/// # Ok::<(), cute_layout::LayoutError>(())
/// ```
pub fn complement(
    l: &SymLayout,
    cotarget: &SymInt,
    assumed: &mut Assumptions,
) -> Result<SymLayout> {
    complement_traced(l, cotarget, assumed, &mut NoTrace)
}

/// [`complement`], reporting the sorted modes, each gap filled and the rest.
///
/// # Errors
/// As [`complement`].
pub fn complement_traced(
    l: &SymLayout,
    cotarget: &SymInt,
    assumed: &mut Assumptions,
    t: &mut impl Trace,
) -> Result<SymLayout> {
    with(assumed, t, |cx| {
        complement_in("complement", l, cotarget, cx)
    })
}

/// The modes of `l` (extent 1 and stride 0 dropped) sorted by stride, each comparison decided,
/// as `(stride, extent)`.
fn sorted_by_stride(
    op: &'static str,
    l: &SymLayout,
    assumed: &mut Assumptions,
) -> Result<Vec<(SymInt, SymInt)>> {
    let mut modes: Vec<(SymInt, SymInt)> = Vec::new(); // (stride, shape)
    for (s, d) in l.leaves() {
        if s.is(1) || d.is(0) {
            continue;
        }
        if s.has_symbols() {
            // were it 1, the mode would be skipped
            assumed.insert(Assumption::AboveOne(s.clone()));
        }
        if !positive(&d) || !positive(&s) {
            return Err(undecided(
                op,
                format!("the mode {s}:{d} needs a positive extent and stride"),
            ));
        }
        // insertion by stride, each comparison decided
        let mut at = modes.len();
        for (i, (d1, _)) in modes.iter().enumerate() {
            if less_equal(d1, &d, assumed)? == Some(true) {
                continue;
            }
            if less_equal(&d, d1, assumed)? == Some(true) {
                at = i;
                break;
            }
            return Err(undecided(
                op,
                format!("the order of the strides {d} and {d1} is needed"),
            ));
        }
        modes.insert(at, (d, s));
    }
    Ok(modes)
}

fn complement_in<T: Trace>(
    op: &'static str,
    l: &SymLayout,
    cotarget: &SymInt,
    cx: &mut Cx<'_, T>,
) -> Result<SymLayout> {
    if let (Some(l), Some(n)) = (l.to_layout(), cotarget.as_int()) {
        if op == "complement" {
            let r = crate::algebra::complement::complement_traced(&l, &IntTuple::leaf(n), cx.t)?;
            return Ok(SymLayout::from_layout(&r));
        }
    }
    let modes = sorted_by_stride(op, l, cx.assumed)?;
    cx.step(|| Event::SymSortedByStride {
        modes: modes.iter().map(|(d, s)| (s.clone(), d.clone())).collect(),
    });
    let mut out: Vec<(SymInt, SymInt)> = Vec::new();
    let mut cur = one();
    for (d, s) in modes {
        let gap = cx.assumed.integer(
            d.div(&cur)?,
            op,
            &format!("the stride {d} over the {cur} offsets below it"),
        )?;
        cx.step(|| Event::SymFillGap {
            mode: (s.clone(), d.clone()),
            cur: cur.clone(),
            extent: gap.clone(),
        });
        out.push((gap, cur));
        cur = s.mul(&d)?;
    }
    let rest = ceil_div(cotarget, &cur, cx.assumed)?;
    cx.step(|| Event::SymRepeat {
        cotarget: cotarget.clone(),
        cur: cur.clone(),
        rest: rest.clone(),
    });
    out.push((rest, cur));
    coalesce_in(&SymLayout::from_leaves(out), cx)
}

/// `composition(A, B)`: `A ∘ B`, the layout `i ↦ A(B(i))`, with `B`'s shape (a tuple tiler
/// composes mode by mode, `_` keeps the mode).
///
/// # Errors
/// A refusal where a `shape_min` or a merge depends on the symbols; a tuple tiler of more
/// modes than `A` ([`LayoutError::TooManyTilerModes`]).
///
/// ```
/// use cute_layout::symbolic::{composition, Assumptions, SymLayout, SymTiler};
/// let mut a = Assumptions::default();
/// let b = SymTiler::Layout("(4,M/4):(M/4,1)".parse()?);
/// assert_eq!(composition(&"M:2".parse()?, &b, &mut a)?.to_string(), "(4,M/4):(M/2,2)");
/// // reading `M/4` assumed `4 | M`: a `Symbolic` read from text keeps that, a `SymLayout` not
/// assert!(a.is_empty());
/// # Ok::<(), cute_layout::LayoutError>(())
/// ```
pub fn composition(a: &SymLayout, b: &SymTiler, assumed: &mut Assumptions) -> Result<SymLayout> {
    composition_traced(a, b, assumed, &mut NoTrace)
}

/// [`composition`], reporting each leaf of `B` composed: `A` coalesced, each shape_div and
/// shape_min, the result.
///
/// # Errors
/// As [`composition`].
pub fn composition_traced(
    a: &SymLayout,
    b: &SymTiler,
    assumed: &mut Assumptions,
    t: &mut impl Trace,
) -> Result<SymLayout> {
    with(assumed, t, |cx| composition_in(a, b, cx))
}

fn composition_in<T: Trace>(a: &SymLayout, b: &SymTiler, cx: &mut Cx<'_, T>) -> Result<SymLayout> {
    if let (Some(l), Some(t)) = (a.to_layout(), b.to_tiler()) {
        return Ok(SymLayout::from_layout(
            &crate::algebra::composition::composition_tiler_traced(&l, &t, cx.t)?,
        ));
    }
    by_mode("composition", a, b, cx, &mut |a, b, cx| {
        if let (Some(a), Some(b)) = (a.to_layout(), b.to_layout()) {
            let c = crate::algebra::composition::composition(&a, &b)?;
            return Ok(SymLayout::from_layout(&c));
        }
        compose_layout(a, b, cx)
    })
}

/// A tiler's three arms (CuTe's `transform_layout` for a tuple, `_` keeps, a layout is given
/// to `f`); the modes past a tuple tiler's are kept by the divides and products and dropped by
/// `composition`, whose result has the tiler's rank.
fn by_mode<T: Trace>(
    op: &'static str,
    a: &SymLayout,
    b: &SymTiler,
    cx: &mut Cx<'_, T>,
    f: &mut impl FnMut(&SymLayout, &SymLayout, &mut Cx<'_, T>) -> Result<SymLayout>,
) -> Result<SymLayout> {
    match b {
        SymTiler::Underscore => Ok(a.clone()),
        SymTiler::Layout(t) => f(a, t, cx),
        SymTiler::Tuple(ts) => {
            if ts.len() > a.rank() {
                return Err(LayoutError::TooManyTilerModes {
                    op,
                    tiler_rank: ts.len(),
                    layout_rank: a.rank(),
                });
            }
            let mut modes = Vec::with_capacity(a.rank());
            for (i, m) in a.modes().into_iter().enumerate() {
                match ts.get(i) {
                    Some(t) => {
                        cx.enter(|| Event::SymModeOf {
                            index: i,
                            op,
                            layout: m.clone(),
                        });
                        let r = by_mode(op, &m, t, cx, f);
                        cx.leave();
                        modes.push(r.map_err(|e| e.within(format!("{op}, mode {i}")))?);
                    }
                    None if op != "composition" => modes.push(m),
                    None => {}
                }
            }
            Ok(SymLayout::tuple(modes))
        }
    }
}

/// `A ∘ B` for a layout `B`: mode by mode of `B`'s shape.
fn compose_layout<T: Trace>(a: &SymLayout, b: &SymLayout, cx: &mut Cx<'_, T>) -> Result<SymLayout> {
    match (&b.shape, &b.stride) {
        (SymTuple::Leaf(s), SymTuple::Leaf(d)) => {
            cx.enter(|| Event::SymComposeLeaf {
                a: a.clone(),
                mode: (s.clone(), d.clone()),
            });
            let r = compose_leaf(a, s, d, cx);
            let r = cx.finish(r);
            cx.leave();
            r
        }
        _ => Ok(SymLayout::tuple(
            b.modes()
                .iter()
                .map(|m| compose_layout(a, m, cx))
                .collect::<Result<_>>()?,
        )),
    }
}

/// `A ∘ s:d`, C++'s `composition_impl`: divide `d` out of `A`'s coalesced extents, take `s`
/// of what is left (`shape_min`), and merge from the back (`bw_coalesce`).
fn compose_leaf<T: Trace>(
    a: &SymLayout,
    s: &SymInt,
    d: &SymInt,
    cx: &mut Cx<'_, T>,
) -> Result<SymLayout> {
    if d.is(0) {
        return Ok(SymLayout::leaf(s.clone(), d.clone()));
    }
    let flat = coalesce_in(a, cx)?.leaves();
    let (last_s, last_d) = flat.last().cloned().expect("a coalesced layout has a mode");
    if last_s.is(1) && a.stride.has_symbols() {
        // A of size 1: the integer algebra takes the stride of A's extent-1 mode, which
        // coalesce has dropped (found by the fuzz target `symbolic`: (M,1):(1,N) / (2,4))
        return Err(undecided(
            "composition",
            format!(
                "{a} o {s}:{d} reads past a layout of size 1 with the symbolic stride {}",
                a.stride
            ),
        ));
    }
    if flat.len() == 1 {
        let result = d.mul(&last_d)?;
        cx.step(|| Event::SymSingleMode {
            mode: (s.clone(), d.clone()),
            stride: last_d.clone(),
            result: result.clone(),
        });
        return Ok(SymLayout::leaf(s.clone(), result));
    }
    let head = &flat[..flat.len() - 1];
    // divide out the stride (where it is the static `_1`, C++ keeps A's strides as they are)
    let unit = d.is_static() && d.is(1);
    let mut rest_stride = d.clone();
    let mut shapes = Vec::with_capacity(head.len());
    let mut strides = Vec::with_capacity(head.len());
    for (si, di) in head {
        if unit {
            shapes.push(si.clone());
            strides.push(di.clone());
            continue;
        }
        let s1 = shape_div(si, &rest_stride, cx.assumed)?;
        let left = shape_div(&rest_stride, si, cx.assumed)?;
        cx.step(|| Event::SymShapeDiv {
            a: (si.clone(), di.clone()),
            stride: rest_stride.clone(),
            kept: s1.clone(),
            left: left.clone(),
        });
        rest_stride = left;
        strides.push(di.mul(&shape_div(si, &s1, cx.assumed)?)?);
        shapes.push(s1);
    }
    // take the shape
    let mut rest_shape = s.clone();
    for s1 in shapes.iter_mut() {
        let taken = shape_min(s1, &rest_shape, cx.assumed)?;
        cx.step(|| Event::SymShapeMin {
            extent: s1.clone(),
            needed: rest_shape.clone(),
            taken: taken.clone(),
        });
        rest_shape = shape_div(&rest_shape, s1, cx.assumed)?;
        *s1 = taken;
    }
    // merge from the back
    let last = if unit {
        last_d
    } else {
        rest_stride.mul(&last_d)?
    };
    let mut new = (rest_shape, last);
    let mut out: Vec<(SymInt, SymInt)> = Vec::new();
    for (si, di) in shapes.into_iter().zip(strides).rev() {
        if si.is(1) {
            continue;
        }
        if new.0.is(1) {
            new = (si, di);
            continue;
        }
        match equal(&si.mul(&di)?, &new.1)? {
            Some(true) => new = (si.mul(&new.0)?, di),
            Some(false) => {
                out.push(new);
                new = (si, di);
            }
            None => {
                return Err(undecided(
                    "composition",
                    format!(
                        "whether {si}:{di} and {}:{} merge needs {si}*{di} = {} decided",
                        new.0, new.1, new.1
                    ),
                ))
            }
        }
    }
    if new.0.is(1) && out.is_empty() {
        return Ok(SymLayout::leaf(
            Int::new(1, new.0.is_static()).into(),
            Int::ZERO.into(),
        ));
    }
    out.push(new);
    out.reverse();
    Ok(finish_flat(out, true, cx.assumed))
}

/// `logical_divide(L, T) = L ∘ (T, complement(T, size(L)))`, mode by mode for a tuple tiler.
///
/// # Errors
/// As [`complement`] and [`composition`].
///
/// ```
/// use cute_layout::symbolic::{logical_divide, Assumptions, SymLayout, SymTiler};
/// let mut a = Assumptions::default();
/// let t = SymTiler::from_tuple(&"(128,64)".parse()?);
/// let d = logical_divide(&"(M,N):(1,M)".parse()?, &t, &mut a)?;
/// assert_eq!(d.to_string(), "((128,M/128),(64,N/64)):((1,128),(M,64*M))");
/// assert_eq!(a.to_string(), "128 | M, 64 | N");
/// # Ok::<(), cute_layout::LayoutError>(())
/// ```
pub fn logical_divide(l: &SymLayout, t: &SymTiler, assumed: &mut Assumptions) -> Result<SymLayout> {
    logical_divide_traced(l, t, assumed, &mut NoTrace)
}

/// [`logical_divide`], reporting the complement of the tiler, the concatenation and the
/// composition (mode by mode for a tuple tiler).
///
/// # Errors
/// As [`logical_divide`].
pub fn logical_divide_traced(
    l: &SymLayout,
    t: &SymTiler,
    assumed: &mut Assumptions,
    tr: &mut impl Trace,
) -> Result<SymLayout> {
    with(assumed, tr, |cx| logical_divide_in(l, t, cx))
}

fn logical_divide_in<T: Trace>(
    l: &SymLayout,
    t: &SymTiler,
    cx: &mut Cx<'_, T>,
) -> Result<SymLayout> {
    if let (Some(l), Some(t)) = (l.to_layout(), t.to_tiler()) {
        return Ok(SymLayout::from_layout(
            &crate::algebra::divide::logical_divide_traced(&l, &t, cx.t)?,
        ));
    }
    by_mode("logical_divide", l, t, cx, &mut |l, t, cx| {
        if let (Some(l), Some(t)) = (l.to_layout(), t.to_layout()) {
            let d = crate::algebra::divide::logical_divide_traced(&l, &Tiler::Layout(t), cx.t)?;
            return Ok(SymLayout::from_layout(&d));
        }
        let n = size(l)?;
        cx.enter(|| Event::SymDivideComplement {
            tiler: t.clone(),
            size: n.clone(),
        });
        let r = complement_in("complement", t, &n, cx);
        cx.leave();
        let joined = SymLayout::tuple(vec![t.clone(), r?]);
        cx.enter(|| Event::SymDivideCompose {
            layout: l.clone(),
            joined: joined.clone(),
        });
        let d = compose_layout(l, &joined, cx);
        cx.leave();
        cx.finish(d)
    })
}

/// The tiler's rank where it is a tuple (its modes gather into the first mode of a zipped
/// result), else `None`.
fn tuple_rank(t: &SymTiler) -> Option<usize> {
    match t {
        SymTiler::Tuple(ts) => Some(ts.len()),
        _ => None,
    }
}

/// `zipped_divide(L, T)`: `logical_divide` with the tiles gathered in mode 0 and the rest in
/// mode 1: `((T0,T1),(R0,R1,L2..))`.
///
/// # Errors
/// As [`logical_divide`].
///
/// ```
/// use cute_layout::symbolic::{zipped_divide, Assumptions, SymTiler};
/// let mut a = Assumptions::default();
/// let d = zipped_divide(&"(M,N):(1,M)".parse()?, &SymTiler::from_tuple(&"(128,64)".parse()?), &mut a)?;
/// assert_eq!(d.to_string(), "((128,64),(M/128,N/64)):((1,M),(128,64*M))");
/// # Ok::<(), cute_layout::LayoutError>(())
/// ```
pub fn zipped_divide(l: &SymLayout, t: &SymTiler, assumed: &mut Assumptions) -> Result<SymLayout> {
    if let (Some(l), Some(t)) = (l.to_layout(), t.to_tiler()) {
        return Ok(SymLayout::from_layout(
            &crate::algebra::divide::zipped_divide(&l, &t)?,
        ));
    }
    zipped_divide_traced(l, t, assumed, &mut NoTrace)
}

/// [`zipped_divide`], reporting the logical divide it regroups.
///
/// # Errors
/// As [`logical_divide`].
pub fn zipped_divide_traced(
    l: &SymLayout,
    t: &SymTiler,
    assumed: &mut Assumptions,
    tr: &mut impl Trace,
) -> Result<SymLayout> {
    if let (Some(l), Some(t)) = (l.to_layout(), t.to_tiler()) {
        return Ok(SymLayout::from_layout(
            &crate::algebra::divide::zipped_divide_traced(&l, &t, tr)?,
        ));
    }
    let d = logical_divide_traced(l, t, assumed, tr)?;
    Ok(unzip(d, tuple_rank(t)))
}

/// `tiled_divide(L, T)`: `zipped_divide` with the rest's modes flat: `((T0,T1),R0,R1,..)`.
///
/// # Errors
/// As [`logical_divide`].
///
/// ```
/// use cute_layout::symbolic::{tiled_divide, Assumptions, SymTiler};
/// let mut a = Assumptions::default();
/// let d = tiled_divide(&"(M,N):(1,M)".parse()?, &SymTiler::from_tuple(&"(128,64)".parse()?), &mut a)?;
/// assert_eq!(d.to_string(), "((128,64),M/128,N/64):((1,M),128,64*M)");
/// # Ok::<(), cute_layout::LayoutError>(())
/// ```
pub fn tiled_divide(l: &SymLayout, t: &SymTiler, assumed: &mut Assumptions) -> Result<SymLayout> {
    tiled_divide_traced(l, t, assumed, &mut NoTrace)
}

/// [`tiled_divide`], reporting the logical divide it regroups.
///
/// # Errors
/// As [`logical_divide`].
pub fn tiled_divide_traced(
    l: &SymLayout,
    t: &SymTiler,
    assumed: &mut Assumptions,
    tr: &mut impl Trace,
) -> Result<SymLayout> {
    if let (Some(l), Some(t)) = (l.to_layout(), t.to_tiler()) {
        return Ok(SymLayout::from_layout(
            &crate::algebra::divide::tiled_divide(&l, &t)?,
        ));
    }
    let z = zipped_divide_traced(l, t, assumed, tr)?;
    let rest = z.mode(1).expect("a zipped layout has two modes");
    if rest.rank() == 1 {
        // C++'s `result(_, repeat<1>(_))` keeps a rest of one mode as it is
        return Ok(z);
    }
    let mut modes = vec![z.mode(0).expect("a zipped layout has two modes")];
    modes.extend(rest.modes());
    Ok(SymLayout::tuple(modes))
}

/// Gathers mode 0 of each of the first `r` modes into mode 0, the rest into mode 1 (C++'s
/// `zip2_by`); a layout tiler (`None`) is already `(tile, rest)`.
fn unzip(d: SymLayout, r: Option<usize>) -> SymLayout {
    let Some(r) = r else { return d };
    let modes = d.modes();
    let mut tiles = Vec::new();
    let mut rests = Vec::new();
    for (i, m) in modes.into_iter().enumerate() {
        if i < r && m.rank() == 2 && matches!(m.shape, SymTuple::Tuple(_)) {
            tiles.push(m.mode(0).expect("two modes"));
            rests.push(m.mode(1).expect("two modes"));
        } else if i < r {
            tiles.push(m);
        } else {
            rests.push(m);
        }
    }
    SymLayout::tuple(vec![SymLayout::tuple(tiles), SymLayout::tuple(rests)])
}

/// `logical_product(A, B) = (A, complement(A, size(A)·cosize(B)) ∘ B)`, mode by mode for a
/// tuple tiler.
///
/// # Errors
/// As [`complement`] and [`composition`].
///
/// ```
/// use cute_layout::symbolic::{logical_product, Assumptions, SymTiler};
/// let mut a = Assumptions::default();
/// let p = logical_product(&"M:1".parse()?, &SymTiler::Layout("4:1".parse()?), &mut a)?;
/// assert_eq!(p.to_string(), "(M,4):(1,M)");
/// # Ok::<(), cute_layout::LayoutError>(())
/// ```
pub fn logical_product(
    a: &SymLayout,
    b: &SymTiler,
    assumed: &mut Assumptions,
) -> Result<SymLayout> {
    logical_product_traced(a, b, assumed, &mut NoTrace)
}

/// [`logical_product`], reporting the complement of the block and its composition with the
/// tiler.
///
/// # Errors
/// As [`logical_product`].
pub fn logical_product_traced(
    a: &SymLayout,
    b: &SymTiler,
    assumed: &mut Assumptions,
    t: &mut impl Trace,
) -> Result<SymLayout> {
    with(assumed, t, |cx| logical_product_in(a, b, cx))
}

fn logical_product_in<T: Trace>(
    a: &SymLayout,
    b: &SymTiler,
    cx: &mut Cx<'_, T>,
) -> Result<SymLayout> {
    if let (Some(l), Some(t)) = (a.to_layout(), b.to_tiler()) {
        return Ok(SymLayout::from_layout(
            &crate::algebra::product::logical_product_traced(&l, &t, cx.t)?,
        ));
    }
    by_mode("logical_product", a, b, cx, &mut |a, b, cx| {
        if let (Some(a), Some(b)) = (a.to_layout(), b.to_layout()) {
            let p = crate::algebra::product::logical_product_traced(&a, &Tiler::Layout(b), cx.t)?;
            return Ok(SymLayout::from_layout(&p));
        }
        let n = size(a)?.mul(&cosize(b)?)?;
        cx.enter(|| Event::SymProductComplement {
            block: a.clone(),
            cotarget: n.clone(),
        });
        let r = complement_in("logical_product", a, &n, cx);
        cx.leave();
        let r = r?;
        cx.enter(|| Event::SymProductCompose {
            rest: r.clone(),
            tiler: b.clone(),
        });
        let arranged = compose_layout(&r, b, cx);
        cx.leave();
        cx.finish(Ok(SymLayout::tuple(vec![a.clone(), arranged?])))
    })
}

/// `blocked_product(A, B)`: the product of `A` and `B` (padded with `_1:_0` to the same
/// rank) with mode `i` of the block and of the tiling side by side, `((A0,B0),(A1,B1),..)`;
/// not coalesced (as C++ 4.2 and the integer algebra).
///
/// # Errors
/// As [`logical_product`].
///
/// ```
/// use cute_layout::symbolic::{blocked_product, Assumptions};
/// let mut a = Assumptions::default();
/// let p = blocked_product(&"M:1".parse()?, &"4:1".parse()?, &mut a)?;
/// assert_eq!(p.to_string(), "((M,4)):((1,M))");
/// # Ok::<(), cute_layout::LayoutError>(())
/// ```
pub fn blocked_product(
    a: &SymLayout,
    b: &SymLayout,
    assumed: &mut Assumptions,
) -> Result<SymLayout> {
    blocked_product_traced(a, b, assumed, &mut NoTrace)
}

/// [`blocked_product`], reporting the logical product it regroups.
///
/// # Errors
/// As [`logical_product`].
pub fn blocked_product_traced(
    a: &SymLayout,
    b: &SymLayout,
    assumed: &mut Assumptions,
    t: &mut impl Trace,
) -> Result<SymLayout> {
    if let (Some(l), Some(t)) = (a.to_layout(), b.to_layout()) {
        return Ok(SymLayout::from_layout(
            &crate::algebra::product::blocked_product(&l, &t)?,
        ));
    }
    let r = a.rank().max(b.rank());
    let is_tuple = |l: &SymLayout| matches!(l.shape, SymTuple::Tuple(_));
    if r == 1 && is_tuple(a) != is_tuple(b) {
        // C++'s zip of a one-mode tuple and a leaf
        return Err(LayoutError::RankMismatch {
            op: "blocked_product",
            detail: format!("zip: {a} and {b} are not both tuples of rank 1"),
            hint: "zip needs operands of equal rank: write both as tuples or both as leaves",
        });
    }
    let pad = |l: &SymLayout| {
        let mut modes = l.modes();
        while modes.len() < r {
            modes.push(SymLayout::leaf(Int::ONE.into(), Int::ZERO.into()));
        }
        SymLayout::tuple(modes)
    };
    let p = logical_product_traced(&pad(a), &SymTiler::Layout(pad(b)), assumed, t)?;
    let (block, tiles) = (p.mode(0).expect("two modes"), p.mode(1).expect("two modes"));
    let mut modes = Vec::with_capacity(r);
    for i in 0..r {
        modes.push(SymLayout::tuple(vec![
            block.mode(i).expect("padded"),
            tiles.mode(i).expect("composed with a rank-r layout"),
        ]));
    }
    Ok(SymLayout::tuple(modes))
}

/// `coalesce(L)`'s modes sorted by stride, each `(extent, stride, position)`: the position the
/// exclusive prefix product of the coalesced extents (the first `_1`), the order of every two
/// strides decided (the inverses' first step, as the integer algebra's `sorted_with_prefix`).
fn sorted_with_prefix<T: Trace>(
    op: &'static str,
    inverse: Inverse,
    l: &SymLayout,
    cx: &mut Cx<'_, T>,
) -> Result<Vec<(SymInt, SymInt, SymInt)>> {
    let flat = coalesce_in(l, cx)?.leaves();
    let mut placed: Vec<(SymInt, SymInt, SymInt)> = Vec::with_capacity(flat.len());
    let mut prefix = one();
    for (s, d) in flat {
        let next = prefix.mul(&s)?;
        // insertion by stride (stable, as the integer algebra's sort), each comparison decided
        let mut at = placed.len();
        for (i, (_, d1, _)) in placed.iter().enumerate() {
            match less_equal(d1, &d, cx.assumed)? {
                Some(true) if d1 != &d => continue,
                _ if equal(d1, &d)? == Some(true) => continue,
                _ => {}
            }
            if less_equal(&d, d1, cx.assumed)? == Some(true) {
                at = i;
                break;
            }
            return Err(undecided(
                op,
                format!("the order of the strides {d} and {d1} of coalesce({l}) is needed"),
            ));
        }
        placed.insert(at, (s, d, prefix));
        prefix = next;
    }
    cx.step(|| Event::SymInverseSorted {
        inverse,
        layout: l.clone(),
        modes: placed.clone(),
    });
    Ok(placed)
}

/// `right_inverse(L)`: the largest `R` with `L(R(i)) = i` for `i < size(R)`, the integer
/// algebra's definition over symbolic extents: `coalesce(L)` sorted by stride, the chain of
/// strides `1, s₀d₀, ...` followed while each next stride equals the span so far (decided for
/// every value of the symbols), each mode taken contributing its extent with its position in
/// `L`'s domain as stride, the modes taken coalesced.
///
/// # Errors
/// A refusal naming the strides where their order, or whether a stride continues the chain,
/// depends on the symbols.
///
/// ```
/// use cute_layout::symbolic::{right_inverse, Assumptions};
/// let mut a = Assumptions::default();
/// // (M,N):(1,M) is M*N:1 as a function: its right inverse is that function, as C++ writes it
/// assert_eq!(right_inverse(&"(M,N):(1,M)".parse()?, &mut a)?.to_string(), "M*N:_1");
/// assert_eq!(right_inverse(&"(4,M):(M,1)".parse()?, &mut a)?.to_string(), "(M,4):(4,_1)");
/// assert!(right_inverse(&"(M,N):(1,K)".parse()?, &mut a).is_err());
/// # Ok::<(), cute_layout::LayoutError>(())
/// ```
pub fn right_inverse(l: &SymLayout, assumed: &mut Assumptions) -> Result<SymLayout> {
    right_inverse_traced(l, assumed, &mut NoTrace)
}

/// [`right_inverse`], reporting each mode taken or skipped.
///
/// # Errors
/// As [`right_inverse`].
pub fn right_inverse_traced(
    l: &SymLayout,
    assumed: &mut Assumptions,
    t: &mut impl Trace,
) -> Result<SymLayout> {
    with(assumed, t, |cx| {
        if let Some(l) = l.to_layout() {
            let r = crate::algebra::inverse::right_inverse_traced(&l, cx.t)?;
            return Ok(SymLayout::from_layout(&r));
        }
        let sorted = sorted_with_prefix("right_inverse", Inverse::Right, l, cx)?;
        let mut taken: Vec<SymMode> = Vec::new();
        let mut cur = one();
        for (s, d, position) in sorted {
            match equal(&d, &cur)? {
                Some(true) => {
                    let next = s.mul(&d)?;
                    cx.step(|| Event::SymInverseTake {
                        mode: (s.clone(), d.clone()),
                        position: position.clone(),
                        next: next.clone(),
                    });
                    taken.push((s, position));
                    cur = next;
                }
                Some(false) => cx.step(|| Event::SymInverseSkip {
                    mode: (s.clone(), d.clone()),
                    cur: cur.clone(),
                }),
                None => {
                    return Err(undecided(
                        "right_inverse",
                        format!(
                        "whether the mode {s}:{d} continues the chain needs {d} = {cur} decided"
                    ),
                    ))
                }
            }
        }
        if taken.is_empty() {
            // C++: `_1:_0` where no mode is taken
            return cx.finish(Ok(SymLayout::leaf(
                Int::fixed(1).into(),
                Int::fixed(0).into(),
            )));
        }
        coalesce_in(&SymLayout::from_leaves(taken), cx)
    })
}

/// `left_inverse(L)`: `R` with `R(L(i)) = i` for an injective `L`, the integer algebra's
/// definition over symbolic extents: `coalesce(L)` sorted by stride, stride-0 modes skipped,
/// each stride `d` emitting the extent `d / P` (`P` the span of the smaller strides, `P | d`
/// assumed where it cannot be decided) at the previous mode's position, the last mode's extent
/// closing the layout, the modes coalesced.
///
/// # Errors
/// A refusal where the order of two strides depends on the symbols, or where the strides,
/// sorted, are not known not to overlap (`s·d ≤ d'` for consecutive strides: the integer
/// algebra checks a layout of overlapping strides element by element, which needs values).
///
/// ```
/// use cute_layout::symbolic::{left_inverse, Assumptions};
/// let mut a = Assumptions::default();
/// assert_eq!(left_inverse(&"(M,N):(1,M)".parse()?, &mut a)?.to_string(), "M*N:_1");
/// assert_eq!(left_inverse(&"(4,M):(M,1)".parse()?, &mut a)?.to_string(), "(M,4):(4,_1)");
/// # Ok::<(), cute_layout::LayoutError>(())
/// ```
pub fn left_inverse(l: &SymLayout, assumed: &mut Assumptions) -> Result<SymLayout> {
    left_inverse_traced(l, assumed, &mut NoTrace)
}

/// [`left_inverse`], reporting the extent and stride each mode emits.
///
/// # Errors
/// As [`left_inverse`].
pub fn left_inverse_traced(
    l: &SymLayout,
    assumed: &mut Assumptions,
    t: &mut impl Trace,
) -> Result<SymLayout> {
    with(assumed, t, |cx| {
        if let Some(l) = l.to_layout() {
            let r = crate::algebra::inverse::left_inverse_traced(&l, cx.t)?;
            return Ok(SymLayout::from_layout(&r));
        }
        let sorted = sorted_with_prefix("left_inverse", Inverse::Left, l, cx)?;
        let mut modes: Vec<SymMode> = Vec::new();
        let mut stride: SymInt = Int::ZERO.into();
        let mut span = one();
        let mut last_nonzero: Option<(SymInt, SymInt)> = None;
        for (s, d, position) in &sorted {
            if d.is(0) {
                continue;
            }
            if !positive(d) {
                return Err(undecided(
                    "left_inverse",
                    format!("the stride {d} needs to be known positive"),
                ));
            }
            // the post-condition holds by construction where consecutive strides do not overlap
            if let Some((s0, d0)) = &last_nonzero {
                if less_equal(&s0.mul(d0)?, d, cx.assumed)? != Some(true) {
                    return Err(undecided(
                        "left_inverse",
                        format!("the modes {s0}:{d0} and {s}:{d} need {s0}*{d0} <= {d} (strides that do not overlap)"),
                    ));
                }
            }
            let e = cx.assumed.integer(
                d.div(&span)?,
                "left_inverse",
                &format!("the stride {d} over the span {span} of the smaller strides"),
            )?;
            cx.step(|| Event::SymInverseEmit {
                mode: (s.clone(), d.clone()),
                span: span.clone(),
                extent: e.clone(),
                stride: stride.clone(),
            });
            span = span.mul(&e)?;
            modes.push((e, stride));
            stride = position.clone();
            last_nonzero = Some((s.clone(), d.clone()));
        }
        let last = sorted.last().map_or_else(one, |m| m.0.clone());
        cx.step(|| Event::SymInverseClose {
            extent: last.clone(),
            stride: stride.clone(),
        });
        modes.push((last, stride));
        coalesce_in(&SymLayout::from_leaves(modes), cx)
    })
}
