//! Symbolic integers: sums of terms, each a rational coefficient times a product of named
//! unknowns with integer exponents (`M`, `M/128`, `64*M`, `M*N`, `2*M-1`).
//!
//! A symbol stands for an unknown positive integer (an extent or a stride a compiler does not
//! know before run time). Arithmetic is exact and checked: coefficients are reduced fractions
//! of `i64`, computed through `i128`, and an overflow is a [`LayoutError::Overflow`].

use crate::error::LayoutError;
use crate::int::Int;
use std::cmp::Ordering;
use std::collections::BTreeMap;
use std::fmt;

type Result<T> = std::result::Result<T, LayoutError>;

/// A reduced fraction `num/den`, `den > 0`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Ratio {
    pub(crate) num: i64,
    pub(crate) den: i64,
}

/// The overflow error of a symbolic computation.
#[cold]
fn overflow(what: &str) -> LayoutError {
    LayoutError::Overflow {
        expr: format!("the symbolic {what}"),
    }
}

fn gcd(a: i128, b: i128) -> i128 {
    let (mut a, mut b) = (a.abs(), b.abs());
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a
}

impl Ratio {
    const ONE: Ratio = Ratio { num: 1, den: 1 };

    /// `num/den` reduced; fails where it does not fit in `i64` or `den` is 0.
    fn new(num: i128, den: i128) -> Result<Ratio> {
        if den == 0 {
            return Err(LayoutError::DivisionByZero {
                expr: "a symbolic quotient".into(),
            });
        }
        let g = gcd(num, den).max(1);
        let (mut num, mut den) = (num / g, den / g);
        if den < 0 {
            (num, den) = (-num, -den);
        }
        match (i64::try_from(num), i64::try_from(den)) {
            (Ok(num), Ok(den)) => Ok(Ratio { num, den }),
            _ => Err(overflow("coefficient")),
        }
    }

    fn add(self, o: Ratio) -> Result<Ratio> {
        let (a, b, c, d) = (
            self.num as i128,
            self.den as i128,
            o.num as i128,
            o.den as i128,
        );
        Ratio::new(a * d + c * b, b * d)
    }

    fn mul(self, o: Ratio) -> Result<Ratio> {
        Ratio::new(
            self.num as i128 * o.num as i128,
            self.den as i128 * o.den as i128,
        )
    }

    fn div(self, o: Ratio) -> Result<Ratio> {
        Ratio::new(
            self.num as i128 * o.den as i128,
            self.den as i128 * o.num as i128,
        )
    }
}

/// A product of symbols with non-zero integer exponents, sorted by name: `M*N/K`.
pub(crate) type Monomial = Vec<(String, i32)>;

/// The product of two monomials.
fn mono_mul(a: &Monomial, b: &Monomial, sign: i32) -> Result<Monomial> {
    let mut m: BTreeMap<String, i32> = a.iter().cloned().collect();
    for (s, e) in b {
        let x = m.entry(s.clone()).or_insert(0);
        *x = x
            .checked_add(sign.checked_mul(*e).ok_or_else(|| overflow("exponent"))?)
            .ok_or_else(|| overflow("exponent"))?;
    }
    Ok(m.into_iter().filter(|(_, e)| *e != 0).collect())
}

/// The order terms print in: higher degree first, then by name; the constant last.
fn term_order(a: &Monomial, b: &Monomial) -> Ordering {
    let degree = |m: &Monomial| m.iter().map(|(_, e)| i64::from(*e)).sum::<i64>();
    degree(b).cmp(&degree(a)).then_with(|| a.cmp(b))
}

/// A symbolic integer: a sum of terms `coefficient × monomial` (a Laurent polynomial with
/// rational coefficients in the symbols), with CuTe's static tag.
///
/// A constant is static (`_4`) or dynamic (`4`) as the integers it came from were; a value that
/// depends on a symbol is never static, and neither is a constant computed from one
/// (`M - M` is the dynamic `0`): a result is static iff everything it came from is.
///
/// ```
/// use cute_layout::symbolic::SymInt;
/// let m = SymInt::symbol("M")?;
/// let q = m.mul(&SymInt::from(cute_layout::Int::fixed(64)))?;
/// assert_eq!(q.to_string(), "64*M");
/// assert_eq!(m.div(&SymInt::from(cute_layout::Int::fixed(128)))?.to_string(), "M/128");
/// assert_eq!(m.mul(&m)?.sub(&SymInt::from(cute_layout::Int::dynamic(1)))?.to_string(), "M*M-1");
/// # Ok::<(), cute_layout::LayoutError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct SymInt {
    /// The terms, in [`term_order`], no zero coefficient.
    terms: Vec<(Monomial, Ratio)>,
    is_static: bool,
}

