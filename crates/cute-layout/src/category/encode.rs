//! Tractable layouts and the correspondence between layouts and tuple morphisms
//! [P Def 2.1.8.1, Constr. 3.1.2.5, Thm 3.1.2.21].
//!
//! A flat layout is **tractable** when, writing `sort(L) = (s1..sm):(d1..dm)` (modes ordered by
//! stride, then extent), every `di = 0` or `si·di` divides `d_{i+1}`. A nested layout is
//! tractable when its flattening is. Tractable layouts are exactly the layouts `L_f` of tuple
//! morphisms, and [`to_morphism`] returns the unique one in standard form.

use super::morphism::TupleMorphism;
use super::nested::NestedMorphism;
use super::pointed::PointedMap;
use super::{invalid, mul, Result};
use crate::int::Int;
use crate::layout::Layout;
use crate::tuple::IntTuple;
use std::fmt;

/// Why a layout is not tractable: the offending pair of (flattened, 0-based) modes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NotTractable {
    /// The first mode `(index, extent, stride)`, the smaller in the order `s:d ⪯ s':d'`.
    pub first: (usize, i64, i64),
    /// The second mode `(index, extent, stride)` (equal to `first` for a negative stride).
    pub second: (usize, i64, i64),
    /// The violated condition, with its numbers.
    pub reason: String,
}

impl fmt::Display for NotTractable {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (i, s, d) = self.first;
        let (j, t, e) = self.second;
        if i == j {
            write!(f, "mode {i} ({s}:{d}): {}", self.reason)
        } else {
            write!(f, "modes {i} ({s}:{d}) and {j} ({t}:{e}): {}", self.reason)
        }
    }
}

/// The modes of `L` sorted by `(stride, extent)` (stable), as `(index, extent, stride)`.
fn sorted_modes(modes: &[(i64, i64)]) -> Vec<(usize, i64, i64)> {
    let mut v: Vec<(usize, i64, i64)> = modes
        .iter()
        .enumerate()
        .map(|(i, &(s, d))| (i, s, d))
        .collect();
    v.sort_by_key(|&(_, s, d)| (d, s));
    v
}

fn flat_modes(layout: &Layout) -> Vec<(i64, i64)> {
    layout
        .leaves()
        .map(|(s, d)| (s.value(), d.value()))
        .collect()
}

/// Checks tractability, naming the offending pair of modes on failure.
///
/// Modes are the leaves of the flattened layout, numbered from 0. Adjacent non-zero-stride
/// modes `s:d ⪯ s':d'` of `sort(L)` fail when `s·d` does not divide `d'`: they *overlap* if
/// `d' < s·d`, and *interleave* otherwise. The pairwise form (for all `i ≠ j` with
/// `si:di ⪯ sj:dj` and non-zero strides, `si·di | dj`) is equivalent. Negative strides and
/// non-positive extents are outside the framework.
///
/// # Errors
/// [`NotTractable`] with the pair of modes and the reason.
///
/// # Examples
/// ```
/// use cute_layout::category::tractability;
/// let e = tractability(&"(4,8):(3,3)".parse()?).unwrap_err();
/// assert_eq!(e.to_string(), "modes 0 (4:3) and 1 (8:3): 4·3 = 12 does not divide the stride 3 (the modes overlap)");
/// let e = tractability(&"(2,2,2):(1,7,4)".parse()?).unwrap_err();
/// assert_eq!((e.first.0, e.second.0), (2, 1));
/// assert!(tractability(&"(3,3,1,3,3,1,3):(81,1,0,9,3,0,27)".parse()?).is_ok());
/// # Ok::<(), cute_layout::LayoutError>(())
/// ```
pub fn tractability(layout: &Layout) -> std::result::Result<(), NotTractable> {
    let modes = flat_modes(layout);
    if let Some((i, &(s, d))) = modes
        .iter()
        .enumerate()
        .find(|&(_, &(s, d))| d < 0 || s <= 0)
    {
        return Err(NotTractable {
            first: (i, s, d),
            second: (i, s, d),
            reason: if d < 0 {
                "negative strides are outside the categorical framework".into()
            } else {
                "extents must be positive".into()
            },
        });
    }
    let sorted = sorted_modes(&modes);
    for w in sorted.windows(2) {
        let ((i, s, d), (j, t, e)) = (w[0], w[1]);
        if d == 0 {
            continue;
        }
        let span = s.checked_mul(d);
        if span.is_some_and(|x| e % x == 0) {
            continue;
        }
        let span_text =
            span.map_or_else(|| "an overflowing product".to_string(), |x| x.to_string());
        return Err(NotTractable {
            first: (i, s, d),
            second: (j, t, e),
            reason: format!(
                "{s}·{d} = {span_text} does not divide the stride {e} ({})",
                if span.is_none_or(|x| e < x) {
                    "the modes overlap"
                } else {
                    "the modes interleave"
                }
            ),
        });
    }
    Ok(())
}

