//! [`Swizzle`] `Sw<B,M,S>` and [`ComposedLayout`] `A o OFFSET o LAYOUT`, whose outer function
//! `A` is a swizzle or (as C++'s `ComposedLayout<A, Offset, B>` allows) a layout.
//!
//! A swizzle is a bit permutation of an offset: with `B` mask bits, `M` untouched low bits and
//! shift `S`, the `B` bits at `M + max(0,S)` (the *Y* mask) are XORed into the `B` bits at
//! `M - min(0,S)` (the *Z* mask): `Sw(x) = x ^ ((x & Y) >> S)`. It is its own inverse. CuTe
//! lays out shared memory as `Sw o offset o L`, a [`ComposedLayout`]: the inner layout `L`
//! gives the domain (shape, size, rank) and the swizzle scrambles the offsets so that threads
//! hit different banks.
//!
//! ```
//! use cute_layout::{ComposedLayout, Swizzle};
//! let sw: Swizzle = "Sw<2,0,3>".parse()?;
//! assert_eq!(sw.apply(42), 43);
//! let cl: ComposedLayout = "Sw<2,0,3> o _0 o (_8,_8):(_8,_1)".parse()?;
//! assert_eq!(cl.call(&"(1,5)".parse()?)?.value(), 12);
//! // slicing a row decays to an ordinary layout plus an offset
//! let (row, off) = cl.slice_and_offset(&"(_,1)".parse()?)?;
//! assert_eq!((row.to_string(), off.value()), ("((_2,_2,_2)):((7,18,_32))".to_string(), 1));
//! # Ok::<(), cute_layout::LayoutError>(())
//! ```

use crate::algebra::coalesce::{coalesce, coalesce_x_static};
use crate::algebra::complement::complement;
use crate::algebra::composition::{composition, composition_into, composition_tiler, Lhs};
use crate::algebra::inverse::{left_inverse, max_common_vector, right_inverse};
use crate::algebra::{Modes, NoTrace};
use crate::coord::{slice_tree, Coord, CoordLeaf};
use crate::error::{LayoutError, Result};
use crate::int::Int;
use crate::layout::{Layout, LayoutBuilder};
use crate::tiler::Tiler;
use crate::tree::Tree;
use crate::tuple::IntTuple;
use std::fmt;

pub use crate::limits::MAX_SWIZZLE_BITS;
use crate::limits::SWIZZLE_VERIFY_LIMIT as VERIFY_LIMIT;

/// CuTe's `Swizzle<B,M,S>`: `x ↦ x ^ ((x & yyy) >> S)`, printed `Sw<B,M,S>`.
///
/// # Examples
/// ```
/// use cute_layout::Swizzle;
/// let sw = Swizzle::new(3, 3, 3)?;
/// assert_eq!(sw.to_string(), "Sw<3,3,3>");
/// assert_eq!((sw.yyy_mask(), sw.zzz_mask()), (0b111_000_000, 0b111_000));
/// assert_eq!(sw.apply(448), 504);
/// assert_eq!(sw.apply(sw.apply(448)), 448); // an involution
/// # Ok::<(), cute_layout::LayoutError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Swizzle {
    bits: u32,
    base: u32,
    shift: i32,
}

impl Swizzle {
    /// `Swizzle<B,M,S>`.
    ///
    /// # Errors
    /// [`LayoutError::InvalidArgument`] with CuTe's messages: "BBits must be positive."
    /// (`B < 0`), "MBase must be positive." (`M < 0`), "abs(SShift) must be more than BBits."
    /// (`|S| < B`), and when `B + M + |S|` exceeds [`MAX_SWIZZLE_BITS`].
    ///
    /// ```
    /// # use cute_layout::Swizzle;
    /// assert!(Swizzle::new(3, 4, 3).is_ok());
    /// let e = Swizzle::new(3, 0, 2).unwrap_err();
    /// assert!(e.to_string().contains("abs(SShift) must be more than BBits."));
    /// ```
    pub fn new(b: i64, m: i64, s: i64) -> Result<Swizzle> {
        let bad = |detail: String, hint: &'static str| LayoutError::InvalidArgument {
            op: "Swizzle",
            detail,
            hint,
        };
        if b < 0 {
            return Err(bad(
                format!("Sw<{b},{m},{s}>: BBits must be positive."),
                "give B >= 0",
            ));
        }
        if m < 0 {
            return Err(bad(
                format!("Sw<{b},{m},{s}>: MBase must be positive."),
                "give M >= 0",
            ));
        }
        if s.unsigned_abs() < b.unsigned_abs() {
            return Err(bad(
                format!("Sw<{b},{m},{s}>: abs(SShift) must be more than BBits."),
                "the Y and Z masks may not overlap: give |S| >= B",
            ));
        }
        let total = b
            .checked_add(m)
            .and_then(|x| x.checked_add(s.checked_abs()?));
        if !matches!(total, Some(t) if t <= MAX_SWIZZLE_BITS) {
            return Err(bad(
                format!("Sw<{b},{m},{s}> spans more than {MAX_SWIZZLE_BITS} bits"),
                "use a smaller swizzle",
            ));
        }
        Ok(Swizzle {
            bits: b as u32,
            base: m as u32,
            shift: s as i32,
        })
    }

    /// `B`, the number of bits in each mask.
    pub fn bits(self) -> u32 {
        self.bits
    }

    /// `M`, the number of low bits left untouched.
    pub fn base(self) -> u32 {
        self.base
    }

    /// `S`, the distance from the Y mask down to the Z mask.
    pub fn shift(self) -> i32 {
        self.shift
    }

    fn bit_mask(self) -> i64 {
        (1i64 << self.bits) - 1
    }

    /// The Y mask `(2^B − 1) << (M + max(0,S))`: the bits read.
    ///
    /// ```
    /// # use cute_layout::Swizzle;
    /// assert_eq!(Swizzle::new(2, 0, 3).unwrap().yyy_mask(), 0b11000);
    /// ```
    pub fn yyy_mask(self) -> i64 {
        self.bit_mask() << (self.base as i32 + self.shift.max(0))
    }

    /// The Z mask `(2^B − 1) << (M − min(0,S))`: the bits flipped.
    ///
    /// ```
    /// # use cute_layout::Swizzle;
    /// assert_eq!(Swizzle::new(2, 0, 3).unwrap().zzz_mask(), 0b11);
    /// ```
    pub fn zzz_mask(self) -> i64 {
        self.bit_mask() << (self.base as i32 - self.shift.min(0))
    }

    /// `Sw(x) = x ^ shiftr(x & yyy, S)` (a negative `S` shifts left).
    ///
    /// ```
    /// # use cute_layout::Swizzle;
    /// assert_eq!(Swizzle::new(2, 0, 3).unwrap().apply(42), 43);
    /// ```
    pub fn apply(self, x: i64) -> i64 {
        let y = x & self.yyy_mask();
        let moved = if self.shift >= 0 {
            y >> self.shift
        } else {
            y << (-self.shift)
        };
        x ^ moved
    }

    /// [`Swizzle::apply`] on an [`Int`]: static input gives static output.
    ///
    /// ```
    /// # use cute_layout::{Int, Swizzle};
    /// assert_eq!(Swizzle::new(3, 3, 3).unwrap().apply_int(Int::fixed(448)).to_string(), "_504");
    /// ```
    pub fn apply_int(self, x: Int) -> Int {
        Int::new(self.apply(x.value()), x.is_static())
    }

    /// Whether the swizzle is the identity (`B = 0`).
    pub fn is_identity(self) -> bool {
        self.bits == 0
    }

    /// The inverse function: a swizzle is an involution, so this is `self`.
    pub fn inverse(self) -> Swizzle {
        self
    }

    /// `composition(Sw0, Sw1)`: the swizzle with XORed masks (`Sw0 ∘ Sw1`).
    ///
    /// Post-condition (checked): the result equals `x ↦ Sw0(Sw1(x))` (both are linear over
    /// GF(2), so the check runs on every bit).
    ///
    /// # Errors
    /// [`LayoutError::InvalidArgument`] "Can only merge swizzles of the same shift." for
    /// different `S`; errors of [`make_swizzle`]; [`LayoutError::Postcondition`] when the masks
    /// interact so that the merged swizzle is not the composition.
    ///
    /// ```
    /// # use cute_layout::Swizzle;
    /// let a = Swizzle::new(1, 0, 2)?;
    /// let b = Swizzle::new(1, 1, 2)?;
    /// assert_eq!(a.compose(b)?.to_string(), "Sw<2,0,2>");
    /// # Ok::<(), cute_layout::LayoutError>(())
    /// ```
    pub fn compose(self, other: Swizzle) -> Result<Swizzle> {
        if self.shift != other.shift {
            return Err(LayoutError::InvalidArgument {
                op: "composition",
                detail: format!("{self} and {other}: Can only merge swizzles of the same shift."),
                hint: "compose swizzles with equal S",
            });
        }
        let r = make_swizzle(
            self.yyy_mask() ^ other.yyy_mask(),
            self.zzz_mask() ^ other.zzz_mask(),
        )?;
        for k in 0..63 {
            let x = 1i64 << k;
            if r.apply(x) != self.apply(other.apply(x)) {
                return Err(LayoutError::Postcondition {
                    op: "composition",
                    detail: format!(
                        "merging {self} and {other} into {r} is not their composition (bit {k})"
                    ),
                    hint: "the masks of the two swizzles overlap",
                });
            }
        }
        Ok(r)
    }
}