impl From<Int> for SymInt {
    fn from(n: Int) -> Self {
        let terms = if n.value() == 0 {
            Vec::new()
        } else {
            vec![(
                Vec::new(),
                Ratio {
                    num: n.value(),
                    den: 1,
                },
            )]
        };
        SymInt {
            terms,
            is_static: n.is_static(),
        }
    }
}

/// Whether `name` can name a symbol: an ASCII capital letter, then letters, digits and `_`
/// (a name in lower case is an operation's, `_4` a static integer), but not `X`, which is
/// C++'s `_`.
///
/// ```
/// assert!(cute_layout::symbolic::is_symbol_name("M_tile2"));
/// assert!(!cute_layout::symbolic::is_symbol_name("_M"));
/// assert!(!cute_layout::symbolic::is_symbol_name("m"));
/// assert!(!cute_layout::symbolic::is_symbol_name("X"));
/// ```
pub fn is_symbol_name(name: &str) -> bool {
    if name == "X" {
        return false; // C++'s `_` (`Step<_1,X,_1>`)
    }
    let mut chars = name.chars();
    chars.next().is_some_and(|c| c.is_ascii_uppercase())
        && chars.all(|c| c.is_ascii_alphanumeric() || c == '_')
}

impl SymInt {
    /// The symbol `name`: an unknown positive integer (never static).
    ///
    /// # Errors
    /// [`LayoutError::InvalidArgument`] where `name` is not an identifier
    /// ([`is_symbol_name`]).
    ///
    /// ```
    /// assert_eq!(cute_layout::symbolic::SymInt::symbol("K")?.to_string(), "K");
    /// # Ok::<(), cute_layout::LayoutError>(())
    /// ```
    pub fn symbol(name: &str) -> Result<SymInt> {
        if !is_symbol_name(name) {
            return Err(LayoutError::InvalidArgument {
                op: "symbol",
                detail: format!("{name:?} is not a symbol name"),
                hint: "name a symbol by a capital letter, then letters, digits and `_` (M, N, K, BLK_M)",
            });
        }
        Ok(SymInt {
            terms: vec![(vec![(name.to_string(), 1)], Ratio::ONE)],
            is_static: false,
        })
    }

    /// The value as an [`Int`], where it is an integer constant.
    ///
    /// ```
    /// use cute_layout::{symbolic::SymInt, Int};
    /// assert_eq!(SymInt::from(Int::fixed(3)).as_int(), Some(Int::fixed(3)));
    /// assert_eq!(SymInt::symbol("M")?.as_int(), None);
    /// # Ok::<(), cute_layout::LayoutError>(())
    /// ```
    pub fn as_int(&self) -> Option<Int> {
        match self.terms.as_slice() {
            [] => Some(Int::new(0, self.is_static)),
            [(m, c)] if m.is_empty() && c.den == 1 => Some(Int::new(c.num, self.is_static)),
            _ => None,
        }
    }

    /// Whether the value is known at compile time (a constant from static integers only).
    pub fn is_static(&self) -> bool {
        self.is_static
    }

    /// Whether the value depends on a symbol.
    ///
    /// ```
    /// assert!(cute_layout::symbolic::SymInt::symbol("M")?.has_symbols());
    /// # Ok::<(), cute_layout::LayoutError>(())
    /// ```
    pub fn has_symbols(&self) -> bool {
        self.terms.iter().any(|(m, _)| !m.is_empty())
    }

    /// The symbols it depends on, each once.
    pub fn symbols(&self) -> impl Iterator<Item = &str> {
        let mut names: Vec<&str> = self
            .terms
            .iter()
            .flat_map(|(m, _)| m.iter().map(|(s, _)| s.as_str()))
            .collect();
        names.sort_unstable();
        names.dedup();
        names.into_iter()
    }

