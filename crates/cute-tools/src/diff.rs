//! Functional equality and the difference of two layouts (what `cute diff A B` prints).
//!
//! Two layouts are equal as functions when they have the same domain size and the same offset
//! at every index: `(4,8):(1,4)` and `32:1` are, although their shapes differ. [`diff`] says
//! whether they are, the first index where they differ (its coordinate in each and both
//! offsets), and where their shapes differ structurally. Ordinary and swizzled layouts alike.

use cute_layout::error::{LayoutError, Result};
use cute_layout::int::Int;
use cute_layout::limits::{check, MAX_DIFFED};
use cute_layout::swizzle::AnyLayout;
use cute_layout::tree::TreeRef;
use cute_layout::tuple::IntTuple;
use std::fmt;

/// The difference of two layouts `A` and `B`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LayoutDiff {
    /// The domain sizes of `A` and `B`.
    pub sizes: (i64, i64),
    /// The first index below both sizes where the offsets differ.
    pub first: Option<Mismatch>,
    /// Where the shapes differ, outermost first (empty when they are the same).
    pub shapes: Vec<ShapeDifference>,
}

/// An index where `A` and `B` give different offsets.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Mismatch {
    /// The 1-D index.
    pub index: i64,
    /// Its natural coordinate in `A`'s shape and in `B`'s.
    pub coords: (IntTuple, IntTuple),
    /// `A(index)` and `B(index)`.
    pub offsets: (i64, i64),
}

/// A place where the shapes differ: the modes at `path` (mode indices from the top; empty for
/// the whole shape) are `a` in `A` and `b` in `B`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ShapeDifference {
    /// The path of mode indices (CuTe's `get<i,j,...>`).
    pub path: Vec<usize>,
    /// The mode of `A`'s shape there.
    pub a: IntTuple,
    /// The mode of `B`'s shape there.
    pub b: IntTuple,
}

impl LayoutDiff {
    /// Whether `A` and `B` are equal as functions: the same size and the same offset at every
    /// index.
    pub fn equal(&self) -> bool {
        self.sizes.0 == self.sizes.1 && self.first.is_none()
    }
}

/// The difference of `a` and `b`: whether they are equal as functions, the first index where
/// they differ, and where their shapes differ.
///
/// # Errors
/// [`LayoutError::InvalidArgument`] when more than [`MAX_DIFFED`] indices would be compared
/// (identical layouts are equal at any size); the errors of evaluating either layout.
///
/// # Examples
/// ```
/// use cute_tools::diff::diff;
/// let d = diff(&"(4,8):(1,4)".parse()?, &"32:1".parse()?)?;
/// assert!(d.equal());
/// assert_eq!(d.shapes[0].path, Vec::<usize>::new());
/// let d = diff(&"(4,8):(1,4)".parse()?, &"(4,8):(8,1)".parse()?)?;
/// let m = d.first.unwrap();
/// assert_eq!((m.index, m.offsets), (1, (1, 8)));
/// # Ok::<(), cute_layout::LayoutError>(())
/// ```
pub fn diff(a: &AnyLayout, b: &AnyLayout) -> Result<LayoutDiff> {
    let sizes = (a.size()?.value(), b.size()?.value());
    let mut shapes = Vec::new();
    shape_differences(
        a.inner().shape().as_ref(),
        b.inner().shape().as_ref(),
        &mut Vec::new(),
        &mut shapes,
    );
    let first = if a == b {
        None
    } else {
        first_mismatch(a, b, sizes.0.min(sizes.1))?
    };
    Ok(LayoutDiff {
        sizes,
        first,
        shapes,
    })
}

/// The first index below `n` where `a` and `b` differ.
fn first_mismatch(a: &AnyLayout, b: &AnyLayout, n: i64) -> Result<Option<Mismatch>> {
    check(
        "diff",
        "indices to compare",
        n,
        "MAX_DIFFED",
        MAX_DIFFED,
        "compare tiles of the layouts (e.g. logical_divide by a tile) or coalesced forms",
    )?;
    for index in 0..n {
        let offsets = (a.eval(index)?, b.eval(index)?);
        if offsets.0 != offsets.1 {
            let i = IntTuple::int(Int::dynamic(index));
            let coords = (
                cute_layout::coord::idx2crd(&i, a.inner().shape())?,
                cute_layout::coord::idx2crd(&i, b.inner().shape())?,
            );
            return Ok(Some(Mismatch {
                index,
                coords,
                offsets,
            }));
        }
    }
    Ok(None)
}

