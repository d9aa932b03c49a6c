//! [`Int`]: an integer together with its *static* tag.
//!
//! CuTe distinguishes static integers (`_4`, known at compile time) from dynamic ones (`4`).
//! In this crate both follow the **same** rules; the tag only records whether a value is known
//! statically, and a result is static iff every value it was computed from is static.
//! Constants introduced by an algorithm (the `_1` starting a compact stride, the `_1:_0`
//! "nothing" layout) are static, as in CuTe.
//!
//! Every arithmetic operation is checked: overflow and division by zero are errors, never a
//! wrapped value or a panic.

use crate::error::LayoutError;
use crate::print::{Sink, Text};
use std::fmt;

/// An integer with a static tag: printed `_8` when static, `8` when dynamic.
///
/// Equality (`==`) compares the value *and* the tag; use [`Int::value`] to compare values.
///
/// # Examples
/// ```
/// use cute_layout::Int;
/// let a = Int::fixed(4);
/// let b = Int::dynamic(3);
/// assert_eq!(a.to_string(), "_4");
/// assert_eq!(a.mul(b).unwrap().to_string(), "12");      // static * dynamic is dynamic
/// assert_eq!(a.mul(Int::fixed(2)).unwrap().to_string(), "_8");
/// assert!(Int::fixed(i64::MAX).add(Int::fixed(1)).is_err()); // overflow is an error
/// ```
// Packed to 4-byte alignment, an `Int` takes 12 bytes instead of 16, and a tree node holding
// one (`tree::Node<Int>`) also 12 (the tuple variant fits beside the tag): shapes, strides and
// layouts are a quarter smaller, which is what the algebra mostly spends its time copying.
// The tag is a 4-byte enum rather than a `bool` so that it is written and read whole (a byte
// store followed by a wider load of the same bytes stalls the CPU's store forwarding).
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(C, packed(4))]
pub struct Int {
    value: i64,
    tag: Tag,
}

/// Whether an [`Int`] is static (`Dynamic < Static`, as `false < true`).
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u32)]
enum Tag {
    Dynamic = 0,
    Static = 1,
}

impl Tag {
    /// `Static` iff both are: the tag of a value computed from two. (The bitwise `and` of the
    /// representations, 0 and 1, is one instruction; `a.is_static() && b.is_static()` compiled
    /// to two comparisons and their `and`, each time a result is tagged.)
    #[inline]
    const fn both(a: Tag, b: Tag) -> Tag {
        match (a as u32) & (b as u32) {
            0 => Tag::Dynamic,
            _ => Tag::Static,
        }
    }

    #[inline]
    const fn of(is_static: bool) -> Tag {
        if is_static {
            Tag::Static
        } else {
            Tag::Dynamic
        }
    }
}

impl fmt::Debug for Int {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Int")
            .field("value", &{ self.value })
            .field("is_static", &self.is_static())
            .finish()
    }
}

// `add`, `mul`, ... return `Result` (checked arithmetic), so they cannot be the `std::ops`
// traits; the names say what they compute.
#[allow(clippy::should_implement_trait)]
impl Int {
    /// An integer with the given value and static tag.
    ///
    /// ```
    /// # use cute_layout::Int;
    /// assert_eq!(Int::new(5, true), Int::fixed(5));
    /// ```
    #[inline]
    pub const fn new(value: i64, is_static: bool) -> Self {
        Int {
            value,
            tag: Tag::of(is_static),
        }
    }

    /// A dynamic (run-time) integer, printed `4`.
    ///
    /// ```
    /// # use cute_layout::Int;
    /// assert!(!Int::dynamic(4).is_static());
    /// ```
    #[inline]
    pub const fn dynamic(value: i64) -> Self {
        Int::new(value, false)
    }

    /// A static (compile-time) integer, printed `_4`.
    ///
    /// ```
    /// # use cute_layout::Int;
    /// assert!(Int::fixed(4).is_static());
    /// ```
    #[inline]
    pub const fn fixed(value: i64) -> Self {
        Int::new(value, true)
    }

    /// The static constant `_0`.
    pub const ZERO: Int = Int::fixed(0);
    /// The static constant `_1`.
    pub const ONE: Int = Int::fixed(1);

    /// The value.
    ///
    /// ```
    /// # use cute_layout::Int;
    /// assert_eq!(Int::fixed(7).value(), 7);
    /// ```
    #[inline]
    pub const fn value(self) -> i64 {
        self.value
    }

    /// Whether the value is known statically.
    ///
    /// ```
    /// # use cute_layout::Int;
    /// assert!(Int::fixed(7).is_static());
    /// ```
    #[inline]
    pub const fn is_static(self) -> bool {
        matches!(self.tag, Tag::Static)
    }

    /// The same value with the given static tag.
    ///
    /// ```
    /// # use cute_layout::Int;
    /// assert_eq!(Int::fixed(3).with_static(false), Int::dynamic(3));
    /// ```
    #[inline]
    pub const fn with_static(self, is_static: bool) -> Self {
        Int::new(self.value, is_static)
    }

