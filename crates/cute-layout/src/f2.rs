//! F2 strides: layouts whose strides are bit vectors (elements of F2^n) and whose offsets
//! combine by XOR, as the CuTe Whitepaper (§2.3.1, §2.4.4) and PyCuTe v2 (`F2`) define them.
//!
//! An F2 stride `d` (printed `9^`, static `_9^`) scales a coordinate `c` by the carry-less
//! product `c·d = ⊕_{b ∈ bits(c)} (d << b)`, and the modes' contributions add by XOR:
//!
//! ```text
//! L(c_0, c_1, ...) = (c_0·d_0) ⊕ (c_1·d_1) ⊕ ...
//! ```
//!
//! The index of a coordinate is split over the shape as for integer strides (colexicographic,
//! the last mode takes the rest), so an extent need not be a power of two: `_3:_9^` maps 0, 1,
//! 2 to 0, 9, 18 (PyCuTe v2's `F2.__mul__` is the same carry-less product). Where an operation
//! needs the layout to be linear in the bits of its index (composition, inverse, conversion
//! to a swizzle) it states that condition and refuses, naming the mode, its extent and the carry,
//! where the condition fails.
//!
//! A swizzle `Sw<B,M,S>` is such a linear function, so a swizzled layout `Sw<B,M,S> o _0 o L`
//! whose `L` adds its offsets without carry is an F2 layout ([`F2Layout::from_composed`]), and
//! back ([`F2Layout::to_swizzled`]).
//!
//! The ordinary algebra runs on F2 layouts where the whitepaper defines it (`f2/algebra.rs`).
//! An operation that only reshapes the domain (composition with an integer layout or tiler, the
//! divides) computes the shapes and the integer steps `m` by which each result mode walks a mode
//! of `L`, and scales that mode's stride by `m`: `L = D ∘ I`, `I` the scaled-basis layout of
//! the flat modes' coordinates and `D` the map `E<k> ↦ d_k`, and `op(D ∘ I) = D ∘ op(I)`, with
//! `op(I)` the one integer algebra on a scaled-basis layout ([`F2Layout::through_domain`]).
//! The condition is that `D` is additive on what `op(I)` adds: the steps through one mode add
//! without carry. The structure-only operations read [`F2Layout::structure`]; complement and the
//! products are not defined for F2 strides (they divide one stride by another).
//!
//! ```
//! use cute_layout::f2::F2Layout;
//! let l: F2Layout = "(_8,_8):(_1^,_9^)".parse()?;
//! assert_eq!(l.eval(8 + 3)?, 3 ^ 9); // (3,1): 3·1 ⊕ 1·9
//! assert_eq!(l.right_inverse()?, l); // PyCuTe v2: this swizzle is its own inverse
//! assert_eq!(l.to_swizzled()?.to_string(), "Sw<3,0,3> o _0 o (_8,_8):(_1,_8)");
//! # Ok::<(), cute_layout::LayoutError>(())
//! ```

use crate::error::{LayoutError, Result};
use crate::int::Int;
use crate::layout::Layout;
use crate::limits::{check, BRUTE_FORCE_LIMIT};
use crate::swizzle::{AnyLayout, ComposedLayout, Swizzle};
use crate::tree::{Tree, TreeRef};
use crate::tuple::IntTuple;
use std::fmt;

mod algebra;

/// An F2 stride: a bit vector (a non-negative integer read as an element of F2^n) with the
/// static tag of an [`Int`]; printed as the integer followed by `^` (`_9^`, `9^`).
///
/// Addition is XOR, and an integer coordinate scales it by the carry-less product.
///
/// ```
/// use cute_layout::{f2::F2, Int};
/// let d = F2::new(Int::fixed(0b1010))?;
/// assert_eq!(d.to_string(), "_10^");
/// assert_eq!(d.xor(F2::new(Int::fixed(0b1100))?).to_string(), "_6^");
/// assert_eq!(d.scale(Int::fixed(3))?.to_string(), "_30^"); // 1010 ⊕ 10100
/// # Ok::<(), cute_layout::LayoutError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct F2(Int);

impl F2 {
    /// The static zero vector `_0^`.
    pub const ZERO: F2 = F2(Int::ZERO);

    /// The bit vector of `bits`, which must not be negative (a negative integer has no finite
    /// bit expansion).
    ///
    /// # Errors
    /// [`LayoutError::InvalidArgument`] for a negative value.
    ///
    /// ```
    /// # use cute_layout::{f2::F2, Int};
    /// assert_eq!(F2::new(Int::dynamic(9)).unwrap().to_string(), "9^");
    /// assert!(F2::new(Int::fixed(-1)).is_err());
    /// ```
    pub fn new(bits: Int) -> Result<F2> {
        if bits.value() < 0 {
            return Err(LayoutError::InvalidArgument {
                op: "F2",
                detail: format!("the F2 stride {bits}^ is negative"),
                hint: "an F2 stride is a bit vector: give a non-negative integer",
            });
        }
        Ok(F2(bits))
    }

    /// The bits, as an integer with the stride's static tag.
    pub fn bits(self) -> Int {
        self.0
    }

    /// Whether the stride is static (`_9^`).
    pub fn is_static(self) -> bool {
        self.0.is_static()
    }

    /// `a ⊕ b`, static iff both are.
    ///
    /// ```
    /// # use cute_layout::{f2::F2, Int};
    /// let a = F2::new(Int::fixed(7)).unwrap();
    /// assert_eq!(a.xor(a), F2::ZERO); // every vector is its own negative
    /// ```
    pub fn xor(self, other: F2) -> F2 {
        F2(Int::new(
            self.0.value() ^ other.0.value(),
            self.is_static() && other.is_static(),
        ))
    }

