//! Symbolic tuples and layouts: the trees of CuTe's shapes and strides with [`SymInt`] leaves,
//! and the assumptions an operation records about them.

use super::int::{Assumption, Integrality, SymInt};
use crate::error::LayoutError;
use crate::int::Int;
use crate::layout::Layout;
use crate::tree::TreeRef;
use crate::tuple::IntTuple;
use std::collections::{BTreeMap, BTreeSet};
use std::fmt;

type Result<T> = std::result::Result<T, LayoutError>;

/// A tuple of symbolic integers: a leaf, or a tuple of tuples (`(M,(2,N))`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SymTuple {
    /// An integer.
    Leaf(SymInt),
    /// A tuple.
    Tuple(Vec<SymTuple>),
}

/// A layout `SHAPE:STRIDE` whose leaves are [`SymInt`]s: `(M,N):(1,M)`.
///
/// ```
/// use cute_layout::symbolic::SymLayout;
/// let l: SymLayout = "(M,N):(1,M)".parse()?;
/// assert_eq!(l.to_string(), "(M,N):(1,M)");
/// # Ok::<(), cute_layout::LayoutError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SymLayout {
    /// The shape.
    pub shape: SymTuple,
    /// The stride, congruent to the shape.
    pub stride: SymTuple,
}

/// The assumptions an operation made: divisibilities it needed and could not decide, each
/// printed once, in a fixed order.
///
/// ```
/// use cute_layout::symbolic::{Assumptions, SymInt};
/// let mut a = Assumptions::default();
/// let q = a.integer("M/128".parse()?, "shape_div", "the quotient")?;
/// assert_eq!((q.to_string(), a.to_string()), ("M/128".to_string(), "128 | M".to_string()));
/// # Ok::<(), cute_layout::LayoutError>(())
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Assumptions(BTreeSet<Assumption>);

impl Assumptions {
    /// Whether none was made.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// The assumptions, in their printed order.
    pub fn iter(&self) -> impl Iterator<Item = &Assumption> {
        self.0.iter()
    }

    /// Whether `a` is among them.
    pub fn contains(&self, a: &Assumption) -> bool {
        self.0.contains(a)
    }

    /// Records `a`.
    pub fn insert(&mut self, a: Assumption) {
        self.0.insert(a);
    }

    /// Adds every assumption of `other`.
    pub fn extend(&mut self, other: &Assumptions) {
        self.0.extend(other.0.iter().cloned());
    }

    /// Whether every assumption holds at `values`.
    ///
    /// # Errors
    /// As [`SymInt::eval`] (a symbol without a value).
    pub fn hold(&self, values: &BTreeMap<String, i64>) -> Result<bool> {
        for a in &self.0 {
            if !a.holds(values)? {
                return Ok(false);
            }
        }
        Ok(true)
    }

    /// `q`, which `op` needs to be an integer (`what` says which number it is): as it is where
    /// it is one for all values of its symbols, with the divisibility recorded where that
    /// depends on them.
    ///
    /// # Errors
    /// [`LayoutError::Divisibility`] where it is never an integer (`3/2`).
    pub fn integer(&mut self, q: SymInt, op: &'static str, what: &str) -> Result<SymInt> {
        match q.integrality() {
            Integrality::Known(true) => Ok(q),
            Integrality::Known(false) => Err(LayoutError::Divisibility {
                op,
                mode: what.to_string(),
                condition: "divisibility",
                detail: format!("{q} is not an integer"),
                hint: "make the extents divide one another",
            }),
            Integrality::Unknown(a) => {
                self.insert(a);
                Ok(q)
            }
        }
    }

    /// Whether `q` is known, or already assumed, to be an integer.
    pub(crate) fn is_integer(&self, q: &SymInt) -> bool {
        match q.integrality() {
            Integrality::Known(k) => k,
            Integrality::Unknown(a) => self.0.contains(&a),
        }
    }
}

impl fmt::Display for Assumptions {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, a) in self.0.iter().enumerate() {
            if i > 0 {
                f.write_str(", ")?;
            }
            a.fmt(f)?;
        }
        Ok(())
    }
}

