//! Fast run-time evaluation: [`Layout::compile`] precomputes, once per layout, what evaluating
//! it at a 1-D index needs, so that each evaluation is a few multiplications, shifts and adds.
//!
//! A layout splits a 1-D index `i` colexicographically: leaf `k` (extent `S_k`, stride `D_k`,
//! `P_k` the product of the extents before it) takes the coordinate `(i / P_k) % S_k`, the last
//! leaf `i / P_k`, and the offset is `Σ coordinate_k · D_k`. [`CompiledLayout`] keeps, per
//! leaf, the two divisions as [`FastDivmod`]s (a multiply-and-shift by a precomputed magic
//! number, as CUTLASS's `FastDivmod` does; a shift and a mask for powers of two; nothing for
//! 1), and for the offset it first coalesces the layout and drops stride-0 modes, which add
//! nothing. The terms are independent of each other, so the processor computes them in
//! parallel.
//!
//! ```
//! use cute_layout::Layout;
//! let l: Layout = "(3,(4,5)):(20,(1,-4))".parse()?;
//! let c = l.compile()?;
//! for i in 0..60 {
//!     assert_eq!(c.eval(i), Some(l.eval(i)?));
//! }
//! assert_eq!(c.eval(60), None); // outside 0..size
//! # Ok::<(), cute_layout::LayoutError>(())
//! ```
//!
//! # Range
//! Indices are accepted in `0..size` and a layout is accepted iff its size is at most
//! 2<sup>32</sup>, its extents are non-negative and every offset it can reach fits in an `i64`
//! ([`Layout::compile`] returns an error otherwise). Every dividend is then below 2<sup>32</sup>
//! and every divisor at most 2<sup>32</sup>, the range for which [`FastDivmod`] is exact.

use crate::error::{LayoutError, Result};
use crate::int::Int;
use crate::layout::{Layout, OffsetWalk};
use crate::tuple::IntTuple;
use smallvec::SmallVec;

/// The largest size [`Layout::compile`] accepts: every index then fits in a `u32`.
pub const MAX_COMPILED_SIZE: u64 = 1 << 32;

/// Division of a `u32` by a divisor `d` fixed in advance, `1 <= d <= 2^32`, without a
/// division instruction.
///
/// For `d` not a power of two, the magic number is `m = ⌈2^64 / d⌉` (below 2<sup>64</sup> as
/// `d >= 3`) and the quotient `⌊n · m / 2^64⌋`. This is exact for every `n < 2^32`: write
/// `m · d = 2^64 + e` with `0 <= e < d`; then `n · m / 2^64 = n / d + n · e / (d · 2^64)`, and
/// `n · e < 2^32 · 2^32 = 2^64` makes the error term smaller than `1 / d`. As `n / d = q + r / d`
/// with `r <= d - 1`, the sum stays below `q + 1`, so its floor is `q`. For `d = 2^s` the
/// quotient is `n >> s` and the remainder `n & (d - 1)`.
///
/// ```
/// use cute_layout::fast::FastDivmod;
/// let d = FastDivmod::new(7).unwrap();
/// assert_eq!(d.divmod(100), (14, 2));
/// assert_eq!(d.divmod(u32::MAX), (u32::MAX / 7, u32::MAX % 7));
/// assert!(FastDivmod::new(0).is_none());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FastDivmod {
    divisor: u64,
    how: How,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum How {
    One,
    Shift(u32),
    Magic(u64),
}

impl FastDivmod {
    /// The divider by `d`, `None` unless `1 <= d <= 2^32`.
    ///
    /// ```
    /// use cute_layout::fast::FastDivmod;
    /// assert_eq!(FastDivmod::new(1 << 32).unwrap().quotient(u32::MAX), 0);
    /// assert!(FastDivmod::new((1 << 32) + 1).is_none());
    /// ```
    pub fn new(d: u64) -> Option<FastDivmod> {
        let how = match d {
            0 => return None,
            1 => How::One,
            _ if d > MAX_COMPILED_SIZE => return None,
            _ if d.is_power_of_two() => How::Shift(d.trailing_zeros()),
            // not a power of two: 2^64 / d is not an integer, so ⌈2^64/d⌉ = ⌊(2^64-1)/d⌋ + 1
            _ => How::Magic(u64::MAX / d + 1),
        };
        Some(FastDivmod { divisor: d, how })
    }