/// `make_swizzle<Y,Z>()`: the swizzle whose Y and Z masks are `y` and `z`.
///
/// `B = popcount(y)`, `M = min(tz(y), tz(z))`, `S = tz(y) − tz(z)` (`tz` = trailing zeros).
///
/// # Errors
/// [`LayoutError::InvalidArgument`] "Number of bits in Y and Z don't match", and when the
/// masks are not contiguous runs of bits (no `Sw<B,M,S>` has them), or are negative.
///
/// # Examples
/// ```
/// use cute_layout::make_swizzle;
/// assert_eq!(make_swizzle(0b1000, 0b0100)?.to_string(), "Sw<1,2,1>");
/// assert_eq!(make_swizzle(0b1100_0000, 0b0000_0110)?.to_string(), "Sw<2,1,5>");
/// assert!(make_swizzle(0b1100, 0b0001).is_err());
/// # Ok::<(), cute_layout::LayoutError>(())
/// ```
pub fn make_swizzle(y: i64, z: i64) -> Result<Swizzle> {
    if y < 0 || z < 0 {
        return Err(LayoutError::InvalidArgument {
            op: "make_swizzle",
            detail: format!("negative mask {y:#b} / {z:#b}"),
            hint: "masks are non-negative bit sets",
        });
    }
    if y.count_ones() != z.count_ones() {
        return Err(LayoutError::InvalidArgument {
            op: "make_swizzle",
            detail: format!("Y = {y:#b}, Z = {z:#b}: Number of bits in Y and Z don't match"),
            hint: "give masks with the same number of bits",
        });
    }
    if y == 0 {
        return Swizzle::new(0, 0, 0);
    }
    let (ty, tz) = (i64::from(y.trailing_zeros()), i64::from(z.trailing_zeros()));
    let (b, m, s) = (i64::from(y.count_ones()), ty.min(tz), ty - tz);
    let sw = Swizzle::new(b, m, s).map_err(|e| {
        e.within(format!(
            "Y = {y:#b}, Z = {z:#b} give B = popcount(Y) = {b}, M = min(tz(Y), tz(Z)) = {m}, \
             S = tz(Y) - tz(Z) = {s}"
        ))
    })?;
    if sw.yyy_mask() != y || sw.zzz_mask() != z {
        return Err(LayoutError::InvalidArgument {
            op: "make_swizzle",
            detail: format!("Y = {y:#b}, Z = {z:#b} are not the masks of any Sw<B,M,S>"),
            hint: "each mask must be one run of contiguous bits",
        });
    }
    Ok(sw)
}

impl fmt::Display for Swizzle {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        crate::print::padded(f, fmt::Alignment::Left, |f| {
            write!(f, "Sw<{},{},{}>", self.bits, self.base, self.shift)
        })
    }
}

/// `composition(L, Sw)`: the swizzle `Sw'` with `L ∘ Sw = Sw' ∘ L`, built from the masks
/// `L(yyy)` and `L(zzz)` (CuTe's rule, which "works in simple cases").
///
/// Post-condition (checked on `[0, size(L))`): `L(Sw(i)) == Sw'(L(i))`.
///
/// # Errors
/// As [`make_swizzle`]; [`LayoutError::Postcondition`] when the commuted swizzle is not exact.
///
/// # Examples
/// ```
/// use cute_layout::{swizzle::layout_swizzle_commute, Layout, Swizzle};
/// let l: Layout = "(_8,_8):(_8,_1)".parse()?;
/// let sw = Swizzle::new(2, 0, 3)?;
/// assert_eq!(layout_swizzle_commute(&l, sw)?.to_string(), "Sw<2,0,-3>");
/// # Ok::<(), cute_layout::LayoutError>(())
/// ```
pub fn layout_swizzle_commute(layout: &Layout, sw: Swizzle) -> Result<Swizzle> {
    let y = layout.eval(sw.yyy_mask())?;
    let z = layout.eval(sw.zzz_mask())?;
    let r = make_swizzle(y, z).map_err(|e| e.within(format!("composition({layout}, {sw})")))?;
    let n = layout.size()?.value().min(VERIFY_LIMIT);
    crate::budget::charge(n.unsigned_abs(), "elements a swizzle rule is checked on")?;
    for i in 0..n {
        if layout.eval(sw.apply(i))? != r.apply(layout.eval(i)?) {
            return Err(LayoutError::Postcondition {
                op: "composition",
                detail: format!("{layout} ∘ {sw} is not {r} ∘ {layout} (index {i})"),
                hint: "the layout must map the swizzle's bits to single bits",
            });
        }
    }
    Ok(r)
}