/// Appends to `out` the places under `path` where shapes `a` and `b` differ: two integers of
/// different values, an integer and a tuple, or tuples of different ranks are one place; tuples
/// of one rank are compared mode by mode.
fn shape_differences(
    a: TreeRef<'_, Int>,
    b: TreeRef<'_, Int>,
    path: &mut Vec<usize>,
    out: &mut Vec<ShapeDifference>,
) {
    let same = match (a.as_leaf(), b.as_leaf()) {
        (Some(x), Some(y)) => x.value() == y.value(),
        (None, None) if a.rank() == b.rank() => {
            for (i, (x, y)) in a.modes().zip(b.modes()).enumerate() {
                path.push(i);
                shape_differences(x, y, path, out);
                path.pop();
            }
            true
        }
        _ => false,
    };
    if !same {
        out.push(ShapeDifference {
            path: path.clone(),
            a: a.to_tree(),
            b: b.to_tree(),
        });
    }
}

impl fmt::Display for ShapeDifference {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.path.is_empty() {
            write!(f, "the shapes: {} vs {}", self.a, self.b)
        } else {
            let path: Vec<String> = self.path.iter().map(usize::to_string).collect();
            write!(f, "mode get<{}>: {} vs {}", path.join(","), self.a, self.b)
        }
    }
}

impl fmt::Display for LayoutDiff {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (na, nb) = self.sizes;
        if self.equal() {
            writeln!(
                f,
                "equal as functions: both map {na} indices to the same offsets"
            )?;
        } else {
            writeln!(f, "different functions")?;
        }
        if na != nb {
            writeln!(f, "domain sizes differ: A has {na} indices, B has {nb}")?;
        }
        if let Some(m) = &self.first {
            writeln!(
                f,
                "first difference at index {}: A{} = {}, B{} = {}",
                m.index,
                call_args(&m.coords.0),
                m.offsets.0,
                call_args(&m.coords.1),
                m.offsets.1
            )?;
        } else if !self.equal() {
            writeln!(f, "the first {} indices agree", na.min(nb))?;
        }
        if self.shapes.is_empty() {
            write!(f, "shapes: the same")
        } else {
            write!(f, "shapes differ at:")?;
            for s in &self.shapes {
                write!(f, "\n  {s}")?;
            }
            Ok(())
        }
    }
}

/// A coordinate as the arguments of a call: `(2)` for an integer, `(1,0)` for a tuple.
fn call_args(c: &IntTuple) -> String {
    match c.as_leaf() {
        Some(i) => format!("({i})"),
        None => c.to_string(),
    }
}

/// [`diff`] of the layouts two expressions yield (layouts, swizzled layouts, tensors' and TV
/// layouts' layouts, or `eval` expressions giving one): what `cute diff A B` prints.
///
/// # Errors
/// Evaluation errors; [`LayoutError::InvalidArgument`] when an expression yields something
/// that is not a layout; the errors of [`diff`].
///
/// ```
/// use cute_tools::diff::diff_exprs;
/// let d = diff_exprs("logical_divide(16:1, 4:1)", "(4,4):(1,4)")?;
/// assert!(d.equal() && d.shapes.is_empty());
/// # Ok::<(), cute_layout::LayoutError>(())
/// ```
pub fn diff_exprs(a: &str, b: &str) -> Result<LayoutDiff> {
    diff(&layout_of(a, "A")?, &layout_of(b, "B")?)
}

/// The layout `text` yields; `which` names it in errors.
fn layout_of(text: &str, which: &str) -> Result<AnyLayout> {
    let v = crate::eval::eval(text).map_err(|e| e.within(format!("diff: {which}")))?;
    if let Some(e) = crate::eval::unknown_extents("diff", text, &v) {
        return Err(e);
    }
    v.as_any_layout()
        .ok_or_else(|| LayoutError::InvalidArgument {
            op: "diff",
            detail: format!("{which} = {text} is {}, not a layout", v.describe()),
            hint: "give two layouts (or expressions yielding layouts)",
        })
}