    /// The divisor.
    ///
    /// ```
    /// assert_eq!(cute_layout::fast::FastDivmod::new(6).unwrap().divisor(), 6);
    /// ```
    pub fn divisor(self) -> u64 {
        self.divisor
    }

    /// `n / d`.
    ///
    /// ```
    /// assert_eq!(cute_layout::fast::FastDivmod::new(12).unwrap().quotient(100), 8);
    /// ```
    #[inline]
    pub fn quotient(self, n: u32) -> u32 {
        let n = u64::from(n);
        let q = match self.how {
            How::One => n,
            How::Shift(s) => n >> s,
            How::Magic(m) => ((u128::from(n) * u128::from(m)) >> 64) as u64,
        };
        // q <= n < 2^32 in every case
        q as u32
    }

    /// `(n / d, n % d)`.
    ///
    /// ```
    /// assert_eq!(cute_layout::fast::FastDivmod::new(12).unwrap().divmod(100), (8, 4));
    /// ```
    #[inline]
    pub fn divmod(self, n: u32) -> (u32, u32) {
        let q = self.quotient(n);
        // q · d <= n, so the product and the difference are exact
        let r = u64::from(n) - u64::from(q) * self.divisor;
        (q, r as u32)
    }

    /// `n % d`.
    ///
    /// ```
    /// assert_eq!(cute_layout::fast::FastDivmod::new(8).unwrap().remainder(13), 5);
    /// ```
    #[inline]
    pub fn remainder(self, n: u32) -> u32 {
        match self.how {
            How::Shift(s) => n & ((1u64 << s) - 1) as u32,
            _ => self.divmod(n).1,
        }
    }
}

/// One leaf's share of a 1-D index: `(i / before) % extent` (`extent` `None` for the last
/// leaf, which takes the undivided rest).
#[derive(Clone, Copy, Debug)]
struct Split {
    before: FastDivmod,
    extent: Option<FastDivmod>,
}

impl Split {
    #[inline]
    fn of(self, i: u32) -> u32 {
        let q = self.before.quotient(i);
        match self.extent {
            Some(e) => e.remainder(q),
            None => q,
        }
    }
}

/// A layout prepared for fast evaluation at 1-D indices ([`Layout::compile`]); see the
/// [module documentation](self).
#[derive(Clone, Debug)]
pub struct CompiledLayout {
    size: u64,
    /// The offset's terms: the coalesced layout's modes of non-zero stride.
    terms: SmallVec<[(Split, i64); 8]>,
    /// The coordinate of every leaf of the original layout, in order.
    coords: SmallVec<[Split; 8]>,
    shape: IntTuple,
}

impl Layout {
    /// Prepares the layout for fast evaluation ([`CompiledLayout::eval`],
    /// [`CompiledLayout::idx2crd`]) with precomputed divisions; see [`crate::fast`].
    ///
    /// # Errors
    /// [`LayoutError::InvalidArgument`] for a negative extent, a size above 2<sup>32</sup>
    /// ([`MAX_COMPILED_SIZE`]) or offsets that do not fit in an `i64`.
    ///
    /// ```
    /// use cute_layout::Layout;
    /// let l: Layout = "(_8,(4,_2)):(_1,(16,_8))".parse()?;
    /// assert_eq!(l.compile()?.eval(13), Some(l.eval(13)?));
    /// assert!("(65536,65537):(1,0)".parse::<Layout>()?.compile().is_err());
    /// # Ok::<(), cute_layout::LayoutError>(())
    /// ```
    pub fn compile(&self) -> Result<CompiledLayout> {
        let size = compiled_size(self)?;
        let coords = splits(self.shape(), size)?;
        let flat = crate::merge::coalesced(self)?;
        let coalesced = splits(flat.shape(), size)?;
        let mut terms = SmallVec::new();
        let mut reach: i64 = 0;
        for (split, (s, d)) in coalesced.into_iter().zip(flat.leaves()) {
            let d = d.value();
            if d != 0 {
                // every coordinate of the leaf is below its extent, as indices are below size
                reach = (s.value() - 1)
                    .checked_mul(d)
                    .and_then(i64::checked_abs)
                    .and_then(|x| x.checked_add(reach))
                    .ok_or_else(|| refuse(self, "has offsets that do not fit in an i64"))?;
                terms.push((split, d));
            }
        }
        Ok(CompiledLayout {
            size,
            terms,
            coords,
            shape: self.shape().clone(),
        })
    }
}