    /// The same value, static iff both `self` and `other` are static: the tag of a value
    /// computed from `self` and `other` that did not need arithmetic (a comparison's winner).
    ///
    /// ```
    /// # use cute_layout::Int;
    /// assert_eq!(Int::fixed(3).tagged_with(Int::dynamic(1)), Int::dynamic(3));
    /// ```
    #[inline]
    pub const fn tagged_with(self, other: Int) -> Self {
        self.computed(other, self.value)
    }

    /// `value`, static iff both `self` and `other` are (the tag of a value computed from them).
    #[inline]
    const fn computed(self, other: Int, value: i64) -> Int {
        Int {
            value,
            tag: Tag::both(self.tag, other.tag),
        }
    }

    #[inline]
    fn combine(self, other: Int, value: Option<i64>, op: ArithOp) -> Result<Int, ArithError> {
        match value {
            Some(v) => Ok(self.computed(other, v)),
            None => Err(ArithError::overflow(op, self.value, other.value)),
        }
    }

    /// Checked sum.
    ///
    /// ```
    /// # use cute_layout::Int;
    /// assert_eq!(Int::fixed(2).add(Int::fixed(3)).unwrap(), Int::fixed(5));
    /// ```
    #[inline]
    pub fn add(self, other: Int) -> Result<Int, ArithError> {
        self.combine(other, self.value.checked_add(other.value), ArithOp::Add)
    }

    /// Checked difference.
    ///
    /// ```
    /// # use cute_layout::Int;
    /// assert_eq!(Int::fixed(2).sub(Int::fixed(3)).unwrap(), Int::fixed(-1));
    /// ```
    #[inline]
    pub fn sub(self, other: Int) -> Result<Int, ArithError> {
        self.combine(other, self.value.checked_sub(other.value), ArithOp::Sub)
    }

    /// Checked product.
    ///
    /// ```
    /// # use cute_layout::Int;
    /// assert_eq!(Int::fixed(2).mul(Int::dynamic(3)).unwrap(), Int::dynamic(6));
    /// ```
    #[inline]
    pub fn mul(self, other: Int) -> Result<Int, ArithError> {
        self.combine(other, self.value.checked_mul(other.value), ArithOp::Mul)
    }

    #[inline]
    fn check_divisor(self, other: Int, op: ArithOp) -> Result<(), ArithError> {
        if other.value == 0 {
            return Err(ArithError {
                kind: ArithKind::DivisionByZero,
                op,
                a: self.value,
                b: other.value,
            });
        }
        Ok(())
    }

    /// Checked quotient, truncating toward zero as C++ `/` does.
    ///
    /// ```
    /// # use cute_layout::Int;
    /// assert_eq!(Int::fixed(7).div(Int::fixed(2)).unwrap(), Int::fixed(3));
    /// assert!(Int::fixed(7).div(Int::fixed(0)).is_err());
    /// ```
    #[inline]
    pub fn div(self, other: Int) -> Result<Int, ArithError> {
        self.check_divisor(other, ArithOp::Div)?;
        self.combine(other, self.value.checked_div(other.value), ArithOp::Div)
    }

    /// Checked remainder, with the sign of the dividend as C++ `%` has.
    ///
    /// ```
    /// # use cute_layout::Int;
    /// assert_eq!(Int::fixed(7).rem(Int::fixed(2)).unwrap(), Int::fixed(1));
    /// ```
    #[inline]
    pub fn rem(self, other: Int) -> Result<Int, ArithError> {
        self.check_divisor(other, ArithOp::Rem)?;
        self.combine(other, self.value.checked_rem(other.value), ArithOp::Rem)
    }

    /// `ceil_div(a, b) = (a + b - 1) / b`, CuTe's scalar definition (meant for positive values).
    /// For `a ≥ 0` and `b > 0` it is computed as `a / b + (a % b != 0)` (one division, and no
    /// intermediate `a + b - 1` that could overflow).
    ///
    /// ```
    /// # use cute_layout::Int;
    /// assert_eq!(Int::fixed(7).ceil_div(Int::fixed(2)).unwrap(), Int::fixed(4));
    /// assert_eq!(Int::fixed(2).ceil_div(Int::fixed(8)).unwrap(), Int::fixed(1));
    /// assert_eq!(Int::fixed(i64::MAX).ceil_div(Int::fixed(2)).unwrap().value(), 1 << 62);
    /// ```
    #[inline]
    pub fn ceil_div(self, other: Int) -> Result<Int, ArithError> {
        self.check_divisor(other, ArithOp::CeilDiv)?;
        let (a, b) = (self.value, other.value);
        let v = if a >= 0 && b > 0 {
            Some(a / b + i64::from(a % b != 0))
        } else {
            a.checked_add(b)
                .and_then(|x| x.checked_sub(1))
                .and_then(|x| x.checked_div(b))
        };
        self.combine(other, v, ArithOp::CeilDiv)
    }