/// The outer function `A` of a [`ComposedLayout`] `A o OFFSET o B`: a swizzle, or (as C++'s
/// `ComposedLayout<A, Offset, B>` allows) an ordinary layout evaluated at the 1-D index
/// `OFFSET + B(c)`.
///
/// # Examples
/// ```
/// use cute_layout::swizzle::Outer;
/// use cute_layout::{Layout, Swizzle};
/// let a = Outer::from("(_4,_2):(_2,_1)".parse::<Layout>()?);
/// assert_eq!((a.to_string(), a.apply(5)?), ("(_4,_2):(_2,_1)".to_string(), 3));
/// let sw = Outer::from("Sw<2,0,3>".parse::<Swizzle>()?);
/// assert_eq!(sw.apply(42)?, 43);
/// # Ok::<(), cute_layout::LayoutError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Outer {
    /// A swizzle `Sw<B,M,S>` (shared-memory layouts).
    Swizzle(Swizzle),
    /// An ordinary layout, applied to the 1-D index `OFFSET + B(c)`.
    Layout(Box<Layout>),
}

impl From<Layout> for Outer {
    fn from(l: Layout) -> Self {
        Outer::Layout(Box::new(l))
    }
}

impl From<Swizzle> for Outer {
    fn from(sw: Swizzle) -> Self {
        Outer::Swizzle(sw)
    }
}

impl Outer {
    /// `A(x)` at an integer.
    ///
    /// # Errors
    /// As [`Layout::eval`] for a layout.
    pub fn apply(&self, x: i64) -> Result<i64> {
        match self {
            Outer::Swizzle(sw) => Ok(sw.apply(x)),
            Outer::Layout(l) => l.eval(x),
        }
    }

    /// `A(x)` at an [`Int`]: static iff `x` (and, for a layout, the layout) is.
    ///
    /// # Errors
    /// As [`Layout::call`] for a layout.
    ///
    /// ```
    /// # use cute_layout::{swizzle::Outer, Int, Layout};
    /// let a = Outer::from("(_4,_2):(_2,_1)".parse::<Layout>().unwrap());
    /// assert_eq!(a.apply_int(Int::fixed(5)).unwrap().to_string(), "_3");
    /// ```
    pub fn apply_int(&self, x: Int) -> Result<Int> {
        match self {
            Outer::Swizzle(sw) => Ok(sw.apply_int(x)),
            Outer::Layout(l) => l.call(&IntTuple::int(x)),
        }
    }
}

impl fmt::Display for Outer {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Outer::Swizzle(sw) => sw.fmt(f),
            Outer::Layout(l) => l.fmt(f),
        }
    }
}

/// CuTe's `ComposedLayout<A, Offset, B>`: `c ↦ A(offset + B(c))`, printed `A o OFFSET o B`, with
/// `A` a swizzle (`Sw<B,M,S> o _0 o (_8,_8):(_8,_1)`, the common case) or a layout
/// (`(_4,_2):(_2,_1) o _0 o _8:_1`), see [`Outer`].
///
/// The inner layout `B` gives the domain: shape, size, rank, depth and cosize are `B`'s.
/// Operations specific to swizzles (slices that decay, inverses through the swizzle, the
/// composition rules between swizzles) apply to a swizzle `A`; the structural operations
/// ([`ComposedLayout::map_inner`]), evaluation, slicing, [`ComposedLayout::compose_after`] and
/// the inverses apply to both.
///
/// # Examples
/// ```
/// use cute_layout::ComposedLayout;
/// let cl: ComposedLayout = "Sw<2,0,3> o _0 o (_4,_4):(_8,_1)".parse()?;
/// assert_eq!(cl.cosize()?.to_string(), "_28");
/// assert_eq!(cl.to_string(), "Sw<2,0,3> o _0 o (_4,_4):(_8,_1)");
/// # Ok::<(), cute_layout::LayoutError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct ComposedLayout {
    outer: Outer,
    offset: Int,
    layout: Layout,
}

impl ComposedLayout {
    /// `make_composed_layout(sw, offset, layout)`.
    ///
    /// ```
    /// # use cute_layout::{ComposedLayout, Int, Swizzle};
    /// let cl = ComposedLayout::new(Swizzle::new(3, 4, 3).unwrap(), Int::ZERO, "(_8,_64):(_64,_1)".parse().unwrap());
    /// assert_eq!(cl.to_string(), "Sw<3,4,3> o _0 o (_8,_64):(_64,_1)");
    /// ```
    pub fn new(swizzle: Swizzle, offset: Int, layout: Layout) -> ComposedLayout {
        ComposedLayout::with_outer(Outer::Swizzle(swizzle), offset, layout)
    }

    /// C++'s three-argument `composition(A, offset, B)`: the composed layout `A o offset o B`,
    /// except that an identity swizzle `Sw<0,M,S>` with the static offset `_0` is ignored,
    /// giving `B` (C++'s overload for `Swizzle<0,M,S>, Int<0>`; a dynamic or nonzero offset
    /// keeps the composed layout, as in C++). Every composition and structural operation that
    /// builds a composed layout goes through here, as C++'s do.
    ///
    /// ```
    /// # use cute_layout::{AnyLayout, ComposedLayout, Int, Swizzle};
    /// let l: cute_layout::Layout = "(_8,_8):(_8,_1)".parse().unwrap();
    /// let id = Swizzle::new(0, 4, 3).unwrap();
    /// assert_eq!(ComposedLayout::composition(id, Int::ZERO, l.clone()), AnyLayout::Layout(l.clone()));
    /// let kept = ComposedLayout::composition(id, Int::fixed(4), l.clone());
    /// assert_eq!(kept.to_string(), "Sw<0,4,3> o _4 o (_8,_8):(_8,_1)");
    /// let kept = ComposedLayout::composition(id, Int::dynamic(0), l);
    /// assert_eq!(kept.to_string(), "Sw<0,4,3> o 0 o (_8,_8):(_8,_1)");
    /// ```
    pub fn composition(outer: impl Into<Outer>, offset: Int, layout: Layout) -> AnyLayout {
        match outer.into() {
            Outer::Swizzle(sw) if sw.is_identity() && offset == Int::ZERO => {
                AnyLayout::Layout(layout)
            }
            outer => AnyLayout::Composed(ComposedLayout::with_outer(outer, offset, layout)),
        }
    }

    /// `make_composed_layout(a, offset, b)` for any outer function, e.g. a layout.
    ///
    /// ```
    /// # use cute_layout::{swizzle::Outer, ComposedLayout, Int, Layout};
    /// let a = Outer::from("(_4,_2):(_2,_1)".parse::<Layout>().unwrap());
    /// let cl = ComposedLayout::with_outer(a, Int::ZERO, "_8:_1".parse().unwrap());
    /// assert_eq!(cl.to_string(), "(_4,_2):(_2,_1) o _0 o _8:_1");
    /// assert_eq!(cl.eval(5).unwrap(), 3);
    /// ```
    pub fn with_outer(outer: Outer, offset: Int, layout: Layout) -> ComposedLayout {
        ComposedLayout {
            outer,
            offset,
            layout,
        }
    }

    /// The outer function `A`.
    pub fn outer(&self) -> &Outer {
        &self.outer
    }

    /// The outer swizzle, `None` when the outer function is a layout.
    pub fn swizzle(&self) -> Option<Swizzle> {
        match self.outer {
            Outer::Swizzle(sw) => Some(sw),
            Outer::Layout(_) => None,
        }
    }

    /// The outer swizzle, or an error naming `op` for a layout outer function.
    fn require_swizzle(&self, op: &'static str) -> Result<Swizzle> {
        self.swizzle().ok_or_else(|| LayoutError::InvalidArgument {
            op,
            detail: format!("{self}: the outer function is a layout, not a swizzle"),
            hint: "this rule is only implemented for swizzled layouts `Sw<B,M,S> o OFFSET o L`",
        })
    }