fn refuse(l: &Layout, why: &str) -> LayoutError {
    LayoutError::InvalidArgument {
        op: "compile",
        detail: format!("{l} {why}"),
        hint: "compile layouts of non-negative extents, size at most 2^32 and offsets within i64; evaluate others with `Layout::eval`",
    }
}

fn compiled_size(l: &Layout) -> Result<u64> {
    if l.leaves().any(|(s, _)| s.value() < 0) {
        return Err(refuse(l, "has a negative extent"));
    }
    let size = l
        .size()
        .map_err(|_| refuse(l, "has a size above 2^32"))?
        .value();
    match u64::try_from(size) {
        Ok(size) if size <= MAX_COMPILED_SIZE => Ok(size),
        _ => Err(refuse(l, &format!("has size {size}, above 2^32"))),
    }
}

/// The splits of the leaves of a shape of size `size` (non-negative extents).
fn splits(shape: &IntTuple, size: u64) -> Result<SmallVec<[Split; 8]>> {
    let n = shape.leaf_count();
    let mut before: u64 = 1;
    let mut out = SmallVec::new();
    for (k, s) in shape.leaves().enumerate() {
        if size == 0 {
            break; // no index to evaluate
        }
        let s = s.value() as u64; // non-negative, and at most size as size is not 0
        let divider = |d: u64| FastDivmod::new(d).ok_or_else(|| overflowed(d));
        out.push(Split {
            before: divider(before)?,
            extent: if k + 1 == n { None } else { Some(divider(s)?) },
        });
        before *= s; // a partial product of a size at most 2^32
    }
    Ok(out)
}

fn overflowed(d: u64) -> LayoutError {
    LayoutError::Overflow {
        expr: format!("compile: divisor {d} outside 1..=2^32"),
    }
}

impl CompiledLayout {
    /// The size of the layout.
    ///
    /// ```
    /// # use cute_layout::Layout;
    /// assert_eq!("(4,3):(3,1)".parse::<Layout>().unwrap().compile().unwrap().size(), 12);
    /// ```
    pub fn size(&self) -> u64 {
        self.size
    }

    /// The offset at the 1-D index `i`, as [`Layout::eval`]; `None` unless `0 <= i < size`.
    ///
    /// ```
    /// # use cute_layout::Layout;
    /// let c = "(4,3):(3,1)".parse::<Layout>().unwrap().compile().unwrap();
    /// assert_eq!(c.eval(5), Some(4));
    /// assert_eq!(c.eval(-1), None);
    /// ```
    #[inline]
    pub fn eval(&self, i: i64) -> Option<i64> {
        if i as u64 >= self.size {
            return None; // negative indices wrap to huge ones
        }
        let i = i as u32; // below size <= 2^32
        Some(
            self.terms
                .iter()
                .map(|&(split, d)| i64::from(split.of(i)) * d)
                .sum(),
        )
    }

    /// The coordinate of every leaf at the 1-D index `i`, written to `out` (one entry per
    /// leaf, in order); `None` unless `0 <= i < size` and `out` has one entry per leaf.
    ///
    /// ```
    /// # use cute_layout::Layout;
    /// let c = "(2,(3,4)):(1,(2,6))".parse::<Layout>().unwrap().compile().unwrap();
    /// let mut crd = [0; 3];
    /// c.idx2crd_flat(17, &mut crd).unwrap();
    /// assert_eq!(crd, [1, 2, 2]);
    /// ```
    #[inline]
    pub fn idx2crd_flat(&self, i: i64, out: &mut [u32]) -> Option<()> {
        if i as u64 >= self.size || out.len() != self.shape.leaf_count() {
            return None;
        }
        for (o, split) in out.iter_mut().zip(&self.coords) {
            *o = split.of(i as u32);
        }
        Some(())
    }