    /// Whether it is the constant `k`.
    pub(crate) fn is(&self, k: i64) -> bool {
        self.as_int().is_some_and(|n| n.value() == k)
    }

    /// The value with the static tag `is_static` (only a constant can be static).
    pub(crate) fn with_static(mut self, is_static: bool) -> SymInt {
        self.is_static = is_static && !self.has_symbols();
        self
    }

    fn from_terms(map: BTreeMap<Monomial, Ratio>, is_static: bool) -> SymInt {
        let mut terms: Vec<_> = map.into_iter().filter(|(_, c)| c.num != 0).collect();
        terms.sort_by(|a, b| term_order(&a.0, &b.0));
        SymInt { terms, is_static }.with_static(is_static)
    }

    fn add_scaled(&self, o: &SymInt, sign: i64) -> Result<SymInt> {
        let mut map: BTreeMap<Monomial, Ratio> = self.terms.iter().cloned().collect();
        for (m, c) in &o.terms {
            let c = Ratio {
                num: c.num.checked_mul(sign).ok_or_else(|| overflow("sum"))?,
                den: c.den,
            };
            let entry = map.entry(m.clone()).or_insert(Ratio { num: 0, den: 1 });
            *entry = entry.add(c)?;
        }
        Ok(SymInt::from_terms(map, self.is_static && o.is_static))
    }

    /// `self + o`.
    ///
    /// # Errors
    /// [`LayoutError::Overflow`] where a coefficient leaves `i64`.
    pub fn add(&self, o: &SymInt) -> Result<SymInt> {
        self.add_scaled(o, 1)
    }

    /// `self - o`.
    ///
    /// # Errors
    /// [`LayoutError::Overflow`] where a coefficient leaves `i64`.
    pub fn sub(&self, o: &SymInt) -> Result<SymInt> {
        self.add_scaled(o, -1)
    }

    /// `self * o`.
    ///
    /// # Errors
    /// [`LayoutError::Overflow`] where a coefficient or exponent overflows.
    pub fn mul(&self, o: &SymInt) -> Result<SymInt> {
        let mut map: BTreeMap<Monomial, Ratio> = BTreeMap::new();
        for (m1, c1) in &self.terms {
            for (m2, c2) in &o.terms {
                let m = mono_mul(m1, m2, 1)?;
                let entry = map.entry(m).or_insert(Ratio { num: 0, den: 1 });
                *entry = entry.add(c1.mul(*c2)?)?;
            }
        }
        Ok(SymInt::from_terms(map, self.is_static && o.is_static))
    }

    /// The exact quotient `self / o`, where `o` is a single term (a constant, a symbol, a
    /// product or quotient of them) or `self` is a constant multiple of `o`; `M/128` is the
    /// rational `M/128`, whether or not 128 divides `M` ([`SymInt::integrality`] says).
    ///
    /// # Errors
    /// [`LayoutError::DivisionByZero`] for `o = 0`; [`LayoutError::InvalidArgument`] where the
    /// quotient is not a sum of such terms (`M / (M+1)`).
    pub fn div(&self, o: &SymInt) -> Result<SymInt> {
        let is_static = self.is_static && o.is_static;
        match o.terms.as_slice() {
            [] => Err(LayoutError::DivisionByZero {
                expr: format!("{self} / 0"),
            }),
            [(m2, c2)] => {
                let mut map = BTreeMap::new();
                for (m1, c1) in &self.terms {
                    map.insert(mono_mul(m1, m2, -1)?, c1.div(*c2)?);
                }
                Ok(SymInt::from_terms(map, is_static))
            }
            [(m2, c2), ..] => {
                // a constant multiple: self = k * o
                let k = self
                    .terms
                    .iter()
                    .find(|(m, _)| m == m2)
                    .map(|(_, c)| c.div(*c2))
                    .transpose()?;
                if let Some(k) = k {
                    let kk = SymInt {
                        terms: vec![(Vec::new(), k)],
                        is_static,
                    };
                    if &o.mul(&kk)?.with_static(self.is_static) == self {
                        return Ok(kk.with_static(is_static));
                    }
                }
                Err(LayoutError::InvalidArgument {
                    op: "symbolic division",
                    detail: format!("{self} / ({o}) is not a product of symbols"),
                    hint: "divide by a constant, a symbol or a product of them",
                })
            }
        }
    }