    /// The offset added before the swizzle.
    pub fn offset(&self) -> Int {
        self.offset
    }

    /// The inner layout.
    pub fn layout(&self) -> &Layout {
        &self.layout
    }

    /// `CL(c) = Sw(offset + L(c))`; static iff the coordinate, offset and `L` are.
    ///
    /// # Errors
    /// As [`Layout::call`].
    ///
    /// ```
    /// # use cute_layout::ComposedLayout;
    /// let cl: ComposedLayout = "Sw<2,0,3> o _0 o (_8,_8):(_8,_1)".parse().unwrap();
    /// assert_eq!(cl.call(&"(1,5)".parse().unwrap()).unwrap().to_string(), "12");
    /// assert_eq!(cl.call(&"(_1,_5)".parse().unwrap()).unwrap().to_string(), "_12");
    /// ```
    pub fn call(&self, coord: &IntTuple) -> Result<Int> {
        self.outer
            .apply_int(self.offset.add(self.layout.call(coord)?)?)
    }

    /// `CL(i)` at a 1-D index.
    ///
    /// # Errors
    /// As [`Layout::eval`].
    ///
    /// ```
    /// # use cute_layout::ComposedLayout;
    /// let cl: ComposedLayout = "Sw<2,0,3> o _0 o (_8,_8):(_8,_1)".parse().unwrap();
    /// assert_eq!(cl.eval(41).unwrap(), 12); // (1,5)
    /// ```
    pub fn eval(&self, index: i64) -> Result<i64> {
        let x = self.layout.eval(index)?;
        let y = self
            .offset
            .value()
            .checked_add(x)
            .ok_or_else(|| LayoutError::Overflow {
                expr: format!("{} + {x}", self.offset),
            })?;
        self.outer.apply(y)
    }

    /// Shape of the inner layout.
    pub fn shape(&self) -> &IntTuple {
        self.layout.shape()
    }

    /// Size of the inner layout.
    ///
    /// # Errors
    /// [`LayoutError::Overflow`].
    pub fn size(&self) -> Result<Int> {
        self.layout.size()
    }

    /// Cosize of the inner layout (as in CuTe).
    ///
    /// # Errors
    /// [`LayoutError::Overflow`].
    pub fn cosize(&self) -> Result<Int> {
        self.layout.cosize()
    }

    /// Rank of the inner layout.
    pub fn rank(&self) -> usize {
        self.layout.rank()
    }

    /// Depth of the inner layout.
    pub fn depth(&self) -> usize {
        self.layout.depth()
    }

    /// The same swizzle and offset over `f(L)`, kept as a composed layout even for an identity
    /// swizzle (for the C++ result of a structural operation, which drops an identity swizzle
    /// with offset `_0`, use [`AnyLayout::map_inner`]).
    ///
    /// # Errors
    /// The error of `f`.
    ///
    /// ```
    /// # use cute_layout::{ComposedLayout, coalesce};
    /// let cl: ComposedLayout = "Sw<3,4,3> o _0 o (_8,(_8,_8)):(_64,(_1,_8))".parse().unwrap();
    /// assert_eq!(cl.map_inner(coalesce).unwrap().to_string(), "Sw<3,4,3> o _0 o (_8,_64):(_64,_1)");
    /// ```
    pub fn map_inner(&self, f: impl FnOnce(&Layout) -> Result<Layout>) -> Result<ComposedLayout> {
        Ok(ComposedLayout::with_outer(
            self.outer.clone(),
            self.offset,
            f(&self.layout)?,
        ))
    }

    fn require_zero_offset(&self, op: &'static str) -> Result<()> {
        if self.offset.value() != 0 {
            return Err(LayoutError::InvalidArgument {
                op,
                detail: format!("{self}: Require offset == 0."),
                hint: "only swizzled layouts with a zero offset can be composed or inverted",
            });
        }
        Ok(())
    }

    /// `composition(CL, tiler)`: `composition(Sw, offset, composition(L, tiler))` (see
    /// [`ComposedLayout::composition`]: an identity swizzle with offset `_0` leaves a layout).
    ///
    /// # Errors
    /// As [`composition_tiler`].
    ///
    /// ```
    /// # use cute_layout::{ComposedLayout, Tiler};
    /// let cl: ComposedLayout = "Sw<3,4,3> o _0 o (_8,_64):(_64,_1)".parse().unwrap();
    /// let t: Tiler = "(_8,_8)".parse().unwrap();
    /// assert_eq!(cl.compose(&t).unwrap().to_string(), "Sw<3,4,3> o _0 o (_8,_8):(_64,_1)");
    /// ```
    pub fn compose(&self, tiler: &Tiler) -> Result<AnyLayout> {
        AnyLayout::Composed(self.clone()).map_inner(|l| composition_tiler(l, tiler))
    }

    /// `composition(L, Sw)` = `composition(Sw', _0, L)` with `L ∘ Sw = Sw' ∘ L`
    /// ([`layout_swizzle_commute`]): the layout `L` itself when `Sw'` is the identity, as in C++.
    ///
    /// # Errors
    /// As [`layout_swizzle_commute`].
    ///
    /// ```
    /// # use cute_layout::{ComposedLayout, Layout, Swizzle};
    /// let l: Layout = "(_8,_8):(_8,_1)".parse().unwrap();
    /// let r = ComposedLayout::layout_after_swizzle(&l, Swizzle::new(1, 0, 1).unwrap()).unwrap();
    /// assert_eq!(r.to_string(), "Sw<1,3,1> o _0 o (_8,_8):(_8,_1)");
    /// let r = ComposedLayout::layout_after_swizzle(&l, Swizzle::new(0, 4, 3).unwrap()).unwrap();
    /// assert_eq!(r.to_string(), "(_8,_8):(_8,_1)");
    /// ```
    pub fn layout_after_swizzle(layout: &Layout, sw: Swizzle) -> Result<AnyLayout> {
        let commuted = layout_swizzle_commute(layout, sw)?;
        Ok(ComposedLayout::composition(
            commuted,
            Int::ZERO,
            layout.clone(),
        ))
    }

    /// `composition(L, CL)` = `composition(composition(L, A), B)` (C++'s rule, which requires a
    /// zero offset). For a swizzle `A` that is `(L ∘ Sw) ∘ B` = `Sw' o 0 o composition(L, B)`,
    /// with `Sw'` from [`layout_swizzle_commute`]; for a layout `A` it is the ordinary layout
    /// `composition(composition(L, A), B)`.
    ///
    /// # Errors
    /// [`LayoutError::InvalidArgument`] "Require offset == 0."; as [`layout_swizzle_commute`]
    /// and [`composition`].
    ///
    /// ```
    /// # use cute_layout::{ComposedLayout, Layout};
    /// let l: Layout = "(_8,_8):(_8,_1)".parse().unwrap();
    /// let cl: ComposedLayout = "Sw<2,0,3> o _0 o (_8,_8):(_1,_8)".parse().unwrap();
    /// assert_eq!(ComposedLayout::compose_after(&l, &cl).unwrap().to_string(), "Sw<2,0,-3> o _0 o (_8,_8):(_8,_1)");
    /// let cl: ComposedLayout = "(_4,_2):(_2,_1) o _0 o _8:_1".parse().unwrap();
    /// let l: Layout = "_8:_3".parse().unwrap();
    /// assert_eq!(ComposedLayout::compose_after(&l, &cl).unwrap().to_string(), "(_4,_2):(_6,_3)");
    /// let shifted: ComposedLayout = "(_4,_2):(_2,_1) o 1 o _8:_1".parse().unwrap();
    /// let e = ComposedLayout::compose_after(&l, &shifted).unwrap_err();
    /// assert!(e.to_string().contains("Require offset == 0."));
    /// ```
    pub fn compose_after(outer: &Layout, cl: &ComposedLayout) -> Result<AnyLayout> {
        cl.require_zero_offset("composition")?;
        Ok(match &cl.outer {
            Outer::Swizzle(sw) => ComposedLayout::composition(
                layout_swizzle_commute(outer, *sw)?,
                Int::ZERO,
                composition(outer, &cl.layout)?,
            ),
            Outer::Layout(a) => {
                AnyLayout::Layout(composition(&composition(outer, a)?, &cl.layout)?)
            }
        })
    }