    /// The natural coordinate at the 1-D index `i`, as [`crate::idx2crd`] (dynamic
    /// integers); `None` unless `0 <= i < size`.
    ///
    /// ```
    /// # use cute_layout::Layout;
    /// let c = "(2,(3,4)):(1,(2,6))".parse::<Layout>().unwrap().compile().unwrap();
    /// assert_eq!(c.idx2crd(17).unwrap().to_string(), "(1,(2,2))");
    /// ```
    pub fn idx2crd(&self, i: i64) -> Option<IntTuple> {
        if i as u64 >= self.size {
            return None;
        }
        let mut coords = self.coords.iter();
        Some(self.shape.map(|_| {
            let c = coords.next().map_or(0, |split| split.of(i as u32));
            Int::dynamic(c.into())
        }))
    }
}

/// A layout evaluated at many 1-D indices, as the element-by-element checks of the algebra do:
/// with the divisions of its [`CompiledLayout`] where it compiles, and through [`Layout::eval`]
/// where it does not. Indices past the size (a layout is defined there, its last leaf taking
/// the rest) are split leaf by leaf with the same divisions, below 2<sup>32</sup>. Same results
/// as [`Layout::eval`], without a division instruction per leaf.
pub(crate) struct Evaluator<'a> {
    layout: &'a Layout,
    compiled: Option<(CompiledLayout, SmallVec<[i64; 8]>)>,
}

impl<'a> Evaluator<'a> {
    /// Below this many evaluations compiling costs more than it saves.
    const COMPILE_FROM: i64 = 64;

    /// An evaluator of `layout` for about `evaluations` calls.
    pub(crate) fn new(layout: &'a Layout, evaluations: i64) -> Self {
        let compiled = (evaluations >= Self::COMPILE_FROM)
            .then(|| layout.compile().ok())
            .flatten()
            // (an empty layout has no splits: it is evaluated as a layout)
            .filter(|c| c.coords.len() == layout.shape().leaf_count())
            .map(|c| (c, layout.leaves().map(|(_, d)| d.value()).collect()));
        Evaluator { layout, compiled }
    }

    /// `L(i)`, as [`Layout::eval`].
    #[inline]
    pub(crate) fn eval(&self, i: i64) -> Result<i64> {
        let fast = self.compiled.as_ref().and_then(|(c, strides)| {
            c.eval(i).or_else(|| {
                // past the size: every leaf's coordinate, the last one unbounded
                let i = u32::try_from(i).ok()?;
                let sum: i128 = (c.coords.iter().zip(strides))
                    .map(|(split, &d)| i128::from(split.of(i)) * i128::from(d))
                    .sum();
                i64::try_from(sum).ok()
            })
        });
        match fast {
            Some(offset) => Ok(offset),
            None => self.layout.eval(i),
        }
    }

    /// `L(0), L(1), ...` up to the size: walked as an odometer (no division) where that is
    /// [`Layout::eval`], evaluated one by one otherwise.
    pub(crate) fn in_order(&self) -> InOrder<'_> {
        let walk = Some(OffsetWalk::new(self.layout)).filter(OffsetWalk::matches_eval);
        let each = match walk {
            Some(_) => 0..0,
            None => 0..self.layout.size().map_or(0, |s| s.value()),
        };
        InOrder {
            walk,
            each,
            at: self,
        }
    }
}

/// [`Evaluator::in_order`]: the odometer where it is [`Layout::eval`], else each index of
/// `each` evaluated.
pub(crate) struct InOrder<'a> {
    walk: Option<OffsetWalk<'a>>,
    each: std::ops::Range<i64>,
    at: &'a Evaluator<'a>,
}

impl Iterator for InOrder<'_> {
    type Item = Result<i64>;

    #[inline]
    fn next(&mut self) -> Option<Result<i64>> {
        match &mut self.walk {
            Some(walk) => {
                let offset = walk.next()?;
                Some(offset.ok_or_else(|| walk.overflow()))
            }
            None => self.each.next().map(|i| self.at.eval(i)),
        }
    }
}