    /// What is known of whether the value is an integer, for any positive integer values of
    /// its symbols: `Known(true)` (`64*M`), `Known(false)` (`3/2`), or `Unknown` with the
    /// divisibility that would make it one (`M/128` is an integer iff `128 | M`).
    ///
    /// ```
    /// use cute_layout::symbolic::{Integrality, SymInt};
    /// let q: SymInt = "M/128".parse()?;
    /// let Integrality::Unknown(a) = q.integrality() else { panic!() };
    /// assert_eq!(a.to_string(), "128 | M");
    /// # Ok::<(), cute_layout::LayoutError>(())
    /// ```
    pub fn integrality(&self) -> Integrality {
        let integral_term =
            |(m, c): &(Monomial, Ratio)| c.den == 1 && m.iter().all(|(_, e)| *e > 0);
        if self.terms.iter().all(integral_term) {
            return Integrality::Known(true);
        }
        if !self.has_symbols() {
            return Integrality::Known(false);
        }
        // the divisor: the least common denominator, with the symbols' negative powers
        let mut den: i128 = 1;
        let mut neg: BTreeMap<String, i32> = BTreeMap::new();
        for (m, c) in &self.terms {
            den = den / gcd(den, c.den as i128) * c.den as i128;
            if den > i64::MAX as i128 {
                return Integrality::Known(false);
            }
            for (s, e) in m {
                if *e < 0 {
                    let x = neg.entry(s.clone()).or_insert(0);
                    *x = (*x).max(-e);
                }
            }
        }
        let divisor = SymInt {
            terms: vec![(
                neg.into_iter().collect(),
                Ratio {
                    num: den as i64, // at most i64::MAX, checked above
                    den: 1,
                },
            )],
            is_static: false,
        };
        match self.mul(&divisor) {
            Ok(dividend) => Integrality::Unknown(Assumption::Divides { divisor, dividend }),
            Err(_) => Integrality::Known(false),
        }
    }

    /// What is known of `self >= 0` for every positive integer value of the symbols: `Some`
    /// where it is decided (every term but the constant has a positive coefficient and
    /// positive exponents, so it is at least its coefficient), `None` otherwise.
    pub(crate) fn known_nonnegative(&self) -> Option<bool> {
        let mut low: i128 = 0; // a lower bound, in units of 1/lcm
        let mut lcm: i128 = 1;
        for (_, c) in &self.terms {
            lcm = lcm / gcd(lcm, c.den as i128) * c.den as i128;
            if lcm > i64::MAX as i128 {
                return None;
            }
        }
        let mut all_up = true;
        let mut all_down = true;
        for (m, c) in &self.terms {
            let scaled = c.num as i128 * (lcm / c.den as i128);
            low = low.checked_add(scaled)?;
            if !m.is_empty() {
                let positive_powers = m.iter().all(|(_, e)| *e > 0);
                all_up &= c.num > 0 && positive_powers;
                all_down &= c.num < 0 && positive_powers;
            }
        }
        if all_up && low >= 0 {
            return Some(true);
        }
        if all_down && low < 0 {
            return Some(false);
        }
        None
    }

    /// The value at `values` (one positive integer per symbol), as an [`Int`]: static iff
    /// this is static (a symbol's value is a run-time value).
    ///
    /// # Errors
    /// [`LayoutError::InvalidArgument`] where a symbol has no value or the value is not an
    /// integer at them; [`LayoutError::Overflow`].
    ///
    /// ```
    /// use cute_layout::symbolic::SymInt;
    /// let q: SymInt = "M/128".parse()?;
    /// let at = [("M".to_string(), 512)].into_iter().collect();
    /// assert_eq!(q.eval(&at)?.to_string(), "4");
    /// # Ok::<(), cute_layout::LayoutError>(())
    /// ```
    pub fn eval(&self, values: &BTreeMap<String, i64>) -> Result<Int> {
        let mut sum = Ratio { num: 0, den: 1 };
        for (m, c) in &self.terms {
            let mut t = *c;
            for (s, e) in m {
                let Some(&v) = values.get(s) else {
                    return Err(LayoutError::InvalidArgument {
                        op: "subs",
                        detail: format!("the symbol {s} has no value"),
                        hint: "give every symbol a value: subs(EXPR, M=256, N=128)",
                    });
                };
                let v = Ratio::new(v as i128, 1)?;
                for _ in 0..e.unsigned_abs() {
                    t = if *e > 0 { t.mul(v)? } else { t.div(v)? };
                }
            }
            sum = sum.add(t)?;
        }
        if sum.den != 1 {
            return Err(LayoutError::InvalidArgument {
                op: "subs",
                detail: format!("{self} is {}/{} there, not an integer", sum.num, sum.den),
                hint: "give the symbols values that meet the assumptions printed with the result",
            });
        }
        Ok(Int::new(sum.num, self.is_static))
    }
}