    /// `c·d`, the carry-less product of a coordinate `c ≥ 0` and the stride: `⊕_{b ∈ bits(c)}
    /// (d << b)`; static iff both are.
    ///
    /// # Errors
    /// [`LayoutError::InvalidArgument`] for a negative coordinate, [`LayoutError::Overflow`]
    /// past 63 bits.
    ///
    /// ```
    /// # use cute_layout::{f2::F2, Int};
    /// let d = F2::new(Int::fixed(3)).unwrap();
    /// assert_eq!(d.scale(Int::fixed(3)).unwrap().bits().value(), 5); // 11 ⊕ 110, not 9
    /// ```
    pub fn scale(self, c: Int) -> Result<F2> {
        if c.value() < 0 {
            return Err(LayoutError::InvalidArgument {
                op: "F2",
                detail: format!("the coordinate {c} of the F2 stride {self} is negative"),
                hint: "a coordinate acts on an F2 stride through its bits: give c >= 0",
            });
        }
        let product = clmul(c.value(), self.0.value()).ok_or_else(|| LayoutError::Overflow {
            expr: format!("{c}·{self}"),
        })?;
        Ok(F2(Int::new(product, c.is_static() && self.is_static())))
    }
}

impl fmt::Display for F2 {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        crate::print::padded(f, fmt::Alignment::Left, |f| write!(f, "{}^", self.0))
    }
}

/// The number of bits of `x ≥ 0` (`0` for 0).
fn bit_len(x: i64) -> u32 {
    64 - x.leading_zeros()
}

/// The carry-less product of `c, d ≥ 0`, `None` past 63 bits.
fn clmul(c: i64, d: i64) -> Option<i64> {
    if c == 0 || d == 0 {
        return Some(0);
    }
    if bit_len(c) + bit_len(d) - 1 > 63 {
        return None;
    }
    let (mut r, mut c, mut d) = (0i64, c, d);
    while c != 0 {
        if c & 1 == 1 {
            r ^= d;
        }
        c >>= 1;
        d <<= 1;
    }
    Some(r)
}

/// A layout with F2 strides, `Shape:Stride` with strides written `d^`: `L(c) = ⊕ c_k·d_k`.
///
/// Shape and stride are congruent; extents are positive. Two F2 layouts are `==` when their
/// shapes and strides are (as layouts compare); [`F2Layout::equal_as_functions`] compares the
/// functions.
///
/// ```
/// use cute_layout::f2::F2Layout;
/// let l: F2Layout = "(4,8):(_1^,_8^)".parse()?;
/// assert_eq!(l.to_string(), "(4,8):(_1^,_8^)");
/// assert_eq!(l.size()?.value(), 32);
/// assert_eq!(l.eval(2 + 4 * 1)?, 2 ^ 8); // (2,1), PyCuTe v2's test_f2_layout_evaluation
/// # Ok::<(), cute_layout::LayoutError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct F2Layout {
    shape: IntTuple,
    stride: Tree<F2>,
}

/// Which F2 operation an error comes from (the `op` of [`LayoutError::InvalidArgument`]).
fn refuse(op: &'static str, detail: String, hint: &'static str) -> LayoutError {
    LayoutError::InvalidArgument { op, detail, hint }
}

impl F2Layout {
    /// The F2 layout `shape:stride`.
    ///
    /// # Errors
    /// [`LayoutError::NotCongruent`] if the profiles differ; [`LayoutError::InvalidArgument`]
    /// for an extent below 1.
    ///
    /// ```
    /// # use cute_layout::{f2::{F2, F2Layout}, Int, IntTuple, Tree};
    /// let d = Tree::from_leaves([F2::new(Int::fixed(1))?, F2::new(Int::fixed(9))?]);
    /// let l = F2Layout::new("(_8,_8)".parse()?, d)?;
    /// assert_eq!(l.to_string(), "(_8,_8):(_1^,_9^)");
    /// assert!(F2Layout::new("(0,2)".parse()?, l.stride().clone()).is_err());
    /// # Ok::<(), cute_layout::LayoutError>(())
    /// ```
    pub fn new(shape: IntTuple, stride: Tree<F2>) -> Result<F2Layout> {
        if !shape.congruent(&stride) {
            return Err(LayoutError::NotCongruent {
                shape: shape.to_string(),
                stride: stride.to_string(),
            });
        }
        if let Some(s) = shape.leaves().find(|s| s.value() < 1) {
            return Err(refuse(
                "F2Layout",
                format!("the extent {s} of {shape} is below 1"),
                "an F2 layout's coordinates act through their bits: give positive extents",
            ));
        }
        Ok(F2Layout { shape, stride })
    }

    /// The shape.
    pub fn shape(&self) -> &IntTuple {
        &self.shape
    }

    /// The stride, a tree of F2 vectors congruent to the shape.
    pub fn stride(&self) -> &Tree<F2> {
        &self.stride
    }

    /// The number of top-level modes.
    pub fn rank(&self) -> usize {
        self.shape.rank()
    }

    /// The nesting depth (0 for a leaf).
    pub fn depth(&self) -> usize {
        self.shape.depth()
    }