/// The offsets a layout has reached so far, one bit each over the range of offsets it can
/// reach, for the checks that visit every element (injectivity, quasi-inverses): linear time
/// where sorting the offsets would take `n log n`. Made only for extents of 1 and more and a
/// range of at most [`SeenOffsets::MAX_RANGE`] offsets (16 MiB of bits).
pub(crate) struct SeenOffsets {
    lowest: i64,
    bits: Vec<u64>,
}

impl SeenOffsets {
    /// The most offsets a set covers (2^27).
    pub(crate) const MAX_RANGE: i64 = 1 << 27;

    /// The empty set of `layout`'s range of offsets; `None` where a bit set does not fit.
    pub(crate) fn new(layout: &Layout) -> Option<SeenOffsets> {
        let (mut lowest, mut highest) = (0i64, 0i64);
        for (s, d) in layout.leaves() {
            if s.value() < 1 {
                return None;
            }
            let reach = (s.value() - 1).checked_mul(d.value())?;
            if reach < 0 {
                lowest = lowest.checked_add(reach)?;
            } else {
                highest = highest.checked_add(reach)?;
            }
        }
        let range = highest.checked_sub(lowest)?.checked_add(1)?;
        (range <= Self::MAX_RANGE).then(|| SeenOffsets {
            lowest,
            bits: vec![0; (range as usize).div_ceil(64)],
        })
    }

    /// Adds `offset`; whether it was there before (an offset outside the range never is).
    #[inline]
    pub(crate) fn insert(&mut self, offset: i64) -> bool {
        let Some(k) = offset
            .checked_sub(self.lowest)
            .and_then(|k| usize::try_from(k).ok())
        else {
            return false;
        };
        let Some(word) = self.bits.get_mut(k / 64) else {
            return false;
        };
        let bit = 1u64 << (k % 64);
        let before = *word & bit != 0;
        *word |= bit;
        before
    }
}

/// An offset that `layout` reaches twice, if any: none where the strides keep the offsets apart
/// ([`apart_by_construction`]), else through [`SeenOffsets`] where they fit, by sorting the
/// offsets otherwise.
pub(crate) fn repeated_offset(layout: &Layout) -> Result<Option<i64>> {
    if apart_by_construction(layout) {
        return Ok(None);
    }
    if let Some(mut seen) = SeenOffsets::new(layout) {
        for offset in Evaluator::new(layout, 0).in_order() {
            let offset = offset?;
            if seen.insert(offset) {
                return Ok(Some(offset));
            }
        }
        return Ok(None);
    }
    let mut offsets = layout.offsets()?;
    offsets.sort_unstable();
    Ok(offsets.windows(2).find(|w| w[0] == w[1]).map(|w| w[0]))
}