    /// `composition(Sw, CL)` = `composition(Sw ∘ Sw_CL, offset, L)`: the layout `L` itself when
    /// the merged swizzle is the identity and the offset `_0` (as
    /// [`ComposedLayout::composition`]). C++ has no `composition(Swizzle, ComposedLayout)`;
    /// this is its `composition(Swizzle, Swizzle)` followed by its three-argument
    /// `composition`.
    ///
    /// # Errors
    /// As [`Swizzle::compose`].
    ///
    /// ```
    /// # use cute_layout::{ComposedLayout, Swizzle};
    /// let cl: ComposedLayout = "Sw<1,1,2> o _0 o _16:_1".parse().unwrap();
    /// let r = ComposedLayout::swizzle_after(Swizzle::new(1, 0, 2).unwrap(), &cl).unwrap();
    /// assert_eq!(r.to_string(), "Sw<2,0,2> o _0 o _16:_1");
    /// let r = ComposedLayout::swizzle_after(Swizzle::new(1, 1, 2).unwrap(), &cl).unwrap();
    /// assert_eq!(r.to_string(), "_16:_1");
    /// ```
    pub fn swizzle_after(sw: Swizzle, cl: &ComposedLayout) -> Result<AnyLayout> {
        let merged = sw.compose(cl.require_swizzle("composition")?)?;
        Ok(ComposedLayout::composition(
            merged,
            cl.offset,
            cl.layout.clone(),
        ))
    }

    /// `composition(CLa, CLb)` = `(Swa ∘ Sw') o 0 o composition(La, Lb)` where
    /// `Sw' o 0 o composition(La, Lb) = composition(La, CLb)`. When `composition(La, CLb)` is an
    /// ordinary layout (`CLb`'s outer function is a layout), the result is
    /// `Aa o offset_a o composition(La, CLb)`, as in C++.
    ///
    /// # Errors
    /// Both offsets must be 0 ("Require offset == 0."); as [`ComposedLayout::compose_after`];
    /// [`LayoutError::InvalidArgument`] when a layout `Aa` would wrap a swizzled layout (a
    /// nested composed layout, not represented).
    ///
    /// ```
    /// # use cute_layout::ComposedLayout;
    /// let a: ComposedLayout = "Sw<1,0,2> o _0 o _16:_1".parse().unwrap();
    /// let b: ComposedLayout = "Sw<1,1,2> o _0 o _16:_1".parse().unwrap();
    /// assert_eq!(ComposedLayout::compose_both(&a, &b).unwrap().to_string(), "Sw<2,0,2> o _0 o _16:_1");
    /// ```
    pub fn compose_both(a: &ComposedLayout, b: &ComposedLayout) -> Result<AnyLayout> {
        a.require_zero_offset("composition")?;
        match ComposedLayout::compose_after(&a.layout, b)? {
            AnyLayout::Layout(l) => Ok(ComposedLayout::composition(a.outer.clone(), a.offset, l)),
            AnyLayout::Composed(asb) => {
                let sw = a.require_swizzle("composition")?;
                ComposedLayout::swizzle_after(sw, &asb)
            }
        }
    }

    /// `complement(CL, cotarget)` = `complement(L, cotarget)` (CuTe assumes no swizzle in the
    /// complement).
    ///
    /// # Errors
    /// As [`complement`].
    pub fn complement(&self, cotarget: &IntTuple) -> Result<Layout> {
        complement(&self.layout, cotarget)
    }

    /// `right_inverse(CL)` = `composition(right_inverse(L), Sw)` = `Sw' o 0 o right_inverse(L)`;
    /// for a layout `A`, C++'s generic rule `inv(B) o -offset o inv(A)` (the inverses in reverse
    /// order, the offset negated).
    ///
    /// # Errors
    /// "Require offset == 0." for a swizzle; as [`right_inverse`] and
    /// [`layout_swizzle_commute`].
    ///
    /// ```
    /// # use cute_layout::ComposedLayout;
    /// let cl: ComposedLayout = "Sw<2,0,3> o _0 o (_8,_8):(_8,_1)".parse().unwrap();
    /// assert_eq!(cl.right_inverse().unwrap().to_string(), "Sw<2,0,-3> o _0 o (_8,_8):(_8,_1)");
    /// let cl: ComposedLayout = "(_4,_2):(_2,_1) o _0 o _8:_1".parse().unwrap();
    /// assert_eq!(cl.right_inverse().unwrap().to_string(), "_8:_1 o _0 o (_2,_4):(_4,_1)");
    /// ```
    pub fn right_inverse(&self) -> Result<AnyLayout> {
        if let Outer::Layout(a) = &self.outer {
            return Ok(AnyLayout::Composed(ComposedLayout::with_outer(
                Outer::from(right_inverse(&self.layout)?),
                Int::ZERO.sub(self.offset)?,
                right_inverse(a)?,
            )));
        }
        self.require_zero_offset("right_inverse")?;
        let sw = self.require_swizzle("right_inverse")?;
        ComposedLayout::layout_after_swizzle(&right_inverse(&self.layout)?, sw)
    }

    /// `left_inverse(CL)` = `composition(left_inverse(L), Sw)`; for a layout `A`, C++'s generic
    /// rule `inv(B) o -offset o inv(A)`.
    ///
    /// # Errors
    /// "Require offset == 0." for a swizzle; as [`left_inverse`] and
    /// [`layout_swizzle_commute`].
    ///
    /// ```
    /// # use cute_layout::ComposedLayout;
    /// let cl: ComposedLayout = "Sw<2,0,3> o _0 o (_8,_8):(_8,_1)".parse().unwrap();
    /// let inv = cl.left_inverse().unwrap();
    /// assert!((0..64).all(|i| inv.eval(cl.eval(i).unwrap()).unwrap() == i));
    /// let cl: ComposedLayout = "(_4,_2):(_2,_1) o _0 o _8:_1".parse().unwrap();
    /// let inv = cl.left_inverse().unwrap();
    /// assert!((0..8).all(|i| inv.eval(cl.eval(i).unwrap()).unwrap() == i));
    /// ```
    pub fn left_inverse(&self) -> Result<AnyLayout> {
        if let Outer::Layout(a) = &self.outer {
            return Ok(AnyLayout::Composed(ComposedLayout::with_outer(
                Outer::from(left_inverse(&self.layout)?),
                Int::ZERO.sub(self.offset)?,
                left_inverse(a)?,
            )));
        }
        self.require_zero_offset("left_inverse")?;
        let sw = self.require_swizzle("left_inverse")?;
        ComposedLayout::layout_after_swizzle(&left_inverse(&self.layout)?, sw)
    }