    /// The flat modes `(extent, stride)` in order.
    pub fn leaves(&self) -> impl Iterator<Item = (Int, F2)> + '_ {
        self.shape.leaves().zip(self.stride.leaves())
    }

    /// Whether every extent and stride is static.
    pub fn is_static(&self) -> bool {
        self.leaves().all(|(s, d)| s.is_static() && d.is_static())
    }

    /// `size(L)`, the product of the extents.
    ///
    /// # Errors
    /// [`LayoutError::Overflow`].
    ///
    /// ```
    /// # use cute_layout::f2::F2Layout;
    /// assert_eq!("(_3,_4):(_1^,_4^)".parse::<F2Layout>()?.size()?.to_string(), "_12");
    /// # Ok::<(), cute_layout::LayoutError>(())
    /// ```
    pub fn size(&self) -> Result<Int> {
        self.shape.leaves().try_fold(Int::ONE, |n, s| Ok(n.mul(s)?))
    }

    /// `cosize(L)`: the smallest power of two above every offset, `2^max_k bitlen((s_k−1)·d_k)`
    /// (PyCuTe v2's `_coshape_bound`: XOR cancels bits, so only the bit span bounds the image).
    ///
    /// ```
    /// # use cute_layout::f2::F2Layout;
    /// // 4:3^ reaches 6 = 2·3 while 3·3 = 5: the bound is 8
    /// assert_eq!("_4:_3^".parse::<F2Layout>()?.cosize().to_string(), "_8");
    /// assert_eq!("(_8,_8):(_1^,_9^)".parse::<F2Layout>()?.cosize().to_string(), "_64");
    /// # Ok::<(), cute_layout::LayoutError>(())
    /// ```
    pub fn cosize(&self) -> Int {
        // (s-1)·d has bitlen(s-1) + bitlen(d) - 1 bits, which fit in 63 when the layout does
        let span = self
            .leaves()
            .map(
                |(s, d)| match (bit_len(s.value() - 1), bit_len(d.bits().value())) {
                    (0, _) | (_, 0) => 0,
                    (a, b) => a + b - 1,
                },
            )
            .max()
            .unwrap_or(0);
        Int::new(1i64 << span.min(62), self.is_static())
    }

    /// `L(i)` at a 1-D index `i ≥ 0`: the index is split over the extents colexicographically
    /// (the last mode takes the rest, so `i` may pass the size), and the coordinates scale
    /// their strides carry-lessly: `⊕ c_k·d_k`.
    ///
    /// # Errors
    /// [`LayoutError::InvalidArgument`] for a negative index, [`LayoutError::Overflow`].
    ///
    /// ```
    /// # use cute_layout::f2::F2Layout;
    /// let l: F2Layout = "(_3,_2):(_5^,_1^)".parse()?;
    /// assert_eq!((0..6).map(|i| l.eval(i)).collect::<Result<Vec<_>, _>>()?, [0, 5, 10, 1, 4, 11]);
    /// # Ok::<(), cute_layout::LayoutError>(())
    /// ```
    pub fn eval(&self, index: i64) -> Result<i64> {
        if index < 0 {
            return Err(refuse(
                "F2Layout",
                format!("{self} at the negative index {index}"),
                "give an index >= 0",
            ));
        }
        let mut rest = index;
        let mut acc = 0i64;
        let mut leaves = self.leaves().peekable();
        while let Some((s, d)) = leaves.next() {
            let c = if leaves.peek().is_none() {
                rest
            } else {
                let c = rest % s.value();
                rest /= s.value();
                c
            };
            acc ^= d.scale(Int::dynamic(c))?.bits().value();
        }
        Ok(acc)
    }

    /// `L(c)` at a coordinate (an integer, a natural coordinate or a mix): each integer at a
    /// tuple mode is split over that mode's extents, then `⊕ c_k·d_k`; static iff the
    /// coordinate and the layout are.
    ///
    /// # Errors
    /// [`LayoutError::RankMismatch`]-like [`LayoutError::InvalidArgument`] when the coordinate
    /// is not weakly congruent to the shape; as [`F2::scale`].
    ///
    /// ```
    /// # use cute_layout::f2::F2Layout;
    /// let l: F2Layout = "(_4,(_2,_4)):(_1^,(_4^,_9^))".parse()?;
    /// assert_eq!(l.call(&"(_3,(_1,_2))".parse()?)?.to_string(), "_21^"); // 3 ⊕ 4 ⊕ 18
    /// assert_eq!(l.call(&"(3,5)".parse()?)?.to_string(), "21^");
    /// # Ok::<(), cute_layout::LayoutError>(())
    /// ```
    pub fn call(&self, coord: &IntTuple) -> Result<F2> {
        call_at(
            coord.as_ref(),
            self.shape.as_ref(),
            self.stride.as_ref(),
            self,
        )
    }

    /// The offsets `L(0), ..., L(size−1)`.
    ///
    /// # Errors
    /// As [`F2Layout::eval`]; the size past [`BRUTE_FORCE_LIMIT`].
    ///
    /// ```
    /// # use cute_layout::f2::F2Layout;
    /// assert_eq!("(_2,_2):(_3^,_1^)".parse::<F2Layout>()?.offsets()?, [0, 3, 1, 2]);
    /// # Ok::<(), cute_layout::LayoutError>(())
    /// ```
    pub fn offsets(&self) -> Result<Vec<i64>> {
        let n = self.size()?.value();
        check(
            "F2Layout",
            "offsets",
            n,
            "BRUTE_FORCE_LIMIT",
            BRUTE_FORCE_LIMIT,
            "use a smaller layout",
        )?;
        (0..n).map(|i| self.eval(i)).collect()
    }

    /// Whether `L` and `R` are the same function on `[0, size)`: equal sizes and `L(i) == R(i)`
    /// for every `i`. Where both are linear ([`F2Layout::is_linear`]) the images of the index
    /// bits `2^k < size` decide it (every index below the size is the XOR of such bits);
    /// otherwise every index is compared.
    ///
    /// # Errors
    /// As [`F2Layout::offsets`].
    ///
    /// ```
    /// # use cute_layout::f2::F2Layout;
    /// let p = |s: &str| s.parse::<F2Layout>().unwrap();
    /// assert!(p("(_8,_8):(_1^,_8^)").equal_as_functions(&p("_64:_1^"))?);
    /// assert!(!p("(_8,_8):(_1^,_9^)").equal_as_functions(&p("_64:_1^"))?);
    /// # Ok::<(), cute_layout::LayoutError>(())
    /// ```
    pub fn equal_as_functions(&self, other: &F2Layout) -> Result<bool> {
        let n = self.size()?.value();
        if n != other.size()?.value() {
            return Ok(false);
        }
        if self.is_linear() && other.is_linear() {
            let bits = bit_len(n - 1);
            for k in 0..bits {
                if self.eval(1 << k)? != other.eval(1 << k)? {
                    return Ok(false);
                }
            }
            return Ok(true);
        }
        Ok(self.offsets()? == other.offsets()?)
    }

    /// Whether `L` is linear in the bits of its index: every flat extent but the last is a
    /// power of two (the last takes the rest of the index, and `c·d` is linear in `c`). Then
    /// `L(i ⊕ j) = L(i) ⊕ L(j)` for all `i, j ≥ 0`.
    ///
    /// ```
    /// # use cute_layout::f2::F2Layout;
    /// assert!("(_4,_3):(_1^,_4^)".parse::<F2Layout>()?.is_linear());
    /// assert!(!"(_3,_4):(_1^,_4^)".parse::<F2Layout>()?.is_linear());
    /// # Ok::<(), cute_layout::LayoutError>(())
    /// ```
    pub fn is_linear(&self) -> bool {
        self.nonlinear_mode().is_none()
    }

    /// The first flat mode (its position and extent) whose extent is not a power of two and
    /// is not the last, which keeps `L` from being linear.
    fn nonlinear_mode(&self) -> Option<(usize, Int)> {
        let n = self.shape.leaf_count();
        self.shape
            .leaves()
            .enumerate()
            .find(|&(k, s)| k + 1 < n && s.value().count_ones() != 1)
    }

    /// `L` as a linear map, or `op`'s error naming the mode that keeps it from being one.
    fn linear(&self, op: &'static str) -> Result<Linear<'_>> {
        match self.nonlinear_mode() {
            None => Ok(Linear(self)),
            Some((k, s)) => Err(refuse(
                op,
                format!(
                    "{self}: flat mode {k} has the extent {s}, not a power of two, so the \
                     coordinates after it are the index divided by {s}, which is not linear in \
                     the index's bits"
                ),
                "give power-of-two extents (the last mode may have any extent)",
            )),
        }
    }

    /// `coalesce(L)`: the flat F2 layout with the same function on `[0, size)`, adjacent modes
    /// merged where the second continues the first. As PyCuTe v2's fold, `(s_a:d_a, s_b:d_b)`
    /// merges into `s_a·s_b : d_a` when `d_b = s_a·d_a` and `(s_a−1)·d_a ⊕ d_b = (2s_a−1)·d_a`
    /// (both products carry-less: the merged mode is then linear at `(0,1)` and `(s_a−1,1)`,
    /// which for `d_a ≠ 0` means `s_a` is a power of two); extent-1 modes are dropped, and an
    /// empty result is `_1:_0^` (C++'s `coalesce` convention).
    ///
    /// Post-conditions (tested): `size(R) == size(L)`, `depth(R) <= 1`, `R(i) == L(i)` for
    /// `i < size(L)`.
    ///
    /// ```
    /// # use cute_layout::f2::F2Layout;
    /// let c = |s: &str| s.parse::<F2Layout>().unwrap().coalesce().to_string();
    /// assert_eq!(c("(_2,(_4,_8)):(_1^,(_2^,_8^))"), "_64:_1^");
    /// assert_eq!(c("(_8,_8):(_1^,_9^)"), "(_8,_8):(_1^,_9^)");
    /// assert_eq!(c("(_3,_2):(_1^,_3^)"), "(_3,_2):(_1^,_3^)"); // 3 is not a power of two
    /// assert_eq!(c("(_1,_1):(_3^,_5^)"), "_1:_0^");
    /// ```
    pub fn coalesce(&self) -> F2Layout {
        let mut modes: Vec<(Int, F2)> = Vec::new();
        for (s_b, d_b) in self.leaves() {
            if s_b.value() == 1 {
                continue;
            }
            if let Some((s_a, d_a)) = modes.last_mut() {
                if continues(*s_a, *d_a, d_b) {
                    // extents multiply (static iff both); the stride stays the first mode's
                    if let Ok(s) = s_a.mul(s_b) {
                        *s_a = s;
                        continue;
                    }
                }
            }
            modes.push((s_b, d_b));
        }
        from_flat(modes)
    }

    /// `composition(A, B)` for an F2 layout `A`: [`compose`] of `A` as a linear map.
    ///
    /// # Errors
    /// As [`compose`]; when `A` is not linear ([`F2Layout::is_linear`]).
    ///
    /// ```
    /// # use cute_layout::f2::F2Layout;
    /// let a: F2Layout = "(_8,_8):(_1^,_9^)".parse()?;
    /// let b: F2Layout = "(_8,_8):(_8^,_1^)".parse()?; // the transpose
    /// assert_eq!(a.compose(&b)?.to_string(), "(_8,_8):(_9^,_1^)");
    /// # Ok::<(), cute_layout::LayoutError>(())
    /// ```
    pub fn compose(&self, b: &F2Layout) -> Result<F2Layout> {
        compose(&self.linear("composition")?, b)
    }

    /// `right_inverse(L)` where `L` is a bijection on the bits of `[0, 2^n)`: the F2 layout
    /// `R` with `L(R(y)) == y` and `R(L(x)) == x` on `[0, 2^n)` (the inverse F2 matrix, by
    /// Gauss–Jordan elimination), coalesced. PyCuTe v2's example:
    /// `right_inverse((8,8):(F9,F1)) == (8,8):(F8,F9)`.
    ///
    /// # Errors
    /// [`LayoutError::InvalidArgument`] when `L` is not linear, its size is not a power of
    /// two, an index bit maps past bit `n` or two indices map to one offset (each named).
    ///
    /// ```
    /// # use cute_layout::f2::F2Layout;
    /// let l: F2Layout = "(_8,_8):(_9^,_1^)".parse()?;
    /// assert_eq!(l.right_inverse()?.to_string(), "(_8,_8):(_8^,_9^)");
    /// assert!("(_2,_2):(_1^,_1^)".parse::<F2Layout>()?.right_inverse().is_err());
    /// # Ok::<(), cute_layout::LayoutError>(())
    /// ```
    pub fn right_inverse(&self) -> Result<F2Layout> {
        self.inverse("right_inverse")
    }

    /// `left_inverse(L)`: for a bijection on bits the inverse is two-sided, so this is
    /// [`F2Layout::right_inverse`] (`R(L(x)) == x` on `[0, 2^n)`).
    ///
    /// # Errors
    /// As [`F2Layout::right_inverse`].
    ///
    /// ```
    /// # use cute_layout::f2::F2Layout;
    /// let l: F2Layout = "(_4,_4):(_5^,_1^)".parse()?;
    /// let r = l.left_inverse()?;
    /// assert!((0..16).all(|i| r.eval(l.eval(i).unwrap()).unwrap() == i));
    /// # Ok::<(), cute_layout::LayoutError>(())
    /// ```
    pub fn left_inverse(&self) -> Result<F2Layout> {
        self.inverse("left_inverse")
    }

    fn inverse(&self, op: &'static str) -> Result<F2Layout> {
        let lin = self.linear(op)?;
        let n = self.size()?.value();
        if n.count_ones() != 1 {
            return Err(refuse(
                op,
                format!("{self} has the size {n}, not a power of two, so it is no bijection on the bits of [0, {n})"),
                "an F2 layout has an F2 inverse where it permutes [0, 2^n): give a power-of-two size",
            ));
        }
        let bits = bit_len(n - 1) as usize;
        // rows[k] = L(2^k) with the index it came from, reduced to the identity (Gauss-Jordan)
        let mut rows: Vec<(i64, i64)> = Vec::with_capacity(bits);
        for k in 0..bits {
            let image = lin.apply(1 << k)?;
            if image >= n {
                return Err(refuse(
                    op,
                    format!(
                        "{self} maps the index {} to {image}, past its size {n}",
                        1i64 << k
                    ),
                    "an F2 layout has an F2 inverse where it permutes [0, size)",
                ));
            }
            rows.push((image, 1 << k));
        }
        for b in 0..bits {
            let pivot = (b..bits).find(|&r| rows[r].0 >> b & 1 == 1);
            let Some(p) = pivot else {
                // the rows below b span no vector with bit b: some index maps to what another does
                let dependent = (b..bits)
                    .map(|r| rows[r])
                    .find(|&(image, _)| image == 0)
                    .map(|(_, index)| index);
                let detail = match dependent {
                    Some(i) => format!("{self} maps the index {i} to 0, as it maps 0"),
                    None => format!("{self} reaches no offset with bit {b}, so it maps two indices to one offset"),
                };
                return Err(refuse(
                    op,
                    detail,
                    "an F2 layout has an F2 inverse where it permutes [0, size)",
                ));
            };
            rows.swap(b, p);
            let (pivot_image, pivot_index) = rows[b];
            for (r, row) in rows.iter_mut().enumerate() {
                if r != b && row.0 >> b & 1 == 1 {
                    *row = (row.0 ^ pivot_image, row.1 ^ pivot_index);
                }
            }
        }
        // rows[b] = (2^b, the index that L maps to 2^b): the inverse's columns
        let tag = self.is_static();
        let modes = rows
            .iter()
            .map(|&(_, index)| (Int::new(2, tag), F2(Int::new(index, tag))));
        Ok(from_flat(modes.collect()).coalesce())
    }

    /// The integer layout with the same shape and strides, where it is the same function:
    /// where every mode's coordinates scale its stride without carry (`c·d == c⊗d` for every
    /// `c < s`) and the modes' offsets occupy disjoint bits (so their sum is their XOR).
    ///
    /// # Errors
    /// [`LayoutError::InvalidArgument`] naming the mode, its extent and the carry.
    ///
    /// ```
    /// # use cute_layout::f2::F2Layout;
    /// let p = |s: &str| s.parse::<F2Layout>().unwrap();
    /// assert_eq!(p("(_4,_8):(_8^,_1^)").to_layout()?.to_string(), "(_4,_8):(_8,_1)");
    /// assert!(p("(_8,_8):(_1^,_9^)").to_layout().is_err());
    /// # Ok::<(), cute_layout::LayoutError>(())
    /// ```
    pub fn to_layout(&self) -> Result<Layout> {
        carry_free(
            "from_f2",
            self.leaves().map(|(s, d)| (s, d.bits())),
            &self.to_string(),
        )?;
        Layout::new(self.shape.clone(), self.stride.map(F2::bits))
    }

    /// The F2 layout with the same shape and strides as an integer layout, where it is the
    /// same function (the condition of [`F2Layout::to_layout`]).
    ///
    /// # Errors
    /// [`LayoutError::InvalidArgument`] for a negative stride or extent below 1, and naming
    /// the mode, its extent and the carry where the offsets carry.
    ///
    /// ```
    /// # use cute_layout::{f2::F2Layout, Layout};
    /// let l: Layout = "(_4,_8):(_8,_1)".parse()?;
    /// assert_eq!(F2Layout::from_layout(&l)?.to_string(), "(_4,_8):(_8^,_1^)");
    /// let e = F2Layout::from_layout(&"(_4,_2):(_1,_3)".parse()?).unwrap_err();
    /// assert!(e.to_string().contains("overlap"), "{e}");
    /// # Ok::<(), cute_layout::LayoutError>(())
    /// ```
    pub fn from_layout(l: &Layout) -> Result<F2Layout> {
        if let Some((s, d)) = l.leaves().find(|(s, d)| d.value() < 0 || s.value() < 1) {
            return Err(refuse(
                "to_f2",
                format!("{l} has the mode {s}:{d}; an F2 layout has positive extents and non-negative strides"),
                "an F2 stride is a bit vector: only layouts with extents >= 1 and strides >= 0 convert",
            ));
        }
        carry_free("to_f2", l.leaves(), &l.to_string())?;
        F2Layout::new(l.shape().clone(), l.stride().try_map(F2::new)?)
    }

    /// The F2 layout of a swizzled layout `Sw<B,M,S> o OFFSET o L`, where the two are equal as
    /// functions: the offset is 0 (an F2 layout maps 0 to 0) and `L` adds its offsets without
    /// carry ([`F2Layout::from_layout`]); then `Sw ∘ L` is [`compose`] of the swizzle, a linear
    /// map, with `L`'s F2 form.
    ///
    /// # Errors
    /// As [`F2Layout::from_layout`] and [`compose`]; a layout as outer function; a nonzero
    /// offset.
    ///
    /// ```
    /// # use cute_layout::{f2::F2Layout, ComposedLayout};
    /// let cl: ComposedLayout = "Sw<3,3,3> o _0 o (_8,_64):(_64,_1)".parse()?;
    /// let f = F2Layout::from_composed(&cl)?;
    /// assert_eq!(f.to_string(), "(_8,_64):(_72^,_1^)");
    /// assert!((0..512).all(|i| f.eval(i).unwrap() == cl.eval(i).unwrap()));
    /// # Ok::<(), cute_layout::LayoutError>(())
    /// ```
    pub fn from_composed(cl: &ComposedLayout) -> Result<F2Layout> {
        let Some(sw) = cl.swizzle() else {
            return Err(refuse(
                "to_f2",
                format!("{cl}: the outer function is a layout, not a swizzle"),
                "only swizzled layouts `Sw<B,M,S> o OFFSET o L` and layouts convert",
            ));
        };
        if cl.offset().value() != 0 {
            return Err(refuse(
                "to_f2",
                format!(
                    "{cl} maps the index 0 to {}, and an F2 layout maps 0 to 0",
                    sw.apply(cl.offset().value())
                ),
                "the offset must be 0: take the offset out as a tensor's (`L+o`)",
            ));
        }
        compose(&sw, &F2Layout::from_layout(cl.layout())?)
    }

    /// The swizzled layout `Sw<B,M,S> o _0 o L` equal to this F2 layout as a function (a plain
    /// layout where no swizzle is needed): each index bit's image `F(2^k)` has at most two
    /// bits; the two-bit images `{h, h−|S|}` share one distance `|S|`, and the bits the swizzle
    /// reads (the high ones for `S > 0`, tried first, the low ones for `S < 0`) span `B ≤ |S|`
    /// bits from `M + max(0,S)`; then `L = Sw ∘ F` must add its offsets without carry
    /// ([`F2Layout::to_layout`]). The swizzle is the smallest that does: bits the layout never
    /// reaches are not swizzled (`Sw<3,4,3>` over 512 offsets gives `Sw<2,4,3>`).
    ///
    /// # Errors
    /// [`LayoutError::InvalidArgument`] naming the image and the condition it fails; as
    /// [`F2Layout::to_layout`] and [`compose`].
    ///
    /// ```
    /// # use cute_layout::f2::F2Layout;
    /// let f: F2Layout = "(_8,_64):(_72^,_1^)".parse()?;
    /// assert_eq!(f.to_swizzled()?.to_string(), "Sw<3,3,3> o _0 o (_8,_64):(_64,_1)");
    /// assert_eq!("(_4,_8):(_8^,_1^)".parse::<F2Layout>()?.to_swizzled()?.to_string(), "(_4,_8):(_8,_1)");
    /// let up: F2Layout = "(_8,(_8,_8)):(_1^,(_72^,_64^))".parse()?; // Sw<3,3,-3> o _0 o (_8,_64):(_1,_8)
    /// assert_eq!(up.to_swizzled()?.to_string(), "Sw<3,3,-3> o _0 o (_8,(_8,_8)):(_1,(_8,_64))");
    /// # Ok::<(), cute_layout::LayoutError>(())
    /// ```
    pub fn to_swizzled(&self) -> Result<AnyLayout> {
        const OP: &str = "from_f2";
        let lin = self.linear(OP)?;
        let n = self.size()?.value();
        let mut pairs: Vec<(u32, u32)> = Vec::new();
        for k in 0..bit_len(n - 1) {
            let image = lin.apply(1 << k)?;
            match image.count_ones() {
                0 | 1 => {}
                2 => pairs.push((63 - image.leading_zeros(), image.trailing_zeros())),
                _ => {
                    return Err(refuse(
                        OP,
                        format!("{self} maps the index {} to {image}, with {} bits; a swizzle's image of one bit has at most two", 1i64 << k, image.count_ones()),
                        "only F2 layouts that are a swizzle of a layout convert",
                    ))
                }
            }
        }
        let Some(&(h0, l0)) = pairs.first() else {
            return Ok(AnyLayout::Layout(self.to_layout()?));
        };
        let shift = h0 - l0;
        if let Some(&(h, l)) = pairs.iter().find(|&&(h, l)| h - l != shift) {
            return Err(refuse(
                OP,
                format!("{self}: the index bits' images pair bit {h0} with {l0} and bit {h} with {l}; one swizzle has one shift"),
                "only F2 layouts that are one swizzle of a layout convert",
            ));
        }
        // Sw<B,M,S> with S > 0 reads the high bits of each pair, with S < 0 the low ones: the
        // first that leaves a layout without carry is the answer
        let mut first_error = None;
        for reads_high in [true, false] {
            let read = |&(h, l): &(u32, u32)| if reads_high { h } else { l };
            let low = pairs.iter().map(read).min().unwrap_or(0);
            let high = pairs.iter().map(read).max().unwrap_or(0);
            let bits = high - low + 1;
            if bits > shift {
                return Err(refuse(
                    OP,
                    format!("{self}: the swizzled bits {low}..={high} span {bits} bits, more than the shift {shift}"),
                    "Sw<B,M,S> needs |S| >= B",
                ));
            }
            let (m, s) = if reads_high {
                (low - shift, i64::from(shift))
            } else {
                (low, -i64::from(shift))
            };
            let sw = Swizzle::new(i64::from(bits), i64::from(m), s)?;
            // Sw is an involution: L = Sw ∘ F, and F = Sw ∘ L
            match compose(&sw, self).and_then(|l| l.to_layout()) {
                Ok(inner) => return Ok(ComposedLayout::composition(sw, Int::ZERO, inner)),
                Err(e) => first_error = first_error.or(Some(e)),
            }
        }
        Err(first_error.unwrap_or_else(|| {
            refuse(
                OP,
                format!("{self}: no swizzle reading was tried"),
                "report this",
            )
        }))
    }
}