/// What is known of whether a symbolic integer is an integer ([`SymInt::integrality`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Integrality {
    /// Decided for every value of the symbols.
    Known(bool),
    /// It is an integer iff this assumption holds.
    Unknown(Assumption),
}

/// A condition on the symbols that an operation needed and could not decide, recorded with
/// its result.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[non_exhaustive]
pub enum Assumption {
    /// `divisor | dividend`: printed `128 | M`.
    Divides {
        /// What is divided.
        dividend: SymInt,
        /// What divides.
        divisor: SymInt,
    },
    /// `value > 1` (a mode the operation keeps, which CuTe would drop were its extent 1):
    /// printed `M/128 > 1`.
    AboveOne(SymInt),
}

impl Assumption {
    /// Whether the assumption holds at `values`.
    ///
    /// # Errors
    /// As [`SymInt::eval`].
    ///
    /// ```
    /// use cute_layout::symbolic::{Integrality, SymInt};
    /// let Integrality::Unknown(a) = "M/128".parse::<SymInt>()?.integrality() else { panic!() };
    /// let at = |m| [("M".to_string(), m)].into_iter().collect();
    /// assert!(a.holds(&at(256))? && !a.holds(&at(64))?);
    /// # Ok::<(), cute_layout::LayoutError>(())
    /// ```
    pub fn holds(&self, values: &BTreeMap<String, i64>) -> Result<bool> {
        match self {
            Assumption::Divides { divisor, dividend } => {
                let (d, n) = (
                    divisor.eval(values)?.value(),
                    dividend.eval(values)?.value(),
                );
                Ok(d != 0 && n % d == 0)
            }
            Assumption::AboveOne(x) => {
                // where x is not an integer there, another assumption fails
                Ok(x.eval(values).map_or(true, |v| v.value() > 1))
            }
        }
    }
}

impl PartialOrd for SymInt {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for SymInt {
    /// An order for sets of assumptions (not the order of values).
    fn cmp(&self, other: &Self) -> Ordering {
        let key = |x: &SymInt| {
            x.terms
                .iter()
                .map(|(m, c)| (m.clone(), c.num, c.den))
                .collect::<Vec<_>>()
        };
        key(self).cmp(&key(other))
    }
}

impl fmt::Display for Assumption {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Assumption::Divides { divisor, dividend } => write!(f, "{divisor} | {dividend}"),
            Assumption::AboveOne(x) => write!(f, "{x} > 1"),
        }
    }
}

impl fmt::Display for SymInt {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(n) = self.as_int() {
            return n.fmt(f);
        }
        let mut out = String::new();
        for (i, (m, c)) in self.terms.iter().enumerate() {
            if c.num < 0 {
                out.push('-');
            } else if i > 0 {
                out.push('+');
            }
            let mut first = true;
            let num = c.num.unsigned_abs();
            let up = m.iter().filter(|(_, e)| *e > 0);
            if num != 1 || up.clone().next().is_none() {
                out.push_str(&num.to_string());
                first = false;
            }
            for (s, e) in up {
                for _ in 0..*e {
                    if !first {
                        out.push('*');
                    }
                    out.push_str(s);
                    first = false;
                }
            }
            if c.den != 1 {
                out.push('/');
                out.push_str(&c.den.to_string());
            }
            for (s, e) in m.iter().filter(|(_, e)| *e < 0) {
                for _ in 0..e.unsigned_abs() {
                    out.push('/');
                    out.push_str(s);
                }
            }
        }
        crate::print::padded(f, fmt::Alignment::Left, |f| f.write_str(&out))
    }
}