    /// `max_common_vector(CL, B)` = `min(2^M, max_common_vector(L, B))`; for a layout outer
    /// function with a zero offset, `max_common_vector(composition(A, L), B)`.
    ///
    /// # Errors
    /// As [`max_common_vector`] and [`composition`]; [`LayoutError::InvalidArgument`] "Require
    /// offset == 0." for a layout outer function with an offset.
    ///
    /// ```
    /// # use cute_layout::{ComposedLayout, Layout};
    /// let cl: ComposedLayout = "Sw<3,4,3> o _0 o (_8,_64):(_64,_1)".parse().unwrap();
    /// let b: Layout = "(_8,_64):(_64,_1)".parse().unwrap();
    /// assert_eq!(cl.max_common_vector(&b).unwrap().to_string(), "_16");
    /// ```
    pub fn max_common_vector(&self, other: &Layout) -> Result<Int> {
        match &self.outer {
            Outer::Swizzle(sw) => {
                let v = max_common_vector(&self.layout, other)?;
                Ok(v.min(Int::fixed(1i64 << sw.base)))
            }
            Outer::Layout(a) => {
                self.require_zero_offset("max_common_vector")?;
                max_common_vector(&composition(a, &self.layout)?, other)
            }
        }
    }

    /// `max_common_layout(CL, B)` for a swizzle `Sw<B,M,S>` (C++'s overload, either argument
    /// order): `R = max_common_layout(L, B)`, cut to its first `2^M` elements
    /// (`composition(R, 2^M)`) where it is longer; the offset is taken to lie in the swizzle's
    /// YZ bits, as C++ assumes.
    ///
    /// # Errors
    /// As [`max_common_layout`](crate::algebra::inverse::max_common_layout) and
    /// [`composition`]; [`LayoutError::InvalidArgument`] for a layout outer function (C++ has
    /// no such overload).
    ///
    /// ```
    /// # use cute_layout::{ComposedLayout, Layout};
    /// let cl: ComposedLayout = "Sw<3,3,3> o _0 o (_8,_64):(_64,_1)".parse()?;
    /// let b: Layout = "(_8,_64):(_64,_1)".parse()?;
    /// // R(i) = 8i, and L(8i) = i for the first 2^M = 8 of them
    /// assert_eq!(cl.max_common_layout(&b)?.to_string(), "_8:_8");
    /// # Ok::<(), cute_layout::LayoutError>(())
    /// ```
    pub fn max_common_layout(&self, other: &Layout) -> Result<Layout> {
        let sw = self.require_swizzle("max_common_layout")?;
        let common = crate::algebra::inverse::max_common_layout(&self.layout, other)?;
        let (size, base) = (common.size()?, Int::fixed(1i64 << sw.base));
        // a dynamic size follows the static rule, as in `max_common_layout` of two layouts
        if base.value() < size.value() {
            return composition(&common, &Layout::leaf(base, Int::fixed(1)));
        }
        Ok(common)
    }

    /// `slice_and_offset(c, CL)`: the layout of the `_` modes of `c` and the offset.
    ///
    /// With only `_`, the result is `Sw o offset o slice(c, L)` and offset `_0`. Otherwise, as in
    /// CuTe's `swizzle_layout.hpp`, if the sliced part of `L` does not reach both a Y bit and
    /// its Z partner, the slice **decays** to an ordinary layout (the swizzle folded into
    /// possibly negative, possibly dynamic strides) plus an offset; if it does, the result keeps
    /// the swizzle, with the fixed Y/Z bits of the offset moved inside. As in C++, a decayed
    /// stride is dynamic where the offset bit it depends on is (reached by a dynamic
    /// coordinate), and the decayed modes merge only where all their integers are static, so
    /// the result has C++'s structure (`((_2,_2,_2),_8):((_64,144,288),_1)`, not `(_2,_4)`).
    ///
    /// For a layout outer function `A` (C++'s generic rule) the slice's offset moves inside:
    /// `A o (offset + off) o slice(c, L)`, with offset `_0`.
    ///
    /// Post-condition (checked for swizzles): `R(i) + offset == CL(c with _ → i)` for every
    /// `i < size(R)`.
    ///
    /// # Errors
    /// As [`Layout::slice_and_offset`] and [`composition`]; [`LayoutError::Postcondition`].
    ///
    /// # Examples
    /// ```
    /// use cute_layout::ComposedLayout;
    /// let cl: ComposedLayout = "Sw<2,0,3> o _0 o (_8,_8):(_8,_1)".parse().unwrap();
    /// let (r, o) = cl.slice_and_offset(&"(1,_)".parse().unwrap()).unwrap();
    /// // as C++: the dynamic stride 2 (of the dynamic coordinate 1) is not merged with _4
    /// assert_eq!((r.to_string(), o.value()), ("((_2,_2,_2)):((-1,2,_4))".to_string(), 9));
    /// let cl: ComposedLayout = "(_4,_2):(_2,_1) o _0 o (_2,_4):(_1,_2)".parse().unwrap();
    /// let (r, o) = cl.slice_and_offset(&"(1,_)".parse().unwrap()).unwrap();
    /// assert_eq!(format!("{r}+{o}"), "(_4,_2):(_2,_1) o 1 o (_4):(_2)+_0");
    /// ```
    pub fn slice_and_offset(&self, coord: &Coord) -> Result<(AnyLayout, Int)> {
        let (sliced, off) = self.layout.slice_and_offset(coord)?;
        let sw = match &self.outer {
            Outer::Swizzle(sw) => *sw,
            Outer::Layout(a) => {
                // C++'s generic rule: the offset moves inside, `A o (offset + off) o slice(c, B)`.
                let cl = ComposedLayout::with_outer(
                    Outer::Layout(a.clone()),
                    self.offset.add(off)?,
                    sliced,
                );
                return Ok((AnyLayout::Composed(cl), Int::ZERO));
            }
        };
        if coord.leaves().all(|l| l == CoordLeaf::Underscore) {
            return Ok((
                ComposedLayout::composition(sw, self.offset, sliced),
                Int::ZERO,
            ));
        }
        let yz = sw.yyy_mask() | sw.zzz_mask();
        // The Y/Z bits of the offset C++ knows only at run time (its MixedBits' dynamic mask):
        // those the dynamic coordinates reach, or all of them where the offset is dynamic.
        let dynamic_bits = if self.offset.is_static() {
            self.diced_dynamic_bits(coord, yz)?
        } else {
            yz
        };
        let only_zy = Int::new(self.offset.value() ^ (off.value() & yz), dynamic_bits == 0);
        let anti_zy = off.sub(bit_and(off, yz))?;
        // The Y/Z bits the sliced layout can reach.
        let mut active = 0i64;
        for (s, d) in sliced.leaves() {
            crate::budget::charge(
                s.value().clamp(0, VERIFY_LIMIT).unsigned_abs(),
                "bits a swizzle's slice reaches",
            )?;
            for j in 0..s.value().clamp(0, VERIFY_LIMIT) {
                active |= j.wrapping_mul(d.value()) & yz;
            }
        }
        let hits_y_and_z = active & !sw.apply(active) != 0;
        let (result, offset) = if hits_y_and_z {
            (
                AnyLayout::Composed(ComposedLayout::new(sw, only_zy, sliced.clone())),
                anti_zy,
            )
        } else if sw.is_identity() {
            (AnyLayout::Layout(sliced.clone()), only_zy.add(anti_zy)?)
        } else {
            let decay = swizzle_layout(sw, only_zy.value(), dynamic_bits)?;
            (
                AnyLayout::Layout(
                    compose_decayed(&decay, &sliced)
                        .map_err(|e| e.within("slice of a swizzled layout"))?,
                ),
                sw.apply_int(only_zy).add(anti_zy)?,
            )
        };
        // Post-condition: the slice is the same function.
        let coords = slice_positions(coord, &sliced)?;
        for (i, c) in coords.into_iter().enumerate() {
            let want = self.call(&c)?.value();
            let got = result.eval(i as i64)? + offset.value();
            if want != got {
                let at = SliceMismatch {
                    index: i,
                    got,
                    want,
                    l_c: self.layout.call(&c)?.value(),
                };
                return Err(self.slice_error(coord, &result, offset, at));
            }
        }
        Ok((result, offset))
    }