/// Whether `layout`'s offsets are distinct by construction: extents of at least 1 and, the
/// strides' magnitudes sorted, each above everything the smaller ones reach
/// (`|d_k| > Σ_{j<k} (s_j - 1)·|d_j|`), as in a mixed radix with gaps. A stride's sign does not
/// matter: it amounts to reading that coordinate backwards (`c -> s - 1 - c`), a bijection.
fn apart_by_construction(layout: &Layout) -> bool {
    let mut modes: SmallVec<[(u128, u128); 8]> = SmallVec::new();
    for (s, d) in layout.leaves() {
        match s.value() {
            ..=0 => return false,
            1 => {} // reaches nothing
            s => modes.push((s as u128, u128::from(d.value().unsigned_abs()))),
        }
    }
    modes.sort_unstable_by_key(|m| m.1);
    let mut reach: u128 = 0;
    for (s, d) in modes {
        if d <= reach {
            return false;
        }
        match (s - 1).checked_mul(d).and_then(|x| x.checked_add(reach)) {
            Some(r) => reach = r,
            None => return false,
        }
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::int::Int;
    use crate::tree::Tree;
    use proptest::prelude::*;

    /// Flat and nested layouts of at most 4 leaves, extents -2..=9 (negative and zero ones
    /// included, which the odometer does not walk), strides -30..=30.
    fn arb_layout() -> impl Strategy<Value = Layout> {
        let leaf = (-2i64..=9, -30i64..=30).prop_map(|(s, d)| {
            (
                IntTuple::leaf(Int::dynamic(s)),
                IntTuple::leaf(Int::dynamic(d)),
            )
        });
        leaf.prop_recursive(2, 4, 3, |inner| {
            prop::collection::vec(inner, 1..=3).prop_map(|modes| {
                let (s, d): (Vec<_>, Vec<_>) = modes.into_iter().unzip();
                (
                    Tree::tuple(s).expect("shallow"),
                    Tree::tuple(d).expect("shallow"),
                )
            })
        })
        .prop_map(|(s, d)| Layout::new(s, d).expect("congruent by construction"))
    }

    fn debug<T: std::fmt::Debug>(x: T) -> String {
        format!("{x:?}")
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(512))]

        /// `Evaluator::eval` is `Layout::eval`, errors included, inside and past the size.
        #[test]
        fn evaluator_is_eval(l in arb_layout()) {
            let size = l.size().map_or(0, |s| s.value());
            let at = Evaluator::new(&l, Evaluator::COMPILE_FROM);
            for i in -3..=(3 * size.abs() + 3) {
                prop_assert_eq!(debug(at.eval(i)), debug(l.eval(i)), "{} at {}", l, i);
            }
        }

        /// `in_order` gives `L(0), L(1), ...` up to the size, walked or evaluated.
        #[test]
        fn in_order_is_eval_in_order(l in arb_layout()) {
            let at = Evaluator::new(&l, 0);
            let walked: Vec<String> = at.in_order().map(debug).collect();
            let size = l.size().map_or(0, |s| s.value());
            let want: Vec<String> = (0..size).map(|i| debug(l.eval(i))).collect();
            prop_assert_eq!(walked, want, "{}", l);
        }

        /// `repeated_offset` finds an offset reached twice exactly when there is one.
        #[test]
        fn repeated_offset_is_a_repeat(l in arb_layout()) {
            prop_assume!(l.leaves().all(|(s, _)| s.value() >= 0));
            let offsets = l.offsets().expect("small");
            let count = |x: i64| offsets.iter().filter(|&&o| o == x).count();
            match repeated_offset(&l).expect("small") {
                Some(x) => prop_assert!(count(x) >= 2, "{} reaches {} once", l, x),
                None => prop_assert!(offsets.iter().all(|&o| count(o) == 1), "{} repeats", l),
            }
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(512))]

        /// Layouts apart by construction reach no offset twice.
        #[test]
        fn apart_by_construction_is_injective(l in arb_layout()) {
            prop_assume!(apart_by_construction(&l));
            let mut offsets = l.offsets().expect("small");
            offsets.sort_unstable();
            prop_assert!(offsets.windows(2).all(|w| w[0] != w[1]), "{} repeats", l);
        }
    }

    /// A sparse layout with a negative stride is found injective without listing its offsets
    /// (its range is too wide for a bit set), and an overlapping one is not taken for apart.
    #[test]
    fn apart_by_construction_examples() {
        let sparse: Layout = "(2048,2048):(1,-4194304)".parse().expect("a layout");
        assert!(SeenOffsets::new(&sparse).is_none() && apart_by_construction(&sparse));
        for (l, apart) in [
            ("(4,3):(2,-1)", false),
            ("(4,3):(3,-1)", true),
            ("(4,3):(-1,4)", true),
            ("(4,1,3):(1,0,-4)", true),
            ("(2,2):(0,1)", false),
            ("(4,0):(1,1)", false),
        ] {
            let l: Layout = l.parse().expect("a layout");
            assert_eq!(apart_by_construction(&l), apart, "{l}");
        }
    }

    /// Offsets beyond the range a bit set covers, or out of it, are never seen.
    #[test]
    fn seen_offsets_cover_the_range_only() {
        let l: Layout = "(4,3):(-5,2)".parse().expect("a layout");
        let mut seen = SeenOffsets::new(&l).expect("a small range");
        assert!(!seen.insert(-15) && seen.insert(-15));
        assert!(!seen.insert(4) && seen.insert(4));
        assert!(!seen.insert(-16) && !seen.insert(-16) && !seen.insert(i64::MAX));
        let wide: Layout = "(2,2):(1,134217728)".parse().expect("a layout");
        assert!(SeenOffsets::new(&wide).is_none());
    }
}
