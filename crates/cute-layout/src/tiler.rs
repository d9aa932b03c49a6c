//! [`Tiler`]: what composition, divides and products accept on the right.
//!
//! A tiler is a layout, `_` (leave this mode alone), or a tuple of tilers applied mode by mode
//! (the tuple may have fewer modes than the layout). An integer `n` is kept as an integer, as
//! CuTe keeps it: composition reads it as `n:_1`, the divides and products as `make_layout(n)`
//! (the same, except that `make_layout(1)` is `1:0`); a shape such as `(4,3)` is a tuple of
//! integer tilers.

use crate::int::Int;
use crate::layout::Layout;
use crate::tuple::IntTuple;
use std::borrow::Cow;
use std::fmt;

/// A tiler: `<3:3,(2,4):(1,8)>`, `(4,3)`, `8:2`, `_`, or nested tuples of these.
///
/// # Examples
/// ```
/// use cute_layout::Tiler;
/// let t: Tiler = "<3:3,(2,4):(1,8)>".parse().unwrap();
/// assert_eq!(t.to_string(), "<3:3,(2,4):(1,8)>");
/// let s: Tiler = "(4,3)".parse().unwrap();
/// assert_eq!(s.to_string(), "<4,3>");
/// ```
// The layout is kept inline (no allocation for ordinary tilers); tilers are few and short-lived.
#[allow(clippy::large_enum_variant)]
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub enum Tiler {
    /// A layout applied to the whole (sub-)layout.
    Layout(Layout),
    /// An integer extent `n`: `n:_1` to composition, `make_layout(n)` to divides and products.
    Int(Int),
    /// `_`: leave the mode unchanged.
    Underscore,
    /// Tilers applied mode by mode.
    Tuple(Vec<Tiler>),
}

impl Tiler {
    /// The tiler of an integer extent `n`. Every place that makes an integer into a tiler goes
    /// through here.
    ///
    /// ```
    /// # use cute_layout::{Int, Tiler};
    /// let t = Tiler::from_int(Int::fixed(1));
    /// assert_eq!(t.to_string(), "_1");
    /// assert_eq!(t.as_divisor().unwrap().to_string(), "_1:_0");
    /// assert_eq!(t.as_composed().unwrap().to_string(), "_1:_1");
    /// ```
    pub fn from_int(n: Int) -> Tiler {
        Tiler::Int(n)
    }

    /// The layout a divide or a product reads a layout or integer tiler as: an integer `n` is
    /// CuTe's `make_layout(n)` ([`Layout::from_extent`]); `None` for `_` and tuples.
    ///
    /// ```
    /// # use cute_layout::{Int, Tiler};
    /// assert_eq!(Tiler::from_int(Int::dynamic(4)).as_divisor().unwrap().to_string(), "4:_1");
    /// ```
    pub fn as_divisor(&self) -> Option<Cow<'_, Layout>> {
        match self {
            Tiler::Layout(l) => Some(Cow::Borrowed(l)),
            Tiler::Int(n) => Some(Cow::Owned(Layout::from_extent(*n))),
            Tiler::Underscore | Tiler::Tuple(_) => None,
        }
    }

    /// The layout composition reads a layout or integer tiler as: an integer `n` is `n:_1`
    /// (CuTe's `composition` with an integral tiler); `None` for `_` and tuples.
    ///
    /// ```
    /// # use cute_layout::{Int, Tiler};
    /// assert_eq!(Tiler::from_int(Int::fixed(4)).as_composed().unwrap().to_string(), "_4:_1");
    /// ```
    pub fn as_composed(&self) -> Option<Cow<'_, Layout>> {
        match self {
            Tiler::Layout(l) => Some(Cow::Borrowed(l)),
            Tiler::Int(n) => Some(Cow::Owned(Layout::leaf(*n, Int::ONE))),
            Tiler::Underscore | Tiler::Tuple(_) => None,
        }
    }

    /// The tiler of a shape: an integer is an integer tiler, a tuple is a tuple of tilers.
    ///
    /// ```
    /// # use cute_layout::{Tiler, IntTuple};
    /// let s: IntTuple = "(4,(2,3))".parse().unwrap();
    /// assert_eq!(Tiler::from_shape(&s).to_string(), "<4,<2,3>>");
    /// ```
    pub fn from_shape(shape: &IntTuple) -> Tiler {
        match shape.as_leaf() {
            Some(n) => Tiler::from_int(n),
            None => Tiler::Tuple(
                shape
                    .modes()
                    .map(|m| Tiler::from_shape(&m.to_tree()))
                    .collect(),
            ),
        }
    }

    /// The number of modes the tiler addresses (1 unless it is a tuple).
    ///
    /// ```
    /// # use cute_layout::Tiler;
    /// assert_eq!("<2:1,3:1>".parse::<Tiler>().unwrap().rank(), 2);
    /// ```
    pub fn rank(&self) -> usize {
        match self {
            Tiler::Tuple(ts) => ts.len(),
            _ => 1,
        }
    }

    /// The same tiler with every integer tagged static or dynamic.
    ///
    /// ```
    /// # use cute_layout::Tiler;
    /// let t: Tiler = "<2:1,_>".parse().unwrap();
    /// assert_eq!(t.with_static(true).to_string(), "<_2:_1,_>");
    /// ```
    pub fn with_static(&self, is_static: bool) -> Tiler {
        match self {
            Tiler::Layout(l) => Tiler::Layout(l.with_static(is_static)),
            Tiler::Int(n) => Tiler::Int(Int::new(n.value(), is_static)),
            Tiler::Underscore => Tiler::Underscore,
            Tiler::Tuple(ts) => Tiler::Tuple(ts.iter().map(|t| t.with_static(is_static)).collect()),
        }
    }
}

impl From<Layout> for Tiler {
    fn from(l: Layout) -> Self {
        Tiler::Layout(l)
    }
}

impl fmt::Display for Tiler {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        crate::print::padded(f, fmt::Alignment::Left, |f| match self {
            Tiler::Layout(l) => l.fmt(f),
            Tiler::Int(n) => n.fmt(f),
            Tiler::Underscore => f.write_str("_"),
            Tiler::Tuple(ts) => {
                f.write_str("<")?;
                for (i, t) in ts.iter().enumerate() {
                    if i > 0 {
                        f.write_str(",")?;
                    }
                    t.fmt(f)?;
                }
                f.write_str(">")
            }
        })
    }
}