impl SymTuple {
    /// The tuple of an ordinary int-tuple.
    pub fn from_int_tuple(t: &IntTuple) -> SymTuple {
        fn walk(t: TreeRef<'_, Int>) -> SymTuple {
            match t.as_leaf() {
                Some(n) => SymTuple::Leaf(n.into()),
                None => SymTuple::Tuple(t.modes().map(walk).collect()),
            }
        }
        walk(t.as_ref())
    }

    /// The ordinary int-tuple, where every leaf is an integer constant.
    pub fn to_int_tuple(&self) -> Option<IntTuple> {
        fn walk(t: &SymTuple) -> Option<IntTuple> {
            match t {
                SymTuple::Leaf(x) => x.as_int().map(IntTuple::leaf),
                SymTuple::Tuple(ts) => {
                    IntTuple::tuple(ts.iter().map(walk).collect::<Option<Vec<_>>>()?).ok()
                }
            }
        }
        walk(self)
    }

    /// The leaves, in order.
    pub fn leaves(&self) -> Vec<&SymInt> {
        let mut out = Vec::new();
        fn walk<'a>(t: &'a SymTuple, out: &mut Vec<&'a SymInt>) {
            match t {
                SymTuple::Leaf(x) => out.push(x),
                SymTuple::Tuple(ts) => ts.iter().for_each(|t| walk(t, out)),
            }
        }
        walk(self, &mut out);
        out
    }

    /// The number of top-level modes (1 for a leaf).
    pub fn rank(&self) -> usize {
        match self {
            SymTuple::Leaf(_) => 1,
            SymTuple::Tuple(ts) => ts.len(),
        }
    }

    /// Mode `i` (a leaf is its own mode 0).
    pub fn mode(&self, i: usize) -> Option<&SymTuple> {
        match self {
            SymTuple::Leaf(_) if i == 0 => Some(self),
            SymTuple::Leaf(_) => None,
            SymTuple::Tuple(ts) => ts.get(i),
        }
    }

    /// The product of the leaves.
    ///
    /// # Errors
    /// [`LayoutError::Overflow`].
    pub fn product(&self) -> Result<SymInt> {
        self.leaves()
            .into_iter()
            .try_fold(SymInt::from(Int::ONE), |p, x| p.mul(x))
    }

    /// Whether the two have the same nesting.
    pub fn congruent(&self, other: &SymTuple) -> bool {
        match (self, other) {
            (SymTuple::Leaf(_), SymTuple::Leaf(_)) => true,
            (SymTuple::Tuple(a), SymTuple::Tuple(b)) => {
                a.len() == b.len() && a.iter().zip(b).all(|(x, y)| x.congruent(y))
            }
            _ => false,
        }
    }

    /// Whether any leaf depends on a symbol.
    pub fn has_symbols(&self) -> bool {
        self.leaves().iter().any(|x| x.has_symbols())
    }

    /// The ordinary int-tuple at `values` ([`SymInt::eval`] of every leaf).
    ///
    /// # Errors
    /// As [`SymInt::eval`].
    pub fn eval(&self, values: &BTreeMap<String, i64>) -> Result<IntTuple> {
        match self {
            SymTuple::Leaf(x) => Ok(IntTuple::leaf(x.eval(values)?)),
            SymTuple::Tuple(ts) => IntTuple::tuple(
                ts.iter()
                    .map(|t| t.eval(values))
                    .collect::<Result<Vec<_>>>()?,
            ),
        }
    }
}

impl SymLayout {
    /// The layout `shape:stride`.
    ///
    /// # Errors
    /// [`LayoutError::NotCongruent`] where the stride's nesting is not the shape's.
    pub fn new(shape: SymTuple, stride: SymTuple) -> Result<SymLayout> {
        if !shape.congruent(&stride) {
            return Err(LayoutError::NotCongruent {
                shape: shape.to_string(),
                stride: stride.to_string(),
            });
        }
        Ok(SymLayout { shape, stride })
    }

