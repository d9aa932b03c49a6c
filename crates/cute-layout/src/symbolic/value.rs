//! A symbolic value with the assumptions it was computed under, and its substitution.

use super::int::SymInt;
use super::layout::{Assumptions, SymLayout, SymTuple};
use crate::error::LayoutError;
use crate::int::Int;
use crate::layout::Layout;
use crate::tuple::IntTuple;
use std::collections::BTreeMap;
use std::fmt;

type Result<T> = std::result::Result<T, LayoutError>;

/// What a symbolic expression can be.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SymValue {
    /// An integer: `M/128`.
    Int(SymInt),
    /// A tuple: `(M,N)`.
    Tuple(SymTuple),
    /// A layout: `(M,N):(1,M)`.
    Layout(SymLayout),
    /// A value given to a symbol, `M=256`: an argument of `subs`.
    Binding(String, Int),
}

/// A symbolic value and the assumptions it was computed under, printed
/// `VALUE assuming A, B` (just `VALUE` where there are none).
///
/// ```
/// use cute_layout::symbolic::{Assumptions, SymValue, Symbolic};
/// let mut assumed = Assumptions::default();
/// let q = assumed.integer("M/128".parse()?, "shape_div", "M / 128")?;
/// let v = Symbolic { value: SymValue::Int(q), assumptions: assumed };
/// assert_eq!(v.to_string(), "M/128 assuming 128 | M");
/// # Ok::<(), cute_layout::LayoutError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Symbolic {
    /// The value.
    pub value: SymValue,
    /// What it assumes of the symbols.
    pub assumptions: Assumptions,
}

/// An ordinary value: what substitution gives.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Concrete {
    /// An integer.
    Int(Int),
    /// An int-tuple.
    Tuple(IntTuple),
    /// A layout.
    Layout(Layout),
}

impl Symbolic {
    /// The value with no assumptions.
    pub fn new(value: SymValue) -> Symbolic {
        Symbolic {
            value,
            assumptions: Assumptions::default(),
        }
    }

    /// The symbols the value depends on, each once, in order.
    pub fn symbols(&self) -> Vec<String> {
        let leaves: Vec<&SymInt> = match &self.value {
            SymValue::Int(x) => vec![x],
            SymValue::Tuple(t) => t.leaves(),
            SymValue::Layout(l) => {
                let mut v = l.shape.leaves();
                v.extend(l.stride.leaves());
                v
            }
            SymValue::Binding(..) => Vec::new(),
        };
        let mut names: Vec<String> = leaves
            .iter()
            .flat_map(|x| x.symbols().map(str::to_string).collect::<Vec<_>>())
            .collect();
        for a in self.assumptions.iter() {
            let (x, y) = match a {
                super::Assumption::Divides { dividend, divisor } => (dividend, Some(divisor)),
                super::Assumption::AboveOne(x) => (x, None),
            };
            names.extend(x.symbols().map(str::to_string));
            if let Some(y) = y {
                names.extend(y.symbols().map(str::to_string));
            }
        }
        names.sort();
        names.dedup();
        names
    }

    /// The value at `values` (one positive integer per symbol): an ordinary integer, tuple or
    /// layout, whose leaves that depend on a symbol are dynamic.
    ///
    /// # Errors
    /// [`LayoutError::InvalidArgument`] where a symbol has no value, a value is not positive,
    /// or an assumption fails at them (the result would not be the operation's there).
    ///
    /// ```
    /// use cute_layout::symbolic::{logical_divide, Assumptions, Concrete, SymTiler, SymValue, Symbolic};
    /// let mut assumptions = Assumptions::default();
    /// let d = logical_divide(&"(M,N):(1,M)".parse()?, &SymTiler::from_tuple(&"(128,64)".parse()?), &mut assumptions)?;
    /// let v = Symbolic { value: SymValue::Layout(d), assumptions };
    /// let at = |m, n| [("M".to_string(), m), ("N".to_string(), n)].into_iter().collect();
    /// let Concrete::Layout(l) = v.subs(&at(256, 128))? else { panic!() };
    /// assert_eq!(l.to_string(), "((128,2),(64,2)):((1,128),(256,16384))");
    /// assert!(v.subs(&at(100, 128)).is_err());
    /// # Ok::<(), cute_layout::LayoutError>(())
    /// ```
    pub fn subs(&self, values: &BTreeMap<String, i64>) -> Result<Concrete> {
        let missing: Vec<String> = self
            .symbols()
            .into_iter()
            .filter(|s| !values.contains_key(s))
            .collect();
        if !missing.is_empty() {
            return Err(LayoutError::InvalidArgument {
                op: "subs",
                detail: format!("no value for {}", missing.join(", ")),
                hint: "give every symbol a value: subs(EXPR, M=256, N=128)",
            });
        }
        if let Some((s, v)) = values.iter().find(|(_, v)| **v <= 0) {
            return Err(LayoutError::InvalidArgument {
                op: "subs",
                detail: format!("{s}={v} is not positive"),
                hint: "a symbol stands for a positive extent or stride",
            });
        }
        for a in self.assumptions.iter() {
            if !a.holds(values)? {
                return Err(LayoutError::InvalidArgument {
                    op: "subs",
                    detail: format!("the assumption {a} fails at {}", show(values)),
                    hint:
                        "the result holds only where its assumptions do: give values that meet them",
                });
            }
        }
        Ok(match &self.value {
            SymValue::Int(x) => Concrete::Int(x.eval(values)?),
            SymValue::Tuple(t) => Concrete::Tuple(t.eval(values)?),
            SymValue::Layout(l) => Concrete::Layout(l.eval(values)?),
            SymValue::Binding(s, _) => {
                return Err(LayoutError::InvalidArgument {
                    op: "subs",
                    detail: format!("{s}=... is a value for a symbol, not an expression"),
                    hint: "write subs(EXPR, M=256)",
                })
            }
        })
    }
}

/// `M=256, N=128`.
fn show(values: &BTreeMap<String, i64>) -> String {
    values
        .iter()
        .map(|(s, v)| format!("{s}={v}"))
        .collect::<Vec<_>>()
        .join(", ")
}

impl fmt::Display for SymValue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SymValue::Int(x) => x.fmt(f),
            SymValue::Tuple(t) => t.fmt(f),
            SymValue::Layout(l) => l.fmt(f),
            SymValue::Binding(s, v) => write!(f, "{s}={v}"),
        }
    }
}

impl fmt::Display for Symbolic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.value.fmt(f)?;
        if !self.assumptions.is_empty() {
            write!(f, " assuming {}", self.assumptions)?;
        }
        Ok(())
    }
}