    /// The error of a slice whose result `result + offset` (C++'s) is not the same function:
    /// when the offset and `L(c)` share a set bit, the condition C++'s rule relies on
    /// (`offset + L(c) == offset ^ L(c)`) is named.
    #[cold]
    fn slice_error(
        &self,
        coord: &Coord,
        result: &AnyLayout,
        offset: Int,
        at: SliceMismatch,
    ) -> LayoutError {
        let SliceMismatch {
            index,
            got,
            want,
            l_c,
        } = at;
        let o = self.offset.value();
        let shared = o & l_c;
        let what = format!(
            "slice {coord} of {self}: CuTe's rule gives {result}+{offset}, which differs at {index}: {got} ≠ {want}"
        );
        if shared != 0 {
            LayoutError::Postcondition {
                op: "slice_and_offset",
                detail: format!(
                    "{what}; C++'s rule adds the offset {o} to L(c) = {l_c} as if by XOR, \
                     which needs offset & L(c) == 0, but they share the bits {shared}, and the carry \
                     changes the swizzled bits"
                ),
                hint: "give the composed layout an offset whose set bits its layout never reaches \
                       (e.g. a multiple of its cosize), or slice with `_` only",
            }
        } else {
            LayoutError::Postcondition {
                op: "slice_and_offset",
                detail: what,
                hint: "this swizzled slice cannot be expressed; slice all-`_` instead",
            }
        }
    }
}

/// Where a swizzled slice differs from the layout it slices: index `index` of the slice,
/// which gives `got` where the layout gives `want`, at a coordinate where the inner layout
/// gives `l_c`.
struct SliceMismatch {
    index: usize,
    got: i64,
    want: i64,
    l_c: i64,
}

impl ComposedLayout {
    /// The bits in `mask` of `L(c)`, for the integer part `c` of `coord`, that are not known
    /// statically: those reached by the leaves whose coordinate (or stride) is dynamic (C++'s
    /// `to_mixed_bits`, whose dynamic mask is the union of `(s-1)*d` over such leaves).
    fn diced_dynamic_bits(&self, coord: &Coord, mask: i64) -> Result<i64> {
        let diced = self.layout.dice(coord)?;
        let index: IntTuple = dice_coord(coord, coord)?.try_map(|l| match l {
            CoordLeaf::Index(x) => Ok(x),
            CoordLeaf::Underscore => Ok(Int::ZERO),
        })?;
        let full = crate::coord::idx2crd(&index, diced.shape())?;
        let mut dynamic = 0i64;
        for ((s, d), c) in diced.leaves().zip(full.leaves()) {
            if c.is_static() && d.is_static() {
                continue;
            }
            crate::budget::charge(
                s.value().clamp(0, VERIFY_LIMIT).unsigned_abs(),
                "bits of dynamic modes",
            )?;
            for j in 0..s.value().clamp(0, VERIFY_LIMIT) {
                dynamic |= j.wrapping_mul(d.value()) & mask;
            }
        }
        Ok(dynamic)
    }
}

/// The full coordinates of `coord` with its `_` modes filled by each index of `sliced`
/// (up to the verification limit).
fn slice_positions(coord: &Coord, sliced: &Layout) -> Result<Vec<IntTuple>> {
    let n = sliced.size()?.value().clamp(0, VERIFY_LIMIT);
    crate::budget::charge(n.unsigned_abs(), "positions of a slice")?;
    let shape = sliced.shape();
    let mut out = Vec::with_capacity(n as usize);
    for i in 0..n {
        let sub = crate::coord::idx2crd(&IntTuple::int(Int::dynamic(i)), shape)?;
        // The leaves of `sub` fill the `_` leaves of `coord`, in order.
        let mut fill = sub.leaves();
        let full: IntTuple = coord.try_map(|l| match l {
            CoordLeaf::Index(x) => Ok(x),
            CoordLeaf::Underscore => Ok(fill.next().unwrap_or(Int::ZERO)),
        })?;
        out.push(full);
    }
    Ok(out)
}

/// The ordinary layout equal to `x ↦ Sw(offset ^ x)` on the bits of `Sw` (CuTe's decayed
/// swizzle: `(2^M,(2,..),2^(|S|−B),(2,..),1):(1,lo,2^(M+B),hi,2^(M+B+|S|))`). A stride of
/// `lo`/`hi` is static where the bit of `offset` it depends on is not in `dynamic_bits`
/// (C++'s `(offset & (Y << i)) == _0` is a compile-time test there).
fn swizzle_layout(sw: Swizzle, offset: i64, dynamic_bits: i64) -> Result<Layout> {
    let (b, m, s) = (sw.bits as i64, sw.base as i64, sw.shift as i64);
    let z = 1i64 << (m - s.min(0));
    let y = 1i64 << (m + s.max(0));
    let strides = |first_is_z: bool| -> Vec<Int> {
        (0..b)
            .map(|i| {
                let (bit, clear, set) = if first_is_z {
                    (y << i, z << i, -(z << i))
                } else {
                    (z << i, (y + z) << i, (y - z) << i)
                };
                let v = if offset & bit == 0 { clear } else { set };
                Int::new(v, dynamic_bits & bit == 0)
            })
            .collect()
    };
    let (lo, hi) = (strides(z < y), strides(z > y));
    let twos = || IntTuple::from_leaves((0..b).map(|_| Int::fixed(2)));
    let shape = Tree::tuple([
        IntTuple::int(Int::fixed(1 << m)),
        twos(),
        IntTuple::int(Int::fixed(1 << (s.abs() - b))),
        twos(),
        IntTuple::int(Int::ONE),
    ])?;
    let stride = Tree::tuple([
        IntTuple::int(Int::ONE),
        IntTuple::from_leaves(lo),
        IntTuple::int(Int::fixed(1 << (m + b))),
        IntTuple::from_leaves(hi),
        IntTuple::int(Int::fixed(1 << (m + b + s.abs()))),
    ])?;
    Layout::new(shape, stride)
}