    /// The one-mode layout `s:d`.
    pub fn leaf(s: SymInt, d: SymInt) -> SymLayout {
        SymLayout {
            shape: SymTuple::Leaf(s),
            stride: SymTuple::Leaf(d),
        }
    }

    /// The symbolic form of an ordinary layout.
    pub fn from_layout(l: &Layout) -> SymLayout {
        SymLayout {
            shape: SymTuple::from_int_tuple(l.shape()),
            stride: SymTuple::from_int_tuple(l.stride()),
        }
    }

    /// The ordinary layout, where every leaf is an integer constant.
    pub fn to_layout(&self) -> Option<Layout> {
        Layout::new(self.shape.to_int_tuple()?, self.stride.to_int_tuple()?).ok()
    }

    /// The (shape, stride) leaves, in order.
    pub fn leaves(&self) -> Vec<(SymInt, SymInt)> {
        let s = self.shape.leaves();
        let d = self.stride.leaves();
        s.into_iter().cloned().zip(d.into_iter().cloned()).collect()
    }

    /// The number of top-level modes.
    pub fn rank(&self) -> usize {
        self.shape.rank()
    }

    /// Mode `i`.
    pub fn mode(&self, i: usize) -> Option<SymLayout> {
        Some(SymLayout {
            shape: self.shape.mode(i)?.clone(),
            stride: self.stride.mode(i)?.clone(),
        })
    }

    /// The top-level modes.
    pub fn modes(&self) -> Vec<SymLayout> {
        (0..self.rank()).filter_map(|i| self.mode(i)).collect()
    }

    /// The layout of `modes` side by side, `(m0,m1,...)`.
    pub fn tuple(modes: Vec<SymLayout>) -> SymLayout {
        let (shape, stride) = modes.into_iter().map(|m| (m.shape, m.stride)).unzip();
        SymLayout {
            shape: SymTuple::Tuple(shape),
            stride: SymTuple::Tuple(stride),
        }
    }

    /// The layout from flat `(shape, stride)` leaves: one leaf as a leaf, else a flat tuple.
    pub(crate) fn from_leaves(leaves: Vec<(SymInt, SymInt)>) -> SymLayout {
        if leaves.len() == 1 {
            let (s, d) = leaves.into_iter().next().expect("one leaf");
            return SymLayout::leaf(s, d);
        }
        SymLayout::tuple(
            leaves
                .into_iter()
                .map(|(s, d)| SymLayout::leaf(s, d))
                .collect(),
        )
    }

    /// Whether any leaf depends on a symbol.
    pub fn has_symbols(&self) -> bool {
        self.shape.has_symbols() || self.stride.has_symbols()
    }

    /// The ordinary layout at `values` ([`SymInt::eval`] of every leaf).
    ///
    /// # Errors
    /// As [`SymInt::eval`].
    ///
    /// ```
    /// use cute_layout::symbolic::SymLayout;
    /// let l: SymLayout = "(M,N):(1,M)".parse()?;
    /// let at = [("M".to_string(), 4), ("N".to_string(), 2)].into_iter().collect();
    /// assert_eq!(l.eval(&at)?.to_string(), "(4,2):(_1,4)".replace("_1", "1"));
    /// # Ok::<(), cute_layout::LayoutError>(())
    /// ```
    pub fn eval(&self, values: &BTreeMap<String, i64>) -> Result<Layout> {
        Layout::new(self.shape.eval(values)?, self.stride.eval(values)?)
    }
}

impl fmt::Display for SymTuple {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SymTuple::Leaf(x) => fmt::Display::fmt(&x.to_string(), f),
            SymTuple::Tuple(ts) => {
                f.write_str("(")?;
                for (i, t) in ts.iter().enumerate() {
                    if i > 0 {
                        f.write_str(",")?;
                    }
                    t.fmt(f)?;
                }
                f.write_str(")")
            }
        }
    }
}

impl fmt::Display for SymLayout {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}", self.shape, self.stride)
    }
}