    /// Checked absolute value.
    ///
    /// ```
    /// # use cute_layout::Int;
    /// assert_eq!(Int::fixed(-3).abs().unwrap(), Int::fixed(3));
    /// ```
    #[inline]
    pub fn abs(self) -> Result<Int, ArithError> {
        match self.value.checked_abs() {
            Some(v) => Ok(Int::new(v, self.is_static())),
            None => Err(ArithError::overflow(ArithOp::Abs, self.value, 0)),
        }
    }

    /// `-1`, `0` or `1`.
    ///
    /// ```
    /// # use cute_layout::Int;
    /// assert_eq!(Int::dynamic(-3).signum(), Int::dynamic(-1));
    /// ```
    #[inline]
    pub fn signum(self) -> Int {
        Int::new(self.value.signum(), self.is_static())
    }

    /// The smaller value (static iff both are).
    ///
    /// ```
    /// # use cute_layout::Int;
    /// assert_eq!(Int::fixed(3).min(Int::dynamic(5)), Int::dynamic(3));
    /// ```
    #[inline]
    pub fn min(self, other: Int) -> Int {
        self.computed(other, self.value.min(other.value))
    }

    /// The larger value (static iff both are).
    ///
    /// ```
    /// # use cute_layout::Int;
    /// assert_eq!(Int::fixed(3).max(Int::fixed(5)), Int::fixed(5));
    /// ```
    #[inline]
    pub fn max(self, other: Int) -> Int {
        self.computed(other, self.value.max(other.value))
    }

    /// Greatest common divisor (non-negative; static iff both are).
    ///
    /// ```
    /// # use cute_layout::Int;
    /// assert_eq!(Int::fixed(12).gcd(Int::fixed(18)).unwrap(), Int::fixed(6));
    /// ```
    #[inline]
    pub fn gcd(self, other: Int) -> Result<Int, ArithError> {
        let (mut a, mut b) = (self.value.unsigned_abs(), other.value.unsigned_abs());
        while b != 0 {
            (a, b) = (b, a % b);
        }
        match i64::try_from(a) {
            Ok(v) => Ok(self.computed(other, v)),
            Err(_) => Err(ArithError::overflow(ArithOp::Gcd, self.value, other.value)),
        }
    }
}

impl fmt::Display for Int {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        crate::print::padded(f, fmt::Alignment::Right, |f| {
            let mut text = Text::new(f);
            text.int(self.value, self.is_static())?;
            text.flush()
        })
    }
}

impl From<i64> for Int {
    /// A plain Rust integer is dynamic.
    fn from(value: i64) -> Self {
        Int::dynamic(value)
    }
}

/// A failed integer operation (overflow or division by zero) with its operands.
///
/// The arithmetic of [`Int`] returns it rather than a [`LayoutError`] so that a checked
/// operation stays a few register instructions; `?` turns it into
/// [`LayoutError::Overflow`] or [`LayoutError::DivisionByZero`], whose message names the
/// computation (e.g. `9223372036854775807 * 2`).
///
/// ```
/// # use cute_layout::{Int, LayoutError};
/// let e: LayoutError = Int::fixed(i64::MAX).mul(Int::fixed(2)).unwrap_err().into();
/// assert!(e.to_string().contains("9223372036854775807 * 2"));
/// let e: LayoutError = Int::fixed(1).div(Int::fixed(0)).unwrap_err().into();
/// assert!(matches!(e, LayoutError::DivisionByZero { .. }));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ArithError {
    kind: ArithKind,
    op: ArithOp,
    a: i64,
    b: i64,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum ArithKind {
    Overflow,
    DivisionByZero,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum ArithOp {
    Add,
    Sub,
    Mul,
    Div,
    Rem,
    CeilDiv,
    Abs,
    Gcd,
}

impl ArithError {
    #[inline]
    const fn overflow(op: ArithOp, a: i64, b: i64) -> Self {
        ArithError {
            kind: ArithKind::Overflow,
            op,
            a,
            b,
        }
    }
}

impl fmt::Display for ArithError {
    /// The failing computation: `a op b`, `abs(a)` or `gcd(a, b)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (a, b) = (self.a, self.b);
        let op = match self.op {
            ArithOp::Abs => return write!(f, "abs({a})"),
            ArithOp::Gcd => return write!(f, "gcd({a}, {b})"),
            ArithOp::Add => "+",
            ArithOp::Sub => "-",
            ArithOp::Mul => "*",
            ArithOp::Div => "/",
            ArithOp::Rem => "%",
            ArithOp::CeilDiv => "ceil_div",
        };
        write!(f, "{a} {op} {b}")
    }
}

impl std::error::Error for ArithError {}

impl From<ArithError> for LayoutError {
    // Formatting the message is kept out of line so the arithmetic inlines into the algebra.
    #[cold]
    #[inline(never)]
    fn from(e: ArithError) -> Self {
        let expr = e.to_string();
        match e.kind {
            ArithKind::Overflow => LayoutError::Overflow { expr },
            ArithKind::DivisionByZero => LayoutError::DivisionByZero { expr },
        }
    }
}