/// `composition(D, L)` of the decayed swizzle `D` ([`swizzle_layout`]) as C++ builds it: the
/// modes of `D` merge only where C++ knows at compile time that they do
/// ([`coalesce_x_static`]), so the result has C++'s structure (the library's [`composition`]
/// would also merge `2:144 ++ 2:288`, C++ keeps `(_2,_2):(144,288)`).
fn compose_decayed(decay: &Layout, sliced: &Layout) -> Result<Layout> {
    let mut modes = Modes::new();
    coalesce_x_static(decay.as_mode_ref(), &mut modes)?;
    LayoutBuilder::build(|out| {
        composition_into(
            Lhs::Layout(decay.as_mode_ref(), Some(&modes)),
            sliced.as_mode_ref(),
            out,
            &mut NoTrace,
        )
    })
}

fn bit_and(a: Int, mask: i64) -> Int {
    Int::new(a.value() & mask, a.is_static())
}

impl fmt::Display for ComposedLayout {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        crate::print::padded(f, fmt::Alignment::Left, |f| {
            write!(f, "{} o {} o {}", self.outer, self.offset, self.layout)
        })
    }
}

/// A layout as a tensor may carry it: an ordinary [`Layout`] or a swizzled [`ComposedLayout`].
///
/// # Examples
/// ```
/// use cute_layout::AnyLayout;
/// let a: AnyLayout = "(_4,_2):(_2,_1)".parse()?;
/// let b: AnyLayout = "Sw<1,0,1> o _0 o _4:_1".parse()?;
/// assert_eq!(a.eval(1)?, 2);
/// assert_eq!(b.eval(2)?, 3);
/// # Ok::<(), cute_layout::LayoutError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum AnyLayout {
    /// An ordinary layout.
    Layout(Layout),
    /// A swizzled layout.
    Composed(ComposedLayout),
}

impl AnyLayout {
    /// The inner (domain) layout: the layout itself, or a composed layout's inner layout.
    pub fn inner(&self) -> &Layout {
        match self {
            AnyLayout::Layout(l) => l,
            AnyLayout::Composed(c) => c.layout(),
        }
    }

    /// `L(c)`.
    ///
    /// # Errors
    /// As [`Layout::call`].
    pub fn call(&self, coord: &IntTuple) -> Result<Int> {
        match self {
            AnyLayout::Layout(l) => l.call(coord),
            AnyLayout::Composed(c) => c.call(coord),
        }
    }

    /// `L(i)` at a 1-D index.
    ///
    /// # Errors
    /// As [`Layout::eval`].
    pub fn eval(&self, index: i64) -> Result<i64> {
        match self {
            AnyLayout::Layout(l) => l.eval(index),
            AnyLayout::Composed(c) => c.eval(index),
        }
    }

    /// Every offset `L(0), ..., L(size-1)`.
    ///
    /// # Errors
    /// As [`Layout::offsets`].
    ///
    /// ```
    /// # use cute_layout::AnyLayout;
    /// let b: AnyLayout = "Sw<1,0,1> o _0 o _4:_1".parse().unwrap();
    /// assert_eq!(b.offsets().unwrap(), [0, 1, 3, 2]);
    /// ```
    pub fn offsets(&self) -> Result<Vec<i64>> {
        match self {
            AnyLayout::Layout(l) => l.offsets(),
            AnyLayout::Composed(c) => {
                let mut v = c.layout.offsets()?;
                for x in &mut v {
                    *x = c
                        .outer
                        .apply(c.offset.value().checked_add(*x).ok_or_else(|| {
                            LayoutError::Overflow {
                                expr: format!("{} + {x}", c.offset),
                            }
                        })?)?;
                }
                Ok(v)
            }
        }
    }

    /// Size of the domain.
    ///
    /// # Errors
    /// [`LayoutError::Overflow`].
    pub fn size(&self) -> Result<Int> {
        self.inner().size()
    }

    /// The same outer function over `f(inner)`, as C++'s
    /// `composition(A, offset, f(B))` ([`ComposedLayout::composition`]): how every structural
    /// operation (`layout<I>`, `take`, `flatten`, `group`, `coalesce`, the divides and
    /// products, `composition(CL, T)`) forwards to the inner layout. An identity swizzle with
    /// offset `_0` is dropped, as in C++.
    ///
    /// # Errors
    /// The error of `f`.
    ///
    /// ```
    /// # use cute_layout::{AnyLayout, coalesce};
    /// let cl: AnyLayout = "Sw<3,4,3> o _0 o (_8,(_8,_8)):(_64,(_1,_8))".parse().unwrap();
    /// assert_eq!(cl.map_inner(coalesce).unwrap().to_string(), "Sw<3,4,3> o _0 o (_8,_64):(_64,_1)");
    /// let id: AnyLayout = "Sw<0,4,3> o _0 o (_8,_8):(_8,_1)".parse().unwrap();
    /// assert_eq!(id.map_inner(coalesce).unwrap().to_string(), "(_8,_8):(_8,_1)");
    /// ```
    pub fn map_inner(&self, f: impl FnOnce(&Layout) -> Result<Layout>) -> Result<AnyLayout> {
        Ok(match self {
            AnyLayout::Layout(l) => AnyLayout::Layout(f(l)?),
            AnyLayout::Composed(c) => {
                ComposedLayout::composition(c.outer.clone(), c.offset, f(&c.layout)?)
            }
        })
    }

    /// `slice_and_offset(c, L)`; see [`ComposedLayout::slice_and_offset`] for swizzles.
    ///
    /// # Errors
    /// As [`Layout::slice_and_offset`].
    pub fn slice_and_offset(&self, coord: &Coord) -> Result<(AnyLayout, Int)> {
        match self {
            AnyLayout::Layout(l) => {
                let (s, o) = l.slice_and_offset(coord)?;
                Ok((AnyLayout::Layout(s), o))
            }
            AnyLayout::Composed(c) => c.slice_and_offset(coord),
        }
    }
}

impl From<Layout> for AnyLayout {
    fn from(l: Layout) -> Self {
        AnyLayout::Layout(l)
    }
}

impl From<ComposedLayout> for AnyLayout {
    fn from(c: ComposedLayout) -> Self {
        AnyLayout::Composed(c)
    }
}

impl fmt::Display for AnyLayout {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            AnyLayout::Layout(l) => l.fmt(f),
            AnyLayout::Composed(c) => c.fmt(f),
        }
    }
}

/// `dice(c, c)`: the integer parts of a coordinate (used by projections).
pub(crate) fn dice_coord(proj: &Coord, coord: &Coord) -> Result<Coord> {
    slice_tree(proj, coord, false)
}

/// Coalesces the inner layout, keeping the outer function (CuTe's `coalesce(CL)`).
///
/// # Errors
/// As [`coalesce`].
///
/// ```
/// # use cute_layout::{swizzle::coalesce_any, AnyLayout};
/// let cl: AnyLayout = "Sw<1,0,1> o _0 o (_2,_2):(_1,_2)".parse().unwrap();
/// assert_eq!(coalesce_any(&cl).unwrap().to_string(), "Sw<1,0,1> o _0 o _4:_1");
/// ```
pub fn coalesce_any(l: &AnyLayout) -> Result<AnyLayout> {
    l.map_inner(coalesce)
}