/// Whether the mode `s_b:d_b` continues `s_a:d_a` (PyCuTe v2's two-point linearity test).
fn continues(s_a: Int, d_a: F2, d_b: F2) -> bool {
    let times = |c: i64| clmul(c, d_a.bits().value());
    let s = s_a.value();
    match (
        times(s),
        times(s - 1),
        s.checked_mul(2).and_then(|t| times(t - 1)),
    ) {
        (Some(next), Some(last), Some(twice)) => {
            next == d_b.bits().value() && last ^ d_b.bits().value() == twice
        }
        _ => false,
    }
}

/// The flat F2 layout of `modes`: one mode is a leaf, none is `_1:_0^`.
fn from_flat(modes: Vec<(Int, F2)>) -> F2Layout {
    match modes.as_slice() {
        [] => F2Layout {
            shape: Tree::leaf(Int::ONE),
            stride: Tree::leaf(F2::ZERO),
        },
        [(s, d)] => F2Layout {
            shape: Tree::leaf(*s),
            stride: Tree::leaf(*d),
        },
        _ => F2Layout {
            shape: Tree::from_leaves(modes.iter().map(|m| m.0)),
            stride: Tree::from_leaves(modes.iter().map(|m| m.1)),
        },
    }
}

/// The condition under which integer and F2 readings of the flat modes `(s, d)` agree: within
/// a mode, `c·d` (integer) equals `c⊗d` (carry-less) for every `c < s`, which holds iff the
/// copies `d << i` and `d << j` share no bit whenever `2^i + 2^j < s`; across modes, the
/// offsets' bits are disjoint (a sum of non-negative integers is their XOR iff no bit is in
/// two of them). `what` names the layout in the error.
fn carry_free(op: &'static str, modes: impl Iterator<Item = (Int, Int)>, what: &str) -> Result<()> {
    let mut seen = 0i64; // the bits the modes before reach
    for (k, (s, d)) in modes.enumerate() {
        let (s, d) = (s.value(), d.value());
        let bits = bit_len(s - 1);
        for j in 1..bits {
            for i in 0..j {
                let c = (1i64 << i) + (1i64 << j);
                if c < s && (d << i) & (d << j) != 0 {
                    return Err(refuse(
                        op,
                        format!("{what}: mode {k} ({s}:{d}) at the coordinate {c} gives {c}·{d} = {} with integer strides but {} with F2 strides: {} and {} carry", c * d, clmul(c, d).unwrap_or(-1), d << i, d << j),
                        "the two readings agree where every coordinate scales the stride without carry: strides that are powers of two",
                    ));
                }
            }
        }
        // the bits this mode reaches: the copies d << b for b < bitlen(s-1)
        let reach = (0..bits).fold(0i64, |acc, b| acc | d << b);
        if reach & seen != 0 {
            return Err(refuse(
                op,
                format!("{what}: the offsets of mode {k} ({s}:{d}) overlap those of the modes before it in the bits {:#b}, so their sum carries", reach & seen),
                "the two readings agree where the modes' offsets occupy disjoint bits",
            ));
        }
        seen |= reach;
    }
    Ok(())
}

