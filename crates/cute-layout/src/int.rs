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
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Int {
    value: i64,
    is_static: bool,
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
    pub const fn new(value: i64, is_static: bool) -> Self {
        Int { value, is_static }
    }

    /// A dynamic (run-time) integer, printed `4`.
    ///
    /// ```
    /// # use cute_layout::Int;
    /// assert!(!Int::dynamic(4).is_static());
    /// ```
    pub const fn dynamic(value: i64) -> Self {
        Int::new(value, false)
    }

    /// A static (compile-time) integer, printed `_4`.
    ///
    /// ```
    /// # use cute_layout::Int;
    /// assert!(Int::fixed(4).is_static());
    /// ```
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
    pub const fn value(self) -> i64 {
        self.value
    }

    /// Whether the value is known statically.
    ///
    /// ```
    /// # use cute_layout::Int;
    /// assert!(Int::fixed(7).is_static());
    /// ```
    pub const fn is_static(self) -> bool {
        self.is_static
    }

    /// The same value with the given static tag.
    ///
    /// ```
    /// # use cute_layout::Int;
    /// assert_eq!(Int::fixed(3).with_static(false), Int::dynamic(3));
    /// ```
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
    pub const fn tagged_with(self, other: Int) -> Self {
        Int::new(self.value, self.is_static && other.is_static)
    }

    fn combine(self, other: Int, value: Option<i64>, op: &'static str) -> Result<Int, LayoutError> {
        match value {
            Some(v) => Ok(Int::new(v, self.is_static && other.is_static)),
            None => Err(LayoutError::Overflow {
                expr: format!("{} {} {}", self.value, op, other.value),
            }),
        }
    }

    /// Checked sum.
    ///
    /// ```
    /// # use cute_layout::Int;
    /// assert_eq!(Int::fixed(2).add(Int::fixed(3)).unwrap(), Int::fixed(5));
    /// ```
    pub fn add(self, other: Int) -> Result<Int, LayoutError> {
        self.combine(other, self.value.checked_add(other.value), "+")
    }

    /// Checked difference.
    ///
    /// ```
    /// # use cute_layout::Int;
    /// assert_eq!(Int::fixed(2).sub(Int::fixed(3)).unwrap(), Int::fixed(-1));
    /// ```
    pub fn sub(self, other: Int) -> Result<Int, LayoutError> {
        self.combine(other, self.value.checked_sub(other.value), "-")
    }

    /// Checked product.
    ///
    /// ```
    /// # use cute_layout::Int;
    /// assert_eq!(Int::fixed(2).mul(Int::dynamic(3)).unwrap(), Int::dynamic(6));
    /// ```
    pub fn mul(self, other: Int) -> Result<Int, LayoutError> {
        self.combine(other, self.value.checked_mul(other.value), "*")
    }

    fn check_divisor(self, other: Int, op: &'static str) -> Result<(), LayoutError> {
        if other.value == 0 {
            return Err(LayoutError::DivisionByZero {
                expr: format!("{} {} {}", self.value, op, other.value),
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
    pub fn div(self, other: Int) -> Result<Int, LayoutError> {
        self.check_divisor(other, "/")?;
        self.combine(other, self.value.checked_div(other.value), "/")
    }

    /// Checked remainder, with the sign of the dividend as C++ `%` has.
    ///
    /// ```
    /// # use cute_layout::Int;
    /// assert_eq!(Int::fixed(7).rem(Int::fixed(2)).unwrap(), Int::fixed(1));
    /// ```
    pub fn rem(self, other: Int) -> Result<Int, LayoutError> {
        self.check_divisor(other, "%")?;
        self.combine(other, self.value.checked_rem(other.value), "%")
    }

    /// `ceil_div(a, b) = (a + b - 1) / b`, CuTe's scalar definition (meant for positive values).
    ///
    /// ```
    /// # use cute_layout::Int;
    /// assert_eq!(Int::fixed(7).ceil_div(Int::fixed(2)).unwrap(), Int::fixed(4));
    /// assert_eq!(Int::fixed(2).ceil_div(Int::fixed(8)).unwrap(), Int::fixed(1));
    /// ```
    pub fn ceil_div(self, other: Int) -> Result<Int, LayoutError> {
        self.check_divisor(other, "ceil_div")?;
        let v = self
            .value
            .checked_add(other.value)
            .and_then(|x| x.checked_sub(1))
            .and_then(|x| x.checked_div(other.value));
        self.combine(other, v, "ceil_div")
    }

    /// Checked absolute value.
    ///
    /// ```
    /// # use cute_layout::Int;
    /// assert_eq!(Int::fixed(-3).abs().unwrap(), Int::fixed(3));
    /// ```
    pub fn abs(self) -> Result<Int, LayoutError> {
        match self.value.checked_abs() {
            Some(v) => Ok(Int::new(v, self.is_static)),
            None => Err(LayoutError::Overflow {
                expr: format!("abs({})", self.value),
            }),
        }
    }

    /// `-1`, `0` or `1`.
    ///
    /// ```
    /// # use cute_layout::Int;
    /// assert_eq!(Int::dynamic(-3).signum(), Int::dynamic(-1));
    /// ```
    pub fn signum(self) -> Int {
        Int::new(self.value.signum(), self.is_static)
    }

    /// The smaller value (static iff both are).
    ///
    /// ```
    /// # use cute_layout::Int;
    /// assert_eq!(Int::fixed(3).min(Int::dynamic(5)), Int::dynamic(3));
    /// ```
    pub fn min(self, other: Int) -> Int {
        Int::new(
            self.value.min(other.value),
            self.is_static && other.is_static,
        )
    }

    /// The larger value (static iff both are).
    ///
    /// ```
    /// # use cute_layout::Int;
    /// assert_eq!(Int::fixed(3).max(Int::fixed(5)), Int::fixed(5));
    /// ```
    pub fn max(self, other: Int) -> Int {
        Int::new(
            self.value.max(other.value),
            self.is_static && other.is_static,
        )
    }

    /// Greatest common divisor (non-negative; static iff both are).
    ///
    /// ```
    /// # use cute_layout::Int;
    /// assert_eq!(Int::fixed(12).gcd(Int::fixed(18)).unwrap(), Int::fixed(6));
    /// ```
    pub fn gcd(self, other: Int) -> Result<Int, LayoutError> {
        let (mut a, mut b) = (self.value.unsigned_abs(), other.value.unsigned_abs());
        while b != 0 {
            (a, b) = (b, a % b);
        }
        match i64::try_from(a) {
            Ok(v) => Ok(Int::new(v, self.is_static && other.is_static)),
            Err(_) => Err(LayoutError::Overflow {
                expr: format!("gcd({}, {})", self.value, other.value),
            }),
        }
    }
}

impl fmt::Display for Int {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_static {
            write!(f, "_{}", self.value)
        } else {
            write!(f, "{}", self.value)
        }
    }
}

impl From<i64> for Int {
    /// A plain Rust integer is dynamic.
    fn from(value: i64) -> Self {
        Int::dynamic(value)
    }
}