/// Whether `L` is tractable (the layout of some tuple morphism); see [`tractability`] for the
/// reason when it is not.
///
/// # Examples
/// ```
/// use cute_layout::category::is_tractable;
/// use cute_layout::Layout;
/// let t = |s: &str| is_tractable(&s.parse::<Layout>().unwrap());
/// assert!(t("(2,2,2):(1,2,4)") && t("(2,2,2,2):(1,2048,16,64)") && t("(3,7,7):(0,15,0)"));
/// assert!(!t("(8,8):(3,7)") && !t("((8,8),(5,5)):((8,1),(10,2))"));
/// ```
pub fn is_tractable(layout: &Layout) -> bool {
    tractability(layout).is_ok()
}

/// The standard representation `f_L` of flat tractable modes (Constr. 3.1.2.5).
pub(crate) fn standard_flat(modes: &[(i64, i64)]) -> Result<TupleMorphism> {
    let sorted = sorted_modes(modes);
    let mut codomain: Vec<i64> = Vec::new();
    let mut alpha = vec![None; modes.len()];
    let mut prev_span: Option<i64> = None;
    for &(i, s, d) in sorted.iter().filter(|m| m.2 != 0) {
        let gap = match prev_span {
            None => d,
            Some(span) => d / span,
        };
        if gap != 1 {
            codomain.push(gap);
        }
        codomain.push(s);
        alpha[i] = Some(codomain.len());
        prev_span = Some(mul(s, d)?);
    }
    TupleMorphism::new(
        modes.iter().map(|m| m.0).collect(),
        codomain.clone(),
        PointedMap::new(codomain.len(), alpha)?,
    )
}

/// `f_L`: the standard-form tuple morphism of a tractable layout, with domain `shape(L)`
/// (nesting kept) and a flat codomain. Walk the non-zero strides in increasing order, inserting
/// a gap entry `d_j/(s_i·d_i)` whenever it is > 1; zero strides go to `*`.
///
/// Post-conditions: `from_morphism(&to_morphism(L)?) == L` (with dynamic integers), and the
/// result is in standard form.
///
/// # Errors
/// [`crate::LayoutError::InvalidArgument`] naming the offending pair of modes if `L` is not
/// tractable; [`crate::LayoutError::Overflow`].
///
/// # Examples
/// ```
/// use cute_layout::category::to_morphism;
/// let f = |s: &str| to_morphism(&s.parse().unwrap()).unwrap().to_string();
/// assert_eq!(f("(2,2):(3,30)"), "(2,2) -> (3,2,5,2) over (2,4)");
/// assert_eq!(f("(2,2,2,2):(24,0,3,480)"), "(2,2,2,2) -> (3,2,4,2,10,2) over (4,*,2,6)");
/// assert_eq!(f("(32,(2,2)):(192,(24,3))"), "(32,(2,2)) -> (3,2,4,2,4,32) over (6,4,2)");
/// assert!(to_morphism(&"(4,8):(3,3)".parse().unwrap()).is_err());
/// ```
pub fn to_morphism(layout: &Layout) -> Result<NestedMorphism> {
    tractability(layout).map_err(|e| {
        invalid(
            "to_morphism",
            format!("{layout} is not tractable: {e}"),
            "only tractable layouts are layouts of tuple morphisms: sorted by stride, each extent·stride must divide the next non-zero stride",
        )
    })?;
    let flat = standard_flat(&flat_modes(layout))?;
    NestedMorphism::new(
        layout.shape().clone(),
        IntTuple::from_leaves(flat.codomain().iter().map(|&t| Int::dynamic(t))),
        flat.alpha().clone(),
    )
}

/// `L_f`: the layout of a (nested) tuple morphism (the same as [`NestedMorphism::to_layout`]).
///
/// # Errors
/// [`crate::LayoutError::Overflow`].
///
/// # Examples
/// ```
/// use cute_layout::category::{from_morphism, NestedMorphism};
/// let f: NestedMorphism = "(512,512) -> (2,512,4,512) over (2,4)".parse()?;
/// assert_eq!(from_morphism(&f)?.to_string(), "(512,512):(2,4096)");
/// # Ok::<(), cute_layout::LayoutError>(())
/// ```
pub fn from_morphism(f: &NestedMorphism) -> Result<Layout> {
    f.to_layout()
}