/// What composition needs of its outer operand: a function on bit vectors that is linear over
/// F2, `A(x ⊕ y) = A(x) ⊕ A(y)` (an F2 layout whose extents are powers of two but the last, a
/// swizzle).
pub trait LinearMap: fmt::Display {
    /// `A(x)` for a bit vector `x ≥ 0`.
    ///
    /// # Errors
    /// [`LayoutError::Overflow`].
    fn apply(&self, x: i64) -> Result<i64>;

    /// Whether `A` is known at compile time.
    fn is_static(&self) -> bool;
}

impl LinearMap for Swizzle {
    fn apply(&self, x: i64) -> Result<i64> {
        Ok(Swizzle::apply(*self, x))
    }

    fn is_static(&self) -> bool {
        true
    }
}

/// An F2 layout checked to be linear ([`F2Layout::is_linear`]).
struct Linear<'a>(&'a F2Layout);

impl fmt::Display for Linear<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

impl LinearMap for Linear<'_> {
    fn apply(&self, x: i64) -> Result<i64> {
        self.0.eval(x)
    }

    fn is_static(&self) -> bool {
        self.0.is_static()
    }
}

/// `A ∘ B` for a linear map `A` and an F2 layout `B`: the F2 layout with `R(i) = A(B(i))` for
/// every `i < size(B)`. Mode by mode of `B` (`s:d`), the coordinate's bits `b` map to the
/// columns `A(d << b)`: where they are shifts of the first (`A(d << b) = A(d) << b`) the mode
/// is `s : A(d)`; otherwise, for a power-of-two extent, the mode is split into the runs of its
/// bits whose columns continue one another (the result refines `B`'s shape, as the
/// whitepaper's composition does: `compatible(B, R)`).
///
/// # Errors
/// [`LayoutError::InvalidArgument`] naming `B`'s mode where its extent is not a power of two and
/// its columns are not shifts of one another; [`LayoutError::Overflow`].
///
/// ```
/// # use cute_layout::{f2::{compose, F2Layout}, Swizzle};
/// let b: F2Layout = "(_8,_8):(_8^,_1^)".parse()?;
/// let r = compose(&Swizzle::new(3, 0, 3)?, &b)?;
/// assert_eq!(r.to_string(), "(_8,_8):(_9^,_1^)");
/// # Ok::<(), cute_layout::LayoutError>(())
/// ```
pub fn compose(a: &impl LinearMap, b: &F2Layout) -> Result<F2Layout> {
    let tag = a.is_static();
    let mut k = 0usize;
    let (shape, stride) = compose_modes(a, b, b.shape.as_ref(), b.stride.as_ref(), tag, &mut k)?;
    Ok(F2Layout { shape, stride })
}

/// [`compose`] over the subtree of `B` at `shape:stride`; `k` counts the flat modes passed.
fn compose_modes(
    a: &impl LinearMap,
    b: &F2Layout,
    shape: TreeRef<'_, Int>,
    stride: TreeRef<'_, F2>,
    tag: bool,
    k: &mut usize,
) -> Result<(IntTuple, Tree<F2>)> {
    if let (Some(s), Some(d)) = (shape.as_leaf(), stride.as_leaf()) {
        *k += 1;
        return compose_mode(a, b, s, d, tag, *k - 1);
    }
    let mut shapes = Vec::new();
    let mut strides = Vec::new();
    for (s, d) in shape.modes().zip(stride.modes()) {
        let (s, d) = compose_modes(a, b, s, d, tag, k)?;
        shapes.push(s);
        strides.push(d);
    }
    Ok((Tree::tuple(shapes)?, Tree::tuple(strides)?))
}

/// `A ∘ (s:d)`, the `k`-th flat mode of `b`.
fn compose_mode(
    a: &impl LinearMap,
    b: &F2Layout,
    s: Int,
    d: F2,
    tag: bool,
    k: usize,
) -> Result<(IntTuple, Tree<F2>)> {
    let tag = tag && s.is_static() && d.is_static();
    let stride = |x: i64| F2(Int::new(x, tag));
    let bits = bit_len(s.value() - 1);
    let overflow = || LayoutError::Overflow {
        expr: format!("{d}·{s} in {b}"),
    };
    let columns = (0..bits.max(1))
        .map(|j| {
            let x = clmul(1 << j, d.bits().value()).ok_or_else(overflow)?;
            a.apply(x)
        })
        .collect::<Result<Vec<i64>>>()?;
    let shifted =
        |from: usize, to: usize| clmul(1 << (to - from), columns[from]) == Some(columns[to]);
    if (0..columns.len()).all(|j| shifted(0, j)) {
        return Ok((Tree::leaf(s), Tree::leaf(stride(columns[0]))));
    }
    if s.value().count_ones() != 1 {
        return Err(refuse(
            "composition",
            format!(
                "{a} o {b}: mode {k} of B ({s}:{d}) has the extent {s}, not a power of two, and A maps its coordinate bits to {columns:?}, which are not shifts of one another",
            ),
            "the composition is an F2 layout of B's shape where each mode of B has a power-of-two extent",
        ));
    }
    // runs of bits whose columns continue the run's first one
    let mut runs: Vec<(Int, F2)> = Vec::new();
    let mut start = 0;
    for j in 1..=columns.len() {
        if j == columns.len() || !shifted(start, j) {
            runs.push((
                Int::new(1 << (j - start), s.is_static()),
                stride(columns[start]),
            ));
            start = j;
        }
    }
    Ok((
        Tree::from_leaves(runs.iter().map(|r| r.0)),
        Tree::from_leaves(runs.iter().map(|r| r.1)),
    ))
}

/// [`F2Layout::call`] over the subtree `shape:stride` at `coord`.
fn call_at(
    coord: TreeRef<'_, Int>,
    shape: TreeRef<'_, Int>,
    stride: TreeRef<'_, F2>,
    whole: &F2Layout,
) -> Result<F2> {
    if let Some(c) = coord.as_leaf() {
        // an integer at a mode: split it over the mode's flat extents, the last takes the rest
        let mut rest = c;
        let mut acc = F2(Int::new(0, c.is_static()));
        let mut leaves = shape.leaves().zip(stride.leaves()).peekable();
        while let Some((s, d)) = leaves.next() {
            let here = if leaves.peek().is_none() {
                rest
            } else {
                let here = rest.rem(s)?;
                rest = rest.div(s)?;
                here
            };
            acc = acc.xor(d.scale(here)?);
        }
        return Ok(acc);
    }
    if shape.is_leaf() || coord.rank() != shape.rank() {
        return Err(refuse(
            "F2Layout",
            format!("the coordinate {coord} does not fit the shape {shape} of {whole}"),
            "give a coordinate weakly congruent to the shape",
        ));
    }
    let mut acc = F2(Int::ZERO);
    for ((c, s), d) in coord.modes().zip(shape.modes()).zip(stride.modes()) {
        acc = acc.xor(call_at(c, s, d, whole)?);
    }
    Ok(acc)
}

impl fmt::Display for F2Layout {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        crate::print::padded(f, fmt::Alignment::Left, |f| {
            write!(f, "{}:{}", self.shape, self.stride)
        })
    }
}
